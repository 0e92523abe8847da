package mcp

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/toolplane/toolplane/capability"
)

// A tool with no output schema returns text whose layout an agent can only
// learn by calling it. The catalog cache keeps, per tool, the form of the
// last text a call returned (first kept once per process per tool), and
// the tool's capability shows it (capability.Capability.OutputSample).
//
// The form, never the text: a call's output belongs to the caller who made
// it (a file's contents, one user's issues) and the schemas are read by
// every caller, and text from a server must not reach the schemas as
// instructions. So a JSON text is shown as its keys and value types, and
// any other text with its letters as x, its digits as 0, its punctuation,
// spaces and line breaks as they were: enough to see "a header line, then
// one `path:line: text` per line".

// Output sample bounds.
const (
	maxSampleLines    = 6
	maxSampleLineRune = 80
	maxSampleKeys     = 12
	maxSampleDepth    = 3
	// maxSampleBytes bounds a stored sample, also one read back from disk.
	maxSampleBytes = 1024
)

// sampleKey is a JSON key shown as it is; any other key is shown as "…".
// It is compiled on first use: package initialisation runs in every toolplane process.
var sampleKey = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]{0,39}$`) })

// textOnly returns the text of a result that is one text block and nothing
// else (no structured content, not an error).
func textOnly(r *capability.Result) (string, bool) {
	if r == nil || r.IsError || r.Structured != nil || len(r.Content) != 1 || r.Content[0].Type != "text" {
		return "", false
	}
	return r.Content[0].Text, true
}

// outputSample returns the form of a tool's text output (see above).
func outputSample(text string) string {
	trimmed := strings.TrimSpace(text)
	if trimmed == "" {
		return ""
	}
	if (trimmed[0] == '{' || trimmed[0] == '[') && len(trimmed) <= 4<<20 {
		var v any
		if json.Unmarshal([]byte(trimmed), &v) == nil {
			var b strings.Builder
			b.WriteString("JSON text: ")
			jsonShape(&b, v, 0)
			return clipSample(b.String())
		}
	}
	var b strings.Builder
	lines := strings.SplitN(trimmed, "\n", maxSampleLines+1)
	for i, l := range lines {
		if i == maxSampleLines {
			b.WriteString("…")
			break
		}
		n := 0
		for _, r := range strings.TrimRight(l, "\r") {
			if n == maxSampleLineRune {
				b.WriteRune('…')
				break
			}
			n++
			switch {
			case unicode.IsUpper(r):
				b.WriteByte('X')
			case unicode.IsLetter(r):
				b.WriteByte('x')
			case unicode.IsDigit(r):
				b.WriteByte('0')
			case unicode.IsSpace(r):
				b.WriteByte(' ')
			case r == '`':
				// The rendering fences the sample with backticks.
				b.WriteByte('\'')
			case r < utf8.RuneSelf && unicode.IsPunct(r) || r < utf8.RuneSelf && unicode.IsSymbol(r):
				b.WriteRune(r)
			default:
				b.WriteByte('?')
			}
		}
		b.WriteByte('\n')
	}
	return clipSample(strings.TrimRight(b.String(), "\n"))
}

// jsonShape writes v as keys and types: {"id": int, "tags": [str]}.
func jsonShape(b *strings.Builder, v any, depth int) {
	switch x := v.(type) {
	case map[string]any:
		if depth == maxSampleDepth {
			b.WriteString("{…}")
			return
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteString("{")
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			if i == maxSampleKeys {
				fmt.Fprintf(b, "… %d more", len(keys)-i)
				break
			}
			if sampleKey().MatchString(k) {
				b.WriteString(`"` + k + `": `)
			} else {
				b.WriteString(`…: `)
			}
			jsonShape(b, x[k], depth+1)
		}
		b.WriteString("}")
	case []any:
		if len(x) == 0 {
			b.WriteString("[]")
			return
		}
		if depth == maxSampleDepth {
			b.WriteString("[…]")
			return
		}
		b.WriteString("[")
		jsonShape(b, x[0], depth+1)
		if len(x) > 1 {
			b.WriteString(", …")
		}
		b.WriteString("]")
	case string:
		b.WriteString("str")
	case float64:
		if x == float64(int64(x)) {
			b.WriteString("int")
		} else {
			b.WriteString("float")
		}
	case bool:
		b.WriteString("bool")
	case nil:
		b.WriteString("null")
	}
}

func clipSample(s string) string {
	if len(s) <= maxSampleBytes {
		return s
	}
	cut := maxSampleBytes - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// validSample reports whether a sample read back from disk is one
// outputSample could have made: bounded, and no characters other than
// those it writes.
func validSample(s string) bool {
	if len(s) > maxSampleBytes || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r == '…' || r == '\n' {
			continue
		}
		if r >= utf8.RuneSelf || r < ' ' || r == 0x7f || r == '`' {
			return false
		}
	}
	return true
}

// sampleFile is the on-disk form of a server's output samples, next to
// its catalog in the cache directory.
type sampleFile struct {
	Key     string            `json:"key"` // as cacheFile.Key
	Samples map[string]string `json:"samples"`
}

func (s *server) samplePath() string {
	if s.m.opts.CacheDir == "" {
		return ""
	}
	return filepath.Join(s.m.opts.CacheDir, s.spec.Name+".samples.json")
}

// outputSamplesLocked returns the samples of the server's tools, read from the
// cache once. The caller holds s.sampleMu.
func (s *server) outputSamplesLocked() map[string]string {
	if s.samples != nil {
		return s.samples
	}
	s.samples = map[string]string{}
	path := s.samplePath()
	if path == "" {
		return s.samples
	}
	data, err := readBounded(path, int64(s.m.opts.Limits.MaxTools+1)*2*maxSampleBytes)
	if err != nil {
		return s.samples
	}
	var sf sampleFile
	if json.Unmarshal(data, &sf) != nil || sf.Key != s.spec.cacheKey() {
		return s.samples
	}
	for tool, sample := range sf.Samples {
		if len(s.samples) < s.m.opts.Limits.MaxTools && validSample(sample) {
			s.samples[tool] = sample
		}
	}
	return s.samples
}

// outputSample returns the cached sample of tool's output ("" if none).
func (s *server) outputSample(tool string) string {
	s.sampleMu.Lock()
	defer s.sampleMu.Unlock()
	return s.outputSamplesLocked()[tool]
}

// recordSample keeps the form of a text-only result of tool in the cache,
// the first of each tool in this process (later calls cost no disk write).
func (s *server) recordSample(tool string, r *capability.Result) {
	if s.samplePath() == "" {
		return
	}
	text, ok := textOnly(r)
	if !ok {
		return
	}
	s.sampleMu.Lock()
	defer s.sampleMu.Unlock()
	if s.sampled[tool] {
		return
	}
	if s.sampled == nil {
		s.sampled = map[string]bool{}
	}
	s.sampled[tool] = true
	samples := s.outputSamplesLocked()
	sample := outputSample(text)
	if sample == "" || samples[tool] == sample {
		return
	}
	samples[tool] = sample
	data, err := json.MarshalIndent(sampleFile{Key: s.spec.cacheKey(), Samples: samples}, "", "  ")
	if err == nil {
		err = writeFileAtomic(s.samplePath(), s.spec.Name, data)
	}
	if err != nil {
		s.record(fmt.Errorf("writing the output samples %s: %w", s.samplePath(), err))
	}
}

// readBounded reads at most limit bytes of path, failing beyond.
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(data)) > limit {
		err = fmt.Errorf("%s is larger than %d bytes", path, limit)
	}
	return data, err
}
