// Package progen generates Python snippets that mix user classes, dunder
// methods, descriptors, metaclasses, inheritance, self-referential class
// attributes, generators, coroutines and exceptions raised from dunders,
// and hand their objects to the builtins and library functions that call
// back into Python from Go (sorted, repr, hash, json.dumps,
// copy.deepcopy, isinstance with tuples, format, ...).
//
// The programs exist to find crashes of the interpreter, not wrong
// answers: a Go panic, a Go stack overflow, a hang past the deadline,
// memory past the limit or Go names in an error. Their Python semantics
// are arbitrary (most statements raise), so every statement runs in its
// own try block and the program keeps going. Generation is deterministic:
// the same seed gives the same program.
package progen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Generate returns the program for seed.
func Generate(seed uint64) string {
	g := &gen{r: rand.New(rand.NewPCG(seed, 0x70726f67656e))}
	g.program()
	return g.sb.String()
}

type gen struct {
	r  *rand.Rand
	sb strings.Builder
	// Names defined so far at the top level.
	metas, descs, classes, objs, gens, asyncs []string
}

// scope is what an expression may name where it is generated.
type scope struct {
	locals []string
	// cls is the class being defined ("" outside a class body).
	cls string
	// async allows await.
	async bool
}

// cls names a class defined so far (object before the first).
func (g *gen) cls() string {
	if len(g.classes) == 0 {
		return "object"
	}
	return pick(g, g.classes)
}

// obj names an object bound so far (a shared list before the first).
func (g *gen) obj() string {
	if len(g.objs) == 0 {
		return "_l"
	}
	return pick(g, g.objs)
}

func (g *gen) n(k int) int         { return g.r.IntN(k) }
func (g *gen) p(prob float64) bool { return g.r.Float64() < prob }

func pick[T any](g *gen, xs []T) T { return xs[g.r.IntN(len(xs))] }

func (g *gen) line(ind int, format string, args ...any) {
	g.sb.WriteString(strings.Repeat("    ", ind))
	fmt.Fprintf(&g.sb, format, args...)
	g.sb.WriteByte('\n')
}

// program lays out: imports and shared containers, metaclasses,
// descriptors, classes, self-referential assignments, objects, generator
// and coroutine functions, then a mix of uses, and a result that the host
// converts (repr, JSON) after the run.
func (g *gen) program() {
	g.line(0, "import json, copy, functools, itertools, operator, asyncio, heapq, bisect, dataclasses, collections, contextlib, pprint, traceback, math, re, enum")
	g.line(0, "_l = []")
	g.line(0, "_d = {}")
	g.line(0, "_s = set()")
	g.line(0, "_n = [0]")
	for i := range g.n(3) {
		g.class(fmt.Sprintf("M%d", i), kindMeta)
	}
	for i := range g.n(3) {
		g.class(fmt.Sprintf("D%d", i), kindDesc)
	}
	for i := range 2 + g.n(4) {
		g.class(fmt.Sprintf("C%d", i), kindPlain)
	}
	for range g.n(4) {
		g.guarded(0, func(ind int) { g.selfRef(ind) })
	}
	for i := range 2 + g.n(4) {
		name := fmt.Sprintf("o%d", i)
		// An instance whatever its __new__ and __init__ do: object.__new__
		// skips them (not for builtin bases, which get the class itself).
		c := g.cls()
		g.line(0, "try:")
		if g.p(0.5) {
			g.line(1, "%s = %s()", name, c)
		} else {
			g.line(1, "%s = %s", name, g.construct(scope{}))
		}
		g.line(0, "except Exception:")
		g.line(1, "try:")
		g.line(2, "%s = object.__new__(%s)", name, c)
		g.line(1, "except Exception:")
		g.line(2, "%s = %s", name, c)
		g.objs = append(g.objs, name)
	}
	for i := range g.n(3) {
		g.genFunc(fmt.Sprintf("g%d", i))
	}
	for i := range g.n(3) {
		g.asyncFunc(fmt.Sprintf("a%d", i))
	}
	for range 8 + g.n(25) {
		if g.p(0.15) {
			g.guarded(0, func(ind int) { g.selfRef(ind) })
			continue
		}
		g.guarded(0, func(ind int) { g.use(ind, scope{async: true}) })
	}
	var res string
	switch g.n(4) {
	case 0:
		res = "len(_l)"
	case 1:
		res = g.obj()
	case 2:
		res = fmt.Sprintf("[%s, {'k': %s}, _l[:3]]", g.obj(), g.obj())
	default:
		res = fmt.Sprintf("{%s: %s}", pick(g, []string{"'k'", "1", "None", "1.5", "True"}), g.expr(scope{}, 1))
	}
	if g.p(0.12) {
		// An uncaught exception: the host formats its message and
		// traceback, calling __str__ and walking __cause__/__context__.
		g.line(0, "try:")
		g.line(1, "raise %s", g.exception(scope{locals: []string{g.obj()}}))
		g.line(0, "except BaseException as _e3:")
		g.line(1, "_e4 = %s", pick(g, []string{"ValueError(_e3)", "_e3", "KeyError(" + g.obj() + ")"}))
		if g.p(0.5) {
			g.line(1, "_e3.__context__ = _e4")
		}
		if g.p(0.5) {
			g.line(1, "_e4.__cause__ = _e3")
		}
		g.line(1, "raise _e4 from %s", pick(g, []string{"_e3", "_e4", "None", g.obj()}))
	}
	// The host converts the result after the run (repr, JSON), which
	// calls its dunders once more.
	g.line(0, "try:")
	g.line(1, "_res = %s", res)
	g.line(0, "except Exception:")
	g.line(1, "_res = None")
	g.line(0, "_res")
}

// guarded writes a statement inside try/except so the program goes on
// whatever it raises; the handler itself looks at the exception, which
// calls its __str__ or __repr__.
func (g *gen) guarded(ind int, body func(int)) {
	g.line(ind, "try:")
	body(ind + 1)
	switch g.n(6) {
	case 0:
		g.line(ind, "except BaseException as _e:")
		g.line(ind+1, "_l.append(str(_e))")
	case 1:
		g.line(ind, "except Exception as _e:")
		g.line(ind+1, "_l.append(repr(_e)[:20])")
	case 2:
		g.line(ind, "except (TypeError, ValueError, AttributeError) as _e:")
		g.line(ind+1, "_l.append(_e.args)")
		g.line(ind, "except Exception:")
		g.line(ind+1, "pass")
	default:
		g.line(ind, "except Exception as _e:")
		g.line(ind+1, "_l.append(type(_e).__name__)")
	}
}

type classKind int

const (
	kindPlain classKind = iota
	kindMeta
	kindDesc
)

type dunder struct {
	name, params string
	// For which kinds it is drawn more often.
	meta, desc bool
}

