package vm

import (
	"math"
	"math/big"
	"strings"
)

// The methods bytes and bytearray share, written once over the receiver's
// content as a Go string. Each follows CPython 3.11's Objects/bytes_methods.c
// and stringlib: the same start/end adjustment (a start past the end finds
// nothing, even the empty needle), the same argument types (an int or a
// bytes-like object for count/find/index, never a str) and the same
// messages. A method of a bytearray returns a new bytearray where CPython
// does.

// bytesLike returns the content of a bytes-like value: bytes, bytearray, or
// an instance of a subclass of either.
func bytesLike(v Value) (string, bool) {
	switch x := unwrapBase(v).(type) {
	case Bytes:
		return string(x), true
	case *ByteArray:
		return string(x.B), true
	}
	return "", false
}

// needBytes is bytesLike with CPython's error for anything else.
func needBytes(v Value) (string, error) {
	if s, ok := bytesLike(v); ok {
		return s, nil
	}
	return "", Errorf(TypeErrorClass, "a bytes-like object is required, not '%s'", TypeName(v))
}

// bytesRecv is the receiver of a bytes or bytearray method: its content and
// how to make a result of the same type.
type bytesRecv struct {
	s     string
	array bool
}

func recvOf(v Value) bytesRecv {
	if ba, ok := v.(*ByteArray); ok {
		return bytesRecv{s: string(ba.B), array: true}
	}
	return bytesRecv{s: string(v.(Bytes))}
}

// make charges and returns a result of the receiver's type.
func (r bytesRecv) make(t *Thread, s string) (Value, error) {
	if err := t.Charge(int64(len(s))); err != nil {
		return nil, err
	}
	if r.array {
		return &ByteArray{B: []byte(s)}, nil
	}
	if len(r.s)-len(s) > fitSlack(len(s)) {
		// A part of the receiver (a strip, a piece of a split) much
		// shorter than it: a copy, so it does not keep the receiver's
		// array, which the walk would count as its length (subStr).
		return Bytes(strings.Clone(s)), nil
	}
	return Bytes(s), nil
}

// sliceIndex converts a start or end argument as CPython's
// _PyEval_SliceIndex does: ints beyond the machine range are clamped, not
// refused.
func (t *Thread) sliceIndex(v Value) (int64, error) {
	n, ok, err := t.indexValue(v)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, Errorf(TypeErrorClass, "slice indices must be integers or None or have an __index__ method")
	}
	if b, ok := n.(*big.Int); ok {
		if b.Sign() < 0 {
			return -1 << 62, nil
		}
		return 1 << 62, nil
	}
	return int64(n.(Int)), nil
}

// adjustIndices resolves optional start and end arguments against a
// length n as stringlib's ADJUST_INDICES does: end is clamped to [0, n],
// start to [0, ...) but may lie past n (then nothing is found).
func (t *Thread) adjustIndices(n int, start, end Value) (int, int, error) {
	lo, hi := int64(0), int64(n)
	var err error
	if start != nil && start != None {
		if lo, err = t.sliceIndex(start); err != nil {
			return 0, 0, err
		}
	}
	if end != nil && end != None {
		if hi, err = t.sliceIndex(end); err != nil {
			return 0, 0, err
		}
	}
	if hi > int64(n) {
		hi = int64(n)
	} else if hi < 0 {
		hi += int64(n)
		if hi < 0 {
			hi = 0
		}
	}
	if lo < 0 {
		lo += int64(n)
		if lo < 0 {
			lo = 0
		}
	}
	if lo > int64(n)+1 {
		lo = int64(n) + 1
	}
	return int(lo), int(hi), nil
}

