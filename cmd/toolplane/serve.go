package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/admission"
	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/backend/localpython"
	"github.com/toolplane/toolplane/backend/pyodide"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/plugin"
	auditplugin "github.com/toolplane/toolplane/plugins/audit"
	"github.com/toolplane/toolplane/plugins/spill"
	"github.com/toolplane/toolplane/results"
	"github.com/toolplane/toolplane/secrets"
	"github.com/toolplane/toolplane/server"
	"github.com/toolplane/toolplane/server/rtengine"
	"github.com/toolplane/toolplane/session"
	clisrc "github.com/toolplane/toolplane/source/cli"
	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// serveMCPOptions are the flags of `toolplane serve mcp`.
type serveMCPOptions struct {
	Transport string
	Addr      string
	Unsafe    bool
	HTTP      *admission.Config // [http], set when a config file is loaded
	Plugins   *plugin.Host      // [plugins], likewise
}

// Transports of `serve mcp`.
const (
	transportStdio = "stdio"
	transportHTTP  = "http"
)

func newServeCmd(a *app) *cobra.Command {
	serve := &cobra.Command{
		Use:     "serve",
		Short:   "Serve toolplane to agents",
		Example: `  toolplane serve mcp`,
		Args:    cobra.ArbitraryArgs,
		RunE:    groupRun,
	}
	opts := &serveMCPOptions{}
	a.claim(func(l *config.Loader) (err error) {
		opts.HTTP, err = admission.Claim(l)
		if err == nil {
			opts.Plugins, err = plugin.NewHost(l, auditplugin.New(auditplugin.WithWarnings(a.IO.Err)), spill.New())
		}
		return err
	})
	mcpCmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the MCP facade (search_capabilities, get_capability_schemas, execute_code) over stdio or HTTP",
		Long: `Serve the MCP facade. Over stdio (the default) one client talks to this
process, as MCP hosts expect:

  claude mcp add toolplane -- toolplane serve mcp

With --transport http, clients connect to http://ADDR/mcp (Streamable HTTP);
each MCP session has its own snippet globals and result store. The address is
printed on stderr, so --addr 127.0.0.1:0 picks a free port.

A configuration that lets snippets escape the sandbox (default_backend =
"local_unsafe", cli.mode = "ambient") is refused unless --unsafe is given.`,
		Example: `  toolplane serve mcp
  toolplane serve mcp --config ./toolplane.toml
  toolplane serve mcp --transport http --addr 127.0.0.1:8080`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runServeMCP(ctx, a, opts)
		},
	}
	mcpCmd.Flags().StringVar(&opts.Transport, "transport", transportStdio, "stdio or http (Streamable HTTP)")
	mcpCmd.Flags().StringVar(&opts.Addr, "addr", "127.0.0.1:8080", "HOST:PORT to listen on with --transport http (port 0 picks a free one)")
	mcpCmd.Flags().BoolVar(&opts.Unsafe, "unsafe", false, "allow settings that let snippets run outside the sandbox (local_unsafe backend, cli.mode = \"ambient\")")
	serve.AddCommand(mcpCmd)
	return serve
}

