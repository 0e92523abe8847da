package vm

import (
	"math"
	"math/big"
	"math/bits"
	"unsafe"

	"github.com/toolplane/toolplane/python/jsonlike"
	"github.com/toolplane/toolplane/python/syntax"
)

// intFast handles int64 arithmetic that cannot overflow or fail.
func intFast(op syntax.Operator, x, y Int) (Value, bool) {
	if r, ok := intArith(op, x, y); ok {
		return boxInt(r), true
	}
	return nil, false
}

// intArith is intFast's arithmetic, unboxed: + - * // % & | ^ where the
// result fits int64 and nothing can raise.
func intArith(op syntax.Operator, x, y Int) (Int, bool) {
	switch op {
	case syntax.Add:
		s := x + y
		if (s > x) == (y > 0) {
			return s, true
		}
	case syntax.Sub:
		s := x - y
		if (s < x) == (y > 0) {
			return s, true
		}
	case syntax.Mult:
		if x > -(1<<31) && x < 1<<31 && y > -(1<<31) && y < 1<<31 {
			return x * y, true
		}
	case syntax.FloorDiv:
		if y > 0 {
			q := x / y
			if (x%y != 0) && (x < 0) {
				q--
			}
			return q, true
		}
	case syntax.Mod:
		if y > 0 {
			m := x % y
			if m < 0 {
				m += y
			}
			return m, true
		}
	case syntax.BitAnd:
		return x & y, true
	case syntax.BitOr:
		return x | y, true
	case syntax.BitXor:
		return x ^ y, true
	}
	return 0, false
}

func intCompare(op syntax.CmpOperator, x, y Int) bool {
	switch op {
	case syntax.Eq:
		return x == y
	case syntax.NotEq:
		return x != y
	case syntax.Lt:
		return x < y
	case syntax.LtE:
		return x <= y
	case syntax.Gt:
		return x > y
	}
	return x >= y
}

// numKind classifies a numeric operand: 0 not numeric, 1 int, 2 float.
func numKind(v Value) int {
	switch v.(type) {
	case Int, Bool, *big.Int:
		return 1
	case Float:
		return 2
	}
	return 0
}

