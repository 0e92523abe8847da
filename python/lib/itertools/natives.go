package itertools

import (
	"math/big"
	"strconv"

	"github.com/toolplane/toolplane/python/lib/internal/pyargs"
	"github.com/toolplane/toolplane/python/syntax"
	"github.com/toolplane/toolplane/python/vm"
)

type fn = func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error)

// closureStateBytes is about what an iterator's closure keeps beside the
// values in its refs: the variables it captures and updates (counters,
// flags, saved positions), each moved to the heap.
const closureStateBytes = 64

// natives are the iterator cores itertools.py wraps. Each takes already-validated
// positional arguments.
func natives() map[string]vm.Value {
	m := map[string]vm.Value{}
	// The natives are module globals a snippet can reach (itertools._count),
	// so each checks its argument count before reading its arguments.
	add := func(name string, n int, f fn) {
		m[name] = &vm.Builtin{Name: name, Fn: func(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			if len(a) != n || len(kw) > 0 {
				return nil, vm.Errorf(vm.TypeErrorClass, "%s() takes %d positional arguments", name, n)
			}
			// Each keeps its arguments (repeat's object, count's start
			// and step), which their makers may not have charged: a
			// str up to one block, a number's box.
			for _, x := range a {
				if err := t.ChargeStored(x); err != nil {
					return nil, err
				}
			}
			v, err := f(t, a, kw)
			if it, ok := v.(*vm.Iter); ok && err == nil {
				// The iterator and its closure's state: a library
				// function's result, which no constructor charges
				// (a list of repeat() objects held 2.3 GB under a
				// 512 MiB limit, charged a fifth of its heap).
				err = t.Charge(vm.ValueBytes(it) + closureStateBytes)
			}
			return v, err
		}}
	}
	add("_count", 2, nativeCount)
	add("_cycle", 1, nativeCycle)
	add("_repeat", 2, nativeRepeat)
	add("_accumulate", 4, nativeAccumulate)
	add("_chain", 1, nativeChain)
	add("_compress", 2, nativeCompress)
	add("_dropwhile", 2, nativeDropwhile)
	add("_takewhile", 2, nativeTakewhile)
	add("_filterfalse", 2, nativeFilterfalse)
	add("_islice", 4, nativeIslice)
	add("_pairwise", 1, nativePairwise)
	add("_starmap", 2, nativeStarmap)
	add("_zip_longest", 2, nativeZipLongest)
	add("_product", 1, nativeProduct)
	add("_permutations", 2, nativePermutations)
	add("_combinations", 2, nativeCombinations)
	add("_cwr", 2, nativeCWR)
	// _typed(it, cls) gives an iterator made above its itertools class (a class of
	// itertools.py), so type(count()) is itertools.count; vm.Iter.Retype refuses
	// anything but a native iterator and a plain Python class.
	// _over(it) is a native iterator over the iterator it (groupby's generator), so
	// _typed can give it a class.
	add("_over", 1, func(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		src := a[0]
		return iter(func(t *vm.Thread) (vm.Value, bool, error) { return t.Next(src) }, src), nil
	})
	// _newfrom(make) is the __new__ of an itertools type: it calls make with its
	// arguments (the class first) and gives the iterator make returns the class, without
	// a Python frame of its own (hostile/depth_nested_iterators builds 30000 of them).
	// owner is the type whose __new__ it is: the class must derive from it, in
	// CPython's words (tp_new_wrapper).
	add("_newfrom", 2, func(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		mk := a[0]
		owner, ok := a[1].(*vm.Class)
		if !ok {
			return nil, vm.Errorf(vm.TypeErrorClass, "_newfrom() takes a function and a class")
		}
		return vm.NewConstructor(func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			if len(args) == 0 {
				return nil, vm.Errorf(vm.TypeErrorClass, "%s.__new__(): not enough arguments", tpName(owner))
			}
			c, ok := args[0].(*vm.Class)
			if !ok {
				return nil, vm.Errorf(vm.TypeErrorClass, "%s.__new__(X): X is not a type object (%s)", tpName(owner), vm.TypeName(args[0]))
			}
			if !c.IsSubclass(owner) {
				return nil, vm.Errorf(vm.TypeErrorClass, "%s.__new__(%s): %s is not a subtype of %s", tpName(owner), tpName(c), tpName(c), tpName(owner))
			}
			r, err := t.Call(mk, args, kw)
			if err != nil {
				return nil, err
			}
			it, ok := r.(*vm.Iter)
			if !ok {
				return nil, vm.Errorf(vm.TypeErrorClass, "%s() made no itertools iterator", c.Name)
			}
			if err := it.Retype(c); err != nil {
				return nil, err
			}
			return it, nil
		}), nil
	})
	add("_typed", 2, func(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		it, ok := a[0].(*vm.Iter)
		c, cok := a[1].(*vm.Class)
		if !ok || !cok {
			return nil, vm.Errorf(vm.TypeErrorClass, "_typed() takes an itertools iterator and a class")
		}
		if err := it.Retype(c); err != nil {
			return nil, err
		}
		return it, nil
	})
	return m
}

