package main

import "golang.org/x/sys/unix"

// makeUndumpable keeps other processes of the same user out of this one:
// with the process not dumpable, the kernel lets none but privileged
// processes read its /proc/PID/environ, mem, maps and
// fds or attach to it, and writes no core dump of it. A stdio upstream
// server runs as the same user, and read toolplane's whole environment
// (every env:// secret, the storage key of the secret store, the bearer
// tokens' variables) from /proc/PPID/environ, and its memory from
// /proc/PPID/mem, past the minimal environment it is given. Children are
// not affected: exec makes a process dumpable again, so the sandbox's
// watch of its workers reads their /proc as before.
func makeUndumpable() {
	_ = unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)
}
