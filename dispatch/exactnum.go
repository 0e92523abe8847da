package dispatch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strings"
)

// Integers are checked exactly. The schema validator (jsonschema-go)
// reads a schema's bounds as float64 and divides by multipleOf in float64,
// and sees an instance's *big.Int only as a float64: past 2^53 that loses
// precision (2^53+1 passes "maximum": 2^53 and "multipleOf": 2, fails
// "multipleOf": 3) and 10**400 becomes +Inf ("not an integer") or 0 (it
// passed "maximum": 5). So the numeric keywords of the schema nodes that
// apply to a value unconditionally (reached from the root through
// properties, additionalProperties, patternProperties, items, prefixItems,
// additionalItems and allOf, never through a reference or a conditional
// keyword) are checked here, in big.Rat arithmetic on the schema's own
// digits, and removed from the schema the validator is given. An integer
// past 2^53 that some other numeric keyword or numeric enum/const (behind
// anyOf, $ref, ...) could judge is refused: it cannot be judged exactly
// there. Other integers reach the validator as int64, which it compares
// exactly.

// numericKeywords are the keywords checked here.
var numericKeywords = []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}

// exactLimit is 2^53: integers up to it in magnitude are exact float64s.
var exactLimit = new(big.Int).Lsh(big.NewInt(1), 53)

// exactSchema is a schema prepared for exact integer checks.
type exactSchema struct {
	doc any // the schema as written, numbers as json.Number
	// lib is the schema for the validator: doc without the numeric
	// keywords checked here.
	lib json.RawMessage
	// residual is true when lib still has a numeric keyword or a numeric
	// enum/const: a big integer could meet it.
	residual bool
}

// prepareExact decodes raw and strips the numeric keywords of the nodes
// that apply unconditionally.
func prepareExact(raw json.RawMessage) (*exactSchema, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var doc any
	if err := d.Decode(&doc); err != nil {
		return nil, err
	}
	var lib any
	_ = json.Unmarshal(raw, &lib) // it decoded above
	if !refersInline(lib, 0) {
		stripUnconditional(lib, 0)
	}
	out, err := json.Marshal(lib)
	if err != nil {
		return nil, err
	}
	return &exactSchema{doc: doc, lib: out, residual: hasNumeric(lib, 0)}, nil
}

// maxSchemaWalk bounds the depth of the walks over a schema (vetted
// schemas are shallower; this only stops a pathological one).
const maxSchemaWalk = 64

// unconditional yields the subschemas of node that apply to the same
// value (allOf) or to its parts whenever node applies.
func unconditional(node map[string]any, f func(any)) {
	for _, k := range []string{"properties", "patternProperties"} {
		if m, ok := node[k].(map[string]any); ok {
			for _, s := range m {
				f(s)
			}
		}
	}
	for _, k := range []string{"additionalProperties", "items", "additionalItems"} {
		if s, ok := node[k].(map[string]any); ok {
			f(s)
		}
	}
	for _, k := range []string{"allOf", "prefixItems", "items"} {
		if arr, ok := node[k].([]any); ok {
			for _, s := range arr {
				f(s)
			}
		}
	}
}

func stripUnconditional(v any, depth int) {
	node, ok := v.(map[string]any)
	if !ok || depth > maxSchemaWalk {
		return
	}
	for _, k := range numericKeywords {
		delete(node, k)
	}
	unconditional(node, func(s any) { stripUnconditional(s, depth+1) })
}

// refersInline reports whether a $ref or $dynamicRef of the schema
// points anywhere but into $defs/definitions (or elsewhere than this
// document): a node reached so may also apply under a condition, so its
// keywords cannot be moved out of the validator's sight.
func refersInline(v any, depth int) bool {
	if depth > maxSchemaWalk {
		return true
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if r, ok := e.(string); ok && (k == "$ref" || k == "$dynamicRef") {
				if !strings.HasPrefix(r, "#/$defs/") && !strings.HasPrefix(r, "#/definitions/") {
					return true
				}
				continue
			}
			if refersInline(e, depth+1) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if refersInline(e, depth+1) {
				return true
			}
		}
	}
	return false
}

// hasNumeric reports whether any node of the schema has a numeric keyword
// or an enum/const holding a number.
func hasNumeric(v any, depth int) bool {
	if depth > maxSchemaWalk {
		return true
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			switch k {
			case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
				if _, isBool := e.(bool); !isBool {
					return true
				}
			case "enum", "const":
				if holdsNumber(e) {
					return true
				}
			case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
				if m, ok := e.(map[string]any); ok {
					for _, s := range m {
						if hasNumeric(s, depth+1) {
							return true
						}
					}
				}
			default:
				if hasNumeric(e, depth+1) {
					return true
				}
			}
		}
	case []any:
		for _, e := range x {
			if hasNumeric(e, depth+1) {
				return true
			}
		}
	}
	return false
}

