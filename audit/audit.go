// Package audit writes toolplane's audit log: one JSON object per line for
// every run (run_start, run_end), every capability dispatch, and every
// escalation. It records metadata only: ids, hashes, durations and outcomes,
// never arguments, results or secrets.
//
// The log must never break or slow what it observes: Log hands each line
// to a bounded queue per sink (a file with rotation, stderr, an HTTP or
// OTLP collector) and returns; a full queue drops the line, and drops and
// write failures are counted (Logger.Stats) and reported, throttled. Every capability
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
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/internal/logfile"
	"github.com/toolplane/toolplane/python"
)

// Event kinds.
const (
	EventRunStart   = "run_start"
	EventRunEnd     = "run_end"
	EventDispatch   = "dispatch"
	EventEscalation = "escalation"
	// EventAuthFailed summarises requests refused for want of a valid
	// token (Count of them, per interval): one line per 401 would let an
	// unauthenticated client fill the queues and crowd out real events.
	EventAuthFailed = "auth_failed"
	// EventRunRefused records an execute_code run refused by a cap it
	// waited for (a session, a run slot, memory) and never got: Reason is
	// the config key of the cap, Queued how long it waited. A run whose
	// request ended while it waited is not refused but cancelled, and
	// writes nothing; a refused run writes no run_start or run_end.
	EventRunRefused = "run_refused"
)

// Outcomes.
const (
	OutcomeOK        = "ok"         // completed normally
	OutcomeError     = "error"      // failed; ErrorType says how
	OutcomeToolError = "tool_error" // the capability answered with isError
	OutcomeGranted   = "granted"    // an escalation was allowed
	OutcomeDenied    = "denied"     // an escalation, a call or a run was refused
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
	Identity      string // the person or service behind the token, when declared
	LogID         string // request log id, when known
	Reason        string // a fixed, non-secret reason code for escalations, the config key of the cap for a refused run
	// Count is how many occurrences a summary event stands for
	// (EventAuthFailed).
	Count int64
	// Headers are the request's headers; only those on the Logger's
	// allow-list ([audit] headers) are recorded, first value, cut.
	Headers http.Header
	// Meta is Call.Meta of a dispatch: what plugins left for the layers
	// outside them (spill.id). Only scalar values are recorded, cut.
	Meta map[string]any
	// EscalationsCancelled (run_end) lists the capabilities whose
	// escalation question the run's end cut short: still unanswered when
	// the run ended, or answered only because it ended. Escalation events
	// carry no run id; this list is how they are tied to a run.
	EscalationsCancelled []string
	// Queued (run_start) is how long the run waited for a run slot
	// ([session] max_concurrent_runs_per_token, max_concurrent_runs);
	// on run_refused, how long it waited before it was refused.
	// Recorded when not zero.
	Queued time.Duration
}

// line is the JSON shape of an Event; field order is the order on disk.
type line struct {
	TS            string            `json:"ts"`
	Event         string            `json:"event"`
	RunID         string            `json:"run_id,omitempty"`
	SnippetSHA256 string            `json:"snippet_sha256,omitempty"`
	Backend       string            `json:"backend,omitempty"`
	DurationMS    *float64          `json:"duration_ms,omitempty"`
	QueuedMS      *float64          `json:"queued_ms,omitempty"`
	Outcome       string            `json:"outcome,omitempty"`
	ErrorType     string            `json:"error_type,omitempty"`
	Capability    string            `json:"capability,omitempty"`
	Binary        string            `json:"binary,omitempty"`
	Origin        string            `json:"origin,omitempty"`
	Subject       string            `json:"subject,omitempty"`
	Identity      string            `json:"identity,omitempty"`
	LogID         string            `json:"log_id,omitempty"`
	Reason        string            `json:"reason,omitempty"`
	Count         int64             `json:"count,omitempty"`
	Headers       map[string]string `json:"headers,omitempty"`
	Meta          map[string]any    `json:"meta,omitempty"`
	// EscalationsCancelled is set (possibly empty) on run_end only.
	EscalationsCancelled *[]string `json:"escalations_cancelled,omitempty"`
}

