// Command servetime times a program as an MCP client meets it: sent N
// times as execute_code to a real `toolplane serve mcp` process (stdio,
// the default sandbox: the session's runs go to its worker process), and
// prints the best and the median in milliseconds of the call as the
// client sees it, then the best and the median of the duration_ms that
// execute_code reports (the run as the server timed it: the worker's run
// and the bridge, without the MCP wire and the client):
//
//	go run ./bench/servetime [-n 5] [-toolplane BIN] [-v] PROGRAM.py
//
// prints "BEST MEDIAN RUN_BEST RUN_MEDIAN", or "n/a n/a n/a n/a" (and why,
// on stderr) when a run hits a limit of the served defaults, which
// servetime does not raise, but one: hostcalls.py makes 2 000 capability
// calls and a run may make 1 000 by default, so the config servetime
// writes sets [session] max_host_calls to -max-host-calls (10 000; 0
// leaves it out, for a binary older than the key). The served process is fresh
// (a fresh HOME in an empty directory and a config of its own), one
// client session runs every call, as an agent's session would. With
// TOOLPLANE_CPUTIME=1 the client's columns are the CPU time (user +
// system) the served process and its children (the worker, the upstream
// server) spent during the call instead of wall time, as the other timers
// of bench/ do; duration_ms stays wall time. -v adds, on stderr, every
// call (wall, CPU, duration_ms), the workers' resident memory after the
// last call and again 2 s later, and the load average.
//
// The programs' host function lookup (hostcalls.py) is a tool of an
// upstream MCP server the config names, servetime itself run as
// `servetime -upstream` (a stdio server), bound to the name lookup by a
// first line servetime adds to such a program: every
// call goes from the worker to the server and on to the upstream process
// and back, as a capability call of a served snippet does.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	n := flag.Int("n", 5, "execute_code calls of the program")
	bin := flag.String("toolplane", "toolplane", "the toolplane binary to serve")
	verbose := flag.Bool("v", false, "report every call, the workers' resident memory and the load average on stderr")
	isolation := flag.String("isolation", "", `the config's [toolplane] isolation: "" (serve's default, worker processes), "process" or "none" (runs in the served process)`)
	hostCalls := flag.Int("max-host-calls", 10_000, "the config's [session] max_host_calls (0: not set, for a binary without the key)")
	gap := flag.Duration("gap", 0, "an idle pause before each call but the first, not timed: an agent's thinking between calls (a worker gives its garbage back after sandbox.giveBackDelay idle)")
	upstream := flag.Bool("upstream", false, "serve the host functions of the bench programs as an MCP server on stdio (the config servetime writes runs this)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: servetime [-n N] [-toolplane BIN] [-v] PROGRAM.py")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *upstream {
		if err := serveUpstream(); err != nil {
			fmt.Fprintln(os.Stderr, "servetime -upstream:", err)
			os.Exit(1)
		}
		return
	}
	if flag.NArg() != 1 || *n < 1 {
		flag.Usage()
		os.Exit(2)
	}
	src, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "servetime:", err)
		os.Exit(1)
	}
	s, err := measure(*bin, configText(self(), *isolation, *hostCalls), served(string(src)), *n, *gap, os.Getenv("TOOLPLANE_CPUTIME") != "", *verbose)
	var le *limitError
	if errors.As(err, &le) {
		// The program cannot run as served with the served limits (which
		// the bench does not raise, but for host calls): no time, and why.
		fmt.Fprintf(os.Stderr, "servetime: %s: n/a, a served run %v\n", flag.Arg(0), err)
		fmt.Println("n/a n/a n/a n/a")
		return
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "servetime: %s: %v\n", flag.Arg(0), err)
		os.Exit(1)
	}
	fmt.Printf("%.2f %.2f %.2f %.2f\n", s.best, s.median, s.runBest, s.runMedian)
}

// served is a program's source as servetime sends it: the upstream's
// tools have the aliases bench_NAME and bench.NAME (an alias names its
// server), so a program that calls the bench's host function lookup gets
// it bound to that name first, one statement.
func served(src string) string {
	if strings.Contains(src, "lookup(") {
		return "lookup = bench_lookup  # servetime: the bench's host function, an upstream tool\n" + src
	}
	return src
}

// summary is what servetime prints, in milliseconds.
type summary struct {
	best, median, runBest, runMedian float64
}

