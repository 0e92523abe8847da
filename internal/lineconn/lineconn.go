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
	// MaxInFlight caps the requests read and not yet answered; a request
	// over it is answered at once with an error and never handed on.
	// Zero means no cap. The peer's requests each hold a handler, their
	// decoded arguments (several times their size) and whatever they wait
	// for (a session's previous run, a run slot) until answered: without a
	// cap a peer that sends without waiting for answers holds as much as
	// it can write (a thousand 100 kB snippets queued behind one run held
	// 890 MB). MaxInFlightBytes caps the bytes of those requests larger
	// than freeRequestBytes the same way (zero: no cap): a request that
	// would take them over it is refused unless it is the only one.
	MaxInFlight, MaxInFlightBytes int
	// Busy is the error text of a request refused by MaxInFlight or
	// MaxInFlightBytes, given the requests and bytes in flight: it should
	// say what to do. Nil says so in general terms.
	Busy func(requests, bytes int) string
}

// freeRequestBytes is the largest request MaxInFlightBytes does not
// count: a client's requests are a few kilobytes, and MaxInFlight of them
// are little.
const freeRequestBytes = 16 << 10

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

	// inFlight are the requests read and not yet answered, with the size
	// each counts against MaxInFlightBytes; flightBytes is their sum.
	flightMu    sync.Mutex
	inFlight    map[jsonrpc.ID]int
	flightBytes int
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
				err = notJSONRPC(data)
			}
		}
		if cap(line) > keptBuffer {
			line = nil
		}
		if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() && !c.admit(req, len(data)) {
			msg = nil
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

// notJSONRPC is the error of a line the decoder refused, saying what is
// wrong with it in words of its own: the decoder's error quotes the
// offending value (its "jsonrpc" member whole, 32 bytes of others), and
// this error is shown where the peer's text must not go unvetted (an
// upstream's garbage reaches every caller of its tools, with the secrets
// it was started with hidden only in what is quoted on purpose), and at
// any length. Not wrapping the decoder's error also keeps a line cut
// short (io.ErrUnexpectedEOF inside) from reading as the stream ending.
func notJSONRPC(data []byte) error {
	var probe map[string]json.RawMessage
	err := json.Unmarshal(data, &probe)
	var syntax *json.SyntaxError
	var kind *json.UnmarshalTypeError
	var why string
	switch {
	case errors.As(err, &syntax):
		// The syntax error names one character at most.
		why = fmt.Sprintf("%d bytes that are not JSON (%v, at byte %d)", len(data), err, syntax.Offset)
	case errors.As(err, &kind):
		why = "JSON that is not an object"
	case err != nil:
		why = fmt.Sprintf("%d bytes that are not JSON", len(data))
	case string(probe["jsonrpc"]) != `"2.0"`:
		why = `an object whose "jsonrpc" member is not "2.0"`
	default:
		why = "an object whose id, method, params, result or error is not of its type"
	}
	return fmt.Errorf("a message that is not JSON-RPC: %s", why)
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

// admit records a request read, or answers it with an error and reports
// false when its id is in use by a request in progress or it is over
// MaxInFlight or MaxInFlightBytes.
func (c *conn) admit(req *jsonrpc.Request, size int) bool {
	c.flightMu.Lock()
	if _, dup := c.inFlight[req.ID]; dup {
		c.flightMu.Unlock()
		// Answered here: the SDK answers a duplicate id with a null id,
		// which no in-flight entry matches.
		id, _ := json.Marshal(req.ID.Raw())
		c.answerError(id, jsonrpc.CodeInvalidRequest, fmt.Sprintf("request id %s is already used by a request in progress: give each request its own id", id))
		return false
	}
	counted := 0
	if size > freeRequestBytes {
		counted = size
	}
	requests, bytes := len(c.inFlight), c.flightBytes
	over := (c.t.MaxInFlight > 0 && requests >= c.t.MaxInFlight) ||
		(c.t.MaxInFlightBytes > 0 && counted > 0 && bytes > 0 && bytes+counted > c.t.MaxInFlightBytes)
	if !over {
		if c.inFlight == nil {
			c.inFlight = make(map[jsonrpc.ID]int)
		}
		c.inFlight[req.ID] = counted
		c.flightBytes += counted
	}
	c.flightMu.Unlock()
	if over {
		text := fmt.Sprintf("%d requests (%d bytes) are in progress, the most this connection takes at once: wait for their answers before sending more", requests, bytes)
		if c.t.Busy != nil {
			text = c.t.Busy(requests, bytes)
		}
		id, _ := json.Marshal(req.ID.Raw())
		c.answerError(id, jsonrpc.CodeInvalidRequest, text)
	}
	return !over
}

// answered lets go of the in-flight entry of the request msg answers.
func (c *conn) answered(msg jsonrpc.Message) {
	res, ok := msg.(*jsonrpc.Response)
	if !ok || !res.ID.IsValid() {
		return
	}
	c.flightMu.Lock()
	defer c.flightMu.Unlock()
	if n, ok := c.inFlight[res.ID]; ok {
		delete(c.inFlight, res.ID)
		c.flightBytes -= n
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
	// The request is done once it is answered (even if the answer is not
	// written): the peer may send the next as soon as it reads this one.
	c.answered(msg)
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
