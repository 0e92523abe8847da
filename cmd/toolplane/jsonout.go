package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os/exec"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/internal/hostmem"
	clisrc "github.com/toolplane/toolplane/source/cli"
	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// --json output: what the text of `config check`, `mcp list` and `secret
// list` says, as one JSON object for scripts. Keys are the config's own
// (snake_case); secrets appear as the references written in the file, a
// literal as "(literal, hidden)", never a value.

// writeJSON prints v as indented JSON with a final newline.
func writeJSON(w io.Writer, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the JSON output: %w", err)
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// serverJSON is one [mcp.servers.NAME] as `mcp list --json` and `config
// check --json` show it.
type serverJSON struct {
	Name      string            `json:"name"`
	Transport string            `json:"transport"`
	Command   string            `json:"command,omitempty"`
	Args      []string          `json:"args,omitempty"`
	URL       string            `json:"url,omitempty"`
	Env       map[string]string `json:"env,omitempty"`
	Headers   map[string]string `json:"headers,omitempty"`
	Auth      string            `json:"auth,omitempty"`
	Startup   string            `json:"startup,omitempty"`
	Labels    map[string]string `json:"labels,omitempty"`
	// Namespace is what snippets call its tools under (logging_ for a
	// server named logging).
	Namespace string `json:"namespace"`
	// Tools is filled by `mcp list --tools --json`: the tools as last
	// listed, without connecting.
	Tools *cachedToolsJSON `json:"tools,omitempty"`
}

// cachedToolsJSON is a server's catalog as the cache last saw it.
type cachedToolsJSON struct {
	Known    bool     `json:"known"`
	ListedAt string   `json:"listed_at,omitempty"`
	Names    []string `json:"names"`
}

func secretsJSON(m map[string]config.Secret) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v.String()
	}
	return out
}

// serversJSON lists the configured servers in name order.
func serversJSON(cfg *config.Config) []serverJSON {
	reg := capability.NewRegistry(capability.WithModules(toolplane.SnippetModules()...))
	out := []serverJSON{}
	for _, name := range cfg.ServerNames() {
		s := cfg.MCP.Servers[name]
		j := serverJSON{Name: name, Transport: string(s.EffectiveTransport()), Command: s.Command, Args: shownArgsJSON(s.Args),
			URL: mcpsrc.ShownURL(s.URL), Env: secretsJSON(s.Env), Headers: secretsJSON(s.Headers), Startup: string(s.Startup), Labels: s.Labels, Namespace: name}
		if s.Auth == config.AuthOAuth {
			j.Auth = "oauth"
		} else if ref, ok := s.Auth.Bearer(); ok {
			j.Auth = ref.String()
		}
		if bound, _, ok := reg.SnippetNamespace(name); ok {
			j.Namespace = bound
		}
		out = append(out, j)
	}
	return out
}

// checkSummary is `config check --json`.
type checkSummary struct {
	Config    string       `json:"config"`
	Valid     bool         `json:"valid"`
	Backend   string       `json:"backend"`
	Isolation string       `json:"isolation"`
	CLI       cliJSON      `json:"cli"`
	Session   sessionJSON  `json:"session"`
	Results   resultsJSON  `json:"results"`
	Audit     auditJSON    `json:"audit"`
	Facade    facadeJSON   `json:"facade"`
	MCP       []serverJSON `json:"mcp_servers"`
	HTTP      *httpSummary `json:"http,omitempty"`
	// NeedsUnsafe names the settings that make `serve mcp` need --unsafe.
	NeedsUnsafe []string    `json:"needs_unsafe"`
	Notes       []checkNote `json:"notes"`
}

type cliJSON struct {
	Mode           string          `json:"mode"`
	Allow          []string        `json:"allow,omitempty"`
	Timeout        config.Duration `json:"timeout"`
	MaxOutputBytes int64           `json:"max_output_bytes"`
	Escalate       bool            `json:"escalate"`
	// EscalationCooldown is [cli] escalation_cooldown ("0s": off).
	EscalationCooldown config.Duration   `json:"escalation_cooldown"`
	Binaries           []cliBinaryJSON   `json:"binaries,omitempty"`
	Env                map[string]string `json:"env,omitempty"`
}

// cliBinaryJSON is what an allowed binary's argument policy bounds.
type cliBinaryJSON struct {
	Name   string `json:"name"`
	Policy string `json:"policy"`
}

