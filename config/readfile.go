package config

import (
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/toolplane/toolplane/internal/logfile"
)

// MaxFileBytes bounds a config file and the trusted-configs record: a
// toolplane.toml is a few kilobytes, and a path that reads forever
// (/dev/zero, a pipe that never ends) must fail, not fill the memory.
const MaxFileBytes = 4 << 20

// ReadBounded reads the file at path, failing when it holds more than max
// bytes. Any kind of file is read (the user may name a pipe: --config
// <(...)), but only up to max.
func ReadBounded(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAtMost(f, path, max)
}

// ReadNamed is ReadBounded for the config file the user named (--config,
// $TOOLPLANE_CONFIG, ~/.toolplane/toolplane.toml): it refuses a regular
// file that another user can change (see checkWriters).
func ReadNamed(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := checkWriters(f, path); err != nil {
		return nil, err
	}
	return readAtMost(f, path, max)
}

// ReadUntrusted reads a file whose path nobody named: one that merely sits
// in the current directory (./toolplane.toml, a project's .mcp.json) and
// may have come with a cloned repository. It must be a regular file of at
// most max bytes: a FIFO there would block every command started in that
// directory forever, and a symlink to /dev/zero or /dev/urandom would read
// until memory ran out. The file is opened without blocking (O_NONBLOCK)
// and checked after opening, so a FIFO swapped in after a check cannot
// hang the open either.
func ReadUntrusted(path string, max int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is %s, not a regular file; it is not read", path, logfile.Kind(fi.Mode()))
	}
	return readAtMost(f, path, max)
}

func readAtMost(r io.Reader, path string, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s is larger than %d bytes; it is not read", path, max)
	}
	return data, nil
}
