package embedded_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/backend/embedded"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/hoststub"
	"github.com/toolplane/toolplane/sandbox"
)

// TestMain makes this test binary the sandbox worker of the isolation
// tests too.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == sandbox.WorkerArg {
		b := embedded.New()
		os.Exit(sandbox.WorkerMain(os.Args[2:], b.WorkerRun, b.WorkerWarm))
	}
	os.Exit(m.Run())
}

// The hostile corpus's limits, as python/hostile_test.go runs it.
const (
	hostileSteps     = 2_000_000
	hostileMemory    = 64 << 20
	hostileDepth     = 500
	hostileOutput    = 1 << 20
	hostileHostCalls = 50
	hostileDeadline  = 15 * time.Second
	hostileTimeLimit = 300 * time.Millisecond
)

// TestHostileCorpusInWorkers runs every case of python/testdata/hostile
// through the worker path (process isolation: a fresh worker per case,
// host functions answered by this process over the bridge) and requires
// the ending its marker states, as TestHostile does in process. A case
// that kills its worker fails: the interpreter must contain it in both
// modes. Cases python/testdata/hostile/xfail.txt lists are skipped.
func TestHostileCorpusInWorkers(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "..", "python", "testdata", "hostile")
	cases := loadHostile(t, dir)
	xfail := map[string]bool{}
	if data, err := os.ReadFile(filepath.Join(dir, "xfail.txt")); err == nil {
		for _, l := range strings.Split(string(data), "\n") {
			if name, _, _ := strings.Cut(l, " "); strings.HasPrefix(name, "hostile/") {
				xfail[name] = true
			}
		}
	}
	pool, err := sandbox.NewPool(sandbox.Options{MemoryBytes: hostileMemory, Prestart: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	b := embedded.New(embedded.WithWorkers(pool))

	var mu sync.Mutex
	problems := map[string]string{}
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for _, c := range cases {
		if xfail[c.name] {
			continue
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			if p := runHostileInWorker(b, c); p != "" {
				mu.Lock()
				problems[c.name] = p
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	names := make([]string, 0, len(problems))
	for n := range problems {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Errorf("%s: %s", n, problems[n])
	}
}

type hostileCase struct {
	name, source, marker string
}

// loadHostile reads the corpus: a file is a case, or several separated by
// "# ---" lines; the last line of a case is its marker.
func loadHostile(t *testing.T, dir string) []hostileCase {
	paths, err := filepath.Glob(filepath.Join(dir, "*.py"))
	if err != nil || len(paths) < 60 {
		t.Fatalf("hostile corpus at %s: %d files, %v", dir, len(paths), err)
	}
	var out []hostileCase
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		chunks := strings.Split(string(data), "\n# ---\n")
		for i, src := range chunks {
			name := "hostile/" + strings.TrimSuffix(filepath.Base(p), ".py")
			if len(chunks) > 1 {
				name = fmt.Sprintf("%s#%d", name, i+1)
			}
			src = strings.TrimSpace(src) + "\n"
			lines := strings.Split(strings.TrimSpace(src), "\n")
			out = append(out, hostileCase{name: name, source: src, marker: strings.TrimSpace(lines[len(lines)-1])})
		}
	}
	return out
}

// hostileBridge binds the host stubs the corpus calls as runtime bindings
// (no capabilities).
type hostileBridge struct{}

func (hostileBridge) Namespace() capability.Namespace { return capability.Namespace{} }
func (hostileBridge) Call(context.Context, string, []any, map[string]any) (any, error) {
	return nil, &backend.CallError{Type: "LookupError", Detail: "no capabilities here"}
}

// hostileStubs are the corpus's host functions (package hoststub) as
// runtime bindings.
func hostileStubs() map[string]backend.HostFunc {
	out := map[string]backend.HostFunc{}
	for name, f := range hoststub.Funcs() {
		out[name] = backend.HostFunc(f)
	}
	return out
}

// runHostileInWorker runs one case and says how its ending differs from
// its marker ("" if it does not).
func runHostileInWorker(b *embedded.Backend, c hostileCase) string {
	limits := python.Limits{Steps: hostileSteps, MaxMemoryBytes: hostileMemory, MaxDepth: hostileDepth, MaxOutputBytes: hostileOutput, MaxHostCalls: hostileHostCalls}
	deadline := hostileDeadline
	switch c.marker {
	case "# limit: time":
		deadline = hostileTimeLimit
		limits.Steps = 1 << 62
	case "# limit: memory":
		// As python's TestHostile: builtins count their work as steps,
		// and filling the memory limit is more work than the step budget
		// allows, so only the memory limit may stop these.
		limits.Steps = 1 << 62
	}
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	var out strings.Builder
	var omu sync.Mutex
	res, err := b.Run(ctx, c.source, hostileBridge{}, backend.RunOptions{
		Filename: c.name + ".py",
		Stdout:   writerFunc(func(p []byte) { omu.Lock(); out.Write(p); omu.Unlock() }),
		Limits:   limits,
		Bindings: hostileStubs(),
	})
	if out.Len() > hostileOutput {
		return fmt.Sprintf("printed %d bytes, limit %d", out.Len(), hostileOutput)
	}
	be, _ := err.(*backend.Error)
	if err != nil && be == nil {
		return fmt.Sprintf("the backend failed: %v", err)
	}
	if be != nil && strings.Contains(be.Message, "sandbox process crashed") {
		return "the worker died: " + be.Message
	}
	switch m := c.marker; {
	case m == "# completes":
		if be != nil {
			return fmt.Sprintf("want completion, got %s", be)
		}
	case be == nil:
		return fmt.Sprintf("want %s, but the run completed with %v", m, res.Repr)
	case strings.HasPrefix(m, "# limit:"):
		for _, l := range strings.Split(strings.TrimSpace(strings.TrimPrefix(m, "# limit:")), "|") {
			if be.Limit == l || (l == "depth" && be.Type == "RecursionError") || (l == "memory" && be.Type == "MemoryError") {
				return ""
			}
		}
		return fmt.Sprintf("want %s, got %s (limit %q)", m, be, be.Limit)
	case strings.HasPrefix(m, "# raises:"):
		typ, msg, hasMsg := strings.Cut(strings.TrimSpace(strings.TrimPrefix(m, "# raises:")), ": ")
		if be.Limit != "" || !slices.Contains(strings.Split(typ, "|"), be.Type) || (hasMsg && be.Message != msg) {
			return fmt.Sprintf("want %s, got %s (limit %q)", m, be, be.Limit)
		}
	default:
		return "no marker"
	}
	return ""
}

type writerFunc func([]byte)

func (f writerFunc) Write(p []byte) (int, error) { f(p); return len(p), nil }
