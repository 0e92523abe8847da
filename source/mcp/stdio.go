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

	"github.com/toolplane/toolplane/internal/lineconn"
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
	// writing is the size of the message being written (0: none),
	// written how much of it the server has read, progress when it last
	// read some.
	writing, written int
	progress         time.Time
}

// Connect implements mcp.Transport.
func (t *stdioConn) Connect(ctx context.Context) (mcp.Connection, error) {
	// Messages pass the inspector before they are decoded; the line
	// reader bounds their size, so the connection's own cap is off. A
	// batch ends the connection: the inspector vets message objects, and
	// the SDK took a batch's members past it (a result of any number of
	// content blocks, server requests outside the rate limit). The
	// SDK's IOTransport is not used: its decoder kept the buffer of the
	// largest message for as long as the connection lived.
	r := newLineReader(t.proc, t.proc.Close, t.limits.maxMessageBytes(), t.inspect.inspect)
	inner, err := (&lineconn.Transport{Reader: r, Writer: stallWriter{t}, MaxMessageBytes: -1, EndOnBatch: true}).Connect(ctx)
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

// stallWriter writes to the server's stdin in pieces, each with a deadline
// of stall: a server that reads nothing of a message for that long misses
// it, and the connection is closed, recording why, so calls fail naming the
// cause and the server is started afresh. A server reading slowly but
// steadily is not stalled.
type stallWriter struct{ t *stdioConn }

// Close closes the process's pipes, as the process itself does.
func (w stallWriter) Close() error { return w.t.proc.Close() }

// stallPiece is how much is written under one deadline: a pipe's buffer.
const stallPiece = 64 << 10

func (w stallWriter) Write(b []byte) (int, error) {
	t := w.t
	t.mu.Lock()
	t.writing, t.written, t.progress = len(b), 0, time.Now()
	t.mu.Unlock()
	defer func() {
		t.mu.Lock()
		t.writing = 0
		t.mu.Unlock()
	}()
	n := 0
	for n < len(b) {
		piece := b[n:min(len(b), n+stallPiece)]
		t.proc.setWriteDeadline(time.Now().Add(t.stall))
		m, err := t.proc.Write(piece)
		n += m
		t.mu.Lock()
		t.written = n
		if m > 0 {
			t.progress = time.Now()
		}
		t.mu.Unlock()
		if errors.Is(err, os.ErrDeadlineExceeded) {
			err = fmt.Errorf("%w: %d of %d bytes of a message were read, then nothing for %s", errWriteStalled, n, len(b), t.stall)
			t.mu.Lock()
			if t.readErr == nil {
				t.readErr = err
			}
			t.mu.Unlock()
			_ = t.proc.Close()
			return n, err
		}
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// stallNote explains a call that timed out because the server is not
// reading its input: the connection was closed for it, or a message has
// been waiting half the stall or more with none of it read since. It is
// empty otherwise. Every call queued behind that message timed out for
// the same reason, so each is told.
func (t *stdioConn) stallNote() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if errors.Is(t.readErr, errWriteStalled) {
		return t.readErr.Error()
	}
	if t.writing > 0 {
		if idle := time.Since(t.progress); idle >= t.stall/2 {
			return fmt.Sprintf("%v: %d of %d bytes of a message were read, then nothing for %s", errWriteStalled, t.written, t.writing, idle.Round(time.Millisecond))
		}
	}
	return ""
}

// stalled is why the connection was closed when that was because the
// server stopped reading its input, nil otherwise.
func (t *stdioConn) stalled() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if errors.Is(t.readErr, errWriteStalled) {
		return t.readErr
	}
	return nil
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
