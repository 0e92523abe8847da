package vm

import (
	"fmt"
	"github.com/toolplane/toolplane/python/compile"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// builtinsDict is the builtins namespace, built once at init and never
// mutated afterwards (snippets cannot reach it).
var builtinsDict = NewDict()

func def(name string, fn BuiltinFunc) {
	builtinsDict.SetStr(name, &Builtin{Name: name, Fn: fn})
}

// Builtins returns a copy of the builtins namespace.
func Builtins() *Dict { return builtinsDict.Copy() }

func initMisc() {
	for _, c := range []*Class{ObjectClass, TypeClass, IntClass, BoolClass, FloatClass, StrClass, BytesClass,
		ListClass, TupleClass, DictClass, SetClass, FrozenSetClass, RangeClass, SliceClass, PropertyClass,
		StaticMethodClass, ClassMethodClass, SuperClass, EnumerateClass, ZipClass, MapClass, FilterClass, ReversedClass, ByteArrayClass, ComplexClass} {
		builtinsDict.SetStr(c.Name, c)
	}
	for _, c := range exceptionClasses {
		builtinsDict.SetStr(c.Name, c)
	}
	builtinsDict.SetStr("NotImplemented", NotImplemented)
	builtinsDict.SetStr("Ellipsis", EllipsisType{})
	builtinsDict.SetStr("__name__", Str("__main__"))
	builtinsDict.SetStr("__debug__", Bool(true))
	builtinsDict.SetStr("EnvironmentError", OSErrorClass)
	builtinsDict.SetStr("IOError", OSErrorClass)
	initAsyncIterBuiltins()

	def("print", builtinPrint)
	def("len", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("len", args, kw, 1); err != nil {
			return nil, err
		}
		n, err := t.Len(args[0])
		return Int(n), err
	})
	def("repr", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("repr", args, kw, 1); err != nil {
			return nil, err
		}
		s, err := t.Repr(args[0])
		return Str(s), err
	})
	def("ascii", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("ascii", args, kw, 1); err != nil {
			return nil, err
		}
		s, err := t.Repr(args[0])
		if err != nil {
			return nil, err
		}
		if len(s) > 1024 {
			// Escapes at most 2.5 times the bytes (\U0001f600 for 4).
			if err := t.tickChars(len(s)); err != nil {
				return nil, err
			}
			if err := t.Charge(int64(len(s)) * 5 / 2); err != nil {
				return nil, err
			}
		}
		return Str(asciiEscape(s)), nil
	})
	def("isinstance", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("isinstance", args, kw, 2); err != nil {
			return nil, err
		}
		ok, err := isInstance(t, args[0], TypeOf(args[0]), args[1], "isinstance")
		return Bool(ok), err
	})
	def("issubclass", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("issubclass", args, kw, 2); err != nil {
			return nil, err
		}
		c, ok := args[0].(*Class)
		if !ok {
			// CPython checks arg 1 against each class of a (nested)
			// tuple in turn: a tuple holding none is False whatever
			// arg 1 is. Walked with a stack of its own, not recursion
			// (the nesting is the snippet's), each tuple once (t =
			// (t, t) a hundred times shares 2**100 paths).
			stack := []Value{args[1]}
			seen := map[*Value]bool{}
			for len(stack) > 0 {
				v := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				tup, isTuple := v.(Tuple)
				if !isTuple {
					return nil, Errorf(TypeErrorClass, "issubclass() arg 1 must be a class")
				}
				if len(tup) == 0 || seen[&tup[0]] {
					continue
				}
				seen[&tup[0]] = true
				if err := t.tickItems(len(tup)); err != nil {
					return nil, err
				}
				stack = append(stack, tup...)
			}
			return Bool(false), nil
		}
		r, err := isInstance(t, c, c, args[1], "issubclass")
		return Bool(r), err
	})
	def("hasattr", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("hasattr", args, kw, 2); err != nil {
			return nil, err
		}
		name, ok := asStr(args[1])
		if !ok {
			return nil, Errorf(TypeErrorClass, "attribute name must be string, not '%s'", TypeName(args[1]))
		}
		_, err := t.GetAttr(args[0], string(name))
		if err != nil {
			if e, ok := err.(*Instance); ok && e.Class.IsSubclass(AttributeErrorClass) {
				return Bool(false), nil
			}
			return nil, err
		}
		return Bool(true), nil
	})
	def("getattr", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("getattr", args, kw, 2, 3); err != nil {
			return nil, err
		}
		name, ok := asStr(args[1])
		if !ok {
			return nil, Errorf(TypeErrorClass, "attribute name must be string, not '%s'", TypeName(args[1]))
		}
		v, err := t.GetAttr(args[0], string(name))
		if err != nil && len(args) == 3 {
			if e, ok := err.(*Instance); ok && e.Class.IsSubclass(AttributeErrorClass) {
				return args[2], nil
			}
		}
		if err != nil {
			noteAttrContext(err, args[0], string(name))
		}
		return v, err
	})
	def("setattr", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("setattr", args, kw, 3); err != nil {
			return nil, err
		}
		name, ok := asStr(args[1])
		if !ok {
			return nil, Errorf(TypeErrorClass, "attribute name must be string, not '%s'", TypeName(args[1]))
		}
		return None, t.SetAttr(args[0], string(name), args[2])
	})
	def("delattr", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("delattr", args, kw, 2); err != nil {
			return nil, err
		}
		name, ok := asStr(args[1])
		if !ok {
			return nil, Errorf(TypeErrorClass, "attribute name must be string, not '%s'", TypeName(args[1]))
		}
		return None, t.DelAttr(args[0], string(name))
	})
	def("callable", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("callable", args, kw, 1); err != nil {
			return nil, err
		}
		return Bool(isCallable(args[0])), nil
	})
	def("iter", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("iter", args, kw, 1, 2); err != nil {
			return nil, err
		}
		if len(args) == 2 {
			fn, sentinel := args[0], args[1]
			if !isCallable(fn) {
				return nil, Errorf(TypeErrorClass, "iter(v, w): v must be callable")
			}
			it := funcIterRefs([]Value{fn, sentinel}, CallIterClass, func(t *Thread) (Value, bool, error) {
				v, err := t.Call(fn, nil, nil)
				if err != nil {
					return nil, false, err
				}
				eq, err := t.Equal(v, sentinel)
				if err != nil || eq {
					return nil, false, err
				}
				return v, true, nil
			})
			// A builtin function's result, which no constructor charges.
			return it, t.chargeNew(newBytes(it))
		}
		// The iterator keeps a str or bytes subject, which its maker
		// may not have charged (up to one block).
		if err := t.chargeStored(args[0]); err != nil {
			return nil, err
		}
		return t.Iter(args[0])
	})
	def("next", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("next", args, kw, 1, 2); err != nil {
			return nil, err
		}
		if !isIterator(args[0]) {
			return nil, Errorf(TypeErrorClass, "'%s' object is not an iterator", TypeName(args[0]))
		}
		v, ok, err := t.nextRaw(args[0])
		if err != nil {
			return nil, err
		}
		if !ok {
			if len(args) == 2 {
				return args[1], nil
			}
			if v == None || v == nil {
				return nil, NewException(StopIterationClass)
			}
			return nil, NewException(StopIterationClass, v)
		}
		return v, nil
	})
	def("abs", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("abs", args, kw, 1); err != nil {
			return nil, err
		}
		v := args[0]
		if inst, ok := v.(*Instance); ok && inst.Base != nil {
			if _, user := inst.Class.Lookup("__abs__").(*Function); !user {
				v = inst.Base
			}
		}
		switch x := v.(type) {
		case Int:
			if x < 0 {
				return t.Unary(3, x)
			}
			return x, nil
		case Bool:
			return boolToInt(x), nil
		case *big.Int:
			return MakeInt(new(big.Int).Abs(x)), nil
		case Float:
			return Float(math.Abs(float64(x))), nil
		case Complex:
			return complexAbs(complex128(x))
		case *Instance:
			if m := x.Class.Lookup("__abs__"); m != nil {
				return t.callMethod(m, x, nil)
			}
		}
		return nil, Errorf(TypeErrorClass, "bad operand type for abs(): '%s'", TypeName(args[0]))
	})
	def("chr", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("chr", args, kw, 1); err != nil {
			return nil, err
		}
		n, ok := args[0].(Int)
		if !ok {
			if _, isF := args[0].(Float); isF {
				return nil, Errorf(TypeErrorClass, "'float' object cannot be interpreted as an integer")
			}
			i, err := t.cInt(args[0])
			if err != nil {
				return nil, err
			}
			n = Int(i)
		}
		if n > 1<<31-1 || n < -1<<31 {
			return nil, Errorf(OverflowErrorClass, "Python int too large to convert to C int")
		}
		if n < 0 || n > 0x10ffff {
			return nil, Errorf(ValueErrorClass, "chr() arg not in range(0x110000)")
		}
		return Str(string(rune(n))), nil
	})
	def("ord", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("ord", args, kw, 1); err != nil {
			return nil, err
		}
		switch s := unwrapStr(args[0]).(type) {
		case Str:
			if n := utf8.RuneCountInString(string(s)); n != 1 {
				return nil, Errorf(TypeErrorClass, "ord() expected a character, but string of length %d found", n)
			}
			r, _ := utf8.DecodeRuneInString(string(s))
			return Int(r), nil
		case Bytes:
			if len(s) != 1 {
				return nil, Errorf(TypeErrorClass, "ord() expected a character, but string of length %d found", len(s))
			}
			return Int(s[0]), nil
		}
		return nil, Errorf(TypeErrorClass, "ord() expected string of length 1, but %s found", TypeName(args[0]))
	})
	for _, b := range []struct {
		name   string
		base   int
		prefix string
	}{{"hex", 16, "0x"}, {"oct", 8, "0o"}, {"bin", 2, "0b"}} {
		b := b
		def(b.name, func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs(b.name, args, kw, 1); err != nil {
				return nil, err
			}
			var bi *big.Int
			if x, isBig := args[0].(*big.Int); isBig {
				bi = x
				if err := t.tickChars(bi.BitLen() / 4); err != nil {
					return nil, err
				}
				s := new(big.Int).Abs(bi).Text(b.base)
				if bi.Sign() < 0 {
					return Str("-" + b.prefix + s), nil
				}
				return Str(b.prefix + s), nil
			}
			i, ok, err := t.index(args[0])
			if err != nil {
				return nil, err
			}
			if !ok {
				if x, isBig := args[0].(*big.Int); isBig {
					bi = x
				} else {
					return nil, Errorf(TypeErrorClass, "'%s' object cannot be interpreted as an integer", TypeName(args[0]))
				}
			} else {
				bi = big.NewInt(i)
			}
			if x, isBig := args[0].(*big.Int); isBig {
				bi = x
			}
			s := new(big.Int).Abs(bi).Text(b.base)
			if bi.Sign() < 0 {
				return Str("-" + b.prefix + s), nil
			}
			return Str(b.prefix + s), nil
		})
	}
	def("hash", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("hash", args, kw, 1); err != nil {
			return nil, err
		}
		h, err := t.Hash(args[0])
		return Int(int64(h)), err
	})
	def("id", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("id", args, kw, 1); err != nil {
			return nil, err
		}
		return Int(int64(identity(args[0]) & (1<<62 - 1))), nil
	})
	def("format", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("format", args, kw, 1, 2); err != nil {
			return nil, err
		}
		spec := ""
		if len(args) == 2 {
			s, ok := args[1].(Str)
			if !ok {
				return nil, Errorf(TypeErrorClass, "format() argument 2 must be str, not %s", TypeName(args[1]))
			}
			spec = string(s)
		}
		return t.formatValue(args[0], 0, spec)
	})
	def("divmod", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("divmod", args, kw, 2); err != nil {
			return nil, err
		}
		a, b := args[0], args[1]
		if numKind(a) == 0 || numKind(b) == 0 {
			// A builtin number takes the number inside an instance of
			// an int or float subclass (float's divmod takes an int
			// subclass's), before that class's __rdivmod__ unless the
			// class derives from the number's type.
			var left func() (Value, bool, error)
			if ib, ok := b.(*Instance); ok && ib.Base != nil && numKind(a) != 0 && numKind(ib.Base) != 0 && numKind(a) >= numKind(ib.Base) {
				left = func() (Value, bool, error) {
					r, err := t.numDivmod(a, ib.Base)
					return r, true, err
				}
			}
			if r, ok, err := t.dunderPair("__divmod__", "__rdivmod__", false, a, b, left); ok || err != nil {
				return r, err
			}
			// Every method declined: the builtin divmod of the numbers
			// inside int and float subclasses (I(3) and 2.5: float's).
			if x, y := unwrapBase(a), unwrapBase(b); (hasBase(a) || hasBase(b)) && numKind(x) != 0 && numKind(y) != 0 {
				return t.numDivmod(x, y)
			}
			return nil, Errorf(TypeErrorClass, "unsupported operand type(s) for divmod(): '%s' and '%s'", TypeName(a), TypeName(b))
		}
		return t.numDivmod(a, b)
	})
	def("pow", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		a, err := parseArgs("pow", args, kw, "base", "exp", "mod?")
		if err != nil {
			return nil, err
		}
		if a[2] != nil && a[2] != None {
			if _, _, ok, _ := complexOperands(a[0], a[1]); ok {
				if _, _, ok, _ := complexOperands(a[0], a[2]); ok || numKind(a[2]) != 0 {
					return nil, Errorf(ValueErrorClass, "complex modulo")
				}
			}
			x, y, m := toBig(a[0]), toBig(a[1]), toBig(a[2])
			if x == nil || y == nil || m == nil {
				return nil, Errorf(TypeErrorClass, "pow() 3rd argument not allowed unless all arguments are integers")
			}
			if m.Sign() == 0 {
				return nil, Errorf(ValueErrorClass, "pow() 3rd argument cannot be 0")
			}
			if y.Sign() < 0 {
				if err := t.TickGCD(x, m); err != nil {
					return nil, err
				}
				// ModInverse is an extended gcd in one uninterruptible,
				// quadratic call: a modulus within the step budget's
				// reach (TickGCD) can still take seconds, so its size is
				// bounded too.
				if words(m) > gcdDirectWords {
					return nil, Errorf(ValueErrorClass, "pow() with a negative exponent: the modulus is too large for the embedded interpreter (at most %d bits)", gcdDirectWords*64)
				}
				if err := t.tickWords(words(m) * words(m) * 8); err != nil {
					return nil, err
				}
				_, xm, err := t.BigQuoRem(x, m)
				if err != nil {
					return nil, err
				}
				inv := new(big.Int).ModInverse(xm, new(big.Int).Abs(m))
				if inv == nil {
					return nil, Errorf(ValueErrorClass, "base is not invertible for the given modulus")
				}
				x = inv
				y = new(big.Int).Neg(y)
			}
			r, err := t.modPow(x, y, new(big.Int).Abs(m))
			if err != nil {
				return nil, err
			}
			if m.Sign() < 0 && r.Sign() != 0 {
				r.Add(r, m)
			}
			return MakeInt(r), nil
		}
		return t.Binary(6, a[0], a[1]) // Pow
	})
	def("round", builtinRound)
	def("sum", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		// sum(iterable, /, start=0)
		if len(args) == 0 {
			return nil, Errorf(TypeErrorClass, "sum() takes at least 1 positional argument (0 given)")
		}
		for _, k := range kw {
			if k.Name != "start" {
				return nil, Errorf(TypeErrorClass, "'%s' is an invalid keyword argument for sum()", k.Name)
			}
		}
		a, err := parseArgs("sum", args, kw, "iterable", "start?")
		if err != nil {
			return nil, err
		}
		var acc Value = Int(0)
		if a[1] != nil {
			acc = a[1]
			switch acc.(type) {
			case Str:
				return nil, Errorf(TypeErrorClass, "sum() can't sum strings [use ''.join(seq) instead]")
			case Bytes:
				return nil, Errorf(TypeErrorClass, "sum() can't sum bytes [use b''.join(seq) instead]")
			}
		}
		it, err := t.Iter(a[0])
		if err != nil {
			return nil, err
		}
		// An int total is kept unboxed (n, while inInt) as long as it fits
		// in int64: boxing every partial sum allocated once per item. A
		// float total likewise (x, while inFloat), adding floats and ints
		// as CPython 3.11's sum does (f += item, f += (double)int; the
		// same sums Binary makes, without a box per partial sum).
		n, inInt := acc.(Int)
		x, inFloat := acc.(Float)
		// A generator is drained without genSend's set-up per item while
		// the total stays an int or a float (no Python code runs between
		// items); the drain stops before Binary, which may call some.
		var d genDrain
		if inInt || inFloat {
			d, _ = t.startDrain(it)
		}
		for {
			var v Value
			var ok bool
			var err error
			if d.on {
				v, ok, err = d.next(t)
			} else {
				v, ok, err = t.Next(it)
			}
			if err != nil {
				return nil, err
			}
			if !ok {
				if inInt {
					return boxInt(n), nil
				}
				if inFloat {
					return x, nil
				}
				return acc, nil
			}
			if inInt {
				if y, ok := v.(Int); ok {
					if s := n + y; (s > n) == (y > 0) {
						n = s
						continue
					}
				}
				acc, inInt = boxInt(n), false
			} else if inFloat {
				switch y := v.(type) {
				case Float:
					x += y
					continue
				case Int:
					x += Float(y)
					continue
				}
				acc, inFloat = x, false
			}
			d.stop(t)
			acc, err = t.Binary(0, acc, v)
			if err != nil {
				return nil, err
			}
			n, inInt = acc.(Int)
			x, inFloat = acc.(Float)
			if inInt || inFloat {
				d, _ = t.startDrain(it)
			}
		}
	})
	def("any", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("any", args, kw, 1); err != nil {
			return nil, err
		}
		it, err := t.Iter(args[0])
		if err != nil {
			return nil, err
		}
		return t.anyAll(it, true)
	})
	def("all", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("all", args, kw, 1); err != nil {
			return nil, err
		}
		it, err := t.Iter(args[0])
		if err != nil {
			return nil, err
		}
		return t.anyAll(it, false)
	})
	def("min", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) { return t.minMax("min", args, kw, 2) }) // Lt
	def("max", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) { return t.minMax("max", args, kw, 4) }) // Gt
	def("sorted", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) != 1 {
			return nil, Errorf(TypeErrorClass, "sorted expected 1 argument, got %d", len(args))
		}
		items, err := t.iterate(args[0], nil)
		if err != nil {
			return nil, err
		}
		l := t.NewList(append([]Value(nil), items...))
		if err := t.listSort(l, kw); err != nil {
			return nil, err
		}
		return l, nil
	})
	def("vars", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("vars", args, kw, 1); err != nil {
			return nil, err
		}
		switch x := args[0].(type) {
		case *Instance:
			if x.Class.noDict {
				break
			}
			if x.Dict == nil {
				if err := t.touchInstance(x); err != nil {
					return nil, err
				}
				x.Dict = t.newDict()
			}
			return x.Dict, nil
		case *Class, *Module, *Function:
			return t.GetAttr(x, "__dict__")
		case *Iter:
			if x.hasInstDict() {
				return t.GetAttr(x, "__dict__")
			}
		}
		return nil, Errorf(TypeErrorClass, "vars() argument must have __dict__ attribute")
	})
	def("dir", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) == 0 && len(kw) == 0 {
			l, err := t.Call(builtinsDictGet("locals"), nil, nil)
			if err != nil {
				return nil, err
			}
			keys := l.(*Dict).Keys()
			if err := t.chargeSlots(len(keys)); err != nil {
				return nil, err
			}
			out := t.NewList(keys)
			return out, t.listSort(out, nil)
		}
		if err := noKw("dir", kw); err != nil {
			return nil, err
		}
		if len(args) > 1 {
			return nil, Errorf(TypeErrorClass, "dir expected at most 1 argument, got %d", len(args))
		}
		var own Value
		if inst, ok := args[0].(*Instance); ok {
			// A class's own __dir__ answers dir() of its instances.
			if m, isFn := inst.Class.Lookup("__dir__").(*Function); isFn {
				own = m
			}
		} else if c, ok := args[0].(*Class); ok {
			// A metaclass's __dir__ answers dir() of its classes
			// (dir(Color) of an enum: EnumType.__dir__).
			if m, isFn := c.metaMethod("__dir__").(*Function); isFn {
				own = m
			}
		}
		if own != nil {
			r, err := t.callMethod(own, args[0], nil)
			if err != nil {
				return nil, err
			}
			items, err := t.iterate(r, func() error {
				return Errorf(TypeErrorClass, "'%s' object is not iterable", TypeName(r))
			})
			if err != nil {
				return nil, err
			}
			if err := t.chargeSlots(len(items)); err != nil {
				return nil, err
			}
			out := t.NewList(append([]Value(nil), items...))
			return out, t.listSort(out, nil)
		}
		return t.dirList(dirNames(args[0]))
	})
	// Builtins that would reach outside the sandbox exist only to say so.
	for _, name := range []string{"open", "eval", "exec", "compile", "__import__", "input", "breakpoint", "memoryview", "help"} {
		name := name
		hint := ""
		switch name {
		case "open":
			hint = "; the sandbox has no filesystem: read files through a capability, e.g. await call_tool(...)"
		case "input":
			hint = "; a snippet has no standard input"
		}
		def(name, func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			return nil, Errorf(NotImplementedErrorClass, "%s() is not available in the embedded interpreter%s", name, hint)
		})
	}
	// globals() and locals() return the snippet's own namespaces; they
	// reach nothing the snippet could not name anyway.
	def("globals", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("globals", args, kw, 0); err != nil {
			return nil, err
		}
		if t.top == nil {
			return NewDict(), nil
		}
		return t.top.globals, nil
	})
	def("locals", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("locals", args, kw, 0); err != nil {
			return nil, err
		}
		f := t.top
		if f == nil {
			return NewDict(), nil
		}
		if f.nsMap != nil {
			return f.nsMap, nil
		}
		if f.ns != nil {
			return f.ns, nil
		}
		if f.code.Flags&compile.FlagModule != 0 {
			return f.globals, nil
		}
		d := NewDict()
		for i, name := range f.code.VarNames {
			if v := f.locals[i]; v != nil {
				d.SetStr(name, v)
			}
		}
		for i, name := range append(append([]string(nil), f.code.CellNames...), f.code.FreeNames...) {
			if i < len(f.cells) && f.cells[i] != nil && f.cells[i].V != nil {
				d.SetStr(name, f.cells[i].V)
			}
		}
		return d, nil
	})
	initBuiltinTypes()
	initSlotMembers()
	initOperatorDunders()
}

