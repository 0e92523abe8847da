//go:build unix

package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/internal/hostilemcp"
)

// Attacks of a hostile upstream server (internal/hostilemcp) on the
// manager: each fails at most the hostile server's own calls, never the
// process or the well-behaved server beside it ("good").

// hostileOptions are small limits, so the attacks are quick to run.
func hostileOptions() ManagerOptions {
	return ManagerOptions{
		StartTimeout: 5 * time.Second,
		Limits:       Limits{MaxResultBytes: 1 << 20, CallTimeout: 4 * time.Second},
	}
}

// hostilePair is a manager with the hostile server "evil" (started with
// flags) and the test server "good".
func hostilePair(t *testing.T, opts ManagerOptions, flags ...string) *Manager {
	t.Helper()
	return newManager(t, opts, hostileSpec("evil", flags...), testSpec("good"))
}

// callCap calls capability id (bounded by a generous deadline that only
// catches hangs).
func callCap(t *testing.T, m *Manager, id string, args map[string]any) (*capability.Result, error) {
	t.Helper()
	caps, err := m.Capabilities(context.Background())
	for _, c := range caps {
		if c.ID == id {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			return c.Handler(ctx, args)
		}
	}
	t.Fatalf("no capability %s (listing error: %v)", id, err)
	return nil, nil
}

// goodStillWorks asserts that the well-behaved server answers.
func goodStillWorks(t *testing.T, m *Manager) {
	t.Helper()
	res, err := callCap(t, m, "mcp:good/echo", map[string]any{"text": "still here"})
	if err != nil || text(res) != "still here" {
		t.Fatalf("the good server stopped working: %v %v", res, err)
	}
}

// callWhenUp calls id, waiting out the restart backoff an earlier attack
// caused.
func callWhenUp(t *testing.T, m *Manager, id string, args map[string]any) (*capability.Result, error) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := callCap(t, m, id, args)
		if err == nil || !strings.Contains(err.Error(), "restarts it at most") || time.Now().After(deadline) {
			return res, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// evilRecovers asserts that the hostile server's well-formed tool works
// again (restarted when the attack ended its connection), within the
// restart backoff.
func evilRecovers(t *testing.T, m *Manager) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := callCap(t, m, "mcp:evil/echo", map[string]any{"text": "back"})
		if err == nil && text(res) == "back" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the hostile server's echo never worked again: %v %v", res, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// evilPID is the process group of the hostile server's live connection.
func evilPID(t *testing.T, m *Manager) int {
	t.Helper()
	s, _ := m.server("evil")
	c := s.live()
	if c == nil || c.proc == nil {
		return 0
	}
	return c.proc.pgid
}

func wantErr(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want one mentioning %q", parts)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q does not mention %q", truncate(err.Error(), 600), p)
		}
	}
}

// TestAttackOversizedMessages: a 100 MB result, a 20 MB error, a 30 MB
// blob and a 1 GB line without a newline are not buffered beyond
// max_result_bytes; the call fails naming the server and the limit, the
// connection is closed, and the next call gets a fresh server.
func TestAttackOversizedMessages(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"huge_text", map[string]any{"mb": 100}},
		{"giant_error", map[string]any{"kb": 20 << 10}},
		{"huge_blob", map[string]any{"mb": 30}},
		{"long_line", nil},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			t.Parallel()
			m := hostilePair(t, hostileOptions())
			_, err := callCap(t, m, "mcp:evil/"+tc.tool, tc.args)
			wantErr(t, err, `"evil"`, "1 MiB", "max_result_bytes")
			goodStillWorks(t, m)
			evilRecovers(t, m)
		})
	}
}

