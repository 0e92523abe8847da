package syntax

import (
	"bytes"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolplane/toolplane/python/internal/intconv"
	"github.com/toolplane/toolplane/python/internal/uniname"
)

// posOf converts a byte offset to a Position.
func (s *source) posOf(off int) Position {
	i := sort.SearchInts(s.lineStarts, off+1) - 1
	if i < 0 {
		i = 0
	}
	return Position{Line: i + 1, Col: off - s.lineStarts[i] + 1}
}

// maxLiteralDigits is CPython's default int_max_str_digits, which bounds
// decimal int literals too.
const maxLiteralDigits = 4300

// number converts a NUMBER token to a Constant.
func (p *parser) number(t *token) Expr {
	text := p.text(t)
	c := &Constant{Span: span(t.pos(), t.end())}
	clean := strings.ReplaceAll(text, "_", "")
	last := clean[len(clean)-1]
	isRadix := len(clean) > 1 && clean[0] == '0' && strings.ContainsRune("xXoObB", rune(clean[1]))
	switch {
	case last == 'j' || last == 'J':
		f, _ := strconv.ParseFloat(clean[:len(clean)-1], 64)
		c.Value = complex(0, f)
	case !isRadix && strings.ContainsAny(clean, ".eE"):
		f, _ := strconv.ParseFloat(clean, 64)
		c.Value = f
	default:
		digits, base := clean, 10
		if isRadix {
			switch clean[1] | 0x20 {
			case 'x':
				base = 16
			case 'o':
				base = 8
			case 'b':
				base = 2
			}
			digits = clean[2:]
		}
		if v, err := strconv.ParseInt(digits, base, 64); err == nil {
			c.Value = v
		} else {
			var b *big.Int
			var ok bool
			if base == 10 {
				// As CPython: decimal conversion is quadratic, so a
				// literal of more than 4300 digits is refused.
				if n := len(strings.TrimLeft(digits, "0")); n > maxLiteralDigits {
					// CPython reports it at column 0 of the line.
					at := Position{Line: t.pos().Line}
					p.failAt(at, at, "Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals to avoid decimal conversion limits.", maxLiteralDigits, n)
				}
				b, ok = new(big.Int).SetString(digits, base)
			} else {
				b, ok = intconv.ParsePow2(digits, base)
			}
			if !ok {
				p.failAt(t.pos(), t.end(), "invalid decimal literal")
			}
			c.Value = b
		}
	}
	return c
}

// strBuilder accumulates the parts of a (possibly concatenated) string
// literal.
type strBuilder struct {
	parts   []Expr
	lit     strings.Builder
	litPos  Position
	hasLit  bool
	kindU   bool
	isBytes bool
}

func (b *strBuilder) addLit(s string, pos Position) {
	if s == "" {
		return
	}
	if !b.hasLit {
		b.litPos = pos
		b.hasLit = true
	}
	b.lit.WriteString(s)
}

func (b *strBuilder) flush(end Position) {
	if b.hasLit && b.lit.Len() > 0 {
		c := &Constant{Span: span(b.litPos, end), Value: b.lit.String()}
		if b.kindU {
			c.Kind = "u"
		}
		b.parts = append(b.parts, c)
	}
	b.lit.Reset()
	b.hasLit = false
}

