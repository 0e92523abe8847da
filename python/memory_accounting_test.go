package python_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/compile"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/syntax"
	"github.com/toolplane/toolplane/python/vm"
)

// accountingKinds are the kinds of object a snippet can create in bulk:
// each expr is evaluated n times into one list (i is the index), after the
// setup code, and the list is what the run keeps.
var accountingKinds = []struct {
	name, setup, expr string
	n                 int
}{
	{"int", "", "i + 10**6", 200000},
	{"float", "", "i * 1.5", 200000},
	{"big int", "", "(1 << 200) + i", 100000},
	{"str short", "", "str(i)", 200000},
	{"str 40", "", "'x' * 40 + str(i)", 100000},
	{"bytes", "", "str(i).encode()", 200000},
	{"bytearray", "", "bytearray(8)", 100000},
	{"tuple 2", "", "(i, i)", 200000},
	{"tuple 5", "", "(i, i, i, i, i)", 100000},
	{"list empty", "", "[]", 200000},
	{"list 3", "", "[i, i, i]", 100000},
	{"dict empty", "", "{}", 100000},
	{"dict 2", "", "{'a': i, 'b': i}", 100000},
	{"dict 20", "", "dict.fromkeys(range(20))", 20000},
	{"dict of a made str key", "a = 'x' * 790", "{a + str(i): 0}", 20000},
	{"set empty", "", "set()", 100000},
	{"set 3", "", "{i, i + 1, i + 2}", 100000},
	{"frozenset", "", "frozenset((i, i + 1))", 100000},
	{"instance", "class D: pass", "D()", 100000},
	{"instance 2 attrs", "class P:\n    def __init__(self, x):\n        self.x = x\n        self.y = x", "P(i)", 100000},
	{"instance slots", "class S:\n    __slots__ = ('x',)\n    def __init__(self, x):\n        self.x = x", "S(i)", 100000},
	{"instance fresh class", "", "type('C', (), {})()", 10000},
	{"class", "", "type('C', (), {})", 10000},
	{"class statement", "def mk():\n    class K:\n        def m(self): pass\n    return K", "mk()", 10000},
	{"class by metaclass", "class M(type): pass", "M('C', (), {})", 10000},
	{"class statement metaclass", "class M(type):\n    def __call__(cls): return 1\ndef mk():\n    class K(metaclass=M):\n        def m(self): pass\n    return K", "mk()", 10000},
	{"dict subclass", "class DD(dict): pass", "DD()", 100000},
	{"int subclass", "class II(int): pass", "II(i)", 100000},
	{"str subclass", "class SS(str): pass", "SS(str(i))", 100000},
	{"intflag pseudo-member", "import enum\nclass PF(enum.IntFlag):\n    A = 1", "PF(i << 1)", 20000},
	{"exception", "", "ValueError(i)", 100000},
	// Results shorter than the room reserved for them (their input's
	// length): each must keep no more than its length. (The inputs shrink
	// by half or less: the charges are made for the room.)
	{"str.translate dropping", "s = 'a' * 1000 + 'b' * 1000\ntb = {97: None}", "s.translate(tb)", 20000},
	{"str.lower shrinking", "s = '\u212a' * 500 + '\\xe9' * 1000", "s.lower()", 10000},
	{"str.upper shrinking", "s = '\u017f' * 1000 + '\\xe9' * 500", "s.upper()", 10000},
	{"str.swapcase shrinking", "s = '\u212a' * 500 + '\\xe9' * 1000", "s.swapcase()", 10000},
	{"str.casefold shrinking", "s = '\u212a' * 500 + '\\xe9' * 1000", "s.casefold()", 10000},
	{"str.title shrinking", "s = '\u212a' * 500 + '\\xe9' * 1000", "s.title()", 10000},
	{"str.lower long shrinking", "s = '\u212a' * 50000 + '\\xe9' * 100000", "s.lower()", 100},
	{"bytes.decode ignoring", "b = b'\\xff' * 1000 + b'x' * 1000", "b.decode('utf-8', 'ignore')", 20000},
	{"bytes.decode utf-16", "b = 'x'.encode('utf-16-le') * 1000", "b.decode('utf-16-le')", 20000},
	{"bytes.fromhex spaces", "h = ' ' * 1000 + '00' * 500", "bytes.fromhex(h)", 20000},
	{"base64 decode discarding", "import base64\nj = b'!' * 1000 + b'AAAA' * 250", "base64.b64decode(j)", 20000},
	{"bytes.hex grouped", "b = bytes(1000)", "b.hex(':', 1000)", 20000},
	{"bytes.decode ascii", "b = b'x' * 1000", "b.decode('ascii')", 20000},
	{"bytes.decode latin-1", "b = b'\\xe9' * 1000", "b.decode('latin-1')", 20000},
	{"str.encode latin-1", "s = '\\xe9' * 1000", "s.encode('latin-1')", 20000},
	{"bytearray.decode", "ba = bytearray(b'x' * 1000)", "ba.decode()", 20000},
	{"str of a bytearray", "ba = bytearray(b'x' * 1000)", "str(ba, 'utf-8')", 20000},
	// format % args past the length of a one-block str.
	{"str % str", "s = 'ab' * 1000", "'%s!' % s", 10000},
	{"str % tuple", "s = 'ab' * 1000", "'%s|%5d' % (s, i)", 10000},
	{"str % dict", "d = {'k': 'ab' * 1000}", "'%(k)s!' % d", 10000},
	{"bytes % bytes", "b = b'ab' * 1000", "b'%s!' % b", 10000},
	{"str.format", "s = 'ab' * 1000", "'{}!{}'.format(s, i)", 10000},
	{"str.format_map", "d = {'k': 'ab' * 1000}", "'{k}!'.format_map(d)", 10000},
	{"exception raised 510 deep", excDeep, "c()", 500},
	{"exception 510 deep, tb walked", excDeep + "\ndef w():\n    e = c()\n    tb = e.__traceback__\n    while tb:\n        tb = tb.tb_next\n    return e", "w()", 500},
	{"function", "", "(lambda: 0)", 100000},
	{"closure", "def mk(x):\n    return lambda: x", "mk(i)", 100000},
	{"bound method", "class M:\n    def m(self): pass\no = M()", "o.m", 100000},
	{"generator", "def g():\n    yield 1", "g()", 50000},
	{"generator started", "def g():\n    yield 1\n    yield 2\ndef st():\n    x = g()\n    next(x)\n    return x", "st()", 50000},
	{"genexpr", "", "(x for x in ())", 50000},
	{"coroutine", "async def co():\n    pass", "co()", 50000},
	{"future", "import asyncio", "asyncio.gather()", 50000},
	{"sleep awaitable", "import asyncio", "asyncio.sleep(0)", 50000},
	{"lock acquire", "import asyncio\nk = asyncio.Lock()", "k.acquire()", 50000},
	{"complex", "", "complex(i, 1)", 100000},
	{"slice", "", "slice(i, i + 1)", 100000},
	{"range", "", "range(i)", 100000},
	{"list iterator", "l = [1, 2]", "iter(l)", 100000},
	{"enumerate", "l = [1, 2]", "enumerate(l)", 100000},
	{"zip", "l = [1, 2]", "zip(l, l)", 100000},
	{"map", "l = [1, 2]", "map(abs, l)", 100000},
	{"dict keys", "d = {1: 2}", "d.keys()", 100000},
	{"partial", "import functools", "functools.partial(abs, i)", 50000},
	{"deque", "import collections", "collections.deque()", 50000},
	{"itertools subclass with attributes", "import itertools\nclass IC(itertools.count):\n    def __init__(self, i):\n        self.a = i\n        self.b = i", "IC(i)", 20000},
	{"queue.Queue", "import queue", "queue.Queue()", 20000},
	{"queue.Queue holding items", "import queue\ndef mk(i):\n    q = queue.Queue()\n    for j in range(8):\n        q.put((i, j))\n    return q", "mk(i)", 5000},
	{"queue.PriorityQueue holding items", "import queue\ndef mk(i):\n    q = queue.PriorityQueue()\n    for j in range(8):\n        q.put((j, i))\n    return q", "mk(i)", 5000},
	{"queue.SimpleQueue", "import queue", "queue.SimpleQueue()", 20000},
	{"namedtuple", "import collections\nNT = collections.namedtuple('NT', 'a b')", "NT(i, i)", 50000},
	{"staticmethod", "", "staticmethod(abs)", 100000},
	{"property", "", "property(abs)", 100000},
	{"json object", "import json\ndoc = '{\"id\": 123456, \"name\": \"n\", \"tags\": [1.5, \"xy\"]}'", "json.loads(doc)", 50000},
	{"json list", "import json\ndoc = '[100000, 2.5, \"abc\", [], {}]'", "json.loads(doc)", 50000},
	{"re match", "import re\ns = 'ab' * 50", "re.match('a', s)", 50000},
	{"re match fresh subject", "import re", "re.search('a', 'a' * 20 + str(i))", 50000},
	{"re pattern", "import re", "re.compile('a{%d}[b-y]+(?P<g>z)' % i)", 10000},
	// Strs up to one block long (1 KiB) that their maker does not charge
	// (a concatenation, a format, a slice, a short str's repr), kept in a
	// list, a display or an attribute: storing them is what charges them.
	{"str concatenation kept", "a = 'x' * 790", "a + str(i)", 20000},
	{"str % kept", "a = 'x' * 790", "'%s%d' % (a, i)", 20000},
	{"f-string kept", "a = 'x' * 790", "f'{a}{i}'", 20000},
	{"str slice kept", "a = 'x' * 790", "(a + str(i))[1:]", 20000},
	{"tuple display of a concatenation", "a = 'x' * 790", "(a + str(i),)", 20000},
	{"repr with escapes", "", "repr('\\x00' * 900 + str(i))", 20000},
	{"str.split of a short line", "a = 'x' * 790", "(a + str(i) + ' y').split()", 20000},
	{"exception with a str message", "a = 'x' * 790", "ValueError(a + str(i))", 20000},
	{"instance str slot", "a = 'x' * 790\nclass S:\n    __slots__ = ('s',)\n    def __init__(self, s):\n        self.s = s", "S(a + str(i))", 20000},
	{"instance str by setattr", "a = 'x' * 790\nclass C:\n    pass\ndef mk(s):\n    c = C()\n    setattr(c, 'v', s)\n    return c", "mk(a + str(i))", 20000},
	{"str.partition of a short line", "a = 'x' * 790", "(a + str(i) + ':y').partition(':')", 20000},
	{"exception keyword attributes", "a = 'x' * 790", "ImportError('m', name=a + str(i), path=a + str(i + 1))", 20000},
	{"instance str and float attrs", "a = 'x' * 790\nclass P:\n    def __init__(self, x):\n        self.x = x * 1.5\n        self.s = a + str(x)", "P(i)", 20000},
	// The same strs kept by what keeps a call's arguments: a closure's
	// cell, a *args tuple (functools.partial, a namedtuple's fields,
	// operator.methodcaller), a suspended generator's or coroutine's
	// frame, a value sent into a generator, a builtin object made from
	// them, list.insert and add_note (each charged 0.08-0.38 of its
	// heap before they were charged as stored).
	{"closure cell of an argument", "a = 'x' * 790\ndef mk(s):\n    return lambda: s", "mk(a + str(i))", 20000},
	{"closure cell stored", "a = 'x' * 790\ndef mk(s):\n    v = None\n    def g():\n        nonlocal v\n        v = s\n    g()\n    return g", "mk(a + str(i))", 20000},
	{"*args tuple kept", "a = 'x' * 790\ndef f(*args):\n    return args", "f(a + str(i))", 20000},
	{"functools.partial of a str", "import functools\na = 'x' * 790", "functools.partial(len, a + str(i))", 20000},
	{"namedtuple of a str", "import collections\nNT = collections.namedtuple('NT', 'a b')\na = 'x' * 790", "NT(a + str(i), 1)", 20000},
	{"operator.methodcaller of a str", "import operator\na = 'x' * 790", "operator.methodcaller('m', a + str(i))", 20000},
	{"generator of a str", "a = 'x' * 790\ndef g(s):\n    yield 1\n    yield s\ndef st(s):\n    x = g(s)\n    next(x)\n    return x", "st(a + str(i))", 20000},
	{"coroutine of a str", "a = 'x' * 790\nasync def co(s):\n    pass", "co(a + str(i))", 20000},
	{"str sent into a generator", "a = 'x' * 790\ndef g():\n    x = yield\n    yield\ndef mk(s):\n    it = g()\n    next(it)\n    it.send(s)\n    return it", "mk(a + str(i))", 20000},
	{"slice of a str", "a = 'x' * 790", "slice(a + str(i))", 20000},
	{"property with a str doc", "a = 'x' * 790", "property(None, None, None, a + str(i))", 20000},
	{"staticmethod of a str", "a = 'x' * 790", "staticmethod(a + str(i))", 20000},
	{"types.MethodType of a str", "import types\na = 'x' * 790", "types.MethodType(len, a + str(i))", 20000},
	{"iter of a str", "a = 'x' * 790", "iter(a + str(i))", 20000},
	{"itertools.repeat of a str", "import itertools\na = 'x' * 790", "itertools.repeat(a + str(i))", 20000},
	{"list.insert of a str", "a = 'x' * 790\ndef mk(s):\n    h = []\n    h.insert(0, s)\n    return h", "mk(a + str(i))", 20000},
	{"exception add_note", "a = 'x' * 790\ndef mk(s):\n    e = ValueError()\n    e.add_note(s)\n    return e", "mk(a + str(i))", 20000},
	// Iterators a library or builtin function makes, which no
	// constructor charges, and the Go state their closures keep.
	{"re finditer", "import re\ns = 'ab' * 50", "re.finditer('a', s)", 20000},
	{"iter(callable, sentinel)", "", "iter(int, 1)", 50000},
	{"asyncio.as_completed", "import asyncio", "asyncio.as_completed([])", 20000},
	{"itertools.repeat", "import itertools", "itertools.repeat(i)", 50000},
	{"itertools.accumulate", "import itertools\nl = [1]", "itertools.accumulate(l)", 50000},
	{"itertools.cycle holding items", "import itertools\ndef mk(i):\n    c = itertools.cycle(iter(range(i, i + 50)))\n    for _ in range(50):\n        next(c)\n    return c", "mk(i)", 5000},
	{"itertools.permutations", "import itertools\nl = list(range(20))", "itertools.permutations(l, 3)", 10000},
	{"itertools.combinations_with_replacement", "import itertools\nl = [1]", "itertools.combinations_with_replacement(l, 2)", 50000},
}

