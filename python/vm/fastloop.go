package vm

import (
	"unsafe"

	"github.com/toolplane/toolplane/python/compile"
	"github.com/toolplane/toolplane/python/syntax"
)

// fastRun runs frame f from f.ip for as long as each instruction is one of
// the hot operations below and takes its fast path (ints that do not
// overflow, a cached global, a list or range iterator, a plain call of a
// Python function and its return, ...). It stops, without having changed
// anything for it, at the first instruction it does not complete, and
// leaves that one to eval's general loop, which makes the other calls and
// polls the limits; it counts each instruction as the general loop does (a
// fused pair as two steps). Calls of builtins and the general paths of
// common operations (fastSlow) it makes below its loop with the frame's
// state written back; one that raises ends fastRun with the error in
// t.fastErr, f.ip past the instruction, for eval to raise there. It
// stops before an instruction when the step count reaches the next poll,
// so the general loop polls the deadline and the budget exactly when it
// would have. It returns the frame it stopped in: a call it made pushes a
// frame as eval's CALL does, and a return pops one, never eval's base
// frame (that return is eval's).
//
// Generators resumed by a for loop run here too (geninline.go): FOR_ITER
// over a generator links its frame above f and continues in it, and its
// YIELD_VALUE and RETURN_VALUE go back to the loop's frame, so a pipeline
// of generators does not return to eval for every item. A generator's
// YIELD_FROM links its generator delegate's frame the same way; what that
// yields the delegating generator yields. A YIELD_VALUE of base itself
// (the generator that genSend or eval resumed), or of a delegate of base,
// ends the loop after the yield: fastRun then also returns the value,
// which the caller hands out as eval's YIELD_VALUE would (nil: no yield).
//
// Why a loop of its own: eval is one large function whose operations call
// out everywhere, so the Go compiler keeps its state (the frame, the
// instruction pointer, the operand stack) in memory and reloads it for
// every instruction. Here the instruction pointer, the stack pointer and
// the step count are locals that stay in registers, written back once
// when the loop stops.
func (t *Thread) fastRun(f, base *Frame) (*Frame, Value) {
	// stop says why the loop stopped when it did so to switch frames,
	// which it does below the loop, so no value of the loop lives across
	// it and the loop's state stays in registers (one variable: each one
	// live across the loop costs it a register).
	var stop uint8
restart:
	code := f.code
	instrs := code.Instrs
	consts := code.Consts
	locals := f.locals
	globals := f.globals
	st := f.stack[:cap(f.stack)]
	sp := len(f.stack)
	ip := f.ip
	steps := t.steps
loop:
	// eval counts an instruction's step and then polls when the count
	// reaches nextChk: stop before an instruction that would poll.
	for steps+1 < t.nextChk.Load() && ip < len(instrs) {
		ins := instrs[ip]
		arg := int(ins >> 8)
		switch compile.Op(ins & 0xff) {
		case compile.NOP:
			ip++
			steps++
		case compile.POP_TOP:
			sp--
			ip++
			steps++
		case compile.LOAD_CONST:
			if sp == len(st) {
				break loop
			}
			st[sp] = consts[arg]
			sp++
			ip++
			steps++
		case compile.LOAD_FAST:
			v := locals[arg]
			if v == nil || sp == len(st) {
				break loop
			}
			st[sp] = v
			sp++
			ip++
			steps++
		case compile.STORE_FAST:
			sp--
			locals[arg] = st[sp]
			ip++
			steps++
		case compile.LOAD_FAST_LOAD_FAST:
			v, w := locals[arg], locals[instrs[ip+1]>>8]
			if v == nil || w == nil || sp+2 > len(st) {
				break loop
			}
			st[sp] = v
			st[sp+1] = w
			sp += 2
			ip += 2
			steps += 2
		case compile.LOAD_FAST_LOAD_CONST:
			v := locals[arg]
			if v == nil || sp+2 > len(st) {
				break loop
			}
			st[sp] = v
			st[sp+1] = consts[instrs[ip+1]>>8]
			sp += 2
			ip += 2
			steps += 2
		case compile.LOAD_FAST_BINARY_OP_CONST:
			// Three steps; the general loop would poll at the second.
			if steps+2 >= t.nextChk.Load() {
				break loop
			}
			v := locals[arg]
			if v == nil || sp == len(st) {
				break loop
			}
			r, ok := t.arithFast(syntax.Operator(instrs[ip+2]>>8), v, consts[instrs[ip+1]>>8])
			if !ok {
				// The LOAD_FAST alone; its BINARY_OP_CONST is next.
				st[sp] = v
				sp++
				ip++
				steps++
				break
			}
			st[sp] = r
			sp++
			ip += 3
			steps += 3
		case compile.LOAD_FAST_CONST_COMPARE_JUMP:
			// Four steps; the general loop would poll at the third.
			if steps+3 >= t.nextChk.Load() {
				break loop
			}
			x, ok1 := locals[arg].(Int)
			y, ok2 := consts[instrs[ip+1]>>8].(Int)
			if !ok1 || !ok2 {
				break loop
			}
			cmp := instrs[ip+2]
			steps += 4
			if intCompare(syntax.CmpOperator(cmp>>8), x, y) == (compile.Op(cmp&0xff) == compile.COMPARE_OP_JUMP_IF_TRUE) {
				ip = int(instrs[ip+3] >> 8)
			} else {
				ip += 4
			}
		case compile.CONST_COMPARE_JUMP:
			// Three steps; the general loop would poll at the second.
			if steps+2 >= t.nextChk.Load() {
				break loop
			}
			x, ok1 := st[sp-1].(Int)
			y, ok2 := consts[arg].(Int)
			if !ok1 || !ok2 {
				// The LOAD_CONST alone; its compare is next.
				if sp == len(st) {
					break loop
				}
				st[sp] = consts[arg]
				sp++
				ip++
				steps++
				break
			}
			cmp := instrs[ip+1]
			sp--
			steps += 3
			if intCompare(syntax.CmpOperator(cmp>>8), x, y) == (compile.Op(cmp&0xff) == compile.COMPARE_OP_JUMP_IF_TRUE) {
				ip = int(instrs[ip+2] >> 8)
			} else {
				ip += 3
			}
		case compile.STORE_FAST_LOAD_FAST:
			w := locals[instrs[ip+1]>>8]
			b := int(instrs[ip+1] >> 8)
			if b == arg {
				w = st[sp-1]
			}
			if w == nil {
				break loop
			}
			locals[arg] = st[sp-1]
			st[sp-1] = w
			ip += 2
			steps += 2
		case compile.DUP_TOP:
			if sp == len(st) {
				break loop
			}
			st[sp] = st[sp-1]
			sp++
			ip++
			steps++
		case compile.ROT_TWO:
			st[sp-1], st[sp-2] = st[sp-2], st[sp-1]
			ip++
			steps++
		case compile.DUP_TOP_TWO:
			// d[k] += 1's container and key, kept for its STORE_SUBSCR.
			if sp+2 > len(st) {
				break loop
			}
			st[sp] = st[sp-2]
			st[sp+1] = st[sp-1]
			sp += 2
			ip++
			steps++
		case compile.ROT_THREE:
			st[sp-1], st[sp-2], st[sp-3] = st[sp-2], st[sp-3], st[sp-1]
			ip++
			steps++
		case compile.BINARY_OP_CONST:
			bop := syntax.Operator(instrs[ip+1] >> 8)
			r, ok := t.arithFast(bop, st[sp-1], consts[arg])
			if !ok {
				// str + a str constant of at most 1 KiB together (x +
				// "="): seqBinary's path that neither charges nor fails.
				if x, ok := st[sp-1].(Str); ok && bop == syntax.Add {
					if y, ok := consts[arg].(Str); ok && len(x)+len(y) <= 1024 {
						st[sp-1] = concatStr(x, y)
						ip += 2
						steps += 2
						break
					}
				}
				// Anything else: the constant pushed as the LOAD_CONST
				// pushes it, and the BINARY_OP's general path below the
				// loop.
				if sp == len(st) {
					break loop
				}
				st[sp] = consts[arg]
				sp++
				stop = stopSlow
				ip += 2
				steps += 2
				break loop
			}
			st[sp-1] = r
			ip += 2
			steps += 2
		case compile.BINARY_OP_BINARY_OP_CONST:
			// Three steps; the general loop would poll at the second. The
			// intermediate int is never boxed: nothing else sees it.
			if steps+2 < t.nextChk.Load() {
				if r, ok := t.intFast2(syntax.Operator(arg), st[sp-2], st[sp-1], syntax.Operator(instrs[ip+2]>>8), consts[instrs[ip+1]>>8]); ok {
					sp--
					st[sp-1] = r
					ip += 3
					steps += 3
					break
				}
			}
			fallthrough
		case compile.BINARY_OP, compile.INPLACE_OP:
			// In-place operators on ints and floats are the binary ones.
			r, ok := t.arithFast(syntax.Operator(arg), st[sp-2], st[sp-1])
			if !ok {
				// str + str of at most 1 KiB: seqBinary's path that
				// neither charges nor fails.
				if x, ok := st[sp-2].(Str); ok && syntax.Operator(arg) == syntax.Add {
					if y, ok := st[sp-1].(Str); ok && len(x)+len(y) <= 1024 {
						sp--
						st[sp-1] = concatStr(x, y)
						ip++
						steps++
						break
					}
				}
				stop = stopSlow
				ip++
				steps++
				break loop
			}
			sp--
			st[sp-1] = r
			ip++
			steps++
		case compile.COMPARE_OP:
			x, ok1 := st[sp-2].(Int)
			y, ok2 := st[sp-1].(Int)
			if !ok1 || !ok2 {
				stop = stopSlow
				ip++
				steps++
				break loop
			}
			sp--
			st[sp-1] = Bool(intCompare(syntax.CmpOperator(arg), x, y))
			ip++
			steps++
		case compile.COMPARE_OP_JUMP_IF_FALSE, compile.COMPARE_OP_JUMP_IF_TRUE:
			x, ok1 := st[sp-2].(Int)
			y, ok2 := st[sp-1].(Int)
			if !ok1 || !ok2 {
				break loop
			}
			sp -= 2
			steps += 2
			if intCompare(syntax.CmpOperator(arg), x, y) == (compile.Op(ins&0xff) == compile.COMPARE_OP_JUMP_IF_TRUE) {
				ip = int(instrs[ip+1] >> 8)
			} else {
				ip += 2
			}
		case compile.IS_OP:
			sp--
			st[sp-1] = Bool(Is(st[sp-1], st[sp]) != (arg == 1))
			ip++
			steps++
		case compile.JUMP:
			ip = arg
			steps++
		case compile.POP_JUMP_IF_FALSE, compile.POP_JUMP_IF_TRUE:
			b, ok := truthFast(st[sp-1])
			if !ok {
				stop = stopSlow
				ip++
				steps++
				break loop
			}
			sp--
			steps++
			if b == (compile.Op(ins&0xff) == compile.POP_JUMP_IF_TRUE) {
				ip = arg
			} else {
				ip++
			}
		case compile.LOAD_GLOBAL:
			if sp == len(st) {
				break loop
			}
			if c := code.gcache[arg].Load(); c != nil && c.src == globals && c.g == globals && c.gver == globals.version {
				st[sp] = globals.entries[c.ix].value
			} else if v, ok := t.loadGlobal(code, globals, t.overlay, t.builtinsFor(globals), arg); ok {
				// A builtin or host function (or a cache to refill).
				st[sp] = v
			} else {
				break loop
			}
			sp++
			ip++
			steps++
		case compile.STORE_GLOBAL:
			c := code.gcache[arg].Load()
			if !t.storeHit(c, globals) {
				break loop
			}
			sp--
			globals.entries[c.ix].value = st[sp]
			ip++
			steps++
		case compile.FOR_ITER:
			if li, ok := st[sp-1].(*ListIter); ok {
				if sp == len(st) {
					break loop
				}
				if li.i < len(li.list.Items) {
					st[sp] = li.list.Items[li.i]
					li.i++
					sp++
					ip++
				} else {
					// Exhausted for good, as ListIter.next leaves it.
					li.i = 1 << 62
					sp--
					ip = arg
				}
				steps++
				break
			}
			li, ok := st[sp-1].(*Iter)
			if !ok {
				g, isGen := st[sp-1].(*Generator)
				if !isGen || !t.inlineResumable(g) {
					break loop
				}
				// eval's FOR_ITER over a generator: resume it inline,
				// going on in its frame without leaving the loop's
				// function (switch below the loop).
				resumed := g.started
				f.ip = ip + 1
				f.stack = f.stack[:sp]
				t.lastGet = nil
				f = t.genEnterInline(g, f, arg)
				t.top = f
				steps++
				if resumed && steps+1 < t.nextChk.Load() && compile.Op(f.code.Instrs[f.ip]&0xff) == compile.POP_TOP {
					// The POP_TOP of a yield statement, of the None
					// the generator is sent: its step, without its
					// dispatch (where eval would not poll at it).
					f.stack = f.stack[:len(f.stack)-1]
					f.ip++
					steps++
				}
				t.steps = steps
				goto restart
			}
			if sp == len(st) {
				break loop
			}
			var v Value
			switch li.kind {
			case iterRange:
				if li.i < int(li.n) {
					v = t.boxInt(Int(li.start + int64(li.i)*li.step))
					li.i++
				}
			case iterTuple, iterDict:
				// eval runs these through Thread.Next, a second step
				// (which may poll).
				if steps+2 >= t.nextChk.Load() {
					break loop
				}
				if li.dview == viewItems && li.kind == iterDict && instrs[ip+1] == uint32(compile.UNPACK_SEQUENCE)|2<<8 &&
					sp+2 <= len(st) && steps+3 < t.nextChk.Load() {
					// for k, v in d.items(): FOR_ITER and the
					// UNPACK_SEQUENCE after it, without the tuple
					// between them (charged as eval charges it).
					key, val, ok := t.fastNextItem(li)
					if !ok {
						break loop
					}
					if key != nil {
						st[sp] = val
						st[sp+1] = key
						sp += 2
						ip += 2
						steps += 3
						continue loop
					}
				} else {
					var ok bool
					if v, ok = t.fastNext(li); !ok {
						break loop
					}
				}
				steps++
			default:
				break loop
			}
			steps++
			if v == nil {
				sp--
				ip = arg
				break
			}
			st[sp] = v
			sp++
			ip++
		case compile.BINARY_SUBSCR:
			var v Value
			switch o := st[sp-2].(type) {
			case *List:
				if i, ok := st[sp-1].(Int); ok {
					if i < 0 {
						i += Int(len(o.Items))
					}
					if i >= 0 && int(i) < len(o.Items) {
						v = o.Items[i]
					}
				}
			case *Dict:
				if ks, ok := st[sp-1].(Str); ok {
					if ix := o.findStrIx(string(ks), strHash(string(ks))); ix >= 0 {
						v = o.entries[ix].value
						// For d[k] += 1's store.
						t.lastGet, t.lastGetIx = o, ix
					}
				}
			case Tuple:
				if i, ok := st[sp-1].(Int); ok {
					if i < 0 {
						i += Int(len(o))
					}
					if i >= 0 && int(i) < len(o) {
						v = o[i]
					}
				}
			}
			if v == nil {
				stop = stopSlow
				ip++
				steps++
				break loop
			}
			sp--
			st[sp-1] = v
			ip++
			steps++
		case compile.CALL:
			// A plain call of a Python function, as eval's pushPlain
			// path makes it (the same conditions, the same frame).
			pf, ok := st[sp-arg-1].(*Function)
			if !ok {
				if arg == 1 && isBuiltin(st[sp-2], fastLen) {
					if v := t.fastLenOf(st[sp-1]); v != nil {
						sp--
						st[sp-1] = v
						ip++
						steps++
						break
					}
				}
				// Another builtin, or a class that constructs in Go (str,
				// dict, ...): called below the loop; a class whose
				// instances a Python __init__ initialises, as eval's
				// inline construction (stopCtor); super().name(...) as
				// eval makes it, without the super object.
				switch c := st[sp-arg-1].(type) {
				case *Builtin:
					stop = stopBuiltin
				case *Class:
					if c == SuperClass && arg == 2 && ip+1 < len(instrs) && compile.Op(instrs[ip+1]&0xff) == compile.LOAD_METHOD {
						m, self := superMethod(code, ip+1, st[sp-2], st[sp-1])
						if m == nil {
							break loop
						}
						st[sp-3] = m
						st[sp-2] = self
						sp--
						st[sp] = nil
						ip += 2
						steps += 2
						continue loop
					}
					if init := t.plainInit(c); init != nil {
						if !init.callsPlain(arg+1) || len(t.framePool) == 0 || t.depth >= t.limits.MaxDepth {
							break loop
						}
						stop = stopCtor
					} else {
						stop = stopBuiltin
					}
				default:
					break loop
				}
				ip++
				steps++
				break loop
			}
			if !pf.callsPlain(arg) || len(t.framePool) == 0 || t.depth >= t.limits.MaxDepth {
				break loop
			}
			// The call's frame pushed here, without the loop's stop
			// (its count and the dispatch below the loop): what the
			// loop keeps is written back and read again from the new
			// frame, as a stop does.
			f.ip = ip + 1
			f.stack = f.stack[:sp]
			t.steps = steps + 1
			if t.lastGet != nil {
				t.lastGet = nil
			}
			f = t.pushPlain(f, pf, Tuple(st[sp-arg:sp]), sp-arg-1, nil)
			goto restart
		case compile.RETURN_VALUE:
			if f.inlineExit != 0 {
				// eval's RETURN_VALUE of a generator a FOR_ITER resumed
				// (it is exhausted, so the loop pops it and exits) or a
				// YIELD_FROM resumed (the value of the yield from).
				sp--
				ip = len(instrs)
				steps++
				stop = stopGenReturn
				break loop
			}
			// The return of a frame a plain call pushed (eval returns
			// from its base frame); an __init__ of an inline
			// construction returning None gives the instance (any other
			// value is eval's TypeError).
			if f == base || f.ctor != nil && st[sp-1] != None {
				break loop
			}
			// The return made here, as a stop makes it below the loop.
			{
				v := st[sp-1]
				if f.ctor != nil {
					v = f.ctor
				}
				f.stack = f.stack[:sp]
				t.steps = steps + 1
				if t.lastGet != nil {
					t.lastGet = nil
				}
				t.depth--
				done := f
				f = f.back
				t.releaseFrame(done)
				t.top = f
				f.push(v)
			}
			goto restart
		case compile.YIELD_VALUE:
			if f.inlineExit != 0 {
				// eval's YIELD_VALUE of a generator a FOR_ITER or a
				// YIELD_FROM resumed: back to that frame with the value.
				if f.inlineExit != yieldFromInline {
					// To the FOR_ITER's frame, going on there.
					v := st[sp-1]
					f.ip = ip + 1
					f.stack = f.stack[:sp-1]
					t.steps = steps + 1
					t.lastGet = nil
					t.depth--
					f, _ = t.genLeaveInline(f, true)
					t.top = f
					f.push(v)
					goto restart
				}
				sp--
				ip++
				steps++
				stop = stopGenYield
				break loop
			}
			if f != base || f.gen == nil || code.Flags&compile.FlagAsyncGenerator != 0 {
				break loop
			}
			// The base generator yields: the caller returns the value.
			stop = stopYield
			sp--
			ip++
			steps++
			break loop
		case compile.YIELD_FROM:
			// eval's YIELD_FROM in a generator (a coroutine's await is
			// eval's): below the loop, a generator delegate sent None
			// is linked above f and runs here; any other is sent to
			// as eval sends to it, and what it yields this frame
			// yields as YIELD_VALUE would.
			if code.Flags&(compile.FlagCoroutine|compile.FlagAsyncGenerator) != 0 || (f.inlineExit == 0 && f != base) {
				break loop
			}
			stop = stopYieldFrom
			ip++
			steps++
			break loop
		case compile.LOAD_DEREF:
			v := f.cells[arg].V
			if v == nil || sp == len(st) {
				break loop
			}
			st[sp] = v
			sp++
			ip++
			steps++
		case compile.LIST_APPEND:
			// eval's LIST_APPEND where the list has room and the item's
			// charge takes chargeNew's fast path (growing, and a charge
			// that may fail or tick, are eval's).
			// A full list below 1024 items grows here as listAppend grows
			// it, where its charges would neither poll nor fail
			// (appendGrow).
			l := st[sp-1-arg].(*List)
			if len(l.Items) == cap(l.Items) {
				if k := t.appendGrow(l, st[sp-1], t.nextChk.Load()-steps-2); k >= 0 {
					sp--
					ip++
					steps += 1 + k
					break
				}
				stop = stopSlow
				ip++
				steps++
				break loop
			}
			if !t.fastChargeStored(st[sp-1]) {
				stop = stopSlow
				ip++
				steps++
				break loop
			}
			l.Items = append(l.Items, st[sp-1])
			sp--
			ip++
			steps++
		case compile.UNPACK_SEQUENCE:
			// eval's UNPACK_SEQUENCE of a tuple or list of the right
			// length; anything else (an iterator, a count that does not
			// match) below the loop.
			var tup []Value
			switch o := st[sp-1].(type) {
			case Tuple:
				tup = o
			case *List:
				tup = o.Items
			}
			if len(tup) != arg || arg == 0 || sp-1+arg > len(st) {
				stop = stopSlow
				ip++
				steps++
				break loop
			}
			sp--
			for i := arg - 1; i >= 0; i-- {
				st[sp] = tup[i]
				sp++
			}
			ip++
			steps++
		case compile.LOAD_ATTR:
			// eval's LOAD_ATTR of an instance attribute the cache
			// resolves without a call (the instance dict, a method to
			// bind); a property whose getter is a plain function is
			// called below the loop as a plain call (the getter handed
			// there in the free slot above the top).
			o, ok := st[sp-1].(*Instance)
			if !ok {
				break loop
			}
			v, get := t.fastAttr(code, ip, o, arg)
			if v == nil {
				if get == nil || sp == len(st) {
					break loop
				}
				st[sp] = get
				stop = stopGetter
				ip++
				steps++
				break loop
			}
			st[sp-1] = v
			ip++
			steps++
		case compile.STORE_ATTR:
			// eval's STORE_ATTR of an instance attribute the cache
			// resolves to its dict, where the store can neither grow the
			// dict nor fail (storeAttrFast); any other store of an
			// instance's attribute below the loop (fastSlow), so the rest
			// of an __init__ runs here too.
			o, ok := st[sp-1].(*Instance)
			if !ok {
				break loop
			}
			if !t.storeAttrFast(code, ip, o, arg, st[sp-2]) {
				stop = stopSlow
				ip++
				steps++
				break loop
			}
			sp -= 2
			ip++
			steps++
		case compile.LOAD_METHOD:
			// eval's LOAD_METHOD of a builtin type's method or an
			// instance's, from the cache.
			if sp == len(st) {
				break loop
			}
			obj := st[sp-1]
			var b Value
			switch o := obj.(type) {
			case Str:
				if b = builtinMethodFirst(code, ip, StrClass); b == nil {
					b = builtinMethodCached(code, ip, StrClass, arg)
				}
			case *List:
				if b = builtinMethodFirst(code, ip, ListClass); b == nil {
					b = builtinMethodCached(code, ip, ListClass, arg)
				}
			case *Dict, Tuple, *Set, Bytes:
				b = builtinMethodCached(code, ip, TypeOf(obj), arg)
			case *Instance:
				var self Value
				var hit bool
				if b, self, hit = t.loadMethodCached(code, ip, o, arg); !hit {
					break loop
				}
				obj = self
			}
			if b == nil {
				break loop
			}
			st[sp-1] = b
			st[sp] = obj
			sp++
			ip++
			steps++
		case compile.CALL_METHOD:
			// list.append(x) on a list (not a subclass) with room:
			// eval's call of the builtin, without the call.
			if arg == 1 && isBuiltin(st[sp-3], fastListAppend) && t.goDepth < t.limits.MaxDepth+50 {
				if l, ok := st[sp-2].(*List); ok && len(l.Items) < cap(l.Items) && t.fastStore(l.gen, st[sp-1]) {
					l.Items = append(l.Items, st[sp-1])
					sp -= 2
					st[sp-1] = None
					ip++
					steps++
					break
				} else if ok && len(l.Items) == cap(l.Items) {
					// Full: grown as the builtin grows it (appendGrow).
					if k := t.appendGrow(l, st[sp-1], t.nextChk.Load()-steps-2); k >= 0 {
						sp -= 2
						st[sp-1] = None
						ip++
						steps += 1 + k
						break
					}
				}
			}
			// d.get(k) and d.get(k, default) on a dict, where
			// Dict.getFast decides the lookup without a call: eval's call
			// of the builtin, without the call.
			if (arg == 1 || arg == 2) && isBuiltin(st[sp-arg-2], fastDictGet) && t.goDepth < t.limits.MaxDepth+50 {
				if d, ok := st[sp-arg-1].(*Dict); ok {
					if v, ix, ok := d.getFast(st[sp-arg]); ok {
						if ix >= 0 {
							// For d[k] = d.get(k, 0) + 1's store.
							t.lastGet, t.lastGetIx = d, ix
						}
						if v == nil {
							if v = None; arg == 2 {
								v = st[sp-1]
							}
						}
						sp -= arg + 1
						st[sp-1] = v
						ip++
						steps++
						break
					}
				}
			}
			// Another builtin method LOAD_METHOD found (or a builtin it
			// found on a module): called below the loop; a method of an
			// instance, as CALL's plain call.
			switch fn := st[sp-arg-2].(type) {
			case *Builtin:
				stop = stopBuiltin
			case *Function:
				n := arg
				if !isNull(st[sp-arg-1]) {
					n++
				}
				if !fn.callsPlain(n) || len(t.framePool) == 0 || t.depth >= t.limits.MaxDepth {
					break loop
				}
				// Pushed here, as CALL's plain call: fn, self (or
				// LOAD_METHOD's null), the arguments.
				f.ip = ip + 1
				f.stack = f.stack[:sp]
				t.steps = steps + 1
				if t.lastGet != nil {
					t.lastGet = nil
				}
				f = t.pushPlain(f, fn, Tuple(st[sp-n:sp]), sp-arg-2, nil)
				goto restart
			default:
				break loop
			}
			ip++
			steps++
			break loop
		case compile.BUILD_LIST, compile.BUILD_TUPLE:
			// eval's BUILD_LIST and BUILD_TUPLE where the charge takes
			// chargeNew's fast path.
			if compile.Op(ins&0xff) == compile.BUILD_TUPLE && arg > 0 && ip+1 < len(instrs) &&
				instrs[ip+1] == uint32(compile.BINARY_OP)|uint32(syntax.Mod)<<8 && steps+2 < t.nextChk.Load() {
				// str % (a, b): the tuple charged and both steps
				// counted here, where neither instruction would poll,
				// and the formatting made below the loop of the items
				// on the stack, with no tuple (nothing else sees it).
				if _, ok := st[sp-arg-1].(Str); ok {
					if n := tupleBytes(arg) + itemsStoredBytes(st[sp-arg:sp]); t.mem+n <= t.limits.MaxMemoryBytes && n < AllocBytesPerStep {
						t.mem += n
						stop = stopFormat
						ip += 2
						steps += 2
						break loop
					}
				}
			}
			var n int64
			if compile.Op(ins&0xff) == compile.BUILD_LIST {
				n = listBytes + arrayBytes(arg, valueSize)
			} else {
				n = tupleBytes(arg)
			}
			n += itemsStoredBytes(st[sp-arg : sp])
			if m := t.mem + n; m > t.limits.MaxMemoryBytes || n >= AllocBytesPerStep || sp == len(st) {
				break loop
			}
			items := make([]Value, arg)
			copy(items, st[sp-arg:sp])
			for i := sp - arg; i < sp; i++ {
				st[i] = nil
			}
			sp -= arg
			if compile.Op(ins&0xff) == compile.BUILD_LIST {
				st[sp] = t.NewList(items)
			} else {
				st[sp] = Tuple(items)
			}
			t.mem += n
			sp++
			ip++
			steps++
		case compile.STORE_DEREF:
			if !t.fastChargeStored(st[sp-1]) {
				break loop
			}
			sp--
			f.cells[arg].V = st[sp]
			ip++
			steps++
		case compile.SET_ADD:
			// eval's SET_ADD of an int or a short str the set takes
			// without a call, a charge that may fail or a resize
			// (Set.addFast), its insertion's step counted as Set.add
			// counts it (the general loop would poll at neither);
			// anything else below the loop.
			if steps+2 < t.nextChk.Load() && st[sp-1-arg].(*Set).addFast(t, st[sp-1]) {
				sp--
				ip++
				steps += 2
				break
			}
			stop = stopSlow
			ip++
			steps++
			break loop
		case compile.MAP_ADD:
			// eval's MAP_ADD of an int or short str key the dict takes
			// without a call, a charge that may fail or growth
			// (Dict.setFast), its insertion's step counted as Dict.set
			// counts it; anything else below the loop.
			if steps+2 < t.nextChk.Load() && st[sp-2-arg].(*Dict).setFast(t, st[sp-2], st[sp-1]) {
				sp -= 2
				ip++
				steps += 2
				break
			}
			stop = stopSlow
			ip++
			steps++
			break loop
		case compile.STORE_SUBSCR:
			// eval's STORE_SUBSCR of a dict where Dict.setFast takes the
			// key (its insertion's step counted as Dict.set counts it),
			// and of a list at an int index in range where the charge
			// takes chargeNew's fast path; anything else below the loop.
			switch o := st[sp-2].(type) {
			case *Dict:
				if o == t.lastGet && !o.class && steps+2 < t.nextChk.Load() {
					// The str key dict.get or d[k] found last, if it is
					// still there: its entry without a hash and a probe.
					if ks, ok := st[sp-1].(Str); ok && t.lastGetIx < len(o.entries) {
						if e := &o.entries[t.lastGetIx]; e.key != nil {
							if k, ok := e.key.(Str); ok && k == ks && t.fastStore(o.gen, st[sp-3]) {
								e.value = st[sp-3]
								sp -= 3
								ip++
								steps += 2
								continue loop
							}
						}
					}
				}
				if steps+2 < t.nextChk.Load() && o.setFast(t, st[sp-1], st[sp-3]) {
					sp -= 3
					ip++
					steps += 2
					continue loop
				}
			case *List:
				if i, ok := st[sp-1].(Int); ok {
					if i < 0 {
						i += Int(len(o.Items))
					}
					if i >= 0 && int(i) < len(o.Items) && t.fastStore(o.gen, st[sp-3]) {
						o.Items[i] = st[sp-3]
						sp -= 3
						ip++
						steps++
						continue loop
					}
				}
			}
			stop = stopSlow
			ip++
			steps++
			break loop
		case compile.GET_ITER:
			// eval's GET_ITER of a list (a for loop's, a
			// comprehension's) where the iterator's charge takes
			// chargeNew's fast path; anything else below the loop.
			if l, ok := st[sp-1].(*List); ok {
				if m := t.mem + listIterBytes; m <= t.limits.MaxMemoryBytes && listIterBytes < AllocBytesPerStep {
					st[sp-1] = &ListIter{list: l}
					t.mem = m
					ip++
					steps++
					break
				}
			}
			stop = stopSlow
			ip++
			steps++
			break loop
		case compile.MAKE_FUNCTION:
			// makeFunction's reused function of a comprehension
			// (comprehensionFn) where its charge takes chargeNew's fast
			// path; any other function below the loop.
			if c, ok := st[sp-1].(*CodeObj); ok && arg == 0 && c.comprehension && !t.freshCompFns {
				fn := t.comprehensionFn(c, globals)
				if n := ownBytes(fn); t.mem+n <= t.limits.MaxMemoryBytes && n < AllocBytesPerStep {
					st[sp-1] = fn
					t.mem += n
					ip++
					steps++
					break
				}
			}
			stop = stopSlow
			ip++
			steps++
			break loop
		case compile.BUILD_SLICE, compile.BUILD_MAP, compile.FORMAT_VALUE, compile.BUILD_STRING:
			// Operations that charge memory or may raise: below the
			// loop.
			stop = stopSlow
			ip++
			steps++
			break loop
		default:
			break loop
		}
	}
	f.ip = ip
	t.fastStops++
	t.lastGet = nil
	// A reslice of f.stack itself stores only its length (st shares its
	// array): no pointer store, so no write barrier while the collector
	// marks.
	f.stack = f.stack[:sp]
	t.steps = steps
	switch stop {
	case stopCtor:
		// eval's inline construction: the instance in the class's
		// slot, charged, its __init__ pushed with it as self.
		base := sp - int(instrs[ip-1]>>8) - 1
		cls := st[base].(*Class)
		ctor := &Instance{Class: cls, Dict: newInstanceDict(cls)}
		t.stamp(ctor)
		st[base] = ctor
		if err := t.chargeNew(newBytes(ctor)); err != nil {
			t.fastErr = err
			return f, nil
		}
		f = t.pushPlain(f, t.plainInit(cls), Tuple(st[base:sp]), base, ctor)
	case stopGetter:
		get := st[sp].(*Function)
		st[sp] = nil
		f = t.pushPlain(f, get, Tuple(st[sp-1:sp]), sp-1, nil)
	case stopGenYield:
		// A delegate's yield (one to a FOR_ITER's frame goes on in the
		// loop).
		v := st[sp]
		var out bool
		f, out = t.genYieldInline(f, v)
		t.top = f
		if out {
			// A generator that base delegated to with yield from
			// yielded: base yields the value.
			return f, v
		}
	case stopGenReturn:
		f = t.genReturnInline(f, st[sp])
		t.top = f
	case stopBuiltin:
		// What eval's CALL does for a builtin with positional arguments
		// (Call for a class). The frame's state is written back: the
		// builtin may raise (the instruction's error, f.ip past it as
		// eval leaves it), call back into the snippet, tick steps or
		// measure the frame's stack.
		ins := instrs[ip-1]
		n := int(ins>>8) + 1
		if compile.Op(ins&0xff) == compile.CALL_METHOD {
			n++
		}
		lo, bottom := sp-n+1, sp-n
		if n > int(ins>>8)+1 && isNull(st[lo]) {
			lo++
		}
		fn := st[bottom]
		var r Value
		var err error
		if b, ok := fn.(*Builtin); ok {
			// The builtins callUnpack fuses with an unpacking, tested
			// here: a call of any other does not pay a call to learn it.
			if b == fastSplit || b == fastPartition || b == fastRPartition {
				var done bool
				if done, err = t.callUnpack(f, b, Tuple(st[lo:sp:sp]), bottom); done {
					if err != nil {
						t.fastErr = err
						return f, nil
					}
					stop = 0
					goto restart
				}
			}
			if err = t.enterGo(); err == nil {
				r, err = b.Fn(t, Tuple(st[lo:sp:sp]), nil)
				t.leaveGo()
			}
		} else {
			r, err = t.Call(fn, Tuple(st[lo:sp:sp]), nil)
		}
		// The slots above the result are cleared; the result's own
		// slot is overwritten, or cleared on an error.
		for i := bottom + 1; i < sp; i++ {
			st[i] = nil
		}
		if err != nil {
			st[bottom] = nil
			f.stack = f.stack[:bottom]
			t.fastErr = err
			return f, nil
		}
		st[bottom] = r
		f.stack = f.stack[:bottom+1]
	case stopFormat:
		n := int(instrs[ip-2] >> 8)
		format := st[sp-n-1].(Str)
		r, err := t.percentFormatTuple(string(format), Tuple(st[sp-n:sp:sp]))
		clear(st[sp-n : sp])
		f.stack = f.stack[:sp-n]
		if err != nil {
			t.fastErr = err
			return f, nil
		}
		st[sp-n-1] = r
	case stopSlow:
		if err := t.fastSlow(f, instrs[ip-1]); err != nil {
			t.fastErr = err
			return f, nil
		}
	case stopYieldFrom:
		// eval's YIELD_FROM: the value sent to this frame goes to the
		// delegate; a yield leaves the frame at the YIELD_FROM, to send
		// again when it is resumed.
		sent := st[sp-1]
		f.stack = f.stack[:sp-1]
		if g, ok := st[sp-2].(*Generator); ok && sent == None && t.inlineResumable(g) {
			// A generator delegate sent None runs here, above f.
			f = t.genEnterInline(g, f, yieldFromInline-1)
			t.top = f
			break
		}
		r, yielded, err := t.sendTo(st[sp-2], sent, nil)
		if err != nil {
			f.stack = f.stack[:sp-2]
			t.fastErr = err
			return f, nil
		}
		if !yielded {
			st[sp-2] = r
			break
		}
		f.ip--
		if f.inlineExit == 0 {
			// base yields.
			return f, r
		}
		var out bool
		f, out = t.genYieldInline(f, r)
		t.top = f
		if out {
			return f, r
		}
	case stopYield:
		return f, st[sp]
	default:
		return f, nil
	}
	stop = 0
	goto restart
}