var dunders = []dunder{
	{name: "__init__", params: "self, *a, **k", meta: true},
	{name: "__new__", params: "cls, *a, **k", meta: true},
	{name: "__call__", params: "self, *a, **k", meta: true, desc: true},
	{name: "__getattr__", params: "self, name", meta: true},
	{name: "__getattribute__", params: "self, name", meta: true},
	{name: "__setattr__", params: "self, name, value", meta: true},
	{name: "__delattr__", params: "self, name"},
	{name: "__eq__", params: "self, other", meta: true},
	{name: "__ne__", params: "self, other"},
	{name: "__lt__", params: "self, other"},
	{name: "__le__", params: "self, other"},
	{name: "__gt__", params: "self, other"},
	{name: "__ge__", params: "self, other"},
	{name: "__hash__", params: "self", meta: true},
	{name: "__repr__", params: "self", meta: true, desc: true},
	{name: "__str__", params: "self"},
	{name: "__len__", params: "self", meta: true},
	{name: "__iter__", params: "self", meta: true},
	{name: "__next__", params: "self"},
	{name: "__getitem__", params: "self, key", meta: true},
	{name: "__setitem__", params: "self, key, value"},
	{name: "__delitem__", params: "self, key"},
	{name: "__contains__", params: "self, item", meta: true},
	{name: "__bool__", params: "self", meta: true},
	{name: "__index__", params: "self"},
	{name: "__int__", params: "self"},
	{name: "__float__", params: "self"},
	{name: "__format__", params: "self, spec"},
	{name: "__enter__", params: "self"},
	{name: "__exit__", params: "self, *exc"},
	{name: "__del__", params: "self"},
	{name: "__add__", params: "self, other"},
	{name: "__radd__", params: "self, other"},
	{name: "__iadd__", params: "self, other"},
	{name: "__mul__", params: "self, other"},
	{name: "__rmul__", params: "self, other"},
	{name: "__mod__", params: "self, other"},
	{name: "__or__", params: "self, other", meta: true},
	{name: "__and__", params: "self, other"},
	{name: "__pow__", params: "self, other, mod=None"},
	{name: "__neg__", params: "self"},
	{name: "__abs__", params: "self"},
	{name: "__invert__", params: "self"},
	{name: "__round__", params: "self, n=None"},
	{name: "__get__", params: "self, obj, owner=None", desc: true},
	{name: "__set__", params: "self, obj, value", desc: true},
	{name: "__delete__", params: "self, obj", desc: true},
	{name: "__set_name__", params: "self, owner, name", desc: true},
	{name: "__init_subclass__", params: "cls, **kw"},
	{name: "__class_getitem__", params: "cls, item"},
	{name: "__reversed__", params: "self"},
	{name: "__missing__", params: "self, key"},
	{name: "__instancecheck__", params: "self, obj", meta: true},
	{name: "__subclasscheck__", params: "self, sub", meta: true},
	{name: "__mro_entries__", params: "self, bases"},
	{name: "__await__", params: "self"},
	{name: "__aiter__", params: "self"},
	{name: "__anext__", params: "self"},
	{name: "__aenter__", params: "self"},
	{name: "__aexit__", params: "self, *exc"},
	{name: "__copy__", params: "self"},
	{name: "__deepcopy__", params: "self, memo"},
	{name: "__reduce_ex__", params: "self, proto"},
	{name: "__dir__", params: "self"},
	{name: "__length_hint__", params: "self"},
	{name: "__trunc__", params: "self"},
	{name: "__match_args__", params: ""}, // a class attribute, see method
}

var descDunders = []dunder{
	{name: "__get__", params: "self, obj, owner=None"},
	{name: "__set__", params: "self, obj, value"},
	{name: "__delete__", params: "self, obj"},
	{name: "__set_name__", params: "self, owner, name"},
}

var bases = []string{"enum.Enum", "collections.OrderedDict", "collections.UserDict", "int", "str", "list", "dict", "tuple", "set", "float", "Exception", "ValueError", "bytes", "object", "frozenset", "KeyError", "StopIteration"}

// class defines a metaclass, a descriptor class or a plain class with a
// random set of dunders, attributes and descriptors. A class statement
// that raises (bad bases, a metaclass conflict) leaves a plain class of
// the same name behind.
func (g *gen) class(name string, kind classKind) {
	var bs []string
	switch kind {
	case kindMeta:
		bs = []string{"type"}
		if len(g.metas) > 0 && g.p(0.4) {
			bs = []string{pick(g, g.metas)}
		}
	default:
		for range g.n(3) {
			switch {
			case len(g.classes) > 0 && g.p(0.6):
				bs = append(bs, g.cls())
			default:
				bs = append(bs, pick(g, bases))
			}
		}
		if kind == kindPlain && len(g.metas) > 0 && g.p(0.35) {
			bs = append(bs, "metaclass="+pick(g, g.metas))
		}
		if kind == kindPlain && len(g.objs) > 0 && g.p(0.05) {
			bs = append(bs, g.obj())
		}
	}
	sc := scope{cls: name}
	g.line(0, "try:")
	if kind == kindPlain && g.p(0.2) {
		g.line(1, "@%s", pick(g, []string{"functools.total_ordering", "dataclasses.dataclass", "dataclasses.dataclass(order=True)", "dataclasses.dataclass(frozen=True)", "dataclasses.dataclass(eq=False, repr=False)", "dataclasses.dataclass(unsafe_hash=True)", "contextlib.contextmanager"}))
	}
	g.line(1, "class %s(%s):", name, strings.Join(bs, ", "))
	wrote := false
	for range g.n(4) {
		g.classAttr(2, sc, kind)
		wrote = true
	}
	count := 2 + g.n(7)
	if kind == kindDesc {
		count = 1 + g.n(4)
	}
	seen := map[string]bool{}
	for range count {
		d := pick(g, dunders)
		if kind == kindMeta && !d.meta && g.p(0.5) {
			continue
		}
		if kind == kindDesc && !d.desc && g.p(0.7) {
			d = pick(g, descDunders)
		}
		if seen[d.name] {
			continue
		}
		seen[d.name] = true
		g.method(2, sc, d)
		wrote = true
	}
	if !wrote {
		g.line(2, "pass")
	}
	g.line(0, "except Exception:")
	g.line(1, "class %s:", name)
	g.line(2, "pass")
	switch kind {
	case kindMeta:
		g.metas = append(g.metas, name)
	case kindDesc:
		g.descs = append(g.descs, name)
	default:
		g.classes = append(g.classes, name)
	}
}

