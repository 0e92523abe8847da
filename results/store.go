// Package results is the result store behind save_result and load_result: a
// snippet saves a value, gets a res_... handle, and a later run (or an MCP
// client reading the resource toolplane://results/res_...) loads it back.
//
// Values are encoded as canonical JSON at save time, so what is loaded is
// exactly what was saved, whatever the snippet did to the value afterwards.
// A Store is one client session's scope: the session manager gives every
// client session its own Store, so handles never leak between clients.
//
// Eviction and expiry never surprise a caller silently: loading a handle that
// is gone says which handle and why (expired, evicted to make room, or never
// saved in this session).
package results

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// URIPrefix is the MCP resource URI prefix of saved results.
const URIPrefix = "toolplane://results/"

// HandlePrefix starts every handle.
const HandlePrefix = "res_"

// Limits bound one Store. A zero field takes its default.
type Limits struct {
	MaxEntries    int           // default 64
	MaxTotalBytes int64         // default 32 MiB
	MaxEntryBytes int64         // default 8 MiB
	TTL           time.Duration // default 1h
}

// DefaultLimits are the limits of [results] when the config does not set them.
func DefaultLimits() Limits {
	return Limits{MaxEntries: 64, MaxTotalBytes: 32 << 20, MaxEntryBytes: 8 << 20, TTL: time.Hour}
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxEntries <= 0 {
		l.MaxEntries = d.MaxEntries
	}
	if l.MaxTotalBytes <= 0 {
		l.MaxTotalBytes = d.MaxTotalBytes
	}
	if l.MaxEntryBytes <= 0 {
		l.MaxEntryBytes = d.MaxEntryBytes
	}
	if l.TTL <= 0 {
		l.TTL = d.TTL
	}
	return l
}

// Entry describes a saved result (without its value), as listed to MCP
// clients.
type Entry struct {
	Handle  string
	Label   string
	Size    int64 // bytes of canonical JSON
	Created time.Time
	Expires time.Time
}

// URI is the MCP resource URI of the entry.
func (e Entry) URI() string { return URIPrefix + e.Handle }

// GoneReason says why a handle cannot be loaded.
type GoneReason string

// Reasons a Load fails.
const (
	ReasonUnknown GoneReason = "unknown" // never saved in this session (or forgotten long ago)
	ReasonExpired GoneReason = "expired" // older than the TTL
	ReasonEvicted GoneReason = "evicted" // removed to make room for newer results
	ReasonCleared GoneReason = "cleared" // the session was reset
)

// LoadError is returned by Load when a handle has no value.
type LoadError struct {
	Handle string
	Reason GoneReason
	Detail string
}

// Error implements error.
func (e *LoadError) Error() string {
	switch e.Reason {
	case ReasonExpired:
		return fmt.Sprintf("result %s expired (%s); results live for the store's ttl_seconds, save it again in a later run if you still need it", e.Handle, e.Detail)
	case ReasonEvicted:
		return fmt.Sprintf("result %s was evicted to make room for newer results (%s); raise [results] max_entries/max_total_bytes or save fewer, smaller values", e.Handle, e.Detail)
	case ReasonCleared:
		return fmt.Sprintf("result %s was cleared when the session was reset", e.Handle)
	}
	if e.Detail != "" {
		return fmt.Sprintf("unknown result handle %q: %s", e.Handle, e.Detail)
	}
	return fmt.Sprintf("unknown result handle %q: no result with this handle was saved in this session (handles look like res_ followed by 20 hex digits)", e.Handle)
}

// ErrTooLarge is wrapped by Save when a value exceeds MaxEntryBytes.
var ErrTooLarge = errors.New("result too large")

// Store holds saved results of one scope. It is safe for concurrent use.
type Store struct {
	limits Limits
	now    func() time.Time

	mu      sync.Mutex
	entries map[string]*entry
	order   []string // handles, oldest first
	total   int64
	gone    map[string]goneInfo // tombstones, bounded by maxTombstones
	goneSeq []string
}

type entry struct {
	Entry
	data []byte
}

type goneInfo struct {
	reason GoneReason
	detail string
}

// maxTombstones bounds how many removed handles are remembered to explain a
// failed Load; older ones report "unknown".
const maxTombstones = 1024

// Option configures a Store.
type Option func(*Store)

// WithClock replaces time.Now, for tests of expiry.
func WithClock(now func() time.Time) Option { return func(s *Store) { s.now = now } }

