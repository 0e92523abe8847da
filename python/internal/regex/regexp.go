package regex

import (
	"sort"
	"sync"
	"unsafe"
)

// Flags are CPython's re flag values, so the binding can pass re.I | re.M through as is.
type Flags uint32

// The flag bits, numerically equal to CPython's re.T, re.I, re.L, re.M, re.S, re.U, re.X,
// re.DEBUG and re.A.
const (
	TemplateFlag Flags = 1
	IgnoreCase   Flags = 2
	Locale       Flags = 4
	Multiline    Flags = 8
	DotAll       Flags = 16
	Unicode      Flags = 32
	Verbose      Flags = 64
	Debug        Flags = 128
	ASCII        Flags = 256
)

// Regexp is a compiled pattern. It is immutable and safe for concurrent use; each call
// allocates its own matching state.
type Regexp struct {
	pattern    []rune
	isBytes    bool
	flags      Flags
	groups     int
	groupIndex map[string]int
	groupNames []string // by group number, "" when unnamed
	prog       []inst
	nregs      int
	anchored   bool        // starts with \A (or ^ without MULTILINE): only position 0 can match
	first      *firstSet   // items the first character of a match must match; nil when unknown
	prefix     string      // ASCII literal every match starts with ("" when none); first is then set
	lead       []unit      // items the first characters of every match match, in order (leadUnits)
	leadLow    [][4]uint64 // lead's answers below 256 (lowTable)
	machines   sync.Pool   // idle *machine values, so a call in a loop allocates little
}

// Compile parses a str pattern with CPython 3.11's syntax and flags.
func Compile(pattern string, flags Flags) (*Regexp, error) {
	return compile([]rune(pattern), false, flags, nil)
}

// CompileLimited is Compile (or CompileBytes, for isBytes) accounting the
// program's memory as it grows: a pattern of a few hundred kilobytes
// compiles to tens of megabytes ('a|' * 100000 to 37 MB), and the
// compile stops with grow's error when a charge fails.
func CompileLimited(pattern string, isBytes bool, flags Flags, lim *Limits) (*Regexp, error) {
	if isBytes {
		return compile(BytesToRunes([]byte(pattern)), true, flags, lim)
	}
	return compile([]rune(pattern), false, flags, lim)
}

// CompileBytes parses a bytes pattern; subjects are then bytes, one rune per byte, and
// \w, \d, \s and IGNORECASE use ASCII semantics as CPython's bytes patterns do.
func CompileBytes(pattern []byte, flags Flags) (*Regexp, error) {
	return compile(BytesToRunes(pattern), true, flags, nil)
}

// BytesToRunes widens each byte to a rune: the subject form of bytes for a bytes pattern.
func BytesToRunes(b []byte) []rune {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return r
}

func compile(src []rune, isBytes bool, flags Flags, lim *Limits) (re *Regexp, err error) {
	defer func() {
		if r := recover(); r != nil {
			stop, ok := r.(compileStop)
			if !ok {
				panic(r)
			}
			re, err = nil, stop.err
		}
	}()
	if flags&Locale != 0 && isBytes {
		return nil, &Error{Kind: KindValueError, Msg: "re.LOCALE is not supported by this interpreter", Pos: -1}
	}
	res, err := parse(src, !isBytes, flags)
	if err != nil {
		return nil, err
	}
	c := &compiler{widths: res.widths, lim: lim}
	c.seq(res.seq, res.flags)
	if c.err != nil {
		c.err.Pattern = string(src)
		return nil, c.err
	}
	c.emit(inst{op: opMatch})
	re = &Regexp{
		pattern:    src,
		isBytes:    isBytes,
		flags:      res.flags,
		groups:     res.groups,
		groupIndex: res.groupIndex,
		groupNames: res.groupNames,
		prog:       c.prog,
		nregs:      c.nregs,
	}
	pc := 0
	for re.prog[pc].op == opSave {
		pc++
	}
	re.anchored = re.prog[pc].op == opAt && re.prog[pc].at == atBOS
	re.first = computeFirst(re.prog)
	if re.first != nil {
		re.prefix = literalPrefix(re.prog)
		re.lead = leadUnits(re.prog)
		if len(re.lead) > 1 {
			re.leadLow = make([][4]uint64, len(re.lead))
			for i := range re.lead {
				re.leadLow[i] = lowTable(&re.lead[i])
			}
		} else {
			re.lead = nil
		}
	}
	return re, nil
}

