package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"time"
)

// MetricsPath is where the metrics are served: on the MCP listener behind
// authentication and Options.MetricsSubjects, and on the metrics
// listener (ServeMetrics).
const MetricsPath = "/metrics"

// metricsGate serves next to the subjects Options.MetricsSubjects names,
// after guardHTTP authenticated the request; anyone else gets 404, as if
// there were no metrics: the policy is deny by default, and a client
// admitted to tools learns nothing of the server's internals.
func (s *Server) metricsGate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		subject, ok := r.Context().Value(subjectKey{}).(string)
		if !ok || !slices.Contains(s.opts.MetricsSubjects, subject) || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			http.NotFound(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// metricsRoute is the guarded MetricsPath of the MCP listener, or nil
// when no subject may read the metrics.
func (s *Server) metricsRoute() http.Handler {
	if s.opts.Metrics == nil || len(s.opts.MetricsSubjects) == 0 {
		return nil
	}
	return s.guardHTTP(s.metricsGate(s.opts.Metrics.Handler()))
}

// ServeMetrics serves MetricsPath, HealthPath and ReadyPath on ln, a
// listener of their own ([http] metrics_addr), until ctx ends. On a
// loopback listener a request without a token may read the metrics (only
// local processes reach it); otherwise, and for any request that carries
// a token, the token must authenticate and its subject be one of
// Options.MetricsSubjects. A listener that is not loopback without a
// guard or without MetricsSubjects is refused: it would serve nobody, or
// everybody.
func (s *Server) ServeMetrics(ctx context.Context, ln net.Listener) error {
	if s.opts.Metrics == nil {
		return errors.New("server: ServeMetrics without Options.Metrics")
	}
	if err := s.CheckMetricsListener(ln.Addr()); err != nil {
		return err
	}
	loopback := isLoopback(ln.Addr())
	metrics := s.opts.Metrics.Handler()
	mux := http.NewServeMux()
	mux.Handle(MetricsPath, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.NotFound(w, r)
			return
		}
		if loopback && r.Header.Get("Authorization") == "" {
			metrics.ServeHTTP(w, r)
			return
		}
		if s.opts.Guard == nil {
			http.NotFound(w, r)
			return
		}
		subject, err := s.opts.Guard.Authenticate(r)
		if err != nil || !slices.Contains(s.opts.MetricsSubjects, subject) {
			s.opts.Metrics.Unauthenticated()
			http.NotFound(w, r)
			return
		}
		metrics.ServeHTTP(w, r)
	}))
	for pattern, h := range s.HealthRoutes() {
		mux.Handle(pattern, h)
	}
	srv := &http.Server{ErrorLog: s.errorLog(), Handler: mux, ReadHeaderTimeout: s.httpLimits.HeaderTimeout, IdleTimeout: s.httpLimits.IdleTimeout, MaxHeaderBytes: 16 << 10}
	s.announce(fmt.Sprintf("serving metrics at http://%s%s", ln.Addr(), MetricsPath))
	errc := make(chan error, 1)
	go func() {
		errc <- srv.Serve(newLimitListener(ln, HTTPLimits{MaxConnections: 16, MaxConnectionsPerIP: 16}.withDefaults()))
	}()
	select {
	case err := <-errc:
		return fmt.Errorf("serving metrics on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if srv.Shutdown(sctx) != nil {
		_ = srv.Close()
	}
	return nil
}

// CheckMetricsListener refuses a metrics listener on addr that would
// serve nobody or everybody (see ServeMetrics).
func (s *Server) CheckMetricsListener(addr net.Addr) error {
	if !isLoopback(addr) && (s.opts.Guard == nil || len(s.opts.MetricsSubjects) == 0) {
		return fmt.Errorf("refusing to serve metrics on %s, which is not a loopback address, without a token policy: name the scraper's token subject in [http.metrics] subjects, or listen on 127.0.0.1", addr)
	}
	return nil
}

// isLoopback reports whether addr is a loopback address.
func isLoopback(addr net.Addr) bool {
	host := addr.String()
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
