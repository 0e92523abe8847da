package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/internal/childenv"
	"github.com/toolplane/toolplane/python/jsonlike"
)

// maxRecentErrors bounds the errors a server remembers for status.
const maxRecentErrors = 8

// stderrTailBytes is how much of a server's stderr an error message carries.
const stderrTailBytes = 2048

// deathWait is how long a failed call waits for the connection's end to be
// explained (process exit status, garbage on stdout) before reporting the
// bare transport error. Exit is noticed within milliseconds; this is slack.
const deathWait = 500 * time.Millisecond

// stderrDrainWait bounds the wait for a dead server's last stderr lines.
const stderrDrainWait = 200 * time.Millisecond

// server is the state of one configured upstream server.
type server struct {
	m      *Manager
	spec   ServerSpec
	stderr *ringBuffer
	// redact hides the secret env values of the running process in what is
	// shown of its output.
	redact redactor
	// slots are the calls in progress: a server's answers are buffered
	// whole before they are decoded, so the number of calls waiting on
	// one server bounds what it can make toolplane hold.
	slots callSlots
	// life ends when the server is closed, aborting a start in progress.
	life context.Context
	kill context.CancelCauseFunc

	// refreshMu serialises tools/list refreshes so an older listing never
	// overwrites a newer one.
	refreshMu sync.Mutex

	mu       sync.Mutex
	cur      *conn         // live connection, nil before the first or after a death
	starting *startAttempt // the start in progress, shared by all waiting callers
	tools    []*mcp.Tool   // tools of the last listing
	// fromCache marks tools as read from the catalog cache, not yet
	// confirmed by the server.
	fromCache bool
	// problems are the tools the last listing left out, and why.
	problems []error
	errs     []errorEntry // most recent last
	starts   int          // connections made, for status (restarts = starts-1)
	closed   bool

	// Restart backoff: failures counts starts that failed and connections
	// that died young with no call in progress, in a row; no start begins
	// before retryAt.
	failures int
	retryAt  time.Time
	// blamed holds the back-off of the callers whose calls were in
	// progress when a connection died young (blameLocked): a token that
	// called a tool ending the server again and again had it restarted
	// less and less often, every call of every token failing meanwhile.
	blamed map[string]*blame

	// tools/list_changed folding: at most one refresh is queued, and
	// refreshes are refreshGap apart (at least listChangedInterval; see
	// refreshGap), counted from the end of the last listing.
	refreshQueued bool
	lastRefresh   time.Time
	nextGap       time.Duration

	// samples are the forms of the tools' last text outputs (sample.go),
	// read from the cache on first use; sampled marks the tools whose
	// output this process has sampled. Both guarded by sampleMu.
	sampleMu sync.Mutex
	samples  map[string]string
	sampled  map[string]bool
}

// blame is the restart back-off of one caller: failures counts the
// connections that died young, in a row, while a call of its was in
// progress; its calls are refused until retryAt.
type blame struct {
	failures int
	retryAt  time.Time
}

type errorEntry struct {
	at  time.Time
	err error
}

func newServer(m *Manager, spec ServerSpec) *server {
	life, kill := context.WithCancelCause(context.Background())
	return &server{
		m:      m,
		spec:   spec,
		stderr: newRingBuffer(m.opts.StderrLimit),
		life:   life,
		kill:   kill,
		slots:  callSlots{byCaller: map[string]int{}, changed: make(chan struct{})},
	}
}

// conn is one connection (and for stdio one process) of a server.
type conn struct {
	s       *server
	inspect *inspector
	born    time.Time // when the start succeeded
	cs      *mcp.ClientSession
	proc    *process // nil for HTTP
	stdio   *stdioConn
	http    *httpRecorder
	cancel  context.CancelCauseFunc // ends the connection's context

	dead  chan struct{} // closed when the connection is unusable
	cause error         // why, set before dead closes
	once  sync.Once
	// ours is set when toolplane closed the connection, so its end is
	// not a failure of the server.
	ours atomic.Bool
	// inflight counts the calls of each caller in progress on the
	// connection, and those it cut short (guarded by s.mu).
	inflight map[string]int
	// cutShort is when each caller last stopped waiting for a call on the
	// connection before it was answered (guarded by s.mu): the call may
	// still be what ends the server (cutShortGrace).
	cutShort map[string]time.Time
}

// cutShortGrace is how long a call its caller stopped waiting for still
// counts as in progress when the connection dies: a tool that ends the
// server a moment after it is called, its caller cancelling the call
// first (a snippet's wait_for), had the death counted against the server
// (every caller's back-off) or against another caller whose call was in
// progress, never against the caller that ended it.
const cutShortGrace = 10 * time.Second

// upstreamError is an error a server sent, shown with the server's
// secrets hidden (before it is cut, so no prefix of one is left), cleaned
// (SanitizeText) and cut; errors.As still finds the *jsonrpc.Error.
type upstreamError struct {
	err  error
	hide func(string) string
}

func (e *upstreamError) Error() string {
	text := e.err.Error()
	if e.hide != nil {
		text = e.hide(text)
	}
	return quoteLines(truncate(SanitizeText(text), maxErrorMessageBytes))
}

func (e *upstreamError) Unwrap() error { return e.err }

// errStartTimeout is the cause of a connect that ran out of StartTimeout.
var errStartTimeout = errors.New("start timeout")

// errCallTimeout is the cause of a call that ran out of the spec's Timeout.
var errCallTimeout = errors.New("call timeout")

func (s *server) record(err error) {
	if err == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// Kept as cut text: an error can quote what the server sent.
	err = errors.New(truncate(s.redact.hide(s.spec.redactText(err.Error())), 2*maxErrorMessageBytes))
	s.errs = append(s.errs, errorEntry{at: time.Now(), err: err})
	if len(s.errs) > maxRecentErrors {
		s.errs = s.errs[len(s.errs)-maxRecentErrors:]
	}
}

func (s *server) live() *conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil && !s.cur.isDead() {
		return s.cur
	}
	return nil
}

// startAttempt is one start of a server. Callers wait for it or give up on
// their own context; giving up does not abort it, so a slow start (npx
// downloading a package) is not restarted by every impatient caller.
type startAttempt struct {
	done chan struct{}
	c    *conn
	err  error
}

