package vm

import (
	"strings"

	"github.com/toolplane/toolplane/python/syntax"
)

// GenericAliasClass is types.GenericAlias, the value of a subscripted
// builtin container type: list[int], dict[str, Any], tuple[int, ...].
// Agents write these in annotations and type aliases (JSON = dict[str, Any]);
// they print as written, call their origin, and refuse isinstance checks,
// as in CPython.
var GenericAliasClass = newBuiltinClass("GenericAlias", ObjectClass)

// genericAliasNoDelegate are the attributes a generic alias does not take
// from its origin (CPython's attr_exceptions).
var genericAliasNoDelegate = map[string]bool{
	"__class__": true, "__bases__": true, "__origin__": true, "__args__": true,
	"__unpacked__": true, "__parameters__": true, "__typing_unpacked_tuple_args__": true,
	"__mro_entries__": true, "__reduce_ex__": true, "__reduce__": true,
	"__copy__": true, "__deepcopy__": true,
}

func initGenericAlias() {
	GenericAliasClass.Module = "types"
	GenericAliasClass.SetImmutable("types.GenericAlias")
	GenericAliasClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if len(kw) > 0 {
			return nil, Errorf(TypeErrorClass, "GenericAlias() takes no keyword arguments")
		}
		if len(args) != 2 {
			return nil, Errorf(TypeErrorClass, "GenericAlias expected 2 arguments, got %d", len(args))
		}
		return NewGenericAlias(args[0], args[1]), nil
	}
	addMethods(GenericAliasClass, map[string]BuiltinFunc{
		"__repr__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s, err := genericAliasRepr(t, a[0])
			return Str(s), err
		},
		"__call__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			origin, _ := aliasParts(a[0])
			r, err := t.Call(origin, a[1:], kw)
			if err != nil {
				return nil, err
			}
			if inst, ok := r.(*Instance); ok && inst.Dict != nil && inst.Exc == nil {
				inst.Dict.SetStr("__orig_class__", a[0])
			}
			return r, nil
		},
		"__getattr__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			name, _ := a[1].(Str)
			if !genericAliasNoDelegate[string(name)] {
				origin, _ := aliasParts(a[0])
				return t.GetAttr(origin, string(name))
			}
			return nil, Errorf(AttributeErrorClass, "'types.GenericAlias' object has no attribute '%s'", name)
		},
		"__getitem__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return aliasSubstitute(t, a[0], a[1])
		},
		"__eq__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			o1, args1 := aliasParts(a[0])
			o2, args2 := aliasParts(a[1])
			if o2 == nil {
				return NotImplemented, nil
			}
			if !Is(o1, o2) {
				eq, err := t.Equal(o1, o2)
				if err != nil || !eq {
					return Bool(false), err
				}
			}
			eq, err := t.Equal(args1, args2)
			return Bool(eq), err
		},
		"__ne__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if _, args2 := aliasParts(a[1]); args2 == nil {
				return NotImplemented, nil
			}
			eq, err := t.Equal(a[0], a[1])
			return Bool(!eq), err
		},
		"__hash__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			origin, args := aliasParts(a[0])
			h1, err := t.Hash(origin)
			if err != nil {
				return nil, err
			}
			h2, err := t.Hash(args)
			if err != nil {
				return nil, err
			}
			return Int(int64((h1 ^ h2) >> 1)), nil
		},
		"__or__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if u, ok := unionOfTypes(a[0], a[1]); ok {
				return u, nil
			}
			return NotImplemented, nil
		},
		"__ror__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if u, ok := unionOfTypes(a[1], a[0]); ok {
				return u, nil
			}
			return NotImplemented, nil
		},
		"__mro_entries__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			origin, _ := aliasParts(a[0])
			return Tuple{origin}, nil
		},
		"__instancecheck__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return nil, Errorf(TypeErrorClass, "isinstance() argument 2 cannot be a parameterized generic")
		},
		"__subclasscheck__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return nil, Errorf(TypeErrorClass, "issubclass() argument 2 cannot be a parameterized generic")
		},
	})
	getItem := &ClassMethod{Fn: &Builtin{Name: "__class_getitem__", Fn: func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if len(a) != 2 {
			return nil, Errorf(TypeErrorClass, "__class_getitem__() takes exactly one argument (%d given)", len(a)-1)
		}
		return NewGenericAlias(a[0], a[1]), nil
	}}}
	for _, c := range []*Class{ListClass, DictClass, TupleClass, SetClass, FrozenSetClass, TypeClass} {
		c.Dict.SetStr("__class_getitem__", getItem)
	}
}

// NewGenericAlias returns origin[args] as a types.GenericAlias; a
// non-tuple args is one argument.
func NewGenericAlias(origin, args Value) *Instance {
	tup, ok := args.(Tuple)
	if !ok {
		tup = Tuple{args}
	}
	ga := &Instance{Class: GenericAliasClass, Dict: NewDict()}
	ga.Dict.SetStr("__origin__", origin)
	ga.Dict.SetStr("__args__", tup)
	ga.Dict.SetStr("__parameters__", aliasParameters(tup))
	return ga
}

