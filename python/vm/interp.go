package vm

import (
	"math/big"
	"strings"
	"unsafe"

	"github.com/toolplane/toolplane/python/compile"
	"github.com/toolplane/toolplane/python/syntax"
)

// Function is a Python function (def or lambda).
type Function struct {
	Code       *CodeObj
	Name       string
	QualName   string
	Defaults   Tuple
	KwDefaults *Dict
	// Annotations is the __annotations__ dict, nil until needed.
	Annotations *Dict
	Closure     []*Cell
	Globals     *Dict
	Dict        *Dict
	Module      string
}

const (
	blockSetup uint8 = iota
	blockHandler
)

type block struct {
	kind    uint8
	handler int
	level   int
	prevExc *Instance
}

// Frame is the activation of a code object.
type Frame struct {
	code    *CodeObj
	fn      *Function
	locals  []Value
	cells   []*Cell
	stack   []Value
	ip      int
	blocks  []block
	globals *Dict
	ns      *Dict // class body namespace
	// nsMap is the namespace of a class body when its metaclass's
	// __prepare__ returned a mapping other than a dict (ns is nil then):
	// the body's names go through its __getitem__ and __setitem__.
	nsMap Value
	back  *Frame
	gen   *Generator
	buf   []Value
	// ctor is the instance under construction when this frame runs an
	// __init__ called inline by CALL (the call's value is ctor).
	ctor *Instance
	// inlineExit is 1 + the exit target of the FOR_ITER that resumed this
	// generator frame inline, yieldFromInline for the YIELD_FROM of the
	// generator below (0: not inline); genSaved is the caller's exception
	// being handled (geninline.go).
	inlineExit int
	genSaved   *Instance
}

// Line returns the current source line.
func (f *Frame) Line() int {
	i := f.ip - 1
	if i < 0 {
		i = 0
	}
	if i >= len(f.code.Lines) {
		return f.code.FirstLine
	}
	return int(f.code.Lines[i])
}

func (f *Frame) push(v Value) { f.stack = append(f.stack, v) }

// pop removes the top of the operand stack. The freed slot is not cleared
// (that write, with its GC write barrier, costs more than the rest of pop
// and would keep pop from being inlined into the dispatch loop): a stale
// value above the top is overwritten by the next push and dropped when the
// frame is released.
func (f *Frame) pop() Value {
	s := f.stack
	n := len(s) - 1
	f.stack = s[:n]
	return s[n]
}

func (f *Frame) top() Value { return f.stack[len(f.stack)-1] }

// nullValue marks "no self" in LOAD_METHOD's second slot.
type nullMarker struct{}

var null Value = nullMarker{}

// isNull reports whether v is null: a type test, cheaper than comparing
// interfaces (which calls the runtime's equality for the dynamic type).
func isNull(v Value) bool {
	_, ok := v.(nullMarker)
	return ok
}

// newFrame allocates a frame for code with locals and an operand stack in
// one slice.
func newFrame(code *CodeObj, globals *Dict) *Frame {
	n := len(code.VarNames)
	buf := make([]Value, code.slots)
	f := &Frame{code: code, globals: globals, locals: buf[:n:n], buf: buf}
	f.stack = buf[n:n]
	if nc := len(code.CellNames) + len(code.FreeNames); nc > 0 {
		f.cells = make([]*Cell, nc)
	}
	return f
}

// RunLibraryModule runs the body of a library module imported during a run
// in its own globals, as RunModule does, but keeps the run's globals the
// root the memory re-measurement walks: were the module's namespace left
// there, a re-measurement would miss everything the snippet holds and set
// its charge back to almost nothing (a snippet that imported random kept
// 71 MiB under a 16 MiB limit: TestMemoryLimitHoldsAfterImport).
func (t *Thread) RunLibraryModule(code *CodeObj, globals *Dict) (Value, error) {
	saved := t.globals
	defer func() { t.globals = saved }()
	return t.RunModule(code, globals)
}

// RunModule runs module code in globals and returns the module's return
// value (snippets) or None. For coroutine code it returns the coroutine.
// The globals become the root of the run's memory re-measurement: a
// library module's body runs with RunLibraryModule instead.
func (t *Thread) RunModule(code *CodeObj, globals *Dict) (Value, error) {
	t.globals = globals
	f := newFrame(code, globals)
	if code.Flags&compile.FlagCoroutine != 0 {
		return &Generator{frame: f, coroutine: true, name: "<module>", qualname: "<module>"}, nil
	}
	t.depth++
	defer func() { t.depth-- }()
	v, _, err := t.eval(f, f, nil)
	return v, err
}

// tbEntry adds frame f to the traceback of e, the exception unwinding
// through it, and returns the exception that unwinds on: e, or the
// MemoryError that replaces it when the grown traceback does not fit the
// memory limit. A traceback gains an entry for every frame the exception
// passes and every time it is raised again (an exception kept and raised
// in a loop accumulates them, as in CPython's), so its array is charged as
// it grows: uncharged, `raise e` in a loop held 1.4 GiB under a 64 MiB
// limit, and keeping exceptions raised 450 calls deep 1.5 GiB.
func (t *Thread) tbEntry(e *Instance, f *Frame) *Instance {
	c := cap(e.Exc.TB)
	e.Exc.TB = append(e.Exc.TB, t.tbAt(f))
	if n := cap(e.Exc.TB); n != c {
		if err := t.chargeNew(arrayBytes(n, tbEntrySize)); err != nil {
			if m, ok := err.(*Instance); ok && m.Exc != nil {
				m.Exc.TB = append(m.Exc.TB, t.tbAt(f))
				return m
			}
			// A limit the charge's poll found (the clock, the step
			// budget) stays reached: the next poll ends the run.
		}
	}
	return e
}

// tbEntrySize is the size of a traceback entry in an exception's array.
const tbEntrySize = unsafe.Sizeof(TBEntry{})

// tbAt is the traceback entry of frame f where it is now.
func (t *Thread) tbAt(f *Frame) TBEntry {
	entry := TBEntry{Filename: f.code.Filename, Line: f.Line(), Func: f.code.Name}
	if i := f.ip - 1; i >= 0 && i < len(f.code.Spans) {
		entry.Span = f.code.Spans[i]
	}
	return entry
}

// allocFrame takes a frame from the thread's pool (frames of plain calls are
// recycled on return) or allocates one. A pooled frame comes back from
// releaseFrame with its buffer cleared and its links nil, so only the fields
// that differ are set (assigning a whole Frame costs a write barrier per
// pointer field).
func (t *Thread) allocFrame(code *CodeObj, globals *Dict) *Frame {
	k := len(t.framePool)
	if k == 0 {
		return newFrame(code, globals)
	}
	f := t.framePool[k-1]
	t.framePool = t.framePool[:k-1]
	n := len(code.VarNames)
	buf := f.buf
	if cap(buf) < code.slots {
		buf = make([]Value, code.slots)
		f.buf = buf
	}
	buf = buf[:cap(buf)]
	f.code = code
	f.globals = globals
	f.ip = 0
	f.locals = buf[:n:n]
	f.stack = buf[n:n]
	if nc := len(code.CellNames) + len(code.FreeNames); nc > 0 {
		// The pooled frame's cell slots are reused (every slot is set
		// by bindFrame before the code runs; a closure keeps the cells,
		// never this slice).
		if cap(f.cells) >= nc {
			f.cells = f.cells[:nc]
		} else {
			f.cells = make([]*Cell, nc)
		}
	}
	return f
}

// callsPlain reports whether a call of fn with n positional arguments and
// no keywords binds them by storing them in its first locals
// (CodeObj.plainFree, exactly ArgCount arguments) and copying its closure's
// cells, if it has any (the __class__ cell of a method using super()):
// what pushPlain and callPlainSelf bind.
func (fn *Function) callsPlain(n int) bool {
	c := fn.Code
	return c.plainFree && c.ArgCount == n && len(fn.Closure) == len(c.FreeNames)
}

// pushPlain is the common call (Function.callsPlain, a pooled frame to
// take) without bindFrame's general binding:
// it takes the frame, stores the arguments, pops the call's slots from
// f's stack (base is the callable's slot) and makes the new frame the
// running one. A function of its own, not inline in eval, so the dispatch
// loop's register allocation does not change with it.
func (t *Thread) pushPlain(f *Frame, pf *Function, args Tuple, base int, ctor *Instance) *Frame {
	c := pf.Code
	k := len(t.framePool) - 1
	nf := t.framePool[k]
	t.framePool = t.framePool[:k]
	nl := len(c.VarNames)
	buf := nf.buf
	if cap(buf) < c.slots {
		buf = make([]Value, c.slots)
		nf.buf = buf
	}
	buf = buf[:cap(buf)]
	for i, a := range args {
		buf[i] = a
	}
	if nc := len(pf.Closure); nc > 0 {
		// A pooled frame's cell slots are reused, as allocFrame does.
		if cap(nf.cells) >= nc {
			nf.cells = nf.cells[:nc]
		} else {
			nf.cells = make([]*Cell, nc)
		}
		copy(nf.cells, pf.Closure)
	}
	clearPrefix(f.stack[base:cap(f.stack)], len(f.stack)-base)
	f.stack = f.stack[:base]
	if nf.code == c && cap(nf.stack) == len(buf)-nl {
		// The pooled frame last ran this code (a recursion, a call in
		// a loop): its locals are the same slots of the buffer and its
		// stack the rest (an outgrown stack's array has a larger cap),
		// so only the stack's length is set, with no pointer stored.
		nf.stack = nf.stack[:0]
	} else {
		nf.code = c
		nf.locals = buf[:nl:nl]
		nf.stack = buf[nl:nl]
	}
	nf.globals = pf.Globals
	nf.fn = pf
	nf.ip = 0
	nf.back = f
	nf.ctor = ctor
	t.depth++
	t.top = nf
	return nf
}