// connection returns the live connection, starting (or restarting) the
// server when there is none.
func (s *server) connection(ctx context.Context) (*conn, error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, fmt.Errorf("mcp server %q: %w", s.spec.Name, ErrClosed)
	}
	if b := s.blamed[capability.Caller(ctx)]; b != nil {
		if wait := time.Until(b.retryAt); wait > 0 {
			// Whether or not the server is up: a call of this caller's
			// may end it again.
			n := b.failures
			s.mu.Unlock()
			return nil, fmt.Errorf("mcp server %q ended %d times in a row while calls of yours were in progress, so for your calls toolplane restarts it at most every so often: next in %s (other callers' calls start it at once)", s.spec.Name, n, wait.Round(100*time.Millisecond))
		}
	}
	if s.cur != nil && !s.cur.isDead() {
		c := s.cur
		s.mu.Unlock()
		return c, nil
	}
	a := s.starting
	if a == nil {
		if wait := time.Until(s.retryAt); wait > 0 {
			// Backing off: fail at once rather than hold the caller (a
			// catalog refresh waits for every server).
			n, last := s.failures, s.lastError()
			s.mu.Unlock()
			return nil, fmt.Errorf("mcp server %q failed %d times in a row, so toolplane restarts it at most every so often: next start in %s (last error: %v)", s.spec.Name, n, wait.Round(100*time.Millisecond), last)
		}
		a = &startAttempt{done: make(chan struct{})}
		s.starting = a
		go s.start(a)
	}
	s.mu.Unlock()
	select {
	case <-a.done:
		return a.c, a.err
	case <-ctx.Done():
		if context.Cause(ctx) == errCallTimeout {
			// Said as every call that runs out of its time is.
			return nil, fmt.Errorf("mcp server %q: gave up waiting for the server to start: the call timed out after %s (%s): %w", s.spec.Name, s.callTimeout(), s.timeoutKey(), context.DeadlineExceeded)
		}
		return nil, fmt.Errorf("mcp server %q: gave up waiting for the server to start: %w", s.spec.Name, context.Cause(ctx))
	}
}

// lastError is the most recent recorded error, or "none". Callers hold
// s.mu.
func (s *server) lastError() string {
	if len(s.errs) == 0 {
		return "none"
	}
	return truncate(s.errs[len(s.errs)-1].err.Error(), 600)
}

// backoff is the wait before the next start after n failures in a row: a
// first crash restarts at once, a server that keeps failing is started
// less and less often, so a crash loop cannot become a fork storm.
func backoff(n int) time.Duration {
	if n <= 1 {
		return 0
	}
	d := 500 * time.Millisecond << min(n-2, 10)
	return min(d, restartBackoffMax)
}

// failed counts one more failure in a row and schedules the next start.
// A connection that lived stableAfter or longer does not count: it is a
// crash, not a crash loop.
func (s *server) failed(lived time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failedLocked(lived)
}

func (s *server) failedLocked(lived time.Duration) {
	if lived >= stableAfter {
		s.failures = 0
	}
	s.failures++
	s.retryAt = time.Now().Add(backoff(s.failures))
}

// died counts the end of connection c, which lived for lived, against the
// callers whose calls were in progress on it (blameLocked), or against
// the server when there were none: a server that ends as a call of one
// caller's reaches it is held back from that caller only, and another
// caller's call starts it again at once.
func (s *server) died(c *conn, lived time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	blamed := false
	now := time.Now()
	for caller, n := range c.inflight {
		if n > 0 {
			s.blameLocked(caller, lived, now)
			blamed = true
		}
	}
	for caller, at := range c.cutShort {
		if c.inflight[caller] <= 0 && now.Sub(at) < cutShortGrace {
			s.blameLocked(caller, lived, now)
			blamed = true
		}
	}
	if !blamed {
		s.failedLocked(lived)
	}
}

// blameLocked counts one more young death in a row against caller, at
// now. The count starts again once stableAfter passed since its back-off
// ended with no death of its: counted from the death itself, a caller
// that waited out the longest back-off (restartBackoffMax, as long as
// stableAfter) and ended the server again started from no back-off at
// all, 8 deaths in 62 s over and over instead of one in 30 s.
func (s *server) blameLocked(caller string, lived time.Duration, now time.Time) {
	for k, b := range s.blamed {
		if now.Sub(b.retryAt) >= stableAfter {
			delete(s.blamed, k)
		}
	}
	if s.blamed == nil {
		s.blamed = map[string]*blame{}
	}
	b := s.blamed[caller]
	if b == nil {
		b = &blame{}
		s.blamed[caller] = b
	}
	if lived >= stableAfter || now.Sub(b.retryAt) >= stableAfter {
		b.failures = 0
	}
	b.failures++
	b.retryAt = now.Add(backoff(b.failures))
}

// track counts a call of caller in progress on c until the returned func
// is called with whether it is over: a call the connection cut short
// stays counted, so the connection's end is counted against its caller
// (died) however the two race; one its caller stopped waiting for
// (cancelled) is over but counts for cutShortGrace more.
func (s *server) track(c *conn, caller string) func(over, cancelled bool) {
	s.mu.Lock()
	if c.inflight == nil {
		c.inflight = map[string]int{}
	}
	c.inflight[caller]++
	s.mu.Unlock()
	return func(over, cancelled bool) {
		if !over {
			return
		}
		s.mu.Lock()
		c.inflight[caller]--
		if cancelled {
			if c.cutShort == nil {
				c.cutShort = map[string]time.Time{}
			}
			c.cutShort[caller] = time.Now()
		}
		s.mu.Unlock()
	}
}

// start runs attempt a, bounded by StartTimeout and by the server's life.
func (s *server) start(a *startAttempt) {
	c, tools, problems, err := s.connect(s.life)
	s.mu.Lock()
	if err == nil && s.closed {
		err = fmt.Errorf("mcp server %q: %w", s.spec.Name, ErrClosed)
		defer c.close(0)
		c = nil
	}
	changed := false
	if err == nil {
		changed = s.fromCache && !sameTools(s.tools, tools)
		s.cur, s.tools, s.problems, s.fromCache = c, tools, problems, false
		s.starts++
		c.born = time.Now()
	}
	s.starting = nil
	s.mu.Unlock()
	if err != nil {
		s.record(err)
		if !errors.Is(err, ErrClosed) {
			s.failed(0)
		}
	} else {
		s.writeCache(tools)
	}
	a.c, a.err = c, err
	close(a.done)
	if changed && s.m.opts.OnChange != nil {
		// The catalog served from the cache was stale.
		go s.m.opts.OnChange()
	}
}

