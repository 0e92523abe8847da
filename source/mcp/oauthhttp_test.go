package mcp

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/testdns"
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

// TestHTTPTransportNamesNeverReachMetadata: a server's DNS answers its name
// with 169.254.169.254 (or fe80::1): toolplane refuses to connect, before
// any byte is sent, for the MCP transport and for OAuth alike; a name
// answering loopback is dialed. Before, DefaultHTTPTransport dialed any
// address a name resolved to.
func TestHTTPTransportNamesNeverReachMetadata(t *testing.T) {
	dns, err := testdns.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer dns.Close()
	dns.SetIPs("meta.rebind.test", netip.MustParseAddr("169.254.169.254"))
	dns.SetIPs("meta6.rebind.test", netip.MustParseAddr("fe80::1"))
	dns.SetIPs("local.rebind.test", netip.MustParseAddr("127.0.0.1"))
	saved := net.DefaultResolver
	net.DefaultResolver = &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "udp", dns.Addr())
	}}
	defer func() { net.DefaultResolver = saved }()

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	for name, c := range map[string]*http.Client{"mcp": {Transport: DefaultHTTPTransport()}, "oauth": OAuthHTTPClient(nil)} {
		for _, host := range []string{"meta.rebind.test", "meta6.rebind.test"} {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+net.JoinHostPort(host, port)+"/mcp", nil)
			resp, err := c.Do(req)
			cancel()
			if err == nil {
				resp.Body.Close()
			}
			if err == nil || !strings.Contains(err.Error(), "refusing to connect") {
				t.Errorf("%s: GET via %s: %v, want a refusal", name, host, err)
			}
		}
		resp, err := c.Get("http://" + net.JoinHostPort("local.rebind.test", port) + "/")
		if err != nil {
			t.Errorf("%s: a name answering loopback: %v", name, err)
			continue
		}
		resp.Body.Close()
	}
}
