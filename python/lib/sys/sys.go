// Package sys is the embedded interpreter's `sys` module: the safe subset (version
// information, numeric limits, byte order, stdout/stderr writers, exit, exc_info). There is no
// argv, path, modules, stdin or interpreter introspection: a snippet has no process
// or filesystem to inspect. Written in Python source (sys.py).
package sys

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed sys.py
var source []byte

// Register adds the module to a module table under the name "sys".
func Register(m vm.Modules) {
	m.Register("sys", pymodule.ModuleFuncWith("sys", "sys.py", source, map[string]vm.Value{
		"_handled":      &vm.Builtin{Name: "_handled", Fn: handled},
		"_write_stderr": &vm.Builtin{Name: "_write_stderr", Fn: writeStderr},
		"_write_stdout": &vm.Builtin{Name: "_write_stdout", Fn: writeStdout},
	}))
}

// writeStderr writes its str argument to the run's stderr (a stream of its
// own, capped like stdout).
func writeStderr(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 1 || len(kw) != 0 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_write_stderr() takes one str")
	}
	s, ok := vm.AsStr(args[0])
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "_write_stderr() takes one str")
	}
	return vm.None, t.WriteStderr(string(s))
}

// writeStdout writes its str argument to the run's stdout, capped as print's
// output is. sys.__stdout__.write lands here, not in print, which would ask
// sys.stdout again.
func writeStdout(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 1 || len(kw) != 0 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_write_stdout() takes one str")
	}
	s, ok := vm.AsStr(args[0])
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "_write_stdout() takes one str")
	}
	return vm.None, t.Write(string(s))
}

// handled returns the exception being handled where it is called, or None.
func handled(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if e := t.HandledException(); e != nil {
		return e, nil
	}
	return vm.None, nil
}
