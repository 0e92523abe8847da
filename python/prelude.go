package python

import (
	"fmt"
	"sort"

	"github.com/toolplane/toolplane/python/compile"
	"github.com/toolplane/toolplane/python/syntax"
	"github.com/toolplane/toolplane/python/vm"
)

// Prelude is Python source an embedder runs before each snippet to define
// bindings in Python rather than Go (classes, wrappers around host
// functions). It runs in a namespace of its own, whose globals are its
// inputs; the names it puts in its dict __exports__ become builtins of the
// run, so the snippet sees them and cannot reach the prelude's helpers.
// Compile it once with CompilePrelude and share it: like a Program it is
// immutable and safe for concurrent runs. Pass it as RunOptions.Prelude.
type Prelude struct {
	filename string
	code     *vm.CodeObj
}

// CompilePrelude parses and compiles a prelude once. The filename names it
// in tracebacks of exceptions raised inside it.
func CompilePrelude(filename, src string) (*Prelude, error) {
	mod, err := syntax.Parse(filename, []byte(src))
	if err != nil {
		return nil, fmt.Errorf("prelude %s: %w", filename, err)
	}
	prog, err := compile.Module(filename, mod, compile.Options{})
	if err != nil {
		return nil, fmt.Errorf("prelude %s: %w", filename, err)
	}
	return &Prelude{filename: filename, code: vm.NewCode(prog.Module)}, nil
}

// run executes the prelude in a fresh namespace and copies its exports
// into builtins.
func (pre *Prelude) run(t *vm.Thread, builtins *vm.Dict, inputs map[string]any) error {
	globals := vm.NewDict()
	globals.SetStr("__name__", vm.Str(pre.filename))
	names := make([]string, 0, len(inputs))
	for k := range inputs {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		v, err := toPython(t, inputs[k], 0)
		if err != nil {
			return vm.Errorf(vm.TypeErrorClass, "prelude %s: input %s: %s", pre.filename, k, err.Error())
		}
		globals.SetStr(k, v)
	}
	if _, err := t.RunModule(pre.code, globals); err != nil {
		return err
	}
	ex, ok := globals.GetStr("__exports__")
	if !ok {
		return nil
	}
	d, ok := ex.(*vm.Dict)
	if !ok {
		return vm.Errorf(vm.TypeErrorClass, "prelude %s: __exports__ must be a dict", pre.filename)
	}
	for _, it := range d.Items() {
		k, ok := it[0].(vm.Str)
		if !ok {
			return vm.Errorf(vm.TypeErrorClass, "prelude %s: __exports__ keys must be str", pre.filename)
		}
		builtins.SetStr(string(k), it[1])
	}
	return nil
}
