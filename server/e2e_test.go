package server_test

// End-to-end tests: the real toolplane binary (`toolplane serve mcp`) as a
// subprocess, driven by the Go SDK's client over stdio and Streamable HTTP,
// with a real upstream MCP server (internal/testmcp) configured in
// toolplane.toml.

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// bins are the binaries TestMain built.
var bins e2e.Binaries

func TestMain(m *testing.M) { os.Exit(e2e.Main(m, &bins)) }

func TestE2ECatalog(t *testing.T) {
	t.Parallel()
	bins.Transports(t, "", func(t *testing.T, e *e2e.Env, connect func() *mcp.ClientSession) {
		cs := connect()
		tools, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range tools.Tools {
			names = append(names, tool.Name)
		}
		if strings.Join(names, ",") != "execute_code,get_capability_schemas,search_capabilities" {
			t.Errorf("tools = %v, want the three meta-tools", names)
		}
		res, _ := e2e.Call(t, cs, "search_capabilities", map[string]any{"query": "page through items"})
		if res.IsError || !strings.Contains(e2e.Text(res), "mcp:up/list_items") {
			t.Errorf("search for items:\n%s", e2e.Text(res))
		}
		res, _ = e2e.Call(t, cs, "get_capability_schemas", map[string]any{"names": []string{"up.list_items"}})
		if res.IsError || !strings.Contains(e2e.Text(res), "page_size") {
			t.Errorf("schemas of up.list_items:\n%s", e2e.Text(res))
		}
	})
}

func TestE2EDirectTools(t *testing.T) {
	t.Parallel()
	bins.Transports(t, "\n[facade]\ntools = true\n", func(t *testing.T, e *e2e.Env, connect func() *mcp.ClientSession) {
		cs := connect()
		res, _ := e2e.Call(t, cs, "up_echo", map[string]any{"text": "through the chain"})
		if res.IsError || e2e.Text(res) != "through the chain" {
			t.Fatalf("up_echo: %s", e2e.Text(res))
		}
		directCalls := func(lines []map[string]any) (n int) {
			for _, ln := range lines {
				if ln["event"] == "dispatch" && ln["capability"] == "mcp:up/echo" && ln["origin"] == "toolcall" {
					n++
				}
			}
			return n
		}
		e2e.WaitAudit(t, e.Audit, func(lines []map[string]any) bool { return directCalls(lines) > 0 })
		if dispatches := directCalls(e2e.AuditLines(t, e.Audit)); dispatches != 1 {
			t.Errorf("audit has %d dispatch lines for the direct call, want 1", dispatches)
		}

		// The upstream adds a tool at run time: the catalog and the direct
		// tools follow.
		if res, _ := e2e.Call(t, cs, "up_add_tool", map[string]any{"name": "extra"}); res.IsError {
			t.Fatalf("up_add_tool: %s", e2e.Text(res))
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			tools, err := cs.ListTools(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, tool := range tools.Tools {
				found = found || tool.Name == "up_extra"
			}
			if found {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the upstream's new tool never appeared as up_extra")
			}
			time.Sleep(50 * time.Millisecond)
		}
		if res, _ := e2e.Call(t, cs, "up_extra", map[string]any{}); res.IsError || e2e.Text(res) != "extra" {
			t.Errorf("up_extra: %s", e2e.Text(res))
		}
		if res, _ := e2e.Call(t, cs, "search_capabilities", map[string]any{"query": "extra"}); !strings.Contains(e2e.Text(res), "mcp:up/extra") {
			t.Errorf("search does not find the new tool:\n%s", e2e.Text(res))
		}
	})
}

func TestE2EExecute(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	bins.Transports(t, "", func(t *testing.T, e *e2e.Env, connect func() *mcp.ClientSession) {
		cs := connect()

		// A dict built from a paginated upstream tool.
		code := `items = []
cursor = ""
while True:
    page = await up.list_items(cursor=cursor, page_size=10)
    items.extend(page["items"])
    cursor = page.get("next_cursor", "")
    if not cursor:
        break
print("pages done")
return {"count": len(items), "last": items[-1]["name"]}`
		res, sc := e2e.Exec(t, cs, code)
		if res.IsError {
			t.Fatalf("paging snippet failed:\n%s", e2e.Text(res))
		}
		if b, _ := json.Marshal(sc["value"]); string(b) != `{"count":25,"last":"item-025"}` {
			t.Errorf("value = %s", b)
		}
		if !strings.Contains(e2e.Text(res), "pages done") || sc["capability_calls"] != float64(3) {
			t.Errorf("stdout/capability calls: %v\n%s", sc["capability_calls"], e2e.Text(res))
		}
		runID, _ := sc["run_id"].(string)

		// Globals persist across calls of this client session.
		e2e.MustRun(t, cs, "total = 40")
		if v := e2e.MustRun(t, cs, "return total + 2"); v != float64(42) {
			t.Errorf("session value = %v, want 42", v)
		}

		// A timed-out run is rolled back; its calls stand.
		res, sc = e2e.Exec(t, cs, "total = 0\nawait up.echo(text=\"side effect\")\nawait up.slow(ms=20000)", "timeout", 1)
		if !res.IsError || sc["rolled_back"] != true || !strings.Contains(e2e.Text(res), "stand") {
			t.Errorf("timed-out run:\n%s", e2e.Text(res))
		}
		if v := e2e.MustRun(t, cs, "return total"); v != float64(40) {
			t.Errorf("after rollback total = %v, want 40", v)
		}

		// Result handles, readable as resources.
		handle, _ := e2e.MustRun(t, cs, "h = await save_result({\"total\": total}, label=\"the total\")\nreturn h").(string)
		if !strings.HasPrefix(handle, "res_") {
			t.Fatalf("save_result returned %q", handle)
		}
		if v := e2e.MustRun(t, cs, "return (await load_result(h))[\"total\"]"); v != float64(40) {
			t.Errorf("load_result = %v", v)
		}
		rr, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "toolplane://results/" + handle})
		if err != nil || len(rr.Contents) != 1 || rr.Contents[0].Text != `{"total":40}` {
			t.Errorf("resource read = %+v, %v", rr, err)
		}
		lr, err := cs.ListResources(context.Background(), nil)
		if err != nil || len(lr.Resources) != 1 || lr.Resources[0].Title != "the total" {
			t.Errorf("resources = %+v, %v", lr, err)
		}

		// Audit: the first run's start, dispatches and end share its id,
		// and nothing of the arguments or results is logged.
		var start, end, dispatch int
		for _, ln := range e2e.AuditLines(t, e.Audit) {
			if ln["run_id"] != runID {
				continue
			}
			switch ln["event"] {
			case "run_start":
				start++
			case "run_end":
				end++
			case "dispatch":
				dispatch++
			}
		}
		if start != 1 || end != 1 || dispatch != 3 {
			t.Errorf("audit for %s: %d run_start, %d dispatch, %d run_end; want 1, 3, 1", runID, start, dispatch, end)
		}
		data, _ := os.ReadFile(e.Audit)
		if strings.Contains(string(data), "side effect") || strings.Contains(string(data), "item-0") {
			t.Errorf("the audit log contains arguments or results")
		}
	})
}

