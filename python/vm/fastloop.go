package vm

import (
	"github.com/toolplane/toolplane/python/compile"
	"github.com/toolplane/toolplane/python/syntax"
)

// fastRun runs frame f from f.ip for as long as each instruction is one of
// the hot operations below and takes its fast path (ints that do not
// overflow, a cached global, a list or range iterator, a plain call of a
// Python function and its return, ...). It stops, without having changed
// anything for it, at the first instruction it does not complete, and
// leaves that one to eval's general loop, which raises, makes the other
// calls and polls the limits: so fastRun never fails and counts each
// instruction as the general loop does (a fused pair as two steps). It
// stops before an instruction when the step count reaches the next poll,
// so the general loop polls the deadline and the budget exactly when it
// would have. It returns the frame it stopped in: a call it made pushes a
// frame as eval's CALL does, and a return pops one, never eval's base
// frame (that return is eval's).
//
// Why a loop of its own: eval is one large function whose operations call
// out everywhere, so the Go compiler keeps its state (the frame, the
// instruction pointer, the operand stack) in memory and reloads it for
// every instruction. Here the instruction pointer, the stack pointer and
// the step count are locals that stay in registers, written back once
// when the loop stops.
func (t *Thread) fastRun(f, base *Frame) *Frame {
	// call or ret is set when the loop stopped at a call or return it makes
	// (below the loop, so no value of the loop lives across it and the
	// loop's state stays in registers).
	var call *Function
	var ret bool
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
			r, ok := arithFast(syntax.Operator(instrs[ip+2]>>8), v, consts[instrs[ip+1]>>8])
			if !ok {
				break loop
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
		case compile.BINARY_OP_CONST:
			r, ok := arithFast(syntax.Operator(instrs[ip+1]>>8), st[sp-1], consts[arg])
			if !ok {
				break loop
			}
			st[sp-1] = r
			ip += 2
			steps += 2
		case compile.BINARY_OP, compile.INPLACE_OP:
			// In-place operators on ints and floats are the binary ones.
			r, ok := arithFast(syntax.Operator(arg), st[sp-2], st[sp-1])
			if !ok {
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
			} else if v, ok := code.loadGlobal(globals, t.overlay, t.builtinsFor(globals), arg); ok {
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
			if c == nil || c.src != globals || c.g != globals || c.gver != globals.version {
				break loop
			}
			sp--
			globals.entries[c.ix].value = st[sp]
			ip++
			steps++
		case compile.FOR_ITER:
			li, ok := st[sp-1].(*Iter)
			if !ok || sp == len(st) {
				break loop
			}
			var v Value
			switch li.kind {
			case iterList:
				if li.i < len(li.list.Items) {
					v = li.list.Items[li.i]
					li.i++
				}
			case iterRange:
				if li.i < int(li.n) {
					v = boxInt(Int(li.start + int64(li.i)*li.step))
					li.i++
				}
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
					v, _ = o.getStrH(string(ks), strHash(string(ks)))
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
			if !ok || !pf.Code.plain || pf.Code.ArgCount != arg || len(t.framePool) == 0 || t.depth >= t.limits.MaxDepth {
				break loop
			}
			call = pf
			ip++
			steps++
			break loop
		case compile.RETURN_VALUE:
			// The return of a frame a plain call pushed; eval returns
			// from its base frame, ends inline generators and
			// constructions.
			if f == base || f.inlineExit != 0 || f.ctor != nil {
				break loop
			}
			ret = true
			steps++
			break loop
		default:
			break loop
		}
	}
	f.ip = ip
	f.stack = st[:sp]
	t.steps = steps
	if call != nil {
		n := call.Code.ArgCount
		f = t.pushPlain(f, call, Tuple(st[sp-n:sp]), sp-n-1, nil)
		call = nil
		goto restart
	}
	if ret {
		v := st[sp-1]
		t.depth--
		done := f
		f = f.back
		t.releaseFrame(done)
		t.top = f
		f.push(v)
		ret = false
		goto restart
	}
	return f
}

// arithFast is a binary operation on two ints or two floats that needs no
// call, no error and no big int: + - * // % & | ^ on ints within int64,
// + - * on floats. ok is false for anything else (the general path then
// computes it, raising or promoting as it must).
func arithFast(op syntax.Operator, a, b Value) (Value, bool) {
	if x, ok := a.(Int); ok {
		y, ok := b.(Int)
		if !ok {
			return nil, false
		}
		switch op {
		case syntax.Add:
			if s := x + y; (s > x) == (y > 0) {
				return boxInt(s), true
			}
		case syntax.Sub:
			if s := x - y; (s < x) == (y > 0) {
				return boxInt(s), true
			}
		default:
			return intFast(op, x, y)
		}
		return nil, false
	}
	if x, ok := a.(Float); ok {
		y, ok := b.(Float)
		if !ok {
			return nil, false
		}
		switch op {
		case syntax.Add:
			return x + y, true
		case syntax.Sub:
			return x - y, true
		case syntax.Mult:
			return x * y, true
		}
	}
	return nil, false
}
