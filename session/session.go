// Package session keeps the state of each client session of the embedded
// backend: the Python globals that persist across execute_code runs (like
// notebook cells) and the client's result store scope.
//
// The globals live in a backend.Session the engine makes: in this process,
// or in the sandbox worker process pinned to the session. A session runs
// one snippet at a time. Each run starts from a snapshot of the globals, so
// a run that times out can be rolled back to its pre-run namespace; a run
// that merely fails keeps what it bound. reset_session()
// marks the session to be cleared when the current run ends. Idle sessions
// expire and their memory is freed; a client coming back after expiry gets a
// fresh session and is told why its names are gone.
package session

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/results"
)

// Options configure a Manager. Zero fields take defaults.
type Options struct {
	// IdleTimeout frees a session not used for this long (default 30m).
	IdleTimeout time.Duration
	// MaxMemoryBytes is the cumulative memory cap of one session's runs
	// (default 512 MiB): it is handed to the interpreter with the session's
	// globals, so what earlier runs retained counts against later ones.
	MaxMemoryBytes int64
	// Results are the limits of each session's result store.
	Results results.Limits
	// Now replaces time.Now, for tests.
	Now func() time.Time
	// NewState makes the place where a new session's globals live: the
	// engine's (in this process, or in a sandbox worker process pinned to
	// the session). Nil keeps them in this process.
	NewState func() backend.Session

	// MaxSessions caps the live sessions of the server, and
	// MaxSessionsPerSubject those of one subject (token); defaults 256
	// and 32. A new session over a cap evicts the least recently used idle
	// session: of that subject for the subject's cap; for the server's,
	// of that subject or of one holding more sessions than it (a subject
	// never loses its state to one holding as many or more). When there is none, the new session waits, first come
	// first served within its subject, up to RunQueueWait or until its
	// request ends, for one to become idle or go, and is then refused with
	// a *FullError; a session that frees goes to the waiting subject
	// holding the fewest sessions, then to the one served longest ago. At
	// most MaxSessionsPerSubject of a subject's requests wait at once; one
	// more is refused at once.
	MaxSessions, MaxSessionsPerSubject int
	// MaxRetainedBytes is the memory budget of all sessions,
	// MaxRetainedBytesPerSubject that of one subject's ([session]
	// max_retained_mb and max_retained_mb_per_token); defaults 2 GiB and
	// 1 GiB. Charged are what idle sessions hold (globals as measured
	// after their last run, and saved results) and what running ones may
	// reach: each run is granted its memory limit out of the budget when
	// it begins, so N sessions of one subject never hold N times
	// MaxMemoryBytes. A run that does not fit evicts least recently used
	// idle sessions: the subject's own first, for the server's budget
	// then those of a subject charged more than it (a subject never loses
	// its state to one charged as much or more; charged is what the
	// budgets count: idle sessions' globals and saved results, running
	// ones' grants and saved results). When running sessions, or idle ones
	// it may not evict, hold the budget it runs with what is left
	// (Run.MaxMemoryBytes, at least a quarter of its limit more than its
	// globals), or waits for runs to end or sessions to go (BudgetWait)
	// and is then refused with a *BudgetError. When a run ends over a
	// budget (saved results), least recently used idle sessions are
	// evicted, by the same rule, until it holds again.
	MaxRetainedBytes, MaxRetainedBytesPerSubject int64
	// BudgetWait is how long a run waits for memory held by runs in
	// progress (or by idle sessions it may not evict) before it is
	// refused (default 30s).
	BudgetWait time.Duration

	// MaxRunsPerSubject caps the runs of one subject in progress at once,
	// MaxRuns those of the server ([session]
	// max_concurrent_runs_per_token and max_concurrent_runs); defaults
	// DefaultRuns of the CPUs this process may use. A run over a cap
	// waits in a queue, first come first served within its subject, up
	// to RunQueueWait (default 30s) or until its request ends, and is
	// then refused with a *RunLimitError. A subject at its cap holds back
	// only its own runs: another subject's run starts past them. A
	// waiting run holds no memory grant and no worker process; it holds
	// its session (which runs one snippet at a time), so a subject's
	// queue is never longer than its sessions.
	MaxRuns, MaxRunsPerSubject int
	RunQueueWait               time.Duration
}

