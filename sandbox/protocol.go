package sandbox

import (
	"errors"
	"fmt"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/jsonlike"
)

// protocolVersion is what a worker states in its hello; the host refuses
// a worker of another version (a stale binary after an upgrade).
const protocolVersion = 6 // 6: settle; 5: kept; 4: the run's stderr streams in stderr frames, as its output does

// Message kinds. The host sends run, reply, cancel and kept; a worker
// sends hello, call, output, stderr and done. A kind from the wrong side is a
// protocol error.
const (
	kindRun byte = 1 + iota
	kindReply
	kindCancel
	kindHello
	kindCall
	kindOutput
	kindDone
	kindStderr
	// kindKept (no payload): the host kept the globals the last run left,
	// so the worker drops what it saved to roll that run back.
	kindKept
)

// RunRequest is one snippet run as the host hands it to a worker.
type RunRequest struct {
	// Session runs in the worker's session globals, kept between runs;
	// otherwise in a fresh namespace.
	Session bool
	// prevEnd is how the session's previous run ended (endKeep,
	// endRollback, endReset): the worker applies it before this run, so
	// ending a run costs no message of its own.
	prevEnd byte
	// settle asks the worker to give its garbage back before it answers
	// (giveBackMemory), so what the host reads it holds then is what it
	// keeps (proc.runStarted).
	settle   bool
	Filename string
	Code     string
	Limits   python.Limits
	// Timeout is the time left to the run's deadline (0: none), so the
	// interpreter stops at it as it would in the host.
	Timeout time.Duration
	// Host names the host functions bound in the snippet: capability
	// aliases, call_tool and the runtime bindings. Calling one sends a
	// call message; the host answers it (or refuses a name it did not
	// list).
	Host []string
	// CLIAliases maps the aliases of CLI binaries to their ids, for the
	// CLI bindings the worker compiles (they call through call_tool).
	CLIAliases map[string]string
}

// RunResult is what a run ended with.
type RunResult struct {
	Value any
	Repr  string
	// NotJSON is why the result has no JSON form (Value is then its
	// repr); see python.Result.
	NotJSON string
	// Err is the exception or limit that ended the run; nil on success.
	Err *RunError
	// SizeBytes and Names describe the session globals after the run;
	// Names lists at most 4096 of them, none longer than 256 bytes.
	SizeBytes int64
	Names     []string
}

// warningBytes is what the host passes on of a run's stderr past the
// output cap (the interpreter's cap on sys.stderr writes): room for its
// warnings, one line per call it never awaited, written when it ends.
const warningBytes = 64 << 10

// RunError is a Python exception that escaped a run in a worker, a
// compile error, or a limit that ended the run.
type RunError struct {
	Type, Message, Traceback string
	// Limit names the limit that ended the run ("time", "memory", ...).
	Limit string
	// Exit and ExitStatus: the run ended with an uncaught SystemExit and
	// the status it asks for (python.Exception).
	Exit       bool
	ExitStatus int
	ExitText   string
}

// Error implements error.
func (e *RunError) Error() string {
	if e.Message == "" {
		return e.Type
	}
	return e.Type + ": " + e.Message
}

// hostCall is a worker's request to call a host function.
type hostCall struct {
	ID     uint64
	Name   string
	Args   []any
	Kwargs map[string]any
	// cost is what its arguments cost decoded (MaxValueCost's measure).
	cost int64
}

// hostReply answers a hostCall: a value, or the exception to raise.
type hostReply struct {
	ID    uint64
	Value any
	Err   *python.HostError
}

// Protection is one confinement measure of a worker and whether it is in
// force: what `toolplane doctor` reports.
type Protection struct {
	Name    string
	InForce bool
	// Detail says what it does, or why it is not in force here.
	Detail string
}

// hello is a worker's first message.
type hello struct {
	Version     uint64
	Protections []Protection
}

func encodeRun(r *RunRequest) []byte {
	var e enc
	e.bool(r.Session)
	e.byte(r.prevEnd)
	e.bool(r.settle)
	e.str(r.Filename)
	e.str(r.Code)
	l := r.Limits
	e.int(l.Steps)
	e.int(l.MaxMemoryBytes)
	e.int(int64(l.MaxDepth))
	e.int(l.MaxOutputBytes)
	e.int(int64(l.MaxHostCalls))
	e.int(int64(r.Timeout))
	e.strs(r.Host)
	e.uint(uint64(len(r.CLIAliases)))
	for k, v := range r.CLIAliases {
		e.str(k)
		e.str(v)
	}
	return e.b
}

func decodeRun(p []byte) (*RunRequest, error) {
	d := dec{b: p}
	r := &RunRequest{Session: d.bool(), prevEnd: d.byte(), settle: d.bool(), Filename: d.str(), Code: d.str()}
	if r.prevEnd > endReset {
		d.fail("unknown end mode %d", r.prevEnd)
	}
	r.Limits = python.Limits{Steps: d.int(), MaxMemoryBytes: d.int(), MaxDepth: int(d.int()), MaxOutputBytes: d.int(), MaxHostCalls: int(d.int())}
	r.Timeout = time.Duration(d.int())
	r.Host = d.strs()
	n := d.length(2)
	r.CLIAliases = make(map[string]string, n)
	for range n {
		k := d.str()
		r.CLIAliases[k] = d.str()
	}
	return r, d.done()
}

