package embedded

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/vm"
	"github.com/toolplane/toolplane/sandbox"
)

// runInWorker is Run in process isolation: the worker compiles and runs
// the snippet; host holds the functions it may call, by name, and the
// pool answers only names of this run.
func (b *Backend) runInWorker(ctx context.Context, filename, code string, host map[string]python.HostFunc, cliAliases map[string]any, opts backend.RunOptions) (*backend.Result, error) {
	names := make([]string, 0, len(host))
	for n := range host {
		names = append(names, n)
	}
	sort.Strings(names)
	aliases := make(map[string]string, len(cliAliases))
	for alias, name := range cliAliases {
		aliases[alias], _ = name.(string)
	}
	req := &sandbox.RunRequest{Filename: filename, Code: code, Limits: opts.Limits, Host: names, CLIAliases: aliases}
	var res *sandbox.RunResult
	var err error
	switch s := opts.Session.(type) {
	case nil:
		res, err = b.pool.RunOnce(ctx, req, host, opts.Stdout, opts.Stderr)
	case *sandbox.Session:
		res, err = s.Run(ctx, req, host, opts.Stdout, opts.Stderr)
	default:
		return nil, fmt.Errorf("embedded backend: a session of type %T is not one this backend made (use its NewSession)", opts.Session)
	}
	if err != nil {
		return nil, fmt.Errorf("embedded backend: %w", err)
	}
	if e := res.Err; e != nil {
		return nil, &backend.Error{Type: e.Type, Message: e.Message, Traceback: e.Traceback, Limit: e.Limit,
			Exit: e.Exit, ExitStatus: e.ExitStatus, ExitText: e.ExitText}
	}
	return &backend.Result{Value: res.Value, Repr: res.Repr, NotJSON: res.NotJSON}, nil
}

// WorkerRun is the worker's side of Run: it runs a request from the host on
// this process's interpreter, with host functions that call back over the
// bridge. Pass it to sandbox.WorkerMain.
func (b *Backend) WorkerRun(ctx context.Context, req *sandbox.RunRequest, globals *python.Globals, host map[string]python.HostFunc, stdout, stderr io.Writer, heap *vm.HeapGuard) *sandbox.RunResult {
	aliases := make(map[string]any, len(req.CLIAliases))
	for alias, name := range req.CLIAliases {
		aliases[alias] = name
	}
	res, err := b.execute(ctx, req.Filename, req.Code, globals, host, aliases, stdout, stderr, req.Limits, heap)
	if err != nil {
		var be *backend.Error
		if errors.As(err, &be) {
			return &sandbox.RunResult{Err: &sandbox.RunError{Type: be.Type, Message: be.Message, Traceback: be.Traceback, Limit: be.Limit,
				Exit: be.Exit, ExitStatus: be.ExitStatus, ExitText: be.ExitText}}
		}
		return &sandbox.RunResult{Err: &sandbox.RunError{Type: "SystemError", Message: err.Error()}}
	}
	return &sandbox.RunResult{Value: res.Value, Repr: res.Repr, NotJSON: res.NotJSON}
}

// warmSnippet is what a worker runs before its first run (WorkerWarm):
// the parts of the interpreter a typical snippet uses, in a session
// namespace so that the CLI bindings' prelude is compiled and run too.
const warmSnippet = `import json
class Item:
    def __init__(self, name, score):
        self.name, self.score = name, score
    def __repr__(self):
        return f"Item({self.name!r}, {self.score})"
def rank(items, top=3):
    return sorted(items, key=lambda it: (-it.score, it.name))[:top]
items = [Item(f"n{i}", i * 7 % 10) for i in range(200)]
by = {}
for it in items:
    by.setdefault(it.score % 3, []).append(it.name)
try:
    int("x")
except ValueError as e:
    err = str(e)
text = json.dumps({"best": [repr(it) for it in rank(items)], "by": by, "err": err})
return {"n": len(json.loads(text)), "s": " ".join(w.upper() for w in text.split(",")[:5])}
`

// warmRuns is how many times WorkerWarm runs warmSnippet: a few
// milliseconds of a spare worker's start, in the background.
const warmRuns = 8

// WorkerWarm is the worker's warm-up (sandbox.WarmFunc): it runs
// warmSnippet a few times in a scratch namespace under the worker's heap
// guard, with no host function, output or CLI binary, and discards the
// results. Pass it to sandbox.WorkerMain.
func (b *Backend) WorkerWarm(heap *vm.HeapGuard) {
	ctx, cancel := context.WithTimeout(context.Background(), warmTimeout)
	defer cancel()
	for range warmRuns {
		if _, err := b.execute(ctx, "<warm-up>", warmSnippet, python.NewGlobals(), map[string]python.HostFunc{}, map[string]any{}, io.Discard, nil, python.Limits{}, heap); err != nil {
			return // a warm-up that fails costs only speed
		}
	}
}

// warmTimeout bounds the warm-up, which must not hold up a worker's start.
const warmTimeout = 2 * time.Second
