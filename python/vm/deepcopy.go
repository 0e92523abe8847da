package vm

import "math/big"

// DeepcopyFast is copy.deepcopy's native path, the module's
// _deepcopy_fast(x, memo, deepcopy): x an exact list, dict, tuple, set or
// frozenset whose id is not in memo (an exact dict), copied as copy.py's
// deepcopy copies it, item by item, with the same memo entries in the same
// order (the copy of every container that is not returned as itself, and
// the keep-alive list under id(memo)). Items that are None, bool, int,
// float, str or bytes are their own copy; items that are such containers
// are copied here; anything else (instances, subclasses, objects with
// __deepcopy__) goes to deepcopy, the module's Python function, with the
// same memo.
//
// Each level of nesting counts as the frames CPython's deepcopy spends on
// it, so very deep nesting raises RecursionError about where CPython does;
// every item is a step, and every object made is charged as the
// constructors charge it. Lists and dicts being filled are in memo (which
// the caller's frame holds); tuple and set items being gathered are held
// as roots while deepcopy may run snippet code.
func DeepcopyFast(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
	if len(args) != 3 || len(kw) != 0 {
		return nil, Errorf(TypeErrorClass, "_deepcopy_fast() takes 3 positional arguments (x, memo, deepcopy)")
	}
	memo, ok := args[1].(*Dict)
	if !ok {
		return nil, Errorf(TypeErrorClass, "_deepcopy_fast() memo must be a dict, not %s", TypeName(args[1]))
	}
	c := deepcopier{t: t, memo: memo, fallback: args[2]}
	return c.container(args[0], c.key(args[0]))
}

type deepcopier struct {
	t        *Thread
	memo     *Dict
	fallback Value
}

// key is id(v) as the id builtin gives it: memo's key for v.
func (c *deepcopier) key(v Value) Value { return Int(int64(identity(v) & (1<<62 - 1))) }

// item is deepcopy(v, memo).
func (c *deepcopier) item(v Value) (Value, error) {
	if err := c.t.tick(1); err != nil {
		return nil, err
	}
	d := c.key(v)
	if y, ok, err := c.memo.Get(c.t, d); err != nil || ok {
		return y, err
	}
	switch v.(type) {
	case NoneType, Bool, Int, *big.Int, Float, Str, Bytes:
		return v, nil
	case *List, *Dict, Tuple, *Set:
		return c.container(v, d)
	}
	return c.t.Call(c.fallback, Tuple{v, c.memo}, nil)
}

// frames is what CPython's deepcopy spends on one level of x: deepcopy
// and the type's copier (_deepcopy_list, _deepcopy_dict), plus the list
// comprehension for a tuple; a set goes through __reduce_ex__ and
// _reconstruct, copying its items as a list in a tuple.
func frames(x Value) int {
	switch x.(type) {
	case Tuple:
		return 3
	case *Set:
		return 7
	}
	return 2
}

// container copies x (an exact list, dict, tuple, set or frozenset) whose
// key d is not in memo.
func (c *deepcopier) container(x Value, d Value) (Value, error) {
	t := c.t
	n := frames(x)
	if t.depth+n > t.limits.MaxDepth {
		return nil, Errorf(RecursionErrorClass, "maximum recursion depth exceeded")
	}
	t.depth += n
	y, err := c.copyOf(x, d)
	t.depth -= n
	if err != nil {
		return nil, err
	}
	if Is(y, x) {
		return y, nil
	}
	if err := c.memo.Set(t, d, y); err != nil {
		return nil, err
	}
	return y, c.keepAlive(x)
}

