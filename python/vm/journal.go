package vm

import (
	"sync/atomic"
	"unsafe"
)

// A Journal makes a session's rollback cost what a run changes, not what
// the session holds: instead of a deep copy of the namespace before each
// run, the run saves the contents of each list, dict, set and instance the
// first time it changes one (copy on first write), and a rollback puts the
// saved contents back.
//
// Every such container carries gen, the epoch of the journal that last
// saved it or of the run that made it. A run's thread has its journal's
// epoch; a mutation compares the two (one load and compare: touchList and
// its kin) and saves the container only when they differ. Epochs are
// unique in the process (epochs), so a container made or saved by another
// run, another session or no run at all is never taken for one this run
// has saved. A container made during the run is stamped with the run's
// epoch where the thread is at hand, so filling it saves nothing; one made
// without (gen 0) is saved once, harmlessly.
//
// The saved contents are swapped in, not copied back (Swap): undoing a
// journal twice redoes it, which lets Globals read an old snapshot by
// undoing, copying and redoing.
type Journal struct {
	epoch uint64
	lists []listSave
	dicts []dictSave
	sets  []setSave
	insts []instSave
	// next is the journal begun at the checkpoint after this one's, nil
	// for the newest: undoing back to this checkpoint undoes it first.
	next *Journal
}

// epochs hands out journal epochs. A counter, not state: the only
// guarantee it gives is that no two journals share an epoch, and 0 (a run
// without a journal) is never one.
var epochs atomic.Uint64

// NewJournal returns an empty journal with a fresh epoch: what a session
// starts at a checkpoint, before its next run.
func NewJournal() *Journal { return &Journal{epoch: epochs.Add(1)} }

// SetNext links j, the journal of a checkpoint, to the journal of the next
// one.
func (j *Journal) SetNext(n *Journal) { j.next = n }

// Next returns the journal of the checkpoint after j's, or nil.
func (j *Journal) Next() *Journal { return j.next }

// Reset empties j and gives it a fresh epoch, after its saves were undone:
// containers it saved are saved again when changed next.
func (j *Journal) Reset() {
	*j = Journal{epoch: epochs.Add(1)}
}

// Len returns the number of containers saved.
func (j *Journal) Len() int { return len(j.lists) + len(j.dicts) + len(j.sets) + len(j.insts) }

type listSave struct {
	l     *List
	items []Value
}

type dictSave struct {
	d           *Dict
	entries     []dictEntry
	index       []int32
	live, trail int
}

type setSave struct {
	s                  *Set
	table              []setEntry
	fill, used, finger int
}

type instSave struct {
	i     *Instance
	class *Class
	dict  *Dict
	slots *Dict
	base  Value
}

// Swap exchanges the contents of every container j saved with the saved
// contents: after a run, it undoes the run's changes to them; done again,
// it redoes them. A dict's version moves on either way (caches that
// remembered an entry position look again), and a class's namespace
// invalidates the attribute caches.
func (j *Journal) Swap() {
	for i := range j.lists {
		s := &j.lists[i]
		s.l.Items, s.items = s.items, s.l.Items
	}
	class := false
	for i := range j.dicts {
		s := &j.dicts[i]
		d := s.d
		d.entries, s.entries = s.entries, d.entries
		d.index, s.index = s.index, d.index
		d.live, s.live = s.live, d.live
		d.trail, s.trail = s.trail, d.trail
		d.version++
		class = class || d.class
	}
	if class {
		classChanged()
	}
	for i := range j.sets {
		s := &j.sets[i]
		x := s.s
		x.table, s.table = s.table, x.table
		x.fill, s.fill = s.fill, x.fill
		x.used, s.used = s.used, x.used
		x.finger, s.finger = s.finger, x.finger
	}
	for i := range j.insts {
		s := &j.insts[i]
		x := s.i
		x.Class, s.class = s.class, x.Class
		x.Dict, s.dict = s.dict, x.Dict
		x.Slots, s.slots = s.slots, x.Slots
		x.Base, s.base = s.base, x.Base
	}
}

// walk pushes what the saves hold on w: a rollback brings it back, so it
// is retained by the run as much as what its globals hold.
func (j *Journal) walk(w *sizeWalker) {
	for i := range j.lists {
		w.pushAll(j.lists[i].items)
	}
	for i := range j.dicts {
		for _, e := range j.dicts[i].entries {
			if e.key != nil {
				w.push(e.key)
				w.push(e.value)
			}
		}
	}
	for i := range j.sets {
		for _, e := range j.sets[i].table {
			if e.key != nil && e.key != setDummy {
				w.push(e.key)
			}
		}
	}
	for i := range j.insts {
		s := &j.insts[i]
		w.push(s.class)
		if s.dict != nil {
			w.push(s.dict)
		}
		if s.slots != nil {
			w.push(s.slots)
		}
		w.push(s.base)
	}
}

// touchList saves l's items in the run's journal before the run first
// changes them. Every change of a list's items goes through it (or
// through a path that made the list in this run).
func (t *Thread) touchList(l *List) error {
	if t == nil || l.gen == t.epoch {
		return nil
	}
	return t.saveList(l)
}

