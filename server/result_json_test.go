package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// wireLog collects what the server writes to its transport, as JSON-RPC
// lines.
type wireLog struct{ syncBuffer }

// connectLogged attaches a client whose server side records every message
// it writes: the bytes a real client would parse.
func (f *fixture) connectLogged(t *testing.T) (*mcp.ClientSession, *wireLog) {
	t.Helper()
	log := &wireLog{}
	ctx, cancel := context.WithCancel(context.Background())
	ct, st := mcp.NewInMemoryTransports()
	done := make(chan error, 1)
	go func() { done <- f.srv.ServeTransport(ctx, &mcp.LoggingTransport{Transport: st, Writer: log}) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		cancel()
		<-done
	})
	return cs, log
}

// TestExecuteResultKeepsOrderAndFloats: issue 18's first defect. The value
// reaches the client as json.dumps writes it, in the structured content and
// in the text an agent reads: a dict's insertion order (not sorted), 5.0
// and 1e+20 as floats, non-finite floats as the strings json.dumps spells
// them with (not the repr of the whole value), int and bool keys as
// json.dumps makes them, and Counter, defaultdict, OrderedDict and
// namedtuple values as plain JSON.
func TestExecuteResultKeepsOrderAndFloats(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	f := newFixture(t, nil)
	cs, wire := f.connectLogged(t)
	code := `from collections import Counter, defaultdict, OrderedDict, namedtuple
P = namedtuple("P", "x y")
dd = defaultdict(int)
dd["z"] += 1
kg = {"tin": 1.0, "gold": 10.5, "iron": 3.0}
return {"b": 5.0, "a": 1e20, "c": 5, "inf": float("inf"), "nan": float("nan"), 1: True, None: False,
        "kg": dict(sorted(kg.items(), key=lambda kv: -kv[1])),
        "counter": Counter("abb"), "dd": dd, "od": OrderedDict(y=1, x=2), "p": P(1, 2.5)}`
	res, out := run(t, cs, code)
	mustOK(t, res, out)
	const want = `{"b":5.0,"a":1e+20,"c":5,"inf":"Infinity","nan":"NaN","1":true,"null":false,` +
		`"kg":{"gold":10.5,"iron":3.0,"tin":1.0},"counter":{"a":1,"b":2},"dd":{"z":1},"od":{"y":1,"x":2},"p":[1,2.5]}`
	if !wire.await(`"structuredContent":{"value":` + want) {
		t.Errorf("structured content on the wire does not hold %s:\n%.3000s", want, wire.String())
	}
	const wantText = `result (dict):
{"b": 5.0, "a": 1e+20, "c": 5, "inf": "Infinity", "nan": "NaN", "1": true, "null": false, ` +
		`"kg": {"gold": 10.5, "iron": 3.0, "tin": 1.0}, "counter": {"a": 1, "b": 2}, "dd": {"z": 1}, "od": {"y": 1, "x": 2}, "p": [1, 2.5]}`
	if !strings.Contains(text(res), wantText) {
		t.Errorf("text block:\n%s\nwant it to hold:\n%s", text(res), wantText)
	}

	// A value json.dumps refuses is its repr, and the run says why.
	res, out = run(t, cs, `{"s": {1, 2}}`)
	mustOK(t, res, out)
	if out.Value != "{'s': {1, 2}}" || out.NotJSON != "TypeError: Object of type set is not JSON serializable" ||
		!strings.Contains(text(res), "result (no JSON form: TypeError: Object of type set is not JSON serializable; its repr):\n{'s': {1, 2}}") {
		t.Errorf("a set result: value %v, not_json %q, text:\n%s", out.Value, out.NotJSON, text(res))
	}
}

// await reports whether s shows up in the log within a few seconds: the
// logging transport records a write once the client has read it, which may
// be after the client's call returned.
func (w *wireLog) await(s string) bool {
	for range 100 {
		if strings.Contains(w.String(), s) {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

func (w *wireLog) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// TestStepLimitRollsBackLikeATimeout: issue 18, item 5. A run ended by its
// step budget is treated as a run ended by its deadline: the session is
// rolled back (the capability calls it made stand, and it says so), and
// the error names the line the run was at.
func TestStepLimitRollsBackLikeATimeout(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	f := newFixture(t, nil)
	f.engine.steps = 200_000
	cs := f.connect(t, nil)
	res, out := run(t, cs, "x = 1")
	mustOK(t, res, out)
	res, out = run(t, cs, "x = 2\nawait counter.bump()\nwhile True:\n    x += 1\n")
	if !res.IsError || out.Error == nil || out.Error.Limit != "steps" || !out.RolledBack {
		t.Fatalf("step-limited run: %+v\n%s", out, text(res))
	}
	for _, want := range []string{`File "<snippet>", line 4, in <module>`, "x += 1", "TimeoutError: step budget exhausted; the session was rolled back", "1 capability call(s)"} {
		if !strings.Contains(text(res), want) {
			t.Errorf("text lacks %q:\n%s", want, text(res))
		}
	}
	res, out = run(t, cs, "return x")
	mustOK(t, res, out)
	if out.Value != float64(1) {
		t.Errorf("after the rollback x = %v, want 1", out.Value)
	}
}

// TestMissingAwaitReachesTheAgent: issue 18, item 3, end to end. The
// warning for a capability call never awaited is in the structured content
// and the text an agent reads.
func TestMissingAwaitReachesTheAgent(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	f := newFixture(t, nil)
	cs := f.connect(t, nil)
	res, out := run(t, cs, "r = greeter.greet(name='Ada')\nreturn 1")
	mustOK(t, res, out)
	want := "<snippet>:1: RuntimeWarning: greeter.greet() was never awaited, so it never ran; did you forget await?"
	if !strings.Contains(out.Stderr, want) || !strings.Contains(text(res), "stderr:\n"+want) {
		t.Errorf("stderr %q, text:\n%s", out.Stderr, text(res))
	}
}