func TestE2EHTTPClientsDoNotShareSessions(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	url := e.HTTPURL(t)
	a, b := e2e.ConnectHTTP(t, url), e2e.ConnectHTTP(t, url)
	e2e.MustRun(t, a, "who = 'a'")
	e2e.MustRun(t, b, "who = 'b'")
	if va, vb := e2e.MustRun(t, a, "return who"), e2e.MustRun(t, b, "return who"); va != "a" || vb != "b" {
		t.Errorf("a sees %v, b sees %v", va, vb)
	}
}

func TestE2ERefusesUnsafeConfigWithoutFlag(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "\n[cli]\nmode = \"ambient\"\n")
	cmd := e.Command()
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("serve mcp with cli.mode = ambient started without --unsafe:\n%s", out)
	}
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	for _, want := range []string{`cli.mode = "ambient"`, "--unsafe", e.Config} {
		if !strings.Contains(string(out), want) {
			t.Errorf("refusal %q does not mention %q", out, want)
		}
	}
}

func TestE2EServesUnsafeConfigWithFlag(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "\n[cli]\nmode = \"ambient\"\n")
	cs := e2e.ConnectCommand(t, e.Command("--unsafe"), nil)
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
}

func TestE2EUsageErrors(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "")
	withToken := e.TokenConfig(t)
	cases := []struct {
		config string
		args   []string
		code   int
		want   string
	}{
		{e.Config, []string{"--transport", "pigeon"}, 2, `--transport "pigeon": want stdio or http`},
		{withToken, []string{"--transport", "http", "--addr", "256.0.0.1:0"}, 1, "--addr 256.0.0.1:0"},
		{e.Config, []string{"extra-arg"}, 2, "unknown command"},
	}
	// Fail-closed: HTTP without tokens refuses to boot.
	cases = append(cases, struct {
		config string
		args   []string
		code   int
		want   string
	}{e.Config, []string{"--transport", "http", "--addr", "127.0.0.1:0"}, 1, e.Config + ": refusing to serve HTTP without authentication: [http] has no tokens"})
	for _, tc := range cases {
		cmd := e.CommandWith(tc.config, tc.args...)
		out, _ := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code != tc.code || !strings.Contains(string(out), tc.want) {
			t.Errorf("serve mcp %v: exit %d, output %q; want exit %d mentioning %q", tc.args, code, out, tc.code, tc.want)
		}
	}
}
