package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"net"
	"os/exec"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/admission"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/internal/hostmem"
	"github.com/toolplane/toolplane/plugin"
	clisrc "github.com/toolplane/toolplane/source/cli"
	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

func newConfigCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Inspect the toolplane.toml in use",
		Example: `  toolplane config check
  toolplane config path`,
		Args: cobra.ArbitraryArgs,
		RunE: groupRun,
	}
	cmd.AddCommand(newConfigCheckCmd(a), newConfigPathCmd(a))
	return cmd
}

func newConfigCheckCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Validate the config and summarize it, without connecting anywhere",
		Long: `Validate toolplane.toml strictly (unknown keys, wrong types, bad values and
contradictions are errors with file:line:col) and print a short summary: the
backend, the CLI policy (and, per allowed binary, what its argument policy
refuses and what no allowlist bounds), the MCP servers with their transport,
sessions, results and audit. It never opens a network connection or starts a
server. With --json the summary is one JSON object (an invalid config is
still an error on stderr and exit status 1).`,
		Example: `  toolplane config check
  toolplane config check --config ./toolplane.toml
  toolplane config check --json`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			a.withTerminalSafeOutput()
			cfg, err := a.loadConfig()
			if err != nil {
				return err
			}
			resolve := toolplane.SecretResolver(newServeStores(a).secrets)
			h := summarizeHTTP(cmd.Context(), cfg, a.http, resolve)
			if asJSON {
				if err := a.plugins.Check(cfg.Path); err != nil {
					return err
				}
				return writeJSON(a.IO.Out, checkJSON(cfg, h))
			}
			writeSummary(a.IO.Out, cfg)
			writeHTTP(a.IO.Out, h)
			return writePlugins(a.IO.Out, cfg, a.plugins)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the summary as one JSON object")
	return cmd
}

func newConfigPathCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "path",
		Short: "Print the path of the config file in use",
		Long: `Print the config file this invocation uses: --config PATH, else
$TOOLPLANE_CONFIG, else ./toolplane.toml if present, else
~/.toolplane/toolplane.toml. The file need not exist. A ./toolplane.toml in
the current directory is used only once 'toolplane trust' recorded it.`,
		Example: `  toolplane config path`,
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			path, err := a.configPath()
			if err != nil {
				return err
			}
			fmt.Fprintln(a.IO.Out, path)
			return nil
		},
	}
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// writeSummary prints what the config does, one line per concern.
func writeSummary(w io.Writer, cfg *config.Config) {
	fmt.Fprintf(w, "config:   %s (valid)\n", cfg.Path)
	fmt.Fprintf(w, "backend:  %s\n", cfg.Toolplane.DefaultBackend)
	fmt.Fprintf(w, "sandbox:  isolation %s\n", isolationSummary(cfg.Toolplane.Isolation))
	fmt.Fprintf(w, "cli:      %s\n", cliPolicy(&cfg.CLI))
	writeCLIBounds(w, &cfg.CLI, "          ")
	s := cfg.Session
	if s.Enabled {
		host := hostmem.Detect()
		b := s.MemoryBudget(host.Bytes)
		fmt.Fprintf(w, "sessions: on, %d MB memory, idle timeout %s, at most %d (%d per token; with every one busy a new one waits up to %s, then is refused), memory budget %d MB (%d per token) for what idle sessions hold (their sandbox workers included) and running ones may reach; a run that does not fit waits up to %s for memory, then is refused\n", s.MaxMemoryMB, s.IdleTimeout, s.MaxSessions, s.MaxSessionsPerToken, s.RunQueueWait, b.AllMB, b.PerTokenMB, s.BudgetWait)
		if b.Derived != "" {
			fmt.Fprintf(w, "          budget derived: %s (host memory: %s)\n", b.Derived, host)
		}
	} else {
		fmt.Fprintln(w, "sessions: off")
	}
	l := s.RunLimits(hostCPUs())
	fmt.Fprintf(w, "runs:     at most %d at once (%d per HTTP token; over stdio the one client may use them all unless max_concurrent_runs_per_token is set); a run over a cap waits up to %s in its token's queue, then is refused; a run makes at most %d capability calls (max_host_calls)\n", l.All, l.PerToken, s.RunQueueWait, s.MaxHostCalls)
	if l.Derived != "" {
		fmt.Fprintf(w, "          caps derived: %s\n", l.Derived)
	}
	r := cfg.Results
	if r.Enabled {
		fmt.Fprintf(w, "results:  on, %d entries, %s per entry, %s total, ttl %ds\n", r.MaxEntries, r.MaxEntryBytes, r.MaxTotalBytes, r.TTLSeconds)
	} else {
		fmt.Fprintln(w, "results:  off")
	}
	if au := cfg.Audit; au.Enabled && len(au.Sinks) <= 1 && (len(au.Sinks) == 0 || au.Sinks[0] == config.AuditSinkFile) && len(au.Headers) == 0 {
		fmt.Fprintf(w, "audit:    on, %s\n", showWord(au.Path))
	} else if au.Enabled {
		var parts []string
		for _, s := range au.Sinks {
			switch s {
			case config.AuditSinkFile:
				parts = append(parts, "file "+showWord(au.Path)+" (rotated)")
			case config.AuditSinkHTTP:
				parts = append(parts, fmt.Sprintf("http %s (%s)", showWord(au.HTTP.URL), showWord(cmp.Or(au.HTTP.Format, "jsonl"))))
			default:
				parts = append(parts, showWord(s))
			}
		}
		if len(parts) == 0 {
			parts = append(parts, "file "+showWord(au.Path)+" (rotated)")
		}
		fmt.Fprintf(w, "audit:    on, %s; asynchronous, drops counted", strings.Join(parts, ", "))
		if len(au.Headers) > 0 {
			var hs []string
			for _, h := range au.Headers {
				hs = append(hs, showWord(h))
			}
			fmt.Fprintf(w, "; headers recorded: %s", strings.Join(hs, ", "))
		}
		fmt.Fprintln(w)
	} else {
		fmt.Fprintln(w, "audit:    off")
	}
	fmt.Fprintf(w, "facade:   direct tools %s\n", onOff(cfg.Facade.Tools))
	names := cfg.ServerNames()
	fmt.Fprintf(w, "mcp:      %d server(s)\n", len(names))
	writeServers(w, cfg, "  ")
	if u := cfg.NeedsUnsafe(); len(u) > 0 {
		fmt.Fprintf(w, "serve:    needs `serve mcp --unsafe` because of %s\n", strings.Join(u, ", "))
	} else {
		fmt.Fprintln(w, "serve:    safe to serve without --unsafe")
	}
}