// connect starts a connection and lists the server's tools; problems are
// the tools left out.
func (s *server) connect(ctx context.Context) (_ *conn, _ []*mcp.Tool, problems []error, _ error) {
	name := s.spec.Name
	// The connection's context outlives this call (the SSE transport keeps
	// its stream on it), so it is detached from ctx; ctx and StartTimeout
	// still cut the start short by cancelling it until the handshake is done.
	lifeCtx, cancel := context.WithCancelCause(context.WithoutCancel(ctx))
	stopCtx := context.AfterFunc(ctx, func() { cancel(context.Cause(ctx)) })
	stopLife := context.AfterFunc(s.life, func() { cancel(ErrClosed) })
	limit := s.spec.startTimeout(s.m.opts.StartTimeout)
	timer := time.AfterFunc(limit, func() { cancel(errStartTimeout) })
	stopProgress := s.reportStarting(lifeCtx, limit)
	defer func() {
		stopCtx()
		stopLife()
		timer.Stop()
		stopProgress()
	}()

	c := &conn{s: s, cancel: cancel, dead: make(chan struct{}), inspect: newInspector(name, &s.m.opts.Limits)}
	c.inspect.refreshQueued = func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.refreshQueued
	}
	client := mcp.NewClient(&mcp.Implementation{Name: s.m.opts.ClientName, Version: s.m.opts.ClientVersion}, &mcp.ClientOptions{
		// toolplane offers an upstream server nothing: no roots, no
		// sampling, no elicitation. A server's requests for them are
		// refused (the SDK answers "not supported", roots/list an empty
		// list), never passed on to toolplane's own clients or the user:
		// a third party must not speak to the agent or the human as if
		// it were toolplane.
		Capabilities: &mcp.ClientCapabilities{},
		// Nor by the other way in: a tools/call answer whose
		// inputRequests ask for the same things (the multi-round-trip
		// protocol), which the SDK would fulfil by itself (a goroutine per
		// request, however many) and answer by sending the call again, up
		// to ten times. One call of a server asking for 200,000 roots in
		// each answer held 738 MiB for 14 s, four at once 1.5 GiB. The
		// answer fails its call instead (see inputRequested).
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			s.toolsChangedLater(c)
		},
	})

	client.AddReceivingMiddleware(onlyServerRequests)

	var transport mcp.Transport
	switch s.spec.transport() {
	case TransportStdio:
		env, err := s.environment(lifeCtx)
		if err != nil {
			cancel(err)
			return nil, nil, nil, err
		}
		proc, err := startProcess(&s.spec, env, s.stderr)
		if err != nil {
			cancel(err)
			return nil, nil, nil, fmt.Errorf("mcp server %q: %w", name, err)
		}
		c.proc = proc
		c.stdio = &stdioConn{proc: proc, limits: &s.m.opts.Limits, inspect: c.inspect, stall: s.callTimeout()}
		transport = c.stdio
	default:
		t, rec, err := s.httpTransport(lifeCtx, c.inspect)
		if err != nil {
			cancel(err)
			return nil, nil, nil, err
		}
		c.http = rec
		transport = t
	}

	fail := func(err error) (*conn, []*mcp.Tool, []error, error) {
		err = s.startError(lifeCtx, c, err)
		// A start cut short (time limit, shutdown) may be a package
		// runner half-way through a download: it gets stdin closed, then
		// SIGTERM, and only then SIGKILL, so it can release its cache lock
		// (npx killed outright leaves one that stalls the next start for a
		// minute).
		grace := time.Duration(0)
		if context.Cause(lifeCtx) != nil {
			grace = s.m.opts.ShutdownGrace
		}
		c.close(grace)
		return nil, nil, nil, err
	}
	cs, err := client.Connect(lifeCtx, transport, nil)
	if err != nil {
		return fail(err)
	}
	c.cs = cs
	go c.watch()
	tools, problems, took, err := s.listTools(lifeCtx, c)
	if err != nil {
		return fail(err)
	}
	s.listed(tools, took)
	return c, tools, problems, nil
}

// reportStarting calls OnStarting every ProgressInterval until the start
// ends (ctx is done) or the returned function is called.
func (s *server) reportStarting(ctx context.Context, limit time.Duration) (stop func()) {
	if s.m.opts.OnStarting == nil {
		return func() {}
	}
	done := make(chan struct{})
	began := time.Now()
	go func() {
		t := time.NewTicker(s.m.opts.ProgressInterval)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				s.m.opts.OnStarting(s.spec.Name, time.Since(began), limit, s.lastStderrLine())
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(done) }) }
}

// lastStderrLine is the last non-empty line a stdio server wrote to
// stderr, cleaned of escapes, secret values hidden, cut to 200 bytes.
func (s *server) lastStderrLine() string {
	tail := strings.TrimRight(s.stderrTail(), "\n")
	if i := strings.LastIndexByte(tail, '\n'); i >= 0 {
		tail = tail[i+1:]
	}
	tail = strings.TrimSpace(SanitizeText(tail))
	if len(tail) > 200 {
		tail = tail[:200] + "..."
	}
	return tail
}

// environment is the minimal environment every child of toolplane gets
// (childenv), the spec's PassEnv names, and its Env with secret references
// resolved. Nothing else of toolplane's environment reaches the server:
// not the bearer secrets of its tokens, nor another server's credentials.
func (s *server) environment(ctx context.Context) ([]string, error) {
	set := make(map[string]string, len(s.spec.Env))
	keys := make([]string, 0, len(s.spec.Env))
	for k := range s.spec.Env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v, err := s.resolve(ctx, s.spec.Env[k])
		if err != nil {
			return nil, fmt.Errorf("[mcp.servers.%s] env %s: %w", s.spec.Name, k, err)
		}
		set[k] = v
	}
	passed := map[string]string{}
	for _, name := range s.spec.PassEnv {
		if v, ok := os.LookupEnv(name); ok {
			passed[name] = v
		}
	}
	s.redact.setEnv(s.spec.Env, set, passed)
	s.redact.addArgs(s.spec.argSecrets())
	return childenv.Build(os.Environ(), s.spec.PassEnv, set), nil
}

