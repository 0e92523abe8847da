package vm

import "unicode/utf8"

const (
	iterTuple uint8 = iota
	iterStr
	iterBytes
	iterRange
	iterDict
	iterFunc
	iterSet
)

// ListIter is a list's iterator (list_iterator): the list and the index
// of its next item, 16 bytes. A type of its own rather than a kind of
// Iter, whose fields for every other kind make it 160: a comprehension or
// a for loop over a list makes one each time it starts, and at Iter's
// size the allocation was most of a short comprehension's garbage.
type ListIter struct {
	list *List
	i    int
}

// next is the list's next item; ok is false once the iterator is
// exhausted, for good: a list grown afterwards yields no more, as
// CPython's list_iterator drops its list.
func (it *ListIter) next() (Value, bool) {
	if it.i < len(it.list.Items) {
		v := it.list.Items[it.i]
		it.i++
		return v, true
	}
	it.i = 1 << 62
	return nil, false
}

// Iter is a builtin iterator.
type Iter struct {
	// kind and dview side by side: the struct is 160 bytes (a size
	// class) instead of 168, which the allocator rounds to 176.
	kind    uint8
	dview   uint8
	tup     Tuple
	str     string
	i       int
	start   int64
	step    int64
	n       int64
	dict    *Dict
	set     *Set
	version uint64
	live    int
	fn      func(t *Thread) (Value, bool, error)
	cls     *Class
	refs    []Value
	repr    func(t *Thread, name string) (string, error)
}

// SetRepr gives the iterator f made by FuncIter its repr: f is called with
// the name of the iterator's class (itertools.count's "count(5)", whose
// state only fn's closure knows).
func (it *Iter) SetRepr(f func(t *Thread, name string) (string, error)) {
	it.repr = f
}

func (it *Iter) class() *Class {
	if it.cls != nil {
		return it.cls
	}
	switch it.kind {
	case iterTuple:
		return TupleIterClass
	case iterStr:
		return StrIterClass
	case iterBytes:
		return BytesIterClass
	case iterRange:
		return RangeIterClass
	case iterDict:
		switch it.dview {
		case viewValues:
			return DictValIterClass
		case viewItems:
			return DictItemIterClass
		}
		return DictKeyIterClass
	}
	return SeqIterClass
}

// FuncIter returns an iterator driven by fn. refs are the values fn's
// closure keeps alive (the iterables it draws from), so memory measurement
// can see them.
func FuncIter(cls *Class, fn func(t *Thread) (Value, bool, error), refs ...Value) *Iter {
	return &Iter{kind: iterFunc, fn: fn, cls: cls, refs: refs}
}

// Retype gives the iterator f made by FuncIter the class c: a library's Python class
// (itertools.count) whose instances are this Go iterator, so type() and isinstance see
// the library's type. c must be a plain Python class (no builtin base, no metaclass):
// its methods see the iterator as self, and nothing expects another Go value behind it.
func (it *Iter) Retype(c *Class) error {
	if it.kind != iterFunc || c.builtin || c.CName != "" || c.base != ObjectClass || c.meta != nil || c.exception {
		return Errorf(TypeErrorClass, "cannot give a '%s' iterator the class '%s'", it.class().Name, c.Name)
	}
	it.cls = c
	return nil
}

// hasInstDict reports whether the iterator is an instance of a class whose
// instances have a __dict__: a snippet's subclass of a library iterator type
// (class C(itertools.chain)), as CPython gives a heap subtype's instances one.
// The library's own types declare __slots__ = (), so theirs have none. Such an
// iterator keeps its attributes in dict, which a function iterator does not
// use otherwise (the retained-size walk already follows it).
func (it *Iter) hasInstDict() bool {
	return it.kind == iterFunc && it.cls != nil && !it.cls.builtin && !it.cls.noDict
}

// funcIterRefs is FuncIter with the references first, for call sites with
// long closures.
func funcIterRefs(refs []Value, cls *Class, fn func(t *Thread) (Value, bool, error)) *Iter {
	return FuncIter(cls, fn, refs...)
}

