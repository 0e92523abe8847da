package config

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// Limits on the size of a config file's contents, checked in one linear
// pass before anything else reads it (maxKeyDepth bounds its depth). A
// toolplane.toml is a few dozen tables; the decoder and the checks do work
// that grows faster than the file with each of these (200,000 keys in one
// [mcp.servers.NAME.env] table took over a minute in the decoder, a
// million-element allow list 3 s, 500 MB and a million errors), and a
// config may come from a cloned repository. A file over a limit fails at
// once, naming the file, the line and the key.
const (
	// MaxKeys bounds the keys and table headers of a file, inline
	// tables' keys included.
	MaxKeys = 5000
	// MaxArrayItems bounds the array elements of a file, all arrays
	// together.
	MaxArrayItems = 100_000
	// maxReportedErrors bounds the problems one load reports: each is
	// positioned by scanning the file, and a reader wants the first few.
	maxReportedErrors = 50
)

// shapeChecker walks a document's expressions counting what Limits bound.
type shapeChecker struct {
	name        string
	data        []byte
	keys, items int
}

// checkShape reports the first place where data passes a limit, or nil. A
// syntax error stops the walk quietly: the decoder reports it.
func checkShape(name string, data []byte) error {
	c := &shapeChecker{name: name, data: data}
	var p unstable.Parser
	p.Reset(data)
	table := 0
	for p.NextExpression() {
		n := p.Expression()
		switch n.Kind {
		case unstable.Table, unstable.ArrayTable:
			parts, err := c.key(n.Key(), 0)
			if err != nil {
				return err
			}
			table = parts
		case unstable.KeyValue:
			if err := c.keyValue(n, table); err != nil {
				return err
			}
		}
	}
	return nil
}

// key counts one key (a header's or a key-value's) under a path of depth
// parts and returns the depth of its full path.
func (c *shapeChecker) key(it unstable.Iterator, depth int) (int, error) {
	c.keys++
	var first *unstable.Node
	var parts []string
	for it.Next() {
		k := it.Node()
		if first == nil {
			first = k
		}
		depth++
		if len(parts) < 8 {
			parts = append(parts, string(k.Data))
		}
	}
	if c.keys > MaxKeys && first != nil {
		return 0, c.fail(first, strings.Join(parts, "."), fmt.Sprintf("the file has more than %d keys and tables; a toolplane config needs far fewer (is this the right file?)", MaxKeys))
	}
	return depth, nil
}

// keyValue counts a key-value and what its value holds.
func (c *shapeChecker) keyValue(kv *unstable.Node, depth int) error {
	d, err := c.key(kv.Key(), depth)
	if err != nil {
		return err
	}
	return c.value(kv.Value(), d, kv)
}

// value counts the elements and keys inside v, a value at path depth d.
// at is the key-value it belongs to, for the error.
func (c *shapeChecker) value(v *unstable.Node, d int, at *unstable.Node) error {
	switch v.Kind {
	case unstable.InlineTable:
		it := v.Children()
		for it.Next() {
			if kv := it.Node(); kv.Kind == unstable.KeyValue {
				if err := c.keyValue(kv, d); err != nil {
					return err
				}
			}
		}
	case unstable.Array:
		it := v.Children()
		for it.Next() {
			if c.items++; c.items > MaxArrayItems {
				return c.fail(at, c.keyText(at), fmt.Sprintf("the file's arrays hold more than %d elements together; a toolplane config needs far fewer (is this the right file?)", MaxArrayItems))
			}
			if err := c.value(it.Node(), d+1, at); err != nil {
				return err
			}
		}
	}
	return nil
}

// keyText is the dotted key of a key-value, its first parts only.
func (c *shapeChecker) keyText(kv *unstable.Node) string {
	var parts []string
	it := kv.Key()
	for it.Next() && len(parts) < 8 {
		parts = append(parts, string(it.Node().Data))
	}
	return strings.Join(parts, ".")
}

// fail is the positioned error at node n (its key).
func (c *shapeChecker) fail(n *unstable.Node, key, msg string) error {
	doc := &document{data: c.data}
	p := doc.position(int(n.Raw.Offset))
	key = truncateKey(key, 200)
	return Errors{&Error{File: c.name, Line: p.line, Col: p.col, Key: key, Msg: fmt.Sprintf("key %s: %s", key, msg)}}
}

// lineKey is the key written at the start of a line, as text (a syntax
// error leaves no parsed key to name): a table header's name or what
// precedes "=", cut to a readable length; nil when the line has none.
func (d *document) lineKey(line int) []string {
	start := d.offset(pos{line, 1})
	if start < 0 || start > len(d.data) {
		return nil
	}
	text := d.data[start:]
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	text = bytes.TrimSpace(text)
	var k []byte
	if h, ok := bytes.CutPrefix(text, []byte("[")); ok {
		k, _, _ = bytes.Cut(bytes.TrimPrefix(h, []byte("[")), []byte("]"))
	} else if before, _, ok := bytes.Cut(text, []byte("=")); ok {
		k = before
	}
	k = bytes.TrimSpace(k)
	if len(k) == 0 || bytes.ContainsAny(k, "\"'{[\x00") {
		return nil
	}
	if len(k) > 120 {
		k = append(k[:120:120], "..."...)
	}
	return []string{string(k)}
}
