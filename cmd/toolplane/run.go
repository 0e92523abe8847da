package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/metrics"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/jsonlike"
)

// runHeapBytes is how much heap `toolplane run` prepares with huge pages
// before the run: most snippets' heaps stay under it.
const runHeapBytes = 64 << 20

// runHeapDelay is how long `toolplane run` waits before it first looks at
// the heap: the collection that frees the prepared block cost a trivial run
// about 5 ms of CPU and 200 page faults, while a run that allocates enough
// to gain has barely started by then.
const runHeapDelay = 10 * time.Millisecond

// runHeapPoll is how often, after runHeapDelay, `toolplane run` looks at
// the heap again, and runHeapGrowth how much it must have grown since the
// previous look for the run to be worth preparing the heap for: the
// collection the preparation starts beside the run made fib (a run whose
// heap stays at its start-up size) take a quarter more CPU cold, while a
// run that allocates grows its heap steadily from the start (5 ms apart:
// records by about 3 MiB, wordfreq by about 1 MiB).
//
// runHeapEarly is the heap that, at the first look, already shows a run
// that allocates (a trivial run and fib hold about 7 MiB then; records,
// sortkeys and json_munge 12-14 MiB), prepared at once rather than a poll
// later (which cost those about 30% more page faults).
const (
	runHeapPoll   = 3 * time.Millisecond
	runHeapGrowth = 256 << 10
)

var runHeapEarly uint64 = 10 << 20 // a variable for tests, whose heaps differ

// runOptions are the flags of `toolplane run`.
type runOptions struct {
	JSON    bool
	Timeout time.Duration
	// Audit receives run_start and run_end, as serve writes them (set by
	// the command from [audit], not a flag; nil writes nothing).
	Audit *audit.Logger
}

