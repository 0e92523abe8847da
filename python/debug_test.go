package python

import (
	"context"
	"os"
	"testing"
)

// TestDebugFile runs the file named by $PYDEBUG, printing its output; it is
// skipped otherwise. It is a development aid for reproducing failures.
func TestDebugFile(t *testing.T) {
	path := os.Getenv("PYDEBUG")
	if path == "" {
		t.Skip("set PYDEBUG to a file to run it")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := Compile("<snippet>", string(src), CompileOptions{Snippet: true})
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, err.(*Exception).Traceback)
	}
	res, err := prog.Run(context.Background(), RunOptions{Stdout: os.Stdout})
	if err != nil {
		t.Fatalf("run: %v\n%s", err, err.(*Exception).Traceback)
	}
	t.Logf("result: %s", res.Repr)
}
