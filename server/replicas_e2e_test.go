package server_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
	"github.com/toolplane/toolplane/internal/testdns"
)

// roundRobin is a load balancer written for the test: each request goes
// to the next backend; a backend that refuses connections is skipped from
// then on (as a balancer's health check would), and the request tried on
// the next one. Nothing in it knows about sessions.
type roundRobin struct {
	backends []*url.URL
	next     atomic.Int64
	mu       sync.Mutex
	dead     map[int]bool
}

func (p *roundRobin) RoundTrip(r *http.Request) (*http.Response, error) {
	var body []byte
	if r.Body != nil {
		body, _ = io.ReadAll(r.Body)
	}
	start := int(p.next.Add(1))
	var lastErr error
	for i := 0; i < len(p.backends); i++ {
		n := (start + i) % len(p.backends)
		p.mu.Lock()
		dead := p.dead[n]
		p.mu.Unlock()
		if dead {
			continue
		}
		out := r.Clone(r.Context())
		out.URL.Scheme, out.URL.Host, out.Host = p.backends[n].Scheme, p.backends[n].Host, ""
		out.Body = io.NopCloser(bytes.NewReader(body))
		res, err := http.DefaultTransport.RoundTrip(out)
		if err != nil && errors.Is(err, syscall.ECONNREFUSED) {
			p.mu.Lock()
			p.dead[n] = true
			p.mu.Unlock()
			lastErr = err
			continue
		}
		return res, err
	}
	return nil, fmt.Errorf("no backend answered: %w", lastErr)
}

