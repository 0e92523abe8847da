package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/vm"
)

// proc is one worker process as the host sees it: the write end of its
// stdin, the frames read from its stdout, and what it wrote on stderr.
// Everything it sends is checked; a message that breaks the protocol kills
// it.
type proc struct {
	pid     int
	process *os.Process
	dir     string // its private working directory, removed when it exits

	wmu sync.Mutex
	in  *os.File

	frames chan frame    // from the reader; closed when stdout ends
	dead   chan struct{} // closed once the process is reaped
	stderr *capture
	cause  string // why it ended, set before dead closes
	// unread is how many bytes of what the host wrote to it the worker
	// left unread, -1 when unknown; set before dead closes.
	unread int

	killed   atomic.Pointer[string] // why the host killed it, if it did
	stop     chan struct{}          // closed when the host kills it
	stopOnce sync.Once
	hello    *hello
	// leave takes the reaped worker out of its cgroup (pidsGroups.add)
	// and reports whether the kernel refused it a thread; nil: none.
	leave func() bool

	// What the watch needs to know of the worker's runs to judge its
	// resident memory while it is idle (idleRSSBound).
	smu     sync.Mutex
	running bool      // a run request was sent and its result not read
	endedAt time.Time // when the last result was read (zero: none yet)
	claim   int64     // the session's globals, as that result reported them
	epoch   uint64    // counts run starts and ends
	// measured is what the worker held resident (and swapped out) past
	// idleRSSBound of its claim at the last settled look (settledAt); 0
	// when it held no more. Its session is charged it until the next
	// settled look: a run does not forget it (sessions that ran every
	// few seconds were never idle for idleSettle, and were charged their
	// report whatever they held).
	measured  int64
	settledAt time.Time // the last settled look: idle for idleSettle, or a settled run's answer
}

type frame struct {
	kind    byte
	payload []byte
}

// start reads the worker's frames and stderr and reaps it when its stdout
// ends.
func (p *proc) start(out, errPipe *os.File) {
	p.frames = make(chan frame)
	p.dead = make(chan struct{})
	p.stop = make(chan struct{})
	p.stderr = &capture{}
	stderrDone := make(chan struct{})
	go func() {
		_, _ = io.Copy(p.stderr, errPipe)
		errPipe.Close()
		close(stderrDone)
	}()
	go func() {
		// One read syscall takes a whole frame (and any that follow it)
		// rather than one for the length and one for the rest.
		br := bufio.NewReaderSize(out, readBufferBytes)
		// A frame begun must end within frameTimeout: the host holds its
		// buffer (up to MaxFrameBytes) meanwhile, and a worker that sent
		// a length and stopped held it for as long as its session lived.
		// A frame already read whole into br needs no deadline.
		deadline := false
		started := func(n int) {
			if br.Buffered() < n {
				deadline = true
				_ = out.SetReadDeadline(time.Now().Add(frameTimeout))
			}
		}
		for {
			kind, payload, err := readFrameThen(br, started)
			if deadline {
				deadline = false
				_ = out.SetReadDeadline(time.Time{})
			}
			if err != nil {
				switch {
				case errors.Is(err, os.ErrDeadlineExceeded):
					p.kill(fmt.Sprintf("it began a frame and did not finish it within %s", frameTimeout))
				case !errors.Is(err, io.EOF) && !errors.Is(err, os.ErrClosed):
					p.kill(fmt.Sprintf("it sent a bad frame: %v", err))
				}
				break
			}
			// A killed worker's frames go unread: the reader must not
			// wait for a taker (a worker killed while it was still
			// sending once left this goroutine, the process and its
			// pipes behind for good).
			select {
			case p.frames <- frame{kind, payload}:
				continue
			case <-p.stop:
			}
			break
		}
		close(p.frames)
		out.Close()
		// Stdout ended: the process is exiting or broke the protocol.
		// Make sure it is gone, then reap it.
		_ = p.process.Kill()
		state, _ := p.process.Wait()
		refused := false
		if p.leave != nil {
			refused = p.leave()
		}
		select {
		case <-stderrDone:
		case <-time.After(time.Second): // a grandchild holding stderr cannot exist (seccomp), but do not hang
		}
		p.cause = p.describeExit(state, refused)
		// What the worker left unread of what the host wrote (-1: not
		// known, as when the host killed it and closed the pipe).
		p.unread = pipeUnread(p.in)
		p.in.Close()
		if p.dir != "" {
			_ = os.RemoveAll(p.dir)
		}
		close(p.dead)
	}()
}

