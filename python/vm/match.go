package vm

import "github.com/toolplane/toolplane/python/compile"

// matchOp runs the structural-pattern-matching operations of match
// statements (stack effects in python/compile/code.go), with CPython
// 3.11's semantics.
func (t *Thread) matchOp(f *Frame, op compile.Op, arg int) error {
	switch op {
	case compile.MATCH_SEQUENCE:
		f.push(Bool(isMatchSequence(f.top())))
	case compile.MATCH_MAPPING:
		f.push(Bool(isMatchMapping(f.top())))
	case compile.GET_LEN:
		n, err := t.Len(f.top())
		if err != nil {
			return err
		}
		f.push(Int(n))
	case compile.MATCH_KEYS:
		keys := f.top().(Tuple)
		subject := f.stack[len(f.stack)-2]
		values, err := t.matchKeys(subject, keys)
		if err != nil {
			return err
		}
		f.push(values)
	case compile.COPY_DICT_WITHOUT_KEYS:
		keys := f.pop().(Tuple)
		rest := NewDict()
		if err := t.dictMerge(rest, f.top(), false, nil); err != nil {
			return err
		}
		for _, k := range keys {
			if _, _, err := rest.Delete(t, k); err != nil {
				return err
			}
		}
		f.push(rest)
	case compile.MATCH_CLASS:
		names := f.pop().(Tuple)
		cls := f.pop()
		subject := f.pop()
		attrs, err := t.matchClass(subject, cls, arg, names)
		if err != nil {
			return err
		}
		f.push(attrs)
	default:
		return &InternalError{Msg: "unsupported opcode " + op.String()}
	}
	return nil
}

// collectionsSequences and collectionsMappings are the classes of the
// collections module that CPython registers as sequences and mappings
// (collections.abc); the module defines them over plain lists and dicts.
var (
	collectionsSequences = map[string]bool{"deque": true, "_TupleBase": true, "UserList": true}
	collectionsMappings  = map[string]bool{"_DictBase": true, "ChainMap": true}
)

// isMatchSequence reports whether a sequence pattern can match v: lists,
// tuples, ranges and their subclasses, and the sequence classes of
// collections, but not str, bytes or bytearray.
func isMatchSequence(v Value) bool {
	switch x := v.(type) {
	case *List, Tuple, *Range, *BigRange:
		return true
	case *Instance:
		if x.Base != nil && !x.Class.IsSubclass(StrClass) && !x.Class.IsSubclass(BytesClass) {
			switch x.Base.(type) {
			case *List, Tuple, *Range:
				return true
			}
		}
		return fromCollections(x.Class, collectionsSequences)
	}
	return false
}

// isMatchMapping reports whether a mapping pattern can match v: dicts and
// their subclasses, and the mapping classes of collections.
func isMatchMapping(v Value) bool {
	switch x := v.(type) {
	case *Dict:
		return true
	case *Instance:
		if _, ok := x.Base.(*Dict); ok {
			return true
		}
		return fromCollections(x.Class, collectionsMappings)
	}
	return false
}

func fromCollections(c *Class, names map[string]bool) bool {
	for _, k := range c.MRO {
		if k.Module == "collections" && names[k.Name] {
			return true
		}
	}
	return false
}

// matchKeys looks the keys up in a mapping subject with its get method,
// as CPython does (so a defaultdict's factory is not called), and returns
// the tuple of values, or None when a key is missing.
func (t *Thread) matchKeys(subject Value, keys Tuple) (Value, error) {
	if err := t.checkDistinctKeys(keys); err != nil {
		return nil, err
	}
	values := make(Tuple, len(keys))
	if d, ok := subject.(*Dict); ok {
		for i, k := range keys {
			v, found, err := d.Get(t, k)
			if err != nil {
				return nil, err
			}
			if !found {
				return None, nil
			}
			values[i] = v
		}
		return values, nil
	}
	get, err := t.GetAttr(subject, "get")
	if err != nil {
		return nil, err
	}
	missing := &List{} // a sentinel no mapping holds
	for i, k := range keys {
		v, err := t.Call(get, Tuple{k, missing}, nil)
		if err != nil {
			return nil, err
		}
		if v == Value(missing) {
			return None, nil
		}
		values[i] = v
	}
	return values, nil
}