func (s *server) resolve(ctx context.Context, v string) (string, error) {
	if s.m.opts.Resolve == nil {
		return v, nil
	}
	return s.m.opts.Resolve(ctx, v)
}

// startError explains why a connection could not be made, in the terms a
// user can act on.
func (s *server) startError(ctx context.Context, c *conn, err error) error {
	name := s.spec.Name
	var nl *needsLoginError
	if errors.As(err, &nl) {
		return err
	}
	// Garbage first: the SDK closes the server's stdin when it reads
	// garbage, so the server may well have exited by now too. Then a start
	// cut short: closing stdin on the way out makes servers exit as well.
	if c.stdio != nil {
		if g := c.stdio.garbage(); g != nil {
			c.proc.stop(0)
			c.proc.drainStderr(stderrDrainWait)
			return s.garbageError(g, c)
		}
	}
	switch cause := context.Cause(ctx); {
	case cause == errStartTimeout:
		msg := fmt.Sprintf("mcp server %q did not finish starting (initialize and tools/list) within %s; set [mcp.servers.%s] startup_timeout to give it longer", name, s.spec.startTimeout(s.m.opts.StartTimeout), name)
		if s.spec.transport() == TransportStdio && IsPackageRunner(s.spec.Command, s.spec.Args) {
			msg += fmt.Sprintf(" (a first start downloads the package: let one start finish with `toolplane mcp status %s --timeout 10m`, or install the package and run its program directly)", name)
		}
		return fmt.Errorf("%s; %s", msg, s.stderrNote())
	case errors.Is(cause, ErrClosed):
		return fmt.Errorf("mcp server %q: %w", name, ErrClosed)
	case cause != nil:
		return fmt.Errorf("mcp server %q: start interrupted: %w", name, cause)
	}
	// The process may be exiting right now; give its status a moment.
	if c.proc != nil && c.proc.waitFor(deathWait) {
		c.proc.stop(0)
		c.proc.drainStderr(stderrDrainWait)
		return fmt.Errorf("mcp server %q exited at start (%s); stderr tail: %s", name, c.proc.exitDescription(), s.stderrTailOrNone())
	}
	if c.http != nil {
		if herr := c.http.authError(s.spec.Name, s.spec.Auth); herr != nil {
			return herr
		}
	}
	return fmt.Errorf("mcp server %q (%s): connecting: %w; %s", name, s.spec.target(), err, s.stderrNote())
}

func (s *server) garbageError(g error, c *conn) error {
	if errors.Is(g, errMessageTooLarge) {
		return fmt.Errorf("mcp server %q: %v; toolplane closed its connection (raise max_result_bytes only for a server you trust)", s.spec.Name, g)
	}
	if errors.Is(g, errWriteStalled) {
		return fmt.Errorf("mcp server %q %v (the call timeout, [mcp] call_timeout or its timeout); toolplane closed its connection and starts it again at the next call; stderr tail: %s", s.spec.Name, g, s.stderrTailOrNone())
	}
	return fmt.Errorf("mcp server %q wrote something that is not JSON-RPC to stdout (%v): %q; servers must log to stderr, not stdout; stderr tail: %s",
		s.spec.Name, g, offendingLine([]byte(s.redact.apply(string(c.proc.stdoutTail.Bytes()))), c.proc.stdoutTail.wrapped()), s.stderrTailOrNone())
}

// stderrTail is the end of the server's stderr with its secrets hidden.
// Secrets are hidden in all the server wrote before the tail is cut, so
// the cut cannot split one and show its end.
func (s *server) stderrTail() string {
	return tailText(s.redact.apply(string(s.stderr.Bytes())), stderrTailBytes)
}

// offendingLine picks, from the last bytes a server wrote to stdout, the last
// line that is not JSON, which is what broke the stream; the reader may have
// read valid messages after it. When the tail was cut (the buffer wrapped),
// its first line may be the end of a valid message and is not a candidate.
func offendingLine(tail []byte, cut bool) string {
	lines := bytes.Split(tail, []byte("\n"))
	for i := len(lines) - 1; i >= 0; i-- {
		if i == 0 && cut {
			break
		}
		l := bytes.TrimSpace(lines[i])
		if len(l) > 0 && !json.Valid(l) {
			if len(l) > 200 {
				l = l[:200]
			}
			return string(l)
		}
	}
	tail = bytes.TrimSpace(tail)
	if len(tail) > 200 {
		tail = tail[len(tail)-200:]
	}
	return string(tail)
}

// stderrTailOrNone is the end of the server's stderr for error messages.
func (s *server) stderrTailOrNone() string {
	if s.spec.transport() != TransportStdio {
		return "(not a stdio server)"
	}
	t := s.stderrTail()
	if t == "" {
		return "(empty)"
	}
	if s.m.opts.WithholdStderr {
		if s.m.opts.Log != nil {
			s.m.opts.Log(fmt.Sprintf("mcp server %q stderr tail: %s", s.spec.Name, quoteLines(t)))
		}
		return "(withheld from clients: it may hold other clients' data; it is in the server's log)"
	}
	return quoteLines(t)
}

// quoteLines marks every line after the first of text from a server, so
// that, printed in toolplane's warnings, none can pass for a line of
// toolplane's own.
func quoteLines(s string) string {
	return strings.ReplaceAll(s, "\n", "\n    | ")
}

// stderrNote ends a start error: the stderr tail of a stdio server, a hint
// for an HTTP one.
func (s *server) stderrNote() string {
	if s.spec.transport() != TransportStdio {
		return "check that the url is right and the server is up"
	}
	return "stderr tail: " + s.stderrTailOrNone()
}

