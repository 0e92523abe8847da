package vm

import (
	"math/big"
	"unicode/utf8"
)

// index converts a subscript to an int: an int, a bool or an object
// with __index__; one too big for the machine is CPython's IndexError.
func (t *Thread) index(v Value) (int64, bool, error) {
	n, ok, err := t.indexValue(v)
	if !ok || err != nil {
		return 0, ok, err
	}
	if i, small := n.(Int); small {
		return int64(i), true, nil
	}
	return 0, true, Errorf(IndexErrorClass, "cannot fit '%s' into an index-sized integer", TypeName(v))
}

// indexValue is operator.index of v: an Int or a *big.Int, ok false when
// v has no __index__.
func (t *Thread) indexValue(v Value) (Value, bool, error) {
	switch x := v.(type) {
	case Int, *big.Int:
		return x, true, nil
	case Bool:
		return boolToInt(x), true, nil
	case *Instance:
		if m := x.Class.Lookup("__index__"); m != nil {
			r, err := t.callMethod(m, v, nil)
			if err != nil {
				return nil, true, err
			}
			switch n := r.(type) {
			case Int, *big.Int:
				return n, true, nil
			case Bool:
				return boolToInt(n), true, nil
			}
			return nil, true, Errorf(TypeErrorClass, "__index__ returned non-int (type %s)", TypeName(r))
		}
	}
	return nil, false, nil
}

// sliceIndices resolves a slice against a sequence of length n.
func (t *Thread) sliceIndices(s *Slice, n int) (start, stop, step int, err error) {
	step = 1
	if s.Step != None {
		// A step beyond the machine range clamps, as CPython's does.
		st, err := t.sliceIndex(s.Step)
		if err != nil {
			return 0, 0, 0, err
		}
		if st == 0 {
			return 0, 0, 0, Errorf(ValueErrorClass, "slice step cannot be zero")
		}
		step = int(st)
	}
	get := func(v Value, def int) (int, error) {
		if v == None {
			return def, nil
		}
		// Ints beyond the machine range clamp, as CPython's do.
		i, err := t.sliceIndex(v)
		if err != nil {
			return 0, err
		}
		if i < 0 {
			i += int64(n)
			if i < 0 {
				if step < 0 {
					return -1, nil
				}
				return 0, nil
			}
		} else if i >= int64(n) {
			if step < 0 {
				return n - 1, nil
			}
			return n, nil
		}
		return int(i), nil
	}
	if step > 0 {
		if start, err = get(s.Start, 0); err != nil {
			return
		}
		stop, err = get(s.Stop, n)
	} else {
		if start, err = get(s.Start, n-1); err != nil {
			return
		}
		stop, err = get(s.Stop, -1)
	}
	return
}

func sliceLen(start, stop, step int) int {
	if step > 0 {
		if stop <= start {
			return 0
		}
		return (stop-start-1)/step + 1
	}
	if stop >= start {
		return 0
	}
	return (start-stop-1)/(-step) + 1
}

// slicedItems is sliceValues with the copy's slots charged: a slice is a
// new array as long as the part it copies, and keeping many slices of one
// big list (keep.append(a[:])) must reach the memory limit.
func (t *Thread) slicedItems(items []Value, start, stop, step int) ([]Value, error) {
	out := sliceValues(items, start, stop, step)
	if len(out) == 0 {
		return out, nil
	}
	return out, t.chargeNew(arrayBytes(len(out), valueSize))
}

func sliceValues(items []Value, start, stop, step int) []Value {
	if step == 1 {
		if stop < start {
			return []Value{}
		}
		return append([]Value(nil), items[start:stop]...)
	}
	n := sliceLen(start, stop, step)
	out := make([]Value, 0, n)
	for i, j := 0, start; i < n; i, j = i+1, j+step {
		out = append(out, items[j])
	}
	return out
}

// runes returns the code points of s, or nil when s is ASCII.
func runesOf(s Str) []rune {
	if isASCII(string(s)) {
		return nil
	}
	return []rune(string(s))
}

