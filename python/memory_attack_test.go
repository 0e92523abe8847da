package python_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/vm"
)

// memoryAttacks are allocations a hostile snippet can cause, one or more per
// class of builtin: each expression's value is appended to a list the session
// keeps, so repeating the snippet accumulates until the memory limit stops it.
// The sizes are chosen so a few runs fill attackMemoryLimit (or one run is far
// over it).
var memoryAttacks = []memoryAttack{
	// bytes and bytearray
	{"bytes", "bytes(10**8)"},
	{"bytes", "bytes(10**7)"},
	{"bytes", "bytes(10**10)"},
	{"bytes", "bytearray(10**7)"},
	{"bytes", "b'x' * 10**7"},
	{"bytes", "bytes(range(256)) * 40000"},
	{"bytes", "bytes(bytearray(10**7))"},
	{"bytes", "bytes(10**6) + bytes(10**7)"},
	{"bytes", "(b'x' * 5 * 10**6).hex()"},
	{"bytes", "(b'x' * 10**6).hex(':')"},
	{"bytes", "bytes.fromhex('00' * 5 * 10**6)"},
	{"bytes", "b'x'.join([b'ab'] * 10**6)"},
	{"bytes", "(b'a' * 10**4).replace(b'a', b'x' * 1000)"},
	{"bytes", "bytes(10**7).split(b'\\x00')"},
	{"bytes", "bytearray(10**7).rsplit(b'\\x00')"},
	{"bytes", "(b'a ' * 5 * 10**6).split()"},
	{"bytes", "(b'\\n' * 10**7).splitlines()"},
	{"bytes", "bytearray(10**7).center(10**8)"},
	{"bytes", "list(bytes(10**7))"},
	{"bytes", "bytes(10**7).decode()"},
	{"bytes", "bytes(10**7).upper()"},
	{"bytes", "(1).to_bytes(10**7, 'big')"},
	{"bytes", "(1).to_bytes(10**9, 'big')"},
	// str methods
	{"str", "'a' * 10**7"},
	{"str", "'a' * 10**10"},
	{"str", "'ab'.ljust(10**7)"},
	{"str", "'ab'.rjust(10**7, 'é')"},
	{"str", "'ab'.center(10**7)"},
	{"str", "'1'.zfill(10**7)"},
	{"str", "('\\t' * 10**6).expandtabs(10**6)"},
	{"str", "('a' * 10**7).upper()"},
	{"str", "('ß' * 10**6).upper()"},
	{"str", "('a' * 10**6).title()"},
	{"str", "('a' * 10**4).replace('a', 'b' * 1000)"},
	{"str", "','.join(['abc'] * 10**6)"},
	{"str", "' '.join(str(i) for i in range(10**6))"},
	{"str", "('a ' * 10**6).split()"},
	{"str", "('a\\n' * 10**6).splitlines()"},
	{"str", "list('a' * 10**7)"},
	{"str", "reversed('é' * 3 * 10**6)"},
	{"bytes", "reversed(b'x' * 3 * 10**6)"},
	{"str", "('é' * 10**6).encode()"},
	{"str", "('ab' * 10**6).translate({97: 'xxxxxxxx'})"},
	{"str", "('a' * 10**6).partition('b')"},
	{"str", "'a' * 10**6 + 'b' * 10**6"},
	// formatting
	{"format", "f'{1:>100000000}'"},
	{"format", "f'{1:>1000000000}'"},
	{"format", "f'{\"x\":>{10**7}}'"},
	{"format", "'%*d' % (10**8, 1)"},
	{"format", "'%s' % ('x' * 10**7,)"},
	{"format", "'{:>{}}'.format(1, 10**8)"},
	{"format", "format(1.5, '>100000000')"},
	{"format", "format(10**100, ',').rjust(10**7)"},
	// repr and str of containers
	{"repr", "repr('\\x00' * 10**7)"},
	{"repr", "repr(b'\\x00' * 10**7)"},
	{"repr", "ascii('é' * 10**6)"},
	{"repr", "str(list(range(10**6)))"},
	{"repr", "repr([['x' * 100] * 1000] * 100)"},
	{"repr", "repr({i: 'x' * 50 for i in range(10**5)})"},
	{"repr", "str(tuple(['ab' * 50] * 10**5))"},
	// big ints
	{"int", "1 << 10**9"},
	{"int", "10**10**8"},
	{"int", "1 << (1 << 22) - 1"},
	{"int", "(1 << 2**21) * (1 << 2**21)"},
	{"int", "[(1 << 100000) + i for i in range(1000)]"},
	{"int", "pow(7, 10**7)"},
	{"int", "int('1' * 10**7)"},
	// sequences and repetition
	{"container", "[0] * 10**8"},
	{"container", "[0] * 10**6"},
	{"container", "(1,) * 10**6"},
	{"container", "[[0] * 1000] * 1000 + [[0] * 1000] * 1000"},
	{"container", "list(range(10**6))"},
	{"container", "list(range(10**9))"},
	{"container", "tuple(range(10**6))"},
	{"container", "set(range(10**6))"},
	{"container", "frozenset(range(10**6))"},
	{"container", "dict.fromkeys(range(10**6))"},
	{"container", "{i: i for i in range(10**6)}"},
	{"container", "sorted(range(10**6))"},
	{"container", "list(reversed(range(10**6)))"},
	{"container", "list(zip(range(10**6), range(10**6)))"},
	{"container", "list(enumerate(range(10**6)))"},
	{"container", "list(map(str, range(10**6)))"},
	{"container", "dict(zip(range(10**6), range(10**6)))"},
	{"container", "[str(i) for i in range(10**6)]"},
	{"container", "{str(i) for i in range(10**6)}"},
	{"container", "list(x for x in range(10**6))"},
	{"container", "[].extend(range(10**6)) or list(range(10**5)) * 10"},
	{"container", "list(range(10**5)) + list(range(10**6))"},
	{"container", "(lambda d: d | {-1: 0})(dict.fromkeys(range(10**6)))"},
	{"container", "{**dict.fromkeys(range(10**6))}"},
	{"container", "[*range(10**6)]"},
	{"container", "set(range(10**6)) | set(range(10**6, 2 * 10**6))"},
	// collections
	{"collections", "collections.Counter(range(10**6))"},
	{"collections", "collections.deque(range(10**6))"},
	{"collections", "collections.OrderedDict.fromkeys(range(10**6))"},
	// itertools
	{"itertools", "list(itertools.product(range(100), repeat=4))"},
	{"itertools", "list(itertools.permutations(range(10)))"},
	{"itertools", "list(itertools.combinations(range(100), 4))"},
	{"itertools", "list(itertools.combinations_with_replacement(range(60), 5))"},
	{"itertools", "list(itertools.repeat('x', 10**7))"},
	{"itertools", "list(itertools.accumulate(range(10**6)))"},
	{"itertools", "list(itertools.islice(itertools.count(), 10**7))"},
	{"itertools", "list(itertools.chain.from_iterable([range(1000)] * 10**4))"},
	{"itertools", "list(itertools.zip_longest(range(10**6), []))"},
	{"itertools", "list(itertools.pairwise(range(10**6)))"},
	{"itertools", "[list(g) for k, g in itertools.groupby(range(10**6))]"},
	{"itertools", "list(itertools.islice(itertools.tee(itertools.count())[0], 10**7))"},
	// json
	{"json", "json.dumps(list(range(10**6)))"},
	{"json", "json.dumps(['\\x00' * 100] * 10**5)"},
	{"json", "json.dumps([[[[[1]]]]] * 10**5, indent=10**4)"},
	{"json", "json.dumps([1], indent=10**9)"},
	{"json", "json.loads('[' + '1,' * 10**6 + '1]')"},
	{"json", "json.loads('\"' + 'a' * 10**7 + '\"')"},
	{"json", "json.loads('[' + '{\"a\": 1},' * 10**5 + '{}]')"},
	{"json", "json.loads('[' + '{},' * 10**6 + '{}]')"},
	{"json", "json.loads('[' + '[],' * 10**6 + '[]]')"},
	{"json", "json.loads('[' + '\"ab\",' * 10**6 + '\"\"]')"},
	{"json", "json.loads('[' + '1.5,' * 10**6 + '1]')"},
	{"json", "json.loads('[' + '100000,' * 10**6 + '1]')"},
	{"json", "json.loads('[' + '1' * 4000 + ',' + ('1' * 4000 + ',') * 1000 + '1]')"},
	{"json", "json.loads('\"' + 'a' * 3 * 10**6 + '\"')"},
	{"re", "re.findall('a', 'a' * 10**6)"},
	{"re", "re.findall('(a)(b)', 'ab' * 10**6)"},
	{"re", "re.split('(a)', 'ab' * 10**6)"},
	{"re", "list(re.finditer('a', 'a' * 10**6))"},
	{"re", "[m.span() for m in re.finditer('a', 'a' * 10**6)]"},
	{"re", "[re.compile('a{%d}' % i) for i in range(10**4)]"},
	{"re", "re.findall('.', 'é' * 10**6)"},
	{"re", "re.compile('a|' * 100000 + str(len(keep)))"},
	{"re", "[re.compile('a|' * 20000 + str(i)) for i in range(200)] and 0"},
	{"re", "re.match('a', 'a' * 2 * 10**6 + str(len(keep)))"},
	{"re", "[re.match('a', 'a' * 10**5 + str(i)) for i in range(200)]"},
	{"re", "(re.findall('a', 'b' * 2 * 10**6 + str(len(keep))), re)[1]"},
	{"re", "re.finditer('a', 'b' * 2 * 10**6 + str(len(keep)))"},
	// base64, binascii, hashlib
	{"base64", "base64.b64encode(bytes(10**7))"},
	{"base64", "base64.b85encode(bytes(2 * 10**6))"},
	{"base64", "base64.b64decode(b'AAAA' * 4 * 10**6)"},
	{"base64", "binascii.hexlify(bytes(5 * 10**6))"},
	{"base64", "binascii.b2a_base64(bytes(10**7))"},
	{"hashlib", "hashlib.shake_256(b'x').digest(10**7)"},
	{"hashlib", "hashlib.shake_256(b'x').hexdigest(10**7)"},
	// re
	{"re", "re.sub('a', 'b' * 1000, 'a' * 10**5)"},
	{"re", "re.sub('(a)', '\\\\1' * 1000, 'a' * 10**5)"},
	{"re", "re.findall('', 'a' * 10**6)"},
	{"re", "re.findall('(a)(a)', 'a' * 10**6)"},
	{"re", "re.split('a', 'a' * 10**6)"},
	{"re", "re.escape('\\t' * 10**7)"},
	{"re", "re.match('(a|b)*c', 'ab' * 10**6)"},
	{"re", "[m.group() for m in re.finditer('a', 'a' * 10**6)]"},
	// textwrap, struct, html, urllib, pprint, io, csv, random, secrets
	{"textwrap", "textwrap.indent('a\\n' * 10**6, ' ' * 10)"},
	{"struct", "struct.pack('10000000x')"},
	{"struct", "struct.pack('%ds' % 10**9, b'')"},
	{"struct", "struct.pack('%dB' % 10**7, *range(10**7))"},
	{"html", "html.escape('&' * 5 * 10**6)"},
	{"html", "html.unescape('&amp;' * 10**6)"},
	{"urllib", "urllib.parse.quote('\\x00' * 5 * 10**6)"},
	{"pprint", "pprint.pformat(list(range(10**6)))"},
	{"io", "(lambda s: [s.write('x' * 10**6) for _ in range(50)] and s.getvalue())(io.StringIO())"},
	{"csv", "(lambda s: csv.writer(s).writerows([['x' * 100] * 10] * 10**4) or s.getvalue())(io.StringIO())"},
	{"random", "random.randbytes(10**8)"},
	{"random", "random.choices(range(10), k=10**7)"},
	{"random", "random.sample(range(10**8), 10**6)"},
	{"random", "secrets.token_hex(10**8)"},
	{"datetime", "datetime.datetime(2020, 1, 1).strftime('%1024Y' * 10**5)"},
	{"decimal", "format(decimal.Decimal('1e100000000'), 'f')"},
	{"fractions", "fractions.Fraction(10**4000, 3) ** 1000"},
	// library functions that build many values in Go
	{"struct", "struct.unpack('%di' % 10**6, bytes([1, 2, 3, 4]) * 10**6)"},
	{"struct", "list(struct.iter_unpack('d', bytes(range(8)) * 10**6))"},
	{"csv", "list(csv.reader(['a,bb,ccc,' + str(i) for i in range(10**5)]))"},
	{"csv", "list(csv.DictReader(['a,b'] + ['1,2'] * 10**5))"},
	{"io", "io.StringIO('ab\\n' * 10**6).readlines()"},
	{"urllib", "urllib.parse.parse_qsl('a=1&' * 10**6)"},
	{"urllib", "urllib.parse.parse_qs('a=1&' * 10**6)"},
	{"unicodedata", "unicodedata.normalize('NFKD', '\\ufdfa' * 10**6)"},
	{"collections", "collections.Counter(str(i) for i in range(10**6))"},
	{"container", "''.join(map(chr, range(10**6)))"},
	{"container", "list(zip(*[range(10**5)] * 10))"},
	{"container", "sorted(map(str, range(10**6)))"},
	{"itertools", "list(itertools.starmap(pow, [(2, 100)] * 10**6))"},
	{"statistics", "statistics.multimode(range(10**6))"},
	{"bytes", "bytes(range(256)).translate(bytes(range(256)), b'') * 40000"},
	{"str", "str.maketrans('ab', 'cd') and ('ab' * 10**6).translate(str.maketrans({'a': 'x' * 100}))"},
	{"json", "json.loads(json.dumps({str(i): [i, str(i), None] for i in range(10**5)}))"},
	{"json", "json.loads('[' + ','.join(['[' * 50 + ']' * 50] * 10**4) + ']')"},
	{"re", "re.sub('a', lambda m: m.group() * 10, 'a' * 10**6)"},
	{"re", "re.split('(a)(b)?', 'a' * 10**6)"},
	// values a builtin keeps in Go while it calls back into the snippet
	// (sort keys, a join's pieces, a container being filled from a
	// generator): reachable from no frame, they must still be counted
	{"callback", "sorted(range(10**5), key=lambda v: [v] * 100)"},
	{"callback", "[].sort(key=None) or sorted(range(10**5), key=lambda v: (str(v) * 50,))"},
	{"callback", "''.join(str(i) * 100 for i in range(10**5))"},
	{"callback", "b''.join(bytes(100) for i in range(10**5))"},
	{"callback", "set(str(i) * 50 for i in range(10**5))"},
	{"callback", "frozenset(str(i) * 50 for i in range(10**5))"},
	{"callback", "dict((i, [i] * 50) for i in range(10**5))"},
	{"callback", "tuple([i] * 50 for i in range(10**5))"},
	{"callback", "heapq.nsmallest(10**5, range(10**5), key=lambda v: [v] * 100)"},
	{"callback", "list(map(lambda v: [v] * 100, range(10**5)))"},
	{"callback", "collections.deque([i] * 50 for i in range(10**5))"},
	{"callback", "collections.OrderedDict((i, [i] * 50) for i in range(10**5))"},
	{"callback", "dict.fromkeys(str(i) * 50 for i in range(10**5))"},
	{"callback", "[*zip([[i] * 50 for i in range(10**5)])]"},
	{"callback", "{**{i: [i] * 50 for i in range(10**5)}}"},
	{"callback", "(lambda f: any(f(i) is None for i in range(10**5)) or f)(functools.lru_cache(maxsize=None)(lambda x: [x] * 50))"},
	{"callback", "(lambda f: any(f(i) is None for i in range(10**5)) or f)(functools.cache(lambda x: [x] * 50))"},
	{"callback", "(lambda c: next(itertools.islice(c, 10**5, None)) and c)(itertools.cycle([i] * 50 for i in range(10**5)))"},
	{"callback", "copy.deepcopy([[i] * 50 for i in range(10**4)] * 10)"},
	{"callback", "(lambda g: [next(g) for _ in range(2)] and g)(itertools.groupby([[i] * 50 for i in range(10**5)], key=lambda v: 0))"},
	{"callback", "(lambda it: next(it) and it)(itertools.zip_longest(([i] * 50 for i in range(10**5)), range(10**6)))"},
	{"callback", "list(itertools.accumulate(range(10**4), lambda a, b: [b] * 50))"},
	{"callback", "(lambda q: [heapq.heappush(q, [i] * 50) for i in range(10**5)] and q)([])"},
	{"callback", "[*itertools.combinations(range(10**3), 2)]"},
	// library objects whose state lives in Go, kept in the session
	{"objects", "struct.Struct('i' * 10**6)"},
	{"objects", "struct.Struct('%di' % 10**6)"},
	{"objects", "operator.itemgetter(*range(10**6))"},
	{"objects", "operator.attrgetter(*['a%d' % i for i in range(10**5)])"},
	{"objects", "operator.methodcaller('m', *range(10**6))"},
	{"objects", "functools.partial(print, *range(10**6))"},
	{"objects", "decimal.Decimal('1' * 10**6)"},
	{"objects", "fractions.Fraction(10**20000, 3)"},
	{"objects", "random.Random(10**20000)"},
	{"objects", "hashlib.sha256(b'x' * 10**7)"},
	{"objects", "collections.ChainMap(*[{}] * 10**6)"},
	{"objects", "string.Template('$a' * 10**6)"},
	{"callback", "itertools.islice([0] * (10**6 - 10**5), 1)"},
	{"callback", "itertools.chain([[0] * (10**6 - 10**5)])"},
	{"callback", "(lambda a: next(a) and a)(itertools.accumulate([[0] * (10**6 - 10**5)]))"},
	{"callback", "itertools.product([0] * (10**6 - 10**5))"},
	// exceptions, generators, closures
	{"exception", "ValueError('x' * 10**7)"},
	{"exception", "[ValueError('x' * 10**4) for _ in range(10**4)]"},
	{"exception", "str(KeyError('x' * 10**7))"},
	{"generator", "[(lambda: (yield 'x' * 10**6))() for _ in range(1)] and [''.join('x' for _ in range(10**7))]"},
	{"instance", "[type('C', (), {})() for _ in range(10**6)]"},
	{"instance", "[(lambda: i) for i in range(10**6)]"},
	// objects the interpreter makes one by one: each small, many of them
	{"instance", "(lambda D: [D() for _ in range(10**6)])(type('D', (), {}))"},
	{"instance", "(lambda P: [P() for _ in range(10**6)])(type('P', (), {'__init__': lambda s: setattr(s, 'x', s) or setattr(s, 'y', [])}))"},
	{"instance", "(lambda S: [S() for _ in range(10**6)])(type('S', (), {'__slots__': ('x',)}))"},
	{"instance", "(lambda o: [setattr(o, 'a%d' % i, i) for i in range(10**6)] and o)(type('O', (), {})())"},
	{"instance", "[type('C', (), {}) for _ in range(10**5)]"},
	{"instance", "[ValueError(i) for i in range(10**6)]"},
	{"instance", "[object() for _ in range(10**6)]"},
	{"closure", "[(lambda x: lambda: x)(i) for i in range(10**6)]"},
	{"closure", "[(lambda *a, **k: lambda: (a, k))(i, k=i) for i in range(10**6)]"},
	{"closure", "[[].append for _ in range(10**6)]"},
	{"generator", "[(lambda: (yield))() for _ in range(10**6)]"},
	{"generator", "[(x for x in ()) for _ in range(10**6)]"},
	{"instance", "(lambda L: [L.create_future() for _ in range(10**6)])(asyncio.get_running_loop())"},
	{"instance", "(lambda L: [asyncio.sleep(0) for _ in range(10**6)])(asyncio.get_running_loop())"},
	{"instance", "(lambda L: [L.create_task(asyncio.sleep(0)) for _ in range(10**5)])(asyncio.get_running_loop())"},
	{"instance", "(lambda L: [L.call_later(1000, print) for _ in range(10**6)])(asyncio.get_running_loop())"},
	{"instance", "(lambda f: [f.add_done_callback(print) for _ in range(10**6)] and f)(asyncio.get_running_loop().create_future())"},
	{"instance", "(lambda L: [L.call_soon(print) for _ in range(10**6)])(asyncio.get_running_loop())"},
	{"iterator", "[iter([]) for _ in range(10**6)]"},
	{"iterator", "[zip((), ()) for _ in range(10**6)]"},
	{"iterator", "[enumerate(map(abs, ())) for _ in range(10**6)]"},
	{"iterator", "[slice(i, i) for i in range(10**6)]"},
	{"iterator", "[range(i) for i in range(10**6)]"},
	{"container", "[(i, i, i) for i in range(10**6)]"},
	{"container", "[[i] for i in range(10**6)]"},
	{"container", "[{i} for i in range(10**6)]"},
	{"container", "[{'a': i} for i in range(10**6)]"},
	{"container", "[{} for i in range(10**6)]"},
	{"container", "functools.reduce(lambda x, i: (x, i), range(10**7), None)"},
	{"container", "functools.reduce(lambda x, i: [x], range(10**7), None)"},
	{"container", "[i * 1.5 for i in range(10**7)]"},
	{"container", "[str(i) for i in range(10**7)]"},
	// values made one by one and stored into slots charged before: each
	// must be charged as it is made, not only as a container grows
	{"container", "(lambda l: any(l.__setitem__(i, str(i + 10**6)) for i in range(len(l))) or l)([None] * 5 * 10**5)"},
	{"container", "(lambda l: any(l.__setitem__(i, i * 1.5) for i in range(len(l))) or l)([None] * 5 * 10**5)"},
	{"container", "(lambda l: any(l.__setitem__(i, i + 10**6) for i in range(len(l))) or l)([None] * 5 * 10**5)"},
	{"container", "(lambda d: any(d.__setitem__(i, 'k%d' % i) for i in range(len(d))) or d)(dict.fromkeys(range(2 * 10**5)))"},
	{"container", "(lambda l: any(l.__setitem__(i, str(i)[:3] + 'x') for i in range(len(l))) or l)([None] * 5 * 10**5)"},
	{"container", "(lambda l: any(l.__setitem__(slice(len(l), None), range(10**5)) for _ in range(100)) or l)([])"},
	// array: every way to build an array or a value out of one
	{"array", "array.array('d', [0.0]) * 10**6"},
	{"array", "array.array('b', bytes(10**7))"},
	{"array", "array.array('q', range(10**6))"},
	{"array", "array.array('u', 'x' * 10**6)"},
	{"array", "array.array('u', 'é' * 10**6)"},
	{"array", "(lambda a: a.frombytes(bytes(8 * 10**6)) or a)(array.array('Q'))"},
	{"array", "array.array('i', range(10**6)).tobytes()"},
	{"array", "array.array('i', range(10**6)).tolist()"},
	{"array", "array.array('u', 'x' * 10**6).tounicode()"},
	{"array", "repr(array.array('i', range(10**5)))"},
	{"array", "repr(array.array('u', '\\x00' * 10**6))"},
	{"array", "array.array('i', range(10**6))[::2]"},
	{"array", "bytes(array.array('i', range(10**6)))"},
	{"array", "bytearray(array.array('i', range(10**6)))"},
	{"array", "(lambda a: a.extend(a) or a)(array.array('i', range(10**6)))"},
	{"array", "(lambda a: a.fromlist(list(range(10**6))) or a)(array.array('q'))"},
	{"array", "array.array('i', range(10**6)) + array.array('i', range(10**6))"},
	{"array", "(lambda a: a.__imul__(1000))(array.array('i', range(10**4)))"},
	{"array", "(lambda a: a.__iadd__(a))(array.array('d', range(10**6)))"},
	{"instance", "[array.array('b') for _ in range(10**6)]"},
	{"instance", "[array.array('d', [i]) for i in range(10**6)]"},
	{"array", "array.array('d', array.array('i', range(10**6)))"},
	{"array", "(lambda a: a.__setitem__(slice(0, 0), array.array('i', range(10**6))) or a)(array.array('i'))"},
	{"array", "list(array.array('i', range(10**6)))"},
	{"array", "copy.deepcopy(array.array('i', range(10**6)))"},
	{"array", "copy.copy(array.array('i', range(10**6)))"},
	{"array", "(lambda a: [a.append(i) for i in range(10**6)] and a)(array.array('q'))"},
	{"array", "(lambda a: a.fromunicode('x' * 10**6) or a)(array.array('u'))"},
	{"array", "array.array('B', bytes(10**6)) * 10"},
	{"array", "10 * array.array('B', bytes(10**6))"},
	{"array", "[*array.array('i', range(10**6))]"},
	{"array", "array.array('i', range(10**6)).__reduce_ex__(2)"},
	{"array", "str(array.array('d', range(10**5)))"},
	// exception groups: made one by one, and rebuilt by split, subgroup
	// and except* once per listing of a shared sub-group
	// repr of a structure that lists one container many times: 2**40
	// leaves in 40 lists
	{"repr", "repr(functools.reduce(lambda l, _: [l, l], range(40), [1]))"},
	{"repr", "repr(functools.reduce(lambda l, _: collections.deque([l, l]), range(40), 1))"},
	{"repr", "json.dumps(functools.reduce(lambda l, _: [l, l], range(40), [1]))"},
	{"instance", "[ExceptionGroup('g', [ValueError()]) for _ in range(10**5)]"},
	{"instance", "functools.reduce(lambda g, _: ExceptionGroup('g', [g] * 15), range(8), ValueError()).split(ValueError)"},
	{"instance", "functools.reduce(lambda g, _: ExceptionGroup('g', [g] * 15), range(8), ValueError()).subgroup(lambda e: e.__class__ is not ExceptionGroup)"},
	// dir() and object.__dir__ of a class with many attributes: the list of
	// names, charged as it is made
	{"container", "[dir(c) for c in [type('A', (), dict.fromkeys(map(str, range(50000))))] for _ in range(100)]"},
	{"container", "[c.__dir__() for c in [type('A', (), dict.fromkeys(map(str, range(50000))))()] for _ in range(100)]"},
	// object.__getstate__ of an instance of many slots: a new dict each time
	{"container", "[o.__getstate__() for C in [type('C', (), {'__slots__': tuple('s%d' % i for i in range(20000))})] for o in [C()] if [setattr(o, n, 1) for n in C.__slots__] for _ in range(100)]"},
}

