package vm

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

func strArg(fname string, v Value) (string, error) {
	s, ok := asStr(v)
	if !ok {
		return "", Errorf(TypeErrorClass, "%s() argument must be str, not %s", fname, TypeName(v))
	}
	return string(s), nil
}

func optStr(v Value) (string, bool) {
	if v == nil || v == None {
		return "", false
	}
	s, ok := v.(Str)
	return string(s), ok
}

// startBeyond reports whether an explicit start index lies past the end
// of s, in which case find/count/startswith report no match.
func (t *Thread) startBeyond(s string, start Value) bool {
	if start == nil || start == None {
		return false
	}
	i, ok, _ := t.index(start)
	if !ok || i < 0 {
		// A negative start is counted from the end and never lies past it.
		return false
	}
	return i > int64(len(s)) || i > int64(runeCount(s))
}

// strRange resolves optional start/end arguments (code point indices, as
// in a slice) to byte offsets of s.
func (t *Thread) strRange(s string, start, end Value) (int, int, error) {
	if (start == nil || start == None) && (end == nil || end == None) {
		return 0, len(s), nil
	}
	ascii := asciiOnly(s)
	n := len(s)
	if !ascii {
		n = utf8.RuneCountInString(s)
	}
	sl := Slice{Start: None, Stop: None, Step: None}
	if start != nil {
		sl.Start = start
	}
	if end != nil {
		sl.Stop = end
	}
	a, b, _, err := t.sliceIndices(&sl, n)
	if err != nil {
		return 0, 0, err
	}
	if b < a {
		b = a
	}
	if ascii {
		return a, b, nil
	}
	lo, hi := runeOffsets(s, a, b)
	return lo, hi, nil
}

// runeIndex converts a byte offset of s to a code point index.
func runeIndex(s string, byteOff int) int {
	return runeCount(s[:byteOff])
}

func isSpace(r rune) bool {
	return unicode.IsSpace(r) || r == 0x1c || r == 0x1d || r == 0x1e || r == 0x1f
}

// caseMethod makes a str method that maps case with f, charging the result
// first: the length in ASCII, at most three times it otherwise (a code point
// maps to at most three).
func caseMethod(f func(string) string) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		x := string(a[0].(Str))
		n := int64(len(x))
		if !asciiOnly(x) {
			n *= 3
		}
		if err := t.Charge(n); err != nil {
			return nil, err
		}
		return sameStr(a[0], x, f(x)), nil
	}
}

