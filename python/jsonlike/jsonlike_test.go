package jsonlike

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"os/exec"
	"strings"
	"testing"
)

// oracleValues is a CPython program printing, one per line, json.dumps of
// generated values: nested dicts (insertion order, not sorted), lists,
// ints of every size up to the digit limit, floats of every magnitude and
// strings with escapes and non-ASCII text.
const oracleValues = `
import json, random, sys
r = random.Random(18)
def flt():
    k = r.randrange(6)
    if k == 0: return float(r.randrange(-10**6, 10**6))
    if k == 1: return r.uniform(-1, 1) * 10 ** r.randrange(-30, 30)
    if k == 2: return 10.0 ** r.randrange(-320, 308)
    if k == 3: return r.choice([0.0, -0.0, 5.0, 1e16, 1e15, 123456789.0, 0.1, 1e-4, 1e-5, 2.5e-7, 1.7976931348623157e308, 5e-324])
    if k == 4: return r.random()
    return float(r.getrandbits(60)) / (1 << r.randrange(64))
def s():
    return ''.join(r.choice('ab"\\\n\t\x00\x1f\x7f é€😀\u2028/<>&') for _ in range(r.randrange(8)))
def val(d):
    k = r.randrange(9 if d < 4 else 6)
    if k == 0: return None
    if k == 1: return r.random() < 0.5
    if k == 2: return r.randrange(-2**70, 2**70) >> r.randrange(70)
    if k == 3: return flt()
    if k == 4: return s()
    if k == 5: return 10 ** r.randrange(4300) * r.choice([1, -1])
    if k == 6: return [val(d+1) for _ in range(r.randrange(5))]
    return {s(): val(d+1) for _ in range(r.randrange(5))}
for _ in range(3000):
    print(json.dumps(val(0), ensure_ascii=False, separators=(',', ':')))
`

// TestCPythonRoundTrip decodes what CPython's json.dumps wrote and writes it
// back with Marshal: the bytes must be the same (member order, int versus
// float, float spelling, string escapes).
func TestCPythonRoundTrip(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("the oracle needs python3 on PATH: %v", err)
	}
	out, err := exec.Command(py, "-c", oracleValues).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != 3000 {
		t.Fatalf("oracle printed %d lines", len(lines))
	}
	for i, line := range lines {
		v, err := Decode([]byte(line))
		if err != nil {
			t.Fatalf("line %d: Decode(%.200s): %v", i, line, err)
		}
		got, err := Marshal(v)
		if err != nil {
			t.Fatalf("line %d: Marshal: %v", i, err)
		}
		if string(got) != line {
			t.Fatalf("line %d:\nCPython %.300s\nours    %.300s", i, line, got)
		}
	}
}

func TestMarshalRules(t *testing.T) {
	big20 := new(big.Int).Exp(big.NewInt(10), big.NewInt(20), nil)
	cases := []struct {
		v    any
		want string
	}{
		{Object{{"b", 5.0}, {"a", 1e20}, {"c", int64(5)}}, `{"b":5.0,"a":1e+20,"c":5}`},
		{[]any{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1)}, `["NaN","Infinity","-Infinity",-0.0]`},
		{map[string]any{"z": 1, "a": []any{2.5}}, `{"a":[2.5],"z":1}`},
		{big20, `100000000000000000000`},
		{"lone \xed\xa0\x80 surrogate", `"lone ` + "\ufffd\ufffd\ufffd" + ` surrogate"`},
		{"<tag> & \u2028", "\"<tag> & \u2028\""},
		{json.Number("1.50"), `1.50`},
		{json.RawMessage(` {"b": 1, "a": 2.0} `), `{"b":1,"a":2.0}`},
		{[]string{"x"}, `["x"]`},
		{nil, `null`},
	}
	for _, c := range cases {
		got, err := Marshal(c.v)
		if err != nil {
			t.Errorf("Marshal(%#v): %v", c.v, err)
			continue
		}
		if string(got) != c.want {
			t.Errorf("Marshal(%#v) = %s, want %s", c.v, got, c.want)
		}
	}
	if s, _ := Format(Object{{"a", []any{1.0, nil}}}); s != `{"a": [1.0, null]}` {
		t.Errorf("Format = %s", s)
	}
	// encoding/json writes an Object inside another value by the same rules.
	b, _ := json.Marshal(map[string]any{"v": Object{{"b", 1.0}, {"a", 2}}})
	if string(b) != `{"v":{"b":1.0,"a":2}}` {
		t.Errorf("encoding/json of an Object = %s", b)
	}
}

