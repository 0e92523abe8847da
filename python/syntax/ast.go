// Package syntax scans and parses the Python 3.11 subset run by the embedded
// interpreter into an
// abstract syntax tree that mirrors CPython's ast module: node names, field
// names and field order follow CPython so that a dump of this tree can be
// compared textually with ast.dump.
//
// Parse returns the tree of a module; ParseExpr that of an expression.
// Node positions (Pos, End) are those CPython's ast reports (lineno,
// col_offset+1, end_lineno, end_col_offset+1), including its conventions
// for f-strings. Dump and DumpWithPositions render a tree exactly as
// ast.dump does, without or with the position attributes.
//
// Errors are *Error values carrying CPython 3.11's exception kind
// (SyntaxError, IndentationError, TabError), message, line and column for
// the same input, chosen with CPython's priorities (a tokenizer error later
// in the file usually wins over a parser error; an unclosed bracket at the
// end wins when the parser read that far). Error.Traceback formats them as
// CPython's traceback module does.
//
// Rejected by design, with a SyntaxError naming the construct: \N{...}
// escapes. Not replicated: NFKC
// normalization of non-ASCII identifiers, and source encodings other than
// UTF-8 (coding cookies are ignored).
package syntax

import (
	"math/big"
)

// Position is a point in the source: Line is 1-based, Col is the 1-based
// byte column within the line (CPython's col_offset + 1, counted in UTF-8
// bytes like CPython).
type Position struct {
	Line, Col int
}

// IsValid reports whether p was set by the parser.
func (p Position) IsValid() bool { return p.Line > 0 }

// Span records where a node starts and ends; End is exclusive, as with
// CPython's end_col_offset. Every node embeds a Span.
type Span struct {
	StartPos, EndPos Position
}

// Pos returns where the node starts.
func (s *Span) Pos() Position { return s.StartPos }

// End returns the position just past the node's last byte.
func (s *Span) End() Position { return s.EndPos }

// Node is any node of the syntax tree.
type Node interface {
	Pos() Position
	End() Position
	node()
}

// Stmt is a statement node.
type Stmt interface {
	Node
	stmtNode()
}

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// ExprContext says how a Name, Attribute, Subscript, Starred, List or Tuple
// is used: read, assigned to or deleted.
type ExprContext uint8

// Expression contexts, as CPython's Load, Store and Del.
const (
	Load ExprContext = iota
	Store
	Del
)

// String returns CPython's name of the context.
func (c ExprContext) String() string {
	switch c {
	case Store:
		return "Store"
	case Del:
		return "Del"
	}
	return "Load"
}

// Operator is a binary (or augmented-assignment) operator.
type Operator uint8

// Binary operators, as CPython's operator classes.
const (
	Add Operator = iota
	Sub
	Mult
	MatMult
	Div
	Mod
	Pow
	LShift
	RShift
	BitOr
	BitXor
	BitAnd
	FloorDiv
)

var operatorNames = [...]string{"Add", "Sub", "Mult", "MatMult", "Div", "Mod", "Pow", "LShift", "RShift", "BitOr", "BitXor", "BitAnd", "FloorDiv"}

var operatorSymbols = [...]string{"+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"}

// String returns CPython's class name of the operator ("Add").
func (o Operator) String() string { return operatorNames[o] }

// Symbol returns the operator as written in source ("+").
func (o Operator) Symbol() string { return operatorSymbols[o] }

// UnaryOperator is a prefix operator.
type UnaryOperator uint8

// Unary operators, as CPython's unaryop classes.
const (
	Invert UnaryOperator = iota
	Not
	UAdd
	USub
)

var unaryNames = [...]string{"Invert", "Not", "UAdd", "USub"}

// String returns CPython's class name of the operator.
func (o UnaryOperator) String() string { return unaryNames[o] }

// BoolOperator is "and" or "or".
type BoolOperator uint8

