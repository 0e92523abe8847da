package toolplane

import (
	"context"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/server"
)

// Engine returns the runtime as the MCP facade's engine: the facade's
// direct tool calls and execute_code runs go through this runtime's chain
// and backends.
func (rt *Runtime) Engine() server.Engine { return engine{rt} }

type engine struct{ rt *Runtime }

func (e engine) Registry() *capability.Registry { return e.rt.reg }

func (e engine) DefaultBackend() string { return e.rt.defaultBackend }

func (e engine) Call(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
	return e.rt.Dispatch(ctx, call)
}

func (e engine) Execute(ctx context.Context, req *server.ExecuteRequest) (*server.Execution, error) {
	bindings := make(map[string]backend.HostFunc, len(req.Bindings))
	for name, f := range req.Bindings {
		bindings[name] = backend.HostFunc(f)
	}
	res, err := e.rt.Execute(ctx, req.Code, ExecuteOptions{
		Backend:          req.Backend,
		Timeout:          req.Timeout,
		RunID:            req.RunID,
		Globals:          req.Globals,
		Limits:           python.Limits{MaxMemoryBytes: req.MaxMemoryBytes},
		Bindings:         bindings,
		OnCapabilityCall: req.OnCapabilityCall,
	})
	if err != nil {
		return nil, err
	}
	out := &server.Execution{
		Value:           res.Value,
		Stdout:          res.Stdout,
		Stderr:          res.Stderr,
		Duration:        res.Duration,
		Backend:         res.Backend,
		CapabilityCalls: res.CapabilityCalls,
	}
	if res.Error != nil {
		out.Error = &server.ExecError{Type: res.Error.Type, Message: res.Error.Message, Traceback: res.Error.Traceback, Limit: res.Error.Limit}
	}
	return out, nil
}
