// Package plugin is the public API of toolplane plugins. A plugin is an
// ordinary package with a value implementing Plugin; its Install method only
// registers things on the Registry it is handed:
//
//	func (p *Quota) Install(r *plugin.Registry) error {
//		if err := r.Config(&p.cfg); err != nil { // [plugins.quota]
//			return err
//		}
//		r.OnBuild(p.open)   // runs once the configuration is loaded
//		r.Use(p.middleware) // a dispatch.Middleware
//		r.OnStop(p.close)
//		return nil
//	}
//
// The host lists the plugins it knows (NewHost), loads the configuration,
// and Build installs those named in `[plugins] use = [...]`, in that order:
// installation order is onion order (the first sees a call first and its
// result last). Every plugin layer sits inside admission, so plugins only
// see admitted calls, and the same layers govern direct tool calls and the
// calls of snippets. Call.Meta carries data between layers of one call.
//
// Besides layers a plugin may contribute MCP tools (Tool: capabilities of
// source plugin, admitted by their labels like any other), filter or
// annotate tools/list (ListTools), serve HTTP routes (Route behind
// authentication, RoutePublic without), and declare where its ids live
// across replicas (NewOwnedID, OwnerRouted, OwnerRoutedPath). Every
// registration is taken during Install only; one made later (from a hook,
// a middleware, a goroutine) is refused, and from an OnBuild hook it
// fails the boot. `[plugins] required` lists plugins a deployment must
// have in use, and a [plugins.NAME] section of a plugin not in use fails
// the boot: in both cases something the operator believes is in effect
// would not be.
package plugin

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/dispatch"
)

// Plugin is an installable extension.
type Plugin interface {
	// Name is the plugin's name in `[plugins] use` and its section
	// `[plugins.<name>]`: a bare TOML key.
	Name() string
	// Install registers the plugin's middlewares, hooks, routes and
	// configuration section. It must not start anything: work that can
	// fail at startup belongs in an OnBuild hook.
	Install(r *Registry) error
}

// Registry is what a plugin installs into. Its methods are only valid
// during Install.
type Registry struct {
	host       *Host
	name       string
	loader     *config.Loader
	layers     []Layer
	onBuild    []func(context.Context) error
	onStop     []func() error
	routes     map[string]http.Handler
	public     map[string]http.Handler
	tools      []Tool
	lists      []ListFilter
	ownerTools map[string]string
	ownerPaths []OwnerRoutedPath
	claimed    bool
	// sealed is set once Install returns: registrations after it (from
	// an OnBuild hook, a middleware, a goroutine) would take effect
	// nowhere or half-way, so they are refused and recorded in misuse.
	sealed bool
	misuse []string
}

// refuse reports whether the registry is sealed, recording the attempt.
func (r *Registry) refuse(method string) bool {
	if !r.sealed {
		return false
	}
	r.host.mu.Lock()
	r.misuse = append(r.misuse, method)
	r.host.mu.Unlock()
	return true
}

// Layer is one named middleware of the plugin chain.
type Layer struct {
	// Name is "plugin" or "plugin/name" (Named).
	Name       string
	Middleware dispatch.Middleware
}

// Name is the name of the plugin being installed.
func (r *Registry) Name() string { return r.name }

// Use adds a dispatch middleware; the middleware function is called once,
// when the chain is built, after every OnBuild hook has run, so it may use
// what those hooks opened.
func (r *Registry) Use(mw dispatch.Middleware) { r.Named("", mw) }

// Named is Use with a name for the layer ("spill/preview"), shown in
// diagnostics (Host.Layers).
func (r *Registry) Named(name string, mw dispatch.Middleware) {
	if r.refuse("Use") {
		return
	}
	full := r.name
	if name != "" {
		full += "/" + name
	}
	r.layers = append(r.layers, Layer{Name: full, Middleware: mw})
}

// Config claims the plugin's section [plugins.<name>] for target, a
// pointer to a struct with toml tags whose current values are the
// defaults. Decoding is strict: an unknown key in the section refuses the
// boot with its position.
func (r *Registry) Config(target any) error {
	if r.refuse("Config") {
		return fmt.Errorf("plugin %s: Config called after Install; claim the section during Install", r.name)
	}
	if r.claimed {
		return fmt.Errorf("plugin %s: Config called twice; one section per plugin", r.name)
	}
	r.claimed = true
	if err := r.loader.Claim("plugins."+r.name, target); err != nil {
		return fmt.Errorf("plugin %s: %w", r.name, err)
	}
	return nil
}

