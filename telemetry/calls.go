package telemetry

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"go.opentelemetry.io/otel/trace"

	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/dispatch"
)

// Observer watches the capability calls of the dispatch chain: a debug
// record per call (its capability id, origin, run and log id, subject,
// outcome and error type, duration), and the metrics and span of the call
// when those are on. Any field may be nil.
type Observer struct {
	Log     *slog.Logger
	Metrics *Metrics
	Tracing *Tracing
}

// Middleware is the observer's layer of the dispatch chain. Install it
// outermost but for the audit layer, so calls admission refuses are
// observed too.
func (o *Observer) Middleware() dispatch.Middleware {
	return func(next dispatch.Handler) dispatch.Handler {
		return func(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
			logging := o.Log != nil && o.Log.Enabled(ctx, slog.LevelDebug)
			if !logging && o.Metrics == nil && o.Tracing == nil {
				return next(ctx, call)
			}
			var span trace.Span
			if o.Tracing != nil {
				ctx, span = o.Tracing.Tracer().Start(ctx, "capability call", trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(
					AttrCapability.String(Clean(call.CapabilityID, maxLabelBytes)), AttrSource.String(knownSource(call.Labels["source"])),
					AttrOrigin.String(string(call.Origin)), AttrRunID.String(call.RunID)))
			}
			start := time.Now()
			res, err := next(ctx, call)
			elapsed := time.Since(start)
			outcome, errType := CallOutcome(res, err)
			if span != nil {
				EndSpan(span, outcome, errType)
			}
			o.Metrics.observeCall(call.CapabilityID, call.Labels["source"], call.Subject, outcome, elapsed)
			if !logging {
				return res, err
			}
			attrs := []slog.Attr{
				slog.String("capability", call.CapabilityID), slog.String("origin", string(call.Origin)),
				slog.String("run_id", call.RunID), slog.String("log_id", call.LogID), slog.String("subject", call.Subject),
				slog.String("outcome", outcome),
			}
			if errType != "" {
				attrs = append(attrs, slog.String("error_type", errType))
			}
			attrs = append(attrs, slog.Duration("duration", elapsed))
			o.Log.LogAttrs(ctx, slog.LevelDebug, "capability call", attrs...)
			return res, err
		}
	}
}

// Call outcomes, a fixed set.
const (
	OutcomeOK        = "ok"
	OutcomeError     = "error"
	OutcomeToolError = "tool_error"
	OutcomeDenied    = "denied"
)

// CallOutcome classifies a call's end: ok, tool_error (the capability
// answered isError), denied (a middleware of the chain refused it: admission, a
// policy), or error;
// with the error's type as the audit log names it.
func CallOutcome(res *dispatch.Result, err error) (outcome, errType string) {
	switch {
	case err != nil:
		var de *dispatch.Error
		if errors.As(err, &de) && de.Kind == dispatch.KindDenied {
			return OutcomeDenied, de.PythonException()
		}
		return OutcomeError, audit.ErrorType(err)
	case res != nil && res.IsError:
		return OutcomeToolError, "ToolError"
	}
	return OutcomeOK, ""
}
