// Package embedded is the default backend: snippets run in this process on
// the Python-subset interpreter of package python, and reach capabilities
// only as host functions that call the bridge.
package embedded

import (
	"container/list"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/backend/clibind"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/jsonlike"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/vm"
	"github.com/toolplane/toolplane/sandbox"
)

// Name is the backend's name in configuration and results.
const Name = "embedded"

// DefaultCacheSize is how many compiled programs a Backend keeps.
const DefaultCacheSize = 256

// Backend runs snippets on the embedded interpreter. Compiled programs are
// cached by the SHA-256 of their filename and source in a bounded LRU, so
// an agent re-running the same snippet skips parsing and compiling.
type Backend struct {
	mu    sync.Mutex
	size  int
	lru   *list.List // of *entry, most recent first
	byKey map[[32]byte]*list.Element
	// modules is the standard-library table every run imports from, built
	// once: runs build their own module objects from it.
	modules vm.Modules

	// prelude is the CLI bindings (package clibind), compiled on first run.
	preludeOnce sync.Once
	prelude     *python.Prelude
	preludeErr  error

	// pool runs snippets in worker processes (process isolation); nil
	// runs them in this process.
	pool *sandbox.Pool
}

type entry struct {
	key  [32]byte
	prog *python.Program
}

// Option configures a Backend.
type Option func(*Backend)

// WithCacheSize sets how many compiled programs are kept; n <= 0 disables
// the cache.
func WithCacheSize(n int) Option { return func(b *Backend) { b.size = n } }

// WithModules sets the table of importable modules (default lib.Modules(),
// the curated standard library).
func WithModules(m vm.Modules) Option { return func(b *Backend) { b.modules = m } }

// WithWorkers runs snippets in the worker processes of pool (process
// isolation): a failure of the interpreter costs one run, never this
// process. The caller closes the pool.
func WithWorkers(pool *sandbox.Pool) Option { return func(b *Backend) { b.pool = pool } }

// New returns an embedded backend.
func New(opts ...Option) *Backend {
	b := &Backend{size: DefaultCacheSize, lru: list.New(), byKey: map[[32]byte]*list.Element{}, modules: lib.Modules()}
	for _, o := range opts {
		o(b)
	}
	return b
}

// Name implements backend.Backend.
func (b *Backend) Name() string { return Name }

// NewSession returns an empty session for Run's RunOptions.Session: in
// process isolation its globals live in a worker process pinned to it.
func (b *Backend) NewSession() backend.Session {
	if b.pool != nil {
		return b.pool.NewSession()
	}
	return backend.NewLocalSession()
}

// CachedPrograms reports how many compiled programs the cache holds.
func (b *Backend) CachedPrograms() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.lru.Len()
}

// compile returns the program for src, from the cache when possible.
// Compiling is bounded by ctx, the run's, so the run's time limit covers it.
func (b *Backend) compile(ctx context.Context, filename, src string) (*python.Program, error) {
	key := sha256.Sum256([]byte(filename + "\x00" + src))
	b.mu.Lock()
	if el, ok := b.byKey[key]; ok {
		b.lru.MoveToFront(el)
		prog := el.Value.(*entry).prog
		b.mu.Unlock()
		return prog, nil
	}
	b.mu.Unlock()
	// Compile outside the lock: concurrent runs of different snippets
	// should not wait on each other. Two runs of one new snippet may both
	// compile it; the second result simply replaces nothing.
	prog, err := python.CompileContext(ctx, filename, src, python.CompileOptions{Snippet: true})
	if err != nil {
		return nil, err
	}
	if b.size <= 0 {
		return prog, nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.byKey[key]; !ok {
		b.byKey[key] = b.lru.PushFront(&entry{key: key, prog: prog})
		for b.lru.Len() > b.size {
			old := b.lru.Back()
			b.lru.Remove(old)
			delete(b.byKey, old.Value.(*entry).key)
		}
	}
	return prog, nil
}

// Run implements backend.Backend. In process isolation (WithWorkers) the
// snippet is compiled and run in a worker process; this process keeps the
// host functions, which the worker reaches only by name over the bridge.
func (b *Backend) Run(ctx context.Context, code string, bridge backend.Bridge, opts backend.RunOptions) (*backend.Result, error) {
	filename := opts.Filename
	if filename == "" {
		filename = "<snippet>"
	}
	ns := bridge.Namespace()
	cliAliases := clibind.Aliases(ns)
	host := map[string]python.HostFunc{}
	for alias, id := range ns {
		if _, ok := cliAliases[alias]; ok {
			continue // bound by the prelude, which keeps keyword order
		}
		host[alias] = capabilityFunc(bridge, id)
	}
	host["call_tool"] = callTool(bridge)
	for name, f := range opts.Bindings {
		host[name] = hostFunc(f)
	}
	if b.pool != nil {
		return b.runInWorker(ctx, filename, code, host, cliAliases, opts)
	}
	var globals *python.Globals
	if opts.Session != nil {
		local, ok := opts.Session.(*backend.LocalSession)
		if !ok {
			return nil, fmt.Errorf("embedded backend: a session of type %T is not one this backend made (use its NewSession)", opts.Session)
		}
		globals = local.Globals()
	}
	return b.execute(ctx, filename, code, globals, host, cliAliases, opts.Stdout, opts.Stderr, opts.Limits, nil)
}

// execute compiles and runs a snippet on the interpreter of this process:
// the whole run in process isolation "none", the worker's part otherwise.
// heap is the process's heap guard, nil for none (a worker has one: its
// heap is one session's).
func (b *Backend) execute(ctx context.Context, filename, code string, globals *python.Globals, host map[string]python.HostFunc, cliAliases map[string]any, stdout, stderr io.Writer, limits python.Limits, heap *vm.HeapGuard) (*backend.Result, error) {
	prog, err := b.compile(ctx, filename, code)
	if err != nil {
		return nil, convertError(err)
	}
	runOpts := python.RunOptions{
		Globals: globals,
		Stdout:  stdout,
		Stderr:  stderr,
		Host:    host,
		Limits:  limits,
		Modules: b.modules,
		Heap:    heap,
	}
	if needsCLIBindings(code, cliAliases, globals != nil) {
		// Compiled at the first run that needs it, not before: compiling
		// the bindings was a tenth of a trivial `toolplane run` process.
		pre, err := b.cliPrelude()
		if err != nil {
			return nil, err
		}
		runOpts.Prelude = pre
		runOpts.PreludeInputs = map[string]any{clibind.AliasesInput: cliAliases}
	}
	res, err := prog.Run(ctx, runOpts)
	if err != nil {
		return nil, convertError(err)
	}
	return &backend.Result{Value: res.Value, Repr: res.Repr, NotJSON: res.NotJSON}, nil
}

// needsCLIBindings reports whether a run needs the CLI prelude, which
// costs tens of microseconds a run: when the snippet mentions cli, cli_run
// or a binary's alias, and always in a session, where a function defined by
// an earlier run may call them.
func needsCLIBindings(code string, aliases map[string]any, session bool) bool {
	if session || strings.Contains(code, "cli") {
		return true
	}
	for alias := range aliases {
		if strings.Contains(code, alias) {
			return true
		}
	}
	return false
}

// cliPrelude returns the compiled CLI bindings (cli, cli_run, one async
// function per allowed binary), compiled once per backend.
func (b *Backend) cliPrelude() (*python.Prelude, error) {
	b.preludeOnce.Do(func() {
		b.prelude, b.preludeErr = python.CompilePrelude(clibind.Filename, clibind.Source())
		if b.preludeErr != nil {
			b.preludeErr = fmt.Errorf("embedded backend: CLI bindings: %w", b.preludeErr)
		}
	})
	return b.prelude, b.preludeErr
}

// capabilityFunc is the host function bound to an alias of capability id.
func capabilityFunc(bridge backend.Bridge, id string) python.HostFunc {
	return func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
		v, err := bridge.Call(ctx, id, args, kwargs)
		return v, hostError(err)
	}
}

