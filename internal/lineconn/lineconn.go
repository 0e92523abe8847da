// Package lineconn is the MCP stdio transport toolplane uses on both sides
// (serving a client over stdin/stdout, and talking to an upstream server
// process): newline-delimited JSON-RPC messages, one per line.
//
// It exists for memory, not protocol. The SDK's IOTransport decodes the
// stream with one json.Decoder for the connection's life, and a decoder's
// buffer only grows: one 16 MB message left 16 to 32 MB held by that
// connection until it closed. Here a message is read into a buffer that is
// let go once the message is decoded when it grew past a small size, and a
// message over the cap is skipped without being buffered, answered with an
// error naming the limit, and the connection goes on.
//
// JSON-RPC batches (allowed before protocol 2025-06-18) are refused with an
// error answer, as the HTTP transport refuses them.
package lineconn

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Transport connects once over Reader and Writer.
type Transport struct {
	// Reader is the peer's output. It is closed with the connection when
	// it is an io.Closer.
	Reader io.Reader
	// Writer is the peer's input. It is closed with the connection when
	// it is an io.Closer.
	Writer io.Writer
	// MaxMessageBytes is the largest message read; a negative value means
	// no cap here (the reader enforces one itself). Zero takes
	// DefaultMaxMessageBytes.
	MaxMessageBytes int
	// TooLarge is the error text of a message over the cap, given its
	// size so far (at least the cap) and the cap: it should name the
	// setting that raises the cap. Nil says so in general terms.
	TooLarge func(size, limit int) string
	// EndOnBatch makes a batch end the connection with ErrBatch instead of
	// being answered with an error: for a peer whose messages are vetted
	// one by one before they reach here (an upstream server), where a
	// batch is a way around the vetting, not a request to answer.
	EndOnBatch bool
	// OnTooLarge, when set, learns of each message over the cap (to log
	// it): the text TooLarge made.
	OnTooLarge func(text string)
}

// DefaultMaxMessageBytes is the cap of a Transport that sets none.
const DefaultMaxMessageBytes = 4 << 20

// keptBuffer is the largest message buffer a connection keeps between
// messages; a larger one is let go once its message is decoded.
const keptBuffer = 64 << 10

// idPrefix is how much of a message over the cap is kept to find its id,
// so the refusal can answer the request it refuses.
const idPrefix = 4 << 10

// ErrBatch ends a connection whose peer sent a batch, with EndOnBatch.
var ErrBatch = errors.New("a JSON-RPC batch (an array of messages), which toolplane does not accept: send one message per line")

// Connect implements mcp.Transport.
func (t *Transport) Connect(context.Context) (mcp.Connection, error) {
	limit := t.MaxMessageBytes
	if limit == 0 {
		limit = DefaultMaxMessageBytes
	}
	c := &conn{
		t:        t,
		limit:    limit,
		incoming: make(chan incoming),
		closed:   make(chan struct{}),
	}
	go c.readLoop(bufio.NewReaderSize(t.Reader, keptBuffer))
	return c, nil
}

type incoming struct {
	msg jsonrpc.Message
	err error
}

type conn struct {
	t     *Transport
	limit int

	incoming  chan incoming
	closed    chan struct{}
	closeOnce sync.Once
	closeErr  error

	writeMu sync.Mutex
}

// readLoop reads messages until the stream ends or a message cannot be
// decoded (the stream cannot be trusted past it), handing each to Read.
// It runs in its own goroutine so Close unblocks a Read waiting for input.
func (c *conn) readLoop(r *bufio.Reader) {
	var line []byte
	for {
		var err error
		var over int
		line, over, err = c.readLine(r, line[:0])
		if over > 0 {
			c.refuse(line, over)
			line = nil
			continue
		}
		data := bytes.TrimSpace(line)
		if err != nil && err != io.EOF {
			data = nil // a broken read: what came before it is not a message
		}
		var msg jsonrpc.Message
		switch {
		case len(data) == 0 && err == nil:
			continue
		case len(data) == 0:
			// err ends the stream below.
		case data[0] == '[' && c.t.EndOnBatch:
			err = ErrBatch
		case data[0] == '[':
			c.answerError(nil, jsonrpc.CodeInvalidRequest, "JSON-RPC batches are not accepted; send one message per line")
			err = nil
		default:
			// The decoded message copies what it keeps of data.
			msg, err = jsonrpc.DecodeMessage(data)
			if err != nil {
				// %v: a line cut short decodes as io.ErrUnexpectedEOF,
				// which is not the stream ending.
				err = fmt.Errorf("a message that is not JSON-RPC: %v", err)
			}
		}
		if cap(line) > keptBuffer {
			line = nil
		}
		if msg == nil && err == nil {
			continue
		}
		if msg != nil {
			select {
			case c.incoming <- incoming{msg: msg}:
			case <-c.closed:
				return
			}
			if err == nil {
				continue
			}
		}
		select {
		case c.incoming <- incoming{err: err}:
		case <-c.closed:
		}
		return
	}
}

