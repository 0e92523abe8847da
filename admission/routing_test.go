package admission_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/server"
)

// countingPeers is a PeerProvider that counts its calls and answers
// whatever peers holds.
type countingPeers struct {
	peers atomic.Pointer[map[string]string]
	calls atomic.Int64
}

func (c *countingPeers) Peers() map[string]string {
	c.calls.Add(1)
	return *c.peers.Load()
}

// post sends one JSON-RPC request to url with token and extra headers,
// without an MCP session, and returns the status and body.
func post(t *testing.T, url, token, body string, hdr http.Header) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func exploreBody(id string) string {
	return `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"spill_explore","arguments":{"id":"` + id + `","query":".rows | length"}}}`
}

// TestAttackOwnerRoutingAcrossReplicas: two replicas on loopback. A
// result spilled on a (its id names a) is explored and downloaded through
// b, which forwards to a, where the caller is authenticated and admitted
// again: the owner gets it, another token a 404, no token a 401 at b with
// nothing forwarded. Forwarding goes only to the allow-list: an id
// naming a replica that is not a peer is served locally (a miss), an
// empty provider forwards nothing, and a request already forwarded once
// is not forwarded again (421).
func TestAttackOwnerRoutingAcrossReplicas(t *testing.T) {
	lnA, _ := net.Listen("tcp", "127.0.0.1:0")
	lnB, _ := net.Listen("tcp", "127.0.0.1:0")
	var hitsA atomic.Int64
	countA := &countingListener{Listener: lnA, n: &hitsA}
	peers := map[string]string{"a": "http://" + lnA.Addr().String(), "b": "http://" + lnB.Addr().String()}
	provider := &countingPeers{}
	provider.peers.Store(&peers)
	a := startGovernedOn(t, governedConfig, countA, func(o *server.Options) { o.Replica, o.Replicas = "a", peers })
	b := startGovernedOn(t, governedConfig, lnB, func(o *server.Options) { o.Replica, o.PeerProvider = "b", provider })

	bob, _ := a.connect(t, "bob-secret-token", nil)
	res, _ := callTool(t, bob, "team_dump", map[string]any{"text": ""})
	sc, _ := res.StructuredContent.(map[string]any)
	id, _ := sc["id"].(string)
	if !strings.HasPrefix(id, "a.sp_") {
		t.Fatalf("spill id %q does not name replica a", id)
	}

	// Through b, with a stateless POST and over an MCP session of b's.
	if code, body := post(t, b.url, "bob-secret-token", exploreBody(id), nil); code != 200 || !strings.Contains(body, "5000") {
		t.Errorf("spill_explore of a's result through b: %d %s", code, body)
	}
	bobAtB, _ := b.connect(t, "bob-secret-token", nil)
	if _, text := callTool(t, bobAtB, "spill_explore", map[string]any{"id": id, "query": ".rows | length"}); strings.TrimSpace(text) != "5000" {
		t.Errorf("spill_explore through a session of b: %q", text)
	}
	if code, body := get(t, b.base+"/spill/"+id, "bob-secret-token"); code != 200 || len(body) < 5000 {
		t.Errorf("GET /spill/<a's id> through b as the owner: %d, %d bytes", code, len(body))
	}
	if code, _ := get(t, b.base+"/spill/"+id, "alice-secret-token"); code != http.StatusNotFound {
		t.Errorf("GET /spill/<a's id> through b as another token: %d, want 404", code)
	}
	before := hitsA.Load()
	if code, _ := get(t, b.base+"/spill/"+id, ""); code != http.StatusUnauthorized {
		t.Errorf("GET /spill/<a's id> through b without a token: %d, want 401", code)
	}
	if code, _ := post(t, b.url, "stolen-token", exploreBody(id), nil); code != http.StatusUnauthorized {
		t.Errorf("explore through b with a bad token: %d, want 401", code)
	}
	if hitsA.Load() != before {
		t.Error("b forwarded an unauthenticated request to a")
	}

	// A second hop is refused, whoever claims the first.
	if code, _ := post(t, b.url, "bob-secret-token", exploreBody(id), http.Header{server.HeaderForwardedBy: {"x"}}); code != http.StatusMisdirectedRequest {
		t.Errorf("a request marked as forwarded: %d, want 421", code)
	}

	// An owner that is not a peer (an attacker's host, a replica removed
	// from the allow-list) is never contacted.
	before = hitsA.Load()
	for _, forged := range []string{"evil.sp_AAAAAAAAAAAAAAAAAAAAAAAAAA", "127.0.0.1:9.sp_AAAAAAAAAAAAAAAAAAAAAAAAAA", "c.sp_AAAAAAAAAAAAAAAAAAAAAAAAAA"} {
		if code, body := post(t, b.url, "bob-secret-token", exploreBody(forged), nil); code != 200 || !strings.Contains(body, "no spilled result") {
			t.Errorf("id %s naming no peer: %d %s, want served locally (not found)", forged, code, body)
		}
	}
	empty := map[string]string{}
	provider.peers.Store(&empty)
	if code, body := post(t, b.url, "bob-secret-token", exploreBody(id), nil); code != 200 || !strings.Contains(body, "no spilled result") {
		t.Errorf("with no peers: %d %s, want served locally", code, body)
	}
	if hitsA.Load() != before {
		t.Errorf("b reached a %d times for ids that name no peer", hitsA.Load()-before)
	}
	if provider.calls.Load() == 0 {
		t.Error("the peer provider was never asked")
	}
}

