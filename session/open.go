package session

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/toolplane/toolplane/results"
)

// The config keys of the session caps, named in errors.
const (
	KeySessions           = "max_sessions"
	KeySessionsPerSubject = "max_sessions_per_token"
)

// FullError refuses a new session: the cap it would exceed (Key) is
// reached and every session under it has a run in progress or queued,
// so none could be evicted while the request waited (RunQueueWait, or
// until the request ended), or the subject already had as many requests
// waiting for a session as it may keep sessions (Crowded).
type FullError struct {
	Subject string
	// Key is the config key of the cap that held the session
	// (KeySessionsPerSubject or KeySessions), Limit its value.
	Key   string
	Limit int
	// Waited is how long the request waited; Cancelled says it ended
	// first, with Cause.
	Waited    time.Duration
	Cancelled bool
	Cause     error
	// Crowded is the number of the subject's requests already waiting
	// when this one was refused without waiting; 0 when it waited.
	Crowded int
}

func (e *FullError) Error() string {
	who := fmt.Sprintf("the server is at its limit of %d sessions ([session] %s)", e.Limit, e.Key)
	if e.Key == KeySessionsPerSubject {
		who = fmt.Sprintf("token %q is at its limit of %d sessions ([session] %s)", e.Subject, e.Limit, e.Key)
	}
	busy := "every one has a run in progress or queued"
	if e.Key == KeySessions {
		busy = fmt.Sprintf("every one has a run in progress or queued or is the idle session of a token holding no more sessions than token %q", e.Subject)
	}
	switch {
	case e.Crowded > 0:
		return fmt.Sprintf("no session can be opened: %s, %s, and %d more requests of token %q already wait for one (at most as many as it may keep sessions); send it again later, close a session you no longer use, or raise [session] %s",
			who, busy, e.Crowded, e.Subject, KeySessionsPerSubject)
	case e.Cancelled:
		return fmt.Sprintf("no session opened: %s, %s, and the request ended after waiting %s for one to finish (%v)",
			who, busy, e.Waited.Round(time.Millisecond), e.Cause)
	}
	return fmt.Sprintf("no session can be opened: %s, %s, and this request waited %s ([session] %s) for one to finish; send it again later, close a session you no longer use, or raise [session] %s or %s",
		who, busy, e.Waited.Round(time.Millisecond), KeyRunQueueWait, e.Key, KeyRunQueueWait)
}

// Unwrap returns the request's error of a cancelled wait.
func (e *FullError) Unwrap() error { return e.Cause }

// opener is a request for a new session that found the caps held by busy
// sessions. It holds nothing but its place in Manager.opening: no
// goroutine of its own, no session state.
type opener struct {
	id, subject string
	s           *Session
	done        chan struct{} // closed (m.mu held) once s is set
}

// Get is GetContext with a context that never ends: a request that finds
// every session under a cap busy waits up to RunQueueWait.
// errOtherSubject refuses a session id opened by another subject: a
// session's globals and saved results belong to the token that opened it,
// whatever id a transport hands over.
var errOtherSubject = errors.New("this session was opened with another token: a session's globals belong to the token that opened it; open a new MCP session with this token")

func (m *Manager) Get(id, subject string) (*Session, error) {
	return m.GetContext(context.Background(), id, subject)
}

// GetContext returns the session of id, creating it on first use for
// subject (the token's subject; "" for a local client). A session
// created for an id whose previous session expired or was evicted says
// so in the notice of its first run. Creating one beyond
// MaxSessionsPerSubject evicts the subject's least recently used idle
// session, beyond MaxSessions that of serverVictimLocked. When there is
// none, the request waits, behind the subject's earlier ones, for a
// session it may evict or one that goes, taking its turn among the
// subjects waiting (openWaitingLocked), up to RunQueueWait or until ctx
// is done; then, or when MaxSessionsPerSubject of the subject's requests
// wait already, it returns a *FullError.
func (m *Manager) GetContext(ctx context.Context, id, subject string) (*Session, error) {
	m.mu.Lock()
	if s, ok := m.sessions[id]; ok {
		m.mu.Unlock()
		if s.subject != subject {
			return nil, errOtherSubject
		}
		return s, nil
	}
	// Into the queue even when it is empty: a session that has just
	// become idle goes to the earliest request, not to the one that
	// found the lock first.
	w := &opener{id: id, subject: subject, done: make(chan struct{})}
	m.opening = append(m.opening, w)
	m.openers[subject]++
	victims := m.openWaitingLocked()
	select {
	case <-w.done:
		// Opened without waiting: this goroutine begins its run next, no
		// reservation needed.
		w.s.mu.Lock()
		w.s.reserved = time.Time{}
		w.s.mu.Unlock()
		m.mu.Unlock()
		freeAll(victims)
		return w.s, nil
	default:
	}
	if n := m.openers[subject] - 1; n >= m.opts.MaxSessionsPerSubject {
		m.dropOpenerLocked(w)
		e := m.fullErrorLocked(subject)
		e.Crowded = n
		m.mu.Unlock()
		freeAll(victims)
		return nil, e
	}
	m.mu.Unlock()
	freeAll(victims)

	start := time.Now()
	timer := time.NewTimer(m.opts.RunQueueWait)
	defer timer.Stop()
	var cancelled bool
	select {
	case <-w.done:
		return w.s, nil
	case <-timer.C:
	case <-ctx.Done():
		cancelled = true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	select {
	case <-w.done:
		// Opened as the wait ended: the session is registered, take it.
		return w.s, nil
	default:
	}
	m.dropOpenerLocked(w)
	e := m.fullErrorLocked(subject)
	e.Waited, e.Cancelled = time.Since(start), cancelled
	if cancelled {
		e.Cause = context.Cause(ctx)
	}
	return nil, e
}

// Opening reports how many requests wait for a session.
func (m *Manager) Opening() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.opening)
}

