package syntax

// The match statement (PEP 634). "match", "case" and "_" are soft
// keywords: they are names everywhere except where the grammar below
// expects them, so "match" starts a match statement only when the line
// reads "match SUBJECT:" and an indented block follows.

// matchStmt parses a match statement when the statement at hand is one,
// and returns nil when "match" starts an ordinary statement.
func (p *parser) matchStmt() Stmt {
	switch p.peek(1) {
	case tEqual, tDot, tNewline, tComma, tSemi, tColon, tEOF, tRParen:
		return nil // "match" used as a name
	}
	save := p.p
	isMatch, noColon := false, false
	subjectErr := p.tryErr(func() {
		p.next()
		p.subjectExpr()
		switch p.tok().kind {
		case tColon:
			isMatch = p.peek(1) == tNewline
		case tNewline:
			noColon = true
		}
	})
	p.p = save
	if !isMatch {
		// Not "match SUBJECT:" at the end of a line: an ordinary
		// statement such as "match(x)" or "match -x", unless that does
		// not parse either, when CPython reports the match statement's
		// error.
		if (noColon || (subjectErr != nil && subjectErr.Msg != "invalid syntax")) && !p.probe(func() { p.simpleStmts() }) {
			p.p = save
			if subjectErr != nil {
				panic(bailout{err: subjectErr})
			}
			p.next()
			p.subjectExpr()
			t := p.tok()
			p.failAt(t.pos(), t.pos(), "expected ':'")
		}
		p.p = save
		return nil
	}
	kw := p.next()
	m := &Match{Subject: p.subjectExpr()}
	p.next() // ':'
	p.next() // NEWLINE
	if t := p.tok(); t.kind != tIndent {
		p.failIndent(t, "expected an indented block after 'match' statement on line %d", kw.pos().Line)
	}
	p.next()
	for p.isName(p.tok(), "case") {
		m.Cases = append(m.Cases, p.caseBlock())
	}
	switch t := p.tok(); t.kind {
	case tDedent:
		if len(m.Cases) == 0 {
			p.failGeneric()
		}
		p.next()
	case tEOF:
		if len(m.Cases) == 0 {
			p.failGeneric()
		}
	default:
		p.failGeneric()
	}
	m.Span = span(kw.pos(), p.endPos())
	return m
}

// subjectExpr parses a match subject: a named expression, or a tuple of
// (possibly starred) expressions.
func (p *parser) subjectExpr() Expr {
	start := p.tok().pos()
	first := p.starNamedExpression()
	if p.tok().kind != tComma {
		if _, ok := first.(*Starred); ok {
			p.failGeneric()
		}
		return first
	}
	elts := []Expr{first}
	for p.got(tComma) {
		if !startsStarExpression(p.tok().kind) {
			break
		}
		elts = append(elts, p.starNamedExpression())
	}
	return &Tuple{Span: span(start, p.endPos()), Elts: elts}
}

// caseBlock parses "case patterns [if guard]: block".
func (p *parser) caseBlock() *MatchCase {
	kw := p.next() // "case"
	c := &MatchCase{Pattern: p.patterns()}
	if p.got(kwIf) {
		c.Guard = p.namedExpression()
	}
	p.expectColon()
	c.Body = p.block("'case' statement", kw.pos().Line)
	c.Span = span(kw.pos(), p.endPos())
	return c
}

// startsPattern reports whether a token of kind k can begin a pattern
// (or a star pattern).
func startsPattern(k tokKind) bool {
	switch k {
	case tName, tNumber, tString, tMinus, tLParen, tLBrack, tLBrace, tStar, kwNone, kwTrue, kwFalse:
		return true
	}
	return false
}

// patterns parses the pattern of a case: an open sequence "p, q" or a
// single pattern.
func (p *parser) patterns() Pattern {
	start := p.tok().pos()
	first := p.maybeStarPattern()
	if p.tok().kind != tComma {
		if _, ok := first.(*MatchStar); ok {
			p.failGeneric()
		}
		return first
	}
	pats := p.sequenceRest(first, tColon)
	return &MatchSequence{Span: span(start, p.endPos()), Patterns: pats}
}

// sequenceRest parses ", p, q [,]" after the first element of a sequence
// pattern; the list ends where no pattern follows a comma.
func (p *parser) sequenceRest(first Pattern, end tokKind) []Pattern {
	pats := []Pattern{first}
	for p.got(tComma) {
		if k := p.tok().kind; k == end || !startsPattern(k) {
			break
		}
		pats = append(pats, p.maybeStarPattern())
	}
	return pats
}