// builtKinds are results a builtin grows by doubling (strings.Builder's
// appends) without knowing their size: the walk of each must be at least
// builtMinRatio of its heap, or the result keeps up to twice the room it is
// counted for. Their charges are bounded as any kind's: a builder's
// growth was held in 64 KiB chunks, so a short result (str() of a big
// int, the repr of a small list, json.dumps of a small value) was charged
// 60-830 times its heap, and a loop of them measured what the run
// retains every limit/64 KiB calls.
var builtKinds = map[string]bool{}

func init() {
	for _, k := range []struct {
		name, setup, expr string
		n                 int
	}{
		{"json.dumps grown", "import json\nl = ['ab'] * 166", "json.dumps(l)", 4000},
		{"datetime.strftime grown", "import datetime\nd = datetime.datetime(2024, 1, 2, 3, 4, 5)\nf = '%Y-%m-%d %H:%M:%S ' * 50", "d.strftime(f)", 4000},
		{"time.strftime grown", "import time\nf = '%Y-%m-%d %H:%M:%S ' * 50\ntt = (2024, 1, 2, 3, 4, 5, 1, 2, 0)", "time.strftime(f, tt)", 4000},
		{"re.sub grown", "import re\ns = 'ab' * 250", "re.sub('a', 'xyz', s)", 4000},
		{"str of a big int", "a = 10 ** 700", "str(a + i)", 20000},
		{"repr of a short list", "a = 'x' * 700", "repr([a, i])", 20000},
		{"json.dumps of a short list", "import json\nl = ['ab'] * 20", "json.dumps(l)", 20000},
	} {
		builtKinds[k.name] = true
		accountingKinds = append(accountingKinds, k)
	}
}

