package mcpgen

import (
	"encoding/json"
	"fmt"
	"go/constant"
	"go/types"
	"reflect"
	"sort"
	"strings"
)

// schemaGen derives JSON schemas from Go types at generation time.
type schemaGen struct {
	all map[string]*types.Package
}

// schema is an ordered JSON object so generated schemas read naturally and
// stay byte-stable.
type schema struct {
	keys []string
	vals map[string]any
}

func newSchema() *schema { return &schema{vals: map[string]any{}} }

func (s *schema) set(k string, v any) *schema {
	if _, ok := s.vals[k]; !ok {
		s.keys = append(s.keys, k)
	}
	s.vals[k] = v
	return s
}

func (s *schema) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range s.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(s.vals[k])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

func (g *schemaGen) input(t *Tool) (string, error) {
	props := newSchema()
	var required []string
	for _, p := range t.Params {
		if p.BindField != "" {
			continue
		}
		s, err := g.of(p.Type, nil)
		if err != nil {
			return "", fmt.Errorf("parameter %s (%s) cannot be built from JSON: %v; add mcp:bind=%s:<Type> to supply it from the host", p.Name, p.Type, err, p.Name)
		}
		if p.Doc != "" {
			s.set("description", p.Doc)
		}
		props.set(p.JSONName, s)
		if p.Required {
			required = append(required, p.JSONName)
		}
	}
	root := newSchema().set("type", "object").set("properties", props)
	if len(required) > 0 {
		root.set("required", required)
	}
	root.set("additionalProperties", false)
	b, err := json.Marshal(root)
	return string(b), err
}

// output returns the output schema and whether a single result is wrapped
// as {"result": v} (MCP structured content must be an object).
func (g *schemaGen) output(t *Tool) (string, bool, error) {
	switch len(t.Results) {
	case 0:
		return "", false, nil
	case 1:
		s, err := g.of(t.Results[0].Type, nil)
		if err != nil {
			return "", false, fmt.Errorf("result type %s cannot be encoded as JSON: %v", t.Results[0].Type, err)
		}
		if isObjectType(t.Results[0].Type) {
			b, err := json.Marshal(s)
			return string(b), false, err
		}
		root := newSchema().set("type", "object").set("properties", newSchema().set("result", s)).set("required", []string{"result"})
		b, err := json.Marshal(root)
		return string(b), true, err
	}
	props := newSchema()
	var req []string
	for _, r := range t.Results {
		s, err := g.of(r.Type, nil)
		if err != nil {
			return "", false, fmt.Errorf("result %s (%s) cannot be encoded as JSON: %v", r.JSONName, r.Type, err)
		}
		props.set(r.JSONName, s)
		req = append(req, r.JSONName)
	}
	b, err := json.Marshal(newSchema().set("type", "object").set("properties", props).set("required", req))
	return string(b), false, err
}

// isObjectType reports whether values of t encode as a JSON object.
func isObjectType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if isTime(t) {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		return true
	case *types.Map:
		_, ok := keyPattern(u.Key())
		return ok
	}
	return false
}

func isTime(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
}

func isDuration(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration"
}

// keyPattern says whether a map key type has a JSON form (an object's
// keys are strings) and, for integer keys, the pattern those strings
// follow: encoding/json writes map[int]T keys as decimal strings and
// reads them back. ok is false for any other key type.
func keyPattern(t types.Type) (pattern string, ok bool) {
	b, isBasic := t.Underlying().(*types.Basic)
	switch {
	case !isBasic:
		return "", false
	case b.Info()&types.IsString != 0:
		return "", true
	case b.Info()&types.IsUnsigned != 0:
		return "^[0-9]+$", true
	case b.Info()&types.IsInteger != 0:
		return "^-?[0-9]+$", true
	}
	return "", false
}