// GetItem evaluates obj[key].
func (t *Thread) GetItem(obj, key Value) (Value, error) {
	switch o := obj.(type) {
	case *List:
		if i, ok, err := t.index(key); ok {
			if err != nil {
				return nil, err
			}
			if i < 0 {
				i += int64(len(o.Items))
			}
			if i < 0 || i >= int64(len(o.Items)) {
				return nil, Errorf(IndexErrorClass, "list index out of range")
			}
			return o.Items[i], nil
		}
		if s, ok := key.(*Slice); ok {
			start, stop, step, err := t.sliceIndices(s, len(o.Items))
			if err != nil {
				return nil, err
			}
			items, err := t.slicedItems(o.Items, start, stop, step)
			if err != nil {
				return nil, err
			}
			return t.NewList(items), nil
		}
		return nil, Errorf(TypeErrorClass, "list indices must be integers or slices, not %s", TypeName(key))
	case *Dict:
		v, ok, err := o.Get(t, key)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, NewException(KeyErrorClass, key)
		}
		return v, nil
	case Tuple:
		if i, ok, err := t.index(key); ok {
			if err != nil {
				return nil, err
			}
			if i < 0 {
				i += int64(len(o))
			}
			if i < 0 || i >= int64(len(o)) {
				return nil, Errorf(IndexErrorClass, "tuple index out of range")
			}
			return o[i], nil
		}
		if s, ok := key.(*Slice); ok {
			start, stop, step, err := t.sliceIndices(s, len(o))
			if err != nil {
				return nil, err
			}
			items, err := t.slicedItems(o, start, stop, step)
			if err != nil {
				return nil, err
			}
			return Tuple(items), nil
		}
		return nil, Errorf(TypeErrorClass, "tuple indices must be integers or slices, not %s", TypeName(key))
	case Str:
		// The thread's index cache knows the length and ASCII-ness of the
		// long strings it saw, and code-point offsets of non-ASCII ones, so
		// s[i] in a loop is O(1), not a scan per access.
		if i, ok, err := t.index(key); ok {
			if err != nil {
				return nil, err
			}
			v, err := t.strIdx.item(o, i)
			return v, t.strIndexWork(err)
		}
		if s, ok := key.(*Slice); ok {
			v, err := t.strIdx.slice(t, o, s)
			return v, t.strIndexWork(err)
		}
		return nil, Errorf(TypeErrorClass, "string indices must be integers, not '%s'", TypeName(key))
	case Bytes:
		if i, ok, err := t.index(key); ok {
			if err != nil {
				return nil, err
			}
			if i < 0 {
				i += int64(len(o))
			}
			if i < 0 || i >= int64(len(o)) {
				return nil, Errorf(IndexErrorClass, "index out of range")
			}
			return Int(o[i]), nil
		}
		if s, ok := key.(*Slice); ok {
			start, stop, step, err := t.sliceIndices(s, len(o))
			if err != nil {
				return nil, err
			}
			n := sliceLen(start, stop, step)
			buf := make([]byte, 0, n)
			for i, j := 0, start; i < n; i, j = i+1, j+step {
				buf = append(buf, o[j])
			}
			// A slice is a copy: keeping many of one big bytes must
			// reach the memory limit.
			return Bytes(buf), t.chargeNew(int64(n))
		}
		return nil, Errorf(TypeErrorClass, "byte indices must be integers or slices, not %s", TypeName(key))
	case *ByteArray:
		if i, ok, err := t.index(key); ok {
			if err != nil {
				return nil, err
			}
			if i < 0 {
				i += int64(len(o.B))
			}
			if i < 0 || i >= int64(len(o.B)) {
				return nil, Errorf(IndexErrorClass, "bytearray index out of range")
			}
			return Int(o.B[i]), nil
		}
		r, err := t.GetItem(Bytes(o.B), key)
		if err != nil {
			return nil, err
		}
		return &ByteArray{B: []byte(r.(Bytes))}, t.chargeNew(int64(len(r.(Bytes))))
	case *Range:
		n := o.Len()
		if i, ok, err := t.index(key); ok {
			if err != nil {
				return nil, err
			}
			if i < 0 {
				i += n
			}
			if i < 0 || i >= n {
				return nil, Errorf(IndexErrorClass, "range object index out of range")
			}
			return Int(o.Start + i*o.Step), nil
		}
		if s, ok := key.(*Slice); ok {
			start, stop, step, err := t.sliceIndices(s, int(n))
			if err != nil {
				return nil, err
			}
			return &Range{Start: o.Start + int64(start)*o.Step, Stop: o.Start + int64(stop)*o.Step, Step: o.Step * int64(step)}, nil
		}
		return nil, Errorf(TypeErrorClass, "range indices must be integers or slices, not %s", TypeName(key))
	case *BigRange:
		return t.bigRangeGetItem(o, key)
	case *Instance:
		if m := o.Class.dunder(dunderGetitem); m != nil {
			if d, ok := o.Base.(*Dict); ok {
				if b, ok := m.(*Builtin); ok && b.Self == "dict" {
					v, found, err := d.Get(t, key)
					if err != nil {
						return nil, err
					}
					if found {
						return v, nil
					}
					if miss := o.Class.Lookup("__missing__"); miss != nil {
						return t.callMethod(miss, obj, Tuple{key})
					}
					return nil, NewException(KeyErrorClass, key)
				}
			}
			return t.callMethod(m, obj, Tuple{key})
		}
	case *Class:
		if m := o.metaMethod("__getitem__"); m != nil {
			return t.callMethod(m, o, Tuple{key})
		}
		if m := o.Lookup("__class_getitem__"); m != nil {
			return t.callMethod(m, o, Tuple{key})
		}
		if o.builtin {
			return o, nil
		}
		return nil, Errorf(TypeErrorClass, "type '%s' is not subscriptable", o.Name)
	}
	return nil, Errorf(TypeErrorClass, "'%s' object is not subscriptable", TypeName(obj))
}

// SetItem evaluates obj[key] = v.
func (t *Thread) SetItem(obj, key, v Value) error {
	switch o := obj.(type) {
	case *Dict:
		return o.Set(t, key, v)
	case *List:
		if i, ok, err := t.index(key); ok {
			if err != nil {
				return err
			}
			if i < 0 {
				i += int64(len(o.Items))
			}
			if i < 0 || i >= int64(len(o.Items)) {
				return Errorf(IndexErrorClass, "list assignment index out of range")
			}
			if err := t.touchList(o); err != nil {
				return err
			}
			o.Items[i] = v
			return t.chargeStored(v)
		}
		if s, ok := key.(*Slice); ok {
			var notIterable error
			items, err := t.iterate(v, func() error {
				notIterable = Errorf(TypeErrorClass, "must assign iterable to extended slice")
				return notIterable
			})
			if err != nil {
				// Only "not iterable" is reworded: a MemoryError or an
				// exception the iterable raised passes as it is.
				if err == notIterable && s.Step == None {
					return Errorf(TypeErrorClass, "can only assign an iterable")
				}
				return err
			}
			items = append([]Value(nil), items...)
			start, stop, step, err := t.sliceIndices(s, len(o.Items))
			if err != nil {
				return err
			}
			if step == 1 {
				if stop < start {
					stop = start
				}
				// The list grows by what replaces the slice: charge its
				// new array, as an append that outgrows it does.
				if grow := len(items) - (stop - start); grow > 0 && len(o.Items)+grow > cap(o.Items) {
					if err := t.chargeSlots(len(o.Items) + grow); err != nil {
						return err
					}
				}
				if err := t.touchList(o); err != nil {
					return err
				}
				rest := append([]Value(nil), o.Items[stop:]...)
				o.Items = append(append(o.Items[:start], items...), rest...)
				return nil
			}
			n := sliceLen(start, stop, step)
			if n != len(items) {
				return Errorf(ValueErrorClass, "attempt to assign sequence of size %d to extended slice of size %d", len(items), n)
			}
			if err := t.touchList(o); err != nil {
				return err
			}
			for i, j := 0, start; i < n; i, j = i+1, j+step {
				o.Items[j] = items[i]
			}
			return nil
		}
		return Errorf(TypeErrorClass, "list indices must be integers or slices, not %s", TypeName(key))
	case *ByteArray:
		i, ok, err := t.index(key)
		if err != nil {
			return err
		}
		if !ok {
			return Errorf(TypeErrorClass, "bytearray indices must be integers or slices, not %s", TypeName(key))
		}
		if i < 0 {
			i += int64(len(o.B))
		}
		if i < 0 || i >= int64(len(o.B)) {
			return Errorf(IndexErrorClass, "bytearray index out of range")
		}
		c, err := byteValue(v)
		if err != nil {
			return err
		}
		o.B[i] = c
		return nil
	case *Instance:
		if m := o.Class.Lookup("__setitem__"); m != nil {
			_, err := t.callMethod(m, obj, Tuple{key, v})
			return err
		}
	}
	return Errorf(TypeErrorClass, "'%s' object does not support item assignment", TypeName(obj))
}

