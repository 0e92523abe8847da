package vm

import (
	"testing"

	"github.com/toolplane/toolplane/python/compile"
	"github.com/toolplane/toolplane/python/syntax"
)

// TestSumFloatTotalUnboxed checks that sum() over floats and ints boxes no
// partial float sum: the total stays a Go float64 (as CPython 3.11 keeps a
// C double), where adding through Binary made one Float box per item.
func TestSumFloatTotalUnboxed(t *testing.T) {
	mod, err := syntax.Parse("prog.py", []byte("s = sum(xs)\n"))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compile.Module("prog.py", mod, compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	code := NewCode(prog.Module)
	th := NewThread(Config{Limits: Limits{Steps: 1 << 40, MaxMemoryBytes: 1 << 30}})
	defer th.Close()
	xs := make([]Value, 2000)
	for i := range xs {
		if i%2 == 0 {
			xs[i] = Float(float64(i) * 0.25)
		} else {
			xs[i] = Int(i)
		}
	}
	g := NewDict()
	g.SetStr("xs", &List{Items: xs})
	n := testing.AllocsPerRun(5, func() {
		if _, err := th.RunModule(code, g); err != nil {
			t.Fatal(err)
		}
	})
	got, _ := g.GetStr("s")
	want := 0.0
	for _, x := range xs {
		switch x := x.(type) {
		case Float:
			want += float64(x)
		case Int:
			want += float64(x)
		}
	}
	if got != Float(want) {
		t.Errorf("sum = %v, want %v", got, want)
	}
	if n > 100 {
		t.Errorf("%v allocations for a sum of 2000 floats and ints, want at most 100 (none per item)", n)
	}
}
