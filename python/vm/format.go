package vm

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// fmtSpec is a parsed format spec, as CPython's InternalFormatSpec.
type fmtSpec struct {
	fill     rune
	align    byte
	sign     byte
	noNegZ   bool
	alt      bool
	width    int
	grouping byte
	prec     int
	typ      byte
}

// isAlign reports whether c is an alignment character of a format spec.
func isAlign(c byte) bool { return c == '<' || c == '>' || c == '=' || c == '^' }

// parseSpec parses the format-spec mini-language. defType is the type used
// when none is given ('s' for str, 'd' for int, 0 for float) and defAlign
// the default alignment ('<' for str, '>' for numbers). Everything but the
// fill character is ASCII, so the spec is scanned by bytes.
func parseSpec(spec string, defType, defAlign byte) (fmtSpec, error) {
	s := fmtSpec{fill: ' ', prec: -1}
	if spec == "" {
		s.typ = defType
		return s, nil
	}
	i := 0
	fillSet, alignSet := false, false
	r0, n0 := rune(spec[0]), 1
	if r0 >= utf8.RuneSelf {
		r0, n0 = utf8.DecodeRuneInString(spec)
	}
	if n0 < len(spec) && isAlign(spec[n0]) {
		s.fill, s.align = r0, spec[n0]
		fillSet, alignSet = true, true
		i = n0 + 1
	} else if isAlign(spec[0]) {
		s.align = spec[0]
		alignSet = true
		i = 1
	}
	if i < len(spec) && (spec[i] == '+' || spec[i] == '-' || spec[i] == ' ') {
		s.sign = spec[i]
		i++
	}
	if i < len(spec) && spec[i] == 'z' {
		s.noNegZ = true
		i++
	}
	if i < len(spec) && spec[i] == '#' {
		s.alt = true
		i++
	}
	if !fillSet && i < len(spec) && spec[i] == '0' {
		s.fill = '0'
		if !alignSet && defAlign == '>' {
			s.align = '='
		}
		i++
	}
	w, next, err := specInt(spec, i)
	if err != nil {
		return s, err
	}
	if next > i {
		s.width = w
	}
	i = next
	if i < len(spec) && (spec[i] == ',' || spec[i] == '_') {
		s.grouping = spec[i]
		i++
		if i < len(spec) && (spec[i] == ',' || spec[i] == '_') {
			return s, Errorf(ValueErrorClass, "Cannot specify both ',' and '_'.")
		}
	}
	if i < len(spec) && spec[i] == '.' {
		i++
		p, next, err := specInt(spec, i)
		if err != nil {
			return s, err
		}
		if next == i {
			return s, Errorf(ValueErrorClass, "Format specifier missing precision")
		}
		i = next
		// A str precision only truncates; numbers would build that many digits.
		if p > 1<<20 && defType != 's' {
			return s, Errorf(MemoryErrorClass, "format precision too large")
		}
		s.prec = p
	}
	if rest := spec[i:]; len(rest) > 1 && utf8.RuneCountInString(rest) > 1 {
		return s, Errorf(ValueErrorClass, "Invalid format specifier '%s' for object of type '%%s'", spec)
	}
	if i < len(spec) {
		if spec[i] >= utf8.RuneSelf {
			r, _ := utf8.DecodeRuneInString(spec[i:])
			return s, Errorf(ValueErrorClass, "Unknown format code '\\x%x' for object of type '%%s'", r)
		}
		s.typ = spec[i]
	} else {
		s.typ = defType
	}
	if s.grouping != 0 {
		ok := false
		switch s.typ {
		case 'd', 'e', 'f', 'g', 'E', 'G', '%', 'F', 0:
			ok = true
		case 'b', 'o', 'x', 'X':
			ok = s.grouping == '_'
		}
		if !ok {
			return s, Errorf(ValueErrorClass, "Cannot specify '%c' with '%c'.", s.grouping, s.typ)
		}
	}
	return s, nil
}

