package embedded_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/backend/embedded"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python/hostilecorpus"
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

// TestHostileCorpusInWorkers runs every case of python/testdata/hostile
// through the worker path (process isolation: a fresh worker per case,
// host functions answered by this process over the bridge) and requires
// the ending its marker states under the limits and deadlines of package
// python/hostilecorpus, as TestHostile does in process. A case
// that kills its worker fails: the interpreter must contain it in both
// modes. Cases python/testdata/hostile/xfail.txt lists are skipped.
func TestHostileCorpusInWorkers(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "..", "python", "testdata", "hostile")
	cases, err := hostilecorpus.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	xfail, err := hostilecorpus.ReadXFail(dir)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := sandbox.NewPool(sandbox.Options{MemoryBytes: hostilecorpus.Memory, Prestart: 2})
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
		if _, ok := xfail[c.Name]; ok {
			continue
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			if p := runHostileInWorker(b, c); p != "" {
				mu.Lock()
				problems[c.Name] = p
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
func runHostileInWorker(b *embedded.Backend, c hostilecorpus.Case) string {
	setup := hostilecorpus.SetupFor(c.Marker, false)
	ctx, cancel := context.WithTimeout(context.Background(), setup.Deadline)
	defer cancel()
	var out strings.Builder
	var omu sync.Mutex
	_, err := b.Run(ctx, c.Source, hostileBridge{}, backend.RunOptions{
		Filename: c.Name + ".py",
		Stdout:   writerFunc(func(p []byte) { omu.Lock(); out.Write(p); omu.Unlock() }),
		Limits:   setup.Limits,
		Bindings: hostileStubs(),
	})
	if out.Len() > hostilecorpus.Output {
		return fmt.Sprintf("printed %d bytes, limit %d", out.Len(), hostilecorpus.Output)
	}
	be, _ := err.(*backend.Error)
	if err != nil && be == nil {
		return fmt.Sprintf("the backend failed: %v", err)
	}
	if be != nil && strings.Contains(be.Message, "sandbox process crashed") {
		return "the worker died: " + be.Message
	}
	var got *hostilecorpus.Ending
	if be != nil {
		got = &hostilecorpus.Ending{Type: be.Type, Message: be.Message, Limit: be.Limit}
	}
	return hostilecorpus.Check(c.Marker, got)
}

type writerFunc func([]byte)

func (f writerFunc) Write(p []byte) (int, error) { f(p); return len(p), nil }