// Why fastRun's loop stopped to switch frames (or yield).
const (
	stopGenYield uint8 = 1 + iota
	stopGenReturn
	stopYield
	// stopYieldFrom: a generator's YIELD_FROM, which sends to its
	// delegate below the loop.
	stopYieldFrom
	// stopBuiltin: a CALL or CALL_METHOD of a builtin, or CALL of a
	// class that constructs in Go.
	stopBuiltin
	// stopSlow: an instruction whose general path fastSlow runs.
	stopSlow
	// stopGetter: LOAD_ATTR of a property whose getter is called as a
	// plain call.
	stopGetter
	// stopCtor: CALL of a class constructed inline (Frame.ctor).
	stopCtor
	// stopFormat: BUILD_TUPLE and the BINARY_OP % of a str after it,
	// counted and the tuple charged; the formatting is left.
	stopFormat
)

// appendGrow appends v to the full list l (len == cap) of fewer than 1024
// items as list.append and listAppend do (appendItem's growth, then
// chargeSlots of the new capacity, then chargeStored of v), where those
// charges take their fast paths: within the limit, no re-measurement, no
// heap check, and the steps the array's charge counts (one per
// AllocBytesPerStep bytes) at most maxSteps, so that counting them would
// not poll. It returns those steps, for the caller to count, or -1 with l
// unchanged (a large list's growth is left to the general path, which
// would otherwise allocate it twice).
func (t *Thread) appendGrow(l *List, v Value, maxSteps int64) int64 {
	n := len(l.Items)
	if n >= 1024 || maxSteps < 100 || l.gen != t.epoch {
		return -1
	}
	items := appendItem(l.Items[:n:n], v)
	a := arrayBytes(cap(items), valueSize)
	k := a / AllocBytesPerStep
	sv := storedBytes(v)
	if k > maxSteps || sv >= AllocBytesPerStep || a+sv > t.limits.MaxMemoryBytes-t.mem {
		return -1
	}
	l.Items = items
	t.mem += a + sv
	return k
}

