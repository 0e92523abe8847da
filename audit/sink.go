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
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
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
// oldest beyond MaxFiles is removed, but for the lines of the subjects
// that hold little of what the files keep (see rotate).
type FileSink struct {
	path     string
	maxBytes int64
	maxFiles int
	warn     io.Writer // where a rotation that removed a kept line is said

	mu     sync.Mutex
	f      *os.File // nil after a failed rotation: reopened by the next Write
	size   int64
	closed bool
	// held are the bytes of each subject's lines in each file: held[0]
	// the file at path, held[i] path.i; nil where not yet counted (a
	// file written before this process opened it), counted at the
	// first rotation.
	held []map[string]int64
}

// Defaults of the file sink's rotation.
const (
	DefaultMaxFileBytes = 64 << 20
	DefaultMaxFiles     = 5
)

// EventAuditRotated is the line a FileSink writes first in a fresh file:
// Meta counts the lines the rotation removed and the lines it kept, by
// subject ("removed_lines", "kept_lines", and "kept_lines_removed" when
// the room for kept lines was full), so a reader knows what the files no
// longer hold and whose it was.
const EventAuditRotated = "audit_rotated"

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
	s := &FileSink{path: path, maxBytes: maxBytes, maxFiles: maxFiles, f: f, held: make([]map[string]int64, maxFiles+1)}
	if fi, err := f.Stat(); err == nil {
		s.size = fi.Size()
	}
	if s.size == 0 {
		s.held[0] = map[string]int64{}
	}
	return s, nil
}

// Name implements Sink.
func (s *FileSink) Name() string { return "file " + s.path }

// Write implements Sink.
func (s *FileSink) Write(lines [][]byte) error {
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
		s.held[0] = nil
		if s.size == 0 {
			s.held[0] = map[string]int64{}
		}
	}
	// The batch is written in runs that fit the file, rotating between
	// them.
	rotated := false
	for len(lines) > 0 {
		n, size := 0, s.size
		for n < len(lines) && (size == 0 || size+int64(len(lines[n])) <= s.maxBytes) {
			size += int64(len(lines[n]))
			n++
		}
		switch {
		case n == 0 && rotated:
			// A line longer than what a fresh file has room for after its
			// rotation line goes in it alone.
			n = 1
		case n == 0:
			if err := s.rotate(); err != nil {
				return err
			}
			rotated = true
			continue
		}
		rotated = false
		w, err := s.f.Write(bytes.Join(lines[:n], nil))
		s.size += int64(w)
		if s.held[0] != nil {
			for _, ln := range lines[:n] {
				if !rotationLine(ln) {
					s.held[0][lineSubject(ln)] += int64(len(ln))
				}
			}
		}
		if err != nil {
			return err
		}
		lines = lines[n:]
	}
	return nil
}

// rotationLine reports whether ln is an EventAuditRotated line: counted
// against no subject and never carried (it goes with its file; the
// newer rotations' lines say what they removed). As in lineSubject, the
// line's own event comes before its headers and meta.
func rotationLine(ln []byte) bool {
	i := bytes.Index(ln, []byte(`"event":"`+EventAuditRotated+`"`))
	if i < 0 {
		return false
	}
	return !bytes.Contains(ln[:i], []byte(`"headers":{`)) && !bytes.Contains(ln[:i], []byte(`"meta":{`))
}

// lineSubject is the subject of an audit line ("" for the server's own
// lines and for what is not a line of ours), read without decoding the
// line: its fields come in the order of line, every one before subject a
// string or a number (in whose text a quote is escaped), so the first
// "subject":" is the line's own unless the headers or meta objects,
// which come after it, begin first.
func lineSubject(ln []byte) string {
	i := bytes.Index(ln, []byte(`"subject":"`))
	if i < 0 {
		return ""
	}
	for _, nested := range []string{`"headers":{`, `"meta":{`} {
		if j := bytes.Index(ln[:i], []byte(nested)); j >= 0 {
			return ""
		}
	}
	v := ln[i+len(`"subject":`):]
	end := 1
	for end < len(v) && v[end] != '"' {
		if v[end] == '\\' {
			end++
		}
		end++
	}
	if end >= len(v) {
		return ""
	}
	var subj string
	if json.Unmarshal(v[:end+1], &subj) != nil {
		return ""
	}
	return subj
}

