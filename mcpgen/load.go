// Package mcpgen turns Go functions marked `// mcp:tool` into typed
// capabilities: it loads the packages named in mcpgen.yaml, reads the
// markers, derives JSON schemas from the parameter and result types at
// generation time, and writes a package of wrappers (see gen.go) that call
// the functions directly, with no reflection-based dispatch at run time.
package mcpgen

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Tool is one annotated function, ready to render.
type Tool struct {
	Pos         token.Position
	PkgPath     string // import path of the function's package
	PkgName     string // its package name
	Func        string // Go function name
	Namespace   string // tool namespace (package part of the name)
	Name        string // tool name within the namespace
	ID          string // canonical id go:<namespace>/<name>
	Description string
	Labels      [][2]string
	HasContext  bool
	Params      []Param
	Results     []Result
	HasError    bool
	// InputSchema and OutputSchema are JSON documents; OutputSchema is empty
	// when the function returns nothing but an error.
	InputSchema  string
	OutputSchema string
	// ResultWrapped is true when a single non-object result is wrapped as
	// {"result": v}.
	ResultWrapped bool
}

// Param is one JSON-decoded or bound parameter.
type Param struct {
	Name      string     // Go parameter name
	JSONName  string     // key in the arguments object
	Field     string     // field of the input struct
	Type      types.Type // its Go type
	Doc       string
	Required  bool
	BindField string // non-empty: taken from Bindings.<BindField>, not from JSON
	BindType  types.Type
}

// Result is one non-error return value.
type Result struct {
	JSONName string
	Type     types.Type
}

// Binding is one field of the generated Bindings struct.
type Binding struct {
	Field string
	Type  types.Type
}

// Loaded is what the generator found.
type Loaded struct {
	Tools    []*Tool
	Bindings []Binding
}

// Load type-checks the configured packages and collects their tools.
func Load(c *Config) (*Loaded, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo |
			packages.NeedImports | packages.NeedDeps,
		Dir: c.Dir(),
	}
	pkgs, err := packages.Load(cfg, c.Packages...)
	if err != nil {
		return nil, fmt.Errorf("mcpgen: loading packages: %w", err)
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		return nil, fmt.Errorf("mcpgen: the packages do not type-check:\n  %s", strings.Join(errs, "\n  "))
	}
	l := &loader{dir: c.Dir(), fset: pkgs[0].Fset, all: map[string]*types.Package{}, binds: map[string]*Binding{}}
	packages.Visit(pkgs, nil, func(p *packages.Package) { l.all[p.PkgPath] = p.Types })
	out := &Loaded{}
	names := map[string]*Tool{}
	// Every error of the run is reported, not the first: fixing a
	// package one error per run is slow.
	var failed []error
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Doc == nil {
					continue
				}
				t, err := l.tool(p, f, fd)
				if err != nil {
					failed = append(failed, err)
					continue
				}
				if t == nil {
					continue
				}
				if prev, dup := names[t.ID]; dup {
					failed = append(failed, &Error{Pos: t.Pos, Msg: fmt.Sprintf("duplicate tool name %q: also declared by %s at %s:%d; set a distinct mcp:name=", t.ID, prev.Func, prev.Pos.Filename, prev.Pos.Line)})
					continue
				}
				names[t.ID] = t
				out.Tools = append(out.Tools, t)
			}
		}
	}
	if len(failed) > 0 {
		return nil, errors.Join(failed...)
	}
	sort.Slice(out.Tools, func(i, j int) bool { return out.Tools[i].ID < out.Tools[j].ID })
	for _, b := range l.bindOrder {
		out.Bindings = append(out.Bindings, *l.binds[b])
	}
	return out, nil
}

type loader struct {
	dir       string
	fset      *token.FileSet
	all       map[string]*types.Package
	binds     map[string]*Binding
	bindOrder []string
}