// TestAttackResultShapes: results that fit in bytes but not in what
// decoding them costs (a million-deep nesting, 20 000 content blocks, two
// million values) or an error message of 512 KiB fail only that call: the
// connection stays up.
func TestAttackResultShapes(t *testing.T) {
	t.Parallel()
	opts := hostileOptions()
	opts.Limits.MaxResultBytes = 0 // the default, 16 MiB: these fit in bytes
	m := hostilePair(t, opts)
	if _, err := callCap(t, m, "mcp:evil/echo", map[string]any{"text": "x"}); err != nil {
		t.Fatal(err)
	}
	pid := evilPID(t, m)
	for _, tc := range []struct {
		tool string
		args map[string]any
		want []string
	}{
		{"deep", nil, []string{"nested more than 128 levels"}},
		{"deep", map[string]any{"depth": 900}, []string{"nested more than 128 levels"}},
		{"many_blocks", map[string]any{"n": 20000}, []string{"20000 content blocks", "limit is 10000"}},
		{"many_blocks", map[string]any{"n": 400000}, []string{"JSON values"}},
		{"giant_error", map[string]any{"kb": 512}, []string{"cut by toolplane"}},
	} {
		_, err := callCap(t, m, "mcp:evil/"+tc.tool, tc.args)
		wantErr(t, err, append([]string{`"evil"`}, tc.want...)...)
		if err != nil && len(err.Error()) > 3*maxErrorMessageBytes {
			t.Errorf("%s: error of %d bytes; messages from a server are cut to %d", tc.tool, len(err.Error()), maxErrorMessageBytes)
		}
		if err != nil && strings.ContainsRune(err.Error(), 0x1b) {
			t.Errorf("%s: error carries an escape character: %q", tc.tool, truncate(err.Error(), 200))
		}
	}
	res, err := callCap(t, m, "mcp:evil/giant_tool_error", map[string]any{"mb": 3})
	if err != nil || !res.IsError || len(text(res)) > maxToolErrorBytes+100 {
		t.Errorf("a tool error of 3 MB: %d bytes of text, %v", len(text(res)), err)
	}
	if got := evilPID(t, m); got != pid {
		t.Errorf("the connection was replaced (process %d, now %d): a refused result must fail only its call", pid, got)
	}
	goodStillWorks(t, m)
}

// TestAttackProtocolAbuse: answers to ids never sent, invalid UTF-8, links
// to local files and to toolplane's own resources, server-to-client
// requests (sampling, elicitation, roots, a ping storm) and notification
// floods neither confuse nor stop the connection. toolplane offers an
// upstream nothing: sampling and elicitation are refused, roots are empty.
func TestAttackProtocolAbuse(t *testing.T) {
	t.Parallel()
	// The floods go to "flood", the same server with a minute per call:
	// they must get through without breaking the connection, however
	// long a loaded machine takes over 30 000 messages (4s did not always
	// do). "evil" keeps 4s: a malformed answer ends its call at the
	// timeout.
	flood := hostileSpec("flood")
	flood.Timeout = time.Minute
	m := newManager(t, hostileOptions(), hostileSpec("evil"), flood, testSpec("good"))
	res, err := callCap(t, m, "mcp:evil/wrong_id", nil)
	if err != nil || text(res) != "real" {
		t.Fatalf("wrong_id: %v %v; want the real answer, forged ones ignored", res, err)
	}
	pid := evilPID(t, m)

	res, err = callCap(t, m, "mcp:evil/bad_utf8", nil)
	if err != nil || !utf8.ValidString(text(res)) {
		t.Errorf("bad_utf8: %v %v; want valid UTF-8", res, err)
	}

	res, err = callCap(t, m, "mcp:evil/links", nil)
	if err != nil {
		t.Fatalf("links: %v", err)
	}
	for _, c := range res.Content {
		if strings.HasPrefix(strings.ToLower(c.URI), "toolplane:") {
			t.Errorf("a link to toolplane's own resources passed: %+v", c)
		}
		if strings.Contains(c.Text, "root:x:") {
			t.Errorf("a file:// link was fetched: %+v", c)
		}
	}

	for tool, want := range map[string]string{
		"sampling":    "does not support CreateMessage",
		"elicitation": "does not support elicitation",
		"roots":       `{"roots":[]}`,
	} {
		res, err := callCap(t, m, "mcp:evil/"+tool, nil)
		if err != nil || !strings.Contains(text(res), want) {
			t.Errorf("%s: %v %v; want the request refused (%q)", tool, res, err, want)
		}
	}

	floodPID := func() int {
		s, _ := m.server("flood")
		if c := s.live(); c != nil && c.proc != nil {
			return c.proc.pgid
		}
		return 0
	}
	if _, err := callCap(t, m, "mcp:flood/echo", map[string]any{"text": "x"}); err != nil {
		t.Fatalf("flood/echo: %v", err)
	}
	floodBefore := floodPID()
	for _, tool := range []string{"ping_storm", "notify_flood", "progress_flood"} {
		start := time.Now()
		if _, err := callCap(t, m, "mcp:flood/"+tool, map[string]any{"n": 30000}); err != nil {
			t.Errorf("%s: %v", tool, err)
		}
		t.Logf("%s: %v", tool, time.Since(start))
	}
	if got := floodPID(); got != floodBefore {
		t.Errorf("the flooded connection was replaced (process %d, now %d)", floodBefore, got)
	}
	if got := evilPID(t, m); got != pid {
		t.Errorf("the connection was replaced (process %d, now %d)", pid, got)
	}
	for _, tool := range []string{"malformed", "raw_nul"} {
		if _, err := callCap(t, m, "mcp:evil/"+tool, nil); err == nil {
			t.Errorf("%s: no error", tool)
		}
		evilRecovers(t, m)
	}
	goodStillWorks(t, m)
}

