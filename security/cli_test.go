package security_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// cliRepo makes a git repository with one commit at dir/repo, with the
// identity in its environment rather than its config.
func cliRepo(t *testing.T, dir string) string {
	t.Helper()
	repo := filepath.Join(dir, "repo")
	if err := os.Mkdir(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "a.txt"}, {"commit", "-qm", "one"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@example.invalid", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@example.invalid"}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return repo
}

// gitAttackSnippet tries every git vector of the issue, and its own, from
// a snippet, and returns per vector the exception it raised (or "ran").
// It also runs git status, which must work.
func gitAttackSnippet(marker, outside string) string {
	m := marker
	return fmt.Sprintf(`
M = %q
O = %q
attempts = {
    "_global c alias": lambda: git("x", _global={"c": "alias.x=!touch " + M}),
    "_global c fsmonitor": lambda: git("status", _global={"c": "core.fsmonitor=touch " + M}),
    "_global exec_path": lambda: git("status", _global={"exec_path": O}),
    "_global git_dir": lambda: git("status", _global={"git_dir": O}),
    "_global C outside": lambda: git("status", _global={"C": O}),
    "_global bool given a subcommand": lambda: git("log", "--remote=.", "--exec=touch " + M, "HEAD", _global={"P": "archive"}),
    "options before the subcommand": lambda: git("-c", "alias.x=!touch " + M, "x"),
    "exec path before the subcommand": lambda: git("--exec-path=" + O, "status"),
    "upload_pack keyword": lambda: git("ls-remote", upload_pack="touch " + M, _=["."]),
    "upload-pack abbreviated": lambda: git("ls-remote", "--upload-p=touch " + M, "."),
    "upload-pack separate": lambda: git("fetch", _=["--upload-pack", "touch " + M, "."]),
    "clone -u cluster": lambda: git("clone", "-qu", "touch " + M, ".", "c1"),
    "ext transport": lambda: git("ls-remote", "ext::sh -c touch%% " + M),
    "archive remote exec": lambda: git("archive", "--remote=.", "--exec=touch " + M, "HEAD"),
    "rebase exec": lambda: git("rebase", x="touch " + M, _=["HEAD"]),
    "grep pager": lambda: git("grep", open_files_in_pager="touch " + M, _=["a"]),
    "config write": lambda: git("config", "core.fsmonitor", "touch " + M),
    "submodule foreach": lambda: git("submodule", "foreach", "touch " + M),
    "unknown subcommand": lambda: git("x"),
    "log output outside": lambda: git("log", "--output=" + M),
    "log output into .git": lambda: git("log", output=".git/config"),
    "diff outside (no-index)": lambda: git("diff", "/etc/hostname", "a.txt"),
    "em dash": lambda: git("ls-remote", "\u2014upload-pack=touch " + M, "."),
    "call_tool global smuggle": lambda: call_tool("cli:git", {"global": [["c", "alias.y=!touch " + M]], "args": ["y"]}),
    "call_tool options first": lambda: call_tool("cli:git", {"options": [["exec_path", O]], "positional": ["status"]}),
}
out = {}
for name, attempt in attempts.items():
    try:
        await attempt()
        out[name] = "ran"
    except Exception as e:
        out[name] = type(e).__name__ + ": " + str(e)
out["status"] = (await git("status", short=True)).stdout
return out
`, m, outside)
}

// TestAttackCLIArgumentPolicyRun: allowing git allowed any command
// (issue 15). Through `toolplane run` with [cli] mode = "allowlist" and
// allow = ["git"], every vector is refused with a PermissionError before
// git runs, while an ordinary git status works.
func TestAttackCLIArgumentPolicyRun(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	e := bins.NewBareEnv(t)
	repo := cliRepo(t, e.Dir)
	outside := filepath.Join(e.Dir, "outside")
	if err := os.Mkdir(outside, 0o755); err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(outside, "marker")
	e.WriteFile(t, e.Config, fmt.Sprintf("[cli]\nmode = \"allowlist\"\nallow = [\"git\"]\ncwd = %s\n", e2e.Quote(repo)))
	snippet := filepath.Join(e.Dir, "attack.py")
	e.WriteFile(t, snippet, gitAttackSnippet(marker, outside))
	out, err := e.Toolplane("run", "--config", e.Config, "--json", snippet).Output()
	if err != nil {
		t.Fatalf("toolplane run: %v\n%s", err, out)
	}
	var res struct {
		Value map[string]any `json:"value"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("toolplane run --json: %v\n%s", err, out)
	}
	checkGitAttacks(t, res.Value, marker)
}

// TestAttackCLIArgumentPolicyExecuteCode is the same attack through
// execute_code on `serve mcp`, over stdio and HTTP.
func TestAttackCLIArgumentPolicyExecuteCode(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	for _, transport := range []string{"stdio", "http"} {
		t.Run(transport, func(t *testing.T) {
			t.Parallel()
			e := bins.NewEnv(t, "")
			repo := cliRepo(t, e.Dir)
			outside := filepath.Join(e.Dir, "outside")
			if err := os.Mkdir(outside, 0o755); err != nil {
				t.Fatal(err)
			}
			marker := filepath.Join(outside, "marker")
			e.WriteFile(t, e.Config, readFile(t, e.Config)+fmt.Sprintf("\n[cli]\nmode = \"allowlist\"\nallow = [\"git\"]\ncwd = %s\n", e2e.Quote(repo)))
			var cs *mcp.ClientSession
			if transport == "stdio" {
				cs = e.Stdio(t)
			} else {
				cs = e2e.ConnectHTTP(t, e.HTTPURL(t))
			}
			res, sc := e2e.Exec(t, cs, gitAttackSnippet(marker, outside))
			if res.IsError {
				t.Fatalf("execute_code: %s", e2e.Text(res))
			}
			v, _ := sc["value"].(map[string]any)
			checkGitAttacks(t, v, marker)
		})
	}
}

// checkGitAttacks reads the snippet's result: every vector a
// PermissionError, git status run, the marker absent.
func checkGitAttacks(t *testing.T, out map[string]any, marker string) {
	t.Helper()
	if len(out) < 26 {
		t.Fatalf("the snippet returned %d entries, want 26: %v", len(out), out)
	}
	for name, v := range out {
		if name == "status" {
			continue
		}
		if s, _ := v.(string); !strings.HasPrefix(s, "PermissionError: ") {
			t.Errorf("%s: %v, want a PermissionError", name, v)
		}
	}
	if s, ok := out["status"].(string); !ok || strings.Contains(s, "Error") {
		t.Errorf("git status did not run: %v", out["status"])
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("a vector FIRED: %s exists", marker)
	}
}
