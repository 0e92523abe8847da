package vm

import (
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// asciiOnly reports whether s holds only ASCII bytes, eight bytes at a time.
func asciiOnly(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// runeCount is the number of code points of s.
func runeCount(s string) int {
	if asciiOnly(s) {
		return len(s)
	}
	return utf8.RuneCountInString(s)
}

// asStr returns the text of a str or of an instance of a str subclass.
func asStr(v Value) (Str, bool) {
	switch x := v.(type) {
	case Str:
		return x, true
	case *Instance:
		s, ok := x.Base.(Str)
		return s, ok
	}
	return "", false
}

// sameStr returns self when r is self's own text (a method that changed
// nothing), sparing the allocation of a new Str box, and Str(r) otherwise.
func sameStr(self Value, s, r string) Value {
	if len(r) == len(s) && unsafe.StringData(r) == unsafe.StringData(s) {
		return self
	}
	return Str(r)
}

// strArgs binds a str method's arguments like parseArgs (at most three
// names), without allocating when they are all positional.
func strArgs(fname string, args Tuple, kw []Kwarg, names ...string) (p [3]Value, err error) {
	if len(kw) == 0 && len(args) <= len(names) {
		required := 0
		for i, n := range names {
			if !strings.HasSuffix(n, "?") {
				required = i + 1
			}
		}
		if len(args) >= required {
			copy(p[:], args)
			return p, nil
		}
	}
	r, err := parseArgs(fname, args, kw, names...)
	if err != nil {
		return p, err
	}
	copy(p[:], r)
	return p, nil
}

// clinicArgs binds the positional-only arguments (min to max of them,
// at most three) of a str method that CPython checks with Argument Clinic's
// messages ("replace expected at least 2 arguments, got 1").
func clinicArgs(name string, args Tuple, kw []Kwarg, min, max int) (p [3]Value, err error) {
	if len(kw) > 0 {
		return p, Errorf(TypeErrorClass, "str.%s() takes no keyword arguments", name)
	}
	if len(args) < min {
		return p, Errorf(TypeErrorClass, "%s expected at least %s, got %d", name, plural(min, "argument"), len(args))
	}
	if len(args) > max {
		return p, Errorf(TypeErrorClass, "%s expected at most %s, got %d", name, plural(max, "argument"), len(args))
	}
	copy(p[:], args)
	return p, nil
}

// positionalArgs binds the positional-only arguments of the str methods
// CPython checks in the older style ("find() takes at least 1 argument (0
// given)"): find, index, count, startswith and their kin.
func positionalArgs(name string, args Tuple, kw []Kwarg, min, max int) (p [3]Value, err error) {
	if len(kw) > 0 {
		// CPython says "str.find()" when the method is called as s.find(...),
		// and "find()" when called through a bound method object; the
		// former is the common case.
		return p, Errorf(TypeErrorClass, "str.%s() takes no keyword arguments", name)
	}
	if len(args) < min {
		return p, Errorf(TypeErrorClass, "%s() takes at least %s (%d given)", name, plural(min, "argument"), len(args))
	}
	if len(args) > max {
		return p, Errorf(TypeErrorClass, "%s() takes at most %s (%d given)", name, plural(max, "argument"), len(args))
	}
	copy(p[:], args)
	return p, nil
}

// strSelfChecked names the str methods that check their own arguments
// (parseArgs, exactArgs or a length test) and never index past them, so a
// call on a plain str may skip checkedMethod's receiver test and recover.
var strSelfChecked = map[string]bool{
	"upper": true, "lower": true, "casefold": true, "capitalize": true, "title": true, "swapcase": true,
	"strip": true, "lstrip": true, "rstrip": true, "split": true, "rsplit": true, "splitlines": true,
	"join": true, "replace": true, "startswith": true, "endswith": true, "find": true, "rfind": true,
	"index": true, "rindex": true, "count": true, "partition": true, "rpartition": true,
	"center": true, "ljust": true, "rjust": true, "zfill": true, "isdigit": true, "isdecimal": true,
	"isnumeric": true, "isalpha": true, "isalnum": true, "isspace": true, "isprintable": true,
	"isascii": true, "isupper": true, "islower": true, "istitle": true, "isidentifier": true,
	"removeprefix": true, "removesuffix": true, "expandtabs": true, "encode": true, "format": true,
	"format_map": true, "__len__": true, "__format__": true, "translate": true,
}

// addStrMethods installs str's methods; those named in scans count the
// work of scanning a long receiver (or a long list argument) as steps.
// Calls on a plain str of the methods in strSelfChecked check their
// argument count (checkArity's rule, without its closure) and go straight
// to the method, or to its direct body where it has one; anything else (a
// str subclass instance, a foreign receiver) takes checkedMethod's path.
func addStrMethods(m, direct map[string]BuiltinFunc, scans map[string]int) {
	for name, body := range m {
		raw := withArity(StrClass, name, body)
		unit := scans[name]
		scan := unit > 0
		shift := bits.TrailingZeros(uint(unit))
		if scan && unit != 1<<shift {
			panic("str." + name + ": a scan unit must be a power of two")
		}
		fn := raw
		if scan {
			fn = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
				if err := strTick(t, a, unit); err != nil {
					return nil, err
				}
				return raw(t, a, kw)
			}
		}
		checked := checkedMethod(StrClass, name, fn)
		f := checked
		if strSelfChecked[name] {
			ar, counted := methodArity[StrClass.Name+"."+name]
			qual, name := StrClass.Name+"."+name, name
			if d := direct[name]; d != nil && counted {
				body = d
			}
			f = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
				if len(a) > 0 {
					if s, ok := a[0].(Str); ok {
						if scan {
							// scanTick's count, its common case inline:
							// arguments that count nothing, a receiver
							// counted a step per unit (a power of two).
							if len(a) > 1 && !scanFree(a[1:]) {
								if err := strTick(t, a, unit); err != nil {
									return nil, err
								}
							} else if len(s) >= unit {
								if err := t.tick(int64(len(s) >> shift)); err != nil {
									return nil, err
								}
							}
						}
						if counted && (len(kw) > 0 || len(a)-1 < ar.min || ar.max >= 0 && len(a)-1 > ar.max) {
							return nil, checkArity(qual, name, ar, a[1:], kw)
						}
						return body(t, a, kw)
					}
				}
				return checked(t, a, kw)
			}
		}
		StrClass.Dict.SetStr(name, &Builtin{Name: name, Fn: f, Self: StrClass.Name})
	}
}

