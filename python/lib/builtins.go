package lib

import "github.com/toolplane/toolplane/python/vm"

// builtinsModule builds `builtins`: the interpreter's builtin functions, types and
// exceptions (builtins.len is len). Its namespace is a copy made for the run, and the
// snippet's own code resolves builtin names in it from now on: assigning builtins.x
// (or deleting it) changes what x means to the snippet, as in CPython, but not to the
// runtime's code (the prelude, library modules written in Python), nor to the next run
// of a session or any other run. The host's functions, which a run sees as builtins,
// are not in it.
func builtinsModule(t *vm.Thread) (*vm.Module, error) {
	d := vm.Builtins()
	d.SetStr("__name__", vm.Str("builtins"))
	t.SetUserBuiltins(d)
	return &vm.Module{Name: "builtins", Dict: d}, nil
}
