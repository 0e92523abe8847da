package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/python/jsonlike"
)

// A server's catalog is data from a third party that ends up in agents'
// context (search, schemas), in terminals (`toolplane mcp list`) and in
// snippet namespaces. vetTool admits a tool only when its name is one an
// agent can read and type unambiguously and its schemas are JSON objects of
// bounded size and depth, and it cleans the description.

// validToolName is the tool name MCP recommends and toolplane accepts from
// an upstream: ASCII letters, digits, '_', '-' and '.', 1 to 128 of them.
// It leaves out path separators, ':' (the id separator), spaces, control
// characters and escapes, and look-alike letters of other scripts.
// It is compiled on first use: package initialisation runs in every toolplane process.
var validToolName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_.-]+$`) })

// isValidToolName reports whether s is a valid tool name. The length is
// checked apart: a counted repetition ({1,128}) would be compiled as 128
// copies of the class at every process start.
func isValidToolName(s string) bool {
	return len(s) <= 128 && validToolName().MatchString(s)
}

// errDisabled marks a tool the config disables: left out, not a problem.
var errDisabled = errors.New("disabled")

// vetTool returns a copy of t fit to keep, with its description cleaned and
// cut and its schemas as compact JSON, and the bytes it retains; or why it
// is left out.
func (s *server) vetTool(t *mcp.Tool) (*mcp.Tool, int, error) {
	o := s.spec.Tools[t.Name]
	if o.Disabled {
		return nil, 0, errDisabled
	}
	// The catalog reaches every client admitted to the server (search,
	// schemas, tools/list), the terminal and the catalog cache: the
	// server's secrets are hidden in it as in its answers, before any
	// text is cut. A name holding one is not shown at all: it would be a
	// capability id, in audit lines and metrics.
	hide := func(v string) string { return v }
	if h := s.redact.secrets(); h != nil {
		hide = h.Replace
	}
	if hidden := hide(t.Name); hidden != t.Name {
		return nil, 0, fmt.Errorf("mcp server %q: tool %s is left out: its name holds one of the server's secrets", s.spec.Name, quoteName(hidden))
	}
	if !isValidToolName(t.Name) && o.Alias == "" {
		return nil, 0, fmt.Errorf("mcp server %q: tool %s is left out: a tool name must be 1 to 128 ASCII letters, digits, '_', '-' or '.'; to use it anyway, give it an alias in [mcp.servers.%s.tools.%s]",
			s.spec.Name, quoteName(t.Name), s.spec.Name, tomlKey(t.Name))
	}
	where := fmt.Sprintf("mcp server %q: tool %s", s.spec.Name, quoteName(t.Name))
	in, err := vetSchema(t.InputSchema, true, s.redact.secrets())
	if err != nil {
		return nil, 0, fmt.Errorf("%s is left out: input schema: %w", where, err)
	}
	out, err := vetSchema(t.OutputSchema, false, s.redact.secrets())
	if err != nil {
		return nil, 0, fmt.Errorf("%s is left out: output schema: %w", where, err)
	}
	v := &mcp.Tool{
		Name:         t.Name,
		Title:        truncate(SanitizeText(hide(t.Title)), 256),
		Description:  truncate(SanitizeText(hide(t.Description)), maxDescriptionBytes),
		InputSchema:  in,
		OutputSchema: out,
		Annotations:  cleanAnnotations(t.Annotations, hide),
	}
	if in == nil {
		v.InputSchema = nil // an untyped nil, as the SDK leaves a missing schema
	}
	if out == nil {
		v.OutputSchema = nil
	}
	return v, toolBytes(v), nil
}

// toolBytes is what a vetted tool retains: its text and its schemas
// (compact JSON).
func toolBytes(v *mcp.Tool) int {
	n := len(v.Name) + len(v.Title) + len(v.Description)
	for _, sch := range []any{v.InputSchema, v.OutputSchema} {
		if raw, ok := sch.(json.RawMessage); ok {
			n += len(raw)
		}
	}
	return n
}

// cleanAnnotations copies a tool's annotations with their title cleaned
// as the tool's own title is.
func cleanAnnotations(a *mcp.ToolAnnotations, hide func(string) string) *mcp.ToolAnnotations {
	if a == nil {
		return nil
	}
	c := *a
	c.Title = truncate(SanitizeText(hide(c.Title)), 256)
	return &c
}

// vetSchema checks a tool schema and returns it as compact JSON: a JSON
// object, for an input schema one of type "object" as MCP requires, within
// maxSchemaBytes and maxSchemaDepth, with the server's secrets (hide, nil
// when it has none) hidden in its strings. A missing schema is nil.
func vetSchema(schema any, input bool, hide *hider) (json.RawMessage, error) {
	if schema == nil {
		return nil, nil
	}
	raw, err := schemaJSON(schema)
	if err != nil {
		return nil, err
	}
	if len(raw) > 2*maxSchemaBytes {
		return nil, fmt.Errorf("%s of JSON; the limit is %s", byteSize(len(raw)), byteSize(maxSchemaBytes))
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	raw = b.Bytes()
	switch {
	case bytes.Equal(raw, []byte("null")):
		return nil, nil
	case len(raw) > maxSchemaBytes:
		return nil, fmt.Errorf("%s of JSON; the limit is %s", byteSize(len(raw)), byteSize(maxSchemaBytes))
	case raw[0] != '{':
		return nil, fmt.Errorf("not a JSON object")
	}
	if d := scanMessage(raw).depth; d > maxSchemaDepth {
		return nil, fmt.Errorf("nested %d levels deep; the limit is %d", d, maxSchemaDepth)
	}
	if raw, err = cleanSchemaText(raw); err != nil {
		return nil, err
	}
	if raw, err = hideSchemaSecrets(raw, hide); err != nil {
		return nil, err
	}
	if input {
		var typ struct {
			Type any `json:"type"`
		}
		if err := json.Unmarshal(raw, &typ); err != nil || typ.Type != "object" {
			return nil, fmt.Errorf(`its type is %v, not "object" as MCP requires`, typ.Type)
		}
	}
	return raw, nil
}

// hideSchemaSecrets replaces the server's secrets in the strings (keys
// and values) of a compact JSON schema. A schema that holds none written
// out and no escape (by which one could be spelled) is returned as it is.
func hideSchemaSecrets(raw json.RawMessage, hide *hider) (json.RawMessage, error) {
	if hide == nil || (!bytes.Contains(raw, []byte(`\`)) && hide.Replace(string(raw)) == string(raw)) {
		return raw, nil
	}
	v, err := jsonlike.Decode(raw)
	if err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	return jsonlike.Marshal(hideValue(hide, v))
}

// quoteName quotes a name from a server for a message: Go-quoted, so
// control characters and escapes show as such, and cut.
func quoteName(name string) string {
	return fmt.Sprintf("%+q", truncate(name, 80))
}

var bareKey = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_-]+$`) })