// specInt reads the decimal digits (of any script, as CPython's
// Py_UNICODE_TODECIMAL) at spec[i:], returning their value and the index
// after them.
func specInt(spec string, i int) (int, int, error) {
	n := 0
	for i < len(spec) {
		r, size := rune(spec[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(spec[i:])
		}
		d := decimalDigit(r)
		if d < 0 {
			break
		}
		if n > (math.MaxInt64-d)/10 {
			return 0, i, Errorf(ValueErrorClass, "Too many decimal digits in format string")
		}
		n = n*10 + d
		i += size
	}
	return n, i, nil
}

// decimalDigit is the value of a decimal digit of any script, or -1.
func decimalDigit(r rune) int {
	if r >= '0' && r <= '9' {
		return int(r - '0')
	}
	if r < utf8.RuneSelf || !unicode.Is(unicode.Nd, r) {
		return -1
	}
	// Decimal digits come in whole runs of ten, each starting at a zero.
	z := r
	for unicode.Is(unicode.Nd, z-1) {
		z--
	}
	return int(r-z) % 10
}

// pad aligns body to the width; numeric bodies may use '=' (padding after
// the sign and prefix, whose length is signLen).
func (s fmtSpec) pad(t *Thread, body string, signLen int, defaultAlign byte) (string, error) {
	if s.width <= 0 || s.width <= len(body) && asciiOnly(body) {
		return body, nil
	}
	n := runeCount(body)
	if n >= s.width {
		return body, nil
	}
	return padded(t, s, body[:signLen], body[signLen:], n, defaultAlign)
}

// padded builds head+body (n code points, fewer than s.width) aligned to
// the width in one allocation; '=' alignment pads between head and body.
func padded[B string | []byte](t *Thread, s fmtSpec, head string, body B, n int, defaultAlign byte) (string, error) {
	if err := t.ChargeItems(int64(s.width), 4); err != nil {
		return "", err
	}
	align := s.align
	if align == 0 {
		align = defaultAlign
	}
	total := s.width - n
	var fb [utf8.UTFMax]byte
	f := fb[:utf8.EncodeRune(fb[:], s.fill)]
	buf := make([]byte, 0, len(head)+len(body)+total*len(f))
	fill := func(k int) {
		for ; k > 0; k-- {
			buf = append(buf, f...)
		}
	}
	switch align {
	case '<':
		buf = append(buf, head...)
		buf = append(buf, body...)
		fill(total)
	case '^':
		left := total / 2
		fill(left)
		buf = append(buf, head...)
		buf = append(buf, body...)
		fill(total - left)
	case '=':
		buf = append(buf, head...)
		fill(total)
		buf = append(buf, body...)
	default:
		fill(total)
		buf = append(buf, head...)
		buf = append(buf, body...)
	}
	return unsafe.String(unsafe.SliceData(buf), len(buf)), nil
}

// render is pad(head+body) built in a single allocation; head is the sign
// and prefix that '=' alignment pads after. body is not retained.
func (s fmtSpec) render(t *Thread, head string, body []byte, defaultAlign byte) (string, error) {
	n := len(head) + len(body)
	if !asciiOnly(head) || !asciiOnly(unsafe.String(unsafe.SliceData(body), len(body))) {
		n = runeCount(head) + utf8.RuneCount(body)
	}
	if s.width > n {
		return padded(t, s, head, body, n, defaultAlign)
	}
	out := make([]byte, len(head)+len(body))
	copy(out[copy(out, head):], body)
	return unsafe.String(unsafe.SliceData(out), len(out)), nil
}

func group(digits string, sep byte, every int) string {
	if sep == 0 || len(digits) <= every {
		return digits
	}
	var sb strings.Builder
	first := len(digits) % every
	if first > 0 {
		sb.WriteString(digits[:first])
	}
	for i := first; i < len(digits); i += every {
		if sb.Len() > 0 {
			sb.WriteByte(sep)
		}
		sb.WriteString(digits[i : i+every])
	}
	return sb.String()
}

// groupPadded groups digits and, when zero padding with '=' alignment,
// widens them with grouped zeros to fill minWidth characters, as CPython
// does.
func groupPadded(digits string, sep byte, every int, minWidth int) string {
	g := group(digits, sep, every)
	if sep == 0 {
		if len(g) < minWidth {
			return strings.Repeat("0", minWidth-len(g)) + g
		}
		return g
	}
	if len(g) >= minWidth {
		return g
	}
	// The fewest digits d whose grouped form, d + (d-1)/every characters,
	// fills minWidth (CPython never starts with a separator, so it may be
	// one more): computed, not found by adding a zero at a time, which
	// regrouped the whole string each time (quadratic in the width).
	grouped := func(d int) int { return d + (d-1)/every }
	d := max(len(digits), minWidth*every/(every+1))
	for d > len(digits) && grouped(d-1) >= minWidth {
		d--
	}
	for grouped(d) < minWidth {
		d++
	}
	return group(strings.Repeat("0", d-len(digits))+digits, sep, every)
}

func signStr(neg bool, sign byte) string {
	if neg {
		return "-"
	}
	if sign == '+' {
		return "+"
	}
	if sign == ' ' {
		return " "
	}
	return ""
}

// writeFormatted appends formatValue(v, conv, spec) to sb; a field with
// no spec of a str, int or float (the common case) is written without
// boxing its text.
func (t *Thread) writeFormatted(sb *strings.Builder, v Value, conv int, spec string) error {
	if spec == "" && conv <= 2 {
		var s string
		var err error
		switch x := v.(type) {
		case Str:
			if conv == 2 {
				s, err = t.Repr(x)
			} else {
				s = string(x)
			}
		case Int, Float, Bool, NoneType, Complex:
			s, _ = scalarRepr(x)
		default:
			goto general
		}
		if err != nil {
			return err
		}
		sb.WriteString(s)
		return nil
	}
general:
	r, err := t.formatValue(v, conv, spec)
	if err != nil {
		return err
	}
	sb.WriteString(string(r.(Str)))
	return nil
}

// formatValue implements format(v, spec) with an optional conversion
// (1 str, 2 repr, 3 ascii) as used by f-strings.
func (t *Thread) formatValue(v Value, conv int, spec string) (Value, error) {
	switch conv {
	case 1:
		s, err := t.Str(v)
		if err != nil {
			return nil, err
		}
		v = Str(s)
	case 2:
		s, err := t.Repr(v)
		if err != nil {
			return nil, err
		}
		v = Str(s)
	case 3:
		s, err := t.Repr(v)
		if err != nil {
			return nil, err
		}
		v = Str(asciiEscape(s))
	}
	if spec == "" {
		switch x := v.(type) {
		case Str:
			return v, nil // v, not x: boxing x again would allocate
		case Int:
			return intStr(x), nil
		}
		if _, ok := v.(*Instance); !ok {
			s, err := t.Str(v)
			return Str(s), err
		}
	}
	if x, ok := v.(*Instance); ok {
		if _, user := x.Class.Lookup("__format__").(*Function); !user && x.Base != nil {
			if spec == "" {
				// The builtin __format__ with no spec is str(self), which
				// honours a subclass's __str__ or __repr__.
				s, err := t.Str(v)
				return Str(s), err
			}
			return t.formatValue(x.Base, 0, spec)
		}
		if m := x.Class.Lookup("__format__"); m != nil {
			r, err := t.callMethod(m, v, Tuple{Str(spec)})
			if err != nil {
				return nil, err
			}
			if _, ok := r.(Str); !ok {
				return nil, Errorf(TypeErrorClass, "__format__ must return a str, not %s", TypeName(r))
			}
			return r, nil
		}
	}
	tname := TypeName(v)
	fixMsg := func(err error) error {
		if e, ok := err.(*Instance); ok {
			msg := excStr(nil, e)
			if strings.Contains(msg, "%s") {
				return Errorf(e.Class, "%s", strings.Replace(msg, "%s", tname, 1))
			}
		}
		return err
	}
	switch x := v.(type) {
	case Str:
		s, err := parseSpec(spec, 's', '<')
		if err != nil {
			return nil, fixMsg(err)
		}
		if s.typ != 's' {
			return nil, Errorf(ValueErrorClass, "Unknown format code '%c' for object of type 'str'", s.typ)
		}
		if s.sign == ' ' {
			return nil, Errorf(ValueErrorClass, "Space not allowed in string format specifier")
		}
		if s.sign != 0 {
			return nil, Errorf(ValueErrorClass, "Sign not allowed in string format specifier")
		}
		if s.noNegZ {
			return nil, Errorf(ValueErrorClass, "Negative zero coercion (z) not allowed in string format specifier")
		}
		if s.alt {
			return nil, Errorf(ValueErrorClass, "Alternate form (#) not allowed in string format specifier")
		}
		if s.align == '=' {
			return nil, Errorf(ValueErrorClass, "'=' alignment not allowed in string format specifier")
		}
		body := string(x)
		if s.prec >= 0 {
			rs := []rune(body)
			if len(rs) > s.prec {
				body = string(rs[:s.prec])
			}
		}
		r, err := s.pad(t, body, 0, '<')
		return Str(r), err
	case Bool, Int, *big.Int:
		s, err := parseSpec(spec, 'd', '>')
		if err != nil {
			return nil, fixMsg(err)
		}
		switch s.typ {
		case 'e', 'E', 'f', 'F', 'g', 'G', '%':
			f, err := toFloat(x)
			if err != nil {
				return nil, err
			}
			return t.formatFloat(s, f)
		case 'b', 'c', 'd', 'o', 'x', 'X', 'n':
			return t.formatInt(s, x)
		}
		return nil, Errorf(ValueErrorClass, "Unknown format code '%c' for object of type '%s'", s.typ, tname)
	case Float:
		s, err := parseSpec(spec, 0, '>')
		if err != nil {
			return nil, fixMsg(err)
		}
		switch s.typ {
		case 0, 'e', 'E', 'f', 'F', 'g', 'G', 'n', '%':
			return t.formatFloat(s, float64(x))
		}
		return nil, Errorf(ValueErrorClass, "Unknown format code '%c' for object of type 'float'", s.typ)
	case Complex:
		s, err := parseSpec(spec, 0, '>')
		if err != nil {
			return nil, fixMsg(err)
		}
		return t.formatComplex(s, complex128(x))
	}
	if spec != "" {
		return nil, Errorf(TypeErrorClass, "unsupported format string passed to %s.__format__", tname)
	}
	str, err := t.Str(v)
	return Str(str), err
}

// appendIntDigits appends the digits of |v| (an Int, Bool or *big.Int)
// in base to dst and reports whether v is negative.
func appendIntDigits(dst []byte, v Value, base int) ([]byte, bool) {
	switch x := v.(type) {
	case Int:
		u := uint64(x)
		if x < 0 {
			u = -u
		}
		return strconv.AppendUint(dst, u, base), x < 0
	case Bool:
		if x {
			return append(dst, '1'), false
		}
		return append(dst, '0'), false
	}
	b := toBig(v)
	return new(big.Int).Abs(b).Append(dst, base), b.Sign() < 0
}

// checkIntDigits refuses, as CPython does, to write an int of more than
// 4300 digits in base 10, and counts the work of writing it in base.
func (t *Thread) checkIntDigits(v Value, base int) error {
	b, ok := v.(*big.Int)
	if !ok {
		return nil
	}
	if base == 10 {
		_, err := t.intDecimal(b)
		return err
	}
	return t.tickChars(b.BitLen() / 4)
}

// intDigits returns the sign and the digits of |v| in base.
func intDigits(v Value, base int) (neg bool, digits string) {
	var buf [24]byte
	d, neg := appendIntDigits(buf[:0], v, base)
	return neg, string(d)
}

// formatInt formats an Int, Bool or *big.Int for a spec of an integer
// presentation type.
func (t *Thread) formatInt(s fmtSpec, v Value) (Value, error) {
	if s.prec >= 0 {
		return nil, Errorf(ValueErrorClass, "Precision not allowed in integer format specifier")
	}
	if s.noNegZ {
		return nil, Errorf(ValueErrorClass, "Negative zero coercion (z) not allowed in integer format specifier")
	}
	base, prefix, every := 10, "", 3
	switch s.typ {
	case 'd', 'n':
	case 'x', 'X':
		base, prefix, every = 16, "0x", 4
		if s.typ == 'X' {
			prefix = "0X"
		}
	case 'o':
		base, prefix, every = 8, "0o", 4
	case 'b':
		base, prefix, every = 2, "0b", 4
	case 'c':
		if s.sign != 0 {
			return nil, Errorf(ValueErrorClass, "Sign not allowed with integer format specifier 'c'")
		}
		if s.alt {
			return nil, Errorf(ValueErrorClass, "Alternate form (#) not allowed with integer format specifier 'c'")
		}
		b := toBig(v)
		if !b.IsInt64() {
			return nil, Errorf(OverflowErrorClass, "Python int too large to convert to C long")
		}
		if b.Sign() < 0 || b.Int64() > 0x10ffff {
			return nil, Errorf(OverflowErrorClass, "%s", "%c arg not in range(0x110000)")
		}
		r, err := s.pad(t, string(rune(b.Int64())), 0, '>')
		return Str(r), err
	}
	if err := t.checkIntDigits(v, base); err != nil {
		return nil, err
	}
	var buf [24]byte
	db, neg := appendIntDigits(buf[:0], v, base)
	if base == 10 && len(db) > 4300 {
		// The same int-string limit as str() and repr().
		return nil, Errorf(ValueErrorClass, "Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit")
	}
	if s.typ == 'X' {
		for i, c := range db {
			if 'a' <= c && c <= 'z' {
				db[i] = c - 'a' + 'A'
			}
		}
	}
	if !s.alt {
		prefix = ""
	}
	sign := signStr(neg, s.sign)
	if s.grouping == 0 {
		// Without grouping, zero padding is '=' alignment with '0' fill,
		// which render does.
		r, err := s.render(t, sign+prefix, db, '>')
		return Str(r), err
	}
	digits := string(db)
	if s.grouping != 0 {
		// Grouping writes the digits and the padding a few at a time.
		if err := t.tickChars(max(len(digits), s.width)); err != nil {
			return nil, err
		}
	}
	if s.align == '=' && s.fill == '0' && s.width > 0 {
		digits = groupPadded(digits, s.grouping, every, s.width-len(sign)-len(prefix))
	} else {
		digits = group(digits, s.grouping, every)
	}
	r, err := s.pad(t, sign+prefix+digits, len(sign)+len(prefix), '>')
	return Str(r), err
}

// floatBody formats |f| for a presentation type; addDot0 keeps a ".0" on
// integral results of the default presentation.
func floatBody(a float64, typ byte, prec int, alt, addDot0 bool) string {
	var buf [32]byte
	return string(appendFloatBody(buf[:0], a, typ, prec, alt, addDot0))
}

// appendFloatBody appends floatBody(a, ...) to dst.
func appendFloatBody(dst []byte, a float64, typ byte, prec int, alt, addDot0 bool) []byte {
	if math.IsInf(a, 0) || math.IsNaN(a) {
		body := "inf"
		if math.IsNaN(a) {
			body = "nan"
		}
		if typ == 'F' || typ == 'E' || typ == 'G' {
			body = strings.ToUpper(body)
		}
		dst = append(dst, body...)
		if typ == '%' {
			dst = append(dst, '%')
		}
		return dst
	}
	switch typ {
	case 'f', 'F':
		dst = strconv.AppendFloat(dst, a, 'f', prec, 64)
		if alt && prec == 0 {
			dst = append(dst, '.')
		}
	case '%':
		dst = strconv.AppendFloat(dst, a*100, 'f', prec, 64)
		if alt && prec == 0 {
			dst = append(dst, '.')
		}
		dst = append(dst, '%')
	case 'e', 'E':
		// Go writes at least two exponent digits, as C's printf does.
		start := len(dst)
		dst = strconv.AppendFloat(dst, a, 'e', prec, 64)
		if alt && prec == 0 {
			i := start + bytesIndexByte(dst[start:], 'e')
			dst = append(dst, 0)
			copy(dst[i+1:], dst[i:])
			dst[i] = '.'
		}
		if typ == 'E' {
			for i := start; i < len(dst); i++ {
				if dst[i] == 'e' {
					dst[i] = 'E'
				}
			}
		}
	case 'r':
		r := FloatRepr(a)
		if !addDot0 {
			// A part of a complex: 1, not 1.0.
			r = strings.TrimSuffix(r, ".0")
			if alt && strings.IndexByte(r, '.') < 0 && strings.IndexByte(r, 'e') < 0 {
				r += "."
			}
		}
		if i := strings.IndexByte(r, 'e'); alt && i >= 0 && strings.IndexByte(r, '.') < 0 {
			// The alternate form always has a decimal point.
			dst = append(append(append(dst, r[:i]...), '.'), r[i:]...)
		} else {
			dst = append(dst, r...)
		}
	default: // 'g', 'G'
		if prec == 0 {
			prec = 1
		}
		var body string
		if addDot0 {
			body = pyGeneralDot0(a, prec, alt)
		} else {
			body = pyGeneral(a, prec, alt)
		}
		if typ == 'G' {
			body = strings.ToUpper(body)
		}
		dst = append(dst, body...)
	}
	return dst
}

func bytesIndexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

func (t *Thread) formatFloat(s fmtSpec, f float64) (Value, error) {
	typ := s.typ
	prec := s.prec
	addDot0 := false
	if typ == 0 {
		addDot0 = true
		if prec < 0 {
			typ = 'r'
		} else {
			typ = 'g'
		}
	}
	if typ == 'n' {
		typ = 'g'
	}
	if prec < 0 {
		prec = 6
	}
	return t.formatFloatAs(s, f, typ, prec, addDot0)
}

// formatFloatAs formats f for a resolved presentation type and precision
// (complex formats its parts through it).
func (t *Thread) formatFloatAs(s fmtSpec, f float64, typ byte, prec int, addDot0 bool) (Value, error) {
	if prec > 64 {
		// A precision of up to a million digits builds that many bytes
		// (plus up to 310 integral digits for 'f'): charge and tick them
		// before building.
		if err := t.tickChars(prec); err != nil {
			return nil, err
		}
		if err := t.Charge(int64(prec) + 320); err != nil {
			return nil, err
		}
	}
	neg := math.Signbit(f) && !math.IsNaN(f)
	a := math.Abs(f)
	var buf [40]byte
	bb := appendFloatBody(buf[:0], a, typ, prec, s.alt, addDot0)
	if neg && s.noNegZ {
		if z := strings.Trim(string(bb), "0.%eE+-"); z == "" {
			neg = false
		}
	}
	sign := signStr(neg, s.sign)
	if s.grouping == 0 {
		// Without grouping, zero padding is '=' alignment with '0' fill,
		// which render does.
		r, err := s.render(t, sign, bb, '>')
		return Str(r), err
	}
	body := string(bb)
	intPart, rest := body, ""
	if i := strings.IndexAny(body, ".eE%"); i >= 0 {
		intPart, rest = body[:i], body[i:]
	}
	allDigits := intPart != ""
	for i := 0; i < len(intPart); i++ {
		if intPart[i] < '0' || intPart[i] > '9' {
			allDigits = false
		}
	}
	if allDigits {
		if s.grouping != 0 {
			if err := t.tickChars(max(len(intPart), s.width)); err != nil {
				return nil, err
			}
		}
		if s.align == '=' && s.fill == '0' && s.width > 0 {
			intPart = groupPadded(intPart, s.grouping, 3, s.width-len(sign)-len(rest))
		} else {
			intPart = group(intPart, s.grouping, 3)
		}
		body = intPart + rest
	}
	r, err := s.pad(t, sign+body, len(sign), '>')
	return Str(r), err
}

// pyExp makes Go's exponent at least two digits, as C's printf does.
func pyExp(s string) string {
	i := strings.IndexByte(s, 'e')
	if i < 0 {
		return s
	}
	exp := s[i+2:]
	if len(exp) < 2 {
		exp = "0" + exp
	}
	return s[:i+2] + exp
}

// pyGeneralDot0 is the presentation of a float with a precision but no
// type: like 'g', but switching to exponent notation one digit earlier and
// keeping a ".0" on integral fixed-point results.
func pyGeneralDot0(a float64, prec int, alt bool) string {
	e := strconv.FormatFloat(a, 'e', prec-1, 64)
	i := strings.IndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[i+1:])
	if a == 0 {
		exp = 0
	}
	if exp < -4 || exp >= prec-1 {
		mant := e[:i]
		if !alt && strings.Contains(mant, ".") {
			mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
		} else if alt && !strings.Contains(mant, ".") {
			mant += "."
		}
		return pyExp(mant + e[i:])
	}
	out := strconv.FormatFloat(a, 'f', prec-1-exp, 64)
	if !alt && strings.Contains(out, ".") {
		out = strings.TrimRight(strings.TrimRight(out, "0"), ".")
	}
	if !strings.Contains(out, ".") {
		out += ".0"
	}
	return out
}

