package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// needsLoginError says that an OAuth server has no token and how to get one.
type needsLoginError struct {
	server string
	err    error // what the token source said, may be nil
}

func (e *needsLoginError) Error() string {
	msg := fmt.Sprintf("mcp server %q needs login: run `toolplane mcp login %s`", e.server, e.server)
	if e.err != nil && !errors.Is(e.err, ErrNeedsLogin) {
		msg += " (" + e.err.Error() + ")"
	}
	return msg
}

func (e *needsLoginError) Unwrap() error { return ErrNeedsLogin }

// httpTransport builds the client transport of an HTTP server, with its
// headers resolved and, for auth = "oauth", its bearer token. Requests go
// only to the origin of the configured URL (see httpRecorder), and every
// answer passes the connection's inspector.
func (s *server) httpTransport(ctx context.Context, in *inspector) (mcp.Transport, *httpRecorder, error) {
	header := http.Header{}
	resolved := map[string]string{}
	keys := make([]string, 0, len(s.spec.Headers))
	for k := range s.spec.Headers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v, err := s.resolve(ctx, s.spec.Headers[k])
		if err != nil {
			return nil, nil, fmt.Errorf("[mcp.servers.%s] headers.%s: %w", s.spec.Name, k, err)
		}
		header.Set(k, v)
		resolved[k] = v
	}
	s.redact.setHeaders(s.spec.Headers, resolved)
	var token func(context.Context) (string, error)
	var refresh func(context.Context, string) (string, error)
	switch {
	case s.spec.Auth == AuthOAuth:
		if s.m.opts.Token == nil {
			return nil, nil, &needsLoginError{server: s.spec.Name}
		}
		// The token is asked for at every request, not once per
		// connection: a long-lived connection outlives its access token,
		// and Token refreshes it before it expires.
		token = func(ctx context.Context) (string, error) {
			tok, err := s.m.opts.Token(ctx, s.spec.Name)
			if err != nil || tok == "" {
				return "", &needsLoginError{server: s.spec.Name, err: err}
			}
			s.redact.addSecret(tok, "[redacted:auth]")
			return tok, nil
		}
		if _, err := token(ctx); err != nil {
			return nil, nil, err
		}
		if s.m.opts.Refresh != nil {
			refresh = func(ctx context.Context, rejected string) (string, error) {
				tok, err := s.m.opts.Refresh(ctx, s.spec.Name, rejected)
				if err != nil || tok == "" {
					return "", &needsLoginError{server: s.spec.Name, err: err}
				}
				s.redact.addSecret(tok, "[redacted:auth]")
				return tok, nil
			}
		}
	case isBearerRef(s.spec.Auth):
		v, err := s.resolve(ctx, s.spec.Auth)
		if err != nil {
			return nil, nil, fmt.Errorf("[mcp.servers.%s] auth: %w", s.spec.Name, err)
		}
		v = strings.TrimSpace(v)
		if len(v) > 7 && strings.EqualFold(v[:7], "bearer ") {
			v = strings.TrimSpace(v[7:])
		}
		if v == "" {
			return nil, nil, fmt.Errorf("[mcp.servers.%s] auth = %q resolves to an empty token", s.spec.Name, s.spec.Auth)
		}
		header.Set("Authorization", "Bearer "+v)
		s.redact.addSecret(v, "[redacted:auth]")
	}
	u, err := url.Parse(s.spec.URL)
	if err != nil {
		return nil, nil, fmt.Errorf("[mcp.servers.%s] url: %w", s.spec.Name, err)
	}
	rec := &httpRecorder{base: s.m.opts.HTTPTransport, header: header, token: token, refresh: refresh, server: s.spec.Name, origin: origin(u), limit: s.m.opts.Limits.maxMessageBytes(), inspect: in.inspect}
	hc := &http.Client{Transport: rec, CheckRedirect: rec.checkRedirect}
	// The SDK's own event cap is above ours, so ours (with its message)
	// applies first.
	maxEvent := 2 * rec.limit
	if s.spec.transport() == TransportSSE {
		return &mcp.SSEClientTransport{Endpoint: s.spec.URL, HTTPClient: hc, MaxEventSize: maxEvent}, rec, nil
	}
	return &mcp.StreamableClientTransport{Endpoint: s.spec.URL, HTTPClient: hc, MaxEventSize: maxEvent}, rec, nil
}

// origin is scheme://host:port of u, with the default port made explicit,
// so two URLs of one origin compare equal.
func origin(u *url.URL) string {
	host, port := u.Hostname(), u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)]
	}
	return strings.ToLower(u.Scheme) + "://" + strings.ToLower(net.JoinHostPort(host, port))
}

// maxResponseHeaderBytes bounds the response headers of an HTTP server.
const maxResponseHeaderBytes = 1 << 20

