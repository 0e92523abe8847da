package syntax

import "context"

// pollEvery is how many tokens the scanner or parser handle between two
// looks at the context: often enough that a cancelled parse stops within
// milliseconds, rarely enough to cost nothing.
const pollEvery = 1024

// poll watches the context of one parse (the scanner, the parser and the
// sub-parsers of f-string fields share it). A nil *poll, for a context
// that can never end, costs one comparison per token.
type poll struct {
	ctx       context.Context
	done      <-chan struct{}
	steps     int
	cancelled bool
}

func newPoll(ctx context.Context) *poll {
	if ctx.Done() == nil {
		return nil
	}
	return &poll{ctx: ctx, done: ctx.Done()}
}

// stop counts a step and reports whether the context has ended; once it
// has, every later call reports true.
func (c *poll) stop() bool {
	if c == nil {
		return false
	}
	if c.cancelled {
		return true
	}
	if c.steps++; c.steps%pollEvery != 0 {
		return false
	}
	select {
	case <-c.done:
		c.cancelled = true
	default:
	}
	return c.cancelled
}

// err is the context's error once stop reported true.
func (c *poll) err() error {
	if c == nil || !c.cancelled {
		return nil
	}
	return c.ctx.Err()
}
