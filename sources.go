package toolplane

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/secrets"
	clisrc "github.com/toolplane/toolplane/source/cli"
	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// connectSources registers the capabilities of [cli] and [mcp]: the CLI
// policy's binaries with its admission middleware, and the tools of the
// upstream MCP servers, whose processes and connections stop with rt. A
// server that cannot be reached is reported and skipped. When a server
// says its tools changed, the registry follows and o.OnToolsChanged is
// called.
func connectSources(ctx context.Context, rt *Runtime, cfg *config.Config, auditLog *audit.Logger, o OpenOptions) error {
	where := configName(cfg)
	policy, err := CLIPolicy(ctx, cfg, SecretResolver(o.Secrets))
	if err != nil {
		return err
	}
	cli, err := clisrc.New(policy, clisrc.Hooks{
		Escalator: trackEscalations(o.Escalator),
		OnEscalation: func(binary string, d clisrc.Decision) {
			outcome := audit.OutcomeDenied
			if d == clisrc.DecisionGranted {
				outcome = audit.OutcomeGranted
			}
			auditLog.Log(audit.Event{Event: audit.EventEscalation, Capability: "cli:" + binary, Binary: binary, Outcome: outcome, Reason: string(d)})
			if o.OnEscalation != nil {
				o.OnEscalation(binary, d)
			}
		},
	})
	if err != nil {
		return fmt.Errorf("%s: [cli]: %w", where, err)
	}
	rt.Use(cli.Admission())
	// Ambient binaries and escalation candidates are not registered up
	// front; the registry materialises them on use, and admission decides.
	rt.Registry().SetResolver(capability.SourceCLI, cli.Lookup)
	for _, c := range cli.Capabilities() {
		if err := rt.Register(c); err != nil {
			return fmt.Errorf("%s: [cli] allow %s: %w", where, c.Name, err)
		}
	}

	if len(cfg.MCP.Servers) == 0 {
		return nil
	}
	u := &upstreams{rt: rt, warn: o.Warnings, registered: map[string]capability.Capability{}}
	mgr, err := newMCPManager(ctx, cfg, o, func() {
		u.refresh(ctx)
		if o.OnToolsChanged != nil {
			o.OnToolsChanged()
		}
	})
	if err != nil {
		return err
	}
	u.mu.Lock()
	u.mgr = mgr
	u.mu.Unlock()
	rt.mu.Lock()
	rt.upstreams = mgr
	rt.mu.Unlock()
	rt.OnStop(mgr.Close)
	u.refresh(ctx)
	return nil
}

// trackEscalations wraps esc so that the run a question is asked in
// (audit.RunEscalationsFrom) knows of it: its run_end lists the questions
// the run's end cut short.
func trackEscalations(esc clisrc.Escalator) clisrc.Escalator {
	if esc == nil {
		return nil
	}
	return func(ctx context.Context, binary string, argv []string) (clisrc.Decision, error) {
		end := audit.RunEscalationsFrom(ctx).Begin(string(capability.SourceCLI) + ":" + binary)
		d, err := esc(ctx, binary, argv)
		end(ctx.Err() != nil)
		return d, err
	}
}

// upstreams keeps the registry in step with the upstream MCP servers'
// catalogs.
type upstreams struct {
	rt   *Runtime
	warn io.Writer

	mu         sync.Mutex
	mgr        *mcpsrc.Manager                  // nil until built
	registered map[string]capability.Capability // mcp: id -> as registered
	// said are the problems refreshes found (withoutNumbers) and when
	// last, each warned of once when it appeared and again only once it
	// had been gone for sayAgainAfter: a server announcing
	// tools/list_changed every second had every problem of its catalog
	// written again at each refresh, a line per tool left out a second
	// for as long as it lived. Keyed by a digest, at most maxSaid of
	// them (saidKey).
	said map[[16]byte]time.Time
}

// maxSaid bounds the problems kept as said, and saidKey their size: a
// server renaming 1000 badly named tools at each refresh, their names as
// long as a listing lets them be, had every message of a minute's
// refreshes kept whole (60 000 of them). Past it, a new problem is
// warned of at each refresh it is found, within maxNewWarnings.
const maxSaid = 4096

// maxWarningBytes bounds one problem as written: a tool's name is in its
// message, and a listing's names can be megabytes long.
const maxWarningBytes = 1024

