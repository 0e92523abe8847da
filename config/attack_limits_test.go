package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestAttackConfigShape: a config file is small, but one that comes with a
// cloned repository, or a path the user was talked into naming, is not
// written by the user. Before the shape limits, 200,000 keys in one
// [mcp.servers.NAME.env] table took over a minute, a million-element allow
// list 3 s, 500 MB and a million errors, and 5,000 repetitions of one
// unknown [[x]] in a 4 MB file made the decoder render the whole file
// 5,000 times (minutes). Each case (with the deep ones of
// security.TestAttackHostileConfigFiles, in process here so time and
// memory are measured) must fail closed, fast, with bounded memory, naming
// the file, the line and the key.
func TestAttackConfigShape(t *testing.T) {
	r := strings.Repeat
	manyKeys := func(n int) string {
		var b strings.Builder
		b.WriteString("[mcp.servers.s]\ncommand = \"x\"\n[mcp.servers.s.env]\n")
		for i := range n {
			fmt.Fprintf(&b, "k%d = \"v\"\n", i)
		}
		return b.String()
	}
	cases := []struct {
		name, doc string
		line      int
		want      string // in the first error
	}{
		{"arrays nested a million deep", "x = " + r("[", 1_000_000) + r("]", 1_000_000) + "\n", 1, "nested"},
		{"inline tables nested deep", "[cli]\nallow = " + r("{a=", 300_000) + "1" + r("}", 300_000) + "\n", 2, "nested"},
		{"dotted key of 500,000 parts", r("a.", 500_000) + "a = 1\n", 1, "more than 32 parts"},
		{"table header of 500,000 parts", "[" + r("a.", 500_000) + "a]\n", 1, "more than 32 parts"},
		{"array nested in a deep key", "[mcp.servers.s]\n" + r("b.", 30) + "c = [[[[1]]]]\n", 2, "more than 32 parts"},
		{"a million array elements", "[cli]\nmode = \"allowlist\"\nallow = [" + r("\"a\",", 1_000_000) + "]\n", 3, "elements"},
		{"200,000 array tables", r("[[x]]\n", 200_000), 1, `unknown key "x"`},
		{"200,000 keys in one table", manyKeys(200_000), 5001, "more than 5000 keys"},
		// Under the key limit, but every one unknown, in a file padded
		// to near the size limit: the decoder's strict check would
		// render the 4 MB file 5,000 times.
		{"5,000 unknown keys in a 4 MB file", r("[[x]]\n", 4990) + "#" + r("p", MaxFileBytes-50_000) + "\n", 1, `unknown key "x"`},
		// Each wrong value is reported and the file decoded again past
		// it: 2,000 of them after 4 MB would be 2,000 decodes of it.
		{"2,000 wrong values after 4 MB", "#" + r("p", MaxFileBytes-200_000) + "\n" + wrongValues(2000), 3, "wrong type for mcp.servers.s0.timeout"},
		{"2,000 wrong values in duplicate tables", wrongDuplicates(2000), 2, "wrong type for mcp.servers.s.timeout"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeConfig(t, c.doc)
			err, took, alloc := timedLoad(path)
			t.Logf("%d bytes: %v, %d MB allocated", len(c.doc), took, alloc>>20)
			var es Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("Load = %v, want positioned config errors", err)
			}
			first := es[0]
			if first.File != path || first.Line != c.line || first.Col == 0 || first.Key == "" || !strings.Contains(first.Msg, c.want) {
				t.Errorf("first error = %q (file %s, line %d, key %q), want %s:%d naming a key and %q", first.Error(), first.File, first.Line, first.Key, path, c.line, c.want)
			}
			if len(es) > maxReportedErrors+1 {
				t.Errorf("%d errors reported, want at most %d and a count of the rest", len(es), maxReportedErrors+1)
			}
			if len(first.Key) > 200 || len(first.Error()) > 2000 {
				t.Errorf("the error is %d bytes long (key %d): a message must not echo the file", len(first.Error()), len(first.Key))
			}
			// Generous bounds that only a superlinear path passes: each
			// case is a few hundred milliseconds and allocates a few
			// times the file.
			if took > 20*time.Second {
				t.Errorf("Load took %v", took)
			}
			if alloc > 1<<30 {
				t.Errorf("Load allocated %d MB", alloc>>20)
			}
		})
	}

	t.Run("a 100 MB file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), FileName)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString("[cli]\nallow = [\"a\"]\n"); err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(100 << 20); err != nil { // sparse: cheap to make
			t.Fatal(err)
		}
		f.Close()
		err, took, alloc := timedLoad(path)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "larger than") {
			t.Fatalf("Load = %v, want a refusal naming %s and the size limit", err, path)
		}
		if took > 10*time.Second || alloc > 64<<20 {
			t.Errorf("Load took %v and allocated %d MB; it must stop reading at the limit", took, alloc>>20)
		}
	})
}

// wrongValues is n servers, each with a timeout of the wrong type.
func wrongValues(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[mcp.servers.s%d]\ntimeout = 5\n", i)
	}
	return b.String()
}

// wrongDuplicates is one server table written n times, each with a
// timeout of the wrong type.
func wrongDuplicates(n int) string {
	return strings.Repeat("[mcp.servers.s]\ntimeout = 5\n", n)
}

// timedLoad loads path and returns the error, the time taken and the bytes
// allocated meanwhile.
func timedLoad(path string) (error, time.Duration, uint64) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := Load(path)
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	return err, took, after.TotalAlloc - before.TotalAlloc
}
