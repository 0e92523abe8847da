package syntax

import (
	"fmt"
	"strings"
	"unicode"
)

// Error kinds, named after the CPython exception class raised for them.
const (
	KindSyntax      = "SyntaxError"
	KindIndentation = "IndentationError"
	KindTab         = "TabError"
	// KindRecursion is a source nested deeper than MaxDepth.
	KindRecursion = "RecursionError"
)

// Error is a syntax error with its location. Line and EndLine are 1-based;
// Col and EndCol are 1-based character (code point) columns like the
// offset and end_offset attributes of CPython's SyntaxError, so that a
// caret drawn under SourceLine lines up. EndCol is 0 when unknown.
type Error struct {
	Filename  string
	Line, Col int
	EndLine   int
	EndCol    int
	Msg       string
	Kind      string // KindSyntax, KindIndentation, KindTab or KindRecursion
	// SourceLine is the offending line without its newline, "" when
	// unknown. Like CPython's SyntaxError.text it holds the whole logical
	// line (several physical lines joined by "\n") when the error is on a
	// backslash continuation or after a multi-line string.
	SourceLine string
}

// Error returns "file:line:col: Kind: msg".
func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", e.Filename, e.Line, e.Col, e.Kind, e.Msg)
}

// Traceback formats the error the way CPython's traceback module does
// (traceback.format_exception_only, without the trailing newline):
//
//	  File "x.py", line 3
//	    print(1 +)
//	             ^
//	SyntaxError: invalid syntax
func (e *Error) Traceback() string {
	var b strings.Builder
	fmt.Fprintf(&b, "  File \"%s\", line %d\n", e.Filename, e.Line)
	if e.SourceLine != "" {
		rtext := []rune(strings.TrimRight(e.SourceLine, "\n"))
		ltext := []rune(strings.TrimLeft(string(rtext), " \n\f"))
		spaces := len(rtext) - len(ltext)
		b.WriteString("    ")
		b.WriteString(string(ltext))
		b.WriteString("\n")
		offset, end := e.Col, e.EndCol
		if end == 0 {
			end = offset
		}
		if offset == end || end == -1 {
			end = offset + 1
		}
		col, endCol := offset-1-spaces, end-1-spaces
		if col >= 0 {
			b.WriteString("    ")
			for i := 0; i < col; i++ {
				// Whitespace such as tabs is kept for alignment.
				if i < len(ltext) && unicode.IsSpace(ltext[i]) {
					b.WriteRune(ltext[i])
				} else {
					b.WriteByte(' ')
				}
			}
			if endCol > col {
				b.WriteString(strings.Repeat("^", endCol-col))
			}
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(&b, "%s: %s", e.Kind, e.Msg)
	return b.String()
}