// classAttr writes a class attribute: data, a descriptor instance, a
// property, a classmethod or staticmethod of something odd, __slots__,
// __hash__ = None or an alias of another dunder.
func (g *gen) classAttr(ind int, sc scope, kind classKind) {
	switch g.n(12) {
	case 0:
		g.line(ind, "x = %s", g.literal())
	case 1:
		if len(g.descs) > 0 {
			g.line(ind, "%s = %s()", pick(g, []string{"x", "y", "d", "__len__", "__eq__", "__iter__", "__hash__", "__call__"}), pick(g, g.descs))
			return
		}
		g.line(ind, "y = %s", g.literal())
	case 2:
		g.line(ind, "p = property(lambda self: %s)", g.expr(scope{locals: []string{"self"}}, 1))
	case 3:
		g.line(ind, "q = property(lambda self: %s, lambda self, v: %s)", g.expr(scope{locals: []string{"self"}}, 1), g.expr(scope{locals: []string{"self", "v"}}, 1))
	case 4:
		g.line(ind, "%s = classmethod(%s)", pick(g, []string{"cm", "__call__", "__eq__", "__repr__", "__iter__"}), g.callable(scope{}))
	case 5:
		g.line(ind, "%s = staticmethod(%s)", pick(g, []string{"sm", "__call__", "__len__", "__hash__", "__getitem__"}), g.callable(scope{}))
	case 6:
		g.line(ind, "__hash__ = None")
	case 7:
		g.line(ind, "__slots__ = (%s)", pick(g, []string{"'a', 'b'", "'x',", "", "'__dict__',"}))
	case 8:
		g.line(ind, "__match_args__ = (%s)", pick(g, []string{"'x', 'y'", "'p',", "1,", ""}))
	case 9:
		g.line(ind, "%s = %s", pick(g, []string{"__eq__", "__lt__", "__repr__", "__str__", "__call__", "__getattr__", "__iter__", "__next__", "__len__", "__bool__", "__index__", "__getitem__", "__get__"}),
			pick(g, []string{"__init__", "repr", "len", "hash", "iter", "next", "bool", "getattr", "str", "sorted", "object", "type", "print", "abs", "None"}))
	case 10:
		g.line(ind, "%s: %s = %s", pick(g, []string{"x", "y", "a"}), pick(g, []string{"int", "list", "'C0'", "object"}), g.literal())
		if kind == kindMeta {
			g.line(ind, "@classmethod")
			g.line(ind, "def __prepare__(mcs, name, bases, **kw):")
			g.line(ind+1, "return %s", pick(g, []string{"{}", "collections.OrderedDict()", "_d", "[]", "None", "dict(x=1)"}))
		}
		if kind == kindMeta && g.p(0.5) {
			g.line(ind, "def mro(cls):")
			g.line(ind+1, "return %s", pick(g, []string{"[cls, object]", "[object]", "cls.__mro__", "super().mro()", "()", "[cls, cls, object]", "[int, object]"}))
		}
	default:
		g.line(ind, "z = [%s]", g.literal())
	}
}

// method writes one dunder method: an optional side effect, an optional
// raise, then a return (or a yield: some dunders become generators).
func (g *gen) method(ind int, sc scope, d dunder) {
	if d.name == "__match_args__" {
		g.line(ind, "__match_args__ = ('x', 'y')")
		return
	}
	async := false
	switch d.name {
	case "__anext__", "__aenter__", "__aexit__":
		async = g.p(0.8)
	}
	var locals []string
	for _, p := range strings.Split(d.params, ",") {
		p = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(p), "**"), "*"))
		p, _, _ = strings.Cut(p, "=")
		locals = append(locals, p)
	}
	if g.p(0.08) {
		g.line(ind, "@%s", pick(g, []string{"classmethod", "staticmethod", "property", "functools.lru_cache"}))
	}
	if async {
		g.line(ind, "async def %s(%s):", d.name, d.params)
	} else {
		g.line(ind, "def %s(%s):", d.name, d.params)
	}
	bs := scope{locals: locals, cls: sc.cls, async: async}
	if g.p(0.4) {
		g.sideEffect(ind+1, bs)
	}
	if g.p(0.12) {
		g.line(ind+1, "if _n[0] %% %d == %d:", 2+g.n(5), g.n(2))
		g.line(ind+2, "raise %s", g.exception(bs))
	}
	if !async && (g.p(0.1) || d.name == "__await__" && g.p(0.5)) {
		g.line(ind+1, "yield %s", g.expr(bs, 1))
	}
	g.line(ind+1, "return %s", g.methodResult(bs, d))
}

// methodResult is what a dunder returns: often a call that re-enters the
// same protocol (recursion through Go), super() or object's slot, another
// object, or a value of the wrong type.
func (g *gen) methodResult(sc scope, d dunder) string {
	self := sc.locals[0]
	other := self
	if len(sc.locals) > 1 {
		other = sc.locals[1]
	}
	args := strings.Join(sc.locals[1:], ", ")
	if g.p(0.4) {
		// Re-enter the protocol the dunder implements.
		if ts, ok := reentry[d.name]; ok {
			return strings.NewReplacer("{s}", self, "{o}", other, "{a}", args).Replace(pick(g, ts))
		}
	}
	if g.p(0.15) && sc.cls != "" && d.name != "__new__" && d.name != "__init_subclass__" && d.name != "__class_getitem__" {
		return fmt.Sprintf("super().%s(%s)", d.name, strings.TrimPrefix(strings.TrimPrefix(args, "*"), "**"))
	}
	if d.name == "__new__" && g.p(0.6) {
		return pick(g, []string{"super().__new__(cls)", "object.__new__(cls)", "super().__new__(cls, *a)", "cls"})
	}
	if d.name == "__init__" && g.p(0.6) {
		return "None"
	}
	return g.expr(sc, 2)
}

