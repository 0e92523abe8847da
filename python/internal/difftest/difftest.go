// Package difftest loads the script corpora of package python (conformance,
// async and hostile cases under python/testdata), parses their outcome
// markers, runs them under CPython through the oracle driver, and keeps the
// expected-failure lists. It imports nothing of the interpreter, so the
// corpus tooling works while the interpreter is being built.
//
// Corpus format: one file is one case, or several cases separated by a line
// "# ---"; each chunk runs on its own. A chunk whose last non-blank line is
// "# raises: Type: message" (or "# raises: Type" for an empty message) must
// end with exactly that exception; "# limit: steps|memory" (hostile corpus
// only) must end by one of the named limits, and "# completes" (hostile
// corpus only) must finish without error under the tight limits. Any other
// chunk must finish normally, and its printed output is compared.
package difftest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// ChunkSeparator is the line that splits a corpus file into cases.
const ChunkSeparator = "# ---"

// Case is one runnable chunk of a corpus file.
type Case struct {
	// Name identifies the case: "<kind>/<file>" for a one-chunk file,
	// "<kind>/<file>#<n>" (n from 1) for chunk n of a multi-chunk file.
	Name string
	// File is the path of the corpus file; Line is the 1-based line of the
	// file where the chunk starts, so a failure can point at it.
	File string
	Line int
	// Source is the chunk's text; its line 1 is the file's line Line.
	Source string
	// Marker is the expected outcome stated by the chunk's last line.
	Marker Marker
}

// Marker is the expected ending of a case.
type Marker struct {
	// Raises is true for "# raises:"; Type and Message are the exception.
	// HasMessage distinguishes "# raises: ValueError" (empty message in the
	// conformance corpora, any message in the hostile corpus) from a
	// stated message.
	Raises     bool
	Type       string
	Message    string
	HasMessage bool
	// Limits lists the limit names of "# limit: a|b"; any one of them is
	// an acceptable ending.
	Limits []string
	// Completes is true for "# completes": a heavy but legitimate program
	// that the limits must not stop.
	Completes bool
}

// String renders the marker as it appears in a corpus file.
func (m Marker) String() string {
	switch {
	case m.Raises && m.HasMessage:
		return "raises " + m.Type + ": " + m.Message
	case m.Raises:
		return "raises " + m.Type
	case len(m.Limits) > 0:
		return "limit " + strings.Join(m.Limits, "|")
	case m.Completes:
		return "completes under the limits"
	}
	return "completes normally"
}

// ParseMarker reads the outcome marker from the last non-blank line of src.
func ParseMarker(src string) Marker {
	lines := strings.Split(strings.TrimRight(src, "\n \t"), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	if rest, ok := strings.CutPrefix(last, "# raises:"); ok {
		rest = strings.TrimSpace(rest)
		typ, msg, has := strings.Cut(rest, ": ")
		return Marker{Raises: true, Type: typ, Message: msg, HasMessage: has}
	}
	if rest, ok := strings.CutPrefix(last, "# limit:"); ok {
		var limits []string
		for _, l := range strings.Split(rest, "|") {
			if l = strings.TrimSpace(l); l != "" {
				limits = append(limits, l)
			}
		}
		return Marker{Limits: limits}
	}
	if last == "# completes" {
		return Marker{Completes: true}
	}
	return Marker{}
}

// SplitFile splits the text of one corpus file into cases named after kind
// and the file's base name.
func SplitFile(kind, path, text string) []Case {
	base := strings.TrimSuffix(filepath.Base(path), ".py")
	type chunk struct {
		line  int
		lines []string
	}
	var chunks []chunk
	cur := chunk{line: 1}
	for i, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == ChunkSeparator {
			chunks = append(chunks, cur)
			cur = chunk{line: i + 2}
			continue
		}
		cur.lines = append(cur.lines, line)
	}
	chunks = append(chunks, cur)
	cases := make([]Case, 0, len(chunks))
	for i, c := range chunks {
		// Drop leading blank lines but keep line numbers true to the file.
		line := c.line
		for len(c.lines) > 0 && strings.TrimSpace(c.lines[0]) == "" {
			c.lines = c.lines[1:]
			line++
		}
		src := strings.TrimRight(strings.Join(c.lines, "\n"), "\n") + "\n"
		name := kind + "/" + base
		if len(chunks) > 1 {
			name = fmt.Sprintf("%s#%d", name, i+1)
		}
		cases = append(cases, Case{Name: name, File: path, Line: line, Source: src, Marker: ParseMarker(src)})
	}
	return cases
}

// Load reads every *.py file of dir, in name order, as cases of kind.
func Load(dir, kind string) ([]Case, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.py"))
	if err != nil {
		return nil, fmt.Errorf("listing corpus %s: %w", dir, err)
	}
	sort.Strings(paths)
	var cases []Case
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("reading corpus file: %w", err)
		}
		cases = append(cases, SplitFile(kind, p, string(b))...)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("corpus %s has no *.py cases", dir)
	}
	return cases, nil
}

// Outcome is how one run of a case ended, on either interpreter.
type Outcome struct {
	Stdout string `json:"stdout"`
	// ExcType and ExcMsg are the escaping exception's class name and str();
	// both empty when the case completed.
	ExcType string `json:"exc_type"`
	ExcMsg  string `json:"exc_msg"`
	// ResultRepr is repr() of a snippet's result (snippet mode only).
	ResultRepr string `json:"result_repr"`
}

// Raised reports whether the run ended with an exception.
func (o Outcome) Raised() bool { return o.ExcType != "" }

