package config

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Edit changes a TOML document in place, line by line, so that everything it
// does not touch (comments, blank lines, key order, formatting) stays byte
// for byte. The TOML library has no comment-preserving document model, so
// this works on the spans found by scanDocument: a value is replaced where
// it stands, a new key goes after the last key of its table, a removed key
// or table takes its whole lines with it.
type Edit struct {
	data []byte
	doc  *document
}

// NewEdit starts editing data.
func NewEdit(data []byte) *Edit {
	e := &Edit{data: append([]byte(nil), data...)}
	e.doc = scanDocument(e.data)
	return e
}

// Bytes is the edited document.
func (e *Edit) Bytes() []byte { return e.data }

// replace swaps data[start:end] for s and rescans; edits are few and files
// small, so rescanning keeps every span right without bookkeeping.
func (e *Edit) replace(start, end int, s string) {
	var b bytes.Buffer
	b.Write(e.data[:start])
	b.WriteString(s)
	b.Write(e.data[end:])
	e.data = b.Bytes()
	e.doc = scanDocument(e.data)
}

func (e *Edit) find(kind exprKind, path []string) (expr, bool) {
	for _, x := range e.doc.exprs {
		if x.kind == kind && equalPath(x.path, path) {
			return x, true
		}
	}
	return expr{}, false
}

func equalPath(a, b []string) bool { return len(a) == len(b) && isPrefix(a, b) }

// Set gives key in table the value v (a string, bool, int, []string or
// map[string]string), replacing the old value in place or adding the key
// after the table's last key. A missing table is appended at the end.
func (e *Edit) Set(table []string, key string, v any) error {
	val, err := tomlValue(v)
	if err != nil {
		return err
	}
	full := append(append([]string(nil), table...), key)
	if x, ok := e.find(exprKeyValue, full); ok {
		e.replace(x.valStart, x.end, val)
		return nil
	}
	if e.doc.has(full) {
		return fmt.Errorf("%s is written inside an inline table or a dotted key that this editor does not rewrite; change it by hand", dotted(full))
	}
	line := tomlKey(key) + " = " + val + "\n"
	if len(table) == 0 {
		// Root keys go before the first table header.
		at := len(e.data)
		for _, x := range e.doc.exprs {
			if x.kind != exprKeyValue {
				at = e.blockStart(x)
				break
			}
		}
		if at > 0 && e.data[at-1] != '\n' {
			line = "\n" + line
		}
		e.replace(at, at, line)
		return nil
	}
	hdr, ok := e.find(exprTable, table)
	if !ok {
		if e.doc.has(table) {
			return fmt.Errorf("[%s] is defined by dotted keys or an inline table that this editor does not rewrite; add %s by hand", dotted(table), key)
		}
		e.AppendTable(table, [][2]string{{key, val}})
		return nil
	}
	at, indent := hdr.lineEnd, ""
	for _, x := range e.bodyOf(hdr) {
		at = x.lineEnd
		indent = string(e.data[x.lineStart:x.start])
	}
	if at > 0 && e.data[at-1] != '\n' {
		line = "\n" + line
	}
	e.replace(at, at, indent+line)
	return nil
}

// bodyOf lists the key-values under a table header, up to the next header.
func (e *Edit) bodyOf(hdr expr) []expr {
	var body []expr
	in := false
	for _, x := range e.doc.exprs {
		switch {
		case x.start == hdr.start:
			in = true
		case x.kind != exprKeyValue:
			if in {
				return body
			}
		case in:
			body = append(body, x)
		}
	}
	return body
}

// Delete removes key from table, with its whole line(s). It reports whether
// the key was there.
func (e *Edit) Delete(table []string, key string) (bool, error) {
	full := append(append([]string(nil), table...), key)
	if x, ok := e.find(exprKeyValue, full); ok {
		e.replace(x.lineStart, x.lineEnd, "")
		return true, nil
	}
	if e.doc.has(full) {
		return false, fmt.Errorf("%s is written inside an inline table or a dotted key that this editor does not rewrite; remove it by hand", dotted(full))
	}
	return false, nil
}

// RemoveTable removes the table at path and every table nested under it
// ([mcp.servers.x] takes [mcp.servers.x.tools.y] along), each with the
// comment block directly above its header and the blank lines after it. It reports whether anything was
// removed.
func (e *Edit) RemoveTable(path []string) bool {
	removed := false
	for {
		var hdrs []expr
		for _, x := range e.doc.exprs {
			if x.kind != exprKeyValue {
				hdrs = append(hdrs, x)
			}
		}
		i := -1
		for j, h := range hdrs {
			if isPrefix(path, h.path) {
				i = j
				break
			}
		}
		if i < 0 {
			return removed
		}
		e.replace(e.blockStart(hdrs[i]), e.blockEnd(hdrs[i]), "")
		removed = true
	}
}

