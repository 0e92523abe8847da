package admission_test

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/admission"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/plugin"
	"github.com/toolplane/toolplane/plugins/spill"
)

// boot does what `serve mcp --transport http` does before serving: load
// the file with [http] and the plugins claimed, build the plugins, build
// the guard.
func boot(t *testing.T, doc string) (*admission.Guard, string, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "toolplane.toml")
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	l := &config.Loader{}
	httpCfg, err := admission.Claim(l)
	if err != nil {
		t.Fatal(err)
	}
	host, err := plugin.NewHost(l, spill.New())
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := l.Load(path)
	if err != nil {
		return nil, path, err
	}
	if err := host.Build(context.Background(), cfg.Path); err != nil {
		return nil, path, err
	}
	var warn bytes.Buffer
	g, err := admission.New(context.Background(), httpCfg, cfg.Path, &warn)
	if err == nil && warn.Len() > 0 {
		t.Log(warn.String())
	}
	return g, path, err
}

func TestBootRefusals(t *testing.T) {
	t.Setenv("TP_BOOT_TOKEN", "tok")
	for _, tc := range []struct{ name, doc, want string }{
		{"no tokens", "", `: refusing to serve HTTP without authentication: [http] has no tokens`},
		{"empty http", "[http]\n", `refusing to serve HTTP without authentication`},
		{"bad allow selector", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = \"team in (core\"\n",
			`:3:9: http.tokens.ci.allow: bad label selector "team in (core"`},
		{"bad deny selector", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = \"team\"\ndeny = \"a b\"\n",
			`:4:8: http.tokens.ci.deny: bad label selector`},
		{"unknown token key", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nalow = \"x\"\n", `:3:1: unknown key "alow" in [http.tokens.ci]; did you mean "allow"?`},
		{"unset variable", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_UNSET_VAR\"\nallow = \"team\"\n", `http.tokens.ci.token: secret env://TP_BOOT_UNSET_VAR: environment variable TP_BOOT_UNSET_VAR is not set`},
		{"no token value", "[http.tokens.ci]\nallow = \"team\"\n", `http.tokens.ci.token is not set`},
		{"duplicate subject", "[http.tokens.a]\ntoken = \"env://TP_BOOT_TOKEN\"\nsubject = \"x\"\n[http.tokens.b]\ntoken = \"env://TP_BOOT_TOKEN\"\nsubject = \"x\"\n", `both have subject "x"`},
		{"unknown plugin", "[plugins]\nuse = [\"spill\", \"quota\"]\n", `:2: plugins.use: unknown plugin "quota"; this build has plugins spill`},
		{"unknown plugin section", "[plugins.quota]\nmax = 1\n", `:1:10: unknown key "quota" in [plugins]`},
		{"unknown spill key", "[plugins.spill]\nmax_inline = 3\n", `:2:1: unknown key "max_inline" in [plugins.spill]; valid keys: dir, explore_max_memory`},
		{"failing plugin build", "[plugins]\nuse = [\"spill\"]\n[plugins.spill]\nmax_inline_bytes = -1\n", `:3: plugin spill failed to start: [plugins.spill] max_inline_bytes = -1`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, path, err := boot(t, tc.doc)
			if err == nil {
				t.Fatalf("booted; want refusal %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("refusal:\n got %v\nwant it to name %s and say %q", err, path, tc.want)
			}
		})
	}
}

func TestAnonymousOnlyOnLoopback(t *testing.T) {
	g, _, err := boot(t, "[http]\nallow_anonymous = true\n[http.anonymous]\nallow = \"name=read\"\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		addr string
		ok   bool
	}{{"127.0.0.1:8080", true}, {"[::1]:8080", true}, {"0.0.0.0:8080", false}, {"192.168.1.2:80", false}} {
		addr, err := net.ResolveTCPAddr("tcp", tc.addr)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.CheckAddr(addr); (err == nil) != tc.ok {
			t.Errorf("CheckAddr(%s) = %v, want ok=%v", tc.addr, err, tc.ok)
		}
	}
	if p, ok := g.Policy(admission.AnonymousSubject); !ok || len(p.Allow) != 1 {
		t.Errorf("anonymous policy = %+v, %v", p, ok)
	}
}

