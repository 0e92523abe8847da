package server_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestSIGTERMDuringLongRun: SIGTERM while a run waits on an upstream call
// stops accepting connections, lets the run go on for [http]
// shutdown_grace, then ends it with an error that says the server is
// shutting down; the audit log has its run_end, the upstream server and
// the process it started are gone, and serve exits 0.
func TestSIGTERMDuringLongRun(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "\n[http]\nshutdown_grace = \"1s\"\n")
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	base := strings.TrimSuffix(srv.URL, "/mcp")
	for _, path := range []string{"/healthz", "/readyz"} {
		res, err := http.Get(base + path)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("GET %s before the shutdown: %v %v", path, res, err)
		}
		res.Body.Close()
	}
	grandchild := int(e2e.MustRun(t, cs, `return (await up.spawn())["pid"]`).(float64))
	upstreams := children(srv.Cmd.Process.Pid)
	if len(upstreams) == 0 {
		t.Fatal("no upstream process found")
	}

	type outcome struct {
		text string
		err  error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := e2e.TryCall(cs, "execute_code", map[string]any{"code": `return await up.slow(ms=30000)`})
		if err != nil {
			done <- outcome{err: err}
			return
		}
		done <- outcome{text: e2e.Text(res)}
	}()
	waitFor(t, 20*time.Second, "the run's start in the audit log", func() bool {
		for _, l := range e2e.AuditLines(t, e.Audit) {
			if l["event"] == "run_start" {
				return true
			}
		}
		return false
	})
	time.Sleep(200 * time.Millisecond) // the run is in its upstream call
	start := time.Now()
	if err := srv.Cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- srv.Cmd.Wait() }()

	var o outcome
	select {
	case o = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the run did not end after SIGTERM")
	}
	if o.err != nil || !strings.Contains(o.text, "CancelledError: the server is shutting down: the run was stopped after the 1s grace period") {
		t.Errorf("the run ended with %q, %v; want the shutdown error", o.text, o.err)
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("the run was stopped after %s, before its grace period", d)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("serve exited with %v after SIGTERM; want 0\n%s", err, srv.Stderr())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("serve did not exit after SIGTERM\n%s", srv.Stderr())
	}
	var ends []map[string]any
	for _, l := range e2e.AuditLines(t, e.Audit) {
		if l["event"] == "run_end" {
			ends = append(ends, l)
		}
	}
	if len(ends) != 2 || ends[1]["error_type"] != "CancelledError" {
		t.Errorf("run_end events: %v; want the long run's, a CancelledError", ends)
	}
	for _, pid := range append(upstreams, grandchild) {
		waitFor(t, 5*time.Second, fmt.Sprintf("process %d to be gone", pid), func() bool { return gone(pid) })
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("the listener still accepts after the shutdown")
	}
}

// children lists the processes whose parent is pid.
func children(pid int) []int {
	var out []int
	ents, _ := os.ReadDir("/proc")
	for _, ent := range ents {
		n, err := strconv.Atoi(ent.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + ent.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so split after ")".
		rest := string(stat[strings.LastIndexByte(string(stat), ')')+2:])
		f := strings.Fields(rest)
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			out = append(out, n)
		}
	}
	return out
}

// gone reports whether process pid no longer runs (absent or a zombie).
func gone(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	rest := string(stat[strings.LastIndexByte(string(stat), ')')+2:])
	return strings.HasPrefix(rest, "Z")
}

