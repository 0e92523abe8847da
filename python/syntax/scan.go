package syntax

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind is the kind of a token.
type tokKind uint8

const (
	tEOF tokKind = iota
	tNewline
	tIndent
	tDedent
	tName
	tNumber
	tString

	// operators and delimiters
	tLParen
	tRParen
	tLBrack
	tRBrack
	tLBrace
	tRBrace
	tColon
	tComma
	tSemi
	tPlus
	tMinus
	tStar
	tSlash
	tVBar
	tAmper
	tLess
	tGreater
	tEqual
	tDot
	tPercent
	tEqEqual
	tNotEqual
	tLessEqual
	tGreaterEqual
	tTilde
	tCircumflex
	tLShift
	tRShift
	tDoubleStar
	tPlusEqual
	tMinusEqual
	tStarEqual
	tSlashEqual
	tPercentEqual
	tAmperEqual
	tVBarEqual
	tCircumflexEqual
	tLShiftEqual
	tRShiftEqual
	tDoubleStarEqual
	tDoubleSlash
	tDoubleSlashEqual
	tAt
	tAtEqual
	tRArrow
	tEllipsis
	tColonEqual
	tBang     // "!" only occurs inside f-string replacement fields
	tErrorTok // a character that starts no token

	// keywords
	kwFalse
	kwNone
	kwTrue
	kwAnd
	kwAs
	kwAssert
	kwAsync
	kwAwait
	kwBreak
	kwClass
	kwContinue
	kwDef
	kwDel
	kwElif
	kwElse
	kwExcept
	kwFinally
	kwFor
	kwFrom
	kwGlobal
	kwIf
	kwImport
	kwIn
	kwIs
	kwLambda
	kwNonlocal
	kwNot
	kwOr
	kwPass
	kwRaise
	kwReturn
	kwTry
	kwWhile
	kwWith
	kwYield
)

var keywords = map[string]tokKind{
	"False": kwFalse, "None": kwNone, "True": kwTrue, "and": kwAnd, "as": kwAs,
	"assert": kwAssert, "async": kwAsync, "await": kwAwait, "break": kwBreak,
	"class": kwClass, "continue": kwContinue, "def": kwDef, "del": kwDel,
	"elif": kwElif, "else": kwElse, "except": kwExcept, "finally": kwFinally,
	"for": kwFor, "from": kwFrom, "global": kwGlobal, "if": kwIf,
	"import": kwImport, "in": kwIn, "is": kwIs, "lambda": kwLambda,
	"nonlocal": kwNonlocal, "not": kwNot, "or": kwOr, "pass": kwPass,
	"raise": kwRaise, "return": kwReturn, "try": kwTry, "while": kwWhile,
	"with": kwWith, "yield": kwYield,
}

// augOps maps augmented-assignment tokens to their operator.
var augOps = map[tokKind]Operator{
	tPlusEqual: Add, tMinusEqual: Sub, tStarEqual: Mult, tAtEqual: MatMult,
	tSlashEqual: Div, tPercentEqual: Mod, tDoubleStarEqual: Pow,
	tLShiftEqual: LShift, tRShiftEqual: RShift, tVBarEqual: BitOr,
	tCircumflexEqual: BitXor, tAmperEqual: BitAnd, tDoubleSlashEqual: FloorDiv,
}

// token is one lexical token. Its text is src[off:endOff]; strings are
// decoded by the parser.
type token struct {
	kind        tokKind
	off, endOff int32
	// Positions are stored as int32 pairs to keep tokens small.
	line, col, endLine, endCol int32
}

func mkToken(kind tokKind, off, endOff int, pos, end Position) token {
	return token{kind: kind, off: int32(off), endOff: int32(endOff),
		line: int32(pos.Line), col: int32(pos.Col), endLine: int32(end.Line), endCol: int32(end.Col)}
}

// pos returns where the token starts.
func (t *token) pos() Position { return Position{Line: int(t.line), Col: int(t.col)} }

// end returns where the token ends (exclusive).
func (t *token) end() Position { return Position{Line: int(t.endLine), Col: int(t.endCol)} }

// maxParenDepth matches CPython's MAXLEVEL.
const maxParenDepth = 200

// maxIndentDepth matches CPython's MAXINDENT.
const maxIndentDepth = 100

type openParen struct {
	ch  byte
	pos Position
	off int
}

