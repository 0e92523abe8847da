package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// HTTPLimits bound what one HTTP client can hold of the server: time to
// send headers and bodies, body size, time a response may wait on a client
// that does not read, idle and concurrent connections, and concurrent
// requests per token. Zero fields take the defaults; a negative count
// disables that cap (behind a proxy that already enforces one, say).
//
// Deadlines are per phase, never on the whole connection, so a long-lived
// response (an SSE stream, a long run) is not cut: each write gets its own
// deadline, and the body deadline is lifted once the body is read.
type HTTPLimits struct {
	// HeaderTimeout bounds reading a request's headers (slow headers).
	HeaderTimeout time.Duration
	// BodyTimeout bounds reading a request's body, counted from the end of
	// its headers (slow bodies: a client dribbling bytes).
	BodyTimeout time.Duration
	// MaxBodyBytes bounds a request body; more is 413.
	MaxBodyBytes int64
	// WriteTimeout bounds each write of a response: a client that reads
	// nothing for this long is dropped (slow reads).
	WriteTimeout time.Duration
	// IdleTimeout closes a keep-alive connection idle this long.
	IdleTimeout time.Duration
	// MaxConnections caps open connections; MaxConnectionsPerIP caps them
	// per client address. A connection over a cap is closed at once. A
	// token's requests in progress (GET streams included) and its
	// connections kept alive for its next request take at most its fair
	// share of either (see holdShares, connPlace).
	MaxConnections, MaxConnectionsPerIP int
	// MaxHeaderBytes bounds a request's header lines, read before the
	// token is checked: with net/http's default (1 MiB) every connection
	// could hold a megabyte unauthenticated, a gigabyte over
	// MaxConnections. An MCP client sends a few hundred bytes.
	MaxHeaderBytes int
	// MaxRequestsPerSubject caps the requests one authenticated subject
	// has in progress (POSTs and DELETEs; a session's standalone SSE
	// stream is bounded by the session caps instead); more are 429.
	MaxRequestsPerSubject int
}

// Defaults of HTTPLimits.
const (
	DefaultHeaderTimeout         = 10 * time.Second
	DefaultBodyTimeout           = 30 * time.Second
	DefaultMaxBodyBytes          = 4 << 20
	DefaultMaxHeaderBytes        = 64 << 10
	DefaultWriteTimeout          = 60 * time.Second
	DefaultIdleTimeout           = 2 * time.Minute
	DefaultMaxConnections        = 1024
	DefaultMaxConnectionsPerIP   = 256
	DefaultMaxRequestsPerSubject = 128
)

func (l HTTPLimits) withDefaults() HTTPLimits {
	dur := func(d *time.Duration, def time.Duration) {
		if *d <= 0 {
			*d = def
		}
	}
	dur(&l.HeaderTimeout, DefaultHeaderTimeout)
	dur(&l.BodyTimeout, DefaultBodyTimeout)
	dur(&l.WriteTimeout, DefaultWriteTimeout)
	dur(&l.IdleTimeout, DefaultIdleTimeout)
	if l.MaxBodyBytes <= 0 {
		l.MaxBodyBytes = DefaultMaxBodyBytes
	}
	count := func(n *int, def int) {
		if *n == 0 {
			*n = def
		}
	}
	if l.MaxHeaderBytes <= 0 {
		l.MaxHeaderBytes = DefaultMaxHeaderBytes
	}
	count(&l.MaxConnections, DefaultMaxConnections)
	count(&l.MaxConnectionsPerIP, DefaultMaxConnectionsPerIP)
	count(&l.MaxRequestsPerSubject, DefaultMaxRequestsPerSubject)
	return l
}

