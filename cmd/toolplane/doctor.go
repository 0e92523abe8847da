package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"slices"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/admission"
	"github.com/toolplane/toolplane/backend/localpython"
	"github.com/toolplane/toolplane/backend/pyodide"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/sandbox"
	"github.com/toolplane/toolplane/secrets"
	clisrc "github.com/toolplane/toolplane/source/cli"
	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// Outcomes of a doctor check, as printed.
const (
	checkOK   = "ok"
	checkWarn = "warn"
	checkFail = "FAIL"
)

// doctorCheck is one line of `toolplane doctor`.
type doctorCheck struct {
	Outcome string
	What    string
	Fix     string
}

// doctorReport collects the checks in order. A check with an empty
// Outcome is a section heading.
type doctorReport struct{ checks []doctorCheck }

// section starts a titled group of checks.
func (r *doctorReport) section(title string) {
	r.checks = append(r.checks, doctorCheck{What: title})
}

func (r *doctorReport) add(outcome, what, fix string) {
	r.checks = append(r.checks, doctorCheck{outcome, what, fix})
}

func (r *doctorReport) failures() int {
	n := 0
	for _, c := range r.checks {
		if c.Outcome == checkFail {
			n++
		}
	}
	return n
}

func (r *doctorReport) write(w io.Writer) {
	for _, c := range r.checks {
		if c.Outcome == "" {
			fmt.Fprintf(w, "\n%s:\n", c.What)
			continue
		}
		line := fmt.Sprintf("%-4s  %s", c.Outcome, c.What)
		if c.Fix != "" {
			line += "  (" + c.Fix + ")"
		}
		fmt.Fprintln(w, line)
	}
}

func newDoctorCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "Check the local prerequisites of the config, without network",
		Long: `Check what toolplane needs on this machine, one line per check:

  ok|warn|FAIL  what  (fix)

The config file decodes and validates; each stdio MCP server's command (and
the runtime it needs: node for npx, uv for uvx) is on PATH and its cwd
exists; secret references can be resolved; OAuth servers have a stored
login; every allowlisted CLI binary is on PATH, and how far its argument
policy bounds it (warnings for interpreters and binaries without one); the
default backend can run (python3 for local_unsafe; Deno and Pyodide for
pyodide-deno); in process isolation a sandbox worker starts, and each of its
confinement measures (Landlock, seccomp, rlimits, no_new_privs, parent death
signal, empty environment) is in force or says why not; whether the stdio
servers and CLI binaries are kept apart from each other and from toolplane
(a Landlock domain each: none reads another's environment or memory
through /proc, nor signals it) or why not. Settings that
need 'serve mcp --unsafe' are warnings. Nothing is started and no network
connection is made: 'toolplane mcp status' is the one that connects.

Exit status is 1 when any check FAILs.`,
		Example: `  toolplane doctor
  toolplane doctor --config ./toolplane.toml`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			a.withTerminalSafeOutput()
			r := runDoctor(cmd.Context(), a)
			r.write(a.IO.Out)
			if n := r.failures(); n > 0 {
				return fmt.Errorf("doctor: %d check(s) failed; see the FAIL lines above for the fixes", n)
			}
			return nil
		},
	}
}

func runDoctor(ctx context.Context, a *app) *doctorReport {
	r := &doctorReport{}
	path, err := a.configPath()
	if err != nil {
		r.add(checkFail, "config: "+err.Error(), "pass --config PATH")
		return r
	}
	explicit := a.ConfigFlag != "" || os.Getenv(config.EnvPath) != ""
	cfg := config.Default()
	if _, statErr := os.Stat(path); errors.Is(statErr, fs.ErrNotExist) && !explicit {
		r.add(checkWarn, fmt.Sprintf("config: no file at %s; the safe defaults apply", path), "create one with `toolplane init`")
	} else if cfg, err = a.loadConfig(); err != nil {
		fix := "fix the file; `toolplane config check` shows the same error"
		if errors.As(err, new(*config.UntrustedError)) {
			fix = "review it, then run `toolplane trust`"
		}
		r.add(checkFail, "config: "+err.Error(), fix)
		return r
	} else {
		r.add(checkOK, "config: "+path+" is valid", "")
	}

	for _, setting := range cfg.NeedsUnsafe() {
		r.add(checkWarn, fmt.Sprintf("serve: %s lets snippets act outside the sandbox, so `toolplane serve mcp` needs --unsafe", setting), "pass --unsafe, or change the setting")
	}

	stores := newServeStores(a)
	doctorSecretStore(ctx, r, stores)
	doctorBackend(r, cfg)
	doctorIsolation(ctx, r, cfg)
	doctorCLI(ctx, r, cfg, stores)
	doctorChildren(r, cfg)
	doctorExposedSecrets(r, cfg)
	for _, name := range cfg.ServerNames() {
		doctorServer(ctx, r, cfg, name, stores)
	}
	doctorHTTP(ctx, r, cfg, a.http, stores)
	doctorTrust(ctx, r, trustEnv{cfg: cfg, stores: stores, origin: a.configOrigin(), http: a.http})
	return r
}

