package security_test

// HTTP: the Streamable HTTP transport under hostile clients: missing or
// forged tokens, slow headers and bodies, huge bodies, idle connections,
// too many requests per token.

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackHTTPForgedTokens: requests without a token, with a wrong one,
// with another scheme or a token differing in case or padding get 401 and
// no MCP session.
func TestAttackHTTPForgedTokens(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "")
	url := e.HTTPURL(t)
	for _, auth := range []string{"", "Bearer", "Bearer ", "Bearer wrong", "Basic " + e2e.Token, "Bearer " + strings.ToUpper(e2e.Token), "Bearer " + e2e.Token + "x", "Bearer " + e2e.Token[:len(e2e.Token)-1]} {
		req, _ := http.NewRequest("POST", url, strings.NewReader(initializeBody))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized || resp.Header.Get("Mcp-Session-Id") != "" {
			t.Errorf("Authorization %q: status %d, session %q; want 401 and no session", auth, resp.StatusCode, resp.Header.Get("Mcp-Session-Id"))
		}
	}
}

const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`

// limitedServer serves the upstream test server with tight HTTP limits and
// the crash plugin's routes.
func limitedServer(t *testing.T, limits string) (*e2e.Env, *e2e.Server) {
	t.Helper()
	e := bins.NewEnv(t, "\n[plugins]\nuse = [\"crash\"]\n")
	cfg := e.Config + ".limits.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[http]\n"+limits+"\n"+e2e.TokenSection)
	return e, e.ServeHTTP(t, cfg)
}

// hostPort is the listener address of an MCP URL.
func hostPort(url string) string {
	return strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/mcp")
}

// closedWithin reads from c until the server closes it (or answers and
// closes) and fails the test if that takes longer than d. It returns what
// the server sent.
func closedWithin(t *testing.T, c net.Conn, d time.Duration, what string) string {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(d))
	data, err := io.ReadAll(c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Errorf("%s: the server still held the connection after %s", what, d)
	}
	return string(data)
}

// TestAttackHTTPSlowHeaders: a client that sends its headers a byte at a
// time (slowloris), or connects and sends nothing, is disconnected after
// header_timeout.
func TestAttackHTTPSlowHeaders(t *testing.T) {
	t.Parallel()
	_, srv := limitedServer(t, `header_timeout = "1s"`)
	addr := hostPort(srv.URL)
	var wg sync.WaitGroup
	for _, kind := range []string{"dribble", "silent"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Error(err)
				return
			}
			defer c.Close()
			start := time.Now()
			if kind == "dribble" {
				go func() {
					for _, b := range []byte("POST /mcp HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + e2e.Token + "\r\nX-Slow: ") {
						if _, err := c.Write([]byte{b}); err != nil {
							return
						}
						time.Sleep(200 * time.Millisecond)
					}
				}()
			}
			closedWithin(t, c, 20*time.Second, kind+" headers")
			if d := time.Since(start); d < 900*time.Millisecond {
				t.Errorf("%s headers: closed after %s, before the timeout", kind, d)
			}
		}()
	}
	wg.Wait()
}

// TestAttackHTTPSlowBody: an authenticated client that declares a body
// and sends it slowly (or not at all) gets 408 after body_timeout, on the
// MCP endpoint and on a plugin route; one whose body is too big gets 413
// without the server reading it all.
func TestAttackHTTPSlowBody(t *testing.T) {
	t.Parallel()
	_, srv := limitedServer(t, "body_timeout = \"1s\"\nmax_body_bytes = \"64KiB\"")
	addr := hostPort(srv.URL)
	var wg sync.WaitGroup
	for _, path := range []string{"/mcp", "/crash/ok"} {
		for _, kind := range []string{"stalled", "dribble", "huge", "huge chunked"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				what := kind + " body to " + path
				c, err := net.Dial("tcp", addr)
				if err != nil {
					t.Error(err)
					return
				}
				defer c.Close()
				head := "POST " + path + " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + e2e.Token + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
				want := "408"
				switch kind {
				case "stalled":
					fmt.Fprintf(c, "%sContent-Length: 1000\r\n\r\n{\"jsonrpc\"", head)
				case "dribble":
					fmt.Fprintf(c, "%sContent-Length: 1000\r\n\r\n", head)
					go func() {
						for i := 0; i < 1000; i++ {
							if _, err := c.Write([]byte(" ")); err != nil {
								return
							}
							time.Sleep(100 * time.Millisecond)
						}
					}()
				case "huge":
					want = "413"
					fmt.Fprintf(c, "%sContent-Length: %d\r\n\r\n", head, 1<<30)
				case "huge chunked":
					want = "413"
					fmt.Fprintf(c, "%sTransfer-Encoding: chunked\r\n\r\n", head)
					go func() {
						chunk := fmt.Sprintf("%x\r\n%s\r\n", 32<<10, strings.Repeat(" ", 32<<10))
						for i := 0; i < 64; i++ {
							if _, err := io.WriteString(c, chunk); err != nil {
								return
							}
						}
					}()
				}
				start := time.Now()
				_ = c.SetReadDeadline(time.Now().Add(20 * time.Second))
				status, err := bufio.NewReader(c).ReadString('\n')
				if err != nil || !strings.Contains(status, want) {
					t.Errorf("%s: status line %q (%v) after %s, want %s", what, status, err, time.Since(start), want)
				}
			}()
		}
	}
	wg.Wait()
	// The server is fine afterwards.
	cs := e2e.ConnectHTTP(t, srv.URL)
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Errorf("after the slow bodies: %v", err)
	}
}

// TestAttackHTTPManyIdleConnections: one address opening many idle
// connections gets only max_connections_per_ip of them (the rest are
// closed at once), those are dropped after header_timeout, and a client
// at another address is served throughout.
func TestAttackHTTPManyIdleConnections(t *testing.T) {
	t.Parallel()
	_, srv := limitedServer(t, "header_timeout = \"2s\"\nmax_connections_per_ip = 8")
	addr := hostPort(srv.URL)
	var conns []net.Conn
	for range 40 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		defer c.Close()
	}
	// The server closes what is over the cap at once.
	closed := 0
	for _, c := range conns {
		_ = c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
		if _, err := c.Read(make([]byte, 1)); err == io.EOF {
			closed++
		}
	}
	if closed < 40-8 {
		t.Errorf("%d of 40 idle connections from one address were closed at once; want at least %d", closed, 40-8)
	}
	// Another loopback address is served meanwhile.
	other := &http.Client{Transport: e2e.Bearer(e2e.Token)}
	tr := &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}}).DialContext}
	other.Transport = bearerOver{tr}
	cs, err := e2e.Client(nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: srv.URL, HTTPClient: other}, nil)
	if err != nil {
		t.Fatalf("a client at 127.0.0.2 during the flood: %v", err)
	}
	defer cs.Close()
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Errorf("a client at 127.0.0.2 during the flood: %v", err)
	}
	// The held ones are dropped after header_timeout.
	for i, c := range conns {
		closedWithin(t, c, 20*time.Second, fmt.Sprintf("idle connection %d", i))
	}
}

// bearerOver adds the e2e token on top of a transport.
type bearerOver struct{ rt http.RoundTripper }

func (b bearerOver) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+e2e.Token)
	return b.rt.RoundTrip(r)
}

// TestAttackHTTPRequestsPerToken: one token cannot hold more than
// max_requests_per_token requests in progress (the rest are 429 with
// Retry-After), another token is served meanwhile, and long responses and
// quiet SSE streams are not cut by the body or write timeouts.
func TestAttackHTTPRequestsPerToken(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	// The token's run cap is its request cap: the requests, not runs
	// queued behind a smaller run cap, are what this test holds.
	e := bins.NewEnv(t, "\n[session]\nmax_concurrent_runs_per_token = 4\n")
	cfg := e.Config + ".limits.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[http]\nmax_requests_per_token = 4\nbody_timeout = \"1s\"\nwrite_timeout = \"1s\"\n"+
		e.AddToken("greedy", "greedy-secret-0123456789", `allow = "source"`)+e.AddToken("other", "other-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	const n = 8
	// The greedy runs wait at a gate until every client has either begun
	// its run or been refused: 2.5s runs begun by a loaded machine one
	// after another never had five requests in progress at once.
	gate := e2e.NewGate(t)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var ok, refused int
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cs, err := e2e.DialHTTP(srv.URL, "greedy-secret-0123456789", nil)
			if err == nil {
				defer cs.Close()
				var res *mcp.CallToolResult
				res, err = e2e.TryCall(cs, "execute_code", map[string]any{"code": "await " + gate.Slow() + "\nreturn 1"})
				if err == nil && res.IsError {
					err = fmt.Errorf("%s", e2e.Text(res))
				}
			}
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case strings.Contains(err.Error(), "429") || strings.Contains(err.Error(), "Too Many Requests") || strings.Contains(err.Error(), "too many requests"):
				refused++
			default:
				t.Errorf("greedy client: %v", err)
			}
		}()
	}
	gate.WaitUntil(t, "each greedy client to begin its run or be refused", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return gate.Started()+refused >= n
	})
	other := e2e.ConnectHTTPToken(t, srv.URL, "other-secret-0123456789", nil)
	if v := e2e.MustRun(t, other, "return 7"); v != float64(7) {
		t.Errorf("the other token during the flood: %v", v)
	}
	gate.Open(t)
	wg.Wait()
	if ok == 0 || refused == 0 {
		t.Errorf("of %d concurrent clients of one token %d ran and %d were refused; want some of each", n, ok, refused)
	}
	// A run that streams progress with gaps longer than write_timeout:
	// each write has its own deadline, so the stream lives.
	var progress atomic.Int32
	cs := e2e.ConnectHTTPToken(t, srv.URL, "greedy-secret-0123456789", &mcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) { progress.Add(1) },
	})
	params := &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": "await up.slow(ms=4500)\nreturn 8"}}
	params.SetProgressToken("p1")
	res, err := cs.CallTool(context.Background(), params)
	if err != nil || res.IsError || e2e.Structured(res)["value"] != float64(8) {
		t.Errorf("after the flood, a run longer than the body and write timeouts: %v %v", err, res)
	}
	if progress.Load() == 0 {
		t.Errorf("no progress notification arrived over a stream quiet for longer than write_timeout")
	}
}

// TestAttackHTTPSlowReader: clients that ask for a large answer and never
// read it once held a server goroutine (and the answer) each, forever.
// With write_timeout each write waits at most that long: the server drops
// them, its goroutines come back to where they were, and it serves others
// meanwhile.
func TestAttackHTTPSlowReader(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[plugins]\nuse = [\"stats\"]\n\n[results]\nmax_entry_bytes = \"16MiB\"\n")
	cfg := e.Config + ".limits.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[http]\nwrite_timeout = \"1s\"\n"+e2e.TokenSection)
	srv := e.ServeHTTP(t, cfg)
	addr := hostPort(srv.URL)
	cs := e2e.ConnectHTTP(t, srv.URL)
	e2e.MustRun(t, cs, "return 1")

	// Each reader saves a 12 MB result in its session; its sessions stay
	// open (they hold goroutines of their own, rightly).
	const readers = 3
	type reader struct{ sid, uri string }
	var rs []reader
	for range readers {
		sess := e2e.ConnectHTTP(t, srv.URL)
		h, _ := e2e.MustRun(t, sess, "return await save_result('x' * (12 << 20))").(string)
		rs = append(rs, reader{sess.ID(), "toolplane://results/" + h})
	}
	time.Sleep(time.Second)
	base := goroutines(t, srv.URL)

	// Each reads its result over a connection with a tiny receive window
	// and never reads the answer, until the test ends.
	release := make(chan struct{})
	var wg sync.WaitGroup
	for _, r := range rs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
				return rc.Control(func(fd uintptr) { _ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
			}}
			c, err := d.Dial("tcp", addr)
			if err != nil {
				t.Error(err)
				return
			}
			defer c.Close()
			body := fmt.Sprintf(`{"jsonrpc":"2.0","id":9,"method":"resources/read","params":{"uri":%q}}`, r.uri)
			fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nMcp-Session-Id: %s\r\nMcp-Protocol-Version: 2025-06-18\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n%s", addr, e2e.Token, r.sid, len(body), body)
			<-release
		}()
	}
	time.Sleep(1500 * time.Millisecond)
	if v := e2e.MustRun(t, cs, "return 2"); v != float64(2) {
		t.Errorf("another client while the readers stall: %v", v)
	}
	// The stalled writes give up after write_timeout (1s); the goroutines
	// go. The deadline is generous for a loaded machine and still far
	// short of "never".
	deadline := time.Now().Add(30 * time.Second)
	for {
		n := goroutines(t, srv.URL)
		if n <= base+2 {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("goroutines %d, %d before the slow readers: their writes never gave up", n, base)
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	close(release)
	wg.Wait()
}

// TestAttackHTTPHugeHeaders: headers are read before the token is
// checked, and net/http's default bound is 1 MiB a request: 250
// connections sending a megabyte of header lines each and never ending
// them held 215 MB of an idle server, unauthenticated (a gigabyte over
// the default max_connections). Each is now refused at 64 KiB with 431,
// the server's memory barely moves, and a client is served meanwhile.
func TestAttackHTTPHugeHeaders(t *testing.T) {
	t.Parallel()
	_, srv := limitedServer(t, "")
	addr := hostPort(srv.URL)
	before := serverRSS(t, srv.Cmd.Process.Pid)
	line := "X-Pad: " + strings.Repeat("a", 8000) + "\r\n"
	var conns []net.Conn
	var refused atomic.Int32
	var wg sync.WaitGroup
	for range 200 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns = append(conns, c)
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = c.SetDeadline(time.Now().Add(20 * time.Second))
			if _, err := io.WriteString(c, "POST /mcp HTTP/1.1\r\nHost: x\r\n"); err != nil {
				return
			}
			for range 125 {
				if _, err := io.WriteString(c, line); err != nil {
					break // refused and closed
				}
			}
			status := make([]byte, 12)
			if _, err := io.ReadFull(c, status); err == nil && strings.Contains(string(status), "431") {
				refused.Add(1)
			}
		}()
	}
	cs := e2e.ConnectHTTP(t, srv.URL)
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Errorf("a client during the flood: %v", err)
	}
	wg.Wait()
	grew := peakRSS(t, srv.Cmd.Process.Pid) - before
	if grew > 80<<20 {
		t.Errorf("200 connections sending a megabyte of headers each grew the server by %d MiB", grew>>20)
	}
	if n := refused.Load(); n < 150 {
		t.Errorf("%d of 200 connections with a megabyte of headers were refused with 431", n)
	}
	t.Logf("grew %d MiB; %d refused with 431", grew>>20, refused.Load())
}

// TestAttackHTTPBodiesDecodedAtOnce: an admitted token sends 64 requests
// at once, each a 4 MiB body the SDK decodes into ten times its size: a
// million names for get_capability_schemas, an object of 600,000 keys, a
// 3 MiB query. Each request's size was bounded, but not how many the
// server decoded at once: 64 of them took it to 2.4 GiB. The server stays
// under 500 MiB (~330), every request gets an answer (the refusal of
// its arguments, or 503 when it waited too long for room), and another
// token's small requests are served during the flood.
func TestAttackHTTPBodiesDecodedAtOnce(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cfg := e.Config + ".tokens.toml"
	// A request waits for room at most body_timeout, well within the
	// client's 30 s: 64 requests taking turns outlast it on a loaded
	// machine, and the late ones must hear 503, not time out.
	e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[http]\nbody_timeout = \"8s\"\n"+e.AddToken("mallory", "mallory-secret-0123456789", `allow = "source"`)+
		e.AddToken("alice", "alice-secret-0123456789", `allow = "source"`))
	e.MemoryCap = 4 << 30
	srv := e.ServeHTTP(t, cfg)
	m := &rawSession{t: t, url: srv.URL, token: "mallory-secret-0123456789"}
	m.open()
	alice := e2e.ConnectHTTPToken(t, srv.URL, "alice-secret-0123456789", nil)

	names := strings.TrimSuffix(strings.Repeat(`"a",`, 1_000_000), ",")
	bodies := []string{
		`{"jsonrpc":"2.0","id":ID,"method":"tools/call","params":{"name":"get_capability_schemas","arguments":{"names":[` + names + `]}}}`,
		`{"jsonrpc":"2.0","id":ID,"method":"tools/call","params":{"name":"search_capabilities","arguments":{"query":"x",` + strings.Repeat(`"k":1,`, 600_000) + `"limit":1}}}`,
		`{"jsonrpc":"2.0","id":ID,"method":"tools/call","params":{"name":"search_capabilities","arguments":{"query":"` + strings.Repeat("é", 1_500_000) + `"}}}`,
	}
	var wg sync.WaitGroup
	var answered, busy atomic.Int32
	for i := range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &rawSession{t: t, url: srv.URL, token: m.token, id: m.id}
			body := strings.Replace(bodies[i%len(bodies)], "ID", itoa(100+i), 1)
			switch code, out := s.post(body); {
			case code == http.StatusOK && strings.Contains(out, `"isError":true`):
				answered.Add(1)
			case code == http.StatusServiceUnavailable && strings.Contains(out, "large request bodies"):
				busy.Add(1)
			default:
				t.Errorf("request %d: %d %s", i, code, truncateText(out, 300))
			}
		}()
	}
	// alice's small requests go on meanwhile.
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	for i := 0; ; i++ {
		start := time.Now()
		if v := e2e.MustRun(t, alice, "return 6 * 7"); v != float64(42) {
			t.Errorf("alice during the flood: %v", v)
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("alice's run took %v during the flood", d)
		}
		select {
		case <-done:
		case <-time.After(200 * time.Millisecond):
			continue
		}
		break
	}
	t.Logf("%d refused for their arguments, %d told to retry; peak %d MiB", answered.Load(), busy.Load(), peakRSS(t, srv.Cmd.Process.Pid)>>20)
	if answered.Load() == 0 {
		t.Errorf("no request of the flood was answered")
	}
	if rss := peakRSS(t, srv.Cmd.Process.Pid); rss > 500<<20 {
		t.Errorf("64 requests of 4 MiB took the server to %d MiB", rss>>20)
	}
}

// TestAttackHTTPBodiesWithoutAToken: the bodies budget is per token, so a
// sender without one, or with a new forged token on every request, might
// have been charged to no one. 64 requests at once of 4 MiB bodies (half
// of them chunked, of unknown length), without a token or each with its
// own forged one: every one is refused with 401 before its body is read,
// the server's peak stays near its start, and an admitted token's runs go
// on meanwhile. Held: authentication comes before the body is read.
func TestAttackHTTPBodiesWithoutAToken(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("alice", "alice-secret-0123456789", `allow = "source"`))
	e.MemoryCap = 4 << 30
	srv := e.ServeHTTP(t, cfg)
	pid := srv.Cmd.Process.Pid
	alice := e2e.ConnectHTTPToken(t, srv.URL, "alice-secret-0123456789", nil)
	base := peakRSS(t, pid)
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_capabilities","arguments":{"query":"` + strings.Repeat("é", 2_000_000) + `"}}}`
	var wg sync.WaitGroup
	var refused atomic.Int32
	for i := range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var r io.Reader = strings.NewReader(body)
			if i%2 == 1 {
				r = io.MultiReader(r) // no length: sent chunked
			}
			req, _ := http.NewRequest(http.MethodPost, srv.URL, r)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if i%4 >= 2 {
				req.Header.Set("Authorization", "Bearer forged-"+itoa(i)+"-0123456789abcdef")
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			resp, err := http.DefaultClient.Do(req.WithContext(ctx))
			if err != nil {
				refused.Add(1) // the server closed the connection while the body was sent
				return
			}
			readAll(t, resp)
			if resp.StatusCode == http.StatusUnauthorized {
				refused.Add(1)
			} else {
				t.Errorf("request %d without a valid token: %d", i, resp.StatusCode)
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	for {
		if v := e2e.MustRun(t, alice, "return 6 * 7"); v != float64(42) {
			t.Errorf("alice during the flood: %v", v)
		}
		select {
		case <-done:
		case <-time.After(200 * time.Millisecond):
			continue
		}
		break
	}
	grown := peakRSS(t, pid) - base
	t.Logf("%d of 64 refused; peak +%d MiB over %d MiB", refused.Load(), grown>>20, base>>20)
	if refused.Load() != 64 {
		t.Errorf("%d of 64 requests without a valid token were refused", refused.Load())
	}
	if grown > 150<<20 {
		t.Errorf("64 bodies without a token grew the server by %d MiB", grown>>20)
	}
}

// TestAttackHTTPTokensHoldingConnections: connections are accepted
// before their token is known, so a token holding GET streams (one per
// MCP session, open as long as the session lives) once took the whole of
// max_connections_per_ip (all clients behind one proxy or NAT) and
// max_connections: two tokens holding streams closed every other token's
// connections as soon as they were accepted. Now a token takes a place
// only while it holds fewer than are left free: the greedy tokens' extra
// streams are refused with 429 and a JSON-RPC error naming the key, a
// third token is served meanwhile, and a token alone works normally once
// they let go.
func TestAttackHTTPTokensHoldingConnections(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cfg := tokensConfig(t, e, "\n[http]\nmax_connections = 12\nmax_connections_per_ip = 12\n", "greedy1", "greedy2", "other")
	srv := e.ServeHTTP(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	// One connection per request, as clients behind a proxy each have
	// their own.
	oneShot := func() *http.Client {
		return &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	}
	do := func(token, method, session, body string) (*http.Response, error) {
		var rd io.Reader
		if body != "" {
			rd = strings.NewReader(body)
		}
		req, _ := http.NewRequestWithContext(ctx, method, srv.URL, rd)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Content-Type", "application/json")
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
			req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		}
		return oneShot().Do(req)
	}
	var held []io.Closer
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	var refusals []string
	// hold opens sessions of token with a GET stream each until the
	// server stops taking them; it returns how many it holds.
	hold := func(token string) int {
		n := 0
		for range 12 {
			resp, err := do(token, http.MethodPost, "", initializeBody)
			if err != nil {
				return n
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			id := resp.Header.Get("Mcp-Session-Id")
			if resp.StatusCode != http.StatusOK || id == "" {
				return n
			}
			if resp, err := do(token, http.MethodPost, id, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			resp, err = do(token, http.MethodGet, id, "")
			if err != nil {
				return n
			}
			if resp.StatusCode != http.StatusOK {
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				refusals = append(refusals, fmt.Sprintf("%d %s", resp.StatusCode, body))
				return n
			}
			held = append(held, resp.Body)
			n++
		}
		return n
	}
	n1 := hold("greedy1-secret-0123456789")
	n2 := hold("greedy2-secret-0123456789")
	t.Logf("greedy1 holds %d streams, greedy2 %d; refused: %q", n1, n2, refusals)
	if n1 == 0 || n2 == 0 {
		t.Errorf("greedy tokens hold %d and %d streams; want some each", n1, n2)
	}
	if len(refusals) == 0 || !strings.Contains(refusals[0], "429") || !strings.Contains(refusals[0], `"jsonrpc":"2.0"`) || !strings.Contains(refusals[0], "[http] max_connections") {
		t.Errorf("a stream over a token's share: %q; want 429 with a JSON-RPC error naming [http] max_connections", refusals)
	}
	// A third token is served while they hold theirs.
	var other *mcp.ClientSession
	var err error
	for range 20 {
		if other, err = e2e.DialHTTP(srv.URL, "other-secret-0123456789", nil); err == nil {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("a third token while two hold streams: %v", err)
	}
	if v, err := tryRun(other, "return 7"); err != nil || v != float64(7) {
		t.Errorf("a third token's run while two hold streams: %v %v", v, err)
	}
	other.Close()
	// Let go: a token alone works normally again.
	for _, c := range held {
		c.Close()
	}
	held = nil
	var alone *mcp.ClientSession
	for range 40 {
		if alone, err = e2e.DialHTTP(srv.URL, "greedy1-secret-0123456789", nil); err == nil {
			if v, rerr := tryRun(alone, "return 8"); rerr == nil && v == float64(8) {
				alone.Close()
				return
			} else {
				err = fmt.Errorf("run: %v %v", v, rerr)
			}
			alone.Close()
		}
		time.Sleep(500 * time.Millisecond)
	}
	t.Errorf("greedy1 alone after its streams closed: %v", err)
}

// tryRun runs code with execute_code and returns its value or the error.
func tryRun(cs *mcp.ClientSession, code string) (any, error) {
	res, err := e2e.TryCall(cs, "execute_code", map[string]any{"code": code})
	if err != nil {
		return nil, err
	}
	if res.IsError {
		return nil, fmt.Errorf("%s", e2e.Text(res))
	}
	return e2e.Structured(res)["value"], nil
}

// TestAttackHTTPTokenHoldingIdleConnections: a request's connection is
// kept alive after its answer, idle until [http] idle_timeout, and only
// requests in progress were counted per token: one token left a kept
// connection after each of 12 requests and held all of max_connections
// (and of max_connections_per_ip, all clients behind one proxy) with
// idle connections, and every other token's connections were closed as
// soon as they were accepted. A kept connection now holds its token's
// place: a token over its share (it takes a place only while it holds
// fewer than are left free) is answered 429 and its connection closed,
// and another token is served meanwhile.
func TestAttackHTTPTokenHoldingIdleConnections(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cfg := e.Config + ".limits.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[http]\nmax_connections = 12\nmax_connections_per_ip = 12\n"+
		e.AddToken("idler", "idler-secret-0123456789", `allow = "source"`)+
		e.AddToken("other", "other-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	addr := strings.TrimPrefix(strings.TrimSuffix(srv.URL, "/mcp"), "http://")
	var kept []net.Conn
	defer func() {
		for _, c := range kept {
			c.Close()
		}
	}()
	refused := ""
	// Each connection sends one request (an MCP initialize, answered
	// 200) and stays open, idle, as a client's pool keeps it.
	for range 12 {
		c, status, body, closing, err := postInitialize(addr, "Authorization: Bearer idler-secret-0123456789\r\n")
		if c == nil {
			break
		}
		if err != nil {
			c.Close()
			break // closed at accept: the listener is full
		}
		if status != http.StatusOK || closing {
			refused = fmt.Sprintf("%d %s", status, body)
			c.Close()
			break
		}
		kept = append(kept, c)
	}
	t.Logf("idler keeps %d idle connections; refused: %q", len(kept), refused)
	if len(kept) > 6 {
		t.Errorf("one token keeps %d of max_connections = 12 as idle connections; want at most its share (6)", len(kept))
	}
	if !strings.Contains(refused, "429") || !strings.Contains(refused, "[http] max_connections") {
		t.Errorf("a request over the token's share of the connections: %q; want 429 naming [http] max_connections", refused)
	}
	var other *mcp.ClientSession
	var err error
	for range 20 {
		if other, err = e2e.DialHTTP(srv.URL, "other-secret-0123456789", nil); err == nil {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("another token while one keeps idle connections: %v", err)
	}
	defer other.Close()
	if v, err := tryRun(other, "return 7"); err != nil || v != float64(7) {
		t.Errorf("another token's run while one keeps idle connections: %v %v", v, err)
	}
}

// TestIdleConnectionGivesWayToANewOne: with every place of
// max_connections held by tokens' idle keep-alive connections (each token
// within its share), a new connection was closed as soon as it was
// accepted, whoever it came from, though the idle ones were only waiting
// for a next request that might never come. Now the idle connection of
// the token holding the most places is closed instead, and the new
// connection is served.
func TestIdleConnectionGivesWayToANewOne(t *testing.T) {
	t.Parallel()
	request := idleCapServer(t)
	// ask sends token's request: its answer's status, negative when the
	// server closed the connection after it.
	ask := func(token string) (net.Conn, int) {
		c, st, closed := request("Authorization: Bearer " + token + "\r\n")
		if closed {
			st = -st
		}
		return c, st
	}
	// a holds 2 of the 4 places idle, b 1, c 1: each within its share.
	var aConns []net.Conn
	for _, tok := range []string{"a", "a", "b", "c"} {
		c, status := ask(tok + "-secret-0123456789")
		if status != http.StatusOK {
			t.Fatalf("token %s's request: status %d; want 200 kept alive", tok, status)
		}
		if tok == "a" {
			aConns = append(aConns, c)
		}
	}
	if _, status := ask("d-secret-0123456789"); status != http.StatusOK {
		t.Fatalf("a fourth token's request with every place held idle: status %d (0: closed on accept); want 200", status)
	}
	// One of a's idle connections was closed to make room.
	closed := 0
	for _, c := range aConns {
		_ = c.SetReadDeadline(time.Now().Add(2 * time.Second))
		if _, err := c.Read(make([]byte, 1)); err == io.EOF {
			closed++
		}
	}
	if closed != 1 {
		t.Errorf("%d of the richest token's 2 idle connections were closed; want 1", closed)
	}
}

// TestUnauthenticatedConnectionClosesNoIdleOne: a connection accepted
// over max_connections while every place is held idle takes an idle
// connection's place only once a token admits its request. Closing one
// at accept, when the asking token is not known, let a client with no
// token close the admitted tokens' kept-alive connections over and over
// (one per connection it opened and sent a 401-bound request on).
func TestUnauthenticatedConnectionClosesNoIdleOne(t *testing.T) {
	t.Parallel()
	full := idleCapServer(t)
	request := func(auth string) (net.Conn, int) {
		c, status, _ := full(auth)
		return c, status
	}
	var idle []net.Conn
	for _, tok := range []string{"a", "a", "b", "c"} {
		c, status := request("Authorization: Bearer " + tok + "-secret-0123456789\r\n")
		if status != http.StatusOK {
			t.Fatalf("token %s's request: status %d; want 200 kept alive", tok, status)
		}
		idle = append(idle, c)
	}
	// Clients with no token, or a wrong one, open connections over the
	// cap one after the other.
	for i := range 6 {
		auth := "Authorization: Bearer not-a-token-0123456789\r\n"
		if i%2 == 1 {
			auth = ""
		}
		if _, status := request(auth); status != 0 && status != http.StatusUnauthorized {
			t.Fatalf("request %d without an admitted token: status %d; want 401 or closed", i, status)
		}
	}
	closed := 0
	for _, c := range idle {
		_ = c.SetReadDeadline(time.Now().Add(2 * time.Second))
		if _, err := c.Read(make([]byte, 1)); err == io.EOF {
			closed++
		}
		_ = c.SetReadDeadline(time.Time{})
	}
	if closed != 0 {
		t.Fatalf("%d of the 4 admitted idle connections were closed by connections no token admitted; want 0", closed)
	}
	// An admitted token's connection still takes one's place.
	if _, status := request("Authorization: Bearer d-secret-0123456789\r\n"); status != http.StatusOK {
		t.Fatalf("a fourth token's request with every place held idle: status %d (0: closed on accept); want 200", status)
	}
}

// idleCapServer serves HTTP with max_connections = 4 (also per address)
// and tokens a, b, c and d (secret NAME-secret-0123456789), and returns a
// request function: it opens a connection, sends one initialize with the
// header lines auth ("" for none) and returns the connection, the
// answer's status (0 when the connection was closed first) and whether
// the server said it closes the connection after it. The test's cleanup
// closes the connections.
func idleCapServer(t *testing.T) func(auth string) (net.Conn, int, bool) {
	t.Helper()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cfg := tokensConfig(t, e, "\n[http]\nmax_connections = 4\nmax_connections_per_ip = 4\n", "a", "b", "c", "d")
	srv := e.ServeHTTP(t, cfg)
	addr := strings.TrimPrefix(strings.TrimSuffix(srv.URL, "/mcp"), "http://")
	var mu sync.Mutex
	var conns []net.Conn
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return func(auth string) (net.Conn, int, bool) {
		c, status, _, closing, err := postInitialize(addr, auth)
		if c == nil {
			t.Fatal(err)
		}
		mu.Lock()
		conns = append(conns, c)
		mu.Unlock()
		if err != nil {
			return c, 0, true
		}
		return c, status, closing
	}
}

// postInitialize opens a connection to addr and sends one MCP initialize
// with the header lines auth ("" for none). It returns the connection
// (nil, with err, when it could not be opened), the answer's status and
// body (err when the connection was closed before an answer) and whether
// the server said it closes the connection after it. The caller closes
// the connection.
func postInitialize(addr, auth string) (c net.Conn, status int, body string, closing bool, err error) {
	c, err = net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return nil, 0, "", false, err
	}
	_ = c.SetDeadline(time.Now().Add(30 * time.Second))
	fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\n%sContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n%s", addr, auth, len(initializeBody), initializeBody)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return c, 0, "", false, err
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	_ = c.SetDeadline(time.Time{})
	return c, resp.StatusCode, string(b), resp.Close, nil
}