func newRunCmd(a *app) *cobra.Command {
	var opts runOptions
	cmd := &cobra.Command{
		Use:   "run FILE|-",
		Short: "Run a Python snippet against the configured capabilities",
		Long: `Run a Python snippet on the configured backend (embedded by default) with
the configured capabilities bound, as execute_code would. The snippet's
output (stdout) and what it writes to sys.stderr (stderr) are printed as it
runs, in the order it writes them, then its result (the returned value, else the
value of a final bare expression) as a Python repr; None prints nothing.

With --json, exactly one JSON object is printed on stdout:
  {"value": ..., "stdout": "...", "stderr": "...", "error": null | {"type",
   "message", "traceback"}, "duration_ms": N, "backend": "embedded"}
The value is written as Python's json.dumps writes it (a dict keeps its
order, 5.0 stays 5.0), except that NaN and the infinities are the strings
"NaN", "Infinity" and "-Infinity"; a result with no JSON form (a set, an
object) is its repr, and "not_json" says why.

Exit status is 0 on success and 1 when the snippet raised or hit a limit. A
snippet that ends with SystemExit (sys.exit(), unittest.main()) ends as CPython
ends it: no traceback, status 0 for sys.exit(), sys.exit(0) or False, the
status an int asks for, else 1 with the code printed on stderr; with
--json, a success code has "error": null.
Without --config, $TOOLPLANE_CONFIG or a config file, safe defaults apply.`,
		Example: `  toolplane run examples/hello.py
  echo 'return 1 + 1' | toolplane run -
  toolplane run --json --timeout 10s report.py`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErrorf("run takes exactly one argument: a snippet file, or - for standard input")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Timeout < 0 {
				return usageErrorf("--timeout must not be negative")
			}
			// One snippet in a fresh process: its heap is all first
			// touches (see python.PrepareHeap). A snippet done within
			// runHeapDelay, or whose heap does not grow, never pays for
			// preparing it.
			stopPrepare := prepareHeapWhenGrowing()
			defer stopPrepare()
			code, filename, err := readSnippet(args[0], a.IO.In)
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			rt, auditLog, release, err := runtimeForRun(ctx, a)
			if err != nil {
				return err
			}
			defer release()
			opts.Audit = auditLog
			return runSnippet(ctx, rt, code, filename, opts, a.IO)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON object with value, stdout, stderr, error, duration_ms and backend")
	cmd.Flags().DurationVar(&opts.Timeout, "timeout", 0, "wall-clock limit of the run, including time waiting on capabilities (e.g. 30s); 0 means none")
	return cmd
}

// readSnippet reads the snippet from path, or from in for "-".
func readSnippet(path string, in io.Reader) (code, filename string, err error) {
	if path == "-" {
		if in == nil {
			return "", "", usageErrorf("run -: no standard input")
		}
		data, err := io.ReadAll(in)
		if err != nil {
			return "", "", fmt.Errorf("reading the snippet from standard input: %w", err)
		}
		return string(data), "<stdin>", nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", "", fmt.Errorf("reading the snippet: %w", err)
	}
	return string(data), path, nil
}

// runtimeForRun opens the runtime the configuration describes with
// toolplane.Open, as serve mcp does: the audit log when enabled
// (outermost), the [cli] and [mcp] capability sources. With no --config, no $TOOLPLANE_CONFIG and no
// config file, the safe defaults apply, so a snippet runs on a fresh
// machine. It returns the audit log (nil when off) for the run's own
// events; the returned function releases everything.
func runtimeForRun(ctx context.Context, a *app) (*toolplane.Runtime, *audit.Logger, func(), error) {
	path, err := a.configPath()
	if err != nil {
		return nil, nil, nil, err
	}
	explicit := a.ConfigFlag != "" || os.Getenv(config.EnvPath) != ""
	cfg := config.Default()
	if _, statErr := os.Stat(path); statErr == nil || explicit {
		if cfg, err = a.loadConfig(); err != nil {
			return nil, nil, nil, err
		}
	}
	var auditLog *audit.Logger
	if cfg.Audit.Enabled {
		// An unwritable path gives a disabled logger after one warning;
		// only a dangerous one (a FIFO, a device) is an error.
		if auditLog, err = audit.FromConfig(ctx, cfg.Audit, toolplane.SecretResolver(newServeStores(a).secrets), a.IO.Err); err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %w", serveConfigName(cfg), err)
		}
	}
	// A one-shot run is the user's own: unsafe settings need no --unsafe.
	open := a.openOptions(auditLog)
	open.AllowUnsafe = true
	open.PrepareNow = true
	// The user's own one-shot snippet: a crash costs this one run either
	// way, so by default it runs in this process, without a worker's start
	// (see [toolplane] isolation).
	open.DefaultIsolation = config.IsolationNone
	open.Escalator = confirmEscalation
	rt, err := toolplane.Open(ctx, cfg, open)
	if err != nil {
		auditLog.Close()
		return nil, nil, nil, err
	}
	release := func() {
		_ = rt.Stop()
		auditLog.Close()
	}
	return rt, auditLog, release, nil
}

// runOutput is the --json document; field order is the documented one.
type runOutput struct {
	// Value is written by jsonlike (order and floats kept).
	Value      json.RawMessage `json:"value"`
	Stdout     string          `json:"stdout"`
	Stderr     string          `json:"stderr"`
	Error      *runError       `json:"error"`
	DurationMS int64           `json:"duration_ms"`
	Backend    string          `json:"backend"`
	NotJSON    string          `json:"not_json,omitempty"`
}

type runError struct {
	Type      string `json:"type"`
	Message   string `json:"message"`
	Traceback string `json:"traceback"`
}

