package vm

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/toolplane/toolplane/python/compile"
)

// ExcState is the exception-specific state of an exception instance.
type ExcState struct {
	Args            Tuple
	Cause           Value // nil: not set
	Context         Value // nil: not set
	SuppressContext bool
	TB              []TBEntry // innermost first, in the order the exception left frames
	// Group is a BaseExceptionGroup's exceptions, copied at construction
	// (mutating the sequence given to the constructor changes neither
	// .exceptions nor what split sees, as in CPython); nil otherwise.
	Group Tuple
	// GroupMsg is a BaseExceptionGroup's message, set with Group: its
	// message, str(), derive() and split() read these two, never args,
	// which the snippet may reassign (g.args = (), g.__init__()).
	GroupMsg   Value
	contextSet bool
	// tbs are the traceback objects made of TB's entries, by index, so
	// e.__traceback__ is the same object each time it is read; tbsMade is
	// how many there are, which the exception's size counts.
	tbs     []*Traceback
	tbsMade int
	// ctx is where an AttributeError or NameError arose, for the
	// "Did you mean" of its traceback (suggest.go); nil: not known.
	ctx *errContext
}

// TBEntry is one line of a traceback.
type TBEntry struct {
	Filename string
	Line     int
	Func     string
	// Span locates the failing expression for the caret line.
	Span compile.Span
}

// Traceback is a traceback object: one entry of an exception's traceback
// (tb_lineno) and the entry below it (tb_next), outermost first as in
// CPython. It holds no frame: tb_frame is absent, since frames stay out of
// snippets' reach.
type Traceback struct {
	exc *Instance
	i   int // index into exc.Exc.TB (0 is the innermost entry)
}

// TracebackOf is e.__traceback__: the traceback object of its outermost
// entry, or None while it has left no frame.
func TracebackOf(t *Thread, e *Instance) (Value, error) {
	if e.Exc == nil || len(e.Exc.TB) == 0 {
		return None, nil
	}
	return e.tbObject(t, len(e.Exc.TB)-1)
}

// tbObject is the traceback object of entry i of e's traceback, made the
// first time it is asked for. The objects and the array that keeps them
// are charged as they are made, and the exception's size counts them:
// walking tb_next down a traceback makes one per entry, and uncounted
// they were a quarter of what a kept exception raised 510 calls deep
// holds.
func (e *Instance) tbObject(t *Thread, i int) (*Traceback, error) {
	x := e.Exc
	if len(x.tbs) < len(x.TB) {
		c := cap(x.tbs)
		x.tbs = append(x.tbs, make([]*Traceback, len(x.TB)-len(x.tbs))...)
		if n := cap(x.tbs); n != c {
			if err := t.chargeNew(arrayBytes(n, unsafe.Sizeof((*Traceback)(nil)))); err != nil {
				return nil, err
			}
		}
	}
	if x.tbs[i] == nil {
		if err := t.chargeNew(tracebackBytes); err != nil {
			return nil, err
		}
		x.tbs[i] = &Traceback{exc: e, i: i}
		x.tbsMade++
	}
	return x.tbs[i], nil
}

// Entries are the traceback lines from tb down to where the exception was
// raised, outermost first.
func (tb *Traceback) Entries() []TBEntry {
	out := make([]TBEntry, 0, tb.i+1)
	for i := tb.i; i >= 0; i-- {
		out = append(out, tb.exc.Exc.TB[i])
	}
	return out
}

// attr is the traceback object's attribute name, if it has it.
func (tb *Traceback) attr(t *Thread, name string) (Value, bool, error) {
	switch name {
	case "tb_lineno":
		return Int(tb.exc.Exc.TB[tb.i].Line), true, nil
	case "tb_next":
		if tb.i == 0 {
			return None, true, nil
		}
		next, err := tb.exc.tbObject(t, tb.i-1)
		if err != nil {
			return nil, true, err
		}
		return next, true, nil
	}
	return nil, false, nil
}

// Error makes exception instances usable as Go errors.
func (i *Instance) Error() string {
	if i.Exc == nil {
		return i.Class.Name
	}
	msg := excStr(nil, i)
	if msg == "" {
		return i.Class.Name
	}
	return i.Class.Name + ": " + msg
}

// LimitError ends a run: it is not catchable by Python code.
type LimitError struct {
	// Kind is one of "time", "steps", "memory", "depth", "output",
	// "host_calls".
	Kind string
	Msg  string
	// Exc is the Python-level exception the limit is reported as.
	Type string
	// TB is where the run was when the limit ended it, innermost frame
	// first, as an exception's traceback is kept (the interpreter adds the
	// frames as the limit unwinds them).
	TB []TBEntry
}

func (e *LimitError) Error() string { return e.Type + ": " + e.Msg }