func holdsNumber(v any) bool {
	switch x := v.(type) {
	case float64, json.Number:
		return true
	case []any:
		for _, e := range x {
			if holdsNumber(e) {
				return true
			}
		}
	case map[string]any:
		for _, e := range x {
			if holdsNumber(e) {
				return true
			}
		}
	}
	return false
}

// exactError is an integer that fails a numeric keyword, or cannot be
// judged exactly.
type exactError struct {
	steps []any
	msg   string
}

// checkExact checks the integers of inst against the numeric keywords of
// the nodes that apply to them unconditionally and returns inst as the
// validator takes it (integers as int64; an integer past 2^53 as ±2^53,
// whose judgement was made here).
func (x *exactSchema) checkExact(inst any) (any, *exactError) {
	var walk func(nodes []map[string]any, v any, steps []any, pure bool) (any, *exactError)
	walk = func(nodes []map[string]any, v any, steps []any, pure bool) (any, *exactError) {
		nodes = expandAllOf(nodes, 0)
		// pure: only the nodes walked here apply to v (no reference or
		// conditional keyword on the way could bring another).
		pure = pure && !hasEscape(nodes)
		switch val := v.(type) {
		case map[string]any:
			out := make(map[string]any, len(val))
			for k, e := range val {
				child, err := walk(propertyNodes(nodes, k), e, append(steps[:len(steps):len(steps)], k), pure)
				if err != nil {
					return nil, err
				}
				out[k] = child
			}
			return out, nil
		case []any:
			out := make([]any, len(val))
			for i, e := range val {
				child, err := walk(itemNodes(nodes, i), e, append(steps[:len(steps):len(steps)], i), pure)
				if err != nil {
					return nil, err
				}
				out[i] = child
			}
			return out, nil
		}
		n, ok := integerOf(v)
		if !ok {
			return v, nil
		}
		r := new(big.Rat).SetInt(n)
		for _, node := range nodes {
			if msg := numericFails(node, r); msg != "" {
				return nil, &exactError{steps: steps, msg: msg}
			}
		}
		if n.IsInt64() && new(big.Int).Abs(n).Cmp(exactLimit) <= 0 {
			return n.Int64(), nil
		}
		if !pure && x.residual {
			return nil, &exactError{steps: steps, msg: fmt.Sprintf("the integer %s is beyond 2^53 and the schema has numeric constraints this value cannot be checked against exactly (behind a reference or anyOf/oneOf/not/if); pass a smaller number, or a string if the tool takes one", shortDigits(n))}
		}
		// Judged here; the validator is handed a stand-in it judges
		// alike: an integer, or the enum/const value it equals.
		var stand any = exactLimit.Int64()
		if n.Sign() < 0 {
			stand = -exactLimit.Int64()
		}
		for _, node := range nodes {
			eq, msg := constFails(node, r)
			if msg != "" {
				return nil, &exactError{steps: steps, msg: msg}
			}
			if eq != nil {
				stand = eq
			}
		}
		return stand, nil
	}
	root, _ := x.doc.(map[string]any)
	var nodes []map[string]any
	if root != nil {
		nodes = []map[string]any{root}
	}
	return walk(nodes, inst, nil, true)
}

// escapeKeywords bring subschemas to a value other than through the
// keywords walked here.
var escapeKeywords = []string{"$ref", "$dynamicRef", "$recursiveRef", "anyOf", "oneOf", "not", "if", "then", "else",
	"dependentSchemas", "dependencies", "unevaluatedProperties", "unevaluatedItems", "contains"}

func hasEscape(nodes []map[string]any) bool {
	for _, n := range nodes {
		for _, k := range escapeKeywords {
			if _, ok := n[k]; ok {
				return true
			}
		}
	}
	return false
}

// expandAllOf adds the allOf subschemas of nodes, recursively.
func expandAllOf(nodes []map[string]any, depth int) []map[string]any {
	if depth > maxSchemaWalk {
		return nodes
	}
	var more []map[string]any
	for _, n := range nodes {
		if arr, ok := n["allOf"].([]any); ok {
			for _, s := range arr {
				if m, ok := s.(map[string]any); ok {
					more = append(more, m)
				}
			}
		}
	}
	if len(more) == 0 {
		return nodes
	}
	return append(nodes, expandAllOf(more, depth+1)...)
}

