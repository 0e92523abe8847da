package vm

import (
	"math/big"
	"unsafe"
)

func (t *Thread) dictUpdate(d *Dict, args Tuple, kw []Kwarg) error {
	if len(args) > 1 {
		return Errorf(TypeErrorClass, "update expected at most 1 argument, got %d", len(args))
	}
	if len(args) == 1 {
		switch src := args[0].(type) {
		case *Dict:
			if err := t.tickItems(src.Len()); err != nil {
				return err
			}
			for _, it := range src.Items() {
				if err := d.Set(t, it[0], it[1]); err != nil {
					return err
				}
			}
		default:
			if inst, ok := src.(*Instance); ok && inst.Class.Lookup("keys") != nil {
				if err := t.dictMerge(d, src, false, nil); err != nil {
					return err
				}
				break
			}
			items, err := t.iterate(src, func() error {
				return Errorf(TypeErrorClass, "'%s' object is not iterable", TypeName(src))
			})
			if err != nil {
				return err
			}
			for i, it := range items {
				pair, err := t.iterate(it, func() error {
					return Errorf(TypeErrorClass, "cannot convert dictionary update sequence element #%d to a sequence", i)
				})
				if err != nil {
					return err
				}
				if len(pair) != 2 {
					return Errorf(ValueErrorClass, "dictionary update sequence element #%d has length %d; 2 is required", i, len(pair))
				}
				if err := d.Set(t, pair[0], pair[1]); err != nil {
					return err
				}
			}
		}
	}
	if len(kw) > 0 {
		if err := t.touchDict(d); err != nil {
			return err
		}
	}
	for _, k := range kw {
		// Charged as d[k] = v is (its growth and the value): uncharged,
		// c.update(a=s + str(i)) kept in a loop took toolplane run to
		// 7.1 GB under its 512 MiB limit.
		if err := d.Set(t, Str(k.Name), k.Value); err != nil {
			return err
		}
	}
	return nil
}

func (t *Thread) seqIndex(items []Value, a Tuple, kw []Kwarg, what string) (Value, error) {
	p, err := parseArgs("index", a[1:], kw, "value", "start?", "stop?")
	if err != nil {
		return nil, err
	}
	for _, b := range p[1:] {
		// list.index and tuple.index take ints only (no None).
		if b != nil {
			if _, ok, _ := t.index(b); !ok {
				if _, big := b.(*big.Int); !big {
					return nil, Errorf(TypeErrorClass, "slice indices must be integers or have an __index__ method")
				}
			}
		}
	}
	start, stop, _, err := t.sliceIndices(&Slice{Start: orNone(p[1]), Stop: orNone(p[2]), Step: None}, len(items))
	if err != nil {
		return nil, err
	}
	if err := t.tickItems(min(stop, len(items)) - start); err != nil {
		return nil, err
	}
	for i := start; i < stop && i < len(items); i++ {
		if Is(items[i], p[0]) {
			return Int(i), nil
		}
		eq, err := t.Equal(items[i], p[0])
		if err != nil {
			return nil, err
		}
		if eq {
			return Int(i), nil
		}
	}
	if what == "list" {
		r, err := t.Repr(p[0])
		if err != nil {
			return nil, err
		}
		return nil, Errorf(ValueErrorClass, "%s is not in list", r)
	}
	return nil, Errorf(ValueErrorClass, "tuple.index(x): x not in tuple")
}

func (t *Thread) seqCount(items []Value, x Value) (Value, error) {
	if err := t.tickItems(len(items)); err != nil {
		return nil, err
	}
	n := 0
	for _, v := range items {
		if Is(v, x) {
			n++
			continue
		}
		eq, err := t.Equal(v, x)
		if err != nil {
			return nil, err
		}
		if eq {
			n++
		}
	}
	return Int(n), nil
}

