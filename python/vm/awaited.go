package vm

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// A coroutine made by calling an async function, or a host call, does
// nothing until it is awaited (or handed to gather, create_task, ...). A
// snippet that forgets the await gets a pending object as data and the
// call never runs; CPython at least warns "coroutine ... was never
// awaited". The thread keeps a small record of each such object (what, and
// the line that made it, not the object: a record must not keep a frame or
// a call's arguments alive), and at the end of the run UnawaitedWarnings
// names those that never ran.
//
// What a snippet can make of this is bounded: at most maxAwaitRecords
// records are kept (past that the rest are only counted), a record's name
// is a short copy (a function's __qualname__ is the snippet's to set, to
// any size), and keeping the list small costs amortized constant time per
// awaitable made.

// awaitRecord notes where an awaitable was made and whether it ran.
type awaitRecord struct {
	what     string // "coroutine 'main'", "greeter.greet()"
	filename string
	line     int
	ran      bool
	lost     *int // when not kept in Thread.awaits: its count there
}

// maxAwaitRecords bounds the records a thread keeps of awaitables that
// have not run; past it they are only counted.
const maxAwaitRecords = 256

// maxAwaitName bounds the bytes of a name a record copies.
const maxAwaitName = 80

// shortName is a copy of at most maxAwaitName bytes of s (cut at a
// character boundary, "..." marking the cut), sharing no memory with it.
func shortName(s string) string {
	if len(s) <= maxAwaitName {
		return strings.Clone(s)
	}
	n := maxAwaitName
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}

// noteCoroutine records a coroutine made at the current line.
func (t *Thread) noteCoroutine(qualname string) *awaitRecord {
	return t.noteAwaitable("coroutine '" + shortName(qualname) + "'")
}

// noteHostCall records a host call made at the current line.
func (t *Thread) noteHostCall(h *HostFunction) *awaitRecord {
	what := h.what.Load()
	if what == nil {
		s := shortName(h.Name) + "()"
		what = &s
		h.what.Store(what)
	}
	return t.noteAwaitable(*what)
}

// noteAwaitable records an awaitable made at the current line.
func (t *Thread) noteAwaitable(what string) *awaitRecord {
	r := &awaitRecord{what: what}
	if f := t.top; f != nil {
		r.filename, r.line = f.code.Filename, f.Line()
	}
	if len(t.awaits) >= maxAwaitRecords && t.awaitsSkip == 0 {
		// Forget those that ran; keep only what may need a warning. When
		// that frees nothing, the next maxAwaitRecords are only counted
		// before trying again, so a run making many awaitables it never
		// awaits does not pay a scan for each.
		kept := t.awaits[:0]
		for _, a := range t.awaits {
			if !a.ran {
				kept = append(kept, a)
			}
		}
		clear(t.awaits[len(kept):])
		t.awaits = kept
		if len(kept) >= maxAwaitRecords {
			t.awaitsSkip = maxAwaitRecords
		}
	}
	if len(t.awaits) >= maxAwaitRecords {
		if t.awaitsSkip > 0 {
			t.awaitsSkip--
		}
		r.lost = &t.awaitsLost
		t.awaitsLost++
		return r
	}
	t.awaits = append(t.awaits, r)
	return r
}

// markRan marks a record's awaitable as run (or closed, cancelled, done):
// it needs no warning.
func (r *awaitRecord) markRan() {
	if r == nil || r.ran {
		return
	}
	r.ran = true
	if r.lost != nil {
		*r.lost--
	}
}

// NeverRan reports whether v is a coroutine or a host call that has not
// started (so it is pending as data: an await was forgotten), and if so
// what it is and the line that made it.
func NeverRan(v Value) (what string, line int, ok bool) {
	var r *awaitRecord
	switch x := v.(type) {
	case *Future:
		if x.started || x.done {
			return "", 0, false
		}
		r = x.await
	case *Generator:
		if !x.coroutine || x.started || x.finished {
			return "", 0, false
		}
		r = x.await
	}
	if r == nil || r.ran {
		return "", 0, false
	}
	return r.what, r.line, true
}

// UnawaitedWarnings returns a warning, in the shape of CPython's
// RuntimeWarning line, for each coroutine and host call the run made but
// never awaited, so never ran: one line per call site (the same call on
// the same line, as in a loop, is one line with a count), in the order
// they were made.
func (t *Thread) UnawaitedWarnings() []string {
	type site struct {
		what, filename string
		line           int
	}
	var order []site
	count := map[site]int{}
	for _, r := range t.awaits {
		if r.ran {
			continue
		}
		s := site{r.what, r.filename, r.line}
		if count[s] == 0 {
			order = append(order, s)
		}
		count[s]++
	}
	out := make([]string, 0, len(order)+1)
	for _, s := range order {
		times := ""
		if n := count[s]; n > 1 {
			times = fmt.Sprintf(" (%d times)", n)
		}
		out = append(out, fmt.Sprintf("%s:%d: RuntimeWarning: %s was never awaited%s, so it never ran; did you forget await?", s.filename, s.line, s.what, times))
	}
	if t.awaitsLost > 0 {
		out = append(out, fmt.Sprintf("RuntimeWarning: %d more coroutines or capability calls were never awaited", t.awaitsLost))
	}
	return out
}
