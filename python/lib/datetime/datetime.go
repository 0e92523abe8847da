// Package datetime is the embedded interpreter's `datetime` module: date, time,
// datetime, timedelta, tzinfo and timezone in Python source (datetime.py, CPython 3.11's
// behaviour), over Go natives (natives.go) for the calendar arithmetic and strftime,
// the hot paths of agent snippets that bucket and format timestamps.
package datetime

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed datetime.py
var source []byte

// Register adds the module to a module table under the name "datetime". Its now() and
// today() read the table's clock through the time module.
func Register(m vm.Modules) {
	m.Register("datetime", pymodule.ModuleFuncWith("datetime", "datetime.py", source, natives()))
}
