package syntax

import (
	"bytes"
	"context"
	"fmt"
	"runtime/debug"
	"unicode/utf8"
)

// MaxDepth bounds how deeply constructs nest. The parser counts its
// recursion (nested expressions, unary and power chains, conditional
// expressions, lambdas, elif chains, blocks, patterns) and the chains it
// builds iteratively into left-deep trees (a.b.c, f()(), x[0][0],
// 1+1+1), and fails with CPython's RecursionError "maximum recursion depth
// exceeded during compilation" past MaxDepth. Each later phase that
// recurses over the tree (the scope collector, the code generator, Walk,
// Dump) bounds its own recursion with the same number. Go's stack overflow
// is fatal to the whole process, so no input may reach it; the number
// matches what CPython 3.11 compiles (about 3000 nested levels). Brackets
// are bounded separately, at 200 as in CPython, by the scanner.
const MaxDepth = 3000

// MsgTooDeep is the message of the RecursionError for a source nested
// deeper than MaxDepth, CPython's wording.
const MsgTooDeep = "maximum recursion depth exceeded during compilation"

// Parse parses a Python module. The error, if any, is a *Error.
func Parse(filename string, src []byte) (*Module, error) {
	return ParseContext(context.Background(), filename, src)
}

// ParseContext parses a Python module, stopping with ctx's error when ctx
// ends first. Parsing is linear in the size of the source. The error is
// otherwise a *Error.
func ParseContext(ctx context.Context, filename string, src []byte) (*Module, error) {
	p, err := newParser(newPoll(ctx), filename, src)
	if err != nil {
		return nil, err
	}
	var mod *Module
	if err := p.run(func() { mod = p.file() }); err != nil {
		return nil, err
	}
	if p.src.nfkc != nil {
		return nil, p.src.nfkc
	}
	return mod, nil
}

// ParseExpr parses a single expression (what eval() accepts: an
// expression list, possibly surrounded by blank lines).
func ParseExpr(filename string, src []byte) (_ Expr, err error) {
	p, err := newParser(nil, filename, src)
	if err != nil {
		return nil, err
	}
	var e Expr
	defer func() {
		if err == nil && p.src.nfkc != nil {
			e, err = nil, p.src.nfkc
		}
	}()
	if err := p.run(func() {
		// Like eval(), leading blank lines and indentation are ignored.
		for k := p.tok().kind; k == tNewline || k == tIndent; k = p.tok().kind {
			p.next()
		}
		e = p.starExpressions()
		for k := p.tok().kind; k == tNewline || k == tDedent; k = p.tok().kind {
			p.next()
		}
		if p.tok().kind != tEOF {
			p.failGeneric()
		}
	}); err != nil {
		return nil, err
	}
	return e, nil
}

type parser struct {
	// poll watches the parse's context (nil: it cannot end).
	poll     *poll
	src      *source
	toks     []token
	p        int
	furthest int
	// fetched is the furthest token ever examined, speculation included
	// (CPython's tokens read so far), never rewound.
	fetched int
	scanErr *Error
	// scanErrAt is the index of the sentinel token standing for scanErr
	// (-1 when there is none).
	scanErrAt int
	unclosed  bool
	// scanErrWeak marks a scanner error that does not override an
	// earlier parser error.
	scanErrWeak bool // scanErr is the "'(' was never closed" error
	depth       int
	// fstring is the nesting level of f-string replacement fields being
	// parsed (0 outside f-strings).
	fstring int
	// brackets counts the enclosing (), [] and {} of the current
	// position; some CPython hints apply only inside brackets.
	brackets int
	// wrapStart and wrapEnd are where CPython places the implicit
	// parentheses around an f-string replacement field.
	wrapStart, wrapEnd Position
	// fstringErr is the token where f-string errors are reported: the
	// one after the string literals being parsed, as in CPython.
	fstringErr *token
	// noInvalid disables the lookahead for specific error messages while
	// reading the second expression of a "forgot a comma" check, as
	// CPython's expression_without_invalid does.
	noInvalid bool
}

// bailout carries an error out of the recursive descent by panic.
type bailout struct {
	err *Error
	// fatal marks tokenizer errors, which speculative parses must not
	// swallow.
	fatal bool
	// fstringDone marks errors whose position was already mapped to
	// CPython's f-string coordinates.
	fstringDone bool
}

// normalize applies CPython's reading rules: a UTF-8 BOM is dropped and
// \r\n and \r become \n.
func normalize(src []byte) []byte {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	if bytes.IndexByte(src, '\r') >= 0 {
		src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
		src = bytes.ReplaceAll(src, []byte("\r"), []byte("\n"))
	}
	return src
}

func newParser(poll *poll, filename string, src []byte) (*parser, error) {
	src = normalize(src)
	s := newSource(filename, src)
	if !utf8.Valid(src) {
		for i := 0; i < len(src); {
			r, size := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && size <= 1 {
				pos := s.posOf(i)
				return nil, &Error{Filename: filename, Line: pos.Line, Col: 0, Kind: KindSyntax, SourceLine: s.lineText(pos.Line),
					Msg: fmt.Sprintf("Non-UTF-8 code starting with '\\x%02x' in file %s on line %d, but no encoding declared", src[i], filename, pos.Line)}
			}
			i += size
		}
	}
	if i := bytes.IndexByte(src, 0); i >= 0 {
		return nil, &Error{Filename: filename, Line: 1, Col: 1, Kind: KindSyntax, Msg: "source code cannot contain null bytes"}
	}
	sc := newScanner(s, 0, len(src), Position{Line: 1, Col: 1}, false)
	sc.poll = poll
	sc.scan()
	if err := poll.err(); err != nil {
		return nil, err
	}
	p := &parser{poll: poll, src: s, toks: sc.toks, scanErrAt: -1}
	switch {
	case sc.err != nil:
		p.scanErr = sc.err
		p.scanErrWeak = sc.weak
	case sc.unclosed != nil:
		open := sc.unclosed
		p.scanErr = s.errorAt(KindSyntax, open.pos, Position{}, fmt.Sprintf("'%c' was never closed", open.ch))
		p.unclosed = true
	}
	if p.scanErr != nil {
		// A sentinel token: reaching it reports the scanner's error.
		var at token
		if n := len(p.toks); n > 0 {
			at = p.toks[n-1]
			at.off, at.line, at.col = at.endOff, at.endLine, at.endCol
			if n > 0 && p.toks[n-1].kind == tEOF {
				p.toks = p.toks[:n-1]
			}
		}
		at.kind = tErrorTok
		p.toks = append(p.toks, at, at)
		p.toks[len(p.toks)-1].kind = tEOF
		p.scanErrAt = len(p.toks) - 2
	}
	return p, nil
}

// run calls f, converting a bailout into the error to report, applying
// CPython's priorities between tokenizer and parser errors.
func (p *parser) run(f func()) (err error) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if cerr := p.poll.err(); cerr != nil {
			err = cerr
			return
		}
		b, ok := r.(bailout)
		if !ok {
			err = &Error{Filename: p.src.filename, Line: 1, Col: 1, Kind: KindSyntax,
				Msg: fmt.Sprintf("internal error in the parser: %v\n%s", r, debug.Stack())}
			return
		}
		e := p.prioritize(b.err)
		// For parser errors CPython shows the whole logical line, unless
		// its tokenizer has read past the error's line.
		if e != p.scanErr && !b.fstringDone && e.Line > 0 && p.toks[p.fetched].end().Line <= e.Line {
			e.SourceLine = p.src.logicalText(e.Line)
		}
		err = e
	}()
	f()
	return nil
}

// prioritize returns the error CPython would report when the parser failed
// with perr: a tokenizer error anywhere in the source wins, except that an
// unclosed bracket wins only when it opened on an earlier line.
func (p *parser) prioritize(perr *Error) *Error {
	if p.scanErr == nil || perr == p.scanErr {
		return perr
	}
	if perr.Msg == "unexpected indent" || perr.Msg == "unexpected unindent" {
		// CPython raises these without looking further.
		return perr
	}
	if p.scanErrWeak {
		return perr
	}
	if p.unclosed {
		// CPython compares with the line of the last token it read.
		if p.scanErr.Line < p.toks[p.fetched].pos().Line {
			return p.scanErr
		}
		return perr
	}
	return p.scanErr
}

// ---- token access ----

func (p *parser) tok() *token {
	if p.p > p.furthest {
		p.furthest = p.p
	}
	if p.p > p.fetched {
		p.fetched = p.p
	}
	t := &p.toks[p.p]
	if t.kind == tErrorTok && p.p == p.scanErrAt && p.scanErr != nil {
		panic(bailout{err: p.scanErr, fatal: true})
	}
	return t
}

// peek returns the kind of the token k places ahead of the current one.
func (p *parser) peek(k int) tokKind {
	i := p.p + k
	if i >= len(p.toks) {
		i = len(p.toks) - 1
	}
	if i > p.furthest {
		p.furthest = i
	}
	if i > p.fetched {
		p.fetched = i
	}
	if p.toks[i].kind == tErrorTok && i == p.scanErrAt && p.scanErr != nil {
		panic(bailout{err: p.scanErr, fatal: true})
	}
	return p.toks[i].kind
}

func (p *parser) next() *token {
	if p.poll.stop() {
		p.cancel()
	}
	t := p.tok()
	if t.kind != tEOF {
		p.p++
	}
	return t
}

