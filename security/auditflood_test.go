package security_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackAuditFloodCrowdsOutAnotherToken: each audit sink has a
// bounded queue ([audit] queue_size) and a line that finds it full is
// dropped. While a collector was slow, one token making capability calls
// filled the queue with its dispatch lines and every other token's lines
// were dropped: a token could keep others' runs (or, interleaved, its own
// other actions) out of the audit trail. Now a token may take a place in
// the queue only while it holds fewer lines than are left free, so a
// flooding token holds at most half and another token's lines get in.
func TestAttackAuditFloodCrowdsOutAnotherToken(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	release := make(chan struct{})
	var mu sync.Mutex
	var lines []map[string]any
	collector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release // a collector that is slow to answer
		sc := bufio.NewScanner(r.Body)
		sc.Buffer(nil, 1<<20)
		mu.Lock()
		for sc.Scan() {
			var ln map[string]any
			if json.Unmarshal(sc.Bytes(), &ln) == nil {
				lines = append(lines, ln)
			}
		}
		mu.Unlock()
	}))
	t.Cleanup(collector.Close)
	var once sync.Once
	open := func() { once.Do(func() { close(release) }) }
	t.Cleanup(open)

	e := bins.NewBareEnv(t)
	e.WriteFile(t, e.Config, fmt.Sprintf(`[audit]
enabled = true
sinks = ["http"]
queue_size = 64

[audit.http]
url = %q
timeout = "60s"

[mcp.servers.up]
command = %q
`, collector.URL+"/audit", bins.TestMCP)+e.AddToken("flood", "flood-secret-0123456789", `allow = "source"`)+e.AddToken("calm", "calm-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, e.Config)
	flood := e2e.ConnectHTTPToken(t, srv.URL, "flood-secret-0123456789", nil)
	calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)

	// 200 calls, each a dispatch line, against a queue of 64 that the
	// collector does not drain.
	e2e.MustRun(t, flood, "for i in range(200):\n    await up.echo(text='x')\nreturn 1")
	if v := e2e.MustRun(t, calm, "return 'calm'"); v != "calm" {
		t.Fatalf("calm run: %v", v)
	}
	open()
	deadline := time.Now().Add(30 * time.Second)
	for {
		mu.Lock()
		var calmLines, floodLines int
		for _, ln := range lines {
			switch ln["subject"] {
			case "calm":
				calmLines++
			case "flood":
				floodLines++
			}
		}
		mu.Unlock()
		if calmLines >= 2 {
			return // run_start and run_end
		}
		if time.Now().After(deadline) {
			t.Fatalf("the collector got %d of the calm token's lines (want its run_start and run_end) and %d of the flood's", calmLines, floodLines)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
