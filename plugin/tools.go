package plugin

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime/debug"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/selector"
)

// Tool is an MCP tool a plugin contributes (spill_explore is one). It
// becomes a capability "plugin:<plugin>/<Name>" like any other: its
// Labels (plus source=plugin, namespace=<plugin>, name=<Name>) are what
// admission matches, so a token sees and calls it only if its policy
// admits it, and every call passes the whole dispatch chain. The MCP
// server lists it as a tool of its own name even without [facade] tools.
type Tool struct {
	// Name is the MCP tool name: 1-64 of [A-Za-z0-9_-].
	Name        string
	Description string
	// InputSchema is a JSON Schema object ({"type":"object"} when empty).
	InputSchema json.RawMessage
	// Labels are required: an unlabeled tool would be admitted only by
	// policies that admit everything of source plugin.
	Labels map[string]string
	// Handler runs the call; dispatch.CallFrom(ctx) is the call (its
	// subject and identity, for ownership checks).
	Handler capability.Handler
}

// Tool contributes an MCP tool.
func (r *Registry) Tool(t Tool) {
	if r.refuse("Tool") {
		return
	}
	r.tools = append(r.tools, t)
}

// ToolList is what tools/list is about to show one caller, passed
// through the plugins' list filters in installation order.
type ToolList struct {
	Subject  string
	Identity string
	LogID    string
	Headers  http.Header
	// Tools are the tools admission lets the caller see. A filter may
	// remove entries or change their Description; an entry it adds, or
	// a name it changes, is dropped (a capability the caller may not call
	// does not exist for it, and a filter cannot make one appear).
	Tools []ListedTool
}

// ListedTool is one entry of ToolList.
type ListedTool struct {
	Name        string
	Description string
	// Labels are the capability's label set (admission's view); nil for
	// the meta-tools.
	Labels map[string]string
}

// ListFilter sees, and may narrow or annotate, the tools/list answer of
// one caller. An error fails that tools/list (fail closed).
type ListFilter func(ctx context.Context, l *ToolList) error

// ListTools adds a tools/list filter.
func (r *Registry) ListTools(f ListFilter) {
	if r.refuse("ListTools") {
		return
	}
	r.lists = append(r.lists, f)
}

// Capabilities returns the tools of the plugins in use as capabilities,
// to register on the runtime; an invalid tool is an error naming its
// plugin.
func (h *Host) Capabilities() ([]capability.Capability, error) {
	if h == nil {
		return nil, nil
	}
	var out []capability.Capability
	for _, r := range h.active {
		for _, t := range r.tools {
			if !validToolName(t.Name) {
				return nil, fmt.Errorf("plugin %s: tool name %q: want 1-64 letters, digits, '_' and '-'", r.name, t.Name)
			}
			if len(t.Labels) == 0 {
				return nil, fmt.Errorf("plugin %s: tool %s has no labels; label it so token policies can admit it (an unlabeled tool would be reachable by every policy that admits source=plugin)", r.name, t.Name)
			}
			if err := selector.ValidateLabels(t.Labels); err != nil {
				return nil, fmt.Errorf("plugin %s: tool %s: %w", r.name, t.Name, err)
			}
			if t.Handler == nil {
				return nil, fmt.Errorf("plugin %s: tool %s has no handler", r.name, t.Name)
			}
			schema := t.InputSchema
			if len(schema) == 0 {
				schema = json.RawMessage(`{"type":"object"}`)
			}
			name, handler := r.name, t.Handler
			out = append(out, capability.Capability{
				ID:          capability.MakeID(capability.SourcePlugin, r.name, t.Name),
				Source:      capability.SourcePlugin,
				Namespace:   r.name,
				Name:        t.Name,
				Description: t.Description,
				InputSchema: schema,
				Labels:      t.Labels,
				Handler: func(ctx context.Context, args map[string]any) (res *capability.Result, err error) {
					defer func() {
						if p := recover(); p != nil {
							res, err = nil, &PanicError{Plugin: name, Hook: "tool " + t.Name, Value: p, Stack: debug.Stack()}
						}
					}()
					return handler(ctx, args)
				},
			})
		}
	}
	return out, nil
}

func validToolName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// FilterToolList runs the list filters of the plugins in use over l, in
// installation order; a filter's panic is an error naming its plugin.
// Entries a filter added or renamed are dropped.
func (h *Host) FilterToolList(ctx context.Context, l *ToolList) error {
	if h == nil {
		return nil
	}
	allowed := map[string]bool{}
	for _, t := range l.Tools {
		allowed[t.Name] = true
	}
	for _, r := range h.active {
		for _, f := range r.lists {
			if err := safely(r.name, "ListTools", func() error { return f(ctx, l) }); err != nil {
				return err
			}
		}
	}
	kept := l.Tools[:0]
	seen := map[string]bool{}
	for _, t := range l.Tools {
		if allowed[t.Name] && !seen[t.Name] {
			seen[t.Name] = true
			kept = append(kept, t)
		}
	}
	l.Tools = kept
	return nil
}

// HasListFilters reports whether any plugin in use filters tools/list.
func (h *Host) HasListFilters() bool {
	if h == nil {
		return false
	}
	for _, r := range h.active {
		if len(r.lists) > 0 {
			return true
		}
	}
	return false
}

// OwnerRouted returns the owner-routed tool arguments the plugins in use
// declared (tool name -> argument), and OwnerRoutedPaths their routes.
func (h *Host) OwnerRouted() map[string]string {
	out := map[string]string{}
	if h == nil {
		return out
	}
	for _, r := range h.active {
		for k, v := range r.ownerTools {
			out[k] = v
		}
	}
	return out
}

// OwnerRoutedPaths returns the owner-routed route prefixes of the
// plugins in use.
func (h *Host) OwnerRoutedPaths() []OwnerRoutedPath {
	if h == nil {
		return nil
	}
	var out []OwnerRoutedPath
	for _, r := range h.active {
		out = append(out, r.ownerPaths...)
	}
	return out
}