// dropOpenerLocked takes w, still waiting, out of the queue. m.mu is held.
func (m *Manager) dropOpenerLocked(w *opener) {
	for i, o := range m.opening {
		if o == w {
			m.opening = slices.Delete(m.opening, i, i+1)
			break
		}
	}
	if m.openers[w.subject]--; m.openers[w.subject] <= 0 {
		delete(m.openers, w.subject)
	}
}

// fullErrorLocked names the cap that holds subject's new session: its
// own when it is at it, else the server's. m.mu is held.
func (m *Manager) fullErrorLocked(subject string) *FullError {
	if m.countOf(subject) >= m.opts.MaxSessionsPerSubject {
		return &FullError{Subject: subject, Key: KeySessionsPerSubject, Limit: m.opts.MaxSessionsPerSubject}
	}
	return &FullError{Subject: subject, Key: KeySessions, Limit: m.opts.MaxSessions}
}

// reserveGrace is how long a session opened for a waiting request is
// kept from eviction while that request has yet to begin its run: its
// goroutine must first be scheduled, and without the reservation the
// next session to become idle handed the next waiter this one, not
// itself (the least recently used idle one is evicted, and a session
// just opened has not been used), so the run began on an evicted
// session and its client lost its state at once. A request that never
// begins a run (a resource read) gives its session up after the grace.
const reserveGrace = 2 * time.Second

