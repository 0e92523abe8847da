// Package pyarray is the embedded interpreter's `array` module: compact sequences of C
// numbers with CPython's typecodes, range checks, reprs and error messages.
//
// The class is Python source (array.py) over a list of the item values, so indexing,
// slicing, iteration and the memory limit behave as a list's do (every item slot is
// charged as the list grows). Go natives convert between the item list and the raw
// machine bytes (tobytes, frombytes, byteswap, bytes(a)) in the layout of x86-64 Linux:
// little-endian, C long of 8 bytes, 'u' as 4-byte wchar_t.
package pyarray

import (
	_ "embed"
	"encoding/binary"
	"math"
	"math/big"
	"unicode/utf8"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed array.py
var source []byte

// Register adds the module to a module table under the name "array".
func Register(m vm.Modules) {
	m.Register("array", pymodule.ModuleFuncWith("array", "array.py", source, map[string]vm.Value{
		"_pack":    &vm.Builtin{Name: "_pack", Fn: pack},
		"_unpack":  &vm.Builtin{Name: "_unpack", Fn: unpack},
		"_f32":     &vm.Builtin{Name: "_f32", Fn: f32},
		"_getitem": &vm.Builtin{Name: "__getitem__", Fn: getitem},
		"_setitem": &vm.Builtin{Name: "__setitem__", Fn: setitem},
		"_len":     &vm.Builtin{Name: "__len__", Fn: length},
		"_extend":  &vm.Builtin{Name: "_extend", Fn: extend},
	}))
}

// itemSizes are the item sizes of the typecodes.
var itemSizes = map[string]int{
	"b": 1, "B": 1, "u": 4, "h": 2, "H": 2, "i": 4, "I": 4,
	"l": 8, "L": 8, "q": 8, "Q": 8, "f": 4, "d": 8,
}

func typecodeArg(v vm.Value) (string, int, error) {
	s, ok := v.(vm.Str)
	size := itemSizes[string(s)]
	if !ok || size == 0 {
		return "", 0, vm.Errorf(vm.ValueErrorClass, "array: bad typecode")
	}
	return string(s), size, nil
}

// pack(typecode, items) returns the machine bytes of items, which array.py has
// already checked against the typecode.
func pack(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 2 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_pack(typecode, items)")
	}
	tc, size, err := typecodeArg(args[0])
	if err != nil {
		return nil, err
	}
	list, ok := args[1].(*vm.List)
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "_pack(typecode, items): items must be a list")
	}
	n := vm.SizeMul(int64(len(list.Items)), int64(size))
	// The size is checked before the buffer exists; the rest of what the value
	// takes (its header, the size class) is charged once it does.
	if err := t.Charge(n); err != nil {
		return nil, err
	}
	if err := t.TickBytes(int(n)); err != nil {
		return nil, err
	}
	buf := make([]byte, n)
	le := binary.LittleEndian
	for i, v := range list.Items {
		b := buf[i*size : (i+1)*size]
		switch tc {
		case "f":
			x, _ := v.(vm.Float)
			le.PutUint32(b, math.Float32bits(float32(x)))
		case "d":
			x, _ := v.(vm.Float)
			le.PutUint64(b, math.Float64bits(float64(x)))
		case "u":
			s, _ := v.(vm.Str)
			r, _ := utf8.DecodeRuneInString(string(s))
			le.PutUint32(b, uint32(r))
		default:
			var u uint64
			switch x := v.(type) {
			case vm.Int:
				u = uint64(x)
			case *big.Int:
				// Only 'Q' and 'L' hold values past int64; the checks ran in array.py.
				u = x.Uint64()
			case vm.Bool:
				if x {
					u = 1
				}
			}
			switch size {
			case 1:
				b[0] = byte(u)
			case 2:
				le.PutUint16(b, uint16(u))
			case 4:
				le.PutUint32(b, uint32(u))
			case 8:
				le.PutUint64(b, u)
			}
		}
	}
	out := vm.OwnBytes(buf)
	if err := t.Charge(vm.ValueBytes(out) - n); err != nil {
		return nil, err
	}
	return out, nil
}

