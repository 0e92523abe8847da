package re_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	re "github.com/toolplane/toolplane/python/lib/re"
	"github.com/toolplane/toolplane/python/vm"
)

// snippets use the module the way agents do; each must print exactly what CPython prints.
var snippets = []string{
	`import re
print(re.search(r"(\d+)-(\d+)", "call 555-1234 now").groups())
print(re.match(r"\w+", "hello world").group())
print(re.match(r"x", "hello"))
print(re.fullmatch(r"\d+", "123"), re.fullmatch(r"\d+", "123a"))`,
	`import re
m = re.search(r"(?P<user>\w+)@(?P<host>[\w.]+)", "mail bob@example.com")
print(m.group("user"), m.group(2), m.group(0, 1, "host"))
print(m.groupdict(), m.span(), m.span("host"), m.start(1), m.end(2))
print(m.lastindex, m.lastgroup, m.pos, m.endpos, m.string, m.re.pattern)
print(m[0], m["user"], m[2])
print(repr(m))`,
	`import re
m = re.match(r"(a)(b)?(c)?", "ac")
print(m.groups(), m.groups(""), m.span(2), m.group(2), m.regs)
print(m.groupdict())
try:
    m.group(4)
except IndexError as e:
    print("IndexError", e)
try:
    m.group("nope")
except IndexError as e:
    print("IndexError", e)`,
	`import re
print(re.findall(r"\d+", "a1 b22 c333"))
print(re.findall(r"(\w)=(\d)", "a=1 b=2 c"))
print(re.findall(r"(\w)=\d", "a=1 b=2"))
print(re.findall(r"", "ab"))
print(re.findall(r"(a)|b", "ab"))`,
	`import re
for m in re.finditer(r"\b\w", "the quick brown"):
    print(m.start(), m.group())
print([m.span() for m in re.finditer(r"x*", "axb")])
it = re.finditer("a", "aa")
print(type(it).__name__, next(it).span())`,
	`import re
print(re.sub(r"\s+", " ", "a   b \t c"))
print(re.sub(r"(\w+)@(\w+)", r"\2 at \1", "joe@x, ann@y"))
print(re.sub(r"(?P<k>\w+)=(?P<v>\w+)", r"\g<v>=\g<k>", "a=1 b=2"))
print(re.subn("x*", "-", "abxd"))
print(re.sub("a", "b", "aaa", count=2), re.sub("a", "b", "aaa", 1))
print(re.sub(r"\d", lambda m: str(int(m.group()) * 2), "a1b2c3"))
print(re.sub("o", lambda m: None, "foo"))`,
	`import re
print(re.split(r",\s*", "a, b,c,   d"))
print(re.split(r"(,)", "a,b,c"))
print(re.split(r"(a)|b", "xaybz"))
print(re.split(r"\s+", "a b c d", maxsplit=2))
print(re.split(r"x*", "axbc"))
print(re.split(r"\b", "a b"))`,
	`import re
p = re.compile(r"(?i)hello (\w+)")
print(p.pattern, p.flags, p.groups, p.groupindex)
print(p.search("say HELLO World").group(1))
print(p.match("xhello a", 1).group())
print(p.findall("hello a hello b", 6))
print(repr(p), repr(re.compile("a", re.I | re.M)), repr(re.compile(b"x")), repr(re.compile("y", re.A)))
print(re.compile(p) is p, re.compile("z") is re.compile("z"))`,
	`import re
print(re.I == 2, re.IGNORECASE | re.MULTILINE == 10, re.S == re.DOTALL, re.X + re.A + re.U)
print(re.search("^b", "a\nb", re.M).span(), re.search("a.b", "a\nb", flags=re.S).group())
print(re.findall(r"""
    \d+   # digits
    \.?   # optional dot
""", "1. 22 333.", re.VERBOSE))`,
	`import re
print(re.escape("a.b*c?d"), re.escape("x y-z"), re.escape(b"a.b"))
print(re.findall(re.escape("1+1=2"), "is 1+1=2?"))`,
	`import re
try:
    re.compile("(a")
except re.error as e:
    print("error:", e)
    print(e.msg, e.pattern, e.pos, e.lineno, e.colno)
try:
    re.compile("a**")
except re.error as e:
    print(type(e).__name__, e)
try:
    re.compile("x\n(?P<1>y)")
except re.error as e:
    print(e, e.lineno, e.colno)
print(issubclass(re.error, Exception))`,
	`import re
re.compile("[z-a]")`,
	`import re
re.sub("(a)", r"\2", "a")`,
	`import re
re.sub("(a)", r"\g<name>", "a")`,
	`import re
re.search("a", b"abc")`,
	`import re
re.search(b"a", "abc")`,
	`import re
re.search("a", 12)`,
	`import re
re.compile(re.compile("a"), re.I)`,
	`import re
re.sub("a", lambda m: 5, "abc")`,
	`import re
re.sub("b", lambda m: None if m.start() < 2 else 7, "abcabc")`,
	`import re
re.compile("(?<=a+)b")`,
	`import re
m = re.search(b"(\\w+)", b"  bytes here")
print(m.group(1), m.groups(), re.findall(rb"\d", b"a1b2"), re.sub(b"b", b"B", b"abc"))
print(re.split(rb"\s", b"a b"))`,
	`import re
text = """2024-01-31 ERROR disk full on /dev/sda1
2024-01-31 INFO ok
2024-02-01 ERROR timeout after 30s"""
errors = [m.groupdict() for m in re.finditer(r"^(?P<date>\S+) ERROR (?P<msg>.*)$", text, re.M)]
print(errors)
counts = {}
for level in re.findall(r"^\S+ (\w+)", text, flags=re.MULTILINE):
    counts[level] = counts.get(level, 0) + 1
print(counts)
print(re.sub(r"(\d{4})-(\d{2})-(\d{2})", r"\3/\2/\1", text.splitlines()[0]))`,
	`import re
def slug(s):
    s = re.sub(r"[^\w\s-]", "", s.lower())
    return re.sub(r"[-\s]+", "-", s).strip("-")
print(slug("Hello, World! It's  a test -- ok"))
print(re.findall(r"[\w.+-]+@[\w-]+\.[\w.]+", "a@b.co, x.y+z@mail.example.org; bad@"))
print(bool(re.match(r"^[A-Z][a-z]+$", "Hello")), bool(re.match(r"^[A-Z][a-z]+$", "hello")))
print(re.sub(r"(?<=\d)(?=(\d{3})+$)", ",", "1234567"))`,
	`import re
m = re.match(r"(\w+) (\w+)", "Isaac Newton")
print(m.expand(r"\2, \1"), m.expand(r"\g<2>!"))
print(re.match("(?:(a)|b)*", "ab").groups(), re.match("(a|)*", "aa").span())
print(re.search(r"(?P<q>['\"]).*?(?P=q)", "say 'hi'").group())
print(re.search(r"(a)?(?(1)b|c)", "c").group())`,
	`import re
print(repr(re.sub("a", "b", "aaa", count=-1)), re.split("a", "bab", maxsplit=-1), re.subn("a", "b", "aaa", -2))
print(re.split(r"[,;]\s*", "x, y;z", 1), re.findall(r"(?i)é", "ÉéE"))
print([m.group(1) for m in re.finditer(r"<(\w+)>", "<a><bb>x<c>")])
print(re.match(r"(?P<a>x)(?P<b>y)?", "x").groupdict(default="-"))
print(re.fullmatch(r"\s*(\d+)\s*", " 42 ").group(1), re.search("$", "ab\n").span())
m = re.compile(r"(\d+)").search("ab 12 cd", 3)
print(m and m.span(), re.compile(r"\d").search("a1b2", 2).group(), re.compile("b").match("ab", 1).span())`,
	`import re
text = "id=1; id=22; id=333"
p = re.compile(r"id=(\d+)")
pos, found = 0, []
while (m := p.search(text, pos)):
    found.append(int(m.group(1)))
    pos = m.end()
print(found)
def first_word(m: re.Match[str]) -> str:
    return m.group().split()[0]
print(first_word(re.match(r"\w+ \w+", "hello there")))
print(re.match(r"\w+", b"x".decode()).group(), re.search(b"\\d", b"a1").group())`,
	`import re
words = "The quick brown fox jumps over the lazy dog".split()
print([w for w in words if re.fullmatch(r"[a-z]{4,5}", w)])
print(re.sub(r"\b(\w)(\w*)", lambda m: m.group(1).upper() + m.group(2), "hello big world"))
table = "| a | b |\n|---|---|\n| 1 | 2 |"
rows = [re.split(r"\s*\|\s*", line.strip("| ")) for line in table.splitlines() if not re.match(r"^\|[-|]+\|$", line)]
print(rows)
print(re.sub(r"\s{2,}", " ", "a    b\t\t c").split(" "))
print(re.findall(r"\$\{(\w+)\}", "${HOME}/x/${USER}"))`,
	`import re
print(re.purge(), re.NOFLAG == 0, re.search("(?x) a b", "ab").group())
print(re.match("a", "a", 0).group(), re.match(pattern="b", string="b").group())
print(re.compile(r"\w+").search(string="  xy").group())
print(re.compile("a").sub(repl="b", string="aa", count=1))`,
}