// objectAttackClasses are the classes of memoryAttacks that make many small
// objects in the VM (instances, classes, closures, generators, iterators,
// containers), held to a tighter bound than the others: the limit plus
// three quarters of the margin.
var objectAttackClasses = map[string]bool{"instance": true, "closure": true, "generator": true, "iterator": true, "container": true}

// attackModules are the modules the attacks use: a snippet imports those
// its expression names.
var attackModules = []string{"asyncio", "collections", "functools", "itertools", "json", "base64", "binascii", "hashlib", "re",
	"textwrap", "struct", "html", "urllib.parse", "pprint", "io", "csv", "random", "secrets", "datetime",
	"decimal", "fractions", "unicodedata", "statistics", "heapq", "copy", "operator", "string", "array"}

// attackKnownGaps are attacks that still break the stated bound, with the
// reason; TestAttackMemory fails when one of them starts to hold, so the
// list only shrinks.
var attackKnownGaps = map[string]string{}

const (
	// attackMemoryLimit is the runs' memory limit in the attack table.
	attackMemoryLimit = 16 << 20
	// attackResidentSlack is how far the resident memory may pass the Go
	// memory limit: the limit is soft, and the collector starts when the
	// heap reaches it, finishing while the run allocates on.
	attackResidentSlack = 32 << 20
	// attackRepeats is how often each attack runs in one session.
	attackRepeats = 100
	// attackChildEnv marks the re-executed test binary.
	attackChildEnv = "TOOLPLANE_MEMORY_ATTACK_CHILD"
	attackFromEnv  = "TOOLPLANE_MEMORY_ATTACK_FROM"
	attackToEnv    = "TOOLPLANE_MEMORY_ATTACK_TO"
	// attackAddressSpace caps the child's address space, so a failing
	// limit ends the child, never the machine.
	attackAddressSpace = 6 << 30
)