// pyGeneral formats like Python's 'g' presentation.
func pyGeneral(a float64, prec int, alt bool) string {
	if a == 0 {
		if alt {
			return "0." + strings.Repeat("0", prec-1)
		}
		return "0"
	}
	e := strconv.FormatFloat(a, 'e', prec-1, 64)
	i := strings.IndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[i+1:])
	var out string
	if exp >= -4 && exp < prec {
		out = strconv.FormatFloat(a, 'f', prec-1-exp, 64)
		if !alt && strings.Contains(out, ".") {
			out = strings.TrimRight(strings.TrimRight(out, "0"), ".")
		} else if alt && !strings.Contains(out, ".") {
			out += "."
		}
	} else {
		mant := e[:i]
		if !alt && strings.Contains(mant, ".") {
			mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
		} else if alt && !strings.Contains(mant, ".") {
			mant += "."
		}
		out = pyExp(mant + e[i:])
	}
	return out
}

// dequeOnly names collections.deque for fromCollections.
var dequeOnly = map[string]bool{"deque": true}

// percentFormat implements str % args (and bytes % args), parsing each
// directive as CPython's PyUnicode_Format does: a tuple supplies the
// arguments in turn, any other value is the one argument, and a value that
// supports item access (other than a tuple or the template's own type) is
// also the mapping for %(key) directives.
func (t *Thread) percentFormat(format string, args Value, bytesMode bool) (Value, error) {
	var items Tuple
	single := true
	var mapping Value
	switch a := args.(type) {
	case Tuple:
		if !bytesMode {
			if v := percentPlain(format, a); v != nil {
				return v, t.chargeLongStr(v)
			}
		}
		items, single = a, false
	case *Dict, *List, *Range:
		mapping = a
	case Str:
		if bytesMode {
			mapping = a
		}
	case Bytes, *ByteArray:
		if !bytesMode {
			mapping = a
		}
	case *Instance:
		if tup, ok := a.Base.(Tuple); ok {
			items, single = tup, false // a tuple subclass is a tuple of arguments
			break
		}
		if virtualSubclass(a.Class, TupleClass) {
			// A namedtuple is a tuple of arguments, as in CPython.
			it, err := t.iterate(a, nil)
			if err != nil {
				return nil, err
			}
			items, single = it, false
			break
		}
		// collections.deque has item access only as a sequence in CPython.
		if a.Class.Lookup("__getitem__") != nil && !fromCollections(a.Class, dequeOnly) {
			mapping = a
		}
	}
	return t.percentFormatArgs(format, args, items, single, mapping, bytesMode)
}

