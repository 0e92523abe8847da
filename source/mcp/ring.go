package mcp

import (
	"strings"
	"sync"
)

// ringBuffer keeps the last size bytes written to it, so a chatty server's
// stderr cannot grow toolplane's memory while the recent lines stay available
// for errors and status.
type ringBuffer struct {
	mu    sync.Mutex
	buf   []byte
	start int   // index of the oldest byte once the buffer has wrapped
	full  bool  // the buffer has wrapped at least once
	total int64 // bytes ever written
}

func newRingBuffer(size int) *ringBuffer {
	return &ringBuffer{buf: make([]byte, 0, size)}
}

// Write stores p, dropping the oldest bytes beyond the buffer's size. It never
// fails, so a process writing to it is never blocked by it.
func (r *ringBuffer) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := len(p)
	r.total += int64(n)
	size := cap(r.buf)
	if size == 0 {
		return n, nil
	}
	if len(p) >= size {
		r.buf = append(r.buf[:0], p[len(p)-size:]...)
		r.start, r.full = 0, true
		return n, nil
	}
	for len(p) > 0 {
		if !r.full {
			room := size - len(r.buf)
			k := min(room, len(p))
			r.buf = append(r.buf, p[:k]...)
			p = p[k:]
			if len(r.buf) == size {
				r.full = true
				r.start = 0
			}
			continue
		}
		k := copy(r.buf[r.start:], p)
		p = p[k:]
		r.start = (r.start + k) % size
	}
	return n, nil
}

// wrapped reports whether bytes have been dropped.
func (r *ringBuffer) wrapped() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.full && r.total > int64(cap(r.buf))
}

// Bytes returns a copy of the kept bytes, oldest first.
func (r *ringBuffer) Bytes() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.full {
		return append([]byte(nil), r.buf...)
	}
	out := make([]byte, 0, len(r.buf))
	out = append(out, r.buf[r.start:]...)
	return append(out, r.buf[:r.start]...)
}

// Tail returns at most the last max bytes, starting at a line boundary when
// one is available, with surrounding whitespace trimmed and escapes and
// control characters removed (SanitizeText).
func (r *ringBuffer) Tail(max int) string { return tailText(string(r.Bytes()), max) }

// tailText is Tail of text: the last max bytes, from a line boundary when
// there is one, trimmed and sanitized. Callers that hide secrets hide them
// in the whole text first, so a cut cannot leave half of one showing.
func tailText(b string, max int) string {
	if len(b) > max {
		b = b[len(b)-max:]
		if i := strings.IndexByte(b, '\n'); i >= 0 && i < len(b)-1 {
			b = b[i+1:]
		}
	}
	// What a server wrote is shown to agents and terminals: cleaned.
	return strings.TrimSpace(SanitizeText(b))
}
