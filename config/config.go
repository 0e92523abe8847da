// Package config is the model of toolplane.toml: the typed sections, strict
// decoding with positioned errors (load.go), cross-field validation
// (validate.go), secret references (types.go), and a comment-preserving
// editor used by the `toolplane cli|mcp` verbs (edit.go).
//
// Components that own a section of their own (HTTP tokens, plugins) claim it
// on a Loader they construct; there is no package-level registry.
package config

// FileName is the conventional name of the configuration file.
const FileName = "toolplane.toml"

// Config is a decoded toolplane.toml. The zero value is not meaningful; start
// from Default or Load.
type Config struct {
	Toolplane ToolplaneConfig `toml:"toolplane"`
	CLI       CLIConfig       `toml:"cli"`
	Session   SessionConfig   `toml:"session"`
	Results   ResultsConfig   `toml:"results"`
	Audit     AuditConfig     `toml:"audit"`
	Log       LogConfig       `toml:"log"`
	Facade    FacadeConfig    `toml:"facade"`
	MCP       MCPConfig       `toml:"mcp"`

	// Path is the file this configuration was loaded from; empty for Default.
	Path string `toml:"-"`
}

// ToolplaneConfig is the [toolplane] table.
type ToolplaneConfig struct {
	// DefaultBackend runs snippets unless a call asks for another backend.
	DefaultBackend Backend `toml:"default_backend"`
	// Isolation is where the embedded backend runs snippets: "process"
	// (sandbox worker processes) or "none" (this process). Empty lets
	// the command choose: process for serve mcp, none for run.
	Isolation Isolation `toml:"isolation"`
}

// CLIConfig is the [cli] table: which binaries snippets may run.
type CLIConfig struct {
	Mode CLIMode `toml:"mode"`
	// Allow lists bare binary names (no paths); only valid in allowlist mode.
	Allow []string `toml:"allow"`
	// Escalate asks the human (MCP elicitation) before running a binary
	// outside the allowlist once.
	Escalate bool `toml:"escalate"`
	// EscalationCooldown: after the human declines (or dismisses) an
	// escalation, the same client (over HTTP the same token) is not
	// asked again for this long; its escalations are refused. "0s" turns
	// it off.
	EscalationCooldown Duration `toml:"escalation_cooldown"`
	Timeout            Duration `toml:"timeout" config:"zero-is-default"`
	MaxOutputBytes     ByteSize `toml:"max_output_bytes"`
	// Cwd is the working directory of CLI processes; empty means toolplane's.
	Cwd string `toml:"cwd"`
	// Env is set in every CLI process. Nothing of toolplane's own
	// environment is passed except the names in PassEnv.
	Env     map[string]Secret `toml:"env"`
	PassEnv []string          `toml:"pass_env"`
	// Binaries holds per-binary settings, keyed by binary name.
	Binaries map[string]CLIBinaryConfig `toml:"binaries"`
}

// CLIBinaryConfig is a [cli.binaries.<name>] table: the binary's labels
// and the configured part of its argument policy (source/cli/README.md,
// "Argument policies"). The lists only add refusals to the built-in policy.
type CLIBinaryConfig struct {
	Labels map[string]string `toml:"labels"`
	// DenyArgs are options refused wherever they appear, in any spelling
	// the binary accepts: "--force", "-f", "-exec", or "@" for response
	// files.
	DenyArgs []string `toml:"deny_args"`
	// AllowSubcommands, when set, lists the only subcommands (first
	// argument) a call may name.
	AllowSubcommands []string `toml:"allow_subcommands"`
	// DenySubcommands lists subcommands a call may not name.
	DenySubcommands []string `toml:"deny_subcommands"`
	// BuiltinPolicy = false turns toolplane's built-in argument policy of
	// the binary off (its lists above still apply); unset means on.
	BuiltinPolicy *bool `toml:"builtin_policy"`
}