// checkNote is one line config check prints after the summary: a
// warning, or what escalation does.
type checkNote struct {
	Kind string `json:"kind"` // "warning" or "escalate"
	Text string `json:"text"`
}

// httpToken is one [http.tokens.NAME] as config check reports it.
type httpToken struct {
	Name    string `json:"name"`
	Subject string `json:"subject"`
	Allow   string `json:"allow,omitempty"`
	Deny    string `json:"deny,omitempty"`
	// Token is the reference as written (a literal is hidden); Set says
	// whether it resolves to a value here.
	Token string `json:"token"`
	Set   bool   `json:"set"`
	// Identity is "fixed:ID" or "headers:X-User-Id,..." when the token
	// declares how its requests are identified.
	Identity string `json:"identity,omitempty"`
}

// httpSummary is [http] as config check reports it.
type httpSummary struct {
	Tokens         []httpToken `json:"tokens"`
	AllowAnonymous bool        `json:"allow_anonymous"`
	AnonymousAllow string      `json:"anonymous_allow,omitempty"`
	// Metrics is where /metrics is served and to whom; Peers where owner
	// routing finds the replicas.
	Metrics string      `json:"metrics,omitempty"`
	Peers   string      `json:"peers,omitempty"`
	Notes   []checkNote `json:"notes,omitempty"`
}