// Options configure a Logger. Zero fields take the defaults.
type Options struct {
	// QueueSize bounds the lines waiting for each sink (default 8192).
	// A line that finds its sink's queue full, or its subject's share of
	// it taken (a subject may hold fewer lines than are left free: one
	// subject half the queue), is dropped and counted: there is no
	// unbounded option, and no blocking one.
	QueueSize int
	// FlushTimeout bounds how long Close waits for the queues to drain
	// (default 3s).
	FlushTimeout time.Duration
	// Headers is the allow-list of request headers recorded on dispatch
	// lines (canonical names). Credential headers are refused.
	Headers []string
	// Warn receives the warnings: throttled drop and failure summaries
	// (default os.Stderr).
	Warn io.Writer
	// ReportInterval is the least time between two warnings about one
	// sink's drops or failures (default 1m); the first is immediate.
	ReportInterval time.Duration
}

// Defaults of Options.
const (
	DefaultQueueSize      = 8192
	DefaultFlushTimeout   = 3 * time.Second
	DefaultReportInterval = time.Minute
	// maxBatch is the most lines one Sink.Write receives.
	maxBatch = 256
	// maxHeaderValue and maxMetaValue bound a recorded header or meta
	// value; maxMetaKeys the entries of meta.
	maxHeaderValue = 256
	// maxNameField bounds the fields a snippet names (its exception's
	// type: type("x" * 10**6, (Exception,), {}); a capability or binary
	// it asked for), and maxReason a refusal's reason, so one event
	// cannot fill the log or the reader's screen.
	maxNameField = 256
	maxReason    = 4096
	maxMetaValue = 256
	maxMetaKeys  = 16
)

// Logger delivers events to its sinks asynchronously. Log encodes the
// event and hands it to each sink's bounded queue without waiting: a
// full queue drops the line and counts it, so auditing never adds a
// sink's latency to a call. Each sink has its own goroutine and queue, so
// a slow collector does not cost the file its lines. Drops and write
// failures are counted (Stats) and reported on Options.Warn, throttled.
// A nil *Logger discards everything, so callers need not check whether
// auditing is enabled.
type Logger struct {
	opts    Options
	now     func() time.Time
	headers map[string]bool
	name    string

	mu       sync.RWMutex // guards closed against sends
	closed   bool
	disabled bool
	sinks    []*sinkQueue

	stopReport chan struct{}
	reported   sync.WaitGroup
}

// sinkQueue is one sink with its queue and counters.
type sinkQueue struct {
	sink    Sink
	q       chan item
	written atomic.Uint64
	dropped atomic.Uint64
	failed  atomic.Uint64
	lastErr atomic.Pointer[string]
	done    chan struct{}
	// reported are the counts already warned about.
	reportedDropped, reportedFailed uint64
	lastReport                      time.Time

	// The queue's places are shared between subjects (see admit): mu
	// guards the lines each subject has queued, their total, and the
	// lines dropped by subject since the last report.
	mu        sync.Mutex
	held      map[string]int
	queued    int
	droppedBy map[string]uint64
}

// item is one line of subject, or (line nil) a flush marker closed once
// every line before it was handed to the sink.
type item struct {
	line    []byte
	subject string
	flushed chan struct{}
}

// admit takes a place in the queue for a line of subject, or reports
// false: a subject (a token; "" for the server's own lines and stdio's
// one client) may take a place only while it holds fewer queued lines
// than are left free. A slow sink's queue used to go to whoever logged
// most: a token making capability calls filled it with its dispatch lines
// and every other token's lines were dropped, so a token could keep
// others' runs, or its own other actions, out of the audit trail. Under
// this rule one subject holds at most half of the queue, k of them
// 1/(k+1) each, and a subject holding fewer always finds room.
func (sq *sinkQueue) admit(subject string) bool {
	sq.mu.Lock()
	defer sq.mu.Unlock()
	if sq.held[subject] >= cap(sq.q)-sq.queued {
		if sq.droppedBy == nil {
			sq.droppedBy = map[string]uint64{}
		}
		sq.droppedBy[subject]++
		return false
	}
	sq.held[subject]++
	sq.queued++
	return true
}

// leave gives back the place of a line of subject taken off the queue.
func (sq *sinkQueue) leave(subject string) {
	sq.mu.Lock()
	defer sq.mu.Unlock()
	sq.queued--
	if sq.held[subject]--; sq.held[subject] <= 0 {
		delete(sq.held, subject)
	}
}

// Stats are a Logger's counters, for metrics and health checks.
type Stats struct {
	Sinks []SinkStats
}

// SinkStats are the counters of one sink.
type SinkStats struct {
	Name string
	// QueueDepth is how many lines wait; QueueCapacity the bound.
	QueueDepth, QueueCapacity int
	// Written lines reached the sink; Dropped found its queue full (or
	// the logger closing); Failed were handed to a Write that failed.
	Written, Dropped, Failed uint64
}