// maybeStarPattern parses a pattern or, in a sequence, "*name" / "*_".
func (p *parser) maybeStarPattern() Pattern {
	t := p.tok()
	if t.kind != tStar {
		return p.pattern()
	}
	p.next()
	n := p.tok()
	if n.kind != tName {
		p.failGeneric()
	}
	p.next()
	name := p.text(n)
	if name == "_" {
		name = ""
	} else {
		p.captureLookahead()
	}
	return &MatchStar{Span: span(t.pos(), n.end()), Name: name}
}

// captureLookahead enforces the !('.' | '(' | '=') that follows a capture
// target.
func (p *parser) captureLookahead() {
	switch p.tok().kind {
	case tDot, tLParen, tEqual:
		p.failGeneric()
	}
}

// pattern parses an or-pattern, possibly followed by "as name".
func (p *parser) pattern() Pattern {
	start := p.tok().pos()
	orp := p.orPattern()
	if p.tok().kind != kwAs {
		return orp
	}
	p.next()
	t := p.tok()
	if t.kind != tName {
		var target Expr
		if p.probe(func() { target = p.expression() }) {
			p.failNode(target, "invalid pattern target")
		}
		p.failGeneric()
	}
	name := p.text(t)
	if name == "_" {
		p.failAt(t.pos(), t.end(), "cannot use '_' as a target")
	}
	p.next()
	p.captureLookahead()
	return &MatchAs{Span: span(start, t.end()), Pattern: orp, Name: name}
}

// orPattern parses "p1 | p2 | ...".
func (p *parser) orPattern() Pattern {
	start := p.tok().pos()
	first := p.closedPattern()
	if p.tok().kind != tVBar {
		return first
	}
	pats := []Pattern{first}
	for p.got(tVBar) {
		pats = append(pats, p.closedPattern())
	}
	return &MatchOr{Span: span(start, p.endPos()), Patterns: pats}
}

// closedPattern parses a literal, capture, wildcard, value, group,
// sequence, mapping or class pattern.
func (p *parser) closedPattern() Pattern {
	p.enter()
	defer p.leave()
	t := p.tok()
	switch t.kind {
	case tNumber, tMinus:
		v := p.numberPattern()
		return &MatchValue{Span: span(v.Pos(), v.End()), Value: v}
	case tString:
		v := p.strings()
		return &MatchValue{Span: span(v.Pos(), v.End()), Value: v}
	case kwNone, kwTrue, kwFalse:
		p.next()
		var v any
		if t.kind != kwNone {
			v = t.kind == kwTrue
		}
		return &MatchSingleton{Span: span(t.pos(), t.end()), Value: v}
	case tName:
		name := p.text(t)
		if name == "_" {
			// The wildcard takes no lookahead: "_.x" and "_(...)" are
			// errors, as in CPython.
			p.next()
			return &MatchAs{Span: span(t.pos(), t.end())}
		}
		switch p.peek(1) {
		case tDot, tLParen, tEqual:
		default:
			p.next()
			return &MatchAs{Span: span(t.pos(), t.end()), Name: name}
		}
		v := p.nameOrAttr()
		if p.tok().kind == tLParen {
			return p.classPattern(v)
		}
		if _, isName := v.(*Name); isName || p.tok().kind == tEqual {
			p.failGeneric()
		}
		return &MatchValue{Span: span(v.Pos(), v.End()), Value: v}
	case tLParen:
		return p.parenPattern()
	case tLBrack:
		open := p.next()
		p.brackets++
		var pats []Pattern
		if p.tok().kind != tRBrack {
			pats = p.sequenceRest(p.maybeStarPattern(), tRBrack)
		}
		close := p.expect(tRBrack)
		p.brackets--
		return &MatchSequence{Span: span(open.pos(), close.end()), Patterns: pats}
	case tLBrace:
		return p.mappingPattern()
	}
	p.failGeneric()
	return nil
}

// parenPattern parses a group "(p)" or a sequence "()" / "(p,)" /
// "(p, q)".
func (p *parser) parenPattern() Pattern {
	open := p.next()
	p.brackets++
	defer func() { p.brackets-- }()
	if t := p.tok(); t.kind == tRParen {
		p.next()
		return &MatchSequence{Span: span(open.pos(), t.end())}
	}
	first := p.maybeStarPattern()
	if _, star := first.(*MatchStar); !star && p.tok().kind == tRParen {
		p.next()
		return first
	}
	if p.tok().kind != tComma {
		p.failGeneric()
	}
	pats := p.sequenceRest(first, tRParen)
	close := p.expect(tRParen)
	return &MatchSequence{Span: span(open.pos(), close.end()), Patterns: pats}
}

