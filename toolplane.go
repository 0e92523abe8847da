// Package toolplane is the Go API of toolplane: a Runtime holds the
// capability registry, the one dispatch chain every capability call passes
// through, and the code backends that run snippets.
//
//	rt, err := toolplane.New()
//	rt.Register(gofunc.New("greeter", "greet", "Say hello.", greet))
//	rt.Use(myAuditMiddleware)
//	res, err := rt.Execute(ctx, `return await greeter.greet(name="ada")`, toolplane.ExecuteOptions{})
//
// A capability call made by a snippet and one made with Runtime.Call pass
// the same chain, so a middleware written once governs both.
package toolplane

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/backend/embedded"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/vm"
	"github.com/toolplane/toolplane/sandbox"
	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// Runtime is a configured toolplane: capabilities, chain and backends. It
// is safe for concurrent use. Stop releases what it started.
type Runtime struct {
	reg *capability.Registry

	mu             sync.RWMutex
	middlewares    []dispatch.Middleware
	chain          dispatch.Handler // built from middlewares and the terminus
	backends       map[string]backend.Backend
	defaultBackend string
	onStop         []func() error
	stopped        bool
	isolated       bool          // see WithProcessIsolation
	pool           *sandbox.Pool // the worker pool of process isolation
	upstreams      *mcpsrc.Manager
	// maxHostCalls is a run's capability calls when its options leave
	// them unset (0: the interpreter's default), and hostCallsKey the
	// setting it came from, which a run past it is told to raise (see
	// WithMaxHostCalls).
	maxHostCalls int
	hostCallsKey string
}

// Option configures a Runtime under construction.
type Option func(*Runtime) error

// WithBackend adds a code backend (replacing one of the same name).
func WithBackend(b backend.Backend) Option {
	return func(rt *Runtime) error {
		rt.backends[b.Name()] = b
		return nil
	}
}

// WithDefaultBackend names the backend Execute uses when the options name
// none; it must be registered by the time New returns.
func WithDefaultBackend(name string) Option {
	return func(rt *Runtime) error {
		rt.defaultBackend = name
		return nil
	}
}

// WithMiddleware installs middlewares, outermost first, as Use does.
func WithMiddleware(mws ...dispatch.Middleware) Option {
	return func(rt *Runtime) error {
		rt.middlewares = append(rt.middlewares, mws...)
		return nil
	}
}

// WithMaxHostCalls sets the capability calls a run may make when its
// ExecuteOptions.Limits leave MaxHostCalls unset (Open sets it from
// [session] max_host_calls). key, if not empty, names where it is set
// ("[session] max_host_calls in toolplane.toml"): the error of a run that
// makes more says to raise it there.
func WithMaxHostCalls(n int, key string) Option {
	return func(rt *Runtime) error {
		if n < 0 {
			return fmt.Errorf("max host calls must not be negative, got %d", n)
		}
		rt.maxHostCalls, rt.hostCallsKey = n, key
		return nil
	}
}

// WithCapabilities registers capabilities; any registration error,
// including an alias that could not be made, fails New.
func WithCapabilities(caps ...capability.Capability) Option {
	return func(rt *Runtime) error { return rt.reg.AddAll(caps...) }
}

// OnStop registers a function Stop calls, in reverse order of
// registration (sources, connections, ...).
func (rt *Runtime) OnStop(f func() error) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	rt.onStop = append(rt.onStop, f)
}

// New returns a runtime with an empty registry and the embedded backend as
// default.
func New(opts ...Option) (*Runtime, error) {
	// One module table serves both the registry's reserved names and the
	// embedded backend: building it is a share of every `toolplane run`.
	mods := lib.Modules()
	rt := &Runtime{
		reg:            capability.NewRegistry(capability.WithModules(moduleNames(mods)...)),
		backends:       map[string]backend.Backend{},
		defaultBackend: embedded.Name,
	}
	rt.backends[embedded.Name] = embedded.New(embedded.WithModules(mods))
	for _, o := range opts {
		if err := o(rt); err != nil {
			return nil, fmt.Errorf("toolplane: %w", err)
		}
	}
	if _, ok := rt.backends[rt.defaultBackend]; !ok {
		return nil, fmt.Errorf("toolplane: default backend %q is not available (have %v)", rt.defaultBackend, rt.BackendNames())
	}
	rt.rebuildChain()
	return rt, nil
}

// SnippetModules returns the top-level names of the modules a snippet can
// import on the embedded interpreter (python/lib's table without the
// modules it deliberately leaves out), sorted. A runtime's registry
// reserves them: a capability namespace named like one is bound with a
// trailing underscore (the tools of an MCP server named logging are
// logging_.NAME), so `import logging` still gets the module, and
// search_capabilities says so.
func SnippetModules() []string { return slices.Clone(snippetModules()) }

// snippetModules computes SnippetModules once: the table is the same for
// every runtime of a build.
var snippetModules = sync.OnceValue(func() []string { return moduleNames(lib.Modules()) })

// moduleNames is SnippetModules of the table mods.
func moduleNames(mods vm.Modules) []string {
	absent := map[string]bool{}
	for _, n := range lib.Absent() {
		absent[n] = true
	}
	seen := map[string]bool{}
	var out []string
	for name := range mods {
		top, _, _ := strings.Cut(name, ".")
		if absent[name] || absent[top] || seen[top] {
			continue
		}
		seen[top] = true
		out = append(out, top)
	}
	sort.Strings(out)
	return out
}

