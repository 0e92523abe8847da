package config

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadUntrusted: a file nobody named is read only when it is a
// regular file within the bound; a FIFO (which would block the open), a
// device (/dev/zero reads forever) and a directory are refused at once.
func TestReadUntrusted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.toml")
	big := filepath.Join(dir, "big.toml")
	fifo := filepath.Join(dir, "fifo.toml")
	zero := filepath.Join(dir, "zero.toml")
	if err := os.WriteFile(ok, []byte("x = 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, make([]byte, 101), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadUntrusted(ok, 100); err != nil || string(data) != "x = 1\n" {
		t.Errorf("regular file: %q, %v", data, err)
	}
	for path, want := range map[string]string{big: "larger than 100 bytes", fifo: "a named pipe (FIFO), not a regular file", zero: "a device, not a regular file", dir: "a directory"} {
		if _, err := ReadUntrusted(path, 100); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadUntrusted(%s): %v, want %q", filepath.Base(path), err, want)
		}
	}
	// A file the user named may be a device or a pipe, but is read only
	// up to the bound.
	if _, err := ReadBounded(zero, 100); err == nil || !strings.Contains(err.Error(), "larger than 100 bytes") {
		t.Errorf("ReadBounded(/dev/zero): %v", err)
	}
}
