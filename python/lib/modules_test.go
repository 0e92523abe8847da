package lib_test

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/internal/difftest"
	"github.com/toolplane/toolplane/python/lib"
	pytime "github.com/toolplane/toolplane/python/lib/time"
	"github.com/toolplane/toolplane/python/vm"
)

// updateXFail rewrites python/testdata/stdlib/xfail.txt from the current failures:
//
//	go test ./python/lib -run Stdlib -update-xfail
var updateXFail = flag.Bool("update-xfail", false, "rewrite python/testdata/stdlib/xfail.txt from the current failures")

const stdlibXFailHeader = `Cases of python/testdata/stdlib that currently fail under our interpreter, with the
first line of the difference. TestStdlib requires each listed case to still fail and
every other case to pass. Regenerate: go test ./python/lib -run Stdlib -update-xfail`

// minStdlibCases keeps the corpus from silently shrinking.
const minStdlibCases = 450

var testdata = filepath.Join("..", "testdata")

// TestStdlib runs every case of python/testdata/stdlib under our interpreter with the
// full module table and under CPython 3.11, and demands the same printed output and
// the same escaping exception (type and message).
func TestStdlib(t *testing.T) {
	python3, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("the conformance oracle needs python3 (CPython 3.11) on PATH: %v", err)
	}
	cases, err := difftest.Load(filepath.Join(testdata, "stdlib"), "stdlib")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < minStdlibCases {
		t.Fatalf("stdlib corpus has %d cases, want at least %d", len(cases), minStdlibCases)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	oracle := difftest.Oracle{
		Python:  python3,
		Driver:  filepath.Join(testdata, "oracle", "driver.py"),
		Prelude: filepath.Join(testdata, "oracle", "prelude.py"),
	}
	want, err := oracle.Run(ctx, cases, func(difftest.Case) bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	xfailPath := filepath.Join(testdata, "stdlib", "xfail.txt")
	xfail, err := difftest.ReadXFail(xfailPath)
	if err != nil {
		t.Fatal(err)
	}
	mods := lib.Modules()
	var (
		mu       sync.Mutex
		failures = difftest.XFail{}
		pass     int
		names    = map[string]bool{}
	)
	t.Run("cases", func(t *testing.T) {
		for _, c := range cases {
			names[c.Name] = true
			t.Run(c.Name, func(t *testing.T) {
				t.Parallel()
				w := want[c.Name]
				if bad := difftest.CheckMarker(c.Marker, w); bad != "" {
					t.Errorf("%s:%d: corpus bug, CPython disagrees with the case: %s\nCPython stdout:\n%s", c.File, c.Line, bad, w.Stdout)
					return
				}
				diff := difftest.Compare(w, runCase(ctx, c, mods), false)
				mu.Lock()
				defer mu.Unlock()
				reason, expected := xfail[c.Name]
				switch {
				case diff == "":
					pass++
					if expected && !*updateXFail {
						t.Errorf("%s:%d: %s now passes: remove it from %s (or run with -update-xfail)", c.File, c.Line, c.Name, xfailPath)
					}
				case *updateXFail:
					failures[c.Name] = diff
				case expected:
					failures[c.Name] = reason
				default:
					t.Errorf("%s:%d: differs from CPython:\n%s\n--- source ---\n%s", c.File, c.Line, diff, c.Source)
				}
			})
		}
	})
	for n := range xfail {
		if !names[n] && !*updateXFail {
			t.Errorf("%s lists %s, which is not in the corpus", xfailPath, n)
		}
	}
	t.Logf("stdlib: %d cases, %d pass, %d xfail", len(cases), pass, len(failures))
	if *updateXFail {
		if err := difftest.WriteXFail(xfailPath, stdlibXFailHeader, failures); err != nil {
			t.Fatal(err)
		}
	}
}

func runCase(ctx context.Context, c difftest.Case, mods vm.Modules) difftest.Outcome {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	var stdout strings.Builder
	prog, err := python.Compile(c.Name+".py", c.Source, python.CompileOptions{})
	if err == nil {
		_, err = prog.Run(ctx, python.RunOptions{Stdout: &stdout, Modules: mods})
	}
	return outcome(stdout.String(), err)
}

func outcome(stdout string, err error) difftest.Outcome {
	out := difftest.Outcome{Stdout: stdout}
	var exc *python.Exception
	switch {
	case errors.As(err, &exc):
		out.ExcType, out.ExcMsg = exc.Type, exc.Message
	case err != nil:
		out.ExcType, out.ExcMsg = "GoError", err.Error()
	}
	return out
}

// run executes a script with mods and returns its output and error.
func run(t *testing.T, mods vm.Modules, src string) (string, error) {
	t.Helper()
	prog, err := python.Compile("t.py", src, python.CompileOptions{})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	var out strings.Builder
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = prog.Run(ctx, python.RunOptions{Stdout: &out, Modules: mods})
	return out.String(), err
}

// TestAbsentModules checks that modules the sandbox deliberately lacks fail with a
// message naming the module and saying what to do instead, in every import form.
func TestAbsentModules(t *testing.T) {
	t.Parallel()
	mods := lib.Modules()
	var exc *python.Exception
	for _, src := range []string{
		"import os", "import os.path", "from os import path", "import subprocess as sp",
		"from socket import socket", "import shutil", "import requests", "import urllib.request",
	} {
		_, err := run(t, mods, src)
		if !errors.As(err, &exc) || exc.Type != "ModuleNotFoundError" {
			t.Errorf("%q: got %v, want ModuleNotFoundError", src, err)
			continue
		}
		name := strings.Fields(src)[1]
		if !strings.Contains(exc.Message, "No module named '"+name+"'") || !strings.Contains(exc.Message, "call_tool") {
			t.Errorf("%q: message %q does not name the module and the capability to call instead", src, exc.Message)
		}
	}
	// An unknown module keeps CPython's plain message.
	_, err := run(t, mods, "import no_such_module_here")
	if !errors.As(err, &exc) || exc.Message != "No module named 'no_such_module_here'" {
		t.Errorf("unknown module: got %v", err)
	}
	// The absent list and the provided modules do not overlap.
	provided := lib.Modules()
	for _, name := range lib.Absent() {
		if _, err := provided[name](nil); err == nil {
			t.Errorf("absent module %s builds", name)
		}
	}
}

// TestQueueCallsThatNeverReturn checks the queue calls that, with no other thread, never
// return in CPython (get() on an empty queue, put() on a full one, join() with unfinished
// tasks, all without a timeout): they raise RuntimeError at once, saying why and naming
// the non-blocking call or asyncio.Queue instead, and the queue is left as it was. (The
// calls that return are checked against CPython by python/testdata/stdlib/queue_mod.py.)
func TestQueueCallsThatNeverReturn(t *testing.T) {
	t.Parallel()
	mods := lib.Modules()
	for _, c := range []struct{ src, want string }{
		{"queue.Queue().get()", "get_nowait()"},
		{"queue.Queue(5).get(True)", "get_nowait()"},
		{"queue.LifoQueue().get(block=True, timeout=None)", "get_nowait()"},
		{"queue.PriorityQueue().get()", "get_nowait()"},
		{"queue.SimpleQueue().get()", "get_nowait()"},
		{"q = queue.Queue(1); q.put(1); q.put(2)", "put_nowait()"},
		{"q = queue.PriorityQueue(2); q.put(1); q.put(0, True); q.put(2)", "put_nowait()"},
		{"q = queue.Queue(); q.put(1); q.join()", "task_done()"},
		{"q = queue.Queue(); q.put(1); q.get(); q.join()", "task_done()"},
	} {
		src := "import queue\n" + c.src + "\n"
		_, err := run(t, mods, src)
		var exc *python.Exception
		if !errors.As(err, &exc) || exc.Type != "RuntimeError" {
			t.Errorf("%s: got %v, want RuntimeError", c.src, err)
			continue
		}
		for _, part := range []string{"would wait forever", "no threads", c.want, "asyncio.Queue"} {
			if !strings.Contains(exc.Message, part) {
				t.Errorf("%s: message %q does not say %q", c.src, exc.Message, part)
			}
		}
	}
	// The refused call changes nothing: the queue still answers as before it.
	out, err := run(t, mods, `import queue
q = queue.Queue(1)
q.put('a')
try:
    q.put('b')
except RuntimeError:
    pass
print(q.qsize(), q.unfinished_tasks, q.get(), q.empty())
try:
    q.get()
except queue.Empty:
    print('Empty')
except RuntimeError:
    print('RuntimeError', q.qsize())
`)
	if err != nil || out != "1 1 a True\nRuntimeError 0\n" {
		t.Errorf("after a refused call: got %q, %v", out, err)
	}
}

// TestOpenIsRefused checks that open() (a builtin the sandbox withholds) fails clearly.
func TestOpenIsRefused(t *testing.T) {
	t.Parallel()
	_, err := run(t, lib.Modules(), "open('x.txt')")
	var exc *python.Exception
	if !errors.As(err, &exc) {
		t.Fatalf("open(): got %v, want an exception", err)
	}
	if exc.Type != "NameError" && exc.Type != "NotImplementedError" {
		t.Errorf("open(): got %s: %s", exc.Type, exc.Message)
	}
	// pathlib's pure methods work; its filesystem methods say what to do instead.
	_, err = run(t, lib.Modules(), "from pathlib import Path\nPath('notes.txt').read_text()\n")
	if !errors.As(err, &exc) || exc.Type != "OSError" || !strings.Contains(exc.Message, "call_tool") {
		t.Errorf("Path.read_text(): got %v, want OSError naming call_tool", err)
	}
}

// TestFixedClock checks that a table built with a fixed clock makes time and datetime
// deterministic.
func TestFixedClock(t *testing.T) {
	t.Parallel()
	at := time.Date(2024, 2, 29, 13, 45, 30, 250000000, time.UTC)
	mods := lib.ModulesWith(lib.Config{Clock: pytime.FixedClock(at)})
	out, err := run(t, mods, `
import time, datetime
print(time.time())
print(time.time_ns())
print(datetime.datetime.now())
print(datetime.date.today())
print(datetime.datetime.now(datetime.timezone.utc).isoformat())
print(datetime.datetime.utcnow().isoformat())
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "1709214330.25\n1709214330250000000\n2024-02-29 13:45:30.250000\n2024-02-29\n2024-02-29T13:45:30.250000+00:00\n2024-02-29T13:45:30.250000\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// TestSleepHonoursDeadline checks that time.sleep ends with the run's deadline.
func TestSleepHonoursDeadline(t *testing.T) {
	t.Parallel()
	prog, err := python.Compile("t.py", "import time\ntime.sleep(30)\n", python.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = prog.Run(ctx, python.RunOptions{Modules: lib.Modules()})
	var exc *python.Exception
	if !errors.As(err, &exc) || exc.Limit != "time" {
		t.Fatalf("got %v, want the time limit", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("sleep ran %v past a 100ms deadline", d)
	}
}

var mdRow = regexp.MustCompile("^\\| `([A-Za-z0-9_.]+)` \\|")

// TestModulesDoc checks python/lib/MODULES.md against the module table: every provided
// module has a row under "## Provided", every absent one under "## Absent", and
// nothing else.
func TestModulesDoc(t *testing.T) {
	t.Parallel()
	f, err := os.Open("MODULES.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	section := ""
	doc := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			section = strings.TrimPrefix(line, "## ")
			continue
		}
		if m := mdRow.FindStringSubmatch(line); m != nil {
			doc[section] = append(doc[section], m[1])
		}
	}
	absent := map[string]bool{}
	for _, n := range lib.Absent() {
		absent[n] = true
	}
	var provided []string
	for name := range lib.Modules() {
		if !absent[name] {
			provided = append(provided, name)
		}
	}
	sort.Strings(provided)
	want := append([]string(nil), lib.Absent()...)
	sort.Strings(want)
	for _, c := range []struct {
		section   string
		want, got []string
	}{{"Provided", provided, doc["Provided"]}, {"Absent", want, doc["Absent"]}} {
		got := append([]string(nil), c.got...)
		sort.Strings(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("MODULES.md section %q lists\n%v\nbut lib.Modules() has\n%v\n(add or remove rows so they match)", c.section, got, c.want)
		}
	}
}

// BenchmarkImport measures what one run pays to import each module from a shared
// table (Python-source modules execute their compiled body once per run).
func BenchmarkImport(b *testing.B) {
	mods := lib.Modules()
	absent := map[string]bool{}
	for _, n := range lib.Absent() {
		absent[n] = true
	}
	var names []string
	for n := range mods {
		if !absent[n] {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		prog, err := python.Compile("b.py", "import "+name+"\n", python.CompileOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := prog.Run(context.Background(), python.RunOptions{Modules: mods}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestConcurrentRuns runs a snippet that imports every provided module and uses the
// common ones, on one shared table from several goroutines at once: module builders, compiled module code and caches are
// shared by the runs of a table and must not race (go test -race).
func TestConcurrentRuns(t *testing.T) {
	t.Parallel()
	mods := lib.Modules()
	absent := map[string]bool{}
	for _, n := range lib.Absent() {
		absent[n] = true
	}
	var imports []string
	for name := range mods {
		if !absent[name] {
			imports = append(imports, "import "+name)
		}
	}
	sort.Strings(imports)
	src := strings.Join(imports, "\n") + `
from collections import Counter
import json, datetime, itertools, functools
r = random.Random(1)
x = [r.random() for _ in range(50)]
b = io.StringIO()
csv.writer(b).writerows([[1, "a,b"], [2, "c"]])
rows = list(csv.reader(io.StringIO(b.getvalue())))
assert rows == [["1", "a,b"], ["2", "c"]], rows
dec = decimal.Decimal(1) / 7
s = statistics.stdev(x)
u = uuid.uuid4()
h = hashlib.sha256(b"x").hexdigest()
q = urllib.parse.urlencode({"a": 1})
p = pprint.pformat({"k": list(range(30))})
f = fractions.Fraction(1, 3) + 1
heapq.heapify(x)
e = base64.b64encode(b"abc")
assert html.unescape("&amp;") == "&"
c = Counter("abracadabra")
d = datetime.date(2024, 2, 28) + datetime.timedelta(days=2)
print(json.dumps({"top": c.most_common(1), "d": d.isoformat(), "n": len(list(itertools.combinations(range(8), 3))),
                  "s": functools.reduce(lambda a, b: a + b, range(10))}, sort_keys=True))
`
	prog, err := python.Compile("c.py", src, python.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"d": "2024-03-01", "n": 56, "s": 45, "top": [["a", 5]]}` + "\n"
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out strings.Builder
			if _, err := prog.Run(context.Background(), python.RunOptions{Stdout: &out, Modules: mods}); err != nil {
				errs <- err
				return
			}
			if out.String() != want {
				errs <- errors.New("got " + out.String())
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// BenchmarkAgentSnippet is a typical agent snippet over the library: parse a JSON
// payload of 200 records, group and count with collections, bucket timestamps with
// datetime, and dump a summary.
func BenchmarkAgentSnippet(b *testing.B) {
	mods := lib.Modules()
	prog, err := python.Compile("a.py", `
import json
from collections import Counter, defaultdict
from datetime import datetime, timedelta
payload = json.dumps([{"id": i, "team": "t%d" % (i % 7), "state": ["open", "closed", "review"][i % 3],
                       "ts": (datetime(2024, 1, 1) + timedelta(hours=5 * i)).isoformat()} for i in range(200)])
rows = json.loads(payload)
by_team = defaultdict(Counter)
weeks = Counter()
for r in rows:
    by_team[r["team"]][r["state"]] += 1
    weeks[datetime.fromisoformat(r["ts"]).strftime("%G-W%V")] += 1
summary = {t: dict(c) for t, c in sorted(by_team.items())}
json.dumps({"teams": summary, "busiest": weeks.most_common(3)}, indent=2)
`, python.CompileOptions{})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if _, err := prog.Run(context.Background(), python.RunOptions{Modules: mods}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSubmoduleLinks checks that a package and its submodule are linked in whichever
// order a snippet imports them (internal/pymodule.Register), for the Python-source
// (collections.abc), Go-package (html.parser) and Go-built package (urllib) cases.
func TestSubmoduleLinks(t *testing.T) {
	t.Parallel()
	mods := lib.Modules()
	for _, c := range [][2]string{
		{"collections", "abc"}, {"html", "parser"}, {"urllib", "parse"},
	} {
		pkg, sub := c[0], c[1]
		for _, src := range []string{
			"import " + pkg + "." + sub + "\nimport " + pkg + "\nprint(" + pkg + "." + sub + ".__name__)\n",
			"import " + pkg + "\nimport " + pkg + "." + sub + "\nprint(" + pkg + "." + sub + ".__name__)\n",
		} {
			out, err := run(t, mods, src)
			if want := pkg + "." + sub + "\n"; err != nil || out != want {
				t.Errorf("%q: got %q, %v; want %q", src, out, err, want)
			}
		}
	}
}
