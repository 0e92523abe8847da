// Package audit writes toolplane's audit log: one JSON object per line for
// every run (run_start, run_end), every capability dispatch, and every
// escalation. It records metadata only: ids, hashes, durations and outcomes,
// never arguments, results or secrets.
//
// The log must never break what it observes: a write failure disables the
// logger with one warning on stderr, and the run carries on. Every capability
// call passes through the dispatch chain, so installing Middleware there makes
// the dispatch record complete by construction.
package audit

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/python"
)

// Event kinds.
const (
	EventRunStart   = "run_start"
	EventRunEnd     = "run_end"
	EventDispatch   = "dispatch"
	EventEscalation = "escalation"
)

// Outcomes.
const (
	OutcomeOK        = "ok"         // completed normally
	OutcomeError     = "error"      // failed; ErrorType says how
	OutcomeToolError = "tool_error" // the capability answered with isError
	OutcomeGranted   = "granted"    // an escalation was allowed
	OutcomeDenied    = "denied"     // an escalation was refused
)

// Event is one audit record. Zero fields are omitted from the line.
type Event struct {
	Time  time.Time // set by the Logger when zero
	Event string    // one of the Event* constants
	// RunID ties dispatches to their run. Escalation events carry none: an
	// escalation is a decision about a capability, not part of a run's record.
	RunID         string
	SnippetSHA256 string // SnippetHash of the code (run events)
	Backend       string // embedded, local_unsafe, pyodide-deno (run events)
	Duration      time.Duration
	HasDuration   bool   // Duration is meaningful (run_end, dispatch)
	Outcome       string // one of the Outcome* constants
	ErrorType     string // e.g. "TimeoutError", "PermissionError"
	Capability    string // canonical capability id
	Binary        string // CLI binary, for cli: capabilities and escalations
	Origin        string // snippet or toolcall (dispatch)
	Subject       string // token subject, when known
	LogID         string // request log id, when known
	Reason        string // a fixed, non-secret reason code for escalations
	// EscalationsCancelled (run_end) lists the capabilities whose
	// escalation question the run's end cut short: still unanswered when
	// the run ended, or answered only because it ended. Escalation events
	// carry no run id; this list is how they are tied to a run.
	EscalationsCancelled []string
}

// line is the JSON shape of an Event; field order is the order on disk.
type line struct {
	TS            string   `json:"ts"`
	Event         string   `json:"event"`
	RunID         string   `json:"run_id,omitempty"`
	SnippetSHA256 string   `json:"snippet_sha256,omitempty"`
	Backend       string   `json:"backend,omitempty"`
	DurationMS    *float64 `json:"duration_ms,omitempty"`
	Outcome       string   `json:"outcome,omitempty"`
	ErrorType     string   `json:"error_type,omitempty"`
	Capability    string   `json:"capability,omitempty"`
	Binary        string   `json:"binary,omitempty"`
	Origin        string   `json:"origin,omitempty"`
	Subject       string   `json:"subject,omitempty"`
	LogID         string   `json:"log_id,omitempty"`
	Reason        string   `json:"reason,omitempty"`
	// EscalationsCancelled is set (possibly empty) on run_end only.
	EscalationsCancelled *[]string `json:"escalations_cancelled,omitempty"`
}

// Logger appends events to a writer. It is safe for concurrent use; each
// event is written with a single Write so lines never interleave. A nil
// *Logger discards everything, so callers need not check whether auditing is
// enabled.
type Logger struct {
	warn io.Writer
	now  func() time.Time

	mu       sync.Mutex
	w        io.Writer
	closer   io.Closer
	name     string
	disabled bool
}

// DefaultPath is ~/.toolplane/audit.jsonl.
func DefaultPath() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("audit: finding the home directory for the default path: %w; set [audit] path", err)
	}
	return filepath.Join(home, ".toolplane", "audit.jsonl"), nil
}

// OpenTimeout bounds how long Open waits for the file system: a path on
// a hung network mount fails start-up instead of hanging it.
const OpenTimeout = 10 * time.Second

