package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/toolplane/toolplane/internal/childenv"
	"github.com/toolplane/toolplane/internal/isolate"
)

// Output is what one run produced; it is the structured result of a `cli:`
// capability (see outputSchema).
type Output struct {
	Stdout     string   `json:"stdout"`
	Stderr     string   `json:"stderr"`
	ExitCode   int      `json:"exit_code"` // -1 when killed by a signal
	Truncated  bool     `json:"truncated"` // stdout or stderr exceeded the cap
	TimedOut   bool     `json:"timed_out"`
	Argv       []string `json:"argv"` // argv[0] is the binary name, not its path
	DurationMS int64    `json:"duration_ms"`
}

// recentCall is how long a call may have run for its descendants to be
// looked for among the process ids handed out since it started
// (childenv.KillMarkedSince): far too short to hand out pid_max ids
// (32768 by default) and wrap around to older ones. A longer call has
// every process scanned, which costs it little in proportion.
const recentCall = 50 * time.Millisecond

// pipeGrace is how long output is still read after the binary and its
// process group are gone.
const pipeGrace = 2 * time.Second

// runner holds what every run of one Source shares.
type runner struct {
	timeout   time.Duration
	maxOutput int
	cwd       string
	// env is the policy's environment before a binary's own rules
	// (envFor): childenv's minimal host variables, PassEnv, then Env.
	env map[string]string
}

// newRunner builds the run settings from a checked policy. The environment
// is built once, as childenv builds every child's: the minimal host
// variables, PassEnv names, then Env; envFor applies each binary's rules.
func newRunner(p Policy) *runner {
	env := map[string]string{}
	for _, kv := range childenv.Build(os.Environ(), p.PassEnv, p.Env) {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	return &runner{timeout: p.timeout(), maxOutput: p.maxOutput(), cwd: p.Cwd, env: env}
}

// run executes path with argv (argv[0] is the name shown to the binary) and
// exactly the environment env (plus the call's childenv marker) in its own
// process group, stdin on /dev/null, stdout and stderr capped. When the
// timeout expires or ctx is cancelled the whole group is killed; a group
// member left behind after the binary exits is killed as well, and so is a
// descendant that left the group (found by the marker, on Linux), so a
// call never leaves processes behind. An error is returned only when the
// binary could not be started or ctx was cancelled by the caller.
func (r *runner) run(ctx context.Context, path string, argv, env []string, timeout time.Duration, maxOutput int) (*Output, error) {
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	out := &Output{Argv: argv}
	// The call's marker: every process the binary starts inherits it, so
	// one that left the process group (a daemon: setsid, output on
	// /dev/null) is found and killed when the call ends.
	marker, err := childenv.Marker()
	if err != nil {
		return nil, fmt.Errorf("cli %s: %w", argv[0], err)
	}
	cmd := exec.Command(path, argv[1:]...)
	cmd.Args[0] = argv[0]
	cmd.Dir = r.cwd
	cmd.Env = append(env[:len(env):len(env)], marker)
	cmd.Stdin = nil // os/exec connects a nil Stdin to /dev/null
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}

	// Pipes are ours, not os/exec's, so Wait returns when the binary exits
	// even if a grandchild still holds them; the readers end when the last
	// holder is gone (killed below).
	stdoutR, stdoutW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("cli %s: %w", argv[0], err)
	}
	stderrR, stderrW, err := os.Pipe()
	if err != nil {
		stdoutR.Close()
		stdoutW.Close()
		return nil, fmt.Errorf("cli %s: %w", argv[0], err)
	}
	cmd.Stdout, cmd.Stderr = stdoutW, stderrW

	start := time.Now()
	// Its own Landlock domain (where the kernel has one): the binary cannot
	// read the environment or memory of a stdio MCP server (its secrets) or
	// of another run, nor signal toolplane.
	waited := make(chan error, 1)
	err = isolate.Start(cmd, func(err error) { waited <- err })
	stdoutW.Close()
	stderrW.Close()
	if err != nil {
		stdoutR.Close()
		stderrR.Close()
		return nil, fmt.Errorf("cli %s: start %s: %w", argv[0], path, err)
	}
	pgid := cmd.Process.Pid
	killGroup := func() { _ = syscall.Kill(-pgid, syscall.SIGKILL) }

	var wg sync.WaitGroup
	var stdout, stderr cappedBuffer
	stdout.max, stderr.max = maxOutput, maxOutput
	wg.Add(2)
	go func() { defer wg.Done(); stdout.drain(stdoutR) }()
	go func() { defer wg.Done(); stderr.drain(stderrR) }()

	exited := make(chan struct{})
	killed := make(chan bool, 1) // whether the binary was still running at the deadline
	go func() {
		select {
		case <-runCtx.Done():
			killGroup()
			killed <- true
		case <-exited:
			killed <- false
		}
	}()
	waitErr := <-waited
	close(exited)
	wasKilled := <-killed
	// The leader is gone; anything still in its group is a leftover, and
	// so is any process that left the group but carries the marker.
	killGroup()
	if time.Since(start) < recentCall {
		childenv.KillMarkedSince(marker, pgid)
	} else {
		childenv.KillMarked(marker)
	}
	// A process that left the group (setsid) may still hold the pipes; stop
	// reading after a grace period rather than wait for it.
	readersDone := make(chan struct{})
	go func() { wg.Wait(); close(readersDone) }()
	select {
	case <-readersDone:
	case <-time.After(pipeGrace):
		stdoutR.Close()
		stderrR.Close()
		<-readersDone
	}
	stdoutR.Close()
	stderrR.Close()
	out.DurationMS = time.Since(start).Milliseconds()

	out.Stdout, out.Stderr = stdout.String(), stderr.String()
	out.Truncated = stdout.truncated || stderr.truncated
	out.ExitCode = cmd.ProcessState.ExitCode()
	if wasKilled && runCtx.Err() != nil {
		if ctx.Err() != nil {
			return out, fmt.Errorf("cli %s: %w", argv[0], ctx.Err())
		}
		out.TimedOut = true
		return out, nil
	}
	var exitErr *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &exitErr) {
		return out, fmt.Errorf("cli %s: wait: %w", argv[0], waitErr)
	}
	return out, nil
}

