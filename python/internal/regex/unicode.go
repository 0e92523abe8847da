package regex

import (
	"unicode"
)

// Character semantics of CPython's sre for str patterns (Unicode) and for bytes patterns or
// the ASCII flag. Go's unicode tables stand in for CPython's unicodedata; the two differ
// only where the Unicode versions differ (Go 15.0, CPython 3.11 14.0).

// extraCaseClasses are sets of distinct lowercase characters that CPython's re treats as
// equal under IGNORECASE because they share an uppercase form (CPython's _casefix table).
var extraCaseClasses = [...][3]rune{
	{0x69, 0x131}, {0x73, 0x17f}, {0xb5, 0x3bc}, {0x345, 0x3b9, 0x1fbe}, {0x390, 0x1fd3},
	{0x3b0, 0x1fe3}, {0x3b2, 0x3d0}, {0x3b5, 0x3f5}, {0x3b8, 0x3d1}, {0x3ba, 0x3f0},
	{0x3c0, 0x3d6}, {0x3c1, 0x3f1}, {0x3c2, 0x3c3}, {0x3c6, 0x3d5}, {0x432, 0x1c80},
	{0x434, 0x1c81}, {0x43e, 0x1c82}, {0x441, 0x1c83}, {0x442, 0x1c84, 0x1c85},
	{0x44a, 0x1c86}, {0x463, 0x1c87}, {0x1c88, 0xa64b}, {0x1e61, 0x1e9b}, {0xfb05, 0xfb06},
}

// canonExtra maps a lowercase character to the smallest member of its extra case class
// (the first column of extraCaseClasses); a switch so the common case costs a few
// comparisons.
func canonExtra(r rune) rune {
	switch r {
	case 0x131:
		return 0x69
	case 0x17f:
		return 0x73
	case 0x3b9:
		return 0x345
	case 0x3bc:
		return 0xb5
	case 0x3c3:
		return 0x3c2
	case 0x3d0:
		return 0x3b2
	case 0x3d1:
		return 0x3b8
	case 0x3d5:
		return 0x3c6
	case 0x3d6:
		return 0x3c0
	case 0x3f0:
		return 0x3ba
	case 0x3f1:
		return 0x3c1
	case 0x3f5:
		return 0x3b5
	case 0x1c80:
		return 0x432
	case 0x1c81:
		return 0x434
	case 0x1c82:
		return 0x43e
	case 0x1c83:
		return 0x441
	case 0x1c84:
		return 0x442
	case 0x1c85:
		return 0x442
	case 0x1c86:
		return 0x44a
	case 0x1c87:
		return 0x463
	case 0x1e9b:
		return 0x1e61
	case 0x1fbe:
		return 0x345
	case 0x1fd3:
		return 0x390
	case 0x1fe3:
		return 0x3b0
	case 0xa64b:
		return 0x1c88
	case 0xfb06:
		return 0xfb05
	}
	return r
}

func lowerASCII(r rune) rune {
	if r >= 'A' && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

func lowerUnicode(r rune) rune {
	if r < 0x80 {
		return lowerASCII(r)
	}
	return unicode.ToLower(r)
}

// foldKeyUnicode is the key under which two characters compare equal with IGNORECASE on a
// str pattern.
func foldKeyUnicode(r rune) rune {
	return canonExtra(lowerUnicode(r))
}

func isDigitASCII(r rune) bool { return r >= '0' && r <= '9' }

func isSpaceASCII(r rune) bool {
	return r == ' ' || (r >= '\t' && r <= '\r')
}

func isWordASCII(r rune) bool {
	return r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
}

func isDigitUnicode(r rune) bool {
	if r < 0x80 {
		return isDigitASCII(r)
	}
	return unicode.Is(unicode.Nd, r)
}

// isSpaceUnicode is str.isspace(): White_Space plus the information separators \x1c-\x1f.
func isSpaceUnicode(r rune) bool {
	if r < 0x80 {
		return isSpaceASCII(r) || (r >= 0x1c && r <= 0x1f)
	}
	return unicode.IsSpace(r)
}

// isWordUnicode is str.isalnum() or '_': letters and numbers, but not combining marks.
func isWordUnicode(r rune) bool {
	if r < 0x80 {
		return isWordASCII(r)
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r)
}

// isPrintable approximates str.isprintable for one character.
func isPrintable(r rune) bool {
	return r == ' ' || unicode.IsPrint(r)
}

// isIdentifier approximates str.isidentifier.
func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		start := r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) ||
			unicode.Is(unicode.Other_ID_Start, r)
		if i == 0 {
			if !start {
				return false
			}
			continue
		}
		if !start && !unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue) {
			return false
		}
	}
	return true
}
