package vm

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/toolplane/toolplane/python/internal/intconv"
	"github.com/toolplane/toolplane/python/syntax"
)

func cmpOpFor(op int) syntax.CmpOperator { return syntax.CmpOperator(op) }

// objectNew is object.__new__.
var objectNew *Builtin

// newSuper is super(c, obj): methods found through it run on obj as if it
// were an instance of c, so it must be one (or a subclass of c).
func newSuper(c *Class, obj Value) (*Super, error) {
	oc := TypeOf(obj)
	if k, ok := obj.(*Class); ok && k.IsSubclass(c) {
		oc = k
	}
	if !oc.IsSubclass(c) && !virtualSubclass(oc, c) {
		return nil, Errorf(TypeErrorClass, "super(type, obj): obj must be an instance or subtype of type")
	}
	return &Super{Class: c, Obj: obj}, nil
}

func initObject() {
	ObjectClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if cls == ObjectClass {
			if len(args) > 0 || len(kw) > 0 {
				return nil, Errorf(TypeErrorClass, "object() takes no arguments")
			}
			return &Instance{Class: ObjectClass}, nil
		}
		if cls.noDict {
			return &Instance{Class: cls, gen: t.epochOf()}, nil
		}
		return &Instance{Class: cls, Dict: t.newDict(), gen: t.epochOf()}, nil
	}
	addMethods(ObjectClass, map[string]BuiltinFunc{
		"__init__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) { return None, nil },
		"__repr__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if inst, ok := args[0].(*Instance); ok {
				return Str("<" + classPath(inst.Class) + " object at 0x" + strconv.FormatUint(identity(inst), 16) + ">"), nil
			}
			s, err := t.Repr(args[0])
			return Str(s), err
		},
		"__str__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			s, err := t.Repr(args[0])
			return Str(s), err
		},
		"__eq__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if len(args) != 2 {
				return nil, Errorf(TypeErrorClass, "expected 1 argument, got %d", len(args)-1)
			}
			if Is(args[0], args[1]) {
				return Bool(true), nil
			}
			return NotImplemented, nil
		},
		"__ne__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if len(args) != 2 {
				return nil, Errorf(TypeErrorClass, "expected 1 argument, got %d", len(args)-1)
			}
			// CPython's object.__ne__ asks the receiver's own __eq__ and
			// hands back its NotImplemented (object().__ne__(1)).
			if m := TypeOf(args[0]).Lookup("__eq__"); m != nil {
				r, err := t.callMethod1(m, args[0], args[1])
				if err != nil || r == NotImplemented {
					return r, err
				}
				b, err := t.Truth(r)
				return Bool(!b), err
			}
			eq, err := t.Equal(args[0], args[1])
			return Bool(!eq), err
		},
		"__hash__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			return Int(int64(identity(args[0]) >> 4)), nil
		},
		"__setattr__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if len(args) != 3 {
				return nil, Errorf(TypeErrorClass, "__setattr__ expected 2 arguments")
			}
			name, ok := args[1].(Str)
			if !ok {
				return nil, Errorf(TypeErrorClass, "attribute name must be string")
			}
			if inst, ok := args[0].(*Instance); ok {
				return None, t.instanceSetAttr(inst, string(name), args[2])
			}
			return None, t.SetAttr(args[0], string(name), args[2])
		},
		"__getattribute__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if len(args) != 2 {
				return nil, Errorf(TypeErrorClass, "__getattribute__ expected 1 argument")
			}
			name, _ := args[1].(Str)
			if inst, ok := args[0].(*Instance); ok {
				return t.objectGetAttr(inst, string(name))
			}
			return t.GetAttr(args[0], string(name))
		},
		"__delattr__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			name, _ := args[1].(Str)
			if inst, ok := args[0].(*Instance); ok {
				return None, t.instanceDelAttr(inst, string(name))
			}
			return None, Errorf(AttributeErrorClass, "'%s' object has no attribute '%s'", TypeName(args[0]), name)
		},
		"__format__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			spec, _ := args[1].(Str)
			if spec != "" {
				return nil, Errorf(TypeErrorClass, "unsupported format string passed to %s.__format__", TypeName(args[0]))
			}
			s, err := t.Str(args[0])
			return Str(s), err
		},
		"__init_subclass__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) { return None, nil },
	})
	// object's four orderings answer NotImplemented (object().__lt__(1)),
	// so every type has them as in CPython; the < operator skips them.
	for _, name := range []string{"__lt__", "__le__", "__gt__", "__ge__"} {
		name := name
		ObjectClass.Dict.SetStr(name, &Builtin{Name: name, Self: "object", Fn: func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(kw) > 0 {
				return nil, Errorf(TypeErrorClass, "wrapper %s() takes no keyword arguments", name)
			}
			if len(a) != 2 {
				return nil, Errorf(TypeErrorClass, "expected 1 argument, got %d", len(a)-1)
			}
			return NotImplemented, nil
		}})
	}
	objectNew = &Builtin{Name: "__new__", Self: "object", Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) == 0 {
			return nil, Errorf(TypeErrorClass, "object.__new__(): not enough arguments")
		}
		cls, ok := args[0].(*Class)
		if !ok {
			return nil, Errorf(TypeErrorClass, "object.__new__(X): X is not a type object (%s)", TypeName(args[0]))
		}
		if static := unsafeObjectNew(cls); static != nil {
			// An instance without the Go state of its builtin base
			// (object.__new__(list).append(1)) would break every method.
			return nil, Errorf(TypeErrorClass, "object.__new__(%s) is not safe, use %s.__new__()", cls.Name, static.Name)
		}
		if len(args) > 1 || len(kw) > 0 {
			// Extra arguments are for __init__: refused when the class
			// has its own __new__ (which passed them on) or no __init__
			// to take them, as CPython's object_new does.
			if nw, ok := cls.Lookup("__new__").(*StaticMethod); !ok || nw.Fn != objectNew {
				return nil, Errorf(TypeErrorClass, "object.__new__() takes exactly one argument (the type to instantiate)")
			}
			if in, ok := cls.Lookup("__init__").(*Builtin); ok && in.Self == "object" {
				return nil, Errorf(TypeErrorClass, "%s() takes no arguments", cls.MessageName())
			}
		}
		if cls.abstract {
			return nil, t.abstractError(cls)
		}
		inst := &Instance{Class: cls}
		if !cls.noDict {
			inst.Dict = NewDict()
		}
		t.stamp(inst)
		return inst, t.chargeNew(newBytes(inst))
	}}
	ObjectClass.Dict.SetStr("__new__", &StaticMethod{Fn: objectNew})
	if v, ok := ObjectClass.Dict.GetStr("__init_subclass__"); ok {
		ObjectClass.Dict.SetStr("__init_subclass__", &ClassMethod{Fn: v})
	}
	initObjectDunders()
	TypeClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) == 1 {
			if len(kw) > 0 {
				return nil, Errorf(TypeErrorClass, "type() takes no keyword arguments")
			}
			return TypeOf(args[0]), nil
		}
		if len(args) == 3 {
			return t.callMetaclass(TypeClass, args, kw)
		}
		return nil, Errorf(TypeErrorClass, "type() takes 1 or 3 arguments")
	}
	addMethods(TypeClass, map[string]BuiltinFunc{
		"__call__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			// type.__call__ itself: what calling a class does without its
			// metaclass's __call__ (super().__call__() in one).
			if c, ok := args[0].(*Class); ok {
				return t.constructDefault(c, args[1:], kw)
			}
			return t.Call(args[0], args[1:], kw)
		},
		"mro": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			c := args[0].(*Class)
			out := make([]Value, len(c.MRO))
			for i, k := range c.MRO {
				out[i] = k
			}
			return t.NewList(out), nil
		},
		"__subclasses__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			return nil, Errorf(AttributeErrorClass, "__subclasses__ is not available in this sandbox")
		},
	})
	TypeClass.Dict.DeleteStr("__subclasses__")
}

