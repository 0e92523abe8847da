// Package python is an embedded interpreter for a subset of Python 3 with
// CPython's semantics for everything it accepts.
//
// Compile a snippet once and run it many times:
//
//	prog, err := python.Compile("<snippet>", src, python.CompileOptions{Snippet: true})
//	res, err := prog.Run(ctx, python.RunOptions{Host: map[string]python.HostFunc{...}})
//
// In snippet mode top-level await and return are allowed. Host functions are
// async from the snippet's point of view: `await greet("x")` runs the Go
// function on its own goroutine and parks only the awaiting coroutine, so
// asyncio.gather runs host calls concurrently.
//
// Errors are *Exception values: a Python exception that escaped (with a
// CPython-style traceback), a SyntaxError from Compile, or a limit (time,
// steps, memory, depth, output, host_calls) named in Exception.Limit.
package python
