// Package zoneinfo is the embedded interpreter's `zoneinfo` module: ZoneInfo time zones
// from the IANA database, with CPython's semantics for wall times that a transition
// repeats (fold) or skips. Zones come from Go's time.LoadLocation; the package links
// Go's embedded copy of the database (time/tzdata, about 400 KB of binary), which is
// used when the host has no zoneinfo directory, so every key CPython knows is
// available offline. The tzinfo class is Python source (zoneinfo.py) over Go natives.
package zoneinfo

import (
	_ "embed"
	"strings"
	"sync"
	"time"
	_ "time/tzdata"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed zoneinfo.py
var source []byte

// Register adds the module to a module table under the name "zoneinfo". The table's
// runs share one cache of loaded zones.
func Register(m vm.Modules) {
	z := &zones{}
	m.Register("zoneinfo", pymodule.ModuleFuncWith("zoneinfo", "zoneinfo.py", source, map[string]vm.Value{
		"_load":    &vm.Builtin{Name: "_load", Fn: z.load},
		"_local":   &vm.Builtin{Name: "_local", Fn: z.local},
		"_fromutc": &vm.Builtin{Name: "_fromutc", Fn: z.fromUTC},
		"_fixed":   &vm.Builtin{Name: "_fixed", Fn: z.fixed},
	}))
}

// zones caches loaded zones by key for the runs of one module table; a
// *time.Location is immutable, so runs share them.
type zones struct {
	cache sync.Map
}

// location returns the zone of key, or nil if there is none. Keys are checked by
// zoneinfo.py; "Local" and "" (which Go reads as the host's zone and UTC) are not zones.
func (z *zones) location(key string) *time.Location {
	if v, ok := z.cache.Load(key); ok {
		return v.(*time.Location)
	}
	if key == "" || key == "Local" || strings.HasPrefix(key, "/") || strings.Contains(key, "..") {
		return nil
	}
	loc, err := time.LoadLocation(key)
	if err != nil {
		return nil
	}
	z.cache.Store(key, loc)
	return loc
}

// load(key) reports whether key names a zone.
func (z *zones) load(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 1 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_load(key)")
	}
	key, ok := vm.AsStr(args[0])
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "_load(key)")
	}
	return vm.Bool(z.location(string(key)) != nil), nil
}

// intArgs reads key and n int arguments.
func (z *zones) intArgs(name string, args vm.Tuple, n int) (*time.Location, []int64, error) {
	if len(args) != n+1 {
		return nil, nil, vm.Errorf(vm.TypeErrorClass, "%s expected %d arguments", name, n+1)
	}
	key, ok := vm.AsStr(args[0])
	if !ok {
		return nil, nil, vm.Errorf(vm.TypeErrorClass, "%s: key must be str", name)
	}
	loc := z.location(string(key))
	if loc == nil {
		return nil, nil, vm.Errorf(vm.KeyErrorClass, "No time zone found with key %s", key)
	}
	out := make([]int64, n)
	for i := range out {
		v, ok := args[i+1].(vm.Int)
		if !ok {
			return nil, nil, vm.Errorf(vm.TypeErrorClass, "%s: argument %d must be int", name, i+2)
		}
		out[i] = int64(v)
	}
	return loc, out, nil
}

// period is what a zone says at one instant.
type period struct {
	offset     int64 // seconds east of UTC
	abbrev     string
	isDST      bool
	start, end int64 // the instants (Unix seconds) the period holds; 0 means unbounded
}

func periodAt(loc *time.Location, unix int64) period {
	tm := time.Unix(unix, 0).In(loc)
	name, off := tm.Zone()
	s, e := tm.ZoneBounds()
	p := period{offset: int64(off), abbrev: name, isDST: tm.IsDST()}
	if !s.IsZero() {
		p.start = s.Unix()
	}
	if !e.IsZero() {
		p.end = e.Unix()
	}
	return p
}

