package capability

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func echoHandler(ctx context.Context, args map[string]any) (*Result, error) {
	return &Result{Structured: args}, nil
}

func testCap(id string) Capability {
	return Capability{
		ID:          id,
		Description: "test capability " + id,
		InputSchema: json.RawMessage(`{"type":"object"}`),
		Handler:     echoHandler,
	}
}

func TestParseID(t *testing.T) {
	t.Parallel()
	good := []struct {
		id       string
		src      Source
		ns, name string
	}{
		{"go:greeter/greet", SourceGo, "greeter", "greet"},
		{"mcp:linear/list_issues", SourceMCP, "linear", "list_issues"},
		{"cli:git", SourceCLI, "", "git"},
		{"go:example.com/x/greeter/greet", SourceGo, "example.com/x/greeter", "greet"},
		{"mcp:my-server/get-thing", SourceMCP, "my-server", "get-thing"},
	}
	for _, g := range good {
		src, ns, name, err := ParseID(g.id)
		if err != nil {
			t.Errorf("ParseID(%q): %v", g.id, err)
			continue
		}
		if src != g.src || ns != g.ns || name != g.name {
			t.Errorf("ParseID(%q) = %q %q %q, want %q %q %q", g.id, src, ns, name, g.src, g.ns, g.name)
		}
		if back := MakeID(src, ns, name); back != g.id {
			t.Errorf("MakeID(ParseID(%q)) = %q", g.id, back)
		}
	}
	for _, bad := range []string{"", "greet", "go:greet", "go:/greet", "go:greeter/", "ftp:x/y", "cli:/usr/bin/git", "mcp:a b/c"} {
		if _, _, _, err := ParseID(bad); err == nil {
			t.Errorf("ParseID(%q) succeeded, want an error", bad)
		}
	}
}

func TestIdentifier(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]struct {
		out string
		ok  bool
	}{
		"list_issues": {"list_issues", true},
		"get-thing":   {"get_thing", true},
		"a.b c":       {"a_b_c", true},
		"9lives":      {"9lives", false},
		"---":         {"___", false},
		"class":       {"class", false},
		"émoji":       {"_moji", true},
	} {
		out, ok := Identifier(in)
		if out != want.out || ok != want.ok {
			t.Errorf("Identifier(%q) = %q, %v; want %q, %v", in, out, ok, want.out, want.ok)
		}
	}
}

func TestRegistryAliases(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	for _, id := range []string{"go:greeter/greet", "mcp:linear/list-issues", "cli:git", "go:example.com/tools/mathx/add"} {
		if err := r.Add(testCap(id)); err != nil {
			t.Fatalf("Add(%s): %v", id, err)
		}
	}
	want := Namespace{
		"greeter_greet":      "go:greeter/greet",
		"greeter.greet":      "go:greeter/greet",
		"linear_list_issues": "mcp:linear/list-issues",
		"linear.list_issues": "mcp:linear/list-issues",
		"git":                "cli:git",
		"mathx_add":          "go:example.com/tools/mathx/add",
		"mathx.add":          "go:example.com/tools/mathx/add",
	}
	if diff := cmp.Diff(want, r.Namespace()); diff != "" {
		t.Errorf("Namespace() mismatch (-want +got):\n%s", diff)
	}
	for alias, id := range want {
		c, ok := r.Lookup(alias)
		if !ok || c.ID != id {
			t.Errorf("Lookup(%q) = %v, %v; want %s", alias, c, ok, id)
		}
		if c, ok := r.Lookup(id); !ok || c.ID != id {
			t.Errorf("Lookup(%q) by id failed", id)
		}
	}
	if got := r.Aliases("go:greeter/greet"); !cmp.Equal(got, []string{"greeter_greet", "greeter.greet"}) {
		t.Errorf("Aliases = %q", got)
	}
	c, _ := r.Lookup("linear.list_issues")
	if c.Source != SourceMCP || c.Namespace != "linear" || c.Name != "list-issues" {
		t.Errorf("normalised fields = %q %q %q", c.Source, c.Namespace, c.Name)
	}
	if _, ok := r.Lookup("list_issues"); ok {
		t.Error("bare tool name resolved; only ids and aliases should")
	}
}

