# Host stubs of the async and hostile corpora, as CPython sees them.
#
# The Go harness registers the same functions as python.HostFunc values in
# RunOptions.Host (see hostStubs in python/conformance_test.go); keep the two
# in step. Values cross the host boundary as json.dumps writes them (tuples
# arrive as lists, dict keys are strings, a dict keeps its order): _wire
# models that. A dict the host builds itself (a Go map) has its keys in
# sorted order, because a Go map has none: _host_dict models that.
#
#   slow(x, delay=0.01)      sleeps delay seconds, returns x
#   fail(msg, delay=0)       sleeps delay seconds, raises ToolError(msg)
#   echo(*args, **kwargs)    returns {"args": [...], "kwargs": {...}}
#   add(a, b)                returns a + b
#   fetch_page(page=0, size=3, total=10)
#                            returns {"items": [...], "next": page+1 or None, "page": page}
#   get_user(id)             returns {"id", "name", "team"} of users 1..4, else ToolError("user <id> not found")
#   list_users()             returns the four users, by id
#   greeter.greet(name, punct="!")  returns "hello, <name><punct>"
import asyncio
import json
import types

# Only these names are visible to a snippet.
__all__ = ["ToolError", "slow", "fail", "echo", "add", "fetch_page", "get_user", "list_users", "greeter"]


class ToolError(Exception):
    pass


def _wire(v):
    return json.loads(json.dumps(v))


def _host_dict(d):
    return {k: d[k] for k in sorted(d)}


_USERS = [
    {"id": 1, "name": "ada", "team": "core"},
    {"id": 2, "name": "bob", "team": "web"},
    {"id": 3, "name": "cy", "team": "core"},
    {"id": 4, "name": "dee", "team": "ops"},
]


async def slow(x, delay=0.01):
    x = _wire(x)
    await asyncio.sleep(delay)
    return _wire(x)


async def fail(msg, delay=0):
    if delay:
        await asyncio.sleep(delay)
    raise ToolError(msg)


async def echo(*args, **kwargs):
    return {"args": _wire(list(args)), "kwargs": _host_dict(_wire(kwargs))}


async def add(a, b):
    return _wire(a + b)


async def fetch_page(page=0, size=3, total=10):
    start = page * size
    items = list(range(start, min(start + size, total)))
    nxt = page + 1 if start + size < total else None
    return _wire({"items": items, "next": nxt, "page": page})


async def get_user(id):
    for u in _USERS:
        if u["id"] == id:
            return _wire(u)
    raise ToolError("user %s not found" % (id,))


async def list_users():
    return _wire(_USERS)


async def _greet(name, punct="!"):
    return "hello, %s%s" % (name, punct)


greeter = types.SimpleNamespace(greet=_greet)
