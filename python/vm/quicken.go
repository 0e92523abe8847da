package vm

import "github.com/toolplane/toolplane/python/compile"

// quicken returns a copy of a code object's instructions with frequent
// pairs fused into superinstructions (see compile.LOAD_FAST_LOAD_FAST and
// the following ops). Only the first instruction of a pair changes: the
// second keeps its place and meaning, so jumps into it, line numbers and
// exception spans stay valid, and it may itself start another pair. A
// fused op performs the original meaning of the second instruction and
// skips it.
func quicken(in []uint32) []uint32 {
	out := append([]uint32(nil), in...)
	op := func(i int) compile.Op { return compile.Op(in[i] & 0xff) }
	fuse := func(i int, f compile.Op) { out[i] = in[i]&^0xff | uint32(f) }
	// Pairs that save the most come first: a constant operand and a
	// compare feeding a branch. A LOAD_FAST pair is not fused when its
	// second half starts one of those, which would never run then.
	valuable := make([]bool, len(in))
	for i := 0; i+1 < len(in); i++ {
		switch {
		case op(i) == compile.LOAD_CONST && op(i+1) == compile.BINARY_OP:
			fuse(i, compile.BINARY_OP_CONST)
			valuable[i] = true
		case op(i) == compile.COMPARE_OP && op(i+1) == compile.POP_JUMP_IF_FALSE:
			fuse(i, compile.COMPARE_OP_JUMP_IF_FALSE)
			valuable[i] = true
		case op(i) == compile.COMPARE_OP && op(i+1) == compile.POP_JUMP_IF_TRUE:
			fuse(i, compile.COMPARE_OP_JUMP_IF_TRUE)
			valuable[i] = true
		}
	}
	for i := 0; i+1 < len(in); i++ {
		if valuable[i] || valuable[i+1] {
			continue
		}
		switch {
		case op(i) == compile.LOAD_FAST && op(i+1) == compile.LOAD_FAST:
			fuse(i, compile.LOAD_FAST_LOAD_FAST)
		case op(i) == compile.LOAD_FAST && op(i+1) == compile.LOAD_CONST:
			fuse(i, compile.LOAD_FAST_LOAD_CONST)
		case op(i) == compile.STORE_FAST && op(i+1) == compile.LOAD_FAST:
			fuse(i, compile.STORE_FAST_LOAD_FAST)
		}
	}
	// A local operand of a constant operation (n - 1), a compare of a
	// local with a constant feeding a branch (if n < 2:), an operation
	// whose result a constant operation consumes at once (i * i % 7), and
	// a compare of a computed value with a constant feeding a branch (if
	// x % 2 == 0:).
	for i := 0; i+1 < len(in); i++ {
		switch {
		case op(i) == compile.LOAD_FAST && compile.Op(out[i+1]&0xff) == compile.BINARY_OP_CONST:
			fuse(i, compile.LOAD_FAST_BINARY_OP_CONST)
		case op(i) == compile.BINARY_OP && compile.Op(out[i+1]&0xff) == compile.BINARY_OP_CONST:
			fuse(i, compile.BINARY_OP_BINARY_OP_CONST)
		case compile.Op(out[i]&0xff) == compile.LOAD_FAST_LOAD_CONST && i+2 < len(in) &&
			(compile.Op(out[i+2]&0xff) == compile.COMPARE_OP_JUMP_IF_FALSE || compile.Op(out[i+2]&0xff) == compile.COMPARE_OP_JUMP_IF_TRUE):
			fuse(i, compile.LOAD_FAST_CONST_COMPARE_JUMP)
		case compile.Op(out[i]&0xff) == compile.LOAD_CONST && i+2 < len(in) &&
			(compile.Op(out[i+1]&0xff) == compile.COMPARE_OP_JUMP_IF_FALSE || compile.Op(out[i+1]&0xff) == compile.COMPARE_OP_JUMP_IF_TRUE):
			fuse(i, compile.CONST_COMPARE_JUMP)
		}
	}
	return out
}
