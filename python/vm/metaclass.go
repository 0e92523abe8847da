package vm

import (
	"fmt"
	"sort"
	"strings"

	"github.com/toolplane/toolplane/python/syntax"
)

// Metaclasses.
//
// A class's metaclass is type unless a class statement names another
// (class C(metaclass=M)) or a base has one. A metaclass is a user class
// deriving from type; its instances are *Class values whose meta field
// points at it. TypeOf(C) is C.meta, or type when meta is nil, so an
// ordinary class pays a nil test where a metaclass could act: calling the
// class (M.__call__), its attributes (M's methods and descriptors, then
// M.__getattr__), and the dunders of classes (len, iter, in, [], repr,
// str, bool, ==, hash, isinstance, issubclass).

// metaConflict is CPython's message when no metaclass of a class's bases
// derives from all the others.
const metaConflict = "metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases"

// hashSetName is the hash of __set_name__, looked up on the type of every
// attribute of a new class.
var hashSetName = strHash("__set_name__")

// calculateMeta returns the most derived of meta and the metaclasses of
// bases, as CPython's _PyType_CalculateMetaclass does.
func calculateMeta(meta *Class, bases Tuple) (*Class, error) {
	winner := meta
	for _, b := range bases {
		bt := TypeOf(b)
		if winner.IsSubclass(bt) {
			continue
		}
		if bt.IsSubclass(winner) {
			winner = bt
			continue
		}
		return nil, Errorf(TypeErrorClass, metaConflict)
	}
	return winner, nil
}

// classTuple returns bases as a tuple of classes.
func classTuple(bases []*Class) Tuple {
	out := make(Tuple, len(bases))
	for i, c := range bases {
		out[i] = c
	}
	return out
}

// isBuiltinFn reports whether v is implemented in Go.
func isBuiltinFn(v Value) bool {
	_, ok := v.(*Builtin)
	return ok
}

// typeNewArgs is type.__new__(mcs, name, bases, ns, **kw) with its
// arguments checked as CPython checks them.
func (t *Thread) typeNewArgs(mcs *Class, args Tuple, kw []Kwarg) (Value, error) {
	if len(args) != 3 {
		return nil, Errorf(TypeErrorClass, "type.__new__() takes exactly 3 arguments (%d given)", len(args))
	}
	name, ok := args[0].(Str)
	if !ok {
		return nil, Errorf(TypeErrorClass, "type.__new__() argument 1 must be str, not %s", TypeName(args[0]))
	}
	bt, ok := args[1].(Tuple)
	if !ok {
		return nil, Errorf(TypeErrorClass, "type.__new__() argument 2 must be tuple, not %s", TypeName(args[1]))
	}
	var ns *Dict
	switch d := args[2].(type) {
	case *Dict:
		ns = d
	case *Instance:
		ns, _ = d.Base.(*Dict)
	}
	if ns == nil {
		return nil, Errorf(TypeErrorClass, "type.__new__() argument 3 must be dict, not %s", TypeName(args[2]))
	}
	winner, err := calculateMeta(mcs, bt)
	if err != nil {
		return nil, err
	}
	if winner != mcs {
		// A base's metaclass derives from mcs: its __new__ makes the
		// class, as CPython's type_new defers to the winner's tp_new.
		if nm, ok := winner.Lookup("__new__").(*StaticMethod); ok && !isBuiltinFn(nm.Fn) {
			return t.Call(nm.Fn, Tuple{winner, name, bt, args[2]}, kw)
		}
	}
	bases := make([]*Class, len(bt))
	for i, b := range bt {
		c, ok := b.(*Class)
		if !ok {
			return nil, Errorf(TypeErrorClass, "bases must be types")
		}
		bases[i] = c
	}
	own := ns.Copy()
	if err := t.Charge(newBytes(own)); err != nil {
		return nil, err
	}
	return t.newClassFrom(winner, string(name), bases, own, kw, t.classCell(ns))
}

