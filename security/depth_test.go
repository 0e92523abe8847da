package security_test

// Deep nesting in snippets: every recursive phase (parse, scope, compile,
// fold, run) bounds its depth; a deep snippet costs its run, never the server.

import (
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/e2e"
)

// deepSnippets are the red team's shapes (1 MB of return f()()()..., 4 MB
// of 1*1*...: Go's fatal stack overflow in the compiler, which took every
// session down) and relatives, each just under execute_code's 1 MiB cap.
func deepSnippets() map[string]string {
	const size = 1_000_000
	rep := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	finally := "def f():\n try:\n" + strings.Repeat("  return 1\n", 2000) + " finally:\n" + strings.Repeat("  x = 1\n", 2000)
	return map[string]string{
		"call chain":        "def f():\n    return f\nreturn f" + rep("()"),
		"subscript chain":   "a = [0]\nreturn a" + rep("[0]"),
		"attribute chain":   "a = 1\nreturn a" + rep(".b"),
		"operator chain":    "return 1" + rep("*1"),
		"or chain (folded)": "return 1" + rep("|1"),
		"not chain":         "return " + rep("not ") + "1",
		"lambda chain":      "return " + rep("lambda: ") + "1",
		"conditional chain": "a = 1\nreturn " + rep("a if a else ") + "a",
		"elif chain":        "a = 1\nif a: pass\n" + rep("elif a: pass\n"),
		"nested brackets":   "return " + strings.Repeat("(", size/2) + strings.Repeat(")", size/2),
		"finally expansion": finally,
	}
}

// TestAttackDeepSnippetOverHTTP sends each deep snippet as execute_code
// from a token admitted to nothing, over HTTP, and requires a compile error
// for the run (RecursionError, SyntaxError), after which the same session
// and a new client are served as before and the server is still up.
func TestAttackDeepSnippetOverHTTP(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cfg := e.Config + ".none.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("none", "none-secret-0123456789", ""))
	srv := e.ServeHTTP(t, cfg)
	cs := e2e.ConnectHTTPToken(t, srv.URL, "none-secret-0123456789", nil)
	e2e.MustRun(t, cs, "kept = 41")
	for name, code := range deepSnippets() {
		began := time.Now()
		res, sc := e2e.Exec(t, cs, code, "timeout", 30)
		errObj, _ := sc["error"].(map[string]any)
		typ, _ := errObj["type"].(string)
		if !res.IsError || (typ != "RecursionError" && typ != "SyntaxError") {
			t.Errorf("%s (%d bytes): want a RecursionError or SyntaxError, got %v:\n%.300s", name, len(code), sc["error"], e2e.Text(res))
		}
		t.Logf("%s: %s in %v", name, typ, time.Since(began).Round(time.Millisecond))
		if v := e2e.MustRun(t, cs, "return kept + 1"); v != float64(42) {
			t.Fatalf("after %s the session answers %v, want 42", name, v)
		}
	}
	other := e2e.ConnectHTTPToken(t, srv.URL, "none-secret-0123456789", nil)
	if v := e2e.MustRun(t, other, "return 6 * 7"); v != float64(42) {
		t.Errorf("a new client after the deep snippets got %v", v)
	}
	if strings.Contains(srv.Stderr(), "fatal error") || strings.Contains(srv.Stderr(), "stack overflow") {
		t.Errorf("the server reported a crash:\n%s", srv.Stderr())
	}
}
