package secrets

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"golang.org/x/oauth2"

	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// Login is what `toolplane mcp login` stores for a server: the credentials
// and the URL they were issued for, so a server whose URL changed is asked
// to log in again rather than sent another server's token.
type Login struct {
	URL         string              `json:"url"`
	Credentials *mcpsrc.Credentials `json:"credentials"`
}

// OAuthTokens hands stored logins to an MCP manager (ManagerOptions.Token):
// it refreshes expired access tokens through each server's token endpoint
// and writes refreshed tokens back to the store, so the next process starts
// from the fresh refresh token. Safe for concurrent use.
type OAuthTokens struct {
	store Store
	// urls are the configured URLs by server name.
	urls map[string]string
	// ctx carries the refresh requests; a call's own context may end before
	// the token is used again.
	ctx context.Context
	// warn reports a refreshed token that could not be written back.
	warn func(string)

	mu      sync.Mutex
	sources map[string]*tokenState
}

// tokenState is one server's login. Its lock (a channel, so a caller can
// stop waiting when its context ends) is held across a refresh, which is a
// network request: a slow or hostile authorization server holds its own
// server's callers only, never another server's.
type tokenState struct {
	lock  chan struct{}
	login *Login
	src   oauth2.TokenSource
	saved string // the access token last persisted
}

// NewOAuthTokens returns the token provider of the servers in urls (name to
// configured URL), reading logins from store (namespace NamespaceOAuth).
// ctx bounds token refreshes; pass the life of the server or run. warn (may
// be nil) hears of a refreshed token that could not be written back.
func NewOAuthTokens(ctx context.Context, store Store, urls map[string]string, warn func(string)) *OAuthTokens {
	if warn == nil {
		warn = func(string) {}
	}
	return &OAuthTokens{store: store, urls: urls, ctx: ctx, warn: warn, sources: map[string]*tokenState{}}
}

// LoadLogin reads the stored login of server; the error wraps ErrNotFound
// when there is none.
func LoadLogin(ctx context.Context, store Store, server string) (*Login, error) {
	raw, err := store.Get(ctx, server)
	if err != nil {
		return nil, err
	}
	var l Login
	if err := json.Unmarshal([]byte(raw), &l); err != nil || l.Credentials == nil || l.Credentials.Token == nil {
		return nil, fmt.Errorf("the stored login of %s in %s is damaged; run `toolplane mcp login %s` again", server, store.Where(), server)
	}
	return &l, nil
}

// SaveLogin stores the login of server.
func SaveLogin(ctx context.Context, store Store, server string, l *Login) error {
	data, err := json.Marshal(l)
	if err != nil {
		return fmt.Errorf("encoding the login of %s: %w", server, err)
	}
	return store.Set(ctx, server, string(data))
}

// Refresh returns a new access token of server after the server refused
// rejected (HTTP 401 before the token's own expiry: a clock skew, a
// revocation, a shorter lifetime than announced). When rejected is still
// the current token, it is refreshed now through the refresh token, even
// though it has not expired by its own clock; when another caller
// refreshed it already, the newer token is returned.
func (t *OAuthTokens) Refresh(ctx context.Context, server, rejected string) (string, error) {
	return t.token(ctx, server, rejected)
}

// Token returns a valid access token of server. With no stored login, or a
// login for another URL, or a refresh the authorization server refused, the
// error wraps mcp.ErrNeedsLogin so status says to run `toolplane mcp login`.
// A refresh takes at most mcp.OAuthHTTPClient's timeout; the caller stops
// waiting for it when ctx ends.
func (t *OAuthTokens) Token(ctx context.Context, server string) (string, error) {
	return t.token(ctx, server, "")
}

// tokenSource is the refreshing source of creds, its requests made by
// mcp.OAuthHTTPClient.
func (t *OAuthTokens) tokenSource(creds *mcpsrc.Credentials) oauth2.TokenSource {
	return creds.TokenSource(context.WithValue(t.ctx, oauth2.HTTPClient, mcpsrc.OAuthHTTPClient(nil)))
}

// state returns the state of server, reading its login on first use.
func (t *OAuthTokens) state(ctx context.Context, server string) (*tokenState, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if st := t.sources[server]; st != nil {
		return st, nil
	}
	l, err := LoadLogin(ctx, t.store, server)
	if errors.Is(err, ErrNotFound) {
		return nil, fmt.Errorf("no stored login (%w)", mcpsrc.ErrNeedsLogin)
	}
	if err != nil {
		return nil, err
	}
	if want := t.urls[server]; want != "" && l.URL != want {
		return nil, fmt.Errorf("the stored login is for %s, but the server's url is now %s (%w)", l.URL, want, mcpsrc.ErrNeedsLogin)
	}
	st := &tokenState{lock: make(chan struct{}, 1), login: l, src: t.tokenSource(l.Credentials), saved: l.Credentials.Token.AccessToken}
	t.sources[server] = st
	return st, nil
}

type tokenResult struct {
	tok string
	err error
}

// token returns a valid access token of server, refreshed now when it is
// still rejected.
func (t *OAuthTokens) token(ctx context.Context, server, rejected string) (string, error) {
	st, err := t.state(ctx, server)
	if err != nil {
		return "", err
	}
	select {
	case st.lock <- struct{}{}:
	case <-ctx.Done():
		return "", fmt.Errorf("waiting for another request's token refresh of %s: %w", server, ctx.Err())
	}
	// The refresh runs on its own and releases the lock when it ends (in
	// OAuthHTTPClient's time), whether or not this caller still waits.
	done := make(chan tokenResult, 1)
	go func() {
		defer func() { <-st.lock }()
		tok, err := t.refreshLocked(ctx, server, st, rejected)
		done <- tokenResult{tok, err}
	}()
	select {
	case r := <-done:
		return r.tok, r.err
	case <-ctx.Done():
		return "", fmt.Errorf("refreshing the access token of %s: %w", server, ctx.Err())
	}
}

// refreshLocked is token with st's lock held.
func (t *OAuthTokens) refreshLocked(ctx context.Context, server string, st *tokenState, rejected string) (string, error) {
	if cur := st.login.Credentials.Token; rejected != "" && cur != nil && cur.AccessToken == rejected {
		creds := *st.login.Credentials
		expired := *cur
		expired.Expiry = time.Unix(1, 0) // before anything: refresh now
		creds.Token = &expired
		st.src = t.tokenSource(&creds)
	}
	tok, err := st.src.Token()
	if err != nil {
		// A refused refresh will not succeed later; forget the state so a
		// new login (another process) is read next time.
		t.mu.Lock()
		if t.sources[server] == st {
			delete(t.sources, server)
		}
		t.mu.Unlock()
		return "", fmt.Errorf("refreshing the access token: %s (%w)", mcpsrc.DescribeTokenError(err), mcpsrc.ErrNeedsLogin)
	}
	if tok.AccessToken != st.login.Credentials.Token.AccessToken {
		st.login.Credentials.Token = tok
	}
	if tok.AccessToken != st.saved {
		// The store is written with a context of its own: the token is
		// valid whether or not the caller still waits for it.
		if err := SaveLogin(context.WithoutCancel(ctx), t.store, server, st.login); err != nil {
			// The token works for this process; only the next one has to
			// refresh again.
			t.warn(fmt.Sprintf("mcp server %s: keeping the refreshed token failed: %v", server, err))
			return tok.AccessToken, nil
		}
		st.saved = tok.AccessToken
	}
	return tok.AccessToken, nil
}
