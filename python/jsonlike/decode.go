package jsonlike

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// SyntaxError is JSON that Decode refuses, with the byte offset.
type SyntaxError struct {
	Offset int
	Msg    string
}

// Error implements error.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid JSON at byte %d: %s", e.Offset, e.Msg)
}

// Decode reads one JSON value (surrounded by optional whitespace) into a
// JSON-like value: objects become Object with members in document order (a
// repeated key keeps its first position and its last value, as a Python
// dict built from the pairs does), integers int64 or *big.Int, other
// numbers float64 (1e400 is +Inf, as in Python), NaN, Infinity and
// -Infinity their floats. A lone surrogate escape becomes U+FFFD, as does a
// byte that is not UTF-8.
func Decode(data []byte) (any, error) {
	d := decoder{s: data}
	d.ws()
	v, err := d.value(0)
	if err != nil {
		return nil, err
	}
	d.ws()
	if d.i != len(d.s) {
		return nil, d.fail("extra data after the value")
	}
	return v, nil
}

type decoder struct {
	s []byte
	i int
}

func (d *decoder) fail(format string, args ...any) error {
	return &SyntaxError{Offset: d.i, Msg: fmt.Sprintf(format, args...)}
}

func (d *decoder) ws() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *decoder) lit(word string) bool {
	if len(d.s)-d.i >= len(word) && string(d.s[d.i:d.i+len(word)]) == word {
		d.i += len(word)
		return true
	}
	return false
}

func (d *decoder) value(depth int) (any, error) {
	if depth > MaxDepth {
		return nil, d.fail("nested deeper than %d levels", MaxDepth)
	}
	if d.i >= len(d.s) {
		return nil, d.fail("unexpected end of input")
	}
	switch c := d.s[d.i]; {
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == '"':
		return d.str()
	case d.lit("null"):
		return nil, nil
	case d.lit("true"):
		return true, nil
	case d.lit("false"):
		return false, nil
	case d.lit("NaN"):
		return math.NaN(), nil
	case d.lit("Infinity"):
		return math.Inf(1), nil
	case d.lit("-Infinity"):
		return math.Inf(-1), nil
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	}
	return nil, d.fail("unexpected character %q", d.s[d.i])
}

func (d *decoder) object(depth int) (any, error) {
	d.i++ // {
	out := Object{}
	var index map[string]int // key to position, once the object is large
	d.ws()
	if d.i < len(d.s) && d.s[d.i] == '}' {
		d.i++
		return out, nil
	}
	for {
		d.ws()
		if d.i >= len(d.s) || d.s[d.i] != '"' {
			return nil, d.fail("expected a string key")
		}
		k, err := d.str()
		if err != nil {
			return nil, err
		}
		d.ws()
		if d.i >= len(d.s) || d.s[d.i] != ':' {
			return nil, d.fail("expected ':' after an object key")
		}
		d.i++
		d.ws()
		v, err := d.value(depth + 1)
		if err != nil {
			return nil, err
		}
		pos := -1
		switch {
		case index != nil:
			if p, ok := index[k]; ok {
				pos = p
			}
		default:
			for j := range out {
				if out[j].Key == k {
					pos = j
					break
				}
			}
		}
		if pos >= 0 {
			out[pos].Value = v
		} else {
			out = append(out, Member{k, v})
			if index != nil {
				index[k] = len(out) - 1
			} else if len(out) > 16 {
				index = make(map[string]int, 2*len(out))
				for j, m := range out {
					index[m.Key] = j
				}
			}
		}
		d.ws()
		if d.i >= len(d.s) {
			return nil, d.fail("unterminated object")
		}
		switch d.s[d.i] {
		case ',':
			d.i++
		case '}':
			d.i++
			return out, nil
		default:
			return nil, d.fail("expected ',' or '}' in an object")
		}
	}
}

