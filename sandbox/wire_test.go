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
