package capability

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Param is one top-level property of a capability's input (or output)
// schema, in the order the schema document lists it.
type Param struct {
	Name string
	// Type is the shape in Python's terms, nested shapes included:
	// "str", "int | None", "[str]", "{name: str, tags?: [str]}",
	// `"a" | "b"`. See TypeOf.
	Type        string
	Required    bool
	Description string
	Default     string // JSON of the default value, "" if none
}

// RequiredParams returns the names of the required top-level properties
// of an object schema (those Params marks Required), in the order of its
// "required" list. It reads only the property names, not their schemas:
// a catalog of 75 tools of 200 KiB schemas took 1.4 s through Params, and
// the meta-tools' descriptions read every catalog a caller sees to pick
// an example.
func RequiredParams(schema json.RawMessage) []string {
	var doc struct {
		Properties map[string]ignoredValue `json:"properties"`
		Required   []string                `json:"required"`
	}
	if !bytes.Contains(schema, []byte(`"required"`)) || json.Unmarshal(schema, &doc) != nil || len(doc.Properties) == 0 {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, r := range doc.Required {
		if _, ok := doc.Properties[r]; ok && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}

// ignoredValue is any JSON value, read and not kept.
type ignoredValue struct{}

func (*ignoredValue) UnmarshalJSON([]byte) error { return nil }

// Params returns the top-level properties of an object schema in document
// order. A schema that is not an object with properties yields nil.
func Params(schema json.RawMessage) []Param {
	var doc struct {
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
	}
	if len(schema) == 0 || json.Unmarshal(schema, &doc) != nil || len(doc.Properties) == 0 {
		return nil
	}
	required := map[string]bool{}
	for _, r := range doc.Required {
		required[r] = true
	}
	tr := newTypeRenderer(schema)
	var out []Param
	for _, name := range propertyOrder(schema) {
		raw, ok := doc.Properties[name]
		if !ok {
			continue
		}
		var p struct {
			Description string          `json:"description"`
			Default     json.RawMessage `json:"default"`
		}
		_ = json.Unmarshal(raw, &p) // a non-object property schema ("true") has neither
		out = append(out, Param{
			Name:        name,
			Type:        tr.render(raw),
			Required:    required[name],
			Description: strings.TrimSpace(p.Description),
			Default:     pythonLiteral(p.Default),
		})
	}
	return out
}

// paramNames is the names of the top-level properties, in document
// order, without rendering their types (search indexes every schema).
func paramNames(schema json.RawMessage) []string {
	var doc struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if len(schema) == 0 || json.Unmarshal(schema, &doc) != nil || len(doc.Properties) == 0 {
		return nil
	}
	var out []string
	for _, name := range propertyOrder(schema) {
		if _, ok := doc.Properties[name]; ok {
			out = append(out, name)
		}
	}
	return out
}

// TypeOf renders a schema's shape the way detailed renderings show it,
// in Python's terms: str, int, float, bool, None, [T] for a list,
// {key: T, other?: T} for an object (? marks a key its schema does not
// require, when it lists required keys at all), {str: T} for a map,
// alternatives joined by |, enum values as literals. $refs to the
// schema's own $defs or definitions are followed. Nesting, the keys and
// alternatives shown and the work done are bounded: schemas come from
// upstream servers, and the rendering goes into an agent's context.
func TypeOf(schema json.RawMessage) string { return newTypeRenderer(schema).render(schema) }

// ParamNames returns the names of the top-level input properties in
// document order; backends use it to map positional arguments.
func (c *Capability) ParamNames() []string {
	return paramNames(c.InputSchema)
}

// propertyOrder returns the keys of the top-level "properties" object in
// the order they appear in the document: encoding/json maps lose it, and
// authors list the important parameters first.
func propertyOrder(schema json.RawMessage) []string {
	dec := json.NewDecoder(bytes.NewReader(schema))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil
		}
		if k != "properties" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return nil
			}
			continue
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('{') {
			return nil
		}
		var keys []string
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return keys
			}
			keys = append(keys, fmt.Sprint(k))
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return keys
			}
		}
		return keys
	}
	return nil
}