func (t *Thread) saveList(l *List) error {
	j := t.journal
	if j == nil {
		// A run without a journal: nothing to save, and no need to
		// look again.
		l.gen = 0
		return nil
	}
	if err := t.Hold(int64(unsafe.Sizeof(listSave{})) + arrayBytes(len(l.Items), valueSize)); err != nil {
		return err
	}
	var items []Value
	if len(l.Items) > 0 {
		items = append(make([]Value, 0, len(l.Items)), l.Items...)
	}
	j.lists = append(j.lists, listSave{l: l, items: items})
	l.gen = t.epoch
	return nil
}

// touchDict saves d's entries before the run first changes them.
func (t *Thread) touchDict(d *Dict) error {
	if t == nil || d.gen == t.epoch {
		return nil
	}
	return t.saveDict(d)
}

func (t *Thread) saveDict(d *Dict) error {
	j := t.journal
	if j == nil {
		d.gen = 0
		return nil
	}
	if err := t.Hold(int64(unsafe.Sizeof(dictSave{})) + dictArrays(d)); err != nil {
		return err
	}
	s := dictSave{d: d, live: d.live, trail: d.trail}
	if len(d.entries) > 0 {
		s.entries = append(make([]dictEntry, 0, len(d.entries)), d.entries...)
	}
	if d.index != nil {
		s.index = append(make([]int32, 0, len(d.index)), d.index...)
	}
	j.dicts = append(j.dicts, s)
	d.gen = t.epoch
	return nil
}

// touchSet saves s's table before the run first changes it.
func (t *Thread) touchSet(s *Set) error {
	if t == nil || s.gen == t.epoch {
		return nil
	}
	return t.saveSet(s)
}

func (t *Thread) saveSet(s *Set) error {
	j := t.journal
	if j == nil {
		s.gen = 0
		return nil
	}
	if err := t.Hold(int64(unsafe.Sizeof(setSave{})) + arrayBytes(len(s.table), unsafe.Sizeof(setEntry{}))); err != nil {
		return err
	}
	v := setSave{s: s, fill: s.fill, used: s.used, finger: s.finger}
	if len(s.table) > 0 {
		v.table = append(make([]setEntry, 0, len(s.table)), s.table...)
	}
	j.sets = append(j.sets, v)
	s.gen = t.epoch
	return nil
}

// touchInstance saves which class, namespace, slots and builtin value an
// instance has before the run first changes one of them (not what its
// namespace holds: that dict is saved on its own).
func (t *Thread) touchInstance(x *Instance) error {
	if t == nil || x.gen == t.epoch {
		return nil
	}
	j := t.journal
	if j == nil {
		x.gen = 0
		return nil
	}
	if err := t.Hold(int64(unsafe.Sizeof(instSave{}))); err != nil {
		return err
	}
	j.insts = append(j.insts, instSave{i: x, class: x.Class, dict: x.Dict, slots: x.Slots, base: x.Base})
	x.gen = t.epoch
	return nil
}

// NewList returns a list of items made by this run: changing it later in
// the run saves nothing in the run's journal. Every list a run makes is made
// here where the thread is at hand (a library module's included); one made
// with the package's NewList is saved once when the run first changes it.
func (t *Thread) NewList(items []Value) *List {
	l := &List{Items: items}
	if t != nil {
		l.gen = t.epoch
	}
	return l
}

// NewDictSize returns an empty dict with room for n entries, made by this
// run: filling it saves nothing.
func (t *Thread) NewDictSize(n int) *Dict {
	d := NewDictSize(n)
	if t != nil {
		d.gen = t.epoch
	}
	return d
}

// newDict returns an empty dict made by this run: filling it saves
// nothing.
func (t *Thread) newDict() *Dict {
	d := &Dict{}
	if t != nil {
		d.gen = t.epoch
	}
	return d
}

// newSet returns an empty set made by this run.
func (t *Thread) newSet() *Set {
	s := &Set{}
	if t != nil {
		s.gen = t.epoch
	}
	return s
}

// epochOf is t's epoch, 0 for no thread.
func (t *Thread) epochOf() uint64 {
	if t == nil {
		return 0
	}
	return t.epoch
}

// stamp marks a new instance, its namespace and its builtin value as made
// by this run.
func (t *Thread) stamp(x *Instance) {
	if t == nil || t.epoch == 0 {
		return
	}
	x.gen = t.epoch
	if x.Dict != nil {
		x.Dict.gen = t.epoch
	}
	switch b := x.Base.(type) {
	case *List:
		b.gen = t.epoch
	case *Dict:
		b.gen = t.epoch
	case *Set:
		b.gen = t.epoch
	}
}

// Touch saves v (a list, dict, set or instance) in the run's journal
// before a library module written in Go changes it in place; other values
// need nothing.
func (t *Thread) Touch(v Value) error {
	switch x := v.(type) {
	case *List:
		return t.touchList(x)
	case *Dict:
		return t.touchDict(x)
	case *Set:
		return t.touchSet(x)
	case *Instance:
		return t.touchInstance(x)
	}
	return nil
}

// touchExcDict saves an exception and its namespace before an __init__
// called again on it sets attributes there.
func (t *Thread) touchExcDict(e *Instance) error {
	if err := t.touchInstance(e); err != nil {
		return err
	}
	if e.Dict != nil {
		return t.touchDict(e.Dict)
	}
	return nil
}