// reentry holds, per dunder, results that re-enter the protocol the
// dunder implements ({s} is self, {o} the other operand, {a} the
// arguments): recursion that runs through Go.
var reentry = map[string][]string{
	"__repr__":          {"repr({s})", "str({s})", "'%r' % ({s},)", "format({s})", "'{!r}'.format({s})"},
	"__str__":           {"str({s})", "format({s}, '')", "'{}'.format({s})", "'%s' % ({s},)"},
	"__format__":        {"format({s}, {o})", "str({s})", "'{:>3}'.format({s})"},
	"__hash__":          {"1", "0", "hash({s})", "hash(({s}, 1))", "hash(frozenset([{s}]))", "{{s}: 1}[{s}]"},
	"__eq__":            {"{s} == {o}", "[{s}] == [{o}]", "{s} != {o}", "{1: {s}} == {1: {o}}", "{s} in [{o}]"},
	"__ne__":            {"{s} != {o}", "not {s} == {o}"},
	"__lt__":            {"{s} < {o}", "(({s},) < ({o},))", "sorted([{s}, {o}])", "min({s}, {o})"},
	"__le__":            {"{s} <= {o}", "max([{o}, {s}])"},
	"__gt__":            {"{s} > {o}", "{o} < {s}"},
	"__ge__":            {"{s} >= {o}", "{o} <= {s}"},
	"__len__":           {"2**31", "10**9", "-1", "len({s})", "len([*{s}])", "operator.length_hint({s})", "len(list({s}))"},
	"__length_hint__":   {"operator.length_hint({s})", "len(list({s}))", "10**9", "2**62", "-1"},
	"__iter__":          {"iter({s})", "iter(list({s}))", "(x for x in {s})", "reversed({s})"},
	"__next__":          {"next({s})", "next(iter({s}))"},
	"__reversed__":      {"reversed({s})", "reversed(list({s}))"},
	"__bool__":          {"bool({s})", "not {s}", "any([{s}])"},
	"__index__":         {"operator.index({s})", "[1, 2][{s}]", "range({s})[0]", "hex({s})"},
	"__int__":           {"int({s})", "operator.index({s})"},
	"__trunc__":         {"int({s})", "round({s})"},
	"__getattr__":       {"{s}.missing", "getattr({s}, name)", "{s}.__dict__", "hasattr({s}, 'x')"},
	"__getattribute__":  {"getattr({s}, name)", "{s}.__dict__", "object.__getattribute__({s}, name)", "super().__getattribute__(name)", "{s}.x"},
	"__setattr__":       {"setattr({s}, name, value)", "object.__setattr__({s}, name, value)", "super().__setattr__(name, value)", "{s}.__dict__.update(x=value)"},
	"__delattr__":       {"delattr({s}, name)", "object.__delattr__({s}, name)"},
	"__getitem__":       {"{s}[{o}]", "list({s})[{o}]", "{s}[{o}:]"},
	"__setitem__":       {"{s}.__setitem__(key, value)", "_d.__setitem__({s}, value)"},
	"__contains__":      {"{o} in {s}", "{s} in {s}", "list({s}).count({o})"},
	"__missing__":       {"{s}[{o}]", "{s}.get({o})"},
	"__call__":          {"{s}({a})", "type({s})()", "{s}.__call__()", "super().__call__()"},
	"__init__":          {"{s}.__init__({a})", "type({s})({a})", "super().__init__()"},
	"__new__":           {"{s}({a})", "object.__new__({s})", "super().__new__({s})", "{s}.__new__({s})"},
	"__get__":           {"getattr(obj, 'x', None)", "{s}.__get__(obj, owner)", "owner", "obj.d"},
	"__set__":           {"setattr(obj, 'x', value)", "{s}.__set__(obj, value)"},
	"__instancecheck__": {"isinstance({o}, {s})", "isinstance({o}, ({s}, int))"},
	"__subclasscheck__": {"issubclass({o}, {s})", "issubclass({o}, ({s},))"},
	"__deepcopy__":      {"copy.deepcopy({s})", "copy.deepcopy([{s}])"},
	"__copy__":          {"copy.copy({s})", "copy.deepcopy({s})"},
	"__add__":           {"{o} + {s}", "{s} + {o}", "sum([{s}], {o})"},
	"__radd__":          {"{o} + {s}", "sum([{o}, {s}])"},
	"__iadd__":          {"{s} + {o}", "{o}.__iadd__({s})"},
	"__mul__":           {"{s} * {o}", "[{s}] * 2"},
	"__rmul__":          {"{o} * {s}"},
	"__mod__":           {"{s} % {o}", "'%s' % {s}"},
	"__or__":            {"{s} | {o}", "{o} | {s}"},
	"__and__":           {"{s} & {o}"},
	"__pow__":           {"{s} ** {o}", "pow({s}, {o})"},
	"__neg__":           {"-{s}", "0 - {s}"},
	"__abs__":           {"abs({s})"},
	"__invert__":        {"~{s}"},
	"__round__":         {"round({s})", "round({s}, 2)"},
	"__enter__":         {"{s}", "{s}.__enter__()"},
	"__exit__":          {"{s}.__exit__()", "{s}"},
	"__await__":         {"{s}.__await__()", "iter([])", "iter([{s}])"},
	"__aiter__":         {"{s}", "{s}.__aiter__()", "aiter({s})"},
	"__anext__":         {"{s}", "{s}.__anext__()", "anext({s})"},
	"__dir__":           {"dir({s})", "sorted(dir({s}))"},
	"__init_subclass__": {"type('S', (cls,), {})", "cls.__init_subclass__()", "super().__init_subclass__(**kw)"},
	"__class_getitem__": {"cls[item]", "cls[cls]"},
	"__set_name__":      {"setattr(owner, name, {s})", "type(name, (owner,), {})"},
	"__mro_entries__":   {"(object,) + {o}", "{o}", "({s},)"},
	"__reduce_ex__":     {"{s}.__reduce_ex__({o})", "copy.copy({s})"},
}

// sideEffect mutates shared state from inside a dunder: the shared
// containers (mutation while a builtin iterates them), an attribute
// (re-entering __setattr__), a class's dunder (invalidating caches
// mid-call) or an object's class.
func (g *gen) sideEffect(ind int, sc scope) {
	self := sc.locals[0]
	switch g.n(10) {
	case 0:
		g.line(ind, "_l.append(%s)", pick(g, sc.locals))
	case 1:
		g.line(ind, "_d[%s] = %s", g.expr(sc, 0), pick(g, sc.locals))
	case 2:
		g.line(ind, "_s.add(%s)", g.expr(sc, 0))
	case 3:
		g.line(ind, "_n[0] += 1")
	case 4:
		g.line(ind, "%s", pick(g, []string{"_l.clear()", "_d.clear()", "_s.clear()", "del _l[:1]"}))
	case 5:
		g.line(ind, "%s.%s = %s", self, pick(g, []string{"x", "y", "p", "d"}), g.expr(sc, 1))
	case 6:
		if len(g.classes) > 0 {
			g.line(ind, "%s.%s = %s", g.cls(), pick(g, []string{"__eq__", "__hash__", "__repr__", "__len__", "__iter__", "__getattr__", "__call__", "__init__", "x"}), g.callable(sc))
			return
		}
		g.line(ind, "_n[0] -= 1")
	case 7:
		if len(g.objs) > 0 && len(g.classes) > 0 {
			g.line(ind, "%s.__class__ = %s", g.obj(), g.cls())
			return
		}
		g.line(ind, "_l.append(1)")
	case 8:
		g.line(ind, "_l.append(%s)", g.expr(sc, 1))
	default:
		g.line(ind, "print(%s, end='')", g.expr(sc, 1))
	}
}