// TestAttackListChangedFlood: 200 000 tools/list_changed notifications
// cost at most one refresh a second, not a goroutine and a listing each.
func TestAttackListChangedFlood(t *testing.T) {
	var changes atomic.Int64
	opts := hostileOptions()
	opts.OnChange = func() { changes.Add(1) }
	before := runtime.NumGoroutine()
	start := time.Now()
	m := hostilePair(t, opts, "-start", "list-changed-flood")
	if _, err := callCap(t, m, "mcp:evil/echo", map[string]any{"text": "x"}); err != nil {
		t.Fatal(err)
	}
	maxG := 0
	for i := 0; i < 30; i++ {
		maxG = max(maxG, runtime.NumGoroutine())
		time.Sleep(100 * time.Millisecond)
	}
	if maxG > before+60 {
		t.Errorf("%d goroutines during the flood (%d before)", maxG, before)
	}
	// At most one refresh a second since the flood began (and the first
	// at once): a loaded machine stretches the 3s of the loop and the
	// flood, so the bound is counted in the seconds that really passed.
	// Unfolded, the flood costs thousands.
	elapsed := time.Since(start)
	if n, most := changes.Load(), int64(elapsed/time.Second)+2; n > most {
		t.Errorf("%d catalog refreshes in %s; want at most one a second (%d)", n, elapsed.Round(time.Millisecond), most)
	}
	goodStillWorks(t, m)
	_ = m.Close()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before+5 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if g := runtime.NumGoroutine(); g > before+5 {
		t.Errorf("%d goroutines after Close (%d before)", g, before)
	}
}

// TestAttackCompleteFlood: a server sends completion/complete (a request
// of clients) a hundred times a second and never answers. The SDK's client
// took each one the inspector let through (ten a second) and sent it back
// to the server, waiting for an answer without end: goroutines grew by ten
// a second (365 after 30 s), for as long as the connection lived. They are
// refused at once now, and the count stays flat.
func TestAttackCompleteFlood(t *testing.T) {
	before := runtime.NumGoroutine()
	m := hostilePair(t, hostileOptions(), "-start", "complete-flood")
	if _, err := callCap(t, m, "mcp:evil/echo", map[string]any{"text": "x"}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(8 * time.Second)
	if g := runtime.NumGoroutine(); g > before+40 {
		t.Errorf("%d goroutines after 8 s of completion/complete requests (%d before)", g, before)
	}
	goodStillWorks(t, m)
}

// TestAttackRequestFlood: a server that sends two million pings and stops
// reading toolplane's answers gets fifty answered and the rest dropped:
// toolplane queues no work for them, and holds no memory for them.
func TestAttackRequestFlood(t *testing.T) {
	before := runtime.NumGoroutine()
	m := hostilePair(t, hostileOptions(), "-start", "request-flood")
	_, _ = m.ServerCapabilities(context.Background(), "evil")
	time.Sleep(2 * time.Second) // the flood goes on
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if g := runtime.NumGoroutine(); g > before+60 {
		t.Errorf("%d goroutines during the flood (%d before)", g, before)
	}
	if ms.HeapInuse > 256<<20 {
		t.Errorf("%d MiB of heap in use during the flood", ms.HeapInuse>>20)
	}
	goodStillWorks(t, m)
}

// TestAttackCrashLoop: a server that dies right after every handshake is
// restarted with backoff, not once per call: twenty calls in a few seconds
// start it a handful of times, and no process is left behind.
func TestAttackCrashLoop(t *testing.T) {
	t.Parallel()
	starts := filepath.Join(t.TempDir(), "starts")
	m := hostilePair(t, hostileOptions(), "-start", "exit-after-init", "-starts", starts)
	var lastErr error
	deadline := time.Now().Add(4 * time.Second)
	calls := 0
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		caps, err := m.ServerCapabilities(ctx, "evil")
		if err == nil {
			for _, c := range caps {
				if c.Name == "echo" {
					_, err = c.Handler(ctx, map[string]any{"text": "x"})
				}
			}
		}
		cancel()
		lastErr = err
		calls++
	}
	data, _ := os.ReadFile(starts)
	n := strings.Count(string(data), "\n")
	t.Logf("%d calls, %d starts, last error: %v", calls, n, lastErr)
	if n > 8 {
		t.Errorf("%d starts in 4s of calls; restarts must back off", n)
	}
	goodStillWorks(t, m)
	_ = m.Close()
	for _, line := range strings.Fields(string(data)) {
		var pid int
		if json.Unmarshal([]byte(line), &pid) == nil && pidLive(pid) {
			t.Errorf("process %d of a crashed start is still alive", pid)
		}
	}
}

