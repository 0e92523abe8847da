package vm

import (
	"fmt"
	"strings"

	"github.com/toolplane/toolplane/python/compile"
)

// Call calls any callable value.
//
// Call is the one door through which Go code calls back into Python
// (dunder methods, key= functions, descriptors, constructors), so it is
// where Go recursion is counted: a Python function call counts as a frame
// (t.depth, in callPython), every other callable as a Go level (enterGo).
// A cycle that never runs Python code (A.__init__ = A; an instance whose
// __call__ is itself) still passes here on every turn and ends in
// RecursionError instead of overflowing the Go stack.
func (t *Thread) Call(fn Value, args Tuple, kw []Kwarg) (Value, error) {
	if f, ok := fn.(*Function); ok {
		return t.callPython(f, args, kw)
	}
	if err := t.enterGo(); err != nil {
		return nil, err
	}
	v, err := t.callOther(fn, args, kw)
	t.leaveGo()
	return v, err
}

// callOther calls a callable that is not a Python function; Call has
// counted the Go level.
func (t *Thread) callOther(fn Value, args Tuple, kw []Kwarg) (Value, error) {
	switch f := fn.(type) {
	case *Builtin:
		return f.Fn(t, args, kw)
	case *BoundMethod:
		nargs := make(Tuple, len(args)+1)
		nargs[0] = f.Self
		b, isBuiltin := f.Fn.(*Builtin)
		if isBuiltin && b.Self != "object" && b.Self != "BaseException" {
			nargs[0] = unwrapBase(f.Self)
		}
		copy(nargs[1:], args)
		if isBuiltin {
			v, err := b.Fn(t, nargs, kw)
			return rewrapSelf(f.Self, v), err
		}
		return t.Call(f.Fn, nargs, kw)
	case *Class:
		return t.construct(f, args, kw)
	case *Instance:
		if m := f.Class.Lookup("__call__"); m != nil {
			return t.callMethod(m, f, args, kw...)
		}
	case *HostFunction:
		return t.callHost(f, args, kw)
	case *StaticMethod:
		return t.Call(f.Fn, args, kw)
	}
	return nil, Errorf(TypeErrorClass, "'%s' object is not callable", TypeName(fn))
}

// callMethod calls a function found on a class with self prepended.
func (t *Thread) callMethod(m Value, self Value, args Tuple, kw ...Kwarg) (Value, error) {
	switch mm := m.(type) {
	case *StaticMethod:
		return t.Call(mm.Fn, args, kw)
	case *ClassMethod:
		cls := self
		if _, ok := self.(*Class); !ok {
			cls = TypeOf(self)
		}
		return t.Call(mm.Fn, append(Tuple{cls}, args...), kw)
	case *Function, *Builtin:
		if fn, ok := m.(*Function); ok && len(kw) == 0 {
			if v, done, err := t.callPlainSelf(fn, self, args); done {
				return v, err
			}
		}
		orig := self
		if b, ok := m.(*Builtin); ok && b.Self != "object" && b.Self != "BaseException" {
			self = unwrapBase(self)
		}
		nargs := make(Tuple, len(args)+1)
		nargs[0] = self
		copy(nargs[1:], args)
		v, err := t.Call(m, nargs, kw)
		return rewrapSelf(orig, v), err
	}
	return t.Call(m, args, kw)
}

// callPlainSelf calls fn(self, *args) from Go when fn binds exactly its
// positional parameters (CodeObj.plain) and is no generator: the arguments
// go straight into a pooled frame, without the tuple that prepending self
// would allocate. A nil self is none: fn(*args). done is false when fn
// needs callPython's general path. Depth and recursion are counted as
// callPython counts them. args does not escape, so a caller may pass an
// array on its stack.
func (t *Thread) callPlainSelf(fn *Function, self Value, args Tuple) (v Value, done bool, err error) {
	c := fn.Code
	n := len(args)
	if self != nil {
		n++
	}
	if !fn.callsPlain(n) {
		return nil, false, nil
	}
	if t.depth >= t.limits.MaxDepth {
		return nil, true, Errorf(RecursionErrorClass, "maximum recursion depth exceeded")
	}
	f := t.allocFrame(c, fn.Globals)
	f.fn = fn
	copy(f.cells, fn.Closure)
	if self != nil {
		f.locals[0] = self
		copy(f.locals[1:], args)
	} else {
		copy(f.locals, args)
	}
	t.depth++
	v, err = t.runPlain(f)
	t.depth--
	t.releaseFrame(f)
	return v, true, err
}

