package results

import (
	"errors"
	"math"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/toolplane/toolplane/python/jsonlike"
)

func TestCanonical(t *testing.T) {
	t.Parallel()
	huge, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"null", nil, `null`},
		{"sorted keys", map[string]any{"b": 1, "a": []any{true, false, nil}}, `{"a":[true,false,null],"b":1}`},
		{"no html escaping", "<a&b>", `"<a&b>"`},
		{"unicode", "héllo\n", `"héllo\n"`},
		{"integral float keeps fraction", 2.0, `2.0`},
		{"float", 0.1, `0.1`},
		{"exponent float", 1e300, `1e+300`},
		{"int64", int64(-7), `-7`},
		{"big int", huge, `123456789012345678901234567890`},
		{"nested", map[string]any{"x": map[string]any{"z": 1, "y": "s"}}, `{"x":{"y":"s","z":1}}`},
		{"insertion order", jsonlike.Object{{Key: "z", Value: 1.0}, {Key: "a", Value: jsonlike.Object{{Key: "y", Value: 1e20}, {Key: "b"}}}}, `{"z":1.0,"a":{"y":1e+20,"b":null}}`},
		{"non-finite floats", []any{math.NaN(), math.Inf(1), math.Inf(-1)}, `["NaN","Infinity","-Infinity"]`},
	}
	for _, tc := range tests {
		got, err := Canonical(tc.in)
		if err != nil {
			t.Fatalf("%s: Canonical: %v", tc.name, err)
		}
		if string(got) != tc.want {
			t.Errorf("%s: Canonical = %s, want %s", tc.name, got, tc.want)
		}
	}
}

func TestCanonicalRejectsWithPath(t *testing.T) {
	t.Parallel()
	type when struct{}
	tests := []struct {
		in       any
		wantPath string
	}{
		{map[string]any{"items": []any{1, 2, 3, map[string]any{"when": when{}}}}, "$.items[3].when"},
		{map[string]any{"odd key": []any{1, func() {}}}, `$["odd key"][1]`},
		{func() {}, "$"},
	}
	for _, tc := range tests {
		_, err := Canonical(tc.in)
		var nse *NotSerializableError
		if !errors.As(err, &nse) {
			t.Fatalf("Canonical(%#v) error = %v, want NotSerializableError", tc.in, err)
		}
		if nse.Path != tc.wantPath {
			t.Errorf("path = %q, want %q (error %v)", nse.Path, tc.wantPath, err)
		}
		if !strings.Contains(err.Error(), tc.wantPath) {
			t.Errorf("error %q does not name the path %q", err, tc.wantPath)
		}
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	t.Parallel()
	s := NewStore(Limits{})
	huge, _ := new(big.Int).SetString("-99999999999999999999999", 10)
	in := map[string]any{"n": int64(3), "f": 1.5, "whole": 4.0, "s": "x", "l": []any{nil, true}, "big": huge}
	e, err := s.Save(in, "first")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(e.Handle, "res_") || len(e.Handle) != 24 {
		t.Errorf("handle = %q, want res_ + 20 hex digits", e.Handle)
	}
	if e.URI() != "toolplane://results/"+e.Handle {
		t.Errorf("URI = %q", e.URI())
	}
	// Mutating after save must not change what was saved.
	in["n"] = int64(4)
	got, err := s.Load(e.Handle)
	if err != nil {
		t.Fatal(err)
	}
	want := jsonlike.FromMap(map[string]any{"n": int64(3), "f": 1.5, "whole": 4.0, "s": "x", "l": []any{nil, true}, "big": huge})
	if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })); diff != "" {
		t.Errorf("Load mismatch (-want +got):\n%s", diff)
	}
	raw, _, err := s.Raw(e.URI())
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"big":-99999999999999999999999,"f":1.5,"l":[null,true],"n":3,"s":"x","whole":4.0}`; string(raw) != want {
		t.Errorf("Raw = %s, want %s", raw, want)
	}
}

func TestLoadErrorsExplainWhy(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s := NewStore(Limits{MaxEntries: 2, TTL: time.Minute}, WithClock(func() time.Time { return now }))

	a, _ := s.Save("a", "")
	b, _ := s.Save("b", "")
	c, _ := s.Save("c", "") // evicts a
	if _, err := s.Load(a.Handle); !isGone(err, ReasonEvicted) || !strings.Contains(err.Error(), a.Handle) {
		t.Errorf("Load(evicted) = %v, want evicted error naming %s", err, a.Handle)
	}
	if v, err := s.Load(b.Handle); err != nil || v != "b" {
		t.Errorf("Load(b) = %v, %v", v, err)
	}
	now = now.Add(2 * time.Minute)
	if _, err := s.Load(c.Handle); !isGone(err, ReasonExpired) || !strings.Contains(err.Error(), "expired") {
		t.Errorf("Load(expired) = %v, want expired", err)
	}
	if _, err := s.Load("res_00000000000000000000"); !isGone(err, ReasonUnknown) {
		t.Errorf("Load(unknown) = %v, want unknown", err)
	}
	if _, err := s.Load("bogus"); !isGone(err, ReasonUnknown) || !strings.Contains(err.Error(), "res_") {
		t.Errorf("Load(bogus) = %v, want unknown with a hint", err)
	}
	d, _ := s.Save("d", "")
	s.Clear()
	if _, err := s.Load(d.Handle); !isGone(err, ReasonCleared) {
		t.Errorf("Load(cleared) = %v", err)
	}
	if n := len(s.List()); n != 0 {
		t.Errorf("List after Clear has %d entries", n)
	}
}

func TestByteLimits(t *testing.T) {
	t.Parallel()
	s := NewStore(Limits{MaxEntryBytes: 100, MaxTotalBytes: 250})
	if _, err := s.Save(strings.Repeat("x", 200), ""); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Save(200 bytes) = %v, want ErrTooLarge", err)
	}
	var hs []string
	for range 3 {
		e, err := s.Save(strings.Repeat("y", 90), "") // 92 bytes of JSON each
		if err != nil {
			t.Fatal(err)
		}
		hs = append(hs, e.Handle)
	}
	if got := s.TotalBytes(); got != 184 {
		t.Errorf("TotalBytes = %d, want 184", got)
	}
	if _, err := s.Load(hs[0]); !isGone(err, ReasonEvicted) {
		t.Errorf("oldest entry: %v, want evicted", err)
	}
	list := s.List()
	if len(list) != 2 || list[0].Handle != hs[1] || list[1].Handle != hs[2] {
		t.Errorf("List = %+v, want the two newest in order", list)
	}
}

func TestConcurrentSaveLoad(t *testing.T) {
	t.Parallel()
	s := NewStore(Limits{MaxEntries: 16})
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 50 {
				e, err := s.Save(map[string]any{"g": g, "i": i}, "")
				if err != nil {
					t.Error(err)
					return
				}
				if _, err := s.Load(e.Handle); err != nil && !isGone(err, ReasonEvicted) {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if n := len(s.List()); n != 16 {
		t.Errorf("List has %d entries, want 16", n)
	}
}

func isGone(err error, r GoneReason) bool {
	var le *LoadError
	return errors.As(err, &le) && le.Reason == r
}