func TestRegistryDuplicateAndInvalid(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	if err := r.Add(testCap("go:greeter/greet")); err != nil {
		t.Fatal(err)
	}
	err := r.Add(testCap("go:greeter/greet"))
	if err == nil || !strings.Contains(err.Error(), "go:greeter/greet: already registered") {
		t.Errorf("duplicate Add error = %v", err)
	}
	noHandler := testCap("go:x/y")
	noHandler.Handler = nil
	if err := r.Add(noHandler); err == nil || !strings.Contains(err.Error(), "no handler") {
		t.Errorf("Add without handler: %v", err)
	}
	badSchema := testCap("go:x/z")
	badSchema.InputSchema = json.RawMessage(`[1]`)
	if err := r.Add(badSchema); err == nil || !strings.Contains(err.Error(), "input schema") {
		t.Errorf("Add with array schema: %v", err)
	}
	if r.Len() != 1 {
		t.Errorf("Len = %d after rejected adds, want 1", r.Len())
	}
	// Built from parts instead of an id.
	parts := Capability{Source: SourceMCP, Namespace: "srv", Name: "tool", Handler: echoHandler}
	if err := r.Add(parts); err != nil {
		t.Fatal(err)
	}
	if _, ok := r.Lookup("mcp:srv/tool"); !ok {
		t.Error("capability built from parts not found by id")
	}
}

func TestRegistryCollisionIsLoudAndOrderIndependent(t *testing.T) {
	t.Parallel()
	// mcp:greeter/greet and go:greeter/greet both want greeter_greet and
	// greeter.greet.
	for _, order := range [][]string{
		{"go:greeter/greet", "mcp:greeter/greet"},
		{"mcp:greeter/greet", "go:greeter/greet"},
	} {
		r := NewRegistry()
		if err := r.Add(testCap(order[0])); err != nil {
			t.Fatal(err)
		}
		err := r.Add(testCap(order[1]))
		var ae *AliasError
		if !errors.As(err, &ae) {
			t.Fatalf("second Add error = %v, want an *AliasError", err)
		}
		msg := err.Error()
		for _, want := range []string{`"greeter_greet"`, `"greeter.greet"`, "go:greeter/greet", "mcp:greeter/greet"} {
			if !strings.Contains(msg, want) {
				t.Errorf("collision error %q does not mention %s", msg, want)
			}
		}
		if ns := r.Namespace(); len(ns) != 0 {
			t.Errorf("order %v: colliding aliases kept: %v", order, ns)
		}
		for _, id := range order {
			if _, ok := r.Lookup(id); !ok {
				t.Errorf("canonical id %s lost after collision", id)
			}
		}
		// Removing one gives the alias back to the other.
		r.Remove(order[0])
		if c, ok := r.Lookup("greeter_greet"); !ok || c.ID != order[1] {
			t.Errorf("after Remove(%s), greeter_greet = %v, %v", order[0], c, ok)
		}
		if len(r.Issues()) != 0 {
			t.Errorf("issues remain after Remove: %v", r.Issues())
		}
	}
}

func TestRegistryNeverShadowsReservedNames(t *testing.T) {
	t.Parallel()
	r := NewRegistry(WithReserved("backend binding", "special"), WithModules("json", "asyncio"))
	// A binary's flat alias is bound renamed instead (see
	// TestBinaryNamedLikeABuiltinIsRenamed): the reserved name stays
	// unbound.
	for _, c := range []struct{ id, alias string }{
		{"cli:print", "print"}, {"cli:call_tool", "call_tool"}, {"cli:cli_run", "cli_run"}, {"cli:json", "json"}, {"cli:special", "special"},
	} {
		if err := r.Add(testCap(c.id)); err != nil {
			t.Errorf("Add(%s) = %v", c.id, err)
		}
		if got, ok := r.Lookup(c.alias); ok {
			t.Errorf("reserved name %q resolves to %s", c.alias, got.ID)
		}
		if got, ok := r.Lookup(c.alias + "_"); !ok || got.ID != c.id {
			t.Errorf("%s_ should reach %s", c.alias, c.id)
		}
	}
	cases := []struct {
		id, alias, what string
		keepsScoped     string
	}{
		{"mcp:save/result", "save_result", "runtime binding", "save.result"},
		{"mcp:load/result", "load_result", "runtime binding", "load.result"},
		{"mcp:reset/session", "reset_session", "runtime binding", "reset.session"},
	}
	for _, c := range cases {
		err := r.Add(testCap(c.id))
		var ae *AliasError
		if !errors.As(err, &ae) {
			t.Errorf("Add(%s) = %v, want an *AliasError", c.id, err)
			continue
		}
		if ae.Alias != c.alias || ae.Reason != c.what || !strings.Contains(err.Error(), c.id) {
			t.Errorf("Add(%s) error = %v (alias %q reason %q)", c.id, err, ae.Alias, ae.Reason)
		}
		if got, ok := r.Lookup(c.alias); ok {
			t.Errorf("reserved name %q resolves to %s", c.alias, got.ID)
		}
		if _, ok := r.Lookup(c.id); !ok {
			t.Errorf("canonical id %s lost", c.id)
		}
		if c.keepsScoped != "" {
			if got, ok := r.Lookup(c.keepsScoped); !ok || got.ID != c.id {
				t.Errorf("scoped %q should still reach %s", c.keepsScoped, c.id)
			}
		}
	}
	// A namespace named like a runtime binding is bound renamed, and its
	// flat aliases stay.
	if err := r.Add(testCap("mcp:asyncio/sleep")); err != nil {
		t.Fatalf("Add(mcp:asyncio/sleep) = %v", err)
	}
	if _, ok := r.Lookup("asyncio.sleep"); ok {
		t.Error("asyncio.sleep alias made despite reserved namespace")
	}
	if c, ok := r.Lookup("asyncio_.sleep"); !ok || c.ID != "mcp:asyncio/sleep" {
		t.Error("the renamed asyncio_.sleep should be made")
	}
	if c, ok := r.Lookup("asyncio_sleep"); !ok || c.ID != "mcp:asyncio/sleep" {
		t.Error("flat asyncio_sleep should be made")
	}
	// Keywords and identifiers that cannot be made are skipped silently:
	// there is nothing to shadow, the name just is not an identifier.
	if err := r.Add(testCap("cli:9p")); err != nil {
		t.Errorf("Add(cli:9p) = %v", err)
	}
	if got := r.Aliases("cli:9p"); len(got) != 0 {
		t.Errorf("cli:9p aliases = %q", got)
	}
}