// FormatLimit is the traceback of a limit that ended a run, formatted as
// an exception's: where the run was, then "TimeoutError: ...".
func (t *Thread) FormatLimit(e *LimitError, source func(filename string, line int) string) string {
	var sb strings.Builder
	t.formatTB(&sb, e.TB, source)
	sb.WriteString(e.Error())
	sb.WriteString("\n")
	return sb.String()
}

// InternalError reports a bug in the interpreter (a recovered panic).
type InternalError struct {
	Msg string
}

func (e *InternalError) Error() string { return "internal error: " + e.Msg }

// GoPanic is a Go panic inside the interpreter (a bug), with where the
// snippet was when it happened and the Go stack that panicked. The
// dispatch loop wraps a panic in it; the run boundary reports it.
type GoPanic struct {
	Value    any
	Filename string
	Line     int
	Stack    []byte
}

func (t *Thread) goPanic(r any) *GoPanic {
	e := &GoPanic{Value: r, Stack: debug.Stack()}
	if f := t.top; f != nil {
		e.Filename, e.Line = f.code.Filename, f.Line()
	}
	return e
}

// NewException creates an exception instance of cls with args.
func NewException(cls *Class, args ...Value) *Instance {
	return &Instance{Class: cls, Exc: &ExcState{Args: Tuple(args)}}
}

// Errorf creates an exception of cls with a formatted message.
func Errorf(cls *Class, format string, args ...any) *Instance {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	return NewException(cls, Str(msg))
}

// NewNameError is the NameError for a name that is bound nowhere:
// "name 'x' is not defined", with .name set to the name as CPython does.
func NewNameError(name string) *Instance {
	return withName(Errorf(NameErrorClass, "name '%s' is not defined", name), name)
}

// NewFreeVarError is the NameError for a free variable read before the
// enclosing scope assigned it, with .name set.
func NewFreeVarError(name string) *Instance {
	return withName(Errorf(NameErrorClass, "cannot access free variable '%s' where it is not associated with a value in enclosing scope", name), name)
}

func withName(e *Instance, name string) *Instance {
	e.Dict = NewDict()
	e.Dict.SetStr("name", Str(name))
	return e
}

// excStr is str() of an exception, "<exception str() failed>" when
// making it raised.
func excStr(t *Thread, e *Instance) string {
	s, err := excStrErr(t, e)
	if err != nil {
		return "<exception str() failed>"
	}
	return s
}

// excStrErr is str() of an exception, BaseException.__str__: what the
// str() or repr() of its arguments raises propagates, as in CPython (and
// a limit that ends the run while a user __str__ runs ends it).
func excStrErr(t *Thread, e *Instance) (string, error) {
	args := e.Exc.Args
	if e.Dict != nil {
		switch {
		case e.Class.IsSubclass(OSErrorClass):
			if s, ok := osErrorStr(t, e); ok {
				return s, nil
			}
		case e.Class.IsSubclass(SyntaxErrorClass):
			if s, ok := syntaxErrorStr(t, e); ok {
				return s, nil
			}
		case e.Class.IsSubclass(UnicodeErrorClass):
			if s, ok := unicodeErrorStr(e); ok {
				return s, nil
			}
		}
	}
	if e.Exc.Group != nil {
		n := len(e.Exc.Group)
		msg, _ := e.Exc.GroupMsg.(Str)
		return fmt.Sprintf("%s (%d sub-exception%s)", msg, n, sfx(n)), nil
	}
	if e.Class.IsSubclass(KeyErrorClass) && len(args) == 1 {
		if t == nil {
			return reprNoThread(nil, args[0]), nil
		}
		return t.Repr(args[0])
	}
	switch len(args) {
	case 0:
		return "", nil
	case 1:
		if t == nil {
			if s, ok := args[0].(Str); ok {
				return string(s), nil
			}
			return reprNoThread(nil, args[0]), nil
		}
		return t.Str(args[0])
	}
	if t == nil {
		return reprNoThread(nil, args), nil
	}
	return t.Repr(args)
}

func reprNoThread(t *Thread, v Value) string {
	if t == nil {
		t = &Thread{}
	}
	s, err := t.Repr(v)
	if err != nil {
		return "<unprintable>"
	}
	return s
}

// layoutExceptions are the builtin exceptions whose instances carry state
// beyond BaseException's in CPython (errno, name, path, ...): two bases with
// different such layouts cannot be combined in one class
// (class X(OSError, ImportError) is a TypeError; class X(ValueError,
// KeyError) is fine).
var layoutExceptions = map[string]bool{
	"BaseException": true, "OSError": true, "ImportError": true, "AttributeError": true,
	"NameError": true, "SyntaxError": true, "StopIteration": true, "SystemExit": true,
	"UnicodeDecodeError": true, "UnicodeEncodeError": true, "UnicodeTranslateError": true,
	"BaseExceptionGroup": true,
}