// tpName is a class as CPython's tp_name names it: itertools' types with their
// module (itertools.count), any other class by its name.
func tpName(c *vm.Class) string {
	if c.Module == "itertools" {
		return "itertools." + c.Name
	}
	return c.Name
}

// iter makes an iterator of f; refs are the values its closure keeps
// (source iterators, saved items, state boxes), which the retained-size
// walk must see: a closure is opaque to it, and an islice kept across runs
// held its list invisibly.
func iter(f func(t *vm.Thread) (vm.Value, bool, error), refs ...vm.Value) *vm.Iter {
	return vm.FuncIter(vm.SeqIterClass, f, refs...)
}

func nativeCount(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	n, step := a[0], a[1]
	it := iter(func(t *vm.Thread) (vm.Value, bool, error) {
		cur := n
		if x, ok := n.(vm.Int); ok {
			if s, ok := step.(vm.Int); ok && (s >= 0 && x <= 1<<62 || s < 0 && x >= -(1<<62)) && s < 1<<30 && s > -(1<<30) {
				n = x + s
				return cur, true, nil
			}
		}
		next, err := t.Binary(syntax.Add, n, step)
		if err != nil {
			return nil, false, err
		}
		n = next
		return cur, true, nil
	}, n, step)
	// count(5), count(1.5, 2): the next value, and the step unless it is the
	// int 1, as CPython's repr.
	it.SetRepr(func(t *vm.Thread, name string) (string, error) {
		cur, err := t.Repr(n)
		if err != nil {
			return "", err
		}
		switch s := step.(type) {
		case vm.Int:
			if s == 1 {
				return name + "(" + cur + ")", nil
			}
		case vm.Bool:
			if s {
				return name + "(" + cur + ")", nil
			}
		}
		st, err := t.Repr(step)
		if err != nil {
			return "", err
		}
		return name + "(" + cur + ", " + st + ")", nil
	})
	return it, nil
}

func nativeCycle(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	it, err := t.Iter(a[0])
	if err != nil {
		return nil, err
	}
	// saved is a list so the walk sees what the cycle keeps.
	saved := vm.NewList(nil)
	exhausted := false
	i := 0
	return iter(func(t *vm.Thread) (vm.Value, bool, error) {
		if !exhausted {
			v, ok, err := t.Next(it)
			if err != nil {
				return nil, false, err
			}
			if ok {
				// The item and the array's growth, as a list's append
				// charges them (a thousandth of it was charged: the
				// items not at all).
				if err := t.ChargeStored(v); err != nil {
					return nil, false, err
				}
				if c := cap(saved.Items); len(saved.Items) == c {
					saved.Items = append(saved.Items, v)
					if err := t.ChargeItems(int64(cap(saved.Items)), 16); err != nil {
						return nil, false, err
					}
				} else {
					saved.Items = append(saved.Items, v)
				}
				return v, true, nil
			}
			exhausted = true
		}
		if len(saved.Items) == 0 {
			return nil, false, nil
		}
		v := saved.Items[i%len(saved.Items)]
		i++
		return v, true, nil
	}, it, saved), nil
}

