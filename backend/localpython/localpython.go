// Package localpython is the local_unsafe backend: a snippet runs in a real
// CPython subprocess with everything the user running toolplane has (files,
// network, installed packages), hence "unsafe". Capabilities are still
// reached only through the bridge: the subprocess sees them as async
// functions whose calls travel over a private pipe pair to this process,
// which serves them concurrently through bridge.Call.
//
// Each run is a fresh process in its own process group; the group is killed
// when the run ends, on success, error or deadline, so a snippet leaves no
// process behind (one that calls setsid escapes on purpose).
package localpython

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/backend/clibind"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/jsonlike"
)

// Name is the backend's name in configuration and results.
const Name = "local_unsafe"

// DefaultPython is the interpreter looked up on PATH when none is configured.
const DefaultPython = "python3"

// Defaults of the limits a zero RunOptions.Limits field leaves to the
// backend; they match the embedded backend's.
const (
	DefaultMaxOutputBytes = 1 << 20
	DefaultMaxHostCalls   = 1000
)

//go:embed runner.py
var runnerPy string

// runnerSource is the runner with the CLI bindings (package clibind)
// appended as the string CLI_PRELUDE, so every backend that runs the
// runner binds cli(), cli_run() and CLIError the same way.
// It is put together at its first use, not at package initialisation,
// which every process pays for, whatever its backend.
var runnerSource = sync.OnceValue(func() string {
	return runnerPy + "\n\nCLI_PRELUDE = " + pyString(clibind.Source()) + "\n"
})

// pyString is s as a Python string literal: a JSON string is one.
func pyString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSpace(b.String())
}

// RunnerSource returns the Python source of the snippet runner: the
// transform that gives a CPython snippet top-level await and return, the
// host-call protocol and the traceback cleanup. The pyodide backend runs
// the same runner inside Pyodide.
func RunnerSource() string { return runnerSource() }

// bootstrap loads the runner under its own filename, so its frames can be
// told apart from the snippet's and removed from tracebacks.
const bootstrap = `import sys; exec(compile(sys.argv[1], "<toolplane-runner>", "exec")); main_fds(3, 4)`

// Backend runs snippets in CPython subprocesses.
type Backend struct {
	python string
	dir    string
	env    []string

	resolve  sync.Once
	exe      string // the interpreter's own executable, past any launcher
	exeError error
}

// Option configures a Backend.
type Option func(*Backend)

// WithPython sets the interpreter: a path, or a name looked up on PATH.
func WithPython(path string) Option { return func(b *Backend) { b.python = path } }

// WithDir sets the working directory of the snippet's process; "" is this
// process's.
func WithDir(dir string) Option { return func(b *Backend) { b.dir = dir } }

// WithEnv sets the environment of the snippet's process; nil is this
// process's.
func WithEnv(env []string) Option { return func(b *Backend) { b.env = env } }

// New returns a local_unsafe backend.
func New(opts ...Option) *Backend {
	b := &Backend{python: DefaultPython}
	for _, o := range opts {
		o(b)
	}
	return b
}

// Name implements backend.Backend.
func (b *Backend) Name() string { return Name }

// Available reports why the backend cannot run snippets, or nil: the
// interpreter must exist and be CPython 3.8 or newer.
func (b *Backend) Available() error {
	_, err := b.executable()
	return err
}

// executable finds the interpreter once and asks it for its own
// executable, so that runs skip launchers such as version-manager shims
// (which can cost a second per start).
func (b *Backend) executable() (string, error) {
	b.resolve.Do(func() { b.exe, b.exeError = b.probe() })
	return b.exe, b.exeError
}

func (b *Backend) probe() (string, error) {
	path, err := exec.LookPath(b.python)
	if err != nil {
		return "", fmt.Errorf("local_unsafe: no Python interpreter %q: %w; install python3 or set the interpreter path", b.python, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "-c",
		"import sys; print(sys.implementation.name, *sys.version_info[:2]); print(sys.executable)")
	cmd.Dir, cmd.Env = b.dir, b.env
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("local_unsafe: running %s: %w", path, err)
	}
	version, exe, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	var impl string
	var major, minor int
	if _, err := fmt.Sscan(version, &impl, &major, &minor); err != nil {
		return "", fmt.Errorf("local_unsafe: %s printed %q for its version: %w", path, out, err)
	}
	if major < 3 || (major == 3 && minor < 8) {
		return "", fmt.Errorf("local_unsafe: %s is Python %d.%d; 3.8 or newer is needed", path, major, minor)
	}
	if exe == "" {
		exe = path
	}
	return exe, nil
}