// strings parses adjacent STRING tokens into a Constant or JoinedStr.
func (p *parser) strings() Expr {
	first := p.tok()
	var b strBuilder
	var raw strings.Builder // accumulated bytes value
	isF := false
	mixed := false
	n := 0
	// CPython reports f-string errors at the token after the literals.
	i := p.p
	for i < len(p.toks)-1 && p.toks[i].kind == tString {
		i++
	}
	p.fstringErr = &p.toks[i]
	for p.tok().kind == tString {
		t := p.next()
		text := p.text(t)
		q := strings.IndexAny(text, "'\"")
		prefix := strings.ToLower(text[:q])
		isRaw := strings.ContainsRune(prefix, 'r')
		isBytes := strings.ContainsRune(prefix, 'b')
		fstr := strings.ContainsRune(prefix, 'f')
		quoteLen := 1
		if len(text)-q >= 6 && text[q+1] == text[q] && text[q+2] == text[q] {
			quoteLen = 3
		}
		bodyStart := int(t.off) + q + quoteLen
		bodyEnd := int(t.endOff) - quoteLen
		if n == 0 {
			b.isBytes = isBytes
			b.kindU = strings.ContainsRune(prefix, 'u')
		} else if isBytes != b.isBytes {
			mixed = true
		}
		n++
		if fstr {
			isF = true
			p.fstringBody(&b, t, bodyStart, bodyEnd, isRaw, 0)
			continue
		}
		body := p.src.text[bodyStart:bodyEnd]
		if isBytes {
			for i := 0; i < len(body); i++ {
				if body[i] >= utf8.RuneSelf {
					p.failAt(t.pos(), t.end(), "bytes can only contain ASCII literal characters")
				}
			}
			if isRaw {
				raw.WriteString(body)
			} else {
				raw.WriteString(p.decodeEscapes(t, body, true))
			}
			continue
		}
		if !isRaw {
			body = p.decodeEscapes(t, body, false)
		}
		b.addLit(body, t.pos())
	}
	end := p.prevEnd()
	if mixed {
		// CPython reports this at the token after the literals.
		at := p.tok()
		p.failAt(at.pos(), at.end(), "cannot mix bytes and nonbytes literals")
	}
	if b.isBytes {
		return &Constant{Span: span(first.pos(), end), Value: Bytes(raw.String())}
	}
	if !isF {
		c := &Constant{Span: span(first.pos(), end), Value: b.lit.String()}
		if b.kindU {
			c.Kind = "u"
		}
		return c
	}
	b.flush(end)
	js := &JoinedStr{Span: span(first.pos(), end), Values: b.parts}
	// CPython 3.11 gives every part of an f-string the position of the
	// whole literal (format specs: of their own token); only the
	// expressions in replacement fields keep their own.
	setFStringSpans(js, js.Span)
	return js
}

func setFStringSpans(js *JoinedStr, sp Span) {
	js.Span = sp
	for _, v := range js.Values {
		switch v := v.(type) {
		case *Constant:
			v.Span = sp
		case *FormattedValue:
			v.Span = sp
		}
	}
}

// decodeEscapes processes backslash escapes of a str (or, with isBytes, a
// bytes) literal body.
func (p *parser) decodeEscapes(t *token, body string, isBytes bool) string {
	i := strings.IndexByte(body, '\\')
	if i < 0 {
		return body
	}
	var out strings.Builder
	out.Grow(len(body))
	out.WriteString(body[:i])
	unicodeErr := func(start, end int, what string) {
		p.failAt(t.end(), t.end(), "(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: %s", start, end, what)
	}
	for i < len(body) {
		c := body[i]
		if c != '\\' {
			j := strings.IndexByte(body[i:], '\\')
			if j < 0 {
				out.WriteString(body[i:])
				break
			}
			out.WriteString(body[i : i+j])
			i += j
			continue
		}
		start := i
		i++
		if i >= len(body) {
			out.WriteByte('\\')
			break
		}
		c = body[i]
		i++
		switch c {
		case '\n':
		case '\\':
			out.WriteByte('\\')
		case '\'':
			out.WriteByte('\'')
		case '"':
			out.WriteByte('"')
		case 'a':
			out.WriteByte('\a')
		case 'b':
			out.WriteByte('\b')
		case 'f':
			out.WriteByte('\f')
		case 'n':
			out.WriteByte('\n')
		case 'r':
			out.WriteByte('\r')
		case 't':
			out.WriteByte('\t')
		case 'v':
			out.WriteByte('\v')
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := int(c - '0')
			for k := 0; k < 2 && i < len(body) && '0' <= body[i] && body[i] <= '7'; k++ {
				v = v*8 + int(body[i]-'0')
				i++
			}
			if isBytes {
				out.WriteByte(byte(v))
			} else {
				out.WriteRune(rune(v))
			}
		case 'x', 'u', 'U':
			if isBytes && c != 'x' {
				out.WriteByte('\\')
				out.WriteByte(c)
				continue
			}
			digits := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
			v, k := 0, 0
			for k < digits && i < len(body) && digitVal(body[i]) < 16 {
				v = v*16 + digitVal(body[i])
				i++
				k++
			}
			if k < digits {
				if isBytes {
					p.failAt(t.end(), t.end(), "(value error) invalid \\x escape at position %d", start)
				}
				names := map[byte]string{'x': "truncated \\xXX escape", 'u': "truncated \\uXXXX escape", 'U': "truncated \\UXXXXXXXX escape"}
				unicodeErr(start, i-1, names[c])
			}
			switch {
			case isBytes:
				out.WriteByte(byte(v))
			case v > utf8.MaxRune:
				unicodeErr(start, i-1, "illegal Unicode character")
			case 0xD800 <= v && v <= 0xDFFF:
				writeSurrogate(&out, v)
			default:
				out.WriteRune(rune(v))
			}
		case 'N':
			if isBytes {
				out.WriteString("\\N")
				continue
			}
			// CPython's unicode-escape decoder: a name in braces, looked up
			// without regard to case; the error spans the escape up to
			// where the decoder stopped.
			if i >= len(body) || body[i] != '{' {
				unicodeErr(start, i-1, "malformed \\N character escape")
				break
			}
			j := strings.IndexByte(body[i+1:], '}')
			if j < 0 {
				unicodeErr(start, len(body)-1, "malformed \\N character escape")
				break
			}
			if j == 0 {
				unicodeErr(start, i, "malformed \\N character escape")
				break
			}
			r, ok := uniname.Lookup(body[i+1 : i+1+j])
			i += j + 2
			if !ok {
				unicodeErr(start, i-1, "unknown Unicode character name")
				break
			}
			out.WriteRune(r)
		default:
			out.WriteByte('\\')
			out.WriteByte(c)
		}
	}
	return out.String()
}

