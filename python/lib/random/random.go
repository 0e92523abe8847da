// Package random is the embedded interpreter's `random` module. The generator is the
// Mersenne Twister (MT19937) seeded exactly as CPython 3.11 seeds it, so a seeded run
// reproduces CPython's numbers: random.seed(42); random.random() is 0.6394267984578837
// in both. The distribution and sequence methods (randrange, choice, shuffle, sample,
// choices, gauss, ...) are written in Python source (random.py) with CPython's
// algorithms, over the Go core here.
//
// Unseeded generators (the module-level one at import, Random(), seed(None)) take their
// seed from the table's entropy source, so tests can make them deterministic too.
package random

import (
	"crypto/rand"
	"crypto/sha512"
	_ "embed"
	"encoding/binary"
	"io"
	"math"
	"math/big"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed random.py
var source []byte

// Register adds the module to a module table under the name "random". entropy seeds
// unseeded generators; nil means the operating system's secure random source.
func Register(m vm.Modules, entropy io.Reader) {
	if entropy == nil {
		entropy = rand.Reader
	}
	m.Register("random", pymodule.ModuleFuncWith("random", "random.py", source, Natives(entropy)))
}

// Natives returns the Go functions random.py builds on: _mt_new (a generator core),
// and the float functions of the distributions (CPython's random imports them from
// math).
func Natives(entropy io.Reader) map[string]vm.Value {
	f1 := func(name string, fn func(float64) float64) *vm.Builtin {
		return &vm.Builtin{Name: name, Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			if len(args) != 1 {
				return nil, vm.Errorf(vm.TypeErrorClass, "%s() takes exactly one argument (%d given)", name, len(args))
			}
			x, err := toFloat(args[0])
			if err != nil {
				return nil, err
			}
			r := fn(x)
			if math.IsNaN(r) && !math.IsNaN(x) {
				return nil, vm.Errorf(vm.ValueErrorClass, "math domain error")
			}
			if math.IsInf(r, 0) && !math.IsInf(x, 0) && name != "_log" {
				return nil, vm.Errorf(vm.OverflowErrorClass, "math range error")
			}
			if name == "_log" && x == 0 {
				return nil, vm.Errorf(vm.ValueErrorClass, "math domain error")
			}
			return vm.Float(r), nil
		}}
	}
	return map[string]vm.Value{
		"_mt_new": &vm.Builtin{Name: "_mt_new", Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			return newCore(entropy), nil
		}},
		"_log":  f1("_log", math.Log),
		"_exp":  f1("_exp", math.Exp),
		"_sqrt": f1("_sqrt", math.Sqrt),
		"_cos":  f1("_cos", math.Cos),
		"_sin":  f1("_sin", math.Sin),
		"_acos": f1("_acos", math.Acos),
		"_urandom": &vm.Builtin{Name: "_urandom", Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			if len(args) != 1 {
				return nil, vm.Errorf(vm.TypeErrorClass, "_urandom() takes exactly one argument (%d given)", len(args))
			}
			n, ok := args[0].(vm.Int)
			if !ok || n < 0 || n > 1<<20 {
				return nil, vm.Errorf(vm.ValueErrorClass, "_urandom() wants a small non-negative int")
			}
			b := make([]byte, n)
			if _, err := io.ReadFull(entropy, b); err != nil {
				return nil, vm.Errorf(vm.OSErrorClass, "reading the entropy source: %v", err)
			}
			return vm.Bytes(b), nil
		}},
	}
}

func toFloat(v vm.Value) (float64, error) {
	switch x := v.(type) {
	case vm.Float:
		return float64(x), nil
	case vm.Int:
		return float64(x), nil
	case vm.Bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case *big.Int:
		f, _ := new(big.Float).SetInt(x).Float64()
		return f, nil
	}
	return 0, vm.Errorf(vm.TypeErrorClass, "must be real number, not %s", vm.TypeName(v))
}

const (
	mtN       = 624
	mtM       = 397
	upperMask = 0x80000000
	lowerMask = 0x7fffffff
)

// mt is the state of one MT19937 generator.
type mt struct {
	state [mtN]uint32
	index int
}

func (g *mt) initGenrand(s uint32) {
	g.state[0] = s
	for i := 1; i < mtN; i++ {
		prev := g.state[i-1]
		g.state[i] = 1812433253*(prev^(prev>>30)) + uint32(i)
	}
	g.index = mtN
}