func initStr() {
	m := map[string]BuiltinFunc{
		"upper": caseMethod(func(x string) string { return pyUpper(x) }),
		"lower": caseMethod(func(x string) string { return pyLower(x) }),
		"casefold": caseMethod(func(x string) string {
			return strings.ReplaceAll(pyLower(x), "ß", "ss")
		}),
		"capitalize": caseMethod(pyCapitalize),
		"title":      caseMethod(pyTitle),
		"swapcase":   caseMethod(pySwapcase),
		"strip":      stripFn("strip", true, true),
		"lstrip":     stripFn("lstrip", true, false),
		"rstrip":     stripFn("rstrip", false, true),
		"split": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return strSplit(t, a, kw, false)
		},
		"rsplit": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return strSplit(t, a, kw, true)
		},
		"splitlines": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			p, err := parseArgs("splitlines", a[1:], kw, "keepends?")
			if err != nil {
				return nil, err
			}
			// Each line takes a list slot and a boxed header; count the
			// line breaks (a bound: \r\n is one) before making them.
			s := string(a[0].(Str))
			if len(s) > 1<<12 {
				if err := t.ChargeItems(int64(strings.Count(s, "\n")+strings.Count(s, "\r"))+1, 48); err != nil {
					return nil, err
				}
			}
			keep := false
			if p[0] != nil {
				keep, _ = t.Truth(p[0])
			}
			return &List{Items: splitLines(string(a[0].(Str)), keep)}, nil
		},
		"join": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("str.join", a[1:], kw, 1); err != nil {
				return nil, err
			}
			sep := string(a[0].(Str))
			items, err := t.iterate(a[1], func() error {
				return Errorf(TypeErrorClass, "can only join an iterable")
			})
			if err != nil {
				return nil, err
			}
			total := len(sep) * len(items)
			for i, it := range items {
				s, ok := asStr(it)
				if !ok {
					return nil, Errorf(TypeErrorClass, "sequence item %d: expected str instance, %s found", i, TypeName(it))
				}
				total += len(s)
			}
			if err := t.Charge(int64(total)); err != nil {
				return nil, err
			}
			var sb strings.Builder
			sb.Grow(total)
			for i, it := range items {
				if i > 0 {
					sb.WriteString(sep)
				}
				s, _ := asStr(it)
				sb.WriteString(string(s))
			}
			return Str(sb.String()), nil
		},
		"replace": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			p, err := clinicArgs("replace", a[1:], kw, 2, 3)
			if err != nil {
				return nil, err
			}
			old, ok := asStr(p[0])
			if !ok {
				return nil, Errorf(TypeErrorClass, "replace() argument 1 must be str, not %s", TypeName(p[0]))
			}
			nw, ok := asStr(p[1])
			if !ok {
				return nil, Errorf(TypeErrorClass, "replace() argument 2 must be str, not %s", TypeName(p[1]))
			}
			n := -1
			if p[2] != nil {
				c, err := t.toInt(p[2], "")
				if err != nil {
					return nil, err
				}
				n = int(c)
			}
			s := string(a[0].(Str))
			cnt := strings.Count(s, string(old))
			if n >= 0 && n < cnt {
				cnt = n
			}
			if cnt == 0 || old == nw {
				return a[0], nil
			}
			if err := t.Charge(int64(len(s)) + SizeMul(int64(cnt), int64(len(nw)))); err != nil {
				return nil, err
			}
			if old == "" {
				return Str(strings.Replace(s, string(old), string(nw), n)), nil
			}
			return Str(replaceN(s, string(old), string(nw), cnt)), nil
		},
		"startswith": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return startsEnds(t, a, kw, true) },
		"endswith":   func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return startsEnds(t, a, kw, false) },
		"find": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			i, err := strFind(t, "find", a, kw, false)
			return boxInt(Int(i)), err
		},
		"rfind": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			i, err := strFind(t, "rfind", a, kw, true)
			return boxInt(Int(i)), err
		},
		"index": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			i, err := strFind(t, "index", a, kw, false)
			if err == nil && i < 0 {
				return nil, Errorf(ValueErrorClass, "substring not found")
			}
			return Int(i), err
		},
		"rindex": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			i, err := strFind(t, "rindex", a, kw, true)
			if err == nil && i < 0 {
				return nil, Errorf(ValueErrorClass, "substring not found")
			}
			return Int(i), err
		},
		"count": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			p, err := positionalArgs("count", a[1:], kw, 1, 3)
			if err != nil {
				return nil, err
			}
			sub, err := strArg("count", p[0])
			if err != nil {
				return nil, err
			}
			s := string(a[0].(Str))
			if t.startBeyond(s, p[1]) {
				return Int(0), nil
			}
			lo, hi, err := t.strRange(s, p[1], p[2])
			if err != nil {
				return nil, err
			}
			if sub == "" {
				return boxInt(Int(runeCount(s[lo:hi]) + 1)), nil
			}
			return boxInt(Int(strings.Count(s[lo:hi], sub))), nil
		},
		"partition": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("str.partition", a[1:], kw, 1); err != nil {
				return nil, err
			}
			sep, err := strArg("partition", a[1])
			if err != nil {
				return nil, err
			}
			if sep == "" {
				return nil, Errorf(ValueErrorClass, "empty separator")
			}
			s := string(a[0].(Str))
			if i := strings.Index(s, sep); i >= 0 {
				return Tuple{Str(s[:i]), a[1], Str(s[i+len(sep):])}, nil
			}
			return Tuple{a[0], Str(""), Str("")}, nil
		},
		"rpartition": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("str.rpartition", a[1:], kw, 1); err != nil {
				return nil, err
			}
			sep, err := strArg("rpartition", a[1])
			if err != nil {
				return nil, err
			}
			if sep == "" {
				return nil, Errorf(ValueErrorClass, "empty separator")
			}
			s := string(a[0].(Str))
			if i := strings.LastIndex(s, sep); i >= 0 {
				return Tuple{Str(s[:i]), a[1], Str(s[i+len(sep):])}, nil
			}
			return Tuple{Str(""), Str(""), a[0]}, nil
		},
		"center": padFn("center"),
		"ljust":  padFn("ljust"),
		"rjust":  padFn("rjust"),
		"zfill": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("str.zfill", a[1:], kw, 1); err != nil {
				return nil, err
			}
			w, err := t.toInt(a[1], "")
			if err != nil {
				return nil, err
			}
			s := string(a[0].(Str))
			n := utf8.RuneCountInString(s)
			if int64(n) >= w {
				return Str(s), nil
			}
			if err := t.Charge(w - int64(n) + int64(len(s))); err != nil {
				return nil, err
			}
			var sb strings.Builder
			sb.Grow(int(w) - n + len(s))
			if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
				sb.WriteByte(s[0])
				s = s[1:]
			}
			for i := n; i < int(w); i++ {
				sb.WriteByte('0')
			}
			sb.WriteString(s)
			return Str(sb.String()), nil
		},
		"isdigit":   strPred(isDigitRune),
		"isdecimal": strPred(func(r rune) bool { return unicode.Is(unicode.Nd, r) }),
		"isnumeric": strPred(func(r rune) bool { return unicode.IsNumber(r) }),
		"isalpha":   strPred(unicode.IsLetter),
		"isalnum":   strPred(func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }),
		"isspace":   strPred(isSpace),
		"isprintable": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			for _, r := range string(a[0].(Str)) {
				if !isPrintable(r) {
					return Bool(false), nil
				}
			}
			return Bool(true), nil
		},
		"isascii": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return Bool(isASCII(string(a[0].(Str)))), nil },
		"isupper": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s := string(a[0].(Str))
			cased := false
			for _, r := range s {
				if unicode.IsLower(r) {
					return Bool(false), nil
				}
				if unicode.IsUpper(r) {
					cased = true
				}
			}
			return Bool(cased), nil
		},
		"islower": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s := string(a[0].(Str))
			cased := false
			for _, r := range s {
				if unicode.IsUpper(r) {
					return Bool(false), nil
				}
				if unicode.IsLower(r) {
					cased = true
				}
			}
			return Bool(cased), nil
		},
		"istitle": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s := string(a[0].(Str))
			prev, cased := false, false
			for _, r := range s {
				if unicode.IsUpper(r) || unicode.IsTitle(r) {
					if prev {
						return Bool(false), nil
					}
					prev, cased = true, true
				} else if unicode.IsLower(r) {
					if !prev {
						return Bool(false), nil
					}
					prev, cased = true, true
				} else {
					prev = false
				}
			}
			return Bool(cased), nil
		},
		"isidentifier": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s := string(a[0].(Str))
			if s == "" {
				return Bool(false), nil
			}
			for i, r := range s {
				if !(r == '_' || unicode.IsLetter(r) || (i > 0 && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)))) {
					return Bool(false), nil
				}
			}
			return Bool(true), nil
		},
		"removeprefix": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("str.removeprefix", a[1:], kw, 1); err != nil {
				return nil, err
			}
			p, err := strArg("removeprefix", a[1])
			if err != nil {
				return nil, err
			}
			return Str(strings.TrimPrefix(string(a[0].(Str)), p)), nil
		},
		"removesuffix": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("str.removesuffix", a[1:], kw, 1); err != nil {
				return nil, err
			}
			p, err := strArg("removesuffix", a[1])
			if err != nil {
				return nil, err
			}
			return Str(strings.TrimSuffix(string(a[0].(Str)), p)), nil
		},
		"expandtabs": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			p, err := parseArgs("expandtabs", a[1:], kw, "tabsize?")
			if err != nil {
				return nil, err
			}
			ts := int64(8)
			if p[0] != nil {
				ts, _ = t.toInt(p[0], "")
			}
			// Size the result first (charging it as it adds up, so a huge
			// tab size fails early), then build it in one allocation.
			size, col := int64(0), int64(0)
			g := t.Growth()
			defer g.Done()
			for _, r := range string(a[0].(Str)) {
				switch r {
				case '\t':
					if ts > 0 {
						n := ts - col%ts
						size += n
						col += n
						if err := g.To(size); err != nil {
							return nil, err
						}
					}
				case '\n', '\r':
					size++
					col = 0
				default:
					size += int64(utf8.RuneLen(r))
					col++
				}
			}
			var sb strings.Builder
			sb.Grow(int(size))
			col = 0
			for _, r := range string(a[0].(Str)) {
				switch r {
				case '\t':
					if ts > 0 {
						n := ts - col%ts
						for i := int64(0); i < n; i++ {
							sb.WriteByte(' ')
						}
						col += n
					}
				case '\n', '\r':
					sb.WriteRune(r)
					col = 0
				default:
					sb.WriteRune(r)
					col++
				}
			}
			return Str(sb.String()), nil
		},
		"encode": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			p, err := parseArgs("encode", a[1:], kw, "encoding?", "errors?")
			if err != nil {
				return nil, err
			}
			return encodeStr(a[0].(Str), p[0], p[1])
		},
		"format": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return t.strFormat(string(a[0].(Str)), a[1:], kw)
		},
		"format_map": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) != 2 {
				return nil, Errorf(TypeErrorClass, "format_map() takes exactly one argument")
			}
			return t.strFormatMap(string(a[0].(Str)), a[1])
		},
		"translate": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("str.translate", a[1:], kw, 1); err != nil {
				return nil, err
			}
			return strTranslate(t, a[0].(Str), a[1])
		},
		"__len__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return Int(strLen(a[0].(Str))), nil },
		"__contains__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			ok, err := t.Contains(a[0], a[1])
			return Bool(ok), err
		},
		"__getitem__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.GetItem(a[0], a[1]) },
		"__add__":     func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.Binary(0, a[0], a[1]) },
		"__mul__":     func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.Binary(2, a[0], a[1]) },
		"__eq__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			eq, err := t.Equal(a[0], a[1])
			return Bool(eq), err
		},
		"__hash__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			h, err := t.Hash(a[0])
			return Int(int64(h)), err
		},
		"__str__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return a[0], nil },
		"__repr__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return Str(StrQuote(string(a[0].(Str)))), nil
		},
		"__format__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("str.__format__", a[1:], kw, 1); err != nil {
				return nil, err
			}
			spec, ok := a[1].(Str)
			if !ok {
				return nil, Errorf(TypeErrorClass, "__format__() argument must be str, not %s", argTypeName(a[1]))
			}
			return t.formatValue(a[0], 0, string(spec))
		},
	}
	for _, name := range []string{"upper", "lower", "casefold", "capitalize", "title", "swapcase", "isdigit", "isdecimal",
		"isnumeric", "isalpha", "isalnum", "isspace", "isprintable", "isascii", "isupper", "islower", "istitle", "isidentifier", "__len__"} {
		fn, name := m[name], name
		m[name] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) != 1 || len(kw) > 0 {
				return nil, Errorf(TypeErrorClass, "str.%s() takes no arguments (%d given)", name, len(a)-1+len(kw))
			}
			if _, ok := a[0].(Str); !ok {
				return nil, Errorf(TypeErrorClass, "descriptor '%s' for 'str' objects doesn't apply to a '%s' object", name, TypeName(a[0]))
			}
			return fn(t, a, kw)
		}
	}
	// Methods that scan or copy the whole string count that work as steps:
	// by BytesPerStep those that search or copy with memchr-like loops, by
	// CharsPerStep those that visit each character.
	scans := map[string]int{}
	for _, name := range []string{"count", "find", "rfind", "index", "rindex", "split", "rsplit",
		"encode", "partition", "rpartition", "join", "center", "ljust", "rjust", "zfill", "removeprefix", "removesuffix"} {
		scans[name] = BytesPerStep
	}
	// replace copies the text between matches piece by piece.
	for _, name := range []string{"replace", "splitlines", "upper", "lower", "casefold", "title", "swapcase", "capitalize",
		"strip", "lstrip", "rstrip", "translate", "expandtabs", "isdigit", "isdecimal", "isnumeric", "isalpha",
		"isalnum", "isspace", "isprintable", "isascii", "isupper", "islower", "istitle", "isidentifier", "format",
		"format_map", "__format__"} {
		scans[name] = CharsPerStep
	}
	// startswith and endswith read only a prefix of the receiver, but
	// their argument may be a tuple of many prefixes.
	scans["startswith"], scans["endswith"] = 1<<30, 1<<30
	addStrMethods(m, scans)
	addNumberFormat()
	StrClass.Dict.SetStr("maketrans", &StaticMethod{Fn: &Builtin{Name: "maketrans", Fn: func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if len(a) < 1 || len(a) > 3 || len(kw) > 0 {
			return nil, Errorf(TypeErrorClass, "maketrans() takes 1 to 3 positional arguments but %d were given", len(a))
		}
		d := NewDict()
		if len(a) == 1 {
			src, ok := a[0].(*Dict)
			if !ok {
				return nil, Errorf(TypeErrorClass, "if you give only one argument to maketrans it must be a dict")
			}
			for _, it := range src.Items() {
				k := it[0]
				if s, ok := k.(Str); ok {
					r, _ := utf8.DecodeRuneInString(string(s))
					k = Int(r)
				}
				d.Set(t, k, it[1])
			}
			return d, nil
		}
		x, _ := a[0].(Str)
		y, _ := a[1].(Str)
		xr, yr := []rune(string(x)), []rune(string(y))
		if len(xr) != len(yr) {
			return nil, Errorf(ValueErrorClass, "the first two maketrans arguments must have equal length")
		}
		for i := range xr {
			d.Set(t, Int(xr[i]), Int(yr[i]))
		}
		if len(a) > 2 {
			z, _ := a[2].(Str)
			for _, r := range string(z) {
				d.Set(t, Int(r), None)
			}
		}
		return d, nil
	}}})
	initBytes()
}