// nameOrAttr parses NAME ('.' NAME)*.
func (p *parser) nameOrAttr() Expr {
	t := p.expect(tName)
	var e Expr = &Name{Span: span(t.pos(), t.end()), Id: p.text(t)}
	for p.tok().kind == tDot {
		p.next()
		n := p.expect(tName)
		e = &Attribute{Span: span(t.pos(), n.end()), Value: e, Attr: p.text(n)}
	}
	return e
}

// numberPattern parses a signed number or a complex literal "real ± imag".
func (p *parser) numberPattern() Expr {
	start := p.tok()
	signed := func() (Expr, *Constant) {
		t := p.tok()
		if t.kind == tMinus {
			p.next()
			n := p.tok()
			if n.kind != tNumber {
				p.failGeneric()
			}
			p.next()
			c := p.number(n).(*Constant)
			return &UnaryOp{Span: span(t.pos(), n.end()), Op: USub, Operand: c}, c
		}
		p.next()
		c := p.number(t).(*Constant)
		return c, c
	}
	real, num := signed()
	op := p.tok()
	if op.kind != tPlus && op.kind != tMinus {
		return real
	}
	if _, isComplex := num.Value.(complex128); isComplex {
		p.failNode(num, "real number required in complex literal")
	}
	p.next()
	n := p.tok()
	if n.kind != tNumber {
		p.failGeneric()
	}
	p.next()
	imag := p.number(n).(*Constant)
	if _, isComplex := imag.Value.(complex128); !isComplex {
		p.failNode(imag, "imaginary number required in complex literal")
	}
	bop := Add
	if op.kind == tMinus {
		bop = Sub
	}
	return &BinOp{Span: span(start.pos(), n.end()), Left: real, Op: bop, Right: imag}
}

// mappingPattern parses "{key: p, ..., **rest}".
func (p *parser) mappingPattern() Pattern {
	open := p.next()
	p.brackets++
	defer func() { p.brackets-- }()
	m := &MatchMapping{}
	for {
		t := p.tok()
		if t.kind == tRBrace {
			break
		}
		if t.kind == tDoubleStar {
			p.next()
			n := p.tok()
			if n.kind != tName || p.text(n) == "_" {
				p.failGeneric()
			}
			p.next()
			p.captureLookahead()
			m.Rest = p.text(n)
			p.got(tComma)
			break
		}
		m.Keys = append(m.Keys, p.mappingKey())
		p.expect(tColon)
		m.Patterns = append(m.Patterns, p.pattern())
		if !p.got(tComma) {
			break
		}
	}
	close := p.expect(tRBrace)
	m.Span = span(open.pos(), close.end())
	return m
}

// mappingKey parses a key of a mapping pattern: a literal or a dotted
// name with at least one dot.
func (p *parser) mappingKey() Expr {
	t := p.tok()
	switch t.kind {
	case tNumber, tMinus:
		return p.numberPattern()
	case tString:
		return p.strings()
	case kwNone, kwTrue, kwFalse:
		return p.atom()
	case tName:
		if p.peek(1) == tDot {
			return p.nameOrAttr()
		}
	}
	p.failGeneric()
	return nil
}

// classPattern parses the arguments of "Cls(p, ..., name=p, ...)".
func (p *parser) classPattern(cls Expr) Pattern {
	p.next() // '('
	p.brackets++
	defer func() { p.brackets-- }()
	c := &MatchClass{Cls: cls}
	isKeyword := func() bool { return p.tok().kind == tName && p.peek(1) == tEqual }
	for p.tok().kind != tRParen {
		if isKeyword() {
			t := p.next()
			p.next() // '='
			c.KwdAttrs = append(c.KwdAttrs, p.text(t))
			c.KwdPatterns = append(c.KwdPatterns, p.pattern())
		} else {
			pat := p.pattern()
			if len(c.KwdAttrs) > 0 {
				last := pat
				for p.tok().kind == tComma && startsPattern(p.peek(1)) && !(p.peek(1) == tName && p.peek(2) == tEqual) {
					p.next()
					last = p.pattern()
				}
				p.failAt(pat.Pos(), last.End(), "positional patterns follow keyword patterns")
			}
			c.Patterns = append(c.Patterns, pat)
		}
		if !p.got(tComma) {
			break
		}
	}
	close := p.expect(tRParen)
	c.Span = span(cls.Pos(), close.end())
	return c
}