// makeException makes a builtin exception class. Its instance layout (the
// solid base NewClass checks for conflicts) is its own only if CPython
// gives it extra state; otherwise it is its base's.
func makeException(name string, base *Class) *Class {
	c := newBuiltinClass(name, base)
	c.exception = true
	if !layoutExceptions[name] && base != nil && base.exception {
		c.base = base.base
	}
	return c
}

// osErrorSubclass maps the errno of OSError(errno, strerror) to the
// subclass CPython creates instead (OSError(2, "x") is a FileNotFoundError).
func osErrorSubclass(errno Value) *Class {
	n, ok := errno.(Int)
	if !ok {
		return nil
	}
	switch n {
	case 2: // ENOENT
		return FileNotFoundErrorClass
	case 17: // EEXIST
		return FileExistsErrorClass
	case 1, 13: // EPERM, EACCES
		return PermissionErrorClass
	case 110: // ETIMEDOUT
		return TimeoutErrorClass
	case 11, 114, 115: // EAGAIN, EALREADY, EINPROGRESS
		return BlockingIOErrorClass
	case 10: // ECHILD
		return ChildProcessErrorClass
	case 32, 108: // EPIPE, ESHUTDOWN
		return BrokenPipeErrorClass
	case 103: // ECONNABORTED
		return ConnectionAbortedErrorClass
	case 111: // ECONNREFUSED
		return ConnectionRefusedErrorClass
	case 104: // ECONNRESET
		return ConnectionResetErrorClass
	case 4: // EINTR
		return InterruptedErrorClass
	case 21: // EISDIR
		return IsADirectoryErrorClass
	case 20: // ENOTDIR
		return NotADirectoryErrorClass
	case 3: // ESRCH
		return ProcessLookupErrorClass
	}
	return nil
}

// setOSErrorAttrs fills errno, strerror, filename and filename2 from the
// constructor arguments as CPython does: only for 2 to 5 arguments, and
// then args keeps the first two.
func setOSErrorAttrs(e *Instance, args Tuple) {
	if len(args) < 2 || len(args) > 5 {
		return
	}
	if e.Dict == nil {
		e.Dict = NewDict()
	}
	e.Dict.SetStr("errno", args[0])
	e.Dict.SetStr("strerror", args[1])
	if len(args) >= 3 {
		e.Dict.SetStr("filename", args[2])
		e.Exc.Args = append(Tuple(nil), args[:2]...)
	}
	if len(args) == 5 {
		e.Dict.SetStr("filename2", args[4])
	}
}

// osErrorStr is str() of an OSError with errno and strerror set:
// "[Errno 2] No such file: 'x.txt'".
func osErrorStr(t *Thread, e *Instance) (string, bool) {
	errno, ok1 := e.Dict.GetStr("errno")
	strerror, ok2 := e.Dict.GetStr("strerror")
	if !ok1 || !ok2 {
		return "", false
	}
	if t == nil {
		t = &Thread{}
	}
	en, err := t.Str(errno)
	if err != nil {
		return "", false
	}
	se, err := t.Str(strerror)
	if err != nil {
		return "", false
	}
	s := "[Errno " + en + "] " + se
	if fn, ok := e.Dict.GetStr("filename"); ok && fn != None {
		s += ": " + reprNoThread(t, fn)
		if fn2, ok := e.Dict.GetStr("filename2"); ok && fn2 != None {
			s += " -> " + reprNoThread(t, fn2)
		}
	}
	return s, true
}

// maxChainShown bounds how many exceptions of a __cause__/__context__
// chain FormatException writes: a snippet can chain millions, and the
// report goes back to a client.
const maxChainShown = 100

// maxTracebackBytes bounds the text FormatException writes. Each exception
// of a chain or group may carry a message (and notes) as large as the
// memory limit allows, and they may all be one string (raise ValueError(s)
// from prev, a hundred times over a 10 MB s): unbounded, the report took
// 25 seconds and 2.8 GB after the run ended, outside its limits. Past this,
// a message or note is cut and the rest of the report omitted, saying so.
const maxTracebackBytes = 1 << 20

// FormatException formats an exception with its chain and traceback like
// CPython's default excepthook; an exception group as its tree of
// sub-exceptions, each framed and indented as CPython draws it. source
// returns the text of a line.
func (t *Thread) FormatException(e *Instance, source func(filename string, line int) string) string {
	p := &tbPrinter{t: t, source: source, seen: map[*Instance]bool{}}
	p.exception(e)
	return p.sb.String()
}

// The bounds CPython's traceback printing puts on an exception group: how
// many sub-exceptions of one group and how many levels of nested groups it
// shows.
const (
	maxGroupWidth = 15
	maxGroupDepth = 10
)

// maxExceptionsShown bounds how many exceptions one report writes in all: a
// snippet can nest groups that list the same exception 15 times a level,
// and the report goes back to a client.
const maxExceptionsShown = 1000