// OnBuild registers a hook that runs once the configuration is loaded, in
// installation order; an error refuses the boot.
func (r *Registry) OnBuild(f func(ctx context.Context) error) {
	if r.refuse("OnBuild") {
		return
	}
	r.onBuild = append(r.onBuild, f)
}

// OnStop registers a hook that runs when the host stops, in reverse
// installation order. Unlike the other registrations it is also taken
// from an OnBuild hook: cleanup of what the hook opened.
func (r *Registry) OnStop(f func() error) {
	r.host.mu.Lock()
	defer r.host.mu.Unlock()
	r.onStop = append(r.onStop, f)
}

// Route serves h at pattern (an http.ServeMux pattern) behind the HTTP
// server's log id, header snapshot and authentication.
func (r *Registry) Route(pattern string, h http.Handler) {
	if r.refuse("Route") {
		return
	}
	r.routes[pattern] = h
}

// RoutePublic serves h at pattern without authentication (health checks,
// public metadata).
func (r *Registry) RoutePublic(pattern string, h http.Handler) {
	if r.refuse("RoutePublic") {
		return
	}
	r.public[pattern] = h
}

// Host installs plugins into a toolplane build. A nil *Host (no
// configuration file was loaded, so nothing claimed) has no plugins.
type Host struct {
	known    map[string]*Registry
	order    []string // names as given to NewHost
	use      []string // [plugins] use
	required []string // [plugins] required
	active   []*Registry
	built    int
	replica  string

	mu sync.Mutex // guards misuse and onStop, written from hooks
}

// NewHost installs every plugin in available into a registry of its own
// (claiming their sections on l, and `[plugins] use`), before the
// configuration is loaded. Only the plugins `use` names are built and
// chained by Build; the others' registrations are dropped.
func NewHost(l *config.Loader, available ...Plugin) (*Host, error) {
	h := &Host{known: map[string]*Registry{}}
	for _, p := range available {
		name := p.Name()
		if name == "" || name == "use" || strings.ContainsAny(name, ". \"'[]=") {
			return nil, fmt.Errorf("plugin %q: the name must be a bare TOML key other than \"use\"", name)
		}
		if _, dup := h.known[name]; dup {
			return nil, fmt.Errorf("plugin %q is listed twice", name)
		}
		r := &Registry{host: h, name: name, loader: l, routes: map[string]http.Handler{}, public: map[string]http.Handler{}, ownerTools: map[string]string{}}
		err := safely(name, "Install", func() error { return p.Install(r) })
		r.sealed = true
		if err != nil {
			return nil, fmt.Errorf("installing plugin %s: %w", name, err)
		}
		h.known[name] = r
		h.order = append(h.order, name)
	}
	if err := l.Claim("plugins.use", &h.use); err != nil {
		return nil, err
	}
	if err := l.Claim("plugins.required", &h.required); err != nil {
		return nil, err
	}
	return h, nil
}

// SetReplica names this process among the replicas of one endpoint
// ([http] replica), for the ids Registry.NewOwnedID makes. Call it before
// serving.
func (h *Host) SetReplica(name string) {
	if h != nil {
		h.replica = name
	}
}

// Build checks `[plugins] use` and runs the OnBuild hooks of the plugins it
// names, in order. file is the configuration file (for positions; "" when
// there is none). An unknown plugin or a failing hook refuses the boot; the
// hooks of plugins already built are stopped then.
// Check runs Build's checks of the configuration without running any
// hook (config check): every required plugin is in use, every plugin in
// use exists once, and no [plugins.NAME] section configures a plugin not
// in use.
func (h *Host) Check(file string) error {
	if h == nil {
		return nil
	}
	_, err := h.resolve(file)
	return err
}

// resolve checks [plugins] and returns the registries of use, in order.
func (h *Host) resolve(file string) ([]*Registry, error) {
	var active []*Registry
	for _, name := range h.required {
		if !slices.Contains(h.use, name) {
			avail := ""
			if _, ok := h.known[name]; !ok {
				avail = "; this build does not even have it (" + h.available() + ")"
			}
			return nil, fmt.Errorf("%s: plugins.required lists %q, but plugins.use does not install it%s; add it to use, or the deployment runs without what it requires", where(file, "required", name), name, avail)
		}
	}
	for _, name := range h.order {
		if slices.Contains(h.use, name) || file == "" {
			continue
		}
		// A [plugins.NAME] table, a dotted key or an inline table
		// (plugins.spill.ttl = ..., spill = {...} under [plugins]).
		if configures(file, name) {
			at := where(file, name, "")
			if at == file {
				if line, col := config.Position(file, "plugins", name); line > 0 {
					at = fmt.Sprintf("%s:%d:%d", file, line, col)
				}
			}
			return nil, fmt.Errorf("%s: [plugins.%s] configures plugin %s, which plugins.use does not install, so none of it is in effect; add %q to use or remove the section", at, name, name, name)
		}
	}
	seen := map[string]bool{}
	for _, name := range h.use {
		r, ok := h.known[name]
		if !ok {
			return nil, fmt.Errorf("%s: plugins.use: unknown plugin %q; this build has %s", where(file, "use", name), name, h.available())
		}
		if seen[name] {
			return nil, fmt.Errorf("%s: plugins.use: plugin %q is listed twice", where(file, "use", name), name)
		}
		seen[name] = true
		active = append(active, r)
	}
	return active, nil
}

