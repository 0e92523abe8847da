package vm

import (
	"fmt"
	"strings"
)

// Builtin classes. They are created once at package initialisation and never
// mutated afterwards: user code cannot set attributes on them.
var (
	ObjectClass         = newBuiltinClass("object", nil)
	TypeClass           = newBuiltinClass("type", ObjectClass)
	IntClass            = newBuiltinClass("int", ObjectClass)
	BoolClass           = newBuiltinClass("bool", IntClass)
	FloatClass          = newBuiltinClass("float", ObjectClass)
	StrClass            = newBuiltinClass("str", ObjectClass)
	BytesClass          = newBuiltinClass("bytes", ObjectClass)
	ListClass           = newBuiltinClass("list", ObjectClass)
	TupleClass          = newBuiltinClass("tuple", ObjectClass)
	DictClass           = newBuiltinClass("dict", ObjectClass)
	SetClass            = newBuiltinClass("set", ObjectClass)
	FrozenSetClass      = newBuiltinClass("frozenset", ObjectClass)
	RangeClass          = newBuiltinClass("range", ObjectClass)
	SliceClass          = newBuiltinClass("slice", ObjectClass)
	NoneTypeClass       = newBuiltinClass("NoneType", ObjectClass)
	FunctionClass       = newBuiltinClass("function", ObjectClass)
	BuiltinClass        = newBuiltinClass("builtin_function_or_method", ObjectClass)
	MethodClass         = newBuiltinClass("method", ObjectClass)
	GeneratorClass      = newBuiltinClass("generator", ObjectClass)
	CoroutineClass      = newBuiltinClass("coroutine", ObjectClass)
	AsyncGeneratorClass = newBuiltinClass("async_generator", ObjectClass)
	AsyncGenASendClass  = newBuiltinClass("async_generator_asend", ObjectClass)
	ModuleClass         = newBuiltinClass("module", ObjectClass)
	PropertyClass       = newBuiltinClass("property", ObjectClass)
	MemberDescClass     = newBuiltinClass("member_descriptor", ObjectClass)
	StaticMethodClass   = newBuiltinClass("staticmethod", ObjectClass)
	ClassMethodClass    = newBuiltinClass("classmethod", ObjectClass)
	SuperClass          = newBuiltinClass("super", ObjectClass)
	EllipsisClass       = newBuiltinClass("ellipsis", ObjectClass)
	NotImplementedClass = newBuiltinClass("NotImplementedType", ObjectClass)
	CellClass           = newBuiltinClass("cell", ObjectClass)
	TracebackClass      = newBuiltinClass("traceback", ObjectClass)
	NamespaceClass      = newBuiltinClass("namespace", ObjectClass)
	FutureClass         = newBuiltinClass("Future", ObjectClass)
	TaskClass           = newBuiltinClass("Task", FutureClass)

	ListIterClass     = newBuiltinClass("list_iterator", ObjectClass)
	TupleIterClass    = newBuiltinClass("tuple_iterator", ObjectClass)
	StrIterClass      = newBuiltinClass("str_ascii_iterator", ObjectClass)
	RangeIterClass    = newBuiltinClass("range_iterator", ObjectClass)
	DictKeyIterClass  = newBuiltinClass("dict_keyiterator", ObjectClass)
	DictValIterClass  = newBuiltinClass("dict_valueiterator", ObjectClass)
	DictItemIterClass = newBuiltinClass("dict_itemiterator", ObjectClass)
	SetIterClass      = newBuiltinClass("set_iterator", ObjectClass)
	EnumerateClass    = newBuiltinClass("enumerate", ObjectClass)
	ZipClass          = newBuiltinClass("zip", ObjectClass)
	MapClass          = newBuiltinClass("map", ObjectClass)
	FilterClass       = newBuiltinClass("filter", ObjectClass)
	ReversedClass     = newBuiltinClass("reversed", ObjectClass)
	ListRevIterClass  = newBuiltinClass("list_reverseiterator", ObjectClass)
	CallIterClass     = newBuiltinClass("callable_iterator", ObjectClass)
	SeqIterClass      = newBuiltinClass("iterator", ObjectClass)
	BytesIterClass    = newBuiltinClass("bytes_iterator", ObjectClass)
	DictKeysClass     = newBuiltinClass("dict_keys", ObjectClass)
	DictValuesClass   = newBuiltinClass("dict_values", ObjectClass)
	DictItemsClass    = newBuiltinClass("dict_items", ObjectClass)
)