// DelItem evaluates del obj[key].
func (t *Thread) DelItem(obj, key Value) error {
	switch o := obj.(type) {
	case *Dict:
		_, ok, err := o.Delete(t, key)
		if err != nil {
			return err
		}
		if !ok {
			return NewException(KeyErrorClass, key)
		}
		return nil
	case *List:
		if i, ok, err := t.index(key); ok {
			if err != nil {
				return err
			}
			if i < 0 {
				i += int64(len(o.Items))
			}
			if i < 0 || i >= int64(len(o.Items)) {
				return Errorf(IndexErrorClass, "list assignment index out of range")
			}
			if err := t.touchList(o); err != nil {
				return err
			}
			o.Items = append(o.Items[:i], o.Items[i+1:]...)
			return nil
		}
		if s, ok := key.(*Slice); ok {
			start, stop, step, err := t.sliceIndices(s, len(o.Items))
			if err != nil {
				return err
			}
			n := sliceLen(start, stop, step)
			del := map[int]bool{}
			for i, j := 0, start; i < n; i, j = i+1, j+step {
				del[j] = true
			}
			if err := t.touchList(o); err != nil {
				return err
			}
			out := o.Items[:0]
			for i, v := range o.Items {
				if !del[i] {
					out = append(out, v)
				}
			}
			clear(o.Items[len(out):])
			o.Items = out
			return nil
		}
		return Errorf(TypeErrorClass, "list indices must be integers or slices, not %s", TypeName(key))
	case *ByteArray:
		if i, ok, err := t.index(key); ok {
			if err != nil {
				return err
			}
			if i < 0 {
				i += int64(len(o.B))
			}
			if i < 0 || i >= int64(len(o.B)) {
				return Errorf(IndexErrorClass, "bytearray index out of range")
			}
			o.B = append(o.B[:i], o.B[i+1:]...)
			return nil
		}
		if s, ok := key.(*Slice); ok {
			start, stop, step, err := t.sliceIndices(s, len(o.B))
			if err != nil {
				return err
			}
			n := sliceLen(start, stop, step)
			if n == 0 {
				return nil
			}
			if step < 0 {
				// the same positions walked from the low end
				start, step = start+(n-1)*step, -step
			}
			out := o.B[:start]
			for i := start; i < len(o.B); i++ {
				if i < start+n*step && (i-start)%step == 0 {
					continue
				}
				out = append(out, o.B[i])
			}
			o.B = out
			return nil
		}
		return Errorf(TypeErrorClass, "bytearray indices must be integers or slices, not %s", TypeName(key))
	case *Instance:
		if m := o.Class.Lookup("__delitem__"); m != nil {
			_, err := t.callMethod(m, obj, Tuple{key})
			return err
		}
	}
	return Errorf(TypeErrorClass, "'%s' object doesn't support item deletion", TypeName(obj))
}

// ---- attributes ----

// GetAttr evaluates obj.name.
func (t *Thread) GetAttr(obj Value, name string) (Value, error) {
	switch o := obj.(type) {
	case *Instance:
		return t.instanceGetAttr(o, name)
	case *Class:
		return t.classGetAttr(o, name)
	case *Module:
		if v, ok := o.Dict.GetStr(name); ok {
			return v, nil
		}
		switch name {
		case "__name__":
			return Str(o.Name), nil
		case "__dict__":
			return o.Dict, nil
		}
		return nil, Errorf(AttributeErrorClass, "module '%s' has no attribute '%s'", o.Name, name)
	case *Namespace:
		if v, ok := o.Attrs.GetStr(name); ok {
			return v, nil
		}
		return nil, Errorf(AttributeErrorClass, "'%s' has no attribute '%s'", o.Name, name)
	case *Super:
		return t.superGetAttr(o, name)
	case *Traceback:
		if v, ok, err := o.attr(t, name); ok {
			return v, err
		}
	case *Function:
		switch name {
		case "__name__":
			return Str(o.Name), nil
		case "__qualname__":
			return Str(o.QualName), nil
		case "__module__":
			return Str(o.Module), nil
		case "__doc__":
			return t.funcDoc(o), nil
		case "__defaults__":
			if o.Defaults == nil {
				return None, nil
			}
			return o.Defaults, nil
		case "__kwdefaults__":
			if o.KwDefaults == nil {
				return None, nil
			}
			return o.KwDefaults, nil
		case "__dict__":
			if o.Dict == nil {
				o.Dict = NewDict()
			}
			return o.Dict, nil
		case "__wrapped__", "__annotations__":
		}
		if o.Dict != nil {
			if v, ok := o.Dict.GetStr(name); ok {
				return v, nil
			}
		}
		if name == "__annotations__" {
			if o.Annotations == nil {
				o.Annotations = NewDict()
			}
			return o.Annotations, nil
		}
	case *BoundMethod:
		switch name {
		case "__self__":
			return o.Self, nil
		case "__func__":
			return o.Fn, nil
		case "__name__", "__qualname__", "__doc__", "__module__":
			return t.GetAttr(o.Fn, name)
		}
	case *Builtin:
		switch name {
		case "__qualname__":
			if o.Self != "" {
				return Str(o.Self + "." + o.Name), nil
			}
			return Str(o.Name), nil
		case "__name__":
			return Str(o.Name), nil
		case "__doc__":
			return builtinDoc(o), nil
		case "__module__":
			return Str("builtins"), nil
		}
	case *Iter:
		if o.hasInstDict() {
			if v, ok, err := t.iterInstAttr(o, name); ok || err != nil {
				return v, err
			}
		}
	case *Generator:
		switch name {
		case "__name__":
			return Str(o.name), nil
		case "__qualname__":
			return Str(o.qualname), nil
		case "gi_running", "cr_running", "ag_running":
			// Whether its frame is executing now (True only from inside).
			if name == genAttrPrefix(o)+"_running" {
				return Bool(o.running), nil
			}
		}
	case nil:
	}
	if name == "__class__" {
		return TypeOf(obj), nil
	}
	cls := TypeOf(obj)
	if v, ok, err := t.builtinAttr(obj, name); ok || err != nil {
		return v, err
	}
	if m := cls.Lookup(name); m != nil {
		switch mm := m.(type) {
		case *Builtin:
			return &BoundMethod{Self: obj, Fn: mm}, nil
		case *Function:
			// A Python class's method on a Go value of it (a library's
			// iterator type, Iter.Retype): bound, as on an instance.
			return &BoundMethod{Self: obj, Fn: mm}, nil
		case *Property:
			return t.Call(mm.Get, Tuple{obj}, nil)
		case *ClassMethod:
			return &BoundMethod{Self: cls, Fn: mm.Fn}, nil
		case *StaticMethod:
			return mm.Fn, nil
		}
		return m, nil
	}
	if bm, ok := obj.(*BoundMethod); ok {
		// Other attributes come from the function, as CPython's method
		// objects forward them (a decorator's marker), and so does the error.
		if f, ok := bm.Fn.(*Function); ok {
			return t.GetAttr(f, name)
		}
	}
	return nil, Errorf(AttributeErrorClass, "'%s' object has no attribute '%s'", cls.MessageName(), name)
}

