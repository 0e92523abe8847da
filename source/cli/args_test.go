package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// checkWith runs the argument checker on one call of binary (by name only,
// no PATH lookup) with the configured policies args.
func checkWith(t *testing.T, args map[string]ArgPolicy, binary string, input map[string]any) error {
	t.Helper()
	a, err := newArgChecker(Policy{Args: args, Cwd: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	inv, err := ParseInvocation(input)
	if err != nil {
		t.Fatal(err)
	}
	_, err = a.check(binary, "", inv)
	return err
}

// TestAttackDenyArgsSpellings: a configured deny_args entry is matched on
// what the binary reads, in every spelling an attacker can choose, on a
// binary toolplane has no grammar for.
func TestAttackDenyArgsSpellings(t *testing.T) {
	t.Parallel()
	pol := map[string]ArgPolicy{"mytool": {DenyArgs: []string{"--force", "-f", "-exec", "@"}}}
	denied := []map[string]any{
		{"args": []any{"--force"}},
		{"args": []any{"--force=yes"}},
		{"args": []any{"--forc"}},  // abbreviation
		{"args": []any{"--FORCE"}}, // case
		{"options": map[string]any{"force": true}},
		{"options": map[string]any{"force": "x"}},
		{"options": map[string]any{"f": true}},
		{"args": []any{"-f"}},
		{"args": []any{"-xf"}}, // cluster
		{"args": []any{"-xvf", "a"}},
		{"positional": []any{"-f"}}, // a positional that is an option
		{"args": []any{"x"}, "positional": []any{"--force"}},
		{"global": map[string]any{"force": true}},
		{"args": []any{"--", "--force"}},            // no grammar: "--" is not trusted to end options
		{"options": map[string]any{"o": "--force"}}, // a value that reads as an option
		{"args": []any{"-exec"}},
		{"args": []any{"-exec=x"}},
		{"args": []any{"@args.txt"}},
		{"args": []any{"-force"}}, // getopt_long_only reads it as --force
		{"args": []any{"-forc=1"}},
		{"args": []any{"\u2014force"}}, // a lookalike dash
		{"args": []any{"\uff0df"}},
	}
	for _, in := range denied {
		if err := checkWith(t, pol, "mytool", in); !isPermission(err) {
			t.Errorf("%v: %v, want refused", in, err)
		}
	}
	allowed := []map[string]any{
		{"args": []any{"--forward"}},
		{"args": []any{"-x"}},
		{"args": []any{"file", "@"}},
		{"options": map[string]any{"format": "json"}},
		{"args": []any{"-e"}},
	}
	for _, in := range allowed {
		if err := checkWith(t, pol, "mytool", in); err != nil {
			t.Errorf("%v: %v, want allowed", in, err)
		}
	}
	// A denied option refused by deny_args names the configuration.
	err := checkWith(t, pol, "mytool", map[string]any{"args": []any{"--force"}})
	if err == nil || !strings.Contains(err.Error(), "[cli.binaries.mytool] deny_args") {
		t.Errorf("refusal does not name the config key: %v", err)
	}
	// deny_args adds to a built-in policy.
	if err := checkWith(t, map[string]ArgPolicy{"git": {DenyArgs: []string{"--force"}}}, "git",
		map[string]any{"args": []any{"push", "--force"}}); !isPermission(err) {
		t.Errorf("deny_args on git: %v", err)
	}
	if err := checkWith(t, map[string]ArgPolicy{"git": {DenyArgs: []string{"--force"}}}, "git",
		map[string]any{"args": []any{"push", "--force-with-lease"}}); err != nil {
		t.Errorf("--force-with-lease is not --force: %v", err)
	}
}

// TestAttackSubcommandLists: allow_subcommands and deny_subcommands hold
// against every way to smuggle another subcommand in.
func TestAttackSubcommandLists(t *testing.T) {
	t.Parallel()
	tool := map[string]ArgPolicy{"mytool": {AllowSubcommands: []string{"list", "show"}, DenySubcommands: []string{"show"}}}
	for _, in := range []map[string]any{
		{"args": []any{"delete"}},
		{"args": []any{"show"}},
		{"args": []any{"-v", "delete"}},
		{"global": map[string]any{"n": "delete"}, "args": []any{"list"}}, // a short value read as the subcommand
		{"options": map[string]any{"v": "delete"}},                       // no subcommand, a value read as one
		{"positional": []any{"delete"}},
		{},
		{"args": []any{"\u2010list"}},
	} {
		if err := checkWith(t, tool, "mytool", in); !isPermission(err) {
			t.Errorf("mytool %v: %v, want refused", in, err)
		}
	}
	for _, in := range []map[string]any{
		{"args": []any{"list"}, "options": map[string]any{"all": true}},
		{"global": map[string]any{"verbose": true, "context": "x"}, "args": []any{"list", "delete"}},
	} {
		if err := checkWith(t, tool, "mytool", in); err != nil {
			t.Errorf("mytool %v: %v, want allowed", in, err)
		}
	}
	// On git the subcommand is found as git finds it, after the allowed
	// global options.
	gitPol := map[string]ArgPolicy{"git": {AllowSubcommands: []string{"status", "log"}, DenySubcommands: []string{"push"}}}
	for _, in := range []map[string]any{
		{"args": []any{"push"}},
		{"args": []any{"-C", ".", "push"}},
		{"global": map[string]any{"C": "."}, "args": []any{"push"}},
		{"global": map[string]any{"no_pager": "push"}, "args": []any{"status"}},
		{"args": []any{"commit"}},
	} {
		if err := checkWith(t, gitPol, "git", in); !isPermission(err) {
			t.Errorf("git %v: %v, want refused", in, err)
		}
	}
	for _, in := range []map[string]any{
		{"args": []any{"status"}},
		{"args": []any{"-C", ".", "log", "-n", "1"}},
		{"args": []any{"--version"}},
	} {
		if err := checkWith(t, gitPol, "git", in); err != nil {
			t.Errorf("git %v: %v, want allowed", in, err)
		}
	}
}

// TestSpecNamesIgnoreCase: on a case-insensitive file system GIT runs git,
// so it gets git's policy; a versioned python too.
func TestSpecNamesIgnoreCase(t *testing.T) {
	t.Parallel()
	for name, args := range map[string][]any{
		"GIT": {"-c", "alias.x=!id", "x"}, "Git": {"-c", "alias.x=!id", "x"}, "SED": {"e id"},
		"Python3.12": {"-c", "x"}, "PIP3": {"install", "evil"},
	} {
		if err := checkWith(t, nil, name, map[string]any{"args": args}); !isPermission(err) {
			t.Errorf("%s %v: %v, want its policy to refuse", name, args, err)
		}
	}
}

// TestNoBuiltinTurnsOnlyTheBuiltinOff: builtin_policy = false drops the
// built-in rules of that binary and keeps deny_args.
func TestNoBuiltinTurnsOnlyTheBuiltinOff(t *testing.T) {
	t.Parallel()
	pol := map[string]ArgPolicy{"vim": {NoBuiltin: true, DenyArgs: []string{"-c"}}}
	if err := checkWith(t, nil, "vim", map[string]any{"args": []any{"--version"}}); !isPermission(err) {
		t.Errorf("vim with its built-in policy: %v, want every call refused", err)
	}
	if err := checkWith(t, pol, "vim", map[string]any{"args": []any{"--version"}}); err != nil {
		t.Errorf("vim with builtin_policy = false: %v", err)
	}
	if err := checkWith(t, pol, "vim", map[string]any{"args": []any{"-es", "-c", "q"}}); !isPermission(err) {
		t.Errorf("deny_args still applies: %v", err)
	}
}

// TestConfinement covers the path rules every confined argument follows:
// inside the working directory, symlinks followed (dangling ones too),
// never into .git.
func TestConfinement(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	cwd := filepath.Join(root, "work")
	outside := filepath.Join(root, "outside")
	for _, d := range []string{filepath.Join(cwd, "sub"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"out":      outside,
		"dangling": filepath.Join(outside, "new-file"),
		"rel":      "../outside",
		"sub/up":   "..",
		"ok":       "sub",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(cwd, name)); err != nil {
			t.Fatal(err)
		}
	}
	real, err := filepath.EvalSymlinks(cwd)
	if err != nil {
		t.Fatal(err)
	}
	c := &argCall{dir: real, root: real}
	for _, p := range []string{"x", "sub/x", "ok/x", "sub/up/x", "./x", "-", filepath.Join(real, "x"), "sub/../x"} {
		if err := c.confine(p); err != nil {
			t.Errorf("confine(%q) = %v, want inside", p, err)
		}
	}
	for _, p := range []string{"../x", "/etc/passwd", "~/x", "~", "out/x", "out", "dangling", "rel/x", "sub/up/../x",
		".git/config", ".GIT/hooks/x", "sub/.git/x", "ok/../../outside/x", filepath.Join(outside, "x")} {
		if err := c.confine(p); err == nil {
			t.Errorf("confine(%q) = nil, want refused", p)
		}
	}
}

// TestEnvRules: the environment of a run drops what the binary's policy
// and the global rules refuse and sets the hardening, and Policy.Check
// reports configured variables a policy refuses.
func TestEnvRules(t *testing.T) {
	t.Parallel()
	base := map[string]string{"PATH": "/bin", "GIT_SSH_COMMAND": "evil", "LD_PRELOAD": "x.so", "GIT_CONFIG_KEY_0": "alias.x",
		"GIT_AUTHOR_NAME": "me", "TAR_OPTIONS": "--to-command=x", "GIT_ALLOW_PROTOCOL": "https"}
	env := envFor(base, gitSpec())
	for _, want := range []string{"PATH=/bin", "GIT_AUTHOR_NAME=me", "GIT_CONFIG_KEY_0=core.fsmonitor", "GIT_CONFIG_VALUE_1=/dev/null",
		"GIT_EDITOR=:", "GIT_ALLOW_PROTOCOL=https", "TAR_OPTIONS=--to-command=x"} {
		if !slices.Contains(env, want) {
			t.Errorf("git's environment lacks %s: %v", want, env)
		}
	}
	for _, gone := range []string{"GIT_SSH_COMMAND=evil", "LD_PRELOAD=x.so", "GIT_CONFIG_KEY_0=alias.x"} {
		if slices.Contains(env, gone) {
			t.Errorf("git's environment has %s", gone)
		}
	}
	if env := envFor(map[string]string{}, gitSpec()); !slices.Contains(env, "GIT_ALLOW_PROTOCOL=file:git:http:https:ssh") {
		t.Errorf("GIT_ALLOW_PROTOCOL default missing: %v", env)
	}
	if env := envFor(base, tarSpec()); slices.Contains(env, "TAR_OPTIONS=--to-command=x") || !slices.Contains(env, "GIT_SSH_COMMAND=evil") {
		t.Errorf("tar's environment: %v", env)
	}
	err := Policy{Mode: ModeAllowlist, Allow: []string{"git", "tar"},
		Env: map[string]string{"GIT_SSH_COMMAND": "x", "TAR_OPTIONS": "y", "FINE": "z"}, PassEnv: []string{"LD_PRELOAD", "GIT_CONFIG_PARAMETERS"}}.Check()
	for _, want := range []string{"GIT_SSH_COMMAND is refused for git", "TAR_OPTIONS is refused for tar", "LD_PRELOAD is refused", "GIT_CONFIG_PARAMETERS is refused for git"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Check: %v, want %q", err, want)
		}
	}
	if err != nil && strings.Contains(err.Error(), "FINE") {
		t.Errorf("Check refused an ordinary variable: %v", err)
	}
	if err := (Policy{Mode: ModeAllowlist, Allow: []string{"git"}, Env: map[string]string{"GIT_SSH_COMMAND": "x"},
		Args: map[string]ArgPolicy{"git": {NoBuiltin: true}}}).Check(); err != nil {
		t.Errorf("builtin_policy = false takes git's rules off: %v", err)
	}
}

// TestAmbientRunsDropRefusedVariables: in ambient mode (no allowlist for
// Check to look at) a binary's refused variables are still kept out of its
// runs and its hardening is put in; the variables refused for every binary
// are refused at New in any mode.
func TestAmbientRunsDropRefusedVariables(t *testing.T) {
	t.Parallel()
	if !installed("git") {
		t.Skip("git is not installed")
	}
	c := newChain(t, Policy{Mode: ModeAmbient, Cwd: t.TempDir(), Env: map[string]string{"GIT_EDITOR": "evil-editor"}}, Hooks{})
	out := c.ok(t, "cli:git", map[string]any{"args": []any{"var", "GIT_EDITOR"}})
	if got := out["stdout"]; got != ":\n" {
		t.Errorf("git var GIT_EDITOR = %q, want the hardened \":\"", got)
	}
	if _, err := New(Policy{Mode: ModeAmbient, Env: map[string]string{"LD_PRELOAD": "/x.so"}}, Hooks{}); err == nil || !strings.Contains(err.Error(), "LD_PRELOAD is refused") {
		t.Errorf("New with LD_PRELOAD: %v", err)
	}
}

// TestAttackRefusedArgumentsAreNotEscalated: escalation asks the human
// about a binary outside the allowlist; an argument its policy refuses is
// refused without asking.
func TestAttackRefusedArgumentsAreNotEscalated(t *testing.T) {
	t.Parallel()
	var rec escalation
	c := newChain(t, Policy{Mode: ModeAllowlist, Allow: []string{"printf"}, Escalate: true, Cwd: t.TempDir()}, rec.hooks(DecisionGranted, nil))
	for _, in := range []map[string]any{
		{"global": map[string]any{"c": "alias.x=!id"}, "args": []any{"x"}},
		{"args": []any{"ls-remote", "--upload-pack=id", "."}},
	} {
		if _, err := c.call("cli:git", in); !isPermission(err) || !strings.Contains(err.Error(), "argument") {
			t.Errorf("git %v: %v, want an argument refusal", in, err)
		}
	}
	if _, err := c.call("cli:vim", map[string]any{"args": []any{"--version"}}); !isPermission(err) {
		t.Errorf("vim: %v, want refused", err)
	}
	if len(rec.asked) != 0 || len(rec.decisions) != 0 {
		t.Errorf("the human was asked about refused arguments: %v %v", rec.asked, rec.decisions)
	}
}

// TestSedFlavors: GNU sed reads `-i SCRIPT FILE`, BSD sed `-i SUFFIX SCRIPT
// FILE`. Unless the binary is known to be GNU sed, the second word is
// checked as a script too; with GNU sed it is a file.
func TestSedFlavors(t *testing.T) {
	t.Parallel()
	bsdForm := map[string]any{"args": []any{"-i", "", "1e touch x", "a.txt"}}
	if err := checkWith(t, nil, "sed", bsdForm); !isPermission(err) {
		t.Errorf("sed of unknown flavor: %v, want the BSD reading refused", err)
	}
	path, err := exec.LookPath("sed")
	if err != nil || sedFlavor(path) != "gnu" {
		t.Skip("GNU sed is not installed")
	}
	a, err := newArgChecker(Policy{Cwd: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		in     map[string]any
		refuse bool
	}{
		{bsdForm, false}, // GNU: "" is the script, "1e touch x" a file
		{map[string]any{"args": []any{"-i", "1e touch x", "a.txt"}}, true},
		{map[string]any{"args": []any{"-i", "s/a/b/", "example.txt"}}, false},
	} {
		inv, err := ParseInvocation(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		_, err = a.check("sed", path, inv)
		if tc.refuse != isPermission(err) {
			t.Errorf("GNU sed %v: %v, want refused %v", tc.in, err, tc.refuse)
		}
	}
}

// TestSedScan covers the sed script parser beyond the attack table.
func TestSedScan(t *testing.T) {
	t.Parallel()
	ok := map[string][]string{
		"s/a/b/g":                   nil,
		"1d;$d":                     nil,
		"/x/,/y/{s/a/b/;p;}":        nil,
		"0~3d":                      nil,
		"\\%re%d":                   nil,
		"s/a/b/w out.txt":           {"out.txt"},
		"w  out.txt":                {"out.txt"},
		"$!N;P;D":                   nil,
		"y/abc/xyz/":                nil,
		"a\\\nline one\\\nline two": nil,
		"1i text; with e in it":     nil,
		":a;N;ba":                   nil,
		"# comment e x\np":          nil,
		"s/e/e/3":                   nil,
		"r /etc/hostname":           nil,
		"s/x/\\/e/":                 nil,
	}
	for script, want := range ok {
		files, err := sedScan(script)
		if err != nil || !slices.Equal(files, want) {
			t.Errorf("sedScan(%q) = %q, %v; want %q", script, files, err, want)
		}
	}
	for _, script := range []string{"e id", "1e id", "$e", "s/a/b/e", "s/a/b/ge", "s/a/b/2e", "/x/!e id", "1{e id\n}",
		"s/a/b", "k", "s", "y/a/", "1,", "s/a/b/x", "p x"} {
		if _, err := sedScan(script); err == nil {
			t.Errorf("sedScan(%q) accepted", script)
		}
	}
}

// TestAwkScan covers the awk program scanner beyond the attack table.
func TestAwkScan(t *testing.T) {
	t.Parallel()
	for _, p := range []string{
		`{ print $1 }`, `$3 > 100`, `NR % 2 == 0 { print }`, `/a|b/ { n++ } END { print n }`,
		`{ x = $1 / $2; y = x / 2 }`, `{ print ($1 > $2) }`, `{ s = "a | b > c"; print s }`,
		`BEGIN { FS = "|" }`, `{ if (a || b) print }`, `{ getline; print }`, `{ while ((getline line) > 0) n++ }`,
		"# system(\"id\")\n{ print }", `{ a[$1]++ } END { for (k in a) print k, a[k] }`, `{ print $NF / 2 }`,
	} {
		if err := awkScan(p); err != nil {
			t.Errorf("awkScan(%q) = %v, want allowed", p, err)
		}
	}
	for _, p := range []string{
		`BEGIN { system("id") }`, `{ print | "sh" }`, `{ print |& "sh" }`, `BEGIN { "id" | getline }`,
		`{ print > "f" }`, `{ print >> "f" }`, `{ printf("%s", $1) > "f" }`, `{ getline x < "/etc/passwd" }`,
		`BEGIN { f = "system"; @f("id") }`, `@load "x"`, `{ print "x" > ("f" ".txt") }`,
		`BEGIN { s = "unterminated }`, `/unterminated`, `BEGIN { a++ / 1; system("id"); b = 1 / 1 }`,
		"BEGIN { x = 1 \\\n; system(\"id\") }",
	} {
		if err := awkScan(p); err == nil {
			t.Errorf("awkScan(%q) accepted", p)
		}
	}
}
