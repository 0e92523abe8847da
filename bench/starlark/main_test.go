package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// cpythonJSON runs a benchmark program as a snippet under CPython and prints
// its result as JSON (tuples become arrays, as Starlark's json.encode does).
const cpythonJSON = `
import asyncio, json, sys, textwrap
ns = {}
exec("async def __snippet__():\n" + textwrap.indent(open(sys.argv[1]).read(), "    "), ns)
print(json.dumps(asyncio.run(ns["__snippet__"]())))
`

// TestTranslationsMatchCPython keeps the starlark-go column honest: each
// programs/NAME.star leaves in result what ../programs/NAME.py returns under
// CPython, compared as decoded JSON.
func TestTranslationsMatchCPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 (the oracle) is not on PATH")
	}
	files, err := filepath.Glob("programs/*.star")
	if err != nil || len(files) == 0 {
		t.Fatalf("no translated programs: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".star")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			orig := filepath.Join("..", "programs", name+".py")
			if _, err := os.Stat(orig); err != nil {
				t.Fatalf("%s translates no benchmark program: %v", f, err)
			}
			out, err := exec.Command(py, "-c", cpythonJSON, orig).Output()
			if err != nil {
				t.Fatalf("python3 %s: %v", orig, err)
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got, err := resultJSON(f, src)
			if err != nil {
				t.Fatal(err)
			}
			var want, have any
			if err := json.Unmarshal(out, &want); err != nil {
				t.Fatalf("CPython's result: %v", err)
			}
			if err := json.Unmarshal([]byte(got), &have); err != nil {
				t.Fatalf("starlark's result: %v", err)
			}
			if !reflect.DeepEqual(want, have) {
				t.Errorf("result differs from CPython:\n starlark %s\n cpython  %s", got, out)
			}
		})
	}
}

// TestRound checks the round built-in against CPython's on values whose
// decimal expansion sits near a rounding boundary.
func TestRound(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 (the oracle) is not on PATH")
	}
	xs := []string{"2.675", "0.125", "0.375", "1.005", "75.4945", "-2.5", "1e-7", "123456.789", "0.5", "1.5"}
	out, err := exec.Command(py, append([]string{"-c",
		"import sys, json; print(json.dumps([round(float(x), n) for x in sys.argv[1:] for n in (0, 1, 2)]))"}, xs...)...).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	src := "result = [round(x, n) for x in [" + strings.Join(xs, ", ") + "] for n in (0, 1, 2)]\n"
	got, err := resultJSON("round.star", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var want, have []float64
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(got), &have); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(want, have) {
		t.Errorf("round differs from CPython:\n starlark %v\n cpython  %v", have, want)
	}
}
