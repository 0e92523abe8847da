package python_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"runtime/debug"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/compile"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/syntax"
	"github.com/toolplane/toolplane/python/vm"
)

// unboundSamplesSrc defines make(), which returns fresh values of every
// kind the enumeration calls with: samples (one or more of every builtin
// type and of the library's types), small (a subset for second and third
// arguments) and tiny (for third and fourth).
const unboundSamplesSrc = `
import collections, datetime, decimal, fractions, itertools, re, json, math, functools, heapq, io, random
class U:
    pass
class L(list):
    pass
class D(dict):
    pass
class S(str):
    pass
class I(int):
    pass
class E(ValueError):
    pass
def f(*a, **k):
    return a
def gen():
    yield 1
async def coro():
    return 1
async def agen():
    yield 1
def make():
    c = coro()
    c.close()
    samples = [
        None, True, False, 0, 7, -3, 2**80, 1.5, float("nan"), float("inf"),
        "", "abc", "a\u00e9\U0001F600", b"", b"ab\xff", bytearray(b"ab"),
        [], [1, "x"], (), (1, "x"), {}, {"a": 1}, set(), {1, 2}, frozenset({1}),
        range(3), slice(1, 5, 2), object(), int, list, type, object, U, U(), L([1]), D(a=1), S("s"), I(5),
        E("e"), ValueError("x"), KeyError("k"), StopIteration(1),
        f, len, "abc".upper, [].append, gen(), c, agen(), {}.keys(), {"a": 1}.values(), {"a": 1}.items(),
        iter([1]), iter(""), iter({}), reversed([1]), enumerate([1]), zip([1]), map(abs, [1]), filter(None, [1]),
        ..., NotImplemented, property(f), staticmethod(f), classmethod(f), super(L, L()),
        math, collections.OrderedDict(a=1), collections.deque([1]), collections.Counter("ab"),
        collections.defaultdict(list), collections.namedtuple("P", "x y")(1, 2),
        datetime.date(2020, 1, 1), datetime.datetime(2020, 1, 1, 12), datetime.timedelta(1), datetime.time(1),
        decimal.Decimal("1.5"), fractions.Fraction(1, 3), re.compile("a"), re.match("a", "a"),
        itertools.count(), itertools.chain([1]), (x for x in [1]), io.StringIO("x"), random.Random(1),
        functools.partial(f, 1), list[int], int | str,
    ]
    small = [None, True, 0, 7, -3, 2**80, 1.5, "", "abc", b"ab", [], [1, "x"], (), {}, {"a": 1}, {1, 2},
             object(), int, f, U(), range(3), iter([1])]
    tiny = [0, -1, "abc", [1], None]
    return samples, small, tiny
`

// goInternals are fragments of Go runtime and type names that must never
// reach a snippet's exception message.
var goInternals = []string{"interface conversion", "runtime error", "nil pointer", "vm.", "*big.", "goroutine", "[]vm", "map["}

// TestAttackUnboundMethods calls every method and dunder of every builtin
// type and library type, and every Go function of the library modules,
// unbound, with receivers and arguments of every kind (0 to 4 arguments),
// and requires that no call panics in Go, raises SystemError or an
// exception whose message shows Go internals (interface conversion, Go
// type names), or runs past its deadline (a builtin that ignores the
// deadline and the step budget).
func TestAttackUnboundMethods(t *testing.T) {
	modules := lib.Modules()
	home := vm.NewThread(vm.Config{Modules: modules, Limits: vm.Limits{Steps: 1 << 62, MaxMemoryBytes: 1 << 30}})
	mod, err := syntax.Parse("samples.py", []byte(unboundSamplesSrc))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compile.Module("samples.py", mod, compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	globals := vm.NewDict()
	globals.SetStr("__name__", vm.Str("samples"))
	if _, err := home.RunModule(vm.NewCode(prog.Module), globals); err != nil {
		t.Fatalf("samples: %v", err)
	}
	makeFn, _ := globals.GetStr("make")
	fresh := func() (samples, small, tiny vm.Tuple) {
		r, err := home.Call(makeFn, nil, nil)
		if err != nil {
			t.Fatalf("make(): %v", err)
		}
		parts := r.(vm.Tuple)
		return vm.Tuple(parts[0].(*vm.List).Items), vm.Tuple(parts[1].(*vm.List).Items), vm.Tuple(parts[2].(*vm.List).Items)
	}

	targets := unboundTargets(t, home, modules, fresh)
	if len(targets) < 1000 {
		t.Fatalf("found %d callables to call, want at least 1000", len(targets))
	}

	var current atomic.Pointer[string]
	var calls atomic.Int64
	findings := map[string]string{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, tg := range targets {
			runUnboundTarget(tg, fresh, &current, &calls, findings)
		}
	}()
	// Watchdog: a call that does not return long after its group's
	// deadline ignores the deadline.
	last, stuck := int64(-1), 0
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
wait:
	for {
		select {
		case <-done:
			break wait
		case <-tick.C:
			if n := calls.Load(); n != last {
				last, stuck = n, 0
				continue
			}
			if stuck++; stuck >= 20 {
				t.Fatalf("a call did not return 10s after its deadline: %s", *current.Load())
			}
		}
	}
	keys := make([]string, 0, len(findings))
	for k := range findings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("%s: %s", k, findings[k])
	}
	t.Logf("%d callables, %d calls", len(targets), calls.Load())
}