func initExceptions() {
	BaseExceptionClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if len(kw) > 0 {
			return nil, Errorf(TypeErrorClass, "%s() takes no keyword arguments", cls.Name)
		}
		return &Instance{Class: cls, Dict: NewDict(), Exc: &ExcState{Args: append(Tuple(nil), args...)}}, nil
	}
	for _, c := range exceptionClasses {
		c.new = BaseExceptionClass.new
	}
	CancelledErrorClass.new = BaseExceptionClass.new
	// NameError(msg, name=...), AttributeError(msg, name=..., obj=...) and
	// ImportError(msg, name=..., path=...) take their attributes as
	// keywords.
	excKeywords := func(names ...string) func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		return func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
			e := &Instance{Class: cls, Dict: NewDict(), Exc: &ExcState{Args: append(Tuple(nil), args...)}}
			for _, n := range names {
				e.Dict.SetStr(n, None)
			}
			for _, k := range kw {
				ok := false
				for _, n := range names {
					ok = ok || k.Name == n
				}
				if !ok {
					return nil, Errorf(TypeErrorClass, "'%s' is an invalid keyword argument for %s()", k.Name, cls.Name)
				}
				e.Dict.SetStr(k.Name, k.Value)
				// The value, as an attribute store charges it
				// (ImportError(name=a + str(i)) kept: 2 GB under 512 MiB).
				if err := t.chargeStored(k.Value); err != nil {
					return nil, err
				}
			}
			return e, nil
		}
	}
	osNew := func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if len(kw) > 0 {
			return nil, Errorf(TypeErrorClass, "%s() takes no keyword arguments", cls.Name)
		}
		if cls == OSErrorClass && len(args) >= 2 && len(args) <= 5 {
			if sub := osErrorSubclass(args[0]); sub != nil {
				cls = sub
			}
		}
		e := &Instance{Class: cls, Dict: NewDict(), Exc: &ExcState{Args: append(Tuple(nil), args...)}}
		setOSErrorAttrs(e, args)
		return e, nil
	}
	// SyntaxError(msg, (filename, lineno, offset, text)) and the Unicode
	// errors' five arguments become attributes that str() reports.
	withAttrs := func(set func(t *Thread, e *Instance, args Tuple) error) func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		return func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
			if len(kw) > 0 {
				return nil, Errorf(TypeErrorClass, "%s() takes no keyword arguments", cls.Name)
			}
			e := &Instance{Class: cls, Dict: NewDict(), Exc: &ExcState{Args: append(Tuple(nil), args...)}}
			if err := set(t, e, args); err != nil {
				return nil, err
			}
			return e, nil
		}
	}
	setUnicode := func(t *Thread, e *Instance, args Tuple) error { return setUnicodeErrorAttrs(e, args) }
	for _, c := range exceptionClasses {
		switch {
		case c.IsSubclass(SyntaxErrorClass):
			c.new = withAttrs(setSyntaxErrorAttrs)
		case c.IsSubclass(UnicodeDecodeErrorClass), c.IsSubclass(UnicodeEncodeErrorClass), c.IsSubclass(UnicodeTranslateErrorClass):
			c.new = withAttrs(setUnicode)
		case c.IsSubclass(OSErrorClass):
			c.new = osNew
		case c.IsSubclass(NameErrorClass):
			c.new = excKeywords("name")
		case c.IsSubclass(AttributeErrorClass):
			c.new = excKeywords("name", "obj")
		case c.IsSubclass(ImportErrorClass):
			c.new = excKeywords("name", "path")
		}
	}
	// A user subclass of OSError gets errno and strerror from its
	// arguments too (class NotFound(OSError) ... NotFound(2, "gone")).
	addMethods(OSErrorClass, map[string]BuiltinFunc{
		"__init__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if e, ok := args[0].(*Instance); ok && e.Exc != nil {
				if err := t.touchExcDict(e); err != nil {
					return nil, err
				}
				e.Exc.Args = append(Tuple(nil), args[1:]...)
				setOSErrorAttrs(e, args[1:])
			}
			return None, nil
		},
	})
	addMethods(SyntaxErrorClass, map[string]BuiltinFunc{
		"__init__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if e, ok := args[0].(*Instance); ok && e.Exc != nil {
				if err := t.touchExcDict(e); err != nil {
					return nil, err
				}
				e.Exc.Args = append(Tuple(nil), args[1:]...)
				return None, setSyntaxErrorAttrs(t, e, args[1:])
			}
			return None, nil
		},
	})
	groupNew := func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) != 2 {
			return nil, Errorf(TypeErrorClass, "BaseExceptionGroup.__new__() takes exactly 2 arguments (%d given)", len(args))
		}
		if _, ok := args[0].(Str); !ok {
			return nil, Errorf(TypeErrorClass, "BaseExceptionGroup.__new__() argument 1 must be str, not %s", TypeName(args[0]))
		}
		items, err := t.iterate(args[1], func() error {
			return Errorf(TypeErrorClass, "second argument (exceptions) must be a sequence")
		})
		if err != nil {
			return nil, err
		}
		if len(items) == 0 {
			return nil, Errorf(ValueErrorClass, "second argument (exceptions) must be a non-empty sequence")
		}
		// The group keeps its own copy of the exceptions (ExcState.Group).
		if err := t.chargeSlots(len(items)); err != nil {
			return nil, err
		}
		if err := t.tickItems(len(items)); err != nil {
			return nil, err
		}
		allExceptions := true
		for i, it := range items {
			e, ok := it.(*Instance)
			if !ok || e.Exc == nil {
				return nil, Errorf(ValueErrorClass, "Item %d of second argument (exceptions) is not an exception", i)
			}
			allExceptions = allExceptions && e.Class.IsSubclass(ExceptionClass)
		}
		// BaseExceptionGroup of Exceptions only is an ExceptionGroup;
		// an ExceptionGroup cannot hold a BaseException.
		if cls == BaseExceptionGroupClass && allExceptions {
			cls = ExceptionGroupClass
		} else if cls.IsSubclass(ExceptionGroupClass) && !allExceptions {
			if cls == ExceptionGroupClass {
				return nil, Errorf(TypeErrorClass, "Cannot nest BaseExceptions in an ExceptionGroup")
			}
			return nil, Errorf(TypeErrorClass, "Cannot nest BaseExceptions in '%s'", cls.Name)
		}
		// args keeps the sequence as given (its repr shows a list as a list).
		seq := args[1]
		switch seq.(type) {
		case Tuple, *List:
		default:
			if err := t.chargeSlots(len(items)); err != nil {
				return nil, err
			}
			seq = Tuple(append([]Value(nil), items...))
		}
		g := &Instance{Class: cls, Dict: NewDict(), Exc: &ExcState{Args: Tuple{args[0], seq}, Group: Tuple(append([]Value(nil), items...)), GroupMsg: args[0]}}
		// The group itself (its instance, dict, state and args), as
		// allocInstance charges an exception: ExceptionGroup.split makes
		// one per group it rebuilds, millions for a wide shared tree.
		if err := t.chargeNew(newBytes(g) + tupleBytes(2)); err != nil {
			return nil, err
		}
		return g, nil
	}
	// BaseExceptionGroup.__new__(cls, message, exceptions), which a
	// subclass's __new__ reaches through super(): the group state is made
	// here or nowhere (BaseException.__new__ refuses group classes).
	BaseExceptionGroupClass.Dict.SetStr("__new__", &StaticMethod{Fn: &Builtin{Name: "__new__", Self: "BaseExceptionGroup", Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) == 0 {
			return nil, Errorf(TypeErrorClass, "BaseExceptionGroup.__new__(): not enough arguments")
		}
		cls, ok := args[0].(*Class)
		if !ok {
			return nil, Errorf(TypeErrorClass, "BaseExceptionGroup.__new__(X): X is not a type object (%s)", TypeName(args[0]))
		}
		if !cls.IsSubclass(BaseExceptionGroupClass) {
			return nil, Errorf(TypeErrorClass, "BaseExceptionGroup.__new__(%s): %s is not a subtype of BaseExceptionGroup", cls.Name, cls.Name)
		}
		if len(kw) > 0 {
			return nil, Errorf(TypeErrorClass, "BaseExceptionGroup.__new__() takes no keyword arguments")
		}
		if cls.builtin {
			return groupNew(t, cls, args[1:], nil)
		}
		// A user subclass: its own instance (dict, slots), which
		// allocInstance gives the group state.
		return t.allocInstance(cls, args[1:], nil)
	}}})
	BaseExceptionGroupClass.new = groupNew
	ExceptionGroupClass.new = groupNew
	addMethods(BaseExceptionGroupClass, map[string]BuiltinFunc{
		"derive": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("derive", a[1:], kw, 1); err != nil {
				return nil, err
			}
			g, ok := a[0].(*Instance)
			if !ok || g.Exc == nil || g.Exc.Group == nil {
				return nil, Errorf(TypeErrorClass, "derive() needs an exception group, not '%s'", TypeName(a[0]))
			}
			return groupNew(t, BaseExceptionGroupClass, Tuple{g.Exc.GroupMsg, a[1]}, nil)
		},
		"split": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("split", a[1:], kw, 1); err != nil {
				return nil, err
			}
			match, rest, err := splitGroup(t, a[0], a[1], groupNew)
			return Tuple{orNone(match), orNone(rest)}, err
		},
		"subgroup": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("subgroup", a[1:], kw, 1); err != nil {
				return nil, err
			}
			match, _, err := splitGroup(t, a[0], a[1], groupNew)
			return orNone(match), err
		},
	})
	addMethods(BaseExceptionClass, map[string]BuiltinFunc{
		"__init__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if e, ok := args[0].(*Instance); ok && e.Exc != nil {
				e.Exc.Args = append(Tuple(nil), args[1:]...)
			}
			return None, nil
		},
		"__str__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			e, ok := args[0].(*Instance)
			if !ok || e.Exc == nil {
				return Str(""), nil
			}
			s, err := excStrErr(t, e)
			if err != nil {
				return nil, err
			}
			return Str(s), nil
		},
		"__repr__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			e := args[0].(*Instance)
			var sb strings.Builder
			sb.WriteString(e.Class.Name)
			if len(e.Exc.Args) == 1 {
				r, err := t.Repr(e.Exc.Args[0])
				if err != nil {
					return nil, err
				}
				sb.WriteString("(" + r + ")")
			} else {
				r, err := t.Repr(e.Exc.Args)
				if err != nil {
					return nil, err
				}
				sb.WriteString(r)
			}
			return Str(sb.String()), nil
		},
		"with_traceback": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) { return args[0], nil },
		"add_note": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			e, ok := args[0].(*Instance)
			if !ok || len(args) != 2 {
				return nil, Errorf(TypeErrorClass, "add_note() takes exactly one argument")
			}
			if _, ok := args[1].(Str); !ok {
				return nil, Errorf(TypeErrorClass, "note must be a str, not '%s'", TypeName(args[1]))
			}
			if e.Dict == nil {
				if err := t.touchInstance(e); err != nil {
					return nil, err
				}
				e.Dict = t.newDict()
			}
			notes, ok := e.Dict.GetStr("__notes__")
			l, isList := notes.(*List)
			if !ok || !isList {
				if err := t.touchDict(e.Dict); err != nil {
					return nil, err
				}
				l = t.NewList(nil)
				e.Dict.SetStr("__notes__", l)
			}
			if err := t.touchList(l); err != nil {
				return nil, err
			}
			// The note is kept as an appended item is (a note up to one
			// block made by a concatenation was charged nowhere).
			if err := t.chargeStored(args[1]); err != nil {
				return nil, err
			}
			c := cap(l.Items)
			l.Items = append(l.Items, args[1])
			if cap(l.Items) != c {
				if err := t.chargeSlots(cap(l.Items)); err != nil {
					return nil, err
				}
			}
			return None, nil
		},
	})
}

// asciiDigits replaces the Unicode decimal digits of s ("١٢٣", "𝟗") by
// their ASCII forms, as CPython's int() and float() accept them.
func asciiDigits(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf || !unicode.Is(unicode.Nd, r) {
			return r
		}
		// Decimal digits come in runs of ten starting at zero.
		zero := r
		for unicode.Is(unicode.Nd, zero-1) {
			zero--
		}
		return '0' + (r-zero)%10
	}, s)
}

// underscoresBetweenDigits reports whether every '_' in s stands between
// two digits (1_000.5 yes, 1_.5 no).
func underscoresBetweenDigits(s string) bool {
	isDigit := func(i int) bool { return i >= 0 && i < len(s) && s[i] >= '0' && s[i] <= '9' }
	for i := 0; i < len(s); i++ {
		if s[i] == '_' && (!isDigit(i-1) || !isDigit(i+1)) {
			return false
		}
	}
	return true
}

// byteOrder checks the byteorder argument of int.to_bytes/from_bytes
// ("big" when absent) and reports whether it is "little".
func byteOrder(fname string, v Value) (bool, error) {
	if v == nil {
		return false, nil
	}
	s, ok := v.(Str)
	if !ok {
		return false, Errorf(TypeErrorClass, "%s() argument 'byteorder' must be str, not %s", fname, TypeName(v))
	}
	switch s {
	case "little":
		return true, nil
	case "big":
		return false, nil
	}
	return false, Errorf(ValueErrorClass, "byteorder must be either 'little' or 'big'")
}

// intFromString parses int(s, base). ok is false for an invalid literal;
// err is set for a valid one int() refuses: more than 4300 digits in a
// base that is not a power of two (CPython's int_max_str_digits; math/big's
// conversion is quadratic there), or more than MaxIntBits.
func (t *Thread) intFromString(s string, base int) (v Value, ok bool, err error) {
	if err := t.tickChars(len(s)); err != nil {
		return nil, false, err
	}
	str := asciiDigits(strings.TrimSpace(s))
	neg := false
	if strings.HasPrefix(str, "-") || strings.HasPrefix(str, "+") {
		neg = str[0] == '-'
		str = str[1:]
	}
	lower := strings.ToLower(str)
	if base == 0 || base == 16 || base == 8 || base == 2 {
		prefixes := map[string]int{"0x": 16, "0o": 8, "0b": 2}
		if len(lower) > 2 {
			if b, ok := prefixes[lower[:2]]; ok && (base == 0 || base == b) {
				base = b
				str = str[2:]
				if strings.HasPrefix(str, "_") {
					str = str[1:]
				}
			}
		}
		if base == 0 {
			if len(str) > 1 && strings.Trim(str, "0_") != "" && str[0] == '0' {
				return nil, false, nil
			}
			base = 10
		}
	}
	if str == "" || strings.HasPrefix(str, "_") || strings.HasSuffix(str, "_") || strings.Contains(str, "__") {
		return nil, false, nil
	}
	str = strings.ReplaceAll(str, "_", "")
	for _, r := range str {
		if r > 127 {
			// Unicode digits are accepted by CPython; convert the
			// decimal ones.
			return nil, false, nil
		}
	}
	var b *big.Int
	if base&(base-1) == 0 {
		if int64(len(str))*int64(bits.TrailingZeros(uint(base))) > MaxIntBits {
			return nil, true, Errorf(MemoryErrorClass, "integer result too large (more than %d bits)", MaxIntBits)
		}
		b, ok = intconv.ParsePow2(str, base)
	} else {
		if len(str) > maxStrDigits {
			return nil, true, Errorf(ValueErrorClass, "Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", maxStrDigits, len(str))
		}
		// math/big's conversion is quadratic in the words of the result.
		w := int64(len(str))/16 + 1
		if err := t.tickWords(w * w); err != nil {
			return nil, false, err
		}
		b, ok = new(big.Int).SetString(str, base)
	}
	if !ok {
		return nil, false, nil
	}
	if neg {
		b.Neg(b)
	}
	return MakeInt(b), true, nil
}

