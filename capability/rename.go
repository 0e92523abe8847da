package capability

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// renameSuffix is appended to a namespace named like a reserved name, as
// Python code does for a name that would clash with a keyword (class_).
const renameSuffix = "_"

func renamed(root string) string { return root + renameSuffix }

// Rename reports a namespace that snippets reach under another name because
// its own is reserved: an MCP server named logging is bound as logging_, so
// `import logging` still gets the module.
type Rename struct {
	Namespace string   // the namespace as an identifier ("logging")
	BoundAs   string   // the name snippets use for it ("logging_")
	Reason    string   // what the own name is ("stdlib module", "Python builtin", ...)
	IDs       []string // the capabilities in the namespace, sorted
}

// String says what a snippet writes instead, in one sentence.
func (rn Rename) String() string {
	return fmt.Sprintf("namespace `%s` is bound as `%s` in snippets (`%s` is a %s%s): `await %s.NAME(...)`",
		rn.Namespace, rn.BoundAs, rn.Namespace, rn.Reason, rn.keeps(), rn.BoundAs)
}

// keeps says what the reserved name still means, for modules.
func (rn Rename) keeps() string {
	if rn.Reason == ReasonModule {
		return ", which `import " + rn.Namespace + "` still gets"
	}
	return ""
}

// Renames returns the namespaces bound under another name, sorted by
// namespace.
func (r *Registry) Renames() []Rename {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return slices.Clone(r.renames)
}

// renamesOf returns the renames of the namespaces of caps.
func (r *Registry) renamesOf(caps []*Capability) []Rename {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var out []Rename
	for _, rn := range r.renames {
		for _, c := range caps {
			if slices.Contains(rn.IDs, c.ID) {
				out = append(out, rn)
				break
			}
		}
	}
	return out
}

// SnippetNamespace says how snippets would reach a namespace (an MCP server
// name, a Go package path) on its own: by its identifier, or renamed when
// that is reserved (why is then the reason), or not at all (ok false: the
// name is no identifier, or even the renamed one is reserved). It does not
// consider the namespaces already registered; Renames reports what was
// actually bound.
func (r *Registry) SnippetNamespace(namespace string) (name, why string, ok bool) {
	id, valid := Identifier(path.Base(namespace))
	if !valid {
		return "", "", false
	}
	what, reserved := r.IsReserved(id)
	if !reserved {
		return id, "", true
	}
	alt := renamed(id)
	if _, taken := r.IsReserved(alt); taken {
		return "", what, false
	}
	return alt, what, true
}

// writeRenameNotes appends a note per rename to a Markdown rendering.
func writeRenameNotes(b *strings.Builder, renames []Rename) {
	if len(renames) == 0 {
		return
	}
	b.WriteString("\nRenamed namespaces:\n")
	for _, rn := range renames {
		b.WriteString("- " + rn.String() + "\n")
	}
}

// renameDoc is the JSON shape of a rename at DetailFull.
type renameDoc struct {
	Namespace string `json:"namespace"`
	BoundAs   string `json:"bound_as"`
	Reason    string `json:"reason"`
}

func renameDocs(renames []Rename) []renameDoc {
	var out []renameDoc
	for _, rn := range renames {
		out = append(out, renameDoc{Namespace: rn.Namespace, BoundAs: rn.BoundAs, Reason: rn.Reason})
	}
	return out
}