// describeExit names why the worker ended: the host's reason if it killed
// it, else the Go runtime's own words from stderr (fatal error, panic),
// else the exit status.
func (p *proc) describeExit(state *os.ProcessState, threadsRefused bool) string {
	if why := p.killed.Load(); why != nil {
		return *why
	}
	if threadsRefused {
		why := fmt.Sprintf("it tried to run more threads than the %d a sandbox worker may, which the kernel refused (its cgroup's pids.max)", MaxWorkerThreads)
		if c := p.stderr.cause(); c != "" {
			why += ", and then ended: " + c
		}
		return why
	}
	if c := p.stderr.cause(); c != "" {
		return c
	}
	if state == nil {
		return "it ended"
	}
	return state.String()
}

// kill ends the worker for the reason given (the first reason sticks).
func (p *proc) kill(why string) {
	p.killed.CompareAndSwap(nil, &why)
	p.stopOnce.Do(func() { close(p.stop) })
	_ = p.process.Kill()
	p.in.Close() // unblocks a write to a worker that stopped reading
}

// watchLimits are what the host lets a worker hold of the kernel's
// resources, measured by the kernel rather than taken from the worker.
type watchLimits struct {
	threads int   // threads at once (the machine's PIDs are shared)
	rss     int64 // resident bytes
	// idle: also hold an idle worker to idleRSSBound of the size it
	// reported.
	idle bool
}

// watchEvery is how often the host looks at a worker's threads and
// resident memory.
const watchEvery = 50 * time.Millisecond

// The session budgets are charged what a worker reports its session's
// globals hold (RunResult.SizeBytes) and WorkerBytes: a subverted worker
// claiming 0 bytes held up to its memory limit between runs (576 MiB at
// the default cap) for 40 MiB of its token's budget, times the sessions a
// token may keep. The host holds the report against what the kernel says
// the worker holds once it has been idle for idleSettle: a worker that
// runs our code gives its garbage back giveBackDelay after a run, down to
// twice its globals plus idleHeldBytes (giveBackMemory), and the
// interpreter's size of the globals is their Go heap within a small
// factor (measured: settled resident memory minus WorkerBytes was 0.2 to
// 2.2 times the report over lists, dicts, sets, instances, closures,
// bytes and floats). One past idleRSSBound of its report for overIdleFor
// has its session charged what the kernel says it holds instead
// (Session.SizeBytes), so the budgets evict as they would for globals of
// that size. It is not killed: an honest worker can hold that much too (a
// run that built 900,000 rows and kept every 12th held 305 MiB idle for
// 24 MiB of globals: the Go heap does not move its survivors together),
// and the two cannot be told apart from outside; memory a session really
// holds is charged whoever is to blame for it.
const (
	idleSettle  = 5 * time.Second
	overIdleFor = time.Second
	// idleSlack covers what the rule above leaves out: the runtime's own
	// pages and an estimate that is short of the Go heap.
	idleSlack = 64 << 20
)

// idleRSSBound is the most a worker that runs our code holds resident
// (and swapped out) once idle for idleSettle, its session's globals
// reported at claim bytes: 3 times the claim (the give-back rule's 2 and
// room for an estimate short of the heap), idleHeldBytes, WorkerBytes and
// idleSlack. A liar claiming nothing holds at most 152 MiB idle, not its
// memory limit.
func idleRSSBound(claim int64) int64 {
	return WorkerBytes + idleHeldBytes + idleSlack + 3*min(max(claim, 0), 1<<40)
}

