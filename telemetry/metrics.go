package telemetry

import (
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/sandbox"
	clisrc "github.com/toolplane/toolplane/source/cli"
	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// Label caps: how many distinct values a label takes before further ones
// are counted as "other". Capability ids come from the registry, which an
// upstream server can grow and churn (tools/list_changed), and CLI
// escalations name binaries a snippet chose; subjects come from the
// configuration. A cap keeps the series a scrape returns bounded whatever
// they do; the capability label's places are shared between the subjects
// whose calls bring new values (labelCap.valueFor).
const (
	MaxCapabilityLabels = 512
	MaxSubjectLabels    = 256
	// OtherLabel stands for every value past a cap, and for values
	// outside a fixed set.
	OtherLabel = "other"
	// maxLabelBytes cuts a label value.
	maxLabelBytes = 128
)

// Run outcomes, a fixed set.
const (
	RunOK        = "ok"
	RunError     = "error"
	RunTimeout   = "timeout"
	RunLimit     = "limit"
	RunCancelled = "cancelled"
)

// Escalation decisions ([cli] escalate), a fixed set: the metric names no
// binary and no subject, so a snippet cannot grow its series.
var escalationDecisions = []string{
	string(clisrc.DecisionGranted), string(clisrc.DecisionDeclined), string(clisrc.DecisionAbandoned),
	string(clisrc.DecisionCooldown), string(clisrc.DecisionError),
}

// Metrics are toolplane's Prometheus metrics, on a registry of their own
// (no global one). A nil *Metrics records nothing, so callers need not
// check whether metrics are on.
type Metrics struct {
	reg *prometheus.Registry

	runs         *prometheus.CounterVec
	runDuration  *prometheus.HistogramVec
	calls        *prometheus.CounterVec
	callDuration *prometheus.HistogramVec
	denials      *prometheus.CounterVec
	unauth       prometheus.Counter
	escalations  *prometheus.CounterVec

	capabilities, subjects *labelCap
}

// NewMetrics builds the metrics and registers them, with the Go runtime's
// and the process's collectors.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		runs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "toolplane_runs_total", Help: "Snippet runs (execute_code) by backend and outcome (ok, error, timeout, limit, cancelled).",
		}, []string{"backend", "outcome"}),
		runDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "toolplane_run_duration_seconds", Help: "Wall-clock duration of snippet runs.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600},
		}, []string{"backend", "outcome"}),
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "toolplane_capability_calls_total", Help: "Capability calls through the dispatch chain by capability id, source and outcome (ok, error, tool_error, denied); ids past " + strconv.Itoa(MaxCapabilityLabels) + " distinct ones count as \"other\".",
		}, []string{"capability", "source", "outcome"}),
		callDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "toolplane_capability_call_duration_seconds", Help: "Latency of capability calls.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 300},
		}, []string{"capability", "source"}),
		denials: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "toolplane_admission_denials_total", Help: "Capability calls refused by the chain (admission, policies), by token subject.",
		}, []string{"subject"}),
		unauth: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "toolplane_http_unauthenticated_total", Help: "HTTP requests refused for a missing or invalid bearer token.",
		}),
		escalations: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "toolplane_escalations_total", Help: "CLI escalations ([cli] escalate) by decision (granted, declined, abandoned, cooldown, error).",
		}, []string{"decision"}),
		capabilities: newLabelCap(MaxCapabilityLabels),
		subjects:     newLabelCap(MaxSubjectLabels),
	}
	// Every decision is exported from the start, at 0, so a rate over
	// the first escalation of a kind sees it.
	for _, d := range escalationDecisions {
		m.escalations.WithLabelValues(d)
	}
	m.reg.MustRegister(m.runs, m.runDuration, m.calls, m.callDuration, m.denials, m.unauth, m.escalations,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in the Prometheus exposition format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{MaxRequestsInFlight: 4, Timeout: 10 * time.Second})
}

// Registry is where the metrics are registered, for tests and programs
// that add their own.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// ObserveRun counts a finished run. backend is one of the backends (any
// other value counts as "other"); outcome one of the Run* constants.
func (m *Metrics) ObserveRun(backend, outcome string, d time.Duration) {
	if m == nil {
		return
	}
	switch backend {
	case "embedded", "local_unsafe", "pyodide-deno":
	default:
		backend = OtherLabel
	}
	switch outcome {
	case RunOK, RunError, RunTimeout, RunLimit, RunCancelled:
	default:
		outcome = OtherLabel
	}
	m.runs.WithLabelValues(backend, outcome).Inc()
	m.runDuration.WithLabelValues(backend, outcome).Observe(d.Seconds())
}

