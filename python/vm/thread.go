package vm

import (
	"context"
	"io"
	"math/big"

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
	ctx     context.Context
	limits  Limits
	steps   int64
	nextChk int64
	depth   int
	// goDepth counts Go-level recursion (repr, equality, calls from Go),
	// bounded independently of Python frames.
	goDepth   int
	mem       int64
	memBase   int64
	out       io.Writer
	outBytes  int64
	excInfo   *Instance
	builtins  *Dict
	modules   Modules
	modCache  map[string]*Module
	loop      *Loop
	hostCalls int
	framePool []*Frame
	// reprSeen detects cycles in repr of containers.
	reprSeen []Value
}

// Config configures a Thread.
type Config struct {
	Ctx     context.Context
	Limits  Limits
	Stdout  io.Writer
	Modules Modules
	// MemoryUsed is memory already retained (a session's globals), counted
	// against MaxMemoryBytes.
	MemoryUsed int64
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
		builtins: builtinsDict,
		modules:  cfg.Modules,
		modCache: map[string]*Module{},
		mem:      cfg.MemoryUsed,
	}
	t.nextChk = checkInterval
	return t
}

// Steps returns the number of instructions executed.
func (t *Thread) Steps() int64 { return t.steps }

// Context returns the run's context.
func (t *Thread) Context() context.Context { return t.ctx }

// check polls the context and the step budget.
func (t *Thread) check() error {
	t.nextChk = t.steps + checkInterval
	if t.steps > t.limits.Steps {
		return &LimitError{Kind: "steps", Type: "TimeoutError", Msg: "step budget exhausted"}
	}
	select {
	case <-t.ctx.Done():
		return t.ctxError()
	default:
	}
	return nil
}

func (t *Thread) ctxError() error {
	if t.ctx.Err() == context.DeadlineExceeded {
		return &LimitError{Kind: "time", Type: "TimeoutError", Msg: "execution time limit exceeded"}
	}
	return &LimitError{Kind: "time", Type: "TimeoutError", Msg: "execution cancelled"}
}

// Charge counts n bytes of allocation against the memory budget.
func (t *Thread) Charge(n int64) error {
	t.mem += n
	if t.mem > t.limits.MaxMemoryBytes {
		t.mem -= n
		return Errorf(MemoryErrorClass, "memory limit of %d bytes exceeded", t.limits.MaxMemoryBytes)
	}
	return nil
}

// CheckAlloc fails with MemoryError before a large allocation of n bytes is
// attempted, without charging it.
func (t *Thread) CheckAlloc(n int64) error {
	if n < 0 || n > t.limits.MaxMemoryBytes-t.mem {
		return Errorf(MemoryErrorClass, "memory limit of %d bytes exceeded", t.limits.MaxMemoryBytes)
	}
	return nil
}

// MemoryUsed returns the estimated bytes charged so far.
func (t *Thread) MemoryUsed() int64 { return t.mem }

// Write writes print output, enforcing the output cap.
func (t *Thread) Write(s string) error {
	t.outBytes += int64(len(s))
	if t.outBytes > t.limits.MaxOutputBytes {
		return &LimitError{Kind: "output", Type: "RuntimeError", Msg: "output limit exceeded"}
	}
	if t.out != nil {
		if _, err := io.WriteString(t.out, s); err != nil {
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

func (t *Thread) leaveGo() { t.goDepth-- }

// CodeObj is a compiled code object with its constants converted to
// values, shared by every run of a program.
type CodeObj struct {
	*compile.Code
	Consts []Value
	// NameHashes are the dict hashes of Names, computed once.
	NameHashes []uint64
	// lines holds the source lines for tracebacks (module code only).
}

// NewCode converts a compiled code tree.
func NewCode(c *compile.Code) *CodeObj {
	co := &CodeObj{Code: c, Consts: make([]Value, len(c.Consts)), NameHashes: make([]uint64, len(c.Names))}
	for i, n := range c.Names {
		co.NameHashes[i] = strHash(n)
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
	case string:
		return Str(k)
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

// SetBuiltins replaces the builtins namespace of this run (used to add host
// functions without touching the globals).
func (t *Thread) SetBuiltins(d *Dict) { t.builtins = d }

// SizeOf estimates the retained size of a value graph, counting each object
// once and bounding the walk.
func SizeOf(v Value) int64 {
	seen := map[any]bool{}
	var total int64
	budget := 1_000_000
	var walk func(v Value)
	walk = func(v Value) {
		budget--
		if budget < 0 {
			return
		}
		switch x := v.(type) {
		case Str:
			total += int64(len(x)) + 16
		case Bytes:
			total += int64(len(x)) + 16
		case *big.Int:
			total += int64(x.BitLen()/8) + 16
		case *List:
			if seen[x] {
				return
			}
			seen[x] = true
			total += int64(len(x.Items))*16 + 24
			for _, e := range x.Items {
				walk(e)
			}
		case Tuple:
			total += int64(len(x))*16 + 24
			for _, e := range x {
				walk(e)
			}
		case *Dict:
			if seen[x] {
				return
			}
			seen[x] = true
			total += int64(x.Len())*40 + 48
			for _, it := range x.Items() {
				walk(it[0])
				walk(it[1])
			}
		case *Set:
			if seen[x] {
				return
			}
			seen[x] = true
			total += int64(x.Len())*40 + 48
			for _, e := range x.Elems() {
				walk(e)
			}
		case *Instance:
			if seen[x] {
				return
			}
			seen[x] = true
			total += 32
			if x.Dict != nil {
				walk(x.Dict)
			}
		default:
			total += 16
		}
	}
	walk(v)
	return total
}

// DeepCopy copies the mutable containers of a value graph (lists, dicts,
// sets, instances and the tuples holding them), preserving sharing and
// cycles. Functions, classes, modules and immutable values are shared.
func DeepCopy(v Value) Value {
	memo := map[any]Value{}
	var cp func(v Value) Value
	cp = func(v Value) Value {
		switch x := v.(type) {
		case *List:
			if c, ok := memo[x]; ok {
				return c
			}
			n := &List{Items: make([]Value, len(x.Items))}
			memo[x] = n
			for i, e := range x.Items {
				n.Items[i] = cp(e)
			}
			return n
		case *Dict:
			if c, ok := memo[x]; ok {
				return c
			}
			n := NewDictSize(x.Len())
			memo[x] = n
			for _, e := range x.entries {
				if e.key != nil {
					_ = n.set(nil, e.key, e.hash, cp(e.value))
				}
			}
			return n
		case *Set:
			if x.frozen {
				return x
			}
			if c, ok := memo[x]; ok {
				return c
			}
			n := x.Copy()
			memo[x] = n
			return n
		case *Instance:
			if c, ok := memo[x]; ok {
				return c
			}
			n := &Instance{Class: x.Class, Exc: x.Exc}
			memo[x] = n
			if x.Dict != nil {
				n.Dict = cp(x.Dict).(*Dict)
			}
			if x.Base != nil {
				n.Base = cp(x.Base)
			}
			return n
		case Tuple:
			n := make(Tuple, len(x))
			for i, e := range x {
				n[i] = cp(e)
			}
			return n
		}
		return v
	}
	return cp(v)
}
