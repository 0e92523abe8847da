package syntax

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Error kinds, named after the CPython exception class raised for them.
const (
	KindSyntax      = "SyntaxError"
	KindIndentation = "IndentationError"
	KindTab         = "TabError"
)

// Error is a syntax error with its location. Line and EndLine are 1-based;
// Col and EndCol are 1-based character (code point) columns like the
// offset and end_offset attributes of CPython's SyntaxError, so that a
// caret drawn under SourceLine lines up. EndCol is 0 when unknown.
type Error struct {
	Filename   string
	Line, Col  int
	EndLine    int
	EndCol     int
	Msg        string
	Kind       string // KindSyntax, KindIndentation or KindTab
	SourceLine string // the offending line without its newline; "" when unknown
}

// Error returns "file:line:col: Kind: msg".
func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", e.Filename, e.Line, e.Col, e.Kind, e.Msg)
}

// Traceback formats the error the way CPython prints an uncaught
// SyntaxError (without the "Traceback" header, which CPython omits too):
//
//	  File "x.py", line 3
//	    print(1 +)
//	             ^
//	SyntaxError: invalid syntax
func (e *Error) Traceback() string {
	var b strings.Builder
	fmt.Fprintf(&b, "  File \"%s\", line %d\n", e.Filename, e.Line)
	if e.SourceLine != "" {
		text := e.SourceLine
		offset := e.Col - 1
		// Leading whitespace is stripped, moving the caret with it.
		trimmed := strings.TrimLeft(text, " \t\f")
		offset -= utf8.RuneCountInString(text) - utf8.RuneCountInString(trimmed)
		n := utf8.RuneCountInString(trimmed)
		if offset > n {
			offset = n
		}
		b.WriteString("    ")
		b.WriteString(trimmed)
		b.WriteString("\n")
		if offset >= 0 {
			carets := 1
			if e.EndLine == e.Line && e.EndCol > e.Col {
				carets = e.EndCol - e.Col
			}
			if offset+carets > n+1 {
				carets = max(1, n+1-offset)
			}
			b.WriteString("    ")
			b.WriteString(strings.Repeat(" ", offset))
			b.WriteString(strings.Repeat("^", carets))
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(&b, "%s: %s", e.Kind, e.Msg)
	return b.String()
}
