//go:build unix

package sandbox

import (
	"os"
	"syscall"
)

// pollable reopens an inherited descriptor in non-blocking mode, which
// the Go runtime then polls.
func pollable(fd int, name string) *os.File {
	_ = syscall.SetNonblock(fd, true)
	return os.NewFile(uintptr(fd), name)
}
