package vm

import (
	"context"
	"sync"
	"time"
)

// callCtx is the context of one host call: the run's context (its
// deadline, values and Err), and done when the call is cancelled (a
// cancelled task, wait_for's timeout, gather's cancel), when it ends, and
// when the run ends or its context is done: the loop cancels every call
// in flight then (Loop.run, which returns as soon as the run's context is
// done: drive waits on it, and the interpreter polls it while it runs
// code). It is what context.WithCancel of the run's context was, made
// cheaper: one allocation (two once the work asks for Done), no lock of
// the run's context taken and nothing registered with it, where
// context.WithCancel registered every call and removed it again under
// the run's context's lock and made a closure (three allocations with
// Done). A context the work derives from it (the dispatch chain's
// timeouts) follows it through AfterFunc, without a goroutine.
//
// Err is not nil as soon as the run's context is done, and then Done is
// closed too.
type callCtx struct {
	parent context.Context
	mu     sync.Mutex
	err    error
	done   chan struct{} // made by the first Done
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

// Done implements context.Context. The channel is made on first use.
func (c *callCtx) Done() <-chan struct{} {
	c.mu.Lock()
	if c.done == nil {
		c.done = make(chan struct{})
		if c.err != nil {
			close(c.done)
		}
	}
	d := c.done
	c.mu.Unlock()
	if err := c.parent.Err(); err != nil {
		c.cancel(err) // the run's context is done: so is the call's
	}
	return d
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
// closed and the AfterFunc callbacks start.
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
	funcs := c.funcs
	c.funcs = nil
	c.mu.Unlock()
	for a := range funcs {
		go a.f()
	}
}

// Cancel cancels the call, as a context.CancelFunc would: for the loop.
func (c *callCtx) Cancel() { c.cancel(context.Canceled) }
