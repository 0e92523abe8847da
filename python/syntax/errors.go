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

// Display formats the error the way CPython 3.11 prints an uncaught
// SyntaxError (print_exception and print_error_text in Python/pythonrun.c),
// which is what `python3 file.py` shows and differs from Traceback (the
// traceback module's rendering) in its carets; without the trailing newline:
//
//	  File "x.py", line 3
//	    print(1 +)
//	             ^
//	SyntaxError: invalid syntax
//
// The caret line underlines Col..EndCol for a SyntaxError proper; its
// subclasses (IndentationError, TabError) get one caret, as CPython reads
// end_offset only from an exact SyntaxError.
func (e *Error) Display() string {
	var b strings.Builder
	fmt.Fprintf(&b, "  File \"%s\", line %d\n", e.Filename, e.Line)
	if e.SourceLine != "" {
		offset, endLine, endOffset := e.Col, e.Line, -1
		if offset == 0 {
			offset = -1
		}
		if e.Kind == KindSyntax && e.EndLine > 0 {
			endLine, endOffset = e.EndLine, e.EndCol
		}
		// CPython's text ends with the line's newline, except when the
		// error spans lines: then it is the first line alone and the
		// carets run to its end.
		text := e.SourceLine + "\n"
		if endLine > e.Line {
			text = e.SourceLine
			endOffset = len(text)
		}
		if endOffset > len(text)+1 {
			endOffset = len(text) + 1
		}
		writeErrorText(&b, offset, endOffset, text)
	}
	fmt.Fprintf(&b, "%s: %s", e.Kind, e.Msg)
	return b.String()
}

// writeErrorText is CPython's print_error_text: the line the error is on,
// stripped of leading blanks, and a caret line under offset (1-based) with
// end_offset-offset carets, none when the offset falls left of the text.
// Like CPython it counts the offset in characters and the text in bytes.
func writeErrorText(b *strings.Builder, offset, endOffset int, text string) {
	reps := 1
	if endOffset > 0 && endOffset > offset {
		reps = endOffset - offset
	}
	offset--
	for len(text) > 0 && (text[0] == ' ' || text[0] == '\t' || text[0] == '\f') {
		text = text[1:]
		offset--
	}
	n := len(text)
	if n > 0 && text[n-1] == '\n' {
		n--
	}
	if offset > n {
		offset = n
	}
	for {
		nl := strings.IndexByte(text, '\n')
		if nl < 0 || nl >= offset {
			break
		}
		text = text[nl+1:]
		n -= nl + 1
		offset -= nl + 1
	}
	b.WriteString("    ")
	b.WriteString(text)
	if n >= len(text) || text[n] != '\n' {
		b.WriteString("\n")
	}
	if offset < 0 {
		return
	}
	b.WriteString("    ")
	b.WriteString(strings.Repeat(" ", offset))
	b.WriteString(strings.Repeat("^", reps))
	b.WriteString("\n")
}