func asInt64(v Value) (int64, bool) {
	switch v := v.(type) {
	case Int:
		return int64(v), true
	case Bool:
		if v {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// toFloat converts an int or float to float64.
func toFloat(v Value) (float64, error) {
	switch v := v.(type) {
	case Float:
		return float64(v), nil
	case Int:
		return float64(v), nil
	case Bool:
		if v {
			return 1, nil
		}
		return 0, nil
	case *big.Int:
		f, acc := new(big.Float).SetInt(v).Float64()
		if math.IsInf(f, 0) || (acc != big.Exact && math.IsInf(f, 0)) {
			return 0, Errorf(OverflowErrorClass, "int too large to convert to float")
		}
		return f, nil
	}
	return 0, Errorf(TypeErrorClass, "must be real number, not %s", TypeName(v))
}

// intBinary performs int arithmetic with arbitrary precision.
func (t *Thread) intBinary(op syntax.Operator, a, b Value) (Value, error) {
	x, xok := asInt64(a)
	y, yok := asInt64(b)
	if xok && yok {
		if r, ok := intFast(op, Int(x), Int(y)); ok {
			return r, nil
		}
		switch op {
		case syntax.Mult:
			hi, lo := bits.Mul64(uint64(abs64(x)), uint64(abs64(y)))
			if hi == 0 && lo < 1<<63 && x != math.MinInt64 && y != math.MinInt64 {
				p := int64(lo)
				if (x < 0) != (y < 0) {
					p = -p
				}
				return Int(p), nil
			}
		case syntax.Div:
			if y == 0 {
				return nil, Errorf(ZeroDivisionErrorClass, "division by zero")
			}
			if abs64(x) < 1<<53 && abs64(y) < 1<<53 {
				return Float(float64(x) / float64(y)), nil
			}
		case syntax.FloorDiv, syntax.Mod:
			if y == 0 {
				if op == syntax.Mod {
					return nil, Errorf(ZeroDivisionErrorClass, "integer modulo by zero")
				}
				return nil, Errorf(ZeroDivisionErrorClass, "integer division or modulo by zero")
			}
			if y != -1 {
				q, m := x/y, x%y
				if m != 0 && (m < 0) != (y < 0) {
					q--
					m += y
				}
				if op == syntax.FloorDiv {
					return Int(q), nil
				}
				return Int(m), nil
			}
		case syntax.LShift:
			if y < 0 {
				return nil, Errorf(ValueErrorClass, "negative shift count")
			}
			if y < 62 && abs64(x) < 1<<(62-y) {
				return Int(x << y), nil
			}
		case syntax.RShift:
			if y < 0 {
				return nil, Errorf(ValueErrorClass, "negative shift count")
			}
			if y > 63 {
				y = 63
			}
			return Int(x >> y), nil
		case syntax.Pow:
			if y >= 0 {
				if r, ok := powInt64(x, y); ok {
					return Int(r), nil
				}
			}
		}
	}
	bx, by := toBig(a), toBig(b)
	// Multiplication, division and powers go through bigint.go, which
	// ticks their work in bounded pieces; the other operations are linear
	// and count their words here.
	switch op {
	case syntax.Mult, syntax.FloorDiv, syntax.Mod, syntax.Pow:
	default:
		if err := t.tickWords(max(words(bx), words(by))); err != nil {
			return nil, err
		}
	}
	switch op {
	case syntax.Add:
		return MakeInt(new(big.Int).Add(bx, by)), nil
	case syntax.Sub:
		return MakeInt(new(big.Int).Sub(bx, by)), nil
	case syntax.Mult:
		r, err := t.BigMul(bx, by)
		if err != nil {
			return nil, err
		}
		return MakeInt(r), nil
	case syntax.Div:
		if by.Sign() == 0 {
			return nil, Errorf(ZeroDivisionErrorClass, "division by zero")
		}
		// The correctly rounded quotient, by a division of the exact
		// operands (big.Rat would first reduce the fraction by a gcd,
		// quadratic in the size of the operands).
		q := new(big.Float).SetPrec(53).Quo(new(big.Float).SetInt(bx), new(big.Float).SetInt(by))
		f, _ := q.Float64()
		if math.IsInf(f, 0) {
			return nil, Errorf(OverflowErrorClass, "integer division result too large for a float")
		}
		return Float(f), nil
	case syntax.FloorDiv, syntax.Mod:
		if by.Sign() == 0 {
			if op == syntax.Mod {
				return nil, Errorf(ZeroDivisionErrorClass, "integer modulo by zero")
			}
			return nil, Errorf(ZeroDivisionErrorClass, "integer division or modulo by zero")
		}
		q, m, err := t.BigQuoRem(bx, by)
		if err != nil {
			return nil, err
		}
		if m.Sign() != 0 && (m.Sign() < 0) != (by.Sign() < 0) {
			q.Sub(q, big.NewInt(1))
			m.Add(m, by)
		}
		if op == syntax.FloorDiv {
			return MakeInt(q), nil
		}
		return MakeInt(m), nil
	case syntax.Pow:
		if by.Sign() < 0 {
			fx, err := toFloat(a)
			if err != nil {
				return nil, err
			}
			fy, err := toFloat(b)
			if err != nil {
				return nil, err
			}
			// CPython computes int ** negative int as float ** float:
			// 10 ** -24 == 10.0 ** -24 == 1e-24.
			return floatBinary(syntax.Pow, Float(fx), Float(fy))
		}
		if !by.IsInt64() {
			if bx.CmpAbs(big.NewInt(1)) <= 0 {
				return MakeInt(new(big.Int).Exp(bx, by, nil)), nil
			}
			return nil, Errorf(MemoryErrorClass, "integer power result too large")
		}
		if bx.BitLen() > 1 && by.Int64() > MaxIntBits {
			return nil, Errorf(MemoryErrorClass, "integer result too large (more than %d bits)", MaxIntBits)
		}
		if err := t.checkIntBits(int64(bx.BitLen()) * by.Int64()); err != nil {
			return nil, err
		}
		r, err := t.BigPow(bx, by.Int64())
		if err != nil {
			return nil, err
		}
		return MakeInt(r), nil
	case syntax.LShift:
		if by.Sign() < 0 {
			return nil, Errorf(ValueErrorClass, "negative shift count")
		}
		if bx.Sign() == 0 {
			return Int(0), nil
		}
		if !by.IsInt64() || by.Int64() > MaxIntBits {
			return nil, Errorf(MemoryErrorClass, "integer result too large (more than %d bits)", MaxIntBits)
		}
		if err := t.checkIntBits(int64(bx.BitLen()) + by.Int64()); err != nil {
			return nil, err
		}
		return MakeInt(new(big.Int).Lsh(bx, uint(by.Int64()))), nil
	case syntax.RShift:
		if by.Sign() < 0 {
			return nil, Errorf(ValueErrorClass, "negative shift count")
		}
		if !by.IsInt64() || by.Int64() > int64(bx.BitLen()) {
			if bx.Sign() < 0 {
				return Int(-1), nil
			}
			return Int(0), nil
		}
		return MakeInt(new(big.Int).Rsh(bx, uint(by.Int64()))), nil
	case syntax.BitAnd:
		return MakeInt(new(big.Int).And(bx, by)), nil
	case syntax.BitOr:
		return MakeInt(new(big.Int).Or(bx, by)), nil
	case syntax.BitXor:
		return MakeInt(new(big.Int).Xor(bx, by)), nil
	}
	return nil, nil
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func powInt64(x, y int64) (int64, bool) {
	result := int64(1)
	base := x
	for y > 0 {
		if y&1 == 1 {
			hi, lo := bits.Mul64(uint64(abs64(result)), uint64(abs64(base)))
			if hi != 0 || lo >= 1<<63 || result == math.MinInt64 || base == math.MinInt64 {
				return 0, false
			}
			neg := (result < 0) != (base < 0)
			result = int64(lo)
			if neg {
				result = -result
			}
		}
		y >>= 1
		if y > 0 {
			hi, lo := bits.Mul64(uint64(abs64(base)), uint64(abs64(base)))
			if hi != 0 || lo >= 1<<63 || base == math.MinInt64 {
				return 0, false
			}
			base = int64(lo)
		}
	}
	return result, true
}

func floatBinary(op syntax.Operator, a, b Value) (Value, error) {
	x, err := toFloat(a)
	if err != nil {
		return nil, err
	}
	y, err := toFloat(b)
	if err != nil {
		return nil, err
	}
	switch op {
	case syntax.Add:
		return Float(x + y), nil
	case syntax.Sub:
		return Float(x - y), nil
	case syntax.Mult:
		return Float(x * y), nil
	case syntax.Div:
		if y == 0 {
			return nil, Errorf(ZeroDivisionErrorClass, "float division by zero")
		}
		return Float(x / y), nil
	case syntax.FloorDiv:
		if y == 0 {
			return nil, Errorf(ZeroDivisionErrorClass, "float floor division by zero")
		}
		q, _ := floatDivmod(x, y)
		return Float(q), nil
	case syntax.Mod:
		if y == 0 {
			return nil, Errorf(ZeroDivisionErrorClass, "float modulo")
		}
		_, m := floatDivmod(x, y)
		return Float(m), nil
	case syntax.Pow:
		// An infinite exponent is not an error: 0.0 ** -inf is inf, as in CPython.
		if x == 0 && y < 0 && !math.IsInf(y, 0) {
			return nil, Errorf(ZeroDivisionErrorClass, "0.0 cannot be raised to a negative power")
		}
		if x < 0 && y != math.Trunc(y) && !math.IsInf(y, 0) {
			return nil, Errorf(ValueErrorClass, "complex results are not supported")
		}
		r := powFloat(x, y)
		if math.IsInf(r, 0) && !math.IsInf(x, 0) && !math.IsInf(y, 0) {
			return nil, Errorf(OverflowErrorClass, "(34, 'Numerical result out of range')")
		}
		return Float(r), nil
	}
	return nil, nil
}

// floatDivmod follows CPython's float_divmod.
func floatDivmod(x, y float64) (float64, float64) {
	mod := math.Mod(x, y)
	div := (x - mod) / y
	if mod != 0 {
		if (y < 0) != (mod < 0) {
			mod += y
			div -= 1
		}
	} else {
		mod = math.Copysign(0, y)
	}
	var floordiv float64
	if div != 0 {
		floordiv = math.Floor(div)
		if div-floordiv > 0.5 {
			floordiv += 1
		}
	} else {
		floordiv = math.Copysign(0, x/y)
	}
	return floordiv, mod
}

// FloatRepr formats f as CPython's repr (one implementation, shared with
// every path that writes a Python value as JSON).
func FloatRepr(f float64) string { return jsonlike.FloatRepr(f) }

// hashInt is CPython's hash of an int.
const hashModulus = (1 << 61) - 1

func hashInt64(x int64) uint64 {
	neg := x < 0
	u := uint64(abs64(x))
	if x == math.MinInt64 {
		u = 1 << 63
	}
	h := u % hashModulus
	r := int64(h)
	if neg {
		r = -r
	}
	if r == -1 {
		r = -2
	}
	return uint64(r)
}

func hashBig(b *big.Int) uint64 {
	m := new(big.Int).Mod(new(big.Int).Abs(b), big.NewInt(hashModulus))
	r := m.Int64()
	if b.Sign() < 0 {
		r = -r
	}
	if r == -1 {
		r = -2
	}
	return uint64(r)
}

func hashFloat(f float64) uint64 {
	if math.IsInf(f, 1) {
		return 314159
	}
	if math.IsInf(f, -1) {
		return uint64(^uint64(314159 - 1))
	}
	if math.IsNaN(f) {
		return 0
	}
	if f == math.Trunc(f) && math.Abs(f) < 1<<63 {
		return hashInt64(int64(f))
	}
	// CPython's _Py_HashDouble.
	m, e := math.Frexp(f)
	sign := int64(1)
	if m < 0 {
		sign = -1
		m = -m
	}
	var x uint64
	for m != 0 {
		x = ((x << 28) & hashModulus) | x>>(61-28)
		m *= 268435456.0
		e -= 28
		y := uint64(m)
		m -= float64(y)
		x += y
		if x >= hashModulus {
			x -= hashModulus
		}
	}
	if e >= 0 {
		e = e % 61
	} else {
		e = 61 - 1 - ((-1 - e) % 61)
	}
	x = ((x << uint(e)) & hashModulus) | x>>(61-uint(e))
	r := int64(x) * sign
	if r == -1 {
		r = -2
	}
	return uint64(r)
}

// compareIntFloat compares an int with a float exactly: -1, 0, 1; ok is
// false when f is NaN.
func compareNum(a, b Value) (int, bool) {
	if x, ok := asInt64(a); ok {
		if y, ok := asInt64(b); ok {
			switch {
			case x < y:
				return -1, true
			case x > y:
				return 1, true
			}
			return 0, true
		}
	}
	_, af := a.(Float)
	_, bf := b.(Float)
	if !af && !bf {
		return toBig(a).Cmp(toBig(b)), true
	}
	if af && bf {
		x, y := float64(a.(Float)), float64(b.(Float))
		if math.IsNaN(x) || math.IsNaN(y) {
			return 0, false
		}
		switch {
		case x < y:
			return -1, true
		case x > y:
			return 1, true
		}
		return 0, true
	}
	// Mixed int and float: compare exactly.
	if af {
		c, ok := compareNum(b, a)
		return -c, ok
	}
	f := float64(b.(Float))
	if math.IsNaN(f) {
		return 0, false
	}
	if math.IsInf(f, 1) {
		return -1, true
	}
	if math.IsInf(f, -1) {
		return 1, true
	}
	// An int of at most 53 bits converts to float exactly.
	if x, ok := a.(Int); ok && x > -(1<<53) && x < 1<<53 {
		switch xf := float64(x); {
		case xf < f:
			return -1, true
		case xf > f:
			return 1, true
		}
		return 0, true
	}
	bf2 := new(big.Float).SetFloat64(f)
	af2 := new(big.Float).SetInt(toBig(a))
	return af2.Cmp(bf2), true
}

// MaxIntBits bounds the size of one int: arithmetic on larger numbers takes
// seconds per operation without polling the deadline.
const MaxIntBits = 1 << 22

func (t *Thread) checkIntBits(bits int64) error {
	if bits > MaxIntBits {
		return Errorf(MemoryErrorClass, "integer result too large (more than %d bits)", MaxIntBits)
	}
	return t.Charge(bits / 8)
}

// powFloat is x**y, correctly rounded for integral exponents (as the C
// library CPython uses is), by exact big-float arithmetic, and for the
// others through double-double logarithm and exponential (FloatPow).
func powFloat(x, y float64) float64 {
	if y != math.Trunc(y) || math.Abs(y) > 4096 {
		return FloatPow(x, y)
	}
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) || y == 0 {
		return math.Pow(x, y)
	}
	n := int64(math.Abs(y))
	const prec = 1024
	base := new(big.Float).SetPrec(prec).SetFloat64(x)
	acc := new(big.Float).SetPrec(prec).SetFloat64(1)
	for n > 0 {
		if n&1 == 1 {
			acc.Mul(acc, base)
		}
		n >>= 1
		if n > 0 {
			base.Mul(base, base)
		}
	}
	if y < 0 {
		acc.Quo(new(big.Float).SetPrec(prec).SetFloat64(1), acc)
	}
	r, _ := acc.Float64()
	return r
}

// smallInts holds boxed ints so hot loops over small values do not allocate
// (Go boxes only values below 256 without allocating).
var smallInts = func() (t [smallIntMax - smallIntMin]Value) {
	// Each box points into smallIntVals, as Go's own boxes of constants
	// point into static data, instead of being allocated one by one:
	// 4,000 allocations were the largest share of the package's
	// initialisation, which every process start pays.
	for i := range t {
		smallIntVals[i] = Int(i + smallIntMin)
		*(*iface)(unsafe.Pointer(&t[i])) = iface{intType, unsafe.Pointer(&smallIntVals[i])}
	}
	return
}()

// smallIntVals holds the values smallInts' boxes point to; nothing writes
// it after the table is built.
var smallIntVals [smallIntMax - smallIntMin]Int

const (
	smallIntMin = -256
	smallIntMax = 4096
)

// boxInt is the package's boxInt for the fast loop's results: a box
// beyond the small-int cache takes half of a 16-byte block, whose other
// half the next one takes, so two ints cost one allocation. The block is
// the tiny block Go's allocator would put two boxes in anyway, and what
// an int is charged (ValueBytes: noscanBytes(8), a whole tiny block): a
// box kept alone keeps no more than it was charged.
func (t *Thread) boxInt(x Int) Value {
	if x >= smallIntMin && x < smallIntMax {
		return smallInts[x-smallIntMin]
	}
	p := t.intPair
	if p != nil {
		t.intPair = nil
	} else {
		b := new([2]Int)
		p, t.intPair = &b[0], &b[1]
	}
	*p = x
	var v Value
	(*iface)(unsafe.Pointer(&v)).typ, (*iface)(unsafe.Pointer(&v)).data = intType, unsafe.Pointer(p)
	return v
}

// iface is an interface value's layout; intType is Int's type word.
type iface struct{ typ, data unsafe.Pointer }

var intType = func() unsafe.Pointer {
	var v Value = Int(0)
	return (*iface)(unsafe.Pointer(&v)).typ
}()

// boxInt converts an int to a Value, reusing preallocated boxes for small
// values.
func boxInt(x Int) Value {
	if x >= smallIntMin && x < smallIntMax {
		return smallInts[x-smallIntMin]
	}
	return x
}
