package vm

import (
	"strings"

	"github.com/toolplane/toolplane/python/compile"
)

// partitionParts is s.partition(sep) (s.rpartition(sep) when right) for
// the str self and its separator sepv (sep its text, not empty): the
// separator in the middle is sepv itself, as in CPython.
func partitionParts(self, sepv Value, sep string, right bool) [3]Value {
	s := string(self.(Str))
	if right {
		if i := strings.LastIndex(s, sep); i >= 0 {
			return [3]Value{Str(s[:i]), sepv, Str(s[i+len(sep):])}
		}
		return [3]Value{Str(""), Str(""), self}
	}
	if i := strings.Index(s, sep); i >= 0 {
		return [3]Value{Str(s[:i]), sepv, Str(s[i+len(sep):])}
	}
	return [3]Value{self, Str(""), Str("")}
}

// fastPartition and fastRPartition are the builtins str.partition and
// str.rpartition, which callUnpack recognises (set once, when the package
// starts).
var fastPartition, fastRPartition Value

// callUnpack runs the call of builtin fn with args, whose result the
// instruction at f.ip unpacks, as the call and that UNPACK_SEQUENCE
// together, without the tuple between them: key, _, rest =
// s.partition(":") on a str with a str separator. It reports false, having
// done nothing, for any other call (eval's CALL or fastRun's, and then
// UNPACK_SEQUENCE, run it).
//
// The fused pair counts and charges exactly what the two instructions do:
// the call's step is counted by the caller, the method's scanning work is
// ticked as the builtin ticks it (the receiver and separator by
// BytesPerStep), the tuple is charged by nothing (a builtin's result
// never is), and the UNPACK_SEQUENCE's step is counted here, only where
// eval would not poll at it; where it would, the tuple is made and left
// for UNPACK_SEQUENCE. The tuple is never seen: nothing runs between the
// call's return and the unpacking. The call's arguments, f's stack from
// base up, are cleared either way; an error is the call's (f.ip at the
// UNPACK_SEQUENCE, as eval leaves it when a call raises).
func (t *Thread) callUnpack(f *Frame, fn Value, args Tuple, base int) (bool, error) {
	if fn != fastPartition && fn != fastRPartition {
		return false, nil
	}
	if len(args) != 2 || f.ip >= len(f.code.Instrs) || f.code.Instrs[f.ip] != uint32(compile.UNPACK_SEQUENCE)|3<<8 {
		return false, nil
	}
	_, ok := args[0].(Str)
	sep, ok2 := args[1].(Str)
	if !ok || !ok2 || sep == "" || t.goDepth >= t.limits.MaxDepth+50 {
		// Errors, subclasses and the depth limit are the call's.
		return false, nil
	}
	err := strTick(t, args, BytesPerStep)
	var p [3]Value
	if err == nil {
		p = partitionParts(args[0], args[1], string(sep), fn == fastRPartition)
	}
	for i := base; i < len(f.stack); i++ {
		f.stack[i] = nil
	}
	f.stack = f.stack[:base]
	if err != nil {
		return true, err
	}
	if t.steps+1 >= t.nextChk.Load() {
		// eval polls at the UNPACK_SEQUENCE: it runs as itself.
		f.push(Tuple{p[0], p[1], p[2]})
		return true, nil
	}
	f.ip++
	t.steps++
	f.push(p[2])
	f.push(p[1])
	f.push(p[0])
	return true, nil
}