// Boolean operators.
const (
	And BoolOperator = iota
	Or
)

// String returns CPython's class name of the operator.
func (o BoolOperator) String() string {
	if o == Or {
		return "Or"
	}
	return "And"
}

// CmpOperator is a comparison operator.
type CmpOperator uint8

// Comparison operators, as CPython's cmpop classes.
const (
	Eq CmpOperator = iota
	NotEq
	Lt
	LtE
	Gt
	GtE
	Is
	IsNot
	In
	NotIn
)

var cmpNames = [...]string{"Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn"}

var cmpSymbols = [...]string{"==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"}

// String returns CPython's class name of the operator.
func (o CmpOperator) String() string { return cmpNames[o] }

// Symbol returns the operator as written in source.
func (o CmpOperator) Symbol() string { return cmpSymbols[o] }

// Module is a parsed file or snippet.
type Module struct {
	Span
	Body []Stmt
}

// ---- statements ----

// FunctionDef is "def" or "async def" (CPython's FunctionDef and
// AsyncFunctionDef).
type FunctionDef struct {
	Span
	Name          string
	Args          *Arguments
	Body          []Stmt
	DecoratorList []Expr
	Returns       Expr // nil when absent
	IsAsync       bool
}

// ClassDef is a class statement.
type ClassDef struct {
	Span
	Name          string
	Bases         []Expr
	Keywords      []*Keyword
	Body          []Stmt
	DecoratorList []Expr
}

// Return is "return [value]".
type Return struct {
	Span
	Value Expr // nil for a bare return
}

// Delete is "del a, b".
type Delete struct {
	Span
	Targets []Expr
}

// Assign is "a = b = value"; Targets has one element per "=".
type Assign struct {
	Span
	Targets []Expr
	Value   Expr
}

// AugAssign is "target op= value".
type AugAssign struct {
	Span
	Target Expr
	Op     Operator
	Value  Expr
}

// AnnAssign is "target: annotation [= value]". Simple is true when the
// target is a plain name not enclosed in parentheses.
type AnnAssign struct {
	Span
	Target     Expr
	Annotation Expr
	Value      Expr // nil when absent
	Simple     bool
}

// For is "for" or "async for" (CPython's For and AsyncFor).
type For struct {
	Span
	Target  Expr
	Iter    Expr
	Body    []Stmt
	OrElse  []Stmt
	IsAsync bool
}

// While is a while loop.
type While struct {
	Span
	Test   Expr
	Body   []Stmt
	OrElse []Stmt
}

// If is an if statement; an elif chain is a nested If as the sole element
// of OrElse, as in CPython.
type If struct {
	Span
	Test   Expr
	Body   []Stmt
	OrElse []Stmt
}

// With is "with" or "async with" (CPython's With and AsyncWith).
type With struct {
	Span
	Items   []*WithItem
	Body    []Stmt
	IsAsync bool
}

// WithItem is one "expr [as target]" of a with statement.
type WithItem struct {
	Span
	ContextExpr  Expr
	OptionalVars Expr // nil when absent
}

// Raise is "raise [exc [from cause]]".
type Raise struct {
	Span
	Exc   Expr // nil for a bare raise
	Cause Expr // nil when absent
}

// Try is a try statement; Star marks "except*" handlers (exception
// groups), which a try never mixes with plain ones.
type Try struct {
	Span
	Star      bool
	Body      []Stmt
	Handlers  []*ExceptHandler
	OrElse    []Stmt
	FinalBody []Stmt
}

// ExceptHandler is one "except [type [as name]]:" clause.
type ExceptHandler struct {
	Span
	Type Expr   // nil for a bare except
	Name string // "" when absent
	Body []Stmt
}

// Assert is "assert test [, msg]".
type Assert struct {
	Span
	Test Expr
	Msg  Expr // nil when absent
}

// Import is "import a.b as c, d".
type Import struct {
	Span
	Names []*Alias
}