func TestLiteralTokenWarnsAndDenyByDefault(t *testing.T) {
	path := filepath.Join(t.TempDir(), "toolplane.toml")
	os.WriteFile(path, []byte("[http.tokens.ci]\ntoken = \"plain-literal\"\n"), 0o600)
	l := &config.Loader{}
	httpCfg, _ := admission.Claim(l)
	if _, err := l.Load(path); err != nil {
		t.Fatal(err)
	}
	var warn bytes.Buffer
	g, err := admission.New(context.Background(), httpCfg, path, &warn)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(warn.String(), "http.tokens.ci.token is a literal secret") || strings.Contains(warn.String(), "plain-literal") {
		t.Errorf("warning %q: want it to name the key and never the secret", warn.String())
	}
	if p, _ := g.Policy("ci"); len(p.Allow) != 0 {
		t.Errorf("a token without allow has allow selectors %v", p.Allow)
	}
	if ok, why := (func() (bool, string) { p, _ := g.Policy("ci"); return p.Admits(map[string]string{"name": "x"}) })(); ok || !strings.Contains(why, "deny by default") {
		t.Errorf("token without allow admits: %v %q", ok, why)
	}
}

// TestAttackDegenerateTokenPolicies: two tokens with one secret (the
// broader policy once won) and degenerate selectors (allow = "" once
// admitted everything, unlabeled tools included) refuse the boot with the
// file, line and column, the key, and the fix.
func TestAttackDegenerateTokenPolicies(t *testing.T) {
	t.Setenv("TP_RO_TOKEN", "one-secret-for-two-tokens")
	t.Setenv("TP_ADMIN_TOKEN", "one-secret-for-two-tokens")
	t.Setenv("TP_OK_TOKEN", "another-secret")
	huge := strings.Repeat("k=v,", admission.MaxSelectorBytes/4+1)
	for _, tc := range []struct{ name, doc, want string }{
		{"duplicate secrets", "[http.tokens.admin]\ntoken = \"env://TP_ADMIN_TOKEN\"\nallow = \"source\"\n\n[http.tokens.ro]\ntoken = \"env://TP_RO_TOKEN\"\nallow = \"access=read\"\n",
			`:6:9: http.tokens.ro.token resolves to the same secret as http.tokens.admin.token (` /* path */},
		{"duplicate literal secrets", "[http.tokens.a]\ntoken = \"same\"\nallow = \"source\"\n[http.tokens.b]\ntoken = \"same\"\nallow = \"source\"\n",
			`:5:9: http.tokens.b.token resolves to the same secret as http.tokens.a.token`},
		{"empty allow", "[http.tokens.ci]\ntoken = \"env://TP_OK_TOKEN\"\nallow = \"\"\n",
			`:3:9: http.tokens.ci.allow: empty label selector "": it would match every capability; to match all of them write "source"`},
		{"blank allow", "[http.tokens.ci]\ntoken = \"env://TP_OK_TOKEN\"\nallow = \" \\t \"\n", `http.tokens.ci.allow: empty label selector`},
		{"empty deny", "[http.tokens.ci]\ntoken = \"env://TP_OK_TOKEN\"\nallow = \"source\"\ndeny = \"\"\n", `:4:8: http.tokens.ci.deny: empty label selector`},
		{"empty anonymous allow", "[http]\nallow_anonymous = true\n[http.anonymous]\nallow = \"\"\n", `:4:9: http.anonymous.allow: empty label selector`},
		{"bare bang", "[http.tokens.ci]\ntoken = \"env://TP_OK_TOKEN\"\nallow = \"!\"\n", `http.tokens.ci.allow: bad label selector "!"`},
		{"bare comma", "[http.tokens.ci]\ntoken = \"env://TP_OK_TOKEN\"\nallow = \",\"\n", `http.tokens.ci.allow: bad label selector ","`},
		{"deny meant either", "[http.tokens.ci]\ntoken = \"env://TP_OK_TOKEN\"\nallow = \"source\"\ndeny = \"name=delete_all,name=drop_db\"\n",
			`http.tokens.ci.deny: label selector "name=delete_all,name=drop_db": the requirements on "name" (name=delete_all, name=drop_db) can never all hold`},
		{"allow contradicts itself", "[http.tokens.ci]\ntoken = \"env://TP_OK_TOKEN\"\nallow = \"source,!source\"\n", `can never all hold`},
		{"huge selector", "[http.tokens.ci]\ntoken = \"env://TP_OK_TOKEN\"\nallow = \"" + huge + "\"\n", `longer than the maximum of 4096`},
		{"newline in selector", "[http.tokens.ci]\ntoken = \"env://TP_OK_TOKEN\"\nallow = \"source\\n,name=x\"\n", `bad label selector`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, path, err := boot(t, tc.doc)
			if err == nil {
				t.Fatalf("booted; want refusal %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("refusal:\n got %v\nwant it to name %s and say %q", err, path, tc.want)
			}
			if tc.name == "duplicate secrets" && !strings.Contains(err.Error(), path+":2:9)") {
				t.Errorf("refusal %v does not point at the first token (%s:2:9)", err, path)
			}
		})
	}
	// "No allow reaches nothing" still holds, and is not an error.
	g, _, err := boot(t, "[http.tokens.ci]\ntoken = \"env://TP_OK_TOKEN\"\n")
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := g.Policy("ci"); len(p.Allow) != 0 {
		t.Errorf("a token without allow has allow %v", p.Allow)
	}
}

