package jsonlike

import (
	"fmt"
	"math/big"
	"slices"
)

// Object is a JSON object whose members keep their order: the Go form of a
// Python dict. Keys are unique when the object came from a dict or from
// Decode.
type Object []Member

// Member is one key and value of an Object.
type Member struct {
	Key   string
	Value any
}

// Get returns the value of key (the last member of that key).
func (o Object) Get(key string) (any, bool) {
	for i := len(o) - 1; i >= 0; i-- {
		if o[i].Key == key {
			return o[i].Value, true
		}
	}
	return nil, false
}

// Keys returns the keys in order.
func (o Object) Keys() []string {
	out := make([]string, len(o))
	for i, m := range o {
		out[i] = m.Key
	}
	return out
}

// MarshalJSON implements json.Marshaler with Marshal's rules, so an Object
// inside a value that encoding/json writes keeps its order and its floats.
func (o Object) MarshalJSON() ([]byte, error) { return Marshal(o) }

// FromMap returns m as an Object with its keys sorted (a map keeps no
// order; sorting makes the result deterministic). Nested values are kept.
func FromMap(m map[string]any) Object {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make(Object, len(keys))
	for i, k := range keys {
		out[i] = Member{k, m[k]}
	}
	return out
}

// Plain returns v with every Object, at any depth, made a map[string]any
// (the last member of a key wins, as in a JSON parser), for code that
// needs maps: a JSON Schema validator, encoding/json decoding into a
// struct. Order is lost; use it only where order does not matter. It
// recurses at most MaxDepth levels; deeper values are returned as they
// are.
func Plain(v any) any { return plain(v, 0) }

func plain(v any, depth int) any {
	if depth > MaxDepth {
		return v
	}
	switch x := v.(type) {
	case Object:
		out := make(map[string]any, len(x))
		for _, m := range x {
			out[m.Key] = plain(m.Value, depth+1)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = plain(e, depth+1)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plain(e, depth+1)
		}
		return out
	}
	return v
}

// TypeName names the Python type a JSON-like value stands for: "dict" for
// an Object or map, "list", "str", "int", "float", "bool", "NoneType".
func TypeName(v any) string {
	switch v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, *big.Int:
		return "int"
	case float32, float64:
		return "float"
	case string:
		return "str"
	case []any:
		return "list"
	case Object, map[string]any:
		return "dict"
	}
	return fmt.Sprintf("%T", v)
}