func TestRegistryFlatAliasVersusNamespace(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	if err := r.Add(testCap("mcp:github/search")); err != nil {
		t.Fatal(err)
	}
	err := r.Add(testCap("cli:github"))
	if err == nil || !strings.Contains(err.Error(), "cli:github") || !strings.Contains(err.Error(), "mcp:github/search") {
		t.Fatalf("CLI named like a namespace: error = %v", err)
	}
	if c, ok := r.Lookup("github.search"); !ok || c.ID != "mcp:github/search" {
		t.Error("scoped github.search should keep working")
	}
	if _, ok := r.Namespace()["github"]; ok {
		t.Error("flat github would shadow the github namespace")
	}
}

func TestRegistryListSortedAndRemove(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	if err := r.AddAll(testCap("mcp:b/x"), testCap("cli:a"), testCap("go:c/y")); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range r.List() {
		ids = append(ids, c.ID)
	}
	if !cmp.Equal(ids, []string{"cli:a", "go:c/y", "mcp:b/x"}) {
		t.Errorf("List ids = %q", ids)
	}
	if !r.Remove("cli:a") || r.Remove("cli:a") {
		t.Error("Remove should report true once, then false")
	}
	if _, ok := r.Lookup("a"); ok {
		t.Error("alias of removed capability still resolves")
	}
}

func TestDecodeJSONKeepsIntegers(t *testing.T) {
	t.Parallel()
	v, err := DecodeJSON([]byte(`{"n": 3, "f": 3.5, "whole": 2.0, "big": 123456789012345678901, "list": [1, -2, 1e3]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"n": int64(3), "f": 3.5, "whole": 2.0, "big": 123456789012345678901.0, "list": []any{int64(1), int64(-2), 1000.0}}
	if diff := cmp.Diff(want, v); diff != "" {
		t.Errorf("DecodeJSON (-want +got):\n%s", diff)
	}
	// Values decoded as float64 elsewhere: whole ones become integers.
	got := Normalize(map[string]any{"a": 4.0, "b": 4.5, "c": []any{1e20}})
	if diff := cmp.Diff(map[string]any{"a": int64(4), "b": 4.5, "c": []any{1e20}}, got); diff != "" {
		t.Errorf("Normalize (-want +got):\n%s", diff)
	}
}

func TestRegistryConcurrentUse(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	done := make(chan struct{})
	for w := range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range 50 {
				id := MakeID(SourceGo, "ns"+string(rune('a'+w)), "tool_"+strings.Repeat("x", i+1))
				if err := r.Add(testCap(id)); err != nil {
					t.Errorf("Add(%s): %v", id, err)
				}
				r.Search(SearchOptions{Query: "tool"})
				r.Lookup(id)
				if i%5 == 0 {
					r.Remove(id)
				}
			}
		}()
	}
	for range 4 {
		<-done
	}
	if r.Len() != 4*40 {
		t.Errorf("Len = %d, want 160", r.Len())
	}
	if res := r.Search(SearchOptions{Query: "tool", Limit: 1000}); res.Matched != 160 {
		t.Errorf("search after concurrent changes matched %d, want 160", res.Matched)
	}
}
