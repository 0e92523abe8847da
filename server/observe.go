package server

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/telemetry"
)

// discardLog is the logger of a server built without one.
var discardLog = slog.New(slog.DiscardHandler)

// mcpMethods are the MCP methods a record or a span may name; any other
// method a client sends is named "other", so a client cannot write what
// it likes into the log or grow the set of span names.
var mcpMethods = map[string]bool{
	"initialize": true, "notifications/initialized": true, "ping": true,
	"tools/list": true, "tools/call": true,
	"resources/list": true, "resources/read": true, "resources/templates/list": true,
	"resources/subscribe": true, "resources/unsubscribe": true,
	"prompts/list": true, "prompts/get": true, "completion/complete": true,
	"logging/setLevel": true, "notifications/cancelled": true, "notifications/progress": true,
	"notifications/roots/list_changed": true,
}

// methodName is method when it is a known MCP method, else "other".
func methodName(method string) string {
	if mcpMethods[method] {
		return method
	}
	return "other"
}

// observeMethods logs every MCP request at debug level with its log id,
// subject, duration and whether it failed: never its parameters or its
// result.
func (s *Server) observeMethods() {
	s.mcp.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			logging := s.log.Enabled(ctx, slog.LevelDebug)
			if !logging && s.opts.Tracing == nil {
				return next(ctx, method, req)
			}
			who := s.callerOf(req)
			name := methodName(method)
			var span trace.Span
			if t := s.opts.Tracing; t != nil {
				if extra := req.GetExtra(); extra != nil {
					ctx = t.Extract(ctx, extra.Header)
				}
				ctx, span = t.Tracer().Start(ctx, "mcp "+name, trace.WithSpanKind(trace.SpanKindServer),
					trace.WithAttributes(telemetry.AttrMCPMethod.String(name), telemetry.AttrLogID.String(who.logID), telemetry.AttrSubject.String(telemetry.Clean(who.subject, telemetry.MaxValueBytes))))
			}
			start := time.Now()
			res, err := next(ctx, method, req)
			outcome := "ok"
			if err != nil {
				outcome = "error"
			}
			if span != nil {
				telemetry.EndSpan(span, outcome, "")
			}
			if !logging {
				return res, err
			}
			s.log.LogAttrs(ctx, slog.LevelDebug, "mcp request",
				slog.String("method", methodName(method)), slog.String("log_id", who.logID), slog.String("subject", who.subject),
				slog.String("outcome", outcome), slog.Duration("duration", time.Since(start)))
			return res, err
		}
	})
}

// logHTTP logs every HTTP request at debug level: method, path, status,
// duration, log id (valid, as requestLogID makes it) and the subject when
// the request authenticated. Refusals (401, 413, 429) are logged at debug
// too: a flood of them must not become a flood of log lines at the
// default level.
func (s *Server) logHTTP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.log.Enabled(r.Context(), slog.LevelDebug) {
			next.ServeHTTP(w, r)
			return
		}
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		info := &requestInfo{}
		next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), requestInfoKey{}, info)))
		status := rec.status
		if status == 0 {
			status = http.StatusOK
		}
		s.log.LogAttrs(r.Context(), slog.LevelDebug, "http request",
			slog.String("method", httpMethodName(r.Method)), slog.String("path", r.URL.Path), slog.Int("status", status),
			slog.String("log_id", w.Header().Get(HeaderLogID)), slog.String("subject", info.subject),
			slog.Duration("duration", time.Since(start)))
	})
}

// requestInfo carries what the guard learned about a request back to the
// request log.
type requestInfo struct{ subject string }

type requestInfoKey struct{}

func noteSubject(r *http.Request, subject string) {
	if info, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok {
		info.subject = subject
	}
}

// httpMethodName is the request method when it is a standard one, else
// "other".
func httpMethodName(m string) string {
	switch m {
	case http.MethodGet, http.MethodPost, http.MethodDelete, http.MethodHead, http.MethodOptions, http.MethodPut, http.MethodPatch:
		return m
	}
	return "other"
}

// statusRecorder remembers the status a handler wrote. Unwrap lets
// http.ResponseController reach the connection (flushes, deadlines), as
// the SSE streams need.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(p []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(p)
}

func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Flush passes a flush on; handlers that assert http.Flusher need it.
func (r *statusRecorder) Flush() {
	_ = http.NewResponseController(r.ResponseWriter).Flush()
}

// sdkLogger is the logger the MCP SDK may use: only one Options.MCP set.
func (s *Server) sdkLogger() *slog.Logger {
	if s.opts.MCP != nil {
		return s.opts.MCP.Logger
	}
	return nil
}

// logRun writes the record of a finished run: what its run_end audit event
// says, at info level.
func (s *Server) logRun(ctx context.Context, who caller, ev *audit.Event, calls int) {
	if !s.log.Enabled(ctx, slog.LevelInfo) {
		return
	}
	attrs := []slog.Attr{
		slog.String("run_id", ev.RunID), slog.String("log_id", who.logID), slog.String("subject", who.subject),
		slog.String("backend", ev.Backend), slog.String("outcome", ev.Outcome),
	}
	if ev.ErrorType != "" {
		attrs = append(attrs, slog.String("error_type", ev.ErrorType))
	}
	attrs = append(attrs, slog.Duration("duration", ev.Duration), slog.Int("capability_calls", calls))
	s.log.LogAttrs(ctx, slog.LevelInfo, "run", attrs...)
}

// announce shows a line the operator must see whatever the log level (the
// address the server listens on): through the logger's handler directly,
// which writes every record it is handed, or on Options.Stderr.
func (s *Server) announce(msg string) {
	if s.opts.Logger == nil {
		fmt.Fprintf(s.opts.Stderr, "toolplane: %s\n", msg)
		return
	}
	_ = s.log.Handler().Handle(context.Background(), slog.NewRecord(time.Now(), slog.LevelInfo, msg, 0))
}

// startRunSpan starts the span of a run (a child of its MCP request's);
// end records the run's outcome on it.
func (s *Server) startRunSpan(ctx context.Context, runID string, who caller) (context.Context, func(ev *audit.Event, calls int)) {
	t := s.opts.Tracing
	if t == nil {
		return ctx, func(*audit.Event, int) {}
	}
	ctx, span := t.Tracer().Start(ctx, "execute_code", trace.WithAttributes(telemetry.AttrRunID.String(runID), telemetry.AttrLogID.String(who.logID)))
	return ctx, func(ev *audit.Event, calls int) {
		span.SetAttributes(telemetry.AttrBackend.String(ev.Backend), telemetry.AttrCalls.Int(calls))
		telemetry.EndSpan(span, ev.Outcome, ev.ErrorType)
	}
}

// errorLog is the log.Logger of the HTTP server and the proxies to peers:
// their lines (a handler's panic, a broken stream) become warnings of
// the server's logger, in its format, instead of plain lines on stderr.
// Without Options.Logger they stay on stderr (nil: the log package's
// default).
func (s *Server) errorLog() *log.Logger {
	if s.opts.Logger == nil {
		return nil
	}
	return slog.NewLogLogger(s.log.Handler(), slog.LevelWarn)
}
