package cmath

import (
	"math"

	"github.com/toolplane/toolplane/python/lib/internal/pyargs"
	"github.com/toolplane/toolplane/python/vm"
)

// Module builds the cmath module for one run.
func Module(t *vm.Thread) (*vm.Module, error) {
	d := vm.NewDict()
	d.SetStr("__name__", vm.Str("cmath"))
	d.SetStr("pi", vm.Float(math.Pi))
	d.SetStr("e", vm.Float(math.E))
	d.SetStr("tau", vm.Float(2*math.Pi))
	d.SetStr("inf", vm.Float(inf))
	d.SetStr("nan", vm.Float(nan))
	d.SetStr("infj", vm.Complex(complex(0, inf)))
	d.SetStr("nanj", vm.Complex(complex(0, nan)))
	fn := func(name string, f vm.BuiltinFunc) { d.SetStr(name, &vm.Builtin{Name: name, Fn: f}) }
	for name, f := range map[string]func(complex128) (complex128, errno){
		"sqrt": sqrt, "exp": exp, "log10": log10,
		"acos": acos, "asin": asin, "atan": atan, "cos": cos, "sin": sin, "tan": tan,
		"acosh": acosh, "asinh": asinh, "atanh": atanh, "cosh": cosh, "sinh": sinh, "tanh": tanh,
	} {
		fn(name, unary(name, f))
	}
	fn("log", cmathLog)
	fn("phase", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		z, err := oneArg(t, "phase", args, kw)
		if err != nil {
			return nil, err
		}
		phi := vm.FloatAtan2(imag(z), real(z))
		if phi == 0 && imag(z) != 0 && finite(z) {
			// The C library's atan2 reports a quotient that underflowed to
			// zero, and phase (not polar) passes that on.
			return nil, mathError(erange)
		}
		return vm.Float(phi), nil
	})
	fn("polar", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		z, err := oneArg(t, "polar", args, kw)
		if err != nil {
			return nil, err
		}
		r, e := abs(z)
		if e != ok {
			return nil, mathError(e)
		}
		return vm.Tuple{vm.Float(r), vm.Float(vm.FloatAtan2(imag(z), real(z)))}, nil
	})
	fn("rect", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if err := positional("rect", args, kw, 2, 2); err != nil {
			return nil, err
		}
		r, err := pyargs.Float(t, args[0])
		if err != nil {
			return nil, err
		}
		phi, err := pyargs.Float(t, args[1])
		if err != nil {
			return nil, err
		}
		z, e := rect(r, phi)
		if e != ok {
			return nil, mathError(e)
		}
		return vm.Complex(z), nil
	})
	for name, test := range map[string]func(complex128) bool{
		"isfinite": finite,
		"isinf":    func(z complex128) bool { return math.IsInf(real(z), 0) || math.IsInf(imag(z), 0) },
		"isnan":    func(z complex128) bool { return math.IsNaN(real(z)) || math.IsNaN(imag(z)) },
	} {
		name, test := name, test
		fn(name, func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			z, err := oneArg(t, name, args, kw)
			if err != nil {
				return nil, err
			}
			return vm.Bool(test(z)), nil
		})
	}
	fn("isclose", isclose)
	return &vm.Module{Name: "cmath", Dict: d}, nil
}

// mathError is the exception CPython raises for an errno.
func mathError(e errno) error {
	if e == erange {
		return vm.Errorf(vm.OverflowErrorClass, "math range error")
	}
	return vm.Errorf(vm.ValueErrorClass, "math domain error")
}

// positional checks a positional-only arity with CPython's wording.
func positional(name string, args vm.Tuple, kw []vm.Kwarg, lo, hi int) error {
	if len(kw) > 0 {
		return vm.Errorf(vm.TypeErrorClass, "cmath.%s() takes no keyword arguments", name)
	}
	switch {
	case lo == 1 && hi == 1 && len(args) != 1:
		return vm.Errorf(vm.TypeErrorClass, "cmath.%s() takes exactly one argument (%d given)", name, len(args))
	case lo == hi && len(args) != lo:
		return vm.Errorf(vm.TypeErrorClass, "%s expected %d arguments, got %d", name, lo, len(args))
	case len(args) < lo:
		return vm.Errorf(vm.TypeErrorClass, "%s expected at least %d argument, got %d", name, lo, len(args))
	case len(args) > hi:
		return vm.Errorf(vm.TypeErrorClass, "%s expected at most %d arguments, got %d", name, hi, len(args))
	}
	return nil
}

func oneArg(t *vm.Thread, name string, args vm.Tuple, kw []vm.Kwarg) (complex128, error) {
	if err := positional(name, args, kw, 1, 1); err != nil {
		return 0, err
	}
	return t.ToComplex(args[0])
}

func unary(name string, f func(complex128) (complex128, errno)) vm.BuiltinFunc {
	return func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		z, err := oneArg(t, name, args, kw)
		if err != nil {
			return nil, err
		}
		r, e := f(z)
		if e != ok {
			return nil, mathError(e)
		}
		return vm.Complex(r), nil
	}
}

// cmathLog is log(z[, base]): log(z)/log(base) by complex division, where
// dividing by zero (log(1)) is a domain error; errno is the last one set.
func cmathLog(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if err := positional("log", args, kw, 1, 2); err != nil {
		return nil, err
	}
	z, err := t.ToComplex(args[0])
	if err != nil {
		return nil, err
	}
	var base complex128
	if len(args) == 2 {
		if base, err = t.ToComplex(args[1]); err != nil {
			return nil, err
		}
	}
	r, e := log(z)
	if len(args) == 2 {
		var lb complex128
		lb, e = log(base)
		if q, divided := vm.ComplexQuot(r, lb); divided {
			r = q
		} else {
			r, e = 0, edom
		}
	}
	if e != ok {
		return nil, mathError(e)
	}
	return vm.Complex(r), nil
}

// abs is |z| with CPython's rules; erange when it overflows.
func abs(z complex128) (float64, errno) {
	switch {
	case math.IsInf(real(z), 0) || math.IsInf(imag(z), 0):
		return inf, ok
	case math.IsNaN(real(z)) || math.IsNaN(imag(z)):
		return nan, ok
	}
	r := vm.Hypot(real(z), imag(z))
	if math.IsInf(r, 0) {
		return r, erange
	}
	return r, ok
}

func isclose(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	a, err := pyargs.Parse("isclose", args, kw, 2, "a", "b", "*", "rel_tol", "abs_tol")
	if err != nil {
		return nil, err
	}
	x, err := t.ToComplex(a[0])
	if err != nil {
		return nil, err
	}
	y, err := t.ToComplex(a[1])
	if err != nil {
		return nil, err
	}
	rel, abstol := 1e-09, 0.0
	if a[2] != nil {
		if rel, err = pyargs.Float(t, a[2]); err != nil {
			return nil, err
		}
	}
	if a[3] != nil {
		if abstol, err = pyargs.Float(t, a[3]); err != nil {
			return nil, err
		}
	}
	if rel < 0 || abstol < 0 {
		return nil, vm.Errorf(vm.ValueErrorClass, "tolerances must be non-negative")
	}
	if x == y {
		return vm.Bool(true), nil
	}
	if math.IsInf(real(x), 0) || math.IsInf(imag(x), 0) || math.IsInf(real(y), 0) || math.IsInf(imag(y), 0) {
		return vm.Bool(false), nil
	}
	diff, _ := abs(x - y)
	ax, _ := abs(x)
	ay, _ := abs(y)
	return vm.Bool(diff <= rel*ay || diff <= rel*ax || diff <= abstol), nil
}
