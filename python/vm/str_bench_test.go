package vm

import (
	"strings"
	"testing"
)

// BenchmarkStrIndex times s[i] over a long string through the index cache
// (what GetItem does once a Thread carries one) against the scan-per-access
// path it replaces, for ASCII and non-ASCII text.
func BenchmarkStrIndex(b *testing.B) {
	for _, tc := range []struct {
		name string
		s    Str
	}{
		{"ascii", Str(strings.Repeat("abcdefghij", 10000))},
		{"nonascii", Str(strings.Repeat("héllo wörld", 10000))},
	} {
		n := int64(len([]rune(string(tc.s))))
		b.Run(tc.name+"/cache", func(b *testing.B) {
			var c strIndexCache
			for i := 0; i < b.N; i++ {
				if _, err := c.item(tc.s, int64(i)%n); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(tc.name+"/scan", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				j := int64(i) % n
				if isASCII(string(tc.s)) {
					_ = tc.s[j : j+1]
					continue
				}
				_ = Str(string([]rune(string(tc.s))[j]))
			}
		})
	}
}

// BenchmarkStrMethods times method calls on a plain str through the
// installed builtins, as a CALL_METHOD does.
func BenchmarkStrMethods(b *testing.B) {
	th := NewThread(Config{})
	call := func(b *testing.B, name string, args ...Value) {
		fn, ok := StrClass.Dict.GetStr(name)
		if !ok {
			b.Fatalf("no str.%s", name)
		}
		f := fn.(*Builtin)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := f.Fn(th, Tuple(args), nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	line := Str("  Name12: Value-36 ; status=ok  ")
	b.Run("strip", func(b *testing.B) { call(b, "strip", line) })
	b.Run("split", func(b *testing.B) { call(b, "split", line, Str(";")) })
	b.Run("partition", func(b *testing.B) { call(b, "partition", line, Str(":")) })
	b.Run("find_start", func(b *testing.B) { call(b, "find", line, Str("status"), Int(5)) })
	b.Run("endswith", func(b *testing.B) { call(b, "endswith", line, Str("ok  ")) })
	b.Run("lower", func(b *testing.B) { call(b, "lower", line) })
	b.Run("replace", func(b *testing.B) { call(b, "replace", line, Str("Value"), Str("v")) })
}

// BenchmarkFormatSpec times format(v, spec) for the specs of
// bench/programs/strfmt.py.
func BenchmarkFormatSpec(b *testing.B) {
	th := NewThread(Config{})
	for _, tc := range []struct {
		name string
		v    Value
		spec string
	}{
		{"int_right", Int(12345), ">6"},
		{"int_hex0", Int(12345), "08x"},
		{"float_f", Float(1234.5678), "10.2f"},
		{"float_e", Float(1763.571), ".3e"},
		{"str_left", Str("item42"), "<10"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := th.formatValue(tc.v, 0, tc.spec); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestScanFreeMatchesScanTick checks the str methods' shortcut: where
// scanFree says the arguments count nothing, scanTick counts no step for
// them, and where it says they may, a long enough one does.
func TestScanFreeMatchesScanTick(t *testing.T) {
	long := Str(strings.Repeat("x", BytesPerStep))
	items := make([]Value, 2*ItemsPerStep)
	for i := range items {
		items[i] = None
	}
	for _, c := range []struct {
		args Tuple
		free bool
	}{
		{Tuple{Str(";")}, true},
		{Tuple{Str("name"), Str("n")}, true},
		{Tuple{Str(""), Int(3)}, true},
		{Tuple{None, Int(-1)}, true},
		{Tuple{Bool(true)}, true},
		{Tuple{long}, false},
		{Tuple{Str("a"), long}, false},
		{Tuple{Bytes(long)}, false},
		{Tuple{NewList(items)}, false},
		{Tuple{Tuple(items)}, false},
	} {
		th := NewThread(Config{Limits: Limits{Steps: 1 << 40, MaxMemoryBytes: 1 << 30}})
		before := th.Steps()
		if err := scanTick(th, append(Tuple{Str("ab")}, c.args...), BytesPerStep); err != nil {
			t.Fatal(err)
		}
		ticked := th.Steps() != before
		th.Close()
		if got := scanFree(c.args); got != c.free || got == ticked {
			t.Errorf("scanFree(%v) = %v (want %v); scanTick counted steps: %v", c.args, got, c.free, ticked)
		}
	}
}

// TestStrMethodScanSteps pins the steps a str method's scan counts, which
// the installed methods count inline for arguments that count nothing:
// the receiver a step per CharsPerStep (strip, case, replace) or per
// BytesPerStep (split, find), a long argument per BytesPerStep too.
func TestStrMethodScanSteps(t *testing.T) {
	long := Str(strings.Repeat("ab", BytesPerStep))
	for _, c := range []struct {
		name  string
		args  Tuple
		steps int64
	}{
		{"strip", Tuple{Str("  1234  ")}, 1},
		{"strip", Tuple{Str(" 1234 ")}, 0},
		{"strip", Tuple{Str(strings.Repeat("x", 100))}, 100 / CharsPerStep},
		{"lower", Tuple{Str(strings.Repeat("X", 17))}, 17 / CharsPerStep},
		{"upper", Tuple{Str("abcdefg")}, 0},
		{"replace", Tuple{Str(strings.Repeat("ab", 20)), Str("a"), Str("c")}, 40 / CharsPerStep},
		{"replace", Tuple{Str(strings.Repeat("ab", 20)), long, Str("c")}, 40/CharsPerStep + int64(len(long))/BytesPerStep},
		{"find", Tuple{long, Str("z")}, int64(len(long)) / BytesPerStep},
		{"find", Tuple{Str("abc"), Str("z")}, 0},
		{"endswith", Tuple{long, Str("b")}, 0},
	} {
		th := NewThread(Config{Limits: Limits{Steps: 1 << 40, MaxMemoryBytes: 1 << 30}})
		fn, _ := StrClass.Dict.GetStr(c.name)
		before := th.Steps()
		if _, err := fn.(*Builtin).Fn(th, c.args, nil); err != nil {
			t.Fatal(err)
		}
		if got := th.Steps() - before; got != c.steps {
			t.Errorf("str.%s%v counted %d steps, want %d", c.name, c.args[1:], got, c.steps)
		}
		th.Close()
	}
}
