// Package notes is a small domain package whose functions become agent
// capabilities with one comment each: see `// mcp:tool` below and
// ../mcpgen.yaml. The generated wrappers live in ../tools.
package notes

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
)

// Priority orders notes; its constants become the schema's enum.
type Priority string

// The priorities.
const (
	Low    Priority = "low"
	Normal Priority = "normal"
	High   Priority = "high"
)

// Note is one stored note.
type Note struct {
	ID       int       `json:"id"`
	Title    string    `json:"title"`
	Body     string    `json:"body"`
	Tags     []string  `json:"tags"`
	Priority Priority  `json:"priority"`
	Created  time.Time `json:"created"`
}

// Store keeps notes in memory. The host creates one and binds it into the
// tools (mcp:bind), so callers never pass it.
type Store struct {
	mu    sync.Mutex
	notes []Note
	now   func() time.Time
}

// NewStore returns an empty store; now stamps new notes.
func NewStore(now func() time.Time) *Store { return &Store{now: now} }

// Add creates a note and returns it.
//
// mcp:tool
// mcp:labels=access=write
// mcp:bind=store:*Store
// param: title — a short title
// param: body — the text of the note
// param: tags — labels to find the note by
// param: priority — how urgent it is (default normal)
func Add(store *Store, title, body string, tags []string, priority *Priority) (Note, error) {
	if strings.TrimSpace(title) == "" {
		return Note{}, errors.New("title must not be empty")
	}
	p := Normal
	if priority != nil {
		p = *priority
	}
	store.mu.Lock()
	defer store.mu.Unlock()
	n := Note{ID: len(store.notes) + 1, Title: title, Body: body, Tags: tags, Priority: p, Created: store.now().UTC()}
	if n.Tags == nil {
		n.Tags = []string{}
	}
	store.notes = append(store.notes, n)
	return n, nil
}

// Page is one page of notes.
type Page struct {
	Notes      []Note `json:"notes"`
	NextCursor *int   `json:"next_cursor"`
}

// List returns notes, optionally with one tag, a page at a time: pass the
// previous page's next_cursor to continue.
//
// mcp:tool
// mcp:name=notes.list
// mcp:labels=access=read
// mcp:bind=store:*Store
// param: tag — only notes with this tag
// param: cursor — where to continue
// param: limit — page size, 1 to 100
func List(ctx context.Context, store *Store, tag *string, cursor *int, limit int) (Page, error) {
	if limit < 1 || limit > 100 {
		return Page{}, fmt.Errorf("limit must be between 1 and 100, got %d", limit)
	}
	store.mu.Lock()
	defer store.mu.Unlock()
	start := 0
	if cursor != nil {
		start = *cursor
	}
	p := Page{Notes: []Note{}}
	i := start
	for ; i < len(store.notes) && len(p.Notes) < limit; i++ {
		if err := ctx.Err(); err != nil {
			return Page{}, err
		}
		n := store.notes[i]
		if tag != nil && !contains(n.Tags, *tag) {
			continue
		}
		p.Notes = append(p.Notes, n)
	}
	if i < len(store.notes) {
		p.NextCursor = &i
	}
	return p, nil
}

// TagCounts counts notes per tag.
//
// mcp:tool
// mcp:labels=access=read
// mcp:bind=store:*Store
func TagCounts(store *Store) map[string]int {
	store.mu.Lock()
	defer store.mu.Unlock()
	out := map[string]int{}
	for _, n := range store.notes {
		for _, t := range n.Tags {
			out[t]++
		}
	}
	return out
}

// WordStats reports the number of words and the longest word of a text.
//
// mcp:tool
func WordStats(text string) (words int, longest string) {
	fields := strings.Fields(text)
	sort.SliceStable(fields, func(i, j int) bool { return len(fields[i]) > len(fields[j]) })
	if len(fields) > 0 {
		longest = fields[0]
	}
	return len(fields), longest
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}
