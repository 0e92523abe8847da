package server_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// isolationModes are the [toolplane] isolation settings compared.
var isolationModes = []string{"none", "process"}

func isolationEnv(b *testing.B, mode string) *e2e.Env {
	return bins.NewEnv(b, fmt.Sprintf("\n[toolplane]\nisolation = %q\n", mode))
}

func execOnce(b *testing.B, cs *mcp.ClientSession, code string) time.Duration {
	t0 := time.Now()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": code}})
	if err != nil || res.IsError {
		b.Fatalf("run failed: %v %s", err, e2e.Text(res))
	}
	return time.Since(t0)
}

func p50(lat []time.Duration) float64 {
	slices.Sort(lat)
	return float64(lat[len(lat)/2].Microseconds()) / 1000
}

// BenchmarkIsolationReturn1 measures execute_code of `return 1` over stdio
// against two real servers, one per isolation mode, run alternately so
// both see the same machine; it reports each p50 and the overhead of
// process isolation.
//
//	go test ./server -run '^$' -bench Isolation -benchtime 300x
func BenchmarkIsolationReturn1(b *testing.B) {
	e2e.NeedInterpreter(b)
	cs := map[string]*mcp.ClientSession{}
	lat := map[string][]time.Duration{}
	for _, mode := range isolationModes {
		cs[mode] = isolationEnv(b, mode).Stdio(b)
		execOnce(b, cs[mode], "return 1") // the session's worker is started
	}
	for b.Loop() {
		for _, mode := range isolationModes {
			lat[mode] = append(lat[mode], execOnce(b, cs[mode], "return 1"))
		}
	}
	none, process := p50(lat["none"]), p50(lat["process"])
	b.ReportMetric(none, "none-p50-ms")
	b.ReportMetric(process, "process-p50-ms")
	b.ReportMetric(process-none, "overhead-p50-ms")
}

// BenchmarkIsolationConcurrentSessions runs 10 clients at once against one
// HTTP server per mode, each keeping a counter in its session, and
// reports runs per second and the p50 latency.
func BenchmarkIsolationConcurrentSessions(b *testing.B) {
	e2e.NeedInterpreter(b)
	const clients = 10
	for _, mode := range isolationModes {
		b.Run(mode, func(b *testing.B) {
			e := isolationEnv(b, mode)
			url := e.HTTPURL(b)
			sessions := make([]*mcp.ClientSession, clients)
			for i := range sessions {
				sessions[i] = e2e.ConnectHTTP(b, url)
				execOnce(b, sessions[i], "n = 0")
			}
			var mu sync.Mutex
			var lat []time.Duration
			start := time.Now()
			for b.Loop() {
				var wg sync.WaitGroup
				for _, cs := range sessions {
					wg.Go(func() {
						d := execOnce(b, cs, "n += 1\nreturn n")
						mu.Lock()
						lat = append(lat, d)
						mu.Unlock()
					})
				}
				wg.Wait()
			}
			b.ReportMetric(float64(len(lat))/time.Since(start).Seconds(), "runs/s")
			b.ReportMetric(p50(lat), "p50-ms")
		})
	}
}

// BenchmarkIsolationFirstRun starts a server per iteration and times its
// first execute_code: with process isolation a pre-started worker takes
// it, so it should not wait for a process start.
func BenchmarkIsolationFirstRun(b *testing.B) {
	e2e.NeedInterpreter(b)
	for _, mode := range isolationModes {
		b.Run(mode, func(b *testing.B) {
			e := isolationEnv(b, mode)
			var lat []time.Duration
			for b.Loop() {
				cs := e2e.ConnectCommand(b, e.Command(), nil)
				lat = append(lat, execOnce(b, cs, "return 1"))
				cs.Close()
			}
			b.ReportMetric(p50(lat), "first-run-p50-ms")
		})
	}
}
