package syntax

// Pattern is a pattern of a match statement's case (CPython's pattern
// nodes).
type Pattern interface {
	Node
	patternNode()
}

// MatchValue is a literal or dotted-name pattern, compared with ==. Value
// is a Constant, a negated or complex number (UnaryOp, BinOp), a JoinedStr
// (rejected by the compiler, as CPython does) or an Attribute.
type MatchValue struct {
	Span
	Value Expr
}

// MatchSingleton is None, True or False, compared by identity; Value is
// nil, true or false.
type MatchSingleton struct {
	Span
	Value any
}

// MatchSequence is "[p, ...]", "(p, ...)" or an open "p, ..." sequence; at
// most one element should be a MatchStar.
type MatchSequence struct {
	Span
	Patterns []Pattern
}

// MatchMapping is "{key: p, ..., **rest}"; Keys are literals or
// attributes, parallel to Patterns; Rest is "" when absent.
type MatchMapping struct {
	Span
	Keys     []Expr
	Patterns []Pattern
	Rest     string
}

// MatchClass is "Cls(p, ..., name=p, ...)"; KwdAttrs is parallel to
// KwdPatterns.
type MatchClass struct {
	Span
	Cls         Expr
	Patterns    []Pattern
	KwdAttrs    []string
	KwdPatterns []Pattern
}

// MatchStar is "*name" (or "*_", Name "") in a sequence pattern.
type MatchStar struct {
	Span
	Name string
}

// MatchAs is a capture pattern (Pattern nil), the wildcard "_" (Pattern
// nil, Name "") or "pattern as name".
type MatchAs struct {
	Span
	Pattern Pattern // nil for a capture or the wildcard
	Name    string  // "" for the wildcard
}

// MatchOr is "p1 | p2 | ...".
type MatchOr struct {
	Span
	Patterns []Pattern
}

func (*Match) node()          {}
func (*MatchCase) node()      {}
func (*MatchValue) node()     {}
func (*MatchSingleton) node() {}
func (*MatchSequence) node()  {}
func (*MatchMapping) node()   {}
func (*MatchClass) node()     {}
func (*MatchStar) node()      {}
func (*MatchAs) node()        {}
func (*MatchOr) node()        {}

func (*Match) stmtNode() {}

func (*MatchValue) patternNode()     {}
func (*MatchSingleton) patternNode() {}
func (*MatchSequence) patternNode()  {}
func (*MatchMapping) patternNode()   {}
func (*MatchClass) patternNode()     {}
func (*MatchStar) patternNode()      {}
func (*MatchAs) patternNode()        {}
func (*MatchOr) patternNode()        {}

// dumpMatch renders the match nodes for Dump.
func (d *dumper) dumpMatch(n Node) bool {
	switch n := n.(type) {
	case *Match:
		d.call("Match", field{"subject", n.Subject}, field{"cases", n.Cases})
	case *MatchCase:
		d.call("match_case", field{"pattern", n.Pattern}, field{"guard", optExpr(n.Guard)}, field{"body", n.Body})
	case *MatchValue:
		d.call("MatchValue", field{"value", n.Value})
	case *MatchSingleton:
		d.call("MatchSingleton", field{"value", raw(ConstantRepr(n.Value))})
	case *MatchSequence:
		d.call("MatchSequence", field{"patterns", n.Patterns})
	case *MatchMapping:
		d.call("MatchMapping", field{"keys", n.Keys}, field{"patterns", n.Patterns}, field{"rest", opt(n.Rest)})
	case *MatchClass:
		d.call("MatchClass", field{"cls", n.Cls}, field{"patterns", n.Patterns},
			field{"kwd_attrs", n.KwdAttrs}, field{"kwd_patterns", n.KwdPatterns})
	case *MatchStar:
		d.call("MatchStar", field{"name", opt(n.Name)})
	case *MatchAs:
		var pat any = omit{}
		if n.Pattern != nil {
			pat = n.Pattern
		}
		d.call("MatchAs", field{"pattern", pat}, field{"name", opt(n.Name)})
	case *MatchOr:
		d.call("MatchOr", field{"patterns", n.Patterns})
	default:
		return false
	}
	return true
}

// match appends the children of the match nodes.
func (k *children) match(n Node) {
	switch n := n.(type) {
	case *Match:
		k.expr(n.Subject)
		for _, c := range n.Cases {
			k.node(c)
		}
	case *MatchCase:
		k.node(n.Pattern)
		k.expr(n.Guard)
		k.stmts(n.Body)
	case *MatchValue:
		k.expr(n.Value)
	case *MatchSequence:
		k.patterns(n.Patterns)
	case *MatchMapping:
		k.exprs(n.Keys)
		k.patterns(n.Patterns)
	case *MatchClass:
		k.expr(n.Cls)
		k.patterns(n.Patterns)
		k.patterns(n.KwdPatterns)
	case *MatchAs:
		if n.Pattern != nil {
			k.node(n.Pattern)
		}
	case *MatchOr:
		k.patterns(n.Patterns)
	}
}
