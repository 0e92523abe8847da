package vm

// except* (PEP 654): the matching and re-raising that the compiler's
// CHECK_EG_MATCH and PREP_RERAISE_STAR ask for, as CPython 3.11 does them.

// checkEGMatch splits exc by the type (or tuple of types) of an except*
// clause: match is what the clause handles (nil: nothing, the clause is
// skipped), rest what is left for the following clauses. A bare exception
// that matches is handed over wrapped in an ExceptionGroup.
func (t *Thread) checkEGMatch(exc, typ Value) (match, rest Value, err error) {
	var classes []Value
	switch ty := typ.(type) {
	case *Class:
		classes = []Value{ty}
	case Tuple:
		if err := t.tickItems(len(ty)); err != nil {
			return nil, nil, err
		}
		classes = ty
	default:
		return nil, nil, Errorf(TypeErrorClass, "catching classes that do not inherit from BaseException is not allowed")
	}
	for _, c := range classes {
		if cls, ok := c.(*Class); !ok || !cls.exception {
			return nil, nil, Errorf(TypeErrorClass, "catching classes that do not inherit from BaseException is not allowed")
		}
	}
	for _, c := range classes {
		if c.(*Class).IsSubclass(BaseExceptionGroupClass) {
			return nil, nil, Errorf(TypeErrorClass, "catching ExceptionGroup with except* is not allowed. Use except instead.")
		}
	}
	e, ok := exc.(*Instance)
	if !ok || e.Exc == nil {
		return nil, exc, nil
	}
	whole, err := t.excMatches(e, typ)
	if err != nil {
		return nil, nil, err
	}
	isGroup := e.Class.IsSubclass(BaseExceptionGroupClass)
	if whole {
		if isGroup {
			return e, nil, nil
		}
		g, err := BaseExceptionGroupClass.new(t, BaseExceptionGroupClass, Tuple{Str(""), Tuple{e}}, nil)
		if err != nil {
			return nil, nil, err
		}
		g.(*Instance).Exc.TB = e.Exc.TB[:len(e.Exc.TB):len(e.Exc.TB)]
		return g, nil, nil
	}
	if !isGroup {
		return nil, exc, nil
	}
	return splitGroup(t, e, typ, BaseExceptionGroupClass.new)
}

// prepReraiseStar is what a try with except* clauses raises on once its
// clauses ran: excs holds what the clauses raised (in order) and, last,
// what no clause matched (None entries are skipped). An exception that
// is orig or a part of it left as it was (a bare raise, the unmatched
// rest) is re-raised in orig's shape; exceptions raised anew are grouped
// with it in ExceptionGroup(""). nil: nothing to raise.
func (t *Thread) prepReraiseStar(orig Value, excs []Value) (Value, error) {
	o, ok := orig.(*Instance)
	if !ok || o.Exc == nil || !o.Class.IsSubclass(BaseExceptionGroupClass) {
		// A bare exception: at most one clause ran.
		for _, e := range excs {
			if e != None && e != nil {
				return e, nil
			}
		}
		return nil, nil
	}
	var raised, reraised []Value
	for _, e := range excs {
		x, ok := e.(*Instance)
		if !ok || x.Exc == nil {
			continue
		}
		if sameExcMetadata(x, o) {
			reraised = append(reraised, x)
		} else {
			raised = append(raised, x)
		}
	}
	var kept Value
	if len(reraised) > 0 {
		leaves := map[*Instance]bool{}
		for _, e := range reraised {
			if err := t.collectLeaves(e.(*Instance), leaves); err != nil {
				return nil, err
			}
		}
		var err error
		kept, _, err = splitGroupBy(t, o, func(v Value) (bool, error) {
			x, _ := v.(*Instance)
			return leaves[x], nil
		}, BaseExceptionGroupClass.new)
		if err != nil {
			return nil, err
		}
	}
	if len(raised) == 0 {
		return kept, nil
	}
	if kept != nil {
		raised = append(raised, kept)
	}
	if len(raised) == 1 {
		return raised[0], nil
	}
	return BaseExceptionGroupClass.new(t, BaseExceptionGroupClass, Tuple{Str(""), t.NewList(raised)}, nil)
}

// sameExcMetadata reports whether e carries orig's cause, context,
// traceback and notes: a part of orig that left a clause unchanged, not an
// exception raised anew (a raise statement extends the traceback).
func sameExcMetadata(e, orig *Instance) bool {
	if e.Exc.Cause != orig.Exc.Cause || e.Exc.Context != orig.Exc.Context || len(e.Exc.TB) != len(orig.Exc.TB) {
		return false
	}
	var en, on Value
	if e.Dict != nil {
		en, _ = e.Dict.GetStr("__notes__")
	}
	if orig.Dict != nil {
		on, _ = orig.Dict.GetStr("__notes__")
	}
	return en == on
}

// collectLeaves adds the exceptions that are not groups under e to set.
func (t *Thread) collectLeaves(e *Instance, set map[*Instance]bool) error {
	if e.Exc.Group == nil {
		set[e] = true
		return nil
	}
	if err := t.enterGo(); err != nil {
		return err
	}
	defer t.leaveGo()
	if err := t.tickItems(len(e.Exc.Group)); err != nil {
		return err
	}
	for _, x := range e.Exc.Group {
		if err := t.collectLeaves(x.(*Instance), set); err != nil {
			return err
		}
	}
	return nil
}