func nativeRepeat(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	obj := a[0]
	// repeat('a'), repeat('a', 2): the object, and the count left, as CPython's repr.
	reprOf := func(count func() string) func(t *vm.Thread, name string) (string, error) {
		return func(t *vm.Thread, name string) (string, error) {
			o, err := t.Repr(obj)
			if err != nil {
				return "", err
			}
			return name + "(" + o + count() + ")", nil
		}
	}
	if a[1] == vm.None {
		it := iter(func(t *vm.Thread) (vm.Value, bool, error) { return obj, true, nil }, obj)
		it.SetRepr(reprOf(func() string { return "" }))
		return it, nil
	}
	if _, big := a[1].(*big.Int); big {
		// CPython reads the count as a Py_ssize_t.
		return nil, vm.Errorf(vm.OverflowErrorClass, "Python int too large to convert to C ssize_t")
	}
	n, err := pyargs.Int64(t, a[1])
	if err != nil {
		return nil, err
	}
	it := iter(func(t *vm.Thread) (vm.Value, bool, error) {
		if n <= 0 {
			return nil, false, nil
		}
		n--
		return obj, true, nil
	}, obj)
	it.SetRepr(reprOf(func() string { return ", " + strconv.FormatInt(max(n, 0), 10) }))
	return it, nil
}

// nativeAccumulate(iterable, func or None, initial, has_initial)
func nativeAccumulate(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	it, err := t.Iter(a[0])
	if err != nil {
		return nil, err
	}
	f := a[1]
	// The running total is kept in a box the walk sees.
	box := vm.NewList([]vm.Value{a[2]})
	started := a[3] == vm.Bool(true)
	pendingInitial := started
	return iter(func(t *vm.Thread) (vm.Value, bool, error) {
		if pendingInitial {
			pendingInitial = false
			return box.Items[0], true, nil
		}
		v, ok, err := t.Next(it)
		if err != nil || !ok {
			return nil, false, err
		}
		if !started {
			started = true
			box.Items[0] = v
			return v, true, nil
		}
		var total vm.Value
		if f == vm.None {
			total, err = t.Binary(syntax.Add, box.Items[0], v)
		} else {
			total, err = t.Call(f, vm.Tuple{box.Items[0], v}, nil)
		}
		if err != nil {
			return nil, false, err
		}
		box.Items[0] = total
		return total, true, nil
	}, it, f, box), nil
}

// nativeChain(iterable of iterables)
func nativeChain(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	outer, err := t.Iter(a[0])
	if err != nil {
		return nil, err
	}
	// The current iterable's iterator is kept in a box the walk sees.
	box := vm.NewList([]vm.Value{nil})
	return iter(func(t *vm.Thread) (vm.Value, bool, error) {
		for {
			cur := box.Items[0]
			if cur == nil {
				src, ok, err := t.Next(outer)
				if err != nil || !ok {
					return nil, false, err
				}
				if cur, err = t.Iter(src); err != nil {
					return nil, false, err
				}
				box.Items[0] = cur
			}
			v, ok, err := t.Next(cur)
			if err != nil {
				return nil, false, err
			}
			if ok {
				return v, true, nil
			}
			box.Items[0] = nil
		}
	}, outer, box), nil
}

func nativeCompress(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	data, err := t.Iter(a[0])
	if err != nil {
		return nil, err
	}
	sel, err := t.Iter(a[1])
	if err != nil {
		return nil, err
	}
	return iter(func(t *vm.Thread) (vm.Value, bool, error) {
		for {
			d, ok, err := t.Next(data)
			if err != nil || !ok {
				return nil, false, err
			}
			s, ok, err := t.Next(sel)
			if err != nil || !ok {
				return nil, false, err
			}
			b, err := t.Truth(s)
			if err != nil {
				return nil, false, err
			}
			if b {
				return d, true, nil
			}
		}
	}, data, sel), nil
}

func pred(t *vm.Thread, f, v vm.Value) (bool, error) {
	if f == vm.None {
		return t.Truth(v)
	}
	r, err := t.Call(f, vm.Tuple{v}, nil)
	if err != nil {
		return false, err
	}
	return t.Truth(r)
}

