package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"

	"github.com/toolplane/toolplane/secrets"
)

// runTP runs the built binary in dir with a private HOME, the file secret
// store, extra environment and stdin.
func runTP(t *testing.T, dir string, env []string, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append([]string{"HOME=" + filepath.Join(dir, "home"), "PATH=" + os.Getenv("PATH"), "TOOLPLANE_SECRET_STORE=file", "TOOLPLANE_STORAGE_KEY=" + testStorageKey}, env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running toolplane %q: %v", args, err)
	}
	return result{out.String(), errb.String(), code}
}

// authServer is an OAuth 2.1 authorization server (metadata, dynamic client
// registration, authorization code with PKCE, refresh) and two MCP servers
// on one loopback listener: /mcp needs its bearer tokens, /open needs none.
// Both have the tools whoami (the Authorization header it saw) and header
// (any header it saw).
type authServer struct {
	*httptest.Server

	mu      sync.Mutex
	clients map[string][]string  // client id -> redirect URIs
	codes   map[string]string    // code -> PKCE challenge
	tokens  map[string]time.Time // access token -> when it stops working (zero: never)
	refresh map[string]bool
	issued  int
	// life is how long an access token works (0: for ever); announce is
	// the expires_in the token endpoint tells (default 3600, whatever
	// life is: a server may revoke early).
	life     time.Duration
	announce int
	// refused counts requests to /mcp refused for a bad or expired token.
	refused int
}

func newAuthServer(t *testing.T) *authServer {
	t.Helper()
	s := &authServer{clients: map[string][]string{}, codes: map[string]string{}, tokens: map[string]time.Time{}, refresh: map[string]bool{}, announce: 3600}
	mux := http.NewServeMux()
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	base := s.URL
	reply := func(w http.ResponseWriter, status int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(v)
	}
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		reply(w, http.StatusOK, oauthex.AuthServerMeta{
			Issuer: base, AuthorizationEndpoint: base + "/authorize", TokenEndpoint: base + "/token",
			RegistrationEndpoint: base + "/register", ResponseTypesSupported: []string{"code"},
			GrantTypesSupported:           []string{"authorization_code", "refresh_token"},
			CodeChallengeMethodsSupported: []string{"S256"}, TokenEndpointAuthMethodsSupported: []string{"none"},
		})
	})
	mux.HandleFunc("/register", func(w http.ResponseWriter, r *http.Request) {
		var md oauthex.ClientRegistrationMetadata
		if err := json.NewDecoder(r.Body).Decode(&md); err != nil || len(md.RedirectURIs) == 0 {
			reply(w, http.StatusBadRequest, map[string]string{"error": "invalid_client_metadata"})
			return
		}
		s.mu.Lock()
		id := fmt.Sprintf("client-%d", len(s.clients)+1)
		s.clients[id] = md.RedirectURIs
		s.mu.Unlock()
		reply(w, http.StatusCreated, map[string]any{"client_id": id, "redirect_uris": md.RedirectURIs, "token_endpoint_auth_method": "none"})
	})
	mux.HandleFunc("/authorize", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		s.mu.Lock()
		defer s.mu.Unlock()
		if !slices.Contains(s.clients[q.Get("client_id")], q.Get("redirect_uri")) || q.Get("code_challenge_method") != "S256" {
			http.Error(w, "bad authorization request", http.StatusBadRequest)
			return
		}
		code := fmt.Sprintf("code-%d", len(s.codes)+1)
		s.codes[code] = q.Get("code_challenge")
		back, _ := url.Parse(q.Get("redirect_uri"))
		back.RawQuery = url.Values{"state": {q.Get("state")}, "code": {code}}.Encode()
		http.Redirect(w, r, back.String(), http.StatusFound)
	})
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		s.mu.Lock()
		defer s.mu.Unlock()
		switch r.Form.Get("grant_type") {
		case "authorization_code":
			sum := sha256.Sum256([]byte(r.Form.Get("code_verifier")))
			if c, ok := s.codes[r.Form.Get("code")]; !ok || base64.RawURLEncoding.EncodeToString(sum[:]) != c {
				reply(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant"})
				return
			}
			delete(s.codes, r.Form.Get("code"))
		case "refresh_token":
			if !s.refresh[r.Form.Get("refresh_token")] {
				reply(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant"})
				return
			}
		default:
			reply(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type"})
			return
		}
		s.issued++
		at, rt := fmt.Sprintf("at-%d", s.issued), fmt.Sprintf("rt-%d", s.issued)
		var until time.Time
		if s.life > 0 {
			until = time.Now().Add(s.life)
		}
		s.tokens[at], s.refresh[rt] = until, true
		reply(w, http.StatusOK, map[string]any{"access_token": at, "token_type": "Bearer", "expires_in": s.announce, "refresh_token": rt})
	})
	mux.Handle("/.well-known/oauth-protected-resource/mcp", auth.ProtectedResourceMetadataHandler(&oauthex.ProtectedResourceMetadata{
		Resource: base + "/mcp", AuthorizationServers: []string{base},
	}))

	srv := mcp.NewServer(&mcp.Implementation{Name: "protected", Version: "1"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "whoami"}, func(_ context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: req.Extra.Header.Get("Authorization")}}}, nil, nil
	})
	type headerIn struct {
		Name string `json:"name"`
	}
	mcp.AddTool(srv, &mcp.Tool{Name: "header"}, func(_ context.Context, req *mcp.CallToolRequest, in headerIn) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: req.Extra.Header.Get(in.Name)}}}, nil, nil
	})
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		until, ok := s.tokens[token]
		if !ok || !until.IsZero() && time.Now().After(until) {
			s.refused++
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{Expiration: time.Now().Add(time.Hour)}, nil
	}
	mux.Handle("/mcp", auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{
		ResourceMetadataURL: base + "/.well-known/oauth-protected-resource/mcp",
	})(handler))
	mux.Handle("/open", handler)
	mux.Handle("/static", auth.RequireBearerToken(func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		if token != staticToken {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{Expiration: time.Now().Add(time.Hour)}, nil
	}, nil)(handler))
	return s
}

