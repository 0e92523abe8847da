package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/jsonlike"
	"github.com/toolplane/toolplane/results"
	"github.com/toolplane/toolplane/session"
	"github.com/toolplane/toolplane/telemetry"
)

// ExecuteInput are the arguments of execute_code.
type ExecuteInput struct {
	Code    string  `json:"code" jsonschema:"Python 3 source; top-level await and return are allowed"`
	Backend string  `json:"backend,omitempty" jsonschema:"where the code runs: embedded (default; sessions persist globals), local_unsafe or pyodide-deno when configured"`
	Timeout float64 `json:"timeout,omitempty" jsonschema:"wall-clock limit in seconds, including time spent waiting on capabilities (default 60)"`
}

// ExecuteOutput is the structured content of an execute_code result.
type ExecuteOutput struct {
	// Value is the snippet's result: the returned value or the last bare
	// expression, as JSON (a JSON-like value of package jsonlike, written
	// as json.dumps writes it: see MarshalJSON).
	Value any `json:"value" jsonschema:"the snippet's result (returned value or last bare expression), as Python's json.dumps writes it: dict order kept, floats stay floats; NaN and infinities are the strings NaN, Infinity, -Infinity"`
	// NotJSON says why the result has no JSON form; Value is then its
	// Python repr.
	NotJSON string `json:"not_json,omitempty" jsonschema:"set when the result has no JSON form (a set, bytes, an object): why; value is then its Python repr"`
	// Stdout is what the snippet printed.
	Stdout string `json:"stdout,omitempty" jsonschema:"what the snippet printed"`
	// Stderr is what the run wrote to stderr: the snippet's sys.stderr
	// writes, then its warnings.
	Stderr string `json:"stderr,omitempty" jsonschema:"what the snippet wrote to sys.stderr (print(..., file=sys.stderr), logging, traceback.print_exc), then the run's warnings (a capability call or coroutine never awaited, with its line); on local_unsafe, the process's stderr"`
	// Error is set when the snippet raised or hit a limit.
	Error *ExecError `json:"error,omitempty" jsonschema:"the exception or limit that ended the run"`
	// RunID identifies the run in the audit log.
	RunID      string  `json:"run_id" jsonschema:"the run id, as in the audit log"`
	Backend    string  `json:"backend" jsonschema:"the backend that ran the code"`
	DurationMS float64 `json:"duration_ms" jsonschema:"wall-clock duration of the run in milliseconds"`
	// CapabilityCalls counts the capability calls the run made.
	CapabilityCalls int `json:"capability_calls" jsonschema:"number of capability calls the run made"`
	// RolledBack says the session's globals were restored to their state
	// before this run.
	RolledBack bool `json:"rolled_back,omitempty" jsonschema:"the session was restored to its state before this run"`
}

// MarshalJSON writes the output with its value written by jsonlike, so the
// structured content keeps the order of a dict and the float-ness of
// 5.0 (encoding/json would write a float64 5.0 as 5).
func (o ExecuteOutput) MarshalJSON() ([]byte, error) {
	type plain ExecuteOutput // without this method
	value, err := jsonlike.Marshal(o.Value)
	if err != nil {
		return nil, fmt.Errorf("writing the result of run %s: %w", o.RunID, err)
	}
	p := plain(o)
	p.Value = json.RawMessage(value)
	return json.Marshal(p)
}

// executeTool is execute_code as registered: the SDK's typed handlers
// decode their output into maps to validate it and write it again, which
// would lose a dict's order and write 5.0 as 5, so the structured content
// is set here (ExecuteOutput.MarshalJSON) and the output schema given.
func (s *Server) executeTool(ctx context.Context, req *mcp.CallToolRequest, in ExecuteInput) (*mcp.CallToolResult, any, error) {
	res, out, err := s.execute(ctx, req, in)
	if err != nil || res == nil {
		return res, nil, err
	}
	if _, err := out.MarshalJSON(); err != nil {
		// Not a value any backend makes; say so rather than fail the
		// protocol message.
		out.Value, out.NotJSON = fmt.Sprint(out.Value), err.Error()
	}
	res.StructuredContent = out
	return res, nil, nil
}

