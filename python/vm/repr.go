package vm

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Repr returns repr(v).
func (t *Thread) Repr(v Value) (string, error) {
	if s, ok := scalarRepr(v); ok {
		if len(s) > strOneBlockMax {
			// A short str with escapes (up to four times its length):
			// past a one block str, which storing it charges, charged
			// here.
			if err := t.Charge(ValueBytes(Str(s))); err != nil {
				return "", err
			}
		}
		return s, nil
	}
	var sb strings.Builder
	g := t.Growth()
	defer g.Done()
	outer := t.reprGrowth
	t.reprGrowth = &g
	defer func() { t.reprGrowth = outer }()
	if err := t.writeRepr(&sb, v); err != nil {
		return "", err
	}
	return builtString(&sb), nil
}

// reprGrow accounts the builder of the repr in progress at its length
// plus extra bytes about to be written.
func (t *Thread) reprGrow(sb *strings.Builder, extra int64) error {
	if t.reprGrowth == nil {
		return nil
	}
	return t.reprGrowth.To(int64(sb.Len()) + extra)
}

// reprBound bounds the length of the repr of a str (or, with isBytes, of a
// bytes value) without building it: escapes take at most four bytes per
// byte of bytes, and per byte of a str's ASCII; a non-ASCII rune of n bytes
// takes at most 2.5n.
func reprBound(s string, isBytes bool) int64 {
	n := int64(3)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x20 && c < 0x7f && c != '\\' && c != '\'' && c != '"':
			n++
		case c >= 0x80 && !isBytes:
			n += 3
		default:
			n += 4
		}
	}
	return n
}

// callStr calls a __str__ method m found for v and checks that it
// answered a str, as str() does.
func (t *Thread) callStr(m, v Value) (string, error) {
	r, err := t.callMethod(m, v, nil)
	if err != nil {
		return "", err
	}
	s, ok := asStr(r)
	if !ok {
		return "", Errorf(TypeErrorClass, "__str__ returned non-string (type %s)", TypeName(r))
	}
	return string(s), nil
}

// Str returns str(v).
func (t *Thread) Str(v Value) (string, error) {
	switch x := v.(type) {
	case Str:
		return string(x), nil
	case Int, Float, Bool, NoneType, Complex:
		s, _ := scalarRepr(x)
		return s, nil
	case *Instance:
		if x.Base != nil {
			_, userStr := x.Class.Lookup("__str__").(*Function)
			_, userRepr := x.Class.dunder(dunderRepr).(*Function)
			if !userStr {
				// bytes and bytearray have their own __str__, which a
				// subclass's __repr__ does not change.
				switch b := x.Base.(type) {
				case Bytes:
					return t.Str(b)
				case *ByteArray:
					return b.reprAs(x.Class.Name), nil
				}
			}
			if !userStr && !userRepr {
				switch x.Base.(type) {
				case *Set, *ByteArray:
					return t.Repr(x) // S({1, 2}) and B(b'..'), as repr
				}
				return t.Str(x.Base)
			}
		}
		if m := x.Class.Lookup("__str__"); m != nil {
			if b, ok := m.(*Builtin); !ok || b.Self != "object" {
				return t.callStr(m, v)
			}
		}
		if x.Exc != nil {
			if m := x.Class.dunder(dunderRepr); m != nil {
				if _, ok := m.(*Builtin); ok {
					return excStrErr(t, x)
				}
			}
		}
	case *Class:
		if m := x.metaMethod("__str__"); m != nil {
			return t.callStr(m, x)
		}
	}
	return t.Repr(v)
}

// scalarRepr is repr(v) for the common values whose repr needs no
// builder: ints, floats, bools, None and short strs.
func scalarRepr(v Value) (string, bool) {
	switch x := v.(type) {
	case Int:
		return strconv.FormatInt(int64(x), 10), true
	case Float:
		return FloatRepr(float64(x)), true
	case Complex:
		return ComplexRepr(complex128(x)), true
	case Bool:
		if x {
			return "True", true
		}
		return "False", true
	case NoneType:
		return "None", true
	case Str:
		// Short enough that even fully escaped the repr stays below the
		// size Repr charges for.
		if len(x) <= 1024 {
			return StrQuote(string(x)), true
		}
	}
	return "", false
}

