package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/jsonlike"
	"github.com/toolplane/toolplane/python/lib"
)

// pyEngine is a small but real Engine for the facade's tests: a real
// registry, the real dispatch chain with the audit middleware, and the real
// embedded interpreter. (The product wires toolplane.Runtime instead.)
type pyEngine struct {
	reg   *capability.Registry
	chain dispatch.Handler
	// bumps counts calls of go:counter/bump: a side effect that outlives a
	// rolled-back run.
	bumps atomic.Int64
	// steps is the step budget of runs (0: the default).
	steps int64
}

func newPyEngine(log *audit.Logger) *pyEngine {
	e := &pyEngine{reg: capability.NewRegistry()}
	obj := func(props string, required ...string) json.RawMessage {
		req, _ := json.Marshal(required)
		return json.RawMessage(fmt.Sprintf(`{"type":"object","properties":{%s},"required":%s}`, props, req))
	}
	must := func(err error) {
		if err != nil {
			panic(err)
		}
	}
	must(e.reg.Add(capability.Capability{
		ID: "go:greeter/greet", Source: capability.SourceGo, Namespace: "greeter", Name: "greet",
		Description: "Greet someone by name, politely.",
		InputSchema: obj(`"name":{"type":"string","description":"who to greet"}`, "name"),
		Labels:      map[string]string{"team": "docs"},
		Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
			return &capability.Result{Structured: map[string]any{"greeting": fmt.Sprintf("Hello, %v!", args["name"])}}, nil
		},
	}))
	must(e.reg.Add(capability.Capability{
		ID: "go:counter/bump", Source: capability.SourceGo, Namespace: "counter", Name: "bump",
		Description: "Increment a server-side counter and return its new value.",
		InputSchema: obj(``),
		Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
			return &capability.Result{Structured: map[string]any{"value": e.bumps.Add(1)}}, nil
		},
	}))
	must(e.reg.Add(capability.Capability{
		ID: "go:clock/sleep", Source: capability.SourceGo, Namespace: "clock", Name: "sleep",
		Description: "Wait for a number of seconds, honoring cancellation.",
		InputSchema: obj(`"seconds":{"type":"number"}`, "seconds"),
		Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
			secs, _ := args["seconds"].(float64)
			if i, ok := args["seconds"].(int64); ok {
				secs = float64(i)
			}
			select {
			case <-time.After(time.Duration(secs * float64(time.Second))):
				return &capability.Result{Structured: map[string]any{"slept": secs}}, nil
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		},
	}))
	must(e.reg.Add(capability.Capability{
		ID: "go:guard/ask", Source: capability.SourceGo, Namespace: "guard", Name: "ask",
		Description: "Ask the human at the client whether to proceed.",
		InputSchema: obj(``),
		Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
			answer, err := Confirm(ctx, "Proceed with the guarded step?")
			if err != nil {
				return nil, err
			}
			return &capability.Result{Structured: map[string]any{"answer": string(answer)}}, nil
		},
	}))
	e.chain = dispatch.Chain(dispatch.Terminus(e.reg.Lookup), audit.Middleware(log))
	return e
}

func (e *pyEngine) Registry() *capability.Registry { return e.reg }
func (e *pyEngine) DefaultBackend() string         { return BackendEmbedded }
func (e *pyEngine) NewSession() backend.Session    { return backend.NewLocalSession() }

// globalsOf is the namespace of an in-process session, nil for none.
func globalsOf(s backend.Session) *python.Globals {
	if s == nil {
		return nil
	}
	return s.(*backend.LocalSession).Globals()
}

func (e *pyEngine) Call(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
	return e.chain(ctx, call)
}

// lockedBuffer collects print output written from host goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (e *pyEngine) Execute(ctx context.Context, req *ExecuteRequest) (*Execution, error) {
	if req.Backend != "" && req.Backend != BackendEmbedded {
		return nil, fmt.Errorf("backend %q is not configured in this test engine", req.Backend)
	}
	start := time.Now()
	out := &Execution{Backend: BackendEmbedded}
	prog, err := python.Compile("<snippet>", req.Code, python.CompileOptions{Snippet: true})
	if err != nil {
		out.Error = toExecError(err)
		return out, nil
	}
	var calls atomic.Int64
	invoke := func(ctx context.Context, id string, args map[string]any) (any, error) {
		c, ok := e.reg.Lookup(id)
		if !ok {
			return nil, &python.HostError{Type: "LookupError", Message: "no capability " + id}
		}
		calls.Add(1)
		if req.OnCapabilityCall != nil {
			req.OnCapabilityCall(c.ID)
		}
		call := dispatch.NewCall(dispatch.OriginSnippet, c, args)
		call.RunID = req.RunID
		res, err := e.chain(ctx, call)
		if err != nil {
			var de *dispatch.Error
			if errors.As(err, &de) {
				return nil, &python.HostError{Type: de.PythonException(), Message: de.Error(), Capability: c.ID}
			}
			return nil, err
		}
		if res.IsError {
			return nil, &python.HostError{Type: "ToolError", Message: fmt.Sprint(res.Content), Capability: c.ID}
		}
		return res.Structured, nil
	}
	host := map[string]python.HostFunc{}
	for alias, id := range e.reg.Namespace() {
		host[alias] = func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
			if len(args) > 0 {
				return nil, &python.HostError{Type: "TypeError", Message: alias + "() takes keyword arguments only"}
			}
			return invoke(ctx, id, kwargs)
		}
	}
	host["call_tool"] = func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
		if len(args) != 2 {
			return nil, &python.HostError{Type: "TypeError", Message: "call_tool(id, args) takes 2 arguments"}
		}
		id, _ := args[0].(string)
		a, _ := jsonlike.Plain(args[1]).(map[string]any)
		return invoke(ctx, id, a)
	}
	for k, v := range req.Bindings {
		host[k] = v
	}
	var stdout, stderr lockedBuffer
	ctx, cancel := context.WithTimeout(ctx, req.Timeout)
	defer cancel()
	res, err := prog.Run(ctx, python.RunOptions{
		Globals: globalsOf(req.Session),
		Stdout:  &stdout,
		Stderr:  &stderr,
		Host:    host,
		Limits:  python.Limits{MaxMemoryBytes: req.MaxMemoryBytes, Steps: e.steps},
		Modules: lib.Modules(),
	})
	out.Stdout = stdout.buf.String()
	out.Stderr = stderr.buf.String()
	out.Duration = time.Since(start)
	out.CapabilityCalls = int(calls.Load())
	if err != nil {
		out.Error = toExecError(err)
		return out, nil
	}
	out.Value, out.NotJSON = res.Value, res.NotJSON
	return out, nil
}

func toExecError(err error) *ExecError {
	var pe *python.Exception
	if errors.As(err, &pe) {
		return &ExecError{Type: pe.Type, Message: pe.Message, Traceback: pe.Traceback, Limit: pe.Limit,
			Exit: pe.Exit, ExitStatus: pe.ExitStatus, ExitText: pe.ExitText}
	}
	return &ExecError{Type: "RuntimeError", Message: err.Error()}
}

// interpreterReady reports whether the embedded interpreter runs snippets
// yet; execution tests skip until it does.
func interpreterReady() error {
	prog, err := python.Compile("<probe>", "return 1", python.CompileOptions{Snippet: true})
	if err != nil {
		return err
	}
	_, err = prog.Run(context.Background(), python.RunOptions{})
	return err
}
