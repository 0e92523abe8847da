package vm

import "math/big"

// bytesScans names the methods of bytes and bytearray whose work grows
// with the receiver, and the bytes of it that count as one step (see
// BytesPerStep and CharsPerStep): they are wrapped, once the classes are
// built, to count that work before they run, with their str, bytes, list
// and tuple arguments (join's items, startswith's prefixes).
var bytesScans = map[string]int{
	"count": BytesPerStep, "find": BytesPerStep, "rfind": BytesPerStep, "index": BytesPerStep,
	"rindex": BytesPerStep, "replace": CharsPerStep, "split": BytesPerStep, "rsplit": BytesPerStep,
	"partition": BytesPerStep, "rpartition": BytesPerStep, "join": BytesPerStep, "center": BytesPerStep,
	"ljust": BytesPerStep, "rjust": BytesPerStep, "zfill": BytesPerStep, "removeprefix": BytesPerStep,
	"removesuffix": BytesPerStep, "decode": BytesPerStep, "copy": BytesPerStep, "extend": BytesPerStep,
	"__contains__": BytesPerStep, "__add__": BytesPerStep, "__mul__": BytesPerStep, "__eq__": BytesPerStep,
	// bytearray's edits move the bytes after the edit point.
	"insert": BytesPerStep, "pop": BytesPerStep, "remove": BytesPerStep, "__delitem__": BytesPerStep,
	"__setitem__": BytesPerStep,

	"hex": CharsPerStep, "upper": CharsPerStep, "lower": CharsPerStep, "swapcase": CharsPerStep,
	"title": CharsPerStep, "capitalize": CharsPerStep, "translate": CharsPerStep, "expandtabs": CharsPerStep,
	"splitlines": CharsPerStep, "isalpha": CharsPerStep, "isdigit": CharsPerStep, "isalnum": CharsPerStep,
	"isspace": CharsPerStep, "islower": CharsPerStep, "isupper": CharsPerStep, "istitle": CharsPerStep,
	"isascii": CharsPerStep, "strip": CharsPerStep, "lstrip": CharsPerStep, "rstrip": CharsPerStep,
	"__hash__": CharsPerStep, "__repr__": CharsPerStep, "__str__": CharsPerStep, "reverse": CharsPerStep,

	// These read only a prefix of the receiver; their argument may be a
	// tuple of many prefixes.
	"startswith": 1 << 30, "endswith": 1 << 30,
}

// initScanTicks wraps the scanning methods of bytes and bytearray, and
// int's methods (the last step of building the builtin classes).
func initScanTicks() {
	initIntTicks()
	for _, c := range []*Class{BytesClass, ByteArrayClass} {
		for name, unit := range bytesScans {
			v, ok := c.Dict.GetStr(name)
			if !ok {
				continue
			}
			b, ok := v.(*Builtin)
			if !ok {
				continue
			}
			fn, unit := b.Fn, unit
			b.Fn = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
				if len(a) > 0 {
					if err := scanTick(t, a, unit); err != nil {
						return nil, err
					}
				}
				return fn(t, a, kw)
			}
		}
	}
}

// scanTick counts a method's scan of its receiver a[0] (unit bytes a
// step) and of its sized arguments.
func scanTick(t *Thread, a Tuple, unit int) error {
	var n int
	switch x := unwrapBase(a[0]).(type) {
	case Bytes:
		n = len(x)
	case *ByteArray:
		n = len(x.B)
	case Str:
		n = len(x)
	}
	if n >= unit {
		if err := t.tick(int64(n / unit)); err != nil {
			return err
		}
	}
	for _, arg := range a[1:] {
		switch x := arg.(type) {
		case Str:
			if err := t.tickBytes(len(x)); err != nil {
				return err
			}
		case Bytes:
			if err := t.tickBytes(len(x)); err != nil {
				return err
			}
		case *ByteArray:
			if err := t.tickBytes(len(x.B)); err != nil {
				return err
			}
		case *List:
			if err := t.tickItems(len(x.Items)); err != nil {
				return err
			}
		case Tuple:
			if err := t.tickItems(len(x)); err != nil {
				return err
			}
		}
	}
	return nil
}

// initIntTicks wraps int's methods so that a call on a big receiver, or
// with big arguments, counts a word of work per word of them: every int
// method is at least linear in its operands (conversions, bit counts,
// to_bytes), and the arithmetic ones tick their own work as well.
func initIntTicks() {
	for _, name := range IntClass.Dict.Keys() {
		v, _, _ := IntClass.Dict.Get(nil, name)
		b, ok := v.(*Builtin)
		if !ok {
			continue
		}
		fn := b.Fn
		b.Fn = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			for _, x := range a {
				if x, ok := x.(*big.Int); ok {
					if err := t.tickWords(words(x)); err != nil {
						return nil, err
					}
				}
			}
			return fn(t, a, kw)
		}
	}
}
