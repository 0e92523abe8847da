package server

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python/vm"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/describe/*.golden from the current output")

// describeCatalog is a deployment's catalog for the description tests:
// host functions, an MCP server with nested and text-only tools, a
// vault server only some subjects may call, and CLI binaries.
func describeCatalog(t *testing.T, withCLI bool) *capability.Registry {
	t.Helper()
	reg := capability.NewRegistry(capability.WithModules("asyncio", "json", "math", "re"))
	h := func(context.Context, map[string]any) (*capability.Result, error) { return &capability.Result{}, nil }
	obj := func(s string) json.RawMessage { return json.RawMessage(s) }
	caps := []capability.Capability{
		{ID: "go:notes/add", Description: "Add a note.", InputSchema: obj(`{"type":"object","properties":{"title":{"type":"string"},"body":{"type":"string"}},"required":["title"]}`)},
		{ID: "go:notes/list", Description: "List notes, newest first.", InputSchema: obj(`{"type":"object","properties":{"tag":{"type":"string"},"limit":{"type":"integer"}},"required":["limit"]}`),
			OutputSchema: obj(`{"type":"object","properties":{"notes":{"type":"array","items":{"type":"object","properties":{"title":{"type":"string"}}}}}}`)},
		{ID: "mcp:memory/create_entities", Description: "Create entities in the knowledge graph.",
			InputSchema: obj(`{"type":"object","properties":{"entities":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"observations":{"type":"array","items":{"type":"string"}}},"required":["name"]}}},"required":["entities"]}`)},
		{ID: "mcp:files/read_text_file", Description: "Read a file as text.", InputSchema: obj(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)},
		{ID: "mcp:vault/read_secret", Description: "Read a secret of the vault.", InputSchema: obj(`{"type":"object","properties":{"secret_name":{"type":"string"}},"required":["secret_name"]}`)},
		{ID: "mcp:vault/list_secrets", Description: "List the vault's secrets.", InputSchema: obj(`{"type":"object"}`)},
	}
	if withCLI {
		caps = append(caps, capability.Capability{ID: "cli:git", Description: "CLI binary git."}, capability.Capability{ID: "cli:rg", Description: "CLI binary rg."})
	}
	for i := range caps {
		caps[i].Handler = h
	}
	if err := reg.AddAll(caps...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// subjectGuard authenticates "Bearer SUBJECT" and admits by subject:
// admin everything, reader all but the vault, rgonly the rg binary,
// nobody nothing.
type subjectGuard struct{}

func (subjectGuard) Authenticate(r *http.Request) (string, error) {
	subject, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || subject == "" {
		return "", errors.New("no token")
	}
	return subject, nil
}

func (subjectGuard) Admits(subject string, c *capability.Capability) bool {
	switch subject {
	case "admin":
		return true
	case "reader":
		return c.Namespace != "vault"
	case "rgonly":
		return c.ID == "cli:rg"
	}
	return false
}

// catalogEngine is pyEngine over another registry (descriptions only
// read the registry).
type catalogEngine struct {
	*pyEngine
	reg *capability.Registry
}

func (e catalogEngine) Registry() *capability.Registry { return e.reg }

func describeServer(t *testing.T, reg *capability.Registry, mod func(*Options)) *Server {
	t.Helper()
	opts := Options{Engine: catalogEngine{newPyEngine(nil), reg}, SessionsEnabled: true, ResultsEnabled: true, Guard: subjectGuard{}}
	if mod != nil {
		mod(&opts)
	}
	srv, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// TestDescriptionsGolden: the meta-tools' descriptions, built from a test
// catalog for callers admitted to all of it, to all but the vault, to
// one CLI binary, to nothing, and for a server without sessions or
// results.
func TestDescriptionsGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, subject string
		cli           bool
		mod           func(*Options)
	}{
		{"admin", "admin", true, nil},
		{"reader", "reader", true, nil},
		{"reader_no_cli", "reader", false, nil},
		{"rg_only", "rgonly", true, nil},
		{"nothing", "nobody", true, nil},
		{"no_sessions", "reader", false, func(o *Options) {
			o.SessionsEnabled, o.ResultsEnabled = false, false
			o.DefaultTimeout, o.MaxTimeout = 30e9, 120e9
		}},
	} {
		srv := describeServer(t, describeCatalog(t, tc.cli), tc.mod)
		d := buildDescriptions(srv.describeFacts(caller{subject: tc.subject}))
		got := "## search_capabilities\n" + d.Search + "\n\n## get_capability_schemas\n" + d.Schemas + "\n\n## execute_code\n" + d.Execute
		checkDescribeGolden(t, tc.name, got)
	}
}

func checkDescribeGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "describe", name+".golden")
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./server -run TestDescriptionsGolden -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

