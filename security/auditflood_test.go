package security_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
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

// TestAttackAuditFloodRotatesAwayAnotherToken: the audit file keeps
// max_files rotated files of max_file_bytes, and rotation removed the
// oldest file whole: one token making capability calls rotated every
// other token's lines away (a calm token's run, minutes old, was no
// longer in any file), erasing the trace of what it had done. Now a
// rotation keeps the lines of subjects that hold little of the files,
// carrying them into the file that becomes the oldest, removes the
// flooding token's own, and writes an audit_rotated line counting what
// it removed, by subject.
func TestAttackAuditFloodRotatesAwayAnotherToken(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewBareEnv(t)
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	e.WriteFile(t, e.Config, fmt.Sprintf(`[audit]
enabled = true
path = %q
max_file_bytes = 8192
max_files = 2

[mcp.servers.up]
command = %q
`, path, bins.TestMCP)+e.AddToken("flood", "flood-secret-0123456789", `allow = "source"`)+e.AddToken("calm", "calm-secret-0123456789", `allow = "source"`)+e.AddToken("probe", "probe-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, e.Config)
	calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)
	if v := e2e.MustRun(t, calm, "return 'calm'"); v != "calm" {
		t.Fatalf("calm run: %v", v)
	}
	flood := e2e.ConnectHTTPToken(t, srv.URL, "flood-secret-0123456789", nil)
	// 300 calls, a dispatch line each: more than ten times what the
	// three files hold.
	for range 3 {
		e2e.MustRun(t, flood, "for i in range(100):\n    await up.echo(text='x')\nreturn 1")
	}
	// A third token's run after the flood: once its run_end is in the
	// file, every line before it is.
	probe := e2e.ConnectHTTPToken(t, srv.URL, "probe-secret-0123456789", nil)
	e2e.MustRun(t, probe, "return 1")
	var calmLines, floodLines, rotations int
	var removedFlood float64
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		calmLines, floodLines, rotations, removedFlood = 0, 0, 0, 0
		probed := false
		files, _ := filepath.Glob(path + "*")
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			for _, text := range strings.Split(strings.TrimSpace(string(data)), "\n") {
				var ln map[string]any
				if json.Unmarshal([]byte(text), &ln) != nil {
					continue
				}
				switch {
				case ln["subject"] == "calm":
					calmLines++
				case ln["subject"] == "flood":
					floodLines++
				case ln["subject"] == "probe" && ln["event"] == "run_end":
					probed = true
				case ln["event"] == "audit_rotated":
					rotations++
					if m, ok := ln["meta"].(map[string]any); ok {
						if r, ok := m["removed_lines"].(map[string]any); ok {
							n, _ := r["flood"].(float64)
							removedFlood += n
						}
					}
				}
			}
		}
		if probed {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the probe token's run_end did not reach the audit files")
		}
	}
	t.Logf("after %d rotations the files hold %d of the calm token's lines and %d of the flood's (%v of its removed)", rotations, calmLines, floodLines, removedFlood)
	if calmLines < 2 {
		t.Errorf("the files hold %d of the calm token's lines; want its run_start and run_end", calmLines)
	}
	if rotations == 0 || removedFlood == 0 {
		t.Errorf("%d audit_rotated lines counting %v of the flood's lines removed; want the rotations said", rotations, removedFlood)
	}
}
