package mcp

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python/jsonlike"
)

// hostileSecret is the secret of the redactor tests below.
const hostileSecret = "sk-live-aaaaaaaa1"

func secretRedactor() *redactor {
	var r redactor
	r.setEnv(map[string]string{"A": "env://A", "B": "env://B", "C": "env://C"},
		map[string]string{"A": hostileSecret, "B": "ghp_bbbbbbbbbbbbbbbb", "C": "xoxb-cccccccccc"}, nil)
	return &r
}

// TestHideResultEverywhere: an upstream's secret is hidden in every string
// of a structured result, keys included, as itself and base64-encoded,
// at any depth; strings shorter than any secret are left as they are.
func TestHideResultEverywhere(t *testing.T) {
	t.Parallel()
	r := secretRedactor()
	b64 := base64.StdEncoding.EncodeToString([]byte(hostileSecret))
	res := r.hideResult(&capability.Result{
		Content: []capability.Content{{Type: "text", Text: "token " + hostileSecret}},
		Structured: map[string]any{
			hostileSecret: []any{"ok", "x " + hostileSecret, 3.0, jsonlike.Object{{Key: "k" + hostileSecret, Value: "dump " + b64}}},
			"short":       jsonlike.Object{{Key: "a", Value: "b"}},
		},
	})
	got := fmt.Sprintf("%v %v", res.Content, res.Structured)
	for _, leak := range []string{hostileSecret, b64[:len(b64)-4]} {
		if strings.Contains(got, leak) {
			t.Errorf("%q left in the result: %s", leak, got)
		}
	}
	if !strings.Contains(got, "[ok x [redacted") || !strings.Contains(got, "{a b}") {
		t.Errorf("the result's other strings changed: %s", got)
	}
}

// TestHideResultAllocatesNothingPerString: a structured result of many
// strings holding no secret is scanned without allocating per string
// (each unchanged string was made an interface again: 10 000 strings,
// 10 000 allocations, and each string shorter than every secret was
// scanned once per secret and encoded form).
func TestHideResultAllocatesNothingPerString(t *testing.T) {
	r := secretRedactor()
	vals := make([]any, 10_000)
	for i := range vals {
		vals[i] = strings.Repeat("v", i%40)
	}
	allocs := testing.AllocsPerRun(5, func() {
		r.hideResult(&capability.Result{Structured: vals})
	})
	// Other tests' leftover goroutines may allocate meanwhile: the bound
	// is well above their noise and far below one per string.
	if allocs > 1000 {
		t.Errorf("hiding secrets in 10 000 clean strings made %.0f allocations", allocs)
	}
}

// BenchmarkRedactorHideShortStrings hides three secrets (and their
// encoded forms) in a structured result of 200 000 short strings (a
// chatty or hostile upstream's array), against copying the array.
func BenchmarkRedactorHideShortStrings(b *testing.B) {
	r := secretRedactor()
	src := make([]any, 200000)
	for i := range src {
		src[i] = "ok-" + string(rune('a'+i%26))
	}
	b.Run("copy", func(b *testing.B) {
		for b.Loop() {
			s := make([]any, len(src))
			copy(s, src)
		}
	})
	b.Run("hide", func(b *testing.B) {
		for b.Loop() {
			s := make([]any, len(src))
			copy(s, src)
			r.hideResult(&capability.Result{Structured: s})
		}
	})
}
