// Package csv is the embedded interpreter's `csv` module: reader, writer, DictReader
// and DictWriter over lists of strings and io.StringIO, with CPython's dialects,
// quoting rules and error messages. The API is Python source (csv.py); the reader's
// state machine (CPython's _csv parser) and the writer's row formatting run in Go
// (reader.go, writer.go), so a large tool output costs microseconds per line.
package csv

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed csv.py
var source []byte

// Register adds the module to a module table under the name "csv".
func Register(m vm.Modules) {
	m.Register("csv", pymodule.ModuleFuncWith("csv", "csv.py", source, map[string]vm.Value{
		"_read_record": &vm.Builtin{Name: "_read_record", Fn: readRecord},
		"_format_row":  &vm.Builtin{Name: "_format_row", Fn: formatRow},
	}))
}
