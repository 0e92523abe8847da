package security_test

// Governance over HTTP, against the real binary: identity headers trusted
// only for the token that declares them, spilled results visible to their
// owner only, the effective policy declared at start-up.

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/internal/e2e"
)

// rawCall makes one stateless tools/call and returns the HTTP status and
// the JSON-RPC result.
func rawCall(t *testing.T, url, token string, hdr http.Header, tool string, args map[string]any) (int, map[string]any) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": map[string]any{"name": tool, "arguments": args}})
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+token)
	for k, v := range hdr {
		req.Header[k] = v
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	text := string(raw)
	if i := strings.Index(text, "data: "); i >= 0 { // an SSE answer
		text = strings.TrimSpace(text[i+len("data: "):])
	}
	var msg struct {
		Result map[string]any `json:"result"`
	}
	_ = json.Unmarshal([]byte(text), &msg)
	return res.StatusCode, msg.Result
}

func download(t *testing.T, url, token string, hdr http.Header) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
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
	res.Body.Close()
	return res.StatusCode
}

// TestAttackIdentityAndSpillOwnership: a gateway token whose requests
// carry X-User-Id spills a large result for alice; only alice through
// that gateway may download or explore it. Bob through the same gateway,
// the gateway without a user, and another token claiming X-User-Id:
// alice all get the 404 of an id that does not exist; no token is a 401.
// A large error result is spilled as an error. The dispatch line names
// the identity and the spill id; the start-up declaration names the
// chain and each token's rules and identity, and no secret.
func TestAttackIdentityAndSpillOwnership(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "\n[facade]\ntools = true\n[plugins]\nuse = [\"spill\"]\nrequired = [\"spill\"]\n[plugins.spill]\nmax_inline_bytes = 1000\n")
	gateway := e.AddToken("gateway", "gateway-secret-value", "allow = \"source\"\nidentity_headers = [\"X-User-Id\"]")
	other := e.AddToken("other", "other-secret-value", "allow = [\"source=mcp\", \"source=plugin\"]")
	cfg := e.Config + ".gov.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+gateway+other)
	srv := e.ServeHTTP(t, cfg)
	url := srv.URL
	base := strings.TrimSuffix(url, "/mcp")
	alice := http.Header{"X-User-Id": {"alice"}}

	big := strings.Repeat("x", 5000)
	code, res := rawCall(t, url, "gateway-secret-value", alice, "up_echo", map[string]any{"text": big})
	sc, _ := res["structuredContent"].(map[string]any)
	id, _ := sc["id"].(string)
	if code != 200 || !strings.HasPrefix(id, "sp_") {
		t.Fatalf("spilling alice's result: %d %v", code, res)
	}
	for _, tc := range []struct {
		name, token string
		hdr         http.Header
		want        int
	}{
		{"alice through the gateway", "gateway-secret-value", alice, 200},
		{"bob through the gateway", "gateway-secret-value", http.Header{"X-User-Id": {"bob"}}, 404},
		{"the gateway without a user", "gateway-secret-value", nil, 404},
		{"another token claiming alice", "other-secret-value", alice, 404},
		{"no token", "", alice, 401},
	} {
		if got := download(t, base+"/spill/"+id, tc.token, tc.hdr); got != tc.want {
			t.Errorf("GET /spill/<id> as %s: %d, want %d", tc.name, got, tc.want)
		}
	}
	_, res = rawCall(t, url, "gateway-secret-value", alice, "spill_explore", map[string]any{"id": id, "query": "length"})
	if text := resultText(res); strings.TrimSpace(text) != "5000" {
		t.Errorf("alice exploring her result: %q", text)
	}
	_, res = rawCall(t, url, "other-secret-value", alice, "spill_explore", map[string]any{"id": id, "query": "length"})
	if text := resultText(res); !strings.Contains(text, "no spilled result") || strings.Contains(text, "5000") {
		t.Errorf("another token exploring alice's result: %q", text)
	}

	_, res = rawCall(t, url, "gateway-secret-value", alice, "up_fail", map[string]any{"msg": big})
	if res["isError"] != true || !strings.Contains(resultText(res), "error result of mcp:up/fail") {
		t.Errorf("a large error result: %v", res)
	}

	lines := e2e.WaitAudit(t, e.Audit, func(lines []map[string]any) bool {
		for _, ln := range lines {
			if ln["capability"] == "mcp:up/echo" {
				return true
			}
		}
		return false
	})
	for _, ln := range lines {
		if ln["capability"] != "mcp:up/echo" {
			continue
		}
		meta, _ := ln["meta"].(map[string]any)
		if ln["identity"] != "alice" || ln["subject"] != "gateway" || meta["spill.id"] != id {
			t.Errorf("dispatch line %v: want identity alice, subject gateway, meta spill.id", ln)
		}
	}
	if strings.Contains(readFile(t, e.Audit), big[:100]) {
		t.Error("the audit log holds the result")
	}

	stderr := srv.Stderr()
	for _, want := range []string{"plugin chain (outer to inner): admission > spill", `token gateway: subject "gateway", allow source`, "identity headers:X-User-Id", `token other: subject "other", allow ["source=mcp", "source=plugin"]`} {
		if !strings.Contains(stderr, want) {
			t.Errorf("start-up declaration lacks %q:\n%s", want, stderr)
		}
	}
	for _, secret := range []string{"gateway-secret-value", "other-secret-value"} {
		if strings.Contains(stderr, secret) {
			t.Errorf("stderr shows the secret %s", secret)
		}
	}
}

