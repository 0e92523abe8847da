package compile

import (
	"fmt"
	"math"
	"math/big"

	"github.com/toolplane/toolplane/python/syntax"
)

// Match statements compile as CPython 3.11 compiles them: each case tests
// its pattern against the subject with the MATCH_* operations and ordinary
// comparisons, and a failing test jumps to a cleanup that pops whatever
// the pattern left on the stack before trying the next case.
//
// A pattern consumes its subject (the top of the stack) whether it
// matches or not. A failed pattern must bind nothing, so when a test (or
// anything that may raise) follows a capture, captured values are not
// bound while matching: they are collected in a dict pushed below the
// subject (MAP_ADD reaches it at any depth) and bound to their names once
// the whole pattern has matched, before the guard runs. CPython keeps them
// on the stack instead and rotates them into place, which needs a ROT_N
// this VM does not have. Most patterns ("case {"type": t}",
// "case Point(x, y)", "case [a, b]") capture only after their last test;
// those store each capture directly.

// patternCtx tracks the stack while one case's pattern is compiled.
type patternCtx struct {
	// depth is the number of stack items above the case's base, not
	// counting the current subject; the capture dict, when there is one,
	// is the first of them.
	depth int
	// failBase is the depth a failing test returns to: 0 for the case,
	// the depth of the subject for an alternative of an or-pattern.
	failBase int
	// failPop[n] are the jumps taken on failure with n items to pop.
	failPop [][]int
	// names are the names captured so far, in order.
	names []string
	// allowIrrefutable is false where an irrefutable pattern would make
	// later cases unreachable.
	allowIrrefutable bool
	// direct is set when captures are stored to their names at once (no
	// test can fail after the first capture).
	direct bool
}

// match compiles a match statement.
func (f *fn) match(st *syntax.Match) {
	f.expr(st.Subject)
	var ends []int
	cases := st.Cases
	last := cases[len(cases)-1]
	hasDefault := len(cases) > 1 && isWildcard(last.Pattern)
	n := len(cases)
	if hasDefault {
		n--
	}
	for i, c := range cases[:n] {
		keep := i != n-1 // the subject stays for later cases
		f.at(c.Pattern)
		if keep {
			f.emit(DUP_TOP, 0)
		}
		pc := &patternCtx{allowIrrefutable: c.Guard != nil || i == len(cases)-1}
		captures := bindsNames(c.Pattern)
		if captures && capturesLast(c.Pattern) {
			pc.direct, captures = true, false
		}
		if captures {
			f.emit(BUILD_MAP, 0)
			f.emit(ROT_TWO, 0)
			pc.depth = 1
		}
		f.pattern(c.Pattern, pc)
		if f.err != nil {
			return
		}
		if captures {
			for _, name := range pc.names {
				f.emit(DUP_TOP, 0)
				f.loadConst(name)
				f.emit(BINARY_SUBSCR, 0)
				f.storeName(name)
			}
			f.emit(POP_TOP, 0)
			pc.depth = 0
		}
		if c.Guard != nil {
			f.ensureFailPop(pc, 0)
			pc.failPop[0] = append(pc.failPop[0], f.jumpIf(c.Guard, false)...)
		}
		if keep {
			f.emit(POP_TOP, 0)
		}
		f.stmts(c.Body)
		ends = append(ends, f.emit(JUMP, 0))
		f.at(c.Pattern)
		f.emitFailPop(pc)
	}
	if hasDefault {
		f.at(last.Pattern)
		if last.Guard != nil {
			ends = append(ends, f.jumpIf(last.Guard, false)...)
		}
		f.stmts(last.Body)
	}
	f.patchAll(ends, f.here())
}

// isWildcard reports whether p is "_".
func isWildcard(p syntax.Pattern) bool {
	as, ok := p.(*syntax.MatchAs)
	return ok && as.Pattern == nil && as.Name == ""
}

// bindsNames reports whether p captures any name.
func bindsNames(p syntax.Pattern) bool {
	found := false
	syntax.Inspect(p, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.MatchAs:
			found = found || n.Name != ""
		case *syntax.MatchStar:
			found = found || n.Name != ""
		case *syntax.MatchMapping:
			found = found || n.Rest != ""
		}
		return !found
	})
	return found
}

