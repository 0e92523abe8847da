// Package backend defines what a code backend is: something that runs a
// snippet and reaches capabilities only through the Bridge it is handed.
// A backend does not know whether a capability is MCP, CLI or Go; every
// call it makes through the bridge passes the runtime's dispatch chain.
package backend

import (
	"context"
	"fmt"
	"io"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python"
)

// Backend runs snippets.
type Backend interface {
	// Name is the backend's name in configuration and results ("embedded").
	Name() string
	// Run runs code. A Python exception escaping the snippet, or a limit
	// ending it, is returned as an *Error; any other error means the
	// backend could not run the code at all.
	Run(ctx context.Context, code string, bridge Bridge, opts RunOptions) (*Result, error)
}

// HostFunc is a function of the host callable from a snippet. It has the
// shape of python.HostFunc: positional and keyword arguments and the
// result are JSON-like Go values (package jsonlike: a snippet's dict is a
// jsonlike.Object).
type HostFunc func(ctx context.Context, args []any, kwargs map[string]any) (any, error)

// Bridge is a backend's only way to capabilities.
type Bridge interface {
	// Namespace is the binding table: flat aliases ("greeter_greet") and
	// scoped ones ("greeter.greet") to canonical ids. call_tool is not in
	// it; every backend binds call_tool to Call.
	Namespace() capability.Namespace
	// Call calls the capability named by a canonical id or alias.
	// Positional arguments map to the input schema's properties in order;
	// a lone positional dict with no keywords is the argument object
	// itself. The result is a JSON-like value: structured content as
	// map[string]any or []any, text content as a string, nothing as nil.
	// A failure is a *CallError.
	Call(ctx context.Context, idOrAlias string, args []any, kwargs map[string]any) (any, error)
}

// RunOptions configures one run.
type RunOptions struct {
	// Filename names the snippet in tracebacks; "" means "<snippet>".
	Filename string
	// Stdout and Stderr receive the snippet's output; nil discards it.
	Stdout, Stderr io.Writer
	// Limits bound the run; zero fields take the backend's defaults.
	Limits python.Limits
	// Session holds the globals that persist across runs of one client
	// session, for backends that keep state (embedded; it must be one the
	// backend made, see embedded.Backend.NewSession); nil means a fresh
	// namespace.
	Session Session
	// Bindings are runtime functions bound next to the capabilities
	// (save_result, load_result, reset_session, ...).
	Bindings map[string]HostFunc
}

// Result is a finished run's value.
type Result struct {
	// Value is the JSON-like Go value of the snippet's result (package
	// jsonlike: a dict is a jsonlike.Object in insertion order), or its
	// repr when it has no JSON form.
	Value any
	// Repr is its Python repr.
	Repr string
	// NotJSON is why the result has no JSON form ("Object of type set is
	// not JSON serializable"); empty when Value is its JSON form.
	NotJSON string
}

// Error is a Python exception that escaped the snippet, a compile error,
// or a limit that ended the run.
type Error struct {
	Type      string `json:"type"`
	Message   string `json:"message"`
	Traceback string `json:"traceback,omitempty"`
	// Limit names the limit that ended the run ("time", "steps", "memory",
	// "depth", "output", "host_calls"), "" for an ordinary exception.
	Limit string `json:"limit,omitempty"`
	// Exit is set when the run ended with an uncaught SystemExit, and
	// ExitStatus is the status CPython exits with for it (0 for
	// sys.exit(), None, 0 or False; the int code modulo 256; 1 for any
	// other code). Type alone cannot say: sys.exit("0") fails with 1.
	Exit       bool `json:"exit,omitempty"`
	ExitStatus int  `json:"exit_status,omitempty"`
	// ExitText is what CPython prints on stderr for that exit: str() of a
	// code that is not None or an int, else empty.
	ExitText string `json:"exit_text,omitempty"`
}

// Error implements error.
func (e *Error) Error() string {
	if e.Message == "" {
		return e.Type
	}
	return e.Type + ": " + e.Message
}

// CallError is a failed capability call as the snippet sees it: the
// Python exception type to raise and where the failure came from.
type CallError struct {
	// Type is the Python exception raised in the snippet: "ToolError" for
	// a tool-level failure, "PermissionError" for a denial, "ValueError"
	// for arguments that fail the schema, "TimeoutError", "LookupError"
	// for an unknown capability, "TypeError" for a bad call shape.
	Type         string
	Source       capability.Source
	CapabilityID string
	Tool         string // the tool's own name within its source
	// Detail is the original message of the tool or the chain.
	Detail string
}

// Error implements error.
func (e *CallError) Error() string {
	if e.CapabilityID == "" {
		return fmt.Sprintf("%s: %s", e.Type, e.Detail)
	}
	return fmt.Sprintf("%s: %s: %s", e.Type, e.CapabilityID, e.Detail)
}

// Message is the exception message a snippet sees: the capability and
// the original detail.
func (e *CallError) Message() string {
	if e.CapabilityID == "" {
		return e.Detail
	}
	return e.CapabilityID + ": " + e.Detail
}