// writeSurrogate appends a lone surrogate code point (which UTF-8 cannot
// represent, but a Python str can hold) in WTF-8: the 3-byte sequence
// that UTF-8 would use for it.
func writeSurrogate(b *strings.Builder, v int) {
	b.WriteByte(0xED)
	b.WriteByte(byte(0x80 | (v>>6)&0x3F))
	b.WriteByte(byte(0x80 | v&0x3F))
}

// decodeWTF8 decodes one code point of a string that may hold WTF-8
// surrogates, returning it and its size.
func decodeWTF8(s string) (rune, int) {
	if len(s) >= 3 && s[0] == 0xED && s[1] >= 0xA0 && s[1] <= 0xBF && s[2]&0xC0 == 0x80 {
		return rune(0xD000 | int(s[1]&0x3F)<<6 | int(s[2]&0x3F)), 3
	}
	return utf8.DecodeRuneInString(s)
}

// fstringBody parses the body src[start:end] of an f-string token (or of a
// format spec, when depth > 0) into b. For a format spec it stops at the
// closing '}' and returns its offset; otherwise it returns end.
func (p *parser) fstringBody(b *strBuilder, t *token, start, end int, isRaw bool, depth int) int {
	src := p.src.src
	i := start
	litStart := i
	flushLit := func(upTo int) {
		if upTo > litStart {
			text := string(src[litStart:upTo])
			if !isRaw {
				text = p.decodeEscapes(t, text, false)
			}
			b.addLit(text, p.src.posOf(litStart))
		}
	}
	for i < end {
		c := src[i]
		switch {
		case c == '\\' && !isRaw && i+1 < end:
			if src[i+1] == 'N' && i+2 < end && src[i+2] == '{' {
				// A \N{name} escape: its braces are part of the literal,
				// which decodeEscapes reads (or reports malformed).
				if j := bytes.IndexByte(src[i+3:end], '}'); j >= 0 {
					i += j + 4
				} else {
					i = end
				}
				continue
			}
			i += 2
			if src[i-1] == '{' || src[i-1] == '}' {
				// "\{" keeps the backslash and the brace starts a field.
				i--
			}
		case c == '{':
			if depth == 0 && i+1 < end && src[i+1] == '{' {
				flushLit(i + 1)
				i += 2
				litStart = i
				continue
			}
			flushLit(i)
			i = p.fstringField(b, t, i, end, isRaw, depth)
			litStart = i
		case c == '}':
			if depth > 0 {
				flushLit(i)
				return i
			}
			if i+1 < end && src[i+1] == '}' {
				flushLit(i + 1)
				i += 2
				litStart = i
				continue
			}
			p.failFString("f-string: single '}' is not allowed")
		default:
			i++
		}
	}
	flushLit(end)
	if depth > 0 {
		p.failFString("f-string: expecting '}'")
	}
	return end
}

