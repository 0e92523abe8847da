package security_test

// Secrets: server environment, token secrets and stored secrets never reach
// snippets, upstreams or clients that were not given them.

import (
	"strings"
	"testing"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackUpstreamReadsServerEnvironment: a stdio upstream is a third
// party. Served over HTTP with a bearer token from the environment and a
// cloud key beside it, the upstream sees neither, nor another server's
// declared secret, nor the SSH agent or session bus; it sees its own
// declared env and its pass_env names.
func TestAttackUpstreamReadsServerEnvironment(t *testing.T) {
	t.Parallel()
	e := bins.NewBareEnv(t)
	e.WriteFile(t, e.Config, `
[mcp.servers.up]
command = "`+bins.TestMCP+`"
pass_env = ["UP_PASSED"]
env = { MINE = "env://UP_OWN_SECRET" }

[mcp.servers.other]
command = "`+bins.TestMCP+`"
env = { OTHER = "env://OTHER_SECRET" }
`)
	secrets := map[string]string{
		"AWS_SECRET_ACCESS_KEY":    "aws-secret-value-5b1e",
		"OTHER_SECRET":             "other-server-secret-77d0",
		"SSH_AUTH_SOCK":            "/tmp/ssh-agent-socket-e2e",
		"DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/bus-e2e",
	}
	for k, v := range secrets {
		e.Setenv(k, v)
	}
	e.Setenv("UP_OWN_SECRET", "up-own-secret-31aa")
	e.Setenv("UP_PASSED", "passed-2c4d")
	cs := e2e.ConnectHTTP(t, e.HTTPURL(t))
	got, ok := e2e.MustRun(t, cs, `r = await up.environ()
return r["env"]`).(map[string]any)
	if !ok {
		t.Fatalf("environ returned no env map")
	}
	secrets[e2e.TokenEnv] = e2e.Token
	for k, v := range got {
		for sk, sv := range secrets {
			if s, _ := v.(string); strings.Contains(s, sv) || k == sk {
				t.Errorf("the upstream sees %s (as %s)", sk, k)
			}
		}
	}
	if got["MINE"] != "up-own-secret-31aa" || got["UP_PASSED"] != "passed-2c4d" || got["PATH"] == nil {
		t.Errorf("the upstream misses what its config gives it: MINE=%v UP_PASSED=%v PATH=%v", got["MINE"], got["UP_PASSED"], got["PATH"])
	}
}
