package python_test

import (
	"context"
	"errors"
	"fmt"
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
// rather than ran to its end (a run that overruns is tried again, as the
// machine's load may have changed between the two). The interpreter sweep
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
		// The machine's load changes between the timed run and the
		// limited one: a limited run that completes, or overruns once,
		// is tried again; only a call that overruns every time fails.
		var problem string
		for attempt := 0; attempt < 3; attempt++ {
			whole, err := run(time.Minute)
			if err != nil {
				t.Fatalf("%s without a limit: %v", call, err)
			}
			if whole < 20*time.Millisecond {
				problem = ""
				t.Logf("%s took %v: too quick to tell", call, whole)
				break
			}
			took, err := run(whole / 4)
			var exc *python.Exception
			switch {
			case err == nil:
				problem = fmt.Sprintf("%s: completed within a quarter of its %v three times", call, whole)
			case !errors.As(err, &exc) || exc.Limit != "time":
				t.Fatalf("%s with a limit of %v: want the time limit, got %v", call, whole/4, err)
			case took > whole*3/4:
				problem = fmt.Sprintf("%s: one call takes %v; with a limit of %v the run ended after %v: the call ran on past the deadline", call, whole, whole/4, took)
			default:
				problem = ""
			}
			if problem == "" {
				break
			}
		}
		if problem != "" {
			t.Error(problem)
		}
	}
}
