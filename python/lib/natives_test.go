package lib_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/lib"
)

// TestNativesRejectBadArguments calls every module-level callable of the modules below,
// the private Go natives included, and every method of their common objects, with
// argument lists they do not expect: each must raise a Python exception, never crash
// the run.
func TestNativesRejectBadArguments(t *testing.T) {
	src := `
import statistics, random, fractions, decimal, base64, hashlib, hmac, uuid, html, html.parser
import io, csv, pprint, bisect, heapq, sys, urllib.parse
mods = [statistics, random, fractions, decimal, base64, hashlib, hmac, uuid, html, html.parser,
        io, csv, pprint, bisect, heapq, sys, urllib.parse]
skip = {"exit"}
calls = 0
for m in mods:
    for name in sorted(dir(m)):
        f = getattr(m, name)
        if not callable(f) or isinstance(f, type) or name in skip:
            continue
        for args in [(), (None,), (1, 2, 3, 4), ("x",), (b"x", None), ([1], (1,), {}, -1)]:
            calls += 1
            try:
                r = f(*args)
                if hasattr(r, "__next__"):
                    next(r, None)
            except Exception:
                pass
objs = [random.Random(1), random.SystemRandom(), hashlib.md5(), hmac.new(b"k", digestmod="sha1"),
        csv.writer(io.StringIO()), csv.reader([]), io.StringIO("a\nb"), io.BytesIO(b"a"),
        decimal.Decimal(1), decimal.getcontext(), fractions.Fraction(1, 3), uuid.uuid4(),
        statistics.NormalDist(), html.parser.HTMLParser(), pprint.PrettyPrinter(),
        urllib.parse.urlsplit("http://x/y")]
for o in objs:
    for name in sorted(dir(o)):
        if name in ("__init__", "__new__", "__setattr__", "__delattr__", "close", "reset"):
            continue
        try:
            f = getattr(o, name)
        except Exception:
            continue
        if not callable(f) or isinstance(f, type):
            continue
        for args in [(), (None,), (1, 2, 3, 4), ("x",), (b"x", None)]:
            calls += 1
            try:
                r = f(*args)
                if hasattr(r, "__next__"):
                    next(r, None)
            except Exception:
                pass
print(calls)
`
	prog, err := python.Compile("natives.py", src, python.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var out strings.Builder
	if _, err := prog.Run(ctx, python.RunOptions{Modules: lib.Modules(), Stdout: &out}); err != nil {
		t.Fatalf("calling module functions with bad arguments ended the run: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if n, _ := strconv.Atoi(lines[len(lines)-1]); n < 2000 {
		t.Fatalf("made %q calls, want at least 2000 (is dir() of a module empty?)", lines[len(lines)-1])
	}
}
