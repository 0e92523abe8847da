package python

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/toolplane/toolplane/python/compile"
	"github.com/toolplane/toolplane/python/syntax"
	"github.com/toolplane/toolplane/python/vm"
)

// CompileOptions selects the dialect a source is compiled in and bounds
// the compile.
type CompileOptions struct {
	// Snippet allows top-level await and top-level return. The result of a
	// snippet run is the returned value, else the value of a final bare
	// expression statement, else None.
	Snippet bool
	// MaxSourceBytes caps the size of the source: a larger one is refused
	// before it is read. Zero means DefaultMaxSourceBytes; negative means
	// no cap.
	MaxSourceBytes int
}

// DefaultMaxSourceBytes is the default CompileOptions.MaxSourceBytes: far
// above any snippet an agent writes (5 to 80 lines). Compiling takes time
// and memory linear in the source; at this size the worst shapes allocate
// a few hundred megabytes and take under a second.
const DefaultMaxSourceBytes = 1 << 20

func (o CompileOptions) maxSource() int {
	if o.MaxSourceBytes == 0 {
		return DefaultMaxSourceBytes
	}
	return o.MaxSourceBytes
}

// RunOptions configures one run of a Program.
type RunOptions struct {
	// Globals is the persistent namespace of a session; nil means a fresh
	// namespace for this run only. A Globals must not be used by two runs
	// at the same time.
	Globals *Globals
	// Stdout receives print() output; nil discards it.
	Stdout io.Writer
	// Stderr receives what the snippet writes to sys.stderr (print(...,
	// file=sys.stderr), logging's default handler, traceback.print_exc),
	// as it writes it, capped at Limits.MaxOutputBytes apart from Stdout;
	// then, when the run ends, its warnings, as CPython writes a
	// RuntimeWarning: one line for each coroutine or host call the snippet
	// made but never awaited (so it never ran), naming it and its line.
	// nil discards both.
	Stderr io.Writer
	// Host maps names to host functions. A flat name ("greet") is bound
	// like a builtin; a dotted name ("greeter.greet") becomes attribute
	// greet of a namespace object greeter. Calling one returns an
	// awaitable. The snippet may bind one of these names (or the Prelude's
	// exports) itself, which shadows the host's for this run only: Globals
	// never keep such a binding (Run removes them at its start and end).
	// A host function kept from an earlier run (f = greet) calls this
	// run's function of the same name.
	Host map[string]HostFunc
	// Limits bounds the run; zero fields take sane defaults.
	Limits Limits
	// Modules is the table of importable modules; nil means
	// vm.DefaultModules(). Build it once (vm.DefaultModules, then
	// Register) and share it between runs.
	Modules vm.Modules
	// Prelude, if set, runs before the program on the same thread and
	// under the same limits, with PreludeInputs (JSON-like Go values) as
	// its globals; the names in its __exports__ become builtins of the run.
	Prelude       *Prelude
	PreludeInputs map[string]any
	// Heap is the process's heap guard (vm.NewHeapGuard), the backstop
	// of the memory limit; nil means none. Every run of a process should
	// share one.
	Heap *vm.HeapGuard
}

// Limits bounds the resources of one run. A zero field means the default.
type Limits struct {
	// Steps is the maximum number of steps: bytecode instructions, plus the
	// work of builtins counted in units of about one instruction's cost.
	Steps int64
	// MaxMemoryBytes is the estimated allocation budget; with a Globals it
	// is cumulative over the session's retained size.
	MaxMemoryBytes int64
	// MaxDepth is the maximum Python call depth before RecursionError (at
	// most vm.MaxDepthCap; larger values are lowered to it).
	MaxDepth int
	// MaxOutputBytes caps the bytes print() may write to stdout, and
	// separately those written to sys.stderr.
	MaxOutputBytes int64
	// MaxHostCalls caps the number of host function calls.
	MaxHostCalls int
}