// saidKey is what said keeps of msg: a digest of it without its numbers
// (withoutNumbers) and without the last error a server's restart back-off
// quotes (lastErrorSuffix): that error is a problem of its own, said when
// a refresh met it, and the back-off is one problem whichever start failed
// last (a server that keeps exiting was warned of three times in eight
// listings: in back-off after deaths with no error, exited at start, in
// back-off after that).
func saidKey(msg string) [16]byte {
	if i := strings.LastIndex(msg, lastErrorSuffix); i >= 0 && strings.HasSuffix(msg, ")") {
		msg = msg[:i]
	}
	sum := sha256.Sum256([]byte(withoutNumbers(msg)))
	return [16]byte(sum[:16])
}

// lastErrorSuffix starts the last error source/mcp's back-off message
// quotes at its end.
const lastErrorSuffix = " (last error: "

// sayAgainAfter is how long a problem must be gone from the refreshes to
// be warned of again: a server that keeps exiting is found failing to
// start at one refresh and in its back-off at the next.
const sayAgainAfter = time.Minute

// maxNewWarnings bounds the problems one refresh writes: a server that
// renames its badly named tools at every refresh has new problems each
// time.
const maxNewWarnings = 32

// warnNew writes the problems of errs not found by the refreshes of the
// last sayAgainAfter before now (at most maxNewWarnings of them, then how
// many more), under header, and keeps them all as said.
func (u *upstreams) warnNew(header string, errs []error, now time.Time) {
	for key, at := range u.said {
		if now.Sub(at) > sayAgainAfter {
			delete(u.said, key)
		}
	}
	if u.said == nil {
		u.said = map[[16]byte]time.Time{}
	}
	var fresh []string
	for _, err := range errs {
		for _, msg := range leafErrors(err) {
			key := saidKey(msg)
			if _, ok := u.said[key]; !ok {
				fresh = append(fresh, msg)
				if len(u.said) >= maxSaid {
					continue
				}
			}
			u.said[key] = now
		}
	}
	if len(fresh) == 0 {
		return
	}
	var b strings.Builder
	b.WriteString(header)
	for i, msg := range fresh {
		if i == maxNewWarnings {
			fmt.Fprintf(&b, "(and %d more problems with MCP servers; toolplane mcp status lists them)\n", len(fresh)-i)
			break
		}
		if len(msg) > maxWarningBytes {
			msg = strings.ToValidUTF8(msg[:maxWarningBytes], "") + "…"
		}
		b.WriteString(msg)
		b.WriteByte('\n')
	}
	io.WriteString(u.warn, b.String())
}

// withoutNumbers is msg with each number that stands as a word of its own
// (after a space or a parenthesis; its fraction and unit with it: 4, 1.5s,
// 300ms) as '#': a server in its restart back-off is the same problem at
// every refresh, though its message counts the failures and the time to
// the next start. A number inside a name (t0, "7") stays.
func withoutNumbers(msg string) string {
	var b strings.Builder
	prev := ' '
	inNumber := false
	for _, r := range msg {
		isDigit := r >= '0' && r <= '9'
		switch {
		case inNumber && (isDigit || r == '.' || r == 'µ' || r >= 'a' && r <= 'z'):
			continue
		case isDigit && (prev == ' ' || prev == '('):
			b.WriteByte('#')
			inNumber = true
		default:
			inNumber = false
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}

// leafErrors are the messages of the errors joined in err, one each.
func leafErrors(err error) []string {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []string
		for _, e := range j.Unwrap() {
			out = append(out, leafErrors(e)...)
		}
		return out
	}
	if err == nil {
		return nil
	}
	return []string{err.Error()}
}

// refresh re-reads the upstream catalogs into the registry: new tools are
// added, changed ones replaced, vanished ones removed; unchanged ones are
// left alone.
func (u *upstreams) refresh(ctx context.Context) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.mgr == nil {
		return // a change announced while the manager is being built
	}
	caps, err := u.mgr.Capabilities(ctx)
	if errors.Is(err, mcpsrc.ErrClosed) {
		// The runtime stopped: a change announced while it stopped (a
		// lazy server's first listing differing from the cache arrives
		// on its own goroutine, often just after a short run ended) has
		// nothing left to refresh, and is no warning.
		return
	}
	// Not every problem is an unavailable server: a tool left out, an
	// override naming no tool, an alias taken.
	problems := []error{err}
	// One batch for the whole catalog: the registry recomputes every alias
	// on each change, so registering tools one at a time cost quadratic
	// time, seconds for a server listing a thousand tools, at every
	// refresh a server can trigger with tools/list_changed.
	reg := u.rt.Registry()
	seen := map[string]bool{}
	var (
		add    []capability.Capability
		remove []string
	)
	for _, c := range caps {
		seen[c.ID] = true
		if old, ok := u.registered[c.ID]; ok {
			if sameCapability(old, c) {
				continue
			}
			remove = append(remove, c.ID)
			delete(u.registered, c.ID)
		}
		add = append(add, c)
	}
	for id := range u.registered {
		if !seen[id] {
			remove = append(remove, id)
			delete(u.registered, id)
		}
	}
	reg.RemoveAll(remove...)
	problems = append(problems, reg.AddAll(add...))
	u.warnNew("toolplane: warning: problems with MCP servers (the tools of one that is unavailable are missing):\n", problems, time.Now())
	for _, c := range add {
		if _, ok := reg.Lookup(c.ID); ok {
			u.registered[c.ID] = c // registered, possibly without an alias
		}
	}
}