// endPos returns the end of the last consumed token that is not a
// NEWLINE, INDENT or DEDENT: where CPython ends the node being built.
func (p *parser) endPos() Position {
	for i := p.p - 1; i >= 0; i-- {
		switch p.toks[i].kind {
		case tNewline, tIndent, tDedent:
			continue
		}
		return p.toks[i].end()
	}
	return Position{Line: 1, Col: 1}
}

func (p *parser) prevEnd() Position {
	if p.p == 0 {
		return Position{Line: 1, Col: 1}
	}
	return p.toks[p.p-1].end()
}

func (p *parser) text(t *token) string {
	return p.src.text[t.off:t.endOff]
}

func (p *parser) isName(t *token, s string) bool {
	return t.kind == tName && int(t.endOff-t.off) == len(s) && p.src.text[t.off:t.endOff] == s
}

func (p *parser) got(k tokKind) bool {
	if p.tok().kind == k {
		p.next()
		return true
	}
	return false
}

// expect consumes a token of kind k or fails with "invalid syntax".
func (p *parser) expect(k tokKind) *token {
	if p.tok().kind != k {
		p.failGeneric()
	}
	return p.next()
}

// expectForced consumes a token of kind k or fails with "expected 'x'" at
// the current token, like CPython's forced tokens (&&'x').
func (p *parser) expectForced(k tokKind, what string) *token {
	if t := p.tok(); t.kind != k {
		p.failAt(t.pos(), t.end(), "expected '%s'", what)
	}
	return p.next()
}

// expectColon consumes the ':' that starts a block; a missing colon at the
// end of the line is reported as "expected ':'", otherwise as invalid
// syntax, as CPython does.
func (p *parser) expectColon() {
	t := p.tok()
	if t.kind == tColon {
		p.next()
		return
	}
	if t.kind == tNewline {
		p.failAt(t.pos(), t.pos(), "expected ':'")
	}
	p.failGeneric()
}

// ---- errors ----

func (p *parser) errorf(kind string, start, end Position, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	if p.fstring > 0 {
		msg = "f-string: " + msg
	}
	return p.src.errorAt(kind, start, end, msg)
}

func (p *parser) failAt(start, end Position, format string, args ...any) {
	panic(bailout{err: p.errorf(KindSyntax, start, end, format, args...)})
}

func (p *parser) failNode(n Node, format string, args ...any) {
	p.failAt(n.Pos(), n.End(), format, args...)
}

// unexpectedIndent reports an INDENT token nothing accepts.
func (p *parser) unexpectedIndent(t *token) {
	p.failIndent(t, "unexpected indent")
}

func (p *parser) failIndent(t *token, format string, args ...any) {
	panic(bailout{err: p.errorf(KindIndentation, t.pos(), t.end(), format, args...)})
}

// failGeneric reports "invalid syntax" at the furthest token examined,
// which is where CPython's parser reports it.
func (p *parser) failGeneric() {
	t := &p.toks[p.furthest]
	switch t.kind {
	case tIndent:
		p.unexpectedIndent(t)
	case tDedent:
		p.failIndent(t, "unexpected unindent")
	case tEOF:
		// Reaching the end means an unfinished statement.
		if p.fstring == 0 {
			p.failAt(t.pos(), t.pos(), "invalid syntax")
		}
	}
	p.failAt(t.pos(), t.end(), "invalid syntax")
}

// failGeneric0 reports msg at the furthest token examined.
func (p *parser) failGeneric0(msg string) {
	t := &p.toks[p.furthest]
	p.failAt(t.pos(), t.end(), "%s", msg)
}

// probe runs f speculatively like try, for checks that CPython makes only
// while looking for a specific error message: they do not move the
// position of a generic "invalid syntax".
func (p *parser) probe(f func()) bool {
	furthest := p.furthest
	ok := p.try(f)
	p.furthest = furthest
	return ok
}

// tryErr runs f speculatively like try and returns the error that made
// it fail.
func (p *parser) tryErr(f func()) (err *Error) {
	p.try(func() {
		defer func() {
			if r := recover(); r != nil {
				if b, ok := r.(bailout); ok && !b.fatal {
					err = b.err
				}
				panic(r)
			}
		}()
		f()
	})
	return err
}

// try runs f speculatively; on a (non-fatal) syntax error it rewinds and
// reports false.
func (p *parser) try(f func()) (ok bool) {
	save, saveDepth, saveBrackets := p.p, p.depth, p.brackets
	defer func() {
		if r := recover(); r != nil {
			if b, isB := r.(bailout); isB && !b.fatal {
				p.p, p.depth, p.brackets = save, saveDepth, saveBrackets
				ok = false
				return
			}
			panic(r)
		}
	}()
	f()
	return true
}

// errorToken returns the token CPython blames for an error raised at the
// current position: DEDENTs are skipped, and at the end of input the last
// NEWLINE stands in.
func (p *parser) errorToken() *token {
	i := p.p
	for i < len(p.toks)-1 && p.toks[i].kind == tDedent {
		i++
	}
	if p.toks[i].kind == tEOF || p.toks[i].kind == tDedent {
		for j := i; j >= 0; j-- {
			if p.toks[j].kind == tNewline {
				return &p.toks[j]
			}
		}
	}
	return &p.toks[i]
}

// enter counts one level of nesting (see MaxDepth); leave undoes it. The
// error is fatal: a speculative parse must not swallow it and try another
// reading of the same deep input.
func (p *parser) enter() {
	p.depth++
	if p.depth > MaxDepth {
		t := p.tok()
		err := p.errorf(KindRecursion, t.pos(), t.end(), "%s", MsgTooDeep)
		panic(bailout{err: err, fatal: true})
	}
}

func (p *parser) leave() { p.depth-- }

// cancel ends the parse because its context ended; run reports the
// context's error.
func (p *parser) cancel() {
	panic(bailout{err: &Error{Kind: KindSyntax, Msg: "parsing cancelled"}, fatal: true})
}

func span(start, end Position) Span { return Span{StartPos: start, EndPos: end} }

// ---- statements ----

func (p *parser) file() *Module {
	m := &Module{}
	m.StartPos = Position{Line: 1, Col: 1}
	for {
		t := p.tok()
		if t.kind == tEOF {
			break
		}
		if t.kind == tIndent {
			p.unexpectedIndent(t)
		}
		m.Body = append(m.Body, p.statement()...)
	}
	m.EndPos = p.prevEnd()
	return m
}

// statement parses one compound statement or a line of simple statements.
func (p *parser) statement() []Stmt {
	t := p.tok()
	switch t.kind {
	case kwDef, kwIf, kwClass, kwWith, kwFor, kwTry, kwWhile, tAt:
		return []Stmt{p.compoundStmt()}
	case kwAsync:
		switch p.peek(1) {
		case kwDef, kwWith, kwFor:
			return []Stmt{p.compoundStmt()}
		}
	case tName:
		if p.isName(t, "match") {
			if m := p.matchStmt(); m != nil {
				return []Stmt{m}
			}
		}
	}
	return p.simpleStmts()
}

// simpleStmts parses "stmt (; stmt)* [;] NEWLINE".
func (p *parser) simpleStmts() []Stmt {
	var out []Stmt
	for {
		out = append(out, p.simpleStmt())
		if p.got(tSemi) {
			if p.tok().kind == tNewline {
				break
			}
			continue
		}
		break
	}
	t := p.tok()
	if t.kind != tNewline {
		p.failGeneric()
	}
	p.next()
	return out
}

func (p *parser) simpleStmt() Stmt {
	t := p.tok()
	start := t.pos()
	switch t.kind {
	case kwPass:
		p.next()
		return &Pass{span(start, t.end())}
	case kwBreak:
		p.next()
		return &Break{span(start, t.end())}
	case kwContinue:
		p.next()
		return &Continue{span(start, t.end())}
	case kwReturn:
		p.next()
		r := &Return{}
		if !p.atStmtEnd() {
			r.Value = p.starExpressions()
		}
		r.Span = span(start, p.endPos())
		return r
	case kwRaise:
		p.next()
		r := &Raise{}
		if !p.atStmtEnd() {
			r.Exc = p.expression()
			if p.got(kwFrom) {
				r.Cause = p.expression()
			}
		}
		r.Span = span(start, p.endPos())
		return r
	case kwGlobal, kwNonlocal:
		p.next()
		var names []string
		for {
			names = append(names, p.text(p.expect(tName)))
			if !p.got(tComma) {
				break
			}
		}
		if t.kind == kwGlobal {
			return &Global{Span: span(start, p.endPos()), Names: names}
		}
		return &Nonlocal{Span: span(start, p.endPos()), Names: names}
	case kwDel:
		p.next()
		targets := p.targetList(Del)
		return &Delete{Span: span(start, p.endPos()), Targets: targets}
	case kwAssert:
		p.next()
		a := &Assert{Test: p.expression()}
		if p.got(tComma) {
			a.Msg = p.expression()
		}
		a.Span = span(start, p.endPos())
		return a
	case kwImport:
		return p.importStmt()
	case kwFrom:
		return p.importFrom()
	}
	return p.exprOrAssign()
}

func (p *parser) atStmtEnd() bool {
	k := p.tok().kind
	return k == tNewline || k == tSemi || k == tEOF
}