// StrQuote returns the repr of a str, quoted like CPython.
func StrQuote(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	// Printable ASCII without the quote or a backslash is copied as is.
	plain := 0
	for plain < len(s) {
		c := s[plain]
		if c < 0x20 || c >= 0x7f || c == quote || c == '\\' {
			break
		}
		plain++
	}
	if plain == len(s) {
		b := make([]byte, len(s)+2)
		b[0], b[len(b)-1] = quote, quote
		copy(b[1:], s)
		return unsafe.String(unsafe.SliceData(b), len(b))
	}
	var sb strings.Builder
	sb.Grow(len(s) + 2)
	sb.WriteByte(quote)
	sb.WriteString(s[:plain])
	for i := plain; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == quote || c == '\\':
				sb.WriteByte('\\')
				sb.WriteByte(c)
			case c == '\n':
				sb.WriteString(`\n`)
			case c == '\r':
				sb.WriteString(`\r`)
			case c == '\t':
				sb.WriteString(`\t`)
			case c < 0x20 || c == 0x7f:
				fmt.Fprintf(&sb, `\x%02x`, c)
			default:
				sb.WriteByte(c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			// A byte that is not UTF-8 stands for U+FFFD, as a lone
			// surrogate does (see strFromWTF8).
			sb.WriteRune(utf8.RuneError)
		} else if isPrintable(r) {
			sb.WriteString(s[i : i+n])
		} else if r <= 0xff {
			fmt.Fprintf(&sb, `\x%02x`, r)
		} else if r <= 0xffff {
			fmt.Fprintf(&sb, `\u%04x`, r)
		} else {
			fmt.Fprintf(&sb, `\U%08x`, r)
		}
		i += n
	}
	sb.WriteByte(quote)
	return builtString(&sb)
}

func isPrintable(r rune) bool {
	if r == ' ' {
		return true
	}
	if unicode.Is(unicode.Zs, r) || unicode.Is(unicode.Zl, r) || unicode.Is(unicode.Zp, r) {
		return false
	}
	return unicode.IsPrint(r) || unicode.IsGraphic(r) && !unicode.Is(unicode.Cf, r)
}

// BytesRepr returns the repr of a bytes value.
func BytesRepr(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	var sb strings.Builder
	sb.WriteString("b")
	sb.WriteByte(quote)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == quote || c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c == '\n':
			sb.WriteString(`\n`)
		case c == '\r':
			sb.WriteString(`\r`)
		case c == '\t':
			sb.WriteString(`\t`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&sb, `\x%02x`, c)
		default:
			sb.WriteByte(c)
		}
	}
	sb.WriteByte(quote)
	return builtString(&sb)
}

func (t *Thread) inRepr(v Value) bool {
	if tv, ok := v.(Tuple); ok {
		// A tuple is a slice: the same tuple is the same backing array
		// (the empty tuple never reaches here).
		for _, x := range t.reprSeen {
			if tx, ok := x.(Tuple); ok && len(tx) == len(tv) && &tx[0] == &tv[0] {
				return true
			}
		}
		return false
	}
	for _, x := range t.reprSeen {
		if _, ok := x.(Tuple); ok {
			continue
		}
		if x == v {
			return true
		}
	}
	return false
}

