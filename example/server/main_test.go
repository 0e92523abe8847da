package main

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestGeneratedToolsEndToEnd builds this server, starts it as an MCP
// subprocess and drives it with the Go SDK client: the mcpgen-generated
// tools are called from a snippet (execute_code) and as direct tools.
func TestGeneratedToolsEndToEnd(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "notes-server")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(bin)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	// A direct tool call of a generated tool.
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "notes_add", Arguments: map[string]any{
		"title": "first", "body": "hello", "tags": []string{"a"}, "priority": "high"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		t.Fatalf("notes_add: %+v", res.Content)
	}

	// A snippet mixing scoped, flat and call_tool access, paginating.
	code := `
for i in range(7):
    await notes.add(title=f"note {i}", body="x " * i, tags=["even" if i % 2 == 0 else "odd"])
seen = []
cursor = None
while True:
    args = {"limit": 3, "tag": "even"}
    if cursor is not None:
        args["cursor"] = cursor
    page = await call_tool("go:notes/list", args)
    seen += [n["title"] for n in page["notes"]]
    cursor = page["next_cursor"]
    if cursor is None:
        break
stats = await notes_word_stats(text="a bb ccc")
return {"even": seen, "counts": await notes.tag_counts(), "stats": stats}
`
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": code}})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		t.Fatalf("execute_code: %+v", res.Content)
	}
	out, _ := res.StructuredContent.(map[string]any)
	want := map[string]any{
		"even":   []any{"note 0", "note 2", "note 4", "note 6"},
		"counts": map[string]any{"a": float64(1), "even": float64(4), "odd": float64(3)},
		"stats":  map[string]any{"words": float64(3), "longest": "ccc"},
	}
	if diff := cmp.Diff(want, out["value"]); diff != "" {
		t.Errorf("snippet value (-want +got):\n%s", diff)
	}

	// A tool error from the Go function reaches the snippet as ToolError.
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": `
try:
    await notes.add(title="  ", body="")
except ToolError as e:
    return str(e)
`}})
	if err != nil {
		t.Fatal(err)
	}
	out, _ = res.StructuredContent.(map[string]any)
	if got, _ := out["value"].(string); got == "" || !strings.Contains(got, "title must not be empty") {
		t.Errorf("tool error: %#v", out)
	}
}