// exprOrAssign parses expression statements and all assignment forms.
func (p *parser) exprOrAssign() Stmt {
	startTok := p.tok()
	start := startTok.pos()
	var first Expr
	if startTok.kind == kwYield {
		first = p.yieldExpr()
	} else {
		first = p.starExpressions()
	}
	t := p.tok()
	switch {
	case t.kind == tColon:
		return p.annAssign(first, start, startTok.kind == tLParen)
	case t.kind == tEqual:
		// Each target is checked when its '=' is seen, as CPython does,
		// before the rest of the statement is read.
		targets := []Expr{first}
		var value Expr
		for {
			p.checkAssignTarget(targets[len(targets)-1], len(targets) == 1)
			p.next() // '='
			if p.tok().kind == kwYield {
				value = p.yieldExpr()
			} else {
				value = p.starExpressions()
			}
			if p.tok().kind != tEqual {
				break
			}
			targets = append(targets, value)
		}
		for _, target := range targets {
			setContext(target, Store)
		}
		return &Assign{Span: span(start, p.endPos()), Targets: targets, Value: value}
	case isAugAssign(t.kind):
		switch first.(type) {
		case *Name, *Attribute, *Subscript:
		default:
			// CPython names the target only when a value follows;
			// otherwise it is plain invalid syntax at the operator.
			if !p.probe(func() {
				p.next()
				if p.tok().kind == kwYield {
					p.yieldExpr()
				} else {
					p.starExpressions()
				}
			}) {
				p.failAt(t.pos(), t.end(), "invalid syntax")
			}
			p.failNode(first, "'%s' is an illegal expression for augmented assignment", exprName(first))
		}
		op := augOps[t.kind]
		p.next()
		var value Expr
		if p.tok().kind == kwYield {
			value = p.yieldExpr()
		} else {
			value = p.starExpressions()
		}
		setContext(first, Store)
		return &AugAssign{Span: span(start, p.endPos()), Target: first, Op: op, Value: value}
	}
	if !p.atStmtEnd() {
		p.invalidAfterExpr(first)
	}
	return &ExprStmt{Span: span(start, p.endPos()), Value: first}
}

func isAugAssign(k tokKind) bool {
	_, ok := augOps[k]
	return ok
}

// invalidAfterExpr reports what CPython reports when a statement has
// unexpected tokens after an expression.
func (p *parser) invalidAfterExpr(e Expr) {
	t := p.tok()
	if n, ok := e.(*Name); ok && (n.Id == "print" || n.Id == "exec") && t.kind != tColonEqual {
		var b Expr
		if t.kind != tLParen && p.probe(func() { b = p.starExpressions() }) {
			p.failAt(n.Pos(), b.End(), "Missing parentheses in call to '%s'. Did you mean %s(...)?", n.Id, n.Id)
		}
	}
	if t.kind == tColonEqual {
		if _, isName := e.(*Name); !isName && p.probe(func() {
			p.next()
			p.expression()
		}) {
			p.failNode(e, "cannot use assignment expressions with %s", exprName(e))
		}
		p.failAt(t.pos(), t.end(), "invalid syntax")
	}
	p.failGeneric()
}

func startsExpression(k tokKind) bool {
	switch k {
	case tName, tNumber, tString, tLParen, tLBrack, tLBrace, tMinus, tPlus, tTilde,
		kwNot, kwLambda, kwAwait, kwNone, kwTrue, kwFalse, tEllipsis:
		return true
	}
	return false
}

func (p *parser) annAssign(target Expr, start Position, parenthesized bool) Stmt {
	colon := p.tok()
	switch target.(type) {
	case *Name, *Attribute, *Subscript:
	case *Yield, *YieldFrom:
		p.failAt(colon.pos(), colon.end(), "invalid syntax")
	default:
		// CPython explains a bad target only when an annotation
		// follows; otherwise it is plain invalid syntax at the colon.
		if !p.probe(func() {
			p.next()
			p.expression()
		}) {
			p.failAt(colon.pos(), colon.end(), "invalid syntax")
		}
	}
	switch target.(type) {
	case *Name, *Attribute, *Subscript:
	case *Tuple:
		// CPython points at the first element of an unparenthesized
		// tuple, at the whole of a parenthesized one.
		if tt := target.(*Tuple); len(tt.Elts) > 0 && !tupleParenthesized(p, tt) {
			p.failNode(tt.Elts[0], "only single target (not tuple) can be annotated")
		}
		p.failNode(target, "only single target (not tuple) can be annotated")
	case *List:
		p.failNode(target, "only single target (not list) can be annotated")
	default:
		p.failNode(target, "illegal target for annotation")
	}
	p.next() // ':'
	ann := p.expression()
	a := &AnnAssign{Target: target, Annotation: ann}
	_, isName := target.(*Name)
	a.Simple = isName && !parenthesized
	if p.got(tEqual) {
		if p.tok().kind == kwYield {
			a.Value = p.yieldExpr()
		} else {
			a.Value = p.starExpressions()
		}
	}
	setContext(target, Store)
	a.Span = span(start, p.endPos())
	return a
}

// checkAssignTarget validates one target of an assignment chain (the
// current token is its '='), with CPython's messages.
func (p *parser) checkAssignTarget(target Expr, first bool) {
	bad := invalidTarget(target, Store)
	if bad == nil {
		return
	}
	switch bad.(type) {
	case *Yield, *YieldFrom:
		// CPython's invalid_assignment rule has this message for a bare
		// yield target only; "(yield) = 1" gets the generic one below.
		if bad == target && !p.parenthesized(bad) {
			p.failNode(bad, "assignment to yield expression not possible")
		}
	}
	// CPython suggests '==' when the statement starts with a lone
	// expression (not a display or True/False/None) followed by
	// "= value" with nothing more assigned.
	candidate := false
	if first {
		// A parenthesized expression is an atom, so a bitwise_or.
		if bad == target && (isBitwiseOr(target) || p.parenthesized(target)) && !startsWithDisplay(target) {
			candidate = true
		}
		if tup, ok := target.(*Tuple); ok && !tupleParenthesized(p, tup) {
			if last := tup.Elts[len(tup.Elts)-1]; last == bad && (isBitwiseOr(bad) || p.parenthesized(bad)) && !startsWithDisplay(bad) {
				candidate = true
			}
		}
	}
	if candidate && p.probe(func() {
		p.next()
		p.bitwiseOr()
		if k := p.tok().kind; k == tEqual || k == tColonEqual {
			p.failGeneric()
		}
	}) {
		p.failNode(bad, "cannot assign to %s here. Maybe you meant '==' instead of '='?", exprName(bad))
	}
	p.failNode(bad, "cannot assign to %s", exprName(bad))
}

// parenthesized reports whether e, which ends before the current token,
// is enclosed in parentheses of its own: "(a < b)" but not "(a) < b".
func (p *parser) parenthesized(e Expr) bool {
	start := -1
	for i := p.p - 1; i > 0; i-- {
		if p.toks[i].pos() == e.Pos() {
			start = i
			break
		}
	}
	if start < 1 || p.toks[start-1].kind != tLParen {
		return false
	}
	depth := 0
	for j := start; j < p.p; j++ {
		switch p.toks[j].kind {
		case tLParen, tLBrack, tLBrace:
			depth++
		case tRParen, tRBrack, tRBrace:
			if depth == 0 {
				return p.toks[j-1].end() == e.End()
			}
			depth--
		}
	}
	return false
}

// startsWithDisplay reports whether e begins with a list or tuple
// display, a generator expression or True/False/None, which exclude
// CPython's "Maybe you meant '=='" hint.
func startsWithDisplay(e Expr) bool {
	atom := e
	for {
		var next Expr
		switch x := atom.(type) {
		case *BinOp:
			next = x.Left
		case *Call:
			next = x.Func
		case *Attribute:
			next = x.Value
		case *Subscript:
			next = x.Value
		case *Compare:
			next = x.Left
		case *BoolOp:
			next = x.Values[0]
		case *IfExp:
			next = x.Body
		}
		if next == nil || next.Pos() != atom.Pos() {
			break
		}
		atom = next
	}
	switch x := atom.(type) {
	case *List, *Tuple, *GeneratorExp:
		return true
	case *Constant:
		return x.Value == nil || x.Value == true || x.Value == false
	}
	return false
}

func tupleParenthesized(p *parser, t *Tuple) bool {
	if len(t.Elts) == 0 {
		return true
	}
	return t.Pos() != t.Elts[0].Pos()
}

// isBitwiseOr reports whether e could have been parsed by CPython's
// bitwise_or rule (no comparison, not, boolean, conditional, lambda,
// starred or tuple at top level).
func isBitwiseOr(e Expr) bool {
	switch e := e.(type) {
	case *Compare, *BoolOp, *IfExp, *Lambda, *Starred, *NamedExpr, *Yield, *YieldFrom:
		return false
	case *UnaryOp:
		return e.Op != Not
	case *Tuple:
		return e.Pos() != firstPos(e)
	}
	return true
}

func firstPos(t *Tuple) Position {
	if len(t.Elts) == 0 {
		return Position{}
	}
	return t.Elts[0].Pos()
}

// invalidTarget returns the first sub-expression of e that cannot be
// assigned to (or deleted, for ctx Del), or nil.
func invalidTarget(e Expr, ctx ExprContext) Expr {
	switch e := e.(type) {
	case *Name, *Attribute, *Subscript:
		return nil
	case *Starred:
		if ctx == Del {
			return e
		}
		return invalidTarget(e.Value, ctx)
	case *Tuple:
		for _, x := range e.Elts {
			if bad := invalidTarget(x, ctx); bad != nil {
				return bad
			}
		}
		return nil
	case *List:
		for _, x := range e.Elts {
			if bad := invalidTarget(x, ctx); bad != nil {
				return bad
			}
		}
		return nil
	}
	return e
}

