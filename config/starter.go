package config

// Starter is the toolplane.toml that `toolplane init` writes: safe defaults
// (nothing here needs `serve mcp --unsafe`), every section present, and
// comments that say what each setting does.
const Starter = `# toolplane configuration. Check it with: toolplane config check
# Unknown keys are errors, so a typo never silently does nothing.

[toolplane]
# Where snippets run: "embedded" (built-in Python subset, no files or network),
# "pyodide-deno" (Pyodide in a Deno sandbox), or "local_unsafe" (a real CPython
# on this machine with your permissions; serving it needs --unsafe).
default_backend = "embedded"
# Where the embedded backend runs snippets: "process" (sandbox worker
# processes with no files, network or programs: a crash of the interpreter
# costs one run, never the server) or "none" (inside toolplane). Unset:
# process for serve mcp, none for a one-shot toolplane run.
# isolation = "process"

[cli]
# Which command-line binaries snippets may run: "disabled" (none),
# "allowlist" (exactly the names in allow), or "ambient" (anything on PATH;
# development only, serving it needs --unsafe).
# Add binaries with: toolplane cli allow git rg
# Known binaries (git, find, tar, sed, ssh, curl, ...) keep a built-in argument
# policy that refuses the ways a call makes them run other commands or write
# outside cwd; interpreters (python3, node, bash) run any script they are
# given. "toolplane config check" says what bounds each allowed binary.
mode = "disabled"
timeout = "30s"
max_output_bytes = "1MiB"
# With escalate = true (allowlist mode), a call to a binary outside allow asks
# the human (MCP elicitation) whether to run it once. After a "no" (or a
# dismissed question) the same client (over HTTP, the same token) is not asked
# again for escalation_cooldown, whatever binary it tries: its escalations are
# refused, so an agent cannot ask again and again until someone clicks yes.
# "0s" turns the cool-down off.
# escalate = true
escalation_cooldown = "60s"

# Add refusals per binary (every spelling the binary accepts is matched):
# [cli.binaries.git]
# deny_args = ["--force"]          # options refused wherever they appear
# deny_subcommands = ["push"]      # or allow_subcommands = ["status", "log", "diff"]

[session]
# Globals persist across execute_code runs of one client, like notebook cells.
enabled = true
max_memory_mb = 512
idle_timeout = "30m"
# Caps, in all and per HTTP token: over one, the least recently used idle
# session is evicted (its client is told; never one of a token holding as
# many sessions or fewer); with none to evict, new ones wait.
max_sessions = 256
max_sessions_per_token = 32
# The memory budget of sessions, idle (what they hold, and the 40 MiB
# sandbox process each keeps) and running (each run is granted
# max_memory_mb): over it, least recently used idle sessions are
# evicted (never one of a token holding as much memory or less), then
# runs get less or wait for others to end.
# Unset: half of this host's memory (a container's limit included), and
# a quarter of that per HTTP token (at least two runs' max_memory_mb; one
# client over stdio gets it all); "toolplane config check" says how much.
# max_retained_mb = 4096
# max_retained_mb_per_token = 1024
# A run that does not fit it (runs in progress hold it) waits this long for
# memory, then is refused naming the budget.
budget_wait = "30s"
# Runs (execute_code) in progress at once, in all and per HTTP token: a run
# over a cap waits in its token's queue (first come, first served; another
# token's run passes it), holding no memory and no worker, for up to
# run_queue_wait, then is refused naming the cap. Unset: four times this
# host's CPUs (at least 4), and its CPUs per token (at least 2; one client
# over stdio may use them all); "toolplane config check" says how many.
# max_concurrent_runs = 8
# max_concurrent_runs_per_token = 2
run_queue_wait = "30s"
# Capability calls one run may make (a loop calling a tool per item needs
# one per item); past it the run ends with a host_calls limit error.
# At most 100000.
max_host_calls = 1000

[results]
# save_result/load_result: large values stay out of the model's context.
enabled = true
max_entries = 64
max_total_bytes = "32MiB"
max_entry_bytes = "8MiB"
ttl_seconds = 3600

[audit]
# One JSON line per run and capability call: metadata only, never arguments
# or results.
enabled = false
path = "~/.toolplane/audit.jsonl"

[log]
level = "info"
format = "text"

[facade]
# Also expose every capability as a direct MCP tool, besides the three
# code-mode meta-tools.
tools = false

[mcp]
# Upstream MCP servers are third parties: whatever one sends, it costs at
# most its own calls. A result larger than max_result_bytes fails the call;
# a server listing more than max_tools tools is not used; a call without a
# timeout of its own ends after call_timeout.
max_result_bytes = "16MiB"
max_tools = 1000
call_timeout = "5m"

# Upstream MCP servers. Add one with:
#   toolplane mcp add fs --command npx --arg -y --arg @modelcontextprotocol/server-filesystem --arg /tmp
#   toolplane mcp add linear --url https://mcp.linear.app/mcp --auth oauth
# Secrets are references, never literals: env://VAR or keyring://name.
`
