// Package vm runs compiled Python code: values with CPython's semantics,
// frames and the dispatch loop, builtins, exceptions, generators and
// coroutines, and a small event loop for host calls.
//
// Values are Go values of these types: NoneType, Bool, Int (an int64) and
// *big.Int (only for ints outside int64), Float, Str, Bytes, Tuple, *List,
// *Dict, *Set, *Range, *Slice, *Function, *Builtin, *BoundMethod, *Class,
// *Instance, *Generator, *Module and a few internal iterator types. Nothing
// in this package is mutable at package level: builtin classes are built once
// at init and never changed (setting attributes on them is a TypeError).
package vm

import (
	"math/big"
	"unicode/utf8"
)

// Value is any Python value.
type Value = any

// NoneType is the type of None.
type NoneType struct{}

// None is Python's None.
var None Value = NoneType{}

// Bool is a Python bool.
type Bool bool

// Int is a Python int that fits in 64 bits; larger ints are *big.Int.
type Int int64

// Float is a Python float.
type Float float64

// Str is a Python str (UTF-8; indexing counts code points).
type Str string

// Bytes is a Python bytes value.
type Bytes string

// Tuple is a Python tuple.
type Tuple []Value

// List is a Python list.
type List struct {
	Items []Value
	// gen is the epoch of the journal that saved the list last, or of the
	// run that made it (journal.go).
	gen uint64
}

// EllipsisType is the type of "...".
type EllipsisType struct{}

// NotImplementedType is the type of NotImplemented.
type NotImplementedType struct{}

// NotImplemented is returned by binary dunder methods that do not support an
// operand type.
var NotImplemented Value = NotImplementedType{}

// Range is a Python range.
type Range struct {
	Start, Stop, Step int64
}

// Len returns the number of elements of the range.
func (r *Range) Len() int64 {
	if r.Step > 0 {
		if r.Stop <= r.Start {
			return 0
		}
		return (r.Stop-r.Start-1)/r.Step + 1
	}
	if r.Stop >= r.Start {
		return 0
	}
	return (r.Start-r.Stop-1)/(-r.Step) + 1
}

// Slice is a Python slice object.
type Slice struct {
	Start, Stop, Step Value
}

// Cell holds a variable captured by a closure.
type Cell struct {
	V Value // nil when unbound
}

// Module is an imported module: a name and a namespace.
type Module struct {
	Name string
	Dict *Dict
	// Held, when set, is what a library module keeps in Go (a cache of
	// objects, a converted subject), for the retained-size walk.
	Held *Held
}

// Truth returns the truthiness of simple values; ok is false when a user
// __bool__/__len__ must be consulted.
func truthFast(v Value) (bool, bool) {
	switch v := v.(type) {
	case Bool:
		return bool(v), true
	case Int:
		return v != 0, true
	case NoneType:
		return false, true
	case Str:
		return v != "", true
	case *List:
		return len(v.Items) > 0, true
	case Float:
		return v != 0, true
	case Complex:
		return v != 0, true
	case Tuple:
		return len(v) > 0, true
	case *Dict:
		return v.Len() > 0, true
	case *big.Int:
		return v.Sign() != 0, true
	case Bytes:
		return v != "", true
	case *ByteArray:
		return len(v.B) > 0, true
	case *Set:
		return v.used > 0, true
	case *Range:
		return v.Len() > 0, true
	case *BigRange:
		return v.Len().Sign() > 0, true
	case *DictView:
		return v.d.Len() > 0, true
	case *Instance:
		return false, false
	case *Class:
		return true, v.meta == nil
	}
	return true, true
}

// Truth returns the truthiness of v, calling __bool__ or __len__ of
// instances.
func (t *Thread) Truth(v Value) (bool, error) {
	if b, ok := truthFast(v); ok {
		return b, nil
	}
	inst, ok := v.(*Instance)
	if !ok {
		return t.classTruth(v.(*Class))
	}
	if inst.Base != nil {
		_, b := inst.Class.dunder(dunderBool).(*Function)
		_, l := inst.Class.dunder(dunderLen).(*Function)
		if !b && !l {
			return t.Truth(inst.Base)
		}
	}
	if m := inst.Class.dunder(dunderBool); m != nil {
		r, err := t.callMethod(m, v, nil)
		if err != nil {
			return false, err
		}
		b, ok := r.(Bool)
		if !ok {
			return false, Errorf(TypeErrorClass, "__bool__ should return bool, returned %s", TypeName(r))
		}
		return bool(b), nil
	}
	if m := inst.Class.dunder(dunderLen); m != nil {
		r, err := t.callMethod(m, v, nil)
		if err != nil {
			return false, err
		}
		n, err := t.lenResult(r)
		return n > 0, err
	}
	return true, nil
}

