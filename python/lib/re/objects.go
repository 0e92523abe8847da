package re

import (
	"fmt"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/toolplane/toolplane/python/internal/regex"
	"github.com/toolplane/toolplane/python/vm"
)

// Pattern and Match objects are instances of per-run classes whose methods and data
// attributes (properties) live on the class. An instance's namespace holds one entry,
// __state__: a builtin that hands its Go state only to callers presenting stateKey, a
// value Python code cannot make, and raises TypeError for anyone else. So nothing
// reachable from Python exposes Go values, and a Match costs a few small allocations.

// stateKey unlocks an object's __state__ builtin; only this package can construct it.
type stateKey struct{}

// withState gives inst its Go state st, which keeps held (for the
// retained-size walk), and charges the object to the run.
func withState(t *vm.Thread, inst *vm.Instance, st any, held *vm.Held) (*vm.Instance, error) {
	d := vm.NewDictSize(1)
	b := &vm.Builtin{Name: "__state__", Held: held, Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(args) == 1 {
			if _, ok := args[0].(stateKey); ok {
				return st, nil
			}
		}
		return nil, vm.Errorf(vm.TypeErrorClass, "__state__ is internal to the re module")
	}}
	d.SetStr("__state__", b)
	inst.Dict = d
	// The subject's runes (Held.Shared) are held by the call that made
	// them; a match kept past it is counted by the walk.
	if err := t.Charge(vm.ValueBytes(inst) + vm.ValueBytes(d) + vm.ValueBytes(b) - held.Shared); err != nil {
		return nil, err
	}
	return inst, nil
}

// stateArgs is the argument tuple that unlocks __state__ (read only).
var stateArgs = vm.Tuple{stateKey{}}

// stateOf returns the Go state of a Pattern or Match object of this run.
func stateOf[T any](v vm.Value, cls *vm.Class, what string) (T, error) {
	var zero T
	inst, ok := v.(*vm.Instance)
	if ok && inst.Class == cls && inst.Dict != nil {
		if b, ok := inst.Dict.GetStr("__state__"); ok {
			if bf, ok := b.(*vm.Builtin); ok {
				st, err := bf.Fn(nil, stateArgs, nil)
				if err == nil {
					if s, ok := st.(T); ok {
						return s, nil
					}
				}
			}
		}
	}
	return zero, vm.Errorf(vm.TypeErrorClass, "descriptor requires a 're.%s' object but received '%s'", what, vm.TypeName(v))
}

type patternState struct {
	re     *regex.Regexp
	source vm.Value
	gi     *vm.Dict
}

type matchState struct {
	mt  *regex.Match
	pat *vm.Instance
	str vm.Value
	// ascii: str is an ASCII str, so a group's text is str[start:end].
	ascii bool
}

func property(d *vm.Dict, name string, get builtinFn) {
	d.SetStr(name, &vm.Property{Get: &vm.Builtin{Name: name, Fn: get}})
}

type builtinFn = func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error)

func method(d *vm.Dict, name string, f builtinFn) {
	d.SetStr(name, vm.NewMethod(name, f))
}

func textValue(re *regex.Regexp, s string) vm.Value {
	if re.IsBytes() {
		return vm.Bytes(s)
	}
	return vm.Str(s)
}

func valueRepr(t *vm.Thread, v vm.Value) string {
	switch x := v.(type) {
	case vm.Str:
		return vm.StrQuote(string(x))
	case vm.Bytes:
		return vm.BytesRepr(string(x))
	}
	s, err := t.Repr(v)
	if err != nil {
		return "?"
	}
	return s
}

func truncRunes(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}

