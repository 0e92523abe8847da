package security_test

// Escalation and policy bypass: no client approves its own escalation; a
// token reaches exactly what its selectors admit.

import (
	"strings"
	"testing"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackDuplicateTokenSecrets: two [http.tokens.*] entries with the
// same secret were accepted and the broader policy won (the read-only
// token ran delete_all). The boot fails, naming file:line:col of both.
func TestAttackDuplicateTokenSecrets(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "")
	cfg := e.Config + ".dup.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("admin", "shared-secret-0123456789", `allow = "source"`)+e.AddToken("readonly", "shared-secret-0123456789", `allow = "access=read"`))
	srv, out := e.StartHTTP(t, cfg)
	if srv != nil {
		t.Fatalf("served with two tokens sharing a secret")
	}
	lines := strings.Split(readFile(t, cfg), "\n")
	lineOf := func(table string) string {
		for i, l := range lines {
			if l == "["+table+"]" {
				return cfg + ":" + itoa(i+2) + ":9" // the token line after the header
			}
		}
		return "?"
	}
	for _, want := range []string{lineOf("http.tokens.readonly") + ": http.tokens.readonly.token resolves to the same secret as http.tokens.admin.token (" + lineOf("http.tokens.admin") + ")"} {
		if !strings.Contains(out, want) {
			t.Errorf("refusal does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "shared-secret") {
		t.Errorf("the refusal prints the secret:\n%s", out)
	}
}

// TestAttackDegenerateSelectors: allow = "" silently admitted everything,
// unlabeled tools included. Empty, blank and self-contradicting selectors
// fail both `serve mcp --transport http` and `config check` with
// file:line:col and the fix; a token without allow still boots and
// reaches nothing.
func TestAttackDegenerateSelectors(t *testing.T) {
	t.Parallel()
	for name, policy := range map[string]string{
		"empty allow":       `allow = ""`,
		"blank allow":       `allow = "   "`,
		"empty deny":        "allow = \"source\"\ndeny = \"\"",
		"deny meant either": "allow = \"source\"\ndeny = \"name=echo,name=slow\"",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := bins.NewEnv(t, "")
			cfg := e.Config + ".sel.toml"
			e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("ci", "ci-secret-0123456789", policy))
			srv, out := e.StartHTTP(t, cfg)
			if srv != nil {
				t.Fatalf("served with %s", policy)
			}
			check, _ := e.Toolplane("config", "check", "--config", cfg).CombinedOutput()
			for what, text := range map[string]string{"serve": out, "config check": string(check)} {
				if !strings.Contains(text, cfg+":") || !strings.Contains(text, "http.tokens.ci.") || !(strings.Contains(text, `write "source"`) || strings.Contains(text, "in (v1, v2)")) {
					t.Errorf("%s does not point at the selector with the fix:\n%s", what, text)
				}
			}
		})
	}
	t.Run("no allow reaches nothing", func(t *testing.T) {
		t.Parallel()
		e2e.NeedInterpreter(t)
		e := bins.NewEnv(t, "")
		cfg := e.Config + ".none.toml"
		e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("none", "none-secret-0123456789", ""))
		srv := e.ServeHTTP(t, cfg)
		cs := e2e.ConnectHTTPToken(t, srv.URL, "none-secret-0123456789", nil)
		res, _ := e2e.Call(t, cs, "search_capabilities", map[string]any{"query": ""})
		if strings.Contains(e2e.Text(res), "up") && strings.Contains(e2e.Text(res), "echo") {
			t.Errorf("a token without allow finds capabilities:\n%s", e2e.Text(res))
		}
		if v := e2e.MustRun(t, cs, "try:\n    await call_tool(\"mcp:up/echo\", {\"text\": \"x\"})\n    return \"ran\"\nexcept Exception as e:\n    return type(e).__name__"); v == "ran" {
			t.Errorf("a token without allow called up.echo")
		}
	})
}
