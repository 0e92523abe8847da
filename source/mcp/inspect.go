package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"
)

// Every message a server sends passes an inspector before the SDK decodes
// it (see lineReader for stdio, limitedBody and sseFilter for HTTP). The
// SDK decodes a result in full, and decoding multiplies its size many
// times, so the bounds of Limits are checked on the raw bytes, in one pass
// that allocates nothing: a result that is too big, too deep or has too
// many values or content blocks becomes a JSON-RPC error answering the
// same call, so only that call fails and the connection stays up.
// Notifications other than tools/list_changed are dropped (toolplane uses
// no other), and requests from the server are rate-limited.

// codeUpstreamLimit is the JSON-RPC error code of a result the inspector
// refused.
const codeUpstreamLimit = -32099

// msgShape is what one pass over a JSON-RPC message learns.
type msgShape struct {
	id        []byte // raw id at the top level, nil if none
	method    []byte // raw method string (quoted), nil if none
	hasResult bool
	hasError  bool
	resultLen int  // bytes of the result value
	errorLen  int  // bytes of the error value
	depth     int  // deepest nesting seen
	values    int  // approximate count of JSON values: containers plus commas
	blocks    int  // elements of result.content
	tools     int  // elements of result.tools
	listing   bool // the result has a "tools" member: a tools/list answer
}

// scanMessage walks a JSON text once without allocating. It assumes the
// text is JSON; on anything else its findings are meaningless but bounded,
// and the SDK's decoder rejects the message.
func scanMessage(data []byte) msgShape {
	var (
		sh       msgShape
		depth    int
		inStr    bool
		esc      bool
		strStart int
		prev     byte    = 0 // last significant byte outside strings
		isObj    [4]bool     // container kinds at depths 1..3
		key1     []byte      // current key of the top-level object
		valStart = -1        // start of key1's value
		key2     []byte      // current key of the result object
		inResult bool        // the depth-2 container is the result object
		items    *int        // counts the elements of result.content or result.tools
	)
	valueStarts := func(i int) {
		if depth == 1 && valStart < 0 {
			valStart = i
		}
		if items != nil && depth == 3 && *items == 0 {
			*items = 1
		}
	}
	valueEnds := func(i int) {
		if depth != 1 || valStart < 0 {
			return
		}
		v := bytes.TrimSpace(data[valStart:i])
		switch string(key1) {
		case "id":
			sh.id = v
		case "method":
			sh.method = v
		case "result":
			sh.hasResult, sh.resultLen = true, len(v)
		case "error":
			sh.hasError, sh.errorLen = true, len(v)
		}
		valStart = -1
	}
	for i, b := range data {
		if inStr {
			switch {
			case esc:
				esc = false
			case b == '\\':
				esc = true
			case b == '"':
				inStr = false
				isKey := depth <= 3 && depth > 0 && isObj[depth] && (prev == '{' || prev == ',')
				if isKey {
					switch depth {
					case 1:
						key1 = unescapeKey(data[strStart+1 : i])
					case 2:
						if inResult {
							key2 = unescapeKey(data[strStart+1 : i])
							if string(key2) == "tools" {
								sh.listing = true
							}
						}
					}
				}
				prev = '"'
			}
			continue
		}
		switch b {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
			if !(depth <= 3 && depth > 0 && isObj[depth] && (prev == '{' || prev == ',')) {
				valueStarts(i)
			}
			inStr, strStart = true, i
			continue
		case '{', '[':
			valueStarts(i)
			depth++
			sh.values++
			if depth > sh.depth {
				sh.depth = depth
			}
			if depth <= 3 {
				isObj[depth] = b == '{'
			}
			switch {
			case depth == 2 && b == '{' && string(key1) == "result":
				inResult = true
			case depth == 3 && b == '[' && inResult && string(key2) == "content":
				items = &sh.blocks
			case depth == 3 && b == '[' && inResult && string(key2) == "tools":
				items = &sh.tools
			}
		case '}', ']':
			if depth == 1 {
				valueEnds(i)
			}
			switch depth {
			case 2:
				inResult = false
			case 3:
				items = nil
			}
			depth--
		case ',':
			sh.values++
			if depth == 1 {
				valueEnds(i)
			}
			if items != nil && depth == 3 {
				*items++
			}
		case ':':
		default:
			if prev == ':' || prev == ',' || prev == '[' || (prev == 0 && depth == 0) {
				valueStarts(i)
			}
		}
		prev = b
	}
	return sh
}