// Dropped is the total of lines dropped over every sink.
func (s Stats) Dropped() uint64 {
	var n uint64
	for _, k := range s.Sinks {
		n += k.Dropped
	}
	return n
}

// Failed is the total of lines whose write failed over every sink.
func (s Stats) Failed() uint64 {
	var n uint64
	for _, k := range s.Sinks {
		n += k.Failed
	}
	return n
}

// NewLogger starts a Logger delivering to sinks. It refuses a
// credential header in the allow-list: headers are recorded verbatim.
func NewLogger(opts Options, sinks ...Sink) (*Logger, error) {
	if opts.QueueSize <= 0 {
		opts.QueueSize = DefaultQueueSize
	}
	if opts.FlushTimeout <= 0 {
		opts.FlushTimeout = DefaultFlushTimeout
	}
	if opts.Warn == nil {
		opts.Warn = os.Stderr
	}
	if opts.ReportInterval <= 0 {
		opts.ReportInterval = DefaultReportInterval
	}
	l := &Logger{opts: opts, now: time.Now, headers: map[string]bool{}, name: "the audit log", stopReport: make(chan struct{})}
	for _, h := range opts.Headers {
		if dispatch.IsCredentialHeader(h) {
			return nil, fmt.Errorf("audit: [audit] headers lists %q, a credential header; audit lines never record credentials, so remove it", h)
		}
		if h == "" || strings.ContainsAny(h, " :\t\r\n") {
			return nil, fmt.Errorf("audit: [audit] headers lists %q, which is not a header name", h)
		}
		l.headers[http.CanonicalHeaderKey(h)] = true
	}
	for _, s := range sinks {
		sq := &sinkQueue{sink: s, q: make(chan item, opts.QueueSize), done: make(chan struct{}), held: map[string]int{}}
		l.sinks = append(l.sinks, sq)
		go sq.run()
	}
	l.reported.Add(1)
	go l.report()
	return l, nil
}

// New returns a Logger writing to w with the default options. Failures
// are reported on warn (os.Stderr when nil).
func New(w io.Writer, warn io.Writer) *Logger {
	l, _ := NewLogger(Options{Warn: warn}, WriterSink("the audit log", w))
	return l
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
	return FromConfig(context.Background(), config.AuditConfig{Path: path}, nil, warn)
}

// expandPath is path with DefaultPath for "" and the home directory
// for a leading "~/".
func expandPath(path string) (string, error) {
	if path == "" {
		return DefaultPath()
	}
	if strings.HasPrefix(path, "~/") {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("audit: expanding %s: %w", path, err)
		}
		path = filepath.Join(home, path[2:])
	}
	return path, nil
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