// clearPrefix sets the first n slots of s to nil, and maybe more of
// them: the slots of a frame's buffer past those its code can write are
// nil already, and those of an operand stack above its top are free. A
// store of a four- or eight-slot array is one write-barrier test and a
// few vector stores, where a store per slot costs a bounds check and a
// barrier test each, and clear's call of the runtime's memclr its call
// and set-up; the slots of a frame or of a call's arguments are few.
func clearPrefix(s []Value, n int) {
	switch {
	case n <= 4 && len(s) >= 4:
		*(*[4]Value)(s) = [4]Value{}
	case n <= 8 && len(s) >= 8:
		*(*[8]Value)(s) = [8]Value{}
	case n <= 16 && len(s) >= 16:
		*(*[16]Value)(s) = [16]Value{}
	default:
		clear(s[:n])
	}
}

// pooledFrameCheck, set by the package's tests, sees every frame
// releaseFrame pools with its whole buffer, which must be nil.
var pooledFrameCheck func(f *Frame, buf []Value)

// frameDepthCheck, set by the package's tests, sees every frame that
// releaseFrame is given (pooled or not) and every generator or
// coroutine frame as it finishes,
// before any clearing: its stack must have stayed within the code's
// MaxStack.
var frameDepthCheck func(f *Frame)

func (t *Thread) releaseFrame(f *Frame) {
	if frameDepthCheck != nil {
		frameDepthCheck(f)
	}
	if f.gen != nil || f.ns != nil || f.nsMap != nil || len(t.framePool) >= 128 {
		return
	}
	// Clear the locals and the operand stack area (pop leaves stale values
	// above the top): the slots the code can write (CodeObj.clearTo; the
	// rest of a pooled frame's buffer is nil already), or all of them
	// when its depth is unknown or its stack outgrew the buffer.
	buf := f.buf[:cap(f.buf)]
	n := f.code.clearTo
	if n == 0 || n > len(buf) || cap(f.stack) != len(buf)-len(f.locals) {
		n = len(buf)
	}
	clearPrefix(buf, n)
	if pooledFrameCheck != nil {
		pooledFrameCheck(f, buf)
	}
	// f.locals and f.stack are left: they are slices of f.buf, which
	// the pooled frame keeps anyway; so is f.code, which the program
	// keeps (pushPlain sets neither again when the next call runs the
	// same code).
	f.blocks = f.blocks[:0]
	clear(f.cells)
	f.cells = f.cells[:0]
	f.back = nil
	f.fn = nil
	f.globals = nil
	f.ctor = nil
	t.framePool = append(t.framePool, f)
}

// bindFrame sets up a frame for fn and binds its arguments.
func (t *Thread) bindFrame(fn *Function, args Tuple, kw []Kwarg) (*Frame, error) {
	code := fn.Code
	var f *Frame
	if kw == nil && code.plainFree && len(args) == code.ArgCount && len(fn.Closure) == len(code.FreeNames) {
		// The common call: one store per argument, no cells to make
		// (a closure's are copied).
		f = t.allocFrame(code, fn.Globals)
		f.fn = fn
		for i, a := range args {
			f.locals[i] = a
		}
		copy(f.cells, fn.Closure)
		return f, nil
	}
	if code.Flags&(compile.FlagGenerator|compile.FlagCoroutine) != 0 {
		f = newFrame(code, fn.Globals)
	} else {
		f = t.allocFrame(code, fn.Globals)
	}
	f.fn = fn
	err := t.bindArgs(fn, f.locals, args, kw)
	if fn.Dict != nil && (err != nil || len(kw) > 0) {
		err = cArityError(fn, args, kw, err)
	}
	if err != nil {
		return nil, err
	}
	nCells := len(code.CellNames)
	if nCells > 0 {
		// Cells outlive the call when a closure keeps them, with the
		// arguments they hold, which no one charged (a str up to one
		// block, a number's box).
		n := int64(nCells) * cellBytes
		for _, p := range code.CellParams[:nCells] {
			if p >= 0 {
				n += storedBytes(f.locals[p])
			}
		}
		if err := t.chargeNew(n); err != nil {
			return nil, err
		}
	}
	for i := range nCells {
		c := &Cell{}
		if p := code.CellParams[i]; p >= 0 {
			c.V = f.locals[p]
		}
		f.cells[i] = c
	}
	if len(fn.Closure) > 0 {
		copy(f.cells[nCells:], fn.Closure)
	}
	return f, nil
}

// callPython calls a Python function from Go (recursing in Go).
func (t *Thread) callPython(fn *Function, args Tuple, kw []Kwarg) (Value, error) {
	f, err := t.bindFrame(fn, args, kw)
	if err != nil {
		return nil, err
	}
	if fn.Code.Flags&(compile.FlagGenerator|compile.FlagCoroutine) != 0 {
		g := newGenerator(fn, f)
		// A suspended generator's frame keeps its arguments, which no one
		// charged (a str up to one block, a number's box).
		if err := t.chargeNew(ownBytes(g) + frameHeapBytes(f) + itemsStoredBytes(f.locals)); err != nil {
			return nil, err
		}
		if g.coroutine {
			g.await = t.noteCoroutine(fn.QualName)
		}
		return g, nil
	}
	if t.depth >= t.limits.MaxDepth {
		return nil, Errorf(RecursionErrorClass, "maximum recursion depth exceeded")
	}
	t.depth++
	v, _, err := t.eval(f, f, nil)
	t.depth--
	t.releaseFrame(f)
	return v, err
}

func newGenerator(fn *Function, f *Frame) *Generator {
	g := &Generator{frame: f, name: fn.Name, qualname: fn.QualName}
	g.asyncGen = fn.Code.Flags&compile.FlagAsyncGenerator != 0
	g.coroutine = fn.Code.Flags&compile.FlagCoroutine != 0 && !g.asyncGen
	f.gen = g
	return g
}

// enter makes f the running frame and returns what the dispatch loop keeps
// in locals: its code, instructions and constants.
func (t *Thread) enter(f *Frame) (*CodeObj, []uint32, []Value) {
	t.top = f
	c := f.code
	return c, c.Instrs, c.Consts
}

