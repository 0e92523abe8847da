package vm

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

type fmtSpec struct {
	fill     rune
	align    byte
	sign     byte
	alt      bool
	zero     bool
	width    int
	grouping byte
	prec     int
	typ      byte
}

func parseSpec(spec string) (fmtSpec, error) {
	s := fmtSpec{fill: ' ', prec: -1}
	rs := []rune(spec)
	i := 0
	if len(rs) >= 2 && strings.ContainsRune("<>=^", rs[1]) {
		s.fill, s.align = rs[0], byte(rs[1])
		i = 2
	} else if len(rs) >= 1 && strings.ContainsRune("<>=^", rs[0]) {
		s.align = byte(rs[0])
		i = 1
	}
	if i < len(rs) && strings.ContainsRune("+- ", rs[i]) {
		s.sign = byte(rs[i])
		i++
	}
	if i < len(rs) && rs[i] == 'z' {
		i++
	}
	if i < len(rs) && rs[i] == '#' {
		s.alt = true
		i++
	}
	if i < len(rs) && rs[i] == '0' {
		s.zero = true
		i++
	}
	start := i
	for i < len(rs) && rs[i] >= '0' && rs[i] <= '9' {
		i++
	}
	if i > start {
		w, err := strconv.Atoi(string(rs[start:i]))
		if err != nil {
			return s, Errorf(ValueErrorClass, "Too many decimal digits in format string")
		}
		s.width = w
	}
	if i < len(rs) && (rs[i] == ',' || rs[i] == '_') {
		s.grouping = byte(rs[i])
		i++
	}
	if i < len(rs) && rs[i] == '.' {
		i++
		start = i
		for i < len(rs) && rs[i] >= '0' && rs[i] <= '9' {
			i++
		}
		if i == start {
			return s, Errorf(ValueErrorClass, "Format specifier missing precision")
		}
		p, err := strconv.Atoi(string(rs[start:i]))
		if err != nil {
			return s, Errorf(ValueErrorClass, "Too many decimal digits in format string")
		}
		s.prec = p
		if p > 1<<20 {
			return s, Errorf(MemoryErrorClass, "format precision too large")
		}
	}
	if i < len(rs) {
		s.typ = byte(rs[i])
		i++
	}
	if i < len(rs) {
		return s, Errorf(ValueErrorClass, "Invalid format specifier '%s' for object of type '%%s'", spec)
	}
	return s, nil
}

