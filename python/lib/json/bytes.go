package json

import (
	"encoding/binary"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/toolplane/toolplane/python/vm"
)

// bytesText decodes a bytes document as CPython's json.loads does: the encoding is
// detected from a byte-order mark or the pattern of zero bytes in the first four bytes
// (UTF-8, UTF-16 or UTF-32, RFC 8259 section 8.1), and undecodable input raises
// UnicodeDecodeError with CPython's message.
func bytesText(b []byte) (string, error) {
	switch {
	case hasPrefix(b, "\x00\x00\xfe\xff"):
		return decodeUTF32("utf-32", b[4:], binary.BigEndian, 4)
	case hasPrefix(b, "\xff\xfe\x00\x00"):
		return decodeUTF32("utf-32", b[4:], binary.LittleEndian, 4)
	case hasPrefix(b, "\xfe\xff"):
		return decodeUTF16("utf-16", b[2:], binary.BigEndian, 2)
	case hasPrefix(b, "\xff\xfe"):
		return decodeUTF16("utf-16", b[2:], binary.LittleEndian, 2)
	case hasPrefix(b, "\xef\xbb\xbf"):
		return decodeUTF8("utf-8-sig", b[3:], 3)
	}
	if len(b) >= 4 {
		if b[0] == 0 {
			if b[1] != 0 {
				return decodeUTF16("utf-16-be", b, binary.BigEndian, 0)
			}
			return decodeUTF32("utf-32-be", b, binary.BigEndian, 0)
		}
		if b[1] == 0 {
			if b[2] != 0 || b[3] != 0 {
				return decodeUTF16("utf-16-le", b, binary.LittleEndian, 0)
			}
			return decodeUTF32("utf-32-le", b, binary.LittleEndian, 0)
		}
	} else if len(b) == 2 {
		if b[0] == 0 {
			return decodeUTF16("utf-16-be", b, binary.BigEndian, 0)
		}
		if b[1] == 0 {
			return decodeUTF16("utf-16-le", b, binary.LittleEndian, 0)
		}
	}
	return decodeUTF8("utf-8", b, 0)
}

func hasPrefix(b []byte, p string) bool { return strings.HasPrefix(string(b), p) }

// decodeError builds CPython's UnicodeDecodeError message for bytes [start, end) of
// the input (off is the length of a byte-order mark already skipped).
func decodeError(codec string, b []byte, start, end, off int, reason string) error {
	if off == 0 {
		// The error carries CPython's attributes (start, end, object...).
		return vm.NewUnicodeDecodeError(codec, string(b), start, end, reason)
	}
	if end-start == 1 {
		return vm.Errorf(vm.UnicodeDecodeErrorClass, "'%s' codec can't decode byte 0x%02x in position %d: %s", codec, b[start], start+off, reason)
	}
	return vm.Errorf(vm.UnicodeDecodeErrorClass, "'%s' codec can't decode bytes in position %d-%d: %s", codec, start+off, end-1+off, reason)
}

func decodeUTF8(codec string, b []byte, off int) (string, error) {
	if utf8.Valid(b) {
		return string(b), nil
	}
	for i := 0; i < len(b); {
		if r, n := utf8.DecodeRune(b[i:]); r != utf8.RuneError || n > 1 {
			i += n
			continue
		}
		c := b[i]
		var need int
		lo, hi := byte(0x80), byte(0xbf)
		switch {
		case c >= 0xc2 && c <= 0xdf:
			need = 1
		case c >= 0xe0 && c <= 0xef:
			need = 2
			if c == 0xe0 {
				lo = 0xa0
			} else if c == 0xed {
				hi = 0x9f
			}
		case c >= 0xf0 && c <= 0xf4:
			need = 3
			if c == 0xf0 {
				lo = 0x90
			} else if c == 0xf4 {
				hi = 0x8f
			}
		default:
			return "", decodeError(codec, b, i, i+1, off, "invalid start byte")
		}
		j := i + 1
		for k := 0; k < need; k++ {
			if j >= len(b) {
				return "", decodeError(codec, b, i, j, off, "unexpected end of data")
			}
			ok := b[j] >= 0x80 && b[j] <= 0xbf
			if k == 0 {
				ok = b[j] >= lo && b[j] <= hi
			}
			if !ok {
				return "", decodeError(codec, b, i, j, off, "invalid continuation byte")
			}
			j++
		}
		i = j
	}
	return string(b), nil
}

func decodeUTF16(codec string, b []byte, order binary.ByteOrder, off int) (string, error) {
	units := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		units = append(units, order.Uint16(b[i:]))
	}
	var sb strings.Builder
	for i := 0; i < len(units); i++ {
		u := units[i]
		switch {
		case u >= 0xd800 && u < 0xdc00:
			if i+1 >= len(units) {
				if len(b)%2 == 0 {
					return "", decodeError(codec, b, 2*i, len(b), off, "unexpected end of data")
				}
				return "", decodeError(codec, b, 2*i, len(b), off, "unexpected end of data")
			}
			if n := units[i+1]; n >= 0xdc00 && n < 0xe000 {
				sb.WriteRune(utf16.DecodeRune(rune(u), rune(n)))
				i++
				continue
			}
			return "", decodeError(codec, b, 2*i, 2*i+2, off, "illegal UTF-16 surrogate")
		case u >= 0xdc00 && u < 0xe000:
			return "", decodeError(codec, b, 2*i, 2*i+2, off, "illegal encoding")
		default:
			sb.WriteRune(rune(u))
		}
	}
	if len(b)%2 == 1 {
		return "", decodeError(codec, b, len(b)-1, len(b), off, "truncated data")
	}
	return sb.String(), nil
}

func decodeUTF32(codec string, b []byte, order binary.ByteOrder, off int) (string, error) {
	var sb strings.Builder
	n := len(b) / 4 * 4
	for i := 0; i < n; i += 4 {
		c := order.Uint32(b[i:])
		if c > utf8.MaxRune || (c >= 0xd800 && c < 0xe000) {
			return "", decodeError(codec, b, i, i+4, off, "code point not in range(0x110000)")
		}
		sb.WriteRune(rune(c))
	}
	if n != len(b) {
		return "", decodeError(codec, b, n, len(b), off, "truncated data")
	}
	return sb.String(), nil
}
