package mcpgen

import (
	"fmt"
	"go/token"
	"regexp"
	"strings"
)

// markers is what a function's doc comment says about its tool.
type markers struct {
	isTool      bool
	name        string            // mcp:name=
	labels      map[string]string // mcp:labels=
	labelOrder  []string
	binds       map[string]string // param -> type expression
	imports     []string          // mcp:import=
	paramDocs   map[string]string // param: name — desc
	description string            // the doc text minus markers
}

// Error is a generation error with the source position it is about.
type Error struct {
	Pos token.Position
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.Filename == "" {
		return "mcpgen: " + e.Msg
	}
	return fmt.Sprintf("%s:%d: %s", e.Pos.Filename, e.Pos.Line, e.Msg)
}

var (
	markerRE   = regexp.MustCompile(`^mcp:([A-Za-z_]+)(?:=(.*))?$`)
	paramDocRE = regexp.MustCompile(`^param:\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:—|--|-|:)\s*(.*)$`)
	labelKeyRE = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9._/-]*[A-Za-z0-9])?$`)
)

// knownMarkers lists the marker keys, for the unknown-key error.
var knownMarkers = []string{"tool", "name", "labels", "bind", "import"}

// parseMarkers reads the lines of a doc comment. lineOf maps a line index
// to its position for errors.
func parseMarkers(lines []string, lineOf func(int) token.Position) (*markers, error) {
	m := &markers{labels: map[string]string{}, binds: map[string]string{}, paramDocs: map[string]string{}}
	var desc []string
	for i, raw := range lines {
		line := strings.TrimSpace(raw)
		if mm := markerRE.FindStringSubmatch(line); mm != nil {
			key, val := mm[1], strings.TrimSpace(mm[2])
			hasVal := strings.Contains(line, "=")
			bad := func(format string, args ...any) error {
				return &Error{Pos: lineOf(i), Msg: fmt.Sprintf(format, args...)}
			}
			switch key {
			case "tool":
				if hasVal {
					return nil, bad("malformed marker %q: mcp:tool takes no value", line)
				}
				m.isTool = true
			case "name":
				if val == "" || strings.ContainsAny(val, " \t/") {
					return nil, bad("malformed marker %q: want mcp:name=<name> or mcp:name=<pkg>.<name> (no spaces or slashes)", line)
				}
				m.name = val
			case "labels":
				if val == "" {
					return nil, bad("malformed marker %q: want mcp:labels=k=v,k2=v2", line)
				}
				for _, kv := range strings.Split(val, ",") {
					kv = strings.TrimSpace(kv)
					k, v, ok := strings.Cut(kv, "=")
					if !ok {
						v = "true" // a bare flag
					}
					k = strings.TrimSpace(k)
					if !labelKeyRE.MatchString(k) {
						return nil, bad("malformed label %q in %q: keys are letters, digits, '.', '_', '-', '/'", kv, line)
					}
					if _, dup := m.labels[k]; dup {
						return nil, bad("duplicate label %q in %q", k, line)
					}
					m.labels[k] = strings.TrimSpace(v)
					m.labelOrder = append(m.labelOrder, k)
				}
			case "bind":
				p, t, ok := strings.Cut(val, ":")
				p, t = strings.TrimSpace(p), strings.TrimSpace(t)
				if !ok || p == "" || t == "" {
					return nil, bad("malformed marker %q: want mcp:bind=<param>:<Type>", line)
				}
				m.binds[p] = t
			case "import":
				if val == "" || strings.ContainsAny(val, " \t\"") {
					return nil, bad("malformed marker %q: want mcp:import=<import/path>", line)
				}
				m.imports = append(m.imports, val)
			default:
				return nil, bad("unknown marker key %q in %q (known: mcp:%s)", key, line, strings.Join(knownMarkers, ", mcp:"))
			}
			continue
		}
		if pm := paramDocRE.FindStringSubmatch(line); pm != nil {
			m.paramDocs[pm[1]] = strings.TrimSpace(pm[2])
			continue
		}
		if strings.HasPrefix(line, "mcp:") {
			return nil, &Error{Pos: lineOf(i), Msg: fmt.Sprintf("malformed marker %q", line)}
		}
		desc = append(desc, line)
	}
	m.description = strings.TrimSpace(collapseBlankLines(desc))
	return m, nil
}

// collapseBlankLines joins the wrapped lines of a doc comment into
// paragraphs: lines of one paragraph are joined by spaces, paragraphs are
// separated by one blank line.
func collapseBlankLines(lines []string) string {
	var paras []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			paras = append(paras, strings.Join(cur, " "))
			cur = nil
		}
	}
	for _, l := range lines {
		if l == "" {
			flush()
			continue
		}
		cur = append(cur, l)
	}
	flush()
	return strings.Join(paras, "\n\n")
}

// snakeCase turns GreetUser into greet_user and HTTPGet into http_get.
func snakeCase(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		upper := r >= 'A' && r <= 'Z'
		if upper {
			if i > 0 {
				prevLower := rs[i-1] >= 'a' && rs[i-1] <= 'z' || rs[i-1] >= '0' && rs[i-1] <= '9'
				nextLower := i+1 < len(rs) && rs[i+1] >= 'a' && rs[i+1] <= 'z'
				if prevLower || (nextLower && rs[i-1] >= 'A' && rs[i-1] <= 'Z') {
					b.WriteByte('_')
				}
			}
			b.WriteRune(r + ('a' - 'A'))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