// NewStore returns an empty store with the given limits.
func NewStore(limits Limits, opts ...Option) *Store {
	s := &Store{
		limits:  limits.withDefaults(),
		now:     time.Now,
		entries: make(map[string]*entry),
		gone:    make(map[string]goneInfo),
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Limits returns the effective limits.
func (s *Store) Limits() Limits { return s.limits }

// Save encodes value as canonical JSON and stores it under a new handle. A
// value with no JSON form is rejected with a *NotSerializableError naming the
// path of the offending element; a value over MaxEntryBytes wraps
// ErrTooLarge. Saving may evict the oldest results to respect MaxEntries and
// MaxTotalBytes; a later Load of those handles says so.
func (s *Store) Save(value any, label string) (Entry, error) {
	data, err := Canonical(value)
	if err != nil {
		return Entry{}, fmt.Errorf("save_result: %w", err)
	}
	size := int64(len(data))
	if size > s.limits.MaxEntryBytes {
		return Entry{}, fmt.Errorf("save_result: %w: %d bytes of JSON exceed max_entry_bytes %d; save a filtered or smaller value", ErrTooLarge, size, s.limits.MaxEntryBytes)
	}
	handle, err := newHandle()
	if err != nil {
		return Entry{}, fmt.Errorf("save_result: creating a handle: %w", err)
	}
	now := s.now()
	e := &entry{Entry: Entry{Handle: handle, Label: label, Size: size, Created: now, Expires: now.Add(s.limits.TTL)}, data: data}

	s.mu.Lock()
	defer s.mu.Unlock()
	s.expireLocked(now)
	for len(s.order) > 0 && (len(s.order)+1 > s.limits.MaxEntries || s.total+size > s.limits.MaxTotalBytes) {
		reason := fmt.Sprintf("max_entries %d, max_total_bytes %d, evicted when %s was saved", s.limits.MaxEntries, s.limits.MaxTotalBytes, handle)
		s.removeLocked(s.order[0], ReasonEvicted, reason)
	}
	s.entries[handle] = e
	s.order = append(s.order, handle)
	s.total += size
	return e.Entry, nil
}

// Load returns the saved value of handle, decoded afresh from its canonical
// JSON (callers may modify it freely). A missing handle gives a *LoadError.
func (s *Store) Load(handle string) (any, error) {
	data, _, err := s.Raw(handle)
	if err != nil {
		return nil, err
	}
	v, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("load_result %s: decoding stored JSON: %w", handle, err)
	}
	return v, nil
}

// Raw returns the canonical JSON of handle and its entry, for MCP resource
// reads.
func (s *Store) Raw(handle string) ([]byte, Entry, error) {
	handle = strings.TrimPrefix(handle, URIPrefix)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expireLocked(s.now())
	if e, ok := s.entries[handle]; ok {
		return e.data, e.Entry, nil
	}
	if g, ok := s.gone[handle]; ok {
		return nil, Entry{}, &LoadError{Handle: handle, Reason: g.reason, Detail: g.detail}
	}
	le := &LoadError{Handle: handle, Reason: ReasonUnknown}
	if !strings.HasPrefix(handle, HandlePrefix) {
		le.Detail = "handles start with res_ (save_result returns them)"
	}
	return nil, Entry{}, le
}

// List returns the live entries, oldest first.
func (s *Store) List() []Entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expireLocked(s.now())
	out := make([]Entry, 0, len(s.order))
	for _, h := range s.order {
		out = append(out, s.entries[h].Entry)
	}
	return out
}

// TotalBytes returns the bytes of canonical JSON held.
func (s *Store) TotalBytes() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expireLocked(s.now())
	return s.total
}

// Clear removes every entry; later loads of their handles report that the
// session was reset.
func (s *Store) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.order) > 0 {
		s.removeLocked(s.order[0], ReasonCleared, "")
	}
}

func (s *Store) expireLocked(now time.Time) {
	// Entries share one TTL, so creation order is expiry order.
	for len(s.order) > 0 {
		e := s.entries[s.order[0]]
		if now.Before(e.Expires) {
			return
		}
		s.removeLocked(e.Handle, ReasonExpired, "saved "+e.Created.UTC().Format(time.RFC3339)+", expired "+e.Expires.UTC().Format(time.RFC3339))
	}
}

func (s *Store) removeLocked(handle string, reason GoneReason, detail string) {
	e, ok := s.entries[handle]
	if !ok {
		return
	}
	delete(s.entries, handle)
	for i, h := range s.order {
		if h == handle {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
	s.total -= e.Size
	s.gone[handle] = goneInfo{reason: reason, detail: detail}
	s.goneSeq = append(s.goneSeq, handle)
	if len(s.goneSeq) > maxTombstones {
		delete(s.gone, s.goneSeq[0])
		s.goneSeq = s.goneSeq[1:]
	}
}

// newHandle returns res_ followed by 20 random hex digits: unguessable, so a
// handle cannot be used to probe another session's results.
func newHandle() (string, error) {
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return HandlePrefix + hex.EncodeToString(b[:]), nil
}
