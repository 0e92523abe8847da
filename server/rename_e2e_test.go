package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestE2ERenamedNamespaces checks what execute_code's description teaches
// about reserved names against the real binary: upstream servers named
// like a snippet module (logging) and a builtin (max) are reached with a
// trailing underscore, the module and the builtin keep their meaning, and
// search_capabilities shows the name to use.
func TestE2ERenamedNamespaces(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[mcp.servers.logging]\ncommand = "+e2e.Quote(bins.TestMCP)+"\n\n[mcp.servers.max]\ncommand = "+e2e.Quote(bins.TestMCP)+"\n")
	cs := e.Stdio(t)

	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		if tool.Name == "execute_code" && !strings.Contains(tool.Description, "logging_.NAME(") {
			t.Errorf("execute_code description does not teach the trailing underscore:\n%s", tool.Description)
		}
	}

	res, _ := e2e.Call(t, cs, "search_capabilities", map[string]any{"query": "text unchanged", "tags": []string{"namespace=logging"}})
	if res.IsError || !strings.Contains(e2e.Text(res), "bound as `logging_`") {
		t.Errorf("search does not say logging is bound as logging_:\n%s", e2e.Text(res))
	}

	got := e2e.MustRun(t, cs, `import logging
return [await logging_.echo(text="from logging"), await max_.echo(text="from max"), max(2, 3), logging.getLogger("x").name]`)
	b, _ := json.Marshal(got)
	if string(b) != `["from logging","from max",3,"x"]` {
		t.Errorf("value = %s", b)
	}
}
