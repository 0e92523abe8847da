package syntax

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParse checks that no input makes the parser panic or hang, that
// every error is a *Error with a sane position, and that Dump and Walk
// handle every tree produced. Seeds come from the differential cases.
func FuzzParse(f *testing.F) {
	for _, c := range collectCases(f) {
		f.Add(c.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		mod, err := Parse("fuzz.py", []byte(src))
		if err != nil {
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("error %T is not *syntax.Error: %v", err, err)
			}
			if strings.Contains(se.Msg, "internal error") {
				t.Fatalf("parser bug: %v", se.Msg)
			}
			if se.Line < 0 || se.Col < 0 {
				t.Fatalf("bad position %d:%d in %v", se.Line, se.Col, se)
			}
			_ = se.Traceback()
			return
		}
		_ = Dump(mod)
		Inspect(mod, func(n Node) bool {
			if n == nil {
				t.Fatal("Inspect visited a nil node")
			}
			return true
		})
	})
}

const benchSnippet = `import json

async def main(limit=10, *, verbose=False):
    users = await list_users()
    by_team = {}
    for u in users:
        by_team.setdefault(u["team"], []).append(u["name"])
    rows = [
        {"team": team, "count": len(names), "names": sorted(names)}
        for team, names in by_team.items()
        if len(names) > 0
    ]
    rows.sort(key=lambda r: (-r["count"], r["team"]))
    try:
        detail = await get_user(id=rows[0]["count"])
    except ToolError as e:
        detail = {"error": str(e)}
    if verbose:
        print(f"{len(rows)} teams, first: {rows[0]['team']!r:>10}")
    return {"rows": rows[:limit], "detail": detail, "raw": json.dumps(rows)}
`

// BenchmarkParse parses a typical 20-line agent snippet.
func BenchmarkParse(b *testing.B) {
	src := []byte(benchSnippet)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("bench.py", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScan tokenizes the same snippet without parsing.
func BenchmarkScan(b *testing.B) {
	src := []byte(benchSnippet)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		sc := newScanner(newSource("bench.py", src), 0, len(src), Position{Line: 1, Col: 1}, false)
		sc.scan()
		if sc.err != nil {
			b.Fatal(sc.err)
		}
	}
}