func (t *Thread) funcDoc(f *Function) Value {
	if f.Dict != nil {
		if v, ok := f.Dict.GetStr("__doc__"); ok {
			return v
		}
	}
	if s, ok := f.Code.Doc.(string); ok {
		return Str(s)
	}
	return None
}

// builtinAttr serves data attributes of builtin values.
func (t *Thread) builtinAttr(obj Value, name string) (Value, bool, error) {
	switch o := obj.(type) {
	case *Slice:
		switch name {
		case "start":
			return o.Start, true, nil
		case "stop":
			return o.Stop, true, nil
		case "step":
			return o.Step, true, nil
		}
	case *Range:
		switch name {
		case "start":
			return Int(o.Start), true, nil
		case "stop":
			return Int(o.Stop), true, nil
		case "step":
			return Int(o.Step), true, nil
		}
	case *BigRange:
		switch name {
		case "start":
			return MakeInt(o.Start), true, nil
		case "stop":
			return MakeInt(o.Stop), true, nil
		case "step":
			return MakeInt(o.Step), true, nil
		}
	case Int, Bool, *big.Int:
		switch name {
		case "real", "numerator":
			if b, ok := o.(Bool); ok {
				return boolToInt(b), true, nil
			}
			return o, true, nil
		case "imag":
			return Int(0), true, nil
		case "denominator":
			return Int(1), true, nil
		}
	case Float:
		switch name {
		case "real":
			return o, true, nil
		case "imag":
			return Float(0), true, nil
		}
	case Complex:
		switch name {
		case "real":
			return Float(real(o)), true, nil
		case "imag":
			return Float(imag(o)), true, nil
		}
	case *Property:
		switch name {
		case "fget":
			return orNone(o.Get), true, nil
		case "fset":
			return orNone(o.Set), true, nil
		case "fdel":
			return orNone(o.Del), true, nil
		case "__doc__":
			return orNone(o.Doc), true, nil
		}
	case *GetSetDescriptor:
		switch name {
		case "__name__":
			return Str(o.Name), true, nil
		case "__qualname__":
			return Str(o.Owner.QualName + "." + o.Name), true, nil
		case "__objclass__":
			return o.Owner, true, nil
		case "__doc__":
			return Str(o.Doc), true, nil
		}
	case *SlotMember:
		switch name {
		case "__name__", "__qualname__":
			if name == "__qualname__" {
				return Str(o.Owner.QualName + "." + o.Name), true, nil
			}
			return Str(o.Name), true, nil
		case "__objclass__":
			return o.Owner, true, nil
		case "__doc__":
			return None, true, nil
		}
	case *StaticMethod:
		if name == "__func__" {
			return o.Fn, true, nil
		}
	case *ClassMethod:
		if name == "__func__" {
			return o.Fn, true, nil
		}
	case *Future:
		return nil, false, nil
	}
	return nil, false, nil
}

func orNone(v Value) Value {
	if v == nil {
		return None
	}
	return v
}

func boolToInt(b Bool) Int {
	if b {
		return 1
	}
	return 0
}

// Hashes of dunder names looked up on every attribute access.
var (
	hashGetattribute = strHash("__getattribute__")
	hashSetattr      = strHash("__setattr__")
	hashGetattr      = strHash("__getattr__")
)

func (t *Thread) instanceGetAttr(o *Instance, name string) (Value, error) {
	if ga := o.Class.lookupH("__getattribute__", hashGetattribute); ga != nil {
		if b, ok := ga.(*Builtin); !ok || b.Self != "object" {
			r, err := t.callMethod(ga, o, Tuple{Str(name)})
			if err != nil {
				if e, ok := err.(*Instance); ok && e.Class.IsSubclass(AttributeErrorClass) {
					if m := o.Class.Lookup("__getattr__"); m != nil {
						return t.callMethod(m, o, Tuple{Str(name)})
					}
				}
			}
			return r, err
		}
	}
	return t.objectGetAttr(o, name)
}

// getattrFallback answers an AttributeError raised while looking name up
// on o with o's __getattr__, as CPython does; other errors pass through.
func (t *Thread) getattrFallback(o *Instance, name string, err error) (Value, error) {
	if e, ok := err.(*Instance); ok && e.Class.IsSubclass(AttributeErrorClass) {
		if ga := o.Class.Lookup("__getattr__"); ga != nil {
			return t.callMethod(ga, o, Tuple{Str(name)})
		}
	}
	return nil, err
}

