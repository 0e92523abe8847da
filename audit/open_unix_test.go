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
		if d := time.Since(start); d > 2*time.Second {
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
	f, err := openWithin(fifo, 5*time.Second)
	if err == nil {
		f.Close()
		t.Fatal("openWithin opened a FIFO")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("openWithin waited %s on a FIFO: %v", d, err)
	}
}