// Exception renders the exception as the last line of a traceback would.
func (o Outcome) Exception() string {
	if o.ExcMsg == "" {
		return o.ExcType
	}
	return o.ExcType + ": " + o.ExcMsg
}

// CheckMarker reports how o disagrees with the marker of a conformance
// case ("" if it agrees): a "# raises:" case must raise exactly that type
// and message, any other case must not raise.
func CheckMarker(m Marker, o Outcome) string {
	switch {
	case m.Raises && !o.Raised():
		return fmt.Sprintf("want %s, but the case completed", m)
	case m.Raises && (o.ExcType != m.Type || o.ExcMsg != m.Message):
		return fmt.Sprintf("want %s, got %s", m, o.Exception())
	case !m.Raises && o.Raised():
		return fmt.Sprintf("want no exception, got %s", o.Exception())
	}
	return ""
}

// Compare describes how got differs from the oracle's want ("" if they
// agree). Snippet results are compared only when snippet is true.
func Compare(want, got Outcome, snippet bool) string {
	var diffs []string
	if want.Exception() != got.Exception() {
		diffs = append(diffs, fmt.Sprintf("exception: CPython %q, ours %q", want.Exception(), got.Exception()))
	}
	if snippet && !want.Raised() && want.ResultRepr != got.ResultRepr {
		diffs = append(diffs, fmt.Sprintf("result: CPython %s, ours %s", want.ResultRepr, got.ResultRepr))
	}
	if want.Stdout != got.Stdout {
		diffs = append(diffs, "stdout differs:\n"+lineDiff(want.Stdout, got.Stdout))
	}
	return strings.Join(diffs, "\n")
}

// lineDiff shows the first differing line of two outputs with context.
func lineDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g || i >= len(wl) || i >= len(gl) {
			return fmt.Sprintf("  first difference at output line %d\n  CPython: %q\n  ours:    %q\n  (CPython printed %d bytes, ours %d)", i+1, w, g, len(want), len(got))
		}
	}
	return "  (identical lines; trailing difference)"
}

type driverCase struct {
	Name    string `json:"name"`
	Source  string `json:"source"`
	Snippet bool   `json:"snippet"`
}

type driverRequest struct {
	Prelude string       `json:"prelude"`
	Cases   []driverCase `json:"cases"`
}

type driverResult struct {
	Name string `json:"name"`
	Outcome
}

// Oracle runs cases under CPython with the driver script of the corpus.
type Oracle struct {
	// Python is the interpreter binary, e.g. "python3".
	Python string
	// Driver and Prelude are the paths of oracle/driver.py and the host
	// stubs (oracle/prelude.py) the snippet cases see.
	Driver  string
	Prelude string
}

// Run executes all cases in ONE CPython process and returns their outcomes
// by case name. snippet reports whether a case runs in snippet mode.
func (o Oracle) Run(ctx context.Context, cases []Case, snippet func(Case) bool) (map[string]Outcome, error) {
	prelude, err := os.ReadFile(o.Prelude)
	if err != nil {
		return nil, fmt.Errorf("reading oracle prelude: %w", err)
	}
	req := driverRequest{Prelude: string(prelude)}
	for _, c := range cases {
		req.Cases = append(req.Cases, driverCase{Name: c.Name, Source: c.Source, Snippet: snippet(c)})
	}
	in, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("encoding oracle request: %w", err)
	}
	cmd := exec.CommandContext(ctx, o.Python, o.Driver)
	// A fixed hash seed makes oracle runs reproducible; verify.py checks
	// that no case depends on the seed.
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=0", "PYTHONDONTWRITEBYTECODE=1", "PYTHONIOENCODING=utf-8")
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("running CPython oracle %s %s: %w\nstderr:\n%s", o.Python, o.Driver, err, stderr.String())
	}
	var results []driverResult
	if err := json.Unmarshal(stdout.Bytes(), &results); err != nil {
		return nil, fmt.Errorf("decoding CPython oracle output: %w\nstderr:\n%s", err, stderr.String())
	}
	if len(results) != len(cases) {
		return nil, fmt.Errorf("CPython oracle returned %d results for %d cases", len(results), len(cases))
	}
	out := make(map[string]Outcome, len(results))
	for _, r := range results {
		out[r.Name] = r.Outcome
	}
	return out, nil
}

// XFail is an expected-failure list: case name to a short reason.
type XFail map[string]string

// ReadXFail reads an expected-failure file: one case name per line,
// optionally followed by whitespace and a reason; "#" starts a comment
// line. A missing file is an empty list.
func ReadXFail(path string) (XFail, error) {
	x := XFail{}
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return x, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading expected failures: %w", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, _ := strings.Cut(line, " ")
		if _, dup := x[name]; dup {
			return nil, fmt.Errorf("%s:%d: case %s listed twice", path, n, name)
		}
		x[name] = strings.TrimSpace(reason)
	}
	return x, sc.Err()
}

// WriteXFail writes x sorted by name under a comment header.
func WriteXFail(path, header string, x XFail) error {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(header), "\n") {
		b.WriteString("# " + l + "\n")
	}
	names := make([]string, 0, len(x))
	for n := range x {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		b.WriteString(n)
		if r := oneLine(x[n]); r != "" {
			b.WriteString("  " + r)
		}
		b.WriteString("\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("writing expected failures: %w", err)
	}
	return nil
}

// oneLine squeezes a failure description into a short single-line reason.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	const maxLen = 240
	if r := []rune(s); len(r) > maxLen {
		s = string(r[:maxLen-3]) + "..."
	}
	return s
}