// sameCapability reports whether an upstream tool is unchanged, so a refresh
// leaves it (and a direct tool made from it) alone.
func sameCapability(a, b capability.Capability) bool {
	return a.Description == b.Description && bytes.Equal(a.InputSchema, b.InputSchema) &&
		bytes.Equal(a.OutputSchema, b.OutputSchema) && maps.Equal(a.Labels, b.Labels)
}

// NewMCPManager builds the connection manager of the configured MCP
// servers, as Open does, without connecting anything yet: secret
// references resolve through o.Secrets, and servers with auth = "oauth"
// get the tokens `toolplane mcp login` stored in o.OAuth, refreshed as
// they expire and written back. o.OnToolsChanged, if set, is called after
// a server's tool list changed and the manager's catalog was refreshed.
// The caller closes the manager.
func NewMCPManager(ctx context.Context, cfg *config.Config, o OpenOptions) (*mcpsrc.Manager, error) {
	return newMCPManager(ctx, cfg, o.withDefaults(), o.OnToolsChanged)
}

func newMCPManager(ctx context.Context, cfg *config.Config, o OpenOptions, onChange func()) (*mcpsrc.Manager, error) {
	var specs []mcpsrc.ServerSpec
	urls := map[string]string{}
	for _, name := range cfg.ServerNames() {
		s := cfg.MCP.Servers[name]
		spec := MCPServerSpec(name, s)
		if o.MCPStartTimeout > 0 {
			spec.StartTimeout = o.MCPStartTimeout
		}
		specs = append(specs, spec)
		if s.URL != "" {
			urls[name] = s.URL
		}
	}
	tokens := secrets.NewOAuthTokens(ctx, o.OAuth, urls, func(msg string) {
		fmt.Fprintf(o.Warnings, "toolplane: warning: %s\n", msg)
	})
	var transport http.RoundTripper
	if o.UpstreamTransport != nil {
		transport = o.UpstreamTransport(mcpsrc.DefaultHTTPTransport())
	}
	mgr, err := mcpsrc.NewManager(specs, mcpsrc.ManagerOptions{
		HTTPTransport:  transport,
		CacheDir:       o.CacheDir,
		Resolve:        SecretResolver(o.Secrets),
		Token:          tokens.Token,
		Refresh:        tokens.Refresh,
		ClientName:     o.ClientName,
		ClientVersion:  o.ClientVersion,
		OnChange:       onChange,
		WithholdStderr: o.WithholdUpstreamStderr,
		Log: func(msg string) {
			fmt.Fprintf(o.Warnings, "toolplane: warning: %s\n", msg)
		},
		// A start that takes a while (a first npx download) says so, so
		// a silent wait is not mistaken for a hang.
		OnStarting: func(server string, waited, limit time.Duration, last string) {
			msg := fmt.Sprintf("toolplane: mcp server %s is still starting (%s of at most %s)", server, waited.Round(time.Second), limit)
			if last != "" {
				msg += fmt.Sprintf("; its last stderr line: %q", last)
			}
			fmt.Fprintln(o.Warnings, msg)
		},
		Limits: mcpsrc.Limits{
			MaxResultBytes: int(cfg.MCP.MaxResultBytes),
			MaxTools:       cfg.MCP.MaxTools,
			CallTimeout:    cfg.MCP.CallTimeout.Duration,
		},
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", configName(cfg), err)
	}
	return mgr, nil
}

// CLIPolicy maps [cli] to the CLI source's policy, resolving the [cli.env]
// values with resolve (SecretResolver).
func CLIPolicy(ctx context.Context, cfg *config.Config, resolve func(context.Context, string) (string, error)) (clisrc.Policy, error) {
	c := cfg.CLI
	p := clisrc.Policy{
		Mode:           clisrc.Mode(c.Mode),
		Allow:          c.Allow,
		Escalate:       c.Escalate,
		Timeout:        c.Timeout.Duration,
		MaxOutputBytes: int(c.MaxOutputBytes),
		Cwd:            c.Cwd,
		PassEnv:        c.PassEnv,
		Protected:      protectedFiles(cfg),
	}
	if len(c.Env) > 0 {
		p.Env = map[string]string{}
		for k, v := range c.Env {
			s, err := resolve(ctx, string(v))
			if err != nil {
				return p, fmt.Errorf("%s: [cli.env] %s: %w", configName(cfg), k, err)
			}
			p.Env[k] = s
		}
	}
	if len(c.Binaries) > 0 {
		p.Labels = map[string]map[string]string{}
		p.Args = map[string]clisrc.ArgPolicy{}
		for name, b := range c.Binaries {
			p.Labels[name] = b.Labels
			p.Args[name] = clisrc.ArgPolicy{
				DenyArgs:         b.DenyArgs,
				AllowSubcommands: b.AllowSubcommands,
				DenySubcommands:  b.DenySubcommands,
				NoBuiltin:        b.BuiltinPolicy != nil && !*b.BuiltinPolicy,
			}
		}
	}
	return p, nil
}

// protectedFiles are toolplane's own files that a CLI call may not name
// (clisrc.Protected): the config in use, ~/.toolplane, the audit log and
// its rotated copies, and the [log] file.
func protectedFiles(cfg *config.Config) []clisrc.Protected {
	var ps []clisrc.Protected
	if cfg.Path != "" {
		ps = append(ps, clisrc.Protected{Path: cfg.Path, What: "the config toolplane runs with"})
	}
	if home, err := os.UserHomeDir(); err == nil {
		ps = append(ps, clisrc.Protected{Path: filepath.Join(home, ".toolplane"), What: "~/.toolplane: toolplane's config, trust record, secrets, audit log and results"})
	}
	if path, ok, err := audit.FilePath(cfg.Audit); ok && err == nil {
		ps = append(ps, clisrc.Protected{Path: path, What: "the audit log", Rotated: true})
	}
	if cfg.Log.File != "" {
		ps = append(ps, clisrc.Protected{Path: cfg.Log.File, What: "the log file"})
	}
	return ps
}

// MCPServerSpec maps [mcp.servers.NAME] to the MCP source's server spec.
// Secret references stay references: the manager resolves them when it
// connects, so a secret is never held longer than needed.
func MCPServerSpec(name string, s config.MCPServer) mcpsrc.ServerSpec {
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

		StartTimeout: s.StartupTimeout.Duration,
		Unisolated:   s.Isolation == config.ServerIsolationNone,
	}
	if spec.Auth == string(config.AuthNone) {
		spec.Auth = ""
	}
	spec.PassEnv = s.PassEnv
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

// SecretResolver resolves configured values: keyring://NAME through store
// (so a store's file fallback serves references too), env:// and literals
// as config.Secret does.
func SecretResolver(store secrets.Store) func(ctx context.Context, v string) (string, error) {
	return func(ctx context.Context, v string) (string, error) {
		scheme, name, ok := config.Secret(v).Ref()
		if !ok || scheme != config.SchemeKeyring {
			return config.Secret(v).Resolve(ctx)
		}
		if store == nil {
			return "", fmt.Errorf("secret %s: no secret store is available", v)
		}
		s, err := store.Get(ctx, name)
		if errors.Is(err, secrets.ErrNotFound) {
			return "", fmt.Errorf("secret %s is not set: store it with `toolplane secret set %s` (%w)", v, name, err)
		}
		if err != nil {
			return "", fmt.Errorf("secret %s: %w", v, err)
		}
		return s, nil
	}
}

// defaultMCPCacheDir is toolplane/mcp under the user's cache directory; ""
// (no cache) when there is none.
func defaultMCPCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "toolplane", "mcp")
}

// modulePath is this module's import path, looked up in the build info.
const modulePath = "github.com/toolplane/toolplane"

// moduleVersion is the version of this module in the running binary (as
// the main module or a dependency), else "devel".
func moduleVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	mods := append([]*debug.Module{&info.Main}, info.Deps...)
	for _, m := range mods {
		if m.Path == modulePath && m.Version != "" && m.Version != "(devel)" {
			return m.Version
		}
	}
	return "devel"
}