// openWaitingLocked opens the sessions of the waiting requests while the
// caps allow. Each subject's requests open in the order they came (only
// its earliest may go, and a subject whose earliest cannot open is
// passed over), and among the subjects whose earliest can open, the one
// holding the fewest sessions goes first, then the one served longest
// ago (one never served first), then the earliest request: in arrival
// order alone, the tokens whose queues were longest took every session
// that freed under max_sessions (each of their requests had come before
// a later token's one), and a calm token's request waited behind them
// until run_queue_wait refused it. Each session it opens is reserved for
// its request (reserveGrace), and a reservation that ends while requests
// still wait wakes them. It returns the sessions evicted to make room,
// for the caller to free once m.mu is released. m.mu is held.
func (m *Manager) openWaitingLocked() []*Session {
	var victims []*Session
	for len(m.opening) > 0 {
		held := m.heldBySubjectLocked()
		best := -1
		var seen map[string]bool
		for i, w := range m.opening {
			if seen[w.subject] {
				continue // not the subject's earliest request
			}
			if seen == nil {
				seen = make(map[string]bool)
			}
			seen[w.subject] = true
			if _, ok := m.sessions[w.id]; !ok && !m.canOpenLocked(w.subject, held) {
				continue
			}
			if best < 0 || m.openBefore(w.subject, m.opening[best].subject, held) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		w := m.opening[best]
		_, existed := m.sessions[w.id]
		s, evicted, _ := m.openLocked(w.id, w.subject)
		victims = append(victims, evicted...)
		if s == nil {
			break // canOpenLocked said it could: never, but never spin
		}
		m.opening = slices.Delete(m.opening, best, best+1)
		if !existed {
			s.mu.Lock()
			s.reserved = time.Now().Add(reserveGrace)
			s.mu.Unlock()
		}
		m.admission++
		m.served[w.subject] = m.admission
		w.s = s
		close(w.done)
		if m.openers[w.subject]--; m.openers[w.subject] <= 0 {
			delete(m.openers, w.subject)
		}
	}
	m.forgetServedLocked()
	if len(m.opening) > 0 {
		m.rewakeLocked()
	}
	return victims
}

// openBefore reports whether subject a's turn to open a session comes
// before b's: fewer sessions held, else served longer ago. m.mu is held.
func (m *Manager) openBefore(a, b string, held map[string]int) bool {
	if ha, hb := held[a], held[b]; ha != hb {
		return ha < hb
	}
	return m.served[a] < m.served[b]
}

// heldBySubjectLocked counts the live sessions of each subject. m.mu is
// held.
func (m *Manager) heldBySubjectLocked() map[string]int {
	held := make(map[string]int)
	for _, s := range m.sessions {
		held[s.subject]++
	}
	return held
}

// forgetServedLocked drops the turns of the subjects that hold no
// session and have no request waiting. m.mu is held.
func (m *Manager) forgetServedLocked() {
	if len(m.served) == 0 {
		return
	}
	held := m.heldBySubjectLocked()
	for subject := range m.served {
		if m.openers[subject] == 0 && held[subject] == 0 {
			delete(m.served, subject)
		}
	}
}

// canOpenLocked reports whether openLocked would open a new session for
// subject now: under its own cap and the server's, or with an idle
// session it may evict (see serverVictimLocked). held is
// heldBySubjectLocked's. m.mu is held.
func (m *Manager) canOpenLocked(subject string, held map[string]int) bool {
	if held[subject] >= m.opts.MaxSessionsPerSubject {
		// Evicting one of its own makes room under both caps.
		return m.leastRecentlyUsedIdle(subject, true, nil, false) != nil
	}
	return len(m.sessions) < m.opts.MaxSessions || m.serverVictimLocked(subject, held) != nil
}

// serverVictimLocked is the session a new session of subject evicts at
// the server's cap: the least recently used idle one among the subject's
// own and those of the subjects holding more sessions than it does; nil
// when there is none, and the new session waits. The server's cap is
// shared: the least recently used idle session is the one most likely
// abandoned, but a token may take another's only from a token holding
// more than it, never from one holding as many or fewer, so a token
// opening sessions in a loop (or holding more than its share) cannot
// destroy the state of the tokens holding fewer; it evicts its own or
// waits. A newcomer still takes the idle session of a token holding one.
// held is heldBySubjectLocked's. m.mu is held.
func (m *Manager) serverVictimLocked(subject string, held map[string]int) *Session {
	mine := held[subject]
	return m.idleLRULocked(func(s *Session) bool {
		return s.subject == subject || held[s.subject] > mine
	})
}

// rewakeLocked sets m.rewake to wake the waiting requests when the
// earliest reservation ends: nothing else happens to a session that its
// request never begins a run in. m.mu is held.
func (m *Manager) rewakeLocked() {
	var first time.Time
	now := time.Now()
	for _, s := range m.sessions {
		s.mu.Lock()
		r := s.reserved
		s.mu.Unlock()
		if r.After(now) && (first.IsZero() || r.Before(first)) {
			first = r
		}
	}
	if first.IsZero() {
		return
	}
	if m.rewake == nil {
		m.rewake = time.AfterFunc(first.Sub(now), m.wakeOpeners)
		return
	}
	m.rewake.Reset(first.Sub(now))
}

// openLocked returns the session of id, creating it for subject when the
// caps allow, with the idle sessions it evicted to make room (for the
// caller to free): at the subject's cap its own least recently used, at
// the server's serverVictimLocked's. When there is none it returns nil
// and the key of that cap; it has then evicted nothing, as the subject's
// cap evicts one of the subject's own sessions, which makes room under
// the server's too. m.mu is held.
func (m *Manager) openLocked(id, subject string) (*Session, []*Session, string) {
	if s, ok := m.sessions[id]; ok {
		return s, nil, ""
	}
	var victims []*Session
	for m.countOf(subject) >= m.opts.MaxSessionsPerSubject {
		v := m.leastRecentlyUsedIdle(subject, true, nil, false)
		if v == nil {
			return nil, nil, KeySessionsPerSubject
		}
		victims = append(victims, m.evictLocked(v, fmt.Sprintf("token %q may keep at most %d sessions", subject, m.opts.MaxSessionsPerSubject)))
	}
	for len(m.sessions) >= m.opts.MaxSessions {
		v := m.serverVictimLocked(subject, m.heldBySubjectLocked())
		if v == nil {
			return nil, victims, KeySessions
		}
		victims = append(victims, m.evictLocked(v, fmt.Sprintf("the server keeps at most %d sessions", m.opts.MaxSessions)))
	}
	s := &Session{
		id:      id,
		subject: subject,
		m:       m,
		sem:     make(chan struct{}, 1),
		state:   m.opts.NewState(),
		results: results.NewStore(m.opts.Results, results.WithClock(m.opts.Now)),
		used:    m.opts.Now(),
	}
	if ex, ok := m.expired[id]; ok {
		delete(m.expired, id)
		s.notice = fmt.Sprintf("note: the previous session expired after %s idle (freed at %s); its globals and saved results are gone", m.opts.IdleTimeout, ex.at.UTC().Format(time.RFC3339))
	}
	if ev, ok := m.evicted[id]; ok {
		delete(m.evicted, id)
		s.notice = fmt.Sprintf("note: the previous session was evicted at %s to make room (%s; it was the least recently used idle one); its globals and saved results are gone", ev.at.UTC().Format(time.RFC3339), ev.reason)
	}
	m.sessions[id] = s
	return s, victims, ""
}

// wakeOpeners opens the sessions of waiting requests after a session
// became idle (its run ended or was refused) or went (dropped, expired,
// evicted). It costs a lock when nobody waits.
func (m *Manager) wakeOpeners() {
	m.mu.Lock()
	if len(m.opening) == 0 {
		m.mu.Unlock()
		return
	}
	victims := m.openWaitingLocked()
	m.mu.Unlock()
	freeAll(victims)
}

// freeAll frees evicted sessions; m.mu is not held.
func freeAll(victims []*Session) {
	for _, v := range victims {
		v.free()
	}
}