// storeHit reports whether c, the cache record of a STORE_GLOBAL, holds
// the name's entry in globals, and the run's journal has saved them
// (journal.go): else the store is made below the loop.
func (t *Thread) storeHit(c *nameCache, globals *Dict) bool {
	return c != nil && c.src == globals && c.g == globals && c.gver == globals.version && globals.gen == t.epoch
}

// fastStore is fastChargeStored for a store into a list or dict whose
// gen is gen: false, with nothing charged, where the run's journal must
// save the container first (journal.go), which the path below the loop
// does.
func (t *Thread) fastStore(gen uint64, v Value) bool {
	return gen == t.epoch && t.fastChargeStored(v)
}

// fastChargeStored is chargeStored where it takes chargeNew's fast path,
// which can neither fail nor tick; false, with nothing charged, elsewhere.
func (t *Thread) fastChargeStored(v Value) bool {
	if n := storedBytes(v); n > 0 {
		m := t.mem + n
		if m > t.limits.MaxMemoryBytes || n >= AllocBytesPerStep {
			return false
		}
		t.mem = m
	}
	return true
}

// fastLenOf is len(v) for a list, tuple or dict, when a call of the
// builtin could not fail (Go depth left); nil elsewhere.
func (t *Thread) fastLenOf(v Value) Value {
	if t.goDepth >= t.limits.MaxDepth+50 {
		return nil
	}
	switch x := v.(type) {
	case *List:
		return boxInt(Int(len(x.Items)))
	case Tuple:
		return boxInt(Int(len(x)))
	case *Dict:
		return boxInt(Int(x.Len()))
	}
	return nil
}

