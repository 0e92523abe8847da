package vm

import (
	"math"
	"math/big"
	"strings"
)

// BigRange is a range whose bounds, step or length do not fit a machine int
// (range(10**20), range(-2**62, 2**62)). It is a range to Python code; like
// CPython's, it may be indexed, sliced, searched, reversed and iterated, and
// only len() of one longer than sys.maxsize is an OverflowError. A range
// that fits is always a *Range (makeRange), so the two never describe the
// same sequence.
type BigRange struct {
	Start, Stop, Step *big.Int
}

// LongRangeIterClass is the class of iterators over a BigRange.
var LongRangeIterClass = newBuiltinClass("longrange_iterator", ObjectClass)

var bigOne = big.NewInt(1)

// makeRange returns the range start:stop:step (step != 0): a *Range when
// the bounds and the length fit a machine int, else a *BigRange.
func makeRange(start, stop, step *big.Int) Value {
	if start.IsInt64() && stop.IsInt64() && step.IsInt64() {
		if r, err := newRange(start.Int64(), stop.Int64(), step.Int64()); err == nil {
			return r
		}
	}
	return &BigRange{Start: start, Stop: stop, Step: step}
}

// Len is the number of elements.
func (r *BigRange) Len() *big.Int {
	lo, hi, step := r.Start, r.Stop, r.Step
	if step.Sign() < 0 {
		lo, hi = hi, lo
		step = new(big.Int).Neg(step)
	}
	if hi.Cmp(lo) <= 0 {
		return new(big.Int)
	}
	n := new(big.Int).Sub(hi, lo)
	n.Sub(n, bigOne)
	n.Quo(n, step)
	return n.Add(n, bigOne)
}

// at is the element at index i (0 <= i < Len).
func (r *BigRange) at(i *big.Int) *big.Int {
	v := new(big.Int).Mul(i, r.Step)
	return v.Add(v, r.Start)
}

// bigIndex converts an integer index (int, bool, big int, __index__) to a
// big.Int; ok is false for other types.
func (t *Thread) bigIndex(v Value) (*big.Int, bool, error) {
	if b := toBig(v); b != nil {
		return b, true, nil
	}
	if x, ok := v.(*Instance); ok {
		if m := x.Class.Lookup("__index__"); m != nil {
			r, err := t.callMethod(m, v, nil)
			if err != nil {
				return nil, true, err
			}
			if b := toBig(r); b != nil {
				if _, isBool := r.(Bool); !isBool {
					return b, true, nil
				}
			}
			return nil, true, Errorf(TypeErrorClass, "__index__ returned non-int (type %s)", TypeName(r))
		}
	}
	return nil, false, nil
}

// rangeBounds returns start, stop and step of a *Range or *BigRange.
func rangeBounds(v Value) (start, stop, step *big.Int, ok bool) {
	switch r := v.(type) {
	case *Range:
		return big.NewInt(r.Start), big.NewInt(r.Stop), big.NewInt(r.Step), true
	case *BigRange:
		return r.Start, r.Stop, r.Step, true
	}
	return nil, nil, nil, false
}

// bigRangeLen is len() of a BigRange: CPython's error when it exceeds
// sys.maxsize.
func bigRangeLen(r *BigRange) (int64, error) {
	n := r.Len()
	if !n.IsInt64() {
		return 0, Errorf(OverflowErrorClass, "Python int too large to convert to C ssize_t")
	}
	return n.Int64(), nil
}

// bigRangeGetItem is r[key] for an index or a slice.
func (t *Thread) bigRangeGetItem(r *BigRange, key Value) (Value, error) {
	n := r.Len()
	if i, ok, err := t.bigIndex(key); ok {
		if err != nil {
			return nil, err
		}
		if i.Sign() < 0 {
			i = new(big.Int).Add(i, n)
		}
		if i.Sign() < 0 || i.Cmp(n) >= 0 {
			return nil, Errorf(IndexErrorClass, "range object index out of range")
		}
		return MakeInt(r.at(i)), nil
	}
	if s, ok := key.(*Slice); ok {
		start, stop, step, err := t.bigSliceIndices(s, n)
		if err != nil {
			return nil, err
		}
		return makeRange(r.at(start), r.at(stop), new(big.Int).Mul(r.Step, step)), nil
	}
	return nil, Errorf(TypeErrorClass, "range indices must be integers or slices, not %s", TypeName(key))
}