// numDivmod is divmod of two builtin numbers (int, bool or float).
func (t *Thread) numDivmod(a, b Value) (Value, error) {
	if numKind(a) == 2 || numKind(b) == 2 {
		x, _ := toFloat(a)
		y, _ := toFloat(b)
		if y == 0 {
			return nil, Errorf(ZeroDivisionErrorClass, "float divmod()")
		}
		q, m := floatDivmod(x, y)
		return Tuple{Float(q), Float(m)}, nil
	}
	q, err := t.intBinary(12, a, b) // FloorDiv
	if err != nil {
		return nil, err
	}
	m, err := t.intBinary(5, a, b) // Mod
	if err != nil {
		return nil, err
	}
	return Tuple{q, m}, nil
}

func asciiEscape(s string) string {
	var sb strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80:
			sb.WriteRune(r)
		case r <= 0xff:
			fmt.Fprintf(&sb, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&sb, `\u%04x`, r)
		default:
			fmt.Fprintf(&sb, `\U%08x`, r)
		}
	}
	return sb.String()
}

// hashToolplaneBase is the hash of the attribute by which a library class
// written over a dict or tuple (collections' Counter, defaultdict,
// OrderedDict, namedtuple classes) names the builtin type it stands for.
var hashToolplaneBase = strHash("__toolplane_base__")