// measure serves a fresh toolplane and sends src n times as execute_code.
// cpu times the served process tree's CPU instead of the call's wall time.
func measure(bin, cfg, src string, n int, gap time.Duration, cpu, verbose bool) (summary, error) {
	dir, err := os.MkdirTemp("", "servetime-")
	if err != nil {
		return summary{}, err
	}
	defer os.RemoveAll(dir)
	home, work := filepath.Join(dir, "home"), filepath.Join(dir, "work")
	for _, d := range []string{home, work} {
		if err := os.Mkdir(d, 0o700); err != nil {
			return summary{}, err
		}
	}
	config := filepath.Join(dir, "toolplane.toml")
	if err := os.WriteFile(config, []byte(cfg), 0o600); err != nil {
		return summary{}, err
	}
	cmd := exec.Command(bin, "serve", "mcp", "--config", config)
	cmd.Dir = work
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "servetime", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		return summary{}, fmt.Errorf("connecting to %s serve mcp: %w\n%s", bin, err, stderr.String())
	}
	defer cs.Close()

	var clock, runs []float64
	for i := range n {
		if i > 0 {
			time.Sleep(gap)
		}
		var before treeCPU
		if cpu || verbose {
			if before, err = readTreeCPU(cmd.Process.Pid); err != nil {
				return summary{}, err
			}
		}
		start := time.Now()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": src, "timeout": 300}})
		wall := time.Since(start)
		if err != nil {
			return summary{}, fmt.Errorf("execute_code: %w\n%s", err, stderr.String())
		}
		var cpuMS float64
		var faults int64
		if cpu || verbose {
			after, err := readTreeCPU(cmd.Process.Pid)
			if err != nil {
				return summary{}, err
			}
			cpuMS = float64(after.total-before.total) / 1e6
			faults = after.faults - before.faults
		}
		out, err := structured(res)
		if err != nil {
			return summary{}, err
		}
		if out.Error != nil {
			if out.Error.Limit != "" {
				return summary{}, &limitError{out.Error.Limit, out.Error.Message}
			}
			return summary{}, fmt.Errorf("the run failed: %s: %s", out.Error.Type, out.Error.Message)
		}
		wallMS := float64(wall.Microseconds()) / 1000
		if cpu {
			clock = append(clock, cpuMS)
		} else {
			clock = append(clock, wallMS)
		}
		runs = append(runs, out.DurationMS)
		if verbose {
			fmt.Fprintf(os.Stderr, "call %d: wall %.2f ms  cpu %.2f ms  duration_ms %.2f  page faults %d\n", i, wallMS, cpuMS, out.DurationMS, faults)
		}
	}
	if verbose {
		t, err := readTreeCPU(cmd.Process.Pid)
		if err == nil {
			fmt.Fprintf(os.Stderr, "resident: serve %d MiB, its children %d MiB (%d processes); load average %s\n",
				t.rootRSS>>20, t.childRSS>>20, t.children, loadAverage())
		}
		// What the session's worker keeps while its client thinks.
		time.Sleep(idleWait)
		if t, err := readTreeCPU(cmd.Process.Pid); err == nil {
			fmt.Fprintf(os.Stderr, "resident after %v idle: serve %d MiB, its children %d MiB\n", idleWait, t.rootRSS>>20, t.childRSS>>20)
		}
	}
	return summary{best: slices.Min(clock), median: median(clock), runBest: slices.Min(runs), runMedian: median(runs)}, nil
}

// idleWait is how long -v waits after the last call before it reports
// the resident memory again: longer than a worker waits idle before it
// gives its garbage back (sandbox.giveBackDelay).
const idleWait = 2 * time.Second

// self is servetime's own executable, the config's upstream server.
func self() string {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "servetime:", err)
		os.Exit(1)
	}
	return exe
}

// configText is the served config: the embedded backend's defaults, and
// the bench's host functions as the tools of an upstream server, self run
// with -upstream; isolation, when set, is [toolplane] isolation, and
// hostCalls, when positive, [session] max_host_calls.
func configText(self, isolation string, hostCalls int) string {
	var top string
	if isolation != "" {
		top = fmt.Sprintf("[toolplane]\nisolation = %q\n\n", isolation)
	}
	if hostCalls > 0 {
		top += fmt.Sprintf("[session]\nmax_host_calls = %d\n\n", hostCalls)
	}
	return top + fmt.Sprintf(`[mcp.servers.bench]
command = %q
args = ["-upstream"]
`, self)
}

// limitError is a run that a served limit ended.
type limitError struct{ limit, message string }

