// Package math is the embedded interpreter's `math` module: CPython 3.11's functions and
// constants with its error rules ("math domain error", "math range error") and exact
// integer functions (factorial, gcd, lcm, comb, perm, isqrt) over big integers.
package math

import (
	"math"
	"math/big"

	"github.com/toolplane/toolplane/python/lib/internal/pyargs"
	"github.com/toolplane/toolplane/python/syntax"
	"github.com/toolplane/toolplane/python/vm"
)

// Module builds the math module for one run.
func Module(t *vm.Thread) (*vm.Module, error) {
	d := vm.NewDict()
	d.SetStr("__name__", vm.Str("math"))
	d.SetStr("pi", vm.Float(math.Pi))
	d.SetStr("e", vm.Float(math.E))
	d.SetStr("tau", vm.Float(2*math.Pi))
	d.SetStr("inf", vm.Float(math.Inf(1)))
	d.SetStr("nan", vm.Float(math.NaN()))
	fn := func(name string, f vm.BuiltinFunc) { d.SetStr(name, &vm.Builtin{Name: name, Fn: f}) }
	for _, u := range unary {
		fn(u.name, math1(u.name, u.f, u.overflow))
	}
	for name, f := range rounding {
		fn(name, f)
	}
	for name, f := range others {
		fn(name, f)
	}
	return &vm.Module{Name: "math", Dict: d}, nil
}

func domainError() error { return vm.Errorf(vm.ValueErrorClass, "math domain error") }
func rangeError() error  { return vm.Errorf(vm.OverflowErrorClass, "math range error") }

// check applies CPython's is_error rules to r = f(x...): NaN from non-NaN input is a
// domain error; infinity from finite input is a range error when the function can
// overflow, else a domain error.
func check(r float64, overflow bool, xs ...float64) (vm.Value, error) {
	anyNaN, allFinite := false, true
	for _, x := range xs {
		if math.IsNaN(x) {
			anyNaN = true
		}
		if math.IsInf(x, 0) || math.IsNaN(x) {
			allFinite = false
		}
	}
	if math.IsNaN(r) && !anyNaN {
		return nil, domainError()
	}
	if math.IsInf(r, 0) && allFinite {
		if overflow {
			return nil, rangeError()
		}
		return nil, domainError()
	}
	return vm.Float(r), nil
}

type unaryFn struct {
	name     string
	f        func(float64) float64
	overflow bool
}

var unary = []unaryFn{
	{"sqrt", math.Sqrt, false}, {"exp", Exp, true}, {"expm1", math.Expm1, true},
	{"exp2", math.Exp2, true}, {"cbrt", Cbrt, false},
	{"fabs", math.Abs, false}, {"sin", Sin, false}, {"cos", Cos, false}, {"tan", Tan, false},
	{"asin", Asin, false}, {"acos", Acos, false}, {"atan", Atan, false},
	{"sinh", Sinh, true}, {"cosh", Cosh, true}, {"tanh", Tanh, false},
	{"asinh", Asinh, false}, {"acosh", Acosh, false}, {"atanh", math.Atanh, false},
	{"erf", math.Erf, false}, {"erfc", math.Erfc, false},
	{"degrees", func(x float64) float64 { return x * (180 / math.Pi) }, true},
	{"radians", func(x float64) float64 { return x * (math.Pi / 180) }, false},
	{"log1p", math.Log1p, false},
	{"gamma", gamma, true}, {"lgamma", lgamma, true},
}

func gamma(x float64) float64 {
	if x == math.Trunc(x) && x <= 0 {
		return math.NaN()
	}
	return math.Gamma(x)
}

func lgamma(x float64) float64 {
	if math.IsInf(x, 0) {
		return math.Inf(1)
	}
	if x == math.Trunc(x) && x <= 0 {
		// A pole: CPython reports a domain error (NaN here), not inf.
		return math.NaN()
	}
	r, _ := math.Lgamma(x)
	return r
}

