// Package uniname holds the names of Unicode characters as CPython's
// unicodedata sees them, for both the unicodedata module (name, lookup) and
// the parser's \N{...} escapes, so the two agree on every name.
package uniname

import (
	"fmt"
	"strings"
	"sync"

	"golang.org/x/text/unicode/runenames"
)

// Name is a character's name, "" for one without (controls, private use,
// unassigned), as CPython's unicodedata.name() sees them.
func Name(r rune) string {
	n := runenames.Name(r)
	switch {
	case strings.HasPrefix(n, "<CJK Ideograph"):
		return fmt.Sprintf("CJK UNIFIED IDEOGRAPH-%04X", r)
	case strings.HasPrefix(n, "<Hangul Syllable"):
		return hangulName(r)
	case n == "" || n[0] == '<':
		return ""
	}
	return n
}

// The parts of Hangul syllable names (Unicode's algorithm, chapter 3.12).
var (
	jamoL = []string{"G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T", "P", "H"}
	jamoV = []string{"A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO", "WE", "WI",
		"YU", "EU", "YI", "I"}
	jamoT = []string{"", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH", "M", "B",
		"BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H"}
)

func hangulName(r rune) string {
	i := int(r - 0xAC00)
	if i < 0 || i >= 19*21*28 {
		return ""
	}
	return "HANGUL SYLLABLE " + jamoL[i/(21*28)] + jamoV[i%(21*28)/28] + jamoT[i%28]
}

// byName maps the names of the characters not named by an algorithm (CJK
// unified ideographs and Hangul syllables are looked up by parsing their
// names, as CPython does) to the characters, built on the first Lookup of
// the process: about 35 000 names, a read-only table afterwards. Planes 4
// to 13 hold no character and 15 and 16 only private use ones, unnamed.
var byName = sync.OnceValue(func() map[string]rune {
	m := make(map[string]rune, 36000)
	for r := rune(0); r < 0x40000 || r >= 0xE0000 && r < 0xF0000; r++ {
		if n := runenames.Name(r); n != "" && n[0] != '<' {
			m[n] = r
		}
	}
	return m
})

const (
	hangulPrefix = "HANGUL SYLLABLE "
	cjkPrefix    = "CJK UNIFIED IDEOGRAPH-"
)

// Lookup is the character named name, as CPython's unicodedata.lookup and
// "\N{...}" find it: a name from the table matched without regard to ASCII
// case (names are ASCII; other letters are not folded); a Hangul syllable
// or CJK unified ideograph by its name's exact prefix and parts (four or
// five upper-case hex digits for an ideograph, leading zero allowed).
func Lookup(name string) (rune, bool) {
	if rest, ok := strings.CutPrefix(name, hangulPrefix); ok {
		return hangulLookup(rest)
	}
	if hex, ok := strings.CutPrefix(name, cjkPrefix); ok {
		if len(hex) != 4 && len(hex) != 5 {
			return 0, false
		}
		var r rune
		for i := 0; i < len(hex); i++ {
			c := hex[i]
			switch {
			case '0' <= c && c <= '9':
				r = r*16 + rune(c-'0')
			case 'A' <= c && c <= 'F':
				r = r*16 + rune(c-'A'+10)
			default:
				return 0, false
			}
		}
		return r, strings.HasPrefix(runenames.Name(r), "<CJK Ideograph")
	}
	b := []byte(name)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	r, ok := byName()[string(b)]
	return r, ok
}

// hangulLookup parses the jamo of a Hangul syllable's name as CPython
// does: the longest matching initial, medial and final in turn, the whole
// name used.
func hangulLookup(s string) (rune, bool) {
	l, n := longestJamo(s, jamoL)
	s = s[n:]
	v, n := longestJamo(s, jamoV)
	s = s[n:]
	t, n := longestJamo(s, jamoT)
	if l < 0 || v < 0 || t < 0 || n != len(s) {
		return 0, false
	}
	return rune(0xAC00 + (l*21+v)*28 + t), true
}

// longestJamo is the index of the longest of parts s starts with and its
// length; -1 when none does (an empty part always matches).
func longestJamo(s string, parts []string) (int, int) {
	best, n := -1, -1
	for i, p := range parts {
		if len(p) > n && strings.HasPrefix(s, p) {
			best, n = i, len(p)
		}
	}
	return best, max(n, 0)
}