func (h *Host) Build(ctx context.Context, file string) error {
	if h == nil {
		return nil
	}
	active, err := h.resolve(file)
	if err != nil {
		return err
	}
	h.active = active
	for i, r := range h.active {
		for _, f := range r.onBuild {
			err := safely(r.name, "OnBuild", func() error { return f(ctx) })
			if err == nil && len(r.misuse) > 0 {
				err = fmt.Errorf("it called %s from an OnBuild hook; registrations are only taken during Install (a hook may validate, log and register OnStop)", strings.Join(r.misuse, ", "))
			}
			if err != nil {
				h.built = i + 1
				stopErr := h.Stop()
				return errors.Join(fmt.Errorf("%s: plugin %s failed to start: %w", where(file, r.name, ""), r.name, err), stopErr)
			}
		}
	}
	h.built = len(h.active)
	return nil
}

func (h *Host) available() string {
	if len(h.order) == 0 {
		return "no plugins"
	}
	return "plugins " + strings.Join(h.order, ", ")
}

// Layers returns the middlewares of the plugins in use, outermost first:
// install them on the runtime after admission, in this order.
func (h *Host) Layers() []Layer {
	var out []Layer
	if h == nil {
		return nil
	}
	for _, r := range h.active {
		for _, l := range r.layers {
			out = append(out, Layer{Name: l.Name, Middleware: contain(l.Name, l.Middleware)})
		}
	}
	return out
}

// Middlewares is Layers without the names.
func (h *Host) Middlewares() []dispatch.Middleware {
	var out []dispatch.Middleware
	for _, l := range h.Layers() {
		out = append(out, l.Middleware)
	}
	return out
}

// Routes returns the authenticated routes of the plugins in use, and
// PublicRoutes the unauthenticated ones (server.Options.Routes and
// PublicRoutes).
func (h *Host) Routes() map[string]http.Handler {
	out := map[string]http.Handler{}
	if h == nil {
		return out
	}
	for _, r := range h.active {
		for p, hd := range r.routes {
			out[p] = containRoute(r.name, hd)
		}
	}
	return out
}

// PublicRoutes returns the routes served without authentication.
func (h *Host) PublicRoutes() map[string]http.Handler {
	out := map[string]http.Handler{}
	if h == nil {
		return out
	}
	for _, r := range h.active {
		for p, hd := range r.public {
			out[p] = containRoute(r.name, hd)
		}
	}
	return out
}

// Active lists the names of the plugins in use, in order.
func (h *Host) Active() []string {
	var out []string
	if h == nil {
		return nil
	}
	for _, r := range h.active {
		out = append(out, r.name)
	}
	return out
}

// Stop runs the OnStop hooks of the built plugins, last built first, once.
func (h *Host) Stop() error {
	if h == nil {
		return nil
	}
	var errs []error
	for i := h.built - 1; i >= 0; i-- {
		fs := h.active[i].onStop
		for j := len(fs) - 1; j >= 0; j-- {
			if err := safely(h.active[i].name, "OnStop", fs[j]); err != nil {
				errs = append(errs, fmt.Errorf("stopping plugin %s: %w", h.active[i].name, err))
			}
		}
	}
	h.built = 0
	return errors.Join(errs...)
}

// PanicError is a plugin hook's panic, recovered: a plugin bug fails
// start-up (Install, OnBuild) or the one call or request it happened in,
// never the process serving every other client. The message names the
// plugin and the hook and shows the value; Stack is for logs.
type PanicError struct {
	Plugin string // the plugin, or "plugin/layer" for a named middleware
	Hook   string // Install, OnBuild, OnStop, middleware, route
	Value  any
	Stack  []byte
}

// Error implements error.
func (e *PanicError) Error() string {
	return fmt.Sprintf("plugin %s panicked in %s: %v", e.Plugin, e.Hook, e.Value)
}

