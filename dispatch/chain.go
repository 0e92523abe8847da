package dispatch

import (
	"context"
	"sync/atomic"

	"github.com/toolplane/toolplane/capability"
)

// Chain wraps terminus in middlewares once. mws[0] is the outermost: it
// sees the call first and the result last (onion order), so installation
// order is the order a call passes the layers.
//
// Every call entering the returned handler gets a fresh execution guard:
// the terminus runs the capability's handler at most once per call even if
// a middleware calls next twice.
func Chain(terminus Handler, mws ...Middleware) Handler {
	h := terminus
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return func(ctx context.Context, call *Call) (*Result, error) {
		return h(context.WithValue(ctx, guardKey{}, new(atomic.Bool)), call)
	}
}

type guardKey struct{}

// claim marks the call of ctx as executed and reports whether it was the
// first time. A context without a guard (a terminus called directly, not
// through Chain) always claims.
func claim(ctx context.Context) bool {
	g, ok := ctx.Value(guardKey{}).(*atomic.Bool)
	if !ok {
		return true
	}
	return g.CompareAndSwap(false, true)
}

// NewCall builds a call of capability c with args, carrying the
// capability's canonical id and its label set (labels plus the source,
// namespace and name projections; see capability.LabelSet) so middlewares
// can admit or deny it before anything runs.
func NewCall(origin Origin, c *capability.Capability, args map[string]any) *Call {
	labels := capability.LabelSet(c)
	if args == nil {
		args = map[string]any{}
	}
	return &Call{Origin: origin, CapabilityID: c.ID, Args: args, Labels: labels, Meta: map[string]any{}}
}
