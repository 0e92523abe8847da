// Package pystruct is the embedded interpreter's `struct` module: packing values into
// C structs as bytes and back, with CPython's format syntax (byte order, native
// alignment, repeat counts), sizes and error messages. The format handling is Python
// source (struct.py); the IEEE 754 conversions of 'e', 'f' and 'd' are Go natives.
package pystruct

import (
	_ "embed"
	"encoding/binary"
	"math"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed struct.py
var source []byte

// Register adds the module to a module table under the name "struct".
func Register(m vm.Modules) {
	m.Register("struct", pymodule.ModuleFuncWith("struct", "struct.py", source, map[string]vm.Value{
		"_pack_float":   &vm.Builtin{Name: "_pack_float", Fn: packFloat},
		"_unpack_float": &vm.Builtin{Name: "_unpack_float", Fn: unpackFloat},
	}))
}

// packFloat(x, size, little, strict) returns the size-byte IEEE 754 encoding of float
// x. With strict (the standard sizes), a finite value too large for 'f' is an
// OverflowError; native 'f' stores infinity as C's cast does. 'e' always checks.
func packFloat(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 4 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_pack_float(x, size, little, strict)")
	}
	x, ok := args[0].(vm.Float)
	size, ok2 := args[1].(vm.Int)
	if !ok || !ok2 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_pack_float(x, size, little, strict)")
	}
	little := args[2] == vm.Bool(true)
	strict := args[3] == vm.Bool(true)
	var order binary.ByteOrder = binary.BigEndian
	if little {
		order = binary.LittleEndian
	}
	f := float64(x)
	switch size {
	case 8:
		b := make([]byte, 8)
		order.PutUint64(b, math.Float64bits(f))
		return vm.Bytes(b), nil
	case 4:
		y := float32(f)
		if strict && math.IsInf(float64(y), 0) && !math.IsInf(f, 0) {
			return nil, vm.Errorf(vm.OverflowErrorClass, "float too large to pack with f format")
		}
		b := make([]byte, 4)
		order.PutUint32(b, math.Float32bits(y))
		return vm.Bytes(b), nil
	case 2:
		h, ok := halfBits(f)
		if !ok {
			return nil, vm.Errorf(vm.OverflowErrorClass, "float too large to pack with e format")
		}
		b := make([]byte, 2)
		order.PutUint16(b, h)
		return vm.Bytes(b), nil
	}
	return nil, vm.Errorf(vm.ValueErrorClass, "_pack_float: bad size %d", size)
}

// halfBits encodes f as IEEE 754 binary16, rounding half to even; ok is false when a
// finite f is too large.
func halfBits(f float64) (uint16, bool) {
	var sign uint16
	if math.Signbit(f) {
		sign = 1
	}
	switch {
	case math.IsNaN(f):
		return sign<<15 | 0x1f<<10 | 0x200, true
	case math.IsInf(f, 0):
		return sign<<15 | 0x1f<<10, true
	case f == 0:
		return sign << 15, true
	}
	frac, exp := math.Frexp(math.Abs(f)) // 0.5 <= frac < 1
	frac *= 2
	exp--
	switch {
	case exp >= 16:
		return 0, false
	case exp < -25:
		frac, exp = 0, 0
	case exp < -14:
		frac = math.Ldexp(frac, 14+exp)
		exp = 0
	default:
		exp += 15
		frac--
	}
	frac *= 1024
	bits := uint16(frac)
	if rem := frac - float64(bits); rem > 0.5 || (rem == 0.5 && bits%2 == 1) {
		bits++
		if bits == 1024 {
			bits = 0
			exp++
			if exp == 31 {
				return 0, false
			}
		}
	}
	return sign<<15 | uint16(exp)<<10 | bits, true
}

// unpackFloat(data, little) decodes a 2-, 4- or 8-byte IEEE 754 value.
func unpackFloat(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 2 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_unpack_float(data, little)")
	}
	b, ok := args[0].(vm.Bytes)
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "_unpack_float(data, little)")
	}
	var order binary.ByteOrder = binary.BigEndian
	if args[1] == vm.Bool(true) {
		order = binary.LittleEndian
	}
	switch len(b) {
	case 8:
		return vm.Float(math.Float64frombits(order.Uint64([]byte(b)))), nil
	case 4:
		return vm.Float(math.Float32frombits(order.Uint32([]byte(b)))), nil
	case 2:
		h := order.Uint16([]byte(b))
		exp := int(h>>10) & 0x1f
		frac := float64(h & 0x3ff)
		var x float64
		switch {
		case exp == 0x1f && frac == 0:
			x = math.Inf(1)
		case exp == 0x1f:
			x = math.NaN()
		default:
			x = frac / 1024
			if exp == 0 {
				exp = -14
			} else {
				x++
				exp -= 15
			}
			x = math.Ldexp(x, exp)
		}
		if h&0x8000 != 0 {
			x = -x
		}
		return vm.Float(x), nil
	}
	return nil, vm.Errorf(vm.ValueErrorClass, "_unpack_float: bad size %d", len(b))
}