func (t *Thread) writeRepr(sb *strings.Builder, v Value) error {
	if err := t.reprGrow(sb, 64); err != nil {
		return err
	}
	// Each value written is a step (a container's items come through
	// here one by one).
	if err := t.tick(1); err != nil {
		return err
	}
	switch x := v.(type) {
	case Str:
		if len(x) > 1<<10 {
			// Both the quoted copy and the builder's copy of it, each
			// character visited twice (bounding, escaping).
			if err := t.tickChars(2 * len(x)); err != nil {
				return err
			}
			if err := t.reprGrow(sb, 2*reprBound(string(x), false)); err != nil {
				return err
			}
		}
		sb.WriteString(StrQuote(string(x)))
		return nil
	case Int:
		sb.WriteString(strconv.FormatInt(int64(x), 10))
		return nil
	case *big.Int:
		s, err := t.intDecimal(x)
		if err != nil {
			return err
		}
		if err := t.reprGrow(sb, int64(len(s))); err != nil {
			return err
		}
		sb.WriteString(s)
		return nil
	case Float:
		sb.WriteString(FloatRepr(float64(x)))
		return nil
	case Complex:
		sb.WriteString(ComplexRepr(complex128(x)))
		return nil
	case Bool:
		if x {
			sb.WriteString("True")
		} else {
			sb.WriteString("False")
		}
		return nil
	case NoneType:
		sb.WriteString("None")
		return nil
	case Bytes:
		if len(x) > 1<<10 {
			if err := t.tickChars(2 * len(x)); err != nil {
				return err
			}
			if err := t.reprGrow(sb, 2*reprBound(string(x), true)); err != nil {
				return err
			}
		}
		sb.WriteString(BytesRepr(string(x)))
		return nil
	case EllipsisType:
		sb.WriteString("Ellipsis")
		return nil
	case NotImplementedType:
		sb.WriteString("NotImplemented")
		return nil
	}
	return t.writeReprNested(sb, v)
}