// TestAttackStderrFlood: a server that writes to stderr without end costs
// a bounded ring buffer; what status shows of it is short and has no
// escapes.
func TestAttackStderrFlood(t *testing.T) {
	t.Parallel()
	m := hostilePair(t, hostileOptions(), "-start", "stderr-flood")
	if res, err := callCap(t, m, "mcp:evil/echo", map[string]any{"text": "x"}); err != nil || text(res) != "x" {
		t.Fatalf("echo: %v %v", res, err)
	}
	st, err := m.Status(context.Background(), "evil")
	if err != nil {
		t.Fatal(err)
	}
	if len(st.StderrTail) > stderrTailBytes || strings.ContainsAny(st.StderrTail, "\x1b\x07") {
		t.Errorf("stderr tail of %d bytes with escapes: %q", len(st.StderrTail), truncate(st.StderrTail, 100))
	}
	goodStillWorks(t, m)
}

// TestAttackForkHoldsPipes: a server that leaves a child holding its
// stdout and stderr and exits mid-call: the call fails, the child dies with
// the process group, the next call starts a new server.
func TestAttackForkHoldsPipes(t *testing.T) {
	t.Parallel()
	record := filepath.Join(t.TempDir(), "record")
	m := hostilePair(t, hostileOptions(), "-record", record)
	if _, err := callCap(t, m, "mcp:evil/fork_hold", nil); err == nil {
		t.Fatal("fork_hold: no error")
	}
	var rec struct{ Child int }
	data, _ := os.ReadFile(record)
	_ = json.Unmarshal(data, &rec)
	if rec.Child == 0 {
		t.Fatalf("no child recorded: %q", data)
	}
	deadline := time.Now().Add(30 * time.Second)
	for pidLive(rec.Child) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if pidLive(rec.Child) {
		t.Errorf("the child %d holding the pipes outlived its server", rec.Child)
	}
	evilRecovers(t, m)
}

// TestAttackHangs: a server that never answers, answers one byte a
// second, answers and then goes deaf, or never finishes its handshake
// costs the calls that wait on it their timeout, no more.
func TestAttackHangs(t *testing.T) {
	t.Parallel()
	opts := hostileOptions()
	opts.Limits.CallTimeout = time.Second
	timesOut := func(m *Manager, tool string) {
		t.Helper()
		start := time.Now()
		_, err := callCap(t, m, "mcp:evil/"+tool, map[string]any{"text": "x"})
		wantErr(t, err, "timed out after 1s", "[mcp] call_timeout")
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s took %v with a 1s timeout", tool, d)
		}
	}
	m := hostilePair(t, opts)
	timesOut(m, "hang")
	timesOut(m, "slow") // one byte a second
	goodStillWorks(t, m)

	deaf := hostilePair(t, opts)
	if _, err := callCap(t, deaf, "mcp:evil/answer_then_hang", nil); err != nil {
		t.Fatalf("answer_then_hang: %v", err)
	}
	timesOut(deaf, "echo")
	goodStillWorks(t, deaf)

	hung := newManager(t, hostileOptions(), hostileSpec("evil", "-start", "hang"))
	_, err := hung.ServerCapabilities(context.Background(), "evil")
	wantErr(t, err, "did not finish starting")
}