func initContainers() {
	addMethods(DictClass, map[string]BuiltinFunc{
		"__init__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			d, ok := unwrapBase(a[0]).(*Dict)
			if !ok {
				return nil, Errorf(TypeErrorClass, "descriptor '__init__' requires a 'dict' object")
			}
			return None, t.dictUpdate(d, a[1:], kw)
		},
		"__repr__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s, err := t.Repr(unwrapBase(a[0]))
			return Str(s), err
		},
		"__eq__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if _, ok := unwrapBase(a[1]).(*Dict); !ok {
				return NotImplemented, nil
			}
			eq, err := t.Equal(unwrapBase(a[0]), unwrapBase(a[1]))
			return Bool(eq), err
		},
		"__delitem__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return None, t.DelItem(unwrapBase(a[0]), a[1]) },
	})
	addMethods(SetClass, map[string]BuiltinFunc{
		// set.__init__ refills the set from its argument (an instance of a
		// set subclass is made empty, then initialised).
		"__init__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s, ok := unwrapBase(a[0]).(*Set)
			if !ok {
				return nil, Errorf(TypeErrorClass, "descriptor '__init__' requires a 'set' object")
			}
			if err := rangeArgs("set", a[1:], kw, 0, 1); err != nil {
				return nil, err
			}
			if err := t.touchSet(s); err != nil {
				return nil, err
			}
			s.replace(NewSet())
			if len(a) > 1 {
				return None, t.setUpdate(s, a[1])
			}
			return None, nil
		},
	})
	addMethods(ListClass, map[string]BuiltinFunc{
		"__init__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			l, ok := unwrapBase(a[0]).(*List)
			if !ok {
				return nil, Errorf(TypeErrorClass, "descriptor '__init__' requires a 'list' object")
			}
			if err := t.touchList(l); err != nil {
				return nil, err
			}
			l.Items = nil
			if len(a) > 1 {
				items, err := t.iterate(a[1], nil)
				if err != nil {
					return nil, err
				}
				if err := t.chargeSlots(len(items)); err != nil {
					return nil, err
				}
				l.Items = append([]Value(nil), items...)
			}
			return None, nil
		},
		"__repr__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s, err := t.Repr(unwrapBase(a[0]))
			return Str(s), err
		},
		"__eq__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if _, ok := unwrapBase(a[1]).(*List); !ok {
				return NotImplemented, nil
			}
			eq, err := t.Equal(unwrapBase(a[0]), unwrapBase(a[1]))
			return Bool(eq), err
		},
		"__delitem__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return None, t.DelItem(unwrapBase(a[0]), a[1]) },
	})
	addMethods(ListClass, map[string]BuiltinFunc{
		"append": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("list.append", a[1:], kw, 1); err != nil {
				return nil, err
			}
			l := a[0].(*List)
			if err := t.touchList(l); err != nil {
				return nil, err
			}
			c := cap(l.Items)
			l.Items = appendItem(l.Items, a[1])
			if cap(l.Items) != c {
				if err := t.chargeSlots(cap(l.Items)); err != nil {
					return nil, err
				}
			}
			return None, t.chargeStored(a[1])
		},
		"extend": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("list.extend", a[1:], kw, 1); err != nil {
				return nil, err
			}
			l := a[0].(*List)
			items, err := t.iterate(a[1], nil)
			if err != nil {
				return nil, err
			}
			if err := t.chargeSlots(len(l.Items) + len(items)); err != nil {
				return nil, err
			}
			if err := t.touchList(l); err != nil {
				return nil, err
			}
			l.Items = append(l.Items, items...)
			return None, nil
		},
		"insert": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("insert", a[1:], kw, 2); err != nil {
				return nil, err
			}
			l := a[0].(*List)
			i, err := t.toInt(a[1], "")
			if err != nil {
				return nil, err
			}
			n := int64(len(l.Items))
			if i < 0 {
				i += n
				if i < 0 {
					i = 0
				}
			}
			if i > n {
				i = n
			}
			// The items after i move (16 bytes each).
			if err := t.tickBytes(int(n-i) * 16); err != nil {
				return nil, err
			}
			// The item is charged as append charges it (a str up to one
			// block, a number's box: inserted and kept, 0.11 of the
			// heap was charged).
			if err := t.chargeStored(a[2]); err != nil {
				return nil, err
			}
			if err := t.touchList(l); err != nil {
				return nil, err
			}
			c := cap(l.Items)
			l.Items = append(l.Items, nil)
			if cap(l.Items) != c {
				if err := t.chargeSlots(cap(l.Items)); err != nil {
					return nil, err
				}
			}
			copy(l.Items[i+1:], l.Items[i:])
			l.Items[i] = a[2]
			return None, nil
		},
		"pop": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := rangeArgs("pop", a[1:], kw, 0, 1); err != nil {
				return nil, err
			}
			l := a[0].(*List)
			i := int64(len(l.Items) - 1)
			if len(a) > 1 {
				// The index's type is checked before the list's length,
				// as CPython does: [].pop('x') is a TypeError.
				var err error
				i, err = t.toInt(a[1], "")
				if err != nil {
					return nil, err
				}
			}
			if len(l.Items) == 0 {
				return nil, Errorf(IndexErrorClass, "pop from empty list")
			}
			if len(a) > 1 {
				if i < 0 {
					i += int64(len(l.Items))
				}
				if i < 0 || i >= int64(len(l.Items)) {
					return nil, Errorf(IndexErrorClass, "pop index out of range")
				}
			}
			if err := t.tickBytes((len(l.Items) - int(i)) * 16); err != nil {
				return nil, err
			}
			if err := t.touchList(l); err != nil {
				return nil, err
			}
			v := l.Items[i]
			copy(l.Items[i:], l.Items[i+1:])
			l.Items[len(l.Items)-1] = nil
			l.Items = l.Items[:len(l.Items)-1]
			return v, nil
		},
		"remove": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("list.remove", a[1:], kw, 1); err != nil {
				return nil, err
			}
			l := a[0].(*List)
			if err := t.tickItems(len(l.Items)); err != nil {
				return nil, err
			}
			// The same object counts as equal whatever its __eq__ says,
			// and an __eq__ may shrink the list: re-read its length each
			// step, as CPython's list.remove does.
			for i := 0; i < len(l.Items); i++ {
				v := l.Items[i]
				eq := Is(v, a[1])
				if !eq {
					var err error
					if eq, err = t.Equal(v, a[1]); err != nil {
						return nil, err
					}
				}
				if eq && i < len(l.Items) {
					if err := t.touchList(l); err != nil {
						return nil, err
					}
					l.Items = append(l.Items[:i], l.Items[i+1:]...)
					return None, nil
				}
			}
			return nil, Errorf(ValueErrorClass, "list.remove(x): x not in list")
		},
		"index": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return t.seqIndex(a[0].(*List).Items, a, kw, "list")
		},
		"count": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("count", a[1:], kw, 1); err != nil {
				return nil, err
			}
			return t.seqCount(a[0].(*List).Items, a[1])
		},
		"clear": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			l := a[0].(*List)
			if err := t.touchList(l); err != nil {
				return nil, err
			}
			l.Items = nil
			return None, nil
		},
		"copy": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			items := a[0].(*List).Items
			if err := t.chargeSlots(len(items)); err != nil {
				return nil, err
			}
			return t.NewList(append([]Value(nil), items...)), nil
		},
		"reverse": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := t.touchList(a[0].(*List)); err != nil {
				return nil, err
			}
			it := a[0].(*List).Items
			if err := t.tickItems(len(it)); err != nil {
				return nil, err
			}
			for i, j := 0, len(it)-1; i < j; i, j = i+1, j-1 {
				it[i], it[j] = it[j], it[i]
			}
			return None, nil
		},
		"sort": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) > 1 {
				return nil, Errorf(TypeErrorClass, "sort() takes no positional arguments")
			}
			return None, t.listSort(a[0].(*List), kw)
		},
		"__len__":     func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return Int(len(a[0].(*List).Items)), nil },
		"__getitem__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.GetItem(a[0], a[1]) },
		"__setitem__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return None, t.SetItem(a[0], a[1], a[2]) },
		"__contains__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			ok, err := t.Contains(a[0], a[1])
			return Bool(ok), err
		},
		"__iter__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.Iter(a[0]) },
	})
	addMethods(TupleClass, map[string]BuiltinFunc{
		"index": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.seqIndex(a[0].(Tuple), a, kw, "tuple") },
		"count": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("count", a[1:], kw, 1); err != nil {
				return nil, err
			}
			return t.seqCount(a[0].(Tuple), a[1])
		},
		"__len__":     func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return Int(len(a[0].(Tuple))), nil },
		"__getitem__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.GetItem(a[0], a[1]) },
		"__contains__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			ok, err := t.Contains(a[0], a[1])
			return Bool(ok), err
		},
		"__iter__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.Iter(a[0]) },
	})
	addMethods(DictClass, map[string]BuiltinFunc{
		"get": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := rangeArgs("get", a[1:], kw, 1, 2); err != nil {
				return nil, err
			}
			v, ok, err := a[0].(*Dict).Get(t, a[1])
			if err != nil {
				return nil, err
			}
			if !ok {
				if len(a) > 2 {
					return a[2], nil
				}
				return None, nil
			}
			return v, nil
		},
		"keys": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return &DictView{d: a[0].(*Dict), kind: viewKeys}, nil
		},
		"values": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return &DictView{d: a[0].(*Dict), kind: viewValues}, nil
		},
		"items": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return &DictView{d: a[0].(*Dict), kind: viewItems}, nil
		},
		"pop": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := rangeArgs("pop", a[1:], kw, 1, 2); err != nil {
				return nil, err
			}
			v, ok, err := a[0].(*Dict).Delete(t, a[1])
			if err != nil {
				return nil, err
			}
			if !ok {
				if len(a) > 2 {
					return a[2], nil
				}
				return nil, NewException(KeyErrorClass, a[1])
			}
			return v, nil
		},
		"popitem": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			d := a[0].(*Dict)
			if err := t.touchDict(d); err != nil {
				return nil, err
			}
			if d.trail > len(d.entries) {
				d.trail = 0
			}
			from := len(d.entries) - 1 - d.trail
			for i := from; i >= 0; i-- {
				e := d.entries[i]
				if e.key != nil {
					if err := t.tickItems(from - i); err != nil {
						return nil, err
					}
					d.Delete(t, e.key)
					d.trail = len(d.entries) - i
					return Tuple{e.key, e.value}, nil
				}
			}
			return nil, Errorf(KeyErrorClass, "popitem(): dictionary is empty")
		},
		"setdefault": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := rangeArgs("setdefault", a[1:], kw, 1, 2); err != nil {
				return nil, err
			}
			d := a[0].(*Dict)
			v, ok, err := d.Get(t, a[1])
			if err != nil {
				return nil, err
			}
			if ok {
				return v, nil
			}
			var def Value = None
			if len(a) > 2 {
				def = a[2]
			}
			return def, d.Set(t, a[1], def)
		},
		"update": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return None, t.dictUpdate(a[0].(*Dict), a[1:], kw)
		},
		"clear": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := t.touchDict(a[0].(*Dict)); err != nil {
				return nil, err
			}
			a[0].(*Dict).Clear()
			return None, nil
		},
		"copy": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			d := a[0].(*Dict)
			if err := t.ChargeItems(int64(len(d.entries)), int64(unsafe.Sizeof(dictEntry{}))+8); err != nil {
				return nil, err
			}
			c := d.Copy()
			c.gen = t.epochOf()
			return c, nil
		},
		"__getitem__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.GetItem(a[0], a[1]) },
		"__setitem__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return None, t.SetItem(a[0], a[1], a[2]) },
		"__contains__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			ok, err := t.Contains(a[0], a[1])
			return Bool(ok), err
		},
		"__len__":  func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return Int(a[0].(*Dict).Len()), nil },
		"__iter__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.Iter(a[0]) },
	})
	DictClass.Dict.SetStr("fromkeys", &ClassMethod{Fn: &Builtin{Name: "fromkeys", Fn: func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if err := checkArity("dict.fromkeys", "fromkeys", arity{clinic, 1, 2}, a[1:], kw); err != nil {
			return nil, err
		}
		items, err := t.iterate(a[1], nil)
		if err != nil {
			return nil, err
		}
		var v Value = None
		if len(a) == 3 {
			v = a[2]
		}
		d := t.newDict()
		// The dict and the keys are reachable from no frame until it
		// returns: a remeasure midway must see them.
		defer t.holdRoots(d, Tuple(items))()
		for _, k := range items {
			if err := d.Set(t, k, v); err != nil {
				return nil, err
			}
		}
		return d, nil
	}}})
	setOp := func(name string, op int) BuiltinFunc {
		return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s := a[0].(*Set)
			if err := t.tickItems(s.Len()); err != nil {
				return nil, err
			}
			r := &Set{frozen: s.frozen}
			for _, e := range s.Elems() {
				r.Add(t, e)
			}
			for _, o := range a[1:] {
				items, err := t.iterate(o, nil)
				if err != nil {
					return nil, err
				}
				other := NewSet()
				for _, it := range items {
					if err := other.Add(t, it); err != nil {
						return nil, err
					}
				}
				res, err := t.setBinary(cmpToOp(op), r, other)
				if err != nil {
					return nil, err
				}
				res.(*Set).frozen = s.frozen
				r = res.(*Set)
			}
			return r, nil
		}
	}
	inplace := func(name string, op int) BuiltinFunc {
		f := setOp(name, op)
		return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			r, err := f(t, a, kw)
			if err != nil {
				return nil, err
			}
			if err := t.touchSet(a[0].(*Set)); err != nil {
				return nil, err
			}
			a[0].(*Set).replace(r.(*Set))
			return None, nil
		}
	}
	common := map[string]BuiltinFunc{
		"union":                setOp("union", 9),
		"intersection":         setOp("intersection", 11),
		"difference":           setOp("difference", 1),
		"symmetric_difference": setOp("symmetric_difference", 10),
		"copy": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s := a[0].(*Set)
			if err := t.tickItems(s.Len()); err != nil {
				return nil, err
			}
			c := s.Copy()
			c.frozen = s.frozen
			c.gen = t.epochOf()
			return c, nil
		},
		"issubset": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			other, err := t.toSet(a[1])
			if err != nil {
				return nil, err
			}
			return t.setOrder(3, a[0].(*Set), other) // LtE
		},
		"issuperset": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			other, err := t.toSet(a[1])
			if err != nil {
				return nil, err
			}
			return t.setOrder(5, a[0].(*Set), other) // GtE
		},
		"isdisjoint": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			other, err := t.toSet(a[1])
			if err != nil {
				return nil, err
			}
			if err := t.tickItems(a[0].(*Set).Len()); err != nil {
				return nil, err
			}
			for _, e := range a[0].(*Set).Elems() {
				if ok, _ := other.Has(t, e); ok {
					return Bool(false), nil
				}
			}
			return Bool(true), nil
		},
		"__len__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return Int(a[0].(*Set).Len()), nil },
		"__contains__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			ok, err := t.Contains(a[0], a[1])
			return Bool(ok), err
		},
		"__iter__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.Iter(a[0]) },
	}
	addMethods(FrozenSetClass, common)
	addMethods(SetClass, common)
	addMethods(SetClass, map[string]BuiltinFunc{
		"add": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("set.add", a[1:], kw, 1); err != nil {
				return nil, err
			}
			return None, a[0].(*Set).Add(t, a[1])
		},
		"remove": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			ok, err := a[0].(*Set).Delete(t, a[1])
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, NewException(KeyErrorClass, a[1])
			}
			return None, nil
		},
		"discard": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			_, err := a[0].(*Set).Delete(t, a[1])
			return None, err
		},
		"pop": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			// From a finger past the last element popped, as CPython's
			// set_pop: a scan from the start would pass every slot
			// emptied before (popping a set empty was quadratic).
			s := a[0].(*Set)
			if s.used == 0 {
				return nil, Errorf(KeyErrorClass, "pop from an empty set")
			}
			i := s.finger & (len(s.table) - 1)
			start := i
			for s.table[i].key == nil || s.table[i].key == setDummy {
				if i++; i == len(s.table) {
					i = 0
				}
			}
			if err := t.tickItems((i - start + len(s.table)) % len(s.table)); err != nil {
				return nil, err
			}
			if err := t.touchSet(s); err != nil {
				return nil, err
			}
			key := s.table[i].key
			s.table[i] = setEntry{key: setDummy}
			s.used--
			s.finger = i + 1
			return key, nil
		},
		"clear": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := t.touchSet(a[0].(*Set)); err != nil {
				return nil, err
			}
			a[0].(*Set).Clear()
			return None, nil
		},
		"update":                      inplace("update", 9),
		"intersection_update":         inplace("intersection_update", 11),
		"difference_update":           inplace("difference_update", 1),
		"symmetric_difference_update": inplace("symmetric_difference_update", 10),
	})
	viewMethods := map[string]BuiltinFunc{
		"__len__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return Int(a[0].(*DictView).d.Len()), nil },
		"isdisjoint": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s, err := t.viewSet(a[0].(*DictView))
			if err != nil {
				return nil, err
			}
			if err := t.tickItems(s.Len()); err != nil {
				return nil, err
			}
			items, err := t.iterate(a[1], nil)
			if err != nil {
				return nil, err
			}
			for _, it := range items {
				if ok, _ := s.Has(t, it); ok {
					return Bool(false), nil
				}
			}
			return Bool(true), nil
		},
	}
	addMethods(DictKeysClass, viewMethods)
	addMethods(DictItemsClass, viewMethods)
	addMethods(DictValuesClass, map[string]BuiltinFunc{"__len__": viewMethods["__len__"]})
}