// setContext marks a validated target and its elements as Store or Del.
func setContext(e Expr, ctx ExprContext) {
	switch e := e.(type) {
	case *Name:
		e.Ctx = ctx
	case *Attribute:
		e.Ctx = ctx
	case *Subscript:
		e.Ctx = ctx
	case *Starred:
		e.Ctx = ctx
		setContext(e.Value, ctx)
	case *Tuple:
		e.Ctx = ctx
		for _, x := range e.Elts {
			setContext(x, ctx)
		}
	case *List:
		e.Ctx = ctx
		for _, x := range e.Elts {
			setContext(x, ctx)
		}
	}
}

// exprName names an expression in error messages, as CPython does.
func exprName(e Expr) string {
	switch e := e.(type) {
	case *Attribute:
		return "attribute"
	case *Subscript:
		return "subscript"
	case *Starred:
		return "starred"
	case *Name:
		return "name"
	case *List:
		return "list"
	case *Tuple:
		return "tuple"
	case *Lambda:
		return "lambda"
	case *Call:
		return "function call"
	case *BoolOp, *BinOp, *UnaryOp:
		return "expression"
	case *GeneratorExp:
		return "generator expression"
	case *Yield, *YieldFrom:
		return "yield expression"
	case *Await:
		return "await expression"
	case *ListComp:
		return "list comprehension"
	case *SetComp:
		return "set comprehension"
	case *DictComp:
		return "dict comprehension"
	case *Dict:
		return "dict literal"
	case *Set:
		return "set display"
	case *JoinedStr, *FormattedValue:
		return "f-string expression"
	case *Constant:
		switch e.Value.(type) {
		case nil:
			return "None"
		case bool:
			if e.Value == true {
				return "True"
			}
			return "False"
		case EllipsisType:
			return "ellipsis"
		}
		return "literal"
	case *Compare:
		return "comparison"
	case *IfExp:
		return "conditional expression"
	case *NamedExpr:
		return "named expression"
	}
	return "expression"
}

// targetList parses the targets of del (ctx Del) or a for loop (Store):
// comma-separated star targets that stop before "in" or "=".
func (p *parser) targetList(ctx ExprContext) []Expr {
	start := p.tok().pos()
	var elts []Expr
	trailing := false
	lastStart := p.p
	for {
		var e Expr
		lastStart = p.p
		if p.tok().kind == tStar {
			st := p.next()
			v := p.bitwiseOr()
			e = &Starred{Span: span(st.pos(), p.endPos()), Value: v}
		} else {
			e = p.bitwiseOr()
		}
		elts = append(elts, e)
		trailing = false
		if !p.got(tComma) {
			break
		}
		trailing = true
		if k := p.tok().kind; k == kwIn || k == tNewline || k == tSemi || k == tEqual || k == tEOF {
			break
		}
	}
	if k := p.tok().kind; ctx == Store && k != kwIn && startsExpression(k) {
		p.forgotComma(elts[len(elts)-1], lastStart)
	}
	if ctx == Del {
		for _, e := range elts {
			if bad := invalidTarget(e, Del); bad != nil {
				p.failNode(bad, "cannot delete %s", exprName(bad))
			}
			setContext(e, Del)
		}
		return elts
	}
	var target Expr
	if len(elts) == 1 && !trailing {
		target = elts[0]
	} else {
		target = &Tuple{Span: span(start, p.endPos()), Elts: elts}
	}
	if bad := invalidTarget(target, Store); bad != nil {
		p.failNode(bad, "cannot assign to %s", exprName(bad))
	}
	setContext(target, Store)
	return []Expr{target}
}

func (p *parser) dottedName() string {
	name := p.text(p.expect(tName))
	for p.tok().kind == tDot {
		p.next()
		name += "." + p.text(p.expect(tName))
	}
	return name
}

func (p *parser) importStmt() Stmt {
	start := p.next().pos()
	imp := &Import{}
	for {
		t := p.tok()
		a := &Alias{Name: p.dottedName()}
		if p.got(kwAs) {
			a.AsName = p.text(p.expect(tName))
		}
		a.Span = span(t.pos(), p.endPos())
		imp.Names = append(imp.Names, a)
		if !p.got(tComma) {
			break
		}
	}
	imp.Span = span(start, p.endPos())
	return imp
}

func (p *parser) importFrom() Stmt {
	start := p.next().pos()
	imp := &ImportFrom{}
	for {
		switch p.tok().kind {
		case tDot:
			imp.Level++
			p.next()
			continue
		case tEllipsis:
			imp.Level += 3
			p.next()
			continue
		}
		break
	}
	if p.tok().kind != kwImport || imp.Level == 0 {
		imp.Module = p.dottedName()
	}
	p.expect(kwImport)
	if t := p.tok(); t.kind == tStar {
		p.next()
		imp.Names = []*Alias{{Span: span(t.pos(), t.end()), Name: "*"}}
		imp.Span = span(start, p.endPos())
		return imp
	}
	paren := p.got(tLParen)
	for {
		t := p.tok()
		a := &Alias{Name: p.text(p.expect(tName))}
		if p.got(kwAs) {
			a.AsName = p.text(p.expect(tName))
		}
		a.Span = span(t.pos(), p.endPos())
		imp.Names = append(imp.Names, a)
		if !p.got(tComma) {
			break
		}
		if paren && p.tok().kind == tRParen {
			break
		}
		if !paren && p.atStmtEnd() {
			c := p.tok()
			p.failAt(c.pos(), c.pos(), "trailing comma not allowed without surrounding parentheses")
		}
	}
	if paren {
		p.expect(tRParen)
	}
	imp.Span = span(start, p.endPos())
	return imp
}

func (p *parser) compoundStmt() Stmt {
	t := p.tok()
	switch t.kind {
	case tAt:
		return p.decorated()
	case kwDef:
		return p.funcDef(nil, t.pos(), false)
	case kwClass:
		return p.classDef(nil, t.pos())
	case kwIf:
		return p.ifStmt()
	case kwWhile:
		return p.whileStmt()
	case kwFor:
		return p.forStmt(t.pos(), false)
	case kwWith:
		return p.withStmt(t.pos(), false)
	case kwTry:
		return p.tryStmt()
	case kwAsync:
		p.next()
		switch p.tok().kind {
		case kwDef:
			return p.funcDef(nil, t.pos(), true)
		case kwFor:
			return p.forStmt(t.pos(), true)
		case kwWith:
			return p.withStmt(t.pos(), true)
		}
	}
	p.failGeneric()
	return nil
}

func (p *parser) decorated() Stmt {
	var decos []Expr
	for p.tok().kind == tAt {
		p.next()
		decos = append(decos, p.namedExpression())
		if p.tok().kind != tNewline {
			p.failGeneric()
		}
		p.next()
	}
	// CPython starts a decorated definition at "def" or "class".
	t := p.tok()
	switch t.kind {
	case kwDef:
		return p.funcDef(decos, t.pos(), false)
	case kwClass:
		return p.classDef(decos, t.pos())
	case kwAsync:
		if p.peek(1) == kwDef {
			p.next()
			return p.funcDef(decos, t.pos(), true)
		}
	}
	p.failGeneric()
	return nil
}

// block parses the body after a compound statement's ':'. what names the
// statement for "expected an indented block after ..." messages.
func (p *parser) block(what string, line int) []Stmt {
	p.enter()
	defer p.leave()
	if p.tok().kind != tNewline {
		return p.simpleStmts()
	}
	p.next()
	t := p.tok()
	if t.kind != tIndent {
		p.failIndent(t, "expected an indented block after %s on line %d", what, line)
	}
	p.next()
	var body []Stmt
	for {
		t := p.tok()
		if t.kind == tDedent {
			p.next()
			break
		}
		if t.kind == tEOF {
			break
		}
		if t.kind == tIndent {
			p.unexpectedIndent(t)
		}
		body = append(body, p.statement()...)
	}
	return body
}

func (p *parser) funcDef(decos []Expr, start Position, isAsync bool) Stmt {
	def := p.next() // 'def'
	fn := &FunctionDef{DecoratorList: decos, IsAsync: isAsync}
	fn.Name = p.text(p.expect(tName))
	p.expectForced(tLParen, "(")
	p.brackets++
	fn.Args = p.parameters(tRParen, true)
	p.expect(tRParen)
	p.brackets--
	if p.got(tRArrow) {
		fn.Returns = p.expression()
	}
	p.expectForcedColon()
	what := "function definition"
	fn.Body = p.block(what, def.pos().Line)
	fn.Span = span(start, p.blockEnd(fn.Body))
	return fn
}

// expectForcedColon is CPython's &&':'.
func (p *parser) expectForcedColon() { p.expectForced(tColon, ":") }

func (p *parser) blockEnd(body []Stmt) Position {
	return p.endPos()
}

