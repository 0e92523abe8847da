package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/vm"
)

// Options configure a Pool. Zero fields take defaults.
type Options struct {
	// Command is a worker's argv: a program that runs WorkerMain when
	// given these arguments. Default: this executable with WorkerArg.
	Command []string
	// MemoryBytes is a session's memory cap (the interpreter's budget).
	// A worker's address space is limited to it plus AddressHeadroom, and
	// the Go runtime's soft limit to it plus HeapHeadroom.
	MemoryBytes int64
	// Prestart is how many started, idle workers are kept ready so a new
	// session's first run does not wait for a process start (default 1;
	// negative: none).
	Prestart int
	// MaxWorkers caps the workers in use at once: sessions holding one and
	// one-off runs (default 64). At the cap, the session idle the longest
	// loses its worker (its globals are gone, and its next run says so).
	MaxWorkers int
	// Grace is how long after a run's deadline the host waits for the
	// worker to stop before killing it (default 1s).
	Grace time.Duration
	// CPUSeconds is a worker's RLIMIT_CPU over its whole life (default
	// 3600): a backstop, since the host's deadline ends each run.
	CPUSeconds int64
	// StartTimeout bounds a worker's start, up to its hello (default 10s).
	StartTimeout time.Duration
	// Now replaces time.Now, for tests.
	Now func() time.Time
	// Warn, if set, is told once, when the first worker greets, of each
	// confinement measure not in force on this host and why: workers run
	// without it, which an operator must hear of without running doctor.
	Warn func(string)
}

// Defaults of Options.
const (
	DefaultMemoryBytes  = 512 << 20
	DefaultPrestart     = 1
	DefaultMaxWorkers   = 64
	DefaultGrace        = time.Second
	DefaultCPUSeconds   = 3600
	DefaultStartTimeout = 10 * time.Second
	// AddressHeadroom is what a worker's address space holds beyond the
	// interpreter's memory budget: the Go runtime's reservations (heap
	// arena index, stacks, the binary) and the collector's slack. An idle
	// worker maps about 1.2 GiB of address space, almost all reserved and
	// untouched; see the package README for the measurement.
	AddressHeadroom = 2 << 30
	// WorkerBytes is what a worker costs resident, idle or after typical
	// runs, besides the globals it holds (35 to 40 MiB on linux/amd64;
	// see the package doc): a session holding a worker is charged it.
	WorkerBytes = 40 << 20
	// HeapHeadroom is what the Go runtime's soft memory limit allows
	// beyond the budget: the interpreter's estimate is not the Go heap.
	HeapHeadroom = 256 << 20
	// RSSHeadroom is what a worker may hold resident beyond its Go
	// memory limit (the budget plus HeapHeadroom): the binary's pages, the
	// runtime's own. The host kills a worker past it (proc.watch).
	RSSHeadroom = 128 << 20
	// MaxWorkerThreads is how many threads the host lets a worker run at
	// once; one that runs our code has a handful (GOMAXPROCS 1). The host
	// kills a worker past it (proc.watch).
	MaxWorkerThreads = 64
)

// Pool runs snippets in worker processes. Sessions are pinned to a worker
// each (their globals live there, and a crash costs only that session);
// one-off runs take a fresh worker and discard it. It is safe for
// concurrent use; Close kills every worker.
type Pool struct {
	opts  Options
	lim   workerLimits
	sp    *spawner
	pids  *pidsGroups
	watch *watcher

	mu          sync.Mutex
	idle        []*proc
	inUse       int
	sessions    map[*Session]struct{} // sessions holding a worker
	closed      bool
	starting    int
	protections []Protection
	startErr    error
	warned      sync.Once

	kick chan struct{}
	wg   sync.WaitGroup

	started, startFailures atomic.Uint64
	crashes, killed        atomic.Uint64
}

// Stats are a pool's state and counters, for metrics and readiness.
type Stats struct {
	// Busy workers run a session's or a one-off run (or hold a session's
	// globals); Idle ones are started spares; Starting ones are being
	// started as spares; MaxWorkers is the cap on Busy.
	Busy, Idle, Starting, MaxWorkers int
	// Started counts workers that started (greeted the host);
	// StartFailures starts that failed.
	Started, StartFailures uint64
	// Crashes counts workers that died during a run; Killed those the host
	// killed because a run outlived its deadline by the grace period.
	Crashes, Killed uint64
	// Closed is set once Close was called; StartErr is why the last spare
	// could not start, if it could not.
	Closed   bool
	StartErr error
}

