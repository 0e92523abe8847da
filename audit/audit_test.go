package audit

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/python"
)

func readLines(t *testing.T, data []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %q is not a JSON object: %v", sc.Text(), err)
		}
		out = append(out, m)
	}
	return out
}

func TestOpenWritesJSONLines(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "sub", "audit.jsonl")
	l, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	hash := SnippetHash("return 1")
	l.Log(Event{Event: EventRunStart, RunID: "run_1", SnippetSHA256: hash, Backend: "embedded"})
	l.Log(Event{Event: EventRunEnd, RunID: "run_1", SnippetSHA256: hash, Backend: "embedded", Duration: 1500 * time.Microsecond, HasDuration: true, Outcome: OutcomeOK})
	l.Log(Event{Event: EventEscalation, RunID: "run_1", Capability: "cli:git", Binary: "git", Outcome: OutcomeDenied, Reason: "not_allowed"})
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	l.Log(Event{Event: EventRunStart}) // after Close: dropped, no panic

	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm != 0o600 {
		t.Errorf("audit file mode = %v, want 0600", perm)
	}
	data, _ := os.ReadFile(path)
	lines := readLines(t, data)
	if len(lines) != 3 {
		t.Fatalf("got %d lines, want 3:\n%s", len(lines), data)
	}
	if lines[0]["event"] != "run_start" || lines[0]["snippet_sha256"] != hash || lines[0]["backend"] != "embedded" {
		t.Errorf("run_start line = %v", lines[0])
	}
	if _, ok := lines[0]["duration_ms"]; ok {
		t.Errorf("run_start has a duration: %v", lines[0])
	}
	if lines[1]["duration_ms"] != 1.5 || lines[1]["outcome"] != "ok" {
		t.Errorf("run_end line = %v", lines[1])
	}
	if _, ok := lines[2]["run_id"]; ok {
		t.Errorf("escalation line carries a run_id: %v", lines[2])
	}
	if _, err := time.Parse(time.RFC3339Nano, lines[2]["ts"].(string)); err != nil {
		t.Errorf("ts: %v", err)
	}
}

func TestSnippetHashIsSHA256(t *testing.T) {
	t.Parallel()
	// sha256("") is a well-known constant.
	if got := SnippetHash(""); got != "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" {
		t.Errorf("SnippetHash(\"\") = %s", got)
	}
}

type failingWriter struct {
	mu sync.Mutex
	n  int
}

func (w *failingWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.n++
	w.mu.Unlock()
	return 0, errors.New("disk full")
}

// TestWriteFailureIsCountedAndRetried: a failing sink is not disabled
// forever (a full disk recovers): every line is counted as failed, the
// sink is tried again, and the failures are reported once per interval,
// naming the cause.
func TestWriteFailureIsCountedAndRetried(t *testing.T) {
	t.Parallel()
	var warn syncBuffer
	fw := &failingWriter{}
	l, err := NewLogger(Options{Warn: &warn, ReportInterval: time.Hour}, WriterSink("disk", fw))
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		l.Log(Event{Event: EventRunStart, RunID: "r"})
		if err := l.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if st := l.Stats(); st.Failed() != 5 || st.Sinks[0].Written != 0 {
		t.Errorf("stats = %+v, want 5 failed", st)
	}
	if fw.n != 5 {
		t.Errorf("writer called %d times, want 5 (retried after a failure)", fw.n)
	}
	_ = l.Close()
	w := warn.buf.String()
	if got := strings.Count(w, "warning"); got != 1 || !strings.Contains(w, "disk full") || !strings.Contains(w, "5 lines failed") {
		t.Errorf("got %d warnings, want 1 naming the cause and the count: %q", got, w)
	}
}

func TestNilLoggerIsNoOp(t *testing.T) {
	t.Parallel()
	var l *Logger
	l.Log(Event{Event: EventRunStart})
	h := Middleware(l)(func(ctx context.Context, c *dispatch.Call) (*dispatch.Result, error) { return &dispatch.Result{}, nil })
	if _, err := h(context.Background(), &dispatch.Call{CapabilityID: "go:x/y"}); err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
}

// syncBuffer is a bytes.Buffer that checks every Write is whole lines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	bad int
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(p) == 0 || p[len(p)-1] != '\n' {
		b.bad++
	}
	return b.buf.Write(p)
}

func TestMiddlewareRecordsMetadataOnly(t *testing.T) {
	t.Parallel()
	out := &syncBuffer{}
	l := New(out, nil)
	secret := "hunter2-secret-argument"
	terminus := func(ctx context.Context, c *dispatch.Call) (*dispatch.Result, error) {
		switch c.CapabilityID {
		case "go:greeter/greet":
			return &dispatch.Result{Structured: map[string]any{"greeting": secret}}, nil
		case "cli:git":
			return &dispatch.Result{IsError: true}, nil
		case "mcp:linear/list":
			return nil, &python.HostError{Type: "PermissionError", Message: "denied " + secret}
		case "mcp:linear/create":
			return nil, fmt.Errorf("wrapped: %w", dispatch.Deny(c, "not allowed "+secret))
		}
		return nil, context.DeadlineExceeded
	}
	h := Middleware(l)(terminus)
	calls := []string{"go:greeter/greet", "cli:git", "mcp:linear/list", "mcp:linear/create", "go:slow/op"}
	var wg sync.WaitGroup
	const rounds = 50
	for range rounds {
		for _, id := range calls {
			wg.Go(func() {
				_, _ = h(context.Background(), &dispatch.Call{
					Origin: dispatch.OriginSnippet, CapabilityID: id, RunID: "run_x",
					Args: map[string]any{"token": secret},
				})
			})
		}
	}
	wg.Wait()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if out.bad != 0 {
		t.Errorf("%d writes were not whole lines", out.bad)
	}
	data := out.buf.Bytes()
	if bytes.Contains(data, []byte(secret)) {
		t.Fatalf("audit log contains an argument or result:\n%s", data)
	}
	lines := readLines(t, data)
	if len(lines) != rounds*len(calls) {
		t.Fatalf("got %d lines, want %d", len(lines), rounds*len(calls))
	}
	want := map[string][2]string{
		"go:greeter/greet":  {"ok", ""},
		"cli:git":           {"tool_error", "ToolError"},
		"mcp:linear/list":   {"error", "PermissionError"},
		"mcp:linear/create": {"denied", "PermissionError"},
		"go:slow/op":        {"error", "TimeoutError"},
	}
	for _, ln := range lines {
		id, _ := ln["capability"].(string)
		w, ok := want[id]
		if !ok {
			t.Fatalf("unexpected line %v", ln)
		}
		et, _ := ln["error_type"].(string)
		if ln["event"] != "dispatch" || ln["outcome"] != w[0] || et != w[1] || ln["run_id"] != "run_x" || ln["origin"] != "snippet" {
			t.Errorf("line %v, want outcome %s error_type %q", ln, w[0], w[1])
		}
		if _, ok := ln["duration_ms"].(float64); !ok {
			t.Errorf("line %v has no duration_ms", ln)
		}
		if id == "cli:git" && ln["binary"] != "git" {
			t.Errorf("cli line %v has no binary", ln)
		}
	}
}
