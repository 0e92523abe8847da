//go:build !unix

package sandbox

import "os"

// pollable returns the standard stream of fd.
func pollable(fd int, name string) *os.File {
	if fd == 0 {
		return os.Stdin
	}
	return os.Stdout
}
