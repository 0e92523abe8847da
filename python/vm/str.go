package vm

import (
	"encoding/binary"
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
		return "", Errorf(TypeErrorClass, "%s() argument must be str, not %s", fname, argTypeName(v))
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

// strRange resolves optional start/end arguments (code point indices,
// adjusted as CPython's ADJUST_INDICES does) to byte offsets of s. none
// reports a start past the end or past the adjusted end: then nothing is
// found, not even the empty string.
func (t *Thread) strRange(s string, start, end Value) (lo, hi int, none bool, err error) {
	if (start == nil || start == None) && (end == nil || end == None) {
		return 0, len(s), false, nil
	}
	ascii := asciiOnly(s)
	n := len(s)
	if !ascii {
		n = utf8.RuneCountInString(s)
	}
	a, b, err := t.adjustIndices(n, start, end)
	if err != nil {
		return 0, 0, false, err
	}
	if a > b {
		return 0, 0, true, nil
	}
	if ascii {
		return a, b, false, nil
	}
	lo, hi = runeOffsets(s, a, b)
	return lo, hi, false, nil
}

// runeIndex converts a byte offset of s to a code point index.
func runeIndex(s string, byteOff int) int {
	return runeCount(s[:byteOff])
}

func isSpace(r rune) bool {
	return unicode.IsSpace(r) || r == 0x1c || r == 0x1d || r == 0x1e || r == 0x1f
}

// chargeCase charges a case mapping of x before it is built: the length
// in ASCII, at most three times it otherwise (a code point maps to at
// most three).
// It reports whether x is ASCII.
func chargeCase(t *Thread, x string) (ascii bool, err error) {
	n := int64(len(x))
	ascii = asciiOnly(x)
	if !ascii {
		n *= 3
	}
	return ascii, t.Charge(n)
}

// wholeCaseMethod is caseMethod for a mapping that depends on what
// precedes each character (title, capitalize): it maps the string whole,
// polling the deadline every caseChunk bytes.
func wholeCaseMethod(f func(string, func() error) (string, error)) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		x := string(a[0].(Str))
		if _, err := chargeCase(t, x); err != nil {
			return nil, err
		}
		r, err := f(x, func() error { return t.tick(0) })
		if err != nil {
			return nil, err
		}
		return sameStr(a[0], x, r), nil
	}
}

// asciiCaseMethod is str.upper (lo 'a') or str.lower (lo 'A'): an ASCII
// string of at most strOneBlockMax bytes is mapped into a one-block str
// (strbox.go), others go to general. It reads and maps eight bytes at a
// time (a string shorter than that as one partial word; the last word of a
// longer one overlaps the one before it, written twice with the same bytes).
// Not inlined: its closure would be compiled inside initStr, a function so
// large that the compiler inlines nothing of cost into it (the word helpers
// below were calls).
//
//go:noinline
func asciiCaseMethod(lo byte, general BuiltinFunc) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		x, ok := a[0].(Str)
		if !ok || len(x) > strOneBlockMax || !strOneBlock[len(x)] || len(a) != 1 || len(kw) != 0 {
			return general(t, a, kw)
		}
		s := string(x)
		// seen gathers every byte (for the ASCII test), flips every case
		// bit to switch.
		var seen, flips uint64
		if len(s) < 8 {
			seen = shortWord(s)
			flips = caseFlips(seen, lo)
		} else {
			for i := 0; i < len(s); i += 8 {
				w := strWord(s, min(i, len(s)-8))
				seen |= w
				flips |= caseFlips(w, lo)
			}
		}
		if seen&highBits != 0 {
			return general(t, a, kw)
		}
		if err := t.Charge(int64(len(x))); err != nil {
			return nil, err
		}
		if flips == 0 {
			return a[0], nil
		}
		v, b := newStrBlock(len(s))
		if len(s) < 8 {
			w := seen ^ flips
			for j := range b {
				b[j] = byte(w >> (8 * j))
			}
			return v, nil
		}
		for i := 0; i < len(s); i += 8 {
			j := min(i, len(s)-8)
			w := strWord(s, j)
			binary.LittleEndian.PutUint64(b[j:], w^caseFlips(w, lo))
		}
		return v, nil
	}
}

// highBits is the top bit of each byte of a word: set in no ASCII byte.
const highBits = 0x8080808080808080