// DefaultRuns derives the run caps from the CPUs of the host: as many
// runs of one token as there are CPUs (at least two, so a token's second
// run does not wait on its first), four times that in all (at least
// four: most runs spend their time waiting on capabilities, not
// computing). A token looping on every CPU it is given leaves the
// others' runs a fair share of the machine rather than a sliver of it.
func DefaultRuns(cpus int) (perSubject, total int) {
	perSubject = max(cpus, 2)
	return perSubject, max(4*cpus, 4, perSubject)
}

// Defaults of Options.
const (
	DefaultIdleTimeout                = 30 * time.Minute
	DefaultMaxMemoryBytes             = 512 << 20
	DefaultMaxSessions                = 256
	DefaultMaxSessionsPerSubject      = 32
	DefaultMaxRetainedBytes           = 2 << 30
	DefaultMaxRetainedBytesPerSubject = 1 << 30
	DefaultBudgetWait                 = 30 * time.Second
	DefaultRunQueueWait               = 30 * time.Second
)

// Manager owns the sessions of one server. It is safe for concurrent use.
type Manager struct {
	opts  Options
	slots *slots

	mu       sync.Mutex
	sessions map[string]*Session
	opening  []*opener      // requests waiting for a session, in arrival order
	openers  map[string]int // how many of them each subject has
	// served is when each subject holding sessions or waiting for one
	// last opened one (a count of openings), for openWaitingLocked's turns.
	served    map[string]uint64
	admission uint64
	rewake    *time.Timer         // wakes the waiting requests when a reservation ends
	running   map[*Session]int64  // the memory granted to each run in progress, evicted or dropped sessions' too
	freed     chan struct{}       // closed when a run returns its grant; nil while no run waits
	expired   map[string]eviction // ids freed by idle expiry, to explain a fresh session
	evicted   map[string]eviction // ids evicted to make room, likewise
}

// eviction is why and when a session of subject was evicted (or, in
// expired, when it expired).
type eviction struct {
	at      time.Time
	reason  string
	subject string
}

