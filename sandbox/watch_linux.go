//go:build linux

package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// procStat reads a process's thread count and resident bytes from the
// kernel (/proc/PID/stat), not from anything the process says.
func procStat(pid int) (threads int, rss int64, ok bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, false
	}
	return parseProcStat(b)
}

// openProcStat opens a process's /proc/PID/stat (statm: /proc/PID/statm,
// memory only, a fifth of the kernel's work for a worker's threads) for
// the watch to read again and again: each read from offset 0 is the
// process's current state, and nothing once the process is reaped.
func openProcStat(pid int, statm bool) (*os.File, error) {
	if statm {
		return os.Open(fmt.Sprintf("/proc/%d/statm", pid))
	}
	return os.Open(fmt.Sprintf("/proc/%d/stat", pid))
}

// parseProcStatm reads the resident bytes of a /proc/PID/statm (its
// second field, in pages).
func parseProcStatm(b []byte) (rss int64, ok bool) {
	i := bytes.IndexByte(b, ' ')
	if i < 0 {
		return 0, false
	}
	b = b[i+1:]
	j := 0
	for j < len(b) && b[j] >= '0' && b[j] <= '9' {
		j++
	}
	pages, err := strconv.ParseInt(string(b[:j]), 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * pageSize, true
}

// readProcStat reads an open /proc/PID/stat afresh: one pread from its
// start (os.File.ReadAt would make a second to see the end).
func readProcStat(f *os.File, buf []byte) (int, error) {
	return syscall.Pread(int(f.Fd()), buf, 0)
}

// parseProcStat reads the thread count and resident bytes of a
// /proc/PID/stat, without allocating (the watch parses one per worker
// twenty times a second).
func parseProcStat(b []byte) (threads int, rss int64, ok bool) {
	// The command name may hold spaces and parentheses: the fields
	// start after the last ')', with field 3 (state).
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0, false
	}
	b = b[i+1:]
	var n, pages int64
	var got int
	for field := 2; field < 24 && len(b) > 0; {
		// Skip the space before the next field.
		j := 0
		for j < len(b) && b[j] == ' ' {
			j++
		}
		b = b[j:]
		field++
		k := 0
		for k < len(b) && b[k] != ' ' && b[k] != '\n' {
			k++
		}
		if field == 20 || field == 24 { // num_threads, rss
			v, err := strconv.ParseInt(string(b[:k]), 10, 64)
			if err != nil {
				return 0, 0, false
			}
			if field == 20 {
				n = v
			} else {
				pages = v
			}
			got++
		}
		b = b[k:]
	}
	if got != 2 {
		return 0, 0, false
	}
	return int(n), pages * pageSize, true
}

var pageSize = int64(os.Getpagesize())

// swapInUse reports whether the host has swap space: without it no
// worker's memory can be swapped out, and procSwap need not be read.
var swapInUse = sync.OnceValue(func() bool {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return true
	}
	n, ok := statusField(b, "SwapTotal:")
	return !ok || n > 0
})

// procSwap reads how much of a process's memory the kernel swapped out
// (VmSwap in /proc/PID/status), in bytes.
func procSwap(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	n, _ := statusField(b, "VmSwap:")
	return n
}

// statusField reads a "Key:   N kB" line of a /proc status or meminfo
// file, in bytes.
func statusField(b []byte, key string) (int64, bool) {
	i := bytes.Index(b, []byte("\n"+key))
	if i < 0 {
		return 0, false
	}
	line := b[i+1+len(key):]
	if j := bytes.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	f := strings.Fields(string(line))
	if len(f) == 0 {
		return 0, false
	}
	n, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		return 0, false
	}
	return n << 10, true
}

// pipeUnread is how many bytes written to the pipe f are still unread
// (FIONREAD, which Linux answers on either end of a pipe), or -1 when it
// cannot say.
func pipeUnread(f *os.File) int {
	rc, err := f.SyscallConn()
	if err != nil {
		return -1
	}
	n := -1
	if err := rc.Control(func(fd uintptr) {
		if v, err := unix.IoctlGetInt(int(fd), unix.TIOCINQ); err == nil { // TIOCINQ is FIONREAD
			n = v
		}
	}); err != nil {
		return -1
	}
	return n
}