// HostFunc is a function of the host callable from a snippet. It runs on its
// own goroutine when the snippet awaits the call, with the run's context.
// args and kwargs hold JSON-like Go values (package jsonlike), converted as
// CPython's json.dumps sees the Python values: nil, bool, int64, *big.Int,
// float64, string, []any, and jsonlike.Object for a dict (its members in
// insertion order). The returned value is converted back the same way
// (jsonlike.Object and map[string]any become a dict, the map's keys
// sorted; []any a list, ...).
type HostFunc func(ctx context.Context, args []any, kwargs map[string]any) (any, error)

// HostError lets a host function choose the Python exception raised in the
// snippet. Type is a builtin exception name such as "ToolError",
// "PermissionError", "TimeoutError" or "ValueError"; unknown names become
// ToolError.
type HostError struct {
	Type       string
	Message    string
	Capability string
}

// Error implements error.
func (e *HostError) Error() string {
	if e.Capability != "" {
		return e.Type + ": " + e.Capability + ": " + e.Message
	}
	return e.Type + ": " + e.Message
}

// Result is the outcome of a successful run.
type Result struct {
	// Value is the JSON-like Go value of the result (package jsonlike:
	// nil for None, a jsonlike.Object for a dict, in insertion order),
	// converted as CPython's json.dumps sees the value. A value with no
	// JSON form (a set, bytes, an instance, a cycle) is reported as its
	// repr string, and NotJSON says why.
	Value any
	// Repr is the Python repr of the result.
	Repr string
	// NotJSON is empty when Value is the JSON form of the result, else the
	// reason it has none, in json.dumps's words ("Object of type set is
	// not JSON serializable"), and Value is the repr.
	NotJSON string
}

// Exception describes a Python exception that escaped a snippet, a compile
// error, or a limit that ended the run.
type Exception struct {
	// Type is the Python exception class name, e.g. "ValueError".
	Type string
	// Message is str() of the exception, cut at 1 MiB as the traceback cuts
	// it (saying how many bytes it left out).
	Message string
	// Traceback is formatted like CPython's, with snippet line numbers.
	Traceback string
	// Filename, Line and Col locate the error (Col is 1-based; 0 if unknown).
	Filename  string
	Line, Col int
	// Limit names the limit that ended the run: "" or one of "time",
	// "steps", "memory", "depth", "output", "host_calls", or "source" for
	// a source over CompileOptions.MaxSourceBytes.
	Limit string
	// Internal is set for a SystemError (a Go panic inside the
	// interpreter: a bug): the panic and its Go stack, for the host's own
	// logs. It is not part of Message, Traceback or Error(), since Go
	// internals are nothing a snippet's client should see.
	Internal string
	// Exit is set when the run ended with an uncaught SystemExit (or a
	// subclass), and ExitStatus is the status CPython's interpreter exits
	// with for it (vm.SystemExitStatus): 0 for sys.exit(), None, 0 or
	// False; the int code modulo 256; 1 for any other code. ExitText is
	// what CPython prints on stderr as the program ends: str() of a code
	// that is not None or an int (sys.exit("bad input")), else "".
	Exit       bool
	ExitStatus int
	ExitText   string
}

// Error implements error.
func (e *Exception) Error() string {
	if e.Message == "" {
		return e.Type
	}
	return e.Type + ": " + e.Message
}

// Program is a compiled snippet. It is immutable and may be run many times,
// concurrently, on different goroutines.
type Program struct {
	filename string
	lines    []string
	code     *vm.CodeObj
	snippet  bool
	// warnings are what compiling printed in CPython (SyntaxWarnings),
	// written to the run's stderr before the program starts (writeWarnings).
	warnings []compile.Warning
}

// Compile parses, resolves and compiles src once. The error is an
// *Exception of type SyntaxError (or NotImplementedError for constructs the
// interpreter rejects) carrying the filename, line and column; a source
// nested too deeply is a RecursionError and one over
// CompileOptions.MaxSourceBytes a ValueError.
func Compile(filename, src string, opts CompileOptions) (*Program, error) {
	return CompileContext(context.Background(), filename, src, opts)
}