// percentFormatTuple is str % (items...): percentFormat of a tuple of
// items that need not exist as one (fastRun's BUILD_TUPLE and BINARY_OP
// run as one).
func (t *Thread) percentFormatTuple(format string, items Tuple) (Value, error) {
	if v := percentPlain(format, items); v != nil {
		return v, t.chargeLongStr(v)
	}
	return t.percentFormatArgs(format, nil, items, false, nil, false)
}

// chargeLongStr charges a str that format % args made, past the length
// of a one-block str (a shorter one is paid for where it is stored, as a
// concatenation's is): uncharged, a loop keeping '%s!' % s of a 10 MB s
// took toolplane run to 3 GB under its 512 MiB limit.
func (t *Thread) chargeLongStr(v Value) error {
	if s, ok := v.(Str); ok && len(s) > strOneBlockMax {
		return t.Charge(int64(len(s)))
	}
	return nil
}

// percentFormatArgs is percentFormat once its arguments are sorted out:
// the tuple's items (single false), or the single value args; mapping is
// what %(key) conversions look up in.
func (t *Thread) percentFormatArgs(format string, args Value, items Tuple, single bool, mapping Value, bytesMode bool) (Value, error) {
	// cur is the value arguments come from: the tuple's items in turn, or
	// the single value (again after each %(key) lookup) once.
	cur := args
	argLen, argIdx := len(items), 0
	if single {
		argLen, argIdx = -1, -2
	}
	next := func() (Value, error) {
		if argIdx >= argLen {
			return nil, Errorf(TypeErrorClass, "not enough arguments for format string")
		}
		argIdx++
		if argLen < 0 {
			return cur, nil
		}
		return items[argIdx-1], nil
	}
	// The text is built in a buffer on the stack while it fits: a short
	// result then costs one allocation, its one-block str. (The result is
	// always a copy: a buffer that could become the result would be moved
	// to the heap by the compiler, stack or not.)
	var stack [256]byte
	sb := slices.Grow(stack[:0], len(format)+8*len(items))
	for i := 0; i < len(format); {
		if format[i] != '%' {
			// Copy the literal text up to the next conversion at once.
			j := strings.IndexByte(format[i:], '%')
			if j < 0 {
				j = len(format) - i
			}
			sb = append(sb, format[i:i+j]...)
			i += j
			continue
		}
		i++
		if i < len(format) && format[i] == '%' {
			sb = append(sb, '%')
			i++
			continue
		}
		// exhausted mirrors CPython's fmtcnt < 0: a read was attempted
		// past the end; c keeps the last character read.
		exhausted := false
		var c byte
		read := func() bool {
			if i < len(format) {
				c = format[i]
				i++
				return true
			}
			exhausted = true
			return false
		}
		if i < len(format) && format[i] == '(' {
			if mapping == nil {
				return nil, Errorf(TypeErrorClass, "format requires a mapping")
			}
			i++
			start := i
			depth := 1
			for depth > 0 && read() {
				if c == ')' {
					depth--
				} else if c == '(' {
					depth++
				}
			}
			if exhausted || depth > 0 {
				return nil, Errorf(ValueErrorClass, "incomplete format key")
			}
			var k Value = Str(format[start : i-1])
			if bytesMode {
				k = Bytes(format[start : i-1])
			}
			v, err := t.GetItem(mapping, k)
			if err != nil {
				return nil, err
			}
			cur, argLen, argIdx = v, -1, -2
		}
		left, zero, alt := false, false, false
		var sign byte
	flags:
		for read() {
			switch c {
			case '-':
				left = true
			case '+':
				sign = '+'
			case ' ':
				if sign == 0 {
					sign = ' '
				}
			case '#':
				alt = true
			case '0':
				zero = true
			default:
				break flags
			}
		}
		// starArg reads a '*' width or precision from the arguments.
		starArg := func(cType string, limit int64) (int64, error) {
			v, err := next()
			if err != nil {
				return 0, err
			}
			if b, ok := v.(Bool); ok {
				v = boolToInt(b)
			}
			if inst, ok := v.(*Instance); ok {
				if n, ok := inst.Base.(Int); ok {
					v = n
				} else if n, ok := inst.Base.(*big.Int); ok {
					v = n
				}
			}
			switch n := v.(type) {
			case Int:
				if int64(n) > limit || int64(n) < -limit-1 {
					break
				}
				return int64(n), nil
			case *big.Int:
			default:
				return 0, Errorf(TypeErrorClass, "* wants int")
			}
			return 0, Errorf(OverflowErrorClass, "Python int too large to convert to C %s", cType)
		}
		width, prec := -1, -1
		if c == '*' && !exhausted {
			w, err := starArg("ssize_t", math.MaxInt64)
			if err != nil {
				return nil, err
			}
			if w < 0 {
				left = true
				w = -w
			}
			width = int(w)
			read()
		} else if c >= '0' && c <= '9' && !exhausted {
			width = int(c - '0')
			for read() && c >= '0' && c <= '9' {
				if width > (math.MaxInt64-int(c-'0'))/10 {
					return nil, Errorf(ValueErrorClass, "width too big")
				}
				width = width*10 + int(c-'0')
			}
		}
		if c == '.' && !exhausted {
			prec = 0
			read()
			if c == '*' && !exhausted {
				p, err := starArg("int", math.MaxInt32)
				if err != nil {
					return nil, err
				}
				if p > 0 {
					prec = int(p)
				}
				read()
			} else if c >= '0' && c <= '9' && !exhausted {
				prec = int(c - '0')
				for read() && c >= '0' && c <= '9' {
					if prec > (math.MaxInt32-int(c-'0'))/10 {
						return nil, Errorf(ValueErrorClass, "precision too big")
					}
					prec = prec*10 + int(c-'0')
				}
			}
		}
		// A length modifier (h, l, L) is accepted and ignored, as in C.
		if !exhausted && (c == 'h' || c == 'l' || c == 'L') {
			read()
		}
		if exhausted {
			return nil, Errorf(ValueErrorClass, "incomplete format")
		}
		conv := c
		val, err := next()
		if err != nil {
			return nil, err
		}
		if prec > 1<<20 && strings.IndexByte("diuxXoeEfFgG", conv) >= 0 {
			if f, ok := val.(Float); !ok || !math.IsInf(float64(f), 0) && !math.IsNaN(float64(f)) {
				return nil, Errorf(MemoryErrorClass, "format precision too large")
			}
		}
		spec := fmtSpec{fill: ' ', prec: -1, align: '>', width: width}
		if left {
			spec.align = '<'
			zero = false
		}
		var out string
		if bytesMode {
			switch conv {
			case 's', 'b', 'r', 'a', 'c':
				out, err = t.percentBytes(conv, val, prec)
				if err != nil {
					return nil, err
				}
				// Padding counts bytes, not code points.
				if len(out) < width {
					if out, err = padded(t, spec, "", out, len(out), '>'); err != nil {
						return nil, err
					}
				}
				sb = append(sb, out...)
				continue
			}
		}
		switch conv {
		case 's', 'r', 'a':
			var s string
			if b, ok := bytesLike(val); ok && bytesMode && conv == 's' {
				s = string(b)
			} else if conv == 's' {
				if bytesMode {
					return nil, Errorf(TypeErrorClass, "%%b requires a bytes-like object, or an object that implements __bytes__, not '%s'", TypeName(val))
				}
				s, err = t.Str(val)
			} else {
				s, err = t.Repr(val)
				if conv == 'a' {
					s = asciiEscape(s)
				}
			}
			if err != nil {
				return nil, err
			}
			if prec >= 0 && prec < utf8.RuneCountInString(s) {
				s = string([]rune(s)[:prec])
			}
			out, err = spec.pad(t, s, 0, '>')
		case 'd', 'i', 'u', 'x', 'X', 'o':
			var iv Value
			switch x := val.(type) {
			case Int, Bool, *big.Int:
				iv = x
			case Float:
				if conv != 'd' && conv != 'i' && conv != 'u' {
					return nil, Errorf(TypeErrorClass, "%%%c format: an integer is required, not float", conv)
				}
				f := float64(x)
				if math.IsNaN(f) {
					return nil, Errorf(ValueErrorClass, "cannot convert float NaN to integer")
				}
				if math.IsInf(f, 0) {
					return nil, Errorf(OverflowErrorClass, "cannot convert float infinity to integer")
				}
				if math.Abs(f) < 1<<62 {
					iv = Int(int64(f))
				} else {
					b, _ := new(big.Float).SetFloat64(math.Trunc(f)).Int(nil)
					iv = b
				}
			default:
				if inst, ok := x.(*Instance); ok {
					if n, ok2, err := t.index(inst); ok2 {
						if err != nil {
							return nil, err
						}
						iv = Int(n)
						break
					}
				}
				if conv == 'd' || conv == 'i' || conv == 'u' {
					return nil, Errorf(TypeErrorClass, "%%%c format: a real number is required, not %s", conv, TypeName(val))
				}
				return nil, Errorf(TypeErrorClass, "%%%c format: an integer is required, not %s", conv, TypeName(val))
			}
			base := 10
			switch conv {
			case 'x', 'X':
				base = 16
			case 'o':
				base = 8
			}
			if err := t.checkIntDigits(iv, base); err != nil {
				return nil, err
			}
			var dbuf [24]byte
			db, neg := appendIntDigits(dbuf[:0], iv, base)
			sg := signStr(neg, sign)
			if !alt && prec <= len(db) && width <= len(sg)+len(db) {
				// Nothing to pad: write the digits straight out.
				if conv == 'X' {
					for i, c := range db {
						if 'a' <= c && c <= 'z' {
							db[i] = c - 'a' + 'A'
						}
					}
				}
				sb = append(sb, sg...)
				sb = append(sb, db...)
				continue
			}
			digits := string(db)
			if conv == 'X' {
				digits = strings.ToUpper(digits)
			}
			if prec > len(digits) {
				digits = strings.Repeat("0", prec-len(digits)) + digits
			}
			prefix := ""
			if alt {
				prefix = map[byte]string{'x': "0x", 'X': "0X", 'o': "0o"}[conv]
			}
			if zero {
				spec.align = '='
				spec.fill = '0'
			}
			out, err = spec.pad(t, sg+prefix+digits, len(sg)+len(prefix), '>')
		case 'e', 'E', 'f', 'F', 'g', 'G':
			f, ferr := toFloat(val)
			if ferr != nil {
				if inst, ok := val.(*Instance); ok && inst.Class.Lookup("__float__") != nil {
					r, err := t.callMethod(inst.Class.Lookup("__float__"), inst, nil)
					if err != nil {
						return nil, err
					}
					f, ferr = toFloat(r)
				} else if ok && inst.Class.Lookup("__index__") != nil {
					// float() falls back to __index__, as CPython's does.
					n, _, err := t.indexValue(val)
					if err != nil {
						return nil, err
					}
					f, ferr = toFloat(n)
				}
				if ferr != nil {
					return nil, Errorf(TypeErrorClass, "must be real number, not %s", TypeName(val))
				}
			}
			if prec < 0 {
				prec = 6
			}
			neg := math.Signbit(f) && !math.IsNaN(f)
			var fbuf [40]byte
			bb := appendFloatBody(fbuf[:0], math.Abs(f), conv, prec, alt, false)
			sg := signStr(neg, sign)
			if width <= len(sg)+len(bb) {
				sb = append(sb, sg...)
				sb = append(sb, bb...)
				continue
			}
			body := string(bb)
			if zero {
				// printf-style zero padding pads inf and nan too.
				spec.align = '='
				spec.fill = '0'
			}
			out, err = spec.pad(t, sg+body, len(sg), '>')
		case 'c':
			if b, ok := val.(Bool); ok {
				val = boolToInt(b)
			}
			if inst, ok := val.(*Instance); ok {
				// Anything with __index__ is a code point, as in CPython.
				if n, ok, err := t.index(inst); ok {
					if err != nil {
						return nil, err
					}
					val = Int(n)
				}
			}
			switch x := val.(type) {
			case Int:
				if x < 0 || x > 0x10ffff {
					return nil, Errorf(OverflowErrorClass, "%s", "%c arg not in range(0x110000)")
				}
				out = string(rune(x))
			case Str:
				if utf8.RuneCountInString(string(x)) != 1 {
					return nil, Errorf(TypeErrorClass, "%s", "%c requires int or char")
				}
				out = string(x)
			case *big.Int:
				return nil, Errorf(OverflowErrorClass, "%s", "%c arg not in range(0x110000)")
			default:
				return nil, Errorf(TypeErrorClass, "%s", "%c requires int or char")
			}
			out, err = spec.pad(t, out, 0, '>')
		default:
			r := rune(conv)
			if conv >= utf8.RuneSelf {
				r, _ = utf8.DecodeRuneInString(format[i-1:])
			}
			shown := '?'
			if r >= 31 && r <= 126 {
				shown = r
			}
			return nil, Errorf(ValueErrorClass, "unsupported format character '%c' (0x%x) at index %d", shown, r, utf8.RuneCountInString(format[:i-1]))
		}
		if err != nil {
			return nil, err
		}
		sb = append(sb, out...)
	}
	if argIdx < argLen && mapping == nil {
		return nil, Errorf(TypeErrorClass, "not all arguments converted during string formatting")
	}
	if n := len(sb); n <= strOneBlockMax && strOneBlock[n] {
		v, buf := newStrBlock(n)
		copy(buf, sb)
		return v, nil
	}
	v := Str(sb)
	return v, t.chargeLongStr(v)
}

