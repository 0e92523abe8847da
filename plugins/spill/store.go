package spill

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/toolplane/toolplane/config"
)

// Store keeps spilled results on disk, each owned by the caller that
// produced it. Files live in one directory (0700, this user's, not a
// symlink) held open as an os.Root, so swapping the path afterwards
// cannot redirect reads or writes; each file is created 0600 with
// O_EXCL|O_NOFOLLOW and read only when Lstat says it is a regular file
// (a FIFO planted there would block a reader forever). An id is looked up
// only if it has the shape NewOwnedID gives it, so no request can name a
// path.
type Store struct {
	dir  string
	root *os.Root
	lim  Limits
	now  func() time.Time

	mu      sync.Mutex
	entries map[string]*Entry
	total   int64
	byOwner map[string]int64
}

// Limits bound a Store.
type Limits struct {
	TTL              time.Duration
	MaxBytes         int64 // on disk in all
	MaxBytesPerOwner int64 // on disk per owner: one caller cannot evict the others
	MaxFileBytes     int64 // one spilled result
}

// Entry is one spilled result; its meta file holds the same fields.
type Entry struct {
	ID         string    `json:"id"`
	Owner      string    `json:"owner"`
	Capability string    `json:"capability"`
	Bytes      int64     `json:"bytes"`
	Created    time.Time `json:"created"`
	IsError    bool      `json:"is_error,omitempty"`
}

