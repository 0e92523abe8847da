package security_test

// Protocol: a hostile token (admitted to nothing) speaks raw JSON-RPC over
// Streamable HTTP: batches, methods outside what it was given, requests
// with ids and progress tokens it guessed, cancellations of requests that
// are not its own, session ids of other tokens, streams held open. It
// reaches nothing, learns nothing of another session, and cancels nothing
// but its own work; the other token's session is untouched.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// rawSession is a hand-made Streamable HTTP session of one token.
type rawSession struct {
	t     *testing.T
	url   string
	token string
	id    string
}

// post sends one JSON-RPC body (a message or anything else) on the
// session and returns the status and the body (SSE data lines joined).
func (s *rawSession) post(body string, hdr ...string) (int, string) {
	s.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+s.token)
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	if s.id != "" {
		req.Header.Set("Mcp-Session-Id", s.id)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	if id := resp.Header.Get("Mcp-Session-Id"); id != "" && s.id == "" {
		s.id = id
	}
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	text := string(raw)
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		var data []string
		for _, line := range strings.Split(text, "\n") {
			if d, ok := strings.CutPrefix(line, "data: "); ok {
				data = append(data, d)
			}
		}
		text = strings.Join(data, "\n")
	}
	return resp.StatusCode, text
}

// open initializes the session.
func (s *rawSession) open() {
	s.t.Helper()
	code, body := s.post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"elicitation":{},"sampling":{},"roots":{"listChanged":true}},"clientInfo":{"name":"mallory","version":"1"}}}`)
	if code != http.StatusOK || s.id == "" {
		s.t.Fatalf("initialize: %d %s", code, body)
	}
	if code, body := s.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`); code/100 != 2 {
		s.t.Fatalf("initialized: %d %s", code, body)
	}
}

