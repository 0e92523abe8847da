package telemetry

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/config"
)

func TestClean(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain id-1", "plain id-1"},
		{"a\r\nb", `a\r\nb`},
		{"\x1b[31mred", `\x1b[31mred`},
		{"rtl\u202eevil", `rtl\u202eevil`},
		{"bad\xffutf8", `bad\xffutf8`},
		{strings.Repeat("x", 300), strings.Repeat("x", 256) + "...(44 more bytes)"},
	} {
		if got := Clean(c.in, 256); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestLoggerFormats: the text format is toolplane's line shape, the JSON
// format one object per record; both honour the level and clean every
// string, attributes of WithAttrs and groups included.
func TestLoggerFormats(t *testing.T) {
	var text, js bytes.Buffer
	for _, c := range []struct {
		buf *bytes.Buffer
		cfg config.LogConfig
	}{{&text, config.LogConfig{Level: config.LogInfo, Format: config.LogText}}, {&js, config.LogConfig{Level: config.LogWarn, Format: config.LogJSON}}} {
		l := NewLogger(c.buf, c.cfg).With("replica", "a\nb")
		l.Debug("hidden")
		l.Info("run", "log_id", "x\r\nforged", "n", 3)
		l.Warn("upstream\nsays", slog.Group("g", "err", errors.New("e\x1b")))
	}
	wantText := "toolplane: run replica=\"a\\\\nb\" log_id=\"x\\\\r\\\\nforged\" n=3\n" +
		"toolplane: warning: upstream\\nsays replica=\"a\\\\nb\" g.err=\"e\\\\x1b\"\n"
	if text.String() != wantText {
		t.Errorf("text:\n%s\nwant:\n%s", text.String(), wantText)
	}
	lines := strings.Split(strings.TrimSpace(js.String()), "\n")
	if len(lines) != 1 {
		t.Fatalf("json at warn level wrote %d lines:\n%s", len(lines), js.String())
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec["msg"] != `upstream\nsays` || rec["level"] != "WARN" || rec["replica"] != `a\nb` || fmt.Sprint(rec["g"]) != `map[err:e\x1b]` {
		t.Errorf("json record: %v", rec)
	}
}

// TestLineWriter: what other parts write on a stream becomes a record at
// the level its prefix says.
func TestLineWriter(t *testing.T) {
	var buf bytes.Buffer
	w := LineWriter(NewLogger(&buf, config.LogConfig{Level: config.LogWarn, Format: config.LogJSON}))
	fmt.Fprintf(w, "toolplane: warning: disk %s\n", "full")
	fmt.Fprintf(w, "toolplane: mcp server up is still starting\n")
	fmt.Fprintf(w, "toolplane: error: boom\n")
	var levels []string
	for _, ln := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var rec map[string]any
		json.Unmarshal([]byte(ln), &rec)
		levels = append(levels, fmt.Sprint(rec["level"], ":", rec["msg"]))
	}
	if got := strings.Join(levels, ","); got != "WARN:disk full,ERROR:boom" {
		t.Errorf("records %s", got)
	}
}
