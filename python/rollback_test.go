package python

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python/internal/difftest"
	"github.com/toolplane/toolplane/python/internal/progen"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/syntax"
	"github.com/toolplane/toolplane/python/vm"
)

// rollbackSetup is the session state every case of TestRollbackRestores
// mutates: containers of each kind, shared between names, nested, in
// cycles, in instances (with a namespace, with slots, of builtin
// subclasses), an exception, and functions that reach them.
const rollbackSetup = `import array, heapq, bisect, collections
a = [3, 1, 2]
a2 = a
n = [[1], [2, [3]]]
b = {"x": 1, "y": [1], "n": 0}
s = {1, 2, 3}
fs = frozenset([1, 2])
t = (a, [9], "k")
cyc = [0]
cyc.append(cyc)
d2 = {"k": 1}
d2["self"] = d2
class C:
    pass
class Other:
    pass
c = C()
c.x = 1
c.lst = [1]
c.d = {"k": [2]}
class S:
    __slots__ = ("p", "q")
so = S()
so.p = 1
class L(list):
    pass
class D(dict):
    pass
class ST(set):
    pass
ll = L([1, 2])
dd = D(k=1)
ss = ST({1})
e = ValueError("boom")
e.extra = [1]
oe = OSError(2, "gone")
se = SyntaxError("bad")
arr = array.array("i", [1, 2, 3])
dq = collections.deque([1, 2])
counter = collections.Counter("aab")
def f():
    global x
    x = 99
    a.append(100)
x = 5
shared = {"a": a, "b": b, "c": c}
rs = [b, b, c, c]
`

// rollbackMutations are the changes each case makes before the run is
// stopped: every mutating method and operator of each container, slices,
// del, augmented assignment, attributes, nested and shared containers,
// cycles, globals, and the fast loop's paths (in loops, so that it runs
// them).
var rollbackMutations = []string{
	// list
	"a.append(4)", "a.extend([4, 5])", "a.insert(0, 9)", "a.pop()", "a.pop(0)", "a.remove(1)",
	"a.clear()", "a.sort()", "a.sort(reverse=True, key=lambda v: -v)", "a.reverse()",
	"a[0] = 9", "a[-1] = 9", "a[0:2] = [7]", "a[1:] = []", "a[::2] = [8, 9]", "del a[0]", "del a[0:2]",
	"del a[::2]", "a += [4]", "a *= 3", "a[0] += 5", "list.__init__(a, [5])", "list.__setitem__(a, 0, 5)",
	"list.append(a, 1)", "a.__iadd__([1])", "a.__imul__(0)", "a.__delitem__(0)",
	"n[0].append(5)", "n[1][1].append(4)", "t[0].append(1)", "t[1][0] = 0", "a2.append(1)",
	"cyc.append(1)", "cyc[1].pop()", "a.append([]); a[-1].append(1)", "f()",
	"for i in range(3):\n    a[i] = i",
	"for i in range(50):\n    a.append(i)",
	"for i in range(3):\n    a.append(i)",
	"heapq.heappush(a, 0)", "heapq.heapify(a)", "bisect.insort(a, 2)",
	"try:\n    a.sort(key=lambda v: a.append(v) or v)\nexcept ValueError:\n    pass",
	// dict
	"b['x'] = 2", "b['z'] = 3", "del b['x']", "b.pop('x')", "b.popitem()", "b.setdefault('q', 1)",
	"b.setdefault('y', []).append(5)", "b.update(z=1)", "b.update({'x': 5})", "b |= {'w': 1}", "b.clear()",
	"b['y'].append(2)", "dict.__setitem__(b, 'k', 1)", "b['n'] += 1", "b.__delitem__('x')",
	"d2['self'] = None", "d2.pop('self')", "shared['a'].append(1)", "shared['new'] = 1",
	"for i in range(5):\n    b['x'] = i",
	"for i in range(5):\n    b['n'] = b.get('n', 0) + 1",
	"for i in range(5):\n    b['n'] += 1",
	"for i in range(20):\n    b[i] = i",
	"for k in list(b):\n    del b[k]",
	"b.update((str(i), i) for i in range(100))",
	// set
	"s.add(4)", "s.discard(1)", "s.remove(1)", "s.pop()", "s.clear()", "s.update({5, 6})", "s |= {6}",
	"s &= {1}", "s -= {1}", "s ^= {1, 9}", "s.intersection_update({1})", "s.difference_update({1})",
	"s.symmetric_difference_update({1, 7})", "set.__init__(s, [8])", "set.add(s, 0)",
	"for i in range(50):\n    s.add(i)",
	// instances
	"c.x = 5", "c.new = 1", "del c.x", "c.__dict__['z'] = 1", "setattr(c, 'x', 2)", "delattr(c, 'lst')",
	"c.__class__ = Other", "vars(c)['k'] = 1", "c.lst.append(1)", "c.d['k'].append(3)", "c.x += 1",
	"for i in range(5):\n    c.x = i",
	"for i in range(5):\n    c.x += i",
	"so.p = 5", "so.q = 1", "del so.p", "ll.append(3)", "ll[0] = 7", "ll.sort(reverse=True)", "dd['k'] = 2",
	"dd['new'] = 1", "del dd['k']", "ss.add(2)", "ss.discard(1)", "e.add_note('note')", "e.extra.append(2)",
	"e.x = 1", "e.__dict__.clear()", "oe.__init__(3, 'other', 'f')", "se.__init__('m', ('f', 1, 2, 'x'))",
	"arr.append(4)", "arr[0] = 7", "arr.extend([1, 2])", "arr.pop()", "arr.reverse()",
	"counter['a'] += 1", "counter.update('zz')", "dq.append(3)", "dq.appendleft(0)", "dq.popleft()",
	// globals
	"x = 6", "del x", "newname = 1", "globals()['x'] = 1", "globals().pop('a')", "globals().clear()",
	"global a\na = []",
	"for i in range(5):\n    x = i",
	"def g():\n    global b\n    b = 1\ng()",
	"del c\ndel b\na = b = c = None",
	// several at once, each object more than once
	"a.append(1); a.append(2); b['x'] = 3; b['x'] = 4; s.add(9); s.add(10); c.x = 0; c.x = 1; x = 1; x = 2",
}