// NewManager returns a Manager with no sessions.
func NewManager(opts Options) *Manager {
	if opts.IdleTimeout <= 0 {
		opts.IdleTimeout = DefaultIdleTimeout
	}
	if opts.MaxMemoryBytes <= 0 {
		opts.MaxMemoryBytes = DefaultMaxMemoryBytes
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.NewState == nil {
		opts.NewState = func() backend.Session { return backend.NewLocalSession() }
	}
	if opts.MaxSessions <= 0 {
		opts.MaxSessions = DefaultMaxSessions
	}
	if opts.MaxSessionsPerSubject <= 0 {
		opts.MaxSessionsPerSubject = DefaultMaxSessionsPerSubject
	}
	if opts.MaxRetainedBytes <= 0 {
		opts.MaxRetainedBytes = DefaultMaxRetainedBytes
	}
	if opts.MaxRetainedBytesPerSubject <= 0 {
		opts.MaxRetainedBytesPerSubject = DefaultMaxRetainedBytesPerSubject
	}
	if opts.BudgetWait <= 0 {
		opts.BudgetWait = DefaultBudgetWait
	}
	per, total := DefaultRuns(runtime.GOMAXPROCS(0))
	if opts.MaxRuns <= 0 {
		opts.MaxRuns = total
	}
	if opts.MaxRunsPerSubject <= 0 {
		opts.MaxRunsPerSubject = per
	}
	opts.MaxRunsPerSubject = min(opts.MaxRunsPerSubject, opts.MaxRuns)
	if opts.RunQueueWait <= 0 {
		opts.RunQueueWait = DefaultRunQueueWait
	}
	return &Manager{opts: opts, slots: newSlots(opts.MaxRunsPerSubject, opts.MaxRuns), sessions: make(map[string]*Session), openers: make(map[string]int), served: make(map[string]uint64), running: make(map[*Session]int64), expired: make(map[string]eviction), evicted: make(map[string]eviction)}
}

// BudgetError refuses a run: the memory budget it would be charged to is
// held by runs in progress, so it cannot be granted enough memory.
type BudgetError struct {
	Subject string
	// Key is the config key of the budget ("max_retained_mb_per_token" or
	// "max_retained_mb"), Budget its size.
	Key    string
	Budget int64
	// Free is what the budget has left for the run, Need the least the
	// run must be granted (its globals plus room to work).
	Free, Need int64
	// Waited is how long the run waited for runs in progress to end or
	// sessions to go.
	Waited time.Duration
}

func (e *BudgetError) Error() string {
	who := "the server's sessions"
	held := "runs in progress hold it"
	if e.Key == KeyBudgetPerSubject {
		who = fmt.Sprintf("token %q's sessions", e.Subject)
	} else {
		held = fmt.Sprintf("runs in progress and the idle sessions of tokens holding no more memory than token %q hold it", e.Subject)
	}
	return fmt.Sprintf("no run can start: %s may hold %d MiB in all ([session] %s), %s, and this run needs at least %d MiB (%d MiB are free after waiting %s, [session] budget_wait, for runs to end or sessions to go); send it again later, or raise [session] %s",
		who, e.Budget>>20, e.Key, held, mib(e.Need), max(e.Free, 0)>>20, e.Waited.Round(time.Millisecond), e.Key)
}

// The config keys of the budgets, named in errors and eviction notices.
const (
	KeyBudget           = "max_retained_mb"
	KeyBudgetPerSubject = "max_retained_mb_per_token"
)

// mib rounds n bytes up to MiB.
func mib(n int64) int64 { return (n + 1<<20 - 1) >> 20 }

// Runs reports the runs in progress and the runs waiting for a run slot.
func (m *Manager) Runs() (running, queued int) { return m.slots.counts() }

// Options returns the effective options.
func (m *Manager) Options() Options { return m.opts }

// countOf counts the live sessions of subject. m.mu is held.
func (m *Manager) countOf(subject string) int {
	n := 0
	for _, s := range m.sessions {
		if s.subject == subject {
			n++
		}
	}
	return n
}

// leastRecentlyUsedIdle is the idle session (no run in progress or
// queued, not reserved for the request it was opened for) used least
// recently, of subject when bySubject, other than except, and when
// holding only among those that hold memory (evicting an empty one frees
// nothing of a budget); nil when there is none. m.mu is held.
func (m *Manager) leastRecentlyUsedIdle(subject string, bySubject bool, except *Session, holding bool) *Session {
	return m.idleLRULocked(func(s *Session) bool {
		return s != except && (!bySubject || s.subject == subject) && (!holding || s.RetainedBytes() > 0)
	})
}

// idleLRULocked returns, among the sessions eligible accepts, the one no
// run holds (none in progress or queued, not reserved for the request it
// was opened for) and was used least recently; nil when there is none.
// m.mu is held.
func (m *Manager) idleLRULocked(eligible func(*Session) bool) *Session {
	var best *Session
	var bestUsed time.Time
	now := time.Now()
	for _, s := range m.sessions {
		if !eligible(s) {
			continue
		}
		s.mu.Lock()
		running, used, reserved := s.running, s.used, now.Before(s.reserved)
		s.mu.Unlock()
		if running || reserved || len(s.sem) > 0 {
			continue
		}
		if best == nil || used.Before(bestUsed) {
			best, bestUsed = s, used
		}
	}
	return best
}

// evictLocked unregisters v, remembering why for its client, and returns
// it for the caller to free once m.mu is released.
func (m *Manager) evictLocked(v *Session, reason string) *Session {
	delete(m.sessions, v.id)
	m.evicted[v.id] = eviction{at: m.opts.Now(), reason: reason, subject: v.subject}
	m.boundNoticesLocked()
	m.memoryFreedLocked()
	return v
}

// maxNoticesFactor times MaxSessions bounds the expiry and eviction
// notices kept. They are kept an idle period for clients that come back,
// but a token opening sessions in a loop evicts its own as fast as it
// opens them: at a few hundred a second and an idle timeout of a day, the
// notices alone would grow by gigabytes. Past the bound, the older half
// is forgotten (see trimNotices); a client coming back to a forgotten
// one gets a fresh session without the note.
const maxNoticesFactor = 16

// boundNoticesLocked keeps the notices under their bound. m.mu is held.
func (m *Manager) boundNoticesLocked() {
	limit := maxNoticesFactor * m.opts.MaxSessions
	trimNotices(m.evicted, limit)
	trimNotices(m.expired, limit)
}

// trimNotices keeps about half of limit notices once there are more than
// limit, the newest of each subject, taking from the subjects holding the
// most: each subject keeps its newest c, c the most that fits, so a
// subject with fewer keeps all of its own. Forgetting the oldest of
// anyone's let a token that evicts its own sessions in a loop push
// another token's notice out, and that token's client lost its globals
// without being told why (a bare NameError).
func trimNotices(notices map[string]eviction, limit int) {
	if len(notices) <= limit {
		return
	}
	keep := limit / 2
	bySubject := map[string][]time.Time{}
	for _, n := range notices {
		bySubject[n.subject] = append(bySubject[n.subject], n.at)
	}
	counts := make([]int, 0, len(bySubject))
	for _, ts := range bySubject {
		counts = append(counts, len(ts))
	}
	slices.Sort(counts)
	// c is the share of each subject: the smallest subjects keep all of
	// theirs, the rest what is left in equal parts.
	c, left := counts[len(counts)-1], keep
	for i, n := range counts {
		if share := left / (len(counts) - i); n > share {
			c = share
			break
		}
		left -= n
	}
	cutoff := map[string]time.Time{}
	for subject, ts := range bySubject {
		if len(ts) <= c {
			continue
		}
		slices.SortFunc(ts, func(a, b time.Time) int { return b.Compare(a) })
		if c == 0 {
			cutoff[subject] = ts[0].Add(time.Nanosecond) // drop them all
		} else {
			cutoff[subject] = ts[c-1]
		}
	}
	for k, n := range notices {
		if at, ok := cutoff[n.subject]; ok && n.at.Before(at) {
			delete(notices, k)
		}
	}
}

// enforceRetained evicts least recently used idle sessions (never
// current, whose run just ended) while the memory held between runs is
// over MaxRetainedBytesPerSubject for current's subject or over
// MaxRetainedBytes in all. What runs in progress were granted is not
// held: counting it, a result saved while grants filled the budget
// evicted every idle session of the token for memory nobody held.
func (m *Manager) enforceRetained(current *Session) {
	m.mu.Lock()
	var victims []*Session
	for {
		mine, all := m.heldLocked(current.subject)
		var v *Session
		var reason string
		switch {
		case mine > m.opts.MaxRetainedBytesPerSubject:
			v = m.leastRecentlyUsedIdle(current.subject, true, current, true)
			reason = m.budgetReason(current.subject, true)
		case all > m.opts.MaxRetainedBytes:
			// Its token's own first; then only those of a token charged
			// more (budgetVictimsLocked's rule). With none, the budget
			// stays over until sessions go or runs end, and runs are
			// granted only what it has left meanwhile.
			v = m.leastRecentlyUsedIdle(current.subject, true, current, true)
			if v == nil {
				v = m.richerIdleLocked(current)
			}
			reason = m.budgetReason(current.subject, false)
		}
		if v == nil {
			break
		}
		victims = append(victims, m.evictLocked(v, reason))
	}
	m.mu.Unlock()
	for _, v := range victims {
		v.free()
	}
}

// richerIdleLocked is the least recently used idle session holding
// memory of a token charged more than current's (chargedBySubjectLocked);
// nil when there is none. m.mu is held.
func (m *Manager) richerIdleLocked(current *Session) *Session {
	charged := m.chargedBySubjectLocked()
	return m.idleLRULocked(func(s *Session) bool {
		return s != current && charged[s.subject] > charged[current.subject] && s.RetainedBytes() != 0
	})
}

// budgetReason is why a session is evicted for a budget.
func (m *Manager) budgetReason(subject string, perSubject bool) string {
	if perSubject {
		return fmt.Sprintf("token %q may keep at most %d MiB in its sessions, [session] %s", subject, m.opts.MaxRetainedBytesPerSubject>>20, KeyBudgetPerSubject)
	}
	return fmt.Sprintf("the server keeps at most %d MiB in sessions, [session] %s", m.opts.MaxRetainedBytes>>20, KeyBudget)
}

// heldLocked sums the memory sessions hold, for subject's and for all:
// an idle session its globals and saved results, a running one its saved
// results (its globals belong to the run). m.mu is held.
func (m *Manager) heldLocked(subject string) (mine, all int64) {
	for _, s := range m.sessions {
		n := s.resultBytes()
		if _, running := m.running[s]; !running {
			n = s.RetainedBytes()
		}
		all += n
		if s.subject == subject {
			mine += n
		}
	}
	return mine, all
}

// chargesLocked sums what the budgets are charged, for subject's and for
// all sessions: an idle session its globals and saved results, a running
// one its grant and saved results (the grant bounds its globals). The
// globals of except (a session asking for a grant) are left out, its
// saved results not. m.mu is held.
func (m *Manager) chargesLocked(subject string, except *Session) (mine, all int64) {
	add := func(s *Session, n int64) {
		all += n
		if s.subject == subject {
			mine += n
		}
	}
	for _, s := range m.sessions {
		_, running := m.running[s]
		switch {
		case running || s == except:
			add(s, s.resultBytes())
		default:
			add(s, s.RetainedBytes())
		}
	}
	for s, g := range m.running {
		if s != except {
			add(s, g)
		}
	}
	return mine, all
}

// grant charges the run s is beginning to the budgets and returns the
// memory limit it runs with, and why it is below what it asked for (""
// when it is not). It evicts least recently used idle sessions that hold
// memory to find room; when runs in progress hold too much it waits for
// them to end, up to BudgetWait or until ctx is done, then refuses with a
// *BudgetError. It marks s running.
func (m *Manager) grant(ctx context.Context, s *Session) (int64, string, error) {
	start := time.Now() // a real wait, as the timer's
	timer := time.NewTimer(m.opts.BudgetWait)
	defer timer.Stop()
	for {
		limit, why, freed, err := m.tryGrant(s)
		be, ok := err.(*BudgetError)
		if !ok {
			return limit, why, err
		}
		select {
		case <-freed:
			continue
		case <-timer.C:
		case <-ctx.Done():
		}
		be.Waited = time.Since(start)
		return 0, "", be
	}
}

// tryGrant is one attempt of grant. When runs in progress hold the
// budget, it returns a *BudgetError and a channel closed when one ends.
func (m *Manager) tryGrant(s *Session) (int64, string, <-chan struct{}, error) {
	// A session evicted or dropped between Get and Begin still runs (on
	// its freed, empty state, as before budgets): its grant is charged in
	// m.running all the same.
	m.mu.Lock()
	var victims []*Session
	release := func() {
		m.mu.Unlock()
		for _, v := range victims {
			v.free()
		}
		if len(victims) > 0 {
			// Their places under max_sessions are free: a request
			// waiting to open a session may take one.
			m.wakeOpeners()
		}
	}
	per, total := m.opts.MaxRetainedBytesPerSubject, m.opts.MaxRetainedBytes
	want := min(m.opts.MaxMemoryBytes, per, total)
	s.mu.Lock()
	own := s.retained
	s.mu.Unlock()
	need := min(want, own+want/4)
	// Evict only what is worth its cost and can make room. Idle sessions
	// give way for this run's full limit when it would otherwise lose more
	// than a quarter of it, and for the least it may start with (need);
	// a run a little short starts smaller (told so) rather than cost
	// other clients their state for memory it will most likely never
	// use. When runs in progress hold the budget, or the idle sessions
	// this run may evict (budgetVictimsLocked) cannot make room, evicting
	// them would cost their clients their state and still leave this run
	// short: evict nobody.
	if mine, all := m.chargesLocked(s.subject, s); min(per-mine, total-all) < want {
		free := min(per-mine, total-all)
		// reach is what the run has after every eviction it may make.
		plan, reach := m.budgetVictimsLocked(s, want)
		switch {
		case reach >= want && want-free > want/4:
		case reach >= need:
			plan, _ = m.budgetVictimsLocked(s, need)
		default:
			plan = nil
		}
		for _, v := range plan {
			victims = append(victims, m.evictLocked(v.s, m.budgetReason(s.subject, v.perSubject)))
		}
	}
	mine, all := m.chargesLocked(s.subject, s)
	freeMine, freeAll := per-mine, total-all
	free := min(freeMine, freeAll, want)
	if free < need {
		e := &BudgetError{Subject: s.subject, Key: KeyBudget, Budget: total, Free: freeAll, Need: need}
		if freeMine < freeAll {
			e.Key, e.Budget, e.Free = KeyBudgetPerSubject, per, freeMine
		}
		if m.freed == nil {
			m.freed = make(chan struct{})
		}
		freed := m.freed
		release()
		return 0, "", freed, e
	}
	var why string
	if free < want {
		key, budget := KeyBudget, total
		if freeMine <= freeAll {
			key, budget = KeyBudgetPerSubject, per
		}
		why = fmt.Sprintf("note: this run's memory limit is %d MiB, not %d MiB: other sessions hold the rest of the sessions' budget of %d MiB ([session] %s)",
			free>>20, want>>20, budget>>20, key)
	}
	m.running[s] = free
	s.mu.Lock()
	s.running = true
	s.mu.Unlock()
	release()
	return free, why, nil, nil
}

// budgetVictim is an idle session a run evicts for memory, and whether
// for its token's budget (else the server's).
type budgetVictim struct {
	s          *Session
	perSubject bool
}

// budgetVictimsLocked plans the evictions that give the run s is
// beginning goal bytes (at most its full limit, want): least recently
// used idle sessions holding memory, of s's token first, for either
// budget; then, for the server's, those of the tokens charged more than
// s's token (chargedBySubjectLocked, counted anew after each eviction),
// never of one charged as much or less. It returns them in order and the
// memory the run would have after them (capped at goal), which falls
// short of goal when they cannot make room: the caller evicts them only
// when they can. The server's budget is shared, but a token that asks
// for memory while holding as much as another, or more, must not destroy
// the other's globals to get it: a token holding more than its share
// evicts its own or waits. A token charged less (a newcomer) still
// evicts from one charged more. m.mu is held.
func (m *Manager) budgetVictimsLocked(s *Session, goal int64) ([]budgetVictim, int64) {
	per, total := m.opts.MaxRetainedBytesPerSubject, m.opts.MaxRetainedBytes
	want := min(m.opts.MaxMemoryBytes, per, total)
	mine, all := m.chargesLocked(s.subject, s)
	charged := m.chargedBySubjectLocked()
	type idle struct {
		s    *Session
		n    int64
		used time.Time
	}
	var cands []idle
	now := time.Now()
	for _, v := range m.sessions {
		if v == s {
			continue
		}
		n := v.RetainedBytes()
		if n == 0 {
			continue // evicting it frees nothing
		}
		v.mu.Lock()
		running, used, reserved := v.running, v.used, now.Before(v.reserved)
		v.mu.Unlock()
		if running || reserved || len(v.sem) > 0 {
			continue
		}
		cands = append(cands, idle{v, n, used})
	}
	var plan []budgetVictim
	for {
		free := min(per-mine, total-all)
		if free >= goal {
			return plan, goal
		}
		perSubject := per-mine < want
		best := -1
		for i, c := range cands {
			if c.s.subject != s.subject {
				continue
			}
			if best < 0 || c.used.Before(cands[best].used) {
				best = i
			}
		}
		if best < 0 && !perSubject {
			for i, c := range cands {
				if charged[c.s.subject] <= charged[s.subject] {
					continue
				}
				if best < 0 || c.used.Before(cands[best].used) {
					best = i
				}
			}
		}
		if best < 0 {
			return plan, free
		}
		c := cands[best]
		cands = slices.Delete(cands, best, best+1)
		plan = append(plan, budgetVictim{c.s, perSubject})
		all -= c.n
		charged[c.s.subject] -= c.n
		if c.s.subject == s.subject {
			mine -= c.n
		}
	}
}

// chargedBySubjectLocked is what the budgets charge each subject
// (chargesLocked's measure): its idle sessions' globals and saved
// results, its running ones' grants and saved results. m.mu is held.
func (m *Manager) chargedBySubjectLocked() map[string]int64 {
	charged := make(map[string]int64)
	for _, s := range m.sessions {
		n := s.RetainedBytes()
		if _, running := m.running[s]; running {
			n = s.resultBytes()
		}
		charged[s.subject] += n
	}
	for s, g := range m.running {
		charged[s.subject] += g
	}
	return charged
}

// ungrant returns the grant of s's run to the budgets.
func (m *Manager) ungrant(s *Session) {
	m.mu.Lock()
	delete(m.running, s)
	m.memoryFreedLocked()
	m.mu.Unlock()
}

// memoryFreedLocked wakes the runs waiting for memory: a run ended, or a
// session went. A run waits for memory held by runs in progress, and by
// idle sessions it may not evict (budgetVictimsLocked), which free it only
// when they go. m.mu is held.
func (m *Manager) memoryFreedLocked() {
	if m.freed != nil {
		close(m.freed)
		m.freed = nil
	}
}

// Lookup returns the session of id without creating it.
func (m *Manager) Lookup(id string) (*Session, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[id]
	return s, ok
}

// LookupFor returns the session of id without creating it, if subject
// opened it: a session belongs to the token that opened it.
func (m *Manager) LookupFor(id, subject string) (*Session, bool) {
	s, ok := m.Lookup(id)
	if !ok || s.subject != subject {
		return nil, false
	}
	return s, true
}

// Drop frees the session of id at once, e.g. when its client disconnects.
// A run in progress finishes on the state it holds.
func (m *Manager) Drop(id string) {
	m.mu.Lock()
	s, ok := m.sessions[id]
	delete(m.sessions, id)
	if ok {
		m.memoryFreedLocked()
	}
	m.mu.Unlock()
	if ok {
		s.free()
		m.wakeOpeners()
	}
}

// Len returns the number of live sessions.
func (m *Manager) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.sessions)
}

