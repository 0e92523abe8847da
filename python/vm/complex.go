package vm

import (
	"math"
	"math/big"
	"strings"

	"github.com/toolplane/toolplane/python/syntax"
)

// Complex is a Python complex number. Its arithmetic follows CPython 3.11's
// complexobject.c: a real operand is first made complex with a +0.0
// imaginary part, products and quotients are computed term by term (so
// 1j * inf is nan+infj, not Go's C99-style recovery), and powers with small
// integral exponents multiply by repeated squaring.
type Complex complex128

// ComplexClass is the class of complex numbers.
var ComplexClass = newBuiltinClass("complex", ObjectClass)

// complexOperands converts a and b for a complex operation: ok is false when
// neither is complex or one is not a number (an int too large for a float
// is an OverflowError, as in CPython).
func complexOperands(a, b Value) (x, y complex128, ok bool, err error) {
	_, ac := a.(Complex)
	_, bc := b.(Complex)
	if !ac && !bc {
		return 0, 0, false, nil
	}
	if x, ok, err = asComplex(a); !ok || err != nil {
		return 0, 0, false, err
	}
	if y, ok, err = asComplex(b); !ok || err != nil {
		return 0, 0, false, err
	}
	return x, y, true, nil
}

// asComplex converts a complex, float, int or bool; ok is false for other
// types.
func asComplex(v Value) (complex128, bool, error) {
	switch v := v.(type) {
	case Complex:
		return complex128(v), true, nil
	case Float, Int, Bool, *big.Int:
		f, err := toFloat(v)
		return complex(f, 0), err == nil, err
	}
	return 0, false, nil
}

// cProd is CPython's _Py_c_prod: the textbook formula, each product
// rounded on its own (the conversions keep Go from fusing them).
func cProd(a, b complex128) complex128 {
	ar, ai, br, bi := real(a), imag(a), real(b), imag(b)
	return complex(float64(ar*br)-float64(ai*bi), float64(ar*bi)+float64(ai*br))
}

// ComplexQuot is CPython's _Py_c_quot (Smith's method); ok is false on division
// by zero.
func ComplexQuot(a, b complex128) (complex128, bool) {
	ar, ai, br, bi := real(a), imag(a), real(b), imag(b)
	absBr, absBi := math.Abs(br), math.Abs(bi)
	switch {
	case absBr >= absBi:
		if absBr == 0 {
			return 0, false
		}
		ratio := bi / br
		denom := br + float64(bi*ratio)
		return complex((ar+float64(ai*ratio))/denom, (ai-float64(ar*ratio))/denom), true
	case absBi >= absBr:
		ratio := br / bi
		denom := float64(br*ratio) + bi
		return complex((float64(ar*ratio)+ai)/denom, (float64(ai*ratio)-ar)/denom), true
	}
	// At least one of br, bi is a NaN.
	return complex(math.NaN(), math.NaN()), true
}

// cPowu is x**n for n > 0 by repeated squaring.
func cPowu(x complex128, n int64) complex128 {
	r := complex(1, 0)
	p := x
	for mask := int64(1); mask > 0 && n >= mask; mask <<= 1 {
		if n&mask != 0 {
			r = cProd(r, p)
		}
		p = cProd(p, p)
	}
	return r
}

// cPow is CPython's _Py_c_pow; ok is false for zero to a negative or
// complex power.
func cPow(a, b complex128) (complex128, bool) {
	if b == 0 {
		return complex(1, 0), true
	}
	if a == 0 {
		return 0, imag(b) == 0 && real(b) >= 0
	}
	vabs := Hypot(real(a), imag(a))
	length := FloatPow(vabs, real(b))
	at := FloatAtan2(imag(a), real(a))
	phase := at * real(b)
	if imag(b) != 0 {
		length /= FloatExp(at * imag(b))
		phase += imag(b) * FloatLog(vabs)
	}
	return complex(length*FloatCos(phase), length*FloatSin(phase)), true
}

// complexPow is complex_pow: integral exponents up to 100 in magnitude by
// multiplication, others by polar form; an infinite part is an overflow.
func complexPow(a, b complex128) (Value, error) {
	var p complex128
	ok := true
	if e := real(b); imag(b) == 0 && e == math.Trunc(e) && math.Abs(e) <= 100 {
		n := int64(e)
		switch {
		case n > 0:
			p = cPowu(a, n)
		case n == 0:
			p = complex(1, 0)
		default:
			p, ok = ComplexQuot(complex(1, 0), cPowu(a, -n))
		}
	} else {
		p, ok = cPow(a, b)
	}
	if !ok {
		return nil, Errorf(ZeroDivisionErrorClass, "0.0 to a negative or complex power")
	}
	if math.IsInf(real(p), 0) || math.IsInf(imag(p), 0) {
		return nil, Errorf(OverflowErrorClass, "complex exponentiation")
	}
	return Complex(p), nil
}

