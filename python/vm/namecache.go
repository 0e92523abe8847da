package vm

// Global-name caches.
//
// LOAD_GLOBAL and STORE_GLOBAL (module-level snippet code uses them for
// every variable) would otherwise hash-probe the globals dict, then the
// builtins dict, on every execution. Each code object keeps one cache slot
// per name: the dict the name was found in, that dict's structural version
// and the entry position. While the version is unchanged no key was added
// or removed, so the entry at that position still holds the name and its
// value can be read or written directly.
//
// Code objects are shared by every run of a cached program, possibly on
// several goroutines at once, so a slot holds an immutable record swapped
// atomically; runs with different globals simply replace each other's
// record (a miss costs one ordinary lookup).
type nameCache struct {
	g    *Dict  // the globals the record is valid for
	gver uint64 // g.version when recorded
	// Where the name was found: in g, in the run's builtins overlay o (the
	// host functions), or in the builtins b; a record for o or b also
	// holds the versions that show the name is still absent before them.
	src  *Dict
	o    *Dict
	over uint64
	b    *Dict
	bver uint64
	ix   int32 // entry position in src
}

// findStrIx returns the entry position of a str key, or -1.
func (d *Dict) findStrIx(key string, h uint64) int {
	if d.index == nil {
		for ix := range d.entries {
			e := &d.entries[ix]
			if e.hash == h {
				if strKeyIs(e.key, key) {
					return ix
				}
			}
		}
		return -1
	}
	mask := uint64(len(d.index) - 1)
	i := h & mask
	perturb := h
	for {
		ix := d.index[i]
		if ix == -1 {
			return -1
		}
		e := &d.entries[ix]
		if e.hash == h {
			if strKeyIs(e.key, key) {
				return int(ix)
			}
		}
		perturb >>= 5
		i = (i*5 + 1 + perturb) & mask
	}
}

// loadGlobal looks name i of the code up in g, then in the overlay o of
// host functions (nil when the run has none), then in builtins.
func (t *Thread) loadGlobal(co *CodeObj, g, o, builtins *Dict, i int) (Value, bool) {
	slot := &co.gcache[i]
	if c := slot.Load(); c != nil && c.g == g && c.gver == g.version {
		if c.src == g {
			return g.entries[c.ix].value, true
		}
		if c.o == o && (o == nil || c.over == o.version) {
			if c.src == o {
				return o.entries[c.ix].value, true
			}
			if c.b == builtins && c.bver == builtins.version {
				return builtins.entries[c.ix].value, true
			}
		}
	}
	name, h := co.Names[i], co.NameHashes[i]
	t.noteCached(co)
	if ix := g.findStrIx(name, h); ix >= 0 {
		slot.Store(&nameCache{g: g, gver: g.version, src: g, ix: int32(ix)})
		return g.entries[ix].value, true
	}
	rec := &nameCache{g: g, gver: g.version, o: o}
	if o != nil {
		rec.over = o.version
		if ix := o.findStrIx(name, h); ix >= 0 {
			rec.src, rec.ix = o, int32(ix)
			slot.Store(rec)
			return o.entries[ix].value, true
		}
	}
	if ix := builtins.findStrIx(name, h); ix >= 0 {
		rec.src, rec.ix, rec.b, rec.bver = builtins, int32(ix), builtins, builtins.version
		slot.Store(rec)
		return builtins.entries[ix].value, true
	}
	return nil, false
}

// storeGlobal binds name i of the code in g.
func (t *Thread) storeGlobal(co *CodeObj, g *Dict, i int, v Value) error {
	if err := t.touchDict(g); err != nil {
		return err
	}
	slot := &co.gcache[i]
	if c := slot.Load(); c != nil && c.g == g && c.gver == g.version && c.src == g {
		g.entries[c.ix].value = v
		return nil
	}
	name, h := co.Names[i], co.NameHashes[i]
	g.setStrKH(name, co.NameKeys[i], h, v)
	if ix := g.findStrIx(name, h); ix >= 0 {
		t.noteCached(co)
		slot.Store(&nameCache{g: g, gver: g.version, src: g, ix: int32(ix)})
	}
	return nil
}

// getStrOrNil is d.getStrH, with a nil d empty.
func getStrOrNil(d *Dict, key string, h uint64) (Value, bool) {
	if d == nil {
		return nil, false
	}
	return d.getStrH(key, h)
}

// forgetRuns clears co's cache records that refer to a run's values: every
// global-name record (it holds the run's globals), and every attribute
// record that names a class other than a builtin one. A concurrent run of
// the same code loses its records too, which costs it one lookup each.
func (co *CodeObj) forgetRuns() {
	for i := range co.gcache {
		if co.gcache[i].Load() != nil {
			co.gcache[i].Store(nil)
		}
	}
	for i := range co.acache {
		r := co.acache[i].Load()
		if r == nil {
			continue
		}
		for _, w := range r.ways[:r.n] {
			if !w.cls.builtin {
				co.acache[i].CompareAndSwap(r, nil)
				break
			}
		}
	}
}