// TestAttackCatalogs: catalogs built to hurt: a hundred thousand tools, a
// listing that pages for ever, 1 MB descriptions, names that are paths,
// escapes, look-alikes or keywords, schemas that are cyclic, deep, huge or
// not objects. Each fails the server or leaves out the tool, with a
// message naming both; what is kept is clean and bounded.
func TestAttackCatalogs(t *testing.T) {
	t.Parallel()
	opts := hostileOptions()
	opts.Limits.MaxResultBytes = 0 // the default, 16 MiB: the catalogs fit
	// The start (handshake and a listing of up to 10 MB, built and read by
	// processes that share a loaded machine with the parallel subtests)
	// is bounded only against hangs: what these subtests check is what is
	// kept of a catalog, and a listing read in quadratic time would still
	// run past it. At 5s the loaded machine alone failed the starts.
	opts.StartTimeout = time.Minute
	t.Run("many", func(t *testing.T) {
		t.Parallel()
		m := newManager(t, opts, hostileSpec("evil", "-catalog", "many"))
		_, err := m.ServerCapabilities(context.Background(), "evil")
		wantErr(t, err, `"evil"`, "max_tools")
	})
	t.Run("endless-pages", func(t *testing.T) {
		t.Parallel()
		m := newManager(t, opts, hostileSpec("evil", "-catalog", "endless-pages"))
		_, err := m.ServerCapabilities(context.Background(), "evil")
		wantErr(t, err, `"evil"`, "max_tools")
	})
	t.Run("huge-descriptions", func(t *testing.T) {
		t.Parallel()
		m := newManager(t, opts, hostileSpec("evil", "-catalog", "huge-descriptions"))
		caps, err := m.ServerCapabilities(context.Background(), "evil")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range caps {
			if len(c.Description) > maxDescriptionBytes+100 {
				t.Errorf("%s: description of %d bytes", c.ID, len(c.Description))
			}
		}
	})
	t.Run("names", func(t *testing.T) {
		t.Parallel()
		m := newManager(t, opts, hostileSpec("evil", "-catalog", "names"))
		caps, err := m.ServerCapabilities(context.Background(), "evil")
		if err == nil {
			t.Fatal("no problems reported for hostile names")
		}
		for _, want := range []string{`"../../etc/passwd"`, `"\u0441all_tool"`, `"\x1b[31mred\x1b[0m"`, `"bidi\u202eevil"`} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("the problems do not name %s:\n%v", want, err)
			}
		}
		if strings.ContainsAny(err.Error(), "\x1b\x07\x00\u202e") {
			t.Errorf("the problems carry raw control characters: %q", err)
		}
		reg := capability.NewRegistry()
		_ = reg.AddAll(caps...)
		for _, c := range caps {
			if !isValidToolName(c.Name) || strings.ContainsAny(c.Description, "\x1b\x07\u202e") {
				t.Errorf("kept %q with description %q", c.Name, c.Description)
			}
		}
		if _, ok := reg.Lookup("evil.safe"); !ok {
			t.Error("the well-named tool is missing")
		}
		for _, reserved := range capability.RuntimeBindings() {
			if c, ok := reg.Lookup(reserved); ok {
				t.Errorf("runtime binding %s resolves to %s", reserved, c.ID)
			}
		}
	})
	t.Run("schemas", func(t *testing.T) {
		t.Parallel()
		m := newManager(t, opts, hostileSpec("evil", "-catalog", "schemas"))
		caps, err := m.ServerCapabilities(context.Background(), "evil")
		for _, want := range []string{`"deep_props"`, `"deep_items"`, `"deep_anyof"`} {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s not reported as left out: %v", want, err)
			}
		}
		reg := capability.NewRegistry()
		_ = reg.AddAll(caps...)
		var names []string
		for _, c := range caps {
			names = append(names, c.ID)
		}
		for _, d := range []capability.Detail{capability.DetailBrief, capability.DetailDetailed, capability.DetailFull} {
			start := time.Now()
			out := reg.Describe(names, d)
			if len(out) > 4<<20 {
				t.Errorf("%s rendering of %d bytes", d, len(out))
			}
			if el := time.Since(start); el > 5*time.Second {
				t.Errorf("%s rendering took %v", d, el)
			}
		}
		if _, ok := reg.Lookup("mcp:evil/echo"); !ok {
			t.Errorf("the plain tool of a hostile catalog is missing; kept %v", names)
		}
		t.Logf("kept %v; left out: %v", names, err)
	})
	t.Run("not-object", func(t *testing.T) {
		t.Parallel()
		m := newManager(t, opts, hostileSpec("evil", "-catalog", "not-object"))
		caps, err := m.ServerCapabilities(context.Background(), "evil")
		wantErr(t, err, `"string_input"`, `"array_input"`, "not a JSON object")
		for _, c := range caps {
			if c.Name == "string_input" || c.Name == "array_input" {
				t.Errorf("kept %s with input schema %s", c.Name, c.InputSchema)
			}
		}
	})
}

// startHostileHTTP runs the hostile server over HTTP and returns its base
// URL; record receives what its other origin saw.
func startHostileHTTP(t *testing.T, record string) string {
	t.Helper()
	cmd := exec.Command(self(t), "-http", "127.0.0.1:0", "-record", record)
	cmd.Env = append(os.Environ(), hostilemcp.EnvServe+"=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = stdin.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the hostile server's address: %v", err)
	}
	return strings.TrimSpace(line)
}

