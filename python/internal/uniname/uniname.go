// Package uniname holds the names of Unicode characters as CPython's
// unicodedata sees them, for both the unicodedata module (name, lookup) and
// the parser's \N{...} escapes, so the two agree on every name.
package uniname

import (
	"fmt"
	"strings"
	"sync"
	"unicode"

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

// byName maps names to characters, built on the first Lookup of the
// process (a read-only table afterwards).
var byName = sync.OnceValue(func() map[string]rune {
	m := make(map[string]rune, 40000)
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if n := Name(r); n != "" {
			m[n] = r
		}
	}
	return m
})

// Lookup is the character named name, matched without regard to ASCII case
// as CPython's unicodedata.lookup and "\N{...}" match it (names are ASCII;
// other letters are not folded).
func Lookup(name string) (rune, bool) {
	b := []byte(name)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	r, ok := byName()[string(b)]
	return r, ok
}