// unboundTarget is one callable: an attribute of a class (cls set) or a
// Go function of a module.
type unboundTarget struct {
	name string
	fn   vm.Value
	cls  *vm.Class
}

// unboundTargets lists the methods of every class reachable from the
// builtins, the samples and the library modules, and the Go functions of
// the modules.
func unboundTargets(t *testing.T, th *vm.Thread, modules vm.Modules, fresh func() (vm.Tuple, vm.Tuple, vm.Tuple)) []unboundTarget {
	classes := map[*vm.Class]bool{}
	var order []*vm.Class
	addClass := func(c *vm.Class) {
		if !classes[c] {
			classes[c] = true
			order = append(order, c)
		}
	}
	var targets []unboundTarget
	b := vm.Builtins()
	for _, k := range b.Keys() {
		v, _, _ := b.Get(th, k)
		if c, ok := v.(*vm.Class); ok {
			addClass(c)
		}
	}
	samples, _, _ := fresh()
	for _, s := range samples {
		addClass(vm.TypeOf(s))
	}
	names := make([]string, 0, len(modules))
	for name := range modules {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		m, err := th.Import(name)
		if err != nil {
			continue
		}
		mod, ok := m.(*vm.Module)
		if !ok {
			continue
		}
		for _, k := range mod.Dict.Keys() {
			attr := string(k.(vm.Str))
			v, _ := mod.Dict.GetStr(attr)
			switch x := v.(type) {
			case *vm.Class:
				addClass(x)
			case *vm.Builtin:
				if !unboundSkip[name+"."+attr] {
					targets = append(targets, unboundTarget{name: name + "." + attr, fn: x})
				}
			}
		}
	}
	for _, c := range order {
		for _, k := range c.Dict.Keys() {
			attr := string(k.(vm.Str))
			v, err := th.GetAttr(c, attr)
			if err != nil || unboundSkip[c.Name+"."+attr] {
				continue
			}
			switch v.(type) {
			case *vm.Builtin, *vm.BoundMethod, *vm.Function, *vm.Class:
				targets = append(targets, unboundTarget{name: c.Name + "." + attr, fn: v, cls: c})
			}
		}
	}
	return targets
}

// unboundSkip lists callables that legitimately wait (sleep) rather than
// compute.
var unboundSkip = map[string]bool{
	"time.sleep": true,
}

