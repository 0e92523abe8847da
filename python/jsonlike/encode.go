package jsonlike

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxDepth bounds how deeply the encoder and the decoder nest. The
// interpreter converts values at most 200 deep; the rest is headroom for
// what the host wraps around them.
const MaxDepth = 512

// MaxIntDigits is the most decimal digits an integer may have, in either
// direction: CPython's limit for converting between int and str (4300
// digits), above which its json.dumps and json.loads raise ValueError.
const MaxIntDigits = 4300

// UnsupportedError reports a value Marshal cannot write. Path locates it
// from the root like a JSON path: "$", "$.items[3].when", `$["odd key"]`.
type UnsupportedError struct {
	Path   string
	Reason string
}

// Error implements error.
func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("value at %s has no JSON form: %s", e.Path, e.Reason)
}

// Marshal writes v as compact JSON (separators "," and ":"), by the rules of
// the package doc.
func Marshal(v any) ([]byte, error) {
	e := encoder{itemSep: ",", keySep: ":"}
	if err := e.value(v, 0); err != nil {
		return nil, err
	}
	return e.b, nil
}

// Format writes v as Python's json.dumps(v, ensure_ascii=False) does, with
// its default separators ", " and ": ": the form a person or an agent
// reads. Non-finite floats follow the package rule.
func Format(v any) (string, error) {
	e := encoder{itemSep: ", ", keySep: ": "}
	if err := e.value(v, 0); err != nil {
		return "", err
	}
	return string(e.b), nil
}

type encoder struct {
	b               []byte
	itemSep, keySep string
	path            []pathStep // the way to the value being written, for errors
}

type pathStep struct {
	key   string
	index int // -1 for an object key
}

func (e *encoder) fail(format string, args ...any) error {
	return &UnsupportedError{Path: e.pathString(), Reason: fmt.Sprintf(format, args...)}
}

func (e *encoder) pathString() string {
	var b strings.Builder
	b.WriteString("$")
	for _, s := range e.path {
		switch {
		case s.index >= 0:
			fmt.Fprintf(&b, "[%d]", s.index)
		case isIdentifier(s.key):
			b.WriteString("." + s.key)
		default:
			b.WriteString("[" + strconv.Quote(s.key) + "]")
		}
	}
	return b.String()
}

func (e *encoder) value(v any, depth int) error {
	if depth > MaxDepth {
		return e.fail("nested deeper than %d levels", MaxDepth)
	}
	switch x := v.(type) {
	case nil:
		e.b = append(e.b, "null"...)
	case bool:
		e.b = strconv.AppendBool(e.b, x)
	case int:
		e.b = strconv.AppendInt(e.b, int64(x), 10)
	case int8:
		e.b = strconv.AppendInt(e.b, int64(x), 10)
	case int16:
		e.b = strconv.AppendInt(e.b, int64(x), 10)
	case int32:
		e.b = strconv.AppendInt(e.b, int64(x), 10)
	case int64:
		e.b = strconv.AppendInt(e.b, x, 10)
	case uint:
		e.b = strconv.AppendUint(e.b, uint64(x), 10)
	case uint8:
		e.b = strconv.AppendUint(e.b, uint64(x), 10)
	case uint16:
		e.b = strconv.AppendUint(e.b, uint64(x), 10)
	case uint32:
		e.b = strconv.AppendUint(e.b, uint64(x), 10)
	case uint64:
		e.b = strconv.AppendUint(e.b, x, 10)
	case *big.Int:
		if x == nil {
			e.b = append(e.b, "null"...)
			return nil
		}
		s, err := IntString(x)
		if err != nil {
			return e.fail("%v", err)
		}
		e.b = append(e.b, s...)
	case float64:
		e.float(x)
	case float32:
		e.float(float64(x))
	case json.Number:
		if !isNumber(string(x)) {
			return e.fail("invalid number %q", truncate(string(x)))
		}
		e.b = append(e.b, x...)
	case json.RawMessage:
		d, err := Decode(x)
		if err != nil {
			return e.fail("invalid embedded JSON: %v", err)
		}
		return e.value(d, depth)
	case string:
		e.b = AppendString(e.b, x)
	case []any:
		e.b = append(e.b, '[')
		for i, el := range x {
			if i > 0 {
				e.b = append(e.b, e.itemSep...)
			}
			e.path = append(e.path, pathStep{index: i})
			if err := e.value(el, depth+1); err != nil {
				return err
			}
			e.path = e.path[:len(e.path)-1]
		}
		e.b = append(e.b, ']')
	case Object:
		e.b = append(e.b, '{')
		for i, m := range x {
			if i > 0 {
				e.b = append(e.b, e.itemSep...)
			}
			e.b = AppendString(e.b, m.Key)
			e.b = append(e.b, e.keySep...)
			e.path = append(e.path, pathStep{key: m.Key, index: -1})
			if err := e.value(m.Value, depth+1); err != nil {
				return err
			}
			e.path = e.path[:len(e.path)-1]
		}
		e.b = append(e.b, '}')
	case map[string]any:
		return e.value(FromMap(x), depth)
	case []string:
		e.b = append(e.b, '[')
		for i, s := range x {
			if i > 0 {
				e.b = append(e.b, e.itemSep...)
			}
			e.b = AppendString(e.b, s)
		}
		e.b = append(e.b, ']')
	case map[string]string:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		e.b = append(e.b, '{')
		for i, k := range keys {
			if i > 0 {
				e.b = append(e.b, e.itemSep...)
			}
			e.b = AppendString(e.b, k)
			e.b = append(e.b, e.keySep...)
			e.b = AppendString(e.b, x[k])
		}
		e.b = append(e.b, '}')
	default:
		if t, ok := v.(interface{ PythonType() string }); ok {
			return e.fail("unsupported type %s", t.PythonType())
		}
		return e.fail("unsupported Go type %T", v)
	}
	return nil
}