// TestAttackDescriptionsNameNoHiddenCapability: over HTTP, each token's
// tools/list carries meta-tool descriptions built from what it may call:
// a token kept from the vault finds no word of it there (no example
// calls it, the count leaves it out), and its descriptions are exactly
// those of a server where the vault does not exist. The tool list an
// admitted token sees does name it.
func TestAttackDescriptionsNameNoHiddenCapability(t *testing.T) {
	t.Parallel()
	withVault := describeCatalog(t, true)
	without := describeCatalog(t, true)
	without.RemoveAll("mcp:vault/read_secret", "mcp:vault/list_secrets")
	list := func(reg *capability.Registry, subject string) map[string]string {
		ts := httptest.NewServer(describeServer(t, reg, nil).Handler())
		t.Cleanup(ts.Close)
		hc := &http.Client{Transport: bearer{subject}}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).
			Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL, HTTPClient: hc}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		res, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, tool := range res.Tools {
			out[tool.Name] = tool.Description
		}
		return out
	}
	reader := list(withVault, "reader")
	if diff := cmp.Diff(list(without, "reader"), reader); diff != "" {
		t.Errorf("the reader's descriptions differ where a vault exists (-absent +present):\n%s", diff)
	}
	for name, desc := range reader {
		for _, word := range []string{"vault", "secret"} {
			if strings.Contains(strings.ToLower(desc), word) {
				t.Errorf("%s's description names the hidden %q:\n%s", name, word, desc)
			}
		}
	}
	if !strings.Contains(reader[ToolExecute], "notes.list(limit=10)") {
		t.Errorf("the reader's execute_code description has no example of its own catalog:\n%s", reader[ToolExecute])
	}
	admin := list(withVault, "admin")
	if !strings.Contains(admin[ToolExecute], "may call 8 capabilities") || !strings.Contains(reader[ToolExecute], "may call 6 capabilities") {
		t.Errorf("counts: admin %q, reader %q", admin[ToolExecute], reader[ToolExecute])
	}
	if nobody := list(withVault, "nobody"); strings.Contains(nobody[ToolExecute], "notes") || !strings.Contains(nobody[ToolExecute], "No capabilities are available") {
		t.Errorf("a token admitted to nothing reads:\n%s", nobody[ToolExecute])
	}
}

// bearer sends a subject as its bearer token.
type bearer struct{ subject string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.subject)
	return http.DefaultTransport.RoundTrip(r)
}

// TestDescriptionSaysMaxHostCalls: execute_code's description gives the
// capability calls a run may make as the server was configured
// ([session] max_host_calls), not the interpreter's default.
func TestDescriptionSaysMaxHostCalls(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		set, want int
	}{{0, vm.DefaultMaxHostCalls}, {2500, 2500}} {
		srv := describeServer(t, describeCatalog(t, false), func(o *Options) { o.MaxHostCalls = tc.set })
		d := buildDescriptions(srv.describeFacts(caller{subject: "reader"}))
		if want := fmt.Sprintf("; %d capability calls.", tc.want); !strings.Contains(d.Execute, want) {
			t.Errorf("MaxHostCalls %d: the description does not say %q:\n%s", tc.set, want, d.Execute)
		}
	}
}
