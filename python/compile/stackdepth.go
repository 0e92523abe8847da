package compile

// Stack depth: the most values a code object's operand stack holds at
// once. The VM sizes a frame's value buffer with it and, when it recycles
// the frame of a plain call, clears only the locals and that many stack
// slots instead of the whole buffer (a pooled frame must hold no value:
// what it kept would be alive without being charged).

// stackEffect returns the change in stack depth when op with argument arg
// falls through to the next instruction, and when it jumps to its target
// (jumps: whether it has one besides an exception handler). ok is false
// for an operation whose effect is not known here: the depth of the code
// is then unknown (0).
func stackEffect(op Op, arg int) (fall, jump int, jumps, ok bool) {
	switch op {
	case NOP, ROT_TWO, ROT_THREE, ROT_FOUR, DELETE_FAST, DELETE_DEREF, DELETE_GLOBAL, DELETE_NAME,
		LOAD_ATTR, UNARY_OP, LIST_TO_TUPLE, GET_ITER, YIELD_VALUE, GET_YIELD_FROM_ITER, GET_AWAITABLE,
		POP_BLOCK, POP_EXCEPT, SETUP_ANNOTATIONS, GET_AITER, COPY_DICT_WITHOUT_KEYS, ASYNC_WITH_EXIT:
		return 0, 0, false, true
	case POP_TOP, STORE_FAST, STORE_DEREF, STORE_GLOBAL, STORE_NAME, DELETE_ATTR, BINARY_OP, INPLACE_OP,
		COMPARE_OP, IS_OP, CONTAINS_OP, BINARY_SUBSCR, LIST_APPEND, SET_ADD, LIST_EXTEND, SET_UPDATE,
		DICT_UPDATE, DICT_MERGE, YIELD_FROM, WITH_EXIT, IMPORT_STAR:
		return -1, 0, false, true
	case DUP_TOP, LOAD_CONST, LOAD_FAST, LOAD_DEREF, LOAD_CLOSURE, LOAD_CLASSDEREF, LOAD_GLOBAL, LOAD_NAME,
		LOAD_METHOD, IMPORT_NAME, IMPORT_FROM, LOAD_ASSERTION_ERROR, BEFORE_WITH, WITH_EXCEPT,
		BEFORE_ASYNC_WITH, ASYNC_WITH_EXCEPT, BUILD_CONST_SET, GET_ANEXT, MATCH_MAPPING, MATCH_SEQUENCE,
		MATCH_KEYS, GET_LEN:
		return 1, 0, false, true
	case DUP_TOP_TWO:
		return 2, 0, false, true
	case STORE_ATTR, DELETE_SUBSCR, MAP_ADD, END_ASYNC_FOR, MATCH_CLASS:
		return -2, 0, false, true
	case STORE_SUBSCR:
		return -3, 0, false, true
	case CALL_METHOD:
		return -arg - 1, 0, false, true
	case CALL_METHOD_KW:
		return -arg - 2, 0, false, true
	case CALL:
		return -arg, 0, false, true
	case CALL_KW:
		return -arg - 1, 0, false, true
	case CALL_EX:
		return -1 - arg&1, 0, false, true
	case BUILD_SLICE, BUILD_TUPLE, BUILD_LIST, BUILD_SET, BUILD_STRING:
		return 1 - arg, 0, false, true
	case BUILD_MAP:
		return 1 - 2*arg, 0, false, true
	case UNPACK_SEQUENCE:
		return arg - 1, 0, false, true
	case UNPACK_EX:
		return arg&0xff + arg>>8, 0, false, true
	case BUILD_CLASS:
		return -arg - 1, 0, false, true
	case BUILD_CLASS_KW:
		return -arg - 2, 0, false, true
	case FORMAT_VALUE:
		if arg&4 != 0 {
			return -1, 0, false, true
		}
		return 0, 0, false, true
	case MAKE_FUNCTION:
		n := 0
		for _, b := range []int{FuncDefaults, FuncKwDefaults, FuncAnnotations, FuncClosure} {
			if arg&b != 0 {
				n++
			}
		}
		return -n, 0, false, true
	case JUMP:
		return 0, 0, true, true
	case POP_JUMP_IF_FALSE, POP_JUMP_IF_TRUE:
		return -1, -1, true, true
	case JUMP_IF_FALSE_OR_POP, JUMP_IF_TRUE_OR_POP:
		return -1, 0, true, true
	case FOR_ITER:
		return 1, -1, true, true
	case JUMP_IF_NOT_EXC_MATCH:
		return -2, -2, true, true
	case CHECK_EG_MATCH:
		return 0, -1, true, true
	case PREP_RERAISE_STAR:
		return -2, -3, true, true
	case SETUP_EXCEPT:
		// The handler starts with the exception pushed on the stack
		// as it was here.
		return 0, 1, true, true
	case RETURN_VALUE, RERAISE, RAISE:
		// No fall-through (the caller stops there).
		return 0, 0, false, true
	}
	return 0, 0, false, false
}