// capturesLast reports whether every test of p (and every step that may
// raise) comes before its first capture, so that captures can be stored
// as they are made.
func capturesLast(p syntax.Pattern) bool {
	captured, ok := false, true
	work := func() {
		if captured {
			ok = false
		}
	}
	var walk func(p syntax.Pattern)
	walk = func(p syntax.Pattern) {
		switch p := p.(type) {
		case *syntax.MatchValue, *syntax.MatchSingleton:
			work()
		case *syntax.MatchAs:
			if p.Pattern != nil {
				walk(p.Pattern)
			}
			captured = captured || p.Name != ""
		case *syntax.MatchStar:
			captured = captured || p.Name != ""
		case *syntax.MatchOr:
			if bindsNames(p) {
				ok = false
			}
			work()
		case *syntax.MatchSequence:
			work()
			starWildcard := false
			for _, sub := range p.Patterns {
				starWildcard = starWildcard || isStarWildcard(sub)
			}
			for _, sub := range p.Patterns {
				if starWildcard && !isWildcard(sub) && !isStarWildcard(sub) {
					work() // the element is fetched by subscript
				}
				walk(sub)
			}
		case *syntax.MatchMapping:
			work()
			for _, sub := range p.Patterns {
				walk(sub)
			}
			if p.Rest != "" {
				work() // copying the rest may call the mapping's methods
				captured = true
			}
		case *syntax.MatchClass:
			work()
			for _, sub := range p.Patterns {
				walk(sub)
			}
			for _, sub := range p.KwdPatterns {
				walk(sub)
			}
		default:
			ok = false
		}
	}
	walk(p)
	return ok
}

func (f *fn) ensureFailPop(pc *patternCtx, n int) {
	for len(pc.failPop) <= n {
		pc.failPop = append(pc.failPop, nil)
	}
}

// jumpFail emits a jump (op) taken when the current test fails.
func (f *fn) jumpFail(pc *patternCtx, op Op) {
	pops := pc.depth - pc.failBase
	f.ensureFailPop(pc, pops)
	pc.failPop[pops] = append(pc.failPop[pops], f.emit(op, 0))
}

// emitFailPop emits the cleanup the failure jumps lead to: a run of
// POP_TOPs entered at the point that leaves the stack at the fail base.
func (f *fn) emitFailPop(pc *patternCtx) {
	for n := len(pc.failPop) - 1; n >= 0; n-- {
		f.patchAll(pc.failPop[n], f.here())
		if n > 0 {
			f.emit(POP_TOP, 0)
		}
	}
	pc.failPop = nil
}

// failIfNone tests the top of the stack (kept) and fails when it is None.
func (f *fn) failIfNone(pc *patternCtx) {
	f.emit(DUP_TOP, 0)
	f.loadConst(nil)
	f.emit(IS_OP, 1)
	f.jumpFail(pc, POP_JUMP_IF_FALSE)
}

// pattern compiles p against the subject on top of the stack.
func (f *fn) pattern(p syntax.Pattern, pc *patternCtx) {
	if f.err != nil {
		return
	}
	if !f.enter(p) {
		return
	}
	defer f.leave()
	f.at(p)
	switch p := p.(type) {
	case *syntax.MatchValue:
		switch v := p.Value.(type) {
		case *syntax.Attribute:
		case *syntax.Constant, *syntax.UnaryOp, *syntax.BinOp:
			if _, ok := v.(*syntax.Constant); !ok && !isNumberLiteral(v) {
				f.failNode("SyntaxError", "patterns may only match literals and attribute lookups", p)
				return
			}
		default:
			f.failNode("SyntaxError", "patterns may only match literals and attribute lookups", p)
			return
		}
		f.expr(p.Value)
		f.at(p)
		f.emit(COMPARE_OP, int(syntax.Eq))
		f.jumpFail(pc, POP_JUMP_IF_FALSE)
	case *syntax.MatchSingleton:
		f.loadConst(p.Value)
		f.emit(IS_OP, 0)
		f.jumpFail(pc, POP_JUMP_IF_FALSE)
	case *syntax.MatchAs:
		if p.Pattern == nil {
			if !pc.allowIrrefutable {
				if p.Name != "" {
					f.failNode("SyntaxError", fmt.Sprintf("name capture '%s' makes remaining patterns unreachable", p.Name), p)
				} else {
					f.failNode("SyntaxError", "wildcard makes remaining patterns unreachable", p)
				}
				return
			}
			f.capture(p.Name, p, pc)
			return
		}
		pc.depth++
		f.emit(DUP_TOP, 0)
		f.pattern(p.Pattern, pc)
		pc.depth--
		f.at(p)
		f.capture(p.Name, p, pc)
	case *syntax.MatchStar:
		f.capture(p.Name, p, pc)
	case *syntax.MatchOr:
		f.orPattern(p, pc)
	case *syntax.MatchSequence:
		f.sequencePattern(p, pc)
	case *syntax.MatchMapping:
		f.mappingPattern(p, pc)
	case *syntax.MatchClass:
		f.classPattern(p, pc)
	default:
		f.failNode("NotImplementedError", fmt.Sprintf("pattern %T is not supported", p), p)
	}
}

