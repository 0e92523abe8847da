package vm

import "sync/atomic"

// Attribute caches.
//
// An attribute of an instance (self.x, obj.method()) is looked up along
// the class's MRO: one namespace probe per class, twice when the class's
// __getattribute__ must be checked first. The answer depends only on the
// class and the contents of the class namespaces, so each LOAD_ATTR,
// LOAD_METHOD and STORE_ATTR instruction remembers it for the last class
// seen. classEpoch counts changes to any class namespace (Dict.class); a
// remembered answer is used only while the epoch is unchanged, so setting
// a class attribute, defining a class or decorating one simply starts the
// caches afresh.
//
// Code objects are shared between runs and goroutines: a cache slot holds
// an immutable record swapped atomically, like the global-name caches.
var classEpoch atomic.Uint64

func classChanged() { classEpoch.Add(1) }

// What an attribute name resolves to on a class, for the fast paths.
const (
	attrSlow     uint8 = iota // anything else: take the general path
	attrDictOnly              // no class attribute: the instance dict or the general path
	attrMethod                // a plain function: the instance dict shadows it, else bind it
	attrProperty              // a property with a getter (a data descriptor)
	attrGetter                // attrProperty whose getter fastRun calls as a plain call
	attrStore                 // STORE_ATTR: write the instance dict
)

// attrCache remembers the resolution for up to attrWays classes (a site
// like shape.area() sees a few classes in turn; remembering one would miss
// every time).
type attrCache struct {
	epoch uint64
	n     int
	ways  [attrWays]attrWay
}

const attrWays = 4

type attrWay struct {
	cls  *Class
	kind uint8
	attr Value
}

// attrSlot returns the cache slot of instruction ip.
func (co *CodeObj) attrSlot(ip int) *atomic.Pointer[attrCache] {
	return &co.acache[ip]
}

// classifyLoad decides how LOAD_ATTR/LOAD_METHOD of name resolves on
// instances of c.
func classifyLoad(c *Class, name string, h uint64) (uint8, Value) {
	if ga := c.lookupH("__getattribute__", hashGetattribute); ga != nil {
		if b, ok := ga.(*Builtin); !ok || b.Self != "object" {
			return attrSlow, nil
		}
	}
	if c.base != nil && c.base != ObjectClass && !c.exception {
		// Instances carrying a builtin value resolve builtin methods
		// against it: leave them to the general path.
		return attrSlow, nil
	}
	switch a := c.lookupH(name, h).(type) {
	case nil:
		return attrDictOnly, nil
	case *Function:
		return attrMethod, a
	case *Property:
		if a.Get == nil {
			break
		}
		// A getter that binds self alone, on a class without
		// __getattr__ (which an AttributeError from the getter would
		// call): fastRun pushes its frame as a plain call's.
		if fn, ok := a.Get.(*Function); ok && fn.Code.plain && fn.Code.ArgCount == 1 && c.lookupH("__getattr__", hashGetattr) == nil {
			return attrGetter, a
		}
		return attrProperty, a
	}
	return attrSlow, nil
}

// classifyStore decides how STORE_ATTR of name resolves on instances of c.
func classifyStore(c *Class, name string, h uint64) uint8 {
	if sa := c.lookupH("__setattr__", hashSetattr); sa != nil {
		if b, ok := sa.(*Builtin); !ok || b.Self != "object" {
			return attrSlow
		}
	}
	if c == ObjectClass || c.exception || c.noDict || name == "__class__" {
		return attrSlow
	}
	switch a := c.lookupH(name, h).(type) {
	case *Property, *SlotMember, *GetSetDescriptor:
		return attrSlow
	case *Instance:
		if a.Class.Lookup("__set__") != nil {
			return attrSlow
		}
	}
	return attrStore
}

// lookupCached returns the resolution for instances of c at slot,
// classifying and recording it on a miss.
func (t *Thread) lookupCached(co *CodeObj, ip int, c *Class, name string, h uint64, store bool) *attrWay {
	slot := co.attrSlot(ip)
	ep := classEpoch.Load()
	old := slot.Load()
	if old != nil && old.epoch == ep {
		for i := range old.n {
			if w := &old.ways[i]; w.cls == c {
				return w
			}
		}
	}
	w := attrWay{cls: c}
	if store {
		w.kind = classifyStore(c, name, h)
	} else {
		w.kind, w.attr = classifyLoad(c, name, h)
	}
	r := &attrCache{epoch: ep}
	if old != nil && old.epoch == ep {
		// Keep the other classes; the oldest goes when all ways are used.
		keep := old.ways[:old.n]
		if len(keep) == attrWays {
			keep = keep[1:]
		}
		r.n = copy(r.ways[:], keep)
	}
	r.ways[r.n] = w
	r.n++
	t.noteCached(co)
	slot.Store(r)
	return &r.ways[r.n-1]
}

// loadAttrCached is LOAD_ATTR on an instance; ok is false when the general
// path must answer.
func (t *Thread) loadAttrCached(co *CodeObj, ip int, o *Instance, arg int) (Value, bool, error) {
	name, h := co.Names[arg], co.NameHashes[arg]
	r := t.lookupCached(co, ip, o.Class, name, h, false)
	switch r.kind {
	case attrDictOnly:
		if o.Dict != nil {
			if v, ok := o.Dict.getStrH(name, h); ok {
				return v, true, nil
			}
		}
	case attrMethod:
		if o.Dict != nil {
			if v, ok := o.Dict.getStrH(name, h); ok {
				return v, true, nil
			}
		}
		return &BoundMethod{Self: o, Fn: r.attr}, true, nil
	case attrProperty, attrGetter:
		get := r.attr.(*Property).Get
		var v Value
		var err error
		done := false
		if fn, ok := get.(*Function); ok {
			v, done, err = t.callPlainSelf(fn, o, nil)
		}
		if !done {
			v, err = t.Call(get, Tuple{o}, nil)
		}
		if err != nil {
			v, err = t.getattrFallback(o, name, err)
		}
		return v, true, err
	}
	return nil, false, nil
}

