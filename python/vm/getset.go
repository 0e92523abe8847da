package vm

import "unsafe"

// GetSetDescriptor is CPython's getset_descriptor for the data attributes the
// builtin number types serve themselves (int.real, int.numerator, float.imag),
// or with Member its read-only member_descriptor (complex.real, complex.imag):
// found on the class (int.real is <attribute 'real' of 'int' objects>,
// complex.real <member 'real' of 'complex' objects>, dir(int) lists it) and
// usable as a descriptor (int.real.__get__(5) is 5). An int's own .real is
// answered by builtinAttr without it.
type GetSetDescriptor struct {
	Name   string
	Owner  *Class
	Doc    string
	Member bool
}

// GetSetDescriptorClass is the class of getset descriptors.
var GetSetDescriptorClass = newBuiltinClass("getset_descriptor", ObjectClass)

var getSetBytes = allocBytes(int64(unsafe.Sizeof(GetSetDescriptor{})))

// value reads the attribute of obj, which must be an instance of the owner.
func (d *GetSetDescriptor) value(t *Thread, obj Value) (Value, error) {
	if !TypeOf(obj).IsSubclass(d.Owner) {
		return nil, Errorf(TypeErrorClass, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", d.Name, d.Owner.Name, TypeName(obj))
	}
	v := obj
	if inst, ok := obj.(*Instance); ok && inst.Base != nil {
		v = inst.Base
	}
	r, ok, err := t.builtinAttr(v, d.Name)
	if !ok && err == nil {
		return nil, Errorf(AttributeErrorClass, "'%s' object has no attribute '%s'", TypeName(obj), d.Name)
	}
	return r, err
}

func (d *GetSetDescriptor) readOnly() error {
	if d.Member {
		return Errorf(AttributeErrorClass, "readonly attribute")
	}
	return Errorf(AttributeErrorClass, "attribute '%s' of '%s' objects is not writable", d.Name, d.Owner.Name)
}

// initGetSets puts the number types' getset descriptors in their class dicts and
// gives the descriptor class its methods; initBuiltinTypes calls it.
func initGetSets() {
	const re, im = "the real part of a complex number", "the imaginary part of a complex number"
	for _, g := range []struct {
		c          *Class
		name, docs string
	}{
		{IntClass, "real", re}, {IntClass, "imag", im},
		{IntClass, "numerator", "the numerator of a rational number in lowest terms"},
		{IntClass, "denominator", "the denominator of a rational number in lowest terms"},
		{FloatClass, "real", re}, {FloatClass, "imag", im},
		{ComplexClass, "real", re}, {ComplexClass, "imag", im},
	} {
		g.c.Dict.SetStr(g.name, &GetSetDescriptor{Name: g.name, Owner: g.c, Doc: g.docs, Member: g.c == ComplexClass})
	}
	addMethods(GetSetDescriptorClass, getSetMethods)
}

// getSetMethods are the descriptor methods of getset descriptors, and of
// member descriptors that are GetSetDescriptors (initSlotMembers).
var getSetMethods = map[string]BuiltinFunc{
	"__get__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("__get__", args[1:], kw, 1, 2); err != nil {
			return nil, err
		}
		d := args[0].(*GetSetDescriptor)
		if args[1] == None {
			if len(args) < 3 || args[2] == None {
				return nil, Errorf(TypeErrorClass, "__get__(None, None) is invalid")
			}
			return d, nil
		}
		return d.value(t, args[1])
	},
	"__set__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("__set__", args[1:], kw, 2); err != nil {
			return nil, err
		}
		d := args[0].(*GetSetDescriptor)
		if !TypeOf(args[1]).IsSubclass(d.Owner) {
			return nil, Errorf(TypeErrorClass, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", d.Name, d.Owner.Name, TypeName(args[1]))
		}
		return nil, d.readOnly()
	},
	"__delete__": func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("__delete__", args[1:], kw, 1); err != nil {
			return nil, err
		}
		d := args[0].(*GetSetDescriptor)
		if !TypeOf(args[1]).IsSubclass(d.Owner) {
			return nil, Errorf(TypeErrorClass, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", d.Name, d.Owner.Name, TypeName(args[1]))
		}
		return nil, d.readOnly()
	},
}
