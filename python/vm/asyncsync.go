package vm

import (
	"time"

	"github.com/toolplane/toolplane/python/syntax"
)

// Native is a builtin object whose state is a Go value (asyncio.Event,
// Semaphore, Lock, Queue).
type Native struct {
	Class *Class
	Data  any
}

// asyncio synchronisation classes.
var (
	EventClass      = newBuiltinClass("Event", ObjectClass)
	SemaphoreClass  = newBuiltinClass("Semaphore", ObjectClass)
	LockClass       = newBuiltinClass("Lock", ObjectClass)
	QueueClass      = newBuiltinClass("Queue", ObjectClass)
	QueueEmptyClass = makeException("QueueEmpty", ExceptionClass)
	// QueueFullClass is raised by put_nowait on a full bounded queue.
	QueueFullClass = makeException("QueueFull", ExceptionClass)
	// PriorityQueueClass and LifoQueueClass are the Queue variants that hand out
	// the smallest item, and the newest.
	PriorityQueueClass = newBuiltinClass("PriorityQueue", QueueClass)
	LifoQueueClass     = newBuiltinClass("LifoQueue", QueueClass)
	// InvalidStateErrorClass is raised when a future's result is set twice.
	InvalidStateErrorClass = makeException("InvalidStateError", ExceptionClass)
)

type event struct {
	set     bool
	waiters []*Future
}

type semaphore struct {
	value   int64
	waiters []*Future
}

type queue struct {
	items      []Value
	getters    []*Future
	unfinished int
	joiners    []*Future
	kind       queueKind
	maxsize    int64
	// getters and putters are the futures of get() and put() calls waiting for
	// an item or for room; each is woken (resolved with None) in turn and then
	// tries again, as in CPython.
	putters []*Future
}

type queueKind int

const (
	fifoQueue queueKind = iota
	lifoQueue
	priorityQueue
)

func (q *queue) full() bool { return q.maxsize > 0 && int64(len(q.items)) >= q.maxsize }

// push adds v in the queue's order (a binary min-heap for a priority queue).
func (q *queue) push(t *Thread, v Value) error {
	q.items = append(q.items, v)
	if q.kind != priorityQueue {
		return nil
	}
	for i := len(q.items) - 1; i > 0; {
		parent := (i - 1) / 2
		less, err := queueLess(t, q.items[i], q.items[parent])
		if err != nil {
			return err
		}
		if !less {
			break
		}
		q.items[i], q.items[parent] = q.items[parent], q.items[i]
		i = parent
	}
	return nil
}

// pop removes the next item: the oldest, the newest, or the smallest.
func (q *queue) pop(t *Thread) (Value, error) {
	switch q.kind {
	case lifoQueue:
		v := q.items[len(q.items)-1]
		q.items = q.items[:len(q.items)-1]
		return v, nil
	case priorityQueue:
		v := q.items[0]
		last := len(q.items) - 1
		q.items[0] = q.items[last]
		q.items = q.items[:last]
		for i := 0; ; {
			small, l, r := i, 2*i+1, 2*i+2
			for _, c := range []int{l, r} {
				if c < len(q.items) {
					less, err := queueLess(t, q.items[c], q.items[small])
					if err != nil {
						return nil, err
					}
					if less {
						small = c
					}
				}
			}
			if small == i {
				break
			}
			q.items[i], q.items[small] = q.items[small], q.items[i]
			i = small
		}
		return v, nil
	}
	v := q.items[0]
	q.items = q.items[1:]
	return v, nil
}

// wakeNext resolves the first waiter still waiting.
func wakeNext(waiters *[]*Future) {
	for len(*waiters) > 0 {
		w := (*waiters)[0]
		*waiters = (*waiters)[1:]
		if !w.done {
			w.resolve(None, nil)
			return
		}
	}
}

func removeWaiter(waiters *[]*Future, f *Future) {
	for i, w := range *waiters {
		if w == f {
			*waiters = append((*waiters)[:i], (*waiters)[i+1:]...)
			return
		}
	}
}

func queueLess(t *Thread, a, b Value) (bool, error) {
	r, err := t.Compare(syntax.Lt, a, b)
	if err != nil {
		return false, err
	}
	return t.Truth(r)
}

func resolved(t *Thread, v Value) *Future {
	f := &Future{}
	t.madeFuture(f)
	f.resolve(v, nil)
	return f
}

