package security_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

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
