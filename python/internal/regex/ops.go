package regex

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The module-level operations (findall, finditer, sub, subn, split, escape) with CPython
// 3.7+ rules for empty matches: after an empty match the next match may not be empty at
// the same position, but may start there if it is not empty.

// subjectRunes converts a subject in the pattern's type: UTF-8 for str, raw bytes for bytes.
func (re *Regexp) subjectRunes(s string) []rune {
	if re.isBytes {
		return BytesToRunes([]byte(s))
	}
	return []rune(s)
}

// Iter walks successive non-overlapping matches, as Pattern.finditer / scanner.search.
// Between calls of Next it holds none of the engine's memory: each call takes a machine
// from the pattern's pool and gives it back, so an iterator a snippet keeps (a finditer
// advanced once) does not keep a backtrack stack that grew to megabytes, or slot arrays
// as large as the pattern's groups, where the retained-size walk cannot see them. The
// loops of this package (findall, sub, split) hold one machine through their loop
// (iterOn).
type Iter struct {
	re    *Regexp
	m     *machine // while a loop of this package holds one; nil between Next calls
	s     []rune
	end   int
	pos   int
	must  bool
	done  bool
	first int // the caller's pos, reported by each Match
}

// FindIter starts an iteration over s[pos:endpos].
func (re *Regexp) FindIter(s []rune, pos, endpos int) *Iter {
	pos, endpos = clampSpan(len(s), pos, endpos)
	return &Iter{re: re, s: s, end: endpos, pos: pos, first: pos}
}

// iterOn is FindIter with a machine held for a loop that calls next or Next
// until the end or an error (which give it back).
func (re *Regexp) iterOn(lim *Limits, s []rune, pos, endpos int) *Iter {
	it := re.FindIter(s, pos, endpos)
	it.m = re.newMachine(lim, s, it.end)
	return it
}

// Next returns the next match, or nil at the end; lim bounds this call (the
// run that asks for it, which need not be the run that made the iterator).
func (it *Iter) Next(lim *Limits) (*Match, error) {
	if it.done {
		return nil, nil
	}
	parked := it.m == nil
	if parked {
		it.m = it.re.newMachine(lim, it.s, it.end)
	}
	if ok, err := it.next(); !ok {
		return nil, err
	}
	mt := it.re.result(it.m)
	mt.pos = it.first
	if parked {
		it.re.release(it.m)
		it.m = nil
	}
	return mt, nil
}

// next finds the next match, whose spans are then in it.m.slots; at the
// end or on an error it gives the machine back.
func (it *Iter) next() (bool, error) {
	if it.done {
		return false, nil
	}
	if it.pos > it.end {
		it.done = true
		it.re.release(it.m)
		it.m = nil
		return false, nil
	}
	ok, err := it.re.attempt(it.m, it.pos, modeSearch, it.must)
	if err != nil || !ok {
		it.done = true
		it.re.release(it.m)
		it.m = nil
		return false, err
	}
	sl := it.m.slots
	it.must = sl[1] == sl[0]
	it.pos = sl[1]
	return true, nil
}

// FindAll returns what Pattern.findall returns: per match, the whole match when the
// pattern has no groups, else one string per group ("" for an unmatched group).
func (re *Regexp) FindAll(lim *Limits, s []rune, pos, endpos int) ([][]string, error) {
	return re.findAll(lim, s, pos, endpos, nil)
}

// FindAllASCII is FindAll for a str subject src of ASCII only (s is its
// runes, one per byte): the texts are slices of src rather than new strings.
func (re *Regexp) FindAllASCII(lim *Limits, s []rune, src string, pos, endpos int) ([][]string, error) {
	if len(src) != len(s) || re.isBytes {
		return re.FindAll(lim, s, pos, endpos)
	}
	return re.findAll(lim, s, pos, endpos, func(a, b int) string {
		// A text much shorter than src is a copy: a slice would keep
		// all of src, which a caller's accounting counts as the text's
		// length (the findall of a few digits kept each 10 KB subject).
		if n := b - a; len(src)-n > n/8+64 {
			return strings.Clone(src[a:b])
		}
		return src[a:b]
	})
}

