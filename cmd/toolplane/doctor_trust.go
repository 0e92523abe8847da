package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/toolplane/toolplane/admission"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/internal/childenv"
	"github.com/toolplane/toolplane/internal/hostmem"
	"github.com/toolplane/toolplane/secrets"
	clisrc "github.com/toolplane/toolplane/source/cli"
	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// This file is the "trust posture" section of `toolplane doctor`: what a
// hostile snippet, token, config file or upstream server could reach under
// the config. Each area is one small function, so each concern (secrets,
// upstream environments, CLI argument policies, escalation approvers,
// isolation) is stated and changed in one place.

// trustEnv is what a trust area reads: the config, the secret stores, and
// the way the config file was found.
type trustEnv struct {
	cfg    *config.Config
	stores serveStores
	// origin says how the config file was chosen and why it is trusted.
	origin string
	// http is the [http] section (tokens, escalation approver); nil when
	// no file was loaded.
	http *admission.Config
}

// trustArea adds the lines of one concern to the report.
type trustArea func(ctx context.Context, r *doctorReport, env trustEnv)

// trustAreas are the areas of the section, in the order printed.
func trustAreas() []trustArea {
	return []trustArea{
		trustConfigSource,
		trustSecretStorage,
		trustUpstreamEnvironment,
		trustCLIArguments,
		trustEscalation,
		trustIsolation,
		trustSessionMemory,
		trustRunCaps,
	}
}

// trustRunCaps states how many runs one token, and all, may have in
// progress at once against the host's CPUs.
func trustRunCaps(_ context.Context, r *doctorReport, env trustEnv) {
	s := env.cfg.Session
	cpus := hostCPUs()
	l := s.RunLimits(cpus)
	what := fmt.Sprintf("runs: at most %d in progress at once, %d per HTTP token ([session] max_concurrent_runs, max_concurrent_runs_per_token); over a cap a run waits up to %s in its token's queue ([session] run_queue_wait), then is refused; %d CPUs",
		l.All, l.PerToken, s.RunQueueWait, cpus)
	if l.Derived != "" {
		what += "; derived: " + l.Derived
	}
	if l.PerToken > 4*cpus {
		r.add(checkWarn, what+": one token may keep more than four busy loops a CPU running, so the others' runs wait for the CPU behind them", "lower [session] max_concurrent_runs_per_token, or leave it unset")
		return
	}
	r.add(checkOK, what, "")
}

// trustSessionMemory states the sessions' memory budget: what all clients'
// sessions, and one token's, may hold idle and reach running, against
// the host's memory.
func trustSessionMemory(_ context.Context, r *doctorReport, env trustEnv) {
	s := env.cfg.Session
	host := hostmem.Detect()
	b := s.MemoryBudget(host.Bytes)
	what := fmt.Sprintf("sessions: memory budget %d MiB in all and %d MiB per token ([session] max_retained_mb, max_retained_mb_per_token) for what idle sessions hold (their sandbox workers included) and running ones may reach (each run max_memory_mb = %d MiB, or what is left of the budget); host memory %s",
		b.AllMB, b.PerTokenMB, s.MaxMemoryMB, host)
	what += "; this process's Go memory limit " + memoryLimitText()
	if b.Derived != "" {
		what += "; derived: " + b.Derived
	}
	switch {
	case memoryLimitTooSmall():
		r.add(checkWarn, what+fmt.Sprintf(": the Go memory limit is below %d MiB, so the collector runs nearly all the time and every client waits on it", tinyMemoryLimit>>20), "raise GOMEMLIMIT (e.g. GOMEMLIMIT=1GiB) or unset it to let toolplane derive one")
	case host.Bytes > 0 && int64(b.AllMB)<<20 > host.Bytes:
		r.add(checkWarn, what+": the budget is larger than the host's memory, so sessions can exhaust it", "lower [session] max_retained_mb, or leave it unset")
	case b.PerTokenMB < s.MaxMemoryMB:
		r.add(checkWarn, what+": a token's budget is below one run's max_memory_mb, so no run gets its whole limit", "raise [session] max_retained_mb_per_token, or lower max_memory_mb")
	default:
		r.add(checkOK, what, "")
	}
}