// isNumberLiteral reports whether e is a negated number or a complex
// literal, which CPython folds into a constant before compiling.
func isNumberLiteral(e syntax.Expr) bool {
	switch e := e.(type) {
	case *syntax.Constant:
		switch e.Value.(type) {
		case int64, *big.Int, float64, complex128:
			return true
		}
	case *syntax.UnaryOp:
		return e.Op == syntax.USub && isNumberLiteral(e.Operand)
	case *syntax.BinOp:
		return (e.Op == syntax.Add || e.Op == syntax.Sub) && isNumberLiteral(e.Left) && isNumberLiteral(e.Right)
	}
	return false
}

// subpattern compiles a pattern nested in a sequence, mapping or class
// pattern, where irrefutable patterns are always allowed.
func (f *fn) subpattern(p syntax.Pattern, pc *patternCtx) {
	allow := pc.allowIrrefutable
	pc.allowIrrefutable = true
	f.pattern(p, pc)
	pc.allowIrrefutable = allow
}

// capture consumes the subject, recording it under name in the capture
// dict ("" discards it).
func (f *fn) capture(name string, at syntax.Node, pc *patternCtx) {
	if name == "" {
		f.emit(POP_TOP, 0)
		return
	}
	for _, n := range pc.names {
		if n == name {
			f.failNode("SyntaxError", fmt.Sprintf("multiple assignments to name '%s' in pattern", name), at)
			return
		}
	}
	pc.names = append(pc.names, name)
	if pc.direct {
		f.storeName(name)
		return
	}
	f.loadConst(name)
	f.emit(ROT_TWO, 0)
	f.emit(MAP_ADD, pc.depth)
}

func (f *fn) orPattern(p *syntax.MatchOr, pc *patternCtx) {
	saved := *pc
	var ends []int
	var control []string
	base := pc.depth + 1 // the subject stays while the alternatives run
	for i, alt := range p.Patterns {
		f.at(alt)
		f.emit(DUP_TOP, 0)
		pc.depth, pc.failBase, pc.failPop = base, base, nil
		pc.names = append([]string(nil), saved.names...)
		pc.allowIrrefutable = i == len(p.Patterns)-1 && saved.allowIrrefutable
		f.pattern(alt, pc)
		if f.err != nil {
			return
		}
		bound := pc.names[len(saved.names):]
		if i == 0 {
			control = bound
		} else if !sameNames(control, bound) {
			f.failNode("SyntaxError", "alternative patterns bind different names", alt)
			return
		}
		ends = append(ends, f.emit(JUMP, 0))
		f.emitFailPop(pc)
	}
	*pc = saved
	pc.names = append(pc.names, control...)
	// No alternative matched: drop the subject and fail.
	f.at(p)
	f.emit(POP_TOP, 0)
	f.jumpFail(pc, JUMP)
	f.patchAll(ends, f.here())
	f.emit(POP_TOP, 0)
}

func sameNames(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	set := map[string]bool{}
	for _, n := range a {
		set[n] = true
	}
	for _, n := range b {
		if !set[n] {
			return false
		}
	}
	return true
}

func isStarWildcard(p syntax.Pattern) bool {
	s, ok := p.(*syntax.MatchStar)
	return ok && s.Name == ""
}