// pendingClassCell is the __class__ cell of a class statement whose
// class is being made from namespace ns.
type pendingClassCell struct {
	ns   *Dict
	cell *Cell
}

// classCell is the __class__ cell of the class statement whose namespace
// is ns, or nil.
func (t *Thread) classCell(ns *Dict) *Cell {
	for i := len(t.classCells) - 1; i >= 0; i-- {
		if t.classCells[i].ns == ns {
			return t.classCells[i].cell
		}
	}
	return nil
}

// newClassFrom makes the class of metaclass mcs from its name, bases and
// namespace (which becomes the class's own), then runs the __set_name__
// of its attributes and its bases' __init_subclass__ with kw, in CPython's
// order. cell, when not nil, is the class statement's __class__ cell: it
// holds the class before any of that code runs, so a method using
// super() or __class__ works when __init_subclass__ calls it.
func (t *Thread) newClassFrom(mcs *Class, name string, bases []*Class, ns *Dict, kw []Kwarg, cell *Cell) (*Class, error) {
	qual := name
	if q, ok := ns.GetStr("__qualname__"); ok {
		s, ok := q.(Str)
		if !ok {
			return nil, Errorf(TypeErrorClass, "type __qualname__ must be a str, not %s", TypeName(q))
		}
		qual = string(s)
		ns.DeleteStr("__qualname__")
	}
	if _, ok := ns.GetStr("__doc__"); !ok {
		// Every class defines __doc__, None without a docstring, so
		// C().__doc__ is None rather than an AttributeError.
		ns.SetStr("__doc__", None)
	}
	cls, err := t.NewClass(name, qual, bases, ns)
	if err != nil {
		return nil, err
	}
	if mcs != TypeClass {
		cls.meta = mcs
	}
	if cell != nil && cell.V == nil {
		cell.V = cls
	}
	if v, ok := ns.GetStr("__abstractmethods__"); ok {
		if cls.abstract, err = t.Truth(v); err != nil {
			return nil, err
		}
	}
	// __set_name__ of the attributes, then the bases' __init_subclass__
	// (type_new_set_names before type_new_init_subclass).
	for _, it := range ns.Items() {
		if _, plain := it[1].(*Function); plain {
			continue
		}
		if m := TypeOf(it[1]).lookupH("__set_name__", hashSetName); m != nil {
			if _, err := t.callMethod(m, it[1], Tuple{cls, it[0]}); err != nil {
				return nil, err
			}
		}
	}
	if len(cls.MRO) > 1 {
		for _, k := range cls.MRO[1:] {
			m, ok := k.Dict.GetStr("__init_subclass__")
			if !ok {
				continue
			}
			if cm, ok := m.(*ClassMethod); ok {
				if b, ok := cm.Fn.(*Builtin); ok && b.Self == "object" {
					if len(kw) > 0 {
						return nil, Errorf(TypeErrorClass, "%s.__init_subclass__() takes no keyword arguments", name)
					}
					break
				}
				if _, err := t.Call(cm.Fn, Tuple{cls}, kw); err != nil {
					return nil, err
				}
			} else if _, err := t.callMethod(m, cls, nil, kw...); err != nil {
				return nil, err
			}
			break
		}
	}
	return cls, nil
}

// callMetaclass calls metaclass mcs (M(name, bases, ns)) as type.__call__
// does: M.__new__ makes the class, and M.__init__ initialises it when it
// is an instance of M.
func (t *Thread) callMetaclass(mcs *Class, args Tuple, kw []Kwarg) (Value, error) {
	var r Value
	var err error
	switch nm := mcs.Lookup("__new__").(type) {
	case *StaticMethod:
		if isBuiltinFn(nm.Fn) {
			r, err = t.typeNewArgs(mcs, args, kw)
		} else {
			r, err = t.Call(nm.Fn, append(Tuple{mcs}, args...), kw)
		}
	case nil:
		r, err = t.typeNewArgs(mcs, args, kw)
	default:
		r, err = t.Call(nm, append(Tuple{mcs}, args...), kw)
	}
	if err != nil {
		return nil, err
	}
	if !TypeOf(r).IsSubclass(mcs) {
		return r, nil
	}
	if init := TypeOf(r).Lookup("__init__"); init != nil && !isBuiltinFn(init) {
		v, err := t.callMethod(init, r, args, kw...)
		if err != nil {
			return nil, err
		}
		if v != None {
			return nil, Errorf(TypeErrorClass, "__init__() should return None, not '%s'", TypeName(v))
		}
	}
	return r, nil
}