// caseFlips is, for the eight ASCII bytes of w, 0x20 (the case bit) at
// each byte from lo to lo+25 ('a'-'z' or 'A'-'Z') and 0 elsewhere. Adding
// 0x80-c to a byte below 0x80 sets its top bit exactly when the byte is at
// least c, and never carries into the next byte. (Bytes of 0x80 and above
// give nonsense, which callers discard with highBits.)
func caseFlips(w uint64, lo byte) uint64 {
	const ones = 0x0101010101010101
	from := w + (0x80-uint64(lo))*ones
	past := w + (0x80-uint64(lo)-26)*ones
	return ((from &^ past) & highBits) >> 2
}

// strWord is the eight bytes of s from i as a little-endian word.
func strWord(s string, i int) uint64 {
	return binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(s), len(s))[i:])
}

// shortWord is s (fewer than eight bytes) as a little-endian word, zero
// above its bytes.
func shortWord(s string) uint64 {
	var w uint64
	for j := len(s) - 1; j >= 0; j-- {
		w = w<<8 | uint64(s[j])
	}
	return w
}

// caseMethod makes a str method that maps case with f, charging the result
// first (chargeCase).
func caseMethod(f func(string) string) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		x := string(a[0].(Str))
		ascii, err := chargeCase(t, x)
		if err != nil {
			return nil, err
		}
		if len(x) <= caseChunk {
			return sameStr(a[0], x, f(x)), nil
		}
		// A long string is mapped a chunk at a time, polling the
		// deadline between chunks: the work is paid for in steps before
		// it starts, but with no step budget (a time limit only) one call
		// on 500 MB ran seconds past the deadline.
		var b strings.Builder
		b.Grow(len(x))
		for i := 0; i < len(x); {
			j := caseBoundary(x, i+caseChunk, ascii)
			b.WriteString(f(x[i:j]))
			i = j
			if err := t.tick(0); err != nil {
				return nil, err
			}
		}
		return sameStr(a[0], x, builtString(&b)), nil
	}
}

// caseChunk is the bytes of a string case-mapped between two polls of the
// deadline (about a millisecond of work).
const caseChunk = 256 << 10

// caseBoundary is where a chunk of x that should end near j may end
// without changing the mapping: the mappings chunked (upper, lower,
// casefold, swapcase) map each character alone, except a final sigma,
// which looks at its neighbours, so a chunk of a string that is not
// ASCII ends before an ASCII byte that is no letter (neither cased nor
// case-ignorable), or with the string.
func caseBoundary(x string, j int, ascii bool) int {
	if j >= len(x) {
		return len(x)
	}
	if ascii {
		return j
	}
	for k := j; k < len(x) && k < j+caseChunk; k++ {
		if c := x[k]; c == ' ' || c == '\t' || c == '\n' || c == '\r' || c >= '0' && c <= '9' || c == ',' || c == ';' {
			return k
		}
	}
	return len(x)
}