func strPred(f func(rune) bool) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		s := string(a[0].(Str))
		if s == "" {
			return Bool(false), nil
		}
		for _, r := range s {
			if !f(r) {
				return Bool(false), nil
			}
		}
		return Bool(true), nil
	}
}

func stripFn(name string, left, right bool) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		p, err := clinicArgs(name, a[1:], kw, 0, 1)
		if err != nil {
			return nil, err
		}
		s := string(a[0].(Str))
		if p[0] == nil || p[0] == None {
			return sameStr(a[0], s, trimSpace(s, left, right)), nil
		}
		chars, err := strArg(name, p[0])
		if err != nil {
			return nil, err
		}
		r := s
		if left {
			r = strings.TrimLeft(r, chars)
		}
		if right {
			r = strings.TrimRight(r, chars)
		}
		return sameStr(a[0], s, r), nil
	}
}

func padFn(name string) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		p, err := clinicArgs(name, a[1:], kw, 1, 2)
		if err != nil {
			return nil, err
		}
		w, err := t.toInt(p[0], "")
		if err != nil {
			return nil, err
		}
		fill := " "
		if p[1] != nil {
			f, ok := p[1].(Str)
			if !ok || utf8.RuneCountInString(string(f)) != 1 {
				return nil, Errorf(TypeErrorClass, "The fill character must be exactly one character long")
			}
			fill = string(f)
		}
		s := string(a[0].(Str))
		n := int64(utf8.RuneCountInString(s))
		if w <= n {
			return Str(s), nil
		}
		total := int(w - n)
		size := SizeMul(int64(total), int64(len(fill))) + int64(len(s))
		if err := t.Charge(size); err != nil {
			return nil, err
		}
		left := 0
		switch name {
		case "rjust":
			left = total
		case "center":
			left = total/2 + (total & int(w) & 1)
		}
		var sb strings.Builder
		sb.Grow(int(size))
		for i := 0; i < left; i++ {
			sb.WriteString(fill)
		}
		sb.WriteString(s)
		for i := left; i < total; i++ {
			sb.WriteString(fill)
		}
		return Str(sb.String()), nil
	}
}

