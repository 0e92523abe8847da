package vm

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/big"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/toolplane/toolplane/python/compile"
)

// Limits bound one run. Zero fields take the defaults below.
type Limits struct {
	Steps          int64
	MaxMemoryBytes int64
	MaxDepth       int
	MaxOutputBytes int64
	MaxHostCalls   int
}

// Default limits.
const (
	DefaultSteps          = 100_000_000
	DefaultMaxMemoryBytes = 512 << 20
	DefaultMaxDepth       = 1000
	DefaultMaxOutputBytes = 1 << 20
	DefaultMaxHostCalls   = 1000
)

// MaxDepthCap is the largest MaxDepth a run gets; larger values are
// lowered to it. Every level of Python calls and of Go recursion costs Go
// stack (a few KiB at most: TestAttackGoStackHeadroom runs the deepest
// paths at this depth with a 64 MiB stack), and a Go stack overflow kills
// the process, so the depth limit, not Go's 1 GB maximum stack, must be
// what stops a recursion.
const MaxDepthCap = 10_000

func (l Limits) withDefaults() Limits {
	if l.Steps <= 0 {
		l.Steps = DefaultSteps
	}
	if l.MaxMemoryBytes <= 0 {
		l.MaxMemoryBytes = DefaultMaxMemoryBytes
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultMaxDepth
	}
	l.MaxDepth = min(l.MaxDepth, MaxDepthCap)
	if l.MaxOutputBytes <= 0 {
		l.MaxOutputBytes = DefaultMaxOutputBytes
	}
	if l.MaxHostCalls <= 0 {
		l.MaxHostCalls = DefaultMaxHostCalls
	}
	return l
}

// checkInterval is how many instructions run between polls of the context
// and the step budget.
const checkInterval = 1024

// Thread is the state of one run: limits, counters, output, the currently
// handled exception and the event loop. A Thread is used by one goroutine.
type Thread struct {
	// journal saves what the run changes of the session's containers, for
	// a rollback (nil: no rollback possible); epoch is its epoch, 0
	// without one (journal.go).
	journal *Journal
	epoch   uint64
	// intPair is the unused half of the last two-int block boxInt
	// allocated, or nil.
	intPair *Int
	// fastStops counts the times fastRun's loop stopped (to leave an
	// instruction to eval or to a path below the loop, or to switch
	// frames): what tests see of which operations it keeps.
	fastStops int64
	// lastGet and lastGetIx are the dict and entry position of the str
	// key the fast loop's dict.get or d[k] found last, which a store of
	// the same key after it (d[k] = d.get(k, 0) + 1, d[k] += 1) updates
	// without a second hash and probe; nil once the loop stops, so no
	// hidden reference outlives it.
	lastGet   *Dict
	lastGetIx int
	ctx       context.Context
	limits    Limits
	steps     int64
	// nextChk is the step count at which the next poll is due. The run's
	// context lowers it (stopWatch) when it is done, so a cancellation or
	// deadline is seen at the next instruction or tick, not only after
	// checkInterval more of them (which a snippet can make arbitrarily
	// slow: each call of a builtin on a huge value is one instruction).
	nextChk   atomic.Int64
	stopWatch func() bool
	depth     int

	// pollEvery is the number of instructions between polls:
	// checkInterval (tests lower it to 1, so that fastRun runs nothing).
	pollEvery int64

	// goDepth counts Go-level recursion (repr, equality, calls from Go),
	// bounded independently of Python frames.
	goDepth int
	// fastErr is the error of the instruction fastRun stopped at, for
	// eval to raise in the frame fastRun returned.
	fastErr error
	mem     int64
	// held counts bytes that Go code holds outside the roots (Hold).
	held int64
	// heap is the process's heap guard, or nil; heapChecks counts polls
	// between its readings and lag's.
	heap       *HeapGuard
	heapChecks uint32
	lag        chargeLag
	out        io.Writer
	outBytes   int64
	// errOut receives what the snippet writes to sys.stderr; errBytes
	// counts it against its own cap (MaxOutputBytes, as stdout's).
	errOut   io.Writer
	errBytes int64
	excInfo  *Instance
	builtins *Dict
	overlay  *Dict // names shadowing builtins for this run, or nil
	// userBuiltins is this run's builtins module namespace once the run
	// imports builtins (nil before): code whose globals are main (the
	// snippet's own code) resolves builtin names there, so assigning
	// builtins.x changes what x means to the snippet as in CPython. The
	// runtime's code (the prelude, library modules written in Python) has
	// globals of its own and keeps resolving in builtins, which nothing
	// mutates; the namespace is a copy made per run, so neither the next
	// run of a session nor another run sees the change.
	userBuiltins *Dict
	main         *Dict
	// inSnippet is set while RunSnippet runs: asyncio sees a running loop.
	inSnippet bool
	// strIdx remembers lengths and code-point offsets of long strings
	// (str_index.go).
	strIdx    strIndexCache
	modules   Modules
	modCache  map[string]*Module
	loop      *Loop
	hostCalls int
	// awaits records the coroutines and host calls made, until they run
	// (awaited.go); awaitsLost counts those past maxAwaitRecords, and
	// awaitsSkip how many more are counted before awaits is compacted
	// again.
	awaits     []*awaitRecord
	awaitsLost int
	awaitsSkip int
	framePool  []*Frame
	// compFns holds the function objects of comprehensions without a
	// closure, reused by makeFunction (comprehensionFn).
	compFns [8]*Function
	// freshCompFns makes makeFunction make every comprehension's
	// function anew (tests compare the two).
	freshCompFns bool
	// top is the innermost frame of the running eval loop; evalTops holds
	// the innermost frames of the eval loops below it (Go recursion). With
	// globals and the event loop's tasks they are the roots from which
	// retained memory is measured.
	top      *Frame
	evalTops []*Frame
	globals  *Dict
	// tempRoots are values built by Go code that no frame references yet.
	tempRoots []Value
	// reprSeen detects cycles in repr of containers.
	reprSeen []Value
	// reprGrowth accounts the builder of the repr in progress.
	reprGrowth *Growth
	// cached are the code objects whose global-name or attribute caches
	// this run wrote, which Close clears (forgetRuns).
	cached map[*CodeObj]struct{}

	// classCells are the __class__ cells of the class statements whose
	// class is being made, keyed by their namespace: type.__new__ fills
	// the cell as soon as it has made the class, before __set_name__ and
	// __init_subclass__ run (CPython's __classcell__), also when a
	// metaclass calls it.
	classCells []pendingClassCell
	// source gives the program's source lines to tracebacks (Config.Source).
	source func(filename string, line int) string
}

// Config configures a Thread.
type Config struct {
	Ctx    context.Context
	Limits Limits
	Stdout io.Writer
	// Stderr receives what the snippet writes to sys.stderr (print(...,
	// file=sys.stderr), logging's default handler, traceback.print_exc);
	// nil discards it. It is capped at MaxOutputBytes like Stdout, with
	// its own count.
	Stderr  io.Writer
	Modules Modules
	// MemoryUsed is memory already retained (a session's globals), counted
	// against MaxMemoryBytes.
	MemoryUsed int64
	// Heap is the process's heap guard (nil: none). Every run of a process
	// should share one.
	Heap *HeapGuard
	// Journal, when not nil, saves what the run changes of containers
	// made before it, so that Journal.Swap can undo the run.
	Journal *Journal
	// Source returns a line of the program's own source (empty when the
	// file is not the program's): the traceback module shows it under each
	// frame, as CPython shows the file's line. Nil: no source lines.
	Source func(filename string, line int) string
}