func initStr() {
	m := map[string]BuiltinFunc{
		"upper":      asciiCaseMethod('a', caseMethod(func(x string) string { return pyUpper(x) })),
		"lower":      asciiCaseMethod('A', caseMethod(func(x string) string { return pyLower(x) })),
		"casefold":   caseMethod(pyCasefold),
		"capitalize": wholeCaseMethod(pyCapitalize),
		"title":      wholeCaseMethod(pyTitle),
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
			keep, err := t.cIntFlag(p[0])
			if err != nil {
				return nil, err
			}
			items, copied := splitLines(string(a[0].(Str)), keep)
			return t.NewList(items), t.Charge(int64(copied) + itemsStoredBytes(items))
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
			return strReplace(t, a[0], string(old), string(nw), n)
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
			// CPython parses start and end before it looks at sub.
			s := string(a[0].(Str))
			lo, hi, none, err := t.strRange(s, p[1], p[2])
			if err != nil {
				return nil, err
			}
			sub, ok := asStr(p[0])
			if !ok {
				return nil, Errorf(TypeErrorClass, "must be str, not %s", TypeName(p[0]))
			}
			if none {
				return Int(0), nil
			}
			if sub == "" {
				return boxInt(Int(runeCount(s[lo:hi]) + 1)), nil
			}
			return boxInt(Int(strings.Count(s[lo:hi], string(sub)))), nil
		},
		"partition": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("str.partition", a[1:], kw, 1); err != nil {
				return nil, err
			}
			sep, ok := asStr(a[1])
			if !ok {
				return nil, Errorf(TypeErrorClass, "must be str, not %s", TypeName(a[1]))
			}
			if sep == "" {
				return nil, Errorf(ValueErrorClass, "empty separator")
			}
			p, copied := partitionParts(a[0], a[1], string(sep), false)
			return Tuple(p[:]), t.Charge(int64(copied) + tupleBytes(3) + itemsStoredBytes(p[:]))
		},
		"rpartition": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("str.rpartition", a[1:], kw, 1); err != nil {
				return nil, err
			}
			sep, ok := asStr(a[1])
			if !ok {
				return nil, Errorf(TypeErrorClass, "must be str, not %s", TypeName(a[1]))
			}
			if sep == "" {
				return nil, Errorf(ValueErrorClass, "empty separator")
			}
			p, copied := partitionParts(a[0], a[1], string(sep), true)
			return Tuple(p[:]), t.Charge(int64(copied) + tupleBytes(3) + itemsStoredBytes(p[:]))
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
			return Bool(isIdentifier(string(a[0].(Str)))), nil
		},
		"removeprefix": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("str.removeprefix", a[1:], kw, 1); err != nil {
				return nil, err
			}
			p, err := strArg("removeprefix", a[1])
			if err != nil {
				return nil, err
			}
			s := string(a[0].(Str))
			return t.subOf(a[0], s, strings.TrimPrefix(s, p))
		},
		"removesuffix": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("str.removesuffix", a[1:], kw, 1); err != nil {
				return nil, err
			}
			p, err := strArg("removesuffix", a[1])
			if err != nil {
				return nil, err
			}
			s := string(a[0].(Str))
			return t.subOf(a[0], s, strings.TrimSuffix(s, p))
		},
		"expandtabs": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			p, err := parseArgs("expandtabs", a[1:], kw, "tabsize?")
			if err != nil {
				return nil, err
			}
			ts := int64(8)
			if p[0] != nil {
				if ts, err = t.cInt(p[0]); err != nil {
					return nil, err
				}
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
			if err := codecArgs("encode", p); err != nil {
				return nil, err
			}
			return t.encodeStr(a[0].(Str), p[0], p[1])
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
	// direct holds what a call on a plain str runs once addStrMethods has
	// checked its argument count (strSelfChecked): these methods' bodies
	// without the checks of the general path below.
	direct := strDirect(m)
	for _, name := range []string{"upper", "lower", "casefold", "capitalize", "title", "swapcase", "isdigit", "isdecimal",
		"isnumeric", "isalpha", "isalnum", "isspace", "isprintable", "isascii", "isupper", "islower", "istitle", "isidentifier", "__len__"} {
		fn, name := m[name], name
		if _, ok := methodArity["str."+name]; ok {
			direct[name] = fn
		}
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
	addStrMethods(m, direct, scans)
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
				if s, ok := asStr(k); ok {
					r, _ := utf8.DecodeRuneInString(string(s))
					k = Int(r)
				}
				d.Set(t, k, it[1])
			}
			return d, nil
		}
		x, _ := asStr(a[0])
		y, _ := asStr(a[1])
		xr, yr := []rune(string(x)), []rune(string(y))
		if len(xr) != len(yr) {
			return nil, Errorf(ValueErrorClass, "the first two maketrans arguments must have equal length")
		}
		for i := range xr {
			d.Set(t, Int(xr[i]), Int(yr[i]))
		}
		if len(a) > 2 {
			z, _ := asStr(a[2])
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

// strReplace is self.replace(old, nw, n) for the str self (n < 0: every
// occurrence).
func strReplace(t *Thread, self Value, old, nw string, n int) (Value, error) {
	s := string(self.(Str))
	cnt := strings.Count(s, old)
	if n >= 0 && n < cnt {
		cnt = n
	}
	if cnt == 0 || old == nw {
		return self, nil
	}
	if err := t.Charge(int64(len(s)) + SizeMul(int64(cnt), int64(len(nw)))); err != nil {
		return nil, err
	}
	if old == "" {
		return Str(strings.Replace(s, old, nw, n)), nil
	}
	if rl := len(s) + cnt*(len(nw)-len(old)); rl > 0 && rl <= strOneBlockMax && strOneBlock[rl] {
		// A short result is built in a one-block str (strbox.go): at
		// most strOneBlockMax bytes, no deadline poll needed.
		v, buf := newStrBlock(rl)
		buf = buf[:0]
		for ; cnt > 0; cnt-- {
			j := strings.Index(s, old)
			buf = append(append(buf, s[:j]...), nw...)
			s = s[j+len(old):]
		}
		_ = append(buf, s...)
		return v, nil
	}
	r, err := replaceN(t, s, old, nw, cnt)
	if err != nil {
		return nil, err
	}
	return Str(r), nil
}

func stripFn(name string, left, right bool) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		p, err := clinicArgs(name, a[1:], kw, 0, 1)
		if err != nil {
			return nil, err
		}
		s := string(a[0].(Str))
		if p[0] == nil || p[0] == None {
			return t.subOf(a[0], s, trimSpace(s, left, right))
		}
		chars, err := strArg(name, p[0])
		if err != nil {
			return nil, Errorf(TypeErrorClass, "%s arg must be None or str", name)
		}
		r := s
		if left {
			r = strings.TrimLeft(r, chars)
		}
		if right {
			r = strings.TrimRight(r, chars)
		}
		return t.subOf(a[0], s, r)
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
				items, copied := splitWhite(s)
				return t.NewList(items), t.Charge(int64(copied) + itemsStoredBytes(items))
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
			return nil, Errorf(TypeErrorClass, "must be str or None, not %s", TypeName(p[0]))
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
			items, copied := splitSep(s, sep, max)
			return t.NewList(items), t.Charge(int64(copied) + itemsStoredBytes(items))
		}
	}
	out := make([]Value, len(parts))
	copied := 0
	for i, x := range parts {
		v, c := subStr(s, x)
		out[i] = v
		copied += c
	}
	return t.NewList(out), t.Charge(int64(copied) + itemsStoredBytes(out))
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
	lo, hi, none, err := t.strRange(s, p[1], p[2])
	if err != nil {
		return nil, err
	}
	if none {
		// The start lies past the end; the type of the prefix is still
		// checked below.
		lo, hi = len(s), len(s)
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
		if !none && (start && strings.HasPrefix(s, string(cs)) || !start && strings.HasSuffix(s, string(cs))) {
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
	s := string(a[0].(Str))
	lo, hi, none, err := t.strRange(s, p[1], p[2])
	if err != nil {
		return 0, err
	}
	sub, err := strArg(name, p[0])
	if err != nil {
		return 0, Errorf(TypeErrorClass, "must be str, not %s", TypeName(p[0]))
	}
	if none {
		return -1, nil
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

func (t *Thread) encodeStr(s Str, enc, errs Value) (Value, error) {
	e, err := codecName(enc)
	if err != nil {
		return nil, err
	}
	if c, ok := wideCodecs[e]; ok {
		return t.encodeWide(string(s), c)
	}
	switch e {
	case "utf-8":
		return Bytes(s), nil
	case "ascii", "latin-1":
		limit := rune(0x7f)
		if e != "ascii" {
			limit = 0xff
		}
		// One byte for each code point (of one byte or more) but the
		// escapes, which charge their growth.
		if err := t.Charge(int64(len(s))); err != nil {
			return nil, err
		}
		buf := make([]byte, 0, len(s))
		mode, _ := optStr(errs)
		next := codecChunk
		for i, r := range string(s) {
			if i >= next {
				// Counted as steps before the call; a long string
				// polls the deadline as it goes.
				if err := t.tick(0); err != nil {
					return nil, err
				}
				next += codecChunk
			}
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
				if mode == "xmlcharrefreplace" || mode == "backslashreplace" {
					// At most 10 bytes for a rune of at least 2: charge
					// the growth past the input's size.
					if err := t.Charge(10); err != nil {
						return nil, err
					}
					if mode == "backslashreplace" {
						buf = append(buf, esc...)
					} else {
						buf = append(buf, fmt.Sprintf("&#%d;", r)...)
					}
					continue
				}
				pos := utf8.RuneCountInString(string(s)[:i])
				args := Tuple{Str(map[bool]string{true: "ascii", false: "latin-1"}[e == "ascii"]), s, Int(pos), Int(pos + 1), Str(fmt.Sprintf("ordinal not in range(%d)", limit+1))}
				exc := NewException(UnicodeEncodeErrorClass, args...)
				_ = setUnicodeErrorAttrs(exc, args)
				return nil, exc
			}
			buf = append(buf, byte(r))
		}
		return OwnBytes(buf), nil
	}
	return nil, Errorf(LookupErrorClass, "unknown encoding: %s", e)
}

// codecChunk is the bytes a codec, or str.translate, works through between
// two polls of the deadline (and, where the work costs more than the
// caller counted before the call, two counts of it as steps).
const codecChunk = 64 << 10

// codecAliases maps CPython's normalized codec names (lower case, runs of
// '-' and ' ' as '_') of the codecs we have to their canonical names, as
// the encodings package's aliases do.
var codecAliases = map[string]string{
	"utf_8": "utf-8", "utf8": "utf-8", "utf": "utf-8", "u8": "utf-8", "cp65001": "utf-8",
	"utf8_ucs2": "utf-8", "utf8_ucs4": "utf-8",
	"ascii": "ascii", "us_ascii": "ascii", "us": "ascii", "646": "ascii", "ansi_x3.4_1968": "ascii",
	"ansi_x3_4_1968": "ascii", "ansi_x3.4_1986": "ascii", "cp367": "ascii", "csascii": "ascii",
	"ibm367": "ascii", "iso646_us": "ascii", "iso_646.irv_1991": "ascii", "iso_ir_6": "ascii",
	"latin_1": "latin-1", "latin1": "latin-1", "latin": "latin-1", "l1": "latin-1", "iso_8859_1": "latin-1",
	"iso8859_1": "latin-1", "iso8859": "latin-1", "8859": "latin-1", "cp819": "latin-1",
	"csisolatin1": "latin-1", "ibm819": "latin-1", "iso_ir_100": "latin-1", "iso_8859_1_1987": "latin-1",
	"utf_16": "utf-16", "utf16": "utf-16", "u16": "utf-16",
	"utf_16_le": "utf-16-le", "utf_16le": "utf-16-le", "unicodelittleunmarked": "utf-16-le",
	"utf_16_be": "utf-16-be", "utf_16be": "utf-16-be", "unicodebigunmarked": "utf-16-be",
	"utf_32": "utf-32", "utf32": "utf-32", "u32": "utf-32",
	"utf_32_le": "utf-32-le", "utf_32le": "utf-32-le",
	"utf_32_be": "utf-32-be", "utf_32be": "utf-32-be",
}

// codecName resolves an encoding argument (nil: the default, UTF-8) to
// one of our codecs, or fails with CPython's LookupError.
func codecName(enc Value) (string, error) {
	x, ok := optStr(enc)
	if !ok {
		return "utf-8", nil
	}
	var sb strings.Builder
	sep := false
	for _, r := range strings.ToLower(x) {
		if r == '-' || r == ' ' || r == '_' {
			sep = true
			continue
		}
		if sep && sb.Len() > 0 {
			sb.WriteByte('_')
		}
		sep = false
		sb.WriteRune(r)
	}
	if c, ok := codecAliases[sb.String()]; ok {
		return c, nil
	}
	return "", Errorf(LookupErrorClass, "unknown encoding: %s", x)
}

func (t *Thread) decodeBytes(b Bytes, enc, errs Value) (Value, error) {
	e, err := codecName(enc)
	if err != nil {
		return nil, err
	}
	mode, _ := optStr(errs)
	if c, ok := wideCodecs[e]; ok {
		return t.decodeWide(string(b), c, mode)
	}
	switch e {
	case "utf-8":
		if utf8.ValidString(string(b)) {
			return Str(b), nil
		}
		return t.decodeUTF8(string(b), mode)
	case "ascii":
		// The result is charged at the input's length, what it takes
		// but for replacement characters (three bytes for one), held as
		// they grow it. The caller counted the scan as steps; a long
		// bytes polls the deadline as it goes.
		if err := t.Charge(int64(len(b))); err != nil {
			return nil, err
		}
		g := t.Growth()
		defer g.Done()
		var sb strings.Builder
		sb.Grow(len(b))
		for i := 0; i < len(b); i++ {
			if i > 0 && i%codecChunk == 0 {
				if err := t.tick(0); err != nil {
					return nil, err
				}
			}
			if b[i] > 0x7f {
				if mode == "ignore" {
					continue
				}
				if mode == "replace" {
					if err := g.Room(&sb, 3, len(b)); err != nil {
						return nil, err
					}
					sb.WriteRune('\ufffd')
					continue
				}
				return nil, unicodeDecodeError("ascii", string(b), i, i+1, "ordinal not in range(128)")
			}
			sb.WriteByte(b[i])
		}
		return Str(builtString(&sb)), nil
	case "latin-1":
		// Two bytes for each byte from 0x80, made at its exact size.
		n := len(b)
		for i := 0; i < len(b); i++ {
			if b[i] >= utf8.RuneSelf {
				n++
			}
		}
		if n == len(b) {
			return Str(b), nil
		}
		if err := t.Charge(int64(n)); err != nil {
			return nil, err
		}
		buf := make([]byte, 0, n)
		for i := 0; i < len(b); i++ {
			if i > 0 && i%codecChunk == 0 {
				if err := t.tick(0); err != nil {
					return nil, err
				}
			}
			if c := b[i]; c < utf8.RuneSelf {
				buf = append(buf, c)
			} else {
				buf = append(buf, 0xC0|c>>6, 0x80|c&0x3F)
			}
		}
		return Str(unsafe.String(unsafe.SliceData(buf), len(buf))), nil
	}
	return nil, Errorf(LookupErrorClass, "unknown encoding: %s", e)
}

func initBytes() { installBytesMethods(BytesClass) }

// decodeUTF8 decodes invalid UTF-8 as CPython does: each maximal invalid
// subpart is one error (one U+FFFD under "replace"), reported with
// CPython's reason. The result is charged at the input's length, what it
// takes but for replacements (three bytes for an invalid one, four under
// backslashreplace), held as they grow it: uncharged, a loop keeping
// b.decode('utf-8', 'ignore') of a 10 MB bytes took toolplane run to 3 GB
// under its 512 MiB limit.
func (t *Thread) decodeUTF8(s, mode string) (Value, error) {
	if err := t.Charge(int64(len(s))); err != nil {
		return nil, err
	}
	g := t.Growth()
	defer g.Done()
	var sb strings.Builder
	sb.Grow(len(s))
	next := codecChunk
	for i := 0; i < len(s); {
		if i >= next {
			// Decoded code point by code point, this costs about what
			// bytecode costs a character, more than the scan the caller
			// counted: it counts as steps as it goes, and a long call
			// polls the deadline.
			if err := t.tickChars(codecChunk); err != nil {
				return nil, err
			}
			next += codecChunk
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n > 1 {
			sb.WriteString(s[i : i+n])
			i += n
			continue
		}
		bad, reason := utf8Invalid(s[i:])
		switch mode {
		case "replace":
			if err := g.Room(&sb, 3, len(s)); err != nil {
				return nil, err
			}
			sb.WriteRune(utf8.RuneError)
		case "ignore":
		case "backslashreplace":
			if err := g.Room(&sb, 4*bad, len(s)); err != nil {
				return nil, err
			}
			for k := 0; k < bad; k++ {
				fmt.Fprintf(&sb, "\\x%02x", s[i+k])
			}
		default:
			return nil, unicodeDecodeError("utf-8", s, i, i+bad, reason)
		}
		i += bad
	}
	return Str(builtString(&sb)), nil
}

// utf8Invalid measures the maximal invalid subpart at the start of s (which
// does not start with a valid sequence) and names why it is invalid.
func utf8Invalid(s string) (int, string) {
	c := s[0]
	need, lo, hi := 0, byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c == 0xED:
		need, hi = 2, 0x9F
	case c >= 0xE1 && c <= 0xEF:
		need = 2
	case c == 0xF0:
		need, lo = 3, 0x90
	case c == 0xF4:
		need, hi = 3, 0x8F
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	default:
		return 1, "invalid start byte"
	}
	for k := 1; k <= need; k++ {
		if k >= len(s) {
			return k, "unexpected end of data"
		}
		l, h := byte(0x80), byte(0xBF)
		if k == 1 {
			l, h = lo, hi
		}
		if s[k] < l || s[k] > h {
			return k, "invalid continuation byte"
		}
	}
	return need + 1, "invalid continuation byte"
}

// unicodeDecodeError is the UnicodeDecodeError a decoder raises, with the
// attributes CPython's has (encoding, object, start, end, reason) and its
// message ("'utf-8' codec can't decode byte 0xff in position 2: ...").
func unicodeDecodeError(encoding, object string, start, end int, reason string) *Instance {
	return NewUnicodeDecodeError(encoding, object, start, end, reason)
}

// NewUnicodeDecodeError is unicodeDecodeError for the library's decoders.
func NewUnicodeDecodeError(encoding, object string, start, end int, reason string) *Instance {
	args := Tuple{Str(encoding), Bytes(object), Int(start), Int(end), Str(reason)}
	e := NewException(UnicodeDecodeErrorClass, args...)
	_ = setUnicodeErrorAttrs(e, args)
	return e
}