// scanner turns source bytes into tokens. It scans the whole input up
// front (snippets are small) and stops at the first lexical error, which
// it records in err; the parser reports it with CPython's priority rules.
type scanner struct {
	// poll watches the parse's context (nil: it cannot end).
	poll      *poll
	src       *source
	i         int // cursor (byte offset)
	end       int // scan limit (exclusive)
	line      int
	lineStart int // byte offset of the current line's start

	indents    []int // indentation stack with tabs to multiples of 8
	altIndents []int // the same with tabs counting as 1, to detect TabError
	parens     []openParen
	baseParens int // >0 for f-string expressions: newlines are insignificant

	toks []token
	err  *Error
	weak bool // err does not override earlier parser errors
	// commentAt is the offset of the comment ending the current line, or
	// -1: CPython starts the NEWLINE token there.
	commentAt int
	// unclosed is set when input ended inside brackets: CPython reports it
	// only when the parser does not fail earlier on an earlier line.
	unclosed *openParen
}

// source is the input with its line table.
type source struct {
	filename string
	src      []byte
	// text is src as a string, so that names and literal bodies are
	// substrings instead of new allocations.
	text       string
	lineStarts []int
	// nfkc is the error for the first identifier CPython would
	// normalize, reported only if the source is otherwise valid.
	nfkc *Error
	// joined marks lines that continue the previous one (after a
	// backslash or inside a string); CPython shows an error's whole
	// logical line.
	joined map[int]bool
}

func (s *source) join(line int) {
	if s.joined == nil {
		s.joined = make(map[int]bool)
	}
	s.joined[line] = true
}

// logicalText returns the lines from the start of the logical line that
// line n belongs to up to line n, as CPython's SyntaxError.text.
func (s *source) logicalText(n int) string {
	first := n
	for s.joined[first] && first > 1 {
		first--
	}
	if first == n {
		return s.lineText(n)
	}
	lines := make([]string, 0, n-first+1)
	for l := first; l <= n; l++ {
		lines = append(lines, s.lineText(l))
	}
	return strings.Join(lines, "\n")
}

func newSource(filename string, src []byte) *source {
	s := &source{filename: filename, src: src, text: string(src)}
	s.lineStarts = append(make([]int, 0, 32), 0)
	for i, c := range src {
		if c == '\n' {
			s.lineStarts = append(s.lineStarts, i+1)
		}
	}
	return s
}

// lineText returns line n (1-based) without its newline.
func (s *source) lineText(n int) string {
	if n < 1 || n > len(s.lineStarts) {
		return ""
	}
	start := s.lineStarts[n-1]
	end := len(s.src)
	if n < len(s.lineStarts) {
		end = s.lineStarts[n] - 1
	}
	if start > end {
		return ""
	}
	return string(s.src[start:end])
}

// charCol converts a 1-based byte column of line n to a 1-based code point
// column.
func (s *source) charCol(n, byteCol int) int {
	if byteCol <= 0 {
		return byteCol
	}
	text := s.lineText(n)
	if byteCol-1 > len(text) {
		return utf8.RuneCountInString(text) + (byteCol - 1 - len(text)) + 1
	}
	return utf8.RuneCountInString(text[:byteCol-1]) + 1
}

// errorAt builds an Error spanning byte positions start..end.
func (s *source) errorAt(kind string, start, end Position, msg string) *Error {
	e := &Error{
		Filename:   s.filename,
		Line:       start.Line,
		Col:        s.charCol(start.Line, start.Col),
		Msg:        msg,
		Kind:       kind,
		SourceLine: s.lineText(start.Line),
	}
	if end.Line > 0 {
		e.EndLine = end.Line
		e.EndCol = s.charCol(end.Line, end.Col)
	}
	return e
}

func newScanner(src *source, start, end int, pos Position, fstringExpr bool) *scanner {
	s := &scanner{
		src:        src,
		i:          start,
		end:        end,
		line:       pos.Line,
		lineStart:  start - (pos.Col - 1),
		indents:    []int{0},
		altIndents: []int{0},
		toks:       make([]token, 0, (end-start)/3+8),
		commentAt:  -1,
	}
	if fstringExpr {
		s.baseParens = 1
	}
	return s
}

func (s *scanner) posAt(off int) Position {
	return Position{Line: s.line, Col: off - s.lineStart + 1}
}