// partKinds are parts of a longer str or bytes (a slice, a strip, a piece
// of a split, a regex group) kept while the parent is dropped: a Go
// substring shares its parent's array, which the walk cannot see, so a
// part kept all of its parent counted as its own length (walk 0.01 of the
// heap: 30000 3-character slices of fresh 100 KB strs took toolplane run
// to 3.0 GB under its 512 MiB limit). Each parent is made afresh and
// charged, so only the walk is held to the heap here.
var partKinds = []struct {
	name, setup, expr string
	n                 int
}{
	{"slice", "s = 'x' * 9995", "(s + str(i))[-3:]", 5000},
	{"slice of a non-ASCII str", "s = '\\xe9' * 9995", "(s + str(i))[-3:]", 5000},
	{"strip", "s = ' ' * 9995", "(s + str(i)).strip()", 5000},
	{"lstrip chars", "s = 'x' * 9995", "(s + str(i)).lstrip('x')", 5000},
	{"split", "s = 'x' * 9995", "(str(i) + ' ' + s).split()[0]", 5000},
	{"split sep", "s = 'x' * 9995", "(str(i) + ',' + s).split(',')[0]", 5000},
	{"split unpacked", "s = 'x' * 2995\ndef f(i):\n    a, b = (str(i) + ',' + s).split(',')\n    return a", "f(i)", 5000},
	{"rsplit", "s = 'x' * 9995", "(s + ' ' + str(i)).rsplit(None, 1)[1]", 5000},
	{"partition", "s = 'x' * 9995", "(str(i) + ':' + s).partition(':')[0]", 5000},
	{"partition unpacked", "s = 'x' * 9995\ndef f(i):\n    a, _, b = (str(i) + ':' + s).partition(':')\n    return a", "f(i)", 5000},
	{"removesuffix", "s = 'x' * 9995", "(str(i) + s).removesuffix(s)", 5000},
	{"splitlines", "s = 'x' * 9995", "(str(i) + '\\n' + s).splitlines()[0]", 5000},
	{"bytes strip", "s = b' ' * 9995", "(s + str(i).encode()).strip()", 5000},
	{"bytes split", "s = b'x' * 9995", "(str(i).encode() + b',' + s).split(b',')[0]", 5000},
	{"bytes partition", "s = b'x' * 9995", "(str(i).encode() + b',' + s).partition(b',')[0]", 5000},
	{"re group", "import re\ns = 'x' * 9995", "re.match('(\\d+)', str(i) + s).group(1)", 5000},
	{"re findall", "import re\ns = 'x' * 9995", "re.findall('\\d+', str(i) + s)", 5000},
}

