package capability

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Registry holds capabilities by canonical id and the aliases a snippet
// uses to call them. It is safe for concurrent use. Construct one with
// NewRegistry; there is no global registry.
//
// Aliases are derived, never chosen: a Go or MCP capability gets the flat
// alias ns_name (greeter_greet) and the scoped alias ns.name
// (greeter.greet); a CLI capability gets its binary name (git). Names are
// normalised to identifiers. An alias exists only while it is unique and
// shadows nothing reserved (Python builtins and keywords, runtime
// bindings, the modules a snippet can import); otherwise it is withdrawn
// and Add reports why. The canonical id always works.
//
// A namespace named like a reserved name is not withdrawn but bound with
// a trailing underscore: the tools of an MCP server named logging are
// logging_.NAME, so `import logging` still gets the module and the server
// stays reachable. So is a CLI binary's flat alias (an allowed binary
// named id is id_). Renames reports each; search results carry the
// renames of the capabilities they show.
type Registry struct {
	mu       sync.RWMutex
	reserved map[string]string // name -> what it is, for messages
	modules  []string          // WithModules, sorted; set at construction
	caps     map[string]*Capability
	aliases  map[string]string   // alias (flat or "ns.name") -> id
	byID     map[string][]string // id -> its aliases, sorted
	issues   []*AliasError
	renames  []Rename
	index    *searchIndex // built by Search, dropped on every change
	resolve  map[Source]Resolver
}

// Resolver materialises a capability that is not registered up front,
// from its canonical id: a CLI binary found on PATH in ambient mode, say.
// It returns an error when the id names nothing it may provide.
type Resolver func(id string) (*Capability, error)

// SetResolver makes Lookup consult r for canonical ids of source src that
// are not registered. Resolved capabilities are not added to the registry:
// they get no aliases and do not appear in List or Search.
func (r *Registry) SetResolver(src Source, res Resolver) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.resolve == nil {
		r.resolve = map[Source]Resolver{}
	}
	r.resolve[src] = res
}

