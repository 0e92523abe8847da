//go:build unix

package mcp

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/toolplane/toolplane/internal/childenv"
	"github.com/toolplane/toolplane/internal/isolate"
)

// guardScript starts the server through /bin/sh so that a watcher shares its
// process group: the watcher blocks reading fd 3, a pipe whose only writer is
// toolplane, and kills the whole group when the read ends. The pipe ends when
// toolplane closes it or dies in any way (even SIGKILL), so servers started
// through wrappers such as npx or uvx, whose real server is a grandchild that
// Pdeathsig cannot reach, do not survive toolplane. The watcher's own stdio is
// detached so it never holds the server's stdout or stderr open; the server
// gets the real ones and loses fd 3.
const guardScript = `(read -r _ <&3; kill -9 0) </dev/null >/dev/null 2>&1 &
exec "$@" 3<&-`

// process is one running stdio server: its process group, its pipes and the
// record of how it ended.
type process struct {
	cmd  *exec.Cmd
	pgid int
	// marker is the NAME=value entry the server's environment carries
	// (childenv.Marker), by which stop finds descendants that left the
	// process group.
	marker string
	stdin  *os.File // our write end of the server's stdin
	stdout *os.File // our read end of the server's stdout
	guard  *os.File // our write end of the watcher's pipe
	// stdoutTail keeps the last bytes read from stdout, to show what a
	// server wrote when it was not JSON-RPC.
	stdoutTail *ringBuffer

	done chan struct{} // closed once the leader has exited and been reaped
	// stderrDone is closed when every holder of the server's stderr is gone
	// and all it wrote is in the ring buffer.
	stderrDone chan struct{}
	waitErr    error // cmd.Wait's result, set before done closes

	stopOnce sync.Once
	closeMu  sync.Mutex
	closed   bool
}

// startProcess starts the command of spec with env (the full environment) in
// a new process group, sending its stderr into stderr.
func startProcess(spec *ServerSpec, env []string, stderr io.Writer) (*process, error) {
	path, err := lookCommand(spec.Command, spec.Cwd, env)
	if err != nil {
		return nil, err
	}
	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			_ = f.Close()
		}
	}
	pipe := func() (r, w *os.File, err error) {
		r, w, err = os.Pipe()
		if err == nil {
			files = append(files, r, w)
		}
		return r, w, err
	}
	inR, inW, err := pipe()
	if err != nil {
		return nil, fmt.Errorf("creating stdin pipe: %w", err)
	}
	outR, outW, err := pipe()
	if err != nil {
		closeAll()
		return nil, fmt.Errorf("creating stdout pipe: %w", err)
	}
	errR, errW, err := pipe()
	if err != nil {
		closeAll()
		return nil, fmt.Errorf("creating stderr pipe: %w", err)
	}
	guardR, guardW, err := pipe()
	if err != nil {
		closeAll()
		return nil, fmt.Errorf("creating guard pipe: %w", err)
	}

	// The pipes are *os.File values, so exec hands them to the child as they
	// are and Wait does not wait for copies: a grandchild that keeps stderr
	// open cannot delay noticing that the server died.
	marker, err := childenv.Marker()
	if err != nil {
		closeAll()
		return nil, err
	}
	cmd := exec.Command("/bin/sh", append([]string{"-c", guardScript, "toolplane-mcp-guard", path}, spec.Args...)...)
	cmd.Env = append(env[:len(env):len(env)], marker)
	cmd.Dir = spec.Cwd
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	cmd.ExtraFiles = []*os.File{guardR}
	cmd.SysProcAttr = procAttr()
	// Its own Landlock domain (where the kernel has one): no sibling server
	// or CLI run reads its environment or memory, and it reads none of
	// theirs. The thread that forks it waits for it and then ends.
	waited := make(chan error, 1)
	start := isolate.Start
	if spec.Unisolated {
		start = isolate.StartShared
	}
	if err := start(cmd, func(err error) { waited <- err }); err != nil {
		closeAll()
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	// The child has its copies; keep only our ends.
	for _, f := range []*os.File{inR, outW, errW, guardR} {
		_ = f.Close()
	}
	p := &process{
		cmd:        cmd,
		pgid:       cmd.Process.Pid,
		marker:     marker,
		stdin:      inW,
		stdout:     outR,
		guard:      guardW,
		stdoutTail: newRingBuffer(512),
		done:       make(chan struct{}),
		stderrDone: make(chan struct{}),
	}
	go func() {
		// Copy until every holder of the write end is gone, then release it.
		_, _ = io.Copy(stderr, errR)
		_ = errR.Close()
		close(p.stderrDone)
	}()
	go func() {
		p.waitErr = <-waited
		close(p.done)
	}()
	return p, nil
}

// Read, Write and Close make the process the byte stream of an MCP
// IOTransport.
func (p *process) Read(b []byte) (int, error) {
	n, err := p.stdout.Read(b)
	if n > 0 {
		_, _ = p.stdoutTail.Write(b[:n])
	}
	return n, err
}

func (p *process) Write(b []byte) (int, error) { return p.stdin.Write(b) }

// setWriteDeadline bounds the next writes to the server's stdin (a pipe,
// which the runtime polls, so the deadline holds).
func (p *process) setWriteDeadline(t time.Time) { _ = p.stdin.SetWriteDeadline(t) }

// Close closes our ends of stdin and stdout; stopping the process is stop's job.
func (p *process) Close() error {
	p.closeMu.Lock()
	defer p.closeMu.Unlock()
	if p.closed {
		return nil
	}
	p.closed = true
	_ = p.stdin.Close()
	_ = p.stdout.Close()
	return nil
}

// exited reports whether the leader has exited.
func (p *process) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// exitDescription says how the leader ended, as exec reports it
// ("exit status 1", "signal: killed").
func (p *process) exitDescription() string {
	select {
	case <-p.done:
	default:
		return "still running"
	}
	if p.waitErr == nil {
		return "exit status 0"
	}
	var ee *exec.ExitError
	if errors.As(p.waitErr, &ee) {
		return ee.ProcessState.String()
	}
	return p.waitErr.Error()
}

// stop ends the server and everything in its process group. With grace > 0
// it first closes stdin and waits up to grace for the server to exit by
// itself, as the MCP spec asks of clients; then SIGTERM, then SIGKILL for
// whatever remains, including the guard watcher and any grandchildren.
func (p *process) stop(grace time.Duration) {
	p.stopOnce.Do(func() {
		_ = p.Close()
		if grace > 0 && !p.waitFor(grace) {
			_ = syscall.Kill(-p.pgid, syscall.SIGTERM)
			p.waitFor(grace / 2)
		}
		_ = syscall.Kill(-p.pgid, syscall.SIGKILL)
		_ = p.guard.Close()
		<-p.done
		// Descendants that left the group (daemons) carry the marker.
		childenv.KillMarked(p.marker)
	})
}

// drainStderr waits up to d for the last of the server's stderr to reach the
// ring buffer, so an error quotes what the server said just before it died.
// Call it after stop: a surviving grandchild could hold stderr open forever.
func (p *process) drainStderr(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.stderrDone:
	case <-t.C:
	}
}

func (p *process) waitFor(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.done:
		return true
	case <-t.C:
		return false
	}
}