// staticToken is the bearer token the auth server's /static endpoint
// takes.
const staticToken = "static-tok-5d2c"

// loginWithBrowser runs `toolplane mcp login` and acts as the user's
// browser: it reads the authorization URL from stderr and follows it, which
// ends on the command's loopback callback.
func loginWithBrowser(t *testing.T, dir string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + filepath.Join(dir, "home"), "PATH=" + os.Getenv("PATH"), "TOOLPLANE_SECRET_STORE=file", "TOOLPLANE_STORAGE_KEY=" + testStorageKey}
	var out bytes.Buffer
	cmd.Stdout = &out
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var errText strings.Builder
	sc := bufio.NewScanner(stderr)
	followed := false
	for sc.Scan() {
		line := sc.Text()
		errText.WriteString(line + "\n")
		if u := strings.TrimSpace(line); !followed && strings.HasPrefix(u, "http://") {
			followed = true
			resp, err := http.Get(u)
			if err != nil {
				t.Errorf("following the authorization URL: %v", err)
				continue
			}
			body, _ := bufio.NewReader(resp.Body).ReadString('\n')
			resp.Body.Close()
			if !strings.Contains(body, "logged in to") {
				t.Errorf("the callback page says %q", body)
			}
		}
	}
	err = cmd.Wait()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if !followed {
		t.Errorf("login printed no URL:\n%s", errText.String())
	}
	return result{out.String(), errText.String(), code}
}