func nativeDropwhile(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	f := a[0]
	it, err := t.Iter(a[1])
	if err != nil {
		return nil, err
	}
	dropping := true
	return iter(func(t *vm.Thread) (vm.Value, bool, error) {
		for {
			v, ok, err := t.Next(it)
			if err != nil || !ok {
				return nil, false, err
			}
			if !dropping {
				return v, true, nil
			}
			keep, err := pred(t, f, v)
			if err != nil {
				return nil, false, err
			}
			if !keep {
				dropping = false
				return v, true, nil
			}
		}
	}, f, it), nil
}

func nativeTakewhile(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	f := a[0]
	it, err := t.Iter(a[1])
	if err != nil {
		return nil, err
	}
	done := false
	return iter(func(t *vm.Thread) (vm.Value, bool, error) {
		if done {
			return nil, false, nil
		}
		v, ok, err := t.Next(it)
		if err != nil || !ok {
			return nil, false, err
		}
		keep, err := pred(t, f, v)
		if err != nil {
			return nil, false, err
		}
		if !keep {
			done = true
			return nil, false, nil
		}
		return v, true, nil
	}, f, it), nil
}

func nativeFilterfalse(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	f := a[0]
	it, err := t.Iter(a[1])
	if err != nil {
		return nil, err
	}
	return iter(func(t *vm.Thread) (vm.Value, bool, error) {
		for {
			v, ok, err := t.Next(it)
			if err != nil || !ok {
				return nil, false, err
			}
			keep, err := pred(t, f, v)
			if err != nil {
				return nil, false, err
			}
			if !keep {
				return v, true, nil
			}
		}
	}, f, it), nil
}

// nativeIslice(iterable, start, stop or None, step)
func nativeIslice(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	it, err := t.Iter(a[0])
	if err != nil {
		return nil, err
	}
	start, err := pyargs.Int64(t, a[1])
	if err != nil {
		return nil, err
	}
	stop := int64(-1)
	if a[2] != vm.None {
		if stop, err = pyargs.Int64(t, a[2]); err != nil {
			return nil, err
		}
	}
	step, err := pyargs.Int64(t, a[3])
	if err != nil {
		return nil, err
	}
	// CPython's islice_next: skip to the next wanted index, stop at stop, and cap next
	// at stop so the items up to stop are consumed.
	i := int64(0)
	next := start
	done := false
	return iter(func(t *vm.Thread) (vm.Value, bool, error) {
		if done {
			return nil, false, nil
		}
		for i < next {
			_, ok, err := t.Next(it)
			if err != nil || !ok {
				done = true
				return nil, false, err
			}
			i++
		}
		if stop >= 0 && i >= stop {
			done = true
			return nil, false, nil
		}
		v, ok, err := t.Next(it)
		if err != nil || !ok {
			done = true
			return nil, false, err
		}
		i++
		old := next
		next += step
		if next < old || (stop >= 0 && next > stop) {
			next = stop
		}
		return v, true, nil
	}, it), nil
}

func nativePairwise(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	it, err := t.Iter(a[0])
	if err != nil {
		return nil, err
	}
	// The previous item is kept in a box the walk sees.
	box := vm.NewList([]vm.Value{nil})
	return iter(func(t *vm.Thread) (vm.Value, bool, error) {
		if box.Items[0] == nil {
			v, ok, err := t.Next(it)
			if err != nil || !ok {
				return nil, false, err
			}
			box.Items[0] = v
		}
		v, ok, err := t.Next(it)
		if err != nil || !ok {
			return nil, false, err
		}
		pair := vm.Tuple{box.Items[0], v}
		box.Items[0] = v
		return pair, true, nil
	}, it, box), nil
}

