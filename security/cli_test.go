package security_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/backend/pyodide"
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

// callFormAttackSnippet tries to smuggle options before git's subcommand
// and past [cli.binaries.git] deny_args / deny_subcommands through the
// call forms of issue 17 (cli.NAME, cli("NAME").SUB, attribute words,
// cli_run's options dict), and returns per vector the exception it raised
// (or "ran"). Each vector's name starts with the exception it must raise:
// PermissionError where the argv is well formed and the policy refuses it,
// ValueError where the input cannot be rendered to an argv at all, and
// TypeError where the snippet-side binding refuses the call's shape.
func callFormAttackSnippet(marker, outside string) string {
	return fmt.Sprintf(`
M = %q
O = %q
T = "touch " + M
attempts = {
    "ValueError: dict key -c": lambda: cli_run("git", "status", {"-c": "alias.x=!" + T}),
    "ValueError: dict key --exec-path": lambda: cli_run("git", "status", {"--exec-path": O}),
    "PermissionError: dict c without subcommand": lambda: cli_run("git", {"c": "alias.x=!" + T, "_": ["x"]}),
    "PermissionError: dict exec_path first": lambda: cli_run("git", {"exec_path": O, "_": ["status"]}),
    "PermissionError: dict exec-path first": lambda: cli.git({"exec-path": O, "_": ["status"]}),
    "PermissionError: kwargs exec-path first": lambda: cli.git(**{"exec-path": O}),
    "PermissionError: dict upload-pack": lambda: cli_run("git", "ls-remote", {"upload-pack": T, "_": ["."]}),
    "PermissionError: dict upload_pack": lambda: cli("git").ls_remote({"upload_pack": T, "_": ["."]}),
    "ValueError: dict key with =": lambda: cli_run("git", "ls-remote", {"upload-pack=" + T: True, "_": ["."]}),
    "ValueError: dict key with space": lambda: cli_run("git", "status", {"c alias.x=!" + T: True}),
    "ValueError: dict key not a str": lambda: cli_run("git", "status", {1: True}),
    "ValueError: dict key None": lambda: cli_run("git", "status", {None: "-c"}),
    "ValueError: nested dict value": lambda: cli_run("git", "status", {"short": {"c": "alias.x=!" + T}}),
    "ValueError: nested list value": lambda: cli_run("git", "status", {"short": [["-c", "alias.x=!" + T]]}),
    "ValueError: dict before the subcommand": lambda: cli_run("git", {"c": "alias.x=!" + T}, "x"),
    "PermissionError: dict _global c": lambda: cli_run("git", "x", {"_global": {"c": "alias.x=!" + T}}),
    "PermissionError: dict _global pairs": lambda: cli_run("git", "x", {"_global": [["c", "alias.x=!" + T]]}),
    "PermissionError: attribute -c": lambda: getattr(cli.git, "-c")("alias.x=!" + T, "x"),
    "PermissionError: attribute --exec-path": lambda: getattr(cli.git, "--exec-path=" + O).status(),
    "PermissionError: attribute of cli -c": lambda: getattr(cli, "git -c")("alias.x=!" + T, "x"),
    "PermissionError: cli attribute path": lambda: getattr(cli, "../bin/sh")("-c", T),
    "PermissionError: deny_args keyword": lambda: cli.git.checkout(force=True),
    "PermissionError: deny_args dict": lambda: cli_run("git", "checkout", {"force": True}),
    "PermissionError: deny_args short": lambda: cli_run("git", "checkout", {"f": True}),
    "PermissionError: deny_args case": lambda: cli.git.checkout(FORCE=True),
    "PermissionError: deny_args abbreviated": lambda: cli_run("git", "checkout", {"forc": True}),
    "PermissionError: deny_args attribute": lambda: getattr(cli.git.checkout, "--force")(),
    "PermissionError: deny_subcommands attribute": lambda: cli.git.push(),
    "PermissionError: deny_subcommands rev_parse": lambda: cli.git.rev_parse(_=["HEAD"]),
    "PermissionError: deny_subcommands trailing _": lambda: cli.git.rev_parse_(_=["HEAD"]),
    "PermissionError: deny_subcommands dashed": lambda: getattr(cli.git, "rev-parse")("HEAD"),
    "PermissionError: deny_subcommands cli_run": lambda: cli_run("git", "push", {}),
    "TypeError: dict and keyword": lambda: cli_run("git", "status", {"c": "x"}, c="y"),
}
out = {}
for name, attempt in attempts.items():
    try:
        await attempt()
        out[name] = "ran"
    except Exception as e:
        out[name] = type(e).__name__ + ": " + str(e)
out["status"] = (await cli.git.status(short=True)).stdout
out["status dict"] = (await cli_run("git", "status", {"short": True})).stdout
return out
`, marker, outside)
}

