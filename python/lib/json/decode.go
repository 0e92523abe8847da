package json

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/toolplane/toolplane/python/lib/internal/pyargs"
	"github.com/toolplane/toolplane/python/vm"
)

// decoder follows CPython's C scanner (Modules/_json.c) position by position, so error
// messages and their character offsets match. The scanner walks the UTF-8
// bytes (a copy of the document as runes took four times its size); the
// error positions it reports count code points, as CPython's do.
type decoder struct {
	t   *vm.Thread
	m   *module
	doc string
	s   string
	// held is what the decoder holds of the values it built: until the
	// document is returned they are reachable from no root, so a
	// remeasure midway would not see them.
	held                             int64
	objectHook, pairsHook            vm.Value
	parseFloat, parseInt, parseConst vm.Value
	strict                           bool
	depth                            int
}

// stopIteration is the scanner's "no value starts here" (CPython raises StopIteration
// and the decoder turns it into "Expecting value").
type stopIteration struct{ pos int }

func (stopIteration) Error() string { return "no JSON value" }

// valueSteps is the work of decoding or encoding one JSON value (building
// it, an item or entry of its container), in steps: measured, a document
// of small objects costs about that many bytecode instructions per value.
const valueSteps = 4

func (m *module) loads(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if err := checkKwargs("JSONDecoder", kw, decoderKwargs); err != nil {
		return nil, err
	}
	a, err := pyargs.ParseFunc("loads", args, kw, 1, "s", "*", "cls", "object_hook", "parse_float", "parse_int",
		"parse_constant", "object_pairs_hook", "strict")
	if err != nil {
		return nil, err
	}
	if cls := a[1]; cls != nil && cls != vm.None {
		// CPython: cls(object_hook=..., ...).decode(s), passing only the given keywords.
		var ckw []vm.Kwarg
		for _, k := range kw {
			if k.Name != "s" && k.Name != "cls" {
				ckw = append(ckw, k)
			}
		}
		dec, err := t.Call(cls, nil, ckw)
		if err != nil {
			return nil, err
		}
		return t.CallMethodName(dec, "decode", vm.Tuple{a[0]}, nil)
	}
	// a[2:] are object_hook, parse_float, parse_int, parse_constant, object_pairs_hook,
	// strict; decode takes them in decoderParams order.
	return m.decode(t, a[0], []vm.Value{a[2], a[3], a[4], a[5], a[7], a[6]})
}

// decode parses a JSON document with options in decoderParams order (nil or None
// means the default).
func (m *module) decode(t *vm.Thread, doc vm.Value, opts []vm.Value) (vm.Value, error) {
	var text string
	if inst, ok := doc.(*vm.Instance); ok {
		switch b := inst.Base.(type) {
		case vm.Str, vm.Bytes:
			doc = b // a str or bytes subclass is parsed as its text
		}
	}
	switch x := doc.(type) {
	case vm.Str:
		text = string(x)
		if strings.HasPrefix(text, "\ufeff") {
			return nil, m.decodeError(t, "Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
		}
	case vm.Bytes:
		s, err := bytesText([]byte(x))
		if err != nil {
			return nil, err
		}
		text = s
	case *vm.ByteArray:
		s, err := bytesText(x.B)
		if err != nil {
			return nil, err
		}
		text = s
	default:
		return nil, vm.Errorf(vm.TypeErrorClass, "the JSON object must be str, bytes or bytearray, not %s", vm.TypeName(doc))
	}
	// Every character is visited (runes, whitespace, string bodies) and
	// every value built: both count as steps, the characters before the
	// scan and each value as it is made, so a long document counts its work
	// and polls the deadline as it goes.
	if err := t.TickChars(len(text)); err != nil {
		return nil, err
	}
	d := &decoder{t: t, m: m, doc: text, s: text, strict: true}
	defer func() { t.Release(d.held) }()
	opt := func(v vm.Value) vm.Value {
		if v == nil || v == vm.None {
			return nil
		}
		return v
	}
	d.objectHook, d.parseFloat, d.parseInt, d.parseConst, d.pairsHook = opt(opts[0]), opt(opts[1]), opt(opts[2]), opt(opts[3]), opt(opts[5])
	var err error
	if d.strict, err = pyargs.Truth(t, opts[4], true); err != nil {
		return nil, err
	}
	idx := d.skipWS(0)
	v, end, err := d.scan(idx)
	if err != nil {
		if si, ok := err.(stopIteration); ok {
			return nil, d.fail("Expecting value", si.pos)
		}
		return nil, err
	}
	end = d.skipWS(end)
	if end != len(d.s) {
		return nil, d.fail("Extra data", end)
	}
	return v, nil
}

func (m *module) decodeError(t *vm.Thread, msg, doc string, pos int) error {
	e := vm.NewException(m.errCls)
	fillDecodeError(e, msg, doc, pos)
	return e
}

// fail raises JSONDecodeError at byte offset pos, reported in code points.
func (d *decoder) fail(msg string, pos int) error {
	if pos > len(d.doc) {
		pos = len(d.doc)
	}
	return d.m.decodeError(d.t, msg, d.doc, utf8.RuneCountInString(d.doc[:pos]))
}

// hold charges v, a value the decoder built, and holds it until the
// document is done.
func (d *decoder) hold(v vm.Value) error {
	return d.holdBytes(vm.ValueBytes(v))
}

// holdBytes holds n bytes the decoder built (a value, a container's
// array) until the document is done.
func (d *decoder) holdBytes(n int64) error {
	if err := d.t.Hold(n); err != nil {
		return err
	}
	d.held += n
	return nil
}

func isWS(r byte) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }

