// Package rtengine adapts a toolplane.Runtime to the MCP facade's
// server.Engine, so `toolplane serve mcp` and programs embedding the facade
// serve the same runtime the Go API uses. It is a package of its own so
// that neither server nor the root package imports the other.
package rtengine

import (
	"context"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/server"
)

// New returns the Engine of rt.
func New(rt *toolplane.Runtime) server.Engine { return engine{rt} }

type engine struct{ rt *toolplane.Runtime }

func (e engine) Registry() *capability.Registry { return e.rt.Registry() }
func (e engine) DefaultBackend() string         { return e.rt.DefaultBackend() }
func (e engine) NewSession() backend.Session    { return e.rt.NewSession() }

// SessionBackend names the backend whose runs get the session NewSession
// made (see toolplane.Runtime.SessionBackend).
func (e engine) SessionBackend() string { return e.rt.SessionBackend() }

// Isolated reports whether snippets run in sandbox worker processes: the
// facade then parses none itself.
func (e engine) Isolated() bool { return e.rt.Isolated() }

func (e engine) Call(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
	return e.rt.Dispatch(ctx, call)
}

func (e engine) Execute(ctx context.Context, req *server.ExecuteRequest) (*server.Execution, error) {
	bindings := make(map[string]backend.HostFunc, len(req.Bindings))
	for name, f := range req.Bindings {
		bindings[name] = backend.HostFunc(f)
	}
	res, err := e.rt.Execute(ctx, req.Code, toolplane.ExecuteOptions{
		Backend:          req.Backend,
		Timeout:          req.Timeout,
		RunID:            req.RunID,
		Subject:          req.Subject,
		Identity:         req.Identity,
		LogID:            req.LogID,
		Headers:          req.Headers,
		Session:          req.Session,
		Bindings:         bindings,
		Limits:           python.Limits{MaxMemoryBytes: req.MaxMemoryBytes},
		OnCapabilityCall: req.OnCapabilityCall,
		Admit:            req.Admit,
	})
	if err != nil {
		return nil, err
	}
	out := &server.Execution{
		Value:           res.Value,
		NotJSON:         res.NotJSON,
		Stdout:          res.Stdout,
		Stderr:          res.Stderr,
		Duration:        res.Duration,
		Backend:         res.Backend,
		CapabilityCalls: res.CapabilityCalls,
	}
	if res.Error != nil {
		out.Error = &server.ExecError{Type: res.Error.Type, Message: res.Error.Message, Traceback: res.Error.Traceback, Limit: res.Error.Limit,
			Exit: res.Error.Exit, ExitStatus: res.Error.ExitStatus, ExitText: res.Error.ExitText}
	}
	return out, nil
}
