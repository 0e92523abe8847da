package security_test

// Owner routing: what a token can make one replica send to another, or
// elsewhere, with the caller's credentials.

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/e2e"
	"github.com/toolplane/toolplane/internal/testdns"
)

// TestAttackOwnerRoutingDNS: a replica following DNS forwards a request
// for another replica's session to it, with the caller's Authorization.
// A token naming an owner that is no current peer (a listener of its
// own, the cloud metadata address) gets "no longer serving" and nothing
// is sent there; a link-local address in the DNS answer is never a peer;
// a request that claims to have been forwarded already is not forwarded
// again (no loops, no amplification between replicas); and each request
// for a peer's session reaches that peer exactly once, with the caller's
// own token and nothing it did not send.
func TestAttackOwnerRoutingDNS(t *testing.T) {
	t.Parallel()
	type seen struct {
		auth, by, session string
	}
	var mu sync.Mutex
	var got []seen
	peer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, seen{r.Header.Get("Authorization"), r.Header.Get("X-Toolplane-Forwarded-By"), r.Header.Get("Mcp-Session-Id")})
		mu.Unlock()
		io.Copy(io.Discard, r.Body)
		http.Error(w, "peer here", http.StatusTeapot)
	}))
	defer peer.Close()
	stranger := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("a request reached a listener that is no peer: %s %s (Authorization %q)", r.Method, r.URL, r.Header.Get("Authorization"))
	}))
	defer stranger.Close()
	nameOf := func(raw string) string {
		u, _ := url.Parse(raw)
		ap := netip.MustParseAddrPort(u.Host)
		return strings.NewReplacer(".", "-").Replace(ap.Addr().String()) + fmt.Sprintf("-%d", ap.Port())
	}

	dns, err := testdns.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer dns.Close()
	peerPort := netip.MustParseAddrPort(strings.TrimPrefix(peer.URL, "http://")).Port()
	dns.SetIPs("peer.peers.test", netip.MustParseAddr("127.0.0.1"))
	dns.SetIPs("meta.peers.test", netip.MustParseAddr("169.254.169.254"), netip.MustParseAddr("fe80::1"))
	dns.SetSRV("_http._tcp.peers.test", testdns.SRV{Target: "peer.peers.test", Port: peerPort}, testdns.SRV{Target: "meta.peers.test", Port: 80})

	e := bins.NewEnv(t, `
[http.peers]
dns = "peers.test"
service = "http"
interval = "100ms"
resolver = "`+dns.Addr()+`"
`)
	e.WriteFile(t, e.Config, readFile(t, e.Config)+e2e.TokenSection)
	srv := e.ServeHTTP(t, e.Config)

	post := func(session, forwardedBy string) (int, string) {
		req, _ := http.NewRequest("POST", srv.URL, strings.NewReader(`{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{}}`))
		req.Header.Set("Authorization", "Bearer "+e2e.Token)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		req.Header.Set("Mcp-Session-Id", session)
		if forwardedBy != "" {
			req.Header.Set("X-Toolplane-Forwarded-By", forwardedBy)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp.StatusCode, string(body)
	}

	// Discovery has run once the peer's sessions are forwarded.
	deadline := time.Now().Add(30 * time.Second)
	for {
		if code, _ := post(nameOf(peer.URL)+".warm", ""); code == http.StatusTeapot {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the peer from DNS was never forwarded to")
		}
		time.Sleep(100 * time.Millisecond)
	}

	for _, owner := range []string{nameOf(stranger.URL), "169-254-169-254-80", "fe80--1-80", "..", "127-0-0-1-1"} {
		code, body := post(owner+".x", "")
		if code != http.StatusNotFound || owner != ".." && !strings.Contains(body, "no longer serving") {
			t.Errorf("session of %s: %d %.200s; want 404, no longer serving", owner, code, body)
		}
	}

	mu.Lock()
	before := len(got)
	mu.Unlock()
	// A request that says it was forwarded is not forwarded again.
	code, body := post(nameOf(peer.URL)+".loop", "r0")
	if code != http.StatusMisdirectedRequest {
		t.Errorf("a forwarded-looking request for a peer's session: %d %.200s; want 421", code, body)
	}
	// Each request for the peer's session reaches it once, with the
	// caller's own token and this replica's name.
	for i := range 5 {
		if code, _ := post(fmt.Sprintf("%s.s%d", nameOf(peer.URL), i), ""); code != http.StatusTeapot {
			t.Errorf("request %d for the peer's session: %d", i, code)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if n := len(got) - before; n != 5 {
		t.Errorf("the peer received %d requests for 5 sent (and one refused loop)", n)
	}
	for _, s := range got[before:] {
		if s.auth != "Bearer "+e2e.Token || s.by == "" || s.by == "r0" {
			t.Errorf("forwarded with Authorization %q, forwarded-by %q", s.auth, s.by)
		}
	}
}
