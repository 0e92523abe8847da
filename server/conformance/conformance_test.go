package conformance

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/server"
)

// suite locates Node 22 and the conformance suite installed by
// server/testdata/node/install.sh.
func suite(t *testing.T) (node, script string) {
	t.Helper()
	prefix := os.Getenv("TOOLPLANE_FACADE_NODE_PREFIX")
	if prefix == "" {
		abs, err := filepath.Abs(filepath.Join("..", "..", ".cache", "node-facade"))
		if err != nil {
			t.Fatal(err)
		}
		prefix = abs
	}
	node = filepath.Join(prefix, "node_modules", ".bin", "node")
	script = filepath.Join(prefix, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js")
	for _, p := range []string{node, script} {
		if _, err := os.Stat(p); err != nil {
			if os.Getenv("TOOLPLANE_REQUIRE_NODE") != "" {
				t.Fatalf("the conformance suite is not installed (%v); run server/testdata/node/install.sh first", err)
			}
			t.Skipf("the conformance suite is not installed (run server/testdata/node/install.sh): %v", err)
		}
	}
	return node, script
}

// expectedFailures are server scenarios this example is known to fail,
// with the reason. Empty: every active scenario must pass.
var expectedFailures = map[string]string{}

var summary = regexp.MustCompile(`(?m)^\s*(?:Total:\s*)?(\d+) passed, (\d+) failed`)

func TestConformanceServerScenarios(t *testing.T) {
	node, script := suite(t)
	srv, rt, err := New()
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	mux := http.NewServeMux()
	mux.Handle(server.HTTPPath, srv.Handler())
	ts := httptest.NewServer(mux)
	defer ts.Close()

	out := t.TempDir()
	args := []string{script, "server", "--url", ts.URL + server.HTTPPath, "-o", out}
	if s := os.Getenv("TOOLPLANE_CONFORMANCE_SUITE"); s != "" {
		args = append(args, "--suite", s)
	}
	if len(expectedFailures) > 0 {
		var b strings.Builder
		b.WriteString("server:\n")
		for name := range expectedFailures {
			b.WriteString("  - " + name + "\n")
		}
		path := filepath.Join(out, "expected-failures.yml")
		if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
			t.Fatal(err)
		}
		args = append(args, "--expected-failures", path)
	}
	cmd := exec.Command(node, args...)
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(node)+string(os.PathListSeparator)+os.Getenv("PATH"))
	cmd.WaitDelay = 10 * time.Second
	output, err := cmd.CombinedOutput()
	text := string(output)
	m := summary.FindAllStringSubmatch(text, -1)
	if len(m) == 0 {
		t.Fatalf("no pass/fail summary in the suite's output (err %v):\n%s", err, text)
	}
	last := m[len(m)-1]
	passed, _ := strconv.Atoi(last[1])
	failed, _ := strconv.Atoi(last[2])
	t.Logf("conformance server scenarios: %d passed, %d failed", passed, failed)
	if os.Getenv("TOOLPLANE_SHOW_CONFORMANCE") != "" {
		t.Log(text)
	}
	if err != nil || failed > 0 {
		t.Errorf("the conformance suite failed (%v):\n%s", err, text)
	}
	if passed == 0 {
		t.Errorf("the suite passed nothing:\n%s", text)
	}
}
