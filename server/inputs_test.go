package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackHostileToolInputs throws hostile JSON at every meta-tool (the
// shared table of internal/e2e): each refusal is a short, clear tool error,
// nothing overflows (timeout 1e308 once became a negative Duration), and
// the server keeps answering.
func TestAttackHostileToolInputs(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	f := newFixture(t, nil)
	cs := f.connect(t, nil)
	for _, tc := range e2e.HostileInputs() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tc.Tool, Arguments: tc.Args})
		cancel()
		checkHostileAnswer(t, tc, res, err)
		if err != nil && tc.Drops {
			cs = f.connect(t, nil)
		}
	}
	if res := callTool(t, cs, ToolExecute, map[string]any{"code": "return 6 * 7"}); res.IsError || !strings.Contains(text(res), "42") {
		t.Errorf("after the hostile inputs a plain run fails: %s", text(res))
	}
}

func checkHostileAnswer(t *testing.T, tc e2e.HostileInput, res *mcp.CallToolResult, err error) {
	t.Helper()
	msg := ""
	switch {
	case err != nil:
		msg = err.Error()
	case res != nil:
		msg = text(res)
	}
	refused := err != nil || (res != nil && res.IsError)
	if tc.Refused && !refused {
		t.Errorf("%s: %s(%.80s) was accepted: %.300s", tc.Name, tc.Tool, tc.Args, msg)
	}
	if tc.Want != "" && !strings.Contains(msg, tc.Want) {
		t.Errorf("%s: the answer does not say %q: %.300s", tc.Name, tc.Want, msg)
	}
	if refused && len(msg) > e2e.MaxErrorBytes {
		t.Errorf("%s: the refusal is %d bytes (echoes the input?): %.300s", tc.Name, len(msg), msg)
	}
	for _, leak := range []string{"goroutine ", "panic", "interface conversion", "runtime error"} {
		if strings.Contains(msg, leak) {
			t.Errorf("%s: the answer leaks Go internals (%q): %.300s", tc.Name, leak, msg)
		}
	}
}

// TestAttackLocalUnsafeOverHTTP: a run asking for the local_unsafe backend
// over HTTP is refused before the engine sees it, whatever the engine
// offers (a library embedder included); stdio does not refuse it here.
func TestAttackLocalUnsafeOverHTTP(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	cs := connectHTTP(t, f.httpURL(t))
	res := callTool(t, cs, ToolExecute, map[string]any{"code": "return 1", "backend": BackendLocalUnsafe})
	if !res.IsError || !strings.Contains(text(res), "PermissionError") || !strings.Contains(text(res), "not served over HTTP") {
		t.Errorf("local_unsafe over HTTP: %s", text(res))
	}
	res = callTool(t, f.connect(t, nil), ToolExecute, map[string]any{"code": "return 1", "backend": BackendLocalUnsafe})
	if strings.Contains(text(res), "not served over HTTP") {
		t.Errorf("local_unsafe over stdio: %s", text(res))
	}
}