// failFString reports an f-string error; messages already carry the
// "f-string" wording.
func (p *parser) failFString(msg string) {
	t := p.fstringErr
	if t.kind == tErrorTok && p.scanErr != nil {
		panic(bailout{err: p.scanErr, fatal: true})
	}
	panic(bailout{err: p.src.errorAt(KindSyntax, t.pos(), t.end(), msg)})
}

// fstringField parses one replacement field starting at the '{' at
// offset open and returns the offset after its closing '}'.
func (p *parser) fstringField(b *strBuilder, t *token, open, end int, isRaw bool, depth int) int {
	src := p.src.src
	if depth >= 2 {
		p.failFString("f-string: expressions nested too deeply")
	}
	exprStart := open + 1
	j := exprStart
	var stack []byte
	var quote byte
	tripleQuote := false
scan:
	for ; j < end; j++ {
		c := src[j]
		if c == '\\' {
			p.failFString("f-string expression part cannot include a backslash")
		}
		if quote != 0 {
			if c == quote {
				if !tripleQuote {
					quote = 0
				} else if j+2 < end && src[j+1] == quote && src[j+2] == quote {
					quote = 0
					j += 2
				}
			}
			continue
		}
		switch c {
		case '\'', '"':
			quote = c
			tripleQuote = j+2 < end && src[j+1] == c && src[j+2] == c
			if tripleQuote {
				j += 2
			}
		case '(', '[', '{':
			if len(stack) >= maxParenDepth {
				p.failFString("f-string: too many nested parenthesis")
			}
			stack = append(stack, c)
		case ')', ']', '}':
			if len(stack) == 0 {
				if c == '}' {
					break scan
				}
				p.failFString(fmt.Sprintf("f-string: unmatched '%c'", c))
			}
			open := stack[len(stack)-1]
			if closer(c) != open {
				p.failFString(fmt.Sprintf("f-string: closing parenthesis '%c' does not match opening parenthesis '%c'", c, open))
			}
			stack = stack[:len(stack)-1]
		case '#':
			p.failFString("f-string expression part cannot include '#'")
		case '<', '>', '!', '=':
			if j+1 < end && src[j+1] == '=' {
				j++
				continue
			}
			if len(stack) == 0 && (c == '!' || c == '=') {
				break scan
			}
		case ':':
			if len(stack) == 0 {
				break scan
			}
		}
	}
	if quote != 0 {
		p.failFString("f-string: unterminated string")
	}
	if j >= end {
		if len(stack) > 0 {
			p.failFString(fmt.Sprintf("f-string: unmatched '%c'", stack[len(stack)-1]))
		}
		p.failFString("f-string: expecting '}'")
	}
	exprEnd := j
	if strings.TrimLeft(string(src[exprStart:exprEnd]), " \t\n\f") == "" {
		if c := src[exprEnd]; c != '}' {
			p.failFString(fmt.Sprintf("f-string: expression required before '%c'", c))
		}
		p.failFString("f-string: empty expression not allowed")
	}
	value := p.fstringExpr(exprStart, exprEnd)
	fv := &FormattedValue{Value: value, Conversion: ConvNone}
	selfDoc := false
	if src[j] == '=' {
		selfDoc = true
		j++
		for j < end && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\f') {
			j++
		}
		b.addLit(string(src[exprStart:j]), p.src.posOf(exprStart))
		if j >= end {
			p.failFString("f-string: expecting '}'")
		}
	}
	if src[j] == '!' {
		j++
		if j >= end {
			p.failFString("f-string: expecting '}'")
		}
		switch src[j] {
		case 's', 'r', 'a':
			fv.Conversion = int(src[j])
		default:
			p.failFString("f-string: invalid conversion character: expected 's', 'r', or 'a'")
		}
		j++
		if j >= end || (src[j] != ':' && src[j] != '}') {
			p.failFString("f-string: expecting '}'")
		}
	}
	if src[j] == ':' {
		j++
		var spec strBuilder
		j = p.fstringBody(&spec, t, j, end, isRaw, depth+1)
		spec.flush(p.src.posOf(j))
		specJS := &JoinedStr{Values: spec.parts}
		setFStringSpans(specJS, span(t.pos(), t.end()))
		for _, v := range specJS.Values {
			if f, ok := v.(*FormattedValue); ok {
				if inner, ok := f.FormatSpec.(*JoinedStr); ok {
					setFStringSpans(inner, span(t.pos(), t.end()))
				}
			}
		}
		fv.FormatSpec = specJS
	}
	if j >= end || src[j] != '}' {
		p.failFString("f-string: expecting '}'")
	}
	if selfDoc && fv.Conversion == ConvNone && fv.FormatSpec == nil {
		fv.Conversion = ConvRepr
	}
	j++
	b.flush(p.src.posOf(open))
	fv.Span = span(p.src.posOf(open), p.src.posOf(j))
	b.parts = append(b.parts, fv)
	return j
}