// arithFast is a binary operation on two ints or two floats that needs no
// call, no error and no big int: + - * // % & | ^ on ints within int64,
// + - * on floats. ok is false for anything else (the general path then
// computes it, raising or promoting as it must).
func (t *Thread) arithFast(op syntax.Operator, a, b Value) (Value, bool) {
	if x, ok := a.(Int); ok {
		y, ok := b.(Int)
		if !ok {
			// int op float: the int converted as floatBinary's
			// toFloat converts it.
			if yf, ok := b.(Float); ok {
				return floatFast(op, Float(x), yf)
			}
			return nil, false
		}
		switch op {
		case syntax.Add:
			if s := x + y; (s > x) == (y > 0) {
				return t.boxInt(s), true
			}
		case syntax.Sub:
			if s := x - y; (s < x) == (y > 0) {
				return t.boxInt(s), true
			}
		default:
			if r, ok := intArith(op, x, y); ok {
				return t.boxInt(r), true
			}
		}
		return nil, false
	}
	if x, ok := a.(Float); ok {
		y, ok := b.(Float)
		if !ok {
			yi, ok := b.(Int)
			if !ok {
				return nil, false
			}
			y = Float(yi)
		}
		return floatFast(op, x, y)
	}
	return nil, false
}

// floatFast is floatBinary's +, - and * (which cannot fail).
func floatFast(op syntax.Operator, x, y Float) (Value, bool) {
	switch op {
	case syntax.Add:
		return x + y, true
	case syntax.Sub:
		return x - y, true
	case syntax.Mult:
		return x * y, true
	}
	return nil, false
}