// bytesNeedle is the sub argument of count, find and index: a byte value
// (an int in range(256)) or a bytes-like object.
func (t *Thread) bytesNeedle(v Value) (string, error) {
	if s, ok := bytesLike(v); ok {
		return s, nil
	}
	n, ok, err := t.index(v)
	if err != nil {
		if _, big := v.(*big.Int); big {
			return "", Errorf(ValueErrorClass, "byte must be in range(0, 256)")
		}
		return "", err
	}
	if !ok {
		return "", Errorf(TypeErrorClass, "argument should be integer or bytes-like object, not '%s'", TypeName(v))
	}
	if n < 0 || n > 255 {
		return "", Errorf(ValueErrorClass, "byte must be in range(0, 256)")
	}
	return string([]byte{byte(n)}), nil
}

// bytesFind is find/rfind/index/rindex/count's search: the position of sub
// in s[lo:hi] (-1 when absent), or the number of its occurrences.
func (t *Thread) bytesFind(a Tuple, last bool) (int, error) {
	// CPython parses start and end before it looks at the needle.
	s := recvOf(a[0]).s
	lo, hi, err := t.adjustIndices(len(s), optArg(a, 2), optArg(a, 3))
	if err != nil {
		return 0, err
	}
	sub, err := t.bytesNeedle(a[1])
	if err != nil {
		return 0, err
	}
	if hi-lo < len(sub) {
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
	return lo + i, nil
}

// optArg returns a[i], or nil when the call did not pass it.
func optArg(a Tuple, i int) Value {
	if i < len(a) {
		return a[i]
	}
	return nil
}

func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}
func isASCIILower(c byte) bool { return c >= 'a' && c <= 'z' }
func isASCIIUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isASCIIDigit(c byte) bool { return c >= '0' && c <= '9' }
func isASCIIAlpha(c byte) bool { return isASCIILower(c) || isASCIIUpper(c) }

func toLowerByte(c byte) byte {
	if isASCIIUpper(c) {
		return c + 32
	}
	return c
}

func toUpperByte(c byte) byte {
	if isASCIILower(c) {
		return c - 32
	}
	return c
}

// mapBytes makes a bytes method that maps each byte with f (given whether
// the previous byte was cased, for title).
func mapBytes(f func(c byte, i int, prevCased bool) byte) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		r := recvOf(a[0])
		if err := t.Charge(int64(len(r.s))); err != nil {
			return nil, err
		}
		out := make([]byte, len(r.s))
		prev := false
		for i := 0; i < len(r.s); i++ {
			// Paid for in steps by the charge, but a run with a time
			// limit alone must stop at its deadline: poll between chunks.
			if i&(caseChunk-1) == 0 && i > 0 {
				if err := t.tick(0); err != nil {
					return nil, err
				}
			}
			c := r.s[i]
			out[i] = f(c, i, prev)
			prev = isASCIIAlpha(c)
		}
		if r.array {
			return &ByteArray{B: out}, nil
		}
		return OwnBytes(out), nil
	}
}

// predBytes makes an is* method: true when s is not empty and every byte
// satisfies f.
func predBytes(f func(byte) bool) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		s := recvOf(a[0]).s
		if s == "" {
			return Bool(false), nil
		}
		for i := 0; i < len(s); i++ {
			if !f(s[i]) {
				return Bool(false), nil
			}
		}
		return Bool(true), nil
	}
}

// caseBytes makes isupper/islower: true when s has a cased byte and none
// of the other case.
func caseBytes(upper bool) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		s := recvOf(a[0]).s
		cased := false
		for i := 0; i < len(s); i++ {
			c := s[i]
			if upper && isASCIILower(c) || !upper && isASCIIUpper(c) {
				return Bool(false), nil
			}
			if upper && isASCIIUpper(c) || !upper && isASCIILower(c) {
				cased = true
			}
		}
		return Bool(cased), nil
	}
}