// unusedOverrides reports each [mcp.servers.NAME.tools.TOOL] override
// naming a tool the server does not list: a misspelt name left the tool
// it meant enabled, or under its own name and labels, without a word.
func (s *server) unusedOverrides(listed map[string]bool) []error {
	var out []error
	for _, tool := range slices.Sorted(maps.Keys(s.spec.Tools)) {
		if !listed[tool] {
			out = append(out, fmt.Errorf("[mcp.servers.%s.tools.%s]: the server lists no tool %s, so the override does nothing; check the name (toolplane mcp status %s lists its tools)",
				s.spec.Name, tomlKey(tool), quoteName(tool), s.spec.Name))
		}
	}
	return out
}

// errListTimeout is the cause of a tools/list that ran out of
// Limits.ListTimeout.
var errListTimeout = errors.New("list timeout")

// listTools lists every page of the server's tools, bounded by
// Limits.ListTimeout (and the spec's Timeout when shorter), MaxTools and
// the catalog budget, and returns how long it took. Tools that fail vetting
// (vetTool) are left out and returned as problems.
func (s *server) listTools(ctx context.Context, c *conn) (tools []*mcp.Tool, problems []error, took time.Duration, err error) {
	lim := &s.m.opts.Limits
	timeout, cause := lim.ListTimeout, errListTimeout
	if s.spec.Timeout > 0 && s.spec.Timeout < timeout {
		timeout, cause = s.spec.Timeout, errCallTimeout
	}
	ctx, cancel := context.WithTimeoutCause(ctx, timeout, cause)
	defer cancel()
	start := time.Now()
	var (
		cursor string
		listed int
		budget = maxCatalogBytes
		// overridden holds the names of [tools] overrides the server lists.
		overridden = map[string]bool{}
	)
	// Paged by hand: the SDK's iterator follows cursors for ever.
	for page := 0; ; page++ {
		if page > lim.MaxTools {
			return nil, nil, 0, fmt.Errorf("mcp server %q: tools/list: the server sent more than %d pages; the limit is [mcp] max_tools (%d)", s.spec.Name, page-1, lim.MaxTools)
		}
		res, err := c.cs.ListTools(ctx, &mcp.ListToolsParams{Cursor: cursor})
		if err != nil {
			return nil, nil, 0, s.callError(ctx, c, "tools/list", err)
		}
		for _, t := range res.Tools {
			listed++
			if _, ok := s.spec.Tools[t.Name]; ok {
				overridden[t.Name] = true
			}
			if listed > lim.MaxTools {
				return nil, nil, 0, fmt.Errorf("mcp server %q lists more than %d tools; the limit is [mcp] max_tools = %d: raise it if you trust the server, or remove the server", s.spec.Name, lim.MaxTools, lim.MaxTools)
			}
			vetted, size, err := s.vetTool(t)
			if errors.Is(err, errDisabled) {
				continue
			}
			if err != nil {
				problems = append(problems, err)
				continue
			}
			if budget -= size; budget < 0 {
				return nil, nil, 0, fmt.Errorf("mcp server %q: its tools' descriptions and schemas take more than %s; the limit is %s per server", s.spec.Name, byteSize(maxCatalogBytes), byteSize(maxCatalogBytes))
			}
			tools = append(tools, vetted)
		}
		if res.NextCursor == "" {
			break
		}
		cursor = res.NextCursor
	}
	return tools, append(problems, s.unusedOverrides(overridden)...), time.Since(start), nil
}

// refreshGap is the least time from a listing of tools (of size bytes,
// which took took) to a refresh that tools/list_changed asks for: a
// second, or longer for a catalog that costs more to read. A refresh
// reads, vets, caches and registers the whole catalog, and toolplane's
// own clients' views are rebuilt after it, at about thirteen times its
// size in allocations: a server listing 75 tools of 200 KiB schemas that
// changed one description and said so every 300 ms kept an idle serve at
// 40% of a core and 670 MiB. The gap grows with the bytes kept (a second
// per refreshBytesPerSecond) and with the time the listing took
// (refreshCostFactor times it, for what the bytes do not show: tools
// read and left out), up to maxRefreshGap. A catalog of ordinary size is
// refreshed a second after the last, as before.
func refreshGap(bytes int, took time.Duration) time.Duration {
	gap := max(listChangedInterval, time.Duration(bytes)*time.Second/refreshBytesPerSecond, refreshCostFactor*took)
	return min(gap, maxRefreshGap)
}

// listed records a listing of tools that took took: the next refresh
// comes refreshGap after it.
func (s *server) listed(tools []*mcp.Tool, took time.Duration) {
	bytes := 0
	for _, t := range tools {
		bytes += toolBytes(t)
	}
	largeCatalogRead(bytes)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastRefresh = time.Now()
	s.nextGap = refreshGap(bytes, took)
}

// toolsChangedLater folds tools/list_changed notifications: one refresh is
// queued at a time and refreshes are at least refreshGap apart, counted
// from the end of the last listing, so a flood of notifications costs at
// most one tools/list a second (less often for a large catalog), not a
// goroutine and a listing each. The queued refresh waits for the start
// and for a refresh in progress before it counts its gap: counted first,
// refreshes queued one after another behind a slow start all ran at once
// when it ended.
func (s *server) toolsChangedLater(c *conn) {
	s.mu.Lock()
	if s.refreshQueued || s.closed {
		s.mu.Unlock()
		return
	}
	s.refreshQueued = true
	s.mu.Unlock()
	go func() {
		// A notification can come during the start (before the start's
		// own listing is stored); wait for it so this refresh lists last.
		s.mu.Lock()
		a := s.starting
		s.mu.Unlock()
		if a != nil {
			select {
			case <-a.done:
			case <-s.life.Done():
			}
		}
		s.refreshMu.Lock()
		defer s.refreshMu.Unlock()
		s.mu.Lock()
		wait := time.Until(s.lastRefresh.Add(max(s.nextGap, listChangedInterval)))
		s.mu.Unlock()
		if wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-s.life.Done():
				t.Stop()
			}
		}
		s.mu.Lock()
		s.refreshQueued = false
		s.lastRefresh = time.Now()
		s.mu.Unlock()
		if s.life.Err() == nil {
			s.toolsChanged(c)
		}
	}()
}