// BackendEmbedded is the backend that supports sessions.
const BackendEmbedded = "embedded"

// BackendLocalUnsafe runs snippets in the host's CPython, outside the
// sandbox. It is refused for requests over HTTP: there it would hand every
// token this process's environment and files.
const BackendLocalUnsafe = "local_unsafe"

func (s *Server) execute(ctx context.Context, req *mcp.CallToolRequest, in ExecuteInput) (*mcp.CallToolResult, *ExecuteOutput, error) {
	runID := audit.NewRunID()
	who := s.callerOf(req)
	backend := in.Backend
	if backend == "" {
		backend = s.engine.DefaultBackend()
	}
	out := &ExecuteOutput{RunID: runID, Backend: backend}

	if strings.TrimSpace(in.Code) == "" {
		return s.fail(out, "ValueError", "code is empty: pass the Python snippet to run"), out, nil
	}
	if err := checkCode(in.Code, s.opts.MaxCodeBytes); err != nil {
		return s.fail(out, "ValueError", err.Error()), out, nil
	}
	if err := checkBackend(in.Backend); err != nil {
		out.Backend = ""
		return s.fail(out, "ValueError", err.Error()), out, nil
	}
	timeout, err := parseTimeout(in.Timeout, s.opts.DefaultTimeout, s.opts.MaxTimeout)
	if err != nil {
		return s.fail(out, "ValueError", err.Error()), out, nil
	}
	if backend == BackendLocalUnsafe && overHTTP(req) {
		return s.fail(out, "PermissionError", "the local_unsafe backend is not served over HTTP: it runs outside the sandbox and every token's policy; use the embedded backend"), out, nil
	}

	if !s.life.begin() {
		return s.fail(out, "CancelledError", "the server is shutting down and takes no new runs; send the run again (to another replica, or once it is back)"), out, nil
	}
	defer s.life.end()
	// A client that goes away (its HTTP connection closed) ends the run as
	// a cancellation would, and so does the end of a shutdown's grace; both
	// also end the wait for a session, for the session's previous run and
	// for a run slot.
	ctx, gone := s.whenClientGone(ctx, req)
	defer gone()
	ctx, stopped := s.life.runContext(ctx)
	defer stopped()
	sess, err := s.clientSession(ctx, req)
	if err != nil {
		var fe *session.FullError
		if errors.As(err, &fe) && fe.Cancelled {
			return s.fail(out, "CancelledError", err.Error()), out, nil
		}
		res := s.fail(out, "RuntimeError", err.Error())
		if fe != nil {
			out.Error.Limit = "sessions"
			s.auditRefused(out, in.Code, who, fe.Key, fe.Waited)
		}
		return res, out, nil
	}
	// Only the backend the session's state belongs to runs in it.
	keeps := backend == sessionBackend(s.engine)

	run, err := sess.Begin(ctx)
	if err != nil {
		var be *session.BudgetError
		if errors.As(err, &be) {
			res := s.fail(out, "MemoryError", err.Error())
			if ctx.Err() == nil {
				s.auditRefused(out, in.Code, who, be.Key, be.Waited)
			}
			return res, out, nil
		}
		var le *session.RunLimitError
		if errors.As(err, &le) {
			if le.Cancelled {
				return s.fail(out, "CancelledError", err.Error()), out, nil
			}
			res := s.fail(out, "RuntimeError", err.Error())
			out.Error.Limit = "runs"
			s.auditRefused(out, in.Code, who, le.Key, le.Waited)
			return res, out, nil
		}
		if ctx.Err() == nil {
			return s.fail(out, "RuntimeError", err.Error()), out, nil
		}
		return s.fail(out, "RuntimeError", fmt.Sprintf("this session's previous run is still in progress and the request ended while waiting: %v", err)), out, nil
	}
	defer run.End()

	ctx, endSpan := s.startRunSpan(ctx, runID, who)
	hash := audit.SnippetHash(in.Code)
	s.opts.Audit.Log(audit.Event{Event: audit.EventRunStart, RunID: runID, SnippetSHA256: hash, Backend: backend, Subject: who.subject, LogID: who.logID, Queued: run.Queued})

	var calls atomic.Int64
	saved := &savedResults{}
	ereq := &ExecuteRequest{
		Code:             in.Code,
		Backend:          in.Backend,
		Timeout:          timeout,
		RunID:            runID,
		Subject:          who.subject,
		Identity:         who.identity,
		LogID:            who.logID,
		Headers:          who.headers,
		MaxMemoryBytes:   run.MaxMemoryBytes,
		Bindings:         s.bindings(run, saved),
		OnCapabilityCall: func(string) { calls.Add(1) },
	}
	if s.opts.Guard != nil {
		ereq.Admit = func(c *capability.Capability) bool { return s.admits(who, c) }
	}
	if keeps && s.opts.SessionsEnabled {
		ereq.Session = run.State
	}

	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// Capabilities the run calls may talk back to this client (Confirm).
	runCtx = s.withRequest(runCtx, req)
	runCtx = withSession(runCtx, sess, s.opts.ResultsEnabled)
	runCtx, escalations := audit.WithRunEscalations(runCtx)
	stopProgress := s.startProgress(runCtx, req, &calls)
	start := time.Now()
	exec, err := s.engine.Execute(runCtx, ereq)
	stopProgress()
	elapsed := time.Since(start)

	if err != nil {
		exec = &Execution{Duration: elapsed, Backend: backend, Error: &ExecError{Type: "RuntimeError", Message: err.Error()}}
		if runCtx.Err() != nil {
			exec.Error = contextError(runCtx, ctx, timeout)
		}
	}
	if exec.Duration == 0 {
		exec.Duration = elapsed
	}
	if exec.Backend != "" {
		out.Backend = exec.Backend
	}
	switch {
	case ctx.Err() != nil:
		// The client cancelled: whatever the engine made of the cancelled
		// context (often a time limit), say what happened.
		exec.Error = contextError(runCtx, ctx, timeout)
	case exec.Error == nil && runCtx.Err() != nil:
		// The engine returned a value although the deadline passed; the
		// client asked for a bounded run, honor that.
		exec.Error = contextError(runCtx, ctx, timeout)
	}
	if e := exec.Error; e != nil && e.Exit && e.Limit == "" {
		// A snippet that ends with sys.exit(), sys.exit(0) or False
		// (unittest.main() after its tests passed) ended as a program ends
		// well in CPython: the run succeeded, with what it printed and no
		// value. Any other code stays an error naming it.
		if e.ExitStatus == 0 {
			exec.Error, exec.Value, exec.NotJSON = nil, nil, ""
		}
	}
	out.Value, out.NotJSON = exec.Value, exec.NotJSON
	out.Stdout = exec.Stdout
	out.Stderr = exec.Stderr
	out.Error = exec.Error
	out.DurationMS = float64(exec.Duration.Microseconds()) / 1000
	out.CapabilityCalls = exec.CapabilityCalls
	if n := int(calls.Load()); n > out.CapabilityCalls {
		out.CapabilityCalls = n
	}

	// A run that did not finish (timeout, step budget, cancellation) is
	// rolled back: its half-made bindings would leave the session in a
	// state no snippet described. A run that raised keeps what it bound,
	// like a notebook cell.
	// A session whose sandbox process was killed (a run that did not stop
	// after its deadline) has no globals to roll back: its error says it was
	// reset.
	if exec.Error != nil && (exec.Error.Limit == "time" || exec.Error.Limit == "steps" || runCtx.Err() != nil) && keeps && s.opts.SessionsEnabled && !stateLost(run.State) {
		run.Rollback()
		out.RolledBack = true
		exec.Error.Message += fmt.Sprintf("; the session was rolled back to its state before this run, but the %d capability call(s) it already made stand (their side effects are not undone)", out.CapabilityCalls)
	}

	ev := audit.Event{Event: audit.EventRunEnd, RunID: runID, SnippetSHA256: hash, Backend: out.Backend, Duration: exec.Duration, HasDuration: true, Outcome: audit.OutcomeOK, Subject: who.subject, LogID: who.logID,
		EscalationsCancelled: escalations.Cancelled()}
	if exec.Error != nil {
		ev.Outcome, ev.ErrorType = audit.OutcomeError, telemetry.Clean(exec.Error.Type, maxShownType)
	}
	s.opts.Audit.Log(ev)
	s.logRun(ctx, who, &ev, out.CapabilityCalls)
	endSpan(&ev, out.CapabilityCalls)
	if e := exec.Error; e != nil {
		s.opts.Metrics.ObserveRun(ev.Backend, telemetry.RunOutcome(true, e.Type, e.Limit), exec.Duration)
	} else {
		s.opts.Metrics.ObserveRun(ev.Backend, telemetry.RunOK, exec.Duration)
	}

	res := &mcp.CallToolResult{IsError: exec.Error != nil}
	res.Content = []mcp.Content{&mcp.TextContent{Text: renderText(out, exec.Stderr, run.Notice, run.ResetRequested() && !out.RolledBack)}}
	// Results the run saved are linked, so a client can open them.
	for _, e := range saved.list() {
		res.Content = append(res.Content, &mcp.ResourceLink{URI: e.URI(), Name: e.Handle, Title: e.Label, MIMEType: "application/json", Size: &e.Size})
	}
	return res, out, nil
}

