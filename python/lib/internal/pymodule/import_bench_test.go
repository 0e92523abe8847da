package pymodule_test

import (
	"context"
	"testing"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/lib"
)

// BenchmarkImport measures one run that imports a module (after the table has
// compiled it once): the per-run cost a snippet pays for the import.
func BenchmarkImport(b *testing.B) {
	mods := lib.Modules()
	for _, name := range []string{"statistics", "random", "fractions", "decimal", "csv", "io",
		"urllib.parse", "pprint", "uuid", "hashlib", "hmac", "base64", "heapq", "bisect", "html", "sys"} {
		prog, err := python.Compile("bench.py", "import "+name+"\n", python.CompileOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := prog.Run(context.Background(), python.RunOptions{Modules: mods}); err != nil {
			b.Fatalf("import %s: %v", name, err)
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := prog.Run(context.Background(), python.RunOptions{Modules: mods}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