// DefaultHTTPTransport is the base round tripper a Manager uses when
// ManagerOptions.HTTPTransport is unset: http.DefaultTransport with
// response headers bounded (its own default lets a server send 10 MB of
// them per response), and a name never dialed at a link-local or cloud
// metadata address: a server's own DNS could otherwise point its name at
// 169.254.169.254 (or change it there once connected), and toolplane would
// send its requests, headers and tokens to the metadata service and read
// its answers. A URL that names such an address as an IP literal is the
// config's own choice and is dialed. A caller that wraps the base (to add
// trace context, say) starts from it.
func DefaultHTTPTransport() http.RoundTripper {
	t, ok := http.DefaultTransport.(*http.Transport)
	if !ok {
		return http.DefaultTransport
	}
	t = t.Clone()
	t.MaxResponseHeaderBytes = maxResponseHeaderBytes
	plain := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	guarded := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second, Control: func(_, address string, _ syscall.RawConn) error {
		return checkDialAddr(address)
	}}
	t.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		if host, _, err := net.SplitHostPort(addr); err == nil {
			if _, err := netip.ParseAddr(host); err == nil {
				return plain.DialContext(ctx, network, addr)
			}
		}
		return guarded.DialContext(ctx, network, addr)
	}
	return t
}

// httpRecorder adds the configured headers to every request and remembers
// the last authentication failure, which the SDK reports only as text.
//
// It sends requests only to the origin of the configured URL: a redirect
// to another origin, or an SSE "endpoint" event naming one, is refused, so
// the server's headers and tokens (and the calls' arguments) never reach a
// host the config did not name. Every answer body is bounded by limit and
// its messages pass inspect.
type httpRecorder struct {
	base   http.RoundTripper
	header http.Header
	// token, when set, is the bearer token of each request (OAuth);
	// refresh, when set, replaces a token the server refused (401), and
	// the request is sent again once.
	token   func(context.Context) (string, error)
	refresh func(context.Context, string) (string, error)
	server  string
	origin  string
	limit   int
	inspect func([]byte) []byte

	mu         sync.Mutex
	authStatus int   // last 401 or 403 seen, 0 if none
	limitErr   error // the first answer that exceeded the limit
}

// overLimit records that an answer exceeded the limit; the SDK only says
// the connection closed.
func (r *httpRecorder) overLimit(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.limitErr == nil {
		r.limitErr = err
	}
}

// limitError is the error overLimit recorded, or nil.
func (r *httpRecorder) limitError() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.limitErr
}

// RoundTrip implements http.RoundTripper.
func (r *httpRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	if o := origin(req.URL); o != r.origin {
		if req.Body != nil {
			_ = req.Body.Close()
		}
		return nil, fmt.Errorf("mcp server %q: refusing to send a request to %s: the server pointed toolplane at another origin than its url's (%s), and toolplane talks to a server only there", r.server, o, r.origin)
	}
	req = req.Clone(req.Context())
	for k, vs := range r.header {
		req.Header[k] = vs
	}
	var tok string
	if r.token != nil {
		var err error
		if tok, err = r.token(req.Context()); err != nil {
			if req.Body != nil {
				_ = req.Body.Close()
			}
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	resp, err := r.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusUnauthorized && r.refresh != nil && (req.Body == nil || req.GetBody != nil) {
		// The token expired early or was revoked: refresh it and send
		// the request again, once, so the call does not fail for it.
		if fresh, ferr := r.refresh(req.Context(), tok); ferr == nil && fresh != tok {
			retry := req.Clone(req.Context())
			if req.GetBody != nil {
				if retry.Body, ferr = req.GetBody(); ferr != nil {
					retry = nil
				}
			}
			if retry != nil {
				_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
				_ = resp.Body.Close()
				retry.Header.Set("Authorization", "Bearer "+fresh)
				if resp, err = r.base.RoundTrip(retry); err != nil {
					return nil, err
				}
			}
		}
	}
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		r.mu.Lock()
		r.authStatus = resp.StatusCode
		r.mu.Unlock()
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	switch {
	case resp.StatusCode >= 300 && resp.StatusCode < 400:
		// A redirect: checkRedirect decides; its body is not read.
	case mt == "text/event-stream":
		f := newSSEFilter(resp.Body, r.limit, r.inspect)
		f.onLimit = r.overLimit
		resp.Body = f
	case mt == "application/json" && resp.StatusCode < 300:
		resp.Body = &messageBody{body: resp.Body, limit: r.limit, inspect: r.inspect, onLimit: r.overLimit}
	default:
		resp.Body = &messageBody{body: resp.Body, limit: r.limit, onLimit: r.overLimit}
	}
	return resp, nil
}

// checkRedirect follows redirects within the server's origin only, and at
// most a few of them.
func (r *httpRecorder) checkRedirect(req *http.Request, via []*http.Request) error {
	if o := origin(req.URL); o != r.origin {
		return fmt.Errorf("mcp server %q redirected toolplane to %s, another origin than its url's (%s): refused, so its headers and tokens stay with it; fix the url in [mcp.servers.%s]", r.server, o, r.origin, r.server)
	}
	if len(via) >= 3 {
		return fmt.Errorf("mcp server %q redirected toolplane more than 3 times", r.server)
	}
	return nil
}

// authError explains a 401/403: a login for OAuth servers, headers otherwise.
func (r *httpRecorder) authError(server, auth string) error {
	r.mu.Lock()
	st := r.authStatus
	r.mu.Unlock()
	if st == 0 {
		return nil
	}
	if auth == AuthOAuth {
		return &needsLoginError{server: server, err: fmt.Errorf("the server answered HTTP %d", st)}
	}
	return fmt.Errorf("mcp server %q answered HTTP %d %s: check [mcp.servers.%s] headers (or set auth = \"oauth\")", server, st, http.StatusText(st), server)
}