// subject converts the string argument, checking it has the pattern's type. The last
// conversion is kept: loops that search one text from successive positions
// (p.search(text, pos)) then cost no conversion per call.
// The kept runes are held with the thread (four bytes a character) until replaced.
func (m *module) subject(t *vm.Thread, re *regex.Regexp, v vm.Value) ([]rune, error) {
	var text string
	isBytes := false
	switch s := plain(v).(type) {
	case vm.Str:
		if re.IsBytes() {
			return nil, vm.Errorf(vm.TypeErrorClass, "cannot use a bytes pattern on a string-like object")
		}
		text = string(s)
	case vm.Bytes:
		if !re.IsBytes() {
			return nil, vm.Errorf(vm.TypeErrorClass, "cannot use a string pattern on a bytes-like object")
		}
		text, isBytes = string(s), true
	default:
		return nil, vm.Errorf(vm.TypeErrorClass, "expected string or bytes-like object, got '%s'", vm.TypeName(v))
	}
	if m.lastRunes != nil && m.lastIsBytes == isBytes && m.lastText == text {
		return m.lastRunes, nil
	}
	// An ASCII str (the common case) is widened byte by byte, in one pass
	// after the check, instead of being counted and decoded as UTF-8.
	ascii := !isBytes && isASCII(text)
	runes := int64(len(text))
	if !isBytes && !ascii {
		runes = int64(utf8.RuneCountInString(text))
	}
	t.Release(m.lastHeld)
	m.lastText, m.lastRunes, m.lastHeld = "", nil, 0
	m.held.Key, m.held.Shared = nil, 0
	if err := t.Hold(4 * runes); err != nil {
		return nil, err
	}
	m.lastHeld = 4 * runes
	var rs []rune
	switch {
	case isBytes || ascii:
		// A byte a rune (regex.BytesToRunes), without copying the bytes.
		rs = make([]rune, len(text))
		for i := range rs {
			rs[i] = rune(text[i])
		}
	default:
		rs = []rune(text)
	}
	m.lastText, m.lastIsBytes, m.lastRunes = text, isBytes, rs
	m.held.Key, m.held.Shared = nil, 0
	if cap(rs) > 0 {
		m.held.Key, m.held.Shared = unsafe.Pointer(unsafe.SliceData(rs)), 4*int64(cap(rs))
	}
	m.lastASCII = ascii
	return rs, nil
}

// asciiOf returns the subject s (runes that subject returned) as a Go
// string when it is a str of ASCII only, for the engine's scans
// (regex.Limits.ASCII), and "" otherwise.
func (m *module) asciiOf(s []rune) string {
	if m.lastASCII && len(s) > 0 && len(s) == len(m.lastRunes) && &s[0] == &m.lastRunes[0] {
		return m.lastText
	}
	return ""
}

