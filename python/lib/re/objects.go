package re

import (
	"fmt"
	"strings"

	"github.com/toolplane/toolplane/python/internal/regex"
	"github.com/toolplane/toolplane/python/vm"
)

// Pattern and Match objects: instances whose namespace holds CPython's data attributes and
// closures over the Go state for the methods; the class holds the dunders, which reach
// the state through those closures.

type builtinFn = func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error)

func method(d *vm.Dict, name string, f builtinFn) {
	d.SetStr(name, &vm.Builtin{Name: name, Fn: f})
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

// subject converts the string argument, checking it has the pattern's type.
func subject(re *regex.Regexp, v vm.Value) ([]rune, error) {
	switch s := v.(type) {
	case vm.Str:
		if re.IsBytes() {
			return nil, vm.Errorf(vm.TypeErrorClass, "cannot use a bytes pattern on a string-like object")
		}
		return []rune(string(s)), nil
	case vm.Bytes:
		if !re.IsBytes() {
			return nil, vm.Errorf(vm.TypeErrorClass, "cannot use a string pattern on a bytes-like object")
		}
		return regex.BytesToRunes([]byte(s)), nil
	}
	return nil, vm.Errorf(vm.TypeErrorClass, "expected string or bytes-like object, got '%s'", vm.TypeName(v))
}

func (m *module) patternClassDict() *vm.Dict {
	d := vm.NewDict()
	method(d, "__repr__", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		self := args[0].(*vm.Instance)
		p, _ := self.Dict.GetStr("pattern")
		fv, _ := self.Dict.GetStr("flags")
		fl := regex.Flags(fv.(vm.Int))
		_, isStr := p.(vm.Str)
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
		r := truncRunes(valueRepr(t, p), 200)
		if len(names) == 0 {
			return vm.Str("re.compile(" + r + ")"), nil
		}
		return vm.Str("re.compile(" + r + ", " + strings.Join(names, "|") + ")"), nil
	})
	return d
}

