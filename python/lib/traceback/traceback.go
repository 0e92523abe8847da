// Package traceback is the embedded interpreter's `traceback` module: the exception
// being handled and the text CPython prints for an exception (format_exc,
// format_exception, format_exception_only, print_exc, TracebackException). Frames carry
// file, line and function, and the source line for the program's own file (library
// modules' frames have none). Written in Python source over two Go natives.
package traceback

import (
	_ "embed"

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

// tbLines returns the frames of an exception's traceback (or of a traceback object,
// from its entry down), outermost first, as CPython's format_tb lists them:
// "  File ..., line N, in f", with the line of the program's own source and its
// carets under it.
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
	texts := t.FrameTexts(entries)
	out := make([]vm.Value, len(texts))
	size := vm.ValueBytes(&vm.List{Items: out})
	for i, s := range texts {
		out[i] = vm.Str(s)
		size += vm.ValueBytes(out[i])
	}
	if err := t.Charge(size); err != nil {
		return nil, err
	}
	return t.NewList(out), nil
}
