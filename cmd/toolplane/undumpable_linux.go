package main

import "golang.org/x/sys/unix"

// makeUndumpable keeps other processes of the same user out of this one:
// with the process not dumpable, the kernel lets none but privileged
// processes read its /proc/PID/environ, mem and maps or attach to it, and
// writes no core dump of it. A stdio upstream server runs as the same
// user, and read toolplane's whole environment (every env:// secret, the
// secret store's key, the tokens' variables) from /proc/PPID/environ and
// its memory from /proc/PPID/mem, past the minimal environment it is
// given; and a sandbox worker's memory, which holds a session's globals.
// Exec makes a process dumpable again, so every toolplane process, workers
// included, calls this first. What the host reads of a worker (stat,
// statm, status) stays readable.
func makeUndumpable() {
	_ = unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)
}
