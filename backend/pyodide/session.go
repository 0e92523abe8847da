package pyodide

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/backend/localpython"
)

// Session keeps a client session's globals between runs in one Deno
// process: a run executes in the globals the earlier runs left, like a
// notebook cell, and the memory limit applies to the process, so it is
// cumulative over the session.
//
// The state lives only in that process. A run that does not finish (its
// deadline, a limit, a crash) ends the process, and with it the state:
// the next run starts fresh and Begin says so. For the same reason
// EndRollback cannot return to the state before the run: it ends the
// process too (Lost then reports it). Make one with Backend.NewSession;
// a Session is used by one run at a time.
type Session struct {
	b *Backend

	mu    sync.Mutex
	proc  *localpython.StdioSession // nil before the first run and after a loss
	limit int64                     // the memory limit proc was started with
	// lostWhy says why the state was lost since the last Begin, "" if not.
	lostWhy string
	// lostNow is set when the run in progress lost the state.
	lostNow bool
	closed  bool
}

// NewSession returns an empty session of the backend, for
// RunOptions.Session. Close it when the client is done: it holds a Deno
// process.
func (b *Backend) NewSession() backend.Session { return &Session{b: b} }

// Begin implements backend.Session.
func (s *Session) Begin() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lostNow = false
	why := s.lostWhy
	s.lostWhy = ""
	if why == "" {
		return ""
	}
	return "this session's state was lost (" + why + "): the globals of earlier runs are gone, and this run starts fresh"
}

// End implements backend.Session.
func (s *Session) End(mode backend.EndMode) {
	switch mode {
	case backend.EndRollback:
		s.drop("the run before this one did not finish, and its half-made state was discarded")
	case backend.EndReset:
		s.drop("")
	}
}

// drop ends the process; why, if not empty, is told at the next Begin.
func (s *Session) drop(why string) {
	s.mu.Lock()
	p := s.proc
	s.proc = nil
	if why != "" && p != nil {
		s.lostWhy, s.lostNow = why, true
	}
	s.mu.Unlock()
	if p != nil {
		p.Close()
	}
}

// Lost reports whether the run in progress lost the session's state.
func (s *Session) Lost() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lostNow
}

// SizeBytes implements backend.Session: the resident memory of the
// session's Deno process (0 when there is none, or off Linux).
func (s *Session) SizeBytes() int64 {
	s.mu.Lock()
	p := s.proc
	s.mu.Unlock()
	if p == nil {
		return 0
	}
	return residentBytes(p.Pid())
}

// Names implements backend.Session. The globals live in the Deno process;
// they are not listed.
func (s *Session) Names() []string { return nil }

// Close implements backend.Session.
func (s *Session) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.drop("")
}

// process returns the session's Deno process, started with perms when
// there is none (or the memory limit changed).
func (s *Session) process(perms []string, snapshot string, limit int64) (*localpython.StdioSession, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, fmt.Errorf("pyodide-deno: the session is closed")
	}
	if s.proc != nil && (!s.proc.Alive() || s.limit != limit) {
		s.proc.Close()
		s.proc = nil
	}
	if s.proc == nil {
		cmd, err := s.b.command(nil, perms, snapshot, "session")
		if err != nil {
			return nil, err
		}
		p, err := localpython.StartStdioSession(cmd)
		if err != nil {
			return nil, fmt.Errorf("pyodide-deno: %w", err)
		}
		s.proc, s.limit = p, limit
	}
	return s.proc, nil
}

// ended records that the run in progress ended the process.
func (s *Session) ended(p *localpython.StdioSession, why string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc == p {
		s.proc = nil
		s.lostWhy, s.lostNow = why, true
	}
}

// residentBytes is the resident set size of process pid, from
// /proc/PID/statm; 0 where that cannot be read.
func residentBytes(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/statm", pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(data))
	if len(f) < 2 {
		return 0
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}
