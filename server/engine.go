package server

import (
	"context"
	"net/http"
	"time"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/python"
)

// Engine is what the MCP facade needs from the runtime: the capability
// registry for search and schemas, the dispatch chain for direct tool calls,
// and code execution. The facade owns everything per client (sessions, the
// result store, run ids, audit of runs); the engine owns capabilities,
// backends and the chain.
type Engine interface {
	// Registry is the catalog search_capabilities and get_capability_schemas
	// read.
	Registry() *capability.Registry
	// Call runs one capability call through the dispatch chain (admission,
	// audit, plugins, terminus). The facade uses it for direct tools.
	Call(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error)
	// Execute runs a snippet. Errors raised by the snippet (exceptions,
	// limits) are reported in Execution.Error; the returned error is for
	// failures to run at all (unknown backend, backend unavailable).
	Execute(ctx context.Context, req *ExecuteRequest) (*Execution, error)
	// DefaultBackend is the backend used when a request names none.
	DefaultBackend() string
	// NewSession makes the place where a new client session's globals
	// live on the embedded backend: this process, or a sandbox worker
	// process pinned to the session.
	NewSession() backend.Session
}

// ExecuteRequest is one execute_code run as the facade hands it to the
// engine.
type ExecuteRequest struct {
	Code    string
	Backend string        // "" means the engine's default
	Timeout time.Duration // wall-clock limit, including time waiting on capabilities
	// RunID is set on every dispatch.Call the run makes, tying audit lines
	// of the run together.
	RunID string
	// Subject, LogID and Headers (credentials stripped) of the request
	// that started the run, set on every dispatch.Call it makes, so
	// admission applies the caller's policy to the snippet's calls too.
	Subject string
	// Identity is the caller's declared identity (dispatch.Call.Identity).
	Identity string
	LogID    string
	Headers  http.Header
	// Session holds the client session's globals on the embedded backend
	// (made by Engine.NewSession); nil runs in a fresh namespace.
	Session backend.Session
	// MaxMemoryBytes is the cumulative memory cap of the session (0 = the
	// engine's default).
	MaxMemoryBytes int64
	// Bindings are runtime functions the facade provides per client:
	// save_result, load_result, reset_session. The engine binds them in the
	// snippet's namespace next to the capabilities.
	Bindings map[string]python.HostFunc
	// OnCapabilityCall, when set, is called as each capability call of the
	// run starts (for progress notifications). It must be cheap.
	OnCapabilityCall func(id string)
	// Admit, when set, is the caller's policy: the run's namespace holds
	// only what it admits, and everything else is an unknown name to the
	// snippet (see toolplane.ExecuteOptions.Admit).
	Admit func(*capability.Capability) bool
}

// Execution is the outcome of a run.
type Execution struct {
	Value any // JSON-like value of the snippet's result (package jsonlike)
	// NotJSON is why the result has no JSON form (Value is its repr).
	NotJSON  string
	Stdout   string
	Stderr   string
	Duration time.Duration
	Backend  string
	// Error is set when the snippet raised or hit a limit.
	Error *ExecError
	// CapabilityCalls counts the capability calls the run made.
	CapabilityCalls int
}

// ExecError describes why a run failed.
type ExecError struct {
	Type      string `json:"type"`
	Message   string `json:"message"`
	Traceback string `json:"traceback,omitempty"`
	// Limit names the limit that ended the run ("time", "steps", "memory",
	// ...), empty for an ordinary exception.
	Limit string `json:"limit,omitempty"`
	// Exit is set when the run ended with an uncaught SystemExit, and
	// ExitStatus is the status CPython exits with for it (0 for
	// sys.exit(), None, 0 or False; the int code modulo 256; 1 for any
	// other code, sys.exit("0") too).
	Exit       bool `json:"exit,omitempty"`
	ExitStatus int  `json:"exit_status,omitempty"`
	// ExitText is what CPython prints on stderr for that exit: str() of a
	// code that is not None or an int, else empty.
	ExitText string `json:"exit_text,omitempty"`
}
