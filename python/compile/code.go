// Package compile resolves the scopes of a parsed Python module and
// compiles it to bytecode: one Code object per module, function, lambda,
// comprehension and class body.
package compile

import (
	"fmt"
	"math/big"
)

// Op is a bytecode operation. An instruction is a uint32: the Op in the low
// 8 bits and the argument in the upper 24.
type Op uint8

// Bytecode operations. Stack effects are noted as [before] -> [after], top
// of stack last.
const (
	NOP Op = iota
	POP_TOP
	DUP_TOP
	DUP_TOP_TWO
	ROT_TWO
	ROT_THREE
	ROT_FOUR
	LOAD_CONST   // arg: const index
	LOAD_FAST    // arg: local index
	STORE_FAST   //
	DELETE_FAST  //
	LOAD_DEREF   // arg: index into cells+frees
	STORE_DEREF  //
	DELETE_DEREF //
	LOAD_CLOSURE // pushes the cell itself
	LOAD_CLASSDEREF
	LOAD_GLOBAL // arg: name index
	STORE_GLOBAL
	DELETE_GLOBAL
	LOAD_NAME // class bodies: namespace, then globals, then builtins
	STORE_NAME
	DELETE_NAME
	LOAD_ATTR  // [obj] -> [obj.name]
	STORE_ATTR // [value obj] -> []
	DELETE_ATTR
	LOAD_METHOD    // [obj] -> [callable self-or-null]
	CALL_METHOD    // arg: argc; [callable self a1..an] -> [result]
	CALL_METHOD_KW // arg: argc incl. keywords; [callable self a1..an names] -> [result]
	BINARY_OP      // arg: syntax.Operator
	INPLACE_OP     // arg: syntax.Operator
	UNARY_OP       // arg: syntax.UnaryOperator
	COMPARE_OP     // arg: syntax.CmpOperator (Eq..GtE)
	IS_OP          // arg: 1 = "is not"
	CONTAINS_OP    // arg: 1 = "not in"
	BINARY_SUBSCR  // [obj key] -> [obj[key]]
	STORE_SUBSCR   // [value obj key] -> []
	DELETE_SUBSCR  // [obj key] -> []
	BUILD_SLICE    // arg: 2 or 3
	BUILD_TUPLE    // arg: n
	BUILD_LIST
	BUILD_SET
	BUILD_MAP   // arg: n pairs [k1 v1 .. kn vn]
	LIST_APPEND // arg: depth of the list below the item
	SET_ADD
	MAP_ADD     // [.. map .. k v]
	LIST_EXTEND // arg: depth (DepthMask), CallArgs; [.. list .. iterable]
	SET_UPDATE
	DICT_UPDATE // display {**m}
	DICT_MERGE  // call f(**m): duplicate keys are errors
	LIST_TO_TUPLE
	UNPACK_SEQUENCE // arg: n
	UNPACK_EX       // arg: before | after<<8
	JUMP            // arg: target
	POP_JUMP_IF_FALSE
	POP_JUMP_IF_TRUE
	JUMP_IF_FALSE_OR_POP
	JUMP_IF_TRUE_OR_POP
	GET_ITER
	FOR_ITER      // arg: exit target; [iter] -> [iter value] or [] and jump
	CALL          // arg: argc
	CALL_KW       // arg: argc incl. keywords; names tuple on top
	CALL_EX       // arg: 1 if a kwargs dict is present; [f args kwargs?]
	MAKE_FUNCTION // arg: flags; [defaults? kwdefaults? closure? code]
	RETURN_VALUE
	YIELD_VALUE
	GET_YIELD_FROM_ITER
	YIELD_FROM // [iter sent] -> [result]
	GET_AWAITABLE
	SETUP_EXCEPT // arg: handler target; handlers start with [exc] pushed
	POP_BLOCK
	POP_EXCEPT
	RERAISE               // [exc] -> raise exc unchanged
	RAISE                 // arg: 0 (bare), 1 (exc), 2 (exc cause)
	JUMP_IF_NOT_EXC_MATCH // arg: target; [exc type] -> [exc]
	BEFORE_WITH           // [mgr] -> [exit enter_result]
	WITH_EXIT             // [exit] -> [] calling exit(None, None, None)
	WITH_EXCEPT           // [exit exc] -> [exit exc suppress]
	BUILD_CLASS           // arg: nbases; [bodyfn name bases.. ] -> [class]
	BUILD_CLASS_KW        // arg: nbases+nkw; [bodyfn name bases.. kwvalues.. names]
	IMPORT_NAME           // arg: name index; pushes the module
	IMPORT_FROM           // arg: name index; [module] -> [module attr]
	FORMAT_VALUE          // arg: conversion(0 none,1 s,2 r,3 a) | 4 if spec; [value spec?] -> [str]
	BUILD_STRING          // arg: n
	LOAD_ASSERTION_ERROR
	SETUP_ANNOTATIONS
	BEFORE_ASYNC_WITH // [mgr] -> [exit awaitable_of_aenter]
	ASYNC_WITH_EXIT   // [exit] -> [awaitable] calling exit(None, None, None)
	ASYNC_WITH_EXCEPT // [exit exc] -> [exit exc awaitable]
	BUILD_CONST_SET   // arg: const index of a tuple; builds the set as CPython does for a constant display
	GET_AITER         // [obj] -> [async iterator]
	GET_ANEXT         // [aiter] -> [aiter awaitable]
	END_ASYNC_FOR     // [aiter exc] -> [] on StopAsyncIteration, else re-raise
	IMPORT_STAR       // [module] -> [] binding its public names
	// Structural pattern matching (match statements); implemented by
	// vm.(*Thread).matchOp in python/vm/match.go.
	MATCH_CLASS            // arg: number of positional sub-patterns; [subject cls kwnames] -> [attrs-tuple or None]
	MATCH_MAPPING          // [subject] -> [subject bool]
	MATCH_SEQUENCE         // [subject] -> [subject bool]
	MATCH_KEYS             // [subject keys] -> [subject keys values-tuple or None]
	COPY_DICT_WITHOUT_KEYS // [subject keys] -> [subject rest-dict]
	GET_LEN                // [obj] -> [obj len(obj)]
	// except* (exception groups).
	CHECK_EG_MATCH    // arg: target; [rest type] -> [rest' match], or [rest] and jump when nothing matches
	PREP_RERAISE_STAR // arg: target; [orig list rest] -> [exc to raise], or [] and jump when nothing is left
	// Superinstructions: the VM rewrites a pair of instructions into one
	// when it loads code (vm.NewCode); the compiler never emits them. The
	// fused op replaces the first of the pair, the second stays in place
	// (a jump may still land on it) and supplies its own argument.
	LOAD_FAST_LOAD_FAST      // LOAD_FAST a; LOAD_FAST b
	LOAD_FAST_LOAD_CONST     // LOAD_FAST a; LOAD_CONST k
	STORE_FAST_LOAD_FAST     // STORE_FAST a; LOAD_FAST b
	BINARY_OP_CONST          // LOAD_CONST k; BINARY_OP op
	COMPARE_OP_JUMP_IF_FALSE // COMPARE_OP cmp; POP_JUMP_IF_FALSE target
	COMPARE_OP_JUMP_IF_TRUE  // COMPARE_OP cmp; POP_JUMP_IF_TRUE target
	// Three and four: the first instruction fused with a pair that
	// follows (itself fused), which stays in place. The general loop runs
	// the first as its own instruction (LOAD_FAST, LOAD_FAST_LOAD_CONST)
	// and goes on with the pair; the fast loop runs them all at once.
	LOAD_FAST_BINARY_OP_CONST    // LOAD_FAST a; BINARY_OP_CONST (LOAD_CONST k; BINARY_OP op)
	LOAD_FAST_CONST_COMPARE_JUMP // LOAD_FAST_LOAD_CONST a k; COMPARE_OP_JUMP_IF_* cmp target
	// BINARY_OP op; BINARY_OP_CONST (LOAD_CONST k; BINARY_OP op2): i * i % 7,
	// whose intermediate the fast loop keeps unboxed.
	BINARY_OP_BINARY_OP_CONST
	CONST_COMPARE_JUMP // LOAD_CONST k; COMPARE_OP_JUMP_IF_* cmp target (x % 2 == 0, len(b) == 64)
	// BUILD_LIST 0 with room for what the iterator in local 0 has left:
	// the first instruction of a list comprehension that appends one item
	// per item (the vm's quickening puts it there, never the compiler).
	BUILD_LIST_ROOM
	numOps
)