// Bounds of TypeOf.
const (
	maxTypeDepth  = 4       // nested lists and objects shown
	maxTypeFields = 12      // keys of one object shown
	maxTypeNodes  = 256     // schemas visited for one type
	maxTypeBytes  = 1 << 20 // schema bytes decoded for one type
)

// typeRenderer renders the types of one schema document: it knows the
// document's definitions, for $ref.
type typeRenderer struct {
	root  json.RawMessage
	nodes int
	bytes int
	defs  map[string]map[string]json.RawMessage // "$defs", "definitions" -> name -> schema; decoded once
}

func newTypeRenderer(root json.RawMessage) *typeRenderer { return &typeRenderer{root: root} }

// render renders one schema of the document, with a fresh node budget.
func (tr *typeRenderer) render(raw json.RawMessage) string {
	tr.nodes, tr.bytes = 0, 0
	return tr.typ(raw, 0)
}

// typeSchema is the part of a JSON schema a rendering reads.
type typeSchema struct {
	Type                 json.RawMessage            `json:"type"`
	Enum                 []json.RawMessage          `json:"enum"`
	Const                json.RawMessage            `json:"const"`
	Items                json.RawMessage            `json:"items"`
	PrefixItems          []json.RawMessage          `json:"prefixItems"`
	AnyOf                []json.RawMessage          `json:"anyOf"`
	OneOf                []json.RawMessage          `json:"oneOf"`
	AllOf                []json.RawMessage          `json:"allOf"`
	Ref                  string                     `json:"$ref"`
	Format               string                     `json:"format"`
	Properties           map[string]json.RawMessage `json:"properties"`
	Required             []string                   `json:"required"`
	AdditionalProperties json.RawMessage            `json:"additionalProperties"`
}