// TestAttackMemory runs every memoryAttacks expression attackRepeats times in
// one session under a attackMemoryLimit limit, each run appending the value
// to a list the session keeps (after three runs that fail with MemoryError
// and leave the session unchanged, the rest would repeat them exactly and
// are skipped), and requires: every run ends by completing or with
// MemoryError; the live heap (sampled after every collection) stays within
// the limit plus vm.HeapMargin over its baseline, and the resident memory
// within that plus attackResidentSlack (the Go memory limit is soft); what the session retains after
// the last run is within the limit; and the process survives. The cases run
// in a child process (this test binary re-executed, its address space
// capped), so a failure ends that child rather than the machine.
func TestAttackMemory(t *testing.T) {
	if os.Getenv(attackChildEnv) != "" {
		runAttackChild()
		return
	}
	// Two children, each with half the table, share the work.
	half := len(memoryAttacks) / 2
	var results [2][]attackResult
	var wg sync.WaitGroup
	for k, span := range [][2]int{{0, half}, {half, len(memoryAttacks)}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[k] = runAttackChildren(t, os.Args[0], "^TestAttackMemory$", span[0], span[1])
		}()
	}
	wg.Wait()
	all := append(results[0][:half], results[1][half:]...)
	// The heap a collection reports live includes everything allocated
	// while it was marking, so on a loaded machine, where one concurrent
	// mark can span several runs, a single measurement can count a few
	// runs' garbage as live. An undercounted object kind is retained every
	// time, so a measured overrun is measured twice more, alone: it counts
	// only if every measurement shows it.
	for i, a := range memoryAttacks {
		for retry := 0; retry < 2 && measuredOverrun(a, all[i]) != ""; retry++ {
			first := measuredOverrun(a, all[i])
			r := runAttackChildren(t, os.Args[0], "^TestAttackMemory$", i, i+1)[i]
			t.Logf("%s: measured again after %q: %d KiB live, %d KiB resident", a.expr, first, r.liveKiB, r.peakKiB)
			if measuredOverrun(a, r) == "" || r.problem != "" && !strings.HasPrefix(r.problem, measuredPrefix) {
				all[i] = r
			}
		}
	}
	var table strings.Builder
	for i, a := range memoryAttacks {
		r := all[i]
		fmt.Fprintf(&table, "%-11s %6d KiB live %6d KiB resident %6d KiB kept %3d MemoryError  %s\n", a.class, r.liveKiB, r.peakKiB, r.keptKiB, r.memErrors, a.expr)
		gap, known := attackKnownGaps[a.expr]
		if r.problem == "" {
			r.problem = measuredOverrun(a, r)
		}
		switch {
		case r.problem != "" && !known:
			t.Errorf("%s: %s", a.expr, r.problem)
		case r.problem != "":
			t.Logf("known gap (%s): %s: %s", gap, a.expr, r.problem)
		case known:
			t.Errorf("%s now holds: remove it from attackKnownGaps", a.expr)
		}
	}
	t.Logf("limit %d MiB, margin %d MiB; peak resident growth per attack (%d runs each):\n%s",
		attackMemoryLimit>>20, vm.HeapMargin(attackMemoryLimit)>>20, attackRepeats, table.String())
}

