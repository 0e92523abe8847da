package vm

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/toolplane/toolplane/python/compile"
)

// HostFunction is a function of the embedding host. Calling it from Python
// returns an awaitable; awaiting runs the work on its own goroutine.
type HostFunction struct {
	Name string
	// Bind converts the arguments on the interpreter goroutine and returns
	// the work to run on another goroutine and the bytes the converted
	// arguments hold outside the snippet's values until the work ends.
	// Those are charged when the call is made and count as retained while
	// its future is reachable or in flight and not done: a call is made
	// (and converts) before it is awaited, so calls made and kept would
	// otherwise hold copies the limit never saw.
	Bind func(t *Thread, args Tuple, kw []Kwarg) (work HostWork, held int64, err error)
	// Result converts the work's outcome back, on the interpreter goroutine.
	Result func(t *Thread, v any, err error) (Value, error)
	// what is how a call of it is named in a warning (noteHostCall),
	// made once.
	what atomic.Pointer[string]
}

// HostWork is one host call's work, run on its own goroutine with the
// call's context. An interface rather than a func, so the work (its
// function and converted arguments) is one allocation with no method
// value made of it.
type HostWork interface {
	Run(ctx context.Context) (any, error)
}

// Future is an awaitable result: a host call, a timer, a gather or a Task.
type Future struct {
	done      bool
	result    Value
	err       error
	callbacks []func()
	task      *Task
	name      string
	// host work, started on first await; held is the bytes its converted
	// arguments hold until it is done (HostFunction.Bind). The future lets
	// go of run when it starts it (the work's goroutine has it then), so a
	// finished call's future holds no copy of its arguments; host is set
	// for the future's whole life.
	run     HostWork
	held    int64
	conv    func(t *Thread, v any, err error) (Value, error)
	host    bool
	started bool
	// yieldOnce makes an already resolved future still yield to the loop
	// once (asyncio.sleep(0)).
	yieldOnce bool
	cancel    *callCtx // a started host call's context
	timer     *loopTimer
	loop      *Loop
	// named is set on a host call that create_task wrapped under a task
	// name: it reports as a Task with that name, as CPython's would.
	named bool
	// onCancel, when set, is how cancelling this future works (gather cancels
	// its children and ends when they do); it reports whether anything was
	// cancelled.
	onCancel func() bool
	// await notes a host call until it starts (awaited.go).
	await *awaitRecord
	// waiter is the task to schedule when the future is done, when it
	// was the first to wait on it (wait): most futures have one waiter,
	// which this keeps without a callback closure.
	waiter *Task
	// holds are the values the future's callbacks call (add_done_callback,
	// call_later), which the memory measurement counts with it.
	holds []Value
}

// doneCallbackBytes is what one add_done_callback costs a pending
// future: the two closures that run it, its slot among the callbacks and
// among holds.
const doneCallbackBytes = 112

// Task runs a coroutine on the event loop.
type Task struct {
	fut       *Future
	coro      *Generator
	waiting   *Future
	cancelReq bool
	scheduled bool
	// stepping is set while the task's coroutine runs: a nested
	// asyncio.run (see RunCoroutine) must not step it again.
	stepping bool
	// soon, when set, makes this entry of the ready queue a callback (CPython's
	// call_soon), run in turn with the task steps.
	soon func()
	// holds is what soon calls, counted by the memory measurement while
	// the entry waits in the ready queue.
	holds Value
}

func (f *Future) class() *Class {
	if f.task != nil || f.named {
		return TaskClass
	}
	return FutureClass
}

func (f *Future) repr() string {
	state := "pending"
	if f.done {
		state = "finished"
	}
	if f.task != nil || f.named {
		return fmt.Sprintf("<Task %s name='%s'>", state, f.name)
	}
	if a := f.await; a != nil && !f.started && !f.done {
		// A capability call printed or returned instead of awaited: say so
		// where an agent reads it.
		return fmt.Sprintf("<Future pending: %s from line %d, not awaited, so it has not run>", a.what, a.line)
	}
	return fmt.Sprintf("<Future %s>", state)
}

func (f *Future) resolve(v Value, err error) {
	if f.done {
		return
	}
	f.done = true
	f.run = nil       // cancelled before it started: its arguments go
	f.await.markRan() // cancelled before it started: nothing to warn of
	f.result = v
	f.err = err
	w := f.waiter
	f.waiter = nil
	cbs := f.callbacks
	f.callbacks = nil
	f.holds = nil
	for _, cb := range cbs {
		cb()
	}
	if w != nil {
		// Set only while no callback is (onDone moves it among them).
		w.fut.loop.schedule(w)
	}
}

func (f *Future) onDone(cb func()) {
	if f.done {
		cb()
		return
	}
	if w := f.waiter; w != nil {
		// The waiter came first: it keeps its turn among the callbacks.
		f.waiter = nil
		f.callbacks = append(f.callbacks, func() { w.fut.loop.schedule(w) })
	}
	f.callbacks = append(f.callbacks, cb)
}