// TestPartsKeepNoMoreThanTheirLength: a kept part of a longer str or
// bytes is measured by the walk at no less than accountingMinRatio of
// the heap it keeps.
func TestPartsKeepNoMoreThanTheirLength(t *testing.T) {
	modules := lib.Modules()
	for _, k := range partKinds {
		heap, _, walked, err := measureKind(modules, k.setup, k.expr, k.n)
		if err != nil {
			t.Errorf("%s: %v", k.name, err)
			continue
		}
		t.Logf("%-26s heap %8.1f walked %8.1f bytes per part", k.name, heap, walked)
		if walked/heap < accountingMinRatio {
			t.Errorf("%s: the walk measures %.1f bytes per kept part for %.1f on the heap (ratio %.2f, want at least %.1f)",
				k.name, walked, heap, walked/heap, accountingMinRatio)
		}
	}
}

// excDeep defines c(), which returns an exception raised 510 calls deep.
const excDeep = "def f(n):\n    if n == 0:\n        raise ValueError(n)\n    f(n - 1)\ndef c():\n    try:\n        f(510)\n    except ValueError as e:\n        return e"

const (
	// accountingMinRatio is the least the accounting may charge for a kind
	// as a fraction of the Go heap its objects take: below it, a snippet
	// building that kind holds more than the memory limit says.
	accountingMinRatio = 0.8
	// accountingMaxRatio is the most the walk may measure: above it, a
	// snippet is refused at a fraction of its limit.
	accountingMaxRatio = 3.0
	// accountingMaxCharged is the most the charges may count: they only
	// decide when the run measures, so above it runs measure more often
	// than they need.
	accountingMaxCharged = 6.0
	// builtMinRatio is the least the walk may measure of a builtKinds
	// result's heap: its length, with the slack fitSlack lets it keep.
	builtMinRatio      = 0.88
	accountingChildEnv = "TOOLPLANE_ACCOUNTING_CHILD"
)

