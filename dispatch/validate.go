package dispatch

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python/jsonlike"
)

// validator checks call arguments against input schemas, resolving each
// capability's schema once.
type validator struct {
	mu    sync.Mutex
	cache map[string]compiled // capability id -> its resolved schema
}

type compiled struct {
	cap      *capability.Capability // the registration it was built for
	resolved *jsonschema.Resolved   // nil: no usable schema, anything goes
	exact    *exactSchema           // the integer checks made here (exactnum.go)
}

// resolveSchema prepares a schema for validation. Upstream servers
// publish schemas of every vintage: one declaring a draft the validator
// does not know (draft-04, say) is tried again without its "$schema", and
// one that still cannot be resolved, or whose references loop in place
// (inPlaceLoop), is not enforced here: the capability itself (the upstream
// server) remains the judge of its arguments, rather than the tool becoming
// uncallable or, worse, the validator recursing until the process dies.
func resolveSchema(raw json.RawMessage) *jsonschema.Resolved {
	var doc any
	if json.Unmarshal(raw, &doc) != nil || inPlaceLoop(doc) {
		// A schema that would make validation loop is not enforced here
		// (see inPlaceLoop).
		return nil
	}
	var s jsonschema.Schema
	if json.Unmarshal(raw, &s) != nil {
		return nil
	}
	if rs, err := s.Resolve(nil); err == nil {
		if err := rs.Validate(map[string]any{}); err == nil || !strings.Contains(err.Error(), "cannot validate version") {
			return rs
		}
	}
	s.Schema = ""
	if rs, err := s.Resolve(nil); err == nil {
		return rs
	}
	return nil
}

func newValidator() *validator { return &validator{cache: map[string]compiled{}} }

func (v *validator) schemaFor(c *capability.Capability) compiled {
	v.mu.Lock()
	defer v.mu.Unlock()
	if got, ok := v.cache[c.ID]; ok && got.cap == c {
		return got
	}
	out := compiled{cap: c}
	if len(c.InputSchema) > 0 {
		if ex, err := prepareExact(c.InputSchema); err == nil {
			out.exact = ex
			out.resolved = resolveSchema(ex.lib)
		}
	}
	// A re-registered capability is a new pointer, so the entry is replaced.
	v.cache[c.ID] = out
	return out
}

// validate checks args against c's input schema. The error is an *Error
// of kind KindInvalidArgs naming the JSON path of the failing value.
func (v *validator) validate(c *capability.Capability, args map[string]any) error {
	s := v.schemaFor(c)
	if s.resolved == nil {
		return nil
	}
	inst := jsonValue(args)
	if inst == nil {
		inst = map[string]any{}
	}
	inst, xerr := s.exact.checkExact(inst)
	if xerr != nil {
		return &Error{Kind: KindInvalidArgs, CapabilityID: c.ID, Path: cutText(formatPath(xerr.steps), maxPathBytes), Message: cutText(xerr.msg, maxMessageBytes)}
	}
	err := s.resolved.Validate(inst)
	if err == nil {
		return nil
	}
	var doc any
	_ = json.Unmarshal(s.exact.lib, &doc) // it resolved, so it parses
	path, msg := locate(s.resolved, doc, inst, err)
	return &Error{Kind: KindInvalidArgs, CapabilityID: c.ID, Path: cutText(path, maxPathBytes), Message: cutText(msg, maxMessageBytes), Err: err}
}

// Bounds of an invalid-arguments error. The validator's message quotes
// the arguments (a 10 MB string of the wrong type, the names of 200 000
// unexpected properties: 12 MB), and the error becomes an exception in the
// snippet, a line in the audit log and text in the agent's context.
const (
	maxMessageBytes = 4 << 10
	maxPathBytes    = 1 << 10
)

// cutText cuts s to at most n bytes on a rune boundary, saying how much
// was cut.
func cutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	end := n
	for end > 0 && !utf8.RuneStart(s[end]) {
		end--
	}
	return s[:end] + fmt.Sprintf("… (%d more bytes)", len(s)-end)
}

// jsonValue returns args as JSON values: host values may carry typed Go
// slices or maps, which are normalised through their JSON encoding.
// Integers (*big.Int, Python's big ints, included) stay exact for
// checkExact, which hands them on as the validator takes them.
func jsonValue(v any) any {
	switch x := v.(type) {
	case nil, bool, string, float64, int64, int, json.Number, *big.Int:
		return x
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = jsonValue(e)
		}
		return out
	case jsonlike.Object:
		// A snippet's dict: the validator takes maps (order does not
		// matter to a schema).
		out := make(map[string]any, len(x))
		for _, m := range x {
			out[m.Key] = jsonValue(m.Value)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonValue(e)
		}
		return out
	}
	data, err := json.Marshal(v)
	if err != nil {
		return v // the validator reports it as not a JSON value
	}
	var out any
	if json.Unmarshal(data, &out) != nil {
		return v
	}
	return out
}