// complexBinary applies an arithmetic operator to two complex numbers; ok
// is false for operators complex does not define (//, %, shifts, bitwise).
func complexBinary(op syntax.Operator, x, y complex128) (Value, bool, error) {
	switch op {
	case syntax.Add:
		return Complex(complex(real(x)+real(y), imag(x)+imag(y))), true, nil
	case syntax.Sub:
		return Complex(complex(real(x)-real(y), imag(x)-imag(y))), true, nil
	case syntax.Mult:
		return Complex(cProd(x, y)), true, nil
	case syntax.Div:
		q, ok := ComplexQuot(x, y)
		if !ok {
			return nil, true, Errorf(ZeroDivisionErrorClass, "complex division by zero")
		}
		return Complex(q), true, nil
	case syntax.Pow:
		r, err := complexPow(x, y)
		return r, true, err
	}
	return nil, false, nil
}

// complexEqual compares a complex with a number: an int equals a complex
// only with a zero imaginary part and an exactly equal real part.
func complexEqual(a, b Value) (eq, ok bool) {
	if _, ac := a.(Complex); !ac {
		a, b = b, a
	}
	x, ac := a.(Complex)
	if !ac {
		return false, false
	}
	switch y := b.(type) {
	case Complex:
		return x == y, true
	case Float, Int, Bool, *big.Int:
		if imag(x) != 0 {
			return false, true
		}
		return compareEq(Float(real(x)), y), true
	}
	return false, false
}

// hashComplex is CPython's complex_hash: hash(z.real) + 1000003 *
// hash(z.imag), so hash(complex(x, 0)) == hash(x).
func hashComplex(z complex128) uint64 {
	h := hashFloat(real(z)) + 1000003*hashFloat(imag(z))
	if int64(h) == -1 {
		return uint64(1<<64 - 2)
	}
	return h
}

// complexAbs is abs(z): infinite when a part is infinite (even with a NaN
// part), NaN when a part is NaN, else the hypotenuse, which may overflow.
func complexAbs(z complex128) (Value, error) {
	re, im := real(z), imag(z)
	switch {
	case math.IsInf(re, 0) || math.IsInf(im, 0):
		return Float(math.Inf(1)), nil
	case math.IsNaN(re) || math.IsNaN(im):
		return Float(math.NaN()), nil
	}
	r := Hypot(re, im)
	if math.IsInf(r, 0) {
		return nil, Errorf(OverflowErrorClass, "absolute value too large")
	}
	return Float(r), nil
}

// Hypot is sqrt(x*x + y*y) without undue overflow or underflow, corrected
// by one step on the exact residual so that it rounds as the C library's
// hypot (which CPython's complex abs uses) does.
func Hypot(x, y float64) float64 {
	x, y = math.Abs(x), math.Abs(y)
	if math.IsInf(x, 0) || math.IsInf(y, 0) {
		return math.Inf(1)
	}
	if math.IsNaN(x) || math.IsNaN(y) {
		return math.NaN()
	}
	if x < y {
		x, y = y, x
	}
	if y <= x*0x1p-28 {
		// y*y is below half an ulp of x*x: the result rounds to x.
		return x
	}
	// Scale by x's exponent (exactly): both are then in [2^-29, 1), where
	// the squares neither overflow nor lose bits to underflow.
	_, e := math.Frexp(x)
	x, y = math.Ldexp(x, -e), math.Ldexp(y, -e)
	h := math.Sqrt(math.FMA(x, x, y*y))
	hsq, xsq := h*h, x*x
	delta := math.FMA(-y, y, hsq-xsq) + math.FMA(h, h, -hsq) - math.FMA(x, x, -xsq)
	h -= delta / (2 * h)
	return math.Ldexp(h, e)
}

// complexPartRepr formats one part as CPython's repr does inside a complex:
// the shortest round-trip digits without the ".0" of an integral float.
func complexPartRepr(f float64) string {
	r := FloatRepr(f)
	return strings.TrimSuffix(r, ".0")
}

// ComplexRepr formats z as CPython's repr: "2j" for a +0.0 real part,
// "(1+2j)" otherwise, with "nan" never signed.
func ComplexRepr(z complex128) string {
	re, im := real(z), imag(z)
	ims := complexPartRepr(im)
	if re == 0 && !math.Signbit(re) {
		return ims + "j"
	}
	if ims[0] != '-' {
		ims = "+" + ims
	}
	return "(" + complexPartRepr(re) + ims + "j)"
}