// stateLost reports whether a session's globals were lost during the run
// (its sandbox worker process died).
func stateLost(st backend.Session) bool {
	l, ok := st.(interface{ Lost() bool })
	return ok && l.Lost()
}

// auditRefused records a run refused (out.Error, set by fail) by the cap
// of config key: a session, a run slot or memory it waited for and
// did not get, or could not wait for (too many waiting already).
func (s *Server) auditRefused(out *ExecuteOutput, code string, who caller, key string, waited time.Duration) {
	s.opts.Audit.Log(audit.Event{Event: audit.EventRunRefused, RunID: out.RunID, SnippetSHA256: audit.SnippetHash(code), Backend: out.Backend,
		Outcome: audit.OutcomeDenied, ErrorType: out.Error.Type, Reason: key, Queued: waited, Subject: who.subject, LogID: who.logID})
}

// fail reports a run refused before it started.
func (s *Server) fail(out *ExecuteOutput, typ, msg string) *mcp.CallToolResult {
	out.Error = &ExecError{Type: typ, Message: msg}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: renderText(out, "", "", false)}}}
}

func contextError(runCtx, reqCtx context.Context, timeout time.Duration) *ExecError {
	if reqCtx.Err() != nil {
		if errors.Is(context.Cause(reqCtx), errClientGone) {
			return &ExecError{Type: "CancelledError", Message: "the client disconnected, so the run was stopped"}
		}
		if cause := context.Cause(reqCtx); errors.Is(cause, errShuttingDown) {
			return &ExecError{Type: "CancelledError", Message: cause.Error() + "; send it again (to another replica, or once the server is back)"}
		}
		return &ExecError{Type: "CancelledError", Message: "the client cancelled the run"}
	}
	if errors.Is(runCtx.Err(), context.DeadlineExceeded) {
		return &ExecError{Type: "TimeoutError", Message: fmt.Sprintf("the run exceeded its time limit of %s", timeout), Limit: "time"}
	}
	return &ExecError{Type: "CancelledError", Message: runCtx.Err().Error()}
}

