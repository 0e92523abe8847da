package config

import (
	"fmt"
	"strings"
)

// RunLimits are the effective [session] run caps: how many runs may be in
// progress at once, in all and of one token.
type RunLimits struct {
	All, PerToken int
	// Derived says how each value not set in the file was derived (for
	// config check and doctor); empty when both were set.
	Derived string
}

// RunLimits returns the run caps for a host of cpus CPUs. A key set in
// the file is taken as it is. Unset, max_concurrent_runs_per_token is the
// number of CPUs, at least 2 (a token's second run does not wait on its
// first), and max_concurrent_runs four times the CPUs, at least 4 (most
// runs wait on capabilities rather than compute), and never below the
// per-token cap. A token once ran a busy loop in each of its 16 sessions
// at once, bounded only by its memory budget, and another token's small
// run took three times as long: at one run a CPU, the flood leaves the
// others their share of the machine, and its own excess waits in its
// queue. One client over stdio is the only subject: OneClient.
func (s SessionConfig) RunLimits(cpus int) RunLimits {
	l := RunLimits{All: s.MaxConcurrentRuns, PerToken: s.MaxConcurrentRunsPerToken}
	var how []string
	if l.PerToken <= 0 {
		l.PerToken = max(cpus, 2)
		how = append(how, fmt.Sprintf("max_concurrent_runs_per_token is the host's %d CPUs, at least 2", cpus))
	}
	if l.All <= 0 {
		l.All = max(4*cpus, 4, l.PerToken)
		how = append(how, fmt.Sprintf("max_concurrent_runs is four times the host's %d CPUs, at least 4 and the per-token cap", cpus))
	} else if l.PerToken > l.All {
		// Only when the per-token cap was derived: both set so is an
		// error of the file (validate).
		l.PerToken = l.All
		how = append(how, "max_concurrent_runs_per_token is cut to max_concurrent_runs")
	}
	if len(how) > 0 {
		l.Derived = strings.Join(how, "; ")
	}
	return l
}

// OneClient is the run caps of a server with one client (stdio): a
// per-token cap not set in the file is the server's cap, since there is
// no other token to keep room for.
func (l RunLimits) OneClient(s SessionConfig) RunLimits {
	if s.MaxConcurrentRunsPerToken > 0 || l.PerToken >= l.All {
		return l
	}
	l.PerToken = l.All
	var how []string
	for _, h := range strings.Split(l.Derived, "; ") {
		if strings.HasPrefix(h, "max_concurrent_runs_per_token ") {
			h = "max_concurrent_runs_per_token is max_concurrent_runs (one client over stdio)"
		}
		how = append(how, h)
	}
	l.Derived = strings.Join(how, "; ")
	return l
}
