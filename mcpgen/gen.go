package mcpgen

import (
	"bytes"
	"fmt"
	"go/format"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/template"
)

// GeneratedFile is the name of the file mcpgen writes in output.dir.
const GeneratedFile = "tools_gen.go"

// Generate loads the configured packages and returns the generated source.
func Generate(c *Config) ([]byte, *Loaded, error) {
	l, err := Load(c)
	if err != nil {
		return nil, nil, err
	}
	if len(l.Tools) == 0 {
		return nil, nil, fmt.Errorf("mcpgen: no `// mcp:tool` functions found in %s", strings.Join(c.Packages, ", "))
	}
	src, err := Render(c.PackageName(), l)
	return src, l, err
}

// Write generates and writes output.dir/tools_gen.go, creating the
// directory. It reports whether the file changed.
func Write(c *Config) (bool, error) {
	src, _, err := Generate(c)
	if err != nil {
		return false, err
	}
	path := filepath.Join(c.OutputDir(), GeneratedFile)
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, src) {
		return false, nil
	}
	if err := os.MkdirAll(c.OutputDir(), 0o755); err != nil {
		return false, fmt.Errorf("mcpgen: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, src, 0o644); err != nil {
		return false, fmt.Errorf("mcpgen: %w", err)
	}
	return true, os.Rename(tmp, path)
}

// Render produces the gofmt'd source of the generated package.
func Render(pkgName string, l *Loaded) ([]byte, error) {
	im := &importer{byPath: map[string]string{}, used: map[string]bool{
		"context": true, "json": true, "capability": true, "mcprt": true,
	}}
	q := im.qualifier
	type param struct {
		Param
		TypeStr string
	}
	type tool struct {
		*Tool
		Ident     string
		PkgAlias  string
		Params    []param
		Labels    [][2]string
		Input     string
		Output    string
		CallArgs  string
		ResultVar string
	}
	var tools []tool
	var std, other []string
	idents := map[string]bool{}
	for _, t := range l.Tools {
		id := lowerFirst(exportName(t.Namespace) + exportName(t.Name))
		for base, i := id, 2; idents[id]; i++ {
			id = fmt.Sprintf("%s%d", base, i)
		}
		idents[id] = true
		tt := tool{Tool: t, Ident: id, PkgAlias: im.alias(t.PkgPath, t.PkgName), Labels: t.Labels}
		var args []string
		if t.HasContext {
			args = append(args, "ctx")
		}
		for _, p := range t.Params {
			if p.BindField != "" {
				args = append(args, "b."+p.BindField)
				continue
			}
			tt.Params = append(tt.Params, param{Param: p, TypeStr: types.TypeString(p.Type, q)})
			args = append(args, "in."+p.Field)
		}
		tt.CallArgs = strings.Join(args, ", ")
		tt.Input = goString(t.InputSchema)
		if t.OutputSchema != "" {
			tt.Output = goString(t.OutputSchema)
		}
		tools = append(tools, tt)
	}
	type binding struct {
		Field, TypeStr string
		// Nilable: the zero value is nil (an interface, a pointer, a
		// func, a map, a chan), so RegisterAll can tell "not set".
		Nilable bool
		Tools   string // the tools that need it
	}
	var binds []binding
	anyNilable := false
	for _, b := range l.Bindings {
		var users []string
		for _, t := range l.Tools {
			for _, p := range t.Params {
				if p.BindField == b.Field {
					users = append(users, t.ID)
					break
				}
			}
		}
		nilable := false
		switch b.Type.Underlying().(type) {
		case *types.Interface, *types.Pointer, *types.Signature, *types.Map, *types.Chan:
			nilable, anyNilable = true, true
		}
		binds = append(binds, binding{b.Field, types.TypeString(b.Type, q), nilable, strings.Join(users, ", ")})
	}
	std, other = im.list()
	if anyNilable {
		std = append(std, strconv.Quote("errors"))
		sort.Strings(std)
	}
	var buf bytes.Buffer
	err := genTemplate.Execute(&buf, map[string]any{
		"Package":  pkgName,
		"Std":      std,
		"Imports":  other,
		"Tools":    tools,
		"Bindings": binds,
	})
	if err != nil {
		return nil, fmt.Errorf("mcpgen: rendering: %w", err)
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("mcpgen: generated code does not parse (a bug in mcpgen): %w\n%s", err, buf.Bytes())
	}
	return src, nil
}

type importer struct {
	byPath map[string]string
	used   map[string]bool
}

func (im *importer) alias(path, name string) string {
	if a, ok := im.byPath[path]; ok {
		return a
	}
	a := name
	for i := 2; im.used[a]; i++ {
		a = fmt.Sprintf("%s%d", name, i)
	}
	im.used[a] = true
	im.byPath[path] = a
	return a
}

func (im *importer) qualifier(p *types.Package) string { return im.alias(p.Path(), p.Name()) }

