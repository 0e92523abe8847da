package lib_test

import (
	"context"
	"testing"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/lib"
)

// BenchmarkLargeInputs runs snippets over inputs of tool-output size (a 500 KB text,
// 20k CSV rows, 100k floats); each must stay linear in its input.
func BenchmarkLargeInputs(b *testing.B) {
	mods := lib.Modules()
	for _, c := range []struct{ name, src string }{
		{"stringio_lines", "import io\ns=io.StringIO('abcdefghij\\n'*50000)\nn=sum(1 for line in s)\nassert n==50000, n"},
		{"bytesio_lines", "import io\ns=io.BytesIO(b'abcdefghij\\n'*50000)\nassert len(s.readlines())==50000"},
		{"csv_read", "import csv, io\nrows=list(csv.reader(io.StringIO('a,b,\"c\"\\n'*20000)))\nassert len(rows)==20000"},
		{"csv_write", "import csv, io\nb=io.StringIO()\nw=csv.writer(b)\nfor i in range(20000): w.writerow([i, 'na,me', 'x'])\nassert len(b.getvalue()) > 0"},
		{"stats_mean", "import statistics\nxs=[i*0.37 for i in range(100000)]\nstatistics.mean(xs)\nstatistics.fmean(xs)\nstatistics.stdev(xs)"},
	} {
		prog, err := python.Compile(c.name+".py", c.src, python.CompileOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := prog.Run(context.Background(), python.RunOptions{Modules: mods}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
