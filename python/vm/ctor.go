package vm

// Inline construction.
//
// Calling a class whose instances are made by object.__new__ and
// initialised by a Python __init__ (nearly every user class) needs no Go
// recursion: CALL creates the instance and pushes the __init__ frame
// (Frame.ctor). Whether a class qualifies is remembered per class and
// rechecked when any class namespace changes (classEpoch).
type ctorInfo struct {
	epoch uint64
	init  *Function // nil: construct through the general path
}

// plainInit returns the __init__ to push for a call of cls, or nil.
func (t *Thread) plainInit(cls *Class) *Function {
	if cls.builtin || cls.exception || cls.base != ObjectClass || cls.abstract {
		return nil
	}
	ep := classEpoch.Load()
	if ci := cls.ctor.Load(); ci != nil && ci.epoch == ep {
		return ci.init
	}
	ci := &ctorInfo{epoch: ep}
	newm := cls.Lookup("__new__")
	if (newm == nil || isObjectNew(newm)) && cls.metaMethod("__call__") == nil {
		if f, ok := cls.Lookup("__init__").(*Function); ok {
			ci.init = f
		}
	}
	cls.ctor.Store(ci)
	return ci.init
}

// newInstanceDict returns the namespace of a new instance of cls, sized
// for the attributes its instances had so far.
func newInstanceDict(cls *Class) *Dict {
	return NewDictSize(int(cls.attrHint.Load()))
}

// noteInstanceSize records that an instance of cls holds n attributes, so
// later instances start with room for them.
func noteInstanceSize(cls *Class, n int) {
	if n > 64 {
		n = 64
	}
	if int32(n) > cls.attrHint.Load() {
		cls.attrHint.Store(int32(n))
	}
}
