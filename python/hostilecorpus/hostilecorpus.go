// Package hostilecorpus loads the interpreter's hostile corpus
// (python/testdata/hostile) and holds the rules every test that runs it
// shares: the limits a case runs under, the deadline that may stop it, and
// whether its ending matches its marker. The in-process run (python's
// TestHostile) and the worker-process run (backend/embedded's
// TestHostileCorpusInWorkers) use it, so a case means the same wherever it
// runs; python/hoststub holds the host functions the cases call.
//
// The corpus format (a file is a case, or several separated by "# ---";
// the last line is the marker) is package python/internal/difftest's.
package hostilecorpus

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/internal/difftest"
)

// Case is one runnable chunk of the corpus; Marker is its expected ending.
type (
	Case   = difftest.Case
	Marker = difftest.Marker
)

// The limits the corpus runs under.
const (
	Steps     = 2_000_000
	Memory    = 64 << 20
	Depth     = 500
	Output    = 1 << 20
	HostCalls = 50
	// TimeLimit is the deadline of a case whose only marked limit is the
	// clock ("# limit: time"): it runs with no step budget, so only the
	// deadline can stop it.
	TimeLimit = 300 * time.Millisecond
	// Deadline is the deadline of a case that lists the clock among other
	// acceptable limits ("# limit: steps|time"): either may stop it.
	Deadline = 15 * time.Second
	// Backstop is the deadline of every case whose marker does not name
	// the clock: it only catches a run that nothing else stops, so it is
	// far above what any case needs on a machine shared with other work
	// (a case that takes a second alone took fifteen at a load of 37 on
	// two cores, and a loaded machine must not turn "# limit: steps" into
	// a time limit).
	Backstop = time.Minute
	// XFailDeadline replaces Backstop and Deadline for cases listed as
	// expected to fail, which may run into it: it keeps their cost down.
	XFailDeadline = 2 * time.Second
	// unbound is a step budget no case reaches.
	unbound = 1 << 62
	// minCases guards against loading the wrong directory.
	minCases = 60
)

// Load reads the corpus in dir and checks that every case has a marker.
func Load(dir string) ([]Case, error) {
	cases, err := difftest.Load(dir, "hostile")
	if err != nil {
		return nil, err
	}
	if len(cases) < minCases {
		return nil, fmt.Errorf("hostile corpus %s has %d cases, want at least %d: is it the right directory?", dir, len(cases), minCases)
	}
	var problems []string
	for _, c := range cases {
		if !c.Marker.Raises && len(c.Marker.Limits) == 0 && !c.Marker.Completes {
			problems = append(problems, fmt.Sprintf("%s:%d: hostile case %s has no '# limit:', '# raises:' or '# completes' marker", c.File, c.Line, c.Name))
		}
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(problems, "\n"))
	}
	return cases, nil
}

// XFailPath is the list of cases expected to fail, in the corpus at dir.
func XFailPath(dir string) string { return filepath.Join(dir, "xfail.txt") }

// ReadXFail reads the cases listed as expected to fail, by name, with the
// reason listed for each.
func ReadXFail(dir string) (map[string]string, error) {
	return difftest.ReadXFail(XFailPath(dir))
}

// Setup is how one case runs.
type Setup struct {
	Limits python.Limits
	// Deadline is the run's time limit.
	Deadline time.Duration
	// TimeOnly is set for a case only the clock may stop: a run must end
	// close to its deadline.
	TimeOnly bool
}

// SetupFor returns how a case with marker m runs; expectFail is whether
// it is listed as expected to fail.
//
// The clock is armed as a limit only for markers that name it: a case
// whose marker names only time gets TimeLimit and no step budget; one that
// names time among others gets Deadline; every other case gets Backstop,
// so that on a loaded machine the limit its marker names (the step
// budget, the memory or depth limit) is still what stops it: waiting for
// the CPU costs wall time but no steps. A case whose marker names only
// memory gets no step budget either: builtins count their work as steps,
// and filling the memory limit is more work than the step budget allows.
func SetupFor(m Marker, expectFail bool) Setup {
	s := Setup{
		Limits: python.Limits{
			Steps:          Steps,
			MaxMemoryBytes: Memory,
			MaxDepth:       Depth,
			MaxOutputBytes: Output,
			MaxHostCalls:   HostCalls,
		},
		Deadline: Backstop,
	}
	switch {
	case slices.Equal(m.Limits, []string{"time"}):
		s.Deadline, s.TimeOnly, s.Limits.Steps = TimeLimit, true, unbound
		return s
	case slices.Contains(m.Limits, "time"):
		s.Deadline = Deadline
	case slices.Equal(m.Limits, []string{"memory"}):
		s.Limits.Steps = unbound
	}
	if expectFail {
		s.Deadline = XFailDeadline
	}
	return s
}

// Ending is how a run that did not complete ended: the exception's type
// and message, and the limit that stopped it ("" if none did).
type Ending struct {
	Type, Message, Limit string
}

func (e *Ending) String() string {
	if e.Message == "" {
		return e.Type
	}
	return e.Type + ": " + e.Message
}

// Check compares a run's ending (nil: it completed) with marker m and
// describes the difference ("" if there is none).
func Check(m Marker, e *Ending) string {
	switch {
	case m.Completes && e == nil:
		return ""
	case m.Completes:
		return fmt.Sprintf("want the run to complete under the limits, got %s (limit %q)", e, e.Limit)
	case e == nil:
		return fmt.Sprintf("want %s, but the run completed", m)
	}
	if m.Raises {
		switch {
		case e.Limit != "":
			return fmt.Sprintf("want %s, got limit %q (%s)", m, e.Limit, e)
		case !slices.Contains(strings.Split(m.Type, "|"), e.Type) || (m.HasMessage && e.Message != m.Message):
			return fmt.Sprintf("want %s, got %s", m, e)
		}
		return ""
	}
	for _, l := range m.Limits {
		if e.Limit == l || (l == "depth" && e.Type == "RecursionError") || (l == "memory" && e.Type == "MemoryError") {
			return ""
		}
	}
	if e.Limit == "time" && !slices.Contains(m.Limits, "time") {
		return fmt.Sprintf("want %s, but it ran until its deadline (%s): the limit it names did not stop it", m, e)
	}
	return fmt.Sprintf("want %s, got %s (limit %q)", m, e, e.Limit)
}
