package toolplane

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/backend/localpython"
	"github.com/toolplane/toolplane/backend/pyodide"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/sandbox"
	"github.com/toolplane/toolplane/secrets"
	clisrc "github.com/toolplane/toolplane/source/cli"
)

// FromConfig loads toolplane.toml at path (strictly: unknown keys are
// errors with positions) and opens the runtime it describes with the
// default OpenOptions; see Open. opts are applied after the configuration,
// so a caller can add Go capabilities and middlewares.
func FromConfig(ctx context.Context, path string, opts ...Option) (*Runtime, error) {
	cfg, err := config.Load(path)
	if err != nil {
		return nil, err
	}
	return Open(ctx, cfg, OpenOptions{}, opts...)
}

// OpenOptions adjust how Open connects what a configuration describes. The
// zero value is what an embedder usually wants.
type OpenOptions struct {
	// Warnings receives what does not stop the runtime: an upstream MCP
	// server that cannot be reached (its tools are missing), an alias that
	// could not be made, a failed background preparation. Nil means
	// os.Stderr.
	Warnings io.Writer

	// Audit receives a dispatch event for every capability call (its
	// middleware is installed outermost, so calls admission refuses are
	// recorded too) and the [cli] escalation events. Nil means: when
	// [audit] enabled = true, Open opens [audit] path and Stop closes it;
	// else nothing is recorded.
	Audit *audit.Logger

	// Escalator asks a human whether a binary outside [cli] allow may run
	// once, for [cli] escalate. Nil refuses every escalation, saying no
	// channel is available. A server facade passes one that asks the MCP
	// client through elicitation.
	Escalator clisrc.Escalator
	// OnEscalation, if set, hears every [cli] escalation decision after
	// the audit log has (serve counts them in toolplane_escalations_total).
	OnEscalation func(binary string, d clisrc.Decision)

	// WithholdUpstreamStderr keeps what stdio MCP servers wrote on stderr
	// out of the errors their calls return, and writes it to Warnings
	// instead: a server with several clients (serve over HTTP) must not
	// show one client what an upstream logged of another's calls.
	WithholdUpstreamStderr bool

	// OnToolsChanged is called, from the goroutine of the MCP connection
	// manager, after an upstream server said its tools changed and the
	// registry followed (tools added, changed or removed).
	OnToolsChanged func()

	// AllowUnsafe lets a configuration whose snippets act outside the
	// sandbox (default_backend = "local_unsafe", cli.mode = "ambient") be
	// opened. Without it Open refuses such a configuration, naming the
	// settings.
	AllowUnsafe bool

	// PrepareNow makes Open wait for a backend's one-time set-up (the
	// pyodide-deno start-up snapshot) instead of doing it in the
	// background. A one-shot run wants it: its own run would pay the full
	// boot anyway.
	PrepareNow bool

	// Secrets resolves keyring:// references in [cli.env] and in the env
	// and headers of MCP servers; OAuth holds the logins `toolplane mcp
	// login` stored. Nil means toolplane's own stores, each opened on first
	// use (a configuration without such values never probes the OS
	// keyring).
	Secrets, OAuth secrets.Store

	// CacheDir holds each MCP server's last tools/list, so lazy servers are
	// listed without being started. Empty means toolplane/mcp under the
	// user's cache directory (no cache when there is none).
	CacheDir string

	// DefaultIsolation is where snippets of the embedded backend run when
	// the configuration leaves [toolplane] isolation unset. The zero value
	// means config.IsolationNone: process isolation re-executes this
	// program, which must call SandboxWorkerMain first in main to serve as a
	// worker (toolplane's own commands do; serve mcp asks for process).
	DefaultIsolation config.Isolation

	// MCPStartTimeout, when positive, replaces every MCP server's start
	// timeout ([mcp.servers.NAME] startup_timeout and its default), as
	// `toolplane mcp status --timeout` does.
	MCPStartTimeout time.Duration
	// UpstreamTransport, if set, wraps the round tripper of HTTP upstream
	// MCP servers (serve passes the trace context through it).
	UpstreamTransport func(http.RoundTripper) http.RoundTripper

	// ClientName and ClientVersion identify the runtime to upstream MCP
	// servers. Defaults "toolplane" and the version of this module in the
	// running binary.
	ClientName, ClientVersion string
}

func (o OpenOptions) withDefaults() OpenOptions {
	if o.Warnings == nil {
		o.Warnings = os.Stderr
	}
	if o.Secrets == nil {
		o.Secrets = secrets.Lazy(secrets.Options{Namespace: secrets.NamespaceSecrets})
	}
	if o.OAuth == nil {
		o.OAuth = secrets.Lazy(secrets.Options{Namespace: secrets.NamespaceOAuth})
	}
	if o.CacheDir == "" {
		o.CacheDir = defaultMCPCacheDir()
	}
	if o.ClientName == "" {
		o.ClientName = "toolplane"
	}
	if o.ClientVersion == "" {
		o.ClientVersion = moduleVersion()
	}
	return o
}

