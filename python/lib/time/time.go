// Package time is the embedded interpreter's `time` module (time, time_ns, monotonic,
// perf_counter, process_time and their _ns forms, sleep, and gmtime, localtime, mktime,
// strftime, strptime, asctime, ctime in UTC, the sandbox's local zone) and the Clock hook through
// which time.time() and datetime's now()/today() read the time, so tests can fix it.
package time

import (
	"context"
	"math"
	"time"

	"github.com/toolplane/toolplane/python/lib/internal/pyargs"
	"github.com/toolplane/toolplane/python/vm"
)

// Clock supplies the current time to a module table.
type Clock interface {
	// Now returns the wall-clock time (time.time(), datetime.now()).
	Now() time.Time
}

// WallClock is the default Clock: the host's real time.
type WallClock struct{}

// Now implements Clock.
func (WallClock) Now() time.Time { return time.Now() }

// FixedClock is a Clock stopped at one instant, for deterministic tests. Monotonic
// readings (monotonic, perf_counter) still advance in real time.
type FixedClock time.Time

// Now implements Clock.
func (c FixedClock) Now() time.Time { return time.Time(c) }

// MaxSleep bounds one time.sleep call; the run's deadline usually ends it sooner.
const MaxSleep = time.Hour

// Register adds the time module, reading wall-clock time from clock (nil means
// WallClock), to m.
func Register(m vm.Modules, clock Clock) {
	if clock == nil {
		clock = WallClock{}
	}
	start := time.Now()
	m.Register("time", func(t *vm.Thread) (*vm.Module, error) { return build(t, clock, start) })
}

func build(t *vm.Thread, clock Clock, start time.Time) (*vm.Module, error) {
	d := vm.NewDict()
	d.SetStr("__name__", vm.Str("time"))
	fn := func(name string, f func() vm.Value) {
		d.SetStr(name, &vm.Builtin{Name: name, Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			if len(args) > 0 || len(kw) > 0 {
				return nil, vm.Errorf(vm.TypeErrorClass, "time.%s() takes no arguments (%d given)", name, len(args)+len(kw))
			}
			return f(), nil
		}})
	}
	wall := func() float64 {
		now := clock.Now()
		return float64(now.Unix()) + float64(now.Nanosecond())/1e9
	}
	mono := func() time.Duration { return time.Since(start) }
	fn("time", func() vm.Value { return vm.Float(wall()) })
	fn("time_ns", func() vm.Value { return vm.Int(clock.Now().UnixNano()) })
	for _, name := range []string{"monotonic", "perf_counter", "process_time", "thread_time"} {
		fn(name, func() vm.Value { return vm.Float(mono().Seconds()) })
		fn(name+"_ns", func() vm.Value { return vm.Int(mono().Nanoseconds()) })
	}
	d.SetStr("sleep", &vm.Builtin{Name: "sleep", Fn: sleep})
	// The calendar functions share datetime's (Python-source) calendar code.
	structAt := func(t *vm.Thread, name string, args vm.Tuple) (vm.Value, error) {
		if len(args) > 1 {
			return nil, vm.Errorf(vm.TypeErrorClass, "%s expected at most 1 argument, got %d", name, len(args))
		}
		var secs vm.Value = vm.Float(wall())
		if len(args) == 1 && args[0] != vm.None {
			secs = args[0]
		}
		return callDatetime(t, "_time_struct", secs)
	}
	d.SetStr("gmtime", &vm.Builtin{Name: "gmtime", Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		return structAt(t, "gmtime", args)
	}})
	d.SetStr("localtime", &vm.Builtin{Name: "localtime", Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		return structAt(t, "localtime", args)
	}})
	d.SetStr("mktime", &vm.Builtin{Name: "mktime", Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(args) != 1 {
			return nil, vm.Errorf(vm.TypeErrorClass, "time.mktime() takes exactly one argument (%d given)", len(args))
		}
		return callDatetime(t, "_time_mktime", args[0])
	}})
	d.SetStr("strftime", &vm.Builtin{Name: "strftime", Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(args) < 1 || len(args) > 2 {
			return nil, vm.Errorf(vm.TypeErrorClass, "strftime() takes at most 2 arguments (%d given)", len(args))
		}
		if _, ok := vm.AsStr(args[0]); !ok {
			return nil, vm.Errorf(vm.TypeErrorClass, "strftime() argument 1 must be str, not %s", vm.TypeName(args[0]))
		}
		var st vm.Value
		if len(args) == 2 {
			st = args[1]
		} else {
			var err error
			if st, err = structAt(t, "strftime", nil); err != nil {
				return nil, err
			}
		}
		return callDatetime(t, "_time_strftime", args[0], st)
	}})
	d.SetStr("strptime", &vm.Builtin{Name: "strptime", Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(kw) > 0 {
			return nil, vm.Errorf(vm.TypeErrorClass, "strptime() takes no keyword arguments")
		}
		if len(args) < 1 || len(args) > 2 {
			return nil, vm.Errorf(vm.TypeErrorClass, "strptime() takes at most 2 arguments (%d given)", len(args))
		}
		return callDatetime(t, "_time_strptime", args...)
	}})
	asc := func(name string, fromSecs bool) {
		d.SetStr(name, &vm.Builtin{Name: name, Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
			if len(args) > 1 {
				return nil, vm.Errorf(vm.TypeErrorClass, "%s expected at most 1 argument, got %d", name, len(args))
			}
			var st vm.Value
			var err error
			if fromSecs || len(args) == 0 {
				st, err = structAt(t, name, args)
			} else {
				st = args[0]
			}
			if err != nil {
				return nil, err
			}
			return callDatetime(t, "_time_asctime", st)
		}})
	}
	asc("asctime", false)
	asc("ctime", true)
	d.SetStr("timezone", vm.Int(0))
	d.SetStr("altzone", vm.Int(0))
	d.SetStr("daylight", vm.Int(0))
	d.SetStr("tzname", vm.Tuple{vm.Str("UTC"), vm.Str("UTC")})
	return &vm.Module{Name: "time", Dict: d}, nil
}

