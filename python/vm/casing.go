package vm

import (
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Unicode special casing (SpecialCasing.txt) that Go's simple case mapping
// lacks but CPython applies.
var specialUpper = map[rune]string{
	'ß': "SS", 'ŉ': "ʼN", 'ǰ': "J̌", 'ΐ': "Ϊ́", 'ΰ': "Ϋ́", 'և': "ԵՒ",
	'ﬀ': "FF", 'ﬁ': "FI", 'ﬂ': "FL", 'ﬃ': "FFI", 'ﬄ': "FFL", 'ﬅ': "ST", 'ﬆ': "ST",
}

var specialTitle = map[rune]string{
	'ß': "Ss", 'ŉ': "ʼN", 'ǰ': "J̌", 'և': "Եւ",
	'ﬀ': "Ff", 'ﬁ': "Fi", 'ﬂ': "Fl", 'ﬃ': "Ffi", 'ﬄ': "Ffl", 'ﬅ': "St", 'ﬆ': "St",
}

func upperRune(sb *strings.Builder, r rune) {
	if s, ok := specialUpper[r]; ok {
		sb.WriteString(s)
		return
	}
	sb.WriteRune(unicode.ToUpper(r))
}

func titleRune(sb *strings.Builder, r rune) {
	if s, ok := specialTitle[r]; ok {
		sb.WriteString(s)
		return
	}
	sb.WriteRune(unicode.ToTitle(r))
}

// lowerAt lowercases the rune at byte offset i of s, applying the final
// sigma rule.
func lowerAt(sb *strings.Builder, s string, i int, r rune) {
	switch r {
	case 'İ':
		sb.WriteString("i̇")
		return
	case 'Σ':
		if finalSigma(s, i) {
			sb.WriteRune('ς')
			return
		}
	}
	sb.WriteRune(unicode.ToLower(r))
}

// finalSigma reports whether the capital sigma at byte i ends a word: a
// cased letter precedes it and none follows (case-ignorable characters
// skipped).
func finalSigma(s string, i int) bool {
	before := false
	for j := i; j > 0; {
		r, n := utf8.DecodeLastRuneInString(s[:j])
		j -= n
		if unicode.Is(unicode.Mn, r) || r == '\'' || r == '.' || r == ':' {
			continue
		}
		before = unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r)
		break
	}
	if !before {
		return false
	}
	for j := i + utf8.RuneLen('Σ'); j < len(s); {
		r, n := utf8.DecodeRuneInString(s[j:])
		j += n
		if unicode.Is(unicode.Mn, r) || r == '\'' || r == '.' || r == ':' {
			continue
		}
		return !(unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r))
	}
	return true
}

// asciiCase flips the case of the ASCII letters of s from lo to lo+25
// ('a' to upper-case, 'A' to lower-case), returning s itself when none is
// present; ok is false when s is not ASCII (nothing is converted then).
func asciiCase(s string, lo byte) (r string, ok bool) {
	first := -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return "", false
		}
		if first < 0 && c-lo < 26 {
			first = i
		}
	}
	if first < 0 {
		return s, true
	}
	b := make([]byte, len(s))
	copy(b, s)
	for i := first; i < len(b); i++ {
		if b[i]-lo < 26 {
			b[i] ^= 0x20
		}
	}
	return unsafe.String(unsafe.SliceData(b), len(b)), true
}

func pyUpper(s string) string {
	if r, ok := asciiCase(s, 'a'); ok {
		return r
	}
	var sb strings.Builder
	sb.Grow(len(s))
	for _, r := range s {
		upperRune(&sb, r)
	}
	return builtString(&sb)
}

func pyLower(s string) string {
	if r, ok := asciiCase(s, 'A'); ok {
		return r
	}
	var sb strings.Builder
	sb.Grow(len(s))
	for i, r := range s {
		lowerAt(&sb, s, i, r)
	}
	return builtString(&sb)
}

// pyCasefold is str.casefold: full case folding, character by character
// (no final-sigma rule: 'ς' and 'Σ' both fold to 'σ').
func pyCasefold(s string) string {
	if r, ok := asciiCase(s, 'A'); ok {
		return r
	}
	var sb strings.Builder
	sb.Grow(len(s))
	for _, r := range s {
		if f, ok := caseFold[r]; ok {
			sb.WriteString(f)
		} else {
			sb.WriteRune(unicode.ToLower(r))
		}
	}
	return builtString(&sb)
}

func pySwapcase(s string) string {
	var sb strings.Builder
	sb.Grow(len(s))
	for i, r := range s {
		switch {
		case unicode.IsUpper(r):
			lowerAt(&sb, s, i, r)
		case unicode.IsLower(r):
			upperRune(&sb, r)
		default:
			sb.WriteRune(r)
		}
	}
	return builtString(&sb)
}

// pyCapitalize and pyTitle map the string whole (each character's case
// depends on what precedes it), calling poll every caseChunk bytes so a
// long string stops at the deadline; poll's error ends the mapping.
func pyCapitalize(s string, poll func() error) (string, error) {
	if s == "" {
		return s, nil
	}
	var sb strings.Builder
	sb.Grow(len(s))
	next := caseChunk
	for i, r := range s {
		if i >= next {
			if err := poll(); err != nil {
				return "", err
			}
			next += caseChunk
		}
		if i == 0 {
			titleRune(&sb, r)
		} else {
			lowerAt(&sb, s, i, r)
		}
	}
	return builtString(&sb), nil
}

func pyTitle(s string, poll func() error) (string, error) {
	var sb strings.Builder
	sb.Grow(len(s))
	prevCased := false
	next := caseChunk
	for i, r := range s {
		if i >= next {
			if err := poll(); err != nil {
				return "", err
			}
			next += caseChunk
		}
		cased := unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r)
		if cased {
			if prevCased {
				lowerAt(&sb, s, i, r)
			} else {
				titleRune(&sb, r)
			}
		} else {
			sb.WriteRune(r)
		}
		prevCased = cased
	}
	return builtString(&sb), nil
}