// describe writes the state of a namespace as text that two states share
// only if they bind the same names to equal values with the same sharing:
// each list, dict, set, instance and tuple is numbered where first seen,
// and a later sight of it writes its number; other objects (functions,
// classes, modules) are written with their identity, which a rollback
// must keep too.
func describe(g *Globals) string {
	seen := map[any]int{}
	var sb strings.Builder
	var w func(v vm.Value, depth int)
	mark := func(key any) bool {
		if n, ok := seen[key]; ok {
			fmt.Fprintf(&sb, "#%d", n)
			return false
		}
		seen[key] = len(seen)
		fmt.Fprintf(&sb, "#%d=", len(seen)-1)
		return true
	}
	// A dict's keys and a set's elements are written by value (scalars)
	// or identity: a deep copy shares them, as hashable values.
	key := func(v vm.Value) {
		switch x := v.(type) {
		case vm.Int, vm.Str, vm.Float, vm.Bool, vm.NoneType, vm.Bytes:
			fmt.Fprintf(&sb, "%T:%v", x, x)
		case vm.Tuple:
			if len(x) == 0 {
				sb.WriteString("()")
			} else {
				fmt.Fprintf(&sb, "tuple@%p", &x[0])
			}
		default:
			fmt.Fprintf(&sb, "%T@%p", x, x)
		}
	}
	w = func(v vm.Value, depth int) {
		if depth > 50 {
			sb.WriteString("...")
			return
		}
		switch x := v.(type) {
		case nil:
			sb.WriteString("<nil>")
		case *vm.List:
			if mark(x) {
				sb.WriteString("[")
				for _, it := range x.Items {
					w(it, depth+1)
					sb.WriteString(", ")
				}
				sb.WriteString("]")
			}
		case vm.Tuple:
			if len(x) > 0 && !mark(&x[0]) {
				return
			}
			sb.WriteString("(")
			for _, it := range x {
				w(it, depth+1)
				sb.WriteString(", ")
			}
			sb.WriteString(")")
		case *vm.Dict:
			if mark(x) {
				sb.WriteString("{")
				for _, it := range x.Items() {
					key(it[0])
					sb.WriteString(": ")
					w(it[1], depth+1)
					sb.WriteString(", ")
				}
				sb.WriteString("}")
			}
		case *vm.Set:
			if mark(x) {
				sb.WriteString("set{")
				for _, it := range x.Elems() {
					key(it)
					sb.WriteString(", ")
				}
				sb.WriteString("}")
			}
		case *vm.Instance:
			if mark(x) {
				fmt.Fprintf(&sb, "%s@%p(", x.Class.Name, x.Class)
				if x.Dict != nil && x.Dict.Len() > 0 {
					w(x.Dict, depth+1)
				}
				if x.Slots != nil && x.Slots.Len() > 0 {
					sb.WriteString(" slots=")
					w(x.Slots, depth+1)
				}
				if x.Base != nil {
					sb.WriteString(" base=")
					w(x.Base, depth+1)
				}
				sb.WriteString(")")
			}
		case vm.Int, vm.Str, vm.Float, vm.Bool, vm.NoneType, vm.Bytes:
			fmt.Fprintf(&sb, "%T:%v", x, x)
		default:
			fmt.Fprintf(&sb, "%T@%p", x, x)
		}
	}
	names := g.d.Keys()
	sort.Slice(names, func(i, j int) bool { return names[i].(vm.Str) < names[j].(vm.Str) })
	for _, k := range names {
		v, _ := g.d.GetStr(string(k.(vm.Str)))
		fmt.Fprintf(&sb, "%s = ", k)
		w(v, 0)
		sb.WriteString("\n")
	}
	return sb.String()
}

