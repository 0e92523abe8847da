package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/plugin"
	"github.com/toolplane/toolplane/results"
	"github.com/toolplane/toolplane/session"
)

// Guard authenticates HTTP requests and says which capabilities a subject
// may reach. admission.Guard implements it. With a Guard, every HTTP request
// must authenticate (401 otherwise), and search_capabilities,
// get_capability_schemas, tools/list and direct tools show each client only
// what its subject is admitted to. The dispatch chain's admission
// middleware (installed on the engine) refuses the calls themselves.
type Guard interface {
	// Authenticate returns the subject of the request, or an error that
	// becomes a 401.
	Authenticate(r *http.Request) (subject string, err error)
	// Admits reports whether subject may call c.
	Admits(subject string, c *capability.Capability) bool
}

// Identifier is implemented by a Guard whose tokens may declare an
// identity (admission.Guard): a fixed one, or trusted identity headers.
// A request whose identity is malformed is refused with 400.
type Identifier interface {
	Identity(r *http.Request, subject string) (string, error)
}

// Log id headers: a request's log id is taken from the log id header
// (Options.LogIDHeader, default X-Log-Id) or X-Request-Id when valid,
// else minted, and echoed in both on the response.
const (
	HeaderLogID     = "X-Log-Id"
	HeaderRequestID = "X-Request-Id"
)

