// Package re is the embedded interpreter's `re` module: a thin binding of
// python/internal/regex (CPython 3.11's regex syntax and semantics in a bounded
// backtracking engine) to Python values.
//
// Register it in a module table before runs start:
//
//	mods := vm.DefaultModules()
//	re.Register(mods)
//
// Every matching call is bounded by the run: the engine polls the run's context
// (deadline, cancellation) and stops after MaxStepsPerCall units of work, raising the
// run's TimeoutError limit; its backtrack stack is capped by what the run's memory budget
// has left (MemoryError beyond it). Engine steps are not added to the run's instruction
// count: the VM has no API for that yet, so the deadline is the bound that matters.
//
// Pattern and Match objects carry their Go state in closures stored as their methods, so
// nothing reachable from Python exposes Go values. Flags are plain ints (CPython's are
// RegexFlag members, so repr(re.I) differs); everything else follows CPython 3.11.
package re

import (
	"container/list"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/toolplane/toolplane/python/internal/regex"
	"github.com/toolplane/toolplane/python/vm"
)

// MaxPatternBytes bounds a pattern: compiling one is linear in it but
// cannot stop midway, and a 1 MB pattern compiled for a second past a
// 300 ms time limit.
const MaxPatternBytes = 256 << 10

// MaxStepsPerCall bounds the work of one matching call in regex engine steps, on top of
// the run's deadline (about a second of matching).
const MaxStepsPerCall = 100_000_000

// maxCache is the number of compiled patterns a run keeps, like CPython's _MAXCACHE.
const maxCache = 512

// Register adds the module to a module table under the name "re". The runs of that table
// share one cache of compiled patterns, so a snippet run many times compiles its regexes
// once.
func Register(m vm.Modules) { m.Register("re", ModuleFunc()) }

// ModuleFunc returns a module builder whose runs share a cache of compiled patterns.
func ModuleFunc() vm.ModuleFunc {
	shared := &sharedCache{m: map[cacheKey]*list.Element{}, ll: list.New()}
	return func(t *vm.Thread) (*vm.Module, error) { return build(t, shared) }
}

// sharedCache is an LRU of compiled patterns shared by the runs of one module table.
// Compiled patterns are immutable, so runs may use one concurrently.
type sharedCache struct {
	mu    sync.Mutex
	m     map[cacheKey]*list.Element
	ll    *list.List
	bytes int
}

type sharedEntry struct {
	key   cacheKey
	re    *regex.Regexp
	bytes int
}

// sharedCacheSize bounds the patterns kept between runs, and
// sharedCacheBytes their programs' heap: a pattern of 200 KB can compile to
// 37 MB, and a thousand of them kept by count alone took the process down.
// A program over sharedEntryMaxBytes is not kept at all.
const (
	sharedCacheSize     = 1024
	sharedCacheBytes    = 64 << 20
	sharedEntryMaxBytes = sharedCacheBytes / 16
)

func (c *sharedCache) get(k cacheKey) *regex.Regexp {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[k]; ok {
		c.ll.MoveToFront(e)
		return e.Value.(*sharedEntry).re
	}
	return nil
}

func (c *sharedCache) put(k cacheKey, re *regex.Regexp) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; ok {
		return
	}
	n := re.HeapBytes()
	if n > sharedEntryMaxBytes {
		return
	}
	c.m[k] = c.ll.PushFront(&sharedEntry{key: k, re: re, bytes: n})
	c.bytes += n
	for c.ll.Len() > sharedCacheSize || c.bytes > sharedCacheBytes {
		old := c.ll.Back()
		c.ll.Remove(old)
		e := old.Value.(*sharedEntry)
		delete(c.m, e.key)
		c.bytes -= e.bytes
	}
}

type cacheKey struct {
	pattern string
	isBytes bool
	flags   int64
}

// module is the per-run state of `re`: its classes and the run's Pattern objects.
type module struct {
	errCls, patCls, matchCls, iterCls *vm.Class
	cache                             map[cacheKey]*vm.Instance
	order                             []cacheKey
	// held shows the retained-size walk what the module keeps in Go:
	// the cached Pattern objects (Refs, in order's order) and the last
	// subject's runes, so a session that keeps the module pays for them.
	held   *vm.Held
	shared *sharedCache
	// The last subject converted to runes (see subject).
	lastText    string
	lastIsBytes bool
	lastRunes   []rune
	// lastHeld is what lastRunes holds with the run's thread.
	lastHeld int64
	// lastASCII: lastText is a str of ASCII only, so rune offsets into it
	// are byte offsets and group texts can be sliced from it.
	lastASCII bool
}

