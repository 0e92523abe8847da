package compile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/python/syntax"
)

// TestMaxStackDepthOverCorpora computes the stack depth of every code
// object of the conformance corpora and the benchmark programs: every
// operation's effect is known (no 0) and the paths that meet agree on the
// depth, the check that a wrong effect in stackEffect would fail.
func TestMaxStackDepthOverCorpora(t *testing.T) {
	t.Parallel()
	var files []string
	for _, dir := range []string{"../testdata", "../lib", "../../bench/programs"} {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".py") {
				files = append(files, p)
			}
			return nil
		})
	}
	if len(files) < 100 {
		t.Fatalf("found %d corpus files", len(files))
	}
	codes := 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		mod, err := syntax.Parse(p, src)
		if err != nil {
			continue // the corpora hold syntax error cases
		}
		prog, err := Module(p, mod, Options{Snippet: true})
		if err != nil {
			continue
		}
		var walk func(c *Code)
		walk = func(c *Code) {
			codes++
			max, ok := c.MaxStackDepth()
			if !ok || max <= 0 || c.MaxStack != max {
				t.Errorf("%s: %s: stack depth %d (MaxStack %d), consistent %v\n%s", p, c.QualName, max, c.MaxStack, ok, c.Disassemble())
			}
			for _, k := range c.Consts {
				if sub, ok := k.(*Code); ok {
					walk(sub)
				}
			}
		}
		walk(prog.Module)
	}
	t.Logf("%d files, %d code objects", len(files), codes)
}

// TestMaxStackDepth checks the depth of a few shapes by hand.
func TestMaxStackDepth(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		src  string
		want int
	}{
		{"return 1", 1},
		{"return f(a, b, c)", 4},
		{"for x in y:\n    z = x + 1\nreturn 0", 3},
		{"try:\n    a = 1\nexcept ValueError as e:\n    b = 2\nreturn 0", 3},
		{"a, b, c = t\nreturn a", 3},
	} {
		prog, err := compileSrc(t, c.src, true)
		if err != nil {
			t.Fatal(err)
		}
		if got := prog.Module.MaxStack; got != c.want {
			t.Errorf("%q: MaxStack %d, want %d\n%s", c.src, got, c.want, prog.Module.Disassemble())
		}
	}
}