// Open appends to the file at path (created 0600, its directory 0700). An
// empty path means DefaultPath. Failures after Open are reported once on
// warn (os.Stderr when nil) and disable the logger.
//
// A path that is merely unwritable (permission denied, a read-only or full
// file system, a parent that is not a directory) is what a full disk is
// later: Open warns once on warn and returns a disabled Logger, so the
// run or server goes on without an audit log, as the log must never break
// what it observes.
//
// What is dangerous is refused with an error: the path must be a regular
// file (or not exist yet), because a named pipe would block start-up until
// some reader opened it (forever, and deaf to SIGTERM, since the open is a
// blocking system call), and a device or socket is no log (writing to one
// can damage it or hand the stream to whoever listens). Open never blocks
// on the file: it opens non-blocking, checks what it opened, and gives up
// after OpenTimeout (a hung file system is refused too: it would hang
// every later write).
func Open(path string, warn io.Writer) (*Logger, error) {
	if path == "" {
		p, err := DefaultPath()
		if err != nil {
			return nil, err
		}
		path = p
	}
	if strings.HasPrefix(path, "~/") {
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, fmt.Errorf("audit: expanding %s: %w", path, err)
		}
		path = filepath.Join(home, path[2:])
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		err = fmt.Errorf("audit: creating the directory of [audit] path %s: %w", path, err)
		if unwritable(err) {
			return disabledLogger(path, warn, err), nil
		}
		return nil, err
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi.Mode())
	}
	f, err := openWithin(path, OpenTimeout)
	if unwritable(err) {
		return disabledLogger(path, warn, err), nil
	}
	if err != nil {
		return nil, err
	}
	l := New(f, warn)
	l.closer = f
	l.name = path
	return l, nil
}

// unwritable reports whether err only says the path cannot be written
// (permissions, a read-only or full file system, a parent that is a file),
// as opposed to a path that is dangerous to open.
func unwritable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, fs.ErrPermission) {
		return true
	}
	for _, e := range []syscall.Errno{syscall.EACCES, syscall.EPERM, syscall.EROFS, syscall.ENOSPC, syscall.EDQUOT, syscall.ENOTDIR} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// disabledLogger is the Logger of an audit path that cannot be written:
// it drops every event, after one warning saying so and how to fix it.
func disabledLogger(path string, warn io.Writer, err error) *Logger {
	l := New(io.Discard, warn)
	l.name = path
	l.disabled = true
	fmt.Fprintf(l.warn, "toolplane: warning: %v; audit logging is off for this process (runs go on); make the path writable or point [audit] path elsewhere\n", err)
	return l
}

// notRegular is the error for an [audit] path that is not a regular file.
func notRegular(path string, mode os.FileMode) error {
	kind := "not a regular file"
	switch {
	case mode&os.ModeNamedPipe != 0:
		kind = "a named pipe (FIFO)"
	case mode.IsDir():
		kind = "a directory"
	case mode&os.ModeDevice != 0, mode&os.ModeCharDevice != 0:
		kind = "a device"
	case mode&os.ModeSocket != 0:
		kind = "a socket"
	}
	return fmt.Errorf("audit: [audit] path %s is %s, not a regular file; point [audit] path at a file (it is created if missing)", path, kind)
}

// openWithin opens path for appending without blocking: O_NONBLOCK makes
// opening a FIFO that appeared after the Stat fail at once (no reader)
// rather than wait, the file opened is checked to be regular, and a file
// system that does not answer within timeout is given up on (the open
// goroutine closes the file if it ever gets one).
func openWithin(path string, timeout time.Duration) (*os.File, error) {
	type opened struct {
		f   *os.File
		err error
	}
	done := make(chan opened, 1)
	abandoned := make(chan struct{})
	go func() {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK, 0o600)
		if err != nil {
			err = fmt.Errorf("audit: opening [audit] path %s: %w", path, err)
		} else if fi, serr := f.Stat(); serr != nil || !fi.Mode().IsRegular() {
			_ = f.Close()
			f = nil
			if serr != nil {
				err = fmt.Errorf("audit: opening [audit] path %s: %w", path, serr)
			} else {
				err = notRegular(path, fi.Mode())
			}
		}
		select {
		case done <- opened{f, err}:
		case <-abandoned:
			if f != nil {
				_ = f.Close()
			}
		}
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case o := <-done:
		return o.f, o.err
	case <-t.C:
		close(abandoned)
		return nil, fmt.Errorf("audit: opening [audit] path %s did not finish within %s (a hung file system?); point [audit] path at a local file", path, timeout)
	}
}

// New returns a Logger writing to w. Failures are reported once on warn
// (os.Stderr when nil).
func New(w io.Writer, warn io.Writer) *Logger {
	if warn == nil {
		warn = os.Stderr
	}
	return &Logger{w: w, warn: warn, now: time.Now, name: "the audit log"}
}

