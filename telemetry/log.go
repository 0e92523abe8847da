package telemetry

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/internal/logfile"
)

// Bounds of what one log line carries. A value a client chose (a log id,
// a session id, a method name) is never longer than MaxValueBytes in a
// log line, a message never longer than MaxMessageBytes.
const (
	MaxValueBytes   = 256
	MaxMessageBytes = 4 << 10
)

// NewLogger returns the logger [log] describes, writing to w: format
// "json" is one JSON object per line (slog's JSON handler), "text" (the
// default) the lines toolplane has always written ("toolplane: warning:
// MESSAGE key=value ..."), so a human reading a terminal sees no
// difference. Records below level are dropped. Every string that reaches
// a line passes Clean: a value from a client cannot break a line in two,
// forge another record or fill the log.
func NewLogger(w io.Writer, cfg config.LogConfig) *slog.Logger {
	level := Level(cfg.Level)
	var h slog.Handler
	if cfg.Format == config.LogJSON {
		h = slog.NewJSONHandler(w, &slog.HandlerOptions{Level: level})
	} else {
		h = &textHandler{w: w, mu: new(sync.Mutex), level: level}
	}
	return slog.New(&cleanHandler{next: h})
}

// Level maps a [log] level to slog's; unset is info.
func Level(l config.LogLevel) slog.Level {
	switch l {
	case config.LogDebug:
		return slog.LevelDebug
	case config.LogWarn:
		return slog.LevelWarn
	case config.LogError:
		return slog.LevelError
	}
	return slog.LevelInfo
}

// OpenLogFile opens [log] file for appending (created 0600) as the audit
// log is opened (logfile.OpenAppend): a regular file of the user's own,
// never through a symbolic link (a link placed there would choose the
// file toolplane writes), never blocking on a FIFO.
func OpenLogFile(path string) (*os.File, error) {
	if strings.HasPrefix(path, "~/") {
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, fmt.Errorf("[log] file %s: %w", path, err)
		}
		path = home + path[1:]
	}
	f, err := logfile.OpenAppend(path, "[log] file")
	if err != nil {
		return nil, fmt.Errorf("%w; or leave [log] file unset to log on stderr", err)
	}
	return f, nil
}

// Clean makes s safe for one log line: control and invisible characters
// (CR, LF, ESC, bidirectional overrides, ...) are written as Go escapes,
// invalid UTF-8 as \x escapes, and the result is cut to max bytes with a
// note of how much was left out.
func Clean(s string, max int) string { return clean(s, max, false) }

// CleanLines makes text someone else wrote (a snippet's output) safe for a
// reader's terminal as Clean does, keeping its newlines and tabs and its
// length.
func CleanLines(s string) string { return clean(s, -1, true) }

