// Package hashlib is the embedded interpreter's `hashlib` module: md5, sha1, sha224,
// sha256, sha384, sha512 (and new(name)) over Go's crypto packages. The hash objects
// are a Python class (hashlib.py) holding closures over the Go hash state.
package hashlib

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	_ "embed"
	"encoding"
	"hash"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed hashlib.py
var source []byte

// Register adds the module to a module table under the name "hashlib".
func Register(m vm.Modules) {
	m.Register("hashlib", pymodule.ModuleFuncWith("hashlib", "hashlib.py", source, map[string]vm.Value{
		"_hash_new": &vm.Builtin{Name: "_hash_new", Fn: hashNew},
	}))
}

var constructors = map[string]func() hash.Hash{
	"md5":      md5.New,
	"sha1":     sha1.New,
	"sha224":   sha256.New224,
	"sha256":   sha256.New,
	"sha384":   sha512.New384,
	"sha512":   sha512.New,
	"sha3_224": func() hash.Hash { return sha3.New224() },
	"sha3_256": func() hash.Hash { return sha3.New256() },
	"sha3_384": func() hash.Hash { return sha3.New384() },
	"sha3_512": func() hash.Hash { return sha3.New512() },
}

// hashNew(name) returns (update, digest, copy, digest_size, block_size) for a new
// hash of algorithm name, or None when the algorithm is unknown.
func hashNew(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 1 {
		return vm.None, nil
	}
	name, _ := args[0].(vm.Str)
	mk, ok := constructors[string(name)]
	if !ok {
		return vm.None, nil
	}
	return wrap(mk(), mk), nil
}

func wrap(h hash.Hash, mk func() hash.Hash) vm.Tuple {
	b := func(name string, fn vm.BuiltinFunc) *vm.Builtin { return &vm.Builtin{Name: name, Fn: fn} }
	return vm.Tuple{
		b("update", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			if len(args) != 1 {
				return nil, vm.Errorf(vm.TypeErrorClass, "update() takes exactly one argument (%d given)", len(args))
			}
			data, ok := args[0].(vm.Bytes)
			if !ok {
				return nil, vm.Errorf(vm.TypeErrorClass, "object supporting the buffer API required")
			}
			h.Write([]byte(data))
			return vm.None, nil
		}),
		b("digest", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			return vm.Bytes(h.Sum(nil)), nil
		}),
		b("copy", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
			if err != nil {
				return nil, vm.Errorf(vm.ValueErrorClass, "copying a hash: %v", err)
			}
			h2 := mk()
			if err := h2.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
				return nil, vm.Errorf(vm.ValueErrorClass, "copying a hash: %v", err)
			}
			return wrap(h2, mk), nil
		}),
		vm.Int(h.Size()),
		vm.Int(h.BlockSize()),
	}
}
