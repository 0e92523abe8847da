package mcpgen_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/mcpgen/testdata/gen/shapestools"
	"github.com/toolplane/toolplane/mcpgen/testdata/store"
)

type registry map[string]capability.Capability

func (r registry) Register(c capability.Capability) error {
	r[c.ID] = c
	return nil
}

func call(t *testing.T, r registry, id string, args map[string]any) *capability.Result {
	t.Helper()
	c, ok := r[id]
	if !ok {
		t.Fatalf("no capability %s", id)
	}
	res, err := c.Handler(context.Background(), args)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return res
}

// TestGeneratedHandlers calls the generated wrappers as the dispatch
// terminus would, with JSON-like arguments.
func TestGeneratedHandlers(t *testing.T) {
	kv := store.NewKV()
	r := registry{}
	if err := shapestools.RegisterAll(r, shapestools.Bindings{KV: kv}); err != nil {
		t.Fatal(err)
	}
	if len(r) != 10 {
		t.Fatalf("registered %d tools, want 10", len(r))
	}

	// Pagination through a pointer cursor; structured result as JSON-like values.
	var names []any
	var cursor any
	for pages := 0; pages < 10; pages++ {
		args := map[string]any{"color": "red", "limit": int64(3)}
		if cursor != nil {
			args["cursor"] = cursor
		}
		res := call(t, r, "go:catalog/list_items", args)
		page := res.Structured.(map[string]any)
		for _, it := range page["items"].([]any) {
			names = append(names, it.(map[string]any)["name"])
		}
		cursor = page["next_cursor"]
		if cursor == nil {
			break
		}
	}
	want := []any{"item-0", "item-1", "item-2", "item-3", "item-4", "item-5", "item-6"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("paged names (-want +got):\n%s", diff)
	}

	// Multiple results become a named object.
	res := call(t, r, "go:shapes/stats", map[string]any{"values": []any{3.5, 1.0, 2.0}})
	if diff := cmp.Diff(map[string]any{"min": 1.0, "max": 3.5, "count": int64(3)}, res.Structured); diff != "" {
		t.Errorf("stats (-want +got):\n%s", diff)
	}

	// A non-object single result is wrapped.
	res = call(t, r, "go:shapes/greet", map[string]any{"name": "Ada", "excited": true})
	if diff := cmp.Diff(map[string]any{"result": "Hello, Ada!"}, res.Structured); diff != "" {
		t.Errorf("greet (-want +got):\n%s", diff)
	}

	// Bound parameters come from Bindings, not from the caller.
	call(t, r, "go:shapes/remember", map[string]any{"key": "k", "value": "v1"})
	res = call(t, r, "go:shapes/remember", map[string]any{"key": "k", "value": "v2"})
	if diff := cmp.Diff(map[string]any{"previous": "v1", "existed": true}, res.Structured); diff != "" {
		t.Errorf("remember (-want +got):\n%s", diff)
	}
	if v, _ := kv.Get("k"); v != "v2" {
		t.Errorf("store has %q, want v2", v)
	}

	// An error result becomes a tool error, not a Go error.
	res = call(t, r, "go:shapes/checkpoint", map[string]any{"fail": true})
	if !res.IsError || res.Content[0].Text != "checkpoint refused" {
		t.Errorf("checkpoint: %+v", res)
	}
	res = call(t, r, "go:shapes/checkpoint", map[string]any{"fail": false})
	if res.IsError {
		t.Errorf("checkpoint(false) is an error: %+v", res)
	}

	// any parameters accept every JSON value.
	res = call(t, r, "go:shapes/describe", map[string]any{"value": []any{int64(1)}})
	if diff := cmp.Diff(map[string]any{"result": "[]interface {}"}, res.Structured); diff != "" {
		t.Errorf("describe (-want +got):\n%s", diff)
	}

	// Unknown keys are refused with the capability id in the message.
	_, err := r["go:shapes/greet"].Handler(context.Background(), map[string]any{"name": "x", "nmae": "y"})
	if err == nil || !strings.Contains(err.Error(), `go:shapes/greet: invalid arguments: unknown field "nmae"`) {
		t.Errorf("unknown key error = %v", err)
	}

	// Labels and schemas are carried.
	if got := r["go:catalog/list_items"].Labels; !cmp.Equal(got, map[string]string{"tier": "read", "paged": "true"}) {
		t.Errorf("labels = %v", got)
	}
	if r["go:shapes/checkpoint"].OutputSchema != nil {
		t.Error("error-only function has an output schema")
	}
}

// TestRegisterAllRefusesAMissingBinding: a binding left nil is refused at
// registration, naming the field and the tools that need it; nothing is
// registered (it used to fail the first call with a nil dereference).
func TestRegisterAllRefusesAMissingBinding(t *testing.T) {
	r := registry{}
	err := shapestools.RegisterAll(r, shapestools.Bindings{})
	if err == nil || !strings.Contains(err.Error(), "Bindings.KV (*store.KV) is not set; go:shapes/remember need it") {
		t.Fatalf("RegisterAll without KV: %v", err)
	}
	if len(r) != 0 {
		t.Errorf("%d tools registered despite the missing binding", len(r))
	}
}

// TestIntKeyedMaps: a map[int]T parameter takes a JSON object whose keys
// are decimal strings (its schema says so), and a map[int]T result comes
// back keyed by strings.
func TestIntKeyedMaps(t *testing.T) {
	r := registry{}
	if err := shapestools.RegisterAll(r, shapestools.Bindings{KV: store.NewKV()}); err != nil {
		t.Fatal(err)
	}
	c := r["go:shapes/ranks"]
	if !strings.Contains(string(c.InputSchema), `"propertyNames":{"pattern":"^-?[0-9]+$"}`) {
		t.Errorf("schema: %s", c.InputSchema)
	}
	res := call(t, r, "go:shapes/ranks", map[string]any{"ranks": map[string]any{"1": "gold", "-2": "minus"}})
	if diff := cmp.Diff(map[string]any{"10": "GOLD", "-20": "MINUS"}, res.Structured); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
	if _, err := c.Handler(context.Background(), map[string]any{"ranks": map[string]any{"one": "x"}}); err == nil {
		t.Error("a non-integer key was accepted")
	}
}