func doctorSecretStore(ctx context.Context, r *doctorReport, stores serveStores) {
	o, err := stores.secrets.Open(ctx)
	if err != nil {
		// A warning: a config without keyring:// values or logins needs no
		// store, and the lines of the servers that do say so.
		r.add(checkWarn, "secret store: "+err.Error(), "")
		return
	}
	r.add(checkOK, "secret store: "+storeNote(o), "")
}

func doctorBackend(r *doctorReport, cfg *config.Config) {
	key := fmt.Sprintf("backend %s", cfg.Toolplane.DefaultBackend)
	switch cfg.Toolplane.DefaultBackend {
	case config.BackendLocalUnsafe:
		if err := localpython.New().Available(); err != nil {
			r.add(checkFail, key+": "+err.Error(), "install python3 (3.8 or newer), or set default_backend = \"embedded\"")
			return
		}
		r.add(checkOK, key+": python3 runs", "")
	case config.BackendPyodideDeno:
		b := pyodide.New()
		if err := b.Available(); err != nil {
			r.add(checkFail, key+": "+err.Error(), fmt.Sprintf("bash scripts/install-pyodide.sh %s", b.InstallDir()))
			return
		}
		v, _ := b.Version()
		r.add(checkOK, fmt.Sprintf("%s: Deno and Pyodide %s in %s", key, v, b.InstallDir()), "")
		if !b.Snapshotted() {
			r.add(checkWarn, key+": no start-up snapshot, so every run boots Pyodide (seconds)", fmt.Sprintf("bash scripts/install-pyodide.sh %s makes it; so does the first `toolplane serve mcp`", b.InstallDir()))
		}
		mb := max(int64(cfg.Session.MaxMemoryMB), pyodide.MinMemoryBytes>>20)
		r.add(checkOK, fmt.Sprintf("%s: under serve mcp each run is bounded to %d MiB ([session] max_memory_mb) of WebAssembly memory (past it, MemoryError inside Python) and of JavaScript heap (past it, the run ends as a memory limit), and by its timeout; it has no files of the host and no network unless granted", key, mb), "")
		r.add(checkWarn, key+": not bounded: Deno's own memory outside V8 (some tens of MiB per process), steps (only the timeout bounds a busy loop); a session keeps its globals in a Deno process of its own (its resident memory counts against [session] max_retained_mb), and a run that times out or hits a limit ends that process: the session starts over, and its next run is told", "")
	default:
		r.add(checkOK, "backend embedded: built in", "")
	}
}

// doctorIsolation reports where serve mcp runs snippets and, in process
// isolation, starts one sandbox worker to list the confinement measures in
// force on this host (and why the others are not).
func doctorIsolation(ctx context.Context, r *doctorReport, cfg *config.Config) {
	mode := cfg.Toolplane.Isolation
	if mode == "" {
		mode = config.IsolationProcess // serve mcp's default
	}
	if mode == config.IsolationNone {
		r.add(checkWarn, "sandbox: isolation = \"none\": snippets run inside the toolplane process, so an interpreter crash takes the server down", `set [toolplane] isolation = "process"`)
		return
	}
	pool, err := sandbox.NewPool(sandbox.Options{MemoryBytes: int64(cfg.Session.MaxMemoryMB) << 20, Prestart: -1})
	if err == nil {
		defer pool.Close()
		var prot []sandbox.Protection
		if prot, err = pool.Protections(ctx); err == nil {
			for _, p := range prot {
				outcome, fix := checkOK, ""
				if !p.InForce {
					outcome, fix = checkWarn, "a sandbox worker runs without it on this host"
				}
				r.add(outcome, fmt.Sprintf("sandbox: %s: %s", p.Name, p.Detail), fix)
			}
			return
		}
	}
	r.add(checkFail, "sandbox: no worker process starts: "+err.Error(), `fix the cause, or set [toolplane] isolation = "none"`)
}

