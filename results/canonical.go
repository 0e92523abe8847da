package results

import (
	"errors"
	"fmt"

	"github.com/toolplane/toolplane/python/jsonlike"
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

// Canonical encodes a JSON-like Go value (package jsonlike: nil, bool,
// integers, *big.Int, float64, string, []any, jsonlike.Object,
// map[string]any, json.Number, json.RawMessage) as jsonlike.Marshal writes
// it: a dict keeps its insertion order (a map's keys are sorted), a float
// keeps its fraction (2.0), NaN and the infinities are the strings "NaN",
// "Infinity" and "-Infinity", no insignificant whitespace, no HTML
// escaping. The same value always gives the same bytes, so a saved result
// reads back exactly as it was at save time.
func Canonical(v any) ([]byte, error) {
	b, err := jsonlike.Marshal(v)
	var ue *jsonlike.UnsupportedError
	if errors.As(err, &ue) {
		return nil, &NotSerializableError{Path: ue.Path, Reason: ue.Reason}
	}
	return b, err
}

// Decode parses canonical JSON back into a JSON-like Go value (see
// jsonlike.Decode): objects are jsonlike.Object in document order, integers
// int64 (or *big.Int beyond 64 bits), other numbers float64.
func Decode(data []byte) (any, error) { return jsonlike.Decode(data) }