// dstOffset is the DST part of p's offset: its offset less that of the nearest
// standard-time period (before it, else after it), as CPython derives it.
func dstOffset(loc *time.Location, p period) int64 {
	if !p.isDST {
		return 0
	}
	q := p
	for i := 0; i < 8 && q.start != 0; i++ {
		q = periodAt(loc, q.start-1)
		if !q.isDST {
			return p.offset - q.offset
		}
	}
	q = p
	for i := 0; i < 8 && q.end != 0; i++ {
		q = periodAt(loc, q.end)
		if !q.isDST {
			return p.offset - q.offset
		}
	}
	return 3600
}

// wallSeconds is a wall time as seconds on the Unix scale (as if it were UTC).
func wallSeconds(v []int64) int64 {
	return time.Date(int(v[0]), time.Month(v[1]), int(v[2]), int(v[3]), int(v[4]), int(v[5]), 0, time.UTC).Unix()
}

// resolve finds the period a wall time falls in. A wall time two periods share (a
// transition back) takes the earlier with fold 0 and the later with fold 1; one that a
// transition skips takes the period before it with fold 0 and after it with fold 1.
func resolve(loc *time.Location, wall int64, fold bool) period {
	guess := periodAt(loc, wall-periodAt(loc, wall).offset)
	cands := []period{guess}
	if guess.start != 0 {
		cands = append([]period{periodAt(loc, guess.start-1)}, cands...)
	}
	if guess.end != 0 {
		cands = append(cands, periodAt(loc, guess.end))
	}
	var valid []period
	for _, c := range cands {
		u := wall - c.offset
		if (c.start == 0 || u >= c.start) && (c.end == 0 || u < c.end) {
			valid = append(valid, c)
		}
	}
	switch {
	case len(valid) == 1:
		return valid[0]
	case len(valid) >= 2:
		if fold {
			return valid[len(valid)-1]
		}
		return valid[0]
	}
	// A gap: find the transition whose skipped wall times hold wall.
	for i := 0; i+1 < len(cands); i++ {
		before, after := cands[i], cands[i+1]
		tr := after.start
		if wall >= tr+before.offset && wall < tr+after.offset {
			if fold {
				return after
			}
			return before
		}
	}
	return guess
}

// local(key, y, m, d, hh, mm, ss, fold) returns (utcoffset, dst, tzname) in seconds
// for a wall time of the zone.
func (z *zones) local(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	loc, v, err := z.intArgs("_local", args, 7)
	if err != nil {
		return nil, err
	}
	p := resolve(loc, wallSeconds(v), v[6] != 0)
	return vm.Tuple{vm.Int(p.offset), vm.Int(dstOffset(loc, p)), vm.Str(p.abbrev)}, nil
}

// fromUTC(key, y, m, d, hh, mm, ss) returns (utcoffset, fold) for a UTC time: fold is
// 1 when the local wall time is the second of two the zone gives it.
func (z *zones) fromUTC(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	loc, v, err := z.intArgs("_fromutc", args, 6)
	if err != nil {
		return nil, err
	}
	u := wallSeconds(v)
	p := periodAt(loc, u)
	fold := 0
	if p.start != 0 {
		prev := periodAt(loc, p.start-1)
		if prev.offset > p.offset && u-p.start < prev.offset-p.offset {
			fold = 1
		}
	}
	return vm.Tuple{vm.Int(p.offset), vm.Int(fold)}, nil
}

// fixed(key) returns (utcoffset, dst, tzname) of a zone that never changes (UTC,
// Etc/GMT+5), which CPython reports even for a None datetime, else None.
func (z *zones) fixed(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 1 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_fixed(key)")
	}
	key, ok := vm.AsStr(args[0])
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "_fixed(key)")
	}
	loc := z.location(string(key))
	if loc == nil {
		return vm.None, nil
	}
	p := periodAt(loc, 0)
	if p.start != 0 || p.end != 0 {
		return vm.None, nil
	}
	return vm.Tuple{vm.Int(p.offset), vm.Int(dstOffset(loc, p)), vm.Str(p.abbrev)}, nil
}
