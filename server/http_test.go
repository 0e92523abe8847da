package server

import (
	"context"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func (f *fixture) httpURL(t *testing.T) string {
	t.Helper()
	ts := httptest.NewServer(f.srv.Handler())
	t.Cleanup(ts.Close)
	return ts.URL
}

func connectHTTP(t *testing.T, url string) *mcp.ClientSession {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "http-client", Version: "1"}, nil).
		Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestHTTPSessionsAreIsolatedAndFreed(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	f := newFixture(t, nil)
	url := f.httpURL(t)
	a := connectHTTP(t, url)
	b := connectHTTP(t, url)
	ctx := context.Background()
	// Sessions start with a client's first run.
	for _, cs := range []*mcp.ClientSession{a, b} {
		res, out := run(t, cs, "return 1")
		mustOK(t, res, out)
	}
	ids := f.srv.Sessions().IDs()
	if len(ids) != 2 {
		t.Fatalf("two HTTP clients made sessions %v, want 2", ids)
	}
	for _, id := range ids {
		if !strings.HasPrefix(id, "http-") {
			t.Errorf("session %q is not keyed by its MCP session id", id)
		}
	}
	// Save into a's store; b must not see it.
	aKey := "http-" + a.ID()
	aSess, ok := f.srv.Sessions().Lookup(aKey)
	if !ok {
		t.Fatalf("no session %s", aKey)
	}
	e, err := aSess.Results().Save("secret", "")
	if err != nil {
		t.Fatal(err)
	}
	la, _ := a.ListResources(ctx, nil)
	lb, _ := b.ListResources(ctx, nil)
	if len(la.Resources) != 1 || la.Resources[0].URI != e.URI() || len(lb.Resources) != 0 {
		t.Errorf("a sees %d resources, b sees %d; want 1 and 0", len(la.Resources), len(lb.Resources))
	}

	// Closing a's MCP session (DELETE) frees its state.
	a.Close()
	waitFor(t, "a's session to be freed", func() bool { return f.srv.Sessions().Len() == 1 })
	if _, ok := f.srv.Sessions().Lookup(aKey); ok {
		t.Error("a's session survived its client")
	}
}

func TestHTTPExecuteSessionsPerClient(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	f := newFixture(t, nil)
	url := f.httpURL(t)
	a := connectHTTP(t, url)
	b := connectHTTP(t, url)
	res, out := run(t, a, "x = 'a'")
	mustOK(t, res, out)
	res, out = run(t, b, "x = 'b'")
	mustOK(t, res, out)
	_, outA := run(t, a, "return x")
	_, outB := run(t, b, "return x")
	if outA.Value != "a" || outB.Value != "b" {
		t.Errorf("a sees %v, b sees %v; each should see its own x", outA.Value, outB.Value)
	}
}

func TestServeHTTPPrintsAddressAndStops(t *testing.T) {
	t.Parallel()
	var stderr syncBuffer
	f := newFixture(t, func(o *Options) { o.Stderr = &stderr })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- f.srv.ServeHTTP(ctx, ln) }()
	want := "http://" + ln.Addr().String() + "/mcp"
	waitFor(t, "the address on stderr", func() bool {
		stderr.mu.Lock()
		defer stderr.mu.Unlock()
		return strings.Contains(stderr.buf.String(), want)
	})
	cs := connectHTTP(t, want)
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	cs.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ServeHTTP = %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ServeHTTP did not stop")
	}
}
