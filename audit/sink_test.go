package audit

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/dispatch"
)

// stuckSink never returns from Write until released: the slowest sink
// there is.
type stuckSink struct {
	release chan struct{}
	writes  atomic.Int64
}

func (s *stuckSink) Name() string { return "stuck" }
func (s *stuckSink) Write(lines [][]byte) error {
	s.writes.Add(1)
	<-s.release
	return nil
}
func (s *stuckSink) Close() error { return nil }

// TestAttackStuckSinkNeverBlocksCalls: a sink that hangs in Write (a
// collector that accepts the connection and never answers) costs the
// calls nothing: 5 000 dispatches return, the lines it cannot take are
// dropped and counted, the warning says so, the file sink beside it gets
// every line, and Close returns after its flush timeout.
func TestAttackStuckSinkNeverBlocksCalls(t *testing.T) {
	t.Parallel()
	stuck := &stuckSink{release: make(chan struct{})}
	defer close(stuck.release)
	var file syncBuffer
	var warn syncBuffer
	l, err := NewLogger(Options{QueueSize: 256, FlushTimeout: 100 * time.Millisecond, Warn: &warn, ReportInterval: 50 * time.Millisecond},
		stuck, WriterSink("file", &file))
	if err != nil {
		t.Fatal(err)
	}
	h := Middleware(l)(func(context.Context, *dispatch.Call) (*dispatch.Result, error) { return &dispatch.Result{}, nil })
	const n = 5000
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range n {
			_, _ = h(context.Background(), &dispatch.Call{CapabilityID: "go:x/y", Origin: dispatch.OriginToolCall})
			for i%50 == 0 && l.Stats().Sinks[1].QueueDepth > 64 {
				time.Sleep(100 * time.Microsecond) // let the file sink keep up
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("calls blocked behind a stuck audit sink")
	}
	st := l.Stats()
	if st.Sinks[0].Dropped < n-256-maxBatch {
		t.Errorf("stuck sink dropped %d of %d lines, want nearly all counted: %+v", st.Sinks[0].Dropped, n, st)
	}
	closed := make(chan struct{})
	go func() { _ = l.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(30 * time.Second):
		t.Fatal("Close waited on the stuck sink past its flush timeout")
	}
	st = l.Stats()
	if got := st.Sinks[1].Written + st.Sinks[1].Dropped; got != n {
		t.Errorf("file sink: written %d + dropped %d = %d, want %d", st.Sinks[1].Written, st.Sinks[1].Dropped, got, n)
	}
	if st.Sinks[1].Written != n {
		t.Errorf("the file sink lost lines beside the stuck one: %+v", st.Sinks[1])
	}
	if w := warn.String(); !strings.Contains(w, "audit sink stuck") || !strings.Contains(w, "dropped") {
		t.Errorf("no drop warning for the stuck sink: %q", w)
	}
}

// TestAttackQueueSharedBetweenSubjects: behind a stuck sink, a subject
// that logs a thousand lines holds at most half of the queue, a second
// flooding subject a third, and a subject that logs two lines afterwards
// gets both in; the warning names the subject whose lines were dropped.
func TestAttackQueueSharedBetweenSubjects(t *testing.T) {
	t.Parallel()
	stuck := &stuckSink{release: make(chan struct{})}
	var warn syncBuffer
	l, err := NewLogger(Options{QueueSize: 64, FlushTimeout: 5 * time.Second, Warn: &warn, ReportInterval: time.Hour}, stuck)
	if err != nil {
		t.Fatal(err)
	}
	l.Log(Event{Event: EventRunStart, Subject: "first"})
	for stuck.writes.Load() == 0 { // the sink holds the first line
		time.Sleep(time.Millisecond)
	}
	for range 1000 {
		l.Log(Event{Event: EventDispatch, Subject: "flood1"})
	}
	if d := l.Stats().Sinks[0].QueueDepth; d > 32 {
		t.Errorf("one subject holds %d of a queue of 64", d)
	}
	for range 1000 {
		l.Log(Event{Event: EventDispatch, Subject: "flood2"})
	}
	l.Log(Event{Event: EventRunStart, Subject: "calm"})
	l.Log(Event{Event: EventRunEnd, Subject: "calm"})
	sq := l.sinks[0]
	sq.mu.Lock()
	held := maps.Clone(sq.held)
	sq.mu.Unlock()
	if held["calm"] != 2 || held["flood1"] > 32 || held["flood2"] > 32 {
		t.Errorf("queued lines by subject: %v; want the calm subject's 2 in, neither flood over half", held)
	}
	close(stuck.release)
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if w := warn.String(); !strings.Contains(w, `from subject "flood`) {
		t.Errorf("the drop warning does not name the flooding subject: %q", w)
	}
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// collector is an httptest server that records the bodies it receives.
type collector struct {
	srv    *httptest.Server
	mu     sync.Mutex
	bodies [][]byte
	hdrs   []http.Header
	status int
}

func newCollector(t *testing.T, status int) *collector {
	c := &collector{status: status}
	c.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		c.mu.Lock()
		c.bodies = append(c.bodies, b)
		c.hdrs = append(c.hdrs, r.Header.Clone())
		c.mu.Unlock()
		w.WriteHeader(c.status)
	}))
	t.Cleanup(c.srv.Close)
	return c
}