// callDatetime calls a helper function of this run's datetime module.
func callDatetime(t *vm.Thread, fn string, args ...vm.Value) (vm.Value, error) {
	m, err := t.Import("datetime")
	if err != nil {
		return nil, err
	}
	f, err := t.GetAttr(m, fn)
	if err != nil {
		return nil, err
	}
	return t.Call(f, vm.Tuple(args), nil)
}

// sleep blocks the run for the given seconds, or until the run's context ends (then
// the run stops with its time limit, as any other deadline does).
func sleep(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(kw) > 0 {
		return nil, vm.Errorf(vm.TypeErrorClass, "time.sleep() takes no keyword arguments")
	}
	if len(args) != 1 {
		return nil, vm.Errorf(vm.TypeErrorClass, "time.sleep() takes exactly one argument (%d given)", len(args))
	}
	secs, err := pyargs.Float(t, args[0])
	if err != nil {
		return nil, vm.Errorf(vm.TypeErrorClass, "'%s' object cannot be interpreted as an integer", vm.TypeName(args[0]))
	}
	if math.IsNaN(secs) {
		return nil, vm.Errorf(vm.ValueErrorClass, "Invalid value NaN (not a number)")
	}
	if secs < 0 {
		return nil, vm.Errorf(vm.ValueErrorClass, "sleep length must be non-negative")
	}
	d := MaxSleep
	if secs < MaxSleep.Seconds() {
		d = time.Duration(secs * float64(time.Second))
	}
	ctx := t.Context()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return vm.None, nil
	case <-ctx.Done():
		msg := "execution cancelled"
		if ctx.Err() == context.DeadlineExceeded {
			msg = "execution time limit exceeded"
		}
		return nil, &vm.LimitError{Kind: "time", Type: "TimeoutError", Msg: msg}
	}
}
