package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Health endpoints, served without authentication on the HTTP listener
// (and the metrics listener). They answer a fixed word and a status code,
// nothing else: no version, no upstream names, no reasons.
const (
	// HealthPath answers 200 while the process serves HTTP.
	HealthPath = "/healthz"
	// ReadyPath answers 200 when the server can take runs (Options.Ready
	// says nothing is missing and no shutdown began), else 503.
	ReadyPath = "/readyz"
)

// DefaultShutdownGrace is how long runs in progress may go on once a
// shutdown begins, unless Options.ShutdownGrace says otherwise.
const DefaultShutdownGrace = 10 * time.Second

// errShuttingDown is the cause of runs a shutdown stopped.
var errShuttingDown = errors.New("the server is shutting down")

// lifecycle follows the runs in progress and the shutdown: once draining,
// new runs are refused; once stopping, the runs left are cancelled.
type lifecycle struct {
	mu       sync.Mutex
	draining bool
	runs     int
	idle     chan struct{} // closed when draining and runs reach 0
	requests atomic.Int64  // HTTP requests other than SSE streams (GET)
	calls    atomic.Int64  // calls read over ServeTransport, not yet answered
	stop     context.Context
	cancel   context.CancelCauseFunc
}

func newLifecycle() *lifecycle {
	stop, cancel := context.WithCancelCause(context.Background())
	return &lifecycle{idle: make(chan struct{}), stop: stop, cancel: cancel}
}

// begin registers a run; false once the server is draining.
func (l *lifecycle) begin() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.draining {
		return false
	}
	l.runs++
	return true
}

func (l *lifecycle) end() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.runs--
	if l.draining && l.runs == 0 {
		close(l.idle)
	}
}

// drain refuses new runs from now on.
func (l *lifecycle) drain() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.draining {
		return
	}
	l.draining = true
	if l.runs == 0 {
		close(l.idle)
	}
}

// runsInProgress is the number of runs begun and not ended.
func (l *lifecycle) runsInProgress() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.runs
}

func (l *lifecycle) isDraining() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.draining
}

// runContext is ctx cancelled also when the shutdown stops the runs left,
// with errShuttingDown as its cause.
func (l *lifecycle) runContext(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	stop := context.AfterFunc(l.stop, func() { cancel(context.Cause(l.stop)) })
	return ctx, func() { stop(); cancel(nil) }
}

// Drain begins a shutdown: /readyz answers 503 and new runs are refused
// from now on; runs in progress go on for up to grace, then are cancelled
// with an error that says the server is shutting down. Drain returns once
// no run is left, or ctx ends. ServeHTTP calls it when its context ends;
// a program serving otherwise (ServeTransport, a mounted Handler) calls it
// before it stops serving.
func (s *Server) Drain(ctx context.Context, grace time.Duration) {
	s.life.drain()
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-s.life.idle:
		return
	case <-ctx.Done():
	case <-t.C:
	}
	s.life.cancel(fmt.Errorf("%w: the run was stopped after the %s grace period", errShuttingDown, grace))
	select {
	case <-s.life.idle:
	case <-ctx.Done():
	}
	s.waitAnswered(5 * time.Second)
}

// waitAnswered waits, at most d, until every call read over ServeTransport
// has had its answer written. A run counts as ended before its tool
// handler returns and the answer is written; closing the connection in
// between (as the end of a drain does) would drop that answer, and the
// client whose run the shutdown stopped would read EOF instead of why.
func (s *Server) waitAnswered(d time.Duration) {
	deadline := time.Now().Add(d)
	for s.life.calls.Load() > 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
}

// answerCounting counts the calls (requests with an id) read from a
// connection and the answers written to it, in lifecycle.calls.
type answerCounting struct {
	mcp.Transport
	calls *atomic.Int64
}

func (t answerCounting) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &answerCountingConn{Connection: c, calls: t.calls}, nil
}

type answerCountingConn struct {
	mcp.Connection
	calls *atomic.Int64
	open  atomic.Int64 // this connection's share of calls
}

func (c *answerCountingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if req, ok := msg.(*jsonrpc.Request); ok && err == nil && req.IsCall() {
		c.open.Add(1)
		c.calls.Add(1)
	}
	return msg, err
}

func (c *answerCountingConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	err := c.Connection.Write(ctx, msg)
	if _, ok := msg.(*jsonrpc.Response); ok {
		c.answered()
	}
	return err
}

// answered counts one of the connection's calls answered; an answer to
// nothing it read (a malformed request's error) counts for none.
func (c *answerCountingConn) answered() {
	for n := c.open.Load(); n > 0; n = c.open.Load() {
		if c.open.CompareAndSwap(n, n-1) {
			c.calls.Add(-1)
			return
		}
	}
}

// Close gives back the calls the connection will never answer.
func (c *answerCountingConn) Close() error {
	if n := c.open.Swap(0); n > 0 {
		c.calls.Add(-n)
	}
	return c.Connection.Close()
}

// trackRequests counts the HTTP requests in progress that answer and end
// (everything but GET, which holds a session's SSE stream open): a
// shutdown lets them write their answers before it closes the sessions.
func (s *Server) trackRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			s.life.requests.Add(1)
			defer s.life.requests.Add(-1)
		}
		next.ServeHTTP(w, r)
	})
}

// waitRequests waits for the requests trackRequests counts, at most d.
func (s *Server) waitRequests(d time.Duration) {
	deadline := time.Now().Add(d)
	for s.life.requests.Load() > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
}

// closeSessions ends every MCP session: their standalone SSE streams
// (GET) would otherwise hold an HTTP shutdown until its deadline.
func (s *Server) closeSessions() {
	for ss := range s.mcp.Sessions() {
		_ = ss.Close()
	}
}

// healthHandler serves HealthPath and ReadyPath.
func (s *Server) healthHandler(ready bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		if ready && !s.ready() {
			http.Error(w, "not ready", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
}

// ready reports whether the server takes runs now.
func (s *Server) ready() bool {
	if s.life.isDraining() {
		return false
	}
	return s.opts.Ready == nil || s.opts.Ready() == nil
}

// HealthRoutes are the health endpoints, for another listener (the
// metrics one) to serve too.
func (s *Server) HealthRoutes() map[string]http.Handler {
	return map[string]http.Handler{HealthPath: s.healthHandler(false), ReadyPath: s.healthHandler(true)}
}

// Ready reports whether the server takes runs now, as ReadyPath answers.
func (s *Server) Ready() bool { return s.ready() }