// initMessage is the first protocol line: what to run and how.
type initMessage struct {
	Code      string   `json:"code"`
	Filename  string   `json:"filename"`
	Names     []string `json:"names"`
	MaxDepth  int      `json:"max_depth,omitempty"`
	MaxMemory int64    `json:"max_memory,omitempty"`
	// CLIAliases maps the aliases of CLI capabilities to their binaries:
	// the runner binds them with the CLI bindings, not as host functions.
	CLIAliases map[string]any `json:"cli_aliases,omitempty"`
}

// inMessage is a line from the runner: a call, a cancellation or the
// outcome.
type inMessage struct {
	ID   *int64 `json:"id"`
	Name string `json:"name"`
	// ArgsJSON is json.dumps([args, kwargs]) of a call.
	ArgsJSON string       `json:"args_json"`
	Cancel   *int64       `json:"cancel"`
	Done     *doneMessage `json:"done"`
	Stdout   *string      `json:"stdout"`
	Stderr   *string      `json:"stderr"`
}

type doneMessage struct {
	// ValueJSON is json.dumps(value) of the result; NotJSON why it has
	// none.
	ValueJSON string         `json:"value_json"`
	Repr      string         `json:"repr"`
	NotJSON   string         `json:"not_json"`
	Error     *backend.Error `json:"error"`
}

type replyError struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

type replyMessage struct {
	ID int64 `json:"id"`
	// Result is written by jsonlike, so the runner's json.loads reads a
	// dict in its order and 5.0 as a float.
	Result json.RawMessage `json:"result"`
	Error  *replyError     `json:"error,omitempty"`
}

// Run implements backend.Backend.
func (b *Backend) Run(ctx context.Context, code string, bridge backend.Bridge, opts backend.RunOptions) (*backend.Result, error) {
	if opts.Session != nil {
		return nil, errors.New("local_unsafe: sessions are only kept by the embedded backend; run without a session (each local_unsafe run is a fresh process)")
	}
	if opts.Limits.Steps > 0 {
		return nil, errors.New("local_unsafe: a step limit cannot be enforced on CPython; bound the run with a timeout instead")
	}
	path, err := b.executable()
	if err != nil {
		return nil, err
	}
	filename := opts.Filename
	if filename == "" {
		filename = "<snippet>"
	}
	init := initMessage{
		Code:       code,
		Filename:   filename,
		Names:      bridge.Namespace().Names(),
		MaxDepth:   opts.Limits.MaxDepth,
		MaxMemory:  opts.Limits.MaxMemoryBytes,
		CLIAliases: clibind.Aliases(bridge.Namespace()),
	}
	for n := range opts.Bindings {
		init.Names = append(init.Names, n)
	}
	init.Names = append(init.Names, "call_tool")
	cmd := exec.Command(path, "-u", "-c", bootstrap, runnerSource())
	cmd.Dir = b.dir
	cmd.Env = b.env
	p, err := StartProcess(cmd, init)
	if err != nil {
		return nil, fmt.Errorf("local_unsafe: %w", err)
	}
	return p.Serve(ctx, bridge, opts)
}

// Process is a started runner process and its channel. It carries the
// init message and replies one way, calls and the outcome the other.
type Process struct {
	cmd    *exec.Cmd
	init   []byte
	toPy   *os.File
	fromPy *os.File
	// stdout and stderr are the snippet's output; nil when the output
	// arrives as protocol lines ({"stdout": text}, {"stderr": text}).
	stdout, stderr *os.File
	// diag is the process's own stderr when the snippet's output comes
	// over the channel; its tail explains a crash.
	diag *os.File
}