var opNames = [...]string{
	"NOP", "POP_TOP", "DUP_TOP", "DUP_TOP_TWO", "ROT_TWO", "ROT_THREE", "ROT_FOUR",
	"LOAD_CONST", "LOAD_FAST", "STORE_FAST", "DELETE_FAST", "LOAD_DEREF", "STORE_DEREF",
	"DELETE_DEREF", "LOAD_CLOSURE", "LOAD_CLASSDEREF", "LOAD_GLOBAL", "STORE_GLOBAL",
	"DELETE_GLOBAL", "LOAD_NAME", "STORE_NAME", "DELETE_NAME", "LOAD_ATTR", "STORE_ATTR",
	"DELETE_ATTR", "LOAD_METHOD", "CALL_METHOD", "CALL_METHOD_KW", "BINARY_OP", "INPLACE_OP",
	"UNARY_OP", "COMPARE_OP", "IS_OP", "CONTAINS_OP", "BINARY_SUBSCR", "STORE_SUBSCR",
	"DELETE_SUBSCR", "BUILD_SLICE", "BUILD_TUPLE", "BUILD_LIST", "BUILD_SET", "BUILD_MAP",
	"LIST_APPEND", "SET_ADD", "MAP_ADD", "LIST_EXTEND", "SET_UPDATE", "DICT_UPDATE",
	"DICT_MERGE", "LIST_TO_TUPLE", "UNPACK_SEQUENCE", "UNPACK_EX", "JUMP", "POP_JUMP_IF_FALSE",
	"POP_JUMP_IF_TRUE", "JUMP_IF_FALSE_OR_POP", "JUMP_IF_TRUE_OR_POP", "GET_ITER", "FOR_ITER",
	"CALL", "CALL_KW", "CALL_EX", "MAKE_FUNCTION", "RETURN_VALUE", "YIELD_VALUE",
	"GET_YIELD_FROM_ITER", "YIELD_FROM", "GET_AWAITABLE", "SETUP_EXCEPT", "POP_BLOCK",
	"POP_EXCEPT", "RERAISE", "RAISE", "JUMP_IF_NOT_EXC_MATCH", "BEFORE_WITH", "WITH_EXIT",
	"WITH_EXCEPT", "BUILD_CLASS", "BUILD_CLASS_KW", "IMPORT_NAME", "IMPORT_FROM",
	"FORMAT_VALUE", "BUILD_STRING", "LOAD_ASSERTION_ERROR", "SETUP_ANNOTATIONS",
	"BEFORE_ASYNC_WITH", "ASYNC_WITH_EXIT", "ASYNC_WITH_EXCEPT", "BUILD_CONST_SET",
	"GET_AITER", "GET_ANEXT", "END_ASYNC_FOR", "IMPORT_STAR",
	"MATCH_CLASS", "MATCH_MAPPING", "MATCH_SEQUENCE", "MATCH_KEYS", "COPY_DICT_WITHOUT_KEYS",
	"GET_LEN", "CHECK_EG_MATCH", "PREP_RERAISE_STAR", "LOAD_FAST_LOAD_FAST", "LOAD_FAST_LOAD_CONST", "STORE_FAST_LOAD_FAST",
	"BINARY_OP_CONST", "COMPARE_OP_JUMP_IF_FALSE", "COMPARE_OP_JUMP_IF_TRUE",
	"LOAD_FAST_BINARY_OP_CONST", "LOAD_FAST_CONST_COMPARE_JUMP", "BINARY_OP_BINARY_OP_CONST",
	"CONST_COMPARE_JUMP", "BUILD_LIST_ROOM",
}

