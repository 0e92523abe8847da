package vm

import (
	"bytes"
	"cmp"
	"math"
	"math/big"
	"strings"
	"unsafe"

	"github.com/toolplane/toolplane/python/syntax"
)

var binaryDunders = [...][2]string{
	syntax.Add: {"__add__", "__radd__"}, syntax.Sub: {"__sub__", "__rsub__"},
	syntax.Mult: {"__mul__", "__rmul__"}, syntax.MatMult: {"__matmul__", "__rmatmul__"},
	syntax.Div: {"__truediv__", "__rtruediv__"}, syntax.Mod: {"__mod__", "__rmod__"},
	syntax.Pow: {"__pow__", "__rpow__"}, syntax.LShift: {"__lshift__", "__rlshift__"},
	syntax.RShift: {"__rshift__", "__rrshift__"}, syntax.BitOr: {"__or__", "__ror__"},
	syntax.BitXor: {"__xor__", "__rxor__"}, syntax.BitAnd: {"__and__", "__rand__"},
	syntax.FloorDiv: {"__floordiv__", "__rfloordiv__"},
}

var inplaceDunders = [...]string{
	syntax.Add: "__iadd__", syntax.Sub: "__isub__", syntax.Mult: "__imul__", syntax.MatMult: "__imatmul__",
	syntax.Div: "__itruediv__", syntax.Mod: "__imod__", syntax.Pow: "__ipow__", syntax.LShift: "__ilshift__",
	syntax.RShift: "__irshift__", syntax.BitOr: "__ior__", syntax.BitXor: "__ixor__", syntax.BitAnd: "__iand__",
	syntax.FloorDiv: "__ifloordiv__",
}

// Binary applies a binary operator.
func (t *Thread) Binary(op syntax.Operator, a, b Value) (Value, error) {
	if r, ok, err := t.builtinBinary(op, a, b); ok || err != nil {
		return r, err
	}
	if r, ok, err := t.userBinary(op, a, b); ok || err != nil {
		return r, err
	}
	na, nb := a, b
	if hasBase(a) || hasBase(b) {
		// An instance of a subclass of a builtin type whose methods (and
		// the other operand's) declined above: the builtin operation on
		// the values inside, without asking those methods again (a
		// reflected method would run twice); an error names the operands'
		// own types ('C' and 'E', not 'int' and 'E').
		a, b = unwrapBase(a), unwrapBase(b)
		if r, ok, err := t.builtinBinary(op, a, b); ok || err != nil {
			return r, err
		}
		if metaClassOf(a) != nil || metaClassOf(b) != nil {
			if r, ok, err := t.metaBinary(op, a, b); ok || err != nil {
				return r, err
			}
		}
	}
	if op == syntax.Mult {
		// seq * n and n * seq, where n's methods declined.
		if r, ok, err := t.repeatOperands(a, b, true); ok || err != nil {
			return r, err
		}
	}
	if v, ok := b.(*DictView); ok && v.kind != viewValues {
		if r, ok, err := t.viewRightOp(op, a, v); ok {
			return r, err
		}
	}
	if u, ok := unionOf(op, a, b); ok {
		return u, nil
	}
	return nil, binaryTypeErrorOf(op, a, b, na, nb)
}

// builtinBinary applies a binary operator to builtin numbers and
// sequences; ok is false when neither operand's type has the operator.
func (t *Thread) builtinBinary(op syntax.Operator, a, b Value) (Value, bool, error) {
	if x, ok := a.(Bool); ok {
		if y, ok := b.(Bool); ok {
			switch op {
			case syntax.BitAnd:
				return Bool(x && y), true, nil
			case syntax.BitOr:
				return Bool(x || y), true, nil
			case syntax.BitXor:
				return Bool(x != y), true, nil
			}
		}
	}
	if x, y, ok, err := complexOperands(a, b); ok || err != nil {
		if err != nil {
			return nil, true, err
		}
		if r, ok, err := complexBinary(op, x, y); ok {
			return r, true, err
		}
		return nil, true, binaryTypeError(op, a, b)
	}
	ka, kb := numKind(a), numKind(b)
	if ka != 0 && kb != 0 {
		if ka == 1 && kb == 1 {
			if op != syntax.MatMult {
				r, err := t.intBinary(op, a, b)
				return r, true, err
			}
		} else if op <= syntax.FloorDiv && op != syntax.MatMult && op != syntax.LShift && op != syntax.RShift && op != syntax.BitAnd && op != syntax.BitOr && op != syntax.BitXor {
			r, err := floatBinary(op, a, b)
			return r, true, err
		}
	}
	return t.seqBinary(op, a, b)
}

func binaryTypeError(op syntax.Operator, a, b Value) error {
	return binaryTypeErrorOf(op, a, b, a, b)
}

// binaryTypeErrorOf is the TypeError of op on a and b, the builtin values
// that decide its message, named as the types of na and nb (the operands
// as written, instances of subclasses of a's and b's types).
func binaryTypeErrorOf(op syntax.Operator, a, b, na, nb Value) error {
	if op == syntax.Mult {
		for _, p := range [][3]Value{{a, b, nb}, {b, a, na}} {
			switch p[0].(type) {
			case Str, *List, Tuple, Bytes, *ByteArray:
				if _, isInst := p[1].(*Instance); !isInst {
					return Errorf(TypeErrorClass, "can't multiply sequence by non-int of type '%s'", TypeName(p[2]))
				}
			}
		}
	}
	if _, ok := bytesLike(a); ok && op == syntax.Add {
		if _, ok := b.(*Instance); !ok {
			return Errorf(TypeErrorClass, "can't concat %s to %s", TypeName(nb), TypeName(a))
		}
	}
	if op == syntax.Add {
		switch a.(type) {
		case Str, *List, Tuple, Bytes:
			if TypeOf(a) != TypeOf(b) {
				if _, ok := a.(Str); ok {
					return Errorf(TypeErrorClass, "can only concatenate str (not \"%s\") to str", TypeName(nb))
				}
				return Errorf(TypeErrorClass, "can only concatenate %s (not \"%s\") to %s", TypeName(a), TypeName(nb), TypeName(a))
			}
		}
	}
	sym := op.Symbol()
	if op == syntax.Pow {
		sym = "** or pow()"
	}
	return Errorf(TypeErrorClass, "unsupported operand type(s) for %s: '%s' and '%s'", sym, TypeName(na), TypeName(nb))
}

// userBinary dispatches to __op__ / __rop__ of instances.
func (t *Thread) userBinary(op syntax.Operator, a, b Value) (Value, bool, error) {
	_, aInst := a.(*Instance)
	ib, bInst := b.(*Instance)
	if !aInst && !bInst {
		if metaClassOf(a) != nil || metaClassOf(b) != nil {
			return t.metaBinary(op, a, b)
		}
		return nil, false, nil
	}
	var left func() (Value, bool, error)
	if !aInst && ib.Base != nil && leftAccepts(op, a, ib.Base) {
		left = func() (Value, bool, error) { return t.builtinBinary(op, a, ib.Base) }
	}
	names := binaryDunders[op]
	return t.dunderPair(names[0], names[1], op == syntax.Mult, a, b, left)
}