// fail records a lexical error at byte offsets off..endOff of the current
// line and stops scanning.
func (s *scanner) fail(kind string, off, endOff int, msg string) {
	if s.err == nil {
		s.err = s.src.errorAt(kind, s.posAt(off), s.posAt(endOff), msg)
	}
}

// failWeak records an error that CPython's tokenizer reports only when the
// parser gets that far (indentation, continuation and end-of-input
// errors): an earlier parser error takes precedence over it.
func (s *scanner) failWeak(kind string, off, endOff int, msg string) {
	if s.err == nil {
		s.weak = true
	}
	s.fail(kind, off, endOff, msg)
}

func (s *scanner) emit(kind tokKind, off, endOff int, pos Position) {
	s.toks = append(s.toks, mkToken(kind, off, endOff, pos, s.posAt(endOff)))
}

func (s *scanner) newline(at int) {
	s.line++
	s.lineStart = at + 1
}

func (s *scanner) peekByte(k int) byte {
	if s.i+k < s.end {
		return s.src.src[s.i+k]
	}
	return 0
}

// scan tokenizes the input. On return s.toks ends with tEOF, or s.err is
// set and s.toks holds the tokens before the error.
func (s *scanner) scan() {
	src := s.src.src
	atLineStart := s.baseParens == 0
	for s.err == nil {
		if s.poll.stop() {
			return
		}
		if atLineStart {
			atLineStart = false
			if !s.indentation() {
				return
			}
		}
		// Skip blanks.
		for s.i < s.end && (src[s.i] == ' ' || src[s.i] == '\t' || src[s.i] == '\f') {
			s.i++
		}
		if s.i >= s.end {
			s.finish()
			return
		}
		c := src[s.i]
		start := s.i
		pos := s.posAt(start)
		comment := s.commentAt
		s.commentAt = -1
		switch {
		case c == '#':
			s.commentAt = s.i
			for s.i < s.end && src[s.i] != '\n' {
				s.i++
			}
			continue
		case c == '\n':
			if len(s.parens)+s.baseParens == 0 {
				// As in CPython, a NEWLINE token is zero-width, or covers
				// the comment before it.
				end := pos
				if comment >= 0 {
					pos = s.posAt(comment)
				}
				s.toks = append(s.toks, mkToken(tNewline, start, start+1, pos, end))
				atLineStart = true
			}
			s.i++
			s.newline(start)
		case c == '\\':
			if s.i+1 >= s.end {
				s.failWeak(KindSyntax, s.i+1, s.i+1, "unexpected EOF while parsing")
				return
			}
			if src[s.i+1] != '\n' {
				s.failWeak(KindSyntax, s.i+1, s.i+1, "unexpected character after line continuation character")
				return
			}
			s.i += 2
			s.newline(start + 1)
			s.src.join(s.line)
			if s.i >= s.end {
				s.failWeak(KindSyntax, s.i, s.i, "unexpected EOF while parsing")
				return
			}
		case c == '"' || c == '\'':
			s.scanString(start, s.i)
		case isDigit(c) || (c == '.' && isDigit(s.peekByte(1))):
			s.scanNumber()
		case c < utf8.RuneSelf && (isLetter(c) || c == '_') || c >= utf8.RuneSelf:
			s.scanName()
		default:
			s.scanOperator(c)
		}
	}
}

// finish emits the tokens at end of input: a NEWLINE if the last logical
// line lacks one, DEDENTs and EOF.
func (s *scanner) finish() {
	pos := s.posAt(s.i)
	if s.baseParens == 0 {
		if len(s.parens) > 0 {
			// The parser reports the unclosed bracket when it reaches
			// the end, which stands for it.
			p := s.parens[len(s.parens)-1]
			s.unclosed = &p
			s.toks = append(s.toks, mkToken(tEOF, s.i, s.i, pos, pos))
			return
		}
		if n := len(s.toks); n > 0 && s.toks[n-1].kind != tNewline && s.toks[n-1].kind != tDedent {
			nl := pos
			if s.commentAt >= 0 {
				nl = s.posAt(s.commentAt)
			}
			s.toks = append(s.toks, mkToken(tNewline, s.i, s.i, nl, pos))
		}
		for len(s.indents) > 1 {
			s.indents = s.indents[:len(s.indents)-1]
			s.toks = append(s.toks, mkToken(tDedent, s.i, s.i, pos, pos))
		}
	}
	s.toks = append(s.toks, mkToken(tEOF, s.i, s.i, pos, pos))
}

