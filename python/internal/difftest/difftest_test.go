package difftest

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitFileNamesAndLines(t *testing.T) {
	text := "print(1)\n# ---\n\nx = 2\n# raises: KeyError: 'x'\n# ---\nprint(3)\n"
	got := SplitFile("core", "/d/ints.py", text)
	type brief struct {
		Name, Source string
		Line         int
		Marker       string
	}
	var gotBrief []brief
	for _, c := range got {
		gotBrief = append(gotBrief, brief{c.Name, c.Source, c.Line, c.Marker.String()})
	}
	want := []brief{
		{"core/ints#1", "print(1)\n", 1, "completes normally"},
		{"core/ints#2", "x = 2\n# raises: KeyError: 'x'\n", 4, "raises KeyError: 'x'"},
		{"core/ints#3", "print(3)\n", 7, "completes normally"},
	}
	if d := cmp.Diff(want, gotBrief); d != "" {
		t.Errorf("SplitFile mismatch (-want +got):\n%s", d)
	}
	single := SplitFile("hostile", "/d/loop.py", "while True:\n    pass\n# limit: steps|time\n")
	if len(single) != 1 || single[0].Name != "hostile/loop" {
		t.Fatalf("one-chunk file: got %+v", single)
	}
	if d := cmp.Diff([]string{"steps", "time"}, single[0].Marker.Limits); d != "" {
		t.Errorf("limits (-want +got):\n%s", d)
	}
}

func TestParseMarker(t *testing.T) {
	for src, want := range map[string]Marker{
		"x\n# raises: ValueError\n":                {Raises: true, Type: "ValueError"},
		"x\n# raises: KeyError: 'a: b'\n\n":        {Raises: true, Type: "KeyError", Message: "'a: b'", HasMessage: true},
		"# raises: X\nprint(1)\n":                  {},
		"x\n# limit: memory\n":                     {Limits: []string{"memory"}},
		"x\n# completes\n":                         {Completes: true},
		"print('# raises: nothing')\n":             {},
		"x\n   # raises: TypeError: bad operand\n": {Raises: true, Type: "TypeError", Message: "bad operand", HasMessage: true},
	} {
		if d := cmp.Diff(want, ParseMarker(src)); d != "" {
			t.Errorf("ParseMarker(%q) (-want +got):\n%s", src, d)
		}
	}
}

func TestCheckMarker(t *testing.T) {
	raisesKey := Marker{Raises: true, Type: "KeyError", Message: "'x'", HasMessage: true}
	if s := CheckMarker(raisesKey, Outcome{ExcType: "KeyError", ExcMsg: "'x'"}); s != "" {
		t.Errorf("matching exception reported: %s", s)
	}
	for _, o := range []Outcome{{}, {ExcType: "KeyError", ExcMsg: "'y'"}, {ExcType: "IndexError", ExcMsg: "'x'"}} {
		if CheckMarker(raisesKey, o) == "" {
			t.Errorf("outcome %+v accepted for %s", o, raisesKey)
		}
	}
	if CheckMarker(Marker{}, Outcome{ExcType: "ValueError"}) == "" {
		t.Error("exception accepted for a case without marker")
	}
	if CheckMarker(Marker{Raises: true, Type: "ValueError"}, Outcome{ExcType: "ValueError", ExcMsg: "m"}) == "" {
		t.Error("a message accepted where the marker states an empty one")
	}
}

func TestCompare(t *testing.T) {
	a := Outcome{Stdout: "1\n2\n", ResultRepr: "3"}
	if d := Compare(a, a, true); d != "" {
		t.Errorf("equal outcomes differ: %s", d)
	}
	if Compare(a, Outcome{Stdout: "1\n2\n", ResultRepr: "4"}, true) == "" {
		t.Error("result difference missed in snippet mode")
	}
	if Compare(a, Outcome{Stdout: "1\n2\n", ResultRepr: "4"}, false) != "" {
		t.Error("result compared outside snippet mode")
	}
	if Compare(a, Outcome{Stdout: "1\n", ResultRepr: "3"}, true) == "" {
		t.Error("stdout difference missed")
	}
}

func TestXFailRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "xfail.txt")
	want := XFail{"core/a#2": "stdout differs: line 1", "async/b": ""}
	if err := WriteXFail(path, "expected failures\nsecond line", want); err != nil {
		t.Fatal(err)
	}
	got, err := ReadXFail(path)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("round trip (-want +got):\n%s", d)
	}
	missing, err := ReadXFail(filepath.Join(t.TempDir(), "none.txt"))
	if err != nil || len(missing) != 0 {
		t.Errorf("missing file: %v, %v", missing, err)
	}
}
