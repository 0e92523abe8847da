package capability

import (
	"encoding/json"
	"fmt"
	"strings"
)

// ParseID splits a canonical id into its source, namespace and name:
// "mcp:linear/list_issues" is (SourceMCP, "linear", "list_issues") and
// "cli:git" is (SourceCLI, "", "git"). The namespace may itself contain
// slashes (a Go package path); the name is the part after the last slash.
func ParseID(id string) (src Source, namespace, name string, err error) {
	prefix, rest, ok := strings.Cut(id, ":")
	if !ok || rest == "" {
		return "", "", "", fmt.Errorf("capability id %q: want source:namespace/name (go:greeter/greet, mcp:server/tool) or cli:binary", id)
	}
	src = Source(prefix)
	switch src {
	case SourceGo, SourceMCP, SourcePlugin:
		i := strings.LastIndexByte(rest, '/')
		if i <= 0 || i == len(rest)-1 {
			return "", "", "", fmt.Errorf("capability id %q: a %s id needs a namespace and a name, like %s:pkg/name", id, src, src)
		}
		namespace, name = rest[:i], rest[i+1:]
	case SourceCLI:
		if strings.Contains(rest, "/") {
			return "", "", "", fmt.Errorf("capability id %q: a cli id is the binary's name without a path, like cli:git", id)
		}
		name = rest
	default:
		return "", "", "", fmt.Errorf("capability id %q: unknown source %q (want go, mcp, cli or plugin)", id, prefix)
	}
	if strings.ContainsAny(id, " \t\r\n") {
		return "", "", "", fmt.Errorf("capability id %q: ids contain no whitespace", id)
	}
	return src, namespace, name, nil
}

// Validate checks that c is complete and self-consistent: its ID is the one
// MakeID builds from Source, Namespace and Name, it has a handler, and its
// schemas are JSON objects.
func (c *Capability) Validate() error {
	if c.ID == "" {
		if c.Source == "" || c.Name == "" {
			return fmt.Errorf("capability %q: needs an ID or a Source and Name", c.Name)
		}
	}
	src, ns, name, err := ParseID(c.ID)
	if err != nil {
		return err
	}
	if c.Source != "" && c.Source != src {
		return fmt.Errorf("capability %s: Source is %q but the id says %q", c.ID, c.Source, src)
	}
	if c.Namespace != "" && c.Namespace != ns || c.Name != "" && c.Name != name {
		return fmt.Errorf("capability %s: Namespace/Name %q/%q disagree with the id", c.ID, c.Namespace, c.Name)
	}
	if c.Handler == nil {
		return fmt.Errorf("capability %s: has no handler", c.ID)
	}
	for _, s := range []struct {
		field string
		doc   json.RawMessage
	}{{"input schema", c.InputSchema}, {"output schema", c.OutputSchema}} {
		if len(s.doc) == 0 {
			continue
		}
		var obj map[string]any
		if err := json.Unmarshal(s.doc, &obj); err != nil {
			return fmt.Errorf("capability %s: %s is not a JSON object: %w", c.ID, s.field, err)
		}
	}
	return nil
}

// normalize fills Source, Namespace and Name from ID (or ID from them) so
// a capability built either way is complete.
func (c *Capability) normalize() error {
	if c.ID == "" && c.Source != "" && c.Name != "" {
		c.ID = MakeID(c.Source, c.Namespace, c.Name)
	}
	if err := c.Validate(); err != nil {
		return err
	}
	src, ns, name, _ := ParseID(c.ID)
	c.Source, c.Namespace, c.Name = src, ns, name
	return nil
}

// Identifier turns a name into a Python identifier by replacing every
// character that cannot appear in one with '_'. It reports false when the
// result is still not a usable identifier: empty, all underscores, starting
// with a digit, or a Python keyword.
func Identifier(name string) (string, bool) {
	var b strings.Builder
	for _, r := range name {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if strings.Trim(s, "_") == "" || s[0] >= '0' && s[0] <= '9' || isKeyword(s) {
		return s, false
	}
	return s, true
}