// blockEnd is where a header's block ends: after its last key-value and
// the blank lines that follow. Comments after the last key stay: they may
// speak of what comes next ("# The end.").
func (e *Edit) blockEnd(hdr expr) int {
	end := hdr.lineEnd
	for _, x := range e.bodyOf(hdr) {
		end = x.lineEnd
	}
	for end < len(e.data) {
		next := bytes.IndexByte(e.data[end:], '\n')
		if next < 0 || len(bytes.TrimSpace(e.data[end:end+next])) > 0 {
			if next < 0 && len(bytes.TrimSpace(e.data[end:])) == 0 {
				end = len(e.data)
			}
			break
		}
		end += next + 1
	}
	return end
}

// blockStart is where a header's block begins: the first of the comment
// lines directly above it (no blank line in between), else its own line.
func (e *Edit) blockStart(hdr expr) int {
	start := hdr.lineStart
	for start > 0 {
		prev := bytes.LastIndexByte(e.data[:start-1], '\n') + 1
		line := bytes.TrimSpace(e.data[prev : start-1])
		if len(line) == 0 || line[0] != '#' {
			break
		}
		start = prev
	}
	return start
}

// AppendTable adds a new [path] table with the given key/value pairs (values
// already rendered as TOML) at the end of the document, after a blank line.
func (e *Edit) AppendTable(path []string, kvs [][2]string) {
	var b strings.Builder
	if n := len(e.data); n > 0 {
		if e.data[n-1] != '\n' {
			b.WriteByte('\n')
		}
		if !bytes.HasSuffix(e.data, []byte("\n\n")) {
			b.WriteByte('\n')
		}
	}
	fmt.Fprintf(&b, "[%s]\n", dotted(path))
	for _, kv := range kvs {
		fmt.Fprintf(&b, "%s = %s\n", tomlKey(kv[0]), kv[1])
	}
	e.replace(len(e.data), len(e.data), b.String())
}

// TOMLValue renders v as a TOML value: string, bool, int, []string, or
// map[string]string (as an inline table with sorted keys).
func TOMLValue(v any) (string, error) { return tomlValue(v) }

func tomlValue(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return tomlString(v), nil
	case bool:
		return strconv.FormatBool(v), nil
	case int:
		return strconv.Itoa(v), nil
	case []string:
		parts := make([]string, len(v))
		for i, s := range v {
			parts[i] = tomlString(s)
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case map[string]string:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = tomlKey(k) + " = " + tomlString(v[k])
		}
		if len(parts) == 0 {
			return "{}", nil
		}
		return "{ " + strings.Join(parts, ", ") + " }", nil
	}
	return "", fmt.Errorf("config: cannot write a %T as TOML", v)
}

// tomlString renders s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// Update applies edit to the file at path and writes the result atomically,
// but only if the edited document still decodes and validates under l; the
// file is untouched otherwise. It returns the new configuration.
func (l *Loader) Update(path string, edit func(cfg *Config, e *Edit) error) (*Config, error) {
	data, err := l.read(path)
	if err != nil {
		return nil, err
	}
	cur, err := l.Parse(path, data)
	if err != nil {
		return nil, fmt.Errorf("%w\n(fix the file first; nothing was changed)", err)
	}
	cur.Path = path
	e := NewEdit(data)
	if err := edit(cur, e); err != nil {
		return nil, err
	}
	next, err := l.Parse(path, e.Bytes())
	if err != nil {
		return nil, fmt.Errorf("the change would make the config invalid, so nothing was written:\n%w", err)
	}
	next.Path = path
	if err := WriteFileAtomic(path, e.Bytes()); err != nil {
		return nil, err
	}
	if l.Gate != nil {
		if err := l.Gate.Wrote(path, e.Bytes()); err != nil {
			return nil, fmt.Errorf("%s was written, but: %w", path, err)
		}
	}
	return next, nil
}

// WriteFileAtomic replaces path with data so that a crash leaves either the
// old or the new file, never a mix: it writes a temporary file in the same
// directory, syncs it, and renames it over path. An existing file keeps its
// permissions; a new one is private (0600), since configs may hold tokens.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	mode := os.FileMode(0o600)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	tmpName := tmp.Name()
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmpName)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Chmod(mode); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmpName, path); err != nil {
		os.Remove(tmpName)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	// Make the rename itself durable; not every platform can sync a
	// directory, and the file is already complete either way.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