// Builtin exception classes.
var (
	BaseExceptionClass       = makeException("BaseException", ObjectClass)
	ExceptionClass           = makeException("Exception", BaseExceptionClass)
	GeneratorExitClass       = makeException("GeneratorExit", BaseExceptionClass)
	KeyboardInterruptClass   = makeException("KeyboardInterrupt", BaseExceptionClass)
	SystemExitClass          = makeException("SystemExit", BaseExceptionClass)
	CancelledErrorClass      = makeException("CancelledError", BaseExceptionClass)
	ArithmeticErrorClass     = makeException("ArithmeticError", ExceptionClass)
	ZeroDivisionErrorClass   = makeException("ZeroDivisionError", ArithmeticErrorClass)
	OverflowErrorClass       = makeException("OverflowError", ArithmeticErrorClass)
	FloatingPointErrorClass  = makeException("FloatingPointError", ArithmeticErrorClass)
	AssertionErrorClass      = makeException("AssertionError", ExceptionClass)
	AttributeErrorClass      = makeException("AttributeError", ExceptionClass)
	BufferErrorClass         = makeException("BufferError", ExceptionClass)
	EOFErrorClass            = makeException("EOFError", ExceptionClass)
	ImportErrorClass         = makeException("ImportError", ExceptionClass)
	ModuleNotFoundErrorClass = makeException("ModuleNotFoundError", ImportErrorClass)
	LookupErrorClass         = makeException("LookupError", ExceptionClass)
	IndexErrorClass          = makeException("IndexError", LookupErrorClass)
	KeyErrorClass            = makeException("KeyError", LookupErrorClass)
	MemoryErrorClass         = makeException("MemoryError", ExceptionClass)
	NameErrorClass           = makeException("NameError", ExceptionClass)
	UnboundLocalErrorClass   = makeException("UnboundLocalError", NameErrorClass)
	OSErrorClass             = makeException("OSError", ExceptionClass)
	ConnectionErrorClass     = makeException("ConnectionError", OSErrorClass)
	FileNotFoundErrorClass   = makeException("FileNotFoundError", OSErrorClass)
	FileExistsErrorClass     = makeException("FileExistsError", OSErrorClass)
	PermissionErrorClass     = makeException("PermissionError", OSErrorClass)
	TimeoutErrorClass        = makeException("TimeoutError", OSErrorClass)
	RuntimeErrorClass        = makeException("RuntimeError", ExceptionClass)
	NotImplementedErrorClass = makeException("NotImplementedError", RuntimeErrorClass)
	RecursionErrorClass      = makeException("RecursionError", RuntimeErrorClass)
	StopIterationClass       = makeException("StopIteration", ExceptionClass)
	StopAsyncIterationClass  = makeException("StopAsyncIteration", ExceptionClass)
	SyntaxErrorClass         = makeException("SyntaxError", ExceptionClass)
	TypeErrorClass           = makeException("TypeError", ExceptionClass)
	ValueErrorClass          = makeException("ValueError", ExceptionClass)
	UnicodeErrorClass        = makeException("UnicodeError", ValueErrorClass)
	UnicodeDecodeErrorClass  = makeException("UnicodeDecodeError", UnicodeErrorClass)
	UnicodeEncodeErrorClass  = makeException("UnicodeEncodeError", UnicodeErrorClass)
	ToolErrorClass           = makeException("ToolError", ExceptionClass)
	WarningClass             = makeException("Warning", ExceptionClass)
	UserWarningClass         = makeException("UserWarning", WarningClass)
	DeprecationWarningClass  = makeException("DeprecationWarning", WarningClass)
	RuntimeWarningClass      = makeException("RuntimeWarning", WarningClass)
	BaseExceptionGroupClass  = makeException("BaseExceptionGroup", BaseExceptionClass)
	ExceptionGroupClass      = makeException("ExceptionGroup", BaseExceptionGroupClass)
)