func clean(s string, max int, lines bool) string {
	shown := func(r rune) bool {
		return r == ' ' || lines && (r == '\n' || r == '\t') || r != utf8.RuneError && unicode.IsPrint(r) && !unicode.Is(unicode.Bidi_Control, r) && !unicode.In(r, unicode.Cf)
	}
	ok := max < 0 || len(s) <= max
	for _, r := range s {
		if !ok {
			break
		}
		ok = shown(r)
	}
	if ok {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if max >= 0 && b.Len() >= max {
			fmt.Fprintf(&b, "...(%d more bytes)", len(s)-i)
			break
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case shown(r):
			b.WriteRune(r)
		default:
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	return b.String()
}

// cleanHandler cleans every string of a record before the handler
// formats it: the message and every string value, in groups too.
type cleanHandler struct{ next slog.Handler }

func (h *cleanHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.next.Enabled(ctx, l)
}

func (h *cleanHandler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, Clean(r.Message, MaxMessageBytes), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(cleanAttr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h *cleanHandler) WithAttrs(as []slog.Attr) slog.Handler {
	cleaned := make([]slog.Attr, len(as))
	for i, a := range as {
		cleaned[i] = cleanAttr(a)
	}
	return &cleanHandler{next: h.next.WithAttrs(cleaned)}
}

func (h *cleanHandler) WithGroup(name string) slog.Handler {
	return &cleanHandler{next: h.next.WithGroup(Clean(name, MaxValueBytes))}
}

func cleanAttr(a slog.Attr) slog.Attr {
	a.Key = Clean(a.Key, MaxValueBytes)
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		a.Value = slog.StringValue(Clean(v.String(), MaxValueBytes))
	case slog.KindGroup:
		g := v.Group()
		out := make([]slog.Attr, len(g))
		for i, e := range g {
			out[i] = cleanAttr(e)
		}
		a.Value = slog.GroupValue(out...)
	case slog.KindAny:
		// An error or a Stringer: its text is a string like any other.
		a.Value = slog.StringValue(Clean(fmt.Sprint(v.Any()), MaxValueBytes))
	default:
		a.Value = v
	}
	return a
}

// textHandler writes "toolplane: [LEVEL: ]MESSAGE key=value ...", the
// shape of toolplane's diagnostics on a terminal: info has no level word,
// warnings say "warning:", errors "error:", debug lines "debug:".
type textHandler struct {
	w      io.Writer
	mu     *sync.Mutex
	level  slog.Level
	prefix string // "group." of WithGroup
	attrs  []byte // preformatted WithAttrs
}

func (h *textHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= h.level }

func (h *textHandler) Handle(_ context.Context, r slog.Record) error {
	var b bytes.Buffer
	b.WriteString("toolplane: ")
	switch {
	case r.Level >= slog.LevelError:
		b.WriteString("error: ")
	case r.Level >= slog.LevelWarn:
		b.WriteString("warning: ")
	case r.Level < slog.LevelInfo:
		b.WriteString("debug: ")
	}
	b.WriteString(r.Message)
	b.Write(h.attrs)
	r.Attrs(func(a slog.Attr) bool {
		appendAttr(&b, h.prefix, a)
		return true
	})
	b.WriteByte('\n')
	h.mu.Lock()
	defer h.mu.Unlock()
	_, err := h.w.Write(b.Bytes())
	return err
}

func (h *textHandler) WithAttrs(as []slog.Attr) slog.Handler {
	var b bytes.Buffer
	b.Write(h.attrs)
	for _, a := range as {
		appendAttr(&b, h.prefix, a)
	}
	c := *h
	c.attrs = b.Bytes()
	return &c
}

func (h *textHandler) WithGroup(name string) slog.Handler {
	if name == "" {
		return h
	}
	c := *h
	c.prefix += name + "."
	return &c
}

func appendAttr(b *bytes.Buffer, prefix string, a slog.Attr) {
	v := a.Value.Resolve()
	if a.Equal(slog.Attr{}) {
		return
	}
	if v.Kind() == slog.KindGroup {
		p := prefix
		if a.Key != "" {
			p += a.Key + "."
		}
		for _, e := range v.Group() {
			appendAttr(b, p, e)
		}
		return
	}
	b.WriteByte(' ')
	b.WriteString(prefix + a.Key)
	b.WriteByte('=')
	s := v.String()
	if needsQuote(s) {
		s = strconv.Quote(s)
	}
	b.WriteString(s)
}

func needsQuote(s string) bool {
	if s == "" {
		return true
	}
	for _, r := range s {
		if r == ' ' || r == '"' || r == '=' || r == '\\' || !unicode.IsPrint(r) {
			return true
		}
	}
	return false
}

// LineWriter turns what is written to it into log records: each Write is
// one record (a trailing newline dropped), at warning level when it starts
// "toolplane: warning: ", error for "toolplane: error: ", else info, with
// the "toolplane: " prefix and the level word removed. The serve command
// hands it to the parts that write their diagnostics on a stream
// (toolplane.Open, the audit log, plugins), so their lines honour [log]
// level and format too.
func LineWriter(l *slog.Logger) io.Writer { return lineWriter{l} }

type lineWriter struct{ l *slog.Logger }

func (w lineWriter) Write(p []byte) (int, error) {
	msg := strings.TrimRight(string(p), "\n")
	level := slog.LevelInfo
	msg = strings.TrimPrefix(msg, "toolplane: ")
	if rest, ok := strings.CutPrefix(msg, "warning: "); ok {
		level, msg = slog.LevelWarn, rest
	} else if rest, ok := strings.CutPrefix(msg, "error: "); ok {
		level, msg = slog.LevelError, rest
	}
	if msg != "" {
		w.l.Log(context.Background(), level, msg)
	}
	return len(p), nil
}
