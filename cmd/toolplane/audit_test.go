package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// auditEvents reads the audit log at path; a missing file is no events.
func auditEvents(t *testing.T, path string) []map[string]any {
	t.Helper()
	if _, err := os.Stat(path); os.IsNotExist(err) {
		return nil
	}
	return e2e.AuditLines(t, path)
}

// serveStdio starts `toolplane serve mcp` on cfg in dir and connects a
// client with opts; the server's stderr is returned as it grows.
func serveStdio(t *testing.T, dir, cfg string, opts *mcp.ClientOptions, sopts *mcp.ClientSessionOptions) (*mcp.ClientSession, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(binary, "serve", "mcp", "--config", cfg)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + filepath.Join(dir, "home"), "PATH=" + os.Getenv("PATH"), "TOOLPLANE_SECRET_STORE=file", "TOOLPLANE_STORAGE_KEY=" + testStorageKey}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cs, err := e2e.Client(opts).Connect(ctx, &mcp.CommandTransport{Command: cmd}, sopts)
	if err != nil {
		t.Fatalf("connecting to serve mcp: %v\n%s", err, stderr.String())
	}
	t.Cleanup(func() { cs.Close() })
	return cs, &stderr
}

// TestRunWritesRunEvents: `toolplane run` writes run_start and run_end as
// serve does (run id, snippet hash, backend, duration, outcome, and the
// escalations_cancelled list), for a run that succeeds and one that
// raises.
func TestRunWritesRunEvents(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	dir := t.TempDir()
	log := filepath.Join(dir, "audit.jsonl")
	cfg := filepath.Join(dir, "toolplane.toml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf("[audit]\nenabled = true\npath = %q\n", log)), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := runBinaryStdin(t, dir, "return 6 * 7\n", "run", "--config", cfg, "-"); r.code != 0 || r.stdout != "42\n" {
		t.Fatalf("run: %+v", r)
	}
	if r := runBinaryStdin(t, dir, "raise KeyError('k')\n", "run", "--config", cfg, "-"); r.code != 1 {
		t.Fatalf("run raising: %+v", r)
	}
	ev := auditEvents(t, log)
	if len(ev) != 4 {
		t.Fatalf("audit log has %d events, want run_start/run_end twice: %v", len(ev), ev)
	}
	for i, want := range []struct{ outcome, errType string }{{"ok", ""}, {"error", "KeyError"}} {
		start, end := ev[2*i], ev[2*i+1]
		if start["event"] != "run_start" || end["event"] != "run_end" {
			t.Fatalf("events %d, %d = %v, %v", 2*i, 2*i+1, start, end)
		}
		id, _ := start["run_id"].(string)
		if !strings.HasPrefix(id, "run_") || end["run_id"] != id || start["snippet_sha256"] == nil || end["snippet_sha256"] != start["snippet_sha256"] {
			t.Errorf("run %d: start %v end %v do not share a run id and snippet hash", i, start, end)
		}
		if start["backend"] != "embedded" || end["backend"] != "embedded" || end["duration_ms"] == nil {
			t.Errorf("run %d: backend or duration missing: %v %v", i, start, end)
		}
		if end["outcome"] != want.outcome || (want.errType != "" && end["error_type"] != want.errType) {
			t.Errorf("run %d: run_end %v, want outcome %s %s", i, end, want.outcome, want.errType)
		}
		if c, ok := end["escalations_cancelled"].([]any); !ok || len(c) != 0 {
			t.Errorf("run %d: run_end escalations_cancelled = %#v, want []", i, end["escalations_cancelled"])
		}
		if _, ok := start["escalations_cancelled"]; ok {
			t.Errorf("run_start carries escalations_cancelled: %v", start)
		}
	}
}

// TestAuditPathUnwritableWarnsAndGoesOn: an [audit] path that cannot be
// written (its parent is a file: no permission bits stop root, this
// does) costs the audit log, not the run: `run` and `serve mcp` work,
// warning exactly once.
func TestAuditPathUnwritableWarnsAndGoesOn(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	dir := t.TempDir()
	blocker := filepath.Join(dir, "not-a-dir")
	if err := os.WriteFile(blocker, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(blocker, "audit.jsonl")
	cfg := filepath.Join(dir, "toolplane.toml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf("[audit]\nenabled = true\npath = %q\n", log)), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runBinaryStdin(t, dir, "return 1 + 1\n", "run", "--config", cfg, "-")
	if r.code != 0 || r.stdout != "2\n" {
		t.Fatalf("run with an unwritable audit path: %+v", r)
	}
	if n := strings.Count(r.stderr, "warning"); n != 1 || !strings.Contains(r.stderr, log) || !strings.Contains(r.stderr, "audit logging is off") {
		t.Errorf("run: want one warning naming %s, got:\n%s", log, r.stderr)
	}

	cs, stderr := serveStdio(t, dir, cfg, nil, nil)
	for i := range 2 {
		_, out := e2e.Call(t, cs, "execute_code", map[string]any{"code": "return 20 + 22"})
		if out["value"] != float64(42) {
			t.Fatalf("serve execute_code %d with an unwritable audit path: %v", i, out)
		}
	}
	cs.Close()
	if s := stderr.String(); strings.Count(s, "audit logging is off") != 1 || !strings.Contains(s, log) {
		t.Errorf("serve: want one warning naming %s, got:\n%s", log, s)
	}
}

// TestServeRunEndListsCancelledEscalations: an escalation question still
// unanswered when the run's time runs out is cut short, and the run's
// run_end says so (escalation events carry no run id; this is how they
// are tied to their run).
func TestServeRunEndListsCancelledEscalations(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	dir := t.TempDir()
	log := filepath.Join(dir, "audit.jsonl")
	cfg := filepath.Join(dir, "toolplane.toml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf("[cli]\nmode = \"allowlist\"\nallow = [\"true\"]\nescalate = true\n\n[audit]\nenabled = true\npath = %q\n", log)), 0o600); err != nil {
		t.Fatal(err)
	}
	// The human never answers.
	opts := &mcp.ClientOptions{ElicitationHandler: func(ctx context.Context, _ *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	cs, stderr := serveStdio(t, dir, cfg, opts, e2e.ElicitingSession())
	res, out := e2e.Call(t, cs, "execute_code", map[string]any{"code": `await cli_run("uname")`, "timeout": 2})
	if out["error"] == nil {
		t.Fatalf("a run waiting on an unanswered escalation finished: %v %s\n%s", out, e2e.Text(res), stderr.String())
	}
	_, out = e2e.Call(t, cs, "execute_code", map[string]any{"code": "return 1"})
	if out["value"] != float64(1) {
		t.Fatalf("next run: %v", out)
	}
	var ends []map[string]any
	for _, ev := range auditEvents(t, log) {
		if ev["event"] == "run_end" {
			ends = append(ends, ev)
		}
	}
	if len(ends) != 2 {
		t.Fatalf("run_end events: %v", ends)
	}
	if got, _ := json.Marshal(ends[0]["escalations_cancelled"]); string(got) != `["cli:uname"]` {
		t.Errorf("the timed-out run's run_end escalations_cancelled = %s, want [\"cli:uname\"]: %v", got, ends[0])
	}
	if got, _ := json.Marshal(ends[1]["escalations_cancelled"]); string(got) != `[]` {
		t.Errorf("the next run's run_end escalations_cancelled = %s, want []", got)
	}
}
