package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/internal/childenv"
)

// gitPolicy isolates git from the host's configuration.
func gitPolicy(t *testing.T, dir string) Policy {
	home := t.TempDir()
	return Policy{
		Mode:  ModeAllowlist,
		Allow: []string{"git"},
		Cwd:   dir,
		Env: map[string]string{"HOME": home, "GIT_CONFIG_NOSYSTEM": "1",
			"GIT_AUTHOR_NAME": "Tool Plane", "GIT_AUTHOR_EMAIL": "tp@example.invalid",
			"GIT_COMMITTER_NAME": "Tool Plane", "GIT_COMMITTER_EMAIL": "tp@example.invalid"},
	}
}

func TestGitInTemporaryRepository(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	if err := os.Mkdir(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	c := newChain(t, gitPolicy(t, repo), Hooks{})

	c.ok(t, "cli:git", map[string]any{"args": []any{"init"}, "options": map[string]any{"q": true}})
	if err := os.WriteFile(filepath.Join(repo, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.ok(t, "cli:git", map[string]any{"args": []any{"add"}, "positional": []any{"a.txt"}})
	c.ok(t, "cli:git", map[string]any{
		"args":    []any{"commit"},
		"options": map[string]any{"m": "first commit; not $(a shell)", "q": true},
	})

	out := c.ok(t, "cli:git", map[string]any{
		"args": []any{"log"}, "options": map[string]any{"oneline": true, "max_count": 1.0},
	})
	if got := out["stdout"].(string); !strings.HasSuffix(got, " first commit; not $(a shell)\n") {
		t.Errorf("git log stdout = %q", got)
	}
	if diff := cmp.Diff([]any{"git", "log", "--max-count=1", "--oneline"}, out["argv"]); diff != "" {
		t.Errorf("argv (-want +got):\n%s", diff)
	}
	if out["exit_code"] != int64(0) || out["truncated"] != false {
		t.Errorf("exit_code %v truncated %v", out["exit_code"], out["truncated"])
	}

	// -C from global flags, from the working directory above the repository.
	if err := os.WriteFile(filepath.Join(repo, "b.txt"), []byte("b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	elsewhere := gitPolicy(t, root)
	c2 := newChain(t, elsewhere, Hooks{})
	out = c2.ok(t, "cli:git", map[string]any{
		"global": map[string]any{"C": repo}, "args": []any{"status"}, "options": map[string]any{"short": true},
	})
	if got, want := out["stdout"], "?? b.txt\n"; got != want {
		t.Errorf("git -C repo status --short = %q, want %q", got, want)
	}

	// A failing subcommand: IsError with exit code and stderr tail; with
	// check=false the same run is a plain result.
	res, err := c.call("cli:git", map[string]any{"args": []any{"show"}, "positional": []any{"no-such-rev"}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError || !strings.Contains(res.Content[0].Text, "git exited with status 128: ") || !strings.Contains(res.Content[0].Text, "no-such-rev") {
		t.Errorf("failing git: IsError %v, %q", res.IsError, res.Content)
	}
	res, err = c.call("cli:git", map[string]any{"args": []any{"show"}, "positional": []any{"no-such-rev"}, "check": false})
	if err != nil || res.IsError {
		t.Fatalf("check=false: %v, IsError %v", err, res.IsError)
	}
	if got := res.Structured.(map[string]any)["exit_code"]; got != int64(128) {
		t.Errorf("exit_code = %v, want 128", got)
	}
}

func TestPrintfAndClosedStdin(t *testing.T) {
	t.Parallel()
	// A minute's timeout: cat waiting for input would run into it, far
	// past the bound below (a loaded machine can take seconds to run cat).
	c := newChain(t, Policy{Mode: ModeAllowlist, Allow: []string{"printf", "cat"}, Timeout: time.Minute}, Hooks{})
	out := c.ok(t, "cli:printf", map[string]any{"args": []any{"%s|%s|%d\n", "a b", "*", 7.0}})
	if got, want := out["stdout"], "a b|*|7\n"; got != want {
		t.Errorf("printf stdout = %q, want %q", got, want)
	}
	// cat with no file reads stdin; it must see EOF at once, not wait.
	start := time.Now()
	out = c.ok(t, "cli:cat", nil)
	if out["stdout"] != "" || time.Since(start) > 15*time.Second {
		t.Errorf("cat on closed stdin: %q after %s", out["stdout"], time.Since(start))
	}
	res, err := c.call("cli:cat", map[string]any{"args": []any{"/nonexistent/file"}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError || !strings.Contains(res.Content[0].Text, "cat exited with status 1: cat: /nonexistent/file: No such file or directory") {
		t.Errorf("cat missing file: IsError %v %q", res.IsError, res.Content)
	}
}

func TestOutputCap(t *testing.T) {
	t.Parallel()
	c := newChain(t, Policy{Mode: ModeAllowlist, Allow: []string{"seq"}, MaxOutputBytes: 1000}, Hooks{})
	out := c.ok(t, "cli:seq", map[string]any{"args": []any{1, 10000000}})
	stdout := out["stdout"].(string)
	if len(stdout) != 1000 || !strings.HasPrefix(stdout, "1\n2\n3\n") || out["truncated"] != true {
		t.Errorf("stdout %d bytes (%q...), truncated %v", len(stdout), stdout[:min(len(stdout), 12)], out["truncated"])
	}
	// Draining past the cap lets seq finish normally.
	if out["exit_code"] != int64(0) {
		t.Errorf("exit_code = %v, want 0", out["exit_code"])
	}
}

func TestOutputCapKeepsRunesWhole(t *testing.T) {
	t.Parallel()
	c := newChain(t, Policy{Mode: ModeAllowlist, Allow: []string{"printf"}, MaxOutputBytes: 4}, Hooks{})
	out := c.ok(t, "cli:printf", map[string]any{"args": []any{"aé€"}})
	if got, want := out["stdout"], "aé"; got != want || out["truncated"] != true {
		t.Errorf("stdout = %q truncated %v, want %q truncated", got, out["truncated"], want)
	}
}

func TestTimeoutKillsProcessGroup(t *testing.T) {
	t.Parallel()
	arg := uniqueSleep(1)
	// timeout(1) runs sleep as a child in our process group; killing only
	// the group leader would leave sleep behind. timeout's built-in policy
	// refuses a command argument, so it is turned off here.
	c := newChain(t, Policy{Mode: ModeAllowlist, Allow: []string{"timeout"}, Timeout: 300 * time.Millisecond,
		Args: map[string]ArgPolicy{"timeout": {NoBuiltin: true}}}, Hooks{})
	start := time.Now()
	res, err := c.call("cli:timeout", map[string]any{"args": []any{"120", "sleep", arg}})
	if err != nil {
		t.Fatal(err)
	}
	// Not killed, the group's sleep would hold the call 120s.
	if took := time.Since(start); took > 15*time.Second {
		t.Errorf("call took %s with a 300ms timeout", took)
	}
	out := res.Structured.(map[string]any)
	if !res.IsError || out["timed_out"] != true || out["exit_code"] != int64(-1) {
		t.Errorf("IsError %v timed_out %v exit_code %v", res.IsError, out["timed_out"], out["exit_code"])
	}
	if !strings.Contains(res.Content[0].Text, "timed out after 300ms") {
		t.Errorf("message %q", res.Content[0].Text)
	}
	// Even check=false does not turn a timeout into success.
	waitGone(t, arg)
}

func TestTimeoutOfHelperTree(t *testing.T) {
	t.Parallel()
	arg := uniqueSleep(2)
	c := newChain(t, Policy{Mode: ModeAllowlist, Allow: []string{helperName}, Timeout: 500 * time.Millisecond}, Hooks{})
	res, err := c.call("cli:"+helperName, map[string]any{"args": []any{"tree", arg}, "check": false})
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError || res.Structured.(map[string]any)["timed_out"] != true {
		t.Errorf("IsError %v %v", res.IsError, res.Structured)
	}
	waitGone(t, arg)
}

func TestLeftoverGroupMembersAreKilled(t *testing.T) {
	t.Parallel()
	arg := uniqueSleep(3)
	c := newChain(t, Policy{Mode: ModeAllowlist, Allow: []string{helperName}}, Hooks{})
	start := time.Now()
	out := c.ok(t, "cli:"+helperName, map[string]any{"args": []any{"leave", arg}})
	// The leftover child sleeps 103s: holding the pipe, it would hold
	// the call that long.
	if took := time.Since(start); took > 15*time.Second {
		t.Errorf("call took %s; a leftover child held the pipe", took)
	}
	if !strings.HasPrefix(out["stdout"].(string), "left ") {
		t.Errorf("stdout = %q", out["stdout"])
	}
	waitGone(t, arg)
}

func TestEscapedChildDoesNotHangTheCall(t *testing.T) {
	t.Parallel()
	arg := uniqueSleep(4)
	c := newChain(t, Policy{Mode: ModeAllowlist, Allow: []string{helperName}}, Hooks{})
	start := time.Now()
	out := c.ok(t, "cli:"+helperName, map[string]any{"args": []any{"escape", arg}})
	took := time.Since(start)
	// The escaped child left the process group, so it cannot be killed by
	// it; the call must still end after the pipe grace period.
	pid, err := strconv.Atoi(strings.TrimSpace(out["stdout"].(string)))
	if err != nil {
		t.Fatalf("stdout %q: %v", out["stdout"], err)
	}
	if took > pipeGrace+10*time.Second { // the escaped child sleeps 104s
		t.Errorf("call took %s", took)
	}
	// It carries the call's marker (childenv), so it is killed with the
	// call although it left the group.
	if syscall.Kill(pid, 0) == nil {
		if stat, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); !strings.Contains(string(stat), ") Z") {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("the escaped child %d outlived the call", pid)
		}
	}
	waitGone(t, arg)
}

// TestMinimalEnvironment cannot run in parallel: it sets a host variable.
func TestMinimalEnvironment(t *testing.T) {
	t.Setenv("TOOLPLANE_TEST_SECRET", "hunter2")
	t.Setenv("TOOLPLANE_TEST_PASSED", "yes")
	c := newChain(t, Policy{
		Mode: ModeAllowlist, Allow: []string{helperName},
		Env:     map[string]string{"EXTRA": "1", "HOME": "/nowhere"},
		PassEnv: []string{"TOOLPLANE_TEST_PASSED", "TOOLPLANE_TEST_UNSET"},
	}, Hooks{})
	out := c.ok(t, "cli:"+helperName, map[string]any{"args": []any{"env"}})
	var names []string
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out["stdout"].(string)), "\n") {
		k, v, _ := strings.Cut(line, "=")
		names = append(names, k)
		got[k] = v
	}
	slices.Sort(names)
	// The call's marker (childenv.MarkerName) finds descendants that
	// left its process group.
	want := []string{"EXTRA", "HOME", "PATH", "TOOLPLANE_TEST_PASSED", childenv.MarkerName}
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if k != "HOME" && k != "PATH" && (slices.Contains(childenv.Base(), k) || strings.HasPrefix(k, "LC_")) {
			want = append(want, k)
		}
	}
	slices.Sort(want)
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("environment names (-want +got):\n%s", diff)
	}
	if got["HOME"] != "/nowhere" || got["TOOLPLANE_TEST_PASSED"] != "yes" || got["PATH"] != os.Getenv("PATH") {
		t.Errorf("environment %v", got)
	}
}

func TestCallerCancellation(t *testing.T) {
	t.Parallel()
	arg := uniqueSleep(5)
	src, err := New(Policy{Mode: ModeAllowlist, Allow: []string{"sleep"}}, Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	capa := src.Capabilities()[0]
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err = capa.Handler(ctx, map[string]any{"args": []any{arg}})
	if err == nil || !strings.Contains(err.Error(), "context deadline exceeded") {
		t.Errorf("err = %v, want the caller's deadline", err)
	}
	waitGone(t, arg)
}

func TestHelpSummary(t *testing.T) {
	t.Parallel()
	src, err := New(Policy{Mode: ModeAllowlist, Allow: []string{"git", "cat"}}, Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := src.Summary(context.Background(), "cat")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sum, "Usage: cat [OPTION]... [FILE]...") {
		t.Errorf("cat summary %q", sum)
	}
	desc, err := src.Describe(context.Background(), "git")
	if err != nil {
		t.Fatal(err)
	}
	gitPath, _ := exec.LookPath("git")
	if !strings.Contains(desc, "("+gitPath+")") || !strings.Contains(desc, "\n\nusage: git ") {
		t.Errorf("git description %q", desc)
	}
	if _, err := src.Summary(context.Background(), "sleep"); !isPermission(err) {
		t.Errorf("summary of a binary outside the allowlist: %v, want PermissionError", err)
	}
}

// BenchmarkCallTrue measures the whole per-call cost through the chain:
// admission, schema validation, rendering, fork/exec of true, group cleanup.
func BenchmarkCallTrue(b *testing.B) {
	src, err := New(Policy{Mode: ModeAllowlist, Allow: []string{"true"}}, Hooks{})
	if err != nil {
		b.Fatal(err)
	}
	capa := src.Capabilities()[0]
	h := src.Admission()(func(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
		return capa.Handler(ctx, call.Args)
	})
	call := &dispatch.Call{CapabilityID: "cli:true", Args: map[string]any{"args": []any{"x"}, "options": map[string]any{"y": true}}}
	for b.Loop() {
		res, err := h(context.Background(), call)
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
	}
}