// TestAttackHostileTokenProtocol: mallory's token is admitted to nothing.
// Over raw JSON-RPC she tries batches, every method the server does not
// offer her, direct calls of the tools alice may use, cancellations and
// progress tokens guessed from alice's requests, and alice's session id in
// DELETE and GET. alice's slow run finishes untouched with its progress,
// her session and her saved result stay hers, and mallory sees no
// capability, result or notification of hers.
func TestAttackHostileTokenProtocol(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[facade]\ntools = true\n")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("alice", "alice-secret-0123456789", `allow = "source"`)+e.AddToken("mallory", "mallory-secret-0123456789", `allow = "name=nothing-has-this-name"`))
	srv := e.ServeHTTP(t, cfg)

	var progress sync.Map
	alice := e2e.ConnectHTTPToken(t, srv.URL, "alice-secret-0123456789", &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			progress.Store(r.Params.Message, true)
		},
	})
	handle, _ := e2e.MustRun(t, alice, `return await save_result({"card": "4111-secret"}, label="alice")`).(string)

	// alice starts a slow run with a progress token anyone could guess;
	// it stays in progress (at the gate) for the whole attack.
	gate := e2e.NewGate(t)
	aliceDone := make(chan string, 1)
	go func() {
		params := &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": "await " + gate.Slow() + "\nreturn 'alice finished'"}}
		params.SetProgressToken(1)
		res, err := alice.CallTool(context.Background(), params)
		switch {
		case err != nil:
			aliceDone <- "error: " + err.Error()
		case res.IsError:
			aliceDone <- "tool error: " + e2e.Text(res)
		default:
			v, _ := e2e.Structured(res)["value"].(string)
			aliceDone <- v
		}
	}()
	gate.WaitStarted(t, 1)

	m := &rawSession{t: t, url: srv.URL, token: "mallory-secret-0123456789"}
	m.open()
	var seen []string // everything mallory got back
	send := func(what, body string, hdr ...string) (int, string) {
		code, out := m.post(body, hdr...)
		seen = append(seen, out)
		t.Logf("%s: %d %s", what, code, truncateText(out, 300))
		return code, out
	}

	// Cancellations and progress aimed at alice's request ids (small
	// integers, as every SDK numbers them).
	for id := 0; id < 20; id++ {
		send(fmt.Sprintf("cancel %d", id), fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%d,"reason":"mallory"}}`, id))
	}
	send("progress", `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":99,"message":"from mallory"}}`)

	// Batches: of calls, of initializes, of a thousand pings.
	send("batch of calls", `[{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"return 1"}}},{"jsonrpc":"2.0","id":11,"method":"tools/list"}]`)
	send("batch of pings", "["+strings.TrimSuffix(strings.Repeat(`{"jsonrpc":"2.0","id":12,"method":"ping"},`, 1000), ",")+"]")

	// Methods outside what she was given, and direct tools of alice's.
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":20,"method":"prompts/list"}`,
		`{"jsonrpc":"2.0","id":21,"method":"prompts/get","params":{"name":"x"}}`,
		`{"jsonrpc":"2.0","id":22,"method":"completion/complete","params":{"ref":{"type":"ref/resource","uri":"toolplane://results/` + handle + `"},"argument":{"name":"x","value":"res_"}}}`,
		`{"jsonrpc":"2.0","id":23,"method":"logging/setLevel","params":{"level":"debug"}}`,
		`{"jsonrpc":"2.0","id":24,"method":"resources/templates/list"}`,
		`{"jsonrpc":"2.0","id":25,"method":"resources/subscribe","params":{"uri":"toolplane://results/` + handle + `"}}`,
		`{"jsonrpc":"2.0","id":26,"method":"resources/read","params":{"uri":"toolplane://results/` + handle + `"}}`,
		`{"jsonrpc":"2.0","id":27,"method":"resources/list"}`,
		`{"jsonrpc":"2.0","id":28,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":29,"method":"tools/call","params":{"name":"up_echo","arguments":{"text":"x"}}}`,
		`{"jsonrpc":"2.0","id":30,"method":"tools/call","params":{"name":"up.echo","arguments":{"text":"x"}}}`,
		`{"jsonrpc":"2.0","id":31,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"return await call_tool('mcp:up/echo', {'text': 'x'})"}}}`,
		`{"jsonrpc":"2.0","id":32,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"return await load_result('` + handle + `')"}}}`,
		`{"jsonrpc":"2.0","id":33,"method":"sampling/createMessage","params":{"messages":[],"maxTokens":1}}`,
		`{"jsonrpc":"2.0","id":34,"method":"elicitation/create","params":{"message":"approve?","requestedSchema":{"type":"object"}}}`,
		// An answer to a request the server never sent her (an
		// elicitation of alice's, say).
		`{"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{}}}`,
	} {
		send("method", body)
	}

	// Two calls with one id at once, in her own session.
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.post(`{"jsonrpc":"2.0","id":40,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"return 40"}}}`)
		}()
	}
	wg.Wait()

	// alice's session id, with mallory's token: GET (her notifications),
	// POST and DELETE (ending it).
	for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
		req, _ := http.NewRequest(method, srv.URL, strings.NewReader(`{"jsonrpc":"2.0","id":50,"method":"resources/list"}`))
		req.Header.Set("Authorization", "Bearer mallory-secret-0123456789")
		req.Header.Set("Mcp-Session-Id", alice.ID())
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Last-Event-ID", "0")
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		resp, err := http.DefaultClient.Do(req.WithContext(ctx))
		if err == nil {
			body, _ := io.ReadAll(bufio.NewReader(resp.Body))
			resp.Body.Close()
			seen = append(seen, string(body))
			if resp.StatusCode/100 == 2 {
				t.Errorf("%s with alice's session id and mallory's token: %d %s", method, resp.StatusCode, truncateText(string(body), 300))
			}
		}
		cancel()
	}

	select {
	case got := <-aliceDone:
		t.Errorf("alice's run ended while mallory attacked: %s", got)
	default:
	}
	gate.Open(t)
	select {
	case got := <-aliceDone:
		if got != "alice finished" {
			t.Errorf("alice's run while mallory attacked: %s", got)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("alice's run did not finish")
	}
	if _, ok := progress.Load("from mallory"); ok {
		t.Errorf("mallory's progress notification reached alice")
	}
	if v := e2e.MustRun(t, alice, fmt.Sprintf("return (await load_result(%q))['card']", handle)); v != "4111-secret" {
		t.Errorf("alice's result after the attack: %v", v)
	}
	all := strings.Join(seen, "\n")
	for _, secret := range []string{"4111-secret", `"echo"`, "up_slow", "mcp:up/slow", "alice finished"} {
		if strings.Contains(all, secret) {
			t.Errorf("mallory saw %q:\n%s", secret, truncateText(all, 3000))
		}
	}
	var ok int
	for _, s := range seen {
		var msg struct {
			Result json.RawMessage `json:"result"`
		}
		if json.Unmarshal([]byte(s), &msg) == nil && strings.Contains(string(msg.Result), `"value"`) {
			ok++
		}
	}
	t.Logf("%d of mallory's requests returned a value", ok)
}

