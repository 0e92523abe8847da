package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	clisrc "github.com/toolplane/toolplane/source/cli"
)

// TestConfigCheckStatesCLIBounds: config check says, per allowed binary,
// what its argument policy refuses or that it has none, and what no
// allowlist bounds (issue 15: "say plainly ... what an allowlist does and
// does not bound").
func TestConfigCheckStatesCLIBounds(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tp.toml")
	if err := os.WriteFile(path, []byte(`[cli]
mode = "allowlist"
allow = ["git", "mytool-tp", "vim", "python3"]

[cli.binaries.git]
deny_args = ["--force"]
deny_subcommands = ["push"]
`), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runMain("config", "check", "--config", path)
	if r.code != 0 {
		t.Fatalf("config check: %+v", r)
	}
	for _, want := range []string{
		"git        built-in argument policy: refuses -c and other global options",
		"configured: deny_args --force; deny_subcommands push",
		"mytool-tp  no argument policy: toolplane does not know mytool-tp's options",
		"vim        every call is refused",
		"python3    runs the Python scripts it is given and the test and lint modules of python -m",
		"refuses inline code, other modules and options that load code",
		clisrc.AllowlistBounds,
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("config check lacks %q:\n%s", want, r.stdout)
		}
	}
}

// TestConfigCheckRefusesCLIEnvironment: a [cli] env variable that makes an
// allowed binary run a command is an error at its line.
func TestConfigCheckRefusesCLIEnvironment(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tp.toml")
	if err := os.WriteFile(path, []byte("[cli]\nmode = \"allowlist\"\nallow = [\"git\"]\n\n[cli.env]\nGIT_SSH_COMMAND = \"ssh -o ProxyCommand=x\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runMain("config", "check", "--config", path)
	if r.code == 0 || !strings.Contains(r.stderr, path+":6:1: cli.env.GIT_SSH_COMMAND: GIT_SSH_COMMAND is refused") {
		t.Errorf("config check: %+v", r)
	}
}

// TestDoctorStatesCLIArgumentPolicies: doctor marks, per allowed binary,
// a built-in policy ok, and warns where a call can still make the binary
// run anything or where every call is refused.
func TestDoctorStatesCLIArgumentPolicies(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"git", "python3", "env", "vim", "mytool-tp"} {
		writeExe(t, filepath.Join(bin, name), "exit 0")
	}
	if err := os.WriteFile(filepath.Join(dir, "tp.toml"), []byte(`[cli]
mode = "allowlist"
allow = ["git", "python3", "env", "vim", "mytool-tp"]
[cli.binaries.git]
builtin_policy = false
`), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runTP(t, dir, []string{"PATH=" + bin}, "", "doctor", "--config", "tp.toml")
	for _, want := range []string{
		"warn  cli: git has its built-in argument policy off (builtin_policy = false)",
		"warn  cli: python3 runs the scripts or project files it is given",
		"ok    cli: env runs the command it is given, so its argument policy refuses a command argument",
		"warn  cli: vim: every call is refused, because no argument policy can bound it",
		"warn  cli: mytool-tp has no argument policy toolplane knows; only [cli.binaries.mytool-tp] lists bound its arguments",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("doctor lacks %q:\n%s", want, r.stdout)
		}
	}
}
