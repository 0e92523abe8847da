package hostmem

import (
	"os"
	"path/filepath"
	"testing"
)

func write(t *testing.T, root, name, text string) {
	t.Helper()
	p := filepath.Join(root, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDetect: the smaller of MemTotal and a cgroup limit (v2 at the
// mount's root, v1 under the process's path); "max" and v1's huge
// no-limit value are no limit; nothing readable is 0.
func TestDetect(t *testing.T) {
	t.Parallel()
	meminfo := "MemTotal:       16384000 kB\nMemFree: 1 kB\n"
	for name, tc := range map[string]struct {
		files map[string]string
		want  int64
		src   string
	}{
		"meminfo only":  {map[string]string{"proc/meminfo": meminfo}, 16384000 << 10, "/proc/meminfo MemTotal"},
		"v2 max":        {map[string]string{"proc/meminfo": meminfo, "sys/fs/cgroup/memory.max": "max\n"}, 16384000 << 10, "/proc/meminfo MemTotal"},
		"v2 limit":      {map[string]string{"proc/meminfo": meminfo, "sys/fs/cgroup/memory.max": "2147483648\n"}, 2 << 30, "cgroup /sys/fs/cgroup/memory.max"},
		"v1 no limit":   {map[string]string{"proc/meminfo": meminfo, "sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712"}, 16384000 << 10, "/proc/meminfo MemTotal"},
		"v1 under path": {map[string]string{"proc/meminfo": meminfo, "proc/self/cgroup": "4:memory:/pod/x\n0::/\n", "sys/fs/cgroup/memory/pod/x/memory.limit_in_bytes": "1073741824"}, 1 << 30, "cgroup /sys/fs/cgroup/memory/pod/x/memory.limit_in_bytes"},
		"limit above":   {map[string]string{"proc/meminfo": meminfo, "sys/fs/cgroup/memory.max": "99999999999999"}, 16384000 << 10, "/proc/meminfo MemTotal"},
		"nothing":       {map[string]string{}, 0, ""},
		"escape":        {map[string]string{"proc/self/cgroup": "0::/../../etc\n"}, 0, ""},
	} {
		root := t.TempDir()
		for f, text := range tc.files {
			write(t, root, f, text)
		}
		if got := detect(root); got.Bytes != tc.want || got.Source != tc.src {
			t.Errorf("%s: %+v, want %d from %q", name, got, tc.want, tc.src)
		}
	}
	if m := Detect(); m.Bytes <= 0 {
		t.Logf("this host's memory is unknown: %v", m)
	}
}
