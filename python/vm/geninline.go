package vm

// Inline generator resumption.
//
// A for loop over a generator (the common case: pipelines of generator
// functions and generator expressions) resumes the generator's frame in
// the same dispatch loop, as a call pushes a frame: FOR_ITER links the
// generator's frame above the loop's frame, YIELD_VALUE hands the value
// back to FOR_ITER's frame, and returning ends the loop. This avoids a Go
// call of eval (with its deferred recovery) per item.
//
// fastRun resumes the delegate of a generator's yield from the same way
// (yieldFromInline): its frame runs above the delegating one, what it
// yields the delegating generator yields in turn (which stays at its
// YIELD_FROM, to resume the delegate again when it is resumed itself),
// and its return value is the value of the yield from. Everything else
// that resumes generators (next(), send(), throw(), builtins consuming an
// iterator, a delegate sent a value) still goes through genSend, which
// has the same semantics: the running flag, the exception being handled
// inside the generator, and StopIteration raised inside turning into
// RuntimeError.

// inlineResumable reports whether a FOR_ITER can resume g inline.
func (t *Thread) inlineResumable(g *Generator) bool {
	return !g.coroutine && !g.asyncGen && !g.running && !g.finished && t.depth < t.limits.MaxDepth
}

// yieldFromInline is the inlineExit of a generator frame resumed by the
// YIELD_FROM of the generator frame below it.
const yieldFromInline = -1

// genEnterInline prepares g's frame to run above caller for a FOR_ITER
// whose exit target is exit (for a YIELD_FROM: yieldFromInline-1), and
// returns the frame.
func (t *Thread) genEnterInline(g *Generator, caller *Frame, exit int) *Frame {
	gf := g.frame
	if !g.started {
		g.started = true
	} else {
		gf.push(None)
	}
	g.running = true
	t.depth++
	gf.genSaved = t.excInfo
	if g.excInfo != nil {
		t.excInfo = g.excInfo
	}
	gf.inlineExit = exit + 1
	gf.back = caller
	return gf
}

// genLeaveInline detaches an inline generator frame from its caller and
// restores the caller's state; it returns the caller and the FOR_ITER exit
// target. The caller accounts for the depth.
func (t *Thread) genLeaveInline(gf *Frame, yielded bool) (*Frame, int) {
	g := gf.gen
	if yielded {
		g.excInfo = t.excInfo
		if g.excInfo == gf.genSaved {
			g.excInfo = nil
		}
	} else {
		g.finished = true
		if frameDepthCheck != nil {
			frameDepthCheck(gf)
		}
		gf.stack = nil
	}
	t.excInfo = gf.genSaved
	g.running = false
	caller, exit := gf.back, gf.inlineExit-1
	gf.genSaved = nil
	gf.inlineExit = 0
	gf.back = nil
	return caller, exit
}

// genYieldInline hands the value v that inline generator frame gf yields
// to the frame that resumed it, and accounts for the depth: a FOR_ITER's
// frame gets it pushed; a generator that delegated with yield from yields
// it in turn, left at its YIELD_FROM, and so on down a chain of them. It
// returns the frame to go on in, and out true when that frame is the base
// of the loop, which yields v to whoever resumed it.
func (t *Thread) genYieldInline(gf *Frame, v Value) (f *Frame, out bool) {
	for {
		t.depth--
		delegated := gf.inlineExit == yieldFromInline
		f, _ = t.genLeaveInline(gf, true)
		if !delegated {
			f.push(v)
			return f, false
		}
		f.ip--
		if f.inlineExit == 0 {
			return f, true
		}
		gf = f
	}
}

// genReturnInline ends inline generator frame gf, which returned v, and
// accounts for the depth: a FOR_ITER's loop exits, a yield from has the
// value v. It returns the frame to go on in.
func (t *Thread) genReturnInline(gf *Frame, v Value) *Frame {
	t.depth--
	delegated := gf.inlineExit == yieldFromInline
	f, exit := t.genLeaveInline(gf, false)
	if delegated {
		f.stack[len(f.stack)-1] = v
		return f
	}
	f.stack = f.stack[:len(f.stack)-1]
	f.ip = exit
	return f
}

// genFailInline ends an inline generator frame left by exception exc and
// returns the exception its caller sees (a YIELD_FROM's frame without the
// delegate on its stack, as eval's YIELD_FROM leaves it).
func (t *Thread) genFailInline(gf *Frame, exc *Instance) (*Frame, *Instance) {
	delegated := gf.inlineExit == yieldFromInline
	caller, _ := t.genLeaveInline(gf, false)
	if delegated {
		caller.stack = caller.stack[:len(caller.stack)-1]
	}
	if exc.Class.IsSubclass(StopIterationClass) {
		re := Errorf(RuntimeErrorClass, "generator raised StopIteration")
		re.Exc.Cause = exc
		re.Exc.Context = exc
		re.Exc.SuppressContext = true
		re.Exc.contextSet = true
		return caller, re
	}
	return caller, exc
}