// ImportFrom is "from [.]*module import names"; Module is "" for
// "from . import x".
type ImportFrom struct {
	Span
	Module string
	Names  []*Alias
	Level  int
}

// Alias is one "name [as asname]" of an import; Name is "*" for a star
// import.
type Alias struct {
	Span
	Name   string
	AsName string // "" when absent
}

// Global is "global a, b".
type Global struct {
	Span
	Names []string
}

// Nonlocal is "nonlocal a, b".
type Nonlocal struct {
	Span
	Names []string
}

// ExprStmt is an expression used as a statement (CPython's Expr).
type ExprStmt struct {
	Span
	Value Expr
}

// Pass is the pass statement.
type Pass struct{ Span }

// Break is the break statement.
type Break struct{ Span }

// Continue is the continue statement.
type Continue struct{ Span }

// Match is a match statement.
type Match struct {
	Span
	Subject Expr
	Cases   []*MatchCase
}

// MatchCase is one "case pattern [if guard]:" block (CPython's
// match_case). CPython gives it no position; its Span runs from "case" to
// the end of the body.
type MatchCase struct {
	Span
	Pattern Pattern
	Guard   Expr // nil when absent
	Body    []Stmt
}

// ---- expressions ----

// BoolOp is a chain of the same boolean operator: "a or b or c" has three
// Values.
type BoolOp struct {
	Span
	Op     BoolOperator
	Values []Expr
}

// NamedExpr is "target := value".
type NamedExpr struct {
	Span
	Target Expr // always a *Name with Store context
	Value  Expr
}

// BinOp is a binary operation.
type BinOp struct {
	Span
	Left  Expr
	Op    Operator
	Right Expr
}

// UnaryOp is a prefix operation.
type UnaryOp struct {
	Span
	Op      UnaryOperator
	Operand Expr
}

// Lambda is "lambda args: body".
type Lambda struct {
	Span
	Args *Arguments
	Body Expr
}

// IfExp is "body if test else orelse".
type IfExp struct {
	Span
	Test   Expr
	Body   Expr
	OrElse Expr
}

// Dict is a dict display; a nil key marks a "**mapping" entry whose mapping
// is the corresponding value.
type Dict struct {
	Span
	Keys   []Expr
	Values []Expr
}

// Set is a set display.
type Set struct {
	Span
	Elts []Expr
}

// ListComp is a list comprehension.
type ListComp struct {
	Span
	Elt        Expr
	Generators []*Comprehension
}

// SetComp is a set comprehension.
type SetComp struct {
	Span
	Elt        Expr
	Generators []*Comprehension
}

// DictComp is a dict comprehension.
type DictComp struct {
	Span
	Key        Expr
	Value      Expr
	Generators []*Comprehension
}

// GeneratorExp is a generator expression.
type GeneratorExp struct {
	Span
	Elt        Expr
	Generators []*Comprehension
}

// Comprehension is one "[async] for target in iter [if cond]*" clause.
type Comprehension struct {
	Span
	Target  Expr
	Iter    Expr
	Ifs     []Expr
	IsAsync bool
}

// Await is "await value".
type Await struct {
	Span
	Value Expr
}

// Yield is "yield [value]".
type Yield struct {
	Span
	Value Expr // nil for a bare yield
}

// YieldFrom is "yield from value".
type YieldFrom struct {
	Span
	Value Expr
}

// Compare is a comparison chain "left op1 c1 op2 c2 ...".
type Compare struct {
	Span
	Left        Expr
	Ops         []CmpOperator
	Comparators []Expr
}

// Call is a call; positional arguments may be *Starred, and a Keyword with
// an empty Arg is "**mapping".
type Call struct {
	Span
	Func     Expr
	Args     []Expr
	Keywords []*Keyword
}

// Conversion values of a FormattedValue, as in CPython.
const (
	ConvNone  = -1
	ConvStr   = 's'
	ConvRepr  = 'r'
	ConvASCII = 'a'
)

