package vm

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
		if len(args) == 0 {
			return &ByteArray{}, nil
		}
		if n, ok := args[0].(Int); ok {
			if n < 0 {
				return nil, Errorf(ValueErrorClass, "negative count")
			}
			if err := t.Charge(int64(n)); err != nil {
				return nil, err
			}
			return &ByteArray{B: make([]byte, n)}, nil
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
	addMethods(ByteArrayClass, map[string]BuiltinFunc{
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
		"decode": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			p, err := parseArgs("decode", a[1:], kw, "encoding?", "errors?")
			if err != nil {
				return nil, err
			}
			return decodeBytes(Bytes(a[0].(*ByteArray).B), p[0], p[1])
		},
		"hex": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			const digits = "0123456789abcdef"
			b := a[0].(*ByteArray).B
			out := make([]byte, 0, 2*len(b))
			for _, c := range b {
				out = append(out, digits[c>>4], digits[c&15])
			}
			return Str(out), nil
		},
	})
}

func (b *ByteArray) repr() string { return "bytearray(" + BytesRepr(string(b.B)) + ")" }