// settleEvery is how often a session's worker that is never idle for
// idleSettle is asked to settle at the end of a run (RunRequest.settle):
// it gives its garbage back before it answers, and the host reads what it
// holds as the answer arrives. Measured only once idle for idleSettle, a
// session that ran every few seconds was charged its report whatever its
// worker held (300 MiB outside its globals, or a heap whose few survivors
// are spread over many pages). At most one run in settleEvery pays for a
// collection, and only when its worker holds garbage (giveBackMemory).
const settleEvery = 3 * time.Second

// runStarted and runEnded tell the watch when the worker runs: its
// resident memory is bounded by its limits during a run, by its report
// (idleRSSBound) once idle. runStarted reports whether the run is to
// settle (settleEvery).
func (p *proc) runStarted(session bool) (settle bool) {
	p.smu.Lock()
	defer p.smu.Unlock()
	p.running = true
	p.epoch++
	return session && time.Since(p.settledAt) >= settleEvery
}

// runEnded records a run's answer; held is what the worker holds as it
// answers a settled run (resident and swapped out), -1 for another run.
// The undo journal of the run, dropped only when the host keeps its
// globals (kindKept), holds what it replaced: at most the globals the
// previous run left, so a settled answer is held to idleRSSBound of both.
func (p *proc) runEnded(claim, held int64) {
	p.smu.Lock()
	defer p.smu.Unlock()
	p.running = false
	p.endedAt = time.Now()
	prev := p.claim
	p.claim = claim
	p.epoch++
	if held < 0 {
		return
	}
	p.settledAt = p.endedAt
	p.measured = 0
	if held > idleRSSBound(min(max(claim, 0), 1<<40)+min(max(prev, 0), 1<<40)) {
		p.measured = held
	}
}

// heldNow is what the worker holds as the kernel counts it, resident and
// swapped out (a worker could page its memory out to look small); -1
// where the kernel does not say.
func (p *proc) heldNow() int64 {
	_, rss, ok := procStat(p.pid)
	if !ok {
		return -1
	}
	return rss + procSwap(p.pid)
}

// setMeasured records what the idle worker holds past its claim (0: no
// more than idleRSSBound), unless a run started or ended since epoch.
func (p *proc) setMeasured(epoch uint64, held int64) {
	p.smu.Lock()
	if p.epoch == epoch {
		p.measured = held
		p.settledAt = time.Now()
	}
	p.smu.Unlock()
}

// idleMeasured is what the session of an idle worker holding more than
// its claim accounts for is charged (0: none measured).
func (p *proc) idleMeasured() int64 {
	p.smu.Lock()
	defer p.smu.Unlock()
	return p.measured
}

// idleState is whether the worker has been idle for idleSettle since a
// result that reported claim, and the epoch to check nothing started
// since.
func (p *proc) idleState(now time.Time) (settled bool, claim int64, epoch uint64) {
	p.smu.Lock()
	defer p.smu.Unlock()
	settled = !p.running && !p.endedAt.IsZero() && now.Sub(p.endedAt) >= idleSettle
	return settled, p.claim, p.epoch
}

// alive reports whether the process is still there.
func (p *proc) alive() bool {
	select {
	case <-p.dead:
		return false
	default:
		return true
	}
}

// send writes one frame to the worker. A write that would block for long
// means the worker stopped reading: it is killed.
func (p *proc) send(kind byte, payload []byte) error {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	_ = p.in.SetWriteDeadline(time.Now().Add(sendTimeout))
	err := writeFrame(p.in, kind, payload)
	if err != nil {
		p.kill(fmt.Sprintf("it stopped reading from the host (%v)", err))
	}
	return err
}

