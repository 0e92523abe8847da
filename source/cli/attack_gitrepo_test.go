package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A repository's own .git/config (and hooks) can make git run commands
// during ordinary subcommands: a repository unpacked from an archive, or
// one a filesystem tool wrote to. Each case plants such a configuration in
// a fresh repository, proves with a control (plain git, no toolplane) that
// it fires, then runs the same call through toolplane: either the
// hardened environment neutralizes it (the call runs, nothing fires) or
// the repository-config gate refuses the run.

type repoAttack struct {
	name  string
	setup func(t *testing.T, r *attackEnv, marker string)
	args  map[string]any
	// refused: the gate refuses the call; otherwise it runs and the
	// environment neutralizes the vector.
	refused bool
}

func (e *attackEnv) writeFile(t *testing.T, rel, content string, mode os.FileMode) {
	t.Helper()
	p := filepath.Join(e.cwd, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

var repoAttacks = []repoAttack{
	{
		name: "core.fsmonitor in .git/config runs on git status",
		setup: func(t *testing.T, r *attackEnv, m string) {
			r.git(t, "config", "core.fsmonitor", "touch '"+m+"'"+"; false")
		},
		args: map[string]any{"args": []any{"status"}},
	},
	{
		name: "an executable pre-commit hook",
		setup: func(t *testing.T, r *attackEnv, m string) {
			r.writeFile(t, ".git/hooks/pre-commit", "#!/bin/sh\ntouch '"+m+"'\n", 0o755)
		},
		args: map[string]any{"args": []any{"commit"}, "options": map[string]any{"allow_empty": true, "m": "x"}},
	},
	{
		name: "core.hooksPath in .git/config pointing at planted hooks",
		setup: func(t *testing.T, r *attackEnv, m string) {
			r.writeFile(t, "hooks/pre-commit", "#!/bin/sh\ntouch '"+m+"'\n", 0o755)
			r.git(t, "config", "core.hooksPath", "hooks")
		},
		args: map[string]any{"args": []any{"commit"}, "options": map[string]any{"allow_empty": true, "m": "x"}},
	},
	{
		name: "core.editor in .git/config on a commit without -m",
		setup: func(t *testing.T, r *attackEnv, m string) {
			r.git(t, "config", "core.editor", "touch '"+m+"'"+"; false")
		},
		args: map[string]any{"args": []any{"commit"}, "options": map[string]any{"allow_empty": true}, "check": false},
	},
	{
		name: "protocol.ext.allow and an ext:: remote in .git/config",
		setup: func(t *testing.T, r *attackEnv, m string) {
			r.git(t, "config", "protocol.ext.allow", "always")
			r.git(t, "remote", "add", "evil", "ext::sh -c touch% "+m)
		},
		args: map[string]any{"args": []any{"fetch", "evil"}, "check": false},
	},
	{
		name: "a clean filter in .git/config and .gitattributes",
		setup: func(t *testing.T, r *attackEnv, m string) {
			r.git(t, "config", "filter.x.clean", "touch '"+m+"'"+"; cat")
			r.writeFile(t, ".gitattributes", "*.txt filter=x\n", 0o644)
			r.writeFile(t, "b.txt", "b\n", 0o644)
		},
		args:    map[string]any{"args": []any{"add", "b.txt"}},
		refused: true,
	},
	{
		name: "a filter in an included config file",
		setup: func(t *testing.T, r *attackEnv, m string) {
			inc := filepath.Join(r.outside, "included")
			if err := os.WriteFile(inc, []byte("[filter \"y\"]\n\tclean = touch '"+m+"'; cat\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			r.git(t, "config", "include.path", inc)
			r.writeFile(t, ".gitattributes", "*.txt filter=y\n", 0o644)
			r.writeFile(t, "c.txt", "c\n", 0o644)
		},
		args:    map[string]any{"args": []any{"add", "c.txt"}},
		refused: true,
	},
	{
		name: "diff.external in .git/config",
		setup: func(t *testing.T, r *attackEnv, m string) {
			r.git(t, "config", "diff.external", filepath.Join(r.outside, "evil.sh"))
			r.writeFile(t, "a.txt", "changed\n", 0o644)
		},
		args:    map[string]any{"args": []any{"diff"}},
		refused: true,
	},
	{
		name: "a textconv driver in .git/config",
		setup: func(t *testing.T, r *attackEnv, m string) {
			r.git(t, "config", "diff.t.textconv", "touch '"+m+"'"+"; cat")
			r.writeFile(t, ".gitattributes", "*.txt diff=t\n", 0o644)
			r.writeFile(t, "a.txt", "changed again\n", 0o644)
		},
		args:    map[string]any{"args": []any{"diff"}},
		refused: true,
	},
	{
		name: "core.sshCommand in .git/config",
		setup: func(t *testing.T, r *attackEnv, m string) {
			r.git(t, "config", "core.sshCommand", "touch '"+m+"'"+"; false")
		},
		args:    map[string]any{"args": []any{"ls-remote", "ssh://example.invalid/x"}, "check": false},
		refused: true,
	},
	{
		name: "remote.NAME.uploadpack in .git/config",
		setup: func(t *testing.T, r *attackEnv, m string) {
			r.git(t, "remote", "add", "self", ".")
			r.git(t, "config", "remote.self.uploadpack", "touch '"+m+"'"+"; false")
		},
		args:    map[string]any{"args": []any{"fetch", "self"}, "check": false},
		refused: true,
	},
	{
		name: "a filter spelt in upper case in .git/config",
		setup: func(t *testing.T, r *attackEnv, m string) {
			r.writeFile(t, ".git/config", "[core]\n\trepositoryformatversion = 0\n[FILTER \"d\"]\n\tCLEAN = touch '"+m+"'; cat\n", 0o644)
			r.writeFile(t, ".gitattributes", "*.txt filter=d\n", 0o644)
			r.writeFile(t, "d.txt", "d\n", 0o644)
		},
		args:    map[string]any{"args": []any{"add", "d.txt"}},
		refused: true,
	},
	{
		name: "an archive format command in .git/config",
		setup: func(t *testing.T, r *attackEnv, m string) {
			r.git(t, "config", "tar.evil.command", "touch '"+m+"'; cat")
		},
		args:    map[string]any{"args": []any{"archive", "--format=evil", "HEAD"}},
		refused: true,
	},
	{
		name: "an alias in .git/config, git x",
		setup: func(t *testing.T, r *attackEnv, m string) {
			r.git(t, "config", "alias.x", "!touch '"+m+"'")
		},
		args:    map[string]any{"args": []any{"x"}},
		refused: true,
	},
}

// TestAttackGitRepositoryConfig runs repoAttacks, each in a repository of
// its own.
func TestAttackGitRepositoryConfig(t *testing.T) {
	t.Parallel()
	if !installed("git") {
		t.Skip("git is not installed")
	}
	for i, a := range repoAttacks {
		t.Run(a.name, func(t *testing.T) {
			t.Parallel()
			e := newAttackEnv(t)
			marker := filepath.Join(e.outside, "marker")
			if err := os.WriteFile(filepath.Join(e.outside, "evil.sh"), []byte("#!/bin/sh\ntouch "+marker+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			a.setup(t, e, marker)
			inv, err := ParseInvocation(a.args)
			if err != nil {
				t.Fatal(err)
			}
			argv, err := inv.Argv()
			if err != nil {
				t.Fatal(err)
			}
			// Control: plain git fires the planted command.
			cmd := exec.Command("git", argv...)
			cmd.Dir = e.cwd
			cmd.Env = e.env()
			out, _ := cmd.CombinedOutput()
			if !fired(marker) {
				t.Fatalf("control %d: git %q did not fire, so the case proves nothing:\n%s", i, argv, out)
			}
			if err := os.Remove(marker); err != nil {
				t.Fatal(err)
			}
			c := newChain(t, Policy{Mode: ModeAllowlist, Allow: []string{"git"}, Cwd: e.cwd, Env: e.policyEnv()}, Hooks{})
			res, err := c.call("cli:git", a.args)
			switch {
			case a.refused && !isPermission(err):
				t.Errorf("through toolplane: %v %v, want the gate to refuse", res, err)
			case a.refused && !strings.Contains(err.Error(), "repository") && !strings.Contains(err.Error(), "subcommand"):
				t.Errorf("refusal does not say why: %v", err)
			case !a.refused && err != nil:
				t.Errorf("through toolplane: %v, want the call to run with the vector neutralized", err)
			}
			if fired(marker) {
				t.Errorf("FIRED through toolplane")
			}
		})
	}
}

// TestGitGateNeedsConfigFromEnvironment: a git that ignores
// GIT_CONFIG_COUNT (older than 2.31) would run hooks and fsmonitor, so the
// gate refuses when the command-scope keys are missing from git's view.
func TestGitGateNeedsConfigFromEnvironment(t *testing.T) {
	t.Parallel()
	c := &argCall{binary: "git", sub: "status"}
	for _, tc := range []struct {
		out  string
		want string
	}{
		{"local\x00core.bare\nfalse\x00", "GIT_CONFIG_COUNT"},
		{"command\x00core.fsmonitor\nfalse\x00local\x00core.bare\nfalse\x00", "GIT_CONFIG_COUNT"},
		{"command\x00core.fsmonitor\nfalse\x00command\x00core.hookspath\n/dev/null\x00worktree\x00credential.https://x.helper\n!evil\x00", "credential.https://x.helper"},
		{"command\x00core.fsmonitor\nfalse\x00command\x00core.hookspath\n/dev/null\x00local\x00submodule.m.update\n!touch x\x00", "submodule.m.update"},
	} {
		err := gitGate(context.Background(), gateRun{call: c, run: func(context.Context, []string) (*Output, error) {
			return &Output{Stdout: tc.out}, nil
		}})
		if !isPermission(err) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want a refusal naming %s", tc.out, err, tc.want)
		}
	}
	ok := "command\x00core.fsmonitor\nfalse\x00command\x00core.hookspath\n/dev/null\x00global\x00filter.lfs.clean\ngit-lfs clean -- %f\x00local\x00submodule.m.update\nrebase\x00"
	if err := gitGate(context.Background(), gateRun{call: c, run: func(context.Context, []string) (*Output, error) {
		return &Output{Stdout: ok}, nil
	}}); err != nil {
		t.Errorf("the user's global filter and a plain submodule update were refused: %v", err)
	}
}

func TestGitKeyMatches(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pattern, key string
		want         bool
	}{
		{"core.sshcommand", "core.sshcommand", true},
		{"core.sshcommand", "core.x.sshcommand", false},
		{"filter.*.clean", "filter.a.b.c.clean", true},
		{"filter.*.clean", "filter.clean", false},
		{"credential.helper", "credential.helper", true},
		{"credential.*.helper", "credential.https://example.com/a.b.helper", true},
		{"gpg.ssh.defaultkeycommand", "gpg.ssh.defaultkeycommand", true},
		{"gpg.ssh.defaultkeycommand", "gpg.x509.defaultkeycommand", false},
		{"diff.external", "DIFF.External", true},
	} {
		if got := gitKeyMatches(tc.pattern, tc.key); got != tc.want {
			t.Errorf("gitKeyMatches(%q, %q) = %v, want %v", tc.pattern, tc.key, got, tc.want)
		}
	}
}