// objectGetAttr is object.__getattribute__.
func (t *Thread) objectGetAttr(o *Instance, name string) (Value, error) {
	h := strHash(name)
	attr := o.Class.lookupH(name, h)
	switch a := attr.(type) {
	case *SlotMember:
		v, err := a.get(o)
		if err != nil {
			return t.getattrFallback(o, name, err)
		}
		return v, nil
	case *GetSetDescriptor:
		v, err := a.value(t, o)
		if err != nil {
			return t.getattrFallback(o, name, err)
		}
		return v, nil
	case *Property:
		if a.Get == nil {
			return nil, Errorf(AttributeErrorClass, "property '%s' of '%s' object has no getter", name, o.Class.Name)
		}
		v, err := t.Call(a.Get, Tuple{o}, nil)
		if err != nil {
			return t.getattrFallback(o, name, err)
		}
		return v, nil
	case *Instance:
		if a.Class.Lookup("__set__") != nil || a.Class.Lookup("__delete__") != nil {
			if g := a.Class.Lookup("__get__"); g != nil {
				return t.callMethod(g, a, Tuple{o, o.Class})
			}
		}
	}
	if o.Dict != nil {
		if v, ok := o.Dict.getStrH(name, h); ok {
			return v, nil
		}
	}
	if attr != nil {
		switch a := attr.(type) {
		case *Function:
			return &BoundMethod{Self: o, Fn: a}, nil
		case *Builtin:
			if !a.binds() {
				return a, nil
			}
			if o.Base != nil && a.Self != "object" {
				return &BoundMethod{Self: o.Base, Fn: a}, nil
			}
			return &BoundMethod{Self: o, Fn: a}, nil
		case *ClassMethod:
			return &BoundMethod{Self: o.Class, Fn: a.Fn}, nil
		case *StaticMethod:
			return a.Fn, nil
		case *Instance:
			if g := a.Class.Lookup("__get__"); g != nil {
				return t.callMethod(g, a, Tuple{o, o.Class})
			}
		case *Super:
			// super.__get__: an unbound super read through an instance
			// binds to it.
			if a.Obj == nil {
				return newSuper(a.Class, o)
			}
		}
		return attr, nil
	}
	switch name {
	case "__class__":
		return o.Class, nil
	case "__dict__":
		if o.Class == ObjectClass || o.Class.noDict {
			// A bare object() has no instance dict in CPython, nor
			// has an instance of a class with __slots__.
			break
		}
		if o.Dict == nil {
			o.Dict = NewDict()
		}
		return o.Dict, nil
	}
	if o.Exc != nil {
		switch name {
		case "args":
			return o.Exc.Args, nil
		case "__cause__":
			return orNone(o.Exc.Cause), nil
		case "__context__":
			return orNone(o.Exc.Context), nil
		case "__suppress_context__":
			return Bool(o.Exc.SuppressContext), nil
		case "__traceback__":
			return TracebackOf(t, o)
		case "value":
			if o.Class.IsSubclass(StopIterationClass) {
				return stopValue(o), nil
			}
		case "message":
			if o.Exc.Group != nil {
				return o.Exc.GroupMsg, nil
			}
		case "exceptions":
			if o.Exc.Group != nil {
				return o.Exc.Group, nil
			}
		case "msg":
			if o.Class.IsSubclass(SyntaxErrorClass) && len(o.Exc.Args) > 0 {
				return o.Exc.Args[0], nil
			}
		case "errno", "strerror", "filename":
			if o.Class.IsSubclass(OSErrorClass) {
				return None, nil
			}
		case "code":
			if o.Class.IsSubclass(SystemExitClass) {
				// None without arguments, the argument, else all of them.
				if len(o.Exc.Args) > 1 {
					return Tuple(append([]Value(nil), o.Exc.Args...)), nil
				}
				return stopValue(o), nil
			}
		case "name":
			if o.Class.IsSubclass(NameErrorClass) || o.Class.IsSubclass(ImportErrorClass) || o.Class.IsSubclass(AttributeErrorClass) {
				return None, nil
			}
		}
	}
	if o.Base != nil {
		// The data attributes of a builtin base: F(1.5).real, C(1j).imag.
		switch o.Base.(type) {
		case Int, *big.Int, Float, Complex:
			if v, ok, err := t.builtinAttr(o.Base, name); ok || err != nil {
				return v, err
			}
		}
	}
	if ga := o.Class.Lookup("__getattr__"); ga != nil {
		return t.callMethod(ga, o, Tuple{Str(name)})
	}
	return nil, Errorf(AttributeErrorClass, "'%s' object has no attribute '%s'", o.Class.MessageName(), name)
}

func (t *Thread) classGetAttr(c *Class, name string) (Value, error) {
	if c.meta != nil {
		return t.metaGetAttr(c, name)
	}
	return t.typeGetAttr(c, name)
}

// metaGetAttr is C.name for a class whose metaclass is not type: the
// metaclass's __getattribute__ when it defines one, else
// type.__getattribute__; then its __getattr__ on an AttributeError.
func (t *Thread) metaGetAttr(c *Class, name string) (Value, error) {
	var v Value
	var err error
	if ga := c.metaMethod("__getattribute__"); ga != nil {
		v, err = t.callMethod(ga, c, Tuple{Str(name)})
	} else {
		v, err = t.typeGetAttr(c, name)
	}
	if err != nil {
		if e, ok := err.(*Instance); ok && e.Class.IsSubclass(AttributeErrorClass) {
			if gh := c.metaMethod("__getattr__"); gh != nil {
				return t.callMethod(gh, c, Tuple{Str(name)})
			}
		}
	}
	return v, err
}

// isDataDescriptor reports whether v, found on a class, decides both
// reading and writing the attribute (a property, an object whose class
// defines __set__ or __delete__).
func isDataDescriptor(v Value) bool {
	switch d := v.(type) {
	case *Property:
		return true
	case *Instance:
		return d.Class.Lookup("__set__") != nil || d.Class.Lookup("__delete__") != nil
	}
	return false
}

// metaBind is what an attribute a of c's metaclass gives as c.name: a
// function bound to c, a classmethod bound to the metaclass, a property's
// or descriptor's value for c.
func (t *Thread) metaBind(a Value, c *Class) (Value, error) {
	switch x := a.(type) {
	case *Function:
		return &BoundMethod{Self: c, Fn: x}, nil
	case *Builtin:
		if x.binds() {
			return &BoundMethod{Self: c, Fn: x}, nil
		}
	case *ClassMethod:
		return &BoundMethod{Self: TypeOf(c), Fn: x.Fn}, nil
	case *StaticMethod:
		return x.Fn, nil
	case *Property:
		if x.Get == nil || x.Get == None {
			return nil, Errorf(AttributeErrorClass, "property object has no getter")
		}
		return t.Call(x.Get, Tuple{c}, nil)
	case *Instance:
		if g := x.Class.Lookup("__get__"); g != nil {
			return t.callMethod(g, x, Tuple{c, TypeOf(c)})
		}
	}
	return a, nil
}