// IDs returns the live session ids, sorted.
func (m *Manager) IDs() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	ids := make([]string, 0, len(m.sessions))
	for id := range m.sessions {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// RetainedBytes sums the retained size of every session's globals (as
// measured after each session's last run) and saved results: the memory the
// server holds for its clients between runs.
func (m *Manager) RetainedBytes() int64 {
	m.mu.Lock()
	ss := make([]*Session, 0, len(m.sessions))
	for _, s := range m.sessions {
		ss = append(ss, s)
	}
	m.mu.Unlock()
	var n int64
	for _, s := range ss {
		n += s.RetainedBytes()
	}
	return n
}

// ResultBytes sums the bytes of every session's result store.
func (m *Manager) ResultBytes() int64 {
	m.mu.Lock()
	ss := make([]*Session, 0, len(m.sessions))
	for _, s := range m.sessions {
		ss = append(ss, s)
	}
	m.mu.Unlock()
	var n int64
	for _, s := range ss {
		if r := s.Results(); r != nil {
			n += r.TotalBytes()
		}
	}
	return n
}

// Sweep frees sessions idle for longer than IdleTimeout and returns how many
// it freed. A session with a run in progress is never idle.
func (m *Manager) Sweep() int {
	now := m.opts.Now()
	m.mu.Lock()
	var freed []*Session
	for id, s := range m.sessions {
		if s.idleSince(now) > m.opts.IdleTimeout {
			delete(m.sessions, id)
			m.expired[id] = eviction{at: now, subject: s.subject}
			freed = append(freed, s)
		}
	}
	if len(freed) > 0 {
		m.memoryFreedLocked()
	}
	m.boundNoticesLocked()
	// Forget expiry and eviction notices after another idle period: the
	// client is gone.
	for id, ex := range m.expired {
		if now.Sub(ex.at) > m.opts.IdleTimeout {
			delete(m.expired, id)
		}
	}
	for id, ev := range m.evicted {
		if now.Sub(ev.at) > m.opts.IdleTimeout {
			delete(m.evicted, id)
		}
	}
	m.mu.Unlock()
	for _, s := range freed {
		s.free()
	}
	if len(freed) > 0 {
		m.wakeOpeners()
	}
	return len(freed)
}

// Run sweeps idle sessions periodically until ctx is done.
func (m *Manager) Run(ctx context.Context) {
	every := m.opts.IdleTimeout / 4
	if every < 10*time.Millisecond {
		every = 10 * time.Millisecond
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			m.Sweep()
		}
	}
}