// cmpToOp maps the small codes used by set methods to binary operators:
// 10 |, 11 &, 1 -, 9 ^.
func cmpToOp(op int) (o opCode) { return opCode(op) }

func (t *Thread) toSet(v Value) (*Set, error) {
	if s, ok := v.(*Set); ok {
		return s, nil
	}
	s := NewSet()
	if err := t.setUpdate(s, v); err != nil {
		return nil, err
	}
	return s, nil
}

// appendItem is append(items, v), except that the first item of an empty
// list gets room for four, as CPython's list over-allocates: the two- to
// four-item lists that comprehensions and loops build then take one
// allocation instead of up to three; and that a full array of 256 items
// or more doubles, as a dict's entries do (appendEntry): append grows a
// large slice by a quarter at a time, so a list built one append at a
// time copied its items about four times over (a 40000-item list: 3.6 MB
// of arrays for 0.6 MB of items) instead of once. From 1<<20 items (16
// MiB) on, append's growth again: the array is made before its charge
// can refuse it, and doubling there would overshoot a memory limit by
// more. The caller charges the capacity it got, as for any growth.
func appendItem(items []Value, v Value) []Value {
	switch {
	case cap(items) == 0:
		s := make([]Value, 1, 4)
		s[0] = v
		return s
	case len(items) == cap(items) && cap(items) >= 256 && cap(items) < 1<<20:
		s := make([]Value, len(items), 2*cap(items))
		copy(s, items)
		items = s
	}
	return append(items, v)
}