func math1(name string, f func(float64) float64, overflow bool) vm.BuiltinFunc {
	return func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if err := nargs(name, args, kw, 1, 1); err != nil {
			return nil, err
		}
		x, err := pyargs.Float(t, args[0])
		if err != nil {
			return nil, err
		}
		if name == "atanh" && (x == 1 || x == -1) || name == "log1p" && x == -1 {
			return nil, domainError()
		}
		return check(f(x), overflow, x)
	}
}

// nargs checks a positional-only arity like CPython's METH_FASTCALL functions.
func nargs(name string, args vm.Tuple, kw []vm.Kwarg, lo, hi int) error {
	if len(kw) > 0 {
		return vm.Errorf(vm.TypeErrorClass, "math.%s() takes no keyword arguments", name)
	}
	switch {
	case lo == hi && len(args) != lo:
		if lo == 1 {
			return vm.Errorf(vm.TypeErrorClass, "math.%s() takes exactly one argument (%d given)", name, len(args))
		}
		return vm.Errorf(vm.TypeErrorClass, "%s expected %d arguments, got %d", name, lo, len(args))
	case len(args) < lo:
		return vm.Errorf(vm.TypeErrorClass, "%s expected at least %d argument%s, got %d", name, lo, plural(lo), len(args))
	case len(args) > hi:
		return vm.Errorf(vm.TypeErrorClass, "%s expected at most %d arguments, got %d", name, hi, len(args))
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// toInt converts a float to a Python int, with CPython's errors for inf and NaN.
func toInt(f float64) (vm.Value, error) {
	if math.IsInf(f, 0) {
		return nil, vm.Errorf(vm.OverflowErrorClass, "cannot convert float infinity to integer")
	}
	if math.IsNaN(f) {
		return nil, vm.Errorf(vm.ValueErrorClass, "cannot convert float NaN to integer")
	}
	if f >= -9.2e18 && f <= 9.2e18 {
		return vm.Int(int64(f)), nil
	}
	b, _ := big.NewFloat(f).Int(nil)
	return vm.MakeInt(b), nil
}

func isInt(v vm.Value) bool {
	switch v.(type) {
	case vm.Int, *big.Int, vm.Bool:
		return true
	}
	return false
}

func roundFn(name, dunder string, f func(float64) float64) vm.BuiltinFunc {
	return func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if err := nargs(name, args, kw, 1, 1); err != nil {
			return nil, err
		}
		x := args[0]
		if isInt(x) {
			if b, ok := x.(vm.Bool); ok {
				if b {
					return vm.Int(1), nil
				}
				return vm.Int(0), nil
			}
			return x, nil
		}
		if inst, ok := x.(*vm.Instance); ok && inst.Class.Lookup(dunder) != nil {
			return t.CallMethodName(x, dunder, nil, nil)
		}
		fx, err := pyargs.Float(t, x)
		if err != nil {
			if _, ok := x.(*vm.Instance); !ok && name == "trunc" {
				return nil, vm.Errorf(vm.TypeErrorClass, "type %s doesn't define __trunc__ method", vm.TypeName(x))
			}
			return nil, err
		}
		return toInt(f(fx))
	}
}

var rounding = map[string]vm.BuiltinFunc{
	"floor": roundFn("floor", "__floor__", math.Floor),
	"ceil":  roundFn("ceil", "__ceil__", math.Ceil),
	"trunc": roundFn("trunc", "__trunc__", math.Trunc),
}

func floats(t *vm.Thread, name string, args vm.Tuple, kw []vm.Kwarg, n int) ([]float64, error) {
	if err := nargs(name, args, kw, n, n); err != nil {
		return nil, err
	}
	out := make([]float64, n)
	for i := range out {
		f, err := pyargs.Float(t, args[i])
		if err != nil {
			return nil, err
		}
		out[i] = f
	}
	return out, nil
}

// logOf computes f(x) for log, log2 and log10 as CPython's loghelper does: an int too
// large for a float is x·2**e with x in [0.5, 1), and the result f(x) + f(2)·e.
func logOf(t *vm.Thread, v vm.Value, f func(float64) float64) (float64, error) {
	if b, ok := v.(*big.Int); ok {
		if b.Sign() <= 0 {
			return 0, domainError()
		}
		bf := new(big.Float).SetInt(b)
		if x, _ := bf.Float64(); !math.IsInf(x, 0) {
			return f(x), nil
		}
		mant := new(big.Float)
		e := bf.MantExp(mant)
		x, _ := mant.Float64()
		if x == 1 {
			x, e = 0.5, e+1
		}
		return f(x) + f(2)*float64(e), nil
	}
	x, err := pyargs.Float(t, v)
	if err != nil {
		return 0, err
	}
	if x <= 0 {
		return 0, domainError()
	}
	return f(x), nil
}

func intArg(t *vm.Thread, v vm.Value) (*big.Int, error) { return pyargs.Index(t, v) }

var others = map[string]vm.BuiltinFunc{
	"log": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(kw) > 0 {
			return nil, vm.Errorf(vm.TypeErrorClass, "math.log() takes no keyword arguments")
		}
		if len(args) < 1 || len(args) > 2 {
			return nil, vm.Errorf(vm.TypeErrorClass, "math.log requires 1 to 2 arguments")
		}
		num, err := logOf(t, args[0], Log)
		if err != nil {
			return nil, err
		}
		if len(args) == 2 {
			den, err := logOf(t, args[1], Log)
			if err != nil {
				return nil, err
			}
			if den == 0 {
				return nil, vm.Errorf(vm.ZeroDivisionErrorClass, "float division by zero")
			}
			return vm.Float(num / den), nil
		}
		return vm.Float(num), nil
	},
	"log2": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if err := nargs("log2", args, kw, 1, 1); err != nil {
			return nil, err
		}
		r, err := logOf(t, args[0], Log2)
		return vm.Float(r), err
	},
	"log10": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if err := nargs("log10", args, kw, 1, 1); err != nil {
			return nil, err
		}
		r, err := logOf(t, args[0], Log10)
		return vm.Float(r), err
	},
	"pow": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		xs, err := floats(t, "pow", args, kw, 2)
		if err != nil {
			return nil, err
		}
		x, y := xs[0], xs[1]
		if x == 0 && y < 0 && !math.IsInf(y, 0) {
			return nil, domainError()
		}
		if x < 0 && !math.IsInf(x, 0) && y != math.Trunc(y) && !math.IsInf(y, 0) {
			return nil, domainError()
		}
		return check(Pow(x, y), true, x, y)
	},
	"atan2": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		xs, err := floats(t, "atan2", args, kw, 2)
		if err != nil {
			return nil, err
		}
		return vm.Float(Atan2(xs[0], xs[1])), nil
	},
	"copysign": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		xs, err := floats(t, "copysign", args, kw, 2)
		if err != nil {
			return nil, err
		}
		return vm.Float(math.Copysign(xs[0], xs[1])), nil
	},
	"fmod": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		xs, err := floats(t, "fmod", args, kw, 2)
		if err != nil {
			return nil, err
		}
		if math.IsInf(xs[1], 0) && !math.IsInf(xs[0], 0) {
			return vm.Float(xs[0]), nil
		}
		return check(math.Mod(xs[0], xs[1]), false, xs...)
	},
	"remainder": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		xs, err := floats(t, "remainder", args, kw, 2)
		if err != nil {
			return nil, err
		}
		return check(math.Remainder(xs[0], xs[1]), false, xs...)
	},
	"ldexp": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if err := nargs("ldexp", args, kw, 2, 2); err != nil {
			return nil, err
		}
		x, err := pyargs.Float(t, args[0])
		if err != nil {
			return nil, err
		}
		if !isInt(args[1]) {
			return nil, vm.Errorf(vm.TypeErrorClass, "Expected an int as second argument to ldexp.")
		}
		e, err := intArg(t, args[1])
		if err != nil {
			return nil, err
		}
		exp := int64(1 << 20)
		if e.IsInt64() && e.Int64() < exp && e.Int64() > -exp {
			exp = e.Int64()
		} else if e.Sign() < 0 {
			exp = -exp
		}
		return check(math.Ldexp(x, int(exp)), true, x)
	},
	"frexp": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		xs, err := floats(t, "frexp", args, kw, 1)
		if err != nil {
			return nil, err
		}
		m, e := math.Frexp(xs[0])
		return vm.Tuple{vm.Float(m), vm.Int(e)}, nil
	},
	"modf": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		xs, err := floats(t, "modf", args, kw, 1)
		if err != nil {
			return nil, err
		}
		x := xs[0]
		if math.IsInf(x, 0) {
			return vm.Tuple{vm.Float(math.Copysign(0, x)), vm.Float(x)}, nil
		}
		i, f := math.Modf(x)
		return vm.Tuple{vm.Float(f), vm.Float(i)}, nil
	},
	"isfinite": floatPred("isfinite", func(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }),
	"isinf":    floatPred("isinf", func(x float64) bool { return math.IsInf(x, 0) }),
	"isnan":    floatPred("isnan", math.IsNaN),
	"isclose":  isclose,
	"hypot":    hypot,
	"dist":     dist,
	"fsum":     fsum,
	"prod":     prod,
	"factorial": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if err := nargs("factorial", args, kw, 1, 1); err != nil {
			return nil, err
		}
		if _, ok := args[0].(vm.Float); ok {
			return nil, vm.Errorf(vm.TypeErrorClass, "'float' object cannot be interpreted as an integer")
		}
		n, err := intArg(t, args[0])
		if err != nil {
			return nil, err
		}
		if n.Sign() < 0 {
			return nil, vm.Errorf(vm.ValueErrorClass, "factorial() not defined for negative values")
		}
		// log2(n!) by Stirling: refuse results over the int size limit
		// before building them.
		if !n.IsInt64() || n.Int64() > 2 && lgamma2(n.Int64()+1) > vm.MaxIntBits {
			return nil, vm.Errorf(vm.OverflowErrorClass, "factorial() result would exceed the embedded interpreter's int size limit (%d bits)", vm.MaxIntBits)
		}
		r, err := rangeProduct(t, 1, n.Int64())
		if err != nil {
			return nil, err
		}
		return vm.MakeInt(r), nil
	},
	"gcd": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(kw) > 0 {
			return nil, vm.Errorf(vm.TypeErrorClass, "math.gcd() takes no keyword arguments")
		}
		g := new(big.Int)
		for _, a := range args {
			n, err := intArg(t, a)
			if err != nil {
				return nil, err
			}
			if g, err = t.BigGCD(g, n); err != nil {
				return nil, err
			}
		}
		return vm.MakeInt(g), nil
	},
	"lcm": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(kw) > 0 {
			return nil, vm.Errorf(vm.TypeErrorClass, "math.lcm() takes no keyword arguments")
		}
		l := big.NewInt(1)
		for _, a := range args {
			n, err := intArg(t, a)
			if err != nil {
				return nil, err
			}
			n = new(big.Int).Abs(n)
			if n.Sign() == 0 || l.Sign() == 0 {
				l.SetInt64(0)
				continue
			}
			g, err := t.BigGCD(l, n)
			if err != nil {
				return nil, err
			}
			f, _, err := t.BigQuoRem(n, g)
			if err != nil {
				return nil, err
			}
			if l, err = t.BigMul(l, f); err != nil {
				return nil, err
			}
		}
		return vm.MakeInt(l), nil
	},
	"isqrt": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if err := nargs("isqrt", args, kw, 1, 1); err != nil {
			return nil, err
		}
		n, err := intArg(t, args[0])
		if err != nil {
			return nil, err
		}
		if n.Sign() < 0 {
			return nil, vm.Errorf(vm.ValueErrorClass, "isqrt() argument must be nonnegative")
		}
		r, err := t.BigSqrt(n)
		if err != nil {
			return nil, err
		}
		return vm.MakeInt(r), nil
	},
	"comb": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		n, k, err := nk(t, "comb", args, kw)
		if err != nil || n == nil {
			return vm.Int(0), err
		}
		if k.Cmp(n) > 0 {
			return vm.Int(0), nil
		}
		kk := k.Int64()
		if nk := new(big.Int).Sub(n, k); nk.Cmp(k) < 0 {
			kk = nk.Int64()
		}
		if n.IsInt64() {
			// n!/(n-kk)!/kk! by product trees of ticked products, bounded
			// first.
			if err := productBits(t, n, kk); err != nil {
				return nil, err
			}
			nn := n.Int64()
			num, err := rangeProduct(t, nn-kk+1, nn)
			if err != nil {
				return nil, err
			}
			den, err := rangeProduct(t, 1, kk)
			if err != nil {
				return nil, err
			}
			r, _, err := t.BigQuoRem(num, den)
			if err != nil {
				return nil, err
			}
			return vm.MakeInt(r), nil
		}
		// comb(n, k) < (e*n/k)**k: refuse results over the int size
		// limit before the loop builds them.
		if kk > 0 {
			bits := float64(kk) * (float64(n.BitLen()) - math.Log2(float64(kk)) + 1.5)
			if err := t.CheckIntBits(int64(bits)); err != nil {
				return nil, err
			}
		}
		r := big.NewInt(1)
		for i := int64(0); i < kk; i++ {
			if r, err = t.BigMul(r, new(big.Int).Sub(n, big.NewInt(i))); err != nil {
				return nil, err
			}
			if r, _, err = t.BigQuoRem(r, big.NewInt(i+1)); err != nil {
				return nil, err
			}
		}
		return vm.MakeInt(r), nil
	},
	"perm": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(args) == 1 {
			args = vm.Tuple{args[0], args[0]}
		}
		n, k, err := nk(t, "perm", args, kw)
		if err != nil || n == nil {
			return vm.Int(0), err
		}
		if k.Cmp(n) > 0 {
			return vm.Int(0), nil
		}
		kk := k.Int64()
		if n.IsInt64() {
			if err := productBits(t, n, kk); err != nil {
				return nil, err
			}
			nn := n.Int64()
			if kk == 0 {
				return vm.Int(1), nil
			}
			r, err := rangeProduct(t, nn-kk+1, nn)
			if err != nil {
				return nil, err
			}
			return vm.MakeInt(r), nil
		}
		if k.Sign() > 0 {
			if err := t.CheckIntBits(int64(n.BitLen()) * k.Int64()); err != nil {
				return nil, err
			}
		}
		r := big.NewInt(1)
		for i := int64(0); i < k.Int64(); i++ {
			if r, err = t.BigMul(r, new(big.Int).Sub(n, big.NewInt(i))); err != nil {
				return nil, err
			}
		}
		return vm.MakeInt(r), nil
	},
	"nextafter": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		xs, err := floats(t, "nextafter", args, kw, 2)
		if err != nil {
			return nil, err
		}
		return vm.Float(math.Nextafter(xs[0], xs[1])), nil
	},
	"ulp": func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		xs, err := floats(t, "ulp", args, kw, 1)
		if err != nil {
			return nil, err
		}
		x := math.Abs(xs[0])
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return vm.Float(x), nil
		}
		if x == math.MaxFloat64 {
			return vm.Float(x - math.Nextafter(x, 0)), nil
		}
		return vm.Float(math.Nextafter(x, math.Inf(1)) - x), nil
	},
}

