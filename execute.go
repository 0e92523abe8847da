package toolplane

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/backend/embedded"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/python"
)

// ExecuteOptions configures one snippet run.
type ExecuteOptions struct {
	// Backend names the backend; "" means the runtime's default.
	Backend string
	// Timeout bounds the run's wall-clock time, including time spent
	// waiting on capabilities; 0 means no limit beyond ctx.
	Timeout time.Duration
	// Filename names the snippet in tracebacks; "" means "<snippet>".
	Filename string
	// RunID ties the run's capability calls together in the chain (audit);
	// "" generates one.
	RunID string
	// Subject is who is running the snippet (a token subject), copied to
	// every capability call.
	Subject string
	// Identity is the person or service behind the subject's token, when
	// it declares one (dispatch.Call.Identity), copied likewise.
	Identity string
	// LogID and Headers (credentials stripped) of the request that started
	// the run, copied to every capability call so the chain can tie them
	// to it.
	LogID   string
	Headers http.Header
	// Limits bound the run (steps, memory, depth, output, host calls).
	Limits python.Limits
	// Session holds globals that persist across runs on the embedded
	// backend (make it with Runtime.NewSession); nil runs in a fresh
	// namespace. The caller brackets each run with Session.Begin and
	// Session.End.
	Session backend.Session
	// Bindings are runtime functions bound next to the capabilities
	// (save_result, load_result, reset_session).
	Bindings map[string]backend.HostFunc
	// Stdout, when set, also receives the snippet's output as it is
	// printed (the result keeps a copy).
	Stdout io.Writer
	// Stderr, when set, also receives what the snippet writes to
	// sys.stderr as it is written, and the run's warnings at its end (the
	// result keeps a copy). Writes reach Stdout and Stderr in the order the
	// snippet made them.
	Stderr io.Writer
	// OnCapabilityCall is called as each capability call starts, possibly
	// from several goroutines at once (asyncio.gather).
	OnCapabilityCall func(id string)
	// Admit, when set, says which capabilities the run may call (a token's
	// policy). The others do not exist for the run: they are not bound,
	// no namespace object or dir() shows them, call_tool on their id is
	// the LookupError of an unknown name, and suggestions never name them.
	// The chain's admission still refuses them, as a second wall.
	Admit func(*capability.Capability) bool
}

// ExecutionResult is the outcome of a run.
type ExecutionResult struct {
	// Value is the JSON-like Go value of the snippet's result (package
	// jsonlike: a dict is a jsonlike.Object, in insertion order; write it
	// with jsonlike.Marshal to keep its order and its floats), or its repr
	// when it has no JSON form.
	Value any
	// Repr is the Python repr of the result.
	Repr string
	// NotJSON is why the result has no JSON form (a set, an object):
	// Value is then its repr. Empty otherwise.
	NotJSON  string
	Stdout   string
	Stderr   string
	Duration time.Duration
	Backend  string
	RunID    string
	// Error is set when the snippet raised or hit a limit.
	Error *ExecError
	// CapabilityCalls counts the capability calls the run made.
	CapabilityCalls int
}

// ExecError is why a run failed.
type ExecError struct {
	Type      string `json:"type"`
	Message   string `json:"message"`
	Traceback string `json:"traceback"`
	// Limit names the limit that ended the run ("time", "steps", ...),
	// "" for an ordinary exception.
	Limit string `json:"limit,omitempty"`
	// Exit is set when the run ended with an uncaught SystemExit, and
	// ExitStatus is the status CPython exits with for it (see
	// backend.Error).
	Exit       bool `json:"exit,omitempty"`
	ExitStatus int  `json:"exit_status,omitempty"`
	// ExitText is what CPython prints on stderr for that exit: str() of a
	// code that is not None or an int, else empty.
	ExitText string `json:"exit_text,omitempty"`
}

// Error implements error.
func (e *ExecError) Error() string {
	if e.Message == "" {
		return e.Type
	}
	return e.Type + ": " + e.Message
}

