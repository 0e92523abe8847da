package vm

import "github.com/toolplane/toolplane/python/compile"

// The "Did you mean" of CPython 3.11's tracebacks: an uncaught
// AttributeError or NameError names the closest existing attribute or
// variable, found by CPython's weighted Levenshtein distance over the same
// candidates (dir() of the object; the frame's local names, then its
// globals, then the builtins).

// errContext is where an AttributeError or NameError arose. The object
// and the name of an AttributeError are its obj and name attributes, in
// its dict (as CPython 3.10+ has them), where the memory re-measurement
// sees what they hold.
type errContext struct {
	attr     bool   // an attribute of .obj (else a variable)
	name     string // the missing variable
	locals   []string
	globals  *Dict
	builtins *Dict
}

// setAttrContext gives AttributeError e its obj and name.
func setAttrContext(e *Instance, obj Value, name string) {
	if e.Dict == nil {
		e.Dict = NewDict()
	}
	e.Dict.SetStr("name", Str(name))
	e.Dict.SetStr("obj", obj)
	e.Exc.ctx = &errContext{attr: true}
}

// noteErrorContext records, as the exception leaves frame f, what its
// suggestion needs: for a NameError its raising frame's names, for an
// AttributeError the object and name of the attribute access that failed
// (the first one on its way out, as CPython's PyObject_GetAttr sets
// .name and .obj once).
func (t *Thread) noteErrorContext(e *Instance, f *Frame) {
	if e.Exc.ctx != nil {
		return
	}
	switch {
	case e.Class.IsSubclass(AttributeErrorClass):
		code := f.code.Code
		i := f.ip - 1
		if i < 0 || i >= len(code.Instrs) || len(f.stack) == 0 {
			return
		}
		ins := code.Instrs[i]
		if op := compile.Op(ins & 0xff); op != compile.LOAD_ATTR && op != compile.LOAD_METHOD {
			return
		}
		if arg := int(ins >> 8); arg < len(code.Names) {
			setAttrContext(e, f.stack[len(f.stack)-1], code.Names[arg])
		}
	case e.Class.IsSubclass(NameErrorClass) && len(e.Exc.TB) == 1 && e.Dict != nil:
		// CPython 3.11 sets .name on NameError itself (not on
		// UnboundLocalError), and looks in the frame that raised it.
		if e.Class != NameErrorClass {
			return
		}
		name, ok := e.Dict.GetStr("name")
		if s, isStr := name.(Str); ok && isStr {
			e.Exc.ctx = &errContext{name: string(s), locals: f.code.VarNames, globals: f.globals, builtins: t.builtinsFor(f.globals)}
		}
	}
}

// noteAttrContext records obj and name for an AttributeError that
// getattr(obj, name) raised.
func noteAttrContext(err error, obj Value, name string) {
	if e, ok := err.(*Instance); ok && e.Exc != nil && e.Exc.ctx == nil && e.Class.IsSubclass(AttributeErrorClass) {
		setAttrContext(e, obj, name)
	}
}

// Suggestion is the name a traceback of e suggests ("" for none).
func (t *Thread) Suggestion(e *Instance) string {
	c := e.Exc.ctx
	if c == nil {
		return ""
	}
	if c.attr {
		obj, ok1 := e.Dict.GetStr("obj")
		name, ok2 := e.Dict.GetStr("name")
		s, isStr := name.(Str)
		if !ok1 || !ok2 || !isStr || dirTooLarge(obj) {
			return ""
		}
		// dir() of the object, without running a __dir__ of the snippet's.
		if inst, ok := obj.(*Instance); ok {
			if _, user := inst.Class.Lookup("__dir__").(*Function); user {
				return ""
			}
		}
		return closestName(dirNames(obj), string(s))
	}
	if s := closestName(c.locals, c.name); s != "" {
		return s
	}
	for _, d := range []*Dict{c.globals, c.builtins} {
		if d == nil || d.Len() >= suggestMaxItems {
			continue
		}
		var names []string
		for _, k := range d.Keys() {
			if s, ok := k.(Str); ok {
				names = append(names, string(s))
			}
		}
		if s := closestName(names, c.name); s != "" {
			return s
		}
	}
	return ""
}

// dirTooLarge reports, without listing them, that obj has so many names
// that dir() would pass suggestMaxItems (counting a name once per dict it
// is in, with room for overrides).
func dirTooLarge(obj Value) bool {
	n := 0
	switch x := obj.(type) {
	case *Instance:
		if x.Dict != nil {
			n += x.Dict.Len()
		}
		for _, c := range x.Class.MRO {
			n += c.Dict.Len()
		}
	case *Class:
		for _, c := range x.MRO {
			n += c.Dict.Len()
		}
	case *Module:
		n = x.Dict.Len()
	case *Namespace:
		n = x.Attrs.Len()
	}
	return n >= 4*suggestMaxItems
}

const (
	suggestMaxItems  = 750 // CPython gives up on a longer dir()
	suggestMaxLength = 40  // or on names longer than this
	suggestMoveCost  = 2
	suggestCaseCost  = 1
)

// closestName is the candidate nearest to name within a third of the
// characters involved, the first of equals in candidates' order.
func closestName(candidates []string, name string) string {
	if len(candidates) >= suggestMaxItems {
		return ""
	}
	best, bestDist := "", -1
	for _, c := range candidates {
		if c == name {
			continue
		}
		maxDist := (len(name) + len(c) + 3) * suggestMoveCost / 6
		if bestDist >= 0 && bestDist-1 < maxDist {
			maxDist = bestDist - 1
		}
		d := levenshtein(name, c, maxDist)
		if d > maxDist {
			continue
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

func substitutionCost(a, b byte) int {
	if a&31 != b&31 {
		return suggestMoveCost
	}
	if a == b {
		return 0
	}
	if 'A' <= a && a <= 'Z' {
		a += 'a' - 'A'
	}
	if 'A' <= b && b <= 'Z' {
		b += 'a' - 'A'
	}
	if a == b {
		return suggestCaseCost
	}
	return suggestMoveCost
}

// levenshtein is CPython's distance over the UTF-8 bytes of a and b:
// moves cost 2, a change of case 1; past maxCost it answers maxCost+1.
func levenshtein(a, b string, maxCost int) int {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a) == 0 || len(b) == 0 {
		return (len(a) + len(b)) * suggestMoveCost
	}
	if len(a) > suggestMaxLength || len(b) > suggestMaxLength {
		return maxCost + 1
	}
	if len(b) < len(a) {
		a, b = b, a
	}
	if (len(b)-len(a))*suggestMoveCost > maxCost {
		return maxCost + 1
	}
	var buf [suggestMaxLength]int
	tmp := suggestMoveCost
	for i := 0; i < len(a); i++ {
		buf[i] = tmp
		tmp += suggestMoveCost
	}
	result := 0
	for bi := 0; bi < len(b); bi++ {
		code := b[bi]
		distance := bi * suggestMoveCost
		result = distance
		minimum := -1
		for i := 0; i < len(a); i++ {
			substitute := distance + substitutionCost(code, a[i])
			distance = buf[i]
			insertDelete := min(result, distance) + suggestMoveCost
			result = min(insertDelete, substitute)
			buf[i] = result
			if minimum < 0 || result < minimum {
				minimum = result
			}
		}
		if minimum > maxCost {
			return maxCost + 1
		}
	}
	return result
}
