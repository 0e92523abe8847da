package regex

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// stepBudget is a Budget that fails after max units, like the interpreter's step budget.
type stepBudget struct {
	used, max int
}

var errBudget = errors.New("step budget exhausted")

func (b *stepBudget) Step(n int) error {
	b.used += n
	if b.used > b.max {
		return errBudget
	}
	return nil
}

// deadlineBudget fails once a wall-clock deadline passes, like a run's context.
type deadlineBudget struct{ deadline time.Time }

func (b deadlineBudget) Step(int) error {
	if time.Now().After(b.deadline) {
		return errors.New("deadline exceeded")
	}
	return nil
}

func TestCatastrophicBacktrackingStopsOnSteps(t *testing.T) {
	t.Parallel()
	re, err := Compile(`(a+)+$`, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := []rune(strings.Repeat("a", 40) + "b")
	b := &stepBudget{max: 2_000_000}
	start := time.Now()
	m, err := re.Search(&Limits{Budget: b}, s, 0, len(s))
	if m != nil || !errors.Is(err, errBudget) {
		t.Fatalf("Search = %v, %v; want the budget's error", m, err)
	}
	var le *LimitError
	if !errors.As(err, &le) || le.Pattern != `(a+)+$` {
		t.Fatalf("error %v is not a *LimitError naming the pattern", err)
	}
	if b.used < b.max {
		t.Fatalf("stopped after %d steps, before the budget of %d ran out", b.used, b.max)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("stopping took %v", d)
	}
}

func TestCatastrophicBacktrackingStopsOnDeadline(t *testing.T) {
	t.Parallel()
	for _, p := range []string{`(a|aa)+$`, `(x+x+)+y`, `(?:a*)*b`, `(\w+\s?)*$`, `^(a|a?)+$`} {
		re, err := Compile(p, 0)
		if err != nil {
			t.Fatal(err)
		}
		s := []rune(strings.Repeat("a", 5000) + "!")
		if strings.Contains(p, "x") {
			s = []rune(strings.Repeat("x", 5000))
		}
		start := time.Now()
		_, err = re.FindAll(&Limits{Budget: deadlineBudget{time.Now().Add(50 * time.Millisecond)}}, s, 0, len(s))
		if err == nil || !strings.Contains(err.Error(), "deadline exceeded") {
			t.Errorf("%s: FindAll error = %v, want the deadline", p, err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("%s: stopping took %v", p, d)
		}
	}
}

func TestBacktrackStackCap(t *testing.T) {
	t.Parallel()
	re, err := Compile(`(?:ab|cd)*x`, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := []rune(strings.Repeat("ab", 50_000))
	_, err = re.Search(&Limits{MaxStack: 10_000}, s, 0, len(s))
	if !errors.Is(err, ErrStackLimit) {
		t.Fatalf("Search error = %v, want ErrStackLimit", err)
	}
	// With room, the same search completes (and finds nothing).
	m, err := re.Search(&Limits{MaxStack: 1 << 20}, s, 0, 2000)
	if m != nil || err != nil {
		t.Fatalf("Search = %v, %v; want no match", m, err)
	}
}

func TestBudgetChargedForShortMatches(t *testing.T) {
	t.Parallel()
	re, _ := Compile(`\w+@\w+\.com`, 0)
	b := &stepBudget{max: 1 << 30}
	s := []rune("mail joe@example.com now")
	if m, err := re.Search(&Limits{Budget: b}, s, 0, len(s)); m == nil || err != nil {
		t.Fatalf("Search = %v, %v", m, err)
	}
	if b.used == 0 {
		t.Fatal("a successful search charged nothing to the budget")
	}
}

// Deep nesting is refused by the parser instead of recursing without bound.
func TestDeepNestingIsAnError(t *testing.T) {
	t.Parallel()
	p := strings.Repeat("(", 5000) + strings.Repeat(")", 5000)
	_, err := Compile(p, 0)
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindRecursionError {
		t.Fatalf("Compile error = %v, want a RecursionError", err)
	}
	if _, err := Compile(strings.Repeat("(?:", 400)+"a"+strings.Repeat(")", 400), 0); err != nil {
		t.Fatalf("400 nested groups: %v", err)
	}
}

// A loop over a long subject costs one backtrack entry per iteration (plus the body's own
// choice points), so a JSON-string-like pattern handles a 300k-character literal within
// the default cap.
func TestLongLoopFitsDefaultStack(t *testing.T) {
	t.Parallel()
	re, err := Compile(`: "((?:[^"\\]|\\.)*)"`, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := []rune(`{"k": "` + strings.Repeat(`ab\"c`, 60_000) + `"}`)
	m, err := re.Search(nil, s, 0, len(s))
	if err != nil || m == nil {
		t.Fatalf("Search = %v, %v", m, err)
	}
	if a, b := m.Span(1); b-a != 5*60_000 {
		t.Fatalf("group 1 spans %d characters", b-a)
	}
}

// maxStepBudget records the largest single charge, the most work done
// between two chances to stop.
type maxStepBudget struct {
	stepBudget
	largest int
}

func (b *maxStepBudget) Step(n int) error {
	b.largest = max(b.largest, n)
	return b.stepBudget.Step(n)
}

// A search that scans an ASCII subject with the string routines (for a
// literal prefix or the first-character set) charges a step for every
// position it passes, in pieces, so a long subject without a match still
// runs out of budget and can stop midway; and one whose prefix is found at
// millions of places charges each of them.
func TestScanChargesEveryPosition(t *testing.T) {
	t.Parallel()
	text := strings.Repeat("x", 3_000_000)
	for _, p := range []string{`needle`, `n\w+`, `[0-9]+z`, `(?:x)y`} {
		re, err := Compile(p, 0)
		if err != nil {
			t.Fatal(err)
		}
		s := []rune(text)
		b := &maxStepBudget{stepBudget: stepBudget{max: 1_000_000}}
		m, err := re.Search(&Limits{Budget: b, ASCII: text}, s, 0, len(s))
		if m != nil || !errors.Is(err, errBudget) {
			t.Errorf("%s: Search of %d characters = %v, %v; want the budget's error", p, len(s), m, err)
		}
		if b.largest > 2*scanChunk {
			t.Errorf("%s: one charge of %d steps: the scan does not stop for %d characters", p, b.largest, b.largest)
		}
	}
	// "xy" occurs a million times; each candidate costs at least a step.
	re, _ := Compile(`xy(?=z)`, 0)
	text = strings.Repeat("xy", 1_000_000)
	s := []rune(text)
	b := &stepBudget{max: 1 << 40}
	if m, err := re.Search(&Limits{Budget: b, ASCII: text}, s, 0, len(s)); m != nil || err != nil {
		t.Fatalf("Search = %v, %v; want no match", m, err)
	}
	if b.used < len(s)/2 {
		t.Errorf("%d candidates charged %d steps", len(s)/2, b.used)
	}
	// Every digit is a candidate the lead (\d\d\d\d-\d\dz) turns down.
	re, _ = Compile(`\d{4}-\d\dz`, 0)
	text = strings.Repeat("1234-56", 300_000)
	s = []rune(text)
	b = &stepBudget{max: 1 << 40}
	if m, err := re.Search(&Limits{Budget: b, ASCII: text}, s, 0, len(s)); m != nil || err != nil {
		t.Fatalf("Search = %v, %v; want no match", m, err)
	}
	if b.used < len(s) {
		t.Errorf("%d positions, %d of them candidates, charged %d steps", len(s), 6*len(s)/7, b.used)
	}
}
