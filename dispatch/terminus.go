package dispatch

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/toolplane/toolplane/capability"
)

// Lookup finds a capability by canonical id; *capability.Registry's
// Lookup method fits.
type Lookup func(id string) (*capability.Capability, bool)

// Terminus returns the innermost handler of a chain: it looks up the
// call's capability, validates the arguments against its input schema, and
// runs its handler, at most once per call entering a Chain. A capability
// result with IsError set is returned as a result, not an error: it is the
// tool's answer.
func Terminus(lookup Lookup) Handler {
	v := newValidator()
	return func(ctx context.Context, call *Call) (*Result, error) {
		c, ok := lookup(call.CapabilityID)
		if !ok {
			return nil, &Error{Kind: KindNotFound, CapabilityID: call.CapabilityID,
				Message: "no such capability; search_capabilities lists what exists"}
		}
		if err := v.validate(c, call.Args); err != nil {
			return nil, err
		}
		if !claim(ctx) {
			return nil, &Error{Kind: KindExecuted, CapabilityID: c.ID,
				Message: "the handler already ran for this call; a middleware called next twice"}
		}
		args := call.Args
		if args == nil {
			args = map[string]any{}
		}
		res, err := runHandler(context.WithValue(capability.WithCaller(ctx, call.Subject), callKey{}, call), c, args)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.ID, err)
		}
		if res == nil {
			res = &Result{}
		}
		return res, nil
	}
}

// runHandler runs the handler, turning a panic into a *PanicError: a
// capability bug must fail its call, not take down the process serving
// every other client and run.
func runHandler(ctx context.Context, c *capability.Capability, args map[string]any) (res *Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &PanicError{Value: p, Stack: debug.Stack()}
		}
	}()
	return c.Handler(ctx, args)
}

// PanicError is a capability handler's panic, recovered. The message
// shows the value only; Stack is for the host's logs, not the snippet.
type PanicError struct {
	Value any
	Stack []byte
}

// Error implements error.
func (e *PanicError) Error() string { return fmt.Sprintf("handler panicked: %v", e.Value) }

type callKey struct{}

// CallFrom returns the call a capability handler serves, as it reached
// the terminus (its subject and identity, after every layer), or nil
// outside a handler run by Terminus. A handler that keeps per-caller
// state (a plugin's store) checks ownership with it.
func CallFrom(ctx context.Context) *Call {
	c, _ := ctx.Value(callKey{}).(*Call)
	return c
}