// Open builds the runtime a configuration describes: the backend [toolplane]
// default_backend names (the embedded one is always there), the [cli]
// policy's binaries with its admission middleware, the tools of the
// [mcp.servers.*] upstream servers (stdio processes, HTTP and OAuth
// connections, which stop with the runtime), and the [audit] log. It is
// the one path from a configuration to a runtime: `toolplane serve mcp`
// and `toolplane run` open theirs with it too.
//
// opts apply after the configuration, so Go capabilities and middlewares
// can be added; middlewares given here sit outside the [cli] admission.
// A configuration error fails closed, naming the file, the key and the
// fix; an upstream server that cannot be reached is reported on
// o.Warnings and skipped, so one broken server does not take the runtime
// down. ctx bounds the sources' background work (OAuth token refreshes,
// catalog refreshes, backend preparation): pass one that lives as long as
// the runtime. Stop releases everything Open started.
//
//	cfg, err := config.Load("toolplane.toml")
//	if err != nil {
//		return err
//	}
//	rt, err := toolplane.Open(ctx, cfg, toolplane.OpenOptions{},
//		toolplane.WithCapabilities(gofunc.New("greeter", "greet", "Say hello.", greet)))
//	if err != nil {
//		return err
//	}
//	defer rt.Stop()
//	res, err := rt.Execute(ctx, `return [await git("status", short=True), await linear.list_issues(query="bug")]`, toolplane.ExecuteOptions{})
func Open(ctx context.Context, cfg *config.Config, o OpenOptions, opts ...Option) (*Runtime, error) {
	o = o.withDefaults()
	where := configName(cfg)
	if needs := cfg.NeedsUnsafe(); len(needs) > 0 && !o.AllowUnsafe {
		return nil, fmt.Errorf("%s: %s lets snippets act outside the sandbox; set OpenOptions.AllowUnsafe to open it anyway, or change the setting", where, strings.Join(needs, " and "))
	}
	auditLog := o.Audit
	var closeAudit func() error
	if auditLog == nil && cfg.Audit.Enabled {
		l, err := audit.FromConfig(ctx, cfg.Audit, SecretResolver(o.Secrets), o.Warnings)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		auditLog, closeAudit = l, l.Close
	}
	var all []Option
	if isolation(cfg, o) == config.IsolationProcess {
		// Every session holds a worker, so [session] max_sessions caps
		// them; a few more serve one-off runs (sessions off, other
		// callers).
		opts := sandbox.Options{MemoryBytes: int64(cfg.Session.MaxMemoryMB) << 20, Warn: func(msg string) {
			fmt.Fprintf(o.Warnings, "toolplane: warning: %s\n", msg)
		}}
		if cfg.Session.MaxSessions > 0 {
			opts.MaxWorkers = cfg.Session.MaxSessions + oneOffWorkers
		}
		all = append(all, WithProcessIsolation(opts))
	}
	if auditLog != nil {
		all = append(all, WithMiddleware(audit.Middleware(auditLog)))
	}
	backends, err := configuredBackends(ctx, cfg, o)
	if err != nil {
		if closeAudit != nil {
			_ = closeAudit()
		}
		return nil, err
	}
	all = append(all, backends...)
	name := string(cfg.Toolplane.DefaultBackend)
	if name == "" {
		name = string(config.BackendEmbedded)
	}
	all = append(all, WithDefaultBackend(name))
	if n := cfg.Session.MaxHostCalls; n > 0 {
		key := "[session] max_host_calls"
		if cfg.Path != "" {
			key += " in " + cfg.Path
		}
		all = append(all, WithMaxHostCalls(n, key))
	}
	rt, err := New(append(all, opts...)...)
	if err != nil {
		if closeAudit != nil {
			_ = closeAudit()
		}
		return nil, fmt.Errorf("%s: [toolplane] default_backend = %q: %w", where, name, err)
	}
	if closeAudit != nil {
		rt.OnStop(closeAudit)
	}
	if err := connectSources(ctx, rt, cfg, auditLog, o); err != nil {
		return nil, errors.Join(err, rt.Stop())
	}
	return rt, nil
}

// oneOffWorkers is how many workers beyond the session cap may run
// one-off runs at once.
const oneOffWorkers = 8

// isolation is the isolation mode a configuration opens with.
func isolation(cfg *config.Config, o OpenOptions) config.Isolation {
	switch {
	case cfg.Toolplane.Isolation != "":
		return cfg.Toolplane.Isolation
	case o.DefaultIsolation != "":
		return o.DefaultIsolation
	}
	return config.IsolationNone
}

// configuredBackends returns the backend [toolplane] default_backend names
// when it is not the embedded one. A backend that cannot run here refuses
// the configuration with why and the fix.
func configuredBackends(ctx context.Context, cfg *config.Config, o OpenOptions) ([]Option, error) {
	key := fmt.Sprintf("%s: [toolplane] default_backend = %q", configName(cfg), cfg.Toolplane.DefaultBackend)
	switch cfg.Toolplane.DefaultBackend {
	case config.BackendLocalUnsafe:
		b := localpython.New()
		if err := b.Available(); err != nil {
			return nil, fmt.Errorf("%s: %w", key, err)
		}
		return []Option{WithBackend(b)}, nil
	case config.BackendPyodideDeno:
		b := pyodide.New()
		if err := b.Available(); err != nil {
			return nil, fmt.Errorf("%s: %w (install it with `bash scripts/install-pyodide.sh %s`, or set $%s to where it is installed)", key, err, b.InstallDir(), pyodide.InstallDirEnv)
		}
		if !b.Snapshotted() {
			// Runs work without the start-up snapshot, only slower.
			prepare := func() {
				if err := b.Prepare(ctx); err != nil && ctx.Err() == nil {
					fmt.Fprintf(o.Warnings, "toolplane: warning: %v\n", err)
				}
			}
			if o.PrepareNow {
				fmt.Fprintf(o.Warnings, "toolplane: making the Pyodide start-up snapshot in %s (once)\n", b.InstallDir())
				prepare()
			} else {
				go prepare()
			}
		}
		return []Option{WithBackend(b)}, nil
	}
	return nil, nil
}

// configName names the configuration in messages: its file, else
// "configuration" (for config.Default).
func configName(cfg *config.Config) string {
	if cfg.Path == "" {
		return "configuration"
	}
	return cfg.Path
}