// countingListener counts accepted connections.
type countingListener struct {
	net.Listener
	n *atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.n.Add(1)
	}
	return c, err
}

// TestStatelessDirectCallsAndOneHandler: a single POST tools/call without
// a session is served (no session created, no Mcp-Session-Id answered),
// while initialize opens a session as before; Handler is one handler.
func TestStatelessDirectCallsAndOneHandler(t *testing.T) {
	g := startGoverned(t)
	req, _ := http.NewRequest(http.MethodPost, g.url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"team_read","arguments":{"text":"hi"}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer alice-secret-token")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "notes: hi") || res.Header.Get("Mcp-Session-Id") != "" {
		t.Errorf("stateless call: %d %q session %q", res.StatusCode, body, res.Header.Get("Mcp-Session-Id"))
	}
	// The request's session closes as its handler returns, which may come
	// just after the answer was read.
	for deadline := time.Now().Add(10 * time.Second); g.srv.Sessions().Len() != 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	if n := g.srv.Sessions().Len(); n != 0 {
		t.Errorf("a stateless call left %d sessions", n)
	}
	cs, _ := g.connect(t, "alice-secret-token", nil)
	if cs.ID() == "" {
		t.Error("initialize did not open a session")
	}
	same := func(a, b http.Handler) bool { return reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer() }
	if !same(g.srv.Handler(), g.srv.Handler()) || !same(g.srv.HTTPHandler(), g.srv.HTTPHandler()) {
		t.Error("Handler or HTTPHandler built twice")
	}
	// A second handler would be a second session table: a session opened
	// through one must be served through the other.
	other := httptest.NewServer(g.srv.Handler())
	defer other.Close()
	req2, _ := http.NewRequest(http.MethodPost, other.URL, strings.NewReader(`{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{}}`))
	req2.Header.Set("Content-Type", "application/json")
	req2.Header.Set("Accept", "application/json, text/event-stream")
	req2.Header.Set("Authorization", "Bearer alice-secret-token")
	req2.Header.Set("Mcp-Session-Id", cs.ID())
	req2.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	res2, err := http.DefaultClient.Do(req2)
	if err != nil {
		t.Fatal(err)
	}
	res2.Body.Close()
	if res2.StatusCode != 200 {
		t.Errorf("the session through a second Handler(): %d, want 200 (one session table)", res2.StatusCode)
	}
}