// eval runs frame base until it returns or yields. Calls to Python
// functions push frames without recursing in Go; the loop returns when the
// base frame returns. It starts in frame start: base, or a generator frame
// a FOR_ITER of base's resumed inline (where fastRun stopped). throw, when
// set, is raised at the base frame's current instruction
// (generator.throw).
func (t *Thread) eval(base, start *Frame, throw error) (result Value, yielded bool, err error) {
	f := start
	baseFrame := base // base as CALL's case names it (there base is a stack slot)
	code := f.code
	instrs := code.Instrs
	consts := code.Consts
	reraise := false
	if throw != nil {
		err = throw
		reraise = true
		// A delegating generator forwards the throw to its delegate.
		if f.ip < len(instrs) && compile.Op(instrs[f.ip]&0xff) == compile.YIELD_FROM && len(f.stack) >= 1 {
			it := f.top()
			r, y, e2 := t.sendTo(it, nil, throw)
			if e2 == nil {
				if y {
					return r, true, nil
				}
				f.stack = f.stack[:len(f.stack)-1]
				f.push(r)
				f.ip++
				err = nil
			} else {
				err = e2
				if e2 == throw {
					reraise = true
				} else {
					reraise = false
				}
				f.stack = f.stack[:len(f.stack)-1]
			}
		}
	} else if t.fastErr != nil {
		// The instruction genSend's fastRun stopped at raised: raise
		// it here, as eval would have.
		err, t.fastErr = t.fastErr, nil
	}
	t.evalTops = append(t.evalTops, t.top)
	t.top = f
	defer func() {
		r := recover()
		if r != nil {
			// A Go panic is an interpreter bug: note where the snippet
			// was (t.top is still the frame that ran) and the Go stack
			// that panicked, before unwinding further.
			switch r.(type) {
			case *LimitError, *GoPanic:
			default:
				r = t.goPanic(r)
			}
		}
		t.top = t.evalTops[len(t.evalTops)-1]
		t.evalTops = t.evalTops[:len(t.evalTops)-1]
		if r != nil {
			if le, ok := r.(*LimitError); ok {
				result, yielded, err = nil, false, le
				return
			}
			panic(r)
		}
	}()

	for {
		if err != nil {
			goto handle
		}
		{
			ins := instrs[f.ip]
			f.ip++
			t.steps++
			if t.steps >= t.nextChk.Load() {
				if err = t.check(); err != nil {
					goto handle // unwinds, keeping where the limit hit
				}
			}
			arg := int(ins >> 8)
			switch compile.Op(ins & 0xff) {
			case compile.NOP:
			case compile.POP_TOP:
				f.stack = f.stack[:len(f.stack)-1]
			case compile.DUP_TOP:
				f.push(f.top())
			case compile.DUP_TOP_TWO:
				n := len(f.stack)
				f.push(f.stack[n-2])
				f.push(f.stack[n-1])
			case compile.ROT_TWO:
				n := len(f.stack)
				f.stack[n-1], f.stack[n-2] = f.stack[n-2], f.stack[n-1]
			case compile.ROT_THREE:
				n := len(f.stack)
				a := f.stack[n-1]
				f.stack[n-1] = f.stack[n-2]
				f.stack[n-2] = f.stack[n-3]
				f.stack[n-3] = a
			case compile.ROT_FOUR:
				n := len(f.stack)
				a := f.stack[n-1]
				f.stack[n-1] = f.stack[n-2]
				f.stack[n-2] = f.stack[n-3]
				f.stack[n-3] = f.stack[n-4]
				f.stack[n-4] = a
			case compile.LOAD_CONST, compile.CONST_COMPARE_JUMP:
				f.push(consts[arg])
			case compile.LOAD_FAST, compile.LOAD_FAST_BINARY_OP_CONST:
				v := f.locals[arg]
				if v == nil {
					err = Errorf(UnboundLocalErrorClass, "cannot access local variable '%s' where it is not associated with a value", code.VarNames[arg])
					break
				}
				f.push(v)
			case compile.STORE_FAST:
				f.locals[arg] = f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
			case compile.LOAD_FAST_LOAD_FAST:
				v := f.locals[arg]
				if v == nil {
					err = Errorf(UnboundLocalErrorClass, "cannot access local variable '%s' where it is not associated with a value", code.VarNames[arg])
					break
				}
				b := int(instrs[f.ip] >> 8)
				f.ip++
				t.steps++
				w := f.locals[b]
				if w == nil {
					err = Errorf(UnboundLocalErrorClass, "cannot access local variable '%s' where it is not associated with a value", code.VarNames[b])
					break
				}
				f.stack = append(f.stack, v, w)
			case compile.LOAD_FAST_LOAD_CONST, compile.LOAD_FAST_CONST_COMPARE_JUMP:
				v := f.locals[arg]
				if v == nil {
					err = Errorf(UnboundLocalErrorClass, "cannot access local variable '%s' where it is not associated with a value", code.VarNames[arg])
					break
				}
				k := consts[instrs[f.ip]>>8]
				f.ip++
				t.steps++
				f.stack = append(f.stack, v, k)
			case compile.STORE_FAST_LOAD_FAST:
				f.locals[arg] = f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				b := int(instrs[f.ip] >> 8)
				f.ip++
				t.steps++
				w := f.locals[b]
				if w == nil {
					err = Errorf(UnboundLocalErrorClass, "cannot access local variable '%s' where it is not associated with a value", code.VarNames[b])
					break
				}
				f.push(w)
			case compile.BINARY_OP_CONST:
				b := consts[arg]
				bop := syntax.Operator(instrs[f.ip] >> 8)
				f.ip++
				t.steps++
				a := f.top()
				var r Value
				if x, ok := a.(Int); ok {
					if y, ok := b.(Int); ok {
						// n - 1 and n + 1 without a call: intFast is
						// too large to be inlined here.
						if s := x - y; bop == syntax.Sub && (s < x) == (y > 0) {
							f.stack[len(f.stack)-1] = boxInt(s)
							break
						}
						if s := x + y; bop == syntax.Add && (s > x) == (y > 0) {
							f.stack[len(f.stack)-1] = boxInt(s)
							break
						}
						if r, ok = intFast(bop, x, y); ok {
							f.stack[len(f.stack)-1] = r
							break
						}
					}
				}
				r, err = t.Binary(bop, a, b)
				if err == nil {
					f.stack[len(f.stack)-1] = r
				}
			case compile.COMPARE_OP_JUMP_IF_FALSE, compile.COMPARE_OP_JUMP_IF_TRUE:
				target := int(instrs[f.ip] >> 8)
				f.ip++
				t.steps++
				b := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				a := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				var res bool
				if x, ok := a.(Int); ok {
					if y, ok := b.(Int); ok {
						res = intCompare(syntax.CmpOperator(arg), x, y)
						goto compared
					}
				}
				{
					var r Value
					r, err = t.Compare(syntax.CmpOperator(arg), a, b)
					if err != nil {
						break
					}
					var ok bool
					if res, ok = truthFast(r); !ok {
						if res, err = t.Truth(r); err != nil {
							break
						}
					}
				}
			compared:
				if res == (compile.Op(ins&0xff) == compile.COMPARE_OP_JUMP_IF_TRUE) {
					f.ip = target
				}
			case compile.DELETE_FAST:
				if f.locals[arg] == nil {
					err = Errorf(UnboundLocalErrorClass, "cannot access local variable '%s' where it is not associated with a value", code.VarNames[arg])
					break
				}
				f.locals[arg] = nil
			case compile.LOAD_DEREF:
				v := f.cells[arg].V
				if v == nil {
					err = t.unboundDeref(f, arg)
					break
				}
				f.push(v)
			case compile.LOAD_CLASSDEREF:
				name := t.derefName(f, arg)
				if f.nsMap != nil {
					var v Value
					var found bool
					if v, found, err = t.nsMapGet(f.nsMap, name); err != nil {
						break
					} else if found {
						f.push(v)
						break
					}
				} else if v, ok := f.ns.GetStr(name); ok {
					f.push(v)
					break
				}
				v := f.cells[arg].V
				if v == nil {
					err = t.unboundDeref(f, arg)
					break
				}
				f.push(v)
			case compile.STORE_DEREF:
				// A cell is kept by the closures that share it, as a
				// container keeps its items: its value is charged as
				// storing an item charges it.
				if err = t.chargeStored(f.stack[len(f.stack)-1]); err != nil {
					break
				}
				f.cells[arg].V = f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
			case compile.DELETE_DEREF:
				if f.cells[arg].V == nil {
					err = t.unboundDeref(f, arg)
					break
				}
				f.cells[arg].V = nil
			case compile.LOAD_CLOSURE:
				f.push(f.cells[arg])
			case compile.LOAD_GLOBAL:
				// The cache hit of a name bound in the globals, inline
				// (loadGlobal is too large to be inlined; module-level
				// snippet code reads every variable this way).
				if c := code.gcache[arg].Load(); c != nil && c.src == f.globals && c.g == f.globals && c.gver == f.globals.version {
					f.push(f.globals.entries[c.ix].value)
					break
				}
				if v, ok := t.loadGlobal(code, f.globals, t.overlay, t.builtinsFor(f.globals), arg); ok {
					f.push(v)
				} else {
					err = NewNameError(code.Names[arg])
				}
			case compile.STORE_GLOBAL:
				if c := code.gcache[arg].Load(); c != nil && c.src == f.globals && c.g == f.globals && c.gver == f.globals.version && f.globals.gen == t.epoch {
					f.globals.entries[c.ix].value = f.stack[len(f.stack)-1]
					f.stack = f.stack[:len(f.stack)-1]
					break
				}
				err = t.storeGlobal(code, f.globals, arg, f.stack[len(f.stack)-1])
				f.stack = f.stack[:len(f.stack)-1]
			case compile.DELETE_GLOBAL:
				if err = t.touchDict(f.globals); err != nil {
					break
				}
				if !f.globals.DeleteStr(code.Names[arg]) {
					err = NewNameError(code.Names[arg])
				}
			case compile.LOAD_NAME:
				name := code.Names[arg]
				h := code.NameHashes[arg]
				if f.nsMap != nil {
					var v Value
					var found bool
					if v, found, err = t.nsMapGet(f.nsMap, name); err != nil {
						break
					} else if found {
						f.push(v)
						break
					}
					if v, ok := t.globalName(f, name, h); ok {
						f.push(v)
					} else {
						err = NewNameError(name)
					}
					break
				}
				if v, ok := f.ns.getStrH(name, h); ok {
					f.push(v)
				} else if v, ok := f.globals.getStrH(name, h); ok {
					f.push(v)
				} else if v, ok := getStrOrNil(t.overlay, name, h); ok {
					f.push(v)
				} else if v, ok := t.builtinsFor(f.globals).getStrH(name, h); ok {
					f.push(v)
				} else {
					err = NewNameError(name)
				}
			case compile.STORE_NAME:
				if f.nsMap != nil {
					err = t.SetItem(f.nsMap, Str(code.Names[arg]), f.pop())
					break
				}
				if err = t.touchDict(f.ns); err != nil {
					break
				}
				f.ns.setStrKH(code.Names[arg], code.NameKeys[arg], code.NameHashes[arg], f.pop())
			case compile.DELETE_NAME:
				if f.nsMap != nil {
					if err = t.DelItem(f.nsMap, Str(code.Names[arg])); err != nil {
						if e, ok := err.(*Instance); ok && e.Class.IsSubclass(KeyErrorClass) {
							err = NewNameError(code.Names[arg])
						}
					}
					break
				}
				if err = t.touchDict(f.ns); err != nil {
					break
				}
				if !f.ns.DeleteStr(code.Names[arg]) {
					err = NewNameError(code.Names[arg])
				}
			case compile.LOAD_ATTR:
				var v Value
				if o, ok := f.top().(*Instance); ok {
					var hit bool
					if v, hit, err = t.loadAttrCached(code, f.ip-1, o, arg); hit {
						if err == nil {
							f.stack[len(f.stack)-1] = v
						}
						break
					}
				}
				v, err = t.GetAttr(f.top(), code.Names[arg])
				if err == nil {
					f.stack[len(f.stack)-1] = v
				}
			case compile.STORE_ATTR:
				obj := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				v := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				if o, ok := obj.(*Instance); ok {
					var done bool
					if done, err = storeAttrCached(t, code, f.ip-1, o, arg, v); done {
						break
					}
				}
				err = t.SetAttr(obj, code.Names[arg], v)
			case compile.DELETE_ATTR:
				err = t.DelAttr(f.pop(), code.Names[arg])
			case compile.LOAD_METHOD:
				obj := f.top()
				var m, self Value
				switch o := obj.(type) {
				case *Instance:
					var hit bool
					if m, self, hit = t.loadMethodCached(code, f.ip-1, o, arg); hit {
						f.stack[len(f.stack)-1] = m
						f.push(self)
						goto next
					}
				case Str, *List, *Dict, Tuple, *Set, Bytes:
					if b := builtinMethodCached(code, f.ip-1, TypeOf(obj), arg); b != nil {
						f.stack[len(f.stack)-1] = b
						f.push(obj)
						goto next
					}
				}
				m, self, err = t.getMethod(obj, code.Names[arg])
				if err == nil {
					f.stack[len(f.stack)-1] = m
					f.push(self)
				}
			case compile.CALL_METHOD, compile.CALL_METHOD_KW, compile.CALL, compile.CALL_KW:
				op := compile.Op(ins & 0xff)
				if op == compile.CALL_METHOD || op == compile.CALL {
					// A builtin called with positional arguments (a method
					// of a builtin type LOAD_METHOD found, len, ...): what
					// Call does for it, without the general path's
					// dispatch on the callable.
					n := len(f.stack)
					base := n - arg - 1
					if op == compile.CALL_METHOD {
						base--
					}
					if b, ok := f.stack[base].(*Builtin); ok {
						lo := base + 1
						if op == compile.CALL_METHOD && f.stack[lo] == null {
							lo++
						}
						var done bool
						if done, err = t.callUnpack(f, b, Tuple(f.stack[lo:n:n]), base); done {
							break
						}
						if err = t.enterGo(); err != nil {
							break
						}
						var r Value
						r, err = b.Fn(t, Tuple(f.stack[lo:n:n]), nil)
						t.leaveGo()
						for i := base; i < len(f.stack); i++ {
							f.stack[i] = nil
						}
						f.stack = f.stack[:base]
						if err == nil {
							f.push(r)
						}
						break
					}
				}
				var kwnames Tuple
				if op == compile.CALL_KW || op == compile.CALL_METHOD_KW {
					kwnames = f.pop().(Tuple)
				}
				n := len(f.stack)
				// lo is where the arguments start on the stack; the slot
				// below them is free (it held the callable or LOAD_METHOD's
				// null), so a self can be put there to call without copying.
				lo := n - arg
				base := lo - 1
				var fnv Value
				if op == compile.CALL_METHOD || op == compile.CALL_METHOD_KW {
					base--
					fnv = f.stack[base]
					if f.stack[lo-1] != null {
						lo--
					}
				} else {
					fnv = f.stack[base]
				}
				// Calls that can push a frame instead of recursing in Go:
				// Python functions, methods bound to them, and classes
				// whose construction is object.__new__ plus a Python
				// __init__.
				var pf *Function
				var ctor *Instance
				switch fv := fnv.(type) {
				case *Function:
					pf = fv
				case *BoundMethod:
					if mf, ok := fv.Fn.(*Function); ok && lo > base {
						pf = mf
						lo--
						f.stack[lo] = fv.Self
					}
				case *Class:
					if fv == SuperClass && op == compile.CALL && arg == 2 && compile.Op(instrs[f.ip]&0xff) == compile.LOAD_METHOD {
						// super().name(...): the method and self as the
						// LOAD_METHOD that follows would push them, with
						// no super object made.
						if m, self := superMethod(code, f.ip, f.stack[n-2], f.stack[n-1]); m != nil {
							f.stack[base] = m
							f.stack[base+1] = self
							f.stack[n-1] = nil
							f.stack = f.stack[:base+2]
							f.ip++
							t.steps++
							goto next
						}
					}
					if init := t.plainInit(fv); init != nil && lo > base {
						pf = init
						ctor = &Instance{Class: fv, Dict: newInstanceDict(fv)}
						t.stamp(ctor)
						lo--
						f.stack[lo] = ctor
					}
				}
				if ctor != nil {
					if err = t.chargeNew(newBytes(ctor)); err != nil {
						break
					}
				}
				args := Tuple(f.stack[lo:n:n])
				var kw []Kwarg
				if len(kwnames) > 0 {
					npos := len(args) - len(kwnames)
					kw = make([]Kwarg, len(kwnames))
					for i, k := range kwnames {
						kw[i] = Kwarg{Name: string(k.(Str)), Value: args[npos+i]}
					}
					args = args[:npos:npos]
				}
				if pf != nil && kw == nil && pf.callsPlain(len(args)) && len(t.framePool) > 0 {
					if t.depth >= t.limits.MaxDepth {
						err = Errorf(RecursionErrorClass, "maximum recursion depth exceeded")
						break
					}
					f = t.pushPlain(f, pf, args, base, ctor)
					var y Value
					f, y = t.fastRun(f, baseFrame)
					code, instrs, consts = f.code, f.code.Instrs, f.code.Consts
					if t.fastErr != nil {
						err, t.fastErr = t.fastErr, nil
						break
					}
					if y != nil {
						// Returned to base, a generator, which yielded.
						return y, true, nil
					}
					break
				}
				if pf != nil && pf.Code.Flags&(compile.FlagGenerator|compile.FlagCoroutine) == 0 {
					// Push a frame instead of recursing in Go.
					if t.depth >= t.limits.MaxDepth {
						err = Errorf(RecursionErrorClass, "maximum recursion depth exceeded")
						break
					}
					var nf *Frame
					nf, err = t.bindFrame(pf, args, kw)
					if err != nil {
						break
					}
					// An index loop, not clear(): the runtime call of a
					// clear costs more than the two or three stores here.
					for i := base; i < n; i++ {
						f.stack[i] = nil
					}
					f.stack = f.stack[:base]
					nf.back = f
					nf.ctor = ctor
					t.depth++
					f = nf
					code, instrs, consts = t.enter(f)
					break
				}
				var r Value
				if ctor != nil {
					// A generator __init__: let the general path report it.
					args = args[1:]
				} else if pf != nil && lo < n && fnv != pf {
					// A bound generator function: self is already in args.
					fnv = pf
				}
				r, err = t.Call(fnv, args, kw)
				// An index loop, as above: cheaper than clear()'s call.
				for i := base; i < len(f.stack); i++ {
					f.stack[i] = nil
				}
				f.stack = f.stack[:base]
				if err == nil {
					f.push(r)
				}
			case compile.CALL_EX:
				var kw []Kwarg
				if arg == 1 {
					d := f.pop().(*Dict)
					// Binding a keyword argument is a step.
					if err = t.tick(int64(d.Len())); err != nil {
						break
					}
					for _, it := range d.Items() {
						kw = append(kw, Kwarg{Name: string(it[0].(Str)), Value: it[1]})
					}
				}
				args := f.pop().(Tuple)
				if err = t.tickItems(len(args)); err != nil {
					break
				}
				fnv := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				var r Value
				r, err = t.Call(fnv, args, kw)
				if err == nil {
					f.push(r)
				}
			case compile.BINARY_OP, compile.BINARY_OP_BINARY_OP_CONST:
				b := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				a := f.top()
				var r Value
				if x, ok := a.(Int); ok {
					if y, ok := b.(Int); ok {
						// a + b without a call (intFast is too large to
						// be inlined here).
						if s := x + y; syntax.Operator(arg) == syntax.Add && (s > x) == (y > 0) {
							f.stack[len(f.stack)-1] = boxInt(s)
							break
						}
						if r, ok = intFast(syntax.Operator(arg), x, y); ok {
							f.stack[len(f.stack)-1] = r
							break
						}
					}
				}
				r, err = t.Binary(syntax.Operator(arg), a, b)
				if err == nil {
					f.stack[len(f.stack)-1] = r
				}
			case compile.INPLACE_OP:
				b := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				a := f.top()
				var r Value
				if x, ok := a.(Int); ok {
					if y, ok := b.(Int); ok {
						// a + b without a call (intFast is too large to
						// be inlined here).
						if s := x + y; syntax.Operator(arg) == syntax.Add && (s > x) == (y > 0) {
							f.stack[len(f.stack)-1] = boxInt(s)
							break
						}
						if r, ok = intFast(syntax.Operator(arg), x, y); ok {
							f.stack[len(f.stack)-1] = r
							break
						}
					}
				}
				r, err = t.Inplace(syntax.Operator(arg), a, b)
				if err == nil {
					f.stack[len(f.stack)-1] = r
				}
			case compile.UNARY_OP:
				var r Value
				r, err = t.Unary(syntax.UnaryOperator(arg), f.top())
				if err == nil {
					f.stack[len(f.stack)-1] = r
				}
			case compile.COMPARE_OP:
				b := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				a := f.top()
				if x, ok := a.(Int); ok {
					if y, ok := b.(Int); ok {
						f.stack[len(f.stack)-1] = Bool(intCompare(syntax.CmpOperator(arg), x, y))
						break
					}
				}
				var r Value
				r, err = t.Compare(syntax.CmpOperator(arg), a, b)
				if err == nil {
					f.stack[len(f.stack)-1] = r
				}
			case compile.IS_OP:
				b := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				a := f.top()
				f.stack[len(f.stack)-1] = Bool(Is(a, b) != (arg == 1))
			case compile.CONTAINS_OP:
				b := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				a := f.top()
				var in bool
				in, err = t.Contains(b, a)
				if err == nil {
					f.stack[len(f.stack)-1] = Bool(in != (arg == 1))
				}
			case compile.BINARY_SUBSCR:
				k := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				// Fast paths: list[int] and dict[str] (hits only; misses
				// and errors take the general path for their messages).
				switch o := f.stack[len(f.stack)-1].(type) {
				case *List:
					if i, ok := k.(Int); ok {
						if i < 0 {
							i += Int(len(o.Items))
						}
						if i >= 0 && int(i) < len(o.Items) {
							f.stack[len(f.stack)-1] = o.Items[i]
							goto next
						}
					}
				case Tuple:
					if i, ok := k.(Int); ok {
						if i < 0 {
							i += Int(len(o))
						}
						if i >= 0 && int(i) < len(o) {
							f.stack[len(f.stack)-1] = o[i]
							goto next
						}
					}
				case *Dict:
					if ks, ok := k.(Str); ok {
						if v, ok := o.getStrH(string(ks), strHash(string(ks))); ok {
							f.stack[len(f.stack)-1] = v
							goto next
						}
					}
				}
				var r Value
				r, err = t.GetItem(f.top(), k)
				if err == nil {
					f.stack[len(f.stack)-1] = r
				}
			case compile.STORE_SUBSCR:
				k := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				obj := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				v := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				err = t.storeSubscr(obj, k, v)
			case compile.DELETE_SUBSCR:
				k := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				err = t.DelItem(f.pop(), k)
			case compile.BUILD_SLICE:
				err = t.buildSlice(f, arg)
			case compile.BUILD_TUPLE:
				n := len(f.stack)
				tup := make(Tuple, arg)
				copy(tup, f.stack[n-arg:])
				for i := n - arg; i < n; i++ {
					f.stack[i] = nil
				}
				f.stack = f.stack[:n-arg]
				f.push(tup)
				err = t.chargeNew(tupleBytes(arg) + itemsStoredBytes(tup))
			case compile.BUILD_LIST:
				n := len(f.stack)
				items := make([]Value, arg)
				copy(items, f.stack[n-arg:])
				for i := n - arg; i < n; i++ {
					f.stack[i] = nil
				}
				f.stack = f.stack[:n-arg]
				f.push(&List{Items: items, gen: t.epoch})
				err = t.chargeNew(listBytes + arrayBytes(arg, valueSize) + itemsStoredBytes(items))
			case compile.BUILD_LIST_ROOM:
				// Not in fastRun, which would no longer have room to
				// inline what it calls: once per comprehension.
				room := presizedRoom(f.locals[0])
				f.push(&List{Items: make([]Value, 0, room), gen: t.epoch})
				err = t.chargeNew(listBytes + arrayBytes(room, valueSize))
			case compile.BUILD_SET:
				n := len(f.stack)
				s := t.newSet()
				for _, v := range f.stack[n-arg:] {
					if err = s.Add(t, v); err != nil {
						break
					}
				}
				clear(f.stack[n-arg:])
				f.stack = f.stack[:n-arg]
				f.push(s)
				if err == nil {
					err = t.chargeNew(setBytes)
				}
			case compile.BUILD_MAP:
				err = t.buildMap(f, arg)
			case compile.LIST_APPEND:
				v := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				err = t.listAppend(f.stack[len(f.stack)-arg].(*List), v)
			case compile.SET_ADD:
				v := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				err = f.stack[len(f.stack)-arg].(*Set).Add(t, v)
			case compile.MAP_ADD:
				v := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				k := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				err = f.stack[len(f.stack)-arg].(*Dict).Set(t, k, v)
			case compile.LIST_EXTEND:
				v := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				depth := arg & compile.DepthMask
				l := f.stack[len(f.stack)-depth].(*List)
				var items []Value
				items, err = t.iterate(v, func() error {
					if iterProtocol(TypeOf(v)) {
						// As CPython's LIST_EXTEND: an object whose
						// __iter__ raised keeps its own TypeError.
						return nil
					}
					if arg&compile.CallArgs != 0 {
						// f(*x): CPython names the callee.
						return Errorf(TypeErrorClass, "%sargument after * must be an iterable, not %s", calleeDisplay(f.stack[len(f.stack)-depth-1]), TypeName(v))
					}
					return Errorf(TypeErrorClass, "Value after * must be an iterable, not %s", TypeName(v))
				})
				if err == nil {
					c := cap(l.Items)
					l.Items = append(l.Items, items...)
					if cap(l.Items) != c {
						err = t.chargeSlots(cap(l.Items))
					}
				}
			case compile.SET_UPDATE:
				v := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				s := f.stack[len(f.stack)-arg].(*Set)
				var items []Value
				items, err = t.iterate(v, nil)
				for _, x := range items {
					if err == nil {
						err = s.Add(t, x)
					}
				}
			case compile.DICT_UPDATE, compile.DICT_MERGE:
				v := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				d := f.stack[len(f.stack)-arg].(*Dict)
				err = t.dictMerge(d, v, compile.Op(ins&0xff) == compile.DICT_MERGE, f)
			case compile.LIST_TO_TUPLE:
				l := f.pop().(*List)
				f.push(Tuple(l.Items))
			case compile.UNPACK_SEQUENCE:
				v := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				var items []Value
				items, err = t.unpack(v, arg, -1)
				if err == nil {
					for i := len(items) - 1; i >= 0; i-- {
						f.push(items[i])
					}
				}
			case compile.UNPACK_EX:
				before, after := arg&0xff, arg>>8
				v := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				var items []Value
				items, err = t.unpack(v, before, after)
				if err == nil {
					for i := len(items) - 1; i >= 0; i-- {
						f.push(items[i])
					}
				}
			case compile.JUMP:
				back := arg < f.ip
				f.ip = arg
				if back {
					// A loop's back edge: run its body in fastRun while it
					// can (it may move to a generator's frame and back).
					var y Value
					f, y = t.fastRun(f, base)
					code, instrs, consts = f.code, f.code.Instrs, f.code.Consts
					if t.fastErr != nil {
						err, t.fastErr = t.fastErr, nil
						break
					}
					if y != nil {
						return y, true, nil
					}
				}
			case compile.POP_JUMP_IF_FALSE, compile.POP_JUMP_IF_TRUE:
				v := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				b, ok := truthFast(v)
				if !ok {
					b, err = t.Truth(v)
					if err != nil {
						break
					}
				}
				if b == (compile.Op(ins&0xff) == compile.POP_JUMP_IF_TRUE) {
					f.ip = arg
				}
			case compile.JUMP_IF_FALSE_OR_POP, compile.JUMP_IF_TRUE_OR_POP:
				v := f.top()
				b, ok := truthFast(v)
				if !ok {
					b, err = t.Truth(v)
					if err != nil {
						break
					}
				}
				if b == (compile.Op(ins&0xff) == compile.JUMP_IF_TRUE_OR_POP) {
					f.ip = arg
				} else {
					f.stack = f.stack[:len(f.stack)-1]
				}
			case compile.GET_ITER:
				var it Value
				it, err = t.Iter(f.top())
				if err == nil {
					f.stack[len(f.stack)-1] = it
				}
			case compile.FOR_ITER:
				it := f.top()
				var v Value
				var ok bool
				if li, isList := it.(*ListIter); isList {
					v, ok = li.next()
				} else if li, isIter := it.(*Iter); isIter && li.kind == iterRange {
					if li.i < int(li.n) {
						v, ok = boxInt(Int(li.start+int64(li.i)*li.step)), true
						li.i++
					}
				} else if g, isGen := it.(*Generator); isGen && t.inlineResumable(g) {
					f = t.genEnterInline(g, f, arg)
					code, instrs, consts = t.enter(f)
					break
				} else {
					v, ok, err = t.Next(it)
					if err != nil {
						break
					}
				}
				if ok {
					f.push(v)
				} else {
					f.stack = f.stack[:len(f.stack)-1]
					f.ip = arg
				}
			case compile.MAKE_FUNCTION:
				err = t.makeFunction(f, arg)
			case compile.RETURN_VALUE:
				v := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				if f.inlineExit != 0 {
					// A generator resumed by FOR_ITER is exhausted: the
					// loop pops it and exits (a yield from has the value).
					f.ip = len(instrs)
					f = t.genReturnInline(f, v)
					code, instrs, consts = t.enter(f)
					break
				}
				if f == base {
					if f.gen != nil {
						f.ip = len(instrs)
					}
					return v, false, nil
				}
				t.depth--
				done := f
				f = f.back
				if done.ctor != nil {
					// An inlined construction: the call's value is the
					// instance; __init__ must have returned None.
					if v != None {
						err = Errorf(TypeErrorClass, "__init__() should return None, not '%s'", TypeName(v))
					}
					v = done.ctor
				}
				t.releaseFrame(done)
				code, instrs, consts = t.enter(f)
				if err == nil {
					f.push(v)
				}
			case compile.YIELD_VALUE:
				if f.inlineExit != 0 {
					v := f.stack[len(f.stack)-1]
					f.stack = f.stack[:len(f.stack)-1]
					var out bool
					f, out = t.genYieldInline(f, v)
					code, instrs, consts = t.enter(f)
					if out {
						return v, true, nil
					}
					break
				}
				if code.Flags&compile.FlagAsyncGenerator != 0 {
					return &asyncGenValue{v: f.pop()}, true, nil
				}
				return f.pop(), true, nil
			case compile.GET_YIELD_FROM_ITER:
				v := f.top()
				if g, ok := v.(*Generator); ok {
					if g.coroutine && !(f.code.Flags&compile.FlagCoroutine != 0) {
						err = Errorf(TypeErrorClass, "cannot 'yield from' a coroutine object in a non-coroutine generator")
					}
					break
				}
				var it Value
				it, err = t.Iter(v)
				if err == nil {
					f.stack[len(f.stack)-1] = it
				}
			case compile.YIELD_FROM:
				sent := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				it := f.top()
				var r Value
				var y bool
				r, y, err = t.sendTo(it, sent, nil)
				if err != nil {
					f.stack = f.stack[:len(f.stack)-1]
					break
				}
				if y {
					f.ip--
					if f.inlineExit != 0 {
						var out bool
						f, out = t.genYieldInline(f, r)
						code, instrs, consts = t.enter(f)
						if out {
							return r, true, nil
						}
						break
					}
					return r, true, nil
				}
				f.stack[len(f.stack)-1] = r
			case compile.GET_AWAITABLE:
				var aw Value
				aw, err = t.awaitable(f.top())
				if err == nil {
					f.stack[len(f.stack)-1] = aw
				}
			case compile.SETUP_EXCEPT:
				f.blocks = append(f.blocks, block{kind: blockSetup, handler: arg, level: len(f.stack)})
			case compile.POP_BLOCK:
				f.blocks = f.blocks[:len(f.blocks)-1]
			case compile.POP_EXCEPT:
				b := f.blocks[len(f.blocks)-1]
				f.blocks = f.blocks[:len(f.blocks)-1]
				t.excInfo = b.prevExc
			case compile.RERAISE:
				err = f.pop().(*Instance)
				reraise = true
			case compile.RAISE:
				err, reraise = t.doRaise(f, arg)
			case compile.JUMP_IF_NOT_EXC_MATCH:
				typ := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				exc := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				var ok bool
				ok, err = t.excMatches(exc, typ)
				if err == nil && !ok {
					f.ip = arg
				}
			case compile.BEFORE_WITH:
				mgr := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				var exit, enter Value
				exit, enter, err = t.beforeWith(mgr)
				if err == nil {
					f.push(exit)
					f.push(enter)
				}
			case compile.WITH_EXIT:
				exit := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				_, err = t.Call(exit, Tuple{None, None, None}, nil)
			case compile.WITH_EXCEPT:
				exc := f.top().(*Instance)
				exit := f.stack[len(f.stack)-2]
				var r Value
				r, err = t.Call(exit, Tuple{exc.Class, exc, None}, nil)
				if err == nil {
					var b bool
					b, err = t.Truth(r)
					f.push(Bool(b))
				}
			case compile.BUILD_CLASS, compile.BUILD_CLASS_KW:
				var kw []Kwarg
				n := arg
				if compile.Op(ins&0xff) == compile.BUILD_CLASS_KW {
					names := f.pop().(Tuple)
					vals := f.stack[len(f.stack)-len(names):]
					for i, nm := range names {
						kw = append(kw, Kwarg{Name: string(nm.(Str)), Value: vals[i]})
					}
					clear(vals)
					f.stack = f.stack[:len(f.stack)-len(names)]
					n -= len(names)
				}
				bases := append(Tuple(nil), f.stack[len(f.stack)-n:]...)
				clear(f.stack[len(f.stack)-n:])
				f.stack = f.stack[:len(f.stack)-n]
				name := f.pop().(Str)
				body := f.pop().(*Function)
				var cls Value
				cls, err = t.buildClass(body, string(name), bases, kw)
				if err == nil {
					f.push(cls)
				}
			case compile.IMPORT_NAME:
				var m Value
				if strings.HasPrefix(code.Names[arg], ".") {
					// A relative import: snippets are not in a package.
					err = Errorf(ImportErrorClass, "attempted relative import with no known parent package")
					break
				}
				m, err = t.Import(code.Names[arg])
				if err == nil {
					f.push(m)
				}
			case compile.IMPORT_FROM:
				m := f.top()
				var v Value
				v, err = t.GetAttr(m, code.Names[arg])
				if err != nil {
					v, err = t.importSubmodule(m, code.Names[arg], err)
				}
				if err != nil {
					if e, ok := err.(*Instance); ok && e.Class == AttributeErrorClass {
						mn := "?"
						if mod, ok := m.(*Module); ok {
							mn = mod.Name
						}
						// CPython's e.name is the module imported from.
						err = withName(Errorf(ImportErrorClass, "cannot import name '%s' from '%s'", code.Names[arg], mn), mn)
					}
					break
				}
				f.push(v)
			case compile.FORMAT_VALUE:
				err = t.formatValueOp(f, arg)
			case compile.BUILD_STRING:
				err = t.buildString(f, arg)
			case compile.BEFORE_ASYNC_WITH:
				mgr := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				cls := TypeOf(mgr)
				enter, exit := cls.Lookup("__aenter__"), cls.Lookup("__aexit__")
				if enter == nil || exit == nil {
					err = Errorf(TypeErrorClass, "'%s' object does not support the asynchronous context manager protocol", TypeName(mgr))
					break
				}
				var aw Value
				aw, err = t.callMethod(enter, mgr, nil)
				if err == nil {
					f.push(&BoundMethod{Self: mgr, Fn: exit})
					f.push(aw)
				}
			case compile.ASYNC_WITH_EXIT:
				exit := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				var aw Value
				aw, err = t.Call(exit, Tuple{None, None, None}, nil)
				if err == nil {
					f.push(aw)
				}
			case compile.ASYNC_WITH_EXCEPT:
				exc := f.top().(*Instance)
				exit := f.stack[len(f.stack)-2]
				var aw Value
				aw, err = t.Call(exit, Tuple{exc.Class, exc, None}, nil)
				if err == nil {
					f.push(aw)
				}
			case compile.BUILD_CONST_SET:
				// CPython folds a constant display into a frozenset and
				// rebuilds it when merging code constants; the set is then
				// merged into an empty one. Doing the same gives the same
				// iteration order.
				first := NewSet()
				for _, v := range consts[arg].(Tuple) {
					if err = first.Add(t, v); err != nil {
						break
					}
				}
				if err != nil {
					break
				}
				second := NewSet()
				for _, v := range first.Elems() {
					second.Add(t, v)
				}
				s := NewSet()
				if err = s.merge(t, second); err == nil {
					f.push(s)
				}
			case compile.GET_AITER:
				v := f.top()
				if g, ok := v.(*Generator); ok && g.asyncGen {
					break
				}
				m := TypeOf(v).Lookup("__aiter__")
				if m == nil {
					err = Errorf(TypeErrorClass, "'async for' requires an object with __aiter__ method, got %s", TypeName(v))
					break
				}
				var it Value
				it, err = t.callMethod(m, v, nil)
				if err == nil {
					f.stack[len(f.stack)-1] = it
				}
			case compile.GET_ANEXT:
				v := f.top()
				if g, ok := v.(*Generator); ok && g.asyncGen {
					f.push(&asyncGenSend{g: g})
					break
				}
				m := TypeOf(v).Lookup("__anext__")
				if m == nil {
					err = Errorf(TypeErrorClass, "'async for' requires an iterator with __anext__ method, got %s", TypeName(v))
					break
				}
				var aw Value
				aw, err = t.callMethod(m, v, nil)
				if err == nil {
					aw, err = t.awaitable(aw)
				}
				if err == nil {
					f.push(aw)
				}
			case compile.END_ASYNC_FOR:
				exc := f.pop().(*Instance)
				if !exc.Class.IsSubclass(StopAsyncIterationClass) {
					err = exc
					reraise = true
					break
				}
				b := f.blocks[len(f.blocks)-1]
				f.blocks = f.blocks[:len(f.blocks)-1]
				t.excInfo = b.prevExc
				f.stack = f.stack[:len(f.stack)-1]
			case compile.IMPORT_STAR:
				m := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				mod, ok := m.(*Module)
				if !ok {
					err = Errorf(TypeErrorClass, "import * needs a module")
					break
				}
				var names []Value
				if all, ok := mod.Dict.GetStr("__all__"); ok {
					names, err = t.iterate(all, nil)
					if err != nil {
						break
					}
				} else {
					for _, k := range mod.Dict.Keys() {
						if s, ok := k.(Str); ok && !strings.HasPrefix(string(s), "_") {
							names = append(names, s)
						}
					}
				}
				for _, n := range names {
					s, ok := n.(Str)
					if !ok {
						err = Errorf(TypeErrorClass, "Item in %s.__all__ must be str, not %s", mod.Name, TypeName(n))
						break
					}
					v, ok := mod.Dict.GetStr(string(s))
					if !ok {
						err = Errorf(AttributeErrorClass, "module '%s' has no attribute '%s'", mod.Name, s)
						break
					}
					if err = t.touchDict(f.globals); err != nil {
						break
					}
					f.globals.SetStr(string(s), v)
				}
			case compile.SETUP_ANNOTATIONS:
				if f.nsMap != nil {
					if _, found, e := t.nsMapGet(f.nsMap, "__annotations__"); e != nil {
						err = e
					} else if !found {
						err = t.SetItem(f.nsMap, Str("__annotations__"), NewDict())
					}
					break
				}
				ns := f.ns
				if ns == nil {
					ns = f.globals
				}
				if !ns.HasStr("__annotations__") {
					if err = t.touchDict(ns); err != nil {
						break
					}
					ns.SetStr("__annotations__", t.newDict())
				}
			case compile.LOAD_ASSERTION_ERROR:
				f.push(AssertionErrorClass)
			case compile.CHECK_EG_MATCH:
				typ := f.pop()
				var match, rest Value
				match, rest, err = t.checkEGMatch(f.top(), typ)
				if err == nil {
					if match == nil {
						f.ip = arg
					} else {
						f.stack[len(f.stack)-1] = orNone(rest)
						f.push(match)
						t.excInfo = match.(*Instance)
					}
				}
			case compile.PREP_RERAISE_STAR:
				rest := f.pop()
				list := f.pop().(*List)
				orig := f.pop()
				var r Value
				r, err = t.prepReraiseStar(orig, append(list.Items, rest))
				if err == nil {
					if r == nil {
						f.ip = arg
					} else {
						f.push(r)
					}
				}
			case compile.MATCH_CLASS, compile.MATCH_MAPPING, compile.MATCH_SEQUENCE,
				compile.MATCH_KEYS, compile.COPY_DICT_WITHOUT_KEYS, compile.GET_LEN:
				err = t.matchOp(f, compile.Op(ins&0xff), arg)
			default:
				err = &InternalError{Msg: "unknown opcode " + compile.Op(ins&0xff).String()}
			}
		next:
			continue
		}
	handle:
		{
			exc, ok := err.(*Instance)
			if !ok || exc.Exc == nil {
				// Limits and internal errors end the run: unwind without
				// running handlers. A limit keeps where it hit, as a
				// traceback.
				le, _ := err.(*LimitError)
				for {
					if le != nil && !reraise {
						le.TB = append(le.TB, t.tbAt(f))
					}
					reraise = false
					if f == base {
						break
					}
					t.depth--
					f = f.back
				}
				return nil, false, err
			}
			if !reraise {
				exc = t.tbEntry(exc, f)
				t.noteErrorContext(exc, f)
				if t.excInfo != nil && t.excInfo != exc && exc.Exc.Context == nil && !exc.Exc.contextSet {
					exc.Exc.Context = t.excInfo
				}
				exc.Exc.contextSet = true
			}
			reraise = false
			for {
				handled := false
				for len(f.blocks) > 0 {
					b := f.blocks[len(f.blocks)-1]
					f.blocks = f.blocks[:len(f.blocks)-1]
					if b.kind == blockHandler {
						t.excInfo = b.prevExc
						continue
					}
					clear(f.stack[b.level:])
					f.stack = f.stack[:b.level]
					f.blocks = append(f.blocks, block{kind: blockHandler, prevExc: t.excInfo})
					t.excInfo = exc
					f.push(exc)
					f.ip = b.handler
					handled = true
					break
				}
				if handled {
					break
				}
				if f == base {
					if f.gen != nil {
						f.ip = len(instrs)
					}
					return nil, false, exc
				}
				t.depth--
				if f.inlineExit != 0 {
					f, exc = t.genFailInline(f, exc)
				} else {
					f = f.back
				}
				code, instrs, consts = t.enter(f)
				exc = t.tbEntry(exc, f)
				t.noteErrorContext(exc, f)
			}
			err = nil
		}
	}
}

