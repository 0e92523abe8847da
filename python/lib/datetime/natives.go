package datetime

import (
	"strconv"
	"strings"

	"github.com/toolplane/toolplane/python/vm"
)

func natives() map[string]vm.Value {
	m := map[string]vm.Value{}
	add := func(name string, f vm.BuiltinFunc) { m[name] = &vm.Builtin{Name: name, Fn: f} }
	add("_ymd2ord", func(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		v, err := ints("_ymd2ord", a, 3)
		if err != nil {
			return nil, err
		}
		return vm.Int(ymd2ord(v[0], v[1], v[2])), nil
	})
	add("_ord2ymd", func(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		v, err := ints("_ord2ymd", a, 1)
		if err != nil {
			return nil, err
		}
		y, mo, d := ord2ymd(v[0])
		return vm.Tuple{vm.Int(y), vm.Int(mo), vm.Int(d)}, nil
	})
	add("_isocalendar", func(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		v, err := ints("_isocalendar", a, 3)
		if err != nil {
			return nil, err
		}
		y, w, d := isocalendar(v[0], v[1], v[2])
		return vm.Tuple{vm.Int(y), vm.Int(w), vm.Int(d)}, nil
	})
	add("_strftime_native", strftimeNative)
	add("_fields_ok", fieldsOK)
	add("_td_total", tdTotal)
	add("_iso_fast", isoFast)
	return m
}

// isoFast parses the common ISO shapes "YYYY-MM-DD" and "YYYY-MM-DD?HH:MM[:SS[.f...]]"
// (no offset) into (year, month, day, hour, minute, second, microsecond), or returns
// None for anything else (the Python parser then handles it, with CPython's errors).
func isoFast(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(a) != 1 {
		return vm.None, nil
	}
	str, ok := vm.AsStr(a[0])
	if !ok {
		return vm.None, nil
	}
	s := string(str)
	num := func(i, n int) (int64, bool) {
		if i+n > len(s) {
			return 0, false
		}
		var v int64
		for _, c := range []byte(s[i : i+n]) {
			if c < '0' || c > '9' {
				return 0, false
			}
			v = v*10 + int64(c-'0')
		}
		return v, true
	}
	if len(s) < 10 || s[4] != '-' || s[7] != '-' {
		return vm.None, nil
	}
	y, ok1 := num(0, 4)
	mo, ok2 := num(5, 2)
	d, ok3 := num(8, 2)
	if !ok1 || !ok2 || !ok3 {
		return vm.None, nil
	}
	var hh, mi, ss, us int64
	if len(s) > 10 {
		if len(s) < 16 || s[13] != ':' || s[10] >= 0x80 {
			return vm.None, nil
		}
		var okh, okm bool
		hh, okh = num(11, 2)
		mi, okm = num(14, 2)
		if !okh || !okm {
			return vm.None, nil
		}
		rest := s[16:]
		if rest != "" {
			if rest[0] != ':' {
				return vm.None, nil
			}
			var oks bool
			if ss, oks = num(17, 2); !oks {
				return vm.None, nil
			}
			rest = s[19:]
			if rest != "" {
				if rest[0] != '.' || len(rest) < 2 {
					return vm.None, nil
				}
				frac := rest[1:]
				for k, c := range []byte(frac) {
					if c < '0' || c > '9' {
						return vm.None, nil
					}
					if k < 6 {
						us = us*10 + int64(c-'0')
					}
				}
				for k := len(frac); k < 6; k++ {
					us *= 10
				}
			}
		}
	}
	return vm.Tuple{vm.Int(y), vm.Int(mo), vm.Int(d), vm.Int(hh), vm.Int(mi), vm.Int(ss), vm.Int(us)}, nil
}

// fieldsOK(year, month, day[, hour, minute, second, microsecond]) reports whether every
// field is an int (not bool) within its range, so constructors can skip their checks;
// on False the Python code re-checks and raises CPython's error.
func fieldsOK(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(a) != 3 && len(a) != 7 {
		return vm.Bool(false), nil
	}
	var v [7]int64
	for i, x := range a {
		n, ok := x.(vm.Int)
		if !ok {
			return vm.Bool(false), nil
		}
		v[i] = int64(n)
	}
	y, mo, d := v[0], v[1], v[2]
	if y < 1 || y > 9999 || mo < 1 || mo > 12 || d < 1 {
		return vm.Bool(false), nil
	}
	dim := daysInMonth[mo]
	if mo == 2 && isLeap(y) {
		dim++
	}
	if d > dim {
		return vm.Bool(false), nil
	}
	if len(a) == 7 && (v[3] < 0 || v[3] > 23 || v[4] < 0 || v[4] > 59 || v[5] < 0 || v[5] > 59 || v[6] < 0 || v[6] > 999999) {
		return vm.Bool(false), nil
	}
	return vm.Bool(true), nil
}

