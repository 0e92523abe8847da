package regex

import (
	"fmt"
	"strings"
)

// ErrorKind names the Python exception class an Error maps to, so the `re` binding can raise
// exactly what CPython raises for the same pattern or template.
type ErrorKind uint8

const (
	// KindError is re.error (re.PatternError): a malformed pattern or template.
	KindError ErrorKind = iota
	// KindValueError is ValueError, e.g. "cannot use LOCALE flag with a str pattern".
	KindValueError
	// KindOverflowError is OverflowError, e.g. "the repetition number is too large".
	KindOverflowError
	// KindIndexError is IndexError, e.g. "unknown group name 'x'" in a template or group().
	KindIndexError
	// KindRecursionError is RecursionError: the pattern nests deeper than the parser allows.
	KindRecursionError
)

// String returns the Python exception class name.
func (k ErrorKind) String() string {
	switch k {
	case KindValueError:
		return "ValueError"
	case KindOverflowError:
		return "OverflowError"
	case KindIndexError:
		return "IndexError"
	case KindRecursionError:
		return "RecursionError"
	}
	return "error"
}

// Error is a pattern or template error with CPython's message and position. Error() renders
// the message exactly as str(exc) does in CPython 3.11, e.g.
// "missing ), unterminated subpattern at position 0".
type Error struct {
	Kind    ErrorKind
	Msg     string // the bare message, CPython's exc.msg
	Pattern string // the pattern or template text, for line/column computation
	Pos     int    // position in code points, -1 when CPython reports none
}

// Error renders the message as CPython's str(re.error) does.
func (e *Error) Error() string {
	if e.Pos < 0 || e.Kind != KindError {
		return e.Msg
	}
	msg := fmt.Sprintf("%s at position %d", e.Msg, e.Pos)
	if strings.Contains(e.Pattern, "\n") {
		line, col := lineCol(e.Pattern, e.Pos)
		msg = fmt.Sprintf("%s (line %d, column %d)", msg, line, col)
	}
	return msg
}

// Line and Column return CPython's lineno/colno for the error position (1-based), or 0 when
// the error has no position.
func (e *Error) Line() (line, col int) {
	if e.Pos < 0 {
		return 0, 0
	}
	return lineCol(e.Pattern, e.Pos)
}

func lineCol(pattern string, pos int) (int, int) {
	line, col := 1, 1
	i := 0
	for _, r := range pattern {
		if i >= pos {
			break
		}
		if r == '\n' {
			line++
			col = 1
		} else {
			col++
		}
		i++
	}
	return line, col
}

// pyRepr renders s as Python's repr(str) does, for messages such as
// "unknown group name 'x'".
func pyRepr(s string) string {
	quote := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		quote = '"'
	}
	var b strings.Builder
	b.WriteByte(quote)
	for _, r := range s {
		switch {
		case r == rune(quote) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x7f:
			b.WriteRune(r)
		case isPrintable(r):
			b.WriteRune(r)
		case r <= 0xff:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(quote)
	return b.String()
}