// mulStep accounts one step of a product built in a loop (perm and comb
// of an n beyond int64, lcm): the number may not grow past vm.MaxIntBits,
// as no int may, and its length in words is ticked, so a long product is
// stopped by the deadline and the step budget (perm(2**1000000, 3000)
// once ran for over twenty minutes past a two-second limit).
func mulStep(t *vm.Thread, r *big.Int) error {
	if r.BitLen() > vm.MaxIntBits {
		return vm.Errorf(vm.MemoryErrorClass, "integer result too large (more than %d bits)", vm.MaxIntBits)
	}
	return t.Tick(int64(len(r.Bits())) + 1)
}

// productBits refuses a product of k factors of at most n's length that
// could pass vm.MaxIntBits, and ticks its cost, before the product tree
// (which cannot be interrupted) runs.
func productBits(t *vm.Thread, n *big.Int, k int64) error {
	bits := vm.SizeMul(int64(n.BitLen()), k)
	if bits > vm.MaxIntBits {
		return vm.Errorf(vm.MemoryErrorClass, "integer result too large (more than %d bits)", vm.MaxIntBits)
	}
	if err := t.Charge(bits / 8); err != nil {
		return err
	}
	return t.Tick(bits / 64 * 8)
}

func nk(t *vm.Thread, name string, args vm.Tuple, kw []vm.Kwarg) (*big.Int, *big.Int, error) {
	if err := nargs(name, args, kw, 2, 2); err != nil {
		return nil, nil, err
	}
	n, err := intArg(t, args[0])
	if err != nil {
		return nil, nil, err
	}
	k, err := intArg(t, args[1])
	if err != nil {
		return nil, nil, err
	}
	if n.Sign() < 0 {
		return nil, nil, vm.Errorf(vm.ValueErrorClass, "n must be a non-negative integer")
	}
	if k.Sign() < 0 {
		return nil, nil, vm.Errorf(vm.ValueErrorClass, "k must be a non-negative integer")
	}
	if !k.IsInt64() || k.Int64() > 100000 {
		if k.Cmp(n) > 0 {
			return nil, nil, nil
		}
		return nil, nil, vm.Errorf(vm.OverflowErrorClass, "%s() arguments are too large for the embedded interpreter", name)
	}
	return n, k, nil
}