func padBytes(name string) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		r := recvOf(a[0])
		w, err := t.toInt(a[1], "")
		if err != nil {
			return nil, err
		}
		fill := byte(' ')
		if len(a) > 2 {
			f, ok := bytesLike(a[2])
			if !ok || len(f) != 1 {
				return nil, Errorf(TypeErrorClass, "%s() argument 2 must be a byte string of length 1, not %s", name, TypeName(a[2]))
			}
			fill = f[0]
		}
		n := int64(len(r.s))
		if w <= n {
			return r.make(t, r.s)
		}
		if err := t.Charge(w); err != nil {
			return nil, err
		}
		total := int(w - n)
		left := 0
		switch name {
		case "rjust":
			left = total
		case "center":
			left = total/2 + (total & int(w) & 1)
		}
		out := make([]byte, 0, int(w))
		out = append(out, strings.Repeat(string(fill), left)...)
		out = append(out, r.s...)
		out = append(out, strings.Repeat(string(fill), total-left)...)
		return r.make(t, string(out))
	}
}

func stripBytes(left, right bool) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		r := recvOf(a[0])
		chars := " \t\n\r\v\f"
		if len(a) > 1 && a[1] != None {
			c, err := needBytes(a[1])
			if err != nil {
				return nil, err
			}
			chars = c
		}
		s := r.s
		if left {
			i := 0
			for i < len(s) && strings.IndexByte(chars, s[i]) >= 0 {
				i++
			}
			s = s[i:]
		}
		if right {
			j := len(s)
			for j > 0 && strings.IndexByte(chars, s[j-1]) >= 0 {
				j--
			}
			s = s[:j]
		}
		return r.make(t, s)
	}
}

func tailMatchBytes(name string, start bool) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		s := recvOf(a[0]).s
		lo, hi, err := t.adjustIndices(len(s), optArg(a, 2), optArg(a, 3))
		if err != nil {
			return nil, err
		}
		match := func(sub string) bool {
			if start {
				if lo > len(s)-len(sub) {
					return false
				}
			} else {
				if hi-lo < len(sub) || lo > len(s) {
					return false
				}
				if hi-len(sub) > lo {
					lo := hi - len(sub)
					return s[lo:lo+len(sub)] == sub
				}
			}
			if hi-lo < len(sub) {
				return false
			}
			return s[lo:lo+len(sub)] == sub
		}
		if tup, ok := a[1].(Tuple); ok {
			for _, c := range tup {
				sub, err := needBytes(c)
				if err != nil {
					return nil, err
				}
				if match(sub) {
					return Bool(true), nil
				}
			}
			return Bool(false), nil
		}
		sub, ok := bytesLike(a[1])
		if !ok {
			return nil, Errorf(TypeErrorClass, "%s first arg must be bytes or a tuple of bytes, not %s", name, TypeName(a[1]))
		}
		return Bool(match(sub)), nil
	}
}

func partitionBytes(last bool) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		r := recvOf(a[0])
		sep, err := needBytes(a[1])
		if err != nil {
			return nil, err
		}
		if sep == "" {
			return nil, Errorf(ValueErrorClass, "empty separator")
		}
		var i int
		if last {
			i = strings.LastIndex(r.s, sep)
		} else {
			i = strings.Index(r.s, sep)
		}
		parts := [3]string{r.s, "", ""}
		if last {
			parts = [3]string{"", "", r.s}
		}
		if i >= 0 {
			parts = [3]string{r.s[:i], sep, r.s[i+len(sep):]}
		}
		out := make(Tuple, 3)
		for k, p := range parts {
			v, err := r.make(t, p)
			if err != nil {
				return nil, err
			}
			out[k] = v
		}
		return out, nil
	}
}