func (t *Thread) floatFromString(s string) (Float, error) {
	str := asciiDigits(strings.TrimSpace(s))
	l := strings.ToLower(str)
	switch strings.TrimLeft(l, "+-") {
	case "inf", "infinity":
		if strings.HasPrefix(l, "-") {
			return Float(math.Inf(-1)), nil
		}
		return Float(math.Inf(1)), nil
	case "nan":
		return Float(math.NaN()), nil
	}
	valid := str != "" && underscoresBetweenDigits(str)
	clean := strings.ReplaceAll(str, "_", "")
	if valid && !strings.ContainsAny(clean, "xXpP") {
		if f, err := strconv.ParseFloat(clean, 64); err == nil || strings.Contains(err.Error(), "range") {
			return Float(f), nil
		}
	}
	return 0, Errorf(ValueErrorClass, "could not convert string to float: %s", StrQuote(s))
}

func initNumbers() {
	IntClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		var a []Value
		if len(args) == 1 && len(kw) == 0 {
			a = []Value{args[0], nil}
		} else {
			// int(x=0, /, base=10): only base may be passed by name.
			for _, k := range kw {
				if k.Name != "base" {
					return nil, Errorf(TypeErrorClass, "'%s' is an invalid keyword argument for int()", k.Name)
				}
			}
			if n := len(args) + len(kw); n > 2 {
				return nil, Errorf(TypeErrorClass, "int() takes at most 2 arguments (%d given)", n)
			}
			var err error
			a, err = parseArgs("int", args, kw, "x?", "base?")
			if err != nil {
				return nil, err
			}
		}
		if a[0] == nil {
			if a[1] != nil {
				return nil, Errorf(TypeErrorClass, "int() missing string argument")
			}
			return Int(0), nil
		}
		if a[1] != nil {
			base, err := t.toInt(a[1], "")
			if err != nil {
				return nil, err
			}
			if base != 0 && (base < 2 || base > 36) {
				return nil, Errorf(ValueErrorClass, "int() base must be >= 2 and <= 36, or 0")
			}
			var s string
			switch x := unwrapStr(a[0]).(type) {
			case Str:
				s = string(x)
			case Bytes:
				s = string(x)
			default:
				return nil, Errorf(TypeErrorClass, "int() can't convert non-string with explicit base")
			}
			v, ok, err := t.intFromString(s, int(base))
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, Errorf(ValueErrorClass, "invalid literal for int() with base %d: %s", base, StrQuote(s))
			}
			return v, nil
		}
		switch x := a[0].(type) {
		case Int:
			return x, nil
		case Bool:
			return boolToInt(x), nil
		case *big.Int:
			return x, nil
		case Float:
			f := float64(x)
			if math.IsNaN(f) {
				return nil, Errorf(ValueErrorClass, "cannot convert float NaN to integer")
			}
			if math.IsInf(f, 0) {
				return nil, Errorf(OverflowErrorClass, "cannot convert float infinity to integer")
			}
			f = math.Trunc(f)
			if math.Abs(f) < 1<<62 {
				return Int(int64(f)), nil
			}
			bi, _ := new(big.Float).SetFloat64(f).Int(nil)
			return MakeInt(bi), nil
		case Str:
			if digits := countDigits(string(x)); digits > 4300 {
				return nil, Errorf(ValueErrorClass, "Exceeds the limit (4300 digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", digits)
			}
			v, ok, err := t.intFromString(string(x), 10)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, Errorf(ValueErrorClass, "invalid literal for int() with base 10: %s", StrQuote(string(x)))
			}
			return v, nil
		case Bytes:
			v, ok, err := t.intFromString(string(x), 10)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, Errorf(ValueErrorClass, "invalid literal for int() with base 10: %s", BytesRepr(string(x)))
			}
			return v, nil
		case *Instance:
			for _, name := range []string{"__int__", "__index__", "__trunc__"} {
				if m := x.Class.Lookup(name); m != nil {
					r, err := t.callMethod(m, x, nil)
					if err != nil {
						return nil, err
					}
					// The hook must answer an int (a bool or an int
					// subclass becomes the plain int, as CPython's
					// deprecated path does); anything else is a TypeError,
					// not a value int() hands back.
					switch v := unwrapBase(r).(type) {
					case Int, *big.Int:
						return v, nil
					case Bool:
						if v {
							return Int(1), nil
						}
						return Int(0), nil
					}
					if name == "__trunc__" {
						return nil, Errorf(TypeErrorClass, "__trunc__ returned non-Integral (type %s)", TypeName(r))
					}
					return nil, Errorf(TypeErrorClass, "%s returned non-int (type %s)", name, TypeName(r))
				}
			}
			if b, ok := x.Base.(Str); ok {
				return IntClass.new(t, cls, Tuple{b}, nil)
			}
		}
		return nil, Errorf(TypeErrorClass, "int() argument must be a string, a bytes-like object or a real number, not '%s'", TypeName(a[0]))
	}
	BoolClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("bool", args, kw, 0, 1); err != nil {
			return nil, err
		}
		if len(args) == 0 {
			return Bool(false), nil
		}
		b, err := t.Truth(args[0])
		return Bool(b), err
	}
	FloatClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("float", args, kw, 0, 1); err != nil {
			return nil, err
		}
		if len(args) == 0 {
			return Float(0), nil
		}
		switch x := args[0].(type) {
		case Float:
			return x, nil
		case Int, Bool, *big.Int:
			f, err := toFloat(x)
			return Float(f), err
		case Str:
			return t.floatFromString(string(x))
		case Bytes:
			f, err := t.floatFromString(string(x))
			if err != nil {
				return nil, Errorf(ValueErrorClass, "could not convert string to float: %s", BytesRepr(string(x)))
			}
			return f, nil
		case *Instance:
			if m := x.Class.Lookup("__float__"); m != nil {
				return t.callMethod(m, x, nil)
			}
			if x.Base != nil {
				return t.Call(FloatClass, Tuple{x.Base}, nil)
			}
			// An integer-like object converts through __index__, as CPython's
			// float() does since 3.8.
			if m := x.Class.Lookup("__index__"); m != nil {
				r, err := t.callMethod(m, x, nil)
				if err != nil {
					return nil, err
				}
				switch r.(type) {
				case Int, Bool, *big.Int:
					f, err := toFloat(r)
					return Float(f), err
				}
				return nil, Errorf(TypeErrorClass, "__index__ returned non-int (type %s)", TypeName(r))
			}
		}
		return nil, Errorf(TypeErrorClass, "float() argument must be a string or a real number, not '%s'", TypeName(args[0]))
	}
	intMethods := map[string]BuiltinFunc{
		"bit_length": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			return Int(new(big.Int).Abs(toBig(args[0])).BitLen()), nil
		},
		"bit_count": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			b := new(big.Int).Abs(toBig(args[0]))
			n := 0
			for _, w := range b.Bits() {
				for w != 0 {
					n += int(w & 1)
					w >>= 1
				}
			}
			return Int(n), nil
		},
		"conjugate": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) { return exactInt(args[0]), nil },
		"to_bytes": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			a, err := parseArgs("to_bytes", args[1:], kw, "length?", "byteorder?", "*", "signed?")
			if err != nil {
				return nil, err
			}
			n := int64(1)
			if a[0] != nil {
				n, err = t.toInt(a[0], "")
				if err != nil {
					return nil, err
				}
			}
			if n < 0 {
				return nil, Errorf(ValueErrorClass, "length argument must be non-negative")
			}
			little, err := byteOrder("to_bytes", a[1])
			if err != nil {
				return nil, err
			}
			signed := false
			if a[2] != nil {
				if signed, err = t.Truth(a[2]); err != nil {
					return nil, err
				}
			}
			b := toBig(args[0])
			if b.Sign() < 0 && !signed {
				return nil, Errorf(OverflowErrorClass, "can't convert negative int to unsigned")
			}
			// Fits in n bytes: unsigned below 2**(8n), signed in
			// [-2**(8n-1), 2**(8n-1)).
			bits := uint(8 * n)
			if n == 0 {
				// Zero bytes hold 0, and -1 as a signed number (all sign bits).
				if b.Sign() == 0 || signed && b.Cmp(big.NewInt(-1)) == 0 {
					return Bytes(""), nil
				}
				return nil, Errorf(OverflowErrorClass, "int too big to convert")
			}
			if int64(b.BitLen()) > 8*n {
				return nil, Errorf(OverflowErrorClass, "int too big to convert")
			}
			if signed {
				limit := new(big.Int).Lsh(big.NewInt(1), bits-1)
				if b.Cmp(limit) >= 0 || b.Cmp(new(big.Int).Neg(limit)) < 0 {
					return nil, Errorf(OverflowErrorClass, "int too big to convert")
				}
			}
			if err := t.ChargeItems(n, 2); err != nil {
				return nil, err
			}
			if b.Sign() < 0 {
				b = new(big.Int).Add(b, new(big.Int).Lsh(big.NewInt(1), bits))
			}
			raw := b.Bytes()
			out := make([]byte, n)
			copy(out[n-int64(len(raw)):], raw)
			if little {
				for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
					out[i], out[j] = out[j], out[i]
				}
			}
			return Bytes(out), nil
		},
		// int.is_integer is 3.12's; CPython 3.11, the oracle, has none.
		"__index__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) { return exactInt(args[0]), nil },
		// int's own repr, which a subclass's __repr__ does not change:
		// IntEnum's str() is int.__repr__ (bool has its own, below).
		"__repr__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			s, err := t.Repr(exactInt(args[0]))
			return Str(s), err
		},
		"as_integer_ratio": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs("as_integer_ratio", args[1:], kw, 0); err != nil {
				return nil, err
			}
			n := args[0]
			if b, ok := n.(Bool); ok {
				n = boolToInt(b)
			}
			return Tuple{n, Int(1)}, nil
		},
	}
	addMethods(IntClass, intMethods)
	IntClass.Dict.SetStr("from_bytes", &ClassMethod{Fn: &Builtin{Name: "from_bytes", Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		a, err := parseArgs("from_bytes", args[1:], kw, "bytes", "byteorder?", "*", "signed?")
		if err != nil {
			return nil, err
		}
		switch x := a[0].(type) {
		case Bytes:
			err = t.tickBytes(len(x))
		case *ByteArray:
			err = t.tickBytes(len(x.B))
		}
		if err != nil {
			return nil, err
		}
		var raw []byte
		switch x := a[0].(type) {
		case Bytes:
			raw = []byte(x)
		case *ByteArray:
			raw = append([]byte(nil), x.B...)
		case Str, Int, Bool, *big.Int, Float, NoneType:
			return nil, Errorf(TypeErrorClass, "cannot convert '%s' object to bytes", TypeName(x))
		default:
			items, err := t.iterate(x, func() error {
				return Errorf(TypeErrorClass, "cannot convert '%s' object to bytes", TypeName(x))
			})
			if err != nil {
				return nil, err
			}
			for _, it := range items {
				n, err := t.toInt(it, "")
				if err != nil {
					return nil, err
				}
				if n < 0 || n > 255 {
					return nil, Errorf(ValueErrorClass, "bytes must be in range(0, 256)")
				}
				raw = append(raw, byte(n))
			}
		}
		little, err := byteOrder("from_bytes", a[1])
		if err != nil {
			return nil, err
		}
		if little {
			for i, j := 0, len(raw)-1; i < j; i, j = i+1, j-1 {
				raw[i], raw[j] = raw[j], raw[i]
			}
		}
		signed := false
		if a[2] != nil {
			if signed, err = t.Truth(a[2]); err != nil {
				return nil, err
			}
		}
		b := new(big.Int).SetBytes(raw)
		if signed && len(raw) > 0 && raw[0]&0x80 != 0 {
			b.Sub(b, new(big.Int).Lsh(big.NewInt(1), uint(8*len(raw))))
		}
		if cls, ok := args[0].(*Class); ok && cls != IntClass {
			return t.Call(cls, Tuple{MakeInt(b)}, nil)
		}
		return MakeInt(b), nil
	}}})
	addMethods(BoolClass, map[string]BuiltinFunc{
		"__repr__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			s, err := t.Repr(args[0])
			return Str(s), err
		},
	})
	addMethods(FloatClass, map[string]BuiltinFunc{
		// float's own repr, which a subclass's __repr__ does not change.
		"__repr__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			return Str(FloatRepr(float64(args[0].(Float)))), nil
		},
		"is_integer": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			f := float64(args[0].(Float))
			return Bool(f == math.Trunc(f) && !math.IsInf(f, 0)), nil
		},
		"conjugate": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) { return args[0], nil },
		"hex": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			return Str(floatHex(float64(args[0].(Float)))), nil
		},
		"as_integer_ratio": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			f := float64(args[0].(Float))
			if math.IsInf(f, 0) {
				return nil, Errorf(OverflowErrorClass, "cannot convert Infinity to integer ratio")
			}
			if math.IsNaN(f) {
				return nil, Errorf(ValueErrorClass, "cannot convert NaN to integer ratio")
			}
			r := new(big.Rat)
			r.SetFloat64(f)
			return Tuple{MakeInt(new(big.Int).Set(r.Num())), MakeInt(new(big.Int).Set(r.Denom()))}, nil
		},
	})
	FloatClass.Dict.SetStr("fromhex", &ClassMethod{Fn: &Builtin{Name: "fromhex", Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := checkArity("float.fromhex", "fromhex", arity{oneArg, 1, 1}, args[1:], kw); err != nil {
			return nil, err
		}
		s, ok := args[1].(Str)
		if !ok {
			return nil, Errorf(TypeErrorClass, "must be str, not %s", TypeName(args[1]))
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(string(s)), 64)
		if err != nil {
			return nil, Errorf(ValueErrorClass, "invalid hexadecimal floating-point string")
		}
		return Float(f), nil
	}}})
	// float.__getformat__('double'|'float'): the layout of C's double and
	// float, IEEE 754 in the machine's byte order, in CPython 3.11's words.
	FloatClass.Dict.SetStr("__getformat__", &ClassMethod{Fn: &Builtin{Name: "__getformat__", Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := checkArity("float.__getformat__", "__getformat__", arity{oneArg, 1, 1}, args[1:], kw); err != nil {
			return nil, err
		}
		s, ok := args[1].(Str)
		if !ok {
			return nil, Errorf(TypeErrorClass, "__getformat__() argument must be str, not %s", TypeName(args[1]))
		}
		if s != "double" && s != "float" {
			return nil, Errorf(ValueErrorClass, "__getformat__() argument 1 must be 'double' or 'float'")
		}
		one := uint16(1)
		if *(*byte)(unsafe.Pointer(&one)) == 1 {
			return Str("IEEE, little-endian"), nil
		}
		return Str("IEEE, big-endian"), nil
	}}})
}