// rollbackMechanism takes a snapshot of a session's namespace before a run
// and returns the namespace the session goes on with after rolling back.
type rollbackMechanism struct {
	name     string
	snapshot func(g *Globals) func() *Globals
}

var rollbackMechanisms = []rollbackMechanism{
	// The undo journal: Snapshot, then Restore in place (sandbox worker,
	// backend.LocalSession).
	{"journal", func(g *Globals) func() *Globals {
		s := g.Snapshot()
		return func() *Globals { g.Restore(s); return g }
	}},
	// The deep copy the sessions took before each run until the
	// journal, which the session went on with after a rollback (its
	// functions defined before kept the namespace rolled back from:
	// checked for the journal only).
	{"deepcopy", func(g *Globals) func() *Globals {
		c := &Globals{d: vm.DeepCopy(g.d).(*vm.Dict)}
		return func() *Globals { return c }
	}},
}

// TestRollbackRestores: for each mutation form, a session run that makes
// it and is then stopped (by its deadline, or cancelled) is rolled back to
// exactly the state before the run, sharing and cycles included, by the
// journal and by the deep copy the sessions used before it alike. Each
// case also checks that the run did change the state, so that a form the
// interpreter ignored could not pass.
func TestRollbackRestores(t *testing.T) {
	t.Parallel()
	modules := lib.Modules()
	setup, err := Compile("<setup>", rollbackSetup, CompileOptions{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rollbackMechanisms {
		for i, mut := range rollbackMutations {
			stop := "timeout"
			if i%2 == 1 {
				stop = "cancel"
			}
			t.Run(fmt.Sprintf("%s/%d", m.name, i), func(t *testing.T) {
				t.Parallel()
				g := NewGlobals()
				if _, err := setup.Run(context.Background(), RunOptions{Globals: g, Modules: modules}); err != nil {
					t.Fatal(err)
				}
				// A run before the one rolled back, so that the state
				// holds containers made by an earlier run, not only
				// by the setup.
				warm, _ := Compile("<warm>", "a.append(a.pop())\nc.x = c.x", CompileOptions{Snippet: true})
				m.snapshot(g)
				if _, err := warm.Run(context.Background(), RunOptions{Globals: g, Modules: modules}); err != nil {
					t.Fatal(err)
				}
				before := describe(g)
				rollback := m.snapshot(g)
				src := mut + "\nhalt()\nwhile True:\n    pass\n"
				p, err := Compile("<mutation>", src, CompileOptions{Snippet: true})
				if err != nil {
					t.Fatalf("%q: %v", mut, err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
				defer cancel()
				halt := func(context.Context, []any, map[string]any) (any, error) { return nil, nil }
				if stop == "cancel" {
					halt = func(context.Context, []any, map[string]any) (any, error) { cancel(); return nil, nil }
				} else {
					// The deadline ends the loop.
					var c2 context.CancelFunc
					ctx, c2 = context.WithTimeout(ctx, 100*time.Millisecond)
					defer c2()
				}
				_, err = p.Run(ctx, RunOptions{Globals: g, Modules: modules, Host: map[string]HostFunc{"halt": halt}})
				var ex *Exception
				if !errors.As(err, &ex) || ex.Limit == "" {
					t.Fatalf("%q: the run ended with %v, want it stopped", mut, err)
				}
				if describe(g) == before {
					t.Fatalf("%q: the run changed nothing the test sees", mut)
				}
				g = rollback()
				if got := describe(g); got != before {
					t.Errorf("%q rolled back (%s):\n%s\nwant:\n%s", mut, stop, got, before)
				}
				if m.name != "journal" {
					return
				}
				// The session goes on: a later run sees the restored
				// state, and functions defined before see it too.
				check, _ := Compile("<after>", "f()\nreturn (x, a[-1])", CompileOptions{Snippet: true})
				if _, err := check.Run(context.Background(), RunOptions{Globals: g, Modules: modules}); err != nil {
					t.Errorf("%q: a run after the rollback: %v", mut, err)
				}
			})
		}
	}
}

// TestJournalChargedToTheRun: what a run's journal saves counts against
// the run's memory limit. A session holding lists of 24 MB and a run that
// changes each of them once, then makes 24 MB more, stays within a 64 MiB
// limit without a snapshot (nothing saved) and fails with MemoryError
// after one: the saved copies are 24 MB more, which a run changing every
// container of its session must not hold uncounted.
func TestJournalChargedToTheRun(t *testing.T) {
	t.Parallel()
	limits := Limits{MaxMemoryBytes: 64 << 20}
	setup, err := Compile("<setup>", "ls = [[0] * 1000 for _ in range(1500)]", CompileOptions{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	run, err := Compile("<run>", "for l in ls:\n    l[0] = 1\nbig = [0] * 1_500_000", CompileOptions{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, snapshot := range []bool{false, true} {
		g := NewGlobals()
		if _, err := setup.Run(context.Background(), RunOptions{Globals: g, Limits: limits}); err != nil {
			t.Fatal(err)
		}
		if snapshot {
			g.Snapshot()
		}
		_, err := run.Run(context.Background(), RunOptions{Globals: g, Limits: limits})
		var ex *Exception
		switch {
		case !snapshot && err != nil:
			t.Errorf("without a snapshot: %v, want the run to fit", err)
		case snapshot && (!errors.As(err, &ex) || ex.Type != "MemoryError"):
			t.Errorf("after a snapshot: %v, want MemoryError (the journal's copies charged)", err)
		}
	}
}

// TestJournalCoversTheCorpus checks that the journal misses no way of
// changing a container, whatever code does it: every chunk of the
// conformance corpus (core and stdlib) and 200 generated programs
// (progen: dunders, descriptors, metaclasses, generators, library
// callbacks) run one top-level statement at a time in a session, so each
// statement changes what earlier ones made, in every way they exercise;
// after each, the journal's saves are swapped back in and the state must
// be the one a deep copy taken before the statement holds (sharing and
// cycles included), then swapped out again and the program goes on. A
// change the journal did not see leaves the state changed after the undo.
func TestJournalCoversTheCorpus(t *testing.T) {
	t.Parallel()
	modules := lib.Modules()
	var cases []difftest.Case
	for _, kind := range []string{"core", "stdlib"} {
		cs, err := difftest.Load(filepath.Join("testdata", kind), kind)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, cs...)
	}
	for seed := uint64(1); seed <= 200; seed++ {
		cases = append(cases, difftest.Case{File: fmt.Sprintf("progen seed %d", seed), Line: 1, Source: progen.Generate(seed)})
	}
	statements := 0
	for _, c := range cases {
		n, err := undoEachStatement(c, modules)
		statements += n
		if err != nil {
			t.Error(err)
		}
	}
	if statements < 3000 {
		t.Errorf("only %d statements ran: the corpus was not split as meant", statements)
	}
}

// undoEachStatement runs c's top-level statements one by one in a session
// and checks that undoing each one's journal gives the state before it;
// it returns the statements run and the first mismatch.
func undoEachStatement(c difftest.Case, modules vm.Modules) (int, error) {
	mod, err := syntax.Parse(c.File, []byte(c.Source))
	if err != nil {
		return 0, nil // a case about a syntax error
	}
	lines := strings.SplitAfter(c.Source, "\n")
	g := NewGlobals()
	from, ran := 0, 0 // from: the first line (0-based) of the next statement's text
	for i, st := range mod.Body {
		end := st.End().Line // 1-based; EndPos is just past the last byte
		if st.End().Col == 0 {
			end--
		}
		if i+1 < len(mod.Body) && mod.Body[i+1].Pos().Line <= end {
			continue // on one line with the next: run together
		}
		end = min(end, len(lines))
		src := strings.Join(lines[from:end], "")
		line := c.Line + from
		from = end
		p, err := Compile(c.File, src, CompileOptions{})
		if err != nil {
			continue
		}
		want := describe(&Globals{d: vm.DeepCopy(g.d).(*vm.Dict)})
		g.Snapshot()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, _ = p.Run(ctx, RunOptions{Globals: g, Modules: modules, Stdout: io.Discard, Stderr: io.Discard})
		cancel()
		ran++
		g.journal.Swap()
		got := describe(g)
		g.journal.Swap()
		if got != want {
			return ran, fmt.Errorf("%s:%d: after the statement's changes were undone:\n%s\nwant (a deep copy before it):\n%s\nstatement:\n%s", c.File, line, got, want, src)
		}
	}
	return ran, nil
}

// TestRunMadeContainersNotJournaled: the containers a run makes, by
// whatever path (literals, builtins, methods, operators, unpacking, library
// modules, a host function's result), are stamped with the run's epoch, so
// changing them later in the run saves nothing in its journal: a session's
// rollback costs what the run changed of the session, not copies of what the
// run built. The run only calls a function the session defined before its
// snapshot, so its globals are not changed either: the journal stays empty.
func TestRunMadeContainersNotJournaled(t *testing.T) {
	t.Parallel()
	setup := `
import json, re, array, csv, collections

async def build():
    made = [
        list(range(3)), list((1, 2)), list(x for x in range(3)), [1, 2, 3][:2],
        [1] + [2], [0] * 3, sorted([3, 1, 2]), "a b c".split(), "a,b".split(","),
        "a b".rsplit(" "), "a\nb".splitlines(), b"a b".split(), b"a,b".split(b","),
        [1, 2].copy(), json.loads("[1, 2]"), re.findall("a", "aa"),
        re.split(",", "a,b"), re.compile("a").findall("aa"), list({1: 2}),
        list({1: 2}.items()), int.mro(), dir([]), array.array("i", [1]).tolist(),
        next(csv.reader(["a,b"])), list(collections.deque([1])), [*range(2)],
        [x for x in range(3)], list(map(str, range(2))), sorted({2, 1}),
        (await host())["items"], (await host())["obj"]["inner"],
    ]
    first, *rest = (1, 2, 3)
    made.append(rest)
    for l in made:
        l.append(0)
        l[0] = 1
    dicts = [{1: 2}.copy(), dict.fromkeys("ab"), json.loads('{"a": 1}'), await host(), (await host())["obj"],
             dict(a=1), {k: 1 for k in "ab"}]
    for d in dicts:
        d["new"] = 1
    s = {1}.copy()
    s.add(2)
    return len(made) + len(dicts)
`
	host := map[string]HostFunc{"host": func(context.Context, []any, map[string]any) (any, error) {
		return map[string]any{"items": []any{1, "x"}, "obj": map[string]any{"inner": []any{2}}}, nil
	}}
	prog, err := Compile("<setup>", setup, CompileOptions{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	run, err := Compile("<run>", "return await build()", CompileOptions{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	opts := RunOptions{Modules: lib.Modules(), Host: host}
	g := NewGlobals()
	opts.Globals = g
	if _, err := prog.Run(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	g.Snapshot()
	res, err := run.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if n := g.journal.Len(); n != 0 {
		t.Errorf("the run saved %d containers in its journal (result %v), want 0: a container it made is not stamped with its epoch", n, res.Value)
	}
}