// tomlKey renders name as a TOML key: bare when it can be, else a basic
// string with every character outside printable ASCII escaped, so the hint
// is safe to print and to paste.
func tomlKey(name string) string {
	if bareKey().MatchString(name) {
		return name
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range truncate(name, 80) {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r <= 0xffff:
			fmt.Fprintf(&b, "\\u%04X", r)
		default:
			fmt.Fprintf(&b, "\\U%08X", r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// SanitizeText makes text from an upstream server safe to show to agents
// and terminals: invalid UTF-8 becomes U+FFFD; ANSI escape sequences,
// control characters other than tab and newline, and the invisible
// characters that reorder or hide text (bidirectional overrides,
// zero-width characters) are removed.
func SanitizeText(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || unsafeRune(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x1b:
			i += escapeLen(s[i:])
			continue
		case r == utf8.RuneError && size <= 1:
			b.WriteRune(utf8.RuneError)
		case unsafeRune(r):
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// unsafeRune reports the characters SanitizeText removes.
func unsafeRune(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
		return true
	case unicode.Is(unicode.Cf, r):
		// Format characters draw nothing: bidirectional controls,
		// zero-width characters, the soft hyphen, and the tag characters
		// U+E0020-E007F, which spell ASCII text no reader sees but a
		// model reads ("ASCII smuggling" of instructions in a tool's
		// description).
		return true
	case r >= 0xfe00 && r <= 0xfe0f, r >= 0xe0100 && r <= 0xe01ef:
		// Variation selectors: invisible after any character, and a run
		// of them encodes arbitrary bytes the same way.
		return true
	case r == 0x115f || r == 0x1160 || r == 0x3164 || r == 0xffa0, r == 0x034f:
		// Hangul fillers and the combining grapheme joiner: blank
		// letters that make invisible words.
		return true
	}
	return false
}

// cleanSchemaText cleans the text of a tool schema the way descriptions
// are cleaned: a schema reaches agents (get_capability_schemas, direct
// tools) and terminals too, and its descriptions and titles can hide text
// as a tool's description can. Those are cleaned (SanitizeText); any other
// string (a property name, an enum value, a default) is what calls send,
// so one holding such characters leaves the tool out instead of being
// changed. A clean schema is returned as it came.
func cleanSchemaText(raw json.RawMessage) (json.RawMessage, error) {
	if !hasUnsafeText(raw) {
		return raw, nil
	}
	v, err := jsonlike.Decode(raw)
	if err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	bad := ""
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch x := v.(type) {
		case jsonlike.Object:
			for i := range x {
				m := &x[i]
				at := path + "/" + m.Key
				if s, ok := m.Value.(string); ok && (m.Key == "description" || m.Key == "title") {
					m.Value = SanitizeText(s)
				} else {
					walk(m.Value, at)
				}
				if bad == "" && SanitizeText(m.Key) != m.Key {
					bad = at
				}
			}
		case []any:
			for i, e := range x {
				walk(e, path+"/"+strconv.Itoa(i))
			}
		case string:
			if bad == "" && SanitizeText(x) != x {
				bad = path
			}
		}
	}
	walk(v, "")
	if bad != "" {
		return nil, fmt.Errorf("the string at %s holds control, escape or invisible characters, which would hide text from whoever reads it", quoteName(bad))
	}
	out, err := jsonlike.Marshal(v)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// hasUnsafeText reports whether any string of a compact JSON document
// holds a character SanitizeText removes, written raw or as a \u escape.
func hasUnsafeText(raw []byte) bool {
	if bytes.Contains(raw, []byte(`\u`)) {
		// Escapes are rare in schemas: decode to see what they are.
		var v any
		if json.Unmarshal(raw, &v) != nil {
			return true
		}
		var unsafe func(v any) bool
		unsafe = func(v any) bool {
			switch x := v.(type) {
			case map[string]any:
				for k, e := range x {
					if SanitizeText(k) != k || unsafe(e) {
						return true
					}
				}
			case []any:
				for _, e := range x {
					if unsafe(e) {
						return true
					}
				}
			case string:
				return SanitizeText(x) != x
			}
			return false
		}
		return unsafe(v)
	}
	for _, r := range string(raw) {
		if r == utf8.RuneError || (r >= 0x80 && unsafeRune(r)) {
			return true
		}
	}
	return false
}

// escapeLen is the length of the ANSI escape sequence at the start of s
// (which starts with ESC): CSI (ESC [ ... final byte), OSC (ESC ] ... BEL
// or ESC \), or ESC and one more byte.
func escapeLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		for i := 2; i < len(s); i++ {
			if s[i] >= 0x40 && s[i] <= 0x7e {
				return i + 1
			}
		}
		return len(s)
	case ']':
		for i := 2; i < len(s); i++ {
			if s[i] == 0x07 {
				return i + 1
			}
			if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
		}
		return len(s)
	}
	return 2
}