// CompileContext is Compile bounded by ctx: when ctx ends first, compiling
// stops within milliseconds and the error is an *Exception of type
// TimeoutError with Limit "time", as a run that outlives its context. A
// context that cannot end costs nothing.
func CompileContext(ctx context.Context, filename, src string, opts CompileOptions) (*Program, error) {
	if max := opts.maxSource(); max > 0 && len(src) > max {
		msg := fmt.Sprintf("the source is %d bytes, over the limit of %d bytes the interpreter compiles; split the work into smaller snippets", len(src), max)
		return nil, &Exception{Type: "ValueError", Message: msg, Filename: filename, Limit: "source", Traceback: "ValueError: " + msg + "\n"}
	}
	mod, err := syntax.ParseContext(ctx, filename, []byte(src))
	if err != nil {
		var se *syntax.Error
		if errors.As(err, &se) {
			// The parser's error carries CPython's offset..end_offset span
			// in code points; it draws the caret line as CPython does.
			return nil, &Exception{Type: se.Kind, Message: se.Msg, Filename: filename, Line: se.Line, Col: se.Col,
				Traceback: se.Display() + "\n"}
		}
		return nil, contextError(filename, err)
	}
	prog, err := compile.ModuleContext(ctx, filename, mod, compile.Options{Snippet: opts.Snippet})
	lines := strings.Split(src, "\n")
	if err != nil {
		var ce *compile.Error
		if errors.As(err, &ce) {
			if ce.Kind == syntax.KindSyntax || ce.Kind == syntax.KindIndentation {
				return nil, compileSyntaxError(filename, lines, ce)
			}
			return nil, compileError(filename, lines, ce.Kind, ce.Msg, ce.Pos.Line, ce.Pos.Col)
		}
		return nil, contextError(filename, err)
	}
	return &Program{filename: filename, lines: lines, code: vm.NewCode(prog.Module), snippet: opts.Snippet,
		warnings: prog.Warnings}, nil
}

// writeWarnings writes the compiler's SyntaxWarnings to the run's stderr as
// CPython's warnings module prints them: "file:line: SyntaxWarning: msg" and
// the line. They count against the stderr cap as the snippet's own writes, one
// warning at a time: each repeats its source line, so a long line of many
// "x is 'a'" comparisons (20000 on one 200 KB line) rendered in full would be
// gigabytes, made before any limit could see them.
func (p *Program) writeWarnings(t *vm.Thread) error {
	for _, w := range p.warnings {
		s := fmt.Sprintf("%s:%d: SyntaxWarning: %s\n", p.filename, w.Line, w.Msg)
		if w.Line >= 1 && w.Line <= len(p.lines) {
			if src := strings.TrimSpace(p.lines[w.Line-1]); src != "" {
				s += "  " + src + "\n"
			}
		}
		if err := t.WriteStderr(s); err != nil {
			return err
		}
	}
	return nil
}

// contextError reports a compile that its context ended (or another
// failure that is no syntax error).
func contextError(filename string, err error) *Exception {
	msg := "compiling the snippet was cancelled"
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		msg = "compiling the snippet exceeded the time limit"
	case !errors.Is(err, context.Canceled):
		return &Exception{Type: "SyntaxError", Message: err.Error(), Filename: filename}
	}
	return &Exception{Type: "TimeoutError", Message: msg, Filename: filename, Limit: "time", Traceback: "TimeoutError: " + msg + "\n"}
}

