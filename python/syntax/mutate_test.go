package syntax

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// mutationPieces are inserted at random places to make near-miss programs.
var mutationPieces = []string{
	"(", ")", "[", "]", "{", "}", ":", "=", ",", ";", ".", "*", "**", "if ", " else ",
	"lambda ", "'", "\"", "\\", "\n", "    ", "\t", "for ", " in ", "not ", "yield ",
	"await ", "async ", "return ", "f'{", "}", ":=", "->", "@", "...", "0x", "1_", "#",
	"def ", "class ", "import ", "from ", "as ", "del ", "global ", "*a", "**k", "=1",
}

// mutate returns a variant of src with one random edit.
func mutate(r *rand.Rand, src string) string {
	if src == "" {
		return mutationPieces[r.IntN(len(mutationPieces))]
	}
	i := r.IntN(len(src))
	switch r.IntN(4) {
	case 0: // delete a short run
		j := min(len(src), i+1+r.IntN(3))
		return src[:i] + src[j:]
	case 1: // insert a piece
		return src[:i] + mutationPieces[r.IntN(len(mutationPieces))] + src[i:]
	case 2: // duplicate a short run
		j := min(len(src), i+1+r.IntN(6))
		return src[:j] + src[i:j] + src[j:]
	default: // replace a character
		return src[:i] + mutationPieces[r.IntN(len(mutationPieces))] + src[i+1:]
	}
}

// window cuts a few consecutive lines out of src so mutants stay small.
func window(r *rand.Rand, src string) string {
	lines := strings.SplitAfter(src, "\n")
	if len(lines) <= 12 {
		return src
	}
	start := r.IntN(len(lines) - 8)
	return strings.Join(lines[start:min(len(lines), start+4+r.IntN(8))], "")
}

// TestMutationDifferential parses mutants of the corpus with CPython and
// with this package. Accepting and rejecting must agree, accepted trees
// must be identical; agreement on the exact error is measured and logged.
// SYNTAX_MUTANTS sets the number of mutants (default 600),
// SYNTAX_MUTANT_SEED the random seed and SYNTAX_MUTANT_CORPUS a directory
// of .py files to mutate instead of the test corpus.
func TestMutationDifferential(t *testing.T) {
	n := 600
	if s := os.Getenv("SYNTAX_MUTANTS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	seeds := collectCases(t)
	if dir := os.Getenv("SYNTAX_MUTANT_CORPUS"); dir != "" {
		// Mutate another tree of Python files (such as CPython's Lib).
		seeds = nil
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".py") {
				if data, err := os.ReadFile(path); err == nil && utf8.Valid(data) {
					seeds = append(seeds, diffCase{name: path, src: string(data)})
				}
			}
			return nil
		})
	}
	seed := uint64(1)
	if s := os.Getenv("SYNTAX_MUTANT_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	r := rand.New(rand.NewPCG(seed, 2))
	srcs := make([]string, n)
	for i := range srcs {
		base := window(r, seeds[r.IntN(len(seeds))].src)
		srcs[i] = mutate(r, base)
		if r.IntN(3) == 0 {
			srcs[i] = mutate(r, srcs[i])
		}
		// Cutting through a multi-byte character would test the UTF-8
		// check only; the oracle receives text.
		srcs[i] = strings.ToValidUTF8(srcs[i], "?")
	}
	want := cpython(t, srcs)
	var agreeAccept, agreeErr, errDetail, tbDiff, bad int
	var detailSamples []string
	for i, src := range srcs {
		mod, err := Parse("x.py", []byte(src))
		w := want[i]
		switch {
		case w.Error == nil && err == nil:
			if got := Dump(mod); got != w.Dump {
				bad++
				t.Errorf("mutant %d: dump mismatch\nsource:\n%s\ngot:  %s\nwant: %s", i, src, got, w.Dump)
				continue
			}
			agreeAccept++
		case w.Error == nil:
			if unsupportedByDesign(err) {
				continue
			}
			bad++
			t.Errorf("mutant %d: CPython accepts, we reject: %v\nsource:\n%q", i, err, src)
		case err == nil:
			if w.Error.Kind == "ValueError" {
				continue
			}
			bad++
			t.Errorf("mutant %d: CPython rejects (%s %d:%d %s), we accept\nsource:\n%q", i, w.Error.Kind, w.Error.Line, w.Error.Col, w.Error.Msg, src)
		default:
			agreeErr++
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("mutant %d: error %T is not *syntax.Error", i, err)
			}
			got := oracleError{Kind: se.Kind, Line: se.Line, Col: se.Col, Msg: se.Msg}
			if got == *w.Error && w.Traceback != "" && se.Traceback() != w.Traceback {
				tbDiff++
				if len(detailSamples) < 400 {
					detailSamples = append(detailSamples, strconv.Quote(src)+"\n    traceback got:\n"+se.Traceback()+"\n    want:\n"+w.Traceback)
				}
			}
			if w.Error.Kind == "ValueError" || got == *w.Error {
				errDetail++
			} else if len(detailSamples) < 400 {
				detailSamples = append(detailSamples, strconv.Quote(src)+"\n    got:  "+got.Kind+" "+strconv.Itoa(got.Line)+":"+strconv.Itoa(got.Col)+" "+got.Msg+
					"\n    want: "+w.Error.Kind+" "+strconv.Itoa(w.Error.Line)+":"+strconv.Itoa(w.Error.Col)+" "+w.Error.Msg)
			}
		}
	}
	if os.Getenv("SYNTAX_MUTANTS_VERBOSE") != "" {
		for _, s := range detailSamples {
			t.Log(s)
		}
	}
	t.Logf("mutants: %d: both accept %d (identical AST), both reject %d (identical error %d, of which %d with a different traceback text), disagreements %d",
		n, agreeAccept, agreeErr, errDetail, tbDiff, bad)
}
