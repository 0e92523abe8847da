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
func randomPattern(r *rand.Rand, depth int) string {
	var b strings.Builder
	n := 1 + r.Intn(3)
	for i := 0; i < n; i++ {
		b.WriteString(randomAtom(r, depth))
		if r.Intn(quantOdds) == 0 {
			b.WriteString([]string{"*", "+", "?", "{0,2}", "*?", "+?", "??", "{1,2}?", "*+", "++", "{2}"}[r.Intn(11)])
		}
	}
	if depth < maxGenDepth && r.Intn(4) == 0 {
		b.WriteString("|")
		b.WriteString(randomPattern(r, depth+1))
	}
	return b.String()
}

func randomAtom(r *rand.Rand, depth int) string {
	if depth >= maxGenDepth {
		return []string{"a", "b", "c", ".", "[ab]", `\w`}[r.Intn(6)]
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
		return "(" + randomPattern(r, depth+1) + ")"
	case k == 13:
		return "(?:" + randomPattern(r, depth+1) + ")"
	case k == 14:
		return []string{"(?=", "(?!", "(?<=", "(?<!"}[r.Intn(4)] + randomPattern(r, depth+1) + ")"
	case k == 15:
		return `\1`
	case k == 16:
		return "(?(1)" + randomAtom(r, depth+1) + "|" + randomAtom(r, depth+1) + ")"
	case k == 17:
		return "(?>" + randomPattern(r, depth+1) + ")"
	case k == 18:
		return "(?P<n" + string(rune('a'+r.Intn(3))) + ">" + randomPattern(r, depth+1) + ")"
	default:
		return "(?i:" + randomPattern(r, depth+1) + ")"
	}
}

func randomSubject(r *rand.Rand) string {
	n := r.Intn(9)
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteByte("aabbcA \n"[r.Intn(8)])
	}
	return b.String()
}

// generatedCases returns n pseudo-random cases from a fixed seed, so failures reproduce.
func generatedCases(n int) []diffCase {
	r := rand.New(rand.NewSource(genSeed))
	var cs []diffCase
	for len(cs) < n {
		p := randomPattern(r, 0)
		flags := 0
		if r.Intn(5) == 0 {
			flags = []int{fI, fM, fS, fX}[r.Intn(4)]
		}
		s := randomSubject(r)
		op := []string{"search", "findall", "fullmatch", "sub", "split", "match"}[r.Intn(6)]
		cs = append(cs, diffCase{Pattern: p, Flags: flags, Op: op, Subject: s, Repl: `<\g<0>>`})
	}
	return cs
}

var genSeed int64 = 20240611

var (
	quantOdds   = 3
	maxGenDepth = 2
)