// compileSyntaxError reports a SyntaxError of the compiler or the symbol
// table the way CPython shows one: the source line with the node's span
// underlined (columns counted in code points, like SyntaxError.offset).
func compileSyntaxError(filename string, lines []string, ce *compile.Error) *Exception {
	se := &syntax.Error{Filename: filename, Line: ce.Pos.Line, Kind: ce.Kind, Msg: ce.Msg}
	charCol := func(line, byteCol int) int {
		if line < 1 || line > len(lines) || byteCol < 1 {
			return byteCol
		}
		text := lines[line-1]
		if byteCol-1 > len(text) {
			return utf8.RuneCountInString(text) + byteCol - len(text)
		}
		return utf8.RuneCountInString(text[:byteCol-1]) + 1
	}
	se.Col = charCol(ce.Pos.Line, ce.Pos.Col)
	if ce.Pos.Line >= 1 && ce.Pos.Line <= len(lines) {
		se.SourceLine = strings.TrimRight(lines[ce.Pos.Line-1], "\r")
	}
	switch {
	case ce.End.Line > ce.Pos.Line:
		// CPython reads the line from the file, newline included, and
		// underlines to its end (end_offset = the text's size in bytes).
		se.EndLine, se.EndCol = ce.Pos.Line, len(se.SourceLine)+1
	case ce.End.Line > 0:
		se.EndLine, se.EndCol = ce.End.Line, charCol(ce.End.Line, ce.End.Col)
	}
	return &Exception{Type: se.Kind, Message: se.Msg, Filename: filename, Line: se.Line, Col: se.Col,
		Traceback: se.Display() + "\n"}
}

func compileError(filename string, lines []string, kind, msg string, line, col int) *Exception {
	e := &Exception{Type: kind, Message: msg, Filename: filename, Line: line, Col: col}
	var sb strings.Builder
	fmt.Fprintf(&sb, "  File \"%s\", line %d\n", filename, line)
	if line >= 1 && line <= len(lines) {
		src := lines[line-1]
		trimmed := strings.TrimLeft(src, " \t")
		sb.WriteString("    " + strings.TrimRight(trimmed, "\r") + "\n")
		if col > 0 {
			off := col - 1 - (len(src) - len(trimmed))
			if off < 0 {
				off = 0
			}
			sb.WriteString("    " + strings.Repeat(" ", off) + "^\n")
		}
	}
	sb.WriteString(kind + ": " + msg + "\n")
	e.Traceback = sb.String()
	return e
}

func (p *Program) source(filename string, line int) string {
	if filename != p.filename || line < 1 || line > len(p.lines) {
		return ""
	}
	return p.lines[line-1]
}

