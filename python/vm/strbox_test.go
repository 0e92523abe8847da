package vm

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// A concatenation is one heap object (header and bytes in one block), not
// two.
func TestConcatStrOneAllocation(t *testing.T) {
	a, b := Str("abcdefgh"), Str("ijklmnop")
	var sink Value
	if n := testing.AllocsPerRun(100, func() { sink = concatStr(a, b) }); n != 1 {
		t.Errorf("concatStr allocates %v objects, want 1", n)
	}
	if sink.(Str) != "abcdefghijklmnop" {
		t.Errorf("concatStr = %q", sink)
	}
	if n := testing.AllocsPerRun(100, func() { sink = intStr(123456789) }); n != 1 {
		t.Errorf("intStr allocates %v objects, want 1", n)
	}
}

// One-block strs outlive collections whether the run keeps the value or
// only a Go string taken out of it (an interior pointer into the block).
func TestStrBlockSurvivesCollection(t *testing.T) {
	const n = 20000
	vals := make([]Value, n)
	strs := make([]string, n)
	for i := range vals {
		vals[i] = concatStr(Str("k"), Str(strconv.Itoa(i)))
		strs[i] = string(concatStr(Str("s"), Str(strconv.Itoa(i))).(Str))
	}
	for r := 0; r < 3; r++ {
		runtime.GC()
		garbage := make([]Value, 0, n)
		for i := 0; i < n; i++ {
			garbage = append(garbage, concatStr(Str("zzzzzzzz"), Str(strconv.Itoa(i))))
		}
		_ = garbage
	}
	for i := range vals {
		if want := "k" + strconv.Itoa(i); string(vals[i].(Str)) != want {
			t.Fatalf("vals[%d] = %q, want %q", i, vals[i], want)
		}
		if want := "s" + strconv.Itoa(i); strs[i] != want {
			t.Fatalf("strs[%d] = %q, want %q", i, strs[i], want)
		}
	}
}