func (f *fn) sequencePattern(p *syntax.MatchSequence, pc *patternCtx) {
	pats := p.Patterns
	size := len(pats)
	star := -1
	onlyWildcard := true
	starWildcard := false
	for i, sub := range pats {
		if _, ok := sub.(*syntax.MatchStar); ok {
			if star >= 0 {
				f.failNode("SyntaxError", "multiple starred names in sequence pattern", p)
				return
			}
			star = i
			starWildcard = isStarWildcard(sub)
		}
		onlyWildcard = onlyWildcard && (isWildcard(sub) || isStarWildcard(sub))
	}
	// The subject stays on the stack for the type and length checks.
	pc.depth++
	f.emit(MATCH_SEQUENCE, 0)
	f.jumpFail(pc, POP_JUMP_IF_FALSE)
	switch {
	case star < 0:
		f.emit(GET_LEN, 0)
		f.loadConst(int64(size))
		f.emit(COMPARE_OP, int(syntax.Eq))
		f.jumpFail(pc, POP_JUMP_IF_FALSE)
	case size > 1:
		f.emit(GET_LEN, 0)
		f.loadConst(int64(size - 1))
		f.emit(COMPARE_OP, int(syntax.GtE))
		f.jumpFail(pc, POP_JUMP_IF_FALSE)
	}
	pc.depth--
	switch {
	case onlyWildcard:
		f.emit(POP_TOP, 0)
	case starWildcard:
		// Index the elements that matter instead of unpacking a long
		// sequence: subject[i] before the star, subject[len - k] after it.
		pc.depth++
		for i, sub := range pats {
			if isWildcard(sub) || i == star {
				continue
			}
			f.at(sub)
			f.emit(DUP_TOP, 0)
			if i < star {
				f.loadConst(int64(i))
			} else {
				f.emit(GET_LEN, 0)
				f.loadConst(int64(size - i))
				f.emit(BINARY_OP, int(syntax.Sub))
			}
			f.emit(BINARY_SUBSCR, 0)
			f.subpattern(sub, pc)
		}
		pc.depth--
		f.emit(POP_TOP, 0)
	default:
		if star < 0 {
			f.emit(UNPACK_SEQUENCE, size)
		} else {
			after := size - star - 1
			if star > 255 || after > 255 {
				f.failNode("SyntaxError", "too many expressions in star-unpacking sequence pattern", p)
				return
			}
			f.emit(UNPACK_EX, star|after<<8)
		}
		f.subpatterns(pats, pc)
	}
}

// subpatterns matches the values unpacked onto the stack (the first on
// top) against pats in order.
func (f *fn) subpatterns(pats []syntax.Pattern, pc *patternCtx) {
	pc.depth += len(pats)
	for _, sub := range pats {
		pc.depth--
		f.subpattern(sub, pc)
	}
}

func (f *fn) mappingPattern(p *syntax.MatchMapping, pc *patternCtx) {
	size := len(p.Keys)
	pc.depth++
	f.emit(MATCH_MAPPING, 0)
	f.jumpFail(pc, POP_JUMP_IF_FALSE)
	if size == 0 && p.Rest == "" {
		pc.depth--
		f.emit(POP_TOP, 0)
		return
	}
	if size > 0 {
		f.emit(GET_LEN, 0)
		f.loadConst(int64(size))
		f.emit(COMPARE_OP, int(syntax.GtE))
		f.jumpFail(pc, POP_JUMP_IF_FALSE)
	}
	seen := map[string]bool{}
	for _, k := range p.Keys {
		if _, isAttr := k.(*syntax.Attribute); isAttr {
			continue
		}
		_, isConst := k.(*syntax.Constant)
		if !isConst && !isNumberLiteral(k) {
			f.failNode("SyntaxError", "mapping pattern keys may only match literals and attribute lookups", p)
			return
		}
		if key, repr, ok := mappingKey(k); ok {
			if seen[key] {
				f.failNode("SyntaxError", fmt.Sprintf("mapping pattern checks duplicate key (%s)", repr), p)
				return
			}
			seen[key] = true
		}
	}
	for _, k := range p.Keys {
		f.expr(k)
	}
	f.at(p)
	f.emit(BUILD_TUPLE, size)
	// [subject keys]
	pc.depth++
	if size > 0 {
		f.emit(MATCH_KEYS, 0)
		// [subject keys values-or-None]
		pc.depth++
		f.failIfNone(pc)
		pc.depth--
		f.emit(UNPACK_SEQUENCE, size)
		f.subpatterns(p.Patterns, pc)
		f.at(p)
	}
	if p.Rest != "" {
		f.emit(COPY_DICT_WITHOUT_KEYS, 0)
		// [subject rest]
		pc.depth--
		f.capture(p.Rest, p, pc)
	} else {
		f.emit(POP_TOP, 0)
		pc.depth--
	}
	f.emit(POP_TOP, 0)
	pc.depth--
}

// mappingKey returns a comparison key and the repr of a literal mapping
// key; keys equal in Python (1, 1.0, True) get the same comparison key.
func mappingKey(e syntax.Expr) (key, repr string, ok bool) {
	c, isConst := e.(*syntax.Constant)
	var v any
	if isConst {
		v = c.Value
	} else if folded, ok := foldLiteral(e); ok {
		v = folded
	} else if z, ok := complexLiteral(e); ok {
		v = z
	} else {
		return "", "", false
	}
	if z, ok := v.(complex128); ok {
		if imag(z) != 0 {
			return fmt.Sprintf("c:%v", z), syntax.ConstantRepr(z), true
		}
		v = real(z) // 1+0j is the key 1
	}
	repr = syntax.ConstantRepr(v)
	switch x := v.(type) {
	case bool:
		if x {
			return "n:1", repr, true
		}
		return "n:0", repr, true
	case int64:
		return fmt.Sprintf("n:%d", x), repr, true
	case *big.Int:
		return "n:" + x.String(), repr, true
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<63 {
			return fmt.Sprintf("n:%d", int64(x)), repr, true
		}
		return fmt.Sprintf("f:%v", x), repr, true
	case string:
		return "s:" + x, repr, true
	case syntax.Bytes:
		return "b:" + string(x), repr, true
	case nil:
		return "None", repr, true
	}
	return "", "", false
}