func (l *loader) tool(p *packages.Package, f *ast.File, fd *ast.FuncDecl) (*Tool, error) {
	doc := fd.Doc
	var lines []string
	var lineNos []token.Position
	for _, c := range doc.List {
		text := c.Text
		pos := l.fset.Position(c.Slash)
		switch {
		case strings.HasPrefix(text, "//"):
			lines = append(lines, strings.TrimPrefix(strings.TrimPrefix(text, "//"), " "))
			lineNos = append(lineNos, pos)
		case strings.HasPrefix(text, "/*"):
			body := strings.TrimSuffix(strings.TrimPrefix(text, "/*"), "*/")
			for i, ln := range strings.Split(body, "\n") {
				lp := pos
				lp.Line += i
				lines = append(lines, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(ln), "*")))
				lineNos = append(lineNos, lp)
			}
		}
	}
	hasTool := false
	for _, ln := range lines {
		if strings.TrimSpace(ln) == "mcp:tool" || strings.HasPrefix(strings.TrimSpace(ln), "mcp:tool ") || strings.HasPrefix(strings.TrimSpace(ln), "mcp:tool=") {
			hasTool = true
		}
	}
	if !hasTool {
		return nil, nil
	}
	m, err := parseMarkers(lines, func(i int) token.Position { return lineNos[i] })
	if err != nil {
		return nil, err
	}
	pos := l.fset.Position(fd.Name.Pos())
	if fd.Recv != nil {
		return nil, &Error{Pos: pos, Msg: fmt.Sprintf("method %s has mcp:tool: methods are not supported; wrap the call in a package-level function", fd.Name.Name)}
	}
	if !fd.Name.IsExported() {
		return nil, &Error{Pos: pos, Msg: fmt.Sprintf("function %s has mcp:tool but is unexported: the generated package cannot call it; export it", fd.Name.Name)}
	}
	if fd.Type.TypeParams != nil && len(fd.Type.TypeParams.List) > 0 {
		return nil, &Error{Pos: pos, Msg: fmt.Sprintf("function %s has mcp:tool but is generic: instantiate it in a non-generic wrapper", fd.Name.Name)}
	}
	obj := p.TypesInfo.Defs[fd.Name].(*types.Func)
	sig := obj.Type().(*types.Signature)

	t := &Tool{Pos: pos, PkgPath: p.PkgPath, PkgName: p.Name, Func: fd.Name.Name, Description: m.description}
	t.Namespace, t.Name = p.Name, snakeCase(fd.Name.Name)
	if m.name != "" {
		if ns, n, ok := strings.Cut(m.name, "."); ok {
			t.Namespace, t.Name = ns, n
		} else {
			t.Name = m.name
		}
		if !isIdent(t.Namespace) || !isIdent(t.Name) {
			return nil, &Error{Pos: pos, Msg: fmt.Sprintf("mcp:name=%s: namespace and name must be identifiers", m.name)}
		}
	}
	t.ID = "go:" + t.Namespace + "/" + t.Name
	for _, k := range m.labelOrder {
		t.Labels = append(t.Labels, [2]string{k, m.labels[k]})
	}

	params := sig.Params()
	used := map[string]bool{}
	for i := 0; i < params.Len(); i++ {
		v := params.At(i)
		if i == 0 && isContext(v.Type()) {
			t.HasContext = true
			continue
		}
		if v.Name() == "" || v.Name() == "_" {
			return nil, &Error{Pos: l.fset.Position(v.Pos()), Msg: fmt.Sprintf("function %s: parameter %d has no name; name it so it can be an argument", fd.Name.Name, i+1)}
		}
		if sig.Variadic() && i == params.Len()-1 {
			return nil, &Error{Pos: l.fset.Position(v.Pos()), Msg: fmt.Sprintf("function %s: variadic parameter %s is not supported; take a slice", fd.Name.Name, v.Name())}
		}
		used[v.Name()] = true
		prm := Param{Name: v.Name(), JSONName: v.Name(), Field: exportName(v.Name()), Type: v.Type(), Doc: m.paramDocs[v.Name()]}
		if bt, ok := m.binds[v.Name()]; ok {
			typ, err := l.lookupType(p.Types, bt, m.imports)
			if err != nil {
				return nil, &Error{Pos: pos, Msg: fmt.Sprintf("function %s: mcp:bind=%s:%s: %v", fd.Name.Name, v.Name(), bt, err)}
			}
			if !types.AssignableTo(typ, v.Type()) {
				return nil, &Error{Pos: pos, Msg: fmt.Sprintf("function %s: mcp:bind=%s:%s: %s is not assignable to parameter type %s", fd.Name.Name, v.Name(), bt, typ, v.Type())}
			}
			prm.BindType = typ
			prm.BindField = l.binding(typ)
			t.Params = append(t.Params, prm)
			continue
		}
		// Pointers, slices and maps may be omitted: their zero value (nil)
		// is what an absent argument means in Go.
		switch v.Type().Underlying().(type) {
		case *types.Pointer, *types.Slice, *types.Map:
			prm.Required = false
		default:
			prm.Required = true
		}
		t.Params = append(t.Params, prm)
	}
	for name := range m.binds {
		if !used[name] {
			return nil, &Error{Pos: pos, Msg: fmt.Sprintf("function %s: mcp:bind names %q, which is not a parameter", fd.Name.Name, name)}
		}
	}
	for name := range m.paramDocs {
		if !used[name] {
			return nil, &Error{Pos: pos, Msg: fmt.Sprintf("function %s: param doc names %q, which is not a parameter", fd.Name.Name, name)}
		}
	}

	results := sig.Results()
	n := results.Len()
	if n > 0 && isError(results.At(n-1).Type()) {
		t.HasError = true
		n--
	}
	for i := 0; i < n; i++ {
		r := results.At(i)
		if isError(r.Type()) {
			return nil, &Error{Pos: pos, Msg: fmt.Sprintf("function %s: only the last result may be an error", fd.Name.Name)}
		}
		name := r.Name()
		if name == "" || name == "_" {
			name = "result"
			if n > 1 {
				name = fmt.Sprintf("result%d", i)
			}
		}
		t.Results = append(t.Results, Result{JSONName: name, Type: r.Type()})
	}

	sg := &schemaGen{all: l.all}
	in, err := sg.input(t)
	if err != nil {
		return nil, &Error{Pos: pos, Msg: fmt.Sprintf("function %s: %v", fd.Name.Name, err)}
	}
	t.InputSchema = in
	out, wrapped, err := sg.output(t)
	if err != nil {
		return nil, &Error{Pos: pos, Msg: fmt.Sprintf("function %s: %v", fd.Name.Name, err)}
	}
	t.OutputSchema, t.ResultWrapped = out, wrapped
	return t, nil
}

