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
	addMethods(UnionTypeClass, map[string]BuiltinFunc{
		"__repr__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			var parts []string
			for _, arg := range unionArgs(a[0]) {
				parts = append(parts, unionArgRepr(arg))
			}
			return Str(strings.Join(parts, " | ")), nil
		},
	})
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

func unionArgRepr(v Value) string {
	c, ok := v.(*Class)
	if !ok {
		return TypeName(v)
	}
	if c == NoneTypeClass {
		return "None"
	}
	if c.Module == "builtins" || c.Module == "" {
		return c.QualName
	}
	return c.Module + "." + c.QualName
}

// unionOf returns a | b when both operands are types, None or unions, with
// duplicates removed as CPython does; ok is false for anything else.
func unionOf(op syntax.Operator, a, b Value) (Value, bool) {
	if op != syntax.BitOr {
		return nil, false
	}
	var args Tuple
	add := func(v Value) {
		for _, have := range args {
			if have == v {
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
	return u, true
}
