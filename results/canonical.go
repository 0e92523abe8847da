package results

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// NotSerializableError reports a value that has no JSON form. Path locates
// the offending element from the saved value's root, written like a JSON
// path: "$", "$.items[3].when", `$["odd key"]`.
type NotSerializableError struct {
	Path   string
	Reason string
}

// Error implements error.
func (e *NotSerializableError) Error() string {
	return fmt.Sprintf("value is not JSON-serializable at %s: %s; convert it to a dict, list, str, int, float, bool or None first", e.Path, e.Reason)
}

// Canonical encodes a JSON-like Go value (nil, bool, int, int64, *big.Int,
// float64, string, []any, map[string]any, json.Number, json.RawMessage) as
// canonical JSON: object keys sorted, no insignificant whitespace, no HTML
// escaping, integers without exponent. The same value always gives the same
// bytes, so a saved result reads back exactly as it was at save time.
func Canonical(v any) ([]byte, error) {
	var buf bytes.Buffer
	if err := encode(&buf, v, "$", 0); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// maxDepth bounds nesting so a pathological value cannot exhaust the stack.
const maxDepth = 512

func encode(buf *bytes.Buffer, v any, path string, depth int) error {
	if depth > maxDepth {
		return &NotSerializableError{Path: path, Reason: fmt.Sprintf("nested deeper than %d levels", maxDepth)}
	}
	switch x := v.(type) {
	case nil:
		buf.WriteString("null")
	case bool:
		if x {
			buf.WriteString("true")
		} else {
			buf.WriteString("false")
		}
	case int:
		buf.WriteString(strconv.FormatInt(int64(x), 10))
	case int64:
		buf.WriteString(strconv.FormatInt(x, 10))
	case int32:
		buf.WriteString(strconv.FormatInt(int64(x), 10))
	case *big.Int:
		if x == nil {
			buf.WriteString("null")
			return nil
		}
		buf.WriteString(x.String())
	case float64:
		return encodeFloat(buf, x, path)
	case float32:
		return encodeFloat(buf, float64(x), path)
	case json.Number:
		if !json.Valid([]byte(x)) {
			return &NotSerializableError{Path: path, Reason: fmt.Sprintf("invalid number %q", string(x))}
		}
		buf.WriteString(string(x))
	case json.RawMessage:
		var decoded any
		if err := decodeJSON(x, &decoded); err != nil {
			return &NotSerializableError{Path: path, Reason: "invalid embedded JSON: " + err.Error()}
		}
		return encode(buf, decoded, path, depth)
	case string:
		encodeString(buf, x)
	case []any:
		buf.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := encode(buf, e, path+"["+strconv.Itoa(i)+"]", depth+1); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		buf.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			encodeString(buf, k)
			buf.WriteByte(':')
			if err := encode(buf, x[k], childPath(path, k), depth+1); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
	default:
		return &NotSerializableError{Path: path, Reason: fmt.Sprintf("unsupported type %s", describe(v))}
	}
	return nil
}

func encodeFloat(buf *bytes.Buffer, f float64, path string) error {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return &NotSerializableError{Path: path, Reason: fmt.Sprintf("float %v has no JSON form", f)}
	}
	// Integral floats keep a fractional part so they read back as floats.
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	buf.WriteString(s)
	return nil
}

func encodeString(buf *bytes.Buffer, s string) {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)           // strings always encode
	buf.Truncate(buf.Len() - 1) // drop the encoder's newline
}

// childPath appends an object key to a path: .name for identifiers,
// ["key"] otherwise.
func childPath(path, key string) string {
	if isIdentifier(key) {
		return path + "." + key
	}
	q, _ := json.Marshal(key)
	return path + "[" + string(q) + "]"
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case i > 0 && r >= '0' && r <= '9':
		default:
			return false
		}
	}
	return true
}

func describe(v any) string {
	// Values from the interpreter that have no JSON-like form may carry a
	// Python type name; prefer it when the value offers one.
	if t, ok := v.(interface{ PythonType() string }); ok {
		return t.PythonType()
	}
	return fmt.Sprintf("%T", v)
}

// Decode parses canonical JSON back into a JSON-like Go value: objects are
// map[string]any, arrays []any, integers int64 (or *big.Int beyond 64
// bits), other numbers float64.
func Decode(data []byte) (any, error) {
	var v any
	if err := decodeJSON(data, &v); err != nil {
		return nil, err
	}
	return convertNumbers(v), nil
}

func decodeJSON(data []byte, v *any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("trailing data after JSON value")
	}
	return nil
}

func convertNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		s := string(x)
		if !strings.ContainsAny(s, ".eE") {
			if i, err := strconv.ParseInt(s, 10, 64); err == nil {
				return i
			}
			if b, ok := new(big.Int).SetString(s, 10); ok {
				return b
			}
		}
		f, _ := strconv.ParseFloat(s, 64)
		return f
	case []any:
		for i := range x {
			x[i] = convertNumbers(x[i])
		}
		return x
	case map[string]any:
		for k, e := range x {
			x[k] = convertNumbers(e)
		}
		return x
	}
	return v
}
