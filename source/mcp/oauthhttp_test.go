package mcp

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestOAuthClientRefusesMetadataAddresses: OAuth requests never connect
// to a link-local (cloud metadata), unspecified or multicast address: the
// refusal comes before any connection, naming why. http.DefaultTransport,
// which login used, connected (and the SDK's own address checks are off
// for a transport that dials by itself).
func TestOAuthClientRefusesMetadataAddresses(t *testing.T) {
	c := OAuthHTTPClient(nil)
	for _, u := range []string{"http://169.254.169.254/latest/meta-data/", "http://[fe80::1]/token", "http://[fd00:ec2::254]/", "http://0.0.0.0:9/token", "http://224.0.0.1/"} {
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
			t.Errorf("GET %s: got HTTP %d, want a refusal", u, resp.StatusCode)
			continue
		}
		if !strings.Contains(err.Error(), "refusing to connect") {
			t.Errorf("GET %s: %v, want a refusal naming the address", u, err)
		}
	}
	// Loopback (a local authorization server, the tests') stays reachable.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }))
	defer srv.Close()
	resp, err := c.Get(srv.URL)
	if err != nil {
		t.Fatalf("loopback: %v", err)
	}
	resp.Body.Close()
}

// TestOAuthClientRedirectsStayOnOrigin: a token endpoint answering 307 to
// another origin would have Go resend the form (a refresh token) there;
// the redirect is refused. Within the origin it is followed.
func TestOAuthClientRedirectsStayOnOrigin(t *testing.T) {
	var reached atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { reached.Add(1) }))
	defer other.Close()
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/away":
			http.Redirect(w, r, other.URL+"/token", http.StatusTemporaryRedirect)
		case "/here":
			http.Redirect(w, r, srv.URL+"/token", http.StatusTemporaryRedirect)
		default:
			io.WriteString(w, "token")
		}
	}))
	defer srv.Close()
	c := OAuthHTTPClient(nil)
	if _, err := c.Post(srv.URL+"/away", "application/x-www-form-urlencoded", strings.NewReader("refresh_token=rt-1")); err == nil || !strings.Contains(err.Error(), "another origin") {
		t.Errorf("redirect to another origin: %v", err)
	}
	if reached.Load() != 0 {
		t.Errorf("the other origin was reached %d times", reached.Load())
	}
	resp, err := c.Post(srv.URL+"/here", "application/x-www-form-urlencoded", strings.NewReader("refresh_token=rt-1"))
	if err != nil {
		t.Fatalf("redirect within the origin: %v", err)
	}
	resp.Body.Close()
}