// scanFree reports whether scanTick counts nothing for the arguments a
// (the receiver aside): each a str too short to count, an int, a bool or
// None, as the arguments of most calls are (s.split(";"), s.replace("a",
// "b")).
func scanFree(a Tuple) bool {
	for _, x := range a {
		switch v := x.(type) {
		case Str:
			if len(v) >= BytesPerStep {
				return false
			}
		case Int, Bool, NoneType:
		default:
			return false
		}
	}
	return true
}

// strDirect returns the direct bodies of str methods (see addStrMethods),
// given their general bodies: the commonest calls, on a plain str with an
// argument count already checked and no keywords, without the general
// argument binding; any other call goes on to the general body.
func strDirect(general map[string]BuiltinFunc) map[string]BuiltinFunc {
	strip := func(name string, left, right bool) BuiltinFunc {
		general := stripFn(name, left, right)
		return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) == 1 && len(kw) == 0 {
				s := string(a[0].(Str))
				return t.subOf(a[0], s, trimSpace(s, left, right))
			}
			return general(t, a, kw)
		}
	}
	startsEnds := func(start bool) BuiltinFunc {
		return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) == 2 && len(kw) == 0 {
				if x, ok := a[1].(Str); ok {
					s := string(a[0].(Str))
					if start {
						return Bool(strings.HasPrefix(s, string(x))), nil
					}
					return Bool(strings.HasSuffix(s, string(x))), nil
				}
			}
			return startsEnds(t, a, kw, start)
		}
	}
	replace := general["replace"]
	return map[string]BuiltinFunc{
		"strip":  strip("strip", true, true),
		"lstrip": strip("lstrip", true, false),
		"rstrip": strip("rstrip", false, true),
		"split": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			// Short receivers only: a long one charges its pieces first.
			if len(kw) == 0 && len(a[0].(Str)) <= 1<<12 {
				s := string(a[0].(Str))
				switch len(a) {
				case 1:
					if asciiOnly(s) {
						items, copied := splitWhite(s)
						return t.NewList(items), t.Charge(int64(copied) + itemsStoredBytes(items))
					}
				case 2:
					if sep, ok := a[1].(Str); ok && sep != "" {
						items, copied := splitSep(s, string(sep), -1)
						return t.NewList(items), t.Charge(int64(copied) + itemsStoredBytes(items))
					}
				}
			}
			return strSplit(t, a, kw, false)
		},
		"replace": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) == 3 && len(kw) == 0 {
				old, ok := a[1].(Str)
				nw, ok2 := a[2].(Str)
				if ok && ok2 {
					return strReplace(t, a[0], string(old), string(nw), -1)
				}
			}
			return replace(t, a, kw)
		},
		"startswith": startsEnds(true),
		"endswith":   startsEnds(false),
	}
}

