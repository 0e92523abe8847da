package mcp

import (
	"context"
	"errors"
	"fmt"
	"html"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"
)

// LoginOptions configure Login.
type LoginOptions struct {
	// OpenURL shows the authorization URL to the user: opens a browser, or
	// prints it to be opened by hand. Required.
	OpenURL func(ctx context.Context, url string) error
	// RedirectAddr is the loopback address the authorization server
	// redirects the browser to. Default "127.0.0.1:0" (any free port).
	RedirectAddr string
	// HTTPTransport is the base round tripper. Default: toolplane's own,
	// which refuses link-local and metadata addresses (see
	// OAuthHTTPClient, which also bounds time and redirects in any case).
	HTTPTransport http.RoundTripper
	// Resolve resolves secret references in the spec's headers, as in
	// ManagerOptions.
	Resolve func(ctx context.Context, value string) (string, error)
	// ClientName is the name registered with the authorization server.
	// Default "toolplane".
	ClientName string
}

// Credentials are what a login yields: the client registered with the
// authorization server and the token it issued. Store them (they are
// secrets) and hand Token to ManagerOptions.Token through TokenSource, which
// refreshes the access token when it expires.
type Credentials struct {
	ClientID     string        `json:"client_id"`
	ClientSecret string        `json:"client_secret,omitempty"`
	AuthURL      string        `json:"auth_url"`
	TokenURL     string        `json:"token_url"`
	Scopes       []string      `json:"scopes,omitempty"`
	Token        *oauth2.Token `json:"token"`
}

// TokenSource returns access tokens, refreshing through the token endpoint
// with the refresh token when the stored one has expired. Persist the
// returned tokens if they change, or the next process refreshes again.
func (c *Credentials) TokenSource(ctx context.Context) oauth2.TokenSource {
	cfg := &oauth2.Config{
		ClientID:     c.ClientID,
		ClientSecret: c.ClientSecret,
		Endpoint:     oauth2.Endpoint{AuthURL: c.AuthURL, TokenURL: c.TokenURL},
		Scopes:       c.Scopes,
	}
	return cfg.TokenSource(ctx, c.Token)
}

