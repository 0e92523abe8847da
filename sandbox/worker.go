package sandbox

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/vm"
)

// RunFunc runs one snippet inside a worker: the embedded interpreter with
// host functions that call the host over the bridge. globals is the
// session namespace for a session run, nil for a fresh one. It returns the
// run's result; an exception or limit goes in RunResult.Err. heap is the
// worker's heap guard (nil: none), the backstop of the memory limit the run
// must pass to the interpreter.
//
// stdout and stderr carry what the snippet prints and writes to sys.stderr
// (and the run's warnings) to the host as it goes.
type RunFunc func(ctx context.Context, req *RunRequest, globals *python.Globals, host map[string]python.HostFunc, stdout, stderr io.Writer, heap *vm.HeapGuard) *RunResult

// Serve is a worker's side of the bridge: it reads the host's messages
// from in and writes its own to out until in ends. It trusts the host (its
// parent) but nothing a snippet does: a run that ends in a way the
// interpreter could not contain ends the process, which the host sees.
func Serve(in io.Reader, out io.Writer, run RunFunc, heap *vm.HeapGuard, protections []Protection) error {
	w := &worker{out: out, run: run, heap: heap, pending: map[uint64]chan *hostReply{}, globals: python.NewGlobals(), runs: make(chan runJob, 1)}
	if err := w.send(kindHello, encodeHello(&hello{Version: protocolVersion, Protections: protections})); err != nil {
		return err
	}
	go w.runLoop()
	defer close(w.runs)
	// One read syscall takes a whole frame (and any that follow it) rather
	// than one for the length and one for the rest.
	br := bufio.NewReaderSize(in, readBufferBytes)
	for {
		kind, p, err := readFrame(br)
		if errors.Is(err, io.EOF) {
			return nil // the host closed the bridge: a normal end
		}
		if err != nil {
			return fmt.Errorf("reading from the host: %w", err)
		}
		if err := w.handle(kind, p); err != nil {
			return err
		}
	}
}

type worker struct {
	run  RunFunc
	heap *vm.HeapGuard

	wmu sync.Mutex // serialises frames to out
	out io.Writer

	mu      sync.Mutex
	running bool
	cancel  context.CancelFunc
	nextID  uint64
	pending map[uint64]chan *hostReply
	globals *python.Globals // the session namespace
	pre     *python.Globals // its snapshot at the start of the last session run (python.Globals.Snapshot: a mark, not a copy)

	// runs hands a run to runLoop, the one goroutine that runs snippets:
	// a goroutine per run started each time with a small stack, which the
	// interpreter then grew by copying, frame by frame, on every run.
	runs chan runJob
}

// runJob is a run for runLoop.
type runJob struct {
	ctx context.Context
	req *RunRequest
	g   *python.Globals
}

// readBufferBytes is the bridge's read buffer, in host and worker alike.
const readBufferBytes = 16 << 10

// runLoop runs the runs handle accepts, one at a time, until Serve ends,
// and gives the memory of their garbage back to the OS once the worker has
// been idle for giveBackDelay after one (giveBackMemory).
func (w *worker) runLoop() {
	idle := time.NewTimer(time.Hour)
	idle.Stop()
	var retained int64 // the session's globals after the last run
	pending := false   // a run ended since the last give-back
	for {
		select {
		case j, ok := <-w.runs:
			if !ok {
				idle.Stop()
				return
			}
			idle.Stop()
			retained, pending = w.runOne(j.ctx, j.req, j.g), true
			idle.Reset(giveBackDelay)
		case <-idle.C:
			if pending {
				giveBackMemory(retained)
				pending = false
			}
		}
	}
}

func (w *worker) send(kind byte, payload []byte) error {
	w.wmu.Lock()
	defer w.wmu.Unlock()
	return writeFrame(w.out, kind, payload)
}

func (w *worker) handle(kind byte, p []byte) error {
	switch kind {
	case kindRun:
		req, err := decodeRun(p)
		if err != nil {
			return err
		}
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.running {
			return errors.New("run requested while a run is in progress")
		}
		var g *python.Globals
		if req.Session {
			switch req.prevEnd {
			case endRollback:
				if w.pre != nil {
					w.globals = w.globals.Rollback(w.pre)
				}
			case endReset:
				w.globals = python.NewGlobals()
			}
			g = w.globals
			w.pre = g.Snapshot()
		}
		ctx, cancel := context.WithCancel(context.Background())
		if req.Timeout > 0 {
			ctx, cancel = context.WithTimeout(context.Background(), req.Timeout)
		}
		w.running, w.cancel = true, cancel
		// Never blocks: a run is accepted only while none is running.
		w.runs <- runJob{ctx, req, g}
	case kindCancel:
		w.mu.Lock()
		if w.cancel != nil {
			w.cancel()
		}
		w.mu.Unlock()
	case kindKept:
		// The run's rollback journal holds what the run replaced: kept
		// until the next run, it kept the garbage of an idle session's
		// last run alive (the values a run dropped, up to its memory
		// limit), which no budget counts and giveBackMemory cannot return.
		w.mu.Lock()
		if !w.running && w.pre != nil {
			w.globals.Commit()
			w.pre = nil
		}
		w.mu.Unlock()
	case kindReply:
		r, err := decodeReply(p)
		if err != nil {
			return err
		}
		w.mu.Lock()
		ch := w.pending[r.ID]
		delete(w.pending, r.ID)
		w.mu.Unlock()
		if ch != nil {
			ch <- r
		}
	default:
		return fmt.Errorf("unknown message kind %d", kind)
	}
	return nil
}

// How a session run ended, on the wire (RunRequest.prevEnd).
const (
	endKeep byte = iota
	endRollback
	endReset
)