// SessionConfig is the [session] table: notebook-like state on the
// embedded backend.
type SessionConfig struct {
	Enabled     bool     `toml:"enabled"`
	MaxMemoryMB int      `toml:"max_memory_mb"`
	IdleTimeout Duration `toml:"idle_timeout" config:"zero-is-default"`
	// MaxSessions and MaxSessionsPerToken cap live client sessions; a new
	// one over a cap evicts the least recently used idle session (its
	// client is told on its next run): its token's own for
	// MaxSessionsPerToken; for MaxSessions its token's or one of a token
	// holding more sessions than it (never one of a token holding as many
	// or fewer). With none to evict it waits for one to become idle or go
	// (first come, first served within its token; across tokens, the
	// token holding the fewest sessions first, then the one served
	// longest ago) up to RunQueueWait, and is then refused naming the
	// caps. At most MaxSessionsPerToken requests of a token wait at once.
	MaxSessions         int `toml:"max_sessions"`
	MaxSessionsPerToken int `toml:"max_sessions_per_token"`
	// MaxRetainedMB and MaxRetainedMBPerToken are the memory budget of
	// sessions, in all and per token: what idle sessions hold (globals,
	// saved results, and the sandbox worker each keeps, 40 MiB) plus what running ones may reach (each run's memory
	// limit). A run that would pass it evicts least recently used idle
	// sessions (its token's own; for MaxRetainedMB then one of a token
	// charged more memory than it, never one of a token charged as much
	// or less), runs with a lower limit, or waits and is refused. 0
	// (unset) derives the budget from the host's memory: see
	// MemoryBudget.
	MaxRetainedMB         int `toml:"max_retained_mb"`
	MaxRetainedMBPerToken int `toml:"max_retained_mb_per_token"`
	// BudgetWait is how long a run that does not fit the memory budget
	// (runs in progress, or idle sessions it may not evict, hold it)
	// waits for memory before it is refused naming the budget.
	BudgetWait Duration `toml:"budget_wait"`
	// MaxConcurrentRuns and MaxConcurrentRunsPerToken cap the runs
	// (execute_code, on every backend) in progress at once, in all and
	// per token; a run over a cap waits in its token's queue (first come,
	// first served) up to RunQueueWait, holding no memory and no worker,
	// and is then refused naming the cap. Another token's run passes a
	// token's queue. 0 (unset) derives them from the host's CPUs: see
	// RunLimits.
	MaxConcurrentRuns         int      `toml:"max_concurrent_runs"`
	MaxConcurrentRunsPerToken int      `toml:"max_concurrent_runs_per_token"`
	RunQueueWait              Duration `toml:"run_queue_wait"`
	// MaxHostCalls caps the capability calls of one run (execute_code,
	// toolplane run), on every backend that counts them: a run past it
	// ends with a host_calls limit error naming this key. At most
	// MaxHostCallsCap.
	MaxHostCalls int `toml:"max_host_calls"`
}

// DefaultMaxHostCalls is [session] max_host_calls when the file does not
// set it: the interpreter's own default (vm.DefaultMaxHostCalls).
const DefaultMaxHostCalls = 1000

// MaxHostCallsCap bounds [session] max_host_calls. Every capability call
// is dispatched through the middleware chain and audited, and in the
// default sandbox it is a round trip between processes; a run of a
// hundred thousand calls already takes tens of seconds and leaves as many
// audit records, so a larger cap would only let one run flood the audit
// log and the upstreams.
const MaxHostCallsCap = 100_000

// ResultsConfig is the [results] table: the save_result/load_result store.
type ResultsConfig struct {
	Enabled       bool     `toml:"enabled"`
	MaxEntries    int      `toml:"max_entries"`
	MaxTotalBytes ByteSize `toml:"max_total_bytes"`
	MaxEntryBytes ByteSize `toml:"max_entry_bytes"`
	TTLSeconds    int      `toml:"ttl_seconds" config:"zero-is-default"`
}