// Log writes one event. It never fails: a write error disables the logger
// after one warning.
func (l *Logger) Log(e Event) {
	if l == nil {
		return
	}
	if e.Time.IsZero() {
		e.Time = l.now()
	}
	ln := line{
		TS:            e.Time.UTC().Format(time.RFC3339Nano),
		Event:         e.Event,
		RunID:         e.RunID,
		SnippetSHA256: e.SnippetSHA256,
		Backend:       e.Backend,
		Outcome:       e.Outcome,
		ErrorType:     e.ErrorType,
		Capability:    e.Capability,
		Binary:        e.Binary,
		Origin:        e.Origin,
		Subject:       e.Subject,
		LogID:         e.LogID,
		Reason:        e.Reason,
	}
	if e.Event == EventEscalation {
		ln.RunID = ""
	}
	if e.Event == EventRunEnd {
		cancelled := append([]string{}, e.EscalationsCancelled...)
		ln.EscalationsCancelled = &cancelled
	}
	if e.HasDuration {
		ms := math.Round(float64(e.Duration)/float64(time.Microsecond)) / 1000
		ln.DurationMS = &ms
	}
	b, err := json.Marshal(ln)
	if err != nil { // cannot happen for this struct of strings and a float
		return
	}
	b = append(b, '\n')

	l.mu.Lock()
	defer l.mu.Unlock()
	if l.disabled {
		return
	}
	if _, err := l.w.Write(b); err != nil {
		l.disabled = true
		fmt.Fprintf(l.warn, "toolplane: warning: writing %s failed, audit logging is disabled for the rest of this process: %v\n", l.name, err)
	}
}

// Disabled reports whether a write failure has disabled the logger.
func (l *Logger) Disabled() bool {
	if l == nil {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.disabled
}

// Close closes the file opened by Open; later events are dropped silently.
func (l *Logger) Close() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.disabled && l.closer == nil {
		return nil
	}
	l.disabled = true
	if l.closer != nil {
		c := l.closer
		l.closer = nil
		return c.Close()
	}
	return nil
}

// SnippetHash is the hex sha256 of a snippet's code: it identifies a run's
// code in the log without recording the code itself.
func SnippetHash(code string) string {
	sum := sha256.Sum256([]byte(code))
	return hex.EncodeToString(sum[:])
}

// NewRunID returns a fresh run id, run_ followed by 16 hex digits.
func NewRunID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return "run_" + hex.EncodeToString(b[:])
}

// Middleware records one dispatch event per call, after the call returns, so
// the duration and outcome are known. Install it first in the chain (outside
// admission) so that refused calls are recorded too.
func Middleware(l *Logger) dispatch.Middleware {
	return func(next dispatch.Handler) dispatch.Handler {
		return func(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
			start := time.Now()
			res, err := next(ctx, call)
			e := Event{
				Event:       EventDispatch,
				RunID:       call.RunID,
				Capability:  call.CapabilityID,
				Origin:      string(call.Origin),
				Subject:     call.Subject,
				LogID:       call.LogID,
				Duration:    time.Since(start),
				HasDuration: true,
				Outcome:     OutcomeOK,
			}
			if bin, ok := strings.CutPrefix(call.CapabilityID, string(capability.SourceCLI)+":"); ok {
				e.Binary = bin
			}
			switch {
			case err != nil:
				e.Outcome = OutcomeError
				e.ErrorType = ErrorType(err)
			case res != nil && res.IsError:
				e.Outcome = OutcomeToolError
				e.ErrorType = "ToolError"
			}
			l.Log(e)
			return res, err
		}
	}
}

// ErrorType names the kind of an error for the log without its message
// (messages may echo arguments): a Python exception type when the error
// carries one (python.HostError, python.Exception, or any error with a
// PythonException method such as dispatch.Error), TimeoutError or CancelledError for context errors, else
// "Error".
func ErrorType(err error) string {
	var he *python.HostError
	if errors.As(err, &he) && he.Type != "" {
		return he.Type
	}
	var pe *python.Exception
	if errors.As(err, &pe) && pe.Type != "" {
		return pe.Type
	}
	var typed interface{ PythonException() string }
	if errors.As(err, &typed) {
		if t := typed.PythonException(); t != "" {
			return t
		}
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "TimeoutError"
	case errors.Is(err, context.Canceled):
		return "CancelledError"
	}
	return "Error"
}
