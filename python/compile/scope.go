package compile

import (
	"slices"
	"sort"
	"strings"

	"github.com/toolplane/toolplane/python/syntax"
)

type scopeKind uint8

const (
	moduleScope scopeKind = iota
	functionScope
	classScope
	comprehensionScope
)

// scope records the bindings of one code object, gathered before code
// generation so every name's access kind is known up front.
type scope struct {
	kind     scopeKind
	parent   *scope
	node     syntax.Node
	name     string
	qualname string
	params   []string

	bound     map[string]bool // assigned, deleted, imported, def, class, parameter
	globals   map[string]bool // declared global
	nonlocals map[string]bool // declared nonlocal (or bound by := from a comprehension)
	// nonlocalAt is the nonlocal statement that declared each name, for
	// the position of "no binding for nonlocal" (a := target has none).
	nonlocalAt map[string]syntax.Node
	uses       map[string]bool // every name mentioned
	cells      map[string]bool // bound here, captured by an inner scope
	frees      map[string]bool // bound in an enclosing function

	generator bool
	hasAwait  bool
	async     bool
	children  []*scope
	// snippet is set on the module scope of a snippet (see resolveFrees).
	snippet bool
	// private is the name (leading underscores stripped) of the class
	// whose private names this scope mangles, "" outside classes; the
	// mangler is the compile's, shared by every scope (see mangle.go).
	private string
	mangler *mangler
}

func newScope(kind scopeKind, parent *scope, node syntax.Node, name string) *scope {
	s := &scope{
		kind: kind, parent: parent, node: node, name: name,
		bound: map[string]bool{}, globals: map[string]bool{}, nonlocals: map[string]bool{},
		uses: map[string]bool{}, cells: map[string]bool{}, frees: map[string]bool{},
	}
	s.private = privateOf(kind, parent, name)
	if parent != nil {
		s.mangler = parent.mangler
		parent.children = append(parent.children, s)
		switch parent.kind {
		case moduleScope:
			s.qualname = name
		case classScope:
			s.qualname = elideQualname(parent.qualname + "." + name)
		default:
			s.qualname = elideQualname(parent.qualname + ".<locals>." + name)
		}
	} else {
		s.qualname = name
		s.mangler = &mangler{}
	}
	return s
}

// maxQualname bounds the length of a qualified name. Scopes nest as deep
// as syntax.MaxDepth (nested lambdas need no indentation), and qualified
// names in full would grow with the square of the depth: 3000 nested
// lambdas would hold 76 MB of ".<locals>.<lambda>". Past this length the
// outer part is elided as "..." (CPython keeps it; no ordinary program
// comes near).
const maxQualname = 512

func elideQualname(q string) string {
	if len(q) <= maxQualname {
		return q
	}
	cut := len(q) - (maxQualname - 3)
	if i := strings.IndexByte(q[cut:], '.'); i >= 0 {
		cut += i
	}
	return "..." + q[cut:]
}

func (s *scope) isFunctionLike() bool { return s.kind == functionScope || s.kind == comprehensionScope }

// provide is asked by an inner scope for a variable it does not bind; it
// reports whether a function scope at or above s binds it, marking cells and
// free variables along the way.
func (s *scope) provide(name string) bool {
	switch s.kind {
	case moduleScope:
		return false
	case classScope:
		if name == "__class__" {
			s.cells[name] = true
			return true
		}
		if s.parent != nil && s.parent.provide(name) {
			s.frees[name] = true
			return true
		}
		return false
	}
	if s.globals[name] {
		return false
	}
	if s.nonlocals[name] {
		if s.parent != nil && s.parent.provide(name) {
			s.frees[name] = true
			return true
		}
		return false
	}
	if s.bound[name] {
		s.cells[name] = true
		return true
	}
	if s.parent != nil && s.parent.provide(name) {
		s.frees[name] = true
		return true
	}
	return false
}