// TestAttackHTTPUpstream: a hostile Streamable HTTP server redirects to
// another origin (mid-call and from the start; an SSE server names one as
// its endpoint), sends 20 MB of headers, a
// gzip bomb, a 100 MB body, an event stream that never ends, a body at one
// byte a second, and 401 with OAuth discovery. The server's secret header
// never reaches the other origin, no OAuth flow starts, and every attack
// costs only its call.
func TestAttackHTTPUpstream(t *testing.T) {
	t.Parallel()
	record := filepath.Join(t.TempDir(), "record")
	base := startHostileHTTP(t, record)
	const secret = "s3cret-header-value"
	spec := func(name, path string) ServerSpec {
		return ServerSpec{Name: name, URL: base + path, Headers: map[string]string{"Authorization": "Bearer " + secret, "X-Api-Key": secret}}
	}
	// A static bearer token (auth = "keyring://...") is held to the same
	// origin as the headers.
	const bearer = "s3cret-static-bearer"
	bearerSpec := func(name, path string) ServerSpec {
		return ServerSpec{Name: name, URL: base + path, Auth: "keyring://hostile-bearer"}
	}
	opts := hostileOptions()
	opts.Resolve = func(_ context.Context, v string) (string, error) {
		if v == "keyring://hostile-bearer" {
			return bearer, nil
		}
		return v, nil
	}
	opts.Limits.CallTimeout = 2 * time.Second
	sse := spec("elsewhere", "/sse")
	sse.Transport = TransportSSE
	bearerSSE := bearerSpec("bearer-elsewhere", "/sse")
	bearerSSE.Transport = TransportSSE
	// The size limits must stop gzip_bomb and huge_json, not the clock:
	// "evil-sized", the same server, lets a call run a minute (at 2s a
	// loaded machine timed out the decompression before it reached
	// max_result_bytes); "evil" keeps 2s for the attacks only the call
	// timeout can end.
	sized := spec("evil-sized", "/mcp")
	sized.Timeout = time.Minute
	m := newManager(t, opts, spec("evil", "/mcp"), sized, spec("redirected", "/redirect/mcp"), spec("locked", "/unauthorized/mcp"), spec("headers", "/huge-headers/mcp"), sse, testSpec("good"),
		bearerSpec("bearer-evil", "/mcp"), bearerSpec("bearer-redirected", "/redirect/mcp"), bearerSSE)

	// The server echoes the headers it got; toolplane hides its secrets
	// in what it answers, so the echo shows where each one was.
	res, err := callCap(t, m, "mcp:evil/headers", nil)
	if err != nil || !strings.Contains(text(res), `"Authorization":["[redacted:header.Authorization]"]`) || !strings.Contains(text(res), `"X-Api-Key":["[redacted:header.Authorization]"]`) || strings.Contains(text(res), secret) {
		t.Fatalf("the configured headers do not reach the configured origin, or come back unhidden: %v %v", res, err)
	}
	res, err = callCap(t, m, "mcp:bearer-evil/headers", nil)
	if err != nil || !strings.Contains(text(res), "Bearer [redacted:auth]") || strings.Contains(text(res), bearer) {
		t.Fatalf("the static bearer token does not reach the configured origin, or comes back unhidden: %v %v", res, err)
	}
	if _, err := callWhenUp(t, m, "mcp:bearer-evil/redirect", nil); err == nil || !strings.Contains(err.Error(), "another origin") {
		t.Errorf("bearer-evil redirect: %v", err)
	}
	for tool, want := range map[string]string{
		"evil/redirect":        "another origin",
		"evil/huge_headers":    "header",
		"evil-sized/gzip_bomb": "max_result_bytes",
		"evil-sized/huge_json": "max_result_bytes",
		"evil/sse_forever":     "timed out",
		"evil/slowloris":       "timed out",
	} {
		start := time.Now()
		_, err := callWhenUp(t, m, "mcp:"+tool, nil)
		server, _, _ := strings.Cut(tool, "/")
		wantErr(t, err, `"`+server+`"`, want)
		t.Logf("%s: %v", tool, time.Since(start))
	}
	for _, name := range []string{"redirected", "locked", "headers", "elsewhere", "bearer-redirected", "bearer-elsewhere"} {
		_, err := m.ServerCapabilities(context.Background(), name)
		if err == nil {
			t.Errorf("server %s connected", name)
		}
		t.Logf("%s: %v", name, err)
	}
	goodStillWorks(t, m)
	if res, err := callWhenUp(t, m, "mcp:evil/echo", map[string]any{"text": "fine"}); err != nil || text(res) != "fine" {
		t.Errorf("the hostile server's plain tool: %v %v", res, err)
	}

	data, _ := os.ReadFile(record)
	if strings.Contains(string(data), secret) || strings.Contains(string(data), bearer) {
		t.Errorf("the secret header reached another origin:\n%s", truncate(string(data), 2000))
	}
	if strings.Contains(string(data), `"origin":"other"`) {
		t.Errorf("toolplane sent requests to another origin:\n%s", truncate(string(data), 2000))
	}
	if strings.Contains(string(data), "oauth_discovery") {
		t.Errorf("a 401 started OAuth discovery:\n%s", truncate(string(data), 2000))
	}
	if n := strings.Count(string(data), `"unauthorized"`); n > 10 {
		t.Errorf("%d requests to a server that answers 401: no loops", n)
	}
}