// intFast2 is (a op b) op2 c on ints where both operations take intFast's
// path (BINARY_OP_BINARY_OP_CONST), without a box for a op b.
func (t *Thread) intFast2(op syntax.Operator, a, b Value, op2 syntax.Operator, c Value) (Value, bool) {
	x, ok1 := a.(Int)
	y, ok2 := b.(Int)
	z, ok3 := c.(Int)
	if !ok1 || !ok2 || !ok3 {
		return nil, false
	}
	r, ok := intArith(op, x, y)
	if !ok {
		return nil, false
	}
	if r, ok = intArith(op2, r, z); !ok {
		return nil, false
	}
	return t.boxInt(r), true
}

// isBuiltin reports whether v is the builtin b: a type test and a pointer
// comparison, cheaper than comparing interfaces.
func isBuiltin(v Value, b *Builtin) bool {
	x, ok := v.(*Builtin)
	return ok && x == b
}

// fastListAppend, fastDictGet and fastLen are the builtins list.append,
// dict.get and len, which fastRun runs without calling them (set once, when the package starts).
var fastListAppend, fastDictGet, fastLen *Builtin

func initFastCalls() {
	builtin := func(d *Dict, name string) *Builtin {
		v, _ := d.GetStr(name)
		b, _ := v.(*Builtin)
		return b
	}
	fastListAppend = builtin(ListClass.Dict, "append")
	fastDictGet = builtin(DictClass.Dict, "get")
	fastLen = builtin(builtinsDict, "len")
	fastPartition = builtin(StrClass.Dict, "partition")
	fastRPartition = builtin(StrClass.Dict, "rpartition")
	fastSplit = builtin(StrClass.Dict, "split")
	if fastListAppend == nil || fastDictGet == nil || fastLen == nil || fastPartition == nil || fastRPartition == nil || fastSplit == nil {
		panic("vm: list.append, dict.get, len or str.partition missing")
	}
}