func initBuiltinTypes() {
	initGetSets()
	StrClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) == 1 && len(kw) == 0 {
			switch x := args[0].(type) {
			case Str:
				return x, nil
			case Int:
				return intStr(x), nil
			}
			s, err := t.Str(args[0])
			return Str(s), err
		}
		a, err := parseArgs("str", args, kw, "object?", "encoding?", "errors?")
		if err != nil {
			return nil, err
		}
		if a[0] == nil {
			return Str(""), nil
		}
		for i, name := range []string{"encoding", "errors"} {
			if v := a[i+1]; v != nil {
				if _, ok := v.(Str); !ok {
					return nil, Errorf(TypeErrorClass, "str() argument '%s' must be str, not %s", name, TypeName(v))
				}
			}
		}
		if a[1] != nil || a[2] != nil {
			// bytes, bytearray and their subclasses decode.
			b, ok := bytesLike(a[0])
			if !ok {
				return nil, Errorf(TypeErrorClass, "decoding to str: need a bytes-like object, %s found", TypeName(a[0]))
			}
			// The scan counts as steps, as bytes.decode's does, and a
			// bytearray's copy is charged, as it may be the result.
			if err := t.tickBytes(len(b)); err != nil {
				return nil, err
			}
			if _, array := unwrapBase(a[0]).(*ByteArray); array {
				if err := t.Charge(int64(len(b))); err != nil {
					return nil, err
				}
			}
			return t.decodeBytes(Bytes(b), a[1], a[2])
		}
		s, err := t.Str(a[0])
		return Str(s), err
	}
	BytesClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		a, err := parseArgs("bytes", args, kw, "source?", "encoding?", "errors?")
		if err != nil {
			return nil, err
		}
		if err := codecArgTypes("bytes", a[1], a[2]); err != nil {
			return nil, err
		}
		if inst, ok := a[0].(*Instance); ok && (a[1] != nil || a[2] != nil) {
			if b, ok := inst.Base.(Str); ok {
				a[0] = b // a str subclass encodes as its text
			}
		}
		if _, isStr := a[0].(Str); !isStr {
			if a[1] != nil {
				return nil, Errorf(TypeErrorClass, "encoding without a string argument")
			}
			if a[2] != nil {
				return nil, Errorf(TypeErrorClass, "errors without a string argument")
			}
		}
		if inst, ok := a[0].(*Instance); ok && a[1] == nil {
			// An object that converts itself (bytes(obj) asks obj.__bytes__ first);
			// the array module's arrays, whose buffer CPython reads, answer here too.
			if m := inst.Class.Lookup("__bytes__"); m != nil {
				r, err := t.callMethod(m, inst, nil)
				if err != nil {
					return nil, err
				}
				if b, ok := r.(Bytes); ok {
					return b, nil
				}
				if ri, ok := r.(*Instance); ok {
					if b, ok := ri.Base.(Bytes); ok {
						return b, nil
					}
				}
				return nil, Errorf(TypeErrorClass, "__bytes__ returned non-bytes (type %s)", TypeName(r))
			}
		}
		switch x := a[0].(type) {
		case nil:
			return Bytes(""), nil
		case Str:
			if a[1] == nil {
				return nil, Errorf(TypeErrorClass, "string argument without an encoding")
			}
			return t.encodeStr(x, a[1], a[2])
		case Int:
			if x < 0 {
				return nil, Errorf(ValueErrorClass, "negative count")
			}
			if err := t.Charge(int64(x)); err != nil {
				return nil, err
			}
			return OwnBytes(make([]byte, x)), nil
		case Bytes:
			return x, nil
		case *ByteArray:
			if err := t.Charge(int64(len(x.B))); err != nil {
				return nil, err
			}
			return Bytes(x.B), nil
		}
		items, err := t.iterate(a[0], func() error {
			return Errorf(TypeErrorClass, "cannot convert '%s' object to bytes", TypeName(a[0]))
		})
		if err != nil {
			return nil, err
		}
		if err := t.Charge(int64(len(items))); err != nil {
			return nil, err
		}
		buf := make([]byte, len(items))
		for i, it := range items {
			n, ok := it.(Int)
			if !ok {
				return nil, Errorf(TypeErrorClass, "'%s' object cannot be interpreted as an integer", TypeName(it))
			}
			if n < 0 || n > 255 {
				return nil, Errorf(ValueErrorClass, "bytes must be in range(0, 256)")
			}
			buf[i] = byte(n)
		}
		return OwnBytes(buf), nil
	}
	ListClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("list", args, kw, 0, 1); err != nil {
			return nil, err
		}
		if len(args) == 0 {
			return t.NewList(nil), nil
		}
		items, err := t.iterate(args[0], nil)
		if err != nil {
			return nil, err
		}
		if err := t.ChargeItems(int64(len(items)), 16); err != nil {
			return nil, err
		}
		return t.NewList(append([]Value(nil), items...)), nil
	}
	TupleClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("tuple", args, kw, 0, 1); err != nil {
			return nil, err
		}
		if len(args) == 0 {
			return Tuple{}, nil
		}
		if tup, ok := args[0].(Tuple); ok {
			return tup, nil
		}
		items, err := t.iterate(args[0], nil)
		if err != nil {
			return nil, err
		}
		if err := t.ChargeItems(int64(len(items)), 16); err != nil {
			return nil, err
		}
		return Tuple(append([]Value(nil), items...)), nil
	}
	DictClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) > 1 {
			return nil, Errorf(TypeErrorClass, "dict expected at most 1 argument, got %d", len(args))
		}
		d := t.newDict()
		return d, t.dictUpdate(d, args, kw)
	}
	SetClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("set", args, kw, 0, 1); err != nil {
			return nil, err
		}
		s := t.newSet()
		if len(args) == 1 {
			if err := t.setUpdate(s, args[0]); err != nil {
				return nil, err
			}
		}
		return s, nil
	}
	FrozenSetClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("frozenset", args, kw, 0, 1); err != nil {
			return nil, err
		}
		s := &Set{frozen: true}
		if len(args) == 1 {
			if err := t.setUpdate(s, args[0]); err != nil {
				return nil, err
			}
		}
		return s, nil
	}
	RangeClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("range", args, kw, 1, 3); err != nil {
			return nil, err
		}
		if r := smallRange(args); r != nil {
			return r, nil
		}
		var n [3]*big.Int
		for i, a := range args {
			v, ok, err := t.bigIndex(a)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, Errorf(TypeErrorClass, "'%s' object cannot be interpreted as an integer", TypeName(a))
			}
			n[i] = v
		}
		// Bounds beyond a machine int make a BigRange.
		switch len(args) {
		case 1:
			return makeRange(new(big.Int), n[0], bigOne), nil
		case 2:
			return makeRange(n[0], n[1], bigOne), nil
		}
		if n[2].Sign() == 0 {
			return nil, Errorf(ValueErrorClass, "range() arg 3 must not be zero")
		}
		return makeRange(n[0], n[1], n[2]), nil
	}
	NoneTypeClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) > 0 || len(kw) > 0 {
			return nil, Errorf(TypeErrorClass, "NoneType takes no arguments")
		}
		return None, nil
	}
	SliceClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("slice", args, kw, 1, 3); err != nil {
			return nil, err
		}
		switch len(args) {
		case 1:
			return &Slice{Start: None, Stop: args[0], Step: None}, nil
		case 2:
			return &Slice{Start: args[0], Stop: args[1], Step: None}, nil
		}
		return &Slice{Start: args[0], Stop: args[1], Step: args[2]}, nil
	}
	addMethods(SliceClass, map[string]BuiltinFunc{
		"indices": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			n, err := t.toInt(args[1], "")
			if err != nil {
				return nil, err
			}
			a, b, c, err := t.sliceIndices(args[0].(*Slice), int(n))
			return Tuple{Int(a), Int(b), Int(c)}, err
		},
	})
	addMethods(RangeClass, map[string]BuiltinFunc{
		"index": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			ok, _ := t.Contains(args[0], args[1])
			if !ok {
				s, _ := t.Repr(args[1])
				return nil, Errorf(ValueErrorClass, "%s is not in range", s)
			}
			start, _, step, _ := rangeBounds(args[0])
			x := toBig(args[1])
			if f, isFloat := args[1].(Float); isFloat {
				x, _ = new(big.Float).SetFloat64(float64(f)).Int(nil)
			}
			d := new(big.Int).Sub(x, start)
			return MakeInt(d.Quo(d, step)), nil
		},
		"count": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			ok, _ := t.Contains(args[0], args[1])
			if ok {
				return Int(1), nil
			}
			return Int(0), nil
		},
	})
	PropertyClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		a, err := parseArgs("property", args, kw, "fget?", "fset?", "fdel?", "doc?")
		if err != nil {
			return nil, err
		}
		p := &Property{Get: nilIfNone(a[0]), Set: nilIfNone(a[1]), Del: nilIfNone(a[2]), Doc: a[3]}
		return p, nil
	}
	addMethods(PropertyClass, map[string]BuiltinFunc{
		// A copy with one accessor replaced; None keeps the old one, as
		// CPython's property_copy does.
		"setter": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			p := *args[0].(*Property)
			if args[1] != None {
				p.Set = args[1]
			}
			return &p, nil
		},
		"getter": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			p := *args[0].(*Property)
			if args[1] != None {
				p.Get = args[1]
			}
			return &p, nil
		},
		"deleter": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			p := *args[0].(*Property)
			if args[1] != None {
				p.Del = args[1]
			}
			return &p, nil
		},
		"__get__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			p := args[0].(*Property)
			if len(args) < 2 || args[1] == None {
				return p, nil
			}
			if p.Get == nil {
				return nil, Errorf(AttributeErrorClass, "property of '%s' object has no getter", TypeName(args[1]))
			}
			return t.Call(p.Get, Tuple{args[1]}, nil)
		},
	})
	// types.MethodType(fn, obj) binds fn to obj.
	MethodClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := noKw("method", kw); err != nil {
			return nil, err
		}
		if len(args) != 2 {
			return nil, Errorf(TypeErrorClass, "method expected 2 arguments, got %d", len(args))
		}
		if !isCallable(args[0]) {
			return nil, Errorf(TypeErrorClass, "first argument must be callable")
		}
		if args[1] == None {
			return nil, Errorf(TypeErrorClass, "instance must not be None")
		}
		return &BoundMethod{Self: args[1], Fn: args[0]}, nil
	}
	StaticMethodClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := noKw("staticmethod", kw); err != nil {
			return nil, err
		}
		if len(args) != 1 {
			return nil, Errorf(TypeErrorClass, "staticmethod expected 1 argument, got %d", len(args))
		}
		return &StaticMethod{Fn: args[0]}, nil
	}
	ClassMethodClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := noKw("classmethod", kw); err != nil {
			return nil, err
		}
		if len(args) != 1 {
			return nil, Errorf(TypeErrorClass, "classmethod expected 1 argument, got %d", len(args))
		}
		return &ClassMethod{Fn: args[0]}, nil
	}
	SuperClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := noKw("super", kw); err != nil {
			return nil, err
		}
		if len(args) > 2 {
			return nil, Errorf(TypeErrorClass, "super() expected at most 2 arguments, got %d", len(args))
		}
		if len(args) == 0 {
			// Zero-argument super() compiles to super(__class__, self)
			// where the function has a __class__ cell; here it has none.
			// CPython blames the missing arguments first, then the cell.
			if t.top != nil && t.top.code.ArgCount > 0 {
				return nil, Errorf(RuntimeErrorClass, "super(): __class__ cell not found")
			}
			return nil, Errorf(RuntimeErrorClass, "super(): no arguments")
		}
		c, ok := args[0].(*Class)
		if !ok {
			return nil, Errorf(TypeErrorClass, "super() argument 1 must be a type, not %s", TypeName(args[0]))
		}
		if len(args) == 1 || args[1] == None {
			// An unbound super (super(C), super(C, None)): it finds
			// nothing until a class attribute holding it is read through
			// an instance, which binds it (superBind).
			return &Super{Class: c}, nil
		}
		return newSuper(c, args[1])
	}
	addMethods(SuperClass, map[string]BuiltinFunc{
		// super(C).__get__(obj) binds an unbound super to obj, as reading
		// it through an instance does; a bound super, or obj None, is
		// answered itself.
		"__get__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			// (CPython's message names no function here.)
			if err := rangeArgs("", args[1:], kw, 1, 2); err != nil {
				return nil, err
			}
			s := args[0].(*Super)
			if args[1] == None && (len(args) < 3 || args[2] == None) {
				return nil, Errorf(TypeErrorClass, "__get__(None, None) is invalid")
			}
			if args[1] == None || s.Obj != nil {
				return s, nil
			}
			return newSuper(s.Class, args[1])
		},
	})
	EnumerateClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		a, err := parseArgs("enumerate", args, kw, "iterable", "start?")
		if err != nil {
			return nil, err
		}
		it, err := t.Iter(a[0])
		if err != nil {
			return nil, err
		}
		var n Value = Int(0)
		if a[1] != nil {
			n = a[1]
			if numKind(n) != 1 {
				return nil, Errorf(TypeErrorClass, "'%s' object cannot be interpreted as an integer", TypeName(n))
			}
			// The count is an int: start=True counts 1, 2, as CPython.
			if b, ok := n.(Bool); ok {
				n = Int(0)
				if b {
					n = Int(1)
				}
			}
		}
		return funcIterRefs([]Value{it}, EnumerateClass, func(t *Thread) (Value, bool, error) {
			v, ok, err := t.Next(it)
			if !ok || err != nil {
				return nil, false, err
			}
			r := Tuple{n, v}
			if x, ok := n.(Int); ok && x < math.MaxInt64 {
				n = boxInt(x + 1) // the common count, without Binary's dispatch
			} else {
				n, _ = t.Binary(syntax.Add, n, Int(1))
			}
			return r, true, nil
		}), nil
	}
	ZipClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		strict := false
		for _, k := range kw {
			if k.Name != "strict" {
				return nil, Errorf(TypeErrorClass, "'%s' is an invalid keyword argument for zip()", k.Name)
			}
			strict, _ = t.Truth(k.Value)
		}
		its := make([]Value, len(args))
		for i, a := range args {
			it, err := t.Iter(a)
			if err != nil {
				return nil, err
			}
			its[i] = it
		}
		return funcIterRefs(its, ZipClass, func(t *Thread) (Value, bool, error) {
			if len(its) == 0 {
				return nil, false, nil
			}
			out := make(Tuple, len(its))
			for i, it := range its {
				v, ok, err := t.Next(it)
				if err != nil {
					return nil, false, err
				}
				if !ok {
					if strict {
						if i > 0 {
							return nil, false, Errorf(ValueErrorClass, "zip() argument %d is shorter than argument%s 1%s", i+1, map[bool]string{true: "s", false: ""}[i > 1], map[bool]string{true: "-" + strconv.Itoa(i), false: ""}[i > 1])
						}
						for j := 1; j < len(its); j++ {
							if _, ok, _ := t.Next(its[j]); ok {
								return nil, false, Errorf(ValueErrorClass, "zip() argument %d is longer than argument%s 1%s", j+1, map[bool]string{true: "s", false: ""}[j > 1], map[bool]string{true: "-" + strconv.Itoa(j), false: ""}[j > 1])
							}
						}
					}
					return nil, false, nil
				}
				out[i] = v
			}
			return out, true, nil
		}), nil
	}
	MapClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := noKw("map", kw); err != nil {
			return nil, err
		}
		if len(args) < 2 {
			return nil, Errorf(TypeErrorClass, "map() must have at least two arguments.")
		}
		fn := args[0]
		its := make([]Value, len(args)-1)
		for i, a := range args[1:] {
			it, err := t.Iter(a)
			if err != nil {
				return nil, err
			}
			its[i] = it
		}
		return funcIterRefs(append([]Value{fn}, its...), MapClass, func(t *Thread) (Value, bool, error) {
			vals := make(Tuple, len(its))
			for i, it := range its {
				v, ok, err := t.Next(it)
				if !ok || err != nil {
					return nil, false, err
				}
				vals[i] = v
			}
			r, err := t.Call(fn, vals, nil)
			return r, err == nil, err
		}), nil
	}
	FilterClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("filter", args, kw, 2); err != nil {
			return nil, err
		}
		fn := args[0]
		it, err := t.Iter(args[1])
		if err != nil {
			return nil, err
		}
		return funcIterRefs([]Value{fn, it}, FilterClass, func(t *Thread) (Value, bool, error) {
			for {
				v, ok, err := t.Next(it)
				if !ok || err != nil {
					return nil, false, err
				}
				keep := v
				if fn != None {
					keep, err = t.call1(fn, v)
					if err != nil {
						return nil, false, err
					}
				}
				b, err := t.Truth(keep)
				if err != nil {
					return nil, false, err
				}
				if b {
					return v, true, nil
				}
			}
		}), nil
	}
	ReversedClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("reversed", args, kw, 1); err != nil {
			return nil, err
		}
		var items []Value
		switch x := args[0].(type) {
		case *List:
			l := x
			i := len(l.Items) - 1
			return funcIterRefs([]Value{l}, ListRevIterClass, func(t *Thread) (Value, bool, error) {
				if i < 0 || i >= len(l.Items) {
					return nil, false, nil
				}
				i--
				return l.Items[i+1], true, nil
			}), nil
		case Tuple:
			items = x
		case Str:
			// Walked backwards in place: a copy of one value per
			// character was 32 bytes for each byte of the string,
			// uncharged.
			str, i := string(x), len(x)
			return funcIterRefs([]Value{x}, ReversedClass, func(t *Thread) (Value, bool, error) {
				if i <= 0 {
					return nil, false, nil
				}
				if c := str[i-1]; c < utf8.RuneSelf {
					i--
					return asciiChars[c], true, nil
				}
				_, n := utf8.DecodeLastRuneInString(str[:i])
				i -= n
				return Str(str[i : i+n]), true, nil
			}), nil
		case *Range:
			n := x.Len()
			r := &Range{Start: x.Start + (n-1)*x.Step, Stop: x.Start - x.Step, Step: -x.Step}
			return t.Iter(r)
		case *BigRange:
			return t.Iter(bigRangeReversed(x))
		case *Dict:
			if err := t.chargeSlots(x.Len()); err != nil {
				return nil, err
			}
			items = x.Keys()
		case *DictView:
			n := x.d.Len()
			if x.kind == viewItems {
				n *= 4 // a pair for each item besides its slot
			}
			if err := t.chargeSlots(n); err != nil {
				return nil, err
			}
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
		case *ByteArray:
			// As CPython's sequence reversal: it ends early if the
			// bytearray shrinks under it.
			i := len(x.B) - 1
			return funcIterRefs([]Value{x}, ReversedClass, func(t *Thread) (Value, bool, error) {
				if i < 0 || i >= len(x.B) {
					i = -1
					return nil, false, nil
				}
				i--
				return Int(x.B[i+1]), true, nil
			}), nil
		case Bytes:
			i := len(x)
			return funcIterRefs([]Value{x}, ReversedClass, func(t *Thread) (Value, bool, error) {
				if i <= 0 {
					return nil, false, nil
				}
				i--
				return Int(x[i]), true, nil
			}), nil
		case *Instance:
			if m := x.Class.Lookup("__reversed__"); m != nil {
				return t.callMethod(m, x, nil)
			}
			if x.Class.Lookup("__len__") != nil && x.Class.Lookup("__getitem__") != nil {
				n, err := t.Len(x)
				if err != nil {
					return nil, err
				}
				i := n - 1
				return funcIterRefs([]Value{x}, ReversedClass, func(t *Thread) (Value, bool, error) {
					if i < 0 {
						return nil, false, nil
					}
					v, err := t.GetItem(x, Int(i))
					i--
					return v, err == nil, err
				}), nil
			}
			return nil, Errorf(TypeErrorClass, "'%s' object is not reversible", TypeName(x))
		default:
			return nil, Errorf(TypeErrorClass, "'%s' object is not reversible", TypeName(x))
		}
		i := len(items) - 1
		return funcIterRefs(items, ReversedClass, func(t *Thread) (Value, bool, error) {
			if i < 0 {
				return nil, false, nil
			}
			i--
			return items[i+1], true, nil
		}), nil
	}
	iterMethods := map[string]BuiltinFunc{
		"__next__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			v, ok, err := t.Next(args[0])
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, NewException(StopIterationClass)
			}
			return v, nil
		},
		"__iter__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) { return args[0], nil },
	}
	for _, c := range []*Class{ListIterClass, TupleIterClass, StrIterClass, RangeIterClass, DictKeyIterClass, DictValIterClass,
		DictItemIterClass, SetIterClass, EnumerateClass, ZipClass, MapClass, FilterClass, ReversedClass, ListRevIterClass,
		CallIterClass, SeqIterClass, BytesIterClass} {
		addMethods(c, iterMethods)
	}
	lengthHint := map[string]BuiltinFunc{
		"__length_hint__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if len(args) != 1 || len(kw) > 0 {
				return nil, Errorf(TypeErrorClass, "%s.__length_hint__() takes no arguments (%d given)", TypeName(args[0]), len(args)-1+len(kw))
			}
			switch it := args[0].(type) {
			case *ListIter:
				return Int(max(len(it.list.Items)-it.i, 0)), nil
			case *Iter:
				if n, ok, err := it.lengthHint(t); ok || err != nil {
					return Int(n), err
				}
			}
			return NotImplemented, nil
		},
	}
	for _, c := range []*Class{ListIterClass, TupleIterClass, StrIterClass, RangeIterClass, DictKeyIterClass, DictValIterClass,
		DictItemIterClass, SetIterClass, BytesIterClass} {
		addMethods(c, lengthHint)
	}
	genMethods := map[string]BuiltinFunc{
		"send": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if len(args) != 2 {
				return nil, Errorf(TypeErrorClass, "send() takes exactly one argument (%d given)", len(args)-1)
			}
			g := args[0].(*Generator)
			// The value sent is kept by the generator's frame (x = yield)
			// for as long as it stays suspended.
			if err := t.chargeStored(args[1]); err != nil {
				return nil, err
			}
			v, y, err := t.genSend(g, args[1], nil)
			if err != nil {
				return nil, err
			}
			if !y {
				if v == None {
					return nil, NewException(StopIterationClass)
				}
				return nil, NewException(StopIterationClass, v)
			}
			return v, nil
		},
		"throw": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			g := args[0].(*Generator)
			if len(args) < 2 {
				return nil, Errorf(TypeErrorClass, "throw expected at least 1 argument, got 0")
			}
			exc, err := t.makeException(args[1])
			if err != nil {
				return nil, err
			}
			if len(args) > 2 && args[2] != None {
				if c, ok := args[1].(*Class); ok {
					e, err := t.Call(c, Tuple{args[2]}, nil)
					if err != nil {
						return nil, err
					}
					exc = e.(*Instance)
				}
			}
			v, y, err := t.genSend(g, None, exc)
			if err != nil {
				return nil, err
			}
			if !y {
				return nil, NewException(StopIterationClass, v)
			}
			return v, nil
		},
		"close": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			return None, t.genClose(args[0].(*Generator))
		},
		"__next__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			v, y, err := t.genSend(args[0].(*Generator), None, nil)
			if err != nil {
				return nil, err
			}
			if !y {
				if v == None {
					return nil, NewException(StopIterationClass)
				}
				return nil, NewException(StopIterationClass, v)
			}
			return v, nil
		},
		"__iter__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) { return args[0], nil },
	}
	addMethods(GeneratorClass, genMethods)
	addMethods(CoroutineClass, map[string]BuiltinFunc{"send": genMethods["send"], "throw": genMethods["throw"], "close": genMethods["close"]})
}