// TestAttackHostileTokenHoldsStreams: a token opens MCP session after MCP
// session, each with its standalone GET (SSE) stream held open. GETs are
// not counted as requests in progress, so the session caps must bound
// them: an evicted session's stream ends, the token holds at most its cap
// of streams (and connections), and another token is served.
func TestAttackHostileTokenHoldsStreams(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "\n[session]\nmax_sessions = 16\nmax_sessions_per_token = 2\n")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("alice", "alice-secret-0123456789", `allow = "source"`)+e.AddToken("mallory", "mallory-secret-0123456789", `allow = "name=nothing-has-this-name"`))
	srv := e.ServeHTTP(t, cfg)
	var open atomic.Int32
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range 30 {
		m := &rawSession{t: t, url: srv.URL, token: "mallory-secret-0123456789"}
		m.open()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
		req.Header.Set("Authorization", "Bearer mallory-secret-0123456789")
		req.Header.Set("Mcp-Session-Id", m.id)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			continue
		}
		open.Add(1)
		go func() {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			open.Add(-1)
		}()
	}
	// The MCP session cap of a token is server.MCPSessionsFactor (4)
	// times max_sessions_per_token.
	deadline := time.Now().Add(30 * time.Second)
	for open.Load() > 8 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if n := open.Load(); n > 8 || n == 0 {
		t.Errorf("one token holds %d SSE streams of 30 sessions; want at most 8 (and some)", n)
	}
	alice := e2e.ConnectHTTPToken(t, srv.URL, "alice-secret-0123456789", nil)
	if _, err := alice.ListTools(context.Background(), nil); err != nil {
		t.Errorf("another token while one holds its streams: %v", err)
	}
}

// TestAttackHostileTokenOldBatch: protocol 2025-03-26 allowed JSON-RPC
// batches, and a token that negotiated it sent fifty execute_code calls in
// one POST: all ran, one HTTP request past max_requests_per_token (4
// here), and a 4 MiB body holds thousands. Batches are refused whatever
// the version, and none of the calls runs.
func TestAttackHostileTokenOldBatch(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("mallory", "mallory-secret-0123456789", `allow = "source"`)+"\n[http]\nmax_requests_per_token = 4\n")
	srv := e.ServeHTTP(t, cfg)
	m := &rawSession{t: t, url: srv.URL, token: "mallory-secret-0123456789"}
	if code, body := m.post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"m","version":"1"}}}`); code != http.StatusOK || m.id == "" {
		t.Fatalf("initialize: %d %s", code, body)
	}
	m.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`, "Mcp-Protocol-Version", "2025-03-26")
	var calls []string
	for i := range 50 {
		calls = append(calls, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"return %d"}}}`, 100+i, i))
	}
	for _, body := range []string{"[" + strings.Join(calls, ",") + "]", " \n[" + calls[0] + "]", `[{"jsonrpc":"2.0","method":"notifications/initialized"}]`} {
		code, out := m.post(body, "Mcp-Protocol-Version", "2025-03-26")
		if code != http.StatusBadRequest || !strings.Contains(out, "batches are not accepted") {
			t.Errorf("a batch of %d bytes: %d %s", len(body), code, truncateText(out, 300))
		}
		if strings.Contains(out, "structuredContent") {
			t.Errorf("a call of the batch ran: %s", truncateText(out, 300))
		}
	}
	// One message per POST still works on that session.
	if code, out := m.post(calls[7], "Mcp-Protocol-Version", "2025-03-26"); code != http.StatusOK || !strings.Contains(out, `"value":7`) {
		t.Errorf("a single call after the batches: %d %s", code, truncateText(out, 300))
	}
}
