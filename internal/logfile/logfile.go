// Package logfile opens the files toolplane appends its records to (the
// audit log, the [log] file) so that whoever can write near them cannot
// redirect the records: the path itself must be a regular file owned by
// the user toolplane runs as, never a symbolic link, a named pipe or a
// device, and its directory must not let other users replace it.
package logfile

import (
	"fmt"
	"os"
)

// OpenAppend opens path for appending, created 0600, never blocking and
// never following a symbolic link at the path itself. key names the
// setting that chose the path ("[audit] path"), for errors, which say
// what is wrong and how to fix it.
//
// Refused: a symbolic link (someone who can place one where the log goes
// would make toolplane append to, or create, a file of their choosing: a
// shell's startup file, another user's log); anything but a regular file
// (a FIFO blocks forever, a device is no log); a file owned by another
// user (they read every record); and a directory that other users may
// write to without the sticky bit, or that another user owns (they can
// rename the log away and put a link in its place).
func OpenAppend(path, key string) (*os.File, error) {
	return openAppend(path, key)
}

// errorf is an error naming the key and the path.
func errorf(key, path, format string, args ...any) error {
	return fmt.Errorf("%s %s: %s", key, path, fmt.Sprintf(format, args...))
}

// Kind names what a file that is not regular is, for errors ("is a
// named pipe (FIFO), not a regular file").
func Kind(mode os.FileMode) string {
	switch {
	case mode&os.ModeSymlink != 0:
		return "a symbolic link"
	case mode&os.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case mode.IsDir():
		return "a directory"
	case mode&os.ModeDevice != 0, mode&os.ModeCharDevice != 0:
		return "a device"
	case mode&os.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file"
}