func initAsyncSync() {
	for _, c := range []*Class{EventClass, SemaphoreClass, LockClass, QueueClass, QueueEmptyClass, QueueFullClass, PriorityQueueClass, LifoQueueClass} {
		c.Module = "asyncio"
	}
	InvalidStateErrorClass.Module = "asyncio.exceptions"
	EventClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		return &Native{Class: cls, Data: &event{}}, nil
	}
	addMethods(EventClass, map[string]BuiltinFunc{
		"set": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			e := a[0].(*Native).Data.(*event)
			e.set = true
			for _, w := range e.waiters {
				w.resolve(Bool(true), nil)
			}
			e.waiters = nil
			return None, nil
		},
		"clear": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			a[0].(*Native).Data.(*event).set = false
			return None, nil
		},
		"is_set": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return Bool(a[0].(*Native).Data.(*event).set), nil
		},
		"wait": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			e := a[0].(*Native).Data.(*event)
			if e.set {
				return resolved(t, Bool(true)), nil
			}
			f := &Future{name: "Event.wait"}
			t.madeFuture(f)
			e.waiters = append(e.waiters, f)
			return f, nil
		},
	})
	newSem := func(def int64) func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		return func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
			p, err := parseArgs(cls.Name, args, kw, "value?")
			if err != nil {
				return nil, err
			}
			v := def
			if p[0] != nil {
				v, err = t.toInt(p[0], "")
				if err != nil {
					return nil, err
				}
				if v < 0 {
					return nil, Errorf(ValueErrorClass, "Semaphore initial value must be >= 0")
				}
			}
			return &Native{Class: cls, Data: &semaphore{value: v}}, nil
		}
	}
	SemaphoreClass.new = newSem(1)
	LockClass.new = func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		if err := exactArgs("Lock", args, kw, 0); err != nil {
			return nil, err
		}
		return &Native{Class: cls, Data: &semaphore{value: 1}}, nil
	}
	acquire := func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		s := a[0].(*Native).Data.(*semaphore)
		if s.value > 0 && len(s.waiters) == 0 {
			s.value--
			return resolved(t, Bool(true)), nil
		}
		f := &Future{name: "acquire"}
		t.madeFuture(f)
		s.waiters = append(s.waiters, f)
		return f, nil
	}
	release := func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		s := a[0].(*Native).Data.(*semaphore)
		for len(s.waiters) > 0 {
			w := s.waiters[0]
			s.waiters = s.waiters[1:]
			if !w.done {
				w.resolve(Bool(true), nil)
				return None, nil
			}
		}
		s.value++
		return None, nil
	}
	semMethods := map[string]BuiltinFunc{
		"acquire": acquire,
		"release": release,
		"locked": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return Bool(a[0].(*Native).Data.(*semaphore).value == 0), nil
		},
		"__aenter__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return acquire(t, a[:1], nil) },
		"__aexit__": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if _, err := release(t, a[:1], nil); err != nil {
				return nil, err
			}
			return resolved(t, Bool(false)), nil
		},
	}
	addMethods(SemaphoreClass, semMethods)
	addMethods(LockClass, semMethods)
	newQueue := func(kind queueKind) func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
		return func(t *Thread, cls *Class, args Tuple, kw []Kwarg) (Value, error) {
			p, err := parseArgs(cls.Name, args, kw, "maxsize?")
			if err != nil {
				return nil, err
			}
			q := &queue{kind: kind}
			if p[0] != nil {
				n, ok := p[0].(Int)
				if !ok {
					return nil, Errorf(TypeErrorClass, "'%s' object cannot be interpreted as an integer", TypeName(p[0]))
				}
				q.maxsize = int64(n)
			}
			return &Native{Class: cls, Data: q}, nil
		}
	}
	QueueClass.new = newQueue(fifoQueue)
	LifoQueueClass.new = newQueue(lifoQueue)
	PriorityQueueClass.new = newQueue(priorityQueue)
	QueueClass.Dict.SetStr("maxsize", &Property{Get: &Builtin{Name: "maxsize", Fn: func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
		return Int(a[0].(*Native).Data.(*queue).maxsize), nil
	}}})
	// get() and put() are coroutines of asyncio's Python part (_queue_get,
	// _queue_put) that wait on the futures of getters and putters and retry.
	viaPython := func(name string) BuiltinFunc {
		return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			m, err := t.Import("asyncio")
			if err != nil {
				return nil, err
			}
			fn, err := t.GetAttr(m, name)
			if err != nil {
				return nil, err
			}
			return t.Call(fn, a, kw)
		}
	}
	queueOf := func(v Value) *queue { return v.(*Native).Data.(*queue) }
	waiter := func(which func(q *queue) *[]*Future, remove bool) BuiltinFunc {
		return func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) != 2 {
				return nil, Errorf(TypeErrorClass, "expected one future")
			}
			f, ok := a[1].(*Future)
			if !ok {
				return nil, Errorf(TypeErrorClass, "expected a future")
			}
			w := which(queueOf(a[0]))
			if remove {
				removeWaiter(w, f)
			} else {
				*w = append(*w, f)
			}
			return None, nil
		}
	}
	getters := func(q *queue) *[]*Future { return &q.getters }
	putters := func(q *queue) *[]*Future { return &q.putters }
	addMethods(QueueClass, map[string]BuiltinFunc{
		"put_nowait": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) != 2 {
				return nil, Errorf(TypeErrorClass, "put_nowait() takes exactly one argument")
			}
			q := queueOf(a[0])
			if q.full() {
				return nil, NewException(QueueFullClass)
			}
			if err := q.push(t, a[1]); err != nil {
				return nil, err
			}
			q.unfinished++
			wakeNext(&q.getters)
			return None, nil
		},
		"get_nowait": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			q := queueOf(a[0])
			if len(q.items) == 0 {
				return nil, NewException(QueueEmptyClass)
			}
			v, err := q.pop(t)
			if err != nil {
				return nil, err
			}
			wakeNext(&q.putters)
			return v, nil
		},
		"put":            viaPython("_queue_put"),
		"get":            viaPython("_queue_get"),
		"_add_getter":    waiter(getters, false),
		"_remove_getter": waiter(getters, true),
		"_add_putter":    waiter(putters, false),
		"_remove_putter": waiter(putters, true),
		"_wake_getter": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			wakeNext(&queueOf(a[0]).getters)
			return None, nil
		},
		"_wake_putter": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			wakeNext(&queueOf(a[0]).putters)
			return None, nil
		},
		"full": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return Bool(queueOf(a[0]).full()), nil
		},
		"qsize": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return Int(len(a[0].(*Native).Data.(*queue).items)), nil
		},
		"empty": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			return Bool(len(a[0].(*Native).Data.(*queue).items) == 0), nil
		},
		"task_done": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			q := a[0].(*Native).Data.(*queue)
			if q.unfinished <= 0 {
				return nil, Errorf(ValueErrorClass, "task_done() called too many times")
			}
			q.unfinished--
			if q.unfinished == 0 {
				for _, j := range q.joiners {
					j.resolve(None, nil)
				}
				q.joiners = nil
			}
			return None, nil
		},
		"join": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			q := a[0].(*Native).Data.(*queue)
			if q.unfinished == 0 {
				return resolved(t, None), nil
			}
			f := &Future{name: "Queue.join"}
			t.madeFuture(f)
			q.joiners = append(q.joiners, f)
			return f, nil
		},
	})
}