func (p *parser) classDef(decos []Expr, start Position) Stmt {
	kw := p.next() // 'class'
	c := &ClassDef{DecoratorList: decos}
	c.Name = p.text(p.expect(tName))
	if open := p.tok(); open.kind == tLParen {
		p.next()
		p.brackets++
		c.Bases, c.Keywords = p.callArgs(open, tRParen, true)
		p.expect(tRParen)
		p.brackets--
	}
	p.expectColon()
	c.Body = p.block("class definition", kw.pos().Line)
	c.Span = span(start, p.blockEnd(c.Body))
	return c
}

func (p *parser) ifStmt() Stmt {
	p.enter() // an elif chain nests: each elif is the else of the one before
	defer p.leave()
	kw := p.next() // 'if' or 'elif'
	word := "if"
	if kw.kind == kwElif {
		word = "elif"
	}
	s := &If{Test: p.namedExpression()}
	p.expectColon()
	s.Body = p.block(fmt.Sprintf("'%s' statement", word), kw.pos().Line)
	switch t := p.tok(); t.kind {
	case kwElif:
		s.OrElse = []Stmt{p.ifStmt()}
	case kwElse:
		s.OrElse = p.elseBlock()
	}
	s.Span = span(kw.pos(), p.endPos())
	return s
}

func (p *parser) elseBlock() []Stmt {
	kw := p.next()
	p.expectForcedColon()
	return p.block("'else' statement", kw.pos().Line)
}

func (p *parser) whileStmt() Stmt {
	kw := p.next()
	s := &While{Test: p.namedExpression()}
	p.expectColon()
	s.Body = p.block("'while' statement", kw.pos().Line)
	if p.tok().kind == kwElse {
		s.OrElse = p.elseBlock()
	}
	s.Span = span(kw.pos(), p.blockEnd(append(s.Body, s.OrElse...)))
	return s
}

func (p *parser) forStmt(start Position, isAsync bool) Stmt {
	kw := p.next()
	s := &For{IsAsync: isAsync}
	s.Target = p.targetList(Store)[0]
	p.expect(kwIn)
	s.Iter = p.starExpressions()
	p.expectColon()
	s.Body = p.block("'for' statement", kw.pos().Line)
	if p.tok().kind == kwElse {
		s.OrElse = p.elseBlock()
	}
	s.Span = span(start, p.blockEnd(append(s.Body[:len(s.Body):len(s.Body)], s.OrElse...)))
	return s
}

func (p *parser) withStmt(start Position, isAsync bool) Stmt {
	kw := p.next()
	s := &With{IsAsync: isAsync}
	parsed := false
	if p.tok().kind == tLParen {
		// "with (a as b, c):" is a parenthesized item list only when the
		// closing parenthesis is followed by ':'; otherwise the
		// parenthesis belongs to an expression.
		parsed = p.try(func() {
			p.next()
			var items []*WithItem
			for {
				items = append(items, p.withItem(true))
				if !p.got(tComma) {
					break
				}
				if p.tok().kind == tRParen {
					break
				}
			}
			p.expect(tRParen)
			if p.tok().kind != tColon {
				p.failGeneric()
			}
			s.Items = items
		})
	}
	if !parsed {
		s.Items = nil
		for {
			s.Items = append(s.Items, p.withItem(false))
			if !p.got(tComma) {
				break
			}
		}
	}
	p.expectColon()
	s.Body = p.block("'with' statement", kw.pos().Line)
	s.Span = span(start, p.blockEnd(s.Body))
	return s
}

func (p *parser) withItem(inParens bool) *WithItem {
	start := p.tok().pos()
	e := p.expression()
	it := &WithItem{ContextExpr: e}
	if p.got(kwAs) {
		target := p.starTarget()
		switch p.tok().kind {
		case tComma, tColon, tNewline:
		case tRParen:
			if !inParens {
				p.failGeneric()
			}
		default:
			p.failGeneric()
		}
		it.OptionalVars = target
	}
	it.Span = span(start, p.endPos())
	return it
}

// starTarget parses a single assignment target (as after "with ... as").
func (p *parser) starTarget() Expr {
	var e Expr
	if t := p.tok(); t.kind == tStar {
		p.next()
		v := p.bitwiseOr()
		e = &Starred{Span: span(t.pos(), p.endPos()), Value: v}
	} else {
		e = p.bitwiseOr()
	}
	if bad := invalidTarget(e, Store); bad != nil {
		p.failNode(bad, "cannot assign to %s", exprName(bad))
	}
	setContext(e, Store)
	return e
}

func (p *parser) tryStmt() Stmt {
	kw := p.next()
	p.expectForcedColon()
	s := &Try{Body: p.block("'try' statement", kw.pos().Line)}
	for p.tok().kind == kwExcept {
		ex := p.next()
		star := p.tok().kind == tStar
		last := ex
		if star {
			last = p.next()
			if t := p.tok(); t.kind == tColon {
				p.failAt(t.pos(), t.end(), "expected one or more exception types")
			}
		}
		if len(s.Handlers) == 0 {
			s.Star = star
		} else if star != s.Star {
			p.failAt(ex.pos(), last.end(), "cannot have both 'except' and 'except*' on the same 'try'")
		}
		h := &ExceptHandler{}
		if p.tok().kind != tColon {
			h.Type = p.expression()
			if comma := p.tok(); comma.kind == tComma {
				// "except A, B:" needs parentheses in Python 3.
				first := h.Type
				var last Expr
				if p.probe(func() {
					p.next()
					last = p.expression()
					for p.got(tComma) {
						last = p.expression()
					}
					if k := p.tok().kind; k != tColon && k != kwAs {
						p.failGeneric()
					}
				}) {
					p.failAt(first.Pos(), last.End(), "multiple exception types must be parenthesized")
				}
				p.failAt(comma.pos(), comma.end(), "invalid syntax")
			}
			if p.got(kwAs) {
				h.Name = p.text(p.expect(tName))
			}
		}
		p.expectColon()
		if star {
			h.Body = p.block("'except*' statement", ex.pos().Line)
		} else {
			h.Body = p.block("'except' statement", ex.pos().Line)
		}
		h.Span = span(ex.pos(), p.blockEnd(h.Body))
		s.Handlers = append(s.Handlers, h)
	}
	if len(s.Handlers) > 0 && p.tok().kind == kwElse {
		s.OrElse = p.elseBlock()
	}
	if t := p.tok(); t.kind == kwFinally {
		p.next()
		p.expectForcedColon()
		s.FinalBody = p.block("'finally' statement", t.pos().Line)
	}
	if len(s.Handlers) == 0 && len(s.FinalBody) == 0 {
		t := p.errorToken()
		p.failAt(t.pos(), t.end(), "expected 'except' or 'finally' block")
	}
	s.Span = span(kw.pos(), p.endPos())
	return s
}

// parameters parses a def (annotations allowed) or lambda parameter list
// up to the closing token.
func (p *parser) parameters(closing tokKind, annotations bool) *Arguments {
	args := &Arguments{}
	start, startIdx := p.tok().pos(), p.p
	seenDefault := false
	seenSlash := false
	seenStar := false // '*' or '*args'
	for p.tok().kind != closing {
		t := p.tok()
		switch t.kind {
		case tSlash:
			if seenSlash {
				p.failAt(t.pos(), t.end(), "/ may appear only once")
			}
			if seenStar {
				p.failAt(t.pos(), t.end(), "/ must be ahead of *")
			}
			if len(args.Args) == 0 {
				p.failAt(t.pos(), t.end(), "at least one argument must precede /")
			}
			if args.KwArg != nil {
				p.failAt(t.pos(), t.end(), "arguments cannot follow var-keyword argument")
			}
			p.next()
			seenSlash = true
			args.PosOnlyArgs, args.Args = args.Args, nil
		case tStar:
			if args.KwArg != nil {
				p.failAt(t.pos(), t.end(), "arguments cannot follow var-keyword argument")
			}
			if seenStar {
				p.failAt(t.pos(), t.end(), "* argument may appear only once")
			}
			p.next()
			seenStar = true
			if k := p.tok().kind; k == tComma || k == closing {
				if k == closing || p.peek(1) == closing || p.peek(1) == tDoubleStar {
					if closing == tColon {
						// Lambdas report it at the last token read.
						p.failGeneric0("named arguments must follow bare *")
					}
					p.failAt(t.pos(), t.end(), "named arguments must follow bare *")
				}
			} else {
				args.VarArg = p.param(annotations, true)
				if e := p.tok(); e.kind == tEqual {
					p.failAt(e.pos(), e.end(), "var-positional argument cannot have default value")
				}
			}
		case tDoubleStar:
			if args.KwArg != nil {
				p.failAt(t.pos(), t.end(), "arguments cannot follow var-keyword argument")
			}
			p.next()
			args.KwArg = p.param(annotations, false)
			if e := p.tok(); e.kind == tEqual {
				p.failAt(e.pos(), e.end(), "var-keyword argument cannot have default value")
			}
		case tName:
			if args.KwArg != nil {
				p.failAt(t.pos(), t.end(), "arguments cannot follow var-keyword argument")
			}
			a := p.param(annotations, false)
			var def Expr
			if p.got(tEqual) {
				def = p.expression()
			}
			if seenStar {
				args.KwOnlyArgs = append(args.KwOnlyArgs, a)
				args.KwDefaults = append(args.KwDefaults, def)
			} else {
				if def != nil {
					seenDefault = true
					args.Defaults = append(args.Defaults, def)
				} else if seenDefault {
					p.failAt(a.Pos(), a.End(), "non-default argument follows default argument")
				}
				args.Args = append(args.Args, a)
			}
		default:
			p.failGeneric()
		}
		if p.tok().kind == closing {
			break
		}
		if p.tok().kind != tComma {
			p.failGeneric()
		}
		p.next()
	}
	// An empty parameter list keeps a zero Span (CPython's arguments
	// node has no position at all).
	if p.p > startIdx {
		args.Span = span(start, p.endPos())
	}
	return args
}