// strTick counts a str method's scan of a long receiver (unit bytes a
// step) and of long arguments (a str by BytesPerStep, the items of a list
// or tuple, as join and startswith take) as steps.
func strTick(t *Thread, a Tuple, unit int) error { return scanTick(t, a, unit) }

// runeOffsets returns the byte offsets in s of the code points numbered a
// and b (a <= b, both at most the number of code points).
func runeOffsets(s string, a, b int) (int, int) {
	lo, hi := len(s), len(s)
	n := 0
	for i := range s {
		if n == a {
			lo = i
		}
		if n == b {
			hi = i
			break
		}
		n++
	}
	return lo, hi
}

// asciiSpace marks the ASCII characters str.split and str.strip treat as
// white space.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true,
	0x1c: true, 0x1d: true, 0x1e: true, 0x1f: true}

// trimSpace strips Python white space from the ends of s.
func trimSpace(s string, left, right bool) string {
	if left {
		i := 0
		for i < len(s) && s[i] < utf8.RuneSelf && asciiSpace[s[i]] {
			i++
		}
		s = s[i:]
		if s != "" && s[0] >= utf8.RuneSelf {
			s = strings.TrimLeftFunc(s, isSpace)
		}
	}
	if right {
		j := len(s)
		for j > 0 && s[j-1] < utf8.RuneSelf && asciiSpace[s[j-1]] {
			j--
		}
		s = s[:j]
		if s != "" && s[len(s)-1] >= utf8.RuneSelf {
			s = strings.TrimRightFunc(s, isSpace)
		}
	}
	return s
}

// splitSep is s.split(sep, max) for a non-empty sep, boxing the parts
// straight into a list's items.
func splitSep(s, sep string, max int) (out []Value, copied int) {
	n := strings.Count(s, sep) + 1
	if max >= 0 && n > max+1 {
		n = max + 1
	}
	out = make([]Value, n)
	whole := s
	i := 0
	var c int
	for ; i < n-1; i++ {
		j := strings.Index(s, sep)
		out[i], c = subStr(whole, s[:j])
		copied += c
		s = s[j+len(sep):]
	}
	out[i], c = subStr(whole, s)
	return out, copied + c
}

