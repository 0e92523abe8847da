package vm

// asyncGenValue marks a value yielded by an async generator, as opposed to
// a future its awaits pass up to the event loop.
type asyncGenValue struct{ v Value }

// asyncGenSend is the awaitable of one step of an async generator
// (__anext__ or asend): awaiting it runs the generator until it yields a
// value, passing its awaits through to the loop.
type asyncGenSend struct {
	g       *Generator
	started bool
	value   Value
	throw   error
	// closing marks aclose(): the generator finishing (GeneratorExit or
	// StopAsyncIteration escaping) is success, yielding a value an error.
	closing bool
}

func (a *asyncGenSend) send(t *Thread, sent Value, throw error) (Value, bool, error) {
	if !a.started {
		a.started = true
		if a.value != nil {
			sent = a.value
		}
		if a.throw != nil && throw == nil {
			throw = a.throw
		}
	}
	if a.g.finished && throw == nil {
		return nil, false, NewException(StopAsyncIterationClass)
	}
	r, yielded, err := t.genSend(a.g, sent, throw)
	if a.closing {
		if e, ok := err.(*Instance); ok && (e.Class.IsSubclass(GeneratorExitClass) || e.Class.IsSubclass(StopAsyncIterationClass)) {
			return None, false, nil
		}
		if err == nil && !yielded {
			return None, false, nil
		}
	}
	if err != nil {
		return nil, false, err
	}
	if !yielded {
		return nil, false, NewException(StopAsyncIterationClass)
	}
	if w, ok := r.(*asyncGenValue); ok {
		if a.closing {
			return nil, false, Errorf(RuntimeErrorClass, "async generator ignored GeneratorExit")
		}
		return w.v, false, nil
	}
	return r, true, nil
}

func initAsyncGen() {
	addMethods(AsyncGeneratorClass, map[string]BuiltinFunc{
		"__aiter__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return a[0], nil },
		"__anext__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return &asyncGenSend{g: a[0].(*Generator)}, nil
		},
		"asend": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) != 2 {
				return nil, Errorf(TypeErrorClass, "asend() takes exactly one argument")
			}
			return &asyncGenSend{g: a[0].(*Generator), value: a[1]}, nil
		},
		"athrow": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) < 2 {
				return nil, Errorf(TypeErrorClass, "athrow expected at least 1 argument")
			}
			exc, err := t.makeException(a[1])
			if err != nil {
				return nil, err
			}
			return &asyncGenSend{g: a[0].(*Generator), throw: exc}, nil
		},
		"aclose": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			g := a[0].(*Generator)
			if !g.started || g.finished {
				g.finished = true
				return resolved(t, None), nil
			}
			return &asyncGenSend{g: g, throw: NewException(GeneratorExitClass), closing: true}, nil
		},
	})
}
