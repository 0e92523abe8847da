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

// Rename reports a namespace, or a CLI binary's flat alias, that snippets
// reach under another name because its own is reserved: an MCP server
// named logging is bound as logging_, so `import logging` still gets the
// module; an allowed binary named id is id_, so id() stays the builtin.
type Rename struct {
	Kind      string   // RenameNamespace or RenameBinary
	Namespace string   // the namespace or binary as an identifier ("logging", "id")
	BoundAs   string   // the name snippets use for it ("logging_", "id_")
	Reason    string   // what the own name is ("stdlib module", "Python builtin", ...)
	IDs       []string // the capabilities in the namespace, or the binary's, sorted
}

// Kinds of Rename.
const (
	RenameNamespace = "namespace" // a namespace object (logging_.NAME)
	RenameBinary    = "binary"    // a CLI binary's flat alias (id_(...))
)

// String says what a snippet writes instead, in one sentence.
func (rn Rename) String() string {
	if rn.Kind == RenameBinary {
		return fmt.Sprintf("binary `%s` is bound as `%s` in snippets (`%s` is a %s%s): `await %s(...)` or `await cli.%s(...)`",
			rn.Namespace, rn.BoundAs, rn.Namespace, rn.Reason, rn.keeps(), rn.BoundAs, rn.Namespace)
	}
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
	return r.snippetName(path.Base(namespace))
}

// SnippetBinary says, as SnippetNamespace does, by which flat alias
// snippets would reach an allowed CLI binary: its name (git), renamed
// when that is reserved (id_, as id is a builtin), or not at all (cli.NAME
// and cli("NAME") still work).
func (r *Registry) SnippetBinary(binary string) (name, why string, ok bool) {
	return r.snippetName(binary)
}

func (r *Registry) snippetName(own string) (name, why string, ok bool) {
	id, valid := Identifier(own)
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

// writeRenameNotes appends a note per rename to a Markdown rendering,
// namespaces first, then binaries.
func writeRenameNotes(b *strings.Builder, renames []Rename) {
	for _, kind := range []struct{ kind, title string }{{RenameNamespace, "Renamed namespaces"}, {RenameBinary, "Renamed binaries"}} {
		first := true
		for _, rn := range renames {
			if rn.Kind != kind.kind {
				continue
			}
			if first {
				b.WriteString("\n" + kind.title + ":\n")
				first = false
			}
			b.WriteString("- " + rn.String() + "\n")
		}
	}
}

// renameDoc is the JSON shape of a rename at DetailFull. A namespace's
// has no kind, as before binaries were renamed.
type renameDoc struct {
	Namespace string `json:"namespace,omitempty"`
	Binary    string `json:"binary,omitempty"`
	BoundAs   string `json:"bound_as"`
	Reason    string `json:"reason"`
}

func renameDocs(renames []Rename) []renameDoc {
	var out []renameDoc
	for _, rn := range renames {
		d := renameDoc{Namespace: rn.Namespace, BoundAs: rn.BoundAs, Reason: rn.Reason}
		if rn.Kind == RenameBinary {
			d.Namespace, d.Binary = "", rn.Namespace
		}
		out = append(out, d)
	}
	return out
}
