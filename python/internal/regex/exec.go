package regex

import (
	"errors"
	"fmt"
)

// Budget bounds the work of one matching call. Step is charged with units of work (one
// per instruction or backtrack, roughly) every few thousand units and once at the end; a
// non-nil error aborts the match and is returned to the caller wrapped in a *LimitError.
type Budget interface {
	Step(n int) error
}

// Memory is implemented by a Budget that also accounts memory: the engine calls Grow
// with the bytes it is about to allocate for its backtrack stack (past the first few
// thousand entries) and for the results of FindAll, Sub and Split, so a caller can
// charge them to a memory limit. A non-nil error aborts the call and is returned to
// the caller wrapped in a *LimitError.
type Memory interface {
	Grow(bytes int) error
}

// grow accounts n bytes of results with the budget, if it accounts memory.
func (lim *Limits) grow(re *Regexp, n int) error {
	if lim == nil {
		return nil
	}
	if mb, ok := lim.Budget.(Memory); ok {
		if err := mb.Grow(n); err != nil {
			pattern := ""
			if re != nil {
				pattern = string(re.pattern)
			}
			return &LimitError{Pattern: pattern, Err: err}
		}
	}
	return nil
}

// Limits bound one call of a matching method. The zero value (or a nil *Limits) charges no
// budget and caps the backtrack stack at DefaultMaxStack entries.
type Limits struct {
	Budget   Budget
	MaxStack int // backtrack entries (20 bytes each); 0 means DefaultMaxStack
	// ASCII, when set, is the subject as a Go string of ASCII characters
	// only (ASCII[i] == s[i] for every i): a search then looks for the
	// pattern's literal prefix or first characters in it with the string
	// routines. One of another length than the subject is not used.
	ASCII string
}

// DefaultMaxStack caps the backtrack stack when Limits.MaxStack is 0 (20 bytes an entry,
// 80 MiB).
const DefaultMaxStack = 1 << 22

// ErrStackLimit is the cause of a LimitError when the backtrack stack outgrows its cap.
var ErrStackLimit = errors.New("regular expression needs more backtracking memory than allowed")

// LimitError reports a match abandoned because the budget or the stack cap ran out.
type LimitError struct {
	Pattern string
	Err     error
}

// Error names the pattern so a run's error log shows which regex was expensive.
func (e *LimitError) Error() string {
	return fmt.Sprintf("regular expression %s: matching stopped: %v", pyRepr(truncate(e.Pattern, 60)), e.Err)
}

// Unwrap returns the budget's error or ErrStackLimit.
func (e *LimitError) Unwrap() error { return e.Err }

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "..."
}

const stepChunk = 4096

type entryKind uint8

const (
	eChoice    entryKind = iota // resume at pc, pos
	eSlot                       // undo: slots[a] = pos
	eLastIndex                  // undo: lastIndex = pos
	eCount                      // undo: counts[a] = pos
	eLast                       // undo: lasts[a] = pos
	eRepGreedy                  // opRepUnit at pc started at pos, currently a items
	eRepLazy                    // opRepUnit at pc, now at pos with a items
	eRepBody                    // lazy loop at pc (opRepUntil): next iteration a at pos
	eRepExit                    // greedy loop at pc (opRepUntil) may exit at pos; restore count a, last b
	eRepUndo                    // undo only: restore count a and last b of the loop at pc
)

type entry struct {
	kind entryKind
	pc   int32
	pos  int32
	a    int32
	b    int32
}

func (k entryKind) isUndo() bool { return (k >= eSlot && k <= eLast) || k == eRepUndo }

type abort struct{ err error }

type machine struct {
	re          *Regexp
	prog        []inst
	s           []rune
	text        string // the subject as ASCII (Limits.ASCII), or ""
	end         int
	slots       []int
	counts      []int
	lasts       []int
	lastIndex   int
	stack       []entry
	maxStack    int
	budget      Budget
	steps       int
	start       int // where the current attempt began, for mustAdvance
	pos0        int // the caller's pos, reported by Match.Pos
	mustAdvance bool
	matchAll    bool
}