func encodeResult(r *RunResult) ([]byte, error) {
	var e enc
	if r.Err != nil {
		e.byte(1)
		e.str(r.Err.Type)
		e.str(r.Err.Message)
		e.str(r.Err.Traceback)
		e.str(r.Err.Limit)
		if r.Err.Exit {
			e.byte(1)
		} else {
			e.byte(0)
		}
		e.int(int64(r.Err.ExitStatus))
		// The printed code is the exception's message but for a subclass
		// that words itself: sent once, so a sys.exit() of a large
		// message fits the frame as any exception's does.
		if r.Err.ExitText != "" && r.Err.ExitText == r.Err.Message {
			e.byte(1)
		} else {
			e.byte(0)
			e.str(r.Err.ExitText)
		}
	} else {
		e.byte(0)
		if err := e.value(r.Value, 0); err != nil {
			return nil, err
		}
		e.str(r.Repr)
		e.str(r.NotJSON)
	}
	e.int(r.SizeBytes)
	e.strs(r.Names)
	if len(e.b)+1 > MaxFrameBytes {
		return nil, errFrameTooLarge
	}
	return e.b, nil
}

func decodeResult(p []byte) (*RunResult, error) {
	d := dec{b: p}
	r := &RunResult{}
	switch d.byte() {
	case 0:
		r.Value = d.value(0)
		r.Repr = d.str()
		r.NotJSON = d.str()
	case 1:
		r.Err = &RunError{Type: d.str(), Message: d.str(), Traceback: d.str(), Limit: d.str()}
		r.Err.Exit = d.byte() == 1
		r.Err.ExitStatus = int(d.int())
		if d.byte() == 1 {
			r.Err.ExitText = r.Err.Message
		} else {
			r.Err.ExitText = d.str()
		}
	default:
		d.fail("bad result kind")
	}
	r.SizeBytes = d.int()
	// A worker lists at most maxListedNames names of at most
	// maxListedNameSize bytes (listedNames); a longer list is a lie that
	// costs the host memory.
	n := d.length(1)
	if n > maxListedNames {
		d.fail("%d global names listed, at most %d", n, maxListedNames)
	}
	r.Names = make([]string, 0, min(n, maxListedNames))
	for range min(n, maxListedNames) {
		name := d.str()
		if len(name) > maxListedNameSize {
			d.fail("a global name of %d bytes listed, at most %d", len(name), maxListedNameSize)
		}
		r.Names = append(r.Names, name)
	}
	if d.err == nil && r.SizeBytes < 0 {
		d.fail("negative size")
	}
	return r, d.done()
}

func encodeCall(c *hostCall) ([]byte, error) {
	var e enc
	e.uint(c.ID)
	e.str(c.Name)
	if err := e.value(anySlice(c.Args), 0); err != nil {
		return nil, err
	}
	if err := e.value(anyMap(c.Kwargs), 0); err != nil {
		return nil, err
	}
	return e.b, nil
}

// anySlice and anyMap keep a nil slice or map a list or dict on the wire.
func anySlice(s []any) []any {
	if s == nil {
		return []any{}
	}
	return s
}

func anyMap(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

func decodeCall(p []byte) (*hostCall, error) {
	d := dec{b: p}
	c := &hostCall{ID: d.uint(), Name: d.str()}
	args, ok := d.value(0).([]any)
	if !ok {
		d.fail("call arguments are not a list")
	}
	kwargs, ok := d.value(0).(jsonlike.Object)
	if !ok {
		d.fail("call keywords are not a dict")
	}
	c.Args = args
	c.cost = d.cost
	if len(kwargs) > 0 {
		c.Kwargs = make(map[string]any, len(kwargs))
		for _, m := range kwargs {
			c.Kwargs[m.Key] = m.Value
		}
	}
	return c, d.done()
}

func encodeReply(r *hostReply) ([]byte, error) {
	var e enc
	e.uint(r.ID)
	if r.Err != nil {
		e.byte(1)
		e.str(r.Err.Type)
		e.str(r.Err.Message)
		e.str(r.Err.Capability)
		return e.b, nil
	}
	e.byte(0)
	if err := e.value(r.Value, 0); err != nil {
		return nil, err
	}
	return e.b, nil
}

func decodeReply(p []byte) (*hostReply, error) {
	d := dec{b: p}
	r := &hostReply{ID: d.uint()}
	switch d.byte() {
	case 0:
		r.Value = d.value(0)
	case 1:
		r.Err = &python.HostError{Type: d.str(), Message: d.str(), Capability: d.str()}
	default:
		d.fail("bad reply kind")
	}
	return r, d.done()
}

func encodeHello(h *hello) []byte {
	var e enc
	e.uint(h.Version)
	e.uint(uint64(len(h.Protections)))
	for _, p := range h.Protections {
		e.str(p.Name)
		e.bool(p.InForce)
		e.str(p.Detail)
	}
	return e.b
}

func decodeHello(p []byte) (*hello, error) {
	d := dec{b: p}
	h := &hello{Version: d.uint()}
	n := d.length(3)
	for range n {
		h.Protections = append(h.Protections, Protection{Name: d.str(), InForce: d.bool(), Detail: d.str()})
	}
	if err := d.done(); err != nil {
		return nil, err
	}
	if h.Version != protocolVersion {
		return nil, fmt.Errorf("worker speaks protocol %d, want %d (is it another build of this binary?)", h.Version, protocolVersion)
	}
	return h, nil
}

// errProtocol marks a message that breaks the protocol: the worker that
// sent it is killed.
var errProtocol = errors.New("sandbox protocol violation")
