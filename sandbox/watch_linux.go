//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"strconv"
	"strings"
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
