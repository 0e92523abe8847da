package toolplane

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/toolplane/toolplane/backend/localpython"
	"github.com/toolplane/toolplane/backend/pyodide"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python/jsonlike"
	"github.com/toolplane/toolplane/sandbox"
	clisrc "github.com/toolplane/toolplane/source/cli"
)

// snippetBackends are the backends the CLI bindings must behave alike on:
// the embedded interpreter and CPython (local_unsafe).
func snippetBackends(t *testing.T) map[string][]Option {
	t.Helper()
	interpreterReady(t)
	out := map[string][]Option{"embedded": nil}
	lp := localpython.New()
	if err := lp.Available(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("python3 is needed by this test: %v", err)
		}
		t.Logf("local_unsafe not tested: %v", err)
		return out
	}
	out[localpython.Name] = []Option{WithBackend(lp), WithDefaultBackend(localpython.Name)}
	return out
}

func cliRuntimeOn(t *testing.T, p clisrc.Policy, rec *recorder, opts []Option) *Runtime {
	t.Helper()
	src, err := clisrc.New(p, clisrc.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	all := append([]Option{WithMiddleware(rec.middleware), WithCapabilities(src.Capabilities()...)}, opts...)
	rt := newRuntime(t, &counters{}, all...)
	rt.Use(src.Admission())
	rt.Registry().SetResolver(capability.SourceCLI, src.Lookup)
	return rt
}

// TestCLIBindings runs one snippet exercising the whole snippet-side CLI
// API on every backend, against real binaries.
func TestCLIBindings(t *testing.T) {
	t.Parallel()
	for name, opts := range snippetBackends(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			marker := filepath.Join(t.TempDir(), "MARKER")
			rt := cliRuntimeOn(t, clisrc.Policy{Mode: clisrc.ModeAllowlist, Allow: []string{"printf", "false", "cat"}}, &recorder{}, opts)
			res, err := rt.Execute(context.Background(), `
out = {}
r = await printf("%s ", zeta=True, alpha="x", n=5, off=False, _=["tail"])
out["argv"] = r.argv
out["stdout"] = r.stdout
out["item"] = r["stdout"] == r.stdout
out["fields"] = [r.exit_code, r.stderr, r.truncated, r.timed_out, type(r.duration_ms).__name__]
two = await printf("a\nb\n")
out["text"] = two.text()
out["lines"] = two.lines()
out["json"] = (await printf('{"k": [1, 2.5, null]}')).json()
out["global"] = (await printf("x", check=False, _global={"z": "1", "a": True})).argv
try:
    await cat("/nonexistent/toolplane-cli-test")
    out["err"] = None
except CLIError as e:
    out["err"] = [type(e).__name__, e.exit_code, "No such file" in e.stderr, e.capability, "status 1" in str(e)]
try:
    await false()
except ToolError as e:
    out["tool_error"] = [type(e).__name__, e.exit_code]
out["nocheck"] = (await false(check=False)).exit_code
out["cli"] = (await cli("printf")("%s", "via-cli")).stdout
out["cli_name"] = cli("printf").__name__
out["cli_run"] = (await cli_run("printf", "%s-%s", "via", "run")).text()
refused = []
for bad in ["../bin/sh", "sh -c", "/bin/sh", "sh", "git;rm", "printf "]:
    try:
        await cli(bad)("-c", "echo > `+marker+`")
        refused.append(bad + ": ran")
    except PermissionError as e:
        refused.append("refused")
out["refused"] = refused
try:
    await call_tool("cli:../bin/sh", {"args": ["-c", "echo > `+marker+`"]})
    out["call_tool"] = "ran"
except PermissionError as e:
    out["call_tool"] = "refused"
try:
    cli(5)
except TypeError:
    out["type"] = "TypeError"
return out
`, ExecuteOptions{})
			if err != nil || res.Error != nil {
				t.Fatalf("execute: %v %+v", err, res.Error)
			}
			want := map[string]any{
				"argv":       []any{"printf", "%s ", "--zeta", "--alpha=x", "-n", "5", "tail"},
				"stdout":     "--zeta --alpha=x -n 5 tail ",
				"item":       true,
				"fields":     []any{int64(0), "", false, false, "int"},
				"text":       "a\nb",
				"lines":      []any{"a", "b"},
				"json":       map[string]any{"k": []any{int64(1), 2.5, nil}},
				"global":     []any{"printf", "-z", "1", "-a", "x"},
				"err":        []any{"CLIError", int64(1), true, "cli:cat", true},
				"tool_error": []any{"CLIError", int64(1)},
				"nocheck":    int64(1),
				"cli":        "via-cli",
				"cli_name":   "printf",
				"cli_run":    "via-run",
				"refused":    []any{"refused", "refused", "refused", "refused", "refused", "refused"},
				"call_tool":  "refused",
				"type":       "TypeError",
			}
			if diff := cmp.Diff(want, jsonlike.Plain(res.Value)); diff != "" {
				t.Errorf("CLI bindings (-want +got):\n%s", diff)
			}
			if _, err := os.Stat(marker); !os.IsNotExist(err) {
				t.Errorf("a refused call ran a shell: %s exists (%v)", marker, err)
			}
			// Uncaught, a CLIError points at the snippet's line, not into
			// the bindings.
			res, err = rt.Execute(context.Background(), "x = 1\nawait false()\n", ExecuteOptions{})
			if err != nil || res.Error == nil || res.Error.Type != "CLIError" || res.Error.Message != "cli:false: false exited with status 1" ||
				!strings.Contains(res.Error.Traceback, "line 2") || strings.Contains(res.Error.Traceback, "toolplane-") {
				t.Errorf("uncaught CLIError: %v %+v", err, res.Error)
			}
		})
	}
}