func floatPred(name string, f func(float64) bool) vm.BuiltinFunc {
	return func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		xs, err := floats(t, name, args, kw, 1)
		if err != nil {
			return nil, err
		}
		return vm.Bool(f(xs[0])), nil
	}
}

func isclose(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	a, err := pyargs.Parse("isclose", args, kw, 2, "a", "b", "*", "rel_tol", "abs_tol")
	if err != nil {
		return nil, err
	}
	x, err := pyargs.Float(t, a[0])
	if err != nil {
		return nil, err
	}
	y, err := pyargs.Float(t, a[1])
	if err != nil {
		return nil, err
	}
	rel, abs := 1e-09, 0.0
	if a[2] != nil {
		if rel, err = pyargs.Float(t, a[2]); err != nil {
			return nil, err
		}
	}
	if a[3] != nil {
		if abs, err = pyargs.Float(t, a[3]); err != nil {
			return nil, err
		}
	}
	if rel < 0 || abs < 0 {
		return nil, vm.Errorf(vm.ValueErrorClass, "tolerances must be non-negative")
	}
	if x == y {
		return vm.Bool(true), nil
	}
	if math.IsInf(x, 0) || math.IsInf(y, 0) {
		return vm.Bool(false), nil
	}
	diff := math.Abs(y - x)
	return vm.Bool(diff <= math.Abs(rel*y) || diff <= math.Abs(rel*x) || diff <= abs), nil
}