// Resolvable reports whether id is a canonical id whose source has a
// resolver, so a call to it must go to the dispatch chain (where admission
// decides) even though it is not registered.
func (r *Registry) Resolvable(id string) bool {
	src, _, _, err := ParseID(id)
	if err != nil {
		return false
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.resolve[src] != nil
}

// RegistryOption configures a Registry.
type RegistryOption func(*Registry)

// WithReserved reserves more names (for example the bindings of a backend)
// so no alias takes them.
func WithReserved(what string, names ...string) RegistryOption {
	return func(r *Registry) {
		for _, n := range names {
			r.reserved[n] = what
		}
	}
}

// WithModules reserves the names of the modules a snippet can import (the
// top-level ones: "collections" for collections.abc). The list belongs to
// the interpreter, so the composition root passes it in; a registry built
// without it reserves no module names. A name already reserved as
// something else keeps that reason.
func WithModules(names ...string) RegistryOption {
	return func(r *Registry) {
		for _, n := range names {
			if _, ok := r.reserved[n]; !ok {
				r.reserved[n] = ReasonModule
			}
			if !slices.Contains(r.modules, n) {
				r.modules = append(r.modules, n)
			}
		}
		sort.Strings(r.modules)
	}
}

// ReasonModule is the reason of a name reserved by WithModules.
const ReasonModule = "stdlib module"

// Modules returns the names reserved by WithModules, sorted: the modules
// a snippet can import.
func (r *Registry) Modules() []string { return slices.Clone(r.modules) }

// NewRegistry returns an empty registry that reserves the Python builtins
// and keywords and the runtime bindings, plus what opts reserve (the
// modules, with WithModules).
func NewRegistry(opts ...RegistryOption) *Registry {
	builtins, bindings := PythonBuiltins(), RuntimeBindings()
	r := &Registry{
		// Sized for the builtins, the bindings and about as many module
		// names: growing it step by step was a share of every run's start.
		reserved: make(map[string]string, 2*(len(builtins)+len(bindings))),
		caps:     map[string]*Capability{},
		aliases:  map[string]string{},
		byID:     map[string][]string{},
	}
	for _, n := range builtins {
		r.reserved[n] = "Python builtin"
	}
	for _, n := range bindings {
		r.reserved[n] = "runtime binding"
	}
	for _, o := range opts {
		o(r)
	}
	return r
}

// AliasError reports an alias that was not made. The capabilities stay
// registered and callable by canonical id (and by scoped name unless that is
// what failed).
type AliasError struct {
	Alias string   // the alias that was withdrawn ("greeter_greet", "greeter.greet", or a namespace "greeter")
	Kind  string   // "flat", "scoped" or "namespace"
	IDs   []string // the capabilities that wanted it, sorted
	// Reason says why: "collides" when several capabilities claim it, or
	// what it would shadow ("Python builtin", "runtime binding", ...).
	Reason string
}

// Error implements error.
func (e *AliasError) Error() string {
	if e.Reason == "collides" {
		return fmt.Sprintf("%s alias %q is claimed by %s: it is not made for any of them; call_tool with the canonical id still works",
			e.Kind, e.Alias, strings.Join(e.IDs, " and "))
	}
	return fmt.Sprintf("%s alias %q of %s would shadow the %s %q: it is not made; call_tool with the canonical id still works",
		e.Kind, e.Alias, strings.Join(e.IDs, ", "), e.Reason, e.Alias)
}

// involves reports whether the error concerns capability id.
func (e *AliasError) involves(id string) bool { return slices.Contains(e.IDs, id) }

// Add registers c. A capability whose id is already registered, or that is
// invalid, is rejected with an error and not added. When c is added but one
// of its aliases (or an alias of another capability that now collides with
// it) cannot be made, Add returns the *AliasError values joined: c is then
// registered and callable by canonical id, and a caller that wants
// registration to fail closed treats any error as fatal.
func (r *Registry) Add(c Capability) error {
	return r.AddAll(c)
}

// AddAll registers several capabilities at once, computing aliases once.
// Errors are as for Add; capabilities that are invalid or duplicate are
// skipped, the others are added.
func (r *Registry) AddAll(cs ...Capability) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	var errs []error
	var added []string
	for _, c := range cs {
		if err := c.normalize(); err != nil {
			errs = append(errs, fmt.Errorf("registering capability: %w", err))
			continue
		}
		if _, dup := r.caps[c.ID]; dup {
			errs = append(errs, fmt.Errorf("registering capability %s: already registered; remove it first or choose another name", c.ID))
			continue
		}
		cp := c
		cp.Labels = cloneLabels(c.Labels)
		r.caps[c.ID] = &cp
		added = append(added, c.ID)
	}
	r.rebuild()
	for _, is := range r.issues {
		for _, id := range added {
			if is.involves(id) {
				errs = append(errs, is)
				break
			}
		}
	}
	return errors.Join(errs...)
}

// Remove unregisters the capability with canonical id id and reports
// whether it was registered. Aliases withdrawn because of a collision with
// it come back.
func (r *Registry) Remove(id string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.caps[id]; !ok {
		return false
	}
	delete(r.caps, id)
	r.rebuild()
	return true
}

// RemoveAll unregisters the capabilities with the given canonical ids,
// computing aliases once, and returns how many were registered.
func (r *Registry) RemoveAll(ids ...string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, id := range ids {
		if _, ok := r.caps[id]; ok {
			delete(r.caps, id)
			n++
		}
	}
	if n > 0 {
		r.rebuild()
	}
	return n
}

// Len returns the number of registered capabilities.
func (r *Registry) Len() int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return len(r.caps)
}

// List returns the registered capabilities sorted by id. The values are
// shared with the registry and must not be modified.
func (r *Registry) List() []*Capability {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.sortedLocked()
}