func (m *module) patternClassDict() *vm.Dict {
	d := vm.NewDict()
	// re.Pattern[str] and re.Match[str] in annotations.
	method(d, "__class_getitem__", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) { return args[0], nil })
	self := func(v vm.Value) (*patternState, error) { return stateOf[*patternState](v, m.patCls, "Pattern") }
	method(d, "__repr__", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		ps, err := self(args[0])
		if err != nil {
			return nil, err
		}
		fl := ps.re.Flags()
		_, isStr := ps.source.(vm.Str)
		if isStr && fl&(regex.Locale|regex.Unicode|regex.ASCII) == regex.Unicode {
			fl &^= regex.Unicode
		}
		var names []string
		for _, f := range []struct {
			n string
			v regex.Flags
		}{{"re.TEMPLATE", regex.TemplateFlag}, {"re.IGNORECASE", regex.IgnoreCase}, {"re.LOCALE", regex.Locale},
			{"re.MULTILINE", regex.Multiline}, {"re.DOTALL", regex.DotAll}, {"re.UNICODE", regex.Unicode},
			{"re.VERBOSE", regex.Verbose}, {"re.DEBUG", regex.Debug}, {"re.ASCII", regex.ASCII}} {
			if fl&f.v != 0 {
				names = append(names, f.n)
				fl &^= f.v
			}
		}
		if fl != 0 {
			names = append(names, fmt.Sprintf("0x%x", uint32(fl)))
		}
		r := truncRunes(valueRepr(t, ps.source), 200)
		if len(names) == 0 {
			return vm.Str("re.compile(" + r + ")"), nil
		}
		return vm.Str("re.compile(" + r + ", " + strings.Join(names, "|") + ")"), nil
	})
	property(d, "pattern", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		ps, err := self(args[0])
		if err != nil {
			return nil, err
		}
		return ps.source, nil
	})
	property(d, "flags", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		ps, err := self(args[0])
		if err != nil {
			return nil, err
		}
		return vm.Int(ps.re.Flags()), nil
	})
	property(d, "groups", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		ps, err := self(args[0])
		if err != nil {
			return nil, err
		}
		return vm.Int(ps.re.Groups()), nil
	})
	property(d, "groupindex", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		ps, err := self(args[0])
		if err != nil {
			return nil, err
		}
		return ps.gi.Copy(), nil
	})

	// span binds (string, pos=0, endpos=len) for search, match, fullmatch, findall, finditer.
	span := func(t *vm.Thread, fname string, args vm.Tuple, kw []vm.Kwarg) (*patternState, []rune, vm.Value, int, int, error) {
		if len(args) == 0 {
			return nil, nil, nil, 0, 0, vm.Errorf(vm.TypeErrorClass, "descriptor '%s' of 're.Pattern' object needs an argument", fname)
		}
		ps, err := self(args[0])
		if err != nil {
			return nil, nil, nil, 0, 0, err
		}
		a, err := parseArgs(fname, args[1:], kw, "string", "pos=", "endpos=")
		if err != nil {
			return nil, nil, nil, 0, 0, err
		}
		s, err := m.subject(t, ps.re, a[0])
		if err != nil {
			return nil, nil, nil, 0, 0, err
		}
		pos, endpos := 0, len(s)
		if a[1] != nil {
			p, err := toInt(a[1], "pos")
			if err != nil {
				return nil, nil, nil, 0, 0, err
			}
			pos = clampInt(p)
		}
		if a[2] != nil {
			e, err := toInt(a[2], "endpos")
			if err != nil {
				return nil, nil, nil, 0, 0, err
			}
			endpos = clampInt(e)
		}
		return ps, s, a[0], pos, endpos, nil
	}
	for _, name := range []string{"search", "match", "fullmatch"} {
		name := name
		method(d, name, func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			ps, s, str, pos, endpos, err := span(t, name, args, kw)
			if err != nil {
				return nil, err
			}
			var mt *regex.Match
			lim := limits(t)
			lim.ASCII = m.asciiOf(s)
			switch name {
			case "search":
				mt, err = ps.re.Search(lim, s, pos, endpos)
			case "match":
				mt, err = ps.re.Match(lim, s, pos, endpos)
			default:
				mt, err = ps.re.FullMatch(lim, s, pos, endpos)
			}
			if err != nil {
				return nil, m.pyError(err)
			}
			if mt == nil {
				return vm.None, nil
			}
			return m.newMatch(t, mt, args[0].(*vm.Instance), str)
		})
	}
	method(d, "findall", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		ps, s, str, pos, endpos, err := span(t, "findall", args, kw)
		if err != nil {
			return nil, err
		}
		re := ps.re
		var rows [][]string
		lim, release := heldLimits(t)
		defer release()
		lim.ASCII = m.asciiOf(s)
		if sv, ok := str.(vm.Str); ok && m.lastASCII && m.lastText == string(sv) {
			rows, err = re.FindAllASCII(lim, s, m.lastText, pos, endpos)
		} else {
			rows, err = re.FindAll(lim, s, pos, endpos)
		}
		if err != nil {
			return nil, m.pyError(err)
		}
		items := make([]vm.Value, len(rows))
		size := vm.ValueBytes(vm.NewList(items))
		for i, row := range rows {
			if len(row) == 1 && re.Groups() <= 1 {
				items[i] = textValue(re, row[0])
				size += vm.ValueBytes(items[i])
				continue
			}
			tup := make(vm.Tuple, len(row))
			for j, x := range row {
				tup[j] = textValue(re, x)
				size += vm.ValueBytes(tup[j])
			}
			items[i] = tup
			size += vm.ValueBytes(tup)
		}
		if err := t.Charge(size); err != nil {
			return nil, err
		}
		return t.NewList(items), nil
	})
	method(d, "finditer", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		ps, s, str, pos, endpos, err := span(t, "finditer", args, kw)
		if err != nil {
			return nil, err
		}
		pat := args[0].(*vm.Instance)
		ascii := m.asciiOf(s)
		it := ps.re.FindIter(s, pos, endpos)
		held := runesHeld(s)
		held.(*vm.Builtin).Held.Own = int64(unsafe.Sizeof(*it))
		// Each step is bounded by the run that takes it (a session may
		// keep the iterator for a later run), and the iterator keeps no
		// matching machine between steps (regex.Iter).
		var lim *regex.Limits
		fi := vm.FuncIter(m.iterCls, func(t *vm.Thread) (vm.Value, bool, error) {
			if lim == nil || lim.Budget.(*budget).t != t {
				lim = limits(t)
				lim.ASCII = ascii
			}
			mt, err := it.Next(lim)
			if err != nil {
				return nil, false, m.pyError(err)
			}
			if mt == nil {
				return nil, false, nil
			}
			v, err := m.newMatch(t, mt, pat, str)
			return v, err == nil, err
		}, pat, str, held)
		// The iterator, its closure and the engine's: none is a value a
		// constructor charges.
		if err := t.Charge(vm.ValueBytes(fi) + vm.ValueBytes(held) + int64(unsafe.Sizeof(*it))); err != nil {
			return nil, err
		}
		return fi, nil
	})
	for _, name := range []string{"sub", "subn"} {
		name := name
		method(d, name, func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			if len(args) == 0 {
				return nil, vm.Errorf(vm.TypeErrorClass, "descriptor '%s' of 're.Pattern' object needs an argument", name)
			}
			ps, err := self(args[0])
			if err != nil {
				return nil, err
			}
			re := ps.re
			a, err := parseArgs(name, args[1:], kw, "repl", "string", "count=")
			if err != nil {
				return nil, err
			}
			s, err := m.subject(t, re, a[1])
			if err != nil {
				return nil, err
			}
			count := int64(0)
			if a[2] != nil {
				if count, err = toInt(a[2], "count"); err != nil {
					return nil, err
				}
			}
			repl, err := m.replacement(t, re, args[0].(*vm.Instance), a[1], a[0])
			if err != nil {
				return nil, err
			}
			lim, release := heldLimits(t)
			defer release()
			lim.ASCII = m.asciiOf(s)
			out, n, err := re.Sub(lim, s, repl, clampInt(count))
			if err != nil {
				return nil, m.pyError(err)
			}
			if err := t.Charge(int64(len(out))); err != nil {
				return nil, err
			}
			if name == "subn" {
				return vm.Tuple{textValue(re, out), vm.Int(n)}, nil
			}
			return textValue(re, out), nil
		})
	}
	method(d, "split", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(args) == 0 {
			return nil, vm.Errorf(vm.TypeErrorClass, "descriptor 'split' of 're.Pattern' object needs an argument")
		}
		ps, err := self(args[0])
		if err != nil {
			return nil, err
		}
		re := ps.re
		a, err := parseArgs("split", args[1:], kw, "string", "maxsplit=")
		if err != nil {
			return nil, err
		}
		s, err := m.subject(t, re, a[0])
		if err != nil {
			return nil, err
		}
		maxsplit := int64(0)
		if a[1] != nil {
			if maxsplit, err = toInt(a[1], "maxsplit"); err != nil {
				return nil, err
			}
		}
		lim, release := heldLimits(t)
		defer release()
		lim.ASCII = m.asciiOf(s)
		pieces, err := re.Split(lim, s, clampInt(maxsplit))
		if err != nil {
			return nil, m.pyError(err)
		}
		items := make([]vm.Value, len(pieces))
		size := vm.ValueBytes(vm.NewList(items))
		for i, p := range pieces {
			if p.Matched {
				items[i] = textValue(re, p.Text)
			} else {
				items[i] = vm.None
			}
			size += vm.ValueBytes(items[i])
		}
		if err := t.Charge(size); err != nil {
			return nil, err
		}
		return t.NewList(items), nil
	})
	return d
}

