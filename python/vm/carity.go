package vm

import (
	"fmt"
	"strings"

	"github.com/toolplane/toolplane/python/compile"
)

// C-style argument errors for library methods written in Python here.
//
// A method of a type CPython implements in C (collections.deque,
// datetime.date) reports a wrong call in the words of C's argument
// parsing, not those of a Python function. A library function declares
// which parser CPython uses by setting its attribute __toolplane_cargs__
// to one of:
//
//	"O"           METH_O: "deque.append() takes exactly one argument (0 given)"
//	"noargs"      METH_NOARGS: "deque.copy() takes no arguments (1 given)"
//	              ("O:*", "noargs:*": named after the receiver's C type, for a
//	              method a base shares here)
//	"tuple:NAME"  PyArg_ParseTuple: "insert() takes exactly 2 arguments (1 given)"
//	"check:NAME"  _PyArg_CheckPositional: "deque.rotate expected at most 1 argument, got 2"
//	"kw:NAME"     PyArg_ParseTupleAndKeywords ("kw:" alone: an unnamed one, "function"):
//	              "deque() takes at most 2 arguments (3 given)",
//	              "function missing required argument 'year' (pos 1)",
//	              "'foo' is an invalid keyword argument for this function"
//
// The function's own parameters after self give the counts and names. Only
// the message of a call that fails to bind changes.

var hashCArgs = strHash("__toolplane_cargs__")

// cArityError returns the C-style error for a call of fn (a method: args
// start with self) that failed to bind with err (nil: it bound, with
// keyword arguments, which C's positional parsers refuse), or err.
func cArityError(fn *Function, args Tuple, kw []Kwarg, err error) error {
	if e, ok := err.(*Instance); err != nil && (!ok || e.Class != TypeErrorClass) {
		return err
	}
	v, ok := fn.Dict.getStrH("__toolplane_cargs__", hashCArgs)
	spec, isStr := v.(Str)
	if !ok || !isStr {
		return err
	}
	code := fn.Code
	params := code.VarNames[min(1, code.ArgCount):code.ArgCount]
	kwonly := code.VarNames[code.ArgCount : code.ArgCount+code.KwOnlyCount]
	required := max(0, len(params)-len(fn.Defaults))
	given := max(0, len(args)-1)
	style, name, _ := strings.Cut(string(spec), ":")
	s := func(n int, word string) string {
		if n == 1 {
			return fmt.Sprintf("%d %s", n, word)
		}
		return fmt.Sprintf("%d %ss", n, word)
	}
	switch style {
	case "O", "noargs":
		qual := fn.QualName
		if name == "*" && len(args) > 0 {
			// A method a base shares here that CPython defines on each
			// type: named after the receiver's C type.
			for _, c := range TypeOf(args[0]).MRO {
				if c.CName != "" {
					qual = c.CName[strings.LastIndexByte(c.CName, '.')+1:] + "." + fn.Name
					break
				}
			}
		}
		if len(kw) > 0 {
			return Errorf(TypeErrorClass, "%s() takes no keyword arguments", qual)
		}
		if style == "O" {
			return Errorf(TypeErrorClass, "%s() takes exactly one argument (%d given)", qual, given)
		}
		return Errorf(TypeErrorClass, "%s() takes no arguments (%d given)", qual, given)
	case "tuple", "check":
		if len(kw) > 0 {
			return Errorf(TypeErrorClass, "%s() takes no keyword arguments", name)
		}
		how, n := "exactly", len(params)
		switch {
		case required == len(params) && code.Flags&compile.FlagVarArgs == 0:
		case given < required || code.Flags&compile.FlagVarArgs != 0:
			how, n = "at least", required
		default:
			how = "at most"
		}
		if style == "check" {
			if how == "exactly" {
				return Errorf(TypeErrorClass, "%s expected %s, got %d", name, s(n, "argument"), given)
			}
			return Errorf(TypeErrorClass, "%s expected %s %s, got %d", name, how, s(n, "argument"), given)
		}
		return Errorf(TypeErrorClass, "%s() takes %s %s (%d given)", name, how, s(n, "argument"), given)
	case "kw":
		if err == nil {
			return nil
		}
		fname, paren, this := name, "()", name+"()"
		if name == "" {
			fname, paren, this = "function", "", "this function"
		}
		total := len(params) + len(kwonly)
		if given+len(kw) > total {
			kwWord := ""
			if given == 0 {
				kwWord = "keyword "
			}
			return Errorf(TypeErrorClass, "%s%s takes at most %s (%d given)", fname, paren, s(total, kwWord+"argument"), given+len(kw))
		}
		if given > len(params) {
			return Errorf(TypeErrorClass, "%s%s takes at most %s (%d given)", fname, paren, s(len(params), "positional argument"), given)
		}
		for i, p := range params {
			byName := false
			for _, k := range kw {
				byName = byName || k.Name == p
			}
			if i < given && byName {
				return Errorf(TypeErrorClass, "argument for %s%s given by name ('%s') and position (%d)", fname, paren, p, i+1)
			}
			if i >= given && !byName && i < required {
				return Errorf(TypeErrorClass, "%s%s missing required argument '%s' (pos %d)", fname, paren, p, i+1)
			}
		}
		for _, k := range kw {
			known := false
			for _, p := range append(params[:len(params):len(params)], kwonly...) {
				known = known || k.Name == p
			}
			if !known {
				return Errorf(TypeErrorClass, "'%s' is an invalid keyword argument for %s", k.Name, this)
			}
		}
	}
	return err
}