func waitFor(t *testing.T, d time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", d, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestMetricsScrape: /metrics on the MCP listener answers only a token of
// [http.metrics] subjects (404 for other tokens, 401 without one); the
// metrics listener on loopback answers a local scrape without a token;
// the counters move as runs and calls are made and refused, and the
// gauges of sessions, upstreams, workers and the audit queue are there.
func TestMetricsScrape(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "\n[cli]\nmode = \"allowlist\"\nallow = [\"true\"]\n")
	cfg := readConfig(t, e.Config) + e2e.TokenSection +
		e.AddToken("scraper", "scraper-secret-4411", `subject = "prometheus"`) +
		e.AddToken("limited", "limited-secret-7321", `allow = "name=list_items"`) + `
[http]
metrics_addr = "127.0.0.1:0"
[http.metrics]
subjects = ["prometheus"]
`
	path := e.Config + ".metrics.toml"
	e.WriteFile(t, path, cfg)
	srv := e.ServeHTTP(t, path)
	base := strings.TrimSuffix(srv.URL, "/mcp")
	var metricsURL string
	waitFor(t, 10*time.Second, "the metrics address", func() bool {
		for _, ln := range strings.Split(srv.Stderr(), "\n") {
			if _, u, ok := strings.Cut(ln, "serving metrics at "); ok {
				metricsURL = strings.TrimSpace(u)
				return true
			}
		}
		return false
	})
	scrape := func(url, token string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", url, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}
	for _, c := range []struct {
		url, token string
		want       int
	}{
		{base + "/metrics", "", 401},
		{base + "/metrics", e2e.Token, 404},
		{base + "/metrics", "limited-secret-7321", 404},
		{base + "/metrics", "scraper-secret-4411", 200},
		{metricsURL, "", 200},
		{metricsURL, "wrong-token", 404},
		{metricsURL, e2e.Token, 404},
		{metricsURL, "scraper-secret-4411", 200},
	} {
		if code, body := scrape(c.url, c.token); code != c.want {
			t.Errorf("GET %s with token %q: %d, want %d\n%.300s", c.url, c.token, code, c.want, body)
		}
	}

	_, before := scrape(metricsURL, "")
	cs := e2e.ConnectHTTP(t, srv.URL)
	e2e.MustRun(t, cs, `return [await up.echo(text="a"), await up.echo(text="b")]`)
	limited := e2e.ConnectHTTPToken(t, srv.URL, "limited-secret-7321", nil)
	e2e.Exec(t, limited, `return await call_tool("mcp:up/list_items", {})`)
	if res, _ := e2e.Exec(t, cs, `return await up.fail(msg="no")`); !res.IsError {
		t.Fatal("up.fail did not fail")
	}
	if res, _ := e2e.Exec(t, cs, `return await cli_run("false")`); !strings.Contains(e2e.Text(res), "PermissionError") {
		t.Log(e2e.Text(res))
		t.Fatal("a CLI binary outside the allowlist ran")
	}
	_, after := scrape(metricsURL, "")
	for _, c := range []struct {
		series string
		delta  float64
	}{
		{`toolplane_runs_total{backend="embedded",outcome="ok"}`, 2},
		{`toolplane_runs_total{backend="embedded",outcome="error"}`, 2},
		{`toolplane_capability_calls_total{capability="mcp:up/echo",outcome="ok",source="mcp"}`, 2},
		{`toolplane_capability_calls_total{capability="mcp:up/fail",outcome="tool_error",source="mcp"}`, 1},
		{`toolplane_capability_calls_total{capability="mcp:up/list_items",outcome="ok",source="mcp"}`, 1},
		{`toolplane_capability_calls_total{capability="cli:false",outcome="denied",source="cli"}`, 1},
		{`toolplane_admission_denials_total{subject="e2e"}`, 1},
		{`toolplane_run_duration_seconds_count{backend="embedded",outcome="ok"}`, 2},
		{`toolplane_capability_call_duration_seconds_count{capability="mcp:up/echo",source="mcp"}`, 2},
	} {
		if d := metricValue(after, c.series) - metricValue(before, c.series); d != c.delta {
			t.Errorf("%s moved by %v, want %v", c.series, d, c.delta)
		}
	}
	for _, series := range []string{
		`toolplane_sessions_active `, `toolplane_upstream_connected{server="up"} 1`,
		`toolplane_sandbox_workers{state="busy"} `, `toolplane_audit_queue_depth{sink=`,
		`toolplane_ready 1`, `toolplane_http_unauthenticated_total `, `go_goroutines `,
	} {
		if !strings.Contains(after, "\n"+series) {
			t.Errorf("no %s... in the scrape", series)
		}
	}
	for _, leak := range []string{"scraper-secret", "limited-secret", e2e.Token, `text="a"`} {
		if strings.Contains(after, leak) {
			t.Errorf("the scrape holds %q", leak)
		}
	}
}

// metricValue is the value of a series in a scrape (0 when absent).
func metricValue(scrape, series string) float64 {
	for _, ln := range strings.Split(scrape, "\n") {
		if v, ok := strings.CutPrefix(ln, series+" "); ok {
			f, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return f
		}
	}
	return 0
}

func readConfig(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestTracesExportedOverOTLP: with OTEL_EXPORTER_OTLP_ENDPOINT set, serve
// (snippets in sandbox workers) sends its spans to the collector with
// OTLP/HTTP, gzip and the configured headers; the tree of one run with
// two upstream calls holds across the worker's bridge.
func TestTracesExportedOverOTLP(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var spans []*tracepb.Span
	var resources []string
	var headers []string
	collector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body io.Reader = r.Body
		if r.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(r.Body)
			if err != nil {
				http.Error(w, err.Error(), 400)
				return
			}
			body = zr
		}
		data, _ := io.ReadAll(body)
		var td tracepb.TracesData
		if r.URL.Path != "/v1/traces" || r.Header.Get("Content-Type") != "application/x-protobuf" || proto.Unmarshal(data, &td) != nil {
			http.Error(w, "bad request", 400)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		headers = append(headers, r.Header.Get("X-Collector-Key"))
		for _, rs := range td.ResourceSpans {
			for _, kv := range rs.GetResource().GetAttributes() {
				resources = append(resources, kv.Key+"="+kv.GetValue().GetStringValue())
			}
			for _, ss := range rs.ScopeSpans {
				spans = append(spans, ss.Spans...)
			}
		}
	}))
	t.Cleanup(collector.Close)
	e := bins.NewEnv(t, "")
	e.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", collector.URL)
	e.Setenv("OTEL_EXPORTER_OTLP_COMPRESSION", "gzip")
	e.Setenv("OTEL_EXPORTER_OTLP_HEADERS", "X-Collector-Key=k%3Dv")
	e.Setenv("OTEL_BSP_SCHEDULE_DELAY", "50")
	e.Setenv("OTEL_SERVICE_NAME", "toolplane-e2e")
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	e2e.MustRun(t, cs, `return [await up.echo(text="otlp-arg-1"), await up.echo(text="otlp-arg-2")]`)
	byName := map[string][]*tracepb.Span{}
	waitFor(t, 20*time.Second, "the spans at the collector", func() bool {
		mu.Lock()
		defer mu.Unlock()
		byName = map[string][]*tracepb.Span{}
		for _, s := range spans {
			byName[s.Name] = append(byName[s.Name], s)
		}
		if len(byName["capability call"]) != 2 || len(byName["execute_code"]) != 1 {
			return false
		}
		// The request's span ends after the answer is sent, so it can
		// reach the collector in a later batch than its children.
		for _, s := range byName["mcp tools/call"] {
			if bytes.Equal(s.SpanId, byName["execute_code"][0].ParentSpanId) {
				return true
			}
		}
		return false
	})
	mu.Lock()
	defer mu.Unlock()
	run := byName["execute_code"][0]
	var req *tracepb.Span
	for _, s := range byName["mcp tools/call"] {
		if bytes.Equal(s.SpanId, run.ParentSpanId) {
			req = s
		}
	}
	if req == nil || len(req.ParentSpanId) != 0 || req.Kind != tracepb.Span_SPAN_KIND_SERVER {
		t.Errorf("execute_code's parent is not a root tools/call server span: %v", req)
	}
	for _, c := range byName["capability call"] {
		if !bytes.Equal(c.ParentSpanId, run.SpanId) || !bytes.Equal(c.TraceId, run.TraceId) || c.Kind != tracepb.Span_SPAN_KIND_CLIENT {
			t.Errorf("capability call span %v is not a child of the run %x", c, run.SpanId)
		}
	}
	if !slices.Contains(resources, "service.name=toolplane-e2e") || !slices.Contains(headers, "k=v") {
		t.Errorf("resource %v, headers %v", resources, headers)
	}
	for _, s := range spans {
		if strings.Contains(s.String(), "otlp-arg") {
			t.Errorf("a span carries an argument or result: %v", s)
		}
	}
}

