package vm

import (
	"math/bits"
	"unsafe"
)

// Dict is an insertion-ordered hash map, as CPython's compact dict: entries
// in insertion order plus an open-addressing index. A dict of at most
// smallDict entries has no index: a scan comparing stored hashes is as fast
// and saves an allocation per small dict (most instance namespaces and
// JSON records). It backs dict values,
// instance and class namespaces and module globals.
type Dict struct {
	entries []dictEntry
	index   []int32 // -1 empty; otherwise an entries position; nil while small
	live    int
	version uint64 // bumped on structural change (insert/delete)
	// class marks the namespace of a class: any change to it invalidates
	// the attribute caches (attrcache.go).
	class bool
	// trail counts deleted entries known to end entries (popitem's last
	// ones), which popitem need not scan again; any append resets it.
	trail int
	// gen is the epoch of the journal that saved the dict last, or of the
	// run that made it (journal.go).
	gen uint64
}

type dictEntry struct {
	key, value Value // key nil: deleted
	hash       uint64
}

// NewDict returns an empty dict. (A run makes its own with Thread.newDict,
// which saves it nothing to fill.)
func NewDict() *Dict { return &Dict{} }

// NewDictSize returns an empty dict with room for n entries.
func NewDictSize(n int) *Dict {
	d := &Dict{}
	if n > 0 {
		d.entries = make([]dictEntry, 0, n)
		if n > smallDict {
			d.rebuild(n)
		}
	}
	return d
}

// smallDict is the most entries (live or deleted) a dict holds without an
// index.
const smallDict = 8

// Len returns the number of items.
func (d *Dict) Len() int { return d.live }

func (d *Dict) rebuild(n int) {
	size := 8
	for size*2 < (n+1)*3 {
		size *= 2
	}
	if d.live != len(d.entries) {
		j := 0
		for _, e := range d.entries {
			if e.key != nil {
				d.entries[j] = e
				j++
			}
		}
		for k := j; k < len(d.entries); k++ {
			d.entries[k] = dictEntry{}
		}
		d.entries = d.entries[:j]
	}
	d.trail = 0
	d.index = make([]int32, size)
	for i := range d.index {
		d.index[i] = -1
	}
	mask := uint64(size - 1)
	for ei, e := range d.entries {
		i := e.hash & mask
		perturb := e.hash
		for d.index[i] != -1 {
			perturb >>= 5
			i = (i*5 + 1 + perturb) & mask
		}
		d.index[i] = int32(ei)
	}
}

// strHash is the hash of a str: the same in every run, which keeps the
// iteration order of sets of strings deterministic. It reads eight bytes at
// a time and folds each word into the state with a 64x64->128-bit multiply
// (the high and low halves xored), which mixes every input bit into the low
// bits the index probes with; a byte-at-a-time hash was a multiply per
// byte, a serial chain that made hashing the commonest dict key cost more
// than the lookup.
func strHash(s string) uint64 {
	const k0, k1 = 0x9e3779b97f4a7c15, 0xd6e8feb86659fd93
	h := uint64(len(s)) ^ k0
	for len(s) > 8 {
		h = foldMul(h^le64(s), k1)
		s = s[8:]
	}
	// The last one to eight bytes, as one word (overlapping loads).
	var w uint64
	switch n := len(s); {
	case n >= 4:
		w = uint64(le32(s)) | uint64(le32(s[n-4:]))<<32
	case n > 0:
		w = uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16
	}
	h = foldMul(foldMul(h^w, k1), k0)
	if h == ^uint64(0) {
		h--
	}
	return h
}

// foldMul is the 128-bit product of a and b, its high and low halves xored.
func foldMul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// le64 and le32 read the first eight and four bytes of s, little-endian.
func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func le32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// strKeyIs reports whether the dict key k is the str key: by the address
// of its bytes first (the names of a program's code objects are one copy
// each, so an attribute stored by one method and read by another is the
// same string), then by its bytes.
func strKeyIs(k Value, key string) bool {
	s, ok := k.(Str)
	return ok && len(s) == len(key) && (unsafe.StringData(string(s)) == unsafe.StringData(key) || string(s) == key)
}

