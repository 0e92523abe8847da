// Package statistics is the embedded interpreter's `statistics` module, written in
// Python source (statistics.py) and compiled by the interpreter itself: averages and
// spread with CPython's exact-fraction arithmetic and StatisticsError messages. The
// exact partial sums of int and float data are computed in Go (partials.go).
package statistics

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed statistics.py
var source []byte

// Register adds the module to a module table under the name "statistics".
func Register(m vm.Modules) {
	m.Register("statistics", pymodule.ModuleFuncWith("statistics", "statistics.py", source, map[string]vm.Value{
		"_fast_partials": &vm.Builtin{Name: "_fast_partials", Fn: partials},
	}))
}