// limitBodies reads every request body up front, within BodyTimeout and
// MaxBodyBytes, so no handler (the MCP endpoint, a plugin route) waits on
// a slow client or buffers a huge one; and it gives every response write
// its own WriteTimeout.
func (s *Server) limitBodies(next http.Handler) http.Handler {
	lim := s.httpLimits
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		if r.Body != nil && r.Body != http.NoBody {
			if r.ContentLength > lim.MaxBodyBytes {
				http.Error(w, fmt.Sprintf("413 request body of %d bytes is larger than the limit of %d", r.ContentLength, lim.MaxBodyBytes), http.StatusRequestEntityTooLarge)
				return
			}
			_ = rc.SetReadDeadline(time.Now().Add(lim.BodyTimeout))
			src := http.MaxBytesReader(w, r.Body, lim.MaxBodyBytes)
			// A small body is read at once; a larger one (or one of
			// unknown length past its first freeBodyBytes) first takes its
			// share of the bodies in progress (see bodyBudget) and holds it
			// until the request is answered: decoding a body costs up to
			// ten times its size.
			var head []byte
			var err error
			large := r.ContentLength > freeBodyBytes
			if r.ContentLength < 0 {
				head = make([]byte, freeBodyBytes+1)
				var n int
				n, err = io.ReadFull(src, head)
				head = head[:n]
				switch err {
				case io.EOF, io.ErrUnexpectedEOF:
					err = nil
				case nil:
					large = true
				}
			}
			if large && err == nil {
				subject, _ := r.Context().Value(subjectKey{}).(string)
				want := lim.MaxBodyBytes
				if r.ContentLength >= 0 {
					want = r.ContentLength
				}
				bctx, cancel := context.WithTimeout(r.Context(), lim.BodyTimeout)
				held, aerr := s.bodies.acquire(bctx, subject, want)
				cancel()
				if aerr != nil {
					w.Header().Set("Connection", "close")
					w.Header().Set("Retry-After", "1")
					http.Error(w, fmt.Sprintf("503 too many large request bodies in progress (at most %s of bodies over %s at once, a token holding no more than is left free: half for one); retry, or send smaller requests", sizeText(s.bodies.max), sizeText(freeBodyBytes)), http.StatusServiceUnavailable)
					return
				}
				defer func() { s.bodies.release(subject, held) }()
				// The wait does not count against the client's time to send.
				_ = rc.SetReadDeadline(time.Now().Add(lim.BodyTimeout))
			}
			var body []byte
			if err == nil && (r.ContentLength >= 0 || len(head) > freeBodyBytes) {
				var rest []byte
				rest, err = io.ReadAll(src)
				if body = rest; head != nil {
					body = append(head, rest...)
				}
			} else {
				body = head
			}
			var tooBig *http.MaxBytesError
			var ne net.Error
			switch {
			case errors.As(err, &tooBig):
				http.Error(w, fmt.Sprintf("413 request body is larger than the limit of %d bytes", lim.MaxBodyBytes), http.StatusRequestEntityTooLarge)
				return
			case errors.As(err, &ne) && ne.Timeout():
				w.Header().Set("Connection", "close")
				http.Error(w, fmt.Sprintf("408 the request body did not arrive within %s", lim.BodyTimeout), http.StatusRequestTimeout)
				return
			case err != nil:
				w.Header().Set("Connection", "close")
				http.Error(w, "400 reading the request body: "+err.Error(), http.StatusBadRequest)
				return
			}
			_ = rc.SetReadDeadline(time.Time{})
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.ContentLength = int64(len(body))
		}
		dw := &deadlineWriter{ResponseWriter: w, rc: rc, timeout: lim.WriteTimeout}
		next.ServeHTTP(dw, r)
		// net/http writes the end of the response after the handler
		// returns; the last write's deadline may have passed long ago (an
		// SSE stream that was quiet).
		dw.arm()
	})
}

// deadlineWriter sets a fresh write deadline before every write and
// flush, so a response may stream for as long as it likes but never waits
// on a client that stopped reading for longer than timeout.
type deadlineWriter struct {
	http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
}

func (d *deadlineWriter) arm() { _ = d.rc.SetWriteDeadline(time.Now().Add(d.timeout)) }

// Write implements http.ResponseWriter.
func (d *deadlineWriter) Write(p []byte) (int, error) {
	d.arm()
	return d.ResponseWriter.Write(p)
}

