package vm

// Inline generator resumption.
//
// A for loop over a generator (the common case: pipelines of generator
// functions and generator expressions) resumes the generator's frame in
// the same dispatch loop, as a call pushes a frame: FOR_ITER links the
// generator's frame above the loop's frame, YIELD_VALUE hands the value
// back to FOR_ITER's frame, and returning ends the loop. This avoids a Go
// call of eval (with its deferred recovery) per item. Everything else
// that resumes generators (next(), send(), throw(), builtins consuming an
// iterator, yield from) still goes through genSend, which has the same
// semantics: the running flag, the exception being handled inside the
// generator, and StopIteration raised inside turning into RuntimeError.

// inlineResumable reports whether a FOR_ITER can resume g inline.
func (t *Thread) inlineResumable(g *Generator) bool {
	return !g.coroutine && !g.asyncGen && !g.running && !g.finished && t.depth < t.limits.MaxDepth
}

// genEnterInline prepares g's frame to run above caller for a FOR_ITER
// whose exit target is exit, and returns the frame.
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

// genFailInline ends an inline generator frame left by exception exc and
// returns the exception its caller sees.
func (t *Thread) genFailInline(gf *Frame, exc *Instance) (*Frame, *Instance) {
	caller, _ := t.genLeaveInline(gf, false)
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