// wait schedules task on loop l when f is done, as
// f.onDone(func() { l.schedule(task) }) does, without the closure when
// nothing else waits on f yet.
func (f *Future) wait(l *Loop, task *Task) {
	if f.done || f.waiter != nil || len(f.callbacks) > 0 || task.fut.loop != l {
		f.onDone(func() { l.schedule(task) })
		return
	}
	f.waiter = task
}

type futureIter struct {
	f       *Future
	yielded bool
}

func (it *futureIter) send(t *Thread, throw error) (Value, bool, error) {
	if throw == nil && it.f.yieldOnce && !it.yielded {
		it.yielded = true
		return None, true, nil
	}
	return it.f.send(t, throw)
}

// send is what an await of f does when the awaiting frame is sent a value
// or thrown an exception. A future that never yields once is its own
// delegate (Thread.awaitable): this has no state of its own, so every
// await shares the future rather than allocating an iterator.
func (f *Future) send(t *Thread, throw error) (Value, bool, error) {
	if throw != nil {
		if e, ok := throw.(*Instance); ok && e.Class == CancelledErrorClass && !f.done {
			if f.cancel != nil {
				f.cancel.Cancel()
			}
			if f.task != nil {
				f.task.requestCancel(t)
			}
		}
		return nil, false, throw
	}
	if !f.done {
		if t.loop == nil || !t.loop.running {
			return nil, false, Errorf(RuntimeErrorClass, "no running event loop")
		}
		t.loop.start(f)
		return f, true, nil
	}
	if f.err != nil {
		return nil, false, f.err
	}
	return f.result, false, nil
}

type completion struct {
	f   *Future
	v   any
	err error
}

// Loop is the event loop of one run: a ready queue of tasks and a channel
// of completed host calls and timers.
type Loop struct {
	t       *Thread
	ready   []*Task
	done    chan completion
	pending map[*Future]bool
	tasks   map[*Task]bool // unfinished tasks, roots for memory measurement
	// named holds the unfinished tasks create_task made of host calls and
	// other futures (see Future.named), for all_tasks().
	named   map[*Future]bool
	current *Task // the task being stepped
	running bool
	fatal   error
	taskSeq int
	// started is when the loop was made: loop.time() counts from it.
	started time.Time
	// timers are the pending sleeps and timeouts in the order they fire
	// (deadline, then creation), as CPython's scheduled-callback heap.
	timers   []*loopTimer
	timerSeq int
}

// loopTimer is one scheduled wake-up of the event loop.
type loopTimer struct {
	at      time.Time
	seq     int
	f       *Future
	v       Value
	stopped bool
}

// Stop cancels the timer; the loop drops it when it reaches it.
func (lt *loopTimer) Stop() { lt.stopped = true }

// dropStopped removes cancelled timers from the front of the queue.
func (l *Loop) dropStopped() {
	for len(l.timers) > 0 && l.timers[0].stopped {
		l.timers = l.timers[1:]
	}
}

// fireDueTimers completes, in order, every timer whose deadline has passed.
func (l *Loop) fireDueTimers() {
	l.dropStopped()
	if len(l.timers) == 0 || time.Now().Before(l.timers[0].at) {
		return
	}
	now := time.Now()
	for len(l.timers) > 0 {
		lt := l.timers[0]
		if !lt.stopped && lt.at.After(now) {
			break
		}
		l.timers = l.timers[1:]
		if !lt.stopped {
			l.complete(completion{f: lt.f, v: lt.v})
		}
	}
}

// madeFuture counts a future the run made (with its task, for a task's)
// at the size the memory walk gives it, so the counter and a remeasure
// agree. It adds without checking: futures are made inside the loop's
// machinery, where a MemoryError has no Python frame to land in, and the
// next checked charge (the list or dict that keeps them, or the next
// object) measures and refuses.
func (t *Thread) madeFuture(f *Future) {
	if t != nil {
		t.mem += ownBytes(f)
	}
}

func (t *Thread) eventLoop() *Loop {
	if t.loop == nil {
		t.loop = &Loop{t: t, done: make(chan completion, 64), pending: map[*Future]bool{}, tasks: map[*Task]bool{}, started: time.Now()}
	}
	return t.loop
}

func (l *Loop) newTask(coro *Generator) *Task {
	l.taskSeq++
	task := &Task{coro: coro}
	task.fut = &Future{task: task, name: fmt.Sprintf("Task-%d", l.taskSeq), loop: l}
	l.t.madeFuture(task.fut)
	l.tasks[task] = true
	task.fut.onDone(func() { delete(l.tasks, task) })
	l.schedule(task)
	return task
}

func (l *Loop) schedule(task *Task) {
	if task.scheduled || task.fut.done {
		return
	}
	task.scheduled = true
	l.ready = append(l.ready, task)
}