// StartProcess starts cmd, a CPython running the runner's main_fds(3, 4),
// in its own process group: fd 3 and 4 are the channel, stdout and stderr
// are the snippet's. Serve sends it init.
func StartProcess(cmd *exec.Cmd, init any) (*Process, error) {
	return startProcess(cmd, init, false)
}

// StartStdioProcess starts cmd in its own process group with the channel
// on its stdin and stdout; the snippet's output arrives as protocol lines
// and the process's stderr is kept for diagnostics. The pyodide backend's
// Deno harness speaks this way.
func StartStdioProcess(cmd *exec.Cmd, init any) (*Process, error) {
	return startProcess(cmd, init, true)
}

func startProcess(cmd *exec.Cmd, init any, stdio bool) (*Process, error) {
	line, err := json.Marshal(init)
	if err != nil {
		return nil, fmt.Errorf("encoding the init message: %w", err)
	}
	var all []*os.File
	pipe := func() (r, w *os.File) {
		if err != nil {
			return nil, nil
		}
		r, w, err = os.Pipe()
		all = append(all, r, w)
		return r, w
	}
	toPyR, toPyW := pipe()
	fromPyR, fromPyW := pipe()
	errR, errW := pipe()
	var outR, outW *os.File
	if !stdio {
		outR, outW = pipe()
	}
	if err != nil {
		for _, f := range all {
			f.Close()
		}
		return nil, fmt.Errorf("creating pipes: %w", err)
	}
	p := &Process{cmd: cmd, init: append(line, '\n'), toPy: toPyW, fromPy: fromPyR}
	childEnds := []*os.File{toPyR, fromPyW, errW}
	cmd.Stderr = errW
	if stdio {
		cmd.Stdin, cmd.Stdout = toPyR, fromPyW
		p.diag = errR
	} else {
		cmd.Stdin, cmd.Stdout = nil, outW
		cmd.ExtraFiles = []*os.File{toPyR, fromPyW}
		childEnds = append(childEnds, outW)
		p.stdout, p.stderr = outR, errR
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	startErr := cmd.Start()
	// The child holds its own copies; ours would keep the pipes open.
	for _, f := range childEnds {
		f.Close()
	}
	if startErr != nil {
		p.closeOurs()
		return nil, fmt.Errorf("starting %s: %w", cmd.Path, startErr)
	}
	return p, nil
}

func (p *Process) closeOurs() {
	for _, f := range []*os.File{p.toPy, p.fromPy, p.stdout, p.stderr, p.diag} {
		if f != nil {
			f.Close()
		}
	}
}

// killGroup ends every process of the run's group.
func (p *Process) killGroup() {
	if p.cmd.Process != nil {
		_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	}
}

// run is the state of one Serve.
type run struct {
	ctx    context.Context
	bridge backend.Bridge
	opts   backend.RunOptions
	limits python.Limits
	p      *Process

	writeMu sync.Mutex // serialises replies on toPy

	mu       sync.Mutex
	limitErr *backend.Error               // the first limit that ended the run
	cancels  map[int64]context.CancelFunc // in-flight calls by id
	calls    atomic.Int64
	done     *doneMessage
	calling  sync.WaitGroup
	kill     func()
	outBytes atomic.Int64
}

// Serve serves the process's host calls through bridge until it reports
// its outcome or exits, enforcing the run's deadline and limits, and
// returns the outcome as Backend.Run does. The process group is killed
// before Serve returns.
func (p *Process) Serve(ctx context.Context, bridge backend.Bridge, opts backend.RunOptions) (*backend.Result, error) {
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	r := &run{ctx: runCtx, bridge: bridge, opts: opts, limits: opts.Limits, p: p, cancels: map[int64]context.CancelFunc{}}
	if r.limits.MaxOutputBytes <= 0 {
		r.limits.MaxOutputBytes = DefaultMaxOutputBytes
	}
	if r.limits.MaxHostCalls <= 0 {
		r.limits.MaxHostCalls = DefaultMaxHostCalls
	}
	var once sync.Once
	r.kill = func() { once.Do(p.killGroup) }
	stopWatch := context.AfterFunc(runCtx, r.kill)
	defer stopWatch()

	var pumps sync.WaitGroup
	var diag tailBuffer
	spawn := func(f func()) {
		pumps.Add(1)
		go func() { defer pumps.Done(); f() }()
	}
	if p.stdout != nil {
		spawn(func() { r.copyOutput(p.stdout, opts.Stdout) })
		spawn(func() { r.copyOutput(p.stderr, opts.Stderr) })
	}
	if p.diag != nil {
		spawn(func() { _, _ = io.Copy(&diag, p.diag) })
	}
	spawn(r.readLoop)
	go func() {
		r.writeMu.Lock()
		defer r.writeMu.Unlock()
		// A runner that died at once is reported below; the write error
		// adds nothing.
		_, _ = p.toPy.Write(p.init)
	}()
	start := time.Now()
	waitErr := p.cmd.Wait()
	r.kill() // whatever the snippet started in its group
	pumps.Wait()
	cancel()
	r.calling.Wait()
	p.closeOurs()

	r.mu.Lock()
	limitErr, done := r.limitErr, r.done
	r.mu.Unlock()
	switch {
	case limitErr != nil:
		return nil, limitErr
	case done != nil:
		return r.outcome(done)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return nil, &backend.Error{Type: "TimeoutError", Limit: "time",
			Message: fmt.Sprintf("the run exceeded its time limit after %s; the process was killed", time.Since(start).Round(time.Millisecond))}
	case ctx.Err() != nil:
		return nil, fmt.Errorf("run cancelled: %w", ctx.Err())
	default:
		msg := fmt.Sprintf("the %s process ended before the snippet finished (%v)", filepath.Base(p.cmd.Path), exitDescription(waitErr))
		if tail := strings.TrimSpace(diag.String()); tail != "" {
			msg += ": " + tail
		}
		return nil, &backend.Error{Type: "RuntimeError", Message: msg}
	}
}

func exitDescription(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return "killed by signal " + ws.Signal().String()
		}
		return fmt.Sprintf("exit status %d", ee.ExitCode())
	}
	if err == nil {
		return "exit status 0"
	}
	return err.Error()
}

