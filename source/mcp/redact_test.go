package mcp

import (
	"fmt"
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
