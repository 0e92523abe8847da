package sandbox

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
)

// TestWorkerHeapGrowsInHugePages: a session's runs grow the worker's heap
// into memory the worker mapped in transparent huge pages before it
// greeted the host (touchHeap), one minor fault per 2 MiB. Past the first
// 16 MiB the heap grew page by page before, 256 faults a MiB: a run that
// grew it by 64 MiB took 12 000 faults, tens of microseconds each on a
// loaded virtual machine, more than the run's own work.
func TestWorkerHeapGrowsInHugePages(t *testing.T) {
	t.Parallel()
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || bytes.Contains(mode, []byte("[never]")) {
		t.Skipf("no transparent huge pages on this kernel (%q, %v)", bytes.TrimSpace(mode), err)
	}
	p, err := NewPool(Options{Command: []string{os.Args[0], WorkerArg}, MemoryBytes: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	s := p.NewSession()
	defer s.Close()
	if res, err := s.Run(context.Background(), &RunRequest{Code: "heapceiling"}, nil, nil, nil); err != nil || res.Err != nil {
		t.Fatalf("a first run: %+v %v", res, err)
	}
	before := minorFaults(t, s.w.pid)
	if res, err := s.Run(context.Background(), &RunRequest{Code: "grow"}, nil, nil, nil); err != nil || res.Err != nil {
		t.Fatalf("a run that grows the heap by 64 MiB: %+v %v", res, err)
	}
	// 64 MiB is 16 384 pages of 4 KiB, 32 huge pages.
	faults := minorFaults(t, s.w.pid) - before
	t.Logf("a run that grew the heap by 64 MiB: %d minor faults", faults)
	if faults > 4096 {
		t.Errorf("a run that grew the worker's heap by 64 MiB took %d minor faults: its heap is not in huge pages", faults)
	}
}

// minorFaults reads the minor faults a process has taken (field 10 of
// /proc/PID/stat).
func minorFaults(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.LastIndexByte(b, ')')
	// The fields after the command name start with field 3 (state).
	f := bytes.Fields(b[i+1:])
	if len(f) < 8 {
		t.Fatalf("/proc/%d/stat: %q", pid, b)
	}
	n, err := strconv.ParseInt(string(f[10-3]), 10, 64)
	if err != nil {
		t.Fatalf("/proc/%d/stat: minflt %q: %v", pid, f[10-3], err)
	}
	return n
}