// summarizeHTTP reads [http] for config check, and flags what is unsafe
// or refused over HTTP: a token whose secret is not set here (serve
// refuses to start), anonymous access that reaches nothing, escalation
// without an approver (the requester would approve itself, so it is
// refused), local_unsafe (refused over HTTP), ambient CLI mode (a token
// admitted to source=cli runs any binary). resolve reads a token's
// reference.
func summarizeHTTP(ctx context.Context, cfg *config.Config, h *admission.Config, resolve func(context.Context, string) (string, error)) httpSummary {
	var out httpSummary
	note := func(kind, format string, args ...any) {
		out.Notes = append(out.Notes, checkNote{kind, fmt.Sprintf(format, args...)})
	}
	if cfg.CLI.Escalate {
		if d := cfg.CLI.EscalationCooldown.Duration; d > 0 {
			note("escalate", "after the human declines (or dismisses) a question, the same client (over HTTP the same token) is refused without asking for %s, whatever binary it tries ([cli] escalation_cooldown)", d)
		} else {
			note("warning", "[cli] escalation_cooldown = \"0s\": after a decline the next run may ask the human again at once, so an agent can repeat the question until someone clicks yes; set it to e.g. \"60s\"")
		}
	}
	if h == nil || (len(h.Tokens) == 0 && !h.AllowAnonymous) {
		if cfg.CLI.Escalate {
			note("escalate", "asks the local user over stdio; over HTTP refused unless [http] escalation_approver names a separate token")
		}
		return out
	}
	names := make([]string, 0, len(h.Tokens))
	for n := range h.Tokens {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		tc := h.Tokens[n]
		t := httpToken{Name: n, Subject: cmp.Or(tc.Subject, n), Token: tc.Token.String()}
		if tc.Allow.IsSet() {
			t.Allow = tc.Allow.String()
		}
		if tc.Deny.IsSet() {
			t.Deny = tc.Deny.String()
		}
		switch {
		case tc.Identity != "":
			t.Identity = "fixed:" + tc.Identity
		case len(tc.IdentityHeaders) > 0:
			t.Identity = "headers:" + strings.Join(tc.IdentityHeaders, ",")
		}
		if tc.Token != "" {
			v, err := resolve(ctx, string(tc.Token))
			t.Set = err == nil && v != ""
		}
		if !t.Set {
			note("warning", "%s", unsetTokenText(n, tc.Token))
		}
		out.Tokens = append(out.Tokens, t)
	}
	out.AllowAnonymous = h.AllowAnonymous
	if h.AllowAnonymous {
		if h.Anonymous.Allow.IsSet() {
			out.AnonymousAllow = h.Anonymous.Allow.String()
		} else {
			note("warning", "%s", anonymousNothing)
		}
	}
	switch {
	case cfg.CLI.Escalate && h.EscalationApprover == "":
		note("warning", "[cli] escalate = true, but no [http] escalation_approver: escalations requested over HTTP are refused (the requesting client never approves its own); stdio still asks the local user")
	case cfg.CLI.Escalate:
		note("escalate", "over HTTP approved by a client of %q, never by the requester; over stdio by the local user", h.EscalationApprover)
	case h.EscalationApprover != "":
		note("warning", "[http] escalation_approver is set but [cli] escalate is off: nothing is escalated")
	}
	summarizeOperations(h, &out, note)
	if cfg.Toolplane.DefaultBackend == config.BackendLocalUnsafe {
		note("warning", `default_backend = "local_unsafe" is refused over HTTP (snippets would run outside every token's policy with this process's environment); serve it over stdio only`)
	}
	if cfg.CLI.Mode == config.CLIAmbient {
		note("warning", `cli.mode = "ambient" over HTTP: a token admitted to source=cli runs any binary on PATH as this user`)
	}
	return out
}

// anonymousNothing is the warning for anonymous access without a policy.
const anonymousNothing = "[http] allow_anonymous = true, but [http.anonymous] has no allow: requests without a token reach no capability; add [http.anonymous] allow = \"SELECTOR\" (e.g. \"source=go\")"

// unsetTokenText says that a token's secret is not set here and how to
// set it: `serve mcp --transport http` refuses to start until it is.
func unsetTokenText(name string, ref config.Secret) string {
	if ref == "" {
		return fmt.Sprintf("[http.tokens.%s] has no token: write token = \"env://VAR\" (or keyring://NAME) naming where the bearer token is kept", showWord(name))
	}
	fix := "set it where serve runs"
	switch scheme, v, _ := ref.Ref(); scheme {
	case config.SchemeEnv:
		fix = fmt.Sprintf("export %s=\"$(openssl rand -hex 32)\" where serve runs, and give clients the same value", v)
	case config.SchemeKeyring:
		fix = fmt.Sprintf("store it with `toolplane secret set %s`", v)
	}
	return fmt.Sprintf("[http.tokens.%s] token %s is not set here, so `serve mcp --transport http` refuses to start: %s", showWord(name), ref, fix)
}