// Run executes the program. The error is an *Exception for a Python
// exception escaping the snippet or a limit that ended the run.
func (p *Program) Run(ctx context.Context, opts RunOptions) (res *Result, err error) {
	g := opts.Globals
	if g == nil {
		g = NewGlobals()
	}
	g = g.ns()
	mods := opts.Modules
	if mods == nil {
		mods = vm.DefaultModules()
	}
	var used int64
	if opts.Globals != nil {
		used = g.SizeBytes()
		g.sized = false // the run changes it
	}
	var builtins *vm.Dict
	if len(opts.Host) > 0 || opts.Prelude != nil {
		run := &hostRun{funcs: opts.Host}
		ctx = context.WithValue(ctx, hostRunKey{}, run)
		builtins = hostBuiltins(run)
	}
	t := vm.NewThread(vm.Config{
		Ctx: ctx,
		Limits: vm.Limits{Steps: opts.Limits.Steps, MaxMemoryBytes: opts.Limits.MaxMemoryBytes,
			MaxDepth: opts.Limits.MaxDepth, MaxOutputBytes: opts.Limits.MaxOutputBytes, MaxHostCalls: opts.Limits.MaxHostCalls},
		Stdout:     opts.Stdout,
		Stderr:     opts.Stderr,
		Modules:    mods,
		MemoryUsed: used,
		Heap:       opts.Heap,
		Source:     p.source,
		Journal:    g.journal,
	})
	defer t.Close()
	if builtins != nil {
		t.SetBuiltinsOverlay(builtins)
	}
	if opts.Stderr != nil {
		defer func() {
			for _, w := range t.UnawaitedWarnings() {
				_, _ = io.WriteString(opts.Stderr, w+"\n")
			}
		}()
	}
	defer func() {
		if r := recover(); r != nil {
			res = nil
			const msg = "internal error in the interpreter (a bug, not an error of the snippet)"
			ex := &Exception{Type: "SystemError", Message: msg, Filename: p.filename, Traceback: "SystemError: " + msg + "\n"}
			if ie, ok := r.(*vm.GoPanic); ok {
				ex.Line = ie.Line
				ex.Internal = fmt.Sprintf("%v\n%s", ie.Value, ie.Stack)
			} else {
				ex.Internal = fmt.Sprintf("%v\n%s", r, debug.Stack())
			}
			err = ex
		}
	}()
	if err := p.writeWarnings(t); err != nil {
		return nil, p.exception(t, err)
	}
	if opts.Prelude != nil {
		if err := opts.Prelude.run(t, builtins, opts.PreludeInputs); err != nil {
			return nil, p.exception(t, err)
		}
	}
	if opts.Globals != nil && builtins != nil {
		// The runtime's names are bound like builtins, outside the
		// session's globals: a snippet's own binding of one (def
		// call_tool, globals()['cli'] = ..., global greeter) shadows it
		// for this run only. The session keeps no such binding, so every
		// run starts with the runtime's.
		dropRuntimeNames(t, g.d, builtins)
		defer dropRuntimeNames(t, g.d, builtins)
	}
	var v vm.Value
	var rerr error
	t.SetMainGlobals(g.d)
	if p.snippet {
		// A snippet runs as CPython runs an agent's snippet: the body of a
		// coroutine under asyncio.run, so the event loop is running.
		v, rerr = t.RunSnippet(p.code, g.d)
	} else {
		v, rerr = t.RunModule(p.code, g.d)
		if rerr == nil {
			if coro, ok := v.(*vm.Generator); ok && p.code.Flags&compile.FlagCoroutine != 0 {
				v, rerr = t.RunCoroutine(coro)
			}
		}
	}
	if rerr != nil {
		return nil, p.exception(t, rerr)
	}
	repr, rerr := t.Repr(v)
	if rerr != nil {
		return nil, p.exception(t, rerr)
	}
	// The Go form of the result is as large as the value again.
	if err := t.Charge(vm.SizeOf(v)); err != nil {
		return nil, p.exception(t, err)
	}
	gv, cerr := fromPython(t, v)
	if cerr != nil {
		var le *vm.LimitError
		if errors.As(cerr, &le) {
			return nil, p.exception(t, cerr)
		}
		if ce := (*convertError)(nil); errors.As(cerr, &ce) && ce.unawaited {
			// A result holding a call that never ran is a forgotten await,
			// not data: the run fails, saying which call and where.
			msg := "the result holds " + ce.msg
			return nil, &Exception{Type: ce.class.Name, Message: msg, Filename: p.filename, Line: ce.line, Traceback: ce.class.Name + ": " + msg + "\n"}
		}
		return &Result{Value: repr, Repr: repr, NotJSON: notJSONReason(t, cerr)}, nil
	}
	return &Result{Value: gv, Repr: repr}, nil
}

// notJSONReason is why a result has no JSON form: the converter's words, or
// the exception a library JSON hook raised.
func notJSONReason(t *vm.Thread, err error) string {
	if inst, ok := pyError("", err).(*vm.Instance); ok {
		return inst.Class.Name + ": " + vm.BoundMessage(t.ExceptionMessage(inst))
	}
	return err.Error()
}

func (p *Program) exception(t *vm.Thread, err error) *Exception {
	switch e := err.(type) {
	case *vm.Instance:
		msg, limit := t.ExceptionMessageLimited(e)
		if limit != nil {
			return p.exception(t, limit)
		}
		msg = vm.BoundMessage(msg)
		ex := &Exception{Type: e.Class.Name, Message: msg, Filename: p.filename}
		if status, printed, ok := vm.SystemExitStatus(e); ok {
			ex.Exit, ex.ExitStatus = true, status
			if printed {
				ex.ExitText = msg
			}
		}
		ex.Traceback = t.FormatException(e, p.source)
		if len(e.Exc.TB) > 0 {
			ex.Line = e.Exc.TB[0].Line
			ex.Col = int(e.Exc.TB[0].Span.Col)
		}
		return ex
	case *vm.LimitError:
		// Where the run was when the limit ended it, as for an exception.
		ex := &Exception{Type: e.Type, Message: e.Msg, Limit: e.Kind, Filename: p.filename,
			Traceback: t.FormatLimit(e, p.source)}
		if len(e.TB) > 0 {
			ex.Line = e.TB[0].Line
			ex.Col = int(e.TB[0].Span.Col)
		}
		return ex
	}
	return &Exception{Type: "SystemError", Message: err.Error(), Filename: p.filename}
}