// dunderPair applies a binary operation that the methods name and rname
// implement, in CPython's order (binary_op1 and the slots of classes): the
// right operand's rname first when its type derives from the left's and
// overrides that type's rname; then the left's name (or, for a builtin left
// operand, left, the builtin operation when it takes the right operand's
// value); then the right's rname, unless both operands have the same type.
// 1.5 + I(2), I an int subclass with __radd__, is float's 3.5: I does not
// derive from float. ok is false when every method declined.
func (t *Thread) dunderPair(name, rname string, mult bool, a, b Value, left func() (Value, bool, error)) (Value, bool, error) {
	ia, aInst := a.(*Instance)
	ib, bInst := b.(*Instance)
	ta, tb := TypeOf(a), TypeOf(b)
	reflected := bInst
	if bInst && ta != nil && tb != ta && tb.IsSubclass(ta) {
		if m := tb.Lookup(rname); m != nil && !Is(m, ta.Lookup(rname)) && !(mult && inheritedRepeat(ib, m)) {
			r, err := t.callMethod1(m, b, a)
			if err != nil || r != NotImplemented {
				return r, true, err
			}
			reflected = false
		}
	}
	if aInst {
		if m := ia.Class.Lookup(name); m != nil && !(mult && inheritedRepeat(ia, m)) {
			r, err := t.callMethod1(m, a, b)
			if err != nil || r != NotImplemented {
				return r, true, err
			}
		}
		if tb == ta {
			// CPython asks no reflected method of an operand of the
			// same type.
			return nil, false, nil
		}
	} else if left != nil {
		if r, ok, err := left(); ok || err != nil {
			return r, ok, err
		}
	}
	if reflected {
		if m := ib.Class.Lookup(rname); m != nil && !(mult && inheritedRepeat(ib, m)) {
			r, err := t.callMethod1(m, b, a)
			if err != nil || r != NotImplemented {
				return r, true, err
			}
		}
	}
	return nil, false, nil
}

// leftAccepts reports whether the builtin operation of op on a (a builtin
// value) takes bb (the builtin value inside the right operand, an instance
// of a subclass of bb's type), as the slot of a's type does in CPython: an
// int takes ints, a float ints and floats, a complex any of the three, a
// set or frozenset either, a dict a dict.
func leftAccepts(op syntax.Operator, a, bb Value) bool {
	switch a.(type) {
	case Int, Bool, *big.Int:
		return op != syntax.MatMult && numKind(bb) == 1
	case Float:
		switch op {
		case syntax.Add, syntax.Sub, syntax.Mult, syntax.Div, syntax.Mod, syntax.Pow, syntax.FloorDiv:
			return numKind(bb) != 0
		}
	case Complex:
		switch op {
		case syntax.Add, syntax.Sub, syntax.Mult, syntax.Div, syntax.Pow:
			_, c := bb.(Complex)
			return c || numKind(bb) != 0
		}
	case *Set:
		switch op {
		case syntax.BitOr, syntax.BitAnd, syntax.BitXor, syntax.Sub:
			_, s := bb.(*Set)
			return s
		}
	case *Dict:
		_, d := bb.(*Dict)
		return op == syntax.BitOr && d
	}
	return false
}

// inheritedRepeat reports whether m is the builtin * of the str, bytes,
// list or tuple inst derives from: the operator repeats the value inside
// (Binary's fallback), and a count that is no int is "can't multiply
// sequence by non-int", not the error of calling str.__mul__ itself.
func inheritedRepeat(inst *Instance, m Value) bool {
	if inst.Base == nil || !isRepeatable(inst.Base) {
		return false
	}
	_, builtin := m.(*Builtin)
	return builtin
}

// Inplace applies an augmented assignment operator.
func (t *Thread) Inplace(op syntax.Operator, a, b Value) (Value, error) {
	switch x := a.(type) {
	case *List:
		if op == syntax.Add {
			items, err := t.iterate(b, nil)
			if err != nil {
				if _, ok := b.(*Instance); !ok {
					return nil, Errorf(TypeErrorClass, "'%s' object is not iterable", TypeName(b))
				}
				return nil, err
			}
			if err := t.chargeSlots(len(x.Items) + len(items)); err != nil {
				return nil, err
			}
			if err := t.touchList(x); err != nil {
				return nil, err
			}
			x.Items = append(x.Items, items...)
			return x, nil
		}
		if op == syntax.Mult {
			if r, ok, err := t.countRmul(a, b); ok {
				return r, err
			}
			if isCount(b) {
				return t.inplaceRepeat(a, b)
			}
		}
	case *ByteArray:
		// ba += x and ba *= n change ba itself (other names for it see
		// the change), as in CPython; the operator builds and charges
		// the new content.
		if op == syntax.Mult {
			if r, ok, err := t.countRmul(a, b); ok {
				return r, err
			}
			if isCount(b) {
				return t.inplaceRepeat(a, b)
			}
		}
		if op == syntax.Add {
			r, err := t.Binary(op, a, b)
			if err != nil {
				return nil, err
			}
			if nb, ok := r.(*ByteArray); ok {
				x.B = nb.B
				return x, nil
			}
			return r, nil
		}
	case *Dict:
		if op == syntax.BitOr {
			if err := t.dictUpdate(x, Tuple{b}, nil); err != nil {
				return nil, err
			}
			return x, nil
		}
	case *Set:
		if !x.frozen {
			if _, ok := b.(*Set); ok {
				r, err := t.Binary(op, a, b)
				if err != nil {
					return nil, err
				}
				if err := t.touchSet(x); err != nil {
					return nil, err
				}
				x.replace(r.(*Set))
				return x, nil
			}
		}
	case *Instance:
		if m := x.Class.Lookup(inplaceDunders[op]); m != nil {
			r, err := t.callMethod1(m, a, b)
			if err != nil || r != NotImplemented {
				return r, err
			}
		}
	}
	r, err := t.Binary(op, a, b)
	if err != nil {
		if e, ok := err.(*Instance); ok && e.Class == TypeErrorClass && strings.HasPrefix(excStr(nil, e), "unsupported operand") {
			sym := op.Symbol() + "="
			if op == syntax.Pow {
				sym = "**="
			}
			return nil, Errorf(TypeErrorClass, "unsupported operand type(s) for %s: '%s' and '%s'", sym, TypeName(a), TypeName(b))
		}
	}
	return r, err
}

// countRmul asks the __rmul__ of n's class, when it defines one, for
// seq *= n (seq a list or bytearray): CPython's in-place repetition comes
// only after it declines. ok is false when it did not answer.
func (t *Thread) countRmul(seq, n Value) (Value, bool, error) {
	in, isInst := n.(*Instance)
	if !isInst {
		return nil, false, nil
	}
	m := in.Class.Lookup("__rmul__")
	if _, builtin := m.(*Builtin); m == nil || builtin {
		return nil, false, nil
	}
	r, err := t.callMethod1(m, n, seq)
	if err != nil || r != NotImplemented {
		return r, true, err
	}
	return nil, false, nil
}

// isCount reports whether n can count a repetition (an int, or an
// object whose class has __index__) without asking it.
func isCount(n Value) bool {
	switch n := n.(type) {
	case Int, Bool, *big.Int:
		return true
	case *Instance:
		return n.Class.Lookup("__index__") != nil
	}
	return false
}

// inplaceRepeat is list.__imul__ and bytearray.__imul__: seq (a list or
// bytearray) repeated n times in place, n an int or an object with
// __index__.
func (t *Thread) inplaceRepeat(seq, n Value) (Value, error) {
	r, _, err := t.seqOwnBinary(syntax.Mult, seq, n)
	if err != nil {
		return nil, err
	}
	switch x := seq.(type) {
	case *List:
		if err := t.touchList(x); err != nil {
			return nil, err
		}
		x.Items = r.(*List).Items
	case *ByteArray:
		x.B = r.(*ByteArray).B
	}
	return seq, nil
}