// find returns the index slot and entry position of key, or -1.
//
// A key's __eq__ may change the dict (clear it, add keys until the index
// is rebuilt): what the lookup had read of it is stale then, so it starts
// over, as CPython's lookup does.
func (d *Dict) find(t *Thread, key Value, h uint64) (int, int, error) {
restart:
	if d.index == nil {
		ks, isStr := key.(Str)
		for ix := range d.entries {
			e := &d.entries[ix]
			if e.key == nil || e.hash != h {
				continue
			}
			if isStr {
				if s, ok := e.key.(Str); ok {
					if s == ks {
						return -1, ix, nil
					}
					continue
				}
			}
			if Is(e.key, key) {
				return -1, ix, nil
			}
			if err := t.tickCollision(); err != nil {
				return 0, -1, err
			}
			version := d.version
			eq, err := t.Equal(e.key, key)
			if err != nil {
				return 0, -1, err
			}
			if d.version != version {
				goto restart
			}
			if eq {
				return -1, ix, nil
			}
		}
		return -1, -1, nil
	}
	mask := uint64(len(d.index) - 1)
	i := h & mask
	perturb := h
	ks, isStr := key.(Str)
	for {
		ix := d.index[i]
		if ix == -1 {
			return int(i), -1, nil
		}
		e := &d.entries[ix]
		if e.key != nil && e.hash == h {
			if isStr {
				if s, ok := e.key.(Str); ok {
					if s == ks {
						return int(i), int(ix), nil
					}
					goto next
				}
			}
			if Is(e.key, key) {
				return int(i), int(ix), nil
			}
			if err := t.tickCollision(); err != nil {
				return 0, -1, err
			}
			version := d.version
			eq, err := t.Equal(e.key, key)
			if err != nil {
				return 0, -1, err
			}
			if d.version != version {
				goto restart
			}
			if eq {
				return int(i), int(ix), nil
			}
		}
	next:
		perturb >>= 5
		i = (i*5 + 1 + perturb) & mask
	}
}

// Get looks up key.
func (d *Dict) Get(t *Thread, key Value) (Value, bool, error) {
	h, err := t.Hash(key)
	if err != nil {
		return nil, false, err
	}
	_, ix, err := d.find(t, key, h)
	if err != nil || ix < 0 {
		return nil, false, err
	}
	return d.entries[ix].value, true, nil
}

// GetStr looks up a str key; it never calls Python code.
func (d *Dict) GetStr(key string) (Value, bool) {
	return d.getStrH(key, strHash(key))
}

// getStrH is GetStr with the key's hash precomputed.
func (d *Dict) getStrH(key string, h uint64) (Value, bool) {
	if d.index == nil {
		for ix := range d.entries {
			e := &d.entries[ix]
			if e.hash == h {
				if strKeyIs(e.key, key) {
					return e.value, true
				}
			}
		}
		return nil, false
	}
	mask := uint64(len(d.index) - 1)
	i := h & mask
	perturb := h
	for {
		ix := d.index[i]
		if ix == -1 {
			return nil, false
		}
		e := &d.entries[ix]
		if e.hash == h {
			if strKeyIs(e.key, key) {
				return e.value, true
			}
		}
		perturb >>= 5
		i = (i*5 + 1 + perturb) & mask
	}
}

// HasStr reports whether a str key is present.
func (d *Dict) HasStr(key string) bool {
	_, ok := d.GetStr(key)
	return ok
}

// SetStr sets a str key; it never calls Python code.
func (d *Dict) SetStr(key string, v Value) {
	d.setStrH(key, strHash(key), v)
}

// setStrH sets a str key with its hash precomputed, boxing the key only
// when it is new.
func (d *Dict) setStrH(key string, h uint64, v Value) {
	d.setStrKH(key, nil, h, v)
}

