package vm

import (
	"math/bits"
	"unsafe"
)

// ptrSet is the set of objects a size walk has counted, by address, with
// the length counted of each tuple's array (onceTuple). It is an
// open-addressed table of addresses rather than a Go map: a session's
// globals of 100 000 records made 200 000 map insertions per measure,
// most of the walk's time (a lookup, then an insertion, and the map
// growing through every size on the way), where a probe here is a
// multiplication and, mostly, one cache line.
//
// The addresses are kept as integers, out of the collector's sight: the
// walked objects are reachable from the walk's root until the walk ends,
// and Go's heap objects do not move.
type ptrSet struct {
	keys []uintptr // 0: an empty slot
	// lens[i] is the tuple length counted at keys[i] (0 for other
	// objects); nil until the walk meets its first tuple.
	lens  []int
	n     int
	shift uint // 64 - log2(len(keys))
}

// ptrSetMinSlots is a fresh set's table: a power of two.
const ptrSetMinSlots = 64

// ptrSetMaxReserve bounds what reserve makes room for: 1M addresses, a
// 16 MiB table.
const ptrSetMaxReserve = 1 << 20

// slot returns the index of p in s's table, or of the empty slot where
// it goes.
func (s *ptrSet) slot(p uintptr) int {
	mask := len(s.keys) - 1
	// Fibonacci hashing of the address without its alignment bits.
	i := int(((p >> 3) * 0x9E3779B97F4A7C15) >> s.shift)
	for {
		k := s.keys[i]
		if k == p || k == 0 {
			return i
		}
		i = (i + 1) & mask
	}
}

// add inserts p, reporting whether it was absent, and returns its slot.
func (s *ptrSet) add(p unsafe.Pointer) (int, bool) {
	if len(s.keys) == 0 {
		s.resize(ptrSetMinSlots)
	}
	k := uintptr(p)
	i := s.slot(k)
	if s.keys[i] == k {
		return i, false
	}
	// At most half full: a miss then probes two slots on average.
	if 2*(s.n+1) > len(s.keys) {
		s.resize(2 * len(s.keys))
		i = s.slot(k)
	}
	s.keys[i] = k
	s.n++
	return i, true
}

// resize moves the set into a table of slots entries.
func (s *ptrSet) resize(slots int) {
	old, oldLens := s.keys, s.lens
	s.keys = make([]uintptr, slots)
	if oldLens != nil {
		s.lens = make([]int, slots)
	}
	s.shift = uint(64 - bits.TrailingZeros(uint(slots)))
	for j, k := range old {
		if k == 0 {
			continue
		}
		i := s.slot(k)
		s.keys[i] = k
		if oldLens != nil {
			s.lens[i] = oldLens[j]
		}
	}
}

// reserve makes room for n addresses in all, so that s does not grow
// before it holds them. n is a guess: past ptrSetMaxReserve the table
// grows as the walk finds the objects, so a guess from a graph that has
// since shrunk does not make a walk take more than it needs.
func (s *ptrSet) reserve(n int) {
	n = min(n, ptrSetMaxReserve)
	slots := ptrSetMinSlots
	for slots < 2*(n+1) {
		slots *= 2
	}
	if slots > len(s.keys) {
		s.resize(slots)
	}
}

// tupleLen returns the tuple length kept at slot i.
func (s *ptrSet) tupleLen(i int) int {
	if s.lens == nil {
		return 0
	}
	return s.lens[i]
}

// setTupleLen keeps n as the tuple length at slot i.
func (s *ptrSet) setTupleLen(i, n int) {
	if s.lens == nil {
		s.lens = make([]int, len(s.keys))
	}
	s.lens[i] = n
}

// clear empties s, keeping its table.
func (s *ptrSet) clear() {
	if s.n == 0 {
		return
	}
	clear(s.keys)
	if s.lens != nil {
		clear(s.lens)
	}
	s.n = 0
}
