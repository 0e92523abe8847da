package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"sync"

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
// headers resolved and, for auth = "oauth", its bearer token.
func (s *server) httpTransport(ctx context.Context) (mcp.Transport, *httpRecorder, error) {
	header := http.Header{}
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
	}
	if s.spec.Auth == AuthOAuth {
		if s.m.opts.Token == nil {
			return nil, nil, &needsLoginError{server: s.spec.Name}
		}
		tok, err := s.m.opts.Token(ctx, s.spec.Name)
		if err != nil || tok == "" {
			return nil, nil, &needsLoginError{server: s.spec.Name, err: err}
		}
		header.Set("Authorization", "Bearer "+tok)
	}
	rec := &httpRecorder{base: s.m.opts.HTTPTransport, header: header}
	hc := &http.Client{Transport: rec}
	if s.spec.transport() == TransportSSE {
		return &mcp.SSEClientTransport{Endpoint: s.spec.URL, HTTPClient: hc}, rec, nil
	}
	return &mcp.StreamableClientTransport{Endpoint: s.spec.URL, HTTPClient: hc}, rec, nil
}

// httpRecorder adds the configured headers to every request and remembers
// the last authentication failure, which the SDK reports only as text.
type httpRecorder struct {
	base   http.RoundTripper
	header http.Header

	mu         sync.Mutex
	authStatus int // last 401 or 403 seen, 0 if none
}

// RoundTrip implements http.RoundTripper.
func (r *httpRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	for k, vs := range r.header {
		req.Header[k] = vs
	}
	resp, err := r.base.RoundTrip(req)
	if err == nil && (resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden) {
		r.mu.Lock()
		r.authStatus = resp.StatusCode
		r.mu.Unlock()
	}
	return resp, err
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
