package python

import (
	"context"
	"encoding/json"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python/jsonlike"
	"github.com/toolplane/toolplane/python/lib"
)

// resultJSONCases are snippets whose result CPython's json.dumps either
// writes (the JSON must be the same bytes) or refuses (the run must say
// why in the same words, and give the repr). Floats here are finite: the
// non-finite rule is ours (TestResultJSONNonFinite).
var resultJSONCases = []string{
	`{"b": 5.0, "a": 1e20, "c": 5, "d": 1e16, "e": 123456789.0, "f": 0.1, "g": -0.0, "h": 1e-7, "i": 2.5e-5}`,
	`kg = {"iron": 3.5, "gold": 10.0, "lead": 7.25, "tin": 1.0}
dict(sorted(kg.items(), key=lambda kv: kv[1], reverse=True))`,
	`d = {}
d["z"] = 1
d["a"] = 2
d["m"] = {"y": [1.0, 2], "b": (3, 4.5)}
del d["a"]
d["a"] = 3
d`,
	`{1: "int", 2.5: "float", True: "bool", None: "none", -3: "neg", 1e20: "big float", 10**30: "big int"}`,
	`{False: 0, 0.0: "shadow"}`,
	`from collections import Counter
Counter("abracadabra")`,
	`from collections import Counter
Counter("abracadabra").most_common(3)`,
	`from collections import defaultdict
d = defaultdict(list)
for w in ["apple", "avocado", "banana", "cherry", "blueberry"]:
    d[w[0]].append(w)
d`,
	`from collections import OrderedDict
o = OrderedDict(a=1, b=2, c=3)
o.move_to_end("a")
o`,
	`from collections import namedtuple
P = namedtuple("P", "x y")
[P(1, 2.0), {"p": P(3, 4)}]`,
	`from typing import NamedTuple
class Row(NamedTuple):
    name: str
    score: float
{"rows": [Row("a", 1.0), Row("b", 2.5)]}`,
	`from enum import IntEnum, Enum
class Level(IntEnum):
    LOW = 1
    HIGH = 2
{Level.LOW: Level.HIGH, "x": [Level.LOW]}`,
	`from enum import Enum
class Color(str, Enum):
    RED = "r"
{Color.RED: Color.RED}`,
	`class Tags(list): pass
class Meta(dict): pass
class Name(str): pass
class Count(int): pass
class Ratio(float): pass
Meta(tags=Tags(["a", Name("b")]), n=Count(3), r=Ratio(0.5))`,
	`class Lying(dict):
    def items(self):
        return [("shown", 1), ("also", 2.0)]
Lying(hidden=1)`,
	`class Bad(dict):
    def items(self):
        return [("a", 1, 2)]
Bad(a=1)`,
	`class Bad(dict):
    def items(self):
        return 5
Bad(a=1)`,
	`2 ** 64`,
	`[10 ** 4299, -(10 ** 4299)]`,
	`"quote \" backslash \\ newline \n tab \t nul \x00 del \x7f é 😀 \u2028"`,
	`((1, 2), [3, (4.0,)])`,
	`{1, 2}`,
	`b"bytes"`,
	`{"s": {1}}`,
	`{(1, 2): "tuple key"}`,
	`object()`,
	`from dataclasses import dataclass
@dataclass
class P:
    x: int
P(1)`,
	`from enum import Enum
class Plain(Enum):
    A = 1
Plain.A`,
	`from collections import deque, ChainMap, UserDict, UserList
[deque([1])]`,
	`from collections import ChainMap
ChainMap({"a": 1})`,
	`from collections import UserDict
UserDict(a=1)`,
	`from collections import UserList
UserList([1])`,
	`l = [1]
l.append(l)
l`,
	`d = {}
d["self"] = [d]
d`,
	`class D(dict): pass
d = D()
d["me"] = d
d`,
	`shared = [1, 2]
{"a": shared, "b": shared, "c": [shared, shared]}`,
}

// oracleResultJSON runs each case under CPython and prints, per case, a
// line: "ok <json.dumps>" or "err <Type: message>".
const oracleResultJSON = `
import json, sys
cases = json.loads(sys.stdin.read())
for src in cases:
    lines = src.split("\n")
    g = {}
    exec("\n".join(lines[:-1]), g)
    v = eval(lines[-1], g)
    try:
        print("ok " + json.dumps(v, ensure_ascii=False, separators=(",", ":")).replace("\n", "\\n"))
    except Exception as e:
        print("err %s: %s" % (type(e).__name__, e))
`