func (p *parser) param(annotations, starAnnotation bool) *Arg {
	t := p.expect(tName)
	a := &Arg{Arg: p.text(t)}
	if annotations && p.got(tColon) {
		if starAnnotation && p.tok().kind == tStar {
			st := p.next()
			v := p.bitwiseOr()
			a.Annotation = &Starred{Span: span(st.pos(), p.endPos()), Value: v}
		} else {
			a.Annotation = p.expression()
		}
	}
	a.Span = span(t.pos(), p.endPos())
	return a
}

// ---- expressions ----

// starExpressions parses "a, *b, c" (a Tuple when there is a comma).
func (p *parser) starExpressions() Expr {
	start := p.tok().pos()
	first := p.starExpression()
	if p.tok().kind != tComma {
		return first
	}
	elts := []Expr{first}
	for p.got(tComma) {
		if !startsStarExpression(p.tok().kind) {
			break
		}
		elts = append(elts, p.starExpression())
	}
	return &Tuple{Span: span(start, p.endPos()), Elts: elts}
}

func startsStarExpression(k tokKind) bool {
	return startsExpression(k) || k == tStar || k == kwYield
}

func (p *parser) starExpression() Expr {
	if t := p.tok(); t.kind == tStar {
		p.next()
		v := p.bitwiseOr()
		return &Starred{Span: span(t.pos(), p.endPos()), Value: v}
	}
	return p.expression()
}

// starNamedExpression is an element of a list, set or tuple display.
func (p *parser) starNamedExpression() Expr {
	if t := p.tok(); t.kind == tStar {
		p.next()
		v := p.bitwiseOr()
		return &Starred{Span: span(t.pos(), p.endPos()), Value: v}
	}
	return p.namedExpression()
}

// namedExpression parses "NAME := expr" or an expression.
func (p *parser) namedExpression() Expr {
	t := p.tok()
	if t.kind == tName && p.peek(1) == tColonEqual {
		p.next()
		p.next()
		v := p.expression()
		target := &Name{Span: span(t.pos(), t.end()), Id: p.text(t), Ctx: Store}
		return &NamedExpr{Span: span(t.pos(), p.endPos()), Target: target, Value: v}
	}
	e := p.expression()
	switch p.tok().kind {
	case tColonEqual:
		p.invalidWalrus(e)
	case tEqual:
		p.invalidNamedAssign(e)
	}
	return e
}

// invalidWalrus reports "expr := value" with a non-name target; CPython
// names the target only when a value follows.
func (p *parser) invalidWalrus(e Expr) {
	if p.probe(func() {
		p.next()
		p.expression()
	}) {
		p.failNode(e, "cannot use assignment expressions with %s", exprName(e))
	}
	p.failGeneric()
}

// invalidNamedAssign reports "x = y" where a (named) expression is
// expected, with CPython's hints.
func (p *parser) invalidNamedAssign(e Expr) {
	if !isBitwiseOr(e) || p.noInvalid {
		return
	}
	var rhs Expr
	ok := p.probe(func() {
		save := p.p
		p.next()
		rhs = p.bitwiseOr()
		if k := p.tok().kind; k == tEqual || k == tColonEqual {
			p.failGeneric()
		}
		p.p = save
	})
	if !ok {
		return
	}
	switch t := e.(type) {
	case *Name:
		p.failAt(e.Pos(), rhs.End(), "invalid syntax. Maybe you meant '==' or ':=' instead of '='?")
	case *List, *Tuple, *GeneratorExp:
		return
	case *Constant:
		if t.Value == nil || t.Value == true || t.Value == false {
			return
		}
	}
	p.failNode(e, "cannot assign to %s here. Maybe you meant '==' instead of '='?", exprName(e))
}

// expression parses a conditional expression, lambda or disjunction.
func (p *parser) expression() Expr {
	p.enter()
	defer p.leave()
	if p.tok().kind == kwLambda {
		return p.lambda()
	}
	startIdx := p.p
	body := p.disjunction()
	if p.tok().kind != kwIf {
		if startsExpression(p.tok().kind) {
			p.forgotComma(body, startIdx)
		}
		return body
	}
	p.next()
	test := p.disjunction()
	if p.tok().kind != kwElse {
		if p.tok().kind != tColon {
			p.failAt(p.toks[startIdx].pos(), test.End(), "expected 'else' after 'if' expression")
		}
		p.failGeneric()
	}
	p.next()
	orelse := p.expression()
	return &IfExp{Span: span(p.toks[startIdx].pos(), p.endPos()), Test: test, Body: body, OrElse: orelse}
}

// forgotComma handles two juxtaposed expressions, which CPython
// diagnoses as a probably missing comma inside brackets. Like CPython it
// reads the second expression in any case (which may reach an unclosed
// bracket at the end of the input).
func (p *parser) forgotComma(a Expr, startIdx int) {
	if p.noInvalid {
		return
	}
	first := &p.toks[startIdx]
	if first.kind == tName && p.toks[startIdx+1].kind == tString {
		return
	}
	if first.kind == tName {
		switch p.text(first) {
		case "match", "case", "_":
			return
		}
	}
	var b Expr
	// Empirically CPython still finds errors nested in a dict or set
	// display that starts the second expression, but not in the
	// arguments or subscripts of one.
	display := p.tok().kind == tLBrace
	furthest := p.furthest
	err := p.tryErr(func() {
		save := p.p
		saveBrackets, saveNoInvalid := p.brackets, p.noInvalid
		p.brackets, p.noInvalid = 0, !display
		defer func() { p.brackets, p.noInvalid = saveBrackets, saveNoInvalid }()
		b = p.expression()
		p.p = save
	})
	p.furthest = furthest
	if err != nil {
		if display && err.Msg != "invalid syntax" {
			panic(bailout{err: err})
		}
		// CPython's PEG parser settles for a shorter second expression,
		// such as the name of a call whose arguments do not parse.
		switch t := p.tok(); t.kind {
		case tName, tNumber, tString, kwNone, kwTrue, kwFalse, tEllipsis:
			b = &Name{Span: span(t.pos(), t.end())}
		default:
			return
		}
	}
	if p.brackets > 0 {
		p.failAt(a.Pos(), b.End(), "invalid syntax. Perhaps you forgot a comma?")
	}
}

func (p *parser) lambda() Expr {
	kw := p.next()
	args := p.parameters(tColon, false)
	p.expect(tColon)
	body := p.expression()
	return &Lambda{Span: span(kw.pos(), p.endPos()), Args: args, Body: body}
}

func (p *parser) disjunction() Expr {
	start := p.tok().pos()
	first := p.conjunction()
	if p.tok().kind != kwOr {
		return first
	}
	values := []Expr{first}
	for p.got(kwOr) {
		values = append(values, p.conjunction())
	}
	return &BoolOp{Span: span(start, p.endPos()), Op: Or, Values: values}
}

func (p *parser) conjunction() Expr {
	start := p.tok().pos()
	first := p.inversion()
	if p.tok().kind != kwAnd {
		return first
	}
	values := []Expr{first}
	for p.got(kwAnd) {
		values = append(values, p.inversion())
	}
	return &BoolOp{Span: span(start, p.endPos()), Op: And, Values: values}
}

func (p *parser) inversion() Expr {
	if t := p.tok(); t.kind == kwNot {
		p.enter()
		defer p.leave()
		p.next()
		v := p.inversion()
		return &UnaryOp{Span: span(t.pos(), p.endPos()), Op: Not, Operand: v}
	}
	return p.comparison()
}

func (p *parser) comparison() Expr {
	start := p.tok().pos()
	left := p.bitwiseOr()
	var ops []CmpOperator
	var comps []Expr
	for {
		var op CmpOperator
		switch p.tok().kind {
		case tEqEqual:
			op = Eq
		case tNotEqual:
			op = NotEq
		case tLess:
			op = Lt
		case tLessEqual:
			op = LtE
		case tGreater:
			op = Gt
		case tGreaterEqual:
			op = GtE
		case kwIn:
			op = In
		case kwIs:
			op = Is
			if p.peek(1) == kwNot {
				p.next()
				op = IsNot
			}
		case kwNot:
			if p.peek(1) != kwIn {
				goto done
			}
			p.next()
			op = NotIn
		default:
			goto done
		}
		p.next()
		ops = append(ops, op)
		comps = append(comps, p.bitwiseOr())
	}
done:
	if len(ops) == 0 {
		return left
	}
	return &Compare{Span: span(start, p.endPos()), Left: left, Ops: ops, Comparators: comps}
}

// binaryOp returns the operator of token k and its precedence (0 is |,
// then ^, &, shifts, + -, and * / // % @), if k is a binary operator.
func binaryOp(k tokKind) (Operator, int, bool) {
	switch k {
	case tVBar:
		return BitOr, 0, true
	case tCircumflex:
		return BitXor, 1, true
	case tAmper:
		return BitAnd, 2, true
	case tLShift:
		return LShift, 3, true
	case tRShift:
		return RShift, 3, true
	case tPlus:
		return Add, 4, true
	case tMinus:
		return Sub, 4, true
	case tStar:
		return Mult, 5, true
	case tSlash:
		return Div, 5, true
	case tDoubleSlash:
		return FloorDiv, 5, true
	case tPercent:
		return Mod, 5, true
	case tAt:
		return MatMult, 5, true
	}
	return 0, 0, false
}