// A one-block str takes no more heap than the accounting counts for it
// (ValueBytes), for every length made in one block.
func TestStrBlockNoLargerThanAccounted(t *testing.T) {
	// The heap's growth is read from process-wide statistics, which other
	// goroutines of the test binary move too: the measure is the smallest
	// of a few tries over many strings, so only a block that is really
	// larger than the accounting fails.
	const count, tries = 10000, 5
	for _, n := range []int{1, 7, 8, 9, 15, 16, 17, 24, 25, 40, 64, 100, 240, 256, 500, strOneBlockMax} {
		a, b := Str(strings.Repeat("a", n/2)), Str(strings.Repeat("b", n-n/2))
		best := -1.0
		var acc int
		for try := 0; try < tries; try++ {
			var before, after runtime.MemStats
			keep := make([]Value, count)
			runtime.GC()
			runtime.ReadMemStats(&before)
			for i := range keep {
				if n == 1 {
					v, buf := newStrBlock(1)
					buf[0] = 'x'
					keep[i] = v
				} else {
					keep[i] = concatStr(a, b)
				}
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			per := (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / count
			if best < 0 || per < best {
				best = per
			}
			acc = int(ValueBytes(keep[0]))
			runtime.KeepAlive(keep)
		}
		if best > float64(acc)+1 {
			t.Errorf("a str of %d bytes takes %.1f bytes of heap, the accounting counts %d", n, best, acc)
		}
	}
}

// str.replace, upper and lower build short results in one block: the same
// text as Go's own functions for every result length up to past the
// one-block limit, and one allocation where a block is made.
func TestStrMethodsOneBlock(t *testing.T) {
	th := NewThread(Config{Limits: Limits{Steps: 1 << 62, MaxMemoryBytes: 1 << 30}})
	method := func(name string) func(args ...Value) Value {
		fn, ok := StrClass.Dict.GetStr(name)
		if !ok {
			t.Fatalf("no str.%s", name)
		}
		return func(args ...Value) Value {
			v, err := fn.(*Builtin).Fn(th, Tuple(args), nil)
			if err != nil {
				t.Fatalf("str.%s%v: %v", name, args, err)
			}
			return v
		}
	}
	replace, upper, lower := method("replace"), method("upper"), method("lower")
	for n := 0; n <= strOneBlockMax+40; n += 3 {
		s := strings.Repeat("ab-Cd", n/5+1)[:n]
		for _, c := range []struct{ old, new string }{{"-", ""}, {"b", "XYZ"}, {"ab", "a"}, {"Cd", "Cd!"}} {
			if got, want := string(replace(Str(s), Str(c.old), Str(c.new)).(Str)), strings.ReplaceAll(s, c.old, c.new); got != want {
				t.Fatalf("%q.replace(%q, %q) = %q, want %q", s, c.old, c.new, got, want)
			}
		}
		if got, want := string(replace(Str(s), Str("b"), Str("B"), Int(2)).(Str)), strings.Replace(s, "b", "B", 2); got != want {
			t.Fatalf("%q.replace('b', 'B', 2) = %q, want %q", s, got, want)
		}
		if got, want := string(upper(Str(s)).(Str)), strings.ToUpper(s); got != want {
			t.Fatalf("%q.upper() = %q, want %q", s, got, want)
		}
		if got, want := string(lower(Str(s)).(Str)), strings.ToLower(s); got != want {
			t.Fatalf("%q.lower() = %q, want %q", s, got, want)
		}
	}
	for _, c := range []struct {
		name string
		args Tuple
	}{{"replace", Tuple{Str("key-name-value"), Str("name"), Str("n")}}, {"upper", Tuple{Str("key-name-value")}}} {
		fn, _ := StrClass.Dict.GetStr(c.name)
		f := fn.(*Builtin).Fn
		if n := testing.AllocsPerRun(100, func() { _, _ = f(th, c.args, nil) }); n != 1 {
			t.Errorf("a short str.%s allocates %v objects, want 1", c.name, n)
		}
	}
}

// str.upper and str.lower map eight bytes at a time: every byte value at
// every position of strings from 0 to 19 bytes (a partial word, a whole
// one, one and an overlapping tail) maps as Go's byte-wise mapping of ASCII
// does, and a byte of 0x80 or more anywhere goes to the general mapping.
func TestStrCaseEveryByteEveryPosition(t *testing.T) {
	th := NewThread(Config{Limits: Limits{Steps: 1 << 62, MaxMemoryBytes: 1 << 30}})
	call := func(name string, s string) string {
		fn, _ := StrClass.Dict.GetStr(name)
		v, err := fn.(*Builtin).Fn(th, Tuple{Str(s)}, nil)
		if err != nil {
			t.Fatalf("%q.%s(): %v", s, name, err)
		}
		return string(v.(Str))
	}
	for n := 0; n < 20; n++ {
		base := []byte(strings.Repeat("mN", 10)[:n])
		for pos := 0; pos < n; pos++ {
			for c := 0; c < 0x80; c++ {
				b := append([]byte(nil), base...)
				b[pos] = byte(c)
				s := string(b)
				if got, want := call("upper", s), strings.ToUpper(s); got != want {
					t.Fatalf("%q.upper() = %q, want %q", s, got, want)
				}
				if got, want := call("lower", s), strings.ToLower(s); got != want {
					t.Fatalf("%q.lower() = %q, want %q", s, got, want)
				}
			}
			s := string(base[:pos]) + "é" + string(base[pos:])
			if got, want := call("upper", s), strings.ToUpper(s); got != want {
				t.Fatalf("%q.upper() = %q, want %q", s, got, want)
			}
			if got, want := call("lower", s), strings.ToLower(s); got != want {
				t.Fatalf("%q.lower() = %q, want %q", s, got, want)
			}
		}
	}
}

// str % args builds its text on the stack: a short result is one
// allocation (its one-block str), and results of every length across the
// stack buffer and the one-block limit hold the right text.
func TestPercentFormatOneBlock(t *testing.T) {
	th := NewThread(Config{Limits: Limits{Steps: 1 << 62, MaxMemoryBytes: 1 << 30}})
	args := Tuple{Int(12), Int(36), Str("ok")}
	if n := testing.AllocsPerRun(100, func() {
		_, _ = th.percentFormatTuple("  Name%d: Value-%d ; status=%s  ", args)
	}); n != 1 {
		t.Errorf("a short %% format allocates %v objects, want 1", n)
	}
	for n := 0; n <= strOneBlockMax+300; n += 7 {
		s := strings.Repeat("x", n)
		v, err := th.percentFormatTuple("<%s|%d>", Tuple{Str(s), Int(n)})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := string(v.(Str)), "<"+s+"|"+strconv.Itoa(n)+">"; got != want {
			t.Fatalf("%%s of %d bytes: got %d bytes", n, len(got))
		}
	}
}

// percentPlain, the shortcut of str % (items) for bare %s and %d, gives
// the general formatter's text wherever it answers, and leaves to it every
// format it does not (flags, widths, other conversions, other types, a
// count that does not match, a lone % at the end).
func TestPercentPlainMatchesGeneral(t *testing.T) {
	th := NewThread(Config{Limits: Limits{Steps: 1 << 62, MaxMemoryBytes: 1 << 30}})
	formats := []string{"", "abc", "%s", "%d", "%i", "%%", "a%%b%s", "%s%s", "%s-%d", "x%sy%dz%s",
		"%5d", "%-3s", "%r", "%x", "%", "abc%", "%s%", "%(a)s", "% d", "%.2s", "100%%%d"}
	values := []Value{Str(""), Str("ab"), Str("h\u00e9"), Int(0), Int(-42), Int(1 << 62), Bool(true),
		Float(1.5), None, NewList(nil), Str(strings.Repeat("y", 300))}
	answered := 0
	for _, f := range formats {
		for n := 0; n <= 3; n++ {
			// Every tuple of n values from a small rotation of values.
			for start := range values {
				items := make(Tuple, n)
				for k := range items {
					items[k] = values[(start+k*3)%len(values)]
				}
				v := percentPlain(f, items)
				want, err := th.percentFormatArgs(f, nil, items, false, nil, false)
				if v == nil {
					continue
				}
				answered++
				if err != nil {
					t.Errorf("%q %% %v: shortcut gave %q, general raised %v", f, items, v, err)
					continue
				}
				if string(v.(Str)) != string(want.(Str)) {
					t.Errorf("%q %% %v: shortcut gave %q, general %q", f, items, v, want)
				}
			}
		}
	}
	if answered < 50 {
		t.Errorf("the shortcut answered only %d cases", answered)
	}
}

// The fast loop's s[a:b] of a short ASCII str gives what the index cache's
// slice gives, for every bound from beyond one end to beyond the other
// and None, and counts the same steps.
func TestSliceNowShortASCIIMatchesSlice(t *testing.T) {
	th := NewThread(Config{Limits: Limits{Steps: 1 << 62, MaxMemoryBytes: 1 << 30}})
	bounds := []Value{None}
	for i := -70; i <= 70; i++ {
		bounds = append(bounds, Int(i))
	}
	for _, s := range []string{"", "a", "abcdefg", strings.Repeat("xy", 31) + "z", "h\u00e9llo"} {
		for _, a := range bounds {
			for _, b := range bounds {
				var f Frame
				before := th.Steps()
				got, ok, err := th.sliceNow(&f, Str(s), a, b)
				if !ok || err != nil {
					t.Fatalf("%q[%v:%v]: ok %v, err %v", s, a, b, ok, err)
				}
				steps := th.Steps() - before
				before = th.Steps()
				want, err := th.strIdx.slice(th, Str(s), &Slice{Start: a, Stop: b, Step: None})
				if err != nil {
					t.Fatal(err)
				}
				if got.(Str) != want.(Str) || steps != 1 {
					t.Fatalf("%q[%v:%v] = %q (%d steps), want %q (1 step)", s, a, b, got, steps, want)
				}
			}
		}
	}
}