// asyncioWait implements asyncio.wait(aws, timeout=None, return_when=...).
func asyncioWait(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
	p, err := parseArgs("wait", args, kw, "fs", "*", "timeout?", "return_when?")
	if err != nil {
		return nil, err
	}
	items, err := t.iterate(p[0], nil)
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, Errorf(ValueErrorClass, "Set of Tasks/Futures is empty.")
	}
	when := "ALL_COMPLETED"
	if s, ok := p[2].(Str); ok {
		when = string(s)
	}
	l := t.eventLoop()
	futs := make([]*Future, len(items))
	for i, it := range items {
		f, err := t.ensureFuture(it)
		if err != nil {
			return nil, err
		}
		l.start(f)
		futs[i] = f
	}
	out := &Future{name: "wait"}
	t.madeFuture(out)
	finish := func() {
		if out.done {
			return
		}
		done, pending := NewSet(), NewSet()
		for _, f := range futs {
			if f.done {
				done.Add(t, f)
			} else {
				pending.Add(t, f)
			}
		}
		out.resolve(Tuple{done, pending}, nil)
	}
	check := func() {
		n := 0
		for _, f := range futs {
			if f.done {
				n++
				if when == "FIRST_COMPLETED" || (when == "FIRST_EXCEPTION" && f.err != nil) {
					finish()
					return
				}
			}
		}
		if n == len(futs) {
			finish()
		}
	}
	for _, f := range futs {
		f.onDone(check)
	}
	if p[1] != nil && p[1] != None && !out.done {
		secs, err := toFloat(p[1])
		if err != nil {
			return nil, err
		}
		timer := &Future{name: "timeout"}
		t.madeFuture(timer)
		timer.onDone(finish)
		l.timer(time.Duration(secs*float64(time.Second)), timer, None)
	}
	return out, nil
}

// asyncioAsCompleted returns an iterator of awaitables in completion order.
func asyncioAsCompleted(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
	p, err := parseArgs("as_completed", args, kw, "fs", "*", "timeout?")
	if err != nil {
		return nil, err
	}
	items, err := t.iterate(p[0], nil)
	if err != nil {
		return nil, err
	}
	l := t.eventLoop()
	var doneOrder []*Future
	var waiters []*Future
	for _, it := range items {
		f, err := t.ensureFuture(it)
		if err != nil {
			return nil, err
		}
		l.start(f)
		f.onDone(func() {
			if len(waiters) > 0 {
				w := waiters[0]
				waiters = waiters[1:]
				w.resolve(f.result, f.err)
				return
			}
			doneOrder = append(doneOrder, f)
		})
	}
	remaining := len(items)
	it := funcIterRefs(items, SeqIterClass, func(t *Thread) (Value, bool, error) {
		if remaining == 0 {
			return nil, false, nil
		}
		remaining--
		if len(doneOrder) > 0 {
			f := doneOrder[0]
			doneOrder = doneOrder[1:]
			return f, true, nil
		}
		w := &Future{name: "as_completed"}
		t.madeFuture(w)
		waiters = append(waiters, w)
		return w, true, nil
	})
	// A function's result, which no constructor charges; with the
	// callback each future got.
	return it, t.chargeNew(newBytes(it) + int64(len(items))*doneCallbackBytes)
}