// measuredPrefix starts the child's problems that are measurements of the
// heap or the resident set rather than outcomes of the runs.
const measuredPrefix = "measured: "

// measuredOverrun says how r's measurements overran, or "". What the VM
// makes object by object is counted at its real size
// (TestAccountingMatchesHeap), so the object classes stay well within the
// margin: reaching its last quarter means an object kind is undercounted
// again.
func measuredOverrun(a memoryAttack, r attackResult) string {
	if strings.HasPrefix(r.problem, measuredPrefix) {
		return r.problem
	}
	if ceiling := int64(attackMemoryLimit + vm.HeapMargin(attackMemoryLimit)*3/4); objectAttackClasses[a.class] && r.problem == "" && r.liveKiB<<10 > ceiling {
		return fmt.Sprintf("the live heap grew %d MiB, over the limit plus three quarters of the margin (%d MiB)", r.liveKiB>>10, ceiling>>20)
	}
	return ""
}

// memoryAttack is one expression of the attack table and its class.
type memoryAttack struct{ class, expr string }

// attackResult is what the child reports of one attack.
type attackResult struct {
	liveKiB, peakKiB, keptKiB int64
	memErrors                 int
	problem                   string
}

// runAttackChildren runs cases [from, n) in child processes of bin, starting
// a new child after a case that killed one.
func runAttackChildren(t *testing.T, bin, run string, from, n int) []attackResult {
	results := make([]attackResult, n)
	for from < n {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		cmd := exec.CommandContext(ctx, bin, "-test.run="+run, "-test.count=1")
		cmd.Env = append(os.Environ(), attackChildEnv+"=1", fmt.Sprintf("%s=%d", attackFromEnv, from), fmt.Sprintf("%s=%d", attackToEnv, n))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		running := -1
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			f := strings.SplitN(sc.Text(), " ", 7)
			if len(f) < 2 {
				continue
			}
			i, err := strconv.Atoi(f[1])
			if err != nil || i < 0 || i >= n {
				continue
			}
			switch {
			case f[0] == "ATTACK-START":
				running = i
			case f[0] == "ATTACK-DONE" && len(f) == 7:
				r := &results[i]
				r.liveKiB, _ = strconv.ParseInt(f[2], 10, 64)
				r.peakKiB, _ = strconv.ParseInt(f[3], 10, 64)
				r.keptKiB, _ = strconv.ParseInt(f[4], 10, 64)
				r.memErrors, _ = strconv.Atoi(f[5])
				r.problem = f[6]
				running, from = -1, i+1
			}
		}
		waitErr := cmd.Wait()
		cancel()
		if running < 0 {
			if from < n {
				results[from].problem = fmt.Sprintf("the child stopped before the case: %v: %s", waitErr, tail(stderr.String(), 800))
				from++
			}
			continue
		}
		results[running].problem = fmt.Sprintf("the process died (%v): %s", waitErr, tail(stderr.String(), 800))
		from = running + 1
	}
	return results
}

