package server_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/internal/e2e"
	"github.com/toolplane/toolplane/server"
	"github.com/toolplane/toolplane/server/rtengine"
	"github.com/toolplane/toolplane/telemetry"
)

// tracedWorld is a server with tracing into an in-memory exporter, whose
// capabilities are the tools of an HTTP upstream MCP server that records
// the traceparent header of every tools/call it gets.
type tracedWorld struct {
	exp     *tracetest.InMemoryExporter
	url     string
	mu      sync.Mutex
	parents []string // traceparent headers of the upstream's tools/call requests
	others  []string // any tracestate or baggage header the upstream got
}

func newTracedWorld(t *testing.T) *tracedWorld {
	t.Helper()
	w := &tracedWorld{exp: tracetest.NewInMemoryExporter()}
	up := mcp.NewServer(&mcp.Implementation{Name: "up", Version: "1"}, nil)
	type in struct {
		Text string `json:"text"`
	}
	mcp.AddTool(up, &mcp.Tool{Name: "echo"}, func(_ context.Context, _ *mcp.CallToolRequest, a in) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: a.Text}}}, nil, nil
	})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return up }, nil)
	upstream := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w.mu.Lock()
		if tp := r.Header.Get("Traceparent"); tp != "" {
			w.parents = append(w.parents, tp)
		}
		for _, name := range []string{"Tracestate", "Baggage"} {
			if v := r.Header.Get(name); v != "" {
				w.others = append(w.others, name+": "+v)
			}
		}
		w.mu.Unlock()
		h.ServeHTTP(rw, r)
	}))
	t.Cleanup(upstream.Close)

	tracing := telemetry.NewTracing(sdktrace.WithSyncer(w.exp))
	cfg := config.Default()
	cfg.MCP.Servers = map[string]config.MCPServer{"h": {URL: upstream.URL}}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	observer := &telemetry.Observer{Tracing: tracing}
	rt, err := toolplane.Open(ctx, cfg, toolplane.OpenOptions{UpstreamTransport: tracing.Transport, CacheDir: t.TempDir()}, toolplane.WithMiddleware(observer.Middleware()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Stop() })
	srv, err := server.New(server.Options{Engine: rtengine.New(rt), Tracing: tracing})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.HTTPHandler())
	t.Cleanup(ts.Close)
	w.url = ts.URL + server.HTTPPath
	return w
}

// headerTransport adds fixed headers to every request.
type headerTransport map[string]string

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h {
		r.Header.Add(k, v)
	}
	return http.DefaultTransport.RoundTrip(r)
}

