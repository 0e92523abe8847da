package sandbox

import (
	"bytes"
	"math"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestValueRoundTrip: every kind of value crosses the bridge unchanged,
// ints and floats kept apart.
func TestValueRoundTrip(t *testing.T) {
	t.Parallel()
	big1, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	v := map[string]any{
		"none": nil, "t": true, "f": false, "i": int64(-7), "max": int64(math.MaxInt64),
		"big": big1, "float": 1.0, "nan-free": -0.5, "s": "héllo", "list": []any{int64(1), "x", []any{}},
		"dict": map[string]any{"": map[string]any{}},
	}
	c := &hostCall{ID: 7, Name: "mcp:up/echo", Args: []any{v}, Kwargs: map[string]any{"k": v}}
	payload, err := encodeCall(c)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeCall(payload)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(c, got, cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })); diff != "" {
		t.Errorf("round trip (-sent +got):\n%s", diff)
	}
	if _, err := encodeCall(&hostCall{Args: []any{struct{}{}}}); err == nil {
		t.Error("a Go struct crossed the boundary")
	}
}

// FuzzHostDecoders: whatever bytes a worker sends, the host's decoders
// return a value or an error, never panic, and never accept trailing
// garbage.
func FuzzHostDecoders(f *testing.F) {
	call, _ := encodeCall(&hostCall{ID: 1, Name: "a", Args: []any{int64(1), "x"}, Kwargs: map[string]any{"k": []any{1.5}}})
	res, _ := encodeResult(&RunResult{Value: map[string]any{"a": []any{nil, true}}, Repr: "{}", Names: []string{"x"}})
	f.Add(call)
	f.Add(res)
	f.Add(encodeHello(&hello{Version: protocolVersion, Protections: []Protection{{Name: "seccomp", InForce: true}}}))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, p []byte) {
		_, _ = decodeCall(p)
		_, _ = decodeResult(p)
		_, _ = decodeHello(p)
		_, _ = decodeReply(p)
		_, _ = decodeRun(p)
		var buf bytes.Buffer
		buf.Write(p)
		_, _, _ = readFrame(&buf)
	})
}

// TestWireStringsNotUTF8: a string that is not UTF-8 (a lone surrogate in
// WTF-8, a binary's raw output) is encoded with U+FFFD for each bad byte,
// so the strict decoder on the other side accepts it instead of killing
// the worker.
func TestWireStringsNotUTF8(t *testing.T) {
	in := map[string]any{"a\xed\xa0\x80b": []any{"\xff\xfeok", "fine \ufffd"}}
	var e enc
	if err := e.value(in, 0); err != nil {
		t.Fatal(err)
	}
	e.str("x\xc3")
	d := dec{b: e.b}
	got, tail := d.value(0), d.str()
	if err := d.done(); err != nil {
		t.Fatalf("decoding what enc wrote: %v", err)
	}
	want := map[string]any{"a\ufffd\ufffd\ufffdb": []any{"\ufffd\ufffdok", "fine \ufffd"}}
	if diff := cmp.Diff(want, got); diff != "" || tail != "x\ufffd" {
		t.Errorf("decoded (-want +got):\n%s\ntail %q", diff, tail)
	}
}
