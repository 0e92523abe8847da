package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stdioConn is the MCP transport over a server process. It remembers the
// first read error that is not the stream ending, which is how a server
// writing non-JSON-RPC text to stdout shows up, so errors can say so instead
// of "connection closed".
type stdioConn struct {
	proc    *process
	limits  *Limits
	inspect *inspector
	// stall bounds one write to the server's stdin: a server that reads
	// nothing for that long (the call timeout) is broken, and its
	// connection is closed. Without it a write to a server that stopped
	// reading blocked for ever, past every call's timeout.
	stall time.Duration

	mu      sync.Mutex
	readErr error
}

// Connect implements mcp.Transport.
func (t *stdioConn) Connect(ctx context.Context) (mcp.Connection, error) {
	// Messages pass the inspector before the SDK decodes them; the line
	// reader bounds their size, so the SDK's own line cap is off.
	r := newLineReader(t.proc, t.proc.Close, t.limits.maxMessageBytes(), t.inspect.inspect)
	inner, err := (&mcp.IOTransport{Reader: r, Writer: stallWriter{t}, MaxLineLength: -1}).Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &recordingConn{Connection: inner, t: t}, nil
}

// garbage returns the decode error that ended the stream, if that is what
// ended it.
func (t *stdioConn) garbage() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.readErr
}

type recordingConn struct {
	mcp.Connection
	t *stdioConn
}

// Write writes msg, returning when ctx is done even if the server is not
// reading: the write itself goes on (the SDK serialises writes, and a
// message cut half-way would break the stream) until it is done or stalls
// (stallWriter), so a caller waits at most for its own deadline.
func (c *recordingConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	done := make(chan error, 1)
	go func() { done <- c.Connection.Write(context.WithoutCancel(ctx), msg) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// errWriteStalled ends a connection whose server read none of a message
// toolplane was writing for stdioConn.stall.
var errWriteStalled = errors.New("stopped reading its input")

// stallWriter writes to the server's stdin with a deadline of stall per
// write. A write that misses it closes the connection, recording why, so
// calls fail naming the cause and the server is started afresh.
type stallWriter struct{ t *stdioConn }

// Close closes the process's pipes, as the process itself does.
func (w stallWriter) Close() error { return w.t.proc.Close() }

func (w stallWriter) Write(b []byte) (int, error) {
	w.t.proc.setWriteDeadline(time.Now().Add(w.t.stall))
	n, err := w.t.proc.Write(b)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		err = fmt.Errorf("%w: %d of %d bytes of a message were read in %s", errWriteStalled, n, len(b), w.t.stall)
		w.t.mu.Lock()
		if w.t.readErr == nil {
			w.t.readErr = err
		}
		w.t.mu.Unlock()
		_ = w.t.proc.Close()
	}
	return n, err
}

func (c *recordingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if err != nil && !isStreamEnd(err) && ctx.Err() == nil {
		c.t.mu.Lock()
		if c.t.readErr == nil {
			c.t.readErr = err
		}
		c.t.mu.Unlock()
	}
	return msg, err
}

func isStreamEnd(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, os.ErrClosed) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