func (s fmtSpec) pad(t *Thread, body string, numeric bool, defaultAlign byte) (string, error) {
	n := utf8.RuneCountInString(body)
	if n >= s.width {
		return body, nil
	}
	if err := t.CheckAlloc(int64(s.width) * 4); err != nil {
		return "", err
	}
	align := s.align
	fill := s.fill
	if align == 0 {
		if s.zero && numeric {
			align, fill = '=', '0'
			if s.fill != ' ' {
				fill = s.fill
			}
		} else {
			align = defaultAlign
		}
	}
	total := s.width - n
	f := string(fill)
	switch align {
	case '<':
		return body + strings.Repeat(f, total), nil
	case '>':
		return strings.Repeat(f, total) + body, nil
	case '^':
		left := total / 2
		return strings.Repeat(f, left) + body + strings.Repeat(f, total-left), nil
	case '=':
		signLen := 0
		if len(body) > 0 && (body[0] == '-' || body[0] == '+' || body[0] == ' ') {
			signLen = 1
		}
		if len(body) > signLen+1 && body[signLen] == '0' && strings.ContainsRune("xXobB", rune(body[signLen+1])) {
			signLen += 2
		}
		return body[:signLen] + strings.Repeat(f, total) + body[signLen:], nil
	}
	return body, nil
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
		if s, ok := v.(Str); ok {
			return s, nil
		}
		if _, ok := v.(*Instance); !ok {
			s, err := t.Str(v)
			return Str(s), err
		}
	}
	switch x := v.(type) {
	case *Instance:
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
	s, err := parseSpec(spec)
	if err != nil {
		if e, ok := err.(*Instance); ok {
			msg := excStr(nil, e)
			if strings.Contains(msg, "%s") {
				return nil, Errorf(ValueErrorClass, "%s", strings.Replace(msg, "%s", TypeName(v), 1))
			}
		}
		return nil, err
	}
	badType := func() error {
		return Errorf(ValueErrorClass, "Unknown format code '%c' for object of type '%s'", s.typ, TypeName(v))
	}
	switch x := v.(type) {
	case Str:
		if s.typ != 0 && s.typ != 's' {
			return nil, badType()
		}
		if s.sign != 0 {
			return nil, Errorf(ValueErrorClass, "Sign not allowed in string format specifier")
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
		r, err := s.pad(t, body, false, '<')
		return Str(r), err
	case Bool:
		return t.formatValue(boolToInt(x), 0, spec)
	case Int:
		if s.typ != 0 && strings.IndexByte("eEfFgG%", s.typ) >= 0 {
			return t.formatFloat(s, float64(x))
		}
		return t.formatInt(s, big.NewInt(int64(x)), v)
	case *big.Int:
		if s.typ != 0 && strings.IndexByte("eEfFgG%", s.typ) >= 0 {
			f, err := toFloat(x)
			if err != nil {
				return nil, err
			}
			return t.formatFloat(s, f)
		}
		return t.formatInt(s, x, v)
	case Float:
		if s.typ != 0 && strings.IndexByte("eEfFgGn%", s.typ) < 0 {
			return nil, badType()
		}
		return t.formatFloat(s, float64(x))
	}
	if spec != "" {
		return nil, Errorf(TypeErrorClass, "unsupported format string passed to %s.__format__", TypeName(v))
	}
	str, err := t.Str(v)
	return Str(str), err
}

func checkGrouping(s fmtSpec) error {
	if s.grouping == 0 {
		return nil
	}
	allowed := "deEfFgG%"
	if s.grouping == '_' {
		allowed += "boxX"
	}
	if s.typ != 0 && strings.IndexByte(allowed, s.typ) < 0 {
		return Errorf(ValueErrorClass, "Cannot specify '%c' with '%c'.", s.grouping, s.typ)
	}
	return nil
}

func (t *Thread) formatInt(s fmtSpec, b *big.Int, v Value) (Value, error) {
	if err := checkGrouping(s); err != nil {
		return nil, err
	}
	if s.prec >= 0 {
		return nil, Errorf(ValueErrorClass, "Precision not allowed in integer format specifier")
	}
	neg := b.Sign() < 0
	abs := new(big.Int).Abs(b)
	var digits, prefix string
	every := 3
	switch s.typ {
	case 0, 'd', 'n':
		digits = abs.String()
	case 'x':
		digits, prefix, every = abs.Text(16), "0x", 4
	case 'X':
		digits, prefix, every = strings.ToUpper(abs.Text(16)), "0X", 4
	case 'o':
		digits, prefix, every = abs.Text(8), "0o", 4
	case 'b':
		digits, prefix, every = abs.Text(2), "0b", 4
	case 'c':
		if neg || !b.IsInt64() || b.Int64() > 0x10ffff {
			return nil, Errorf(OverflowErrorClass, "%%c arg not in range(0x110000)")
		}
		r, err := s.pad(t, string(rune(b.Int64())), false, '<')
		return Str(r), err
	default:
		return nil, Errorf(ValueErrorClass, "Unknown format code '%c' for object of type '%s'", s.typ, TypeName(v))
	}
	if s.grouping != 0 {
		if s.grouping == ',' && every == 4 {
			return nil, Errorf(ValueErrorClass, "Cannot specify ',' with '%c'.", s.typ)
		}
		if s.zero && s.align == 0 && s.width > 0 {
			// Zero padding participates in grouping.
			signLen := 0
			if neg || s.sign == '+' || s.sign == ' ' {
				signLen = 1
			}
			if s.alt {
				signLen += len(prefix)
			}
			for {
				g := group(digits, s.grouping, every)
				if len(g)+signLen >= s.width {
					break
				}
				digits = "0" + digits
			}
		}
		digits = group(digits, s.grouping, every)
	}
	sign := ""
	if neg {
		sign = "-"
	} else if s.sign == '+' {
		sign = "+"
	} else if s.sign == ' ' {
		sign = " "
	}
	if !s.alt {
		prefix = ""
	}
	r, err := s.pad(t, sign+prefix+digits, true, '>')
	return Str(r), err
}

func (t *Thread) formatFloat(s fmtSpec, f float64) (Value, error) {
	prec := s.prec
	typ := s.typ
	var body string
	neg := math.Signbit(f) && !math.IsNaN(f)
	a := math.Abs(f)
	if math.IsInf(a, 0) || math.IsNaN(a) {
		body = "inf"
		if math.IsNaN(a) {
			body = "nan"
		}
		if typ == 'F' || typ == 'E' || typ == 'G' {
			body = strings.ToUpper(body)
		}
		if typ == '%' {
			body += "%"
		}
	} else {
		switch typ {
		case 'f', 'F':
			if prec < 0 {
				prec = 6
			}
			body = strconv.FormatFloat(a, 'f', prec, 64)
		case '%':
			if prec < 0 {
				prec = 6
			}
			body = strconv.FormatFloat(a*100, 'f', prec, 64) + "%"
		case 'e', 'E':
			if prec < 0 {
				prec = 6
			}
			body = pyExp(strconv.FormatFloat(a, 'e', prec, 64))
			if typ == 'E' {
				body = strings.ToUpper(body)
			}
		case 'g', 'G', 'n':
			if prec < 0 {
				prec = 6
			}
			if prec == 0 {
				prec = 1
			}
			body = pyGeneral(a, prec, s.alt)
			if typ == 'G' {
				body = strings.ToUpper(body)
			}
		case 0:
			if prec < 0 {
				body = FloatRepr(a)
			} else {
				if prec == 0 {
					prec = 1
				}
				body = pyGeneral(a, prec, s.alt)
				if !strings.ContainsAny(body, ".en") {
					// format(1.0, '.3') keeps no trailing '.0' like 'g'.
				}
			}
		default:
			return nil, Errorf(ValueErrorClass, "Unknown format code '%c' for object of type 'float'", typ)
		}
	}
	if s.grouping != 0 {
		intPart := body
		rest := ""
		if i := strings.IndexAny(body, ".e%"); i >= 0 {
			intPart, rest = body[:i], body[i:]
		}
		if _, err := strconv.Atoi(intPart); err == nil {
			body = group(intPart, s.grouping, 3) + rest
		}
	}
	sign := ""
	if neg {
		sign = "-"
	} else if s.sign == '+' {
		sign = "+"
	} else if s.sign == ' ' {
		sign = " "
	}
	r, err := s.pad(t, sign+body, true, '>')
	return Str(r), err
}

// pyExp rewrites Go's exponent (e+06 is fine, e+6 is not produced by Go).
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
		}
	} else {
		mant := e[:i]
		if !alt && strings.Contains(mant, ".") {
			mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
		}
		out = pyExp(mant + e[i:])
	}
	return out
}