// selfRef rebinds a class's dunder to something that makes Python-level
// calls loop through Go: the class itself (A.__init__ = A), an instance
// (whose __call__ runs), another dunder, a builtin, a property.
func (g *gen) selfRef(ind int) {
	owners := append(append([]string{}, g.classes...), g.metas...)
	owners = append(owners, g.descs...)
	if len(owners) == 0 {
		g.line(ind, "pass")
		return
	}
	a := pick(g, owners)
	d := pick(g, dunders).name
	if d == "__match_args__" {
		d = "__call__"
	}
	switch g.n(10) {
	case 8:
		g.line(ind, "%s", fmt.Sprintf(pick(g, []string{
			"%[1]s.__bases__ = (%[2]s,)", "%[1]s.__name__ = %[3]s", "vars(%[1]s).clear()", "vars(%[1]s)['%[4]s'] = %[2]s",
			"%[1]s.__dict__.pop('%[4]s', None)", "%[5]s.__dict__ = %[3]s", "vars(%[5]s).update(%[4]s=%[2]s)",
			"globals()['%[4]s'] = %[2]s", "%[1]s.__qualname__ = %[3]s", "%[1]s.__module__ = %[3]s"}),
			a, pick(g, owners), g.literal(), d, g.obj()))
	case 9:
		g.line(ind, "%s = type('T', (%s,), {%s: %s, '%s': %s})", a, pick(g, owners), pick(g, []string{"'x'", "1", "'__slots__'", "'__class__'", "'__dict__'"}), g.literal(), d, g.callable(scope{}))
	case 0:
		g.line(ind, "%s.%s = %s", a, d, a)
	case 1:
		g.line(ind, "%s.%s = %s()", a, d, pick(g, owners))
	case 2:
		g.line(ind, "%s.%s = %s.%s", a, d, pick(g, owners), pick(g, dunders[:30]).name)
	case 3:
		g.line(ind, "setattr(%s, '%s', %s)", a, d, g.callable(scope{}))
	case 4:
		if len(g.objs) > 0 {
			g.line(ind, "%s.%s = %s", a, d, g.obj())
			return
		}
		g.line(ind, "%s.%s = %s", a, d, a)
	case 5:
		g.line(ind, "%s.%s = property(%s)", a, d, g.callable(scope{}))
	case 6:
		if len(g.objs) > 0 {
			o := g.obj()
			g.line(ind, "%s.__class__ = %s", o, a)
			return
		}
		g.line(ind, "del %s.%s", a, d)
	default:
		g.line(ind, "%s.%s = lambda *a, **k: %s", a, d, g.expr(scope{locals: []string{"a", "k"}}, 2))
	}
}

// construct instantiates something: a class (with arguments), a
// descriptor, a class made by a metaclass call or type().
func (g *gen) construct(sc scope) string {
	switch {
	case len(g.metas) > 0 && g.p(0.1):
		return fmt.Sprintf("%s('T', (%s), {'x': %s})", pick(g, g.metas), pick(g, []string{"", "object,", "int,"}), g.literal())
	case g.p(0.08):
		return fmt.Sprintf("type('T', (%s,), {'__eq__': lambda s, o: %s})", g.cls(), g.expr(scope{locals: []string{"s", "o"}}, 1))
	case len(g.descs) > 0 && g.p(0.1):
		return pick(g, g.descs) + "()"
	}
	args := make([]string, g.n(3))
	for i := range args {
		args[i] = g.expr(sc, 1)
	}
	return fmt.Sprintf("%s(%s)", g.cls(), strings.Join(args, ", "))
}

// callable is something to store where a function is expected.
func (g *gen) callable(sc scope) string {
	var cs []string
	cs = append(cs, g.classes...)
	cs = append(cs, g.metas...)
	cs = append(cs, "repr", "len", "hash", "iter", "next", "str", "bool", "type", "getattr", "sorted", "object", "list", "dict", "print", "id", "format", "vars", "None", "copy.deepcopy", "json.dumps", "operator.index", "isinstance")
	if len(g.objs) > 0 && g.p(0.2) {
		return g.obj()
	}
	switch g.n(6) {
	case 0:
		return fmt.Sprintf("lambda *a: %s", g.expr(scope{locals: []string{"a"}}, 1))
	case 1:
		if len(g.classes) > 0 {
			return fmt.Sprintf("%s.%s", g.cls(), pick(g, dunders[:30]).name)
		}
	case 2:
		return fmt.Sprintf("functools.partial(%s, %s)", pick(g, cs), g.literal())
	}
	return pick(g, cs)
}

// exception is the operand of a raise.
func (g *gen) exception(sc scope) string {
	switch g.n(8) {
	case 0:
		return pick(g, sc.locals)
	case 1:
		if len(g.classes) > 0 {
			return g.cls() + "()"
		}
	case 2:
		return "StopIteration(" + g.expr(sc, 0) + ")"
	case 3:
		return "ValueError(" + pick(g, sc.locals) + ") from " + pick(g, []string{"None", "KeyError()", sc.locals[0]})
	case 4:
		return "StopAsyncIteration"
	case 5:
		return "ExceptionGroup('g', [ValueError(1), TypeError(" + pick(g, sc.locals) + ")])"
	}
	return pick(g, []string{"TypeError", "KeyError(1)", "AttributeError('x')", "RecursionError", "IndexError", "NotImplementedError"})
}

func (g *gen) literal() string {
	return pick(g, []string{"0", "1", "-1", "2**70", "1.5", "float('nan')", "'abc'", "''", "b'x'", "None", "True", "()", "[]", "{}", "(1, 2)", "[1, 'a']", "{1: 2}", "{1, 2}", "NotImplemented", "...", "range(3)", "frozenset()", "'%s'", "10**20", "10**9", "2**63", "-5", "2**62", "1e308", "[[1]]", "'\\x00'"})
}

// names are what an expression may read where sc holds.
func (g *gen) names(sc scope) []string {
	ns := append([]string{}, sc.locals...)
	ns = append(ns, g.objs...)
	ns = append(ns, g.classes...)
	ns = append(ns, "_l", "_d", "_s")
	return ns
}

