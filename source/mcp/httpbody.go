package mcp

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
)

// messageBody is the body of an HTTP answer that holds one message (or an
// error page): read in full up to limit, which it must not exceed (a gzip
// bomb counts as what it inflates to), then passed through inspect when
// set. The SDK reads such bodies with io.ReadAll; without the bound a
// server could make it buffer gigabytes.
type messageBody struct {
	body    io.ReadCloser
	limit   int
	inspect func([]byte) []byte
	onLimit func(error)

	read bool
	out  []byte
	err  error
}

func (b *messageBody) Read(p []byte) (int, error) {
	if !b.read {
		b.read = true
		data, err := io.ReadAll(io.LimitReader(b.body, int64(b.limit)+1))
		switch {
		case err != nil:
			b.err = err
		case len(data) > b.limit:
			b.err = messageTooLargeError(b.limit - messageSlack)
			if b.onLimit != nil {
				b.onLimit(b.err)
			}
		default:
			b.out, b.err = data, io.EOF
			if b.inspect != nil {
				if out := b.inspect(data); out != nil {
					b.out = out
				}
			}
		}
	}
	if len(b.out) == 0 {
		return 0, b.err
	}
	n := copy(p, b.out)
	b.out = b.out[n:]
	return n, nil
}

func (b *messageBody) Close() error { return b.body.Close() }

// sseFilter is an SSE stream (text/event-stream) whose message events pass
// inspect: each event's data is bounded by limit, a refused result is
// replaced by the error that answers its call, and a dropped message
// leaves an event without data (its id still counts for resumption). A
// stream that never ends costs nothing but the call that waits on it,
// which its timeout ends.
type sseFilter struct {
	body    io.ReadCloser
	r       *bufio.Reader
	limit   int
	inspect func([]byte) []byte
	onLimit func(error)

	lines   [][]byte // lines of the event being read, without data lines
	data    []byte   // joined data of the event being read
	hasData bool
	name    []byte
	size    int

	out []byte
	err error
}

func newSSEFilter(body io.ReadCloser, limit int, inspect func([]byte) []byte) *sseFilter {
	return &sseFilter{body: body, r: bufio.NewReaderSize(body, 64<<10), limit: limit, inspect: inspect}
}

// readLine reads one line of at most the remaining event budget.
func (f *sseFilter) readLine() ([]byte, error) {
	var line []byte
	for {
		chunk, err := f.r.ReadSlice('\n')
		line = append(line, chunk...)
		if f.size+len(line) > f.limit {
			err := messageTooLargeError(f.limit - messageSlack)
			if f.onLimit != nil {
				f.onLimit(err)
			}
			return nil, err
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return line, err
	}
}

func (f *sseFilter) Read(p []byte) (int, error) {
	for len(f.out) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		line, err := f.readLine()
		if err != nil && len(line) == 0 {
			f.flush()
			f.err = err
			continue
		}
		f.size += len(line)
		trimmed := bytes.TrimRight(line, "\r\n")
		switch {
		case len(trimmed) == 0:
			f.flush()
		case bytes.HasPrefix(trimmed, []byte("data:")):
			v := bytes.TrimPrefix(trimmed[len("data:"):], []byte(" "))
			if f.hasData {
				f.data = append(f.data, '\n')
			}
			f.data, f.hasData = append(f.data, v...), true
		case bytes.HasPrefix(trimmed, []byte("retry:")):
			// The server's reconnection delay: never shorter than
			// minSSERetry. A stream that ends after each event with a
			// fresh id looks like progress to the client, which would
			// reconnect as fast as "retry: 1" asks, for ever.
			if ms, err := strconv.ParseInt(string(bytes.TrimSpace(trimmed[len("retry:"):])), 10, 64); err == nil && ms < minSSERetry.Milliseconds() {
				trimmed = []byte("retry: " + strconv.FormatInt(minSSERetry.Milliseconds(), 10))
			}
			f.lines = append(f.lines, append(trimmed[:len(trimmed):len(trimmed)], '\n'))
		default:
			if bytes.HasPrefix(trimmed, []byte("event:")) {
				f.name = bytes.TrimSpace(trimmed[len("event:"):])
			}
			f.lines = append(f.lines, append(trimmed[:len(trimmed):len(trimmed)], '\n'))
		}
		if err != nil {
			f.flush()
			f.err = err
		}
	}
	n := copy(p, f.out)
	f.out = f.out[n:]
	return n, nil
}

// flush emits the event read so far, its data inspected.
func (f *sseFilter) flush() {
	if len(f.lines) == 0 && !f.hasData {
		return
	}
	var ev bytes.Buffer
	for _, l := range f.lines {
		ev.Write(l)
	}
	if f.hasData {
		data := f.data
		if len(f.name) == 0 || string(f.name) == "message" {
			data = f.inspect(data)
		}
		data = bytes.TrimRight(data, "\n")
		for _, l := range bytes.Split(data, []byte("\n")) {
			if len(data) == 0 {
				break // dropped: the event keeps its id, loses its data
			}
			ev.WriteString("data: ")
			ev.Write(bytes.TrimRight(l, "\r"))
			ev.WriteByte('\n')
		}
	}
	ev.WriteByte('\n')
	f.out = ev.Bytes()
	f.lines, f.data, f.hasData, f.name, f.size = nil, nil, false, nil, 0
}

func (f *sseFilter) Close() error { return f.body.Close() }