func strSplit(t *Thread, a Tuple, kw []Kwarg, right bool) (Value, error) {
	name := "split"
	if right {
		name = "rsplit"
	}
	p, err := strArgs(name, a[1:], kw, "sep?", "maxsplit?")
	if err != nil {
		return nil, err
	}
	s := string(a[0].(Str))
	max := -1
	if p[1] != nil {
		m, err := t.toInt(p[1], "")
		if err != nil {
			return nil, err
		}
		max = int(m)
	}
	if len(s) > 1<<12 {
		// Each piece takes a list slot, a boxed header and a scratch
		// header: count the pieces before making them.
		pieces := int64(0)
		if sep, ok := p[0].(Str); ok && len(sep) > 0 {
			pieces = int64(strings.Count(s, string(sep))) + 1
		} else {
			pieces = int64(countFields(s)) + 1
		}
		if max >= 0 && int64(max)+1 < pieces {
			pieces = int64(max) + 1
		}
		if err := t.ChargeItems(pieces, 48); err != nil {
			return nil, err
		}
	}
	var parts []string
	if p[0] == nil || p[0] == None {
		if right {
			fields := strings.FieldsFunc(s, isSpace)
			if max >= 0 && len(fields) > max {
				// Keep the leftmost remainder intact.
				rest := strings.TrimRightFunc(s, isSpace)
				for i := 0; i < max; i++ {
					j := strings.LastIndexFunc(rest, isSpace)
					_, n := utf8.DecodeRuneInString(rest[j:])
					parts = append(parts, rest[j+n:])
					rest = strings.TrimRightFunc(rest[:j+n], isSpace)
				}
				parts = append(parts, rest)
				slices.Reverse(parts)
			} else {
				parts = fields
			}
		} else if max < 0 {
			if asciiOnly(s) {
				return &List{Items: splitWhite(s)}, nil
			}
			parts = strings.FieldsFunc(s, isSpace)
		} else {
			rest := strings.TrimLeftFunc(s, isSpace)
			for i := 0; i < max && rest != ""; i++ {
				j := strings.IndexFunc(rest, isSpace)
				if j < 0 {
					break
				}
				parts = append(parts, rest[:j])
				rest = strings.TrimLeftFunc(rest[j:], isSpace)
			}
			if rest != "" {
				parts = append(parts, rest)
			}
		}
	} else {
		sep, err := strArg("split", p[0])
		if err != nil {
			return nil, err
		}
		if sep == "" {
			return nil, Errorf(ValueErrorClass, "empty separator")
		}
		if right && max >= 0 {
			rest := s
			for i := 0; i < max; i++ {
				j := strings.LastIndex(rest, sep)
				if j < 0 {
					break
				}
				parts = append(parts, rest[j+len(sep):])
				rest = rest[:j]
			}
			parts = append(parts, rest)
			slices.Reverse(parts)
		} else {
			return &List{Items: splitSep(s, sep, max)}, nil
		}
	}
	out := make([]Value, len(parts))
	for i, x := range parts {
		out[i] = Str(x)
	}
	return &List{Items: out}, nil
}