// runPlain runs the frame of a plain call from Go to its return: in
// fastRun first, and when fastRun stops at the frame's own RETURN_VALUE
// (a return it leaves to eval) that return here, counted as eval counts
// it; in eval from wherever fastRun stopped otherwise. So a dunder, key=
// function or getter that fastRun runs whole does not pay eval's set-up.
// The caller's frames stay roots of the memory re-measurement (evalTops),
// as eval keeps them. A Go panic in fastRun unwinds to the eval below,
// which reports it.
func (t *Thread) runPlain(f *Frame) (Value, error) {
	top := t.top
	t.evalTops = append(t.evalTops, top)
	t.top = f
	cur, _ := t.fastRun(f, f)
	t.evalTops = t.evalTops[:len(t.evalTops)-1]
	t.top = top
	if cur == f && t.fastErr == nil && f.ip < len(f.code.Instrs) && compile.Op(f.code.Instrs[f.ip]&0xff) == compile.RETURN_VALUE &&
		t.steps+1 < t.nextChk.Load() {
		t.steps++
		f.ip++
		return f.stack[len(f.stack)-1], nil
	}
	v, _, err := t.eval(f, cur, nil)
	return v, err
}

// call1 is Call(fn, Tuple{arg}, nil) without allocating the tuple when fn
// is a plain Python function (a key= function, a filter predicate).
func (t *Thread) call1(fn Value, arg Value) (Value, error) {
	if pf, ok := fn.(*Function); ok {
		a := [1]Value{arg}
		if v, done, err := t.callPlainSelf(pf, nil, a[:]); done {
			return v, err
		}
	}
	return t.Call(fn, Tuple{arg}, nil)
}

// callMethod1 is callMethod(m, self, Tuple{arg}) without allocating the
// tuple when m is a plain Python function (binary and comparison dunders).
func (t *Thread) callMethod1(m Value, self Value, arg Value) (Value, error) {
	if pf, ok := m.(*Function); ok {
		a := [1]Value{arg}
		if v, done, err := t.callPlainSelf(pf, self, a[:]); done {
			return v, err
		}
	}
	return t.callMethod(m, self, Tuple{arg})
}

// CallMethodName calls obj.name(*args, **kw).
func (t *Thread) CallMethodName(obj Value, name string, args Tuple, kw []Kwarg) (Value, error) {
	m, self, err := t.getMethod(obj, name)
	if err != nil {
		return nil, err
	}
	if self == null {
		return t.Call(m, args, kw)
	}
	return t.callMethod(m, self, args, kw...)
}

// getMethod looks up a method for a call without allocating a bound method
// when the attribute is a plain function on the class.
func (t *Thread) getMethod(obj Value, name string) (Value, Value, error) {
	switch o := obj.(type) {
	case *Instance:
		if ga := o.Class.lookupH("__getattribute__", hashGetattribute); ga != nil {
			if b, ok := ga.(*Builtin); !ok || b.Self != "object" {
				break
			}
		}
		h := strHash(name)
		m := o.Class.lookupH(name, h)
		inDict := false
		if o.Dict != nil {
			if v, ok := o.Dict.getStrH(name, h); ok {
				if m == nil {
					return v, null, nil
				}
				inDict = true
			}
		}
		if f, ok := m.(*Function); ok && !inDict {
			return f, obj, nil
		}
		if b, ok := m.(*Builtin); ok && b.binds() && !inDict {
			// The receiver GetAttr's bound method would carry.
			if o.Base != nil && b.Self != "object" {
				return b, o.Base, nil
			}
			return b, obj, nil
		}
	case *Super:
		// super().name(...) of a plain method: the function and self,
		// without a bound-method object.
		if inst, ok := o.Obj.(*Instance); ok && inst.Class.IsSubclass(o.Class) {
			mro := inst.Class.MRO
			i := 0
			for i < len(mro) && mro[i] != o.Class {
				i++
			}
			h := strHash(name)
			for _, k := range mro[min(i+1, len(mro)):] {
				if v, ok := k.Dict.getStrH(name, h); ok {
					if fn, ok := v.(*Function); ok {
						return fn, inst, nil
					}
					break
				}
			}
		}
	case *Class, *Module, *Namespace:
	default:
		cls := TypeOf(obj)
		if m := cls.Lookup(name); m != nil {
			if b, ok := m.(*Builtin); ok {
				return b, obj, nil
			}
		}
	}
	v, err := t.GetAttr(obj, name)
	if err != nil {
		return nil, nil, err
	}
	return v, null, nil
}

