package compile

import (
	"strings"

	"github.com/toolplane/toolplane/python/syntax"
)

// annotationText renders an annotation as CPython stores it under
// "from __future__ import annotations" (ast.unparse's text), for the forms
// annotations take: names, attributes, subscripts, constants, X | Y, and
// list and tuple displays. It reports false for anything else, which the
// compiler then rejects rather than store a different string.
func annotationText(e syntax.Expr) (string, bool) {
	var b strings.Builder
	ok := writeAnnotation(&b, e, 0)
	return b.String(), ok
}

// writeAnnotation writes e; prec is the binding power of the context (1
// inside the operand of |, so a nested | on the right is parenthesized).
func writeAnnotation(b *strings.Builder, e syntax.Expr, prec int) bool {
	switch x := e.(type) {
	case *syntax.Name:
		b.WriteString(x.Id)
	case *syntax.Constant:
		if x.Value == (syntax.EllipsisType{}) {
			b.WriteString("...")
			return true
		}
		b.WriteString(syntax.ConstantRepr(x.Value))
	case *syntax.Attribute:
		if !writeAnnotation(b, x.Value, 2) {
			return false
		}
		b.WriteByte('.')
		b.WriteString(x.Attr)
	case *syntax.Subscript:
		if !writeAnnotation(b, x.Value, 2) {
			return false
		}
		b.WriteByte('[')
		if t, ok := x.Slice.(*syntax.Tuple); ok && len(t.Elts) > 0 {
			if !writeElts(b, t.Elts) {
				return false
			}
		} else if !writeAnnotation(b, x.Slice, 0) {
			return false
		}
		b.WriteByte(']')
	case *syntax.BinOp:
		if x.Op != syntax.BitOr {
			return false
		}
		if prec > 0 {
			b.WriteByte('(')
		}
		if !writeAnnotation(b, x.Left, 0) {
			return false
		}
		b.WriteString(" | ")
		if !writeAnnotation(b, x.Right, 1) {
			return false
		}
		if prec > 0 {
			b.WriteByte(')')
		}
	case *syntax.List:
		b.WriteByte('[')
		if !writeElts(b, x.Elts) {
			return false
		}
		b.WriteByte(']')
	case *syntax.Tuple:
		b.WriteByte('(')
		if !writeElts(b, x.Elts) {
			return false
		}
		if len(x.Elts) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	default:
		return false
	}
	return true
}

func writeElts(b *strings.Builder, elts []syntax.Expr) bool {
	for i, el := range elts {
		if i > 0 {
			b.WriteString(", ")
		}
		if !writeAnnotation(b, el, 0) {
			return false
		}
	}
	return true
}

// leadingFutures returns the "from __future__ import ..." statements at
// the start of a module (after its docstring), the only place CPython
// allows them, and whether one imports annotations.
func leadingFutures(body []syntax.Stmt) (map[*syntax.ImportFrom]bool, bool) {
	lead, ann := map[*syntax.ImportFrom]bool{}, false
	for i, st := range body {
		if i == 0 {
			if ex, ok := st.(*syntax.ExprStmt); ok {
				if c, ok := ex.Value.(*syntax.Constant); ok {
					if _, ok := c.Value.(string); ok {
						continue
					}
				}
			}
		}
		imp, ok := st.(*syntax.ImportFrom)
		if !ok || imp.Module != "__future__" || imp.Level != 0 {
			break
		}
		lead[imp] = true
		for _, a := range imp.Names {
			if a.Name == "annotations" {
				ann = true
			}
		}
	}
	return lead, ann
}

// futureFeatures are the names "from __future__ import" accepts.
var futureFeatures = map[string]bool{
	"nested_scopes": true, "generators": true, "division": true, "absolute_import": true,
	"with_statement": true, "print_function": true, "unicode_literals": true, "barry_as_FLUFL": true,
	"generator_stop": true, "annotations": true,
}

// checkFuture applies CPython's compile-time rules to a __future__ import.
func (f *fn) checkFuture(st *syntax.ImportFrom) {
	if !f.g.futures[st] {
		f.failNode("SyntaxError", "from __future__ imports must occur at the beginning of the file", st)
		return
	}
	for _, a := range st.Names {
		switch {
		case a.Name == "braces":
			f.fail("SyntaxError", "not a chance", st.Pos())
		case a.Name == "barry_as_FLUFL":
			f.fail("NotImplementedError", "from __future__ import barry_as_FLUFL is not supported", st.Pos())
		case !futureFeatures[a.Name]:
			f.fail("SyntaxError", "future feature "+a.Name+" is not defined", st.Pos())
		}
	}
}

// annotation emits the value of an annotation: the expression, or its text
// under from __future__ import annotations.
func (f *fn) annotation(e syntax.Expr) {
	if !f.g.futureAnnotations {
		f.expr(e)
		return
	}
	text, ok := annotationText(e)
	if !ok {
		f.fail("NotImplementedError", "this annotation under 'from __future__ import annotations' is not supported; annotate with a name, a subscript or a string", e.Pos())
		return
	}
	f.loadConst(text)
}
