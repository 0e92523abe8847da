package vm

// arityKind is a CPython calling convention of a builtin method, which
// decides the wording of its argument-count errors.
type arityKind uint8

const (
	// noArgs (METH_NOARGS): "dict.items() takes no arguments (1 given)".
	noArgs arityKind = iota
	// oneArg (METH_O): "list.count() takes exactly one argument (0 given)".
	oneArg
	// clinic (Argument Clinic, positional-only): "index expected at
	// least 1 argument, got 0", "insert expected 2 arguments, got 1".
	clinic
	// legacyArgs (the older stringlib parser): "find() takes at least 1
	// argument (0 given)".
	legacyArgs
	// anyArgs: any number of positional arguments, no keywords
	// (set.union).
	anyArgs
)

// arity is how one method checks its arguments: its convention and the
// least and most positional arguments it takes (max -1: no limit).
type arity struct {
	kind     arityKind
	min, max int
}

// checkArity applies the argument-count and keyword checks CPython makes
// before a builtin method of the table in arity_table.go looks at any
// argument, with CPython's wording. qual is "type.method". Having one
// table, generated from CPython, instead of a check in each method keeps
// the order of errors right: {}.items(1) and [].pop('x') fail on their
// argument count or type before the method body runs.
func checkArity(qual, name string, ar arity, args Tuple, kw []Kwarg) error {
	if len(kw) > 0 {
		return Errorf(TypeErrorClass, "%s() takes no keyword arguments", qual)
	}
	n := len(args)
	if n >= ar.min && (ar.max < 0 || n <= ar.max) {
		return nil
	}
	switch ar.kind {
	case noArgs:
		return Errorf(TypeErrorClass, "%s() takes no arguments (%d given)", qual, n)
	case oneArg:
		return Errorf(TypeErrorClass, "%s() takes exactly one argument (%d given)", qual, n)
	case clinic:
		switch {
		case ar.min == ar.max:
			return Errorf(TypeErrorClass, "%s expected %s, got %d", name, plural(ar.min, "argument"), n)
		case n < ar.min:
			return Errorf(TypeErrorClass, "%s expected at least %s, got %d", name, plural(ar.min, "argument"), n)
		default:
			return Errorf(TypeErrorClass, "%s expected at most %s, got %d", name, plural(ar.max, "argument"), n)
		}
	default:
		if n < ar.min {
			return Errorf(TypeErrorClass, "%s() takes at least %s (%d given)", name, plural(ar.min, "argument"), n)
		}
		return Errorf(TypeErrorClass, "%s() takes at most %s (%d given)", name, plural(ar.max, "argument"), n)
	}
}

// withArity wraps a method of class c with its checkArity check when the
// table lists it; args[0] is the receiver.
func withArity(c *Class, name string, fn BuiltinFunc) BuiltinFunc {
	ar, ok := methodArity[c.Name+"."+name]
	if !ok {
		return fn
	}
	qual := c.Name + "." + name
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if len(a) > 0 {
			if err := checkArity(qual, name, ar, a[1:], kw); err != nil {
				return nil, err
			}
		}
		return fn(t, a, kw)
	}
}