// TestResultJSONMatchesCPython: a run's result reaches the host as what
// CPython's json.dumps writes of it (member order, float spelling, keys,
// subclasses and the library's dict and tuple classes), and a value
// json.dumps refuses comes back as its repr with json.dumps's reason.
func TestResultJSONMatchesCPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("the oracle needs python3 (CPython 3.11) on PATH: %v", err)
	}
	in, _ := json.Marshal(resultJSONCases)
	cmd := exec.Command(py, "-c", oracleResultJSON)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	want := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(want) != len(resultJSONCases) {
		t.Fatalf("oracle printed %d lines for %d cases:\n%s", len(want), len(resultJSONCases), out)
	}
	for i, src := range resultJSONCases {
		prog, err := Compile("<snippet>", src, CompileOptions{Snippet: true})
		if err != nil {
			t.Errorf("case %d: %v", i, err)
			continue
		}
		res, err := prog.Run(context.Background(), RunOptions{Modules: lib.Modules()})
		if err != nil {
			t.Errorf("case %d %q: %v", i, src, err)
			continue
		}
		var got string
		if res.NotJSON != "" {
			got = "err " + res.NotJSON
			if res.Value != res.Repr {
				t.Errorf("case %d: a value with no JSON form is %#v, not its repr %q", i, res.Value, res.Repr)
			}
		} else {
			b, err := jsonlike.Marshal(res.Value)
			if err != nil {
				t.Errorf("case %d: Marshal: %v", i, err)
				continue
			}
			got = "ok " + strings.ReplaceAll(string(b), "\n", `\n`)
		}
		if got != want[i] {
			t.Errorf("case %d %q:\nCPython %s\nours    %s", i, src, want[i], got)
		}
	}
}

// TestResultJSONNonFinite: non-finite floats are the strings json.dumps
// spells them with, wherever they are; the rest of the value stays JSON.
func TestResultJSONNonFinite(t *testing.T) {
	res, _, err := run(t, `{"a": float("inf"), "b": [float("-inf"), float("nan")], float("inf"): 1, float("nan"): 2.0}`, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := jsonlike.Marshal(res.Value)
	if err != nil || res.NotJSON != "" {
		t.Fatalf("Marshal: %v (NotJSON %q)", err, res.NotJSON)
	}
	if want := `{"a":"Infinity","b":["-Infinity","NaN"],"Infinity":1,"NaN":2.0}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
}

// TestAttackResultConversion: what a hostile snippet can hand the
// conversion of its result or of a host call's arguments (cycles through
// every container kind, nesting a million deep, a dict subclass whose
// items() never ends or raises, huge ints, lone surrogates) ends promptly
// in a repr, an exception or a limit, never a crash or a hang.
func TestAttackResultConversion(t *testing.T) {
	cases := []struct {
		name, src string
		notJSON   string // the reason, when the result has no JSON form
		exc       string // the run's exception, when it fails
		check     func(t *testing.T, v any)
	}{
		{name: "million_deep", src: "x = []\nfor _ in range(10**6):\n    x = [x]\nx", exc: "RecursionError"},
		{name: "deep_result", src: "x = []\nfor _ in range(10**5):\n    x = [x]\nx", exc: "RecursionError"},
		{name: "deep_dict", src: "x = {}\nfor _ in range(300):\n    x = {'k': x}\nx", notJSON: "RecursionError: value is nested more than 200 levels deep"},
		{name: "cycle_via_subclass_base", src: "class L(list): pass\nl = L()\nl.append({'l': l})\nl", notJSON: "ValueError: Circular reference detected"},
		{name: "items_never_ends", src: "import itertools\nclass D(dict):\n    def items(self):\n        return ((str(i), i) for i in itertools.count())\nD()", notJSON: "MemoryError"},
		{name: "items_raises", src: "class D(dict):\n    def items(self):\n        raise KeyError('no')\nD(a=1)", notJSON: "KeyError: 'no'"},
		{name: "hook_recursion", src: "class D(dict):\n    def items(self):\n        return D.items(self)\nD()", notJSON: "RecursionError: maximum recursion depth exceeded"},
		{name: "huge_int", src: "[10 ** 4300]", exc: "ValueError"},
		{name: "huge_int_key", src: "{10 ** 4300: 1}", exc: "ValueError"},
		{name: "lone_surrogate", src: `{"\ud800": "\udfff x"}`, check: func(t *testing.T, v any) {
			b, _ := jsonlike.Marshal(v)
			if string(b) != `{"`+"\ufffd"+`":"`+"\ufffd"+` x"}` {
				t.Errorf("lone surrogates: %s", b)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			prog, err := Compile("<snippet>", c.src, CompileOptions{Snippet: true})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			res, err := prog.Run(ctx, RunOptions{Modules: lib.Modules(), Limits: Limits{MaxMemoryBytes: 64 << 20, Steps: 3e7}})
			if ctx.Err() != nil {
				t.Fatal("the run hung")
			}
			var e *Exception
			switch {
			case errors.As(err, &e):
				if c.exc == "" || !strings.Contains("|"+c.exc+"|", "|"+e.Type+"|") {
					t.Fatalf("run raised %s, want %q", e.Error(), c.exc)
				}
				return
			case err != nil:
				t.Fatal(err)
			case c.exc != "" && c.notJSON == "":
				t.Fatalf("run returned %v, want %s", res.Repr, c.exc)
			}
			if !strings.HasPrefix(res.NotJSON, c.notJSON) || (c.notJSON == "") != (res.NotJSON == "") {
				t.Errorf("NotJSON %q, want %q", res.NotJSON, c.notJSON)
			}
			if c.check != nil {
				c.check(t, res.Value)
			}
		})
	}
}