func (d *decoder) skipWS(i int) int {
	for i < len(d.s) && isWS(d.s[i]) {
		i++
	}
	return i
}

func (d *decoder) hasPrefix(i int, lit string) bool {
	if i+len(lit) > len(d.s) {
		return false
	}
	for j := 0; j < len(lit); j++ {
		if d.s[i+j] != lit[j] {
			return false
		}
	}
	return true
}

func (d *decoder) constant(name string, v float64) (vm.Value, error) {
	if d.parseConst != nil {
		return d.t.Call(d.parseConst, vm.Tuple{vm.Str(name)}, nil)
	}
	return vm.Float(v), nil
}

func (d *decoder) scan(i int) (vm.Value, int, error) {
	if err := d.t.Tick(valueSteps); err != nil {
		return nil, 0, err
	}
	if i >= len(d.s) {
		return nil, 0, stopIteration{i}
	}
	switch c := d.s[i]; c {
	case '"':
		s, end, err := d.str(i + 1)
		if err != nil {
			return nil, 0, err
		}
		v := vm.Value(vm.Str(s))
		return v, end, d.hold(v)
	case '{':
		return d.nested(i, "object", d.object)
	case '[':
		return d.nested(i, "array", d.array)
	case 'n':
		if d.hasPrefix(i, "null") {
			return vm.None, i + 4, nil
		}
	case 't':
		if d.hasPrefix(i, "true") {
			return vm.Bool(true), i + 4, nil
		}
	case 'f':
		if d.hasPrefix(i, "false") {
			return vm.Bool(false), i + 5, nil
		}
	case 'N':
		if d.hasPrefix(i, "NaN") {
			v, err := d.constant("NaN", nanValue())
			return v, i + 3, err
		}
	case 'I':
		if d.hasPrefix(i, "Infinity") {
			v, err := d.constant("Infinity", posInf())
			return v, i + 8, err
		}
	case '-':
		if d.hasPrefix(i, "-Infinity") {
			v, err := d.constant("-Infinity", -posInf())
			return v, i + 9, err
		}
	}
	return d.number(i)
}

func (d *decoder) nested(i int, kind string, f func(int) (vm.Value, int, error)) (vm.Value, int, error) {
	d.depth++
	defer func() { d.depth-- }()
	if d.depth > MaxDepth {
		return nil, 0, vm.Errorf(vm.RecursionErrorClass, "maximum recursion depth exceeded while decoding a JSON %s from a unicode string", kind)
	}
	return f(i + 1)
}

func isDigit(r byte) bool { return r >= '0' && r <= '9' }