// tbPrinter writes one report: the chain of an exception, and for a group
// its sub-exceptions, each line after the margin of the groups it is in.
type tbPrinter struct {
	t      *Thread
	source func(string, int) string
	sb     strings.Builder
	// seen holds the exceptions already written, so a chain that loops
	// back ends.
	seen map[*Instance]bool
	// depth is how many groups enclose what is written now; needClose is
	// whether the last sub-exception's frame still needs its closing line.
	depth     int
	needClose bool
	shown     int
	// cut is set once the report reached maxTracebackBytes.
	cut bool
}

// full reports whether the report reached maxTracebackBytes, saying so in
// it the first time.
func (p *tbPrinter) full() bool {
	if p.sb.Len() < maxTracebackBytes {
		return false
	}
	if !p.cut {
		p.cut = true
		fmt.Fprintf(&p.sb, "\n[the rest of the report is omitted: it passed %d bytes]\n", maxTracebackBytes)
	}
	return true
}

// room is how many more bytes the report may take.
func (p *tbPrinter) room() int { return max(maxTracebackBytes-p.sb.Len(), 0) }

func (p *tbPrinter) indent() string { return strings.Repeat("  ", p.depth) }

// emit writes text with every line behind the margin: the indent of the
// enclosing groups and margin ('|', or '+' for a top-level group's first
// line), nothing outside any group.
func (p *tbPrinter) emit(text string, margin byte) {
	if p.full() {
		return
	}
	if p.depth == 0 {
		p.sb.WriteString(text)
		return
	}
	prefix := p.indent() + string(margin) + " "
	for text != "" {
		line, rest, found := strings.Cut(text, "\n")
		p.sb.WriteString(prefix)
		p.sb.WriteString(line)
		if found {
			p.sb.WriteString("\n")
		}
		text = rest
	}
}

// exception writes e with its chain, root first.
func (p *tbPrinter) exception(e *Instance) {
	type link struct {
		e   *Instance
		sep string // written after this exception, before the next one
	}
	var chain []link
	sep := ""
	for cur := e; cur != nil; {
		p.seen[cur] = true
		chain = append(chain, link{cur, sep})
		var next *Instance
		if c, ok := cur.Exc.Cause.(*Instance); ok && c.Exc != nil && !p.seen[c] {
			next, sep = c, "\nThe above exception was the direct cause of the following exception:\n\n"
		} else if c, ok := cur.Exc.Context.(*Instance); ok && c.Exc != nil && !cur.Exc.SuppressContext && !p.seen[c] {
			next, sep = c, "\nDuring handling of the above exception, another exception occurred:\n\n"
		}
		cur = next
	}
	if len(chain) > maxChainShown {
		p.emit(fmt.Sprintf("[%d earlier exceptions of the chain omitted]\n\n", len(chain)-maxChainShown), '|')
		chain = chain[:maxChainShown]
	}
	for i := len(chain) - 1; i >= 0 && !p.full(); i-- {
		p.one(chain[i].e)
		if chain[i].sep != "" {
			p.emit(chain[i].sep, '|')
		}
	}
}

// one writes one exception: its traceback and final line, and for a group
// its sub-exceptions.
func (p *tbPrinter) one(e *Instance) {
	p.shown++
	if p.shown > maxExceptionsShown {
		if p.shown == maxExceptionsShown+1 {
			p.emit(fmt.Sprintf("... (more exceptions omitted: a report shows at most %d)\n", maxExceptionsShown), '|')
		}
		return
	}
	subs, isGroup := p.groupMembers(e)
	if !isGroup {
		var sb strings.Builder
		if len(e.Exc.TB) > 0 {
			sb.WriteString("Traceback (most recent call last):\n")
			p.t.formatFrames(&sb, e.Exc.TB, p.source)
		}
		p.t.formatLast(&sb, e, p.room())
		p.emit(sb.String(), '|')
		return
	}
	if p.depth > maxGroupDepth {
		p.emit(fmt.Sprintf("... (max_group_depth is %d)\n", maxGroupDepth), '|')
		return
	}
	top := p.depth == 0
	if top {
		p.depth++
	}
	if len(e.Exc.TB) > 0 {
		margin := byte('|')
		if top {
			margin = '+'
		}
		p.emit("Exception Group Traceback (most recent call last):\n", margin)
		var sb strings.Builder
		p.t.formatFrames(&sb, e.Exc.TB, p.source)
		p.emit(sb.String(), '|')
	}
	var sb strings.Builder
	p.t.formatLast(&sb, e, p.room())
	p.emit(sb.String(), '|')
	n := len(subs)
	if n > maxGroupWidth {
		n = maxGroupWidth + 1
	}
	p.needClose = false
	for i := 0; i < n; i++ {
		if p.shown > maxExceptionsShown || p.full() {
			break // the report was cut: no more empty frames
		}
		last := i == n-1
		if last {
			p.needClose = true // unless a nested group closes it first
		}
		title := strconv.Itoa(i + 1)
		truncated := i >= maxGroupWidth
		if truncated {
			title = "..."
		}
		corner := "  "
		if i == 0 {
			corner = "+-"
		}
		p.sb.WriteString(p.indent() + corner + "+---------------- " + title + " ----------------\n")
		p.depth++
		if !truncated {
			p.exception(subs[i])
		} else {
			more := len(subs) - maxGroupWidth
			plural := "s"
			if more == 1 {
				plural = ""
			}
			p.emit(fmt.Sprintf("and %d more exception%s\n", more, plural), '|')
		}
		if last && p.needClose {
			p.sb.WriteString(p.indent() + "+------------------------------------\n")
			p.needClose = false
		}
		p.depth--
	}
	if top {
		p.depth = 0
	}
}