// expr builds an expression of any type, at most depth levels of calls
// deep. Many of its shapes hand the operand to a builtin that calls back
// into Python.
func (g *gen) expr(sc scope, depth int) string {
	if depth <= 0 || g.p(0.25) {
		if g.p(0.35) {
			return g.literal()
		}
		return pick(g, g.names(sc))
	}
	e := func() string { return g.expr(sc, depth-1) }
	a := e()
	switch g.n(80) {
	case 0:
		return fmt.Sprintf("repr(%s)", a)
	case 1:
		return fmt.Sprintf("str(%s)", a)
	case 2:
		return fmt.Sprintf("hash(%s)", a)
	case 3:
		return fmt.Sprintf("len(%s)", a)
	case 4:
		return fmt.Sprintf("bool(%s)", a)
	case 5:
		return fmt.Sprintf("sorted(%s)", a)
	case 6:
		return fmt.Sprintf("sorted([%s, %s], key=%s)", a, e(), g.callable(sc))
	case 7:
		return fmt.Sprintf("min(%s, %s)", a, e())
	case 8:
		return fmt.Sprintf("max([%s, %s], default=%s)", a, e(), e())
	case 9:
		return fmt.Sprintf("set([%s, %s])", a, e())
	case 10:
		return fmt.Sprintf("{%s: %s, %s: 2}", a, e(), e())
	case 11:
		return fmt.Sprintf("dict(%s)", a)
	case 12:
		return fmt.Sprintf("json.dumps(%s)", a)
	case 13:
		return fmt.Sprintf("json.dumps(%s, default=%s, sort_keys=%s)", a, g.callable(sc), pick(g, []string{"True", "False"}))
	case 14:
		return fmt.Sprintf("copy.deepcopy(%s)", a)
	case 15:
		return fmt.Sprintf("copy.copy(%s)", a)
	case 16:
		return fmt.Sprintf("isinstance(%s, (%s, (%s, int)))", a, g.cls(), g.expr(sc, 0))
	case 17:
		return fmt.Sprintf("issubclass(%s, (%s, %s))", g.cls(), g.cls(), g.expr(sc, 0))
	case 18:
		return fmt.Sprintf("format(%s, %s)", a, pick(g, []string{"''", "'>10'", "'x'", "'.2f'", "'!r'", "'%'", "'08,d'"}))
	case 19:
		return fmt.Sprintf("'{0!r:>5} {0!s}'.format(%s)", a)
	case 20:
		return fmt.Sprintf("list(zip(%s, %s))", a, e())
	case 21:
		return fmt.Sprintf("list(map(%s, %s))", g.callable(sc), a)
	case 22:
		return fmt.Sprintf("list(filter(%s, %s))", g.callable(sc), a)
	case 23:
		return fmt.Sprintf("sum(%s, %s)", a, e())
	case 24:
		return fmt.Sprintf("(%s == %s)", a, e())
	case 25:
		return fmt.Sprintf("(%s < %s)", a, e())
	case 26:
		return fmt.Sprintf("(%s in %s)", a, e())
	case 27:
		return fmt.Sprintf("%s[%s]", prim(a), e())
	case 28:
		return fmt.Sprintf("%s.%s", prim(a), pick(g, []string{"x", "y", "p", "q", "d", "cm", "sm", "missing", "__dict__", "__class__", "__len__", "__eq__", "__mro__"}))
	case 29:
		return fmt.Sprintf("getattr(%s, %s, %s)", a, pick(g, []string{"'x'", "'p'", "'__call__'", "'__init__'", "'missing'"}), e())
	case 30:
		return fmt.Sprintf("%s(%s)", prim(a), e())
	case 31:
		return fmt.Sprintf("%s(*%s, **{'k': %s})", pick(g, g.names(sc)), pick(g, []string{"[]", "[1]", "_l[:2]", "()"}), e())
	case 32:
		return fmt.Sprintf("[%s, %s]", a, e())
	case 33:
		return fmt.Sprintf("(%s, %s)", a, e())
	case 34:
		return fmt.Sprintf("[_x for _x in %s]", a)
	case 35:
		return fmt.Sprintf("list(enumerate(%s))", a)
	case 36:
		return fmt.Sprintf("list(reversed(%s))", a)
	case 37:
		return fmt.Sprintf("(%s + %s)", a, e())
	case 38:
		return fmt.Sprintf("(%s * %s)", a, e())
	case 39:
		return fmt.Sprintf("(-%s)", prim(a))
	case 40:
		return fmt.Sprintf("operator.index(%s)", a)
	case 41:
		return fmt.Sprintf("list(range(%s))[:3]", a)
	case 42:
		return fmt.Sprintf("('%%s and %%r' %% (%s, %s))", a, e())
	case 43:
		return fmt.Sprintf("','.join(%s)", a)
	case 44:
		return fmt.Sprintf("(%s if %s else %s)", a, e(), e())
	case 45:
		return fmt.Sprintf("functools.reduce(%s, %s, %s)", g.callable(sc), a, e())
	case 46:
		return fmt.Sprintf("vars(%s)", a)
	case 47:
		return fmt.Sprintf("type(%s)(%s)", a, e())
	case 48:
		return fmt.Sprintf("list(itertools.islice(%s, 3))", a)
	case 49:
		return fmt.Sprintf("divmod(%s, %s)", a, e())
	case 50:
		return fmt.Sprintf("dict.fromkeys(%s)", a)
	case 51:
		return fmt.Sprintf("(any(%s) or all(%s))", a, e())
	case 52:
		return fmt.Sprintf("frozenset(%s)", a)
	case 53:
		return fmt.Sprintf("tuple(%s)", a)
	case 54:
		return fmt.Sprintf("super(%s, %s)", g.cls(), a)
	case 55:
		return fmt.Sprintf("object.__getattribute__(%s, 'x')", a)
	case 56:
		return fmt.Sprintf("round(%s)", a)
	case 57:
		return fmt.Sprintf("heapq.nsmallest(2, [%s, %s, %s])", a, e(), e())
	case 58:
		return fmt.Sprintf("bisect.bisect([%s, %s], %s)", a, e(), e())
	case 59:
		return fmt.Sprintf("sorted([%s, %s], key=functools.cmp_to_key(%s))", a, e(), g.callable(sc))
	case 60:
		return fmt.Sprintf("collections.Counter(%s)", a)
	case 61:
		return fmt.Sprintf("list(itertools.groupby([%s, %s, %s]))", a, e(), e())
	case 62:
		return fmt.Sprintf("list(itertools.accumulate(%s, %s))", a, g.callable(sc))
	case 63:
		return fmt.Sprintf("pprint.pformat(%s)", a)
	case 64:
		return fmt.Sprintf("re.sub('a', %s, 'banana')", g.callable(sc))
	case 65:
		return fmt.Sprintf("math.%s(%s)", pick(g, []string{"floor", "ceil", "trunc", "fsum", "prod", "isqrt", "gcd"}), a)
	case 66:
		return fmt.Sprintf("dataclasses.asdict(%s)", a)
	case 67:
		return fmt.Sprintf("traceback.format_exception(%s)", a)
	case 68:
		return fmt.Sprintf("collections.OrderedDict([(%s, %s)]) == %s", a, e(), e())
	case 69:
		return fmt.Sprintf("collections.deque([%s, %s], %s)", a, e(), pick(g, []string{"1", "None", "2"}))
	case 70:
		return fmt.Sprintf("collections.defaultdict(%s)[%s]", g.callable(sc), a)
	case 71:
		return fmt.Sprintf("json.loads('[{\"a\": 1}, 2.5, 7]', object_hook=%s, parse_float=%s, parse_int=%s)", g.callable(sc), g.callable(sc), g.callable(sc))
	case 72:
		return fmt.Sprintf("dict(**%s)", a)
	case 73:
		return fmt.Sprintf("%s(*%s)", pick(g, []string{"print", "max", "min", "zip", "list", "dict", "C0"}), prim(a))
	case 74:
		return fmt.Sprintf("'%%d %%x %%.2f' %% (%s, %s, %s)", a, e(), e())
	case 75:
		return fmt.Sprintf("[%s] * %s", a, e())
	case 76:
		return fmt.Sprintf("slice(%s)", a)
	case 77:
		return fmt.Sprintf("bytes(%s)", a)
	case 78:
		return fmt.Sprintf("list(%s).index(%s)", a, e())
	default:
		if sc.async && len(g.asyncs) > 0 {
			return fmt.Sprintf("(await %s(%s))", pick(g, g.asyncs), a)
		}
		return fmt.Sprintf("hex(%s)", a)
	}
}

