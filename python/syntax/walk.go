package syntax

// Visitor's Visit is called for each node met by Walk. If it returns a
// non-nil Visitor w, Walk visits the node's children with w and then calls
// w.Visit(nil).
type Visitor interface {
	Visit(n Node) (w Visitor)
}

// Walk traverses the tree rooted at n depth-first, children in CPython's
// field order (the order of ast.iter_child_nodes). Nil children are skipped.
func Walk(v Visitor, n Node) {
	if v = v.Visit(n); v == nil {
		return
	}
	switch n := n.(type) {
	case *Module:
		walkStmts(v, n.Body)
	case *FunctionDef:
		Walk(v, n.Args)
		walkStmts(v, n.Body)
		walkExprs(v, n.DecoratorList)
		walkExpr(v, n.Returns)
	case *ClassDef:
		walkExprs(v, n.Bases)
		for _, k := range n.Keywords {
			Walk(v, k)
		}
		walkStmts(v, n.Body)
		walkExprs(v, n.DecoratorList)
	case *Return:
		walkExpr(v, n.Value)
	case *Delete:
		walkExprs(v, n.Targets)
	case *Assign:
		walkExprs(v, n.Targets)
		walkExpr(v, n.Value)
	case *AugAssign:
		walkExpr(v, n.Target)
		walkExpr(v, n.Value)
	case *AnnAssign:
		walkExpr(v, n.Target)
		walkExpr(v, n.Annotation)
		walkExpr(v, n.Value)
	case *For:
		walkExpr(v, n.Target)
		walkExpr(v, n.Iter)
		walkStmts(v, n.Body)
		walkStmts(v, n.OrElse)
	case *While:
		walkExpr(v, n.Test)
		walkStmts(v, n.Body)
		walkStmts(v, n.OrElse)
	case *If:
		walkExpr(v, n.Test)
		walkStmts(v, n.Body)
		walkStmts(v, n.OrElse)
	case *With:
		for _, it := range n.Items {
			Walk(v, it)
		}
		walkStmts(v, n.Body)
	case *WithItem:
		walkExpr(v, n.ContextExpr)
		walkExpr(v, n.OptionalVars)
	case *Raise:
		walkExpr(v, n.Exc)
		walkExpr(v, n.Cause)
	case *Try:
		walkStmts(v, n.Body)
		for _, h := range n.Handlers {
			Walk(v, h)
		}
		walkStmts(v, n.OrElse)
		walkStmts(v, n.FinalBody)
	case *ExceptHandler:
		walkExpr(v, n.Type)
		walkStmts(v, n.Body)
	case *Assert:
		walkExpr(v, n.Test)
		walkExpr(v, n.Msg)
	case *Import:
		for _, a := range n.Names {
			Walk(v, a)
		}
	case *ImportFrom:
		for _, a := range n.Names {
			Walk(v, a)
		}
	case *ExprStmt:
		walkExpr(v, n.Value)
	case *BoolOp:
		walkExprs(v, n.Values)
	case *NamedExpr:
		walkExpr(v, n.Target)
		walkExpr(v, n.Value)
	case *BinOp:
		walkExpr(v, n.Left)
		walkExpr(v, n.Right)
	case *UnaryOp:
		walkExpr(v, n.Operand)
	case *Lambda:
		Walk(v, n.Args)
		walkExpr(v, n.Body)
	case *IfExp:
		walkExpr(v, n.Test)
		walkExpr(v, n.Body)
		walkExpr(v, n.OrElse)
	case *Dict:
		walkExprs(v, n.Keys)
		walkExprs(v, n.Values)
	case *Set:
		walkExprs(v, n.Elts)
	case *ListComp:
		walkExpr(v, n.Elt)
		walkComps(v, n.Generators)
	case *SetComp:
		walkExpr(v, n.Elt)
		walkComps(v, n.Generators)
	case *DictComp:
		walkExpr(v, n.Key)
		walkExpr(v, n.Value)
		walkComps(v, n.Generators)
	case *GeneratorExp:
		walkExpr(v, n.Elt)
		walkComps(v, n.Generators)
	case *Comprehension:
		walkExpr(v, n.Target)
		walkExpr(v, n.Iter)
		walkExprs(v, n.Ifs)
	case *Await:
		walkExpr(v, n.Value)
	case *Yield:
		walkExpr(v, n.Value)
	case *YieldFrom:
		walkExpr(v, n.Value)
	case *Compare:
		walkExpr(v, n.Left)
		walkExprs(v, n.Comparators)
	case *Call:
		walkExpr(v, n.Func)
		walkExprs(v, n.Args)
		for _, k := range n.Keywords {
			Walk(v, k)
		}
	case *FormattedValue:
		walkExpr(v, n.Value)
		walkExpr(v, n.FormatSpec)
	case *JoinedStr:
		walkExprs(v, n.Values)
	case *Attribute:
		walkExpr(v, n.Value)
	case *Subscript:
		walkExpr(v, n.Value)
		walkExpr(v, n.Slice)
	case *Starred:
		walkExpr(v, n.Value)
	case *List:
		walkExprs(v, n.Elts)
	case *Tuple:
		walkExprs(v, n.Elts)
	case *Slice:
		walkExpr(v, n.Lower)
		walkExpr(v, n.Upper)
		walkExpr(v, n.Step)
	case *Arguments:
		for _, a := range n.PosOnlyArgs {
			Walk(v, a)
		}
		for _, a := range n.Args {
			Walk(v, a)
		}
		if n.VarArg != nil {
			Walk(v, n.VarArg)
		}
		for _, a := range n.KwOnlyArgs {
			Walk(v, a)
		}
		walkExprs(v, n.KwDefaults)
		if n.KwArg != nil {
			Walk(v, n.KwArg)
		}
		walkExprs(v, n.Defaults)
	case *Arg:
		walkExpr(v, n.Annotation)
	case *Keyword:
		walkExpr(v, n.Value)
	default:
		walkMatch(v, n)
	}
	v.Visit(nil)
}

func walkExpr(v Visitor, e Expr) {
	if e != nil {
		Walk(v, e)
	}
}

func walkExprs(v Visitor, es []Expr) {
	for _, e := range es {
		walkExpr(v, e)
	}
}

func walkStmts(v Visitor, ss []Stmt) {
	for _, s := range ss {
		Walk(v, s)
	}
}

func walkComps(v Visitor, cs []*Comprehension) {
	for _, c := range cs {
		Walk(v, c)
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
