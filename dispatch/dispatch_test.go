package dispatch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/selector"
)

const orderSchema = `{
  "type": "object",
  "$defs": {"Line": {"type": "object", "properties": {"sku": {"type": "string"}, "qty": {"type": "integer", "minimum": 1}}, "required": ["sku"]}},
  "properties": {
    "customer": {"type": "object", "properties": {"name": {"type": "string"}, "tier": {"enum": ["free", "pro"]}}},
    "lines": {"type": "array", "items": {"$ref": "#/$defs/Line"}},
    "tags": {"type": "object", "properties": {"owner": {"type": "string"}}, "additionalProperties": {"type": "integer"}},
    "weird key": {"type": "boolean"},
    "count": {"type": "integer"}
  },
  "required": ["customer"],
  "additionalProperties": false
}`

func newRegistry(t *testing.T, calls *atomic.Int32) *capability.Registry {
	t.Helper()
	r := capability.NewRegistry()
	err := r.Add(capability.Capability{
		ID:          "go:shop/order",
		Description: "Place an order.",
		InputSchema: json.RawMessage(orderSchema),
		Labels:      map[string]string{"risk": "high"},
		Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
			calls.Add(1)
			return &capability.Result{Structured: map[string]any{"ok": true, "args": args}}, nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func call(r *capability.Registry, args map[string]any) *Call {
	c, _ := r.Lookup("go:shop/order")
	return NewCall(OriginToolCall, c, args)
}

func TestValidationPaths(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	r := newRegistry(t, &calls)
	h := Chain(Terminus(r.Lookup))
	ok := map[string]any{"customer": map[string]any{"name": "ada"}}
	cases := []struct {
		args     map[string]any
		path     string
		contains string
	}{
		{map[string]any{}, "$", `missing properties: ["customer"]`},
		{map[string]any{"customer": map[string]any{"name": 3.0}}, "$.customer.name", `want "string"`},
		{map[string]any{"customer": map[string]any{"tier": "gold"}}, "$.customer.tier", "enum"},
		{map[string]any{"customer": ok["customer"], "lines": []any{
			map[string]any{"sku": "a", "qty": int64(1)},
			map[string]any{"sku": "b", "qty": int64(2)},
			map[string]any{"sku": "c", "qty": int64(0)},
		}}, "$.lines[2].qty", "minimum"},
		{map[string]any{"customer": ok["customer"], "lines": []any{map[string]any{"qty": int64(2)}}}, "$.lines[0]", "sku"},
		{map[string]any{"customer": ok["customer"], "tags": map[string]any{"owner": "x", "a": int64(1), "b": "two", "c": int64(3)}}, "$.tags.b", `want "integer"`},
		{map[string]any{"customer": ok["customer"], "weird key": "yes"}, `$["weird key"]`, "boolean"},
		{map[string]any{"customer": ok["customer"], "extra": 1}, "$", "extra"},
		{map[string]any{"customer": ok["customer"], "count": 1.5}, "$.count", "integer"},
	}
	for _, c := range cases {
		_, err := h(context.Background(), call(r, c.args))
		var de *Error
		if !errors.As(err, &de) || de.Kind != KindInvalidArgs {
			t.Errorf("args %v: error = %v, want invalid arguments", c.args, err)
			continue
		}
		if de.Path != c.path || !strings.Contains(err.Error(), c.contains) || !strings.Contains(err.Error(), "go:shop/order") {
			t.Errorf("args %v: error %q (path %s), want path %s mentioning %q and the capability id", c.args, err, de.Path, c.path, c.contains)
		}
		if de.PythonException() != "ValueError" {
			t.Errorf("invalid args map to %s", de.PythonException())
		}
	}
	if n := calls.Load(); n != 0 {
		t.Errorf("handler ran %d times on invalid arguments", n)
	}
	// Valid arguments, including a Python big int and int64s, pass.
	big1 := new(big.Int).Lsh(big.NewInt(1), 70)
	res, err := h(context.Background(), call(r, map[string]any{"customer": ok["customer"], "count": big1,
		"lines": []any{map[string]any{"sku": "a", "qty": int64(3)}}}))
	if err != nil {
		t.Fatalf("valid call: %v", err)
	}
	if res.Structured.(map[string]any)["ok"] != true || calls.Load() != 1 {
		t.Errorf("valid call result %v, handler calls %d", res.Structured, calls.Load())
	}
}

func TestChainOnionOrderAndOnce(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	r := newRegistry(t, &calls)
	var trace []string
	layer := func(name string) Middleware {
		return func(next Handler) Handler {
			return func(ctx context.Context, c *Call) (*Result, error) {
				trace = append(trace, name+">")
				res, err := next(ctx, c)
				trace = append(trace, "<"+name)
				return res, err
			}
		}
	}
	twice := func(next Handler) Handler {
		return func(ctx context.Context, c *Call) (*Result, error) {
			if _, err := next(ctx, c); err != nil {
				return nil, err
			}
			return next(ctx, c)
		}
	}
	h := Chain(Terminus(r.Lookup), layer("outer"), layer("inner"))
	args := map[string]any{"customer": map[string]any{"name": "ada"}}
	if _, err := h(context.Background(), call(r, args)); err != nil {
		t.Fatal(err)
	}
	if want := []string{"outer>", "inner>", "<inner", "<outer"}; !cmp.Equal(trace, want) {
		t.Errorf("trace = %q, want %q", trace, want)
	}
	h = Chain(Terminus(r.Lookup), twice)
	_, err := h(context.Background(), call(r, args))
	var de *Error
	if !errors.As(err, &de) || de.Kind != KindExecuted {
		t.Errorf("second terminus entry: error = %v", err)
	}
	if n := calls.Load(); n != 2 { // one from the first chain, one here
		t.Errorf("handler ran %d times, want 2", n)
	}
	// Each call entering the chain gets its own guard.
	h = Chain(Terminus(r.Lookup))
	for range 3 {
		if _, err := h(context.Background(), call(r, args)); err != nil {
			t.Fatal(err)
		}
	}
	if n := calls.Load(); n != 5 {
		t.Errorf("handler ran %d times, want 5", n)
	}
}

func TestDenyStopsBeforeHandler(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	r := newRegistry(t, &calls)
	deny := func(next Handler) Handler {
		return func(ctx context.Context, c *Call) (*Result, error) {
			if c.Labels["risk"] == "high" {
				return nil, Deny(c, "risk=high needs approval")
			}
			return next(ctx, c)
		}
	}
	h := Chain(Terminus(r.Lookup), deny)
	_, err := h(context.Background(), call(r, map[string]any{"customer": map[string]any{}}))
	var de *Error
	if !errors.As(err, &de) || de.Kind != KindDenied || de.PythonException() != "PermissionError" {
		t.Fatalf("error = %v, want a denial", err)
	}
	if want := "call to go:shop/order denied: risk=high needs approval"; err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
	if calls.Load() != 0 {
		t.Error("handler ran despite the denial")
	}
}

func TestNotFoundAndLabels(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	r := newRegistry(t, &calls)
	h := Chain(Terminus(r.Lookup))
	_, err := h(context.Background(), &Call{CapabilityID: "go:shop/nope"})
	var de *Error
	if !errors.As(err, &de) || de.Kind != KindNotFound {
		t.Errorf("unknown id: error = %v", err)
	}
	c := call(r, nil)
	want := map[string]string{"risk": "high", "source": "go", "namespace": "shop", "pkg": "shop", "name": "order"}
	if !cmp.Equal(c.Labels, want) {
		t.Errorf("NewCall labels = %v, want %v", c.Labels, want)
	}
}

func TestHandlerErrorIsWrapped(t *testing.T) {
	t.Parallel()
	r := capability.NewRegistry()
	boom := errors.New("upstream exploded")
	if err := r.Add(capability.Capability{ID: "mcp:up/x", Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
		return nil, boom
	}}); err != nil {
		t.Fatal(err)
	}
	cp, _ := r.Lookup("mcp:up/x")
	_, err := Chain(Terminus(r.Lookup))(context.Background(), NewCall(OriginSnippet, cp, nil))
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "mcp:up/x") {
		t.Errorf("error = %v", err)
	}
}

func TestAdmission(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	r := newRegistry(t, &calls)
	policies := map[string]Policy{
		"ops":    {Allow: []selector.Selector{selector.MustParse("source=go")}},
		"intern": {Allow: []selector.Selector{selector.MustParse("source in (go,mcp)")}, Deny: []selector.Selector{selector.MustParse("risk=high")}},
		"nobody": {},
	}
	h := Chain(Terminus(r.Lookup), Admission(func(ctx context.Context, c *Call) (Policy, bool) {
		p, ok := policies[c.Subject]
		return p, ok
	}))
	for subject, want := range map[string]string{
		"ops":    "",
		"intern": `not admitted for intern`,
		"nobody": "not admitted for nobody",
		"ghost":  "no admission policy",
	} {
		c := call(r, map[string]any{"customer": map[string]any{}})
		c.Subject = subject
		_, err := h(context.Background(), c)
		if want == "" {
			if err != nil {
				t.Errorf("%s: %v", subject, err)
			}
			continue
		}
		var de *Error
		if !errors.As(err, &de) || de.Kind != KindDenied || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "risk") {
			t.Errorf("%s: error %v, want a denial containing %q", subject, err, want)
		}
	}
	if calls.Load() != 1 {
		t.Errorf("handler ran %d times, want once (ops only)", calls.Load())
	}
}