// prim makes e usable as the operand of a call, subscript or attribute.
func prim(e string) string {
	for i, c := range e {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return "(" + e + ")"
		}
	}
	return e
}

// use writes a statement that drives objects through a protocol.
func (g *gen) use(ind int, sc scope) {
	o := func() string {
		if g.p(0.7) {
			return g.obj()
		}
		return g.expr(sc, 1)
	}
	if g.p(0.5) {
		g.line(ind, "_r = %s", g.protocol(sc))
		return
	}
	switch g.n(24) {
	case 0, 1, 2, 3:
		g.line(ind, "_r = %s", g.expr(sc, 3))
	case 4:
		g.line(ind, "print(%s)", g.expr(sc, 2))
	case 5:
		g.line(ind, "for _x in %s:", o())
		g.line(ind+1, "_n[0] += 1")
		g.line(ind+1, "if _n[0] > 60:")
		g.line(ind+2, "break")
		g.line(ind+1, "%s", pick(g, []string{"_l.append(_x)", "_d[_x] = _x", "_s.add(_x)", "_l.remove(_x)", "del _d[_x]", "print(_x)", "_l.sort(key=repr)"}))
	case 6:
		g.line(ind, "for _k in %s:", pick(g, []string{"_l", "_d", "_s", "_d.items()", "_d.keys()"}))
		g.line(ind+1, "%s", strings.ReplaceAll(pick(g, []string{"_l.append(_k)", "_d[{o}] = _k", "_s.add({o})", "_d.pop(_k, None)", "_s.discard(_k)"}), "{o}", o()))
		g.line(ind+1, "if len(_l) > 50:")
		g.line(ind+2, "break")
	case 7:
		g.line(ind, "with %s as _w:", o())
		g.line(ind+1, "_l.append(%s)", g.expr(scope{locals: []string{"_w"}, async: sc.async}, 1))
	case 8:
		g.line(ind, "%s.%s = %s", prim(o()), pick(g, []string{"x", "y", "p", "q", "d", "__class__", "__dict__", "z"}), g.expr(sc, 1))
	case 9:
		g.line(ind, "del %s.%s", prim(o()), pick(g, []string{"x", "p", "d", "missing"}))
	case 10:
		g.line(ind, "%s[%s] = %s", prim(o()), g.expr(sc, 1), g.expr(sc, 1))
	case 11:
		g.line(ind, "%s %s= %s", g.obj(), pick(g, []string{"+", "*", "|", "-"}), g.expr(sc, 1))
	case 12:
		g.line(ind, "_a, _b = %s", o())
	case 13:
		g.line(ind, "match %s:", o())
		g.line(ind+1, "case %s(x=1) | %s(_, _):", g.cls(), g.cls())
		g.line(ind+2, "_l.append(1)")
		g.line(ind+1, "case [_a, *_b]:")
		g.line(ind+2, "_l.append(_b)")
		g.line(ind+1, "case {'k': _v, **_rest}:")
		g.line(ind+2, "_l.append(_v)")
		g.line(ind+1, "case _:")
		g.line(ind+2, "pass")
	case 14:
		g.line(ind, "raise %s", g.exception(scope{locals: []string{g.obj()}}))
	case 15:
		g.line(ind, "try:")
		g.line(ind+1, "raise %s", g.exception(scope{locals: []string{g.obj()}}))
		g.line(ind, "except %s as _e2:", pick(g, append(append([]string{"(ValueError, (TypeError,))", "Exception"}, g.classes...), g.objs...)))
		g.line(ind+1, "_l.append(str(_e2))")
	case 16:
		if len(g.gens) > 0 {
			gen := pick(g, g.gens)
			switch g.n(4) {
			case 0:
				g.line(ind, "_r = list(%s(%s))", gen, o())
			case 1:
				g.line(ind, "_g = %s(%s)", gen, o())
				g.line(ind, "_r = [next(_g), _g.send(%s), _g.throw(%s)]", o(), pick(g, []string{"ValueError", "StopIteration", "GeneratorExit"}))
			case 2:
				g.line(ind, "_g = %s(%s)", gen, o())
				g.line(ind, "_gs.append(_g)")
				g.line(ind, "_r = sorted(_g, key=%s)", g.callable(sc))
			default:
				g.line(ind, "_r = dict(zip(%s(%s), %s(%s)))", gen, o(), gen, o())
			}
			return
		}
		g.line(ind, "_r = hash(%s)", o())
	case 17:
		if len(g.asyncs) > 0 {
			fn := pick(g, g.asyncs)
			switch g.n(4) {
			case 0:
				g.line(ind, "_r = await %s(%s)", fn, o())
			case 1:
				g.line(ind, "_r = await asyncio.gather(%s(%s), %s(%s), return_exceptions=%s)", fn, o(), pick(g, g.asyncs), o(), pick(g, []string{"True", "False"}))
			case 2:
				g.line(ind, "_r = asyncio.run(%s(%s))", fn, o())
			default:
				g.line(ind, "_r = await asyncio.wait_for(%s(%s), 0.05)", fn, o())
			}
			return
		}
		g.line(ind, "_r = await %s", o())
	case 18:
		g.line(ind, "_r = sorted(%s, key=lambda _v: (%s, _l.append(_v)))", pick(g, []string{"_l", "[" + o() + ", " + o() + "]"}), g.expr(scope{locals: []string{"_v"}}, 1))
	case 19:
		g.line(ind, "_l.sort(key=lambda _v: %s)", pick(g, []string{"_l.append(_v)", "_l.clear()", "repr(_v)", "_v"}))
	case 20:
		g.line(ind, "_r = %s is %s or %s", prim(o()), prim(o()), g.expr(sc, 2))
	case 21:
		if g.p(0.5) {
			g.line(ind, "%s.__class__ = %s", g.obj(), g.cls())
			g.line(ind, "_r = %s", g.protocol(sc))
			return
		}
		g.line(ind, "%s = %s", g.obj(), g.construct(sc))
	case 22:
		g.line(ind, "_d[%s] = %s", o(), o())
		g.line(ind, "_r = _d.get(%s), %s in _d, _s | {%s}", o(), o(), o())
	default:
		g.line(ind, "_r = [%s for _y in %s if %s]", g.expr(scope{locals: []string{"_y"}}, 1), o(), g.expr(scope{locals: []string{"_y"}}, 1))
	}
}

