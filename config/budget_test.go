package config

import (
	"strings"
	"testing"
)

// TestMemoryBudget: unset keys are derived from the host's memory (half,
// and a quarter of that per token, at least two runs' limit), set ones are
// kept, an unknown host falls back, and a token's budget never passes the
// server's.
func TestMemoryBudget(t *testing.T) {
	t.Parallel()
	const gib = int64(1 << 30)
	for name, tc := range map[string]struct {
		s          SessionConfig
		host       int64
		all, token int
		derived    string
	}{
		"laptop":         {SessionConfig{MaxMemoryMB: 512}, 16 * gib, 8192, 2048, "half of the host's 16384 MiB"},
		"ci box":         {SessionConfig{MaxMemoryMB: 512}, 7 * gib, 3584, 1024, "at least two runs' max_memory_mb"},
		"small host":     {SessionConfig{MaxMemoryMB: 512}, gib, 512, 512, "at least two runs' max_memory_mb"},
		"tiny host":      {SessionConfig{MaxMemoryMB: 512}, 64 << 20, 64, 64, "half of the host's 64 MiB"},
		"unknown host":   {SessionConfig{MaxMemoryMB: 512}, 0, 2048, 1024, "the host's memory is unknown"},
		"set":            {SessionConfig{MaxMemoryMB: 512, MaxRetainedMB: 300, MaxRetainedMBPerToken: 100}, 16 * gib, 300, 100, ""},
		"token set only": {SessionConfig{MaxMemoryMB: 512, MaxRetainedMBPerToken: 100}, 16 * gib, 8192, 100, "half of the host's"},
		"token over all": {SessionConfig{MaxMemoryMB: 512, MaxRetainedMBPerToken: 9000}, 16 * gib, 8192, 8192, "cut to max_retained_mb"},
	} {
		b := tc.s.MemoryBudget(tc.host)
		if b.AllMB != tc.all || b.PerTokenMB != tc.token || !strings.Contains(b.Derived, tc.derived) || (tc.derived == "") != (b.Derived == "") {
			t.Errorf("%s: %+v, want %d/%d derived %q", name, b, tc.all, tc.token, tc.derived)
		}
	}
}

// TestMemoryBudgetOneClient: over stdio the one client gets the whole
// budget unless the file sets its own.
func TestMemoryBudgetOneClient(t *testing.T) {
	t.Parallel()
	s := SessionConfig{MaxMemoryMB: 512}
	if b := s.OneClient(s.MemoryBudget(16 << 30)); b.PerTokenMB != 8192 || !strings.Contains(b.Derived, "one client over stdio") {
		t.Errorf("derived: %+v", b)
	}
	s.MaxRetainedMBPerToken = 100
	if b := s.OneClient(s.MemoryBudget(16 << 30)); b.PerTokenMB != 100 {
		t.Errorf("set: %+v", b)
	}
}
