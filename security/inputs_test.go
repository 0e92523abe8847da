package security_test

// Inputs: hostile JSON arguments of every meta-tool are refused with a clear
// error, never misread (overflows, NaN, wrong types).

import (
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackHostileToolInputs sends the table of hostile meta-tool
// arguments (internal/e2e.HostileInputs: timeout 1e308, ±huge limits,
// wrong JSON types, 2 MiB strings, 10000-entry lists, deep nesting) to the
// real binary over stdio and HTTP: every refusal is a short tool error
// without Go internals, and the server keeps serving.
func TestAttackHostileToolInputs(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	bins.Transports(t, "", func(t *testing.T, e *e2e.Env, connect func() *mcp.ClientSession) {
		cs := connect()
		for _, tc := range e2e.HostileInputs() {
			res, err := e2e.TryCall(cs, tc.Tool, tc.Args)
			msg := ""
			switch {
			case err != nil:
				msg = err.Error()
			case res != nil:
				msg = e2e.Text(res)
			}
			refused := err != nil || res.IsError
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
			if err != nil && tc.Drops {
				cs = connect()
			} else if err != nil {
				t.Fatalf("%s: the connection failed: %v", tc.Name, err)
			}
		}
		if v := e2e.MustRun(t, cs, "return 6 * 7"); v != float64(42) {
			t.Errorf("after the hostile inputs a plain run returned %v", v)
		}
	})
}