// runUnboundTarget makes the calls of one target, recording findings.
func runUnboundTarget(tg unboundTarget, fresh func() (vm.Tuple, vm.Tuple, vm.Tuple), current *atomic.Pointer[string], calls *atomic.Int64, findings map[string]string) {
	call := func(th *vm.Thread, args vm.Tuple, kw []vm.Kwarg) {
		desc := tg.name + describeArgs(args, kw)
		current.Store(&desc)
		calls.Add(1)
		defer func() {
			if r := recover(); r != nil {
				addFinding(findings, tg.name, fmt.Sprintf("Go panic %v, calling %s\n%s", r, desc, firstFrames(debug.Stack())))
			}
		}()
		_, err := th.Call(tg.fn, args, kw)
		if err == nil {
			return
		}
		exc, ok := err.(*vm.Instance)
		if !ok {
			return // a limit
		}
		msg := th.ExceptionMessage(exc)
		if exc.Class.Name == "SystemError" {
			addFinding(findings, tg.name, fmt.Sprintf("SystemError %q, calling %s", msg, desc))
		}
		for _, g := range goInternals {
			if strings.Contains(msg, g) {
				addFinding(findings, tg.name, fmt.Sprintf("%s %q shows Go internals, calling %s", exc.Class.Name, msg, desc))
			}
		}
	}
	// A group of calls shares a deadline; each call gets a fresh thread, so
	// a call that spends the step or memory budget does not cut short the
	// calls after it.
	group := func(body func(call func(args vm.Tuple, kw ...vm.Kwarg))) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		body(func(args vm.Tuple, kw ...vm.Kwarg) {
			call(vm.NewThread(vm.Config{Ctx: ctx, Limits: vm.Limits{Steps: 200_000, MaxMemoryBytes: 16 << 20, MaxDepth: 60}}), args, kw)
		})
	}
	// Every kind of receiver, alone and with one simple argument.
	samples, small, tiny := fresh()
	group(func(call func(vm.Tuple, ...vm.Kwarg)) {
		call(nil)
		for _, s := range samples {
			call(vm.Tuple{s})
			call(vm.Tuple{s, vm.Int(0)})
			call(vm.Tuple{s, vm.Str("abc")})
		}
	})
	// Receivers of the method's own class (any receiver for a module
	// function) with arguments of every kind.
	selves := []int{-1}
	if tg.cls != nil {
		selves = selves[:0]
		for i, s := range samples {
			if vm.TypeOf(s).IsSubclass(tg.cls) {
				selves = append(selves, i)
			}
		}
	}
	for _, si := range selves {
		samples, small, tiny = fresh()
		var self vm.Tuple
		if si >= 0 {
			self = vm.Tuple{samples[si]}
		}
		with := func(args ...vm.Value) vm.Tuple { return append(append(vm.Tuple(nil), self...), args...) }
		group(func(call func(vm.Tuple, ...vm.Kwarg)) {
			for _, x := range samples {
				call(with(x))
			}
			for _, x := range small {
				for _, y := range small {
					call(with(x, y))
				}
			}
			for _, x := range tiny {
				for _, y := range tiny {
					for _, z := range tiny {
						call(with(x, y, z))
					}
				}
			}
			for _, name := range []string{"key", "reverse", "default", "sep", "x"} {
				for _, v := range tiny {
					call(with(), vm.Kwarg{Name: name, Value: v})
					call(with(tiny[0]), vm.Kwarg{Name: name, Value: v})
				}
			}
		})
	}
}

func addFinding(findings map[string]string, name, what string) {
	if _, ok := findings[name]; !ok {
		findings[name] = what
	}
}

