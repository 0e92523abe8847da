package python_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/vm"
)

// sweepChildEnv marks the re-executed test binary that runs the sweep
// (its value is the share of targets, k/n); sweepEnableEnv runs all of it
// (what it finds becomes a hostile case, which CI runs).
const (
	sweepChildEnv  = "TOOLPLANE_INTERRUPT_SWEEP_CHILD"
	sweepEnableEnv = "TOOLPLANE_INTERRUPT_SWEEP"
)

// sweepShards: without sweepEnableEnv the sweep runs one sixteenth of
// its targets (every sixteenth, from an offset that changes each day), so
// every CI run checks about ninety builtins in seconds and a fortnight of
// runs covers them all. The bound is generous in both wall and CPU time,
// so a failure is a builtin that ignores the deadline, not a slow machine.
const sweepShards = 16

// sweepShard is the share of the targets this run checks, as k of n.
func sweepShard() (k, n int) {
	if os.Getenv(sweepEnableEnv) != "" {
		return 0, 1
	}
	return time.Now().UTC().YearDay() % sweepShards, sweepShards
}

// sweepTypes are the builtin types whose methods the sweep calls on a big
// receiver.
var sweepTypes = []string{"str", "bytes", "bytearray", "list", "tuple", "dict", "set", "frozenset", "int", "float", "range"}

// sweepPrelude builds the big values every call is tried with: a few
// megabytes each, well under the run's memory limit, sized so that work
// linear in them takes milliseconds and anything worse seconds to hours.
const sweepPrelude = `
S = "ab" * 500_000 + "c"
B = S.encode()
L = list(range(100_000))
T = tuple(L)
D = dict.fromkeys(L, 1)
ST = set(L)
I = (1 << 1_000_000) - 1
J = (1 << 500_000) + 3
BIG = {"str": lambda: S, "bytes": lambda: B, "bytearray": lambda: bytearray(B), "list": lambda: list(L), "tuple": lambda: T, "dict": lambda: dict(D), "set": lambda: set(ST), "frozenset": lambda: frozenset(ST), "int": lambda: I, "float": lambda: 1e300, "range": lambda: range(10 ** 9)}
ARGS = [(), (S,), (B,), (L,), (T,), (I,), (J,), ("a",), ("a", "bb"), ("b", S), (S, S), (B, B), (2,), (I, J), (J, I), (I, J, I), (L, 3), (S, 3), (10 ** 6,), (10 ** 6, 10 ** 6), (-1,), ({"a": L},), (2, 1_000_000), (7, J), (D,), (ST,)]
def sweep(f, recv=None):
    for a in ARGS:
        try:
            if recv is None:
                f(*a)
            else:
                f(BIG[recv](), *a)
        except Exception:
            pass
`