func (tr *typeRenderer) typ(raw json.RawMessage, depth int) string {
	tr.nodes++
	tr.bytes += len(raw)
	if tr.nodes > maxTypeNodes || tr.bytes > maxTypeBytes {
		return "…"
	}
	var s typeSchema
	if json.Unmarshal(raw, &s) != nil {
		return "any"
	}
	switch {
	case len(s.Enum) > 0:
		var vs []string
		for i, e := range s.Enum {
			if i == maxRenderedChoices {
				vs = append(vs, fmt.Sprintf("… (%d more)", len(s.Enum)-i))
				break
			}
			vs = append(vs, clip(pythonLiteral(e), maxRenderedText))
		}
		return strings.Join(vs, " | ")
	case len(s.Const) > 0:
		return clip(pythonLiteral(s.Const), maxRenderedText)
	case s.Ref != "":
		if depth < maxTypeDepth {
			if target, ok := tr.resolve(s.Ref); ok {
				return tr.typ(target, depth+1)
			}
		}
		if name := s.Ref[strings.LastIndexByte(s.Ref, '/')+1:]; name != "" && name != "#" {
			return clip(name, maxRenderedText)
		}
		return "any"
	case len(s.AnyOf) > 0 || len(s.OneOf) > 0:
		if depth >= maxTypeDepth {
			return "any"
		}
		var vs []string
		alts := append(s.AnyOf, s.OneOf...)
		for i, a := range alts {
			if i == maxRenderedChoices {
				vs = append(vs, fmt.Sprintf("… (%d more)", len(alts)-i))
				break
			}
			if v := tr.typ(a, depth+1); !slices.Contains(vs, v) {
				vs = append(vs, v)
			}
		}
		return strings.Join(vs, " | ")
	case len(s.AllOf) == 1 && len(s.Type) == 0 && s.Properties == nil:
		return tr.typ(s.AllOf[0], depth)
	}
	var types []string
	var one string
	if json.Unmarshal(s.Type, &one) == nil {
		types = []string{one}
	} else {
		_ = json.Unmarshal(s.Type, &types)
	}
	if len(types) == 0 {
		if s.Properties != nil {
			types = []string{"object"}
		} else {
			return "any"
		}
	}
	var out []string
	for _, t := range types {
		var v string
		switch t {
		case "string":
			v = "str"
			if s.Format != "" {
				v += " (" + clip(s.Format, 32) + ")"
			}
		case "integer":
			v = "int"
		case "number":
			v = "float"
		case "boolean":
			v = "bool"
		case "null":
			v = "None"
		case "array":
			v = tr.list(s, depth)
		case "object":
			v = tr.object(raw, s, depth)
		default:
			v = clip(t, 32)
		}
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return strings.Join(out, " | ")
}

// list renders an array: [T] for items of one shape, [T, U] for a tuple
// (prefixItems), list when the items are not described or too deep.
func (tr *typeRenderer) list(s typeSchema, depth int) string {
	if depth >= maxTypeDepth {
		return "list"
	}
	if len(s.PrefixItems) > 0 {
		var vs []string
		for i, p := range s.PrefixItems {
			if i == maxTypeFields {
				vs = append(vs, "…")
				break
			}
			vs = append(vs, tr.typ(p, depth+1))
		}
		return "[" + strings.Join(vs, ", ") + "]"
	}
	if len(s.Items) == 0 || string(s.Items) == "true" || string(s.Items) == "{}" {
		return "list"
	}
	return "[" + tr.typ(s.Items, depth+1) + "]"
}

// object renders an object: {key: T, ...} with its properties in document
// order, {str: T} for a map, dict when neither is described or too deep.
func (tr *typeRenderer) object(raw json.RawMessage, s typeSchema, depth int) string {
	if depth >= maxTypeDepth || (len(s.Properties) == 0 && len(s.AdditionalProperties) == 0) {
		return "dict"
	}
	if len(s.Properties) == 0 {
		if a := string(s.AdditionalProperties); a == "true" || a == "false" || a == "{}" {
			return "dict"
		}
		return "{str: " + tr.typ(s.AdditionalProperties, depth+1) + "}"
	}
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	mark := s.Required != nil // schemas that list no required keys say nothing either way
	var fields []string
	var order []string
	seen := map[string]bool{}
	for _, k := range propertyOrder(raw) {
		if _, ok := s.Properties[k]; ok && !seen[k] {
			seen[k] = true
			order = append(order, k)
		}
	}
	for i, name := range order {
		if i == maxTypeFields {
			fields = append(fields, fmt.Sprintf("… %d more", len(order)-i))
			break
		}
		key := clip(name, 40)
		if mark && !required[name] {
			key += "?"
		}
		fields = append(fields, key+": "+tr.typ(s.Properties[name], depth+1))
	}
	return "{" + strings.Join(fields, ", ") + "}"
}

// resolve follows a $ref within the document: "#", "#/$defs/NAME" and
// "#/definitions/NAME" (JSON pointer escapes ~0 and ~1 read as such).
func (tr *typeRenderer) resolve(ref string) (json.RawMessage, bool) {
	if ref == "#" {
		return tr.root, true
	}
	if tr.defs == nil {
		tr.defs = map[string]map[string]json.RawMessage{}
		var doc struct {
			Defs        map[string]json.RawMessage `json:"$defs"`
			Definitions map[string]json.RawMessage `json:"definitions"`
		}
		if json.Unmarshal(tr.root, &doc) == nil {
			tr.defs["$defs"], tr.defs["definitions"] = doc.Defs, doc.Definitions
		}
	}
	for _, section := range []string{"$defs", "definitions"} {
		name, ok := strings.CutPrefix(ref, "#/"+section+"/")
		if !ok || strings.Contains(name, "/") {
			continue
		}
		target, ok := tr.defs[section][strings.NewReplacer("~1", "/", "~0", "~").Replace(name)]
		return target, ok
	}
	return nil, false
}

// pythonLiteral renders a JSON value as the Python literal a snippet
// writes: true as True, null as None; strings and numbers as JSON has
// them (the same in Python), containers compact.
func pythonLiteral(raw json.RawMessage) string {
	c := compactJSON(raw)
	switch c {
	case "true":
		return "True"
	case "false":
		return "False"
	case "null":
		return "None"
	}
	return c
}

func compactJSON(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// schemaRoot describes the top level of an output schema: its type and its
// properties.
func schemaRoot(raw json.RawMessage) (typ string, props []Param) {
	if len(raw) == 0 {
		return "", nil
	}
	return TypeOf(raw), Params(raw)
}

// sortedLabels renders labels as sorted k=v pairs.
func sortedLabels(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}