// loadMethodCached is LOAD_METHOD on an instance: the function and self
// without a bound-method object.
func (t *Thread) loadMethodCached(co *CodeObj, ip int, o *Instance, arg int) (Value, Value, bool) {
	name, h := co.Names[arg], co.NameHashes[arg]
	r := t.lookupCached(co, ip, o.Class, name, h, false)
	switch r.kind {
	case attrMethod:
		if o.Dict != nil {
			if v, ok := o.Dict.getStrH(name, h); ok {
				return v, null, true
			}
		}
		return r.attr, o, true
	case attrDictOnly:
		if o.Dict != nil {
			if v, ok := o.Dict.getStrH(name, h); ok {
				return v, null, true
			}
		}
	}
	return nil, nil, false
}

// builtinMethodCached is LOAD_METHOD on a value of a builtin type (str,
// list, dict, ...): the method found on its class, or nil. Builtin classes
// never change, but the record is still tied to the epoch like the others.
func builtinMethodCached(co *CodeObj, ip int, cls *Class, arg int) Value {
	if old := co.attrSlot(ip).Load(); old != nil && old.epoch == classEpoch.Load() {
		for i := range old.n {
			if w := &old.ways[i]; w.cls == cls {
				return w.attr
			}
		}
	}
	return builtinMethodMiss(co, ip, cls, arg)
}

// builtinMethodFirst is builtinMethodCached's first way, small enough to
// be inlined in fastRun: the method when the record's first way is cls's
// and current, else nil (builtinMethodCached then decides).
func builtinMethodFirst(co *CodeObj, ip int, cls *Class) Value {
	if r := co.acache[ip].Load(); r != nil && r.ways[0].cls == cls && r.epoch == classEpoch.Load() {
		return r.ways[0].attr
	}
	return nil
}

// builtinMethodMiss is builtinMethodCached without a record for cls: the
// method looked up and recorded.
func builtinMethodMiss(co *CodeObj, ip int, cls *Class, arg int) Value {
	name, h := co.Names[arg], co.NameHashes[arg]
	slot := co.attrSlot(ip)
	ep := classEpoch.Load()
	var m Value
	if b, ok := cls.lookupH(name, h).(*Builtin); ok {
		m = b
	}
	r := &attrCache{epoch: ep, n: 1}
	r.ways[0] = attrWay{cls: cls, kind: attrMethod, attr: m}
	slot.Store(r)
	return m
}

// storeAttrFast is storeAttrCached where the store can neither fail nor
// grow the instance's dict: the attribute is there already (its value
// replaced, as setStrKH replaces it), or a new entry fits the entries
// array and the index's load limit (or the smallDict entries of a dict
// without one), so chargeGrowth has nothing to charge. It reports false,
// having stored nothing, where storeAttrCached or the general path must
// do it.
func (t *Thread) storeAttrFast(co *CodeObj, ip int, o *Instance, arg int, v Value) bool {
	d := o.Dict
	if d == nil || d.gen != t.epoch {
		return false
	}
	name, h := co.Names[arg], co.NameHashes[arg]
	if t.lookupCached(co, ip, o.Class, name, h, true).kind != attrStore {
		return false
	}
	ix := d.findStrIx(name, h)
	n := len(d.entries)
	if ix < 0 && (n == cap(d.entries) || d.index == nil && n >= smallDict || d.index != nil && (n+1)*3 > len(d.index)*2) {
		return false
	}
	// The value's charge, as setStrT charges it (a number's box, a short
	// str made uncharged): where it would poll or fail, eval's store.
	if !t.fastChargeStored(v) {
		return false
	}
	if ix >= 0 {
		d.entries[ix].value = v
		if d.class {
			classChanged()
		}
		return true
	}
	_ = d.set(nil, co.NameKeys[arg], h, v)
	if d.live > int(o.Class.attrHint.Load()) {
		noteInstanceSize(o.Class, d.live)
	}
	return true
}

// storeAttrCached is STORE_ATTR on an instance; false when the general
// path must do it. The error is a MemoryError charging the dict's growth.
func storeAttrCached(t *Thread, co *CodeObj, ip int, o *Instance, arg int, v Value) (bool, error) {
	name, h := co.Names[arg], co.NameHashes[arg]
	r := t.lookupCached(co, ip, o.Class, name, h, true)
	if r.kind != attrStore {
		return false, nil
	}
	if o.Dict == nil {
		if err := t.touchInstance(o); err != nil {
			return true, err
		}
		o.Dict = newInstanceDict(o.Class)
		o.Dict.gen = t.epoch
	}
	n := o.Dict.live
	err := o.Dict.setStrT(t, name, co.NameKeys[arg], h, v)
	if o.Dict.live > n && o.Dict.live > int(o.Class.attrHint.Load()) {
		noteInstanceSize(o.Class, o.Dict.live)
	}
	// setStrT charged the value, as SetAttr's general path does.
	return true, err
}
