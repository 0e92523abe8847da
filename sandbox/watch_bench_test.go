//go:build linux

package sandbox

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkWatchLook is what the watch costs per look at one worker (a
// real one, with its threads), the way it looked before (the file opened
// and read whole each time, split into fields) and now (one pread of a
// file kept open, parsed in place; statm where the kernel bounds the
// worker's threads). The watch looks at every worker 20 times a second:
// ns/op times 2000 is its share of a core per 100 workers.
func BenchmarkWatchLook(b *testing.B) {
	p, err := NewPool(Options{Command: []string{os.Args[0], WorkerArg}, MemoryBytes: 64 << 20})
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	res, err := p.RunOnce(context.Background(), &RunRequest{Code: "heapceiling"}, nil, nil, nil)
	if err != nil || res.Err != nil {
		b.Fatal(res, err)
	}
	s := p.NewSession()
	defer s.Close()
	if _, err := s.Run(context.Background(), &RunRequest{Code: "heapceiling"}, nil, nil, nil); err != nil {
		b.Fatal(err)
	}
	pid := s.w.pid
	b.Run("readfile", func(b *testing.B) {
		for b.Loop() {
			// The watch before: os.ReadFile and strings.Fields.
			buf, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
			if err != nil {
				b.Fatal(err)
			}
			str := string(buf)
			f := strings.Fields(str[strings.LastIndexByte(str, ')')+1:])
			if _, err := strconv.Atoi(f[17]); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, statm := range []bool{false, true} {
		name := "pread_stat"
		if statm {
			name = "pread_statm"
		}
		b.Run(name, func(b *testing.B) {
			f, err := openProcStat(pid, statm)
			if err != nil {
				b.Fatal(err)
			}
			defer f.Close()
			buf := make([]byte, 1024)
			for b.Loop() {
				n, err := readProcStat(f, buf)
				if err != nil {
					b.Fatal(err)
				}
				var ok bool
				if statm {
					_, ok = parseProcStatm(buf[:n])
				} else {
					_, _, ok = parseProcStat(buf[:n])
				}
				if !ok {
					b.Fatal("unparsed")
				}
			}
		})
	}
}