func (c *collector) received() ([][]byte, []http.Header) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([][]byte(nil), c.bodies...), append([]http.Header(nil), c.hdrs...)
}

// TestHTTPSinkPostsJSONLAndOTLP: both formats reach a real HTTP collector
// with the configured headers; OTLP bodies decode as an
// ExportLogsServiceRequest with one record per line.
func TestHTTPSinkPostsJSONLAndOTLP(t *testing.T) {
	t.Parallel()
	for _, format := range []HTTPFormat{FormatJSONL, FormatOTLP} {
		c := newCollector(t, http.StatusOK)
		hs, err := NewHTTPSink(HTTPSinkOptions{URL: c.srv.URL + "/v1/logs", Format: format, Headers: map[string]string{"Authorization": "Bearer collector-token"}})
		if err != nil {
			t.Fatal(err)
		}
		l, err := NewLogger(Options{}, hs)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 10 {
			l.Log(Event{Event: EventDispatch, Capability: "go:x/y", Subject: "ci", Outcome: OutcomeOK, RunID: "run_" + string(rune('a'+i))})
		}
		if err := l.Close(); err != nil {
			t.Fatal(err)
		}
		bodies, hdrs := c.received()
		if len(bodies) == 0 {
			t.Fatalf("%s: the collector received nothing", format)
		}
		if got := hdrs[0].Get("Authorization"); got != "Bearer collector-token" {
			t.Errorf("%s: Authorization = %q", format, got)
		}
		records := 0
		for _, b := range bodies {
			if format == FormatJSONL {
				records += bytes.Count(b, []byte("\n"))
				continue
			}
			var doc struct {
				ResourceLogs []struct {
					ScopeLogs []struct {
						LogRecords []struct {
							TimeUnixNano string
							Body         struct{ StringValue string }
							Attributes   []struct {
								Key   string
								Value struct{ StringValue string }
							}
						}
					}
				}
			}
			if err := json.Unmarshal(b, &doc); err != nil {
				t.Fatalf("otlp body: %v\n%s", err, b)
			}
			for _, r := range doc.ResourceLogs[0].ScopeLogs[0].LogRecords {
				records++
				if !strings.Contains(r.Body.StringValue, `"event":"dispatch"`) || r.TimeUnixNano == "" || len(r.Attributes) < 3 {
					t.Errorf("otlp record %+v", r)
				}
			}
		}
		if records != 10 {
			t.Errorf("%s: %d records, want 10", format, records)
		}
	}
}

