package vm

import "math/big"

// object's methods that CPython 3.11 gives every value and that dir() lists:
// __dir__, __sizeof__, __getstate__ and the classmethod __subclasshook__. __class__,
// __dict__ and __weakref__ are not entries of the class dicts here (the interpreter
// serves them itself); dirImplicit adds them to dir(). __reduce__ and __reduce_ex__
// stay absent on purpose (hostile/escape_reduce_ex: no pickle protocol to reach).

// initObjectDunders adds object's remaining methods; initObject calls it.
func initObjectDunders() {
	fns := map[string]BuiltinFunc{}
	def := func(name string, fn BuiltinFunc) { fns[name] = fn }
	def("__dir__", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("object.__dir__", args[1:], kw, 0); err != nil {
			return nil, err
		}
		if inst, ok := args[0].(*Instance); ok {
			return t.dirList(objectDirOrder(inst))
		}
		return t.dirList(dirNames(args[0]))
	})
	def("__sizeof__", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("object.__sizeof__", args[1:], kw, 0); err != nil {
			return nil, err
		}
		return Int(int64(objectSizeof(args[0]))), nil
	})
	def("__getstate__", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("object.__getstate__", args[1:], kw, 0); err != nil {
			return nil, err
		}
		return t.objectGetState(args[0])
	})
	// addMethods checks the receiver (object.__dir__() without one).
	addMethods(ObjectClass, fns)
	ObjectClass.Dict.SetStr("__subclasshook__", &ClassMethod{Fn: &Builtin{Name: "__subclasshook__", Self: "object",
		Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) { return NotImplemented, nil }}})
}

// objectSizeof is CPython's object.__sizeof__: the type's basic size, plus its item
// size times the number of items for the variable-sized types (int digits of 30 bits,
// bytes, tuple).
func objectSizeof(v Value) int {
	l := layoutOf(TypeOf(v))
	size := l.basic
	if l.opaque || size == 0 {
		size = 16
	}
	if l.item == 0 {
		return size
	}
	n := 0
	switch x := v.(type) {
	case Int:
		n = (bitLen64(int64(x)) + 29) / 30
	case *big.Int:
		n = (x.BitLen() + 29) / 30
	case Bytes:
		n = len(x)
	case Tuple:
		n = len(x)
	}
	return size + n*l.item
}

func bitLen64(x int64) int {
	if x < 0 {
		x = -x
	}
	n := 0
	for u := uint64(x); u != 0; u >>= 1 {
		n++
	}
	return n
}

// objectGetState is CPython 3.11's object.__getstate__: the instance's __dict__ (None
// when empty or absent), or (dict-or-None, {slot: value}) when slots hold values, the
// slots in the order of the MRO and of each __slots__.
func (t *Thread) objectGetState(v Value) (Value, error) {
	inst, ok := v.(*Instance)
	if !ok {
		return None, nil
	}
	var state Value = None
	if inst.Dict != nil && inst.Dict.Len() > 0 {
		state = inst.Dict
	}
	var slots *Dict
	for l := inst.Class.layout; l != nil; l = l.parent {
		for _, name := range l.names {
			x, err := t.GetAttr(inst, name)
			if err != nil {
				if isAttributeError(err) {
					continue
				}
				return nil, err
			}
			if slots == nil {
				slots = NewDict()
			}
			// Charged as it grows: a class of 100000 slots made 3.3 GB
			// of uncharged state dicts under a 512 MiB limit.
			if err := slots.Set(t, Str(name), x); err != nil {
				return nil, err
			}
		}
	}
	if slots != nil {
		return Tuple{state, slots}, nil
	}
	return state, nil
}

// dirImplicit adds to names what CPython's dir() lists for values of class c that this
// interpreter keeps outside the class dicts: object's __class__, BaseException's
// __dict__, and the __dict__ and __weakref__ a class statement adds when it gives its
// instances a dict or a weakref slot their base lacked (CPython's layout, classbases.go).
func dirImplicit(c *Class, names map[string]bool) {
	names["__class__"] = true
	for _, k := range c.MRO {
		if k == BaseExceptionClass {
			names["__dict__"] = true
		}
		if k.builtin || k.CName != "" || k.cpy == nil {
			continue
		}
		var bl cpyLayout
		if b := tpBase(k); b != nil {
			bl = layoutOf(b)
		}
		if k.cpy.dict != 0 && bl.dict == 0 {
			names["__dict__"] = true
		}
		if k.cpy.weak != 0 && bl.weak == 0 {
			names["__weakref__"] = true
		}
	}
}

// objectDictOrder is the order of CPython 3.11's object.__dict__, which
// object.__dir__ lists as it is (absent names here are skipped).
var objectDictOrder = []string{"__new__", "__repr__", "__hash__", "__str__", "__getattribute__", "__setattr__",
	"__delattr__", "__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__", "__init__", "__reduce_ex__",
	"__reduce__", "__getstate__", "__subclasshook__", "__init_subclass__", "__format__", "__sizeof__", "__dir__",
	"__class__", "__doc__"}

// objectDirOrder is object.__dir__ of an instance in CPython's order, which
// dir() sorts but object.__dir__ does not: the instance's own names, then each
// class's namespace as type() made it (the body, the slots, __dict__ and
// __weakref__ when the class adds them, __doc__ when the body gave none),
// the class first and then its bases in turn, each name where it first
// appears.
func objectDirOrder(inst *Instance) []string {
	var out []string
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	if inst.Dict != nil {
		for _, k := range inst.Dict.Keys() {
			if s, ok := k.(Str); ok {
				add(string(s))
			}
		}
	}
	done := map[*Class]bool{}
	var merge func(c *Class)
	merge = func(c *Class) {
		if done[c] {
			return
		}
		done[c] = true
		switch {
		case c == ObjectClass:
			for _, n := range objectDictOrder {
				if _, ok := c.Dict.GetStr(n); ok || n == "__class__" {
					add(n)
				}
			}
		case c.builtin || c.CName != "" || c.cpy == nil:
			for _, k := range c.Dict.Keys() {
				if s, ok := k.(Str); ok {
					add(string(s))
				}
			}
		default:
			var slots []string
			docAdded := false
			for _, k := range c.Dict.Keys() {
				s, ok := k.(Str)
				if !ok {
					continue
				}
				v, _ := c.Dict.GetStr(string(s))
				if m, isSlot := v.(*SlotMember); isSlot && m.Owner == c {
					slots = append(slots, string(s))
					continue
				}
				if s == "__doc__" && v == None {
					docAdded = true
					continue
				}
				add(string(s))
			}
			for _, n := range slots {
				add(n)
			}
			var bl cpyLayout
			if b := tpBase(c); b != nil {
				bl = layoutOf(b)
			}
			if c.cpy.dict != 0 && bl.dict == 0 {
				add("__dict__")
			}
			if c.cpy.weak != 0 && bl.weak == 0 {
				add("__weakref__")
			}
			if docAdded {
				add("__doc__")
			}
		}
		for _, b := range c.Bases {
			merge(b)
		}
	}
	merge(inst.Class)
	return out
}