func (m *machine) step(n int) {
	m.steps += n
	if m.steps >= stepChunk {
		m.charge()
	}
}

func (m *machine) charge() {
	if m.budget != nil && m.steps > 0 {
		n := m.steps
		m.steps = 0
		if err := m.budget.Step(n); err != nil {
			panic(abort{err})
		}
	}
	m.steps = 0
}

func (m *machine) push(e entry) {
	if len(m.stack) >= m.maxStack {
		panic(abort{ErrStackLimit})
	}
	if len(m.stack) == cap(m.stack) && len(m.stack) >= 1<<12 {
		// The stack is about to double: account the new array.
		if mb, ok := m.budget.(Memory); ok {
			if err := mb.Grow(2 * cap(m.stack) * entryBytes); err != nil {
				panic(abort{err})
			}
		}
	}
	m.stack = append(m.stack, e)
}

// entryBytes is the size of a backtrack stack entry.
const entryBytes = 20

func (m *machine) setSlot(i, v int) {
	m.push(entry{kind: eSlot, a: int32(i), pos: int32(m.slots[i])})
	m.slots[i] = v
	if i&1 == 1 {
		m.push(entry{kind: eLastIndex, pos: int32(m.lastIndex)})
		m.lastIndex = i / 2
	}
}

func (m *machine) setCount(r, v int) {
	m.push(entry{kind: eCount, a: int32(r), pos: int32(m.counts[r])})
	m.counts[r] = v
}

func (m *machine) setLast(r, v int) {
	m.push(entry{kind: eLast, a: int32(r), pos: int32(m.lasts[r])})
	m.lasts[r] = v
}

// unwind pops every entry above base, applying the undo entries.
func (m *machine) unwind(base int) {
	for i := len(m.stack) - 1; i >= base; i-- {
		m.undo(m.stack[i])
	}
	m.stack = m.stack[:base]
}

func (m *machine) undo(e entry) {
	switch e.kind {
	case eSlot:
		m.slots[e.a] = int(e.pos)
	case eLastIndex:
		m.lastIndex = int(e.pos)
	case eCount:
		m.counts[e.a] = int(e.pos)
	case eLast:
		m.lasts[e.a] = int(e.pos)
	case eRepExit, eRepUndo:
		n := m.prog[e.pc].n
		m.counts[n], m.lasts[n] = int(e.a), int(e.b)
	}
}

// cut drops the choice points above base and keeps the undo entries, so that an atomic
// group or a positive look-around cannot be re-entered but its captures still unwind.
func (m *machine) cut(base int) {
	j := base
	for i := base; i < len(m.stack); i++ {
		e := m.stack[i]
		if e.kind == eRepExit {
			e.kind = eRepUndo
		}
		if e.kind.isUndo() {
			m.stack[j] = e
			j++
		}
	}
	m.stack = m.stack[:j]
}