// dropRuntimeNames removes from a session's globals every name the run's
// overlay of the builtins binds.
func dropRuntimeNames(t *vm.Thread, globals, overlay *vm.Dict) {
	for _, k := range overlay.Keys() {
		if name, ok := k.(vm.Str); ok && globals.HasStr(string(name)) {
			// Saved for a rollback first, like any change the run
			// makes; a name that cannot be is dropped by the next run.
			if t.Touch(globals) == nil {
				globals.DeleteStr(string(name))
			}
		}
	}
}

// hostBuiltins builds the run's overlay of the builtins: the host
// functions, with dotted names as namespaces (the prelude adds its exports).
func hostBuiltins(run *hostRun) *vm.Dict {
	b := vm.NewDict()
	names := make([]string, 0, len(run.funcs))
	for n := range run.funcs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		hf := newHostFunction(name, run)
		parts := strings.Split(name, ".")
		if len(parts) == 1 {
			b.SetStr(name, hf)
			continue
		}
		cur := b
		for i, part := range parts[:len(parts)-1] {
			v, ok := cur.GetStr(part)
			ns, isNS := v.(*vm.Namespace)
			if !ok || !isNS {
				ns = &vm.Namespace{Name: strings.Join(parts[:i+1], "."), Attrs: vm.NewDict()}
				cur.SetStr(part, ns)
			}
			cur = ns.Attrs
		}
		cur.SetStr(parts[len(parts)-1], hf)
	}
	return b
}

// Globals is a persistent namespace for a session. It is safe for one run
// at a time.
type Globals struct {
	d *vm.Dict
	// size is SizeBytes's last answer while sized: nothing changes what
	// the namespace holds between runs (no code of the interpreter runs
	// outside one, and Run, Restore and Get, which may run a __repr__,
	// forget it), so a session's next run charges what its last run's end
	// measured instead of walking every value again: in a worker, that
	// walk cost as much as the run of a program holding 100 000 records.
	size  int64
	sized bool
	// objects is how many objects the last measure counted: the next
	// one's table of seen objects is made that large at once.
	objects int
	// journal saves, for a rollback to the last Snapshot, what runs
	// change of the containers that existed when it was taken (nil
	// before the first Snapshot).
	journal *vm.Journal

	// A snapshot taken by Snapshot is a handle, not a copy: of is the
	// namespace it was taken of and at the journal begun then (d is nil
	// until a read makes a copy, ns).
	of *Globals
	at *vm.Journal
}

// NewGlobals returns an empty namespace.
func NewGlobals() *Globals {
	d := vm.NewDict()
	d.SetStr("__name__", vm.Str("__main__"))
	return &Globals{d: d}
}

// Snapshot marks the state of g a rollback returns to, and returns it:
// neither rebinding names in g nor mutating its lists, dicts, sets and
// instances afterwards affects the snapshot. Functions, classes and
// modules are shared.
//
// It copies nothing: runs in g save each container the first time they
// change it (vm.Journal), so the cost of a snapshot is what the runs
// after it change, not what g holds. Restore(s) undoes the saves back to
// s; reading s (Get, Names, SizeBytes, a run in it) first copies the
// state it marks. A snapshot stays valid until one taken before it is
// restored.
func (g *Globals) Snapshot() *Globals {
	g = g.ns()
	j := vm.NewJournal()
	if g.journal != nil {
		g.journal.SetNext(j)
	}
	g.journal = j
	return &Globals{of: g, at: j}
}

