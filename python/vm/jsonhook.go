package vm

// JSONHook is the method through which a library class that CPython derives
// from dict, list, tuple, str or int (collections' Counter, OrderedDict,
// defaultdict and namedtuple classes) presents
// the builtin value it stands for to a JSON encoder. A class sets it to None
// to say it stands for no builtin (UserDict, which CPython does not derive
// from dict).
const JSONHook = "__toolplane_json__"

// JSONBase returns the builtin value v stands for when it is written as
// JSON, as CPython's json.dumps sees it through isinstance: for an instance
// of a library class with a JSONHook, what the hook returns; for an
// instance of a subclass of a builtin type (a user's dict or str subclass,
// an Enum of str), its builtin value; for a dict subclass that overrides
// items(), a dict of the pairs its items() returns, since CPython's encoder
// reads a dict subclass through items(). ok is false for any other value.
// The hook and items() are Python code and run under t's limits.
func (t *Thread) JSONBase(v Value) (base Value, ok bool, err error) {
	inst, isInst := v.(*Instance)
	if !isInst {
		return nil, false, nil
	}
	if h := inst.Class.Lookup(JSONHook); h != nil && h != None {
		r, err := t.CallMethodName(v, JSONHook, nil, nil)
		if err != nil {
			return nil, false, err
		}
		return r, true, nil
	}
	if _, isDict := inst.Base.(*Dict); isDict && !Is(inst.Class.Lookup("items"), DictClass.Lookup("items")) {
		return t.itemsDict(inst)
	}
	if inst.Base != nil {
		return inst.Base, true, nil
	}
	return nil, false, nil
}

// itemsDict is a new dict of the pairs inst.items() returns, with
// CPython's errors for what is not an iterable of pairs.
func (t *Thread) itemsDict(inst *Instance) (Value, bool, error) {
	r, err := t.CallMethodName(inst, "items", nil, nil)
	if err != nil {
		return nil, false, err
	}
	pairs, err := t.iterate(r, func() error {
		return Errorf(TypeErrorClass, "%s.items() returned a non-iterable (type %s)", TypeName(inst), TypeName(r))
	})
	if err != nil {
		return nil, false, err
	}
	d := NewDictSize(len(pairs))
	for _, p := range pairs {
		pair, ok := p.(Tuple)
		if !ok || len(pair) != 2 {
			return nil, false, Errorf(ValueErrorClass, "items must return 2-tuples")
		}
		if err := d.Set(t, pair[0], pair[1]); err != nil {
			return nil, false, err
		}
	}
	if err := t.Charge(SizeOf(d)); err != nil {
		return nil, false, err
	}
	return d, true, nil
}