// abstractError is object.__new__'s refusal of a class whose
// __abstractmethods__ is not empty.
func (t *Thread) abstractError(cls *Class) error {
	var names []string
	if v, ok := cls.Dict.GetStr("__abstractmethods__"); ok {
		items, err := t.iterate(v, nil)
		if err != nil {
			return err
		}
		for _, it := range items {
			s, err := t.Str(it)
			if err != nil {
				return err
			}
			names = append(names, s)
		}
	}
	sort.Strings(names)
	return Errorf(TypeErrorClass, "Can't instantiate abstract class %s with abstract method%s %s", cls.Name, sfx(len(names)), strings.Join(names, ", "))
}

// initMetaclassMethods gives type the methods a metaclass inherits:
// __new__, __init__, __call__ and __prepare__.
func initMetaclassMethods() {
	TypeClass.Dict.SetStr("__new__", &StaticMethod{Fn: &Builtin{Name: "__new__", Self: "type", Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) == 0 {
			return nil, Errorf(TypeErrorClass, "type.__new__(): not enough arguments")
		}
		mcs, ok := args[0].(*Class)
		if !ok {
			return nil, Errorf(TypeErrorClass, "type.__new__(X): X is not a type object (%s)", TypeName(args[0]))
		}
		if !mcs.IsSubclass(TypeClass) {
			return nil, Errorf(TypeErrorClass, "type.__new__(%s): %s is not a subtype of type", mcs.Name, mcs.Name)
		}
		if mcs == TypeClass && len(args) == 2 && len(kw) == 0 {
			return TypeOf(args[1]), nil
		}
		return t.typeNewArgs(mcs, args[1:], kw)
	}}})
	TypeClass.Dict.SetStr("__init__", &Builtin{Name: "__init__", Self: "type", Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) == 0 {
			return nil, Errorf(TypeErrorClass, "descriptor '__init__' of 'type' object needs an argument")
		}
		if !isClass(args[0]) {
			return nil, Errorf(TypeErrorClass, "descriptor '__init__' requires a 'type' object but received a '%s'", TypeName(args[0]))
		}
		if n := len(args) - 1; n != 1 && n != 3 {
			return nil, Errorf(TypeErrorClass, "type.__init__() takes 1 or 3 arguments")
		}
		if len(args) == 2 && len(kw) > 0 {
			return nil, Errorf(TypeErrorClass, "type.__init__() takes no keyword arguments")
		}
		return None, nil
	}})
	TypeClass.Dict.SetStr("__getattribute__", typeAttrMethod("__getattribute__", 1, func(t *Thread, c *Class, name string, args Tuple) (Value, error) {
		return t.typeGetAttr(c, name)
	}))
	TypeClass.Dict.SetStr("__setattr__", typeAttrMethod("__setattr__", 2, func(t *Thread, c *Class, name string, args Tuple) (Value, error) {
		return None, t.typeSetAttr(c, name, args[2])
	}))
	TypeClass.Dict.SetStr("__delattr__", typeAttrMethod("__delattr__", 1, func(t *Thread, c *Class, name string, args Tuple) (Value, error) {
		return None, t.typeDelAttr(c, name)
	}))
	TypeClass.Dict.SetStr("__prepare__", &ClassMethod{Fn: &Builtin{Name: "__prepare__", Self: "type", Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		return NewDict(), nil
	}}})
}