func runServeMCP(ctx context.Context, a *app, opts *serveMCPOptions) error {
	if opts.Transport != transportStdio && opts.Transport != transportHTTP {
		return usageErrorf("--transport %q: want stdio or http", opts.Transport)
	}
	cfg, err := a.serveConfig()
	if err != nil {
		return err
	}
	if needs := cfg.NeedsUnsafe(); len(needs) > 0 && !opts.Unsafe {
		where := cfg.Path
		if where == "" {
			where = "the configuration"
		}
		return fmt.Errorf("refusing to serve: %s in %s lets snippets act outside the sandbox; pass --unsafe to serve it anyway, or change the setting", strings.Join(needs, " and "), where)
	}

	var auditLog *audit.Logger
	if cfg.Audit.Enabled {
		auditLog, err = audit.Open(cfg.Audit.Path, a.IO.Err)
		if err != nil {
			return err
		}
		defer auditLog.Close()
	}

	// The audit middleware is installed first, so it is the outermost
	// layer: it records calls that admission refuses too.
	if err := opts.Plugins.Build(ctx, cfg.Path); err != nil {
		return err
	}
	defer opts.Plugins.Stop()
	mws := []dispatch.Middleware{audit.Middleware(auditLog)}
	var guard *admission.Guard
	var replica string
	var replicas map[string]string
	if opts.Transport == transportHTTP {
		if guard, err = admission.New(ctx, opts.HTTP, serveConfigName(cfg), a.IO.Err); err != nil {
			return err
		}
		mws = append(mws, guard.Middleware())
		replica, replicas = opts.HTTP.Replica, opts.HTTP.Replicas
	}
	mws = append(mws, opts.Plugins.Middlewares()...)
	rt, err := configuredRuntime(ctx, cfg, a.IO.Err, snapshotInBackground, toolplane.WithMiddleware(mws...))
	if err != nil {
		return err
	}
	defer rt.Stop()
	// An upstream server's tool list can change while we serve; the
	// registry and the direct tools follow it once the server exists.
	var onToolsChanged atomic.Pointer[func()]
	refresh, err := serveConnectSourcesWatching(ctx, rt, cfg, auditLog, a.IO.Err, func() {
		if f := onToolsChanged.Load(); f != nil {
			(*f)()
		}
	})
	if err != nil {
		return err
	}

	srv, err := server.New(server.Options{
		Engine:          rtengine.New(rt),
		Version:         buildVersion(),
		SessionsEnabled: cfg.Session.Enabled,
		Sessions: session.Options{
			IdleTimeout:    cfg.Session.IdleTimeout.Duration,
			MaxMemoryBytes: int64(cfg.Session.MaxMemoryMB) << 20,
			Results: results.Limits{
				MaxEntries:    cfg.Results.MaxEntries,
				MaxTotalBytes: int64(cfg.Results.MaxTotalBytes),
				MaxEntryBytes: int64(cfg.Results.MaxEntryBytes),
				TTL:           time.Duration(cfg.Results.TTLSeconds) * time.Second,
			},
		},
		ResultsEnabled: cfg.Results.Enabled,
		Audit:          auditLog,
		DirectTools:    cfg.Facade.Tools,
		Stderr:         a.IO.Err,
		Guard:          guard,
		Replica:        replica,
		Replicas:       replicas,
		Routes:         opts.Plugins.Routes(),
		PublicRoutes:   opts.Plugins.PublicRoutes(),
	})
	if err != nil {
		return err
	}
	followUpstream := func() {
		refresh()
		if err := srv.SyncDirectTools(); err != nil {
			fmt.Fprintf(a.IO.Err, "toolplane: warning: %v\n", err)
		}
	}
	onToolsChanged.Store(&followUpstream)

	if opts.Transport == transportHTTP {
		ln, err := net.Listen("tcp", opts.Addr)
		if err != nil {
			return fmt.Errorf("--addr %s: %w", opts.Addr, err)
		}
		return srv.ServeHTTP(ctx, ln)
	}
	err = srv.ServeTransport(ctx, &mcp.IOTransport{Reader: io.NopCloser(a.IO.In), Writer: serveStdout{a.IO.Out}})
	if errors.Is(err, io.EOF) {
		return nil // the client hung up: a normal end for stdio
	}
	return err
}

// snapshotWhen says when the pyodide-deno backend makes its missing
// start-up snapshot: a server makes it while it serves; a one-shot run makes
// it first, since its own run would otherwise pay the full boot anyway.
type snapshotWhen int

const (
	snapshotInBackground snapshotWhen = iota
	snapshotNow
)

