package compile

import (
	"context"

	"github.com/toolplane/toolplane/python/syntax"
)

// pollEvery is how many nodes a walk visits between two looks at its
// context: often enough that a cancelled compile stops within
// milliseconds, rarely enough to cost nothing.
const pollEvery = 1024

// guard bounds a recursive walk over the syntax tree (the scope collector
// and the code generator each have one): its recursion depth, which a
// hostile source could otherwise drive into Go's fatal stack overflow, and
// its running time, through the compile's context. Every recursive method
// of the walk calls enter first and leave when it returns; once the guard
// has tripped, enter refuses everything so the walk unwinds at once.
type guard struct {
	depth int
	// nodes counts the calls of enter: the size of the walk.
	nodes int
	ctx   context.Context
	done  <-chan struct{} // nil for a context that is never cancelled
	// tooDeep is the RecursionError of a tree nested past syntax.MaxDepth.
	tooDeep *Error
	// ctxErr is the context's error once it ended the walk.
	ctxErr error
	// tooLarge is the error of code that outgrew its budget.
	tooLarge *Error
}

func newGuard(ctx context.Context) guard {
	return guard{ctx: ctx, done: ctx.Done()}
}

// enter counts one level of recursion at pos and reports whether the walk
// may go on; on false the caller returns without calling leave.
func (g *guard) enter(pos syntax.Position) bool {
	if g.stopped() {
		return false
	}
	g.nodes++
	if g.done != nil {
		if g.nodes%pollEvery == 0 {
			select {
			case <-g.done:
				g.ctxErr = g.ctx.Err()
				return false
			default:
			}
		}
	}
	if g.depth >= syntax.MaxDepth {
		g.tooDeep = &Error{Kind: syntax.KindRecursion, Msg: syntax.MsgTooDeep, Pos: pos}
		return false
	}
	g.depth++
	return true
}

func (g *guard) leave() { g.depth-- }

// stopped reports whether the guard ended the walk.
func (g *guard) stopped() bool { return g.tooDeep != nil || g.ctxErr != nil || g.tooLarge != nil }