// terminal reports whether op never falls through to the next instruction.
func terminal(op Op) bool {
	return op == JUMP || op == RETURN_VALUE || op == RERAISE || op == RAISE
}

// MaxStackDepth computes the most values the code's operand stack holds
// at once (at least 1), following every path from the first instruction
// (jumps and exception handlers), or 0 when the code has an operation whose effect
// is not known, or paths that meet with different depths (consistent
// reports whether they all agreed; the VM then takes the larger, and a
// test demands consistency over the corpora).
func (c *Code) MaxStackDepth() (mx int, consistent bool) {
	var s depthScratch
	return c.maxStackDepth(&s)
}

// depthScratch holds MaxStackDepth's arrays, reused from one code object
// to the next.
type depthScratch struct {
	depth, work []int
}

func (c *Code) maxStackDepth(s *depthScratch) (mx int, consistent bool) {
	n := len(c.Instrs)
	if n == 0 {
		return 0, true
	}
	if cap(s.depth) < n {
		s.depth = make([]int, n)
	}
	depth := s.depth[:n]
	for i := range depth {
		depth[i] = -1
	}
	consistent = true
	work := append(s.work[:0], 0)
	defer func() { s.work = work }()
	depth[0] = 0
	reach := func(at, d int) {
		if at < 0 || at >= n || d < 0 {
			consistent = false
			return
		}
		if depth[at] < 0 {
			depth[at] = d
			work = append(work, at)
			return
		}
		if depth[at] != d {
			consistent = false
			if d > depth[at] {
				depth[at] = d
				work = append(work, at)
			}
		}
	}
	for steps := 0; len(work) > 0; steps++ {
		if steps > 4*n+16 {
			// Depths that keep growing round a loop: a wrong effect.
			return 0, false
		}
		i := work[len(work)-1]
		work = work[:len(work)-1]
		d := depth[i]
		mx = max(mx, d)
		op, arg := Op(c.Instrs[i]&0xff), int(c.Instrs[i]>>8)
		fall, jump, jumps, ok := stackEffect(op, arg)
		if !ok {
			return 0, false
		}
		mx = max(mx, d+fall)
		if jumps {
			mx = max(mx, d+jump)
		}
		if jumps {
			reach(arg, d+jump)
		}
		if !terminal(op) {
			reach(i+1, d+fall)
		}
	}
	// At least 1, so that 0 means unknown (a loop that pushes nothing
	// has room for one all the same).
	return max(mx, 1), consistent
}

// setMaxStack sets MaxStack on c and every code object among its
// constants.
func (c *Code) setMaxStack(s *depthScratch) {
	c.MaxStack, _ = c.maxStackDepth(s)
	for _, k := range c.Consts {
		if sub, ok := k.(*Code); ok {
			sub.setMaxStack(s)
		}
	}
}
