package config

import (
	"fmt"
	"strings"
)

// Budget is the effective [session] memory budget: what all sessions, and
// the sessions of one token, may hold at once, idle (globals and saved
// results) or running (each run's memory limit).
type Budget struct {
	AllMB, PerTokenMB int
	// Derived says how each value not set in the file was derived (for
	// config check and doctor); empty when both were set.
	Derived string
}

// perTokenDerived says how an unset max_retained_mb_per_token is derived.
const perTokenDerived = "max_retained_mb_per_token is a quarter of max_retained_mb, at least two runs' max_memory_mb (over HTTP; the one client of stdio gets all of max_retained_mb)"

// Fallbacks of the budget on a host whose memory is unknown.
const (
	fallbackBudgetMB = 2048
	minBudgetMB      = 64
)

// MemoryBudget returns the session memory budget for a host with
// hostBytes of memory (0: unknown). A key set in the file is taken as it
// is. Unset, max_retained_mb is half the host's memory (the other half is
// the process, its workers and upstream servers), and
// max_retained_mb_per_token a quarter of max_retained_mb, but at least two
// runs' max_memory_mb (within max_retained_mb). A quarter, not a half: at
// a half, two tokens that fill their sessions (a hostile one needs only
// max_sessions_per_token idle sessions) held the whole budget, and every
// other token's idle sessions were evicted and its runs waited; now it
// takes four. Two runs, so that a token on a small host (a 2-core CI box
// of 7 GiB: 3.5 GiB in all, 896 MiB a quarter) can still run two snippets
// at once with their whole limit. Each run is granted max_memory_mb out of
// the budgets, so max_retained_mb_per_token / max_memory_mb runs of a
// token run at once with their whole limit. One client over stdio is the
// only subject there is: serve gives it the whole budget
// (OneClient).
func (s SessionConfig) MemoryBudget(hostBytes int64) Budget {
	b := Budget{AllMB: s.MaxRetainedMB, PerTokenMB: s.MaxRetainedMBPerToken}
	var how []string
	if b.AllMB <= 0 {
		if hostBytes > 0 {
			b.AllMB = max(int(hostBytes>>21), minBudgetMB) // half, in MiB
			how = append(how, fmt.Sprintf("max_retained_mb is half of the host's %d MiB", hostBytes>>20))
		} else {
			b.AllMB = fallbackBudgetMB
			how = append(how, fmt.Sprintf("max_retained_mb is %d (the host's memory is unknown)", fallbackBudgetMB))
		}
	}
	if b.PerTokenMB <= 0 {
		b.PerTokenMB = min(max(b.AllMB/4, 2*s.MaxMemoryMB), b.AllMB)
		how = append(how, perTokenDerived)
	} else if b.PerTokenMB > b.AllMB {
		// Only when max_retained_mb was derived: both set so is an error
		// of the file (validate).
		b.PerTokenMB = b.AllMB
		how = append(how, "max_retained_mb_per_token is cut to max_retained_mb")
	}
	if len(how) > 0 {
		b.Derived = strings.Join(how, "; ")
	}
	return b
}

// OneClient is the budget of a server with one client (stdio): a
// per-token budget not set in the file is the whole budget, since there
// is no other token to keep room for.
func (s SessionConfig) OneClient(b Budget) Budget {
	if s.MaxRetainedMBPerToken <= 0 && b.PerTokenMB < b.AllMB {
		b.PerTokenMB = b.AllMB
		b.Derived = strings.Replace(b.Derived, perTokenDerived, "max_retained_mb_per_token is max_retained_mb (one client over stdio)", 1)
	}
	return b
}
