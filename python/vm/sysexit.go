package vm

import "math/big"

// SystemExitStatus is the exit status CPython's interpreter gives a program
// that ends with the uncaught exception e, and ok when e is a SystemExit
// (or a subclass). The status comes from the exception's code as CPython's
// handling of SystemExit reads it: None is 0, an int (a bool, an int
// subclass such as an IntEnum member) is its value modulo 256 and one
// that does not fit a C long is 255; any other code is 1, and CPython
// prints str(code) on stderr. A code assigned after the exception was made
// (e.code = 0) counts, as in CPython; it is read from the instance's
// dict, never through a property or __getattr__, so no snippet code runs
// after the run ended.
//
// printed reports whether CPython prints the code (one that is not None
// or an int) on stderr as the program ends.
func SystemExitStatus(e *Instance) (status int, printed, ok bool) {
	if e == nil || e.Exc == nil || !e.Class.IsSubclass(SystemExitClass) {
		return 0, false, false
	}
	var code Value = Tuple(e.Exc.Args) // more than one argument: all of them
	if len(e.Exc.Args) <= 1 {
		code = stopValue(e)
	}
	if e.Dict != nil {
		if v, found := e.Dict.GetStr("code"); found {
			code = v
		}
	}
	status, printed = exitStatusOf(code)
	return status, printed, true
}

// exitStatusOf maps a SystemExit code to its status (see SystemExitStatus).
func exitStatusOf(code Value) (status int, printed bool) {
	if inst, ok := code.(*Instance); ok && inst.Base != nil {
		code = inst.Base
	}
	switch c := code.(type) {
	case NoneType:
		return 0, false
	case Bool:
		if c {
			return 1, false
		}
		return 0, false
	case Int:
		return int(int64(c) & 0xff), false
	case *big.Int:
		// Beyond a C long: CPython's conversion fails and gives -1.
		return 0xff, false
	}
	return 1, true
}
