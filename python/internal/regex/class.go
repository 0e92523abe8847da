package regex

import (
	"sort"
	"unicode"
)

// charClass is a compiled [...] set. Under IGNORECASE the subject character is lowered
// before the test and the member ranges include the lowered forms of their members, which
// is how CPython's IN_UNI_IGNORE and IN_IGNORE behave.
type charClass struct {
	ranges []runeRange
	cats   []category
	negate bool
	fold   foldMode
	uni    bool      // categories use Unicode semantics
	low    [4]uint64 // final answer for characters below 256
}

type runeRange struct{ lo, hi rune }

type foldMode uint8

const (
	foldNone foldMode = iota
	foldASCII
	foldUnicode
)

func (m foldMode) lower(r rune) rune {
	switch m {
	case foldASCII:
		return lowerASCII(r)
	case foldUnicode:
		return lowerUnicode(r)
	}
	return r
}

// key is the value under which literals compare equal in this mode.
func (m foldMode) key(r rune) rune {
	switch m {
	case foldASCII:
		return lowerASCII(r)
	case foldUnicode:
		return foldKeyUnicode(r)
	}
	return r
}

func categoryMatch(c category, r rune, uni bool) bool {
	switch c {
	case catDigit, catNotDigit:
		var ok bool
		if uni {
			ok = isDigitUnicode(r)
		} else {
			ok = isDigitASCII(r)
		}
		return ok == (c == catDigit)
	case catSpace, catNotSpace:
		var ok bool
		if uni {
			ok = isSpaceUnicode(r)
		} else {
			ok = isSpaceASCII(r)
		}
		return ok == (c == catSpace)
	default:
		var ok bool
		if uni {
			ok = isWordUnicode(r)
		} else {
			ok = isWordASCII(r)
		}
		return ok == (c == catWord)
	}
}

func newCharClass(items []setItem, negate bool, fold foldMode, uni bool) *charClass {
	c := &charClass{negate: negate, fold: fold, uni: uni}
	for _, it := range items {
		switch it.kind {
		case sLiteral, sRange:
			c.ranges = append(c.ranges, runeRange{it.lo, it.hi})
		case sCategory:
			c.cats = append(c.cats, it.cat)
		}
	}
	switch fold {
	case foldASCII:
		for _, r := range c.ranges {
			lo, hi := max(r.lo, 'A'), min(r.hi, 'Z')
			if lo <= hi {
				c.ranges = append(c.ranges, runeRange{lo + 32, hi + 32})
			}
		}
	case foldUnicode:
		base := c.ranges
		for _, r := range base {
			for _, cr := range unicode.CaseRanges {
				lo, hi := max(r.lo, rune(cr.Lo)), min(r.hi, rune(cr.Hi))
				for x := lo; x <= hi; x++ {
					if l := unicode.ToLower(x); l != x {
						c.ranges = append(c.ranges, runeRange{l, l})
					}
				}
			}
		}
		c.ranges = mergeRanges(c.ranges)
		var extra []runeRange
		for _, cl := range extraCaseClasses {
			for _, m := range cl {
				if m != 0 && c.inRanges(m) {
					for _, o := range cl {
						if o != 0 {
							extra = append(extra, runeRange{o, o})
						}
					}
					break
				}
			}
		}
		c.ranges = append(c.ranges, extra...)
	}
	c.ranges = mergeRanges(c.ranges)
	for r := rune(0); r < 256; r++ {
		if c.slow(r) {
			c.low[r>>6] |= 1 << (r & 63)
		}
	}
	return c
}

func mergeRanges(rs []runeRange) []runeRange {
	if len(rs) < 2 {
		return rs
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].lo < rs[j].lo })
	out := rs[:1]
	for _, r := range rs[1:] {
		last := &out[len(out)-1]
		if r.lo <= last.hi+1 {
			last.hi = max(last.hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

func (c *charClass) inRanges(r rune) bool {
	rs := c.ranges
	i := sort.Search(len(rs), func(i int) bool { return rs[i].hi >= r })
	return i < len(rs) && rs[i].lo <= r
}

func (c *charClass) slow(r rune) bool {
	r = c.fold.lower(r)
	in := c.inRanges(r)
	if !in {
		for _, cat := range c.cats {
			if categoryMatch(cat, r, c.uni) {
				in = true
				break
			}
		}
	}
	return in != c.negate
}

func (c *charClass) matches(r rune) bool {
	if r < 256 && r >= 0 {
		return c.low[r>>6]&(1<<(r&63)) != 0
	}
	return c.slow(r)
}