// validLogID bounds what a client may choose as a log id: it ends up in
// audit lines and log lines, so no spaces, quotes, '=' or control
// characters (a forged "fake log_id=x subject=admin" field), and at most
// 64 bytes (checked apart: a counted repetition would be compiled as 64
// copies of the class at every process start).
// It is compiled on first use: package initialisation runs in every toolplane process.
var validLogID = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9._:-]+$`) })

// NewLogID mints a request log id.
func NewLogID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "log_" + hex.EncodeToString(b[:])
}

// requestLogID is the valid log id the client sent, or a new one. A
// malformed one is replaced, and said so at debug level (at most once a
// second: a client sending garbage on every request must not flood the
// log).
func (s *Server) requestLogID(h http.Header) string {
	var bad string
	for _, name := range []string{s.logIDHeader, HeaderRequestID} {
		raw := h.Values(name)
		if len(raw) == 0 {
			continue
		}
		if id := strings.TrimSpace(raw[0]); len(raw) == 1 && len(id) <= 64 && validLogID().MatchString(id) {
			return id
		}
		if bad == "" {
			bad = name
		}
	}
	id := NewLogID()
	if bad != "" && s.opts.Logger != nil && s.badLogIDs.allow(time.Now()) {
		v := h.Get(bad)
		if len(v) > 64 {
			v = v[:64]
		}
		s.opts.Logger.Debug("replaced a malformed log id", "header", bad, "value", strconv.Quote(v), "log_id", id)
	}
	return id
}

// throttle lets one event through per second.
type throttle struct{ last atomic.Int64 }

func (t *throttle) allow(now time.Time) bool {
	prev := t.last.Load()
	if now.UnixNano()-prev < int64(time.Second) {
		return false
	}
	return t.last.CompareAndSwap(prev, now.UnixNano())
}

// IsCredentialHeader reports whether a header carries credentials and must
// never be copied into a call: Authorization, Proxy-Authorization, Cookie,
// X-Api-Key, and any name mentioning a token, secret, password, api key,
// auth or cookie.
func IsCredentialHeader(name string) bool { return dispatch.IsCredentialHeader(name) }

// SafeHeaders returns a copy of h without credential headers.
func SafeHeaders(h http.Header) http.Header {
	out := make(http.Header, len(h))
	for k, v := range h {
		if !IsCredentialHeader(k) {
			out[k] = append([]string(nil), v...)
		}
	}
	return out
}

type (
	subjectKey     struct{}
	identityKey    struct{}
	forwardAuthKey struct{} // the request's Authorization, for forwarding only
)

// httpSubject and httpIdentity are the TokenInfo.Extra keys of the
// request's subject and identity.
const (
	httpSubject  = "toolplane.subject"
	httpIdentity = "toolplane.identity"
)

// authFailed counts a request refused for want of a valid token and, at
// most once a minute, writes an auth_failed audit line with the count: a
// line per 401 would let anyone without a token crowd real events out of
// the audit queues.
func (s *Server) authFailed() {
	n := s.authFailures.Add(1)
	now := time.Now().UnixNano()
	last := s.authReported.Load()
	if now-last < int64(time.Minute) || !s.authReported.CompareAndSwap(last, now) {
		return
	}
	s.authFailures.Add(-n)
	s.opts.Audit.Log(audit.Event{Event: audit.EventAuthFailed, Outcome: audit.OutcomeDenied, Count: n})
}

// httpRequestDone is the TokenInfo.Extra key of the HTTP request's Done
// channel: the one way a request's HTTP connection reaches MCP handlers.
const httpRequestDone = "toolplane.http_request_done"

// errClientGone is the cause of a run cancelled because the HTTP client
// that asked for it went away.
var errClientGone = errors.New("the client disconnected")

// whenClientGone returns ctx cancelled also when the HTTP request that
// carried req is abandoned by its client (its connection closed) and a
// function to release it. A client that went away cannot receive the
// result, so its run stops rather than burning its time limit. Not with
// an EventStore: there a client may come back for the result. Over stdio
// the SDK cancels requests itself when the input ends.
func (s *Server) whenClientGone(ctx context.Context, req mcp.Request) (context.Context, func()) {
	if s.opts.EventStore != nil || req == nil {
		return ctx, func() {}
	}
	extra := req.GetExtra()
	if extra == nil || extra.TokenInfo == nil {
		return ctx, func() {}
	}
	done, _ := extra.TokenInfo.Extra[httpRequestDone].(<-chan struct{})
	if done == nil {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	stop := make(chan struct{})
	go func() {
		select {
		case <-done:
			cancel(errClientGone)
		case <-stop:
		case <-ctx.Done():
		}
	}()
	return ctx, func() { close(stop); cancel(nil) }
}

// guardHTTP is the HTTP request path before the MCP handler: log id, header
// snapshot, token authentication. next sees the request with credential
// headers stripped and X-Log-Id set; the subject reaches MCP handlers as
// the request's TokenInfo.UserID (the SDK also refuses a session to any
// other subject than the one that opened it).
func (s *Server) guardHTTP(next http.Handler) http.Handler {
	g := s.opts.Guard
	attach := auth.RequireBearerToken(func(ctx context.Context, _ string, r *http.Request) (*auth.TokenInfo, error) {
		subject, ok := ctx.Value(subjectKey{}).(string)
		if !ok {
			return nil, auth.ErrInvalidToken
		}
		// The HTTP request's context ends when its client goes away; runs
		// the request starts stop then (see requestGone).
		identity, _ := ctx.Value(identityKey{}).(string)
		// The SDK refuses a session to any other UserID than the one that
		// opened it: with the identity in it, a session a gateway opened
		// for alice is not bob's through the same token (their snippet
		// globals and saved results stay apart). The subject itself
		// travels in Extra.
		owner := subject
		if identity != "" {
			owner = subject + "\x00" + identity
		}
		return &auth.TokenInfo{UserID: owner, Extra: map[string]any{httpRequestDone: r.Context().Done(), httpSubject: subject, httpIdentity: identity}}, nil
	}, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})
	strip := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		logID := r.Header.Get(HeaderLogID)
		r2 := r.Clone(context.WithValue(r.Context(), forwardAuthKey{}, r.Header.Get("Authorization")))
		r2.Header = SafeHeaders(r.Header)
		r2.Header.Set(HeaderLogID, logID)
		next.ServeHTTP(w, r2)
	})
	var withToken http.Handler = attach(strip)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		logID := s.requestLogID(r.Header)
		w.Header().Set(s.logIDHeader, logID)
		w.Header().Set(HeaderRequestID, logID)
		r.Header.Del(s.logIDHeader)
		r.Header.Set(HeaderLogID, logID)
		if g == nil {
			if !s.routeToOwner(w, r) {
				strip.ServeHTTP(w, r)
			}
			return
		}
		subject, err := g.Authenticate(r)
		noteSubject(r, subject)
		if err != nil {
			s.opts.Metrics.Unauthenticated()
			s.authFailed()
			w.Header().Set("WWW-Authenticate", `Bearer realm="toolplane"`)
			// A connection whose request no token admits is not kept
			// alive: it would hold a place of the connections, idle and
			// counted against no token, for [http] idle_timeout.
			w.Header().Set("Connection", "close")
			http.Error(w, fmt.Sprintf("401 unauthorized: %v (log id %s)", err, logID), http.StatusUnauthorized)
			return
		}
		// A connection accepted over a cap takes an idle connection's
		// place now that a token admits its request, or is refused.
		if p, _ := r.Context().Value(connPlaceKey{}).(*connPlace); p != nil && p.conn != nil {
			if key, limit, ok := p.conn.admit(); !ok {
				tooManyHeld(w, key, limit, s.holds.held(subject), false, logID)
				return
			}
		}
		identity := ""
		if id, ok := g.(Identifier); ok {
			if identity, err = id.Identity(r, subject); err != nil {
				http.Error(w, fmt.Sprintf("400 bad request: %v (log id %s)", err, logID), http.StatusBadRequest)
				return
			}
		}
		// A GET is an MCP session's standalone SSE stream, held open as
		// long as the session lives: counting them against
		// max_requests_per_token would let idle sessions lock their token
		// out. Every request, streams included, takes its place of the
		// connections under the fair-share rule (holdShares), so that no
		// few tokens hold them all.
		if r.Method != http.MethodGet {
			if !s.inFlight.acquire(subject) {
				tooManyRequests(w, s.inFlight.max, logID)
				return
			}
			defer s.inFlight.release(subject)
		}
		ip, stream := remoteIP(r), r.Method == http.MethodGet
		if key, limit, held, ok := s.holds.acquire(subject, ip, stream); !ok {
			tooManyHeld(w, key, limit, held, stream, logID)
			return
		}
		// The place goes to the connection when the request ends: it is
		// kept alive, idle, for the token's next request (connPlace).
		defer s.holds.keep(r.Context(), subject, ip)
		if s.routeToOwner(w, r) {
			return
		}
		if r.Header.Get("Authorization") == "" {
			// Anonymous (allowed by the guard): no TokenInfo to attach.
			ctx := plugin.WithCaller(context.WithValue(r.Context(), subjectKey{}, subject), plugin.Caller{Subject: subject, LogID: logID})
			strip.ServeHTTP(w, r.WithContext(ctx))
			return
		}
		ctx := context.WithValue(context.WithValue(r.Context(), subjectKey{}, subject), identityKey{}, identity)
		ctx = plugin.WithCaller(ctx, plugin.Caller{Subject: subject, Identity: identity, LogID: logID})
		withToken.ServeHTTP(w, r.WithContext(ctx))
	})
}

// checkListener refuses a listener the guard does not allow (anonymous
// access on a non-loopback address).
func (s *Server) checkListener(addr net.Addr) error {
	if c, ok := s.opts.Guard.(interface{ CheckAddr(net.Addr) error }); ok {
		return c.CheckAddr(addr)
	}
	return nil
}

// caller is who a request comes from, as the dispatch chain sees it.
type caller struct {
	subject  string
	identity string
	logID    string
	headers  http.Header
}

// callerOf reads the caller of an MCP request: the subject the HTTP layer
// authenticated (anonymous when a guard let a request through without a
// token), its log id (minted for stdio requests) and its headers.
func (s *Server) callerOf(req mcp.Request) caller {
	c := caller{}
	var extra *mcp.RequestExtra
	if req != nil {
		extra = req.GetExtra()
	}
	if extra != nil {
		if extra.TokenInfo != nil {
			c.subject = extra.TokenInfo.UserID
			if sub, ok := extra.TokenInfo.Extra[httpSubject].(string); ok {
				c.subject = sub
			}
			c.identity, _ = extra.TokenInfo.Extra[httpIdentity].(string)
		}
		if extra.Header != nil {
			c.headers = SafeHeaders(extra.Header)
			c.logID = c.headers.Get(HeaderLogID)
		}
	}
	if c.subject == "" && s.opts.Guard != nil && extra != nil && extra.Header != nil {
		c.subject = anonymousSubject
	}
	if c.logID == "" {
		c.logID = NewLogID()
	}
	return c
}

// anonymousSubject matches admission.AnonymousSubject.
const anonymousSubject = "anonymous"

// admits reports whether the caller may see and call c.
func (s *Server) admits(c caller, cap *capability.Capability) bool {
	if s.opts.Guard == nil {
		return true
	}
	return s.opts.Guard.Admits(c.subject, cap)
}

type sessionKey struct{}

// SessionResults returns the result store of the client session a
// capability call serves (a direct tool call or a snippet's call), or nil
// outside the MCP facade or with results disabled: a Go capability
// handler of the host may save values there that the client loads later.
// (Plugins may not import server; they keep their own stores.)
func SessionResults(ctx context.Context) *results.Store {
	sess, ok := ctx.Value(sessionKey{}).(*session.Session)
	if !ok {
		return nil
	}
	return sess.Results()
}

func withSession(ctx context.Context, sess *session.Session, enabled bool) context.Context {
	if !enabled || sess == nil {
		return ctx
	}
	return context.WithValue(ctx, sessionKey{}, sess)
}

// filterToolList hides direct tools whose capability the caller is not
// admitted to.
func (s *Server) filterToolList() {
	s.mcp.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if err != nil || method != "tools/list" || (s.opts.Guard == nil && s.opts.ListFilter == nil) {
				return res, err
			}
			lr, ok := res.(*mcp.ListToolsResult)
			if !ok {
				return res, err
			}
			c := s.callerOf(req)
			kept := lr.Tools[:0:0]
			s.mu.Lock()
			for _, t := range lr.Tools {
				cap, direct := s.direct[t.Name]
				if !direct || s.admits(c, cap) {
					kept = append(kept, t)
				}
			}
			s.mu.Unlock()
			lr.Tools = kept
			if s.opts.ListFilter != nil {
				return s.filterThroughPlugins(ctx, c, lr)
			}
			return lr, nil
		}
	})
}

// filterThroughPlugins passes what admission lets the caller see through
// the plugins' list filters: they may drop tools or change descriptions,
// never add or rename one (plugin.Host.FilterToolList drops those too,
// and so does this, by name). A filter's error fails the tools/list.
func (s *Server) filterThroughPlugins(ctx context.Context, c caller, lr *mcp.ListToolsResult) (mcp.Result, error) {
	l := &plugin.ToolList{Subject: c.subject, Identity: c.identity, LogID: c.logID, Headers: c.headers.Clone()}
	byName := map[string]*mcp.Tool{}
	s.mu.Lock()
	for _, t := range lr.Tools {
		byName[t.Name] = t
		lt := plugin.ListedTool{Name: t.Name, Description: t.Description}
		if cap, ok := s.direct[t.Name]; ok {
			lt.Labels = capability.LabelSet(cap)
		}
		l.Tools = append(l.Tools, lt)
	}
	s.mu.Unlock()
	if err := s.opts.ListFilter(ctx, l); err != nil {
		return nil, fmt.Errorf("tools/list: %w", err)
	}
	out := make([]*mcp.Tool, 0, len(l.Tools))
	seen := map[string]bool{}
	for _, lt := range l.Tools {
		t, ok := byName[lt.Name]
		if !ok || seen[lt.Name] {
			continue
		}
		seen[lt.Name] = true
		if lt.Description != t.Description {
			cp := *t
			cp.Description = lt.Description
			t = &cp
		}
		out = append(out, t)
	}
	lr.Tools = out
	return lr, nil
}

// admittedSearch is Registry.Search over what the caller is admitted to:
// what it returns, counts and ranks covers only those, so a client learns
// nothing of capabilities it cannot call.
func (s *Server) admittedSearch(c caller, opts capability.SearchOptions) capability.SearchResult {
	opts.Keep = func(cap *capability.Capability) bool { return s.admits(c, cap) }
	return s.engine.Registry().Search(opts)
}

// admittedSchemas is get_capability_schemas over what the caller is
// admitted to: a name it may not call is "not found", like a name that
// does not exist, and suggestions only name admitted capabilities.
func (s *Server) admittedSchemas(c caller, names []string, detail capability.Detail) *mcp.CallToolResult {
	reg := s.engine.Registry()
	var found []string
	var missing []string
	for _, n := range names {
		if cap, ok := reg.Lookup(n); ok && s.admits(c, cap) {
			found = append(found, n)
		} else {
			missing = append(missing, n)
		}
	}
	suggest := func(n string) []string {
		return reg.SuggestOf(n, 3, func(cap *capability.Capability) bool { return s.admits(c, cap) })
	}
	if detail == capability.DetailFull {
		var nf []capability.NotFound
		for _, n := range missing {
			nf = append(nf, capability.NotFound{Name: n, Suggestions: suggest(n)})
		}
		return textResult(reg.DescribeFound(found, nf), len(found) == 0)
	}
	var b strings.Builder
	if len(found) > 0 {
		b.WriteString(reg.Describe(found, detail))
	}
	if len(missing) > 0 {
		if len(found) > 0 {
			b.WriteString("\n")
		}
		b.WriteString("Not found:\n")
		for _, n := range missing {
			sugg := suggest(n)
			fmt.Fprintf(&b, "- `%s`", n)
			if len(sugg) > 0 {
				fmt.Fprintf(&b, ": did you mean `%s`?", strings.Join(sugg, "`, `"))
			} else {
				b.WriteString(": no similar capability; try search_capabilities")
			}
			b.WriteString("\n")
		}
	}
	return textResult(b.String(), len(found) == 0)
}