// String returns the operation's name.
func (op Op) String() string {
	if int(op) < len(opNames) {
		return opNames[op]
	}
	return fmt.Sprintf("Op(%d)", op)
}

// MAKE_FUNCTION flags.
const (
	FuncDefaults    = 1
	FuncKwDefaults  = 2
	FuncAnnotations = 4
	FuncClosure     = 8
)

// Code flags.
const (
	FlagVarArgs   = 1 << iota // has *args
	FlagVarKw                 // has **kwargs
	FlagGenerator             // body contains yield
	FlagCoroutine             // async def, or a snippet with top-level await
	FlagClassBody             // names are looked up in a namespace dict
	FlagModule
	FlagAsyncGenerator // async def with yield
)

// Span locates the node an instruction executes: 1-based byte columns on
// Line (Code.Lines) through EndLine/EndCol. For a binary operation Mid1 is
// the end of the left operand and Mid2 the start of the right one; for a
// subscript Mid1 is the end of the value and Mid2 the end of the index.
type Span struct {
	Col, EndLine, EndCol int32
	Mid1, Mid2           int32
	Kind                 uint8 // SpanPlain, SpanBinOp or SpanSubscript
}

// Span kinds.
const (
	SpanPlain uint8 = iota
	SpanBinOp
	SpanSubscript
)

