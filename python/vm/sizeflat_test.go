package vm

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSizeOfFlatDictIsTheWalks: SizeOf's path for small flat dicts (a host
// call's result) counts exactly what the walk counts, for dicts of every
// kind of scalar, shared boxes, one-character strings, deleted entries;
// and dicts it does not take (nested, long strings, indexed) go to the
// walk.
func TestSizeOfFlatDictIsTheWalks(t *testing.T) {
	walk := func(d *Dict) int64 {
		w := newSizeWalker(sizeOfNodes)
		w.walk(d)
		return w.total
	}
	rng := rand.New(rand.NewPCG(1, 2))
	shared := []Value{Str("shared"), boxInt(Int(1 << 20)), Float(2.5), Str("")}
	scalar := func() Value {
		switch rng.IntN(10) {
		case 0:
			return None
		case 1:
			return Bool(rng.IntN(2) == 0)
		case 2:
			return boxInt(Int(rng.IntN(600) - 300))
		case 3:
			return boxInt(Int(rng.Int64()))
		case 4:
			return Float(rng.Float64())
		case 5:
			return asciiChars['a'+rng.IntN(26)]
		case 6:
			return Str(strings.Repeat("x", rng.IntN(255)))
		default:
			return shared[rng.IntN(len(shared))]
		}
	}
	flat := 0
	for i := range 5000 {
		d := NewDict()
		n := rng.IntN(smallDict + 1)
		for k := range n {
			key := []string{"id", "v", "name", "k" + string(rune('a'+k)), ""}[rng.IntN(5)]
			d.SetStr(key, scalar())
		}
		if n > 0 && rng.IntN(4) == 0 {
			d.DeleteStr("id")
		}
		if i%7 == 0 {
			d.SetStr("nested", NewList([]Value{Str("x")}))
		}
		if i%11 == 0 {
			d.SetStr("long", Str(strings.Repeat("y", 256+rng.IntN(10))))
		}
		if got, ok := sizeOfFlatDict(d); ok {
			flat++
			if want := walk(d); got != want {
				t.Fatalf("dict %d (%d entries): %d bytes, the walk counts %d", i, d.Len(), got, want)
			}
		}
		if got, want := SizeOf(d), walk(d); got != want {
			t.Fatalf("dict %d: SizeOf %d, the walk %d", i, got, want)
		}
	}
	if flat < 2500 {
		t.Fatalf("only %d of 5000 dicts took the flat path", flat)
	}
	big := NewDictSize(smallDict + 1)
	for k := range smallDict + 1 {
		big.SetStr(string(rune('a'+k)), None)
	}
	if _, ok := sizeOfFlatDict(big); ok {
		t.Fatal("an indexed dict took the flat path")
	}
}