func (t *Thread) derefName(f *Frame, i int) string {
	if i < len(f.code.CellNames) {
		return f.code.CellNames[i]
	}
	return f.code.FreeNames[i-len(f.code.CellNames)]
}

func (t *Thread) unboundDeref(f *Frame, i int) error {
	name := t.derefName(f, i)
	if i < len(f.code.CellNames) {
		return Errorf(UnboundLocalErrorClass, "cannot access local variable '%s' where it is not associated with a value", name)
	}
	return NewFreeVarError(name)
}

func (t *Thread) doRaise(f *Frame, n int) (error, bool) {
	if n == 0 {
		if t.excInfo == nil {
			return Errorf(RuntimeErrorClass, "No active exception to reraise"), false
		}
		return t.excInfo, true
	}
	var cause Value
	hasCause := false
	if n == 2 {
		cause = f.pop()
		hasCause = true
	}
	v := f.pop()
	exc, err := t.makeException(v)
	if err != nil {
		return err, false
	}
	if hasCause {
		switch c := cause.(type) {
		case NoneType:
			exc.Exc.Cause = None
		default:
			ce, err := t.makeException(c)
			if err != nil {
				return Errorf(TypeErrorClass, "exception causes must derive from BaseException"), false
			}
			exc.Exc.Cause = ce
		}
		exc.Exc.SuppressContext = true
	}
	return exc, false
}

