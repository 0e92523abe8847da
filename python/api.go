package python

import (
	"context"
	"errors"
	"io"
)

// CompileOptions selects the dialect a source is compiled in.
type CompileOptions struct {
	// Snippet allows top-level await and top-level return. The result of a
	// snippet run is the returned value, else the value of a final bare
	// expression statement, else None.
	Snippet bool
}

// RunOptions configures one run of a Program.
type RunOptions struct {
	// Globals is the persistent namespace of a session; nil means a fresh
	// namespace for this run only. A Globals must not be used by two runs
	// at the same time.
	Globals *Globals
	// Stdout receives print() output; nil discards it.
	Stdout io.Writer
	// Host maps names to host functions. A flat name ("greet") becomes a
	// global; a dotted name ("greeter.greet") becomes attribute greet of a
	// namespace object greeter. Calling one returns an awaitable.
	Host map[string]HostFunc
	// Limits bounds the run; zero fields take sane defaults.
	Limits Limits
}

// Limits bounds the resources of one run. A zero field means the default.
type Limits struct {
	// Steps is the maximum number of bytecode instructions executed.
	Steps int64
	// MaxMemoryBytes is the estimated allocation budget; with a Globals it
	// is cumulative over the session's retained size.
	MaxMemoryBytes int64
	// MaxDepth is the maximum Python call depth before RecursionError.
	MaxDepth int
	// MaxOutputBytes caps the bytes print() may write.
	MaxOutputBytes int64
	// MaxHostCalls caps the number of host function calls.
	MaxHostCalls int
}

// HostFunc is a function of the host callable from a snippet. It runs on its
// own goroutine when the snippet awaits the call, with the run's context.
// args and kwargs are JSON-like Go values: nil, bool, int64, *big.Int,
// float64, string, []any, map[string]any. The returned value is converted
// back the same way (map[string]any becomes a dict, []any a list, ...).
type HostFunc func(ctx context.Context, args []any, kwargs map[string]any) (any, error)

// HostError lets a host function choose the Python exception raised in the
// snippet. Type is a builtin exception name such as "ToolError",
// "PermissionError", "TimeoutError" or "ValueError"; unknown names become
// ToolError.
type HostError struct {
	Type       string
	Message    string
	Capability string
}

// Error implements error.
func (e *HostError) Error() string {
	if e.Capability != "" {
		return e.Type + ": " + e.Capability + ": " + e.Message
	}
	return e.Type + ": " + e.Message
}

// Result is the outcome of a successful run.
type Result struct {
	// Value is the JSON-like Go value of the result (nil for None). Values
	// with no JSON-like form are reported as their repr string.
	Value any
	// Repr is the Python repr of the result.
	Repr string
}

// Exception describes a Python exception that escaped a snippet, a compile
// error, or a limit that ended the run.
type Exception struct {
	// Type is the Python exception class name, e.g. "ValueError".
	Type string
	// Message is str() of the exception.
	Message string
	// Traceback is formatted like CPython's, with snippet line numbers.
	Traceback string
	// Filename, Line and Col locate the error (Col is 1-based; 0 if unknown).
	Filename  string
	Line, Col int
	// Limit names the limit that ended the run: "" or one of "time",
	// "steps", "memory", "depth", "output", "host_calls".
	Limit string
}

// Error implements error.
func (e *Exception) Error() string {
	if e.Message == "" {
		return e.Type
	}
	return e.Type + ": " + e.Message
}

var errNotImplemented = errors.New("python: not implemented yet")

// Program is a compiled snippet. It is immutable and may be run many times,
// concurrently, on different goroutines.
type Program struct {
	filename string
	assigned []string
}

// Compile parses, resolves and compiles src once. The error is an
// *Exception of type SyntaxError (or NotImplementedError for constructs the
// interpreter rejects) carrying the filename, line and column.
func Compile(filename, src string, opts CompileOptions) (*Program, error) {
	return nil, errNotImplemented
}

// AssignedNames returns the global names the program may bind (assignment,
// def, class, import, for targets, ...), sorted, so a host can reject
// reserved names before running.
func (p *Program) AssignedNames() []string { return append([]string(nil), p.assigned...) }

// Run executes the program. The error is an *Exception for a Python
// exception escaping the snippet or a limit that ended the run.
func (p *Program) Run(ctx context.Context, opts RunOptions) (*Result, error) {
	return nil, errNotImplemented
}

// Globals is a persistent namespace for a session. It is safe for one run
// at a time.
type Globals struct {
}

// NewGlobals returns an empty namespace.
func NewGlobals() *Globals { return &Globals{} }

// Snapshot returns a cheap copy for rollback: later runs on g do not affect
// the snapshot.
func (g *Globals) Snapshot() *Globals { return &Globals{} }

// Names returns the bound names, sorted.
func (g *Globals) Names() []string { return nil }

// Get returns the JSON-like Go value of a global.
func (g *Globals) Get(name string) (any, bool) { return nil, false }

// SizeBytes returns the estimated retained size of the namespace.
func (g *Globals) SizeBytes() int64 { return 0 }