// toolsChanged refreshes the catalog after a tools/list_changed
// notification on c and tells the Manager's OnChange; the caller holds
// refreshMu.
func (s *server) toolsChanged(c *conn) {
	s.mu.Lock()
	current := s.cur == c
	s.mu.Unlock()
	if !current || c.isDead() {
		return // from a connection already replaced
	}
	start := time.Now()
	tools, problems, _, err := s.listTools(s.life, c)
	if err == nil {
		s.mu.Lock()
		s.tools, s.problems = tools, problems
		s.mu.Unlock()
		s.writeCache(tools)
	} else {
		s.record(fmt.Errorf("refreshing tools after tools/list_changed: %w", err))
	}
	if err == nil && s.m.opts.OnChange != nil {
		s.m.opts.OnChange()
	}
	if err == nil {
		// What the refresh cost, toolplane's part (the cache, OnChange)
		// included.
		s.listed(tools, time.Since(start))
	}
}

// capabilities converts the server's catalog (see catalog), connecting if
// needed.
func (s *server) capabilities(ctx context.Context) ([]capability.Capability, error) {
	tools, problems, err := s.catalog(ctx)
	if err != nil {
		return nil, err
	}
	return s.toCapabilities(tools, problems)
}

// toCapabilities converts vetted tools, applying the spec's overrides;
// problems (the tools vetting left out) are reported with its own.
func (s *server) toCapabilities(tools []*mcp.Tool, problems []error) ([]capability.Capability, error) {
	var (
		caps []capability.Capability
		errs = slices.Clone(problems)
		seen = map[string]string{}
	)
	for _, t := range tools {
		o := s.spec.Tools[t.Name]
		if o.Disabled {
			continue
		}
		name := t.Name
		if o.Alias != "" {
			name = o.Alias
		}
		if other, dup := seen[name]; dup {
			errs = append(errs, fmt.Errorf("[mcp.servers.%s]: tools %q and %q are both named %q; set tools.%s.alias or disable one", s.spec.Name, other, t.Name, name, t.Name))
			continue
		}
		seen[name] = t.Name
		in, err := schemaJSON(t.InputSchema)
		if err != nil {
			errs = append(errs, fmt.Errorf("mcp server %q: tool %q: input schema: %w", s.spec.Name, t.Name, err))
			continue
		}
		out, err := schemaJSON(t.OutputSchema)
		if err != nil {
			errs = append(errs, fmt.Errorf("mcp server %q: tool %q: output schema: %w", s.spec.Name, t.Name, err))
			continue
		}
		labels := map[string]string{}
		maps.Copy(labels, s.spec.Labels)
		maps.Copy(labels, o.Labels)
		upstream := t.Name
		caps = append(caps, capability.Capability{
			ID:           capability.MakeID(capability.SourceMCP, s.spec.Name, name),
			Source:       capability.SourceMCP,
			Namespace:    s.spec.Name,
			Name:         name,
			Description:  t.Description + claimsNote(t.Annotations),
			InputSchema:  in,
			OutputSchema: out,
			OutputSample: s.outputSample(t.Name),
			Labels:       labels,
			Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
				return s.call(ctx, upstream, args)
			},
		})
	}
	return caps, errors.Join(errs...)
}

// claimsNote shows a tool's annotations as what they are, the upstream
// server's claims about its tool: toolplane neither verifies them nor acts
// on them (admission and approval use the labels of the config, and
// direct tools carry only the hints the config gives, server/README.md),
// but an agent or a user reading the description may want to know.
func claimsNote(a *mcp.ToolAnnotations) string {
	if a == nil {
		return ""
	}
	var claims []string
	if a.ReadOnlyHint {
		claims = append(claims, "read-only")
	}
	if a.DestructiveHint != nil && !*a.DestructiveHint {
		claims = append(claims, "not destructive")
	}
	if a.IdempotentHint {
		claims = append(claims, "idempotent")
	}
	if a.OpenWorldHint != nil && !*a.OpenWorldHint {
		claims = append(claims, "closed world")
	}
	if len(claims) == 0 {
		return ""
	}
	return "\n\n(The server claims this tool is " + strings.Join(claims, ", ") + "; toolplane does not verify or rely on it.)"
}

func schemaJSON(schema any) (json.RawMessage, error) {
	if schema == nil {
		return nil, nil
	}
	if raw, ok := schema.(json.RawMessage); ok {
		return raw, nil
	}
	return json.Marshal(schema)
}

// call runs one tools/call on the live connection, starting the server first
// when needed.
// call calls tool and returns its answer with the server's secrets hidden
// (redactor): the one place where what a server answers, a result or an
// error, enters the dispatch chain.
func (s *server) call(ctx context.Context, tool string, args map[string]any) (*capability.Result, error) {
	res, err := s.exchange(ctx, tool, args)
	res, err = s.redact.hideResult(res), s.hideError(err)
	if err == nil {
		s.recordSample(tool, res)
	}
	return res, err
}

// hideError is err with the url and command-line secrets of the spec and
// the server's secrets hidden in its text; errors.Is and errors.As still
// see err.
func (s *server) hideError(err error) error {
	if err == nil {
		return nil
	}
	text := err.Error()
	if hidden := s.redact.hide(s.spec.redactText(text)); hidden != text {
		return &redactedError{err: err, text: hidden}
	}
	return err
}

// exchange sends tool/call and converts the answer, secrets not yet
// hidden (see call).
func (s *server) exchange(ctx context.Context, tool string, args map[string]any) (*capability.Result, error) {
	ctx, cancel := context.WithTimeoutCause(ctx, s.callTimeout(), errCallTimeout)
	defer cancel()
	caller := capability.Caller(ctx)
	if err := s.slots.acquire(ctx, caller); err != nil {
		return nil, s.callError(ctx, nil, tool, err)
	}
	defer s.slots.release(caller)
	c, err := s.connection(ctx)
	if err != nil {
		return nil, err
	}
	// The arguments are written by jsonlike, as every JSON form of a
	// snippet's values is: a dict keeps its order and a float its
	// fraction (encoding/json would send 5.0 as 5).
	raw, err := jsonlike.Marshal(args)
	if err != nil {
		return nil, fmt.Errorf("mcp server %q: tool %s: arguments: %w", s.spec.Name, tool, err)
	}
	if args == nil {
		raw = []byte("{}")
	}
	res, err := s.callOn(ctx, c, caller, tool, raw)
	if errors.Is(err, mcp.ErrSessionMissing) {
		// The HTTP server forgot the session (it restarted) and refused the
		// request unrun, so sending it again on a new session is safe.
		c.close(0)
		if c, err = s.connection(ctx); err != nil {
			return nil, err
		}
		res, err = s.callOn(ctx, c, caller, tool, raw)
	}
	if err != nil {
		err = s.callError(ctx, c, tool, err)
		s.record(err)
		return nil, err
	}
	if err := inputRequested(s.spec.Name, tool, res); err != nil {
		s.record(err)
		return nil, err
	}
	out, err := convertResult(s.spec.Name, res, s.redact.hide)
	if err != nil {
		err = fmt.Errorf("%w (tool %s)", err, quoteName(tool))
		s.record(err)
		return out, err
	}
	return out, nil
}