// Tuple is a constant tuple.
type Tuple []any

// Bytes is a constant bytes value.
type Bytes string

// Ellipsis is the constant "...".
type Ellipsis struct{}

// Code is a compiled function, lambda, comprehension, class body or module.
// It is immutable once compiled and shared by every run of a program.
type Code struct {
	Name      string
	QualName  string
	Filename  string
	FirstLine int
	Flags     int

	// Instrs are the instructions; Lines[i] is the source line of Instrs[i]
	// and Spans[i] the extent of the node it executes, for tracebacks.
	Instrs []uint32
	Lines  []int32
	Spans  []Span

	// Consts holds nil, bool, int64, *big.Int, float64, complex128, string, Bytes,
	// Ellipsis, Tuple and *Code values.
	Consts []any
	// Names are global, attribute and namespace names used by the code.
	Names []string
	// VarNames are the fast locals, parameters first.
	VarNames []string
	// CellNames are locals captured by inner functions; FreeNames are
	// variables of enclosing functions. Deref indexes run over CellNames
	// then FreeNames.
	CellNames []string
	FreeNames []string
	// CellParams[i] is the parameter index copied into cell i at call
	// time, or -1.
	CellParams []int

	// Doc is the docstring of a function, or nil.
	Doc any

	// MaxStack is the most values the operand stack holds at once
	// (MaxStackDepth, at least 1), 0 when not known.
	MaxStack int

	ArgCount     int // positional parameters, including positional-only
	PosOnlyCount int
	KwOnlyCount  int
}

// NumParams is the number of parameter slots in VarNames, counting *args and
// **kwargs.
func (c *Code) NumParams() int {
	n := c.ArgCount + c.KwOnlyCount
	if c.Flags&FlagVarArgs != 0 {
		n++
	}
	if c.Flags&FlagVarKw != 0 {
		n++
	}
	return n
}

// Disassemble returns a readable listing of the code, for tests and
// debugging.
func (c *Code) Disassemble() string {
	s := fmt.Sprintf("code %s:\n", c.QualName)
	for i, ins := range c.Instrs {
		op := Op(ins & 0xff)
		arg := ins >> 8
		s += fmt.Sprintf("%4d %4d %-22s %d", i, c.Lines[i], op, arg)
		switch op {
		case LOAD_CONST:
			s += fmt.Sprintf(" (%v)", constString(c.Consts[arg]))
		case LOAD_FAST, STORE_FAST, DELETE_FAST:
			s += " (" + c.VarNames[arg] + ")"
		case LOAD_GLOBAL, STORE_GLOBAL, DELETE_GLOBAL, LOAD_NAME, STORE_NAME, DELETE_NAME,
			LOAD_ATTR, STORE_ATTR, DELETE_ATTR, LOAD_METHOD, IMPORT_NAME, IMPORT_FROM:
			s += " (" + c.Names[arg] + ")"
		}
		s += "\n"
	}
	for _, k := range c.Consts {
		if sub, ok := k.(*Code); ok {
			s += sub.Disassemble()
		}
	}
	return s
}

func constString(v any) string {
	switch v := v.(type) {
	case *Code:
		return "code " + v.QualName
	case string:
		return fmt.Sprintf("%q", v)
	case *big.Int:
		return v.String()
	}
	return fmt.Sprint(v)
}

// Flags of LIST_EXTEND's argument.
const (
	// DepthMask selects the stack depth of the list being extended.
	DepthMask = 0xff
	// CallArgs marks the list of a call's positional arguments: an error
	// about a * argument names the callee, below the list.
	CallArgs = 0x100
)
