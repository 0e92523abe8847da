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
	pyjson "github.com/toolplane/toolplane/python/lib/json"
	pymath "github.com/toolplane/toolplane/python/lib/math"
	"github.com/toolplane/toolplane/python/lib/pysrc"
	"github.com/toolplane/toolplane/python/lib/re"
	pytime "github.com/toolplane/toolplane/python/lib/time"
	"github.com/toolplane/toolplane/python/vm"
)

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
}

// ModulesWith returns the module table of Modules configured by cfg.
func ModulesWith(cfg Config) vm.Modules {
	m := vm.DefaultModules()
	for _, name := range Absent {
		m.Register(name, absentModule(name))
	}
	pysrc.Register(m)
	re.Register(m)
	m.Register("json", pyjson.Module)
	m.Register("math", pymath.Module)
	pytime.Register(m, cfg.Clock)
	return m
}
