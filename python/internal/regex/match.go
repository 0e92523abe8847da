package regex

import (
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Match is the result of a successful match, with CPython's Match semantics: group 0 is the
// whole match, unmatched groups have span (-1, -1), and a group inside a repeat reports
// its last iteration.
type Match struct {
	re        *Regexp
	s         []rune
	pos       int
	endpos    int
	spans     []int // 2 per group; inline's when they fit
	lastIndex int
	inline    [inlineSpans]int
}

// inlineSpans is how many span ints a Match holds without a second
// allocation: the whole match and three groups.
const inlineSpans = 8

// Re returns the pattern that produced the match.
func (m *Match) Re() *Regexp { return m.re }

// Subject returns the subject the match was made against.
func (m *Match) Subject() []rune { return m.s }

// Pos and EndPos return the pos and endpos the search ran with.
func (m *Match) Pos() int { return m.pos }

// EndPos returns the endpos the search ran with.
func (m *Match) EndPos() int { return m.endpos }

// Span returns the span of group g (0 <= g <= Groups()); (-1, -1) when it did not take
// part in the match.
func (m *Match) Span(g int) (int, int) { return m.spans[2*g], m.spans[2*g+1] }

// Start is Span(g)'s start.
func (m *Match) Start(g int) int { return m.spans[2*g] }

// End is Span(g)'s end.
func (m *Match) End(g int) int { return m.spans[2*g+1] }

// Group returns the text of group g and whether it matched. For a bytes pattern the string
// holds the raw bytes.
func (m *Match) Group(g int) (string, bool) {
	s, e := m.Span(g)
	if s < 0 {
		return "", false
	}
	return m.re.text(m.s[s:e]), true
}

// Groups returns groups 1..n; unmatched groups are reported in ok as false.
func (m *Match) Groups() (texts []string, ok []bool) {
	for g := 1; g <= m.re.groups; g++ {
		t, o := m.Group(g)
		texts = append(texts, t)
		ok = append(ok, o)
	}
	return texts, ok
}

// LastIndex returns the number of the last group that closed, as Match.lastindex.
func (m *Match) LastIndex() (int, bool) {
	if m.lastIndex <= 0 {
		return 0, false
	}
	return m.lastIndex, true
}

// LastGroup returns the name of the last group that closed, as Match.lastgroup.
func (m *Match) LastGroup() (string, bool) {
	i, ok := m.LastIndex()
	if !ok || m.re.groupNames[i] == "" {
		return "", false
	}
	return m.re.groupNames[i], true
}

// GroupDict returns named groups in definition order; unmatched ones have ok false.
func (m *Match) GroupDict() []NamedText {
	var out []NamedText
	for _, ng := range m.re.GroupIndex() {
		t, ok := m.Group(ng.Index)
		out = append(out, NamedText{Name: ng.Name, Text: t, Matched: ok})
	}
	return out
}

// NamedText is one entry of GroupDict.
type NamedText struct {
	Name    string
	Text    string
	Matched bool
}

// Expand substitutes a template as Match.expand does.
func (m *Match) Expand(template string) (string, error) {
	t, err := m.re.ParseTemplate(template)
	if err != nil {
		return "", err
	}
	return t.Expand(m), nil
}

// text renders subject runes as a str (UTF-8) or, for a bytes pattern, as raw bytes.
func (re *Regexp) text(rs []rune) string {
	var b strings.Builder
	b.Grow(len(rs))
	re.writeText(&b, rs)
	return b.String()
}

// writeText appends text(rs) to b without building the string first.
func (re *Regexp) writeText(b *strings.Builder, rs []rune) {
	for _, r := range rs {
		if r < utf8.RuneSelf || re.isBytes {
			b.WriteByte(byte(r))
		} else {
			b.WriteRune(r)
		}
	}
}

// writeGroup appends the text of group g, if it matched, to b.
func (m *Match) writeGroup(b *strings.Builder, g int) {
	if s, e := m.Span(g); s >= 0 {
		m.re.writeText(b, m.s[s:e])
	}
}

// HeapBytes is the heap the match keeps of its own (its spans), without
// the subject it shares with the other matches of one call.
func (m *Match) HeapBytes() int {
	if cap(m.spans) <= inlineSpans {
		return int(unsafe.Sizeof(*m))
	}
	return int(unsafe.Sizeof(*m)) + 8*cap(m.spans)
}