// resolveFrees walks the scope tree marking cells and free variables.
func (s *scope) resolveFrees() *Error {
	names := sortedKeys(s.uses)
	for _, name := range names {
		if s.kind == moduleScope || s.globals[name] {
			continue
		}
		if s.nonlocals[name] {
			if s.parent == nil || !s.parent.provide(name) {
				// Agents' tools run a snippet as the body of a function,
				// so "nonlocal x" in a def reaches the snippet's own x.
				// Snippet-level names are module globals here: declare
				// it global, which binds the same variable.
				if root := s.root(); root.snippet && root.bound[name] {
					delete(s.nonlocals, name)
					s.globals[name] = true
					continue
				}
				if n := s.nonlocalAt[name]; n != nil {
					// CPython underlines the whole nonlocal statement.
					return &Error{Kind: "SyntaxError", Msg: "no binding for nonlocal '" + name + "' found", Pos: n.Pos(), End: n.End()}
				}
				return &Error{Kind: "SyntaxError", Msg: "no binding for nonlocal '" + name + "' found", Pos: s.node.Pos()}
			}
			s.frees[name] = true
			continue
		}
		if s.isFunctionLike() && s.bound[name] {
			continue
		}
		if s.kind == classScope && s.bound[name] {
			continue
		}
		if s.parent != nil && s.parent.provide(name) {
			s.frees[name] = true
		}
	}
	for _, c := range s.children {
		if err := c.resolveFrees(); err != nil {
			return err
		}
	}
	return nil
}