// backtrack resumes at the most recent choice point above base.
func (m *machine) backtrack(base int) (pc, pos int, ok bool) {
	for len(m.stack) > base {
		m.step(1)
		top := len(m.stack) - 1
		e := m.stack[top]
		switch e.kind {
		case eChoice:
			m.stack = m.stack[:top]
			return int(e.pc), int(e.pos), true
		case eRepGreedy:
			in := &m.prog[e.pc]
			n := int(e.a) - 1
			// When a literal follows, skip the counts where it cannot match.
			if next := &m.prog[e.pc+1]; next.op == opUnit && next.u.kind == uChar {
				for n >= in.min && (int(e.pos)+n >= m.end || m.s[int(e.pos)+n] != next.u.r) {
					n--
				}
				if n < in.min {
					m.stack = m.stack[:top]
					continue
				}
			}
			if n <= in.min {
				m.stack = m.stack[:top]
			} else {
				m.stack[top].a = int32(n)
			}
			return int(e.pc) + 1, int(e.pos) + n, true
		case eRepLazy:
			in := &m.prog[e.pc]
			p := int(e.pos)
			if int(e.a) < in.max && p < m.end && in.u.match(m.s[p]) {
				if int(e.a)+1 >= in.max {
					m.stack = m.stack[:top]
				} else {
					m.stack[top].a++
					m.stack[top].pos++
				}
				return int(e.pc) + 1, p + 1, true
			}
			m.stack = m.stack[:top]
		case eRepExit:
			m.stack = m.stack[:top]
			m.undo(e)
			return m.prog[e.pc].y, int(e.pos), true
		case eRepBody:
			m.stack = m.stack[:top]
			in := &m.prog[e.pc]
			m.setCount(in.n, int(e.a))
			m.setLast(in.n, int(e.pos))
			return in.x, int(e.pos), true
		default:
			m.undo(e)
			m.stack = m.stack[:top]
		}
	}
	return 0, 0, false
}

func (m *machine) isWordAt(i int, uni bool) bool {
	if i < 0 || i >= m.end {
		return false
	}
	if uni {
		return isWordUnicode(m.s[i])
	}
	return isWordASCII(m.s[i])
}

func (m *machine) atOK(a at, pos int) bool {
	switch a {
	case atBOS:
		return pos == 0
	case atBOL:
		return pos == 0 || m.s[pos-1] == '\n'
	case atEOS:
		return pos == m.end
	case atEOSNL:
		return pos == m.end || (pos == m.end-1 && m.s[pos] == '\n')
	case atEOL:
		return pos == m.end || (pos < m.end && m.s[pos] == '\n')
	case atWordB, atWordBA:
		if m.end == 0 {
			return false
		}
		uni := a == atWordB
		return m.isWordAt(pos-1, uni) != m.isWordAt(pos, uni)
	default:
		if m.end == 0 {
			return false
		}
		uni := a == atNotWordB
		return m.isWordAt(pos-1, uni) == m.isWordAt(pos, uni)
	}
}