func (d *decoder) number(start int) (vm.Value, int, error) {
	s := d.s
	end := len(s) - 1
	i := start
	if s[i] == '-' {
		i++
		if i > end {
			return nil, 0, stopIteration{start}
		}
	}
	switch {
	case s[i] >= '1' && s[i] <= '9':
		i++
		for i <= end && isDigit(s[i]) {
			i++
		}
	case s[i] == '0':
		i++
	default:
		return nil, 0, stopIteration{start}
	}
	isFloat := false
	if i < end && s[i] == '.' && isDigit(s[i+1]) {
		isFloat = true
		i += 2
		for i <= end && isDigit(s[i]) {
			i++
		}
	}
	if i < end && (s[i] == 'e' || s[i] == 'E') {
		eStart := i
		i++
		if i < end && (s[i] == '-' || s[i] == '+') {
			i++
		}
		for i <= end && isDigit(s[i]) {
			i++
		}
		if isDigit(s[i-1]) {
			isFloat = true
		} else {
			i = eStart
		}
	}
	lit := s[start:i]
	if isFloat {
		if d.parseFloat != nil {
			v, err := d.t.Call(d.parseFloat, vm.Tuple{vm.Str(lit)}, nil)
			return v, i, err
		}
		f, err := strconv.ParseFloat(lit, 64)
		if err != nil && !isRangeErr(err) {
			return nil, 0, vm.Errorf(vm.ValueErrorClass, "could not convert string to float: '%s'", lit)
		}
		v := vm.Value(vm.Float(f))
		return v, i, d.hold(v)
	}
	if d.parseInt != nil {
		v, err := d.t.Call(d.parseInt, vm.Tuple{vm.Str(lit)}, nil)
		return v, i, err
	}
	if len(lit) > 4300 {
		return nil, 0, vm.Errorf(vm.ValueErrorClass, "Exceeds the limit (4300 digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", len(strings.TrimPrefix(lit, "-")))
	}
	var v vm.Value
	if n, err := strconv.ParseInt(lit, 10, 64); err == nil {
		v = vm.Int(n)
	} else {
		b, _ := new(big.Int).SetString(lit, 10)
		v = vm.MakeInt(b)
	}
	return v, i, d.hold(v)
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

func hexVal(r byte) int {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0')
	case r >= 'a' && r <= 'f':
		return int(r-'a') + 10
	case r >= 'A' && r <= 'F':
		return int(r-'A') + 10
	}
	return -1
}

// str scans a string body starting after its opening quote at end-1.
func (d *decoder) str(end int) (string, int, error) {
	s := d.s
	n := len(s)
	begin := end - 1
	var sb strings.Builder
	for {
		var c rune
		next := end
		for ; next < n; next++ {
			c = rune(s[next])
			if c == '"' || c == '\\' {
				break
			}
			if c <= 0x1f && d.strict {
				return "", 0, d.fail("Invalid control character at", next)
			}
		}
		if next >= n {
			return "", 0, d.fail("Unterminated string starting at", begin)
		}
		sb.WriteString(s[end:next])
		next++
		if c == '"' {
			end = next
			break
		}
		if next == n {
			return "", 0, d.fail("Unterminated string starting at", begin)
		}
		c = rune(s[next])
		if c != 'u' {
			end = next + 1
			switch c {
			case '"', '\\', '/':
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			default:
				return "", 0, d.fail("Invalid \\escape", end-2)
			}
			sb.WriteRune(c)
			continue
		}
		next++
		end = next + 4
		if end >= n {
			return "", 0, d.fail("Invalid \\uXXXX escape", next-1)
		}
		c = 0
		for ; next < end; next++ {
			h := hexVal(s[next])
			if h < 0 {
				return "", 0, d.fail("Invalid \\uXXXX escape", end-5)
			}
			c = c<<4 | rune(h)
		}
		if c >= 0xd800 && c <= 0xdbff && end+6 < n && s[end] == '\\' && s[end+1] == 'u' {
			var c2 rune
			p := end + 2
			for ; p < end+6; p++ {
				h := hexVal(s[p])
				if h < 0 {
					return "", 0, d.fail("Invalid \\uXXXX escape", end+1)
				}
				c2 = c2<<4 | rune(h)
			}
			if c2 >= 0xdc00 && c2 <= 0xdfff {
				c = utf16.DecodeRune(c, c2)
				end += 6
			}
		}
		sb.WriteRune(c)
	}
	return sb.String(), end, nil
}