// sendTimeout bounds one write to a worker.
const sendTimeout = 10 * time.Second

// frameTimeout bounds how long a worker takes to send the rest of a frame
// once it sent its length: it writes a frame at once, and the host reads
// it as it comes.
const frameTimeout = 10 * time.Second

// waitHello reads the worker's first message.
func (p *proc) waitHello(timeout time.Duration) error {
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case f, ok := <-p.frames:
		if !ok {
			<-p.dead
			return fmt.Errorf("the sandbox worker exited at start: %s", p.cause)
		}
		if f.kind != kindHello {
			p.kill("its first message was not a hello")
			return fmt.Errorf("the sandbox worker did not greet (message kind %d); is the worker command a toolplane binary that calls toolplane.SandboxWorkerMain first in main?", f.kind)
		}
		h, err := decodeHello(f.payload)
		if err != nil {
			p.kill(err.Error())
			return fmt.Errorf("the sandbox worker's hello: %w", err)
		}
		p.hello = h
		return nil
	case <-t.C:
		p.kill("it did not start in time")
		return fmt.Errorf("the sandbox worker did not start within %s; is the worker command a toolplane binary that calls toolplane.SandboxWorkerMain first in main?", timeout)
	}
}

// Host functions a worker may call, by name.
type hostFuncs = map[string]python.HostFunc

// errCrashed marks a run whose worker died.
type crashError struct {
	cause string
	// unsent: the worker was dead before the run request reached it, so
	// nothing of the run ran (a spare that died idle, in the moment
	// before the pool noticed).
	unsent bool
}

func (e *crashError) Error() string { return "the sandbox process crashed: " + e.cause }

// runLimits are the host's own bounds on what one run may ask of it,
// whatever the worker claims.
type runLimits struct {
	maxCalls    int   // capability and binding calls
	maxInFlight int   // calls running at once
	maxOutput   int64 // bytes of printed output forwarded
	grace       time.Duration
}

