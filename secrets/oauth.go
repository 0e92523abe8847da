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

type tokenState struct {
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
	t.mu.Lock()
	if st := t.sources[server]; st != nil {
		if cur := st.login.Credentials.Token; cur != nil && cur.AccessToken == rejected {
			creds := *st.login.Credentials
			expired := *cur
			expired.Expiry = time.Unix(1, 0) // before anything: refresh now
			creds.Token = &expired
			st.src = creds.TokenSource(t.ctx)
		}
	}
	t.mu.Unlock()
	return t.Token(ctx, server)
}

// Token returns a valid access token of server. With no stored login, or a
// login for another URL, or a refresh the authorization server refused, the
// error wraps mcp.ErrNeedsLogin so status says to run `toolplane mcp login`.
func (t *OAuthTokens) Token(ctx context.Context, server string) (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	st := t.sources[server]
	if st == nil {
		l, err := LoadLogin(ctx, t.store, server)
		if errors.Is(err, ErrNotFound) {
			return "", fmt.Errorf("no stored login (%w)", mcpsrc.ErrNeedsLogin)
		}
		if err != nil {
			return "", err
		}
		if want := t.urls[server]; want != "" && l.URL != want {
			return "", fmt.Errorf("the stored login is for %s, but the server's url is now %s (%w)", l.URL, want, mcpsrc.ErrNeedsLogin)
		}
		st = &tokenState{login: l, src: l.Credentials.TokenSource(t.ctx), saved: l.Credentials.Token.AccessToken}
		t.sources[server] = st
	}
	tok, err := st.src.Token()
	if err != nil {
		// A refused refresh will not succeed later; forget the state so a
		// new login (another process) is read next time.
		delete(t.sources, server)
		return "", fmt.Errorf("refreshing the access token: %v (%w)", err, mcpsrc.ErrNeedsLogin)
	}
	if tok.AccessToken != st.login.Credentials.Token.AccessToken {
		st.login.Credentials.Token = tok
	}
	if tok.AccessToken != st.saved {
		if err := SaveLogin(ctx, t.store, server, st.login); err != nil {
			// The token works for this process; only the next one has to
			// refresh again.
			t.warn(fmt.Sprintf("mcp server %s: keeping the refreshed token failed: %v", server, err))
			return tok.AccessToken, nil
		}
		st.saved = tok.AccessToken
	}
	return tok.AccessToken, nil
}
