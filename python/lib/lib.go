// Package lib assembles the embedded interpreter's standard library: the module table a
// host passes as python.RunOptions.Modules.
//
//	prog.Run(ctx, python.RunOptions{Modules: lib.Modules()})
//
// Build the table once and share it between runs: modules written in Python source are
// compiled once per table, and re keeps a pattern cache per table. MODULES.md lists what
// is provided and what is deliberately absent; a test keeps it in step with Modules.
package lib

import (
	"embed"
	"io"

	pyarray "github.com/toolplane/toolplane/python/lib/array"
	"github.com/toolplane/toolplane/python/lib/base64"
	"github.com/toolplane/toolplane/python/lib/bisect"
	"github.com/toolplane/toolplane/python/lib/cmath"
	"github.com/toolplane/toolplane/python/lib/collections"
	pycopy "github.com/toolplane/toolplane/python/lib/copy"
	"github.com/toolplane/toolplane/python/lib/csv"
	"github.com/toolplane/toolplane/python/lib/datetime"
	"github.com/toolplane/toolplane/python/lib/decimal"
	"github.com/toolplane/toolplane/python/lib/fractions"
	"github.com/toolplane/toolplane/python/lib/hashlib"
	"github.com/toolplane/toolplane/python/lib/heapq"
	"github.com/toolplane/toolplane/python/lib/hmac"
	"github.com/toolplane/toolplane/python/lib/html"
	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	pyio "github.com/toolplane/toolplane/python/lib/io"
	"github.com/toolplane/toolplane/python/lib/itertools"
	pyjson "github.com/toolplane/toolplane/python/lib/json"
	pymath "github.com/toolplane/toolplane/python/lib/math"
	"github.com/toolplane/toolplane/python/lib/pprint"
	pyrandom "github.com/toolplane/toolplane/python/lib/random"
	"github.com/toolplane/toolplane/python/lib/re"
	"github.com/toolplane/toolplane/python/lib/statistics"
	pystruct "github.com/toolplane/toolplane/python/lib/struct"
	pysys "github.com/toolplane/toolplane/python/lib/sys"
	pytime "github.com/toolplane/toolplane/python/lib/time"
	"github.com/toolplane/toolplane/python/lib/traceback"
	"github.com/toolplane/toolplane/python/lib/unicodedata"
	"github.com/toolplane/toolplane/python/lib/unittest"
	"github.com/toolplane/toolplane/python/lib/urllib"
	"github.com/toolplane/toolplane/python/lib/uuid"
	"github.com/toolplane/toolplane/python/lib/zoneinfo"
	"github.com/toolplane/toolplane/python/vm"
)

// pysrc holds the modules written purely in Python source (no Go natives): mostly glue
// around the language (classes, generators, closures), where Python source is shorter
// and obviously faithful to CPython. A file "a.py" is module a; "a.b.py" is submodule b
// of package a. Modules that pair Python source with Go natives embed their source in
// their own package; both kinds are built by internal/pymodule.
//
//go:embed pysrc/*.py
var pysrc embed.FS

// Modules returns a new table of every module the embedded interpreter provides, plus
// an entry for each module of Absent that fails with an explanation.
func Modules() vm.Modules {
	return ModulesWith(Config{})
}

// Config adjusts the modules of a table.
type Config struct {
	// Clock supplies time.time(), datetime.now() and friends; nil means the wall
	// clock. Tests pass a fixed clock so their output is stable.
	Clock pytime.Clock
	// Entropy seeds unseeded random generators and supplies uuid4(), uuid1()'s
	// node and random.SystemRandom; nil means the operating system's secure source.
	// Tests pass a fixed reader so their output is stable. Runs of one table read it
	// concurrently, so it must be safe for concurrent use.
	Entropy io.Reader
}

// ModulesWith returns the module table of Modules configured by cfg.
func ModulesWith(cfg Config) vm.Modules {
	m := vm.DefaultModules()
	for _, name := range Absent() {
		m.Register(name, absentModule(name))
	}
	pymodule.RegisterFS(m, pysrc, "pysrc")
	collections.Register(m)
	pycopy.Register(m)
	datetime.Register(m)
	itertools.Register(m)
	re.Register(m)
	m.Register("json", pyjson.Module)
	m.Register("math", pymath.Module)
	m.Register("cmath", cmath.Module)
	pytime.Register(m, cfg.Clock)
	pyarray.Register(m)
	base64.Register(m)
	bisect.Register(m)
	csv.Register(m)
	decimal.Register(m)
	fractions.Register(m)
	hashlib.Register(m)
	heapq.Register(m)
	hmac.Register(m)
	html.Register(m)
	pyio.Register(m)
	pprint.Register(m)
	pyrandom.Register(m, cfg.Entropy)
	statistics.Register(m)
	pystruct.Register(m)
	pysys.Register(m)
	traceback.Register(m)
	unicodedata.Register(m)
	unittest.Register(m)
	urllib.Register(m)
	uuid.Register(m, cfg.Entropy)
	zoneinfo.Register(m)
	m.Register("builtins", builtinsModule)
	return m
}
