package telemetry

import (
	"github.com/prometheus/client_golang/prometheus"
)

// stateCollector turns the Sources into gauges and counters at scrape
// time, so nothing is updated on the paths that serve requests. Label
// values are server and sink names from the configuration and fixed
// words.
type stateCollector struct {
	src Sources

	sessions, retained, results         *prometheus.Desc
	runsRunning, runsQueued             *prometheus.Desc
	sessionsWaiting                     *prometheus.Desc
	upConnected, upRestarts, upFailures *prometheus.Desc
	workers, workersMax                 *prometheus.Desc
	workerStarts, workerStartFails      *prometheus.Desc
	workerCrashes, workerKilled         *prometheus.Desc
	auditDepth, auditCap, auditWritten  *prometheus.Desc
	auditDropped, auditFailed           *prometheus.Desc
	ready                               *prometheus.Desc
}

func newStateCollector(src Sources) *stateCollector {
	d := func(name, help string, labels ...string) *prometheus.Desc {
		return prometheus.NewDesc(name, help, labels, nil)
	}
	return &stateCollector{
		src:              src,
		sessions:         d("toolplane_sessions_active", "Live client sessions."),
		retained:         d("toolplane_session_retained_bytes", "Memory sessions hold between runs (globals and saved results)."),
		results:          d("toolplane_result_store_bytes", "Bytes held by the sessions' result stores."),
		runsRunning:      d("toolplane_runs_in_progress", "Snippet runs in progress."),
		runsQueued:       d("toolplane_runs_queued", "Snippet runs waiting in their token's queue for a run slot ([session] max_concurrent_runs_per_token, max_concurrent_runs)."),
		sessionsWaiting:  d("toolplane_sessions_waiting", "Requests waiting for a session to open ([session] max_sessions_per_token, max_sessions)."),
		upConnected:      d("toolplane_upstream_connected", "1 when the upstream MCP server has a live connection.", "server"),
		upRestarts:       d("toolplane_upstream_restarts_total", "Connections to the upstream MCP server after the first (restarts).", "server"),
		upFailures:       d("toolplane_upstream_consecutive_failures", "Failed starts and early deaths of the upstream MCP server in a row (its restart backoff).", "server"),
		workers:          d("toolplane_sandbox_workers", "Sandbox worker processes by state (busy, idle, starting).", "state"),
		workersMax:       d("toolplane_sandbox_workers_max", "The cap on busy sandbox workers."),
		workerStarts:     d("toolplane_sandbox_worker_starts_total", "Sandbox workers started."),
		workerStartFails: d("toolplane_sandbox_worker_start_failures_total", "Sandbox worker starts that failed."),
		workerCrashes:    d("toolplane_sandbox_worker_crashes_total", "Sandbox workers that died during a run."),
		workerKilled:     d("toolplane_sandbox_worker_kills_total", "Sandbox workers killed because a run outlived its deadline."),
		auditDepth:       d("toolplane_audit_queue_depth", "Audit lines waiting for their sink.", "sink"),
		auditCap:         d("toolplane_audit_queue_capacity", "The bound of an audit sink's queue.", "sink"),
		auditWritten:     d("toolplane_audit_lines_written_total", "Audit lines a sink took.", "sink"),
		auditDropped:     d("toolplane_audit_lines_dropped_total", "Audit lines dropped because a sink's queue was full.", "sink"),
		auditFailed:      d("toolplane_audit_lines_failed_total", "Audit lines a sink failed to write.", "sink"),
		ready:            d("toolplane_ready", "1 when the server takes runs (as /readyz)."),
	}
}

func (c *stateCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.sessions, c.retained, c.results, c.runsRunning, c.runsQueued, c.sessionsWaiting, c.upConnected, c.upRestarts, c.upFailures,
		c.workers, c.workersMax, c.workerStarts, c.workerStartFails, c.workerCrashes, c.workerKilled,
		c.auditDepth, c.auditCap, c.auditWritten, c.auditDropped, c.auditFailed, c.ready} {
		ch <- d
	}
}

func (c *stateCollector) Collect(ch chan<- prometheus.Metric) {
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	counter := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v, labels...)
	}
	if f := c.src.Sessions; f != nil {
		n, retained, results := f()
		gauge(c.sessions, float64(n))
		gauge(c.retained, float64(retained))
		gauge(c.results, float64(results))
	}
	if f := c.src.Runs; f != nil {
		running, queued := f()
		gauge(c.runsRunning, float64(running))
		gauge(c.runsQueued, float64(queued))
	}
	if f := c.src.SessionsWaiting; f != nil {
		gauge(c.sessionsWaiting, float64(f()))
	}
	if f := c.src.Upstreams; f != nil {
		for _, u := range f() {
			name := Clean(u.Name, maxLabelBytes)
			gauge(c.upConnected, b2f(u.Connected), name)
			counter(c.upRestarts, float64(max(u.Starts-1, 0)), name)
			gauge(c.upFailures, float64(u.Failures), name)
		}
	}
	if f := c.src.Sandbox; f != nil {
		if st, ok := f(); ok {
			gauge(c.workers, float64(st.Busy), "busy")
			gauge(c.workers, float64(st.Idle), "idle")
			gauge(c.workers, float64(st.Starting), "starting")
			gauge(c.workersMax, float64(st.MaxWorkers))
			counter(c.workerStarts, float64(st.Started))
			counter(c.workerStartFails, float64(st.StartFailures))
			counter(c.workerCrashes, float64(st.Crashes))
			counter(c.workerKilled, float64(st.Killed))
		}
	}
	if f := c.src.Audit; f != nil {
		for _, s := range f().Sinks {
			name := Clean(s.Name, maxLabelBytes)
			gauge(c.auditDepth, float64(s.QueueDepth), name)
			gauge(c.auditCap, float64(s.QueueCapacity), name)
			counter(c.auditWritten, float64(s.Written), name)
			counter(c.auditDropped, float64(s.Dropped), name)
			counter(c.auditFailed, float64(s.Failed), name)
		}
	}
	if f := c.src.Ready; f != nil {
		gauge(c.ready, b2f(f()))
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
