package config

import (
	"strings"
	"testing"
)

// TestRunLimits: unset caps are derived from the host's CPUs (one run of
// a token a CPU, at least 2; four a CPU in all, at least 4), set ones are
// kept, a derived per-token cap never passes a set server cap, and over
// stdio the one client may use the server's whole cap.
func TestRunLimits(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		s          SessionConfig
		cpus       int
		all, token int
		derived    string
	}{
		"one cpu":        {SessionConfig{}, 1, 4, 2, "max_concurrent_runs_per_token is the host's 1 CPUs, at least 2"},
		"ci box":         {SessionConfig{}, 2, 8, 2, "four times the host's 2 CPUs"},
		"big host":       {SessionConfig{}, 16, 64, 16, "the host's 16 CPUs"},
		"set":            {SessionConfig{MaxConcurrentRuns: 10, MaxConcurrentRunsPerToken: 3}, 16, 10, 3, ""},
		"token set only": {SessionConfig{MaxConcurrentRunsPerToken: 3}, 2, 8, 3, "max_concurrent_runs is four times"},
		"token over all": {SessionConfig{MaxConcurrentRuns: 4}, 16, 4, 4, "cut to max_concurrent_runs"},
		"token over cpu": {SessionConfig{MaxConcurrentRunsPerToken: 20}, 2, 20, 20, "at least 4 and the per-token cap"},
	} {
		l := tc.s.RunLimits(tc.cpus)
		if l.All != tc.all || l.PerToken != tc.token || !strings.Contains(l.Derived, tc.derived) || (tc.derived == "") != (l.Derived == "") {
			t.Errorf("%s: %+v, want %d/%d derived %q", name, l, tc.all, tc.token, tc.derived)
		}
	}
	one := SessionConfig{}.RunLimits(2).OneClient(SessionConfig{})
	if one.PerToken != 8 || !strings.Contains(one.Derived, "max_concurrent_runs_per_token is max_concurrent_runs (one client over stdio)") {
		t.Errorf("stdio: %+v", one)
	}
	set := SessionConfig{MaxConcurrentRunsPerToken: 1}
	if l := set.RunLimits(2).OneClient(set); l.PerToken != 1 {
		t.Errorf("stdio with the cap set: %+v", l)
	}
}