// splitWhite is s.split() with no maxsplit for an ASCII s.
func splitWhite(s string) (out []Value, copied int) {
	n := 0
	in := false
	for i := 0; i < len(s); i++ {
		sp := asciiSpace[s[i]]
		if !sp && !in {
			n++
		}
		in = !sp
	}
	out = make([]Value, 0, n)
	start := -1
	for i := 0; i < len(s); i++ {
		if asciiSpace[s[i]] {
			if start >= 0 {
				v, c := subStr(s, s[start:i])
				out = append(out, v)
				copied += c
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		v, c := subStr(s, s[start:])
		out = append(out, v)
		copied += c
	}
	return out, copied
}

// argTypeName names v's type in a "must be str, not X" message, where
// CPython writes None rather than NoneType.
func argTypeName(v Value) string {
	if v == None {
		return "None"
	}
	return TypeName(v)
}

// strTranslate is s.translate(table): each code point is looked up in the
// table (a LookupError keeps it) and replaced by the str, code point or
// nothing (None) found. A dict table is probed directly, and the mapping
// of each ASCII character is looked up once.
func strTranslate(t *Thread, s Str, table Value) (Value, error) {
	d, isDict := table.(*Dict)
	lookup := func(r rune) (Value, bool, error) {
		if isDict {
			return d.Get(t, Int(r))
		}
		v, err := t.GetItem(table, Int(r))
		if err != nil {
			if e, ok := err.(*Instance); ok && e.Class.IsSubclass(LookupErrorClass) {
				return nil, false, nil
			}
			return nil, false, err
		}
		return v, true, nil
	}
	// The mapping of each ASCII character, once looked up; nil when the
	// table has none.
	var memo [utf8.RuneSelf]Value
	var known [utf8.RuneSelf]bool
	var sb strings.Builder
	if err := t.Charge(int64(len(s))); err != nil {
		return nil, err
	}
	sb.Grow(len(s))
	g := t.Growth()
	defer g.Done()
	next := codecChunk
	for i, r := range string(s) {
		if i >= next {
			// The work was counted as steps before the call; a long
			// string polls the deadline as it goes (100 MB took a second
			// unpolled).
			if err := t.tick(0); err != nil {
				return nil, err
			}
			next += codecChunk
		}
		var v Value
		if r < utf8.RuneSelf && known[r] {
			v = memo[r]
		} else {
			m, ok, err := lookup(r)
			if err != nil {
				return nil, err
			}
			if !ok {
				m = nil
			}
			if r < utf8.RuneSelf {
				memo[r], known[r] = m, true
			}
			v = m
		}
		// A code point is at most utf8.UTFMax bytes.
		var err error
		switch x := v.(type) {
		case nil:
			if err = g.Room(&sb, utf8.UTFMax, len(s)); err == nil {
				sb.WriteRune(r)
			}
		case NoneType:
		case Str:
			if err = g.Room(&sb, len(x), len(s)); err == nil {
				sb.WriteString(string(x))
			}
		case Int:
			if x < 0 || x > unicode.MaxRune {
				return nil, Errorf(ValueErrorClass, "character mapping must be in range(0x110000)")
			}
			if err = g.Room(&sb, utf8.UTFMax, len(s)); err == nil {
				sb.WriteRune(rune(x))
			}
		case Bool:
			if err = g.Room(&sb, 1, len(s)); err == nil {
				sb.WriteRune(rune(boolToInt(x)))
			}
		default:
			return nil, Errorf(TypeErrorClass, "character mapping must return integer, None or str")
		}
		if err != nil {
			return nil, err
		}
	}
	return sameStr(s, string(s), builtString(&sb)), nil
}

// replaceN replaces the first n (at least one, at most all) occurrences of
// the non-empty old in s by new, building the result in one allocation.
func replaceN(t *Thread, s, old, new string, n int) (string, error) {
	buf := make([]byte, 0, len(s)+n*(len(new)-len(old)))
	// work counts the bytes read and written since the last poll.
	work := 0
	for ; n > 0; n-- {
		// The work is paid for in steps before it starts; with a time
		// limit alone, a replace building 500 MB ran seconds past it
		// without this poll of the deadline.
		if work += len(new) + len(old); work >= replacePollBytes {
			if err := t.tick(0); err != nil {
				return "", err
			}
			work = 0
		}
		j := strings.Index(s, old)
		buf = append(buf, s[:j]...)
		buf = append(buf, new...)
		s = s[j+len(old):]
		work += j
	}
	buf = append(buf, s...)
	return unsafe.String(unsafe.SliceData(buf), len(buf)), nil
}

// replacePollBytes is how much of its result replaceN builds between two
// polls of the deadline (well under a millisecond of copying).
const replacePollBytes = 256 << 10

// lineBreak marks the ASCII characters str.splitlines breaks at.
var lineBreak = [utf8.RuneSelf]bool{'\n': true, '\r': true, '\v': true, '\f': true, 0x1c: true, 0x1d: true, 0x1e: true}

// splitLines is s.splitlines(keepends): lines end at \n, \r, \r\n, \v,
// \f, \x1c-\x1e, \x85, \u2028 and \u2029.
func splitLines(s string, keep bool) (out []Value, copied int) {
	out = make([]Value, 0, strings.Count(s, "\n")+1)
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		n := 1
		if c < utf8.RuneSelf {
			if !lineBreak[c] {
				i++
				continue
			}
			if c == '\r' && i+1 < len(s) && s[i+1] == '\n' {
				n = 2
			}
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != 0x85 && r != 0x2028 && r != 0x2029 {
				i += size
				continue
			}
			n = size
		}
		end := i
		if keep {
			end = i + n
		}
		v, k := subStr(s, s[start:end])
		out = append(out, v)
		copied += k
		i += n
		start = i
	}
	if start < len(s) {
		v, k := subStr(s, s[start:])
		out = append(out, v)
		copied += k
	}
	return out, copied
}

// unwrapStr returns the str inside an instance of a subclass of str (a
// builtin that takes text reads a subclass as its text), and v otherwise.
func unwrapStr(v Value) Value {
	if inst, ok := v.(*Instance); ok {
		if s, ok := inst.Base.(Str); ok {
			return s
		}
	}
	return v
}

// AsStr returns the text of a str or of an instance of a subclass of str,
// for library functions that take text and must accept a subclass as
// CPython's do.
func AsStr(v Value) (Str, bool) { return asStr(v) }
