package csv

import (
	"strings"

	"github.com/toolplane/toolplane/python/vm"
)

const (
	quoteMinimal = 0
	quoteAll     = 1
)

// formatRow is csv.py's _format_row(fields, params, Error): one record as the writer
// formats it, with CPython's quoting rules. params is (delimiter, quotechar,
// escapechar, doublequote, lineterminator, quoting) with "" for an unset character.
func formatRow(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 3 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_format_row() takes 3 arguments")
	}
	fields, ok := args[0].(*vm.List)
	p, ok2 := args[1].(vm.Tuple)
	errCls, ok3 := args[2].(*vm.Class)
	if !ok || !ok2 || !ok3 || len(p) != 6 || !errCls.IsSubclass(vm.ExceptionClass) {
		return nil, vm.Errorf(vm.TypeErrorClass, "_format_row(): bad arguments")
	}
	delim, _ := vm.AsStr(p[0])
	quote, _ := vm.AsStr(p[1])
	escape, _ := vm.AsStr(p[2])
	doublequote, err := t.Truth(p[3])
	if err != nil {
		return nil, err
	}
	lineterm, _ := vm.AsStr(p[4])
	quoting := asInt(p[5])
	special := string(delim) + string(lineterm) + string(quote) + string(escape)
	fail := func(msg string) error { return vm.NewException(errCls, vm.Str(msg)) }

	var b strings.Builder
	only := len(fields.Items) == 1
	for i, f := range fields.Items {
		if i > 0 {
			b.WriteString(string(delim))
		}
		var s string
		switch x := f.(type) {
		case vm.NoneType:
		case vm.Str:
			s = string(x)
		case vm.Float:
			s = vm.FloatRepr(float64(x))
		default:
			if s, err = t.Str(f); err != nil {
				return nil, err
			}
		}
		quoted := false
		switch quoting {
		case quoteNonnumeric:
			// Quote what is not a number (CPython's PyNumber_Check).
			switch x := f.(type) {
			case vm.Int, vm.Float, vm.Bool:
			case *vm.Instance:
				quoted = x.Class.Lookup("__float__") == nil && x.Class.Lookup("__index__") == nil && x.Class.Lookup("__int__") == nil
			default:
				quoted = vm.TypeName(f) != "int"
			}
		case quoteAll:
			quoted = true
		}
		var field strings.Builder
		if strings.ContainsAny(s, special) {
			for _, c := range s {
				wantEscape := false
				if strings.ContainsRune(special, c) {
					if quoting == quoteNone {
						wantEscape = true
					} else {
						if quote != "" && string(c) == string(quote) {
							if doublequote {
								field.WriteString(string(quote))
							} else {
								wantEscape = true
							}
						} else if escape != "" && string(c) == string(escape) {
							wantEscape = true
						}
						if !wantEscape {
							quoted = true
						}
					}
					if wantEscape {
						if escape == "" {
							return nil, fail("need to escape, but no escapechar set")
						}
						field.WriteString(string(escape))
					}
				}
				field.WriteRune(c)
			}
			s = field.String()
		}
		if s == "" && only {
			if quoting == quoteNone {
				return nil, fail("single empty field record must be quoted")
			}
			quoted = true
		}
		if quoted {
			b.WriteString(string(quote))
			b.WriteString(s)
			b.WriteString(string(quote))
		} else {
			b.WriteString(s)
		}
	}
	b.WriteString(string(lineterm))
	return vm.Str(vm.BuiltString(&b)), nil
}