// run hands req to the worker and serves its calls until it is done.
// The host enforces the deadline of ctx itself: when ctx ends it asks the
// worker to cancel, and kills it if it has not answered after the grace
// period (a VM hung in Go code cannot cancel).
func (p *proc) run(ctx context.Context, req *RunRequest, host hostFuncs, stdout, stderr io.Writer, lim runLimits) (*RunResult, error) {
	if dl, ok := ctx.Deadline(); ok {
		req.Timeout = max(time.Until(dl), time.Nanosecond)
	}
	req.settle = p.runStarted(req.Session)
	request := encodeRun(req)
	if err := p.send(kindRun, request); err != nil {
		<-p.dead
		return nil, &crashError{cause: p.cause, unsent: true}
	}
	// heard: the worker sent something since the request, so it read it.
	heard := false
	// Host calls end with the run, not at its deadline: the worker's
	// interpreter stops at the deadline first, as it would in the host,
	// and a call's "deadline exceeded" must not reach the snippet as the
	// call's own failure before that. The context keeps ctx's values.
	callCtx, cancelCalls := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelCalls()
	var (
		calls    int
		inFlight = make(chan struct{}, lim.maxInFlight)
		argBytes atomic.Int64 // the cost of the arguments of the calls in flight
		output   int64
		errBytes int64
		grace    <-chan time.Time
		done     = ctx.Done()
	)
	for {
		select {
		case f, ok := <-p.frames:
			if !ok {
				<-p.dead
				// A worker that died with the whole request still in
				// its pipe never started the run (a spare killed in the
				// moment after it was handed one): nothing of the run
				// ran, no host call was made. The request is the last
				// thing written, so unread bytes at least its frame's
				// length hold all of it.
				unsent := !heard && p.unread >= frameHeader+len(request)
				return nil, &crashError{cause: p.cause, unsent: unsent}
			}
			heard = true
			switch f.kind {
			case kindCall:
				c, err := decodeCall(f.payload)
				if err != nil {
					return nil, p.violation(err.Error())
				}
				calls++
				fn, known := host[c.Name]
				// A refusal is answered here, not by a goroutine of its
				// own: a worker that sent two million calls without
				// reading a reply once held the host at 3 GiB of
				// goroutines waiting on its pipe. Here a worker that
				// stops reading stops the run loop for at most
				// sendTimeout, after which it is killed.
				switch {
				case !known:
					// The worker's stubs are made from the names this run
					// bound (RunRequest.Host): any other name is a worker
					// that no longer runs our code.
					return nil, p.violation(fmt.Sprintf("it called %q, which the run did not bind", truncate(c.Name, 80)))
				case calls > lim.maxCalls:
					if calls > 2*lim.maxCalls+maxRefusedCalls {
						return nil, p.violation(fmt.Sprintf("it went on calling after %d refused calls", calls-lim.maxCalls))
					}
					p.reply(c.ID, nil, &python.HostError{Type: "RuntimeError", Message: fmt.Sprintf("the run made more than %d host calls", lim.maxCalls)})
				case len(inFlight) > 0 && argBytes.Load()+c.cost > maxInFlightArgs:
					// Each call's arguments are a copy in the host, however
					// much the worker shares them: 64 calls of one 3 MB
					// string held the host at 1 GiB.
					p.reply(c.ID, nil, &python.HostError{Type: "RuntimeError", Message: fmt.Sprintf("the host calls in progress carry %d MiB of arguments, and this one %d MiB more: at most %d MiB at once; await some calls before starting more", argBytes.Load()>>20, c.cost>>20, maxInFlightArgs>>20)})
				default:
					select {
					case inFlight <- struct{}{}:
					default:
						p.reply(c.ID, nil, &python.HostError{Type: "RuntimeError", Message: fmt.Sprintf("more than %d host calls at once", lim.maxInFlight)})
						continue
					}
					argBytes.Add(c.cost)
					// On a host-call worker rather than a goroutine of its
					// own: the call goes through the dispatch chain, deep
					// enough that a fresh goroutine's stack is copied as it
					// grows, several times a call.
					vm.GoHost(func() {
						defer func() { argBytes.Add(-c.cost); <-inFlight }()
						v, err := callHost(callCtx, fn, c)
						p.reply(c.ID, v, err)
					})
				}
			case kindOutput:
				// A worker sends no more than the cap (outputWriter): one
				// that goes on flooding the host for the rest of its run
				// is stopped here.
				if !passCapped(stdout, f.payload, &output, lim.maxOutput) {
					return nil, p.violation(fmt.Sprintf("it sent more than the %d bytes of output the run may print", lim.maxOutput))
				}
			case kindStderr:
				// The interpreter caps sys.stderr writes at the output
				// cap; the run's warnings come after them.
				if !passCapped(stderr, f.payload, &errBytes, lim.maxOutput+warningBytes) {
					return nil, p.violation(fmt.Sprintf("it sent more than the %d bytes of stderr the run may write", lim.maxOutput+warningBytes))
				}
			case kindDone:
				res, err := decodeResult(f.payload)
				if err != nil {
					return nil, p.violation(err.Error())
				}
				held := int64(-1)
				if req.settle {
					held = p.heldNow()
				}
				p.runEnded(res.SizeBytes, held)
				return res, nil
			default:
				return nil, p.violation(fmt.Sprintf("unexpected message kind %d during a run", f.kind))
			}
		case <-done:
			done = nil
			_ = p.send(kindCancel, nil)
			grace = time.After(lim.grace)
		case <-grace:
			p.kill(fmt.Sprintf("the run did not stop within %s of its deadline, so the host killed the sandbox process", lim.grace))
			<-p.dead
			return nil, &crashError{cause: p.cause}
		}
	}
}

