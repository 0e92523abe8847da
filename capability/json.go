package capability

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/toolplane/toolplane/python/jsonlike"
)

// DecodeJSON decodes a JSON document into JSON-like Go values, keeping
// integers integers: 3 becomes int64(3) and 3.5 float64(3.5), so a snippet
// sees 3, not 3.0. Integers beyond int64 become float64.
func DecodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("decoding JSON: %w", err)
	}
	return Normalize(v), nil
}

// Normalize converts a decoded JSON value in place of its numbers:
// json.Number becomes int64 when written as an integer (float64
// otherwise), and a float64 with an integral value within ±2^53 becomes
// int64, since JSON decoders that produce float64 have lost whether the
// text was "3" or "3.0" and counts are far more common than whole floats.
func Normalize(v any) any {
	switch x := v.(type) {
	case json.Number:
		s := x.String()
		if !strings.ContainsAny(s, ".eE") {
			if n, err := strconv.ParseInt(s, 10, 64); err == nil {
				return n
			}
		}
		f, _ := x.Float64()
		return f
	case float64:
		if x == math.Trunc(x) && math.Abs(x) <= 1<<53 {
			return int64(x)
		}
		return x
	case int:
		return int64(x)
	case map[string]any:
		for k, e := range x {
			x[k] = Normalize(e)
		}
		return x
	case jsonlike.Object:
		for i := range x {
			x[i].Value = Normalize(x[i].Value)
		}
		return x
	case []any:
		for i, e := range x {
			x[i] = Normalize(e)
		}
		return x
	}
	return v
}
