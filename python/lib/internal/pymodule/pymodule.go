// Package pymodule is the one mechanism behind every standard-library module written
// in Python source: the modules of python/lib/pysrc and the sources embedded in the Go
// package of a module that also has Go natives (statistics, csv, datetime, ...). The
// source is compiled once per module table, on first import; every run executes the
// compiled body in a fresh namespace, so runs never share module state.
package pymodule

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/toolplane/toolplane/python/compile"
	"github.com/toolplane/toolplane/python/syntax"
	"github.com/toolplane/toolplane/python/vm"
)

// ModuleFunc returns the builder of module name from Python source src (filename is
// used in tracebacks). Compilation happens once, on the first import through the
// returned builder; compiled code is immutable and shared by later runs.
func ModuleFunc(name, filename string, src []byte) vm.ModuleFunc {
	return ModuleFuncWith(name, filename, src, nil)
}

// ModuleFuncWith is ModuleFunc for a module whose source builds on Go functions:
// natives (nil for none) is set in the module namespace before the body runs.
func ModuleFuncWith(name, filename string, src []byte, natives map[string]vm.Value) vm.ModuleFunc {
	var (
		once sync.Once
		code *vm.CodeObj
		cerr error
	)
	return func(t *vm.Thread) (*vm.Module, error) {
		once.Do(func() { code, cerr = compileSource(name, filename, src) })
		if cerr != nil {
			return nil, cerr
		}
		return run(t, name, code, natives)
	}
}

// Register adds build to m as module name and links it with its package and its
// submodules in each run: whichever of "a" and "a.b" a snippet imports first, once both
// are loaded module a has attribute b, as in CPython.
func Register(m vm.Modules, name string, build vm.ModuleFunc) {
	var (
		once sync.Once
		subs []string
	)
	m.Register(name, func(t *vm.Thread) (*vm.Module, error) {
		mod, err := build(t)
		if err != nil {
			return nil, err
		}
		// The table is complete by its first run, so its submodules are known then.
		once.Do(func() { subs = submodules(m, name) })
		for _, sub := range subs {
			if s := t.LoadedModule(sub); s != nil {
				mod.Dict.SetStr(sub[len(name)+1:], s)
			}
		}
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			if pkg := t.LoadedModule(name[:i]); pkg != nil {
				pkg.Dict.SetStr(name[i+1:], mod)
			}
		}
		return mod, nil
	})
}

// submodules returns the direct submodules of name in m, sorted.
func submodules(m vm.Modules, name string) []string {
	var out []string
	for other := range m {
		if rest, ok := strings.CutPrefix(other, name+"."); ok && !strings.Contains(rest, ".") {
			out = append(out, other)
		}
	}
	sort.Strings(out)
	return out
}

// RegisterFS adds one module per "*.py" file in directory dir of fsys (an embedded
// file system), compiled with no Go natives and linked as Register does: file "a.py" is
// module a, "a.b.py" is submodule b of package a. It returns the names it registered,
// sorted.
func RegisterFS(m vm.Modules, fsys fs.FS, dir string) []string {
	// The pattern is well-formed, so Glob cannot fail; TestModulesDoc notices a module
	// that goes missing.
	files, _ := fs.Glob(fsys, path.Join(dir, "*.py"))
	var names []string
	for _, file := range files {
		name := strings.TrimSuffix(path.Base(file), ".py")
		Register(m, name, fsModuleFunc(fsys, name, file))
		names = append(names, name)
	}
	return names
}

// fsModuleFunc is ModuleFunc for the source in file of fsys, read on the
// first import, with the compilation: a table is built by every process
// that runs snippets (and its module names are listed at start-up), most
// of its modules are never imported, and copying every source out of the
// binary cost a trivial `toolplane run` about a millisecond.
func fsModuleFunc(fsys fs.FS, name, file string) vm.ModuleFunc {
	var (
		once sync.Once
		code *vm.CodeObj
		cerr error
	)
	return func(t *vm.Thread) (*vm.Module, error) {
		once.Do(func() {
			src, err := fs.ReadFile(fsys, file)
			if err != nil {
				cerr = fmt.Errorf("module %s: reading embedded source %s: %w", name, file, err)
				return
			}
			code, cerr = compileSource(name, path.Base(file), src)
		})
		if cerr != nil {
			return nil, cerr
		}
		return run(t, name, code, nil)
	}
}

// run executes a compiled module body in a fresh namespace preloaded with extra (may be
// nil) and returns the module.
func run(t *vm.Thread, name string, code *vm.CodeObj, extra map[string]vm.Value) (*vm.Module, error) {
	globals := vm.NewDict()
	globals.SetStr("__name__", vm.Str(name))
	for k, v := range extra {
		globals.SetStr(k, v)
	}
	if _, err := t.RunLibraryModule(code, globals); err != nil {
		return nil, err
	}
	adopt(globals, name)
	return &vm.Module{Name: name, Dict: globals}, nil
}

