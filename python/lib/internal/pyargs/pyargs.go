// Package pyargs binds the arguments of Go-implemented module functions the way
// CPython's argument clinic does, with CPython's error messages.
package pyargs

import (
	"math/big"
	"strings"

	"github.com/toolplane/toolplane/python/vm"
)

// Parse binds positional and keyword arguments of fname to names. The first required
// names must be given; the rest are optional (nil when absent). A name "*" ends the
// parameters that may be passed by position; names after it are keyword-only.
func Parse(fname string, args vm.Tuple, kw []vm.Kwarg, required int, names ...string) ([]vm.Value, error) {
	out := make([]vm.Value, 0, len(names))
	npos := len(names)
	for i, n := range names {
		if n == "*" {
			npos = i
			break
		}
	}
	params := make([]string, 0, len(names))
	for _, n := range names {
		if n != "*" {
			params = append(params, n)
		}
	}
	out = out[:len(params)]
	if len(args) > npos {
		if npos == required {
			return nil, vm.Errorf(vm.TypeErrorClass, "%s() takes exactly %d positional argument%s (%d given)", fname, npos, plural(npos), len(args))
		}
		return nil, vm.Errorf(vm.TypeErrorClass, "%s() takes at most %d positional argument%s (%d given)", fname, npos, plural(npos), len(args))
	}
	copy(out, args)
	for _, k := range kw {
		found := false
		for i, n := range params {
			if n == k.Name {
				if out[i] != nil {
					return nil, vm.Errorf(vm.TypeErrorClass, "argument for %s() given by name ('%s') and position (%d)", fname, n, i+1)
				}
				out[i] = k.Value
				found = true
				break
			}
		}
		if !found {
			return nil, vm.Errorf(vm.TypeErrorClass, "%s() got an unexpected keyword argument '%s'", fname, k.Name)
		}
	}
	for i := 0; i < required; i++ {
		if out[i] == nil {
			return nil, vm.Errorf(vm.TypeErrorClass, "%s() missing required argument '%s' (pos %d)", fname, params[i], i+1)
		}
	}
	return out, nil
}

// ParseFunc is Parse with the messages of a function defined in Python (as CPython's
// pure-Python modules raise them): "f() missing 1 required positional argument: 'x'".
func ParseFunc(fname string, args vm.Tuple, kw []vm.Kwarg, required int, names ...string) ([]vm.Value, error) {
	npos := len(names)
	for i, n := range names {
		if n == "*" {
			npos = i
			break
		}
	}
	if len(args) > npos {
		return nil, vm.Errorf(vm.TypeErrorClass, "%s() takes %d positional argument%s but %d were given", fname, npos, plural(npos), len(args))
	}
	for _, k := range kw {
		for i, n := range names[:npos] {
			if n == k.Name && i < len(args) {
				return nil, vm.Errorf(vm.TypeErrorClass, "%s() got multiple values for argument '%s'", fname, n)
			}
		}
	}
	out, err := Parse(fname, args, kw, 0, names...)
	if err != nil {
		return nil, err
	}
	var missing []string
	for i := 0; i < required; i++ {
		if out[i] == nil {
			missing = append(missing, "'"+names[i]+"'")
		}
	}
	switch len(missing) {
	case 0:
		return out, nil
	case 1:
		return nil, vm.Errorf(vm.TypeErrorClass, "%s() missing 1 required positional argument: %s", fname, missing[0])
	}
	return nil, vm.Errorf(vm.TypeErrorClass, "%s() missing %d required positional arguments: %s and %s", fname, len(missing),
		strings.Join(missing[:len(missing)-1], ", "), missing[len(missing)-1])
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Float converts an int or float argument to float64, as CPython's float
// conversion of math functions does ("must be real number, not str").
func Float(t *vm.Thread, v vm.Value) (float64, error) {
	switch x := v.(type) {
	case vm.Float:
		return float64(x), nil
	case vm.Int:
		return float64(x), nil
	case vm.Bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case *big.Int:
		f, acc := new(big.Float).SetInt(x).Float64()
		if acc != big.Exact && (f > 1.7e308 || f < -1.7e308) {
			return 0, vm.Errorf(vm.OverflowErrorClass, "int too large to convert to float")
		}
		return f, nil
	case *vm.Instance:
		if m := x.Class.Lookup("__float__"); m != nil {
			r, err := t.CallMethodName(v, "__float__", nil, nil)
			if err != nil {
				return 0, err
			}
			if f, ok := r.(vm.Float); ok {
				return float64(f), nil
			}
		}
		if m := x.Class.Lookup("__index__"); m != nil {
			n, err := callIndex(t, v)
			if err != nil {
				return 0, err
			}
			return Float(t, n)
		}
	}
	return 0, vm.Errorf(vm.TypeErrorClass, "must be real number, not %s", vm.TypeName(v))
}

// Index converts an integer argument (int, bool, or an object with __index__) to a
// *big.Int.
func Index(t *vm.Thread, v vm.Value) (*big.Int, error) {
	switch x := v.(type) {
	case vm.Int:
		return big.NewInt(int64(x)), nil
	case vm.Bool:
		if x {
			return big.NewInt(1), nil
		}
		return big.NewInt(0), nil
	case *big.Int:
		return x, nil
	case *vm.Instance:
		if m := x.Class.Lookup("__index__"); m != nil {
			n, err := callIndex(t, v)
			if err != nil {
				return nil, err
			}
			return Index(t, n)
		}
	}
	return nil, vm.Errorf(vm.TypeErrorClass, "'%s' object cannot be interpreted as an integer", vm.TypeName(v))
}

// callIndex calls v.__index__ and requires an int back, as CPython does:
// converting what it returned once more would call the next object's
// __index__, and an __index__ returning self would recurse in Go without
// end.
func callIndex(t *vm.Thread, v vm.Value) (vm.Value, error) {
	r, err := t.CallMethodName(v, "__index__", nil, nil)
	if err != nil {
		return nil, err
	}
	switch x := r.(type) {
	case vm.Int, vm.Bool, *big.Int:
		return r, nil
	case *vm.Instance:
		switch x.Base.(type) {
		case vm.Int, vm.Bool, *big.Int:
			return x.Base, nil
		}
	}
	return nil, vm.Errorf(vm.TypeErrorClass, "__index__ returned non-int (type %s)", vm.TypeName(r))
}

// Int64 converts an integer argument to int64, raising OverflowError when it does not
// fit.
func Int64(t *vm.Thread, v vm.Value) (int64, error) {
	b, err := Index(t, v)
	if err != nil {
		return 0, err
	}
	if !b.IsInt64() {
		return 0, vm.Errorf(vm.OverflowErrorClass, "Python int too large to convert to C long")
	}
	return b.Int64(), nil
}

// Truth is truthiness with nil (an absent optional argument) as def.
func Truth(t *vm.Thread, v vm.Value, def bool) (bool, error) {
	if v == nil {
		return def, nil
	}
	return t.Truth(v)
}