// root returns the module scope.
func (s *scope) root() *scope {
	for s.parent != nil {
		s = s.parent
	}
	return s
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// collector builds the scope tree in one walk over the syntax tree.
type collector struct {
	scopes map[syntax.Node]*scope
	err    *Error
	guard  guard
}

func (c *collector) fail(kind, msg string, pos syntax.Position) {
	if c.err == nil {
		c.err = &Error{Kind: kind, Msg: msg, Pos: pos}
	}
}

// failNode reports an error at n's whole span, as CPython's symbol table
// does.
func (c *collector) failNode(kind, msg string, n syntax.Node) {
	if c.err == nil {
		c.err = &Error{Kind: kind, Msg: msg, Pos: n.Pos(), End: n.End()}
	}
}

func (c *collector) bind(s *scope, name string) {
	s.bound[name] = true
	s.uses[name] = true
}

func (c *collector) stmts(s *scope, body []syntax.Stmt) {
	for _, st := range body {
		c.stmt(s, st)
	}
}

func (c *collector) args(s *scope, a *syntax.Arguments) {
	for _, d := range a.Defaults {
		c.expr(s, d)
	}
	for _, d := range a.KwDefaults {
		if d != nil {
			c.expr(s, d)
		}
	}
}

func paramNames(a *syntax.Arguments) []string {
	var out []string
	for _, p := range a.PosOnlyArgs {
		out = append(out, p.Arg)
	}
	for _, p := range a.Args {
		out = append(out, p.Arg)
	}
	if a.VarArg != nil {
		out = append(out, a.VarArg.Arg)
	}
	for _, p := range a.KwOnlyArgs {
		out = append(out, p.Arg)
	}
	if a.KwArg != nil {
		out = append(out, a.KwArg.Arg)
	}
	return out
}

func (c *collector) function(s *scope, node syntax.Node, name string, a *syntax.Arguments, async bool) *scope {
	fs := newScope(functionScope, s, node, name)
	fs.async = async
	fs.mangleArgs(a)
	fs.params = paramNames(a)
	for _, p := range fs.params {
		c.bind(fs, p)
	}
	c.scopes[node] = fs
	return fs
}

func (c *collector) stmt(s *scope, st syntax.Stmt) {
	if !c.guard.enter(st.Pos()) {
		return
	}
	defer c.guard.leave()
	switch st := st.(type) {
	case *syntax.FunctionDef:
		for _, d := range st.DecoratorList {
			c.expr(s, d)
		}
		c.args(s, st.Args)
		for _, a := range allArgs(st.Args) {
			if a.Annotation != nil {
				c.expr(s, a.Annotation)
			}
		}
		if st.Returns != nil {
			c.expr(s, st.Returns)
		}
		c.bind(s, s.mangle(st.Name))
		fs := c.function(s, st, st.Name, st.Args, st.IsAsync)
		c.stmts(fs, st.Body)
	case *syntax.ClassDef:
		for _, d := range st.DecoratorList {
			c.expr(s, d)
		}
		for _, b := range st.Bases {
			c.expr(s, b)
		}
		for _, k := range st.Keywords {
			c.expr(s, k.Value)
		}
		c.bind(s, s.mangle(st.Name))
		cs := newScope(classScope, s, st, st.Name)
		c.scopes[st] = cs
		c.stmts(cs, st.Body)
	case *syntax.Return:
		if st.Value != nil {
			c.expr(s, st.Value)
		}
	case *syntax.Delete:
		for _, t := range st.Targets {
			c.expr(s, t)
		}
	case *syntax.Assign:
		c.expr(s, st.Value)
		for _, t := range st.Targets {
			c.expr(s, t)
		}
	case *syntax.AugAssign:
		c.expr(s, st.Value)
		c.expr(s, st.Target)
		if n, ok := st.Target.(*syntax.Name); ok {
			c.bind(s, n.Id)
		}
	case *syntax.AnnAssign:
		if s.kind == moduleScope || s.kind == classScope {
			c.expr(s, st.Annotation)
		}
		if st.Value != nil {
			c.expr(s, st.Value)
			c.expr(s, st.Target)
		} else if n, ok := st.Target.(*syntax.Name); ok && s.kind != moduleScope && s.kind != classScope {
			c.bind(s, n.Id)
		}
	case *syntax.For:
		if st.IsAsync {
			s.hasAwait = true
		}
		c.expr(s, st.Iter)
		c.expr(s, st.Target)
		c.stmts(s, st.Body)
		c.stmts(s, st.OrElse)
	case *syntax.While:
		c.expr(s, st.Test)
		c.stmts(s, st.Body)
		c.stmts(s, st.OrElse)
	case *syntax.If:
		c.expr(s, st.Test)
		c.stmts(s, st.Body)
		c.stmts(s, st.OrElse)
	case *syntax.With:
		if st.IsAsync {
			s.hasAwait = true
		}
		for _, it := range st.Items {
			c.expr(s, it.ContextExpr)
			if it.OptionalVars != nil {
				c.expr(s, it.OptionalVars)
			}
		}
		c.stmts(s, st.Body)
	case *syntax.Raise:
		if st.Exc != nil {
			c.expr(s, st.Exc)
		}
		if st.Cause != nil {
			c.expr(s, st.Cause)
		}
	case *syntax.Try:
		c.stmts(s, st.Body)
		for _, h := range st.Handlers {
			if h.Type != nil {
				c.expr(s, h.Type)
			}
			if h.Name != "" {
				h.Name = s.mangle(h.Name)
				c.bind(s, h.Name)
			}
			c.stmts(s, h.Body)
		}
		c.stmts(s, st.OrElse)
		c.stmts(s, st.FinalBody)
	case *syntax.Assert:
		c.expr(s, st.Test)
		if st.Msg != nil {
			c.expr(s, st.Msg)
		}
	case *syntax.Import:
		for _, a := range st.Names {
			s.mangleAlias(a)
			name := a.AsName
			if name == "" {
				name = a.Name
				for i := 0; i < len(name); i++ {
					if name[i] == '.' {
						name = name[:i]
						break
					}
				}
			}
			c.bind(s, name)
		}
	case *syntax.ImportFrom:
		for _, a := range st.Names {
			s.mangleAlias(a)
			name := a.AsName
			if name == "" {
				name = a.Name
			}
			if name == "*" {
				if s.kind != moduleScope {
					c.failNode("SyntaxError", "import * only allowed at module level", a)
				}
				continue
			}
			c.bind(s, name)
		}
	case *syntax.Global:
		for i, n := range st.Names {
			n = s.mangle(n)
			st.Names[i] = n
			if s.kind != moduleScope {
				if slices.Contains(s.params, n) {
					c.failNode("SyntaxError", "name '"+n+"' is parameter and global", st)
				} else if s.bound[n] {
					c.failNode("SyntaxError", "name '"+n+"' is assigned to before global declaration", st)
				}
				s.globals[n] = true
			}
			s.uses[n] = true
		}
	case *syntax.Nonlocal:
		for i, n := range st.Names {
			n = s.mangle(n)
			st.Names[i] = n
			if s.kind == moduleScope {
				c.failNode("SyntaxError", "nonlocal declaration not allowed at module level", st)
				continue
			}
			if slices.Contains(s.params, n) {
				c.failNode("SyntaxError", "name '"+n+"' is parameter and nonlocal", st)
			} else if s.bound[n] {
				c.failNode("SyntaxError", "name '"+n+"' is assigned to before nonlocal declaration", st)
			}
			s.nonlocals[n] = true
			if s.nonlocalAt == nil {
				s.nonlocalAt = map[string]syntax.Node{}
			}
			if s.nonlocalAt[n] == nil {
				s.nonlocalAt[n] = st
			}
			s.uses[n] = true
		}
	case *syntax.ExprStmt:
		c.expr(s, st.Value)
	case *syntax.Match:
		c.match(s, st)
	case *syntax.Pass, *syntax.Break, *syntax.Continue:
	}
}

func (c *collector) exprs(s *scope, es []syntax.Expr) {
	for _, e := range es {
		if e != nil {
			c.expr(s, e)
		}
	}
}

func (c *collector) comprehension(s *scope, node syntax.Expr, gens []*syntax.Comprehension, elts ...syntax.Expr) {
	if !c.guard.enter(node.Pos()) {
		return
	}
	defer c.guard.leave()
	c.expr(s, gens[0].Iter)
	cs := newScope(comprehensionScope, s, node, compName(node))
	cs.params = []string{".0"}
	c.bind(cs, ".0")
	c.scopes[node] = cs
	for i, g := range gens {
		if g.IsAsync {
			cs.hasAwait = true
		}
		if i > 0 {
			c.expr(cs, g.Iter)
		}
		c.expr(cs, g.Target)
		c.exprs(cs, g.Ifs)
	}
	c.exprs(cs, elts)
	if _, ok := node.(*syntax.GeneratorExp); ok {
		cs.generator = true
		if cs.hasAwait {
			// An asynchronous generator expression: making it awaits
			// nothing, so the enclosing scope need not be async.
			return
		}
	}
	if cs.hasAwait {
		// The enclosing scope awaits the comprehension's coroutine.
		s.hasAwait = true
	}
}

func compName(e syntax.Expr) string {
	switch e.(type) {
	case *syntax.ListComp:
		return "<listcomp>"
	case *syntax.SetComp:
		return "<setcomp>"
	case *syntax.DictComp:
		return "<dictcomp>"
	}
	return "<genexpr>"
}

func (c *collector) expr(s *scope, e syntax.Expr) {
	if e == nil || !c.guard.enter(e.Pos()) {
		return
	}
	defer c.guard.leave()
	switch e := e.(type) {
	case *syntax.Name:
		e.Id = s.mangle(e.Id)
		s.uses[e.Id] = true
		if e.Ctx != syntax.Load {
			s.bound[e.Id] = true
		} else if e.Id == "super" && s.kind == functionScope {
			s.uses["__class__"] = true
		}
	case *syntax.BoolOp:
		c.exprs(s, e.Values)
	case *syntax.NamedExpr:
		c.expr(s, e.Value)
		// The target is a private name like any other store: (__x := 1) in a
		// method of C binds _C__x.
		target := e.Target.(*syntax.Name)
		target.Id = s.mangle(target.Id)
		name := target.Id
		t := s
		for t.kind == comprehensionScope {
			t = t.parent
		}
		if t.kind == classScope {
			c.failNode("SyntaxError", "assignment expression within a comprehension cannot be used in a class body", e.Target)
		}
		c.bind(t, name)
		for u := s; u != t; u = u.parent {
			u.uses[name] = true
			if t.kind == moduleScope {
				u.globals[name] = true
			} else {
				u.nonlocals[name] = true
			}
		}
	case *syntax.BinOp:
		c.expr(s, e.Left)
		c.expr(s, e.Right)
	case *syntax.UnaryOp:
		c.expr(s, e.Operand)
	case *syntax.Lambda:
		c.args(s, e.Args)
		fs := c.function(s, e, "<lambda>", e.Args, false)
		c.expr(fs, e.Body)
	case *syntax.IfExp:
		c.expr(s, e.Test)
		c.expr(s, e.Body)
		c.expr(s, e.OrElse)
	case *syntax.Dict:
		c.exprs(s, e.Keys)
		c.exprs(s, e.Values)
	case *syntax.Set:
		c.exprs(s, e.Elts)
	case *syntax.ListComp:
		c.comprehension(s, e, e.Generators, e.Elt)
	case *syntax.SetComp:
		c.comprehension(s, e, e.Generators, e.Elt)
	case *syntax.DictComp:
		c.comprehension(s, e, e.Generators, e.Key, e.Value)
	case *syntax.GeneratorExp:
		c.comprehension(s, e, e.Generators, e.Elt)
	case *syntax.Await:
		s.hasAwait = true
		c.expr(s, e.Value)
	case *syntax.Yield:
		c.yieldIn(s, e)
		s.generator = true
		if e.Value != nil {
			c.expr(s, e.Value)
		}
	case *syntax.YieldFrom:
		c.yieldIn(s, e)
		s.generator = true
		c.expr(s, e.Value)
	case *syntax.Compare:
		c.expr(s, e.Left)
		c.exprs(s, e.Comparators)
	case *syntax.Call:
		c.expr(s, e.Func)
		c.exprs(s, e.Args)
		for _, k := range e.Keywords {
			c.expr(s, k.Value)
		}
	case *syntax.FormattedValue:
		c.expr(s, e.Value)
		if e.FormatSpec != nil {
			c.expr(s, e.FormatSpec)
		}
	case *syntax.JoinedStr:
		c.exprs(s, e.Values)
	case *syntax.Constant:
	case *syntax.Attribute:
		e.Attr = s.mangle(e.Attr)
		c.expr(s, e.Value)
	case *syntax.Subscript:
		c.expr(s, e.Value)
		c.expr(s, e.Slice)
	case *syntax.Starred:
		c.expr(s, e.Value)
	case *syntax.List:
		c.exprs(s, e.Elts)
	case *syntax.Tuple:
		c.exprs(s, e.Elts)
	case *syntax.Slice:
		c.exprs(s, []syntax.Expr{e.Lower, e.Upper, e.Step})
	}
}

func allArgs(a *syntax.Arguments) []*syntax.Arg {
	var out []*syntax.Arg
	out = append(out, a.PosOnlyArgs...)
	out = append(out, a.Args...)
	if a.VarArg != nil {
		out = append(out, a.VarArg)
	}
	out = append(out, a.KwOnlyArgs...)
	if a.KwArg != nil {
		out = append(out, a.KwArg)
	}
	return out
}

// hasAnnotations reports whether a module or class body has annotated
// assignments outside nested functions and classes.
func hasAnnotations(body []syntax.Stmt) bool {
	for _, st := range body {
		switch st := st.(type) {
		case *syntax.AnnAssign:
			return true
		case *syntax.If:
			if hasAnnotations(st.Body) || hasAnnotations(st.OrElse) {
				return true
			}
		case *syntax.For:
			if hasAnnotations(st.Body) || hasAnnotations(st.OrElse) {
				return true
			}
		case *syntax.While:
			if hasAnnotations(st.Body) || hasAnnotations(st.OrElse) {
				return true
			}
		case *syntax.With:
			if hasAnnotations(st.Body) {
				return true
			}
		case *syntax.Match:
			for _, c := range st.Cases {
				if hasAnnotations(c.Body) {
					return true
				}
			}
		case *syntax.Try:
			if hasAnnotations(st.Body) || hasAnnotations(st.OrElse) || hasAnnotations(st.FinalBody) {
				return true
			}
			for _, h := range st.Handlers {
				if hasAnnotations(h.Body) {
					return true
				}
			}
		}
	}
	return false
}

// yieldIn rejects a yield in the body of a comprehension (its first
// iterable belongs to the enclosing scope), as CPython 3.8+ does.
func (c *collector) yieldIn(s *scope, e syntax.Expr) {
	if s.kind != comprehensionScope {
		return
	}
	what := "generator expression"
	switch s.node.(type) {
	case *syntax.ListComp:
		what = "list comprehension"
	case *syntax.SetComp:
		what = "set comprehension"
	case *syntax.DictComp:
		what = "dict comprehension"
	}
	c.failNode("SyntaxError", "'yield' inside "+what, e)
}
