package python_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/hoststub"
	"github.com/toolplane/toolplane/python/internal/difftest"
	"github.com/toolplane/toolplane/python/lib"
)

// FuzzCompileRun mutates the conformance corpus and compiles and runs the
// result in snippet mode under tight limits. Properties: no Go panic
// escapes Compile or Run (a panic fails the fuzz target), every run
// returns within its deadline plus a grace period, and every error is a
// *python.Exception, and the heap stays under hostileHeapCeiling. Crashers go to testdata/fuzz/FuzzCompileRun and are
// replayed by plain `go test`.
//
//	go test ./python -run '^$' -fuzz FuzzCompileRun -fuzztime 60s
func FuzzCompileRun(f *testing.F) {
	for _, kind := range []string{"core", "async"} {
		cases, err := difftest.Load(filepath.Join("testdata", kind), kind)
		if err != nil {
			f.Fatal(err)
		}
		for _, c := range cases {
			f.Add(c.Source)
		}
	}
	// A run whose memory limit fails must not take the machine down: the
	// watchdog ends the process, and the fuzzer records the input.
	stop := make(chan struct{})
	f.Cleanup(func() { close(stop) })
	go heapWatchdog(stop)
	modules := lib.Modules()
	f.Fuzz(func(t *testing.T, src string) {
		const (
			deadline = time.Second
			grace    = 5 * time.Second
		)
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		defer cancel()
		done := make(chan error, 1)
		go func() {
			prog, err := python.Compile("fuzz.py", src, python.CompileOptions{Snippet: true})
			if err == nil {
				_, err = prog.Run(ctx, python.RunOptions{
					Stdout:  &countingWriter{},
					Modules: modules,
					Host:    hoststub.Funcs(),
					Limits: python.Limits{
						Steps:          200_000,
						MaxMemoryBytes: 16 << 20,
						MaxDepth:       200,
						MaxOutputBytes: 64 << 10,
						MaxHostCalls:   20,
					},
				})
			}
			done <- err
		}()
		select {
		case err := <-done:
			var exc *python.Exception
			if err != nil && !errors.As(err, &exc) {
				t.Fatalf("error is %T, want *python.Exception: %v\nsource:\n%s", err, err, src)
			}
		case <-time.After(deadline + grace):
			t.Fatalf("run did not return %v after its %v deadline\nsource:\n%s", grace, deadline, src)
		}
	})
}