// NewThread returns a Thread for one run.
func NewThread(cfg Config) *Thread {
	if cfg.Ctx == nil {
		cfg.Ctx = context.Background()
	}
	t := &Thread{
		ctx:      cfg.Ctx,
		limits:   cfg.Limits.withDefaults(),
		out:      cfg.Stdout,
		errOut:   cfg.Stderr,
		builtins: builtinsDict,
		modules:  cfg.Modules,
		modCache: map[string]*Module{},
		mem:      cfg.MemoryUsed,
		heap:     cfg.Heap,
		source:   cfg.Source,
	}
	if cfg.Journal != nil {
		t.journal, t.epoch = cfg.Journal, cfg.Journal.epoch
	}
	t.pollEvery = checkInterval
	t.nextChk.Store(checkInterval)
	if cfg.Ctx.Done() != nil {
		t.stopWatch = context.AfterFunc(cfg.Ctx, func() { t.nextChk.Store(math.MinInt64) })
	}
	return t
}

// Close releases the Thread's watch on its context; the run is over.
//
// Close also clears what the run left in the caches of shared code objects
// (a cached program's, a library module's): their records point to the
// run's globals and classes, which would otherwise outlive it, uncounted,
// for as long as the code is cached (a program cache of 256 snippets could
// keep 256 runs' memory after they ended).
func (t *Thread) Close() {
	if t.stopWatch != nil {
		t.stopWatch()
	}
	for co := range t.cached {
		co.forgetRuns()
	}
	t.cached = nil
}

// noteCached records that the run wrote a record into a cache of co.
func (t *Thread) noteCached(co *CodeObj) {
	if t.cached == nil {
		t.cached = map[*CodeObj]struct{}{}
	}
	t.cached[co] = struct{}{}
}

// Steps returns the number of instructions executed.
func (t *Thread) Steps() int64 { return t.steps }

// Context returns the run's context.
func (t *Thread) Context() context.Context { return t.ctx }

// check polls the context and the step budget.
func (t *Thread) check() error {
	// Storing before polling the context: a store of the context's
	// watch that this one overwrites happened after the context was done,
	// which the poll below then sees.
	t.nextChk.Store(t.steps + t.pollEvery)
	if t.steps > t.limits.Steps {
		t.limitReached()
		return &LimitError{Kind: "steps", Type: "TimeoutError", Msg: "step budget exhausted"}
	}
	select {
	case <-t.ctx.Done():
		t.limitReached()
		return t.ctxError()
	default:
	}
	if t.heapChecks++; t.heapChecks%heapCheckEvery == 0 {
		if t.heap != nil {
			if err := t.checkHeap(); err != nil {
				return err
			}
		}
		return t.checkLag()
	}
	return nil
}

// limitReached makes the next instruction poll again, and every one after
// it: once the clock or the step budget has run out, the run must end at
// the first instruction that follows, wherever it is. A poll that waited
// its interval again would let a builtin that lost the limit error (it
// called back into the snippet and dropped what the call raised) go on:
// each call back polls after its interval and fails, the builtin goes on,
// and the caller's own poll, pushed back by every one of those, never
// comes (max() over keys whose __bool__ looped ran forever past a 1 s
// deadline).
func (t *Thread) limitReached() { t.nextChk.Store(math.MinInt64) }

// Work done in Go counts as steps at about the cost of one bytecode
// instruction (10-20 ns) a step, so the step budget and the deadline (polled
// every checkInterval steps) bound builtins as they bound bytecode. A
// builtin whose cost grows with its input ticks as it goes, in units of:
const (
	// ItemsPerStep: elements of a list, tuple, dict or set visited,
	// compared or hashed with no Python code run.
	ItemsPerStep = 8
	// BytesPerStep: bytes of a string or bytes value scanned or copied
	// by memchr-like loops (find, count, split, compare, copy).
	BytesPerStep = 256
	// CharsPerStep: bytes of a string or bytes value visited one by one
	// (case mapping, predicates, translate, escaping, hashing, counting
	// code points, digests).
	CharsPerStep = 8
	// AllocBytesPerStep: bytes allocated (Charge ticks these, so every
	// builtin whose result grows with its input counts its work).
	AllocBytesPerStep = 256
	// WordsPerStep: 64-bit word operations of big-integer arithmetic.
	WordsPerStep = 16
)

// tickItems counts n container items visited; tickBytes n bytes of a str
// or bytes value scanned. Both accept a nil Thread (code paths shared with
// thread-less callers count nothing then).
func (t *Thread) tickItems(n int) error {
	if n < ItemsPerStep || t == nil {
		return nil
	}
	return t.tick(int64(n) / ItemsPerStep)
}

// tickVisit counts a container of n items visited by a recursive walk
// (hash, ==, <, isinstance over nested tuples): a step for the container
// itself, so that a walk of a shared structure (t = (t, t) nested a
// hundred times) counts every visit even when each container is small.
func (t *Thread) tickVisit(n int) error {
	if t == nil {
		return nil
	}
	return t.tick(1 + int64(n)/ItemsPerStep)
}

func (t *Thread) tickBytes(n int) error {
	if n < BytesPerStep || t == nil {
		return nil
	}
	return t.tick(int64(n) / BytesPerStep)
}

func (t *Thread) tickChars(n int) error {
	if n < CharsPerStep || t == nil {
		return nil
	}
	return t.tick(int64(n) / CharsPerStep)
}

// tickCollision counts a comparison of two dict or set keys with the same
// hash: keys built to collide (i * (2**61 - 1) for ints) make every
// insertion compare with all the keys before it, quadratic work in one
// builtin call.
func (t *Thread) tickCollision() error {
	if t == nil {
		return nil
	}
	return t.tick(1)
}

// TickItems counts n container items a builtin visited in Go.
func (t *Thread) TickItems(n int) error { return t.tickItems(n) }

// TickBytes counts n bytes a builtin scanned or copied in Go.
func (t *Thread) TickBytes(n int) error { return t.tickBytes(n) }

// TickChars counts n bytes a builtin visited one by one in Go.
func (t *Thread) TickChars(n int) error { return t.tickChars(n) }

// tick counts n units of work done in Go (scanning, copying, sorting) as
// steps, so long builtin operations are bounded by the step budget and the
// deadline like bytecode is.
func (t *Thread) tick(n int64) error {
	t.steps += n
	if t.steps >= t.nextChk.Load() {
		return t.check()
	}
	return nil
}

// Tick counts n units of work that Go code does for the snippet (a
// multiplication's words, a value encoded) as steps, so a library module's
// long loop is bounded by the step budget and the deadline as bytecode
// is. Work that cannot be interrupted once started is ticked before it
// starts, at its estimated cost, so what cannot finish within the budget
// fails first.
func (t *Thread) Tick(n int64) error {
	if n < 0 {
		n = math.MaxInt64 / 2
	}
	return t.tick(n)
}

// TickGCD ticks a gcd or modular inverse of a and b, which math/big does
// in time quadratic in their length (a second for 2^500000, over a minute
// for 2^4000000) and cannot interrupt: the product of their lengths in
// words.
func (t *Thread) TickGCD(a, b *big.Int) error {
	return t.Tick(SizeMul(int64(len(a.Bits()))+1, int64(len(b.Bits()))+1))
}