// TestMountKeepsEveryRouteBehindTheGuard: a server mounted under a
// prefix of a host's mux serves MCP and plugin routes there, each behind
// authentication; the host's own routes are untouched.
func TestMountKeepsEveryRouteBehindTheGuard(t *testing.T) {
	g := startGoverned(t)
	mux := http.NewServeMux()
	mux.HandleFunc("/host", func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "host") })
	if err := g.srv.Mount(mux, "/tp"); err != nil {
		t.Fatal(err)
	}
	if err := g.srv.Mount(http.NewServeMux(), "no-slash"); err == nil {
		t.Error("Mount accepted a prefix without '/'")
	}
	hs := httptest.NewServer(mux)
	defer hs.Close()
	for _, path := range []string{"/tp/mcp", "/tp/whoami", "/tp/spill/sp_AAAAAAAAAAAAAAAAAAAAAAAAAA"} {
		if code, _ := get(t, hs.URL+path, ""); code != http.StatusUnauthorized {
			t.Errorf("GET %s without a token: %d, want 401", path, code)
		}
	}
	if code, body := get(t, hs.URL+"/tp/whoami", "alice-secret-token"); code != 200 || !strings.Contains(body, "log=") {
		t.Errorf("plugin route under the prefix: %d %q", code, body)
	}
	if code, _ := get(t, hs.URL+"/tp/pluginz", ""); code != 200 {
		t.Errorf("public plugin route under the prefix: %d", code)
	}
	if code, body := post(t, hs.URL+"/tp/mcp", "alice-secret-token", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"team_read","arguments":{"text":"m"}}}`, nil); code != 200 || !strings.Contains(body, "notes: m") {
		t.Errorf("MCP under the prefix: %d %s", code, body)
	}
	if code, body := get(t, hs.URL+"/host", ""); code != 200 || body != "host" {
		t.Errorf("host route: %d %q", code, body)
	}
}

// TestAttackLogIDs: a well-formed log id is kept and echoed; one longer
// than 64, with spaces, '=' (a forged key=value field), quotes or
// repeated is replaced by a fresh one; [log] logid_header picks the
// header.
func TestAttackLogIDs(t *testing.T) {
	g := startGovernedOn(t, governedConfig, mustListen(t), func(o *server.Options) { o.LogIDHeader = "X-Trace" })
	echo := func(hdr http.Header) string {
		req, _ := http.NewRequest(http.MethodGet, g.base+"/whoami", nil)
		req.Header.Set("Authorization", "Bearer alice-secret-token")
		for k, v := range hdr {
			req.Header[k] = v
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.Header.Get("X-Trace")
	}
	if got := echo(http.Header{"X-Trace": {"req-42.a:b_c"}}); got != "req-42.a:b_c" {
		t.Errorf("a good log id: echoed %q", got)
	}
	for _, bad := range [][]string{
		{strings.Repeat("a", 65)},
		{"fake log_id=deadbeef actor=admin"},
		{"a=b"},
		{`"quoted"`},
		{"x@y"},
		{"one", "two"},
	} {
		got := echo(http.Header{"X-Trace": bad})
		if got == "" || got == bad[0] || !strings.HasPrefix(got, "log_") {
			t.Errorf("log id %q: echoed %q, want a fresh one", bad, got)
		}
	}
	if got := echo(http.Header{"X-Log-Id": {"other-header"}}); got == "other-header" {
		t.Error("the default header was read although [log] logid_header names another")
	}
}

func mustListen(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

// TestAttackUnauthenticatedFloodIsOneAuditLine: requests without a valid
// token are summarised (one auth_failed line a minute, with a count), so
// a flood of 401s cannot fill the audit queues and crowd out real events.
func TestAttackUnauthenticatedFloodIsOneAuditLine(t *testing.T) {
	var buf syncBuf
	log := audit.New(&buf, io.Discard)
	defer log.Close()
	g := startGovernedOn(t, governedConfig, mustListen(t), func(o *server.Options) { o.Audit = log })
	for range 200 {
		if code, _ := get(t, g.base+"/whoami", "forged"); code != http.StatusUnauthorized {
			t.Fatalf("forged token: %d", code)
		}
	}
	_ = log.Flush(context.Background())
	n := strings.Count(buf.String(), `"event":"auth_failed"`)
	if n != 1 || !strings.Contains(buf.String(), `"count":1`) {
		t.Errorf("%d auth_failed lines for 200 refused requests, want 1 (the first, then a summary a minute):\n%s", n, buf.String())
	}
	if st := log.Stats(); st.Dropped() != 0 {
		t.Errorf("dropped %d lines", st.Dropped())
	}
}

type syncBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestToolsListPassesThePlugins: tools/list goes through the plugins'
// list filters after admission: a filter drops and annotates, and what it
// adds (a capability the caller may not call) does not appear.
func TestToolsListPassesThePlugins(t *testing.T) {
	g := startGoverned(t)
	bob, _ := g.connect(t, "bob-secret-token", http.Header{"X-Filter": {"on"}})
	res, err := bob.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if tool.Name == "team_read" && !strings.HasPrefix(tool.Description, "[seen by robert] ") {
			t.Errorf("team_read not annotated: %q", tool.Description)
		}
	}
	for _, n := range names {
		if n == "team_write" || n == "misc_ping" {
			t.Errorf("tools/list through the filter: %v (team_write dropped, misc_ping never added)", names)
		}
	}
	if len(names) != 6 { // team_read, team_dump, spill_explore and the three meta-tools
		t.Errorf("tools: %v, want 6", names)
	}
	plain, _ := g.connect(t, "bob-secret-token", nil)
	if got := toolNames(t, plain); !slices.Contains(got, "team_write") {
		t.Errorf("without the header the filter is a no-op: %v", got)
	}
}