func oracle(t *testing.T, srcs []string) []string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 (the CPython oracle) is not installed")
	}
	in, _ := json.Marshal(srcs)
	cmd := exec.Command(py, "testdata/oracle.py")
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle: %v\n%s", err, stderr.String())
	}
	var res []string
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	return res
}

func runSnippet(t *testing.T, mods vm.Modules, src string, lim python.Limits, timeout time.Duration) (string, error) {
	t.Helper()
	prog, err := python.Compile("<snippet>", src, python.CompileOptions{Snippet: true})
	if err != nil {
		return "", err
	}
	var out strings.Builder
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	_, err = prog.Run(ctx, python.RunOptions{Stdout: &out, Modules: mods, Limits: lim})
	return out.String(), err
}

func modules() vm.Modules {
	mods := vm.DefaultModules()
	re.Register(mods)
	return mods
}

func TestModuleAgainstCPython(t *testing.T) {
	t.Parallel()
	want := oracle(t, snippets)
	mods := modules()
	for i, src := range snippets {
		got, err := runSnippet(t, mods, src, python.Limits{}, 10*time.Second)
		if err != nil {
			var e *python.Exception
			if !errors.As(err, &e) {
				t.Errorf("snippet %d: %v", i, err)
				continue
			}
			got += e.Type + ": " + e.Message + "\n"
		}
		if got != want[i] {
			t.Errorf("snippet %d:\n%s\n--- cpython:\n%s--- ours:\n%s", i, src, want[i], got)
		}
	}
}

