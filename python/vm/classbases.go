package vm

import (
	"slices"
	"weak"
)

// Assigning a class's __bases__.
//
// CPython lets C.__bases__ = (...) replace the bases of a class when the
// instances it already made keep their memory layout, and recomputes the
// MRO of the class and of every subclass. Which layouts it accepts follows
// from the C structs of the types: a class's size, item size, __dict__ and
// weakref offsets and garbage-collector flag, fixed when the class is
// made. cpyLayout records those numbers (a builtin type's as CPython 3.11
// has them, a class statement's computed as CPython's type_new computes
// them), so the same assignments are accepted and refused, with CPython's
// messages. The interpreter's own representation must agree too (the same
// builtin value inside, the same slots and __dict__): the checks of
// setBases refuse what it could not serve.

// cpyLayout is CPython's layout of a class: its numbers, and for a class
// statement the __slots__ it declared.
type cpyLayout struct {
	basic, item, dict, weak int
	gc, managed             bool
	// slots are the names a class statement's __slots__ declared (sorted,
	// without __dict__ and __weakref__, as CPython's ht_slots); declared
	// says whether it had __slots__ at all.
	slots    []string
	declared bool
	// opaque marks a builtin type this table does not describe (a library
	// type written in C in CPython): a layout of its own.
	opaque bool
}

// builtinLayouts are CPython 3.11's numbers of the builtin types (x86-64):
// __basicsize__, __itemsize__, __dictoffset__, __weakrefoffset__, and
// whether the type is tracked by the garbage collector. An exception not
// listed has its base's.
var builtinLayouts = map[string]cpyLayout{
	"object": {basic: 16}, "int": {basic: 24, item: 4}, "bool": {basic: 32, item: 4},
	"float": {basic: 24}, "complex": {basic: 32}, "str": {basic: 80}, "bytes": {basic: 33, item: 1},
	"bytearray": {basic: 56}, "range": {basic: 48},
	"tuple": {basic: 24, item: 8, gc: true}, "list": {basic: 40, gc: true}, "dict": {basic: 48, gc: true},
	"set": {basic: 200, weak: 192, gc: true}, "frozenset": {basic: 200, weak: 192, gc: true},
	"slice": {basic: 40, gc: true}, "type": {basic: 904, item: 40, dict: 264, weak: 368, gc: true},
	"property": {basic: 64, gc: true}, "staticmethod": {basic: 32, dict: 24, gc: true},
	"classmethod": {basic: 32, dict: 24, gc: true}, "super": {basic: 40, gc: true},
	"enumerate": {basic: 56, gc: true}, "zip": {basic: 48, gc: true}, "map": {basic: 32, gc: true},
	"filter": {basic: 32, gc: true}, "reversed": {basic: 32, gc: true},
	"BaseException": {basic: 72, dict: 16, gc: true}, "AttributeError": {basic: 88, dict: 16, gc: true},
	"BaseExceptionGroup": {basic: 88, dict: 16, gc: true}, "ExceptionGroup": {basic: 96, dict: 16, weak: 88, gc: true},
	"ImportError": {basic: 96, dict: 16, gc: true}, "NameError": {basic: 80, dict: 16, gc: true},
	"OSError": {basic: 112, dict: 16, gc: true}, "StopIteration": {basic: 80, dict: 16, gc: true},
	"SyntaxError": {basic: 136, dict: 16, gc: true}, "SystemExit": {basic: 80, dict: 16, gc: true},
	"UnicodeDecodeError": {basic: 112, dict: 16, gc: true}, "UnicodeEncodeError": {basic: 112, dict: 16, gc: true},
	"UnicodeTranslateError": {basic: 112, dict: 16, gc: true},
}

// layoutOf returns c's CPython layout.
func layoutOf(c *Class) cpyLayout {
	if !c.builtin && c.CName == "" {
		if c.cpy != nil {
			return *c.cpy
		}
		return cpyLayout{opaque: true, gc: true}
	}
	for k := c; k != nil; {
		if l, ok := builtinLayouts[k.Name]; ok && k.Module == "builtins" {
			return l
		}
		if !k.exception || len(k.Bases) == 0 {
			break
		}
		k = k.Bases[0]
	}
	return cpyLayout{opaque: true, gc: true}
}