// countFields counts the whitespace-separated fields of s.
func countFields(s string) int {
	n, in := 0, false
	for _, r := range s {
		if isSpace(r) {
			in = false
		} else if !in {
			in = true
			n++
		}
	}
	return n
}

func startsEnds(t *Thread, a Tuple, kw []Kwarg, start bool) (Value, error) {
	name := "endswith"
	if start {
		name = "startswith"
	}
	p, err := positionalArgs(name, a[1:], kw, 1, 3)
	if err != nil {
		return nil, err
	}
	s := string(a[0].(Str))
	if t.startBeyond(s, p[1]) {
		return Bool(false), nil
	}
	lo, hi, err := t.strRange(s, p[1], p[2])
	if err != nil {
		return nil, err
	}
	s = s[lo:hi]
	var cands []Value
	switch x := p[0].(type) {
	case Str:
		cands = []Value{x}
	case Tuple:
		cands = x
	case *Instance:
		if _, ok := asStr(x); !ok {
			return nil, Errorf(TypeErrorClass, "%s first arg must be str or a tuple of str, not %s", name, TypeName(p[0]))
		}
		cands = []Value{x}
	default:
		return nil, Errorf(TypeErrorClass, "%s first arg must be str or a tuple of str, not %s", name, TypeName(p[0]))
	}
	for _, c := range cands {
		cs, ok := asStr(c)
		if !ok {
			return nil, Errorf(TypeErrorClass, "tuple for %s must only contain str, not %s", name, TypeName(c))
		}
		if start && strings.HasPrefix(s, string(cs)) || !start && strings.HasSuffix(s, string(cs)) {
			return Bool(true), nil
		}
	}
	return Bool(false), nil
}

