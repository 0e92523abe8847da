package localpython

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/toolplane/toolplane/backend"
)

// StdioSession is a runner process that serves one run after another,
// keeping the snippet's globals between them: a session of the
// pyodide-deno backend, whose Deno harness speaks the stdio protocol of
// StartStdioProcess and takes a new init message after each done. A
// session is used by one run at a time. A run that ends without its done
// message (a limit, a deadline, a crash) ends the process: the state is
// lost, which Alive reports.
type StdioSession struct {
	p *Process
	// lines carries the runner's protocol lines from one reader goroutine
	// for the life of the process; it is closed when the process's stdout
	// ends.
	lines chan []byte
	// exited is closed when the process has been waited for; waitErr and
	// the stderr tail are then set.
	exited  chan struct{}
	waitErr error

	diagMu sync.Mutex
	diag   tailBuffer

	killOnce sync.Once
}

// StartStdioSession starts cmd in its own process group with the channel
// on its stdin and stdout, as StartStdioProcess does, without sending an
// init message: each Serve sends its own.
func StartStdioSession(cmd *exec.Cmd) (*StdioSession, error) {
	p, err := startProcess(cmd, nil, true)
	if err != nil {
		return nil, err
	}
	s := &StdioSession{p: p, lines: make(chan []byte, 64), exited: make(chan struct{})}
	go func() {
		defer close(s.lines)
		rd := bufio.NewReaderSize(p.fromPy, 64<<10)
		for {
			line, err := rd.ReadBytes('\n')
			if len(bytes.TrimSpace(line)) > 0 {
				s.lines <- line
			}
			if err != nil {
				return
			}
		}
	}()
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := p.diag.Read(buf)
			if n > 0 {
				s.diagMu.Lock()
				_, _ = s.diag.Write(buf[:n])
				s.diagMu.Unlock()
			}
			if err != nil {
				return
			}
		}
	}()
	go func() {
		s.waitErr = p.cmd.Wait()
		close(s.exited)
	}()
	return s, nil
}

// Alive reports whether the process still runs.
func (s *StdioSession) Alive() bool {
	select {
	case <-s.exited:
		return false
	default:
		return true
	}
}

// Close ends the process and everything it started.
func (s *StdioSession) Close() {
	s.killOnce.Do(func() {
		s.p.killGroup()
		<-s.exited
		s.p.closeOurs()
	})
}

// Serve runs one snippet: it sends init, serves the runner's host calls
// through bridge until its done message, and returns the outcome as
// Process.Serve does. A limit, the deadline or the process's death ends
// the process (Close), and with it the session's state.
func (s *StdioSession) Serve(ctx context.Context, bridge backend.Bridge, opts backend.RunOptions, init any) (*backend.Result, error) {
	line, err := json.Marshal(init)
	if err != nil {
		return nil, fmt.Errorf("encoding the init message: %w", err)
	}
	if !s.Alive() {
		return nil, errors.New("the session's process has ended")
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	r := &run{ctx: runCtx, bridge: bridge, opts: opts, limits: opts.Limits, p: s.p, cancels: map[int64]context.CancelFunc{}}
	if r.limits.MaxOutputBytes <= 0 {
		r.limits.MaxOutputBytes = DefaultMaxOutputBytes
	}
	if r.limits.MaxHostCalls <= 0 {
		r.limits.MaxHostCalls = DefaultMaxHostCalls
	}
	r.kill = s.Close
	go func() {
		r.writeMu.Lock()
		defer r.writeMu.Unlock()
		_, _ = s.p.toPy.Write(append(line, '\n'))
	}()
	start := time.Now()
	finished := func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.done != nil || r.limitErr != nil
	}
	ended := false // the process's output ended
loop:
	for !finished() {
		select {
		case ln, ok := <-s.lines:
			if !ok {
				ended = true
				break loop
			}
			r.handle(ln)
		case <-runCtx.Done():
			break loop
		}
	}
	// Calls still in flight belong to this run: they end with it. (A
	// reply that reaches the runner after its run is ignored there: call
	// ids are unique for the session.)
	cancel()
	r.calling.Wait()

	r.mu.Lock()
	limitErr, done := r.limitErr, r.done
	r.mu.Unlock()
	switch {
	case limitErr != nil:
		s.Close()
		return nil, limitErr
	case done != nil:
		return r.outcome(done)
	}
	s.Close()
	switch {
	case !ended && errors.Is(ctx.Err(), context.DeadlineExceeded):
		return nil, &backend.Error{Type: "TimeoutError", Limit: "time",
			Message: fmt.Sprintf("the run exceeded its time limit after %s; the process was killed", time.Since(start).Round(time.Millisecond))}
	case !ended && ctx.Err() != nil:
		return nil, fmt.Errorf("run cancelled: %w", ctx.Err())
	}
	s.diagMu.Lock()
	tail := strings.TrimSpace(s.diag.String())
	s.diagMu.Unlock()
	msg := fmt.Sprintf("the %s process ended before the snippet finished (%v)", filepath.Base(s.p.cmd.Path), exitDescription(s.waitErr))
	if tail != "" {
		msg += ": " + tail
	}
	return nil, &backend.Error{Type: "RuntimeError", Message: msg}
}

// Pid is the process id of the session's process.
func (s *StdioSession) Pid() int { return s.p.cmd.Process.Pid }
