package telemetry

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	resourcepb "go.opentelemetry.io/proto/otlp/resource/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"
)

// OTLPExporter sends spans to an OpenTelemetry collector with OTLP over
// HTTP (protobuf encoding), as the OTEL_EXPORTER_OTLP_* variables
// configure it. It is toolplane's own rather than the OpenTelemetry
// project's exporter package, whose generated gRPC service code would
// more than double what tracing adds to the binary; what it supports is
// listed on OTLPExporterFromEnv.
type OTLPExporter struct {
	url         string
	headers     map[string]string
	gzip        bool
	timeout     time.Duration
	client      *http.Client
	maxResponse int64
}

// OTLPExporterFromEnv reads the standard variables (the TRACES_ variant
// of each wins over the general one):
//
//   - OTEL_EXPORTER_OTLP_ENDPOINT (base URL; /v1/traces is appended) or
//     OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the full URL); default
//     http://localhost:4318
//   - OTEL_EXPORTER_OTLP_HEADERS: key=value pairs, comma-separated,
//     values URL-encoded
//   - OTEL_EXPORTER_OTLP_TIMEOUT: milliseconds (default 10000)
//   - OTEL_EXPORTER_OTLP_COMPRESSION: gzip or none
//   - OTEL_EXPORTER_OTLP_CERTIFICATE, _CLIENT_CERTIFICATE, _CLIENT_KEY:
//     PEM files for TLS
//   - OTEL_EXPORTER_OTLP_PROTOCOL: http/protobuf only; grpc and
//     http/json are refused with the fix
func OTLPExporterFromEnv(getenv func(string) string) (*OTLPExporter, error) {
	get := func(name string) (string, string) {
		if v := strings.TrimSpace(getenv("OTEL_EXPORTER_OTLP_TRACES_" + name)); v != "" {
			return v, "OTEL_EXPORTER_OTLP_TRACES_" + name
		}
		return strings.TrimSpace(getenv("OTEL_EXPORTER_OTLP_" + name)), "OTEL_EXPORTER_OTLP_" + name
	}
	if p, name := get("PROTOCOL"); p != "" && p != "http/protobuf" {
		return nil, fmt.Errorf("%s = %q: toolplane exports traces with OTLP over HTTP only; set it to \"http/protobuf\" (and point the endpoint at the collector's HTTP port, 4318 by default)", name, p)
	}
	e := &OTLPExporter{headers: map[string]string{}, timeout: 10 * time.Second, maxResponse: 64 << 10}
	if v := strings.TrimSpace(getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")); v != "" {
		e.url = v
	} else if v := strings.TrimSpace(getenv("OTEL_EXPORTER_OTLP_ENDPOINT")); v != "" {
		e.url = strings.TrimSuffix(v, "/") + "/v1/traces"
	} else {
		e.url = "http://localhost:4318/v1/traces"
	}
	u, err := url.Parse(e.url)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("OTLP traces endpoint %q: want http(s)://HOST:PORT[/PATH]", e.url)
	}
	if h, name := get("HEADERS"); h != "" {
		for _, pair := range strings.Split(h, ",") {
			k, v, ok := strings.Cut(pair, "=")
			k = strings.TrimSpace(k)
			if !ok || k == "" {
				return nil, fmt.Errorf("%s: want key=value pairs separated by commas", name)
			}
			if dv, err := url.QueryUnescape(strings.TrimSpace(v)); err == nil {
				v = dv
			}
			e.headers[k] = v
		}
	}
	if t, name := get("TIMEOUT"); t != "" {
		ms, err := strconv.Atoi(t)
		if err != nil || ms <= 0 {
			return nil, fmt.Errorf("%s = %q: want a positive number of milliseconds", name, t)
		}
		e.timeout = time.Duration(ms) * time.Millisecond
	}
	switch c, name := get("COMPRESSION"); c {
	case "", "none":
	case "gzip":
		e.gzip = true
	default:
		return nil, fmt.Errorf("%s = %q: want gzip or none", name, c)
	}
	tlsConf, err := otlpTLS(get)
	if err != nil {
		return nil, err
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.TLSClientConfig = tlsConf
	tr.MaxResponseHeaderBytes = 64 << 10
	// The collector is where the environment says; a redirect elsewhere
	// is not followed.
	e.client = &http.Client{Transport: tr, Timeout: e.timeout, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return e, nil
}

func otlpTLS(get func(string) (string, string)) (*tls.Config, error) {
	ca, caVar := get("CERTIFICATE")
	cert, certVar := get("CLIENT_CERTIFICATE")
	key, _ := get("CLIENT_KEY")
	if ca == "" && cert == "" {
		return nil, nil
	}
	conf := &tls.Config{MinVersion: tls.VersionTLS12}
	if ca != "" {
		pem, err := os.ReadFile(ca)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", caVar, err)
		}
		conf.RootCAs = x509.NewCertPool()
		if !conf.RootCAs.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("%s: no PEM certificate in %s", caVar, ca)
		}
	}
	if cert != "" {
		pair, err := tls.LoadX509KeyPair(cert, key)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", certVar, err)
		}
		conf.Certificates = []tls.Certificate{pair}
	}
	return conf, nil
}