// bitwiseOr parses CPython's bitwise_or: the binary operators above the
// comparisons, by precedence climbing.
func (p *parser) bitwiseOr() Expr { return p.binary(0) }

// binary parses operands joined by binary operators of precedence
// minPrec or higher; all of them are left-associative.
func (p *parser) binary(minPrec int) Expr {
	start := p.tok().pos()
	left := p.factor()
	// Each operator nests the chain so far one level deeper (the tree is
	// left-deep), without recursion here; the count is undone at the end.
	depth := p.depth
	for {
		op, prec, ok := binaryOp(p.tok().kind)
		if !ok || prec < minPrec {
			p.depth = depth
			return left
		}
		p.enter()
		p.next()
		right := p.binary(prec + 1)
		left = &BinOp{Span: span(start, p.endPos()), Left: left, Op: op, Right: right}
	}
}

func (p *parser) factor() Expr {
	t := p.tok()
	var op UnaryOperator
	switch t.kind {
	case tPlus:
		op = UAdd
	case tMinus:
		op = USub
	case tTilde:
		op = Invert
	default:
		return p.power()
	}
	p.enter()
	defer p.leave()
	p.next()
	v := p.factor()
	return &UnaryOp{Span: span(t.pos(), p.endPos()), Op: op, Operand: v}
}

func (p *parser) power() Expr {
	start := p.tok().pos()
	left := p.awaitPrimary()
	if p.tok().kind != tDoubleStar {
		return left
	}
	p.enter() // ** is right-associative: power and factor recurse
	defer p.leave()
	p.next()
	right := p.factor()
	return &BinOp{Span: span(start, p.endPos()), Left: left, Op: Pow, Right: right}
}

func (p *parser) awaitPrimary() Expr {
	if t := p.tok(); t.kind == kwAwait {
		p.enter()
		defer p.leave()
		p.next()
		v := p.primary()
		return &Await{Span: span(t.pos(), p.endPos()), Value: v}
	}
	return p.primary()
}

func (p *parser) primary() Expr {
	start := p.tok().pos()
	e := p.atom()
	// Each trailer nests the expression so far one level deeper (the tree
	// is left-deep), without recursion here; the count is undone at the end.
	depth := p.depth
	for {
		switch p.tok().kind {
		case tDot, tLParen, tLBrack:
			p.enter()
		}
		switch p.tok().kind {
		case tDot:
			p.next()
			name := p.expect(tName)
			e = &Attribute{Span: span(start, name.end()), Value: e, Attr: p.text(name)}
		case tLParen:
			open := p.next()
			p.brackets++
			args, kws := p.callArgs(open, tRParen, false)
			end := p.expect(tRParen).end()
			p.brackets--
			e = &Call{Span: span(start, end), Func: e, Args: args, Keywords: kws}
		case tLBrack:
			p.next()
			p.brackets++
			s := p.slices()
			end := p.expect(tRBrack).end()
			p.brackets--
			e = &Subscript{Span: span(start, end), Value: e, Slice: s}
		default:
			p.depth = depth
			return e
		}
	}
}

// slices parses the inside of a subscript.
func (p *parser) slices() Expr {
	start := p.tok().pos()
	first := p.slice()
	if p.tok().kind != tComma {
		if st, ok := first.(*Starred); ok {
			return &Tuple{Span: st.Span, Elts: []Expr{st}}
		}
		return first
	}
	elts := []Expr{first}
	for p.got(tComma) {
		if p.tok().kind == tRBrack {
			break
		}
		elts = append(elts, p.slice())
	}
	return &Tuple{Span: span(start, p.endPos()), Elts: elts}
}

func (p *parser) slice() Expr {
	t := p.tok()
	if t.kind == tStar {
		return p.starExpression()
	}
	var lower Expr
	if t.kind != tColon {
		lower = p.namedExpression()
		if p.tok().kind != tColon {
			return lower
		}
		if _, isNamed := lower.(*NamedExpr); isNamed {
			p.failGeneric()
		}
	}
	p.next() // ':'
	s := &Slice{Lower: lower}
	if k := p.tok().kind; k != tColon && k != tComma && k != tRBrack {
		s.Upper = p.expression()
	}
	if p.got(tColon) {
		if k := p.tok().kind; k != tComma && k != tRBrack {
			s.Step = p.expression()
		}
	}
	s.Span = span(t.pos(), p.endPos())
	return s
}

// callArgs parses call (or, with bases, class base) arguments up to the
// closing token.
func (p *parser) callArgs(open *token, closing tokKind, bases bool) ([]Expr, []*Keyword) {
	var args []Expr
	var kws []*Keyword
	seenKw, seenDoubleStar := false, false
	for p.tok().kind != closing {
		t := p.tok()
		switch {
		case t.kind == tStar:
			if seenDoubleStar {
				p.failAt(t.pos(), t.end(), "iterable argument unpacking follows keyword argument unpacking")
			}
			p.next()
			v := p.expression()
			st := &Starred{Span: span(t.pos(), p.endPos()), Value: v}
			if p.atComprehension() {
				// CPython's messages for f(*a for a in b) and f(x, *a for ...).
				if len(args)+len(kws) == 0 {
					if bases {
						// No generator parentheses to check in class C(*a for ...).
						p.failGeneric()
					}
					p.failNode(st, "iterable unpacking cannot be used in comprehension")
				}
				p.comprehensions()
				p.failAt(st.Pos(), p.endPos(), "Generator expression must be parenthesized")
			}
			args = append(args, st)
		case t.kind == tDoubleStar:
			p.next()
			v := p.expression()
			kws = append(kws, &Keyword{Span: span(t.pos(), p.endPos()), Value: v})
			seenDoubleStar = true
		case t.kind == tName && p.peek(1) == tEqual:
			p.next()
			p.next()
			v := p.expression()
			kws = append(kws, &Keyword{Span: span(t.pos(), p.endPos()), Arg: p.text(t), Value: v})
			seenKw = true
		default:
			var e Expr
			parseArg := func() {
				if t.kind == tName && p.peek(1) == tColonEqual {
					e = p.namedExpression()
				} else {
					e = p.expression()
					if p.tok().kind == tColonEqual {
						p.failGeneric()
					}
				}
			}
			if seenKw || seenDoubleStar {
				// After keywords CPython accepts only keyword-like
				// arguments, so a positional one that does not even
				// parse is invalid syntax where it starts.
				startIdx, furthest := p.p, p.furthest
				if err := p.tryErr(parseArg); err != nil {
					if err.Msg != "invalid syntax" {
						panic(bailout{err: err})
					}
					at := startIdx
					if p.toks[at].kind == tName {
						at++
					}
					p.furthest = max(furthest, at)
					p.failGeneric()
				}
			} else {
				parseArg()
			}
			if p.atComprehension() {
				forTok := p.tok()
				g := p.genexp(e, t.pos())
				// A bare generator expression must be the only argument.
				if len(args)+len(kws) > 0 || p.tok().kind == tComma {
					p.checkRestArgs(closing)
					p.failNode(g, "Generator expression must be parenthesized")
				}
				if bases {
					// class C(x for x in y): a class's parentheses do not
					// double as a generator's; CPython stops at the 'for'.
					p.failAt(forTok.pos(), forTok.end(), "invalid syntax")
				}
				if p.tok().kind != closing {
					p.failGeneric()
				}
				// The call's parentheses double as the generator's.
				g.Span = span(open.pos(), p.tok().end())
				e = g
			}
			if p.tok().kind == tEqual {
				p.failAt(e.Pos(), p.tok().end(), "expression cannot contain assignment, perhaps you meant \"==\"?")
			}
			if seenDoubleStar {
				p.argumentOrderError("positional argument follows keyword argument unpacking", closing)
			}
			if seenKw {
				p.argumentOrderError("positional argument follows keyword argument", closing)
			}
			args = append(args, e)
		}
		if p.tok().kind == closing {
			break
		}
		if p.tok().kind != tComma {
			if startsExpression(p.tok().kind) {
				p.failGeneric()
			}
			p.failGeneric()
		}
		p.next()
	}
	return args, kws
}

// checkRestArgs reads the arguments after an erroneous one, letting
// specific errors in them (which CPython finds first) through.
func (p *parser) checkRestArgs(closing tokKind) {
	err := p.tryErr(func() {
		for p.got(tComma) && p.tok().kind != closing {
			if k := p.tok().kind; k == tStar || k == tDoubleStar {
				p.next()
			}
			p.expression()
			if p.got(tEqual) {
				p.expression()
			}
		}
	})
	if err != nil && err.Msg != "invalid syntax" {
		panic(bailout{err: err})
	}
}

// argumentOrderError reports a positional argument after keywords the way
// CPython does: after reading the remaining arguments, at the last token
// read.
func (p *parser) argumentOrderError(msg string, closing tokKind) {
	p.try(func() {
		for p.got(tComma) {
			if p.tok().kind == closing {
				break
			}
			if k := p.tok().kind; k == tStar || k == tDoubleStar {
				p.next()
			}
			p.expression()
			if p.got(tEqual) {
				p.expression()
			}
		}
		p.tok()
	})
	p.failGeneric0(msg)
}