// hypotOf is math.hypot and math.dist over floats: CPython's vector_norm.
func hypotOf(xs []float64) float64 { return vm.FloatVectorNorm(xs) }

func hypot(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(kw) > 0 {
		return nil, vm.Errorf(vm.TypeErrorClass, "math.hypot() takes no keyword arguments")
	}
	xs := make([]float64, len(args))
	for i, a := range args {
		f, err := pyargs.Float(t, a)
		if err != nil {
			return nil, err
		}
		xs[i] = f
	}
	return vm.Float(hypotOf(xs)), nil
}

func seqFloats(t *vm.Thread, v vm.Value) ([]float64, error) {
	var items []vm.Value
	switch x := v.(type) {
	case vm.Tuple:
		items = x
	case *vm.List:
		items = x.Items
	default:
		var err error
		if items, err = iterate(t, v); err != nil {
			return nil, err
		}
	}
	out := make([]float64, len(items))
	for i, it := range items {
		f, err := pyargs.Float(t, it)
		if err != nil {
			return nil, err
		}
		out[i] = f
	}
	return out, nil
}

func dist(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if err := nargs("dist", args, kw, 2, 2); err != nil {
		return nil, err
	}
	p, err := seqFloats(t, args[0])
	if err != nil {
		return nil, err
	}
	q, err := seqFloats(t, args[1])
	if err != nil {
		return nil, err
	}
	if len(p) != len(q) {
		return nil, vm.Errorf(vm.ValueErrorClass, "both points must have the same number of dimensions")
	}
	d := make([]float64, len(p))
	for i := range p {
		d[i] = p[i] - q[i]
	}
	return vm.Float(hypotOf(d)), nil
}

