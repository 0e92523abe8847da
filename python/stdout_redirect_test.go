package python

import (
	"context"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/python/lib"
)

// TestReplacedStdoutStaysInTheRun: a snippet that binds sys.stdout and
// sys.stderr to its own objects and never restores them redirects print
// and stderr writes for the rest of its run only; the session's next run
// prints to its own streams, even though the session keeps the first run's
// sys module and buffer.
func TestReplacedStdoutStaysInTheRun(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	mods := lib.Modules()
	g := NewGlobals()
	run := func(src string) (string, string, *Result) {
		t.Helper()
		prog, err := Compile("<snippet>", src, CompileOptions{Snippet: true})
		if err != nil {
			t.Fatal(err)
		}
		var out, errOut strings.Builder
		res, err := prog.Run(ctx, RunOptions{Globals: g, Modules: mods, Stdout: &out, Stderr: &errOut})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		return out.String(), errOut.String(), res
	}
	out, errOut, res := run(`import sys, io
buf = io.StringIO()
sys.stdout = buf
sys.stderr = buf
print("hidden")
print("hidden too", file=sys.stderr)
return buf.getvalue()`)
	if out != "" || errOut != "" || res.Repr != `'hidden\nhidden too\n'` {
		t.Errorf("the redirecting run printed %q and %q and returned %s; want nothing printed, both lines in its buffer", out, errOut, res.Repr)
	}
	out, errOut, _ = run(`import traceback
print("seen")
try:
    1/0
except ZeroDivisionError:
    traceback.print_exc()`)
	if out != "seen\n" || !strings.Contains(errOut, "ZeroDivisionError") {
		t.Errorf("the session's next run printed %q and %q; want its own streams back", out, errOut)
	}
	_, _, res = run(`return buf.getvalue()`)
	if res.Repr != `'hidden\nhidden too\n'` {
		t.Errorf("the buffer after the next run: %s; want only the first run's lines", res.Repr)
	}
}
