package regex

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