// unescapeKey decodes a key written with escapes ("con\u0074ent" is
// "content" to the decoder, so it must be here too); keys without a
// backslash, all of them in practice, are returned as they are.
func unescapeKey(raw []byte) []byte {
	if bytes.IndexByte(raw, '\\') < 0 {
		return raw
	}
	var s string
	if json.Unmarshal(append(append([]byte{'"'}, raw...), '"'), &s) != nil {
		return raw
	}
	return []byte(s)
}

// inspector checks the messages of one connection.
type inspector struct {
	server string
	limits *Limits
	// refreshQueued reports whether a catalog refresh is queued and not
	// begun; a tools/list_changed notification then changes nothing.
	refreshQueued func() bool

	mu       sync.Mutex
	tokens   float64   // request budget
	last     time.Time // when tokens was refilled
	dropped  int       // requests and notifications dropped
	refusals int       // results refused
}

func newInspector(server string, limits *Limits) *inspector {
	return &inspector{server: server, limits: limits, tokens: maxServerRequestBurst, last: time.Now()}
}

// inspect returns what to pass on in place of msg: msg itself, an error
// answer to the same call, or nil to drop it.
func (in *inspector) inspect(msg []byte) []byte {
	if t := bytes.TrimLeft(msg, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		return msg // not a message (or a batch): the connection fails, saying so
	}
	sh := scanMessage(msg)
	if sh.method != nil {
		return in.inbound(msg, sh)
	}
	if !validID(sh.id) {
		// An answer to nothing toolplane can have asked (no id, or one of
		// a type toolplane never sends): dropped rather than left for the
		// SDK, which would end the connection on it.
		in.mu.Lock()
		in.dropped++
		in.mu.Unlock()
		return nil
	}
	var why string
	switch {
	case sh.resultLen > in.limits.MaxResultBytes:
		why = fmt.Sprintf("the server returned a result of %s; the limit is %s ([mcp] max_result_bytes)", byteSize(sh.resultLen), byteSize(in.limits.MaxResultBytes))
	case sh.tools > in.limits.MaxTools:
		why = fmt.Sprintf("the server listed %d tools in one page; the limit is [mcp] max_tools = %d", sh.tools, in.limits.MaxTools)
	case sh.listing && sh.depth > maxListingDepth:
		// Schemas nest more than results; each is vetted on its own.
		why = fmt.Sprintf("the server listed tools nested more than %d levels deep", maxListingDepth)
	case !sh.listing && sh.depth > maxResultDepth+2: // + the message and the result object
		why = fmt.Sprintf("the server returned a result nested more than %d levels deep; the limit is %d", maxResultDepth, maxResultDepth)
	case sh.values > maxResultValues:
		why = fmt.Sprintf("the server returned a result of more than %d JSON values; the limit is %d", maxResultValues, maxResultValues)
	case sh.blocks > maxContentBlocks:
		why = fmt.Sprintf("the server returned %d content blocks; the limit is %d", sh.blocks, maxContentBlocks)
	case sh.hasError && sh.errorLen > maxErrorMessageBytes:
		return in.cutError(msg, sh)
	default:
		return msg
	}
	in.mu.Lock()
	in.refusals++
	in.mu.Unlock()
	return errorAnswer(sh.id, codeUpstreamLimit, why)
}

