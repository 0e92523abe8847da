package python

import (
	"context"
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
// immutable and safe for concurrent runs.
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

// RunWithPrelude is Run with pre run first, on the same thread and under
// the same limits: inputs (JSON-like Go values) are bound as globals of the
// prelude, its __exports__ become builtins, then the program runs. The
// prelude sees the host functions of opts.Host as builtins too.
//
// It repeats Run's set-up because Run's file belongs to the interpreter's
// owner; the intent is for Run to take a RunOptions.Prelude field and this
// function to go.
func (p *Program) RunWithPrelude(ctx context.Context, opts RunOptions, pre *Prelude, inputs map[string]any) (res *Result, err error) {
	if pre == nil {
		return p.Run(ctx, opts)
	}
	g := opts.Globals
	if g == nil {
		g = NewGlobals()
	}
	mods := opts.Modules
	if mods == nil {
		mods = vm.DefaultModules()
	}
	var used int64
	if opts.Globals != nil {
		used = g.SizeBytes()
	}
	t := vm.NewThread(vm.Config{
		Ctx: ctx,
		Limits: vm.Limits{Steps: opts.Limits.Steps, MaxMemoryBytes: opts.Limits.MaxMemoryBytes,
			MaxDepth: opts.Limits.MaxDepth, MaxOutputBytes: opts.Limits.MaxOutputBytes, MaxHostCalls: opts.Limits.MaxHostCalls},
		Stdout:     opts.Stdout,
		Modules:    mods,
		MemoryUsed: used,
	})
	b, err := hostBuiltins(opts.Host)
	if err != nil {
		return nil, err
	}
	t.SetBuiltins(b)
	defer func() {
		if r := recover(); r != nil {
			res = nil
			err = &Exception{Type: "SystemError", Message: fmt.Sprintf("internal error in the interpreter: %v", r), Filename: p.filename}
		}
	}()
	if err := pre.run(t, b, inputs); err != nil {
		return nil, p.exception(t, err)
	}
	v, rerr := t.RunModule(p.code, g.d)
	if rerr == nil {
		if coro, ok := v.(*vm.Generator); ok && p.code.Flags&compile.FlagCoroutine != 0 {
			v, rerr = t.RunCoroutine(coro)
		}
	}
	if rerr != nil {
		return nil, p.exception(t, rerr)
	}
	repr, rerr := t.Repr(v)
	if rerr != nil {
		return nil, p.exception(t, rerr)
	}
	gv, cerr := fromPython(t, v, 0)
	if cerr != nil {
		gv = repr
	}
	return &Result{Value: gv, Repr: repr}, nil
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
		v, err := toPython(inputs[k], 0)
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
