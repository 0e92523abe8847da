package mcp

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestAttackOAuthRefreshesGrowTheSecrets: every OAuth token the server
// is given is recorded as its secret, and an authorization server that
// hands out tokens expiring at once gives a new one at every call: 10,000
// calls left 10,000 secrets, each call rebuilding the replacer over all
// of them and each answer scanned for each (and their encoded forms).
// Only the last maxAddedSecrets are kept, and the newest is hidden.
func TestAttackOAuthRefreshesGrowTheSecrets(t *testing.T) {
	t.Parallel()
	var r redactor
	r.setEnv(map[string]string{"API_KEY": "env://K"}, map[string]string{"API_KEY": "sk-live-configured-1"}, nil)
	for i := range 10_000 {
		r.addSecret(fmt.Sprintf("oauth-access-token-%06d", i), "[redacted:auth]")
	}
	r.mu.Lock()
	n := len(r.secret)
	r.mu.Unlock()
	if n > maxAddedSecrets+1 {
		t.Errorf("%d secrets kept after 10,000 refreshes; want at most %d", n, maxAddedSecrets+1)
	}
	got := r.hide("newest oauth-access-token-009999, configured sk-live-configured-1")
	if strings.Contains(got, "oauth-access-token-009999") || strings.Contains(got, "sk-live-configured-1") {
		t.Errorf("the newest token or the configured key is not hidden: %q", got)
	}
}

// TestHiderHidesEveryOccurrenceWhole: texts made of pieces of secrets
// that overlap each other and themselves ("abab" inside "ababab") come
// out as a plain scan says they should: every byte of every occurrence
// of every secret replaced, each run of overlapping occurrences by one
// mark, that of the occurrence starting first (the longest of those).
func TestHiderHidesEveryOccurrenceWhole(t *testing.T) {
	values := map[string]string{"abcdefgh": "[A]", "fghijk": "[B]", "abab": "[C]", "kab": "[D]"}
	h := newHider(values)
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"abcdefgh", "fghijk", "abab", "kab", "ab", "fgh", "x", "cdefghijkabab"}
	for range 5000 {
		var sb strings.Builder
		for range rng.IntN(8) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := sb.String()
		// The plain scan: the longest value starting at each position;
		// a run starts where one does outside a run and goes on while
		// occurrences start inside it.
		longest := make([]int, len(text))
		mark := make([]string, len(text))
		for v, m := range values {
			for i := 0; i+len(v) <= len(text); i++ {
				if text[i:i+len(v)] == v && len(v) > longest[i] {
					longest[i], mark[i] = len(v), m
				}
			}
		}
		var want strings.Builder
		for i := 0; i < len(text); {
			if longest[i] == 0 {
				want.WriteByte(text[i])
				i++
				continue
			}
			want.WriteString(mark[i])
			end := i + longest[i]
			for j := i + 1; j < end; j++ {
				end = max(end, j+longest[j])
			}
			i = end
		}
		if got := h.Replace(text); got != want.String() {
			t.Fatalf("Replace(%q) = %q, want %q", text, got, want.String())
		}
	}
}
