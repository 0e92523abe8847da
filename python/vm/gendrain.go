package vm

import "github.com/toolplane/toolplane/python/compile"

// Draining a generator from a Go loop.
//
// sum(x for x in xs) resumes its generator once per item from Go; each
// resume through genSend sets up and undoes the same state (the running
// flag, the depth, the caller's frames as roots of the memory
// re-measurement), which costs about as much as the generator's own
// instructions for an item. A genDrain makes that set-up once for the
// whole loop. It is only for a loop that runs no Python code between its
// items (sum adding ints and floats): between items the thread is as
// genSend leaves it but for g.running and t.depth, which only Python code
// could observe, and the caller's frame held once more in t.evalTops (a
// root walked once anyway). Before anything else runs (an __add__, the
// loop's return) the loop calls stop.

// genDrain is a Go loop's drain of one generator.
type genDrain struct {
	g        *Generator
	top      *Frame
	savedExc *Instance
	on       bool
}

// noDrain, set by the package's tests, makes startDrain refuse, so that
// the same programs run through genSend.
var noDrain bool

// startDrain begins draining it when it is a generator genSend could
// resume with None (not running, not finished, not a coroutine, depth
// left); ok false otherwise, and the caller goes on with Next.
func (t *Thread) startDrain(it Value) (d genDrain, ok bool) {
	g, isGen := it.(*Generator)
	if !isGen || noDrain || g.running || g.finished || g.coroutine || g.asyncGen || t.depth >= t.limits.MaxDepth {
		return d, false
	}
	d = genDrain{g: g, top: t.top, savedExc: t.excInfo, on: true}
	g.running = true
	t.depth++
	t.pushEvalTop(d.top)
	return d, true
}

// next is Next(g) within the drain: its step and poll, then g resumed
// as genSend resumes it. When g is exhausted or fails, or the poll
// fails, the drain has stopped.
func (d *genDrain) next(t *Thread) (Value, bool, error) {
	t.steps++
	if t.steps >= t.nextChk.Load() {
		if err := t.check(); err != nil {
			d.stop(t)
			return nil, false, err
		}
	}
	g := d.g
	gf := g.frame
	if g.excInfo != nil {
		t.excInfo = g.excInfo
	}
	f := gf
	if !g.started {
		g.started = true
		g.await.markRan()
	} else if t.steps+1 < t.nextChk.Load() {
		// The instruction g resumes at, where eval would not poll at it:
		// a yield's POP_TOP of the None sent is counted without the push
		// and its dispatch (as fastRun's FOR_ITER resumes a generator);
		// a YIELD_FROM of a generator delegate is counted and the
		// delegate linked above g here, as fastRun's YIELD_FROM links it
		// when sent None (sum(chain(a, b))).
		switch compile.Op(gf.code.Instrs[gf.ip] & 0xff) {
		case compile.POP_TOP:
			gf.ip++
			t.steps++
		case compile.YIELD_FROM:
			if del, ok := gf.stack[len(gf.stack)-1].(*Generator); ok && gf.code.Flags&(compile.FlagCoroutine|compile.FlagAsyncGenerator) == 0 && t.inlineResumable(del) {
				gf.ip++
				t.steps++
				f = t.genEnterInline(del, gf, yieldFromInline-1)
				t.top = f
			} else {
				gf.push(None)
			}
		default:
			gf.push(None)
		}
	} else {
		gf.push(None)
	}
	var v Value
	var yielded bool
	var err error
	f, y := t.fastRun(f, gf)
	if t.top != d.top {
		t.top = d.top
	}
	if y != nil {
		v, yielded = y, true
	} else {
		// eval goes on where fastRun stopped, as genSend has it: with
		// the caller's frame no longer held here (eval holds t.top).
		t.evalTops = t.evalTops[:len(t.evalTops)-1]
		v, yielded, err = t.eval(gf, f, nil)
		if yielded {
			t.pushEvalTop(d.top)
		}
	}
	if yielded {
		if x := t.excInfo; x != d.savedExc {
			g.excInfo = x
			t.excInfo = d.savedExc
		} else if g.excInfo != nil {
			g.excInfo = nil
		}
		return v, true, nil
	}
	// Exhausted or failed (in eval, which fastRun leaves a return to):
	// genSend's ending, and the drain's (t.evalTops is popped).
	d.on = false
	if t.excInfo != d.savedExc {
		t.excInfo = d.savedExc
	}
	t.depth--
	g.running = false
	g.finished = true
	if frameDepthCheck != nil {
		frameDepthCheck(gf)
	}
	gf.stack = nil
	if err != nil {
		if e, ok := err.(*Instance); ok && e.Class.IsSubclass(StopIterationClass) {
			re := Errorf(RuntimeErrorClass, "generator raised StopIteration")
			re.Exc.Cause = e
			re.Exc.Context = e
			re.Exc.SuppressContext = true
			return nil, false, re
		}
		return nil, false, err
	}
	return nil, false, nil
}

// stop ends the drain between items: g is resumable again by anyone.
func (d *genDrain) stop(t *Thread) {
	if !d.on {
		return
	}
	d.on = false
	t.evalTops = t.evalTops[:len(t.evalTops)-1]
	t.depth--
	d.g.running = false
}