// exceptionClasses lists the builtin exceptions visible as builtins.
var exceptionClasses = []*Class{
	BaseExceptionClass, ExceptionClass, GeneratorExitClass, KeyboardInterruptClass, SystemExitClass,
	ArithmeticErrorClass, ZeroDivisionErrorClass, OverflowErrorClass, FloatingPointErrorClass,
	AssertionErrorClass, AttributeErrorClass, BufferErrorClass, EOFErrorClass, ImportErrorClass,
	ModuleNotFoundErrorClass, LookupErrorClass, IndexErrorClass, KeyErrorClass, MemoryErrorClass,
	NameErrorClass, UnboundLocalErrorClass, OSErrorClass, ConnectionErrorClass, FileNotFoundErrorClass,
	FileExistsErrorClass, PermissionErrorClass, TimeoutErrorClass, RuntimeErrorClass,
	NotImplementedErrorClass, RecursionErrorClass, StopIterationClass, StopAsyncIterationClass,
	SyntaxErrorClass, TypeErrorClass, ValueErrorClass, UnicodeErrorClass, UnicodeDecodeErrorClass,
	UnicodeEncodeErrorClass, ToolErrorClass, WarningClass, UserWarningClass, DeprecationWarningClass,
	RuntimeWarningClass, BaseExceptionGroupClass, ExceptionGroupClass,
}

// ExceptionClassByName returns the builtin exception class with that name.
func ExceptionClassByName(name string) *Class {
	if name == "CancelledError" {
		return CancelledErrorClass
	}
	for _, c := range exceptionClasses {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// NewMethod returns a builtin for the namespace of a library class. Called
// without arguments (unbound, with no receiver) it raises TypeError instead
// of running a body that reads its receiver from args[0].
func NewMethod(name string, f BuiltinFunc) *Builtin {
	return &Builtin{Name: name, method: true, Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) == 0 {
			return nil, Errorf(TypeErrorClass, "unbound method %s() needs an argument", name)
		}
		return f(t, args, kw)
	}}
}

func addMethods(c *Class, methods map[string]BuiltinFunc) {
	for name, body := range methods {
		checked := checkedMethod(c, name, withArity(c, name, body))
		if _, ok := methodArity[c.Name+"."+name]; !ok || c == ObjectClass || c == TypeClass || c == BaseExceptionClass {
			c.Dict.SetStr(name, &Builtin{Name: name, Fn: checked, Self: c.Name})
			continue
		}
		// The argument count is checked (withArity's check, made here
		// without its closure) before the body reads the arguments, so on
		// a receiver of exactly class c (no instance of a subclass)
		// checkedMethod's receiver test and recover have nothing to do.
		ar := methodArity[c.Name+"."+name]
		qual := c.Name + "." + name
		c.Dict.SetStr(name, &Builtin{Name: name, Self: c.Name, Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
			if len(args) > 0 {
				if _, inst := args[0].(*Instance); !inst && TypeOf(args[0]) == c {
					if len(kw) > 0 || len(args)-1 < ar.min || ar.max >= 0 && len(args)-1 > ar.max {
						return nil, checkArity(qual, name, ar, args[1:], kw)
					}
					return body(t, args, kw)
				}
			}
			return checked(t, args, kw)
		}})
	}
}