func doctorCLI(ctx context.Context, r *doctorReport, cfg *config.Config, stores serveStores) {
	policy, err := toolplane.CLIPolicy(ctx, cfg, toolplane.SecretResolver(stores.secrets))
	if err != nil {
		r.add(checkFail, "cli: "+err.Error(), "set the secret, or change [cli.env]")
		// Check the binaries anyway, without the environment.
		policy, _ = toolplane.CLIPolicy(ctx, cfg, func(context.Context, string) (string, error) { return "", nil })
	}
	// The binaries are checked one by one below, to name each with its fix.
	allow := policy.Allow
	policy.Allow = nil
	errs := splitErrors(policy.Check())
	policy.Allow = allow
	for _, e := range errs {
		r.add(checkFail, "cli: "+e.Error(), "")
	}
	switch policy.Mode {
	case clisrc.ModeDisabled, "":
		if len(errs) == 0 {
			r.add(checkOK, "cli: disabled (snippets run no binaries)", "")
		}
		return
	case clisrc.ModeAmbient:
		if len(errs) == 0 {
			r.add(checkOK, "cli: ambient (any binary on PATH)", "")
		}
		return
	}
	for _, bin := range allow {
		err := policy.CheckBinary(bin)
		switch {
		case errors.Is(err, clisrc.ErrNotFound):
			r.add(checkFail, fmt.Sprintf("cli: allowlisted binary %s is not on PATH", bin), fmt.Sprintf("install %s, or `toolplane cli disallow %s`", bin, bin))
			continue
		case err != nil:
			for _, e := range splitErrors(err) {
				r.add(checkFail, "cli: "+e.Error(), "")
			}
		default:
			p, _ := exec.LookPath(bin)
			r.add(checkOK, fmt.Sprintf("cli: %s is %s", bin, p), "")
		}
	}
}

// splitErrors undoes errors.Join.
func splitErrors(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func doctorServer(ctx context.Context, r *doctorReport, cfg *config.Config, name string, stores serveStores) {
	s := cfg.MCP.Servers[name]
	spec := toolplane.MCPServerSpec(name, s)
	what := fmt.Sprintf("mcp %s", name)
	problems := mcpsrc.Check(spec)
	oauth := s.URL != "" && s.Auth == config.AuthOAuth
	failed := false
	for _, p := range problems {
		if oauth && !p.Fatal {
			continue // the login line below says more
		}
		outcome := checkWarn
		if p.Fatal {
			outcome, failed = checkFail, true
		}
		r.add(outcome, what+": "+p.Message, "")
	}
	if !failed {
		target := showWord(mcpsrc.ShownURL(s.URL))
		if s.URL == "" {
			target = showArgv(append([]string{s.Command}, mcpsrc.ShownArgs(s.Args)...))
		}
		r.add(checkOK, fmt.Sprintf("%s: %s %s", what, s.EffectiveTransport(), target), "")
	}
	resolve := toolplane.SecretResolver(stores.secrets)
	for _, kind := range []struct {
		table string
		vals  map[string]config.Secret
	}{{"env", s.Env}, {"headers", s.Headers}} {
		for _, k := range sortedSecretKeys(kind.vals) {
			v := kind.vals[k]
			if !v.IsRef() {
				continue
			}
			if _, err := resolve(ctx, string(v)); err != nil {
				// Warn only: the MCP host may start toolplane with an
				// environment this shell does not have.
				r.add(checkWarn, fmt.Sprintf("%s: %s.%s: %v", what, kind.table, k, err), "")
			}
		}
	}
	if ref, ok := s.Auth.Bearer(); ok {
		if _, err := resolve(ctx, string(ref)); err != nil {
			r.add(checkWarn, fmt.Sprintf("%s: auth: %v", what, err), "")
		}
	}
	if oauth {
		_, err := secrets.LoadLogin(ctx, stores.oauth, name)
		switch {
		case errors.Is(err, secrets.ErrNotFound):
			r.add(checkWarn, what+": needs login", fmt.Sprintf("run `toolplane mcp login %s`", name))
		case err != nil:
			r.add(checkWarn, what+": "+err.Error(), "")
		default:
			r.add(checkOK, fmt.Sprintf("%s: logged in (%s)", what, stores.oauth.Where()), "")
		}
	}
}

// doctorHTTP checks that each [http] token's secret is set here (serve
// refuses to start over HTTP otherwise) and that anonymous access, when
// on, reaches something.
func doctorHTTP(ctx context.Context, r *doctorReport, cfg *config.Config, h *admission.Config, stores serveStores) {
	sum := summarizeHTTP(ctx, cfg, h, toolplane.SecretResolver(stores.secrets))
	for _, t := range sum.Tokens {
		if t.Set {
			r.add(checkOK, fmt.Sprintf("http: token %s (%s) is set", t.Name, t.Token), "")
			continue
		}
		ref := config.Secret("")
		if h != nil {
			ref = h.Tokens[t.Name].Token
		}
		r.add(checkWarn, "http: "+unsetTokenText(t.Name, ref), "")
	}
	if sum.AllowAnonymous && sum.AnonymousAllow == "" {
		r.add(checkWarn, "http: "+anonymousNothing, "")
	}
}

func sortedSecretKeys(m map[string]config.Secret) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
