package server_test

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// inEachIsolation runs check as a subtest against a real server over
// stdio, once with the interpreter in process and once in sandbox worker
// processes.
func inEachIsolation(t *testing.T, check func(t *testing.T, e *e2e.Env, cs *mcp.ClientSession)) {
	for _, isolation := range []string{"none", "process"} {
		t.Run(isolation, func(t *testing.T) {
			t.Parallel()
			e := bins.NewEnv(t, "\n[toolplane]\nisolation = \""+isolation+"\"\n")
			check(t, e, e.Stdio(t))
		})
	}
}

// runStdin is `toolplane run` of code on its stdin with e's config and
// args before the `-`: its stdout, stderr and exit status.
func runStdin(e *e2e.Env, code string, args ...string) (string, string, int) {
	cmd := e.Toolplane(append(append([]string{"run", "--config", e.Config}, args...), "-")...)
	cmd.Stdin = strings.NewReader(code)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	status := 0
	if err := cmd.Run(); err != nil {
		status = -1
		if cmd.ProcessState != nil {
			status = cmd.ProcessState.ExitCode()
		}
	}
	return out.String(), errb.String(), status
}

// TestE2EMissingAwaitIsSaid: issue 18, items 3 and 4, over the real binary
// and a real client, with the interpreter in process and in sandbox worker
// processes (the warnings cross the worker bridge): a capability call
// never awaited is named with its line in execute_code's structured
// stderr and in the text an agent reads, as it is by `toolplane run` on
// stderr and in --json; a result holding one is an error naming it; and
// asyncio.run(main()) runs main on the snippet's loop.
func TestE2EMissingAwaitIsSaid(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	const code = "import asyncio\nr = up.echo(text='never')\nasync def main():\n    return await up.echo(text='ran')\nreturn asyncio.run(main())"
	const warning = "<snippet>:2: RuntimeWarning: up.echo() was never awaited, so it never ran; did you forget await?\n"
	inEachIsolation(t, func(t *testing.T, e *e2e.Env, cs *mcp.ClientSession) {
		res, sc := e2e.Exec(t, cs, code)
		if res.IsError || sc["value"] != "ran" || sc["stderr"] != warning || sc["capability_calls"] != float64(1) {
			t.Errorf("execute_code: %v\n%s", sc, e2e.Text(res))
		}
		if text := e2e.Text(res); !strings.Contains(text, "stderr:\n"+warning) {
			t.Errorf("the text an agent reads lacks the warning:\n%s", text)
		}
		res, sc = e2e.Exec(t, cs, "x = 1\nreturn [up.echo(text=str(i)) for i in range(3)]")
		want := "TypeError: the result holds up.echo() from line 2, never awaited, so it never ran; did you forget await?"
		if !res.IsError || !strings.Contains(e2e.Text(res), want) ||
			!strings.Contains(e2e.Text(res), "<snippet>:2: RuntimeWarning: up.echo() was never awaited (3 times)") {
			t.Errorf("a result of unawaited calls: %v\n%s", sc, e2e.Text(res))
		}
		// A flood of call sites stays a bounded report across the bridge.
		flood := "async def f():\n    pass\n" + strings.Repeat("f()\n", 400) + "pass"
		res, sc = e2e.Exec(t, cs, flood)
		stderr, _ := sc["stderr"].(string)
		if res.IsError || strings.Count(stderr, "\n") != 257 || !strings.HasSuffix(stderr, "RuntimeWarning: 144 more coroutines or capability calls were never awaited\n") {
			t.Errorf("flood: %d lines, ending %q", strings.Count(stderr, "\n"), stderr[max(0, len(stderr)-200):])
		}

		// toolplane run, plain and --json.
		runWarning := strings.Replace(warning, "<snippet>", "<stdin>", 1)
		out, errs, status := runStdin(e, code)
		if status != 0 || out != "'ran'\n" || !strings.Contains(errs, runWarning) {
			t.Errorf("toolplane run: %d\nstdout %q\nstderr %q", status, out, errs)
		}
		out, _, status = runStdin(e, code, "--json")
		var got struct{ Value, Stderr string }
		if err := json.Unmarshal([]byte(out), &got); err != nil || status != 0 || got.Value != "ran" || got.Stderr != runWarning {
			t.Errorf("toolplane run --json: %d %v\n%s", status, err, out)
		}
	})
}

// TestE2EStderrIsApart: what a snippet writes to sys.stderr reaches
// execute_code's stderr (not its stdout), in process and across the worker
// bridge, ahead of the run's warnings, and `toolplane run` prints it on its
// own stderr.
func TestE2EStderrIsApart(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	const code = "import sys, logging\nprint('to out')\nprint('to err', file=sys.stderr)\nlogging.error('logged')\nr = up.echo(text='never')\nreturn 1"
	const wantErr = "to err\nERROR:root:logged\n<snippet>:5: RuntimeWarning: up.echo() was never awaited, so it never ran; did you forget await?\n"
	inEachIsolation(t, func(t *testing.T, e *e2e.Env, cs *mcp.ClientSession) {
		res, sc := e2e.Exec(t, cs, code)
		if res.IsError || sc["stdout"] != "to out\n" || sc["stderr"] != wantErr {
			t.Errorf("execute_code: stdout %q stderr %q\n%s", sc["stdout"], sc["stderr"], e2e.Text(res))
		}
		if out, errs, status := runStdin(e, code); status != 0 || out != "to out\n1\n" || !strings.HasPrefix(errs, "to err\nERROR:root:logged\n") {
			t.Errorf("toolplane run: %d\nstdout %q\nstderr %q", status, out, errs)
		}
	})
}

// TestE2ERunInterleavesStdoutAndStderr: `toolplane run` writes the
// snippet's stdout and stderr through as they are written, so a terminal
// or one pipe for both (2>&1) shows them in the order the snippet wrote
// them, in process and across the worker bridge; a traceback comes last.
func TestE2ERunInterleavesStdoutAndStderr(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	const code = "import sys\nprint('one')\nprint('two', file=sys.stderr)\nprint('three')\nsys.stderr.write('four\\n')\nprint('five')\nraise ValueError('six')"
	for _, isolation := range []string{"none", "process"} {
		t.Run(isolation, func(t *testing.T) {
			t.Parallel()
			e := bins.NewEnv(t, "\n[toolplane]\nisolation = \""+isolation+"\"\n")
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd := e.Toolplane("run", "--config", e.Config, "-")
			cmd.Stdin = strings.NewReader(code)
			// One pipe on both descriptors, as a terminal is: the order
			// of the writes is the order read.
			cmd.Stdout, cmd.Stderr = w, w
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			w.Close()
			got, _ := io.ReadAll(r)
			r.Close()
			if err := cmd.Wait(); cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 1 {
				t.Errorf("exit: %v, want status 1", err)
			}
			want := "one\ntwo\nthree\nfour\nfive\nTraceback (most recent call last):\n"
			if !strings.HasPrefix(string(got), want) || !strings.HasSuffix(string(got), "ValueError: six\n") {
				t.Errorf("what one pipe read:\n%s\nwant it to start %q and end with the ValueError", got, want)
			}
		})
	}
}