// AuditConfig is the [audit] table: the opt-in JSONL event stream.
type AuditConfig struct {
	Enabled bool `toml:"enabled"`
	// Sinks are where lines go: "file" (Path, rotated), "stderr", "http"
	// ([audit.http]). Default ["file"].
	Sinks []string `toml:"sinks"`
	// Path may start with "~/" for the user's home directory.
	Path string `toml:"path"`
	// MaxFileBytes rotates the file when it would grow past it (default
	// 64MiB), keeping MaxFiles rotated files (default 5) and, carried
	// into the oldest, up to MaxFileBytes of the lines of subjects that
	// hold little of them (audit.FileSink).
	MaxFileBytes ByteSize `toml:"max_file_bytes" config:"zero-is-default"`
	MaxFiles     int      `toml:"max_files" config:"zero-is-default"`
	// QueueSize bounds the lines waiting for each sink (default 8192);
	// a line finding it full, or its token's share of it taken (fewer
	// lines than are left free), is dropped and counted, never waited for.
	QueueSize int `toml:"queue_size"`
	// FlushTimeout bounds the drain at shutdown (default 3s).
	FlushTimeout Duration `toml:"flush_timeout" config:"zero-is-default"`
	// Headers is the allow-list of request headers recorded on dispatch
	// lines; credential headers are refused.
	Headers []string `toml:"headers"`
	// HTTP is the collector of the "http" sink.
	HTTP AuditHTTPConfig `toml:"http"`
}

// AuditHTTPConfig is the [audit.http] table: a collector receiving the
// audit lines by POST.
type AuditHTTPConfig struct {
	// URL is http(s)://HOST[:PORT]/PATH; lines and headers go to its
	// origin only (redirects are not followed).
	URL string `toml:"url"`
	// Format is "jsonl" (default) or "otlp" (OTLP/HTTP JSON logs, for an
	// OpenTelemetry collector's /v1/logs).
	Format string `toml:"format"`
	// Headers are sent with every POST; values are secret references.
	Headers map[string]Secret `toml:"headers"`
	// Timeout bounds one POST (default 5s).
	Timeout Duration `toml:"timeout" config:"zero-is-default"`
}

// Audit sink names in [audit] sinks.
const (
	AuditSinkFile   = "file"
	AuditSinkStderr = "stderr"
	AuditSinkHTTP   = "http"
)

// LogConfig is the [log] table: toolplane's own diagnostics.
type LogConfig struct {
	Level  LogLevel  `toml:"level"`
	Format LogFormat `toml:"format"`
	// File receives the log; empty means stderr.
	File string `toml:"file"`
	// LogIDHeader is the HTTP request header a request's log id is read
	// from and echoed in (default X-Log-Id); a value that is not 1-64 of
	// [A-Za-z0-9._:-] is replaced by a fresh id.
	LogIDHeader string `toml:"logid_header"`
}

// FacadeConfig is the [facade] table: what `serve mcp` exposes besides the
// three meta-tools.
type FacadeConfig struct {
	// Tools also exposes every admitted capability as a direct MCP tool.
	Tools bool `toml:"tools"`
}

// MCPConfig is the [mcp] table: the upstream servers and the bounds every
// one of them is held to (an upstream server is a third party).
type MCPConfig struct {
	// MaxResultBytes is the largest result (or page of tools) a server may
	// send; a larger one fails the call.
	MaxResultBytes ByteSize `toml:"max_result_bytes"`
	// MaxTools is how many tools one server may list.
	MaxTools int `toml:"max_tools"`
	// CallTimeout bounds the calls of servers that set no timeout.
	CallTimeout Duration `toml:"call_timeout"`

	Servers map[string]MCPServer `toml:"servers"`
}

