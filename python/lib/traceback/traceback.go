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
		"_handled":       &vm.Builtin{Name: "_handled", Fn: Handled},
		"_tb_lines":      &vm.Builtin{Name: "_tb_lines", Fn: tbLines},
		"_TracebackType": vm.TracebackClass,
	}))
}

// Handled is the Go side of sys.exc_info(): the exception being handled, or None.
func Handled(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if e := t.HandledException(); e != nil {
		return e, nil
	}
	return vm.None, nil
}

// tbLines returns the "  File ..., line N, in f" lines of an exception's traceback
// (or of a traceback object, from its entry down), outermost frame first, as
// CPython's format_tb lists them.
func tbLines(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	var entries []vm.TBEntry
	if len(args) == 1 {
		switch a := args[0].(type) {
		case *vm.Instance:
			if a.Exc != nil {
				entries = make([]vm.TBEntry, 0, len(a.Exc.TB))
				for i := len(a.Exc.TB) - 1; i >= 0; i-- {
					entries = append(entries, a.Exc.TB[i])
				}
			}
		case *vm.Traceback:
			entries = a.Entries()
		}
	}
	if entries == nil {
		return nil, vm.Errorf(vm.TypeErrorClass, "_tb_lines() takes an exception or a traceback")
	}
	out := make([]vm.Value, 0, len(entries))
	for _, tb := range entries {
		out = append(out, vm.Str(fmt.Sprintf("  File \"%s\", line %d, in %s\n", tb.Filename, tb.Line, tb.Func)))
	}
	return &vm.List{Items: out}, nil
}
