//go:build unix

package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// resolveTestRefs stands in for the secrets package: it resolves
// "env://NAME" from a fixed table and returns other values unchanged.
func resolveTestRefs(_ context.Context, v string) (string, error) {
	name, ok := strings.CutPrefix(v, "env://")
	if !ok {
		return v, nil
	}
	vals := map[string]string{"TESTMCP_SECRET": "s3cret"}
	if s, ok := vals[name]; ok {
		return s, nil
	}
	return "", fmt.Errorf("environment variable %s is not set", name)
}

func TestHTTPTransports(t *testing.T) {
	t.Parallel()
	base := startHTTPServer(t, "-items", "12")
	for _, tc := range []struct {
		name      string
		transport Transport
		path      string
		want      Transport
	}{
		{"streamable", "", "/mcp", TransportHTTP},
		{"sse", TransportSSE, "/sse", TransportSSE},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			spec := ServerSpec{
				Name:      "remote",
				URL:       base + tc.path,
				Transport: tc.transport,
				Headers:   map[string]string{"X-Test": "env://TESTMCP_SECRET", "Authorization": "Bearer plain"},
				Timeout:   10 * time.Second,
			}
			m := newManager(t, ManagerOptions{Resolve: resolveTestRefs}, spec)

			res, err := call(t, m, "mcp:remote/headers", nil)
			if err != nil {
				t.Fatal(err)
			}
			// The server echoes the headers it got; they are its secrets
			// (a reference, an Authorization header), hidden in its answer
			// as the markers of exactly these values.
			want := map[string]any{"x_test": "[redacted:header.X-Test]", "authorization": "[redacted:header.Authorization]"}
			if diff := cmp.Diff(want, res.Structured); diff != "" {
				t.Errorf("headers seen by the server (-want +got):\n%s", diff)
			}

			list := capByID(t, m, "mcp:remote/list_items")
			var n, calls int
			for cursor := ""; ; calls++ {
				res, err := list.Handler(context.Background(), map[string]any{"cursor": cursor, "page_size": 5})
				if err != nil {
					t.Fatal(err)
				}
				page := res.Structured.(map[string]any)
				n += len(page["items"].([]any))
				if cursor = page["next_cursor"].(string); cursor == "" {
					break
				}
			}
			if n != 12 || calls != 2 {
				t.Errorf("paged %d items in %d calls, want 12 in 3", n, calls+1)
			}

			res, err = call(t, m, "mcp:remote/fail", map[string]any{"msg": "nope"})
			if err != nil || !res.IsError || text(res) != "nope" {
				t.Errorf("fail: %+v %v", res, err)
			}

			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			_, err = capByID(t, m, "mcp:remote/slow").Handler(ctx, map[string]any{"ms": 5000})
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("slow with a 200ms deadline: %v", err)
			}

			st := status(t, m, "remote")
			if st.State != "ok" || st.Transport != tc.want || st.Auth != "headers" || len(st.Tools) < 9 || st.ListLatency <= 0 || st.PID != 0 {
				t.Errorf("status = %+v", st)
			}
		})
	}
}

func TestHTTPSecretResolutionFails(t *testing.T) {
	t.Parallel()
	m := newManager(t, ManagerOptions{Resolve: resolveTestRefs}, ServerSpec{
		Name: "r", URL: "http://127.0.0.1:1/mcp", Headers: map[string]string{"X-Key": "env://TESTMCP_UNSET"},
	})
	_, err := m.Capabilities(context.Background())
	if err == nil || !strings.Contains(err.Error(), "[mcp.servers.r] headers.X-Key: environment variable TESTMCP_UNSET is not set") {
		t.Fatalf("err = %v", err)
	}
}

func TestHTTPOAuth(t *testing.T) {
	t.Parallel()
	base := startHTTPServer(t)
	spec := ServerSpec{Name: "linear", URL: base + "/mcp", Auth: AuthOAuth}

	m := newManager(t, ManagerOptions{}, spec)
	st := status(t, m, "linear")
	if st.State != "needs_login" || st.Auth != "needs login: run `toolplane mcp login linear`" {
		t.Errorf("status without a token = %+v", st)
	}
	_, err := m.Capabilities(context.Background())
	if !errors.Is(err, ErrNeedsLogin) || !strings.Contains(err.Error(), "run `toolplane mcp login linear`") {
		t.Errorf("Capabilities without a token: %v", err)
	}

	m = newManager(t, ManagerOptions{Token: func(_ context.Context, server string) (string, error) {
		return "tok-" + server, nil
	}}, spec)
	res, err := call(t, m, "mcp:linear/headers", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Structured.(map[string]any)["authorization"]; got != "Bearer [redacted:auth]" { // the token reached it; its echo is hidden
		t.Errorf("authorization = %q", got)
	}
	if st := status(t, m, "linear"); st.State != "ok" || st.Auth != "oauth" {
		t.Errorf("status with a token = %+v", st)
	}
}

func TestHTTPUnauthorized(t *testing.T) {
	t.Parallel()
	deny := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "who are you", http.StatusUnauthorized)
	}))
	t.Cleanup(deny.Close)

	m := newManager(t, ManagerOptions{}, ServerSpec{Name: "plain", URL: deny.URL + "/mcp"})
	_, err := m.Capabilities(context.Background())
	if err == nil || !strings.Contains(err.Error(), `mcp server "plain" answered HTTP 401 Unauthorized: check [mcp.servers.plain] headers`) {
		t.Errorf("plain: %v", err)
	}

	m = newManager(t, ManagerOptions{Token: func(context.Context, string) (string, error) { return "expired", nil }},
		ServerSpec{Name: "oauthy", URL: deny.URL + "/mcp", Auth: AuthOAuth})
	st := status(t, m, "oauthy")
	if st.State != "needs_login" || !strings.Contains(st.Error, "HTTP 401") {
		t.Errorf("oauth status = %+v", st)
	}
}

func TestHTTPListChanged(t *testing.T) {
	t.Parallel()
	base := startHTTPServer(t)
	for _, tc := range []struct {
		name      string
		transport Transport
		path      string
	}{{"streamable", "", "/mcp"}, {"sse", TransportSSE, "/sse"}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			changed := make(chan struct{}, 4)
			m := newManager(t, ManagerOptions{OnChange: func() { changed <- struct{}{} }},
				ServerSpec{Name: "h", URL: base + tc.path, Transport: tc.transport})
			// Both subtests share one test server, so each adds a tool of its
			// own name.
			tool := "extra_" + tc.name
			if _, err := call(t, m, "mcp:h/add_tool", map[string]any{"name": tool}); err != nil {
				t.Fatal(err)
			}
			select {
			case <-changed:
			case <-time.After(15 * time.Second):
				t.Fatal("OnChange not called after tools/list_changed")
			}
			capByID(t, m, "mcp:h/"+tool)
		})
	}
}