// summarizeOperations reports [http] metrics_addr, [http.metrics] and
// [http.peers], with what serve would refuse.
func summarizeOperations(h *admission.Config, out *httpSummary, note func(kind, format string, args ...any)) {
	subjects := map[string]bool{}
	for n, tc := range h.Tokens {
		subjects[cmp.Or(tc.Subject, n)] = true
	}
	if addr := h.MetricsAddress(); addr != "" || len(h.Metrics.Subjects) > 0 {
		var where []string
		if addr != "" {
			where = append(where, addr)
		}
		if len(h.Metrics.Subjects) > 0 {
			where = append(where, "/metrics for "+strings.Join(h.Metrics.Subjects, ", "))
		} else {
			where = append(where, "local scrapes only")
		}
		out.Metrics = strings.Join(where, "; ")
		if host, _, err := net.SplitHostPort(addr); err == nil && addr != "" {
			if ip := net.ParseIP(host); (ip == nil || !ip.IsLoopback()) && len(h.Metrics.Subjects) == 0 {
				note("warning", "[http] metrics_addr %s is not a loopback address and [http.metrics] names no subjects: serve refuses to start (name the scraper's token subject)", showWord(addr))
			}
		}
		for _, sub := range h.Metrics.Subjects {
			if !subjects[sub] && !(sub == admission.AnonymousSubject && h.AllowAnonymous) {
				note("warning", "[http.metrics] subjects names %s, no token's subject: serve refuses to start", showWord(sub))
			}
		}
	}
	if p := h.Peers; p.DNS != "" {
		out.Peers = "DNS " + showWord(p.DNS)
		if p.Service != "" {
			out.Peers += " (SRV _" + showWord(p.Service) + "._tcp)"
		}
		if h.Replica != "" || len(h.Replicas) > 0 {
			note("warning", "[http.peers] and [http] replica/replicas are both set: serve refuses to start (peers come from DNS or from the list)")
		}
	}
}

// writeHTTP prints the [http] summary and its notes.
func writeHTTP(w io.Writer, h httpSummary) {
	if len(h.Tokens) > 0 || h.AllowAnonymous {
		var toks []string
		for _, t := range h.Tokens {
			desc := showWord(t.Name)
			if t.Subject != t.Name {
				desc += " as " + showWord(t.Subject)
			}
			switch {
			case t.Allow == "":
				desc += " (reaches nothing: no allow)"
			case t.Deny != "":
				desc += fmt.Sprintf(" (allow %s; deny %s)", t.Allow, t.Deny)
			default:
				desc += fmt.Sprintf(" (allow %s)", t.Allow)
			}
			if id, ok := strings.CutPrefix(t.Identity, "headers:"); ok {
				desc += " identity from " + id + " (trusted for this token only)"
			} else if id, ok := strings.CutPrefix(t.Identity, "fixed:"); ok {
				desc += fmt.Sprintf(" identity fixed %q", id)
			}
			toks = append(toks, desc)
		}
		if h.AllowAnonymous {
			toks = append(toks, "anonymous on loopback")
		}
		fmt.Fprintf(w, "http:     %d token(s): %s\n", len(h.Tokens), strings.Join(toks, ", "))
	}
	if h.Metrics != "" {
		fmt.Fprintf(w, "metrics:  %s\n", h.Metrics)
	}
	if h.Peers != "" {
		fmt.Fprintf(w, "peers:    %s\n", h.Peers)
	}
	for _, n := range h.Notes {
		fmt.Fprintf(w, "%-10s%s\n", n.Kind+":", n.Text)
	}
}

// isolationSummary says where the embedded backend runs snippets.
func isolationSummary(i config.Isolation) string {
	switch i {
	case config.IsolationProcess:
		return "process (snippets run in sandbox worker processes)"
	case config.IsolationNone:
		return "none (snippets run in the toolplane process)"
	}
	return "default (process for serve mcp, none for run)"
}

// cliPolicy renders the [cli] table in one line.
func cliPolicy(c *config.CLIConfig) string {
	var b strings.Builder
	b.WriteString(string(c.Mode))
	switch c.Mode {
	case config.CLIDisabled:
		return b.String()
	case config.CLIAllowlist:
		fmt.Fprintf(&b, " (%s)", strings.Join(c.Allow, ", "))
	case config.CLIAmbient:
		b.WriteString(" (any binary on PATH)")
	}
	fmt.Fprintf(&b, ", timeout %s, max output %s, escalate %s", c.Timeout, c.MaxOutputBytes, onOff(c.Escalate))
	if c.Escalate {
		fmt.Fprintf(&b, " (cool-down %s after a decline)", c.EscalationCooldown)
	}
	return b.String()
}

// writeCLIBounds prints, for an allowlist, what each binary's argument
// policy refuses or cannot bound, and what no allowlist bounds; for
// ambient mode, that only the binaries toolplane knows are bounded.
func writeCLIBounds(w io.Writer, c *config.CLIConfig, indent string) {
	switch c.Mode {
	case config.CLIAllowlist:
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		reg := capability.NewRegistry(capability.WithModules(toolplane.SnippetModules()...))
		for _, name := range c.Allow {
			path, _ := exec.LookPath(name)
			_, text := clisrc.DescribeArgPolicy(name, path, cliArgPolicy(c, name))
			if note := binaryRenameNote(reg, name); note != "" {
				text = note + "; " + text
			}
			fmt.Fprintf(tw, "%s%s\t%s\n", indent, name, text)
		}
		tw.Flush()
	case config.CLIAmbient:
		fmt.Fprintf(w, "%sany binary on PATH runs; the binaries toolplane knows keep their built-in argument policies, any other is unbounded\n", indent)
	default:
		return
	}
	fmt.Fprintf(w, "%s%s\n", indent, clisrc.AllowlistBounds)
}