func nilIfNone(v Value) Value {
	if v == None {
		return nil
	}
	return v
}

// listSort sorts l in place with key= and reverse= keywords.
func (t *Thread) listSort(l *List, kw []Kwarg) error {
	var key Value
	reverse := false
	for _, k := range kw {
		switch k.Name {
		case "key":
			if k.Value != None {
				key = k.Value
			}
		case "reverse":
			n, ok, err := t.index(k.Value)
			if err != nil {
				return err
			}
			if !ok {
				return Errorf(TypeErrorClass, "'%s' object cannot be interpreted as an integer", TypeName(k.Value))
			}
			reverse = n != 0
		default:
			return Errorf(TypeErrorClass, "'%s' is an invalid keyword argument for sort()", k.Name)
		}
	}
	items := l.Items
	// The index, the keys and the result are linear passes.
	if err := t.tickItems(3 * len(items)); err != nil {
		return err
	}
	// The list looks empty while it is sorted, as in CPython, so key
	// functions and comparisons that mutate it are detected. Whatever
	// they did is discarded: the list ends with its own items, sorted
	// when the sort finished (and then ValueError if it was modified),
	// in their old order when a key failed, as far as the sort got when
	// a comparison failed.
	if err := t.touchList(l); err != nil {
		return err
	}
	l.Items = nil
	defer func() { l.Items = items }()
	// The sort's arrays (keys, items, the merge's scratch space) are
	// held against the memory limit while it runs.
	held := SizeMul(int64(len(items)), 3*int64(unsafe.Sizeof(Value(nil))))
	if err := t.Hold(held); err != nil {
		return err
	}
	defer t.Release(held)
	// Hidden from the list, the items, and the keys the key function
	// makes, are reachable from no frame while the sort calls back into
	// the snippet: a remeasure must still see them (keys of a hundred
	// slots each for 10**5 items held 198 MiB at a 16 MiB limit).
	defer t.holdRoots(Tuple(items))()
	vals := append([]Value(nil), items...)
	var keys []Value
	if key != nil {
		keys = make([]Value, len(items))
		defer t.holdRoots(Tuple(keys))()
		for i, v := range items {
			k, err := t.call1(key, v)
			if err != nil {
				return err
			}
			keys[i] = k
		}
	} else {
		keys = append([]Value(nil), items...)
	}
	// work counts comparisons as they are made, in quarter steps (one
	// int or str comparison; a general one is four), so a long sort
	// polls the deadline as it goes rather than only before it starts.
	var work int64
	lt := func(a, b Value) (bool, error) {
		if work++; work >= 4*checkInterval {
			if err := t.tick(work / 4); err != nil {
				return false, err
			}
			work = 0
		}
		switch x := a.(type) {
		case Int:
			if y, ok := b.(Int); ok {
				return x < y, nil
			}
		case Str:
			if y, ok := b.(Str); ok {
				// Equal prefixes are compared byte by byte.
				work += int64(min(len(x), len(y))) / BytesPerStep * 4
				return x < y, nil
			}
		}
		work += 3
		r, err := t.Compare(syntax.Lt, a, b)
		if err != nil {
			return false, err
		}
		return t.Truth(r)
	}
	// CPython's algorithm (listsort.go), with its reversal around it:
	// reverse=True keeps equal items in their order.
	if reverse {
		reverseValues(keys)
		reverseValues(vals)
	}
	ts := timsort{keys: keys, vals: vals, lt: lt}
	sortErr := ts.sort()
	if sortErr == nil {
		sortErr = t.tick(work / 4)
	}
	if reverse {
		reverseValues(vals)
	}
	// A failed comparison leaves the list as far as the sort got, as
	// CPython's does.
	copy(items, vals)
	if sortErr != nil {
		return sortErr
	}
	if l.Items != nil {
		return Errorf(ValueErrorClass, "list modified during sort")
	}
	return nil
}