// TestAttackHTTPSinkFollowsNoRedirect: a collector answering with a
// redirect to another origin gets the batch counted as failed; the other
// origin receives neither the lines nor the collector's Authorization.
func TestAttackHTTPSinkFollowsNoRedirect(t *testing.T) {
	t.Parallel()
	elsewhere := newCollector(t, http.StatusOK)
	redirector := httptest.NewServer(http.RedirectHandler(elsewhere.srv.URL+"/steal", http.StatusTemporaryRedirect))
	defer redirector.Close()
	hs, err := NewHTTPSink(HTTPSinkOptions{URL: redirector.URL, Headers: map[string]string{"Authorization": "Bearer collector-token"}})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := NewLogger(Options{Warn: io.Discard}, hs)
	l.Log(Event{Event: EventRunStart, RunID: "run_1"})
	_ = l.Flush(context.Background())
	if st := l.Stats(); st.Failed() != 1 {
		t.Errorf("stats %+v: want the redirected batch failed", st)
	}
	_ = l.Close()
	if b, _ := elsewhere.received(); len(b) != 0 {
		t.Errorf("the redirect target received %d posts", len(b))
	}
	for _, bad := range []string{"ftp://x/y", "http://user:pw@host/x", "http:///x", "/relative"} {
		if _, err := NewHTTPSink(HTTPSinkOptions{URL: bad}); err == nil {
			t.Errorf("NewHTTPSink(%q) accepted", bad)
		}
	}
}

// TestFailingCollectorIsCountedNotFatal: a collector answering 500 fails
// its batches (counted, warned), and the logger goes on delivering to
// its other sinks.
func TestFailingCollectorIsCountedNotFatal(t *testing.T) {
	t.Parallel()
	c := newCollector(t, http.StatusInternalServerError)
	hs, _ := NewHTTPSink(HTTPSinkOptions{URL: c.srv.URL})
	var file, warn syncBuffer
	l, _ := NewLogger(Options{Warn: &warn}, hs, WriterSink("file", &file))
	for range 20 {
		l.Log(Event{Event: EventRunStart, RunID: "run_1"})
	}
	_ = l.Close()
	st := l.Stats()
	if st.Sinks[0].Failed != 20 || st.Sinks[1].Written != 20 {
		t.Errorf("stats %+v: want 20 failed on the collector, 20 written to the file", st)
	}
	if w := warn.String(); !strings.Contains(w, "500") || !strings.Contains(w, "failed to write") {
		t.Errorf("warning %q does not say the collector failed", w)
	}
}

// TestFileSinkRotates: past max_file_bytes the file is rotated (path.1,
// path.2, ...), at most max_files are kept, every file is 0600 and every
// line is whole.
func TestFileSinkRotates(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := FromConfig(context.Background(), config.AuditConfig{Path: path, MaxFileBytes: 2048, MaxFiles: 3}, nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for range 200 {
		l.Log(Event{Event: EventDispatch, Capability: "go:greeter/greet", RunID: "run_0123456789abcdef", Outcome: OutcomeOK})
		_ = l.Flush(context.Background())
	}
	_ = l.Close()
	matches, _ := filepath.Glob(path + "*")
	if len(matches) != 4 {
		t.Errorf("files %v, want the file and 3 rotated ones", matches)
	}
	for _, m := range matches {
		fi, _ := os.Stat(m)
		if fi.Size() > 2048 || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: %d bytes, mode %v; want at most 2048, 0600", m, fi.Size(), fi.Mode().Perm())
		}
		data, _ := os.ReadFile(m)
		readLines(t, data)
	}
	if _, err := os.Stat(path + ".4"); err == nil {
		t.Error("a fourth rotated file was kept")
	}
}