// The hashes of the class hooks that stand in for a metaclass's
// __instancecheck__ and __subclasscheck__ (see isInstance).
var (
	hashToolplaneInstancecheck = strHash("__toolplane_instancecheck__")
	hashToolplaneSubclasscheck = strHash("__toolplane_subclasscheck__")
)

// virtualSubclass reports whether a class of c's MRO stands for builtin
// type s, dict or tuple (see hashToolplaneBase): isinstance(Counter(), dict) is True, as
// in CPython.
func virtualSubclass(c *Class, s *Class) bool {
	if c.builtin || (s != DictClass && s != TupleClass) {
		return false
	}
	for _, k := range c.MRO {
		if v, ok := k.Dict.getStrH("__toolplane_base__", hashToolplaneBase); ok {
			return v == s
		}
	}
	return false
}

// isInstance answers isinstance(obj, spec) (fname "isinstance", c the type
// of obj) or issubclass(c, spec) (fname "issubclass", obj is c). A spec
// that is an object with __instancecheck__ / __subclasscheck__ (typing's
// special forms: isinstance(v, Mapping), isinstance(v, Optional[int]))
// decides for itself.
func isInstance(t *Thread, obj Value, c *Class, spec Value, fname string) (bool, error) {
	switch s := spec.(type) {
	case *Class:
		if s.meta != nil && t != nil {
			// The metaclass's __instancecheck__ / __subclasscheck__
			// decides; isinstance of an object whose type is exactly s is
			// True without asking, as in CPython.
			if fname == "isinstance" && c == s {
				return true, nil
			}
			name, arg := "__instancecheck__", obj
			if fname == "issubclass" {
				name, arg = "__subclasscheck__", c
			}
			if m := s.metaMethod(name); m != nil {
				r, err := t.callMethod1(m, s, arg)
				if err != nil {
					return false, err
				}
				return t.Truth(r)
			}
		}
		if !s.builtin && t != nil {
			// In place of a metaclass's __instancecheck__ /
			// __subclasscheck__ (typing's protocols have type as theirs): a
			// class that defines the classmethod
			// __toolplane_instancecheck__ / __toolplane_subclasscheck__
			// (typing.Protocol, for @runtime_checkable structural checks)
			// decides for itself, as _ProtocolMeta does in CPython.
			name, h, arg := "__toolplane_instancecheck__", hashToolplaneInstancecheck, obj
			if fname == "issubclass" {
				name, h, arg = "__toolplane_subclasscheck__", hashToolplaneSubclasscheck, c
			}
			if cm, ok := s.lookupH(name, h).(*ClassMethod); ok {
				r, err := t.Call(cm.Fn, Tuple{s, arg}, nil)
				if err != nil {
					return false, err
				}
				return t.Truth(r)
			}
		}
		return c.IsSubclass(s) || virtualSubclass(c, s), nil
	case Tuple:
		return isInstanceAny(t, obj, c, s, fname)
	case *Instance:
		if s.Class == GenericAliasClass {
			return false, Errorf(TypeErrorClass, "%s() argument 2 cannot be a parameterized generic", fname)
		}
		if members := unionArgs(s); members != nil {
			return isInstance(t, obj, c, members, fname)
		}
		hook := "__instancecheck__"
		if fname == "issubclass" {
			hook = "__subclasscheck__"
		}
		if m := s.Class.Lookup(hook); m != nil && t != nil {
			r, err := t.callMethod1(m, s, obj)
			if err != nil {
				return false, err
			}
			return t.Truth(r)
		}
	}
	if fname == "isinstance" {
		return false, Errorf(TypeErrorClass, "isinstance() arg 2 must be a type, a tuple of types, or a union")
	}
	return false, Errorf(TypeErrorClass, "issubclass() arg 2 must be a class, a tuple of classes, or a union")
}