// floatHex formats like CPython's float.hex.
func floatHex(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	sign := ""
	if math.Signbit(f) {
		sign = "-"
		f = -f
	}
	if f == 0 {
		return sign + "0x0.0p+0"
	}
	bits := math.Float64bits(f)
	exp := int((bits >> 52) & 0x7ff)
	mant := bits & (1<<52 - 1)
	lead := 1
	if exp == 0 {
		lead = 0
		exp = -1022
	} else {
		exp -= 1023
	}
	es := strconv.Itoa(exp)
	if exp >= 0 {
		es = "+" + es
	}
	return fmt.Sprintf("%s0x%d.%013xp%s", sign, lead, mant, es)
}

func countDigits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			n++
		}
	}
	return n
}

// initTypeNew gives every other builtin type that can be called a __new__
// (set.__new__(set), bytes.__new__(bytes, 3)), so X.__new__ does not
// resolve to object.__new__, which refuses builtin types. Mutable types
// take their items in __init__, so their __new__ ignores its arguments.
func initTypeNew() {
	for _, k := range builtinsDict.Keys() {
		c, ok := builtinsDictGet(string(k.(Str))).(*Class)
		if !ok || !c.builtin || c.exception || c.new == nil || c == ObjectClass || c == TypeClass || c.Dict.HasStr("__new__") {
			continue
		}
		mutable := c == SetClass || c == ByteArrayClass
		c.Dict.SetStr("__new__", &StaticMethod{Fn: &Builtin{Name: "__new__", Self: c.Name, Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if len(args) == 0 {
				return nil, Errorf(TypeErrorClass, "%s.__new__(): not enough arguments", c.Name)
			}
			cls, ok := args[0].(*Class)
			if !ok {
				return nil, Errorf(TypeErrorClass, "%s.__new__(X): X is not a type object (%s)", c.Name, TypeName(args[0]))
			}
			if cls != c {
				if c == ByteArrayClass && cls.IsSubclass(c) {
					// bytearray.__new__(B) for a subclass B: an empty
					// instance that __init__ fills.
					return t.allocInstance(cls, nil, nil)
				}
				return nil, Errorf(TypeErrorClass, "%s.__new__(%s): %s is not a subtype of %s", c.Name, cls.Name, cls.Name, c.Name)
			}
			if mutable {
				return c.new(t, c, nil, nil)
			}
			return c.new(t, c, args[1:], kw)
		}}})
	}
}

// initBuiltinNew gives str, int, float, tuple, frozenset, bytes, list, dict,
// set and BaseException a __new__ so subclasses can call super().__new__(cls, ...).
func initBuiltinNew() {
	for _, c := range []*Class{ListClass, DictClass, SetClass, BaseExceptionClass} {
		c := c
		c.Dict.SetStr("__new__", &StaticMethod{Fn: &Builtin{Name: "__new__", Self: c.Name, Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if len(args) == 0 {
				return nil, Errorf(TypeErrorClass, "%s.__new__(): not enough arguments", c.Name)
			}
			cls, ok := args[0].(*Class)
			if !ok {
				return nil, Errorf(TypeErrorClass, "%s.__new__(X): X is not a type object (%s)", c.Name, TypeName(args[0]))
			}
			if !cls.IsSubclass(c) {
				return nil, Errorf(TypeErrorClass, "%s.__new__(%s): %s is not a subtype of %s", c.Name, cls.Name, cls.Name, c.Name)
			}
			if c == BaseExceptionClass && cls.IsSubclass(BaseExceptionGroupClass) {
				// A group without its exceptions would break every
				// method of it.
				static := ExceptionGroupClass
				if !cls.IsSubclass(ExceptionGroupClass) {
					static = BaseExceptionGroupClass
				}
				return nil, Errorf(TypeErrorClass, "BaseException.__new__(%s) is not safe, use %s.__new__()", cls.Name, static.Name)
			}
			switch {
			case cls == ListClass:
				return t.NewList(nil), nil
			case cls == DictClass:
				return NewDict(), nil
			case cls == SetClass:
				return NewSet(), nil
			case cls.builtin:
				// A builtin exception class.
				return NewException(cls, args[1:]...), nil
			}
			// list and dict take their items in __init__; an exception
			// keeps the arguments of the call.
			return t.allocInstance(cls, args[1:], nil)
		}}})
	}
	for _, c := range []*Class{StrClass, IntClass, FloatClass, TupleClass, ComplexClass, FrozenSetClass, BytesClass} {
		c := c
		c.Dict.SetStr("__new__", &StaticMethod{Fn: &Builtin{Name: "__new__", Self: c.Name, Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if len(args) == 0 {
				return nil, Errorf(TypeErrorClass, "%s.__new__(): not enough arguments", c.Name)
			}
			cls, ok := args[0].(*Class)
			if !ok || !cls.IsSubclass(c) {
				return nil, Errorf(TypeErrorClass, "%s.__new__(X): X is not a subtype of %s", c.Name, c.Name)
			}
			v, err := c.new(t, c, args[1:], kw)
			if err != nil || cls == c {
				return v, err
			}
			return &Instance{Class: cls, Dict: NewDict(), Base: v}, nil
		}}})
	}
}

