package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestE2ERenamedNamespaces checks what execute_code's description teaches
// about reserved names against the real binary: upstream servers named
// like a snippet module (logging) and a builtin (max) are reached with a
// trailing underscore, the module and the builtin keep their meaning, and
// search_capabilities shows the name to use.
func TestE2ERenamedNamespaces(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	e := newEnv(t, "\n[mcp.servers.logging]\ncommand = "+quote(testmcpBin)+"\n\n[mcp.servers.max]\ncommand = "+quote(testmcpBin)+"\n")
	cs := e.stdio(t)

	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		if tool.Name == "execute_code" && !strings.Contains(tool.Description, "logging_.NAME(") {
			t.Errorf("execute_code description does not teach the trailing underscore:\n%s", tool.Description)
		}
	}

	res, _ := call(t, cs, "search_capabilities", map[string]any{"query": "text unchanged", "tags": []string{"namespace=logging"}})
	if res.IsError || !strings.Contains(textOf(res), "bound as `logging_`") {
		t.Errorf("search does not say logging is bound as logging_:\n%s", textOf(res))
	}

	got := mustRun(t, cs, `import logging
return [await logging_.echo(text="from logging"), await max_.echo(text="from max"), max(2, 3), logging.getLogger("x").name]`)
	b, _ := json.Marshal(got)
	if string(b) != `["from logging","from max",3,"x"]` {
		t.Errorf("value = %s", b)
	}
}

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }
