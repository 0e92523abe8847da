// Command startab compares the start-up of two toolplane binaries as whole
// processes, in the same run: it alternates fresh processes of A and B
// (`BIN run FILE`, FILE a trivial snippet by default) N times each and
// prints, per binary, the mean and minimum of the process's CPU time (user +
// system, from its rusage), its wall time and its page faults (minor +
// major), then B/A of the means and the load average before and after.
// Alternating samples puts both binaries under the same load.
//
//	go run ./bench/startab [-n 200] [-file F] A B
//
// With no -file, a temporary file holding `return 1` is run. Every process
// gets a fresh HOME in an empty directory, so no user configuration or
// audit log is timed.
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

type stats struct {
	cpu, wall, faults []float64
}

func main() {
	n := flag.Int("n", 200, "fresh processes per binary")
	file := flag.String("file", "", "the snippet file to run (default: a temporary file holding `return 1`)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: startab [-n N] [-file F] A B")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 2 || *n < 1 {
		flag.Usage()
		os.Exit(2)
	}
	dir, err := os.MkdirTemp("", "startab")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	if *file == "" {
		*file = filepath.Join(dir, "trivial.py")
		if err := os.WriteFile(*file, []byte("return 1\n"), 0o644); err != nil {
			fail(err)
		}
	}
	bins := flag.Args()
	res := make([]stats, len(bins))
	load0 := loadavg()
	for i := range *n {
		// Alternate which binary goes first, so neither always follows the other.
		for k := range bins {
			j := (k + i) % len(bins)
			if err := sample(bins[j], *file, dir, &res[j]); err != nil {
				fail(fmt.Errorf("%s: %w", bins[j], err))
			}
		}
	}
	load1 := loadavg()
	for j, b := range bins {
		s := res[j]
		fmt.Printf("%-2s %s\n   cpu  mean %6.2f ms  min %6.2f ms\n   wall mean %6.2f ms  min %6.2f ms\n   page faults mean %6.0f  min %6.0f\n",
			string(rune('A'+j)), b, mean(s.cpu), minOf(s.cpu), mean(s.wall), minOf(s.wall), mean(s.faults), minOf(s.faults))
	}
	a, b := res[0], res[1]
	fmt.Printf("B/A  cpu mean %.3f min %.3f  wall mean %.3f min %.3f  page faults %.3f\n",
		mean(b.cpu)/mean(a.cpu), minOf(b.cpu)/minOf(a.cpu), mean(b.wall)/mean(a.wall), minOf(b.wall)/minOf(a.wall), mean(b.faults)/mean(a.faults))
	fmt.Printf("%d processes each; load average before: %s, after: %s\n", *n, load0, load1)
}

// sample runs `bin run file` once in a fresh HOME and records its costs.
func sample(bin, file, dir string, s *stats) error {
	home, err := os.MkdirTemp(dir, "home")
	if err != nil {
		return err
	}
	defer os.RemoveAll(home)
	cmd := exec.Command(bin, "run", file)
	cmd.Dir = home
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return fmt.Errorf("%w\n%s", err, stderr.String())
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return fmt.Errorf("no rusage on this platform")
	}
	s.cpu = append(s.cpu, float64(ru.Utime.Nano()+ru.Stime.Nano())/1e6)
	s.wall = append(s.wall, float64(wall.Nanoseconds())/1e6)
	s.faults = append(s.faults, float64(ru.Minflt+ru.Majflt))
	return nil
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

func minOf(v []float64) float64 {
	m := math.Inf(1)
	for _, x := range v {
		m = min(m, x)
	}
	return m
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "startab:", err)
	os.Exit(1)
}