// percentFormat implements str % args.
func (t *Thread) percentFormat(format string, args Value) (Value, error) {
	var items []Value
	var mapping Value
	switch a := args.(type) {
	case Tuple:
		items = a
	case *Dict:
		mapping = a
		items = []Value{a}
	default:
		if inst, ok := a.(*Instance); ok && inst.Class.Lookup("__getitem__") != nil && inst.Class.Lookup("keys") != nil {
			mapping = a
		}
		items = []Value{a}
	}
	var sb strings.Builder
	idx := 0
	usedMapping := false
	next := func() (Value, error) {
		if idx >= len(items) || usedMapping {
			return nil, Errorf(TypeErrorClass, "not enough arguments for format string")
		}
		idx++
		return items[idx-1], nil
	}
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			sb.WriteByte(c)
			continue
		}
		i++
		if i >= len(format) {
			return nil, Errorf(ValueErrorClass, "incomplete format")
		}
		var val Value
		if format[i] == '(' {
			end := strings.IndexByte(format[i:], ')')
			if end < 0 {
				return nil, Errorf(ValueErrorClass, "incomplete format key")
			}
			key := format[i+1 : i+end]
			i += end + 1
			if mapping == nil {
				return nil, Errorf(TypeErrorClass, "format requires a mapping")
			}
			v, err := t.GetItem(mapping, Str(key))
			if err != nil {
				return nil, err
			}
			val = v
			usedMapping = true
		}
		spec := fmtSpec{fill: ' ', prec: -1, align: '>'}
		for i < len(format) && strings.IndexByte("-+ #0", format[i]) >= 0 {
			switch format[i] {
			case '-':
				spec.align = '<'
			case '+':
				spec.sign = '+'
			case ' ':
				if spec.sign == 0 {
					spec.sign = ' '
				}
			case '#':
				spec.alt = true
			case '0':
				spec.zero = true
			}
			i++
		}
		readNum := func() (int, error) {
			if i < len(format) && format[i] == '*' {
				i++
				v, err := next()
				if err != nil {
					return 0, err
				}
				n, ok := v.(Int)
				if !ok {
					return 0, Errorf(TypeErrorClass, "* wants int")
				}
				return int(n), nil
			}
			start := i
			for i < len(format) && format[i] >= '0' && format[i] <= '9' {
				i++
			}
			if i == start {
				return -1, nil
			}
			n, _ := strconv.Atoi(format[start:i])
			return n, nil
		}
		w, err := readNum()
		if err != nil {
			return nil, err
		}
		if w > 0 {
			spec.width = w
		}
		if i < len(format) && format[i] == '.' {
			i++
			p, err := readNum()
			if err != nil {
				return nil, err
			}
			if p < 0 {
				p = 0
			}
			spec.prec = p
		}
		if i >= len(format) {
			return nil, Errorf(ValueErrorClass, "incomplete format")
		}
		conv := format[i]
		if conv == '%' {
			sb.WriteByte('%')
			continue
		}
		if val == nil {
			val, err = next()
			if err != nil {
				return nil, err
			}
		}
		if spec.align == '<' {
			spec.zero = false
		}
		var out string
		switch conv {
		case 's', 'r', 'a':
			var s string
			if conv == 's' {
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
			if spec.prec >= 0 && spec.prec < utf8.RuneCountInString(s) {
				s = string([]rune(s)[:spec.prec])
			}
			spec.zero = false
			out, err = spec.pad(t, s, false, '>')
		case 'd', 'i', 'u', 'x', 'X', 'o':
			var b *big.Int
			switch x := val.(type) {
			case Int, Bool:
				n, _ := asInt64(x)
				b = big.NewInt(n)
			case *big.Int:
				b = x
			case Float:
				if math.IsInf(float64(x), 0) || math.IsNaN(float64(x)) {
					return nil, Errorf(OverflowErrorClass, "cannot convert float infinity to integer")
				}
				b, _ = new(big.Float).SetFloat64(math.Trunc(float64(x))).Int(nil)
			default:
				if conv == 'd' || conv == 'i' || conv == 'u' {
					return nil, Errorf(TypeErrorClass, "%%%c format: a real number is required, not %s", conv, TypeName(val))
				}
				return nil, Errorf(TypeErrorClass, "%%%c format: an integer is required, not %s", conv, TypeName(val))
			}
			digits := new(big.Int).Abs(b).Text(map[byte]int{'x': 16, 'X': 16, 'o': 8}[conv] + map[bool]int{true: 10, false: 0}[conv == 'd' || conv == 'i' || conv == 'u'])
			if conv == 'X' {
				digits = strings.ToUpper(digits)
			}
			if spec.prec > len(digits) {
				digits = strings.Repeat("0", spec.prec-len(digits)) + digits
			}
			prefix := ""
			if spec.alt {
				prefix = map[byte]string{'x': "0x", 'X': "0X", 'o': "0o"}[conv]
			}
			sign := ""
			if b.Sign() < 0 {
				sign = "-"
			} else if spec.sign != 0 {
				sign = string(spec.sign)
			}
			body := sign + prefix + digits
			if spec.zero {
				spec.align = '='
				spec.fill = '0'
			}
			out, err = spec.pad(t, body, true, '>')
		case 'e', 'E', 'f', 'F', 'g', 'G':
			f, ferr := toFloat(val)
			if ferr != nil {
				return nil, Errorf(TypeErrorClass, "must be real number, not %s", TypeName(val))
			}
			fs := spec
			fs.typ = conv
			if fs.zero {
				fs.align = '='
				fs.fill = '0'
			}
			var r Value
			r, err = t.formatFloat(fs, f)
			if err == nil {
				out = string(r.(Str))
			}
		case 'c':
			switch x := val.(type) {
			case Int:
				out = string(rune(x))
			case Str:
				out = string(x)
			}
			out, err = spec.pad(t, out, false, '>')
		default:
			return nil, Errorf(ValueErrorClass, "unsupported format character '%c' (0x%x) at index %d", conv, conv, i)
		}
		if err != nil {
			return nil, err
		}
		sb.WriteString(out)
	}
	if idx < len(items) && !usedMapping && mapping == nil {
		return nil, Errorf(TypeErrorClass, "not all arguments converted during string formatting")
	}
	return Str(sb.String()), nil
}