func (re *Regexp) findAll(lim *Limits, s []rune, pos, endpos int, slice func(a, b int) string) ([][]string, error) {
	it := re.iterOn(lim, s, pos, endpos)
	// Every row has k texts; they share one array (flat), so a match
	// costs no allocation of its own beyond its texts.
	k := max(re.groups, 1)
	first := 0
	if re.groups > 0 {
		first = 1
	}
	var flat []string
	for {
		ok, err := it.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		sl := it.m.slots
		size := 24 + 16*k
		for g := first; g < first+k; g++ {
			a, b := sl[2*g], sl[2*g+1]
			t := ""
			switch {
			case a < 0:
			case slice != nil:
				t = slice(a, b)
				size += len(t)
			default:
				t = re.text(s[a:b])
				size += len(t)
			}
			flat = append(flat, t)
		}
		if err := lim.grow(re, size); err != nil {
			return nil, err
		}
	}
	if len(flat) == 0 {
		return nil, nil
	}
	out := make([][]string, len(flat)/k)
	for i := range out {
		out[i] = flat[i*k : (i+1)*k : (i+1)*k]
	}
	return out, nil
}

// Replacement produces the text for one match of Sub; the error aborts the substitution.
// The binding wraps a Python callable in one, or uses Template.Expand.
type Replacement func(*Match) (string, error)

// Sub replaces up to count matches (all when count is 0; none when negative) and returns
// the new text and the number of replacements, as Pattern.subn.
func (re *Regexp) Sub(lim *Limits, s []rune, repl Replacement, count int) (string, int, error) {
	it := re.iterOn(lim, s, 0, len(s))
	var b strings.Builder
	b.Grow(len(s))
	last, n := 0, 0
	for count == 0 || n < count {
		if count < 0 {
			break
		}
		mt, err := it.Next(lim)
		if err != nil {
			return "", 0, err
		}
		if mt == nil {
			break
		}
		start, end := mt.Span(0)
		r, err := repl(mt)
		if err != nil {
			return "", 0, err
		}
		if err := lim.grow(re, len(r)+4*(start-last)); err != nil {
			return "", 0, err
		}
		if last < start {
			re.writeText(&b, s[last:start])
		}
		b.WriteString(r)
		last = end
		n++
	}
	if last < len(s) {
		re.writeText(&b, s[last:])
	}
	// The builder grows past the subject's length by doubling: a result kept up
	// to twice its length on the heap, with only its length charged. Past an
	// eighth (+64 bytes) of slack it is copied, the rule of the interpreter's
	// own builders (vm's fitSlack).
	out := b.String()
	if b.Cap()-len(out) > len(out)/8+64 {
		out = strings.Clone(out)
	}
	return out, n, nil
}

// SplitPiece is one element of Split's result; Matched is false for a group that did not
// take part in its match (Python None).
type SplitPiece struct {
	Text    string
	Matched bool
}

// Split splits s by matches as Pattern.split does, including captured groups; at most
// maxsplit splits when maxsplit > 0, none when it is negative.
func (re *Regexp) Split(lim *Limits, s []rune, maxsplit int) ([]SplitPiece, error) {
	it := re.iterOn(lim, s, 0, len(s))
	var out []SplitPiece
	last, n := 0, 0
	for maxsplit == 0 || n < maxsplit {
		if maxsplit < 0 {
			break
		}
		mt, err := it.Next(lim)
		if err != nil {
			return nil, err
		}
		if mt == nil {
			break
		}
		start, end := mt.Span(0)
		if err := lim.grow(re, 40*(1+re.groups)+4*(start-last)); err != nil {
			return nil, err
		}
		out = append(out, SplitPiece{Text: re.text(s[last:start]), Matched: true})
		for g := 1; g <= re.groups; g++ {
			t, ok := mt.Group(g)
			if err := lim.grow(re, len(t)); err != nil {
				return nil, err
			}
			out = append(out, SplitPiece{Text: t, Matched: ok})
		}
		last = end
		n++
	}
	out = append(out, SplitPiece{Text: re.text(s[last:]), Matched: true})
	return out, nil
}

