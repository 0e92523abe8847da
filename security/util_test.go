package security_test

import (
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/internal/e2e"
)

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// tokensConfig writes e's configuration with a token for each of names
// (secret NAME-secret-0123456789, allowed every source) and extra after
// them, and returns the file's path.
func tokensConfig(t testing.TB, e *e2e.Env, extra string, names ...string) string {
	t.Helper()
	text := readFile(t, e.Config)
	for _, n := range names {
		text += e.AddToken(n, n+"-secret-0123456789", `allow = "source"`)
	}
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, text+extra)
	return cfg
}

// readAll reads and closes a response body (at most 1 MiB).
func readAll(t testing.TB, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func itoa(i int) string { return strconv.Itoa(i) }

// metricsGauge waits (on gate) for srv to say where it serves metrics and
// returns a reader of one gauge's value in a fresh scrape; a gauge missing
// from the scrape fails the test.
func metricsGauge(t *testing.T, srv *e2e.Server, gate *e2e.Gate) func(name string) int {
	t.Helper()
	metricsURL := ""
	gate.WaitUntil(t, "the metrics address", func() bool {
		for _, ln := range strings.Split(srv.Stderr(), "\n") {
			if _, u, ok := strings.Cut(ln, "serving metrics at "); ok {
				metricsURL = strings.TrimSpace(u)
				return true
			}
		}
		return false
	})
	return func(name string) int {
		res, err := http.Get(metricsURL)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		for _, ln := range strings.Split(string(body), "\n") {
			if v, ok := strings.CutPrefix(ln, name+" "); ok {
				n, _ := strconv.Atoi(strings.TrimSpace(v))
				return n
			}
		}
		t.Fatalf("no %s in the scrape:\n%.2000s", name, body)
		return 0
	}
}
