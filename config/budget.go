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

// Fallbacks of the budget on a host whose memory is unknown.
const (
	fallbackBudgetMB = 2048
	minBudgetMB      = 64
)

// MemoryBudget returns the session memory budget for a host with
// hostBytes of memory (0: unknown). A key set in the file is taken as it
// is. Unset, max_retained_mb is half the host's memory (the other half is
// the process, its workers and upstream servers), and
// max_retained_mb_per_token half of max_retained_mb, but at least one
// run's max_memory_mb (within max_retained_mb), so that one token's runs
// cannot take the server's budget alone and one run of a token can still
// get its whole limit. Each run is granted max_memory_mb out of the
// budgets, so max_retained_mb_per_token / max_memory_mb runs of a token
// run at once with their whole limit.
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
		b.PerTokenMB = min(max(b.AllMB/2, s.MaxMemoryMB), b.AllMB)
		how = append(how, "max_retained_mb_per_token is half of max_retained_mb, at least one run's max_memory_mb")
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