// safely runs a plugin hook, turning a panic into a *PanicError.
func safely(plugin, hook string, f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &PanicError{Plugin: plugin, Hook: hook, Value: p, Stack: debug.Stack()}
		}
	}()
	return f()
}

// contain wraps a plugin's middleware so that a panic, whether building
// the layer or handling a call, fails that call with a *PanicError
// naming the layer. Layers below are contained themselves (the terminus
// recovers capability handlers), so a panic caught here is this layer's.
func contain(name string, mw dispatch.Middleware) dispatch.Middleware {
	return func(next dispatch.Handler) dispatch.Handler {
		var h dispatch.Handler
		if err := safely(name, "middleware construction", func() error { h = mw(next); return nil }); err != nil {
			return func(context.Context, *dispatch.Call) (*dispatch.Result, error) { return nil, err }
		}
		if h == nil {
			err := fmt.Errorf("plugin %s: its middleware returned a nil handler", name)
			return func(context.Context, *dispatch.Call) (*dispatch.Result, error) { return nil, err }
		}
		return func(ctx context.Context, call *dispatch.Call) (res *dispatch.Result, err error) {
			defer func() {
				if p := recover(); p != nil {
					res, err = nil, &PanicError{Plugin: name, Hook: "middleware", Value: p, Stack: debug.Stack()}
				}
			}()
			return h(ctx, call)
		}
	}
}

// containRoute wraps a plugin's HTTP handler so that a panic answers that
// request with 500 naming the plugin (net/http would drop the connection
// and print a stack on stderr). http.ErrAbortHandler keeps its meaning.
func containRoute(plugin string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				http.Error(w, fmt.Sprintf("500 internal error: plugin %s failed on this request", plugin), http.StatusInternalServerError)
			}
		}()
		h.ServeHTTP(w, r)
	})
}

// configures reports whether file has a plugins.NAME key in any form.
func configures(file, name string) bool {
	data, err := config.ReadUntrusted(file, config.MaxFileBytes)
	if err != nil {
		return false
	}
	var doc map[string]any
	if toml.Unmarshal(data, &doc) != nil {
		return false
	}
	plugins, _ := doc["plugins"].(map[string]any)
	_, ok := plugins[name]
	return ok
}

// where positions a problem in [plugins]: "file:line" of the value
// (or table) involved, else the file name.
func where(file, key, value string) string {
	if file == "" {
		return "configuration"
	}
	// Read again only if regular, as config.Position does: the config may
	// have been a pipe (--config <(...)).
	data, err := config.ReadUntrusted(file, config.MaxFileBytes)
	if err != nil {
		return file
	}
	line := findPluginsKey(data, key, value)
	if line == 0 {
		return file
	}
	return fmt.Sprintf("%s:%d", file, line)
}

// findPluginsKey returns the 1-based line of `use` or `required`
// (preferring the line of the string value in a multi-line array) or of
// the [plugins.<key>] table, 0 when absent.
func findPluginsKey(data []byte, key, value string) int {
	lineOf := func(off int) int { return 1 + strings.Count(string(data[:off]), "\n") }
	var p unstable.Parser
	p.Reset(data)
	var table []string
	for p.NextExpression() {
		n := p.Expression()
		switch n.Kind {
		case unstable.Table:
			table = nil
			it := n.Key()
			off := -1
			for it.Next() {
				if off < 0 {
					off = int(it.Node().Raw.Offset)
				}
				table = append(table, string(it.Node().Data))
			}
			if slices.Equal(table, []string{"plugins", key}) && key != "use" && key != "required" && off >= 0 {
				return lineOf(off)
			}
		case unstable.KeyValue:
			full := slices.Clone(table)
			it := n.Key()
			off := -1
			for it.Next() {
				if off < 0 {
					off = int(it.Node().Raw.Offset)
				}
				full = append(full, string(it.Node().Data))
			}
			if (key != "use" && key != "required") || !slices.Equal(full, []string{"plugins", key}) {
				continue
			}
			line := lineOf(off)
			// Point at the element when the array spans lines.
			if i := strings.Index(string(data[off:]), `"`+value+`"`); i >= 0 {
				if end := strings.Index(string(data[off:]), "]"); end < 0 || i < end {
					line = lineOf(off + i)
				}
			}
			return line
		}
	}
	return 0
}

// Use lists `[plugins] use` as configured, and Required `[plugins]
// required` (config check's summary; Active is what Build installed).
func (h *Host) Use() []string {
	if h == nil {
		return nil
	}
	return slices.Clone(h.use)
}

// Required lists `[plugins] required`.
func (h *Host) Required() []string {
	if h == nil {
		return nil
	}
	return slices.Clone(h.required)
}