// A catastrophic pattern ends with the run's time limit instead of hanging the host.
func TestCatastrophicPatternHitsDeadline(t *testing.T) {
	t.Parallel()
	src := `import re
re.search(r"(a+)+$", "a" * 5000 + "b")`
	start := time.Now()
	_, err := runSnippet(t, modules(), src, python.Limits{}, 200*time.Millisecond)
	var e *python.Exception
	if !errors.As(err, &e) || e.Limit != "time" {
		t.Fatalf("error = %#v, want the time limit", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("took %v to stop", d)
	}
}

// Runs of one module table share compiled patterns; they may run concurrently.
func TestConcurrentRunsShareCache(t *testing.T) {
	t.Parallel()
	mods := modules()
	src := `import re
out = []
for i in range(50):
    out.append(re.sub(r"(\d+)", lambda m: str(int(m.group(1)) + i), "a1 b2"))
print(out[-1], re.compile(r"x+") is re.compile(r"x+"))`
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := runSnippet(t, mods, src, python.Limits{}, 10*time.Second)
			if err == nil && out != "a50 b51 True\n" {
				err = errors.New("unexpected output " + out)
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}

func BenchmarkSnippetWithRegex(b *testing.B) {
	mods := modules()
	prog, err := python.Compile("<snippet>", `import re
text = "2024-01-31 ERROR disk full\n2024-01-31 INFO ok\n2024-02-01 ERROR timeout\n" * 20
rows = [m.groupdict() for m in re.finditer(r"^(?P<date>\S+) ERROR (?P<msg>.*)$", text, re.M)]
n = len(re.findall(r"\bINFO\b", text))
s = re.sub(r"(\d{4})-(\d\d)-(\d\d)", r"\3/\2/\1", text)
return len(rows), n, len(s)`, python.CompileOptions{Snippet: true})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if _, err := prog.Run(context.Background(), python.RunOptions{Modules: mods}); err != nil {
			b.Fatal(err)
		}
	}
}

// The Go state behind Pattern and Match objects is not reachable from Python.
func TestStateIsNotReachable(t *testing.T) {
	t.Parallel()
	src := `import re
m = re.match("a", "a")
try:
    m.__state__(1)
except TypeError as e:
    print("TypeError", e)
try:
    re.Match.group(re.compile("a"))
except TypeError as e:
    print("TypeError", e)
print(m.group(), m.re.pattern, m.string)`
	out, err := runSnippet(t, modules(), src, python.Limits{}, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	want := "TypeError __state__ is internal to the re module\nTypeError descriptor requires a 're.Match' object but received 're.Pattern'\na a a\n"
	if out != want {
		t.Fatalf("got %q, want %q", out, want)
	}
}

// BenchmarkSearchLoop is the agent idiom of walking a text with p.search(text, pos): the
// subject is converted once, so the loop stays linear in the text.
func BenchmarkSearchLoop(b *testing.B) {
	mods := modules()
	prog, err := python.Compile("<snippet>", `import re
text = "key=value; " * 5000
p = re.compile(r"(\w+)=(\w+)")
pos = n = 0
while (m := p.search(text, pos)):
    n += 1
    pos = m.end()
return n`, python.CompileOptions{Snippet: true})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		res, err := prog.Run(context.Background(), python.RunOptions{Modules: mods})
		if err != nil {
			b.Fatal(err)
		}
		if res.Repr != "5000" {
			b.Fatalf("result %s", res.Repr)
		}
	}
}

// The backtrack stack of a match is bounded by the run's memory budget: a pattern that
// needs more raises MemoryError instead of growing outside the budget.
func TestBacktrackStackFollowsMemoryBudget(t *testing.T) {
	t.Parallel()
	src := `import re
try:
    re.match(r"(?:ab|cd)*x", "ab" * 200000)
except MemoryError as e:
    print("MemoryError")`
	out, err := runSnippet(t, modules(), src, python.Limits{MaxMemoryBytes: 16 << 20}, 20*time.Second)
	if err != nil || out != "MemoryError\n" {
		t.Fatalf("got %q, %v; want MemoryError", out, err)
	}
	out, err = runSnippet(t, modules(), strings.Replace(src, "200000", "20000", 1), python.Limits{}, 20*time.Second)
	if err != nil || out != "" {
		t.Fatalf("with room: got %q, %v", out, err)
	}
}

// TestMatchAllocations counts the heap allocations of a finditer loop that
// reads a named group, per match: the Match object (instance, namespace,
// its __state__ builtin), the engine's match with its spans, the group's
// str. Its Go state, Held and references are one allocation, the spans
// live in the engine's match, the method is called without a bound method
// and the group without a tuple: 16 allocations a match before, 9 now.
func TestMatchAllocations(t *testing.T) {
	mods := modules()
	allocs := func(n int) float64 {
		src := `import re
text = "\n".join("2026-01-%02d ERROR [svc-%d] id=%d" % (i % 28 + 1, i % 9, i) for i in range(` + strconv.Itoa(n) + `))
p = re.compile(r"(?P<date>\d{4}-\d{2}-\d{2}) (?P<level>\w+) \[(?P<svc>[\w-]+)\]")
for m in p.finditer(text):
    m.group("svc")
`
		prog, err := python.Compile("<snippet>", src, python.CompileOptions{Snippet: true})
		if err != nil {
			t.Fatal(err)
		}
		return testing.AllocsPerRun(3, func() {
			if _, err := prog.Run(context.Background(), python.RunOptions{Modules: mods}); err != nil {
				t.Fatal(err)
			}
		})
	}
	// The difference leaves out what does not grow with the matches; the
	// text itself costs a few allocations a line.
	lines := func(n int) float64 {
		src := `text = "\n".join("2026-01-%02d ERROR [svc-%d] id=%d" % (i % 28 + 1, i % 9, i) for i in range(` + strconv.Itoa(n) + `))`
		prog, err := python.Compile("<snippet>", src, python.CompileOptions{Snippet: true})
		if err != nil {
			t.Fatal(err)
		}
		return testing.AllocsPerRun(3, func() {
			if _, err := prog.Run(context.Background(), python.RunOptions{Modules: mods}); err != nil {
				t.Fatal(err)
			}
		})
	}
	perMatch := ((allocs(2000) - lines(2000)) - (allocs(1000) - lines(1000))) / 1000
	t.Logf("%.2f allocations a match", perMatch)
	if perMatch > 10 {
		t.Errorf("%.2f allocations a match, want at most 10", perMatch)
	}
}