// repeatCount reads the count of a sequence repetition: an int, a bool,
// or an object with __index__ (as CPython's sq_repeat takes). huge reports
// a count beyond the machine range, which CPython refuses with
// OverflowError rather than clamping.
func repeatCount(t *Thread, n Value) (count int64, huge, ok bool, err error) {
	switch n := n.(type) {
	case Int:
		return int64(n), false, true, nil
	case Bool:
		if n {
			return 1, false, true, nil
		}
		return 0, false, true, nil
	case *big.Int:
		return 0, true, true, nil
	case *Instance:
		if n.Class.Lookup("__index__") == nil {
			return 0, false, false, nil
		}
		m := n.Class.Lookup("__index__")
		r, err := t.callMethod(m, n, nil)
		if err != nil {
			return 0, false, true, err
		}
		switch r := r.(type) {
		case Int:
			return int64(r), false, true, nil
		case *big.Int:
			return 0, true, true, nil
		}
		return 0, false, true, Errorf(TypeErrorClass, "__index__ returned non-int (type %s)", TypeName(r))
	}
	return 0, false, false, nil
}

// repeatOperands applies seq * n or n * seq (the sequence a builtin str,
// bytes, bytearray, list or tuple; n an int or an object with __index__);
// ok is false when the operands are no such pair. An instance as n on the
// left counts only once its methods have declined (instLeft).
func (t *Thread) repeatOperands(a, b Value, instLeft bool) (Value, bool, error) {
	if isRepeatable(a) {
		if n, huge, ok, err := repeatCount(t, b); ok || err != nil {
			if err != nil {
				return nil, true, err
			}
			r, err := t.repeatHuge(a, n, huge)
			return r, true, err
		}
	}
	if isRepeatable(b) {
		if _, isInst := a.(*Instance); !isInst || instLeft {
			if n, huge, ok, err := repeatCount(t, a); ok || err != nil {
				if err != nil {
					return nil, true, err
				}
				r, err := t.repeatHuge(b, n, huge)
				return r, true, err
			}
		}
	}
	return nil, false, nil
}

// isRepeatable reports whether v is a sequence that * repeats.
func isRepeatable(v Value) bool {
	switch v.(type) {
	case Str, Bytes, *ByteArray, *List, Tuple:
		return true
	}
	return false
}

// seqBinary handles str/bytes/list/tuple/dict/set operators.
func (t *Thread) seqBinary(op syntax.Operator, a, b Value) (Value, bool, error) {
	switch op {
	case syntax.Add:
		switch x := a.(type) {
		case Str:
			if y, ok := b.(Str); ok {
				if len(x)+len(y) > 1024 {
					if err := t.Charge(int64(len(x) + len(y))); err != nil {
						return nil, true, err
					}
				}
				return concatStr(x, y), true, nil
			}
		case *List:
			if y, ok := b.(*List); ok {
				if err := t.Charge(int64(len(x.Items)+len(y.Items)) * 16); err != nil {
					return nil, true, err
				}
				items := make([]Value, 0, len(x.Items)+len(y.Items))
				items = append(items, x.Items...)
				return t.NewList(append(items, y.Items...)), true, nil
			}
		case Tuple:
			if y, ok := b.(Tuple); ok {
				if err := t.Charge(int64(len(x)+len(y)) * 16); err != nil {
					return nil, true, err
				}
				r := make(Tuple, 0, len(x)+len(y))
				r = append(r, x...)
				return append(r, y...), true, nil
			}
		case Bytes:
			if y, ok := b.(Bytes); ok {
				if err := t.Charge(int64(len(x) + len(y))); err != nil {
					return nil, true, err
				}
				return x + y, true, nil
			}
			if y, ok := b.(*ByteArray); ok {
				if err := t.Charge(int64(len(x) + len(y.B))); err != nil {
					return nil, true, err
				}
				return x + Bytes(y.B), true, nil
			}
		case *ByteArray:
			var other []byte
			switch y := b.(type) {
			case Bytes:
				other = []byte(y)
			case *ByteArray:
				other = y.B
			default:
				return nil, false, nil
			}
			if err := t.Charge(int64(len(x.B) + len(other))); err != nil {
				return nil, true, err
			}
			return &ByteArray{B: append(append([]byte(nil), x.B...), other...)}, true, nil
		}
	case syntax.Mult:
		if ib, ok := b.(*Instance); ok && isRepeatable(a) {
			if m := ib.Class.Lookup("__rmul__"); m != nil {
				if _, builtin := m.(*Builtin); !builtin {
					// A count whose class defines __rmul__ is asked
					// first (userBinary); the repetition comes after
					// it declines (Binary).
					return nil, false, nil
				}
			}
		}
		return t.repeatOperands(a, b, false)
	case syntax.Mod:
		switch x := a.(type) {
		case Str:
			// str % x formats x, unless x's class derives from str and
			// overrides __rmod__, which then goes first (as CPython).
			if ib, isInst := b.(*Instance); isInst && ib.Class.IsSubclass(StrClass) {
				if _, own := ib.Class.Lookup("__rmod__").(*Function); own {
					return nil, false, nil
				}
			}
			if i, ok := b.(Int); ok {
				if r := percentOneInt(string(x), i); r != nil {
					return r, true, nil
				}
			}
			r, err := t.percentFormat(string(x), b, false)
			return r, true, err
		case Bytes, *ByteArray:
			xs, _ := bytesLike(x)
			r, err := t.percentFormat(xs, b, true)
			if err != nil {
				if e, ok := err.(*Instance); ok && strings.Contains(excStr(nil, e), "string formatting") {
					return nil, true, Errorf(e.Class, "%s", strings.Replace(excStr(nil, e), "string formatting", "bytes formatting", 1))
				}
				return nil, true, err
			}
			if _, ok := x.(*ByteArray); ok {
				return &ByteArray{B: []byte(r.(Str))}, true, nil
			}
			return Bytes(r.(Str)), true, nil
		}
	case syntax.BitOr:
		if x, ok := a.(*Dict); ok {
			if y, ok := b.(*Dict); ok {
				d := x.Copy()
				for _, it := range y.Items() {
					if err := d.Set(t, it[0], it[1]); err != nil {
						return nil, true, err
					}
				}
				return d, true, nil
			}
		}
	}
	if v, ok := a.(*DictView); ok && v.kind != viewValues {
		if s, err := t.viewSet(v); err == nil {
			// CPython computes view | x, view - x and view ^ x on a set
			// made from the view, in place, which decides the order.
			switch op {
			case syntax.BitOr, syntax.Sub, syntax.BitXor:
				return t.viewSetOp(op, s, b)
			case syntax.BitAnd:
				switch b.(type) {
				case *Set, *DictView:
				default:
					// view & iterable: the items of the iterable the
					// view holds, as CPython's intersection.
					return t.viewRightOp(op, b, v)
				}
			}
			a = s
		}
	}
	if v, ok := b.(*DictView); ok && v.kind != viewValues {
		if s, err := t.viewSet(v); err == nil {
			b = s
		}
	}
	if x, ok := a.(*Set); ok {
		if y, ok := b.(*Set); ok {
			r, err := t.setBinary(op, x, y)
			if r == nil && err == nil {
				return nil, false, nil
			}
			return r, true, err
		}
	}
	return nil, false, nil
}