// tdTotal(days, seconds, microseconds, milliseconds, minutes, hours, weeks) is the
// duration in microseconds when every component is a small int, else None (the Python
// code then handles floats, big ints and type errors).
func tdTotal(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(a) != 7 {
		return vm.None, nil
	}
	scale := [7]int64{86400000000, 1000000, 1, 1000, 60000000, 3600000000, 604800000000}
	var total int64
	for i, x := range a {
		n, ok := x.(vm.Int)
		limit := int64(1<<60) / scale[i]
		if !ok || int64(n) > limit || int64(n) < -limit {
			return vm.None, nil
		}
		total += int64(n) * scale[i]
	}
	// Seven terms below 2**60 each cannot overflow int64.
	return vm.Int(total), nil
}

func ints(name string, a vm.Tuple, n int) ([]int64, error) {
	if len(a) != n {
		return nil, vm.Errorf(vm.TypeErrorClass, "%s expected %d arguments, got %d", name, n, len(a))
	}
	out := make([]int64, n)
	for i, v := range a {
		switch x := v.(type) {
		case vm.Int:
			out[i] = int64(x)
		case vm.Bool:
			if x {
				out[i] = 1
			}
		default:
			return nil, vm.Errorf(vm.TypeErrorClass, "'%s' object cannot be interpreted as an integer", vm.TypeName(v))
		}
	}
	return out, nil
}

var daysBeforeMonth = [13]int64{-1, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334}
var daysInMonth = [13]int64{-1, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}

func isLeap(y int64) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