// TestAttackLeavesNothingBehind: after a manager that went through crashes,
// hangs, floods, oversized answers and endless HTTP streams is closed, its
// goroutines are gone and so are its processes.
func TestAttackLeavesNothingBehind(t *testing.T) {
	before := runtime.NumGoroutine()
	base := startHostileHTTP(t, filepath.Join(t.TempDir(), "record"))
	opts := hostileOptions()
	opts.Limits.CallTimeout = time.Second
	m := newManager(t, opts, hostileSpec("evil", "-start", "list-changed-flood"), ServerSpec{Name: "web", URL: base + "/mcp"})
	for _, call := range []struct{ id, tool string }{
		{"mcp:evil/", "hang"}, {"mcp:evil/", "huge_text"}, {"mcp:evil/", "notify_flood"}, {"mcp:evil/", "crash"},
		{"mcp:web/", "sse_forever"}, {"mcp:web/", "slowloris"}, {"mcp:web/", "gzip_bomb"}, {"mcp:web/", "hang"},
	} {
		_, err := callWhenUp(t, m, call.id+call.tool, map[string]any{"n": 10000})
		t.Logf("%s%s: %v", call.id, call.tool, err != nil)
	}
	pgid := evilPID(t, m)
	_ = m.Close()
	if pgid > 0 {
		waitNoLiveMembers(t, pgid, 15*time.Second)
	}
	deadline := time.Now().Add(30 * time.Second)
	for runtime.NumGoroutine() > before+5 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if g := runtime.NumGoroutine(); g > before+5 {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines after Close (%d before):\n%s", g, before, buf[:runtime.Stack(buf, true)])
	}
}

// TestAttackConcurrentLargeResults: forty concurrent calls each answered
// with 3 MB (under the limit) are let through eight at a time, so what one
// server's answers take at once stays bounded; every call still succeeds.
func TestAttackConcurrentLargeResults(t *testing.T) {
	base := startHostileHTTP(t, filepath.Join(t.TempDir(), "record"))
	opts := hostileOptions()
	opts.Limits = Limits{MaxResultBytes: 4 << 20, CallTimeout: 60 * time.Second}
	m := newManager(t, opts, ServerSpec{Name: "web", URL: base + "/mcp"})
	caps, err := m.ServerCapabilities(context.Background(), "web")
	if err != nil {
		t.Fatal(err)
	}
	var huge capability.Capability
	for _, c := range caps {
		if c.Name == "huge_json" {
			huge = c
		}
	}
	runtime.GC()
	var peak atomic.Uint64
	stop := make(chan struct{})
	go func() {
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
		}
	}()
	errs := make(chan error, 40)
	for i := 0; i < 40; i++ {
		go func() {
			res, err := huge.Handler(context.Background(), map[string]any{"mb": 3})
			if err == nil && len(text(res)) != 3<<20 {
				err = fmt.Errorf("%d bytes of text", len(text(res)))
			}
			errs <- err
		}()
	}
	for i := 0; i < 40; i++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	close(stop)
	t.Logf("peak heap in use: %d MiB", peak.Load()>>20)
	if peak.Load() > 400<<20 {
		t.Errorf("peak heap of %d MiB for 40 concurrent 3 MB answers", peak.Load()>>20)
	}
}

