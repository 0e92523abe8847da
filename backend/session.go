package backend

import (
	"sync"

	"github.com/toolplane/toolplane/python"
)

// Session is where one client session's globals live between runs on a
// backend that keeps them (embedded): in this process (LocalSession), or
// in the sandbox worker process pinned to the session. The session
// manager (package session) owns it and brackets every run: Begin before,
// End after, Close when the session is freed. A Session is used by one run
// at a time.
type Session interface {
	// Begin marks the start of a run: End(EndRollback) returns to the
	// state at this point. It returns a notice for the client when the
	// state was lost since the last run (its worker process crashed or was
	// evicted), else "".
	Begin() (notice string)
	// End ends the run begun last: keep what it bound, restore the state
	// at Begin, or clear the globals.
	End(EndMode)
	// SizeBytes is the memory the session holds after the last End: its
	// globals, and the process it keeps them in, if any.
	SizeBytes() int64
	// Names lists the bound global names after the last End, sorted.
	Names() []string
	// Close frees the state (and the worker process holding it). A run in
	// progress ends with an error.
	Close()
}

// EndMode is how a session run ends.
type EndMode int

// The ends of a session run.
const (
	// EndKeep keeps what the run bound, like a notebook cell.
	EndKeep EndMode = iota
	// EndRollback restores the globals of the run's start (a timed-out
	// run: its half-made bindings describe no state a snippet meant).
	EndRollback
	// EndReset clears the globals (reset_session()).
	EndReset
)

// LocalSession is a Session held in this process: the namespace a run on
// the in-process interpreter executes in, with the snapshot taken at the
// start of the run in progress.
type LocalSession struct {
	mu   sync.Mutex
	g    *python.Globals
	pre  *python.Globals
	size int64
}

// NewLocalSession returns an empty in-process session.
func NewLocalSession() *LocalSession { return &LocalSession{g: python.NewGlobals()} }

// Globals is the namespace the current run executes in.
func (s *LocalSession) Globals() *python.Globals {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g
}

// Begin implements Session: it snapshots the globals.
func (s *LocalSession) Begin() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pre = s.g.Snapshot()
	return ""
}

// End implements Session.
func (s *LocalSession) End(mode EndMode) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case mode == EndRollback && s.pre != nil:
		// Nothing of an unfinished run counts: what it changed gets
		// its saved contents back, in place.
		s.g = s.g.Rollback(s.pre)
	case mode == EndReset:
		s.g = python.NewGlobals()
	default:
		// Kept: what the run replaced is garbage now.
		s.g.Commit()
	}
	s.pre = nil
	s.size = s.g.SizeBytes()
}

// SizeBytes implements Session.
func (s *LocalSession) SizeBytes() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.size
}

// Names implements Session.
func (s *LocalSession) Names() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g.Names()
}

// Close implements Session: the globals are dropped for the collector.
func (s *LocalSession) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.g, s.pre, s.size = python.NewGlobals(), nil, 0
}