// validID is the shape of an id: an optional replica name and '.', then
// sp_ and 26 base32 characters (plugin.NewOwnedID). Anything else is not
// looked up at all.
// It is compiled on first use: package initialisation runs in every toolplane process.
var validIDShape = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([A-Za-z0-9_-]+\.)?sp_[A-Z2-7]+$`) })

// validID reports whether id has the shape of an id. The lengths are
// checked apart: counted repetitions ({1,63}, {26}) would be compiled as
// that many copies of their class at every process start.
func validID(id string) bool {
	replica, rest, ok := strings.Cut(id, ".")
	if !ok {
		rest = id
	} else if len(replica) > 63 {
		return false
	}
	return len(rest) == len("sp_")+26 && validIDShape().MatchString(id)
}

// ErrNotFound is the answer for an id that does not exist, has expired,
// or belongs to someone else: the three are not told apart.
var ErrNotFound = errors.New("no spilled result with this id (it may have expired)")

// ErrTooLarge refuses a result larger than MaxFileBytes or the owner's
// quota.
var ErrTooLarge = errors.New("too large to spill")

// OpenStore opens (creating it 0700) the directory dir and indexes what
// an earlier process left there: entries with a readable meta file are
// kept until they expire, anything else of ours is removed.
func OpenStore(dir string, lim Limits) (*Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("[plugins.spill] dir %s: %w", dir, err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return nil, fmt.Errorf("[plugins.spill] dir %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("[plugins.spill] dir %s is not a directory (a symlink is refused too); point it at a directory of its own", dir)
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		return nil, fmt.Errorf("[plugins.spill] dir %s belongs to uid %d, not to this process (uid %d); another user could read or plant spilled results there; use a directory of your own", dir, st.Uid, os.Geteuid())
	}
	if fi.Mode().Perm() != 0o700 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return nil, fmt.Errorf("[plugins.spill] dir %s: tightening to 0700: %w", dir, err)
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("[plugins.spill] dir %s: %w", dir, err)
	}
	s := &Store{dir: dir, root: root, lim: lim, now: time.Now, entries: map[string]*Entry{}, byOwner: map[string]int64{}}
	s.reindex()
	return s, nil
}

// Close releases the directory; files stay for the next process (a
// download in flight survives a restart) until they expire.
func (s *Store) Close() error { return s.root.Close() }

// reindex loads the meta files of a previous process.
func (s *Store) reindex() {
	f, err := s.root.Open(".")
	if err != nil {
		return
	}
	names, _ := f.Readdirnames(-1)
	f.Close()
	have := map[string]bool{}
	for _, n := range names {
		have[n] = true
	}
	for _, n := range names {
		id, ok := strings.CutSuffix(n, ".meta")
		if !ok || !validID(id) {
			continue
		}
		var e Entry
		data, err := s.readSmall(n, 4<<10)
		if err != nil || json.Unmarshal(data, &e) != nil || e.ID != id || !have[id+".json"] {
			_ = s.root.Remove(n)
			continue
		}
		// The size on disk counts, not what the meta file says.
		fi, err := s.root.Lstat(id + ".json")
		if err != nil || !fi.Mode().IsRegular() || fi.Size() > s.lim.MaxFileBytes {
			_ = s.root.Remove(n)
			_ = s.root.Remove(id + ".json")
			continue
		}
		e.Bytes = fi.Size()
		s.entries[id] = &e
		s.total += e.Bytes
		s.byOwner[e.Owner] += e.Bytes
	}
	for _, n := range names {
		if id, ok := strings.CutSuffix(n, ".json"); ok && validID(id) && s.entries[id] == nil {
			_ = s.root.Remove(n) // content without meta: an interrupted write
		}
	}
	s.Sweep()
}

// Put stores data for owner under id (from NewOwnedID). Over the owner's
// quota, the owner's oldest results are removed first; over the total,
// the oldest among the owner's own and those of owners holding more than
// it would with data, never of one holding as much or less: callers
// spilling up to their quota (several tokens, or one gateway token's many
// identities) could otherwise remove every other caller's results, whose
// ids their clients still hold. With none to remove the store is full for
// this owner: ErrTooLarge naming max_bytes, as for a result larger than
// MaxFileBytes or the owner's quota.
func (s *Store) Put(id, owner, capabilityID string, isError bool, data []byte) error {
	if !validID(id) {
		return fmt.Errorf("spill id %q is malformed", id)
	}
	n := int64(len(data))
	if n > s.lim.MaxFileBytes || n > s.lim.MaxBytesPerOwner || n > s.lim.MaxBytes {
		return fmt.Errorf("%w: %d bytes, more than [plugins.spill] max_file_bytes (%d) or the per-owner quota (%d)", ErrTooLarge, n, s.lim.MaxFileBytes, s.lim.MaxBytesPerOwner)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sweepLocked()
	for s.byOwner[owner]+n > s.lim.MaxBytesPerOwner {
		old := s.oldestLocked(owner)
		if old == nil {
			return fmt.Errorf("%w: the owner's quota is in use", ErrTooLarge)
		}
		s.removeLocked(old)
	}
	for s.total+n > s.lim.MaxBytes {
		mine := s.byOwner[owner] + n
		old := s.oldestOfLocked(func(o string) bool { return o == owner || s.byOwner[o] > mine })
		if old == nil {
			return fmt.Errorf("%w: the store is full ([plugins.spill] max_bytes = %s) with the results of callers holding no more than this one would (%s); retry when older results expire (ttl), or raise max_bytes", ErrTooLarge, config.ByteSize(s.lim.MaxBytes), config.ByteSize(mine))
		}
		s.removeLocked(old)
	}
	e := &Entry{ID: id, Owner: owner, Capability: capabilityID, Bytes: n, Created: s.now(), IsError: isError}
	meta, _ := json.Marshal(e)
	if err := s.writeNew(id+".json", data); err != nil {
		return err
	}
	if err := s.writeNew(id+".meta", meta); err != nil {
		_ = s.root.Remove(id + ".json")
		return err
	}
	s.entries[id] = e
	s.total += n
	s.byOwner[owner] += n
	return nil
}

// writeNew creates name (never following or replacing anything) and
// writes data.
func (s *Store) writeNew(name string, data []byte) error {
	f, err := s.root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return fmt.Errorf("spill: creating %s: %w", name, err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = s.root.Remove(name)
		return fmt.Errorf("spill: writing %s: %w", name, err)
	}
	return nil
}

// oldestLocked is the oldest entry of owner.
func (s *Store) oldestLocked(owner string) *Entry {
	return s.oldestOfLocked(func(o string) bool { return o == owner })
}

// oldestOfLocked is the oldest entry of the owners eligible says.
func (s *Store) oldestOfLocked(eligible func(owner string) bool) *Entry {
	var old *Entry
	for _, e := range s.entries {
		if (old == nil || e.Created.Before(old.Created)) && eligible(e.Owner) {
			old = e
		}
	}
	return old
}

func (s *Store) removeLocked(e *Entry) {
	if e == nil {
		return
	}
	delete(s.entries, e.ID)
	s.total -= e.Bytes
	if s.byOwner[e.Owner] -= e.Bytes; s.byOwner[e.Owner] <= 0 {
		delete(s.byOwner, e.Owner)
	}
	_ = s.root.Remove(e.ID + ".json")
	_ = s.root.Remove(e.ID + ".meta")
}

// Sweep removes expired results.
func (s *Store) Sweep() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sweepLocked()
}

func (s *Store) sweepLocked() {
	cutoff := s.now().Add(-s.lim.TTL)
	for _, e := range s.entries {
		if e.Created.Before(cutoff) {
			s.removeLocked(e)
		}
	}
}

// lookup returns the entry of id if owner owns it and it has not expired.
func (s *Store) lookup(id, owner string) (*Entry, error) {
	if !validID(id) {
		return nil, ErrNotFound
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entries[id]
	if !ok || e.Owner != owner {
		return nil, ErrNotFound
	}
	if e.Created.Before(s.now().Add(-s.lim.TTL)) {
		s.removeLocked(e)
		return nil, ErrNotFound
	}
	cp := *e
	return &cp, nil
}

// Open returns the content of id for owner. Someone else's id is
// ErrNotFound, as a missing one is.
func (s *Store) Open(id, owner string) (*os.File, *Entry, error) {
	e, err := s.lookup(id, owner)
	if err != nil {
		return nil, nil, err
	}
	f, err := s.openRegular(id + ".json")
	if err != nil {
		return nil, nil, ErrNotFound
	}
	return f, e, nil
}

// Read returns the whole content of id for owner.
func (s *Store) Read(id, owner string) ([]byte, *Entry, error) {
	f, e, err := s.Open(id, owner)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, s.lim.MaxFileBytes+1))
	if err != nil || int64(len(data)) > s.lim.MaxFileBytes {
		return nil, nil, ErrNotFound
	}
	return data, e, nil
}

// openRegular opens name only if it is a regular file, without following
// a symlink or blocking on a FIFO.
func (s *Store) openRegular(name string) (*os.File, error) {
	fi, err := s.root.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("not a regular file")}
	}
	f, err := s.root.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("not a regular file")}
	}
	return f, nil
}

func (s *Store) readSmall(name string, max int64) ([]byte, error) {
	f, err := s.openRegular(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, max))
}

// Bytes is what owner holds on disk ("" for everyone).
func (s *Store) Bytes(owner string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if owner == "" {
		return s.total
	}
	return s.byOwner[owner]
}
