package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestListToolsShortAndJSON(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-short", "../../mcpgen/testdata/shapes"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	// One line per `// mcp:tool` marker in the package's sources.
	marked := 0
	files, _ := filepath.Glob("../../mcpgen/testdata/shapes/*.go")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		marked += strings.Count(string(src), "// mcp:tool")
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if marked == 0 || len(lines) != marked || lines[0] != "go:catalog/list_items\tListItems returns a page of items of one color." {
		t.Fatalf("short listing:\n%s", out.String())
	}
	out.Reset()
	if code := run([]string{"-json", "../../mcpgen/testdata/shapes"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var tools []listed
	if err := json.Unmarshal(out.Bytes(), &tools); err != nil {
		t.Fatal(err)
	}
	var compact bytes.Buffer
	if len(tools) > 0 {
		_ = json.Compact(&compact, tools[0].InputSchema)
	}
	if len(tools) != marked || tools[0].Labels["tier"] != "read" || !strings.Contains(compact.String(), `"enum":["red","green","blue"]`) {
		t.Fatalf("json listing: %+v", tools[0])
	}
	if code := run([]string{"-short", "-json", "x"}, &out, &errb); code != 2 {
		t.Fatalf("exclusive flags: exit %d, want 2", code)
	}
}