// groupMembers returns the sub-exceptions of an exception group.
func (p *tbPrinter) groupMembers(e *Instance) ([]*Instance, bool) {
	if !e.Class.IsSubclass(BaseExceptionGroupClass) {
		return nil, false
	}
	var items []Value
	if e.Exc.Group != nil {
		items = e.Exc.Group
	} else if len(e.Exc.Args) > 1 {
		switch a := e.Exc.Args[1].(type) {
		case Tuple:
			items = a
		case *List:
			items = a.Items
		}
	}
	out := make([]*Instance, 0, len(items))
	for _, it := range items {
		if x, ok := it.(*Instance); ok && x.Exc != nil {
			out = append(out, x)
		}
	}
	return out, true
}

// recursiveCutoff is how many times CPython shows the same frame in a row
// before it folds the rest into "[Previous line repeated N more times]".
const recursiveCutoff = 3

// BoundMessage returns the message of an exception as a report carries it:
// s, or when it is over maxTracebackBytes its head cut at a character
// boundary and how many bytes were left out, as the report cuts it. A
// message is as large as the memory limit allows, and the host sends it on
// (an execute_code result, toolplane run's stderr) after the run, outside
// its limits.
func BoundMessage(s string) string {
	if len(s) <= maxTracebackBytes {
		return s
	}
	n := maxTracebackBytes
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return fmt.Sprintf("%s... [%d more bytes omitted]", s[:n], len(s)-n)
}

// formatLast writes an exception's final line ("ValueError: boom", with
// the name a NameError suggests) and the notes add_note() gave it, in at
// most about room bytes: a longer message or note is cut, later notes left
// out.
func (t *Thread) formatLast(sb *strings.Builder, e *Instance, room int) {
	limit := sb.Len() + room
	capped := func(s string) {
		if left := max(limit-sb.Len(), 0); len(s) > left {
			for left > 0 && !utf8.RuneStart(s[left]) {
				left--
			}
			fmt.Fprintf(sb, "%s... [%d more bytes omitted]", s[:left], len(s)-left)
			return
		}
		sb.WriteString(s)
	}
	name, msg := t.exceptionParts(e)
	sb.WriteString(name)
	if msg != "" {
		sb.WriteString(": ")
		capped(msg)
	}
	if s := t.Suggestion(e); s != "" {
		sb.WriteString(". Did you mean: '" + s + "'?")
	}
	sb.WriteString("\n")
	if e.Dict == nil {
		return
	}
	notes, ok := e.Dict.GetStr("__notes__")
	if !ok {
		return
	}
	var items []Value
	switch x := notes.(type) {
	case *List:
		items = x.Items
	case Tuple:
		// A sequence too, as CPython prints it: note by note.
		items = x
	default:
		capped(reprNoThread(t, notes))
		sb.WriteString("\n")
		return
	}
	for i, n := range items {
		if sb.Len() >= limit {
			fmt.Fprintf(sb, "[%d more notes omitted]\n", len(items)-i)
			return
		}
		s, err := t.Str(n)
		if err != nil {
			s = "<note str() failed>"
		}
		capped(s)
		sb.WriteString("\n")
	}
}

// formatTB writes the "Traceback (most recent call last):" part of tbs
// (innermost entry first), if any.
func (t *Thread) formatTB(sb *strings.Builder, tbs []TBEntry, source func(string, int) string) {
	if len(tbs) > 0 {
		sb.WriteString("Traceback (most recent call last):\n")
		t.formatFrames(sb, tbs, source)
	}
}

// formatFrames writes the frames of tbs (innermost entry first), outermost
// first. Like CPython's, it shows a frame repeated in a row (same file, line
// and function: a recursion) recursiveCutoff times, then how many more there
// were.
func (t *Thread) formatFrames(sb *strings.Builder, tbs []TBEntry, source func(string, int) string) {
	for _, entry := range frameEntries(tbs, source) {
		sb.WriteString(entry)
	}
}

