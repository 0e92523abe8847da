package admission_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/dispatch"
)

// identityConfig adds a gateway token (it authenticates people and
// overwrites X-User-Id) and a service account with a fixed identity to
// the governed server.
const identityConfig = governedConfig + `
[http.tokens.gateway]
token = "env://TP_TEST_GATEWAY"
allow = ["team=core,!dangerous", "source=plugin,name=spill_explore"]
identity_headers = ["X-User-Id", "X-Email"]

[http.tokens.robot]
token = "env://TP_TEST_ROBOT"
allow = "team=core,!dangerous"
identity = "ops-robot"
`

// identityOf makes one direct call with token and extra headers and
// returns the identity the dispatch chain saw (the recorder plugin), or
// the HTTP status of a refused request.
func identityOf(t *testing.T, g *governed, token string, hdr http.Header) (string, int) {
	t.Helper()
	before := len(g.rec.all())
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"team_read","arguments":{"text":"x"}}}`
	req, _ := http.NewRequest(http.MethodPost, g.url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+token)
	for k, vs := range hdr {
		req.Header[k] = vs
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return string(out), res.StatusCode
	}
	calls := g.rec.all()
	if len(calls) != before+1 {
		t.Fatalf("%d calls reached the chain, want 1: %s", len(calls)-before, out)
	}
	return calls[len(calls)-1].Identity, http.StatusOK
}

// TestAttackIdentityHeadersOnlyForTheirToken: identity headers are read
// only for the token that declares them; any other token sending
// X-User-Id gets no identity; a fixed identity beats every header; a
// repeated, oversized or malformed identity header fails the request
// (400) instead of being guessed at; the identity reaches the chain as
// Call.Identity over a single stateless POST and over an MCP session.
func TestAttackIdentityHeadersOnlyForTheirToken(t *testing.T) {
	t.Setenv("TP_TEST_GATEWAY", "gateway-secret-token")
	t.Setenv("TP_TEST_ROBOT", "robot-secret-token")
	g := startGovernedWith(t, identityConfig)

	for _, tc := range []struct {
		name, token string
		hdr         http.Header
		want        string
		status      int
	}{
		{"gateway, first header", "gateway-secret-token", http.Header{"X-User-Id": {"alice@example.com"}, "X-Email": {"other@example.com"}}, "alice@example.com", 200},
		{"gateway, second header", "gateway-secret-token", http.Header{"X-Email": {"bob@example.com"}}, "bob@example.com", 200},
		{"gateway, none", "gateway-secret-token", nil, "", 200},
		{"gateway, empty value", "gateway-secret-token", http.Header{"X-User-Id": {"  "}}, "", 200},
		{"other token claims a user", "alice-secret-token", http.Header{"X-User-Id": {"admin"}}, "", 200},
		{"other token claims by email", "alice-secret-token", http.Header{"X-Email": {"root@example.com"}}, "", 200},
		{"fixed beats headers", "robot-secret-token", http.Header{"X-User-Id": {"admin"}}, "ops-robot", 200},
		{"duplicate header", "gateway-secret-token", http.Header{"X-User-Id": {"alice", "admin"}}, "", 400},
		{"huge value", "gateway-secret-token", http.Header{"X-User-Id": {strings.Repeat("a", 10000)}}, "", 400},
		{"injection", "gateway-secret-token", http.Header{"X-User-Id": {`alice" subject="admin`}}, "", 400},
		{"control characters", "gateway-secret-token", http.Header{"X-User-Id": {"alice\tadmin"}}, "", 400},
	} {
		got, status := identityOf(t, g, tc.token, tc.hdr)
		if status != tc.status {
			t.Errorf("%s: status %d (%s), want %d", tc.name, status, got, tc.status)
			continue
		}
		if status == 200 && got != tc.want {
			t.Errorf("%s: identity %q, want %q", tc.name, got, tc.want)
		}
		if status == 400 && (!strings.Contains(got, "X-User-Id") || strings.Contains(got, "admin")) {
			t.Errorf("%s: refusal %q should name the header and not echo the value", tc.name, got)
		}
	}

	// Over a stateful MCP session, every request re-reads the headers.
	cs, _ := g.connect(t, "gateway-secret-token", http.Header{"X-User-Id": {"carol"}})
	callTool(t, cs, "team_read", map[string]any{"text": "x"})
	if calls := g.rec.all(); calls[len(calls)-1].Identity != "carol" {
		t.Errorf("identity over a session: %q", calls[len(calls)-1].Identity)
	}
	// A session belongs to the identity that opened it, not only to the
	// token: carol's session (her globals, her saved results) is not
	// dave's, nor the gateway's without a user.
	for _, who := range []http.Header{{"X-User-Id": {"dave"}}, {}} {
		req, _ := http.NewRequest(http.MethodPost, g.url, strings.NewReader(`{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Authorization", "Bearer gateway-secret-token")
		req.Header.Set("Mcp-Session-Id", cs.ID())
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		for k, v := range who {
			req.Header[k] = v
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("carol's session used as %v: %d, want 403", who, res.StatusCode)
		}
	}
}