// percentPlain is format % items where each conversion is a bare %s of a
// str or an int or a bare %d (%i) of an int, with %% as the only other
// use of %, and the items are as many as the conversions: the text
// percentFormatArgs makes, without parsing a specification for each. It
// is nil for anything else, which percentFormatArgs formats (or refuses).
func percentPlain(format string, items Tuple) Value {
	var stack [256]byte
	sb := stack[:0]
	k := 0
	for i := 0; i < len(format); {
		j := strings.IndexByte(format[i:], '%')
		if j < 0 {
			sb = append(sb, format[i:]...)
			break
		}
		sb = append(sb, format[i:i+j]...)
		i += j + 1
		if i == len(format) {
			return nil
		}
		c := format[i]
		i++
		if c == '%' {
			sb = append(sb, '%')
			continue
		}
		if k == len(items) {
			return nil
		}
		switch v := items[k].(type) {
		case Str:
			if c != 's' {
				return nil
			}
			sb = append(sb, v...)
		case Int:
			if c != 's' && c != 'd' && c != 'i' {
				return nil
			}
			sb = strconv.AppendInt(sb, int64(v), 10)
		default:
			return nil
		}
		k++
	}
	if k != len(items) {
		return nil
	}
	if n := len(sb); n <= strOneBlockMax && strOneBlock[n] {
		v, buf := newStrBlock(n)
		copy(buf, sb)
		return v
	}
	return Str(sb)
}

