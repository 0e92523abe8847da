package vm

import (
	"strings"
	"unicode/utf8"
	"unsafe"
)

// A str or bytes keeps its whole backing array alive, but the memory
// accounting counts its length. A builtin that reserves room for its
// result before it knows the result's size (its input's length, an upper
// bound) hands out only what fits that room closely: otherwise a short
// result kept a long array, unseen by every measure ('a' * 10**6 + 'b'
// translated without its 'a's kept a megabyte in a one-character str, and
// a loop kept 289 MiB under a 64 MiB limit with none of it counted).

// fitSlack is how much room past its length a result's array may keep.
func fitSlack(n int) int { return n/8 + 64 }

// fitString is the bytes of b as a string that keeps no more than
// fitSlack past its length: b itself (no copy) when it fits, else a copy.
// The caller never writes to b again.
func fitString(b []byte) string {
	if cap(b)-len(b) <= fitSlack(len(b)) {
		return unsafe.String(unsafe.SliceData(b), len(b))
	}
	return string(b)
}

// builtString is sb.String(), copied when sb's array is more than
// fitSlack past its length.
func builtString(sb *strings.Builder) string {
	s := sb.String()
	if sb.Cap()-len(s) <= fitSlack(len(s)) {
		return s
	}
	return strings.Clone(s)
}

// BuiltString is builtString for the library's builders: sb.String(),
// copied when sb's array is more than fitSlack past its length (json.dumps,
// html.escape, csv rows and strftime grow theirs by doubling, and a result
// kept up to twice its length on the heap with only its length counted).
func BuiltString(sb *strings.Builder) string { return builtString(sb) }

// subStr is sub, a part of the str parent, as a value that keeps no more
// than fitSlack past its length: a Go substring shares its parent's array,
// and the retained-size walk counts a str by its length, so a few
// characters kept of a fresh 100 KB str (a slice, a strip, a piece of a
// split) held all of it, counted as those few: 30000 such slices kept
// took toolplane run to 3.0 GB under its 512 MiB limit. Where the parent
// is longer by more than that, sub is copied (in one block where it
// fits), as CPython copies every substring. copied is how many bytes of a
// copy past one block the caller must charge (one of a block or less is
// charged where it is stored).
func subStr(parent, sub string) (v Value, copied int) {
	n := len(sub)
	if len(parent)-n <= fitSlack(n) {
		return Str(sub), 0
	}
	if n == 1 && sub[0] < utf8.RuneSelf {
		return asciiChars[sub[0]], 0
	}
	if n <= strOneBlockMax {
		if strOneBlock[n] {
			v, buf := newStrBlock(n)
			copy(buf, sub)
			return v, 0
		}
		return Str(strings.Clone(sub)), 0
	}
	return Str(strings.Clone(sub)), n
}

// SubStr is subStr for a library that hands out parts of a str (a match's
// groups).
func SubStr(parent, sub string) (v Value, copied int) { return subStr(parent, sub) }

// OneBlockBytes is the longest str made in one block: a str up to this
// long is charged where it is stored, a longer one where it is made.
const OneBlockBytes = strOneBlockMax

// subStrT is subStr with the copy charged.
func (t *Thread) subStrT(parent, sub string) (Value, error) {
	v, n := subStr(parent, sub)
	if n > 0 {
		return v, t.Charge(int64(n))
	}
	return v, nil
}

// subOf is sameStr for a result r that is a substring of s (a strip, a
// removeprefix): self when r is all of s, else subStrT's value.
func (t *Thread) subOf(self Value, s, r string) (Value, error) {
	if len(r) == len(s) && unsafe.StringData(r) == unsafe.StringData(s) {
		return self, nil
	}
	return t.subStrT(s, r)
}