func BenchmarkChainCall(b *testing.B) {
	var calls atomic.Int32
	r := capability.NewRegistry()
	if err := r.Add(capability.Capability{ID: "go:shop/order", InputSchema: json.RawMessage(orderSchema),
		Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
			calls.Add(1)
			return &capability.Result{}, nil
		}}); err != nil {
		b.Fatal(err)
	}
	pass := func(next Handler) Handler { return next }
	h := Chain(Terminus(r.Lookup), pass, pass, pass)
	c, _ := r.Lookup("go:shop/order")
	args := map[string]any{"customer": map[string]any{"name": "ada"}, "lines": []any{map[string]any{"sku": "a", "qty": int64(2)}}}
	for b.Loop() {
		if _, err := h(context.Background(), NewCall(OriginToolCall, c, args)); err != nil {
			b.Fatal(err)
		}
	}
}

func TestHandlerPanicFailsTheCall(t *testing.T) {
	t.Parallel()
	r := capability.NewRegistry()
	if err := r.Add(capability.Capability{ID: "go:bug/nil", Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
		var m map[string]int
		m["x"] = 1 // assignment to a nil map panics
		return nil, nil
	}}); err != nil {
		t.Fatal(err)
	}
	c, _ := r.Lookup("go:bug/nil")
	_, err := Chain(Terminus(r.Lookup))(context.Background(), NewCall(OriginSnippet, c, nil))
	var pe *PanicError
	if !errors.As(err, &pe) || err.Error() != "go:bug/nil: handler panicked: assignment to entry in nil map" || !strings.Contains(string(pe.Stack), "dispatch_test.go") {
		t.Errorf("error = %v", err)
	}
}

