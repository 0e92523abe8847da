package vm

import (
	"strings"

	"github.com/toolplane/toolplane/python/syntax"
)

// UnionTypeClass is the class of `X | Y` on types (PEP 604): the
// annotations agents write everywhere (`x: int | None = None`) and the
// second argument of isinstance (`isinstance(v, int | str)`).
var UnionTypeClass = newBuiltinClass("UnionType", ObjectClass)

func initUnion() {
	UnionTypeClass.Module = "types"
	UnionTypeClass.SetImmutable("types.UnionType")
	addMethods(UnionTypeClass, map[string]BuiltinFunc{
		"__repr__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			var parts []string
			for _, arg := range unionArgs(a[0]) {
				s, err := typeReprItem(t, arg)
				if err != nil {
					return nil, err
				}
				parts = append(parts, s)
			}
			return Str(strings.Join(parts, " | ")), nil
		},
		// Unions compare as sets of members: int | str == str | int.
		"__eq__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			other := unionArgs(a[1])
			if other == nil {
				return NotImplemented, nil
			}
			return Bool(sameMembers(unionArgs(a[0]), other) && sameMembers(other, unionArgs(a[0]))), nil
		},
		"__ne__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			other := unionArgs(a[1])
			if other == nil {
				return NotImplemented, nil
			}
			return Bool(!(sameMembers(unionArgs(a[0]), other) && sameMembers(other, unionArgs(a[0])))), nil
		},
		"__hash__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			var h uint64
			for _, m := range unionArgs(a[0]) {
				mh, err := t.Hash(m)
				if err != nil {
					return nil, err
				}
				h ^= mh
			}
			return Int(int64(h >> 1)), nil
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
		"__instancecheck__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			ok, err := isInstance(t, a[1], TypeOf(a[1]), a[0], "isinstance")
			return Bool(ok), err
		},
		"__subclasscheck__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			c, isCls := a[1].(*Class)
			if !isCls {
				return nil, Errorf(TypeErrorClass, "issubclass() arg 1 must be a class")
			}
			ok, err := isInstance(t, c, c, a[0], "issubclass")
			return Bool(ok), err
		},
	})
	initGenericAlias()
}

// unionArgs returns the members of a union value, nil for anything else.
func unionArgs(v Value) Tuple {
	inst, ok := v.(*Instance)
	if !ok || inst.Class != UnionTypeClass {
		return nil
	}
	args, _ := inst.Dict.GetStr("__args__")
	tup, _ := args.(Tuple)
	return tup
}

// sameTypeArg reports whether two union members or alias arguments are the
// same type: identical, or generic aliases with the same origin and the
// same arguments.
func sameTypeArg(a, b Value) bool {
	if a == b {
		return true
	}
	oa, aa := aliasParts(a)
	ob, ab := aliasParts(b)
	if oa == nil || ob == nil || oa != ob || len(aa) != len(ab) {
		return false
	}
	for i := range aa {
		if !sameTypeArg(aa[i], ab[i]) {
			return false
		}
	}
	return true
}

// sameMembers reports whether every member of a is a member of b.
func sameMembers(a, b Tuple) bool {
	for _, x := range a {
		found := false
		for _, y := range b {
			if sameTypeArg(x, y) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// unionOf returns a | b when both operands are types, None, generic
// aliases or unions, with duplicates removed as CPython does; ok is false
// for anything else.
func unionOf(op syntax.Operator, a, b Value) (Value, bool) {
	if op != syntax.BitOr {
		return nil, false
	}
	return unionOfTypes(a, b)
}

func unionOfTypes(a, b Value) (Value, bool) {
	var args Tuple
	add := func(v Value) {
		for _, have := range args {
			if sameTypeArg(have, v) {
				return
			}
		}
		args = append(args, v)
	}
	for _, v := range []Value{a, b} {
		switch x := v.(type) {
		case *Class:
			add(x)
		case NoneType:
			add(NoneTypeClass)
		case *Instance:
			if x.Class == GenericAliasClass {
				add(x)
				continue
			}
			members := unionArgs(x)
			if members == nil {
				return nil, false
			}
			for _, m := range members {
				add(m)
			}
		default:
			return nil, false
		}
	}
	if len(args) == 1 {
		return args[0], true
	}
	u := &Instance{Class: UnionTypeClass, Dict: NewDict()}
	u.Dict.SetStr("__args__", args)
	u.Dict.SetStr("__parameters__", aliasParameters(args))
	return u, true
}