func (task *Task) requestCancel(t *Thread) bool {
	if task.fut.done {
		return false
	}
	if w := task.waiting; w != nil && w.onCancel != nil && !w.done && w.onCancel() {
		// The task wakes when the awaited future ends, with its CancelledError.
		return true
	}
	task.cancelReq = true
	if task.waiting != nil && task.waiting.cancel != nil {
		task.waiting.cancel.Cancel()
	}
	if t.loop != nil {
		t.loop.schedule(task)
	}
	return true
}

// start launches host work or notes a pending timer.
func (l *Loop) start(f *Future) {
	if f.started || f.done || f.run == nil {
		return
	}
	f.started = true
	f.await.markRan()
	ctx := newCallCtx(l.t.ctx)
	f.cancel = ctx
	l.pending[f] = true
	run := f.run
	f.run = nil
	startHostJob(hostJob{f: f, run: run, ctx: ctx, done: l.done})
}

func (l *Loop) timer(d time.Duration, f *Future, v Value) {
	l.pending[f] = true
	l.timerSeq++
	lt := &loopTimer{at: time.Now().Add(d), seq: l.timerSeq, f: f, v: v}
	i := sort.Search(len(l.timers), func(i int) bool { return l.timers[i].at.After(lt.at) })
	l.timers = append(l.timers, nil)
	copy(l.timers[i+1:], l.timers[i:])
	l.timers[i] = lt
	f.timer = lt
}

// RunCoroutine drives coro to completion on the event loop: asyncio.run.
//
// In a snippet the loop is running from the first instruction (the body
// runs as CPython runs it under asyncio.run), where CPython's asyncio.run
// refuses. Agents write asyncio.run(main()) out of habit, so in a snippet
// it runs coro on the snippet's own loop instead, until it finishes, and
// returns its value (a deliberate difference, python/lib/MODULES.md): the
// loop's other tasks and host calls go on meanwhile, and the tasks coro
// started and left go on after it (CPython's asyncio.run would cancel
// them). Outside a snippet (script mode, CPython's own semantics) a nested
// asyncio.run fails as in CPython.
func (t *Thread) RunCoroutine(coro *Generator) (Value, error) {
	l := t.eventLoop()
	return t.runOnLoop(func() *Future { return l.newTask(coro).fut })
}

// runOnLoop runs the loop until the future start returns is done, and
// returns its result: at the top when the loop is not running, nested in
// a snippet (see RunCoroutine).
func (t *Thread) runOnLoop(start func() *Future) (Value, error) {
	l := t.eventLoop()
	var f *Future
	if !l.running {
		var err error
		if f, err = l.run(start); err != nil {
			return nil, err
		}
	} else {
		if !t.inSnippet {
			return nil, Errorf(RuntimeErrorClass, "asyncio.run() cannot be called from a running event loop")
		}
		f = start()
		if err := l.drive(f); err != nil {
			return nil, err
		}
	}
	if f.err != nil {
		return nil, f.err
	}
	return f.result, nil
}

// RunSnippet runs the module code of a snippet (compiled with top-level
// await and return) in globals as CPython runs a snippet body wrapped in an
// async def under asyncio.run: the event loop counts as running from the
// first instruction, so asyncio.get_running_loop() answers even in a
// snippet that never awaits (and asyncio.run runs its coroutine on that
// loop: see RunCoroutine). A snippet with top-level await is driven to
// completion on the loop.
func (t *Thread) RunSnippet(code *CodeObj, globals *Dict) (Value, error) {
	// The loop itself is made only when a snippet uses it: most snippets
	// never await.
	t.inSnippet = true
	defer func() { t.inSnippet = false }()
	t.main = globals
	v, err := t.RunModule(code, globals)
	if err != nil {
		return nil, err
	}
	if coro, ok := v.(*Generator); ok && code.Flags&compile.FlagCoroutine != 0 {
		return t.RunCoroutine(coro)
	}
	return v, nil
}

// loopRunning reports whether asyncio code sees a running event loop.
func (t *Thread) loopRunning() bool {
	return t.inSnippet || t.loop != nil && t.loop.running
}

// run starts the loop, runs it until the future start returns is done
// (a task of the run's main coroutine), and stops it, closing the tasks
// that never finished and cancelling the host calls and timers left.
func (l *Loop) run(start func() *Future) (*Future, error) {
	l.running = true
	defer func() {
		l.running = false
		// Host calls and timers still pending when the run ends are
		// abandoned: cancel their contexts so host work stops.
		for f := range l.pending {
			if f.cancel != nil {
				f.cancel.Cancel()
			}
			if f.timer != nil {
				f.timer.Stop()
			}
			delete(l.pending, f)
		}
	}()
	main := start()
	if err := l.drive(main); err != nil {
		return nil, err
	}
	// Close tasks that never finished.
	for _, task := range l.ready {
		if task.coro != nil {
			task.coro.finished = true
		}
	}
	l.ready = nil
	return main, nil
}