// repeatHuge repeats seq n times; huge means a count beyond the machine
// range. Counts whose result cannot exist fail as CPython's do
// (OverflowError), before the memory limit is consulted.
func (t *Thread) repeatHuge(seq Value, n int64, huge bool) (Value, error) {
	if huge {
		return nil, Errorf(OverflowErrorClass, "cannot fit 'int' into an index-sized integer")
	}
	var size int64
	switch x := seq.(type) {
	case Str:
		size = int64(len(x))
		if size > 0 && n > math.MaxInt64/size {
			return nil, Errorf(OverflowErrorClass, "repeated string is too long")
		}
	case Bytes:
		size = int64(len(x))
	case *ByteArray:
		size = int64(len(x.B))
	}
	if size > 0 && n > math.MaxInt64/size {
		return nil, Errorf(OverflowErrorClass, "repeated bytes are too long")
	}
	r, _, err := t.repeat(seq, n)
	return r, err
}

func (t *Thread) repeat(seq Value, n int64) (Value, bool, error) {
	if n < 0 {
		n = 0
	}
	var unit int64
	switch x := seq.(type) {
	case Str:
		unit = int64(len(x))
	case Bytes:
		unit = int64(len(x))
	case *ByteArray:
		unit = int64(len(x.B))
	case *List:
		unit = int64(len(x.Items)) * 16
	case Tuple:
		unit = int64(len(x)) * 16
	default:
		return nil, false, nil
	}
	if unit == 0 {
		// An empty sequence repeated is empty, however large n is.
		n = 0
	}
	if err := t.ChargeItems(unit, n); err != nil {
		return nil, true, err
	}
	if err := t.tick(unit * n / 1024); err != nil {
		return nil, true, err
	}
	switch x := seq.(type) {
	case Str:
		return Str(strings.Repeat(string(x), int(n))), true, nil
	case Bytes:
		return Bytes(strings.Repeat(string(x), int(n))), true, nil
	case *ByteArray:
		return &ByteArray{B: bytes.Repeat(x.B, int(n))}, true, nil
	case *List:
		items := make([]Value, 0, int64(len(x.Items))*n)
		for i := int64(0); i < n; i++ {
			items = append(items, x.Items...)
		}
		return t.NewList(items), true, nil
	case Tuple:
		items := make(Tuple, 0, int64(len(x))*n)
		for i := int64(0); i < n; i++ {
			items = append(items, x...)
		}
		return items, true, nil
	}
	return nil, false, nil
}

func (t *Thread) setBinary(op syntax.Operator, x, y *Set) (Value, error) {
	if err := t.tickItems(x.Len() + y.Len()); err != nil {
		return nil, err
	}
	r := &Set{frozen: x.frozen}
	switch op {
	case syntax.BitOr:
		r = x.Copy()
		r.frozen = x.frozen
		if err := r.merge(t, y); err != nil {
			return nil, err
		}
	case syntax.BitAnd:
		// CPython walks the smaller set, the right one on a tie.
		small, big := y, x
		if x.Len() < y.Len() {
			small, big = x, y
		}
		for _, v := range small.Elems() {
			if ok, _ := big.Has(t, v); ok {
				r.Add(t, v)
			}
		}
	case syntax.Sub:
		if x.Len()>>2 > y.Len() {
			// Much larger than y: copy x and take y out, as CPython.
			r = x.Copy()
			r.frozen = x.frozen
			if _, _, err := t.viewSetOp(syntax.Sub, r, y); err != nil {
				return nil, err
			}
			break
		}
		for _, v := range x.Elems() {
			if ok, _ := y.Has(t, v); !ok {
				r.Add(t, v)
			}
		}
	case syntax.BitXor:
		// CPython copies y, then toggles x's elements in it.
		r = y.Copy()
		r.frozen = x.frozen
		if _, _, err := t.viewSetOp(syntax.BitXor, r, x); err != nil {
			return nil, err
		}
	default:
		return nil, nil
	}
	return r, nil
}

// Unary applies a unary operator.
func (t *Thread) Unary(op syntax.UnaryOperator, v Value) (Value, error) {
	if op == syntax.Not {
		b, err := t.Truth(v)
		return Bool(!b), err
	}
	switch x := v.(type) {
	case Int:
		switch op {
		case syntax.USub:
			if x == math.MinInt64 {
				return new(big.Int).Neg(big.NewInt(int64(x))), nil
			}
			return -x, nil
		case syntax.UAdd:
			return x, nil
		case syntax.Invert:
			return ^x, nil
		}
	case Bool:
		n := Int(0)
		if x {
			n = 1
		}
		return t.Unary(op, n)
	case *big.Int:
		if err := t.tickWords(words(x)); err != nil {
			return nil, err
		}
		switch op {
		case syntax.USub:
			return MakeInt(new(big.Int).Neg(x)), nil
		case syntax.UAdd:
			return x, nil
		case syntax.Invert:
			return MakeInt(new(big.Int).Not(x)), nil
		}
	case Float:
		switch op {
		case syntax.USub:
			return -x, nil
		case syntax.UAdd:
			return x, nil
		}
	case Complex:
		switch op {
		case syntax.USub:
			return Complex(complex(-real(x), -imag(x))), nil
		case syntax.UAdd:
			return x, nil
		}
	case *Instance:
		name := map[syntax.UnaryOperator]string{syntax.USub: "__neg__", syntax.UAdd: "__pos__", syntax.Invert: "__invert__"}[op]
		if m := x.Class.Lookup(name); m != nil {
			return t.callMethod(m, v, nil)
		}
	case *Class:
		name := map[syntax.UnaryOperator]string{syntax.USub: "__neg__", syntax.UAdd: "__pos__", syntax.Invert: "__invert__"}[op]
		if m := x.metaMethod(name); m != nil {
			return t.callMethod(m, v, nil)
		}
	}
	sym := map[syntax.UnaryOperator]string{syntax.USub: "-", syntax.UAdd: "+", syntax.Invert: "~"}[op]
	return nil, Errorf(TypeErrorClass, "bad operand type for unary %s: '%s'", sym, TypeName(v))
}

// Is reports identity.
func Is(a, b Value) bool {
	switch x := a.(type) {
	case Tuple:
		y, ok := b.(Tuple)
		if !ok {
			return false
		}
		if len(x) == 0 || len(y) == 0 {
			return len(x) == len(y)
		}
		return &x[0] == &y[0] && len(x) == len(y)
	case *big.Int:
		return a == b
	case Float:
		y, ok := b.(Float)
		return ok && math.Float64bits(float64(x)) == math.Float64bits(float64(y))
	case Complex:
		y, ok := b.(Complex)
		return ok && math.Float64bits(real(x)) == math.Float64bits(real(y)) && math.Float64bits(imag(x)) == math.Float64bits(imag(y))
	}
	return a == b
}

var cmpDunders = [...]string{
	syntax.Eq: "__eq__", syntax.NotEq: "__ne__", syntax.Lt: "__lt__",
	syntax.LtE: "__le__", syntax.Gt: "__gt__", syntax.GtE: "__ge__",
}

var cmpDunderIDs = [...]dunderID{
	syntax.Eq: dunderEq, syntax.NotEq: dunderNe, syntax.Lt: dunderLt,
	syntax.LtE: dunderLe, syntax.Gt: dunderGt, syntax.GtE: dunderGe,
}

var cmpReflect = [...]syntax.CmpOperator{
	syntax.Eq: syntax.Eq, syntax.NotEq: syntax.NotEq, syntax.Lt: syntax.Gt,
	syntax.LtE: syntax.GtE, syntax.Gt: syntax.Lt, syntax.GtE: syntax.LtE,
}

