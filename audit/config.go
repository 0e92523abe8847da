package audit

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/toolplane/toolplane/config"
)

// FromConfig opens the Logger an [audit] section describes: its sinks
// (file with rotation, stderr, an HTTP or OTLP collector), queue, flush
// timeout and header allow-list. resolve reads the secret references of
// [audit.http] headers (nil: config.Secret.Resolve). As with Open, a file
// path that merely cannot be written gives a logger without the file
// sink after one warning; a dangerous one (a FIFO, a device) is an error.
func FromConfig(ctx context.Context, c config.AuditConfig, resolve func(ctx context.Context, ref string) (string, error), warn io.Writer) (*Logger, error) {
	if warn == nil {
		warn = os.Stderr
	}
	sinks := c.Sinks
	if len(sinks) == 0 {
		sinks = []string{config.AuditSinkFile}
	}
	var out []Sink
	closeAll := func() {
		for _, s := range out {
			_ = s.Close()
		}
	}
	name := "the audit log"
	if slices.Contains(sinks, config.AuditSinkFile) {
		path, err := expandPath(c.Path)
		if err != nil {
			return nil, err
		}
		name = path
		fs, err := openFileSinkAt(path, int64(c.MaxFileBytes), c.MaxFiles)
		switch {
		case unwritable(err):
			fmt.Fprintf(warn, "toolplane: warning: %v; audit logging is off for this file in this process (runs go on); make the path writable or point [audit] path elsewhere\n", err)
		case err != nil:
			return nil, err
		default:
			fs.warn = warn
			out = append(out, fs)
		}
	}
	if slices.Contains(sinks, config.AuditSinkStderr) {
		out = append(out, WriterSink("stderr", os.Stderr))
	}
	if slices.Contains(sinks, config.AuditSinkHTTP) {
		headers := map[string]string{}
		for k, ref := range c.HTTP.Headers {
			var v string
			var err error
			if resolve != nil {
				v, err = resolve(ctx, string(ref))
			} else {
				v, err = ref.Resolve(ctx)
			}
			if err != nil {
				closeAll()
				return nil, fmt.Errorf("audit: [audit.http] headers.%s: %w", k, err)
			}
			headers[k] = v
		}
		hs, err := NewHTTPSink(HTTPSinkOptions{URL: c.HTTP.URL, Format: HTTPFormat(c.HTTP.Format), Headers: headers, Timeout: c.HTTP.Timeout.Duration})
		if err != nil {
			closeAll()
			return nil, err
		}
		out = append(out, hs)
	}
	l, err := NewLogger(Options{QueueSize: c.QueueSize, FlushTimeout: c.FlushTimeout.Duration, Headers: c.Headers, Warn: warn}, out...)
	if err != nil {
		closeAll()
		return nil, err
	}
	l.name = name
	if len(out) == 0 {
		l.disabled = true
	}
	return l, nil
}

// openFileSinkAt creates the directory of path (0700) and opens the sink.
func openFileSinkAt(path string, maxBytes int64, maxFiles int) (*FileSink, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("audit: creating the directory of [audit] path %s: %w", path, err)
	}
	return OpenFileSink(path, maxBytes, maxFiles)
}
