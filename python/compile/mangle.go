package compile

import (
	"strings"

	"github.com/toolplane/toolplane/python/syntax"
)

// Private names. Inside a class body, and in every function, lambda and
// comprehension nested in it, an identifier that starts with two
// underscores and does not end with two (self.__token, def __helper,
// __count = 0) is rewritten to _ClassName__token, as CPython does, so a
// base class and its subclass each keep their own attribute. The scope
// collector rewrites the tree in place as it meets the names (variables,
// attribute names, parameters, global and nonlocal declarations, except
// and import targets, match captures); keyword argument names in calls
// stay as written, like CPython's. A def or class statement keeps its
// __name__ and binds the mangled name (see scope.mangle at its store).

// maxMangledBytes bounds the bytes of all the mangled names one compile
// makes. Each distinct private name in a class costs the class name's
// length once (mangled names are shared), so ordinary code spends a few
// kilobytes; a hostile source with a class name of half a megabyte and
// a hundred thousand distinct private names would otherwise ask for tens
// of gigabytes before the VM's memory limit could see it.
const maxMangledBytes = 16 << 20

// mangler makes and shares the mangled names of one compile.
type mangler struct {
	names map[[2]string]string
	bytes int
	// tooMany is set once the names outgrew maxMangledBytes.
	tooMany bool
}

// privateOf is the class name that mangles the names of a scope with
// the given parent: a class's own name, else its parent's.
func privateOf(kind scopeKind, parent *scope, name string) string {
	if kind == classScope {
		return strings.TrimLeft(name, "_")
	}
	if parent != nil {
		return parent.private
	}
	return ""
}

// mangle returns name as it is stored in scope s.
func (s *scope) mangle(name string) string {
	if s.private == "" || !needsMangling(name) {
		return name
	}
	return s.mangler.get(s.private, name)
}

func needsMangling(name string) bool {
	return len(name) > 2 && name[0] == '_' && name[1] == '_' &&
		!strings.HasSuffix(name, "__") && !strings.Contains(name, ".")
}

func (m *mangler) get(private, name string) string {
	key := [2]string{private, name}
	if v, ok := m.names[key]; ok {
		return v
	}
	if m.bytes += 1 + len(private) + len(name); m.bytes > maxMangledBytes {
		m.tooMany = true
		return name
	}
	if m.names == nil {
		m.names = map[[2]string]string{}
	}
	v := "_" + private + name
	m.names[key] = v
	return v
}

// mangleArgs rewrites the parameter names of a def or lambda.
func (s *scope) mangleArgs(a *syntax.Arguments) {
	if s.private == "" {
		return
	}
	for _, p := range allArgs(a) {
		p.Arg = s.mangle(p.Arg)
	}
}

// mangleAlias rewrites the name an import binds: import __m and
// from m import __x bind _C__m and _C__x (import __a.b, which binds
// the package, stays as written).
func (s *scope) mangleAlias(a *syntax.Alias) {
	if s.private == "" || a.Name == "*" {
		return
	}
	if a.AsName != "" {
		a.AsName = s.mangle(a.AsName)
		return
	}
	if m := s.mangle(a.Name); m != a.Name {
		a.AsName = m
	}
}
