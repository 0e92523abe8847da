package regex

import (
	"strings"
	"unicode/utf8"
)

// The first-character filter: from the program, the set of items one of which must match
// the first character of any match. A search skips start positions where none does, which
// turns most searches into a scan. The analysis is conservative: anything it cannot bound
// (a possibly empty match, a backreference, a conditional) disables the filter.

// maxFirstUnits bounds the filter's size; beyond it scanning costs more than it saves.
const maxFirstUnits = 12

type firstSet struct {
	units []unit
	low   [4]uint64 // answer for characters below 256
}

func (f *firstSet) match(r rune) bool {
	if r >= 0 && r < 256 {
		return f.low[r>>6]&(1<<(r&63)) != 0
	}
	for i := range f.units {
		if f.units[i].match(r) {
			return true
		}
	}
	return false
}

func computeFirst(prog []inst) *firstSet {
	visited := make([]bool, len(prog))
	units, ok := firstUnits(prog, 0, visited)
	if !ok || len(units) == 0 {
		return nil
	}
	f := &firstSet{units: units}
	for r := rune(0); r < 256; r++ {
		for i := range units {
			if units[i].match(r) {
				f.low[r>>6] |= 1 << (r & 63)
				break
			}
		}
	}
	return f
}

func unionUnits(a, b []unit, aok, bok bool) ([]unit, bool) {
	if !aok || !bok || len(a)+len(b) > maxFirstUnits {
		return nil, false
	}
	return append(append([]unit(nil), a...), b...), true
}

// firstUnits returns the items the first consumed character must match when matching
// starts at pc, or ok=false when the match may consume nothing or the items are unknown.
func firstUnits(prog []inst, pc int, visited []bool) ([]unit, bool) {
	for {
		if visited[pc] {
			return nil, false
		}
		visited[pc] = true
		in := &prog[pc]
		switch in.op {
		case opUnit:
			return []unit{in.u}, true
		case opString:
			return []unit{{kind: uChar, r: in.str[0]}}, true
		case opRepUnit:
			if in.min > 0 {
				return []unit{in.u}, true
			}
			rest, ok := firstUnits(prog, pc+1, visited)
			return unionUnits([]unit{in.u}, rest, true, ok)
		case opSave, opAt, opRepStart:
			pc++
		case opJmp:
			pc = in.x
		case opSplit:
			a, aok := firstUnits(prog, in.x, visited)
			b, bok := firstUnits(prog, in.y, visited)
			return unionUnits(a, b, aok, bok)
		case opLook:
			// Zero-width: the first character comes from what follows.
			pc = in.x
		case opAtomic:
			pc++
		case opRepUntil:
			if in.min > 0 {
				pc = in.x
				continue
			}
			a, aok := firstUnits(prog, in.x, visited)
			b, bok := firstUnits(prog, in.y, visited)
			return unionUnits(a, b, aok, bok)
		default:
			// opBackref, opGroupExists, opSubEnd, opMatch.
			return nil, false
		}
	}
}

// literalPrefix returns the ASCII literal every match of prog starts with
// (zero-width items before and within it aside), or "".
func literalPrefix(prog []inst) string {
	var b []byte
	for pc := 0; pc < len(prog); pc++ {
		in := &prog[pc]
		switch {
		case in.op == opSave || in.op == opAt:
			continue
		case in.op == opUnit && in.u.kind == uChar && in.u.r < utf8.RuneSelf:
			b = append(b, byte(in.u.r))
			continue
		case in.op == opString:
			for _, r := range in.str {
				if r >= utf8.RuneSelf {
					return string(b)
				}
				b = append(b, byte(r))
			}
			continue
		}
		break
	}
	return string(b)
}

// maxLead bounds the items of a lead.
const maxLead = 16

// leadUnits returns the items the first characters of every match of prog
// must match, one a character, in order (zero-width items aside): its
// single characters, literal strings and the minimum of a fixed repeat,
// up to the first item of variable width.
func leadUnits(prog []inst) []unit {
	var lead []unit
	for pc := 0; pc < len(prog) && len(lead) < maxLead; pc++ {
		in := &prog[pc]
		switch in.op {
		case opSave, opAt:
			continue
		case opUnit:
			lead = append(lead, in.u)
			continue
		case opString:
			for _, r := range in.str {
				lead = append(lead, unit{kind: uChar, r: r})
			}
			continue
		case opRepUnit:
			for k := 0; k < in.min && len(lead) < maxLead; k++ {
				lead = append(lead, in.u)
			}
			if in.min == in.max {
				continue
			}
		}
		break
	}
	return lead[:min(len(lead), maxLead)]
}

// scanChunk bounds the characters one call of a string routine scans, so
// a search of a long subject charges its budget (and can stop) as it goes.
const scanChunk = 1 << 16

// skip returns the first position at or after start where a match may
// begin (its first character in the first set, its literal prefix there
// when the subject's ASCII form is known), or m.end when there is none.
// It charges a step for each position it passes over.
func (m *machine) skip(start int) int {
	for {
		i := m.scan(start)
		if i >= m.end {
			return i
		}
		n := m.leadMismatch(i)
		if n == 0 {
			return i
		}
		m.step(n)
		start = i + 1
	}
}

// leadMismatch checks the characters at i against re.lead, which every
// match starting at i must match: 0 when they do, else how many it
// compared (at least 1), the work to charge.
func (m *machine) leadMismatch(i int) int {
	lead := m.re.lead
	if len(lead) < 2 {
		return 0
	}
	if i+len(lead) > m.end {
		return 1
	}
	s := m.s[i : i+len(lead)]
	low := m.re.leadLow[:len(lead)]
	for j, r := range s {
		if uint32(r) < 256 {
			if low[j][r>>6]&(1<<(r&63)) == 0 {
				return j + 1
			}
		} else if !lead[j].match(r) {
			return j + 1
		}
	}
	return 0
}

// lowTable is u's answer for the characters below 256, a bit each.
func lowTable(u *unit) (t [4]uint64) {
	for r := rune(0); r < 256; r++ {
		if u.match(r) {
			t[r>>6] |= 1 << (r & 63)
		}
	}
	return t
}

// scan is skip without the lead's check: the next position at or after
// start where the first set (or the literal prefix) matches, or m.end.
func (m *machine) scan(start int) int {
	re := m.re
	if m.text != "" && re.prefix != "" {
		for start < m.end {
			stop := min(m.end, start+scanChunk)
			// A prefix starting before stop may end past it.
			hi := min(m.end, stop+len(re.prefix)-1)
			if i := strings.Index(m.text[start:hi], re.prefix); i >= 0 {
				m.step(i)
				return start + i
			}
			m.step(stop - start)
			start = stop
		}
		return m.end
	}
	low := &re.first.low
	for start < m.end {
		stop := min(m.end, start+scanChunk)
		i := start
		if m.text != "" {
			t := m.text[:stop]
			for i < stop && low[t[i]>>6]&(1<<(t[i]&63)) == 0 {
				i++
			}
		} else {
			s := m.s[:stop]
			for ; i < stop; i++ {
				if r := s[i]; uint32(r) < 256 {
					if low[r>>6]&(1<<(r&63)) != 0 {
						break
					}
				} else if re.first.match(r) {
					break
				}
			}
		}
		m.step(i - start)
		if i < stop {
			return i
		}
		start = stop
	}
	return m.end
}
