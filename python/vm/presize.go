package vm

import "github.com/toolplane/toolplane/python/compile"

// Presized comprehension lists.
//
// [f(x) for x in xs] appends one item per item of xs: a list grown by
// appending is copied at 4, 8, 16, ... items, each array charged and
// ticked as it is made, where one array of the final size would do. When
// the comprehension's iterator knows what it has left (a range, a list, a
// tuple), its first instruction, BUILD_LIST 0, which NewCode makes
// BUILD_LIST_ROOM, makes the list with that room, charged and ticked as a
// display of that many slots is; the appends then find room.
// The room is a hint: a list changed while the comprehension iterates it
// only makes the hint wrong, never the result.

// maxPresize bounds the room made at once (8 KiB of slots); a longer list
// grows as before.
const maxPresize = 512

// appendsPerItem reports whether comprehension code appends exactly one
// item per item of its iterator: it starts BUILD_LIST 0, LOAD_FAST 0
// (the iterator), FOR_ITER, has no other loop, and no conditional branch
// (an if clause, a conditional expression, and, or).
func appendsPerItem(instrs []uint32) bool {
	if len(instrs) < 3 || instrs[0] != uint32(compile.BUILD_LIST) || instrs[1] != uint32(compile.LOAD_FAST) ||
		compile.Op(instrs[2]&0xff) != compile.FOR_ITER {
		return false
	}
	for _, ins := range instrs[3:] {
		switch compile.Op(ins & 0xff) {
		case compile.FOR_ITER, compile.POP_JUMP_IF_FALSE, compile.POP_JUMP_IF_TRUE, compile.JUMP_IF_FALSE_OR_POP,
			compile.JUMP_IF_TRUE_OR_POP, compile.JUMP_IF_NOT_EXC_MATCH:
			return false
		}
	}
	return true
}

// presizedRoom is the room BUILD_LIST_ROOM makes for the comprehension
// iterator it: what it has left, when it is a range, list or
// tuple iterator and that is at most maxPresize; 0 otherwise.
func presizedRoom(it Value) int {
	n := 0
	switch x := it.(type) {
	case *ListIter:
		n = len(x.list.Items) - x.i
	case *Iter:
		switch x.kind {
		case iterRange:
			if x.n-int64(x.i) <= maxPresize {
				n = int(x.n) - x.i
			}
		case iterTuple:
			n = len(x.tup) - x.i
		}
	}
	if n <= 0 || n > maxPresize {
		return 0
	}
	return n
}
