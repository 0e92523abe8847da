package capability

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Param is one top-level property of a capability's input (or output)
// schema, in the order the schema document lists it.
type Param struct {
	Name        string
	Type        string // rendered type: "string", "array of integer", `"a" | "b"`, ...
	Required    bool
	Description string
	Default     string // JSON of the default value, "" if none
}

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
			Type:        schemaType(raw, 0),
			Required:    required[name],
			Description: strings.TrimSpace(p.Description),
			Default:     compactJSON(p.Default),
		})
	}
	return out
}

// ParamNames returns the names of the top-level input properties in
// document order; backends use it to map positional arguments.
func (c *Capability) ParamNames() []string {
	var names []string
	for _, p := range Params(c.InputSchema) {
		names = append(names, p.Name)
	}
	return names
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

// schemaType renders a schema's type compactly for humans and models.
func schemaType(raw json.RawMessage, depth int) string {
	var s struct {
		Type       json.RawMessage   `json:"type"`
		Enum       []json.RawMessage `json:"enum"`
		Const      json.RawMessage   `json:"const"`
		Items      json.RawMessage   `json:"items"`
		AnyOf      []json.RawMessage `json:"anyOf"`
		OneOf      []json.RawMessage `json:"oneOf"`
		Ref        string            `json:"$ref"`
		Format     string            `json:"format"`
		Properties map[string]any    `json:"properties"`
	}
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
			vs = append(vs, clip(compactJSON(e), maxRenderedText))
		}
		return strings.Join(vs, " | ")
	case len(s.Const) > 0:
		return clip(compactJSON(s.Const), maxRenderedText)
	case s.Ref != "":
		return clip(s.Ref[strings.LastIndexByte(s.Ref, '/')+1:], maxRenderedText)
	case len(s.AnyOf) > 0 || len(s.OneOf) > 0:
		if depth > 2 {
			return "any"
		}
		var vs []string
		alts := append(s.AnyOf, s.OneOf...)
		for i, a := range alts {
			if i == maxRenderedChoices {
				vs = append(vs, fmt.Sprintf("… (%d more)", len(alts)-i))
				break
			}
			vs = append(vs, schemaType(a, depth+1))
		}
		return strings.Join(vs, " | ")
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
			return "object"
		}
		return "any"
	}
	for i, t := range types {
		switch {
		case t == "array" && len(s.Items) > 0 && depth < 3:
			types[i] = "array of " + schemaType(s.Items, depth+1)
		case t == "string" && s.Format != "":
			types[i] = "string (" + s.Format + ")"
		}
	}
	return strings.Join(types, " | ")
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
	return schemaType(raw, 0), Params(raw)
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
