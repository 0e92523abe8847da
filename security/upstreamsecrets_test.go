package security_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackUpstreamEchoesItsSecret: a buggy or hostile upstream echoes
// the API key it was configured with (a stdio server's env value from a
// secret reference, an HTTP server's Authorization header) in a result's
// text, resource and structured content, in a tool error, in a JSON-RPC
// error, and in log and progress notifications. No snippet output, MCP
// answer, audit line or log line of toolplane contains the key; the
// answers show its marker instead.
func TestAttackUpstreamEchoesItsSecret(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	base := startHostileHTTP(t, filepath.Join(t.TempDir(), "record"))
	const envKey, headerKey = "sk-live-stdio-9d2e4f71", "sk-live-http-60ab13c5"
	e := bins.NewEnv(t, fmt.Sprintf(`
[log]
level = "debug"

[mcp.servers.leaky]
command = %q
env = { HOSTILE_SECRET = "env://LEAKY_KEY" }

[mcp.servers.leakyhttp]
url = %q
headers = { Authorization = "env://LEAKY_HTTP" }
`, bins.HostileMCP, base+"/mcp"))
	e.Setenv("LEAKY_KEY", envKey)
	e.Setenv("LEAKY_HTTP", "Bearer "+headerKey)
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)

	var answers strings.Builder
	for _, c := range []struct{ server, key, mark string }{
		{"leaky", envKey, "[redacted:env.HOSTILE_SECRET]"},
		{"leakyhttp", headerKey, "[redacted:header.Authorization]"},
	} {
		for _, how := range []string{"result", "tool_error", "error"} {
			code := fmt.Sprintf(`try:
    v = await call_tool("mcp:%s/leak_secret", {"how": %q})
    return "returned: " + repr(v)
except Exception as e:
    return "raised: " + type(e).__name__ + ": " + str(e)`, c.server, how)
			res, sc := e2e.Exec(t, cs, code)
			b, _ := json.Marshal(res)
			got, _ := sc["value"].(string)
			answers.Write(b)
			if !strings.Contains(got, c.mark) {
				t.Errorf("%s %s: the answer does not show %s: %s", c.server, how, c.mark, truncateText(string(b), 1500))
			}
		}
	}
	all := answers.String()
	audit := readFileOrEmpty(e.Audit)
	if audit == "" {
		t.Errorf("no audit log at %s", e.Audit)
	}
	for _, key := range []string{envKey, headerKey} {
		for what, text := range map[string]string{"an answer": all, "the audit log": audit, "the server's log": srv.Stderr()} {
			if strings.Contains(text, key) {
				i := strings.Index(text, key)
				t.Errorf("%s holds the upstream's key: ...%s...", what, text[max(0, i-300):min(len(text), i+100)])
			}
		}
	}
}

// TestAttackUpstreamCatalogQuotesItsSecret: an upstream lists tools that
// quote the key it was configured with (hostilemcp -catalog leaky): in a
// description, a title, an annotation, an input schema's description,
// default, enum and property name, a \u-escaped example, an output
// schema, and a tool named by the key. The catalog reaches every token
// admitted to the server (search_capabilities, get_capability_schemas,
// tools/list) and the server's log; only answers were hidden, so every
// one of them held the key. Now the catalog shows the marker, and the
// tool named by the key is left out (its id would carry it into audit
// lines and metrics) with a problem that does not quote it.
func TestAttackUpstreamCatalogQuotesItsSecret(t *testing.T) {
	t.Parallel()
	const key = "sk-live-catalog-7f3a90e2"
	e := bins.NewEnv(t, fmt.Sprintf(`
[log]
level = "debug"

[facade]
tools = true

[mcp.servers.leaky]
command = %q
args = ["-catalog", "leaky"]
env = { HOSTILE_SECRET = "env://LEAKY_KEY" }
`, bins.HostileMCP))
	e.Setenv("LEAKY_KEY", key)
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)

	var seen strings.Builder
	record := func(what string, v any) {
		b, _ := json.Marshal(v)
		fmt.Fprintf(&seen, "%s: %s\n", what, b)
	}
	res, _ := e2e.Call(t, cs, "search_capabilities", map[string]any{"query": "key", "detail": "full", "limit": 50})
	record("search", res)
	res, _ = e2e.Call(t, cs, "search_capabilities", map[string]any{"query": "", "limit": 200})
	record("search all", res)
	res, _ = e2e.Call(t, cs, "get_capability_schemas", map[string]any{"names": []string{"mcp:leaky/configured", "mcp:leaky/plain"}, "detail": "full"})
	record("schemas", res)
	text := e2e.Text(res)
	if !strings.Contains(text, "[redacted:env.HOSTILE_SECRET]") {
		t.Errorf("the schemas do not show the marker: %s", truncateText(text, 1500))
	}
	tools, err := cs.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	record("tools/list", tools)
	names := map[string]bool{}
	for _, tl := range tools.Tools {
		names[tl.Name] = true
	}
	if !names["leaky_configured"] || !names["leaky_plain"] {
		t.Errorf("tools/list lost the tools that are kept: %v", names)
	}
	if log := srv.Stderr(); !strings.Contains(log, `tool "[redacted:env.HOSTILE_SECRET]" is left out: its name holds one of the server's secrets`) {
		t.Errorf("the server's log does not say the tool named by the key is left out:\n%s", truncateText(log, 3000))
	}
	all := seen.String()
	for what, text := range map[string]string{"an answer": all, "the server's log": srv.Stderr()} {
		if i := strings.Index(text, key); i >= 0 {
			t.Errorf("%s holds the upstream's key: ...%s...", what, text[max(0, i-300):min(len(text), i+100)])
		}
	}
}

