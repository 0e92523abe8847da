package lib_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/python/compile"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/syntax"
	"github.com/toolplane/toolplane/python/vm"
)

// runSnippet compiles src as a snippet and runs it with vm.Thread.RunSnippet, the way
// CPython runs a snippet body: inside a running event loop.
func runSnippet(t *testing.T, src string) (string, error) {
	t.Helper()
	mod, err := syntax.Parse("snippet.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compile.Module("snippet.py", mod, compile.Options{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	th := vm.NewThread(vm.Config{Ctx: context.Background(), Stdout: &out, Modules: lib.Modules()})
	globals := vm.NewDict()
	globals.SetStr("__name__", vm.Str("__main__"))
	_, err = th.RunSnippet(vm.NewCode(prog.Module), globals)
	return out.String(), err
}

// TestRunSnippetLoopIsRunning checks that a snippet sees a running loop whether or
// not it awaits: get_running_loop() answers, asyncio.run(coro) runs coro on
// that loop and returns its value (a deliberate difference: CPython refuses
// from a running loop), and a snippet with top-level await is driven.
func TestRunSnippetLoopIsRunning(t *testing.T) {
	t.Parallel()
	const body = `import asyncio
async def main():
    await asyncio.sleep(0)
    return asyncio.get_running_loop().is_running()
print(asyncio.run(main()))
print(asyncio.get_running_loop().is_running())
`
	for _, c := range []struct{ name, src string }{
		{"no await", body},
		{"top-level await", body + "print(await asyncio.sleep(0, 'awaited'))\n"},
	} {
		out, err := runSnippet(t, c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		want := "True\nTrue\n"
		if !strings.HasPrefix(out, want) {
			t.Errorf("%s: output %q, want it to start with %q", c.name, out, want)
		}
		if c.name == "top-level await" && !strings.HasSuffix(out, "awaited\n") {
			t.Errorf("%s: the awaiting snippet did not finish: %q", c.name, out)
		}
	}
	// Outside a snippet (script mode) there is no running loop, and asyncio.run works.
	mod, err := syntax.Parse("script.py", []byte(`import asyncio
async def main():
    return asyncio.get_running_loop().is_running()
print(asyncio.run(main()))
try:
    asyncio.get_running_loop()
except RuntimeError as e:
    print(e)
`))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compile.Module("script.py", mod, compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	th := vm.NewThread(vm.Config{Ctx: context.Background(), Stdout: &out, Modules: lib.Modules()})
	if _, err := th.RunModule(vm.NewCode(prog.Module), vm.NewDict()); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "True\nno running event loop\n"; got != want {
		t.Errorf("script mode: output %q, want %q", got, want)
	}
}