func (g *mt) initByArray(key []uint32) {
	g.initGenrand(19650218)
	i, j := 1, 0
	k := mtN
	if len(key) > k {
		k = len(key)
	}
	for ; k > 0; k-- {
		prev := g.state[i-1]
		g.state[i] = (g.state[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= mtN {
			g.state[0] = g.state[mtN-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = mtN - 1; k > 0; k-- {
		prev := g.state[i-1]
		g.state[i] = (g.state[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= mtN {
			g.state[0] = g.state[mtN-1]
			i = 1
		}
	}
	g.state[0] = 0x80000000
	g.index = mtN
}

func (g *mt) next() uint32 {
	if g.index >= mtN {
		mag := [2]uint32{0, 0x9908b0df}
		var kk int
		for kk = 0; kk < mtN-mtM; kk++ {
			y := (g.state[kk] & upperMask) | (g.state[kk+1] & lowerMask)
			g.state[kk] = g.state[kk+mtM] ^ (y >> 1) ^ mag[y&1]
		}
		for ; kk < mtN-1; kk++ {
			y := (g.state[kk] & upperMask) | (g.state[kk+1] & lowerMask)
			g.state[kk] = g.state[kk+(mtM-mtN)] ^ (y >> 1) ^ mag[y&1]
		}
		y := (g.state[mtN-1] & upperMask) | (g.state[0] & lowerMask)
		g.state[mtN-1] = g.state[mtM-1] ^ (y >> 1) ^ mag[y&1]
		g.index = 0
	}
	y := g.state[g.index]
	g.index++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

func (g *mt) random() float64 {
	a, b := g.next()>>5, g.next()>>6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}

// seedInt seeds from a non-negative integer the way CPython does: its 32-bit words,
// least significant first.
func (g *mt) seedInt(n *big.Int) {
	n = new(big.Int).Abs(n)
	words := n.Bits()
	var key []uint32
	for _, w := range words {
		key = append(key, uint32(w))
		if bitsPerWord == 64 {
			key = append(key, uint32(uint64(w)>>32))
		}
	}
	for len(key) > 1 && key[len(key)-1] == 0 {
		key = key[:len(key)-1]
	}
	if len(key) == 0 {
		key = []uint32{0}
	}
	g.initByArray(key)
}

const bitsPerWord = 32 << (^uint(0) >> 63)

func (g *mt) getrandbits(k int) *big.Int {
	if k <= 32 {
		return big.NewInt(int64(g.next() >> (32 - k)))
	}
	words := (k-1)/32 + 1
	buf := make([]byte, words*4)
	for i := 0; i < words; i++ {
		r := g.next()
		if k < 32 {
			r >>= 32 - k
		}
		binary.BigEndian.PutUint32(buf[(words-1-i)*4:], r)
		k -= 32
	}
	return new(big.Int).SetBytes(buf)
}

// newCore returns the Python-facing core of one generator: a tuple of builtins
// (random, getrandbits, seed, getstate, setstate, seed_entropy, randbelow) closing
// over its state.
func newCore(entropy io.Reader) vm.Tuple {
	g := &mt{}
	seedEntropy := func() error {
		var b [32]byte
		if _, err := io.ReadFull(entropy, b[:]); err != nil {
			return vm.Errorf(vm.OSErrorClass, "reading the entropy source: %v", err)
		}
		key := make([]uint32, 8)
		for i := range key {
			key[i] = binary.LittleEndian.Uint32(b[i*4:])
		}
		g.initByArray(key)
		return nil
	}
	b := func(name string, fn vm.BuiltinFunc) *vm.Builtin { return &vm.Builtin{Name: name, Fn: fn} }
	return vm.Tuple{
		b("random", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			return vm.Float(g.random()), nil
		}),
		b("getrandbits", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			if len(args) != 1 {
				return nil, vm.Errorf(vm.TypeErrorClass, "getrandbits() takes exactly one argument (%d given)", len(args))
			}
			var k int64
			switch x := args[0].(type) {
			case vm.Int:
				k = int64(x)
			case vm.Bool:
				if x {
					k = 1
				}
			default:
				return nil, vm.Errorf(vm.TypeErrorClass, "'%s' object cannot be interpreted as an integer", vm.TypeName(args[0]))
			}
			if k < 0 {
				return nil, vm.Errorf(vm.ValueErrorClass, "number of bits must be non-negative")
			}
			if k == 0 {
				return vm.Int(0), nil
			}
			if k > 1<<20 {
				return nil, vm.Errorf(vm.MemoryErrorClass, "getrandbits(%d) is too large for the embedded interpreter", k)
			}
			return vm.MakeInt(g.getrandbits(int(k))), nil
		}),
		// seed(a): None seeds from entropy; int uses all its bits; str and bytes as
		// CPython's version 2 (the bytes followed by their SHA-512, as one integer).
		b("seed", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			if len(args) != 1 {
				return nil, vm.Errorf(vm.TypeErrorClass, "seed() takes exactly one argument (%d given)", len(args))
			}
			switch a := args[0].(type) {
			case vm.NoneType:
				return vm.None, seedEntropy()
			case vm.Int:
				g.seedInt(big.NewInt(int64(a)))
			case vm.Bool:
				if a {
					g.seedInt(big.NewInt(1))
				} else {
					g.seedInt(big.NewInt(0))
				}
			case *big.Int:
				g.seedInt(a)
			case vm.Str, vm.Bytes:
				var data []byte
				if s, ok := a.(vm.Str); ok {
					data = []byte(string(s))
				} else {
					data = []byte(string(a.(vm.Bytes)))
				}
				sum := sha512.Sum512(data)
				g.seedInt(new(big.Int).SetBytes(append(data, sum[:]...)))
			default:
				return nil, vm.Errorf(vm.TypeErrorClass, "The only supported seed types are: None,\nint, float, str, bytes, and bytearray.")
			}
			return vm.None, nil
		}),
		b("getstate", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			out := make(vm.Tuple, mtN+1)
			for i, w := range g.state {
				out[i] = vm.Int(w)
			}
			out[mtN] = vm.Int(g.index)
			return out, nil
		}),
		b("setstate", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			if len(args) != 1 {
				return nil, vm.Errorf(vm.TypeErrorClass, "setstate() takes exactly one argument (%d given)", len(args))
			}
			st, ok := args[0].(vm.Tuple)
			if !ok || len(st) != mtN+1 {
				return nil, vm.Errorf(vm.ValueErrorClass, "state vector is the wrong size")
			}
			var ns [mtN]uint32
			for i := 0; i < mtN; i++ {
				w, ok := st[i].(vm.Int)
				if !ok || w < 0 || w > math.MaxUint32 {
					return nil, vm.Errorf(vm.OverflowErrorClass, "Python int too large to convert to C unsigned long")
				}
				ns[i] = uint32(w)
			}
			idx, ok := st[mtN].(vm.Int)
			if !ok || idx < 0 || idx > mtN {
				return nil, vm.Errorf(vm.ValueErrorClass, "invalid state")
			}
			g.state = ns
			g.index = int(idx)
			return vm.None, nil
		}),
		b("seed_entropy", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			return vm.None, seedEntropy()
		}),
		// randbelow(n) is Random._randbelow over this core's getrandbits: the same
		// draws, without a Python-level loop.
		b("randbelow", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			if len(args) != 1 {
				return nil, vm.Errorf(vm.TypeErrorClass, "randbelow() takes exactly one argument (%d given)", len(args))
			}
			var n *big.Int
			switch x := args[0].(type) {
			case vm.Int:
				n = big.NewInt(int64(x))
			case *big.Int:
				n = x
			default:
				return nil, vm.Errorf(vm.TypeErrorClass, "'%s' object cannot be interpreted as an integer", vm.TypeName(args[0]))
			}
			k := n.BitLen()
			if k == 0 {
				return vm.Int(0), nil
			}
			if k > 1<<20 {
				return nil, vm.Errorf(vm.MemoryErrorClass, "randbelow of a %d-bit bound is too large for the embedded interpreter", k)
			}
			if k <= 32 {
				bound := uint32(n.Uint64())
				for {
					r := g.next() >> (32 - k)
					if r < bound {
						return vm.Int(r), nil
					}
				}
			}
			for {
				r := g.getrandbits(k)
				if r.Cmp(n) < 0 {
					return vm.MakeInt(r), nil
				}
			}
		}),
	}
}