// drive runs the loop until until is done. It returns the error that
// ended the run (a limit, the deadline, an interpreter error) or nil. It
// may be called while a task is being stepped (a nested asyncio.run in a
// snippet): the tasks being stepped further up the Go stack are left in
// the ready queue for the outer drive, not stepped again.
func (l *Loop) drive(until *Future) error {
	t := l.t
	var deferred []*Task
	defer func() {
		if len(deferred) > 0 {
			l.ready = append(deferred, l.ready...)
		}
	}()
	for !until.done {
		if l.fatal != nil {
			return l.fatal
		}
		if len(l.timers) > 0 {
			l.fireDueTimers()
		}
		if len(l.ready) == 0 {
			if len(l.pending) == 0 {
				return Errorf(RuntimeErrorClass, "event loop stalled: every task is waiting on something that never completes")
			}
			var wake <-chan time.Time
			var tm *time.Timer
			l.dropStopped()
			if len(l.timers) > 0 {
				tm = time.NewTimer(time.Until(l.timers[0].at))
				wake = tm.C
			}
			select {
			case c := <-l.done:
				l.complete(c)
			case <-wake:
			case <-t.ctx.Done():
				if tm != nil {
					tm.Stop()
				}
				err := l.inflightError()
				if w := until.task; w != nil {
					err.TB = append(err.TB, t.waitingAt(w.coro)...)
				}
				return err
			}
			if tm != nil {
				tm.Stop()
			}
			continue
		}
		task := l.ready[0]
		if len(l.ready) == 1 {
			// Emptied, the queue keeps its array: a task awaiting one
			// call after another is queued without allocating.
			l.ready[0] = nil
			l.ready = l.ready[:0]
		} else {
			l.ready = l.ready[1:]
		}
		if task.stepping {
			deferred = append(deferred, task)
			continue
		}
		task.scheduled = false
		l.step(task)
		if l.fatal != nil {
			return l.fatal // the limit as the task hit it, where it hit
		}
		// The limits are checked after every step (the heap is measured
		// on this schedule too), so a task looping over awaits is stopped
		// here, between steps, with no frame on the stack: the error says
		// where the task waits.
		if err := t.check(); err != nil {
			if le, ok := err.(*LimitError); ok {
				le.TB = append(le.TB, t.waitingAt(task.coro)...)
			}
			return err
		}
	}
	return nil
}

// waitingAt is where a suspended coroutine waits, as traceback entries
// (innermost first): its frame and the frames of the coroutines it awaits
// in turn, so a limit that ends the run between steps says where the run
// was, as one hit inside a step does.
func (t *Thread) waitingAt(g *Generator) []TBEntry {
	var chain []TBEntry
	for i := 0; g != nil && g.frame != nil && !g.running && i < t.limits.MaxDepth; i++ {
		f := g.frame
		chain = append(chain, t.tbAt(f))
		g = nil
		if f.ip < len(f.code.Instrs) && compile.Op(f.code.Instrs[f.ip]&0xff) == compile.YIELD_FROM && len(f.stack) > 0 {
			if d, ok := f.stack[len(f.stack)-1].(*Generator); ok && d.started && !d.finished {
				g = d
			}
		}
	}
	slices.Reverse(chain)
	return chain
}

func (l *Loop) inflightError() *LimitError {
	base := l.t.ctxError().(*LimitError)
	var names []string
	for f := range l.pending {
		if f.host && f.name != "" {
			names = append(names, f.name)
		}
	}
	sort.Strings(names)
	if len(names) > 0 {
		base.Msg += "; host calls in flight: " + strings.Join(names, ", ")
	}
	return base
}

func (l *Loop) complete(c completion) {
	delete(l.pending, c.f)
	f := c.f
	if f.done {
		return
	}
	if f.conv != nil {
		v, err := f.conv(l.t, c.v, c.err)
		f.resolve(v, err)
		return
	}
	if c.err != nil {
		f.resolve(nil, c.err)
		return
	}
	v, _ := c.v.(Value)
	if v == nil {
		v = None
	}
	f.resolve(v, nil)
}

// callSoon queues fn to run from the loop after the tasks already ready.
// holds is the Python value fn calls (nil for none).
func (l *Loop) callSoon(fn func(), holds Value) {
	l.ready = append(l.ready, &Task{soon: fn, holds: holds})
}

func (l *Loop) step(task *Task) {
	if task.soon != nil {
		task.soon()
		return
	}
	t := l.t
	var throw error
	if task.cancelReq {
		task.cancelReq = false
		throw = NewException(CancelledErrorClass)
	}
	task.waiting = nil
	prev := l.current
	l.current = task
	task.stepping = true
	v, yielded, err := t.genSend(task.coro, None, throw)
	task.stepping = false
	l.current = prev
	if err != nil {
		if _, ok := err.(*Instance); !ok {
			l.fatal = err
		}
		task.fut.resolve(nil, err)
		return
	}
	if !yielded {
		task.fut.resolve(v, nil)
		return
	}
	switch w := v.(type) {
	case *Future:
		task.waiting = w
		l.start(w)
		w.wait(l, task)
	case NoneType:
		l.schedule(task)
	default:
		task.fut.resolve(nil, Errorf(RuntimeErrorClass, "Task got bad yield: %s", TypeName(v)))
	}
}