// doctorTrust appends the trust posture section.
func doctorTrust(ctx context.Context, r *doctorReport, env trustEnv) {
	r.section("trust posture")
	for _, area := range trustAreas() {
		area(ctx, r, env)
	}
}

// trustConfigSource says which file is in charge and why it is trusted.
func trustConfigSource(_ context.Context, r *doctorReport, env trustEnv) {
	if env.cfg.Path == "" {
		r.add(checkOK, "config: none (the safe defaults)", "")
		return
	}
	r.add(checkOK, fmt.Sprintf("config: %s (%s)", env.cfg.Path, env.origin), "")
}

// trustSecretStorage says where keyring:// values and OAuth logins are
// kept and whether they are encrypted at rest.
func trustSecretStorage(ctx context.Context, r *doctorReport, env trustEnv) {
	for _, st := range []struct {
		what  string
		store *secrets.LazyStore
	}{{"secrets", env.stores.secrets}, {"oauth logins", env.stores.oauth}} {
		o, err := st.store.Open(ctx)
		switch {
		case err != nil:
			r.add(checkWarn, fmt.Sprintf("%s: none can be stored: %v", st.what, err), "")
		case o.Files != nil && o.Files.Plaintext:
			r.add(checkWarn, fmt.Sprintf("%s: %s, %s", st.what, o.Where(), o.Encryption()), fmt.Sprintf("set %s (`toolplane secret keygen`) and unset %s", secrets.StorageKeyEnv, secrets.StoreEnv))
		default:
			r.add(checkOK, fmt.Sprintf("%s: %s, %s", st.what, o.Where(), o.Encryption()), "")
		}
	}
}

// trustUpstreamEnvironment lists, per stdio MCP server and for CLI
// binaries, the names of the environment variables they are started with
// (never the values): the minimal environment every child gets, the
// pass_env names and the declared env.
func trustUpstreamEnvironment(_ context.Context, r *doctorReport, env trustEnv) {
	base := strings.Join(childenv.Names(childenv.Build(os.Environ(), nil, nil)), ", ")
	line := func(who string, pass []string, set map[string]config.Secret) string {
		out := fmt.Sprintf("%s: environment %s", who, base)
		if len(pass) > 0 {
			out += "; passed from toolplane's: " + strings.Join(pass, ", ")
		}
		if len(set) > 0 {
			var parts []string
			for _, k := range sortedSecretKeys(set) {
				parts = append(parts, k+"="+set[k].String())
			}
			out += "; set: " + strings.Join(parts, ", ")
		}
		return out
	}
	for _, name := range env.cfg.ServerNames() {
		s := env.cfg.MCP.Servers[name]
		if s.Command == "" {
			if len(s.Headers) > 0 {
				var parts []string
				for _, k := range sortedSecretKeys(s.Headers) {
					parts = append(parts, k+"="+s.Headers[k].String())
				}
				r.add(checkOK, fmt.Sprintf("mcp %s: sends headers %s to %s", name, strings.Join(parts, ", "), mcpsrc.ShownURL(s.URL)), "")
			}
			if ref, ok := s.Auth.Bearer(); ok {
				r.add(checkOK, fmt.Sprintf("mcp %s: sends the bearer token %s to %s (its origin only)", name, ref, mcpsrc.ShownURL(s.URL)), "")
			}
			continue
		}
		r.add(checkOK, line("mcp "+name, s.PassEnv, s.Env), "")
	}
	if env.cfg.CLI.Mode != config.CLIDisabled {
		r.add(checkOK, line("cli binaries", env.cfg.CLI.PassEnv, env.cfg.CLI.Env), "")
	}
}

// trustCLIArguments says, per allowlisted binary, how far its argument
// policy bounds what a call can make it do; in ambient mode, that only the
// binaries toolplane knows are bounded.
func trustCLIArguments(_ context.Context, r *doctorReport, env trustEnv) {
	switch env.cfg.CLI.Mode {
	case config.CLIAmbient:
		r.add(checkWarn, "cli: ambient: any binary on PATH runs; only the binaries toolplane knows keep an argument policy", "set [cli] mode = \"allowlist\"")
	case config.CLIAllowlist:
		for _, bin := range env.cfg.CLI.Allow {
			doctorArgPolicy(r, bin, cliArgPolicy(&env.cfg.CLI, bin))
		}
		r.add(checkOK, "cli: no allowlist bounds what allowed binaries read, write inside the working directory, reach on the network, or run from files (source/cli/README.md)", "")
	}
	if env.cfg.CLI.Mode != config.CLIDisabled {
		trustCLIWorkingDir(r, env.cfg.CLI.Cwd)
	}
}