// TestAttackCLICallForms: the call forms of issue 17 (cli.git("status"),
// cli("docker-compose").version(), cli_run(binary, subcommand, {options}))
// produce argv through the same rendering and meet the same argument
// policy as every other form: options dict keys like "-c", "--exec-path",
// "upload-pack", keys with "=" or spaces, keys that are no str, nested
// values, attribute words that are options, and spellings of deny_args
// and deny_subcommands never run git with them. Through `toolplane run`
// (embedded in process, local_unsafe's CPython, pyodide-deno when
// installed) and execute_code on `serve mcp` (embedded in a sandbox
// worker).
func TestAttackCLICallForms(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	policy := "\n[cli]\nmode = \"allowlist\"\nallow = [\"git\"]\ncwd = %s\n\n[cli.binaries.git]\ndeny_args = [\"--force\", \"-f\"]\ndeny_subcommands = [\"push\", \"rev-parse\"]\n"
	check := func(t *testing.T, out map[string]any, marker string) {
		t.Helper()
		n := 0
		for name, v := range out {
			if strings.HasPrefix(name, "status") {
				if s, ok := v.(string); !ok || strings.Contains(s, "Error") {
					t.Errorf("%s did not run: %v", name, v)
				}
				continue
			}
			n++
			want, _, _ := strings.Cut(name, ":")
			if s, _ := v.(string); !strings.HasPrefix(s, want+": ") {
				t.Errorf("%s: %v", name, v)
			}
		}
		if n != 33 {
			t.Errorf("%d vectors reported, want 33: %v", n, out)
		}
		if _, err := os.Stat(marker); err == nil {
			t.Errorf("a vector FIRED: %s exists", marker)
		}
	}
	setup := func(t *testing.T, e *e2e.Env) (marker, outside string) {
		cliRepo(t, e.Dir)
		outside = filepath.Join(e.Dir, "outside")
		if err := os.Mkdir(outside, 0o755); err != nil {
			t.Fatal(err)
		}
		return filepath.Join(outside, "marker"), outside
	}
	for _, backend := range []string{"embedded", "local_unsafe", pyodide.Name} {
		t.Run("run "+backend, func(t *testing.T) {
			t.Parallel()
			e := bins.NewBareEnv(t)
			switch backend {
			case "local_unsafe":
				if _, err := exec.LookPath("python3"); err != nil {
					t.Skip("python3 is not installed")
				}
			case pyodide.Name:
				if err := pyodide.New().Available(); err != nil {
					t.Skipf("pyodide-deno is not installed: %v", err)
				}
				e.Setenv(pyodide.InstallDirEnv, pyodide.DefaultInstallDir())
			}
			marker, outside := setup(t, e)
			e.WriteFile(t, e.Config, fmt.Sprintf("[toolplane]\ndefault_backend = %q\n", backend)+fmt.Sprintf(policy, e2e.Quote(filepath.Join(e.Dir, "repo"))))
			snippet := filepath.Join(e.Dir, "attack.py")
			e.WriteFile(t, snippet, callFormAttackSnippet(marker, outside))
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
			check(t, res.Value, marker)
		})
	}
	t.Run("execute_code worker", func(t *testing.T) {
		t.Parallel()
		e := bins.NewEnv(t, "")
		marker, outside := setup(t, e)
		e.WriteFile(t, e.Config, readFile(t, e.Config)+fmt.Sprintf(policy, e2e.Quote(filepath.Join(e.Dir, "repo"))))
		res, sc := e2e.Exec(t, e.Stdio(t), callFormAttackSnippet(marker, outside))
		if res.IsError {
			t.Fatalf("execute_code: %s", e2e.Text(res))
		}
		v, _ := sc["value"].(map[string]any)
		check(t, v, marker)
	})
}