func strFind(t *Thread, name string, a Tuple, kw []Kwarg, last bool) (int, error) {
	p, err := positionalArgs(name, a[1:], kw, 1, 3)
	if err != nil {
		return 0, err
	}
	sub, err := strArg(name, p[0])
	if err != nil {
		return 0, Errorf(TypeErrorClass, "must be str, not %s", TypeName(p[0]))
	}
	s := string(a[0].(Str))
	if t.startBeyond(s, p[1]) {
		return -1, nil
	}
	lo, hi, err := t.strRange(s, p[1], p[2])
	if err != nil {
		return 0, err
	}
	var i int
	if last {
		i = strings.LastIndex(s[lo:hi], sub)
	} else {
		i = strings.Index(s[lo:hi], sub)
	}
	if i < 0 {
		return -1, nil
	}
	return runeIndex(s, lo+i), nil
}

func encodeStr(s Str, enc, errs Value) (Value, error) {
	e := "utf-8"
	if x, ok := optStr(enc); ok {
		e = strings.ToLower(strings.ReplaceAll(x, "_", "-"))
	}
	switch e {
	case "utf-8", "utf8":
		return Bytes(s), nil
	case "ascii", "latin-1", "latin1", "iso-8859-1":
		limit := rune(0x7f)
		if e != "ascii" {
			limit = 0xff
		}
		buf := make([]byte, 0, len(s))
		mode, _ := optStr(errs)
		for i, r := range string(s) {
			if r > limit {
				switch mode {
				case "ignore":
					continue
				case "replace":
					buf = append(buf, '?')
					continue
				}
				esc := fmt.Sprintf("\\u%04x", r)
				if r <= 0xff {
					esc = fmt.Sprintf("\\x%02x", r)
				} else if r > 0xffff {
					esc = fmt.Sprintf("\\U%08x", r)
				}
				return nil, Errorf(UnicodeEncodeErrorClass, "'%s' codec can't encode character '%s' in position %d: ordinal not in range(%d)", map[bool]string{true: "ascii", false: "latin-1"}[e == "ascii"], esc, utf8.RuneCountInString(string(s)[:i]), limit+1)
			}
			buf = append(buf, byte(r))
		}
		return Bytes(buf), nil
	}
	return nil, Errorf(LookupErrorClass, "unknown encoding: %s", e)
}