// RunOutcome classifies a run's end for ObserveRun from its error (nil:
// ok), the error's type and the limit it hit (ExecError.Type, Limit).
func RunOutcome(failed bool, errType, limit string) string {
	switch {
	case !failed:
		return RunOK
	case limit == "time" || errType == "TimeoutError":
		return RunTimeout
	case limit != "":
		return RunLimit
	case errType == "CancelledError":
		return RunCancelled
	}
	return RunError
}

// observeCall counts a capability call.
func (m *Metrics) observeCall(capability, source, subject, outcome string, d time.Duration) {
	if m == nil {
		return
	}
	// A call of no subject (stdio's one client, the server's own) takes
	// places as they come: no token shares them with it.
	capLabel := m.capabilities.valueFor(capability, subject, subject != "")
	source = knownSource(source)
	m.calls.WithLabelValues(capLabel, source, outcome).Inc()
	m.callDuration.WithLabelValues(capLabel, source).Observe(d.Seconds())
	if outcome == OutcomeDenied {
		m.denials.WithLabelValues(m.subjects.value(subject)).Inc()
	}
}

// Unauthenticated counts an HTTP request refused for its token.
func (m *Metrics) Unauthenticated() {
	if m != nil {
		m.unauth.Inc()
	}
}

// ObserveEscalation counts a CLI escalation's decision: granted,
// declined, abandoned, cooldown or error (the Decision values of
// source/cli); any other value counts as "other".
func (m *Metrics) ObserveEscalation(decision string) {
	if m == nil {
		return
	}
	if !slices.Contains(escalationDecisions, decision) {
		decision = OtherLabel
	}
	m.escalations.WithLabelValues(decision).Inc()
}

func knownSource(s string) string {
	switch s {
	case "go", "mcp", "cli":
		return s
	}
	return OtherLabel
}

// labelCap admits up to max distinct label values, cleaned and cut; the
// rest are OtherLabel.
type labelCap struct {
	mu   sync.Mutex
	max  int
	seen map[string]bool
	// byOwner counts the values each subject brought in (valueFor).
	byOwner map[string]int
}

func newLabelCap(max int) *labelCap {
	return &labelCap{max: max, seen: map[string]bool{}, byOwner: map[string]int{}}
}

func (c *labelCap) value(v string) string { return c.valueFor(v, "", false) }

// valueFor is v's label when owner's call brings it: a value not seen
// yet takes one of the free places only while owner holds fewer than are
// left free (shared), the rule of the audit queue and the run slots. The
// places are taken for the life of the process, first come first served:
// a token admitted to nothing called 512 made-up CLI ids (each refused,
// each observed) and every capability of every token was counted as
// "other" from then on. A subject now brings in at most half of them, k
// subjects about 1/(k+1) each, and another subject's values always find
// a place while any is free.
func (c *labelCap) valueFor(v, owner string, shared bool) string {
	if v == "" {
		return "none"
	}
	v = Clean(v, maxLabelBytes)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seen[v] {
		return v
	}
	free := c.max - len(c.seen)
	if free <= 0 || shared && c.byOwner[owner] >= free {
		return OtherLabel
	}
	c.seen[v] = true
	if shared {
		c.byOwner[owner]++
	}
	return v
}

// Sources are the parts whose state the metrics read at each scrape; any
// may be nil.
type Sources struct {
	// Sessions reports the live client sessions, the memory they retain
	// between runs and the bytes of their result stores.
	Sessions func() (active int, retainedBytes, resultBytes int64)
	// Runs reports the runs in progress and those waiting in their
	// token's queue for a run slot ([session] max_concurrent_runs_per_token,
	// max_concurrent_runs).
	Runs func() (running, queued int)
	// SessionsWaiting reports the requests waiting for a session to open
	// ([session] max_sessions_per_token, max_sessions).
	SessionsWaiting func() int
	// Upstreams reports the upstream MCP servers without contacting any.
	Upstreams func() []mcpsrc.ServerState
	// Sandbox reports the worker pool (ok false without one).
	Sandbox func() (sandbox.Stats, bool)
	// Audit reports the audit log's sinks.
	Audit func() audit.Stats
	// Ready reports readiness as /readyz does.
	Ready func() bool
}

// Watch registers a collector reading src at every scrape.
func (m *Metrics) Watch(src Sources) {
	if m == nil {
		return
	}
	m.reg.MustRegister(newStateCollector(src))
}
