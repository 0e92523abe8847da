package syntax

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Dump renders a tree the way CPython's
// ast.dump(node, include_attributes=False) does, so trees can be compared
// with CPython's textually. Nodes nested deeper than MaxDepth are rendered
// as "...": the rendering recurses, and Go's stack overflow is fatal.
func Dump(n Node) string {
	var d dumper
	d.node(n)
	return d.b.String()
}

// DumpWithPositions is like Dump but also renders the position attributes,
// as ast.dump(node, include_attributes=True) does (lineno, col_offset,
// end_lineno, end_col_offset; offsets 0-based in UTF-8 bytes).
func DumpWithPositions(n Node) string {
	d := dumper{positions: true}
	d.node(n)
	return d.b.String()
}

type dumper struct {
	b         strings.Builder
	positions bool
	// cur is the node being rendered, for its position attributes.
	cur Node
	// depth counts the nodes being rendered (see MaxDepth).
	depth int
}

// field is one name=value pair; omitted when value is a nil optional.
type field struct {
	name string
	val  any
}

func (d *dumper) call(name string, fields ...field) {
	n := d.cur
	d.b.WriteString(name)
	d.b.WriteByte('(')
	first := true
	for _, f := range fields {
		if isNilOptional(f.val) {
			continue
		}
		if !first {
			d.b.WriteString(", ")
		}
		first = false
		d.b.WriteString(f.name)
		d.b.WriteByte('=')
		d.value(f.val)
	}
	if d.positions && hasPosition(n) {
		start, end := n.Pos(), n.End()
		if !first {
			d.b.WriteString(", ")
		}
		fmt.Fprintf(&d.b, "lineno=%d, col_offset=%d, end_lineno=%d, end_col_offset=%d",
			start.Line, start.Col-1, end.Line, end.Col-1)
	}
	d.b.WriteByte(')')
}

// hasPosition reports whether CPython's ast gives n position attributes.
func hasPosition(n Node) bool {
	switch n.(type) {
	case nil, *Module, *Comprehension, *Arguments, *WithItem, *MatchCase:
		return false
	}
	return true
}

// omit marks an optional field that is absent.
type omit struct{}

func opt[T comparable](v T) any {
	var zero T
	if v == zero {
		return omit{}
	}
	return v
}

func isNilOptional(v any) bool {
	_, ok := v.(omit)
	return ok
}

// Raw Python source for a repr, e.g. ints and operator nodes.
type raw string

func (d *dumper) value(v any) {
	switch v := v.(type) {
	case raw:
		d.b.WriteString(string(v))
	case string:
		d.b.WriteString(pyStrRepr(v))
	case int:
		d.b.WriteString(strconv.Itoa(v))
	case bool:
		if v {
			d.b.WriteString("1")
		} else {
			d.b.WriteString("0")
		}
	case Node:
		d.node(v)
	case []Expr:
		d.b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				d.b.WriteString(", ")
			}
			if e == nil {
				d.b.WriteString("None")
			} else {
				d.node(e)
			}
		}
		d.b.WriteByte(']')
	case []Stmt:
		d.list(len(v), func(i int) { d.node(v[i]) })
	case []string:
		d.list(len(v), func(i int) { d.b.WriteString(pyStrRepr(v[i])) })
	case []*Keyword:
		d.list(len(v), func(i int) { d.node(v[i]) })
	case []*Alias:
		d.list(len(v), func(i int) { d.node(v[i]) })
	case []*Arg:
		d.list(len(v), func(i int) { d.node(v[i]) })
	case []*WithItem:
		d.list(len(v), func(i int) { d.node(v[i]) })
	case []*ExceptHandler:
		d.list(len(v), func(i int) { d.node(v[i]) })
	case []*Comprehension:
		d.list(len(v), func(i int) { d.node(v[i]) })
	case []raw:
		d.list(len(v), func(i int) { d.b.WriteString(string(v[i])) })
	case []Pattern:
		d.list(len(v), func(i int) { d.node(v[i]) })
	case []*MatchCase:
		d.list(len(v), func(i int) { d.node(v[i]) })
	default:
		fmt.Fprintf(&d.b, "<%T>", v)
	}
}