// isInstanceAny is isInstance of a tuple of classes: a function of its
// own, as isInstance would otherwise pay the deferred leaveGo's return
// path (runtime.deferreturn) on every return.
func isInstanceAny(t *Thread, obj Value, c *Class, s Tuple, fname string) (bool, error) {
	// Tuples nest (isinstance(x, (int, (str, (bytes,))))), so a
	// snippet can make this recursion as deep as it likes.
	if t != nil {
		if err := t.tickVisit(len(s)); err != nil {
			return false, err
		}
		if err := t.enterGo(); err != nil {
			return false, err
		}
		defer t.leaveGo()
	}
	for _, x := range s {
		ok, err := isInstance(t, obj, c, x, fname)
		if err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

func builtinPrint(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
	sep, end := " ", "\n"
	var file, flush Value
	for _, k := range kw {
		switch k.Name {
		case "sep", "end":
			var s string
			switch v := k.Value.(type) {
			case NoneType:
				if k.Name == "sep" {
					s = " "
				} else {
					s = "\n"
				}
			case Str:
				s = string(v)
			default:
				return nil, Errorf(TypeErrorClass, "%s must be None or a string, not %s", k.Name, TypeName(v))
			}
			if k.Name == "sep" {
				sep = s
			} else {
				end = s
			}
		case "file":
			if k.Value != None {
				file = k.Value
			}
		case "flush":
			flush = k.Value
		default:
			return nil, Errorf(TypeErrorClass, "'%s' is an invalid keyword argument for print()", k.Name)
		}
	}
	if file == nil {
		// print writes to the current sys.stdout: a snippet that
		// replaced it (contextlib.redirect_stdout, sys.stdout = buf)
		// has its object's write called; None prints nothing.
		if w := t.replacedStream("stdout"); w != nil {
			if w == None {
				return None, nil
			}
			file = w
		}
	}
	if file != nil {
		// CPython writes each piece with its own write() call.
		write := func(s string) error {
			_, err := t.CallMethodName(file, "write", Tuple{Str(s)}, nil)
			return err
		}
		for i, a := range args {
			if i > 0 {
				if err := write(sep); err != nil {
					return nil, err
				}
			}
			s, err := t.Str(a)
			if err != nil {
				return nil, err
			}
			if err := write(s); err != nil {
				return nil, err
			}
		}
		if err := write(end); err != nil {
			return nil, err
		}
		// flush=True calls the file's flush(), as CPython does.
		if flush != nil {
			if on, err := t.Truth(flush); err != nil || !on {
				return None, err
			}
			if _, err := t.CallMethodName(file, "flush", nil, nil); err != nil {
				return nil, err
			}
		}
		return None, nil
	}
	var sb strings.Builder
	for i, a := range args {
		if i > 0 {
			sb.WriteString(sep)
		}
		s, err := t.Str(a)
		if err != nil {
			return nil, err
		}
		sb.WriteString(s)
		if i+1 < len(args) && t.outBytes+int64(sb.Len()) > t.limits.MaxOutputBytes {
			// Over the output limit already: Write reports it, without
			// the work of converting the rest (print(*range(10**9))).
			return nil, t.Write(sb.String())
		}
	}
	sb.WriteString(end)
	return None, t.Write(sb.String())
}

// Len returns len(v).
func (t *Thread) Len(v Value) (int64, error) {
	switch x := v.(type) {
	case Str:
		n := t.strIdx.runeLen(x)
		return int64(n), t.strIndexWork(nil)
	case *List:
		return int64(len(x.Items)), nil
	case Tuple:
		return int64(len(x)), nil
	case *Dict:
		return int64(x.Len()), nil
	case *Set:
		return int64(x.Len()), nil
	case Bytes:
		return int64(len(x)), nil
	case *ByteArray:
		return int64(len(x.B)), nil
	case *Range:
		return x.Len(), nil
	case *BigRange:
		return bigRangeLen(x)
	case *DictView:
		return int64(x.d.Len()), nil
	case *Class:
		if m := x.metaMethod("__len__"); m != nil {
			r, err := t.callMethod(m, x, nil)
			if err != nil {
				return 0, err
			}
			return t.lenResult(r)
		}
		if x.Lookup("__toolplane_class_len__") != nil {
			r, err := t.CallMethodName(x, "__toolplane_class_len__", nil, nil)
			if err != nil {
				return 0, err
			}
			if n, ok := r.(Int); ok {
				return int64(n), nil
			}
		}
	case *Instance:
		if m := x.Class.dunder(dunderLen); m != nil {
			r, err := t.callMethod(m, v, nil)
			if err != nil {
				return 0, err
			}
			return t.lenResult(r)
		}
	}
	return 0, Errorf(TypeErrorClass, "object of type '%s' has no len()", TypeName(v))
}

func builtinRound(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
	a, err := parseArgs("round", args, kw, "number", "ndigits?")
	if err != nil {
		return nil, err
	}
	x, nd := a[0], a[1]
	if inst, ok := x.(*Instance); ok && inst.Base != nil {
		if _, user := inst.Class.Lookup("__round__").(*Function); !user {
			x = inst.Base
		}
	}
	switch v := x.(type) {
	case Float:
		f := float64(v)
		if nd == nil || nd == None {
			if math.IsNaN(f) {
				return nil, Errorf(ValueErrorClass, "cannot convert float NaN to integer")
			}
			if math.IsInf(f, 0) {
				return nil, Errorf(OverflowErrorClass, "cannot convert float infinity to integer")
			}
			r := math.RoundToEven(f)
			if math.Abs(r) < 1<<62 {
				return Int(int64(r)), nil
			}
			bf := new(big.Float).SetFloat64(r)
			bi, _ := bf.Int(nil)
			return MakeInt(bi), nil
		}
		n, err := t.toInt(nd, "")
		if err != nil {
			return nil, err
		}
		// Like CPython: beyond these digit counts the value is kept or
		// is zero; otherwise the exact binary value is rounded half to
		// even at the decimal place, then converted back once.
		if math.IsNaN(f) || math.IsInf(f, 0) || n > 323 || f == 0 {
			return v, nil
		}
		if n < -308 {
			return Float(math.Copysign(0, f)), nil
		}
		if n >= 0 {
			s := strconv.FormatFloat(f, 'f', int(n), 64)
			r, _ := strconv.ParseFloat(s, 64)
			return Float(r), nil
		}
		exact, _ := new(big.Float).SetFloat64(f).Rat(nil)
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(-n), nil)
		q := exact.Quo(exact, new(big.Rat).SetInt(p))
		whole, rem := new(big.Int).QuoRem(q.Num(), q.Denom(), new(big.Int))
		// Round half to even on the remainder's size against the divisor.
		twice := new(big.Int).Abs(rem)
		twice.Lsh(twice, 1)
		if c := twice.Cmp(q.Denom()); c > 0 || c == 0 && whole.Bit(0) == 1 {
			if rem.Sign() < 0 {
				whole.Sub(whole, big.NewInt(1))
			} else {
				whole.Add(whole, big.NewInt(1))
			}
		}
		r, _ := new(big.Float).SetInt(whole.Mul(whole, p)).Float64()
		if math.IsInf(r, 0) {
			return nil, Errorf(OverflowErrorClass, "rounded value too large to represent")
		}
		if r == 0 {
			r = math.Copysign(0, f)
		}
		return Float(r), nil
	case Int, Bool, *big.Int:
		if nd == nil || nd == None {
			if b, ok := v.(Bool); ok {
				return boolToInt(b), nil
			}
			return v, nil
		}
		n, err := t.toInt(nd, "")
		if err != nil {
			return nil, err
		}
		if n >= 0 {
			if b, ok := v.(Bool); ok {
				return boolToInt(b), nil
			}
			return v, nil
		}
		bi := toBig(v)
		// 10**-n > 2*|v| rounds to 0; the power is not built (round(1,
		// -10**9) would be a 3-gigabit int).
		if n < -(int64(bi.BitLen())/3 + 2) {
			return Int(0), nil
		}
		p, err := t.BigPow(big.NewInt(10), -n)
		if err != nil {
			return nil, err
		}
		q, r, err := t.BigQuoRem(bi, p)
		if err != nil {
			return nil, err
		}
		if r.Sign() < 0 {
			// Floor division, as DivMod: the remainder is non-negative.
			q.Sub(q, big.NewInt(1))
			r.Add(r, p)
		}
		// Round half to even.
		twice := new(big.Int).Lsh(r, 1)
		c := twice.Cmp(p)
		if c > 0 || (c == 0 && q.Bit(0) == 1) {
			q.Add(q, big.NewInt(1))
		}
		q, err = t.BigMul(q, p)
		if err != nil {
			return nil, err
		}
		return MakeInt(q), nil
	case *Instance:
		if m := v.Class.Lookup("__round__"); m != nil {
			if nd == nil {
				return t.callMethod(m, v, nil)
			}
			return t.callMethod1(m, v, nd)
		}
	}
	return nil, Errorf(TypeErrorClass, "type %s doesn't define __round__ method", TypeName(x))
}

// anyAll is any() (want true) and all() (want false) of iterator it: want
// at the first item whose truth is want, else not want. A generator is
// drained (genDrain) while its items' truth needs no call; the drain stops
// before any other item's truth (a __bool__ or __len__ may resume the
// generator) and starts again after it.
func (t *Thread) anyAll(it Value, want bool) (Value, error) {
	d, _ := t.startDrain(it)
	for {
		var v Value
		var ok bool
		var err error
		if d.on {
			v, ok, err = d.next(t)
		} else {
			v, ok, err = t.Next(it)
		}
		if err != nil || !ok {
			return Bool(!want), err
		}
		b, fast := truthFast(v)
		if !fast {
			d.stop(t)
			if b, err = t.Truth(v); err != nil {
				return nil, err
			}
			if b != want {
				d, _ = t.startDrain(it)
			}
		}
		if b == want {
			d.stop(t)
			return Bool(want), nil
		}
	}
}

func (t *Thread) minMax(name string, args Tuple, kw []Kwarg, op int) (Value, error) {
	if len(args) == 0 {
		// CPython counts the positional arguments before it reads keywords.
		return nil, Errorf(TypeErrorClass, "%s expected at least 1 argument, got 0", name)
	}
	var key, def Value
	hasDefault := false
	for _, k := range kw {
		switch k.Name {
		case "key":
			key = k.Value
		case "default":
			def = k.Value
			hasDefault = true
		default:
			return nil, Errorf(TypeErrorClass, "'%s' is an invalid keyword argument for %s()", k.Name, name)
		}
	}
	if len(args) == 0 {
		return nil, Errorf(TypeErrorClass, "%s expected at least 1 argument, got 0", name)
	}
	var it Value
	if len(args) == 1 {
		var err error
		it, err = t.Iter(args[0])
		if err != nil {
			return nil, err
		}
	} else {
		if hasDefault {
			return nil, Errorf(TypeErrorClass, "Cannot specify a default for %s() with multiple positional arguments", name)
		}
		it = &Iter{kind: iterTuple, tup: args}
	}
	if key == None {
		key = nil
	}
	// A generator is drained (genDrain) while its items are ints, which
	// compare without Python code; the drain stops before any other
	// compare and starts again after it.
	var d genDrain
	if key == nil {
		d, _ = t.startDrain(it)
	}
	var best Value
	var ok bool
	var err error
	if d.on {
		best, ok, err = d.next(t)
	} else {
		best, ok, err = t.Next(it)
	}
	if err != nil {
		return nil, err
	}
	if !ok {
		if hasDefault {
			return def, nil
		}
		return nil, Errorf(ValueErrorClass, "%s() arg is an empty sequence", name)
	}
	var bestKey Value = best
	if key != nil {
		k, err := t.call1(key, best)
		if err != nil {
			return nil, err
		}
		bestKey = k
	}
	for {
		var v Value
		if d.on {
			v, ok, err = d.next(t)
		} else {
			v, ok, err = t.Next(it)
		}
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		var kv Value = v
		if key != nil {
			k, err := t.call1(key, v)
			if err != nil {
				return nil, err
			}
			kv = k
		}
		if x, ok := kv.(Int); ok {
			if y, ok := bestKey.(Int); ok {
				// Two ints: what Compare and Truth answer, without
				// their calls (max(x % 1000 for x in g)).
				if intCompare(cmpOpFor(op), x, y) {
					best, bestKey = v, kv
				}
				continue
			}
		}
		d.stop(t)
		r, err := t.Compare(cmpOpFor(op), kv, bestKey)
		if err != nil {
			return nil, err
		}
		b, err := t.Truth(r)
		if err != nil {
			return nil, err
		}
		if b {
			best, bestKey = v, kv
		}
		if key == nil {
			d, _ = t.startDrain(it)
		}
	}
	return best, nil
}

func builtinsDictGet(name string) Value {
	v, _ := builtinsDict.GetStr(name)
	return v
}

// isCallable is callable(v).
func isCallable(v Value) bool {
	switch x := v.(type) {
	case *Function, *Builtin, *BoundMethod, *Class, *HostFunction:
		return true
	case *Instance:
		return x.Class.Lookup("__call__") != nil
	}
	return false
}

// dirNames is dir(v) for a value without a __dir__ of its own: the sorted
// names of its instance dict and its class's MRO (a class: its MRO; a
// module or namespace: its attributes). It runs no snippet code.
// dirList is the list dir() and object.__dir__ return of names, charged: an
// instance with 200000 attributes made 5 GB of uncharged name lists under a
// 512 MiB limit when kept (keep.append(dir(a)) in a loop).
func (t *Thread) dirList(names []string) (Value, error) {
	if err := t.chargeSlots(len(names)); err != nil {
		return nil, err
	}
	items := make([]Value, len(names))
	for i, n := range names {
		items[i] = Str(n)
		if err := t.chargeStored(items[i]); err != nil {
			return nil, err
		}
	}
	return t.NewList(items), nil
}

func dirNames(v Value) []string {
	names := map[string]bool{}
	add := func(d *Dict) {
		for _, k := range d.Keys() {
			if s, ok := k.(Str); ok {
				names[string(s)] = true
			}
		}
	}
	switch x := v.(type) {
	case *Instance:
		if x.Dict != nil {
			add(x.Dict)
		}
		for _, c := range x.Class.MRO {
			add(c.Dict)
		}
		dirImplicit(x.Class, names)
	case *Class:
		for _, c := range x.MRO {
			add(c.Dict)
		}
		dirImplicit(x, names)
	case *Module:
		add(x.Dict)
	case *Namespace:
		add(x.Attrs)
		dirImplicit(TypeOf(x), names)
	default:
		if it, ok := x.(*Iter); ok && it.hasInstDict() && it.dict != nil {
			add(it.dict)
		}
		for _, c := range TypeOf(x).MRO {
			add(c.Dict)
		}
		dirImplicit(TypeOf(x), names)
	}
	out := make([]string, 0, len(names))
	for n := range names {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