// fastNextItem is fastNext for a dict items iterator whose item is
// unpacked at once: the key and value without the tuple (whose charge it
// makes all the same); k is nil when the iterator is exhausted.
func (t *Thread) fastNextItem(li *Iter) (k, v Value, ok bool) {
	d := li.dict
	if d.live != li.live {
		return nil, nil, false
	}
	j := li.i
	for j < len(d.entries) && d.entries[j].key == nil && j-li.i < ItemsPerStep {
		j++
	}
	if j-li.i >= ItemsPerStep-1 {
		return nil, nil, false
	}
	if j < len(d.entries) {
		n := tupleBytes(2)
		m := t.mem + n
		if m > t.limits.MaxMemoryBytes || n >= AllocBytesPerStep {
			return nil, nil, false
		}
		t.mem = m
		k, v = d.entries[j].key, d.entries[j].value
		j++
	}
	li.i = j
	return k, v, true
}

// fastNext is Iter.next for a tuple or dict iterator where it can neither
// fail nor tick: the dict unchanged in size, fewer than ItemsPerStep
// entries visited, an items tuple whose charge takes chargeNew's fast
// path. ok is false, with nothing changed, where fastRun must leave the
// instruction to eval; v is nil when the iterator is exhausted.
func (t *Thread) fastNext(li *Iter) (v Value, ok bool) {
	if li.kind == iterTuple {
		if li.i < len(li.tup) {
			v = li.tup[li.i]
			li.i++
		}
		return v, true
	}
	d := li.dict
	if d.live != li.live || li.cls == SetIterClass {
		return nil, false
	}
	j := li.i
	for j < len(d.entries) && d.entries[j].key == nil && j-li.i < ItemsPerStep {
		j++
	}
	if j-li.i >= ItemsPerStep-1 {
		return nil, false
	}
	if j < len(d.entries) {
		e := &d.entries[j]
		switch li.dview {
		case viewKeys:
			v = e.key
		case viewValues:
			v = e.value
		default:
			n := tupleBytes(2)
			m := t.mem + n
			if m > t.limits.MaxMemoryBytes || n >= AllocBytesPerStep {
				return nil, false
			}
			t.mem = m
			v = Tuple{e.key, e.value}
		}
		j++
	}
	li.i = j
	return v, true
}