// MCPServer is one [mcp.servers.<name>] table: an upstream MCP server,
// either a stdio command or a URL.
type MCPServer struct {
	Command string   `toml:"command"`
	Args    []string `toml:"args"`
	// Env is set in the server's process, on top of the minimal
	// environment every child of toolplane gets (PATH, HOME, USER, LANG,
	// LC_*, TZ, TMPDIR). Nothing else of toolplane's own environment is
	// passed except the names in PassEnv.
	Env     map[string]Secret `toml:"env"`
	PassEnv []string          `toml:"pass_env"`
	Cwd     string            `toml:"cwd"`

	URL       string            `toml:"url"`
	Transport Transport         `toml:"transport"`
	Headers   map[string]Secret `toml:"headers"`
	Auth      Auth              `toml:"auth"`

	Labels  map[string]string `toml:"labels"`
	Timeout Duration          `toml:"timeout" config:"zero-is-default"`
	Startup Startup           `toml:"startup"`
	// StartupTimeout bounds connecting: starting the process, initialize
	// and the first tools/list. Unset: 30s, or 5m for a command that
	// downloads its server first (npx, uvx, ...).
	StartupTimeout Duration `toml:"startup_timeout" config:"zero-is-default"`
	// Isolation of a stdio server's process: "" or "landlock" (a
	// Landlock domain of its own where the kernel has one: no other
	// server or CLI run reads its environment or memory, and it reads
	// none of theirs, nor signals them or toolplane), or "none" (started
	// as any process of the user, for a server that needs a setuid
	// helper, which the domain's no_new_privs disarms).
	Isolation string `toml:"isolation"`
	// Tools overrides settings per upstream tool name.
	Tools map[string]ToolOverride `toml:"tools"`
}

// EffectiveTransport is the transport in use: the configured one, else stdio
// for a command and Streamable HTTP for a URL.
func (s MCPServer) EffectiveTransport() Transport {
	switch {
	case s.Transport != "":
		return s.Transport
	case s.URL != "":
		return TransportHTTP
	default:
		return TransportStdio
	}
}

// ToolOverride is a [mcp.servers.<name>.tools.<tool>] table.
type ToolOverride struct {
	Labels   map[string]string `toml:"labels"`
	Disabled bool              `toml:"disabled"`
	// Alias replaces the tool's friendly name (the canonical id stays).
	Alias string `toml:"alias"`
}

// Default returns the safe defaults every missing key takes: the embedded
// backend, no CLI binaries, sessions and results on, audit off.
func Default() *Config {
	return &Config{
		Toolplane: ToolplaneConfig{DefaultBackend: BackendEmbedded},
		CLI: CLIConfig{
			Mode:               CLIDisabled,
			Timeout:            Duration{30 * second},
			MaxOutputBytes:     1 * MiB,
			EscalationCooldown: Duration{60 * second},
		},
		Session: SessionConfig{
			Enabled:             true,
			MaxMemoryMB:         512,
			IdleTimeout:         Duration{30 * minute},
			MaxSessions:         256,
			MaxSessionsPerToken: 32,
			BudgetWait:          Duration{30 * second},
			RunQueueWait:        Duration{30 * second},
			MaxHostCalls:        DefaultMaxHostCalls,
		},
		Results: ResultsConfig{
			Enabled:       true,
			MaxEntries:    64,
			MaxTotalBytes: 32 * MiB,
			MaxEntryBytes: 8 * MiB,
			TTLSeconds:    3600,
		},
		Audit: AuditConfig{Path: "~/.toolplane/audit.jsonl"},
		MCP: MCPConfig{
			MaxResultBytes: 16 * MiB,
			MaxTools:       1000,
			CallTimeout:    Duration{5 * minute},
		},
		Log: LogConfig{Level: LogInfo, Format: LogText},
	}
}

// NeedsUnsafe lists the settings that make `serve mcp` require --unsafe,
// each as "key = value" so the refusal can name them; empty when the
// configuration is safe to serve.
func (c *Config) NeedsUnsafe() []string {
	var out []string
	if c.Toolplane.DefaultBackend == BackendLocalUnsafe {
		out = append(out, `toolplane.default_backend = "local_unsafe"`)
	}
	if c.CLI.Mode == CLIAmbient {
		out = append(out, `cli.mode = "ambient"`)
	}
	return out
}

// ServerNames returns the configured MCP server names, sorted.
func (c *Config) ServerNames() []string {
	return sortedKeys(c.MCP.Servers)
}