// trustCLIWorkingDir warns when CLI calls run in / or the home directory
// (toolplane's own files and every other file of the user's are below
// it: recursive readers are refused there, and whatever else an allowed
// binary reads is the user's whole tree).
func trustCLIWorkingDir(r *doctorReport, cwd string) {
	dir := cwd
	if dir == "" {
		dir, _ = os.Getwd()
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	home, _ := os.UserHomeDir()
	if realHome, err := filepath.EvalSymlinks(home); err == nil {
		home = realHome
	}
	what := ""
	switch {
	case dir == string(filepath.Separator):
		what = "the root directory"
	case home != "" && dir == home:
		what = "your home directory, which holds ~/.toolplane"
	}
	if what == "" {
		return
	}
	where := "toolplane's working directory"
	if cwd != "" {
		where = "[cli] cwd"
	}
	r.add(checkWarn, fmt.Sprintf("cli: calls run in %s (%s, %s): rg, find, grep -r and other recursive readers are refused there, and other binaries reach all of it", dir, what, where), "set [cli] cwd to a project directory")
}

// doctorArgPolicy states how far a binary's argument policy bounds it:
// ok for a built-in policy, a warning where a call can still make it run
// anything (interpreters, no policy, the policy turned off) or where every
// call is refused.
func doctorArgPolicy(r *doctorReport, bin string, a clisrc.ArgPolicy) {
	path, _ := exec.LookPath(bin)
	bound, _ := clisrc.DescribeArgPolicy(bin, path, a)
	switch bound {
	case clisrc.BoundBuiltin:
		r.add(checkOK, fmt.Sprintf("cli: %s has a built-in argument policy", bin), "")
	case clisrc.BoundRunner:
		r.add(checkOK, fmt.Sprintf("cli: %s runs the command it is given, so its argument policy refuses a command argument", bin), "")
	case clisrc.BoundRunsFiles:
		r.add(checkWarn, fmt.Sprintf("cli: %s runs the scripts or project files it is given; with any tool that writes files, treat allowing it as allowing every command", bin),
			fmt.Sprintf("`toolplane cli disallow %s` unless that is what you want", bin))
	case clisrc.BoundRefused:
		r.add(checkWarn, fmt.Sprintf("cli: %s: every call is refused, because no argument policy can bound it", bin),
			fmt.Sprintf("`toolplane cli disallow %s`, or set [cli.binaries.%s] builtin_policy = false to allow it anyway", bin, bin))
	case clisrc.BoundOff:
		r.add(checkWarn, fmt.Sprintf("cli: %s has its built-in argument policy off (builtin_policy = false)", bin),
			fmt.Sprintf("remove builtin_policy = false from [cli.binaries.%s]", bin))
	default:
		r.add(checkWarn, fmt.Sprintf("cli: %s has no argument policy toolplane knows; only [cli.binaries.%s] lists bound its arguments", bin, bin),
			fmt.Sprintf("add [cli.binaries.%s] deny_args or allow_subcommands", bin))
	}
}

// trustEscalation says who may approve running a binary outside the
// allowlist.
func trustEscalation(_ context.Context, r *doctorReport, env trustEnv) {
	if !env.cfg.CLI.Escalate {
		return
	}
	r.add(checkOK, "escalation over stdio: the local user at the MCP client approves each binary", "")
	switch h := env.http; {
	case h == nil || (len(h.Tokens) == 0 && !h.AllowAnonymous):
	case h.EscalationApprover == "":
		r.add(checkWarn, "escalation over HTTP: refused (no [http] escalation_approver; the requesting client never approves its own)", "set [http] escalation_approver to the subject of a separate token whose client approves")
	default:
		r.add(checkOK, fmt.Sprintf("escalation over HTTP: a connected client of %q approves, never the requesting token", h.EscalationApprover), "")
	}
}

// trustIsolation says how snippets are kept from the host.
func trustIsolation(_ context.Context, r *doctorReport, env trustEnv) {
	r.add(checkOK, "snippets: backend "+string(env.cfg.Toolplane.DefaultBackend), "")
}