// outcome turns the runner's done message into Run's result.
func (r *run) outcome(d *doneMessage) (*backend.Result, error) {
	if d.Error != nil {
		e := d.Error
		switch {
		case e.Type == "RecursionError" && r.opts.Limits.MaxDepth > 0:
			e.Limit = "depth"
		case e.Type == "MemoryError" && r.opts.Limits.MaxMemoryBytes > 0:
			e.Limit = "memory"
		}
		return nil, e
	}
	if d.NotJSON != "" || d.ValueJSON == "" {
		return &backend.Result{Value: d.Repr, Repr: d.Repr, NotJSON: d.NotJSON}, nil
	}
	v, err := jsonlike.Decode([]byte(d.ValueJSON))
	if err != nil {
		// json.dumps wrote it; what jsonlike refuses (an int past the digit
		// limit, nesting past its depth) is shown as the repr, as the
		// embedded backend shows a value it cannot convert.
		return &backend.Result{Value: d.Repr, Repr: d.Repr, NotJSON: err.Error()}, nil
	}
	return &backend.Result{Value: v, Repr: d.Repr}, nil
}

// fail records the first limit that ends the run and kills the process.
func (r *run) fail(e *backend.Error) {
	r.mu.Lock()
	if r.limitErr == nil && r.done == nil {
		r.limitErr = e
	}
	r.mu.Unlock()
	r.kill()
}

// tailBuffer keeps the last bytes written to it.
type tailBuffer struct{ b []byte }