// TestCLIBindingsTimeout: a timed-out binary raises CLIError with
// timed_out set, whatever check says.
func TestCLIBindingsTimeout(t *testing.T) {
	t.Parallel()
	for name, opts := range snippetBackends(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rt := cliRuntimeOn(t, clisrc.Policy{Mode: clisrc.ModeAllowlist, Allow: []string{"sleep"}, Timeout: 200 * time.Millisecond}, &recorder{}, opts)
			res, err := rt.Execute(context.Background(), `
try:
    await sleep("10", check=False)
except CLIError as e:
    return [e.timed_out, e.exit_code, e.capability, "timed out" in str(e)]
`, ExecuteOptions{})
			if err != nil || res.Error != nil {
				t.Fatalf("execute: %v %+v", err, res.Error)
			}
			if diff := cmp.Diff([]any{true, int64(-1), "cli:sleep", true}, res.Value); diff != "" {
				t.Errorf("timeout (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCLIBindingsNonIdentifierName: a binary whose name is not a Python
// identifier is reached through cli() and cli_run(). Not parallel: it
// puts a directory on PATH.
func TestCLIBindingsNonIdentifierName(t *testing.T) {
	dir := t.TempDir()
	target, err := exec.LookPath("printf")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, "tp-print")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	for name, opts := range snippetBackends(t) {
		t.Run(name, func(t *testing.T) {
			rt := cliRuntimeOn(t, clisrc.Policy{Mode: clisrc.ModeAllowlist, Allow: []string{"tp-print"}}, &recorder{}, opts)
			res, err := rt.Execute(context.Background(), `
a = (await cli("tp-print")("%s|", "x", "y")).stdout
b = (await cli_run("tp-print", "%s", long_flag=1)).argv
return [a, b]
`, ExecuteOptions{})
			if err != nil || res.Error != nil {
				t.Fatalf("execute: %v %+v", err, res.Error)
			}
			want := []any{"x|y|", []any{"tp-print", "%s", "--long-flag=1"}}
			if diff := cmp.Diff(want, res.Value); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if !strings.Contains(res.Repr, "tp-print") {
				t.Errorf("repr %q", res.Repr)
			}
		})
	}
}

// TestCLIBindingsPyodide: the pyodide-deno backend runs the same runner,
// so cli(), cli_run(), a binary bound by name (printf) and CLIError
// behave alike there: a CLI call returns the CLI result object.
func TestCLIBindingsPyodide(t *testing.T) {
	t.Parallel()
	py := pyodide.New() // $TOOLPLANE_PYODIDE_DIR, else where scripts/install-pyodide.sh installs
	if err := py.Available(); err != nil {
		t.Skipf("pyodide-deno is not installed; run scripts/install-pyodide.sh: %v", err)
	}
	rt := cliRuntimeOn(t, clisrc.Policy{Mode: clisrc.ModeAllowlist, Allow: []string{"printf", "false"}}, &recorder{},
		[]Option{WithBackend(py), WithDefaultBackend(pyodide.Name)})
	res, err := rt.Execute(context.Background(), `
r = await cli("printf")("%s\n", "a", zeta=True, alpha=1)
try:
    await cli_run("false")
    e = None
except CLIError as err:
    e = [err.exit_code, err.capability, isinstance(err, ToolError)]
try:
    await cli("../bin/sh")("-c", "true")
    refused = False
except PermissionError:
    refused = True
a = await printf("%s", "b")
return [r.lines(), r.argv, e, refused, type(a).__name__, a.text()]
`, ExecuteOptions{})
	if err != nil || res.Error != nil {
		t.Fatalf("execute: %v %+v", err, res.Error)
	}
	want := []any{
		[]any{"a", "--zeta", "--alpha=1"},
		[]any{"printf", "%s\n", "a", "--zeta", "--alpha=1"},
		[]any{int64(1), "cli:false", true},
		true,
		"CLIResult", "b",
	}
	if diff := cmp.Diff(want, res.Value); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestCLIBindingsGit: the issue's own example, in a temporary repository.
func TestCLIBindingsGit(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(repo, "new.txt"), []byte("x\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, opts := range snippetBackends(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			// -C may name a repository inside the working directory.
			pol := clisrc.Policy{Mode: clisrc.ModeAllowlist, Allow: []string{"git"}, Cwd: filepath.Dir(repo)}
			rt := cliRuntimeOn(t, pol, &recorder{}, opts)
			res, err := rt.Execute(context.Background(), `
st = await git("status", short=True, _global={"C": `+fmt.Sprintf("%q", repo)+`})
try:
    await git("log", max_count=1, oneline=True, _global={"C": `+fmt.Sprintf("%q", repo)+`})
    log = "ok"
except CLIError as e:
    log = [e.exit_code, "does not have any commits" in e.stderr]
return [st.argv[1:], st.lines(), log]
`, ExecuteOptions{})
			if err != nil || res.Error != nil {
				t.Fatalf("execute: %v %+v", err, res.Error)
			}
			want := []any{[]any{"-C", repo, "status", "--short"}, []any{"?? new.txt"}, []any{int64(128), true}}
			if diff := cmp.Diff(want, res.Value); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// everySnippetBackend is snippetBackends plus the embedded interpreter in
// sandbox worker processes (Linux) and pyodide-deno when installed: the
// backends a snippet's CLI call forms must behave alike on.
func everySnippetBackend(t *testing.T) map[string][]Option {
	t.Helper()
	out := snippetBackends(t)
	if runtime.GOOS == "linux" {
		out["embedded-worker"] = []Option{WithProcessIsolation(sandbox.Options{})}
	}
	py := pyodide.New()
	if err := py.Available(); err != nil {
		t.Logf("pyodide-deno not tested: %v", err)
	} else {
		out[pyodide.Name] = []Option{WithBackend(py), WithDefaultBackend(pyodide.Name)}
	}
	return out
}

// TestCLICallForms: the call forms of the product document, on every
// backend: cli.git("status"), cli("docker-compose").version(), a
// subcommand attribute (cli.git.rev_parse is `git rev-parse`),
// cli_run(binary, subcommand, {"flag": True}) with an options dict, and a
// binary named like a builtin (id) bound as id_ while id() stays the
// builtin. Not parallel: it puts a directory on PATH.
func TestCLICallForms(t *testing.T) {
	dir := t.TempDir()
	target, err := exec.LookPath("printf")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, "docker-compose")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	for name, opts := range everySnippetBackend(t) {
		t.Run(name, func(t *testing.T) {
			rt := cliRuntimeOn(t, clisrc.Policy{Mode: clisrc.ModeAllowlist, Allow: []string{"printf", "docker-compose", "id"}}, &recorder{}, opts)
			res, err := rt.Execute(context.Background(), `
import asyncio
out = {}
r = await cli.printf("%s|", "a", "b")
out["cli.NAME"] = [r.argv, r.stdout, type(r).__name__]
out["cli.NAME.sub"] = (await cli.printf.rev_parse(abbrev_ref=True, _=["HEAD"])).argv
out["cli(NAME).sub"] = (await cli("docker-compose").version()).argv
out["cli(NAME)()"] = (await cli("docker-compose")("ps", all=True)).argv
out["cli_run dict"] = (await cli_run("docker-compose", "ps", {"all": True, "format": "json", "n": 3, "_": ["svc"]})).argv
out["cli_run dict keys"] = (await cli_run("printf", "x", {"dry-run": True, "class": "a"}, check=False)).argv
out["alias.sub"] = (await printf.status(short=True)).argv
out["id"] = [id(out) > 0, (await id_("-u")).text() == (await cli.id("-u")).text(), (await id_("-u")).argv]
out["repr"] = [repr(cli.printf.rev_parse), cli("docker-compose").__name__, repr(cli)]
out["gather"] = [x.stdout for x in await asyncio.gather(cli.printf("1"), printf.x("2"), cli_run("printf", "3"))]
try:
    cli.printf._private
    out["private"] = "made"
except AttributeError:
    out["private"] = "AttributeError"
try:
    await cli_run("printf", "x", {"n": 1}, n=2)
    out["twice"] = "ran"
except TypeError as e:
    out["twice"] = "TypeError"
try:
    cli(5)
    out["type"] = "made"
except TypeError:
    out["type"] = "TypeError"
return out
`, ExecuteOptions{})
			if err != nil || res.Error != nil {
				t.Fatalf("execute: %v %+v", err, res.Error)
			}
			want := map[string]any{
				"cli.NAME":          []any{[]any{"printf", "%s|", "a", "b"}, "a|b|", "CLIResult"},
				"cli.NAME.sub":      []any{"printf", "rev-parse", "--abbrev-ref", "HEAD"},
				"cli(NAME).sub":     []any{"docker-compose", "version"},
				"cli(NAME)()":       []any{"docker-compose", "ps", "--all"},
				"cli_run dict":      []any{"docker-compose", "ps", "--all", "--format=json", "-n", "3", "svc"},
				"cli_run dict keys": []any{"printf", "x", "--dry-run", "--class=a"},
				"alias.sub":         []any{"printf", "status", "--short"},
				"id":                []any{true, true, []any{"id", "-u"}},
				"repr":              []any{"<cli printf rev-parse>", "docker-compose", "<cli>"},
				"gather":            []any{"1", "x", "3"},
				"private":           "AttributeError",
				"twice":             "TypeError",
				"type":              "TypeError",
			}
			if diff := cmp.Diff(want, jsonlike.Plain(res.Value)); diff != "" {
				t.Errorf("call forms (-want +got):\n%s", diff)
			}
		})
	}
}
