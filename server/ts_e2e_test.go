package server_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/internal/e2e"
)

// nodePrefix is where server/testdata/node/install.sh puts the npm packages.
func nodePrefix(t *testing.T) string {
	t.Helper()
	prefix := os.Getenv("TOOLPLANE_FACADE_NODE_PREFIX")
	if prefix == "" {
		abs, err := filepath.Abs(filepath.Join("..", ".cache", "node-facade"))
		if err != nil {
			t.Fatal(err)
		}
		prefix = abs
	}
	if _, err := os.Stat(filepath.Join(prefix, "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err != nil {
		// TOOLPLANE_REQUIRE_NODE is set by the test script once it runs
		// install.sh, so a missing install fails there instead of skipping.
		if os.Getenv("TOOLPLANE_REQUIRE_NODE") != "" {
			t.Fatalf("the TypeScript MCP SDK is not installed under %s; run server/testdata/node/install.sh first", prefix)
		}
		t.Skipf("the TypeScript MCP SDK is not installed (run server/testdata/node/install.sh): %v", err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skipf("node is not on PATH: %v", err)
	}
	return prefix
}

// tsSession is what testdata/node/client.cjs reports.
type tsSession struct {
	Tools   []string `json:"tools"`
	Search  string   `json:"search"`
	Schemas string   `json:"schemas"`
	Dict    *tsRun   `json:"dict"`
	Set     *tsRun   `json:"set"`
	Get     *tsRun   `json:"get"`
	Timeout *tsRun   `json:"timeout"`
	After   *tsRun   `json:"after"`
	Save    *tsRun   `json:"save"`

	Resources []string `json:"resources"`
	Read      []string `json:"read"`

	Asked    []string `json:"asked"`
	Escalate *tsRun   `json:"escalate"`
}

type tsRun struct {
	IsError    bool           `json:"isError"`
	Text       string         `json:"text"`
	Structured map[string]any `json:"structured"`
}

func runTSClient(t *testing.T, prefix string, e *e2e.Env, args ...string) tsSession {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("testdata", "node", "client.cjs"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", append([]string{script, prefix}, args...)...)
	cmd.Dir = e.Dir
	cmd.Env = []string{"HOME=" + filepath.Join(e.Dir, "home"), "PATH=" + os.Getenv("PATH"), "TOOLPLANE_TOKEN=" + e2e.Token}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("TypeScript client: %v\n%s", err, stderr.String())
	}
	var s tsSession
	if err := json.Unmarshal(out, &s); err != nil {
		t.Fatalf("TypeScript client output %q: %v", out, err)
	}
	return s
}

func TestE2ETypeScriptClient(t *testing.T) {
	t.Parallel()
	prefix := nodePrefix(t)
	execute := e2e.InterpreterReady() == nil
	for _, transport := range []string{"stdio", "http"} {
		t.Run(transport, func(t *testing.T) {
			t.Parallel()
			e := bins.NewEnv(t, "")
			var args []string
			if transport == "stdio" {
				args = []string{"stdio", bins.Toolplane, e.Config}
			} else {
				args = []string{"http", e.HTTPURL(t)}
			}
			if execute {
				args = append(args, "--execute")
			}
			s := runTSClient(t, prefix, e, args...)
			if !slices.Equal(s.Tools, []string{"execute_code", "get_capability_schemas", "search_capabilities"}) {
				t.Errorf("tools = %v", s.Tools)
			}
			if !strings.Contains(s.Search, "mcp:up/list_items") || !strings.Contains(s.Schemas, "page_size") {
				t.Errorf("search:\n%s\nschemas:\n%s", s.Search, s.Schemas)
			}
			if !execute {
				t.Log("the embedded interpreter does not run snippets yet; execute_code was not exercised")
				return
			}
			if s.Dict == nil || s.Dict.IsError {
				t.Fatalf("dict run: %+v", s.Dict)
			}
			if b, _ := json.Marshal(s.Dict.Structured["value"]); string(b) != `{"first":"item-001","n":3}` {
				t.Errorf("dict value = %s", b)
			}
			if s.Get.IsError || s.Get.Structured["value"] != float64(21) {
				t.Errorf("session get: %+v", s.Get)
			}
			if !s.Timeout.IsError || s.Timeout.Structured["rolled_back"] != true {
				t.Errorf("timeout run: %+v", s.Timeout)
			}
			if s.After.Structured["value"] != float64(20) {
				t.Errorf("after rollback: %+v", s.After)
			}
			handle, _ := s.Save.Structured["value"].(string)
			if !strings.HasPrefix(handle, "res_") || !slices.Equal(s.Resources, []string{"toolplane://results/" + handle}) {
				t.Errorf("save %+v, resources %v", s.Save, s.Resources)
			}
			if !slices.Equal(s.Read, []string{"[1,2,3]"}) {
				t.Errorf("read = %v", s.Read)
			}
		})
	}
}

// TestE2ETypeScriptClientEscalation: a CLI escalation asked of the
// TypeScript SDK's client over stdio, which speaks a protocol that still
// has elicitation/create (the SDK's latest): the question arrives as
// elicitation, the yes runs the binary once.
func TestE2ETypeScriptClientEscalation(t *testing.T) {
	t.Parallel()
	prefix := nodePrefix(t)
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[cli]\nmode = \"allowlist\"\nallow = [\"true\"]\nescalate = true\n")
	target := filepath.Join(e.Dir, "granted")
	s := runTSClient(t, prefix, e, "stdio", bins.Toolplane, e.Config, "--escalate", target)
	if s.Escalate == nil || s.Escalate.IsError || s.Escalate.Structured["value"] != float64(0) {
		t.Fatalf("escalated run: %+v", s.Escalate)
	}
	if len(s.Asked) != 1 || !strings.Contains(s.Asked[0], "touch "+target) {
		t.Errorf("questions: %q", s.Asked)
	}
	if _, err := os.Stat(target); err != nil {
		t.Errorf("the granted binary did not run: %v", err)
	}
}
