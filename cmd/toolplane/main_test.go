package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/internal/hostmem"
	"github.com/toolplane/toolplane/internal/testmcp"
)

// binary is the toolplane executable built once for all subprocess tests.
var binary string

func TestMain(m *testing.M) {
	// Commands run in-process start sandbox workers from this test binary.
	toolplane.SandboxWorkerMain()
	// Configs of the tests may name this binary as an upstream MCP server.
	if code, ok := testmcp.MaybeServe(); ok {
		os.Exit(code)
	}
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "toolplane-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	binary = filepath.Join(dir, "toolplane")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building toolplane: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// allCommands lists c and every command below it.
func allCommands(c *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{c}
	for _, sub := range c.Commands() {
		out = append(out, allCommands(sub)...)
	}
	return out
}

// result is what one invocation produced.
type result struct {
	stdout, stderr string
	code           int
}

// runBinary runs the built binary in dir with a private HOME and no
// TOOLPLANE_CONFIG, so the user's own config can never leak in.
func runBinary(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append([]string{"HOME=" + filepath.Join(dir, "home"), "PATH=" + os.Getenv("PATH")}, env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running toolplane %q: %v", args, err)
	}
	return result{out.String(), errb.String(), code}
}

// runMain runs the command line in-process with buffers.
func runMain(args ...string) result {
	var out, errb bytes.Buffer
	code := Main(args, IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb})
	return result{out.String(), errb.String(), code}
}

func TestInitThenCheckRoundTrip(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	r := runBinary(t, dir, nil, "init", "--config", "toolplane.toml")
	if r.code != 0 || r.stdout != "wrote toolplane.toml\n" || !strings.HasPrefix(r.stderr, "next: ") {
		t.Fatalf("init: %+v", r)
	}
	// Without --config, ./toolplane.toml is found.
	r = runBinary(t, dir, nil, "config", "check")
	// The memory budget is derived from this host's memory.
	host := hostmem.Detect()
	budget := config.Default().Session.MemoryBudget(host.Bytes)
	// The run caps from its CPUs (the binary's GOMAXPROCS is the test's).
	runs := config.Default().Session.RunLimits(runtime.GOMAXPROCS(0))
	want := `config:   toolplane.toml (valid)
backend:  embedded
sandbox:  isolation default (process for serve mcp, none for run)
cli:      disabled
` + fmt.Sprintf("sessions: on, 512 MB memory, idle timeout 30m0s, at most 256 (32 per token; with every one busy a new one waits up to 30s, then is refused), memory budget %d MB (%d per token) for what idle sessions hold (their sandbox workers included) and running ones may reach; a run that does not fit waits up to 30s for memory, then is refused\n", budget.AllMB, budget.PerTokenMB) +
		fmt.Sprintf("          budget derived: %s (host memory: %s)\n", budget.Derived, host) +
		fmt.Sprintf("runs:     at most %d at once (%d per HTTP token; over stdio the one client may use them all unless max_concurrent_runs_per_token is set); a run over a cap waits up to 30s in its token's queue, then is refused; a run makes at most 1000 capability calls (max_host_calls)\n", runs.All, runs.PerToken) +
		fmt.Sprintf("          caps derived: %s\n", runs.Derived) + `results:  on, 64 entries, 8MiB per entry, 32MiB total, ttl 3600s
audit:    off
facade:   direct tools off
mcp:      0 server(s)
serve:    safe to serve without --unsafe
`
	if r.code != 0 || r.stdout != want || r.stderr != "" {
		t.Fatalf("config check: code %d\nstdout:\n%s\nwant:\n%s\nstderr: %s", r.code, r.stdout, want, r.stderr)
	}

	r = runBinary(t, dir, nil, "init")
	if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "already exists") || !strings.Contains(r.stderr, "--force") {
		t.Fatalf("init over an existing file: %+v", r)
	}
	os.WriteFile(filepath.Join(dir, "toolplane.toml"), []byte("# mine\n"), 0o600)
	if r = runBinary(t, dir, nil, "init", "--force"); r.code != 0 {
		t.Fatalf("init --force: %+v", r)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "toolplane.toml")); strings.Contains(string(got), "# mine") {
		t.Fatal("init --force kept the old file")
	}
}

func TestInitCreatesHomeConfig(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	r := runBinary(t, dir, nil, "init")
	want := filepath.Join(dir, "home", ".toolplane", "toolplane.toml")
	if r.code != 0 || r.stdout != "wrote "+want+"\n" {
		t.Fatalf("init: %+v", r)
	}
	fi, err := os.Stat(filepath.Dir(want))
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("config directory: %v, %v; want mode 0700", fi, err)
	}
}

func TestConfigPathResolution(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	home := filepath.Join(dir, "home", ".toolplane", "toolplane.toml")
	cases := []struct {
		name  string
		env   []string
		args  []string
		local bool // ./toolplane.toml exists
		want  string
	}{
		{"home fallback", nil, nil, false, home},
		{"local file", nil, nil, true, "toolplane.toml"},
		{"environment beats local", []string{"TOOLPLANE_CONFIG=/etc/tp.toml"}, nil, true, "/etc/tp.toml"},
		{"flag beats all", []string{"TOOLPLANE_CONFIG=/etc/tp.toml"}, []string{"--config", "x.toml"}, true, "x.toml"},
	}
	for _, tc := range cases {
		local := filepath.Join(dir, "toolplane.toml")
		os.Remove(local)
		if tc.local {
			os.WriteFile(local, nil, 0o600)
		}
		r := runBinary(t, dir, tc.env, append([]string{"config", "path"}, tc.args...)...)
		if r.code != 0 || r.stdout != tc.want+"\n" {
			t.Errorf("%s: %+v, want %s", tc.name, r, tc.want)
		}
	}
}

