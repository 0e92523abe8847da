// Package hoststub holds the host functions the interpreter's async and
// hostile corpora call (python/testdata), for the tests that run those
// corpora in process and in sandbox workers: one set, so a case means the
// same wherever it runs.
package hoststub

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"time"

	"github.com/toolplane/toolplane/python"
)

// Funcs returns the host functions of the async and hostile corpora, the
// Go twins of python/testdata/oracle/prelude.py (which documents them):
//
//	slow(x, delay=0.01)      sleeps delay seconds, returns x
//	fail(msg, delay=0)       sleeps delay seconds, raises ToolError(msg)
//	echo(*args, **kwargs)    returns {"args": [...], "kwargs": {...}}
//	add(a, b)                returns a + b (ints, floats, strs, lists)
//	fetch_page(page=0, size=3, total=10)
//	                         returns {"items": [...], "next": page+1 or None, "page": page}
//	get_user(id)             returns {"id", "name", "team"} of users 1..4, else ToolError
//	list_users()             returns the four users
//	greeter.greet(name, punct="!")  returns "hello, <name><punct>"
func Funcs() map[string]python.HostFunc {
	return map[string]python.HostFunc{
		"slow": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			x := hostArg(args, kw, 0, "x", nil)
			if err := hostSleep(ctx, hostArg(args, kw, 1, "delay", 0.01)); err != nil {
				return nil, err
			}
			return x, nil
		},
		"fail": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			if err := hostSleep(ctx, hostArg(args, kw, 1, "delay", int64(0))); err != nil {
				return nil, err
			}
			return nil, &python.HostError{Type: "ToolError", Message: fmt.Sprint(hostArg(args, kw, 0, "msg", ""))}
		},
		"echo": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			if args == nil {
				args = []any{}
			}
			if kw == nil {
				kw = map[string]any{}
			}
			return map[string]any{"args": args, "kwargs": kw}, nil
		},
		"add": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			return hostAdd(hostArg(args, kw, 0, "a", nil), hostArg(args, kw, 1, "b", nil))
		},
		"fetch_page": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			page := hostInt(hostArg(args, kw, 0, "page", int64(0)))
			size := hostInt(hostArg(args, kw, 1, "size", int64(3)))
			total := hostInt(hostArg(args, kw, 2, "total", int64(10)))
			items := []any{}
			for i := page * size; i < min(page*size+size, total); i++ {
				items = append(items, i)
			}
			var next any
			if page*size+size < total {
				next = page + 1
			}
			return map[string]any{"items": items, "next": next, "page": page}, nil
		},
		"get_user": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			id := hostArg(args, kw, 0, "id", nil)
			for _, u := range hostUsers() {
				if u["id"] == id {
					return u, nil
				}
			}
			return nil, &python.HostError{Type: "ToolError", Message: fmt.Sprintf("user %v not found", id)}
		},
		"list_users": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			var out []any
			for _, u := range hostUsers() {
				out = append(out, u)
			}
			return out, nil
		},
		"greeter.greet": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			return fmt.Sprintf("hello, %v%v", hostArg(args, kw, 0, "name", ""), hostArg(args, kw, 1, "punct", "!")), nil
		},
	}
}

func hostUsers() []map[string]any {
	return []map[string]any{
		{"id": int64(1), "name": "ada", "team": "core"},
		{"id": int64(2), "name": "bob", "team": "web"},
		{"id": int64(3), "name": "cy", "team": "core"},
		{"id": int64(4), "name": "dee", "team": "ops"},
	}
}

// hostArg returns positional argument i, else keyword name, else def.
func hostArg(args []any, kw map[string]any, i int, name string, def any) any {
	if i < len(args) {
		return args[i]
	}
	if v, ok := kw[name]; ok {
		return v
	}
	return def
}

func hostInt(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case float64:
		return int64(n)
	}
	return 0
}

func hostSleep(ctx context.Context, delay any) error {
	var d time.Duration
	switch v := delay.(type) {
	case int64:
		d = time.Duration(v) * time.Second
	case float64:
		d = time.Duration(v * float64(time.Second))
	}
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func hostAdd(a, b any) (any, error) {
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			s := new(big.Int).Add(big.NewInt(x), big.NewInt(y))
			if s.IsInt64() {
				return s.Int64(), nil
			}
			return s, nil
		case float64:
			return float64(x) + y, nil
		}
	case float64:
		switch y := b.(type) {
		case int64:
			return x + float64(y), nil
		case float64:
			return x + y, nil
		}
	case string:
		if y, ok := b.(string); ok {
			return x + y, nil
		}
	case []any:
		if y, ok := b.([]any); ok {
			return append(slices.Clone(x), y...), nil
		}
	}
	return nil, &python.HostError{Type: "TypeError", Message: fmt.Sprintf("add: cannot add %T and %T", a, b)}
}
