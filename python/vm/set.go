package vm

import "unsafe"

// Set is a Python set or frozenset. It follows CPython's set table
// (linear probing runs, then perturbation, the same growth policy) so that
// iteration order, and therefore printed sets of ints, match CPython.
type Set struct {
	table  []setEntry
	fill   int // active + dummy slots
	used   int // active slots
	frozen bool
	// finger is where pop looks first (past the last slot it emptied).
	finger int
	// gen is the epoch of the journal that saved the set last, or of the
	// run that made it (journal.go).
	gen uint64
}

type setEntry struct {
	key  Value // nil: never used; setDummy: deleted
	hash uint64
}

type setDummyType struct{}

var setDummy Value = &setDummyType{}

const (
	setMinSize     = 8
	linearProbes   = 9
	perturbShift   = 5
	setResizeLimit = 50000
)

// NewSet returns an empty set. (A run makes its own with Thread.newSet,
// which saves it nothing to fill.)
func NewSet() *Set { return &Set{} }

// Len returns the size.
func (s *Set) Len() int { return s.used }

func (s *Set) keyEqual(t *Thread, a, b Value) (bool, error) {
	if Is(a, b) {
		return true, nil
	}
	if x, ok := a.(Str); ok {
		if y, ok := b.(Str); ok {
			return x == y, nil
		}
		if _, ok := b.(*Instance); !ok {
			return false, nil // only a str subclass can equal a str
		}
	}
	if err := t.tickCollision(); err != nil {
		return false, err
	}
	return t.Equal(a, b)
}

// changedBy reports whether a key's __eq__, called while probing entry e
// (holding start) of table, changed the set: the probe must start over,
// as CPython's does.
func (s *Set) changedBy(table []setEntry, e *setEntry, start Value) bool {
	return len(s.table) != len(table) || &s.table[0] != &table[0] || !Is(e.key, start)
}