// openWithin opens path for appending as logfile.OpenAppend does (never
// blocking, never through a symbolic link, a regular file of the user's
// own in a directory others cannot write), and gives up on a file system
// that does not answer within timeout (the open goroutine closes the file
// if it ever gets one).
func openWithin(path string, timeout time.Duration) (*os.File, error) {
	type opened struct {
		f   *os.File
		err error
	}
	done := make(chan opened, 1)
	abandoned := make(chan struct{})
	go func() {
		f, err := logfile.OpenAppend(path, "[audit] path")
		if err != nil {
			err = fmt.Errorf("audit: %w", err)
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

// Log hands one event to every sink's queue and returns at once. It
// never fails and never blocks: a full queue drops the line for that
// sink and counts it.
func (l *Logger) Log(e Event) {
	if l == nil {
		return
	}
	b := l.encode(e)
	if b == nil {
		return
	}
	l.mu.RLock()
	defer l.mu.RUnlock()
	if l.closed || l.disabled {
		return
	}
	for _, sq := range l.sinks {
		if !sq.admit(e.Subject) {
			sq.dropped.Add(1)
			continue
		}
		select {
		case sq.q <- item{line: b, subject: e.Subject}:
		default: // flush markers hold the rest
			sq.leave(e.Subject)
			sq.dropped.Add(1)
		}
	}
}

// encode renders e as one JSON line.
func (l *Logger) encode(e Event) []byte {
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
		ErrorType:     cut(e.ErrorType, maxNameField),
		Capability:    cut(e.Capability, maxNameField),
		Binary:        cut(e.Binary, maxNameField),
		Origin:        e.Origin,
		Subject:       e.Subject,
		Identity:      cut(e.Identity, maxHeaderValue),
		LogID:         e.LogID,
		Reason:        cut(e.Reason, maxReason),
		Count:         e.Count,
		Headers:       l.recordedHeaders(e.Headers),
		Meta:          recordedMeta(e.Meta),
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
	if e.Queued > 0 && (e.Event == EventRunStart || e.Event == EventRunRefused) {
		ms := math.Round(float64(e.Queued)/float64(time.Microsecond)) / 1000
		ln.QueuedMS = &ms
	}
	b, err := json.Marshal(ln)
	if err != nil { // cannot happen: strings, numbers and scalar maps
		return nil
	}
	return append(b, '\n')
}

// recordedHeaders keeps the allow-listed headers of h, first value, cut.
func (l *Logger) recordedHeaders(h http.Header) map[string]string {
	if len(l.headers) == 0 || len(h) == 0 {
		return nil
	}
	var out map[string]string
	for k, v := range h {
		ck := http.CanonicalHeaderKey(k)
		if !l.headers[ck] || len(v) == 0 || dispatch.IsCredentialHeader(ck) {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[ck] = cut(v[0], maxHeaderValue)
	}
	return out
}

// recordedMeta keeps the scalar entries of a call's Meta, cut: meta is
// for what plugins decided (a spill id), not for data.
func recordedMeta(m map[string]any) map[string]any {
	if len(m) == 0 {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out map[string]any
	for _, k := range keys {
		if len(out) == maxMetaKeys {
			break
		}
		var v any
		switch x := m[k].(type) {
		case string:
			v = cut(x, maxMetaValue)
		case bool, int, int64, uint64, float64:
			v = x
		default:
			continue
		}
		if out == nil {
			out = map[string]any{}
		}
		out[cut(k, 64)] = v
	}
	return out
}

// cut bounds s to n bytes on a rune boundary, with invalid UTF-8 and
// control characters replaced.
func cut(s string, n int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '\uFFFD'
		}
		return r
	}, s)
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// run delivers the queue to the sink in batches until the queue closes.
func (sq *sinkQueue) run() {
	defer close(sq.done)
	batch := make([][]byte, 0, maxBatch)
	var markers []chan struct{}
	for it := range sq.q {
		batch, markers = batch[:0], markers[:0]
		add := func(it item) {
			if it.line == nil {
				markers = append(markers, it.flushed)
			} else {
				batch = append(batch, it.line)
				sq.leave(it.subject)
			}
		}
		add(it)
	more:
		for len(batch) < maxBatch {
			select {
			case it, ok := <-sq.q:
				if !ok {
					break more
				}
				add(it)
			default:
				break more
			}
		}
		if len(batch) > 0 {
			if err := sq.write(batch); err != nil {
				sq.failed.Add(uint64(len(batch)))
				msg := err.Error()
				sq.lastErr.Store(&msg)
			} else {
				sq.written.Add(uint64(len(batch)))
			}
		}
		for _, m := range markers {
			close(m)
		}
	}
}

// write calls the sink, turning a panic into an error: a sink is the
// host's code and must not take the process down.
func (sq *sinkQueue) write(batch [][]byte) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("sink panicked: %v", p)
		}
	}()
	return sq.sink.Write(batch)
}

// report warns about drops and failures: the first at once (within a
// second), then at most one summary per sink and kind per
// ReportInterval.
func (l *Logger) report() {
	defer l.reported.Done()
	tick := time.NewTicker(l.checkInterval())
	defer tick.Stop()
	for {
		select {
		case <-l.stopReport:
			l.warnCounts(true)
			return
		case <-tick.C:
			l.warnCounts(false)
		}
	}
}

func (l *Logger) checkInterval() time.Duration {
	if l.opts.ReportInterval < time.Second {
		return l.opts.ReportInterval
	}
	return time.Second
}