// Session is one client's state. Use Begin to run a snippet in it.
type Session struct {
	id      string
	subject string // the token it belongs to; "" for a local client
	m       *Manager
	sem     chan struct{} // held by the run in progress

	mu      sync.Mutex
	state   backend.Session
	results *results.Store
	used    time.Time
	running bool
	// reserved, while in the future, keeps the session from eviction:
	// it was opened for a request that waited for it, and that request
	// has yet to begin its run (Begin clears it). See reserveGrace.
	reserved time.Time
	retained int64
	notice   string
	runs     int64
}

// ID returns the session id.
func (s *Session) ID() string { return s.id }

// Results returns the session's result store.
func (s *Session) Results() *results.Store {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.results
}

// MaxMemoryBytes is the cumulative memory cap to hand to the interpreter
// with the session's globals.
func (s *Session) MaxMemoryBytes() int64 { return s.m.opts.MaxMemoryBytes }

// resultBytes is the bytes of the session's saved results.
func (s *Session) resultBytes() int64 {
	if r := s.Results(); r != nil {
		return r.TotalBytes()
	}
	return 0
}

// measuredSizer is a backend session whose size can grow after its run
// ended without another run (a sandbox worker measured while idle):
// MeasuredBytes is what it holds now, from memory (no I/O: the budgets
// ask every idle session on every run's start), 0 when nothing was
// measured.
type measuredSizer interface{ MeasuredBytes() int64 }

