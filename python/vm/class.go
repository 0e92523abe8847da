package vm

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"unsafe"
	"weak"
)

// Kwarg is one keyword argument of a call.
type Kwarg struct {
	Name  string
	Value Value
}

// BuiltinFunc implements a builtin function or method. For methods, args[0]
// is the receiver.
type BuiltinFunc func(t *Thread, args Tuple, kw []Kwarg) (Value, error)

// Builtin is a function implemented in Go.
type Builtin struct {
	Name string
	Fn   BuiltinFunc
	// Self is the receiver's class name for methods ("str" for str.upper),
	// used in repr; "" for functions.
	Self string
	// Held, when set, is the Go memory Fn's closure keeps for one object
	// (a library's per-object state), for the retained-size walk.
	Held *Held
	// method is set by NewMethod: a library class's method, bound to
	// the instance like a builtin type's (Self set).
	method bool
	// ctor is set by NewConstructor: a library class's __new__ written in
	// Go, which calling the class runs (a builtin base's __new__ does not).
	ctor bool
}

// NewConstructor makes fn the __new__ of a library's Python class (wrap it in
// staticmethod): calling the class calls fn(cls, *args, **kwargs) and, when the
// result is an instance of the class, its __init__, as for a Python __new__.
func NewConstructor(fn BuiltinFunc) *Builtin {
	return &Builtin{Name: "__new__", Fn: fn, ctor: true}
}

// binds reports whether b, found on an instance's class, is bound to the
// instance: a method of a type (list.append) is; a builtin function
// stored as a class attribute (class H: size = len) is not, as in
// CPython, where only method descriptors bind.
func (b *Builtin) binds() bool { return b.Self != "" || b.method }

// Held is Go memory a library keeps for one Python object outside any
// Python value: a compiled pattern's program, a match's spans, the
// subject's runes several matches share. The retained-size walk cannot
// see into a closure, so without this an object that keeps megabytes
// would be counted as a few bytes and a session could keep any number.
type Held struct {
	// Own is the heap this object alone keeps.
	Own int64
	// Shared is the heap of a buffer at Key that several objects may
	// keep (counted once per walk); Key nil means none.
	Key    unsafe.Pointer
	Shared int64
	// Refs are the Python values the Go state keeps alive.
	Refs []Value
}

// BoundMethod is a callable bound to its receiver.
type BoundMethod struct {
	Self Value
	Fn   Value
}

// Class is a Python class, builtin or user-defined.
type Class struct {
	Name     string
	QualName string
	Module   string
	Bases    []*Class
	MRO      []*Class
	Dict     *Dict
	// builtin is set for the classes of builtin types.
	builtin bool
	// exception is set for BaseException and its subclasses.
	exception bool
	// new constructs instances of a builtin type; nil for user classes
	// (which inherit it from their builtin base, if any).
	new func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error)
	// base is the builtin class whose instances carry the state (object
	// for plain classes).
	base *Class
	// noDict is set when instances have no __dict__: every class of the
	// MRO declares __slots__ (without '__dict__'); layout is the slots
	// its instances hold, nil for none (see slots.go).
	noDict bool
	layout *slotLayout
	// CName is the name CPython's messages give the class when CPython
	// implements it in C (tp_name: 'datetime.date', '_io.StringIO'),
	// "" for the others, whose messages use Name.
	CName string
	// ctor remembers whether calls can construct inline (ctor.go);
	// attrHint is the most attributes an instance has held.
	ctor     atomic.Pointer[ctorInfo]
	attrHint atomic.Int32
	// dunders caches special methods Go code looks up (dunders.go).
	dunders atomic.Pointer[dunderCache]
	// cpy is a user class's layout as CPython's (classbases.go), nil when
	// unknown; tpBase is CPython's tp_base of it; ownDict says whether
	// its statement gave instances a __dict__ (no __slots__, or
	// '__dict__' among them); subclasses are the user classes deriving
	// from it directly, for __bases__ assignment.
	cpy        *cpyLayout
	tpBase     *Class
	ownDict    bool
	subclasses []weak.Pointer[Class]
	// meta is the class's metaclass when it is not type (a user class
	// deriving from type: class C(metaclass=M)); nil means type, so an
	// ordinary class pays one nil test where a metaclass could act
	// (TypeOf, attribute lookup, calls, the dunders of classes).
	meta *Class
	// abstract is set while the class's __abstractmethods__ is non-empty
	// (abc.ABCMeta sets it): object.__new__ refuses to instantiate it,
	// as CPython's Py_TPFLAGS_IS_ABSTRACT does.
	abstract bool
	// immutable is CPython's tp_name of a library class that CPython
	// implements as an immutable type (re.Pattern, datetime.date): set
	// once the module that made it has finished its body, it makes
	// type.__setattr__ and type.__delattr__ refuse as they do for the
	// builtin classes; "" for a mutable class.
	immutable string
}

