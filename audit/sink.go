package audit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"sync"
	"time"
)

// Sink receives audit lines. The Logger calls Write from one goroutine of
// its own per sink, never from the call being audited, so a slow or
// failing sink costs dropped lines (counted in Stats), never latency.
type Sink interface {
	// Name identifies the sink in Stats and warnings ("file
	// /var/log/toolplane/audit.jsonl", "stderr", "http https://collector").
	Name() string
	// Write delivers a batch of lines, each one JSON object ending in
	// '\n'. An error counts the whole batch as failed; the next batch is
	// tried again (a full disk or a collector that is down may recover).
	Write(lines [][]byte) error
	// Close releases the sink; the Logger calls it once, after its last
	// Write.
	Close() error
}

// WriterSink writes lines to w (stderr, a buffer in tests). Each batch is
// one Write, so lines of one batch never interleave with other output.
func WriterSink(name string, w io.Writer) Sink { return &writerSink{name: name, w: w} }

type writerSink struct {
	name string
	w    io.Writer
}

func (s *writerSink) Name() string { return s.name }
func (s *writerSink) Write(lines [][]byte) error {
	_, err := s.w.Write(bytes.Join(lines, nil))
	return err
}
func (s *writerSink) Close() error { return nil }

// FileSink appends to a regular file, rotating it when it would grow past
// MaxBytes: path becomes path.1, path.1 becomes path.2, ..., and the
// oldest beyond MaxFiles is removed.
type FileSink struct {
	path     string
	maxBytes int64
	maxFiles int

	mu     sync.Mutex
	f      *os.File // nil after a failed rotation: reopened by the next Write
	size   int64
	closed bool
}

// Defaults of the file sink's rotation.
const (
	DefaultMaxFileBytes = 64 << 20
	DefaultMaxFiles     = 5
)

// OpenFileSink opens path for appending (created 0600; see Open for what
// is refused). maxBytes <= 0 and maxFiles <= 0 take the defaults.
func OpenFileSink(path string, maxBytes int64, maxFiles int) (*FileSink, error) {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxFileBytes
	}
	if maxFiles <= 0 {
		maxFiles = DefaultMaxFiles
	}
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() && fi.Mode()&os.ModeSymlink == 0 {
		return nil, notRegular(path, fi.Mode())
	}
	f, err := openWithin(path, OpenTimeout)
	if err != nil {
		return nil, err
	}
	s := &FileSink{path: path, maxBytes: maxBytes, maxFiles: maxFiles, f: f}
	if fi, err := f.Stat(); err == nil {
		s.size = fi.Size()
	}
	return s, nil
}

// Name implements Sink.
func (s *FileSink) Name() string { return "file " + s.path }

// Write implements Sink.
func (s *FileSink) Write(lines [][]byte) error {
	b := bytes.Join(lines, nil)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errors.New("closed")
	}
	if s.f == nil {
		f, err := openWithin(s.path, OpenTimeout)
		if err != nil {
			return err
		}
		s.f, s.size = f, 0
		if fi, err := f.Stat(); err == nil {
			s.size = fi.Size()
		}
	}
	if s.size > 0 && s.size+int64(len(b)) > s.maxBytes {
		if err := s.rotate(); err != nil {
			return err
		}
	}
	n, err := s.f.Write(b)
	s.size += int64(n)
	return err
}

// rotate shifts the rotated files up by one and starts a fresh file. The
// fresh file is opened as the first was (regular files only, never
// blocking), so a FIFO planted at the path meanwhile is refused.
func (s *FileSink) rotate() error {
	_ = s.f.Close()
	s.f = nil
	_ = os.Remove(fmt.Sprintf("%s.%d", s.path, s.maxFiles))
	for i := s.maxFiles - 1; i >= 1; i-- {
		_ = os.Rename(fmt.Sprintf("%s.%d", s.path, i), fmt.Sprintf("%s.%d", s.path, i+1))
	}
	if err := os.Rename(s.path, s.path+".1"); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("rotating %s: %w", s.path, err)
	}
	f, err := openWithin(s.path, OpenTimeout)
	if err != nil {
		return err
	}
	s.f, s.size = f, 0
	return nil
}

// Close implements Sink.
func (s *FileSink) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	if s.f == nil {
		return nil
	}
	err := s.f.Close()
	s.f = nil
	return err
}

// HTTPFormat is the body an HTTPSink posts.
type HTTPFormat string

// HTTP sink formats.
const (
	// FormatJSONL posts the lines as they are (application/x-ndjson).
	FormatJSONL HTTPFormat = "jsonl"
	// FormatOTLP posts an OTLP/HTTP JSON logs request (an OpenTelemetry
	// collector's /v1/logs): one log record per line, the line as its
	// body and the event kind, outcome, subject and capability as
	// attributes.
	FormatOTLP HTTPFormat = "otlp"
)