const tailSize = 2048

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > tailSize {
		t.b = append(t.b[:0], t.b[len(t.b)-tailSize:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string { return string(t.b) }

// copyOutput copies the snippet's output from src to w until src ends or
// the output limit is hit.
func (r *run) copyOutput(src io.Reader, w io.Writer) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 && !r.output(w, buf[:n]) {
			_, _ = io.Copy(io.Discard, src)
			return
		}
		if err != nil {
			return
		}
	}
}

// output writes a chunk of the snippet's output to w within the output
// limit that stdout and stderr share; past it, it writes what fits, ends
// the run and returns false.
func (r *run) output(w io.Writer, chunk []byte) bool {
	if w == nil {
		w = io.Discard
	}
	total := r.outBytes.Add(int64(len(chunk)))
	over := total > r.limits.MaxOutputBytes
	if over {
		keep := int64(len(chunk)) - (total - r.limits.MaxOutputBytes)
		chunk = chunk[:max(keep, 0)]
	}
	if len(chunk) > 0 {
		_, _ = w.Write(chunk)
	}
	if over {
		r.fail(&backend.Error{Type: "RuntimeError", Limit: "output",
			Message: fmt.Sprintf("output limit of %d bytes exceeded", r.limits.MaxOutputBytes)})
	}
	return !over
}

// readLoop reads the runner's lines until the channel closes.
func (r *run) readLoop() {
	rd := bufio.NewReaderSize(r.p.fromPy, 64<<10)
	for {
		line, err := rd.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			r.handle(line)
		}
		if err != nil {
			return
		}
	}
}

func (r *run) handle(line []byte) {
	var m inMessage
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		// Only the runner writes here; a bad line is a bug to surface.
		r.fail(&backend.Error{Type: "RuntimeError", Message: fmt.Sprintf("local_unsafe: bad protocol line %.200q: %v", line, err)})
		return
	}
	switch {
	case m.Stdout != nil:
		r.output(r.opts.Stdout, []byte(*m.Stdout))
	case m.Stderr != nil:
		r.output(r.opts.Stderr, []byte(*m.Stderr))
	case m.Done != nil:
		r.mu.Lock()
		if r.limitErr == nil {
			r.done = m.Done
		}
		r.mu.Unlock()
	case m.Cancel != nil:
		r.mu.Lock()
		c := r.cancels[*m.Cancel]
		r.mu.Unlock()
		if c != nil {
			c()
		}
	case m.ID != nil:
		id := *m.ID
		if n := r.calls.Add(1); n > int64(r.limits.MaxHostCalls) {
			r.fail(&backend.Error{Type: "RuntimeError", Limit: "host_calls",
				Message: fmt.Sprintf("host call limit of %d exceeded", r.limits.MaxHostCalls)})
			return
		}
		callCtx, cancel := context.WithCancel(r.ctx)
		r.mu.Lock()
		r.cancels[id] = cancel
		r.mu.Unlock()
		r.calling.Add(1)
		go func() {
			defer r.calling.Done()
			defer func() {
				r.mu.Lock()
				delete(r.cancels, id)
				r.mu.Unlock()
				cancel()
			}()
			v, err := r.call(callCtx, m.Name, m.ArgsJSON)
			r.reply(id, v, err)
		}()
	}
}

// call serves one host call by the name the snippet called.
func (r *run) call(ctx context.Context, name string, argsJSON string) (any, error) {
	args, kwargs, err := decodeArgs(argsJSON)
	if err != nil {
		return nil, &python.HostError{Type: "TypeError", Message: fmt.Sprintf("%s(): %v", name, err)}
	}
	return Dispatch(ctx, r.bridge, r.opts.Bindings, name, args, kwargs)
}

// Dispatch serves a host call made by a runner under name: a run binding,
// call_tool, or a capability alias of the bridge's namespace.
func Dispatch(ctx context.Context, bridge backend.Bridge, bindings map[string]backend.HostFunc, name string, args []any, kwargs map[string]any) (any, error) {
	if f, ok := bindings[name]; ok {
		return f(ctx, args, kwargs)
	}
	if name == "call_tool" {
		return callTool(ctx, bridge, args, kwargs)
	}
	id, ok := bridge.Namespace()[name]
	if !ok {
		return nil, &python.HostError{Type: "LookupError", Message: fmt.Sprintf("%s is not a capability of this run", name)}
	}
	return bridge.Call(ctx, id, args, kwargs)
}

