package vm

import (
	"context"
	"sync"
	"time"
)

// callCtx is the context of one host call: the run's context, cancelled
// also when the call is (a cancelled task, wait_for's timeout, gather's
// cancel, the end of the run) and when the call ends. It is what
// context.WithCancel of the run's context would be, made cheaper for the
// common call, whose work never looks at its context's Done channel: one
// allocation, and nothing registered with the run's context until the
// work asks for Done (or derives a context, which asks for it or for
// AfterFunc). context.WithCancel registers every call with the run's
// context and removes it again, under its lock, and makes a closure.
//
// Err is never nil once the run's context is done, and Done, once asked
// for, is closed when either is cancelled: the work sees what it would
// see under context.WithCancel.
type callCtx struct {
	parent context.Context
	mu     sync.Mutex
	err    error
	// done is made by the first Done; armed is set once done is tied
	// to the parent (stopParent undoes that).
	done       chan struct{}
	armed      bool
	stopParent func() bool
	// funcs are the AfterFunc callbacks not yet run or stopped.
	funcs map[*callAfter]struct{}
}

type callAfter struct{ f func() }

func newCallCtx(parent context.Context) *callCtx { return &callCtx{parent: parent} }

// Deadline implements context.Context: the run's deadline.
func (c *callCtx) Deadline() (time.Time, bool) { return c.parent.Deadline() }

// Value implements context.Context: the run's values.
func (c *callCtx) Value(key any) any { return c.parent.Value(key) }

// Err implements context.Context.
func (c *callCtx) Err() error {
	c.mu.Lock()
	err := c.err
	c.mu.Unlock()
	if err != nil {
		return err
	}
	if perr := c.parent.Err(); perr != nil {
		// The run's context is done and its cancellation has not reached
		// this call yet: cancel it now, so that Done is closed whenever
		// Err is not nil.
		c.cancel(perr)
		return perr
	}
	return nil
}

// Done implements context.Context. The channel is made, and tied to the
// run's context, on first use.
func (c *callCtx) Done() <-chan struct{} {
	c.mu.Lock()
	if c.done == nil {
		c.done = make(chan struct{})
		if c.err != nil {
			close(c.done)
		}
	}
	d := c.done
	c.arm()
	c.mu.Unlock()
	return d
}

// arm ties the call to the run's context, once, while the call is not
// cancelled. c.mu is held.
func (c *callCtx) arm() {
	if c.armed || c.err != nil {
		return
	}
	c.armed = true
	parent := c.parent
	c.stopParent = context.AfterFunc(parent, func() { c.cancel(parent.Err()) })
}

// AfterFunc arranges for f to run on its own goroutine once the call's
// context is done, as context.AfterFunc does. A context derived from the
// call's (context.WithTimeout in the work) uses it to follow the call's
// cancellation without a goroutine of its own.
func (c *callCtx) AfterFunc(f func()) (stop func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		go f()
		return func() bool { return false }
	}
	a := &callAfter{f: f}
	if c.funcs == nil {
		c.funcs = map[*callAfter]struct{}{}
	}
	c.funcs[a] = struct{}{}
	c.arm()
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		if _, ok := c.funcs[a]; !ok {
			return false
		}
		delete(c.funcs, a)
		return true
	}
}

// cancel cancels the call with err (the first cancellation wins): Done is
// closed, the AfterFunc callbacks start, and the tie to the run's context
// goes.
func (c *callCtx) cancel(err error) {
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return
	}
	c.err = err
	if c.done != nil {
		close(c.done)
	}
	stop := c.stopParent
	c.stopParent = nil
	funcs := c.funcs
	c.funcs = nil
	c.mu.Unlock()
	if stop != nil {
		stop()
	}
	for a := range funcs {
		go a.f()
	}
}

// Cancel cancels the call, as a context.CancelFunc would: for the loop.
func (c *callCtx) Cancel() { c.cancel(context.Canceled) }
