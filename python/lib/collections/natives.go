package collections

import (
	"github.com/toolplane/toolplane/python/syntax"
	"github.com/toolplane/toolplane/python/vm"
)

// natives are the Go halves of collections.py's mapping classes. The mapping methods
// take the instance first (they are stored as methods of _DictBase) and work on its
// _data dict.
func natives() map[string]vm.Value {
	m := map[string]vm.Value{}
	add := func(name string, f vm.BuiltinFunc) { m[name] = &vm.Builtin{Name: name, Fn: f} }
	add("_native_getitem", getitem)
	add("_native_setitem", setitem)
	add("_native_contains", contains)
	add("_native_len", length)
	add("_native_count", count)
	return m
}

func data(v vm.Value) (*vm.Dict, error) {
	if inst, ok := v.(*vm.Instance); ok && inst.Dict != nil {
		if d, ok := inst.Dict.GetStr("_data"); ok {
			if dd, ok := d.(*vm.Dict); ok {
				return dd, nil
			}
		}
	}
	return nil, vm.Errorf(vm.TypeErrorClass, "descriptor requires a collections mapping, not '%s'", vm.TypeName(v))
}

func argc(name string, args vm.Tuple, kw []vm.Kwarg, n int) error {
	if len(kw) > 0 || len(args) != n {
		return vm.Errorf(vm.TypeErrorClass, "%s expected %d argument%s, got %d", name, n-1, plural(n-1), len(args)-1+len(kw))
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// getitem is d[key]: the stored value, else self.__missing__(key).
func getitem(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if err := argc("__getitem__", args, kw, 2); err != nil {
		return nil, err
	}
	d, err := data(args[0])
	if err != nil {
		return nil, err
	}
	v, ok, err := d.Get(t, args[1])
	if err != nil || ok {
		return v, err
	}
	return t.CallMethodName(args[0], "__missing__", vm.Tuple{args[1]}, nil)
}

func setitem(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if err := argc("__setitem__", args, kw, 3); err != nil {
		return nil, err
	}
	d, err := data(args[0])
	if err != nil {
		return nil, err
	}
	return vm.None, d.Set(t, args[1], args[2])
}

func contains(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if err := argc("__contains__", args, kw, 2); err != nil {
		return nil, err
	}
	d, err := data(args[0])
	if err != nil {
		return nil, err
	}
	_, ok, err := d.Get(t, args[1])
	return vm.Bool(ok), err
}

func length(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if err := argc("__len__", args, kw, 1); err != nil {
		return nil, err
	}
	d, err := data(args[0])
	if err != nil {
		return nil, err
	}
	return vm.Int(d.Len()), nil
}

// count adds one to counts[elem] for each element of iterable (Counter's update from an
// iterable, CPython's _count_elements).
func count(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 2 || len(kw) > 0 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_count_elements expected 2 arguments, got %d", len(args))
	}
	counts, ok := args[0].(*vm.Dict)
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "_count_elements needs a dict, not '%s'", vm.TypeName(args[0]))
	}
	it, err := t.Iter(args[1])
	if err != nil {
		return nil, err
	}
	for {
		elem, ok, err := t.Next(it)
		if err != nil {
			return nil, err
		}
		if !ok {
			return vm.None, nil
		}
		old, found, err := counts.Get(t, elem)
		if err != nil {
			return nil, err
		}
		var n vm.Value = vm.Int(1)
		if found {
			if i, ok := old.(vm.Int); ok && i < 1<<62 {
				n = i + 1
			} else if n, err = t.Binary(syntax.Add, old, vm.Int(1)); err != nil {
				return nil, err
			}
		}
		if err := counts.Set(t, elem, n); err != nil {
			return nil, err
		}
	}
}
