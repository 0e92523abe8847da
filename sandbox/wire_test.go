package sandbox

import (
	"bytes"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/toolplane/toolplane/python/jsonlike"
)

// TestValueRoundTrip: every kind of value crosses the bridge unchanged,
// ints and floats kept apart, a dict's members in their order (a Go map
// crosses in sorted key order and arrives as an Object).
func TestValueRoundTrip(t *testing.T) {
	t.Parallel()
	big1, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	v := jsonlike.Object{
		{Key: "none"}, {Key: "t", Value: true}, {Key: "f", Value: false}, {Key: "i", Value: int64(-7)},
		{Key: "max", Value: int64(math.MaxInt64)}, {Key: "big", Value: big1}, {Key: "float", Value: 1.0},
		{Key: "inf", Value: math.Inf(-1)}, {Key: "s", Value: "héllo"},
		{Key: "list", Value: []any{int64(1), "x", []any{}}},
		{Key: "dict", Value: jsonlike.Object{{Key: "", Value: jsonlike.Object{}}}},
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
	if diff := cmp.Diff(c, got, cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 }), cmpopts.IgnoreUnexported(hostCall{})); diff != "" {
		t.Errorf("round trip (-sent +got):\n%s", diff)
	}
	// The decoder charges what the encoder charged (MaxValueCost): a
	// value the worker sends is never one the host refuses.
	var e enc
	if e.value(anySlice(c.Args), 0) != nil || e.value(anyMap(c.Kwargs), 0) != nil || e.cost != got.cost || got.cost == 0 {
		t.Errorf("the decoder charged %d, the encoder %d", got.cost, e.cost)
	}
	if _, err := encodeCall(&hostCall{Args: []any{struct{}{}}}); err == nil {
		t.Error("a Go struct crossed the boundary")
	}
	payload, _ = encodeReply(&hostReply{ID: 1, Value: map[string]any{"z": 1.0, "a": int64(2)}})
	reply, err := decodeReply(payload)
	if err != nil {
		t.Fatal(err)
	}
	if want := (jsonlike.Object{{Key: "a", Value: int64(2)}, {Key: "z", Value: 1.0}}); !cmp.Equal(reply.Value, want) {
		t.Errorf("a map crossed as %#v, want %#v", reply.Value, want)
	}
}

// TestAttackWireRepeatedKeys: a worker that sends a dict with a key twice
// breaks the protocol (a dict has each key once; a host reading the
// members must not guess which one counts).
func TestAttackWireRepeatedKeys(t *testing.T) {
	t.Parallel()
	for _, n := range []int{2, 40} {
		obj := jsonlike.Object{}
		for i := range n - 1 {
			obj = append(obj, jsonlike.Member{Key: string(rune('a'+i%26)) + string(rune('a'+i/26)), Value: int64(i)})
		}
		obj = append(obj, jsonlike.Member{Key: obj[0].Key, Value: "again"})
		payload, err := encodeResult(&RunResult{Value: obj, Repr: "{}"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeResult(payload); err == nil || !strings.Contains(err.Error(), "repeated key") {
			t.Errorf("%d members with a repeated key: %v", n, err)
		}
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
	// A lone surrogate is one U+FFFD (it is one character in Python).
	want := jsonlike.Object{{Key: "a\ufffdb", Value: []any{"\ufffd\ufffdok", "fine \ufffd"}}}
	if diff := cmp.Diff(want, got); diff != "" || tail != "x\ufffd" {
		t.Errorf("decoded (-want +got):\n%s\ntail %q", diff, tail)
	}
}

// A SystemExit's status and printed code cross the wire; a printed code
// that is the message is sent once, so a 10 MB sys.exit() message fits a
// frame as any exception's message does.
func TestExitRoundTrip(t *testing.T) {
	big := strings.Repeat("x", 10<<20)
	for _, in := range []RunError{
		{Type: "SystemExit", Message: "3", Exit: true, ExitStatus: 3},
		{Type: "SystemExit", Message: "bye", Exit: true, ExitStatus: 1, ExitText: "bye"},
		{Type: "E", Message: "worded", Exit: true, ExitStatus: 1, ExitText: "code"},
		{Type: "SystemExit", Message: big, Exit: true, ExitStatus: 1, ExitText: big},
		{Type: "ValueError", Message: "no"},
	} {
		payload, err := encodeResult(&RunResult{Err: &in})
		if err != nil {
			t.Fatalf("encode %s (%d bytes): %v", in.Type, len(in.Message), err)
		}
		out, err := decodeResult(payload)
		if err != nil || out.Err == nil || *out.Err != in {
			t.Errorf("round trip of %s %.20q: %v, %+v", in.Type, in.Message, err, out.Err)
		}
	}
}