// RetainedBytes is the size of the globals after the last run plus the
// bytes of saved results, or what the backend has measured the idle
// session to hold since, when that is more.
func (s *Session) RetainedBytes() int64 {
	s.mu.Lock()
	n, r := s.retained, s.results
	if m, ok := s.state.(measuredSizer); ok && !s.running {
		n = max(n, m.MeasuredBytes())
	}
	s.mu.Unlock()
	if r != nil {
		n += r.TotalBytes()
	}
	return n
}

// Names returns the global names bound in the session; empty while a run is
// in progress (the globals belong to that run).
func (s *Session) Names() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.running {
		return nil
	}
	return s.state.Names()
}

// Runs returns how many runs have ended in the session.
func (s *Session) Runs() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.runs
}

func (s *Session) idleSince(now time.Time) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.running {
		return 0
	}
	return now.Sub(s.used)
}

func (s *Session) free() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.state.Close()
	s.state = s.m.opts.NewState()
	s.retained = 0
	if s.results != nil {
		s.results.Clear()
	}
}

// Begin waits for the session's previous run to end (or ctx to be done),
// then for a run slot of its subject and the server (a *RunLimitError
// when none comes in time), then for its memory grant; it snapshots the
// globals and returns the Run. The caller must call End.
func (s *Session) Begin(ctx context.Context) (*Run, error) {
	select {
	case s.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("session %s: waiting for the previous run to finish: %w", s.id, ctx.Err())
	}
	// The slot before the grant: a run waiting for its slot holds no
	// memory of the budgets.
	queued, err := s.m.slots.acquire(ctx, s.subject, s.m.opts.RunQueueWait)
	if err != nil {
		<-s.sem
		s.m.wakeOpeners()
		return nil, err
	}
	limit, why, err := s.m.grant(ctx, s)
	if err != nil {
		s.m.slots.release(s.subject)
		<-s.sem
		s.m.wakeOpeners()
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.used = s.m.opts.Now()
	s.reserved = time.Time{}
	r := &Run{s: s, State: s.state, Notice: s.notice, MaxMemoryBytes: limit, Queued: queued}
	if lost := s.state.Begin(); lost != "" {
		r.Notice = joinNotices(r.Notice, lost)
	}
	if why != "" {
		r.Notice = joinNotices(r.Notice, why)
	}
	s.notice = ""
	return r, nil
}

// joinNotices puts two notices for the client one after the other.
func joinNotices(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

// Run is one snippet run in a session.
type Run struct {
	s *Session
	// State holds the globals the run executes in; hand it to the engine.
	State backend.Session
	// Notice, when not empty, tells the client something about its session
	// it should know before reading the output (e.g. that it expired).
	Notice string
	// MaxMemoryBytes is the run's memory limit, cumulative with the
	// session's globals, to hand to the interpreter: the session's
	// MaxMemoryBytes, or less when the budget is short.
	MaxMemoryBytes int64
	// Queued is how long the run waited for a run slot
	// (Options.MaxRunsPerSubject, MaxRuns).
	Queued time.Duration

	mu         sync.Mutex
	reset      bool
	rolledBack bool
	ended      bool
}

// Session returns the session of the run.
func (r *Run) Session() *Session { return r.s }

// RequestReset marks the session to be cleared when the run ends; it is what
// reset_session() does. The current run keeps its names until it ends.
func (r *Run) RequestReset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reset = true
}

// ResetRequested reports whether reset_session() was called during the run.
func (r *Run) ResetRequested() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reset
}