// readLine appends the next line to buf. A line over the cap is not kept
// past its first idPrefix bytes: over is then its size, and the rest of it
// is read and dropped. A read error comes with what was read before it.
func (c *conn) readLine(r *bufio.Reader, buf []byte) (line []byte, over int, err error) {
	size := 0
	for {
		piece, err := r.ReadSlice('\n')
		size += len(piece)
		switch {
		case over > 0:
			over = size
		case c.limit >= 0 && size > c.limit+1: // +1: the newline
			over = size
			if keep := idPrefix - len(buf); keep > 0 {
				buf = append(buf, piece[:min(keep, len(piece))]...)
			}
		default:
			buf = append(buf, piece...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if over > 0 && err != nil && err != io.EOF {
			return buf[:0], 0, err
		}
		return buf, over, err
	}
}

// refuse answers a message over the cap: an error to its id when its first
// bytes name one (a request), nothing otherwise (a notification or a
// response), and tells OnTooLarge.
func (c *conn) refuse(prefix []byte, size int) {
	text := fmt.Sprintf("a message of more than %d bytes is larger than the limit of %d bytes", size-1, c.limit)
	if c.t.TooLarge != nil {
		text = c.t.TooLarge(size, c.limit)
	}
	if c.t.OnTooLarge != nil {
		c.t.OnTooLarge(text)
	}
	if id, ok := leadingID(prefix); ok {
		c.answerError(id, jsonrpc.CodeInvalidRequest, text)
	}
}

// leadingID finds the "id" member of a message from its first bytes: the
// members before it must be complete in prefix.
func leadingID(prefix []byte) (json.RawMessage, bool) {
	dec := json.NewDecoder(bytes.NewReader(prefix))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil, false
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, false
		}
		if key == "id" {
			if len(value) == 0 || (value[0] != '"' && value[0] != '-' && (value[0] < '0' || value[0] > '9')) {
				return nil, false
			}
			return value, true
		}
	}
	return nil, false
}

// answerError writes a JSON-RPC error response to id (null when nil).
func (c *conn) answerError(id json.RawMessage, code int64, message string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	text, _ := json.Marshal(message)
	data := []byte(`{"jsonrpc":"2.0","id":` + string(id) + `,"error":{"code":` + fmt.Sprint(code) + `,"message":` + string(text) + "}}\n")
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, _ = c.t.Writer.Write(data)
}

// Read implements mcp.Connection.
func (c *conn) Read(ctx context.Context) (jsonrpc.Message, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case in := <-c.incoming:
		return in.msg, in.err
	case <-c.closed:
		return nil, io.EOF
	}
}

// Write implements mcp.Connection.
func (c *conn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("encoding a message: %w", err)
	}
	data = append(data, '\n')
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err = c.t.Writer.Write(data)
	return err
}

// Close implements mcp.Connection: it closes the reader and the writer
// (those that are closers) and unblocks Read.
func (c *conn) Close() error {
	c.closeOnce.Do(func() {
		close(c.closed)
		var errs []error
		if rc, ok := c.t.Reader.(io.Closer); ok {
			errs = append(errs, rc.Close())
		}
		if wc, ok := c.t.Writer.(io.Closer); ok {
			errs = append(errs, wc.Close())
		}
		c.closeErr = errors.Join(errs...)
	})
	return c.closeErr
}

// SessionID implements mcp.Connection: a stream has none.
func (c *conn) SessionID() string { return "" }