// TestAttackUpstreamEchoesItsSecretEncoded: an upstream echoes its key
// the way a server quoting what it sent does: percent-encoded in a URL
// (query and path), inside Basic credentials, and in base64 config blobs
// of both alphabets at each alignment. Only the key as itself was hidden,
// so each of these handed it to the snippet; now each shows the marker.
func TestAttackUpstreamEchoesItsSecretEncoded(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	const key = "sk+live/9d2e4f71=Qx"
	e := bins.NewEnv(t, fmt.Sprintf(`
[mcp.servers.leaky]
command = %q
env = { HOSTILE_SECRET = "env://LEAKY_KEY" }
`, bins.HostileMCP))
	e.Setenv("LEAKY_KEY", key)
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	res, sc := e2e.Exec(t, cs, `v = await call_tool("mcp:leaky/leak_secret", {"how": "encoded"})
return v if isinstance(v, str) else repr(v)`)
	got, _ := sc["value"].(string)
	if got == "" {
		t.Fatalf("no answer: %s", e2e.Text(res))
	}
	forms := map[string]string{"itself": key, "query-escaped": url.QueryEscape(key), "path-escaped": url.PathEscape(key)}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
		for _, pre := range []string{"", "k=", "key=", "user:"} {
			b := enc.EncodeToString([]byte(pre + key))
			// The characters that encode the key's bytes alone.
			start, end := (8*len(pre)+5)/6, 8*(len(pre)+len(key))/6
			forms[fmt.Sprintf("base64 after %q", pre)] = b[start:end]
		}
	}
	for what, form := range forms {
		if strings.Contains(got, form) {
			t.Errorf("the answer holds the key %s (%s): %s", what, form, truncateText(got, 1500))
		}
	}
	if n := strings.Count(got, "[redacted:env.HOSTILE_SECRET]"); n < 9 {
		t.Errorf("the answer shows the marker %d times; want one per echo (9): %s", n, truncateText(got, 1500))
	}
}

// TestAttackUpstreamSecretsOverlap: two secrets of a server that overlap
// in a text (the end of one is the start of the other) were hidden one
// at a time, the first found and the scan going on after it, so the part
// of the second past the first reached the snippet in clear
// ("[redacted:env.A_KEY]-tail-9z8y"). An echo of both is now hidden
// whole, in answers and in the server's own output alike.
func TestAttackUpstreamSecretsOverlap(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	const a, b = "sk-live-a1b2c3d4", "c3d4-tail-9z8y07"
	e := bins.NewEnv(t, fmt.Sprintf(`
[mcp.servers.leaky]
command = %q
env = { A_KEY = "env://LEAKY_A", B_KEY = "env://LEAKY_B", JOINED = "sk-live-a1b2c3d4-tail-9z8y07" }
`, bins.HostileMCP))
	e.Setenv("LEAKY_A", a)
	e.Setenv("LEAKY_B", b)
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	res, sc := e2e.Exec(t, cs, `v = await call_tool("mcp:leaky/leak_secret", {"env": "JOINED"})
return v if isinstance(v, str) else repr(v)`)
	got, _ := sc["value"].(string)
	if got == "" {
		t.Fatalf("no answer: %s", e2e.Text(res))
	}
	for _, secret := range []string{a, b} {
		// No part of either secret of 6 bytes or more, at its start or
		// its end, is in the answer.
		for n := 6; n <= len(secret); n++ {
			for _, part := range []string{secret[:n], secret[len(secret)-n:]} {
				if strings.Contains(got, part) {
					t.Fatalf("the answer holds %q of the secret %q: %s", part, secret, truncateText(got, 1500))
				}
			}
		}
	}
	if !strings.Contains(got, "[redacted:env.A_KEY]") {
		t.Errorf("the answer does not show the marker of the secret that starts first: %s", truncateText(got, 1500))
	}
}

// TestShortURLQueryDoesNotMangleLogs: the query or fragment of a
// server's url was hidden by value wherever it appeared in the server's
// errors, whatever its length; a one-letter query (?c) replaced every c
// of every error in serve's log and the server's status ("…onne…tion
// refused"), and the log was unreadable. A part shorter than 8 bytes is
// now hidden where the url is quoted whole, and the rest of the text is
// left as it is.
func TestShortURLQueryDoesNotMangleLogs(t *testing.T) {
	t.Parallel()
	e := bins.NewBareEnv(t)
	e.WriteFile(t, e.Config, `[mcp.servers.hosted]
url = "http://127.0.0.1:1/mcp?c"

[mcp.servers.frag]
url = "http://127.0.0.1:1/mcp#e"
`)
	stdout, stderr, _ := runWithin(t, e.Toolplane("mcp", "status", "--config", e.Config), 60*time.Second)
	out := stdout + stderr
	if !strings.Contains(out, "connection refused") {
		t.Errorf("mcp status does not say the connection was refused in words one can read:\n%s", truncateText(out, 3000))
	}
	for _, shown := range []string{"mcp?c", "mcp#e"} {
		if strings.Contains(out, shown) {
			t.Errorf("mcp status shows the url's query or fragment (%s):\n%s", shown, truncateText(out, 3000))
		}
	}
}