// Registry returns the runtime's capability registry.
func (rt *Runtime) Registry() *capability.Registry { return rt.reg }

// Register adds a capability. An *capability.AliasError means it was
// registered but an alias could not be made; any other error means it was
// not registered.
func (rt *Runtime) Register(c capability.Capability) error { return rt.reg.Add(c) }

// Use appends a middleware inside the ones installed before it (onion
// order: the first installed sees a call first). The chain is rebuilt once
// here, not per call.
func (rt *Runtime) Use(mw dispatch.Middleware) {
	rt.mu.Lock()
	rt.middlewares = append(rt.middlewares, mw)
	rt.mu.Unlock()
	rt.rebuildChain()
}

func (rt *Runtime) rebuildChain() {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	rt.chain = dispatch.Chain(dispatch.Terminus(rt.reg.Lookup), rt.middlewares...)
}

// Dispatch sends a prepared call through the chain. Facades that build
// their own Call (the MCP server's tools/call) use it; call.CapabilityID
// must be canonical.
func (rt *Runtime) Dispatch(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
	rt.mu.RLock()
	h := rt.chain
	rt.mu.RUnlock()
	return h(ctx, call)
}

// Call calls a capability from Go by canonical id or alias. args is a
// map[string]any or any value that encodes to a JSON object (a struct);
// it is normalised through JSON. The call passes the same chain as a
// snippet's calls, with origin OriginToolCall.
func (rt *Runtime) Call(ctx context.Context, idOrAlias string, args any) (*dispatch.Result, error) {
	c, ok := rt.reg.Lookup(idOrAlias)
	if !ok {
		return nil, notFound(rt.reg, idOrAlias, nil)
	}
	obj, err := argsObject(args)
	if err != nil {
		return nil, fmt.Errorf("calling %s: %w", c.ID, err)
	}
	return rt.Dispatch(ctx, dispatch.NewCall(dispatch.OriginToolCall, c, obj))
}

// argsObject normalises Go arguments to a JSON object of JSON-like values.
func argsObject(args any) (map[string]any, error) {
	if args == nil {
		return map[string]any{}, nil
	}
	data, err := json.Marshal(args)
	if err != nil {
		return nil, fmt.Errorf("encoding arguments: %w", err)
	}
	v, err := capability.DecodeJSON(data)
	if err != nil {
		return nil, err
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("arguments must encode to a JSON object, got %s", data)
	}
	return obj, nil
}

func notFound(reg *capability.Registry, name string, admit func(*capability.Capability) bool) error {
	msg := "no such capability; search_capabilities lists what exists"
	if s := reg.SuggestOf(name, 3, admit); len(s) > 0 {
		msg = fmt.Sprintf("no such capability; did you mean %s?", strings.Join(s, ", "))
	}
	return &dispatch.Error{Kind: dispatch.KindNotFound, CapabilityID: name, Message: msg}
}

// BackendNames lists the available backends, sorted.
func (rt *Runtime) BackendNames() []string {
	var out []string
	for n := range rt.backends {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// DefaultBackend is the backend Execute uses when the options name none.
func (rt *Runtime) DefaultBackend() string { return rt.defaultBackend }

// Stop runs the OnStop functions in reverse order once and returns their
// errors joined.
func (rt *Runtime) Stop() error {
	rt.mu.Lock()
	if rt.stopped {
		rt.mu.Unlock()
		return nil
	}
	rt.stopped = true
	fs := rt.onStop
	rt.mu.Unlock()
	var errs []error
	for i := len(fs) - 1; i >= 0; i-- {
		if err := fs[i](); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// SandboxStats reports the worker pool's state; ok is false without
// process isolation.
func (rt *Runtime) SandboxStats() (st sandbox.Stats, ok bool) {
	rt.mu.RLock()
	pool := rt.pool
	rt.mu.RUnlock()
	if pool == nil {
		return sandbox.Stats{}, false
	}
	return pool.Stats(), true
}

// UpstreamStates reports the configured upstream MCP servers' states
// without contacting any.
func (rt *Runtime) UpstreamStates() []mcpsrc.ServerState {
	rt.mu.RLock()
	mgr := rt.upstreams
	rt.mu.RUnlock()
	if mgr == nil {
		return nil
	}
	return mgr.States()
}

// Ready says why the runtime cannot serve runs now, or nil: it is
// stopped, its worker pool could not start a worker, or an upstream
// server configured with startup = "eager" (one its users rely on from
// the start) is not connected.
func (rt *Runtime) Ready() error {
	rt.mu.RLock()
	stopped := rt.stopped
	rt.mu.RUnlock()
	if stopped {
		return errors.New("the runtime is stopped")
	}
	if st, ok := rt.SandboxStats(); ok {
		switch {
		case st.Closed:
			return errors.New("the sandbox worker pool is closed")
		case st.StartErr != nil && st.Idle == 0:
			return fmt.Errorf("no sandbox worker can start: %w", st.StartErr)
		}
	}
	for _, u := range rt.UpstreamStates() {
		if u.Eager && !u.Connected {
			return fmt.Errorf("the eager upstream MCP server %s is not connected", u.Name)
		}
	}
	return nil
}