func (t *Thread) ctxError() error {
	if t.ctx.Err() == context.DeadlineExceeded {
		return &LimitError{Kind: "time", Type: "TimeoutError", Msg: "execution time limit exceeded"}
	}
	return &LimitError{Kind: "time", Type: "TimeoutError", Msg: "execution cancelled"}
}

// Charge is the one way Go code accounts memory: call it before allocating
// n bytes that the snippet may retain, or that the builtin holds as scratch
// while it works. It checks and charges at once, so no caller can check a
// size without counting it.
//
// The counter only grows, so it over-estimates what the run retains; when
// it passes the limit, the retained size is measured from the roots
// (globals, live frames, tasks, held buffers) and the counter restarts from
// there. The run fails with MemoryError (catchable) when what it retains
// plus n is over the limit, or so close to it that measuring again would
// thrash. A negative n (an overflowed size computation) always fails.
// Charges of a megabyte or more also consult the process heap guard.
func (t *Thread) Charge(n int64) error {
	if n < 0 || n > t.limits.MaxMemoryBytes {
		return t.memoryError()
	}
	t.mem += n
	if t.mem > t.limits.MaxMemoryBytes {
		ok, err := t.remeasure(n)
		if err != nil {
			return err
		}
		if !ok {
			return t.memoryError()
		}
	}
	if n >= AllocBytesPerStep {
		if err := t.tick(n / AllocBytesPerStep); err != nil {
			return err
		}
	}
	if n >= 1<<20 && t.heap != nil {
		return t.checkHeap()
	}
	return nil
}

// chargeNew charges a new object of n bytes, as Charge does: its fast
// path, for the interpreter's constructors (instances, tuples, functions,
// cells), which run for every object a snippet makes. Every object is
// charged: one that is not lets a snippet build far more than the limit
// before the counter makes the run measure what it retains.
func (t *Thread) chargeNew(n int64) error {
	if t == nil {
		return nil
	}
	if m := t.mem + n; m <= t.limits.MaxMemoryBytes && n < AllocBytesPerStep {
		t.mem = m
		return nil
	}
	return t.Charge(n)
}

// chargeStored charges the box of a number or short string stored over
// an existing slot (a list item, a dict value). Builtins that make such
// boxes (str(i), i * 1.5) do not charge them, as a container's growth pays
// for them on the way in; a container that does not grow pays nothing, and
// a loop storing new strings into a list made beforehand kept 22 MiB under
// a 16 MiB limit. Long strings are charged by whatever made them.
func (t *Thread) chargeStored(v Value) error {
	if n := storedBytes(v); n > 0 {
		return t.chargeNew(n)
	}
	return nil
}

// ChargeStored is chargeStored for a library that keeps v in a container
// of its own (a boxed number or a short string it may be the only holder
// of; a long string is charged where it is made).
func (t *Thread) ChargeStored(v Value) error { return t.chargeStored(v) }

// itemsStoredBytes is what chargeStored charges for the items of a list
// or tuple a display builds ([a + b], (s % x, n)): a str made by a
// concatenation or a format is not charged where it is made (up to one
// block), nor a number's box, and a display is where they are first kept.
func itemsStoredBytes(items []Value) int64 {
	var n int64
	for _, v := range items {
		n += storedBytes(v)
	}
	return n
}

// storedBytes is what chargeStored charges for v (0: nothing). It runs
// for every value a container or an attribute takes: a str's charge, the
// common case, is read from a table (strStoredBytes), inline in the
// caller.
func storedBytes(v Value) int64 {
	// Up to one block: what a concatenation, a % or str.format, an
	// f-string, a slice or a strip makes without charging it (the
	// threshold was 256 bytes: keeping a + str(i) of 800 bytes in a loop
	// took toolplane run to 7.4 GB under its 512 MiB limit).
	if s, ok := v.(Str); ok {
		return strStoredBytes[min(len(s), strOneBlockMax+1)]
	}
	return storedOtherBytes(v)
}

// storedOtherBytes is storedBytes of a value other than a str of up to
// one block (a longer str is charged where it is made: 0).
func storedOtherBytes(v Value) int64 {
	switch x := v.(type) {
	case Int:
		if x < smallIntMin || x >= smallIntMax {
			return noscanBytes(8)
		}
	case Float:
		return noscanBytes(8)
	case Bytes:
		if len(x) <= strOneBlockMax {
			return strStoredBytes[len(x)]
		}
	case Complex, *big.Int:
		return ValueBytes(v)
	}
	return 0
}

// strStoredBytes[n] is what storing a str (or bytes) of n bytes charges:
// ValueBytes up to one block, 0 at strOneBlockMax+1, which stands for
// every longer one (TestStrStoredBytesTable). Read only after init.
var strStoredBytes = func() (sizes [strOneBlockMax + 2]int64) {
	for n := 1; n <= strOneBlockMax; n++ {
		sizes[n] = stringHeaderBytes + noscanBytes(int64(n))
	}
	return sizes
}()

// holdRoots makes vs roots of the memory measurement until the returned
// function is called (deferred): values Go code builds or keeps while it
// calls back into the snippet (a sort's keys, a container being filled)
// are reachable from no frame, and a remeasure that misses them lets the
// run hold any multiple of its limit.
func (t *Thread) holdRoots(vs ...Value) func() {
	n := len(t.tempRoots)
	t.tempRoots = append(t.tempRoots, vs...)
	return func() { t.tempRoots = t.tempRoots[:n] }
}

// ChargeItems charges count items of size bytes each, failing (rather than
// overflowing) when the product does not fit.
func (t *Thread) ChargeItems(count, size int64) error {
	return t.Charge(SizeMul(count, size))
}

// chargeSlots charges a new array of n value slots (a list's or tuple's
// items), as an append that outgrew its array makes.
func (t *Thread) chargeSlots(n int) error { return t.Charge(arrayBytes(n, valueSize)) }