// ExportSpans sends spans in one request. A collector's refusal is an
// error (the batcher drops the batch and goes on); a 429 or 503 is
// retried once after a short pause.
func (e *OTLPExporter) ExportSpans(ctx context.Context, spans []sdktrace.ReadOnlySpan) error {
	if len(spans) == 0 {
		return nil
	}
	body, err := proto.Marshal(tracesData(spans))
	if err != nil {
		return fmt.Errorf("otlp: encoding spans: %w", err)
	}
	if e.gzip {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		_, _ = zw.Write(body)
		_ = zw.Close()
		body = b.Bytes()
	}
	for attempt := 0; ; attempt++ {
		retry, err := e.post(ctx, body)
		if !retry || attempt == 1 {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (e *OTLPExporter) post(ctx context.Context, body []byte) (retry bool, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.url, bytes.NewReader(body))
	if err != nil {
		return false, fmt.Errorf("otlp: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-protobuf")
	if e.gzip {
		req.Header.Set("Content-Encoding", "gzip")
	}
	for k, v := range e.headers {
		req.Header.Set(k, v)
	}
	res, err := e.client.Do(req)
	if err != nil {
		return false, fmt.Errorf("otlp: sending spans: %w", err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, e.maxResponse))
	switch {
	case res.StatusCode >= 200 && res.StatusCode < 300:
		return false, nil
	case res.StatusCode == http.StatusTooManyRequests || res.StatusCode == http.StatusServiceUnavailable:
		return true, fmt.Errorf("otlp: the collector answered %s", res.Status)
	}
	return false, fmt.Errorf("otlp: the collector answered %s", res.Status)
}

// Shutdown implements sdktrace.SpanExporter.
func (e *OTLPExporter) Shutdown(context.Context) error {
	e.client.CloseIdleConnections()
	return nil
}

var _ sdktrace.SpanExporter = (*OTLPExporter)(nil)

// tracesData is the OTLP form of spans: one ResourceSpans per resource,
// one ScopeSpans per instrumentation scope. TracesData has the wire form
// of the collector's ExportTraceServiceRequest (field 1, repeated
// ResourceSpans).
func tracesData(spans []sdktrace.ReadOnlySpan) *tracepb.TracesData {
	type scopeKey struct{ res, name, version string }
	var out tracepb.TracesData
	byRes := map[string]*tracepb.ResourceSpans{}
	byScope := map[scopeKey]*tracepb.ScopeSpans{}
	for _, s := range spans {
		resKey := ""
		var res *resourcepb.Resource
		if r := s.Resource(); r != nil {
			resKey = r.Encoded(attribute.DefaultEncoder())
			res = &resourcepb.Resource{Attributes: keyValues(r.Attributes())}
		}
		rs, ok := byRes[resKey]
		if !ok {
			rs = &tracepb.ResourceSpans{Resource: res}
			if r := s.Resource(); r != nil {
				rs.SchemaUrl = r.SchemaURL()
			}
			byRes[resKey] = rs
			out.ResourceSpans = append(out.ResourceSpans, rs)
		}
		scope := s.InstrumentationScope()
		k := scopeKey{resKey, scope.Name, scope.Version}
		ss, ok := byScope[k]
		if !ok {
			ss = &tracepb.ScopeSpans{Scope: &commonpb.InstrumentationScope{Name: scope.Name, Version: scope.Version}, SchemaUrl: scope.SchemaURL}
			byScope[k] = ss
			rs.ScopeSpans = append(rs.ScopeSpans, ss)
		}
		ss.Spans = append(ss.Spans, spanProto(s))
	}
	return &out
}

func spanProto(s sdktrace.ReadOnlySpan) *tracepb.Span {
	sc := s.SpanContext()
	tid, sid := sc.TraceID(), sc.SpanID()
	p := &tracepb.Span{
		TraceId:                tid[:],
		SpanId:                 sid[:],
		TraceState:             sc.TraceState().String(),
		Name:                   s.Name(),
		Kind:                   tracepb.Span_SpanKind(s.SpanKind()), // the same numbers in both
		StartTimeUnixNano:      uint64(s.StartTime().UnixNano()),
		EndTimeUnixNano:        uint64(s.EndTime().UnixNano()),
		Attributes:             keyValues(s.Attributes()),
		DroppedAttributesCount: uint32(s.DroppedAttributes()),
		DroppedEventsCount:     uint32(s.DroppedEvents()),
		DroppedLinksCount:      uint32(s.DroppedLinks()),
		Flags:                  uint32(sc.TraceFlags()) | 0x100, // bit 8: has_is_remote known
		Status:                 &tracepb.Status{Code: statusCode(s.Status().Code), Message: s.Status().Description},
	}
	if parent := s.Parent(); parent.IsValid() {
		psid := parent.SpanID()
		p.ParentSpanId = psid[:]
		if parent.IsRemote() {
			p.Flags |= 0x200
		}
	}
	for _, ev := range s.Events() {
		p.Events = append(p.Events, &tracepb.Span_Event{TimeUnixNano: uint64(ev.Time.UnixNano()), Name: ev.Name, Attributes: keyValues(ev.Attributes), DroppedAttributesCount: uint32(ev.DroppedAttributeCount)})
	}
	for _, l := range s.Links() {
		ltid, lsid := l.SpanContext.TraceID(), l.SpanContext.SpanID()
		p.Links = append(p.Links, &tracepb.Span_Link{TraceId: ltid[:], SpanId: lsid[:], TraceState: l.SpanContext.TraceState().String(), Attributes: keyValues(l.Attributes), DroppedAttributesCount: uint32(l.DroppedAttributeCount)})
	}
	return p
}

// statusCode maps the SDK's status codes (Unset, Error, Ok) onto OTLP's
// (UNSET, OK, ERROR): the numbers differ.
func statusCode(c codes.Code) tracepb.Status_StatusCode {
	switch c {
	case codes.Ok:
		return tracepb.Status_STATUS_CODE_OK
	case codes.Error:
		return tracepb.Status_STATUS_CODE_ERROR
	}
	return tracepb.Status_STATUS_CODE_UNSET
}

func keyValues(attrs []attribute.KeyValue) []*commonpb.KeyValue {
	out := make([]*commonpb.KeyValue, 0, len(attrs))
	for _, a := range attrs {
		out = append(out, &commonpb.KeyValue{Key: string(a.Key), Value: anyValue(a.Value)})
	}
	return out
}

func anyValue(v attribute.Value) *commonpb.AnyValue {
	switch v.Type() {
	case attribute.BOOL:
		return &commonpb.AnyValue{Value: &commonpb.AnyValue_BoolValue{BoolValue: v.AsBool()}}
	case attribute.INT64:
		return &commonpb.AnyValue{Value: &commonpb.AnyValue_IntValue{IntValue: v.AsInt64()}}
	case attribute.FLOAT64:
		return &commonpb.AnyValue{Value: &commonpb.AnyValue_DoubleValue{DoubleValue: v.AsFloat64()}}
	case attribute.STRINGSLICE:
		var vals []*commonpb.AnyValue
		for _, s := range v.AsStringSlice() {
			vals = append(vals, &commonpb.AnyValue{Value: &commonpb.AnyValue_StringValue{StringValue: s}})
		}
		return &commonpb.AnyValue{Value: &commonpb.AnyValue_ArrayValue{ArrayValue: &commonpb.ArrayValue{Values: vals}}}
	case attribute.INT64SLICE:
		var vals []*commonpb.AnyValue
		for _, n := range v.AsInt64Slice() {
			vals = append(vals, &commonpb.AnyValue{Value: &commonpb.AnyValue_IntValue{IntValue: n}})
		}
		return &commonpb.AnyValue{Value: &commonpb.AnyValue_ArrayValue{ArrayValue: &commonpb.ArrayValue{Values: vals}}}
	}
	return &commonpb.AnyValue{Value: &commonpb.AnyValue_StringValue{StringValue: v.Emit()}}
}