// newPattern builds a Pattern object for re; source is the pattern as given.
func (m *module) newPattern(t *vm.Thread, re *regex.Regexp, source vm.Value) (*vm.Instance, error) {
	gi := vm.NewDict()
	for _, ng := range re.GroupIndex() {
		gi.SetStr(ng.Name, vm.Int(ng.Index))
	}
	// The compiled program may be shared with other pattern objects
	// (the caches): the walk counts it once.
	held := &vm.Held{Key: unsafe.Pointer(re), Shared: int64(re.HeapBytes()), Refs: []vm.Value{source, gi}}
	return withState(t, &vm.Instance{Class: m.patCls}, &patternState{re: re, source: source, gi: gi}, held)
}

func clampInt(v int64) int {
	const lim = 1 << 40
	if v > lim {
		return lim
	}
	if v < -lim {
		return -lim
	}
	return int(v)
}

// replacement turns sub's repl argument into the engine's callback: a template for str
// or bytes, a call for a callable.
func (m *module) replacement(t *vm.Thread, re *regex.Regexp, pat *vm.Instance, str, repl vm.Value) (regex.Replacement, error) {
	var tmpl string
	switch r := plain(repl).(type) {
	case vm.Str:
		if re.IsBytes() {
			return nil, vm.Errorf(vm.TypeErrorClass, "expected a bytes-like object, str found")
		}
		tmpl = string(r)
	case vm.Bytes:
		if !re.IsBytes() {
			return nil, vm.Errorf(vm.TypeErrorClass, "expected str instance, bytes found")
		}
		tmpl = string(r)
	default:
		// CPython joins the pieces (unchanged segments and replacements) and names the
		// offending item by its index in that list.
		pieces, last := 0, 0
		return func(mt *regex.Match) (string, error) {
			if mt.Start(0) > last {
				pieces++
			}
			last = mt.End(0)
			mo, err := m.newMatch(t, mt, pat, str)
			if err != nil {
				return "", err
			}
			v, err := t.Call(repl, vm.Tuple{mo}, nil)
			if err != nil {
				return "", err
			}
			switch x := plain(v).(type) {
			case vm.NoneType:
				return "", nil
			case vm.Str:
				if !re.IsBytes() {
					pieces++
					return string(x), nil
				}
			case vm.Bytes:
				if re.IsBytes() {
					pieces++
					return string(x), nil
				}
			}
			if re.IsBytes() {
				return "", vm.Errorf(vm.TypeErrorClass, "sequence item %d: expected a bytes-like object, %s found", pieces, vm.TypeName(v))
			}
			return "", vm.Errorf(vm.TypeErrorClass, "sequence item %d: expected str instance, %s found", pieces, vm.TypeName(v))
		}, nil
	}
	tp, err := re.ParseTemplate(tmpl)
	if err != nil {
		return nil, m.pyError(err)
	}
	return func(mt *regex.Match) (string, error) {
		// Sub accounts the expansion as it appends it; the expansion
		// itself is a temporary of the same size.
		if err := t.Charge(int64(tp.Len(mt))); err != nil {
			return "", err
		}
		return tp.Expand(mt), nil
	}, nil
}

