package vm

import (
	"strings"
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