// startProgress sends a progress notification every ProgressInterval while
// the run lasts, if the client sent a progress token. It returns a function
// that stops the notifications and waits for the sender to finish.
func (s *Server) startProgress(ctx context.Context, req *mcp.CallToolRequest, calls *atomic.Int64) func() {
	token := req.Params.GetProgressToken()
	if token == nil || req.Session == nil {
		return func() {}
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		t := time.NewTicker(s.opts.ProgressInterval)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				elapsed := time.Since(start)
				_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
					ProgressToken: token,
					Progress:      math.Round(elapsed.Seconds()*1000) / 1000,
					Message:       fmt.Sprintf("running for %s, %d capability call(s) so far", elapsed.Round(100*time.Millisecond), calls.Load()),
				})
			}
		}
	}()
	return func() {
		close(stop)
		<-done
	}
}

// bindings are the per-client runtime functions of a run.
// savedResults collects the entries a run saved; host calls may run
// concurrently (asyncio.gather).
type savedResults struct {
	mu      sync.Mutex
	entries []results.Entry
}

func (r *savedResults) add(e results.Entry) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.entries = append(r.entries, e)
}

func (r *savedResults) list() []results.Entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.entries)
}

func (s *Server) bindings(run *session.Run, saved *savedResults) map[string]python.HostFunc {
	store := run.Session().Results()
	b := map[string]python.HostFunc{
		"reset_session": func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
			if len(args) > 0 || len(kwargs) > 0 {
				return nil, &python.HostError{Type: "TypeError", Message: "reset_session() takes no arguments"}
			}
			run.RequestReset()
			return nil, nil
		},
	}
	if !s.opts.ResultsEnabled {
		disabled := func(name string) python.HostFunc {
			return func(context.Context, []any, map[string]any) (any, error) {
				return nil, &python.HostError{Type: "RuntimeError", Message: name + "() is unavailable: the result store is disabled ([results] enabled = false in toolplane.toml)"}
			}
		}
		b["save_result"] = disabled("save_result")
		b["load_result"] = disabled("load_result")
		return b
	}
	b["save_result"] = func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
		value, label, err := saveArgs(args, kwargs)
		if err != nil {
			return nil, err
		}
		e, err := store.Save(value, label)
		var nse *results.NotSerializableError
		switch {
		case errors.As(err, &nse):
			return nil, &python.HostError{Type: "TypeError", Message: err.Error()}
		case errors.Is(err, results.ErrTooLarge):
			return nil, &python.HostError{Type: "ValueError", Message: err.Error()}
		case err != nil:
			return nil, &python.HostError{Type: "RuntimeError", Message: err.Error()}
		}
		saved.add(e)
		return e.Handle, nil
	}
	b["load_result"] = func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
		handle, err := loadArgs(args, kwargs)
		if err != nil {
			return nil, err
		}
		v, err := store.Load(handle)
		if err != nil {
			return nil, &python.HostError{Type: "KeyError", Message: err.Error()}
		}
		return v, nil
	}
	return b
}