// superMethod is the method super(c, obj).name finds, for the LOAD_METHOD
// at ip (its name) right after the call making the super object: the plain
// function after c in the MRO of obj's class, and obj as its self, as
// getMethod finds them through the super object; nil when c is no class,
// obj no instance of it or the attribute anything else.
func superMethod(code *CodeObj, ip int, c, obj Value) (*Function, *Instance) {
	cls, ok := c.(*Class)
	if !ok {
		return nil, nil
	}
	inst, ok := obj.(*Instance)
	if !ok || !inst.Class.IsSubclass(cls) {
		return nil, nil
	}
	k := code.Instrs[ip] >> 8
	name, h := code.Names[k], code.NameHashes[k]
	mro := inst.Class.MRO
	i := 0
	for i < len(mro) && mro[i] != cls {
		i++
	}
	for _, k := range mro[min(i+1, len(mro)):] {
		if v, ok := k.Dict.getStrH(name, h); ok {
			fn, _ := v.(*Function)
			return fn, inst
		}
	}
	return nil, nil
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + n + "'"
	}
	switch len(q) {
	case 1:
		return q[0]
	case 2:
		return q[0] + " and " + q[1]
	}
	return strings.Join(q[:len(q)-1], ", ") + ", and " + q[len(q)-1]
}