func splitBytes(name string, right bool) BuiltinFunc {
	return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		r := recvOf(a[0])
		p, err := parseArgs(name, a[1:], kw, "sep?", "maxsplit?")
		if err != nil {
			return nil, err
		}
		max := -1
		if p[1] != nil {
			m, err := t.toInt(p[1], "")
			if err != nil {
				return nil, err
			}
			if m >= 0 && m < 1<<31 {
				max = int(m)
			}
		}
		var parts []string
		// Each piece takes a list slot and a boxed header: count the
		// pieces and charge them before making any.
		pieces := func(n int) error {
			if max >= 0 && max+1 < n {
				n = max + 1
			}
			return t.ChargeItems(int64(n), 48)
		}
		if p[0] == nil || p[0] == None {
			if err := pieces(countFieldsBytes(r.s) + 1); err != nil {
				return nil, err
			}
			parts = splitWhiteBytes(r.s, max, right)
		} else {
			sep, err := needBytes(p[0])
			if err != nil {
				return nil, err
			}
			if sep == "" {
				return nil, Errorf(ValueErrorClass, "empty separator")
			}
			if err := pieces(strings.Count(r.s, sep) + 1); err != nil {
				return nil, err
			}
			if right {
				rest := r.s
				for max != 0 {
					j := strings.LastIndex(rest, sep)
					if j < 0 {
						break
					}
					parts = append(parts, rest[j+len(sep):])
					rest = rest[:j]
					max--
				}
				parts = append(parts, rest)
				reverseStrings(parts)
			} else {
				parts = strings.SplitN(r.s, sep, max+1)
				if max < 0 {
					parts = strings.Split(r.s, sep)
				}
			}
		}
		return bytesList(t, r, parts)
	}
}

func reverseStrings(p []string) {
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
}

// countFieldsBytes counts the runs of non-whitespace bytes of s.
func countFieldsBytes(s string) int {
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		if isASCIISpace(s[i]) {
			in = false
		} else if !in {
			in = true
			n++
		}
	}
	return n
}

// bytesList makes the list of pieces of a split, whose slots the caller
// has charged.
func bytesList(t *Thread, r bytesRecv, parts []string) (Value, error) {
	out := make([]Value, len(parts))
	for i, p := range parts {
		v, err := r.make(t, p)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return t.NewList(out), nil
}

// splitWhiteBytes splits s at runs of ASCII whitespace, at most max times
// (max < 0: no limit), from the right when right is set.
func splitWhiteBytes(s string, max int, right bool) []string {
	var parts []string
	if !right {
		i := 0
		for {
			for i < len(s) && isASCIISpace(s[i]) {
				i++
			}
			if i == len(s) {
				break
			}
			if max == 0 {
				parts = append(parts, s[i:])
				break
			}
			j := i
			for j < len(s) && !isASCIISpace(s[j]) {
				j++
			}
			parts = append(parts, s[i:j])
			i = j
			max--
		}
		return parts
	}
	j := len(s)
	for {
		for j > 0 && isASCIISpace(s[j-1]) {
			j--
		}
		if j == 0 {
			break
		}
		if max == 0 {
			parts = append(parts, s[:j])
			break
		}
		i := j
		for i > 0 && !isASCIISpace(s[i-1]) {
			i--
		}
		parts = append(parts, s[i:j])
		j = i
		max--
	}
	reverseStrings(parts)
	return parts
}

// hexBytes is bytes.hex(sep=..., bytes_per_sep=1).
func (t *Thread) hexBytes(s string, a Tuple, kw []Kwarg) (Value, error) {
	p, err := parseArgs("hex", a, kw, "sep?", "bytes_per_sep?")
	if err != nil {
		return nil, err
	}
	sep := ""
	if p[0] != nil {
		switch x := p[0].(type) {
		case Str:
			sep = string(x)
			if len([]rune(sep)) != 1 {
				return nil, Errorf(ValueErrorClass, "sep must be length 1.")
			}
			if !isASCII(sep) {
				return nil, Errorf(ValueErrorClass, "sep must be ASCII.")
			}
		default:
			b, ok := bytesLike(x)
			if !ok {
				switch x.(type) {
				case *List, Tuple, *Dict, *Set:
				default:
					return nil, Errorf(TypeErrorClass, "object of type '%s' has no len()", TypeName(x))
				}
				return nil, Errorf(TypeErrorClass, "sep must be str or bytes.")
			}
			if len(b) != 1 {
				return nil, Errorf(ValueErrorClass, "sep must be length 1.")
			}
			sep = b
		}
	}
	group := int64(1)
	if p[1] != nil {
		if _, huge := p[1].(*big.Int); huge {
			return nil, Errorf(OverflowErrorClass, "Python int too large to convert to C int")
		}
		if group, err = t.toInt(p[1], ""); err != nil {
			return nil, err
		}
		if group > math.MaxInt32 || group < math.MinInt32 {
			// CPython reads bytes_per_sep as a C int.
			return nil, Errorf(OverflowErrorClass, "Python int too large to convert to C int")
		}
	}
	if err := t.ChargeItems(int64(len(s)), 3); err != nil {
		return nil, err
	}
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 3*len(s))
	g := group
	if g < 0 {
		g = -g
	}
	for i := 0; i < len(s); i++ {
		if sep != "" && i > 0 && g > 0 && g < int64(len(s)) {
			// Positive groups count from the right, negative from the left.
			if group > 0 && int64(len(s)-i)%g == 0 || group < 0 && int64(i)%g == 0 {
				out = append(out, sep...)
			}
		}
		out = append(out, digits[s[i]>>4], digits[s[i]&15])
	}
	return Str(fitString(out)), nil
}