// FormattedValue is one replacement field "{value!conv:spec}" of an
// f-string. Conversion is ConvNone or one of 's', 'r', 'a'; FormatSpec is
// a *JoinedStr or nil.
type FormattedValue struct {
	Span
	Value      Expr
	Conversion int
	FormatSpec Expr
}

// JoinedStr is an f-string (possibly concatenated with plain strings); its
// Values are *Constant strings and *FormattedValue fields. The "{x=}" form
// is expanded as CPython does: a Constant "x=" followed by the field, with
// the conversion defaulting to 'r' when neither conversion nor spec is given.
type JoinedStr struct {
	Span
	Values []Expr
}

// Bytes is the value of a bytes literal in a Constant.
type Bytes string

// EllipsisType is the value of the "..." literal in a Constant.
type EllipsisType struct{}

// Constant is a literal. Value is one of:
//
//	nil           None
//	bool          True, False
//	int64         an int that fits in 64 bits
//	*big.Int      a larger int
//	float64       a float literal
//	complex128    an imaginary literal ("2j"; real part 0)
//	string        a str literal (after concatenation and escapes); UTF-8,
//	              except that lone surrogates written as escapes
//	              ("\ud800") are kept as their 3-byte WTF-8 sequences
//	Bytes         a bytes literal
//	EllipsisType  ...
//
// Kind is "u" for a string written with the u prefix, else "", as CPython.
type Constant struct {
	Span
	Value any
	Kind  string
}

// Attribute is "value.attr".
type Attribute struct {
	Span
	Value Expr
	Attr  string
	Ctx   ExprContext
}

// Subscript is "value[slice]"; a subscript with commas has a *Tuple slice.
type Subscript struct {
	Span
	Value Expr
	Slice Expr
	Ctx   ExprContext
}

// Starred is "*value" in a call, display or assignment target.
type Starred struct {
	Span
	Value Expr
	Ctx   ExprContext
}

// Name is an identifier.
type Name struct {
	Span
	Id  string
	Ctx ExprContext
}

// List is a list display or target.
type List struct {
	Span
	Elts []Expr
	Ctx  ExprContext
}

// Tuple is a tuple display or target.
type Tuple struct {
	Span
	Elts []Expr
	Ctx  ExprContext
}

// Slice is "lower:upper:step" inside a subscript; each part may be nil.
type Slice struct {
	Span
	Lower Expr
	Upper Expr
	Step  Expr
}

// ---- helpers ----

// Arguments is the parameter list of a def or lambda. Defaults hold the
// defaults of the last len(Defaults) of PosOnlyArgs+Args; KwDefaults is
// parallel to KwOnlyArgs with nil for parameters without a default. Its
// Span covers the parameters (zero when there are none).
type Arguments struct {
	Span
	PosOnlyArgs []*Arg
	Args        []*Arg
	VarArg      *Arg // nil when absent
	KwOnlyArgs  []*Arg
	KwDefaults  []Expr
	KwArg       *Arg // nil when absent
	Defaults    []Expr
}

// Arg is one parameter.
type Arg struct {
	Span
	Arg        string
	Annotation Expr // nil when absent
}

// Keyword is "arg=value" in a call or class bases; Arg is "" for
// "**value".
type Keyword struct {
	Span
	Arg   string
	Value Expr
}

// IntValue returns an int Constant's value as a big.Int, or nil when the
// Constant is not an int. It saves callers a type switch over int64 and
// *big.Int.
func (c *Constant) IntValue() *big.Int {
	switch v := c.Value.(type) {
	case int64:
		return big.NewInt(v)
	case *big.Int:
		return new(big.Int).Set(v)
	}
	return nil
}