// TestAttackHeaderAllowList: only allow-listed headers are recorded, cut
// and cleaned; a credential header on the list is refused; Meta keeps
// scalars only.
func TestAttackHeaderAllowList(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"Authorization", "X-Api-Key", "Cookie", "X-Auth-Token", "bad name"} {
		if _, err := NewLogger(Options{Headers: []string{bad}}); err == nil {
			t.Errorf("headers = [%q] accepted", bad)
		}
	}
	var out syncBuffer
	l, err := NewLogger(Options{Headers: []string{"x-tenant", "User-Agent"}}, WriterSink("buf", &out))
	if err != nil {
		t.Fatal(err)
	}
	h := http.Header{}
	h.Set("X-Tenant", "acme\r\n{\"event\":\"forged\"}"+strings.Repeat("x", 10000))
	h.Set("X-Other", "not-listed")
	h.Set("Authorization", "Bearer leaked")
	l.Log(Event{Event: EventDispatch, Headers: h, Meta: map[string]any{"spill.id": "sp_1", "args": map[string]any{"x": 1}, "n": 3}})
	_ = l.Close()
	lines := readLines(t, out.buf.Bytes())
	if len(lines) != 1 {
		t.Fatalf("lines: %s", out.buf.Bytes())
	}
	hdrs, _ := lines[0]["headers"].(map[string]any)
	tenant, _ := hdrs["X-Tenant"].(string)
	if len(hdrs) != 1 || len(tenant) > maxHeaderValue || strings.ContainsAny(tenant, "\r\n") || !strings.HasPrefix(tenant, "acme") {
		t.Errorf("headers recorded: %v", hdrs)
	}
	meta, _ := lines[0]["meta"].(map[string]any)
	if meta["spill.id"] != "sp_1" || meta["n"] != float64(3) || meta["args"] != nil {
		t.Errorf("meta recorded: %v", meta)
	}
	if strings.Contains(out.buf.String(), "leaked") || strings.Contains(out.buf.String(), "not-listed") {
		t.Errorf("a header off the allow-list was recorded: %s", out.buf.String())
	}
}

// slowSink takes d per batch, like a collector across an ocean.
type slowSink struct{ d time.Duration }

func (s slowSink) Name() string               { return "slow" }
func (s slowSink) Write(lines [][]byte) error { time.Sleep(s.d); return nil }
func (s slowSink) Close() error               { return nil }

type failSink struct{}

func (failSink) Name() string         { return "failing" }
func (failSink) Write([][]byte) error { return io.ErrClosedPipe }
func (failSink) Close() error         { return nil }

// BenchmarkAuditedCall measures a dispatch through the audit middleware
// with a sink that takes 50ms per batch and with one that always fails,
// against a discarding sink in the same run: the ratios (x_discard) stay
// near 1, since delivery is off the call's path.
func BenchmarkAuditedCall(b *testing.B) {
	run := func(b *testing.B, sink Sink) time.Duration {
		l, _ := NewLogger(Options{Warn: io.Discard, FlushTimeout: time.Millisecond}, sink)
		defer l.Close()
		h := Middleware(l)(func(context.Context, *dispatch.Call) (*dispatch.Result, error) { return &dispatch.Result{}, nil })
		call := &dispatch.Call{CapabilityID: "go:x/y", Origin: dispatch.OriginToolCall, Subject: "ci"}
		start := time.Now()
		for range b.N {
			_, _ = h(context.Background(), call)
		}
		return time.Since(start)
	}
	for _, c := range []struct {
		name string
		sink Sink
	}{{"slow", slowSink{50 * time.Millisecond}}, {"failing", failSink{}}} {
		b.Run(c.name, func(b *testing.B) {
			ref := run(b, WriterSink("discard", io.Discard))
			b.ResetTimer()
			got := run(b, c.sink)
			b.ReportMetric(float64(got)/float64(ref), "x_discard")
		})
	}
}

