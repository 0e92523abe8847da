package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestHealthEndpoints: /healthz is 200 while serving; /readyz follows
// Options.Ready and the drain, and neither says why (the reason is for
// the operator's metrics and logs, not for whoever can reach the port).
func TestHealthEndpoints(t *testing.T) {
	var broken atomic.Bool
	f := newFixture(t, func(o *Options) {
		o.Ready = func() error {
			if broken.Load() {
				return errors.New("secret-internal-reason: upstream linear at 10.0.0.7")
			}
			return nil
		}
	})
	ts := httptest.NewServer(f.srv.HTTPHandler())
	defer ts.Close()
	get := func(path string) (int, string) {
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	check := func(path string, code int, body string) {
		t.Helper()
		if c, b := get(path); c != code || b != body {
			t.Errorf("GET %s: %d %q, want %d %q", path, c, b, code, body)
		}
	}
	check(HealthPath, 200, "ok\n")
	check(ReadyPath, 200, "ok\n")
	broken.Store(true)
	check(ReadyPath, 503, "not ready\n")
	check(HealthPath, 200, "ok\n")
	broken.Store(false)
	if res, err := http.Post(ts.URL+ReadyPath, "text/plain", strings.NewReader("x")); err != nil || res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /readyz: %v %v", res, err)
	}

	cs := f.connect(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	f.srv.Drain(ctx, time.Second)
	check(ReadyPath, 503, "not ready\n")
	res := callTool(t, cs, "execute_code", map[string]any{"code": "return 1"})
	if !res.IsError || !strings.Contains(text(res), "the server is shutting down and takes no new runs") {
		t.Errorf("a run after the drain: %s", text(res))
	}
}

// TestDrainWaitsForTheAnswer: a run a shutdown stops ends before its
// answer is written; the connection closes only after that answer, so the
// client reads why its run stopped, not the end of the connection (the
// drain closed it between the two, and stdio clients read EOF). The time
// between the two is stretched here, as a loaded machine stretches it.
func TestDrainWaitsForTheAnswer(t *testing.T) {
	f := newFixture(t, nil)
	f.srv.mcp.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if method == "tools/call" {
				time.Sleep(300 * time.Millisecond)
			}
			return res, err
		}
	})
	ctx, stopServing := context.WithCancel(context.Background())
	defer stopServing()
	ct, st := mcp.NewInMemoryTransports()
	served := make(chan error, 1)
	go func() { served <- f.srv.ServeTransport(ctx, st) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	type answer struct {
		res *mcp.CallToolResult
		err error
	}
	got := make(chan answer, 1)
	go func() {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": "while True:\n    pass"}})
		got <- answer{res, err}
	}()
	deadline := time.Now().Add(30 * time.Second)
	for f.srv.life.runsInProgress() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the run did not begin")
		}
		time.Sleep(5 * time.Millisecond)
	}
	dctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	f.srv.Drain(dctx, 100*time.Millisecond)
	stopServing() // as serve over stdio does once the drain returns
	select {
	case a := <-got:
		if a.err != nil {
			t.Fatalf("the stopped run's client read %v, not why its run stopped", a.err)
		}
		if !strings.Contains(text(a.res), "the server is shutting down") {
			t.Errorf("the stopped run's answer: %s", text(a.res))
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no answer")
	}
	<-served
}