func (t *Thread) lenResult(r Value) (int64, error) {
	switch n := r.(type) {
	case Int:
		if n < 0 {
			return 0, Errorf(ValueErrorClass, "__len__() should return >= 0")
		}
		return int64(n), nil
	case Bool:
		if n {
			return 1, nil
		}
		return 0, nil
	}
	return 0, Errorf(TypeErrorClass, "'%s' object cannot be interpreted as an integer", TypeName(r))
}

// TypeName returns the Python type name of v, as used in error messages.
func TypeName(v Value) string { return TypeOf(v).MessageName() }

// TypeOf returns the class of v.
func TypeOf(v Value) *Class {
	switch v := v.(type) {
	case Int, *big.Int:
		return IntClass
	case Str:
		return StrClass
	case *List:
		return ListClass
	case *Dict:
		return DictClass
	case NoneType:
		return NoneTypeClass
	case Bool:
		return BoolClass
	case Float:
		return FloatClass
	case Complex:
		return ComplexClass
	case Tuple:
		return TupleClass
	case *Instance:
		return v.Class
	case *Function:
		return FunctionClass
	case *Builtin:
		return BuiltinClass
	case *BoundMethod:
		// A builtin bound to its object ("s".upper) is a
		// builtin_function_or_method, as in CPython.
		if _, ok := v.Fn.(*Builtin); ok {
			return BuiltinClass
		}
		return MethodClass
	case *Class:
		if v.meta != nil {
			return v.meta
		}
		return TypeClass
	case Bytes:
		return BytesClass
	case *Set:
		if v.frozen {
			return FrozenSetClass
		}
		return SetClass
	case *Range, *BigRange:
		return RangeClass
	case *Slice:
		return SliceClass
	case *Generator:
		if v.coroutine {
			return CoroutineClass
		}
		if v.asyncGen {
			return AsyncGeneratorClass
		}
		return GeneratorClass
	case *asyncGenSend:
		return AsyncGenASendClass
	case *Module:
		return ModuleClass
	case *Property:
		return PropertyClass
	case *SlotMember:
		return MemberDescClass
	case *GetSetDescriptor:
		if v.Member {
			return MemberDescClass
		}
		return GetSetDescriptorClass
	case *StaticMethod:
		return StaticMethodClass
	case *ClassMethod:
		return ClassMethodClass
	case *Super:
		return SuperClass
	case EllipsisType:
		return EllipsisClass
	case NotImplementedType:
		return NotImplementedClass
	case *Cell:
		return CellClass
	case *Traceback:
		return TracebackClass
	case *ListIter:
		return ListIterClass
	case *Iter:
		return v.class()
	case *DictView:
		return v.class()
	case *Future:
		return v.class()
	case *HostFunction:
		return BuiltinClass
	case *Namespace:
		return NamespaceClass
	case *Native:
		return v.Class
	case *ByteArray:
		return ByteArrayClass
	}
	return ObjectClass
}

// strLen returns the number of code points of s.
func strLen(s Str) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return utf8.RuneCountInString(string(s))
		}
	}
	return len(s)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// MakeInt returns an Int or a *big.Int for b, normalising small values.
func MakeInt(b *big.Int) Value {
	if b.IsInt64() {
		return Int(b.Int64())
	}
	return b
}

func toBig(v Value) *big.Int {
	switch v := v.(type) {
	case Int:
		return big.NewInt(int64(v))
	case Bool:
		if v {
			return big.NewInt(1)
		}
		return big.NewInt(0)
	case *big.Int:
		return v
	}
	return nil
}

// NewList returns a list holding items (not copied).
func NewList(items []Value) *List { return &List{Items: items} }

// OwnBytes makes a bytes value of a buffer without copying it: the caller
// built buf for the value (and charged it) and never writes to it again. A
// buffer with much more room than it holds is copied (fitString), so the
// value keeps no more than its length says.
func OwnBytes(buf []byte) Bytes { return Bytes(fitString(buf)) }