// strFormat implements str.format.
func (t *Thread) strFormat(format string, args Tuple, kw []Kwarg) (Value, error) {
	kwd := NewDict()
	for _, k := range kw {
		kwd.SetStr(k.Name, k.Value)
	}
	var st fieldState
	return t.formatFields(format, args, kwd, 0, &st)
}

func (t *Thread) strFormatMap(format string, m Value) (Value, error) {
	var st fieldState
	return t.formatFields(format, nil, m, 0, &st)
}

// fieldState is the automatic field numbering shared with nested specs.
type fieldState struct {
	auto   int
	manual bool
}

func (t *Thread) formatFields(format string, args Tuple, kw Value, depth int, st *fieldState) (Value, error) {
	if depth > 2 {
		return nil, Errorf(ValueErrorClass, "Max string recursion exceeded")
	}
	var sb strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c == '}' {
			if i+1 < len(format) && format[i+1] == '}' {
				sb.WriteByte('}')
				i++
				continue
			}
			return nil, Errorf(ValueErrorClass, "Single '}' encountered in format string")
		}
		if c != '{' {
			sb.WriteByte(c)
			continue
		}
		if i+1 < len(format) && format[i+1] == '{' {
			sb.WriteByte('{')
			i++
			continue
		}
		// Find the matching close brace, allowing nested fields in the spec.
		level := 1
		j := i + 1
		for ; j < len(format); j++ {
			if format[j] == '{' {
				level++
			} else if format[j] == '}' {
				level--
				if level == 0 {
					break
				}
			}
		}
		if j >= len(format) {
			if level > 1 {
				return nil, Errorf(ValueErrorClass, "unmatched '{' in format spec")
			}
			return nil, Errorf(ValueErrorClass, "Single '{' encountered in format string")
		}
		field := format[i+1 : j]
		i = j
		name, spec := field, ""
		conv := 0
		if k := strings.IndexByte(field, ':'); k >= 0 {
			name, spec = field[:k], field[k+1:]
		}
		if k := strings.IndexByte(name, '!'); k >= 0 {
			cs := name[k+1:]
			name = name[:k]
			switch cs {
			case "s":
				conv = 1
			case "r":
				conv = 2
			case "a":
				conv = 3
			default:
				if cs == "" {
					return nil, Errorf(ValueErrorClass, "end of string while looking for conversion specifier")
				}
				return nil, Errorf(ValueErrorClass, "Unknown conversion specifier %s", cs)
			}
		}
		// Split the field name into the first part and accessors.
		first := name
		rest := ""
		if k := strings.IndexAny(name, ".["); k >= 0 {
			first, rest = name[:k], name[k:]
		}
		autoIndex := -1
		if first == "" && !st.manual {
			autoIndex = st.auto
			st.auto++
		}
		if strings.Contains(spec, "{") {
			r, err := t.formatFields(spec, args, kw, depth+1, st)
			if err != nil {
				return nil, err
			}
			spec = string(r.(Str))
		}
		var val Value
		if first == "" {
			if st.manual {
				return nil, Errorf(ValueErrorClass, "cannot switch from manual field specification to automatic field numbering")
			}
			if autoIndex >= len(args) {
				return nil, Errorf(IndexErrorClass, "Replacement index %d out of range for positional args tuple", autoIndex)
			}
			val = args[autoIndex]
		} else if n, err := strconv.Atoi(first); err == nil {
			if st.auto > 0 {
				return nil, Errorf(ValueErrorClass, "cannot switch from automatic field numbering to manual field specification")
			}
			st.manual = true
			if n >= len(args) {
				return nil, Errorf(IndexErrorClass, "Replacement index %d out of range for positional args tuple", n)
			}
			val = args[n]
		} else {
			v, err := t.GetItem(kw, Str(first))
			if err != nil {
				return nil, err
			}
			val = v
		}
		for rest != "" {
			if rest[0] == '.' {
				k := strings.IndexAny(rest[1:], ".[")
				attr := rest[1:]
				if k >= 0 {
					attr, rest = rest[1:k+1], rest[k+1:]
				} else {
					rest = ""
				}
				v, err := t.GetAttr(val, attr)
				if err != nil {
					return nil, err
				}
				val = v
			} else {
				k := strings.IndexByte(rest, ']')
				if k < 0 {
					return nil, Errorf(ValueErrorClass, "Missing ']' in format string")
				}
				key := rest[1:k]
				rest = rest[k+1:]
				var kv Value = Str(key)
				if n, err := strconv.Atoi(key); err == nil {
					kv = Int(n)
				}
				v, err := t.GetItem(val, kv)
				if err != nil {
					return nil, err
				}
				val = v
			}
		}
		r, err := t.formatValue(val, conv, spec)
		if err != nil {
			return nil, err
		}
		sb.WriteString(string(r.(Str)))
	}
	return Str(sb.String()), nil
}