// rotate shifts the rotated files up by one and starts a fresh file. The
// fresh file is opened as the first was (regular files only, never
// blocking), so a FIFO planted at the path meanwhile is refused.
//
// The oldest file goes, but not the lines of the subjects that hold
// less than half of an even share of what the files keep (their bytes
// times twice the number of subjects under the total): those are carried
// into the file that becomes the oldest, ahead of its own lines (up to
// MaxBytes of them; past that the oldest carried lines go, and the
// rotation says so on the warning writer and in its line). Rotating
// whole files, one token writing fast rotated every other token's lines
// away within minutes, and with them the trace of what those tokens had
// done; now its own lines (and those of whoever holds as much) are what
// rotation removes, and each rotation writes an EventAuditRotated line
// counting what it removed and kept, by subject. The files hold at most
// MaxFiles+2 files' worth: the files, and the carried lines.
func (s *FileSink) rotate() error {
	_ = s.f.Close()
	s.f = nil
	for i := range s.held {
		if s.held[i] == nil {
			s.held[i] = s.countFile(i)
		}
	}
	total, bySubject := int64(0), map[string]int64{}
	for _, h := range s.held {
		for subj, n := range h {
			total += n
			bySubject[subj] += n
		}
	}
	protected := func(subj string) bool {
		return bySubject[subj]*2*int64(len(bySubject)) < total
	}
	removed, kept, lost := map[string]int64{}, map[string]int64{}, map[string]int64{}
	// The lines of the oldest file kept, newest last, at most maxBytes.
	var carried [][]byte
	var carriedBytes int64
	carriedBy := map[string]int64{}
	oldest := s.file(s.maxFiles)
	_ = eachLine(oldest, func(ln []byte) {
		subj := ""
		if ln != nil {
			subj = lineSubject(ln)
		}
		if ln == nil || rotationLine(ln) || !protected(subj) {
			removed[subj]++
			return
		}
		carried = append(carried, append(bytes.Clone(ln), '\n'))
		carriedBytes += int64(len(ln)) + 1
		for carriedBytes > s.maxBytes {
			first := carried[0]
			carried = carried[1:]
			carriedBytes -= int64(len(first))
			lost[lineSubject(first)]++
		}
	})
	for _, ln := range carried {
		subj := lineSubject(ln)
		kept[subj]++
		carriedBy[subj] += int64(len(ln))
	}
	// Nothing is removed before what replaces it is written: the carried
	// lines and the next file's go to a temporary file renamed over the
	// oldest, then each rename replaces a file whose lines are already in
	// the one above it. Killed at any step, every line is in a file (at
	// worst one file's lines twice). Removing the oldest first lost the
	// carried lines to a crash before they were written again.
	merged := false
	if len(carried) > 0 {
		if err := s.merge(oldest, carried, s.file(s.maxFiles-1)); err != nil {
			// The carried lines are lost; the rotation goes on.
			for subj, n := range kept {
				lost[subj] += n
			}
			kept = map[string]int64{}
		} else {
			merged = true
		}
	}
	for i := s.maxFiles - 1; i >= 0; i-- {
		if merged && i == s.maxFiles-1 {
			continue // its lines are in the oldest now; the next rename replaces it
		}
		err := os.Rename(s.file(i), s.file(i+1))
		switch {
		case errors.Is(err, os.ErrNotExist):
			// No file replaces the oldest (what it kept is carried) or the
			// one merged into it.
			if (!merged && i == s.maxFiles-1) || (merged && i == s.maxFiles-2) {
				_ = os.Remove(s.file(i + 1))
			}
		case err != nil && i == 0:
			return fmt.Errorf("rotating %s: %w", s.path, err)
		}
	}
	if merged && s.maxFiles == 1 {
		_ = os.Remove(s.path) // merged into the oldest, which is path.1
	}
	copy(s.held[1:], s.held[:s.maxFiles])
	s.held[0] = map[string]int64{}
	if merged {
		for subj, n := range carriedBy {
			s.held[s.maxFiles][subj] += n
		}
	}
	f, err := openWithin(s.path, OpenTimeout)
	if err != nil {
		return err
	}
	s.f, s.size = f, 0
	meta := map[string]any{"removed_lines": removed}
	if len(kept) > 0 {
		meta["kept_lines"] = kept
	}
	if len(lost) > 0 {
		meta["kept_lines_removed"] = lost
		if s.warn != nil {
			fmt.Fprintf(s.warn, "toolplane: warning: audit %s: rotation removed lines of subjects that hold little of the audit files (%s) because the room kept for them (max_file_bytes = %d) was full; raise [audit] max_file_bytes or max_files, or find the token writing most (its lines fill the files)\n", s.path, countsText(lost), s.maxBytes)
		}
	}
	b, _ := json.Marshal(line{TS: time.Now().UTC().Format(time.RFC3339Nano), Event: EventAuditRotated, Meta: meta})
	b = append(b, '\n')
	w, _ := s.f.Write(b)
	s.size += int64(w)
	return nil
}

// file is the path of the file at position i (0: path, i: path.i).
func (s *FileSink) file(i int) string {
	if i == 0 {
		return s.path
	}
	return fmt.Sprintf("%s.%d", s.path, i)
}

// countFile counts the bytes of each subject's lines in the file at
// position i (a missing file holds none).
func (s *FileSink) countFile(i int) map[string]int64 {
	held := map[string]int64{}
	_ = eachLine(s.file(i), func(ln []byte) {
		if ln != nil && !rotationLine(ln) {
			held[lineSubject(ln)] += int64(len(ln)) + 1
		}
	})
	return held
}

// merge replaces the regular file at dst with lines followed by the
// content of the regular file at src (none if it is missing), through a
// temporary file written and synced before it is renamed over dst.
func (s *FileSink) merge(dst string, lines [][]byte, src string) error {
	tmp := dst + ".carry"
	_ = os.Remove(tmp)
	out, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return err
	}
	_, err = out.Write(bytes.Join(lines, nil))
	if in, oerr := os.OpenFile(src, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0); err == nil && oerr == nil {
		if fi, serr := in.Stat(); serr == nil && fi.Mode().IsRegular() {
			_, err = io.Copy(out, in)
		}
		in.Close()
	}
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, dst)
	}
	if err != nil {
		_ = os.Remove(tmp)
	}
	return err
}

// countsText is "a: 3, b: 1" in subject order ("" as the server).
func countsText(m map[string]int64) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		name := k
		if name == "" {
			name = "the server"
		}
		parts = append(parts, fmt.Sprintf("%s: %d", name, m[k]))
	}
	return strings.Join(parts, ", ")
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
