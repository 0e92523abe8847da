package vm

import "github.com/toolplane/toolplane/python/compile"

// matchOp runs the structural-pattern-matching operations of match
// statements. The compiler does not emit them yet.
func (t *Thread) matchOp(f *Frame, op compile.Op, arg int) error {
	return &InternalError{Msg: "unsupported opcode " + op.String()}
}
