package vm

import (
	"strings"

	"github.com/toolplane/toolplane/python/compile"
)

// partitionParts is s.partition(sep) (s.rpartition(sep) when right) for
// the str self and its separator sepv (sep its text, not empty): the
// separator in the middle is sepv itself, as in CPython.
// copied is what subStr copied of the parts past one block, for the
// caller to charge.
func partitionParts(self, sepv Value, sep string, right bool) (p [3]Value, copied int) {
	s := string(self.(Str))
	i := -1
	if right {
		i = strings.LastIndex(s, sep)
		if i < 0 {
			return [3]Value{Str(""), Str(""), self}, 0
		}
	} else if i = strings.Index(s, sep); i < 0 {
		return [3]Value{self, Str(""), Str("")}, 0
	}
	a, c1 := subStr(s, s[:i])
	b, c2 := subStr(s, s[i+len(sep):])
	return [3]Value{a, sepv, b}, c1 + c2
}

// fastPartition, fastRPartition and fastSplit are the builtins
// str.partition, str.rpartition and str.split, which callUnpack recognises
// (set once, when the package starts).
var fastPartition, fastRPartition, fastSplit *Builtin

// callUnpack runs the call of builtin fn with args, whose result the
// instruction at f.ip unpacks, as the call and that UNPACK_SEQUENCE
// together, without the tuple or list between them: key, _, rest =
// s.partition(":") on a str with a str separator, and k, v =
// s.split("=") (or s.split("=", 1)) where the parts are as many as the
// targets. It reports false, having done nothing, for any other call
// (eval's CALL or fastRun's, and then UNPACK_SEQUENCE, run it).
//
// The fused pair counts and charges exactly what the two instructions do:
// the call's step is counted by the caller, the method's scanning work is
// ticked as the builtin ticks it (the receiver and separator by
// BytesPerStep), the tuple or list is charged by nothing (a builtin's
// result never is), and the UNPACK_SEQUENCE's step is counted here, only
// where eval would not poll at it; where it would, the tuple or list is
// made and left for UNPACK_SEQUENCE. It is never seen: nothing runs
// between the call's return and the unpacking. The call's arguments, f's
// stack from base up, are cleared either way; an error is the call's
// (f.ip at the UNPACK_SEQUENCE, as eval leaves it when a call raises).
func (t *Thread) callUnpack(f *Frame, fn *Builtin, args Tuple, base int) (bool, error) {
	if fn == fastSplit {
		return t.splitUnpack(f, args, base)
	}
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
		var copied int
		p, copied = partitionParts(args[0], args[1], string(sep), fn == fastRPartition)
		// As the method charges its parts (the tuple's are stored).
		err = t.Charge(int64(copied) + itemsStoredBytes(p[:]))
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

// splitUnpack is callUnpack for str.split: s.split(sep) or s.split(sep,
// maxsplit) on a str of at most 4 KiB (a longer one charges its pieces
// first) with a str separator and an int maxsplit, into as many targets
// (at most 8) as there are parts; false, having done nothing, otherwise
// (a count that does not match raises from UNPACK_SEQUENCE as before).
func (t *Thread) splitUnpack(f *Frame, args Tuple, base int) (bool, error) {
	if (len(args) != 2 && len(args) != 3) || f.ip >= len(f.code.Instrs) ||
		compile.Op(f.code.Instrs[f.ip]&0xff) != compile.UNPACK_SEQUENCE {
		return false, nil
	}
	n := int(f.code.Instrs[f.ip] >> 8)
	s, ok := args[0].(Str)
	sep, ok2 := args[1].(Str)
	if !ok || !ok2 || sep == "" || len(s) > 1<<12 || n < 1 || n > 8 || t.goDepth >= t.limits.MaxDepth+50 {
		return false, nil
	}
	max := -1
	if len(args) == 3 {
		m, ok := args[2].(Int)
		if !ok {
			return false, nil
		}
		if m >= 0 {
			max = int(min(m, 1<<30))
		}
	}
	count := strings.Count(string(s), string(sep)) + 1
	if max >= 0 && count > max+1 {
		count = max + 1
	}
	if count != n {
		return false, nil
	}
	err := strTick(t, args, BytesPerStep)
	for i := base; i < len(f.stack); i++ {
		f.stack[i] = nil
	}
	f.stack = f.stack[:base]
	if err != nil {
		return true, err
	}
	var parts [8]Value
	copied := 0
	rest := string(s)
	for i := 0; i < n-1; i++ {
		j := strings.Index(rest, string(sep))
		var c int
		parts[i], c = subStr(string(s), rest[:j])
		copied += c
		rest = rest[j+len(sep):]
	}
	var c int
	parts[n-1], c = subStr(string(s), rest)
	copied += c
	// As the method charges its pieces (the list's are stored).
	if err := t.Charge(int64(copied) + itemsStoredBytes(parts[:n])); err != nil {
		return true, err
	}
	if t.steps+1 >= t.nextChk.Load() {
		// eval polls at the UNPACK_SEQUENCE: it runs as itself.
		items := make([]Value, n)
		copy(items, parts[:n])
		f.push(t.NewList(items))
		return true, nil
	}
	f.ip++
	t.steps++
	for i := n - 1; i >= 0; i-- {
		f.push(parts[i])
	}
	return true, nil
}
