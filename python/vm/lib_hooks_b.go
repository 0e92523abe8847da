package vm

// LoadedModule returns the module name if this run has already imported it, else nil.
// A package module (urllib) and its submodule (urllib.parse) use it to share one
// module object whichever is imported first.
func (t *Thread) LoadedModule(name string) *Module { return t.modCache[name] }

// MainGlobals returns the namespace of the run's own code (the snippet's or the
// script's globals), nil before it starts. unittest.main() finds the run's TestCase
// classes there, as CPython's finds them in the __main__ module; it reaches nothing
// the run could not name itself.
func (t *Thread) MainGlobals() *Dict { return t.globals }