// TestAccountingMatchesHeap measures, for every kind of object a snippet
// can build in bulk, the Go heap its objects take (the live heap after a
// collection, with and without them) against both measures of the memory
// accounting: the charges made while the run builds them (the counter
// that decides when to measure) and the retained size the walk of the
// roots measures (what a run and a session are held to). Neither may be
// under accountingMinRatio of the heap: an undercount lets a snippet hold
// more than its limit (instances of a new class each held four times the
// limit's worth). The walk may not be over accountingMaxRatio (it would
// refuse a snippet that fits), the charges not over accountingMaxCharged. It runs in a child process, so other tests' garbage does not
// blur the heap readings.
func TestAccountingMatchesHeap(t *testing.T) {
	if os.Getenv(accountingChildEnv) != "" {
		runAccountingChild(t)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestAccountingMatchesHeap$", "-test.count=1")
	cmd.Env = append(os.Environ(), accountingChildEnv+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v\n%s\n%s", err, tail(string(out), 2000), tail(stderr.String(), 2000))
	}
	var table strings.Builder
	fmt.Fprintf(&table, "%-22s %9s %9s %9s  (bytes per object, with its list slot)\n", "kind", "heap", "charged", "walked")
	seen := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 5 || f[0] != "KIND" {
			continue
		}
		seen++
		heap, _ := strconv.ParseFloat(f[2], 64)
		charged, _ := strconv.ParseFloat(f[3], 64)
		walked, _ := strconv.ParseFloat(f[4], 64)
		fmt.Fprintf(&table, "%-22s %9.1f %9.1f %9.1f\n", f[1], heap, charged, walked)
		checks := []struct {
			what     string
			v        float64
			min, max float64
		}{{"charged while built", charged, accountingMinRatio, accountingMaxCharged}, {"measured by the walk", walked, accountingMinRatio, accountingMaxRatio}}
		if builtKinds[f[1]] {
			checks = []struct {
				what     string
				v        float64
				min, max float64
			}{{"charged while built", charged, accountingMinRatio, accountingMaxCharged}, {"measured by the walk", walked, builtMinRatio, accountingMaxRatio}}
		}
		for _, m := range checks {
			if r := m.v / heap; r < m.min || r > m.max {
				t.Errorf("%s: %s %.1f bytes per object for %.1f on the heap (ratio %.2f, want %.2f to %.1f)",
					f[1], m.what, m.v, heap, r, m.min, m.max)
			}
		}
	}
	if seen != len(accountingKinds) {
		t.Errorf("the child reported %d of %d kinds:\n%s", seen, len(accountingKinds), tail(stderr.String(), 2000))
	}
	t.Logf("\n%s", table.String())
}