// TestRefusalAdviceWorks follows the no-tokens refusal to the letter: the
// anonymous configuration it prints, pasted into a file, boots a guard
// that admits requests without a token to something (a refusal that named
// only allow_anonymous gave a server of "0 of 0 capabilities"), without
// a warning; and allow_anonymous alone is warned about.
func TestRefusalAdviceWorks(t *testing.T) {
	_, _, err := boot(t, "")
	if err == nil {
		t.Fatal("booted without tokens")
	}
	msg := err.Error()
	_, advice, ok := strings.Cut(msg, "serve requests without a token:\n")
	if !ok {
		t.Fatalf("refusal names no anonymous configuration:\n%s", msg)
	}
	var doc strings.Builder
	for _, line := range strings.Split(advice, "\n") {
		if !strings.HasPrefix(line, "  ") {
			break
		}
		doc.WriteString(strings.TrimSpace(line) + "\n")
	}
	for _, want := range []string{"allow_anonymous = true", "[http.anonymous]", "allow = "} {
		if !strings.Contains(doc.String(), want) {
			t.Errorf("the advice lacks %q:\n%s", want, doc.String())
		}
	}
	path := filepath.Join(t.TempDir(), "toolplane.toml")
	if err := os.WriteFile(path, []byte(doc.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	l := &config.Loader{}
	httpCfg, err := admission.Claim(l)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Load(path); err != nil {
		t.Fatalf("the advice does not load:\n%s\n%v", doc.String(), err)
	}
	var warn bytes.Buffer
	g, err := admission.New(context.Background(), httpCfg, path, &warn)
	if err != nil {
		t.Fatalf("the advice does not boot: %v", err)
	}
	if warn.Len() > 0 {
		t.Errorf("the advice boots with a warning: %s", warn.String())
	}
	greet := &capability.Capability{ID: "go:greeter/greet", Source: capability.SourceGo, Namespace: "greeter", Name: "greet"}
	if !g.Admits(admission.AnonymousSubject, greet) {
		t.Errorf("a guard built from the advice admits no Go capability to anonymous requests")
	}

	// allow_anonymous alone boots (it is not wrong) but says it reaches nothing.
	path2 := filepath.Join(t.TempDir(), "toolplane.toml")
	os.WriteFile(path2, []byte("[http]\nallow_anonymous = true\n"), 0o600)
	l2 := &config.Loader{}
	httpCfg2, _ := admission.Claim(l2)
	if _, err := l2.Load(path2); err != nil {
		t.Fatal(err)
	}
	warn.Reset()
	if _, err := admission.New(context.Background(), httpCfg2, path2, &warn); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(warn.String(), "[http.anonymous] has no allow") {
		t.Errorf("allow_anonymous without [http.anonymous] allow: warning %q, want it to name [http.anonymous] allow", warn.String())
	}
}