func (d *dumper) list(n int, f func(int)) {
	d.b.WriteByte('[')
	for i := 0; i < n; i++ {
		if i > 0 {
			d.b.WriteString(", ")
		}
		f(i)
	}
	d.b.WriteByte(']')
}

func ctx(c ExprContext) raw { return raw(c.String() + "()") }

func optExpr(e Expr) any {
	if e == nil {
		return omit{}
	}
	return e
}

func optArg(a *Arg) any {
	if a == nil {
		return omit{}
	}
	return a
}

func (d *dumper) node(n Node) {
	if d.depth >= MaxDepth {
		d.b.WriteString("...")
		return
	}
	d.depth++
	defer func() { d.depth-- }()
	d.cur = n
	switch n := n.(type) {
	case *Module:
		d.call("Module", field{"body", n.Body}, field{"type_ignores", []Stmt{}})
	case *FunctionDef:
		name := "FunctionDef"
		if n.IsAsync {
			name = "AsyncFunctionDef"
		}
		d.call(name, field{"name", n.Name}, field{"args", n.Args}, field{"body", n.Body},
			field{"decorator_list", n.DecoratorList}, field{"returns", optExpr(n.Returns)})
	case *ClassDef:
		d.call("ClassDef", field{"name", n.Name}, field{"bases", n.Bases}, field{"keywords", n.Keywords},
			field{"body", n.Body}, field{"decorator_list", n.DecoratorList})
	case *Return:
		d.call("Return", field{"value", optExpr(n.Value)})
	case *Delete:
		d.call("Delete", field{"targets", n.Targets})
	case *Assign:
		d.call("Assign", field{"targets", n.Targets}, field{"value", n.Value})
	case *AugAssign:
		d.call("AugAssign", field{"target", n.Target}, field{"op", raw(n.Op.String() + "()")}, field{"value", n.Value})
	case *AnnAssign:
		d.call("AnnAssign", field{"target", n.Target}, field{"annotation", n.Annotation},
			field{"value", optExpr(n.Value)}, field{"simple", n.Simple})
	case *For:
		name := "For"
		if n.IsAsync {
			name = "AsyncFor"
		}
		d.call(name, field{"target", n.Target}, field{"iter", n.Iter}, field{"body", n.Body}, field{"orelse", n.OrElse})
	case *While:
		d.call("While", field{"test", n.Test}, field{"body", n.Body}, field{"orelse", n.OrElse})
	case *If:
		d.call("If", field{"test", n.Test}, field{"body", n.Body}, field{"orelse", n.OrElse})
	case *With:
		name := "With"
		if n.IsAsync {
			name = "AsyncWith"
		}
		d.call(name, field{"items", n.Items}, field{"body", n.Body})
	case *WithItem:
		d.call("withitem", field{"context_expr", n.ContextExpr}, field{"optional_vars", optExpr(n.OptionalVars)})
	case *Raise:
		d.call("Raise", field{"exc", optExpr(n.Exc)}, field{"cause", optExpr(n.Cause)})
	case *Try:
		name := "Try"
		if n.Star {
			name = "TryStar"
		}
		d.call(name, field{"body", n.Body}, field{"handlers", n.Handlers}, field{"orelse", n.OrElse}, field{"finalbody", n.FinalBody})
	case *ExceptHandler:
		d.call("ExceptHandler", field{"type", optExpr(n.Type)}, field{"name", opt(n.Name)}, field{"body", n.Body})
	case *Assert:
		d.call("Assert", field{"test", n.Test}, field{"msg", optExpr(n.Msg)})
	case *Import:
		d.call("Import", field{"names", n.Names})
	case *ImportFrom:
		d.call("ImportFrom", field{"module", opt(n.Module)}, field{"names", n.Names}, field{"level", n.Level})
	case *Alias:
		d.call("alias", field{"name", n.Name}, field{"asname", opt(n.AsName)})
	case *Global:
		d.call("Global", field{"names", n.Names})
	case *Nonlocal:
		d.call("Nonlocal", field{"names", n.Names})
	case *ExprStmt:
		d.call("Expr", field{"value", n.Value})
	case *Pass:
		d.call("Pass")
	case *Break:
		d.call("Break")
	case *Continue:
		d.call("Continue")
	case *BoolOp:
		d.call("BoolOp", field{"op", raw(n.Op.String() + "()")}, field{"values", n.Values})
	case *NamedExpr:
		d.call("NamedExpr", field{"target", n.Target}, field{"value", n.Value})
	case *BinOp:
		d.call("BinOp", field{"left", n.Left}, field{"op", raw(n.Op.String() + "()")}, field{"right", n.Right})
	case *UnaryOp:
		d.call("UnaryOp", field{"op", raw(n.Op.String() + "()")}, field{"operand", n.Operand})
	case *Lambda:
		d.call("Lambda", field{"args", n.Args}, field{"body", n.Body})
	case *IfExp:
		d.call("IfExp", field{"test", n.Test}, field{"body", n.Body}, field{"orelse", n.OrElse})
	case *Dict:
		d.call("Dict", field{"keys", n.Keys}, field{"values", n.Values})
	case *Set:
		d.call("Set", field{"elts", n.Elts})
	case *ListComp:
		d.call("ListComp", field{"elt", n.Elt}, field{"generators", n.Generators})
	case *SetComp:
		d.call("SetComp", field{"elt", n.Elt}, field{"generators", n.Generators})
	case *DictComp:
		d.call("DictComp", field{"key", n.Key}, field{"value", n.Value}, field{"generators", n.Generators})
	case *GeneratorExp:
		d.call("GeneratorExp", field{"elt", n.Elt}, field{"generators", n.Generators})
	case *Comprehension:
		d.call("comprehension", field{"target", n.Target}, field{"iter", n.Iter}, field{"ifs", n.Ifs}, field{"is_async", n.IsAsync})
	case *Await:
		d.call("Await", field{"value", n.Value})
	case *Yield:
		d.call("Yield", field{"value", optExpr(n.Value)})
	case *YieldFrom:
		d.call("YieldFrom", field{"value", n.Value})
	case *Compare:
		ops := make([]raw, len(n.Ops))
		for i, op := range n.Ops {
			ops[i] = raw(op.String() + "()")
		}
		d.call("Compare", field{"left", n.Left}, field{"ops", ops}, field{"comparators", n.Comparators})
	case *Call:
		d.call("Call", field{"func", n.Func}, field{"args", n.Args}, field{"keywords", n.Keywords})
	case *FormattedValue:
		d.call("FormattedValue", field{"value", n.Value}, field{"conversion", n.Conversion}, field{"format_spec", optExpr(n.FormatSpec)})
	case *JoinedStr:
		d.call("JoinedStr", field{"values", n.Values})
	case *Constant:
		d.call("Constant", field{"value", raw(ConstantRepr(n.Value))}, field{"kind", opt(n.Kind)})
	case *Attribute:
		d.call("Attribute", field{"value", n.Value}, field{"attr", n.Attr}, field{"ctx", ctx(n.Ctx)})
	case *Subscript:
		d.call("Subscript", field{"value", n.Value}, field{"slice", n.Slice}, field{"ctx", ctx(n.Ctx)})
	case *Starred:
		d.call("Starred", field{"value", n.Value}, field{"ctx", ctx(n.Ctx)})
	case *Name:
		d.call("Name", field{"id", n.Id}, field{"ctx", ctx(n.Ctx)})
	case *List:
		d.call("List", field{"elts", n.Elts}, field{"ctx", ctx(n.Ctx)})
	case *Tuple:
		d.call("Tuple", field{"elts", n.Elts}, field{"ctx", ctx(n.Ctx)})
	case *Slice:
		d.call("Slice", field{"lower", optExpr(n.Lower)}, field{"upper", optExpr(n.Upper)}, field{"step", optExpr(n.Step)})
	case *Arguments:
		d.call("arguments", field{"posonlyargs", n.PosOnlyArgs}, field{"args", n.Args}, field{"vararg", optArg(n.VarArg)},
			field{"kwonlyargs", n.KwOnlyArgs}, field{"kw_defaults", n.KwDefaults}, field{"kwarg", optArg(n.KwArg)},
			field{"defaults", n.Defaults})
	case *Arg:
		d.call("arg", field{"arg", n.Arg}, field{"annotation", optExpr(n.Annotation)})
	case *Keyword:
		d.call("keyword", field{"arg", opt(n.Arg)}, field{"value", n.Value})
	default:
		if !d.dumpMatch(n) {
			fmt.Fprintf(&d.b, "<%T>", n)
		}
	}
}