// configuredRuntime is toolplane.NewWithConfig with the backend that
// [toolplane] default_backend names registered (the embedded one is always
// there). A backend that cannot run here refuses the boot with why and the
// fix. The caller has already refused unsafe settings without --unsafe.
// (`toolplane run` should build its runtime through it too, with
// snapshotNow.)
func configuredRuntime(ctx context.Context, cfg *config.Config, stderr io.Writer, snapshot snapshotWhen, opts ...toolplane.Option) (*toolplane.Runtime, error) {
	var backends []toolplane.Option
	key := fmt.Sprintf("%s: [toolplane] default_backend = %q", serveConfigName(cfg), cfg.Toolplane.DefaultBackend)
	switch cfg.Toolplane.DefaultBackend {
	case config.BackendLocalUnsafe:
		b := localpython.New()
		if err := b.Available(); err != nil {
			return nil, fmt.Errorf("%s: %w", key, err)
		}
		backends = append(backends, toolplane.WithBackend(b))
	case config.BackendPyodideDeno:
		b := pyodide.New()
		if err := b.Available(); err != nil {
			return nil, fmt.Errorf("%s: %w (install it with `bash scripts/install-pyodide.sh %s`, or set $%s to where it is installed)", key, err, b.InstallDir(), pyodide.InstallDirEnv)
		}
		if !b.Snapshotted() {
			// Runs work without the start-up snapshot, only slower.
			prepare := func() {
				if err := b.Prepare(ctx); err != nil && ctx.Err() == nil {
					fmt.Fprintf(stderr, "toolplane: warning: %v\n", err)
				}
			}
			if snapshot == snapshotNow {
				fmt.Fprintf(stderr, "toolplane: making the Pyodide start-up snapshot in %s (once)\n", b.InstallDir())
				prepare()
			} else {
				go prepare()
			}
		}
		backends = append(backends, toolplane.WithBackend(b))
	}
	return toolplane.NewWithConfig(ctx, cfg, append(backends, opts...)...)
}

// serveConfig loads the configuration. With no --config and no
// $TOOLPLANE_CONFIG, a missing file is not an error: `serve mcp` must work
// right after `claude mcp add`, on the safe defaults.
func (a *app) serveConfig() (*config.Config, error) {
	path, err := a.configPath()
	if err != nil {
		return nil, err
	}
	if a.ConfigFlag == "" && os.Getenv(config.EnvPath) == "" {
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(a.IO.Err, "toolplane: no config at %s; serving the defaults (create one with `toolplane init`)\n", path)
			return config.Default(), nil
		}
	}
	return a.loadConfig()
}

type serveStdout struct{ io.Writer }

func (serveStdout) Close() error { return nil }

// serveConnectSources registers the capabilities of [cli] and [mcp]: the CLI
// policy's binaries with its admission middleware, and the tools of the
// upstream MCP servers, whose processes and connections stop with rt. A
// server that cannot be reached is reported and skipped, so one broken
// upstream does not take the facade down.
// (`toolplane run` uses it too.)
func serveConnectSources(ctx context.Context, rt *toolplane.Runtime, cfg *config.Config, auditLog *audit.Logger, stderr io.Writer) error {
	_, err := serveConnectSourcesWatching(ctx, rt, cfg, auditLog, stderr, nil)
	return err
}

