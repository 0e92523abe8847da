package dispatch

import (
	"net/url"
	"strconv"
	"strings"
)

// inPlaceLoop reports whether validating against schema doc could apply
// schemas to one value for ever: a cycle through $ref (or $dynamicRef) and
// the keywords that stay on the same value (allOf, anyOf, oneOf, not, if,
// then, else, dependentSchemas) that never descends into the instance, as
// in {"$ref": "#"} or two $defs referring to each other. The validator
// follows such a cycle until the goroutine's stack overflows, which kills
// the process; schemas come from upstream servers, which must not be able
// to do that. A recursive schema that descends (a tree whose children are
// items of the root) is fine. A reference that does not resolve within the
// document counts as a loop: it cannot be checked.
func inPlaceLoop(doc any) bool {
	state := map[string]int{} // pointer -> 1 visiting, 2 done
	var visit func(ptr string, v any) bool
	visit = func(ptr string, v any) bool {
		m, ok := v.(map[string]any)
		if !ok {
			return false
		}
		switch state[ptr] {
		case 1:
			return true
		case 2:
			return false
		}
		state[ptr] = 1
		for _, k := range []string{"allOf", "anyOf", "oneOf"} {
			if arr, ok := m[k].([]any); ok {
				for i, e := range arr {
					if visit(ptr+"/"+k+"/"+strconv.Itoa(i), e) {
						return true
					}
				}
			}
		}
		for _, k := range []string{"not", "if", "then", "else"} {
			if e, ok := m[k]; ok && visit(ptr+"/"+k, e) {
				return true
			}
		}
		if deps, ok := m["dependentSchemas"].(map[string]any); ok {
			for name, e := range deps {
				if visit(ptr+"/dependentSchemas/"+escapePointer(name), e) {
					return true
				}
			}
		}
		for _, k := range []string{"$ref", "$dynamicRef"} {
			ref, ok := m[k].(string)
			if !ok {
				continue
			}
			target, tptr, ok := resolveLocal(doc, ref)
			if !ok || visit(tptr, target) {
				return true
			}
		}
		state[ptr] = 2
		return false
	}
	// Every subschema is a place validation can reach.
	var walk func(ptr string, v any) bool
	walk = func(ptr string, v any) bool {
		switch x := v.(type) {
		case map[string]any:
			if visit(ptr, x) {
				return true
			}
			for k, e := range x {
				if walk(ptr+"/"+escapePointer(k), e) {
					return true
				}
			}
		case []any:
			for i, e := range x {
				if walk(ptr+"/"+strconv.Itoa(i), e) {
					return true
				}
			}
		}
		return false
	}
	return walk("", doc)
}

// resolveLocal resolves a reference to a JSON pointer within doc ("#",
// "#/$defs/a", percent-encoded or not) and returns its target and
// normalised pointer.
func resolveLocal(doc any, ref string) (any, string, bool) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok || frag != "" && !strings.HasPrefix(frag, "/") {
		return nil, "", false // another document, or an anchor
	}
	if u, err := url.PathUnescape(frag); err == nil {
		frag = u
	}
	target := pointer(doc, frag)
	if target == nil {
		return nil, "", false
	}
	return target, strings.TrimSuffix(frag, "/"), true
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
