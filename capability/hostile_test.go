package capability

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestAttackRenderingHostileSchema: an upstream schema with 20 000
// parameters, an enum of 10 000 values, 5 000 anyOf alternatives and names
// and defaults of 100 KB renders, at brief and detailed, in a few
// kilobytes: what the agent reads is bounded whatever the schema holds.
func TestAttackRenderingHostileSchema(t *testing.T) {
	t.Parallel()
	var props []string
	long := strings.Repeat("n", 100<<10)
	props = append(props, fmt.Sprintf(`%q: {"type": "string", "default": %q}`, long, long))
	var enum []string
	for i := 0; i < 10000; i++ {
		enum = append(enum, fmt.Sprintf("%q", fmt.Sprint("v", i)))
	}
	props = append(props, `"choice": {"enum": [`+strings.Join(enum, ",")+`]}`)
	var alts []string
	for i := 0; i < 5000; i++ {
		alts = append(alts, `{"type": "integer"}`)
	}
	props = append(props, `"alt": {"anyOf": [`+strings.Join(alts, ",")+`]}`)
	var required []string
	for i := 0; i < 20000; i++ {
		props = append(props, fmt.Sprintf(`"p%d": {"type": "string"}`, i))
		required = append(required, fmt.Sprintf(`"p%d"`, i))
	}
	schema := `{"type": "object", "properties": {` + strings.Join(props, ",") + `}, "required": [` + strings.Join(required, ",") + `]}`
	if !json.Valid([]byte(schema)) {
		t.Fatal("bad test schema")
	}
	c := &Capability{ID: "mcp:evil/wide", Source: SourceMCP, Namespace: "evil", Name: "wide", InputSchema: json.RawMessage(schema), OutputSchema: json.RawMessage(schema),
		Handler: func(context.Context, map[string]any) (*Result, error) { return nil, nil }}
	for _, out := range []string{RenderBrief(c, []string{"evil_wide"}), RenderDetailed(c, []string{"evil_wide"})} {
		if len(out) > 32<<10 {
			t.Errorf("rendering of %d bytes:\n%s", len(out), out[:2000])
		}
	}
	d := RenderDetailed(c, []string{"evil_wide"})
	for _, want := range []string{"… (9984 more)", "… (4984 more)", "more (detail=full shows the whole schema)"} {
		if !strings.Contains(d, want) {
			t.Errorf("detailed rendering lacks %q", want)
		}
	}
}

// TestAddAllRemoveAll: a catalog is registered and withdrawn in one batch
// (aliases computed once), so a server listing thousands of tools costs
// linear, not quadratic, time at every refresh.
func TestAddAllRemoveAll(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	h := func(context.Context, map[string]any) (*Result, error) { return nil, nil }
	var caps []Capability
	var ids []string
	for i := 0; i < 3000; i++ {
		id := fmt.Sprintf("mcp:evil/t%d", i)
		caps = append(caps, Capability{ID: id, Handler: h})
		ids = append(ids, id)
	}
	if err := r.AddAll(caps...); err != nil {
		t.Fatal(err)
	}
	if _, ok := r.Lookup("evil.t2999"); !ok || r.Len() != 3000 {
		t.Fatalf("after AddAll: %d registered", r.Len())
	}
	if n := r.RemoveAll(append(ids[:1000], "mcp:evil/never")...); n != 1000 || r.Len() != 2000 {
		t.Errorf("RemoveAll removed %d, %d left", n, r.Len())
	}
	if _, ok := r.Lookup("evil_t5"); ok {
		t.Error("a removed capability's alias is still bound")
	}
}

// TestAttackAnswerBounded: 40 capabilities of 200 KiB schemas asked for at
// once, at every detail, and found by a search at full detail: each answer
// stays near MaxAnswerBytes, names what it left out, and what it left out
// is shown when asked for alone.
func TestAttackAnswerBounded(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	desc := strings.Repeat("a field the tool reads ", 40)
	var props []string
	for f := 0; f < 200; f++ {
		props = append(props, fmt.Sprintf(`"f%d": {"type": "string", "description": %q}`, f, desc))
	}
	schema := json.RawMessage(`{"type": "object", "properties": {` + strings.Join(props, ",") + `}}`)
	var names []string
	for i := 0; i < 40; i++ {
		c := Capability{ID: fmt.Sprintf("mcp:big/t%d", i), Source: SourceMCP, Namespace: "big", Name: fmt.Sprintf("t%d", i), Description: "a big tool", InputSchema: schema,
			Handler: func(context.Context, map[string]any) (*Result, error) { return nil, nil }}
		if err := r.Add(c); err != nil {
			t.Fatal(err)
		}
		names = append(names, c.ID)
	}
	for _, d := range []Detail{DetailBrief, DetailDetailed, DetailFull} {
		out := r.Describe(names, d)
		if len(out) > 2*MaxAnswerBytes {
			t.Errorf("Describe at %s: %d bytes", d, len(out))
		}
		if d == DetailFull && (!strings.Contains(out, "not shown") || !strings.Contains(out, "t39")) {
			t.Errorf("Describe at %s does not name what it left out: ...%s", d, out[max(0, len(out)-400):])
		}
	}
	res := r.Search(SearchOptions{Query: "big tool", Limit: 40})
	if out := RenderSearch(res, DetailFull); len(out) > 2*MaxAnswerBytes || !strings.Contains(out, "not shown") {
		t.Errorf("search at full detail: %d bytes, names left out: %v", len(out), strings.Contains(out, "not shown"))
	}
	if out := r.Describe([]string{"mcp:big/t39"}, DetailFull); strings.Contains(out, "not shown") || !strings.Contains(out, `"f199"`) {
		t.Errorf("one capability alone: ...%s", out[max(0, len(out)-300):])
	}
}
