package vm

import "testing"

// drainPrograms are programs where sum drains generators: ints, floats,
// a switch to Binary and back, a generator sum leaves half drained, one
// that fails, and generators whose own loops leave fastRun (calls of
// builtins, a yield from).
var drainPrograms = map[string]string{
	"kinds": `
def numbers(n):
    for i in range(n):
        yield i
class Grab:
    def __radd__(self, other):
        return other + next(g) * 100
def gen():
    yield 1
    yield Grab()
    for i in range(500):
        yield i * 0.5
    yield 2**62
    yield 2**62
    yield 7
g = gen()
out = [sum(numbers(3000)), sum(x * 0.25 for x in numbers(2000)), sum(g), sum(numbers(50), 2.5)]
def mixed():
    yield 1
    yield "x"
    yield 2
m = mixed()
try:
    sum(m)
except TypeError as e:
    out.append(str(e))
out.append(list(m))
def failing(n):
    for i in range(n):
        if i == n - 1:
            raise KeyError(i)
        yield i
try:
    sum(failing(700))
except KeyError as e:
    out.append(e.args)
def slow(n):
    for i in range(n):
        yield len(str(i)) + abs(-i)
def chain(*gens):
    for g in gens:
        yield from g
out.append((sum(slow(1500)), sum(chain(numbers(400), (x * 2 for x in range(400))))))
data = [[(i * j) % 17 for j in range(30)] for i in range(300)]
out.append([sum(row[c] for row in data) for c in range(30)])
r = out
`,
}

func init() {
	drainPrograms["minmax"] = `
def numbers(n):
    for i in range(n):
        yield i * 7 % 1001
class Peek:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        o = other.v if isinstance(other, Peek) else other
        return self.v + next(g, 0) < o
    def __gt__(self, other):
        o = other.v if isinstance(other, Peek) else other
        return self.v + next(g, 0) * 1000 > o
def gen():
    for i in range(300):
        yield i
    yield Peek(50)
    for i in range(200):
        yield i
g = gen()
out = [max(numbers(3000)), min(x % 1000 - 500 for x in numbers(2000)), max(numbers(0), default=None)]
try:
    out.append(max(g).v)
except AttributeError as e:
    out.append(str(e))
g = gen()
out.append(min(g))
out.append(list(g)[:3])
out.append((max(str(x) for x in numbers(300)), min(x * 0.5 for x in numbers(300)), max(numbers(50), key=lambda x: -x)))
def failing(n):
    for i in range(n):
        if i == n - 1:
            raise KeyError(i)
        yield i
try:
    min(failing(400))
except KeyError as e:
    out.append(e.args)
r = out
`
}

// TestDrainMatchesGenSend checks that sum's drain of a generator computes
// what resuming it through genSend computes, and counts exactly its
// steps and memory charges, with fastRun and with eval alone.
func TestDrainMatchesGenSend(t *testing.T) {
	for name, src := range drainPrograms {
		for _, poll := range []bool{false, true} {
			noDrain = true
			want, wantSteps, wantMem := runCounting(t, src, poll)
			noDrain = false
			got, gotSteps, gotMem := runCounting(t, src, poll)
			if got != want {
				t.Errorf("%s (poll every step %v): result drained %s, through genSend %s", name, poll, got, want)
			}
			if gotSteps != wantSteps {
				t.Errorf("%s (poll every step %v): steps drained %d, through genSend %d", name, poll, gotSteps, wantSteps)
			}
			if gotMem != wantMem {
				t.Errorf("%s (poll every step %v): memory charged drained %d, through genSend %d", name, poll, gotMem, wantMem)
			}
		}
	}
}

func init() {
	drainPrograms["collect"] = `
def numbers(n):
    for i in range(n):
        yield i * 7 % 1001
def pairs(n):
    for i in range(n):
        yield (str(i % 13), i)
out = [len(list(numbers(3000))), tuple(x for x in numbers(20)), sorted(x % 13 for x in numbers(300))[-5:],
       ",".join(str(x) for x in numbers(400))[-20:], dict(pairs(500)), len(list(numbers(0)))]
def failing(n):
    for i in range(n):
        if i == n - 1:
            raise KeyError(i)
        yield [i]
for fn in (list, tuple, sorted):
    try:
        fn(failing(300))
    except KeyError as e:
        out.append(e.args)
r = out
`
}

// TestDrainStopsOnMemoryError checks that a collection of a generator's
// items that fails a memory charge leaves the generator resumable: the
// drain stops before the error returns.
func TestDrainStopsOnMemoryError(t *testing.T) {
	src := `
def gen():
    for i in range(10 ** 7):
        yield "x%d" % i
g = gen()
try:
    list(g)
    r = "no MemoryError"
except MemoryError:
    r = next(g)[:1]
`
	got, _, _ := runCharging(t, src, func(th *Thread) { th.limits.MaxMemoryBytes = 8 << 20 })
	if got != "'x'" {
		t.Errorf("next(g) after list(g) failed with MemoryError: %s, want 'x'", got)
	}
}

func init() {
	// fastRun's programs of generators drained by builtins and of yield
	// from, drained here too.
	for _, name := range []string{"builtins_drain", "yield_from_kinds", "pipeline", "yield_from"} {
		drainPrograms[name] = fastLoopPrograms[name]
	}
}

func init() {
	drainPrograms["any_all"] = `
def numbers(n):
    for i in range(n):
        yield i * 7 % 1001
class Odd:
    def __init__(self, v):
        self.v = v
    def __bool__(self):
        return self.v + next(g, 0) > 1000
    def __repr__(self):
        return "Odd(%d)" % self.v
def gen(first, then):
    for i in range(100):
        yield first
    yield Odd(10)
    for i in range(50):
        yield then
out = [any(x > 990 for x in numbers(3000)), all(x < 1000 for x in numbers(3000)), any(numbers(0)), all(numbers(0)),
       any(x == 5 for x in numbers(3000)), all(str(x) for x in numbers(500))]
g = gen(1, 2)
out.append((all(g), list(g)))
g = gen(0, 0)
out.append((any(g), list(g)))
g = gen(0, 3)
out.append((any(g), list(g)))
def failing(n):
    for i in range(n):
        if i == n - 1:
            raise KeyError(i)
        yield 0
try:
    any(failing(400))
except KeyError as e:
    out.append(e.args)
r = out
`
}