// TestIdentityBootRefusals: both a fixed identity and identity headers,
// a credential header as an identity header, a malformed fixed identity
// refuse the boot naming file:line:col.
func TestIdentityBootRefusals(t *testing.T) {
	t.Setenv("TP_BOOT_TOKEN", "tok")
	for _, tc := range []struct{ name, doc, want string }{
		{"both", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = \"team\"\nidentity = \"x\"\nidentity_headers = [\"X-User\"]\n", ":4:12: http.tokens.ci sets both identity and identity_headers"},
		{"credential header", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = \"team\"\nidentity_headers = [\"Authorization\"]\n", ":4:20: http.tokens.ci.identity_headers: \"Authorization\" is a credential header"},
		{"bad header name", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = \"team\"\nidentity_headers = [\"X User\"]\n", "is not a header name"},
		{"bad fixed identity", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = \"team\"\nidentity = \"a b\"\n", ":4:12: http.tokens.ci.identity = \"a b\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, path, err := boot(t, tc.doc)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("boot: %v\nwant %s and %q", err, path, tc.want)
			}
		})
	}
}

// TestSelectorLists: allow and deny take a list of selectors (OR of
// ANDs) as well as one string; an error in an element points at that
// element; the k8s missing-key rule holds (notin matches an unlabeled
// capability, which is why a deny of "!risk" matters).
func TestSelectorLists(t *testing.T) {
	t.Setenv("TP_BOOT_TOKEN", "tok")
	g, _, err := boot(t, "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = [\"capability=read\", \"capability=write,pkg in (greeter)\"]\ndeny = [\"!risk\", \"dangerous=true\"]\n")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := g.Policy("ci")
	for _, tc := range []struct {
		labels map[string]string
		want   bool
	}{
		{map[string]string{"capability": "read", "risk": "none"}, true},
		{map[string]string{"capability": "write", "pkg": "greeter", "risk": "low"}, true},
		{map[string]string{"capability": "write", "pkg": "other", "risk": "low"}, false},
		{map[string]string{"capability": "read"}, false},                                      // no risk label: denied by !risk
		{map[string]string{"capability": "read", "risk": "none", "dangerous": "true"}, false}, // second deny
		{map[string]string{"other": "x", "risk": "none"}, false},                              // matches no allow
	} {
		if got, _ := p.Admits(tc.labels); got != tc.want {
			t.Errorf("labels %v: admitted %v, want %v", tc.labels, got, tc.want)
		}
	}
	// Missing keys, k8s semantics: notin and != match a capability that
	// lacks the key.
	g, _, err = boot(t, "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = \"source,risk notin (high)\"\n")
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := g.Policy("ci"); !admits(p, map[string]string{"source": "go", "name": "unrisked"}) {
		t.Error(`"source,risk notin (high)" does not match a capability without risk`)
	}
	for _, tc := range []struct{ name, doc, want string }{
		{"bad element", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = [\"team\",\n  \"risk in(high)\"]\n", `:4:3: http.tokens.ci.allow: bad label selector "risk in(high)"`},
		{"in without spaces", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = \"risk in(high)\"\n", `needs a space on both sides`},
		{"empty element", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = [\"team\", \"\"]\n", `empty label selector`},
		// An allow of negative requirements only matches a capability
		// with no labels: it would admit everything but what it names.
		{"negative-only allow", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = \"risk notin (high)\"\n", `:3:9: http.tokens.ci.allow: allow selector "risk notin (high)" has only negative requirements`},
		{"negative-only allow element", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = [\"team\", \"!secret\"]\n", `write "source,!secret"`},
		{"negative-only anonymous allow", "[http]\nallow_anonymous = true\n[http.anonymous]\nallow = \"env!=prod\"\n", `http.anonymous.allow: allow selector "env!=prod"`},
		{"too many selectors", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = [" + strings.Repeat(`"team",`, 65) + "]\n", `http.tokens.ci.allow: 65 selectors is more than the maximum of 64`},
		{"contradiction in an element", "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = \"team\"\ndeny = [\"name=a,name=b\"]\n", `can never all hold`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, path, err := boot(t, tc.doc)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("boot: %v\nwant %s and %q", err, path, tc.want)
			}
		})
	}
	// The effective policy is summarised as written.
	g, _, _ = boot(t, "[http.tokens.ci]\ntoken = \"env://TP_BOOT_TOKEN\"\nallow = [\"capability=read\", \"team\"]\nidentity = \"bot\"\n")
	sum := g.Summary()
	if len(sum) != 1 || sum[0].Allow != `["capability=read", "team"]` || sum[0].Identity != "fixed:bot" {
		t.Errorf("summary %+v", sum)
	}
}

func admits(p dispatch.Policy, labels map[string]string) bool {
	ok, _ := p.Admits(labels)
	return ok
}
