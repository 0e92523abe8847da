package main

import (
	"testing"

	"github.com/toolplane/toolplane/internal/hostmem"
)

// TestSoftMemoryLimit: three quarters of the memory the process may use,
// or half its address-space limit when that is smaller; nothing known, no
// limit.
func TestSoftMemoryLimit(t *testing.T) {
	cgroup := hostmem.Memory{Bytes: 4 << 30, Source: "cgroup /sys/fs/cgroup/memory.max"}
	for _, tc := range []struct {
		mem  hostmem.Memory
		as   int64
		want int64
	}{
		{cgroup, 0, 3 << 30},
		{cgroup, 8 << 30, 3 << 30},
		{cgroup, 3 << 30, 1536 << 20},
		{hostmem.Memory{}, 2 << 30, 1 << 30},
		{hostmem.Memory{}, 0, 0},
	} {
		if got, src := softMemoryLimit(tc.mem, tc.as); got != tc.want || (got > 0) != (src != "") {
			t.Errorf("softMemoryLimit(%v, %d) = %d %q, want %d", tc.mem, tc.as, got, src, tc.want)
		}
	}
}
