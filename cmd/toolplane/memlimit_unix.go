//go:build unix

package main

import "syscall"

// addressSpaceLimit is the process's address-space limit (RLIMIT_AS,
// ulimit -v) in bytes, 0 if none.
func addressSpaceLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur >= 1<<60 { // RLIM_INFINITY: none
		return 0
	}
	return int64(r.Cur)
}
