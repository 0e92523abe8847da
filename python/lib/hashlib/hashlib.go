// Package hashlib is the embedded interpreter's `hashlib` module: md5, sha1, sha224,
// sha256, sha384, sha512, sha3_*, shake_128/256 (and new(name)) over Go's crypto
// packages, and blake2b/blake2s implemented here from RFC 7693. The hash objects
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
		"_hash_new":   &vm.Builtin{Name: "_hash_new", Fn: hashNew},
		"_blake2_new": &vm.Builtin{Name: "_blake2_new", Fn: blake2New},
		"_shake_new":  &vm.Builtin{Name: "_shake_new", Fn: shakeNew},
	}))
}

var constructors = map[string]func() hash.Hash{
	"md5":        md5.New,
	"sha1":       sha1.New,
	"sha224":     sha256.New224,
	"sha256":     sha256.New,
	"sha384":     sha512.New384,
	"sha512":     sha512.New,
	"sha512_224": sha512.New512_224,
	"sha512_256": sha512.New512_256,
	"sha3_224":   func() hash.Hash { return sha3.New224() },
	"sha3_256":   func() hash.Hash { return sha3.New256() },
	"sha3_384":   func() hash.Hash { return sha3.New384() },
	"sha3_512":   func() hash.Hash { return sha3.New512() },
}

// hashNew(name) returns (update, digest, copy, digest_size, block_size) for a new
// hash of algorithm name, or None when the algorithm is unknown.
func hashNew(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 1 {
		return vm.None, nil
	}
	name, _ := vm.AsStr(args[0])
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
			// Digests visit every byte: the step budget, not only the
			// clock, bounds a loop of large updates.
			if err := t.TickChars(len(data)); err != nil {
				return nil, err
			}
			h.Write([]byte(data))
			return vm.None, nil
		}),
		b("digest", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			return vm.Bytes(h.Sum(nil)), nil
		}),
		b("copy", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			if c, ok := h.(interface{ Clone() hash.Hash }); ok {
				return wrap(c.Clone(), mk), nil
			}
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

// blake2New(name, digest_size, key, salt, person, fanout, depth, leaf_size,
// node_offset, node_depth, inner_size, last_node) returns the hash core of wrap for
// "blake2b" or "blake2s"; hashlib.py has checked the ranges.
func blake2New(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 12 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_blake2_new() takes 12 arguments")
	}
	ints := make([]int64, 0, 7)
	for _, i := range []int{1, 5, 6, 7, 8, 9, 10} {
		n, ok := args[i].(vm.Int)
		if !ok {
			return nil, vm.Errorf(vm.TypeErrorClass, "_blake2_new(): argument %d must be int", i)
		}
		ints = append(ints, int64(n))
	}
	var bs [3][]byte
	for j, i := range []int{2, 3, 4} {
		b, ok := args[i].(vm.Bytes)
		if !ok {
			return nil, vm.Errorf(vm.TypeErrorClass, "_blake2_new(): argument %d must be bytes", i)
		}
		bs[j] = []byte(b)
	}
	p := blake2Params{
		digestSize: int(ints[0]), fanout: int(ints[1]), depth: int(ints[2]), leafSize: uint32(ints[3]),
		nodeOffset: uint64(ints[4]), nodeDepth: int(ints[5]), innerSize: int(ints[6]),
		key: bs[0], salt: bs[1], person: bs[2], lastNode: args[11] == vm.Bool(true),
	}
	var mk func() hash.Hash
	switch args[0] {
	case vm.Str("blake2b"):
		mk = func() hash.Hash { return newBlake2b(p) }
	case vm.Str("blake2s"):
		mk = func() hash.Hash { return newBlake2s(p) }
	default:
		return nil, vm.Errorf(vm.ValueErrorClass, "unknown BLAKE2 variant %s", args[0])
	}
	return wrap(mk(), mk), nil
}

// shakeNew(name) returns (update, digest(length), copy, block_size) for a new
// SHAKE extendable-output hash, or None when name is not shake_128 or shake_256.
func shakeNew(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	var mk func() *sha3.SHAKE
	switch {
	case len(args) == 1 && args[0] == vm.Str("shake_128"):
		mk = sha3.NewSHAKE128
	case len(args) == 1 && args[0] == vm.Str("shake_256"):
		mk = sha3.NewSHAKE256
	default:
		return vm.None, nil
	}
	return wrapShake(mk(), mk), nil
}

func wrapShake(h *sha3.SHAKE, mk func() *sha3.SHAKE) vm.Tuple {
	b := func(name string, fn vm.BuiltinFunc) *vm.Builtin { return &vm.Builtin{Name: name, Fn: fn} }
	return vm.Tuple{
		b("update", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			data, ok := args[0].(vm.Bytes)
			if len(args) != 1 || !ok {
				return nil, vm.Errorf(vm.TypeErrorClass, "object supporting the buffer API required")
			}
			if err := t.TickChars(len(data)); err != nil {
				return nil, err
			}
			h.Write([]byte(data))
			return vm.None, nil
		}),
		b("digest", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			n, ok := args[0].(vm.Int)
			if len(args) != 1 || !ok || n < 0 {
				return nil, vm.Errorf(vm.ValueErrorClass, "length must be a non-negative int")
			}
			if err := t.Charge(int64(n)); err != nil {
				return nil, err
			}
			// Reading squeezes the state, so read from a copy.
			c, err := cloneShake(h, mk)
			if err != nil {
				return nil, err
			}
			out := make([]byte, n)
			c.Read(out)
			return vm.OwnBytes(out), nil
		}),
		b("copy", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			c, err := cloneShake(h, mk)
			if err != nil {
				return nil, err
			}
			return wrapShake(c, mk), nil
		}),
		vm.Int(h.BlockSize()),
	}
}

func cloneShake(h *sha3.SHAKE, mk func() *sha3.SHAKE) (*sha3.SHAKE, error) {
	state, err := h.MarshalBinary()
	if err != nil {
		return nil, vm.Errorf(vm.ValueErrorClass, "copying a hash: %v", err)
	}
	c := mk()
	if err := c.UnmarshalBinary(state); err != nil {
		return nil, vm.Errorf(vm.ValueErrorClass, "copying a hash: %v", err)
	}
	return c, nil
}