func TestSchemasOfOtherVintages(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	handler := func(ctx context.Context, args map[string]any) (*capability.Result, error) {
		calls.Add(1)
		return &capability.Result{}, nil
	}
	r := capability.NewRegistry()
	for id, schema := range map[string]string{
		"mcp:old/draft4": `{"$schema": "http://json-schema.org/draft-04/schema#", "type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}`,
		"mcp:old/draft7": `{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}`,
		"mcp:old/badref": `{"type": "object", "properties": {"n": {"$ref": "#/definitions/missing"}}}`,
		// References that loop in place: the validator would recurse until
		// the stack overflows, which is fatal to the process.
		"mcp:old/selfref": `{"type": "object", "$ref": "#", "properties": {"n": {"$ref": "#"}}}`,
		"mcp:old/cycle":   `{"type": "object", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/%24defs/a"}]}}, "properties": {"n": {"$ref": "#/$defs/a"}}}`,
		// A recursive schema that descends into the value is enforced.
		"mcp:old/tree": `{"type": "object", "properties": {"n": {"type": "integer"}, "kids": {"type": "array", "items": {"$ref": "#"}}}}`,
	} {
		if err := r.Add(capability.Capability{ID: id, InputSchema: json.RawMessage(schema), Handler: handler}); err != nil {
			t.Fatal(err)
		}
	}
	h := Chain(Terminus(r.Lookup))
	do := func(id string, args map[string]any) error {
		c, _ := r.Lookup(id)
		_, err := h(context.Background(), NewCall(OriginToolCall, c, args))
		return err
	}
	// Known drafts and draft-04 (validated as the current draft) enforce.
	for _, id := range []string{"mcp:old/draft4", "mcp:old/draft7"} {
		if err := do(id, map[string]any{"n": "x"}); err == nil || !strings.Contains(err.Error(), "at $.n") {
			t.Errorf("%s with a bad argument: %v", id, err)
		}
		if err := do(id, map[string]any{"n": int64(1)}); err != nil {
			t.Errorf("%s with a good argument: %v", id, err)
		}
	}
	// An unresolvable or looping schema is left to the capability: calls
	// go through.
	for _, id := range []string{"mcp:old/badref", "mcp:old/selfref", "mcp:old/cycle"} {
		if err := do(id, map[string]any{"n": "anything"}); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
	if err := do("mcp:old/tree", map[string]any{"n": int64(1), "kids": []any{map[string]any{"n": "x"}}}); err == nil {
		t.Error("tree: a bad value deep in a recursive schema passed")
	}
	if calls.Load() != 5 {
		t.Errorf("handler ran %d times, want 5", calls.Load())
	}
}

// TestHandlerSeesCaller: a handler learns whom it runs for
// (capability.Caller), so a source shared by every client can bound what
// one caller holds of it; a call without a subject carries none.
func TestHandlerSeesCaller(t *testing.T) {
	t.Parallel()
	r := capability.NewRegistry()
	var seen []string
	if err := r.Add(capability.Capability{ID: "mcp:up/x", Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
		seen = append(seen, capability.Caller(ctx))
		return nil, nil
	}}); err != nil {
		t.Fatal(err)
	}
	cp, _ := r.Lookup("mcp:up/x")
	h := Chain(Terminus(r.Lookup))
	for _, subject := range []string{"ci", ""} {
		call := NewCall(OriginSnippet, cp, nil)
		call.Subject = subject
		if _, err := h(context.Background(), call); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) != 2 || seen[0] != "ci" || seen[1] != "" {
		t.Errorf("callers seen by the handler: %q", seen)
	}
}

