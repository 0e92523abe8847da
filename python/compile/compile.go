package compile

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/toolplane/toolplane/python/syntax"
)

// Error is a compile-time error: Kind is "SyntaxError" or
// "NotImplementedError" (for constructs the interpreter rejects).
type Error struct {
	Kind string
	Msg  string
	Pos  syntax.Position
	// End is where the span CPython underlines ends (exclusive, like
	// end_col_offset); zero when the error points at Pos alone.
	End syntax.Position
}

// Error implements error.
func (e *Error) Error() string {
	return fmt.Sprintf("line %d: %s: %s", e.Pos.Line, e.Kind, e.Msg)
}

// Options selects the dialect.
type Options struct {
	// Snippet allows top-level await and return; the module code returns
	// the value of a final expression statement.
	Snippet bool
}

// Program is the result of compiling a module.
type Program struct {
	Module *Code
	// Warnings are the SyntaxWarnings CPython's compiler would print to
	// stderr for this source, in source order.
	Warnings []Warning
}

// Warning is a compile-time SyntaxWarning: its line and message.
type Warning struct {
	Line int
	Msg  string
}

// Module compiles a parsed module.
func Module(filename string, mod *syntax.Module, opts Options) (*Program, error) {
	return ModuleContext(context.Background(), filename, mod, opts)
}

// ModuleContext compiles a parsed module, stopping with ctx's error when
// ctx ends first. Compiling is linear in the size of the tree; a tree
// nested deeper than syntax.MaxDepth fails with a RecursionError.
func ModuleContext(ctx context.Context, filename string, mod *syntax.Module, opts Options) (*Program, error) {
	col := &collector{scopes: map[syntax.Node]*scope{}, guard: newGuard(ctx)}
	top := newScope(moduleScope, nil, mod, "<module>")
	top.snippet = opts.Snippet
	col.scopes[mod] = top
	col.stmts(top, mod.Body)
	switch {
	case col.guard.ctxErr != nil:
		return nil, col.guard.ctxErr
	case col.err != nil:
		return nil, col.err
	case col.guard.tooDeep != nil:
		return nil, col.guard.tooDeep
	case top.mangler.tooMany:
		return nil, &Error{Kind: "MemoryError", Msg: "the private names of the classes (__name, mangled to _Class__name) take more than 16 MiB", Pos: mod.Pos()}
	}
	if err := top.resolveFrees(); err != nil {
		return nil, err
	}
	g := &gen{filename: filename, scopes: col.scopes, opts: opts, guard: newGuard(ctx),
		maxInstrs: instrsPerNode*col.guard.nodes + minInstrBudget}
	code, err := g.module(mod, top)
	if g.guard.ctxErr != nil {
		return nil, g.guard.ctxErr
	}
	if err != nil {
		return nil, err
	}
	code.setMaxStack(&depthScratch{})
	return &Program{Module: code, Warnings: g.warnings}, nil
}

type gen struct {
	filename string
	warnings []Warning
	scopes   map[syntax.Node]*scope
	opts     Options
	guard    guard
	// instrs counts the instructions emitted in all code objects, and
	// maxInstrs bounds it (see instrsPerNode).
	instrs, maxInstrs int
	// futureAnnotations is set by "from __future__ import annotations":
	// annotations are stored as their text.
	futureAnnotations bool
	// futures are the module's leading __future__ imports.
	futures map[*syntax.ImportFrom]bool
	// names holds one copy of each name the code objects' Names list,
	// shared by all of them: an attribute a method stores and one another
	// code reads are then the same string, which a dict lookup finds
	// equal by its pointer without comparing bytes.
	names map[string]string
}

// The code generated for a tree is bounded by instrsPerNode instructions
// per node the scope collector visited, plus minInstrBudget. Code is
// linear in the tree except for finally blocks, which are compiled once
// for each way out of their try block (normal exit, exception, each
// return, break and continue): nested try/finally doubles the code at each
// level, so twenty nested levels of a few lines would otherwise take
// minutes and gigabytes to compile (CPython 3.11 takes 150 s). The budget
// is far above what ordinary code needs, and keeps the compiler's time and
// memory linear in the size of the source.
const (
	instrsPerNode  = 16
	minInstrBudget = 1 << 16
)

type fblockKind uint8

const (
	fbWhile fblockKind = iota
	fbFor
	fbExcept  // try body with handlers: POP_BLOCK
	fbFinally // try body with finally
	fbHandler // inside an except clause or the exception path of finally
	fbWith
	fbAsyncWith
	fbPopValue   // a pending return value under a finally body run by return
	fbExceptStar // inside an except* clause: break, continue and return are refused
)

// maxBlocks is CPython's CO_MAXBLOCKS: loops, try bodies, handlers and
// with items nest at most this deep in one function.
const maxBlocks = 20

// pushBlock enters a block; more than maxBlocks nested blocks are
// CPython's SyntaxError (this compiler counts no more blocks than
// CPython's does, so it refuses nothing CPython compiles).
func (f *fn) pushBlock(b fblock) {
	if len(f.fblocks) >= maxBlocks {
		f.fail("SyntaxError", "too many statically nested blocks", syntax.Position{Line: int(f.line), Col: int(f.span.Col)})
	}
	f.fblocks = append(f.fblocks, b)
}

type fblock struct {
	kind       fblockKind
	continueTo int
	breaks     *[]int
	final      []syntax.Stmt
	excOnStack bool
	// name is the target of "except ... as name" for an fbHandler: it is
	// unbound on every way out of the handler, as CPython does.
	name string
}

// fn generates one code object.
type fn struct {
	g       *gen
	s       *scope
	code    *Code
	line    int32
	span    Span
	consts  map[constKey]int
	names   map[string]int
	locals  map[string]int
	derefs  map[string]int
	fblocks []fblock
	err     *Error
}

func (g *gen) newFn(s *scope, name string, line int) *fn {
	f := &fn{g: g, s: s, consts: map[constKey]int{}, names: map[string]int{}, locals: map[string]int{}, derefs: map[string]int{}}
	f.code = &Code{Name: name, QualName: s.qualname, Filename: g.filename, FirstLine: line}
	f.line = int32(line)
	if s.isFunctionLike() {
		for _, p := range s.params {
			f.local(p)
		}
		for _, n := range sortedKeys(s.bound) {
			if !s.cells[n] && !s.frees[n] && !s.globals[n] && !s.nonlocals[n] {
				f.local(n)
			}
		}
	}
	cells := sortedKeys(s.cells)
	f.code.CellNames = cells
	f.code.FreeNames = sortedKeys(s.frees)
	for i, n := range cells {
		f.derefs[n] = i
		pi := -1
		for j, p := range s.params {
			if p == n {
				pi = j
			}
		}
		f.code.CellParams = append(f.code.CellParams, pi)
	}
	for i, n := range f.code.FreeNames {
		f.derefs[n] = len(cells) + i
	}
	if s.generator {
		f.code.Flags |= FlagGenerator
	}
	if s.async || (s.kind == comprehensionScope && s.hasAwait) || (s.kind == moduleScope && s.hasAwait) {
		f.code.Flags |= FlagCoroutine
	}
	return f
}

func (f *fn) local(name string) int {
	if i, ok := f.locals[name]; ok {
		return i
	}
	i := len(f.code.VarNames)
	f.code.VarNames = append(f.code.VarNames, name)
	f.locals[name] = i
	return i
}

func (f *fn) fail(kind, msg string, pos syntax.Position) {
	if f.err == nil {
		f.err = &Error{Kind: kind, Msg: msg, Pos: pos}
	}
}

// failNode reports an error at n's whole span, as CPython's compiler and
// symbol table do (the node's col_offset..end_col_offset).
func (f *fn) failNode(kind, msg string, n syntax.Node) {
	if f.err == nil {
		f.err = &Error{Kind: kind, Msg: msg, Pos: n.Pos(), End: n.End()}
	}
}

// failErr passes on an error found by a nested generator or the guard.
func (f *fn) failErr(e *Error) {
	if f.err == nil {
		f.err = e
	}
}

// enter counts one level of the generator's recursion at n (see guard);
// on false the caller returns at once, without calling leave.
func (f *fn) enter(n syntax.Node) bool {
	if f.g.guard.enter(n.Pos()) {
		return true
	}
	if e := f.g.guard.tooDeep; e != nil {
		f.failErr(e)
	}
	return false
}

func (f *fn) leave() { f.g.guard.leave() }

func (f *fn) emit(op Op, arg int) int {
	if arg < 0 || arg >= 1<<24 {
		f.fail("SyntaxError", "too many constants, names or instructions", syntax.Position{Line: int(f.line)})
		arg = 0
	}
	if f.g.instrs++; f.g.instrs > f.g.maxInstrs && f.g.guard.tooLarge == nil {
		f.g.guard.tooLarge = &Error{Kind: "SyntaxError", Pos: syntax.Position{Line: int(f.line)},
			Msg: fmt.Sprintf("the code is too large to compile: it expands to more than %d instructions, mostly because each way out of a try block repeats its finally block; nest fewer try/finally blocks", f.g.maxInstrs)}
		f.failErr(f.g.guard.tooLarge)
	}
	f.code.Instrs = append(f.code.Instrs, uint32(op)|uint32(arg)<<8)
	f.code.Lines = append(f.code.Lines, f.line)
	f.code.Spans = append(f.code.Spans, f.span)
	return len(f.code.Instrs) - 1
}

func (f *fn) here() int { return len(f.code.Instrs) }

