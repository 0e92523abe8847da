// Package python is an embedded interpreter for Python 3 (the language of
// CPython 3.11 minus a few constructs listed below) with CPython's
// semantics for everything it accepts.
//
// Compile a snippet once and run it many times, concurrently if needed:
//
//	prog, err := python.Compile("<snippet>", src, python.CompileOptions{Snippet: true})
//	res, err := prog.Run(ctx, python.RunOptions{
//		Host:    map[string]python.HostFunc{"greet": greet, "linear.list_issues": list},
//		Modules: lib.Modules(), // the standard library of python/lib; nil = asyncio only
//		Stdout:  &out,
//	})
//
// # Snippets
//
// In snippet mode top-level await and return are allowed: the result is the
// returned value, else the value of a final bare expression statement, else
// None. Result.Value is its JSON-like Go form (package jsonlike: what
// json.dumps would write, a dict as a jsonlike.Object in insertion order),
// or its repr string when json.dumps would refuse it (Result.NotJSON says
// why), and Result.Repr its Python repr.
//
// # Host functions
//
// A HostFunc named "greet" is a builtin the snippet calls; a dotted name
// ("linear.list_issues") appears as attribute of a namespace object. Host
// functions are bound like builtins, anew for each run: a snippet may bind
// the same name itself (def greet, greet = ..., globals()["greet"] = ...),
// which shadows the host's for that run only, since Run removes every host
// name (and every export of the Prelude) from a session's Globals at its
// start and end; a host function kept from an earlier run calls the
// current run's function of that name. Calling
// one converts the arguments to JSON-like Go values (TypeError naming the
// function and argument otherwise) and returns an awaitable; awaiting it runs
// the HostFunc on its own goroutine with the run's context and parks only the
// awaiting coroutine, so asyncio.gather runs host calls concurrently. A
// *HostError becomes the Python exception it names (unknown names and plain
// errors become ToolError, a builtin subclass of Exception) with the message
// and a "capability" attribute; a panicking HostFunc becomes a ToolError.
//
// # Limits
//
// Limits bound steps (bytecode instructions plus work done inside builtins),
// wall-clock time through ctx (host-call waits included; in-flight calls are
// cancelled and Run returns within milliseconds of the deadline), memory,
// Python call depth (RecursionError, catchable), print output and the number
// of host calls. Time, steps, output and host calls end the run: the error
// is an *Exception whose Limit names the limit.
//
// Time and steps inside builtins: every builtin whose cost grows with its
// input counts that work as steps, at about the cost of one instruction a
// step (items visited, bytes scanned, characters converted, bytes
// allocated, big-int word operations; vm/thread.go lists the units), and a
// run's deadline or cancellation is seen at the next such count. Big-int
// arithmetic never hands math/big operands over 2048 words: products,
// divisions, square roots, gcd and pow with a modulus run as loops of
// bounded pieces, so pow(3, 2**40000-1, 2**40000+1) stops at its deadline
// like a bytecode loop. Decimal conversions of ints over 4300 digits are
// refused, as CPython refuses them. The hostile corpus (testdata/hostile,
// steps_builtins_* and time_builtins_* among others) checks both: loops of
// long builtins end by the step budget, and "# limit: time" cases end
// within 500 ms of their deadline.
//
// Memory: every allocation a snippet causes, in the VM and in every builtin
// and library module, is charged before it is made (vm.Thread.Charge, the one
// primitive, checks and counts at once; buffers built in steps are held until
// the value is handed over), host-function results and the conversion of the
// result included. When the charges pass MaxMemoryBytes the retained size is
// measured from the run's roots, so garbage does not count, and MemoryError
// (catchable) is raised only when what the run retains is over the limit.
// Both the charges and the measure count what Go really holds for each
// object (its structs at their allocator size class, backing arrays, the
// class an instance refers to), so the limit bounds the heap and not an
// estimate of it; TestAccountingMatchesHeap compares them with the heap for
// every kind of object a snippet can make in bulk.
// With a Globals, the session's retained size counts against the same limit,
// so what a session keeps stays within it. The process's memory stays within
// the limit plus vm.HeapMargin (the limit again plus 32 MiB, for garbage not
// yet collected, spare capacity and the runtime) over its baseline when its
// Go memory limit is set to that sum, as a worker process running one snippet
// sets it; TestAttackMemory measures the peak for every class of builtin.
// Two backstops do not depend on every site charging. Every run compares
// the process's live heap after each collection with what it is charged,
// and measures what it retains when the heap has grown past its charges by
// an eighth of its limit (plus 8 MiB), so a value no site charged is
// counted at the next collection instead of when the charges reach the
// limit; how late that is depends on how often the collector runs (a
// worker sets its Go memory limit near the run's). RunOptions.Heap takes a
// vm.HeapGuard, which fails runs with MemoryError while the process's
// live heap is over its ceiling.
//
// # Compiling hostile source
//
// Compiling is linear in the source and bounded, whatever the source: a
// source over CompileOptions.MaxSourceBytes (default 1 MiB) is refused with
// a ValueError; every recursive phase (scanner, parser, scope resolution,
// code generation with its constant folding) bounds its depth, so a
// construct nested past syntax.MaxDepth (3000 levels, about where CPython
// 3.11 gives up) is a RecursionError and brackets past 200 levels a
// SyntaxError, never Go's fatal stack overflow; constants are folded only
// when the result is no larger than its operands; generated code is bounded
// by an instruction budget proportional to the source (finally blocks,
// compiled once per way out of their try block, would otherwise grow
// exponentially with their nesting). CompileContext stops within
// milliseconds when its context ends (TimeoutError, Limit "time"), so a
// run's deadline covers its compile. At 1 MiB the worst shapes allocate
// under 1 KB and keep under 400 bytes live per source byte
// (BenchmarkCompileLinear).
//
// # Errors
//
// Compile returns an *Exception of type SyntaxError (IndentationError,
// TabError, RecursionError) or NotImplementedError for constructs the
// interpreter rejects, with Filename, Line, Col and a CPython-style caret
// message. Run returns an
// *Exception for a Python exception that escaped, with a traceback formatted
// like CPython 3.11's (source lines and caret lines included), or for a limit.
//
// # Modules
//
// import looks modules up in RunOptions.Modules, a vm.Modules table built once
// (vm.DefaultModules() and Register, or lib.Modules()) and shared by runs;
// each run builds its own module objects, so runs never share mutable module
// state. Nothing outside the table is importable.
//
// # Speed
//
// Values are Go values behind an interface (ints within the small-int cache
// and most builtins allocate nothing). The VM rewrites frequent instruction
// pairs into superinstructions when code is loaded; calls of Python
// functions, bound methods and plain classes (object.__new__ plus a Python
// __init__) push frames in the same dispatch loop instead of recursing in
// Go, as do for loops over generators; global names and instance attributes
// are served by inline caches on each code object (invalidated by dict
// versions and a class-namespace epoch); dicts of up to eight entries have
// no hash index. Programs that embed the interpreter should call TuneGC from
// main, and a program that runs one snippet and exits PrepareHeap before
// it (a fresh heap is all first-touch page faults). bench/compare.sh measures thirteen agent-style programs against
// CPython, Monty and starlark-go.
//
// # Strings
//
// A str is UTF-8 text, so it cannot hold a lone surrogate code point:
// "\ud800", chr(0xd800) and a JSON "\ud800" escape all give U+FFFD, one
// code point, and a surrogate pair written as two escapes gives two. Lengths,
// indices, slicing, `in`, index and count agree with CPython. What differs
// (each checked against CPython 3.11):
//
//   - the code point: ord() gives 0xfffd, repr/ascii/%r show U+FFFD
//     ('\ufffd' under ascii) instead of '\ud800', isprintable() is True,
//     two different lone surrogates compare (and hash) equal, and sorting
//     puts them after U+E000 instead of between U+D7FF and U+E000;
//   - encoding: encode() gives b'\xef\xbf\xbd' where CPython raises
//     UnicodeEncodeError ("surrogates not allowed"), and so do the
//     surrogatepass, surrogateescape, backslashreplace and
//     xmlcharrefreplace handlers, UTF-16/32 and json.dumps ("\ufffd" for
//     "\ud800"), and print() writes U+FFFD where CPython's strict UTF-8
//     stdout raises UnicodeEncodeError;
//   - decoding: bytes.decode with surrogateescape or surrogatepass raises
//     UnicodeDecodeError where CPython makes '\udc80' or '\ud800', so the
//     surrogateescape round trip of undecodable bytes is not available.
//
// Holding them takes WTF-8 (a surrogate as its 3-byte sequence ED A0-BF
// xx). Measured on 2 KB of mixed text (issue 18, load 15): decoding with an
// ASCII fast path and one extra test on utf8.RuneError, and counting code
// points as utf8.RuneCountInString less two per surrogate found by
// IndexByte(0xED), cost the same as today within noise, so ordinary strings
// need not be slower. The cost is breadth and safety: every code-point
// operation of vm and lib (about 130 uses of unicode/utf8 and []rune, 43
// range loops over text, 16 calls of strings.ToUpper/ToLower/Map/Fields/
// EqualFold, which turn each byte of a surrogate into U+FFFD) must decode
// WTF-8, and every place a str leaves the interpreter (print, results and
// host-call arguments as JSON, exception messages, the CLI and MCP
// output) must refuse or replace surrogates as CPython's strict UTF-8
// does, or invalid UTF-8 reaches clients.
//
// # Metaclasses
//
// class C(metaclass=M) with M deriving from type behaves as in CPython:
// M.__prepare__ (a dict, a dict subclass or any mapping the body's names go
// through), M.__new__ (super().__new__ and type.__new__(M, name, bases, ns)),
// M.__init__, M.__call__, M.__instancecheck__/__subclasscheck__, the
// dunders of classes (len, iter, in, [], repr, str, bool), M's methods,
// properties and __getattr__/__getattribute__ on the class but not on its
// instances, type(C) is M, the most derived metaclass of the bases (else
// "metaclass conflict"), inheritance by subclasses, and metaclass= a plain
// function; ==, hash, ordering, unary and binary operators and attribute
// deletion (__delattr__, a property's deleter) a metaclass defines act on
// its classes. __set_name__ then __init_subclass__ run inside
// type.__new__. abc.ABCMeta is one (abstract methods refused by
// object.__new__, register, __subclasshook__). A class records its
// metaclass as a pointer that is nil for type, so ordinary classes pay one
// nil test where a metaclass could act (bench/programs/classes.py: the same
// allocations, CPU time within noise). enum, typing.NamedTuple and
// typing.Protocol still use class-level hooks (__toolplane_class_call__,
// __toolplane_new_class__, __toolplane_instancecheck__) in place of their
// CPython metaclasses, so type(Color) is type. Not supported: __class__
// assignment of a class.
//
// # Not supported
//
// memoryview,
// eval/exec/compile/open/input
// (NotImplementedError), and introspection of code, frames and globals
// (__code__, __globals__, __closure__, __subclasses__, gi_frame, tb_frame ...
// are absent).
package python