func (it *Iter) next(t *Thread) (Value, bool, error) {
	switch it.kind {
	case iterTuple:
		if it.i < len(it.tup) {
			v := it.tup[it.i]
			it.i++
			return v, true, nil
		}
	case iterStr:
		if it.i < len(it.str) {
			c := it.str[it.i]
			if c < utf8.RuneSelf {
				it.i++
				return asciiChars[c], true, nil
			}
			_, n := utf8.DecodeRuneInString(it.str[it.i:])
			v := Str(it.str[it.i : it.i+n])
			it.i += n
			return v, true, nil
		}
	case iterBytes:
		if it.i < len(it.str) {
			it.i++
			return Int(it.str[it.i-1]), true, nil
		}
	case iterRange:
		if int64(it.i) < it.n {
			v := boxInt(Int(it.start + int64(it.i)*it.step))
			it.i++
			return v, true, nil
		}
	case iterDict:
		d := it.dict
		if d.live != it.live {
			it.live = -1
			if it.cls == SetIterClass {
				return nil, false, Errorf(RuntimeErrorClass, "Set changed size during iteration")
			}
			return nil, false, Errorf(RuntimeErrorClass, "dictionary changed size during iteration")
		}
		for start := it.i; it.i < len(d.entries); {
			e := d.entries[it.i]
			it.i++
			if e.key == nil {
				continue
			}
			// Deleted entries skipped count (next(iter(d)) after
			// deleting the first keys scans them every time).
			if err := t.tickItems(it.i - start); err != nil {
				return nil, false, err
			}
			switch it.dview {
			case viewKeys:
				return e.key, true, nil
			case viewValues:
				return e.value, true, nil
			default:
				return Tuple{e.key, e.value}, true, t.chargeNew(tupleBytes(2))
			}
		}
	case iterSet:
		s := it.set
		if s.used != it.live {
			it.live = -1
			return nil, false, Errorf(RuntimeErrorClass, "Set changed size during iteration")
		}
		for start := it.i; it.i < len(s.table); {
			e := s.table[it.i]
			it.i++
			if e.key != nil && e.key != setDummy {
				if err := t.tickItems(it.i - start); err != nil {
					return nil, false, err
				}
				return e.key, true, nil
			}
		}
	case iterFunc:
		if it.fn == nil {
			return nil, false, nil
		}
		if err := t.enterGo(); err != nil {
			return nil, false, err
		}
		v, ok, err := it.fn(t)
		t.leaveGo()
		if e, isExc := err.(*Instance); isExc && e.Class.IsSubclass(StopIterationClass) {
			// A StopIteration raised by a function the iterator calls
			// (map's, filter's predicate) ends this round of iteration,
			// as with CPython's C iterators; a later next() calls again.
			return nil, false, nil
		}
		if !ok || err != nil {
			it.fn = nil
		}
		if tup, isTuple := v.(Tuple); isTuple && err == nil {
			// The iterators of builtins and library modules that yield
			// tuples (zip, enumerate, itertools.product) make a new one
			// each time: charged here, once for all of them (one passed
			// through is charged again, which only measures sooner).
			err = t.chargeNew(tupleBytes(len(tup)))
		}
		return v, ok, err
	}
	return nil, false, nil
}

// Iter returns an iterator over v.
func (t *Thread) Iter(v Value) (Value, error) {
	it, err := t.iter(v)
	if err != nil {
		return it, err
	}
	// A new iterator is charged (a list of them outgrows its list's
	// slots); an iterator is its own.
	switch x := it.(type) {
	case *ListIter:
		if x != v {
			err = t.chargeNew(listIterBytes)
		}
	case *Iter:
		if x != v {
			err = t.chargeNew(ownBytes(x))
		}
	}
	return it, err
}

func (t *Thread) iter(v Value) (Value, error) {
	switch x := v.(type) {
	case *List:
		return &ListIter{list: x}, nil
	case Tuple:
		return &Iter{kind: iterTuple, tup: x}, nil
	case Str:
		return &Iter{kind: iterStr, str: string(x)}, nil
	case Bytes:
		return &Iter{kind: iterBytes, str: string(x)}, nil
	case *ByteArray:
		return &Iter{kind: iterBytes, str: string(x.B)}, nil
	case *Range:
		return &Iter{kind: iterRange, start: x.Start, step: x.Step, n: x.Len()}, nil
	case *BigRange:
		return bigRangeIter(x), nil
	case *Dict:
		return &Iter{kind: iterDict, dict: x, live: x.live}, nil
	case *Set:
		return &Iter{kind: iterSet, set: x, live: x.used, cls: SetIterClass}, nil
	case *DictView:
		return &Iter{kind: iterDict, dict: x.d, dview: x.kind, live: x.d.live}, nil
	case *Iter, *ListIter:
		return x, nil
	case *Generator:
		if !x.coroutine && !x.asyncGen {
			return x, nil
		}
	case *Class:
		if m := x.metaMethod("__iter__"); m != nil {
			r, err := t.callMethod(m, x, nil)
			if err != nil {
				return nil, err
			}
			if !isIterator(r) {
				return nil, Errorf(TypeErrorClass, "iter() returned non-iterator of type '%s'", TypeName(r))
			}
			return r, nil
		}
		// Else a class iterates through its class-level hook
		// (enum.Enum defines it, as CPython's EnumType.__iter__ does).
		if x.Lookup("__toolplane_class_iter__") != nil {
			return t.CallMethodName(x, "__toolplane_class_iter__", nil, nil)
		}
	case *Instance:
		if m := x.Class.dunder(dunderIter); m != nil {
			r, err := t.callMethod(m, v, nil)
			if err != nil {
				return nil, err
			}
			if !isIterator(r) {
				return nil, Errorf(TypeErrorClass, "iter() returned non-iterator of type '%s'", TypeName(r))
			}
			return r, nil
		}
		if m := x.Class.dunder(dunderGetitem); m != nil {
			i := 0
			return funcIterRefs([]Value{v}, SeqIterClass, func(t *Thread) (Value, bool, error) {
				r, err := t.callMethod(m, v, Tuple{Int(i)})
				i++
				if err != nil {
					if e, ok := err.(*Instance); ok && (e.Class.IsSubclass(IndexErrorClass) || e.Class.IsSubclass(StopIterationClass)) {
						return nil, false, nil
					}
					return nil, false, err
				}
				return r, true, nil
			}), nil
		}
	}
	return nil, Errorf(TypeErrorClass, "'%s' object is not iterable", TypeName(v))
}

