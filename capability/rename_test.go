package capability

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNamespaceNamedLikeAModuleIsRenamed(t *testing.T) {
	t.Parallel()
	r := NewRegistry(WithModules("logging", "calendar", "json"))
	if err := r.AddAll(testCap("mcp:logging/tail"), testCap("mcp:logging/search"), testCap("mcp:linear/list_issues")); err != nil {
		t.Fatalf("a renamed namespace is not an error: %v", err)
	}
	ns := r.Namespace()
	want := Namespace{
		"logging_.tail": "mcp:logging/tail", "logging_.search": "mcp:logging/search",
		"logging_tail": "mcp:logging/tail", "logging_search": "mcp:logging/search",
		"linear.list_issues": "mcp:linear/list_issues", "linear_list_issues": "mcp:linear/list_issues",
	}
	if diff := cmp.Diff(want, ns); diff != "" {
		t.Errorf("namespace (-want +got):\n%s", diff)
	}
	wantRenames := []Rename{{Kind: RenameNamespace, Namespace: "logging", BoundAs: "logging_", Reason: ReasonModule, IDs: []string{"mcp:logging/search", "mcp:logging/tail"}}}
	if diff := cmp.Diff(wantRenames, r.Renames()); diff != "" {
		t.Errorf("renames (-want +got):\n%s", diff)
	}
	if len(r.Issues()) != 0 {
		t.Errorf("issues: %v", r.Issues())
	}
	if got := r.Aliases("mcp:logging/tail"); !cmp.Equal(got, []string{"logging_tail", "logging_.tail"}) {
		t.Errorf("aliases of mcp:logging/tail = %q", got)
	}

	// Removing the namespace's tools drops the rename.
	r.Remove("mcp:logging/tail")
	r.Remove("mcp:logging/search")
	if got := r.Renames(); len(got) != 0 {
		t.Errorf("renames after removal: %v", got)
	}
}

func TestRenamedNamespaceNeverTakesATakenName(t *testing.T) {
	t.Parallel()
	// A namespace already called logging_ keeps its name; logging then has
	// nowhere to go and is withdrawn, as before renaming existed.
	r := NewRegistry(WithModules("logging"))
	err := r.AddAll(testCap("mcp:logging/tail"), testCap("mcp:logging_/head"))
	var ae *AliasError
	if !errors.As(err, &ae) || ae.Kind != "namespace" || ae.Alias != "logging" || ae.Reason != ReasonModule {
		t.Fatalf("AddAll = %v", err)
	}
	if c, ok := r.Lookup("logging_.head"); !ok || c.ID != "mcp:logging_/head" {
		t.Errorf("logging_.head should reach mcp:logging_/head")
	}
	if _, ok := r.Lookup("logging_.tail"); ok {
		t.Errorf("logging_.tail made although logging_ is another namespace")
	}
	if c, ok := r.Lookup("logging_tail"); !ok || c.ID != "mcp:logging/tail" {
		t.Errorf("flat logging_tail should stay")
	}
	if len(r.Renames()) != 0 {
		t.Errorf("renames: %v", r.Renames())
	}

	// A flat alias equal to the renamed namespace gives way to it, as it
	// does to any namespace object.
	r = NewRegistry(WithModules("calendar"))
	err = r.AddAll(testCap("mcp:calendar/events"), testCap("cli:calendar_"))
	if !errors.As(err, &ae) || ae.Kind != "flat" || ae.Alias != "calendar_" || ae.Reason != "collides" {
		t.Fatalf("AddAll = %v", err)
	}
	if c, ok := r.Lookup("calendar_.events"); !ok || c.ID != "mcp:calendar/events" {
		t.Errorf("calendar_.events should be bound")
	}

	// A renamed name that is itself reserved is not used.
	r = NewRegistry(WithModules("io"), WithReserved("backend binding", "io_"))
	err = r.Add(testCap("mcp:io/read"))
	if !errors.As(err, &ae) || ae.Alias != "io" || ae.Kind != "namespace" {
		t.Fatalf("Add = %v", err)
	}
	if _, ok := r.Lookup("io_.read"); ok {
		t.Error("io_.read made although io_ is reserved")
	}
}

func TestSnippetNamespace(t *testing.T) {
	t.Parallel()
	r := NewRegistry(WithModules("logging", "asyncio"), WithReserved("backend binding", "io", "io_"))
	for _, tc := range []struct {
		ns, name, why string
		ok            bool
	}{
		{"linear", "linear", "", true},
		{"my-server", "my_server", "", true},
		{"logging", "logging_", ReasonModule, true},
		{"asyncio", "asyncio_", "runtime binding", true},
		{"print", "print_", "Python builtin", true},
		{"example.com/pkg/logging", "logging_", ReasonModule, true},
		{"io", "", "backend binding", false},
		{"9lives", "", "", false},
	} {
		name, why, ok := r.SnippetNamespace(tc.ns)
		if name != tc.name || why != tc.why || ok != tc.ok {
			t.Errorf("SnippetNamespace(%q) = %q, %q, %v; want %q, %q, %v", tc.ns, name, why, ok, tc.name, tc.why, tc.ok)
		}
	}
}