// fstringExpr parses the expression of a replacement field, as CPython
// 3.11 does: as if it were enclosed in parentheses.
func (p *parser) fstringExpr(start, end int) Expr {
	startPos := p.src.posOf(start)
	// CPython 3.11 parses the field as "(" + expr + ")" on its own, so its
	// error columns count from the start of that string.
	remap := func(e *Error) *Error {
		shift := p.src.charCol(startPos.Line, startPos.Col) - 2
		if e.Line == startPos.Line {
			// The source line shown is CPython's parenthesized copy.
			e.SourceLine = "(" + string(p.src.src[start:end]) + ")"
			e.Col -= shift
			if e.EndLine == e.Line && e.EndCol > 0 {
				e.EndCol -= shift
			}
		}
		return e
	}
	sc := newScanner(p.src, start, end, startPos, true)
	sc.poll = p.poll
	sc.scan()
	if p.poll.err() != nil {
		p.cancel()
	}
	if sc.err != nil {
		panic(bailout{err: remap(sc.err), fstringDone: true})
	}
	sub := &parser{poll: p.poll, src: p.src, toks: sc.toks, fstring: p.fstring + 1, depth: p.depth, scanErrAt: -1, brackets: 1,
		wrapStart: p.src.posOf(start - 1), wrapEnd: p.src.posOf(end + 1)}
	var e Expr
	func() {
		defer func() {
			if r := recover(); r != nil {
				if b, ok := r.(bailout); ok {
					if b.err != nil && strings.HasPrefix(b.err.Msg, "f-string: ") && !b.fstringDone {
						remap(b.err)
					}
					// A field's errors are not tokenizer errors of the
					// source, except that nesting too deep stays fatal.
					b.fatal = b.err != nil && b.err.Kind == KindRecursion
					b.fstringDone = true
					panic(b)
				}
				panic(r)
			}
		}()
		e = sub.fstringContents()
	}()
	return e
}

// fstringContents parses "yield ..." or a star expression list, possibly a
// generator expression, up to the end of the field.
func (p *parser) fstringContents() Expr {
	start := p.tok().pos()
	var e Expr
	if p.tok().kind == kwYield {
		e = p.yieldExpr()
	} else {
		first := p.starNamedExpression()
		// The field is parsed as if parenthesized, and CPython maps those
		// parentheses onto the characters around the expression.
		switch {
		case p.atComprehension():
			g := p.genexp(first, start)
			g.Span = span(p.wrapStart, p.wrapEnd)
			e = g
		case p.tok().kind == tComma:
			elts := []Expr{first}
			for p.got(tComma) {
				if p.tok().kind == tEOF {
					break
				}
				elts = append(elts, p.starNamedExpression())
			}
			e = &Tuple{Span: span(p.wrapStart, p.wrapEnd), Elts: elts}
		default:
			if st, ok := first.(*Starred); ok {
				p.failNode(st, "cannot use starred expression here")
			}
			e = first
		}
	}
	if p.tok().kind != tEOF {
		p.failGeneric()
	}
	return e
}