// fromHex parses bytes.fromhex's argument: pairs of hex digits, with ASCII
// whitespace allowed between pairs.
func (t *Thread) fromHex(v Value) ([]byte, error) {
	s, ok := v.(Str)
	if !ok {
		return nil, Errorf(TypeErrorClass, "fromhex() argument must be str, not %s", TypeName(v))
	}
	if err := t.Charge(int64(len(s) / 2)); err != nil {
		return nil, err
	}
	val := func(c byte) int {
		switch {
		case c >= '0' && c <= '9':
			return int(c - '0')
		case c >= 'a' && c <= 'f':
			return int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			return int(c-'A') + 10
		}
		return -1
	}
	out := make([]byte, 0, len(s)/2)
	pos := 0 // code point position, for the message
	for i := 0; i < len(s); {
		if isASCIISpace(s[i]) {
			i++
			pos++
			continue
		}
		hi := val(s[i])
		if hi < 0 {
			return nil, Errorf(ValueErrorClass, "non-hexadecimal number found in fromhex() arg at position %d", pos)
		}
		if i+1 >= len(s) || val(s[i+1]) < 0 {
			return nil, Errorf(ValueErrorClass, "non-hexadecimal number found in fromhex() arg at position %d", pos+1)
		}
		out = append(out, byte(hi<<4|val(s[i+1])))
		i += 2
		pos += 2
	}
	return out, nil
}

// bytesSplitLines splits at \n, \r and \r\n, the only line breaks of bytes.
func bytesSplitLines(s string, keep bool) []string {
	var out []string
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] != '\n' && s[j] != '\r' {
			j++
		}
		eol := j
		if j < len(s) {
			if s[j] == '\r' && j+1 < len(s) && s[j+1] == '\n' {
				j += 2
			} else {
				j++
			}
		}
		if keep {
			eol = j
		}
		out = append(out, s[i:eol])
		i = j
	}
	return out
}

