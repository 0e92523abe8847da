package security_test

// Time: the time limit holds inside builtins and compilation; a run stops
// when its client disconnects.

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// busySnippets keep a run going: computing, and waiting on a capability.
var busySnippets = map[string]string{
	"computing": "n = 0\nwhile True:\n    n += 1",
	"waiting":   "await up.slow(ms=120000)",
}

// waitRunEnd waits for a run_end line in the audit log for a run that
// started after skip run_starts, and returns its error type; it fails the
// test when none comes within d.
func waitRunEnd(t *testing.T, audit string, d time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		started := map[string]bool{}
		for _, ln := range e2e.AuditLines(t, audit) {
			id, _ := ln["run_id"].(string)
			switch ln["event"] {
			case "run_start":
				started[id] = true
			case "run_end":
				if started[id] {
					et, _ := ln["error_type"].(string)
					return et
				}
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("no run_end in the audit log %s after the client went away", d)
	return ""
}

// waitRunStart waits until the audit log shows a run started.
func waitRunStart(t *testing.T, audit string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		for _, ln := range e2e.AuditLines(t, audit) {
			if ln["event"] == "run_start" {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the run never started")
}

// TestAttackRunOutlivesItsClient: a run stops when its client cancels the
// request (stdio and HTTP) or goes away (HTTP connection closed, stdio
// input closed), computing or waiting on a capability, long before its
// time limit; the audit log records its end.
func TestAttackRunOutlivesItsClient(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	for name, code := range busySnippets {
		t.Run("cancel/"+name, func(t *testing.T) {
			t.Parallel()
			bins.Transports(t, "", func(t *testing.T, e *e2e.Env, connect func() *mcp.ClientSession) {
				cs := connect()
				ctx, cancel := context.WithCancel(context.Background())
				done := make(chan struct{})
				go func() {
					defer close(done)
					_, _ = cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": code, "timeout": 300}})
				}()
				waitRunStart(t, e.Audit)
				cancel()
				<-done
				if et := waitRunEnd(t, e.Audit, 30*time.Second); et != "CancelledError" {
					t.Errorf("the cancelled run ended with %q, want CancelledError", et)
				}
				if v := e2e.MustRun(t, cs, "return 5"); v != float64(5) {
					t.Errorf("the next run of the session: %v", v)
				}
			})
		})
		t.Run("http-disconnect/"+name, func(t *testing.T) {
			t.Parallel()
			e := bins.NewEnv(t, "")
			url := e.HTTPURL(t)
			post := func(ctx context.Context, sid, body string) (*http.Response, error) {
				req, _ := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+e2e.Token)
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Accept", "application/json, text/event-stream")
				if sid != "" {
					req.Header.Set("Mcp-Session-Id", sid)
					req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
				}
				return http.DefaultClient.Do(req)
			}
			resp, err := post(context.Background(), "", initializeBody)
			if err != nil {
				t.Fatal(err)
			}
			sid := resp.Header.Get("Mcp-Session-Id")
			resp.Body.Close()
			if resp, err := post(context.Background(), sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); err == nil {
				resp.Body.Close()
			}
			ctx, cancel := context.WithCancel(context.Background())
			args := fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":%s,"timeout":300}}}`, e2e.Quote(code))
			go func() {
				if resp, err := post(ctx, sid, args); err == nil {
					_, _ = bufio.NewReader(resp.Body).ReadString('\n')
					resp.Body.Close()
				}
			}()
			waitRunStart(t, e.Audit)
			cancel() // the connection closes; no cancellation is sent
			if et := waitRunEnd(t, e.Audit, 30*time.Second); et != "CancelledError" {
				t.Errorf("the run of a vanished client ended with %q, want CancelledError", et)
			}
		})
		t.Run("stdio-disconnect/"+name, func(t *testing.T) {
			t.Parallel()
			e := bins.NewEnv(t, "")
			cmd := e.Command()
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan struct{})
			go func() { _ = cmd.Wait(); close(exited) }()
			defer func() { _ = cmd.Process.Kill(); <-exited }()
			// Not ClientSession.Close: it waits for the client's own call.
			cs, err := e2e.Client(nil).Connect(context.Background(), &mcp.IOTransport{Reader: stdout, Writer: stdin}, nil)
			if err != nil {
				t.Fatal(err)
			}
			go func() {
				_, _ = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": code, "timeout": 300}})
			}()
			waitRunStart(t, e.Audit)
			_ = stdin.Close()
			select {
			case <-exited:
			case <-time.After(30 * time.Second):
				t.Errorf("the server was still running 30s after its client closed stdin")
			}
			if et := waitRunEnd(t, e.Audit, time.Second); et != "CancelledError" {
				t.Errorf("the run of a vanished stdio client ended with %q, want CancelledError", et)
			}
		})
	}
}

// longBuiltinSnippets each spend their time inside one builtin call (or a
// loop of them), where no bytecode runs to see the deadline: the red team's
// modular power (23 s under a 2 s timeout; hours at 1M bits), a quadratic
// gcd, and a grouped format width that was quadratic in the width.
var longBuiltinSnippets = map[string]string{
	"pow":    "return pow(3, 2**40000 - 1, 2**40000 + 1)",
	"gcd":    "import math\nreturn math.gcd((1 << 2000000) - 1, 3**1300000)",
	"format": "while True:\n    format(1, '0=2000000,')",
}

// TestAttackBuiltinOutrunsTimeout: a run whose time goes into builtins ends
// at its execute_code timeout (or its step budget), over stdio and HTTP,
// and the session keeps working. The bound is generous for a loaded
// machine (the timeout plus 9 s: a CPU-bound builtin polls the deadline
// per piece of work, and a starved process does its pieces slowly) and
// still catches the overruns these caused (48 s for gcd, over a minute for
// pow and format).
func TestAttackBuiltinOutrunsTimeout(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	const timeout = 1.0
	const bound = time.Duration(timeout*float64(time.Second)) + 9*time.Second
	bins.Transports(t, "", func(t *testing.T, e *e2e.Env, connect func() *mcp.ClientSession) {
		cs := connect()
		for name, code := range longBuiltinSnippets {
			began := time.Now()
			res, sc := e2e.Exec(t, cs, code, "timeout", timeout)
			took := time.Since(began)
			if took > bound {
				t.Errorf("%s: execute_code with a %gs timeout returned after %v (bound %v)", name, timeout, took.Round(time.Millisecond), bound)
			}
			// The step budget may end it first: builtins count their work.
			errInfo, _ := sc["error"].(map[string]any)
			if limit, _ := errInfo["limit"].(string); !res.IsError || (limit != "time" && limit != "steps") {
				t.Errorf("%s: want a time or step limit error, got %s", name, truncateText(e2e.Text(res), 300))
			}
		}
		if v := e2e.MustRun(t, cs, "return 5"); v != float64(5) {
			t.Errorf("the next run of the session: %v", v)
		}
	})
}
