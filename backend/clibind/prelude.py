# The snippet-side bindings of CLI capabilities, shared by the embedded
# backend (run as a prelude by the interpreter) and the CPython runner of
# local_unsafe (exec'd in a namespace of its own). It only reaches the host
# through call_tool("cli:<binary>", {...}), so every call passes admission
# in the dispatch chain like any other facade. Nothing here decides what is
# allowed: where the subcommand is, which options may come before it and
# which arguments a binary may be given are the host's argument policy
# (source/cli), which a snippet calling call_tool directly meets as well.
#
# Inputs (globals set before it runs):
#   call_tool        the runtime's call_tool
#   CLIError         the CLIError exception class (a ToolError)
#   __cli_aliases__  {alias: binary} of the allowed binaries bound by name
# Output: __exports__, the names the snippet sees.


class CLIResult:
    """What a CLI call returns: the finished process's output."""

    def __init__(self, raw):
        self.stdout = raw.get("stdout", "")
        self.stderr = raw.get("stderr", "")
        self.exit_code = raw.get("exit_code", 0)
        self.truncated = raw.get("truncated", False)
        self.timed_out = raw.get("timed_out", False)
        self.argv = raw.get("argv", [])
        self.duration_ms = raw.get("duration_ms", 0)

    def text(self):
        """stdout without one trailing newline."""
        s = self.stdout
        if s.endswith("\r\n"):
            return s[:-2]
        if s.endswith("\n"):
            return s[:-1]
        return s

    def lines(self):
        """stdout split into lines, without a trailing empty one."""
        return self.stdout.splitlines()

    def json(self):
        """stdout parsed as JSON."""
        import json
        return json.loads(self.stdout)

    _FIELDS = ("stdout", "stderr", "exit_code", "truncated", "timed_out", "argv", "duration_ms")

    def __getitem__(self, key):
        # result["stdout"] reads like the call_tool("cli:...") dict.
        if key in CLIResult._FIELDS:
            return getattr(self, key)
        raise KeyError(key)

    def __repr__(self):
        # In full: a snippet that returns the result shows the agent this
        # repr, and max_output_bytes already bounds it.
        return "CLIResult(argv=%r, exit_code=%r, stdout=%r, stderr=%r)" % (
            self.argv, self.exit_code, self.stdout, self.stderr)


def _tail(s, max_lines=20, max_chars=2000):
    lines = s.rstrip("\n").split("\n")
    if len(lines) > max_lines:
        lines = lines[len(lines) - max_lines:]
    s = "\n".join(lines)
    if len(s) > max_chars:
        s = "\u2026" + s[len(s) - max_chars:]
    return s


def _pairs(value):
    # A dict keeps the snippet's order only on this side of the host
    # boundary: send [key, value] pairs.
    if isinstance(value, dict):
        return [[k, v] for k, v in value.items()]
    return value


def _check_binary(binary):
    if not isinstance(binary, str):
        raise TypeError("cli() binary must be a str, not %s" % type(binary).__name__)


def _word(name):
    # An attribute names a subcommand as a keyword names a flag: one
    # trailing "_" dropped (cli.tool.import_), underscores become dashes
    # (cli.git.rev_parse is `git rev-parse`). Names starting with "_" are
    # Python's own (__await__, _private): they are no subcommand.
    if name.endswith("_"):
        name = name[:-1]
    return name.replace("_", "-")


async def _call(binary, args, kwargs):
    _check_binary(binary)
    if args and isinstance(args[-1], dict):
        # cli_run("git", "log", {"max_count": 5}): a trailing dict holds
        # the keyword arguments, for keys that are no Python identifier.
        given = args[-1]
        args = args[:-1]
        merged = {}
        for key, value in given.items():
            merged[key] = value
        for key, value in kwargs.items():
            if key in merged:
                raise TypeError("%s: option %r given both in the options dict and as a keyword" % (binary, key))
            merged[key] = value
        kwargs = merged
    inv = {"args": list(args), "check": False}
    check = True
    options = []
    for key, value in kwargs.items():
        if key == "_":
            inv["positional"] = value
        elif key == "_global":
            inv["global"] = _pairs(value)
        elif key == "check":
            check = value
        else:
            options.append([key, value])
    if options:
        inv["options"] = options
    capability = "cli:" + binary
    try:
        raw = await call_tool(capability, inv)
    except CLIError as e:
        # The binary timed out (the only failure left with check off).
        e.exit_code = -1
        e.stderr = ""
        e.timed_out = True
        e.capability = capability
        raise
    result = CLIResult(raw)
    if check and result.exit_code != 0:
        err_tail = _tail(result.stderr)
        msg = "%s: %s exited with status %d" % (capability, binary, result.exit_code)
        if err_tail:
            msg += ": " + err_tail
        e = CLIError(msg)
        e.exit_code = result.exit_code
        e.stderr = err_tail
        e.timed_out = False
        e.capability = capability
        e.result = result
        raise e
    return result


class CLICommand:
    """An allowed binary, or one of its subcommands: cli.git,
    cli("docker-compose"), cli.git.status. Awaiting a call runs it with
    the subcommand words first: await cli.git.rev_parse(abbrev_ref=True,
    _=["HEAD"]) runs `git rev-parse --abbrev-ref HEAD`."""

    def __init__(self, binary, words):
        _check_binary(binary)
        self._binary = binary
        self._words = words
        self.__name__ = binary
        self.__qualname__ = binary

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError("%r object has no attribute %r" % (type(self).__name__, name))
        return CLICommand(self._binary, self._words + (_word(name),))

    async def __call__(self, *args, **kwargs):
        return await _call(self._binary, self._words + args, kwargs)

    def __repr__(self):
        return "<cli %s>" % " ".join([self._binary] + list(self._words))


class CLIRoot:
    """cli: cli.git, or cli("docker-compose") for a name that is no
    identifier, is the binary's CLICommand."""

    def __call__(self, binary):
        return CLICommand(binary, ())

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError("%r object has no attribute %r" % (type(self).__name__, name))
        return CLICommand(name, ())

    def __repr__(self):
        return "<cli>"


async def cli_run(binary, *args, **kwargs):
    """Runs an allowed binary: cli_run("docker-compose", "ps", all=True),
    or with an options dict, cli_run("docker-compose", "ps", {"all": True})."""
    return await _call(binary, args, kwargs)


cli = CLIRoot()
__exports__ = {"cli": cli, "cli_run": cli_run}
for _alias, _binary in __cli_aliases__.items():
    __exports__[_alias] = CLICommand(_binary, ())