// bytesMethods are the methods bytes and bytearray share. Argument counts
// are checked by the arity table (arity_table.go) before these run.
func bytesMethods() map[string]BuiltinFunc {
	find := func(name string, last, raise bool) BuiltinFunc {
		return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			i, err := t.bytesFind(a, last)
			if err != nil {
				return nil, err
			}
			if i < 0 && raise {
				return nil, Errorf(ValueErrorClass, "subsection not found")
			}
			return boxInt(Int(i)), nil
		}
	}
	return map[string]BuiltinFunc{
		"capitalize": mapBytes(func(c byte, i int, _ bool) byte {
			if i == 0 {
				return toUpperByte(c)
			}
			return toLowerByte(c)
		}),
		"lower":    mapBytes(func(c byte, _ int, _ bool) byte { return toLowerByte(c) }),
		"upper":    mapBytes(func(c byte, _ int, _ bool) byte { return toUpperByte(c) }),
		"swapcase": mapBytes(func(c byte, _ int, _ bool) byte { return toUpperByte(c) ^ toLowerByte(c) ^ c }),
		"title": mapBytes(func(c byte, _ int, prev bool) byte {
			if prev {
				return toLowerByte(c)
			}
			return toUpperByte(c)
		}),
		"isalnum": predBytes(func(c byte) bool { return isASCIIAlpha(c) || isASCIIDigit(c) }),
		"isalpha": predBytes(isASCIIAlpha),
		"isdigit": predBytes(isASCIIDigit),
		"isspace": predBytes(isASCIISpace),
		"isupper": caseBytes(true),
		"islower": caseBytes(false),
		"isascii": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return Bool(isASCII(recvOf(a[0]).s)), nil },
		"istitle": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s := recvOf(a[0]).s
			prev, cased := false, false
			for i := 0; i < len(s); i++ {
				c := s[i]
				switch {
				case isASCIIUpper(c):
					if prev {
						return Bool(false), nil
					}
					prev, cased = true, true
				case isASCIILower(c):
					if !prev {
						return Bool(false), nil
					}
				default:
					prev = false
				}
			}
			return Bool(cased), nil
		},
		"center": padBytes("center"),
		"ljust":  padBytes("ljust"),
		"rjust":  padBytes("rjust"),
		"zfill": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			r := recvOf(a[0])
			w, err := t.toInt(a[1], "")
			if err != nil {
				return nil, err
			}
			if int64(len(r.s)) >= w {
				return r.make(t, r.s)
			}
			if err := t.Charge(w); err != nil {
				return nil, err
			}
			s, sign := r.s, ""
			if s != "" && (s[0] == '+' || s[0] == '-') {
				sign, s = s[:1], s[1:]
			}
			return r.make(t, sign+strings.Repeat("0", int(w)-len(r.s))+s)
		},
		"strip":  stripBytes(true, true),
		"lstrip": stripBytes(true, false),
		"rstrip": stripBytes(false, true),
		"count": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			s := recvOf(a[0]).s
			lo, hi, err := t.adjustIndices(len(s), optArg(a, 2), optArg(a, 3))
			if err != nil {
				return nil, err
			}
			sub, err := t.bytesNeedle(a[1])
			if err != nil {
				return nil, err
			}
			if hi < lo {
				return boxInt(0), nil
			}
			if sub == "" {
				return boxInt(Int(hi - lo + 1)), nil
			}
			return boxInt(Int(strings.Count(s[lo:hi], sub))), nil
		},
		"find":       find("find", false, false),
		"rfind":      find("rfind", true, false),
		"index":      find("index", false, true),
		"rindex":     find("rindex", true, true),
		"startswith": tailMatchBytes("startswith", true),
		"endswith":   tailMatchBytes("endswith", false),
		"partition":  partitionBytes(false),
		"rpartition": partitionBytes(true),
		"split":      splitBytes("split", false),
		"rsplit":     splitBytes("rsplit", true),
		"splitlines": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			p, err := parseArgs("splitlines", a[1:], kw, "keepends?")
			if err != nil {
				return nil, err
			}
			keep, err := t.cIntFlag(p[0])
			if err != nil {
				return nil, err
			}
			r := recvOf(a[0])
			if err := t.ChargeItems(int64(strings.Count(r.s, "\n")+strings.Count(r.s, "\r"))+1, 48); err != nil {
				return nil, err
			}
			return bytesList(t, r, bytesSplitLines(r.s, keep))
		},
		"join": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			r := recvOf(a[0])
			items, err := t.iterate(a[1], func() error {
				return Errorf(TypeErrorClass, "can only join an iterable")
			})
			if err != nil {
				return nil, err
			}
			total := int64(len(r.s)) * int64(len(items))
			parts := make([]string, len(items))
			for i, it := range items {
				b, ok := bytesLike(it)
				if !ok {
					return nil, Errorf(TypeErrorClass, "sequence item %d: expected a bytes-like object, %s found", i, TypeName(it))
				}
				parts[i] = b
				total += int64(len(b))
			}
			if err := t.Charge(total); err != nil {
				return nil, err
			}
			return r.make(t, strings.Join(parts, r.s))
		},
		"replace": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			r := recvOf(a[0])
			old, err := needBytes(a[1])
			if err != nil {
				return nil, err
			}
			nw, err := needBytes(a[2])
			if err != nil {
				return nil, err
			}
			n := -1
			if len(a) > 3 {
				c, err := t.toInt(a[3], "")
				if err != nil {
					return nil, err
				}
				if c >= 0 && c < 1<<31 {
					n = int(c)
				}
			}
			cnt := strings.Count(r.s, old)
			if n >= 0 && n < cnt {
				cnt = n
			}
			if err := t.Charge(int64(len(r.s)) + SizeMul(int64(cnt), int64(len(nw)))); err != nil {
				return nil, err
			}
			if old != "" && cnt > 0 {
				// As str.replace: polling the deadline as it builds.
				out, err := replaceN(t, r.s, old, nw, cnt)
				if err != nil {
					return nil, err
				}
				return r.make(t, out)
			}
			return r.make(t, strings.Replace(r.s, old, nw, n))
		},
		"removeprefix": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			r := recvOf(a[0])
			p, err := needBytes(a[1])
			if err != nil {
				return nil, err
			}
			return r.make(t, strings.TrimPrefix(r.s, p))
		},
		"removesuffix": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			r := recvOf(a[0])
			p, err := needBytes(a[1])
			if err != nil {
				return nil, err
			}
			return r.make(t, strings.TrimSuffix(r.s, p))
		},
		"expandtabs": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			r := recvOf(a[0])
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
			g := t.Growth()
			defer g.Done()
			var out []byte
			col := int64(0)
			for i := 0; i < len(r.s); i++ {
				c := r.s[i]
				switch c {
				case '\t':
					if ts > 0 {
						n := ts - col%ts
						if err := g.To(int64(len(out)) + n); err != nil {
							return nil, err
						}
						out = append(out, strings.Repeat(" ", int(n))...)
						col += n
					}
					continue
				case '\n', '\r':
					col = -1
				}
				out = append(out, c)
				col++
			}
			return r.make(t, string(out))
		},
		"translate": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			r := recvOf(a[0])
			if len(a) < 2 {
				return nil, Errorf(TypeErrorClass, "translate() takes at least 1 positional argument (0 given)")
			}
			p, err := parseArgs("translate", a[1:], kw, "table", "delete?")
			if err != nil {
				return nil, err
			}
			var table string
			if p[0] != None {
				if table, err = needBytes(p[0]); err != nil {
					return nil, err
				}
				if len(table) != 256 {
					return nil, Errorf(ValueErrorClass, "translation table must be 256 characters long")
				}
			}
			del := ""
			if p[1] != nil {
				if del, err = needBytes(p[1]); err != nil {
					return nil, err
				}
			}
			out := make([]byte, 0, len(r.s))
			for i := 0; i < len(r.s); i++ {
				c := r.s[i]
				if strings.IndexByte(del, c) >= 0 {
					continue
				}
				if table != "" {
					c = table[c]
				}
				out = append(out, c)
			}
			return r.make(t, string(out))
		},
		"decode": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			p, err := parseArgs("decode", a[1:], kw, "encoding?", "errors?")
			if err != nil {
				return nil, err
			}
			if err := codecArgs("decode", p); err != nil {
				return nil, err
			}
			r := recvOf(a[0])
			if r.array {
				// A bytearray's bytes are copied, and the copy may be
				// the result (valid UTF-8 is): uncharged, a loop keeping
				// ba.decode() of a 10 MB bytearray kept 2 GB under a
				// 512 MiB limit.
				if err := t.Charge(int64(len(r.s))); err != nil {
					return nil, err
				}
			}
			return t.decodeBytes(Bytes(r.s), p[0], p[1])
		},
		"hex": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return t.hexBytes(recvOf(a[0]).s, a[1:], kw)
		},
	}
}