// cappedBuffer keeps the first max bytes written and drops the rest,
// remembering that it did. Reading continues past the cap so the writer is
// never blocked on a full pipe; the timeout bounds a writer that never stops.
type cappedBuffer struct {
	buf       bytes.Buffer
	max       int
	truncated bool
}

func (c *cappedBuffer) drain(r io.Reader) {
	chunk := make([]byte, 32<<10)
	for {
		n, err := r.Read(chunk)
		if n > 0 {
			room := c.max - c.buf.Len()
			if n > room {
				c.truncated = true
				n = max(room, 0)
			}
			c.buf.Write(chunk[:n])
		}
		if err != nil {
			return
		}
	}
}

// String returns the kept bytes, without a rune cut in half by the cap.
func (c *cappedBuffer) String() string {
	b := c.buf.Bytes()
	if c.truncated {
		for i := 0; i < utf8.UTFMax && len(b) > 0; i++ {
			r, size := utf8.DecodeLastRune(b)
			if r != utf8.RuneError || size != 1 {
				break
			}
			b = b[:len(b)-1]
		}
	}
	return string(b)
}

// tail returns the last lines of s, at most maxBytes, for error messages.
func tail(s string, maxLines, maxBytes int) string {
	s = strings.TrimRight(s, "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > maxLines {
		lines = lines[len(lines)-maxLines:]
	}
	s = strings.Join(lines, "\n")
	if len(s) > maxBytes {
		s = "…" + strings.ToValidUTF8(s[len(s)-maxBytes:], "")
	}
	return s
}