// setStrKH is setStrH with the key already boxed as kv (a Str of key) when
// kv is not nil: a code object's names are boxed once (CodeObj.NameKeys),
// so an instance's first store of an attribute does not allocate its key.
func (d *Dict) setStrKH(key string, kv Value, h uint64, v Value) {
	if d.index == nil {
		for ix := range d.entries {
			e := &d.entries[ix]
			if e.hash == h {
				if strKeyIs(e.key, key) {
					e.value = v
					if d.class {
						classChanged()
					}
					return
				}
			}
		}
	} else {
		mask := uint64(len(d.index) - 1)
		i := h & mask
		perturb := h
		for {
			ix := d.index[i]
			if ix == -1 {
				break
			}
			e := &d.entries[ix]
			if e.hash == h {
				if strKeyIs(e.key, key) {
					e.value = v
					if d.class {
						classChanged()
					}
					return
				}
			}
			perturb >>= 5
			i = (i*5 + 1 + perturb) & mask
		}
	}
	if kv == nil {
		kv = Str(key)
	}
	_ = d.set(nil, kv, h, v)
}

// setStrT is setStrH for a run: the arrays the insertion grows are
// charged to t.
func (d *Dict) setStrT(t *Thread, key string, kv Value, h uint64, v Value) error {
	if err := t.touchDict(d); err != nil {
		return err
	}
	c, n, live := cap(d.entries), len(d.index), d.live
	d.setStrKH(key, kv, h, v)
	if len(d.index) == n {
		n = 0
	} else {
		n = len(d.index)
	}
	if err := d.chargeGrowth(t, c, n); err != nil || t == nil {
		return err
	}
	if kv == nil && d.live > live {
		// A new entry's key boxed here, as set charges a new key: a name
		// setattr() or ** was given may be made per entry (a code
		// object's names come boxed, kv, and shared).
		if err := t.chargeNew(strStoredBytes[min(len(key), strOneBlockMax+1)]); err != nil {
			return err
		}
	}
	// The value, as set charges it: an attribute or keyword's str made
	// by a concatenation or a format is charged nowhere else
	// (setattr(o, 'a', s + str(i)) or an itertools subclass's c.a = ...
	// kept 906-byte strs uncharged: 3 GB under a 512 MiB limit).
	return t.chargeStored(v)
}

// Set sets key to v.
func (d *Dict) Set(t *Thread, key, v Value) error {
	h, err := t.Hash(key)
	if err != nil {
		return err
	}
	return d.set(t, key, h, v)
}

// chargeGrowth charges the arrays an insertion made: a new entries array
// (when its capacity changed from c) and a new index of n slots.
func (d *Dict) chargeGrowth(t *Thread, c, n int) error {
	if t == nil || (cap(d.entries) == c && n == 0) {
		return nil
	}
	size := arrayBytes(n, 4)
	if cap(d.entries) != c {
		size += arrayBytes(cap(d.entries), unsafe.Sizeof(dictEntry{}))
	}
	return t.chargeNew(size)
}

func (d *Dict) set(t *Thread, key Value, h uint64, v Value) error {
	if err := t.touchDict(d); err != nil {
		return err
	}
	if d.class {
		classChanged()
	}
	// An insertion (hash, probe, compare, append) is a step: builtins
	// that fill a dict from a long input (dict.fromkeys, update, json)
	// count their work this way.
	if t != nil {
		if err := t.tick(1); err != nil {
			return err
		}
	}
	slot, ix, err := d.find(t, key, h)
	if err != nil {
		return err
	}
	if ix >= 0 {
		d.entries[ix].value = v
		return t.chargeStored(v)
	}
	// A new entry's value and key are charged as stored values are: a
	// number's box (range's ints as dict.fromkeys keys) and a str up to
	// one block are made uncharged. A str key is often a constant shared
	// by every record, charged again for each (an overcount, which only
	// makes a run near its limit measure sooner); one made per entry was
	// left to the entries array, 40 bytes an entry: a dict of 1 KB keys
	// a + str(i) held 422 MiB under a 64 MiB limit.
	if err := t.chargeStored(key); err != nil {
		return err
	}
	if err := t.chargeStored(v); err != nil {
		return err
	}
	d.trail = 0
	c := cap(d.entries)
	if d.index == nil && len(d.entries) < smallDict {
		if d.entries == nil {
			d.entries = make([]dictEntry, 0, 4)
		}
		d.entries = append(d.entries, dictEntry{key: key, value: v, hash: h})
		d.live++
		d.version++
		return d.chargeGrowth(t, c, 0)
	}
	if d.index == nil || (len(d.entries)+1)*3 > len(d.index)*2 {
		d.entries = appendEntry(d.entries, dictEntry{key: key, value: v, hash: h})
		d.live++
		d.version++
		n := len(d.index)
		d.rebuild(d.live)
		if len(d.index) != n {
			return d.chargeGrowth(t, c, len(d.index))
		}
		return d.chargeGrowth(t, c, 0)
	}
	d.index[slot] = int32(len(d.entries))
	d.entries = appendEntry(d.entries, dictEntry{key: key, value: v, hash: h})
	d.live++
	d.version++
	return d.chargeGrowth(t, c, 0)
}