func daysBeforeYear(y int64) int64 {
	y--
	return y*365 + floorDiv(y, 4) - floorDiv(y, 100) + floorDiv(y, 400)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ymd2ord(y, m, d int64) int64 {
	if m < 1 || m > 12 {
		m = 1
	}
	n := daysBeforeYear(y) + daysBeforeMonth[m] + d
	if m > 2 && isLeap(y) {
		n++
	}
	return n
}

var (
	di400y = daysBeforeYear(401)
	di100y = daysBeforeYear(101)
	di4y   = daysBeforeYear(5)
)

func ord2ymd(n int64) (int64, int64, int64) {
	n--
	n400, n := floorDiv(n, di400y), n-floorDiv(n, di400y)*di400y
	year := n400*400 + 1
	n100, n := n/di100y, n%di100y
	n4, n := n/di4y, n%di4y
	n1, n := n/365, n%365
	year += n100*100 + n4*4 + n1
	if n1 == 4 || n100 == 4 {
		return year - 1, 12, 31
	}
	leap := n1 == 3 && (n4 != 24 || n100 == 3)
	month := (n + 50) >> 5
	preceding := daysBeforeMonth[month]
	if month > 2 && leap {
		preceding++
	}
	if preceding > n {
		month--
		dim := daysInMonth[month]
		if month == 2 && leap {
			dim++
		}
		preceding -= dim
	}
	return year, month, n - preceding + 1
}

func week1Monday(y int64) int64 {
	first := daysBeforeYear(y) + 1
	wd := (first + 6) % 7
	monday := first - wd
	if wd > 3 {
		monday += 7
	}
	return monday
}

func isocalendar(y, m, d int64) (int64, int64, int64) {
	o := ymd2ord(y, m, d)
	diff := o - week1Monday(y)
	week, dd := floorDiv(diff, 7), diff-floorDiv(diff, 7)*7
	if week < 0 {
		y--
		diff = o - week1Monday(y)
		week, dd = floorDiv(diff, 7), diff-floorDiv(diff, 7)*7
	} else if week >= 52 && o >= week1Monday(y+1) {
		y++
		week = 0
	}
	return y, week + 1, dd + 1
}

var (
	monthAbbr = [13]string{"", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	monthFull = [13]string{"", "January", "February", "March", "April", "May", "June", "July", "August",
		"September", "October", "November", "December"}
	dayAbbr = [7]string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
	dayFull = [7]string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
)

// tmFields are the broken-down time strftime formats.
type tmFields struct {
	year, month, day, hour, minute, second, us, wday, yday int64
	zoffset, zname                                         string
	isoDone                                                bool
	isoY, isoW                                             int64
}

func (tm *tmFields) iso() (int64, int64) {
	if !tm.isoDone {
		tm.isoY, tm.isoW, _ = isocalendar(tm.year, tm.month, tm.day)
		tm.isoDone = true
	}
	return tm.isoY, tm.isoW
}

// formatTime expands the directives of format as glibc's strftime does, with its
// flags ('-' no padding, '_' pad with spaces, '0' pad with zeros, '^' upper case,
// '#' swap case), a field width and the ignored E and O modifiers; %f, %z and %Z
// without flags or width are CPython's own. An unknown directive is copied as is.
// grow accounts the output before each directive (which adds at most 1 KiB plus
// the zone's name) is expanded.
func formatTime(format string, tm *tmFields, grow func(size int64) error) (*strings.Builder, error) {
	var sb strings.Builder
	for i := 0; i < len(format); i++ {
		if err := grow(int64(sb.Len()) + 1100 + int64(len(tm.zname)+len(tm.zoffset))); err != nil {
			return nil, err
		}
		c := format[i]
		if c != '%' || i+1 >= len(format) {
			sb.WriteByte(c)
			continue
		}
		start := i
		i++
		var padFlag byte
		upper, swap := false, false
		for ; i < len(format); i++ {
			switch format[i] {
			case '_', '-', '0':
				padFlag = format[i]
				continue
			case '^':
				upper = true
				continue
			case '#':
				swap = true
				continue
			}
			break
		}
		width := 0
		for ; i < len(format) && format[i] >= '0' && format[i] <= '9'; i++ {
			width = width*10 + int(format[i]-'0')
			if width > 1024 {
				width = 1024
			}
		}
		if i < len(format) && (format[i] == 'E' || format[i] == 'O') {
			i++
		}
		if i >= len(format) {
			sb.WriteString(format[start:])
			break
		}
		d := format[i]
		plain := i == start+1
		text, num, digits, defPad, ok := directive(d, tm, plain)
		if !ok {
			// glibc copies an unknown directive, padded to the width.
			lit := format[start : i+1]
			for k := len(lit); k < width; k++ {
				sb.WriteByte(' ')
			}
			sb.WriteString(lit)
			continue
		}
		if !plain && (d == 'z' || d == 'Z') {
			// CPython hands these to glibc without the zone, which prints nothing.
			continue
		}
		if num {
			p := padFlag
			if p == 0 {
				p = defPad
			}
			s := strconv.FormatInt(text.n, 10)
			if p != '-' {
				fill := byte('0')
				if p == '_' {
					fill = ' '
				}
				for k := len(s); k < digits; k++ {
					sb.WriteByte(fill)
					width--
				}
			}
			fill := byte(' ')
			if p == '0' {
				fill = '0'
			}
			for k := len(s); k < width; k++ {
				sb.WriteByte(fill)
			}
			sb.WriteString(s)
			continue
		}
		s := text.s
		switch {
		case upper:
			s = strings.ToUpper(s)
		case swap && (d == 'p' || d == 'Z'):
			s = strings.ToLower(s)
		case swap && strings.IndexByte("aAbBh", d) >= 0:
			s = strings.ToUpper(s)
		}
		fill := byte(' ')
		if padFlag == '0' {
			fill = '0'
		}
		for k := len(s); k < width; k++ {
			sb.WriteByte(fill)
		}
		sb.WriteString(s)
	}
	return &sb, nil
}

// directiveValue is a directive's expansion: a number (padded by formatTime) or text.
type directiveValue struct {
	n int64
	s string
}

// directive expands conversion d: a number with its default digit count and padding
// ('0', or '_' for space), or text; ok is false for a conversion glibc does not know.
// plain says the directive had no flags or width (CPython then handles %f, %z, %Z).
func directive(d byte, tm *tmFields, plain bool) (v directiveValue, num bool, digits int, pad byte, ok bool) {
	n := func(x int64, digits int, pad byte) (directiveValue, bool, int, byte, bool) {
		return directiveValue{n: x}, true, digits, pad, true
	}
	str := func(s string) (directiveValue, bool, int, byte, bool) {
		return directiveValue{s: s}, false, 0, 0, true
	}
	two := func(x int64) string {
		if x < 10 && x >= 0 {
			return "0" + strconv.FormatInt(x, 10)
		}
		return strconv.FormatInt(x, 10)
	}
	hour12 := tm.hour % 12
	if hour12 == 0 {
		hour12 = 12
	}
	ampm := "AM"
	if tm.hour >= 12 {
		ampm = "PM"
	}
	switch d {
	case 'Y':
		return n(tm.year, 1, '0')
	case 'C':
		return n(floorDiv(tm.year, 100), 1, '0')
	case 'y':
		return n(((tm.year%100)+100)%100, 2, '0')
	case 'G':
		y, _ := tm.iso()
		return n(y, 1, '0')
	case 'g':
		y, _ := tm.iso()
		return n(((y%100)+100)%100, 2, '0')
	case 'V':
		_, w := tm.iso()
		return n(w, 2, '0')
	case 'm':
		return n(tm.month, 2, '0')
	case 'd':
		return n(tm.day, 2, '0')
	case 'e':
		return n(tm.day, 2, '_')
	case 'H':
		return n(tm.hour, 2, '0')
	case 'k':
		return n(tm.hour, 2, '_')
	case 'I':
		return n(hour12, 2, '0')
	case 'l':
		return n(hour12, 2, '_')
	case 'M':
		return n(tm.minute, 2, '0')
	case 'S':
		return n(tm.second, 2, '0')
	case 'j':
		return n(tm.yday, 3, '0')
	case 'w':
		return n((tm.wday+1)%7, 1, '0')
	case 'u':
		return n(tm.wday+1, 1, '0')
	case 'U':
		return n((tm.yday+6-(tm.wday+1)%7)/7, 2, '0')
	case 'W':
		return n((tm.yday+6-tm.wday)/7, 2, '0')
	case 's':
		// Seconds since the epoch of the fields read as local time, which is UTC here.
		days := ymd2ord(tm.year, tm.month, tm.day) - ymd2ord(1970, 1, 1)
		return n(days*86400+tm.hour*3600+tm.minute*60+tm.second, 1, '0')
	case 'f':
		if !plain {
			return directiveValue{}, false, 0, 0, false
		}
		s := strconv.FormatInt(tm.us, 10)
		return str(strings.Repeat("0", max(0, 6-len(s))) + s)
	case 'z':
		return str(tm.zoffset)
	case 'Z':
		return str(tm.zname)
	case 'b', 'h':
		return str(monthAbbr[tm.month])
	case 'B':
		return str(monthFull[tm.month])
	case 'a':
		return str(dayAbbr[tm.wday])
	case 'A':
		return str(dayFull[tm.wday])
	case 'p':
		return str(ampm)
	case 'P':
		return str(strings.ToLower(ampm))
	case 'c':
		day := strconv.FormatInt(tm.day, 10)
		if tm.day < 10 {
			day = " " + day
		}
		return str(dayAbbr[tm.wday] + " " + monthAbbr[tm.month] + " " + day + " " +
			two(tm.hour) + ":" + two(tm.minute) + ":" + two(tm.second) + " " + strconv.FormatInt(tm.year, 10))
	case 'x', 'D':
		return str(two(tm.month) + "/" + two(tm.day) + "/" + two(((tm.year%100)+100)%100))
	case 'X', 'T':
		return str(two(tm.hour) + ":" + two(tm.minute) + ":" + two(tm.second))
	case 'r':
		return str(two(hour12) + ":" + two(tm.minute) + ":" + two(tm.second) + " " + ampm)
	case 'F':
		return str(strconv.FormatInt(tm.year, 10) + "-" + two(tm.month) + "-" + two(tm.day))
	case 'R':
		return str(two(tm.hour) + ":" + two(tm.minute))
	case 'n':
		return str("\n")
	case 't':
		return str("\t")
	case '%':
		return str("%")
	}
	return directiveValue{}, false, 0, 0, false
}

// strftimeNative(fmt, year, month, day, hour, minute, second, microsecond, weekday,
// yearday, zoffset, zname): zoffset is the %z text ("" for naive values) and zname the
// %Z text. Directives follow glibc's strftime as CPython uses it.
func strftimeNative(t *vm.Thread, a vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(a) != 12 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_strftime_native expected 12 arguments, got %d", len(a))
	}
	f, ok1 := vm.AsStr(a[0])
	z, ok2 := vm.AsStr(a[10])
	zn, ok3 := vm.AsStr(a[11])
	if !ok1 || !ok2 || !ok3 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_strftime_native: format and zone must be str")
	}
	v, err := ints("_strftime_native", a[1:10], 9)
	if err != nil {
		return nil, err
	}
	year, month, day, hour, minute, second, us, wday, yday := v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]
	if month < 1 || month > 12 || wday < 0 || wday > 6 {
		return nil, vm.Errorf(vm.ValueErrorClass, "strftime() argument out of range")
	}
	tm := tmFields{year: year, month: month, day: day, hour: hour, minute: minute, second: second,
		us: us, wday: wday, yday: yday, zoffset: string(z), zname: string(zn)}
	g := t.Growth()
	defer g.Done()
	sb, err := formatTime(string(f), &tm, g.To)
	if err != nil {
		return nil, err
	}
	return vm.Str(vm.BuiltString(sb)), nil
}