func (f *fn) patch(at, target int) {
	f.code.Instrs[at] = f.code.Instrs[at]&0xff | uint32(target)<<8
}

func (f *fn) patchAll(ats []int, target int) {
	for _, at := range ats {
		f.patch(at, target)
	}
}

func (f *fn) at(n syntax.Node) {
	p := n.Pos()
	if p.Line <= 0 {
		return
	}
	f.line = int32(p.Line)
	e := n.End()
	f.span = Span{Col: int32(p.Col), EndLine: int32(e.Line), EndCol: int32(e.Col)}
	switch x := n.(type) {
	case *syntax.BinOp:
		f.span.Kind = SpanBinOp
		f.span.Mid1 = int32(x.Left.End().Col)
		f.span.Mid2 = int32(x.Right.Pos().Col)
		if x.Left.End().Line != p.Line || x.Right.Pos().Line != p.Line {
			f.span.Kind = SpanPlain
		}
	case *syntax.Subscript:
		f.span.Kind = SpanSubscript
		f.span.Mid1 = int32(x.Value.End().Col)
		f.span.Mid2 = int32(x.Slice.End().Col)
		if x.Value.End().Line != p.Line || x.Slice.End().Line != p.Line {
			f.span.Kind = SpanPlain
		}
	}
}

// constKey identifies a constant for deduplication within a code object;
// building one allocates nothing except for big ints.
type constKey struct {
	kind uint8
	bits int64
	text string
}

// Kinds of constKey.
const (
	ckNone uint8 = iota
	ckBool
	ckInt
	ckFloat
	ckStr
	ckBytes
	ckEllipsis
	ckBig
	ckComplex
)

func keyOf(v any) (constKey, bool) {
	switch v := v.(type) {
	case nil:
		return constKey{kind: ckNone}, true
	case bool:
		k := constKey{kind: ckBool}
		if v {
			k.bits = 1
		}
		return k, true
	case int64:
		return constKey{kind: ckInt, bits: v}, true
	case float64:
		return constKey{kind: ckFloat, bits: int64(math.Float64bits(v))}, true
	case string:
		return constKey{kind: ckStr, text: v}, true
	case Bytes:
		return constKey{kind: ckBytes, text: string(v)}, true
	case Ellipsis:
		return constKey{kind: ckEllipsis}, true
	case *big.Int:
		return constKey{kind: ckBig, text: v.String()}, true
	case complex128:
		// The imaginary part's bits go in the text: 0j and -0j differ.
		return constKey{kind: ckComplex, bits: int64(math.Float64bits(real(v))), text: strconv.FormatUint(math.Float64bits(imag(v)), 16)}, true
	}
	return constKey{}, false
}

func (f *fn) constIndex(v any) int {
	if k, ok := keyOf(v); ok {
		if i, ok := f.consts[k]; ok {
			return i
		}
		f.consts[k] = len(f.code.Consts)
	}
	f.code.Consts = append(f.code.Consts, v)
	return len(f.code.Consts) - 1
}

func (f *fn) loadConst(v any) { f.emit(LOAD_CONST, f.constIndex(v)) }

func (f *fn) name(n string) int {
	if i, ok := f.names[n]; ok {
		return i
	}
	if s, ok := f.g.names[n]; ok {
		n = s
	} else {
		if f.g.names == nil {
			f.g.names = map[string]string{}
		}
		f.g.names[n] = n
	}
	f.names[n] = len(f.code.Names)
	f.code.Names = append(f.code.Names, n)
	return len(f.code.Names) - 1
}

func (g *gen) module(mod *syntax.Module, s *scope) (*Code, error) {
	f := g.newFn(s, "<module>", 1)
	f.code.Flags |= FlagModule
	if s.hasAwait && !g.opts.Snippet {
		f.fail("SyntaxError", "'await' outside function", firstAwait(mod))
	}
	body := mod.Body
	g.futures, g.futureAnnotations = leadingFutures(body)
	var last *syntax.ExprStmt
	if g.opts.Snippet && len(body) > 0 {
		if e, ok := body[len(body)-1].(*syntax.ExprStmt); ok {
			last = e
			body = body[:len(body)-1]
		}
	}
	if hasAnnotations(mod.Body) {
		f.emit(SETUP_ANNOTATIONS, 0)
	}
	f.stmts(body)
	if last != nil {
		f.at(last)
		f.expr(last.Value)
		f.emit(RETURN_VALUE, 0)
	} else {
		f.loadConst(nil)
		f.emit(RETURN_VALUE, 0)
	}
	if f.err != nil {
		return nil, f.err
	}
	return f.code, nil
}

func firstAwait(mod *syntax.Module) syntax.Position {
	return mod.Pos()
}

func (f *fn) stmts(body []syntax.Stmt) {
	for _, st := range body {
		if f.g.guard.stopped() {
			// Finally blocks are compiled many times over: once the
			// budget is spent, not even their statements are visited.
			return
		}
		f.stmt(st)
	}
}

func (f *fn) stmt(st syntax.Stmt) {
	if !f.enter(st) {
		return
	}
	defer f.leave()
	f.at(st)
	switch st := st.(type) {
	case *syntax.ExprStmt:
		f.expr(st.Value)
		f.emit(POP_TOP, 0)
	case *syntax.Assign:
		if f.swapAssign(st) {
			break
		}
		f.expr(st.Value)
		for i, t := range st.Targets {
			if i < len(st.Targets)-1 {
				f.emit(DUP_TOP, 0)
			}
			f.store(t)
		}
	case *syntax.AugAssign:
		f.augAssign(st)
	case *syntax.AnnAssign:
		if st.Value != nil {
			f.expr(st.Value)
			f.store(st.Target)
		}
		if f.s.kind == moduleScope || f.s.kind == classScope {
			f.annotation(st.Annotation)
			if n, ok := st.Target.(*syntax.Name); ok && st.Simple {
				f.loadName("__annotations__")
				f.loadConst(n.Id)
				f.at(st)
				f.emit(STORE_SUBSCR, 0)
			} else {
				f.emit(POP_TOP, 0)
			}
		}
	case *syntax.Pass:
	case *syntax.If:
		f.ifStmt(st)
	case *syntax.While:
		f.whileStmt(st)
	case *syntax.For:
		f.forStmt(st)
	case *syntax.Break:
		f.breakStmt(st)
	case *syntax.Continue:
		f.continueStmt(st)
	case *syntax.Return:
		f.returnStmt(st)
	case *syntax.FunctionDef:
		f.functionDef(st)
	case *syntax.ClassDef:
		f.classDef(st)
	case *syntax.Delete:
		for _, t := range st.Targets {
			f.del(t)
		}
	case *syntax.Assert:
		end := f.jumpIf(st.Test, true)
		f.at(st)
		f.emit(LOAD_ASSERTION_ERROR, 0)
		if st.Msg != nil {
			f.expr(st.Msg)
			f.emit(CALL, 1)
		}
		f.emit(RAISE, 1)
		f.patchAll(end, f.here())
	case *syntax.Raise:
		n := 0
		if st.Exc != nil {
			f.expr(st.Exc)
			n = 1
			if st.Cause != nil {
				f.expr(st.Cause)
				n = 2
			}
		}
		f.at(st)
		f.emit(RAISE, n)
	case *syntax.Try:
		f.tryStmt(st)
	case *syntax.With:
		if st.IsAsync {
			if !f.canAwait() {
				f.failNode("SyntaxError", "'async with' outside async function", st)
				return
			}
			f.asyncWithStmt(st, 0)
			return
		}
		f.withStmt(st, 0)
	case *syntax.Import:
		for _, a := range st.Names {
			f.emit(IMPORT_NAME, f.name(a.Name))
			if a.AsName != "" {
				// import a.b as c binds the submodule.
				parts := splitDots(a.Name)
				for _, p := range parts[1:] {
					f.emit(LOAD_ATTR, f.name(p))
				}
				f.storeName(a.AsName)
			} else {
				f.storeName(splitDots(a.Name)[0])
			}
		}
	case *syntax.ImportFrom:
		if st.Level > 0 {
			// A snippet has no package: the import fails when it runs,
			// with CPython's ImportError (the VM refuses a name that
			// starts with a dot).
			f.at(st)
			f.emit(IMPORT_NAME, f.name(strings.Repeat(".", st.Level)+st.Module))
			f.emit(POP_TOP, 0)
			return
		}
		if st.Module == "__future__" {
			f.checkFuture(st)
		}
		f.emit(IMPORT_NAME, f.name(st.Module))
		// IMPORT_NAME leaves the top-level package; from a.b import x
		// takes its names from the submodule a.b.
		for _, p := range splitDots(st.Module)[1:] {
			f.emit(LOAD_ATTR, f.name(p))
		}
		if len(st.Names) == 1 && st.Names[0].Name == "*" {
			f.emit(IMPORT_STAR, 0)
			return
		}
		for _, a := range st.Names {
			f.emit(IMPORT_FROM, f.name(a.Name))
			if a.AsName != "" {
				f.storeName(a.AsName)
			} else {
				f.storeName(a.Name)
			}
		}
		f.emit(POP_TOP, 0)
	case *syntax.Match:
		f.match(st)
	case *syntax.Global, *syntax.Nonlocal:
	default:
		f.failNode("NotImplementedError", fmt.Sprintf("statement %T is not supported", st), st)
	}
}

