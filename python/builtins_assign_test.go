package python

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/toolplane/toolplane/python/lib"
)

// TestBuiltinsAssignmentStaysInTheRun: a snippet that assigns into the
// builtins module changes what the names mean to its own code (as in
// CPython; the corpus holds those cases) but not to the runtime's code
// (the prelude and library modules written in Python), nor to the next run
// of its session, nor to a run beside it.
func TestBuiltinsAssignmentStaysInTheRun(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pre, err := CompilePrelude("<prelude>", "def measure(x):\n    return len(x)\n__exports__ = {'measure': measure}\n")
	if err != nil {
		t.Fatal(err)
	}
	mods := lib.Modules()
	g := NewGlobals()
	runIn := func(g *Globals, src string) (*Result, error) {
		t.Helper()
		prog, err := Compile("<snippet>", src, CompileOptions{Snippet: true})
		if err != nil {
			t.Fatal(err)
		}
		return prog.Run(ctx, RunOptions{Globals: g, Prelude: pre, Modules: mods})
	}
	poison := `import builtins, textwrap
builtins.len = lambda x: -1
builtins.isinstance = lambda a, b: True
builtins.planted = "poison"
def mine():
    return len("abc")
return [mine(), planted, measure("abc"), textwrap.wrap("aaa bbb ccc", 7)]`
	res, err := runIn(g, poison)
	if err != nil {
		t.Fatal(err)
	}
	if want := "[-1, 'poison', 3, ['aaa bbb', 'ccc']]"; res.Repr != want {
		t.Errorf("the poisoning run: %s, want %s (its own code sees the change, the prelude and textwrap do not)", res.Repr, want)
	}
	// The session's next run, even through the function the first run
	// defined and the module object it kept.
	res, err = runIn(g, "return [len('abcd'), isinstance(1, str), mine()]")
	if err != nil {
		t.Fatal(err)
	}
	if want := "[4, False, 3]"; res.Repr != want {
		t.Errorf("the session's next run: %s, want %s", res.Repr, want)
	}
	_, err = runIn(g, "return planted")
	var exc *Exception
	if !errors.As(err, &exc) || exc.Type != "NameError" {
		t.Errorf("a name planted in builtins by the previous run: %v, want NameError", err)
	}
	// Runs beside a poisoning one, in other sessions.
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				if _, err := runIn(NewGlobals(), poison); err != nil {
					t.Error(err)
				}
				return
			}
			for range 20 {
				res, err := runIn(NewGlobals(), "return [len('ab'), isinstance(1, str), measure('abc')]")
				if err != nil || res.Repr != "[2, False, 3]" {
					t.Errorf("a run beside a poisoning one: %v %v", res, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