// tpBase is CPython's tp_base of c: the base whose layout c extends (nil
// for object). A library class written in Python here that CPython writes
// in C (CName set) counts as a builtin type.
func tpBase(c *Class) *Class {
	if !c.builtin && c.CName == "" {
		return c.tpBase
	}
	if len(c.Bases) == 0 {
		return nil
	}
	if !c.builtin {
		return c.tpBase
	}
	return c.Bases[0]
}

// extraIvars is CPython's extra_ivars: whether instances of t hold more
// than those of its solid base b.
func extraIvars(t, b *Class) bool {
	tl, bl := layoutOf(t), layoutOf(b)
	if tl.opaque || bl.opaque {
		return t != b
	}
	ts := tl.basic
	if tl.item != 0 || bl.item != 0 {
		return ts != bl.basic || tl.item != bl.item
	}
	if tl.weak != 0 && bl.weak == 0 && tl.weak+8 == ts && !t.builtin {
		ts -= 8
	}
	return ts != bl.basic
}

// solidBase is CPython's solid_base: the nearest class along the tp_base
// chain whose instances add state.
func solidBase(c *Class) *Class {
	var chain []*Class
	for k := c; k != nil; k = tpBase(k) {
		chain = append(chain, k)
	}
	s := chain[len(chain)-1]
	for i := len(chain) - 2; i >= 0; i-- {
		if extraIvars(chain[i], s) {
			s = chain[i]
		}
	}
	return s
}

// bestBase is CPython's best_base: the base whose layout a class with
// these bases extends.
func bestBase(bases []*Class) (*Class, error) {
	var base, winner *Class
	for _, b := range bases {
		cand := solidBase(b)
		switch {
		case winner == nil:
			winner, base = cand, b
		case winner.IsSubclass(cand):
		case cand.IsSubclass(winner):
			winner, base = cand, b
		default:
			return nil, Errorf(TypeErrorClass, "multiple bases have instance lay-out conflict")
		}
	}
	return base, nil
}

// computeLayout computes the layout of a new class statement's class c
// (its bases set, __slots__ declared as decl says) as CPython's type_new
// does, and c's tp_base.
func computeLayout(c *Class, decl *slotDecl) (*cpyLayout, *Class, error) {
	base, err := bestBase(c.Bases)
	if err != nil {
		return nil, nil, err
	}
	bl := layoutOf(base)
	mayDict := bl.dict == 0
	mayWeak := bl.weak == 0 && bl.item == 0
	l := &cpyLayout{gc: true, item: bl.item, dict: bl.dict, weak: bl.weak, managed: bl.managed, opaque: bl.opaque}
	var addDict, addWeak bool
	nslots := 0
	if decl == nil {
		addDict, addWeak = mayDict, mayWeak
	} else {
		l.declared = true
		l.slots = decl.names
		nslots = len(decl.names)
		addDict, addWeak = decl.dict && mayDict, decl.weak && mayWeak
		// Secondary bases may provide the __dict__ or weakrefs.
		if len(c.Bases) > 1 && (mayDict && !addDict || mayWeak && !addWeak) {
			for _, b := range c.Bases {
				if b == base {
					continue
				}
				ol := layoutOf(b)
				if mayDict && !addDict && ol.dict != 0 {
					addDict = true
				}
				if mayWeak && !addWeak && ol.weak != 0 {
					addWeak = true
				}
			}
		}
	}
	off := bl.basic + 8*nslots
	if addWeak {
		l.weak = off
		off += 8
	}
	if addDict {
		if bl.item == 0 {
			l.managed = true
			l.dict = -off - 24
		} else {
			l.dict = -8
			off += 8
		}
	}
	l.basic = off
	return l, base, nil
}

// compatibleWithBase is CPython's compatible_with_tp_base.
func compatibleWithBase(c *Class) bool {
	p := tpBase(c)
	if p == nil {
		return false
	}
	cl, pl := layoutOf(c), layoutOf(p)
	return !cl.opaque && !pl.opaque && cl.basic == pl.basic && cl.item == pl.item &&
		cl.dict == pl.dict && cl.weak == pl.weak && cl.gc == pl.gc
}