// protocols apply one protocol to objects ({a} and {b}).
var protocols = []string{
	"repr({a})", "str({a})", "hash({a})", "len({a})", "bool({a})", "list({a})", "sorted([{a}, {b}])",
	"{a} == {b}", "{a} != {b}", "{a} < {b}", "{a} >= {b}", "{a} in {b}", "{a}[0]", "{a}['k']", "{a}[1:2]", "format({a}, '')",
	"'{}'.format({a})", "f'{{a}!r:>4}'", "'%s %r' % ({a}, {b})", "json.dumps({a})", "json.dumps([{a}], default=repr)", "copy.deepcopy({a})",
	"copy.copy({a})", "isinstance({a}, ({b}, (int, {b})))", "issubclass(type({a}), (type({b}),))", "{a}()", "{a}({b})", "{a}.x", "{a}.p",
	"{a}.missing", "setattr({a}, 'x', {b})", "delattr({a}, 'x')", "getattr({a}, 'y', None)", "hasattr({a}, 'p')", "iter({a})", "next(iter({a}))",
	"set([{a}, {b}])", "{{a}: 1, {b}: 2}", "{{a}: 1}[{b}]", "dict.fromkeys([{a}, {b}])", "operator.index({a})", "[1, 2, 3][{a}]", "-{a}", "abs({a})",
	"{a} + {b}", "{a} * 2", "{a} % {b}", "{a} | {b}", "min({a}, {b})", "max([{a}, {b}])", "sum([{a}, {b}])", "list(zip({a}, {b}))",
	"list(map({a}, [1]))", "list(filter({a}, [{b}]))", "any({a})", "range({a})", "hex({a})", "int({a})", "float({a})", "round({a})",
	"vars({a})", "dir({a})", "type({a})()", "type({a}).mro()", "super(type({a}), {a}).__repr__()", "[*{a}]", "{**{a}}", "print({a})",
	"{a}.__class__", "[{a}, {b}].index({b})", "[{a}].count({b})", "[{a}, {b}].remove({b})", "({a}, 1) < ({b}, 2)", "collections.Counter([{a}, {b}])",
	"heapq.heapify([{a}, {b}, {a}])", "pprint.pformat([{a}, {b}])", "dataclasses.replace({a})", "enumerate({a}, {b})", "divmod({a}, {b})",
	"pow({a}, {b}, 7)", "bytes({a})", "'abc'[{a}]", "'x'.join({a})", "str({a}).join([{b}])", "json.dumps({{a}: 1})", "{a}.__dict__",
	"type({a}).__dict__['x']", "object.__getattribute__({a}, '__class__')", "object.__repr__({a})", "object.__eq__({a}, {b})",
	// Methods of builtin bases, bound and unbound, on instances of
	// other classes (receiver checks).
	"{a}.append({b})", "{a}.keys()", "{a}.items()", "{a}.pop()", "{a}.update({b})", "{a}.sort()", "{a}.copy()", "{a}.upper()",
	"{a}.args", "{a}.with_traceback(None)", "{a}.add_note('n')", "{a}.bit_length()", "{a}.get(1)", "{a}.extend({b})",
	"{a}.insert(0, {b})", "{a}.__init__()", "type({a}).__init__({b})", "type({a}).__new__(type({b}))", "list.append({a}, 1)",
	"dict.keys({a})", "type({a}).append({b}, 1)", "type({a}).__len__({b})", "type({a}).__getitem__({b}, 0)", "type({a}).__repr__({b})",
	"super(type({a}), {b}).__len__()", "type({a}).__eq__({b}, {a})", "type({a}).__hash__({b})", "str.join({a}, [])", "int.__add__({a}, 1)",
	"{a}.__class__.__init__({b}, 1)", "{a}.__reduce_ex__(2)", "{a}.__sizeof__()", "{a}.__format__('')", "{a}.__dir__()",
	// The shared containers that dunders mutate, searched with objects
	// whose __eq__ runs during the search.
	"_d.__setitem__({a}, {b})", "_d.get({a})", "{a} in _d", "_d.setdefault({a}, {b})", "_d.pop({a}, None)", "_s.add({a})",
	"{a} in _s", "_s.discard({a})", "_l.index({a})", "_l.remove({a})", "_l.count({a})", "_d == {{a}: {b}}", "_s == {{a}, {b}}",
}

// protocol applies one protocol to one or two objects.
func (g *gen) protocol(sc scope) string {
	t := pick(g, protocols)
	return strings.NewReplacer("{a}", prim(g.obj()), "{b}", prim(g.obj())).Replace(t)
}

// genFunc defines a generator function over its argument.
func (g *gen) genFunc(name string) {
	sc := scope{locals: []string{"x"}}
	if len(g.gens) == 0 {
		g.line(0, "_gs = []")
	}
	g.line(0, "def %s(x):", name)
	for range 1 + g.n(3) {
		switch g.n(6) {
		case 0:
			g.line(1, "yield from x")
		case 1:
			g.line(1, "_v = yield %s", g.expr(sc, 1))
			g.line(1, "_l.append(_v)")
		case 2:
			g.line(1, "for _z in x:")
			g.line(2, "yield _z")
			g.line(2, "_l.append(_z)")
		case 3:
			g.line(1, "if _gs:")
			g.line(2, "yield from _gs[-1]")
		case 4:
			g.line(1, "try:")
			g.line(2, "yield x")
			g.line(1, "finally:")
			g.line(2, "_l.append(%s)", g.expr(sc, 1))
		default:
			g.line(1, "yield %s", g.expr(sc, 2))
		}
	}
	g.line(1, "return %s", g.expr(sc, 1))
	g.gens = append(g.gens, name)
}

// asyncFunc defines a coroutine function that awaits, iterates and
// enters its argument asynchronously.
func (g *gen) asyncFunc(name string) {
	sc := scope{locals: []string{"x"}, async: true}
	g.line(0, "async def %s(x):", name)
	for range 1 + g.n(3) {
		switch g.n(6) {
		case 0:
			g.line(1, "await x")
		case 1:
			g.line(1, "async for _z in x:")
			g.line(2, "_l.append(_z)")
			g.line(2, "if len(_l) > 40:")
			g.line(3, "break")
		case 2:
			g.line(1, "async with x as _y:")
			g.line(2, "_l.append(_y)")
		case 3:
			if len(g.asyncs) > 0 {
				g.line(1, "await %s(%s)", pick(g, g.asyncs), g.expr(sc, 1))
			} else {
				g.line(1, "await asyncio.sleep(0)")
			}
		case 4:
			g.line(1, "%s(x)", name)
		default:
			g.line(1, "_l.append(%s)", g.expr(sc, 2))
		}
	}
	g.line(1, "return %s", g.expr(sc, 1))
	g.asyncs = append(g.asyncs, name)
}