// sweepTargets lists, from the interpreter's own tables, every method of
// the builtin types, every builtin function and every function of every
// standard library module, as "kind owner name" lines.
func sweepTargets(t testing.TB, modules vm.Modules) []string {
	var names []string
	for n := range modules {
		names = append(names, n)
	}
	slices.Sort(names)
	var imports strings.Builder
	for _, n := range names {
		fmt.Fprintf(&imports, "try:\n    import %s\n    mods[%q] = %s\nexcept BaseException:\n    pass\n", n, n, n)
	}
	var types []string
	for _, n := range sweepTypes {
		types = append(types, strconv.Quote(n))
	}
	src := `
import builtins
skip = {"input", "breakpoint", "exit", "quit", "help", "print", "open"}
out = []
for t in [` + strings.Join(types, ", ") + `]:
    for n in dir(getattr(builtins, t)):
        if n not in ("__init_subclass__", "__subclasshook__", "__new__", "__init__", "__del__", "__class__") and callable(getattr(getattr(builtins, t), n, None)):
            out.append("m " + t + " " + n)
for n in dir(builtins):
    if not n.startswith("_") and n not in skip and callable(getattr(builtins, n)):
        out.append("b builtins " + n)
mods = {}
` + imports.String() + `
for m, mod in mods.items():
    for n in dir(mod):
        if not n.startswith("_") and callable(getattr(mod, n, None)):
            out.append("f " + m + " " + n)
return out
`
	prog, err := python.Compile("targets.py", src, python.CompileOptions{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	v, err := prog.Run(context.Background(), python.RunOptions{Modules: modules, Limits: python.Limits{MaxMemoryBytes: 256 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, x := range v.Value.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// sweepSnippet calls one target with every argument tuple, ignoring the
// exceptions (most tuples do not fit).
func sweepSnippet(target string) string {
	parts := strings.SplitN(target, " ", 3)
	kind, owner, name := parts[0], parts[1], parts[2]
	switch kind {
	case "m":
		return sweepPrelude + fmt.Sprintf("sweep(getattr(%s, %q), %q)\n", owner, name, owner)
	case "b":
		return sweepPrelude + fmt.Sprintf("import builtins\nsweep(getattr(builtins, %q))\n", name)
	}
	return sweepPrelude + fmt.Sprintf("import %s\nsweep(getattr(%s, %q))\n", owner, owner, name)
}

const (
	// sweepDeadline is each run's time limit; no step budget, so only
	// the clock can stop it.
	sweepDeadline = 300 * time.Millisecond
	// sweepSlack is how far past it a run may end (wall and CPU time
	// both, as for the hostile corpus's "# limit: time" cases).
	sweepSlack = 500 * time.Millisecond
)

// TestAttackEveryBuiltinStopsAtTheDeadline: a builtin that does work
// proportional to its input without looking at the clock runs past the
// run's time limit by as long as the call takes (str.replace, pow with a
// modulus, statistics over big ints each ran seconds to hours past it).
// Every method of the builtin types, every builtin function and every
// function of every standard library module, enumerated from the
// interpreter's own tables, is called with every argument tuple of a set
// of big values (megabytes of str and bytes, 100,000-item containers,
// million-bit ints), in a child process whose heap is watched, with a time
// limit and no step budget; each run must end within sweepSlack of it.
func TestAttackEveryBuiltinStopsAtTheDeadline(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the sweep's share of builtins takes seconds")
	}
	modules := lib.Modules()
	if child := os.Getenv(sweepChildEnv); child != "" {
		var k, n int
		if _, err := fmt.Sscanf(child, "%d/%d", &k, &n); err != nil || n < 1 {
			t.Fatalf("%s=%q: want k/n", sweepChildEnv, child)
		}
		stop := make(chan struct{})
		defer close(stop)
		go heapWatchdog(stop)
		for i, target := range sweepTargets(t, modules) {
			if i%n != k {
				continue
			}
			wall, cpu, err := sweepRun(modules, target)
			fmt.Printf("SWEEP %d %d %s|%v\n", wall.Milliseconds(), cpu.Milliseconds(), target, err)
		}
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestAttackEveryBuiltinStopsAtTheDeadline$", "-test.count=1")
	k, shards := sweepShard()
	if shards > 1 {
		t.Logf("checking targets %d, %d+%d, ... of the sweep (one in %d, by the day); %s=1 checks them all (minutes)", k, k, shards, shards, sweepEnableEnv)
	}
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%d/%d", sweepChildEnv, k, shards), "GOMEMLIMIT=768MiB")
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	n, last := 0, ""
	var slowest []string
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "SWEEP ")
		if !ok {
			continue
		}
		var wallMS, cpuMS int64
		var target string
		fmt.Sscanf(rest, "%d %d", &wallMS, &cpuMS)
		target = strings.SplitN(rest, " ", 3)[2]
		n, last = n+1, target
		wall, cpu := time.Duration(wallMS)*time.Millisecond, time.Duration(cpuMS)*time.Millisecond
		if wall > sweepDeadline+sweepSlack && cpu > sweepDeadline+sweepSlack {
			t.Errorf("%s: the run ended %v after it started (%v of CPU), limit %v: a call ignores the deadline", target, wall, cpu, sweepDeadline)
		}
		if wall > sweepDeadline/2 {
			slowest = append(slowest, fmt.Sprintf("%s %v", strings.SplitN(target, "|", 2)[0], wall))
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the sweep's child died after %d targets (last %s): %v\n%s", n, last, err, tail(stderr.String(), 2000))
	}
	if n < 500/shards {
		t.Errorf("the sweep ran %d targets; the tables list more", n)
	}
	t.Logf("%d targets; runs that reached the deadline: %s", n, strings.Join(slowest, ", "))
}

// sweepRun runs one target's snippet under the sweep's limits.
func sweepRun(modules vm.Modules, target string) (wall, cpu time.Duration, err error) {
	return sweepRunSrc(modules, sweepSnippet(target))
}

// sweepRunSrc runs src under the sweep's limits.
func sweepRunSrc(modules vm.Modules, src string) (wall, cpu time.Duration, err error) {
	prog, err := python.Compile("sweep.py", src, python.CompileOptions{Snippet: true})
	if err != nil {
		return 0, 0, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), sweepDeadline)
	defer cancel()
	began, cpuBegan := time.Now(), processCPU()
	_, err = prog.Run(ctx, python.RunOptions{Modules: modules, Stdout: &countingWriter{}, Host: map[string]python.HostFunc{},
		Limits: python.Limits{Steps: 1 << 62, MaxMemoryBytes: 256 << 20, MaxDepth: 200, MaxOutputBytes: 1 << 20, MaxHostCalls: 10}})
	wall, cpu = time.Since(began), processCPU()-cpuBegan
	var exc *python.Exception
	if err != nil && !errors.As(err, &exc) {
		return wall, cpu, err
	}
	if exc != nil {
		err = fmt.Errorf("%s", exc.Type)
	}
	return wall, cpu, err
}
