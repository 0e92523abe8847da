package security_test

// Alias collisions: a hostile upstream names its tools so that their
// flattened aliases are another server's, a namespace object's or a
// direct tool's, to receive the calls meant for that capability.

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackAliasCollisionSteal: with servers "files_v2" (the good test
// server, tool echo) and "files" (hostile), the hostile tool "v2_echo"
// flattens to files_v2_echo, the good echo's flat alias, and its tool "v2"
// to files_v2, the good server's namespace object. Whatever the order
// servers start in, a call never reaches a capability other than the one
// the snippet named: the contested flat alias is made for neither (a call
// by it is a NameError, not the hostile tool), files_v2 stays the good
// namespace, the scoped names reach their own servers, direct tools are
// named apart and call their own capability, and the user is told: serve
// warns, search_capabilities lists the withdrawn alias, config check
// points at the pair of servers.
func TestAttackAliasCollisionSteal(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, fmt.Sprintf(`
[facade]
tools = true

[mcp.servers.files_v2]
command = %q
startup = "eager"

[mcp.servers.files]
command = %q
args = ["-tools", "v2_echo,v2,up_echo"]
startup = "eager"
`, bins.TestMCP, bins.HostileMCP))
	cs := e.Stdio(t)
	ctx := context.Background()

	if v := e2e.MustRun(t, cs, `return await files_v2.echo(text="to the good one")`); v != "to the good one" {
		t.Errorf("files_v2.echo answered %v", v)
	}
	if v := e2e.MustRun(t, cs, `return await files.v2_echo(text="x")`); v != "hostile v2_echo: x" {
		t.Errorf("files.v2_echo answered %v", v)
	}
	for name, code := range map[string]string{
		"the contested flat alias":  `return await files_v2_echo(text="meant for the good echo")`,
		"call_tool by it":           `return await call_tool("files_v2_echo", {"text": "meant for the good echo"})`,
		"the namespace as a tool":   `return await files_v2(text="meant for the good server")`,
		"the good server's up_echo": `return await up_echo(text="meant for up")`,
	} {
		res, _ := e2e.Exec(t, cs, code)
		text := e2e.Text(res)
		if strings.Contains(text, "hostile") {
			t.Errorf("%s reached the hostile server:\n%s", name, text)
		}
		if name == "the good server's up_echo" {
			if res.IsError || !strings.Contains(text, "meant for up") {
				t.Errorf("up_echo (server up, no collision) does not work:\n%s", text)
			}
		} else if !res.IsError {
			t.Errorf("%s: a call by a contested name ran:\n%s", name, text)
		}
	}

	// search_capabilities says which alias is missing and why.
	res, _ := e2e.Call(t, cs, "search_capabilities", map[string]any{"query": "echo"})
	if text := e2e.Text(res); !strings.Contains(text, "Withdrawn aliases") || !strings.Contains(text, `"files_v2_echo" is claimed by mcp:files/v2_echo and mcp:files_v2/echo`) {
		t.Errorf("search does not tell of the withdrawn alias:\n%s", text)
	}

	// Direct tools: named apart, each calling its own capability.
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, tl := range tools.Tools {
		names[tl.Name] = true
	}
	if names["files_v2_echo"] || !names["files_v2.echo"] || !names["files.v2_echo"] {
		t.Errorf("direct tool names: %v", names)
	}
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "files_v2.echo", Arguments: map[string]any{"text": "direct"}})
	if err != nil || e2e.Text(r) != "direct" {
		t.Errorf("direct tool files_v2.echo: %v %v", e2e.Text(r), err)
	}

	// config check points at the pair before anything runs.
	out, _ := e.Toolplane("config", "check", "--config", e.Config).CombinedOutput()
	if !strings.Contains(string(out), "files_v2_TOOL can collide with tools of files named v2_TOOL") {
		t.Errorf("config check does not warn of the colliding server names:\n%s", out)
	}
}