// typeGetAttr is type.__getattribute__(c, name): a data descriptor of the
// metaclass, then the class's MRO, then the metaclass's other attributes.
func (t *Thread) typeGetAttr(c *Class, name string) (Value, error) {
	var ma Value
	if c.meta != nil {
		ma = c.metaMethod(name)
		if ma != nil && isDataDescriptor(ma) {
			return t.metaBind(ma, c)
		}
		if ma != nil && c.Lookup(name) == nil {
			return t.metaBind(ma, c)
		}
	}
	return t.classOwnAttr(c, name)
}

// classOwnAttr is c.name found on c itself, its MRO or type.
func (t *Thread) classOwnAttr(c *Class, name string) (Value, error) {
	switch name {
	case "__name__":
		return Str(c.Name), nil
	case "__qualname__":
		return Str(c.QualName), nil
	case "__module__":
		if v, ok := c.Dict.GetStr("__module__"); ok && !c.builtin {
			return v, nil
		}
		return Str(c.Module), nil
	case "__mro__":
		out := make(Tuple, len(c.MRO))
		for i, k := range c.MRO {
			out[i] = k
		}
		return out, nil
	case "__bases__":
		out := make(Tuple, len(c.Bases))
		for i, k := range c.Bases {
			out[i] = k
		}
		return out, nil
	case "__base__":
		if len(c.Bases) == 0 {
			return None, nil
		}
		return c.Bases[0], nil
	case "__dict__":
		return c.Dict.Copy(), nil
	case "__class__":
		return TypeOf(c), nil
	case "__doc__":
		if v, ok := c.Dict.GetStr("__doc__"); ok {
			return v, nil
		}
		return None, nil
	}
	attr := c.Lookup(name)
	if attr == nil {
		if m := TypeClass.Lookup(name); m != nil {
			if b, ok := m.(*Builtin); ok {
				return &BoundMethod{Self: c, Fn: b}, nil
			}
		}
		return nil, Errorf(AttributeErrorClass, "type object '%s' has no attribute '%s'", c.Name, name)
	}
	switch a := attr.(type) {
	case *ClassMethod:
		return &BoundMethod{Self: c, Fn: a.Fn}, nil
	case *StaticMethod:
		return a.Fn, nil
	case *Instance:
		if g := a.Class.Lookup("__get__"); g != nil {
			return t.callMethod(g, a, Tuple{None, c})
		}
	}
	return attr, nil
}

func (t *Thread) superGetAttr(s *Super, name string) (Value, error) {
	if name == "__class__" {
		return SuperClass, nil
	}
	if s.Obj == nil {
		// An unbound super searches no class: only its own members.
		switch name {
		case "__thisclass__":
			return s.Class, nil
		case "__self__", "__self_class__":
			return None, nil
		case "__get__":
			return &BoundMethod{Self: s, Fn: SuperClass.Lookup(name)}, nil
		}
		return nil, Errorf(AttributeErrorClass, "'super' object has no attribute '%s'", name)
	}
	var cls *Class
	if c, ok := s.Obj.(*Class); ok && c.IsSubclass(s.Class) {
		cls = c
	} else {
		cls = TypeOf(s.Obj)
	}
	mro := cls.MRO
	i := 0
	for i < len(mro) && mro[i] != s.Class {
		i++
	}
	for _, k := range mro[min(i+1, len(mro)):] {
		v, ok := k.Dict.GetStr(name)
		if !ok {
			continue
		}
		switch a := v.(type) {
		case *Function, *Builtin:
			if _, isCls := s.Obj.(*Class); isCls && s.Obj == cls {
				return v, nil
			}
			if b, ok := a.(*Builtin); ok && !b.binds() {
				return v, nil
			}
			return &BoundMethod{Self: s.Obj, Fn: a}, nil
		case *ClassMethod:
			return &BoundMethod{Self: cls, Fn: a.Fn}, nil
		case *StaticMethod:
			return a.Fn, nil
		case *Property:
			return t.Call(a.Get, Tuple{s.Obj}, nil)
		case *SlotMember:
			if o, ok := s.Obj.(*Instance); ok && o.Class.IsSubclass(a.Owner) {
				return a.get(o)
			}
		}
		return v, nil
	}
	// super's own members, found after the classes after __thisclass__.
	switch name {
	case "__thisclass__":
		return s.Class, nil
	case "__self__":
		return s.Obj, nil
	case "__self_class__":
		return cls, nil
	case "__get__":
		return &BoundMethod{Self: s, Fn: SuperClass.Lookup(name)}, nil
	}
	return nil, Errorf(AttributeErrorClass, "'super' object has no attribute '%s'", name)
}

// SetAttr evaluates obj.name = v.
func (t *Thread) SetAttr(obj Value, name string, v Value) error {
	switch o := obj.(type) {
	case *Instance:
		// type(o).__setattr__ decides; object's own (the common case)
		// honours data descriptors and then writes the instance dict.
		if sa := o.Class.lookupH("__setattr__", hashSetattr); sa != nil {
			if b, ok := sa.(*Builtin); !ok || b.Self != "object" {
				_, err := t.callMethod(sa, o, Tuple{Str(name), v})
				return err
			}
		}
		return t.instanceSetAttr(o, name, v)
	case *Class:
		if o.meta != nil {
			if sa := o.metaMethod("__setattr__"); sa != nil {
				_, err := t.callMethod(sa, o, Tuple{Str(name), v})
				return err
			}
		}
		return t.typeSetAttr(o, name, v)
	case *Function:
		if o.Dict == nil {
			o.Dict = NewDict()
		}
		switch name {
		case "__name__":
			if s, ok := v.(Str); ok {
				o.Name = string(s)
				return nil
			}
		case "__qualname__":
			if s, ok := v.(Str); ok {
				o.QualName = string(s)
				return nil
			}
		}
		return o.Dict.setStrT(t, name, nil, strHash(name), v)
	case *Module:
		return o.Dict.setStrT(t, name, nil, strHash(name), v)
	case *Property:
		// A property's docstring is writable (p.__doc__ = "..."), its
		// accessors are not.
		if name == "__doc__" {
			o.Doc = v
			return nil
		}
	case *Iter:
		if o.hasInstDict() && name != "__class__" {
			return t.iterInstSet(o, name, v)
		}
	}
	if name == "__class__" {
		// (1).__class__ = C: a value of a builtin type keeps its type.
		if _, ok := v.(*Class); !ok {
			return Errorf(TypeErrorClass, "__class__ must be set to a class, not '%s' object", TypeName(v))
		}
		return Errorf(TypeErrorClass, "__class__ assignment only supported for mutable types or ModuleType subclasses")
	}
	return t.builtinAttrNotWritable(obj, name)
}