// runSnippet executes code on rt and writes the result to streams.
func runSnippet(ctx context.Context, rt *toolplane.Runtime, code, filename string, opts runOptions, streams IOStreams) error {
	exec := toolplane.ExecuteOptions{Filename: filename, Timeout: opts.Timeout, RunID: audit.NewRunID()}
	if !opts.JSON {
		// Stream both as they are written, so a terminal (or one pipe
		// for both) shows them in the order the snippet wrote them.
		exec.Stdout, exec.Stderr = streams.Out, streams.Err
	}
	backendName := rt.DefaultBackend()
	hash := audit.SnippetHash(code)
	opts.Audit.Log(audit.Event{Event: audit.EventRunStart, RunID: exec.RunID, SnippetSHA256: hash, Backend: backendName})
	ctx, escalations := audit.WithRunEscalations(ctx)
	start := time.Now()
	res, err := rt.Execute(ctx, code, exec)
	if err == nil && res.Error != nil && res.Error.Exit && res.Error.ExitStatus == exitOK {
		// A program that ends with sys.exit(), sys.exit(0) or False
		// (unittest.main() after its tests passed) ended well, as in
		// CPython and in execute_code: no error, no value.
		res.Error, res.Value, res.Repr = nil, nil, ""
	}
	end := audit.Event{Event: audit.EventRunEnd, RunID: exec.RunID, SnippetSHA256: hash, Backend: backendName,
		Duration: time.Since(start), HasDuration: true, Outcome: audit.OutcomeOK}
	switch {
	case err != nil:
		end.Outcome, end.ErrorType = audit.OutcomeError, "RuntimeError"
	case res.Error != nil:
		end.Outcome, end.ErrorType, end.Duration = audit.OutcomeError, res.Error.Type, res.Duration
	default:
		end.Duration = res.Duration
	}
	end.EscalationsCancelled = escalations.Cancelled()
	opts.Audit.Log(end)
	if err != nil {
		return err
	}
	if opts.JSON {
		value, err := jsonlike.Marshal(res.Value)
		if err != nil {
			// Not a value a backend makes; keep the document valid.
			value, _ = jsonlike.Marshal(res.Repr)
			res.NotJSON = err.Error()
		}
		out := runOutput{Value: value, Stdout: res.Stdout, Stderr: res.Stderr,
			DurationMS: res.Duration.Milliseconds(), Backend: res.Backend, NotJSON: res.NotJSON}
		if res.Error != nil {
			out.Error = &runError{Type: res.Error.Type, Message: res.Error.Message, Traceback: res.Error.Traceback}
		}
		// One line, and "<snippet>" stays readable: no HTML escaping.
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return fmt.Errorf("encoding the result as JSON: %w", err)
		}
		if _, err := streams.Out.Write(buf.Bytes()); err != nil {
			return fmt.Errorf("writing the result: %w", err)
		}
		if res.Error != nil {
			if res.Error.Exit {
				return &exitError{code: res.Error.ExitStatus, err: fmt.Errorf("snippet raised %s", res.Error)}
			}
			return &exitError{code: exitFailure, err: fmt.Errorf("snippet raised %s", res.Error)}
		}
		return nil
	}
	if res.Error != nil && res.Error.Exit {
		// A program that ends with sys.exit() (unittest.main() does) ends as
		// CPython's interpreter ends it: no traceback, the status it asked
		// for, and a code that is not an int printed (sys.exit("bad input")).
		return &exitError{code: res.Error.ExitStatus, err: errors.New(res.Error.ExitText)}
	}
	if res.Error != nil {
		msg := strings.TrimRight(res.Error.Traceback, "\n")
		if msg == "" {
			msg = res.Error.Error()
		}
		return &exitError{code: exitFailure, err: errors.New(msg)}
	}
	if res.Repr != "" && res.Repr != "None" {
		fmt.Fprintln(streams.Out, res.Repr)
	}
	return nil
}

// prepareHeapWhenGrowing prepares the heap (python.PrepareHeap) once the
// run shows it is growing: it looks at the heap runHeapDelay from now and
// every runHeapPoll after, and prepares it at the first look if the heap
// holds runHeapEarly or more, else the first time the heap grew by
// runHeapGrowth or more since the previous look. The function it returns
// stops the looking; after it returns, no preparation starts.
func prepareHeapWhenGrowing() (stop func()) {
	var mu sync.Mutex
	stopped := false
	var timer *time.Timer
	var last uint64
	var look func()
	look = func() {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return
		}
		h := heapTouched()
		if (last == 0 && h >= runHeapEarly) || (last != 0 && h >= last+runHeapGrowth) {
			stopped = true
			// In its own goroutine, so stop never waits for it.
			go prepareHeap(runHeapBytes)
			return
		}
		last = h
		timer = time.AfterFunc(runHeapPoll, look)
	}
	timer = time.AfterFunc(runHeapDelay, look)
	return func() {
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		timer.Stop()
	}
}

// prepareHeap is python.PrepareHeap; tests see the call through it.
var prepareHeap = python.PrepareHeap

// heapTouched is how much of the heap the process has mapped and not
// returned to the system: what its first touches have faulted in, roughly.
// runtime/metrics reads it without stopping the world.
func heapTouched() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 || s[1].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64() - s[1].Value.Uint64()
}