// unpack(typecode, data[, swapped]) returns the list of the items whose machine
// bytes data holds, each item's bytes reversed first when swapped is true (byteswap);
// len(data) is a multiple of the item size (array.py checks). The list's
// slots and the boxes of its items are charged as they are made.
func unpack(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 2 && len(args) != 3 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_unpack(typecode, data[, swapped])")
	}
	swapped := len(args) == 3 && args[2] == vm.Bool(true)
	tc, size, err := typecodeArg(args[0])
	if err != nil {
		return nil, err
	}
	var data []byte
	switch d := args[1].(type) {
	case vm.Bytes:
		data = []byte(d)
	case *vm.ByteArray:
		data = d.B
	default:
		return nil, vm.Errorf(vm.TypeErrorClass, "_unpack(typecode, data): data must be bytes")
	}
	n := len(data) / size
	// The list's slot array is checked before it is allocated, the rest of the
	// list (its struct, the size class) once it is.
	slots := vm.SizeMul(int64(n), 16)
	if err := t.Charge(slots); err != nil {
		return nil, err
	}
	items := make([]vm.Value, n)
	list := t.NewList(items)
	if err := t.Charge(vm.ValueBytes(list) - slots); err != nil {
		return nil, err
	}
	var le binary.ByteOrder = binary.LittleEndian
	if swapped {
		le = binary.BigEndian
	}
	const chunk = 4096
	var boxes int64
	for i := range items {
		b := data[i*size : (i+1)*size]
		var v vm.Value
		switch tc {
		case "b":
			v = vm.Int(int64(int8(b[0])))
		case "B":
			v = vm.Int(b[0])
		case "h":
			v = vm.Int(int16(le.Uint16(b)))
		case "H":
			v = vm.Int(le.Uint16(b))
		case "i":
			v = vm.Int(int32(le.Uint32(b)))
		case "I":
			v = vm.Int(le.Uint32(b))
		case "l", "q":
			v = vm.Int(int64(le.Uint64(b)))
		case "L", "Q":
			u := le.Uint64(b)
			if u > math.MaxInt64 {
				v = vm.MakeInt(new(big.Int).SetUint64(u))
			} else {
				v = vm.Int(u)
			}
		case "f":
			v = vm.Float(math.Float32frombits(le.Uint32(b)))
		case "d":
			v = vm.Float(math.Float64frombits(le.Uint64(b)))
		case "u":
			r := le.Uint32(b)
			if r > utf8.MaxRune || (r >= 0xD800 && r < 0xE000) {
				return nil, vm.Errorf(vm.ValueErrorClass, "character U+%x is not in range [U+0000; U+10ffff]", r)
			}
			v = vm.Str(string(rune(r)))
		}
		items[i] = v
		boxes += vm.ValueBytes(v)
		if i%chunk == chunk-1 {
			if err := t.Charge(boxes); err != nil {
				return nil, err
			}
			if err := t.TickItems(chunk); err != nil {
				return nil, err
			}
			boxes = 0
		}
	}
	if err := t.Charge(boxes); err != nil {
		return nil, err
	}
	return list, nil
}

// f32(x) is float x rounded to a C float, as an 'f' array stores it.
func f32(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 1 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_f32(x)")
	}
	x, ok := args[0].(vm.Float)
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "_f32(x)")
	}
	return vm.Float(float32(x)), nil
}

// The natives below are the fast paths of the array's item access: an int
// index, a value that fits the typecode as it is (an int in range, a float
// for 'd' and 'f'). Anything else goes to the method's Python body (the
// _slow methods of array.py), which converts, checks and words the errors as
// CPython does.

// intRanges are the values an integer typecode holds.
var intRanges = map[string][2]int64{
	"b": {-128, 127}, "B": {0, 255}, "h": {-1 << 15, 1<<15 - 1}, "H": {0, 1<<16 - 1},
	"i": {-1 << 31, 1<<31 - 1}, "I": {0, 1<<32 - 1}, "l": {math.MinInt64, math.MaxInt64},
	"L": {0, math.MaxInt64}, "q": {math.MinInt64, math.MaxInt64}, "Q": {0, math.MaxInt64},
}

// state returns the typecode and item list of an array (its slots).
func state(v vm.Value) (string, *vm.List, bool) {
	inst, ok := v.(*vm.Instance)
	if !ok || inst.Slots == nil {
		return "", nil, false
	}
	tc, ok1 := inst.Slots.GetStr("_tc")
	items, ok2 := inst.Slots.GetStr("_items")
	s, ok3 := tc.(vm.Str)
	l, ok4 := items.(*vm.List)
	return string(s), l, ok1 && ok2 && ok3 && ok4
}

// fits returns v as the array of typecode tc stores it, when it needs no
// conversion beyond a float's rounding.
func fits(tc string, v vm.Value) (vm.Value, bool) {
	switch x := v.(type) {
	case vm.Int:
		if r, ok := intRanges[tc]; ok && int64(x) >= r[0] && int64(x) <= r[1] {
			return x, true
		}
	case vm.Float:
		switch tc {
		case "d":
			return x, true
		case "f":
			return vm.Float(float32(x)), true
		}
	}
	return nil, false
}

