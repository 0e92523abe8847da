package mcp

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"

	"github.com/toolplane/toolplane/capability"
)

// oauthServer is an authorization server and an MCP server it protects, on
// one loopback listener: enough of OAuth 2.1 (metadata, dynamic client
// registration, authorization code with PKCE, refresh) to log in for real.
type oauthServer struct {
	*httptest.Server

	mu       sync.Mutex
	clients  map[string][]string // client id -> redirect URIs
	codes    map[string]string   // code -> PKCE challenge
	tokens   map[string]bool     // valid access tokens
	refresh  map[string]bool     // valid refresh tokens
	issued   int
	approved bool // false: /authorize redirects with error=access_denied
}

func newOAuthServer(t *testing.T) *oauthServer {
	t.Helper()
	s := &oauthServer{clients: map[string][]string{}, codes: map[string]string{}, tokens: map[string]bool{}, refresh: map[string]bool{}, approved: true}
	mux := http.NewServeMux()
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	base := s.URL

	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, oauthex.AuthServerMeta{
			Issuer:                            base,
			AuthorizationEndpoint:             base + "/authorize",
			TokenEndpoint:                     base + "/token",
			RegistrationEndpoint:              base + "/register",
			ResponseTypesSupported:            []string{"code"},
			GrantTypesSupported:               []string{"authorization_code", "refresh_token"},
			CodeChallengeMethodsSupported:     []string{"S256"},
			TokenEndpointAuthMethodsSupported: []string{"none"},
			ScopesSupported:                   []string{"tools", "offline_access"},
		})
	})
	mux.HandleFunc("/register", func(w http.ResponseWriter, r *http.Request) {
		var md oauthex.ClientRegistrationMetadata
		if err := json.NewDecoder(r.Body).Decode(&md); err != nil || len(md.RedirectURIs) == 0 {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_client_metadata"})
			return
		}
		s.mu.Lock()
		id := fmt.Sprintf("client-%d", len(s.clients)+1)
		s.clients[id] = md.RedirectURIs
		s.mu.Unlock()
		writeJSON(w, http.StatusCreated, map[string]any{
			"client_id": id, "redirect_uris": md.RedirectURIs, "token_endpoint_auth_method": "none",
			"grant_types": md.GrantTypes, "response_types": md.ResponseTypes, "client_name": md.ClientName,
		})
	})
	mux.HandleFunc("/authorize", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		s.mu.Lock()
		defer s.mu.Unlock()
		redirects, ok := s.clients[q.Get("client_id")]
		if !ok || !contains(redirects, q.Get("redirect_uri")) || q.Get("code_challenge_method") != "S256" || q.Get("resource") != base+"/mcp" {
			http.Error(w, "bad authorization request: "+r.URL.RawQuery, http.StatusBadRequest)
			return
		}
		back, _ := url.Parse(q.Get("redirect_uri"))
		v := url.Values{"state": {q.Get("state")}}
		if s.approved {
			code := fmt.Sprintf("code-%d", len(s.codes)+1)
			s.codes[code] = q.Get("code_challenge")
			v.Set("code", code)
		} else {
			v.Set("error", "access_denied")
		}
		back.RawQuery = v.Encode()
		http.Redirect(w, r, back.String(), http.StatusFound)
	})
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		s.mu.Lock()
		defer s.mu.Unlock()
		switch r.Form.Get("grant_type") {
		case "authorization_code":
			challenge, ok := s.codes[r.Form.Get("code")]
			sum := sha256.Sum256([]byte(r.Form.Get("code_verifier")))
			if !ok || base64.RawURLEncoding.EncodeToString(sum[:]) != challenge {
				writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant"})
				return
			}
			delete(s.codes, r.Form.Get("code"))
		case "refresh_token":
			if !s.refresh[r.Form.Get("refresh_token")] {
				writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant"})
				return
			}
		default:
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type"})
			return
		}
		s.issued++
		at, rt := fmt.Sprintf("at-%d", s.issued), fmt.Sprintf("rt-%d", s.issued)
		s.tokens[at], s.refresh[rt] = true, true
		writeJSON(w, http.StatusOK, map[string]any{"access_token": at, "token_type": "Bearer", "expires_in": 3600, "refresh_token": rt})
	})

	mux.Handle("/.well-known/oauth-protected-resource/mcp", auth.ProtectedResourceMetadataHandler(&oauthex.ProtectedResourceMetadata{
		Resource: base + "/mcp", AuthorizationServers: []string{base}, ScopesSupported: []string{"tools"},
	}))
	srv := mcp.NewServer(&mcp.Implementation{Name: "protected", Version: "1"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "whoami"}, func(_ context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: req.Extra.Header.Get("Authorization")}}}, nil, nil
	})
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if !s.tokens[token] {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{Scopes: []string{"tools"}, Expiration: time.Now().Add(time.Hour)}, nil
	}
	mux.Handle("/mcp", auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{
		ResourceMetadataURL: base + "/.well-known/oauth-protected-resource/mcp",
	})(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)))
	return s
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// browser follows the authorization URL the way a user's browser would,
// redirects included, which lands on Login's loopback callback.
func browser(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	return nil
}