func splitDots(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// ---- names ----

type access uint8

const (
	accFast access = iota
	accDeref
	accGlobal
	accName
	accClassDeref
)

func (f *fn) access(name string) (access, int) {
	s := f.s
	switch {
	case s.kind == moduleScope:
		return accGlobal, f.name(name)
	case s.globals[name]:
		return accGlobal, f.name(name)
	case s.kind == classScope:
		if !s.bound[name] {
			if i, ok := f.derefs[name]; ok && s.frees[name] {
				return accClassDeref, i
			}
		}
		return accName, f.name(name)
	}
	if i, ok := f.derefs[name]; ok {
		return accDeref, i
	}
	if s.bound[name] {
		return accFast, f.local(name)
	}
	return accGlobal, f.name(name)
}

func (f *fn) loadName(name string) {
	acc, i := f.access(name)
	switch acc {
	case accFast:
		f.emit(LOAD_FAST, i)
	case accDeref:
		f.emit(LOAD_DEREF, i)
	case accGlobal:
		f.emit(LOAD_GLOBAL, i)
	case accName:
		f.emit(LOAD_NAME, i)
	case accClassDeref:
		f.emit(LOAD_CLASSDEREF, i)
	}
}

func (f *fn) storeName(name string) {
	acc, i := f.access(name)
	switch acc {
	case accFast:
		f.emit(STORE_FAST, i)
	case accDeref:
		f.emit(STORE_DEREF, i)
	case accGlobal:
		f.emit(STORE_GLOBAL, i)
	default:
		f.emit(STORE_NAME, f.name(name))
	}
}

func (f *fn) delName(name string) {
	acc, i := f.access(name)
	switch acc {
	case accFast:
		f.emit(DELETE_FAST, i)
	case accDeref:
		f.emit(DELETE_DEREF, i)
	case accGlobal:
		f.emit(DELETE_GLOBAL, i)
	default:
		f.emit(DELETE_NAME, f.name(name))
	}
}

// ---- assignment ----

func (f *fn) store(t syntax.Expr) {
	if !f.enter(t) {
		return
	}
	defer f.leave()
	f.at(t)
	switch t := t.(type) {
	case *syntax.Name:
		f.storeName(t.Id)
	case *syntax.Attribute:
		f.expr(t.Value)
		f.at(t)
		f.emit(STORE_ATTR, f.name(t.Attr))
	case *syntax.Subscript:
		f.expr(t.Value)
		f.subscriptIndex(t.Slice)
		f.at(t)
		f.emit(STORE_SUBSCR, 0)
	case *syntax.Tuple:
		f.unpack(t.Elts, t)
	case *syntax.List:
		f.unpack(t.Elts, t)
	case *syntax.Starred:
		f.failNode("SyntaxError", "starred assignment target must be in a list or tuple", t)
	default:
		f.failNode("SyntaxError", "cannot assign to expression", t)
	}
}

// swapAssign compiles a, b = x, y and a, b, c = x, y, z (a display of two
// or three values into as many targets, nothing starred) as CPython does:
// the values are evaluated in order and reversed on the stack with
// ROT_TWO/ROT_THREE, with no tuple built and unpacked. It reports whether
// the statement had that form.
func (f *fn) swapAssign(st *syntax.Assign) bool {
	if len(st.Targets) != 1 {
		return false
	}
	vals, ok := st.Value.(*syntax.Tuple)
	if !ok || len(vals.Elts) < 2 || len(vals.Elts) > 3 {
		return false
	}
	var targets []syntax.Expr
	switch t := st.Targets[0].(type) {
	case *syntax.Tuple:
		targets = t.Elts
	case *syntax.List:
		targets = t.Elts
	}
	if len(targets) != len(vals.Elts) {
		return false
	}
	for i := range targets {
		if _, ok := targets[i].(*syntax.Starred); ok {
			return false
		}
		if _, ok := vals.Elts[i].(*syntax.Starred); ok {
			return false
		}
	}
	for _, v := range vals.Elts {
		f.expr(v)
	}
	f.at(st)
	if len(vals.Elts) == 3 {
		f.emit(ROT_THREE, 0)
	}
	f.emit(ROT_TWO, 0)
	for _, t := range targets {
		f.store(t)
	}
	return true
}

func (f *fn) unpack(elts []syntax.Expr, node syntax.Node) {
	star := -1
	for i, e := range elts {
		if _, ok := e.(*syntax.Starred); ok {
			if star >= 0 {
				// CPython underlines the whole target.
				f.failNode("SyntaxError", "multiple starred expressions in assignment", node)
				return
			}
			star = i
		}
	}
	if star < 0 {
		f.emit(UNPACK_SEQUENCE, len(elts))
	} else {
		after := len(elts) - star - 1
		if star > 255 || after > 255 {
			f.failNode("SyntaxError", "too many expressions in star-unpacking assignment", node)
			return
		}
		f.emit(UNPACK_EX, star|after<<8)
	}
	for _, e := range elts {
		if s, ok := e.(*syntax.Starred); ok {
			f.store(s.Value)
		} else {
			f.store(e)
		}
	}
}

func (f *fn) del(t syntax.Expr) {
	if !f.enter(t) {
		return
	}
	defer f.leave()
	f.at(t)
	switch t := t.(type) {
	case *syntax.Name:
		f.delName(t.Id)
	case *syntax.Attribute:
		f.expr(t.Value)
		f.emit(DELETE_ATTR, f.name(t.Attr))
	case *syntax.Subscript:
		f.expr(t.Value)
		f.subscriptIndex(t.Slice)
		f.at(t)
		f.emit(DELETE_SUBSCR, 0)
	case *syntax.Tuple:
		for _, e := range t.Elts {
			f.del(e)
		}
	case *syntax.List:
		for _, e := range t.Elts {
			f.del(e)
		}
	default:
		f.failNode("SyntaxError", "cannot delete expression", t)
	}
}

func (f *fn) augAssign(st *syntax.AugAssign) {
	switch t := st.Target.(type) {
	case *syntax.Name:
		f.loadName(t.Id)
		f.expr(st.Value)
		f.at(st)
		f.emit(INPLACE_OP, int(st.Op))
		f.storeName(t.Id)
	case *syntax.Attribute:
		f.expr(t.Value)
		f.emit(DUP_TOP, 0)
		f.at(t)
		f.emit(LOAD_ATTR, f.name(t.Attr))
		f.expr(st.Value)
		f.at(st)
		f.emit(INPLACE_OP, int(st.Op))
		f.emit(ROT_TWO, 0)
		f.emit(STORE_ATTR, f.name(t.Attr))
	case *syntax.Subscript:
		f.expr(t.Value)
		f.subscriptIndex(t.Slice)
		f.emit(DUP_TOP_TWO, 0)
		f.at(t)
		f.emit(BINARY_SUBSCR, 0)
		f.expr(st.Value)
		f.at(st)
		f.emit(INPLACE_OP, int(st.Op))
		f.emit(ROT_THREE, 0)
		f.emit(STORE_SUBSCR, 0)
	default:
		f.failNode("SyntaxError", "'"+exprKind(st.Target)+"' is an illegal expression for augmented assignment", st)
	}
}

func exprKind(e syntax.Expr) string {
	switch e.(type) {
	case *syntax.Tuple:
		return "tuple"
	case *syntax.List:
		return "list"
	}
	return "expression"
}

// ---- control flow ----

// jumpIf evaluates a condition and returns jumps taken when its truth equals
// want; control falls through otherwise.
func (f *fn) jumpIf(e syntax.Expr, want bool) []int {
	if !f.enter(e) {
		return nil
	}
	defer f.leave()
	switch e := e.(type) {
	case *syntax.UnaryOp:
		if e.Op == syntax.Not {
			return f.jumpIf(e.Operand, !want)
		}
	case *syntax.BoolOp:
		isAnd := e.Op == syntax.And
		if isAnd != want {
			// and/want false, or/want true: any operand decides.
			var js []int
			for _, v := range e.Values {
				js = append(js, f.jumpIf(v, want)...)
			}
			return js
		}
		// and/want true (or/want false): all operands must agree.
		var fails []int
		for _, v := range e.Values[:len(e.Values)-1] {
			fails = append(fails, f.jumpIf(v, !want)...)
		}
		js := f.jumpIf(e.Values[len(e.Values)-1], want)
		f.patchAll(fails, f.here())
		return js
	}
	f.expr(e)
	if want {
		return []int{f.emit(POP_JUMP_IF_TRUE, 0)}
	}
	return []int{f.emit(POP_JUMP_IF_FALSE, 0)}
}

func constTruth(e syntax.Expr) (truth, ok bool) {
	c, isConst := e.(*syntax.Constant)
	if !isConst {
		return false, false
	}
	switch v := c.Value.(type) {
	case bool:
		return v, true
	case int64:
		return v != 0, true
	case nil:
		return false, true
	case string:
		return v != "", true
	}
	return false, false
}

func (f *fn) ifStmt(st *syntax.If) {
	elseJumps := f.jumpIf(st.Test, false)
	f.stmts(st.Body)
	if len(st.OrElse) > 0 {
		end := f.emit(JUMP, 0)
		f.patchAll(elseJumps, f.here())
		f.stmts(st.OrElse)
		f.patch(end, f.here())
	} else {
		f.patchAll(elseJumps, f.here())
	}
}

func (f *fn) whileStmt(st *syntax.While) {
	top := f.here()
	var exit []int
	if truth, ok := constTruth(st.Test); !ok || !truth {
		exit = f.jumpIf(st.Test, false)
	}
	var breaks []int
	f.pushBlock(fblock{kind: fbWhile, continueTo: top, breaks: &breaks})
	f.stmts(st.Body)
	f.fblocks = f.fblocks[:len(f.fblocks)-1]
	f.emit(JUMP, top)
	f.patchAll(exit, f.here())
	f.stmts(st.OrElse)
	f.patchAll(breaks, f.here())
}

func (f *fn) asyncForStmt(st *syntax.For) {
	if !f.canAwait() {
		f.failNode("SyntaxError", "'async for' outside async function", st)
		return
	}
	f.expr(st.Iter)
	f.at(st)
	f.emit(GET_AITER, 0)
	top := f.here()
	handler := f.emit(SETUP_EXCEPT, 0)
	f.emit(GET_ANEXT, 0)
	f.await()
	f.emit(POP_BLOCK, 0)
	f.store(st.Target)
	var breaks []int
	f.pushBlock(fblock{kind: fbFor, continueTo: top, breaks: &breaks})
	f.stmts(st.Body)
	f.fblocks = f.fblocks[:len(f.fblocks)-1]
	f.emit(JUMP, top)
	f.patch(handler, f.here())
	f.emit(END_ASYNC_FOR, 0)
	f.stmts(st.OrElse)
	f.patchAll(breaks, f.here())
}

func (f *fn) forStmt(st *syntax.For) {
	if st.IsAsync {
		f.asyncForStmt(st)
		return
	}
	f.expr(st.Iter)
	f.at(st)
	f.emit(GET_ITER, 0)
	top := f.emit(FOR_ITER, 0)
	f.store(st.Target)
	var breaks []int
	f.pushBlock(fblock{kind: fbFor, continueTo: top, breaks: &breaks})
	f.stmts(st.Body)
	f.fblocks = f.fblocks[:len(f.fblocks)-1]
	f.emit(JUMP, top)
	f.patch(top, f.here())
	f.stmts(st.OrElse)
	f.patchAll(breaks, f.here())
}

// unwind emits the cleanup of fblock b when control leaves it by break,
// continue or return; keepTop is set when a return value is on the stack.
func (f *fn) unwind(i int, keepTop bool) {
	b := f.fblocks[i]
	switch b.kind {
	case fbFor:
		if keepTop {
			f.emit(ROT_TWO, 0)
		}
		f.emit(POP_TOP, 0)
	case fbExcept:
		f.emit(POP_BLOCK, 0)
	case fbFinally:
		f.emit(POP_BLOCK, 0)
		saved := f.fblocks
		f.fblocks = append([]fblock(nil), saved[:i]...)
		if keepTop {
			f.pushBlock(fblock{kind: fbPopValue})
		}
		f.stmts(b.final)
		f.fblocks = saved
	case fbPopValue:
		if keepTop {
			f.emit(ROT_TWO, 0)
		}
		f.emit(POP_TOP, 0)
	case fbHandler:
		if b.excOnStack {
			if keepTop {
				f.emit(ROT_TWO, 0)
			}
			f.emit(POP_TOP, 0)
		}
		f.emit(POP_EXCEPT, 0)
		if b.name != "" {
			f.unbindHandlerName(b.name)
		}
	case fbWith:
		f.emit(POP_BLOCK, 0)
		if keepTop {
			f.emit(ROT_TWO, 0)
		}
		f.emit(WITH_EXIT, 0)
	case fbAsyncWith:
		f.emit(POP_BLOCK, 0)
		if keepTop {
			f.emit(ROT_TWO, 0)
		}
		f.emit(ASYNC_WITH_EXIT, 0)
		f.await()
		f.emit(POP_TOP, 0)
	}
}

func (f *fn) breakStmt(st *syntax.Break) {
	for i := len(f.fblocks) - 1; i >= 0; i-- {
		b := f.fblocks[i]
		if b.kind == fbExceptStar {
			f.failNode("SyntaxError", "'break', 'continue' and 'return' cannot appear in an except* block", st)
			return
		}
		if b.kind == fbWhile || b.kind == fbFor {
			if b.kind == fbFor {
				f.emit(POP_TOP, 0)
			}
			*b.breaks = append(*b.breaks, f.emit(JUMP, 0))
			return
		}
		f.unwind(i, false)
	}
	f.failNode("SyntaxError", "'break' outside loop", st)
}

func (f *fn) continueStmt(st *syntax.Continue) {
	for i := len(f.fblocks) - 1; i >= 0; i-- {
		b := f.fblocks[i]
		if b.kind == fbExceptStar {
			f.failNode("SyntaxError", "'break', 'continue' and 'return' cannot appear in an except* block", st)
			return
		}
		if b.kind == fbWhile || b.kind == fbFor {
			f.emit(JUMP, b.continueTo)
			return
		}
		f.unwind(i, false)
	}
	f.failNode("SyntaxError", "'continue' not properly in loop", st)
}

func (f *fn) returnStmt(st *syntax.Return) {
	if f.s.kind == classScope || (f.s.kind == moduleScope && !f.g.opts.Snippet) {
		f.failNode("SyntaxError", "'return' outside function", st)
		return
	}
	if st.Value != nil {
		if f.s.generator && f.s.async {
			f.failNode("SyntaxError", "'return' with value in async generator", st)
		}
		f.expr(st.Value)
	} else {
		f.loadConst(nil)
	}
	for _, b := range f.fblocks {
		if b.kind == fbExceptStar {
			f.failNode("SyntaxError", "'break', 'continue' and 'return' cannot appear in an except* block", st)
			return
		}
	}
	for i := len(f.fblocks) - 1; i >= 0; i-- {
		f.unwind(i, true)
	}
	f.at(st)
	f.emit(RETURN_VALUE, 0)
}

func (f *fn) tryStmt(st *syntax.Try) {
	if len(st.FinalBody) == 0 {
		f.tryExcept(st)
		return
	}
	handler := f.emit(SETUP_EXCEPT, 0)
	f.pushBlock(fblock{kind: fbFinally, final: st.FinalBody})
	if len(st.Handlers) > 0 {
		f.tryExcept(st)
	} else {
		f.stmts(st.Body)
	}
	f.fblocks = f.fblocks[:len(f.fblocks)-1]
	f.emit(POP_BLOCK, 0)
	f.stmts(st.FinalBody)
	end := f.emit(JUMP, 0)
	f.patch(handler, f.here())
	f.pushBlock(fblock{kind: fbHandler, excOnStack: true})
	f.stmts(st.FinalBody)
	f.fblocks = f.fblocks[:len(f.fblocks)-1]
	f.emit(RERAISE, 0)
	f.patch(end, f.here())
}

func (f *fn) tryExcept(st *syntax.Try) {
	if st.Star {
		f.tryExceptStar(st)
		return
	}
	handler := f.emit(SETUP_EXCEPT, 0)
	f.pushBlock(fblock{kind: fbExcept})
	f.stmts(st.Body)
	f.fblocks = f.fblocks[:len(f.fblocks)-1]
	f.emit(POP_BLOCK, 0)
	f.stmts(st.OrElse)
	var ends []int
	ends = append(ends, f.emit(JUMP, 0))
	f.patch(handler, f.here())
	for i, h := range st.Handlers {
		f.at(h)
		next := -1
		if h.Type != nil {
			f.emit(DUP_TOP, 0)
			f.expr(h.Type)
			f.at(h)
			next = f.emit(JUMP_IF_NOT_EXC_MATCH, 0)
		} else if i != len(st.Handlers)-1 {
			f.failNode("SyntaxError", "default 'except:' must be last", h)
		}
		if h.Name == "" {
			f.emit(POP_TOP, 0)
			f.pushBlock(fblock{kind: fbHandler})
			f.stmts(h.Body)
			f.fblocks = f.fblocks[:len(f.fblocks)-1]
			f.emit(POP_EXCEPT, 0)
		} else {
			// The name is unbound however the body ends: normally, by
			// break, continue or return (unwind), or by an exception
			// (the cleanup handler below), as CPython's
			// "finally: name = None; del name" does.
			f.storeName(h.Name)
			f.pushBlock(fblock{kind: fbHandler, name: h.Name})
			cleanup := f.emit(SETUP_EXCEPT, 0)
			f.pushBlock(fblock{kind: fbExcept})
			f.stmts(h.Body)
			f.fblocks = f.fblocks[:len(f.fblocks)-2]
			f.emit(POP_BLOCK, 0)
			f.emit(POP_EXCEPT, 0)
			f.unbindHandlerName(h.Name)
			ends = append(ends, f.emit(JUMP, 0))
			f.patch(cleanup, f.here())
			f.unbindHandlerName(h.Name)
			f.emit(RERAISE, 0)
			if next >= 0 {
				f.patch(next, f.here())
			}
			continue
		}
		ends = append(ends, f.emit(JUMP, 0))
		if next >= 0 {
			f.patch(next, f.here())
		}
	}
	f.emit(RERAISE, 0)
	f.patchAll(ends, f.here())
}

// tryExceptStar compiles the handlers of a try with except* clauses.
// The handler keeps [orig list rest] on the stack: orig is the exception
// raised in the body, rest what no clause has matched yet, list what the
// clauses raised. Each clause takes the part of rest matching its type
// (CHECK_EG_MATCH); an exception leaving a clause goes to list. At the
// end PREP_RERAISE_STAR combines list and rest into what is raised on,
// as CPython does.
func (f *fn) tryExceptStar(st *syntax.Try) {
	handler := f.emit(SETUP_EXCEPT, 0)
	f.pushBlock(fblock{kind: fbExcept})
	f.stmts(st.Body)
	f.fblocks = f.fblocks[:len(f.fblocks)-1]
	f.emit(POP_BLOCK, 0)
	f.stmts(st.OrElse)
	end := f.emit(JUMP, 0)
	f.patch(handler, f.here())
	f.emit(DUP_TOP, 0)
	f.emit(BUILD_LIST, 0)
	f.emit(ROT_TWO, 0)
	for _, h := range st.Handlers {
		f.at(h)
		f.expr(h.Type)
		f.at(h)
		next := f.emit(CHECK_EG_MATCH, 0)
		if h.Name != "" {
			f.storeName(h.Name)
		} else {
			f.emit(POP_TOP, 0)
		}
		cleanup := f.emit(SETUP_EXCEPT, 0)
		f.pushBlock(fblock{kind: fbExceptStar})
		f.stmts(h.Body)
		f.fblocks = f.fblocks[:len(f.fblocks)-1]
		f.emit(POP_BLOCK, 0)
		if h.Name != "" {
			f.unbindHandlerName(h.Name)
		}
		done := f.emit(JUMP, 0)
		f.patch(cleanup, f.here())
		if h.Name != "" {
			f.unbindHandlerName(h.Name)
		}
		f.emit(LIST_APPEND, 2)
		f.emit(POP_EXCEPT, 0)
		f.patch(done, f.here())
		f.patch(next, f.here())
	}
	f.at(st)
	nothing := f.emit(PREP_RERAISE_STAR, 0)
	f.emit(RERAISE, 0)
	f.patch(nothing, f.here())
	f.emit(POP_EXCEPT, 0)
	f.patch(end, f.here())
}

// unbindHandlerName emits "name = None; del name" for the target of an
// except clause that is being left.
func (f *fn) unbindHandlerName(name string) {
	f.loadConst(nil)
	f.storeName(name)
	f.delName(name)
}

func (f *fn) withStmt(st *syntax.With, i int) {
	if !f.enter(st.Items[i]) {
		return
	}
	defer f.leave()
	item := st.Items[i]
	f.expr(item.ContextExpr)
	f.at(item)
	f.emit(BEFORE_WITH, 0)
	if item.OptionalVars != nil {
		f.store(item.OptionalVars)
	} else {
		f.emit(POP_TOP, 0)
	}
	handler := f.emit(SETUP_EXCEPT, 0)
	f.pushBlock(fblock{kind: fbWith})
	if i+1 < len(st.Items) {
		f.withStmt(st, i+1)
	} else {
		f.stmts(st.Body)
	}
	f.fblocks = f.fblocks[:len(f.fblocks)-1]
	f.emit(POP_BLOCK, 0)
	f.at(st)
	f.emit(WITH_EXIT, 0)
	end := f.emit(JUMP, 0)
	f.patch(handler, f.here())
	f.emit(WITH_EXCEPT, 0)
	sup := f.emit(POP_JUMP_IF_TRUE, 0)
	f.emit(RERAISE, 0)
	f.patch(sup, f.here())
	f.emit(POP_TOP, 0)
	f.emit(POP_EXCEPT, 0)
	f.emit(POP_TOP, 0)
	f.patch(end, f.here())
}

func (f *fn) await() {
	f.emit(GET_AWAITABLE, 0)
	f.loadConst(nil)
	f.emit(YIELD_FROM, 0)
}

func (f *fn) asyncWithStmt(st *syntax.With, i int) {
	if !f.enter(st.Items[i]) {
		return
	}
	defer f.leave()
	item := st.Items[i]
	f.expr(item.ContextExpr)
	f.at(item)
	f.emit(BEFORE_ASYNC_WITH, 0)
	f.await()
	if item.OptionalVars != nil {
		f.store(item.OptionalVars)
	} else {
		f.emit(POP_TOP, 0)
	}
	handler := f.emit(SETUP_EXCEPT, 0)
	f.pushBlock(fblock{kind: fbAsyncWith})
	if i+1 < len(st.Items) {
		f.asyncWithStmt(st, i+1)
	} else {
		f.stmts(st.Body)
	}
	f.fblocks = f.fblocks[:len(f.fblocks)-1]
	f.emit(POP_BLOCK, 0)
	f.at(st)
	f.emit(ASYNC_WITH_EXIT, 0)
	f.await()
	f.emit(POP_TOP, 0)
	end := f.emit(JUMP, 0)
	f.patch(handler, f.here())
	f.emit(ASYNC_WITH_EXCEPT, 0)
	f.await()
	sup := f.emit(POP_JUMP_IF_TRUE, 0)
	f.emit(RERAISE, 0)
	f.patch(sup, f.here())
	f.emit(POP_TOP, 0)
	f.emit(POP_EXCEPT, 0)
	f.emit(POP_TOP, 0)
	f.patch(end, f.here())
}

// ---- functions and classes ----

// annotations builds the annotations dict of a def, reporting whether there
// is one.
func (f *fn) annotations(args *syntax.Arguments, returns syntax.Expr) bool {
	n := 0
	for _, a := range allArgs(args) {
		if a.Annotation != nil {
			f.loadConst(a.Arg)
			f.annotation(a.Annotation)
			n++
		}
	}
	if returns != nil {
		f.loadConst("return")
		f.annotation(returns)
		n++
	}
	if n == 0 {
		return false
	}
	f.emit(BUILD_MAP, n)
	return true
}

func (f *fn) makeFunction(child *fn, args *syntax.Arguments, returnsAnn ...syntax.Expr) {
	flags := 0
	var returns syntax.Expr
	if len(returnsAnn) > 0 {
		returns = returnsAnn[0]
	}
	if args != nil {
		if len(args.Defaults) > 0 {
			for _, d := range args.Defaults {
				f.expr(d)
			}
			f.emit(BUILD_TUPLE, len(args.Defaults))
			flags |= FuncDefaults
		}
		n := 0
		for i, d := range args.KwDefaults {
			if d != nil {
				f.loadConst(args.KwOnlyArgs[i].Arg)
				f.expr(d)
				n++
			}
		}
		if n > 0 {
			f.emit(BUILD_MAP, n)
			flags |= FuncKwDefaults
		}
		if f.annotations(args, returns) {
			flags |= FuncAnnotations
		}
	}
	if len(child.code.FreeNames) > 0 {
		for _, name := range child.code.FreeNames {
			i, ok := f.derefs[name]
			if !ok {
				f.fail("SyntaxError", "internal error: free variable '"+name+"' not found", syntax.Position{Line: int(f.line)})
				return
			}
			f.emit(LOAD_CLOSURE, i)
		}
		f.emit(BUILD_TUPLE, len(child.code.FreeNames))
		flags |= FuncClosure
	}
	f.loadConst(child.code)
	f.emit(MAKE_FUNCTION, flags)
}

func (f *fn) setParams(child *fn, a *syntax.Arguments) {
	c := child.code
	c.PosOnlyCount = len(a.PosOnlyArgs)
	c.ArgCount = len(a.PosOnlyArgs) + len(a.Args)
	c.KwOnlyCount = len(a.KwOnlyArgs)
	if a.VarArg != nil {
		c.Flags |= FlagVarArgs
	}
	if a.KwArg != nil {
		c.Flags |= FlagVarKw
	}
	// VarNames must list parameters in the canonical order: positional,
	// keyword-only, *args, **kwargs.
	params := append(append(append([]*syntax.Arg(nil), a.PosOnlyArgs...), a.Args...), a.KwOnlyArgs...)
	if a.VarArg != nil {
		params = append(params, a.VarArg)
	}
	if a.KwArg != nil {
		params = append(params, a.KwArg)
	}
	ordered := make([]string, len(params))
	seen := map[string]bool{}
	for i, p := range params {
		ordered[i] = p.Arg
		if seen[p.Arg] {
			// CPython blames the later parameter of the two.
			f.failNode("SyntaxError", "duplicate argument '"+p.Arg+"' in function definition", p)
		}
		seen[p.Arg] = true
	}
	if f.err != nil {
		return
	}
	rest := c.VarNames[len(ordered):]
	c.VarNames = append(ordered, rest...)
	for i, n := range c.VarNames {
		child.locals[n] = i
	}
	for i, n := range c.CellNames {
		c.CellParams[i] = -1
		for j, p := range ordered {
			if p == n {
				c.CellParams[i] = j
			}
		}
	}
}

func (f *fn) functionDef(st *syntax.FunctionDef) {
	for _, d := range st.DecoratorList {
		f.expr(d)
	}
	s := f.g.scopes[st]
	child := f.g.newFn(s, st.Name, st.Pos().Line)
	f.setParams(child, st.Args)
	if s.async && s.generator {
		child.code.Flags |= FlagAsyncGenerator
	}
	if doc, ok := docstring(st.Body); ok {
		child.code.Doc = doc
	}
	child.stmts(st.Body)
	child.loadConst(nil)
	child.emit(RETURN_VALUE, 0)
	if child.err != nil {
		f.failErr(child.err)
		return
	}
	f.at(st)
	f.makeFunction(child, st.Args, st.Returns)
	for range st.DecoratorList {
		f.emit(CALL, 1)
	}
	f.storeName(f.s.mangle(st.Name))
}

func (f *fn) lambda(e *syntax.Lambda) {
	s := f.g.scopes[e]
	child := f.g.newFn(s, "<lambda>", e.Pos().Line)
	f.setParams(child, e.Args)
	if s.generator {
		child.code.Flags |= FlagGenerator
	}
	child.expr(e.Body)
	child.emit(RETURN_VALUE, 0)
	if child.err != nil {
		f.failErr(child.err)
		return
	}
	f.at(e)
	f.makeFunction(child, e.Args)
}

func (f *fn) classDef(st *syntax.ClassDef) {
	for _, d := range st.DecoratorList {
		f.expr(d)
	}
	s := f.g.scopes[st]
	child := f.g.newFn(s, st.Name, st.Pos().Line)
	child.code.Flags |= FlagClassBody
	if hasAnnotations(st.Body) {
		child.emit(SETUP_ANNOTATIONS, 0)
	}
	if doc, ok := docstring(st.Body); ok {
		child.loadConst(doc)
		child.emit(STORE_NAME, child.name("__doc__"))
	}
	child.stmts(st.Body)
	if i, ok := child.derefs["__class__"]; ok && s.cells["__class__"] {
		child.emit(LOAD_CLOSURE, i)
	} else {
		child.loadConst(nil)
	}
	child.emit(RETURN_VALUE, 0)
	if child.err != nil {
		f.failErr(child.err)
		return
	}
	f.at(st)
	f.makeFunction(child, nil)
	f.loadConst(st.Name)
	for _, b := range st.Bases {
		if _, ok := b.(*syntax.Starred); ok {
			f.failNode("NotImplementedError", "starred class bases are not supported", b)
		}
		f.expr(b)
	}
	f.at(st)
	if len(st.Keywords) > 0 {
		var names Tuple
		for _, k := range st.Keywords {
			if k.Arg == "" {
				f.failNode("NotImplementedError", "'**' in class keywords is not supported", k)
				return
			}
			f.expr(k.Value)
			names = append(names, k.Arg)
		}
		f.loadConst(names)
		f.emit(BUILD_CLASS_KW, len(st.Bases)+len(st.Keywords))
	} else {
		f.emit(BUILD_CLASS, len(st.Bases))
	}
	for range st.DecoratorList {
		f.emit(CALL, 1)
	}
	f.storeName(f.s.mangle(st.Name))
}

func docstring(body []syntax.Stmt) (string, bool) {
	if len(body) == 0 {
		return "", false
	}
	e, ok := body[0].(*syntax.ExprStmt)
	if !ok {
		return "", false
	}
	c, ok := e.Value.(*syntax.Constant)
	if !ok {
		return "", false
	}
	s, ok := c.Value.(string)
	return s, ok
}

// ---- expressions ----

func (f *fn) exprs(es []syntax.Expr) {
	for _, e := range es {
		f.expr(e)
	}
}

func (f *fn) expr(e syntax.Expr) {
	if !f.enter(e) {
		return
	}
	defer f.leave()
	// Constant folding happens here, bottom-up, as the code is generated:
	// an operation whose operands each compiled to a single LOAD_CONST is
	// evaluated now when its result is small (see foldBinOp), and its code
	// replaced by one LOAD_CONST. Each node is folded once, so folding is
	// linear in the size of the expression.
	switch e := e.(type) {
	case *syntax.Constant:
		if foldable(e.Value) {
			f.loadConst(e.Value)
			return
		}
	case *syntax.UnaryOp:
		m := f.mark()
		f.at(e)
		f.expr(e.Operand)
		if f.constsSince(m, 1) {
			if r, ok := foldUnaryOp(e.Op, f.constAt(m.instrs)); ok {
				f.replaceWithConst(m, r)
				return
			}
		}
		f.at(e)
		f.emit(UNARY_OP, int(e.Op))
		return
	case *syntax.BinOp:
		m := f.mark()
		f.at(e)
		f.expr(e.Left)
		f.expr(e.Right)
		if f.constsSince(m, 2) {
			if r, ok := foldBinOp(e.Op, f.constAt(m.instrs), f.constAt(m.instrs+1)); ok {
				f.replaceWithConst(m, r)
				return
			}
		}
		f.at(e)
		f.emit(BINARY_OP, int(e.Op))
		return
	case *syntax.Tuple:
		if e.Ctx == syntax.Load && !hasStar(e.Elts) {
			m := f.mark()
			f.at(e)
			f.exprs(e.Elts)
			if f.constsSince(m, len(e.Elts)) {
				f.replaceWithConst(m, Tuple(f.constValues(m, make(Tuple, 0, len(e.Elts)))))
				return
			}
			f.emit(BUILD_TUPLE, len(e.Elts))
			return
		}
	}
	f.at(e)
	switch e := e.(type) {
	case *syntax.Constant:
		v := e.Value
		switch x := v.(type) {
		case syntax.Bytes:
			v = Bytes(x)
		case syntax.EllipsisType:
			v = Ellipsis{}
		}
		f.loadConst(v)
	case *syntax.Name:
		f.loadName(e.Id)
	case *syntax.Attribute:
		f.expr(e.Value)
		f.at(e)
		f.emit(LOAD_ATTR, f.name(e.Attr))
	case *syntax.Subscript:
		f.expr(e.Value)
		f.subscriptIndex(e.Slice)
		f.at(e)
		f.emit(BINARY_SUBSCR, 0)
	case *syntax.BoolOp:
		var ends []int
		op := JUMP_IF_FALSE_OR_POP
		if e.Op == syntax.Or {
			op = JUMP_IF_TRUE_OR_POP
		}
		for i, v := range e.Values {
			f.expr(v)
			if i < len(e.Values)-1 {
				ends = append(ends, f.emit(op, 0))
			}
		}
		f.patchAll(ends, f.here())
	case *syntax.Compare:
		f.compare(e)
	case *syntax.IfExp:
		els := f.jumpIf(e.Test, false)
		f.expr(e.Body)
		end := f.emit(JUMP, 0)
		f.patchAll(els, f.here())
		f.expr(e.OrElse)
		f.patch(end, f.here())
	case *syntax.Call:
		f.call(e)
	case *syntax.Tuple:
		if e.Ctx != syntax.Load {
			f.failNode("SyntaxError", "invalid tuple context", e)
		}
		f.sequence(e.Elts, BUILD_TUPLE)
	case *syntax.List:
		f.sequence(e.Elts, BUILD_LIST)
	case *syntax.Set:
		if hasStar(e.Elts) {
			f.sequence(e.Elts, BUILD_SET)
			break
		}
		m := f.mark()
		f.exprs(e.Elts)
		// A set of three or more constants is built from one tuple
		// constant, which replaces the LOAD_CONSTs.
		if n := len(e.Elts); n > 2 {
			if f.constsSince(m, n) {
				f.replaceWith(m, BUILD_CONST_SET, Tuple(f.constValues(m, make(Tuple, 0, n))))
				break
			}
		}
		f.emit(BUILD_SET, len(e.Elts))
	case *syntax.Dict:
		f.dict(e)
	case *syntax.ListComp, *syntax.SetComp, *syntax.DictComp, *syntax.GeneratorExp:
		f.comprehension(e)
	case *syntax.Lambda:
		f.lambda(e)
	case *syntax.NamedExpr:
		f.expr(e.Value)
		f.emit(DUP_TOP, 0)
		f.store(e.Target)
	case *syntax.JoinedStr:
		f.joinedStr(e)
	case *syntax.FormattedValue:
		f.formattedValue(e)
	case *syntax.Await:
		if !f.canAwait() {
			if f.s.kind == comprehensionScope {
				// The comprehension is asynchronous, as CPython names it,
				// and underlines it whole.
				f.failNode("SyntaxError", "asynchronous comprehension outside of an asynchronous function", f.s.node)
			} else if f.s.kind == moduleScope || f.s.kind == classScope {
				f.failNode("SyntaxError", "'await' outside function", e)
			} else {
				f.failNode("SyntaxError", "'await' outside async function", e)
			}
		}
		f.expr(e.Value)
		f.at(e)
		f.emit(GET_AWAITABLE, 0)
		f.loadConst(nil)
		f.emit(YIELD_FROM, 0)
	case *syntax.Yield:
		if !f.s.isFunctionLike() {
			f.failNode("SyntaxError", "'yield' outside function", e)
		}
		if e.Value != nil {
			f.expr(e.Value)
		} else {
			f.loadConst(nil)
		}
		f.at(e)
		f.emit(YIELD_VALUE, 0)
	case *syntax.YieldFrom:
		if !f.s.isFunctionLike() {
			f.failNode("SyntaxError", "'yield' outside function", e)
		}
		if f.s.async {
			f.failNode("SyntaxError", "'yield from' inside async function", e)
		}
		f.expr(e.Value)
		f.at(e)
		f.emit(GET_YIELD_FROM_ITER, 0)
		f.loadConst(nil)
		f.emit(YIELD_FROM, 0)
	case *syntax.Starred:
		f.failNode("SyntaxError", "can't use starred expression here", e)
	case *syntax.Slice:
		f.sliceExpr(e)
	default:
		f.failNode("NotImplementedError", fmt.Sprintf("expression %T is not supported", e), e)
	}
}

func (f *fn) canAwait() bool {
	s := f.s
	for s.kind == comprehensionScope {
		if s.generator && s.hasAwait {
			return true // inside an asynchronous generator expression
		}
		s = s.parent
	}
	if s.kind == moduleScope {
		return f.g.opts.Snippet
	}
	return s.async
}

func (f *fn) subscriptIndex(e syntax.Expr) {
	if sl, ok := e.(*syntax.Slice); ok {
		f.sliceExpr(sl)
		return
	}
	f.expr(e)
}

func (f *fn) sliceExpr(sl *syntax.Slice) {
	for _, p := range []syntax.Expr{sl.Lower, sl.Upper} {
		if p == nil {
			f.loadConst(nil)
		} else {
			f.expr(p)
		}
	}
	if sl.Step != nil {
		f.expr(sl.Step)
		f.emit(BUILD_SLICE, 3)
	} else {
		f.emit(BUILD_SLICE, 2)
	}
}

func (f *fn) compare(e *syntax.Compare) {
	f.warnIsLiteral(e)
	f.expr(e.Left)
	n := len(e.Ops)
	var cleanup []int
	for i, op := range e.Ops {
		f.expr(e.Comparators[i])
		if i < n-1 {
			f.emit(DUP_TOP, 0)
			f.emit(ROT_THREE, 0)
		}
		f.at(e)
		f.cmpOp(op)
		if i < n-1 {
			cleanup = append(cleanup, f.emit(JUMP_IF_FALSE_OR_POP, 0))
		}
	}
	if n > 1 {
		end := f.emit(JUMP, 0)
		f.patchAll(cleanup, f.here())
		f.emit(ROT_TWO, 0)
		f.emit(POP_TOP, 0)
		f.patch(end, f.here())
	}
}

// warnIsLiteral is CPython's check_compare: "is" or "is not" with an operand
// that is a constant other than None, True, False and ... (after CPython's
// constant folding: -1, (1, 2), 'a' 'b') draws one SyntaxWarning per comparison.
func (f *fn) warnIsLiteral(e *syntax.Compare) {
	left := !literalOperand(e.Left)
	for i, op := range e.Ops {
		right := !literalOperand(e.Comparators[i])
		if (op == syntax.Is || op == syntax.IsNot) && (!left || !right) {
			msg := `"is" with a literal. Did you mean "=="?`
			if op == syntax.IsNot {
				msg = `"is not" with a literal. Did you mean "!="?`
			}
			f.g.warnings = append(f.g.warnings, Warning{Line: e.Pos().Line, Msg: msg})
			return
		}
		left = right
	}
}

// literalOperand reports whether e folds to a constant that is not a
// singleton (None, True, False, ...): what CPython's "is" check warns about.
func literalOperand(e syntax.Expr) bool {
	v, ok := foldedConstant(e, 0)
	if !ok {
		return false
	}
	switch v.(type) {
	case nil, bool, syntax.EllipsisType:
		return false
	}
	return true
}

// foldedConstant is e's value when CPython's AST optimizer makes e a
// constant: a literal, a sign or ~ on a number, arithmetic of constants, a
// tuple of constants.
func foldedConstant(e syntax.Expr, depth int) (any, bool) {
	if depth > 20 {
		return nil, false
	}
	switch e := e.(type) {
	case *syntax.Constant:
		return e.Value, true
	case *syntax.UnaryOp:
		v, ok := foldedConstant(e.Operand, depth+1)
		if !ok {
			return nil, false
		}
		switch e.Op {
		case syntax.USub, syntax.UAdd, syntax.Invert:
			switch v.(type) {
			case int64, float64, *big.Int, bool, complex128:
				return v, true
			}
		case syntax.Not:
			return false, true
		}
	case *syntax.BinOp:
		l, lok := foldedConstant(e.Left, depth+1)
		r, rok := foldedConstant(e.Right, depth+1)
		if lok && rok && l != nil && r != nil {
			return l, true
		}
	case *syntax.Tuple:
		for _, x := range e.Elts {
			if _, ok := foldedConstant(x, depth+1); !ok {
				return nil, false
			}
		}
		return Tuple(nil), true
	}
	return nil, false
}

func (f *fn) cmpOp(op syntax.CmpOperator) {
	switch op {
	case syntax.Is:
		f.emit(IS_OP, 0)
	case syntax.IsNot:
		f.emit(IS_OP, 1)
	case syntax.In:
		f.emit(CONTAINS_OP, 0)
	case syntax.NotIn:
		f.emit(CONTAINS_OP, 1)
	default:
		f.emit(COMPARE_OP, int(op))
	}
}

func hasStar(es []syntax.Expr) bool {
	for _, e := range es {
		if _, ok := e.(*syntax.Starred); ok {
			return true
		}
	}
	return false
}

func (f *fn) sequence(elts []syntax.Expr, build Op) { f.sequenceOf(elts, build, 0) }

// sequenceOf is sequence; flags (CallArgs) mark the positional arguments
// of a call, whose * errors name the callee.
func (f *fn) sequenceOf(elts []syntax.Expr, build Op, flags int) {
	if !hasStar(elts) {
		f.exprs(elts)
		f.emit(build, len(elts))
		return
	}
	if len(elts) != 1 {
		// CPython names the callee only for a lone f(*x), which it
		// passes as is; any other list of arguments is built first,
		// and its error says "Value after *".
		flags &^= CallArgs
	}
	container, add, extend := BUILD_LIST, LIST_APPEND, LIST_EXTEND
	if build == BUILD_SET {
		container, add, extend = BUILD_SET, SET_ADD, SET_UPDATE
	}
	f.emit(container, 0)
	for _, e := range elts {
		if s, ok := e.(*syntax.Starred); ok {
			f.expr(s.Value)
			f.at(s)
			f.emit(extend, 1|flags)
		} else {
			f.expr(e)
			f.emit(add, 1)
		}
	}
	if build == BUILD_TUPLE {
		f.emit(LIST_TO_TUPLE, 0)
	}
}

func (f *fn) dict(e *syntax.Dict) {
	hasSplat := false
	for _, k := range e.Keys {
		if k == nil {
			hasSplat = true
		}
	}
	if !hasSplat {
		for i := range e.Keys {
			f.expr(e.Keys[i])
			f.expr(e.Values[i])
		}
		f.at(e)
		f.emit(BUILD_MAP, len(e.Keys))
		return
	}
	f.emit(BUILD_MAP, 0)
	for i, k := range e.Keys {
		if k == nil {
			f.expr(e.Values[i])
			f.at(e.Values[i])
			f.emit(DICT_UPDATE, 1)
		} else {
			f.expr(k)
			f.expr(e.Values[i])
			f.emit(MAP_ADD, 1)
		}
	}
}

func (f *fn) call(e *syntax.Call) {
	simple := !hasStar(e.Args)
	for _, k := range e.Keywords {
		if k.Arg == "" {
			simple = false
		}
	}
	// Zero-argument super() becomes super(__class__, <first argument>).
	if n, ok := e.Func.(*syntax.Name); ok && n.Id == "super" && len(e.Args) == 0 && len(e.Keywords) == 0 {
		if ci, ok := f.derefs["__class__"]; ok && f.s.frees["__class__"] && len(f.s.params) > 0 && f.s.kind == functionScope {
			f.loadName("super")
			f.emit(LOAD_DEREF, ci)
			f.loadName(f.code.VarNames[0])
			f.at(e)
			f.emit(CALL, 2)
			return
		}
	}
	if attr, ok := e.Func.(*syntax.Attribute); ok && simple {
		f.expr(attr.Value)
		f.at(attr)
		f.emit(LOAD_METHOD, f.name(attr.Attr))
		f.exprs(e.Args)
		if len(e.Keywords) > 0 {
			names := f.keywords(e.Keywords)
			f.at(e)
			f.emit(CALL_METHOD_KW, len(e.Args)+len(names))
		} else {
			f.at(e)
			f.emit(CALL_METHOD, len(e.Args))
		}
		return
	}
	f.expr(e.Func)
	if simple {
		f.exprs(e.Args)
		if len(e.Keywords) > 0 {
			names := f.keywords(e.Keywords)
			f.at(e)
			f.emit(CALL_KW, len(e.Args)+len(names))
		} else {
			f.at(e)
			f.emit(CALL, len(e.Args))
		}
		return
	}
	f.sequenceOf(e.Args, BUILD_TUPLE, CallArgs)
	if !hasStar(e.Args) {
		// sequence emitted BUILD_TUPLE directly.
	}
	hasKw := 0
	if len(e.Keywords) > 0 {
		hasKw = 1
		f.emit(BUILD_MAP, 0)
		for _, k := range e.Keywords {
			if k.Arg == "" {
				f.expr(k.Value)
				f.at(k)
				f.emit(DICT_MERGE, 1)
			} else {
				f.loadConst(k.Arg)
				f.expr(k.Value)
				f.emit(BUILD_MAP, 1)
				f.emit(DICT_MERGE, 1)
			}
		}
	}
	f.at(e)
	f.emit(CALL_EX, hasKw)
}

func (f *fn) keywords(kws []*syntax.Keyword) Tuple {
	var names Tuple
	seen := map[string]bool{}
	for _, k := range kws {
		if seen[k.Arg] {
			f.failNode("SyntaxError", "keyword argument repeated: "+k.Arg, k)
		}
		seen[k.Arg] = true
		f.expr(k.Value)
		names = append(names, k.Arg)
	}
	f.loadConst(names)
	return names
}

func (f *fn) comprehension(e syntax.Expr) {
	s := f.g.scopes[e]
	var gens []*syntax.Comprehension
	switch e := e.(type) {
	case *syntax.ListComp:
		gens = e.Generators
	case *syntax.SetComp:
		gens = e.Generators
	case *syntax.DictComp:
		gens = e.Generators
	case *syntax.GeneratorExp:
		gens = e.Generators
	}
	child := f.g.newFn(s, s.name, e.Pos().Line)
	child.code.ArgCount = 1
	child.line = int32(e.Pos().Line)
	_, genexp := e.(*syntax.GeneratorExp)
	if genexp && child.code.Flags&FlagCoroutine != 0 {
		// (x async for x in it), (await f(x) for x in xs): an
		// asynchronous generator, as CPython makes it.
		child.code.Flags |= FlagAsyncGenerator
	}
	switch e.(type) {
	case *syntax.ListComp:
		child.emit(BUILD_LIST, 0)
	case *syntax.SetComp:
		child.emit(BUILD_SET, 0)
	case *syntax.DictComp:
		child.emit(BUILD_MAP, 0)
	}
	child.compLoop(e, gens, 0)
	if genexp {
		child.loadConst(nil)
	}
	child.emit(RETURN_VALUE, 0)
	if child.err != nil {
		f.failErr(child.err)
		return
	}
	f.makeFunction(child, nil)
	f.expr(gens[0].Iter)
	f.at(e)
	if gens[0].IsAsync {
		f.emit(GET_AITER, 0)
	} else {
		f.emit(GET_ITER, 0)
	}
	f.emit(CALL, 1)
	if child.code.Flags&FlagCoroutine != 0 && !genexp {
		if !f.canAwait() {
			f.failNode("SyntaxError", "asynchronous comprehension outside of an asynchronous function", e)
		}
		f.emit(GET_AWAITABLE, 0)
		f.loadConst(nil)
		f.emit(YIELD_FROM, 0)
	}
}

// compLoop emits the loops of a comprehension; depth counts the iterators
// on the stack above the result container.
func (f *fn) compLoop(e syntax.Expr, gens []*syntax.Comprehension, i int) {
	if !f.enter(gens[i]) {
		return
	}
	defer f.leave()
	g := gens[i]
	if i == 0 {
		f.emit(LOAD_FAST, f.local(".0"))
	} else {
		f.expr(g.Iter)
		f.at(g)
		if g.IsAsync {
			f.emit(GET_AITER, 0)
		} else {
			f.emit(GET_ITER, 0)
		}
	}
	var top, handler int
	if g.IsAsync {
		top = f.here()
		handler = f.emit(SETUP_EXCEPT, 0)
		f.emit(GET_ANEXT, 0)
		f.await()
		f.emit(POP_BLOCK, 0)
	} else {
		top = f.emit(FOR_ITER, 0)
	}
	f.store(g.Target)
	var skips []int
	for _, cond := range g.Ifs {
		skips = append(skips, f.jumpIf(cond, false)...)
	}
	if i+1 < len(gens) {
		f.compLoop(e, gens, i+1)
	} else {
		depth := len(gens) + 1
		switch e := e.(type) {
		case *syntax.ListComp:
			f.expr(e.Elt)
			f.emit(LIST_APPEND, depth)
		case *syntax.SetComp:
			f.expr(e.Elt)
			f.emit(SET_ADD, depth)
		case *syntax.DictComp:
			f.expr(e.Key)
			f.expr(e.Value)
			f.emit(MAP_ADD, depth)
		case *syntax.GeneratorExp:
			f.expr(e.Elt)
			f.emit(YIELD_VALUE, 0)
			f.emit(POP_TOP, 0)
		}
	}
	f.patchAll(skips, top)
	f.emit(JUMP, top)
	if g.IsAsync {
		f.patch(handler, f.here())
		f.emit(END_ASYNC_FOR, 0)
	} else {
		f.patch(top, f.here())
	}
}

func (f *fn) joinedStr(e *syntax.JoinedStr) {
	n := 0
	for _, v := range e.Values {
		if c, ok := v.(*syntax.Constant); ok {
			if s, _ := c.Value.(string); s == "" {
				continue
			}
			f.loadConst(c.Value)
		} else {
			f.expr(v)
		}
		n++
	}
	if n == 1 {
		if _, ok := e.Values[len(e.Values)-1].(*syntax.Constant); ok {
			return
		}
	}
	f.emit(BUILD_STRING, n)
}

func (f *fn) formattedValue(e *syntax.FormattedValue) {
	f.expr(e.Value)
	flags := 0
	switch e.Conversion {
	case syntax.ConvStr:
		flags = 1
	case syntax.ConvRepr:
		flags = 2
	case syntax.ConvASCII:
		flags = 3
	}
	if e.FormatSpec != nil {
		f.expr(e.FormatSpec)
		flags |= 4
	}
	f.at(e)
	f.emit(FORMAT_VALUE, flags)
}

// ---- constant folding ----

// mark is a point in the code being generated, to which folding rewinds.
type mark struct {
	instrs, consts int
	line           int32
	span           Span
}

func (f *fn) mark() mark {
	return mark{instrs: len(f.code.Instrs), consts: len(f.code.Consts), line: f.line, span: f.span}
}

// constsSince reports whether the code generated after m is exactly n
// LOAD_CONSTs of foldable values.
func (f *fn) constsSince(m mark, n int) bool {
	instrs := f.code.Instrs[m.instrs:]
	if len(instrs) != n || f.err != nil {
		return false
	}
	for _, in := range instrs {
		if Op(in&0xff) != LOAD_CONST || !foldable(f.code.Consts[in>>8]) {
			return false
		}
	}
	return true
}

// constValues appends to dst the values loaded by the code generated after
// m, which constsSince accepted.
func (f *fn) constValues(m mark, dst []any) []any {
	for i := m.instrs; i < len(f.code.Instrs); i++ {
		dst = append(dst, f.constAt(i))
	}
	return dst
}

// constAt is the value loaded by LOAD_CONST instruction i.
func (f *fn) constAt(i int) any { return f.code.Consts[f.code.Instrs[i]>>8] }

// replaceWithConst drops the code generated after m, and the constants it
// added, and loads v instead, where and as the dropped code started.
func (f *fn) replaceWithConst(m mark, v any) {
	f.rewind(m)
	f.loadConst(v)
}

// replaceWith is replaceWithConst for an instruction op whose argument is
// the index of constant v.
func (f *fn) replaceWith(m mark, op Op, v any) {
	f.rewind(m)
	f.emit(op, f.constIndex(v))
}

func (f *fn) rewind(m mark) {
	f.code.Instrs = f.code.Instrs[:m.instrs]
	f.code.Lines = f.code.Lines[:m.instrs]
	f.code.Spans = f.code.Spans[:m.instrs]
	for _, c := range f.code.Consts[m.consts:] {
		if k, ok := keyOf(c); ok {
			delete(f.consts, k)
		}
	}
	clear(f.code.Consts[m.consts:])
	f.code.Consts = f.code.Consts[:m.consts]
	f.line, f.span = m.line, m.span
}

// foldable reports whether v is a constant that folding may combine:
// numbers, str, None, bools and tuples of them. A folded value is never
// larger than the source that spelled it (see foldBinOp): anything that
// could be large is left to the VM, which charges memory for it.
func foldable(v any) bool {
	switch v.(type) {
	case int64, float64, string, nil, bool, *big.Int, Tuple:
		return true
	}
	return false
}

// foldUnaryOp evaluates -x and +x for a number x.
func foldUnaryOp(op syntax.UnaryOperator, v any) (any, bool) {
	switch op {
	case syntax.USub:
		switch x := v.(type) {
		case int64:
			if x != math.MinInt64 {
				return -x, true
			}
		case float64:
			return -x, true
		case *big.Int:
			r := new(big.Int).Neg(x)
			if r.IsInt64() {
				return r.Int64(), true
			}
			return r, true
		}
	case syntax.UAdd:
		switch v.(type) {
		case int64, float64:
			return v, true
		}
	}
	return nil, false
}

// foldBinOp evaluates int arithmetic that stays within 64 bits and float
// arithmetic: results no larger than their operands. Powers, shifts and
// sequence repetition ('a' * 10**9, 2 ** 10**10) are never folded.
func foldBinOp(op syntax.Operator, l, r any) (any, bool) {
	a, aok := l.(int64)
	b, bok := r.(int64)
	if aok && bok {
		switch op {
		case syntax.Add:
			if s := a + b; (s > a) == (b > 0) {
				return s, true
			}
		case syntax.Sub:
			if s := a - b; (s < a) == (b > 0) {
				return s, true
			}
		case syntax.Mult:
			if a == 0 || b == 0 {
				return int64(0), true
			}
			if p := a * b; p/b == a && !(a == -1 && b == math.MinInt64) && !(b == -1 && a == math.MinInt64) {
				return p, true
			}
		}
		return nil, false
	}
	x, xok := toFloat(l)
	y, yok := toFloat(r)
	_, lf := l.(float64)
	_, rf := r.(float64)
	if xok && yok && (lf || rf) {
		switch op {
		case syntax.Add:
			return x + y, true
		case syntax.Sub:
			return x - y, true
		case syntax.Mult:
			return x * y, true
		case syntax.Div:
			if y != 0 {
				return x / y, true
			}
		}
	}
	return nil, false
}

// foldLiteral evaluates the literal of a mapping pattern key: a constant,
// a negated number or a complex literal (which the parser limits to a
// few nodes).
func foldLiteral(e syntax.Expr) (any, bool) {
	switch e := e.(type) {
	case *syntax.Constant:
		return e.Value, foldable(e.Value)
	case *syntax.UnaryOp:
		if c, ok := e.Operand.(*syntax.Constant); ok {
			return foldUnaryOp(e.Op, c.Value)
		}
	case *syntax.BinOp:
		if _, nested := e.Left.(*syntax.BinOp); nested {
			return nil, false
		}
		l, lok := foldLiteral(e.Left)
		r, rok := foldLiteral(e.Right)
		if lok && rok {
			return foldBinOp(e.Op, l, r)
		}
	}
	return nil, false
}

func toFloat(v any) (float64, bool) {
	switch v := v.(type) {
	case int64:
		if v > -(1<<53) && v < 1<<53 {
			return float64(v), true
		}
	case float64:
		return v, true
	}
	return 0, false
}

var _ = sort.Strings
