package vm

// LoadedModule returns the module name if this run has already imported it, else nil.
// A package module (urllib) and its submodule (urllib.parse) use it to share one
// module object whichever is imported first.
func (t *Thread) LoadedModule(name string) *Module { return t.modCache[name] }