// callHost makes the awaitable for a host call.
func (t *Thread) callHost(h *HostFunction, args Tuple, kw []Kwarg) (Value, error) {
	t.hostCalls++
	if t.hostCalls > t.limits.MaxHostCalls {
		return nil, &LimitError{Kind: "host_calls", Type: "RuntimeError", Msg: fmt.Sprintf("host call limit of %d exceeded", t.limits.MaxHostCalls)}
	}
	work, held, err := h.Bind(t, args, kw)
	if err != nil {
		return nil, err
	}
	if err := t.Charge(held); err != nil {
		return nil, err
	}
	f := &Future{name: h.Name, run: work, host: true, conv: h.Result, held: held, await: t.noteHostCall(h)}
	t.madeFuture(f)
	return f, nil
}

// ensureFuture wraps a coroutine in a task.
func (t *Thread) ensureFuture(v Value) (*Future, error) {
	switch x := v.(type) {
	case *Future:
		return x, nil
	case *Generator:
		if x.coroutine {
			l := t.eventLoop()
			return l.newTask(x).fut, nil
		}
	}
	return nil, Errorf(TypeErrorClass, "An asyncio.Future, a coroutine or an awaitable is required")
}

func asyncioModule(t *Thread) (*Module, error) {
	d := NewDict()
	fn := func(name string, f BuiltinFunc) { d.SetStr(name, &Builtin{Name: name, Fn: f}) }
	fn("gather", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		retExc := false
		for _, k := range kw {
			if k.Name != "return_exceptions" {
				return nil, Errorf(TypeErrorClass, "gather() got an unexpected keyword argument '%s'", k.Name)
			}
			retExc, _ = t.Truth(k.Value)
		}
		l := t.eventLoop()
		g := &Future{name: "gather"}
		t.madeFuture(g)
		futs := make([]*Future, len(args))
		for i, a := range args {
			f, err := t.ensureFuture(a)
			if err != nil {
				return nil, err
			}
			futs[i] = f
			l.start(f)
		}
		if len(futs) == 0 {
			g.resolve(t.NewList(nil), nil)
			return g, nil
		}
		remaining := len(futs)
		cancelled := false
		g.onCancel = func() bool {
			any := false
			for _, f := range futs {
				if f.done {
					continue
				}
				if f.task != nil {
					any = f.task.requestCancel(t) || any
				} else if f.onCancel != nil {
					any = f.onCancel() || any
				} else {
					if f.cancel != nil {
						f.cancel.Cancel()
					}
					f.resolve(nil, NewException(CancelledErrorClass))
					any = true
				}
			}
			if any {
				cancelled = true
			}
			return any
		}
		for _, f := range futs {
			f := f
			f.onDone(func() {
				remaining--
				if remaining == 0 && cancelled && !g.done {
					g.resolve(nil, NewException(CancelledErrorClass))
					return
				}
				if f.err != nil && !retExc {
					if _, ok := f.err.(*Instance); ok {
						g.resolve(nil, f.err)
					} else {
						g.resolve(nil, f.err)
					}
					return
				}
				if remaining == 0 && !g.done {
					out := make([]Value, len(futs))
					for i, x := range futs {
						if x.err != nil {
							if e, ok := x.err.(*Instance); ok {
								out[i] = e
								continue
							}
							g.resolve(nil, x.err)
							return
						}
						out[i] = x.result
					}
					g.resolve(t.NewList(out), nil)
				}
			})
		}
		return g, nil
	})
	fn("sleep", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		a, err := parseArgs("sleep", args, kw, "delay", "result?")
		if err != nil {
			return nil, err
		}
		secs, err := toFloat(a[0])
		if err != nil {
			return nil, Errorf(TypeErrorClass, "'%s' object cannot be interpreted as a number", TypeName(a[0]))
		}
		var res Value = None
		if a[1] != nil {
			res = a[1]
		}
		f := &Future{name: "sleep"}
		t.madeFuture(f)
		if secs <= 0 {
			f.resolve(res, nil)
			f.yieldOnce = true
			return f, nil
		}
		t.eventLoop().timer(time.Duration(secs*float64(time.Second)), f, res)
		return f, nil
	})
	fn("create_task", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		a, err := parseArgs("create_task", args, kw, "coro", "*", "name?")
		if err != nil {
			return nil, err
		}
		if f, ok := a[0].(*Future); ok {
			// A host call: CPython's twin is a coroutine function, so the
			// result is a Task named as asked (else Task-N), resolving with
			// the call and cancelling it when cancelled.
			l := t.eventLoop()
			l.start(f)
			w := &Future{named: true, loop: l, cancel: f.cancel}
			t.madeFuture(w)
			if s, ok := a[1].(Str); ok {
				w.name = string(s)
			} else {
				l.taskSeq++
				w.name = fmt.Sprintf("Task-%d", l.taskSeq)
			}
			if l.named == nil {
				l.named = map[*Future]bool{}
			}
			l.named[w] = true
			w.onDone(func() { delete(l.named, w) })
			f.onDone(func() { w.resolve(f.result, f.err) })
			return w, nil
		}
		g, ok := a[0].(*Generator)
		if !ok || !g.coroutine {
			return nil, Errorf(TypeErrorClass, "a coroutine was expected, got %s", reprNoThread(t, a[0]))
		}
		task := t.eventLoop().newTask(g)
		if s, ok := a[1].(Str); ok {
			task.fut.name = string(s)
		}
		return task.fut, nil
	})
	d.SetStr("ensure_future", &Builtin{Name: "ensure_future", Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) != 1 {
			return nil, Errorf(TypeErrorClass, "ensure_future() takes 1 argument")
		}
		return t.ensureFuture(args[0])
	}})
	fn("wait_for", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		a, err := parseArgs("wait_for", args, kw, "fut", "timeout")
		if err != nil {
			return nil, err
		}
		inner, err := t.ensureFuture(a[0])
		if err != nil {
			return nil, err
		}
		if a[1] == None {
			return inner, nil
		}
		secs, err := toFloat(a[1])
		if err != nil {
			return nil, err
		}
		l := t.eventLoop()
		l.start(inner)
		out := &Future{name: "wait_for"}
		t.madeFuture(out)
		timer := &Future{name: "timeout"}
		t.madeFuture(timer)
		timedOut := false
		inner.onDone(func() {
			if timer.timer != nil {
				timer.timer.Stop()
				delete(l.pending, timer)
			}
			// As CPython: on timeout wait_for cancels the awaitable and returns
			// only once it has ended; a cancellation becomes TimeoutError, a
			// result or another exception that won the race is passed on.
			if e, ok := inner.err.(*Instance); timedOut && ok && e.Class == CancelledErrorClass {
				te := NewException(TimeoutErrorClass)
				te.Exc.Cause, te.Exc.Context = e, e
				te.Exc.SuppressContext, te.Exc.contextSet = true, true
				out.resolve(nil, te)
				return
			}
			out.resolve(inner.result, inner.err)
		})
		if !inner.done {
			timer.onDone(func() {
				if inner.done {
					return
				}
				timedOut = true
				switch {
				case inner.task != nil:
					inner.task.requestCancel(t)
				case inner.onCancel != nil:
					inner.onCancel()
				default:
					if inner.cancel != nil {
						inner.cancel.Cancel()
					}
					inner.resolve(nil, NewException(CancelledErrorClass))
				}
			})
			l.timer(time.Duration(secs*float64(time.Second)), timer, None)
		}
		return out, nil
	})
	fn("run", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) != 1 {
			return nil, Errorf(TypeErrorClass, "run() takes 1 positional argument")
		}
		if f, ok := args[0].(*Future); ok && f.await != nil {
			// A host call: CPython's twin is a coroutine function, so
			// asyncio.run(files.read(path=p)) runs the call.
			return t.runOnLoop(func() *Future {
				t.eventLoop().start(f)
				return f
			})
		}
		g, ok := args[0].(*Generator)
		if !ok || !g.coroutine {
			return nil, Errorf(ValueErrorClass, "a coroutine was expected, got %s", reprNoThread(t, args[0]))
		}
		return t.RunCoroutine(g)
	})
	fn("iscoroutine", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		a, err := parseArgs("iscoroutine", args, kw, "obj")
		if err != nil {
			return nil, err
		}
		g, ok := a[0].(*Generator)
		return Bool(ok && g.coroutine), nil
	})
	fn("iscoroutinefunction", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		a, err := parseArgs("iscoroutinefunction", args, kw, "func")
		if err != nil {
			return nil, err
		}
		f := a[0]
		if m, ok := f.(*BoundMethod); ok {
			f = m.Fn
		}
		fn, ok := f.(*Function)
		return Bool(ok && fn.Code.Flags&compile.FlagCoroutine != 0 && fn.Code.Flags&compile.FlagAsyncGenerator == 0), nil
	})
	fn("all_tasks", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if !t.loopRunning() {
			return nil, Errorf(RuntimeErrorClass, "no running event loop")
		}
		out := NewSet()
		for task := range t.loop.tasks {
			if !task.fut.done {
				if err := out.Add(t, task.fut); err != nil {
					return nil, err
				}
			}
		}
		for f := range t.loop.named {
			if err := out.Add(t, f); err != nil {
				return nil, err
			}
		}
		return out, nil
	})
	fn("_call_soon", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) != 1 {
			return nil, Errorf(TypeErrorClass, "_call_soon(callback)")
		}
		cb := args[0]
		l := t.eventLoop()
		l.callSoon(func() {
			if _, err := t.Call(cb, nil, nil); err != nil {
				if _, ok := err.(*Instance); !ok {
					l.fatal = err
				}
			}
		}, cb)
		return None, nil
	})
	fn("_loop_running", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		return Bool(t.loopRunning()), nil
	})
	fn("_in_snippet", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		return Bool(t.inSnippet), nil
	})
	fn("_new_future", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		f := &Future{name: "future", loop: t.eventLoop()}
		t.madeFuture(f)
		return f, nil
	})
	fn("_loop_time", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		return Float(time.Since(t.eventLoop().started).Seconds()), nil
	})
	fn("shield", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		a, err := parseArgs("shield", args, kw, "arg")
		if err != nil {
			return nil, err
		}
		inner, err := t.ensureFuture(a[0])
		if err != nil {
			return nil, err
		}
		t.eventLoop().start(inner)
		if inner.done {
			return inner, nil
		}
		// Cancelling the outer future leaves inner running, as in CPython.
		outer := &Future{name: "shield"}
		t.madeFuture(outer)
		inner.onDone(func() { outer.resolve(inner.result, inner.err) })
		return outer, nil
	})
	d.SetStr("Event", EventClass)
	d.SetStr("Semaphore", SemaphoreClass)
	d.SetStr("BoundedSemaphore", SemaphoreClass)
	d.SetStr("Lock", LockClass)
	d.SetStr("Queue", QueueClass)
	d.SetStr("QueueEmpty", QueueEmptyClass)
	d.SetStr("QueueFull", QueueFullClass)
	d.SetStr("PriorityQueue", PriorityQueueClass)
	d.SetStr("LifoQueue", LifoQueueClass)
	d.SetStr("InvalidStateError", InvalidStateErrorClass)
	d.SetStr("ALL_COMPLETED", Str("ALL_COMPLETED"))
	d.SetStr("FIRST_COMPLETED", Str("FIRST_COMPLETED"))
	d.SetStr("FIRST_EXCEPTION", Str("FIRST_EXCEPTION"))
	fn("wait", asyncioWait)
	fn("as_completed", asyncioAsCompleted)
	fn("current_task", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if t.loop == nil || t.loop.current == nil {
			return None, nil
		}
		return t.loop.current.fut, nil
	})
	fn("_call_later", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		if len(args) != 2 {
			return nil, Errorf(TypeErrorClass, "_call_later(delay, callback)")
		}
		secs, err := toFloat(args[0])
		if err != nil {
			return nil, err
		}
		cb := args[1]
		f := &Future{name: "timer", holds: []Value{cb}}
		t.madeFuture(f)
		f.onDone(func() {
			if f.err == nil {
				if _, err := t.Call(cb, nil, nil); err != nil {
					if _, ok := err.(*Instance); !ok && t.loop != nil {
						t.loop.fatal = err
					}
				}
			}
		})
		t.eventLoop().timer(time.Duration(secs*float64(time.Second)), f, None)
		return f, nil
	})
	if err := runAsyncioPython(t, d); err != nil {
		return nil, err
	}
	d.SetStr("CancelledError", CancelledErrorClass)
	d.SetStr("TimeoutError", TimeoutErrorClass)
	d.SetStr("Future", FutureClass)
	d.SetStr("Task", TaskClass)
	return &Module{Name: "asyncio", Dict: d}, nil
}