func isIterator(v Value) bool {
	switch x := v.(type) {
	case *Iter, *ListIter:
		return true
	case *Generator:
		return !x.coroutine
	case *Instance:
		return x.Class.dunder(dunderNext) != nil
	}
	return false
}

// Next advances an iterator; ok is false when it is exhausted.
func (t *Thread) Next(it Value) (Value, bool, error) {
	t.steps++
	if t.steps >= t.nextChk.Load() {
		if err := t.check(); err != nil {
			return nil, false, err
		}
	}
	v, ok, err := t.nextRaw(it)
	if !ok {
		return nil, false, err
	}
	return v, true, err
}

// nextRaw is Next, but on exhaustion returns the StopIteration value.
func (t *Thread) nextRaw(it Value) (Value, bool, error) {
	switch x := it.(type) {
	case *ListIter:
		if v, ok := x.next(); ok {
			return v, true, nil
		}
		return None, false, nil
	case *Iter:
		v, ok, err := x.next(t)
		if !ok && err == nil {
			return None, false, nil
		}
		return v, ok, err
	case *Generator:
		v, yielded, err := t.genSend(x, None, nil)
		if err != nil {
			return nil, false, err
		}
		return v, yielded, nil
	case *Instance:
		if m := x.Class.dunder(dunderNext); m != nil {
			v, err := t.callMethod(m, it, nil)
			if err != nil {
				if e, ok := err.(*Instance); ok && e.Class.IsSubclass(StopIterationClass) {
					return stopValue(e), false, nil
				}
				return nil, false, err
			}
			return v, true, nil
		}
	}
	return nil, false, Errorf(TypeErrorClass, "'%s' object is not an iterator", TypeName(it))
}

// iterProtocol reports whether instances of c have an __iter__ or, not
// being a dict, a __getitem__ (CPython's tp_iter and PySequence_Check).
func iterProtocol(c *Class) bool {
	if c.Lookup("__iter__") != nil {
		return true
	}
	return c.Lookup("__getitem__") != nil && !c.IsSubclass(DictClass)
}

// iterate collects the items of an iterable. notIterable, when set, makes
// the error that replaces a TypeError from iter(v); nil keeps that error.
func (t *Thread) iterate(v Value, notIterable func() error) ([]Value, error) {
	// The caller walks the items.
	switch x := v.(type) {
	case *List:
		return x.Items, t.tickItems(len(x.Items))
	case Tuple:
		return x, t.tickItems(len(x))
	}
	it, err := t.Iter(v)
	if err != nil {
		if notIterable != nil {
			if e, ok := err.(*Instance); ok && e.Class == TypeErrorClass {
				if nerr := notIterable(); nerr != nil {
					return nil, nerr
				}
			}
		}
		return nil, err
	}
	if r, ok := v.(*Range); ok {
		// Refuse a range too long to hold before building any of it (the
		// loop below charges the items as they come).
		if r.Len() > t.limits.MaxMemoryBytes/24 {
			return nil, t.memoryError()
		}
	}
	if r, ok := v.(*BigRange); ok {
		// CPython sizes the list by len() first.
		n, err := bigRangeLen(r)
		if err != nil {
			return nil, err
		}
		if n > t.limits.MaxMemoryBytes/24 {
			return nil, t.memoryError()
		}
	}
	// The partial result is a root for memory measurement while it grows.
	acc := t.NewList(nil)
	defer t.holdRoots(acc)()
	// A generator is drained (genDrain): collecting runs no Python code.
	d, _ := t.startDrain(it)
	for {
		var item Value
		var ok bool
		var err error
		if d.on {
			item, ok, err = d.next(t)
		} else {
			item, ok, err = t.Next(it)
		}
		if err != nil {
			return nil, err
		}
		if !ok {
			return acc.Items, nil
		}
		c := cap(acc.Items)
		acc.Items = append(acc.Items, item)
		if cap(acc.Items) != c {
			if err := t.chargeSlots(cap(acc.Items)); err != nil {
				d.stop(t)
				return nil, err
			}
		}
		if err := t.chargeStored(item); err != nil {
			d.stop(t)
			return nil, err
		}
		if len(acc.Items)&4095 == 0 {
			if err := t.check(); err != nil {
				d.stop(t)
				return nil, err
			}
		}
	}
}