// bigSliceIndices is slice.indices(n) with unbounded ints: the start, stop
// and step of the slice clamped to a sequence of length n.
func (t *Thread) bigSliceIndices(s *Slice, n *big.Int) (start, stop, step *big.Int, err error) {
	step = big.NewInt(1)
	if s.Step != None {
		var ok bool
		if step, ok, err = t.bigIndex(s.Step); err != nil || !ok {
			if err == nil {
				err = Errorf(TypeErrorClass, "slice indices must be integers or None or have an __index__ method")
			}
			return nil, nil, nil, err
		}
		if step.Sign() == 0 {
			return nil, nil, nil, Errorf(ValueErrorClass, "slice step cannot be zero")
		}
	}
	lower, upper := new(big.Int), new(big.Int).Set(n)
	if step.Sign() < 0 {
		lower = big.NewInt(-1)
		upper = new(big.Int).Sub(n, bigOne)
	}
	bound := func(v Value, def *big.Int) (*big.Int, error) {
		if v == None {
			return def, nil
		}
		x, ok, err := t.bigIndex(v)
		if err != nil || !ok {
			if err == nil {
				err = Errorf(TypeErrorClass, "slice indices must be integers or None or have an __index__ method")
			}
			return nil, err
		}
		if x.Sign() < 0 {
			x = new(big.Int).Add(x, n)
			if x.Cmp(lower) < 0 {
				return lower, nil
			}
			return x, nil
		}
		if x.Cmp(upper) > 0 {
			return upper, nil
		}
		return x, nil
	}
	defStart, defStop := lower, upper
	if step.Sign() < 0 {
		defStart, defStop = upper, lower
	}
	if start, err = bound(s.Start, defStart); err != nil {
		return nil, nil, nil, err
	}
	if stop, err = bound(s.Stop, defStop); err != nil {
		return nil, nil, nil, err
	}
	return start, stop, step, nil
}

// bigRangeContains reports whether an int (or an integral float) is an
// element of the range.
func bigRangeContains(r *BigRange, item Value) bool {
	var n *big.Int
	switch x := item.(type) {
	case Int, Bool, *big.Int:
		n = toBig(x)
	case Float:
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) {
			return false
		}
		n, _ = new(big.Float).SetFloat64(f).Int(nil)
	default:
		return false
	}
	d := new(big.Int).Sub(n, r.Start)
	if r.Step.Sign() > 0 {
		if n.Cmp(r.Start) < 0 || n.Cmp(r.Stop) >= 0 {
			return false
		}
	} else if n.Cmp(r.Start) > 0 || n.Cmp(r.Stop) <= 0 {
		return false
	}
	return new(big.Int).Rem(d, r.Step).Sign() == 0
}

// bigRangeIter iterates a BigRange, element by element.
func bigRangeIter(r *BigRange) *Iter {
	next := new(big.Int).Set(r.Start)
	left := r.Len()
	return funcIterRefs([]Value{r}, LongRangeIterClass, func(t *Thread) (Value, bool, error) {
		if left.Sign() <= 0 {
			return nil, false, nil
		}
		v := MakeInt(new(big.Int).Set(next))
		next.Add(next, r.Step)
		left.Sub(left, bigOne)
		return v, true, nil
	})
}

// bigRangeReversed is reversed(r): the same elements from the last down.
func bigRangeReversed(r *BigRange) Value {
	n := r.Len()
	if n.Sign() == 0 {
		return &Range{Start: 0, Stop: 0, Step: 1}
	}
	last := r.at(new(big.Int).Sub(n, bigOne))
	return makeRange(last, new(big.Int).Sub(r.Start, r.Step), new(big.Int).Neg(r.Step))
}

// rangesEqual compares two ranges as sequences: same length, and (when not
// empty) the same first element and (when longer than one) step.
func rangesEqual(a, b Value) bool {
	as, _, astep, _ := rangeBounds(a)
	bs, _, bstep, _ := rangeBounds(b)
	la, lb := rangeLen(a), rangeLen(b)
	if la.Cmp(lb) != 0 {
		return false
	}
	if la.Sign() == 0 {
		return true
	}
	if as.Cmp(bs) != 0 {
		return false
	}
	return la.Cmp(bigOne) == 0 || astep.Cmp(bstep) == 0
}

func rangeLen(v Value) *big.Int {
	switch r := v.(type) {
	case *Range:
		return big.NewInt(r.Len())
	case *BigRange:
		return r.Len()
	}
	return new(big.Int)
}

// bigRangeRepr is range(start, stop[, step]), its ints written as repr
// writes them (with the int-string digit limit).
func (t *Thread) bigRangeRepr(r *BigRange) (string, error) {
	parts := []*big.Int{r.Start, r.Stop}
	if r.Step.Cmp(bigOne) != 0 {
		parts = append(parts, r.Step)
	}
	var sb strings.Builder
	sb.WriteString("range(")
	for i, p := range parts {
		if i > 0 {
			sb.WriteString(", ")
		}
		s, err := t.intDecimal(p)
		if err != nil {
			return "", err
		}
		sb.WriteString(s)
	}
	sb.WriteByte(')')
	return sb.String(), nil
}