// run executes the program from pc at pos until opMatch or opSubEnd succeeds, or until
// every choice point it pushed has failed. Go recursion happens only for look-around and
// atomic bodies, so its depth is bounded by the pattern's nesting, not by the input.
func (m *machine) run(pc, pos int) (bool, int) {
	base := len(m.stack)
	for {
		m.steps++
		if m.steps >= stepChunk {
			m.charge()
		}
		in := &m.prog[pc]
		switch in.op {
		case opUnit:
			if pos < m.end && in.u.match(m.s[pos]) {
				pos++
				pc++
				continue
			}
		case opString:
			if pos+len(in.str) <= m.end {
				ok := true
				for i, r := range in.str {
					if m.s[pos+i] != r {
						ok = false
						break
					}
				}
				if ok {
					pos += len(in.str)
					pc++
					continue
				}
			}
		case opAt:
			if m.atOK(in.at, pos) {
				pc++
				continue
			}
		case opSplit:
			m.push(entry{kind: eChoice, pc: int32(in.y), pos: int32(pos)})
			pc = in.x
			continue
		case opJmp:
			pc = in.x
			continue
		case opSave:
			m.setSlot(in.n, pos)
			pc++
			continue
		case opRepStart:
			m.setCount(in.n, -1)
			m.setLast(in.n, -1)
			pc++
			continue
		case opRepUntil:
			c := m.counts[in.n] + 1
			if c < in.min {
				m.setCount(in.n, c)
				pc = in.x
				continue
			}
			more := (c < in.max || in.max == maxRepeat) && pos != m.lasts[in.n]
			if in.rep == repGreedy {
				if more {
					// One entry is both the exit alternative and the undo of the
					// counter and last position: a loop costs one entry per iteration.
					m.push(entry{kind: eRepExit, pc: int32(pc), pos: int32(pos), a: int32(m.counts[in.n]), b: int32(m.lasts[in.n])})
					m.counts[in.n], m.lasts[in.n] = c, pos
					pc = in.x
					continue
				}
			} else if more {
				m.push(entry{kind: eRepBody, pc: int32(pc), pos: int32(pos), a: int32(c)})
			}
			pc = in.y
			continue
		case opRepUnit:
			if ok, next, npos := m.repUnit(pc, in, pos); ok {
				pc, pos = next, npos
				continue
			}
		case opBackref:
			if npos, ok := m.backref(in, pos); ok {
				pos = npos
				pc++
				continue
			}
		case opGroupExists:
			s, e := m.slots[2*in.n], m.slots[2*in.n+1]
			if s >= 0 && e >= s {
				pc++
			} else {
				pc = in.x
			}
			continue
		case opLook:
			at := pos
			if in.behind {
				at = pos - in.width
			}
			matched := false
			sub := len(m.stack)
			if at >= 0 {
				matched, _ = m.run(pc+1, at)
			}
			if in.neg {
				if !matched {
					pc = in.x
					continue
				}
				m.unwind(sub)
			} else if matched {
				m.cut(sub)
				pc = in.x
				continue
			}
		case opAtomic:
			sub := len(m.stack)
			if ok, npos := m.run(pc+1, pos); ok {
				m.cut(sub)
				pc, pos = in.x, npos
				continue
			}
		case opSubEnd:
			return true, pos
		case opMatch:
			if !(m.matchAll && pos != m.end) && !(m.mustAdvance && pos == m.start) {
				return true, pos
			}
		}
		var ok bool
		pc, pos, ok = m.backtrack(base)
		if !ok {
			return false, 0
		}
	}
}

func (m *machine) repUnit(pc int, in *inst, pos int) (bool, int, int) {
	limit := m.end - pos
	if in.max != maxRepeat && in.max < limit {
		limit = in.max
	}
	if in.rep == repLazy {
		n := 0
		for n < in.min {
			if n >= limit || !in.u.match(m.s[pos+n]) {
				return false, 0, 0
			}
			n++
		}
		m.step(n)
		if n < in.max {
			m.push(entry{kind: eRepLazy, pc: int32(pc), pos: int32(pos + n), a: int32(n)})
		}
		return true, pc + 1, pos + n
	}
	n := 0
	s := m.s[pos : pos+limit]
	switch u := &in.u; u.kind {
	case uAnyAll:
		n = limit
	case uAny:
		for n < limit && s[n] != '\n' {
			n++
		}
	case uChar:
		for n < limit && s[n] == u.r {
			n++
		}
	case uClass:
		cls := u.cls
		for n < limit {
			r := s[n]
			if r >= 0 && r < 256 {
				if cls.low[r>>6]&(1<<(r&63)) == 0 {
					break
				}
			} else if !cls.slow(r) {
				break
			}
			n++
		}
	default:
		for n < limit && u.match(s[n]) {
			n++
		}
	}
	m.step(n)
	if n < in.min {
		return false, 0, 0
	}
	if in.rep == repGreedy && n > in.min {
		m.push(entry{kind: eRepGreedy, pc: int32(pc), pos: int32(pos), a: int32(n)})
	}
	return true, pc + 1, pos + n
}

func (m *machine) backref(in *inst, pos int) (int, bool) {
	s, e := m.slots[2*in.n], m.slots[2*in.n+1]
	if s < 0 || e < s {
		return 0, false
	}
	n := e - s
	if pos+n > m.end {
		return 0, false
	}
	m.step(n)
	for i := 0; i < n; i++ {
		a, b := m.s[s+i], m.s[pos+i]
		if a != b && in.fold.lower(a) != in.fold.lower(b) {
			return 0, false
		}
	}
	return pos + n, true
}
