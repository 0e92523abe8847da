package hostilecorpus

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python/internal/difftest"
)

// TestSetupArmsTheClockOnlyWhenNamed: the clock is a limit only for cases
// whose marker names it; every other case gets the backstop, so a loaded
// machine cannot end a "# limit: steps" case by time.
func TestSetupArmsTheClockOnlyWhenNamed(t *testing.T) {
	for _, tc := range []struct {
		marker   string
		deadline time.Duration
		steps    int64
		timeOnly bool
	}{
		{"# limit: time", TimeLimit, unbound, true},
		{"# limit: steps|time", Deadline, Steps, false},
		{"# limit: steps", Backstop, Steps, false},
		{"# limit: memory", Backstop, unbound, false},
		{"# limit: memory|steps", Backstop, Steps, false},
		{"# limit: depth", Backstop, Steps, false},
		{"# raises: ValueError", Backstop, Steps, false},
		{"# completes", Backstop, Steps, false},
	} {
		c := difftest.SplitFile("hostile", "x.py", "pass\n"+tc.marker+"\n")[0]
		s := SetupFor(c.Marker, false)
		if s.Deadline != tc.deadline || s.Limits.Steps != tc.steps || s.TimeOnly != tc.timeOnly {
			t.Errorf("%s: deadline %v, steps %d, time only %v; want %v, %d, %v", tc.marker, s.Deadline, s.Limits.Steps, s.TimeOnly, tc.deadline, tc.steps, tc.timeOnly)
		}
		if s.Deadline <= TimeLimit && !tc.timeOnly {
			t.Errorf("%s: deadline %v", tc.marker, s.Deadline)
		}
	}
}

// TestCheck: a limit the marker does not name fails, and running into the
// deadline is named as such.
func TestCheck(t *testing.T) {
	steps := difftest.SplitFile("hostile", "x.py", "pass\n# limit: steps\n")[0].Marker
	if p := Check(steps, &Ending{Type: "TimeoutError", Message: "step budget exhausted", Limit: "steps"}); p != "" {
		t.Errorf("steps ending: %s", p)
	}
	if p := Check(steps, &Ending{Type: "TimeoutError", Message: "execution time limit exceeded", Limit: "time"}); !strings.Contains(p, "ran until its deadline") {
		t.Errorf("time ending of a steps case: %q", p)
	}
	if p := Check(steps, nil); p == "" {
		t.Error("a steps case that completed passed")
	}
}

// TestLoad: the corpus loads, every case with a marker.
func TestLoad(t *testing.T) {
	cases, err := Load(filepath.Join("..", "testdata", "hostile"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Load(filepath.Join("..", "testdata", "no-such-corpus")); err == nil {
		t.Error("an empty directory loaded")
	}
	t.Logf("%d cases", len(cases))
}