// sameSlotsAdded is CPython's same_slots_added, for a and b of one tp_base.
func sameSlotsAdded(a, b *Class) bool {
	if a.builtin || b.builtin || a.CName != "" || b.CName != "" {
		return false
	}
	al, bl := layoutOf(a), layoutOf(b)
	size := layoutOf(tpBase(a)).basic
	if al.weak == size && bl.weak == size {
		size += 8
	}
	if al.declared && bl.declared {
		if !slices.Equal(al.slots, bl.slots) {
			return false
		}
		size += 8 * len(al.slots)
	}
	return size == al.basic && size == bl.basic
}

// layoutMismatch is CPython's compatible_for_assignment: nil when
// instances laid out for oldto can be given newto, else the TypeError
// for the assignment of attr.
func layoutMismatch(oldto, newto *Class, attr string) error {
	ol, nl := layoutOf(oldto), layoutOf(newto)
	if ol.gc != nl.gc {
		return Errorf(TypeErrorClass, "%s assignment: '%s' deallocator differs from '%s'", attr, newto.MessageName(), oldto.MessageName())
	}
	nb, ob := newto, oldto
	for compatibleWithBase(nb) {
		nb = tpBase(nb)
	}
	for compatibleWithBase(ob) {
		ob = tpBase(ob)
	}
	if nb != ob && (tpBase(nb) != tpBase(ob) || !sameSlotsAdded(nb, ob)) || ol.managed != nl.managed {
		return Errorf(TypeErrorClass, "%s assignment: '%s' object layout differs from '%s'", attr, newto.MessageName(), oldto.MessageName())
	}
	return nil
}

// slotDecl is what a class statement's __slots__ declared.
type slotDecl struct {
	names      []string // sorted, mangled; without __dict__ and __weakref__
	dict, weak bool
}

// addSubclass records c as a subclass of each of its user-defined bases,
// for __bases__ assignment to recompute MROs. The reference is weak: a
// base does not keep its subclasses alive.
func (t *Thread) addSubclass(c *Class) error {
	for _, b := range c.Bases {
		if b.builtin {
			continue
		}
		if len(b.subclasses) == cap(b.subclasses) {
			b.subclasses = slices.DeleteFunc(b.subclasses, func(p weak.Pointer[Class]) bool { return p.Value() == nil })
		}
		if len(b.subclasses) == cap(b.subclasses) {
			if err := t.Charge(int64(8 * max(4, len(b.subclasses)))); err != nil {
				return err
			}
		}
		b.subclasses = append(b.subclasses, weak.Make(c))
	}
	return nil
}

// dropSubclass removes c from b's subclasses.
func dropSubclass(b, c *Class) {
	b.subclasses = slices.DeleteFunc(b.subclasses, func(p weak.Pointer[Class]) bool {
		v := p.Value()
		return v == nil || v == c
	})
}