// ConstantRepr formats a Constant's value as Python's repr() would.
func ConstantRepr(v any) string {
	switch v := v.(type) {
	case nil:
		return "None"
	case bool:
		if v {
			return "True"
		}
		return "False"
	case int64:
		return strconv.FormatInt(v, 10)
	case *big.Int:
		return v.String()
	case float64:
		return FloatRepr(v)
	case complex128:
		return complexRepr(v)
	case string:
		return pyStrRepr(v)
	case Bytes:
		return pyBytesRepr(string(v))
	case EllipsisType:
		return "Ellipsis"
	}
	return fmt.Sprintf("<%T>", v)
}

// FloatRepr formats f as Python's repr(float) does.
func FloatRepr(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	s := pyShortFloat(f)
	if !strings.ContainsAny(s, ".eninf") {
		s += ".0"
	}
	return s
}

// pyShortFloat formats the shortest round-tripping digits the way Python's
// 'r' format does: exponent notation when the exponent is < -4 or >= 16.
func pyShortFloat(f float64) string {
	if f == 0 {
		if math.Signbit(f) {
			return "-0"
		}
		return "0"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	mant, expStr, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expStr)
	if exp < -4 || exp >= 16 {
		sign := "+"
		if exp < 0 {
			sign = "-"
			exp = -exp
		}
		return fmt.Sprintf("%se%s%02d", mant, sign, exp)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func complexRepr(c complex128) string {
	im := imag(c)
	var s string
	switch {
	case math.IsInf(im, 1):
		s = "inf"
	case math.IsInf(im, -1):
		s = "-inf"
	case math.IsNaN(im):
		s = "nan"
	default:
		s = pyShortFloat(im)
	}
	if real(c) == 0 && !math.Signbit(real(c)) {
		return s + "j"
	}
	sign := "+"
	if !strings.HasPrefix(s, "-") {
		s = sign + s
	}
	return "(" + pyShortFloat(real(c)) + s + "j)"
}

// isPyPrintable approximates str.isprintable for one code point.
func isPyPrintable(r rune) bool {
	if r == ' ' {
		return true
	}
	return unicode.IsPrint(r) && !unicode.Is(unicode.Zs, r)
}

func pyStrRepr(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	var b strings.Builder
	b.WriteByte(quote)
	for i := 0; i < len(s); {
		r, size := decodeWTF8(s[i:])
		i += size
		switch {
		case 0xD800 <= r && r <= 0xDFFF:
			fmt.Fprintf(&b, `\u%04x`, r)
		case r == rune(quote) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < utf8.RuneSelf || isPyPrintable(r):
			b.WriteRune(r)
		case r <= 0xff:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(quote)
	return b.String()
}

func pyBytesRepr(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	var b strings.Builder
	b.WriteString("b")
	b.WriteByte(quote)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == quote || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, `\x%02x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte(quote)
	return b.String()
}