// atComprehension reports whether a comprehension clause starts here.
func (p *parser) atComprehension() bool {
	switch p.tok().kind {
	case kwFor:
		return true
	case kwAsync:
		furthest := p.furthest
		isFor := p.peek(1) == kwFor
		if !isFor {
			p.furthest = furthest
		}
		return isFor
	}
	return false
}

// genexp parses the for/if clauses after elt; start is where the whole
// expression starts (its parenthesis, if any).
func (p *parser) genexp(elt Expr, start Position) *GeneratorExp {
	if _, ok := elt.(*Starred); ok {
		p.failNode(elt, "iterable unpacking cannot be used in comprehension")
	}
	gens := p.comprehensions()
	return &GeneratorExp{Span: span(start, p.endPos()), Elt: elt, Generators: gens}
}

// comprehensions parses one or more "[async] for target in iter (if cond)*".
func (p *parser) comprehensions() []*Comprehension {
	var out []*Comprehension
	for {
		t := p.tok()
		isAsync := false
		if t.kind == kwAsync && p.peek(1) == kwFor {
			p.next()
			isAsync = true
		} else if t.kind != kwFor {
			return out
		}
		p.next()
		c := &Comprehension{IsAsync: isAsync}
		c.Target = p.targetList(Store)[0]
		p.expect(kwIn)
		c.Iter = p.disjunction()
		for p.tok().kind == kwIf {
			p.next()
			c.Ifs = append(c.Ifs, p.disjunction())
		}
		c.Span = span(t.pos(), p.endPos())
		out = append(out, c)
	}
}

func (p *parser) yieldExpr() Expr {
	kw := p.next()
	if p.got(kwFrom) {
		v := p.expression()
		return &YieldFrom{Span: span(kw.pos(), p.endPos()), Value: v}
	}
	y := &Yield{}
	if startsStarExpression(p.tok().kind) && p.tok().kind != kwYield {
		y.Value = p.starExpressions()
	}
	y.Span = span(kw.pos(), p.endPos())
	return y
}

func (p *parser) atom() Expr {
	t := p.tok()
	switch t.kind {
	case tName:
		p.next()
		return &Name{Span: span(t.pos(), t.end()), Id: p.text(t)}
	case kwTrue:
		p.next()
		return &Constant{Span: span(t.pos(), t.end()), Value: true}
	case kwFalse:
		p.next()
		return &Constant{Span: span(t.pos(), t.end()), Value: false}
	case kwNone:
		p.next()
		return &Constant{Span: span(t.pos(), t.end()), Value: nil}
	case tEllipsis:
		p.next()
		return &Constant{Span: span(t.pos(), t.end()), Value: EllipsisType{}}
	case tNumber:
		p.next()
		return p.number(t)
	case tString:
		return p.strings()
	case tLParen:
		return p.parenAtom()
	case tLBrack:
		return p.listAtom()
	case tLBrace:
		return p.braceAtom()
	}
	p.failGeneric()
	return nil
}

// parenAtom parses a tuple, group, generator expression or parenthesized
// yield.
func (p *parser) parenAtom() Expr {
	open := p.next()
	p.enter()
	defer p.leave()
	p.brackets++
	defer func() { p.brackets-- }()
	if t := p.tok(); t.kind == tRParen {
		p.next()
		return &Tuple{Span: span(open.pos(), t.end())}
	}
	if p.tok().kind == kwYield {
		y := p.yieldExpr()
		p.expect(tRParen)
		return y
	}
	if t := p.tok(); t.kind == tDoubleStar && p.probe(func() {
		p.next()
		p.expression()
		p.expect(tRParen)
	}) {
		p.failAt(t.pos(), t.end(), "cannot use double starred expression here")
	}
	first := p.starNamedExpression()
	if p.atComprehension() {
		g := p.genexp(first, open.pos())
		g.EndPos = p.expect(tRParen).end()
		return g
	}
	switch p.tok().kind {
	case kwFor:
		g := p.genexp(first, open.pos())
		g.EndPos = p.expect(tRParen).end()
		return g
	case tRParen:
		p.next()
		if st, ok := first.(*Starred); ok {
			p.failNode(st, "cannot use starred expression here")
		}
		return first
	case tComma:
		elts := []Expr{first}
		for p.got(tComma) {
			if p.tok().kind == tRParen {
				break
			}
			elts = append(elts, p.starNamedExpression())
		}
		end := p.expect(tRParen).end()
		return &Tuple{Span: span(open.pos(), end), Elts: elts}
	}
	p.failGeneric()
	return nil
}

func (p *parser) listAtom() Expr {
	open := p.next()
	p.enter()
	defer p.leave()
	p.brackets++
	defer func() { p.brackets-- }()
	if t := p.tok(); t.kind == tRBrack {
		p.next()
		return &List{Span: span(open.pos(), t.end())}
	}
	first := p.starNamedExpression()
	if p.atComprehension() {
		if _, ok := first.(*Starred); ok {
			p.failNode(first, "iterable unpacking cannot be used in comprehension")
		}
		gens := p.comprehensions()
		end := p.expect(tRBrack).end()
		return &ListComp{Span: span(open.pos(), end), Elt: first, Generators: gens}
	}
	elts := []Expr{first}
	for p.got(tComma) {
		if p.tok().kind == tRBrack {
			break
		}
		elts = append(elts, p.starNamedExpression())
	}
	end := p.expect(tRBrack).end()
	return &List{Span: span(open.pos(), end), Elts: elts}
}

func (p *parser) braceAtom() Expr {
	open := p.next()
	p.enter()
	defer p.leave()
	p.brackets++
	defer func() { p.brackets-- }()
	if t := p.tok(); t.kind == tRBrace {
		p.next()
		return &Dict{Span: span(open.pos(), t.end())}
	}
	// Dict display starting with **mapping.
	if t := p.tok(); t.kind == tDoubleStar {
		if p.probe(func() {
			p.next()
			p.bitwiseOr()
			if !p.atComprehension() {
				p.failGeneric()
			}
		}) {
			p.failAt(t.pos(), t.end(), "dict unpacking cannot be used in dict comprehension")
		}
		return p.dictRest(open, nil, nil)
	}
	first := p.starNamedExpression()
	if p.tok().kind == tColon {
		if _, ok := first.(*Starred); ok {
			p.failGeneric()
		}
		colon := p.next()
		if k := p.tok().kind; k == tRBrace || k == tComma {
			p.failAt(colon.pos(), colon.end(), "expression expected after dictionary key and ':'")
		}
		p.noStarredDictValue()
		value := p.expression()
		if p.atComprehension() {
			gens := p.comprehensions()
			end := p.expect(tRBrace).end()
			return &DictComp{Span: span(open.pos(), end), Key: first, Value: value, Generators: gens}
		}
		return p.dictRest(open, first, value)
	}
	if p.atComprehension() {
		if _, ok := first.(*Starred); ok {
			p.failNode(first, "iterable unpacking cannot be used in comprehension")
		}
		gens := p.comprehensions()
		end := p.expect(tRBrace).end()
		return &SetComp{Span: span(open.pos(), end), Elt: first, Generators: gens}
	}
	elts := []Expr{first}
	for p.got(tComma) {
		if p.tok().kind == tRBrace {
			break
		}
		elts = append(elts, p.starNamedExpression())
	}
	end := p.expect(tRBrace).end()
	return &Set{Span: span(open.pos(), end), Elts: elts}
}

// dictRest parses the remaining entries of a dict display whose first
// entry (if key or value is set) has been parsed.
func (p *parser) dictRest(open *token, key, value Expr) Expr {
	d := &Dict{}
	if value != nil {
		d.Keys = append(d.Keys, key)
		d.Values = append(d.Values, value)
		if !p.got(tComma) {
			p.closeDict()
			d.Span = span(open.pos(), p.endPos())
			return d
		}
	}
	for p.tok().kind != tRBrace {
		if p.got(tDoubleStar) {
			d.Keys = append(d.Keys, nil)
			d.Values = append(d.Values, p.bitwiseOr())
		} else {
			k := p.expression()
			if p.tok().kind != tColon {
				// CPython points at the key's last character.
				end := k.End()
				at := Position{Line: end.Line, Col: end.Col - 1}
				p.failAt(at, Position{}, "':' expected after dictionary key")
			}
			colon := p.next()
			if kk := p.tok().kind; kk == tRBrace || kk == tComma {
				p.failAt(colon.pos(), colon.end(), "expression expected after dictionary key and ':'")
			}
			p.noStarredDictValue()
			d.Keys = append(d.Keys, k)
			d.Values = append(d.Values, p.expression())
		}
		if !p.got(tComma) {
			break
		}
	}
	p.closeDict()
	d.Span = span(open.pos(), p.endPos())
	return d
}

func (p *parser) noStarredDictValue() {
	if t := p.tok(); t.kind == tStar {
		if p.probe(func() {
			p.next()
			p.bitwiseOr()
		}) {
			p.failAt(t.pos(), p.toks[p.p].pos(), "cannot use a starred expression in a dictionary value")
		}
		// CPython reads the token after the '*' before giving up.
		p.peek(1)
		p.failGeneric()
	}
}

func (p *parser) closeDict() {
	if p.tok().kind != tRBrace {
		p.failGeneric()
	}
	p.next()
}