// makeException turns the operand of raise into an exception instance.
func (t *Thread) makeException(v Value) (*Instance, error) {
	switch x := v.(type) {
	case *Instance:
		if x.Exc != nil {
			return x, nil
		}
	case *Class:
		if x.exception {
			r, err := t.Call(x, nil, nil)
			if err != nil {
				return nil, err
			}
			if e, ok := r.(*Instance); ok && e.Exc != nil {
				return e, nil
			}
			return nil, Errorf(TypeErrorClass, "calling %s should have returned an instance of BaseException, not %s", x.Name, TypeName(r))
		}
	}
	return nil, Errorf(TypeErrorClass, "exceptions must derive from BaseException")
}

// excMatches reports whether exc is caught by an except clause naming typ:
// an exception class or a flat tuple of them (as in CPython, every member
// must be an exception class, checked before matching; tuples do not nest).
func (t *Thread) excMatches(exc, typ Value) (bool, error) {
	e, _ := exc.(*Instance)
	switch ty := typ.(type) {
	case *Class:
		if !ty.exception {
			return false, Errorf(TypeErrorClass, "catching classes that do not inherit from BaseException is not allowed")
		}
		return e != nil && e.Class.IsSubclass(ty), nil
	case Tuple:
		if err := t.tickItems(len(ty)); err != nil {
			return false, err
		}
		for _, x := range ty {
			if c, ok := x.(*Class); !ok || !c.exception {
				return false, Errorf(TypeErrorClass, "catching classes that do not inherit from BaseException is not allowed")
			}
		}
		for _, x := range ty {
			if e != nil && e.Class.IsSubclass(x.(*Class)) {
				return true, nil
			}
		}
		return false, nil
	}
	return false, Errorf(TypeErrorClass, "catching classes that do not inherit from BaseException is not allowed")
}