// percentOneInt is format % i for the commonest format of an int, one
// plain %d (or %i, %u) and no other conversion ("r%d" % 7), built in one
// block where it fits; nil for any other format (percentFormat's).
func percentOneInt(format string, i Int) Value {
	k := strings.IndexByte(format, '%')
	if k < 0 || k+1 >= len(format) {
		return nil
	}
	if c := format[k+1]; c != 'd' && c != 'i' && c != 'u' {
		return nil
	}
	if strings.IndexByte(format[k+2:], '%') >= 0 {
		return nil
	}
	var digits [20]byte
	d := strconv.AppendInt(digits[:0], int64(i), 10)
	n := len(format) - 2 + len(d)
	if n <= strOneBlockMax && strOneBlock[n] {
		v, buf := newStrBlock(n)
		w := copy(buf, format[:k])
		w += copy(buf[w:], d)
		copy(buf[w:], format[k+2:])
		return v
	}
	return Str(format[:k] + string(d) + format[k+2:])
}

// percentBytes formats one value of bytes % args for the conversions
// that differ from str's: %s and %b take a bytes-like object or one with
// __bytes__, %r and %a are ascii(), %c takes an int in range(256) or a
// single byte. The result holds raw bytes.
func (t *Thread) percentBytes(conv byte, val Value, prec int) (string, error) {
	var s string
	switch conv {
	case 's', 'b':
		if b, ok := bytesLike(val); ok {
			s = b
		} else if inst, ok := val.(*Instance); ok && inst.Class.Lookup("__bytes__") != nil {
			r, err := t.callMethod(inst.Class.Lookup("__bytes__"), val, nil)
			if err != nil {
				return "", err
			}
			b, ok := r.(Bytes)
			if !ok {
				return "", Errorf(TypeErrorClass, "__bytes__ returned non-bytes (type %s)", TypeName(r))
			}
			s = string(b)
		} else {
			return "", Errorf(TypeErrorClass, "%%b requires a bytes-like object, or an object that implements __bytes__, not '%s'", TypeName(val))
		}
	case 'r', 'a':
		r, err := t.Repr(val)
		if err != nil {
			return "", err
		}
		s = asciiEscape(r)
	case 'c':
		if b, ok := val.(Bool); ok {
			val = boolToInt(b)
		}
		switch x := val.(type) {
		case Int:
			if x < 0 || x > 255 {
				return "", Errorf(OverflowErrorClass, "%s", "%c arg not in range(256)")
			}
			return string([]byte{byte(x)}), nil
		case *big.Int:
			return "", Errorf(OverflowErrorClass, "%s", "%c arg not in range(256)")
		}
		if b, ok := bytesLike(val); ok && len(b) == 1 {
			return b, nil
		}
		if _, ok := val.(*Instance); ok {
			// An object with __index__ is its int.
			n, ok, err := t.indexValue(val)
			if err != nil {
				return "", err
			}
			if ok {
				return t.percentBytes('c', n, prec)
			}
		}
		return "", Errorf(TypeErrorClass, "%s", "%c requires an integer in range(256) or a single byte")
	}
	if prec >= 0 && prec < len(s) {
		s = s[:prec]
	}
	return s, nil
}