func (e *limitError) Error() string { return fmt.Sprintf("hit its %s limit: %s", e.limit, e.message) }

// execOutput is the part of execute_code's structured content timed here.
type execOutput struct {
	DurationMS float64 `json:"duration_ms"`
	Error      *struct {
		Type    string `json:"type"`
		Message string `json:"message"`
		Limit   string `json:"limit"`
	} `json:"error"`
}

func structured(res *mcp.CallToolResult) (*execOutput, error) {
	if res.StructuredContent == nil {
		return nil, errors.New("execute_code returned no structured content")
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		return nil, err
	}
	var out execOutput
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("execute_code's structured content: %w", err)
	}
	return &out, nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// treeCPU is the CPU time a process and its descendants have used, and
// their resident memory.
type treeCPU struct {
	total             int64 // nanoseconds, every thread of every process
	rootRSS, childRSS int64 // bytes
	children          int
	// faults counts the minor page faults of root and its descendants
	// (and of the children they reaped): each is a page the kernel
	// zeroed for a heap that grew, or grew back after giving memory up.
	faults int64
}

// readTreeCPU sums the CPU time of root and its descendants from /proc:
// each thread's schedstat (nanoseconds; the clock ticks of stat are 10 ms,
// coarser than a run) and, for threads and children that are gone, what
// stat says the process reaped. Linux only.
func readTreeCPU(root int) (treeCPU, error) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return treeCPU{}, fmt.Errorf("reading the served processes' CPU time needs /proc: %w", err)
	}
	parent := map[int]int{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if pp, ok := ppid(pid); ok {
			parent[pid] = pp
		}
	}
	in := func(pid int) bool {
		for i := 0; pid > 1 && i < 64; i++ {
			if pid == root {
				return true
			}
			pid = parent[pid]
		}
		return false
	}
	var t treeCPU
	for pid := range parent {
		if !in(pid) {
			continue
		}
		threads, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
		if err != nil {
			continue // gone meanwhile
		}
		for _, th := range threads {
			b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/schedstat", pid, th.Name()))
			if err != nil {
				continue
			}
			if f := strings.Fields(string(b)); len(f) > 0 {
				ns, _ := strconv.ParseInt(f[0], 10, 64)
				t.total += ns
			}
		}
		t.faults += minorFaults(pid)
		rss := residentBytes(pid)
		if pid == root {
			t.rootRSS = rss
		} else {
			t.childRSS += rss
			t.children++
		}
	}
	return t, nil
}

// ppid is the parent of pid, from /proc/PID/stat.
func ppid(pid int) (int, bool) {
	f := statFields(pid)
	if len(f) < 2 {
		return 0, false
	}
	pp, err := strconv.Atoi(f[1])
	return pp, err == nil
}

// minorFaults is the minor page faults of pid and of the children it
// reaped, from /proc/PID/stat.
func minorFaults(pid int) int64 {
	f := statFields(pid)
	if len(f) < 9 {
		return 0
	}
	own, _ := strconv.ParseInt(f[7], 10, 64)
	reaped, _ := strconv.ParseInt(f[8], 10, 64)
	return own + reaped
}

// statFields is /proc/PID/stat's fields after the command name, from the
// state on (the command, in parentheses, may hold spaces: fields count
// from the last ')'); nil if pid is gone.
func statFields(pid int) []string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(string(b[i+1:]))
}

// residentBytes is pid's resident set size, from /proc/PID/statm.
func residentBytes(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/statm", pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

func loadAverage() string {
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

// lookupIn and lookupOut are the bench's host function lookup as an MCP
// tool: the contract of bench.Hosts and hostcalls_prelude.py.
type lookupIn struct {
	I int64 `json:"i" jsonschema:"the id to look up"`
}

type lookupOut struct {
	ID int64 `json:"id"`
	V  int64 `json:"v"`
}

// serveUpstream serves lookup on stdin and stdout until the client goes.
func serveUpstream() error {
	srv := mcp.NewServer(&mcp.Implementation{Name: "servetime-upstream", Version: "1"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "lookup", Description: "Returns {id: i, v: 2*i}."},
		func(_ context.Context, _ *mcp.CallToolRequest, in lookupIn) (*mcp.CallToolResult, lookupOut, error) {
			return nil, lookupOut{ID: in.I, V: in.I * 2}, nil
		})
	return srv.Run(context.Background(), &mcp.StdioTransport{})
}