// propertyNodes are the subschemas of nodes that apply to property k.
func propertyNodes(nodes []map[string]any, k string) []map[string]any {
	var out []map[string]any
	for _, n := range nodes {
		matched := false
		if props, ok := n["properties"].(map[string]any); ok {
			if s, ok := props[k].(map[string]any); ok {
				out = append(out, s)
			}
			_, matched = props[k]
		}
		if pats, ok := n["patternProperties"].(map[string]any); ok {
			for p, s := range pats {
				re, err := regexp.Compile(p)
				if err != nil || !re.MatchString(k) {
					continue
				}
				matched = true
				if m, ok := s.(map[string]any); ok {
					out = append(out, m)
				}
			}
		}
		if s, ok := n["additionalProperties"].(map[string]any); ok && !matched {
			out = append(out, s)
		}
	}
	return out
}

// itemNodes are the subschemas of nodes that apply to item i.
func itemNodes(nodes []map[string]any, i int) []map[string]any {
	var out []map[string]any
	for _, n := range nodes {
		tuple, _ := n["prefixItems"].([]any)
		tupleKey := "items"
		if arr, ok := n["items"].([]any); ok && tuple == nil { // draft 4-7 tuples
			tuple, tupleKey = arr, "additionalItems"
		}
		switch {
		case i < len(tuple):
			if m, ok := tuple[i].(map[string]any); ok {
				out = append(out, m)
			}
		default:
			if m, ok := n[tupleKey].(map[string]any); ok {
				out = append(out, m)
			}
		}
	}
	return out
}

// integerOf returns the integer a JSON value holds; a float only when it
// is integral and exact (below 2^53 in magnitude).
func integerOf(v any) (*big.Int, bool) {
	switch x := v.(type) {
	case int:
		return big.NewInt(int64(x)), true
	case int64:
		return big.NewInt(x), true
	case *big.Int:
		return x, true
	case json.Number:
		n, ok := new(big.Int).SetString(x.String(), 10)
		return n, ok
	}
	return nil, false
}

// numericFails checks r against node's numeric keywords (draft 4's
// boolean exclusiveMinimum/exclusiveMaximum included) and returns the
// failure, or "".
func numericFails(node map[string]any, r *big.Rat) string {
	num := func(k string) *big.Rat {
		n, ok := node[k].(json.Number)
		if !ok {
			return nil
		}
		q, ok := new(big.Rat).SetString(n.String())
		if !ok {
			return nil
		}
		return q
	}
	exclusive := func(k string) bool { b, _ := node[k].(bool); return b }
	show := func(q *big.Rat) string { return q.RatString() }
	val := shortRat(r)
	if q := num("minimum"); q != nil {
		if c := r.Cmp(q); c < 0 || c == 0 && exclusive("exclusiveMinimum") {
			return fmt.Sprintf("minimum: %s is less than %s", val, show(q))
		}
	}
	if q := num("maximum"); q != nil {
		if c := r.Cmp(q); c > 0 || c == 0 && exclusive("exclusiveMaximum") {
			return fmt.Sprintf("maximum: %s is greater than %s", val, show(q))
		}
	}
	if q := num("exclusiveMinimum"); q != nil && r.Cmp(q) <= 0 {
		return fmt.Sprintf("exclusiveMinimum: %s is less than or equal to %s", val, show(q))
	}
	if q := num("exclusiveMaximum"); q != nil && r.Cmp(q) >= 0 {
		return fmt.Sprintf("exclusiveMaximum: %s is greater than or equal to %s", val, show(q))
	}
	if q := num("multipleOf"); q != nil && q.Sign() > 0 {
		if !new(big.Rat).Quo(r, q).IsInt() {
			return fmt.Sprintf("multipleOf: %s is not a multiple of %s", val, show(q))
		}
	}
	return ""
}

// constFails checks r against node's enum and const exactly: it returns
// the value (as the validator reads it) that r equals, or the failure.
func constFails(node map[string]any, r *big.Rat) (any, string) {
	var match any
	for _, k := range []string{"enum", "const"} {
		v, ok := node[k]
		if !ok {
			continue
		}
		vals := []any{v}
		if k == "enum" {
			vals, _ = v.([]any)
		}
		found := false
		for _, e := range vals {
			num, ok := e.(json.Number)
			if !ok {
				continue
			}
			if q, ok := new(big.Rat).SetString(num.String()); ok && q.Cmp(r) == 0 {
				f, _ := num.Float64()
				match, found = f, true
			}
		}
		if !found {
			return nil, fmt.Sprintf("%s: %s does not equal any of the schema's values", k, shortRat(r))
		}
	}
	return match, ""
}

// shortDigits writes n, eliding the middle of a long one (10**400).
func shortDigits(n *big.Int) string {
	s := n.String()
	if len(s) > 40 {
		return s[:20] + "…" + s[len(s)-10:] + fmt.Sprintf(" (%d digits)", len(strings.TrimPrefix(s, "-")))
	}
	return s
}

func shortRat(r *big.Rat) string {
	if r.IsInt() {
		return shortDigits(r.Num())
	}
	return r.RatString()
}
