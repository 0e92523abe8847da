// Package bench holds the interpreter's benchmark programs and the host
// functions they call, shared by `go test -bench` and cmd pytime.
package bench

import (
	"context"
	"fmt"

	"github.com/toolplane/toolplane/python"
)

// Hosts returns the host functions the benchmark programs call; they
// mirror the stubs of the programs' *_prelude.py files under CPython.
func Hosts() map[string]python.HostFunc {
	return map[string]python.HostFunc{
		"lookup": func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
			if len(args) != 1 {
				return nil, fmt.Errorf("lookup takes 1 argument, got %d", len(args))
			}
			i, ok := args[0].(int64)
			if !ok {
				return nil, fmt.Errorf("lookup: want an int, got %T", args[0])
			}
			return map[string]any{"id": i, "v": i * 2}, nil
		},
	}
}
