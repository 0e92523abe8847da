package spill

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"syscall"
	"time"
)

// WorkerArg is the first argument that makes this program an explore
// worker (ExploreWorkerMain).
const WorkerArg = "__spill-explore"

// ExploreWorkerMain makes this program a spill_explore worker when it was
// started as one, and returns otherwise. A program that installs the
// spill plugin calls it first in main (toolplane's own binary does):
//
//	func main() {
//		spill.ExploreWorkerMain()
//		...
//	}
//
// A jq program is hostile input: gojq checks its deadline between
// instructions, but one instruction can build or walk a value of
// exponential size ([., .] repeated shares structure; tojson, flatten or
// == then expand it) and never return. So no query runs in the serving
// process: each runs in a worker process of this binary, with an empty
// environment, its address space and CPU time capped by rlimits, killed
// at the deadline; a query that blows a limit costs its worker.
func ExploreWorkerMain() {
	if len(os.Args) < 2 || os.Args[1] != WorkerArg {
		return
	}
	os.Exit(workerMain(os.Stdin, os.Stdout))
}

// workerRequest is the first line a worker reads; the spilled value
// follows it on stdin.
type workerRequest struct {
	Query  string        `json:"query"`
	Limits ExploreLimits `json:"limits"`
}

// workerAnswer is what a worker writes on stdout.
type workerAnswer struct {
	Result *exploreResult `json:"result,omitempty"`
	Error  string         `json:"error,omitempty"`
}

func workerMain(in io.Reader, out io.Writer) int {
	r := bufio.NewReaderSize(in, 64<<10)
	line, err := r.ReadBytes('\n')
	var req workerRequest
	if err != nil || json.Unmarshal(line, &req) != nil {
		fmt.Fprintln(os.Stderr, "spill explore worker: bad request")
		return 2
	}
	// The caps apply to this process from here on: decoding the input
	// and running the query.
	debug.SetMemoryLimit(req.Limits.MaxMemory)
	// The cap is what the process has mapped now (a large host binary
	// maps more than a small one) plus room for the query.
	as := uint64(mappedBytes() + workerHeadroom + 2*req.Limits.MaxMemory)
	_ = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: as, Max: as})
	cpu := uint64(req.Limits.Timeout/time.Second) + 2
	_ = syscall.Setrlimit(syscall.RLIMIT_CPU, &syscall.Rlimit{Cur: cpu, Max: cpu})
	data, err := io.ReadAll(r)
	if err != nil {
		return 2
	}
	res, err := runQuery(context.Background(), req.Limits, req.Query, data)
	ans := workerAnswer{Result: res}
	if err != nil {
		ans = workerAnswer{Error: err.Error()}
	}
	b, _ := json.Marshal(ans)
	_, _ = out.Write(b)
	return 0
}

// workerHeadroom is address space for the input, new threads' stacks
// and the runtime's arenas beyond what the worker had mapped at start.
const workerHeadroom = 512 << 20

// mappedBytes is this process's virtual size (/proc/self/statm), or a
// generous guess where that cannot be read.
func mappedBytes() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 2 << 30
	}
	var pages int64
	if _, err := fmt.Sscan(string(b), &pages); err != nil {
		return 2 << 30
	}
	return pages * int64(os.Getpagesize())
}

// explorer runs queries in worker processes, a few at a time.
type explorer struct {
	lim     ExploreLimits
	slots   chan struct{}
	command string // the program to run as a worker; os.Executable by default
}

func newExplorer(lim ExploreLimits) *explorer {
	return &explorer{lim: lim, slots: make(chan struct{}, lim.Concurrent)}
}

// run runs query over data in a worker process.
func (x *explorer) run(ctx context.Context, query string, data []byte) (*exploreResult, error) {
	if _, err := compileQuery(query); err != nil {
		return nil, err // a syntax error costs no process
	}
	select {
	case x.slots <- struct{}{}:
		defer func() { <-x.slots }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	command := x.command
	if command == "" {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("starting a jq worker: %w", err)
		}
		command = exe
	}
	// The worker gets a little longer than the query's own deadline to
	// answer that it ran out; past that it is killed.
	wctx, cancel := context.WithTimeout(ctx, x.lim.Timeout+2*time.Second)
	defer cancel()
	cmd := exec.CommandContext(wctx, command, WorkerArg)
	cmd.Env = []string{}
	cmd.WaitDelay = time.Second
	req, _ := json.Marshal(workerRequest{Query: query, Limits: x.lim})
	cmd.Stdin = io.MultiReader(bytes.NewReader(append(req, '\n')), bytes.NewReader(data))
	var stdout, stderr limitedBuffer
	stdout.max, stderr.max = x.lim.MaxOutputBytes*2+(64<<10), 16<<10
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	switch {
	case wctx.Err() != nil && ctx.Err() == nil:
		return nil, errExploreTimeout(x.lim.Timeout)
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case strings.Contains(stderr.String(), "fatal error:"):
		// The Go runtime gave up: out of memory under the rlimit, a
		// stack past its maximum, no address space for a thread.
		return nil, errExploreMemory
	case err != nil:
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ProcessState != nil {
			if ws, ok := ee.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGXCPU {
				return nil, errExploreTimeout(x.lim.Timeout)
			}
		}
		return nil, fmt.Errorf("the jq worker failed on this query (%v); is this program calling spill.ExploreWorkerMain first in main?", err)
	}
	var ans workerAnswer
	if err := json.Unmarshal(stdout.Bytes(), &ans); err != nil {
		return nil, fmt.Errorf("the jq worker answered garbage: %v", err)
	}
	if ans.Error != "" {
		return nil, errors.New(ans.Error)
	}
	if ans.Result == nil {
		return &exploreResult{}, nil
	}
	return ans.Result, nil
}

// check runs a trivial query, so a host that cannot start workers fails
// at start-up rather than at the first spill_explore.
func (x *explorer) check(ctx context.Context) error {
	res, err := x.run(ctx, ".a", []byte(`{"a":1}`))
	if err != nil || len(res.Results) != 1 || string(res.Results[0]) != "1" {
		return fmt.Errorf("[plugins.spill]: spill_explore's worker does not run (%v); the program must call spill.ExploreWorkerMain first in main", err)
	}
	return nil
}

// limitedBuffer keeps the first max bytes written and drops the rest.
type limitedBuffer struct {
	bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
