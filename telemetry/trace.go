package telemetry

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// Tracing is toolplane's OpenTelemetry tracing: a tracer provider of its
// own (the global one is left alone) and the W3C trace context. A nil
// *Tracing traces nothing and costs nothing: its Tracer is a no-op, and
// it neither reads nor writes traceparent headers.
type Tracing struct {
	tp     *sdktrace.TracerProvider
	tracer trace.Tracer
}

// The tracer's name in the spans' instrumentation scope.
const tracerName = "github.com/toolplane/toolplane"

// TracingEnabled reports whether the OTEL_* environment turns tracing
// on. It is off by default: on when OTEL_TRACES_EXPORTER says "otlp", or
// when it is unset and an OTLP endpoint is configured
// (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); never
// with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
func TracingEnabled(getenv func(string) string) bool {
	if strings.EqualFold(strings.TrimSpace(getenv("OTEL_SDK_DISABLED")), "true") {
		return false
	}
	switch exp := strings.TrimSpace(getenv("OTEL_TRACES_EXPORTER")); {
	case exp == "":
		return getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != ""
	default:
		for _, e := range strings.Split(exp, ",") {
			if strings.TrimSpace(e) == "otlp" {
				return true
			}
		}
	}
	return false
}

// TracingFromEnv builds the tracing the OTEL_* environment describes, or
// returns nil when it is off (TracingEnabled). Spans go to an OTLP
// collector over HTTP (OTLPExporterFromEnv); the resource reads
// OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, the sampler
// OTEL_TRACES_SAMPLER, the batcher OTEL_BSP_*.
func TracingFromEnv(ctx context.Context, version string) (*Tracing, error) {
	if !TracingEnabled(os.Getenv) {
		return nil, nil
	}
	exp, err := OTLPExporterFromEnv(os.Getenv)
	if err != nil {
		return nil, err
	}
	res, err := resource.New(ctx, resource.WithAttributes(attribute.String("service.name", "toolplane"), attribute.String("service.version", version)), resource.WithFromEnv())
	if err != nil {
		return nil, fmt.Errorf("OTEL_RESOURCE_ATTRIBUTES: %w", err)
	}
	return NewTracing(sdktrace.WithBatcher(exp), sdktrace.WithResource(res)), nil
}

// NewTracing builds tracing on a provider made with opts (tests pass a
// span recorder or an in-memory exporter).
func NewTracing(opts ...sdktrace.TracerProviderOption) *Tracing {
	tp := sdktrace.NewTracerProvider(opts...)
	return &Tracing{tp: tp, tracer: tp.Tracer(tracerName)}
}

// Tracer is the tracer spans are started with; a no-op one when t is nil.
func (t *Tracing) Tracer() trace.Tracer {
	if t == nil {
		return noop.NewTracerProvider().Tracer(tracerName)
	}
	return t.tracer
}

// Shutdown flushes the spans not exported yet and stops the provider.
func (t *Tracing) Shutdown(ctx context.Context) error {
	if t == nil {
		return nil
	}
	return t.tp.Shutdown(ctx)
}

// traceContext is the W3C Trace Context propagator. Only traceparent is
// read and written: tracestate (and baggage) would carry a client's text
// on to the upstream servers.
var traceContext = propagation.TraceContext{}

// Extract returns ctx carrying the remote span context of h's traceparent
// header when it is valid (version 00, 32 and 16 hex digits, not all zero,
// as the W3C format says); anything else is ignored. A traceparent only
// names a trace to join: where spans are exported is the environment's
// choice, never a client's.
func (t *Tracing) Extract(ctx context.Context, h http.Header) context.Context {
	if t == nil || h == nil {
		return ctx
	}
	tp := h.Values("Traceparent")
	if len(tp) != 1 || len(tp[0]) > 128 {
		return ctx
	}
	return traceContext.Extract(ctx, propagation.MapCarrier{"traceparent": tp[0]})
}

// Transport wraps base so every request carries the traceparent of the
// span its context holds (the capability call that sends it): HTTP
// upstream MCP servers join the trace. Nothing is added when t is nil.
func (t *Tracing) Transport(base http.RoundTripper) http.RoundTripper {
	if t == nil {
		return base
	}
	return propagatingTransport{base}
}

type propagatingTransport struct{ base http.RoundTripper }

func (p propagatingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	sc := trace.SpanContextFromContext(r.Context())
	if !sc.IsValid() {
		return p.base.RoundTrip(r)
	}
	r = r.Clone(r.Context())
	carrier := propagation.MapCarrier{}
	traceContext.Inject(r.Context(), carrier)
	r.Header.Del("Tracestate")
	if v := carrier["traceparent"]; v != "" {
		r.Header.Set("Traceparent", v)
	}
	return p.base.RoundTrip(r)
}

// Span attribute keys. Values are ids, names from the configuration or
// the registry, fixed words and numbers: never arguments, results, code
// or messages.
const (
	AttrRunID      = attribute.Key("toolplane.run_id")
	AttrLogID      = attribute.Key("toolplane.log_id")
	AttrSubject    = attribute.Key("toolplane.subject")
	AttrBackend    = attribute.Key("toolplane.backend")
	AttrOutcome    = attribute.Key("toolplane.outcome")
	AttrErrorType  = attribute.Key("toolplane.error_type")
	AttrCapability = attribute.Key("toolplane.capability")
	AttrSource     = attribute.Key("toolplane.source")
	AttrOrigin     = attribute.Key("toolplane.origin")
	AttrCalls      = attribute.Key("toolplane.capability_calls")
	AttrMCPMethod  = attribute.Key("mcp.method")
)

// EndSpan ends span with its outcome: an error status (the type, never
// the message) unless the outcome is ok.
func EndSpan(span trace.Span, outcome, errType string) {
	span.SetAttributes(AttrOutcome.String(outcome))
	if errType != "" {
		span.SetAttributes(AttrErrorType.String(Clean(errType, maxLabelBytes)))
	}
	if outcome != OutcomeOK && outcome != RunOK {
		span.SetStatus(codes.Error, outcome)
	}
	span.End()
}
