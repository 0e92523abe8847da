//go:build unix

package audit

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestAttackOpenRefusesNonRegularFiles: an [audit] path that is a named
// pipe (which once blocked start-up forever, deaf to SIGTERM), a
// directory or a device is refused at once with an error naming the path
// and the key.
func TestAttackOpenRefusesNonRegularFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "audit.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for path, kind := range map[string]string{fifo: "named pipe", dir: "directory", os.DevNull: "device"} {
		start := time.Now()
		l, err := Open(path, nil)
		if err == nil {
			l.Close()
			t.Errorf("Open(%s) accepted a %s", path, kind)
			continue
		}
		// Blocked, the open would give up at OpenTimeout (10s).
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("Open(%s) took %s", path, d)
		}
		for _, want := range []string{path, "[audit] path", kind} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("Open(%s): %v; want it to mention %q", path, err, want)
			}
		}
	}
}

// TestOpenWithinNeverBlocksOnAFIFO: a FIFO put in place after the Stat
// (a race Open cannot close) fails the non-blocking open instead of
// waiting for a reader.
func TestOpenWithinNeverBlocksOnAFIFO(t *testing.T) {
	t.Parallel()
	fifo := filepath.Join(t.TempDir(), "late.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	// Blocked, the open would wait the whole minute: a loaded machine
	// cannot stretch a non-blocking open that far.
	f, err := openWithin(fifo, time.Minute)
	if err == nil {
		f.Close()
		t.Fatal("openWithin opened a FIFO")
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("openWithin waited %s on a FIFO: %v", d, err)
	}
}

// TestOpenUnwritableWarnsOnceAndGoesOn: a path that merely cannot be
// written (its parent is a file, or a directory without write permission
// for a non-root user) gives a disabled logger and exactly one warning
// naming the path, not an error: the audit log never breaks a run.
func TestOpenUnwritableWarnsOnceAndGoesOn(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	paths := []string{filepath.Join(blocker, "audit.jsonl"), filepath.Join(blocker, "sub", "audit.jsonl")}
	if os.Geteuid() != 0 {
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o500); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, filepath.Join(ro, "audit.jsonl"))
	}
	for _, path := range paths {
		var warn strings.Builder
		l, err := Open(path, &warn)
		if err != nil {
			t.Errorf("Open(%s) = %v, want a disabled logger", path, err)
			continue
		}
		if !l.Disabled() {
			t.Errorf("Open(%s): logger not disabled", path)
		}
		l.Log(Event{Event: EventRunStart, RunID: "run_1"})
		l.Log(Event{Event: EventRunEnd, RunID: "run_1"})
		_ = l.Close()
		if w := warn.String(); strings.Count(w, "\n") != 1 || !strings.Contains(w, path) || !strings.Contains(w, "[audit] path") {
			t.Errorf("Open(%s) warned %q; want one line naming the path and the key", path, w)
		}
	}
}

// refuseFIFO checks that ReadRecent refuses a named pipe at the audit
// path at once: opened for reading, it would block until a writer came.
func refuseFIFO(t *testing.T, dir string) {
	t.Helper()
	fifo := filepath.Join(dir, "fifo.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := ReadRecent(fifo, 10); err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("ReadRecent of a FIFO: %v", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("ReadRecent of a FIFO took %v", took)
	}
}

// TestAttackAuditPathSymlink: a symbolic link placed at the [audit] path,
// at start-up or after a rotation moved the log away, is never written
// through: Open refuses it naming the key, and the sink's next open after
// rotation fails rather than append to the link's target.
func TestAttackAuditPathSymlink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	if err := os.WriteFile(victim, []byte("keep\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "audit.jsonl")
	if err := os.Symlink(victim, path); err != nil {
		t.Fatal(err)
	}
	if l, err := Open(path, nil); err == nil {
		l.Close()
		t.Error("Open followed a symbolic link at the audit path")
	} else if !strings.Contains(err.Error(), "[audit] path "+path) || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("Open: %v; want the key, the path and why", err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	s, err := OpenFileSink(path, 10, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Write([][]byte{[]byte("{\"a\":1}\n")}); err != nil {
		t.Fatal(err)
	}
	// The rotation renames the log and opens the path again: a link put
	// there meanwhile (the attacker wins the race every time here) must
	// not be followed.
	orig := s.path
	if err := os.Rename(orig, orig+".moved"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, orig); err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	s.f.Close()
	s.f = nil
	s.mu.Unlock()
	if err := s.Write([][]byte{[]byte("{\"b\":2}\n")}); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("Write after a link replaced the log: %v, want a refusal", err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep\n" {
		t.Errorf("the link's target was written: %q", b)
	}
}

// TestAttackAuditFieldsBounded: the fields of an event that a snippet
// controls (its exception's type name, the capability or binary it
// asked for, text in a refusal's reason) are cut and stripped of control
// characters: one event of a megabyte per field would fill the log, and
// an escape sequence would reach whoever reads it in a terminal.
func TestAttackAuditFieldsBounded(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	huge := "\x1b[2J" + strings.Repeat("x", 1<<20)
	l.Log(Event{Event: EventRunEnd, RunID: "r", Outcome: OutcomeError, ErrorType: huge, Capability: huge, Binary: huge, Reason: huge})
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 16<<10 || strings.Contains(string(b), "\\u001b") || strings.Contains(string(b), "\x1b") {
		t.Errorf("the event is %d bytes or holds an escape: %.300s", len(b), b)
	}
}