// Stats reports the pool's state without waiting for anything.
func (p *Pool) Stats() Stats {
	p.mu.Lock()
	st := Stats{Busy: p.inUse, Idle: len(p.idle), Starting: p.starting, MaxWorkers: p.opts.MaxWorkers, Closed: p.closed, StartErr: p.startErr}
	p.mu.Unlock()
	st.Started, st.StartFailures = p.started.Load(), p.startFailures.Load()
	st.Crashes, st.Killed = p.crashes.Load(), p.killed.Load()
	return st
}

// NewPool starts a pool and its spare workers in the background.
func NewPool(opts Options) (*Pool, error) {
	return newPool(opts, newPidsGroups(MaxWorkerThreads))
}

// newPool is NewPool with the cgroups its workers go in (a test's may
// have none, to see the watch alone hold their threads).
func newPool(opts Options, pids *pidsGroups) (*Pool, error) {
	if len(opts.Command) == 0 {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("sandbox: finding this executable to start workers: %w", err)
		}
		opts.Command = []string{exe, WorkerArg}
	}
	if opts.MemoryBytes <= 0 {
		opts.MemoryBytes = DefaultMemoryBytes
	}
	if opts.Prestart < 0 {
		opts.Prestart = 0
	} else if opts.Prestart == 0 {
		opts.Prestart = DefaultPrestart
	}
	if opts.MaxWorkers <= 0 {
		opts.MaxWorkers = DefaultMaxWorkers
	}
	if opts.Grace <= 0 {
		opts.Grace = DefaultGrace
	}
	if opts.CPUSeconds <= 0 {
		opts.CPUSeconds = DefaultCPUSeconds
	}
	if opts.StartTimeout <= 0 {
		opts.StartTimeout = DefaultStartTimeout
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	p := &Pool{
		opts:     opts,
		lim:      workerLimits{addressSpace: opts.MemoryBytes + AddressHeadroom, heap: opts.MemoryBytes + HeapHeadroom, cpuSeconds: opts.CPUSeconds},
		sp:       newSpawner(opts.Command[0]),
		pids:     pids,
		watch:    newWatcher(),
		sessions: map[*Session]struct{}{},
		kick:     make(chan struct{}, 1),
	}
	p.wg.Add(1)
	go p.refill()
	p.kickRefill()
	return p, nil
}

// Close kills every worker and stops the pool. Runs in progress end with
// an error.
func (p *Pool) Close() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	idle := p.idle
	p.idle = nil
	sessions := make([]*Session, 0, len(p.sessions))
	for s := range p.sessions {
		sessions = append(sessions, s)
	}
	p.mu.Unlock()
	close(p.kick)
	p.wg.Wait()
	for _, w := range idle {
		w.kill("the pool closed")
	}
	for _, s := range sessions {
		s.Close()
	}
	// Ending the spawner's thread kills anything left (PR_SET_PDEATHSIG).
	p.sp.close()
	for _, w := range idle {
		<-w.dead
	}
	p.watch.close()
	p.pids.close()
	return nil
}

