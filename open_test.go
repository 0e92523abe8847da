package toolplane

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/internal/testmcp"
	"github.com/toolplane/toolplane/python/vm"
)

// TestMain lets the test binary serve as a real upstream MCP server
// (internal/testmcp) when a configuration starts it as a stdio server.
func TestMain(m *testing.M) {
	// The test binary is also the sandbox worker of the isolation tests.
	SandboxWorkerMain()
	if code, ok := testmcp.MaybeServe(); ok {
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// writeConfig writes a toolplane.toml into a fresh directory and loads it
// the strict way.
func writeConfig(t *testing.T, body string) *config.Config {
	t.Helper()
	path := filepath.Join(t.TempDir(), "toolplane.toml")
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// upstreamServer is an [mcp.servers.NAME] table that runs this test binary
// as the test MCP server over stdio.
func upstreamServer(t *testing.T, name string) string {
	t.Helper()
	exe, env, err := testmcp.SelfCommand()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "[mcp.servers.%s]\ncommand = %q\n", name, exe)
	for k, v := range env {
		fmt.Fprintf(&b, "[mcp.servers.%s.env]\n%s = %q\n", name, k, v)
	}
	return b.String()
}

func TestOpenWiresCLIAndUpstreamMCPFromConfig(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	auditPath := filepath.Join(t.TempDir(), "audit.jsonl")
	cfg := writeConfig(t, fmt.Sprintf(`[cli]
mode = "allowlist"
allow = ["printf"]

[audit]
enabled = true
path = %q

`, auditPath)+upstreamServer(t, "up"))
	var warnings strings.Builder
	rt, err := Open(context.Background(), cfg, OpenOptions{Warnings: &warnings, CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	res, err := rt.Execute(context.Background(), `
import asyncio
out = await printf("%s+%s", "cli", "ok")
echoed = await up.echo(text="from upstream")
both = await asyncio.gather(up_echo(text="flat"), call_tool("cli:printf", {"args": ["id"]}))
return [out["stdout"], echoed, both[0], both[1]["stdout"]]
`, ExecuteOptions{})
	if err != nil || res.Error != nil {
		t.Fatalf("execute: %v %+v\nwarnings: %s", err, res.Error, warnings.String())
	}
	want := []any{"cli+ok", "from upstream", "flat", "id"}
	if diff := cmp.Diff(want, res.Value); diff != "" {
		t.Errorf("snippet result (-want +got):\n%s", diff)
	}
	// The [cli] admission governs binaries outside the allowlist.
	res, err = rt.Execute(context.Background(), `
try:
    await call_tool("cli:rm", {"args": ["-f", "/nonexistent/toolplane-open-test"]})
except PermissionError as e:
    return str(e)
`, ExecuteOptions{})
	if err != nil || res.Error != nil {
		t.Fatalf("execute: %v %+v", err, res.Error)
	}
	if s, _ := res.Value.(string); !strings.Contains(s, "allow") {
		t.Errorf("cli:rm was not refused by the [cli] policy: %#v", res.Value)
	}
	if err := rt.Stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}
	if warnings.Len() > 0 {
		t.Errorf("unexpected warnings:\n%s", warnings.String())
	}

	// [audit] was opened by Open and closed by Stop; every call is in it.
	f, err := os.Open(auditPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var calls []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var e struct {
			Event, Capability, Outcome string
			ErrorType                  string `json:"error_type"`
		}
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("audit line %q: %v", sc.Text(), err)
		}
		if e.Event == "dispatch" {
			calls = append(calls, strings.TrimSpace(e.Capability+" "+e.Outcome+" "+e.ErrorType))
		}
	}
	slices.Sort(calls)
	wantCalls := []string{"cli:printf ok", "cli:printf ok", "cli:rm denied PermissionError", "mcp:up/echo ok", "mcp:up/echo ok"}
	if diff := cmp.Diff(wantCalls, calls); diff != "" {
		t.Errorf("audited calls (-want +got):\n%s", diff)
	}
}

func TestOpenFailsClosedNamingFileAndKey(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"missing binary", "[cli]\nmode = \"allowlist\"\nallow = [\"toolplane-no-such-binary\"]\n",
			[]string{"toolplane.toml: [cli]:", "toolplane-no-such-binary"}},
		{"unset secret", "[cli]\nmode = \"allowlist\"\nallow = [\"printf\"]\n[cli.env]\nTOKEN = \"env://TOOLPLANE_OPEN_TEST_UNSET\"\n",
			[]string{"toolplane.toml: [cli.env] TOKEN:", "TOOLPLANE_OPEN_TEST_UNSET"}},
		{"unsafe", "[cli]\nmode = \"ambient\"\n",
			[]string{"toolplane.toml:", `cli.mode = "ambient"`, "AllowUnsafe"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := writeConfig(t, tc.body)
			rt, err := Open(context.Background(), cfg, OpenOptions{CacheDir: t.TempDir()})
			if err == nil {
				rt.Stop()
				t.Fatal("opened")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

func TestOpenReportsUnreachableUpstreamAndKeepsTheRest(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	cfg := writeConfig(t, "[cli]\nmode = \"allowlist\"\nallow = [\"printf\"]\n\n[mcp.servers.gone]\ncommand = \"toolplane-no-such-server\"\n")
	var warnings strings.Builder
	rt, err := Open(context.Background(), cfg, OpenOptions{Warnings: &warnings, CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	if !strings.Contains(warnings.String(), "gone") {
		t.Errorf("the unreachable server is not reported: %q", warnings.String())
	}
	res, err := rt.Execute(context.Background(), `return (await printf("still here"))["stdout"]`, ExecuteOptions{})
	if err != nil || res.Error != nil || res.Value != "still here" {
		t.Errorf("execute: %v %+v %#v", err, res.Error, res.Value)
	}
}

func TestSnippetModulesAreImportable(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	mods := SnippetModules()
	for _, want := range []string{"asyncio", "calendar", "collections", "json", "logging", "re"} {
		if !slices.Contains(mods, want) {
			t.Errorf("SnippetModules lacks %s: %q", want, mods)
		}
	}
	for _, absent := range []string{"os", "subprocess", "collections.abc", "html.parser"} {
		if slices.Contains(mods, absent) {
			t.Errorf("SnippetModules has %s", absent)
		}
	}
	// Every name is a module a snippet really imports.
	rt := newRuntime(t, &counters{})
	var code strings.Builder
	for _, m := range mods {
		fmt.Fprintf(&code, "import %s\n", m)
	}
	code.WriteString("return 'ok'\n")
	res, err := rt.Execute(context.Background(), code.String(), ExecuteOptions{})
	if err != nil || res.Error != nil || res.Value != "ok" {
		t.Fatalf("importing every snippet module: %v %+v", err, res.Error)
	}
}

func TestUpstreamNamedLikeAModuleIsRenamed(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	cfg := writeConfig(t, upstreamServer(t, "logging"))
	var warnings strings.Builder
	rt, err := Open(context.Background(), cfg, OpenOptions{Warnings: &warnings, CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	// The module keeps its name; the server is reachable renamed, flat and
	// by canonical id.
	res, err := rt.Execute(context.Background(), `
import logging
level = logging.getLevelName(logging.WARNING)
return [level, await logging_.echo(text="renamed"), await logging_echo(text="flat"),
        await call_tool("mcp:logging/echo", {"text": "by id"})]
`, ExecuteOptions{})
	if err != nil || res.Error != nil {
		t.Fatalf("execute: %v %+v\nwarnings: %s", err, res.Error, warnings.String())
	}
	if diff := cmp.Diff([]any{"WARNING", "renamed", "flat", "by id"}, res.Value); diff != "" {
		t.Errorf("snippet result (-want +got):\n%s", diff)
	}
	found := rt.Registry().Search(capability.SearchOptions{Query: "echo"})
	if note := capability.RenderSearch(found, capability.DetailBrief); !strings.Contains(note, "namespace `logging` is bound as `logging_`") {
		t.Errorf("search_capabilities does not report the rename:\n%s", note)
	}
	if warnings.Len() > 0 {
		t.Errorf("unexpected warnings:\n%s", warnings.String())
	}
}

// TestSnippetValuesReachUpstreamsAsJSON: issue 18's first defect on the way
// out. What a snippet passes to an upstream MCP server arrives as
// json.dumps would write it (a dict's order, 5.0 and 1e+20 as floats,
// non-finite floats as the strings "Infinity" and "NaN", int keys as
// strings), and a CLI binary gets floats as Python's str() spells them
// (1500000.5, not 1.5000005e+06).
func TestSnippetValuesReachUpstreamsAsJSON(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	cfg := writeConfig(t, `[cli]
mode = "allowlist"
allow = ["printf"]

`+upstreamServer(t, "up"))
	rt, err := Open(context.Background(), cfg, OpenOptions{CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	res, err := rt.Execute(context.Background(), `
raw = await up.raw_args(data={"b": 5.0, "a": [1e20, float("inf"), float("nan")], 7: {"z": 1, "y": 2.5}})
args = await call_tool("up.raw_args", {"z": 0.5, "a": (1, 2)})
out = await printf("%s %s %s %s", 1500000.5, 0.1, 1e20, 3)
return [raw, args, out["stdout"]]
`, ExecuteOptions{})
	if err != nil || res.Error != nil {
		t.Fatalf("execute: %v %+v", err, res.Error)
	}
	want := []any{`{"data":{"b":5.0,"a":[1e+20,"Infinity","NaN"],"7":{"z":1,"y":2.5}}}`, `{"a":[1,2],"z":0.5}`, "1500000.5 0.1 1e+20 3"}
	if diff := cmp.Diff(want, res.Value); diff != "" {
		t.Errorf("what the upstream and the binary received (-want +got):\n%s", diff)
	}
}

// TestMaxHostCallsDefault: [session] max_host_calls unset is the
// interpreter's own default, so a config that does not set it changes
// nothing.
func TestMaxHostCallsDefault(t *testing.T) {
	if config.Default().Session.MaxHostCalls != vm.DefaultMaxHostCalls || config.DefaultMaxHostCalls != vm.DefaultMaxHostCalls {
		t.Errorf("config's default max_host_calls %d, the interpreter's %d", config.Default().Session.MaxHostCalls, vm.DefaultMaxHostCalls)
	}
}