// aliasParts returns the origin and arguments of a generic alias, nils for
// anything else.
func aliasParts(v Value) (Value, Tuple) {
	inst, ok := v.(*Instance)
	if !ok || inst.Class != GenericAliasClass || inst.Dict == nil {
		return nil, nil
	}
	origin, _ := inst.Dict.GetStr("__origin__")
	args, _ := inst.Dict.GetStr("__args__")
	tup, _ := args.(Tuple)
	if tup == nil {
		tup = Tuple{}
	}
	return origin, tup
}

// isTypeVar reports whether v is a typing.TypeVar, ParamSpec or
// TypeVarTuple (classes of the typing module's Python source).
func isTypeVar(v Value) bool {
	inst, ok := v.(*Instance)
	if !ok || inst.Class.Module != "typing" {
		return false
	}
	switch inst.Class.Name {
	case "TypeVar", "ParamSpec", "TypeVarTuple":
		return true
	}
	return false
}

// aliasParameters collects the type variables of args, in order of first
// appearance, looking into nested generic aliases (__parameters__).
func aliasParameters(args Tuple) Tuple {
	params := Tuple{}
	add := func(v Value) {
		for _, p := range params {
			if p == v {
				return
			}
		}
		params = append(params, v)
	}
	for _, a := range args {
		if isTypeVar(a) {
			add(a)
			continue
		}
		if inst, ok := a.(*Instance); ok && inst.Dict != nil && (inst.Class == GenericAliasClass || inst.Class == UnionTypeClass) {
			if p, ok := inst.Dict.GetStr("__parameters__"); ok {
				if tup, ok := p.(Tuple); ok {
					for _, x := range tup {
						add(x)
					}
				}
			}
		}
	}
	return params
}

// aliasSubstitute is alias[items]: the alias's type variables replaced by
// items (dict[str, T][int] is dict[str, int]).
func aliasSubstitute(t *Thread, alias, items Value) (Value, error) {
	origin, args := aliasParts(alias)
	inst := alias.(*Instance)
	pv, _ := inst.Dict.GetStr("__parameters__")
	params, _ := pv.(Tuple)
	if len(params) == 0 {
		r, err := genericAliasRepr(t, alias)
		if err != nil {
			return nil, err
		}
		return nil, Errorf(TypeErrorClass, "%s is not a generic class", r)
	}
	subs, ok := items.(Tuple)
	if !ok {
		subs = Tuple{items}
	}
	if len(subs) != len(params) {
		r, err := genericAliasRepr(t, alias)
		if err != nil {
			return nil, err
		}
		more := "many"
		if len(subs) < len(params) {
			more = "few"
		}
		return nil, Errorf(TypeErrorClass, "Too %s arguments for %s; actual %d, expected %d", more, r, len(subs), len(params))
	}
	var subst func(v Value) (Value, error)
	subst = func(v Value) (Value, error) {
		// Aliases nest as deep as a snippet builds them (list[list[...]]).
		if err := t.enterGo(); err != nil {
			return nil, err
		}
		defer t.leaveGo()
		for i, p := range params {
			if p == v {
				return subs[i], nil
			}
		}
		if o, a := aliasParts(v); o != nil {
			out := make(Tuple, len(a))
			for i, x := range a {
				y, err := subst(x)
				if err != nil {
					return nil, err
				}
				out[i] = y
			}
			return NewGenericAlias(o, out), nil
		}
		if members := unionArgs(v); members != nil {
			var u Value
			for _, m := range members {
				y, err := subst(m)
				if err != nil {
					return nil, err
				}
				if u == nil {
					u = y
					continue
				}
				r, err := t.Binary(syntax.BitOr, u, y)
				if err != nil {
					return nil, err
				}
				u = r
			}
			return u, nil
		}
		return v, nil
	}
	out := make(Tuple, len(args))
	for i, a := range args {
		y, err := subst(a)
		if err != nil {
			return nil, err
		}
		out[i] = y
	}
	return NewGenericAlias(origin, out), nil
}

// genericAliasRepr is repr(list[int]): the origin's and the arguments'
// type names as written.
func genericAliasRepr(t *Thread, v Value) (string, error) {
	origin, args := aliasParts(v)
	var sb strings.Builder
	s, err := typeReprItem(t, origin)
	if err != nil {
		return "", err
	}
	sb.WriteString(s)
	sb.WriteByte('[')
	if len(args) == 0 {
		sb.WriteString("()")
	}
	for i, a := range args {
		if i > 0 {
			sb.WriteString(", ")
		}
		s, err := typeReprItem(t, a)
		if err != nil {
			return "", err
		}
		sb.WriteString(s)
	}
	sb.WriteByte(']')
	return sb.String(), nil
}

// typeReprItem is how an argument of a generic alias or union prints:
// classes by (module-qualified) name, ... as "...", anything else by repr.
func typeReprItem(t *Thread, v Value) (string, error) {
	switch x := v.(type) {
	case EllipsisType:
		return "...", nil
	case *Class:
		if x == NoneTypeClass {
			return "None", nil
		}
		if x.Module == "builtins" || x.Module == "" {
			return x.QualName, nil
		}
		return x.Module + "." + x.QualName, nil
	}
	return t.Repr(v)
}