func (r *Registry) sortedLocked() []*Capability {
	out := make([]*Capability, 0, len(r.caps))
	for _, c := range r.caps {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Lookup finds a capability by canonical id, flat alias or scoped alias,
// and finally by the resolver of the id's source, if any (SetResolver).
// The value is shared with the registry and must not be modified.
func (r *Registry) Lookup(idOrAlias string) (*Capability, bool) {
	r.mu.RLock()
	if c, ok := r.caps[idOrAlias]; ok {
		r.mu.RUnlock()
		return c, true
	}
	if id, ok := r.aliases[idOrAlias]; ok {
		c := r.caps[id]
		r.mu.RUnlock()
		return c, true
	}
	r.mu.RUnlock()
	src, _, _, err := ParseID(idOrAlias)
	if err != nil {
		return nil, false
	}
	r.mu.RLock()
	res := r.resolve[src]
	r.mu.RUnlock()
	if res == nil {
		return nil, false
	}
	// Called without the lock: a resolver may be slow (PATH lookups).
	c, err := res(idOrAlias)
	if err != nil || c == nil || c.ID != idOrAlias {
		return nil, false
	}
	return c, true
}

// Aliases returns the aliases currently made for id, flat first.
func (r *Registry) Aliases(id string) []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return slices.Clone(r.byID[id])
}

// Issues returns every alias currently withdrawn, sorted by alias.
func (r *Registry) Issues() []*AliasError {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return slices.Clone(r.issues)
}

// Namespace is the snippet-side binding table: each key is a flat alias
// ("greeter_greet") or a scoped alias ("greeter.greet", seen by the
// snippet as attribute greet of a namespace object greeter), each value a
// canonical id. call_tool is not in it: it is a runtime binding every
// backend provides.
type Namespace map[string]string

// Names returns the keys of n, sorted.
func (n Namespace) Names() []string {
	out := make([]string, 0, len(n))
	for k := range n {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Namespace returns a snapshot of the current binding table.
func (r *Registry) Namespace() Namespace { return r.NamespaceOf(nil) }

// NamespaceOf is Namespace holding only the aliases of capabilities keep
// accepts (nil: all): the binding table of a caller that may not call the
// others, for whom they do not exist (no name, no namespace object).
func (r *Registry) NamespaceOf(keep func(*Capability) bool) Namespace {
	r.mu.RLock()
	defer r.mu.RUnlock()
	ns := make(Namespace, len(r.aliases))
	for a, id := range r.aliases {
		if keep != nil {
			if c, ok := r.caps[id]; !ok || !keep(c) {
				continue
			}
		}
		ns[a] = id
	}
	return ns
}

// IsReserved reports whether name may not be bound by an alias and what
// it is.
func (r *Registry) IsReserved(name string) (what string, reserved bool) {
	what, reserved = r.reserved[name]
	return
}

// aliasCandidates returns the flat alias and the scoped alias's namespace
// and member the capability would like; empty strings when a part is not a
// valid identifier.
func aliasCandidates(c *Capability) (flat, scopeNS, scopeName string) {
	if c.Source == SourceCLI {
		if id, ok := Identifier(c.Name); ok {
			flat = id
		}
		return flat, "", ""
	}
	ns := path.Base(c.Namespace) // a Go package path names its package last
	nsID, nsOK := Identifier(ns)
	nameID, nameOK := Identifier(c.Name)
	if nsOK && nameOK {
		flat = nsID + "_" + nameID
		// A dunder member (a tool named __getattr__ or __class__) would be
		// an attribute of the namespace object with a meaning of its own:
		// only the flat alias is made.
		if !(len(nameID) > 4 && strings.HasPrefix(nameID, "__") && strings.HasSuffix(nameID, "__")) {
			scopeNS, scopeName = nsID, nameID
		}
	}
	return flat, scopeNS, scopeName
}

// rebuild recomputes every alias from the registered capabilities, so the
// result never depends on registration order. Callers hold r.mu.
func (r *Registry) rebuild() {
	flatClaims := map[string][]string{}   // flat alias -> ids
	scopedClaims := map[string][]string{} // "ns.name" -> ids
	rootClaims := map[string][]string{}   // namespace object -> ids
	for id, c := range r.caps {
		flat, ns, name := aliasCandidates(c)
		if flat != "" {
			flatClaims[flat] = append(flatClaims[flat], id)
		}
		if ns != "" {
			scopedClaims[ns+"."+name] = append(scopedClaims[ns+"."+name], id)
			rootClaims[ns] = append(rootClaims[ns], id)
		}
	}
	r.index = nil
	r.aliases = map[string]string{}
	r.byID = map[string][]string{}
	r.issues = nil
	r.renames = nil
	withdraw := func(kind, alias, reason string, ids []string) {
		ids = slices.Clone(ids)
		sort.Strings(ids)
		ids = slices.Compact(ids)
		r.issues = append(r.issues, &AliasError{Alias: alias, Kind: kind, IDs: ids, Reason: reason})
	}
	// bound maps each namespace to the name snippets reach it by: its own,
	// or, when that is reserved, the renamed one; a namespace that cannot
	// be bound at all is missing.
	bound := map[string]string{}
	boundIDs := map[string][]string{} // bound name -> ids, to keep flat aliases off it
	for root, ids := range rootClaims {
		what, reserved := r.reserved[root]
		if !reserved {
			bound[root] = root
			boundIDs[root] = append(boundIDs[root], ids...)
			continue
		}
		alt := renamed(root)
		if _, taken := r.reserved[alt]; taken || rootClaims[alt] != nil {
			withdraw("namespace", root, what, ids)
			continue
		}
		bound[root] = alt
		boundIDs[alt] = append(boundIDs[alt], ids...)
		rn := Rename{Kind: RenameNamespace, Namespace: root, BoundAs: alt, Reason: what, IDs: slices.Clone(ids)}
		sort.Strings(rn.IDs)
		r.renames = append(r.renames, rn)
	}
	for alias, ids := range flatClaims {
		switch what, reserved := r.reserved[alias]; {
		case reserved && len(ids) == 1 && r.caps[ids[0]].Source == SourceCLI:
			// An allowed binary named like a builtin or module (id, time)
			// is bound renamed, as a namespace is: id() stays the builtin,
			// id_() runs the binary, cli.id(...) too.
			alt := renamed(alias)
			_, taken := r.reserved[alt]
			if taken || flatClaims[alt] != nil || boundIDs[alt] != nil {
				withdraw("flat", alias, what, ids)
				continue
			}
			r.aliases[alt] = ids[0]
			r.renames = append(r.renames, Rename{Kind: RenameBinary, Namespace: alias, BoundAs: alt, Reason: what, IDs: slices.Clone(ids)})
		case reserved:
			withdraw("flat", alias, what, ids)
		case len(ids) > 1:
			withdraw("flat", alias, "collides", ids)
		case boundIDs[alias] != nil:
			// A namespace object of that name exists; scoped access wins
			// because it serves a whole namespace.
			withdraw("flat", alias, "collides", append(slices.Clone(ids), boundIDs[alias]...))
		default:
			r.aliases[alias] = ids[0]
		}
	}
	for alias, ids := range scopedClaims {
		root, name, _ := strings.Cut(alias, ".")
		b, ok := bound[root]
		switch {
		case !ok:
		case len(ids) > 1:
			withdraw("scoped", b+"."+name, "collides", ids)
		default:
			r.aliases[b+"."+name] = ids[0]
		}
	}
	for alias, id := range r.aliases {
		r.byID[id] = append(r.byID[id], alias)
	}
	for id := range r.byID {
		// Flat aliases (no dot) sort before scoped ones.
		slices.SortFunc(r.byID[id], func(a, b string) int {
			da, db := strings.Contains(a, "."), strings.Contains(b, ".")
			if da != db {
				if da {
					return 1
				}
				return -1
			}
			return strings.Compare(a, b)
		})
	}
	sort.Slice(r.issues, func(i, j int) bool {
		a, b := r.issues[i], r.issues[j]
		if a.Alias != b.Alias {
			return a.Alias < b.Alias
		}
		return a.Kind < b.Kind
	})
	sort.Slice(r.renames, func(i, j int) bool {
		a, b := r.renames[i], r.renames[j]
		if a.Namespace != b.Namespace {
			return a.Namespace < b.Namespace
		}
		return a.Kind > b.Kind // namespace before binary
	})
}

func cloneLabels(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
