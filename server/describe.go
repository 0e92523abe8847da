package server

// instructions is sent to clients at initialization: the whole workflow in a
// few lines.
const instructions = `toolplane runs Python snippets that call your tools as async functions.
1. search_capabilities("what you need") finds capabilities; get_capability_schemas(["name"]) shows their parameters.
2. execute_code(code) runs a snippet: loop, filter and join inside it and return only what you need.`

// Tool descriptions teach the snippet contract; they are what an agent reads
// before writing its first snippet, so every line earns its place.
const (
	searchDescription = `Search the capabilities (tools of connected MCP servers, allowed CLI binaries, host functions) that execute_code snippets can call.
Returns names a snippet calls them by, with one line each; detail="detailed" adds parameters, detail="full" the JSON schemas.
tags filter by label as key=value (e.g. source=mcp, namespace=github).`

	schemasDescription = `Show the parameters and results of capabilities by name (alias like greeter.greet, or canonical id like go:greeter/greet).
Use detail="detailed" (default) for a compact signature, "full" for the JSON schemas. Unknown names get suggestions.`

	executeDescription = `Run a Python 3 snippet. Capabilities are async functions:
  r = await greeter.greet(name="Ada")        # scoped alias; greeter_greet(...) also works
  r = await call_tool("go:greeter/greet", {"name": "Ada"})   # any capability by id
- Top-level await and return are allowed; the result is the returned value (or the last bare expression). Keep it small: filter and aggregate in the snippet.
- print() output is captured and shown; results come back as dict/list/str/int/float/bool/None. asyncio.gather(...) runs calls concurrently.
- Globals persist across execute_code calls of this session (like notebook cells); await reset_session() clears them after the run. A timed-out run is rolled back.
- h = await save_result(value, label="...") stores a JSON value and returns a res_... handle; await load_result(h) reads it in a later run (also readable as resource toolplane://results/<handle>).
- save_result, load_result, reset_session, call_tool, cli, cli_run and the capability names are the runtime's, bound like builtins: a snippet may define its own, which shadows the runtime's for that run only; sessions keep no such binding, so the next run sees the runtime's again. A namespace named like a runtime name, a Python module or a builtin gets a trailing underscore: a server named logging is await logging_.NAME(...) (import logging is the module). Only the subset of Python the sandbox supports runs; no files or network except through capabilities.`
)