// SizeMul multiplies two sizes, saturating at math.MaxInt64 (a negative
// factor gives -1), so a size computed from a snippet's numbers cannot wrap
// around to a small or negative charge.
func SizeMul(a, b int64) int64 {
	if a < 0 || b < 0 {
		return -1
	}
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

// Hold charges n bytes that Go code keeps outside the roots while it builds
// a value in steps (a growing buffer, a partial list): until Release, a
// remeasure counts them as retained, so a builder that charges chunk by
// chunk cannot be forgotten by the measurement and outgrow the limit.
func (t *Thread) Hold(n int64) error {
	if err := t.Charge(n); err != nil {
		return err
	}
	t.held += n
	return nil
}

// Release ends a Hold of n bytes: the value built is now reachable from the
// roots (or garbage).
func (t *Thread) Release(n int64) { t.held -= n }

// growthMinStep is the least a Growth's holding grows by once it holds
// something: small appends are charged once per growthMinStep bytes at most.
const growthMinStep = 256

// Growth charges a buffer that Go code fills in steps: To(size) holds the
// bytes the buffer has grown to (in chunks, so small growth is free), and
// Done releases them once the value is handed to the snippet.
type Growth struct {
	t    *Thread
	held int64
}

// Growth starts accounting a buffer built in steps; defer Done.
func (t *Thread) Growth() Growth { return Growth{t: t} }

// To accounts the buffer at size bytes (its capacity, or its length plus
// what is about to be appended).
func (g *Growth) To(size int64) error {
	if size <= g.held {
		return nil
	}
	if size < 0 {
		return g.t.memoryError()
	}
	// Past the first, steps grow with the buffer (a quarter of it), so a
	// buffer that grows by small appends is charged a few times. The
	// first step is the size asked: a fixed minimum (it was 64 KiB)
	// charged every str() of a big int, every repr and json.dumps of a
	// small value 64 KiB, which made a loop of them measure what the run
	// retains every limit/64 KiB calls.
	step := size - g.held
	if g.held > 0 {
		if min := g.held/4 + growthMinStep; step < min {
			step = min
		}
	}
	if err := g.t.Hold(step); err != nil {
		return err
	}
	g.held += step
	return nil
}

// Room makes room in sb for n more bytes. When sb must grow, the array it
// grows to (twice its capacity plus n, as strings.Builder grows) is held
// before it is made, less paid: the bytes charged for the result already.
// Holding the length written instead let the arrays a builder leaves
// behind as it grows pass the limit several times over before any check
// (a str.translate that expanded a 100 KB str past a 64 MiB limit peaked
// at 280 MiB).
func (g *Growth) Room(sb *strings.Builder, n, paid int) error {
	if sb.Len()+n <= sb.Cap() {
		return nil
	}
	if err := g.To(SizeMul(2, int64(sb.Cap())) + int64(n) - int64(paid)); err != nil {
		return err
	}
	sb.Grow(n)
	return nil
}

// Done releases what the Growth holds.
func (g *Growth) Done() {
	g.t.Release(g.held)
	g.held = 0
}

func (t *Thread) memoryError() error {
	return Errorf(MemoryErrorClass, "memory limit of %d bytes exceeded", t.limits.MaxMemoryBytes)
}

// remeasure replaces the charge counter by the measured retained size plus
// the held bytes and n, reporting whether that fits with room to spare.
// The walk visits every value the run holds (millions under a large
// limit, and again each time churn reaches the limit), so it counts as
// steps and stops when the run's context ends, returning that error.
func (t *Thread) remeasure(n int64) (bool, error) {
	if t.globals == nil {
		return false, nil
	}
	live, visits, stopped := t.retained(int(t.limits.MaxMemoryBytes/16 + 1<<20))
	if stopped {
		// The context is done; check reports how.
		return false, t.check()
	}
	// A visit is a type switch and a map insertion.
	if err := t.tick(int64(visits) / 2); err != nil {
		return false, err
	}
	t.mem = live + t.held + n
	t.lag.measured()
	limit := t.limits.MaxMemoryBytes
	return t.mem <= limit && limit-t.mem >= limit/8, nil
}

// retained estimates the bytes reachable from the run's roots, visiting at
// most nodes values (every value takes at least 16 bytes, so a graph within
// the limit has no more than limit/16), and returns the values visited. It
// stops early, reporting stopped, when the run's context is done.
func (t *Thread) retained(nodes int) (total int64, visits int, stopped bool) {
	w := newSizeWalker(nodes)
	if t.ctx.Done() != nil {
		w.stop = func() bool { return t.ctx.Err() != nil }
	}
	w.walk(t.globals)
	// The run's modules hold what the snippet stores in them (json.keep =
	// [...]) even once no name is bound to the module: the import cache
	// keeps them for the rest of the run.
	for _, m := range t.modCache {
		w.walk(m)
	}
	for _, f := range append([]*Frame{t.top}, t.evalTops...) {
		for ; f != nil; f = f.back {
			w.frame(f)
		}
	}
	if t.loop != nil {
		for task := range t.loop.tasks {
			w.walk(task.coro)
		}
		// A host call in flight holds its arguments even when the
		// snippet dropped its future.
		for f := range t.loop.pending {
			w.walk(f)
		}
		// A call_soon callback waiting in the ready queue holds what it
		// will call.
		for _, task := range t.loop.ready {
			if task.holds != nil {
				w.walk(task.holds)
			}
		}
	}
	if t.excInfo != nil {
		w.walk(t.excInfo)
	}
	if t.journal != nil {
		t.journal.walk(w)
		w.drain()
	}
	for _, v := range t.tempRoots {
		w.walk(v)
	}
	return w.total, nodes - w.budget, w.stopped
}

// MemoryUsed returns the estimated bytes charged so far.
func (t *Thread) MemoryUsed() int64 { return t.mem }

// Write writes print output, enforcing the output cap. A write that does
// not fit writes the head that does (cut at a character boundary) before
// the run ends, so what was printed up to the cap is kept, and the error
// says how much of the write was cut.
func (t *Thread) Write(s string) error {
	return t.writeCapped(t.out, &t.outBytes, s, "print() output", "print")
}

// WriteStderr writes what the snippet writes to sys.stderr, enforcing its
// cap (MaxOutputBytes, counted apart from stdout's) as Write does.
func (t *Thread) WriteStderr(s string) error {
	if err := t.tickBytes(len(s)); err != nil {
		return err
	}
	return t.writeCapped(t.errOut, &t.errBytes, s, "sys.stderr output", "write")
}

// writeCapped writes s to w (nil: discarded) and counts it in *used,
// failing the run with an output LimitError at the cap.
func (t *Thread) writeCapped(w io.Writer, used *int64, s, what, op string) error {
	if room := t.limits.MaxOutputBytes - *used; int64(len(s)) > room {
		head := s[:max(room, 0)]
		for len(head) > 0 && !utf8.RuneStart(s[len(head)]) {
			head = head[:len(head)-1]
		}
		*used = t.limits.MaxOutputBytes + 1
		if w != nil && head != "" {
			_, _ = io.WriteString(w, head)
		}
		return &LimitError{Kind: "output", Type: "RuntimeError", Msg: fmt.Sprintf(
			"output limit exceeded: %s is capped at %d bytes; the output up to the cap is kept, the %d bytes of the %s that crossed it were cut and the run was stopped",
			what, t.limits.MaxOutputBytes, len(s)-len(head), op)}
	}
	*used += int64(len(s))
	if w != nil {
		if _, err := io.WriteString(w, s); err != nil {
			return Errorf(OSErrorClass, "write failed: %v", err)
		}
	}
	return nil
}

func (t *Thread) enterGo() error {
	t.goDepth++
	if t.goDepth > t.limits.MaxDepth+50 {
		t.goDepth--
		return Errorf(RecursionErrorClass, "maximum recursion depth exceeded")
	}
	return nil
}

// enterCompare is enterGo for a level of comparing nested containers,
// whose RecursionError CPython words "... in comparison".
func (t *Thread) enterCompare() error {
	return t.enterGoWhile(" in comparison")
}

// enterRepr is enterGo for a level of the repr of nested containers,
// whose RecursionError CPython words "... while getting the repr of an
// object".
func (t *Thread) enterRepr() error {
	return t.enterGoWhile(" while getting the repr of an object")
}

// enterGoWhile is enterGo with what CPython's RecursionError adds to its
// message for the operation.
func (t *Thread) enterGoWhile(what string) error {
	t.goDepth++
	if t.goDepth > t.limits.MaxDepth+50 {
		t.goDepth--
		return Errorf(RecursionErrorClass, "maximum recursion depth exceeded%s", what)
	}
	return nil
}

func (t *Thread) leaveGo() { t.goDepth-- }

// CodeObj is a compiled code object with its constants converted to
// values, shared by every run of a program.
type CodeObj struct {
	*compile.Code
	Consts []Value
	// NameHashes are the dict hashes of Names, computed once.
	NameHashes []uint64
	// NameKeys are Names boxed as Str values, once, for dict keys.
	NameKeys []Value
	// plain is set when a call binds exactly ArgCount positional arguments
	// by storing them in the first locals (interp.go's CALL fast path).
	plain bool
	// plainFree is plain but for free variables (a closure's, or the
	// __class__ of a method using super()): bindFrame binds such a call
	// by storing the arguments and copying the closure's cells.
	plainFree bool
	// comprehension is set on the code of a list, set or dict
	// comprehension that is not asynchronous (not a generator expression).
	comprehension bool
	// gcache holds one global-name cache slot per name (namecache.go).
	gcache []atomic.Pointer[nameCache]
	// acache holds one attribute cache slot per instruction (attrcache.go).
	acache []atomic.Pointer[attrCache]
	// Instrs are the instructions the VM runs: the compiled ones with
	// superinstructions fused in (quicken.go).
	Instrs []uint32
	// slots is the length of a frame's value buffer for this code: the
	// locals and room for its operand stack (MaxStack, at least 8).
	// clearTo is the prefix of the buffer the code can write, the locals
	// and MaxStack slots (0: MaxStack unknown, all of it): what
	// releaseFrame clears.
	slots, clearTo int
}

// NewCode converts a compiled code tree.
func NewCode(c *compile.Code) *CodeObj {
	co := &CodeObj{Code: c, Consts: make([]Value, len(c.Consts)), NameHashes: make([]uint64, len(c.Names)),
		gcache: make([]atomic.Pointer[nameCache], len(c.Names)), Instrs: quicken(c.Instrs)}
	for _, ins := range c.Instrs {
		if op := compile.Op(ins & 0xff); op == compile.LOAD_ATTR || op == compile.LOAD_METHOD || op == compile.STORE_ATTR {
			co.acache = make([]atomic.Pointer[attrCache], len(c.Instrs))
			break
		}
	}
	co.slots = len(c.VarNames) + max(8, c.MaxStack)
	if c.MaxStack > 0 {
		co.clearTo = len(c.VarNames) + c.MaxStack
	}
	co.plainFree = c.Flags&(compile.FlagGenerator|compile.FlagCoroutine|compile.FlagVarArgs|compile.FlagVarKw) == 0 &&
		c.KwOnlyCount == 0 && len(c.CellNames) == 0
	co.plain = co.plainFree && len(c.FreeNames) == 0
	co.comprehension = c.Flags&(compile.FlagGenerator|compile.FlagCoroutine) == 0 &&
		(c.Name == "<listcomp>" || c.Name == "<setcomp>" || c.Name == "<dictcomp>")
	if co.comprehension && c.Name == "<listcomp>" && appendsPerItem(c.Instrs) {
		co.Instrs[0] = uint32(compile.BUILD_LIST_ROOM)
	}
	co.NameKeys = make([]Value, len(c.Names))
	for i, n := range c.Names {
		co.NameHashes[i] = strHash(n)
		co.NameKeys[i] = Str(n)
	}
	for i, k := range c.Consts {
		co.Consts[i] = constValue(k)
	}
	return co
}

func constValue(k any) Value {
	switch k := k.(type) {
	case nil:
		return None
	case bool:
		return Bool(k)
	case int64:
		return Int(k)
	case *big.Int:
		return MakeInt(k)
	case float64:
		return Float(k)
	case complex128:
		return Complex(k)
	case string:
		return Str(strFromWTF8(k))
	case compile.Bytes:
		return Bytes(k)
	case compile.Ellipsis:
		return EllipsisType{}
	case compile.Tuple:
		t := make(Tuple, len(k))
		for i, x := range k {
			t[i] = constValue(x)
		}
		return t
	case *compile.Code:
		return NewCode(k)
	}
	panic("unknown constant type")
}

// SetBuiltinsOverlay gives this run names that shadow the builtins (host
// functions, prelude exports) without copying the builtins namespace.
func (t *Thread) SetBuiltinsOverlay(d *Dict) { t.overlay = d }

// SetMainGlobals names the globals of the snippet's own code (RunSnippet
// sets them itself): only code running in them sees the run's builtins
// module namespace (SetUserBuiltins).
func (t *Thread) SetMainGlobals(g *Dict) { t.main = g }

// SetUserBuiltins makes d, the namespace of this run's builtins module (a
// copy of Builtins()), what the snippet's own code resolves builtin names
// in for the rest of the run.
func (t *Thread) SetUserBuiltins(d *Dict) { t.userBuiltins = d }

// builtinsFor returns the builtins that code running in globals g sees.
func (t *Thread) builtinsFor(g *Dict) *Dict {
	if t.userBuiltins != nil && g == t.main {
		return t.userBuiltins
	}
	return t.builtins
}

// SizeOf estimates the retained size of a value graph, counting each object
// once and bounding the walk.
func SizeOf(v Value) int64 {
	total, _ := SizeOfGraph(v, 0)
	return total
}

// SizeOfGraph is SizeOf, which also returns how many objects it counted
// once each (containers, instances, functions and the like: the walk's
// table of the objects it has seen). objects is the count expected, such
// as a previous walk's of the same graph: the table is made that large
// at once instead of growing through every size on the way.
func SizeOfGraph(v Value, objects int) (total int64, counted int) {
	switch v.(type) {
	case nil, NoneType, Bool:
		return 0, 0 // as the walk counts them (visit), without a walker
	case *Dict:
		if n, ok := sizeOfFlatDict(v.(*Dict)); ok {
			return n, 1
		}
	}
	w := sizeWalkers.Get().(*sizeWalker)
	w.seen.reserve(objects)
	w.walk(v)
	total, counted = w.total, w.seen.n
	if w.reset() {
		sizeWalkers.Put(w)
	}
	return total, counted
}

// sizeOfFlatDict is SizeOf of a small dict whose keys and values are all
// None, bools, ints, floats and strings shorter than 256 bytes (a host
// call's result, a JSON record), without a walker: the walk's count, by
// its rules, in its order (each entry's key, then its value), with the
// walker's memory of recent boxes (newBox) kept for the few slots this
// touches, so the two agree to the byte (TestSizeOfFlatDictIsTheWalks).
// ok is false for any other dict.
func sizeOfFlatDict(d *Dict) (total int64, ok bool) {
	if d.index != nil || len(d.entries) > smallDict {
		return 0, false
	}
	type slot struct {
		i uintptr
		p unsafe.Pointer
	}
	var recent [2 * smallDict]slot
	n := 0
	newBox := func(v Value) bool {
		p := boxOf(v)
		i := (uintptr(p) >> 4) & (recentBoxes - 1)
		for k := range n {
			if recent[k].i == i {
				if recent[k].p == p {
					return false
				}
				recent[k].p = p
				return true
			}
		}
		recent[n] = slot{i, p}
		n++
		return true
	}
	total = dictBytes + dictArrays(d)
	for ix := range d.entries {
		e := &d.entries[ix]
		if e.key == nil {
			continue
		}
		for _, v := range [2]Value{e.key, e.value} {
			switch x := v.(type) {
			case NoneType, Bool:
			case Int:
				if (x < smallIntMin || x >= smallIntMax) && newBox(v) {
					total += noscanBytes(8)
				}
			case Float:
				if newBox(v) {
					total += noscanBytes(8)
				}
			case Str:
				if len(x) >= 256 {
					return 0, false
				}
				if len(x) == 1 && x[0] < utf8.RuneSelf && boxOf(v) == boxOf(asciiChars[x[0]]) {
					continue
				}
				if newBox(v) && len(x) > 0 {
					total += stringHeaderBytes + noscanBytes(int64(len(x)))
				}
			default:
				return 0, false
			}
		}
	}
	return total, true
}

// sizeWalkers keeps SizeOf's walkers: most walks are of small values (a
// host call's result, a parsed JSON object), for which making the walker
// (its recent array, its table of objects seen) costs more than the walk.
var sizeWalkers = sync.Pool{New: func() any { return newSizeWalker(sizeOfNodes) }}

// reset readies a SizeOf walker for the next walk and reports whether it
// is worth keeping: one that walked a large graph is dropped rather than
// kept with a large table to clear.
func (w *sizeWalker) reset() bool {
	if w.seen.n > 256 || len(w.seen.keys) > 4*256 || cap(w.ones) > 256 || cap(w.vals) > 256 || cap(w.entries) > 256 || cap(w.sets) > 256 {
		return false
	}
	w.seen.clear()
	if w.boxes > len(w.touched) {
		w.recent = [recentBoxes]unsafe.Pointer{}
	} else {
		for _, i := range w.touched[:w.boxes] {
			w.recent[i] = nil
		}
	}
	w.boxes = 0
	w.total = 0
	w.budget = sizeOfNodes
	return true
}

// sizeWalker sums estimated sizes over a value graph without running
// Python code.
//
// The walk keeps its own stack of values to visit instead of recursing: a
// snippet can nest containers (and generators) millions deep, and Go's
// stack overflow is fatal.
type sizeWalker struct {
	// seen holds the address of each object counted (for a tuple, of
	// its array) with the tuple's length (0 for other objects).
	seen   ptrSet
	total  int64
	budget int
	// stop, when set, is asked every walkPollEvery visits whether to
	// give up (stopped) and leave total unfinished.
	stop    func() bool
	stopped bool
	// recent remembers the boxes of numbers and strings counted lately,
	// by their address (newBox).
	recent [recentBoxes]unsafe.Pointer
	// touched are the first slots of recent set, boxes how many were set
	// (reset clears those alone when they are all it set).
	touched [16]uint16
	boxes   int
	// The values still to visit: single values, and what remains of
	// containers' items, dicts' entries and sets' tables, as slices
	// visited from their front, so a container of a million elements
	// costs one entry, not a million. A container's slice leaves its
	// stack before its last two elements are visited, and an entry takes
	// a slice header: nested millions deep, chains of one-element lists
	// or of pairs keep the stacks short, and longer tuples cost 24 bytes
	// a level (their objects take more), so the walk's own memory stays
	// below what it measures.
	ones    []Value
	vals    [][]Value
	entries [][]dictEntry
	sets    [][]setEntry
}

// sizeOfNodes bounds the walk of SizeOf: a gigabyte of the smallest values.
const sizeOfNodes = 1 << 26

func newSizeWalker(nodes int) *sizeWalker {
	return &sizeWalker{budget: nodes}
}

// recentBoxes is the size of sizeWalker.recent, a power of two.
const recentBoxes = 1024

// newBox reports whether the box of v (a number or string) is not one
// counted lately. The same box referenced many times (a constant key of a
// million records, an int stored twice in a tuple) takes its bytes once;
// a map of every box would cost more than the rest of the walk, so this
// remembers the last box at each of recentBoxes addresses' slots: a box it
// forgot is counted again, an overcount, never an undercount.
func (w *sizeWalker) newBox(v Value) bool {
	p := boxOf(v)
	i := (uintptr(p) >> 4) & (recentBoxes - 1)
	if w.recent[i] == p {
		return false
	}
	w.recent[i] = p
	if w.boxes < len(w.touched) {
		w.touched[w.boxes] = uint16(i)
	}
	w.boxes++
	return true
}

// once reports whether the object at p is seen for the first time.
func (w *sizeWalker) once(p unsafe.Pointer) bool {
	_, added := w.seen.add(p)
	return added
}

// onceTuple reports whether the tuple x is to be counted: it is the first
// with its array, or longer than those counted (tuples sliced from one
// array share it; the longer is counted again in full, an overcount).
func (w *sizeWalker) onceTuple(x Tuple) bool {
	i, added := w.seen.add(unsafe.Pointer(&x[0]))
	if !added && w.seen.tupleLen(i) >= len(x) {
		return false
	}
	w.seen.setTupleLen(i, len(x))
	return true
}

// boxOf is the data word of an interface value: for a boxed string, the
// address of its header.
func boxOf(v Value) unsafe.Pointer { return (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1] }

// str counts a boxed string: its header and its bytes, each as the
// allocator holds it. The bytes of a long string shared by many values
// (s * 1 in a list a million times) count once.
func (w *sizeWalker) str(s string) {
	switch {
	case len(s) == 0:
	case len(s) < 256:
		w.total += stringHeaderBytes + noscanBytes(int64(len(s)))
	default:
		w.total += stringHeaderBytes
		if w.once(unsafe.Pointer(unsafe.StringData(s))) {
			w.total += noscanBytes(int64(len(s)))
		}
	}
}

// frame adds the size of f and what it references.
func (w *sizeWalker) frame(f *Frame) {
	w.pushFrame(f)
	w.drain()
}

// walk adds the size of the value graph from v.
func (w *sizeWalker) walk(v Value) {
	w.push(v)
	w.drain()
}

// walkPollEvery is how many visits a walk makes between polls of stop.
const walkPollEvery = 4096

func (w *sizeWalker) drain() {
	for !w.stopped {
		if n := len(w.ones); n > 0 {
			v := w.ones[n-1]
			w.ones[n-1] = nil
			w.ones = w.ones[:n-1]
			w.visit(v)
			continue
		}
		// A dict's entries and a set's table go before the values of
		// lists and tuples: a list of 100 000 records visits each
		// record whole before the next, instead of stacking all their
		// entries first (12 MB of stack for a session's records).
		if n := len(w.entries); n > 0 {
			es := w.entries[n-1]
			if len(es) == 1 {
				w.entries[n-1] = nil
				w.entries = w.entries[:n-1]
			} else {
				w.entries[n-1] = es[1:]
			}
			if e := &es[0]; e.key != nil {
				w.push(e.value)
				w.visit(e.key)
			}
			continue
		}
		if n := len(w.sets); n > 0 {
			es := w.sets[n-1]
			if len(es) == 1 {
				w.sets[n-1] = nil
				w.sets = w.sets[:n-1]
			} else {
				w.sets[n-1] = es[1:]
			}
			if k := es[0].key; k != nil && k != setDummy {
				w.visit(k)
			}
			continue
		}
		if n := len(w.vals); n > 0 {
			vs := w.vals[n-1]
			switch len(vs) {
			case 1, 2:
				// The task ends before its values are visited: a chain
				// of pairs, (next, value) or (value, next), costs the
				// stacks nothing per level.
				w.vals[n-1] = nil
				w.vals = w.vals[:n-1]
				if len(vs) == 2 {
					w.push(vs[1])
				}
			default:
				w.vals[n-1] = vs[1:]
			}
			w.visit(vs[0])
			continue
		}
		return
	}
}

func (w *sizeWalker) push(v Value) {
	if v != nil {
		w.ones = append(w.ones, v)
	}
}

func (w *sizeWalker) pushAll(vs []Value) {
	if len(vs) > 0 {
		w.vals = append(w.vals, vs)
	}
}

func (w *sizeWalker) pushFrame(f *Frame) {
	if f == nil || !w.once(unsafe.Pointer(f)) {
		return
	}
	w.total += frameHeapBytes(f)
	if f.fn != nil {
		// A generator expression's function is held by its frame
		// alone.
		w.push(f.fn)
	}
	w.pushAll(f.locals)
	w.pushAll(f.stack)
	for _, c := range f.cells {
		if c != nil {
			w.push(c)
		}
	}
	if f.ns != nil {
		w.push(f.ns)
	}
	if f.nsMap != nil {
		w.push(f.nsMap)
	}
}

// visit adds the size of v itself and queues what it references.
func (w *sizeWalker) visit(v Value) {
	w.budget--
	if w.stop != nil && w.budget%walkPollEvery == 0 && w.stop() {
		w.stopped = true
		w.ones, w.vals, w.entries, w.sets = nil, nil, nil, nil
		return
	}
	if w.budget < 0 {
		if w.budget == -1 {
			// Too big to walk: report it as over any limit.
			w.total += 1 << 40
		}
		return
	}
	switch x := v.(type) {
	case nil, NoneType, Bool:
	case Int:
		// Go boxes an int outside the small-int cache in 8 bytes.
		if (x < smallIntMin || x >= smallIntMax) && w.newBox(v) {
			w.total += noscanBytes(8)
		}
	case Float:
		if w.newBox(v) {
			w.total += noscanBytes(8)
		}
	case Complex:
		// Boxed in 16 bytes, as a float is in 8.
		if w.newBox(v) {
			w.total += allocBytes(16)
		}
	case *Range:
		w.total += rangeBytes
	case *BigRange:
		w.total += rangeBytes + 3*bigIntBytes + arrayBytes(cap(x.Start.Bits())+cap(x.Stop.Bits())+cap(x.Step.Bits()), 8)
	case *Slice:
		w.total += sliceBytes
		w.push(x.Start)
		w.push(x.Stop)
		w.push(x.Step)
	case Str:
		if len(x) == 1 && x[0] < utf8.RuneSelf && boxOf(v) == boxOf(asciiChars[x[0]]) {
			// One of the shared one-character boxes.
			return
		}
		if w.newBox(v) {
			w.str(string(x))
		}
	case Bytes:
		if w.newBox(v) {
			w.str(string(x))
		}
	case *big.Int:
		w.total += bigIntBytes + arrayBytes(cap(x.Bits()), 8)
	case *List:
		if !w.once(unsafe.Pointer(x)) {
			return
		}
		w.total += listBytes + arrayBytes(cap(x.Items), unsafe.Sizeof(Value(nil)))
		w.pushAll(x.Items)
	case Tuple:
		// A shared tuple is counted once, as the other containers are:
		// tuples holding one another twice nest into exponential paths.
		if len(x) > 0 && !w.onceTuple(x) {
			return
		}
		w.total += tupleBytes(len(x))
		w.pushAll(x)
	case *Dict:
		if !w.once(unsafe.Pointer(x)) {
			return
		}
		w.total += dictBytes + dictArrays(x)
		if len(x.entries) > 0 {
			w.entries = append(w.entries, x.entries)
		}
	case *Set:
		if !w.once(unsafe.Pointer(x)) {
			return
		}
		w.total += setBytes + arrayBytes(len(x.table), unsafe.Sizeof(setEntry{}))
		if len(x.table) > 0 {
			w.sets = append(w.sets, x.table)
		}
	case *Instance:
		if !w.once(unsafe.Pointer(x)) {
			return
		}
		w.total += ownBytes(x)
		// The class is part of what the instance retains: a class made
		// for each instance (type('C', (), {})()) is held by nothing
		// else.
		w.push(x.Class)
		if x.Dict != nil {
			w.push(x.Dict)
		}
		if x.Slots != nil {
			w.push(x.Slots)
		}
		if x.Base != nil {
			w.push(x.Base)
		}
		if x.Exc != nil {
			w.push(x.Exc.Args)
			w.push(x.Exc.Cause)
			w.push(x.Exc.Context)
			// A group's own copy of its exceptions: derive(), split()
			// and the constructor make it apart from Args.
			if len(x.Exc.Group) > 0 {
				w.push(x.Exc.Group)
				w.push(x.Exc.GroupMsg)
			}
		}
	case *Generator:
		if !w.once(unsafe.Pointer(x)) {
			return
		}
		w.total += ownBytes(x)
		w.pushFrame(x.frame)
		if x.excInfo != nil {
			w.push(x.excInfo)
		}
	case *Function:
		if !w.once(unsafe.Pointer(x)) {
			return
		}
		w.total += ownBytes(x)
		w.push(x.Defaults)
		if x.KwDefaults != nil {
			w.push(x.KwDefaults)
		}
		for _, c := range x.Closure {
			w.push(c)
		}
		if x.Dict != nil {
			w.push(x.Dict)
		}
		if x.Annotations != nil {
			w.push(x.Annotations)
		}
		if x.Globals != nil {
			w.push(x.Globals)
		}
	case *Cell:
		if !w.once(unsafe.Pointer(x)) {
			return
		}
		w.total += ownBytes(x)
		w.push(x.V)
	case *Traceback:
		// Its exception counts it, with the others it made.
		w.push(x.exc)
	case *BoundMethod:
		w.total += ownBytes(x)
		w.push(x.Self)
		w.push(x.Fn)
	case *Class:
		if x.builtin || !w.once(unsafe.Pointer(x)) {
			return
		}
		w.total += classBytes(x)
		w.push(x.Dict)
		if x.meta != nil {
			w.push(x.meta)
		}
		// A class holds its bases when nothing else names them any more
		// (class B(A): ...; del A). The rest of its MRO is reached
		// through them: pushing each MRO would push a chain of n classes
		// n²/2 times.
		for _, b := range x.Bases {
			w.push(b)
		}
	case *Module:
		if !w.once(unsafe.Pointer(x)) {
			return
		}
		w.push(x.Dict)
		if h := x.Held; h != nil {
			w.total += h.Own
			if h.Key != nil && w.once(h.Key) {
				w.total += h.Shared
			}
			w.pushAll(h.Refs)
		}
	case *ListIter:
		if w.once(unsafe.Pointer(x)) {
			w.total += listIterBytes
			w.push(x.list)
		}
	case *Iter:
		if !w.once(unsafe.Pointer(x)) {
			return
		}
		w.total += ownBytes(x)
		// A str or bytes iterator holds its subject.
		w.str(x.str)
		w.push(x.tup)
		if x.dict != nil {
			w.push(x.dict)
		}
		if x.set != nil {
			w.push(x.set)
		}
		for _, r := range x.refs {
			w.push(r)
		}
	case *DictView:
		w.total += dictViewBytes
		w.push(x.d)
	case *ByteArray:
		if w.once(unsafe.Pointer(x)) {
			w.total += int64(cap(x.B)) + 24
		}
	case *futureIter:
		w.push(x.f)
	case *asyncGenSend:
		w.push(x.g)
		// The value asend() will send, the exception athrow() will throw.
		w.push(x.value)
		if e, ok := x.throw.(*Instance); ok {
			w.push(e)
		}
	case *asyncGenValue:
		w.push(x.v)
	case *Super:
		w.total += superBytes
		w.push(x.Obj)
	case *Property:
		w.total += propertyBytes
		w.push(x.Doc)
		w.push(x.Get)
		w.push(x.Set)
		w.push(x.Del)
	case *SlotMember:
		// The owner class is reached through its namespace.
		w.total += slotMemberBytes
	case *StaticMethod:
		w.total += wrapperBytes
		w.push(x.Fn)
	case *ClassMethod:
		w.total += wrapperBytes
		w.push(x.Fn)
	case *Namespace:
		w.push(x.Attrs)
	case *Future:
		if !w.once(unsafe.Pointer(x)) {
			return
		}
		w.total += ownBytes(x)
		if !x.done {
			w.total += x.held
		}
		w.push(x.result)
		if x.task != nil {
			w.push(x.task.coro)
		}
		// What its callbacks will call (add_done_callback, call_later) and
		// the value a sleep will resolve it with.
		w.total += int64(len(x.holds)) * doneCallbackBytes
		for _, v := range x.holds {
			w.push(v)
		}
		if x.timer != nil && !x.done {
			w.push(x.timer.v)
		}
	case *Builtin:
		if x.Held == nil {
			w.total += 16
			return
		}
		if !w.once(unsafe.Pointer(x)) {
			return
		}
		w.total += heldBuiltinBytes + x.Held.Own
		if x.Held.Key != nil && w.once(x.Held.Key) {
			w.total += x.Held.Shared
		}
		for _, r := range x.Held.Refs {
			w.push(r)
		}
	case *Native:
		if !w.once(unsafe.Pointer(x)) {
			return
		}
		w.total += nativeBytes
		if q, ok := x.Data.(*queue); ok {
			w.push(Tuple(q.items))
		}
	default:
		w.total += 16
	}
}

// DeepCopy copies the mutable containers of a value graph (lists, dicts,
// sets, instances and the tuples holding them), preserving sharing and
// cycles. Functions, classes, modules and immutable values are shared.
//
// Each container is copied shallowly first and its elements are filled in
// from a work list, not by recursion: a session's globals may nest
// millions deep, and Go's stack overflow is fatal.
func DeepCopy(v Value) Value {
	c := deepCopier{memo: map[unsafe.Pointer]Value{}, tuples: map[tupleKey]Tuple{}}
	r := c.shallow(v)
	for len(c.todo) > 0 {
		j := c.todo[len(c.todo)-1]
		c.todo = c.todo[:len(c.todo)-1]
		if j.dict != nil {
			c.fillDict(j.dict)
		} else {
			c.fillSlice(j.dst, j.src)
		}
	}
	return r
}

// tupleKey identifies a tuple (its items) in deepCopier.tuples.
type tupleKey struct {
	first *Value
	n     int
}

// deepCopier's memo is keyed by the address of what it copied (lists,
// dicts, sets and instances are distinct allocations) and its work list
// holds plain records, not closures: a session's snapshot before each run
// copies every container its globals hold, and an interface-keyed map and
// a closure per container cost more than the copy.
type deepCopier struct {
	memo   map[unsafe.Pointer]Value
	tuples map[tupleKey]Tuple
	todo   []copyJob
}

// copyJob is a container whose copy still holds the original's elements:
// dst's items become copies of src's, or dict's values copies of theirs.
type copyJob struct {
	dst, src []Value
	dict     *Dict
}

// shallow returns the copy of v, whose elements are still v's: copying them
// is queued on c.todo.
func (c *deepCopier) shallow(v Value) Value {
	switch x := v.(type) {
	case *List:
		if n, ok := c.memo[unsafe.Pointer(x)]; ok {
			return n
		}
		n := &List{Items: make([]Value, len(x.Items))}
		c.memo[unsafe.Pointer(x)] = n
		copy(n.Items, x.Items)
		if holdsContainer(x.Items) {
			c.todo = append(c.todo, copyJob{dst: n.Items, src: x.Items})
		}
		return n
	case Tuple:
		// A tuple is copied once however often it is shared: tuples that
		// hold one another twice ((t, t) nested 40 deep) would otherwise
		// be copied 2**40 times.
		if len(x) == 0 {
			return x
		}
		key := tupleKey{&x[0], len(x)}
		if n, ok := c.tuples[key]; ok {
			return n
		}
		if !holdsContainer(x) {
			// Nothing in it to copy: the tuple itself serves.
			c.tuples[key] = x
			return x
		}
		n := make(Tuple, len(x))
		c.tuples[key] = n
		c.todo = append(c.todo, copyJob{dst: n, src: x})
		return n
	case *Dict:
		if n, ok := c.memo[unsafe.Pointer(x)]; ok {
			return n
		}
		// The same keys (shared: hashable values, as before) with their
		// hashes and index: nothing is hashed or probed again.
		n := x.Copy()
		c.memo[unsafe.Pointer(x)] = n
		for i := range n.entries {
			if e := &n.entries[i]; e.key != nil && isContainer(e.value) {
				c.todo = append(c.todo, copyJob{dict: n})
				break
			}
		}
		return n
	case *Set:
		if x.frozen {
			return x
		}
		if n, ok := c.memo[unsafe.Pointer(x)]; ok {
			return n
		}
		n := x.clone()
		c.memo[unsafe.Pointer(x)] = n
		return n
	case *Instance:
		if n, ok := c.memo[unsafe.Pointer(x)]; ok {
			return n
		}
		n := &Instance{Class: x.Class, Exc: x.Exc}
		c.memo[unsafe.Pointer(x)] = n
		if x.Dict != nil {
			n.Dict = c.shallow(x.Dict).(*Dict)
		}
		if x.Slots != nil {
			n.Slots = c.shallow(x.Slots).(*Dict)
		}
		if x.Base != nil {
			n.Base = c.shallow(x.Base)
		}
		return n
	}
	return v
}

// isContainer reports whether DeepCopy copies v (rather than sharing it).
// Most of what a session holds is records of scalars: a list or dict
// holding none is copied whole, with no work queued for its elements.
func isContainer(v Value) bool {
	switch x := v.(type) {
	case *List, *Dict, *Instance:
		return true
	case Tuple:
		return len(x) > 0
	case *Set:
		return !x.frozen
	}
	return false
}

func holdsContainer(vs []Value) bool {
	for _, v := range vs {
		if isContainer(v) {
			return true
		}
	}
	return false
}

func (c *deepCopier) fillSlice(dst, src []Value) {
	for i, e := range src {
		dst[i] = c.shallow(e)
	}
}

// fillDict replaces the values of d, a copy, with copies of them.
func (c *deepCopier) fillDict(d *Dict) {
	for i := range d.entries {
		if e := &d.entries[i]; e.key != nil {
			e.value = c.shallow(e.value)
		}
	}
}
