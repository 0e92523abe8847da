package security_test

// HTTP: the Streamable HTTP transport under hostile clients: missing or
// forged tokens, slow headers and bodies, huge bodies, idle connections.

import (
	"net/http"
	"strings"
	"testing"

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
		req, _ := http.NewRequest("POST", url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`))
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