func TestSearchAndDescribeReportRenames(t *testing.T) {
	t.Parallel()
	r := NewRegistry(WithModules("calendar"))
	if err := r.AddAll(testCap("mcp:calendar/list_events"), testCap("mcp:linear/list_issues")); err != nil {
		t.Fatal(err)
	}
	res := r.Search(SearchOptions{Query: "events"})
	if len(res.Matches) != 1 || len(res.Renamed) != 1 || res.Renamed[0].BoundAs != "calendar_" {
		t.Fatalf("search: %d matches, renamed %v", len(res.Matches), res.Renamed)
	}
	brief := RenderSearch(res, DetailBrief)
	wantNote := "- namespace `calendar` is bound as `calendar_` in snippets (`calendar` is a stdlib module, which `import calendar` still gets): `await calendar_.NAME(...)`\n"
	if !strings.Contains(brief, "\nRenamed namespaces:\n"+wantNote) {
		t.Errorf("brief search does not explain the rename:\n%s", brief)
	}
	var full struct {
		Renamed []map[string]string `json:"renamed"`
	}
	if err := json.Unmarshal([]byte(RenderSearch(res, DetailFull)), &full); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]map[string]string{{"namespace": "calendar", "bound_as": "calendar_", "reason": ReasonModule}}, full.Renamed); diff != "" {
		t.Errorf("full search renamed (-want +got):\n%s", diff)
	}
	// A result without renamed namespaces says nothing about them.
	if other := RenderSearch(r.Search(SearchOptions{Query: "issues"}), DetailBrief); strings.Contains(other, "Renamed") {
		t.Errorf("unrelated search mentions renames:\n%s", other)
	}
	if d := r.Describe([]string{"calendar_.list_events"}, DetailDetailed); !strings.Contains(d, wantNote) || !strings.Contains(d, "`calendar_.list_events`") {
		t.Errorf("describe does not explain the rename:\n%s", d)
	}
}

// TestBinaryNamedLikeABuiltinIsRenamed: allowing a binary named like a
// builtin (id), a module (time) or a runtime binding (cli) made its flat
// alias an AliasError, which `run` and `serve` treat as fatal while
// `config check` said all was well. It is bound renamed, as namespaces
// are, and reported; a renamed alias never takes a taken name.
func TestBinaryNamedLikeABuiltinIsRenamed(t *testing.T) {
	t.Parallel()
	r := NewRegistry(WithModules("time", "json"))
	if err := r.AddAll(testCap("cli:id"), testCap("cli:time"), testCap("cli:cli"), testCap("cli:git")); err != nil {
		t.Fatalf("a renamed binary is not an error: %v", err)
	}
	want := Namespace{"id_": "cli:id", "time_": "cli:time", "cli_": "cli:cli", "git": "cli:git"}
	if diff := cmp.Diff(want, r.Namespace()); diff != "" {
		t.Errorf("namespace (-want +got):\n%s", diff)
	}
	wantRenames := []Rename{
		{Kind: RenameBinary, Namespace: "cli", BoundAs: "cli_", Reason: "runtime binding", IDs: []string{"cli:cli"}},
		{Kind: RenameBinary, Namespace: "id", BoundAs: "id_", Reason: "Python builtin", IDs: []string{"cli:id"}},
		{Kind: RenameBinary, Namespace: "time", BoundAs: "time_", Reason: ReasonModule, IDs: []string{"cli:time"}},
	}
	if diff := cmp.Diff(wantRenames, r.Renames()); diff != "" {
		t.Errorf("renames (-want +got):\n%s", diff)
	}
	res := r.Search(SearchOptions{Query: "id"})
	brief := RenderSearch(res, DetailBrief)
	if !strings.Contains(brief, "\nRenamed binaries:\n- binary `id` is bound as `id_` in snippets (`id` is a Python builtin): `await id_(...)` or `await cli.id(...)`\n") {
		t.Errorf("search does not explain the rename:\n%s", brief)
	}
	if name, why, ok := r.SnippetBinary("time"); name != "time_" || why != ReasonModule || !ok {
		t.Errorf("SnippetBinary(time) = %q, %q, %v", name, why, ok)
	}

	// Taken: a binary called id_ keeps its name, and id has nowhere to go;
	// a namespace renamed to json_ keeps it from the binary json.
	r = NewRegistry(WithModules("json"))
	err := r.AddAll(testCap("cli:id"), testCap("cli:id_"), testCap("mcp:json/parse"), testCap("cli:json"))
	var issues []string
	for _, is := range r.Issues() {
		issues = append(issues, is.Kind+" "+is.Alias+": "+is.Reason)
	}
	if diff := cmp.Diff([]string{"flat id: Python builtin", "flat json: stdlib module"}, issues); diff != "" || err == nil {
		t.Errorf("issues (-want +got):\n%s (err %v)", diff, err)
	}
	if c, ok := r.Lookup("id_"); !ok || c.ID != "cli:id_" {
		t.Errorf("id_ should be the binary id_")
	}
	if c, ok := r.Lookup("json_.parse"); !ok || c.ID != "mcp:json/parse" {
		t.Errorf("json_.parse should be the namespace")
	}
}