// writeReprNested is writeRepr of the values whose repr may recurse: a
// function of its own, as writeRepr would otherwise pay the deferred
// leaveGo's return path (runtime.deferreturn) for every int or str too.
func (t *Thread) writeReprNested(sb *strings.Builder, v Value) error {
	if err := t.enterRepr(); err != nil {
		return err
	}
	defer t.leaveGo()
	switch x := v.(type) {
	case *List:
		if t.inRepr(x) {
			sb.WriteString("[...]")
			return nil
		}
		t.reprSeen = append(t.reprSeen, x)
		defer func() { t.reprSeen = t.reprSeen[:len(t.reprSeen)-1] }()
		sb.WriteByte('[')
		for i, e := range x.Items {
			if i > 0 {
				sb.WriteString(", ")
			}
			if err := t.writeRepr(sb, e); err != nil {
				return err
			}
		}
		sb.WriteByte(']')
	case Tuple:
		// A tuple can hold a list that holds the tuple: CPython marks
		// tuples too and writes the inner occurrence as (...).
		if len(x) > 0 {
			if t.inRepr(x) {
				sb.WriteString("(...)")
				return nil
			}
			t.reprSeen = append(t.reprSeen, x)
			defer func() { t.reprSeen = t.reprSeen[:len(t.reprSeen)-1] }()
		}
		sb.WriteByte('(')
		for i, e := range x {
			if i > 0 {
				sb.WriteString(", ")
			}
			if err := t.writeRepr(sb, e); err != nil {
				return err
			}
		}
		if len(x) == 1 {
			sb.WriteByte(',')
		}
		sb.WriteByte(')')
	case *Dict:
		if t.inRepr(x) {
			sb.WriteString("{...}")
			return nil
		}
		t.reprSeen = append(t.reprSeen, x)
		defer func() { t.reprSeen = t.reprSeen[:len(t.reprSeen)-1] }()
		sb.WriteByte('{')
		i := 0
		for _, e := range x.entries {
			if e.key == nil {
				continue
			}
			if i > 0 {
				sb.WriteString(", ")
			}
			i++
			if err := t.writeRepr(sb, e.key); err != nil {
				return err
			}
			sb.WriteString(": ")
			if err := t.writeRepr(sb, e.value); err != nil {
				return err
			}
		}
		sb.WriteByte('}')
	case *Set:
		name := "set"
		if x.frozen {
			name = "frozenset"
		}
		return t.writeSetRepr(sb, x, name, x.frozen)
	case *DictView:
		names := map[uint8]string{viewKeys: "dict_keys", viewValues: "dict_values", viewItems: "dict_items"}
		sb.WriteString(names[x.kind] + "(")
		var items []Value
		for _, it := range x.d.Items() {
			switch x.kind {
			case viewKeys:
				items = append(items, it[0])
			case viewValues:
				items = append(items, it[1])
			default:
				items = append(items, Tuple{it[0], it[1]})
			}
		}
		if err := t.writeRepr(sb, t.NewList(items)); err != nil {
			return err
		}
		sb.WriteByte(')')
	case *BigRange:
		s, err := t.bigRangeRepr(x)
		if err != nil {
			return err
		}
		sb.WriteString(s)
	case *Range:
		if x.Step == 1 {
			fmt.Fprintf(sb, "range(%d, %d)", x.Start, x.Stop)
		} else {
			fmt.Fprintf(sb, "range(%d, %d, %d)", x.Start, x.Stop, x.Step)
		}
	case *Slice:
		sb.WriteString("slice(")
		for i, p := range []Value{x.Start, x.Stop, x.Step} {
			if i > 0 {
				sb.WriteString(", ")
			}
			if err := t.writeRepr(sb, p); err != nil {
				return err
			}
		}
		sb.WriteByte(')')
	case *Instance:
		if x.Base != nil {
			if _, user := x.Class.dunder(dunderRepr).(*Function); !user {
				if set, ok := x.Base.(*Set); ok {
					// A set subclass writes its own name: S({1, 2}).
					return t.writeSetRepr(sb, set, x.Class.Name, true)
				}
				if ba, ok := x.Base.(*ByteArray); ok {
					sb.WriteString(ba.reprAs(x.Class.Name)) // B(b'..')
					return nil
				}
				return t.writeRepr(sb, x.Base)
			}
		}
		if m := x.Class.dunder(dunderRepr); m != nil {
			if b, ok := m.(*Builtin); !ok || (b.Self != "object" && b.Self != "BaseException") {
				t.reprSeen = append(t.reprSeen, x)
				r, err := t.callMethod(m, v, nil)
				t.reprSeen = t.reprSeen[:len(t.reprSeen)-1]
				if err != nil {
					return err
				}
				s, ok := asStr(r)
				if !ok {
					return Errorf(TypeErrorClass, "__repr__ returned non-string (type %s)", TypeName(r))
				}
				sb.WriteString(string(s))
				return nil
			}
		}
		if x.Exc != nil {
			sb.WriteString(x.Class.Name)
			if len(x.Exc.Args) == 1 {
				sb.WriteByte('(')
				if err := t.writeRepr(sb, x.Exc.Args[0]); err != nil {
					return err
				}
				sb.WriteByte(')')
				return nil
			}
			return t.writeRepr(sb, x.Exc.Args)
		}
		fmt.Fprintf(sb, "<%s object at %#x>", classPath(x.Class), identity(x))
	case *Class:
		if m := x.metaMethod("__repr__"); m != nil {
			r, err := t.callMethod(m, x, nil)
			if err != nil {
				return err
			}
			s, ok := asStr(r)
			if !ok {
				return Errorf(TypeErrorClass, "__repr__ returned non-string (type %s)", TypeName(r))
			}
			sb.WriteString(string(s))
			return nil
		}
		fmt.Fprintf(sb, "<class '%s'>", classPath(x))
	case *Function:
		fmt.Fprintf(sb, "<function %s at %#x>", x.QualName, identity(x))
	case *Builtin:
		if x.Self != "" {
			fmt.Fprintf(sb, "<method '%s' of '%s' objects>", x.Name, x.Self)
		} else {
			fmt.Fprintf(sb, "<built-in function %s>", x.Name)
		}
	case *BoundMethod:
		if b, ok := x.Fn.(*Builtin); ok {
			fmt.Fprintf(sb, "<built-in method %s of %s object at %#x>", b.Name, TypeName(x.Self), identity(x.Self))
			return nil
		}
		s, err := t.Repr(x.Self)
		if err != nil {
			return err
		}
		name := "?"
		if f, ok := x.Fn.(*Function); ok {
			name = f.QualName
		}
		fmt.Fprintf(sb, "<bound method %s of %s>", name, s)
	case *Generator:
		kind := "generator"
		if x.coroutine {
			kind = "coroutine"
		}
		fmt.Fprintf(sb, "<%s object %s at %#x>", kind, x.qualname, identity(x))
	case *Module:
		fmt.Fprintf(sb, "<module '%s'>", x.Name)
	case *Namespace:
		fmt.Fprintf(sb, "<namespace '%s'>", x.Name)
	case *Property:
		fmt.Fprintf(sb, "<property object at %#x>", identity(x))
	case *SlotMember:
		fmt.Fprintf(sb, "<member '%s' of '%s' objects>", x.Name, x.Owner.Name)
	case *GetSetDescriptor:
		if x.Member {
			fmt.Fprintf(sb, "<member '%s' of '%s' objects>", x.Name, x.Owner.Name)
			break
		}
		fmt.Fprintf(sb, "<attribute '%s' of '%s' objects>", x.Name, x.Owner.Name)
	case *ListIter:
		fmt.Fprintf(sb, "<list_iterator object at %#x>", identity(x))
	case *Iter:
		if x.repr != nil {
			r, err := x.repr(t, x.class().Name)
			if err != nil {
				return err
			}
			sb.WriteString(r)
			break
		}
		if c := x.class(); !c.builtin {
			// A library's iterator type (itertools.chain).
			fmt.Fprintf(sb, "<%s object at %#x>", classPath(c), identity(x))
			break
		}
		fmt.Fprintf(sb, "<%s object at %#x>", x.class().Name, identity(x))
	case *Cell:
		fmt.Fprintf(sb, "<cell at %#x>", identity(x))
	case *Traceback:
		fmt.Fprintf(sb, "<traceback object at %#x>", identity(x))
	case *Super:
		if x.Obj == nil {
			fmt.Fprintf(sb, "<super: <class '%s'>, NULL>", x.Class.Name)
			break
		}
		fmt.Fprintf(sb, "<super: <class '%s'>, <%s object>>", x.Class.Name, TypeName(x.Obj))
	case *HostFunction:
		fmt.Fprintf(sb, "<host function %s>", x.Name)
	case *Future:
		sb.WriteString(x.repr())
	case *ByteArray:
		sb.WriteString(x.repr())
	default:
		fmt.Fprintf(sb, "<%s object>", TypeName(v))
	}
	return nil
}

func classPath(c *Class) string {
	if c.Module == "builtins" || c.Module == "" {
		return c.QualName
	}
	return c.Module + "." + c.QualName
}

// writeSetRepr writes {a, b} (wrapped as name({a, b}) for a frozenset or a
// set subclass), name() when empty and name(...) for a set inside itself.
func (t *Thread) writeSetRepr(sb *strings.Builder, x *Set, name string, wrap bool) error {
	if x.Len() == 0 {
		sb.WriteString(name + "()")
		return nil
	}
	if t.inRepr(x) {
		sb.WriteString(name + "(...)")
		return nil
	}
	t.reprSeen = append(t.reprSeen, x)
	defer func() { t.reprSeen = t.reprSeen[:len(t.reprSeen)-1] }()
	if wrap {
		sb.WriteString(name + "(")
	}
	sb.WriteByte('{')
	for i, e := range x.Elems() {
		if i > 0 {
			sb.WriteString(", ")
		}
		if err := t.writeRepr(sb, e); err != nil {
			return err
		}
	}
	sb.WriteByte('}')
	if wrap {
		sb.WriteByte(')')
	}
	return nil
}