// TestAttackCLIReachesToolplaneFiles: a CLI call runs with the user's
// rights in a working directory that may hold toolplane's own files:
// toolplane started from $HOME has ~/.toolplane (the user's config,
// trusted without asking, the trust record, stored secrets, the audit
// log and spilled results) inside it, and an [audit] path or [log] file
// may sit beside the project. With `sed` allowed, a snippet appended an
// [mcp.servers] table whose command toolplane ran at its next start (a
// persistent escalation); with `rm` it deleted the audit log; with `cat`
// it read other tokens' activity. Every spelling (relative, absolute,
// through .. or a symlink in the directory, an option's =value, dd's of=,
// a directory holding the files: rm -r ., cp into .) is refused, the
// files are unchanged, the next start runs nothing new, and ordinary
// calls in the same directory work.
func TestAttackCLIReachesToolplaneFiles(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	var allow []string
	for _, b := range []string{"sed", "rm", "cat", "cp", "mv", "ln", "sort", "dd", "ls", "touch"} {
		if _, err := exec.LookPath(b); err == nil {
			allow = append(allow, b)
		}
	}
	if len(allow) < 10 {
		t.Skipf("coreutils and sed are not all installed (found %v)", allow)
	}
	e := bins.NewBareEnv(t)
	home := filepath.Join(e.Dir, "home")
	for _, d := range []string{".toolplane", "logs"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	marker := filepath.Join(e.Dir, "pwned")
	userConfig := filepath.Join(home, ".toolplane", "toolplane.toml")
	quoted, _ := json.Marshal(allow)
	config := fmt.Sprintf("[audit]\nenabled = true\npath = \"~/logs/audit.jsonl\"\n\n[log]\nfile = \"~/logs/toolplane.log\"\n\n[cli]\nmode = \"allowlist\"\nallow = %s\n", quoted)
	e.WriteFile(t, userConfig, config)
	e.WriteFile(t, filepath.Join(home, "logs", "audit.jsonl.1"), "{}\n")
	// A link already in the working directory (checked out of a
	// repository, say) that leads back to it.
	if err := os.Symlink(".", filepath.Join(home, "self")); err != nil {
		t.Fatal(err)
	}
	evil := fmt.Sprintf("[mcp.servers.pwn]\ncommand = \"touch\"\nargs = [%q]\n", marker)
	e.WriteFile(t, filepath.Join(home, "evil.toml"), config+evil)
	snippet := filepath.Join(e.Dir, "attack.py")
	e.WriteFile(t, snippet, fmt.Sprintf(`
H = %q
EVIL = %q
attempts = {
    "sed -i the user config": lambda: sed("-i", "$a " + EVIL, ".toolplane/toolplane.toml"),
    "sed -i by absolute path": lambda: sed("-i", "$a " + EVIL, H + "/.toolplane/toolplane.toml"),
    "sed -i through ..": lambda: sed("-i", "$a " + EVIL, "logs/../.toolplane/toolplane.toml"),
    "sed -i --in-place=": lambda: sed("--in-place=.bak", "$a " + EVIL, ".toolplane/toolplane.toml"),
    "cp over the config": lambda: cp("evil.toml", ".toolplane/toolplane.toml"),
    "cp into the directory": lambda: cp("evil.toml", ".toolplane"),
    "cp -t": lambda: cp("-t", ".toolplane", "evil.toml"),
    "mv the directory away": lambda: mv(".toolplane", "moved"),
    "sort -o": lambda: sort("-o", ".toolplane/toolplane.toml", "evil.toml"),
    "sort --output=": lambda: sort("evil.toml", output=".toolplane/toolplane.toml"),
    "dd of=": lambda: dd("if=evil.toml", "of=.toolplane/toolplane.toml"),
    "rm the audit log": lambda: rm("logs/audit.jsonl"),
    "rm a rotated audit log": lambda: rm("logs/audit.jsonl.1"),
    "rm the log file": lambda: rm("logs/toolplane.log"),
    "rm -r the home directory": lambda: rm("-r", "."),
    "rm -rf ~/.toolplane": lambda: rm("-rf", ".toolplane"),
    "cat the audit log": lambda: cat("logs/audit.jsonl"),
    "cat the trust record by ~": lambda: cat("~/.toolplane/toolplane.toml"),
    "ls ~/.toolplane": lambda: ls("-la", ".toolplane"),
    "ln -s . (a link to the home directory)": lambda: ln("-s", ".", "link"),
    "symlink then sed": lambda: sed("-i", "$a " + EVIL, "self/.toolplane/toolplane.toml"),
    "symlink then cat": lambda: cat("self/logs/audit.jsonl"),
}
out = {}
for name, attempt in attempts.items():
    try:
        await attempt()
        out[name] = "ran"
    except Exception as e:
        out[name] = type(e).__name__ + ": " + str(e)
await touch("notes.txt")
out["ordinary calls"] = [(await cat("notes.txt")).exit_code, (await cp("notes.txt", "logs/copy.txt")).exit_code, (await rm("logs/copy.txt")).exit_code]
return out
`, home, evil))
	run := func(args ...string) *exec.Cmd {
		cmd := e.Toolplane(args...)
		cmd.Dir = home // started from $HOME, as an agent host may
		return cmd
	}
	out, err := run("run", "--json", snippet).Output()
	if err != nil {
		t.Fatalf("toolplane run: %v\n%s", err, out)
	}
	var res struct {
		Value map[string]any `json:"value"`
		Error any            `json:"error"`
	}
	if err := json.Unmarshal(out, &res); err != nil || res.Error != nil {
		t.Fatalf("toolplane run --json: %v\n%s", err, out)
	}
	if len(res.Value) != 23 {
		t.Fatalf("the snippet returned %d entries, want 23: %v", len(res.Value), res.Value)
	}
	for name, v := range res.Value {
		switch name {
		case "ordinary calls":
			if fmt.Sprint(v) != "[0 0 0]" {
				t.Errorf("ordinary calls beside toolplane's files: %v, want [0 0 0]", v)
			}
		default:
			s, _ := v.(string)
			if !strings.HasPrefix(s, "PermissionError: ") || !strings.Contains(s, "toolplane's own files") {
				t.Errorf("%s: %v, want a PermissionError naming toolplane's own files", name, v)
			}
		}
	}
	if got := readFile(t, userConfig); got != config {
		t.Errorf("the user config changed:\n%s", got)
	}
	for _, f := range []string{"audit.jsonl", "audit.jsonl.1"} {
		if _, err := os.Stat(filepath.Join(home, "logs", f)); err != nil {
			t.Errorf("logs/%s: %v", f, err)
		}
	}
	// The next start runs what the user configured, nothing more.
	next := run("run", "-")
	next.Stdin = strings.NewReader("return 1")
	if out, err := next.CombinedOutput(); err != nil {
		t.Errorf("the next run: %v\n%s", err, out)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("the next start ran the snippet's server: %s exists", marker)
	}
}

// TestAttackCLIRecursiveReadersOfToolplaneFiles: a recursive reader never
// names toolplane's files, so the check of each argument passed it by:
// started from $HOME (which holds ~/.toolplane: secrets, the audit log,
// spilled results) or from a directory holding the audit log, `rg .`,
// `grep -r token`, `tar c .`, `find`, `du -a`, `ls -R` and `git grep`
// read them all. A call that names a directory holding them, or that
// walks a working directory holding them, is refused with the fix
// ([cli] cwd); the same calls run in a project directory set as
// [cli] cwd.
func TestAttackCLIRecursiveReadersOfToolplaneFiles(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	var allow []string
	for _, b := range []string{"grep", "find", "du", "tar", "ls", "cat", "git", "rg"} {
		if _, err := exec.LookPath(b); err == nil {
			allow = append(allow, b)
		}
	}
	if len(allow) < 7 {
		t.Skipf("grep, find, du, tar, ls, cat and git are not all installed (found %v)", allow)
	}
	e := bins.NewBareEnv(t)
	home := filepath.Join(e.Dir, "home")
	project := filepath.Join(home, "project")
	for _, d := range []string{".toolplane", "logs", "project/src"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	e.WriteFile(t, filepath.Join(home, ".toolplane", "secrets.json"), `{"token": "sk-SECRET-MARKER"}`)
	e.WriteFile(t, filepath.Join(project, "src", "a.txt"), "hello\n")
	quoted, _ := json.Marshal(allow)
	base := fmt.Sprintf("[audit]\nenabled = true\npath = \"~/logs/audit.jsonl\"\n\n[cli]\nmode = \"allowlist\"\nallow = %s\n", quoted)
	userConfig := filepath.Join(home, ".toolplane", "toolplane.toml")
	snippet := filepath.Join(e.Dir, "attack.py")
	e.WriteFile(t, snippet, `
attempts = {
    "grep -r (no path)": lambda: grep("-r", "SECRET"),
    "grep -r .": lambda: grep("-r", "SECRET", "."),
    "grep --recursive=": lambda: grep("--recursive", "SECRET"),
    "grep -rl logs": lambda: grep("-rl", "run", "logs"),
    "find (no path)": lambda: find(),
    "find .": lambda: find(".", "-name", "*.json"),
    "find ~": lambda: find("~"),
    "du -a": lambda: du("-a"),
    "du .": lambda: du("-a", "."),
    "tar c .": lambda: tar("-c", "-f", "-", "."),
    "ls -R": lambda: ls("-R"),
    "ls -laR .": lambda: ls("-laR", "."),
    "git grep": lambda: git("grep", "SECRET"),
}
try:
    await rg("SECRET")
    attempts["rg (no path)"] = lambda: rg("SECRET")
    attempts["rg ."] = lambda: rg("SECRET", ".")
except Exception:
    pass
out = {}
for name, attempt in attempts.items():
    try:
        r = await attempt()
        out[name] = "ran: " + r.stdout[:200]
    except Exception as e:
        out[name] = type(e).__name__ + ": " + str(e)
return out
`)
	run := func(dir string) map[string]any {
		t.Helper()
		cmd := e.Toolplane("run", "--json", snippet)
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("toolplane run: %v\n%s", err, out)
		}
		var res struct {
			Value map[string]any `json:"value"`
			Error any            `json:"error"`
		}
		if err := json.Unmarshal(out, &res); err != nil || res.Error != nil {
			t.Fatalf("toolplane run --json: %v\n%s", err, out)
		}
		return res.Value
	}

	// Started from $HOME, with the default working directory.
	e.WriteFile(t, userConfig, base)
	got := run(home)
	if len(got) < 13 {
		t.Fatalf("the snippet returned %d entries: %v", len(got), got)
	}
	for name, v := range got {
		s, _ := v.(string)
		if strings.Contains(s, "SECRET-MARKER") || !strings.HasPrefix(s, "PermissionError: ") || !strings.Contains(s, "toolplane's own files") {
			t.Errorf("from $HOME, %s: %.300s; want a PermissionError naming toolplane's own files", name, s)
		}
		if strings.HasPrefix(s, "PermissionError: the working directory") && !strings.Contains(s, "[cli] cwd") {
			t.Errorf("%s: %.300s; want the fix ([cli] cwd) named", name, s)
		}
	}

	// The same calls in a project directory run (those that name $HOME
	// still do not).
	e.WriteFile(t, userConfig, base+fmt.Sprintf("cwd = %q\n", project))
	got = run(home)
	for name, v := range got {
		s, _ := v.(string)
		switch {
		case strings.Contains(s, "SECRET-MARKER"):
			t.Errorf("in the project, %s read toolplane's files: %.300s", name, s)
		case name == "find ~":
			if !strings.HasPrefix(s, "PermissionError: ") {
				t.Errorf("in the project, find ~: %.300s; want a refusal", s)
			}
		case name == "git grep":
			// Not a repository: git's own error, not a refusal.
			if strings.Contains(s, "toolplane's own files") {
				t.Errorf("in the project, git grep: %.300s", s)
			}
		case strings.HasPrefix(s, "PermissionError: "):
			t.Errorf("in the project, %s was refused: %.300s", name, s)
		}
	}
}

// TestAttackCLIDaemonEscapes: an allowed binary that daemonises (a child
// in a session of its own, setsid, its output on /dev/null) escaped the
// process-group kill that ends every call: it went on running after the
// call returned, for as long as it liked. Every process a call starts
// carries the call's marker in its environment (internal/childenv), and
// those still there when the call ends are killed.
func TestAttackCLIDaemonEscapes(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	bin := filepath.Join(e.Dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\nsetsid sh -c 'echo $$ > \"$1.tmp\"; mv \"$1.tmp\" \"$1\"; exec sleep 300' sh \"$1\" </dev/null >/dev/null 2>&1 &\n" +
		"while [ ! -e \"$1\" ]; do sleep 0.05; done\necho started\n"
	if err := os.WriteFile(filepath.Join(bin, "daemonize"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	e.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	e.WriteFile(t, e.Config, readFile(t, e.Config)+fmt.Sprintf("\n[cli]\nmode = \"allowlist\"\nallow = [\"daemonize\"]\ncwd = %s\ntimeout = \"20s\"\n", e2e.Quote(e.Dir)))
	cs := e.Stdio(t)
	pidFile := filepath.Join(e.Dir, "daemon.pid")
	if v := e2e.MustRun(t, cs, fmt.Sprintf("return (await daemonize(%q)).stdout", pidFile)); v != "started\n" {
		t.Fatalf("the daemonising binary's call returned %q", v)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(readFile(t, pidFile)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	for deadline := time.Now().Add(20 * time.Second); processExists(pid); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the daemon (pid %d) a CLI call started outlived the call by 20 s", pid)
		}
	}
}
