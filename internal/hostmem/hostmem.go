// Package hostmem tells how much memory this process may use on its host:
// the physical memory, or less when the process's cgroup (a container's
// memory limit) caps it. Defaults that must fit the machine (the [session]
// memory budget) are derived from it.
package hostmem

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Memory is what this process may use and where the number comes from.
type Memory struct {
	// Bytes is the memory available to the process; 0 when unknown.
	Bytes int64
	// Source names where Bytes was read: "/proc/meminfo MemTotal" or the
	// cgroup file of a container's limit.
	Source string
}

// String is the size in GiB and its source, for config check and doctor.
func (m Memory) String() string {
	if m.Bytes <= 0 {
		return "unknown"
	}
	return fmt.Sprintf("%.1f GiB (%s)", float64(m.Bytes)/(1<<30), m.Source)
}

// Detect reads the host's memory and the cgroup limit of this process
// (cgroup v2 memory.max, or v1 memory.limit_in_bytes) and returns the
// smaller. It never fails: what cannot be read is left out, and nothing
// readable gives Bytes 0.
func Detect() Memory { return detect("/") }

// detect is Detect with the file system rooted at root, for tests.
func detect(root string) Memory {
	var m Memory
	if b, err := os.ReadFile(filepath.Join(root, "proc/meminfo")); err == nil {
		if n := memTotal(b); n > 0 {
			m = Memory{Bytes: n, Source: "/proc/meminfo MemTotal"}
		}
	}
	for _, f := range cgroupFiles(root) {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			continue
		}
		s := strings.TrimSpace(string(b))
		n, err := strconv.ParseInt(s, 10, 64)
		// "max" (v2) or a value near MaxInt64 (v1) is no limit.
		if err != nil || n <= 0 || n >= 1<<60 {
			continue
		}
		if m.Bytes == 0 || n < m.Bytes {
			m = Memory{Bytes: n, Source: "cgroup /" + f}
		}
	}
	return m
}

// memTotal parses MemTotal (in kB) out of /proc/meminfo.
func memTotal(meminfo []byte) int64 {
	sc := bufio.NewScanner(bytes.NewReader(meminfo))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && f[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			if err == nil && kb > 0 && kb < 1<<50 {
				return kb << 10
			}
		}
	}
	return 0
}

// cgroupFiles lists the limit files that may apply to this process: at the
// root of the cgroup mount (a container's cgroup namespace shows its own
// cgroup there) and under the process's cgroup path.
func cgroupFiles(root string) []string {
	files := []string{"sys/fs/cgroup/memory.max", "sys/fs/cgroup/memory/memory.limit_in_bytes"}
	b, err := os.ReadFile(filepath.Join(root, "proc/self/cgroup"))
	if err != nil {
		return files
	}
	for _, line := range strings.Split(string(b), "\n") {
		// hierarchy-ID:controllers:path
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 || parts[2] == "/" || strings.Contains(parts[2], "..") {
			continue
		}
		p := strings.TrimPrefix(parts[2], "/")
		switch {
		case parts[1] == "":
			files = append(files, filepath.Join("sys/fs/cgroup", p, "memory.max"))
		case hasController(parts[1], "memory"):
			files = append(files, filepath.Join("sys/fs/cgroup/memory", p, "memory.limit_in_bytes"))
		}
	}
	return files
}

func hasController(list, name string) bool {
	for _, c := range strings.Split(list, ",") {
		if c == name {
			return true
		}
	}
	return false
}
