package security_test

// Sessions: caps per subject and overall, eviction, isolation between
// clients and between sessions of one token.

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackResultHandlesAcrossSessions: a result saved in one session is
// readable there only. Another token's session and a second session of
// the same token can neither list it, read it as a resource, load it from
// a snippet, nor tell it from a handle that never existed; hijacking the
// owner's Mcp-Session-Id with another token is refused; the listing and
// the read are marked cacheScope "private".
func TestAttackResultHandlesAcrossSessions(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cfg := e.Config + ".tokens.toml"
	base := strings.TrimSpace(readFile(t, e.Config))
	e.WriteFile(t, cfg, base+"\n"+e.AddToken("alice", "alice-secret-0123456789", `allow = "source"`)+e.AddToken("bob", "bob-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	alice := e2e.ConnectHTTPToken(t, srv.URL, "alice-secret-0123456789", nil)
	alice2 := e2e.ConnectHTTPToken(t, srv.URL, "alice-secret-0123456789", nil)
	bob := e2e.ConnectHTTPToken(t, srv.URL, "bob-secret-0123456789", nil)
	ctx := context.Background()

	handle, _ := e2e.MustRun(t, alice, `return await save_result({"card": "4111"}, label="alice's")`).(string)
	if !strings.HasPrefix(handle, "res_") {
		t.Fatalf("save_result returned %q", handle)
	}
	lr, err := alice.ListResources(ctx, nil)
	if err != nil || len(lr.Resources) != 1 {
		t.Fatalf("alice's resources = %+v, %v", lr, err)
	}
	if lr.CacheScope != "private" {
		t.Errorf("resources/list cacheScope = %q, want private", lr.CacheScope)
	}
	rr, err := alice.ReadResource(ctx, &mcp.ReadResourceParams{URI: "toolplane://results/" + handle})
	if err != nil || rr.CacheScope != "private" {
		t.Errorf("alice's read: cacheScope %q, err %v; want private", rr.CacheScope, err)
	}

	never := "res_" + strings.Repeat("0", 20)
	for name, cs := range map[string]*mcp.ClientSession{"bob": bob, "alice's second session": alice2} {
		l, err := cs.ListResources(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range l.Resources {
			if strings.Contains(r.URI, handle) {
				t.Errorf("%s lists alice's result %s", name, r.URI)
			}
		}
		_, errTheirs := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "toolplane://results/" + handle})
		_, errNever := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "toolplane://results/" + never})
		if errTheirs == nil {
			t.Errorf("%s read alice's result", name)
		} else if strings.ReplaceAll(errTheirs.Error(), handle, never) != errNever.Error() {
			t.Errorf("%s tells alice's handle from one that never existed:\n%v\n%v", name, errTheirs, errNever)
		}
		v := e2e.MustRun(t, cs, fmt.Sprintf(`
out = []
for h in [%q, %q]:
    try:
        out.append(await load_result(h))
    except KeyError as e:
        out.append(str(e).replace(h, "H"))
return out`, handle, never))
		if got, _ := v.([]any); len(got) != 2 || got[0] != got[1] {
			t.Errorf("%s: load_result of alice's handle vs a never-saved one: %v", name, v)
		}
	}

	// Bob presents alice's session id with his own token.
	sid := alice.ID()
	req, _ := http.NewRequest("POST", srv.URL, strings.NewReader(`{"jsonrpc":"2.0","id":9,"method":"resources/list","params":{}}`))
	req.Header.Set("Authorization", "Bearer bob-secret-0123456789")
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body := readAll(t, resp)
	if resp.StatusCode == http.StatusOK || strings.Contains(body, handle) {
		t.Errorf("bob with alice's session id: status %d, body %.300s", resp.StatusCode, body)
	}
}
