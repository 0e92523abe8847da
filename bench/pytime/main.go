// Command pytime times a snippet under the embedded interpreter in-process
// (compile + run), best of N, and prints milliseconds: the same contract as
// bench/cpython_time.py, so bench/compare.sh can put them side by side.
//
//	go run ./bench/pytime PROGRAM.py [N]
package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"syscall"
	"time"

	"github.com/toolplane/toolplane/bench"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/lib"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: pytime PROGRAM.py [N]")
		os.Exit(2)
	}
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	n := 5
	if len(os.Args) > 2 {
		if n, err = strconv.Atoi(os.Args[2]); err != nil {
			fmt.Fprintln(os.Stderr, "pytime: N must be a number")
			os.Exit(2)
		}
	}
	// TOOLPLANE_CPUPROFILE=FILE writes a CPU profile of the timed runs.
	if f := os.Getenv("TOOLPLANE_CPUPROFILE"); f != "" {
		out, err := os.Create(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(out); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	if os.Getenv("TOOLPLANE_MEMPROFILE") != "" {
		runtime.MemProfileRate = 512
	}
	// The toolplane binary's collector setting (GOGC overrides it).
	python.TuneGC()
	mods := lib.Modules()
	// TOOLPLANE_CPUTIME=1 times process CPU (user+system) instead of wall
	// time: steadier on a machine shared with other work.
	cpu := os.Getenv("TOOLPLANE_CPUTIME") != ""
	now := func() time.Duration {
		if !cpu {
			return time.Duration(time.Now().UnixNano())
		}
		var ru syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	// TOOLPLANE_EACHRUN=1 reports every run on stderr: its time, the
	// process's CPU time, page faults and collections during it, and the
	// heap the runtime has returned to the system: what makes one warm
	// run cost more than another.
	each := os.Getenv("TOOLPLANE_EACHRUN") != ""
	best := time.Duration(1 << 62)
	for i := 0; i < n; i++ {
		var before runStats
		if each {
			before = readRunStats()
		}
		start := now()
		prog, err := python.Compile(os.Args[1], string(src), python.CompileOptions{Snippet: true})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		_, err = prog.Run(context.Background(), python.RunOptions{Host: bench.Hosts(), Modules: mods,
			Limits: python.Limits{Steps: 1 << 40, MaxMemoryBytes: 8 << 30, MaxDepth: 5000, MaxHostCalls: 1 << 30}})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		d := now() - start
		if each {
			after := readRunStats()
			fmt.Fprintf(os.Stderr, "run %d: %.2f ms  cpu %.2f ms  %d page faults  %d GCs  %d MiB returned to the OS\n", i,
				float64(d.Microseconds())/1000, float64((after.cpu-before.cpu).Microseconds())/1000,
				after.faults-before.faults, after.gcs-before.gcs, after.released>>20)
		}
		if d < best {
			best = d
		}
	}
	if os.Getenv("TOOLPLANE_ALLOCS") != "" {
		// Allocation counts of one more run: deterministic, unlike times
		// on a busy machine, and what drives the garbage collector's cost.
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		prog, _ := python.Compile(os.Args[1], string(src), python.CompileOptions{Snippet: true})
		_, _ = prog.Run(context.Background(), python.RunOptions{Host: bench.Hosts(), Modules: mods,
			Limits: python.Limits{Steps: 1 << 40, MaxMemoryBytes: 8 << 30, MaxDepth: 5000, MaxHostCalls: 1 << 30}})
		runtime.ReadMemStats(&m1)
		if f := os.Getenv("TOOLPLANE_MEMPROFILE"); f != "" {
			if out, err := os.Create(f); err == nil {
				_ = pprof.Lookup("allocs").WriteTo(out, 0)
				out.Close()
			}
		}
		fmt.Printf("%.2f ms  %d allocs  %d KiB  %d GCs\n", float64(best.Microseconds())/1000,
			m1.Mallocs-m0.Mallocs, (m1.TotalAlloc-m0.TotalAlloc)>>10, m1.NumGC-m0.NumGC)
		return
	}
	fmt.Printf("%.2f\n", float64(best.Microseconds())/1000)
}

// runStats are the process counters TOOLPLANE_EACHRUN reports per run.
type runStats struct {
	cpu      time.Duration
	faults   int64
	gcs      uint32
	released uint64
}

func readRunStats() runStats {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return runStats{cpu: time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), faults: ru.Minflt + ru.Majflt,
		gcs: m.NumGC, released: m.HeapReleased}
}