func nativeStarmap(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	f := a[0]
	it, err := t.Iter(a[1])
	if err != nil {
		return nil, err
	}
	return iter(func(t *vm.Thread) (vm.Value, bool, error) {
		v, ok, err := t.Next(it)
		if err != nil || !ok {
			return nil, false, err
		}
		var args vm.Tuple
		switch x := v.(type) {
		case vm.Tuple:
			args = x
		case *vm.List:
			args = vm.Tuple(x.Items)
		default:
			items, err := collect(t, v)
			if err != nil {
				return nil, false, err
			}
			args = vm.Tuple(items)
		}
		r, err := t.Call(f, args, nil)
		return r, err == nil, err
	}, f, it), nil
}

func collect(t *vm.Thread, v vm.Value) ([]vm.Value, error) {
	it, err := t.Iter(v)
	if err != nil {
		return nil, err
	}
	var out []vm.Value
	for {
		x, ok, err := t.Next(it)
		if err != nil {
			return nil, err
		}
		if !ok {
			return out, nil
		}
		out = append(out, x)
	}
}

// nativeZipLongest(tuple of iterators, fillvalue)
func nativeZipLongest(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	tup, err := tupleArg("_zip_longest", a[0])
	if err != nil {
		return nil, err
	}
	its := append([]vm.Value(nil), tup...)
	fill := a[1]
	active := len(its)
	done := make([]bool, len(its))
	return iter(func(t *vm.Thread) (vm.Value, bool, error) {
		if active == 0 {
			return nil, false, nil
		}
		out := make(vm.Tuple, len(its))
		for i, it := range its {
			if done[i] {
				out[i] = fill
				continue
			}
			v, ok, err := t.Next(it)
			if err != nil {
				return nil, false, err
			}
			if !ok {
				done[i] = true
				active--
				if active == 0 {
					return nil, false, nil
				}
				v = fill
			}
			out[i] = v
		}
		return out, true, nil
	}, vm.Tuple(its), fill), nil
}

// indexIter yields tuples of pool items picked by indices, advancing with step until
// step reports the end. The first tuple is the initial indices.
func indexIter(pools [][]vm.Value, one []vm.Value, indices []int, extra int, step func() bool) *vm.Iter {
	// The pools are what the iterator keeps (a pool repeated r times
	// is one tuple): the walk sees them as tuples. pools nil means one
	// pool for every index (combinations, permutations).
	refs := make([]vm.Value, 0, len(pools)+2)
	if pools == nil {
		refs = append(refs, vm.Tuple(one))
	}
	for i, p := range pools {
		if i == 0 || len(p) == 0 || len(pools[i-1]) == 0 || &p[0] != &pools[i-1][0] {
			refs = append(refs, vm.Tuple(p))
		}
	}
	// The index arrays (indices and extra more ints) and the pools'
	// slice headers, which no value holds (charged by charge before
	// they were made) are seen by the walk.
	refs = append(refs, state(8*int64(cap(indices)+extra)+24*int64(len(pools))))
	first := true
	finished := false
	return iter(func(t *vm.Thread) (vm.Value, bool, error) {
		if finished {
			return nil, false, nil
		}
		if !first && !step() {
			finished = true
			return nil, false, nil
		}
		first = false
		out := make(vm.Tuple, len(indices))
		if pools == nil {
			for k, i := range indices {
				out[k] = one[i]
			}
		} else {
			for k, i := range indices {
				out[k] = pools[k][i]
			}
		}
		return out, true, nil
	}, refs...)
}

// state is Go memory of n bytes an iterator keeps outside any value (its
// index arrays), as a value for its refs through which the retained-size
// walk counts it.
func state(n int64) vm.Value {
	return &vm.Builtin{Name: "state", Held: &vm.Held{Own: n}, Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		return nil, vm.Errorf(vm.TypeErrorClass, "internal to the itertools module")
	}}
}

// charge charges n words of index arrays an iterator is about to make, so
// an r of a billion is a MemoryError before its arrays exist (they were
// made uncharged: combinations_with_replacement([1], 2 * 10**8) took 7.8 GB
// under a 512 MiB limit), and polls the deadline their filling takes.
func charge(t *vm.Thread, n int) error {
	return t.Charge(8*int64(n) + stateBytes)
}

// stateBytes is about the heap of the value state makes.
const stateBytes = 160

