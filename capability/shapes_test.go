package capability

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestTypeOfShapes: detailed renderings show nested shapes compactly, in
// Python's terms, so an agent needs no detail="full" call to learn what
// goes inside a list of objects.
func TestTypeOfShapes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ schema, want string }{
		{`{"type":"string"}`, "str"},
		{`{"type":"string","format":"date-time"}`, "str (date-time)"},
		{`{"type":["integer","null"]}`, "int | None"},
		{`{"type":"number"}`, "float"},
		{`{"type":"boolean"}`, "bool"},
		{`{"enum":["a","b",null,true]}`, `"a" | "b" | None | True`},
		{`{"type":"array","items":{"type":"string"}}`, "[str]"},
		{`{"type":"array"}`, "list"},
		{`{"type":"object"}`, "dict"},
		{`{"type":"object","additionalProperties":{"type":"integer"}}`, "{str: int}"},
		{`{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}]}`, "[str, int]"},
		// The knowledge-graph shape that once needed a detail="full" call.
		{`{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"entityType":{"type":"string"},"observations":{"type":"array","items":{"type":"string"}}},"required":["name","entityType","observations"]}}`,
			"[{name: str, entityType: str, observations: [str]}]"},
		// Keys in document order; ? marks an optional key when the schema lists required ones.
		{`{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"integer"}},"required":["z"]}`, "{z: str, a?: int}"},
		{`{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"integer"}}}`, "{z: str, a: int}"},
		{`{"anyOf":[{"type":"string"},{"type":"null"}]}`, "str | None"},
		{`{"allOf":[{"type":"string"}]}`, "str"},
		// $refs to the document's own definitions are followed.
		{`{"type":"object","properties":{"p":{"$ref":"#/$defs/point"}},"$defs":{"point":{"type":"object","properties":{"x":{"type":"number"},"y":{"type":"number"}}}}}`, "{p: {x: float, y: float}}"},
		{`{"type":"array","items":{"$ref":"#/definitions/t"},"definitions":{"t":{"type":"string"}}}`, "[str]"},
		{`{"$ref":"https://example.com/other.json"}`, "other.json"},
	} {
		if got := TypeOf(json.RawMessage(tc.schema)); got != tc.want {
			t.Errorf("TypeOf(%s)\n got %s\nwant %s", tc.schema, got, tc.want)
		}
	}
	// A parameter's type is rendered within its document: its $refs resolve.
	doc := `{"type":"object","properties":{"entities":{"type":"array","items":{"$ref":"#/$defs/entity"}}},"required":["entities"],"$defs":{"entity":{"type":"object","properties":{"name":{"type":"string"},"tags":{"type":"array","items":{"type":"string"}}},"required":["name"]}}}`
	params := Params(json.RawMessage(doc))
	if len(params) != 1 || params[0].Type != "[{name: str, tags?: [str]}]" || !params[0].Required {
		t.Errorf("Params = %+v", params)
	}
	c := &Capability{ID: "mcp:memory/create_entities", Source: SourceMCP, Namespace: "memory", Name: "create_entities", InputSchema: json.RawMessage(doc),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"created":{"type":"array","items":{"$ref":"#/$defs/e"}}},"$defs":{"e":{"type":"object","properties":{"name":{"type":"string"}}}}}`)}
	d := RenderDetailed(c, []string{"memory_create_entities", "memory.create_entities"})
	for _, want := range []string{
		"Call: `await memory_create_entities(entities=[])`",
		"- `entities` ([{name: str, tags?: [str]}], required)",
		"Returns dict:\n- `created` ([{name: str}])",
		"Raises: ToolError",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("detailed rendering lacks %q:\n%s", want, d)
		}
	}
	// The output schema is shown once, as a shape, never as JSON.
	if strings.Contains(d, `"type"`) || strings.Count(d, "created") != 1 {
		t.Errorf("detailed rendering repeats the schema:\n%s", d)
	}
}

// TestAttackTypeOfHostileSchemas: $refs that loop, nesting thousands deep,
// objects of thousands of keys and alternatives that fan out render
// quickly into a few hundred bytes.
func TestAttackTypeOfHostileSchemas(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat(`{"type":"array","items":`, 5000) + `{"type":"string"}` + strings.Repeat("}", 5000)
	var keys []string
	for i := 0; i < 20000; i++ {
		keys = append(keys, fmt.Sprintf(`"k%d":{"type":"string"}`, i))
	}
	wide := `{"type":"object","properties":{"o":{"type":"object","properties":{` + strings.Join(keys, ",") + `}}}}`
	fan := `{"anyOf":[` + strings.Repeat(`{"$ref":"#"},`, 63) + `{"$ref":"#"}],"$defs":{"pad":"` + strings.Repeat("x", 200<<10) + `"}}`
	for name, schema := range map[string]string{
		"self ref":      `{"$ref":"#"}`,
		"mutual refs":   `{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/b"},"b":{"type":"array","items":{"$ref":"#/$defs/a"}}}}`,
		"deep":          deep,
		"wide":          wide,
		"fan out":       fan,
		"object loop":   `{"type":"object","properties":{"self":{"$ref":"#"},"list":{"type":"array","items":{"$ref":"#"}}}}`,
		"not an object": `[1,2,3]`,
	} {
		if !json.Valid([]byte(schema)) {
			t.Fatalf("%s: bad test schema", name)
		}
		start := time.Now()
		got := TypeOf(json.RawMessage(schema))
		params := Params(json.RawMessage(schema))
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("%s: rendering took %v", name, took)
		}
		if len(got) > 4096 {
			t.Errorf("%s: a type of %d bytes", name, len(got))
		}
		for _, p := range params {
			if len(p.Type) > 4096 {
				t.Errorf("%s: parameter %s of %d bytes", name, p.Name, len(p.Type))
			}
		}
	}
}