func compileSource(name, filename string, src []byte) (*vm.CodeObj, error) {
	filename = "<stdlib>/" + filename
	mod, err := syntax.Parse(filename, src)
	if err != nil {
		return nil, fmt.Errorf("module %s: parsing %s: %w", name, filename, err)
	}
	prog, err := compile.Module(filename, mod, compile.Options{})
	if err != nil {
		return nil, fmt.Errorf("module %s: compiling %s: %w", name, filename, err)
	}
	return vm.NewCode(prog.Module), nil
}

// adopt marks the classes and functions a module body defined as belonging to the
// module, so reprs read "<class 'fractions.Fraction'>" as in CPython, and makes the
// classes CPython implements as immutable types refuse attribute assignment from now
// on (the body has set what it sets on them).
func adopt(globals *vm.Dict, name string) {
	for _, it := range globals.Items() {
		switch v := it[1].(type) {
		case *vm.Class:
			if v.Module == "__main__" {
				v.Module = name
				v.CName = cTypeNames[name+"."+v.Name]
				v.Dict.SetStr("__module__", vm.Str(name))
				for _, m := range v.Dict.Items() {
					adoptFunc(m[1], name)
				}
			}
			// A class whose body set __module__ to its module's name (ZoneInfo,
			// KeyWrapper) is the module's own too; an imported one is not.
			if v.Module == name {
				if n := cTypeNames[name+"."+v.Name]; n != "" {
					v.SetImmutable(n)
				} else if n := immutableTypes[name+"."+v.Name]; n != "" {
					v.SetImmutable(n)
				}
			}
		case *vm.Function:
			adoptFunc(v, name)
		}
	}
}

// cTypeNames are the classes of the modules written in Python here that
// CPython implements in C, with the name its messages give them.
var cTypeNames = map[string]string{
	"datetime.date": "datetime.date", "datetime.time": "datetime.time",
	"datetime.datetime": "datetime.datetime", "datetime.timedelta": "datetime.timedelta",
	"datetime.tzinfo": "datetime.tzinfo", "datetime.timezone": "datetime.timezone",
	"collections.deque": "collections.deque", "collections.defaultdict": "collections.defaultdict",
	"collections.OrderedDict": "collections.OrderedDict",
	"decimal.Decimal":         "decimal.Decimal", "decimal.Context": "decimal.Context",
	"io.StringIO": "_io.StringIO", "io.BytesIO": "_io.BytesIO",
	"array.array": "array.array", "zoneinfo.ZoneInfo": "zoneinfo.ZoneInfo", "types.SimpleNamespace": "types.SimpleNamespace",
}

// immutableTypes are more classes of the modules written in Python here that
// CPython implements as immutable types, with CPython's name for them, whose
// messages here otherwise keep the class's own name (cTypeNames's classes are
// immutable too: CPython makes every type it implements in C immutable).
var immutableTypes = map[string]string{
	"functools.partial": "functools.partial", "functools.KeyWrapper": "functools.KeyWrapper",
	"operator.attrgetter": "operator.attrgetter", "operator.itemgetter": "operator.itemgetter",
	"operator.methodcaller": "operator.methodcaller",
	"hashlib.HASH":          "_hashlib.HASH", "hashlib.blake2b": "_blake2.blake2b", "hashlib.blake2s": "_blake2.blake2s",
	"struct.Struct": "_struct.Struct", "csv._reader": "_csv.reader", "csv._writer": "_csv.writer",
	"types.mappingproxy": "mappingproxy",
	// itertools' types (_itertype makes them in the module body).
	"itertools.count": "itertools.count", "itertools.cycle": "itertools.cycle", "itertools.repeat": "itertools.repeat",
	"itertools.accumulate": "itertools.accumulate", "itertools.chain": "itertools.chain",
	"itertools.compress": "itertools.compress", "itertools.dropwhile": "itertools.dropwhile",
	"itertools.takewhile": "itertools.takewhile", "itertools.filterfalse": "itertools.filterfalse",
	"itertools.groupby": "itertools.groupby", "itertools._grouper": "itertools._grouper",
	"itertools.islice": "itertools.islice", "itertools.pairwise": "itertools.pairwise",
	"itertools.starmap": "itertools.starmap", "itertools.zip_longest": "itertools.zip_longest",
	"itertools.product": "itertools.product", "itertools.permutations": "itertools.permutations",
	"itertools.combinations":                  "itertools.combinations",
	"itertools.combinations_with_replacement": "itertools.combinations_with_replacement",
	"itertools._tee":                          "itertools._tee",
}

func adoptFunc(v vm.Value, name string) {
	switch f := v.(type) {
	case *vm.Function:
		if f.Module == "__main__" {
			f.Module = name
		}
	case *vm.StaticMethod:
		adoptFunc(f.Fn, name)
	case *vm.ClassMethod:
		adoptFunc(f.Fn, name)
	case *vm.Property:
		adoptFunc(f.Get, name)
	}
}