func initFutures() {
	addMethods(FutureClass, map[string]BuiltinFunc{
		"done": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return Bool(a[0].(*Future).done), nil },
		"result": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			f := a[0].(*Future)
			if !f.done {
				return nil, Errorf(ExceptionClass, "Result is not set.")
			}
			if f.err != nil {
				return nil, f.err
			}
			return f.result, nil
		},
		"exception": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			f := a[0].(*Future)
			if !f.done {
				return nil, Errorf(InvalidStateErrorClass, "Exception is not set.")
			}
			if e, ok := f.err.(*Instance); ok {
				if e.Class == CancelledErrorClass {
					return nil, e
				}
				return e, nil
			}
			if f.err != nil {
				return nil, f.err
			}
			return None, nil
		},
		"cancel": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			f := a[0].(*Future)
			if f.task != nil {
				return Bool(f.task.requestCancel(t)), nil
			}
			if f.onCancel != nil && !f.done {
				return Bool(f.onCancel()), nil
			}
			if f.done {
				return Bool(false), nil
			}
			if f.cancel != nil {
				f.cancel.Cancel()
			}
			f.resolve(nil, NewException(CancelledErrorClass))
			return Bool(true), nil
		},
		"cancelled": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			f := a[0].(*Future)
			e, ok := f.err.(*Instance)
			return Bool(ok && e.Class == CancelledErrorClass), nil
		},
		"get_name": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) { return Str(a[0].(*Future).name), nil },
		"set_result": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) != 2 {
				return nil, Errorf(TypeErrorClass, "set_result() takes exactly one argument (%d given)", len(a)-1)
			}
			f := a[0].(*Future)
			if err := f.settable(); err != nil {
				return nil, err
			}
			f.resolve(a[1], nil)
			return None, nil
		},
		"set_exception": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) != 2 {
				return nil, Errorf(TypeErrorClass, "set_exception() takes exactly one argument (%d given)", len(a)-1)
			}
			f := a[0].(*Future)
			if err := f.settable(); err != nil {
				return nil, err
			}
			exc := a[1]
			if c, ok := exc.(*Class); ok && c.exception {
				v, err := t.Call(c, nil, nil)
				if err != nil {
					return nil, err
				}
				exc = v
			}
			e, ok := exc.(*Instance)
			if !ok || e.Exc == nil {
				return nil, Errorf(TypeErrorClass, "exceptions must derive from BaseException")
			}
			f.resolve(nil, e)
			return None, nil
		},
		"add_done_callback": func(t *Thread, a Tuple, kw []Kwarg) (Value, error) {
			if len(a) != 2 {
				return nil, Errorf(TypeErrorClass, "add_done_callback() takes exactly one argument (%d given)", len(a)-1)
			}
			f, cb := a[0].(*Future), a[1]
			// As CPython's call_soon: the callback runs from the loop, after
			// the code that completed the future.
			l := t.eventLoop()
			if !f.done {
				// Each callback costs its closures and the slots that
				// hold them, for as long as the future is pending.
				if err := t.Charge(doneCallbackBytes); err != nil {
					return nil, err
				}
				f.holds = append(f.holds, cb)
			}
			f.onDone(func() {
				l.callSoon(func() {
					if _, err := t.Call(cb, Tuple{f}, nil); err != nil {
						if _, ok := err.(*Instance); !ok {
							l.fatal = err
						}
					}
				}, cb)
			})
			return None, nil
		},
	})
}