// binaryRenameNote says how snippets call an allowed binary named like a
// builtin, module or runtime binding (id is id_, so id() stays the
// builtin); "" for any other.
func binaryRenameNote(reg *capability.Registry, name string) string {
	bound, why, ok := reg.SnippetBinary(name)
	if !ok || why == "" {
		return ""
	}
	return fmt.Sprintf("snippets call it %s(...) or cli.%s(...) (%s is a %s)", bound, name, name, why)
}

// cliArgPolicy maps one [cli.binaries.NAME] table as the runtime does.
func cliArgPolicy(c *config.CLIConfig, name string) clisrc.ArgPolicy {
	b := c.Binaries[name]
	return clisrc.ArgPolicy{DenyArgs: b.DenyArgs, AllowSubcommands: b.AllowSubcommands, DenySubcommands: b.DenySubcommands,
		NoBuiltin: b.BuiltinPolicy != nil && !*b.BuiltinPolicy}
}

// writeServers prints one aligned line per MCP server: name, transport and
// what it connects to. Secrets print as references, literals hidden.
// A server named like a module a snippet imports (logging, calendar) is
// bound renamed in snippets, and the line says so.
// ident is the identifier snippets know a server by.
func ident(name string) string { id, _ := capability.Identifier(name); return id }

// aliasPrefix finds another server whose identifier, with "_", starts
// name's: a tool of it named REST_TOOL has the flat alias NAME_TOOL that
// name's tool TOOL has (server "a" tool "b_c" and server "a_b" tool "c").
func aliasPrefix(cfg *config.Config, name string) (string, bool) {
	for _, other := range cfg.ServerNames() {
		if other != name && strings.HasPrefix(ident(name), ident(other)+"_") {
			return other, true
		}
	}
	return "", false
}

func writeServers(w io.Writer, cfg *config.Config, indent string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	reg := capability.NewRegistry(capability.WithModules(toolplane.SnippetModules()...))
	for _, name := range cfg.ServerNames() {
		s := cfg.MCP.Servers[name]
		target := showWord(mcpsrc.ShownURL(s.URL))
		var extra []string
		if s.Command != "" {
			target = showArgv(append([]string{s.Command}, mcpsrc.ShownArgs(s.Args)...))
			if s.Startup == config.StartupEager {
				extra = append(extra, "eager")
			}
		}
		if s.Auth == config.AuthOAuth {
			extra = append(extra, "auth=oauth")
		} else if ref, ok := s.Auth.Bearer(); ok {
			extra = append(extra, "auth=bearer "+ref.String())
		}
		if n := len(s.Tools); n > 0 {
			extra = append(extra, fmt.Sprintf("%d tool override(s)", n))
		}
		if bound, why, ok := reg.SnippetNamespace(name); ok && why != "" {
			extra = append(extra, fmt.Sprintf("snippets call %s.TOOL (%s is a %s)", bound, name, why))
		}
		if other, ok := aliasPrefix(cfg, name); ok {
			extra = append(extra, fmt.Sprintf("flat aliases %s_TOOL can collide with tools of %s named %s_TOOL (such aliases are withdrawn from both, never given to one; %s.TOOL always works)",
				ident(name), other, strings.TrimPrefix(ident(name), ident(other)+"_"), ident(name)))
		}
		line := fmt.Sprintf("%s%s\t%s\t%s", indent, name, s.EffectiveTransport(), target)
		if len(extra) > 0 {
			// Only a non-empty last cell: an empty one would pad the line
			// with trailing spaces.
			line += "\t" + strings.Join(extra, ", ")
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
}

// writePlugins summarizes [plugins]: the chain in onion order and the
// required plugins, after the same checks serve makes (a required plugin
// not in use, a section of a plugin not in use, an unknown plugin).
func writePlugins(w io.Writer, cfg *config.Config, h *plugin.Host) error {
	if err := h.Check(cfg.Path); err != nil {
		return err
	}
	use := h.Use()
	if len(use) == 0 {
		return nil
	}
	fmt.Fprintf(w, "plugins:  chain (outer to inner): admission > %s", strings.Join(use, " > "))
	if req := h.Required(); len(req) > 0 {
		fmt.Fprintf(w, "; required: %s", strings.Join(req, ", "))
	}
	fmt.Fprintln(w)
	return nil
}