// Flush implements http.Flusher.
func (d *deadlineWriter) Flush() {
	d.arm()
	_ = d.rc.Flush()
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (d *deadlineWriter) Unwrap() http.ResponseWriter { return d.ResponseWriter }

// subjectLimiter caps the requests each subject has in progress.
type subjectLimiter struct {
	max      int
	mu       sync.Mutex
	inFlight map[string]int
}

// acquire takes a slot for subject, or reports false when it has max.
func (l *subjectLimiter) acquire(subject string) bool {
	if l.max < 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.inFlight[subject] >= l.max {
		return false
	}
	l.inFlight[subject]++
	return true
}

func (l *subjectLimiter) release(subject string) {
	if l.max < 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.inFlight[subject]--; l.inFlight[subject] <= 0 {
		delete(l.inFlight, subject)
	}
}

// tooManyRequests answers a subject over its cap.
func tooManyRequests(w http.ResponseWriter, max int, logID string) {
	w.Header().Set("Retry-After", strconv.Itoa(1))
	http.Error(w, fmt.Sprintf("429 too many requests in progress for this token (the limit is %d; log id %s); wait for some to finish", max, logID), http.StatusTooManyRequests)
}

// limitListener closes connections over the total or per-address cap as
// soon as they are accepted (unless evict makes room): many idle
// connections from one client cannot use up the process's file
// descriptors and lock the others out.
type limitListener struct {
	net.Listener
	max, perIP int
	// evict, when set, closes a connection waiting idle for its next
	// request to make room for one accepted over a cap (perIP: the cap
	// of ip), reporting whether it closed one; hasIdle says whether there
	// is one it would close.
	evict   func(ip string, perIP bool) bool
	hasIdle func(ip string, perIP bool) bool

	mu    sync.Mutex
	total int
	byIP  map[string]int
	// over counts the connections accepted over a cap that wait for
	// their first request (limitedConn.admit), in all and by address.
	over     int
	overByIP map[string]int
}

// maxOverCap bounds the connections accepted over max_connections or
// max_connections_per_ip at once, waiting for a first request that a
// token admits before an idle connection is closed for them (admit); one
// per address. Others over a cap are closed on accept.
const maxOverCap = 4

func newLimitListener(ln net.Listener, lim HTTPLimits) net.Listener {
	if lim.MaxConnections < 0 && lim.MaxConnectionsPerIP < 0 {
		return ln
	}
	return &limitListener{Listener: ln, max: lim.MaxConnections, perIP: lim.MaxConnectionsPerIP, byIP: map[string]int{}, overByIP: map[string]int{}}
}

// Accept returns the next connection within the caps.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := c.RemoteAddr().String()
		if h, _, err := net.SplitHostPort(ip); err == nil {
			ip = h
		}
		l.mu.Lock()
		overIP := l.perIP >= 0 && l.byIP[ip] >= l.perIP
		over := overIP || (l.max >= 0 && l.total >= l.max)
		// Over a cap while places are held by idle connections: the
		// connection is accepted, and an idle one closed for it only once
		// a token admits its first request (admit). Its token is not known
		// at accept: closing one then let a client with no token close
		// the admitted tokens' idle connections over and over.
		pending := over && l.hasIdle != nil && l.over < maxOverCap && l.overByIP[ip] == 0
		l.mu.Unlock()
		if pending && !l.hasIdle(ip, overIP) {
			pending = false
		}
		l.mu.Lock()
		if pending && l.over < maxOverCap && l.overByIP[ip] == 0 {
			l.over++
			l.overByIP[ip]++
		} else {
			pending = false
		}
		if !over || pending {
			l.total++
			l.byIP[ip]++
		}
		l.mu.Unlock()
		if over && !pending {
			_ = c.Close()
			continue
		}
		lc := &limitedConn{Conn: c, l: l, ip: ip}
		lc.pending.Store(pending)
		return lc, nil
	}
}

type limitedConn struct {
	net.Conn
	l    *limitListener
	ip   string
	once sync.Once
	// pending says the connection was accepted over a cap and waits for
	// its first admitted request (admit).
	pending atomic.Bool
}

// admit is called as a token admits a request the connection carries. A
// connection accepted over a cap then takes the place of an idle
// connection (limitListener.evict), or is refused (false) when none is
// left to close and the caps are still full, with the key of the cap.
func (c *limitedConn) admit() (key string, limit int, ok bool) {
	if !c.pending.Load() {
		return "", 0, true
	}
	l := c.l
	l.mu.Lock()
	// This connection is counted: over means past the cap.
	overIP := l.perIP >= 0 && l.byIP[c.ip] > l.perIP
	over := overIP || (l.max >= 0 && l.total > l.max)
	l.mu.Unlock()
	if over && (l.evict == nil || !l.evict(c.ip, overIP)) {
		if overIP {
			return "max_connections_per_ip", l.perIP, false
		}
		return "max_connections", l.max, false
	}
	c.settle()
	return "", 0, true
}