// installBytesMethods adds the shared methods, fromhex and maketrans to
// bytes or bytearray.
func installBytesMethods(c *Class) {
	m := bytesMethods()
	for name, fn := range m {
		fn := fn
		m[name] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			// A long receiver's scan counts as steps.
			if s, ok := bytesLike(a[0]); ok && len(s) > 256 {
				if err := t.tick(int64(len(s)) / 256); err != nil {
					return nil, err
				}
			}
			return fn(t, a, kw)
		}
	}
	addMethods(c, m)
	c.Dict.SetStr("fromhex", &ClassMethod{Fn: &Builtin{Name: "fromhex", Fn: func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if err := checkArity(c.Name+".fromhex", "fromhex", arity{oneArg, 1, 1}, a[1:], kw); err != nil {
			return nil, err
		}
		b, err := t.fromHex(a[1])
		if err != nil {
			return nil, err
		}
		var v Value = OwnBytes(b)
		if c == ByteArrayClass {
			v = &ByteArray{B: b}
		}
		if cls, ok := a[0].(*Class); ok && cls != c {
			return t.Call(cls, Tuple{v}, nil)
		}
		return v, nil
	}}})
	c.Dict.SetStr("maketrans", &StaticMethod{Fn: &Builtin{Name: "maketrans", Fn: func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if err := checkArity(c.Name+".maketrans", "maketrans", arity{clinic, 2, 2}, a, kw); err != nil {
			return nil, err
		}
		from, err := needBytes(a[0])
		if err != nil {
			return nil, err
		}
		to, err := needBytes(a[1])
		if err != nil {
			return nil, err
		}
		if len(from) != len(to) {
			return nil, Errorf(ValueErrorClass, "maketrans arguments must have same length")
		}
		table := make([]byte, 256)
		for i := range table {
			table[i] = byte(i)
		}
		for i := 0; i < len(from); i++ {
			table[from[i]] = to[i]
		}
		return OwnBytes(table), nil
	}}})
}

