package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/capability"
)

// addBigTools registers n capabilities big.tNN whose schemas take size
// bytes each, and exposes them as direct tools.
func addBigTools(t *testing.T, f *fixture, from, n, size int) {
	t.Helper()
	for i := from; i < from+n; i++ {
		schema := fmt.Sprintf(`{"type":"object","properties":{"x":{"type":"string","description":%q}}}`, strings.Repeat("d", size))
		if err := f.engine.reg.Add(capability.Capability{
			ID: fmt.Sprintf("go:big/t%02d", i), Source: capability.SourceGo, Namespace: "big", Name: fmt.Sprintf("t%02d", i),
			Description: "a tool with a big schema", InputSchema: json.RawMessage(schema),
			Handler: func(context.Context, map[string]any) (*capability.Result, error) { return &capability.Result{}, nil },
		}); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.srv.SyncDirectTools(); err != nil {
		t.Fatal(err)
	}
}

// TestToolPagesByBytes: a list under MaxToolPageBytes is one answer with
// no cursor; past it, every page stays within the bound (one tool larger
// than the bound is a page of its own), the pages cover every tool once,
// and a tool added between two pages neither repeats nor hides the
// others. A cursor this server did not give is refused.
func TestToolPagesByBytes(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	cs := f.connect(t, nil)
	ctx := context.Background()
	res, err := cs.ListTools(ctx, nil)
	if err != nil || res.NextCursor != "" {
		t.Fatalf("a small list: cursor %q, %v", res.NextCursor, err)
	}
	small := len(res.Tools)

	addBigTools(t, f, 0, 10, 200<<10)
	addBigTools(t, f, 10, 1, MaxToolPageBytes+1)
	seen := map[string]int{}
	cursor, pages := "", 0
	for {
		res, err := cs.ListTools(ctx, &mcp.ListToolsParams{Cursor: cursor})
		if err != nil {
			t.Fatalf("page %d: %v", pages, err)
		}
		pages++
		b, _ := json.Marshal(res)
		if len(b) > MaxToolPageBytes+64<<10 && len(res.Tools) > 1 {
			t.Errorf("page %d: %d bytes in %d tools", pages, len(b), len(res.Tools))
		}
		for _, tool := range res.Tools {
			seen[tool.Name]++
		}
		if pages == 2 {
			addBigTools(t, f, 11, 1, 10) // big_t11 sorts after every page so far
		}
		if res.NextCursor == "" {
			break
		}
		cursor = res.NextCursor
		if pages > 50 {
			t.Fatal("the pages never end")
		}
	}
	if want := small + 12; len(seen) != want || pages < 6 {
		t.Errorf("%d pages, %d tools, want %d: %v", pages, len(seen), want, seen)
	}
	for name, n := range seen {
		if n != 1 {
			t.Errorf("%s listed %d times", name, n)
		}
	}
	if _, err := cs.ListTools(ctx, &mcp.ListToolsParams{Cursor: "bm90IGEgY3Vyc29y"}); err == nil || !strings.Contains(err.Error(), "cursor") {
		t.Errorf("a forged cursor: %v", err)
	}
}