// lookup returns the slot of key, or -1.
func (s *Set) lookup(t *Thread, key Value, h uint64) (int, error) {
restart:
	if len(s.table) == 0 {
		return -1, nil
	}
	mask := uint64(len(s.table) - 1)
	i := h & mask
	perturb := h
	for {
		probes := 0
		if i+linearProbes <= mask {
			probes = linearProbes
		}
		for j := uint64(0); j <= uint64(probes); j++ {
			e := &s.table[i+j]
			if e.key == nil {
				return -1, nil
			}
			if e.key != setDummy && e.hash == h {
				table, start := s.table, e.key
				eq, err := s.keyEqual(t, e.key, key)
				if err != nil {
					return -1, err
				}
				if s.changedBy(table, e, start) {
					goto restart
				}
				if eq {
					return int(i + j), nil
				}
			}
		}
		perturb >>= perturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

// Add adds v.
func (s *Set) Add(t *Thread, v Value) error {
	h, err := t.Hash(v)
	if err != nil {
		return err
	}
	return s.add(t, v, h)
}

func (s *Set) add(t *Thread, key Value, h uint64) error {
	if err := t.touchSet(s); err != nil {
		return err
	}
	// An insertion is a step, as for dicts (Dict.set).
	if t != nil {
		if err := t.tick(1); err != nil {
			return err
		}
	}
restart:
	if len(s.table) == 0 {
		s.table = make([]setEntry, setMinSize)
		if err := t.chargeNew(arrayBytes(setMinSize, unsafe.Sizeof(setEntry{}))); err != nil {
			s.table = nil
			return err
		}
	}
	mask := uint64(len(s.table) - 1)
	i := h & mask
	perturb := h
	free := -1
	for {
		probes := 0
		if i+linearProbes <= mask {
			probes = linearProbes
		}
		for j := uint64(0); j <= uint64(probes); j++ {
			e := &s.table[i+j]
			if e.key == nil {
				// A new key's box is made uncharged: the entry
				// pays for it (Thread.chargeStored).
				if err := t.chargeStored(key); err != nil {
					return err
				}
				if free >= 0 {
					s.table[free] = setEntry{key: key, hash: h}
					s.used++
					return nil
				}
				*e = setEntry{key: key, hash: h}
				s.fill++
				s.used++
				if s.fill*5 < int(mask)*3 {
					return nil
				}
				n := s.used * 4
				if s.used > setResizeLimit {
					n = s.used * 2
				}
				return s.resize(t, n)
			}
			if e.key == setDummy {
				if free < 0 {
					free = int(i + j)
				}
				continue
			}
			if e.hash == h {
				table, start := s.table, e.key
				eq, err := s.keyEqual(t, e.key, key)
				if err != nil {
					return err
				}
				if s.changedBy(table, e, start) {
					goto restart
				}
				if eq {
					return nil
				}
			}
		}
		perturb >>= perturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

// addFast is add for an int, or a str shorter than 64 bytes (hashed
// without a call), where nothing on the way can call Python code, tick,
// fail or grow the table: the key is already there (the same type and
// value), or it takes a free slot that leaves the table below its resize
// threshold and its charge takes chargeNew's fast path. It reports false,
// having changed nothing, where add's general path is needed (an empty
// table, a collision add would compare with __eq__, a resize). The caller
// counts add's step.
func (s *Set) addFast(t *Thread, key Value) bool {
	if s.gen != t.epoch {
		return false
	}
	var h uint64
	switch x := key.(type) {
	case Int:
		h = hashInt64(int64(x))
	case Str:
		if len(x) >= 64 {
			return false
		}
		h = strHash(string(x))
	default:
		return false
	}
	if len(s.table) == 0 {
		return false
	}
	mask := uint64(len(s.table) - 1)
	i := h & mask
	perturb := h
	free := -1
	for {
		probes := 0
		if i+linearProbes <= mask {
			probes = linearProbes
		}
		for j := uint64(0); j <= uint64(probes); j++ {
			e := &s.table[i+j]
			if e.key == nil {
				if free < 0 && (s.fill+1)*5 >= int(mask)*3 {
					return false
				}
				if !t.fastChargeStored(key) {
					return false
				}
				if free >= 0 {
					s.table[free] = setEntry{key: key, hash: h}
					s.used++
					return true
				}
				*e = setEntry{key: key, hash: h}
				s.fill++
				s.used++
				return true
			}
			if e.key == setDummy {
				if free < 0 {
					free = int(i + j)
				}
				continue
			}
			if e.hash == h {
				switch k := e.key.(type) {
				case Int:
					y, ok := key.(Int)
					return ok && y == k
				case Str:
					y, ok := key.(Str)
					if !ok {
						return false
					}
					if y == k {
						return true
					}
				default:
					return false
				}
			}
		}
		perturb >>= perturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

func (s *Set) resize(t *Thread, minUsed int) error {
	if err := t.touchSet(s); err != nil {
		return err
	}
	size := setMinSize
	for size <= minUsed {
		size <<= 1
	}
	old := s.table
	s.table = make([]setEntry, size)
	s.fill = s.used
	mask := uint64(size - 1)
	for _, e := range old {
		if e.key == nil || e.key == setDummy {
			continue
		}
		s.insertClean(e, mask)
	}
	// Charge after growing, as Dict does: add has already inserted the
	// key, and a table left full because its growth was refused would
	// make the next add probe forever.
	if t != nil {
		return t.Charge(arrayBytes(size, unsafe.Sizeof(setEntry{})))
	}
	return nil
}

func (s *Set) insertClean(e setEntry, mask uint64) {
	i := e.hash & mask
	perturb := e.hash
	for {
		if s.table[i].key == nil {
			s.table[i] = e
			return
		}
		if i+linearProbes <= mask {
			for j := uint64(1); j <= linearProbes; j++ {
				if s.table[i+j].key == nil {
					s.table[i+j] = e
					return
				}
			}
		}
		perturb >>= perturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

// Has reports membership.
func (s *Set) Has(t *Thread, v Value) (bool, error) {
	h, err := t.Hash(v)
	if err != nil {
		return false, err
	}
	i, err := s.lookup(t, v, h)
	return i >= 0, err
}

// Delete removes v, reporting whether it was present.
func (s *Set) Delete(t *Thread, v Value) (bool, error) {
	h, err := t.Hash(v)
	if err != nil {
		return false, err
	}
	i, err := s.lookup(t, v, h)
	if err != nil || i < 0 {
		return false, err
	}
	if err := t.touchSet(s); err != nil {
		return false, err
	}
	s.table[i] = setEntry{key: setDummy}
	s.used--
	return true, nil
}

// Clear removes every element.
func (s *Set) Clear() {
	s.table = nil
	s.fill = 0
	s.used = 0
}

// Elems returns the elements in iteration order.
func (s *Set) Elems() []Value {
	out := make([]Value, 0, s.used)
	for _, e := range s.table {
		if e.key != nil && e.key != setDummy {
			out = append(out, e.key)
		}
	}
	return out
}

// Copy returns a new set of the same elements as CPython makes one
// (set(s), s.copy(), s | t): merged into an empty set, whose table is
// sized for the elements, so the order can differ from s's when s's table
// is larger than its elements need.
func (s *Set) Copy() *Set {
	c := &Set{}
	_ = c.merge(nil, s)
	return c
}

// clone returns a set with the very same table (and so the same order).
func (s *Set) clone() *Set {
	return &Set{table: append([]setEntry(nil), s.table...), fill: s.fill, used: s.used}
}

func (s *Set) replace(o *Set) {
	s.table, s.fill, s.used = o.table, o.fill, o.used
}

// merge adds the elements of o like CPython's set_merge: the table is sized
// for both up front, then o's elements are added in o's table order.
func (s *Set) merge(t *Thread, o *Set) error {
	if err := t.touchSet(s); err != nil {
		return err
	}
	mask := len(s.table) - 1
	if len(s.table) == 0 {
		mask = setMinSize - 1
	}
	if (s.fill+o.used)*5 >= mask*3 {
		if err := s.resize(t, (s.used+o.used)*2); err != nil {
			return err
		}
	}
	if s.fill == 0 {
		if len(s.table) == 0 {
			s.table = make([]setEntry, setMinSize)
		}
		if len(s.table) == len(o.table) && o.fill == o.used {
			// Same size and no deleted slots: copy the table as it is.
			copy(s.table, o.table)
			s.fill, s.used = o.fill, o.used
			return nil
		}
		mask := uint64(len(s.table) - 1)
		for _, e := range o.table {
			if e.key != nil && e.key != setDummy {
				s.insertClean(e, mask)
				s.fill++
				s.used++
			}
		}
		return nil
	}
	for _, e := range o.table {
		if e.key != nil && e.key != setDummy {
			if err := s.add(t, e.key, e.hash); err != nil {
				return err
			}
		}
	}
	return nil
}

// setUpdate adds the elements of v to s as CPython's set_update_internal
// does, table sizing included, so that iteration order matches: a set is
// merged; a dict first sizes the table for its keys; anything else (a
// dict view too) is added element by element.
func (t *Thread) setUpdate(s *Set, v Value) error {
	var d *Dict
	switch x := v.(type) {
	case *Set:
		return s.merge(t, x)
	case *Dict:
		d = x
	}
	if d != nil {
		mask := len(s.table) - 1
		if len(s.table) == 0 {
			mask = setMinSize - 1
		}
		if (s.fill+d.Len())*5 >= mask*3 {
			if err := s.resize(t, (s.used+d.Len())*2); err != nil {
				return err
			}
		}
		for _, e := range d.entries {
			if e.key != nil {
				if err := s.add(t, e.key, e.hash); err != nil {
					return err
				}
			}
		}
		return nil
	}
	items, err := t.iterate(v, nil)
	if err != nil {
		return err
	}
	for _, it := range items {
		if err := s.Add(t, it); err != nil {
			return err
		}
	}
	return nil
}