// initOperatorDunders makes the operator methods of the builtin types
// reachable as attributes, as in CPython: (-7).__abs__(), (2).__add__(3),
// "a".__lt__("b"), [1].__mul__(2), int.__add__. Each one runs the operator
// itself and answers NotImplemented for an operand of a foreign type. It
// runs after the builtins are defined and never replaces a method a type
// already has. In-place methods (__iadd__, ...) are left out: on a
// subclass instance they would return the bare builtin value, not self.
func initOperatorDunders() {
	builtin := func(name string) BuiltinFunc {
		v, _ := builtinsDict.GetStr(name)
		return v.(*Builtin).Fn
	}
	abs, divmod, pow, round, length := builtin("abs"), builtin("divmod"), builtin("pow"), builtinRound, builtin("len")
	reversed := func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.Call(ReversedClass, a, kw) }
	isNum := func(v Value) bool { return numKind(v) != 0 }
	isType := func(cs ...*Class) func(Value) bool {
		return func(v Value) bool {
			for _, c := range cs {
				if TypeOf(v).IsSubclass(c) {
					return true
				}
			}
			return false
		}
	}
	binary := func(op syntax.Operator, reflected bool, accepts func(Value) bool) BuiltinFunc {
		return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs(binaryDunders[op][0], a[1:], kw, 1); err != nil {
				return nil, err
			}
			x, y := unwrapBase(a[0]), unwrapBase(a[1])
			if accepts != nil && !accepts(y) {
				return NotImplemented, nil
			}
			if accepts == nil {
				// A sequence's own + and * (tuple.__add__, str.__mul__):
				// the right operand's reflected method is never asked.
				if r, ok, err := t.seqOwnBinary(op, x, y); ok {
					return r, err
				}
			}
			if reflected {
				x, y = y, x
			}
			r, err := t.Binary(op, x, y)
			if e, ok := err.(*Instance); ok && e.Class == TypeErrorClass && len(e.Exc.Args) == 1 {
				if msg, _ := e.Exc.Args[0].(Str); strings.HasPrefix(string(msg), "unsupported operand type(s)") {
					return NotImplemented, nil
				}
			}
			return r, err
		}
	}
	compare := func(op syntax.CmpOperator, accepts func(Value) bool) BuiltinFunc {
		return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs(cmpDunders[op], a[1:], kw, 1); err != nil {
				return nil, err
			}
			if !accepts(unwrapBase(a[1])) {
				return NotImplemented, nil
			}
			return t.Compare(op, a[0], unwrapBase(a[1]))
		}
	}
	unary := func(op syntax.UnaryOperator) BuiltinFunc {
		return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return t.Unary(op, a[0])
		}
	}
	self := func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return exactInt(a[0]), nil }
	toIntBy := func(f func(float64) float64) BuiltinFunc {
		return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if x, ok := a[0].(Float); ok {
				return IntClass.new(t, IntClass, Tuple{Float(f(float64(x)))}, nil)
			}
			return IntClass.new(t, IntClass, Tuple{a[0]}, nil)
		}
	}
	numeric := map[string]BuiltinFunc{
		"__abs__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return abs(t, a[:1], nil) },
		"__neg__": unary(syntax.USub),
		"__pos__": unary(syntax.UAdd),
		"__bool__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			b, err := t.Truth(a[0])
			return Bool(b), err
		},
		"__int__":   func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return IntClass.new(t, IntClass, a[:1], nil) },
		"__float__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return FloatClass.new(t, FloatClass, a[:1], nil) },
		"__round__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			owner := "int"
			if _, ok := a[0].(Float); ok {
				owner = "float"
			}
			if err := noKw(owner+".__round__", kw); err != nil {
				return nil, err
			}
			// int.__round__ takes an int only (round(5, None) is the
			// builtin's None); float.__round__ accepts None.
			if owner == "int" && len(a) == 2 && a[1] == None {
				return nil, Errorf(TypeErrorClass, "'NoneType' object cannot be interpreted as an integer")
			}
			return round(t, a, nil)
		},
		"__trunc__": toIntBy(math.Trunc),
		"__floor__": toIntBy(math.Floor),
		"__ceil__":  toIntBy(math.Ceil),
		"__divmod__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) != 2 || !isNum(unwrapBase(a[1])) {
				return NotImplemented, nil
			}
			return divmod(t, Tuple{a[0], unwrapBase(a[1])}, nil)
		},
		"__rdivmod__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) != 2 || !isNum(unwrapBase(a[1])) {
				return NotImplemented, nil
			}
			return divmod(t, Tuple{unwrapBase(a[1]), a[0]}, nil)
		},
	}
	intOnly := map[string]BuiltinFunc{
		"__invert__": unary(syntax.Invert),
		"__trunc__":  self,
		"__floor__":  self,
		"__ceil__":   self,
	}
	arith := []syntax.Operator{syntax.Add, syntax.Sub, syntax.Mult, syntax.Div, syntax.FloorDiv, syntax.Mod, syntax.Pow}
	bitwise := []syntax.Operator{syntax.LShift, syntax.RShift, syntax.BitAnd, syntax.BitOr, syntax.BitXor}
	withOps := func(m map[string]BuiltinFunc, ops []syntax.Operator, accepts func(Value) bool, reflect bool) {
		for _, op := range ops {
			m[binaryDunders[op][0]] = binary(op, false, accepts)
			if reflect {
				m[binaryDunders[op][1]] = binary(op, true, accepts)
			}
		}
	}
	withOrder := func(m map[string]BuiltinFunc, accepts func(Value) bool) {
		for _, op := range []syntax.CmpOperator{syntax.Lt, syntax.LtE, syntax.Gt, syntax.GtE} {
			m[cmpDunders[op]] = compare(op, accepts)
		}
	}
	powWithMod := func(next BuiltinFunc) BuiltinFunc {
		return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) == 3 && a[2] != None {
				return pow(t, a, kw)
			}
			if len(a) == 3 {
				a = a[:2]
			}
			return next(t, a, kw)
		}
	}

	intM := map[string]BuiltinFunc{}
	for k, v := range numeric {
		intM[k] = v
	}
	for k, v := range intOnly {
		intM[k] = v
	}
	// int's methods take ints only ((2).__add__(1.5) is NotImplemented:
	// float.__radd__ does the work).
	isInt := isType(IntClass)
	withOps(intM, arith, isInt, true)
	withOps(intM, bitwise, isInt, true)
	withOrder(intM, isInt)
	for _, name := range []string{"__divmod__", "__rdivmod__"} {
		next := intM[name]
		intM[name] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) == 2 && !isInt(unwrapBase(a[1])) {
				return NotImplemented, nil
			}
			return next(t, a, kw)
		}
	}
	intM["__pow__"] = powWithMod(intM["__pow__"])

	floatM := map[string]BuiltinFunc{}
	for k, v := range numeric {
		floatM[k] = v
	}
	withOps(floatM, arith, isNum, true)
	withOrder(floatM, isNum)

	// complex's methods take any number; //, %, divmod and the orderings
	// are absent, as in CPython.
	isCNum := func(v Value) bool {
		_, c := v.(Complex)
		return c || numKind(v) != 0
	}
	complexM := map[string]BuiltinFunc{}
	for _, name := range []string{"__abs__", "__neg__", "__pos__", "__bool__"} {
		complexM[name] = numeric[name]
	}
	withOps(complexM, []syntax.Operator{syntax.Add, syntax.Sub, syntax.Mult, syntax.Div, syntax.Pow}, isCNum, true)
	complexM["__pow__"] = powWithMod(complexM["__pow__"])

	strM := map[string]BuiltinFunc{
		"__iter__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.Iter(a[0]) },
	}
	withOps(strM, []syntax.Operator{syntax.Add, syntax.Mult, syntax.Mod}, nil, false)
	strM["__rmul__"] = binary(syntax.Mult, false, nil)
	strM["__rmod__"] = binary(syntax.Mod, true, isType(StrClass))
	withOrder(strM, isType(StrClass))

	seq := func(c *Class) map[string]BuiltinFunc {
		m := map[string]BuiltinFunc{}
		withOps(m, []syntax.Operator{syntax.Add, syntax.Mult}, nil, false)
		m["__rmul__"] = binary(syntax.Mult, false, nil) // n * seq repeats seq as seq * n does
		withOrder(m, isType(c))
		return m
	}
	listM, tupleM := seq(ListClass), seq(TupleClass)
	// l += x and l *= n change l in place and answer it.
	listM["__iadd__"] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("__iadd__", a[1:], kw, 1); err != nil {
			return nil, err
		}
		if _, ok := a[0].(*ByteArray); ok && foreignOperand(unwrapBase(a[1])) {
			return nil, concatError(a[0], a[1])
		}
		return t.Inplace(syntax.Add, a[0], a[1])
	}
	listM["__imul__"] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("__imul__", a[1:], kw, 1); err != nil {
			return nil, err
		}
		if _, _, ok, err := repeatCount(t, a[1]); err != nil {
			return nil, err
		} else if !ok {
			return nil, Errorf(TypeErrorClass, "'%s' object cannot be interpreted as an integer", TypeName(a[1]))
		}
		if _, err := t.inplaceRepeat(unwrapBase(a[0]), a[1]); err != nil {
			return nil, err
		}
		return a[0], nil
	}
	listM["__reversed__"] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return reversed(t, a[:1], nil) }

	bytesM := seq(BytesClass)
	bytesM["__mod__"] = binary(syntax.Mod, false, nil)
	bytesM["__rmod__"] = binary(syntax.Mod, true, isType(BytesClass))
	bytesM["__len__"] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return length(t, a[:1], nil) }
	bytesM["__iter__"] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return t.Iter(a[0]) }
	bytesM["__getitem__"] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("__getitem__", a[1:], kw, 1); err != nil {
			return nil, err
		}
		return t.GetItem(a[0], a[1])
	}
	bytesM["__contains__"] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("__contains__", a[1:], kw, 1); err != nil {
			return nil, err
		}
		ok, err := t.Contains(a[0], a[1])
		return Bool(ok), err
	}
	bytesM["__bytes__"] = self

	// bytearray has bytes' operator and sequence methods, and both order
	// against either kind (b"a" < bytearray(b"b")), plus the methods that
	// change it in place. They answer as the operators do.
	isBytesLike := isType(BytesClass, ByteArrayClass)
	byteArrayM := seq(ByteArrayClass)
	withOrder(byteArrayM, isBytesLike)
	for _, name := range []string{"__mod__", "__rmod__", "__len__", "__iter__", "__getitem__", "__contains__"} {
		byteArrayM[name] = bytesM[name]
	}
	byteArrayM["__setitem__"] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("__setitem__", a[1:], kw, 2); err != nil {
			return nil, err
		}
		return None, t.SetItem(a[0], a[1], a[2])
	}
	byteArrayM["__delitem__"] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("__delitem__", a[1:], kw, 1); err != nil {
			return nil, err
		}
		return None, t.DelItem(a[0], a[1])
	}
	// ba += x and ba *= n change ba in place, as a list's do.
	byteArrayM["__iadd__"], byteArrayM["__imul__"] = listM["__iadd__"], listM["__imul__"]

	dictM := map[string]BuiltinFunc{
		"__reversed__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return reversed(t, a[:1], nil) },
	}
	withOps(dictM, []syntax.Operator{syntax.BitOr}, isType(DictClass), true)
	// d |= other updates d from any mapping or iterable of pairs, as
	// update() does, and answers d.
	dictM["__ior__"] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("__ior__", a[1:], kw, 1); err != nil {
			return nil, err
		}
		d, ok := unwrapBase(a[0]).(*Dict)
		if !ok {
			return nil, Errorf(TypeErrorClass, "descriptor '__ior__' requires a 'dict' object")
		}
		if err := t.dictUpdate(d, a[1:2], nil); err != nil {
			return nil, err
		}
		return a[0], nil
	}

	isSet := isType(SetClass, FrozenSetClass)
	setM := map[string]BuiltinFunc{}
	withOps(setM, []syntax.Operator{syntax.BitAnd, syntax.BitOr, syntax.Sub, syntax.BitXor}, isSet, true)
	withOrder(setM, isSet)
	// s |= t (and &=, -=, ^=) change a set in place and answer it.
	for dunder, op := range map[string]syntax.Operator{"__ior__": syntax.BitOr, "__iand__": syntax.BitAnd,
		"__isub__": syntax.Sub, "__ixor__": syntax.BitXor} {
		dunder, op := dunder, op
		setM[dunder] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs(dunder, a[1:], kw, 1); err != nil {
				return nil, err
			}
			if !isSet(unwrapBase(a[1])) {
				return NotImplemented, nil
			}
			return t.Inplace(op, a[0], unwrapBase(a[1]))
		}
	}

	// Equality and hashing: int.__eq__ takes ints only, float's any number;
	// the mutable containers are unhashable (list.__hash__ is None).
	hash := func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		h, err := t.Hash(a[0])
		if err != nil {
			return nil, err
		}
		return Int(int64(h)), nil
	}
	equality := func(m map[string]BuiltinFunc, accepts func(Value) bool) {
		m["__hash__"] = hash
		for _, neg := range []bool{false, true} {
			neg := neg
			name := "__eq__"
			if neg {
				name = "__ne__"
			}
			m[name] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
				if err := exactArgs(name, a[1:], kw, 1); err != nil {
					return nil, err
				}
				other := unwrapBase(a[1])
				if !accepts(other) {
					return NotImplemented, nil
				}
				eq, err := t.Equal(a[0], other)
				return Bool(eq != neg), err
			}
		}
	}
	equality(intM, isInt)
	equality(floatM, isNum)
	equality(complexM, isCNum)
	equality(tupleM, isType(TupleClass))
	// str, list and dict compare with their own kind only: another
	// operand answers NotImplemented ("".__eq__(1)), as in CPython.
	equality(strM, isType(StrClass))
	equality(listM, isType(ListClass))
	equality(dictM, isType(DictClass))
	equality(bytesM, isBytesLike)
	equality(byteArrayM, isBytesLike)
	frozenM := map[string]BuiltinFunc{}
	for k, v := range setM {
		frozenM[k] = v
	}
	for _, k := range []string{"__ior__", "__iand__", "__isub__", "__ixor__"} {
		delete(frozenM, k) // fs |= x makes a new frozenset
	}
	equality(frozenM, isSet)
	equality(setM, isSet)
	// range's sequence protocol, so hasattr(range(3), '__len__') and the
	// structural checks built on it answer as CPython's.
	rangeM := map[string]BuiltinFunc{
		"__len__":      bytesM["__len__"],
		"__iter__":     bytesM["__iter__"],
		"__getitem__":  bytesM["__getitem__"],
		"__contains__": bytesM["__contains__"],
		"__reversed__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return reversed(t, a[:1], nil) },
		"__bool__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			ok, err := t.Truth(a[0])
			return Bool(ok), err
		},
	}
	equality(rangeM, isType(RangeClass))
	sliceM := map[string]BuiltinFunc{}
	withOrder(sliceM, isType(SliceClass))
	equality(sliceM, isType(SliceClass))
	// range and dict have no order, yet CPython gives them the four
	// ordering methods (they answer NotImplemented, so < raises TypeError).
	for _, m := range []map[string]BuiltinFunc{rangeM, dictM} {
		for _, name := range []string{"__lt__", "__le__", "__gt__", "__ge__"} {
			name := name
			m[name] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
				if len(kw) > 0 {
					return nil, Errorf(TypeErrorClass, "wrapper %s() takes no keyword arguments", name)
				}
				if len(a) != 2 {
					return nil, Errorf(TypeErrorClass, "expected 1 argument, got %d", len(a)-1)
				}
				return NotImplemented, nil
			}
		}
	}
	for _, c := range []*Class{ListClass, DictClass, SetClass, ByteArrayClass, SliceClass} {
		c.Dict.SetStr("__hash__", None)
	}
	// None.__bool__() is False and NotImplemented.__bool__() True, as
	// their truth tests answer.
	falsy := func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("__bool__", a[1:], kw, 0); err != nil {
			return nil, err
		}
		return Bool(false), nil
	}
	truthy := func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("__bool__", a[1:], kw, 0); err != nil {
			return nil, err
		}
		return Bool(true), nil
	}
	delete(setM, "__hash__")

	// __getnewargs__ of the immutable builtin types: the value, as a plain
	// int, float, str, bytes or tuple (copy's reconstruction asks it).
	for name, m := range map[string]map[string]BuiltinFunc{"int": intM, "float": floatM, "str": strM, "bytes": bytesM, "tuple": tupleM} {
		qual := name + ".__getnewargs__"
		m["__getnewargs__"] = func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if err := exactArgs(qual, a[1:], kw, 0); err != nil {
				return nil, err
			}
			v := exactInt(unwrapBase(a[0]))
			if tu, ok := v.(Tuple); ok {
				v = append(Tuple(nil), tu...)
			}
			return Tuple{v}, nil
		}
	}
	for c, m := range map[*Class]map[string]BuiltinFunc{
		IntClass: intM, FloatClass: floatM, ComplexClass: complexM, StrClass: strM, ListClass: listM, TupleClass: tupleM,
		BytesClass: bytesM, ByteArrayClass: byteArrayM, DictClass: dictM, SetClass: setM, FrozenSetClass: frozenM, RangeClass: rangeM,
		SliceClass: sliceM, NoneTypeClass: {"__hash__": hash, "__bool__": falsy}, NotImplementedClass: {"__bool__": truthy},
	} {
		for name, fn := range m {
			if _, ok := c.Dict.GetStr(name); ok {
				continue
			}
			c.Dict.SetStr(name, &Builtin{Name: name, Fn: checkedMethod(c, name, fn), Self: c.Name})
		}
	}
}