// Ready waits until the first spare worker has started, and returns why
// it could not if it could not.
func (p *Pool) Ready() error {
	for {
		p.mu.Lock()
		ready, err, closed := len(p.idle) > 0, p.startErr, p.closed
		starting := p.starting
		p.mu.Unlock()
		switch {
		case ready || p.opts.Prestart == 0:
			return nil
		case err != nil:
			return err
		case closed:
			return errors.New("sandbox: the worker pool is closed")
		case starting == 0:
			p.kickRefill()
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// Protections starts a worker if none has started yet and reports the
// confinement measures workers run under on this host.
func (p *Pool) Protections(ctx context.Context) ([]Protection, error) {
	p.mu.Lock()
	prot := p.protections
	p.mu.Unlock()
	if prot != nil {
		return prot, nil
	}
	w, err := p.spawn()
	if err != nil {
		return nil, err
	}
	w.kill("probe done")
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.protections, nil
}

// kickRefill asks the refiller to top up the spare workers.
func (p *Pool) kickRefill() {
	select {
	case p.kick <- struct{}{}:
	default:
	}
}

// refill keeps Prestart spare workers started.
func (p *Pool) refill() {
	defer p.wg.Done()
	for range p.kick {
		for {
			p.mu.Lock()
			need := !p.closed && len(p.idle)+p.starting < p.opts.Prestart
			if need {
				p.starting++
			}
			p.mu.Unlock()
			if !need {
				break
			}
			w, err := p.spawn()
			p.mu.Lock()
			p.starting--
			if err != nil {
				p.startErr = err
				p.mu.Unlock()
				break // the next acquire reports it, or retries
			}
			if p.closed {
				p.mu.Unlock()
				w.kill("the pool closed")
				break
			}
			p.idle = append(p.idle, w)
			p.startErr = nil
			p.mu.Unlock()
		}
	}
}

// spawn starts one worker and waits for its hello.
func (p *Pool) spawn() (*proc, error) {
	dir, err := os.MkdirTemp("", "toolplane-sandbox-")
	if err != nil {
		return nil, fmt.Errorf("sandbox: making a worker's working directory: %w", err)
	}
	var pipes [3][2]*os.File // stdin, stdout, stderr: [child end, host end]
	closeAll := func() {
		for _, pp := range pipes {
			for _, f := range pp {
				if f != nil {
					f.Close()
				}
			}
		}
	}
	for i := range pipes {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll()
			os.RemoveAll(dir)
			return nil, fmt.Errorf("sandbox: making a worker's pipes: %w", err)
		}
		if i == 0 {
			pipes[i] = [2]*os.File{r, w}
		} else {
			pipes[i] = [2]*os.File{w, r}
		}
	}
	argv := append(slices.Clone(p.opts.Command), p.lim.args()...)
	files := []uintptr{pipes[0][0].Fd(), pipes[1][0].Fd(), pipes[2][0].Fd()}
	pid, err := p.sp.spawn(argv, workerEnv(), dir, files)
	for i := range pipes {
		pipes[i][0].Close()
	}
	if err != nil {
		for i := range pipes {
			pipes[i][1].Close()
		}
		os.RemoveAll(dir)
		return nil, fmt.Errorf("sandbox: starting a worker (%s): %w", argv[0], err)
	}
	process, err := os.FindProcess(pid)
	if err != nil {
		return nil, fmt.Errorf("sandbox: worker %d: %w", pid, err)
	}
	// Into its cgroup before it is sent a run, while it runs only our
	// code.
	w := &proc{pid: pid, process: process, dir: dir, in: pipes[0][1], leave: p.pids.add(pid)}
	w.start(pipes[1][1], pipes[2][1])
	p.watch.add(w, watchLimits{threads: MaxWorkerThreads, rss: p.lim.heap + RSSHeadroom, idle: true})
	if err := w.waitHello(p.opts.StartTimeout); err != nil {
		p.startFailures.Add(1)
		<-w.dead
		if s := w.stderr.String(); s != "" {
			err = fmt.Errorf("%w\n%s", err, s)
		}
		return nil, err
	}
	p.started.Add(1)
	p.mu.Lock()
	p.protections = append(append([]Protection{p.sp.landlock}, w.hello.Protections...), p.pids.prot)
	prot := p.protections
	p.mu.Unlock()
	if p.opts.Warn != nil {
		p.warned.Do(func() {
			for _, m := range prot {
				if !m.InForce {
					p.opts.Warn(fmt.Sprintf("sandbox workers run without %s on this host: %s (toolplane doctor lists every measure)", m.Name, m.Detail))
				}
			}
		})
	}
	return w, nil
}

// workerEnv is a worker's whole environment: nothing of the host's (it
// holds tokens and keys) but the time zone, which decides local time.
func workerEnv() []string {
	if tz, ok := os.LookupEnv("TZ"); ok {
		return []string{"TZ=" + tz}
	}
	return []string{}
}

// errBusy is returned when every worker is running and none may be
// evicted.
var errBusy = errors.New("sandbox: every worker is busy running a snippet")

// acquire takes a started worker for s (nil for a one-off run), evicting
// the longest-idle session's worker at the cap.
func (p *Pool) acquire(s *Session) (*proc, error) {
	for {
		p.mu.Lock()
		if p.closed {
			p.mu.Unlock()
			return nil, errors.New("sandbox: the worker pool is closed")
		}
		if p.inUse >= p.opts.MaxWorkers {
			victim := p.evictable()
			p.mu.Unlock()
			if victim == nil {
				return nil, fmt.Errorf("%w (%d at most); try again when a run ends", errBusy, p.opts.MaxWorkers)
			}
			victim.evict(fmt.Sprintf("it was idle the longest when the server needed its worker for another session (at most %d sessions keep their globals at once)", p.opts.MaxWorkers))
			continue
		}
		p.inUse++
		if s != nil {
			p.sessions[s] = struct{}{}
		}
		var w *proc
		for len(p.idle) > 0 && w == nil {
			w = p.idle[0]
			p.idle = p.idle[1:]
			if !w.alive() {
				w = nil
			}
		}
		p.mu.Unlock()
		p.kickRefill()
		if w != nil {
			return w, nil
		}
		w, err := p.spawn()
		if err != nil {
			p.release(s)
			return nil, err
		}
		return w, nil
	}
}

// evictable is the session idle the longest that holds a worker and is
// not running; p.mu is held.
func (p *Pool) evictable() *Session {
	var best *Session
	var bestAt time.Time
	for s := range p.sessions {
		at, ok := s.idleSince()
		if ok && (best == nil || at.Before(bestAt)) {
			best, bestAt = s, at
		}
	}
	return best
}

// release gives back the slot of a worker that is gone.
func (p *Pool) release(s *Session) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.inUse--
	if s != nil {
		delete(p.sessions, s)
	}
}

// limits are the host's bounds on one run.
func (p *Pool) limits(l python.Limits) runLimits {
	calls := l.MaxHostCalls
	if calls <= 0 {
		calls = vm.DefaultMaxHostCalls
	}
	return runLimits{maxCalls: calls, maxInFlight: 64, maxOutput: outputCap(l), grace: p.opts.Grace}
}

// outputCap is what a run may print, and write to stderr besides its
// warnings (warningBytes): the interpreter's cap, which host and worker
// both derive from the run's limits.
func outputCap(l python.Limits) int64 {
	if l.MaxOutputBytes <= 0 {
		return vm.DefaultMaxOutputBytes
	}
	return l.MaxOutputBytes
}

// RunOnce runs req in a fresh worker that is discarded afterwards, so
// nothing of the run can reach a later one.
func (p *Pool) RunOnce(ctx context.Context, req *RunRequest, host map[string]python.HostFunc, stdout, stderr io.Writer) (*RunResult, error) {
	for attempt := 0; ; attempt++ {
		res, err := p.runOnce(ctx, req, host, stdout, stderr)
		var ce *crashError
		if errors.As(err, &ce) {
			if ce.unsent && attempt == 0 {
				// The spare died idle and the run never reached it:
				// another worker takes it, once.
				continue
			}
			return p.crashResult(ctx, ce, false), nil
		}
		return res, err
	}
}

// runOnce is one attempt of RunOnce in a worker of its own.
func (p *Pool) runOnce(ctx context.Context, req *RunRequest, host map[string]python.HostFunc, stdout, stderr io.Writer) (*RunResult, error) {
	w, err := p.acquire(nil)
	if err != nil {
		return nil, err
	}
	defer func() {
		w.kill("its one run ended")
		p.release(nil)
	}()
	r := *req
	r.Session = false
	return w.run(ctx, &r, host, stdout, stderr, p.limits(r.Limits))
}

// crashResult is the error a run sees when its worker died; it counts
// the death.
func (p *Pool) crashResult(ctx context.Context, ce *crashError, session bool) *RunResult {
	msg := ce.Error()
	if session {
		msg += "; the session was reset"
	}
	if ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		p.killed.Add(1)
		return &RunResult{Err: &RunError{Type: "TimeoutError", Message: "the run exceeded its time limit: " + msg, Limit: "time"}}
	}
	p.crashes.Add(1)
	return &RunResult{Err: &RunError{Type: "SystemError", Message: msg}}
}