// fastSlow runs instruction ins of frame f as eval's general loop does,
// for fastRun, which has written the frame's state back (f.ip is past
// ins, its step counted): the general path of an operation whose fast path
// did not apply. It returns the error eval would raise.
func (t *Thread) fastSlow(f *Frame, ins uint32) error {
	arg := int(ins >> 8)
	switch compile.Op(ins & 0xff) {
	case compile.BINARY_OP, compile.INPLACE_OP, compile.BINARY_OP_BINARY_OP_CONST:
		b := f.stack[len(f.stack)-1]
		f.stack = f.stack[:len(f.stack)-1]
		a := f.top()
		var r Value
		var err error
		if compile.Op(ins&0xff) != compile.INPLACE_OP {
			r, err = t.Binary(syntax.Operator(arg), a, b)
		} else {
			r, err = t.Inplace(syntax.Operator(arg), a, b)
		}
		if err == nil {
			f.stack[len(f.stack)-1] = r
		}
		return err
	case compile.COMPARE_OP:
		b := f.stack[len(f.stack)-1]
		f.stack = f.stack[:len(f.stack)-1]
		r, err := t.Compare(syntax.CmpOperator(arg), f.top(), b)
		if err == nil {
			f.stack[len(f.stack)-1] = r
		}
		return err
	case compile.POP_JUMP_IF_FALSE, compile.POP_JUMP_IF_TRUE:
		v := f.stack[len(f.stack)-1]
		f.stack = f.stack[:len(f.stack)-1]
		b, err := t.Truth(v)
		if err != nil {
			return err
		}
		if b == (compile.Op(ins&0xff) == compile.POP_JUMP_IF_TRUE) {
			f.ip = arg
		}
	case compile.BINARY_SUBSCR:
		k := f.stack[len(f.stack)-1]
		f.stack = f.stack[:len(f.stack)-1]
		r, err := t.GetItem(f.top(), k)
		if err == nil {
			f.stack[len(f.stack)-1] = r
		}
		return err
	case compile.STORE_SUBSCR:
		n := len(f.stack)
		k, obj, v := f.stack[n-1], f.stack[n-2], f.stack[n-3]
		f.stack = f.stack[:n-3]
		return t.storeSubscr(obj, k, v)
	case compile.UNPACK_SEQUENCE:
		v := f.stack[len(f.stack)-1]
		f.stack = f.stack[:len(f.stack)-1]
		items, err := t.unpack(v, arg, -1)
		if err != nil {
			return err
		}
		for i := len(items) - 1; i >= 0; i-- {
			f.push(items[i])
		}
	case compile.LIST_APPEND:
		v := f.stack[len(f.stack)-1]
		f.stack = f.stack[:len(f.stack)-1]
		return t.listAppend(f.stack[len(f.stack)-arg].(*List), v)
	case compile.STORE_ATTR:
		n := len(f.stack)
		obj, v := f.stack[n-1], f.stack[n-2]
		f.stack = f.stack[:n-2]
		if o, ok := obj.(*Instance); ok {
			if done, err := storeAttrCached(t, f.code, f.ip-1, o, arg, v); done {
				return err
			}
		}
		return t.SetAttr(obj, f.code.Names[arg], v)
	case compile.BUILD_SLICE:
		return t.buildSlice(f, arg)
	case compile.GET_ITER:
		it, err := t.Iter(f.top())
		if err == nil {
			f.stack[len(f.stack)-1] = it
		}
		return err
	case compile.MAKE_FUNCTION:
		return t.makeFunction(f, arg)
	case compile.SET_ADD:
		v := f.stack[len(f.stack)-1]
		f.stack = f.stack[:len(f.stack)-1]
		return f.stack[len(f.stack)-arg].(*Set).Add(t, v)
	case compile.MAP_ADD:
		n := len(f.stack)
		k, v := f.stack[n-2], f.stack[n-1]
		f.stack = f.stack[:n-2]
		return f.stack[n-2-arg].(*Dict).Set(t, k, v)
	case compile.BUILD_MAP:
		return t.buildMap(f, arg)
	case compile.FORMAT_VALUE:
		return t.formatValueOp(f, arg)
	case compile.BUILD_STRING:
		return t.buildString(f, arg)
	}
	return nil
}

// makeFunction is MAKE_FUNCTION: the code object on f's stack, with what
// arg says lies below it, made a function.
func (t *Thread) makeFunction(f *Frame, arg int) error {
	c := f.pop().(*CodeObj)
	if arg == 0 && c.comprehension && !t.freshCompFns {
		fn := t.comprehensionFn(c, f.globals)
		f.push(fn)
		return t.chargeNew(ownBytes(fn))
	}
	fn := &Function{Code: c, Name: c.Name, QualName: c.QualName, Globals: f.globals, Module: "__main__"}
	if arg&compile.FuncClosure != 0 {
		tup := f.pop().(Tuple)
		fn.Closure = make([]*Cell, len(tup))
		for i, x := range tup {
			fn.Closure[i] = x.(*Cell)
		}
	}
	if arg&compile.FuncAnnotations != 0 {
		fn.Annotations = f.pop().(*Dict)
	}
	if arg&compile.FuncKwDefaults != 0 {
		fn.KwDefaults = f.pop().(*Dict)
	}
	if arg&compile.FuncDefaults != 0 {
		fn.Defaults = f.pop().(Tuple)
	}
	f.push(fn)
	return t.chargeNew(ownBytes(fn))
}

// comprehensionFn is the function MAKE_FUNCTION makes of c, the code of a
// comprehension without a closure, in globals: one per code object and
// thread, made once and reused. Nothing can tell: the function is called
// at once by the CALL after its iterable and held by nothing but that
// call's frame (and the retained-size walk, which counts it as a fresh
// one); every field is what a fresh one would hold (c, its names,
// globals, the module), and a comprehension's code object always runs in
// the same globals, so even a reuse while the first is on the stack (the
// iterable's expression running the same comprehension again) sees the
// same object. makeFunction charges it as a new one all the same.
func (t *Thread) comprehensionFn(c *CodeObj, globals *Dict) *Function {
	slot := &t.compFns[uintptr(unsafe.Pointer(c))*0x9E3779B97F4A7C15>>61]
	if fn := *slot; fn != nil && fn.Code == c && fn.Globals == globals {
		return fn
	}
	fn := &Function{Code: c, Name: c.Name, QualName: c.QualName, Globals: globals, Module: "__main__"}
	*slot = fn
	return fn
}

// listAppend is LIST_APPEND: v appended to l, its growth and v charged.
func (t *Thread) listAppend(l *List, v Value) error {
	c := cap(l.Items)
	l.Items = appendItem(l.Items, v)
	if cap(l.Items) != c {
		if err := t.chargeSlots(cap(l.Items)); err != nil {
			return err
		}
	}
	return t.chargeStored(v)
}