// Pattern returns the source text.
func (re *Regexp) Pattern() string { return string(re.pattern) }

// IsBytes reports whether this is a bytes pattern.
func (re *Regexp) IsBytes() bool { return re.isBytes }

// Flags returns the effective flags as CPython's Pattern.flags does (inline global flags
// included, UNICODE added for str patterns without ASCII).
func (re *Regexp) Flags() Flags { return re.flags }

// Groups is the number of capturing groups.
func (re *Regexp) Groups() int { return re.groups }

// GroupIndex maps group names to numbers, in definition order as CPython's groupindex.
func (re *Regexp) GroupIndex() []NamedGroup {
	var out []NamedGroup
	for i, n := range re.groupNames {
		if n != "" && re.groupIndex[n] == i {
			out = append(out, NamedGroup{Name: n, Index: i})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Index < out[j].Index })
	return out
}

// NamedGroup is one entry of GroupIndex.
type NamedGroup struct {
	Name  string
	Index int
}

// GroupNumber resolves a group name, reporting false when there is none.
func (re *Regexp) GroupNumber(name string) (int, bool) {
	i, ok := re.groupIndex[name]
	return i, ok
}

// mode selects the matching entry point.
type mode uint8

const (
	modeMatch mode = iota
	modeFullMatch
	modeSearch
)

func clampSpan(n, pos, endpos int) (int, int) {
	if pos < 0 {
		pos = 0
	} else if pos > n {
		pos = n
	}
	if endpos < 0 {
		endpos = 0
	} else if endpos > n {
		endpos = n
	}
	return pos, endpos
}

// Match anchors the pattern at pos, like Pattern.match(s, pos, endpos). It returns nil
// when there is no match. endpos larger than len(s) means len(s).
func (re *Regexp) Match(lim *Limits, s []rune, pos, endpos int) (*Match, error) {
	return re.exec(lim, s, pos, endpos, modeMatch, false)
}

// FullMatch requires the match to span pos..endpos, like Pattern.fullmatch.
func (re *Regexp) FullMatch(lim *Limits, s []rune, pos, endpos int) (*Match, error) {
	return re.exec(lim, s, pos, endpos, modeFullMatch, false)
}

// Search finds the leftmost match at or after pos, like Pattern.search.
func (re *Regexp) Search(lim *Limits, s []rune, pos, endpos int) (*Match, error) {
	return re.exec(lim, s, pos, endpos, modeSearch, false)
}

func (re *Regexp) newMachine(lim *Limits, s []rune, end int) *machine {
	m, _ := re.machines.Get().(*machine)
	if m == nil {
		m = &machine{re: re, prog: re.prog}
		m.slots = make([]int, 2*(re.groups+1))
		m.counts = make([]int, re.nregs)
		m.lasts = make([]int, re.nregs)
	}
	m.s, m.end, m.maxStack, m.budget, m.steps = s, end, DefaultMaxStack, nil, 0
	m.text = ""
	if lim != nil {
		if len(lim.ASCII) == len(s) {
			m.text = lim.ASCII
		}
		m.budget = lim.Budget
		if lim.MaxStack > 0 {
			m.maxStack = lim.MaxStack
		}
	}
	for i := range m.slots {
		m.slots[i] = -1
	}
	m.lastIndex = -1
	return m
}

// release returns a machine to the pool; its stack is kept unless it grew large.
func (re *Regexp) release(m *machine) {
	m.s, m.text, m.budget = nil, "", nil
	if cap(m.stack) > 1<<12 {
		m.stack = nil
	}
	re.machines.Put(m)
}

func (re *Regexp) exec(lim *Limits, s []rune, pos, endpos int, md mode, mustAdvance bool) (res *Match, err error) {
	pos, endpos = clampSpan(len(s), pos, endpos)
	m := re.newMachine(lim, s, endpos)
	defer re.release(m)
	return re.execOn(m, pos, md, mustAdvance)
}