// FrameTexts returns the text of traceback entries (outermost first) as
// CPython's traceback.format_tb lists them: each frame's "File" line with
// the program's source line and its carets under it (when the thread has
// the source), and the "[Previous line repeated N more times]" of a
// recursion.
func (t *Thread) FrameTexts(entries []TBEntry) []string {
	innermostFirst := make([]TBEntry, len(entries))
	for i, e := range entries {
		innermostFirst[len(entries)-1-i] = e
	}
	return frameEntries(innermostFirst, t.source)
}

// frameEntries is the text of the frames of tbs (innermost entry first),
// one string per frame shown, outermost first.
func frameEntries(tbs []TBEntry, source func(string, int) string) []string {
	var out []string
	repeats := 0
	folded := func() {
		// repeats counts the frames after the first of the run.
		if n := repeats + 1 - recursiveCutoff; n > 0 {
			s := "s"
			if n == 1 {
				s = ""
			}
			out = append(out, fmt.Sprintf("  [Previous line repeated %d more time%s]\n", n, s))
		}
	}
	for i := len(tbs) - 1; i >= 0; i-- {
		tb := tbs[i]
		if i < len(tbs)-1 {
			prev := tbs[i+1]
			if prev.Filename == tb.Filename && prev.Line == tb.Line && prev.Func == tb.Func {
				repeats++
			} else {
				folded()
				repeats = 0
			}
		}
		if repeats >= recursiveCutoff {
			continue
		}
		entry := fmt.Sprintf("  File \"%s\", line %d, in %s\n", tb.Filename, tb.Line, tb.Func)
		if source != nil {
			raw := source(tb.Filename, tb.Line)
			if line := strings.TrimSpace(raw); line != "" {
				entry += "    " + line + "\n"
				if carets := caretLine(raw, tb); carets != "" {
					entry += "    " + carets + "\n"
				}
			}
		}
		out = append(out, entry)
	}
	folded()
	return out
}

// ExceptionLine is the last line of a traceback: "ValueError: boom".
func (t *Thread) ExceptionLine(e *Instance) string {
	name, msg := t.exceptionParts(e)
	if msg == "" {
		return name
	}
	return name + ": " + msg
}

// exceptionParts is the qualified class name and the message of
// ExceptionLine.
func (t *Thread) exceptionParts(e *Instance) (name, msg string) {
	name = e.Class.QualName
	if e.Class.Module != "builtins" && e.Class.Module != "__main__" && e.Class.Module != "" {
		name = e.Class.Module + "." + name
	}
	return name, t.ExceptionMessage(e)
}

// ExceptionMessage is str() of the exception, using a user __str__ if any.
func (t *Thread) ExceptionMessage(e *Instance) string {
	s, _ := t.ExceptionMessageLimited(e)
	return s
}

// ExceptionMessageLimited is ExceptionMessage, and the limit that ended
// the run while a user __str__ ran (a loop that outlives the deadline or
// the step budget): the run ends by that limit, not by the exception whose
// message could not be made.
func (t *Thread) ExceptionMessageLimited(e *Instance) (string, *LimitError) {
	s, err := t.Str(e)
	if err != nil {
		var le *LimitError
		errors.As(err, &le)
		return "<exception str() failed>", le
	}
	return s, nil
}

// caretLine builds CPython 3.11's indicator line under a traceback's source
// line: '^' under the failing expression, with '~' for the operands of a
// binary operation or the value of a subscript. It is empty when the
// expression spans lines or all of the line.
func caretLine(raw string, tb TBEntry) string {
	sp := tb.Span
	if sp.Col <= 0 || int(sp.EndLine) != tb.Line || sp.EndCol <= sp.Col {
		return ""
	}
	stripped := strings.TrimLeft(raw, " \t\f")
	indent := len(raw) - len(stripped)
	content := strings.TrimRight(stripped, " \t\r\n")
	start := int(sp.Col) - 1 - indent
	end := int(sp.EndCol) - 1 - indent
	if start < 0 || end > len(stripped) || start >= end {
		return ""
	}
	seg := stripped[start:end]
	n := utf8.RuneCountInString(seg)
	lo, hi := 0, n // anchors, in runes of seg
	anchored := false
	switch sp.Kind {
	case compile.SpanBinOp:
		l := int(sp.Mid1) - 1 - indent - start
		r := int(sp.Mid2) - 1 - indent - start
		if l >= 0 && r <= len(seg) && l <= r {
			op := seg[l:r]
			off := len(op) - len(strings.TrimLeft(op, " \t"))
			left := l + off
			right := left + 1
			if off+1 < len(op) && op[off+1] != ' ' && op[off+1] != '\t' {
				right++
			}
			for left < len(seg) && (seg[left] == ' ' || seg[left] == '\t' || seg[left] == ')' || seg[left] == '#') {
				left++
				right++
			}
			if right > len(seg) {
				right = len(seg)
			}
			lo, hi = utf8.RuneCountInString(seg[:left]), utf8.RuneCountInString(seg[:right])
			anchored = true
		}
	case compile.SpanSubscript:
		left := int(sp.Mid1) - 1 - indent - start
		right := int(sp.Mid2) - 1 - indent - start + 1
		if left >= 0 && left <= len(seg) && right >= 0 {
			for left < len(seg) && seg[left] != '[' {
				left++
			}
			for right < len(seg) && seg[right] != ']' {
				right++
			}
			if right < len(seg) {
				right++
			}
			if right > len(seg) {
				right = len(seg)
			}
			lo, hi = utf8.RuneCountInString(seg[:left]), utf8.RuneCountInString(seg[:right])
			anchored = true
		}
	}
	if !anchored && start == 0 && end >= len(content) {
		return ""
	}
	var sb strings.Builder
	sb.WriteString(strings.Repeat(" ", utf8.RuneCountInString(stripped[:start])))
	for i := 0; i < n; i++ {
		if anchored && (i < lo || i >= hi) {
			sb.WriteByte('~')
		} else {
			sb.WriteByte('^')
		}
	}
	return sb.String()
}