// complexFromString parses complex("..."): optional parentheses and
// surrounding whitespace, then a real part, an imaginary part or both.
func (t *Thread) complexFromString(s string) (Value, error) {
	bad := Errorf(ValueErrorClass, "complex() arg is a malformed string")
	if strings.IndexByte(s, '_') >= 0 {
		// An underscore must sit between two digits, as in a literal.
		for i := 0; i < len(s); i++ {
			if s[i] == '_' && (i == 0 || i == len(s)-1 || !isDigit(s[i-1]) || !isDigit(s[i+1])) {
				return nil, Errorf(ValueErrorClass, "could not convert string to complex: %s", StrQuote(s))
			}
		}
		s = strings.ReplaceAll(s, "_", "")
	}
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "(") {
		if !strings.HasSuffix(s, ")") {
			return nil, bad
		}
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	if s == "" || strings.ContainsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v' }) {
		return nil, bad
	}
	num := func(tok string) (float64, bool) {
		if tok == "" || tok == "+" || tok == "-" {
			return 0, false
		}
		f, err := t.floatFromString(tok)
		return float64(f), err == nil
	}
	n := floatPrefix(s)
	first, rest := s[:n], s[n:]
	switch {
	case rest == "":
		re, ok := num(first)
		if !ok {
			return nil, bad
		}
		return Complex(complex(re, 0)), nil
	case rest == "j" || rest == "J":
		if first == "" || first == "+" || first == "-" {
			im := 1.0
			if first == "-" {
				im = -1
			}
			return Complex(complex(0, im)), nil
		}
		im, ok := num(first)
		if !ok {
			return nil, bad
		}
		return Complex(complex(0, im)), nil
	}
	re, ok := num(first)
	if !ok || (rest[0] != '+' && rest[0] != '-') {
		return nil, bad
	}
	last := rest[len(rest)-1]
	if last != 'j' && last != 'J' {
		return nil, bad
	}
	second := rest[:len(rest)-1]
	if m := floatPrefix(second); m != len(second) {
		return nil, bad
	}
	var im float64
	switch second {
	case "+":
		im = 1
	case "-":
		im = -1
	default:
		if im, ok = num(second); !ok {
			return nil, bad
		}
	}
	return Complex(complex(re, im)), nil
}

// floatPrefix returns the length of the longest prefix of s that is spelled
// like a float: a sign, then inf/infinity/nan or digits, underscores, a
// point and an exponent. Whether it is a valid float is checked after.
func floatPrefix(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	lower := strings.ToLower(s[i:])
	for _, w := range []string{"infinity", "inf", "nan"} {
		if strings.HasPrefix(lower, w) {
			return i + len(w)
		}
	}
	for i < len(s) {
		c := s[i]
		switch {
		case c >= '0' && c <= '9', c == '_', c == '.':
			i++
		case c == 'e' || c == 'E':
			i++
			if i < len(s) && (s[i] == '+' || s[i] == '-') {
				i++
			}
		default:
			return i
		}
	}
	return i
}

// complexNew is complex(real=0, imag=0) with CPython 3.11's rules: a string
// alone, __complex__, then __float__ and __index__; complex(a, b) is
// a + b*1j computed part by part.
func (t *Thread) complexNew(args Tuple, kw []Kwarg) (Value, error) {
	a, err := parseArgs("complex", args, kw, "real?", "imag?")
	if err != nil {
		return nil, err
	}
	r, i := a[0], a[1]
	if r == nil {
		r = Int(0)
	}
	if s, ok := asStr(r); ok {
		if i != nil {
			return nil, Errorf(TypeErrorClass, "complex() can't take second arg if first is a string")
		}
		return t.complexFromString(string(s))
	}
	if _, ok := asStr(i); ok {
		return nil, Errorf(TypeErrorClass, "complex() second arg can't be a string")
	}
	cr, rIsComplex, err := t.complexPart(r, true)
	if err != nil {
		return nil, err
	}
	if cr == nil {
		return nil, Errorf(TypeErrorClass, "complex() first argument must be a string or a number, not '%s'", TypeName(r))
	}
	if i == nil {
		if rIsComplex {
			return Complex(*cr), nil
		}
		return Complex(complex(real(*cr), 0)), nil
	}
	ci, iIsComplex, err := t.complexPart(i, false)
	if err != nil {
		return nil, err
	}
	if ci == nil {
		return nil, Errorf(TypeErrorClass, "complex() second argument must be a number, not '%s'", TypeName(i))
	}
	re, im := real(*cr), real(*ci)
	if iIsComplex {
		re -= imag(*ci)
	}
	if rIsComplex {
		im += imag(*cr)
	}
	return Complex(complex(re, im)), nil
}