// typeAttrMethod is type's attribute method named method, taking the
// class, an attribute name and n-1 more arguments (n in all after the
// class), with CPython's errors for a wrong count, receiver or name.
func typeAttrMethod(method string, n int, fn func(t *Thread, c *Class, name string, args Tuple) (Value, error)) *Builtin {
	want := "1 argument"
	if n != 1 {
		want = fmt.Sprintf("%d arguments", n)
	}
	return &Builtin{Name: method, Self: "type", Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) != n+1 {
			return nil, Errorf(TypeErrorClass, "expected %s, got %d", want, max(0, len(args)-1))
		}
		c, ok := args[0].(*Class)
		if !ok {
			return nil, Errorf(TypeErrorClass, "descriptor '%s' requires a 'type' object but received a '%s'", method, TypeName(args[0]))
		}
		name, ok := args[1].(Str)
		if !ok {
			return nil, Errorf(TypeErrorClass, "attribute name must be string, not '%s'", TypeName(args[1]))
		}
		return fn(t, c, string(name), args)
	}}
}

// classTruth is bool(C) for a class whose metaclass is not type: its
// metaclass's __bool__, else __len__, else True.
func (t *Thread) classTruth(c *Class) (bool, error) {
	if m := c.metaMethod("__bool__"); m != nil {
		r, err := t.callMethod(m, c, nil)
		if err != nil {
			return false, err
		}
		b, ok := r.(Bool)
		if !ok {
			return false, Errorf(TypeErrorClass, "__bool__ should return bool, returned %s", TypeName(r))
		}
		return bool(b), nil
	}
	if c.metaMethod("__len__") != nil {
		n, err := t.Len(c)
		return n != 0, err
	}
	return true, nil
}

// metaClassOf returns v when it is a class whose metaclass is not type,
// else nil.
func metaClassOf(v Value) *Class {
	if c, ok := v.(*Class); ok && c.meta != nil {
		return c
	}
	return nil
}

// metaBinary applies a binary operator to classes through their
// metaclasses' __op__ / __rop__ (the right operand's first when its
// metaclass derives from the left's), as userBinary does for instances.
func (t *Thread) metaBinary(op syntax.Operator, a, b Value) (Value, bool, error) {
	names := binaryDunders[op]
	ca, cb := metaClassOf(a), metaClassOf(b)
	try := func(c *Class, name string, self, other Value) (Value, bool, error) {
		if c == nil {
			return nil, false, nil
		}
		m := c.metaMethod(name)
		if m == nil {
			return nil, false, nil
		}
		r, err := t.callMethod1(m, self, other)
		if err != nil || r != NotImplemented {
			return r, true, err
		}
		return nil, false, nil
	}
	if ca != nil && cb != nil && cb.meta != ca.meta && cb.meta.IsSubclass(ca.meta) {
		if r, ok, err := try(cb, names[1], b, a); ok || err != nil {
			return r, true, err
		}
	}
	if r, ok, err := try(ca, names[0], a, b); ok || err != nil {
		return r, true, err
	}
	return try(cb, names[1], b, a)
}

// metaCompare compares classes through their metaclasses' rich
// comparison methods, as instanceCompare does for instances.
func (t *Thread) metaCompare(op syntax.CmpOperator, a, b Value) (Value, bool, error) {
	ca, cb := metaClassOf(a), metaClassOf(b)
	try := func(c *Class, op syntax.CmpOperator, self, other Value) (Value, bool, error) {
		if c == nil {
			return nil, false, nil
		}
		m := c.metaMethod(cmpDunders[op])
		if m == nil || m == None {
			return nil, false, nil
		}
		r, err := t.callMethod1(m, self, other)
		if err != nil || r != NotImplemented {
			return r, true, err
		}
		return nil, false, nil
	}
	if ca != nil && cb != nil && cb.meta != ca.meta && cb.meta.IsSubclass(ca.meta) {
		if r, ok, err := try(cb, cmpReflect[op], b, a); ok || err != nil {
			return r, true, err
		}
	}
	if r, ok, err := try(ca, op, a, b); ok || err != nil {
		return r, true, err
	}
	return try(cb, cmpReflect[op], b, a)
}