// The builtin exceptions CPython has beyond the core set, so snippets can
// name and catch them (except BrokenPipeError, warnings.warn(...,
// FutureWarning)).
var (
	BlockingIOErrorClass           = registerException(makeException("BlockingIOError", OSErrorClass))
	ChildProcessErrorClass         = registerException(makeException("ChildProcessError", OSErrorClass))
	BrokenPipeErrorClass           = registerException(makeException("BrokenPipeError", ConnectionErrorClass))
	ConnectionAbortedErrorClass    = registerException(makeException("ConnectionAbortedError", ConnectionErrorClass))
	ConnectionRefusedErrorClass    = registerException(makeException("ConnectionRefusedError", ConnectionErrorClass))
	ConnectionResetErrorClass      = registerException(makeException("ConnectionResetError", ConnectionErrorClass))
	InterruptedErrorClass          = registerException(makeException("InterruptedError", OSErrorClass))
	IsADirectoryErrorClass         = registerException(makeException("IsADirectoryError", OSErrorClass))
	NotADirectoryErrorClass        = registerException(makeException("NotADirectoryError", OSErrorClass))
	ProcessLookupErrorClass        = registerException(makeException("ProcessLookupError", OSErrorClass))
	IndentationErrorClass          = registerException(makeException("IndentationError", SyntaxErrorClass))
	TabErrorClass                  = registerException(makeException("TabError", IndentationErrorClass))
	ReferenceErrorClass            = registerException(makeException("ReferenceError", ExceptionClass))
	SystemErrorClass               = registerException(makeException("SystemError", ExceptionClass))
	UnicodeTranslateErrorClass     = registerException(makeException("UnicodeTranslateError", UnicodeErrorClass))
	BytesWarningClass              = registerException(makeException("BytesWarning", WarningClass))
	EncodingWarningClass           = registerException(makeException("EncodingWarning", WarningClass))
	FutureWarningClass             = registerException(makeException("FutureWarning", WarningClass))
	ImportWarningClass             = registerException(makeException("ImportWarning", WarningClass))
	PendingDeprecationWarningClass = registerException(makeException("PendingDeprecationWarning", WarningClass))
	ResourceWarningClass           = registerException(makeException("ResourceWarning", WarningClass))
	SyntaxWarningClass             = registerException(makeException("SyntaxWarning", WarningClass))
	UnicodeWarningClass            = registerException(makeException("UnicodeWarning", WarningClass))
)

// syntaxErrorFields are the attributes of a SyntaxError, from its details
// tuple (filename, lineno, offset, text[, end_lineno, end_offset]).
var syntaxErrorFields = []string{"filename", "lineno", "offset", "text", "end_lineno", "end_offset"}

// setSyntaxErrorAttrs fills msg and the location attributes of a
// SyntaxError built by SyntaxError(msg, details).
func setSyntaxErrorAttrs(t *Thread, e *Instance, args Tuple) error {
	if e.Dict == nil {
		e.Dict = NewDict()
	}
	var msg Value = None
	if len(args) > 0 {
		msg = args[0]
	}
	e.Dict.SetStr("msg", msg)
	e.Dict.SetStr("print_file_and_line", None)
	for _, f := range syntaxErrorFields {
		e.Dict.SetStr(f, None)
	}
	if len(args) != 2 {
		return nil
	}
	info, err := t.iterate(args[1], nil)
	if err != nil {
		return err
	}
	if len(info) < 4 {
		return Errorf(TypeErrorClass, "function takes at least 4 arguments (%d given)", len(info))
	}
	if len(info) > 6 {
		return Errorf(TypeErrorClass, "function takes at most 6 arguments (%d given)", len(info))
	}
	for i, v := range info {
		e.Dict.SetStr(syntaxErrorFields[i], v)
	}
	return nil
}