// warnCounts prints one line per sink whose drop or failure counts grew
// since its last report, if the last report is old enough (or final).
func (l *Logger) warnCounts(final bool) {
	now := time.Now()
	for _, sq := range l.sinks {
		d, f := sq.dropped.Load(), sq.failed.Load()
		if d == sq.reportedDropped && f == sq.reportedFailed {
			continue
		}
		if !final && !sq.lastReport.IsZero() && now.Sub(sq.lastReport) < l.opts.ReportInterval {
			continue
		}
		var parts []string
		if d > sq.reportedDropped {
			parts = append(parts, fmt.Sprintf("%d lines dropped (queue of %d full%s; %d in all)", d-sq.reportedDropped, cap(sq.q), sq.takeDroppedBy(), d))
		}
		if f > sq.reportedFailed {
			last := ""
			if p := sq.lastErr.Load(); p != nil {
				last = ": " + *p
			}
			parts = append(parts, fmt.Sprintf("%d lines failed to write (%d in all)%s", f-sq.reportedFailed, f, last))
		}
		fmt.Fprintf(l.opts.Warn, "toolplane: warning: audit sink %s: %s; calls go on\n", sq.sink.Name(), strings.Join(parts, ", "))
		sq.reportedDropped, sq.reportedFailed, sq.lastReport = d, f, now
	}
}

// takeDroppedBy names the subject whose lines were dropped most since the
// last report (a token flooding the log, or the sink being slow for
// everyone), and forgets the counts.
func (sq *sinkQueue) takeDroppedBy() string {
	sq.mu.Lock()
	defer sq.mu.Unlock()
	top, n, total := "", uint64(0), uint64(0)
	for subject, c := range sq.droppedBy {
		total += c
		if c > n || (c == n && subject < top) {
			top, n = subject, c
		}
	}
	sq.droppedBy = nil
	if n == 0 {
		return ""
	}
	if top == "" {
		top = "(no token)"
	}
	return fmt.Sprintf(" or a token's share of it taken: %d of %d from subject %q", n, total, top)
}

// Stats returns the counters of every sink.
func (l *Logger) Stats() Stats {
	if l == nil {
		return Stats{}
	}
	out := Stats{Sinks: make([]SinkStats, 0, len(l.sinks))}
	for _, sq := range l.sinks {
		out.Sinks = append(out.Sinks, SinkStats{
			Name: sq.sink.Name(), QueueDepth: len(sq.q), QueueCapacity: cap(sq.q),
			Written: sq.written.Load(), Dropped: sq.dropped.Load(), Failed: sq.failed.Load(),
		})
	}
	return out
}

// Flush waits until every line logged before it has been handed to its
// sink (written or failed), or ctx ends.
func (l *Logger) Flush(ctx context.Context) error {
	if l == nil {
		return nil
	}
	l.mu.RLock()
	if l.closed {
		l.mu.RUnlock()
		return nil
	}
	var waits []chan struct{}
	for _, sq := range l.sinks {
		m := make(chan struct{})
		select {
		case sq.q <- item{flushed: m}:
			waits = append(waits, m)
		case <-ctx.Done():
			l.mu.RUnlock()
			return ctx.Err()
		}
	}
	l.mu.RUnlock()
	for _, m := range waits {
		select {
		case <-m:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// Disabled reports whether the logger records nothing: its path could not
// be written at Open, or it is closed.
func (l *Logger) Disabled() bool {
	if l == nil {
		return true
	}
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.disabled || l.closed
}

// Close stops accepting events, waits up to Options.FlushTimeout for the
// queues to drain, and closes the sinks. Lines still queued then are
// counted as dropped. Later events are dropped silently.
func (l *Logger) Close() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	for _, sq := range l.sinks {
		close(sq.q)
	}
	l.mu.Unlock()
	deadline := time.Now().Add(l.opts.FlushTimeout)
	var errs []error
	for _, sq := range l.sinks {
		t := time.NewTimer(time.Until(deadline))
		select {
		case <-sq.done:
			errs = append(errs, sq.sink.Close())
		case <-t.C:
			// The sink is stuck in a Write: count what is left and leave
			// it to finish (or not) on its own.
			sq.dropped.Add(uint64(len(sq.q)))
		}
		t.Stop()
	}
	close(l.stopReport)
	l.reported.Wait()
	return errors.Join(errs...)
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
				Identity:    call.Identity,
				LogID:       call.LogID,
				Duration:    time.Since(start),
				HasDuration: true,
				Outcome:     OutcomeOK,
				Headers:     call.Headers,
				Meta:        call.Meta,
			}
			if bin, ok := strings.CutPrefix(call.CapabilityID, string(capability.SourceCLI)+":"); ok {
				e.Binary = bin
			}
			var de *dispatch.Error
			switch {
			case errors.As(err, &de) && de.Kind == dispatch.KindDenied:
				// Refused before running (admission, a plugin's gate):
				// the same line, with the decision as its outcome.
				e.Outcome = OutcomeDenied
				e.ErrorType = ErrorType(err)
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