func TestLoginAndUseToken(t *testing.T) {
	t.Parallel()
	as := newOAuthServer(t)
	spec := ServerSpec{Name: "linear", URL: as.URL + "/mcp", Auth: AuthOAuth}

	// Before login: needs login.
	m := newTestManager(t, ManagerOptions{}, spec)
	if st, _ := m.Status(context.Background(), "linear"); st.State != "needs_login" {
		t.Fatalf("status before login = %+v", st)
	}

	creds, err := Login(context.Background(), spec, LoginOptions{OpenURL: browser})
	if err != nil {
		t.Fatal(err)
	}
	if creds.ClientID != "client-1" || creds.Token.AccessToken != "at-1" || creds.Token.RefreshToken != "rt-1" || creds.TokenURL != as.URL+"/token" {
		t.Fatalf("credentials = %+v token %+v", creds, creds.Token)
	}
	if !contains(creds.Scopes, "tools") || !contains(creds.Scopes, "offline_access") {
		t.Errorf("scopes = %v", creds.Scopes)
	}

	// Credentials survive a round trip through storage, and an expired
	// access token is refreshed.
	data, err := json.Marshal(creds)
	if err != nil {
		t.Fatal(err)
	}
	var stored Credentials
	if err := json.Unmarshal(data, &stored); err != nil {
		t.Fatal(err)
	}
	stored.Token.Expiry = time.Now().Add(-time.Minute)
	// One source, as a real token provider keeps: the token is asked for
	// at every request and refreshed only when it expires.
	src := stored.TokenSource(context.Background())
	token := func(ctx context.Context, server string) (string, error) {
		tok, err := src.Token()
		if err != nil {
			return "", err
		}
		return tok.AccessToken, nil
	}
	m = newTestManager(t, ManagerOptions{Token: token}, spec)
	caps, err := m.Capabilities(context.Background())
	if err != nil || len(caps) != 1 {
		t.Fatalf("capabilities after login: %v %v", ids(caps), err)
	}
	res, err := caps[0].Handler(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Content[0].Text; got != "Bearer at-2" {
		t.Errorf("the server saw %q, want the refreshed token", got)
	}
	if st, _ := m.Status(context.Background(), "linear"); st.State != "ok" || st.Auth != "oauth" {
		t.Errorf("status after login = %+v", st)
	}
}

func TestLoginRefused(t *testing.T) {
	t.Parallel()
	as := newOAuthServer(t)
	as.mu.Lock()
	as.approved = false
	as.mu.Unlock()
	_, err := Login(context.Background(), ServerSpec{Name: "x", URL: as.URL + "/mcp", Auth: AuthOAuth}, LoginOptions{OpenURL: browser})
	if err == nil || !strings.Contains(err.Error(), "mcp login x: the authorization server refused the login") {
		t.Fatalf("err = %v", err)
	}
}

func TestLoginNotNeeded(t *testing.T) {
	t.Parallel()
	open := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": 1, "result": map[string]any{}})
	}))
	t.Cleanup(open.Close)
	_, err := Login(context.Background(), ServerSpec{Name: "open", URL: open.URL, Auth: AuthOAuth}, LoginOptions{OpenURL: browser})
	if err == nil || !strings.Contains(err.Error(), "answered HTTP 200 without asking for authorization") {
		t.Fatalf("err = %v", err)
	}
	_, err = Login(context.Background(), ServerSpec{Name: "local", Command: "srv"}, LoginOptions{OpenURL: browser})
	if err == nil || !strings.Contains(err.Error(), "is a stdio server") {
		t.Fatalf("stdio: %v", err)
	}
}

func ids(caps []capability.Capability) []string {
	var out []string
	for _, c := range caps {
		out = append(out, c.ID)
	}
	return out
}

// newTestManager is newManager for files without the unix-only helpers.
func newTestManager(t *testing.T, opts ManagerOptions, specs ...ServerSpec) *Manager {
	t.Helper()
	m, err := NewManager(specs, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Close() })
	return m
}