func saveArgs(args []any, kwargs map[string]any) (value any, label string, err error) {
	const usage = "save_result(value, label=None)"
	typeErr := func(msg string) error { return &python.HostError{Type: "TypeError", Message: usage + ": " + msg} }
	if len(args) > 2 {
		return nil, "", typeErr(fmt.Sprintf("takes at most 2 positional arguments (%d given)", len(args)))
	}
	var haveValue, haveLabel bool
	var labelValue any
	if len(args) >= 1 {
		value, haveValue = args[0], true
	}
	if len(args) == 2 {
		labelValue, haveLabel = args[1], true
	}
	for k, v := range kwargs {
		switch {
		case k == "value" && !haveValue:
			value, haveValue = v, true
		case k == "label" && !haveLabel:
			labelValue, haveLabel = v, true
		case k == "value" || k == "label":
			return nil, "", typeErr(fmt.Sprintf("got multiple values for argument '%s'", k))
		default:
			return nil, "", typeErr(fmt.Sprintf("got an unexpected keyword argument '%s'", k))
		}
	}
	if !haveValue {
		return nil, "", typeErr("missing required argument: 'value'")
	}
	switch l := labelValue.(type) {
	case nil:
	case string:
		label = telemetry.Clean(l, MaxLabelBytes)
	default:
		return nil, "", typeErr(fmt.Sprintf("label must be a str or None, not %s", jsonlike.TypeName(labelValue)))
	}
	return value, label, nil
}

// MaxLabelBytes bounds a save_result label. The snippet writes the label
// and agents and people read it (the resources list, the links of a run's
// result): it is cut to this length and its control and invisible
// characters (newlines, ANSI escapes, bidirectional overrides) are
// written as escapes, so a label is one line of plain text that cannot
// redraw a terminal or pass for text of toolplane's own.
const MaxLabelBytes = 200

func loadArgs(args []any, kwargs map[string]any) (string, error) {
	usage := "load_result(handle)"
	var h any
	switch {
	case len(args) == 1 && len(kwargs) == 0:
		h = args[0]
	case len(args) == 0 && len(kwargs) == 1 && kwargs["handle"] != nil:
		h = kwargs["handle"]
	default:
		return "", &python.HostError{Type: "TypeError", Message: usage + " takes exactly one argument, the res_... handle save_result returned"}
	}
	s, ok := h.(string)
	if !ok {
		return "", &python.HostError{Type: "TypeError", Message: fmt.Sprintf("%s: handle must be a str, not %s", usage, jsonlike.TypeName(h))}
	}
	return s, nil
}