func decodeBytes(b Bytes, enc, errs Value) (Value, error) {
	e := "utf-8"
	if x, ok := optStr(enc); ok {
		e = strings.ToLower(strings.ReplaceAll(x, "_", "-"))
	}
	mode, _ := optStr(errs)
	switch e {
	case "utf-8", "utf8":
		if utf8.ValidString(string(b)) {
			return Str(b), nil
		}
		if mode == "replace" {
			return Str(strings.ToValidUTF8(string(b), "\ufffd")), nil
		}
		if mode == "ignore" {
			return Str(strings.ToValidUTF8(string(b), "")), nil
		}
		for i := 0; i < len(b); {
			r, n := utf8.DecodeRuneInString(string(b[i:]))
			if r == utf8.RuneError && n <= 1 {
				return nil, Errorf(UnicodeDecodeErrorClass, "'utf-8' codec can't decode byte 0x%02x in position %d: invalid start byte", b[i], i)
			}
			i += n
		}
	case "ascii":
		var sb strings.Builder
		for i := 0; i < len(b); i++ {
			if b[i] > 0x7f {
				if mode == "ignore" {
					continue
				}
				if mode == "replace" {
					sb.WriteRune('\ufffd')
					continue
				}
				return nil, Errorf(UnicodeDecodeErrorClass, "'ascii' codec can't decode byte 0x%02x in position %d: ordinal not in range(128)", b[i], i)
			}
			sb.WriteByte(b[i])
		}
		return Str(sb.String()), nil
	case "latin-1", "latin1", "iso-8859-1":
		rs := make([]rune, len(b))
		for i := 0; i < len(b); i++ {
			rs[i] = rune(b[i])
		}
		return Str(string(rs)), nil
	}
	return nil, Errorf(LookupErrorClass, "unknown encoding: %s", e)
}