// TestFileSinkRotationKeepsTheFewLines: rotating under one subject's
// flood keeps every line of the subjects that hold little of the files
// (carried into the oldest file), removes the flood's, says so in an
// audit_rotated line, and the files stay within max_files+2 files'
// worth. When the room for carried lines is full, the oldest of them go
// and the warning says so.
func TestFileSinkRotationKeepsTheFewLines(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	const maxBytes, maxFiles = 4096, 2
	s, err := OpenFileSink(path, maxBytes, maxFiles)
	if err != nil {
		t.Fatal(err)
	}
	var warn bytes.Buffer
	s.warn = &warn
	lineOf := func(subject string, i int) []byte {
		b, _ := json.Marshal(line{TS: "t", Event: EventDispatch, Capability: "go:x/y", Subject: subject, Meta: map[string]any{"subject": "not this", "i": i}})
		return append(b, '\n')
	}
	for i := range 5 {
		if err := s.Write([][]byte{lineOf("calm", i), lineOf("", i)}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 2000 {
		if err := s.Write([][]byte{lineOf("flood", i)}); err != nil {
			t.Fatal(err)
		}
	}
	count := func() (bySubject map[string]int, rotated int, total int64) {
		bySubject = map[string]int{}
		files, _ := filepath.Glob(path + "*")
		for _, f := range files {
			data, _ := os.ReadFile(f)
			total += int64(len(data))
			for _, ln := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
				var l line
				if err := json.Unmarshal(ln, &l); err != nil {
					t.Fatalf("%s: %v: %q", f, err, ln)
				}
				if l.Event == EventAuditRotated {
					rotated++
				} else {
					bySubject[l.Subject]++
				}
				if got := lineSubject(ln); got != l.Subject {
					t.Fatalf("lineSubject(%s) = %q, want %q", ln, got, l.Subject)
				}
			}
		}
		return
	}
	by, rotated, total := count()
	if by["calm"] != 5 || by[""] != 5 || rotated == 0 || by["flood"] == 0 {
		t.Errorf("after the flood the files hold %v and %d rotation lines; want the 5 calm and 5 server lines, some of the flood's, and the rotations", by, rotated)
	}
	if total > (maxFiles+2)*maxBytes {
		t.Errorf("the files hold %d bytes; want at most %d", total, (maxFiles+2)*maxBytes)
	}
	if warn.Len() != 0 {
		t.Errorf("warned: %s", warn.String())
	}
	// Eight more subjects of 6 lines each, then a flood: more than one
	// file of lines to carry, each subject under half an even share.
	for i := range 6 {
		for _, subj := range []string{"few1", "few2", "few3", "few4", "few5", "few6", "few7", "few8"} {
			if err := s.Write([][]byte{lineOf(subj, i)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := range 2000 {
		if err := s.Write([][]byte{lineOf("flood", i)}); err != nil {
			t.Fatal(err)
		}
	}
	_ = s.Close()
	by2, _, total2 := count()
	t.Logf("after the second flood the files hold %v, %d bytes", by2, total2)
	if _, _, total := count(); total > (maxFiles+2)*maxBytes {
		t.Errorf("the files hold %d bytes; want at most %d", total, (maxFiles+2)*maxBytes)
	}
	if !strings.Contains(warn.String(), "rotation removed lines of subjects that hold little") {
		t.Errorf("no warning when the room for carried lines was full: %q", warn.String())
	}
}

// TestFileSinkLineLargerThanAFile: a line longer than max_file_bytes
// goes in a fresh file of its own after its rotation line (the rotation
// line took the room a fresh file had, and the sink rotated for ever).
func TestFileSinkLineLargerThanAFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	s, err := OpenFileSink(path, 512, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	small := []byte(`{"ts":"t","event":"dispatch","subject":"a"}` + "\n")
	big := []byte(`{"ts":"t","event":"dispatch","subject":"b","capability":"` + strings.Repeat("x", 1000) + `"}` + "\n")
	done := make(chan error, 1)
	go func() { done <- s.Write([][]byte{small, big, big, small}) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Write did not return: the sink rotates for ever")
	}
	data, _ := os.ReadFile(path)
	if !bytes.HasSuffix(data, small) {
		t.Errorf("the current file does not end with the last line: %q", data)
	}
}
