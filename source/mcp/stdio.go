package mcp

import (
	"context"
	"errors"
	"io"
	"os"
	"sync"

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

	mu      sync.Mutex
	readErr error
}

// Connect implements mcp.Transport.
func (t *stdioConn) Connect(ctx context.Context) (mcp.Connection, error) {
	// Messages pass the inspector before the SDK decodes them; the line
	// reader bounds their size, so the SDK's own line cap is off.
	r := newLineReader(t.proc, t.proc.Close, t.limits.maxMessageBytes(), t.inspect.inspect)
	inner, err := (&mcp.IOTransport{Reader: r, Writer: t.proc, MaxLineLength: -1}).Connect(ctx)
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
