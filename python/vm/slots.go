package vm

import (
	"slices"
	"strings"
	"unicode"
	"unsafe"
)

// __slots__.
//
// A class that declares __slots__ gets a member descriptor (SlotMember)
// in its namespace for each name, and its instances keep those values
// apart from their __dict__ (Instance.Slots), as CPython's do: a slot
// holds its value through the descriptor, and an instance whose classes
// all declare __slots__ (without '__dict__') has no __dict__ at all, so
// any other attribute is an AttributeError. The values of one instance
// share one small dict keyed by the (mangled) slot name; a class
// records only what its own statement declared, so a long chain of
// slotted classes costs what its statements wrote, nothing quadratic.

// SlotMember is the member descriptor of one slot: P.x for
// class P: __slots__ = ('x',).
type SlotMember struct {
	Name  string
	Owner *Class
}

var slotMemberBytes = allocBytes(int64(unsafe.Sizeof(SlotMember{})))

// slotGet reads the slot of o, failing as CPython does when it is unset.
func (m *SlotMember) get(o *Instance) (Value, error) {
	if o.Slots != nil {
		if v, ok := o.Slots.GetStr(m.Name); ok {
			return v, nil
		}
	}
	return nil, Errorf(AttributeErrorClass, "'%s' object has no attribute '%s'", o.Class.MessageName(), m.Name)
}

func (m *SlotMember) set(t *Thread, o *Instance, v Value) error {
	if o.Slots == nil {
		if err := t.chargeNew(dictBytes); err != nil {
			return err
		}
		if err := t.touchInstance(o); err != nil {
			return err
		}
		o.Slots = t.newDict()
	}
	// setStrT charges the value, as a store into an instance's dict.
	return o.Slots.setStrT(t, m.Name, nil, strHash(m.Name), v)
}

func (m *SlotMember) del(t *Thread, o *Instance) error {
	if o.Slots != nil {
		if err := t.touchDict(o.Slots); err != nil {
			return err
		}
		if o.Slots.DeleteStr(m.Name) {
			return nil
		}
	}
	return Errorf(AttributeErrorClass, "%s", m.Name)
}

// instanceOf checks that v is an instance the descriptor serves, for
// its __get__/__set__/__delete__ called by name.
func (m *SlotMember) instanceOf(v Value) (*Instance, error) {
	if o, ok := v.(*Instance); ok && o.Class.IsSubclass(m.Owner) {
		return o, nil
	}
	return nil, Errorf(TypeErrorClass, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", m.Name, m.Owner.Name, TypeName(v))
}

// fixedLayout lists the builtin bases whose instances keep their items
// inline, which CPython does not let a slot follow.
var fixedLayout = map[string]bool{"int": true, "tuple": true, "bytes": true}

// declareSlots reads the __slots__ of a new class c whose namespace is
// ns: it puts a member descriptor in ns for each name, and decides
// whether instances have a __dict__.
func (t *Thread) declareSlots(c *Class, ns *Dict) (*slotDecl, error) {
	sv, declared := ns.GetStr("__slots__")
	ownDict := !declared
	weakref := false
	var names []string
	if declared {
		var items []Value
		if s, ok := sv.(Str); ok {
			items = []Value{s}
		} else {
			var err error
			if items, err = t.iterate(sv, nil); err != nil {
				return nil, err
			}
		}
		private := strings.TrimLeft(c.Name, "_")
		var held int64
		defer func() { t.Release(held) }()
		for _, it := range items {
			s, ok := it.(Str)
			if !ok {
				return nil, Errorf(TypeErrorClass, "__slots__ items must be strings, not '%s'", TypeName(it))
			}
			if err := t.tickChars(len(s)); err != nil {
				return nil, err
			}
			name := string(s)
			if !isIdentifier(name) {
				return nil, Errorf(TypeErrorClass, "__slots__ must be identifiers")
			}
			switch name {
			case "__dict__":
				if ownDict {
					return nil, Errorf(TypeErrorClass, "__dict__ slot disallowed: we already got one")
				}
				ownDict = true
				continue
			case "__weakref__":
				weakref = true
				continue
			}
			if private != "" && len(name) > 2 && strings.HasPrefix(name, "__") && !strings.HasSuffix(name, "__") {
				// The mangled name is a new string as long as the class
				// name: held before it is made (a class named with
				// megabytes and many private slots), until the class
				// namespace holds it.
				n := int64(1 + len(private) + len(name))
				if err := t.Hold(n); err != nil {
					return nil, err
				}
				held += n
				name = "_" + private + name
			}
			names = append(names, name)
		}
	}
	if len(names) > 0 && fixedLayout[c.base.Name] && c.base.builtin {
		return nil, Errorf(TypeErrorClass, "nonempty __slots__ not supported for subtype of '%s'", c.base.Name)
	}
	for _, name := range names {
		if old, ok := ns.GetStr(name); ok {
			if _, mine := old.(*SlotMember); !mine {
				return nil, Errorf(ValueErrorClass, "'%s' in __slots__ conflicts with class variable", name)
			}
			continue // listed twice
		}
		if err := t.chargeNew(slotMemberBytes); err != nil {
			return nil, err
		}
		if err := ns.setStrT(t, name, nil, strHash(name), &SlotMember{Name: name, Owner: c}); err != nil {
			return nil, err
		}
	}
	// The slots the bases hold must come from one line of classes
	// (unrelated slotted bases cannot be combined); c adds its own.
	for _, b := range c.Bases {
		l := b.layout
		switch {
		case l == nil:
		case c.layout == nil || l.owner.IsSubclass(c.layout.owner):
			c.layout = l
		case !c.layout.owner.IsSubclass(l.owner):
			return nil, Errorf(TypeErrorClass, "multiple bases have instance lay-out conflict")
		}
	}
	if len(names) > 0 {
		c.layout = &slotLayout{owner: c, parent: c.layout, names: names}
	}
	c.ownDict = ownDict
	c.noDict = !ownDict
	for _, b := range c.Bases {
		if b.builtin && b.exception || !b.builtin && !b.noDict {
			c.noDict = false
		}
	}
	if !declared {
		return nil, nil
	}
	decl := &slotDecl{names: slices.Clone(names), dict: ownDict, weak: weakref}
	slices.Sort(decl.names)
	decl.names = slices.Compact(decl.names)
	return decl, nil
}

// isIdentifier is str.isidentifier.
func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || (i > 0 && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)))) {
			return false
		}
	}
	return true
}