// splitGroup is ExceptionGroup.split(condition): the leaf exceptions that
// match condition (an exception type, a tuple of them, or a predicate) and
// those that do not, each regrouped with the nesting and message of exc
// (nil for an empty side). A group that matches as a whole is not split.
func splitGroup(t *Thread, exc, condition Value, newGroup func(*Thread, *Class, Tuple, []Kwarg) (Value, error)) (match, rest Value, err error) {
	matches := func(v Value) (bool, error) {
		switch c := condition.(type) {
		case *Class, Tuple:
			if cls, ok := c.(*Class); ok && !cls.exception {
				break
			}
			return isInstance(t, v, TypeOf(v), c, "isinstance")
		}
		if !isCallable(condition) {
			return false, Errorf(TypeErrorClass, "expected a function, exception type or tuple of exception types")
		}
		r, err := t.Call(condition, Tuple{v}, nil)
		if err != nil {
			return false, err
		}
		return t.Truth(r)
	}
	return splitGroupBy(t, exc, matches, newGroup)
}

// splitGroupBy is splitGroup with the condition as a Go predicate.
func splitGroupBy(t *Thread, exc Value, matches func(Value) (bool, error), newGroup func(*Thread, *Class, Tuple, []Kwarg) (Value, error)) (match, rest Value, err error) {
	ok, err := matches(exc)
	if err != nil || ok {
		return exc, nil, err
	}
	e := exc.(*Instance)
	if e.Exc.Group == nil {
		// Not a group (a group has its exceptions from groupNew).
		return nil, exc, nil
	}
	// Groups nest as deep as a snippet builds them.
	if err := t.enterGo(); err != nil {
		return nil, nil, err
	}
	defer t.leaveGo()
	items := e.Exc.Group
	// A group listed many times (a tree of shared groups, 15 wide and 8
	// deep, has 15**8 leaves in a few hundred bytes) is split once per
	// listing, as in CPython: every visit counts, and the parts built so
	// far are roots of the memory measurement while the rest is split.
	if err := t.tickVisit(len(items)); err != nil {
		return nil, nil, err
	}
	ms, rs := t.NewList(nil), t.NewList(nil)
	defer t.holdRoots(ms, rs)()
	for _, it := range items {
		m, r, err := splitGroupBy(t, it, matches, newGroup)
		if err != nil {
			return nil, nil, err
		}
		if m != nil {
			ms.Items = append(ms.Items, m)
		}
		if r != nil {
			rs.Items = append(rs.Items, r)
		}
	}
	derive := func(part []Value) (Value, error) {
		if len(part) == 0 {
			return nil, nil
		}
		var g Value
		var err error
		if m := e.Class.Lookup("derive"); m != nil && !e.Class.builtin {
			// A subclass's derive makes its parts, as in CPython.
			if _, builtin := m.(*Builtin); !builtin {
				g, err = t.callMethod(m, e, Tuple{t.NewList(part)})
			}
		}
		if g == nil && err == nil {
			g, err = newGroup(t, BaseExceptionGroupClass, Tuple{e.Exc.GroupMsg, t.NewList(part)}, nil)
		}
		if err != nil {
			return nil, err
		}
		d, ok := g.(*Instance)
		if !ok || d.Exc == nil || d.Exc.Group == nil {
			return nil, Errorf(TypeErrorClass, "derive must return an instance of BaseExceptionGroup")
		}
		if d.Dict == nil {
			d.Dict = NewDict()
		}
		d.Exc.Cause, d.Exc.Context, d.Exc.SuppressContext = e.Exc.Cause, e.Exc.Context, e.Exc.SuppressContext
		d.Exc.TB = e.Exc.TB[:len(e.Exc.TB):len(e.Exc.TB)]
		if e.Dict != nil {
			if notes, ok := e.Dict.GetStr("__notes__"); ok {
				// Each part gets its own copy of a sequence of notes, as
				// CPython's exceptiongroup_subset makes with list(notes);
				// anything else is not carried over.
				_, isDict := notes.(*Dict)
				if !isDict && TypeOf(notes).Lookup("__getitem__") != nil {
					cp, err := t.Call(ListClass, Tuple{notes}, nil)
					if err != nil {
						return nil, err
					}
					d.Dict.SetStr("__notes__", cp)
				}
			}
		}
		return d, nil
	}
	if match, err = derive(ms.Items); err != nil {
		return nil, nil, err
	}
	rest, err = derive(rs.Items)
	return match, rest, err
}

// newRange makes a range, refusing one whose length does not fit a
// machine int (Range.Len would wrap) with the OverflowError CPython's
// len() of it raises.
// smallRange is range(*args) for the common arguments, machine ints whose
// range has a machine-int length, made without the big ints of the general
// path (a range in a loop's body is made each time round); nil for any
// other arguments, a step of 0 included, which the general path handles.
func smallRange(args Tuple) Value {
	var n [3]int64
	for i, a := range args {
		x, ok := a.(Int)
		if !ok {
			return nil
		}
		n[i] = int64(x)
	}
	var r Value
	var err error
	switch len(args) {
	case 1:
		r, err = newRange(0, n[0], 1)
	case 2:
		r, err = newRange(n[0], n[1], 1)
	default:
		if n[2] == 0 {
			return nil
		}
		r, err = newRange(n[0], n[1], n[2])
	}
	if err != nil {
		return nil
	}
	return r
}

func newRange(start, stop, step int64) (Value, error) {
	lo, hi := start, stop
	if step < 0 {
		lo, hi = stop, start
	}
	if hi > lo && hi-lo < 0 {
		return nil, Errorf(OverflowErrorClass, "Python int too large to convert to C ssize_t")
	}
	return &Range{Start: start, Stop: stop, Step: step}, nil
}

// exactInt is an int method's receiver as an exact int: int's __index__,
// __trunc__, __floor__, __ceil__ and conjugate answer 1 for True, as
// CPython's do. Other values (a float's) pass through.
func exactInt(v Value) Value {
	if b, ok := v.(Bool); ok {
		return boolToInt(b)
	}
	return v
}