func (*Module) node()         {}
func (*FunctionDef) node()    {}
func (*ClassDef) node()       {}
func (*Return) node()         {}
func (*Delete) node()         {}
func (*Assign) node()         {}
func (*AugAssign) node()      {}
func (*AnnAssign) node()      {}
func (*For) node()            {}
func (*While) node()          {}
func (*If) node()             {}
func (*With) node()           {}
func (*WithItem) node()       {}
func (*Raise) node()          {}
func (*Try) node()            {}
func (*ExceptHandler) node()  {}
func (*Assert) node()         {}
func (*Import) node()         {}
func (*ImportFrom) node()     {}
func (*Alias) node()          {}
func (*Global) node()         {}
func (*Nonlocal) node()       {}
func (*ExprStmt) node()       {}
func (*Pass) node()           {}
func (*Break) node()          {}
func (*Continue) node()       {}
func (*BoolOp) node()         {}
func (*NamedExpr) node()      {}
func (*BinOp) node()          {}
func (*UnaryOp) node()        {}
func (*Lambda) node()         {}
func (*IfExp) node()          {}
func (*Dict) node()           {}
func (*Set) node()            {}
func (*ListComp) node()       {}
func (*SetComp) node()        {}
func (*DictComp) node()       {}
func (*GeneratorExp) node()   {}
func (*Comprehension) node()  {}
func (*Await) node()          {}
func (*Yield) node()          {}
func (*YieldFrom) node()      {}
func (*Compare) node()        {}
func (*Call) node()           {}
func (*FormattedValue) node() {}
func (*JoinedStr) node()      {}
func (*Constant) node()       {}
func (*Attribute) node()      {}
func (*Subscript) node()      {}
func (*Starred) node()        {}
func (*Name) node()           {}
func (*List) node()           {}
func (*Tuple) node()          {}
func (*Slice) node()          {}
func (*Arguments) node()      {}
func (*Arg) node()            {}
func (*Keyword) node()        {}

func (*FunctionDef) stmtNode() {}
func (*ClassDef) stmtNode()    {}
func (*Return) stmtNode()      {}
func (*Delete) stmtNode()      {}
func (*Assign) stmtNode()      {}
func (*AugAssign) stmtNode()   {}
func (*AnnAssign) stmtNode()   {}
func (*For) stmtNode()         {}
func (*While) stmtNode()       {}
func (*If) stmtNode()          {}
func (*With) stmtNode()        {}
func (*Raise) stmtNode()       {}
func (*Try) stmtNode()         {}
func (*Assert) stmtNode()      {}
func (*Import) stmtNode()      {}
func (*ImportFrom) stmtNode()  {}
func (*Global) stmtNode()      {}
func (*Nonlocal) stmtNode()    {}
func (*ExprStmt) stmtNode()    {}
func (*Pass) stmtNode()        {}
func (*Break) stmtNode()       {}
func (*Continue) stmtNode()    {}

func (*BoolOp) exprNode()         {}
func (*NamedExpr) exprNode()      {}
func (*BinOp) exprNode()          {}
func (*UnaryOp) exprNode()        {}
func (*Lambda) exprNode()         {}
func (*IfExp) exprNode()          {}
func (*Dict) exprNode()           {}
func (*Set) exprNode()            {}
func (*ListComp) exprNode()       {}
func (*SetComp) exprNode()        {}
func (*DictComp) exprNode()       {}
func (*GeneratorExp) exprNode()   {}
func (*Await) exprNode()          {}
func (*Yield) exprNode()          {}
func (*YieldFrom) exprNode()      {}
func (*Compare) exprNode()        {}
func (*Call) exprNode()           {}
func (*FormattedValue) exprNode() {}
func (*JoinedStr) exprNode()      {}
func (*Constant) exprNode()       {}
func (*Attribute) exprNode()      {}
func (*Subscript) exprNode()      {}
func (*Starred) exprNode()        {}
func (*Name) exprNode()           {}
func (*List) exprNode()           {}
func (*Tuple) exprNode()          {}
func (*Slice) exprNode()          {}