// runAttackChild runs the attacks from attackFromEnv on, as an isolated
// worker would run them: its Go memory limit at the run's limit plus the
// margin over its baseline. No heap guard: the accounting alone must hold.
func runAttackChild() {
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: attackAddressSpace, Max: attackAddressSpace}); err != nil {
		fmt.Fprintln(os.Stderr, "setrlimit:", err)
	}
	from, _ := strconv.Atoi(os.Getenv(attackFromEnv))
	to, err := strconv.Atoi(os.Getenv(attackToEnv))
	if err != nil || to > len(memoryAttacks) {
		to = len(memoryAttacks)
	}
	python.TuneGC()
	modules := lib.Modules()
	for i := from; i < to; i++ {
		fmt.Printf("ATTACK-START %d\n", i)
		live, peak, kept, memErrors, problem := runAttack(modules, memoryAttacks[i].expr, attackMemoryLimit, attackRepeats)
		fmt.Printf("ATTACK-DONE %d %d %d %d %d %s\n", i, live>>10, peak>>10, kept>>10, memErrors, strings.ReplaceAll(problem, "\n", " "))
	}
}

// runAttack runs `keep.append(expr)` repeats times in one session and
// reports the growth of the peak live heap and of the peak resident set over
// their baselines, what the session keeps, how many runs ended with
// MemoryError, and what went wrong.
func runAttack(modules vm.Modules, expr string, limit int64, repeats int) (live, peak, kept int64, memErrors int, problem string) {
	debug.FreeOSMemory()
	base := residentBytes()
	baseLive := liveHeap()
	margin := vm.HeapMargin(limit)
	ceiling := base + limit + margin
	debug.SetMemoryLimit(ceiling)
	defer debug.SetMemoryLimit(math.MaxInt64)
	resetPeakResident()
	// The live heap after each collection, the part of the heap the
	// accounting answers for (the rest is garbage the memory limit makes
	// the collector reclaim), is sampled through the runs.
	var peakLive atomic.Int64
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			if l := liveHeap(); l > peakLive.Load() {
				peakLive.Store(l)
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	src := "try:\n    keep\nexcept NameError:\n    keep = []\nkeep.append(" + expr + ")\n"
	for _, m := range attackModules {
		if strings.Contains(expr, m+".") {
			src = "import " + m + "\n" + src
		}
	}
	prog, err := python.Compile("attack.py", src, python.CompileOptions{Snippet: true})
	if err != nil {
		return 0, 0, 0, 0, err.Error()
	}
	g := python.NewGlobals()
	steady := 0
	for r := 0; r < repeats && steady < 3; r++ {
		before := g.SizeBytes()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, err := prog.Run(ctx, python.RunOptions{Globals: g, Modules: modules,
			Limits: python.Limits{MaxMemoryBytes: limit, Steps: 1 << 40}})
		cancel()
		var exc *python.Exception
		switch {
		case err == nil:
			steady = 0
		case errors.As(err, &exc) && exc.Type == "MemoryError":
			memErrors++
			// A run that failed and left the session as it found it
			// will fail the same way every time: stop after three.
			if g.SizeBytes() == before {
				steady++
			}
		case errors.As(err, &exc) && (exc.Type == "ValueError" || exc.Type == "OverflowError") && r == 0:
			// A size CPython refuses too (int-to-str digits, struct
			// counts): refused before allocating, nothing accumulates.
			return peakLive.Load() - baseLive, peakResident() - base, g.SizeBytes(), memErrors, ""
		default:
			return peakLive.Load() - baseLive, peakResident() - base, g.SizeBytes(), memErrors, fmt.Sprintf("run %d: want completion or MemoryError, got %v", r, err)
		}
	}
	peak = peakResident() - base
	kept = g.SizeBytes()
	runtime.GC()
	if l := liveHeap(); l > peakLive.Load() {
		peakLive.Store(l)
	}
	live = peakLive.Load() - baseLive
	switch {
	case kept > limit:
		problem = fmt.Sprintf("the session keeps %d MiB, over the %d MiB limit", kept>>20, limit>>20)
	case live > limit+margin:
		problem = fmt.Sprintf(measuredPrefix+"the live heap grew %d MiB, over the limit %d MiB plus the margin %d MiB", live>>20, limit>>20, margin>>20)
	case peak > limit+margin+attackResidentSlack:
		problem = fmt.Sprintf(measuredPrefix+"peak resident memory grew %d MiB, over the limit %d MiB plus the margin %d MiB and the collector's slack %d MiB",
			peak>>20, limit>>20, margin>>20, attackResidentSlack>>20)
	}
	return live, peak, kept, memErrors, problem
}

// liveHeap returns the heap the last collection found reachable.
func liveHeap() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// residentBytes returns the process's resident set size.
func residentBytes() int64 { return procStatus("VmRSS:") }

// peakResident returns the process's peak resident set size since the last
// resetPeakResident.
func peakResident() int64 { return procStatus("VmHWM:") }

// resetPeakResident restarts the peak resident set measurement.
func resetPeakResident() {
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		fmt.Fprintln(os.Stderr, "clear_refs:", err)
	}
}