// indentation measures the indentation of a new line and emits INDENT or
// DEDENT tokens. Blank and comment-only lines are skipped entirely. It
// reports false after an error.
func (s *scanner) indentation() bool {
	src := s.src.src
	for {
		col, alt, contCol := 0, 0, 0
		j := s.i
	measure:
		for j < s.end {
			switch src[j] {
			case ' ':
				col++
				alt++
			case '\t':
				col = (col/8 + 1) * 8
				alt++
			case '\f':
				col, alt = 0, 0
			case '\\':
				// CPython 3.11 keeps counting the indentation on the line
				// after a backslash continuation.
				if j+1 < s.end && src[j+1] != '\n' {
					// CPython fails here, before the line's INDENT.
					s.i = j
					s.failWeak(KindSyntax, j+1, j+1, "unexpected character after line continuation character")
					return false
				}
				if j+2 >= s.end {
					s.i = j
					s.failWeak(KindSyntax, j+1, j+1, "unexpected EOF while parsing")
					return false
				}
				// The first continuation preceded by indentation fixes the
				// line's indentation (as CPython does; a continuation at
				// column 0 does not).
				if contCol == 0 {
					contCol = col
				}
				s.newline(j + 1)
				j += 2
				continue
			default:
				break measure
			}
			j++
		}
		if j >= s.end {
			s.i = j
			return true
		}
		if src[j] == '#' || src[j] == '\n' {
			// Blank line: skip it without tokens.
			for j < s.end && src[j] != '\n' {
				j++
			}
			if j >= s.end {
				s.i = j
				return true
			}
			s.i = j + 1
			s.newline(j)
			continue
		}
		s.i = j
		if contCol > 0 {
			col, alt = contCol, contCol
		}
		top := len(s.indents) - 1
		switch {
		case col == s.indents[top]:
			if alt != s.altIndents[top] {
				s.failWeak(KindTab, s.lineStart, s.lineStart, "inconsistent use of tabs and spaces in indentation")
				return false
			}
		case col > s.indents[top]:
			if len(s.indents) >= maxIndentDepth {
				s.failWeak(KindIndentation, j, j, "too many levels of indentation")
				return false
			}
			if alt <= s.altIndents[top] {
				s.failWeak(KindTab, s.lineStart, s.lineStart, "inconsistent use of tabs and spaces in indentation")
				return false
			}
			s.indents = append(s.indents, col)
			s.altIndents = append(s.altIndents, alt)
			// CPython reports an unexpected indent at the column where
			// the indentation ends.
			p := s.posAt(j - 1)
			s.toks = append(s.toks, mkToken(tIndent, s.lineStart, j, p, p))
		default:
			// A dedent must land exactly on an enclosing level; CPython
			// fails before producing any DEDENT.
			level := top
			for level > 0 && col < s.indents[level] {
				level--
			}
			if col != s.indents[level] {
				e := j
				for e < s.end && src[e] != '\n' {
					e++
				}
				s.failWeak(KindIndentation, e, e, "unindent does not match any outer indentation level")
				return false
			}
			for top > 0 && col < s.indents[top] {
				top--
				s.indents = s.indents[:top+1]
				s.altIndents = s.altIndents[:top+1]
				// Like INDENT, CPython places DEDENT where the
				// indentation ends.
				p := s.posAt(j - 1)
				s.toks = append(s.toks, mkToken(tDedent, j, j, p, p))
			}
			if col != s.indents[top] {
				// CPython points past the end of the offending line.
				e := j
				for e < s.end && src[e] != '\n' {
					e++
				}
				s.failWeak(KindIndentation, e, e, "unindent does not match any outer indentation level")
				return false
			}
			if alt != s.altIndents[top] {
				s.failWeak(KindTab, s.lineStart, s.lineStart, "inconsistent use of tabs and spaces in indentation")
				return false
			}
		}
		return true
	}
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'A' <= c&^0x20 && c&^0x20 <= 'Z' }

func isIdentStart(r rune) bool {
	if r < utf8.RuneSelf {
		return isLetter(byte(r)) || r == '_'
	}
	return unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)
}

