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