func (c *deepcopier) copyOf(x Value, d Value) (Value, error) {
	t := c.t
	switch x := x.(type) {
	case *List:
		y := t.NewList(nil)
		if err := t.chargeNew(newBytes(y)); err != nil {
			return nil, err
		}
		if err := c.memo.Set(t, d, y); err != nil {
			return nil, err
		}
		// By index over the current length, as a list iterator: the
		// fallback may change x.
		for i := 0; i < len(x.Items); i++ {
			v, err := c.item(x.Items[i])
			if err != nil {
				return nil, err
			}
			if err := t.listAppend(y, v); err != nil {
				return nil, err
			}
		}
		return y, nil
	case *Dict:
		y := NewDict()
		if err := t.chargeNew(newBytes(y)); err != nil {
			return nil, err
		}
		if err := c.memo.Set(t, d, y); err != nil {
			return nil, err
		}
		live := x.live
		for i := 0; i < len(x.entries); i++ {
			if x.live != live {
				return nil, Errorf(RuntimeErrorClass, "dictionary changed size during iteration")
			}
			e := x.entries[i]
			if e.key == nil {
				continue
			}
			k, err := c.item(e.key)
			if err != nil {
				return nil, err
			}
			v, err := c.item(e.value)
			if err != nil {
				return nil, err
			}
			if err := y.Set(t, k, v); err != nil {
				return nil, err
			}
		}
		if x.live != live {
			return nil, Errorf(RuntimeErrorClass, "dictionary changed size during iteration")
		}
		return y, nil
	case Tuple:
		items, release, err := c.gather(len(x))
		if err != nil {
			return nil, err
		}
		defer release()
		same := true
		for _, a := range x {
			v, err := c.item(a)
			if err != nil {
				return nil, err
			}
			same = same && Is(v, a)
			if err := t.listAppend(items, v); err != nil {
				return nil, err
			}
		}
		// A cycle through an object the fallback copied may have copied
		// x already.
		if y, ok, err := c.memo.Get(t, d); err != nil || ok {
			return y, err
		}
		if same {
			return x, nil
		}
		y := Tuple(append([]Value(nil), items.Items...))
		return y, t.chargeNew(tupleBytes(len(y)))
	case *Set:
		items, release, err := c.gather(x.used)
		if err != nil {
			return nil, err
		}
		defer release()
		live := x.used
		for i := 0; i < len(x.table); i++ {
			if x.used != live {
				return nil, Errorf(RuntimeErrorClass, "Set changed size during iteration")
			}
			e := x.table[i]
			if e.key == nil || e.key == setDummy {
				continue
			}
			v, err := c.item(e.key)
			if err != nil {
				return nil, err
			}
			if err := t.listAppend(items, v); err != nil {
				return nil, err
			}
		}
		if x.used != live {
			return nil, Errorf(RuntimeErrorClass, "Set changed size during iteration")
		}
		y := &Set{frozen: x.frozen}
		if err := t.chargeNew(newBytes(y)); err != nil {
			return nil, err
		}
		for _, v := range items.Items {
			if err := y.Add(t, v); err != nil {
				return nil, err
			}
		}
		return y, nil
	}
	return nil, Errorf(TypeErrorClass, "_deepcopy_fast() cannot copy %s", TypeName(x))
}

// gather returns a list, charged and held as a root until release, for
// the copies of n items.
func (c *deepcopier) gather(n int) (*List, func(), error) {
	items := c.t.NewList(make([]Value, 0, n))
	if err := c.t.chargeNew(newBytes(items)); err != nil {
		return nil, nil, err
	}
	if n > 0 {
		if err := c.t.chargeSlots(n); err != nil {
			return nil, nil, err
		}
	}
	return items, c.t.holdRoots(items), nil
}

// keepAlive is copy.py's _keep_alive(x, memo): x appended to the list
// memo holds under id(memo), made on first use.
func (c *deepcopier) keepAlive(x Value) error {
	t := c.t
	k := c.key(c.memo)
	l, ok, err := c.memo.Get(t, k)
	if err != nil {
		return err
	}
	if !ok {
		l := t.NewList(nil)
		if err := t.chargeNew(newBytes(l)); err != nil {
			return err
		}
		if err := t.listAppend(l, x); err != nil {
			return err
		}
		return c.memo.Set(t, k, l)
	}
	if list, ok := l.(*List); ok {
		// The memo's list may be the caller's, made before the run.
		if err := t.touchList(list); err != nil {
			return err
		}
		return t.listAppend(list, x)
	}
	_, err = t.CallMethodName(l, "append", Tuple{x}, nil)
	return err
}