// locate turns a validation error into the JSON path of the failing value
// and the innermost message. jsonschema-go reports the chain of schemas
// it descended ("validating root: validating /properties/a/items: ..."),
// not instance paths, so the walk is replayed on the instance: a
// properties step descends into that key; an items or additionalProperties
// step tries each element in turn to find the one that fails the same way.
func locate(rs *jsonschema.Resolved, doc any, inst any, verr error) (path, msg string) {
	full := verr.Error()
	schemaPaths, msg := splitChain(full)
	steps := []any{} // instance path: string keys and int indexes
	cur := inst
	for i := 1; i < len(schemaPaths); i++ {
		prev, next := schemaPaths[i-1], schemaPaths[i]
		if prev == "root" {
			prev = ""
		}
		if !strings.HasPrefix(next, prev+"/") {
			continue // a $ref jump: same instance, another schema
		}
		segs := strings.Split(strings.TrimPrefix(next, prev+"/"), "/")
		for j := 0; j < len(segs); j++ {
			var step any
			switch segs[j] {
			case "properties", "prefixItems":
				if j+1 >= len(segs) {
					break
				}
				j++
				key := unescapePointer(segs[j])
				if segs[j-1] == "prefixItems" {
					n, _ := strconv.Atoi(key)
					step = n
				} else {
					step = key
				}
			case "items", "additionalItems":
				if j+1 < len(segs) && isIndex(segs[j+1]) { // draft-07 items array
					j++
					n, _ := strconv.Atoi(segs[j])
					step = n
				} else {
					step = findFailing(rs, inst, steps, cur, full, nil)
				}
			case "additionalProperties":
				// Keep the keys the object schema handles otherwise, so only
				// the candidate reaches additionalProperties.
				obj, _ := pointer(doc, strings.TrimSuffix(prev+"/"+strings.Join(segs[:j], "/"), "/")).(map[string]any)
				props, _ := obj["properties"].(map[string]any)
				patterns, _ := obj["patternProperties"].(map[string]any)
				step = findFailing(rs, inst, steps, cur, full, func(k string) bool {
					if _, ok := props[k]; ok {
						return true
					}
					for p := range patterns {
						if re, err := regexp.Compile(p); err == nil && re.MatchString(k) {
							return true
						}
					}
					return false
				})
			case "patternProperties":
				if j+1 >= len(segs) {
					break
				}
				j++
				re, err := regexp.Compile(unescapePointer(segs[j]))
				if err == nil {
					step = findFailing(rs, inst, steps, cur, full, func(k string) bool { return !re.MatchString(k) })
				}
			}
			if step == nil {
				continue // allOf/N, anyOf/N, then, not, ...: same instance
			}
			steps = append(steps, step)
			cur = child(cur, step)
		}
	}
	return formatPath(steps), msg
}

func splitChain(s string) (paths []string, msg string) {
	for strings.HasPrefix(s, "validating ") {
		rest := s[len("validating "):]
		i := strings.Index(rest, ": ")
		if i < 0 {
			break
		}
		paths = append(paths, rest[:i])
		s = rest[i+2:]
	}
	return paths, s
}

func isIndex(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func unescapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

func child(v any, step any) any {
	switch s := step.(type) {
	case string:
		if m, ok := v.(map[string]any); ok {
			return m[s]
		}
	case int:
		if a, ok := v.([]any); ok && s >= 0 && s < len(a) {
			return a[s]
		}
	}
	return nil
}

// findFailing finds which element of cur makes the whole instance fail
// with the same error: it replaces cur, inside a copy of the instance, by
// a container holding that element alone (for an object, plus the keys
// keep says are not candidates). Returns nil if none does.
func findFailing(rs *jsonschema.Resolved, inst any, steps []any, cur any, want string, keep func(string) bool) any {
	switch c := cur.(type) {
	case []any:
		for i, e := range c {
			if failsSame(rs, replaceAt(inst, steps, []any{e}), want) {
				return i
			}
		}
	case map[string]any:
		if keep == nil {
			return nil
		}
		for k := range c {
			if keep(k) {
				continue
			}
			only := map[string]any{k: c[k]}
			for k2, v2 := range c {
				if keep(k2) {
					only[k2] = v2
				}
			}
			if failsSame(rs, replaceAt(inst, steps, only), want) {
				return k
			}
		}
	}
	return nil
}

// pointer resolves a JSON pointer ("" or "/a/b") in a decoded document.
func pointer(doc any, ptr string) any {
	if ptr == "" || ptr == "/" {
		return doc
	}
	cur := doc
	for _, seg := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		switch c := cur.(type) {
		case map[string]any:
			cur = c[unescapePointer(seg)]
		case []any:
			n, err := strconv.Atoi(seg)
			if err != nil || n < 0 || n >= len(c) {
				return nil
			}
			cur = c[n]
		default:
			return nil
		}
	}
	return cur
}

func failsSame(rs *jsonschema.Resolved, inst any, want string) bool {
	err := rs.Validate(inst)
	return err != nil && err.Error() == want
}

// replaceAt returns a copy of inst with the value at steps replaced by v;
// containers off the path are shared.
func replaceAt(inst any, steps []any, v any) any {
	if len(steps) == 0 {
		return v
	}
	switch s := steps[0].(type) {
	case string:
		m, _ := inst.(map[string]any)
		out := make(map[string]any, len(m))
		for k, e := range m {
			out[k] = e
		}
		out[s] = replaceAt(m[s], steps[1:], v)
		return out
	case int:
		a, _ := inst.([]any)
		out := append([]any(nil), a...)
		if s < len(out) {
			out[s] = replaceAt(a[s], steps[1:], v)
		}
		return out
	}
	return inst
}

// Compiled on first use: package initialisation runs in every toolplane process.
var identRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`) })

// formatPath renders an instance path as $.a.b[2]["odd key"].
func formatPath(steps []any) string {
	var b strings.Builder
	b.WriteString("$")
	for _, s := range steps {
		switch s := s.(type) {
		case int:
			fmt.Fprintf(&b, "[%d]", s)
		case string:
			if identRE().MatchString(s) {
				b.WriteString("." + s)
			} else {
				fmt.Fprintf(&b, "[%q]", s)
			}
		}
	}
	return b.String()
}
