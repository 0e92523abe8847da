package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/admission"
	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/discovery"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/internal/hostmem"
	"github.com/toolplane/toolplane/plugin"
	auditplugin "github.com/toolplane/toolplane/plugins/audit"
	"github.com/toolplane/toolplane/plugins/spill"
	"github.com/toolplane/toolplane/results"
	"github.com/toolplane/toolplane/secrets"
	"github.com/toolplane/toolplane/server"
	"github.com/toolplane/toolplane/server/rtengine"
	"github.com/toolplane/toolplane/session"
	clisrc "github.com/toolplane/toolplane/source/cli"
	"github.com/toolplane/toolplane/telemetry"
)

// serveMCPOptions are the flags of `toolplane serve mcp`.
type serveMCPOptions struct {
	Transport string
	Addr      string
	Unsafe    bool
	HTTP      *admission.Config // [http], set when a config file is loaded
	Plugins   *plugin.Host      // [plugins], likewise
	// diagnostics is where parts built before [log] is known write; serve
	// points it at the logger once it exists.
	diagnostics *lateWriter
}

// lateWriter writes to w, which may be replaced later.
type lateWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lateWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	w := l.w
	l.mu.Unlock()
	return w.Write(p)
}

func (l *lateWriter) set(w io.Writer) {
	l.mu.Lock()
	l.w = w
	l.mu.Unlock()
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
	opts := &serveMCPOptions{diagnostics: &lateWriter{w: a.IO.Err}}
	a.claim(func(l *config.Loader) (err error) {
		opts.HTTP, err = admission.Claim(l)
		a.http = opts.HTTP
		if err == nil {
			opts.Plugins, err = plugin.NewHost(l, append([]plugin.Plugin{auditplugin.New(auditplugin.WithWarnings(opts.diagnostics)), spill.New()}, testPlugins()...)...)
			a.plugins = opts.Plugins
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

Sessions: at most [session] max_sessions live at once (default 256) and
max_sessions_per_token per HTTP token (default 32). A new one over a cap
evicts the least recently used idle session (its client is told): of its own
token for max_sessions_per_token; for max_sessions, of its token or of one
holding more sessions than it, never of a token holding as many or fewer.
With none to evict, it waits, first come first served within its token, for
one to become idle or go (under max_sessions the token holding the fewest
sessions first, then the one served longest ago), up to run_queue_wait or
until its request ends, and is then refused naming the caps to raise. At most
max_sessions_per_token requests of a token wait for a session at once.

Memory: what sessions hold (globals, saved results, the 40 MiB sandbox
process each keeps) plus what running
snippets may reach is bounded by [session] max_retained_mb in all (unset:
half of this host's memory, a container's limit included) and
max_retained_mb_per_token per HTTP token (unset: a quarter of
max_retained_mb, at least two runs' max_memory_mb, so four tokens are needed
to fill the server). Over stdio the one client gets the whole budget. A run
over it evicts the least recently used idle sessions holding memory (their
clients are told): of its own token; for max_retained_mb, then of a token
charged more memory than it (idle sessions' globals and saved results,
running ones' grants), never of a token charged as much or less. With none
to evict, it runs with what is left, or waits for runs to end or sessions to
go, up to [session] budget_wait (default 30s), and is then refused naming
the key to raise.

Runs: at most [session] max_concurrent_runs_per_token execute_code runs of
one HTTP token are in progress at once (unset: this host's CPUs, at least
2), and max_concurrent_runs in all (unset: four times the CPUs, at least 4).
A run over a cap waits in its token's queue, first come first served,
holding no memory and no worker, for up to run_queue_wait (default 30s) or
until its request ends, and is then refused naming the cap to raise;
another token's run starts past that queue. The audit line run_start
records the wait (queued_ms). "toolplane config check" prints the numbers
for this host.

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
	if opts.Transport == transportHTTP && cfg.Toolplane.DefaultBackend == config.BackendLocalUnsafe {
		return errLocalUnsafeOverHTTP(cfg)
	}

	// [log] applies from here on: diagnostics of the parts wired below
	// become records of one logger, at its level and in its format.
	logger, closeLog, err := serveLogger(cfg, a.IO.Err)
	if err != nil {
		return err
	}
	defer closeLog()
	warnings := telemetry.LineWriter(logger)
	opts.diagnostics.set(warnings)
	defer opts.diagnostics.set(a.IO.Err)

	var auditLog *audit.Logger
	if cfg.Audit.Enabled {
		auditLog, err = audit.FromConfig(ctx, cfg.Audit, toolplane.SecretResolver(newServeStores(a).secrets), warnings)
		if err != nil {
			return fmt.Errorf("%s: %w", serveConfigName(cfg), err)
		}
		defer auditLog.Close()
	}

	// With [http.peers], this replica's name comes from the address it
	// listens on, so the listener opens first.
	var ln net.Listener
	var peers server.PeerProvider
	replicaName := ""
	if opts.Transport == transportHTTP && opts.HTTP != nil {
		replicaName = opts.HTTP.Replica
		if opts.HTTP.Peers.DNS != "" {
			if ln, err = net.Listen("tcp", opts.Addr); err != nil {
				return fmt.Errorf("--addr %s: %w", opts.Addr, err)
			}
			defer ln.Close()
			if replicaName, peers, err = dnsPeers(ctx, cfg, opts.HTTP, ln.Addr()); err != nil {
				return err
			}
		}
		opts.Plugins.SetReplica(replicaName)
	}
	if err := opts.Plugins.Build(ctx, cfg.Path); err != nil {
		return err
	}
	defer opts.Plugins.Stop()
	pluginTools, err := opts.Plugins.Capabilities()
	if err != nil {
		return fmt.Errorf("%s: %w", serveConfigName(cfg), err)
	}
	// toolplane.Open installs the audit middleware outermost, so it records
	// calls that admission refuses too; the guard and the plugins follow.
	var mws []dispatch.Middleware
	var guard *admission.Guard
	var replica string
	var replicas map[string]string
	var approver string
	var limits server.HTTPLimits
	if opts.Transport == transportHTTP {
		if opts.HTTP != nil {
			opts.HTTP.Resolve = toolplane.SecretResolver(newServeStores(a).secrets)
		}
		if guard, err = admission.New(ctx, opts.HTTP, serveConfigName(cfg), warnings); err != nil {
			return err
		}
		mws = append(mws, guard.Middleware())
		replica, replicas, approver = replicaName, opts.HTTP.Replicas, opts.HTTP.EscalationApprover
		h := opts.HTTP
		limits = server.HTTPLimits{
			HeaderTimeout: h.HeaderTimeout.Duration, BodyTimeout: h.BodyTimeout.Duration,
			WriteTimeout: h.WriteTimeout.Duration, IdleTimeout: h.IdleTimeout.Duration,
			MaxBodyBytes: int64(h.MaxBodyBytes), MaxConnections: h.MaxConnections,
			MaxConnectionsPerIP: h.MaxConnectionsPerIP, MaxRequestsPerSubject: h.MaxRequestsPerToken,
		}
		if cfg.CLI.Escalate && approver == "" {
			fmt.Fprintf(warnings, "toolplane: warning: %s: [cli] escalate = true, but escalations requested over HTTP are refused: no [http] escalation_approver names a separate token whose client approves them (the requesting client never approves its own)\n", serveConfigName(cfg))
		}
	}
	var metrics *telemetry.Metrics
	if opts.HTTP != nil && (opts.HTTP.MetricsAddress() != "" || len(opts.HTTP.Metrics.Subjects) > 0) {
		metrics = telemetry.NewMetrics()
	}
	// Traces are off unless the OTEL_* environment points at a collector.
	tracing, err := telemetry.TracingFromEnv(ctx, buildVersion())
	if err != nil {
		return fmt.Errorf("tracing: %w", err)
	}
	defer func() {
		flush, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = tracing.Shutdown(flush)
	}()
	observer := &telemetry.Observer{Log: logger, Metrics: metrics, Tracing: tracing}
	mws = append([]dispatch.Middleware{observer.Middleware()}, mws...)
	mws = append(mws, opts.Plugins.Middlewares()...)
	// An upstream server's tool list can change while we serve; the
	// registry follows it, and the direct tools once the server exists.
	var onToolsChanged atomic.Pointer[func()]
	warnChildrenTogether(warnings, cfg)
	warnExposedSecrets(warnings, cfg)
	open := a.openOptions(auditLog)
	open.Warnings = warnings
	if tracing != nil {
		open.UpstreamTransport = tracing.Transport
	}
	open.AllowUnsafe = true // refused above unless --unsafe
	// A server runs snippets of models next to the user's credentials: by
	// default in sandbox worker processes (see [toolplane] isolation).
	open.DefaultIsolation = config.IsolationProcess
	open.Escalator = confirmEscalation
	open.OnEscalation = func(_ string, d clisrc.Decision) { metrics.ObserveEscalation(string(d)) }
	// Several clients share each upstream: none reads in its errors what
	// an upstream logged while serving another.
	open.WithholdUpstreamStderr = opts.Transport == transportHTTP
	open.OnToolsChanged = func() {
		if f := onToolsChanged.Load(); f != nil {
			(*f)()
		}
	}
	rt, err := toolplane.Open(ctx, cfg, open, toolplane.WithMiddleware(mws...), toolplane.WithCapabilities(pluginTools...))
	if err != nil {
		return err
	}
	defer rt.Stop()

	budget := cfg.Session.MemoryBudget(hostmem.Detect().Bytes)
	runs := cfg.Session.RunLimits(hostCPUs())
	if opts.Transport == transportStdio {
		budget = cfg.Session.OneClient(budget)
		runs = runs.OneClient(cfg.Session)
	}
	srv, err := server.New(server.Options{
		Engine:          rtengine.New(rt),
		Version:         buildVersion(),
		SessionsEnabled: cfg.Session.Enabled,
		MaxHostCalls:    cfg.Session.MaxHostCalls,
		Sessions: session.Options{
			IdleTimeout:                cfg.Session.IdleTimeout.Duration,
			MaxMemoryBytes:             int64(cfg.Session.MaxMemoryMB) << 20,
			MaxSessions:                cfg.Session.MaxSessions,
			MaxSessionsPerSubject:      cfg.Session.MaxSessionsPerToken,
			MaxRetainedBytes:           int64(budget.AllMB) << 20,
			MaxRetainedBytesPerSubject: int64(budget.PerTokenMB) << 20,
			MaxRuns:                    runs.All,
			MaxRunsPerSubject:          runs.PerToken,
			BudgetWait:                 cfg.Session.BudgetWait.Duration,
			RunQueueWait:               cfg.Session.RunQueueWait.Duration,
			Results: results.Limits{
				MaxEntries:    cfg.Results.MaxEntries,
				MaxTotalBytes: int64(cfg.Results.MaxTotalBytes),
				MaxEntryBytes: int64(cfg.Results.MaxEntryBytes),
				TTL:           time.Duration(cfg.Results.TTLSeconds) * time.Second,
			},
		},
		ResultsEnabled:     cfg.Results.Enabled,
		Audit:              auditLog,
		DirectTools:        cfg.Facade.Tools,
		Logger:             logger,
		Ready:              rt.Ready,
		Metrics:            metrics,
		Tracing:            tracing,
		MetricsSubjects:    metricsSubjects(opts.HTTP),
		ShutdownGrace:      shutdownGrace(opts.HTTP),
		Guard:              guard,
		EscalationApprover: approver,
		EscalationCooldown: cfg.CLI.EscalationCooldown.Duration,
		HTTP:               limits,
		Replica:            replica,
		Replicas:           replicas,
		PeerProvider:       peers,
		Plugins:            opts.Plugins,
		LogIDHeader:        cfg.Log.LogIDHeader,
	})
	if err != nil {
		return err
	}
	declarePolicy(warnings, guard, opts.Plugins, opts.Transport == transportHTTP, labelKeys(cfg, rt.Registry()))
	followUpstream := func() {
		if err := srv.SyncDirectTools(); err != nil {
			logger.Warn(err.Error())
		}
	}
	onToolsChanged.Store(&followUpstream)
	if metrics != nil {
		sessions := srv.Sessions()
		metrics.Watch(telemetry.Sources{
			Sessions: func() (int, int64, int64) {
				return sessions.Len(), sessions.RetainedBytes(), sessions.ResultBytes()
			},
			Runs:            sessions.Runs,
			SessionsWaiting: sessions.Opening,
			Upstreams:       rt.UpstreamStates,
			Sandbox:         rt.SandboxStats,
			Audit:           auditLog.Stats,
			Ready:           srv.Ready,
		})
	}
	if addr := metricsAddress(opts.HTTP); addr != "" {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return fmt.Errorf("%s: [http] metrics_addr %s: %w", serveConfigName(cfg), addr, err)
		}
		if err := srv.CheckMetricsListener(ln.Addr()); err != nil {
			ln.Close()
			return fmt.Errorf("%s: %w", serveConfigName(cfg), err)
		}
		metricsDone := make(chan struct{})
		go func() {
			defer close(metricsDone)
			if err := srv.ServeMetrics(ctx, ln); err != nil {
				logger.Error(err.Error())
			}
		}()
		defer func() { <-metricsDone }()
	}

	if opts.Transport == transportHTTP {
		if ln == nil {
			if ln, err = net.Listen("tcp", opts.Addr); err != nil {
				return fmt.Errorf("--addr %s: %w", opts.Addr, err)
			}
		}
		return srv.ServeHTTP(ctx, ln)
	}
	// SIGTERM (ctx ending) lets the runs in progress finish within the
	// grace period before the connection closes.
	serveCtx, stopServing := context.WithCancel(context.WithoutCancel(ctx))
	defer stopServing()
	go func() {
		select {
		case <-ctx.Done():
			srv.Drain(serveCtx, srv.ShutdownGrace())
			stopServing()
		case <-serveCtx.Done():
		}
	}()
	err = srv.ServeTransport(serveCtx, server.StdioTransport(io.NopCloser(a.IO.In), serveStdout{a.IO.Out}, func(format string, args ...any) { logger.Warn(fmt.Sprintf(format, args...)) }))
	if errors.Is(err, io.EOF) {
		return nil // the client hung up: a normal end for stdio
	}
	return err
}

// dnsPeers starts the peer discovery [http.peers] describes and returns
// this replica's name (from its address) with the provider.
func dnsPeers(ctx context.Context, cfg *config.Config, h *admission.Config, listen net.Addr) (string, server.PeerProvider, error) {
	where := serveConfigName(cfg)
	if h.Replica != "" || len(h.Replicas) > 0 {
		return "", nil, fmt.Errorf("%s: [http.peers] and [http] replica/replicas are both set; peers come from DNS or from the list, not both", where)
	}
	self, err := discovery.SelfAddress(h.Peers.Advertise, listen)
	if err != nil {
		return "", nil, fmt.Errorf("%s: [http.peers]: %w", where, err)
	}
	port := h.Peers.Port
	if port == 0 {
		port = int(self.Port())
	}
	d, err := discovery.NewDNS(ctx, discovery.DNSOptions{
		Name: h.Peers.DNS, Service: h.Peers.Service, Port: port,
		Interval: h.Peers.Interval.Duration, Server: h.Peers.Resolver,
	})
	if err != nil {
		return "", nil, fmt.Errorf("%s: [http.peers]: %w", where, err)
	}
	return discovery.ReplicaName(self), d, nil
}

// metricsSubjects are [http.metrics] subjects.
func metricsSubjects(h *admission.Config) []string {
	if h == nil {
		return nil
	}
	return h.Metrics.Subjects
}

// metricsAddress is [http] metrics_addr, a port alone on loopback.
func metricsAddress(h *admission.Config) string {
	if h == nil {
		return ""
	}
	return h.MetricsAddress()
}

// shutdownGrace is [http] shutdown_grace, which applies over stdio too.
func shutdownGrace(h *admission.Config) time.Duration {
	if h == nil {
		return 0
	}
	return h.ShutdownGrace.Duration
}

// serveLogger is the logger [log] describes: on stderr, or in [log] file.
func serveLogger(cfg *config.Config, stderr io.Writer) (*slog.Logger, func(), error) {
	if cfg.Log.File == "" {
		return telemetry.NewLogger(stderr, cfg.Log), func() {}, nil
	}
	f, err := telemetry.OpenLogFile(cfg.Log.File)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", serveConfigName(cfg), err)
	}
	return telemetry.NewLogger(f, cfg.Log), func() { f.Close() }, nil
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

// errLocalUnsafeOverHTTP refuses local_unsafe on an HTTP server, even
// with --unsafe. That backend runs snippets in the host's CPython as this
// user: no token policy applies to what a snippet does there, and it can
// read this process's environment (token secrets included) through /proc
// or the files the secrets live in, so an empty environment would not
// help. One local user over stdio may choose that; a multi-client server
// may not hand it to every token.
func errLocalUnsafeOverHTTP(cfg *config.Config) error {
	at := serveConfigName(cfg)
	if line, col := config.Position(cfg.Path, "toolplane", "default_backend"); line > 0 {
		at = fmt.Sprintf("%s:%d:%d", at, line, col)
	}
	return fmt.Errorf(`%s: refusing to serve toolplane.default_backend = "local_unsafe" over HTTP, even with --unsafe: snippets would run as this user outside every token's policy, and any token could read this process's environment and files (the other tokens' secrets included); serve it over stdio to one local client, or use default_backend = "embedded"`, at)
}

type serveStdout struct{ io.Writer }

func (serveStdout) Close() error { return nil }

// confirmEscalation is the [cli] escalate channel of the MCP facade: it
// asks the human at the MCP client (elicitation, or an input request on
// protocol 2026-07-28; see server.Confirm), before a binary
// outside the allowlist runs once.
func confirmEscalation(ctx context.Context, binary string, argv []string) (clisrc.Decision, error) {
	answer, err := server.Confirm(ctx, fmt.Sprintf("A snippet wants to run `%s`; %s is not in [cli] allow. Allow it this once?", showArgv(argv), showWord(binary)))
	var cooling *server.CooldownError
	switch {
	case errors.As(err, &cooling):
		return clisrc.DecisionCooldown, err
	case err != nil:
		return clisrc.DecisionError, err
	case answer == server.AnswerYes:
		return clisrc.DecisionGranted, nil
	case answer == server.AnswerNo:
		return clisrc.DecisionDeclined, nil
	}
	return clisrc.DecisionAbandoned, nil
}

// openOptions are the toolplane.OpenOptions every command opens its
// runtime or MCP manager with: warnings on stderr, this build's version
// in the MCP handshake, and the audit log when [audit] is enabled (nil
// otherwise; the command opened it).
func (a *app) openOptions(auditLog *audit.Logger) toolplane.OpenOptions {
	return toolplane.OpenOptions{Warnings: a.IO.Err, Audit: auditLog, ClientVersion: buildVersion()}
}

// serveStores are the secret stores a command reads: keyring:// values and
// OAuth logins. Each opens on first use, so a config without such values
// never probes the OS keyring.
type serveStores struct {
	secrets, oauth *secrets.LazyStore
}

func newServeStores(a *app) serveStores {
	return serveStores{
		secrets: secrets.Lazy(secrets.Options{Namespace: secrets.NamespaceSecrets, Warn: a.warn}),
		oauth:   secrets.Lazy(secrets.Options{Namespace: secrets.NamespaceOAuth, Warn: a.warn}),
	}
}

// warn prints a warning on the command's error stream.
func (a *app) warn(msg string) { fmt.Fprintln(a.IO.Err, "toolplane: warning: "+msg) }

func serveConfigName(cfg *config.Config) string {
	if cfg.Path == "" {
		return "configuration"
	}
	return cfg.Path
}

// declarePolicy states the effective policy at start-up, the one place
// an operator can confirm that what they configured is in effect: the
// plugin chain in order, and over HTTP each token's subject, rules and
// identity.
//
// A deny selector needing a label key that no capability has (and no
// label of the config names) denies nothing: a misspelt key ("sorce=mcp",
// "dangerus") left what it meant to deny admitted without a word. Each
// is warned of, naming the token and the key.
func declarePolicy(w io.Writer, guard *admission.Guard, plugins *plugin.Host, overHTTP bool, keys map[string]bool) {
	chain := []string{}
	if overHTTP {
		chain = append(chain, "admission")
	}
	chain = append(chain, plugins.Active()...)
	if len(chain) == 0 {
		chain = append(chain, "(none)")
	}
	fmt.Fprintf(w, "toolplane: plugin chain (outer to inner): %s\n", strings.Join(chain, " > "))
	if guard == nil {
		return
	}
	for _, t := range guard.Summary() {
		rules := "allow " + t.Allow
		if t.AdmitsNothing {
			rules = "allow nothing (no allow: deny by default)"
		}
		if t.Deny != "" {
			rules += "; deny " + t.Deny
		}
		identity := "none (plugins that judge per person refuse)"
		if t.Identity != "" {
			identity = t.Identity
		}
		fmt.Fprintf(w, "toolplane: token %s: subject %q, %s, identity %s\n", showWord(t.Name), t.Subject, rules, identity)
		for _, needs := range t.DenyNeeds {
			for _, k := range needs {
				if !keys[k] {
					fmt.Fprintf(w, "toolplane: warning: token %s: a deny selector needs label %s, which no capability has now and no label in the config names, so it denies nothing; check its spelling (every capability has source, namespace and name)\n", showWord(t.Name), showWord(k))
				}
			}
		}
	}
}

// labelKeys are the label keys selectors can meet: those of the
// capabilities registered now (the projections source, namespace, name,
// pkg and server included) and every label key the config writes (an
// upstream not started yet has its labels).
func labelKeys(cfg *config.Config, reg *capability.Registry) map[string]bool {
	keys := map[string]bool{"source": true, "namespace": true, "name": true, "pkg": true, "server": true}
	for _, c := range reg.List() {
		for k := range capability.LabelSet(c) {
			keys[k] = true
		}
	}
	for _, k := range capability.HintLabels() {
		keys[k] = true
	}
	for _, s := range cfg.MCP.Servers {
		for k := range s.Labels {
			keys[k] = true
		}
		for _, o := range s.Tools {
			for k := range o.Labels {
				keys[k] = true
			}
		}
	}
	for _, b := range cfg.CLI.Binaries {
		for k := range b.Labels {
			keys[k] = true
		}
	}
	return keys
}