// inbound handles a request or notification from the server.
func (in *inspector) inbound(msg []byte, sh msgShape) []byte {
	if sh.id == nil || bytes.Equal(sh.id, []byte("null")) {
		// Notifications: toolplane acts on tools/list_changed only
		// (folded, see server.toolsChangedLater); progress and log messages
		// of upstream servers are not forwarded to toolplane's clients.
		if string(sh.method) == `"notifications/tools/list_changed"` && (in.refreshQueued == nil || !in.refreshQueued()) {
			return msg
		}
		in.mu.Lock()
		in.dropped++
		in.mu.Unlock()
		return nil
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	now := time.Now()
	in.tokens = min(maxServerRequestBurst, in.tokens+now.Sub(in.last).Seconds()*maxServerRequestRate)
	in.last = now
	if in.tokens < 1 {
		in.dropped++
		return nil
	}
	in.tokens--
	return msg
}

// cutError shortens the message of an error answer.
func (in *inspector) cutError(msg []byte, sh msgShape) []byte {
	var m struct {
		Error struct {
			Code    int64  `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(msg, &m) != nil {
		return errorAnswer(sh.id, codeUpstreamLimit, fmt.Sprintf("the server returned an error of %s that is not valid JSON-RPC", byteSize(sh.errorLen)))
	}
	return errorAnswer(sh.id, m.Error.Code, truncate(m.Error.Message, maxErrorMessageBytes))
}

// validID reports whether id is a JSON-RPC id toolplane could have sent:
// an integer or a string.
func validID(id []byte) bool {
	if len(id) == 0 {
		return false
	}
	if id[0] == '"' {
		return len(id) >= 2 && id[len(id)-1] == '"'
	}
	_, err := strconv.ParseInt(string(id), 10, 64)
	return err == nil
}

// errorAnswer is a JSON-RPC error response to id.
func errorAnswer(id []byte, code int64, message string) []byte {
	b, _ := json.Marshal(message)
	return []byte(`{"jsonrpc":"2.0","id":` + string(id) + `,"error":{"code":` + strconv.FormatInt(code, 10) + `,"message":` + string(b) + "}}\n")
}

// truncate cuts s to at most n bytes on a rune boundary, saying how much
// was cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && cut < len(s) && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + fmt.Sprintf("… (%s more cut by toolplane)", byteSize(len(s)-cut))
}

// lineReader turns a server's stdout into the stream the SDK reads: whole
// lines, each passed through the inspector. A line longer than limit is
// not buffered further: the read fails with errMessageTooLarge, which ends
// the connection (a stream cannot be resynchronised inside a message).
type lineReader struct {
	r       interface{ Read([]byte) (int, error) }
	closeFn func() error
	limit   int
	inspect func([]byte) []byte

	buf   []byte // buf[start:] is read and not yet split into lines
	start int
	scan  int    // buf[start:scan] holds no newline
	out   []byte // what the SDK reads next
	err   error
}

func newLineReader(r interface{ Read([]byte) (int, error) }, closeFn func() error, limit int, inspect func([]byte) []byte) *lineReader {
	return &lineReader{r: r, closeFn: closeFn, limit: limit, inspect: inspect}
}

// Read implements io.Reader.
func (l *lineReader) Read(p []byte) (int, error) {
	for len(l.out) == 0 {
		if i := bytes.IndexByte(l.buf[l.scan:], '\n'); i >= 0 {
			end := l.scan + i + 1
			line := l.buf[l.start:end]
			l.start, l.scan = end, end
			if out := l.inspect(line); out != nil {
				// Copied: buf is reused once this line is consumed.
				l.out = append([]byte(nil), out...)
			}
			continue
		}
		l.scan = len(l.buf)
		if l.err != nil {
			if l.start < len(l.buf) {
				// A last line without a newline.
				line := l.buf[l.start:]
				l.start = len(l.buf)
				if out := l.inspect(line); out != nil {
					l.out = append([]byte(nil), out...)
				}
				continue
			}
			return 0, l.err
		}
		if len(l.buf)-l.start > l.limit {
			l.err = messageTooLargeError(l.limit - messageSlack)
			l.buf, l.start, l.scan = nil, 0, 0
			return 0, l.err
		}
		// Drop consumed lines, then make room to read. A buffer grown
		// for a large line is let go once that line is consumed: kept, a
		// server that sent one 16 MB message had its connection hold the
		// buffer for as long as it lived.
		if l.start > 0 {
			if rest := l.buf[l.start:]; cap(l.buf) > maxIdleLineBuffer && len(rest) <= maxIdleLineBuffer/4 {
				l.buf = append(make([]byte, 0, 64<<10), rest...)
			} else {
				l.buf = l.buf[:copy(l.buf, rest)]
			}
			l.scan, l.start = l.scan-l.start, 0
		}
		if cap(l.buf)-len(l.buf) < 32<<10 {
			grown := make([]byte, len(l.buf), min(max(2*cap(l.buf), 64<<10), l.limit+64<<10))
			copy(grown, l.buf)
			l.buf = grown
		}
		n, err := l.r.Read(l.buf[len(l.buf):cap(l.buf)])
		l.buf = l.buf[:len(l.buf)+n]
		if err != nil {
			l.err = err
		}
	}
	n := copy(p, l.out)
	if l.out = l.out[n:]; len(l.out) == 0 {
		l.out = nil // an empty tail still holds the whole line
	}
	return n, nil
}

// maxIdleLineBuffer is the largest buffer a lineReader keeps between
// lines.
const maxIdleLineBuffer = 256 << 10

// Close implements io.Closer.
func (l *lineReader) Close() error { return l.closeFn() }