// lookupType resolves a bind type expression: "Type", "*Type", "pkg.Type"
// or "*pkg.Type", where pkg is the name of the function's package, of one
// of its imports, or of an mcp:import path.
func (l *loader) lookupType(home *types.Package, expr string, imports []string) (types.Type, error) {
	ptr := strings.HasPrefix(expr, "*")
	expr = strings.TrimPrefix(expr, "*")
	var scope *types.Scope
	name := expr
	if q, n, ok := strings.Cut(expr, "."); ok {
		name = n
		cands := append([]*types.Package{home}, home.Imports()...)
		for _, ip := range imports {
			p, err := l.importPkg(ip)
			if err != nil {
				return nil, err
			}
			cands = append(cands, p)
		}
		for _, c := range cands {
			if c.Name() == q {
				scope = c.Scope()
				break
			}
		}
		if scope == nil {
			return nil, fmt.Errorf("unknown package %q: add mcp:import=<path>", q)
		}
	} else {
		scope = home.Scope()
	}
	obj, ok := scope.Lookup(name).(*types.TypeName)
	if !ok {
		return nil, fmt.Errorf("type %q not found", expr)
	}
	if ptr {
		return types.NewPointer(obj.Type()), nil
	}
	return obj.Type(), nil
}

// importPkg returns an mcp:import package, loading it when the scanned
// packages do not already depend on it.
func (l *loader) importPkg(path string) (*types.Package, error) {
	if p, ok := l.all[path]; ok {
		return p, nil
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: l.dir}, path)
	if err != nil {
		return nil, fmt.Errorf("mcp:import=%s: %w", path, err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 || pkgs[0].Types == nil {
		return nil, fmt.Errorf("mcp:import=%s: cannot load the package", path)
	}
	l.all[path] = pkgs[0].Types
	return pkgs[0].Types, nil
}

func (l *loader) binding(t types.Type) string {
	key := types.TypeString(t, nil)
	if b, ok := l.binds[key]; ok {
		return b.Field
	}
	base := t
	if p, ok := base.(*types.Pointer); ok {
		base = p.Elem()
	}
	field := "Value"
	if n, ok := base.(*types.Named); ok {
		field = exportName(n.Obj().Name())
	}
	// Keep field names unique across bound types of the same name.
	taken := map[string]bool{}
	for _, b := range l.binds {
		taken[b.Field] = true
	}
	f := field
	for i := 2; taken[f]; i++ {
		f = fmt.Sprintf("%s%d", field, i)
	}
	l.binds[key] = &Binding{Field: f, Type: t}
	l.bindOrder = append(l.bindOrder, key)
	return f
}

func isContext(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func exportName(s string) string {
	if s == "" {
		return s
	}
	parts := strings.Split(s, "_")
	var b strings.Builder
	for _, p := range parts {
		if p == "" {
			continue
		}
		b.WriteString(strings.ToUpper(p[:1]) + p[1:])
	}
	if b.Len() == 0 {
		return "X"
	}
	return b.String()
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