func describeArgs(args vm.Tuple, kw []vm.Kwarg) string {
	var parts []string
	for _, a := range args {
		parts = append(parts, vm.TypeName(a))
	}
	for _, k := range kw {
		parts = append(parts, k.Name+"="+vm.TypeName(k.Value))
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// firstFrames keeps the panicking frames of a stack trace.
func firstFrames(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	var keep []string
	for i, l := range lines {
		if strings.Contains(l, "panic(") && i+1 < len(lines) {
			keep = lines[i:min(len(lines), i+9)]
			break
		}
	}
	return strings.Join(keep, "\n")
}

// cpythonDescriptors is a python3 program printing, for every builtin type
// (exceptions but BaseException left out), the names of its methods that
// CPython checks the receiver of (method and slot wrapper descriptors).
const cpythonDescriptors = `
import builtins, json, types
out = {}
for name in dir(builtins):
    T = getattr(builtins, name)
    if not isinstance(T, type) or T is object or (issubclass(T, BaseException) and T is not BaseException):
        continue
    out[name] = sorted(m for m, v in vars(T).items()
                       if isinstance(v, (types.MethodDescriptorType, types.WrapperDescriptorType)))
print(json.dumps(out))
`

// TestAttackUnboundMethodsWrongReceiver calls every method CPython checks
// the receiver of (list.append, str.upper, int.__add__, ...) that the
// interpreter also has, with receivers of unrelated types, and requires
// TypeError as CPython raises ("descriptor 'append' for 'list' objects
// doesn't apply to a 'str' object").
func TestAttackUnboundMethodsWrongReceiver(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 (the oracle) is not on PATH")
	}
	out, err := exec.Command(py, "-c", cpythonDescriptors).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var descriptors map[string][]string
	if err := json.Unmarshal(out, &descriptors); err != nil {
		t.Fatal(err)
	}
	th := vm.NewThread(vm.Config{Limits: vm.Limits{Steps: 1 << 40}})
	receivers := []vm.Value{vm.None, vm.Int(7), vm.Str("abc"), vm.Bytes("ab"), &vm.List{}, vm.Tuple{}, vm.NewDict(), vm.NewSet(), vm.Float(1.5)}
	// Instances of user subclasses of builtins carry a Go value of their
	// base, which a method must not see before the receiver check.
	for _, base := range []*vm.Class{vm.StrClass, vm.ListClass, vm.DictClass, vm.IntClass, vm.TupleClass, vm.FloatClass} {
		sub, err := th.NewClass("Sub"+base.Name, "Sub"+base.Name, []*vm.Class{base}, vm.NewDict())
		if err != nil {
			t.Fatal(err)
		}
		inst, err := th.Call(sub, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		receivers = append(receivers, inst)
	}
	b := vm.Builtins()
	checked := 0
	for name, methods := range descriptors {
		v, ok := b.GetStr(name)
		cls, isClass := v.(*vm.Class)
		if !ok || !isClass {
			continue
		}
		for _, m := range methods {
			if !cls.Dict.HasStr(m) {
				continue
			}
			fn, err := th.GetAttr(cls, m)
			if err != nil {
				continue
			}
			for _, r := range receivers {
				if vm.TypeOf(r).IsSubclass(cls) {
					continue
				}
				checked++
				err := callRecovering(th, fn, vm.Tuple{r, vm.Int(1)})
				exc, ok := err.(*vm.Instance)
				if !ok || exc.Class != vm.TypeErrorClass {
					t.Errorf("%s.%s(%s, 1): want TypeError (as CPython), got %v", name, m, vm.TypeName(r), err)
					break
				}
			}
		}
	}
	if checked < 2000 {
		t.Fatalf("checked %d calls, want at least 2000", checked)
	}
}

// callRecovering calls fn, turning a Go panic into an error.
func callRecovering(th *vm.Thread, fn vm.Value, args vm.Tuple) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("Go panic: %v", r)
		}
	}()
	_, err = th.Call(fn, args, nil)
	return err
}

// TestAttackPanicReportHidesGoInternals makes a builtin panic as an
// interpreter bug would and checks the report: a SystemError at the
// snippet's line whose message and traceback show nothing of Go, with the
// panic kept in Internal for the host's logs.
func TestAttackPanicReportHidesGoInternals(t *testing.T) {
	mods := lib.Modules()
	mods.Register("buggy", func(th *vm.Thread) (*vm.Module, error) {
		d := vm.NewDict()
		d.SetStr("f", &vm.Builtin{Name: "f", Fn: func(th *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			var v vm.Value = vm.Str("x")
			return v.(*vm.List), nil // a failing type assertion, like the bugs this guards
		}})
		return &vm.Module{Name: "buggy", Dict: d}, nil
	})
	prog, err := python.Compile("snippet.py", "import buggy\n\nbuggy.f()\n", python.CompileOptions{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	_, err = prog.Run(context.Background(), python.RunOptions{Modules: mods})
	exc, ok := err.(*python.Exception)
	if !ok || exc.Type != "SystemError" {
		t.Fatalf("want a SystemError, got %v", err)
	}
	if exc.Line != 3 || exc.Filename != "snippet.py" {
		t.Errorf("SystemError at %s:%d, want snippet.py:3", exc.Filename, exc.Line)
	}
	for _, g := range goInternals {
		if strings.Contains(exc.Message, g) || strings.Contains(exc.Traceback, g) || strings.Contains(exc.Error(), g) {
			t.Errorf("the report shows Go internals (%q): %q / %q", g, exc.Message, exc.Traceback)
		}
	}
	if !strings.Contains(exc.Internal, "interface conversion") {
		t.Errorf("Internal does not keep the panic: %q", exc.Internal)
	}
}