// TestSIGTERMOverStdio: over stdio too, SIGTERM lets the run in progress
// go on for the grace period, then ends it with the shutdown error the
// client reads, and serve exits 0 with no upstream process left.
func TestSIGTERMOverStdio(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "\n[http]\nshutdown_grace = \"1s\"\n")
	cmd := e.Command()
	cs := e2e.ConnectCommand(t, cmd, nil)
	e2e.MustRun(t, cs, `return await up.echo(text="started")`)
	upstreams := children(cmd.Process.Pid)
	done := make(chan string, 1)
	go func() {
		res, err := e2e.TryCall(cs, "execute_code", map[string]any{"code": `return await up.slow(ms=30000)`})
		if err != nil {
			done <- err.Error()
			return
		}
		done <- e2e.Text(res)
	}()
	// The run must have begun: a request still unread when SIGTERM comes
	// is never answered (a fixed 2s wait for it raced a loaded machine).
	// The slow call runs for 30s, so it is still in progress.
	waitFor(t, 30*time.Second, "the slow run's start in the audit log", func() bool {
		starts := 0
		for _, l := range e2e.AuditLines(t, e.Audit) {
			if l["event"] == "run_start" {
				starts++
			}
		}
		return starts >= 2 // the echo's and the slow call's
	})
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case text := <-done:
		if !strings.Contains(text, "the server is shutting down: the run was stopped after the 1s grace period") {
			t.Errorf("the run ended with %q", text)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the run did not end after SIGTERM")
	}
	cs.Close()
	if cmd.ProcessState == nil {
		cmd.Wait()
	}
	if cmd.ProcessState != nil && cmd.ProcessState.ExitCode() != 0 {
		t.Errorf("serve exited %d", cmd.ProcessState.ExitCode())
	}
	for _, pid := range upstreams {
		waitFor(t, 5*time.Second, fmt.Sprintf("process %d to be gone", pid), func() bool { return gone(pid) })
	}
}