// TestAttackDaemonOutlivesServer: a stdio server that daemonises a child
// (double fork and setsid: a new session and process group, reparented to
// init) and that child's own child are killed when toolplane stops the
// server, though the group's SIGKILL cannot reach them: they carry the
// server's instance marker in their environment. Both a restart (the
// server crashes after daemonising) and the manager's Close are checked.
func TestAttackDaemonOutlivesServer(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("descendants are found through /proc")
	}
	t.Parallel()
	m := hostilePair(t, hostileOptions())
	daemon := func() []int {
		t.Helper()
		res, err := callCap(t, m, "mcp:evil/daemonize", nil)
		if err != nil {
			t.Fatal(err)
		}
		var pids []int
		for _, f := range strings.Fields(text(res)) {
			pid, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("daemonize answered %q", text(res))
			}
			pids = append(pids, pid)
		}
		if len(pids) != 2 {
			t.Fatalf("daemonize answered %q, want two pids", text(res))
		}
		group := evilPID(t, m)
		for _, pid := range pids {
			if !pidLive(pid) {
				t.Fatalf("daemon %d is not running", pid)
			}
			if pg, _ := syscall.Getpgid(pid); pg == group {
				t.Fatalf("daemon %d stayed in the server's group %d: the attack did not escape it", pid, group)
			}
		}
		return pids
	}
	waitDead := func(what string, pids []int) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for _, pid := range pids {
			for pidLive(pid) && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			if pidLive(pid) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
				t.Errorf("%s: the daemonised process %d outlived its server", what, pid)
			}
		}
	}
	first := daemon()
	if _, err := callCap(t, m, "mcp:evil/crash", nil); err == nil {
		t.Fatal("crash: no error")
	}
	waitDead("after the server crashed and was restarted", first)
	evilRecovers(t, m)
	second := daemon()
	_ = m.Close()
	waitDead("after Close", second)
}

// TestAttackLargeAnswerLeavesNoBuffer: a server answers one call with a
// 12 MiB result (under the limit) and goes on answering small ones. With
// the SDK's IOTransport the connection's JSON decoder kept a buffer of 12
// to 24 MiB for as long as the server lived; the connection now lets it go
// once the message is decoded. Not parallel: it measures the live heap.
func TestAttackLargeAnswerLeavesNoBuffer(t *testing.T) {
	opts := hostileOptions()
	opts.Limits.MaxResultBytes = 16 << 20
	opts.Limits.CallTimeout = 60 * time.Second
	m := newManager(t, opts, hostileSpec("evil"))
	echo := func() {
		t.Helper()
		res, err := callCap(t, m, "mcp:evil/echo", map[string]any{"text": "small"})
		if err != nil || text(res) != "small" {
			t.Fatalf("echo: %v %v", res, err)
		}
	}
	liveHeap := func() uint64 {
		var ms runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	echo()
	before := liveHeap()
	res, err := callCap(t, m, "mcp:evil/huge_text", map[string]any{"mb": 12})
	if err != nil || len(text(res)) != 12<<20 {
		t.Fatalf("a 12 MiB answer under a 16 MiB limit: %v", err)
	}
	res = nil
	echo()
	after := liveHeap()
	grown := int64(after) - int64(before)
	t.Logf("live heap %d MiB before a 12 MiB answer, %d MiB after (%+d KiB)", before>>20, after>>20, grown>>10)
	if grown > 6<<20 {
		t.Errorf("the connection holds %d MiB more after one 12 MiB answer", grown>>20)
	}
}

// TestAttackBatchedAnswer: a server answers a call inside a JSON-RPC
// batch, with a result of 20000 content blocks (twice the limit) and a
// sampling request beside it. The inspector vets message objects; the
// SDK's transport decoded a batch's members past it, so the result came
// through whole. A batch now ends the connection, naming it, and the
// server is started afresh.
func TestAttackBatchedAnswer(t *testing.T) {
	t.Parallel()
	m := hostilePair(t, hostileOptions())
	res, err := callCap(t, m, "mcp:evil/batched", map[string]any{"n": 20000})
	if err == nil {
		t.Fatalf("a batched answer of %d content blocks was taken", len(res.Content))
	}
	wantErr(t, err, `"evil"`, "JSON-RPC batch")
	evilRecovers(t, m)
	goodStillWorks(t, m)
}

// TestAttackMultilineAnswer: a server answers with the same result spread
// over 20000 lines, a content block on each. The inspector reads a line at
// a time and saw no line with too many blocks; the SDK's decoder joined
// the lines into one message and the result came through whole. A line
// that is not a whole message now ends the connection.
func TestAttackMultilineAnswer(t *testing.T) {
	t.Parallel()
	m := hostilePair(t, hostileOptions())
	res, err := callCap(t, m, "mcp:evil/multiline", map[string]any{"n": 20000})
	if err == nil {
		t.Fatalf("a multi-line answer of %d content blocks was taken", len(res.Content))
	}
	wantErr(t, err, `"evil"`, "not JSON-RPC")
	evilRecovers(t, m)
	goodStillWorks(t, m)
}