func (t *Thread) beforeWith(mgr Value) (Value, Value, error) {
	cls := TypeOf(mgr)
	enter := cls.Lookup("__enter__")
	exit := cls.Lookup("__exit__")
	if enter == nil {
		return nil, nil, Errorf(TypeErrorClass, "'%s' object does not support the context manager protocol", TypeName(mgr))
	}
	if exit == nil {
		return nil, nil, Errorf(TypeErrorClass, "'%s' object does not support the context manager protocol (missed __exit__ method)", TypeName(mgr))
	}
	boundExit := &BoundMethod{Self: mgr, Fn: exit}
	r, err := t.callMethod(enter, mgr, nil)
	if err != nil {
		return nil, nil, err
	}
	return boundExit, r, nil
}

func (t *Thread) buildClass(body *Function, name string, bases Tuple, kw []Kwarg) (Value, error) {
	var bcs []*Class
	resolved := false
	for _, b := range bases {
		if c, ok := b.(*Class); ok {
			bcs = append(bcs, c)
			continue
		}
		// PEP 560: a non-class base (list[int], typing.List[int]) names
		// its classes through __mro_entries__.
		m := TypeOf(b).Lookup("__mro_entries__")
		if m == nil {
			return nil, Errorf(TypeErrorClass, "bases must be types")
		}
		r, err := t.callMethod(m, b, Tuple{bases})
		if err != nil {
			return nil, err
		}
		entries, ok := r.(Tuple)
		if !ok {
			return nil, Errorf(TypeErrorClass, "__mro_entries__ must return a tuple")
		}
		for _, e := range entries {
			c, ok := e.(*Class)
			if !ok {
				return nil, Errorf(TypeErrorClass, "bases must be types")
			}
			bcs = append(bcs, c)
		}
		resolved = true
	}
	// The metaclass: the statement's metaclass= or the most derived
	// metaclass of the bases (type for nearly every class).
	var meta Value = TypeClass
	var mcs *Class = TypeClass
	explicit := false
	var ckw []Kwarg
	for _, k := range kw {
		if k.Name == "metaclass" {
			meta, explicit = k.Value, true
		} else {
			ckw = append(ckw, k)
		}
	}
	basesT := bases
	if resolved {
		basesT = classTuple(bcs)
	}
	if m, ok := meta.(*Class); ok {
		if !explicit && len(bcs) > 0 {
			m = TypeOf(bcs[0])
		}
		if explicit || m != TypeClass || len(bcs) > 1 {
			var err error
			if m, err = calculateMeta(m, basesT); err != nil {
				return nil, err
			}
		}
		meta, mcs = m, m
	} else {
		mcs = nil
	}
	// The namespace: a new dict, or what the metaclass's __prepare__
	// returns (a mapping the body's names are stored in through
	// __setitem__ unless it is a plain dict).
	var ns *Dict
	var nsMap Value
	if mcs == TypeClass {
		ns = NewDict()
	} else {
		var err error
		if nsMap, err = t.prepareNamespace(meta, mcs, name, basesT, ckw); err != nil {
			return nil, err
		}
		if d, ok := nsMap.(*Dict); ok {
			ns, nsMap = d, nil
		}
	}
	if ns != nil {
		// __prepare__ may have returned a dict made before the run.
		if err := t.touchDict(ns); err != nil {
			return nil, err
		}
		ns.SetStr("__module__", Str("__main__"))
		ns.SetStr("__qualname__", Str(body.Code.QualName))
	} else {
		if err := t.SetItem(nsMap, Str("__module__"), Str("__main__")); err != nil {
			return nil, err
		}
		if err := t.SetItem(nsMap, Str("__qualname__"), Str(body.Code.QualName)); err != nil {
			return nil, err
		}
	}
	f := newFrame(body.Code, body.Globals)
	f.ns = ns
	f.nsMap = nsMap
	copy(f.cells[len(body.Code.CellNames):], body.Closure)
	for i := range body.Code.CellNames {
		f.cells[i] = &Cell{}
	}
	if t.depth >= t.limits.MaxDepth {
		return nil, Errorf(RecursionErrorClass, "maximum recursion depth exceeded")
	}
	t.depth++
	r, _, err := t.eval(f, f, nil)
	t.depth--
	if err != nil {
		return nil, err
	}
	if resolved {
		if ns != nil {
			ns.SetStr("__orig_bases__", bases)
		} else if err := t.SetItem(nsMap, Str("__orig_bases__"), bases); err != nil {
			return nil, err
		}
	}
	if resolved && ns != nil && mcs == TypeClass {
		// In place of a metaclass (typing.NamedTuple has none here): a
		// non-class base whose type defines
		// __toolplane_new_class__ builds the class from the statement's
		// name, resolved bases and namespace, as typing.NamedTuple's
		// metaclass does in CPython. What it returns is the statement's
		// value.
		for _, b := range bases {
			if _, ok := b.(*Class); ok {
				continue
			}
			if m := TypeOf(b).Lookup("__toolplane_new_class__"); m != nil {
				v, err := t.callMethod(m, b, Tuple{Str(name), basesT, ns})
				if err != nil {
					return nil, err
				}
				if cell, ok := r.(*Cell); ok {
					cell.V = v
				}
				return v, nil
			}
		}
	}
	var cls Value
	cell, _ := r.(*Cell)
	if mcs == TypeClass {
		c, err := t.newClassFrom(TypeClass, name, bcs, ns, ckw, cell)
		if err != nil {
			return nil, err
		}
		cls = c
	} else {
		var nsv Value = nsMap
		if ns != nil {
			nsv = ns
			if cell != nil {
				// The metaclass's type.__new__(mcs, name, bases, ns)
				// finds the cell by the namespace it is given.
				t.classCells = append(t.classCells, pendingClassCell{ns: ns, cell: cell})
			}
		}
		cls, err = t.Call(meta, Tuple{Str(name), basesT, nsv}, ckw)
		if ns != nil && cell != nil {
			t.classCells[len(t.classCells)-1] = pendingClassCell{}
			t.classCells = t.classCells[:len(t.classCells)-1]
		}
		if err != nil {
			return nil, err
		}
	}
	if cell, ok := r.(*Cell); ok {
		cell.V = cls
	}
	return cls, nil
}

