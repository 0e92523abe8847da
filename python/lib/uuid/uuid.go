// Package uuid is the embedded interpreter's `uuid` module: the UUID class, uuid4 from
// the table's entropy source, the name-based uuid3/uuid5, and uuid1 from the table's
// clock with a random node (the sandbox has no hardware address), written in Python
// source (uuid.py).
package uuid

import (
	"crypto/rand"
	_ "embed"
	"io"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed uuid.py
var source []byte

// Register adds the module to a module table under the name "uuid". entropy supplies
// uuid4's random bytes; nil means the operating system's secure random source. The
// module imports hashlib (and time for uuid1), which must be in the same table.
func Register(m vm.Modules, entropy io.Reader) {
	if entropy == nil {
		entropy = rand.Reader
	}
	m.Register("uuid", pymodule.ModuleFuncWith("uuid", "uuid.py", source, map[string]vm.Value{
		"_urandom16": &vm.Builtin{Name: "_urandom16", Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			var b [16]byte
			if _, err := io.ReadFull(entropy, b[:]); err != nil {
				return nil, vm.Errorf(vm.OSErrorClass, "reading the entropy source: %v", err)
			}
			return vm.Bytes(b[:]), nil
		}},
	}))
}