// strFormat implements str.format.
func (t *Thread) strFormat(format string, args Tuple, kw []Kwarg) (Value, error) {
	var kwd Value
	if len(kw) > 0 {
		d := NewDict()
		for _, k := range kw {
			d.SetStr(k.Name, k.Value)
		}
		kwd = d
	}
	var st fieldState
	v, err := t.formatFields(format, args, kwd, 0, &st)
	if err != nil {
		return nil, err
	}
	return v, t.chargeLongStr(v)
}

// strFormatMap implements str.format_map. Its result is charged past a
// one-block str, as str.format's and format % args' are: uncharged, a loop
// keeping '{} {}'.format(s, s) of a 60 kB s took toolplane run to 1.3 GB
// RSS under its 512 MiB limit.
func (t *Thread) strFormatMap(format string, m Value) (Value, error) {
	st := fieldState{mapped: true}
	v, err := t.formatFields(format, nil, m, 0, &st)
	if err != nil {
		return nil, err
	}
	return v, t.chargeLongStr(v)
}

// fieldState is the automatic field numbering shared with nested specs, as
// CPython shares it: unset, automatic ('{}') or manual ('{0}').
type fieldState struct {
	auto   int
	state  byte // 0 unset, 'a' automatic, 'm' manual
	mapped bool // str.format_map: there are no positional arguments
}

