package vm

import (
	"encoding/binary"
	"fmt"
	"strings"
	"unicode/utf8"
)

// The UTF-16 and UTF-32 codecs. A str never holds a lone surrogate (it is
// UTF-8), so encoding cannot fail; decoding reports CPython's reasons and
// honours the "replace", "ignore" and "backslashreplace" handlers. The
// unmarked "utf-16"/"utf-32" write a little-endian byte order mark (the
// byte order of the machines CPython's answers are taken on) and, when
// decoding, consume a leading mark of either order.

// wideCodec describes one of the UTF-16/UTF-32 codecs by its canonical name.
type wideCodec struct {
	width int       // 2 or 4 bytes per unit
	order wideOrder // nil: unmarked (BOM written, BOM read)
}

type wideOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

var wideCodecs = map[string]wideCodec{
	"utf-16": {2, nil}, "utf-16-le": {2, binary.LittleEndian}, "utf-16-be": {2, binary.BigEndian},
	"utf-32": {4, nil}, "utf-32-le": {4, binary.LittleEndian}, "utf-32-be": {4, binary.BigEndian},
}

// encodeWide encodes s with the codec c, charging the output and ticking
// the characters it visits.
func (t *Thread) encodeWide(s string, c wideCodec) (Value, error) {
	n := utf8.RuneCountInString(s)
	if err := t.tickChars(n); err != nil {
		return nil, err
	}
	size := SizeMul(int64(n)+1, int64(c.width)*2) // a supplementary char is two UTF-16 units; +1 for a mark
	if err := t.Charge(size); err != nil {
		return nil, err
	}
	order := c.order
	buf := make([]byte, 0, (n+1)*c.width)
	if order == nil {
		order = binary.LittleEndian
		if c.width == 2 {
			buf = order.AppendUint16(buf, 0xfeff)
		} else {
			buf = order.AppendUint32(buf, 0xfeff)
		}
	}
	for _, r := range s {
		switch {
		case c.width == 4:
			buf = order.AppendUint32(buf, uint32(r))
		case r >= 0x10000:
			r -= 0x10000
			buf = order.AppendUint16(buf, uint16(0xd800+(r>>10)))
			buf = order.AppendUint16(buf, uint16(0xdc00+(r&0x3ff)))
		default:
			buf = order.AppendUint16(buf, uint16(r))
		}
	}
	return Bytes(buf), nil
}

// decodeWide decodes b with the codec c under the error handler mode.
func (t *Thread) decodeWide(b string, c wideCodec, mode string) (Value, error) {
	if err := t.tickBytes(len(b)); err != nil {
		return nil, err
	}
	// At most three UTF-8 bytes per UTF-16 unit (or per replaced byte
	// pair), four per UTF-32 unit; backslashreplace writes four per byte.
	grow := int64(len(b)) * 2
	if mode == "backslashreplace" {
		grow = int64(len(b)) * 4
	}
	if err := t.Charge(grow); err != nil {
		return nil, err
	}
	order, base := c.order, 0
	if order == nil {
		order = binary.LittleEndian
		if c.width == 2 && len(b) >= 2 {
			switch {
			case b[0] == 0xff && b[1] == 0xfe:
				base = 2
			case b[0] == 0xfe && b[1] == 0xff:
				order, base = binary.BigEndian, 2
			}
		}
		if c.width == 4 && len(b) >= 4 {
			switch b[:4] {
			case "\xff\xfe\x00\x00":
				base = 4
			case "\x00\x00\xfe\xff":
				order, base = binary.BigEndian, 4
			}
		}
	}
	name := fmt.Sprintf("utf-%d-le", c.width*8)
	if order == binary.BigEndian {
		name = fmt.Sprintf("utf-%d-be", c.width*8)
	}
	var sb strings.Builder
	sb.Grow(len(b) - base)
	// fail handles the invalid bytes b[i:j] under mode.
	fail := func(i, j int, reason string) error {
		switch mode {
		case "replace":
			sb.WriteRune(utf8.RuneError)
			return nil
		case "ignore":
			return nil
		case "backslashreplace":
			for k := i; k < j; k++ {
				fmt.Fprintf(&sb, "\\x%02x", b[k])
			}
			return nil
		}
		return unicodeDecodeError(name, string(b), i, j, reason)
	}
	unit := func(i int) rune {
		if c.width == 2 {
			return rune(order.Uint16([]byte(b[i : i+2])))
		}
		return rune(order.Uint32([]byte(b[i : i+4])))
	}
	for i := base; i < len(b); {
		if len(b)-i < c.width {
			if err := fail(i, len(b), "truncated data"); err != nil {
				return nil, err
			}
			break
		}
		r := unit(i)
		if c.width == 4 {
			switch {
			case r >= 0x110000 || r < 0:
				if err := fail(i, i+4, "code point not in range(0x110000)"); err != nil {
					return nil, err
				}
			case r >= 0xd800 && r < 0xe000:
				if err := fail(i, i+4, "code point in surrogate code point range(0xd800, 0xe000)"); err != nil {
					return nil, err
				}
			default:
				sb.WriteRune(r)
			}
			i += 4
			continue
		}
		switch {
		case r < 0xd800 || r >= 0xe000:
			sb.WriteRune(r)
			i += 2
		case r >= 0xdc00:
			if err := fail(i, i+2, "illegal encoding"); err != nil {
				return nil, err
			}
			i += 2
		case len(b)-i < 4:
			if err := fail(i, len(b), "unexpected end of data"); err != nil {
				return nil, err
			}
			i = len(b)
		default:
			lo := unit(i + 2)
			if lo < 0xdc00 || lo >= 0xe000 {
				if err := fail(i, i+2, "illegal UTF-16 surrogate"); err != nil {
					return nil, err
				}
				i += 2
				continue
			}
			sb.WriteRune(0x10000 + (r-0xd800)<<10 + (lo - 0xdc00))
			i += 4
		}
	}
	return Str(builtString(&sb)), nil
}