// Escape backslash-escapes the characters re.escape escapes.
func Escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && strings.ContainsRune("()[]{}?*+-|^$\\.&~# \t\n\r\v\f", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Template is a parsed replacement string: literal pieces and group references.
type Template struct {
	re     *Regexp
	pieces []templatePiece
}

type templatePiece struct {
	lit   string
	group int // -1 for a literal
}

// ParseTemplate parses a replacement template as re.sub does, with CPython's errors
// ("invalid group reference 3 at position 1", "bad escape \q at position 0",
// IndexError "unknown group name 'x'"). For a bytes pattern the template holds raw bytes.
func (re *Regexp) ParseTemplate(template string) (t *Template, err error) {
	src := re.subjectRunes(template)
	t = &Template{re: re}
	tok := tokenizer{src: src, isText: !re.isBytes}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			if !tok.isText {
				e.Pattern = template
			}
			t, err = nil, e
		}
	}()
	tok.advance()
	var lit []rune
	flush := func() {
		if len(lit) > 0 {
			t.pieces = append(t.pieces, templatePiece{lit: re.text(lit), group: -1})
			lit = lit[:0]
		}
	}
	addGroup := func(index, offset int) {
		if index > re.groups {
			panic(tok.err(fmt.Sprintf("invalid group reference %d", index), offset))
		}
		flush()
		t.pieces = append(t.pieces, templatePiece{group: index})
	}
	for {
		this := tok.get()
		if this == "" {
			break
		}
		if this[0] != '\\' {
			lit = append(lit, []rune(this)...)
			continue
		}
		c := this[1]
		switch {
		case c == 'g':
			if !tok.match("<") {
				panic(tok.err("missing <", 0))
			}
			name := tok.getuntil(">", "group name")
			nlen := utf8.RuneCountInString(name)
			var index int
			if isIdentifier(name) {
				tok.checkGroupName(name, 1)
				i, ok := re.groupIndex[name]
				if !ok {
					panic(&Error{Kind: KindIndexError, Msg: "unknown group name " + pyRepr(name), Pos: -1})
				}
				index = i
			} else {
				v, ok := pyInt(name)
				if !ok || v < 0 {
					panic(tok.err("bad character in group name "+pyRepr(name), nlen+1))
				}
				if v >= maxGroups {
					panic(tok.err(fmt.Sprintf("invalid group reference %d", v), nlen+1))
				}
				index = v
			}
			addGroup(index, nlen+1)
		case c == '0':
			if len(tok.next) == 1 && strings.Contains(octDigits, tok.next) {
				this += tok.get()
				if len(tok.next) == 1 && strings.Contains(octDigits, tok.next) {
					this += tok.get()
				}
			}
			v, _ := strconv.ParseUint(this[1:], 8, 32)
			lit = append(lit, rune(v&0xff))
		case c >= '1' && c <= '9':
			isOctal := false
			if len(tok.next) == 1 && strings.Contains(digits, tok.next) {
				this += tok.get()
				if strings.IndexByte(octDigits, c) >= 0 && strings.IndexByte(octDigits, this[2]) >= 0 &&
					len(tok.next) == 1 && strings.Contains(octDigits, tok.next) {
					this += tok.get()
					isOctal = true
					v, _ := strconv.ParseUint(this[1:], 8, 32)
					if v > 0o377 {
						panic(tok.err(fmt.Sprintf("octal escape value %s outside of range 0-0o377", this), len(this)))
					}
					lit = append(lit, rune(v))
				}
			}
			if !isOctal {
				g, _ := strconv.Atoi(this[1:])
				addGroup(g, len(this)-1)
			}
		default:
			if r, ok := escapeLiterals[c]; ok && len(this) == 2 {
				lit = append(lit, r)
			} else if len(this) == 2 && isASCIILetter(c) {
				panic(tok.err("bad escape "+this, len(this)))
			} else {
				lit = append(lit, []rune(this)...)
			}
		}
	}
	flush()
	return t, nil
}

// Expand renders the template for m; unmatched groups expand to "".
func (t *Template) Expand(m *Match) string {
	var b strings.Builder
	for _, p := range t.pieces {
		if p.group < 0 {
			b.WriteString(p.lit)
			continue
		}
		m.writeGroup(&b, p.group)
	}
	return b.String()
}

// Len bounds the length in bytes of Expand(m) without building it.
func (t *Template) Len(m *Match) int {
	n := 0
	for _, p := range t.pieces {
		if p.group < 0 {
			n += len(p.lit)
		} else if a, b := m.Span(p.group); a >= 0 {
			n += 4 * (b - a)
		}
	}
	return n
}

// Literal reports whether the template has no group references, and its text.
func (t *Template) Literal() (string, bool) {
	var b strings.Builder
	for _, p := range t.pieces {
		if p.group >= 0 {
			return "", false
		}
		b.WriteString(p.lit)
	}
	return b.String(), true
}
