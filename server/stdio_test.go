package server

import (
	"context"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stdioClient serves f's server over StdioTransport on real pipes and
// connects an SDK client to it; logged collects what the transport logs.
func stdioClient(t *testing.T, f *fixture, logged *[]string) *mcp.ClientSession {
	t.Helper()
	toServerR, toServerW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	toClientR, toClientW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	logf := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		*logged = append(*logged, format)
		for _, a := range args {
			if s, ok := a.(string); ok {
				*logged = append(*logged, s)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- f.srv.ServeTransport(ctx, StdioTransport(toServerR, toClientW, logf)) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "stdio-client", Version: "1"}, nil).Connect(ctx, &mcp.IOTransport{Reader: toClientR, Writer: toServerW}, nil)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		cancel()
		_ = toServerR.Close()
		_ = toClientW.Close()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Error("the stdio server did not stop")
		}
	})
	return cs
}

func liveHeap() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestStdioLetsLargeMessageGo: a client sends one 12 MiB request over
// stdio. With the SDK's IOTransport the connection's JSON decoder kept a
// buffer of 12 to 24 MiB for the rest of the connection's life; the
// transport now lets it go once the message is decoded. Not parallel: it
// measures the process's live heap.
func TestStdioLetsLargeMessageGo(t *testing.T) {
	f := newFixture(t, nil)
	var logged []string
	cs := stdioClient(t, f, &logged)
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	before := liveHeap()
	pad := strings.Repeat("x", 12<<20)
	_, _ = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "no_such_tool", Arguments: map[string]any{"pad": pad}})
	pad = ""
	// The connection stays in use.
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatalf("after a 12 MiB request: %v", err)
	}
	after := liveHeap()
	grown := int64(after) - int64(before)
	t.Logf("live heap %d MiB before a 12 MiB request, %d MiB after (%+d KiB)", before>>20, after>>20, grown>>10)
	if grown > 6<<20 {
		t.Errorf("the stdio connection holds %d MiB more after one 12 MiB request", grown>>20)
	}
	runtime.KeepAlive(cs)
}

// TestStdioRefusesOversizeMessage: a request over MaxStdioMessageBytes is
// answered with an error naming the limit (the SDK ended the connection,
// and the client saw only "connection closed"), is logged, and the
// connection goes on.
func TestStdioRefusesOversizeMessage(t *testing.T) {
	f := newFixture(t, nil)
	var logged []string
	cs := stdioClient(t, f, &logged)
	pad := strings.Repeat("y", MaxStdioMessageBytes+1)
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": "return 1", "pad": pad}})
	if err == nil || !strings.Contains(err.Error(), "larger than the limit of 16 MiB for one stdio message") {
		t.Fatalf("an oversize request: %v", err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": "return 41 + 1"}})
	if err != nil {
		t.Fatalf("the connection after an oversize request: %v", err)
	}
	if got := text(res); !strings.Contains(got, "42") {
		t.Errorf("a run after an oversize request: %s", got)
	}
	if len(logged) == 0 || !strings.Contains(strings.Join(logged, " "), "limit of 16 MiB") {
		t.Errorf("the refusal was not logged: %q", logged)
	}
}