// syntaxErrorStr is str() of a SyntaxError made by Python code:
// "bad token (config.py, line 3)".
func syntaxErrorStr(t *Thread, e *Instance) (string, bool) {
	msg, ok := e.Dict.GetStr("msg")
	if !ok {
		return "", false
	}
	if t == nil {
		t = &Thread{}
	}
	s, err := t.Str(msg)
	if err != nil {
		return "", false
	}
	fn, _ := e.Dict.GetStr("filename")
	name, hasFile := fn.(Str)
	if hasFile {
		name = name[strings.LastIndexByte(string(name), '/')+1:]
	}
	ln, _ := e.Dict.GetStr("lineno")
	line, hasLine := ln.(Int)
	switch {
	case hasFile && hasLine:
		return fmt.Sprintf("%s (%s, line %d)", s, name, line), true
	case hasFile:
		return fmt.Sprintf("%s (%s)", s, name), true
	case hasLine:
		return fmt.Sprintf("%s (line %d)", s, line), true
	}
	return s, true
}

// setUnicodeErrorAttrs checks and stores the arguments of
// UnicodeDecodeError(encoding, object, start, end, reason),
// UnicodeEncodeError(...) and UnicodeTranslateError(object, start, end,
// reason).
func setUnicodeErrorAttrs(e *Instance, args Tuple) error {
	names := []string{"encoding", "object", "start", "end", "reason"}
	if e.Class.IsSubclass(UnicodeTranslateErrorClass) {
		names = names[1:]
	}
	if len(args) != len(names) {
		return Errorf(TypeErrorClass, "function takes exactly %d arguments (%d given)", len(names), len(args))
	}
	for i, name := range names {
		v := args[i]
		switch name {
		case "encoding", "reason":
			if _, ok := v.(Str); !ok {
				return Errorf(TypeErrorClass, "argument %d must be str, not %s", i+1, TypeName(v))
			}
		case "object":
			if e.Class.IsSubclass(UnicodeDecodeErrorClass) {
				switch b := v.(type) {
				case Bytes:
				case *ByteArray:
					v = Bytes(b.B)
				default:
					return Errorf(TypeErrorClass, "a bytes-like object is required, not '%s'", TypeName(v))
				}
			} else if _, ok := v.(Str); !ok {
				return Errorf(TypeErrorClass, "argument %d must be str, not %s", i+1, TypeName(v))
			}
		case "start", "end":
			if _, ok := v.(Int); !ok {
				return Errorf(TypeErrorClass, "'%s' object cannot be interpreted as an integer", TypeName(v))
			}
		}
		if e.Dict == nil {
			e.Dict = NewDict()
		}
		e.Dict.SetStr(name, v)
	}
	return nil
}

// unicodeErrorStr is str() of a Unicode error made by Python code:
// "'utf-8' codec can't decode byte 0xff in position 2: invalid start byte".
func unicodeErrorStr(e *Instance) (string, bool) {
	get := func(name string) Value { v, _ := e.Dict.GetStr(name); return v }
	start, ok1 := get("start").(Int)
	end, ok2 := get("end").(Int)
	reason, ok3 := get("reason").(Str)
	if !ok1 || !ok2 || !ok3 {
		return "", false
	}
	enc, _ := get("encoding").(Str)
	span := fmt.Sprintf("in position %d-%d: %s", start, end-1, reason)
	switch obj := get("object").(type) {
	case Bytes:
		if end == start+1 && start >= 0 && int(start) < len(obj) {
			return fmt.Sprintf("'%s' codec can't decode byte 0x%02x in position %d: %s", enc, obj[start], start, reason), true
		}
		return fmt.Sprintf("'%s' codec can't decode bytes %s", enc, span), true
	case Str:
		runes := []rune(string(obj))
		what := "encode"
		prefix := "'" + string(enc) + "' codec can't "
		if e.Class.IsSubclass(UnicodeTranslateErrorClass) {
			what, prefix = "translate", "can't "
		}
		if end == start+1 && start >= 0 && int(start) < len(runes) {
			r := runes[start]
			var esc string
			switch {
			case r < 0x100:
				esc = fmt.Sprintf(`\x%02x`, r)
			case r < 0x10000:
				esc = fmt.Sprintf(`\u%04x`, r)
			default:
				esc = fmt.Sprintf(`\U%08x`, r)
			}
			return fmt.Sprintf("%s%s character '%s' in position %d: %s", prefix, what, esc, start, reason), true
		}
		return fmt.Sprintf("%s%s characters %s", prefix, what, span), true
	}
	return "", false
}