// setFast is set for an int key, or a str key shorter than 64 bytes
// (hashed without a call), where findFast finds the key or its place and
// nothing on the way can call Python code, tick, fail or grow the arrays:
// the key is already there, or a new entry fits the entries array (and
// the index's load limit, or the at most smallDict entries of a dict
// without one), and the charges take chargeNew's fast path. It reports
// false, having changed nothing, where set's general path is needed (a
// collision set would compare with __eq__, a class's dict, growth). The
// caller counts set's step.
func (d *Dict) setFast(t *Thread, key, v Value) bool {
	if d.class || d.gen != t.epoch {
		return false
	}
	h, ix, slot, ok := d.findFast(key)
	if !ok {
		return false
	}
	if ix >= 0 {
		if !t.fastChargeStored(v) {
			return false
		}
		d.entries[ix].value = v
		return true
	}
	if len(d.entries) == cap(d.entries) {
		return false
	}
	if d.index == nil {
		if len(d.entries) >= smallDict {
			return false
		}
	} else if (len(d.entries)+1)*3 > len(d.index)*2 {
		return false
	}
	nk := storedBytes(key) // charged as set charges a new key
	nv := storedBytes(v)
	if m := t.mem + nk + nv; m > t.limits.MaxMemoryBytes || nk >= AllocBytesPerStep || nv >= AllocBytesPerStep {
		return false
	}
	t.mem += nk + nv
	d.trail = 0
	if d.index != nil {
		d.index[slot] = int32(len(d.entries))
	}
	d.entries = append(d.entries, dictEntry{key: key, value: v, hash: h})
	d.live++
	d.version++
	return true
}

// getFast is Get where findFast decides the lookup: the value (nil:
// absent), its entry's position and true, or false where Get's general
// path is needed.
func (d *Dict) getFast(key Value) (Value, int, bool) {
	_, ix, _, ok := d.findFast(key)
	if !ok || ix < 0 {
		return nil, -1, ok
	}
	return d.entries[ix].value, ix, true
}

// findFast is find for an int key, or a str key shorter than 64 bytes
// (hashed without a call or a step), where the lookup compares no key
// with __eq__ and counts no collision's step: a stored key of the same
// hash is the key itself or, for a str key, another str. It returns the
// key's hash, its entry's position (-1: absent) and the index slot an
// insertion would take (in a dict with an index), or ok false where
// find's general path is needed.
func (d *Dict) findFast(key Value) (h uint64, ix int, slot uint64, ok bool) {
	switch x := key.(type) {
	case Int:
		h = hashInt64(int64(x))
	case Str:
		if len(x) >= 64 {
			return 0, -1, 0, false
		}
		h = strHash(string(x))
	default:
		return 0, -1, 0, false
	}
	if d.index == nil {
		for ix := range d.entries {
			if c := &d.entries[ix]; c.key != nil && c.hash == h {
				switch fastKeyMatch(c.key, key) {
				case 1:
					return h, ix, 0, true
				case -1:
					return 0, -1, 0, false
				}
			}
		}
		return h, -1, 0, true
	}
	mask := uint64(len(d.index) - 1)
	i := h & mask
	perturb := h
	for {
		ix := d.index[i]
		if ix == -1 {
			return h, -1, i, true
		}
		if c := &d.entries[ix]; c.key != nil && c.hash == h {
			switch fastKeyMatch(c.key, key) {
			case 1:
				return h, int(ix), 0, true
			case -1:
				return 0, -1, 0, false
			}
		}
		perturb >>= 5
		i = (i*5 + 1 + perturb) & mask
	}
}