func (f *fn) classPattern(p *syntax.MatchClass, pc *patternCtx) {
	for i, name := range p.KwdAttrs {
		for _, prev := range p.KwdAttrs[:i] {
			if prev == name {
				f.failNode("SyntaxError", "attribute name repeated in class pattern: "+name, p.KwdPatterns[i])
				return
			}
		}
	}
	f.expr(p.Cls)
	names := make(Tuple, len(p.KwdAttrs))
	for i, n := range p.KwdAttrs {
		names[i] = n
	}
	f.loadConst(names)
	f.at(p)
	f.emit(MATCH_CLASS, len(p.Patterns))
	// [attrs-or-None] replaces the subject.
	pc.depth++
	f.failIfNone(pc)
	pc.depth--
	pats := append(append([]syntax.Pattern(nil), p.Patterns...), p.KwdPatterns...)
	if len(pats) == 0 {
		f.emit(POP_TOP, 0)
		return
	}
	f.emit(UNPACK_SEQUENCE, len(pats))
	pc.depth += len(pats)
	for _, sub := range pats {
		pc.depth--
		if isWildcard(sub) {
			f.emit(POP_TOP, 0)
			continue
		}
		f.subpattern(sub, pc)
	}
}

// match records the names a match statement binds and the names
// its patterns and guards read.
func (c *collector) match(s *scope, st *syntax.Match) {
	c.expr(s, st.Subject)
	for _, mc := range st.Cases {
		c.pattern(s, mc.Pattern)
		if mc.Guard != nil {
			c.expr(s, mc.Guard)
		}
		c.stmts(s, mc.Body)
	}
}

func (c *collector) pattern(s *scope, p syntax.Pattern) {
	if !c.guard.enter(p.Pos()) {
		return
	}
	defer c.guard.leave()
	switch p := p.(type) {
	case *syntax.MatchValue:
		c.expr(s, p.Value)
	case *syntax.MatchSequence:
		for _, sub := range p.Patterns {
			c.pattern(s, sub)
		}
	case *syntax.MatchMapping:
		c.exprs(s, p.Keys)
		for _, sub := range p.Patterns {
			c.pattern(s, sub)
		}
		if p.Rest != "" {
			p.Rest = s.mangle(p.Rest)
			c.bind(s, p.Rest)
		}
	case *syntax.MatchClass:
		c.expr(s, p.Cls)
		for _, sub := range p.Patterns {
			c.pattern(s, sub)
		}
		for _, sub := range p.KwdPatterns {
			c.pattern(s, sub)
		}
	case *syntax.MatchStar:
		if p.Name != "" {
			p.Name = s.mangle(p.Name)
			c.bind(s, p.Name)
		}
	case *syntax.MatchAs:
		if p.Pattern != nil {
			c.pattern(s, p.Pattern)
		}
		if p.Name != "" {
			p.Name = s.mangle(p.Name)
			c.bind(s, p.Name)
		}
	case *syntax.MatchOr:
		for _, sub := range p.Patterns {
			c.pattern(s, sub)
		}
	}
}

// complexLiteral is the value of a complex literal key (2j, -2j, 1+2j,
// -1.5-2j), which CPython folds to a constant before its duplicate check.
func complexLiteral(e syntax.Expr) (complex128, bool) {
	switch e := e.(type) {
	case *syntax.Constant:
		z, ok := e.Value.(complex128)
		return z, ok
	case *syntax.UnaryOp:
		if z, ok := complexLiteral(e.Operand); ok && (e.Op == syntax.USub || e.Op == syntax.UAdd) {
			if e.Op == syntax.USub {
				return -z, true
			}
			return z, true
		}
	case *syntax.BinOp:
		im, ok := complexLiteral(e.Right)
		if !ok || (e.Op != syntax.Add && e.Op != syntax.Sub) {
			return 0, false
		}
		l, ok := foldLiteral(e.Left)
		if !ok {
			return 0, false
		}
		re, ok := toFloat(l)
		if !ok {
			return 0, false
		}
		if e.Op == syntax.Sub {
			im = -im
		}
		return complex(re, 0) + im, true
	}
	return 0, false
}