// reset clears the captures between two searches on one machine.
func (m *machine) reset() {
	for i := range m.slots {
		m.slots[i] = -1
	}
	m.lastIndex = -1
	m.stack = m.stack[:0]
}

func (re *Regexp) execOn(m *machine, pos int, md mode, mustAdvance bool) (*Match, error) {
	if ok, err := re.attempt(m, pos, md, mustAdvance); !ok {
		return nil, err
	}
	return re.result(m), nil
}

// attempt runs one match or search from pos. When it finds a match,
// m.slots hold its spans as a Match reports them (group 0 the whole match,
// (-1, -1) for a group that did not take part) until the next attempt.
func (re *Regexp) attempt(m *machine, pos int, md mode, mustAdvance bool) (found bool, err error) {
	m.reset()
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(abort)
			if !ok {
				panic(r)
			}
			found, err = false, &LimitError{Pattern: string(re.pattern), Err: a.err}
		}
		m.stack = m.stack[:0]
	}()
	m.matchAll = md == modeFullMatch
	m.mustAdvance = mustAdvance
	m.start = pos
	m.pos0 = pos
	if md != modeSearch || re.anchored {
		if md == modeSearch && pos != 0 {
			m.charge()
			return false, nil
		}
		if pos > m.end {
			m.charge()
			return false, nil
		}
		ok, end := m.run(0, pos)
		m.charge()
		if !ok {
			return false, nil
		}
		m.found(pos, end)
		return true, nil
	}
	for start := pos; start <= m.end; start++ {
		if re.first != nil {
			if start = m.skip(start); start >= m.end {
				break
			}
		}
		m.start = start
		if ok, end := m.run(0, start); ok {
			m.charge()
			m.found(start, end)
			return true, nil
		}
		m.mustAdvance = false
	}
	m.charge()
	return false, nil
}

// found sets the slots to the spans of the match start..end.
func (m *machine) found(start, end int) {
	sl := m.slots
	sl[0], sl[1] = start, end
	for g := 2; g+1 < len(sl); g += 2 {
		if sl[g] < 0 || sl[g+1] < 0 || sl[g+1] < sl[g] {
			sl[g], sl[g+1] = -1, -1
		}
	}
}

// result is the Match of the attempt that just succeeded on m.
func (re *Regexp) result(m *machine) *Match {
	mt := &Match{re: re, s: m.s, pos: m.pos0, endpos: m.end, lastIndex: m.lastIndex}
	if len(m.slots) <= inlineSpans {
		mt.spans = mt.inline[:len(m.slots)]
	} else {
		mt.spans = make([]int, len(m.slots))
	}
	copy(mt.spans, m.slots)
	return mt
}

// HeapBytes estimates the heap the compiled pattern keeps (its program,
// character classes, pattern text and group names), so a binding can
// charge a pattern object a snippet keeps at what it costs.
func (re *Regexp) HeapBytes() int {
	n := int(unsafe.Sizeof(*re)) + 4*cap(re.pattern) + int(unsafe.Sizeof(inst{}))*cap(re.prog) + len(re.prefix)
	classes := map[*charClass]bool{}
	class := func(c *charClass) {
		if c != nil && !classes[c] {
			classes[c] = true
			n += int(unsafe.Sizeof(*c)) + 8*cap(c.ranges) + cap(c.cats)
		}
	}
	for i := range re.prog {
		n += 4 * cap(re.prog[i].str)
		class(re.prog[i].u.cls)
	}
	for _, g := range re.groupNames {
		n += 16 + len(g)
	}
	n += 64 * len(re.groupIndex)
	n += int(unsafe.Sizeof(unit{}))*cap(re.lead) + 32*cap(re.leadLow)
	if re.first != nil {
		n += int(unsafe.Sizeof(*re.first)) + int(unsafe.Sizeof(unit{}))*cap(re.first.units)
		for i := range re.first.units {
			class(re.first.units[i].cls)
		}
	}
	return n
}