var flagNames = []struct {
	names []string
	v     regex.Flags
}{
	{[]string{"A", "ASCII"}, regex.ASCII},
	{[]string{"I", "IGNORECASE"}, regex.IgnoreCase},
	{[]string{"L", "LOCALE"}, regex.Locale},
	{[]string{"M", "MULTILINE"}, regex.Multiline},
	{[]string{"S", "DOTALL"}, regex.DotAll},
	{[]string{"U", "UNICODE"}, regex.Unicode},
	{[]string{"X", "VERBOSE"}, regex.Verbose},
	{[]string{"T", "TEMPLATE"}, regex.TemplateFlag},
	{[]string{"DEBUG"}, regex.Debug},
}

// Module builds the `re` module for one run, without a cache shared between runs.
func Module(t *vm.Thread) (*vm.Module, error) {
	return build(t, &sharedCache{m: map[cacheKey]*list.Element{}, ll: list.New()})
}

func build(t *vm.Thread, shared *sharedCache) (*vm.Module, error) {
	m := &module{cache: map[cacheKey]*vm.Instance{}, shared: shared, held: &vm.Held{}}
	var err error
	mk := func(name string, base *vm.Class, ns *vm.Dict) *vm.Class {
		if err != nil {
			return nil
		}
		var c *vm.Class
		c, err = t.NewClass(name, name, []*vm.Class{base}, ns)
		if c != nil {
			c.Module = "re"
		}
		return c
	}
	m.errCls = mk("error", vm.ExceptionClass, vm.NewDict())
	m.patCls = mk("Pattern", vm.ObjectClass, m.patternClassDict())
	m.matchCls = mk("Match", vm.ObjectClass, m.matchClassDict())
	m.iterCls = mk("callable_iterator", vm.ObjectClass, vm.NewDict())
	if err != nil {
		return nil, fmt.Errorf("building module re: %w", err)
	}
	// finditer's iterator is CPython's builtin callable_iterator.
	m.iterCls.Module = "builtins"
	// CPython implements these as immutable types (re.error is a Python class).
	m.patCls.SetImmutable("re.Pattern")
	m.matchCls.SetImmutable("re.Match")
	m.iterCls.SetImmutable("callable_iterator")
	d := vm.NewDict()
	fn := func(name string, f vm.BuiltinFunc) { d.SetStr(name, &vm.Builtin{Name: name, Fn: f}) }
	for _, f := range flagNames {
		for _, n := range f.names {
			d.SetStr(n, vm.Int(f.v))
		}
	}
	d.SetStr("NOFLAG", vm.Int(0))
	d.SetStr("error", m.errCls)
	d.SetStr("Pattern", m.patCls)
	d.SetStr("Match", m.matchCls)
	fn("compile", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		a, err := parseArgs("compile", args, kw, "pattern", "flags=")
		if err != nil {
			return nil, err
		}
		return m.compileValue(t, a[0], a[1])
	})
	for _, name := range []string{"search", "match", "fullmatch", "findall", "finditer"} {
		name := name
		fn(name, func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			a, err := parseArgs(name, args, kw, "pattern", "string", "flags=")
			if err != nil {
				return nil, err
			}
			p, err := m.compileValue(t, a[0], a[2])
			if err != nil {
				return nil, err
			}
			return t.CallMethodName(p, name, vm.Tuple{a[1]}, nil)
		})
	}
	for _, name := range []string{"sub", "subn"} {
		name := name
		fn(name, func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			a, err := parseArgs(name, args, kw, "pattern", "repl", "string", "count=", "flags=")
			if err != nil {
				return nil, err
			}
			p, err := m.compileValue(t, a[0], a[4])
			if err != nil {
				return nil, err
			}
			return t.CallMethodName(p, name, vm.Tuple{a[1], a[2], orZero(a[3])}, nil)
		})
	}
	fn("split", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		a, err := parseArgs("split", args, kw, "pattern", "string", "maxsplit=", "flags=")
		if err != nil {
			return nil, err
		}
		p, err := m.compileValue(t, a[0], a[3])
		if err != nil {
			return nil, err
		}
		return t.CallMethodName(p, "split", vm.Tuple{a[1], orZero(a[2])}, nil)
	})
	fn("escape", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		a, err := parseArgs("escape", args, kw, "pattern")
		if err != nil {
			return nil, err
		}
		switch s := plain(a[0]).(type) {
		case vm.Str:
			if err := t.ChargeItems(int64(len(s)), 2); err != nil {
				return nil, err
			}
			return vm.Str(regex.Escape(string(s))), nil
		case vm.Bytes:
			if err := t.ChargeItems(int64(len(s)), 2); err != nil {
				return nil, err
			}
			return vm.Bytes(escapeBytes(string(s))), nil
		}
		return nil, vm.Errorf(vm.TypeErrorClass, "expected str or bytes, got '%s'", vm.TypeName(a[0]))
	})
	fn("purge", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		m.cache = map[cacheKey]*vm.Instance{}
		m.order = nil
		return vm.None, nil
	})
	return &vm.Module{Name: "re", Dict: d, Held: m.held}, nil
}

