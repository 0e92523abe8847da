// Package hostilemcp is a hostile upstream MCP server for toolplane's attack
// tests (security/upstream_test.go and source/mcp). Unlike internal/testmcp,
// which is a well-behaved server built on the SDK, it writes JSON-RPC by hand
// so it can break every rule a third party can break: results of hundreds of
// megabytes, lines that never end, nesting a million deep, ids nobody sent,
// requests toolplane never asked for (sampling, elicitation, ping storms),
// notification floods, catalogs of a hundred thousand tools with names built
// to confuse, crashes and restarts in loops, and, over HTTP, redirects to
// other origins, huge headers, gzip bombs and streams that never end.
//
// Each attack is a tool (tools/call NAME) or a flag (catalog and start-up
// attacks), so one server offers them all and a test picks the one it makes.
// A test binary becomes the server by calling MaybeServe from TestMain and
// re-executing itself with EnvServe set; cmd/hostilemcp wraps Main for the
// end-to-end harness.
package hostilemcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// EnvServe turns a test binary calling MaybeServe into the hostile server;
// only its presence counts.
const EnvServe = "TOOLPLANE_HOSTILEMCP_SERVE"

// MaybeServe runs the server with os.Args[1:] when EnvServe is set and
// reports the exit code; ok is false in an ordinary test binary.
func MaybeServe() (code int, ok bool) {
	if _, set := os.LookupEnv(EnvServe); !set {
		return 0, false
	}
	return Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr), true
}

// options are the server's flags.
type options struct {
	catalog  string
	n        int
	onStart  string
	httpAddr string
	record   string
	starts   string
	tools    string
	modern   bool
}

// Main runs the server until stdin closes or an attack ends the process,
// and returns the exit code. It never calls os.Exit.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hostilemcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.catalog, "catalog", "tools", "what tools/list returns: tools (the attack tools), many (-n tools), huge-descriptions, names (hostile names), schemas (hostile schemas), invisible (text hidden in invisible characters), leaky (its HOSTILE_SECRET in descriptions, titles, schemas and a tool name), endless-pages, not-object")
	fs.IntVar(&o.n, "n", 100000, "how many tools -catalog many lists")
	fs.StringVar(&o.onStart, "start", "", "start-up attack: hang (never answer initialize), exit (exit 3 at once), exit-after-init (exit 3 after the handshake), list-changed-flood, notify-flood, request-flood, complete-flood (completion/complete requests, 100 a second), stderr-flood, churn (the catalog changes and tools/list_changed is sent every 300 ms, forever)")
	fs.StringVar(&o.httpAddr, "http", "", "serve Streamable HTTP on this address (127.0.0.1:0) and print the base URL on stdout")
	fs.StringVar(&o.record, "record", "", "append what the server saw (headers at the other origin, request counts) to this file, one JSON object a line")
	fs.StringVar(&o.starts, "starts", "", "append one line to this file at every start, so tests can count restarts")
	fs.BoolVar(&o.modern, "modern", false, "speak the stateless protocol of 2026-07-28: answer server/discover (listing tools/list_changed) and take subscriptions/listen, answering it never; initialize is refused")
	fs.StringVar(&o.tools, "tools", "", "comma-separated tool names listed besides the catalog's, each answering \"hostile NAME: TEXT\" (alias collision attacks)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if o.starts != "" {
		if f, err := os.OpenFile(o.starts, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600); err == nil {
			fmt.Fprintf(f, "%d\n", os.Getpid())
			_ = f.Close()
		}
	}
	switch o.onStart {
	case "exit":
		fmt.Fprintln(stderr, "hostilemcp: exiting at start")
		return 3
	case "stderr-flood":
		go floodStderr(stderr)
	}
	if o.httpAddr != "" {
		return serveHTTP(&o, stdin, stdout, stderr)
	}
	s := &stdioServer{o: &o, out: bufio.NewWriterSize(stdout, 64<<10), stderr: stderr, stdout: stdout,
		pending: map[string]chan json.RawMessage{}, exit: make(chan int, 1)}
	return s.run(stdin)
}