func isIdentContinue(r rune) bool {
	if r < utf8.RuneSelf {
		return isLetter(byte(r)) || r == '_' || isDigit(byte(r))
	}
	return isIdentStart(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}

// scanName scans an identifier, keyword or string prefix.
func (s *scanner) scanName() {
	src := s.src.src
	start := s.i
	for s.i < s.end {
		c := src[s.i]
		if c < utf8.RuneSelf {
			if !(isLetter(c) || isDigit(c) || c == '_') {
				break
			}
			s.i++
			continue
		}
		r, size := utf8.DecodeRune(src[s.i:s.end])
		if r == utf8.RuneError && size <= 1 {
			s.fail(KindSyntax, s.i, s.i, fmt.Sprintf("(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %d: invalid start byte", src[s.i], s.i-s.lineStart))
			return
		}
		ok := isIdentContinue(r)
		if s.i == start {
			ok = isIdentStart(r)
		}
		if !ok {
			if s.i == start {
				s.badChar(r)
				return
			}
			break
		}
		s.i += size
	}
	word := src[start:s.i]
	if s.i < s.end && (src[s.i] == '"' || src[s.i] == '\'') && isStringPrefix(word) {
		s.scanString(start, s.i)
		return
	}
	if !isASCII(word) {
		for i := 0; i < len(word); {
			r, size := utf8.DecodeRune(word[i:])
			if hasCompatDecomposition(r) && s.src.nfkc == nil {
				// Reported only if the source is otherwise valid, so
				// that real syntax errors come first as in CPython.
				s.src.nfkc = s.src.errorAt(KindSyntax, s.posAt(start), s.posAt(s.i), fmt.Sprintf("identifier %q contains %q (U+%04X), which Python normalizes (NFKC); such identifiers are not supported by the embedded interpreter", word, r, r))
			}
			i += size
		}
	}
	kind := tName
	if len(word) <= 8 {
		if k, ok := keywords[string(word)]; ok {
			kind = k
		}
	}
	s.emit(kind, start, s.i, s.posAt(start))
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// compatRanges lists identifier characters that NFKC normalization
// changes (fullwidth and mathematical letters, ligatures, letterlike
// symbols, ...). CPython normalizes identifiers, so "ｘ" and "x" are one
// name; this package does not normalize and rejects them instead of
// silently treating them as different names. The list covers the common
// blocks, not every compatibility character.
var compatRanges = [][2]rune{
	{0x00AA, 0x00AA}, {0x00B5, 0x00B5}, {0x00BA, 0x00BA},
	{0x0132, 0x0133}, {0x013F, 0x0140}, {0x0149, 0x0149}, {0x017F, 0x017F},
	{0x01C4, 0x01CC}, {0x01F1, 0x01F3}, {0x02B0, 0x02B8}, {0x02E0, 0x02E4},
	{0x037A, 0x037A}, {0x03D0, 0x03D6}, {0x03F0, 0x03F2}, {0x03F4, 0x03F5},
	{0x03F9, 0x03F9}, {0x1D2C, 0x1D6A}, {0x1D78, 0x1D78}, {0x1D9B, 0x1DBF},
	{0x1E9A, 0x1E9B}, {0x2071, 0x2071}, {0x207F, 0x207F}, {0x2090, 0x209C},
	{0x2102, 0x2149}, {0x2160, 0x217F}, {0x2C7C, 0x2C7D}, {0x3131, 0x318E},
	{0xFB00, 0xFB06}, {0xFB13, 0xFB17}, {0xFB20, 0xFB29}, {0xFB4F, 0xFDFF},
	{0xFE70, 0xFEFC}, {0xFF10, 0xFF19}, {0xFF21, 0xFF3A}, {0xFF3F, 0xFF3F},
	{0xFF41, 0xFF5A}, {0xFF66, 0xFFDC}, {0x1D400, 0x1D7FF}, {0x1EE00, 0x1EEFF},
}

func hasCompatDecomposition(r rune) bool {
	for _, rg := range compatRanges {
		if r < rg[0] {
			return false
		}
		if r <= rg[1] {
			return true
		}
	}
	return false
}

func (s *scanner) badChar(r rune) {
	if unicode.IsPrint(r) {
		s.fail(KindSyntax, s.i, s.i, fmt.Sprintf("invalid character '%c' (U+%04X)", r, r))
	} else {
		s.fail(KindSyntax, s.i, s.i, fmt.Sprintf("invalid non-printable character U+%04X", r))
	}
}

func isStringPrefix(w []byte) bool {
	switch len(w) {
	case 1:
		switch w[0] | 0x20 {
		case 'r', 'u', 'b', 'f':
			return true
		}
	case 2:
		a, b := w[0]|0x20, w[1]|0x20
		return (a == 'r' && (b == 'b' || b == 'f')) || (b == 'r' && (a == 'b' || a == 'f'))
	}
	return false
}

// scanString scans a string literal whose prefix starts at start and whose
// opening quote is at q. Decoding happens in the parser.
func (s *scanner) scanString(start, q int) {
	src := s.src.src
	pos := s.posAt(start)
	quote := src[q]
	triple := q+2 < s.end && src[q+1] == quote && src[q+2] == quote
	startLine, startLineStart := s.line, s.lineStart
	if triple {
		s.i = q + 3
	} else {
		s.i = q + 1
	}
	for {
		if s.i >= s.end {
			s.unterminated(triple, start, startLine, startLineStart)
			return
		}
		c := src[s.i]
		switch {
		case c == '\\':
			if s.i+1 < s.end {
				if src[s.i+1] == '\n' {
					s.newline(s.i + 1)
					s.src.join(s.line)
				}
				s.i += 2
				continue
			}
			s.i++
		case c == '\n':
			if !triple {
				s.unterminated(false, start, startLine, startLineStart)
				return
			}
			s.newline(s.i)
			s.src.join(s.line)
			s.i++
		case c == quote:
			if !triple {
				s.i++
				s.emit(tString, start, s.i, pos)
				return
			}
			if s.i+2 < s.end && src[s.i+1] == quote && src[s.i+2] == quote {
				s.i += 3
				s.emit(tString, start, s.i, pos)
				return
			}
			s.i++
		default:
			s.i++
		}
	}
}

func (s *scanner) unterminated(triple bool, start, startLine, startLineStart int) {
	detected := s.line
	if s.i >= s.end && s.i > 0 && s.src.src[s.i-1] == '\n' && triple {
		detected--
	}
	if !triple && s.i < s.end && s.src.src[s.i] == '\n' {
		detected = s.line
	}
	msg := fmt.Sprintf("unterminated string literal (detected at line %d)", detected)
	if triple {
		msg = fmt.Sprintf("unterminated triple-quoted string literal (detected at line %d)", detected)
	}
	if s.err == nil {
		p := Position{Line: startLine, Col: start - startLineStart + 1}
		s.err = s.src.errorAt(KindSyntax, p, p, msg)
	}
}

// scanNumber scans a numeric literal with CPython's validation messages.
func (s *scanner) scanNumber() {
	src := s.src.src
	start := s.i
	pos := s.posAt(start)
	c := src[s.i]
	if c == '0' && s.i+1 < s.end {
		switch src[s.i+1] | 0x20 {
		case 'x':
			s.i += 2
			if !s.radixDigits(16, "hexadecimal") {
				return
			}
			s.endNumber(start, pos, "hexadecimal")
			return
		case 'o':
			s.i += 2
			if !s.radixDigits(8, "octal") {
				return
			}
			s.endNumber(start, pos, "octal")
			return
		case 'b':
			s.i += 2
			if !s.radixDigits(2, "binary") {
				return
			}
			s.endNumber(start, pos, "binary")
			return
		}
	}
	if c != '.' {
		// integer part
		nonzero := false
		for s.i < s.end && (isDigit(src[s.i]) || src[s.i] == '_') {
			if src[s.i] == '_' {
				if !isDigit(s.peekByte(1)) {
					s.fail(KindSyntax, s.i, s.i, "invalid decimal literal")
					return
				}
			} else if src[s.i] != '0' {
				nonzero = true
			}
			s.i++
		}
		leadingZero := c == '0' && s.i-start > 1 && nonzero
		if leadingZero {
			// Only allowed if this turns out to be a float or imaginary.
			nx := s.peekByte(0)
			if nx != '.' && nx|0x20 != 'e' && nx|0x20 != 'j' {
				zerosEnd := start
				for zerosEnd < s.i && (src[zerosEnd] == '0' || src[zerosEnd] == '_') {
					zerosEnd++
				}
				s.fail(KindSyntax, start, zerosEnd, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")
				return
			}
		}
	}
	if s.peekByte(0) == '.' {
		s.i++
		if s.i < s.end && isDigit(src[s.i]) {
			if !s.decimalDigits() {
				return
			}
		}
	}
	if s.peekByte(0)|0x20 == 'e' {
		save := s.i
		s.i++
		signed := false
		if s.peekByte(0) == '+' || s.peekByte(0) == '-' {
			s.i++
			signed = true
		}
		if !isDigit(s.peekByte(0)) {
			// CPython's column for number errors is that of the last
			// character accepted.
			if signed {
				s.fail(KindSyntax, s.i-1, s.i-1, "invalid decimal literal")
				return
			}
			if s.isKeywordAfterNumber(save) {
				s.i = save
				s.emit(tNumber, start, s.i, pos)
				return
			}
			s.fail(KindSyntax, save-1, save-1, "invalid decimal literal")
			return
		}
		if !s.decimalDigits() {
			return
		}
	}
	if s.peekByte(0)|0x20 == 'j' {
		s.i++
		s.endNumber(start, pos, "imaginary")
		return
	}
	s.endNumber(start, pos, "decimal")
}

// decimalDigits scans digits with single underscores between them.
func (s *scanner) decimalDigits() bool {
	src := s.src.src
	for s.i < s.end && (isDigit(src[s.i]) || src[s.i] == '_') {
		if src[s.i] == '_' && !isDigit(s.peekByte(1)) {
			s.fail(KindSyntax, s.i, s.i, "invalid decimal literal")
			return false
		}
		s.i++
	}
	return true
}

func (s *scanner) radixDigits(base int, name string) bool {
	src := s.src.src
	n := 0
	for s.i < s.end {
		c := src[s.i]
		if c == '_' {
			s.i++
			if s.i >= s.end || digitVal(src[s.i]) >= base {
				if s.i < s.end && digitVal(src[s.i]) < 10 {
					s.fail(KindSyntax, s.i, s.i, fmt.Sprintf("invalid digit '%c' in %s literal", src[s.i], name))
					return false
				}
				s.fail(KindSyntax, s.i-1, s.i-1, fmt.Sprintf("invalid %s literal", name))
				return false
			}
			continue
		}
		d := digitVal(c)
		if d >= base {
			if d < 10 {
				s.fail(KindSyntax, s.i, s.i, fmt.Sprintf("invalid digit '%c' in %s literal", c, name))
				return false
			}
			break
		}
		n++
		s.i++
	}
	if n == 0 {
		s.fail(KindSyntax, s.i-1, s.i-1, fmt.Sprintf("invalid %s literal", name))
		return false
	}
	return true
}

func digitVal(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case 'a' <= c|0x20 && c|0x20 <= 'z':
		return int(c|0x20-'a') + 10
	}
	return 99
}

// isKeywordAfterNumber reports whether a keyword that may legally follow
// a number without space ("1if x else 2") starts at off.
func (s *scanner) isKeywordAfterNumber(off int) bool {
	rest := s.src.src[off:s.end]
	for _, kw := range [...]string{"and", "else", "for", "if", "in", "is", "not", "or"} {
		if len(rest) >= len(kw) && string(rest[:len(kw)]) == kw {
			return true
		}
	}
	return false
}

// endNumber checks what follows a number and emits it.
func (s *scanner) endNumber(start int, pos Position, name string) {
	if s.i < s.end {
		r, _ := utf8.DecodeRune(s.src.src[s.i:s.end])
		if isIdentContinue(r) && !s.isKeywordAfterNumber(s.i) {
			// CPython's column is that of the last character accepted.
			s.fail(KindSyntax, s.i-1, s.i-1, fmt.Sprintf("invalid %s literal", name))
			return
		}
	}
	s.emit(tNumber, start, s.i, pos)
}

// closer returns the opening bracket matched by the closing bracket c.
func closer(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}

func (s *scanner) scanOperator(c byte) {
	start := s.i
	pos := s.posAt(start)
	n1, n2 := s.peekByte(1), s.peekByte(2)
	kind, size := tEOF, 1
	switch c {
	case '(':
		kind = tLParen
	case ')':
		kind = tRParen
	case '[':
		kind = tLBrack
	case ']':
		kind = tRBrack
	case '{':
		kind = tLBrace
	case '}':
		kind = tRBrace
	case ':':
		kind = tColon
		if n1 == '=' {
			kind, size = tColonEqual, 2
		}
	case ',':
		kind = tComma
	case ';':
		kind = tSemi
	case '+':
		kind = tPlus
		if n1 == '=' {
			kind, size = tPlusEqual, 2
		}
	case '-':
		kind = tMinus
		if n1 == '=' {
			kind, size = tMinusEqual, 2
		} else if n1 == '>' {
			kind, size = tRArrow, 2
		}
	case '*':
		kind = tStar
		if n1 == '*' {
			kind, size = tDoubleStar, 2
			if n2 == '=' {
				kind, size = tDoubleStarEqual, 3
			}
		} else if n1 == '=' {
			kind, size = tStarEqual, 2
		}
	case '/':
		kind = tSlash
		if n1 == '/' {
			kind, size = tDoubleSlash, 2
			if n2 == '=' {
				kind, size = tDoubleSlashEqual, 3
			}
		} else if n1 == '=' {
			kind, size = tSlashEqual, 2
		}
	case '|':
		kind = tVBar
		if n1 == '=' {
			kind, size = tVBarEqual, 2
		}
	case '&':
		kind = tAmper
		if n1 == '=' {
			kind, size = tAmperEqual, 2
		}
	case '<':
		kind = tLess
		switch n1 {
		case '=':
			kind, size = tLessEqual, 2
		case '<':
			kind, size = tLShift, 2
			if n2 == '=' {
				kind, size = tLShiftEqual, 3
			}
		case '>':
			kind, size = tErrorTok, 2 // "<>" is invalid syntax in Python 3
		}
	case '>':
		kind = tGreater
		switch n1 {
		case '=':
			kind, size = tGreaterEqual, 2
		case '>':
			kind, size = tRShift, 2
			if n2 == '=' {
				kind, size = tRShiftEqual, 3
			}
		}
	case '=':
		kind = tEqual
		if n1 == '=' {
			kind, size = tEqEqual, 2
		}
	case '!':
		kind = tBang
		if n1 == '=' {
			kind, size = tNotEqual, 2
		}
	case '.':
		kind = tDot
		if n1 == '.' && n2 == '.' {
			kind, size = tEllipsis, 3
		}
	case '%':
		kind = tPercent
		if n1 == '=' {
			kind, size = tPercentEqual, 2
		}
	case '~':
		kind = tTilde
	case '^':
		kind = tCircumflex
		if n1 == '=' {
			kind, size = tCircumflexEqual, 2
		}
	case '@':
		kind = tAt
		if n1 == '=' {
			kind, size = tAtEqual, 2
		}
	}
	if kind == tEOF {
		if c < 0x20 || c == 0x7f {
			s.fail(KindSyntax, start, start, fmt.Sprintf("invalid non-printable character U+%04X", c))
			return
		}
		// "$", "?", "`": CPython's parser reports these as plain invalid
		// syntax at the character, so they become a token nothing accepts.
		kind = tErrorTok
	}
	switch kind {
	case tLParen, tLBrack, tLBrace:
		if len(s.parens) >= maxParenDepth {
			s.fail(KindSyntax, start, start, "too many nested parentheses")
			return
		}
		s.parens = append(s.parens, openParen{ch: c, pos: pos, off: start})
	case tRParen, tRBrack, tRBrace:
		if len(s.parens) == 0 {
			if s.baseParens > 0 {
				break
			}
			s.fail(KindSyntax, start, start, fmt.Sprintf("unmatched '%c'", c))
			return
		}
		open := s.parens[len(s.parens)-1]
		if open.ch != closer(c) {
			if open.pos.Line != pos.Line {
				s.fail(KindSyntax, start, start, fmt.Sprintf("closing parenthesis '%c' does not match opening parenthesis '%c' on line %d", c, open.ch, open.pos.Line))
			} else {
				s.fail(KindSyntax, start, start, fmt.Sprintf("closing parenthesis '%c' does not match opening parenthesis '%c'", c, open.ch))
			}
			return
		}
		s.parens = s.parens[:len(s.parens)-1]
	}
	s.i += size
	s.emit(kind, start, s.i, pos)
}
