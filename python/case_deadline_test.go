package python_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
)

// TestAttackCaseMethodsStopAtTheDeadline: the case-mapping methods of str,
// bytes and bytearray do work linear in their receiver in one Go call, so
// a snippet with a time limit alone (no step budget) could run one call on
// tens of megabytes to its end, past the deadline (title and capitalize
// map the string whole, the bytes methods byte by byte). Each method is
// timed once on a big receiver with no limit (d), then run with a time
// limit of d/4: the run must end by 3d/4, so the call stopped midway
// rather than ran to its end. The interpreter sweep
// (TestAttackEveryBuiltinStopsAtTheDeadline) calls these too, but on a
// megabyte, which ends in milliseconds whether it polls or not.
func TestAttackCaseMethodsStopAtTheDeadline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds receivers of tens of megabytes")
	}
	const limit = 256 << 20
	g := python.NewGlobals()
	setup, err := python.Compile("setup.py", "S = 'ab cd\\u00e9 ' * 3_000_000\nA = 'ab cd ' * 4_000_000\nB = A.encode()\nBA = bytearray(B)\n", python.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := setup.Run(context.Background(), python.RunOptions{Globals: g, Limits: python.Limits{MaxMemoryBytes: limit}}); err != nil {
		t.Fatal(err)
	}
	for _, call := range []string{
		"S.title()", "S.capitalize()", "S.upper()", "S.swapcase()", "A.title()", "A.capitalize()", "A.lower()",
		"B.upper()", "B.lower()", "B.swapcase()", "B.title()", "B.capitalize()",
		"BA.upper()", "BA.lower()", "BA.swapcase()", "BA.title()", "BA.capitalize()",
	} {
		prog, err := python.Compile("call.py", "X = "+call+"\nX = None\n", python.CompileOptions{})
		if err != nil {
			t.Fatal(err)
		}
		run := func(timeout time.Duration) (time.Duration, error) {
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			began := time.Now()
			_, err := prog.Run(ctx, python.RunOptions{Globals: g, Limits: python.Limits{MaxMemoryBytes: limit, Steps: 1 << 62}})
			return time.Since(began), err
		}
		whole, err := run(time.Minute)
		if err != nil {
			t.Fatalf("%s without a limit: %v", call, err)
		}
		if whole < 20*time.Millisecond {
			t.Logf("%s took %v: too quick to tell", call, whole)
			continue
		}
		took, err := run(whole / 4)
		var exc *python.Exception
		if !errors.As(err, &exc) || exc.Limit != "time" {
			t.Errorf("%s with a limit of %v (a quarter of its %v): want the time limit, got %v", call, whole/4, whole, err)
			continue
		}
		if took > whole*3/4 {
			t.Errorf("%s: one call takes %v; with a limit of %v the run ended after %v: the call ran on past the deadline", call, whole, whole/4, took)
		}
	}
}