func (e *encoder) float(f float64) {
	switch {
	case math.IsNaN(f):
		e.b = append(e.b, `"NaN"`...)
	case math.IsInf(f, 1):
		e.b = append(e.b, `"Infinity"`...)
	case math.IsInf(f, -1):
		e.b = append(e.b, `"-Infinity"`...)
	default:
		e.b = append(e.b, FloatRepr(f)...)
	}
}

// IntString is x in decimal, or an error for more than MaxIntDigits
// digits, in CPython's words. The bound is checked on the bit length
// before anything is formatted, so a huge int costs nothing.
func IntString(x *big.Int) (string, error) {
	// 10^4300 lies between 2^14284 and 2^14285.
	switch n := x.BitLen(); {
	case n <= 14284:
		return x.String(), nil
	case n > 14285:
		return "", errIntDigits
	}
	s := x.String()
	if len(strings.TrimPrefix(s, "-")) > MaxIntDigits {
		return "", errIntDigits
	}
	return s, nil
}

var errIntDigits = fmt.Errorf("Exceeds the limit (%d digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit", MaxIntDigits)

// FloatRepr formats f as CPython's float.__repr__ does ("5.0", "1e+20",
// "1e-05", "inf", "nan").
func FloatRepr(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	s := strconv.FormatFloat(f, 'e', -1, 64)
	// s is like "-1.2345e+06".
	neg := false
	if s[0] == '-' {
		neg = true
		s = s[1:]
	}
	epos := strings.IndexByte(s, 'e')
	mant, exps := s[:epos], s[epos+1:]
	exp, _ := strconv.Atoi(exps)
	digits := strings.Replace(mant, ".", "", 1)
	var out string
	if exp >= -4 && exp < 16 {
		// Fixed notation.
		if exp >= 0 {
			if len(digits) <= exp+1 {
				out = digits + strings.Repeat("0", exp+1-len(digits)) + ".0"
			} else {
				out = digits[:exp+1] + "." + digits[exp+1:]
			}
		} else {
			out = "0." + strings.Repeat("0", -exp-1) + digits
		}
	} else {
		m := digits[:1]
		if len(digits) > 1 {
			m += "." + digits[1:]
		}
		sign := "+"
		if exp < 0 {
			sign = "-"
			exp = -exp
		}
		es := strconv.Itoa(exp)
		if len(es) < 2 {
			es = "0" + es
		}
		out = m + "e" + sign + es
	}
	if neg {
		out = "-" + out
	}
	return out
}

// ValidString returns s with each byte that is not part of valid UTF-8 (a
// lone surrogate the interpreter keeps as WTF-8, a binary's raw output)
// replaced by U+FFFD.
func ValidString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string(AppendValid(make([]byte, 0, len(s)+len(s)/2), []byte(s)))
}

// AppendString appends s as a JSON string the way json.dumps(s,
// ensure_ascii=False) writes it: quotes, backslashes and control characters
// escaped, everything else as it is; a byte that is not part of valid UTF-8
// becomes U+FFFD.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"':
				b = append(b, '\\', '"')
			case '\\':
				b = append(b, '\\', '\\')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, `\u00`...)
				b = append(b, hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, s[start:i]...)
			b = append(b, "\ufffd"...)
			i++
			start = i
			continue
		}
		i += n
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

const hexDigits = "0123456789abcdef"

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case i > 0 && r >= '0' && r <= '9':
		default:
			return false
		}
	}
	return true
}

func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