// Rollback is Restore(s) for a session: it returns the namespace the
// session goes on with, a new Globals holding g's contents restored in
// place, and leaves g an empty namespace, so that nothing still holding
// the rolled-back run's handle shares the session's state.
func (g *Globals) Rollback(s *Globals) *Globals {
	g = g.ns()
	g.Restore(s)
	n := &Globals{d: g.d, journal: g.journal}
	*g = *NewGlobals()
	if s.of == g {
		s.of = n
	}
	return n
}

// Commit ends the rollback to g's snapshots: what the runs since saved is
// dropped (it holds what they replaced), and the snapshots can no longer
// be restored or read.
func (g *Globals) Commit() {
	g = g.ns()
	g.journal = nil
}

// chain returns the journals from s's back to g's newest, oldest first,
// or nil when s is not a snapshot of g that can still be restored.
func (g *Globals) chain(s *Globals) []*vm.Journal {
	if s.of != g || s.at == nil {
		return nil
	}
	var js []*vm.Journal
	for j := s.at; j != nil; j = j.Next() {
		js = append(js, j)
		if j == g.journal {
			return js
		}
	}
	return nil
}

// ns returns the namespace g stands for: g itself, or for a snapshot
// handle a copy of the state it marks, made on first use (the handle then
// holds the copy: it is independent of the namespace from then on).
func (g *Globals) ns() *Globals {
	if g.of == nil {
		return g
	}
	js := g.of.chain(g)
	if js == nil {
		panic("python: a snapshot read or restored after an older snapshot of its namespace was restored")
	}
	// Undo back to the snapshot, copy, redo (a journal's Swap is its own
	// inverse).
	for i := len(js) - 1; i >= 0; i-- {
		js[i].Swap()
	}
	c := vm.DeepCopy(g.of.d).(*vm.Dict)
	for _, j := range js {
		j.Swap()
	}
	g.d, g.of, g.at = c, nil, nil
	return g
}

// Restore returns g to the state of a snapshot of it: the containers the
// runs since changed get their saved contents back, in place (functions
// defined in g, and any other holder of them, see the restored state).
// The snapshot stays valid (it may be restored again); snapshots taken
// after it do not. A snapshot of another namespace, or one already read,
// is copied in as before.
func (g *Globals) Restore(s *Globals) {
	g = g.ns()
	g.sized = false
	if js := g.chain(s); js != nil {
		for i := len(js) - 1; i >= 0; i-- {
			js[i].Swap()
		}
		// The state is the snapshot's again: its journal starts over, the
		// newest, with a fresh epoch.
		s.at.Reset()
		g.journal = s.at
		return
	}
	c := vm.DeepCopy(s.ns().d).(*vm.Dict)
	// Outside any run: g's own saves cannot follow this change, so its
	// snapshots end here.
	g.journal = nil
	g.d.Clear()
	for _, it := range c.Items() {
		g.d.SetStr(string(it[0].(vm.Str)), it[1])
	}
}

// Names returns the bound names, sorted, without dunder names.
func (g *Globals) Names() []string {
	g = g.ns()
	var out []string
	for _, k := range g.d.Keys() {
		s := string(k.(vm.Str))
		if strings.HasPrefix(s, "__") && strings.HasSuffix(s, "__") {
			continue
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// Get returns the JSON-like Go value of a global; values without a JSON-like
// form are returned as their repr string.
func (g *Globals) Get(name string) (any, bool) {
	g = g.ns()
	v, ok := g.d.GetStr(name)
	if !ok {
		return nil, false
	}
	// Converting may run the value's own code (a __repr__), which may
	// change what the namespace holds.
	g.sized = false
	// In the journal, as a run's changes: a rollback undoes them too.
	t := vm.NewThread(vm.Config{Journal: g.journal})
	defer t.Close()
	gv, err := fromPython(t, v)
	if err != nil {
		s, _ := t.Repr(v)
		return s, true
	}
	return gv, true
}

// SizeBytes returns the estimated retained size of the namespace.
func (g *Globals) SizeBytes() int64 {
	g = g.ns()
	if !g.sized {
		g.size, g.objects = vm.SizeOfGraph(g.d, g.objects)
		g.sized = true
	}
	return g.size
}
