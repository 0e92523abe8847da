package server_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// BenchmarkE2EExecute measures execute_code round trips through the real
// binary: a trivial snippet, and one making 10 capability calls to the
// upstream test server. It reports p50/p99 latency and runs per second.
//
//	go test ./server -run '^$' -bench E2EExecute -benchtime 200x
func BenchmarkE2EExecute(b *testing.B) {
	if err := e2e.InterpreterReady(); err != nil {
		b.Skipf("the embedded interpreter does not run snippets yet: %v", err)
	}
	snippets := map[string]string{
		"trivial": "return 1 + 1",
		"10calls": "n = 0\nfor i in range(10):\n    r = await up.echo(text=str(i))\n    n += len(r)\nreturn n",
	}
	for _, transport := range []string{"stdio", "http"} {
		b.Run(transport, func(b *testing.B) {
			e := bins.NewEnv(b, "")
			var cs *mcp.ClientSession
			if transport == "stdio" {
				cs = e.Stdio(b)
			} else {
				cs = e2e.ConnectHTTP(b, e.HTTPURL(b))
			}
			for _, name := range []string{"trivial", "10calls"} {
				code := snippets[name]
				b.Run(name, func(b *testing.B) {
					lat := make([]time.Duration, 0, b.N)
					start := time.Now()
					for b.Loop() {
						t0 := time.Now()
						res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": code}})
						if err != nil || res.IsError {
							b.Fatalf("run failed: %v %s", err, e2e.Text(res))
						}
						lat = append(lat, time.Since(t0))
					}
					elapsed := time.Since(start)
					slices.Sort(lat)
					b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
					b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
					b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "runs/s")
					if name == "10calls" {
						b.ReportMetric(float64(10*len(lat))/elapsed.Seconds(), "calls/s")
					}
				})
			}
		})
	}
}