// list returns the import specs of the standard library and of other
// modules, each sorted, for the two import groups.
func (im *importer) list() (std, other []string) {
	for path, a := range im.byPath {
		out := &other
		if !strings.Contains(strings.Split(path, "/")[0], ".") {
			out = &std
		}
		if base := path[strings.LastIndex(path, "/")+1:]; base == a {
			*out = append(*out, strconv.Quote(path))
		} else {
			*out = append(*out, a+" "+strconv.Quote(path))
		}
	}
	sort.Strings(std)
	sort.Strings(other)
	return std, other
}

func goString(s string) string {
	if strings.ContainsAny(s, "`\r") {
		return strconv.Quote(s)
	}
	return "`" + s + "`"
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

var genTemplate = template.Must(template.New("gen").Funcs(template.FuncMap{
	"quote":    strconv.Quote,
	"goString": goString,
}).Parse(`// Code generated by mcpgen. DO NOT EDIT.

package {{.Package}}

import (
	"context"
	"encoding/json"
{{range .Std}}	{{.}}
{{end}}
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/mcpgen/mcprt"
{{range .Imports}}	{{.}}
{{end}})

// Bindings supplies the parameters that the host binds (mcp:bind) rather
// than the caller.
type Bindings struct {
{{- range .Bindings}}
	{{.Field}} {{.TypeStr}}
{{- end}}
}

// RegisterAll registers every generated tool with r. A binding left
// unset is refused here, naming the tools that need it, rather than
// failing their first call with a nil dereference.
func RegisterAll(r mcprt.Registrar, b Bindings) error {
{{- if .Bindings}}
	if err := b.check(); err != nil {
		return err
	}
{{- end}}
	for _, c := range Capabilities(b) {
		if err := r.Register(c); err != nil {
			return err
		}
	}
	return nil
}

{{- if .Bindings}}

// check reports every binding that is not set.
func (b Bindings) check() error {
{{- $nilable := false}}{{range .Bindings}}{{if .Nilable}}{{$nilable = true}}{{end}}{{end}}
{{- if $nilable}}
	var errs []error
{{- range .Bindings}}{{if .Nilable}}
	if b.{{.Field}} == nil {
		errs = append(errs, errors.New("mcpgen: Bindings.{{.Field}} ({{.TypeStr}}) is not set; {{.Tools}} need it: set it before RegisterAll"))
	}
{{- end}}{{end}}
	return errors.Join(errs...)
{{- else}}
	return nil
{{- end}}
}
{{- end}}

// Capabilities returns the generated tools, in id order.
func Capabilities(b Bindings) []capability.Capability {
	return []capability.Capability{
{{- range .Tools}}
		{
			ID:          {{quote .ID}},
			Source:      capability.SourceGo,
			Namespace:   {{quote .Namespace}},
			Name:        {{quote .Name}},
			Description: {{quote .Description}},
			InputSchema: json.RawMessage({{.Input}}),
{{- if .Output}}
			OutputSchema: {{.Ident}}Output.Raw,
{{- end}}
{{- if .Labels}}
			Labels: map[string]string{ {{- range .Labels}}{{quote (index . 0)}}: {{quote (index . 1)}}, {{end -}} },
{{- end}}
			Handler: {{.Ident}}Handler(b),
		},
{{- end}}
	}
}
{{range .Tools}}
// {{.Ident}}Input is the arguments object of {{.ID}}.
type {{.Ident}}Input struct {
{{- range .Params}}
	{{.Field}} {{.TypeStr}} ` + "`" + `json:"{{.JSONName}}{{if not .Required}},omitempty{{end}}"` + "`" + `
{{- end}}
}

{{- if .Output}}

// {{.Ident}}Output is the output schema of {{.ID}}.
var {{.Ident}}Output = mcprt.NewSchema({{.Output}})
{{- end}}

// {{.Ident}}Handler calls {{.PkgAlias}}.{{.Func}}.
func {{.Ident}}Handler(b Bindings) capability.Handler {
	return func(ctx context.Context, args map[string]any) (*capability.Result, error) {
		var in {{.Ident}}Input
		if err := mcprt.DecodeArgs({{quote .ID}}, args, &in); err != nil {
			return nil, err
		}
{{- $n := len .Results}}
{{- if eq $n 0}}
		{{if .HasError}}if err := {{end}}{{.PkgAlias}}.{{.Func}}({{.CallArgs}}){{if .HasError}}; err != nil {
			return mcprt.ToolError(err), nil
		}{{end}}
		return mcprt.Empty(), nil
{{- else}}
		{{range $i, $r := .Results}}{{if $i}}, {{end}}r{{$i}}{{end}}{{if .HasError}}, err{{end}} := {{.PkgAlias}}.{{.Func}}({{.CallArgs}})
{{- if .HasError}}
		if err != nil {
			return mcprt.ToolError(err), nil
		}
{{- end}}
{{- if eq $n 1}}
{{- if .ResultWrapped}}
		return {{.Ident}}Output.Structured(map[string]any{"result": r0})
{{- else}}
		return {{.Ident}}Output.Structured(r0)
{{- end}}
{{- else}}
		return {{.Ident}}Output.Structured(map[string]any{
{{- range $i, $r := .Results}}
			{{quote $r.JSONName}}: r{{$i}},
{{- end}}
		})
{{- end}}
{{- end}}
	}
}
{{end}}`))