// HTTPSinkOptions configure an HTTPSink.
type HTTPSinkOptions struct {
	// URL receives the POSTs: http or https, no credentials in it.
	URL    string
	Format HTTPFormat // default FormatJSONL
	// Headers are sent with every POST (an Authorization for the
	// collector); they go to URL's origin only, never to a redirect.
	Headers map[string]string
	// Timeout bounds one POST (default 5s).
	Timeout time.Duration
	// Client, if set, replaces the default HTTP client (tests).
	Client *http.Client
}

// HTTPSink posts batches of lines to a collector. Redirects are not
// followed, so the lines and the headers reach the configured origin and
// nothing else.
type HTTPSink struct {
	opts   HTTPSinkOptions
	client *http.Client
}

// NewHTTPSink checks opts and returns the sink.
func NewHTTPSink(opts HTTPSinkOptions) (*HTTPSink, error) {
	u, err := url.Parse(opts.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("audit http sink: url %q: want http(s)://HOST[:PORT]/PATH", opts.URL)
	}
	if u.User != nil {
		return nil, fmt.Errorf("audit http sink: url %s carries credentials; put them in [audit.http] headers as a secret reference", u.Redacted())
	}
	switch opts.Format {
	case "":
		opts.Format = FormatJSONL
	case FormatJSONL, FormatOTLP:
	default:
		return nil, fmt.Errorf("audit http sink: format %q: want %q or %q", opts.Format, FormatJSONL, FormatOTLP)
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 5 * time.Second
	}
	c := opts.Client
	if c == nil {
		c = &http.Client{}
	}
	cc := *c
	cc.Timeout = opts.Timeout
	cc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &HTTPSink{opts: opts, client: &cc}, nil
}

// Name implements Sink.
func (s *HTTPSink) Name() string { return "http " + s.opts.URL }

// Write implements Sink: one POST per batch; anything but a 2xx answer
// fails the batch.
func (s *HTTPSink) Write(lines [][]byte) error {
	var body []byte
	ctype := "application/x-ndjson"
	if s.opts.Format == FormatOTLP {
		body = otlpBody(lines)
		ctype = "application/json"
	} else {
		body = bytes.Join(lines, nil)
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.opts.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", ctype)
	for k, v := range s.opts.Headers {
		req.Header.Set(k, v)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s answered %s", s.opts.URL, resp.Status)
	}
	return nil
}

// Close implements Sink.
func (s *HTTPSink) Close() error {
	s.client.CloseIdleConnections()
	return nil
}

// otlpBody encodes lines as an OTLP/HTTP JSON ExportLogsServiceRequest.
func otlpBody(lines [][]byte) []byte {
	type anyValue struct {
		StringValue string `json:"stringValue"`
	}
	type kv struct {
		Key   string   `json:"key"`
		Value anyValue `json:"value"`
	}
	type record struct {
		TimeUnixNano string   `json:"timeUnixNano"`
		SeverityText string   `json:"severityText"`
		Body         anyValue `json:"body"`
		Attributes   []kv     `json:"attributes"`
	}
	records := make([]record, 0, len(lines))
	for _, ln := range lines {
		var fields struct {
			TS         string `json:"ts"`
			Event      string `json:"event"`
			Outcome    string `json:"outcome"`
			Subject    string `json:"subject"`
			Capability string `json:"capability"`
		}
		_ = json.Unmarshal(ln, &fields)
		r := record{SeverityText: "INFO", Body: anyValue{string(bytes.TrimSuffix(ln, []byte("\n")))}}
		if t, err := time.Parse(time.RFC3339Nano, fields.TS); err == nil {
			r.TimeUnixNano = strconv.FormatInt(t.UnixNano(), 10)
		}
		for _, a := range []kv{{"event", anyValue{fields.Event}}, {"outcome", anyValue{fields.Outcome}}, {"subject", anyValue{fields.Subject}}, {"capability", anyValue{fields.Capability}}} {
			if a.Value.StringValue != "" {
				r.Attributes = append(r.Attributes, a)
			}
		}
		records = append(records, r)
	}
	doc := map[string]any{"resourceLogs": []any{map[string]any{
		"resource": map[string]any{"attributes": []kv{{"service.name", anyValue{"toolplane"}}}},
		"scopeLogs": []any{map[string]any{
			"scope":      map[string]any{"name": "toolplane.audit"},
			"logRecords": records,
		}},
	}}}
	b, _ := json.Marshal(doc)
	return b
}