// serveConnectSourcesWatching is serveConnectSources for a long-lived
// server. It returns refresh, which re-reads the upstream catalogs into the
// registry; onChange (if not nil) is called from the manager's goroutine
// when an upstream server says its tools changed.
func serveConnectSourcesWatching(ctx context.Context, rt *toolplane.Runtime, cfg *config.Config, auditLog *audit.Logger, stderr io.Writer, onChange func()) (refresh func(), err error) {
	refresh = func() {}
	stores := newServeStores()
	policy, err := serveCLIPolicy(ctx, cfg, secretResolver(stores.secrets))
	if err != nil {
		return refresh, err
	}
	cli, err := clisrc.New(policy, clisrc.Hooks{
		// [cli] escalate asks the human at the MCP client, through
		// elicitation, before a binary outside the allowlist runs once.
		Escalator: func(ctx context.Context, binary string, argv []string) (clisrc.Decision, error) {
			answer, err := server.Confirm(ctx, fmt.Sprintf("A snippet wants to run `%s`; %s is not in [cli] allow. Allow it this once?", strings.Join(argv, " "), binary))
			switch {
			case err != nil:
				return clisrc.DecisionError, err
			case answer == server.AnswerYes:
				return clisrc.DecisionGranted, nil
			case answer == server.AnswerNo:
				return clisrc.DecisionDeclined, nil
			}
			return clisrc.DecisionAbandoned, nil
		},
		OnEscalation: func(binary string, d clisrc.Decision) {
			outcome := audit.OutcomeDenied
			if d == clisrc.DecisionGranted {
				outcome = audit.OutcomeGranted
			}
			auditLog.Log(audit.Event{Event: audit.EventEscalation, Capability: "cli:" + binary, Binary: binary, Outcome: outcome, Reason: string(d)})
		},
	})
	if err != nil {
		return refresh, fmt.Errorf("%s: [cli]: %w", serveConfigName(cfg), err)
	}
	rt.Use(cli.Admission())
	// Ambient binaries and escalation candidates are not registered up
	// front; the registry materialises them on use, and admission decides.
	rt.Registry().SetResolver(capability.SourceCLI, cli.Lookup)
	for _, c := range cli.Capabilities() {
		if err := rt.Register(c); err != nil {
			return refresh, fmt.Errorf("%s: [cli] allow %s: %w", serveConfigName(cfg), c.Name, err)
		}
	}

	if len(cfg.MCP.Servers) == 0 {
		return refresh, nil
	}
	mgr, err := serveManager(ctx, cfg, stores, stderr, onChange)
	if err != nil {
		return refresh, err
	}
	rt.OnStop(mgr.Close)
	var mu sync.Mutex
	registered := map[string]capability.Capability{} // mcp: id -> as registered
	refresh = func() {
		mu.Lock()
		defer mu.Unlock()
		caps, err := mgr.Capabilities(ctx)
		if err != nil {
			fmt.Fprintf(stderr, "toolplane: warning: some MCP servers are unavailable, their tools are missing:\n%v\n", err)
		}
		seen := map[string]bool{}
		for _, c := range caps {
			seen[c.ID] = true
			if old, ok := registered[c.ID]; ok {
				if sameCapability(old, c) {
					continue
				}
				rt.Registry().Remove(c.ID)
				delete(registered, c.ID)
			}
			if err := rt.Register(c); err != nil {
				fmt.Fprintf(stderr, "toolplane: warning: %v\n", err)
				var ae *capability.AliasError
				if !errors.As(err, &ae) {
					continue // not registered at all
				}
			}
			registered[c.ID] = c
		}
		for id := range registered {
			if !seen[id] {
				rt.Registry().Remove(id)
				delete(registered, id)
			}
		}
	}
	refresh()
	return refresh, nil
}

// serveStores are the secret stores a runtime reads: keyring:// values and
// OAuth logins. Each opens on first use, so a config without such values
// never probes the OS keyring.
type serveStores struct {
	secrets, oauth *secrets.LazyStore
}

func newServeStores() serveStores {
	return serveStores{
		secrets: secrets.Lazy(secrets.Options{Namespace: secrets.NamespaceSecrets}),
		oauth:   secrets.Lazy(secrets.Options{Namespace: secrets.NamespaceOAuth}),
	}
}