// settle ends the connection's wait over a cap.
func (c *limitedConn) settle() {
	if c.pending.CompareAndSwap(true, false) {
		c.l.mu.Lock()
		c.l.over--
		if c.l.overByIP[c.ip]--; c.l.overByIP[c.ip] <= 0 {
			delete(c.l.overByIP, c.ip)
		}
		c.l.mu.Unlock()
	}
}

// Close releases the connection's place under the caps.
func (c *limitedConn) Close() error {
	c.once.Do(func() {
		c.settle()
		c.l.mu.Lock()
		c.l.total--
		if c.l.byIP[c.ip]--; c.l.byIP[c.ip] <= 0 {
			delete(c.l.byIP, c.ip)
		}
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

// freeBodyBytes is the largest request body read without taking a share
// of the bodies budget: the requests of MCP clients (a snippet, a search)
// are a few kilobytes, and at most MaxConnections of them are read at
// once.
const freeBodyBytes = 16 << 10

// bodyBudget bounds the bytes of large request bodies the server holds at
// once, from reading them to answering them. Each request's body is
// bounded (MaxBodyBytes), but a token may have MaxRequestsPerSubject
// requests in progress, and the SDK decodes a body into up to ten times
// its size, which the collector (GOGC 400) lets grow further before it
// runs: 64 concurrent 4 MiB requests of one token (a million names for
// get_capability_schemas, an object of 600,000 keys) took the server to
// 2.4 GiB. The budget is two bodies of the largest size; a request over
// budget waits for room (within BodyTimeout), then gets 503. Small bodies
// (freeBodyBytes) never wait.
//
// The budget is shared as the audit queue is: a subject takes bytes only
// while it would hold no more than is left free after them. One subject
// holds at most half (one body of the largest size), k subjects about
// 1/(k+1) each, and a subject holding less always finds room for a
// body of a fair size. With a plain half per subject, two tokens each
// holding one large execute_code whose run lasted took the whole budget,
// and every other token's large requests were refused for as long.
type bodyBudget struct {
	max, perSubject int64

	mu        sync.Mutex
	total     int64
	bySubject map[string]int64
	changed   chan struct{} // closed and replaced at every release
}

func newBodyBudget(maxBody int64) *bodyBudget {
	return &bodyBudget{max: 2 * maxBody, perSubject: maxBody, bySubject: map[string]int64{}, changed: make(chan struct{})}
}

// acquire takes n bytes (at most perSubject) for subject, waiting until
// they fit (see bodyBudget) or ctx ends; it returns what it took, for
// release.
func (b *bodyBudget) acquire(ctx context.Context, subject string, n int64) (int64, error) {
	n = min(max(n, 0), b.perSubject)
	for {
		b.mu.Lock()
		if b.bySubject[subject]+n <= b.max-b.total-n {
			b.total += n
			b.bySubject[subject] += n
			b.mu.Unlock()
			return n, nil
		}
		wait := b.changed
		b.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
}

func (b *bodyBudget) release(subject string, n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.total -= n
	if b.bySubject[subject] -= n; b.bySubject[subject] <= 0 {
		delete(b.bySubject, subject)
	}
	close(b.changed)
	b.changed = make(chan struct{})
}

// holdShares bounds what one token holds of the server's connections
// with requests in progress: GET streams (an MCP session's standalone
// SSE stream, open as long as the session lives) and POSTs and DELETEs
// (whose runs may last). Connections are accepted before their token is
// known (limitListener), so MaxConnections and MaxConnectionsPerIP alone
// let a token take them all: one token held 128 GET streams and 128
// POSTs, the whole max_connections_per_ip of a proxy or NAT all clients
// came through, and four tokens the whole max_connections, and every
// other token's connections were closed as soon as they were accepted.
//
// The places are shared as the audit queue's are: a token takes one only
// while it holds fewer than are left free, both of MaxConnections and of
// MaxConnectionsPerIP for the request's address. One token holds at most
// half, k tokens about 1/(k+1) each, and a token holding none finds a
// place while any is free. A GET stream takes a place only while the
// token would still find one for a request after it, so a token's
// streams alone never take the place its next POST needs. A request over the rule is answered at once (429) and its
// connection closed.
type holdShares struct {
	max, perIP int

	mu        sync.Mutex
	total     int
	bySubject map[string]int
	byIP      map[string]*ipHolds
}

type ipHolds struct {
	total     int
	bySubject map[string]int
}

func newHoldShares(lim HTTPLimits) *holdShares {
	return &holdShares{max: lim.MaxConnections, perIP: lim.MaxConnectionsPerIP, bySubject: map[string]int{}, byIP: map[string]*ipHolds{}}
}

// acquire takes a place for a request of subject from ip (a GET stream
// when stream is set). When the rule refuses it, it returns the config
// key of the cap that refused, its value and how many the token holds
// under it.
func (h *holdShares) acquire(subject, ip string, stream bool) (key string, limit, held int, ok bool) {
	reserve := 0
	if stream {
		reserve = 2
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.max >= 0 {
		if n := h.bySubject[subject]; n+reserve >= h.max-h.total {
			return "max_connections", h.max, n, false
		}
	}
	at := h.byIP[ip]
	if h.perIP >= 0 {
		n := 0
		if at != nil {
			n = at.bySubject[subject]
			if n+reserve >= h.perIP-at.total {
				return "max_connections_per_ip", h.perIP, n, false
			}
		} else if reserve >= h.perIP {
			return "max_connections_per_ip", h.perIP, 0, false
		}
	}
	h.addLocked(subject, ip, 1)
	return "", 0, 0, true
}

// held is how many places subject holds.
func (h *holdShares) held(subject string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.bySubject[subject]
}

func (h *holdShares) release(subject, ip string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.addLocked(subject, ip, -1)
}

// addLocked adds d places held by subject from ip. h.mu is held.
func (h *holdShares) addLocked(subject, ip string, d int) {
	at := h.byIP[ip]
	if at == nil {
		at = &ipHolds{bySubject: map[string]int{}}
		h.byIP[ip] = at
	}
	h.total += d
	if h.bySubject[subject] += d; h.bySubject[subject] <= 0 {
		delete(h.bySubject, subject)
	}
	at.total += d
	if at.bySubject[subject] += d; at.bySubject[subject] <= 0 {
		delete(at.bySubject, subject)
	}
	if at.total <= 0 {
		delete(h.byIP, ip)
	}
}

// A keep-alive connection waiting for its next request holds its place
// of max_connections and max_connections_per_ip as a request does, up to
// idle_timeout: counting only requests in progress, one token left a
// kept connection after each of its requests and held every place with
// idle connections, and every other token's connections were closed as
// soon as they were accepted. So an idle connection holds a place of the
// token of its last request (connPlace), under the same rule: the token's
// next request over its share is refused (429) and its connection
// closed, and the token holds at most its share idle or busy. The place
// moves to whichever token's request the connection carries next (a
// proxy's pool carries several).

// connPlace is what one connection of ServeHTTP holds of holdShares
// while idle: the subject and address of its last admitted request.
// Its fields are guarded by holdShares.mu.
type connPlace struct {
	subject, ip string
	// conn is the connection as limitListener accepted it (nil without
	// caps), for its admission over a cap.
	conn *limitedConn
	// idle says the connection holds its place as idle now; closed that
	// it is gone and takes none again.
	idle, closed bool
}

type connPlaceKey struct{}

// keep ends a request of subject from ip admitted by acquire: its place
// stays with its connection (ServeHTTP's, found in ctx), which holds it
// while it waits idle for its next request, until it closes or carries
// another request; without a connection (Handler served otherwise) the
// place is released. The place moves to the connection before the
// answer's end reaches the client, so a client's next request finds it
// counted.
func (h *holdShares) keep(ctx context.Context, subject, ip string) {
	p, _ := ctx.Value(connPlaceKey{}).(*connPlace)
	h.mu.Lock()
	defer h.mu.Unlock()
	if p == nil || p.closed {
		h.addLocked(subject, ip, -1)
		return
	}
	if p.idle {
		// The place of an earlier request (the connection went active
		// without ConnState saying so first).
		h.addLocked(p.subject, p.ip, -1)
	}
	p.subject, p.ip, p.idle = subject, ip, true
}

// setIdle takes (on) or gives back the place of an idle connection.
func (h *holdShares) setIdle(p *connPlace, on, closed bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if closed {
		p.closed = true
	}
	if on && p.closed || p.subject == "" || p.idle == on {
		return
	}
	p.idle = on
	if on {
		h.addLocked(p.subject, p.ip, 1)
	} else {
		h.addLocked(p.subject, p.ip, -1)
	}
}

// evictIdle closes the connection waiting idle for its next request of
// the token holding the most places (of ip's when perIP, else of all):
// a connection accepted over max_connections or max_connections_per_ip
// takes its place rather than being closed, once a token admits its
// first request (limitedConn.admit). The place comes from the richest
// token, which is the asking one or a richer one (the rule of the
// shares); that token's client opens a connection again when it next
// needs one. Connections not yet carrying an admitted request are not
// closed: they hold a place for header_timeout at most. It reports
// whether it closed one.
func (s *Server) evictIdle(ip string, perIP bool) bool {
	victim, place := s.richestIdle(ip, perIP)
	if victim == nil {
		return false
	}
	h := s.holds
	h.mu.Lock()
	if !place.idle || place.closed {
		// It carries a request now, or another accept closed it.
		h.mu.Unlock()
		return false
	}
	place.idle, place.closed = false, true
	h.addLocked(place.subject, place.ip, -1)
	h.mu.Unlock()
	_ = victim.Close()
	return true
}

// hasIdle says whether evictIdle would find a connection to close.
func (s *Server) hasIdle(ip string, perIP bool) bool {
	victim, _ := s.richestIdle(ip, perIP)
	return victim != nil
}

// richestIdle is the idle connection evictIdle closes.
func (s *Server) richestIdle(ip string, perIP bool) (net.Conn, *connPlace) {
	h := s.holds
	var victim net.Conn
	var place *connPlace
	best := -1
	s.connPlaces.Range(func(k, v any) bool {
		p := v.(*connPlace)
		h.mu.Lock()
		defer h.mu.Unlock()
		if !p.idle || p.closed || perIP && p.ip != ip {
			return true
		}
		n := h.bySubject[p.subject]
		if perIP {
			if at := h.byIP[ip]; at != nil {
				n = at.bySubject[p.subject]
			}
		}
		if n > best {
			best, victim, place = n, k.(net.Conn), p
		}
		return true
	})
	return victim, place
}

// connContext gives each connection of ServeHTTP its connPlace.
func (s *Server) connContext(ctx context.Context, c net.Conn) context.Context {
	p := &connPlace{}
	p.conn, _ = c.(*limitedConn)
	s.connPlaces.Store(c, p)
	return context.WithValue(ctx, connPlaceKey{}, p)
}

// connState keeps the idle connections' places (connPlace).
func (s *Server) connState(c net.Conn, st http.ConnState) {
	v, ok := s.connPlaces.Load(c)
	if !ok {
		return
	}
	p := v.(*connPlace)
	switch st {
	case http.StateIdle:
		s.holds.setIdle(p, true, false)
	case http.StateActive:
		s.holds.setIdle(p, false, false)
	case http.StateClosed, http.StateHijacked:
		s.holds.setIdle(p, false, true)
		s.connPlaces.Delete(c)
	}
}

// remoteIP is the address part of r.RemoteAddr, as limitListener counts
// connections by it.
func remoteIP(r *http.Request) string {
	if h, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return h
	}
	return r.RemoteAddr
}

// tooManyHeld answers a request over the token's share of the
// connections: 429, as a JSON-RPC error (which MCP clients show; a plain
// body they do not) naming the cap and the fix, and the connection is
// closed so its place is given back.
func tooManyHeld(w http.ResponseWriter, key string, limit, held int, stream bool, logID string) {
	rule := "a token takes one only while it holds fewer than are left free"
	if stream {
		rule = "a token opens a GET stream only while one would still be left for its next request, and it may hold only fewer than are left free"
	}
	msg := fmt.Sprintf("429 this token holds %d of the connections of [http] %s = %d with requests in progress or kept alive for its next request (GET streams included); %s, so that other tokens are served (log id %s). Close the MCP sessions it no longer uses (DELETE), wait for its runs to finish, or raise [http] %s", held, key, limit, rule, logID, key)
	w.Header().Set("Connection", "close")
	w.Header().Set("Retry-After", "1")
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusTooManyRequests)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": -32000, "message": msg}})
}
