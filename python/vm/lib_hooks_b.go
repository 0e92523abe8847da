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

// replacedStream returns what the snippet bound to sys.<name> ("stdout" or
// "stderr") when it is not the run's own stream (sys.__<name>__), else nil.
// Only this run's sys module counts: each run imports its own, so a stream
// replaced in one run of a session never outlives it.
func (t *Thread) replacedStream(name string) Value {
	m := t.modCache["sys"]
	if m == nil {
		return nil
	}
	cur, ok := m.Dict.GetStr(name)
	if !ok {
		return nil
	}
	if own, _ := m.Dict.GetStr("__" + name + "__"); cur == own {
		return nil
	}
	return cur
}
