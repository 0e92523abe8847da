package vm

// addNumberFormat installs int.__format__ and float.__format__ (bool
// inherits int's), so that (5).__format__("x") and super().__format__(spec)
// in subclasses format as format() does rather than falling back to
// object.__format__.
func addNumberFormat() {
	for _, c := range []*Class{IntClass, FloatClass} {
		qual := c.Name + ".__format__"
		addMethods(c, map[string]BuiltinFunc{
			"__format__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
				if err := exactArgs(qual, a[1:], kw, 1); err != nil {
					return nil, err
				}
				spec, ok := asStr(a[1])
				if !ok {
					return nil, Errorf(TypeErrorClass, "__format__() argument must be str, not %s", argTypeName(a[1]))
				}
				return t.formatValue(a[0], 0, string(spec))
			},
		})
	}
}