// newPattern builds a Pattern object for re; source is the pattern as given.
func (m *module) newPattern(re *regex.Regexp, source vm.Value) *vm.Instance {
	d := vm.NewDict()
	self := &vm.Instance{Class: m.patCls, Dict: d}
	d.SetStr("pattern", source)
	d.SetStr("flags", vm.Int(re.Flags()))
	d.SetStr("groups", vm.Int(re.Groups()))
	gi := vm.NewDict()
	for _, ng := range re.GroupIndex() {
		gi.SetStr(ng.Name, vm.Int(ng.Index))
	}
	d.SetStr("groupindex", gi)

	span := func(t *vm.Thread, fname string, args vm.Tuple, kw []vm.Kwarg) ([]rune, vm.Value, int, int, error) {
		a, err := parseArgs(fname, args, kw, "string", "pos=", "endpos=")
		if err != nil {
			return nil, nil, 0, 0, err
		}
		s, err := subject(re, a[0])
		if err != nil {
			return nil, nil, 0, 0, err
		}
		pos, endpos := 0, len(s)
		if a[1] != nil {
			p, err := toInt(a[1], "pos")
			if err != nil {
				return nil, nil, 0, 0, err
			}
			pos = clampInt(p)
		}
		if a[2] != nil {
			e, err := toInt(a[2], "endpos")
			if err != nil {
				return nil, nil, 0, 0, err
			}
			endpos = clampInt(e)
		}
		return s, a[0], pos, endpos, nil
	}
	for _, name := range []string{"search", "match", "fullmatch"} {
		name := name
		method(d, name, func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			s, str, pos, endpos, err := span(t, name, args, kw)
			if err != nil {
				return nil, err
			}
			var mt *regex.Match
			switch name {
			case "search":
				mt, err = re.Search(limits(t), s, pos, endpos)
			case "match":
				mt, err = re.Match(limits(t), s, pos, endpos)
			default:
				mt, err = re.FullMatch(limits(t), s, pos, endpos)
			}
			if err != nil {
				return nil, m.pyError(err)
			}
			if mt == nil {
				return vm.None, nil
			}
			return m.newMatch(mt, self, str), nil
		})
	}
	method(d, "findall", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		s, _, pos, endpos, err := span(t, "findall", args, kw)
		if err != nil {
			return nil, err
		}
		rows, err := re.FindAll(limits(t), s, pos, endpos)
		if err != nil {
			return nil, m.pyError(err)
		}
		items := make([]vm.Value, len(rows))
		size := 0
		for i, row := range rows {
			if len(row) == 1 && re.Groups() <= 1 {
				items[i] = textValue(re, row[0])
				size += len(row[0]) + 16
				continue
			}
			tup := make(vm.Tuple, len(row))
			for j, x := range row {
				tup[j] = textValue(re, x)
				size += len(x) + 16
			}
			items[i] = tup
		}
		if err := t.Charge(int64(size)); err != nil {
			return nil, err
		}
		return vm.NewList(items), nil
	})
	method(d, "finditer", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		s, str, pos, endpos, err := span(t, "finditer", args, kw)
		if err != nil {
			return nil, err
		}
		it := re.FindIter(limits(t), s, pos, endpos)
		return vm.FuncIter(m.iterCls, func(t *vm.Thread) (vm.Value, bool, error) {
			mt, err := it.Next()
			if err != nil {
				return nil, false, m.pyError(err)
			}
			if mt == nil {
				return nil, false, nil
			}
			return m.newMatch(mt, self, str), true, nil
		}), nil
	})
	for _, name := range []string{"sub", "subn"} {
		name := name
		method(d, name, func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			a, err := parseArgs(name, args, kw, "repl", "string", "count=")
			if err != nil {
				return nil, err
			}
			s, err := subject(re, a[1])
			if err != nil {
				return nil, err
			}
			count := int64(0)
			if a[2] != nil {
				if count, err = toInt(a[2], "count"); err != nil {
					return nil, err
				}
			}
			repl, err := m.replacement(t, re, self, a[1], a[0])
			if err != nil {
				return nil, err
			}
			out, n, err := re.Sub(limits(t), s, repl, clampInt(count))
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
		a, err := parseArgs("split", args, kw, "string", "maxsplit=")
		if err != nil {
			return nil, err
		}
		s, err := subject(re, a[0])
		if err != nil {
			return nil, err
		}
		maxsplit := int64(0)
		if a[1] != nil {
			if maxsplit, err = toInt(a[1], "maxsplit"); err != nil {
				return nil, err
			}
		}
		pieces, err := re.Split(limits(t), s, clampInt(maxsplit))
		if err != nil {
			return nil, m.pyError(err)
		}
		items := make([]vm.Value, len(pieces))
		size := 0
		for i, p := range pieces {
			if p.Matched {
				items[i] = textValue(re, p.Text)
			} else {
				items[i] = vm.None
			}
			size += len(p.Text) + 16
		}
		if err := t.Charge(int64(size)); err != nil {
			return nil, err
		}
		return vm.NewList(items), nil
	})
	return self
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
	switch r := repl.(type) {
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
			v, err := t.Call(repl, vm.Tuple{m.newMatch(mt, pat, str)}, nil)
			if err != nil {
				return "", err
			}
			switch x := v.(type) {
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
	total := 0
	return func(mt *regex.Match) (string, error) {
		s := tp.Expand(mt)
		total += len(s)
		if total > 1<<20 {
			if err := t.CheckAlloc(int64(total)); err != nil {
				return "", err
			}
		}
		return s, nil
	}, nil
}

func (m *module) matchClassDict() *vm.Dict {
	d := vm.NewDict()
	method(d, "__repr__", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		self := args[0].(*vm.Instance)
		spanFn, _ := self.Dict.GetStr("span")
		sp, err := t.Call(spanFn, nil, nil)
		if err != nil {
			return nil, err
		}
		groupFn, _ := self.Dict.GetStr("group")
		g, err := t.Call(groupFn, nil, nil)
		if err != nil {
			return nil, err
		}
		s := sp.(vm.Tuple)
		return vm.Str(fmt.Sprintf("<re.Match object; span=(%d, %d), match=%s>", s[0], s[1], truncRunes(valueRepr(t, g), 50))), nil
	})
	method(d, "__getitem__", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(args) != 2 {
			return nil, vm.Errorf(vm.TypeErrorClass, "expected 1 argument, got %d", len(args)-1)
		}
		self := args[0].(*vm.Instance)
		groupFn, _ := self.Dict.GetStr("group")
		return t.Call(groupFn, vm.Tuple{args[1]}, nil)
	})
	return d
}