type sessionJSON struct {
	Enabled             bool            `json:"enabled"`
	MaxMemoryMB         int             `json:"max_memory_mb"`
	IdleTimeout         config.Duration `json:"idle_timeout"`
	MaxSessions         int             `json:"max_sessions"`
	MaxSessionsPerToken int             `json:"max_sessions_per_token"`
	// MaxRetainedMB and MaxRetainedMBPerToken are the effective memory
	// budget, BudgetDerived how the unset ones were derived.
	MaxRetainedMB         int    `json:"max_retained_mb"`
	MaxRetainedMBPerToken int    `json:"max_retained_mb_per_token"`
	BudgetDerived         string `json:"budget_derived,omitempty"`
	// BudgetWait is how long a run that does not fit the budget waits.
	BudgetWait config.Duration `json:"budget_wait"`
	// MaxConcurrentRuns and MaxConcurrentRunsPerToken are the effective
	// run caps, RunsDerived how the unset ones were derived.
	MaxConcurrentRuns         int             `json:"max_concurrent_runs"`
	MaxConcurrentRunsPerToken int             `json:"max_concurrent_runs_per_token"`
	RunQueueWait              config.Duration `json:"run_queue_wait"`
	RunsDerived               string          `json:"runs_derived,omitempty"`
	// MaxHostCalls is the capability calls one run may make.
	MaxHostCalls int `json:"max_host_calls"`
}

type resultsJSON struct {
	Enabled       bool  `json:"enabled"`
	MaxEntries    int   `json:"max_entries"`
	MaxEntryBytes int64 `json:"max_entry_bytes"`
	MaxTotalBytes int64 `json:"max_total_bytes"`
	TTLSeconds    int   `json:"ttl_seconds"`
}

type auditJSON struct {
	Enabled bool     `json:"enabled"`
	Path    string   `json:"path,omitempty"`
	Sinks   []string `json:"sinks,omitempty"`
}

type facadeJSON struct {
	Tools bool `json:"tools"`
}

// checkJSON is the summary writeSummary and writeHTTP print, as data.
func checkJSON(cfg *config.Config, h httpSummary) checkSummary {
	c := cfg.CLI
	budget := cfg.Session.MemoryBudget(hostmem.Detect().Bytes)
	runs := cfg.Session.RunLimits(hostCPUs())
	out := checkSummary{
		Config:    cfg.Path,
		Valid:     true,
		Backend:   string(cfg.Toolplane.DefaultBackend),
		Isolation: string(cfg.Toolplane.Isolation),
		CLI: cliJSON{Mode: string(c.Mode), Allow: c.Allow, Timeout: c.Timeout, MaxOutputBytes: int64(c.MaxOutputBytes),
			Escalate: c.Escalate, EscalationCooldown: c.EscalationCooldown, Env: secretsJSON(c.Env)},
		Session: sessionJSON{cfg.Session.Enabled, cfg.Session.MaxMemoryMB, cfg.Session.IdleTimeout, cfg.Session.MaxSessions,
			cfg.Session.MaxSessionsPerToken, budget.AllMB, budget.PerTokenMB, budget.Derived, cfg.Session.BudgetWait,
			runs.All, runs.PerToken, cfg.Session.RunQueueWait, runs.Derived, cfg.Session.MaxHostCalls},
		Results:     resultsJSON{cfg.Results.Enabled, cfg.Results.MaxEntries, int64(cfg.Results.MaxEntryBytes), int64(cfg.Results.MaxTotalBytes), cfg.Results.TTLSeconds},
		Audit:       auditJSON{Enabled: cfg.Audit.Enabled},
		Facade:      facadeJSON{Tools: cfg.Facade.Tools},
		MCP:         serversJSON(cfg),
		NeedsUnsafe: append([]string{}, cfg.NeedsUnsafe()...),
		Notes:       append([]checkNote{}, h.Notes...),
	}
	if out.Isolation == "" {
		out.Isolation = "default"
	}
	if cfg.Audit.Enabled {
		out.Audit.Path, out.Audit.Sinks = cfg.Audit.Path, cfg.Audit.Sinks
	}
	if c.Mode == config.CLIAllowlist {
		for _, name := range c.Allow {
			path, _ := exec.LookPath(name)
			_, text := clisrc.DescribeArgPolicy(name, path, cliArgPolicy(&c, name))
			out.CLI.Binaries = append(out.CLI.Binaries, cliBinaryJSON{name, text})
		}
	}
	if len(h.Tokens) > 0 || h.AllowAnonymous {
		hs := h
		hs.Notes = nil
		out.HTTP = &hs
	}
	return out
}

// shownArgsJSON is a server's arguments as the summary shows them (nil
// stays nil, for omitempty).
func shownArgsJSON(args []string) []string {
	if len(args) == 0 {
		return nil
	}
	return mcpsrc.ShownArgs(args)
}
