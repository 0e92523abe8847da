package syntax

// Visitor's Visit is called for each node met by Walk. If it returns a
// non-nil Visitor w, Walk visits the node's children with w and then calls
// w.Visit(nil).
type Visitor interface {
	Visit(n Node) (w Visitor)
}

// Walk traverses the tree rooted at n depth-first, children in CPython's
// field order (the order of ast.iter_child_nodes). Nil children are skipped.
// It keeps its own stack rather than recursing, so a tree of any depth is
// safe to walk (Go's stack overflow is fatal to the process).
func Walk(v Visitor, n Node) {
	type frame struct {
		v    Visitor
		kids []Node
	}
	var stack []frame
	enter := func(v Visitor, n Node) {
		if w := v.Visit(n); w != nil {
			var k children
			k.of(n)
			stack = append(stack, frame{v: w, kids: k})
		}
	}
	enter(v, n)
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if len(top.kids) == 0 {
			w := top.v
			stack = stack[:len(stack)-1]
			w.Visit(nil)
			continue
		}
		next := top.kids[0]
		top.kids = top.kids[1:]
		enter(top.v, next)
	}
}

// children collects the children of a node, in Walk's order.
type children []Node

func (k *children) node(n Node) { *k = append(*k, n) }

func (k *children) expr(e Expr) {
	if e != nil {
		*k = append(*k, e)
	}
}

func (k *children) exprs(es []Expr) {
	for _, e := range es {
		k.expr(e)
	}
}

func (k *children) stmts(ss []Stmt) {
	for _, s := range ss {
		*k = append(*k, s)
	}
}

func (k *children) comps(cs []*Comprehension) {
	for _, c := range cs {
		*k = append(*k, c)
	}
}

func (k *children) patterns(ps []Pattern) {
	for _, p := range ps {
		*k = append(*k, p)
	}
}

// of appends the children of n.
func (k *children) of(n Node) {
	switch n := n.(type) {
	case *Module:
		k.stmts(n.Body)
	case *FunctionDef:
		k.node(n.Args)
		k.stmts(n.Body)
		k.exprs(n.DecoratorList)
		k.expr(n.Returns)
	case *ClassDef:
		k.exprs(n.Bases)
		for _, kw := range n.Keywords {
			k.node(kw)
		}
		k.stmts(n.Body)
		k.exprs(n.DecoratorList)
	case *Return:
		k.expr(n.Value)
	case *Delete:
		k.exprs(n.Targets)
	case *Assign:
		k.exprs(n.Targets)
		k.expr(n.Value)
	case *AugAssign:
		k.expr(n.Target)
		k.expr(n.Value)
	case *AnnAssign:
		k.expr(n.Target)
		k.expr(n.Annotation)
		k.expr(n.Value)
	case *For:
		k.expr(n.Target)
		k.expr(n.Iter)
		k.stmts(n.Body)
		k.stmts(n.OrElse)
	case *While:
		k.expr(n.Test)
		k.stmts(n.Body)
		k.stmts(n.OrElse)
	case *If:
		k.expr(n.Test)
		k.stmts(n.Body)
		k.stmts(n.OrElse)
	case *With:
		for _, it := range n.Items {
			k.node(it)
		}
		k.stmts(n.Body)
	case *WithItem:
		k.expr(n.ContextExpr)
		k.expr(n.OptionalVars)
	case *Raise:
		k.expr(n.Exc)
		k.expr(n.Cause)
	case *Try:
		k.stmts(n.Body)
		for _, h := range n.Handlers {
			k.node(h)
		}
		k.stmts(n.OrElse)
		k.stmts(n.FinalBody)
	case *ExceptHandler:
		k.expr(n.Type)
		k.stmts(n.Body)
	case *Assert:
		k.expr(n.Test)
		k.expr(n.Msg)
	case *Import:
		for _, a := range n.Names {
			k.node(a)
		}
	case *ImportFrom:
		for _, a := range n.Names {
			k.node(a)
		}
	case *ExprStmt:
		k.expr(n.Value)
	case *BoolOp:
		k.exprs(n.Values)
	case *NamedExpr:
		k.expr(n.Target)
		k.expr(n.Value)
	case *BinOp:
		k.expr(n.Left)
		k.expr(n.Right)
	case *UnaryOp:
		k.expr(n.Operand)
	case *Lambda:
		k.node(n.Args)
		k.expr(n.Body)
	case *IfExp:
		k.expr(n.Test)
		k.expr(n.Body)
		k.expr(n.OrElse)
	case *Dict:
		k.exprs(n.Keys)
		k.exprs(n.Values)
	case *Set:
		k.exprs(n.Elts)
	case *ListComp:
		k.expr(n.Elt)
		k.comps(n.Generators)
	case *SetComp:
		k.expr(n.Elt)
		k.comps(n.Generators)
	case *DictComp:
		k.expr(n.Key)
		k.expr(n.Value)
		k.comps(n.Generators)
	case *GeneratorExp:
		k.expr(n.Elt)
		k.comps(n.Generators)
	case *Comprehension:
		k.expr(n.Target)
		k.expr(n.Iter)
		k.exprs(n.Ifs)
	case *Await:
		k.expr(n.Value)
	case *Yield:
		k.expr(n.Value)
	case *YieldFrom:
		k.expr(n.Value)
	case *Compare:
		k.expr(n.Left)
		k.exprs(n.Comparators)
	case *Call:
		k.expr(n.Func)
		k.exprs(n.Args)
		for _, kw := range n.Keywords {
			k.node(kw)
		}
	case *FormattedValue:
		k.expr(n.Value)
		k.expr(n.FormatSpec)
	case *JoinedStr:
		k.exprs(n.Values)
	case *Attribute:
		k.expr(n.Value)
	case *Subscript:
		k.expr(n.Value)
		k.expr(n.Slice)
	case *Starred:
		k.expr(n.Value)
	case *List:
		k.exprs(n.Elts)
	case *Tuple:
		k.exprs(n.Elts)
	case *Slice:
		k.expr(n.Lower)
		k.expr(n.Upper)
		k.expr(n.Step)
	case *Arguments:
		for _, a := range n.PosOnlyArgs {
			k.node(a)
		}
		for _, a := range n.Args {
			k.node(a)
		}
		if n.VarArg != nil {
			k.node(n.VarArg)
		}
		for _, a := range n.KwOnlyArgs {
			k.node(a)
		}
		k.exprs(n.KwDefaults)
		if n.KwArg != nil {
			k.node(n.KwArg)
		}
		k.exprs(n.Defaults)
	case *Arg:
		k.expr(n.Annotation)
	case *Keyword:
		k.expr(n.Value)
	default:
		k.match(n)
	}
}

type inspector func(Node) bool

func (f inspector) Visit(n Node) Visitor {
	if n != nil && f(n) {
		return f
	}
	return nil
}

// Inspect traverses the tree rooted at n like Walk, calling f for each
// node; when f returns false the node's children are skipped.
func Inspect(n Node, f func(Node) bool) {
	Walk(inspector(f), n)
}
