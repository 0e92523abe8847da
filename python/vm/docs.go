package vm

import "fmt"

// The __doc__ of the builtin functions and classes. CPython gives every
// builtin a docstring, and outside code relies on there being one
// (`"dict" in dict().__doc__`, `isinstance(type.__doc__, str)`); these are
// this project's own one-line descriptions, each naming what it documents.
// Methods of builtin types without an entry get a line naming the method.

var builtinFuncDocs = map[string]string{
	"abs":        "Return the absolute value of the argument.",
	"aiter":      "Return an async iterator for an async iterable object.",
	"all":        "Return True if bool(x) is True for every x of the iterable (True if it is empty).",
	"anext":      "Return the next item of an async iterator (or default when it is exhausted).",
	"any":        "Return True if bool(x) is True for any x of the iterable (False if it is empty).",
	"ascii":      "Return repr(obj) with every non-ASCII character escaped.",
	"bin":        "Return the binary representation of an integer, as in bin(2) == '0b10'.",
	"callable":   "Return whether the object is callable.",
	"chr":        "Return the one-character str of a Unicode code point in range(0x110000).",
	"delattr":    "Delete the named attribute of an object: delattr(x, 'y') is del x.y.",
	"dir":        "dir([object]) -> list of the names in the current scope, or of the attributes of object.",
	"divmod":     "Return the tuple (x//y, x%y).",
	"format":     "Return value.__format__(format_spec).",
	"getattr":    "getattr(object, name[, default]) -> the named attribute of object, or default when it is missing.",
	"globals":    "Return the dictionary of the current global namespace.",
	"hasattr":    "Return whether the object has an attribute with the given name.",
	"hash":       "Return the hash value of the object.",
	"hex":        "Return the hexadecimal representation of an integer, as in hex(255) == '0xff'.",
	"id":         "Return the identity of an object, unique among the objects alive at the same time.",
	"isinstance": "Return whether an object is an instance of a class, of a subclass of it, or of one of a tuple of classes.",
	"issubclass": "Return whether cls is derived from another class or from one of a tuple of classes.",
	"iter":       "iter(iterable) -> iterator; iter(callable, sentinel) -> iterator calling callable until it returns sentinel.",
	"len":        "Return the number of items in a container.",
	"locals":     "Return a dictionary of the current local namespace.",
	"max":        "max(iterable, *[, default=obj, key=func]) or max(arg1, arg2, *args, *[, key=func]) -> the largest item.",
	"min":        "min(iterable, *[, default=obj, key=func]) or min(arg1, arg2, *args, *[, key=func]) -> the smallest item.",
	"next":       "next(iterator[, default]) -> the next item of the iterator, or default when it is exhausted.",
	"oct":        "Return the octal representation of an integer, as in oct(8) == '0o10'.",
	"ord":        "Return the Unicode code point of a one-character string.",
	"pow":        "Return base**exp, or base**exp % mod with three arguments.",
	"print":      "Print the values to sys.stdout (or file), separated by sep and followed by end.",
	"repr":       "Return the canonical string representation of the object.",
	"round":      "Round a number to ndigits decimal digits (to an int when ndigits is omitted or None).",
	"setattr":    "Set the named attribute of an object: setattr(x, 'y', v) is x.y = v.",
	"sorted":     "Return a new list of the items of the iterable in ascending order (key and reverse as list.sort).",
	"sum":        "Return start (0 by default) plus the sum of the values of the iterable.",
	"vars":       "vars([object]) -> the __dict__ of object, or the local namespace without argument.",
}

var builtinClassDocs = map[string]string{
	"object":       "The base class of the class hierarchy.",
	"type":         "type(object) -> the object's type; type(name, bases, dict, **kwds) -> a new type.",
	"int":          "int([x]) -> integer; int(x, base=10) -> integer parsed from a string in the given base.",
	"float":        "float(x=0, /) -> a floating-point number converted from a number or a string.",
	"complex":      "complex(real=0, imag=0) -> a complex number real + imag*1j, or parsed from a string.",
	"bool":         "bool(x) -> True when x is true, else False; the class of True and False, a subclass of int.",
	"str":          "str(object='') -> the string form of object; str(bytes, encoding, errors) -> decoded text.",
	"bytes":        "bytes(iterable_of_ints | string, encoding | bytes_or_buffer | int | ()) -> an immutable array of bytes.",
	"bytearray":    "bytearray(iterable_of_ints | string, encoding | bytes_or_buffer | int | ()) -> a mutable array of bytes.",
	"list":         "list(iterable=(), /) -> a mutable sequence, built from the iterable's items if given.",
	"tuple":        "tuple(iterable=(), /) -> an immutable sequence, built from the iterable's items if given.",
	"dict":         "dict() -> a new empty dictionary; dict(mapping), dict(iterable of pairs) or dict(**kwargs) -> a dictionary of those pairs.",
	"set":          "set() -> a new empty set; set(iterable) -> a set of the iterable's distinct items.",
	"frozenset":    "frozenset() -> an empty frozenset; frozenset(iterable) -> an immutable set of its distinct items.",
	"range":        "range(stop) or range(start, stop[, step]) -> an immutable sequence of integers.",
	"slice":        "slice(stop) or slice(start, stop[, step]) -> a slice object, as a[start:stop:step] makes.",
	"property":     "property(fget=None, fset=None, fdel=None, doc=None) -> a managed attribute.",
	"staticmethod": "staticmethod(function) -> a method that receives neither the instance nor the class.",
	"classmethod":  "classmethod(function) -> a method that receives the class as its first argument.",
	"super":        "super() -> a proxy that looks up attributes in the classes after the current one in the MRO.",
	"enumerate":    "enumerate(iterable, start=0) -> an iterator of (index, item) pairs.",
	"filter":       "filter(function or None, iterable) -> an iterator of the items for which function(item) is true.",
	"map":          "map(func, *iterables) -> an iterator of func applied to the items of the iterables in turn.",
	"reversed":     "reversed(sequence, /) -> an iterator over the sequence's items in reverse order.",
	"zip":          "zip(*iterables, strict=False) -> an iterator of tuples of the iterables' items side by side.",
}

// exceptionDoc is the docstring of a builtin exception class that has no
// entry of its own: a line naming it.
func exceptionDoc(c *Class) string {
	if c == BaseExceptionClass {
		return "The common base class of all exceptions."
	}
	return fmt.Sprintf("The %s exception (a subclass of %s).", c.Name, c.Bases[0].Name)
}

// initDocs gives the builtin classes their __doc__.
func initDocs() {
	for _, it := range builtinsDict.Items() {
		c, ok := it[1].(*Class)
		if !ok || !c.builtin {
			continue
		}
		if _, has := c.Dict.GetStr("__doc__"); has {
			continue
		}
		if d, ok := builtinClassDocs[c.Name]; ok {
			c.Dict.SetStr("__doc__", Str(d))
		} else if c.exception {
			c.Dict.SetStr("__doc__", Str(exceptionDoc(c)))
		}
	}
}

// builtinDoc is __doc__ of a builtin function or method: its entry, else for
// a method of a builtin type a line naming it, else None (a library native).
func builtinDoc(b *Builtin) Value {
	if b.Self == "" {
		if d, ok := builtinFuncDocs[b.Name]; ok && builtinsDictGet(b.Name) == Value(b) {
			return Str(d)
		}
		return None
	}
	if builtinsDictGet(b.Self) == nil {
		return None
	}
	return Str(fmt.Sprintf("The %s method of %s objects.", b.Name, b.Self))
}
