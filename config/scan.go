package config

import (
	"bytes"
	"slices"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// exprKind is the kind of one top-level TOML expression.
type exprKind int

const (
	exprTable exprKind = iota
	exprArrayTable
	exprKeyValue
)

// expr is one top-level expression of a document with its byte spans. The
// decoder gives positions only for the first error; this scan gives the
// position of every key, so checks that run after decoding (and the editor)
// can point at, or rewrite, the exact bytes.
type expr struct {
	kind exprKind
	// path is the full key path: the header for tables, header plus dotted
	// key for key-values.
	path []string
	// start and end delimit the expression itself: "[a.b]" or "k = v".
	start, end int
	// valStart is where a key-value's value begins.
	valStart int
	// lineStart is the start of the expression's first line; lineEnd is past
	// the newline that ends its last line (trailing comment included).
	lineStart, lineEnd int
}

// pos is a 1-based line and column.
type pos struct{ line, col int }

// document is a scanned TOML file: its expressions in order plus the
// position of every key, including keys inside inline tables.
type document struct {
	data  []byte
	exprs []expr
	// keys maps a joined path to the offset of its first definition.
	keys map[string]int
	// values maps a joined key-value path to the span of its value.
	values []valueSpan
	// deep is the first key whose path has more than maxKeyDepth parts
	// (nil when none); scanning stopped there.
	deep *deepKey
	// lineStarts is built by lines.
	lineStarts []int
}

// maxKeyDepth bounds how many parts a key path may have, counting its
// table header, dotted parts and the inline tables around it. toolplane's
// own keys have at most five ([mcp.servers.NAME.headers] KEY); a plugin's
// section a few more. Without a bound, a hostile file of 60 KB (inline
// tables 9000 deep) or one dotted key of 200 000 parts made the scan
// record every prefix of every path: quadratic memory, gigabytes.
const maxKeyDepth = 32

// deepKey is where a key path went past maxKeyDepth.
type deepKey struct {
	offset int
	path   []string // its first maxKeyDepth+1 parts
}

// valueSpan is the byte span of one value, for finding which key an error
// position belongs to.
type valueSpan struct {
	path       []string
	start, end int
	kind       unstable.Kind
}

// joinPath is the internal map key of a path; NUL cannot occur in TOML keys
// unescaped, so it cannot make two paths collide in practice.
func joinPath(path []string) string { return strings.Join(path, "\x00") }

// scanDocument scans data. It stops quietly at a syntax error: the decoder
// reports that error with its position, and what was scanned before it
// still serves to position other problems.
func scanDocument(data []byte) *document {
	d := &document{data: data, keys: map[string]int{}}
	var p unstable.Parser
	p.Reset(data)
	var table []string
	for d.deep == nil && p.NextExpression() {
		n := p.Expression()
		switch n.Kind {
		case unstable.Table, unstable.ArrayTable:
			parts, first, last := keyParts(n.Key())
			if d.tooDeep(parts, first) {
				return d
			}
			table = parts
			e := expr{kind: exprTable, path: parts}
			if n.Kind == unstable.ArrayTable {
				e.kind = exprArrayTable
			}
			e.start = bytes.LastIndexByte(data[:first.Offset], '[')
			if n.Kind == unstable.ArrayTable && e.start > 0 && data[e.start-1] == '[' {
				e.start--
			}
			closeAt := int(last.Offset + last.Length)
			if i := bytes.IndexByte(data[closeAt:], ']'); i >= 0 {
				closeAt += i + 1
				if n.Kind == unstable.ArrayTable {
					closeAt++
				}
			}
			e.end = closeAt
			d.finish(&e)
			d.define(parts, n.Key())
		case unstable.KeyValue:
			parts, first, _ := keyParts(n.Key())
			full := append(append([]string(nil), table...), parts...)
			if d.tooDeep(full, first) {
				return d
			}
			e := expr{kind: exprKeyValue, path: full}
			e.start = int(first.Offset)
			e.end = int(n.Raw.Offset + n.Raw.Length)
			e.valStart = valueStart(data, n)
			d.finish(&e)
			d.define(full, n.Key())
			d.values = append(d.values, valueSpan{full, e.valStart, e.end, n.Value().Kind})
			d.inline(full, n.Value())
		}
	}
	return d
}

// tooDeep records path, which starts at first, when it has more than
// maxKeyDepth parts, and reports whether it does (or one before it did).
func (d *document) tooDeep(path []string, first unstable.Range) bool {
	if d.deep == nil && len(path) > maxKeyDepth {
		d.deep = &deepKey{offset: int(first.Offset), path: slices.Clone(path[:maxKeyDepth+1])}
	}
	return d.deep != nil
}

// keyParts returns a key's parts and the ranges of its first and last part.
func keyParts(it unstable.Iterator) (parts []string, first, last unstable.Range) {
	parts, ranges := keyPartRanges(it)
	return parts, ranges[0], ranges[len(ranges)-1]
}

// keyPartRanges returns a key's parts and the range of each.
func keyPartRanges(it unstable.Iterator) (parts []string, ranges []unstable.Range) {
	for it.Next() {
		k := it.Node()
		parts = append(parts, string(k.Data))
		ranges = append(ranges, k.Raw)
	}
	return parts, ranges
}

// valueStart finds the first byte of a key-value's value: past the '=' that
// follows the key.
func valueStart(data []byte, kv *unstable.Node) int {
	_, _, last := keyParts(kv.Key())
	i := int(last.Offset + last.Length)
	i += bytes.IndexByte(data[i:], '=') + 1
	for i < len(data) && (data[i] == ' ' || data[i] == '\t') {
		i++
	}
	return i
}

// finish extends an expression to whole lines.
func (d *document) finish(e *expr) {
	e.lineStart = bytes.LastIndexByte(d.data[:e.start], '\n') + 1
	if i := bytes.IndexByte(d.data[e.end:], '\n'); i >= 0 {
		e.lineEnd = e.end + i + 1
	} else {
		e.lineEnd = len(d.data)
	}
	d.exprs = append(d.exprs, *e)
}

// define records every prefix of path (a dotted key also defines its
// parent tables), keeping the first definition. key holds the parts written
// in this expression, which end path; each prefix that ends inside them is
// placed at its own part ("audit" in [plugins.audit]), the others at the
// key's start.
func (d *document) define(path []string, key unstable.Iterator) int {
	_, ranges := keyPartRanges(key)
	base := len(path) - len(ranges)
	for i := 1; i <= len(path); i++ {
		off := int(ranges[max(0, i-1-base)].Offset)
		k := joinPath(path[:i])
		if _, seen := d.keys[k]; !seen {
			d.keys[k] = off
		}
	}
	return int(ranges[0].Offset)
}

// inline records the keys of an inline table value.
func (d *document) inline(prefix []string, v *unstable.Node) {
	if v.Kind != unstable.InlineTable {
		return
	}
	it := v.Children()
	for it.Next() {
		kv := it.Node()
		if kv.Kind != unstable.KeyValue {
			continue
		}
		parts, first, _ := keyParts(kv.Key())
		full := append(append([]string(nil), prefix...), parts...)
		if d.tooDeep(full, first) {
			return
		}
		d.define(full, kv.Key())
		end := int(kv.Raw.Offset + kv.Raw.Length)
		d.values = append(d.values, valueSpan{full, valueStart(d.data, kv), end, kv.Value().Kind})
		d.inline(full, kv.Value())
	}
}

// position converts a byte offset to a 1-based line and byte column, as the
// decoder counts them.
func (d *document) position(offset int) pos {
	if offset < 0 || offset > len(d.data) {
		return pos{}
	}
	starts := d.lines()
	// The line is the last one that starts at or before offset.
	i := sort.Search(len(starts), func(i int) bool { return starts[i] > offset })
	return pos{i, offset - starts[i-1] + 1}
}

// lines returns the offset of each line's first byte, built once: a file
// with many problems is positioned in linear time, not scanned from its
// start for each.
func (d *document) lines() []int {
	if d.lineStarts == nil {
		d.lineStarts = append(make([]int, 0, 64), 0)
		for i, c := range d.data {
			if c == '\n' {
				d.lineStarts = append(d.lineStarts, i+1)
			}
		}
	}
	return d.lineStarts
}

// offset converts a 1-based line and column back to a byte offset.
func (d *document) offset(p pos) int {
	starts := d.lines()
	if p.line < 1 || p.line > len(starts) {
		return -1
	}
	return starts[p.line-1] + p.col - 1
}

// keyPos is where path is first defined, or where its nearest defined
// ancestor is; the zero pos when none of it is in the file.
func (d *document) keyPos(path []string) pos {
	for i := len(path); i > 0; i-- {
		if off, ok := d.keys[joinPath(path[:i])]; ok {
			return d.position(off)
		}
	}
	return pos{}
}

// valuePos is where the value of path starts, else where path or its
// nearest ancestor is defined.
func (d *document) valuePos(path []string) pos {
	for _, v := range d.values {
		if equalPath(v.path, path) {
			return d.position(v.start)
		}
	}
	return d.keyPos(path)
}

// has reports whether path is written in the file.
func (d *document) has(path []string) bool {
	_, ok := d.keys[joinPath(path)]
	return ok
}

// valueAt returns the path of the key-value whose value contains p.
func (d *document) valueAt(p pos) []string {
	off := d.offset(p)
	var best []string
	// Inline tables nest: the innermost (longest) path wins.
	for _, v := range d.values {
		if off >= v.start && off < v.end && len(v.path) > len(best) {
			best = v.path
		}
	}
	return best
}

// keyAt returns the path of the key-value expression starting on line.
func (d *document) keyAt(line int) []string {
	for _, e := range d.exprs {
		if e.kind == exprKeyValue && d.position(e.start).line == line {
			return e.path
		}
	}
	return nil
}

// dotted renders a path as TOML would write it, quoting parts that are not
// bare keys.
func dotted(path []string) string {
	parts := make([]string, len(path))
	for i, p := range path {
		parts[i] = tomlKey(p)
	}
	return strings.Join(parts, ".")
}

// tomlKey quotes k unless it is a valid bare key.
func tomlKey(k string) string {
	if k == "" {
		return `""`
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return tomlString(k)
		}
	}
	return k
}
