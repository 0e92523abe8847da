package telemetry

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/dispatch"
)

// TestAttackMetricLabelCardinality: capability ids an upstream churns or a
// snippet invents (CLI escalations name any binary), with invalid UTF-8,
// control characters and 10 KB names, and subjects by the thousand, grow
// the series by at most the caps and never break the registry.
func TestAttackMetricLabelCardinality(t *testing.T) {
	m := NewMetrics()
	mw := (&Observer{Metrics: m}).Middleware()
	ok := mw(func(context.Context, *dispatch.Call) (*dispatch.Result, error) { return &dispatch.Result{}, nil })
	denied := mw(func(_ context.Context, c *dispatch.Call) (*dispatch.Result, error) {
		return nil, dispatch.Deny(c, "no")
	})
	for i := 0; i < 3000; i++ {
		id := fmt.Sprintf("cli:bin-%d", i)
		switch i % 3 {
		case 1:
			id += "\xff\xfe\r\n"
		case 2:
			id += strings.Repeat("x", 10<<10)
		}
		call := &dispatch.Call{CapabilityID: id, Labels: map[string]string{"source": fmt.Sprintf("src%d", i)}, Subject: fmt.Sprintf("subject-%d", i)}
		ok(context.Background(), call)
		denied(context.Background(), call)
		m.ObserveEscalation(id)
	}
	m.ObserveEscalation("granted")
	m.ObserveRun("made-up-backend", "made-up-outcome", time.Second)
	families, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	series := map[string]int{}
	for _, f := range families {
		series[f.GetName()] = len(f.GetMetric())
		for _, mt := range f.GetMetric() {
			for _, l := range mt.GetLabel() {
				if len(l.GetValue()) > maxLabelBytes+32 || strings.ContainsAny(l.GetValue(), "\r\n") {
					t.Errorf("%s: label %s = %q", f.GetName(), l.GetName(), l.GetValue())
				}
			}
		}
	}
	if n := series["toolplane_capability_calls_total"]; n > 2*(MaxCapabilityLabels+1) {
		t.Errorf("%d capability call series, over the cap", n)
	}
	if n := series["toolplane_admission_denials_total"]; n > MaxSubjectLabels+1 {
		t.Errorf("%d denial series, over the cap", n)
	}
	if n := series["toolplane_escalations_total"]; n != len(escalationDecisions)+1 {
		t.Errorf("%d escalation series, want the %d decisions and %q", n, len(escalationDecisions), OtherLabel)
	}
	if n := series["toolplane_runs_total"]; n != 1 {
		t.Errorf("%d run series for one run", n)
	}
}

// BenchmarkObserverOverhead: the cost the observer adds to a capability
// call with metrics on, against the bare chain (b.ReportMetric gives the
// ratio of the two in one run).
func BenchmarkObserverOverhead(b *testing.B) {
	call := &dispatch.Call{CapabilityID: "mcp:up/echo", Labels: map[string]string{"source": "mcp"}, Subject: "agent"}
	terminus := func(context.Context, *dispatch.Call) (*dispatch.Result, error) { return &dispatch.Result{}, nil }
	bare := dispatch.Chain(terminus)
	observed := dispatch.Chain(terminus, (&Observer{Metrics: NewMetrics()}).Middleware())
	ctx := context.Background()
	measure := func(h dispatch.Handler) time.Duration {
		start := time.Now()
		for i := 0; i < b.N; i++ {
			h(ctx, call)
		}
		return time.Since(start)
	}
	b.ResetTimer()
	base := measure(bare)
	with := measure(observed)
	b.ReportMetric(float64(with-base)/float64(b.N), "ns-added/call")
	b.ReportMetric(float64(with)/float64(base), "x-bare")
}

// BenchmarkObserverTracingOverhead: the cost of a capability call's span
// (always sampled, exported nowhere) against the bare chain.
func BenchmarkObserverTracingOverhead(b *testing.B) {
	call := &dispatch.Call{CapabilityID: "mcp:up/echo", Labels: map[string]string{"source": "mcp"}, Subject: "agent"}
	terminus := func(context.Context, *dispatch.Call) (*dispatch.Result, error) { return &dispatch.Result{}, nil }
	bare := dispatch.Chain(terminus)
	tracing := NewTracing()
	observed := dispatch.Chain(terminus, (&Observer{Metrics: NewMetrics(), Tracing: tracing}).Middleware())
	ctx := context.Background()
	measure := func(h dispatch.Handler) time.Duration {
		start := time.Now()
		for i := 0; i < b.N; i++ {
			h(ctx, call)
		}
		return time.Since(start)
	}
	b.ResetTimer()
	base := measure(bare)
	with := measure(observed)
	b.ReportMetric(float64(with-base)/float64(b.N), "ns-added/call")
	b.ReportMetric(float64(with)/float64(base), "x-bare")
}

// TestCapabilityLabelsShared: a subject's calls bring in new capability
// labels only while it holds fewer than are left free (half the places
// for one), another subject's find places after it, and calls of no
// subject (stdio's one client) take them all.
func TestCapabilityLabelsShared(t *testing.T) {
	t.Parallel()
	c := newLabelCap(8)
	got := 0
	for i := range 8 {
		if c.valueFor(fmt.Sprintf("cli:junk%d", i), "junk", true) != OtherLabel {
			got++
		}
	}
	if got != 4 {
		t.Errorf("one subject brought in %d of 8 labels; want 4 (fewer than are left free)", got)
	}
	if v := c.valueFor("mcp:up/echo", "worker", true); v != "mcp:up/echo" {
		t.Errorf("another subject's capability after the first took its share: %q", v)
	}
	alone := newLabelCap(8)
	for i := range 8 {
		if v := alone.valueFor(fmt.Sprintf("mcp:up/t%d", i), "", false); v == OtherLabel {
			t.Fatalf("stdio's calls got %d of 8 labels", i)
		}
	}
}