func (m *module) matchClassDict() *vm.Dict {
	d := vm.NewDict()
	// re.Pattern[str] and re.Match[str] in annotations.
	method(d, "__class_getitem__", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) { return args[0], nil })
	self := func(v vm.Value) (*matchState, error) { return stateOf[*matchState](v, m.matchCls, "Match") }
	// recv splits off the receiver of a method call.
	recv := func(fname string, args vm.Tuple) (*matchState, vm.Tuple, error) {
		if len(args) == 0 {
			return nil, nil, vm.Errorf(vm.TypeErrorClass, "descriptor '%s' of 're.Match' object needs an argument", fname)
		}
		ms, err := self(args[0])
		return ms, args[1:], err
	}
	index := func(ms *matchState, v vm.Value) (int, error) {
		switch x := v.(type) {
		case vm.Int, vm.Bool:
			i, _ := toInt(x, "group")
			if i >= 0 && i <= int64(ms.mt.Re().Groups()) {
				return int(i), nil
			}
		case vm.Str:
			if i, ok := ms.mt.Re().GroupNumber(string(x)); ok {
				return i, nil
			}
		}
		return 0, vm.Errorf(vm.IndexErrorClass, "no such group")
	}
	// groupValue is group g's text, made anew (or, of an ASCII subject,
	// a part of it that keeps no more than its length: vm.SubStr) and
	// charged past one block (one of a block or less is charged where it
	// is kept): a loop keeping m.group() of a 2 MB subject held 7.4 GB
	// under toolplane run's 512 MiB limit, charged nothing.
	groupValue := func(t *vm.Thread, ms *matchState, g int, def vm.Value) (vm.Value, error) {
		if ms.ascii {
			if s, e := ms.mt.Span(g); s >= 0 {
				str := string(ms.str.(vm.Str))
				v, copied := vm.SubStr(str, str[s:e])
				return v, t.Charge(int64(copied))
			}
			return def, nil
		}
		if s, ok := ms.mt.Group(g); ok {
			v := textValue(ms.mt.Re(), s)
			if len(s) > vm.OneBlockBytes {
				return v, t.Charge(vm.ValueBytes(v))
			}
			return v, nil
		}
		return def, nil
	}
	group := func(t *vm.Thread, ms *matchState, args vm.Tuple) (vm.Value, error) {
		if len(args) == 0 {
			return groupValue(t, ms, 0, vm.None)
		}
		if len(args) == 1 {
			g, err := index(ms, args[0])
			if err != nil {
				return nil, err
			}
			return groupValue(t, ms, g, vm.None)
		}
		out := make(vm.Tuple, len(args))
		for i, a := range args {
			g, err := index(ms, a)
			if err != nil {
				return nil, err
			}
			if out[i], err = groupValue(t, ms, g, vm.None); err != nil {
				return nil, err
			}
		}
		if len(out) == 1 {
			return out[0], nil
		}
		return out, nil
	}
	method(d, "__repr__", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		ms, _, err := recv("__repr__", args)
		if err != nil {
			return nil, err
		}
		s, e := ms.mt.Span(0)
		g, err := groupValue(t, ms, 0, vm.None)
		if err != nil {
			return nil, err
		}
		return vm.Str(fmt.Sprintf("<re.Match object; span=(%d, %d), match=%s>", s, e, truncRunes(valueRepr(t, g), 50))), nil
	})
	method(d, "__getitem__", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		ms, rest, err := recv("__getitem__", args)
		if err != nil {
			return nil, err
		}
		if len(rest) != 1 {
			return nil, vm.Errorf(vm.TypeErrorClass, "expected 1 argument, got %d", len(rest))
		}
		return group(t, ms, rest)
	})
	method(d, "group", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		ms, rest, err := recv("group", args)
		if err != nil {
			return nil, err
		}
		if len(kw) > 0 {
			return nil, vm.Errorf(vm.TypeErrorClass, "group() takes no keyword arguments")
		}
		return group(t, ms, rest)
	})
	defaulted := func(fname string, args vm.Tuple, kw []vm.Kwarg) (*matchState, vm.Value, error) {
		ms, rest, err := recv(fname, args)
		if err != nil {
			return nil, nil, err
		}
		a, err := parseArgs(fname, rest, kw, "default=")
		if err != nil {
			return nil, nil, err
		}
		if a[0] == nil {
			return ms, vm.None, nil
		}
		return ms, a[0], nil
	}
	method(d, "groups", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		ms, def, err := defaulted("groups", args, kw)
		if err != nil {
			return nil, err
		}
		n := ms.mt.Re().Groups()
		out := make(vm.Tuple, n)
		for g := 1; g <= n; g++ {
			if out[g-1], err = groupValue(t, ms, g, def); err != nil {
				return nil, err
			}
		}
		return out, nil
	})
	method(d, "groupdict", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		ms, def, err := defaulted("groupdict", args, kw)
		if err != nil {
			return nil, err
		}
		out := vm.NewDict()
		for _, ng := range ms.mt.Re().GroupIndex() {
			v, err := groupValue(t, ms, ng.Index, def)
			if err != nil {
				return nil, err
			}
			out.SetStr(ng.Name, v)
		}
		return out, nil
	})
	spanOf := func(fname string, args vm.Tuple, kw []vm.Kwarg) (int, int, error) {
		ms, rest, err := recv(fname, args)
		if err != nil {
			return 0, 0, err
		}
		a, err := parseArgs(fname, rest, kw, "group=")
		if err != nil {
			return 0, 0, err
		}
		g := 0
		if a[0] != nil {
			if g, err = index(ms, a[0]); err != nil {
				return 0, 0, err
			}
		}
		s, e := ms.mt.Span(g)
		return s, e, nil
	}
	method(d, "span", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		s, e, err := spanOf("span", args, kw)
		if err != nil {
			return nil, err
		}
		return vm.Tuple{vm.Int(s), vm.Int(e)}, nil
	})
	method(d, "start", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		s, _, err := spanOf("start", args, kw)
		if err != nil {
			return nil, err
		}
		return vm.Int(s), nil
	})
	method(d, "end", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		_, e, err := spanOf("end", args, kw)
		if err != nil {
			return nil, err
		}
		return vm.Int(e), nil
	})
	method(d, "expand", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		ms, rest, err := recv("expand", args)
		if err != nil {
			return nil, err
		}
		a, err := parseArgs("expand", rest, kw, "template")
		if err != nil {
			return nil, err
		}
		var tmpl string
		switch x := plain(a[0]).(type) {
		case vm.Str:
			tmpl = string(x)
		case vm.Bytes:
			tmpl = string(x)
		default:
			return nil, vm.Errorf(vm.TypeErrorClass, "expected str or bytes, got '%s'", vm.TypeName(a[0]))
		}
		out, err := ms.mt.Expand(tmpl)
		if err != nil {
			return nil, m.pyError(err)
		}
		return textValue(ms.mt.Re(), out), nil
	})
	attr := func(name string, get func(ms *matchState) vm.Value) {
		property(d, name, func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			ms, _, err := recv(name, args)
			if err != nil {
				return nil, err
			}
			return get(ms), nil
		})
	}
	attr("string", func(ms *matchState) vm.Value { return ms.str })
	attr("re", func(ms *matchState) vm.Value { return ms.pat })
	attr("pos", func(ms *matchState) vm.Value { return vm.Int(ms.mt.Pos()) })
	attr("endpos", func(ms *matchState) vm.Value { return vm.Int(ms.mt.EndPos()) })
	attr("lastindex", func(ms *matchState) vm.Value {
		if i, ok := ms.mt.LastIndex(); ok {
			return vm.Int(i)
		}
		return vm.None
	})
	attr("lastgroup", func(ms *matchState) vm.Value {
		if n, ok := ms.mt.LastGroup(); ok {
			return vm.Str(n)
		}
		return vm.None
	})
	attr("regs", func(ms *matchState) vm.Value {
		regs := make(vm.Tuple, ms.mt.Re().Groups()+1)
		for g := range regs {
			s, e := ms.mt.Span(g)
			regs[g] = vm.Tuple{vm.Int(s), vm.Int(e)}
		}
		return regs
	})
	return d
}