// cInt converts an argument CPython reads as a C int (a tab size).
func (t *Thread) cInt(v Value) (int64, error) {
	if _, ok := v.(*big.Int); ok {
		return 0, Errorf(OverflowErrorClass, "Python int too large to convert to C int")
	}
	n, err := t.toInt(v, "")
	if err == nil && (n > 1<<31-1 || n < -1<<31) {
		return 0, Errorf(OverflowErrorClass, "Python int too large to convert to C int")
	}
	return n, err
}

// cIntFlag reads a flag CPython takes as a C int (splitlines' keepends):
// an int or bool, not any object with a truth value.
func (t *Thread) cIntFlag(v Value) (bool, error) {
	if v == nil {
		return false, nil
	}
	if _, ok := v.(Float); ok {
		return false, Errorf(TypeErrorClass, "'float' object cannot be interpreted as an integer")
	}
	n, err := t.cInt(v)
	return n != 0, err
}

// codecArgs checks the encoding and errors arguments of encode and decode.
func codecArgs(fname string, p []Value) error {
	for i, name := range []string{"encoding", "errors"} {
		if i < len(p) && p[i] != nil {
			if _, ok := asStr(p[i]); !ok {
				return Errorf(TypeErrorClass, "%s() argument '%s' must be str, not %s", fname, name, argTypeName(p[i]))
			}
		}
	}
	return nil
}