func (d *decoder) array(depth int) (any, error) {
	d.i++ // [
	out := []any{}
	d.ws()
	if d.i < len(d.s) && d.s[d.i] == ']' {
		d.i++
		return out, nil
	}
	for {
		d.ws()
		v, err := d.value(depth + 1)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		d.ws()
		if d.i >= len(d.s) {
			return nil, d.fail("unterminated array")
		}
		switch d.s[d.i] {
		case ',':
			d.i++
		case ']':
			d.i++
			return out, nil
		default:
			return nil, d.fail("expected ',' or ']' in an array")
		}
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number reads a JSON number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (d *decoder) number() (any, error) {
	start := d.i
	if d.s[d.i] == '-' {
		d.i++
	}
	switch {
	case d.i < len(d.s) && d.s[d.i] == '0':
		d.i++
	case d.i < len(d.s) && isDigit(d.s[d.i]):
		for d.i < len(d.s) && isDigit(d.s[d.i]) {
			d.i++
		}
	default:
		return nil, d.fail("a number needs digits")
	}
	integer := true
	if d.i < len(d.s) && d.s[d.i] == '.' {
		integer = false
		d.i++
		if d.i >= len(d.s) || !isDigit(d.s[d.i]) {
			return nil, d.fail("a number needs digits after '.'")
		}
		for d.i < len(d.s) && isDigit(d.s[d.i]) {
			d.i++
		}
	}
	if d.i < len(d.s) && (d.s[d.i] == 'e' || d.s[d.i] == 'E') {
		integer = false
		d.i++
		if d.i < len(d.s) && (d.s[d.i] == '+' || d.s[d.i] == '-') {
			d.i++
		}
		if d.i >= len(d.s) || !isDigit(d.s[d.i]) {
			return nil, d.fail("a number needs digits in its exponent")
		}
		for d.i < len(d.s) && isDigit(d.s[d.i]) {
			d.i++
		}
	}
	text := string(d.s[start:d.i])
	if !integer {
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			// Out of range: ParseFloat returns ±Inf or ±0, as Python's
			// float() does.
			if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
				return nil, d.fail("bad number %q", truncate(text))
			}
		}
		return f, nil
	}
	if n, err := strconv.ParseInt(text, 10, 64); err == nil {
		return n, nil
	}
	digits := len(text)
	if text[0] == '-' {
		digits--
	}
	if digits > MaxIntDigits {
		return nil, d.fail("an integer of %d digits exceeds the limit (%d digits) for integer string conversion", digits, MaxIntDigits)
	}
	b, ok := new(big.Int).SetString(text, 10)
	if !ok {
		return nil, d.fail("bad number %q", truncate(text))
	}
	return b, nil
}

// isNumber reports whether s is exactly one JSON number.
func isNumber(s string) bool {
	if s == "" {
		return false
	}
	d := decoder{s: []byte(s)}
	if c := s[0]; c != '-' && !isDigit(c) {
		return false
	}
	_, err := d.number()
	return err == nil && d.i == len(s)
}

func (d *decoder) str() (string, error) {
	d.i++ // opening quote
	var b []byte
	start := d.i
	for {
		if d.i >= len(d.s) {
			return "", d.fail("unterminated string")
		}
		c := d.s[d.i]
		switch {
		case c == '"':
			if b == nil {
				s := d.s[start:d.i]
				d.i++
				if utf8.Valid(s) {
					return string(s), nil
				}
				return string(AppendValid(nil, s)), nil
			}
			b = AppendValid(b, d.s[start:d.i])
			d.i++
			return string(b), nil
		case c < 0x20:
			return "", d.fail("control character %q in a string", c)
		case c == '\\':
			b = AppendValid(b, d.s[start:d.i])
			r, err := d.escape()
			if err != nil {
				return "", err
			}
			b = utf8.AppendRune(b, r)
			start = d.i
		default:
			d.i++
		}
	}
}

// escape reads one escape sequence after its backslash and returns its
// rune; a surrogate pair is one rune, a lone surrogate U+FFFD.
func (d *decoder) escape() (rune, error) {
	d.i++ // backslash
	if d.i >= len(d.s) {
		return 0, d.fail("unterminated escape")
	}
	c := d.s[d.i]
	d.i++
	switch c {
	case '"', '\\', '/':
		return rune(c), nil
	case 'b':
		return '\b', nil
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'u':
		r, ok := d.hex4()
		if !ok {
			return 0, d.fail("bad \\u escape")
		}
		if utf16.IsSurrogate(r) {
			if r < 0xdc00 && len(d.s)-d.i >= 6 && d.s[d.i] == '\\' && d.s[d.i+1] == 'u' {
				save := d.i
				d.i += 2
				if lo, ok := d.hex4(); ok {
					if pair := utf16.DecodeRune(r, lo); pair != utf8.RuneError {
						return pair, nil
					}
				}
				d.i = save
			}
			return utf8.RuneError, nil
		}
		return r, nil
	}
	return 0, d.fail("bad escape \\%c", c)
}

func (d *decoder) hex4() (rune, bool) {
	if len(d.s)-d.i < 4 {
		return 0, false
	}
	var r rune
	for _, c := range d.s[d.i : d.i+4] {
		var v byte
		switch {
		case c >= '0' && c <= '9':
			v = c - '0'
		case c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	d.i += 4
	return r, true
}

// AppendValid appends p with each byte that is not part of valid UTF-8
// replaced by U+FFFD; a surrogate code point encoded as UTF-8 would be
// (the interpreter's WTF-8 form of a lone surrogate, three bytes) is one
// U+FFFD, as it is one character in Python.
func AppendValid(b, p []byte) []byte {
	for len(p) > 0 {
		r, n := utf8.DecodeRune(p)
		switch {
		case r != utf8.RuneError || n > 1:
			b = append(b, p[:n]...)
		case len(p) >= 3 && p[0] == 0xed && p[1] >= 0xa0 && p[1] <= 0xbf && p[2] >= 0x80 && p[2] <= 0xbf:
			b = append(b, "\ufffd"...)
			n = 3
		default:
			b = append(b, "\ufffd"...)
		}
		p = p[n:]
	}
	return b
}