// callOn sends tools/call on c, counting it as caller's call in progress
// (track) until it is answered or its caller stops waiting.
func (s *server) callOn(ctx context.Context, c *conn, caller, tool string, raw []byte) (*mcp.CallToolResult, error) {
	done := s.track(c, caller)
	res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(raw)})
	var answer *jsonrpc.Error
	answered := err == nil || errors.As(err, &answer) || errors.Is(err, mcp.ErrSessionMissing)
	cancelled := !answered && ctx.Err() != nil
	done(answered || cancelled, cancelled)
	return res, err
}

// serverRequests are the requests a server may send toolplane's client:
// ping, and those the client answers with nothing (roots/list with an
// empty list; sampling and elicitation refused as unsupported).
var serverRequests = map[string]bool{"ping": true, "roots/list": true, "sampling/createMessage": true, "elicitation/create": true}

// onlyServerRequests is the client's receiving middleware: a request from
// a server other than serverRequests is answered "method not found" at
// once. The SDK's client takes completion/complete, which is a request of
// clients, and answered it by sending the same request to the server and
// waiting for its answer, without end: a server asking it again at the
// rate toolplane takes its requests (maxServerRequestRate), never
// answering, held a goroutine and a request of toolplane's each, until the
// connection closed.
func onlyServerRequests(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if !strings.HasPrefix(method, "notifications/") && !serverRequests[method] {
			// The SDK answers it as "method not found: METHOD".
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "method not found"}
		}
		return next(ctx, method, req)
	}
}

// inputRequested is the error of a tools/call answer that asks for input
// to send the call again with (resultType "input_required", or
// inputRequests: the multi-round-trip protocol), nil for any other answer.
// toolplane offers upstream servers no elicitation, sampling or roots, by
// requests or by answers, so such an answer ends its call: the call is
// not sent again, and nothing is asked of toolplane's clients or user.
func inputRequested(server, tool string, res *mcp.CallToolResult) error {
	if !res.NeedsInput() && res.InputRequests == nil {
		return nil
	}
	asked := map[string]bool{}
	for _, r := range res.InputRequests {
		switch r.(type) {
		case *mcp.ElicitParams:
			asked["elicitation"] = true
		case *mcp.CreateMessageParams, *mcp.CreateMessageWithToolsParams:
			asked["sampling"] = true
		case *mcp.ListRootsParams:
			asked["roots"] = true
		}
	}
	if len(res.InputRequests) == 0 {
		return fmt.Errorf("mcp server %q: tool %s answered that it is busy (input_required with no input requests); try the call again later", server, quoteName(tool))
	}
	what := slices.Sorted(maps.Keys(asked))
	return fmt.Errorf("mcp server %q: tool %s answered with %d input requests (%s) to be fulfilled and the call sent again with (the multi-round-trip protocol): toolplane offers upstream servers no elicitation, sampling or roots, so the call fails and is not sent again; the server must answer without them", server, quoteName(tool), len(res.InputRequests), strings.Join(what, ", "))
}

// callSlots are the maxConcurrentCalls calls a server may have in
// progress, shared between callers (capability.Caller, a token's
// subject) as the audit queue's places are: a caller takes a slot only
// while it holds fewer than are left free. One caller holds at most half
// (maxCallsPerCaller), k callers about 1/(k+1) each, a free slot is left
// to callers holding fewer than the free ones, and one holding none gets
// the last. With a plain half per caller, two tokens each holding their
// half with slow calls held every slot, and every other token's calls to
// the server waited until theirs ended (up to the call timeout). Calls
// without a caller (stdio's one client, toolplane's own) count against
// the total only.
type callSlots struct {
	mu       sync.Mutex
	inUse    int
	byCaller map[string]int
	changed  chan struct{} // closed and replaced at every release
}

// acquire takes a slot for caller, waiting until the rule lets it or ctx
// ends.
func (c *callSlots) acquire(ctx context.Context, caller string) error {
	for {
		c.mu.Lock()
		free := maxConcurrentCalls - c.inUse
		if free > 0 && (caller == "" || c.byCaller[caller] < free) {
			c.inUse++
			if caller != "" {
				c.byCaller[caller]++
			}
			c.mu.Unlock()
			return nil
		}
		wait := c.changed
		held := c.byCaller[caller]
		c.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			if caller != "" && held >= maxCallsPerCaller {
				return fmt.Errorf("waiting for one of the %d calls this caller may have in progress on the server at once to end", maxCallsPerCaller)
			}
			return fmt.Errorf("waiting for one of the %d calls in progress to end (a caller holds at most as many as are left free)", maxConcurrentCalls)
		}
	}
}

// release gives back caller's slot.
func (c *callSlots) release(caller string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.inUse--
	if caller != "" {
		if c.byCaller[caller]--; c.byCaller[caller] <= 0 {
			delete(c.byCaller, caller)
		}
	}
	close(c.changed)
	c.changed = make(chan struct{})
}

// timeoutKey is the config key that sets callTimeout.
func (s *server) timeoutKey() string {
	if s.spec.Timeout > 0 {
		return fmt.Sprintf("timeout of [mcp.servers.%s]", s.spec.Name)
	}
	return "[mcp] call_timeout"
}

// callTimeout bounds each call: the spec's Timeout, else
// Limits.CallTimeout. No call waits on a server for ever.
func (s *server) callTimeout() time.Duration {
	if s.spec.Timeout > 0 {
		return s.spec.Timeout
	}
	return s.m.opts.Limits.CallTimeout
}