// serveManager builds the manager of the configured MCP servers (nothing is
// connected yet): secret references resolve through the stores, and servers
// with auth = "oauth" get the tokens `toolplane mcp login` stored, refreshed
// as they expire and written back. `mcp status` uses it too.
func serveManager(ctx context.Context, cfg *config.Config, stores serveStores, stderr io.Writer, onChange func()) (*mcpsrc.Manager, error) {
	var specs []mcpsrc.ServerSpec
	urls := map[string]string{}
	for _, name := range cfg.ServerNames() {
		s := cfg.MCP.Servers[name]
		specs = append(specs, serveMCPSpec(name, s))
		if s.URL != "" {
			urls[name] = s.URL
		}
	}
	tokens := secrets.NewOAuthTokens(ctx, stores.oauth, urls, func(msg string) {
		fmt.Fprintf(stderr, "toolplane: warning: %s\n", msg)
	})
	mgr, err := mcpsrc.NewManager(specs, mcpsrc.ManagerOptions{
		CacheDir:      mcpCacheDir(),
		Resolve:       secretResolver(stores.secrets),
		Token:         tokens.Token,
		ClientName:    "toolplane",
		ClientVersion: buildVersion(),
		OnChange:      onChange,
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", serveConfigName(cfg), err)
	}
	return mgr, nil
}

// mcpCacheDir holds each server's last tools/list, so lazy servers are
// listed without being started and `mcp list` can show tools offline; ""
// (no cache) when there is no user cache directory.
func mcpCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "toolplane", "mcp")
}

// sameCapability reports whether an upstream tool is unchanged, so a refresh
// leaves it (and its direct tool) alone.
func sameCapability(a, b capability.Capability) bool {
	return a.Description == b.Description && bytes.Equal(a.InputSchema, b.InputSchema) &&
		bytes.Equal(a.OutputSchema, b.OutputSchema) && maps.Equal(a.Labels, b.Labels)
}

func serveConfigName(cfg *config.Config) string {
	if cfg.Path == "" {
		return "configuration"
	}
	return cfg.Path
}

// serveCLIPolicy maps [cli] to the CLI source's policy, resolving [cli.env]
// with resolve.
func serveCLIPolicy(ctx context.Context, cfg *config.Config, resolve func(context.Context, string) (string, error)) (clisrc.Policy, error) {
	c := cfg.CLI
	p := clisrc.Policy{
		Mode:           clisrc.Mode(c.Mode),
		Allow:          c.Allow,
		Escalate:       c.Escalate,
		Timeout:        c.Timeout.Duration,
		MaxOutputBytes: int(c.MaxOutputBytes),
		Cwd:            c.Cwd,
		PassEnv:        c.PassEnv,
	}
	if len(c.Env) > 0 {
		p.Env = map[string]string{}
		for k, v := range c.Env {
			s, err := resolve(ctx, string(v))
			if err != nil {
				return p, fmt.Errorf("%s: [cli.env] %s: %w", serveConfigName(cfg), k, err)
			}
			p.Env[k] = s
		}
	}
	if len(c.Binaries) > 0 {
		p.Labels = map[string]map[string]string{}
		for name, b := range c.Binaries {
			p.Labels[name] = b.Labels
		}
	}
	return p, nil
}

func serveMCPSpec(name string, s config.MCPServer) mcpsrc.ServerSpec {
	spec := mcpsrc.ServerSpec{
		Name:      name,
		Command:   s.Command,
		Args:      s.Args,
		Cwd:       s.Cwd,
		URL:       s.URL,
		Transport: mcpsrc.Transport(s.Transport),
		Auth:      string(s.Auth),
		Labels:    s.Labels,
		Timeout:   s.Timeout.Duration,
		Startup:   mcpsrc.Startup(s.Startup),
	}
	if spec.Auth == string(config.AuthNone) {
		spec.Auth = ""
	}
	// Secret references stay references here; the manager resolves them
	// when it connects, so a secret is never held longer than needed.
	if len(s.Env) > 0 {
		spec.Env = map[string]string{}
		for k, v := range s.Env {
			spec.Env[k] = string(v)
		}
	}
	if len(s.Headers) > 0 {
		spec.Headers = map[string]string{}
		for k, v := range s.Headers {
			spec.Headers[k] = string(v)
		}
	}
	if len(s.Tools) > 0 {
		spec.Tools = map[string]mcpsrc.ToolOverride{}
		for tool, o := range s.Tools {
			spec.Tools[tool] = mcpsrc.ToolOverride{Labels: o.Labels, Disabled: o.Disabled, Alias: o.Alias}
		}
	}
	return spec
}