// TestAttackMarshalBounded: what a hostile value can hand the encoder ends
// in an error naming where, never in a crash or unbounded work.
func TestAttackMarshalBounded(t *testing.T) {
	var deep any = 1
	for range MaxDepth + 5 {
		deep = []any{deep}
	}
	var ue *UnsupportedError
	if _, err := Marshal(deep); !errors.As(err, &ue) || !strings.Contains(ue.Reason, "nested deeper") {
		t.Errorf("deep value: %v", err)
	}
	huge := new(big.Int).Exp(big.NewInt(10), big.NewInt(MaxIntDigits), nil) // 4301 digits
	if _, err := Marshal(Object{{"n", huge}}); !errors.As(err, &ue) || ue.Path != "$.n" || !strings.Contains(ue.Reason, "4300 digits") {
		t.Errorf("huge int: %v", err)
	}
	ok := new(big.Int).Sub(huge, big.NewInt(1)) // 4300 nines
	if _, err := Marshal(ok); err != nil {
		t.Errorf("4300-digit int: %v", err)
	}
	if _, err := Marshal(Object{{"odd key", []any{1, struct{}{}}}}); !errors.As(err, &ue) || ue.Path != `$["odd key"][1]` {
		t.Errorf("unsupported type: %v", err)
	}
	if _, err := Marshal(json.Number("1e5x")); err == nil {
		t.Error("an invalid json.Number was written")
	}
}

func TestDecodeRules(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"b":1,"a":2,"b":3}`, `{"b":3,"a":2}`},
		{`[NaN, Infinity, -Infinity, 1e400, -1e400]`, `["NaN","Infinity","-Infinity","Infinity","-Infinity"]`},
		{`"\ud83d\ude00 \ud800 \udc00x"`, "\"😀 \ufffd \ufffdx\""},
		{`[5, 5.0, 5e0, -0, 12345678901234567890123]`, `[5,5.0,5.0,0,12345678901234567890123]`},
		{"\"bad \xff byte\"", "\"bad \ufffd byte\""},
	}
	for _, c := range cases {
		v, err := Decode([]byte(c.in))
		if err != nil {
			t.Errorf("Decode(%s): %v", c.in, err)
			continue
		}
		got, _ := Marshal(v)
		if string(got) != c.want {
			t.Errorf("Decode(%s) then Marshal = %s, want %s", c.in, got, c.want)
		}
	}
	for _, bad := range []string{``, `{`, `[1,]`, `{"a" 1}`, `01`, `1.`, `.5`, `"\x01"`, `"\q"`, `[1] 2`, `nan`, `{"a":1,}`, `"\u12"`} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%q) accepted", bad)
		}
	}
	if _, err := Decode([]byte(strings.Repeat("[", MaxDepth+2) + strings.Repeat("]", MaxDepth+2))); err == nil {
		t.Error("a value nested past MaxDepth was decoded")
	}
	if _, err := Decode([]byte(strings.Repeat("9", MaxIntDigits+1))); err == nil {
		t.Error("an integer past the digit limit was decoded")
	}
}

// FuzzDecode: Decode never panics, and what it accepts Marshal writes and
// Decode reads back to the same bytes.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"a":[1,2.5,"x",null,true]}`, `[NaN,-Infinity]`, `"\ud800"`, `{"a":1,"a":2}`, `-0.0e-7`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Decode(data)
		if err != nil {
			return
		}
		b, err := Marshal(v)
		if err != nil {
			t.Fatalf("Marshal of decoded %q: %v", data, err)
		}
		v2, err := Decode(b)
		if err != nil {
			t.Fatalf("Decode of %s: %v", b, err)
		}
		b2, _ := Marshal(v2)
		if !bytes.Equal(b, b2) {
			t.Fatalf("not stable: %s then %s", b, b2)
		}
	})
}