// matchBox is a Match object's Go state with what its __state__ builtin
// holds, allocated together: nothing outside this package sees them.
type matchBox struct {
	st   matchState
	held vm.Held
	refs [2]vm.Value
}

// newMatch builds a Match object.
func (m *module) newMatch(t *vm.Thread, mt *regex.Match, pat *vm.Instance, str vm.Value) (*vm.Instance, error) {
	// One allocation for the state, its Held and the Held's references.
	box := &matchBox{st: matchState{mt: mt, pat: pat, str: str}, refs: [2]vm.Value{pat, str}}
	st := &box.st
	if s, ok := str.(vm.Str); ok && m.lastASCII && len(m.lastRunes) == len(mt.Subject()) && m.lastText == string(s) {
		st.ascii = true
	}
	// The subject's runes are shared by the matches of one subject.
	held := &box.held
	*held = vm.Held{Own: int64(unsafe.Sizeof(*box)) + int64(mt.HeapBytes()), Refs: box.refs[:]}
	if subj := mt.Subject(); cap(subj) > 0 {
		held.Key, held.Shared = unsafe.Pointer(unsafe.SliceData(subj)), 4*int64(cap(subj))
	}
	return withState(t, &vm.Instance{Class: m.matchCls}, st, held)
}

// runesHeld is a value that shows the retained-size walk a subject's runes
// kept by a Go closure (a finditer iterator), counted once however many
// matches and iterators share them.
func runesHeld(s []rune) vm.Value {
	h := &vm.Held{}
	if cap(s) > 0 {
		h.Key, h.Shared = unsafe.Pointer(unsafe.SliceData(s)), 4*int64(cap(s))
	}
	return &vm.Builtin{Name: "runes", Held: h, Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		return nil, vm.Errorf(vm.TypeErrorClass, "internal to the re module")
	}}
}

// isASCII reports whether s holds only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