// bindArgs fills locals with the parameters of fn.
func (t *Thread) bindArgs(fn *Function, locals []Value, args Tuple, kw []Kwarg) error {
	code := fn.Code
	nparams := code.ArgCount
	nkwonly := code.KwOnlyCount
	hasVarArgs := code.Flags&compile.FlagVarArgs != 0
	hasVarKw := code.Flags&compile.FlagVarKw != 0
	name := fn.QualName

	// Fast path: exact positional call.
	if len(kw) == 0 && len(args) == nparams && !hasVarArgs && !hasVarKw && nkwonly == 0 {
		// A loop, not copy: for the few arguments of a call, copy's
		// runtime call (typedslicecopy and its write-barrier pass) costs
		// more than the stores.
		for i, a := range args {
			locals[i] = a
		}
		return nil
	}
	n := len(args)
	if n > nparams {
		n = nparams
	}
	copy(locals, args[:n])
	varArgsIdx := nparams + nkwonly
	varKwIdx := varArgsIdx
	if hasVarArgs {
		varKwIdx++
		rest := append(Tuple(nil), args[n:]...)
		locals[varArgsIdx] = rest
		// The *args tuple outlives the call when the function keeps it
		// (functools.partial's args, a namedtuple's fields, return args),
		// with the items no one charged: a str up to one block made by a
		// concatenation or a format, a number's box (keeping f(a + s)
		// held 0.11 of its heap charged).
		if err := t.chargeNew(tupleBytes(len(rest)) + itemsStoredBytes(rest)); err != nil {
			return err
		}
	} else if len(args) > nparams {
		given := len(args)
		ndef := len(fn.Defaults)
		var takes string
		if ndef > 0 {
			takes = fmt.Sprintf("from %d to %d positional arguments", nparams-ndef, nparams)
		} else {
			takes = plural(nparams, "positional argument")
		}
		kwGiven := 0
		for _, k := range kw {
			for i := nparams; i < nparams+nkwonly; i++ {
				if code.VarNames[i] == k.Name {
					kwGiven++
				}
			}
		}
		was := "were"
		if given == 1 {
			was = "was"
		}
		if kwGiven > 0 {
			return Errorf(TypeErrorClass, "%s() takes %s but %d positional argument%s (and %d keyword-only argument%s) were given", name, takes, given, sfx(given), kwGiven, sfx(kwGiven))
		}
		return Errorf(TypeErrorClass, "%s() takes %s but %d %s given", name, takes, given, was)
	}
	var kwdict *Dict
	if hasVarKw {
		kwdict = NewDict()
		locals[varKwIdx] = kwdict
		if err := t.chargeNew(dictBytes); err != nil {
			return err
		}
	}
	var posOnlyAsKw []string
	for _, k := range kw {
		idx := -1
		for i := code.PosOnlyCount; i < nparams+nkwonly; i++ {
			if code.VarNames[i] == k.Name {
				idx = i
				break
			}
		}
		if idx < 0 {
			if kwdict != nil {
				if kwdict.HasStr(k.Name) {
					return Errorf(TypeErrorClass, "%s() got multiple values for keyword argument '%s'", name, k.Name)
				}
				// Charged: the **kwargs dict is the snippet's to keep.
				if err := kwdict.setStrT(t, k.Name, nil, strHash(k.Name), k.Value); err != nil {
					return err
				}
				continue
			}
			for i := 0; i < code.PosOnlyCount; i++ {
				if code.VarNames[i] == k.Name {
					posOnlyAsKw = append(posOnlyAsKw, k.Name)
				}
			}
			if len(posOnlyAsKw) > 0 {
				continue
			}
			return Errorf(TypeErrorClass, "%s() got an unexpected keyword argument '%s'", name, k.Name)
		}
		if locals[idx] != nil {
			return Errorf(TypeErrorClass, "%s() got multiple values for argument '%s'", name, k.Name)
		}
		locals[idx] = k.Value
	}
	if len(posOnlyAsKw) > 0 {
		return Errorf(TypeErrorClass, "%s() got some positional-only arguments passed as keyword arguments: '%s'", name, strings.Join(posOnlyAsKw, ", "))
	}
	ndef := len(fn.Defaults)
	var missing []string
	for i := 0; i < nparams; i++ {
		if locals[i] == nil {
			if d := i - (nparams - ndef); d >= 0 {
				locals[i] = fn.Defaults[d]
			} else {
				missing = append(missing, code.VarNames[i])
			}
		}
	}
	if len(missing) > 0 {
		return Errorf(TypeErrorClass, "%s() missing %s: %s", name, plural(len(missing), "required positional argument"), quoteList(missing))
	}
	for i := nparams; i < nparams+nkwonly; i++ {
		if locals[i] == nil {
			if fn.KwDefaults != nil {
				if v, ok := fn.KwDefaults.GetStr(code.VarNames[i]); ok {
					locals[i] = v
					continue
				}
			}
			missing = append(missing, code.VarNames[i])
		}
	}
	if len(missing) > 0 {
		return Errorf(TypeErrorClass, "%s() missing %s: %s", name, plural(len(missing), "required keyword-only argument"), quoteList(missing))
	}
	return nil
}

