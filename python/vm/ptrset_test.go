package vm

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestPtrSetIsAMap checks the size walk's table of objects seen against
// a Go map of the same insertions: addresses added once, tuple lengths
// kept at their slot through growth, a reserve, and a clear.
func TestPtrSetIsAMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	objs := make([][16]byte, 5000)
	var s ptrSet
	want := map[unsafe.Pointer]int{}
	check := func(round int) {
		t.Helper()
		if s.n != len(want) {
			t.Fatalf("round %d: the set holds %d addresses, the map %d", round, s.n, len(want))
		}
	}
	for round := range 3 {
		if round == 1 {
			s.reserve(len(objs))
		}
		for range 20000 {
			p := unsafe.Pointer(&objs[rng.IntN(len(objs))])
			i, added := s.add(p)
			n, seen := want[p]
			if added == seen {
				t.Fatalf("round %d: add(%p) reported added=%v, the map had it: %v", round, p, added, seen)
			}
			if got := s.tupleLen(i); got != n {
				t.Fatalf("round %d: tuple length at %p is %d, want %d", round, p, got, n)
			}
			if rng.IntN(3) == 0 {
				l := rng.IntN(100)
				s.setTupleLen(i, l)
				want[p] = l
			} else if !seen {
				want[p] = 0
			}
		}
		check(round)
		s.clear()
		clear(want)
		check(round)
	}
}

// TestSizeOfCountsSharedContainersOnce: a container reached along many
// paths is counted once, and a tuple sliced from a longer one's array
// does not hide the longer one.
func TestSizeOfCountsSharedContainersOnce(t *testing.T) {
	inner := NewDict()
	inner.SetStr("k", Str("value"))
	one := SizeOf(inner)
	items := make([]Value, 1000)
	for i := range items {
		items[i] = inner
	}
	l := &List{Items: items}
	if got, want := SizeOf(l), SizeOf(&List{Items: make([]Value, 1000)})+one; got != want {
		t.Errorf("a list holding one dict 1000 times: SizeOf = %d, want %d (the dict once)", got, want)
	}
	long := Tuple{Str("a string"), Str("another"), Str("a third")}
	short := long[:1]
	both := &List{Items: []Value{short, long}}
	if got, min := SizeOf(both), SizeOf(&List{Items: []Value{nil, nil}})+SizeOf(long); got < min {
		t.Errorf("a short tuple sharing a longer one's array hid it: SizeOf = %d, want at least %d", got, min)
	}
}
