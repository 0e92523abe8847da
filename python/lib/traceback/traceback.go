// Package traceback is the embedded interpreter's `traceback` module: the exception
// being handled and the text CPython prints for an exception (format_exc,
// format_exception, format_exception_only, print_exc, TracebackException). Frames carry
// file, line and function but not the source line: the interpreter keeps no source
// beside the program it runs. Written in Python source over two Go natives.
package traceback

import (
	_ "embed"
	"fmt"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed traceback.py
var source []byte

// Register adds the module to a module table under the name "traceback".
func Register(m vm.Modules) {
	m.Register("traceback", pymodule.ModuleFuncWith("traceback", "traceback.py", source, map[string]vm.Value{
		"_handled":  &vm.Builtin{Name: "_handled", Fn: Handled},
		"_tb_lines": &vm.Builtin{Name: "_tb_lines", Fn: tbLines},
	}))
}

// Handled is the Go side of sys.exc_info(): the exception being handled, or None.
func Handled(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if e := t.HandledException(); e != nil {
		return e, nil
	}
	return vm.None, nil
}

// tbLines returns the "  File ..., line N, in f" lines of an exception's traceback,
// outermost frame first, as CPython's format_tb lists them.
func tbLines(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	var e *vm.Instance
	if len(args) == 1 {
		e, _ = args[0].(*vm.Instance)
	}
	if e == nil || e.Exc == nil {
		return nil, vm.Errorf(vm.TypeErrorClass, "_tb_lines() takes an exception")
	}
	out := make([]vm.Value, 0, len(e.Exc.TB))
	for i := len(e.Exc.TB) - 1; i >= 0; i-- {
		tb := e.Exc.TB[i]
		out = append(out, vm.Str(fmt.Sprintf("  File \"%s\", line %d, in %s\n", tb.Filename, tb.Line, tb.Func)))
	}
	return &vm.List{Items: out}, nil
}