// SetImmutable makes c refuse attribute assignment and deletion with
// CPython's "cannot set 'x' attribute of immutable type 'name'", name
// being CPython's tp_name of c. A library calls it after its module
// body has set what it sets on c; subclasses stay mutable.
func (c *Class) SetImmutable(name string) { c.immutable = name }

// immutableName is the name type.__setattr__ gives c when refusing, ""
// when c is mutable.
func (c *Class) immutableName() string {
	if c.immutable != "" {
		return c.immutable
	}
	if c.builtin {
		return c.Name
	}
	return ""
}

// metaMethod returns what c's metaclass defines for name in the classes
// of its MRO written in Python (up to type), or nil: nil at once for a
// class whose metaclass is type.
func (c *Class) metaMethod(name string) Value {
	if c.meta == nil {
		return nil
	}
	h := strHash(name)
	for _, k := range c.meta.MRO {
		if k.builtin {
			return nil
		}
		if v, ok := k.Dict.getStrH(name, h); ok {
			return v
		}
	}
	return nil
}

// isMeta reports whether c is a metaclass: type or a class deriving from
// it, whose instances are classes.
func (c *Class) isMeta() bool {
	return c.base == TypeClass
}

// MessageName is the class's name in error messages: CName, else the name
// an immutable type is refused under (CPython's tp_name for both:
// 'itertools.count', 'functools.partial', 're.Pattern'), else Name.
func (c *Class) MessageName() string {
	if c.CName != "" {
		return c.CName
	}
	if c.immutable != "" {
		return c.immutable
	}
	return c.Name
}

// Instance is an instance of a user-defined class (or of a builtin
// exception class).
type Instance struct {
	Class *Class
	Dict  *Dict
	Exc   *ExcState // non-nil for exceptions
	// Slots holds the values of the instance's __slots__, apart from
	// its __dict__; nil until one is set.
	Slots *Dict
	// Base holds the builtin value of an instance of a dict or list
	// subclass.
	Base Value
	// gen is the epoch of the journal that saved the instance last, or of
	// the run that made it (journal.go).
	gen uint64
}

// hasBase reports whether v is an instance of a subclass of a builtin
// value type.
func hasBase(v Value) bool {
	inst, ok := v.(*Instance)
	return ok && inst.Base != nil
}

// unwrapBase returns the builtin value inside an instance of a subclass of
// dict or list, or v itself.
func unwrapBase(v Value) Value {
	if inst, ok := v.(*Instance); ok && inst.Base != nil {
		return inst.Base
	}
	return v
}

// Property is the value of a property.
type Property struct {
	Get, Set, Del Value
	Doc           Value
}

// StaticMethod wraps a function stored in a class.
type StaticMethod struct{ Fn Value }

// ClassMethod wraps a function stored in a class.
type ClassMethod struct{ Fn Value }

// Super is the value of super(cls, obj).
type Super struct {
	Class *Class
	Obj   Value
}

// Namespace is the object through which snippets reach scoped host
// functions ("greeter.greet").
type Namespace struct {
	Name  string
	Attrs *Dict
}

// Lookup finds name in the class's MRO, returning nil when absent.
func (c *Class) Lookup(name string) Value {
	return c.lookupH(name, strHash(name))
}

func (c *Class) lookupH(name string, h uint64) Value {
	for _, k := range c.MRO {
		if v, ok := k.Dict.getStrH(name, h); ok {
			return v
		}
	}
	return nil
}

// IsSubclass reports whether c is sub or derives from it.
func (c *Class) IsSubclass(sup *Class) bool {
	if c == sup {
		return true
	}
	for _, k := range c.MRO {
		if k == sup {
			return true
		}
	}
	return false
}

// computeMRO returns the C3 linearisation of c.
func computeMRO(c *Class) ([]*Class, error) {
	if len(c.Bases) == 1 {
		return append([]*Class{c}, c.Bases[0].MRO...), nil
	}
	for i, b := range c.Bases {
		if slices.Contains(c.Bases[:i], b) {
			return nil, Errorf(TypeErrorClass, "duplicate base class %s", b.Name)
		}
	}
	seqs := [][]*Class{}
	for _, b := range c.Bases {
		seqs = append(seqs, append([]*Class(nil), b.MRO...))
	}
	seqs = append(seqs, append([]*Class(nil), c.Bases...))
	out := []*Class{c}
	for {
		nonEmpty := false
		for _, s := range seqs {
			if len(s) > 0 {
				nonEmpty = true
			}
		}
		if !nonEmpty {
			return out, nil
		}
		var cand *Class
		for _, s := range seqs {
			if len(s) == 0 {
				continue
			}
			head := s[0]
			inTail := false
			for _, s2 := range seqs {
				for _, x := range s2[min(1, len(s2)):] {
					if x == head {
						inTail = true
					}
				}
			}
			if !inTail {
				cand = head
				break
			}
		}
		if cand == nil {
			names := []string{}
			seen := map[*Class]bool{}
			for _, s := range seqs {
				if len(s) > 0 && !seen[s[0]] {
					seen[s[0]] = true
					names = append(names, s[0].Name)
				}
			}
			return nil, Errorf(TypeErrorClass, "Cannot create a consistent method resolution\norder (MRO) for bases %s", strings.Join(names, ", "))
		}
		out = append(out, cand)
		for i, s := range seqs {
			if len(s) > 0 && s[0] == cand {
				seqs[i] = s[1:]
			}
		}
	}
}

