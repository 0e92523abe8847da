package regex

// The parsed form of a pattern, close to CPython's sre_parse output so that every check
// CPython makes on it (nothing to repeat, widths for look-behind, open groups) can be made
// the same way.

type nodeKind uint8

const (
	nLiteral        nodeKind = iota // r
	nNotLiteral                     // r: [^x]
	nAny                            // .
	nIn                             // set
	nAt                             // at
	nBranch                         // alts
	nSubpattern                     // group (-1: none), addFlags, delFlags, body
	nRepeat                         // min, max, rep, body
	nGroupRef                       // group
	nGroupRefExists                 // group, body (yes), no (nil when absent)
	nAssert                         // behind, neg, body
	nAtomic                         // body
)

// atKind is a zero-width position test.
type atKind uint8

const (
	atBeginning       atKind = iota // ^
	atBeginningString               // \A
	atEnd                           // $
	atEndString                     // \Z
	atBoundary                      // \b
	atNonBoundary                   // \B
)

// repKind distinguishes greedy, lazy and possessive quantifiers.
type repKind uint8

const (
	repGreedy repKind = iota
	repLazy
	repPossessive
)

// category is a class escape (\d \D \s \S \w \W).
type category uint8

const (
	catDigit category = iota
	catNotDigit
	catSpace
	catNotSpace
	catWord
	catNotWord
)

// setItem is one member of a character set.
type setItem struct {
	kind   setKind
	lo, hi rune
	cat    category
}

type setKind uint8

const (
	sLiteral setKind = iota
	sRange
	sCategory
)

// node is one element of a parsed sequence.
type node struct {
	kind     nodeKind
	r        rune
	set      []setItem
	negate   bool // nIn
	at       atKind
	group    int
	addFlags Flags
	delFlags Flags
	min, max int
	rep      repKind
	behind   bool
	neg      bool
	body     []*node
	no       []*node
	hasNo    bool
	alts     [][]*node
}

// maxRepeat is CPython's MAXREPEAT: a repeat bound meaning "no upper limit".
const maxRepeat = 4294967295

// maxGroups is CPython's MAXGROUPS on 64-bit builds.
const maxGroups = 1073741823

// maxWidth saturates width sums, like CPython's MAXWIDTH.
const maxWidth = int64(1) << 62

type width struct{ lo, hi int64 }

func addWidth(a, b int64) int64 {
	if a+b > maxWidth || a+b < 0 {
		return maxWidth
	}
	return a + b
}

func mulWidth(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a > maxWidth/b {
		return maxWidth
	}
	return a * b
}

// seqWidth computes the (min, max) width of a sequence as CPython's getwidth does.
func seqWidth(seq []*node, groupWidths []*width) width {
	var lo, hi int64
	for _, n := range seq {
		switch n.kind {
		case nBranch:
			i, j := maxWidth, int64(0)
			for _, a := range n.alts {
				w := seqWidth(a, groupWidths)
				i = min(i, w.lo)
				j = max(j, w.hi)
			}
			lo, hi = addWidth(lo, i), addWidth(hi, j)
		case nAtomic, nSubpattern:
			w := seqWidth(n.body, groupWidths)
			lo, hi = addWidth(lo, w.lo), addWidth(hi, w.hi)
		case nRepeat:
			w := seqWidth(n.body, groupWidths)
			lo = addWidth(lo, mulWidth(w.lo, int64(n.min)))
			if n.max == maxRepeat && w.hi != 0 {
				hi = maxWidth
			} else {
				hi = addWidth(hi, mulWidth(w.hi, int64(n.max)))
			}
		case nLiteral, nNotLiteral, nAny, nIn:
			lo, hi = addWidth(lo, 1), addWidth(hi, 1)
		case nGroupRef:
			if g := groupWidths[n.group]; g != nil {
				lo, hi = addWidth(lo, g.lo), addWidth(hi, g.hi)
			}
		case nGroupRefExists:
			w := seqWidth(n.body, groupWidths)
			i, j := w.lo, w.hi
			if n.hasNo {
				w2 := seqWidth(n.no, groupWidths)
				i, j = min(i, w2.lo), max(j, w2.hi)
			} else {
				i = 0
			}
			lo, hi = addWidth(lo, i), addWidth(hi, j)
		}
	}
	return width{min(lo, maxWidth), min(hi, maxWidth)}
}