// runAccountingChild measures every kind and prints a KIND line each:
// name, heap, charged and walked bytes per object.
func runAccountingChild(t *testing.T) {
	const space = 4 << 30
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: space, Max: space}); err != nil {
		t.Log("setrlimit:", err)
	}
	modules := lib.Modules()
	for _, k := range accountingKinds {
		heap, charged, walked, err := measureKind(modules, k.setup, k.expr, k.n)
		if err != nil {
			t.Errorf("%s: %v", k.name, err)
			continue
		}
		fmt.Printf("KIND\t%s\t%.1f\t%.1f\t%.1f\n", k.name, heap, charged, walked)
	}
}

// measureKind runs setup, then builds keep = [expr for i in range(n)],
// and returns per object the live heap the list adds, what the run
// charged while building it, and what the walk of the list measures.
func measureKind(modules vm.Modules, setup, expr string, n int) (heap, charged, walked float64, err error) {
	code := func(src string) (*vm.CodeObj, error) {
		mod, err := syntax.Parse("kind.py", []byte(src))
		if err != nil {
			return nil, err
		}
		prog, err := compile.Module("kind.py", mod, compile.Options{})
		if err != nil {
			return nil, err
		}
		return vm.NewCode(prog.Module), nil
	}
	setupCode, err := code(setup + "\n")
	if err != nil {
		return 0, 0, 0, err
	}
	build, err := code(fmt.Sprintf("keep = [%s for i in range(%d)]\n", expr, n))
	if err != nil {
		return 0, 0, 0, err
	}
	globals := vm.NewDict()
	globals.SetStr("__name__", vm.Str("kind"))
	limits := vm.Limits{Steps: 1 << 40, MaxMemoryBytes: 1 << 40}
	if _, err := vm.NewThread(vm.Config{Modules: modules, Limits: limits}).RunModule(setupCode, globals); err != nil {
		return 0, 0, 0, err
	}
	before := heapAfterGC()
	th := vm.NewThread(vm.Config{Modules: modules, Limits: limits})
	if _, err := th.RunModule(build, globals); err != nil {
		return 0, 0, 0, err
	}
	after := heapAfterGC()
	keep, _ := globals.GetStr("keep")
	runtime.KeepAlive(globals)
	per := func(b int64) float64 { return float64(b) / float64(n) }
	return per(after - before), per(th.MemoryUsed()), per(vm.SizeOf(keep)), nil
}

