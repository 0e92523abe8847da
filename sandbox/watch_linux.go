//go:build linux

package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// procStat reads a process's thread count and resident bytes from the
// kernel (/proc/PID/stat), not from anything the process says.
func procStat(pid int) (threads int, rss int64, ok bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, false
	}
	// The command name may hold spaces and parentheses: the fields
	// start after the last ')'. f[0] is field 3 (state).
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 22 {
		return 0, 0, false
	}
	n, err1 := strconv.Atoi(f[17])                 // field 20: num_threads
	pages, err2 := strconv.ParseInt(f[21], 10, 64) // field 24: rss
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return n, pages * int64(os.Getpagesize()), true
}

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