// globalName is LOAD_NAME's lookup after the local namespace: the
// globals, the run's overlay, then the builtins.
func (t *Thread) globalName(f *Frame, name string, h uint64) (Value, bool) {
	if v, ok := f.globals.getStrH(name, h); ok {
		return v, true
	}
	if v, ok := getStrOrNil(t.overlay, name, h); ok {
		return v, true
	}
	return t.builtinsFor(f.globals).getStrH(name, h)
}

// nsMapGet looks name up in a class body's mapping namespace through its
// __getitem__; found is false on a KeyError, as LOAD_NAME then goes on to
// the globals.
func (t *Thread) nsMapGet(m Value, name string) (Value, bool, error) {
	v, err := t.GetItem(m, Str(name))
	if err != nil {
		if e, ok := err.(*Instance); ok && e.Class.IsSubclass(KeyErrorClass) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return v, true, nil
}

// prepareNamespace calls the metaclass's __prepare__(name, bases, **kw)
// for the namespace of a class body; a metaclass without one (a plain
// function) gets a dict. mcs is meta when it is a class, nil otherwise.
func (t *Thread) prepareNamespace(meta Value, mcs *Class, name string, bases Tuple, kw []Kwarg) (Value, error) {
	prep, err := t.GetAttr(meta, "__prepare__")
	if err != nil {
		if e, ok := err.(*Instance); ok && e.Class.IsSubclass(AttributeErrorClass) {
			return NewDict(), nil
		}
		return nil, err
	}
	ns, err := t.Call(prep, Tuple{Str(name), bases}, kw)
	if err != nil {
		return nil, err
	}
	if _, ok := ns.(*Dict); ok {
		return ns, nil
	}
	if TypeOf(ns).Lookup("__getitem__") == nil {
		who := "<metaclass>"
		if mcs != nil {
			who = mcs.Name
		}
		return nil, Errorf(TypeErrorClass, "%s.__prepare__() must return a mapping, not %s", who, TypeName(ns))
	}
	return ns, nil
}

func (t *Thread) dictMerge(d *Dict, v Value, call bool, f *Frame) error {
	src, ok := v.(*Dict)
	if !ok {
		if inst, ok := v.(*Instance); ok && inst.Class.Lookup("keys") != nil {
			keys, err := t.CallMethodName(v, "keys", nil, nil)
			if err != nil {
				return err
			}
			ks, err := t.iterate(keys, nil)
			if err != nil {
				return err
			}
			src = NewDict()
			for _, k := range ks {
				val, err := t.GetItem(v, k)
				if err != nil {
					return err
				}
				if err := src.Set(t, k, val); err != nil {
					return err
				}
			}
		} else {
			if call {
				name := ""
				if f != nil && len(f.stack) >= 3 {
					name = calleeDisplay(f.stack[len(f.stack)-3])
				}
				return Errorf(TypeErrorClass, "%sargument after ** must be a mapping, not %s", name, TypeName(v))
			}
			return Errorf(TypeErrorClass, "'%s' object is not a mapping", TypeName(v))
		}
	}
	for _, it := range src.Items() {
		if call {
			// A str subclass instance is a keyword too (CPython checks
			// PyUnicode_Check); it binds by its text.
			ks, ok := AsStr(it[0])
			if !ok {
				return Errorf(TypeErrorClass, "keywords must be strings")
			}
			it[0] = ks
			if d.HasStr(string(ks)) {
				name := ""
				if f != nil && len(f.stack) >= 3 {
					name = calleeDisplay(f.stack[len(f.stack)-3])
				}
				return Errorf(TypeErrorClass, "%sgot multiple values for keyword argument '%s'", name, ks)
			}
		}
		if err := d.Set(t, it[0], it[1]); err != nil {
			return err
		}
	}
	return nil
}

// unpack splits v into exactly n items (after < 0) or into before items, a
// list, and after items.
func (t *Thread) unpack(v Value, before, after int) ([]Value, error) {
	var items []Value
	switch x := v.(type) {
	case Tuple:
		items = x
	case *List:
		items = x.Items
	default:
		if after < 0 {
			return t.unpackExact(v, before)
		}
		var err error
		items, err = t.iterate(v, func() error {
			return Errorf(TypeErrorClass, "cannot unpack non-iterable %s object", TypeName(v))
		})
		if err != nil {
			return nil, err
		}
	}
	if after < 0 {
		if len(items) < before {
			return nil, Errorf(ValueErrorClass, "not enough values to unpack (expected %d, got %d)", before, len(items))
		}
		if len(items) > before {
			return nil, Errorf(ValueErrorClass, "too many values to unpack (expected %d)", before)
		}
		return items, nil
	}
	if len(items) < before+after {
		return nil, Errorf(ValueErrorClass, "not enough values to unpack (expected at least %d, got %d)", before+after, len(items))
	}
	out := make([]Value, 0, before+after+1)
	out = append(out, items[:before]...)
	out = append(out, t.NewList(append([]Value(nil), items[before:len(items)-after]...)))
	out = append(out, items[len(items)-after:]...)
	return out, nil
}

// calleeDisplay names a callee as CPython's errors about its * and **
// arguments do ("__main__.f() ", "len() ", "dict() "), or "" when it has
// no such name.
func calleeDisplay(v Value) string {
	switch fn := v.(type) {
	case *Function:
		return fn.Module + "." + fn.QualName + "() "
	case *Builtin:
		if fn.Self != "" {
			// A method of a type is named by its qualified name (list.sort).
			return fn.Self + "." + fn.Name + "() "
		}
		return fn.Name + "() "
	case *BoundMethod:
		return calleeDisplay(fn.Fn)
	case *Class:
		return fn.Name + "() "
	}
	return ""
}

// UnpackExact unpacks v into exactly n values with the errors of an
// assignment "a, b = v", for libraries that unpack their arguments.
func (t *Thread) UnpackExact(v Value, n int) ([]Value, error) { return t.unpackExact(v, n) }

// unpackExact unpacks an iterator into n targets taking at most n+1 items,
// as CPython does: a failed unpacking leaves the rest of the iterator
// unconsumed, and an endless one fails at once.
func (t *Thread) unpackExact(v Value, n int) ([]Value, error) {
	it, err := t.Iter(v)
	if err != nil {
		if e, ok := err.(*Instance); ok && e.Class == TypeErrorClass {
			return nil, Errorf(TypeErrorClass, "cannot unpack non-iterable %s object", TypeName(v))
		}
		return nil, err
	}
	items := make([]Value, 0, n)
	for len(items) <= n {
		item, ok, err := t.Next(it)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		items = append(items, item)
	}
	if len(items) < n {
		return nil, Errorf(ValueErrorClass, "not enough values to unpack (expected %d, got %d)", n, len(items))
	}
	if len(items) > n {
		return nil, Errorf(ValueErrorClass, "too many values to unpack (expected %d)", n)
	}
	return items, nil
}

var _ = big.NewInt
