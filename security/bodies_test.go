package security_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackHTTPBodiesHeldByTwoTokens: the bytes of large request bodies
// (over 16 KiB) the server holds at once, from reading to answering, are
// bounded by twice [http] max_body_bytes, and one token held at most
// half. Two tokens each holding a large execute_code whose run lasted
// took the whole budget, and every other token's large request waited
// body_timeout and was refused with 503 for as long as they ran. Now a
// token takes bytes only while it would hold no more than is left free:
// the second flood waits, another token's request goes through.
func TestAttackHTTPBodiesHeldByTwoTokens(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[http]\nmax_body_bytes = \"64KiB\"\nbody_timeout = \"5s\"\n"+
		e.AddToken("flood1", "flood1-secret-0123456789", `allow = "source"`)+e.AddToken("flood2", "flood2-secret-0123456789", `allow = "source"`)+
		e.AddToken("calm", "calm-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	gate := e2e.NewGate(t)
	execBody := func(id int, code string) string {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call",
			"params": map[string]any{"name": "execute_code", "arguments": map[string]any{"code": code, "timeout": 120}}})
		return string(b)
	}
	pad := func(n int) string { return "# " + strings.Repeat("x", n) + "\n" }
	var wg sync.WaitGroup
	hold := func(token string) {
		s := &rawSession{t: t, url: srv.URL, token: token}
		s.open()
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.post(execBody(2, pad(60<<10)+"return await "+gate.Slow()))
		}()
	}
	hold("flood1-secret-0123456789")
	gate.WaitStarted(t, 1)
	hold("flood2-secret-0123456789")
	// Give the second flood time to take its share if it may (without
	// the rule it does at once); with the rule it waits for room.
	for deadline := time.Now().Add(5 * time.Second); gate.Started() < 2 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	calm := &rawSession{t: t, url: srv.URL, token: "calm-secret-0123456789"}
	calm.open()
	code, out := calm.post(execBody(2, pad(20<<10)+"return 6 * 7"))
	if code != http.StatusOK || !strings.Contains(out, `"value":42`) {
		t.Errorf("another token's 20 KiB request while two tokens hold large ones: %d %s", code, truncateText(out, 400))
	}
	gate.Open(t)
	wg.Wait()
}