// TestReplicasBehindRoundRobin: three replicas of the real binary find
// each other through DNS (a headless Service's SRV records, served by a
// DNS server the test controls) and sit behind a round-robin proxy that
// knows nothing of sessions. 64 concurrent clients of two tokens keep
// globals and result handles across runs wherever their requests land,
// with 0 errors and each token admitted exactly to its own capabilities.
// Killing one replica fails only the sessions it owned, with an error
// that says so; the others go on.
func TestReplicasBehindRoundRobin(t *testing.T) {
	t.Parallel()
	dns, err := testdns.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dns.Close() })
	const clients = 64
	var servers []*e2e.Server
	var backends []*url.URL
	var records []testdns.SRV
	for i := 0; i < 3; i++ {
		e := bins.NewEnv(t, `
[http.peers]
dns = "peers.test"
service = "http"
interval = "100ms"
resolver = "`+dns.Addr()+`"
`)
		// A token's budget holds all its sessions' workers (32 at
		// most, 40 MiB each) and all of them running at once (64 MiB
		// each), whatever the host's memory: this test is about
		// routing, and no client may lose its globals to the budget.
		// (A run short of memory evicts idle sessions, which hold
		// their workers: session.TestEvictOnlyForMemoryHeld.)
		cfg := readConfig(t, e.Config) + e2e.TokenSection + e.AddToken("beta", "beta-secret-5150", `allow = "name=list_items"`) + `
[session]
max_memory_mb = 64
max_retained_mb_per_token = 3328
max_retained_mb = 8192
`
		e.WriteFile(t, e.Config, cfg)
		srv := e.ServeHTTP(t, e.Config)
		servers = append(servers, srv)
		u, _ := url.Parse(strings.TrimSuffix(srv.URL, "/mcp"))
		backends = append(backends, u)
		host := fmt.Sprintf("r%d.peers.test", i)
		dns.SetIPs(host, netip.MustParseAddr("127.0.0.1"))
		port := u.Port()
		var p uint16
		fmt.Sscan(port, &p)
		records = append(records, testdns.SRV{Target: host, Port: p})
	}
	dns.SetSRV("_http._tcp.peers.test", records...)
	names := make([]string, 3)
	for i, b := range backends {
		names[i] = "127-0-0-1-" + b.Port()
	}
	// Every replica forwards to every other once discovery has run: a
	// request for another's made-up session gets that replica's "session
	// not found", not the "no longer serving" of an unknown peer.
	waitFor(t, 10*time.Second, "the replicas to discover each other", func() bool {
		for i, b := range backends {
			for j := range backends {
				if i == j {
					continue
				}
				req, _ := http.NewRequest("POST", b.String()+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
				req.Header.Set("Authorization", "Bearer "+e2e.Token)
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Accept", "application/json, text/event-stream")
				req.Header.Set("Mcp-Session-Id", names[j]+".made-up")
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					return false
				}
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if strings.Contains(string(body), "no longer serving") {
					return false
				}
			}
		}
		return true
	})

	lb := &roundRobin{backends: backends, dead: map[int]bool{}}
	front := httptest.NewServer(&httpProxy{lb})
	t.Cleanup(front.Close)

	type client struct {
		cs    *mcp.ClientSession
		owner string
		alpha bool
	}
	cl := make([]*client, clients)
	var failures atomic.Int64
	fail := func(format string, args ...any) {
		failures.Add(1)
		t.Errorf(format, args...)
	}
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			token := e2e.Token
			if i%2 == 1 {
				token = "beta-secret-5150"
			}
			cs, err := e2e.DialHTTP(front.URL+"/mcp", token, nil)
			if err != nil {
				fail("client %d: connecting: %v", i, err)
				return
			}
			t.Cleanup(func() { cs.Close() })
			c := &client{cs: cs, owner: strings.SplitN(cs.ID(), ".", 2)[0], alpha: i%2 == 0}
			cl[i] = c
			run := func(code string) (any, string) {
				res, err := e2e.TryCall(cs, "execute_code", map[string]any{"code": code})
				if err != nil {
					return nil, err.Error()
				}
				if res.IsError {
					return nil, e2e.Text(res)
				}
				return e2e.Structured(res)["value"], ""
			}
			h, errText := run(fmt.Sprintf(`x = %d
return await save_result({"v": x * 10})`, i))
			if errText != "" {
				fail("client %d: first run: %s", i, errText)
				return
			}
			v, errText := run(fmt.Sprintf(`return [x, (await load_result(%q))["v"]]`, h))
			if errText != "" || fmt.Sprint(v) != fmt.Sprintf("[%d %d]", i, i*10) {
				fail("client %d: globals and results across replicas: %v %s", i, v, errText)
			}
			if c.alpha {
				if v, errText := run(fmt.Sprintf(`return await up.echo(text="c%d")`, i)); errText != "" || v != fmt.Sprintf("c%d", i) {
					fail("client %d (alpha): up.echo: %v %s", i, v, errText)
				}
			} else {
				if _, errText := run(`return await call_tool("mcp:up/echo", {"text": "x"})`); !strings.Contains(errText, "LookupError") {
					fail("client %d (beta): reached mcp:up/echo, which its token does not admit: %q", i, errText)
				}
				if _, errText := run(`return await call_tool("mcp:up/list_items", {})`); errText != "" {
					fail("client %d (beta): list_items: %s", i, errText)
				}
			}
		}(i)
	}
	wg.Wait()
	t.Logf("%d clients, 3 replicas: %s", clients, time.Since(start).Round(time.Millisecond))
	if failures.Load() > 0 {
		t.FailNow()
	}
	owners := map[string]int{}
	for _, c := range cl {
		owners[c.owner]++
	}
	if len(owners) != 3 {
		t.Fatalf("sessions by owner %v: the proxy did not spread them", owners)
	}

	// One replica dies: its sessions fail with an error that says why,
	// the others' go on.
	// It is also gone from DNS, as a dead pod leaves its Service's
	// endpoints.
	dead := names[2]
	servers[2].Cmd.Process.Kill()
	servers[2].Cmd.Wait()
	dns.SetSRV("_http._tcp.peers.test", records[:2]...)
	waitFor(t, 10*time.Second, "the replicas to drop the dead one", func() bool {
		for _, b := range backends[:2] {
			req, _ := http.NewRequest("POST", b.String()+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
			req.Header.Set("Authorization", "Bearer "+e2e.Token)
			req.Header.Set("Mcp-Session-Id", dead+".probe")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				return false
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if !strings.Contains(string(body), "no longer serving") {
				return false
			}
		}
		return true
	})
	for i, c := range cl {
		wg.Add(1)
		go func(i int, c *client) {
			defer wg.Done()
			res, err := e2e.TryCall(c.cs, "execute_code", map[string]any{"code": "return x"})
			if c.owner == dead {
				msg := ""
				if err != nil {
					msg = err.Error()
				} else if res.IsError {
					msg = e2e.Text(res)
				}
				if !strings.Contains(msg, "belongs to replica "+dead+", which is no longer serving") || !strings.Contains(msg, "start a new session") {
					t.Errorf("client %d of the dead replica: %v %q; want an error saying its session is gone", i, res, msg)
				}
				return
			}
			if err != nil || res.IsError || fmt.Sprint(e2e.Structured(res)["value"]) != fmt.Sprint(i) {
				t.Errorf("client %d of a live replica after the kill: %v %v", i, err, res)
			}
		}(i, c)
	}
	wg.Wait()
}

// httpProxy serves requests through a RoundTripper, streaming responses
// (SSE) as they come.
type httpProxy struct{ rt http.RoundTripper }

func (p *httpProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	out := r.Clone(context.WithoutCancel(r.Context()))
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	out = out.WithContext(ctx)
	out.RequestURI = ""
	res, err := p.rt.RoundTrip(out)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer res.Body.Close()
	for k, v := range res.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(res.StatusCode)
	buf := make([]byte, 32<<10)
	for {
		n, err := res.Body.Read(buf)
		if n > 0 {
			w.Write(buf[:n])
			http.NewResponseController(w).Flush()
		}
		if err != nil {
			return
		}
	}
}
