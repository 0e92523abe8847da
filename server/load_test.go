package server

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestHTTPLoad runs many execute_code calls from 64 concurrent HTTP clients
// and checks that none fails, every run is audited exactly once, and the
// server lets go of its goroutines and sessions when the clients leave. The
// default is a quick 192 runs; TOOLPLANE_LOAD_RUNS=10000 runs the full load.
func TestHTTPLoad(t *testing.T) {
	needInterpreter(t)
	const clients = 64
	total := 192
	if s := os.Getenv("TOOLPLANE_LOAD_RUNS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < clients {
			t.Fatalf("TOOLPLANE_LOAD_RUNS=%q: want a number >= %d", s, clients)
		}
		total = n
	}
	// Every run is granted its memory limit out of the token's budget
	// (1 GiB by default); runs of 16 MiB let all 64 clients run at once.
	// The caps are the defaults: all clients are one subject, whose runs
	// over its run cap (the CPUs) queue holding their sessions, so the
	// clients past the 32 sessions a token may keep wait for one of them
	// to become idle (they were refused a session before they waited).
	f := newFixture(t, func(o *Options) { o.Sessions.MaxMemoryBytes = 16 << 20 })
	url := f.httpURL(t)

	runtime.GC()
	baseGoroutines := runtime.NumGoroutine()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	for c := range clients {
		n := total / clients
		if c < total%clients {
			n++
		}
		wg.Go(func() {
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "load", Version: "1"}, nil).
				Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url}, nil)
			if err != nil {
				errs <- err
				return
			}
			defer cs.Close()
			for i := range n {
				code := fmt.Sprintf("r = await greeter.greet(name=%q)\nn = %d\nreturn r[\"greeting\"]", fmt.Sprint(c), i)
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: ToolExecute, Arguments: map[string]any{"code": code}})
				if err != nil {
					errs <- fmt.Errorf("client %d run %d: %w", c, i, err)
					return
				}
				if res.IsError {
					errs <- fmt.Errorf("client %d run %d failed: %s", c, i, text(res))
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	elapsed := time.Since(start)
	t.Logf("%d runs from %d clients in %s (%.0f runs/s)", total, clients, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds())

	counts := map[string]int{}
	for _, ln := range f.audit.lines(t) {
		counts[ln["event"].(string)]++
	}
	if counts["run_start"] != total || counts["run_end"] != total || counts["dispatch"] != total {
		t.Errorf("audit events %v, want %d of run_start, dispatch and run_end", counts, total)
	}

	// Clients closed their sessions: the state and goroutines go with them.
	waitFor(t, "sessions to be freed", func() bool { return f.srv.Sessions().Len() == 0 })
	// Idle keep-alive connections are the HTTP client's, not the server's.
	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > baseGoroutines+5 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if g := runtime.NumGoroutine(); g > baseGoroutines+5 {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines after the load, %d before:\n%s", g, baseGoroutines, buf[:runtime.Stack(buf, true)])
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	t.Logf("heap in use: %d KiB before, %d KiB after", before.HeapInuse>>10, after.HeapInuse>>10)
	// The audit buffer of this test grows with the runs (~300 bytes each);
	// anything beyond that plus slack is retained state.
	if grown := int64(after.HeapInuse) - int64(before.HeapInuse); grown > int64(total)*600+16<<20 {
		t.Errorf("heap grew by %d KiB over the load", grown>>10)
	}
}