// of builds the schema of one type. stack guards against recursive types.
func (g *schemaGen) of(t types.Type, stack []*types.Named) (*schema, error) {
	if isTime(t) {
		return newSchema().set("type", "string").set("format", "date-time"), nil
	}
	if isDuration(t) {
		return newSchema().set("type", "integer").set("description", "a duration in nanoseconds"), nil
	}
	if n, ok := t.(*types.Named); ok {
		for _, s := range stack {
			if s == n {
				return nil, fmt.Errorf("recursive type %s is not supported", n)
			}
		}
		stack = append(stack, n)
		if enum := g.enumOf(n); len(enum) > 0 {
			s, err := g.of(n.Underlying(), stack)
			if err != nil {
				return nil, err
			}
			return s.set("enum", enum), nil
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Kind() == types.Bool:
			return newSchema().set("type", "boolean"), nil
		case u.Info()&types.IsInteger != 0:
			s := newSchema().set("type", "integer")
			if u.Info()&types.IsUnsigned != 0 {
				s.set("minimum", 0)
			}
			return s, nil
		case u.Info()&types.IsFloat != 0:
			return newSchema().set("type", "number"), nil
		case u.Info()&types.IsString != 0:
			return newSchema().set("type", "string"), nil
		}
		return nil, fmt.Errorf("type %s has no JSON form", t)
	case *types.Pointer:
		return g.of(u.Elem(), stack)
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return newSchema().set("type", "string").set("contentEncoding", "base64"), nil
		}
		items, err := g.of(u.Elem(), stack)
		if err != nil {
			return nil, err
		}
		return newSchema().set("type", "array").set("items", items), nil
	case *types.Array:
		items, err := g.of(u.Elem(), stack)
		if err != nil {
			return nil, err
		}
		return newSchema().set("type", "array").set("items", items).set("minItems", u.Len()).set("maxItems", u.Len()), nil
	case *types.Map:
		pattern, ok := keyPattern(u.Key())
		if !ok {
			return nil, fmt.Errorf("map key type %s is neither a string nor an integer (JSON object keys are strings)", u.Key())
		}
		vals, err := g.of(u.Elem(), stack)
		if err != nil {
			return nil, err
		}
		s := newSchema().set("type", "object").set("additionalProperties", vals)
		if pattern != "" {
			s.set("propertyNames", newSchema().set("pattern", pattern))
		}
		return s, nil
	case *types.Struct:
		return g.structSchema(u, stack)
	case *types.Interface:
		if u.Empty() {
			// any: every JSON value, said explicitly instead of an empty schema.
			return newSchema().set("type", []string{"null", "boolean", "number", "string", "array", "object"}), nil
		}
		return nil, fmt.Errorf("interface type %s has no JSON form", t)
	}
	return nil, fmt.Errorf("type %s has no JSON form", t)
}

func (g *schemaGen) structSchema(st *types.Struct, stack []*types.Named) (*schema, error) {
	props := newSchema()
	var required []string
	var walk func(st *types.Struct) error
	walk = func(st *types.Struct) error {
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i)
			tag := reflect.StructTag(st.Tag(i)).Get("json")
			name, opts, _ := strings.Cut(tag, ",")
			if name == "-" && opts == "" {
				continue
			}
			if f.Embedded() && name == "" {
				ft := f.Type()
				if p, ok := ft.(*types.Pointer); ok {
					ft = p.Elem()
				}
				if es, ok := ft.Underlying().(*types.Struct); ok {
					if err := walk(es); err != nil {
						return err
					}
					continue
				}
			}
			if !f.Exported() {
				continue
			}
			if name == "" {
				name = f.Name()
			}
			s, err := g.of(f.Type(), stack)
			if err != nil {
				return fmt.Errorf("field %s: %v", f.Name(), err)
			}
			props.set(name, s)
			_, ptr := f.Type().(*types.Pointer)
			if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") && !ptr {
				required = append(required, name)
			}
		}
		return nil
	}
	if err := walk(st); err != nil {
		return nil, err
	}
	s := newSchema().set("type", "object").set("properties", props)
	if len(required) > 0 {
		s.set("required", required)
	}
	return s, nil
}

// enumOf lists the constants declared with a named basic type in its own
// package, in declaration order: `type Color string` with `const Red Color =
// "red"` gives enum ["red", ...].
func (g *schemaGen) enumOf(n *types.Named) []any {
	if _, ok := n.Underlying().(*types.Basic); !ok || n.Obj().Pkg() == nil {
		return nil
	}
	scope := n.Obj().Pkg().Scope()
	type cv struct {
		pos int
		v   any
	}
	var vals []cv
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), n) {
			continue
		}
		var v any
		switch c.Val().Kind() {
		case constant.String:
			v = constant.StringVal(c.Val())
		case constant.Int:
			i, _ := constant.Int64Val(c.Val())
			v = i
		case constant.Float:
			f, _ := constant.Float64Val(c.Val())
			v = f
		case constant.Bool:
			v = constant.BoolVal(c.Val())
		default:
			continue
		}
		vals = append(vals, cv{int(c.Pos()), v})
	}
	sort.Slice(vals, func(i, j int) bool { return vals[i].pos < vals[j].pos })
	out := make([]any, len(vals))
	for i, v := range vals {
		out[i] = v.v
	}
	return out
}
