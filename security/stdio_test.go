package security_test

// A stdio client is the one client of its server process, but the
// process's memory is the host's: what the client holds is bounded as an
// HTTP token's is.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// rawStdio is `toolplane serve mcp` driven line by line: send writes a
// message, answers receives every line the server writes.
type rawStdio struct {
	stdin   io.WriteCloser
	answers chan map[string]any
	pid     int
}

func startRawStdio(t *testing.T, e *e2e.Env) *rawStdio {
	t.Helper()
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
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-exited })
	s := &rawStdio{stdin: stdin, answers: make(chan map[string]any, 4096), pid: cmd.Process.Pid}
	go func() {
		r := bufio.NewReaderSize(stdout, 1<<20)
		for {
			line, err := r.ReadBytes('\n')
			if err != nil {
				close(s.answers)
				return
			}
			var m map[string]any
			if json.Unmarshal(line, &m) == nil {
				s.answers <- m
			}
		}
	}()
	s.send(t, map[string]any{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "raw", "version": "1"}}})
	if a := s.next(t); a["id"] != float64(0) || a["result"] == nil {
		t.Fatalf("initialize: %v", a)
	}
	s.send(t, map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	return s
}

func (s *rawStdio) send(t *testing.T, msg any) {
	t.Helper()
	data, err := json.Marshal(msg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.stdin.Write(append(data, '\n')); err != nil {
		t.Fatal(err)
	}
}

// next is the next line the server writes; the test fails after 40 s.
func (s *rawStdio) next(t *testing.T) map[string]any {
	t.Helper()
	select {
	case a, ok := <-s.answers:
		if !ok {
			t.Fatal("the server closed its stdout")
		}
		return a
	case <-time.After(40 * time.Second):
		t.Fatal("the server wrote nothing for 40 s")
		return nil
	}
}

// rssKB is the server's resident set, for the log.
func (s *rawStdio) rssKB() string {
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.pid))
	for _, ln := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(ln, "VmRSS:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}

func execCall(id any, code string) map[string]any {
	return map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": map[string]any{
		"name": "execute_code", "arguments": map[string]any{"code": code}}}
}

// TestAttackStdioRequestFlood: a stdio client sent execute_code requests
// without waiting for answers while its session ran a snippet; each waited
// for the session, holding a handler goroutine and its decoded arguments
// (about nine times their size): a thousand 100 kB snippets held 890 MB,
// three thousand would have held 2.7 GB (HTTP caps a token at 128 requests
// and 4 MiB of large bodies in progress). Now a stdio connection takes at
// most 128 requests (and 16 MiB of large ones) in progress: the rest are
// answered at once saying to wait for answers (254 MB for the same
// thousand, and for three thousand), the admitted ones run when the
// session is free, and the connection goes on. A request reusing the id of
// one in progress is refused too, naming it.
func TestAttackStdioRequestFlood(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	s := startRawStdio(t, e)
	gate := e2e.NewGate(t)
	s.send(t, execCall(1, "await "+gate.Slow()+"\nreturn 'held'"))
	gate.WaitStarted(t, 1)

	const flood = 400
	pad := "#" + strings.Repeat("x", 20<<10) + "\n"
	for i := range flood {
		s.send(t, execCall(100+i, pad+"return 7"))
	}
	s.send(t, execCall(100, "return 'same id'"))

	// The first 127 (beside the held run) wait; every later one, and the
	// reused id, is answered at once.
	const admitted = 127
	refused, dup := 0, 0
	for refused+dup < flood-admitted+1 {
		a := s.next(t)
		e, _ := a["error"].(map[string]any)
		msg, _ := e["message"].(string)
		switch {
		case a["id"] == float64(100) && strings.Contains(msg, "id 100 is already used by a request in progress"):
			dup++
		case strings.Contains(msg, "128 requests") && strings.Contains(msg, "wait for their answers"):
			refused++
		default:
			t.Fatalf("while the session is held, an answer other than a refusal (%d refused so far): %.300v", refused, a)
		}
	}
	if dup != 1 {
		t.Errorf("the reused id was refused %d times, want once", dup)
	}
	t.Logf("server RSS with %d requests queued and %d refused: %s", admitted, refused, s.rssKB())

	gate.Open(t)
	ran := 0
	for got := 0; got < admitted+1; got++ {
		a := s.next(t)
		res, _ := a["result"].(map[string]any)
		sc, _ := res["structuredContent"].(map[string]any)
		switch v := sc["value"]; {
		case a["id"] == float64(1) && v == "held":
		case v == float64(7):
			ran++
		default:
			t.Fatalf("after the gate opened: %.300v", a)
		}
	}
	if ran != admitted {
		t.Errorf("%d of the %d admitted requests ran", ran, admitted)
	}
	// The connection goes on, its requests admitted again.
	s.send(t, execCall("after", "return 'after'"))
	a := s.next(t)
	res, _ := a["result"].(map[string]any)
	if sc, _ := res["structuredContent"].(map[string]any); a["id"] != "after" || sc["value"] != "after" {
		t.Errorf("a request after the flood: %.300v", a)
	}
}

// TestAttackResourceURIBreaksTheConnection: resources/read of a result URI
// with control characters in it (a NUL, an escape sequence) is answered
// as any unknown handle is, naming the URI, and the client's connection
// goes on. The answer quoted the URI with Go's quoting (\x00, \x1b), which
// is not JSON: its encoding failed, and the SDK took the failed write for
// a broken connection: over HTTP the session answered nothing more (every
// later request an empty 200), over stdio the server exited.
func TestAttackResourceURIBreaksTheConnection(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	bins.Transports(t, "", func(t *testing.T, e *e2e.Env, connect func() *mcp.ClientSession) {
		cs := connect()
		uri := "toolplane://results/res_\x00\x1b[2J\x7f"
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		var werr *jsonrpc.Error
		if !errors.As(err, &werr) || werr.Code != mcp.CodeResourceNotFound {
			t.Fatalf("reading %q: %v; want the resource-not-found error", uri, err)
		}
		var data struct{ URI string }
		if json.Unmarshal(werr.Data, &data) != nil || data.URI != uri {
			t.Errorf("the error's data %q does not name the URI", werr.Data)
		}
		if v := e2e.MustRun(t, cs, "return 'still here'"); v != "still here" {
			t.Errorf("the connection after the read: %v", v)
		}
	})
}