// Rollback discards everything the run bound, restoring the pre-run
// namespace. Side effects of capability calls the run made stand.
func (r *Run) Rollback() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rolledBack = true
}

// End releases the session for the next run. A rollback restores the
// pre-run snapshot; otherwise a requested reset clears the globals (saved
// results stay: they have handles the client may still read). End is
// idempotent.
func (r *Run) End() {
	r.mu.Lock()
	if r.ended {
		r.mu.Unlock()
		return
	}
	r.ended = true
	reset, rolledBack := r.reset, r.rolledBack
	r.mu.Unlock()

	s := r.s
	mode := backend.EndKeep
	switch {
	case rolledBack:
		// Nothing of an unfinished run counts, a reset it asked for
		// included.
		mode = backend.EndRollback
	case reset:
		mode = backend.EndReset
	}
	r.State.End(mode)
	s.mu.Lock()
	if r.State == s.state { // else the session was freed during the run
		s.retained = r.State.SizeBytes()
	}
	s.used = s.m.opts.Now()
	s.running = false
	s.runs++
	s.mu.Unlock()
	s.m.ungrant(s)
	s.m.slots.release(s.subject)
	<-s.sem
	s.m.enforceRetained(s)
	// The session is idle: a request waiting for a session may take it.
	s.m.wakeOpeners()
}