// TestLoginStatusRunLogout: `mcp login` against a real authorization
// server stores the credentials in the file store (0600); `mcp status` and
// `run` use the token, an expired one is refreshed and written back;
// `logout` forgets it, after which status says to log in.
func TestLoginStatusRunLogout(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	as := newAuthServer(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "toolplane.toml")
	os.WriteFile(cfg, []byte(fmt.Sprintf(`[mcp.servers.linear]
url = %q
auth = "oauth"

[mcp.servers.plain]
url = %q
headers = { X-Key = "keyring://plain-key" }
`, as.URL+"/mcp", as.URL+"/open")), 0o600)
	trustHere(t, dir)

	// Before login: status says how to log in, and fails.
	r := runTP(t, dir, nil, "", "mcp", "status", "linear")
	if r.code != 1 || !strings.Contains(r.stdout, "linear: needs_login") || !strings.Contains(r.stdout, "needs login: run `toolplane mcp login linear`") {
		t.Fatalf("status before login: %+v", r)
	}

	r = loginWithBrowser(t, dir, "mcp", "login", "linear")
	credDir := filepath.Join(dir, "home", ".toolplane", "credentials", "toolplane-oauth")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "logged in to linear; credentials stored in encrypted files in "+credDir) {
		t.Fatalf("login: %+v", r)
	}
	if !strings.Contains(r.stderr, "To log in to linear, open this URL in a browser:") {
		t.Errorf("login stderr: %s", r.stderr)
	}
	file := filepath.Join(credDir, "linear.secret")
	fi, err := os.Stat(file)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("credentials file: %v %v", fi, err)
	}

	// The keyring:// header of the other server is set through `secret set`.
	if r := runTP(t, dir, nil, "k-123\n", "secret", "set", "plain-key"); r.code != 0 || !strings.Contains(r.stdout, "refer to it as keyring://plain-key") {
		t.Fatalf("secret set: %+v", r)
	}

	r = runTP(t, dir, nil, "", "mcp", "status", "--json")
	var statuses []mcpStatusJSON
	if err := json.Unmarshal([]byte(r.stdout), &statuses); err != nil || r.code != 0 {
		t.Fatalf("status --json: %+v (%v)", r, err)
	}
	if len(statuses) != 2 || statuses[0].Name != "linear" || statuses[0].State != "ok" || statuses[0].Auth != "oauth" ||
		!slices.Equal(statuses[0].Tools, []string{"header", "whoami"}) || statuses[1].State != "ok" || statuses[1].Auth != "headers" {
		t.Fatalf("statuses: %+v", statuses)
	}

	// Expire the stored access token: run refreshes it, and the refreshed
	// one is written back. The file is encrypted: it is edited through the
	// store, with the key the binary uses.
	ctx := context.Background()
	oauthStore, err := secrets.Open(ctx, secrets.Options{Namespace: secrets.NamespaceOAuth, Dir: filepath.Dir(credDir), Mode: "file", StorageKey: testStorageKey, Warn: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(file); strings.Contains(string(data), "at-1") || strings.Contains(string(data), "rt-1") {
		t.Fatalf("the tokens are on disk in the clear: %q", data)
	}
	login, err := secrets.LoadLogin(ctx, oauthStore, "linear")
	if err != nil {
		t.Fatal(err)
	}
	login.Credentials.Token.Expiry = time.Now().Add(-time.Hour)
	if err := secrets.SaveLogin(ctx, oauthStore, "linear", login); err != nil {
		t.Fatal(err)
	}

	r = runTP(t, dir, nil, `return [await linear.whoami(), await plain.header(name="X-Key")]`, "run", "-")
	if r.code != 0 || r.stdout != "['Bearer at-2', 'k-123']\n" {
		t.Fatalf("run with the expired token: %+v", r)
	}
	login, err = secrets.LoadLogin(ctx, oauthStore, "linear")
	if err != nil || login.Credentials.Token.AccessToken != "at-2" || login.Credentials.Token.RefreshToken != "rt-2" || login.URL != as.URL+"/mcp" {
		t.Fatalf("stored after refresh: %+v %v", login, err)
	}

	if r := runTP(t, dir, nil, "", "mcp", "logout", "linear"); r.code != 0 || !strings.HasPrefix(r.stdout, "logged out of linear; deleted its credentials from encrypted files in "+credDir) {
		t.Fatalf("logout: %+v", r)
	}
	if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("credentials still on disk: %v", err)
	}
	if r := runTP(t, dir, nil, "", "mcp", "logout", "linear"); r.code != 0 || !strings.HasPrefix(r.stdout, "linear was not logged in") {
		t.Fatalf("second logout: %+v", r)
	}
	if r := runTP(t, dir, nil, "", "mcp", "status", "linear"); r.code != 1 || !strings.Contains(r.stdout, "needs login") || !strings.Contains(r.stderr, "1 of 1 server(s) not ok") {
		t.Fatalf("status after logout: %+v", r)
	}
}

func TestLoginRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "toolplane.toml")
	os.WriteFile(cfg, []byte(`[mcp.servers.local]
command = "srv"

[mcp.servers.plain]
url = "http://127.0.0.1:1/mcp"
`), 0o600)
	trustHere(t, dir)
	for _, tc := range []struct{ name, want string }{
		{"local", `[mcp.servers.local] in toolplane.toml is a stdio server (command "srv"); login applies to url servers with auth = "oauth"`},
		{"plain", `has no auth = "oauth", so a login would not be used; add it (toolplane mcp add plain --url http://127.0.0.1:1/mcp --auth oauth --force)`},
		{"nope", `no MCP server "nope" in toolplane.toml (configured: local, plain)`},
	} {
		r := runTP(t, dir, nil, "", "mcp", "login", tc.name)
		if r.code != 1 || !strings.Contains(r.stderr, tc.want) || r.stdout != "" {
			t.Errorf("login %s: %+v", tc.name, r)
		}
	}
}

// TestLoginFindsUnusableStoreBeforeConsent: when the token store cannot
// be used (no key and no keyring; its directory cannot be made), `mcp
// login` says so before it prints an authorization URL: a consent whose
// tokens cannot be kept is never asked for.
func TestLoginFindsUnusableStoreBeforeConsent(t *testing.T) {
	t.Parallel()
	as := newAuthServer(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "toolplane.toml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf("[mcp.servers.linear]\nurl = %q\nauth = \"oauth\"\n", as.URL+"/mcp")), 0o600); err != nil {
		t.Fatal(err)
	}
	trustHere(t, dir)
	// No storage key, the keyring refused by mode: nothing can encrypt.
	noKey := runBinary(t, dir, []string{"TOOLPLANE_SECRET_STORE=file"}, "mcp", "login", "linear")
	// A key, but ~/.toolplane is a file: the store's directory cannot be made.
	blocked := t.TempDir()
	if err := os.MkdirAll(filepath.Join(blocked, "home"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(blocked, "home", ".toolplane"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(binary, "--config", cfg, "mcp", "login", "linear")
	cmd.Dir = blocked
	cmd.Env = []string{"HOME=" + filepath.Join(blocked, "home"), "PATH=" + os.Getenv("PATH"), "TOOLPLANE_SECRET_STORE=file", "TOOLPLANE_STORAGE_KEY=" + testStorageKey}
	out, err := cmd.CombinedOutput()
	noDir := result{stderr: string(out)}
	if err != nil {
		noDir.code = 1
	}
	for name, r := range map[string]result{"no key": noKey, "no directory": noDir} {
		if r.code == 0 || !strings.Contains(r.stderr, "no store can keep the credentials of linear") || strings.Contains(r.stderr, "http://") {
			t.Errorf("%s: login did not refuse before the browser: %+v", name, r)
		}
	}
	as.mu.Lock()
	defer as.mu.Unlock()
	if len(as.clients) != 0 {
		t.Errorf("login registered %d client(s) before finding the store unusable", len(as.clients))
	}
}