// complexPart converts one argument of complex(): nil when it is not a
// number; isComplex when it is complex (or, for the first argument, has
// __complex__: the second must be complex or have __float__/__index__).
func (t *Thread) complexPart(v Value, first bool) (*complex128, bool, error) {
	switch x := v.(type) {
	case Complex:
		c := complex128(x)
		return &c, true, nil
	case Float, Int, Bool, *big.Int:
		f, err := toFloat(x)
		if err != nil {
			return nil, false, err
		}
		c := complex(f, 0)
		return &c, false, nil
	case *Instance:
		if _, user := x.Class.Lookup("__complex__").(*Function); !user && x.Base != nil {
			return t.complexPart(x.Base, first)
		}
		if m := x.Class.Lookup("__complex__"); m != nil && first {
			r, err := t.callMethod(m, x, nil)
			if err != nil {
				return nil, false, err
			}
			z, ok := unwrapBase(r).(Complex)
			if !ok {
				return nil, false, Errorf(TypeErrorClass, "__complex__ returned non-complex (type %s)", TypeName(r))
			}
			c := complex128(z)
			return &c, true, nil
		}
		if m := x.Class.Lookup("__float__"); m != nil {
			f, err := t.Call(FloatClass, Tuple{x}, nil)
			if err != nil {
				return nil, false, err
			}
			c := complex(float64(f.(Float)), 0)
			return &c, false, nil
		}
		if m := x.Class.Lookup("__index__"); m != nil {
			n, err := t.callMethod(m, x, nil)
			if err != nil {
				return nil, false, err
			}
			f, err := toFloat(n)
			if err != nil {
				return nil, false, err
			}
			c := complex(f, 0)
			return &c, false, nil
		}
	}
	return nil, false, nil
}

// formatComplex is format(z, spec): each part formatted as a float (the
// imaginary one always signed unless the real part is left out), then 'j',
// parentheses when no presentation type is given, then padding.
func (t *Thread) formatComplex(s fmtSpec, z complex128) (Value, error) {
	if s.fill == '0' {
		return nil, Errorf(ValueErrorClass, "Zero padding is not allowed in complex format specifier")
	}
	if s.align == '=' {
		return nil, Errorf(ValueErrorClass, "'=' alignment flag is not allowed in complex format specifier")
	}
	switch s.typ {
	case 0, 'e', 'E', 'f', 'F', 'g', 'G', 'n':
	default:
		return nil, Errorf(ValueErrorClass, "Unknown format code '%c' for object of type 'complex'", s.typ)
	}
	re, im := real(z), imag(z)
	typ, prec := s.typ, s.prec
	skipRe, parens := false, false
	if typ == 0 {
		typ = 'r'
		if re == 0 && !math.Signbit(re) {
			skipRe = true
		} else {
			parens = true
		}
		if prec >= 0 {
			typ = 'g'
		}
	}
	if typ == 'n' {
		typ = 'g'
	}
	if prec < 0 {
		prec = 6
	}
	part := func(f float64, sign byte) (string, error) {
		ps := fmtSpec{fill: ' ', sign: sign, noNegZ: s.noNegZ, alt: s.alt, grouping: s.grouping, prec: prec, typ: typ}
		v, err := t.formatFloatAs(ps, f, typ, prec, false)
		if err != nil {
			return "", err
		}
		return string(v.(Str)), nil
	}
	var sb strings.Builder
	if parens {
		sb.WriteByte('(')
	}
	imSign := s.sign
	if !skipRe {
		r, err := part(re, s.sign)
		if err != nil {
			return nil, err
		}
		sb.WriteString(r)
		imSign = '+'
	}
	i, err := part(im, imSign)
	if err != nil {
		return nil, err
	}
	sb.WriteString(i)
	sb.WriteByte('j')
	if parens {
		sb.WriteByte(')')
	}
	out, err := s.pad(t, sb.String(), 0, '>')
	return Str(out), err
}

func initComplex() {
	ComplexClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		return t.complexNew(args, kw)
	}
	addMethods(ComplexClass, map[string]BuiltinFunc{
		"conjugate": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("complex.conjugate", args[1:], kw, 0); err != nil {
				return nil, err
			}
			z := args[0].(Complex)
			return Complex(complex(real(z), -imag(z))), nil
		},
		"__complex__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("complex.__complex__", args[1:], kw, 0); err != nil {
				return nil, err
			}
			return args[0], nil
		},
		"__getnewargs__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			z := args[0].(Complex)
			return Tuple{Float(real(z)), Float(imag(z))}, nil
		},
	})
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// ToComplex converts an argument of a cmath function as CPython's "D"
// conversion does: a complex, then __complex__, then a real number.
func (t *Thread) ToComplex(v Value) (complex128, error) {
	c, _, err := t.complexPart(v, true)
	if err != nil {
		return 0, err
	}
	if c == nil {
		return 0, Errorf(TypeErrorClass, "must be real number, not %s", TypeName(v))
	}
	return *c, nil
}