// genAttrPrefix is the prefix of a generator's introspection attributes:
// gi_ for generators, cr_ for coroutines, ag_ for async generators.
// builtinAttrNotWritable is the error of setting or deleting attribute
// name of a value of a builtin type, in CPython's words.
func (t *Thread) builtinAttrNotWritable(obj Value, name string) error {
	if a := TypeOf(obj).Lookup(name); a != nil {
		if d, ok := a.(*GetSetDescriptor); ok {
			return d.readOnly()
		}
		return Errorf(AttributeErrorClass, "'%s' object attribute '%s' is read-only", TypeName(obj), name)
	}
	if _, ok, _ := t.builtinAttr(obj, name); ok {
		return Errorf(AttributeErrorClass, "attribute '%s' of '%s' objects is not writable", name, TypeName(obj))
	}
	return Errorf(AttributeErrorClass, "'%s' object has no attribute '%s'", TypeName(obj), name)
}

func genAttrPrefix(g *Generator) string {
	switch {
	case g.asyncGen:
		return "ag"
	case g.coroutine:
		return "cr"
	}
	return "gi"
}

// instanceSetAttr is object.__setattr__.
func (t *Thread) instanceSetAttr(o *Instance, name string, v Value) error {
	switch a := o.Class.lookupH(name, strHash(name)).(type) {
	case *SlotMember:
		return a.set(t, o, v)
	case *GetSetDescriptor:
		return a.readOnly()
	case *Property:
		if a.Set == nil {
			return Errorf(AttributeErrorClass, "property '%s' of '%s' object has no setter", name, o.Class.Name)
		}
		_, err := t.Call(a.Set, Tuple{o, v}, nil)
		return err
	case *Instance:
		if s := a.Class.Lookup("__set__"); s != nil {
			_, err := t.callMethod(s, a, Tuple{o, v})
			return err
		}
	}
	return t.instanceStore(o, name, v)
}

// instanceStore writes an instance attribute once descriptors are ruled
// out: exception state, __class__, __slots__, then the instance dict.
func (t *Thread) instanceStore(o *Instance, name string, v Value) error {
	if o.Exc != nil {
		switch name {
		case "args":
			items, err := t.iterate(v, nil)
			if err != nil {
				return err
			}
			o.Exc.Args = Tuple(items)
			return nil
		case "__cause__":
			if v == None {
				o.Exc.Cause = None
			} else {
				o.Exc.Cause = v
			}
			o.Exc.SuppressContext = true
			return nil
		case "__context__":
			o.Exc.Context = v
			return nil
		case "__suppress_context__":
			b, _ := t.Truth(v)
			o.Exc.SuppressContext = b
			return nil
		case "__traceback__":
			return nil
		}
	}
	if name == "__class__" {
		c, ok := v.(*Class)
		if !ok {
			return Errorf(TypeErrorClass, "__class__ must be set to a class, not '%s' object", TypeName(v))
		}
		// Neither the old class nor the new may be an immutable type
		// (a builtin, or a library class CPython writes in C).
		if c.immutableName() != "" || o.Class.immutableName() != "" {
			return Errorf(TypeErrorClass, "__class__ assignment only supported for mutable types or ModuleType subclasses")
		}
		// The builtin methods of the new class must find the state they
		// expect (a list subclass's methods read Base), as CPython's
		// layout check ensures.
		if !sameLayout(c, o.Class) {
			return Errorf(TypeErrorClass, "__class__ assignment: '%s' object layout differs from '%s'", c.Name, o.Class.Name)
		}
		if err := t.touchInstance(o); err != nil {
			return err
		}
		o.Class = c
		return nil
	}
	if o.Class == ObjectClass {
		return Errorf(AttributeErrorClass, "'object' object has no attribute '%s'", name)
	}
	if o.Class.noDict {
		if o.Class.Lookup(name) != nil {
			return Errorf(AttributeErrorClass, "'%s' object attribute '%s' is read-only", o.Class.MessageName(), name)
		}
		return Errorf(AttributeErrorClass, "'%s' object has no attribute '%s'", o.Class.MessageName(), name)
	}
	if o.Dict == nil {
		if err := t.touchInstance(o); err != nil {
			return err
		}
		o.Dict = t.newDict()
		if err := t.chargeNew(dictBytes); err != nil {
			return err
		}
	}
	// setStrT charges the value too (a number's box, a str up to one
	// block that its maker did not charge), as STORE_ATTR's cached store.
	return o.Dict.setStrT(t, name, nil, strHash(name), v)
}

// instanceDelAttr is object.__delattr__: a slot, a property's deleter,
// else the instance dict.
func (t *Thread) instanceDelAttr(o *Instance, name string) error {
	switch a := o.Class.Lookup(name).(type) {
	case *SlotMember:
		return a.del(t, o)
	case *GetSetDescriptor:
		return a.readOnly()
	case *Property:
		if a.Del == nil {
			return Errorf(AttributeErrorClass, "property '%s' of '%s' object has no deleter", name, o.Class.Name)
		}
		_, err := t.Call(a.Del, Tuple{o}, nil)
		return err
	case *Instance:
		// A data descriptor with __delete__ deletes.
		if d := a.Class.Lookup("__delete__"); d != nil {
			_, err := t.callMethod(d, a, Tuple{o})
			return err
		}
	}
	if o.Dict != nil {
		if err := t.touchDict(o.Dict); err != nil {
			return err
		}
		if o.Dict.DeleteStr(name) {
			return nil
		}
	}
	return Errorf(AttributeErrorClass, "'%s' object has no attribute '%s'", o.Class.MessageName(), name)
}