// tupleArg and countArg check what itertools.py passes the natives, for a
// snippet that calls them itself.
func tupleArg(name string, v vm.Value) (vm.Tuple, error) {
	tp, ok := v.(vm.Tuple)
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "%s() expects a tuple, not %s", name, vm.TypeName(v))
	}
	return tp, nil
}

func countArg(v vm.Value) (int, error) {
	r, ok := v.(vm.Int)
	if !ok || r < 0 || r > 1<<30 {
		return 0, vm.Errorf(vm.ValueErrorClass, "r must be a non-negative int")
	}
	return int(r), nil
}

func tupleItems(v vm.Value) []vm.Value {
	if tp, ok := v.(vm.Tuple); ok {
		return tp
	}
	return nil
}

func empty() *vm.Iter {
	return iter(func(t *vm.Thread) (vm.Value, bool, error) { return nil, false, nil })
}

// nativeProduct(tuple of tuples): the pools, already repeated.
func nativeProduct(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	tup, err := tupleArg("_product", a[0])
	if err != nil {
		return nil, err
	}
	for _, p := range tup {
		if len(tupleItems(p)) == 0 {
			return empty(), nil
		}
	}
	if err := charge(t, 4*len(tup)); err != nil {
		return nil, err
	}
	pools := make([][]vm.Value, len(tup))
	for i, p := range tup {
		pools[i] = tupleItems(p)
	}
	indices := make([]int, len(pools))
	return indexIter(pools, nil, indices, 0, func() bool {
		for i := len(indices) - 1; i >= 0; i-- {
			indices[i]++
			if indices[i] < len(pools[i]) {
				return true
			}
			indices[i] = 0
		}
		return false
	}), nil
}

// nativePermutations(pool tuple, r)
func nativePermutations(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	pool := tupleItems(a[0])
	r, err := countArg(a[1])
	if err != nil {
		return nil, err
	}
	n := len(pool)
	if r > n {
		return empty(), nil
	}
	if err := charge(t, n+r); err != nil {
		return nil, err
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	cycles := make([]int, r)
	for i := range cycles {
		cycles[i] = n - i
	}
	view := idx[:r]
	return indexIter(nil, pool, view, r, func() bool {
		if n == 0 {
			return false
		}
		for i := r - 1; i >= 0; i-- {
			cycles[i]--
			if cycles[i] == 0 {
				first := idx[i]
				copy(idx[i:], idx[i+1:])
				idx[n-1] = first
				cycles[i] = n - i
			} else {
				j := cycles[i]
				idx[i], idx[n-j] = idx[n-j], idx[i]
				return true
			}
		}
		return false
	}), nil
}

// nativeCombinations(pool tuple, r)
func nativeCombinations(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	pool := tupleItems(a[0])
	r, err := countArg(a[1])
	if err != nil {
		return nil, err
	}
	n := len(pool)
	if r > n {
		return empty(), nil
	}
	if err := charge(t, r); err != nil {
		return nil, err
	}
	idx := make([]int, r)
	for i := range idx {
		idx[i] = i
	}
	return indexIter(nil, pool, idx, 0, func() bool {
		i := r - 1
		for ; i >= 0 && idx[i] == i+n-r; i-- {
		}
		if i < 0 {
			return false
		}
		idx[i]++
		for j := i + 1; j < r; j++ {
			idx[j] = idx[j-1] + 1
		}
		return true
	}), nil
}

// nativeCWR(pool tuple, r): combinations_with_replacement.
func nativeCWR(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	pool := tupleItems(a[0])
	r, err := countArg(a[1])
	if err != nil {
		return nil, err
	}
	n := len(pool)
	if n == 0 && r > 0 {
		return empty(), nil
	}
	if err := charge(t, r); err != nil {
		return nil, err
	}
	idx := make([]int, r)
	return indexIter(nil, pool, idx, 0, func() bool {
		i := r - 1
		for ; i >= 0 && idx[i] == n-1; i-- {
		}
		if i < 0 {
			return false
		}
		v := idx[i] + 1
		for j := i; j < r; j++ {
			idx[j] = v
		}
		return true
	}), nil
}
