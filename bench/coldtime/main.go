// Command coldtime times a program's cold run, a fresh process per sample,
// best of N, and prints milliseconds: the cold columns of bench/compare.sh,
// where every sample pays what a user's `toolplane run` pays (process start,
// package initialisation, configuration, the first run's heap growth).
//
//	go run ./bench/coldtime [-report stdout|duration_ms] N COMMAND [ARG...]
//
// By default a sample is the whole process. With -report stdout it is the
// number of milliseconds the command prints (bench/cpython_time.py with
// N=1: the first compile + run in that process); with -report duration_ms
// it is that field of the JSON object the command prints (`toolplane run
// --json`). A sample that exits non-zero fails the measurement (its
// standard error is printed). With TOOLPLANE_CPUTIME=1 a whole-process
// sample is the child's CPU time (user + system, from its rusage) instead
// of wall time, as the other timers of bench/ do.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	report := flag.String("report", "", `what a sample is: "" (the whole process), "stdout" (the milliseconds the command prints) or "duration_ms" (that field of the JSON it prints)`)
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: coldtime [-report stdout|duration_ms] N COMMAND [ARG...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	args := flag.Args()
	if len(args) < 2 {
		flag.Usage()
		os.Exit(2)
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 {
		fmt.Fprintln(os.Stderr, "coldtime: N must be a positive number")
		os.Exit(2)
	}
	cpu := os.Getenv("TOOLPLANE_CPUTIME") != ""
	best := -1.0
	for range n {
		ms, err := sample(args, *report, cpu)
		if err != nil {
			fmt.Fprintf(os.Stderr, "coldtime: %s: %v\n", args[0], err)
			os.Exit(1)
		}
		if best < 0 || ms < best {
			best = ms
		}
	}
	fmt.Printf("%.2f\n", best)
}

// sample runs the command once and returns its time in milliseconds.
func sample(args []string, report string, cpu bool) (float64, error) {
	cmd := exec.Command(args[1], args[2:]...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err != nil {
		return 0, fmt.Errorf("%w\n%s", err, stderr.Bytes())
	}
	switch report {
	case "":
		if cpu {
			if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
				d = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
			}
		}
		return float64(d) / 1e6, nil
	case "stdout":
		return strconv.ParseFloat(strings.TrimSpace(stdout.String()), 64)
	case "duration_ms":
		var out struct {
			DurationMS *float64        `json:"duration_ms"`
			Error      json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
			return 0, fmt.Errorf("reading its JSON output: %w", err)
		}
		if len(out.Error) > 0 && string(out.Error) != "null" {
			return 0, fmt.Errorf("the run failed: %s", out.Error)
		}
		if out.DurationMS == nil {
			return 0, fmt.Errorf("its JSON output has no duration_ms")
		}
		return *out.DurationMS, nil
	}
	return 0, fmt.Errorf("-report %q: want stdout or duration_ms", report)
}
