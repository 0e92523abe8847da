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
}

// Defaults of Options.
const (
	DefaultIdleTimeout    = 30 * time.Minute
	DefaultMaxMemoryBytes = 512 << 20
)

// Manager owns the sessions of one server. It is safe for concurrent use.
type Manager struct {
	opts Options

	mu       sync.Mutex
	sessions map[string]*Session
	expired  map[string]time.Time // ids freed by idle expiry, to explain a fresh session
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
	return &Manager{opts: opts, sessions: make(map[string]*Session), expired: make(map[string]time.Time)}
}

// Options returns the effective options.
func (m *Manager) Options() Options { return m.opts }

// Get returns the session of id, creating it on first use. A session created
// for an id whose previous session expired reports it in ExpiredNotice.
func (m *Manager) Get(id string) *Session {
	m.mu.Lock()
	defer m.mu.Unlock()
	if s, ok := m.sessions[id]; ok {
		return s
	}
	s := &Session{
		id:      id,
		m:       m,
		sem:     make(chan struct{}, 1),
		state:   m.opts.NewState(),
		results: results.NewStore(m.opts.Results, results.WithClock(m.opts.Now)),
		used:    m.opts.Now(),
	}
	if at, ok := m.expired[id]; ok {
		delete(m.expired, id)
		s.notice = fmt.Sprintf("note: the previous session expired after %s idle (freed at %s); its globals and saved results are gone", m.opts.IdleTimeout, at.UTC().Format(time.RFC3339))
	}
	m.sessions[id] = s
	return s
}

// Lookup returns the session of id without creating it.
func (m *Manager) Lookup(id string) (*Session, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[id]
	return s, ok
}

// Drop frees the session of id at once, e.g. when its client disconnects.
// A run in progress finishes on the state it holds.
func (m *Manager) Drop(id string) {
	m.mu.Lock()
	s, ok := m.sessions[id]
	delete(m.sessions, id)
	m.mu.Unlock()
	if ok {
		s.free()
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

// Sweep frees sessions idle for longer than IdleTimeout and returns how many
// it freed. A session with a run in progress is never idle.
func (m *Manager) Sweep() int {
	now := m.opts.Now()
	m.mu.Lock()
	var freed []*Session
	for id, s := range m.sessions {
		if s.idleSince(now) > m.opts.IdleTimeout {
			delete(m.sessions, id)
			m.expired[id] = now
			freed = append(freed, s)
		}
	}
	// Forget expiry notices after another idle period: the client is gone.
	for id, at := range m.expired {
		if now.Sub(at) > m.opts.IdleTimeout {
			delete(m.expired, id)
		}
	}
	m.mu.Unlock()
	for _, s := range freed {
		s.free()
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
	id  string
	m   *Manager
	sem chan struct{} // held by the run in progress

	mu       sync.Mutex
	state    backend.Session
	results  *results.Store
	used     time.Time
	running  bool
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

// RetainedBytes is the size of the globals after the last run plus the
// bytes of saved results.
func (s *Session) RetainedBytes() int64 {
	s.mu.Lock()
	n, r := s.retained, s.results
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
// snapshots the globals and returns the Run. The caller must call End.
func (s *Session) Begin(ctx context.Context) (*Run, error) {
	select {
	case s.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("session %s: waiting for the previous run to finish: %w", s.id, ctx.Err())
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.running = true
	s.used = s.m.opts.Now()
	r := &Run{s: s, State: s.state, Notice: s.notice}
	if lost := s.state.Begin(); lost != "" {
		r.Notice = joinNotices(r.Notice, lost)
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
	<-s.sem
}