// TestAttackSpillFloodRemovesAnotherTokensResult: the spill store is
// capped in all (max_bytes) and per caller (max_bytes_per_owner); over
// the total a spill removed the oldest result of anyone, so two tokens
// spilling up to their own quotas removed a calm token's spilled result
// while its client still held the id (GET /spill/<id>: 404). Now a spill
// over the total removes only its own or a richer caller's results.
func TestAttackSpillFloodRemovesAnotherTokensResult(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "\n[facade]\ntools = true\n[plugins]\nuse = [\"spill\"]\nrequired = [\"spill\"]\n[plugins.spill]\nmax_inline_bytes = 1000\nmax_file_bytes = \"4KiB\"\nmax_bytes_per_owner = \"8KiB\"\nmax_bytes = \"16KiB\"\n")
	cfg := e.Config + ".spill.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("calm", "calm-secret-value-0123", `allow = "source"`)+
		e.AddToken("flood1", "flood1-secret-value-0123", `allow = "source"`)+e.AddToken("flood2", "flood2-secret-value-0123", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	base := strings.TrimSuffix(srv.URL, "/mcp")
	big := strings.Repeat("x", 3500)
	spill := func(token string) string {
		code, res := rawCall(t, srv.URL, token, nil, "up_echo", map[string]any{"text": big})
		sc, _ := res["structuredContent"].(map[string]any)
		id, _ := sc["id"].(string)
		if code != 200 || !strings.HasPrefix(id, "sp_") {
			t.Fatalf("spilling a result of %s: %d %v", token, code, res)
		}
		return id
	}
	calmID := spill("calm-secret-value-0123")
	for range 4 { // each flood token spills twice its quota
		spill("flood1-secret-value-0123")
		spill("flood2-secret-value-0123")
	}
	if got := download(t, base+"/spill/"+calmID, "calm-secret-value-0123", nil); got != 200 {
		t.Errorf("GET /spill/<id> of the calm token's result after two tokens spilled up to their quotas: %d, want 200", got)
	}
}

func resultText(res map[string]any) string {
	var b strings.Builder
	content, _ := res["content"].([]any)
	for _, c := range content {
		if m, ok := c.(map[string]any); ok {
			s, _ := m["text"].(string)
			b.WriteString(s)
		}
	}
	return b.String()
}
