package regex

import (
	"math/rand"
	"strings"
)

// randomPattern builds a small pattern from a grammar over the features whose semantics
// interact (groups, alternation, quantifiers, look-around, backreferences, anchors), so
// the differential test also covers combinations nobody thought to write down. Invalid
// products (a backreference to an open group, a variable-width look-behind) are kept:
// their error messages are compared too.
func (g genConfig) randomPattern(r *rand.Rand, depth int) string {
	var b strings.Builder
	n := 1 + r.Intn(3)
	for i := 0; i < n; i++ {
		b.WriteString(g.randomAtom(r, depth))
		if r.Intn(g.quantOdds) == 0 {
			b.WriteString([]string{"*", "+", "?", "{0,2}", "*?", "+?", "??", "{1,2}?", "*+", "++", "{2}"}[r.Intn(11)])
		}
	}
	if depth < g.maxDepth && r.Intn(4) == 0 {
		b.WriteString("|")
		b.WriteString(g.randomPattern(r, depth+1))
	}
	return b.String()
}

func (g genConfig) randomAtom(r *rand.Rand, depth int) string {
	if depth >= g.maxDepth {
		return g.leaves[r.Intn(len(g.leaves))]
	}
	switch k := r.Intn(20); {
	case k < 6:
		return []string{"a", "b", "c", " ", "ab", "ba"}[k]
	case k == 6:
		return "."
	case k == 7:
		return []string{"[ab]", "[^a]", `[\s]`, "[a-c]"}[r.Intn(4)]
	case k == 8:
		return []string{`\w`, `\s`, `\W`, `\d`}[r.Intn(4)]
	case k == 9:
		return []string{`\b`, `\B`, "^", "$", `\A`, `\Z`}[r.Intn(6)]
	case k <= 12:
		return "(" + g.randomPattern(r, depth+1) + ")"
	case k == 13:
		return "(?:" + g.randomPattern(r, depth+1) + ")"
	case k == 14:
		return []string{"(?=", "(?!", "(?<=", "(?<!"}[r.Intn(4)] + g.randomPattern(r, depth+1) + ")"
	case k == 15:
		return `\1`
	case k == 16:
		return "(?(1)" + g.randomAtom(r, depth+1) + "|" + g.randomAtom(r, depth+1) + ")"
	case k == 17:
		return "(?>" + g.randomPattern(r, depth+1) + ")"
	case k == 18:
		return "(?P<n" + string(rune('a'+r.Intn(3))) + ">" + g.randomPattern(r, depth+1) + ")"
	default:
		return "(?i:" + g.randomPattern(r, depth+1) + ")"
	}
}

func (g genConfig) randomSubject(r *rand.Rand) string {
	n := r.Intn(9)
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteRune(g.alphabet[r.Intn(len(g.alphabet))])
	}
	return b.String()
}

// genConfig shapes the generated patterns and subjects.
type genConfig struct {
	seed      int64
	quantOdds int // one atom in quantOdds gets a quantifier
	maxDepth  int
	leaves    []string
	alphabet  []rune
}

var defaultGen = genConfig{seed: 20240611, quantOdds: 3, maxDepth: 2,
	leaves: []string{"a", "b", "c", ".", "[ab]", `\w`}, alphabet: []rune("aabbcA \n")}

// generatedCases returns n pseudo-random cases from a fixed seed, so failures reproduce.
func (g genConfig) generatedCases(n int) []diffCase {
	r := rand.New(rand.NewSource(g.seed))
	var cs []diffCase
	for len(cs) < n {
		p := g.randomPattern(r, 0)
		flags := 0
		if r.Intn(5) == 0 {
			flags = []int{fI, fM, fS, fX}[r.Intn(4)]
		}
		s := g.randomSubject(r)
		op := []string{"search", "findall", "fullmatch", "sub", "split", "match"}[r.Intn(6)]
		cs = append(cs, diffCase{Pattern: p, Flags: flags, Op: op, Subject: s, Repl: `<\g<0>>`})
	}
	return cs
}

// soupCases builds patterns and templates from a soup of syntax fragments: most are
// malformed, so this checks that the parser reports CPython's error at CPython's position.
func soupCases(n int, seed int64) []diffCase {
	r := rand.New(rand.NewSource(seed))
	soup := []string{"(", ")", "[", "]", "{", "}", "?", "*", "+", "|", "\\", "^", "$", ".", "-", ":", "=", "!",
		"<", ">", "P", "a", "b", "1", "2", ",", "#", " ", "\n", "i", "x", "-", "g", "<n>", "(?", "(?P<a>", "(?P=a)",
		"\\1", "\\d", "\\x4", "\\u00", "\\0", "(?(", "(?<", "(?#", "(?i", "{1,", "x{2,1}", "é", "s", "m", "a-z", "\\w", "\\b"}
	var cs []diffCase
	for len(cs) < n {
		k := 1 + r.Intn(12)
		var b strings.Builder
		for j := 0; j < k; j++ {
			b.WriteString(soup[r.Intn(len(soup))])
		}
		if r.Intn(3) == 0 {
			cs = append(cs, diffCase{Pattern: "(a)(?P<n>b)", Op: "sub", Subject: "ab", Repl: b.String()})
		} else {
			cs = append(cs, diffCase{Pattern: b.String(), Op: "search", Subject: "ab1 a-b\nxé"})
		}
	}
	return cs
}

// foldCases checks IGNORECASE literals, classes and ranges over cased scripts, including
// CPython's extra equivalences (ſ, K, µ, ς, ...), against a subject holding all of them.
func foldCases() []diffCase {
	var chars []rune
	for _, rg := range [][2]rune{{0x41, 0x5a}, {0x61, 0x7a}, {0xb5, 0xb5}, {0xc0, 0x17f}, {0x345, 0x345},
		{0x370, 0x3ff}, {0x400, 0x45f}, {0x10a0, 0x10ff}, {0x13a0, 0x13f5}, {0x1c80, 0x1c88}, {0x1e60, 0x1e9f},
		{0x1f80, 0x1fff}, {0x2126, 0x2126}, {0x212a, 0x212b}, {0x2160, 0x217f}, {0xab70, 0xabbf}, {0xfb00, 0xfb06},
		{0x10400, 0x1044f}} {
		for c := rg[0]; c <= rg[1]; c++ {
			chars = append(chars, c)
		}
	}
	subject := string(chars)
	var cs []diffCase
	for i := 0; i < len(chars); i += 7 {
		lit := Escape(string(chars[i]))
		cs = append(cs,
			diffCase{Pattern: lit, Flags: fI, Op: "findall", Subject: subject},
			diffCase{Pattern: "[^" + lit + "]", Flags: fI, Op: "sub", Subject: subject, Repl: ""})
		if i+5 < len(chars) {
			cs = append(cs, diffCase{Pattern: "[" + lit + "-" + Escape(string(chars[i+5])) + "]", Flags: fI, Op: "findall", Subject: subject})
		}
	}
	return cs
}