// maxInFlightArgs bounds what the arguments of one run's calls in flight
// cost the host (MaxValueCost's measure); one call alone may take up to
// MaxValueCost.
const maxInFlightArgs = 16 << 20

// maxRefusedCalls is how many calls past twice its limit a run may make
// before the host takes it for a worker that no longer runs our code (the
// interpreter stops a snippet at its limit of host calls itself).
const maxRefusedCalls = 1000

// truncate cuts s to n bytes for a message.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// passCapped writes chunk to w (nil: discarded) as far as the cap allows,
// counting it in *used: the host passes on no more than the cap of a
// stream, whatever a worker sends. It reports whether the stream is
// still within the cap.
func passCapped(w io.Writer, chunk []byte, used *int64, limit int64) bool {
	if *used < limit {
		c := chunk
		if rest := limit - *used; int64(len(c)) > rest {
			c = c[:rest]
		}
		if w != nil {
			_, _ = w.Write(c)
		}
	}
	*used += int64(len(chunk))
	return *used <= limit
}

// violation kills a worker that broke the protocol.
func (p *proc) violation(why string) error {
	p.kill("it broke the sandbox protocol: " + why)
	<-p.dead
	return &crashError{cause: p.cause}
}

// reply answers a host call; a value that cannot be sent becomes the
// exception the snippet sees.
// callHost runs the host function of c, its panic turned into the
// call's error, as a host call of a run in this process is: on a host-call
// worker, as on a goroutine of its own, a panic would end the process and
// every client's runs with it, where the same call without the sandbox
// fails alone.
func callHost(ctx context.Context, fn python.HostFunc, c *hostCall) (v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			v, err = nil, fmt.Errorf("host function %s panicked: %v", c.Name, r)
		}
	}()
	return fn(ctx, c.Args, c.Kwargs)
}

func (p *proc) reply(id uint64, v any, err error) {
	r := &hostReply{ID: id, Value: v}
	if err != nil {
		var he *python.HostError
		switch {
		case errors.As(err, &he):
		case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
			he = &python.HostError{Type: "TimeoutError", Message: err.Error()}
		default:
			he = &python.HostError{Type: "ToolError", Message: err.Error()}
		}
		r.Value, r.Err = nil, he
	}
	payload, encErr := encodeReply(r)
	if encErr != nil {
		payload, _ = encodeReply(&hostReply{ID: id, Err: &python.HostError{Type: "ValueError", Message: fmt.Sprintf("the result cannot enter the sandbox: %v", encErr)}})
	}
	_ = p.send(kindReply, payload)
}

// capture keeps the head and the tail of a worker's stderr: the Go
// runtime's cause of death is near the top, the last words at the end.
type capture struct {
	mu         sync.Mutex
	head, tail []byte
	total      int64
}

const captureBytes = 8 << 10

func (c *capture) Write(p []byte) (int, error) {
	n0 := len(p)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total += int64(len(p))
	if room := captureBytes - len(c.head); room > 0 {
		n := min(room, len(p))
		c.head = append(c.head, p[:n]...)
		p = p[n:]
	}
	c.tail = append(c.tail, p...)
	if len(c.tail) > captureBytes {
		c.tail = append(c.tail[:0], c.tail[len(c.tail)-captureBytes:]...)
	}
	return n0, nil
}

// cause is the first line that says why a Go program died.
func (c *capture) cause() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, part := range [][]byte{c.head, c.tail} {
		for _, line := range bytes.Split(part, []byte("\n")) {
			l := strings.TrimSpace(string(line))
			for _, prefix := range []string{"fatal error: ", "panic: ", "runtime: out of memory"} {
				if strings.HasPrefix(l, prefix) {
					return l
				}
			}
		}
	}
	return ""
}

// String is what was captured, for diagnostics.
func (c *capture) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.total <= int64(len(c.head)+len(c.tail)) {
		return string(c.head) + string(c.tail)
	}
	return string(c.head) + "\n...\n" + string(c.tail)
}