// decodeArgs reads a call's json.dumps([args, kwargs]).
func decodeArgs(argsJSON string) ([]any, map[string]any, error) {
	v, err := jsonlike.Decode([]byte(argsJSON))
	if err != nil {
		return nil, nil, err
	}
	pair, ok := v.([]any)
	if !ok || len(pair) != 2 {
		return nil, nil, fmt.Errorf("arguments are not a pair of a list and a dict")
	}
	args, ok := pair[0].([]any)
	if !ok {
		return nil, nil, fmt.Errorf("positional arguments are %s, not a list", jsonlike.TypeName(pair[0]))
	}
	kw, ok := pair[1].(jsonlike.Object)
	if !ok {
		return nil, nil, fmt.Errorf("keyword arguments are %s, not a dict", jsonlike.TypeName(pair[1]))
	}
	kwargs := make(map[string]any, len(kw))
	for _, m := range kw {
		kwargs[m.Key] = m.Value
	}
	return args, kwargs, nil
}

// callTool is call_tool(id_or_alias, args=None, **kwargs), as the embedded
// backend defines it.
func callTool(ctx context.Context, bridge backend.Bridge, args []any, kwargs map[string]any) (any, error) {
	if len(args) == 0 || len(args) > 2 {
		return nil, &python.HostError{Type: "TypeError", Message: fmt.Sprintf(
			"call_tool() takes an id or alias and an optional argument dict (%d positional arguments given)", len(args))}
	}
	name, ok := args[0].(string)
	if !ok {
		return nil, &python.HostError{Type: "TypeError", Message: fmt.Sprintf(
			"call_tool() first argument must be a str id or alias, not %s", jsonlike.TypeName(args[0]))}
	}
	obj := map[string]any{}
	if len(args) == 2 && args[1] != nil {
		given, ok := args[1].(jsonlike.Object)
		if !ok {
			return nil, &python.HostError{Type: "TypeError", Message: fmt.Sprintf(
				"call_tool() second argument must be a dict of arguments, not %s", jsonlike.TypeName(args[1]))}
		}
		for _, m := range given {
			obj[m.Key] = m.Value
		}
	}
	for k, v := range kwargs {
		if _, dup := obj[k]; dup {
			return nil, &python.HostError{Type: "TypeError", Message: fmt.Sprintf(
				"call_tool() got argument %q both in the dict and as a keyword", k)}
		}
		obj[k] = v
	}
	return bridge.Call(ctx, name, []any{obj}, nil)
}

// reply sends a call's outcome back to the runner.
func (r *run) reply(id int64, v any, err error) {
	msg := replyMessage{ID: id}
	if err != nil {
		typ, text := ExceptionOf(err)
		msg.Error = &replyError{Type: typ, Message: text}
	} else {
		var merr error
		if msg.Result, merr = jsonlike.Marshal(v); merr != nil {
			msg.Error = &replyError{Type: "ValueError", Message: fmt.Sprintf("the call's result cannot cross the bridge as JSON: %v", merr)}
			msg.Result = nil
		}
	}
	line, merr := json.Marshal(msg)
	if merr != nil {
		line, _ = json.Marshal(replyMessage{ID: id, Error: &replyError{Type: "ValueError",
			Message: fmt.Sprintf("the call's result cannot cross the bridge as JSON: %v", merr)}})
	}
	r.writeMu.Lock()
	defer r.writeMu.Unlock()
	// A runner that is gone no longer waits for the reply.
	_, _ = r.p.toPy.Write(append(line, '\n'))
}

// ExceptionOf is the Python exception type and message a snippet sees
// for a failed host call, chosen as the embedded backend chooses them.
func ExceptionOf(err error) (typ, message string) {
	var he *python.HostError
	if errors.As(err, &he) {
		if he.Capability != "" {
			return he.Type, he.Capability + ": " + he.Message
		}
		return he.Type, he.Message
	}
	var ce *backend.CallError
	if errors.As(err, &ce) {
		return ce.Type, ce.Message()
	}
	var typed interface{ PythonException() string }
	if errors.As(err, &typed) {
		return typed.PythonException(), err.Error()
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "TimeoutError", err.Error()
	}
	return "ToolError", strings.TrimSpace(err.Error())
}
