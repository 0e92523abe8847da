package vm

import (
	"math/big"
	"strings"
)

// ByteArray is a Python bytearray: mutable bytes.
type ByteArray struct {
	B []byte
}

// ByteArrayClass is the class of bytearray.
var ByteArrayClass = newBuiltinClass("bytearray", ObjectClass)

func (t *Thread) toByteSlice(v Value, what string) ([]byte, error) {
	switch x := v.(type) {
	case Bytes:
		return []byte(x), nil
	case *ByteArray:
		return append([]byte(nil), x.B...), nil
	}
	items, err := t.iterate(v, func() error {
		if what == "extend bytearray" {
			return Errorf(TypeErrorClass, "can't extend bytearray with %s", TypeName(v))
		}
		return Errorf(TypeErrorClass, "can't %s with '%s' object", what, TypeName(v))
	})
	if err != nil {
		return nil, err
	}
	out := make([]byte, len(items))
	for i, it := range items {
		n, ok := it.(Int)
		if !ok {
			return nil, Errorf(TypeErrorClass, "'%s' object cannot be interpreted as an integer", TypeName(it))
		}
		if n < 0 || n > 255 {
			return nil, Errorf(ValueErrorClass, "byte must be in range(0, 256)")
		}
		out[i] = byte(n)
	}
	return out, nil
}

func byteValue(v Value) (byte, error) {
	if _, ok := v.(*big.Int); ok {
		return 0, Errorf(ValueErrorClass, "byte must be in range(0, 256)")
	}
	n, ok := v.(Int)
	if !ok {
		if b, isB := v.(Bool); isB {
			n = boolToInt(b)
		} else {
			return 0, Errorf(TypeErrorClass, "'%s' object cannot be interpreted as an integer", TypeName(v))
		}
	}
	if n < 0 || n > 255 {
		return 0, Errorf(ValueErrorClass, "byte must be in range(0, 256)")
	}
	return byte(n), nil
}

func initByteArray() {
	ByteArrayClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) == 0 && len(kw) == 0 {
			return &ByteArray{}, nil
		}
		if a, err := parseArgs("bytearray", args, kw, "source?", "encoding?", "errors?"); err != nil {
			return nil, err
		} else if err := codecArgTypes("bytearray", a[1], a[2]); err != nil {
			return nil, err
		}
		if len(args) == 1 && len(kw) == 0 {
			if n, ok := args[0].(Int); ok {
				if n < 0 {
					return nil, Errorf(ValueErrorClass, "negative count")
				}
				if err := t.Charge(int64(n)); err != nil {
					return nil, err
				}
				return &ByteArray{B: make([]byte, n)}, nil
			}
		}
		b, err := t.Call(BytesClass, args, kw)
		if err != nil {
			return nil, err
		}
		if err := t.Charge(int64(len(b.(Bytes)))); err != nil {
			return nil, err
		}
		return &ByteArray{B: []byte(b.(Bytes))}, nil
	}
	installBytesMethods(ByteArrayClass)
	addMethods(ByteArrayClass, map[string]BuiltinFunc{
		// bytearray.__init__ refills the bytearray from its arguments (an
		// instance of a subclass is made empty, then initialised).
		"__init__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			b, ok := unwrapBase(a[0]).(*ByteArray)
			if !ok {
				return nil, Errorf(TypeErrorClass, "descriptor '__init__' requires a 'bytearray' object")
			}
			v, err := ByteArrayClass.new(t, ByteArrayClass, a[1:], kw)
			if err != nil {
				return nil, err
			}
			b.B = v.(*ByteArray).B
			return None, nil
		},
		"append": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("append", a[1:], kw, 1); err != nil {
				return nil, err
			}
			c, err := byteValue(a[1])
			if err != nil {
				return nil, err
			}
			ba := a[0].(*ByteArray)
			n := cap(ba.B)
			ba.B = append(ba.B, c)
			if cap(ba.B) != n {
				if err := t.Charge(int64(cap(ba.B))); err != nil {
					return nil, err
				}
			}
			return None, nil
		},
		"extend": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("extend", a[1:], kw, 1); err != nil {
				return nil, err
			}
			b, err := t.toByteSlice(a[1], "extend bytearray")
			if err != nil {
				return nil, err
			}
			if err := t.Charge(int64(len(b))); err != nil {
				return nil, err
			}
			ba := a[0].(*ByteArray)
			ba.B = append(ba.B, b...)
			return None, nil
		},
		"pop": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			ba := a[0].(*ByteArray)
			if len(ba.B) == 0 {
				return nil, Errorf(IndexErrorClass, "pop from empty bytearray")
			}
			i := int64(len(ba.B) - 1)
			if len(a) > 1 {
				n, err := t.toInt(a[1], "")
				if err != nil {
					return nil, err
				}
				if n < 0 {
					n += int64(len(ba.B))
				}
				if n < 0 || n >= int64(len(ba.B)) {
					return nil, Errorf(IndexErrorClass, "pop index out of range")
				}
				i = n
			}
			v := ba.B[i]
			ba.B = append(ba.B[:i], ba.B[i+1:]...)
			return Int(v), nil
		},
		"clear": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			a[0].(*ByteArray).B = nil
			return None, nil
		},
		"copy": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return &ByteArray{B: append([]byte(nil), a[0].(*ByteArray).B...)}, nil
		},
		"insert": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			ba := a[0].(*ByteArray)
			i, err := t.toInt(a[1], "")
			if err != nil {
				return nil, err
			}
			c, err := byteValue(a[2])
			if err != nil {
				return nil, err
			}
			n := int64(len(ba.B))
			if i < 0 {
				i += n
				if i < 0 {
					i = 0
				}
			}
			if i > n {
				i = n
			}
			if err := t.Charge(1); err != nil {
				return nil, err
			}
			ba.B = append(ba.B, 0)
			copy(ba.B[i+1:], ba.B[i:])
			ba.B[i] = c
			return None, nil
		},
		"remove": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			ba := a[0].(*ByteArray)
			c, err := byteValue(a[1])
			if err != nil {
				return nil, err
			}
			i := bytesIndexByte(ba.B, c)
			if i < 0 {
				return nil, Errorf(ValueErrorClass, "value not found in bytearray")
			}
			ba.B = append(ba.B[:i], ba.B[i+1:]...)
			return None, nil
		},
		"reverse": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			b := a[0].(*ByteArray).B
			for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
				b[i], b[j] = b[j], b[i]
			}
			return None, nil
		},
	})
}

func (b *ByteArray) repr() string { return b.reprAs("bytearray") }

// reprAs is the repr with the name of the type: a subclass B writes B(b'..').
func (b *ByteArray) reprAs(name string) string {
	r := BytesRepr(string(b.B))
	if strings.HasPrefix(r, `b"`) {
		// CPython's bytearray repr escapes a single quote even inside
		// double quotes.
		r = strings.ReplaceAll(r, "'", `\'`)
	}
	return name + "(" + r + ")"
}

// codecArgTypes checks that the encoding and errors arguments of bytes() or
// bytearray(), when given, are str (CPython's argument parsing rejects
// anything else before looking at the source).
func codecArgTypes(fname string, enc, errs Value) error {
	for i, v := range []Value{enc, errs} {
		if v == nil {
			continue
		}
		if _, ok := v.(Str); !ok {
			if inst, ok := v.(*Instance); ok {
				if _, ok := inst.Base.(Str); ok {
					continue
				}
			}
			name := "encoding"
			if i == 1 {
				name = "errors"
			}
			return Errorf(TypeErrorClass, "%s() argument '%s' must be str, not %s", fname, name, TypeName(v))
		}
	}
	return nil
}