// heapAfterGC returns the heap's allocated bytes after a full collection.
func heapAfterGC() int64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// TestMemoryLimitFitsRealData is the other side of the accounting: a
// snippet whose data takes half its memory limit on the Go heap completes
// (a session keeping it too), whatever the data is made of, so counting
// every object at its real size does not refuse honest work.
func TestMemoryLimitFitsRealData(t *testing.T) {
	const limit = 16 << 20
	// Each builds about 8 MiB on the heap (TestAccountingMatchesHeap's
	// bytes per object, times n).
	for _, c := range []struct{ expr, n string }{
		{"i + 1000", "240000"},
		{"'x' * 100 + str(i)", "55000"},
		{"{'id': i, 'name': 'n%d' % i}", "30000"},
		{"P(i)", "30000"},
		{"(i, str(i))", "70000"},
		{"[i]", "80000"},
		{"bytes(1024)", "7000"},
	} {
		src := "class P:\n    def __init__(self, x):\n        self.x = x\n        self.y = x\nkeep = [" + c.expr + " for i in range(" + c.n + ")]\n"
		prog, err := python.Compile("fits.py", src, python.CompileOptions{})
		if err != nil {
			t.Fatal(err)
		}
		g := python.NewGlobals()
		if _, err := prog.Run(context.Background(), python.RunOptions{Globals: g, Limits: python.Limits{MaxMemoryBytes: limit}}); err != nil {
			t.Errorf("[%s for i in range(%s)] under a %d MiB limit: %v", c.expr, c.n, limit>>20, err)
			continue
		}
		if kept := g.SizeBytes(); kept > limit {
			t.Errorf("[%s for i in range(%s)]: the session keeps %d MiB, over the %d MiB limit", c.expr, c.n, kept>>20, limit>>20)
		}
	}
}
