package python

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkSharedSnippets runs the team's reference snippets
// (/work/shared/bench or $PYBENCHDIR); compare with cpython_time.py there.
func BenchmarkSharedSnippets(b *testing.B) {
	dir := os.Getenv("PYBENCHDIR")
	if dir == "" {
		dir = "/work/shared/bench"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.py"))
	if len(files) == 0 {
		b.Skipf("no reference snippets in %s (set PYBENCHDIR)", dir)
	}
	for _, file := range files {
		if filepath.Base(file) == "cpython_time.py" {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(filepath.Base(file), func(b *testing.B) {
			for b.Loop() {
				prog, err := Compile("<snippet>", string(src), CompileOptions{Snippet: true})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := prog.Run(context.Background(), RunOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkHostCall times a snippet's calls of a host function (the
// capability-call path: conversion, the awaitable, the host work and the
// result), per call: 1000 calls per run, awaited one at a time or
// gathered 50 at once, with the result None or a small dict (a Go map,
// as a capability's structured result is).
//
//	go test ./python -run '^$' -bench HostCall -benchmem
func BenchmarkHostCall(b *testing.B) {
	const calls = 1000
	host := map[string]HostFunc{
		"none": func(ctx context.Context, args []any, kw map[string]any) (any, error) { return nil, nil },
		"dict": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			return map[string]any{"id": args[0], "v": "x"}, nil
		},
	}
	cases := []struct{ name, src string }{
		{"await_none", "for i in range(1000):\n    await none(i)\n"},
		{"await_dict", "for i in range(1000):\n    await dict(i)\n"},
		{"gather_dict", "import asyncio\nfor b in range(20):\n    await asyncio.gather(*[dict(j) for j in range(50)])\n"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			prog, err := Compile("<bench>", c.src, CompileOptions{Snippet: true})
			if err != nil {
				b.Fatal(err)
			}
			opts := RunOptions{Host: host, Limits: Limits{MaxHostCalls: 1 << 30}}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := prog.Run(context.Background(), opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*calls), "ns/call")
		})
	}
}
