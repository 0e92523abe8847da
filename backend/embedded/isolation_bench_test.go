package embedded_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/backend/embedded"
	"github.com/toolplane/toolplane/sandbox"
)

// BenchmarkSessionRunModes runs a session's `return 1` on the embedded
// backend in this process and in a worker process, alternately in the same
// loop so both see the same machine, and reports each p50 and the
// overhead of the worker: the bridge's own cost, without MCP around it
// (server's BenchmarkIsolationReturn1 measures it over stdio).
//
//	go test ./backend/embedded -run '^$' -bench SessionRunModes -benchtime 2000x
func BenchmarkSessionRunModes(b *testing.B) {
	pool, err := sandbox.NewPool(sandbox.Options{Prestart: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer pool.Close()
	modes := []struct {
		name string
		be   *embedded.Backend
	}{{"none", embedded.New()}, {"process", embedded.New(embedded.WithWorkers(pool))}}
	sessions := make([]backend.Session, len(modes))
	lat := make([][]time.Duration, len(modes))
	ctx := context.Background()
	run := func(i int) time.Duration {
		t0 := time.Now()
		s := sessions[i]
		s.Begin()
		_, err := modes[i].be.Run(ctx, "return 1", hostileBridge{}, backend.RunOptions{Session: s})
		s.End(backend.EndKeep)
		if err != nil {
			b.Fatal(err)
		}
		return time.Since(t0)
	}
	for i, m := range modes {
		sessions[i] = m.be.NewSession()
		defer sessions[i].Close()
		run(i) // the session's worker is taken and the snippet compiled
	}
	for b.Loop() {
		for i := range modes {
			lat[i] = append(lat[i], run(i))
		}
	}
	p50 := func(l []time.Duration) float64 {
		slices.Sort(l)
		return float64(l[len(l)/2].Nanoseconds()) / 1e6
	}
	none, process := p50(lat[0]), p50(lat[1])
	b.ReportMetric(none, "none-p50-ms")
	b.ReportMetric(process, "process-p50-ms")
	b.ReportMetric(process-none, "overhead-p50-ms")
}