// Compare applies a rich comparison.
func (t *Thread) Compare(op syntax.CmpOperator, a, b Value) (Value, error) {
	switch op {
	case syntax.Eq:
		// A user __eq__ may answer any value (CPython hands it back
		// unchanged: 'x', a list, an object); only the fallbacks are bools.
		if r, ok, err := t.instanceCompare(op, a, b); ok || err != nil {
			return r, err
		}
		if isUserInstance(a) || isUserInstance(b) {
			if hasBase(a) || hasBase(b) {
				eq, err := t.Equal(unwrapBase(a), unwrapBase(b))
				return Bool(eq), err
			}
			return Bool(Is(a, b)), nil
		}
		eq, err := t.Equal(a, b)
		return Bool(eq), err
	case syntax.NotEq:
		if r, ok, err := t.instanceCompare(op, a, b); ok || err != nil {
			return r, err
		}
		eq, err := t.Equal(a, b)
		return Bool(!eq), err
	}
	if metaClassOf(a) != nil || metaClassOf(b) != nil {
		if r, ok, err := t.metaCompare(op, a, b); ok || err != nil {
			return r, err
		}
	}
	c, err := t.order(op, a, b)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// instanceCompare tries the user's comparison methods of a and b in CPython's
// order (a right operand whose class is a proper subclass of the left's goes
// first, then a's method, then b's reflected one) and reports whether one of
// them answered something other than NotImplemented.
func (t *Thread) instanceCompare(op syntax.CmpOperator, a, b Value) (Value, bool, error) {
	ia, aInst := a.(*Instance)
	ib, bInst := b.(*Instance)
	if aInst && bInst && ib.Class != ia.Class && ib.Class.IsSubclass(ia.Class) {
		if r, ok, err := t.userCompare(cmpReflect[op], ib, b, a); ok || err != nil {
			return r, true, err
		}
	}
	if aInst {
		if r, ok, err := t.userCompare(op, ia, a, b); ok || err != nil {
			return r, true, err
		}
	}
	if bInst {
		if r, ok, err := t.userCompare(cmpReflect[op], ib, b, a); ok || err != nil {
			return r, true, err
		}
	}
	return nil, false, nil
}

func isUserInstance(v Value) bool {
	_, ok := v.(*Instance)
	return ok
}

func (t *Thread) userCompare(op syntax.CmpOperator, inst *Instance, self, other Value) (Value, bool, error) {
	m := inst.Class.dunder(cmpDunderIDs[op])
	if m == nil {
		return nil, false, nil
	}
	if b, ok := m.(*Builtin); ok && b.Self == "object" {
		return nil, false, nil
	}
	r, err := t.callMethod1(m, self, other)
	if err != nil {
		return nil, true, err
	}
	if r == NotImplemented {
		return nil, false, nil
	}
	return r, true, nil
}

func cmpResult(op syntax.CmpOperator, c int) Bool {
	switch op {
	case syntax.Lt:
		return c < 0
	case syntax.LtE:
		return c <= 0
	case syntax.Gt:
		return c > 0
	case syntax.GtE:
		return c >= 0
	case syntax.Eq:
		return c == 0
	}
	return c != 0
}

// builtinOrder orders builtin values of types that order with each other;
// ok is false for any other pair.
func (t *Thread) builtinOrder(op syntax.CmpOperator, a, b Value) (Value, bool, error) {
	if numKind(a) != 0 && numKind(b) != 0 {
		if x, ok := a.(*big.Int); ok {
			if err := t.tickWords(words(x)); err != nil {
				return nil, true, err
			}
		}
		c, ok := compareNum(a, b)
		if !ok {
			return Bool(false), true, nil
		}
		return cmpResult(op, c), true, nil
	}
	switch x := a.(type) {
	case Str:
		if y, ok := b.(Str); ok {
			if err := t.tickBytes(min(len(x), len(y))); err != nil {
				return nil, true, err
			}
			return cmpResult(op, strings.Compare(string(x), string(y))), true, nil
		}
	case Bytes, *ByteArray:
		// bytes and bytearray order with each other by content.
		if y, ok := bytesLike(b); ok {
			if _, inst := b.(*Instance); !inst {
				xs, _ := bytesLike(x)
				if err := t.tickBytes(min(len(xs), len(y))); err != nil {
					return nil, true, err
				}
				return cmpResult(op, strings.Compare(xs, y)), true, nil
			}
		}
	case Tuple:
		if y, ok := b.(Tuple); ok {
			r, err := t.seqOrder(op, x, y)
			return r, true, err
		}
	case *List:
		if y, ok := b.(*List); ok {
			r, err := t.seqOrder(op, x.Items, y.Items)
			return r, true, err
		}
	case *Set:
		if y, ok := b.(*Set); ok {
			r, err := t.setOrder(op, x, y)
			return r, true, err
		}
	case *Slice:
		// slices order as their (start, stop, step) triples, as in CPython.
		if y, ok := b.(*Slice); ok {
			r, err := t.seqOrder(op, []Value{x.Start, x.Stop, x.Step}, []Value{y.Start, y.Stop, y.Step})
			return r, true, err
		}
	}
	// A keys or items view orders against a set or another such view as
	// the set of its items (subset and superset), either side.
	if isSetLike(a) && isSetLike(b) {
		sa, err := t.setOfView(a)
		if err != nil {
			return nil, true, err
		}
		sb, err := t.setOfView(b)
		if err != nil {
			return nil, true, err
		}
		r, err := t.setOrder(op, sa, sb)
		return r, true, err
	}
	return nil, false, nil
}

func (t *Thread) order(op syntax.CmpOperator, a, b Value) (Value, error) {
	if r, ok, err := t.builtinOrder(op, a, b); ok || err != nil {
		return r, err
	}
	ia, aInst := a.(*Instance)
	ib, bInst := b.(*Instance)
	if aInst && bInst && ib.Class != ia.Class && ib.Class.IsSubclass(ia.Class) {
		if r, ok, err := t.userCompare(cmpReflect[op], ib, b, a); ok || err != nil {
			return r, err
		}
	}
	if aInst {
		if r, ok, err := t.userCompare(op, ia, a, b); ok || err != nil {
			return r, err
		}
	}
	if bInst {
		if r, ok, err := t.userCompare(cmpReflect[op], ib, b, a); ok || err != nil {
			return r, err
		}
	}
	if hasBase(a) || hasBase(b) {
		// An instance of a subclass of a builtin type whose methods (and
		// the other operand's) declined above: the builtin order of the
		// values inside, without asking those methods again; an error
		// names the operands' own types.
		if r, ok, err := t.builtinOrder(op, unwrapBase(a), unwrapBase(b)); ok || err != nil {
			return r, err
		}
	}
	return nil, Errorf(TypeErrorClass, "'%s' not supported between instances of '%s' and '%s'", op.Symbol(), TypeName(a), TypeName(b))
}

func (t *Thread) seqOrder(op syntax.CmpOperator, x, y []Value) (Value, error) {
	if err := t.tickVisit(min(len(x), len(y))); err != nil {
		return nil, err
	}
	for i := 0; i < len(x) && i < len(y); i++ {
		// Str and int items (sort keys such as (team, -score, name))
		// compare without the general equality and ordering calls; UTF-8
		// byte order is code-point order.
		switch a := x[i].(type) {
		case Str:
			if b, ok := y[i].(Str); ok {
				if a == b {
					continue
				}
				return cmpResult(op, strings.Compare(string(a), string(b))), nil
			}
		case Int:
			if b, ok := y[i].(Int); ok {
				if a == b {
					continue
				}
				return cmpResult(op, cmp.Compare(a, b)), nil
			}
		}
		eq, err := t.Equal(x[i], y[i])
		if err != nil {
			return nil, err
		}
		if !eq {
			return t.order(op, x[i], y[i])
		}
	}
	return cmpResult(op, len(x)-len(y)), nil
}

func (t *Thread) setOrder(op syntax.CmpOperator, x, y *Set) (Value, error) {
	if err := t.tickItems(min(x.Len(), y.Len())); err != nil {
		return nil, err
	}
	sub := func(a, b *Set) bool {
		if a.Len() > b.Len() {
			return false
		}
		for _, v := range a.Elems() {
			if ok, _ := b.Has(t, v); !ok {
				return false
			}
		}
		return true
	}
	switch op {
	case syntax.LtE:
		return Bool(sub(x, y)), nil
	case syntax.Lt:
		return Bool(x.Len() < y.Len() && sub(x, y)), nil
	case syntax.GtE:
		return Bool(sub(y, x)), nil
	case syntax.Gt:
		return Bool(y.Len() < x.Len() && sub(y, x)), nil
	}
	return Bool(false), nil
}

// Equal reports a == b.
func (t *Thread) Equal(a, b Value) (bool, error) {
	switch x := a.(type) {
	case Str:
		y, ok := b.(Str)
		if ok {
			if len(x) == len(y) && len(x) >= BytesPerStep {
				if err := t.tickBytes(len(x)); err != nil {
					return false, err
				}
			}
			return x == y, nil
		}
		if _, ok := b.(*Instance); !ok {
			return false, nil
		}
	case Int:
		switch y := b.(type) {
		case Int:
			return x == y, nil
		case Float:
			return float64(x) == float64(y) && (x < 1<<53 && x > -(1<<53) || compareEq(a, b)), nil
		case Bool, *big.Int:
			return compareEq(a, b), nil
		}
	case NoneType:
		if _, ok := b.(*Instance); !ok {
			return b == None, nil
		}
	case Tuple:
		if y, ok := b.(Tuple); ok {
			return t.seqEqual(x, y)
		}
	case *List:
		if y, ok := b.(*List); ok {
			if x == y {
				return true, nil
			}
			return t.seqEqual(x.Items, y.Items)
		}
	case *Dict:
		if y, ok := b.(*Dict); ok {
			return t.dictEqual(x, y)
		}
	case *Set:
		if y, ok := b.(*DictView); ok && y.kind != viewValues {
			// set == keys view: the view's comparison, as CPython's
			// set answers NotImplemented and the view's reflected
			// __eq__ compares.
			return t.Equal(b, a)
		}
		if y, ok := b.(*Set); ok {
			if x.Len() != y.Len() {
				return false, nil
			}
			if err := t.tickItems(x.Len()); err != nil {
				return false, err
			}
			for _, v := range x.Elems() {
				if ok, err := y.Has(t, v); err != nil || !ok {
					return false, err
				}
			}
			return true, nil
		}
	case *BigRange:
		if _, _, _, ok := rangeBounds(b); ok {
			return rangesEqual(x, b), nil
		}
	case *Range:
		if _, ok := b.(*BigRange); ok {
			return false, nil
		}
		if y, ok := b.(*Range); ok {
			lx, ly := x.Len(), y.Len()
			if lx != ly {
				return false, nil
			}
			if lx == 0 {
				return true, nil
			}
			if x.Start != y.Start {
				return false, nil
			}
			return lx == 1 || x.Step == y.Step, nil
		}
	case *ByteArray:
		if err := t.tickBytes(len(x.B)); err != nil {
			return false, err
		}
		switch y := b.(type) {
		case *ByteArray:
			return string(x.B) == string(y.B), nil
		case Bytes:
			return string(x.B) == string(y), nil
		}
	case *Slice:
		if y, ok := b.(*Slice); ok {
			return t.seqEqual([]Value{x.Start, x.Stop, x.Step}, []Value{y.Start, y.Stop, y.Step})
		}
	case *BoundMethod:
		if y, ok := b.(*BoundMethod); ok {
			return Is(x.Self, y.Self) && Is(x.Fn, y.Fn), nil
		}
	case *DictView:
		if y, ok := b.(*DictView); ok && x.kind != viewValues && x.kind == y.kind {
			sx, _ := t.viewSet(x)
			sy, _ := t.viewSet(y)
			return t.Equal(sx, sy)
		}
		if y, ok := b.(*Set); ok && x.kind != viewValues {
			sx, _ := t.viewSet(x)
			return t.Equal(sx, y)
		}
	}
	if numKind(a) != 0 && numKind(b) != 0 {
		if x, ok := a.(*big.Int); ok {
			if err := t.tickWords(words(x)); err != nil {
				return false, err
			}
		}
		return compareEq(a, b), nil
	}
	if eq, ok := complexEqual(a, b); ok {
		return eq, nil
	}
	if x, ok := a.(Bytes); ok {
		if y, ok := b.(Bytes); ok && len(x) == len(y) {
			if err := t.tickBytes(len(x)); err != nil {
				return false, err
			}
		}
	}
	ia, aInst := a.(*Instance)
	ib, bInst := b.(*Instance)
	if aInst || bInst {
		if t == nil {
			return a == b, nil
		}
		if aInst && bInst && ib.Class != ia.Class && ib.Class.IsSubclass(ia.Class) {
			if r, ok, err := t.userCompare(syntax.Eq, ib, b, a); ok || err != nil {
				if err != nil {
					return false, err
				}
				return t.Truth(r)
			}
		}
		if aInst {
			if r, ok, err := t.userCompare(syntax.Eq, ia, a, b); ok || err != nil {
				if err != nil {
					return false, err
				}
				return t.Truth(r)
			}
		}
		if bInst {
			if r, ok, err := t.userCompare(syntax.Eq, ib, b, a); ok || err != nil {
				if err != nil {
					return false, err
				}
				return t.Truth(r)
			}
		}
		if hasBase(a) || hasBase(b) {
			return t.Equal(unwrapBase(a), unwrapBase(b))
		}
	}
	if t != nil && (metaClassOf(a) != nil || metaClassOf(b) != nil) {
		if r, ok, err := t.metaCompare(syntax.Eq, a, b); ok || err != nil {
			if err != nil {
				return false, err
			}
			return t.Truth(r)
		}
	}
	return Is(a, b), nil
}

// rangeHashKey is what CPython hashes for a range: (len, start, step), with
// start and step None for an empty range and step None for a one-item one, so
// equal ranges hash alike (range(0) == range(5, 5), range(1, 2, 3) ==
// range(1, 2)).
func rangeHashKey(n int64, length, start, step Value) Tuple {
	switch {
	case n == 0:
		return Tuple{Int(0), None, None}
	case n == 1:
		return Tuple{Int(1), start, None}
	}
	return Tuple{length, start, step}
}

func compareEq(a, b Value) bool {
	c, ok := compareNum(a, b)
	return ok && c == 0
}

func (t *Thread) seqEqual(x, y []Value) (bool, error) {
	if len(x) != len(y) {
		return false, nil
	}
	if t != nil {
		if err := t.tickVisit(len(x)); err != nil {
			return false, err
		}
		if err := t.enterCompare(); err != nil {
			return false, err
		}
		defer t.leaveGo()
	}
	for i := range x {
		if Is(x[i], y[i]) {
			continue
		}
		eq, err := t.Equal(x[i], y[i])
		if err != nil || !eq {
			return false, err
		}
	}
	return true, nil
}

func (t *Thread) dictEqual(x, y *Dict) (bool, error) {
	if x.Len() != y.Len() {
		return false, nil
	}
	if t != nil {
		if err := t.tickVisit(x.Len()); err != nil {
			return false, err
		}
		if err := t.enterCompare(); err != nil {
			return false, err
		}
		defer t.leaveGo()
	}
	for _, it := range x.Items() {
		v, ok, err := y.Get(t, it[0])
		if err != nil || !ok {
			return false, err
		}
		if Is(v, it[1]) {
			continue
		}
		eq, err := t.Equal(it[1], v)
		if err != nil || !eq {
			return false, err
		}
	}
	return true, nil
}

// Hash returns the hash of a hashable value.
func (t *Thread) Hash(v Value) (uint64, error) {
	// A short str, the commonest key, is hashed here: small enough to be
	// inlined where dicts and sets look keys up.
	if s, ok := v.(Str); ok && len(s) < 64 {
		return strHash(string(s)), nil
	}
	return t.hash(v)
}

// hash is Hash for every value.
func (t *Thread) hash(v Value) (uint64, error) {
	switch x := v.(type) {
	case Str:
		// Strings are hashed byte by byte, each time (no cache).
		if len(x) >= 64 {
			if err := t.tickChars(len(x)); err != nil {
				return 0, err
			}
		}
		return strHash(string(x)), nil
	case Int:
		return hashInt64(int64(x)), nil
	case Bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case Float:
		return hashFloat(float64(x)), nil
	case Complex:
		return hashComplex(complex128(x)), nil
	case *big.Int:
		if err := t.tickWords(words(x)); err != nil {
			return 0, err
		}
		return hashBig(x), nil
	case NoneType:
		return 0xFCA86420, nil
	case Bytes:
		if err := t.tickChars(len(x)); err != nil {
			return 0, err
		}
		return strHash(string(x)) ^ 0x5bd1e995, nil
	case Tuple:
		return t.hashTuple(x)
	case *Set:
		if !x.frozen {
			break
		}
		return t.hashFrozenSet(x)
	case *Range:
		return t.Hash(rangeHashKey(x.Len(), Int(x.Len()), Int(x.Start), Int(x.Step)))
	case *BigRange:
		n := x.Len()
		small := int64(2)
		if n.IsInt64() && n.Int64() < 2 {
			small = n.Int64()
		}
		return t.Hash(rangeHashKey(small, n, x.Start, x.Step))
	case *Instance:
		m := x.Class.dunder(dunderHash)
		if m == None {
			break
		}
		if _, isFn := m.(*Function); !isFn && x.Base != nil {
			return t.Hash(x.Base)
		}
		if b, ok := m.(*Builtin); ok && b.Self == "object" || m == nil {
			return uint64(uintptr(unsafe.Pointer(x))), nil
		}
		if t == nil {
			return uint64(uintptr(unsafe.Pointer(x))), nil
		}
		r, err := t.callMethod(m, v, nil)
		if err != nil {
			return 0, err
		}
		return hashResult(r)
	case *Class:
		if x.meta != nil && t != nil {
			if m := x.metaMethod("__hash__"); m != nil {
				if m == None {
					break
				}
				r, err := t.callMethod(m, v, nil)
				if err != nil {
					return 0, err
				}
				return hashResult(r)
			}
		}
		return identity(v), nil
	case *List, *Dict, *DictView, *ByteArray, *Slice: // slices are unhashable in 3.11
	case EllipsisType, NotImplementedType:
		return 0x1234567, nil
	default:
		return identity(v), nil
	}
	return 0, Errorf(TypeErrorClass, "unhashable type: '%s'", TypeName(v))
}

// hashTuple is hash of a tuple: a function of its own, as hash would
// otherwise pay the deferred leaveGo's return path (runtime.deferreturn)
// on every return, for every int or float key of a dict or set.
func (t *Thread) hashTuple(x Tuple) (uint64, error) {
	if t != nil {
		if err := t.tickVisit(len(x)); err != nil {
			return 0, err
		}
		if err := t.enterGo(); err != nil {
			return 0, err
		}
		defer t.leaveGo()
	}
	// CPython's xxHash-based tuple hash.
	const p1, p2, p5 = 11400714785074694791, 14029467366897019727, 2870177450012600261
	acc := uint64(p5)
	for _, e := range x {
		h, err := t.Hash(e)
		if err != nil {
			return 0, err
		}
		acc += h * p2
		acc = acc<<31 | acc>>33
		acc *= p1
	}
	acc += uint64(len(x)) ^ (p5 ^ 3527539)
	if acc == ^uint64(0) {
		return 1546275796, nil
	}
	return acc, nil
}

// hashFrozenSet is hash of a frozenset (see hashTuple).
func (t *Thread) hashFrozenSet(x *Set) (uint64, error) {
	// Nested frozensets are hashed again at every level: count the
	// level, so that depth bounds it besides the step budget
	// (frozensets sharing members nest into exponential work).
	if t != nil {
		if err := t.enterGo(); err != nil {
			return 0, err
		}
		defer t.leaveGo()
	}
	if err := t.tickVisit(x.Len()); err != nil {
		return 0, err
	}
	var h uint64
	for _, e := range x.Elems() {
		eh, err := t.Hash(e)
		if err != nil {
			return 0, err
		}
		h ^= (eh ^ 89869747) * 3644798167
	}
	return h, nil
}

// hashResult is the hash a __hash__ method's result r gives.
func hashResult(r Value) (uint64, error) {
	switch h := r.(type) {
	case Int:
		// CPython keeps a returned int that fits a Py_ssize_t as it is
		// (only -1, the error marker, becomes -2), so an object hashing
		// like a tuple is found in a set of tuples.
		if h == -1 {
			h = -2
		}
		return uint64(int64(h)), nil
	case *big.Int:
		return hashBig(h), nil
	case Bool:
		if h {
			return 1, nil
		}
		return 0, nil
	}
	return 0, Errorf(TypeErrorClass, "__hash__ method should return an integer")
}

// identity returns a stable address-based id for v.
func identity(v Value) uint64 {
	type iface struct {
		typ, data unsafe.Pointer
	}
	return uint64(uintptr((*iface)(unsafe.Pointer(&v)).data))
}

// Contains reports "item in container".
func (t *Thread) Contains(container, item Value) (bool, error) {
	switch c := container.(type) {
	case *Class:
		if m := c.metaMethod("__contains__"); m != nil {
			r, err := t.callMethod(m, c, Tuple{item})
			if err != nil {
				return false, err
			}
			return t.Truth(r)
		}
		if c.Lookup("__toolplane_class_contains__") != nil {
			r, err := t.CallMethodName(c, "__toolplane_class_contains__", Tuple{item}, nil)
			if err != nil {
				return false, err
			}
			return t.Truth(r)
		}
	case *List:
		if err := t.tickItems(len(c.Items)); err != nil {
			return false, err
		}
		for _, v := range c.Items {
			if Is(v, item) {
				return true, nil
			}
			eq, err := t.Equal(v, item)
			if err != nil || eq {
				return eq, err
			}
		}
		return false, nil
	case Tuple:
		if err := t.tickItems(len(c)); err != nil {
			return false, err
		}
		for _, v := range c {
			if Is(v, item) {
				return true, nil
			}
			eq, err := t.Equal(v, item)
			if err != nil || eq {
				return eq, err
			}
		}
		return false, nil
	case Str:
		s, ok := item.(Str)
		if !ok {
			return false, Errorf(TypeErrorClass, "'in <string>' requires string as left operand, not %s", TypeName(item))
		}
		if err := t.tickBytes(len(c)); err != nil {
			return false, err
		}
		return strings.Contains(string(c), string(s)), nil
	case *ByteArray:
		return t.Contains(Bytes(c.B), item)
	case Bytes:
		if err := t.tickBytes(len(c)); err != nil {
			return false, err
		}
		switch s := item.(type) {
		case Bytes:
			return strings.Contains(string(c), string(s)), nil
		case *ByteArray:
			return strings.Contains(string(c), string(s.B)), nil
		case Bool:
			return strings.IndexByte(string(c), byte(boolToInt(s))) >= 0, nil
		case Int:
			if s < 0 || s > 255 {
				return false, Errorf(ValueErrorClass, "byte must be in range(0, 256)")
			}
			return strings.IndexByte(string(c), byte(s)) >= 0, nil
		case *big.Int:
			return false, Errorf(ValueErrorClass, "byte must be in range(0, 256)")
		case *Instance:
			if s.Base != nil {
				return t.Contains(c, s.Base)
			}
			// An object with __index__ is the byte it stands for.
			if n, huge, ok, err := repeatCount(t, s); ok || err != nil {
				if err != nil {
					return false, err
				}
				if huge {
					n = -1
				}
				return t.Contains(c, Int(n))
			}
		}
		return false, Errorf(TypeErrorClass, "a bytes-like object is required, not '%s'", TypeName(item))
	case *Dict:
		_, ok, err := c.Get(t, item)
		return ok, err
	case *Set:
		ok, err := c.Has(t, item)
		if err != nil {
			if s, isSet := item.(*Set); isSet {
				fs := s.Copy()
				fs.frozen = true
				return c.Has(t, fs)
			}
		}
		return ok, err
	case *BigRange:
		return bigRangeContains(c, item), nil
	case *Range:
		var n int64
		switch x := item.(type) {
		case Int:
			n = int64(x)
		case Bool:
			if x {
				n = 1
			}
		case Float:
			if float64(x) != math.Trunc(float64(x)) {
				return false, nil
			}
			n = int64(x)
		default:
			return false, nil
		}
		if c.Step > 0 {
			if n < c.Start || n >= c.Stop {
				return false, nil
			}
		} else if n > c.Start || n <= c.Stop {
			return false, nil
		}
		return (n-c.Start)%c.Step == 0, nil
	case *DictView:
		switch c.kind {
		case viewKeys:
			return t.Contains(c.d, item)
		case viewItems:
			tup, ok := item.(Tuple)
			if !ok || len(tup) != 2 {
				return false, nil
			}
			v, ok, err := c.d.Get(t, tup[0])
			if err != nil || !ok {
				return false, err
			}
			return t.Equal(v, tup[1])
		}
	case *Instance:
		if m := c.Class.dunder(dunderContains); m != nil {
			r, err := t.callMethod1(m, container, item)
			if err != nil {
				return false, err
			}
			return t.Truth(r)
		}
	}
	it, err := t.Iter(container)
	if err != nil {
		return false, Errorf(TypeErrorClass, "argument of type '%s' is not iterable", TypeName(container))
	}
	for {
		v, ok, err := t.Next(it)
		if err != nil || !ok {
			return false, err
		}
		eq, err := t.Equal(v, item)
		if err != nil || eq {
			return eq, err
		}
	}
}

type opCode = syntax.Operator

// viewSetOp finishes a dict view's |, - or ^ on the set s made from it:
// update, difference_update or symmetric_difference_update with b.
// isSetLike reports whether v is a set or a keys or items view.
func isSetLike(v Value) bool {
	switch x := v.(type) {
	case *Set:
		return true
	case *DictView:
		return x.kind != viewValues
	}
	return false
}

// setOfView is a set-like value (isSetLike) as a set.
func (t *Thread) setOfView(v Value) (*Set, error) {
	if x, ok := v.(*DictView); ok {
		return t.viewSet(x)
	}
	return v.(*Set), nil
}

// viewRightOp is x | view, x & view, x - view and x ^ view for an x that
// is neither a set nor a view and did not handle the operator itself: a
// keys or items view's reflected operator takes any iterable, as
// CPython's does ({} | {}.keys() is set(), [1, 2] - d.keys() a set); a
// non-iterable x raises TypeError as set(x) would.
func (t *Thread) viewRightOp(op syntax.Operator, a Value, v *DictView) (Value, bool, error) {
	switch op {
	case syntax.BitOr, syntax.Sub, syntax.BitXor:
		s := NewSet()
		if err := t.setUpdate(s, a); err != nil {
			return nil, true, err
		}
		return t.viewSetOp(op, s, v)
	case syntax.BitAnd:
		vs, err := t.viewSet(v)
		if err != nil {
			return nil, true, err
		}
		items, err := t.iterate(a, nil)
		if err != nil {
			return nil, true, err
		}
		out := NewSet()
		for _, x := range items {
			has, err := vs.Has(t, x)
			if err != nil {
				return nil, true, err
			}
			if has {
				if err := out.Add(t, x); err != nil {
					return nil, true, err
				}
			}
		}
		return out, true, nil
	}
	return nil, false, nil
}

func (t *Thread) viewSetOp(op syntax.Operator, s *Set, b Value) (Value, bool, error) {
	if op == syntax.BitOr {
		return s, true, t.setUpdate(s, b)
	}
	other, err := t.toSet(b)
	if err != nil {
		return nil, true, err
	}
	for _, e := range other.table {
		if e.key == nil || e.key == setDummy {
			continue
		}
		has, err := s.Has(t, e.key)
		if err != nil {
			return nil, true, err
		}
		switch {
		case has:
			if _, err := s.Delete(t, e.key); err != nil {
				return nil, true, err
			}
		case op == syntax.BitXor:
			if err := s.add(t, e.key, e.hash); err != nil {
				return nil, true, err
			}
		}
	}
	// difference_update drops the deleted slots when they are over a
	// quarter of the table.
	if op == syntax.Sub && s.fill-s.used > (len(s.table)-1)/4 {
		n := s.used * 4
		if s.used > 3 {
			n = s.used * 2
		}
		if err := s.resize(t, n); err != nil {
			return nil, true, err
		}
	}
	return s, true, nil
}

// foreignOperand reports whether v is an operand whose own type decides
// what an operator does with it (an instance of a class or a metaclass),
// not a builtin value the builtin operators know.
func foreignOperand(v Value) bool {
	_, inst := v.(*Instance)
	return inst || metaClassOf(v) != nil
}

// seqOwnBinary is the own + and * of str, bytes, bytearray, list and tuple
// as their unbound methods run it (tuple.__add__(t, x), list.__mul__(l, n)):
// a foreign operand is concatenated or used as a count by the sequence's
// rule alone, never handed to its reflected method. ok is false when the
// operands are builtin values for Binary to combine.
func (t *Thread) seqOwnBinary(op syntax.Operator, x, y Value) (Value, bool, error) {
	if !isRepeatable(x) {
		return nil, false, nil
	}
	switch op {
	case syntax.Add:
		if foreignOperand(y) {
			return nil, true, concatError(x, y)
		}
	case syntax.Mult:
		n, huge, ok, err := repeatCount(t, y)
		if err != nil {
			return nil, true, err
		}
		if !ok {
			return nil, true, Errorf(TypeErrorClass, "'%s' object cannot be interpreted as an integer", TypeName(y))
		}
		if huge {
			r, err := t.repeatHuge(x, n, huge)
			return r, true, err
		}
		r, err := t.Binary(syntax.Mult, x, Int(n))
		return r, true, err
	}
	return nil, false, nil
}

// concatError is the TypeError of a sequence's own concatenation with an
// operand of another kind.
func concatError(x, y Value) error {
	if _, ok := bytesLike(x); ok {
		return Errorf(TypeErrorClass, "can't concat %s to %s", TypeName(y), TypeName(x))
	}
	return Errorf(TypeErrorClass, "can only concatenate %s (not \"%s\") to %s", TypeName(x), TypeName(y), TypeName(x))
}
