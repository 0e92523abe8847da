package audit

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/config"
)

// writeRuns logs n runs of calls capability calls each through a real
// Logger on the file sink of c, as serve and run do.
func writeRuns(t *testing.T, c config.AuditConfig, n, calls int) []string {
	t.Helper()
	l, err := FromConfig(context.Background(), c, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range n {
		id := NewRunID()
		ids = append(ids, id)
		l.Log(Event{Event: EventRunStart, RunID: id, Backend: "embedded", Subject: fmt.Sprintf("s%d", i)})
		for j := range calls {
			l.Log(Event{Event: EventDispatch, RunID: id, Capability: fmt.Sprintf("go:t/c%d", j), Origin: "snippet", Outcome: OutcomeOK, Duration: time.Millisecond, HasDuration: true})
		}
		l.Log(Event{Event: EventRunEnd, RunID: id, Outcome: OutcomeOK, Duration: 2 * time.Millisecond, HasDuration: true})
		// Written run by run, as a server's runs are, so the file rotates
		// between them (and sometimes inside one).
		if err := l.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	l.Log(Event{Event: EventDispatch, Capability: "go:t/direct", Origin: "toolcall", Outcome: OutcomeOK})
	l.Log(Event{Event: EventEscalation, Capability: "cli:rm", Outcome: OutcomeDenied, Reason: "declined"})
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return ids
}

// TestReadRecentAcrossRotation: the runs the Logger's file sink wrote are
// read back, the last n in order with their calls, across rotated files
// (a run whose lines straddle a rotation included), reading only as many
// rotated files as it takes.
func TestReadRecentAcrossRotation(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	c := config.AuditConfig{Enabled: true, Path: path, MaxFileBytes: 4 << 10, MaxFiles: 50}
	ids := writeRuns(t, c, 60, 3)
	if _, err := os.Stat(path + ".3"); err != nil {
		t.Fatalf("the test wants several rotated files: %v", err)
	}
	got, err := ReadRecent(path, 25)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Runs) != 25 {
		t.Fatalf("%d runs, want 25", len(got.Runs))
	}
	for i, r := range got.Runs {
		if want := ids[35+i]; r.ID != want || r.End == nil || r.End.Outcome != OutcomeOK || len(r.Calls) != 3 || r.Calls[2].Capability != "go:t/c2" || r.Start.Subject != fmt.Sprintf("s%d", 35+i) {
			t.Errorf("run %d = %s end=%v calls=%d, want %s with 3 calls", i, r.ID, r.End, len(r.Calls), want)
		}
	}
	if len(got.Direct) != 1 || got.Direct[0].Capability != "go:t/direct" || len(got.Escalations) != 1 || got.Escalations[0].Reason != "declined" {
		t.Errorf("direct %+v, escalations %+v", got.Direct, got.Escalations)
	}
	if n := len(got.Files); n < 2 || n > 10 || got.Files[len(got.Files)-1] != path {
		t.Errorf("read %v; want the current file last and only the rotated files it takes", got.Files)
	}
	if p, ok, err := FilePath(c); !ok || err != nil || p != path {
		t.Errorf("FilePath = %q %v %v", p, ok, err)
	}
	for _, off := range []config.AuditConfig{{Path: path}, {Enabled: true, Path: path, Sinks: []string{"stderr"}}} {
		if _, ok, _ := FilePath(off); ok {
			t.Errorf("FilePath(%+v) names a file", off)
		}
	}
}

// TestAttackReadRecentHostileFile: an audit file holding a line of 8 MiB,
// garbage, a truncated last line, and runs with thousands of calls is
// read in bounded memory (only the last runs kept) and reports what it
// skipped; a missing file is no runs; a FIFO at the path is refused at
// once instead of blocking the reader.
func TestAttackReadRecentHostileFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.jsonl")
	var b strings.Builder
	b.WriteString(`{"event":"run_start","run_id":"run_a","ts":"2026-01-01T00:00:00Z"}` + "\n")
	b.WriteString(`{"event":"dispatch","run_id":"run_a","capability":"` + strings.Repeat("x", 8<<20) + `"}` + "\n")
	b.WriteString("not json\n")
	for i := range 20000 {
		fmt.Fprintf(&b, `{"event":"dispatch","run_id":"run_a","capability":"go:t/c%d"}`+"\n", i)
	}
	b.WriteString(`{"event":"run_end","run_id":"run_a","outcome":"ok"}` + "\n")
	b.WriteString(`{"event":"run_start","run_id":"run_b"}` + "\n")
	b.WriteString(`{"event":"run_end","run_id":"run_`)
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := ReadRecent(path, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Runs) != 2 || got.Runs[0].End == nil || got.Runs[1].End != nil || len(got.Runs[0].Calls) != 10_000 || got.Skipped != 3 {
		t.Errorf("runs %d, first end %v, calls %d, skipped %d", len(got.Runs), got.Runs[0].End, len(got.Runs[0].Calls), got.Skipped)
	}
	if got, err := ReadRecent(filepath.Join(dir, "absent.jsonl"), 10); err != nil || len(got.Runs) != 0 {
		t.Errorf("a missing file: %v %v", got, err)
	}
	refuseFIFO(t, dir)
}

// TestRecordReadsEveryLineField keeps Record (the reader's shape) and line
// (the writer's) in step: every JSON key the logger writes is one the
// reader decodes, so a field added to one is not silently dropped by the
// other.
func TestRecordReadsEveryLineField(t *testing.T) {
	keys := func(v any) []string {
		var out []string
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
			out = append(out, name)
		}
		return out
	}
	if w, r := keys(line{}), keys(Record{}); !slices.Equal(w, r) {
		t.Errorf("the audit line writes %v; Record reads %v", w, r)
	}
}
