package statistics

import (
	"math"
	"math/big"

	"github.com/toolplane/toolplane/python/vm"
)

// partials is statistics.py's _fast_partials(values, squares): the exact sums of a
// list of ints, bools and finite floats grouped by denominator, as _sum and _ss build
// them in Python, in one pass without a Python-level loop. It returns (types in order
// of first appearance, {denominator: sum of numerators}, {denominator: sum of
// squared numerators} or None, count), or None when a value is of another type or not
// finite (the Python path then handles it with CPython's exact rules).
func partials(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 2 {
		return vm.None, nil
	}
	list, ok := args[0].(*vm.List)
	if !ok {
		return vm.None, nil
	}
	squares, err := t.Truth(args[1])
	if err != nil {
		return nil, err
	}
	type acc struct{ sum, sq *big.Int }
	sums := map[uint]*acc{} // keyed by log2 of the denominator
	var order []uint
	var types []vm.Value
	seen := map[*vm.Class]bool{}
	for _, v := range list.Items {
		// An item is a step; a big one counts its words as well (the
		// sum), and its square is a ticked product.
		if err := t.Tick(1); err != nil {
			return nil, err
		}
		var num *big.Int
		var shift uint
		switch x := v.(type) {
		case vm.Int:
			num = big.NewInt(int64(x))
		case vm.Bool:
			num = big.NewInt(0)
			if x {
				num.SetInt64(1)
			}
		case *big.Int:
			num = x
			if err := t.TickWords(int64(len(x.Bits()))); err != nil {
				return nil, err
			}
		case vm.Float:
			f := float64(x)
			if math.IsInf(f, 0) || math.IsNaN(f) {
				return vm.None, nil
			}
			frac, exp := math.Frexp(f)
			m := int64(frac * (1 << 53))
			exp -= 53
			for m != 0 && m&1 == 0 {
				m >>= 1
				exp++
			}
			num = big.NewInt(m)
			if m == 0 {
				exp = 0
			}
			if exp >= 0 {
				num.Lsh(num, uint(exp))
			} else {
				shift = uint(-exp)
			}
		default:
			return vm.None, nil
		}
		cls := vm.TypeOf(v)
		if !seen[cls] {
			seen[cls] = true
			types = append(types, cls)
		}
		a := sums[shift]
		if a == nil {
			a = &acc{sum: new(big.Int), sq: new(big.Int)}
			sums[shift] = a
			order = append(order, shift)
		}
		a.sum.Add(a.sum, num)
		if squares {
			sq, err := t.BigMul(num, num)
			if err != nil {
				return nil, err
			}
			a.sq.Add(a.sq, sq)
		}
	}
	sx := vm.NewDict()
	sxx := vm.NewDict()
	for _, s := range order {
		d := new(big.Int).Lsh(big.NewInt(1), s)
		if err := sx.Set(t, vm.MakeInt(d), vm.MakeInt(sums[s].sum)); err != nil {
			return nil, err
		}
		if squares {
			if err := sxx.Set(t, vm.MakeInt(d), vm.MakeInt(sums[s].sq)); err != nil {
				return nil, err
			}
		}
	}
	var sq vm.Value = vm.None
	if squares {
		sq = sxx
	}
	return vm.Tuple{t.NewList(types), sx, sq, vm.Int(len(list.Items))}, nil
}