// newMatch builds a Match object.
func (m *module) newMatch(mt *regex.Match, pat *vm.Instance, str vm.Value) *vm.Instance {
	re := mt.Re()
	d := vm.NewDict()
	self := &vm.Instance{Class: m.matchCls, Dict: d}
	d.SetStr("string", str)
	d.SetStr("re", pat)
	d.SetStr("pos", vm.Int(mt.Pos()))
	d.SetStr("endpos", vm.Int(mt.EndPos()))
	if i, ok := mt.LastIndex(); ok {
		d.SetStr("lastindex", vm.Int(i))
	} else {
		d.SetStr("lastindex", vm.None)
	}
	if n, ok := mt.LastGroup(); ok {
		d.SetStr("lastgroup", vm.Str(n))
	} else {
		d.SetStr("lastgroup", vm.None)
	}
	regs := make(vm.Tuple, re.Groups()+1)
	for g := range regs {
		s, e := mt.Span(g)
		regs[g] = vm.Tuple{vm.Int(s), vm.Int(e)}
	}
	d.SetStr("regs", regs)

	index := func(v vm.Value) (int, error) {
		switch x := v.(type) {
		case vm.Int, vm.Bool:
			i, _ := toInt(x, "group")
			if i >= 0 && i <= int64(re.Groups()) {
				return int(i), nil
			}
		case vm.Str:
			if i, ok := re.GroupNumber(string(x)); ok {
				return i, nil
			}
		}
		return 0, vm.Errorf(vm.IndexErrorClass, "no such group")
	}
	groupValue := func(g int, def vm.Value) vm.Value {
		if s, ok := mt.Group(g); ok {
			return textValue(re, s)
		}
		return def
	}
	method(d, "group", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(kw) > 0 {
			return nil, vm.Errorf(vm.TypeErrorClass, "group() takes no keyword arguments")
		}
		if len(args) == 0 {
			return groupValue(0, vm.None), nil
		}
		out := make(vm.Tuple, len(args))
		for i, a := range args {
			g, err := index(a)
			if err != nil {
				return nil, err
			}
			out[i] = groupValue(g, vm.None)
		}
		if len(out) == 1 {
			return out[0], nil
		}
		return out, nil
	})
	method(d, "groups", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		a, err := parseArgs("groups", args, kw, "default=")
		if err != nil {
			return nil, err
		}
		def := a[0]
		if def == nil {
			def = vm.None
		}
		out := make(vm.Tuple, re.Groups())
		for g := 1; g <= re.Groups(); g++ {
			out[g-1] = groupValue(g, def)
		}
		return out, nil
	})
	method(d, "groupdict", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		a, err := parseArgs("groupdict", args, kw, "default=")
		if err != nil {
			return nil, err
		}
		def := a[0]
		if def == nil {
			def = vm.None
		}
		out := vm.NewDict()
		for _, ng := range re.GroupIndex() {
			out.SetStr(ng.Name, groupValue(ng.Index, def))
		}
		return out, nil
	})
	spanOf := func(fname string, args vm.Tuple, kw []vm.Kwarg) (int, int, error) {
		a, err := parseArgs(fname, args, kw, "group=")
		if err != nil {
			return 0, 0, err
		}
		g := 0
		if a[0] != nil {
			if g, err = index(a[0]); err != nil {
				return 0, 0, err
			}
		}
		s, e := mt.Span(g)
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
		a, err := parseArgs("expand", args, kw, "template")
		if err != nil {
			return nil, err
		}
		var tmpl string
		switch x := a[0].(type) {
		case vm.Str:
			tmpl = string(x)
		case vm.Bytes:
			tmpl = string(x)
		default:
			return nil, vm.Errorf(vm.TypeErrorClass, "expected str or bytes, got '%s'", vm.TypeName(a[0]))
		}
		out, err := mt.Expand(tmpl)
		if err != nil {
			return nil, m.pyError(err)
		}
		return textValue(re, out), nil
	})
	return self
}
