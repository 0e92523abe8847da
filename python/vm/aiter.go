package vm

import "sync"

// aiter and anext, the builtins over the asynchronous iteration protocol.

// anextDefaultSource is anext(it, default)'s awaitable: __anext__'s value,
// or default when the iterator is exhausted.
const anextDefaultSource = `
async def anext_awaitable(iterator, default):
    try:
        return await iterator.__anext__()
    except StopAsyncIteration:
        return default
`

// anextDefaultCode is the code of anext_awaitable, compiled at the first
// anext with a default in the process.
var anextDefaultCode = sync.OnceValue(func() *CodeObj {
	mod := mustCompileModule("<anext>", anextDefaultSource)
	for _, c := range mod.Consts {
		if code, ok := c.(*CodeObj); ok {
			return code
		}
	}
	panic("anext: no function in its source")
})

// anextGlobals is the (empty, never written) globals of anext_awaitable:
// the names it uses are builtins.
var anextGlobals = NewDict()

func initAsyncIterBuiltins() {
	def("aiter", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("aiter", args, kw, 1); err != nil {
			return nil, err
		}
		m := TypeOf(args[0]).Lookup("__aiter__")
		if m == nil {
			return nil, Errorf(TypeErrorClass, "'%s' object is not an async iterable", TypeName(args[0]))
		}
		it, err := t.callMethod(m, args[0], nil)
		if err != nil {
			return nil, err
		}
		if TypeOf(it).Lookup("__anext__") == nil {
			return nil, Errorf(TypeErrorClass, "aiter() returned not an async iterator of type '%s'", TypeName(it))
		}
		return it, nil
	})
	def("anext", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if err := rangeArgs("anext", args, kw, 1, 2); err != nil {
			return nil, err
		}
		m := TypeOf(args[0]).Lookup("__anext__")
		if m == nil {
			return nil, Errorf(TypeErrorClass, "'%s' object is not an async iterator", TypeName(args[0]))
		}
		if len(args) == 1 {
			return t.callMethod(m, args[0], nil)
		}
		c := anextDefaultCode()
		fn := &Function{Code: c, Name: c.Name, QualName: c.QualName, Globals: anextGlobals, Module: "builtins"}
		return t.Call(fn, Tuple{args[0], args[1]}, nil)
	})
}