func escapeBytes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("()[]{}?*+-|^$\\.&~# \t\n\r\v\f", s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func orZero(v vm.Value) vm.Value {
	if v == nil {
		return vm.Int(0)
	}
	return v
}

// compileValue is re.compile: a Pattern passes through (flags must be 0), str and bytes
// compile through the cache.
func (m *module) compileValue(t *vm.Thread, pattern, flags vm.Value) (vm.Value, error) {
	fl := int64(0)
	if flags != nil {
		var err error
		if fl, err = toInt(flags, "flags"); err != nil {
			return nil, err
		}
	}
	if inst, ok := pattern.(*vm.Instance); ok && inst.Class == m.patCls {
		if fl != 0 {
			return nil, vm.Errorf(vm.ValueErrorClass, "cannot process flags argument with a compiled pattern")
		}
		return inst, nil
	}
	pattern = plain(pattern)
	var key cacheKey
	switch p := pattern.(type) {
	case vm.Str:
		key = cacheKey{pattern: string(p), flags: fl}
	case vm.Bytes:
		key = cacheKey{pattern: string(p), isBytes: true, flags: fl}
	default:
		return nil, vm.Errorf(vm.TypeErrorClass, "first argument must be string or compiled pattern")
	}
	if inst, ok := m.cache[key]; ok {
		return inst, nil
	}
	re := m.shared.get(key)
	if re == nil {
		if len(key.pattern) > MaxPatternBytes {
			return nil, vm.Errorf(m.errCls, "pattern of %d bytes is longer than the sandbox's maximum of %d: compiling it cannot be interrupted by the run's time limit; match a shorter pattern, or search for a literal with str.find", len(key.pattern), MaxPatternBytes)
		}
		// Compiling is paid for in steps first: it cannot stop midway.
		if err := t.Tick(int64(len(key.pattern))); err != nil {
			return nil, err
		}
		// The program is held while it is built (it can be a hundred
		// times the pattern's size), until the Pattern object that keeps
		// it is made.
		lim, release := heldLimits(t)
		defer release()
		var err error
		re, err = regex.CompileLimited(key.pattern, key.isBytes, regex.Flags(fl), lim)
		if err != nil {
			return nil, m.pyError(err)
		}
		// What the hold did not see (pattern text, classes, names).
		if err := t.Charge(int64(re.HeapBytes())); err != nil {
			return nil, err
		}
		m.shared.put(key, re)
	}
	inst, err := m.newPattern(t, re, pattern)
	if err != nil {
		return nil, err
	}
	if len(m.order) >= maxCache {
		delete(m.cache, m.order[0])
		m.order = m.order[1:]
		m.held.Refs = m.held.Refs[1:]
	}
	m.cache[key] = inst
	m.order = append(m.order, key)
	m.held.Refs = append(m.held.Refs, inst)
	return inst, nil
}

// pyError converts an engine error into the Python exception CPython raises.
func (m *module) pyError(err error) error {
	var e *regex.Error
	if errors.As(err, &e) {
		switch e.Kind {
		case regex.KindValueError:
			return vm.Errorf(vm.ValueErrorClass, "%s", e.Msg)
		case regex.KindOverflowError:
			return vm.Errorf(vm.OverflowErrorClass, "%s", e.Msg)
		case regex.KindIndexError:
			return vm.Errorf(vm.IndexErrorClass, "%s", e.Msg)
		case regex.KindRecursionError:
			return vm.Errorf(vm.RecursionErrorClass, "%s", e.Msg)
		}
		exc := vm.NewException(m.errCls, vm.Str(e.Error()))
		exc.Dict = vm.NewDict()
		exc.Dict.SetStr("msg", vm.Str(e.Msg))
		if e.Pos >= 0 {
			line, col := e.Line()
			exc.Dict.SetStr("pattern", vm.Str(e.Pattern))
			exc.Dict.SetStr("pos", vm.Int(e.Pos))
			exc.Dict.SetStr("lineno", vm.Int(line))
			exc.Dict.SetStr("colno", vm.Int(col))
		} else {
			for _, k := range []string{"pattern", "pos", "lineno", "colno"} {
				exc.Dict.SetStr(k, vm.None)
			}
		}
		return exc
	}
	var le *regex.LimitError
	if errors.As(err, &le) {
		if errors.Is(le.Err, regex.ErrStackLimit) {
			return vm.Errorf(vm.MemoryErrorClass, "%s", le.Error())
		}
		return le.Err
	}
	return err
}

// budget bounds one matching call by the run's context and MaxStepsPerCall.
type budget struct {
	t     *vm.Thread
	steps int64
	// hold: Grow holds what it charges (heldLimits); held is that total.
	hold bool
	held int64
}

// Grow charges memory the engine is about to allocate (regex.Memory).
func (b *budget) Grow(n int) error {
	if !b.hold {
		return b.t.Charge(int64(n))
	}
	if err := b.t.Hold(int64(n)); err != nil {
		return err
	}
	b.held += int64(n)
	return nil
}

// engineStepsPerStep is how many regex engine steps count as one step of
// the run's budget (an engine step is one instruction of the matcher, a few
// nanoseconds), so a loop of matching calls is bounded by the run's step
// budget as bytecode is.
const engineStepsPerStep = 4

func (b *budget) Step(n int) error {
	if err := b.t.Tick(int64(n) / engineStepsPerStep); err != nil {
		return err
	}
	b.steps += int64(n)
	if b.steps > MaxStepsPerCall {
		return &vm.LimitError{Kind: "steps", Type: "TimeoutError", Msg: "step budget exhausted (regular expression)"}
	}
	ctx := b.t.Context()
	select {
	case <-ctx.Done():
		return &vm.LimitError{Kind: "time", Type: "TimeoutError", Msg: "execution time limit exceeded"}
	default:
	}
	return nil
}

// limits bounds one matching call: the run's deadline, MaxStepsPerCall, and the
// run's memory limit, charged with the backtrack stack as it grows.
func limits(t *vm.Thread) *regex.Limits {
	return &regex.Limits{Budget: &budget{t: t}}
}

// heldLimits is limits for a call that accumulates results (findall, sub, split):
// what the engine accounts is held with the thread until release, once the results
// are Python values.
func heldLimits(t *vm.Thread) (lim *regex.Limits, release func()) {
	b := &budget{t: t, hold: true}
	return &regex.Limits{Budget: b}, func() { t.Release(b.held) }
}

// parseArgs binds positional and keyword arguments to names; a name ending in "=" is
// optional (nil when absent).
func parseArgs(fname string, args vm.Tuple, kw []vm.Kwarg, names ...string) ([]vm.Value, error) {
	out := make([]vm.Value, len(names))
	// CPython counts positional and keyword arguments together first.
	if total := len(args) + len(kw); total > len(names) {
		what := "argument"
		if len(args) == 0 {
			what = "keyword argument"
		}
		if len(names) != 1 {
			what += "s"
		}
		return nil, vm.Errorf(vm.TypeErrorClass, "%s() takes at most %d %s (%d given)", fname, len(names), what, total)
	}
	copy(out, args)
	for _, k := range kw {
		found := false
		for i, n := range names {
			if strings.TrimSuffix(n, "=") == k.Name {
				if out[i] != nil {
					return nil, vm.Errorf(vm.TypeErrorClass, "argument for %s() given by name ('%s') and position (%d)", fname, k.Name, i+1)
				}
				out[i] = k.Value
				found = true
			}
		}
		if !found {
			return nil, vm.Errorf(vm.TypeErrorClass, "%s() got an unexpected keyword argument '%s'", fname, k.Name)
		}
	}
	for i, n := range names {
		if out[i] == nil && !strings.HasSuffix(n, "=") {
			return nil, vm.Errorf(vm.TypeErrorClass, "%s() missing required argument '%s' (pos %d)", fname, n, i+1)
		}
	}
	return out, nil
}

func toInt(v vm.Value, what string) (int64, error) {
	switch x := v.(type) {
	case vm.Int:
		return int64(x), nil
	case vm.Bool:
		if x {
			return 1, nil
		}
		return 0, nil
	}
	return 0, vm.Errorf(vm.TypeErrorClass, "'%s' object cannot be interpreted as an integer", vm.TypeName(v))
}

// plain returns the str or bytes inside an instance of a subclass of str
// (which the module reads as its text, as CPython does), and v otherwise.
func plain(v vm.Value) vm.Value {
	if inst, ok := v.(*vm.Instance); ok && inst.Base != nil {
		return inst.Base
	}
	return v
}
