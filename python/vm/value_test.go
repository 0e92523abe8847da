package vm

import (
	"math"
	"strconv"
	"testing"
	"unsafe"
)

func TestFloatRepr(t *testing.T) {
	t.Parallel()
	tenth := 0.1 // a variable, so the sum is float64 arithmetic, not exact constant folding
	for _, c := range []struct {
		f    float64
		want string
	}{
		{tenth + 0.2, "0.30000000000000004"}, {1e16, "1e+16"}, {1e15, "1000000000000000.0"},
		{1e-5, "1e-05"}, {0.0001, "0.0001"}, {math.Copysign(0, -1), "-0.0"}, {math.Inf(1), "inf"},
		{math.NaN(), "nan"}, {123456789.0 * 1000, "123456789000.0"}, {2.5, "2.5"}, {1e22, "1e+22"},
		{5e-324, "5e-324"}, {1.7976931348623157e308, "1.7976931348623157e+308"},
	} {
		if got := FloatRepr(c.f); got != c.want {
			t.Errorf("FloatRepr(%v) = %s, want %s", c.f, got, c.want)
		}
	}
}

func TestIntAndFloatHashesAgree(t *testing.T) {
	t.Parallel()
	th := NewThread(Config{})
	for _, n := range []int64{0, 1, -1, -2, 2, 1 << 40, -(1 << 60), hashModulus, hashModulus + 5} {
		hi, _ := th.Hash(Int(n))
		hf, _ := th.Hash(Float(float64(n)))
		if int64(float64(n)) == n && hi != hf {
			t.Errorf("hash(%d) = %d but hash(float) = %d", n, int64(hi), int64(hf))
		}
	}
	if h, _ := th.Hash(Int(-1)); int64(h) != -2 {
		t.Errorf("hash(-1) = %d, want -2", int64(h))
	}
}

func TestSetOrderMatchesCPython(t *testing.T) {
	t.Parallel()
	th := NewThread(Config{})
	s := NewSet()
	for _, v := range []int64{50, 10, 99, 7, 1000, 33, 16, 8} {
		if err := s.Add(th, Int(v)); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := th.Repr(s)
	// CPython 3.11 prints this order.
	if want := "{33, 99, 7, 1000, 8, 10, 16, 50}"; got != want {
		t.Errorf("set repr %s, want %s", got, want)
	}
}

func TestDictKeepsInsertionOrderAcrossDeletes(t *testing.T) {
	t.Parallel()
	th := NewThread(Config{})
	d := NewDict()
	for i := 0; i < 100; i++ {
		if err := d.Set(th, Int(i), Int(i*i)); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 100; i += 2 {
		if _, ok, _ := d.Delete(th, Int(i)); !ok {
			t.Fatalf("key %d missing", i)
		}
	}
	d.SetStr("x", None)
	keys := d.Keys()
	if len(keys) != 51 || keys[0] != Int(1) || keys[49] != Int(99) || keys[50] != Str("x") {
		t.Errorf("keys after deletes: %v", keys)
	}
	if v, ok, _ := d.Get(th, Float(7)); !ok || v != Int(49) {
		t.Errorf("d[7.0] = %v, %v", v, ok)
	}
}

// TestSmallIntBoxes checks the preallocated int boxes (built without an
// allocation each): every one is an Int of its own value, equal to and
// interchangeable with a box Go makes, and a value past the table is
// boxed as usual.
func TestSmallIntBoxes(t *testing.T) {
	t.Parallel()
	for x := Int(smallIntMin - 2); x < smallIntMax+2; x++ {
		v := boxInt(x)
		got, ok := v.(Int)
		if !ok || got != x {
			t.Fatalf("boxInt(%d) = %#v", x, v)
		}
		if v != Value(x) {
			t.Fatalf("boxInt(%d) differs from a Go box of the same int", x)
		}
		if h, err := (&Thread{}).Hash(v); err != nil || h != hashInt64(int64(x)) {
			t.Fatalf("hash(boxInt(%d)) = %d, %v", x, h, err)
		}
	}
}

// A list's first append makes room for four items, as CPython's list does:
// filling an empty list with up to four items (a comprehension over a
// split's parts, a small result list) is one allocation, not three.
func TestListFirstAppendRoomForFour(t *testing.T) {
	var items []Value
	n := testing.AllocsPerRun(100, func() {
		items = nil
		for i := 0; i < 4; i++ {
			items = appendItem(items, None)
		}
	})
	if n != 1 {
		t.Errorf("four appends to an empty list allocate %v times, want 1", n)
	}
	if len(items) != 4 || cap(items) != 4 {
		t.Errorf("len %d cap %d, want 4 and 4", len(items), cap(items))
	}
	items = appendItem(items, None)
	if len(items) != 5 || cap(items) < 5 {
		t.Errorf("fifth append: len %d cap %d", len(items), cap(items))
	}
}

// An iterator (one per for loop and comprehension) takes a 160-byte block:
// its two one-byte fields side by side keep it out of the 176-byte class.
// A list's, the commonest, takes 16 bytes.
func TestIterSizeClass(t *testing.T) {
	if n := allocBytes(int64(unsafe.Sizeof(Iter{}))); n > 160 {
		t.Errorf("an Iter takes %d bytes of heap, want at most 160", n)
	}
	if n := allocBytes(int64(unsafe.Sizeof(ListIter{}))); n > 16 {
		t.Errorf("a ListIter takes %d bytes of heap, want at most 16", n)
	}
}

// A list built one append at a time (a comprehension, list.append in a
// loop) copies its items about once in all: the array doubles when full
// from 256 items, where append's growth of a large slice, a quarter at a
// time, copied them about four times over.
func TestListGrowthCopiesItemsOnce(t *testing.T) {
	const n = 100000
	var items []Value
	copied := 0
	for i := 0; i < n; i++ {
		c := cap(items)
		items = appendItem(items, None)
		if cap(items) != c {
			copied += len(items) - 1
		}
	}
	if copied >= 2*n {
		t.Errorf("appending %d items copied %d as the array grew, want fewer than %d", n, copied, 2*n)
	}
}

// A dict filled one key at a time (a dict comprehension, json) copies its
// entries about once in all: the entries array doubles when full, where
// append's growth of a large slice, a quarter at a time, copied them about
// four times over (a 50000-key comprehension allocated 12.5 MB, now 7.9).
func TestDictGrowthCopiesEntriesOnce(t *testing.T) {
	const n = 100000
	d := NewDict()
	copied := 0
	for i := 0; i < n; i++ {
		c := cap(d.entries)
		k := strconv.Itoa(i)
		d.setStrKH(k, nil, strHash(k), None)
		if cap(d.entries) != c {
			copied += len(d.entries) - 1
		}
	}
	if d.Len() != n {
		t.Fatalf("len %d, want %d", d.Len(), n)
	}
	if copied >= 2*n {
		t.Errorf("filling a dict of %d keys copied %d entries as it grew, want fewer than %d", n, copied, 2*n)
	}
}