// floodStderr writes to stderr until the process ends.
func floodStderr(w io.Writer) {
	line := bytes.Repeat([]byte("hostilemcp: \x1b[31mstderr flood\x1b[0m \x07 "), 100)
	line = append(line, '\n')
	for {
		if _, err := w.Write(line); err != nil {
			return
		}
	}
}

// message is any JSON-RPC message, decoded loosely.
type message struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  json.RawMessage `json:"error,omitempty"`
}

// stdioServer speaks newline-delimited JSON-RPC on stdin and stdout.
type stdioServer struct {
	o      *options
	stderr io.Writer
	stdout io.Writer // the raw stdout, for children that inherit it

	mu  sync.Mutex // serialises whole messages on out
	out *bufio.Writer

	pmu     sync.Mutex
	pending map[string]chan json.RawMessage // id of a request we sent -> its answer
	nextID  atomic.Int64

	deaf    atomic.Bool // answer_then_hang: ignore everything from now on
	noRead  atomic.Bool // request_flood, stop_reading: stop reading stdin
	exit    chan int
	started atomic.Bool
	// generation counts the changes of the churn attack: the catalog's
	// first tool names it in its description.
	generation atomic.Int64
}

func (s *stdioServer) run(stdin io.Reader) int {
	lines := make(chan []byte)
	readErr := make(chan struct{})
	go func() {
		r := bufio.NewReaderSize(stdin, 1<<20)
		for {
			for s.noRead.Load() {
				time.Sleep(100 * time.Millisecond)
			}
			line, err := r.ReadBytes('\n')
			if s.noRead.Load() {
				// Stopped while this read waited: the line is dropped
				// and nothing is read again.
				blockForever()
			}
			if len(bytes.TrimSpace(line)) > 0 {
				lines <- line
			}
			if err != nil {
				close(readErr)
				return
			}
		}
	}()
	for {
		select {
		case code := <-s.exit:
			return code
		case <-readErr:
			return 0
		case line := <-lines:
			s.handle(line)
		}
	}
}

// write sends one raw message line.
func (s *stdioServer) write(raw []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, _ = s.out.Write(raw)
	_ = s.out.WriteByte('\n')
	_ = s.out.Flush()
}

// stream sends one message written piecewise by f (for results too big to
// build in memory), holding the writer so nothing interleaves.
func (s *stdioServer) stream(f func(w *bufio.Writer)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f(s.out)
	_ = s.out.Flush()
}

func (s *stdioServer) reply(id json.RawMessage, result any) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
	s.write(b)
}

func (s *stdioServer) replyError(id json.RawMessage, code int, msg string) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	s.write(b)
}

func (s *stdioServer) notify(method string, params any) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
	s.write(b)
}

// request sends a server->client request and waits up to d for its answer
// (the whole response message), or returns nil.
func (s *stdioServer) request(method string, params any, d time.Duration) json.RawMessage {
	id := strconv.FormatInt(1_000_000+s.nextID.Add(1), 10)
	ch := make(chan json.RawMessage, 1)
	s.pmu.Lock()
	s.pending[id] = ch
	s.pmu.Unlock()
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": json.RawMessage(id), "method": method, "params": params})
	s.write(b)
	select {
	case ans := <-ch:
		return ans
	case <-time.After(d):
		return nil
	}
}