// TestExitCodesAndStreams: 0 ok, 1 failure, 2 usage; errors only on
// stderr, data only on stdout.
func TestExitCodesAndStreams(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "bad.toml"), []byte("[cli]\nmod = \"disabled\"\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "ok.toml"), []byte("[cli]\nmode = \"disabled\"\n"), 0o600)
	cases := []struct {
		args       []string
		code       int
		stderrHas  string
		wantStdout bool
	}{
		{[]string{"version"}, 0, "", true},
		{[]string{"config", "check", "--config", "ok.toml"}, 0, "", true},
		{[]string{"config", "check", "--config", "bad.toml"}, 1, `bad.toml:2:1: unknown key "mod" in [cli]; did you mean "mode"?`, false},
		{[]string{"config", "check", "--config", "missing.toml"}, 1, "toolplane init", false},
		{[]string{"bogus"}, 2, `unknown command "bogus" for "toolplane"`, false},
		{[]string{"confgi"}, 2, `did you mean "config"?`, false},
		{[]string{"cli", "alow", "git"}, 2, `did you mean "allow"?`, false},
		{[]string{"--frobnicate"}, 2, "unknown flag: --frobnicate", false},
		{[]string{"config", "check", "extra"}, 2, "Run 'toolplane config check --help' for usage.", false},
		{[]string{"cli", "allow"}, 2, "requires at least 1 arg", false},
		{[]string{"cli", "allow", "--config", "ok.toml", "/bin/sh"}, 2, `"/bin/sh" is not a bare binary name`, false},
		{[]string{"cli", "mode", "--config", "ok.toml", "everything"}, 2, `cli mode: invalid value "everything"`, false},
		{[]string{"cli", "mode", "--config", "ok.toml", "allowlist"}, 1, "allows nothing", false},
		{[]string{"mcp", "add", "x", "--config", "ok.toml"}, 2, "give --command CMD", false},
		{[]string{"mcp", "add", "x", "--command", "a", "--url", "https://b.test"}, 2, "not both", false},
		{[]string{"mcp", "add", "x", "--url", "https://b.test", "--arg", "1"}, 2, "--arg applies to --command servers", false},
		{[]string{"mcp", "add", "x", "--command", "a", "--env", "NOVALUE"}, 2, `--env "NOVALUE": want KEY=VALUE`, false},
		{[]string{"mcp", "add", "x/y", "--command", "a"}, 2, `server name "x/y"`, false},
		{[]string{"mcp", "remove", "--config", "ok.toml", "nope"}, 1, `no MCP server "nope"`, false},
		{[]string{"doctor"}, 0, "", true},
		{[]string{"doctor", "--config", "bad.toml"}, 1, "doctor: 1 check(s) failed", true},
		{[]string{"doctor", "extra"}, 2, "unknown command", false},
		{[]string{"secret", "set", "x"}, 2, "no value for x: type it at the prompt, or pipe it in", false},
		{[]string{"secret", "set", "a b"}, 2, `secret name "a b"`, false},
		{[]string{"secret", "get", "absent"}, 1, "no secret absent in encrypted files in ", false},
		{[]string{"secret", "frob"}, 2, `unknown command "frob" for "toolplane secret"`, false},
		{[]string{"mcp", "status"}, 1, "toolplane init", false},
		{[]string{"mcp", "status", "--config", "ok.toml", "nope"}, 1, `no MCP server "nope" in ok.toml (none are configured)`, false},
		{[]string{"mcp", "login", "--config", "ok.toml", "linear"}, 1, `no MCP server "linear"`, false},
		{[]string{"mcp", "logout", "linear"}, 0, "", true},
		{[]string{"mcp", "import"}, 1, "no agent config found", false},
		{[]string{"mcp", "import", "--from", "vscode"}, 2, `--from "vscode": want one of claude, claude-desktop, codex, cursor`, false},
	}
	for _, tc := range cases {
		r := runBinary(t, dir, []string{"TOOLPLANE_SECRET_STORE=file", "TOOLPLANE_STORAGE_KEY=" + testStorageKey}, tc.args...)
		if r.code != tc.code {
			t.Errorf("toolplane %q: exit %d, want %d\nstderr: %s", tc.args, r.code, tc.code, r.stderr)
			continue
		}
		if !strings.Contains(r.stderr, tc.stderrHas) {
			t.Errorf("toolplane %q: stderr %q lacks %q", tc.args, r.stderr, tc.stderrHas)
		}
		if (r.stdout != "") != tc.wantStdout {
			t.Errorf("toolplane %q: stdout %q (want output: %v)", tc.args, r.stdout, tc.wantStdout)
		}
		if tc.code == 0 && r.stderr != "" {
			t.Errorf("toolplane %q succeeded but wrote to stderr: %q", tc.args, r.stderr)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "ok.toml")); string(got) != "[cli]\nmode = \"disabled\"\n" {
		t.Errorf("failed commands changed ok.toml:\n%s", got)
	}
}

func TestEveryVerbHasHelpWithExamples(t *testing.T) {
	t.Parallel()
	root := newRootCmd(&app{})
	for _, c := range allCommands(root) {
		if c.Name() == "help" || c.Name() == "completion" || c.Parent() != nil && c.Parent().Name() == "completion" {
			continue
		}
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%q has no examples", c.CommandPath())
		}
		if c.Short == "" {
			t.Errorf("%q has no short description", c.CommandPath())
		}
		r := runMain(append(strings.Fields(c.CommandPath())[1:], "--help")...)
		if r.code != 0 || !strings.Contains(r.stdout, "Examples:") || r.stderr != "" {
			t.Errorf("%s --help: %+v", c.CommandPath(), r)
		}
	}
}