// Login runs the OAuth authorization-code flow with PKCE against an HTTP
// server with auth = "oauth", as `toolplane mcp login NAME` does: it finds the
// authorization server from the server's 401 (protected resource metadata),
// registers toolplane as a client (dynamic client registration), sends the
// user to the authorization URL through OpenURL, receives the code on a
// loopback redirect and exchanges it for a token.
func Login(ctx context.Context, spec ServerSpec, opts LoginOptions) (*Credentials, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	if spec.transport() == TransportStdio {
		return nil, fmt.Errorf("[mcp.servers.%s] is a stdio server; login applies to url servers with auth = \"oauth\"", spec.Name)
	}
	if opts.OpenURL == nil {
		return nil, errors.New("mcp login: LoginOptions.OpenURL is required")
	}
	if opts.RedirectAddr == "" {
		opts.RedirectAddr = "127.0.0.1:0"
	}
	if opts.ClientName == "" {
		opts.ClientName = "toolplane"
	}

	ln, err := net.Listen("tcp", opts.RedirectAddr)
	if err != nil {
		return nil, fmt.Errorf("mcp login %s: listening for the redirect on %s: %w", spec.Name, opts.RedirectAddr, err)
	}
	redirect := "http://" + ln.Addr().String() + "/callback"
	results := make(chan *auth.AuthorizationResult, 1)
	srv := &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/callback" {
			http.NotFound(w, r)
			return
		}
		q := r.URL.Query()
		if e := q.Get("error"); e != "" {
			http.Error(w, "Login failed: "+html.EscapeString(e+" "+q.Get("error_description")), http.StatusBadRequest)
			select {
			case results <- &auth.AuthorizationResult{State: q.Get("state")}:
			default:
			}
			return
		}
		fmt.Fprintf(w, "toolplane: logged in to %s. You can close this window.\n", html.EscapeString(spec.Name))
		// The page goes out before the login goes on: once the code is
		// handed over the command may finish and close this server.
		if fl, ok := w.(http.Flusher); ok {
			fl.Flush()
		}
		select {
		case results <- &auth.AuthorizationResult{Code: q.Get("code"), State: q.Get("state"), Iss: q.Get("iss")}:
		default: // a second redirect (reload) changes nothing
		}
	})}
	go func() { _ = srv.Serve(ln) }()
	defer func() {
		// Let a callback still answering the browser finish.
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if srv.Shutdown(sctx) != nil {
			srv.Close()
		}
	}()

	httpClient := OAuthHTTPClient(opts.HTTPTransport)
	var (
		mu    sync.Mutex
		creds *Credentials
	)
	handler, err := auth.NewAuthorizationCodeHandler(&auth.AuthorizationCodeHandlerConfig{
		DynamicClientRegistrationConfig: &auth.DynamicClientRegistrationConfig{Metadata: &oauthex.ClientRegistrationMetadata{
			ClientName:              opts.ClientName,
			RedirectURIs:            []string{redirect},
			GrantTypes:              []string{"authorization_code", "refresh_token"},
			ResponseTypes:           []string{"code"},
			TokenEndpointAuthMethod: "none",
		}},
		RedirectURL:         redirect,
		RequestRefreshToken: true,
		Client:              httpClient,
		AuthorizationCodeFetcher: func(ctx context.Context, args *auth.AuthorizationArgs) (*auth.AuthorizationResult, error) {
			if err := opts.OpenURL(ctx, args.URL); err != nil {
				return nil, fmt.Errorf("opening the authorization URL: %w", err)
			}
			select {
			case res := <-results:
				if res.Code == "" {
					return nil, errors.New("the authorization server refused the login (see the browser window)")
				}
				return res, nil
			case <-ctx.Done():
				return nil, fmt.Errorf("waiting for the browser to come back to %s: %w", redirect, ctx.Err())
			}
		},
		NewTokenSource: func(ctx context.Context, cfg *oauth2.Config, tok *oauth2.Token) (oauth2.TokenSource, error) {
			mu.Lock()
			creds = &Credentials{
				ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret,
				AuthURL: cfg.Endpoint.AuthURL, TokenURL: cfg.Endpoint.TokenURL,
				Scopes: cfg.Scopes, Token: tok,
			}
			mu.Unlock()
			return cfg.TokenSource(ctx, tok), nil
		},
	})
	if err != nil {
		return nil, fmt.Errorf("mcp login %s: %w", spec.Name, err)
	}

	// Ask the server as a client would; its 401 starts the flow.
	req, resp, err := probe(ctx, &spec, httpClient, opts.Resolve)
	if err != nil {
		return nil, fmt.Errorf("mcp login %s: %w", spec.Name, err)
	}
	if resp.StatusCode != http.StatusUnauthorized && resp.StatusCode != http.StatusForbidden {
		resp.Body.Close()
		return nil, fmt.Errorf("mcp login %s: %s answered HTTP %d without asking for authorization; it needs no login (remove auth = \"oauth\")", spec.Name, spec.URL, resp.StatusCode)
	}
	if err := handler.Authorize(ctx, req, resp); err != nil {
		return nil, fmt.Errorf("mcp login %s: %w", spec.Name, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if creds == nil || creds.Token == nil || creds.Token.AccessToken == "" {
		return nil, fmt.Errorf("mcp login %s: the authorization server issued no token", spec.Name)
	}
	return creds, nil
}

// probe sends the request a client would open with (an initialize POST for
// Streamable HTTP, the event-stream GET for SSE) with the spec's headers.
func probe(ctx context.Context, spec *ServerSpec, hc *http.Client, resolve func(context.Context, string) (string, error)) (*http.Request, *http.Response, error) {
	var req *http.Request
	var err error
	if spec.transport() == TransportSSE {
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, spec.URL, nil)
		if err == nil {
			req.Header.Set("Accept", "text/event-stream")
		}
	} else {
		body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"toolplane","version":"login"}}}`
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, spec.URL, strings.NewReader(body))
		if err == nil {
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
		}
	}
	if err != nil {
		return nil, nil, fmt.Errorf("building a request to %s: %w", spec.URL, err)
	}
	for k, v := range spec.Headers {
		if resolve != nil {
			if v, err = resolve(ctx, v); err != nil {
				return nil, nil, fmt.Errorf("[mcp.servers.%s] headers.%s: %w", spec.Name, k, err)
			}
		}
		req.Header.Set(k, v)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, nil, fmt.Errorf("reaching %s: %w", spec.URL, err)
	}
	return req, resp, nil
}
