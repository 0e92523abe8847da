// Package heapq is the embedded interpreter's `heapq` module, written in Python source
// (heapq.py) and compiled by the interpreter itself: the heap algorithms produce CPython's exact list layouts.
package heapq

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed heapq.py
var source []byte

// Register adds the module to a module table under the name "heapq".
func Register(m vm.Modules) { m.Register("heapq", pymodule.ModuleFunc("heapq", "heapq.py", source)) }