// index returns i as a position in a list of n items, when i is an int.
func index(i vm.Value, n int) (int, bool, bool) {
	k, ok := i.(vm.Int)
	if !ok {
		return 0, false, false
	}
	if k < 0 {
		k += vm.Int(n)
	}
	return int(k), k >= 0 && k < vm.Int(n), true
}

// getitem(self, i) is array.__getitem__.
func getitem(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) == 2 && len(kw) == 0 {
		if _, items, ok := state(args[0]); ok {
			if k, in, isInt := index(args[1], len(items.Items)); isInt {
				if !in {
					return nil, vm.Errorf(vm.IndexErrorClass, "array index out of range")
				}
				return items.Items[k], nil
			}
		}
	}
	if len(args) == 0 {
		return nil, vm.Errorf(vm.TypeErrorClass, "descriptor '__getitem__' of 'array.array' object needs an argument")
	}
	if _, _, ok := state(args[0]); !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "descriptor '__getitem__' requires a 'array.array' object but received a '%s'", vm.TypeName(args[0]))
	}
	return t.CallMethodName(args[0], "_getitem_slow", args[1:], kw)
}

// setitem(self, i, v) is array.__setitem__.
func setitem(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) == 3 && len(kw) == 0 {
		if tc, items, ok := state(args[0]); ok {
			if v, fit := fits(tc, args[2]); fit {
				if k, in, isInt := index(args[1], len(items.Items)); isInt {
					if !in {
						return nil, vm.Errorf(vm.IndexErrorClass, "array assignment index out of range")
					}
					// Only an 'f' store makes a value (the rounded float), the size of the one given.
					if err := t.Touch(items); err != nil {
						return nil, err
					}
					items.Items[k] = v
					return vm.None, nil
				}
			}
		}
	}
	if len(args) == 0 {
		return nil, vm.Errorf(vm.TypeErrorClass, "descriptor '__setitem__' of 'array.array' object needs an argument")
	}
	if _, _, ok := state(args[0]); !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "descriptor '__setitem__' requires a 'array.array' object but received a '%s'", vm.TypeName(args[0]))
	}
	return t.CallMethodName(args[0], "_setitem_slow", args[1:], kw)
}

// length(self) is array.__len__.
func length(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) == 1 && len(kw) == 0 {
		if _, items, ok := state(args[0]); ok {
			return vm.Int(len(items.Items)), nil
		}
	}
	if len(args) == 0 {
		return nil, vm.Errorf(vm.TypeErrorClass, "descriptor '__len__' of 'array.array' object needs an argument")
	}
	return nil, vm.Errorf(vm.TypeErrorClass, "descriptor '__len__' requires a 'array.array' object but received a '%s'", vm.TypeName(args[0]))
}

// extend(self, iterable) appends the items of iterable one by one, each
// converted by the array's converter (self._conv) unless it fits as it is;
// an item that fails leaves the ones before it appended, as in CPython. The
// list's growth and the items' new boxes are charged.
func extend(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 2 || len(kw) != 0 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_extend(self, iterable)")
	}
	tc, items, ok := state(args[0])
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "_extend(self, iterable): not an array")
	}
	conv, err := t.GetAttr(args[0], "_conv")
	if err != nil {
		return nil, err
	}
	it, err := t.Iter(args[1])
	if err != nil {
		return nil, err
	}
	empty := vm.ValueBytes(vm.NewList(nil))
	for n := 0; ; n++ {
		v, more, err := t.Next(it)
		if err != nil {
			return nil, err
		}
		if !more {
			return vm.None, nil
		}
		w, fit := fits(tc, v)
		if !fit {
			if w, err = t.Call(conv, vm.Tuple{v}, nil); err != nil {
				return nil, err
			}
		}
		if grew := vm.ValueBytes(w) - vm.ValueBytes(v); grew > 0 {
			if err := t.Charge(grew); err != nil {
				return nil, err
			}
		}
		if err := t.Touch(items); err != nil {
			return nil, err
		}
		before := cap(items.Items)
		items.Items = append(items.Items, w)
		if cap(items.Items) != before {
			if err := t.Charge(vm.ValueBytes(items) - empty); err != nil {
				return nil, err
			}
		}
		if n%1024 == 1023 {
			if err := t.TickItems(1024); err != nil {
				return nil, err
			}
		}
	}
}