// Execute runs a snippet. An exception raised by the snippet, or a limit
// it hit, is reported in ExecutionResult.Error with a nil error; the
// returned error means the run could not happen (unknown backend, a
// backend failure).
func (rt *Runtime) Execute(ctx context.Context, code string, opts ExecuteOptions) (*ExecutionResult, error) {
	name := opts.Backend
	if name == "" {
		name = rt.defaultBackend
	}
	b, ok := rt.backends[name]
	if !ok {
		return nil, fmt.Errorf("execute: backend %q is not available (have %v)", name, rt.BackendNames())
	}
	runID := opts.RunID
	if runID == "" {
		runID = newRunID()
	}
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
	}
	bridge := &runBridge{rt: rt, ns: rt.reg.NamespaceOf(opts.Admit), admit: opts.Admit, runID: runID, subject: opts.Subject, identity: opts.Identity,
		logID: opts.LogID, headers: opts.Headers, onCall: opts.OnCapabilityCall}
	var stdout, stderr syncBuffer
	var out io.Writer = &stdout
	if opts.Stdout != nil {
		out = io.MultiWriter(&stdout, opts.Stdout)
	}
	var errOut io.Writer = &stderr
	if opts.Stderr != nil {
		errOut = io.MultiWriter(&stderr, opts.Stderr)
	}
	limits := opts.Limits
	fromRuntime := limits.MaxHostCalls <= 0 && rt.maxHostCalls > 0
	if fromRuntime {
		limits.MaxHostCalls = rt.maxHostCalls
	}
	start := time.Now()
	res, err := b.Run(ctx, code, bridge, backend.RunOptions{
		Filename: opts.Filename,
		Stdout:   out,
		Stderr:   errOut,
		Limits:   limits,
		Session:  opts.Session,
		Bindings: opts.Bindings,
	})
	result := &ExecutionResult{
		Duration:        time.Since(start),
		Backend:         name,
		RunID:           runID,
		Stdout:          stdout.String(),
		Stderr:          stderr.String(),
		CapabilityCalls: int(bridge.calls.Load()),
	}
	var be *backend.Error
	switch {
	case err == nil:
		result.Value, result.Repr, result.NotJSON = res.Value, res.Repr, res.NotJSON
	case errors.As(err, &be):
		result.Error = &ExecError{Type: be.Type, Message: be.Message, Traceback: be.Traceback, Limit: be.Limit,
			Exit: be.Exit, ExitStatus: be.ExitStatus, ExitText: be.ExitText}
	case errors.Is(err, context.DeadlineExceeded):
		result.Error = &ExecError{Type: "TimeoutError", Message: fmt.Sprintf("the run exceeded its time limit after %s", result.Duration.Round(time.Millisecond)), Limit: "time"}
	default:
		return result, fmt.Errorf("execute on %s: %w", name, err)
	}
	if e := result.Error; e != nil && e.Limit == "host_calls" && fromRuntime && rt.hostCallsKey != "" {
		// The interpreter names the limit; the fix is in the config.
		e.Message += fmt.Sprintf("; a run may make %d capability calls: raise %s (at most %d) to allow more", limits.MaxHostCalls, rt.hostCallsKey, config.MaxHostCallsCap)
	}
	return result, nil
}

// NewSession returns an empty session of the embedded backend, for
// ExecuteOptions.Session: its globals persist across the runs given it.
// Close it when the client is done: in process isolation it holds a worker
// process. It is a session of SessionBackend.
func (rt *Runtime) NewSession() backend.Session {
	if m, ok := rt.backends[rt.SessionBackend()].(sessionMaker); ok {
		return m.NewSession()
	}
	return backend.NewLocalSession()
}

// SessionBackend names the backend whose sessions NewSession makes: the
// default backend when it keeps sessions (embedded, pyodide-deno), else
// embedded. Runs on another backend get no session.
func (rt *Runtime) SessionBackend() string {
	if _, ok := rt.backends[rt.defaultBackend].(sessionMaker); ok {
		return rt.defaultBackend
	}
	return embedded.Name
}

// sessionMaker is a backend that keeps sessions.
type sessionMaker interface{ NewSession() backend.Session }

func newRunID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "run_" + hex.EncodeToString(b[:])
}

// syncBuffer is a bytes.Buffer safe for the concurrent writes of host
// functions and the interpreter.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}