func iterate(t *vm.Thread, v vm.Value) ([]vm.Value, error) {
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

// fsum adds exactly (a big.Float wide enough for any sum of float64s) and rounds once,
// which is what CPython's Shewchuk summation computes.
func fsum(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if err := nargs("fsum", args, kw, 1, 1); err != nil {
		return nil, err
	}
	it, err := t.Iter(args[0])
	if err != nil {
		return nil, err
	}
	sum := new(big.Float).SetPrec(2200)
	special := 0.0
	hasSpecial := false
	for {
		v, ok, err := t.Next(it)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		f, err := pyargs.Float(t, v)
		if err != nil {
			return nil, err
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			if hasSpecial {
				special += f
			} else {
				special, hasSpecial = f, true
			}
			continue
		}
		sum.Add(sum, new(big.Float).SetFloat64(f))
	}
	if hasSpecial {
		if math.IsNaN(special) {
			return nil, vm.Errorf(vm.ValueErrorClass, "-inf + inf in fsum")
		}
		return vm.Float(special), nil
	}
	r, _ := sum.Float64()
	if math.IsInf(r, 0) {
		return nil, vm.Errorf(vm.OverflowErrorClass, "intermediate overflow in fsum")
	}
	return vm.Float(r), nil
}

func prod(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	a, err := pyargs.Parse("prod", args, kw, 1, "iterable", "*", "start")
	if err != nil {
		return nil, err
	}
	var acc vm.Value = vm.Int(1)
	if a[1] != nil {
		acc = a[1]
	}
	it, err := t.Iter(a[0])
	if err != nil {
		return nil, err
	}
	for {
		v, ok, err := t.Next(it)
		if err != nil {
			return nil, err
		}
		if !ok {
			return acc, nil
		}
		if acc, err = t.Binary(syntax.Mult, acc, v); err != nil {
			return nil, err
		}
	}
}

// lgamma2 returns log2((n-1)!), Stirling's estimate of the bits of the
// factorial.
func lgamma2(n int64) float64 {
	lg, _ := math.Lgamma(float64(n))
	return lg / math.Ln2
}

// rangeProduct returns lo*(lo+1)*...*hi as a balanced product tree, so
// the large multiplications are of operands of similar size (which BigMul
// splits and ticks) rather than a long product by one small factor after
// another.
func rangeProduct(t *vm.Thread, lo, hi int64) (*big.Int, error) {
	if hi-lo < 64 {
		r := big.NewInt(1)
		for i := lo; i <= hi; i++ {
			r.Mul(r, big.NewInt(i))
		}
		return r, t.TickWords(int64(len(r.Bits())) * (hi - lo + 1))
	}
	mid := lo + (hi-lo)/2
	a, err := rangeProduct(t, lo, mid)
	if err != nil {
		return nil, err
	}
	b, err := rangeProduct(t, mid+1, hi)
	if err != nil {
		return nil, err
	}
	return t.BigMul(a, b)
}