// newBuiltinClass makes the class of a builtin type; methods are added by
// the caller before any run starts.
func newBuiltinClass(name string, base *Class) *Class {
	c := &Class{Name: name, QualName: name, Module: "builtins", Dict: NewDict(), builtin: true}
	c.Dict.class = true
	if base != nil {
		c.Bases = []*Class{base}
		c.MRO = append([]*Class{c}, base.MRO...)
		c.exception = base.exception
		c.new = base.new
	} else {
		c.MRO = []*Class{c}
	}
	c.base = c
	return c
}

// NewClass creates a user class (the class statement).
func (t *Thread) NewClass(name, qualname string, bases []*Class, ns *Dict) (*Class, error) {
	if len(bases) == 0 {
		bases = []*Class{ObjectClass}
	}
	// A __qualname__ the class body assigned names the class (and is not
	// kept in its namespace); the body's __module__ does too.
	if q, ok := ns.GetStr("__qualname__"); ok {
		s, ok := q.(Str)
		if !ok {
			return nil, Errorf(TypeErrorClass, "type __qualname__ must be a str, not %s", TypeName(q))
		}
		qualname = string(s)
		ns.DeleteStr("__qualname__")
	}
	module := "__main__"
	if m, ok := ns.GetStr("__module__"); ok {
		if s, ok := m.(Str); ok {
			module = string(s)
		}
	}
	c := &Class{Name: name, QualName: qualname, Module: module, Bases: bases, Dict: ns}
	ns.class = true
	classChanged()
	var base *Class
	for _, b := range bases {
		if b.builtin && !b.exception && b != ObjectClass && !subclassable[b.Name] {
			return nil, Errorf(TypeErrorClass, "type '%s' is not an acceptable base type", b.Name)
		}
		bb := b.base
		if base == nil || base == ObjectClass {
			base = bb
		} else if bb != ObjectClass && bb != base && !bb.IsSubclass(base) && !base.IsSubclass(bb) {
			return nil, Errorf(TypeErrorClass, "multiple bases have instance lay-out conflict")
		} else if bb.IsSubclass(base) {
			base = bb
		}
		if b.exception {
			c.exception = true
		}
	}
	c.base = base
	c.new = base.new
	mro, err := computeMRO(c)
	if err != nil {
		return nil, err
	}
	c.MRO = mro
	// The class holds its MRO and names besides its namespace (charged
	// as it was filled): what sizeWalker counts for it. A chain of
	// classes each deriving from the last holds MROs quadratic in its
	// length, so the charge follows len(mro).
	if err := t.Charge(classBytes(c)); err != nil {
		return nil, err
	}
	decl, err := t.declareSlots(c, ns)
	if err != nil {
		return nil, err
	}
	if l, tb, err := computeLayout(c, decl); err == nil {
		c.cpy, c.tpBase = l, tb
	}
	if err := t.addSubclass(c); err != nil {
		return nil, err
	}
	if v, ok := ns.GetStr("__new__"); ok {
		if f, ok := v.(*Function); ok {
			ns.SetStr("__new__", &StaticMethod{Fn: f})
		}
	}
	if v, ok := ns.GetStr("__init_subclass__"); ok {
		if f, ok := v.(*Function); ok {
			ns.SetStr("__init_subclass__", &ClassMethod{Fn: f})
		}
	}
	if !ns.HasStr("__hash__") && ns.HasStr("__eq__") {
		ns.SetStr("__hash__", None)
	}
	return c, nil
}

// subclassable lists the builtin non-exception types user classes may
// derive from.
var subclassable = map[string]bool{"type": true, "dict": true, "list": true, "str": true, "int": true, "float": true, "complex": true, "tuple": true, "set": true, "frozenset": true, "bytes": true, "bytearray": true}

// immutableBase reports whether instances of subclasses of c carry a value
// fixed at construction (str, int, float, tuple).
func immutableBase(c *Class) bool {
	return c == StrClass || c == IntClass || c == FloatClass || c == TupleClass || c == FrozenSetClass || c == BytesClass
}

// describe returns a short description for error messages.
func describe(v Value) string {
	switch v := v.(type) {
	case *Function:
		return v.QualName + "()"
	case *Builtin:
		return v.Name + "()"
	}
	return fmt.Sprintf("'%s' object", TypeName(v))
}