// fastKeyMatch compares a stored key of the same hash with key, a str or
// an int: 1 for the key itself, 0 for another str (find passes it by
// without a step), -1 for anything else (find counts a collision's step
// and compares with __eq__).
func fastKeyMatch(stored, key Value) int {
	switch k := stored.(type) {
	case Str:
		if y, ok := key.(Str); ok {
			if y == k {
				return 1
			}
			return 0
		}
	case Int:
		if y, ok := key.(Int); ok && y == k {
			return 1
		}
	}
	return -1
}

// appendEntry appends e to es, doubling a full array: append grows a large
// slice by a quarter at a time, so a dict filled one key at a time (a dict
// comprehension, json) copied its entries about four times over instead
// of once. The growth is charged as any (chargeGrowth charges the array's
// capacity).
func appendEntry(es []dictEntry, e dictEntry) []dictEntry {
	if len(es) == cap(es) && cap(es) >= 256 {
		n := make([]dictEntry, len(es), 2*cap(es))
		copy(n, es)
		es = n
	}
	return append(es, e)
}

// Delete removes key, reporting whether it was present.
func (d *Dict) Delete(t *Thread, key Value) (Value, bool, error) {
	h, err := t.Hash(key)
	if err != nil {
		return nil, false, err
	}
	_, ix, err := d.find(t, key, h)
	if err != nil || ix < 0 {
		return nil, false, err
	}
	if err := t.touchDict(d); err != nil {
		return nil, false, err
	}
	old := d.entries[ix].value
	d.entries[ix] = dictEntry{hash: d.entries[ix].hash}
	d.live--
	d.version++
	if d.class {
		classChanged()
	}
	if d.live == 0 {
		d.entries = d.entries[:0]
		d.index = nil
	}
	return old, true, nil
}

// DeleteStr removes a str key.
func (d *Dict) DeleteStr(key string) bool {
	_, ok, _ := d.Delete(nil, Str(key))
	return ok
}

// Clear removes every item.
func (d *Dict) Clear() {
	d.entries = nil
	d.index = nil
	d.live = 0
	d.version++
	if d.class {
		classChanged()
	}
}

// Keys returns the keys in insertion order.
func (d *Dict) Keys() []Value {
	out := make([]Value, 0, d.live)
	for _, e := range d.entries {
		if e.key != nil {
			out = append(out, e.key)
		}
	}
	return out
}

// Items returns the items in insertion order.
func (d *Dict) Items() [][2]Value {
	out := make([][2]Value, 0, d.live)
	for _, e := range d.entries {
		if e.key != nil {
			out = append(out, [2]Value{e.key, e.value})
		}
	}
	return out
}

// Copy returns a shallow copy.
func (d *Dict) Copy() *Dict {
	c := &Dict{live: d.live}
	if d.live == len(d.entries) {
		c.entries = append([]dictEntry(nil), d.entries...)
		c.index = append([]int32(nil), d.index...)
		return c
	}
	c.entries = make([]dictEntry, 0, d.live)
	for _, e := range d.entries {
		if e.key != nil {
			c.entries = append(c.entries, e)
		}
	}
	c.rebuild(c.live)
	return c
}

// entryAt returns the i-th raw entry for iteration; ok is false past the
// end. Deleted entries have a nil key.
func (d *Dict) entryAt(i int) (dictEntry, bool) {
	if i >= len(d.entries) {
		return dictEntry{}, false
	}
	return d.entries[i], true
}