// maxTextValue bounds how much of a value the text block repeats; the
// structured content always has all of it.
const maxTextValue = 16 << 10

// renderText is the readable block of an execute_code result: any session
// notice, stdout, stderr, then the error with its traceback or the value.
func renderText(out *ExecuteOutput, stderr, notice string, reset bool) string {
	// Everything below but the notice and the section headers is the
	// snippet's (its output, its exceptions' types and messages, its
	// value): shown escaped, so no escape sequence or invisible character
	// reaches the reader's terminal, and an error's type is one bounded
	// line.
	o := *out
	out = &o
	out.Stdout, stderr = telemetry.CleanLines(out.Stdout), telemetry.CleanLines(stderr)
	if e := out.Error; e != nil {
		ec := *e
		ec.Type = telemetry.Clean(ec.Type, maxShownType)
		ec.Message, ec.Traceback = telemetry.CleanLines(cut(ec.Message)), telemetry.CleanLines(ec.Traceback)
		out.Error = &ec
	}
	var b strings.Builder
	if notice != "" {
		b.WriteString(notice + "\n\n")
	}
	if out.Stdout != "" {
		b.WriteString("stdout:\n" + out.Stdout)
		if !strings.HasSuffix(out.Stdout, "\n") {
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	if stderr != "" {
		b.WriteString("stderr:\n" + stderr)
		if !strings.HasSuffix(stderr, "\n") {
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	if e := out.Error; e != nil {
		if e.Traceback != "" {
			// CPython's traceback ends with "Type: message"; that line is
			// replaced by ours, which may carry more (the rollback note).
			tb := strings.Split(strings.TrimRight(e.Traceback, "\n"), "\n")
			if last := tb[len(tb)-1]; strings.HasPrefix(last, e.Type) {
				tb = tb[:len(tb)-1]
			}
			b.WriteString(strings.Join(tb, "\n") + "\n")
			fmt.Fprintf(&b, "%s: %s\n", e.Type, e.Message)
		} else {
			fmt.Fprintf(&b, "%s: %s\n", e.Type, e.Message)
		}
	} else {
		if out.NotJSON != "" {
			fmt.Fprintf(&b, "result (no JSON form: %s; its repr):\n%s\n", telemetry.CleanLines(out.NotJSON), telemetry.CleanLines(cut(fmt.Sprint(out.Value))))
		} else {
			fmt.Fprintf(&b, "result (%s):\n%s\n", jsonlike.TypeName(out.Value), telemetry.CleanLines(valueText(out.Value)))
		}
	}
	if reset {
		b.WriteString("\n(reset_session() was called: the session's globals are cleared now that the run has ended)\n")
	}
	return b.String()
}

// maxShownType bounds an exception's type name in the text block: a
// snippet names its classes (type("x" * 10**6, (Exception,), {})).
const maxShownType = 200

// valueText is the value as an agent reads it: a str as it is, None as
// None, anything else as json.dumps(value, ensure_ascii=False) writes it,
// cut to maxTextValue.
func valueText(v any) string {
	switch x := v.(type) {
	case string:
		return cut(x)
	case nil:
		return "None"
	}
	text, err := jsonlike.Format(v)
	if err != nil {
		text = fmt.Sprint(v)
	}
	return cut(text)
}

// cut bounds the text block's copy of a value; the structured content has
// all of it.
func cut(text string) string {
	if len(text) > maxTextValue {
		text = text[:maxTextValue] + fmt.Sprintf("\n... (%d more bytes; the structured content has the whole value)", len(text)-maxTextValue)
	}
	return text
}

// sessionBackend names the backend whose runs keep the client session's
// state: the engine's SessionBackend, else embedded.
func sessionBackend(e Engine) string {
	if sb, ok := e.(interface{ SessionBackend() string }); ok {
		return sb.SessionBackend()
	}
	return BackendEmbedded
}