// callError explains a failed request on c: timeout, cancellation, a server
// that died (exit status and stderr tail), garbage on stdout, or a JSON-RPC
// error from the server.
func (s *server) callError(ctx context.Context, c *conn, what string, err error) error {
	name := s.spec.Name
	if ctx.Err() != nil {
		switch context.Cause(ctx) {
		case errCallTimeout:
			key := s.timeoutKey()
			if c != nil && c.stdio != nil {
				if note := c.stdio.stallNote(); note != "" {
					return fmt.Errorf("mcp server %q: %s timed out after %s (%s): the server %s; toolplane closes its connection and starts it again at the next call: %w", name, what, s.callTimeout(), key, note, context.DeadlineExceeded)
				}
			}
			return fmt.Errorf("mcp server %q: %s timed out after %s (%s): %w", name, what, s.callTimeout(), key, context.DeadlineExceeded)
		case errListTimeout:
			return fmt.Errorf("mcp server %q: %s did not finish within %s: %w", name, what, s.m.opts.Limits.ListTimeout, context.DeadlineExceeded)
		}
		return fmt.Errorf("mcp server %q: %s: %w", name, what, context.Cause(ctx))
	}
	var rpcErr *jsonrpc.Error
	if errors.As(err, &rpcErr) {
		// The message is the server's: cleaned and cut before an agent or
		// a terminal sees it.
		return fmt.Errorf("mcp server %q: %s: %w", name, what, &upstreamError{err, s.redact.hide})
	}
	// A connection closed because the server stopped reading its input
	// fails every call on it: each says so, whichever ended first, the
	// stall's deadline or the call's own (on a loaded machine either).
	if c != nil && c.stdio != nil {
		if serr := c.stdio.stalled(); serr != nil {
			return fmt.Errorf("mcp server %q: %s failed: the server %v; toolplane closed its connection and starts it again at the next call: %w", name, what, serr, err)
		}
	}
	// Anything else means the connection is failing; wait briefly for its
	// end to be explained (watch may itself wait deathWait for an exit
	// status, then for stderr).
	t := time.NewTimer(deathWait + stderrDrainWait + 200*time.Millisecond)
	defer t.Stop()
	select {
	case <-c.dead:
		return fmt.Errorf("calling %s: %w", what, c.cause)
	case <-t.C:
	}
	if c.http != nil {
		if herr := c.http.authError(name, s.spec.Auth); herr != nil {
			return fmt.Errorf("%s: %w", what, herr)
		}
	}
	// Cleaned and cut as the server's own errors are: the SDK's error
	// for an answer it could not decode quotes the answer (a content
	// block's type of 3 MB reached the caller whole).
	return fmt.Errorf("mcp server %q: %s: %w", name, what, &upstreamError{err, s.redact.hide})
}

// watch marks c dead when its process exits or its session ends, explains
// why, and cleans up what is left of it.
func (c *conn) watch() {
	s := c.s
	sessionDone := make(chan struct{})
	go func() {
		_ = c.cs.Wait()
		close(sessionDone)
	}()
	var procDone <-chan struct{}
	if c.proc != nil {
		procDone = c.proc.done
	}
	select {
	case <-procDone:
	case <-sessionDone:
	}
	// Classify before stopping the process: stopping kills it, which would
	// hide how it ended by itself.
	const (
		closed = iota
		garbage
		exited
		stdoutClosed
	)
	kind := closed
	switch {
	case c.proc == nil:
	case c.stdio.garbage() != nil:
		// Checked before the exit: the SDK closes stdin on garbage, which
		// ends most servers.
		kind = garbage
	case c.proc.waitFor(deathWait):
		kind = exited
	default:
		kind = stdoutClosed
	}
	if c.proc != nil {
		c.proc.stop(0)
		c.proc.drainStderr(stderrDrainWait)
	}
	var cause error
	switch kind {
	case closed:
		cause = fmt.Errorf("mcp server %q (%s): connection closed", s.spec.Name, s.spec.target())
		if c.http != nil {
			if err := c.http.limitError(); err != nil {
				cause = fmt.Errorf("mcp server %q: %v; toolplane closed its connection (raise max_result_bytes only for a server you trust)", s.spec.Name, err)
			}
		}
	case garbage:
		cause = s.garbageError(c.stdio.garbage(), c)
	case exited:
		cause = fmt.Errorf("mcp server %q exited (%s); stderr tail: %s", s.spec.Name, c.proc.exitDescription(), s.stderrTailOrNone())
	default:
		cause = fmt.Errorf("mcp server %q closed its stdout; stderr tail: %s", s.spec.Name, s.stderrTailOrNone())
	}
	c.markDead(cause)
	s.mu.Lock()
	born := c.born
	s.mu.Unlock()
	if !c.ours.Load() && !born.IsZero() {
		// A server that dies young, again and again, is restarted less
		// and less often (see backoff), for the callers whose calls were
		// in progress.
		s.died(c, time.Since(born))
	}
	// The process is dead or useless: stop its group now rather than at the
	// next call.
	c.close(0)
}

func (c *conn) markDead(cause error) {
	c.once.Do(func() {
		c.cause = cause
		close(c.dead)
	})
}

func (c *conn) isDead() bool {
	select {
	case <-c.dead:
		return true
	default:
		return false
	}
}

// close ends the connection; for stdio, grace is how long the server may take
// to exit after its stdin closes (zero kills at once).
func (c *conn) close(grace time.Duration) {
	c.ours.Store(true)
	c.markDead(fmt.Errorf("mcp server %q: connection closed by toolplane", c.s.spec.Name))
	if c.proc != nil {
		c.proc.stop(grace)
	}
	if c.cs != nil {
		_ = c.cs.Close()
	}
	c.cancel(errors.New("connection closed"))
}

// close stops the server for good.
func (s *server) close() {
	s.mu.Lock()
	s.closed = true
	c := s.cur
	s.cur = nil
	s.mu.Unlock()
	s.kill(ErrClosed)
	// Wait for a start in progress (kill aborted it), so its process is not
	// left behind.
	s.mu.Lock()
	a := s.starting
	s.mu.Unlock()
	if a != nil {
		<-a.done
	}
	if c != nil {
		c.close(s.m.opts.ShutdownGrace)
	}
}