// buildMap is BUILD_MAP: a dict of the arg key and value pairs on the
// stack, charged once it is filled.
func (t *Thread) buildMap(f *Frame, arg int) error {
	n := len(f.stack)
	d := NewDictSize(arg)
	d.gen = t.epoch
	var err error
	for i := n - 2*arg; i < n; i += 2 {
		if err = d.Set(t, f.stack[i], f.stack[i+1]); err != nil {
			break
		}
	}
	clear(f.stack[n-2*arg:])
	f.stack = f.stack[:n-2*arg]
	f.push(d)
	if err != nil {
		return err
	}
	return t.chargeNew(newBytes(d))
}

// formatValueOp is FORMAT_VALUE: the value on the stack (under its
// format spec when arg&4) formatted as an f-string field, converted as
// arg&3 says.
func (t *Thread) formatValueOp(f *Frame, arg int) error {
	var spec Value = Str("")
	if arg&4 != 0 {
		spec = f.stack[len(f.stack)-1]
		f.stack = f.stack[:len(f.stack)-1]
	}
	v := f.stack[len(f.stack)-1]
	f.stack = f.stack[:len(f.stack)-1]
	s, err := t.formatValue(v, arg&3, string(spec.(Str)))
	if err == nil {
		f.push(s)
	}
	return err
}

// buildString is BUILD_STRING: the arg strs on the stack joined, in one
// block where that fits.
func (t *Thread) buildString(f *Frame, arg int) error {
	n := len(f.stack)
	total := 0
	for _, p := range f.stack[n-arg:] {
		total += len(p.(Str))
	}
	var s Value
	if total > 0 && total <= strOneBlockMax && strOneBlock[total] {
		var buf []byte
		s, buf = newStrBlock(total)
		buf = buf[:0]
		for _, p := range f.stack[n-arg:] {
			buf = append(buf, p.(Str)...)
		}
	} else {
		buf := make([]byte, 0, total)
		for _, p := range f.stack[n-arg:] {
			buf = append(buf, p.(Str)...)
		}
		// buf is this string's own: no copy to convert it.
		s = Str(unsafe.String(unsafe.SliceData(buf), len(buf)))
	}
	clear(f.stack[n-arg:])
	f.stack = f.stack[:n-arg]
	f.push(s)
	if total > 4096 {
		return t.Charge(int64(total))
	}
	return nil
}

// storeSubscr is STORE_SUBSCR, obj[k] = v: a list item in place, anything
// else through SetItem.
func (t *Thread) storeSubscr(obj, k, v Value) error {
	if l, ok := obj.(*List); ok {
		if i, ok := k.(Int); ok {
			if i < 0 {
				i += Int(len(l.Items))
			}
			if i >= 0 && int(i) < len(l.Items) {
				if err := t.touchList(l); err != nil {
					return err
				}
				l.Items[i] = v
				return t.chargeStored(v)
			}
		}
	}
	return t.SetItem(obj, k, v)
}

// buildSlice runs BUILD_SLICE (arg 2 or 3 operands), for eval and the fast
// loop alike.
//
// BUILD_SLICE 2 followed by BINARY_SUBSCR on a str, list or tuple with int
// or None bounds (s[a:b]) runs as one: the result replaces the receiver and
// no Slice object is made or charged. The BINARY_SUBSCR's step is counted
// here, and only when eval would not poll at it, so steps and limits stay
// exactly as two instructions'; with int or None bounds such a slice fails
// only by a limit its scanning work reaches, raised, as eval does, with the
// frame past the BINARY_SUBSCR.
func (t *Thread) buildSlice(f *Frame, arg int) error {
	if n := len(f.stack); arg == 2 && f.ip < len(f.code.Instrs) &&
		compile.Op(f.code.Instrs[f.ip]&0xff) == compile.BINARY_SUBSCR &&
		t.steps+1 < t.nextChk.Load() {
		if r, ok, err := t.sliceNow(f, f.stack[n-3], f.stack[n-2], f.stack[n-1]); ok {
			f.stack[n-2], f.stack[n-1] = nil, nil
			f.stack = f.stack[:n-2]
			if err == nil {
				f.stack[n-3] = r
			}
			return err
		}
	}
	var step Value = None
	if arg == 3 {
		step = f.stack[len(f.stack)-1]
		f.stack = f.stack[:len(f.stack)-1]
	}
	stop := f.stack[len(f.stack)-1]
	f.stack = f.stack[:len(f.stack)-1]
	start := f.stack[len(f.stack)-1]
	f.stack = f.stack[:len(f.stack)-1]
	f.push(&Slice{Start: start, Stop: stop, Step: step})
	return t.chargeNew(sliceBytes)
}

// sliceNow is obj[start:stop] for a str, list or tuple obj and int or None
// bounds, without a Slice object; false, with nothing done, for anything
// else (which takes the general path, errors included). The only error is
// a limit that the str index cache's scanning work reached.
func (t *Thread) sliceNow(f *Frame, obj, start, stop Value) (Value, bool, error) {
	if _, ok := start.(Int); !ok && start != None {
		return nil, false, nil
	}
	if _, ok := stop.(Int); !ok && stop != None {
		return nil, false, nil
	}
	switch obj.(type) {
	case Str, *List, Tuple:
	default:
		return nil, false, nil
	}
	// From here on this is the BINARY_SUBSCR: its step counts first.
	f.ip++
	t.steps++
	sl := Slice{Start: start, Stop: stop, Step: None}
	switch o := obj.(type) {
	case Str:
		if len(o) < strIndexMin && asciiOnly(string(o)) {
			// A short ASCII str: code points are bytes (what the index
			// cache's slice finds, without its Slice and indices).
			n := len(o)
			a, b := plainBound(start, 0, n), plainBound(stop, n, n)
			var v Value
			switch {
			case b <= a:
				v = Str("")
			case a == 0 && b == n:
				v = o
			default:
				v = o[a:b]
			}
			return v, true, t.strIndexWork(nil)
		}
		v, err := t.strIdx.slice(t, o, &sl)
		return v, true, t.strIndexWork(err)
	case *List:
		a, b, step, err := t.sliceIndices(&sl, len(o.Items))
		if err != nil {
			return nil, true, err
		}
		items, err := t.slicedItems(o.Items, a, b, step)
		if err != nil {
			return nil, true, err
		}
		return t.NewList(items), true, nil
	default:
		tu := obj.(Tuple)
		a, b, step, err := t.sliceIndices(&sl, len(tu))
		if err != nil {
			return nil, true, err
		}
		items, err := t.slicedItems(tu, a, b, step)
		if err != nil {
			return nil, true, err
		}
		return Tuple(items), true, nil
	}
}

// plainBound is a bound of a slice with no step of a sequence of n items,
// as sliceIndices finds it: v an Int (negative from the end, clamped to
// 0..n) or None (def).
func plainBound(v Value, def, n int) int {
	i, ok := v.(Int)
	if !ok {
		return def
	}
	if i < 0 {
		return max(int(i)+n, 0)
	}
	return int(min(i, Int(n)))
}

// fastAttr is LOAD_ATTR of instance o at ip where the cache resolves it
// without a call: the value; or the getter of a property (attrGetter) for
// fastRun to call as a plain call when one can be made now; neither when
// eval must do it.
func (t *Thread) fastAttr(co *CodeObj, ip int, o *Instance, arg int) (Value, *Function) {
	name, h := co.Names[arg], co.NameHashes[arg]
	r := t.lookupCached(co, ip, o.Class, name, h, false)
	switch r.kind {
	case attrDictOnly, attrMethod:
		if o.Dict != nil {
			if v, ok := o.Dict.getStrH(name, h); ok {
				return v, nil
			}
		}
		if r.kind == attrMethod {
			return &BoundMethod{Self: o, Fn: r.attr}, nil
		}
	case attrGetter:
		if len(t.framePool) > 0 && t.depth < t.limits.MaxDepth {
			return nil, r.attr.(*Property).Get.(*Function)
		}
	}
	return nil, nil
}