// checkDistinctKeys raises CPython's ValueError when two keys of a
// mapping pattern are equal (possible only with dotted-name keys; the
// compiler rejects duplicate literals). String keys, the common case, are
// compared without hashing.
func (t *Thread) checkDistinctKeys(keys Tuple) error {
	if len(keys) < 2 {
		return nil
	}
	allStr := true
	for _, k := range keys {
		if _, ok := k.(Str); !ok {
			allStr = false
			break
		}
	}
	var dup Value
	if allStr && len(keys) <= 16 {
		for i := 1; i < len(keys) && dup == nil; i++ {
			for _, prev := range keys[:i] {
				if prev.(Str) == keys[i].(Str) {
					dup = keys[i]
					break
				}
			}
		}
	} else {
		seen := NewDict()
		for _, k := range keys {
			_, found, err := seen.Get(t, k)
			if err != nil {
				return err
			}
			if found {
				dup = k
				break
			}
			if err := seen.Set(t, k, None); err != nil {
				return err
			}
		}
	}
	if dup == nil {
		return nil
	}
	r, err := t.Repr(dup)
	if err != nil {
		return err
	}
	return Errorf(ValueErrorClass, "mapping pattern checks duplicate key (%s)", r)
}

// matchSelfClasses are the builtin types whose class pattern with one
// positional sub-pattern matches the subject itself ("case int(x)").
var matchSelfClasses = []*Class{BoolClass, ByteArrayClass, BytesClass, DictClass, FloatClass,
	FrozenSetClass, IntClass, ListClass, SetClass, StrClass, TupleClass}

func matchesSelf(c *Class) bool {
	for _, k := range c.MRO {
		for _, s := range matchSelfClasses {
			if k == s {
				return true
			}
		}
	}
	return false
}

// matchClass implements a class pattern: it returns the tuple of the
// subject's attributes for the npos positional sub-patterns (named by the
// class's __match_args__) followed by those named in kwnames, or None when
// the subject is not an instance of cls or lacks one of the attributes.
func (t *Thread) matchClass(subject, clsv Value, npos int, kwnames Tuple) (Value, error) {
	cls, ok := clsv.(*Class)
	if !ok {
		return nil, Errorf(TypeErrorClass, "called match pattern must be a type")
	}
	// isinstance's answer, with its hooks (a runtime-checkable protocol).
	if ok, err := isInstance(t, subject, TypeOf(subject), cls, "isinstance"); err != nil || !ok {
		return None, err
	}
	attrs := make(Tuple, 0, npos+len(kwnames))
	seen := map[string]bool{}
	// getAttr fetches one attribute; ok is false when it is missing.
	getAttr := func(name string) (Value, bool, error) {
		if seen[name] {
			return nil, false, Errorf(TypeErrorClass, "%s() got multiple sub-patterns for attribute '%s'", cls.Name, name)
		}
		seen[name] = true
		v, err := t.GetAttr(subject, name)
		if err != nil {
			if e, isExc := err.(*Instance); isExc && e.Class.IsSubclass(AttributeErrorClass) {
				return nil, false, nil
			}
			return nil, false, err
		}
		return v, true, nil
	}
	if npos > 0 {
		var matchArgs Tuple
		matchSelf := false
		ma, err := t.GetAttr(cls, "__match_args__")
		switch {
		case err == nil:
			tup, isTuple := ma.(Tuple)
			if !isTuple {
				return nil, Errorf(TypeErrorClass, "%s.__match_args__ must be a tuple (got %s)", cls.Name, TypeName(ma))
			}
			matchArgs = tup
		case isAttributeError(err):
			matchSelf = matchesSelf(cls)
		default:
			return nil, err
		}
		allowed := len(matchArgs)
		if matchSelf {
			allowed = 1
		}
		if npos > allowed {
			plural := "s"
			if allowed == 1 {
				plural = ""
			}
			return nil, Errorf(TypeErrorClass, "%s() accepts %d positional sub-pattern%s (%d given)", cls.Name, allowed, plural, npos)
		}
		if matchSelf {
			attrs = append(attrs, subject)
		} else {
			for _, a := range matchArgs[:npos] {
				name, isStr := a.(Str)
				if !isStr {
					return nil, Errorf(TypeErrorClass, "__match_args__ elements must be strings (got %s)", TypeName(a))
				}
				v, found, err := getAttr(string(name))
				if err != nil || !found {
					return None, err
				}
				attrs = append(attrs, v)
			}
		}
	}
	for _, n := range kwnames {
		v, found, err := getAttr(string(n.(Str)))
		if err != nil || !found {
			return None, err
		}
		attrs = append(attrs, v)
	}
	return attrs, nil
}

func isAttributeError(err error) bool {
	e, ok := err.(*Instance)
	return ok && e.Class.IsSubclass(AttributeErrorClass)
}
