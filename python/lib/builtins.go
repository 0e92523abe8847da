package lib

import "github.com/toolplane/toolplane/python/vm"

// builtinsModule builds `builtins`: the interpreter's builtin functions, types and
// exceptions (builtins.len is len). Its namespace is a copy: assigning to builtins.x
// does not change what names resolve to in the run, and the host's functions, which a
// run sees as builtins, are not in it.
func builtinsModule(t *vm.Thread) (*vm.Module, error) {
	d := vm.Builtins()
	d.SetStr("__name__", vm.Str("builtins"))
	return &vm.Module{Name: "builtins", Dict: d}, nil
}