// DictView is dict.keys(), values() or items().
type DictView struct {
	d    *Dict
	kind uint8
}

const (
	viewKeys uint8 = iota
	viewValues
	viewItems
)

func (v *DictView) class() *Class {
	switch v.kind {
	case viewValues:
		return DictValuesClass
	case viewItems:
		return DictItemsClass
	}
	return DictKeysClass
}

func (t *Thread) viewSet(v *DictView) (*Set, error) {
	s := NewSet()
	if v.kind == viewKeys {
		// As CPython's dictviews_to_set: the set is made from the dict.
		return s, t.setUpdate(s, v.d)
	}
	for _, it := range v.d.Items() {
		var e Value = it[0]
		if v.kind == viewItems {
			e = Tuple{it[0], it[1]}
		}
		if err := s.Add(t, e); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// lengthHint is what __length_hint__ answers for the iterators CPython gives
// one: the items still to come (0 once exhausted or after the container
// changed size under a dict or set iterator).
func (it *Iter) lengthHint(t *Thread) (int64, bool, error) {
	switch it.kind {
	case iterTuple:
		return max(int64(len(it.tup))-int64(it.i), 0), true, nil
	case iterStr:
		if it.i >= len(it.str) {
			return 0, true, nil
		}
		return int64(utf8.RuneCountInString(it.str[it.i:])), true, t.tickBytes(len(it.str) - it.i)
	case iterBytes:
		return max(int64(len(it.str))-int64(it.i), 0), true, nil
	case iterRange:
		return max(it.n-int64(it.i), 0), true, nil
	case iterDict:
		if it.live < 0 || it.dict.live != it.live {
			return 0, true, nil
		}
		if err := t.tickItems(len(it.dict.entries) - it.i); err != nil {
			return 0, true, err
		}
		var n int64
		for _, e := range it.dict.entries[min(it.i, len(it.dict.entries)):] {
			if e.key != nil {
				n++
			}
		}
		return n, true, nil
	case iterSet:
		if it.live < 0 || it.set.used != it.live {
			return 0, true, nil
		}
		if err := t.tickItems(len(it.set.table) - it.i); err != nil {
			return 0, true, err
		}
		var n int64
		for _, e := range it.set.table[min(it.i, len(it.set.table)):] {
			if e.key != nil && e.key != setDummy {
				n++
			}
		}
		return n, true, nil
	}
	return 0, false, nil
}

// iterInstAttr looks name up in the __dict__ of an iterator that has one
// (hasInstDict): __dict__ itself, or an attribute stored there that no data
// descriptor of its class overrides. ok is false when the class decides.
func (t *Thread) iterInstAttr(it *Iter, name string) (Value, bool, error) {
	if name == "__dict__" {
		if it.dict == nil {
			if err := t.chargeNew(dictBytes); err != nil {
				return nil, false, err
			}
			it.dict = NewDict()
		}
		return it.dict, true, nil
	}
	if it.dict == nil {
		return nil, false, nil
	}
	switch a := it.cls.Lookup(name).(type) {
	case *Property, *SlotMember, *GetSetDescriptor:
		return nil, false, nil
	case *Instance:
		if a.Class.Lookup("__set__") != nil || a.Class.Lookup("__delete__") != nil {
			return nil, false, nil
		}
	}
	v, ok := it.dict.GetStr(name)
	return v, ok, nil
}

// iterInstSet stores an attribute of an iterator that has a __dict__
// (hasInstDict), after its class's data descriptors, as on an instance.
func (t *Thread) iterInstSet(it *Iter, name string, v Value) error {
	switch a := it.cls.Lookup(name).(type) {
	case *GetSetDescriptor:
		return a.readOnly()
	case *Property:
		if a.Set == nil {
			return Errorf(AttributeErrorClass, "property '%s' of '%s' object has no setter", name, it.cls.Name)
		}
		_, err := t.Call(a.Set, Tuple{it, v}, nil)
		return err
	case *Instance:
		if s := a.Class.Lookup("__set__"); s != nil {
			_, err := t.callMethod(s, a, Tuple{it, v})
			return err
		}
	}
	if it.dict == nil {
		if err := t.chargeNew(dictBytes); err != nil {
			return err
		}
		it.dict = NewDict()
	}
	return it.dict.setStrT(t, name, nil, strHash(name), v)
}
