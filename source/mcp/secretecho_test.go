//go:build unix

package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/capability"
)

// TestAttackUpstreamEchoesSecret: a server echoes the secrets it was
// configured with (an env value from a reference, a header value, a
// bearer token) in a result's text, resource and structured content, in
// a tool error and in a JSON-RPC error. None of it reaches the caller or
// the server's status; each shows as its marker. A long literal env value
// that is no secret (a path) is answered as it is: results are data.
func TestAttackUpstreamEchoesSecret(t *testing.T) {
	t.Parallel()
	const envSecret, headerSecret, plain = "sk-live-env-3b7d91", "sk-live-header-58ac20", "/srv/plain/data/dir"
	base := startHostileHTTP(t, filepath.Join(t.TempDir(), "record"))
	stdio := hostileSpec("leaky")
	stdio.Env["HOSTILE_SECRET"] = "keyring://leaky"
	stdio.Env["PLAIN_DIR"] = plain
	httpSpec := ServerSpec{Name: "leakyhttp", URL: base + "/mcp", Headers: map[string]string{"Authorization": "env://LEAKY_HTTP"}}
	opts := hostileOptions()
	opts.Resolve = func(_ context.Context, v string) (string, error) {
		switch v {
		case "keyring://leaky":
			return envSecret, nil
		case "env://LEAKY_HTTP":
			return "Bearer " + headerSecret, nil
		}
		return v, nil
	}
	m := newManager(t, opts, stdio, httpSpec)
	show := func(res *capability.Result, err error) string {
		b, _ := json.Marshal(res)
		return fmt.Sprintf("%s | %v", b, err)
	}
	for _, c := range []struct{ id, secret, mark string }{
		{"mcp:leaky/leak_secret", envSecret, "[redacted:env.HOSTILE_SECRET]"},
		{"mcp:leakyhttp/leak_secret", headerSecret, "[redacted:header.Authorization]"},
	} {
		for _, how := range []string{"result", "tool_error", "error"} {
			got := show(callCap(t, m, c.id, map[string]any{"how": how}))
			if strings.Contains(got, c.secret) {
				t.Errorf("%s %s: the secret came back: %s", c.id, how, got)
			}
			if !strings.Contains(got, c.mark) {
				t.Errorf("%s %s: no %s in %s", c.id, how, c.mark, got)
			}
		}
		name := strings.TrimSuffix(strings.TrimPrefix(c.id, "mcp:"), "/leak_secret")
		st, err := m.Status(context.Background(), name)
		if b, _ := json.Marshal(st); err != nil || strings.Contains(string(b), c.secret) || len(st.LastErrors) == 0 {
			t.Errorf("status of %s (%v): %s", name, err, b)
		}
	}
	// A long message is cut after its secrets are hidden: no prefix of
	// one is left where the cut falls.
	for _, c := range []struct {
		how string
		at  int
	}{{"error", maxErrorMessageBytes}, {"tool_error", maxToolErrorBytes}} {
		for _, id := range []string{"mcp:leaky/leak_secret", "mcp:leakyhttp/leak_secret"} {
			// The cut falls somewhere in the secret for one of these pads
			// (the error's text has a prefix of its own).
			for pad := c.at - 64; pad <= c.at; pad += 3 {
				got := show(callCap(t, m, id, map[string]any{"how": c.how, "pad": pad}))
				if strings.Contains(got, "sk-live") {
					t.Errorf("%s %s cut (pad %d): part of the secret came back: %s", id, c.how, pad, got[max(0, len(got)-300):])
					break
				}
			}
		}
	}
	res, err := callCap(t, m, "mcp:leaky/leak_secret", map[string]any{"env": "PLAIN_DIR"})
	if got := show(res, err); !strings.Contains(got, "your key is "+plain) {
		t.Errorf("a plain env value was hidden in a result: %s", got)
	}
}