func (w *tracedWorld) connect(t *testing.T, headers headerTransport) *mcp.ClientSession {
	t.Helper()
	cs, err := e2e.Client(nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: w.url, HTTPClient: &http.Client{Transport: headers}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func attr(s tracetest.SpanStub, key attribute.Key) string {
	for _, a := range s.Attributes {
		if a.Key == key {
			return a.Value.Emit()
		}
	}
	return ""
}

// TestTraceSpanTree: one execute_code with two capability calls over
// HTTP, sent with a client's traceparent, makes the span tree
// client span > "mcp tools/call" > "execute_code" > two "capability call"
// spans, in the client's trace; the HTTP upstream gets each call's span
// as its traceparent; no span carries the arguments or the results.
func TestTraceSpanTree(t *testing.T) {
	w := newTracedWorld(t)
	const traceID, parentID = "4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"
	cs := w.connect(t, headerTransport{"Traceparent": "00-" + traceID + "-" + parentID + "-01"})
	v := e2e.MustRun(t, cs, `a = await h.echo(text="trace-arg-one")
b = await h.echo(text="trace-arg-two")
return a + b`)
	if !strings.Contains(v.(string), "trace-arg-two") {
		t.Fatalf("run value %v", v)
	}
	spans := w.exp.GetSpans()
	byName := map[string][]tracetest.SpanStub{}
	for _, s := range spans {
		byName[s.Name] = append(byName[s.Name], s)
		for _, a := range s.Attributes {
			if strings.Contains(a.Value.Emit(), "trace-arg") {
				t.Errorf("span %s carries an argument or result: %s", s.Name, a.Value.Emit())
			}
		}
	}
	var call tracetest.SpanStub
	for _, s := range byName["mcp tools/call"] {
		if s.SpanContext.TraceID().String() == traceID {
			call = s
		}
	}
	if !call.SpanContext.IsValid() || call.Parent.SpanID().String() != parentID || !call.Parent.IsRemote() || call.SpanKind != trace.SpanKindServer {
		t.Fatalf("no server span of tools/call under the client's span; spans: %v", names(spans))
	}
	runs := byName["execute_code"]
	if len(runs) != 1 || runs[0].Parent.SpanID() != call.SpanContext.SpanID() || attr(runs[0], telemetry.AttrOutcome) != "ok" || attr(runs[0], telemetry.AttrCalls) != "2" || !strings.HasPrefix(attr(runs[0], telemetry.AttrRunID), "run_") {
		t.Fatalf("execute_code spans: %+v", runs)
	}
	calls := byName["capability call"]
	if len(calls) != 2 {
		t.Fatalf("%d capability call spans, want 2: %v", len(calls), names(spans))
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, c := range calls {
		if c.Parent.SpanID() != runs[0].SpanContext.SpanID() || c.SpanContext.TraceID().String() != traceID || attr(c, telemetry.AttrCapability) != "mcp:h/echo" || attr(c, telemetry.AttrSource) != "mcp" || attr(c, telemetry.AttrOutcome) != "ok" {
			t.Errorf("capability call span %+v", c)
		}
		want := "00-" + traceID + "-" + c.SpanContext.SpanID().String() + "-01"
		found := false
		for _, p := range w.parents {
			found = found || p == want
		}
		if !found {
			t.Errorf("the upstream never got traceparent %s (got %v)", want, w.parents)
		}
	}
}

// TestAttackHostileTraceparent: malformed, all-zero, oversized and
// repeated traceparent headers are ignored (the request's span starts a
// trace of its own), and tracestate and baggage a client sends never
// reach an upstream server.
func TestAttackHostileTraceparent(t *testing.T) {
	for name, h := range map[string]headerTransport{
		"not hex":    {"Traceparent": "00-zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz-00f067aa0ba902b7-01"},
		"zero trace": {"Traceparent": "00-00000000000000000000000000000000-00f067aa0ba902b7-01"},
		"zero span":  {"Traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01"},
		"version ff": {"Traceparent": "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"},
		"oversized":  {"Traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-" + strings.Repeat("a", 4096)},
		"crlf":       {"Traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\tevil"},
		"state only": {"Tracestate": "vendor=secret-state", "Baggage": "user=secret-baggage"},
	} {
		t.Run(name, func(t *testing.T) {
			w := newTracedWorld(t)
			cs := w.connect(t, h)
			e2e.MustRun(t, cs, `return await h.echo(text="x")`)
			for _, s := range w.exp.GetSpans() {
				if s.Name == "mcp tools/call" && (s.Parent.IsValid() || s.SpanContext.TraceID().String() == "4bf92f3577b34da6a3ce929d0e0e4736") {
					t.Errorf("the request's span joined a hostile trace context: parent %v", s.Parent)
				}
			}
			w.mu.Lock()
			defer w.mu.Unlock()
			if len(w.others) > 0 {
				t.Errorf("the upstream got %v", w.others)
			}
			if len(w.parents) == 0 {
				t.Error("the upstream got no traceparent of ours")
			}
		})
	}
}

func names(spans tracetest.SpanStubs) []string {
	var out []string
	for _, s := range spans {
		out = append(out, s.Name)
	}
	return out
}