func procStatus(key string) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, key); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// guardChildEnv marks the re-executed test binary of
// TestAttackMemoryHeapGuard.
const guardChildEnv = "TOOLPLANE_HEAP_GUARD_CHILD"

// TestAttackMemoryHeapGuard checks the backstop that does not depend on
// every allocation site charging: a host function that keeps Go memory the
// accounting never sees (as a builtin that forgot to charge would) is
// called in a loop, and the run must end with MemoryError once the
// process's live heap passes the guard's ceiling, with the process's peak
// resident memory within the ceiling plus one allocation and the guard's
// slack. It runs in a child process, as TestAttackMemory does.
func TestAttackMemoryHeapGuard(t *testing.T) {
	if os.Getenv(guardChildEnv) != "" {
		if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: attackAddressSpace, Max: attackAddressSpace}); err != nil {
			t.Log("setrlimit:", err)
		}
		if msg := runGuardAttack(); msg != "" {
			t.Fatal(msg)
		}
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestAttackMemoryHeapGuard$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), guardChildEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("heap guard child: %v\n%s", err, tail(string(out), 3000))
	}
	t.Log(tail(string(out), 400))
}

func runGuardAttack() string {
	python.TuneGC()
	debug.FreeOSMemory()
	base := residentBytes()
	ceiling := base + attackMemoryLimit
	guard := vm.NewHeapGuard(ceiling)
	resetPeakResident()
	const chunk = 4 << 20
	var leaked [][]byte
	host := map[string]python.HostFunc{"leak": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
		b := make([]byte, chunk)
		for i := range b {
			b[i] = 1
		}
		leaked = append(leaked, b)
		return nil, nil
	}}
	prog, err := python.Compile("guard.py", "while True:\n    await leak()\n    for i in range(2000): pass\n", python.CompileOptions{Snippet: true})
	if err != nil {
		return err.Error()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	_, err = prog.Run(ctx, python.RunOptions{Host: host, Heap: guard,
		Limits: python.Limits{MaxMemoryBytes: 1 << 30, Steps: 1 << 40, MaxHostCalls: 1 << 20}})
	peak := peakResident() - base
	var exc *python.Exception
	if !errors.As(err, &exc) || exc.Type != "MemoryError" {
		return fmt.Sprintf("want MemoryError from the heap guard, got %v", err)
	}
	kept := int64(len(leaked)) * chunk
	if kept < attackMemoryLimit-2*chunk || peak > attackMemoryLimit+vm.HeapMargin(attackMemoryLimit) {
		return fmt.Sprintf("the guard stopped the run after %d MiB leaked with a peak of %d MiB; want about %d MiB, peak within the margin",
			kept>>20, peak>>20, attackMemoryLimit>>20)
	}
	fmt.Printf("heap guard: %s after %d MiB leaked, peak resident growth %d MiB (ceiling %d MiB over baseline)\n",
		exc.Message, kept>>20, peak>>20, attackMemoryLimit>>20)
	return ""
}