// formatFields expands a str.format template the way CPython's
// MarkupIterator does: literal text up to '{' or '}', then one field parsed
// by parseFormatField; nested specs are expanded with one less level of
// recursion (CPython allows two).
func (t *Thread) formatFields(format string, args Tuple, kw Value, depth int, st *fieldState) (Value, error) {
	if depth >= 2 {
		return nil, Errorf(ValueErrorClass, "Max string recursion exceeded")
	}
	var sb strings.Builder
	sb.Grow(len(format) + 16)
	i := 0
	for i < len(format) {
		c := format[i]
		if c != '{' && c != '}' {
			sb.WriteByte(c)
			i++
			continue
		}
		i++
		atEnd := i >= len(format)
		if c == '}' && (atEnd || format[i] != '}') {
			return nil, Errorf(ValueErrorClass, "Single '}' encountered in format string")
		}
		if atEnd {
			return nil, Errorf(ValueErrorClass, "Single '{' encountered in format string")
		}
		if format[i] == c {
			sb.WriteByte(c)
			i++
			continue
		}
		f, next, err := parseFormatField(format, i)
		if err != nil {
			return nil, err
		}
		i = next
		val, err := t.formatFieldValue(f.name, args, kw, st)
		if err != nil {
			return nil, err
		}
		conv := 0
		switch f.conv {
		case 0:
		case 's':
			conv = 1
		case 'r':
			conv = 2
		case 'a':
			conv = 3
		default:
			if f.conv > 32 && f.conv < 127 {
				return nil, Errorf(ValueErrorClass, "Unknown conversion specifier %c", f.conv)
			}
			return nil, Errorf(ValueErrorClass, "Unknown conversion specifier \\x%x", f.conv)
		}
		spec := f.spec
		if conv != 0 && f.expand {
			// The conversion runs before a nested spec is expanded.
			s, err := t.formatValue(val, conv, "")
			if err != nil {
				return nil, err
			}
			val, conv = s, 0
		}
		if f.expand {
			r, err := t.formatFields(spec, args, kw, depth+1, st)
			if err != nil {
				return nil, err
			}
			spec = string(r.(Str))
		}
		if err := t.writeFormatted(&sb, val, conv, spec); err != nil {
			return nil, err
		}
	}
	return Str(builtString(&sb)), nil
}

// formatField is one parsed replacement field.
type formatField struct {
	name   string
	conv   rune
	spec   string
	expand bool // the spec holds nested fields
}

// parseFormatField parses the field starting at format[i] (just after its
// '{') and returns the index after its closing '}'.
func parseFormatField(format string, i int) (formatField, int, error) {
	var f formatField
	start := i
	var c byte
	for i < len(format) {
		c = format[i]
		i++
		if c == '{' {
			return f, 0, Errorf(ValueErrorClass, "unexpected '{' in field name")
		}
		if c == '[' {
			for i < len(format) && format[i] != ']' {
				i++
			}
			continue
		}
		if c == '}' || c == ':' || c == '!' {
			break
		}
	}
	if c != '}' && c != ':' && c != '!' || i > len(format) {
		return f, 0, Errorf(ValueErrorClass, "expected '}' before end of string")
	}
	f.name = format[start : i-1]
	if c == '}' {
		return f, i, nil
	}
	if c == '!' {
		if i >= len(format) {
			return f, 0, Errorf(ValueErrorClass, "end of string while looking for conversion specifier")
		}
		r, size := utf8.DecodeRuneInString(format[i:])
		f.conv = r
		i += size
		if i < len(format) {
			c = format[i]
			i++
			if c == '}' {
				return f, i, nil
			}
			if c != ':' {
				return f, 0, Errorf(ValueErrorClass, "expected ':' after conversion specifier")
			}
		}
	}
	start = i
	level := 1
	for i < len(format) {
		c = format[i]
		i++
		switch c {
		case '{':
			f.expand = true
			level++
		case '}':
			level--
			if level == 0 {
				f.spec = format[start : i-1]
				return f, i, nil
			}
		}
	}
	return f, 0, Errorf(ValueErrorClass, "unmatched '{' in format spec")
}

// formatFieldIndex reads a field-name part as CPython's get_integer does:
// -1 when it is not all decimal digits (any script), an error past the
// largest index.
func formatFieldIndex(s string) (int, error) {
	if s == "" {
		return -1, nil
	}
	n := 0
	for _, r := range s {
		d := decimalDigit(r)
		if d < 0 {
			return -1, nil
		}
		if n > (math.MaxInt64-d)/10 {
			return -1, Errorf(ValueErrorClass, "Too many decimal digits in format string")
		}
		n = n*10 + d
	}
	return n, nil
}

// formatFieldValue resolves a field name ("0", "name", "0.attr[key]").
func (t *Thread) formatFieldValue(name string, args Tuple, kw Value, st *fieldState) (Value, error) {
	k := strings.IndexAny(name, ".[")
	if k < 0 {
		k = len(name)
	}
	first, rest := name[:k], name[k:]
	idx, err := formatFieldIndex(first)
	if err != nil {
		return nil, err
	}
	empty := first == ""
	if empty || idx >= 0 {
		if st.state == 0 {
			st.state = 'm'
			if empty {
				st.state = 'a'
			}
		}
		if st.state == 'm' && empty {
			return nil, Errorf(ValueErrorClass, "cannot switch from manual field specification to automatic field numbering")
		}
		if st.state == 'a' && !empty {
			return nil, Errorf(ValueErrorClass, "cannot switch from automatic field numbering to manual field specification")
		}
		if empty {
			idx = st.auto
			st.auto++
		}
	}
	var val Value
	switch {
	case idx < 0 && kw == nil:
		return nil, NewException(KeyErrorClass, Str(first))
	case idx < 0:
		v, err := t.GetItem(kw, Str(first))
		if err != nil {
			return nil, err
		}
		val = v
	case st.mapped:
		return nil, Errorf(ValueErrorClass, "Format string contains positional fields")
	case idx >= len(args):
		return nil, Errorf(IndexErrorClass, "Replacement index %d out of range for positional args tuple", idx)
	default:
		val = args[idx]
	}
	for rest != "" {
		c := rest[0]
		rest = rest[1:]
		var part string
		switch c {
		case '.':
			j := strings.IndexAny(rest, ".[")
			if j < 0 {
				j = len(rest)
			}
			part, rest = rest[:j], rest[j:]
		case '[':
			j := strings.IndexByte(rest, ']')
			if j < 0 {
				return nil, Errorf(ValueErrorClass, "Missing ']' in format string")
			}
			part, rest = rest[:j], rest[j+1:]
		default:
			return nil, Errorf(ValueErrorClass, "Only '.' or '[' may follow ']' in format field specifier")
		}
		if part == "" {
			return nil, Errorf(ValueErrorClass, "Empty attribute in format string")
		}
		if c == '.' {
			v, err := t.GetAttr(val, part)
			if err != nil {
				return nil, err
			}
			val = v
			continue
		}
		n, err := formatFieldIndex(part)
		if err != nil {
			return nil, err
		}
		var key Value = Str(part)
		if n >= 0 {
			key = Int(n)
		}
		v, err := t.GetItem(val, key)
		if err != nil {
			return nil, err
		}
		val = v
	}
	return val, nil
}