// setBases is C.__bases__ = v.
func (t *Thread) setBases(c *Class, v Value) error {
	tup, ok := v.(Tuple)
	if !ok {
		return Errorf(TypeErrorClass, "can only assign tuple to %s.__bases__, not %s", c.Name, TypeName(v))
	}
	if len(tup) == 0 {
		return Errorf(TypeErrorClass, "can only assign non-empty tuple to %s.__bases__, not ()", c.Name)
	}
	bases := make([]*Class, len(tup))
	for i, x := range tup {
		b, ok := x.(*Class)
		if !ok {
			return Errorf(TypeErrorClass, "%s.__bases__ must be tuple of classes, not '%s'", c.Name, TypeName(x))
		}
		if b.IsSubclass(c) {
			return Errorf(TypeErrorClass, "a __bases__ item causes an inheritance cycle")
		}
		bases[i] = b
	}
	newBase, err := bestBase(bases)
	if err != nil {
		return err
	}
	oldBase := c.tpBase
	if oldBase == nil || c.cpy == nil {
		return Errorf(TypeErrorClass, "__bases__ assignment: '%s' object layout differs from '%s'", newBase.MessageName(), c.Name)
	}
	if err := layoutMismatch(oldBase, newBase, "__bases__"); err != nil {
		return err
	}
	// The interpreter's representation: instances carry the same builtin
	// value (or are exceptions alike) and the same __dict__ and slots.
	vb, err := valueBase(bases)
	if err != nil {
		return err
	}
	exc := false
	for _, b := range bases {
		exc = exc || b.exception
	}
	if exc != c.exception || !exc && vb != c.base {
		return Errorf(TypeErrorClass, "__bases__ assignment: '%s' object layout differs from '%s'", newBase.MessageName(), oldBase.MessageName())
	}

	// Recompute the MROs of c and of its subclasses, in an order where a
	// class comes after its bases; any failure restores them all.
	affected := []*Class{c}
	seen := map[*Class]bool{c: true}
	for i := 0; i < len(affected); i++ {
		for _, p := range affected[i].subclasses {
			if s := p.Value(); s != nil && !seen[s] {
				seen[s] = true
				affected = append(affected, s)
			}
		}
		if err := t.tick(1); err != nil {
			return err
		}
	}
	order := topoOrder(affected, seen)
	type saved struct {
		bases, mro []*Class
		layout     *slotLayout
		noDict     bool
		base, tp   *Class
	}
	old := make([]saved, len(order))
	for i, k := range order {
		old[i] = saved{k.Bases, k.MRO, k.layout, k.noDict, k.base, k.tpBase}
	}
	restore := func() {
		for i, k := range order {
			s := old[i]
			k.Bases, k.MRO, k.layout, k.noDict, k.base, k.tpBase = s.bases, s.mro, s.layout, s.noDict, s.base, s.tp
		}
	}
	c.Bases, c.tpBase = bases, newBase
	c.base, c.new = vb, vb.new
	for i, k := range order {
		mro, err := computeMRO(k)
		if err == nil {
			err = t.tick(int64(len(mro)))
		}
		if err == nil {
			err = t.Charge(arrayBytes(len(mro), 8))
		}
		if err == nil {
			err = k.relayout()
		}
		if err == nil && k.noDict != old[i].noDict {
			err = Errorf(TypeErrorClass, "__bases__ assignment: '%s' object layout differs from '%s'", newBase.MessageName(), oldBase.MessageName())
		}
		if err != nil {
			restore()
			c.new = c.base.new
			return err
		}
		k.MRO = mro
	}
	for _, b := range old[0].bases {
		if !b.builtin {
			dropSubclass(b, c)
		}
	}
	classChanged()
	return t.addSubclass(c)
}

// topoOrder orders classes (all of them in set) so that each comes after
// those of its bases that are in the set.
func topoOrder(classes []*Class, set map[*Class]bool) []*Class {
	out := make([]*Class, 0, len(classes))
	done := map[*Class]bool{}
	for len(out) < len(classes) {
		n := len(out)
		for _, k := range classes {
			if done[k] {
				continue
			}
			ready := true
			for _, b := range k.Bases {
				if set[b] && !done[b] {
					ready = false
					break
				}
			}
			if ready {
				done[k] = true
				out = append(out, k)
			}
		}
		if len(out) == n {
			// Not reached: bases form no cycle.
			for _, k := range classes {
				if !done[k] {
					done[k] = true
					out = append(out, k)
				}
			}
		}
	}
	return out
}

// valueBase is the builtin class whose instances carry the state of
// instances of a class with these bases (object for plain classes).
func valueBase(bases []*Class) (*Class, error) {
	var base *Class
	for _, b := range bases {
		bb := b.base
		if base == nil || base == ObjectClass {
			base = bb
		} else if bb != ObjectClass && bb != base && !bb.IsSubclass(base) && !base.IsSubclass(bb) {
			return nil, Errorf(TypeErrorClass, "multiple bases have instance lay-out conflict")
		} else if bb.IsSubclass(base) {
			base = bb
		}
	}
	return base, nil
}

// relayout recomputes the slots layout and __dict__ presence of a user
// class from its bases (after __bases__ assignment).
func (c *Class) relayout() error {
	var own []string
	if c.layout != nil && c.layout.owner == c {
		own = c.layout.names
	}
	var l *slotLayout
	for _, b := range c.Bases {
		bl := b.layout
		switch {
		case bl == nil:
		case l == nil || bl.owner.IsSubclass(l.owner):
			l = bl
		case !l.owner.IsSubclass(bl.owner):
			return Errorf(TypeErrorClass, "multiple bases have instance lay-out conflict")
		}
	}
	if own != nil {
		l = &slotLayout{owner: c, parent: l, names: own}
	}
	c.layout = l
	c.noDict = !c.ownDict
	for _, b := range c.Bases {
		if b.builtin && b.exception || !b.builtin && !b.noDict {
			c.noDict = false
		}
	}
	return nil
}