func sfx(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// hashToolplaneClassCall is the hash of the class hook that stands in for
// a metaclass's __call__ (see construct).
var hashToolplaneClassCall = strHash("__toolplane_class_call__")

// construct calls a class: its metaclass's __call__ when that is not
// type's, else constructDefault.
func (t *Thread) construct(cls *Class, args Tuple, kw []Kwarg) (Value, error) {
	if cls.meta != nil {
		if m := cls.metaMethod("__call__"); m != nil {
			return t.callMethod(m, cls, args, kw...)
		}
	}
	return t.constructDefault(cls, args, kw)
}

// constructDefault is type.__call__(cls, *args, **kw): __new__, then
// __init__ when __new__ made an instance of cls.
func (t *Thread) constructDefault(cls *Class, args Tuple, kw []Kwarg) (Value, error) {
	if cls == TypeClass && len(args) == 1 && len(kw) == 0 {
		return TypeOf(args[0]), nil
	}
	if cls.base == TypeClass && !cls.builtin {
		return t.callMetaclass(cls, args, kw)
	}
	if cls.builtin {
		if cls.new == nil {
			return nil, Errorf(TypeErrorClass, "cannot create '%s' instances", cls.Name)
		}
		v, err := cls.new(t, cls, args, kw)
		if err == nil {
			err = t.chargeNew(newBytes(v))
		}
		return v, err
	}
	// In place of a metaclass's __call__ (enum's classes have type as
	// theirs): a class that defines the classmethod
	// __toolplane_class_call__ (Enum, whose calls look members up and
	// never run __init__ again, as EnumType.__call__ does in CPython)
	// decides what calling it does.
	if cm, ok := cls.lookupH("__toolplane_class_call__", hashToolplaneClassCall).(*ClassMethod); ok {
		return t.Call(cm.Fn, append(Tuple{cls}, args...), kw)
	}
	var obj Value
	if newm, ok := cls.Lookup("__new__").(*StaticMethod); ok {
		if b, isBuiltin := newm.Fn.(*Builtin); !isBuiltin || b.ctor {
			r, err := t.Call(newm.Fn, append(Tuple{cls}, args...), kw)
			if err != nil {
				return nil, err
			}
			obj = r
			if inst, ok := r.(*Instance); ok {
				if !inst.Class.IsSubclass(cls) {
					return r, nil
				}
			} else if !TypeOf(r).IsSubclass(cls) {
				return r, nil
			}
		}
	}
	if obj == nil {
		inst, err := t.allocInstance(cls, args, kw)
		if err != nil {
			return nil, err
		}
		obj = inst
	}
	init := cls.Lookup("__init__")
	if init != nil {
		if b, ok := init.(*Builtin); ok && b.Self == "object" {
			if (len(args) > 0 || len(kw) > 0) && !immutableBase(cls.base) {
				if cls.Lookup("__new__") == nil || isObjectNew(cls.Lookup("__new__")) {
					return nil, Errorf(TypeErrorClass, "%s() takes no arguments", cls.Name)
				}
			}
			return obj, nil
		}
		r, err := t.callMethod(init, obj, args, kw...)
		if err != nil {
			return nil, err
		}
		if r != None {
			return nil, Errorf(TypeErrorClass, "__init__() should return None, not '%s'", TypeName(r))
		}
	}
	return obj, nil
}

// allocInstance makes an instance of user class cls with the Go state its
// builtin base needs (the dict of a dict subclass, the string of a str
// subclass, the arguments of an exception), as the base's __new__ does.
func (t *Thread) allocInstance(cls *Class, args Tuple, kw []Kwarg) (*Instance, error) {
	if cls.abstract {
		return nil, t.abstractError(cls)
	}
	inst := &Instance{Class: cls, Dict: NewDict()}
	if cls.exception {
		inst.Exc = &ExcState{Args: append(Tuple(nil), args...)}
		if cls.IsSubclass(BaseExceptionGroupClass) {
			// A group subclass: its message and exceptions, checked
			// as BaseExceptionGroup.__new__ checks them.
			g, err := BaseExceptionGroupClass.new(t, cls, args, nil)
			if err != nil {
				return nil, err
			}
			src := g.(*Instance).Exc
			inst.Exc.Args, inst.Exc.Group, inst.Exc.GroupMsg = src.Args, src.Group, src.GroupMsg
		}
	}
	// The empty container a dict, list, set or bytearray subclass holds
	// is charged with the instance (a dict subclass's instance took a
	// third more heap than its charge: only the walk counted its dict).
	switch cls.base {
	case DictClass:
		inst.Base = NewDict()
	case ListClass:
		inst.Base = t.NewList(nil)
	case SetClass:
		inst.Base = NewSet()
	case ByteArrayClass:
		inst.Base = &ByteArray{}
	}
	n := newBytes(inst)
	if inst.Base != nil {
		n += ValueBytes(inst.Base)
	}
	if err := t.chargeNew(n); err != nil {
		return nil, err
	}
	switch cls.base {
	case StrClass, IntClass, FloatClass, ComplexClass, TupleClass, FrozenSetClass, BytesClass:
		v, err := cls.base.new(t, cls.base, args, kw)
		if err != nil {
			return nil, err
		}
		inst.Base = v
	}
	t.stamp(inst)
	return inst, nil
}

// unsafeObjectNew names the class whose __new__ must make instances of
// cls, when object.__new__ cannot: cls is a builtin type other than object,
// or inherits Go state from one (a list, a str, an exception's arguments).
// As in CPython, the search starts at cls and skips classes that define
// their own __new__ (which may call object.__new__ only when the state
// does not come from a builtin).
func unsafeObjectNew(cls *Class) *Class {
	if cls == ObjectClass {
		return nil
	}
	if cls.builtin {
		return cls
	}
	if (cls.base == nil || cls.base == ObjectClass) && !cls.exception {
		return nil
	}
	static := cls
	for !static.builtin && static.Dict.HasStr("__new__") && len(static.Bases) > 0 {
		static = static.Bases[0]
	}
	return static
}

func isObjectNew(v Value) bool {
	sm, ok := v.(*StaticMethod)
	if !ok {
		return false
	}
	b, ok := sm.Fn.(*Builtin)
	return ok && b.Self == "object"
}

// Generator is a suspended generator or coroutine frame.
type Generator struct {
	frame     *Frame
	coroutine bool
	running   bool
	finished  bool
	excInfo   *Instance // the exception being handled inside the generator
	asyncGen  bool
	started   bool
	name      string
	qualname  string
	// await notes a coroutine until it runs (awaited.go).
	await *awaitRecord
}

// send resumes the generator. It returns (value, true) when the generator
// yields and (returnValue, false) when it finishes.
func (t *Thread) genSend(g *Generator, sent Value, throw error) (Value, bool, error) {
	if g.running {
		if g.coroutine {
			return nil, false, Errorf(ValueErrorClass, "coroutine already executing")
		}
		return nil, false, Errorf(ValueErrorClass, "generator already executing")
	}
	if g.finished {
		if throw != nil {
			return nil, false, throw
		}
		if g.coroutine {
			return nil, false, Errorf(RuntimeErrorClass, "cannot reuse already awaited coroutine")
		}
		return nil, false, nil
	}
	if !g.started {
		if sent != None && sent != nil && throw == nil {
			return nil, false, Errorf(TypeErrorClass, "can't send non-None value to a just-started generator")
		}
		g.started = true
		g.await.markRan()
		if throw != nil {
			g.finished = true
			return nil, false, throw
		}
	} else if throw == nil {
		g.frame.push(sent)
	}
	if t.depth >= t.limits.MaxDepth {
		return nil, false, Errorf(RecursionErrorClass, "maximum recursion depth exceeded")
	}
	g.running = true
	t.depth++
	savedExc := t.excInfo
	if g.excInfo != nil {
		t.excInfo = g.excInfo
	}
	var v Value
	var yielded bool
	var err error
	if throw == nil {
		// Run what fastRun can first, without eval's set-up: a generator
		// feeding a builtin (sum(x for x in xs)) yields from there. The
		// caller's frames stay roots of the memory re-measurement, as
		// eval keeps them (evalTops): a call fastRun pushes makes its
		// frame the top, whose chain ends at the generator's.
		top := t.top
		t.pushEvalTop(top)
		f, y := t.fastRun(g.frame, g.frame)
		t.evalTops = t.evalTops[:len(t.evalTops)-1]
		if t.top != top {
			t.top = top
		}
		if y != nil {
			v, yielded = y, true
		} else {
			v, yielded, err = t.eval(g.frame, f, nil)
		}
	} else {
		v, yielded, err = t.eval(g.frame, g.frame, throw)
	}
	// The pointer stores below are made only when they change
	// something: each costs a write barrier while the collector marks,
	// and a generator drained item by item (sum(x for x in xs)) comes
	// through here for every item.
	if yielded {
		if x := t.excInfo; x != savedExc {
			g.excInfo = x
		} else if g.excInfo != nil {
			g.excInfo = nil
		}
	}
	if t.excInfo != savedExc {
		t.excInfo = savedExc
	}
	t.depth--
	g.running = false
	if !yielded {
		g.finished = true
		if frameDepthCheck != nil {
			frameDepthCheck(g.frame)
		}
		g.frame.stack = nil
	}
	if err != nil {
		if e, ok := err.(*Instance); ok && e.Class.IsSubclass(StopIterationClass) {
			kind := "generator"
			if g.coroutine {
				kind = "coroutine"
			}
			re := Errorf(RuntimeErrorClass, "%s raised StopIteration", kind)
			re.Exc.Cause = e
			re.Exc.Context = e
			re.Exc.SuppressContext = true
			return nil, false, re
		}
		return nil, false, err
	}
	return v, yielded, nil
}

// pushEvalTop appends top to t.evalTops, as append does, without storing
// the pointer when the slot past the end already holds it (a generator
// resumed item by item pushes the same frame every time).
func (t *Thread) pushEvalTop(top *Frame) {
	if n := len(t.evalTops); n < cap(t.evalTops) && t.evalTops[:n+1][n] == top {
		t.evalTops = t.evalTops[:n+1]
		return
	}
	t.evalTops = append(t.evalTops, top)
}

// sendTo sends a value (or throws) into a delegate of yield from / await.
func (t *Thread) sendTo(it Value, sent Value, throw error) (Value, bool, error) {
	switch d := it.(type) {
	case *Generator:
		return t.genSend(d, sent, throw)
	case *futureIter:
		return d.send(t, throw)
	case *Future:
		return d.send(t, throw)
	case *asyncGenSend:
		return d.send(t, sent, throw)
	}
	if throw != nil {
		return nil, false, throw
	}
	if sent != None && sent != nil {
		if inst, ok := it.(*Instance); ok && inst.Class.Lookup("send") != nil {
			r, err := t.CallMethodName(it, "send", Tuple{sent}, nil)
			if err != nil {
				if e, ok := err.(*Instance); ok && e.Class.IsSubclass(StopIterationClass) {
					return stopValue(e), false, nil
				}
				return nil, false, err
			}
			return r, true, nil
		}
	}
	v, ok, err := t.nextRaw(it)
	if err != nil {
		return nil, false, err
	}
	if !ok {
		return v, false, nil
	}
	return v, true, nil
}

func stopValue(e *Instance) Value {
	if len(e.Exc.Args) > 0 {
		return e.Exc.Args[0]
	}
	return None
}

// awaitable returns the delegate for "await v".
func (t *Thread) awaitable(v Value) (Value, error) {
	switch a := v.(type) {
	case *Generator:
		if a.coroutine {
			if a.started && a.finished {
				return nil, Errorf(RuntimeErrorClass, "cannot reuse already awaited coroutine")
			}
			return a, nil
		}
	case *Future:
		if a.yieldOnce {
			return &futureIter{f: a}, nil // its own state: whether it yielded
		}
		return a, nil // its own delegate (Future.send)
	case *asyncGenSend:
		return a, nil
	case *Instance:
		if m := a.Class.Lookup("__await__"); m != nil {
			r, err := t.callMethod(m, a, nil)
			if err != nil {
				return nil, err
			}
			return t.Iter(r)
		}
	}
	return nil, Errorf(TypeErrorClass, "object %s can't be used in 'await' expression", TypeName(v))
}

// GenClose closes a generator by throwing GeneratorExit into it.
func (t *Thread) genClose(g *Generator) error {
	if g.finished || !g.started {
		g.finished = true
		g.await.markRan() // closed: CPython does not warn either
		return nil
	}
	_, yielded, err := t.genSend(g, None, NewException(GeneratorExitClass))
	if err != nil {
		if e, ok := err.(*Instance); ok && (e.Class.IsSubclass(GeneratorExitClass) || e.Class.IsSubclass(StopIterationClass)) {
			return nil
		}
		return err
	}
	if yielded {
		return Errorf(RuntimeErrorClass, "generator ignored GeneratorExit")
	}
	return nil
}

// rewrapSelf turns a builtin method's answer back into the receiver when the
// method answered the builtin value inside an instance of a dict, list or
// set subclass (d.__ior__(x), l.__iadd__(x)): d |= x keeps d a D.
func rewrapSelf(self, v Value) Value {
	inst, ok := self.(*Instance)
	if !ok || inst.Base == nil {
		return v
	}
	switch b := inst.Base.(type) {
	case *Dict:
		if vd, ok := v.(*Dict); ok && vd == b {
			return self
		}
	case *List:
		if vl, ok := v.(*List); ok && vl == b {
			return self
		}
	case *Set:
		if vs, ok := v.(*Set); ok && vs == b {
			return self
		}
	case *ByteArray:
		if vb, ok := v.(*ByteArray); ok && vb == b {
			return self
		}
	}
	return v
}