func initBytes() {
	addMethods(BytesClass, map[string]BuiltinFunc{
		"decode": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			p, err := parseArgs("decode", a[1:], kw, "encoding?", "errors?")
			if err != nil {
				return nil, err
			}
			return decodeBytes(a[0].(Bytes), p[0], p[1])
		},
		"hex": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			const digits = "0123456789abcdef"
			b := a[0].(Bytes)
			if err := t.ChargeItems(int64(len(b)), 2); err != nil {
				return nil, err
			}
			out := make([]byte, 0, 2*len(b))
			for i := 0; i < len(b); i++ {
				out = append(out, digits[b[i]>>4], digits[b[i]&15])
			}
			return Str(unsafe.String(unsafe.SliceData(out), len(out))), nil
		},
		"startswith": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			p, _ := a[1].(Bytes)
			return Bool(strings.HasPrefix(string(a[0].(Bytes)), string(p))), nil
		},
		"endswith": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			p, _ := a[1].(Bytes)
			return Bool(strings.HasSuffix(string(a[0].(Bytes)), string(p))), nil
		},
		"upper": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := t.Charge(int64(len(a[0].(Bytes)))); err != nil {
				return nil, err
			}
			return Bytes(strings.ToUpper(string(a[0].(Bytes)))), nil
		},
		"isalpha": bytesPred(func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }),
		"isdigit": bytesPred(func(c byte) bool { return c >= '0' && c <= '9' }),
		"isalnum": bytesPred(func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' }),
		"isspace": bytesPred(func(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }),
		"lstrip": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) > 1 {
				c, _ := a[1].(Bytes)
				return Bytes(strings.TrimLeft(string(a[0].(Bytes)), string(c))), nil
			}
			return Bytes(strings.TrimLeft(string(a[0].(Bytes)), " \t\n\r\v\f")), nil
		},
		"rstrip": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) > 1 {
				c, _ := a[1].(Bytes)
				return Bytes(strings.TrimRight(string(a[0].(Bytes)), string(c))), nil
			}
			return Bytes(strings.TrimRight(string(a[0].(Bytes)), " \t\n\r\v\f")), nil
		},
		"lower": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := t.Charge(int64(len(a[0].(Bytes)))); err != nil {
				return nil, err
			}
			return Bytes(strings.ToLower(string(a[0].(Bytes)))), nil
		},
		"strip": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return Bytes(strings.TrimSpace(string(a[0].(Bytes)))), nil
		},
		"split": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s := string(a[0].(Bytes))
			var parts []string
			if len(a) > 1 {
				sep, _ := a[1].(Bytes)
				if len(sep) > 0 {
					// The pieces' headers: the list's slots, the boxed
					// values and the scratch slice of strings.
					if err := t.ChargeItems(int64(strings.Count(s, string(sep)))+1, 48); err != nil {
						return nil, err
					}
				}
				parts = strings.Split(s, string(sep))
			} else {
				if err := t.ChargeItems(int64(len(s)/2)+1, 48); err != nil {
					return nil, err
				}
				parts = strings.Fields(s)
			}
			out := make([]Value, len(parts))
			for i, p := range parts {
				out[i] = Bytes(p)
			}
			return &List{Items: out}, nil
		},
		"join": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			items, err := t.iterate(a[1], nil)
			if err != nil {
				return nil, err
			}
			sep := string(a[0].(Bytes))
			total := SizeMul(int64(len(sep)), int64(len(items)))
			for i, it := range items {
				b, ok := it.(Bytes)
				if !ok {
					return nil, Errorf(TypeErrorClass, "sequence item %d: expected a bytes-like object, %s found", i, TypeName(it))
				}
				total += int64(len(b))
			}
			if err := t.Charge(total); err != nil {
				return nil, err
			}
			var sb strings.Builder
			sb.Grow(int(total))
			for i, it := range items {
				if i > 0 {
					sb.WriteString(sep)
				}
				sb.WriteString(string(it.(Bytes)))
			}
			return Bytes(sb.String()), nil
		},
		"replace": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			o, _ := a[1].(Bytes)
			n, _ := a[2].(Bytes)
			s := string(a[0].(Bytes))
			matches := int64(len(s)) + 1
			if len(o) > 0 {
				matches = int64(strings.Count(s, string(o)))
			}
			if err := t.Charge(int64(len(s)) + SizeMul(matches, int64(len(n)))); err != nil {
				return nil, err
			}
			return Bytes(strings.ReplaceAll(s, string(o), string(n))), nil
		},
		"find": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			switch x := a[1].(type) {
			case Bytes:
				return Int(strings.Index(string(a[0].(Bytes)), string(x))), nil
			case Int:
				return Int(strings.IndexByte(string(a[0].(Bytes)), byte(x))), nil
			}
			return nil, Errorf(TypeErrorClass, "argument should be integer or bytes-like object, not '%s'", TypeName(a[1]))
		},
		"count": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			x, _ := a[1].(Bytes)
			return Int(strings.Count(string(a[0].(Bytes)), string(x))), nil
		},
	})
	BytesClass.Dict.SetStr("fromhex", &ClassMethod{Fn: &Builtin{Name: "fromhex", Fn: func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if len(a) != 2 || len(kw) > 0 {
			return nil, Errorf(TypeErrorClass, "fromhex() takes exactly one argument (%d given)", len(a)-1)
		}
		s, ok := a[1].(Str)
		if !ok {
			return nil, Errorf(TypeErrorClass, "fromhex() argument must be str, not %s", TypeName(a[1]))
		}
		h := strings.ReplaceAll(string(s), " ", "")
		if len(h)%2 != 0 {
			return nil, Errorf(ValueErrorClass, "non-hexadecimal number found in fromhex() arg at position %d", len(h))
		}
		if err := t.Charge(int64(len(s) + len(h)/2)); err != nil {
			return nil, err
		}
		out := make([]byte, len(h)/2)
		for i := 0; i < len(h); i += 2 {
			var v byte
			for _, c := range h[i : i+2] {
				v <<= 4
				switch {
				case c >= '0' && c <= '9':
					v |= byte(c - '0')
				case c >= 'a' && c <= 'f':
					v |= byte(c-'a') + 10
				case c >= 'A' && c <= 'F':
					v |= byte(c-'A') + 10
				default:
					return nil, Errorf(ValueErrorClass, "non-hexadecimal number found in fromhex() arg at position %d", i)
				}
			}
			out[i/2] = v
		}
		return Bytes(out), nil
	}}})
}

func bytesPred(f func(byte) bool) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		b := string(a[0].(Bytes))
		if b == "" {
			return Bool(false), nil
		}
		for i := 0; i < len(b); i++ {
			if !f(b[i]) {
				return Bool(false), nil
			}
		}
		return Bool(true), nil
	}
}