// slotLayout is what a class's slots add to its bases' (names), and
// owner is the class whose statement declared them.
type slotLayout struct {
	owner  *Class
	parent *slotLayout
	names  []string
}

// sameLayout reports whether instances of a and b hold the same state,
// for __class__ assignment: the same slots (or two classes adding the
// same names to the same base), and both with or without a __dict__.
func sameLayout(a, b *Class) bool {
	if a.base != b.base || a.exception != b.exception || a.noDict != b.noDict {
		return false
	}
	la, lb := a.layout, b.layout
	return la == lb || la != nil && lb != nil && la.parent == lb.parent && slices.Equal(la.names, lb.names)
}

// initSlotMembers gives member descriptors their descriptor methods,
// for code that calls them by name (P.x.__get__(p, P)).
func initSlotMembers() {
	addMethods(MemberDescClass, map[string]BuiltinFunc{
		"__get__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if _, ok := args[0].(*GetSetDescriptor); ok {
				return getSetMethods["__get__"](t, args, kw)
			}
			if len(args) < 2 || len(args) > 3 || len(kw) > 0 {
				return nil, Errorf(TypeErrorClass, "expected 1 or 2 arguments, got %d", len(args)-1)
			}
			m := args[0].(*SlotMember)
			if args[1] == None {
				return m, nil
			}
			o, err := m.instanceOf(args[1])
			if err != nil {
				return nil, err
			}
			return m.get(o)
		},
		"__set__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if _, ok := args[0].(*GetSetDescriptor); ok {
				return getSetMethods["__set__"](t, args, kw)
			}
			if len(args) != 3 || len(kw) > 0 {
				return nil, Errorf(TypeErrorClass, "expected 2 arguments, got %d", len(args)-1)
			}
			m := args[0].(*SlotMember)
			o, err := m.instanceOf(args[1])
			if err != nil {
				return nil, err
			}
			return None, m.set(t, o, args[2])
		},
		"__delete__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if _, ok := args[0].(*GetSetDescriptor); ok {
				return getSetMethods["__delete__"](t, args, kw)
			}
			if len(args) != 2 || len(kw) > 0 {
				return nil, Errorf(TypeErrorClass, "expected 1 argument, got %d", len(args)-1)
			}
			m := args[0].(*SlotMember)
			o, err := m.instanceOf(args[1])
			if err != nil {
				return nil, err
			}
			return None, m.del(t, o)
		},
	})
}