// runOne runs one snippet and sends its result; it returns what the
// session's globals retain after it.
func (w *worker) runOne(ctx context.Context, req *RunRequest, g *python.Globals) int64 {
	host := make(map[string]python.HostFunc, len(req.Host))
	for _, name := range req.Host {
		host[name] = w.hostFunc(name)
	}
	res := testHookRun(req, w)
	if res == nil {
		out := outputCap(req.Limits)
		res = w.run(ctx, req, g, host, &outputWriter{w: w, kind: kindOutput, left: out}, &outputWriter{w: w, kind: kindStderr, left: out + warningBytes}, w.heap)
	}
	if g != nil {
		res.SizeBytes = g.SizeBytes()
		res.Names = listedNames(g.Names())
	}
	payload, err := encodeResult(res)
	if err != nil {
		payload, _ = encodeResult(&RunResult{Err: &RunError{Type: "ValueError", Message: fmt.Sprintf("the result cannot be returned from the sandbox: %v; return less, or save_result() parts of it", err)}})
	}
	if req.settle {
		// The host reads what the worker holds as the answer arrives.
		giveBackMemory(res.SizeBytes)
	}
	w.mu.Lock()
	w.running = false
	w.cancel()
	w.cancel = nil
	w.mu.Unlock()
	// A failed write means the host is gone; the read loop ends too.
	_ = w.send(kindDone, payload)
	return res.SizeBytes
}

// idleHeldBytes is how much memory a worker may keep from the OS between
// runs, beyond twice what its session's globals retain, before it gives
// its garbage back: about what an idle worker holds after typical runs.
const idleHeldBytes = 48 << 20

// giveBackDelay is how long a worker waits idle after a run before it
// gives its garbage back (giveBackMemory). Not at once: runs that follow
// each other closely (a client's loop of execute_code calls) each paid a
// full collection and then faulted back in, page by page, the heap the
// previous run had given back (5% of a served records.py's worker CPU
// in the collection alone, more in the faults).
const giveBackDelay = 500 * time.Millisecond

// giveBackMemory returns the memory of a run's garbage to the OS once the
// worker is idle, when the process holds more than idleHeldBytes beyond twice
// retained (the session's globals). The collector runs rarely (at
// DefaultGCPercent the heap grows to five times what is live) and an idle
// process allocates nothing that would make it run, so a worker whose run
// churned through 300 MB of strings kept 400 MB resident for as long as
// its session lived: memory no retained-memory cap sees, times the
// sessions a token may hold. It runs giveBackDelay after the result went
// out if no run came meanwhile, so neither the reply nor a run that
// follows closely waits for it.
func giveBackMemory(retained int64) {
	samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(samples)
	if samples[0].Value.Kind() != metrics.KindUint64 || samples[1].Value.Kind() != metrics.KindUint64 {
		return
	}
	held := int64(samples[0].Value.Uint64() - samples[1].Value.Uint64())
	if held > 2*max(retained, 0)+idleHeldBytes {
		debug.FreeOSMemory()
	}
}

// Bounds of RunResult.Names: the names travel with every run's result,
// and a session holding 200 000 globals (globals()[f"v{i}"] = i) once
// made every later run fail with a result frame over MaxFrameBytes, even
// `x = 1`.
const (
	maxListedNames    = 4096
	maxListedNameSize = 256
)

// listedNames is names without those longer than maxListedNameSize,
// at most maxListedNames of them.
func listedNames(names []string) []string {
	out := names[:0]
	for _, n := range names {
		if len(out) == maxListedNames {
			break
		}
		if len(n) <= maxListedNameSize {
			out = append(out, n)
		}
	}
	return out
}

// hostFunc is the stub of a host function: it sends a call message and
// waits for the reply or the end of the run.
func (w *worker) hostFunc(name string) python.HostFunc {
	return func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
		ch := make(chan *hostReply, 1)
		w.mu.Lock()
		w.nextID++
		id := w.nextID
		w.pending[id] = ch
		w.mu.Unlock()
		payload, err := encodeCall(&hostCall{ID: id, Name: name, Args: args, Kwargs: kwargs})
		if err == nil {
			err = w.send(kindCall, payload)
		}
		if err != nil {
			w.mu.Lock()
			delete(w.pending, id)
			w.mu.Unlock()
			return nil, &python.HostError{Type: "ValueError", Message: fmt.Sprintf("%s(): the arguments cannot leave the sandbox: %v", name, err)}
		}
		select {
		case r := <-ch:
			if r.Err != nil {
				return nil, r.Err
			}
			return r.Value, nil
		case <-ctx.Done():
			w.mu.Lock()
			delete(w.pending, id)
			w.mu.Unlock()
			return nil, ctx.Err()
		}
	}
}

// outputWriter sends what a snippet prints (kindOutput) or writes to
// stderr (kindStderr) to the host, in frames of at most outputChunk bytes,
// and no more than left bytes in all: what the host passes on of a run's
// stream (the interpreter's output cap; for stderr, the cap plus the
// warnings' room). The host takes a worker that sends more for one that
// no longer runs our code.
type outputWriter struct {
	w    *worker
	kind byte
	left int64
}

const outputChunk = 1 << 20

func (o *outputWriter) Write(p []byte) (int, error) {
	n := len(p)
	if int64(len(p)) > o.left {
		p = p[:max(o.left, 0)]
	}
	o.left -= int64(len(p))
	for off := 0; off < len(p); off += outputChunk {
		end := min(off+outputChunk, len(p))
		if err := o.w.send(o.kind, p[off:end]); err != nil {
			return off, err
		}
	}
	return n, nil
}