// settable reports why a future cannot take a result set from Python.
func (f *Future) settable() error {
	if f.task != nil || f.named {
		return Errorf(RuntimeErrorClass, "Task does not support set_result operation")
	}
	if f.host {
		return Errorf(RuntimeErrorClass, "a host call's future is resolved by the host")
	}
	if f.done {
		return Errorf(InvalidStateErrorClass, "invalid state")
	}
	return nil
}

// HandledException returns the exception being handled where the running
// code is (inside an except block or a finally reached by one), or nil: what
// sys.exc_info() and traceback.format_exc() report.
func (t *Thread) HandledException() *Instance { return t.excInfo }

// ModuleFunc builds a module for one run.
type ModuleFunc func(t *Thread) (*Module, error)

// Modules maps importable module names to their builders. Build the table
// before the first run (DefaultModules, then Register) and do not change it
// while runs are in progress; each run builds its own module objects, so
// runs never share mutable module state.
type Modules map[string]ModuleFunc

// DefaultModules returns a table holding the modules the VM provides
// itself (asyncio).
func DefaultModules() Modules {
	return Modules{"asyncio": asyncioModule}
}

// Register adds or replaces a module builder.
func (m Modules) Register(name string, fn ModuleFunc) { m[name] = fn }

// Import returns the module named name, building it once per run.
func (t *Thread) Import(name string) (Value, error) {
	top := name
	if i := strings.IndexByte(name, '.'); i >= 0 {
		top = name[:i]
	}
	if m, ok := t.modCache[name]; ok {
		return t.topModule(top, m)
	}
	fn, ok := t.modules[name]
	if !ok {
		return nil, Errorf(ModuleNotFoundErrorClass, "No module named '%s'", name)
	}
	m, err := fn(t)
	if err != nil {
		// A builder that wraps the exception it hit (a MemoryError
		// while the session is near its limit) raises that exception,
		// catchable as any other, not an error outside Python.
		var exc *Instance
		if errors.As(err, &exc) {
			return nil, exc
		}
		var lim *LimitError
		if errors.As(err, &lim) {
			return nil, lim
		}
		return nil, err
	}
	t.modCache[name] = m
	return t.topModule(top, m)
}

func (t *Thread) topModule(top string, m *Module) (Value, error) {
	if top == m.Name {
		return m, nil
	}
	parent, err := t.Import(top)
	if err != nil {
		return nil, err
	}
	return parent, nil
}

// importSubmodule answers `from pkg import name` when pkg has no attribute
// name (err) but the module table holds pkg.name: as CPython's fromlist
// handling does, it imports the submodule, which links it into pkg, so
// `from collections import abc` works without `import collections.abc`
// first. Any other case hands err back.
func (t *Thread) importSubmodule(m Value, name string, err error) (Value, error) {
	mod, ok := m.(*Module)
	if e, isExc := err.(*Instance); !ok || !isExc || e.Class != AttributeErrorClass {
		return nil, err
	}
	full := mod.Name + "." + name
	if _, ok := t.modules[full]; !ok {
		return nil, err
	}
	if _, ierr := t.Import(full); ierr != nil {
		return nil, ierr
	}
	if sub, ok := t.modCache[full]; ok {
		return sub, nil
	}
	return nil, err
}