// TestInvalidArgsErrorBounded: the validator's message quotes what it
// refuses (200 000 unexpected property names made a 12 MB error); the
// error a snippet, the audit log and the agent see is cut and says so.
func TestInvalidArgsErrorBounded(t *testing.T) {
	t.Parallel()
	r := capability.NewRegistry()
	schema := json.RawMessage(`{"type":"object","properties":{"text":{"type":"string"}},"additionalProperties":false}`)
	if err := r.Add(capability.Capability{ID: "mcp:up/echo", InputSchema: schema, Handler: func(context.Context, map[string]any) (*capability.Result, error) {
		return nil, nil
	}}); err != nil {
		t.Fatal(err)
	}
	cp, _ := r.Lookup("mcp:up/echo")
	h := Chain(Terminus(r.Lookup))
	for name, args := range map[string]map[string]any{
		"many keys": func() map[string]any {
			m := map[string]any{}
			for i := range 20000 {
				m[fmt.Sprintf("unexpected-property-%06d", i)] = int64(i)
			}
			return m
		}(),
		"huge value": {"text": []any{strings.Repeat("x", 1<<20)}},
		"huge key":   {strings.Repeat("k", 1<<20): 1},
	} {
		_, err := h(context.Background(), NewCall(OriginSnippet, cp, args))
		var de *Error
		if !errors.As(err, &de) || de.Kind != KindInvalidArgs {
			t.Fatalf("%s: %v", name, err)
		}
		if n := len(err.Error()); n > 6<<10 || !strings.Contains(err.Error(), "more bytes)") {
			t.Errorf("%s: the error is %d bytes: %.200s", name, n, err.Error())
		}
	}
}