// checkedMethod guards a builtin method against being called through its
// class with a missing or foreign receiver (str.upper(5), set.discard())
// and against too few arguments.
func checkedMethod(c *Class, name string, fn BuiltinFunc) BuiltinFunc {
	return func(t *Thread, args Tuple, kw []Kwarg) (v Value, err error) {
		if len(args) == 0 {
			return nil, Errorf(TypeErrorClass, "unbound method %s.%s() needs an argument", c.Name, name)
		}
		if c != ObjectClass {
			self := args[0]
			// The receiver's class must derive from c before its Go
			// state is used: list.append(a_str_subclass_instance, 1)
			// would otherwise hand the method a str.
			if !TypeOf(self).IsSubclass(c) && !(c == TypeClass && isClass(self)) {
				if isSlotWrapper(c, name) {
					return nil, Errorf(TypeErrorClass, "descriptor '%s' requires a '%s' object but received a '%s'", name, c.Name, TypeName(self))
				}
				return nil, Errorf(TypeErrorClass, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", name, c.Name, TypeName(self))
			}
			if c != BaseExceptionClass && hasBase(self) {
				args = append(Tuple{unwrapBase(self)}, args[1:]...)
				defer func() { v = rewrapSelf(self, v) }()
			}
		}
		// Only the method's own argument indexing is turned into a
		// TypeError: a panic from Python code the method ran (a key=
		// function, a dunder) unwound frames past this call, which left
		// the depth above what it was here, and is an interpreter fault
		// for the run's handler to report, not a missing argument.
		depth := t.depth
		defer func() {
			if r := recover(); r != nil {
				if re, ok := r.(interface{ RuntimeError() }); ok && t.depth == depth && strings.Contains(fmt.Sprint(re), "index out of range") {
					v, err = nil, Errorf(TypeErrorClass, "%s.%s() missing required argument", c.Name, name)
					return
				}
				panic(r)
			}
		}()
		return fn(t, args, kw)
	}
}

func isClass(v Value) bool {
	_, ok := v.(*Class)
	return ok
}

func init() {
	CancelledErrorClass.Module = "asyncio.exceptions"
	FutureClass.Module = "asyncio"
	TaskClass.Module = "asyncio"
	// CPython's names for them when refusing C.x = 1 (both are in C).
	FutureClass.SetImmutable("_asyncio.Future")
	TaskClass.SetImmutable("_asyncio.Task")
	initObject()
	initMetaclassMethods()
	initExceptions()
	// ExceptionGroup derives from both BaseExceptionGroup and Exception.
	ExceptionGroupClass.Bases = []*Class{BaseExceptionGroupClass, ExceptionClass}
	if mro, err := computeMRO(ExceptionGroupClass); err == nil {
		ExceptionGroupClass.MRO = mro
	}
	initNumbers()
	initComplex()
	initStr()
	initContainers()
	initMisc()
	initFutures()
	initAsyncSync()
	initUnion()
	initAsyncGen()
	initBuiltinNew()
	initByteArray()
	initTypeNew()
	initScanTicks()
	initFastCalls()
	initDocs()
}

// methodDunders are the dunder methods CPython defines as ordinary methods
// (method descriptors), by class name ("" for every class); every other
// dunder of a builtin type is a slot wrapper, whose foreign-receiver error
// reads "descriptor '__add__' requires a 'tuple' object but received a
// 'list'".
var methodDunders = map[string]map[string]bool{
	"": {"__reversed__": true, "__sizeof__": true, "__format__": true, "__getnewargs__": true,
		"__reduce__": true, "__reduce_ex__": true, "__getstate__": true, "__dir__": true,
		"__ceil__": true, "__floor__": true, "__round__": true, "__trunc__": true,
		"__bytes__": true, "__complex__": true, "__alloc__": true, "__class_getitem__": true,
		"__instancecheck__": true, "__subclasscheck__": true, "__subclasses__": true,
		"__copy__": true, "__deepcopy__": true, "__length_hint__": true, "__setstate__": true},
	"list":      {"__getitem__": true},
	"dict":      {"__getitem__": true, "__contains__": true},
	"set":       {"__contains__": true},
	"frozenset": {"__contains__": true},
}

// isSlotWrapper reports whether CPython's name on class c is a slot wrapper.
func isSlotWrapper(c *Class, name string) bool {
	if len(name) < 5 || !strings.HasPrefix(name, "__") || !strings.HasSuffix(name, "__") {
		return false
	}
	return !methodDunders[""][name] && !methodDunders[c.Name][name]
}