func (d *decoder) object(i int) (vm.Value, int, error) {
	s := d.s
	n := len(s)
	var pairs [][2]vm.Value
	// pairsHeld is what the decoder holds for the pairs array, scratch
	// that is released when the dict is built.
	var pairsHeld int64
	i = d.skipWS(i)
	if i >= n || s[i] != '}' {
		for {
			if i >= n || s[i] != '"' {
				return nil, 0, d.fail("Expecting property name enclosed in double quotes", i)
			}
			key, next, err := d.str(i + 1)
			if err != nil {
				return nil, 0, err
			}
			i = d.skipWS(next)
			if i >= n || s[i] != ':' {
				return nil, 0, d.fail("Expecting ':' delimiter", i)
			}
			i = d.skipWS(i + 1)
			v, next, err := d.scan(i)
			if err != nil {
				return nil, 0, err
			}
			k := vm.Value(vm.Str(key))
			if err := d.hold(k); err != nil {
				return nil, 0, err
			}
			if len(pairs) == cap(pairs) {
				old := cap(pairs)
				pairs = append(pairs, [2]vm.Value{k, v})
				n := int64(cap(pairs)-old) * pairBytes
				if err := d.holdBytes(n); err != nil {
					return nil, 0, err
				}
				pairsHeld += n
			} else {
				pairs = append(pairs, [2]vm.Value{k, v})
			}
			i = d.skipWS(next)
			if i < n && s[i] == '}' {
				break
			}
			if i >= n || s[i] != ',' {
				return nil, 0, d.fail("Expecting ',' delimiter", i)
			}
			i = d.skipWS(i + 1)
		}
	}
	end := i + 1
	if d.pairsHook != nil {
		items := make([]vm.Value, len(pairs))
		for j, p := range pairs {
			items[j] = vm.Tuple{p[0], p[1]}
		}
		v, err := d.t.Call(d.pairsHook, vm.Tuple{d.t.NewList(items)}, nil)
		return v, end, err
	}
	obj := d.t.NewDictSize(len(pairs))
	if err := d.hold(obj); err != nil {
		return nil, 0, err
	}
	for _, p := range pairs {
		obj.SetStr(string(p[0].(vm.Str)), p[1])
	}
	d.t.Release(pairsHeld)
	d.held -= pairsHeld
	if d.objectHook != nil {
		v, err := d.t.Call(d.objectHook, vm.Tuple{obj}, nil)
		return v, end, err
	}
	return obj, end, nil
}

func (d *decoder) array(i int) (vm.Value, int, error) {
	s := d.s
	n := len(s)
	var items []vm.Value
	i = d.skipWS(i)
	if i >= n || s[i] != ']' {
		for {
			v, next, err := d.scan(i)
			if err != nil {
				return nil, 0, err
			}
			if len(items) == cap(items) {
				old := cap(items)
				items = append(items, v)
				if err := d.holdBytes(int64(cap(items)-old) * valueBytes); err != nil {
					return nil, 0, err
				}
			} else {
				items = append(items, v)
			}
			i = d.skipWS(next)
			if i < n && s[i] == ']' {
				break
			}
			if i >= n || s[i] != ',' {
				return nil, 0, d.fail("Expecting ',' delimiter", i)
			}
			i = d.skipWS(i + 1)
		}
	}
	if items == nil {
		items = []vm.Value{}
	}
	l := d.t.NewList(items)
	// The items' array is held already, as it grew: the list's struct
	// (and the array's rounding to its size class) is what is left.
	return l, i + 1, d.holdBytes(vm.ValueBytes(l) - int64(cap(items))*valueBytes)
}

// valueBytes and pairBytes are the sizes of an array's value slot and of
// an object's scratch pair.
const (
	valueBytes = int64(unsafe.Sizeof(vm.Value(nil)))
	pairBytes  = 2 * valueBytes
)

func nanValue() float64 { return math.NaN() }
func posInf() float64   { return math.Inf(1) }
