// Package testmcp is a small MCP server used by toolplane's tests as a real
// upstream: it runs as a subprocess over stdio or Streamable HTTP (and SSE) and
// offers tools that page, sleep, fail, crash, return images and misbehave, so
// client code can be tested against every fault it must survive.
//
// A test binary becomes the server by calling MaybeServe from TestMain and
// re-executing itself with EnvServe set; cmd/testmcp wraps Main for tests that
// prefer a built binary.
package testmcp

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// EnvServe is the environment variable that turns a test binary calling
// MaybeServe into the test server; its value is ignored, only presence counts.
const EnvServe = "TOOLPLANE_TESTMCP_SERVE"

// MaybeServe runs the server with os.Args[1:] when EnvServe is set and reports
// the exit code to use; ok is false when the process is an ordinary test
// binary. Call it first thing in TestMain:
//
//	if code, ok := testmcp.MaybeServe(); ok {
//		os.Exit(code)
//	}
func MaybeServe() (code int, ok bool) {
	if _, set := os.LookupEnv(EnvServe); !set {
		return 0, false
	}
	return Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr), true
}

// SelfCommand returns the command and the environment that run the test
// server from the current test binary, whose TestMain must call MaybeServe:
// put them in an MCP server spec's command and env. Server flags (-items,
// -exit-at-start, ...) go in its args.
func SelfCommand() (command string, env map[string]string, err error) {
	exe, err := os.Executable()
	if err != nil {
		return "", nil, fmt.Errorf("locating the test binary: %w", err)
	}
	return exe, map[string]string{EnvServe: "1"}, nil
}

// options are the command-line flags of the server.
type options struct {
	httpAddr       string
	exitAtStart    int
	garbageAtStart bool
	hangAtStart    bool
	stderrAtStart  string
	startDelay     time.Duration
	items          int
}

// Main runs the server until stdin closes (stdio and HTTP modes), a signal
// arrives, or the crash tool fires, and returns the process exit code. It
// never calls os.Exit so that it can run inside a test binary's TestMain.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("testmcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.httpAddr, "http", "", "serve Streamable HTTP at /mcp and SSE at /sse on this address (e.g. 127.0.0.1:0) and print the base URL on stdout, instead of stdio")
	fs.IntVar(&o.exitAtStart, "exit-at-start", 0, "if non-zero, write a message to stderr and exit with this code before serving")
	fs.BoolVar(&o.garbageAtStart, "garbage-at-start", false, "write a line that is not JSON-RPC to stdout before serving")
	fs.BoolVar(&o.hangAtStart, "hang-at-start", false, "never answer anything (sleep until killed or stdin closes)")
	fs.StringVar(&o.stderrAtStart, "stderr", "", "write this line to stderr at start")
	fs.IntVar(&o.items, "items", 25, "number of items list_items pages through")
	fs.DurationVar(&o.startDelay, "start-delay", 0, "wait this long before serving, like a server that is slow to start")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if o.stderrAtStart != "" {
		fmt.Fprintln(stderr, o.stderrAtStart)
	}
	if o.startDelay > 0 {
		time.Sleep(o.startDelay)
	}
	if o.exitAtStart != 0 {
		fmt.Fprintf(stderr, "testmcp: exiting at start with code %d as asked\n", o.exitAtStart)
		return o.exitAtStart
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// stdin closing ends the server in every mode, so a parent that dies
	// (closing our stdin) never leaves this process behind.
	stdinClosed := make(chan struct{})
	var stdinLines *bufio.Reader
	if o.httpAddr != "" || o.hangAtStart {
		go func() {
			_, _ = io.Copy(io.Discard, stdin)
			close(stdinClosed)
		}()
	} else {
		stdinLines = bufio.NewReader(stdin)
	}

	out := &lockedWriter{w: stdout}
	if o.garbageAtStart {
		_, _ = out.Write([]byte("this is not JSON-RPC\n"))
	}
	if o.hangAtStart {
		fmt.Fprintln(stderr, "testmcp: hanging at start as asked")
		select {
		case <-ctx.Done():
		case <-stdinClosed:
		}
		return 0
	}

	crash := make(chan int, 1)
	lastHeader := &headerBox{}
	srv := newServer(&o, out, stderr, crash, lastHeader)
	done := make(chan error, 1)
	if o.httpAddr == "" {
		go func() {
			done <- srv.Run(ctx, &mcp.IOTransport{Reader: io.NopCloser(stdinLines), Writer: nopCloser{out}})
		}()
	} else {
		ln, err := net.Listen("tcp", o.httpAddr)
		if err != nil {
			fmt.Fprintf(stderr, "testmcp: listen %s: %v\n", o.httpAddr, err)
			return 1
		}
		mux := http.NewServeMux()
		getServer := func(*http.Request) *mcp.Server { return srv }
		mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(getServer, nil))
		// The SSE transport does not pass request headers to tools; keep
		// the last ones seen so the headers tool can report them.
		sse := mcp.NewSSEHandler(getServer, nil)
		mux.Handle("/sse", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			lastHeader.set(r.Header)
			sse.ServeHTTP(w, r)
		}))
		hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		fmt.Fprintf(out, "http://%s\n", ln.Addr())
		go func() { done <- hs.Serve(ln) }()
		go func() {
			select {
			case <-stdinClosed:
			case <-ctx.Done():
			}
			_ = hs.Close()
		}()
	}
	select {
	case code := <-crash:
		return code
	case err := <-done:
		if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, http.ErrServerClosed) && !errors.Is(err, io.EOF) {
			fmt.Fprintf(stderr, "testmcp: %v\n", err)
			return 1
		}
		return 0
	}
}

// lockedWriter serialises writes so the garbage tool's line never lands in
// the middle of a JSON-RPC message written by the transport.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// headerBox holds the headers of the latest SSE request.
type headerBox struct {
	mu sync.Mutex
	h  http.Header
}

func (b *headerBox) set(h http.Header) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.h = h.Clone()
}

func (b *headerBox) get() http.Header {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.h
}