// callTool is call_tool(id_or_alias, args=None, **kwargs).
func callTool(bridge backend.Bridge) python.HostFunc {
	return func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
		if len(args) == 0 || len(args) > 2 {
			return nil, &python.HostError{Type: "TypeError", Message: fmt.Sprintf(
				"call_tool() takes an id or alias and an optional argument dict (%d positional arguments given)", len(args))}
		}
		name, ok := args[0].(string)
		if !ok {
			return nil, &python.HostError{Type: "TypeError", Message: fmt.Sprintf(
				"call_tool() first argument must be a str id or alias, not %T", args[0])}
		}
		obj := map[string]any{}
		if len(args) == 2 && args[1] != nil {
			given, ok := args[1].(jsonlike.Object)
			if !ok {
				return nil, &python.HostError{Type: "TypeError", Message: fmt.Sprintf(
					"call_tool() second argument must be a dict of arguments, not %s", jsonlike.TypeName(args[1]))}
			}
			for _, m := range given {
				obj[m.Key] = m.Value
			}
		}
		for k, v := range kwargs {
			if _, dup := obj[k]; dup {
				return nil, &python.HostError{Type: "TypeError", Message: fmt.Sprintf(
					"call_tool() got argument %q both in the dict and as a keyword", k)}
			}
			obj[k] = v
		}
		v, err := bridge.Call(ctx, name, []any{obj}, nil)
		return v, hostError(err)
	}
}

func hostFunc(f backend.HostFunc) python.HostFunc {
	return func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
		v, err := f(ctx, args, kwargs)
		return v, hostError(err)
	}
}

// hostError turns a bridge failure into the exception the snippet sees.
func hostError(err error) error {
	if err == nil {
		return nil
	}
	var he *python.HostError
	if errors.As(err, &he) {
		return he
	}
	var ce *backend.CallError
	if errors.As(err, &ce) {
		return &python.HostError{Type: ce.Type, Message: ce.Message(), Capability: ce.CapabilityID}
	}
	var typed interface{ PythonException() string }
	if errors.As(err, &typed) {
		return &python.HostError{Type: typed.PythonException(), Message: err.Error()}
	}
	return &python.HostError{Type: "ToolError", Message: err.Error()}
}

// dropBindingFrames removes the frames of the CLI bindings from a
// traceback: they are the runtime's, as the host functions behind other
// capabilities are, and the snippet's own line says what failed. Each
// frame is its "  File" line and the indented source lines under it.
func dropBindingFrames(tb string) string {
	marker := `  File "` + clibind.Filename + `"`
	if !strings.Contains(tb, marker) {
		return tb
	}
	lines := strings.SplitAfter(tb, "\n")
	var b strings.Builder
	skipping := false
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, marker):
			skipping = true
			continue
		case skipping && strings.HasPrefix(l, "    "):
			continue
		}
		skipping = false
		b.WriteString(l)
	}
	return b.String()
}

// convertError maps the interpreter's errors to backend errors.
func convertError(err error) error {
	var ex *python.Exception
	if errors.As(err, &ex) {
		return &backend.Error{Type: ex.Type, Message: ex.Message, Traceback: dropBindingFrames(ex.Traceback), Limit: ex.Limit,
			Exit: ex.Exit, ExitStatus: ex.ExitStatus, ExitText: ex.ExitText}
	}
	return fmt.Errorf("embedded backend: %w", err)
}
