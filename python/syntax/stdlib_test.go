package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestStdlibDifferential parses (and compares, positions included) a CPython standard library tree (set
// SYNTAX_STDLIB_DIR to it; skipped otherwise) with both parsers. It is a
// broad smoke test to run by hand; the corpus under testdata is the
// regular one.
func TestStdlibDifferential(t *testing.T) {
	dir := os.Getenv("SYNTAX_STDLIB_DIR")
	if dir == "" {
		t.Skip("set SYNTAX_STDLIB_DIR to a CPython Lib directory to run")
	}
	var names, srcs []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".py") || strings.Contains(path, "site-packages") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil || !utf8.Valid(data) {
			// Files in other encodings need their coding cookie, which
			// snippets (always UTF-8) do not have.
			return nil
		}
		names = append(names, path)
		srcs = append(srcs, string(data))
		return nil
	})
	want := cpython(t, srcs)
	ok, bad, skipped := 0, 0, 0
	for i, src := range srcs {
		mod, err := Parse("x.py", []byte(src))
		w := want[i]
		switch {
		case w.Error != nil:
			skipped++
		case err != nil:
			if unsupportedByDesign(err) {
				skipped++
				continue
			}
			bad++
			t.Errorf("%s: %v", names[i], err)
		default:
			if got := DumpWithPositions(mod); got != w.DumpPos {
				bad++
				// Report the first differing position to keep output short.
				j := 0
				for j < len(got) && j < len(w.DumpPos) && got[j] == w.DumpPos[j] {
					j++
				}
				lo := max(0, j-150)
				t.Errorf("%s: dump differs at byte %d:\ngot:  ...%s\nwant: ...%s", names[i], j, got[lo:min(len(got), j+100)], w.DumpPos[lo:min(len(w.DumpPos), j+100)])
				continue
			}
			ok++
		}
	}
	t.Logf("stdlib: %d files: %d identical, %d mismatched, %d skipped", len(srcs), ok, bad, skipped)
}