// DelAttr evaluates del obj.name.
func (t *Thread) DelAttr(obj Value, name string) error {
	switch o := obj.(type) {
	case *Instance:
		if da := o.Class.Lookup("__delattr__"); da != nil {
			if b, ok := da.(*Builtin); !ok || b.Self != "object" {
				_, err := t.callMethod(da, o, Tuple{Str(name)})
				return err
			}
		}
		return t.instanceDelAttr(o, name)
	case *Class:
		if da := o.metaMethod("__delattr__"); da != nil {
			_, err := t.callMethod(da, o, Tuple{Str(name)})
			return err
		}
		return t.typeDelAttr(o, name)
	case *Function:
		if o.Dict != nil {
			if err := t.touchDict(o.Dict); err != nil {
				return err
			}
			if o.Dict.DeleteStr(name) {
				return nil
			}
		}
	case *Module:
		if err := t.touchDict(o.Dict); err != nil {
			return err
		}
		if o.Dict.DeleteStr(name) {
			return nil
		}
	case *Iter:
		if o.hasInstDict() && name != "__class__" {
			if p, ok := o.cls.Lookup(name).(*Property); ok {
				if p.Del == nil {
					return Errorf(AttributeErrorClass, "property '%s' of '%s' object has no deleter", name, o.cls.Name)
				}
				_, err := t.Call(p.Del, Tuple{o}, nil)
				return err
			}
			if o.dict != nil && o.dict.DeleteStr(name) {
				return nil
			}
			return Errorf(AttributeErrorClass, "'%s' object has no attribute '%s'", o.cls.MessageName(), name)
		}
	}
	if name == "__class__" {
		return Errorf(TypeErrorClass, "can't delete __class__ attribute")
	}
	// A builtin value's attributes are read-only, in the words SetAttr
	// uses: del (5).real, del [].append, del (1j).real.
	return t.builtinAttrNotWritable(obj, name)
}

var _ = utf8.RuneError

// typeSetAttr is type.__setattr__(c, name, v): a data descriptor of c's
// metaclass decides, else the class namespace is written.
func (t *Thread) typeSetAttr(o *Class, name string, v Value) error {
	if o.meta != nil {
		if ma := o.metaMethod(name); ma != nil && isDataDescriptor(ma) {
			switch d := ma.(type) {
			case *Property:
				if d.Set == nil || d.Set == None {
					return Errorf(AttributeErrorClass, "can't set attribute")
				}
				_, err := t.Call(d.Set, Tuple{o, v}, nil)
				return err
			case *Instance:
				if m := d.Class.Lookup("__set__"); m != nil {
					_, err := t.callMethod(m, d, Tuple{o, v})
					return err
				}
			}
		}
	}
	if n := o.immutableName(); n != "" {
		return Errorf(TypeErrorClass, "cannot set '%s' attribute of immutable type '%s'", name, n)
	}
	switch name {
	case "__name__", "__qualname__":
		s, ok := v.(Str)
		if !ok {
			return Errorf(TypeErrorClass, "can only assign string to %s.%s, not '%s'", o.Name, name, TypeName(v))
		}
		if name == "__name__" {
			o.Name = string(s)
		} else {
			o.QualName = string(s)
		}
		return nil
	case "__bases__":
		return t.setBases(o, v)
	case "__module__":
		if m, ok := v.(Str); ok {
			o.Module = string(m)
		}
	case "__mro__", "__base__":
		return Errorf(AttributeErrorClass, "readonly attribute")
	case "__dict__":
		return Errorf(AttributeErrorClass, "attribute '__dict__' of 'type' objects is not writable")
	case "__class__":
		// C.__class__ = M changes C's metaclass, not an entry of its
		// namespace: only from one user metaclass to another, as
		// CPython (type itself is immutable).
		m, ok := v.(*Class)
		if !ok {
			return Errorf(TypeErrorClass, "__class__ must be set to a class, not '%s' object", TypeName(v))
		}
		if o.meta == nil || m.builtin {
			return Errorf(TypeErrorClass, "__class__ assignment only supported for mutable types or ModuleType subclasses")
		}
		if !m.IsSubclass(TypeClass) {
			return Errorf(TypeErrorClass, "__class__ assignment: '%s' object layout differs from '%s'", m.Name, o.meta.Name)
		}
		o.meta = m
		classChanged()
		return nil
	}
	if name == "__abstractmethods__" {
		abstract, err := t.Truth(v)
		if err != nil {
			return err
		}
		o.abstract = abstract
	}
	return o.Dict.setStrT(t, name, nil, strHash(name), v)
}

// typeDelAttr is type.__delattr__(o, name): a data descriptor of o's
// metaclass decides, else the name leaves the class namespace.
func (t *Thread) typeDelAttr(o *Class, name string) error {
	if o.meta != nil {
		switch d := o.metaMethod(name).(type) {
		case *Property:
			if d.Del == nil || d.Del == None {
				return Errorf(AttributeErrorClass, "can't delete attribute")
			}
			_, err := t.Call(d.Del, Tuple{o}, nil)
			return err
		case *Instance:
			if m := d.Class.Lookup("__delete__"); m != nil {
				_, err := t.callMethod(m, d, Tuple{o})
				return err
			}
		}
	}
	// CPython's type.__delattr__ is its __setattr__, so an immutable
	// type's refusal speaks of setting, whatever the name.
	if n := o.immutableName(); n != "" {
		return Errorf(TypeErrorClass, "cannot set '%s' attribute of immutable type '%s'", name, n)
	}
	switch name {
	case "__name__", "__qualname__", "__bases__", "__module__", "__doc__":
		return Errorf(TypeErrorClass, "cannot delete '%s' attribute of immutable type '%s'", name, o.Name)
	case "__mro__", "__base__":
		return Errorf(AttributeErrorClass, "readonly attribute")
	case "__dict__":
		return Errorf(AttributeErrorClass, "attribute '__dict__' of 'type' objects is not writable")
	}
	if err := t.touchDict(o.Dict); err != nil {
		return err
	}
	if o.Dict.DeleteStr(name) {
		if name == "__abstractmethods__" {
			o.abstract = false
		}
		return nil
	}
	return Errorf(AttributeErrorClass, "type object '%s' has no attribute '%s'", o.Name, name)
}
