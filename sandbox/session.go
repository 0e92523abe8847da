package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/python"
)

// Session is a client session whose globals live in a worker process
// pinned to it. It implements backend.Session. The worker is taken at the
// first run; when it dies (a crash, the deadline kill, eviction) the
// globals are gone, the run that was in it says so, and the next run
// starts in a fresh worker with a notice.
type Session struct {
	p *Pool

	mu       sync.Mutex
	w        *proc
	running  bool
	used     time.Time
	lost     string // why the globals were lost, for the next Begin
	size     int64
	names    []string
	preSize  int64
	preNames []string
	closed   bool
	prevEnd  byte // how the last run ended, for the worker at the next

	// idleAt is when the session became idle holding a worker (unix
	// nanoseconds), 0 while it runs or holds none: the pool reads it to
	// pick whom to evict without taking s.mu (lock order is s.mu, then the
	// pool's).
	idleAt atomic.Int64
}

// NewSession returns a session with no worker yet.
func (p *Pool) NewSession() *Session { return &Session{p: p, used: p.opts.Now()} }

var _ backend.Session = (*Session)(nil)

// Begin implements backend.Session.
func (s *Session) Begin() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.running = true
	s.idleAt.Store(0)
	s.used = s.p.opts.Now()
	s.preSize, s.preNames = s.size, s.names
	if s.w != nil && !s.w.alive() {
		s.dropLocked(fmt.Sprintf("its sandbox process ended while idle (%s)", s.w.cause))
	}
	notice := ""
	if s.lost != "" {
		notice = "note: this session's globals were lost because " + s.lost + "; this run starts in a fresh namespace"
		s.lost = ""
	}
	return notice
}

// dropLocked forgets the worker (which is dead or being killed) and its
// globals; s.mu is held.
func (s *Session) dropLocked(why string) {
	if s.w == nil {
		return
	}
	s.w = nil
	s.idleAt.Store(0)
	s.prevEnd = endKeep
	s.lost = why
	s.size, s.names, s.preSize, s.preNames = 0, nil, 0, nil
	s.p.release(s)
}

// Run runs req in the session's worker, starting one if it has none.
func (s *Session) Run(ctx context.Context, req *RunRequest, host map[string]python.HostFunc, stdout, stderr io.Writer) (*RunResult, error) {
	s.mu.Lock()
	prevEnd := s.prevEnd
	s.prevEnd = endKeep
	s.mu.Unlock()
	for attempt := 0; ; attempt++ {
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			return nil, errors.New("sandbox: the session is closed")
		}
		w := s.w
		s.mu.Unlock()
		fresh := w == nil
		if fresh {
			var err error
			if w, err = s.p.acquire(s); err != nil {
				return nil, err
			}
			s.mu.Lock()
			if s.closed {
				s.mu.Unlock()
				w.kill("its session closed")
				s.p.release(s)
				return nil, errors.New("sandbox: the session is closed")
			}
			s.w = w
			s.mu.Unlock()
		}
		r := *req
		r.Session = true
		r.prevEnd = prevEnd
		res, err := w.run(ctx, &r, host, stdout, stderr, s.p.limits(r.Limits))
		var ce *crashError
		if errors.As(err, &ce) {
			if ce.unsent && fresh && attempt == 0 {
				// A spare that died idle took nothing with it: the
				// run never reached it and the session had no globals
				// in it. The run goes to another worker, once.
				s.mu.Lock()
				if s.w == w {
					s.w = nil
				}
				s.mu.Unlock()
				s.p.release(s)
				continue
			}
			s.mu.Lock()
			if s.w == w {
				s.dropLocked("its sandbox process crashed (" + ce.cause + ")")
			}
			s.mu.Unlock()
			return s.p.crashResult(ctx, ce, true), nil
		}
		if err != nil {
			return nil, err
		}
		s.mu.Lock()
		// The size is the worker's word, and every token's session budget is
		// charged with it: believe no more than the worker can hold (its heap
		// ceiling). A subverted worker that claimed 4 EiB once had the server
		// evict other tokens' idle sessions to make room.
		s.size, s.names = min(res.SizeBytes, s.p.opts.MemoryBytes+HeapHeadroom), res.Names
		s.mu.Unlock()
		return res, nil
	}
}

// End implements backend.Session: the worker learns how the run ended
// with the next run request, and at once when the globals are kept, so it
// drops what it saved to roll the run back (kindKept).
func (s *Session) End(mode backend.EndMode) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if mode == backend.EndKeep && s.w != nil {
		// A worker that stopped reading is killed by send; its session
		// learns it at the next run.
		_ = s.w.send(kindKept, nil)
	}
	s.running = false
	s.used = s.p.opts.Now()
	wire := endKeep
	switch mode {
	case backend.EndRollback:
		wire = endRollback
		s.size, s.names = s.preSize, s.preNames
	case backend.EndReset:
		wire = endReset
		s.size, s.names = 0, nil
	}
	if s.w != nil {
		s.idleAt.Store(s.used.UnixNano())
		// The worker applies it at the start of the next run.
		s.prevEnd = wire
	}
}

// Lost reports whether the session's globals are gone since its last
// Begin: its worker died (the next Begin says so).
func (s *Session) Lost() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w == nil && s.lost != ""
}

// SizeBytes implements backend.Session: the globals, and the worker
// process that holds them (WorkerBytes) while the session has one. The
// session budgets are charged with it: without the process, a token
// admitted to nothing held max_sessions_per_token workers (32, 1.2 GiB
// resident) outside its budget, and tokens together max_sessions (256,
// about 9 GiB) outside the server's.
func (s *Session) SizeBytes() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.w == nil {
		return s.size
	}
	// An idle worker holding more than its report makes plausible is
	// charged what the kernel says it holds (idleRSSBound).
	return max(s.size+WorkerBytes, s.w.idleMeasured())
}

// MeasuredBytes is what the host measured the session's idle worker to
// hold past what its report makes plausible (idleRSSBound); 0 when
// nothing was. The session budgets charge it while the session is idle.
func (s *Session) MeasuredBytes() int64 {
	// The budgets ask under the manager's lock: never wait on a session
	// busy ending its run (End holds s.mu while it tells the worker, in
	// order before any next run; a worker that stopped reading holds that
	// up to sendTimeout). A session whose lock is busy is left out of
	// this look; the next run's start looks again.
	if !s.mu.TryLock() {
		return 0
	}
	defer s.mu.Unlock()
	if s.w == nil {
		return 0
	}
	return s.w.idleMeasured()
}

// Names implements backend.Session.
func (s *Session) Names() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.names)
}

// Close implements backend.Session: the worker is killed.
func (s *Session) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	if s.w != nil {
		s.w.kill("its session closed")
		s.dropLocked("the session closed")
	}
}

// idleSince reports when the session's last run ended, and whether it is
// idle and holds a worker (so it may be evicted).
func (s *Session) idleSince() (time.Time, bool) {
	at := s.idleAt.Load()
	return time.Unix(0, at), at != 0
}

// evict kills the session's worker to make room, if it is still idle.
func (s *Session) evict(why string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.running || s.w == nil {
		return
	}
	s.w.kill("evicted")
	s.dropLocked(why)
}
