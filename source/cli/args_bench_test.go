package cli

import (
	"context"
	"os/exec"
	"testing"
)

// BenchmarkArgCheckGit is the argument check of one ordinary git call,
// without running anything: the cost every call pays before it runs.
func BenchmarkArgCheckGit(b *testing.B) {
	a, err := newArgChecker(Policy{Cwd: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	inv, err := ParseInvocation(map[string]any{"args": []any{"log"}, "options": []any{[]any{"n", 5}, []any{"format", "%h %s"}}, "positional": []any{"HEAD~3..HEAD", "--", "src/"}})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := a.check("git", "", inv); err != nil {
			b.Fatal(err)
		}
	}
}

// benchGitStatus runs git status through admission and the handler, with
// git's built-in policy (the repository-config gate runs git once more) or
// without it; the two report the gate's cost as a ratio in one run.
func benchGitStatus(b *testing.B, builtin bool) {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git is not installed")
	}
	dir := b.TempDir()
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		b.Fatalf("git init: %v\n%s", err, out)
	}
	p := Policy{Mode: ModeAllowlist, Allow: []string{"git"}, Cwd: dir, Env: map[string]string{"HOME": b.TempDir(), "GIT_CONFIG_NOSYSTEM": "1"}}
	if !builtin {
		p.Args = map[string]ArgPolicy{"git": {NoBuiltin: true}}
	}
	src, err := New(p, Hooks{})
	if err != nil {
		b.Fatal(err)
	}
	capa, err := src.Lookup("cli:git")
	if err != nil {
		b.Fatal(err)
	}
	args := map[string]any{"args": []any{"status"}, "options": map[string]any{"short": true}}
	for b.Loop() {
		res, err := capa.Handler(context.Background(), args)
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
	}
}

func BenchmarkCallGitStatus(b *testing.B)          { benchGitStatus(b, true) }
func BenchmarkCallGitStatusNoBuiltin(b *testing.B) { benchGitStatus(b, false) }