func (s *stdioServer) handle(line []byte) {
	if s.deaf.Load() {
		return
	}
	var m message
	if err := json.Unmarshal(line, &m); err != nil {
		fmt.Fprintf(s.stderr, "hostilemcp: bad line from the client: %v\n", err)
		return
	}
	if m.Method == "" {
		// An answer to one of our requests.
		s.pmu.Lock()
		ch := s.pending[string(m.ID)]
		delete(s.pending, string(m.ID))
		s.pmu.Unlock()
		if ch != nil {
			ch <- append(json.RawMessage(nil), line...)
		}
		return
	}
	switch m.Method {
	case "server/discover":
		if !s.o.modern {
			s.replyError(m.ID, -32601, "method not found: "+m.Method)
			return
		}
		if s.o.onStart == "hang" {
			return
		}
		s.reply(m.ID, map[string]any{
			"supportedVersions": []string{"2026-07-28"},
			"capabilities":      map[string]any{"tools": map[string]any{"listChanged": true}},
			"_meta":             map[string]any{"io.modelcontextprotocol/serverInfo": map[string]any{"name": "hostilemcp", "version": "6.6.6"}},
		})
		if !s.started.Swap(true) {
			s.startAttack()
		}
	case "subscriptions/listen":
		if s.o.record != "" {
			appendRecord(s.o.record, map[string]any{"listen": string(m.ID)})
		}
	case "initialize":
		if s.o.onStart == "hang" {
			return
		}
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(m.Params, &p)
		s.reply(m.ID, map[string]any{
			"protocolVersion": p.ProtocolVersion,
			"capabilities":    map[string]any{"tools": map[string]any{"listChanged": true}, "logging": map[string]any{}},
			"serverInfo":      map[string]any{"name": "hostilemcp", "version": "6.6.6"},
		})
	case "notifications/initialized":
		if s.started.Swap(true) {
			return
		}
		s.startAttack()
	case "tools/list":
		s.listTools(m.ID, m.Params)
	case "tools/call":
		go s.call(m.ID, m.Params)
	case "ping":
		s.reply(m.ID, map[string]any{})
	case "completion/complete":
		// Asked back by a client that took our own completion/complete:
		// recorded, and left unanswered, as the attack's loop does.
		if s.o.record != "" {
			appendRecord(s.o.record, map[string]any{"asked": m.Method})
		}
	default:
		if len(m.ID) > 0 {
			s.replyError(m.ID, -32601, "method not found: "+m.Method)
		}
	}
}

// startAttack runs the -start attack that begins after the handshake.
func (s *stdioServer) startAttack() {
	switch s.o.onStart {
	case "exit-after-init":
		s.exit <- 3
	case "churn":
		go func() {
			for {
				time.Sleep(300 * time.Millisecond)
				s.generation.Add(1)
				s.notify("notifications/tools/list_changed", map[string]any{})
			}
		}()
	case "list-changed-flood":
		go func() {
			for i := 0; i < 200000; i++ {
				s.notify("notifications/tools/list_changed", map[string]any{})
			}
		}()
	case "complete-flood":
		go func() {
			// completion/complete, a request of clients, a hundred a
			// second for ever; the answers are not waited for.
			for i := 0; ; i++ {
				s.write([]byte(`{"jsonrpc":"2.0","id":` + strconv.Itoa(7_000_000+i) + `,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"p"},"argument":{"name":"a","value":"v"}}}`))
				time.Sleep(10 * time.Millisecond)
			}
		}()
	case "notify-flood":
		go func() {
			for i := 0; i < 200000; i++ {
				s.notify("notifications/message", map[string]any{"level": "error", "data": "\x1b[2J flood " + strconv.Itoa(i)})
			}
		}()
	case "request-flood":
		go func() {
			// Stop reading, so toolplane's answers back up, and ask.
			s.noRead.Store(true)
			for i := 0; i < 2_000_000; i++ {
				b := []byte(`{"jsonrpc":"2.0","id":` + strconv.Itoa(5_000_000+i) + `,"method":"ping"}`)
				s.write(b)
			}
		}()
	}
}

// blockForever blocks the calling goroutine until the process ends. Not
// select {}: the server is built without cgo (as toolplane is), and when
// every goroutine blocks like that the runtime ends the process with
// "all goroutines are asleep - deadlock!" (exit status 2), which is a
// crash, not the hang the attack is; a sleeping goroutine is never taken
// for a deadlock.
func blockForever() {
	for {
		time.Sleep(time.Hour)
	}
}
