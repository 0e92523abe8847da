package pymodule_test

import (
	"context"
	"sync"
	"testing"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/lib"
)

// TestConcurrentRuns runs snippets using every part B module on one shared table from
// several goroutines: compiled module code and Go natives are shared, module state is
// not (run it with -race).
func TestConcurrentRuns(t *testing.T) {
	mods := lib.Modules()
	src := `
import random, csv, io, decimal, statistics, uuid, hashlib, urllib.parse, pprint, fractions, heapq, base64, html
r = random.Random(1)
x = [r.random() for _ in range(50)]
b = io.StringIO()
csv.writer(b).writerows([[1, "a,b"], [2, "c"]])
rows = list(csv.reader(io.StringIO(b.getvalue())))
d = decimal.Decimal(1) / 7
s = statistics.stdev(x)
u = uuid.uuid4()
h = hashlib.sha256(b"x").hexdigest()
q = urllib.parse.urlencode({"a": 1})
p = pprint.pformat({"k": list(range(30))})
f = fractions.Fraction(1, 3) + 1
heapq.heapify(x)
e = base64.b64encode(b"abc")
t = html.unescape("&amp;")
`
	prog, err := python.Compile("c.py", src, python.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 3; j++ {
				if _, err := prog.Run(context.Background(), python.RunOptions{Modules: mods}); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
}
