// Command run checks python/testdata/agent (snippet mode) against CPython
// until TestConformance loads that directory itself: it prints every case
// whose outcome under our interpreter differs from the oracle's.
//
//	go run ./python/testdata/agent/run [name-substring]
package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/internal/difftest"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/vm"
)

func main() {
	root := filepath.Join("python", "testdata")
	cases, err := difftest.Load(filepath.Join(root, "agent"), "agent")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if len(os.Args) > 1 {
		var keep []difftest.Case
		for _, c := range cases {
			if strings.Contains(c.Name, os.Args[1]) {
				keep = append(keep, c)
			}
		}
		cases = keep
	}
	ctx := context.Background()
	o := difftest.Oracle{Python: "python3", Driver: filepath.Join(root, "oracle", "driver.py"), Prelude: filepath.Join(root, "oracle", "prelude.py")}
	want, err := o.Run(ctx, cases, func(difftest.Case) bool { return true })
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	modules := lib.Modules()
	pass := 0
	for _, c := range cases {
		w := want[c.Name]
		if bad := difftest.CheckMarker(c.Marker, w); bad != "" {
			fmt.Printf("CORPUS %s: %s\n", c.Name, bad)
			continue
		}
		got := runOurs(ctx, modules, c, true)
		if d := difftest.Compare(w, got, true); d != "" {
			fmt.Printf("FAIL %s  %s\n", c.Name, strings.ReplaceAll(d, "\n", " "))
			if os.Getenv("AGENT_VERBOSE") != "" {
				fmt.Printf("--- CPython\n%s--- ours\n%s", w.Stdout, got.Stdout)
			}
			continue
		}
		pass++
	}
	fmt.Printf("%d cases, %d pass\n", len(cases), pass)
}

// runOurs compiles and runs one conformance case under our interpreter and
// reports its outcome in the oracle's terms. A Go panic escaping the
// interpreter, or a run that ignores its deadline, is reported as an
// outcome so one bug cannot hide the rest.
func runOurs(ctx context.Context, modules vm.Modules, c difftest.Case, snippet bool) difftest.Outcome {
	const deadline, grace = 20 * time.Second, 10 * time.Second
	ctx, cancel := context.WithTimeout(ctx, deadline)
	defer cancel()
	var stdout lockedBuffer
	done := make(chan difftest.Outcome, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- difftest.Outcome{Stdout: stdout.String(), ExcType: "GoPanic", ExcMsg: fmt.Sprintf("%v\n%s", r, debug.Stack())}
			}
		}()
		prog, err := python.Compile(c.Name+".py", c.Source, python.CompileOptions{Snippet: snippet})
		if err != nil {
			done <- outcomeOf(stdout.String(), nil, err)
			return
		}
		opts := python.RunOptions{Stdout: &stdout, Modules: modules}
		if snippet {
			opts.Host = hostStubs()
		}
		res, err := prog.Run(ctx, opts)
		done <- outcomeOf(stdout.String(), res, err)
	}()
	select {
	case out := <-done:
		return out
	case <-time.After(deadline + grace):
		return difftest.Outcome{Stdout: stdout.String(), ExcType: "GoHang", ExcMsg: fmt.Sprintf("Run did not return %v after its %v deadline", grace, deadline)}
	}
}

// lockedBuffer is a bytes.Buffer safe to read while a hung run may still
// write to it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func outcomeOf(stdout string, res *python.Result, err error) difftest.Outcome {
	out := difftest.Outcome{Stdout: stdout}
	var exc *python.Exception
	switch {
	case errors.As(err, &exc):
		out.ExcType, out.ExcMsg = exc.Type, exc.Message
	case err != nil:
		out.ExcType, out.ExcMsg = "GoError", err.Error()
	case res != nil:
		out.ResultRepr = res.Repr
	}
	return out
}

// hostStubs are the host functions of the async and hostile corpora, the
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
func hostStubs() map[string]python.HostFunc {
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
