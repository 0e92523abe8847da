package python

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"

	"github.com/toolplane/toolplane/python/jsonlike"
	"github.com/toolplane/toolplane/python/vm"
)

const maxConvertDepth = 200

// hostRun is the host functions of one run, under their names ("greet",
// "greeter.greet"). The run's context carries it (hostRunKey).
type hostRun struct {
	funcs map[string]HostFunc
}

type hostRunKey struct{}

// currentHostFunc returns the function a host function made for run mine
// calls in the run of thread t. Host functions are bound like builtins:
// by name, anew for each run. A session may keep a reference from an
// earlier run (f = call_tool, g = greeter); called in a later run it
// calls that run's function of the same name, with that run's bridge,
// admission and audit, and fails when that run binds no such name.
func currentHostFunc(t *vm.Thread, mine *hostRun, name string) (HostFunc, error) {
	cur, _ := t.Context().Value(hostRunKey{}).(*hostRun)
	if cur == mine {
		return mine.funcs[name], nil
	}
	if cur != nil {
		if fn, ok := cur.funcs[name]; ok {
			return fn, nil
		}
	}
	return nil, vm.Errorf(vm.LookupErrorClass, "%s is not available in this run: it was bound by an earlier run, and this run binds no such name", name)
}

func newHostFunction(name string, run *hostRun) *vm.HostFunction {
	return &vm.HostFunction{
		Name: name,
		Bind: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.HostWork, int64, error) {
			fn, err := currentHostFunc(t, run, name)
			if err != nil {
				return nil, 0, err
			}
			w := &hostWork{fn: fn}
			gargs := w.small[:0:len(w.small)]
			if len(args) > len(w.small) {
				gargs = make([]any, 0, len(args))
			}
			for i, a := range args {
				v, err := fromPython(t, a)
				if err != nil {
					return nil, 0, pyError(fmt.Sprintf("%s() argument %d: ", name, i+1), err)
				}
				gargs = append(gargs, v)
			}
			var gkw map[string]any
			if len(kw) > 0 {
				gkw = make(map[string]any, len(kw))
				for _, k := range kw {
					v, err := fromPython(t, k.Value)
					if err != nil {
						return nil, 0, pyError(fmt.Sprintf("%s() argument '%s': ", name, k.Name), err)
					}
					gkw[k.Name] = v
				}
			}
			w.args, w.kw = gargs, gkw
			held := goSize(gargs, 0) + goSize(gkw, 0)
			return w, held, nil
		},
		Result: func(t *vm.Thread, v any, err error) (vm.Value, error) {
			if err != nil {
				// The exception is the snippet's to keep, as a result
				// is: its message may be as large as what the host
				// quoted (an argument echoed in a schema error).
				exc := hostException(name, err)
				if cerr := t.Charge(vm.SizeOf(exc)); cerr != nil {
					return nil, cerr
				}
				return nil, exc
			}
			pv, cerr := toPython(t, v, 0)
			if cerr != nil {
				return nil, vm.Errorf(vm.TypeErrorClass, "%s() returned %s", name, cerr.Error())
			}
			// What a host function returns is the snippet's to keep.
			if err := t.Charge(vm.SizeOf(pv)); err != nil {
				return nil, err
			}
			return pv, nil
		},
	}
}

// hostWork is one host call's work: the function and its converted
// arguments, held in small when there are few (one allocation for the
// work and its arguments, where a closure would take a cell for each
// variable it clears and a slice of its own).
type hostWork struct {
	fn    HostFunc
	args  []any
	kw    map[string]any
	small [2]any
}

// Run implements vm.HostWork.
func (w *hostWork) Run(ctx context.Context) (any, error) {
	// The arguments are the function's from here: it may keep them (in
	// small or not), so they are never cleared; a finished call's future
	// holds no copy because the future lets go of its work when the work
	// starts (vm.Loop.start).
	a, k := w.args, w.kw
	w.args, w.kw = nil, nil
	return w.fn(ctx, a, k)
}

func hostException(name string, err error) error {
	var he *HostError
	if errors.As(err, &he) {
		cls := vm.ExceptionClassByName(he.Type)
		if cls == nil {
			cls = vm.ToolErrorClass
		}
		e := vm.NewException(cls, vm.Str(he.Message))
		e.Dict = vm.NewDict()
		cap := he.Capability
		if cap == "" {
			cap = name
		}
		e.Dict.SetStr("capability", vm.Str(cap))
		return e
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		e := vm.NewException(vm.TimeoutErrorClass, vm.Str(fmt.Sprintf("%s: %v", name, err)))
		e.Dict = vm.NewDict()
		e.Dict.SetStr("capability", vm.Str(name))
		return e
	}
	e := vm.NewException(vm.ToolErrorClass, vm.Str(err.Error()))
	e.Dict = vm.NewDict()
	e.Dict.SetStr("capability", vm.Str(name))
	return e
}

// ConvertError is a Python value with no JSON-like form: the class of the
// exception to raise (TypeError, ValueError, RecursionError) and CPython's
// json.dumps words for it.
type convertError struct {
	class *vm.Class
	msg   string
	// unawaited is set when the value is a coroutine or a host call that
	// never ran: an await was forgotten (see vm.NeverRan).
	unawaited bool
	line      int // where the unawaited call was made
}

func (e *convertError) Error() string { return e.msg }

// pyError returns err as a Python exception of its class, its message
// prefixed by what was being converted ("greet() argument 1: ").
func pyError(prefix string, err error) error {
	var ce *convertError
	if errors.As(err, &ce) {
		return vm.Errorf(ce.class, "%s%s", prefix, ce.msg)
	}
	return err // an exception raised by Python code the conversion ran
}

// fromPython converts v to its JSON-like Go form (package jsonlike) by the
// rules of CPython's json.dumps, so what reaches the host is what
// json.dumps(v) would write: a dict becomes a jsonlike.Object in insertion
// order; a tuple a list; a float stays float64 and an int int64 or
// *big.Int (at most jsonlike.MaxIntDigits digits); dict keys that are int,
// float, bool or None become the strings json.dumps makes of them
// (non-finite float keys "NaN", "Infinity", "-Infinity"); a subclass of
// str, int, float, list or dict, and the library classes CPython derives
// from them (Counter, OrderedDict, defaultdict, namedtuples), its builtin
// value (vm.JSONBase; a dict subclass that overrides items() is read
// through it, as CPython's encoder reads it:
// Python code that runs under the thread's limits). A str is made valid
// UTF-8 (U+FFFD for a lone surrogate).
// Anything else (a set, bytes, an instance, a dataclass, which CPython
// does not encode either), a cycle, or nesting deeper than
// maxConvertDepth is a *convertError.
func fromPython(t *vm.Thread, v vm.Value) (any, error) {
	c := converter{t: t}
	return c.value(v, 0)
}

// converter keeps the containers on the path from the root to the value
// being converted, so a cycle is reported rather than followed.
type converter struct {
	t     *vm.Thread
	stack []vm.Value
}

func (c *converter) enter(v vm.Value, depth int) error {
	if depth >= maxConvertDepth {
		return &convertError{class: vm.RecursionErrorClass, msg: fmt.Sprintf("value is nested more than %d levels deep", maxConvertDepth)}
	}
	for _, s := range c.stack {
		if vm.Is(s, v) {
			return &convertError{class: vm.ValueErrorClass, msg: "Circular reference detected"}
		}
	}
	c.stack = append(c.stack, v)
	return nil
}

func (c *converter) leave() { c.stack = c.stack[:len(c.stack)-1] }

func (c *converter) value(v vm.Value, depth int) (any, error) {
	switch x := v.(type) {
	case vm.NoneType:
		return nil, nil
	case vm.Bool:
		return bool(x), nil
	case vm.Int:
		return int64(x), nil
	case *big.Int:
		if err := checkDigits(x); err != nil {
			return nil, err
		}
		return new(big.Int).Set(x), nil
	case vm.Float:
		return float64(x), nil
	case vm.Str:
		return jsonlike.ValidString(string(x)), nil
	case *vm.List:
		return c.array(v, x.Items, depth)
	case vm.Tuple:
		return c.array(v, x, depth)
	case *vm.Dict:
		return c.object(v, x, depth)
	}
	base, ok, err := c.t.JSONBase(v)
	if err != nil {
		return nil, err
	}
	if !ok {
		if what, line, never := vm.NeverRan(v); never {
			// A forgotten await: say so, not "not JSON serializable".
			return nil, &convertError{class: vm.TypeErrorClass, unawaited: true, line: line, msg: fmt.Sprintf(
				"%s from line %d, never awaited, so it never ran; did you forget await?", what, line)}
		}
		return nil, &convertError{class: vm.TypeErrorClass, msg: fmt.Sprintf("Object of type %s is not JSON serializable", vm.TypeOf(v).Name)}
	}
	if err := c.enter(v, depth); err != nil {
		return nil, err
	}
	defer c.leave()
	return c.value(base, depth+1)
}

func (c *converter) array(v vm.Value, items []vm.Value, depth int) (any, error) {
	if err := c.enter(v, depth); err != nil {
		return nil, err
	}
	defer c.leave()
	out := make([]any, len(items))
	for i, e := range items {
		g, err := c.value(e, depth+1)
		if err != nil {
			return nil, err
		}
		out[i] = g
	}
	return out, nil
}

func (c *converter) object(v vm.Value, d *vm.Dict, depth int) (any, error) {
	if err := c.enter(v, depth); err != nil {
		return nil, err
	}
	defer c.leave()
	items := d.Items()
	out := make(jsonlike.Object, 0, len(items))
	for _, it := range items {
		k, err := c.key(it[0])
		if err != nil {
			return nil, err
		}
		g, err := c.value(it[1], depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, jsonlike.Member{Key: k, Value: g})
	}
	return out, nil
}

// key is a dict key as json.dumps writes it.
func (c *converter) key(k vm.Value) (string, error) {
	switch x := k.(type) {
	case vm.Str:
		return jsonlike.ValidString(string(x)), nil
	case vm.Bool:
		if x {
			return "true", nil
		}
		return "false", nil
	case vm.NoneType:
		return "null", nil
	case vm.Int:
		return strconv.FormatInt(int64(x), 10), nil
	case *big.Int:
		if err := checkDigits(x); err != nil {
			return "", err
		}
		return x.String(), nil
	case vm.Float:
		f := float64(x)
		switch {
		case math.IsNaN(f):
			return "NaN", nil
		case math.IsInf(f, 1):
			return "Infinity", nil
		case math.IsInf(f, -1):
			return "-Infinity", nil
		}
		return jsonlike.FloatRepr(f), nil
	case *vm.Instance:
		base, ok, err := c.t.JSONBase(x)
		if err != nil {
			return "", err
		}
		if ok {
			switch base.(type) {
			case vm.Str, vm.Int, *big.Int, vm.Float, vm.Bool, vm.NoneType:
				return c.key(base)
			}
		}
	}
	return "", &convertError{class: vm.TypeErrorClass, msg: fmt.Sprintf("keys must be str, int, float, bool or None, not %s", vm.TypeName(k))}
}

func checkDigits(x *big.Int) error {
	if _, err := jsonlike.IntString(x); err != nil {
		return &convertError{class: vm.ValueErrorClass, msg: err.Error()}
	}
	return nil
}

// goSize estimates the bytes the Go form fromPython built holds of its
// own: slots, maps and boxed numbers. Strings share their bytes with the
// Python values they came from, so only their boxed headers count.
func goSize(v any, depth int) int64 {
	if depth > maxConvertDepth {
		return 0
	}
	switch x := v.(type) {
	case int64, float64:
		return 8
	case string:
		return 16
	case *big.Int:
		return 40 + int64(cap(x.Bits()))*8
	case []any:
		n := 24 + int64(cap(x))*16
		for _, e := range x {
			n += goSize(e, depth+1)
		}
		return n
	case map[string]any:
		n := 48 + int64(len(x))*64 // buckets: key, value, hash and slack
		for _, e := range x {
			n += goSize(e, depth+1)
		}
		return n
	case jsonlike.Object:
		n := 24 + int64(cap(x))*32 // members: key header, value interface
		for _, m := range x {
			n += goSize(m.Value, depth+1)
		}
		return n
	}
	return 0
}

// toPython converts a JSON-like Go value to a Python value.
func toPython(t *vm.Thread, v any, depth int) (vm.Value, error) {
	if depth > maxConvertDepth {
		return nil, errors.New("a value nested too deeply")
	}
	switch x := v.(type) {
	case nil:
		return vm.None, nil
	case bool:
		return vm.Bool(x), nil
	case int:
		return vm.Int(x), nil
	case int64:
		return vm.Int(x), nil
	case int32:
		return vm.Int(x), nil
	case uint64:
		return vm.MakeInt(new(big.Int).SetUint64(x)), nil
	case *big.Int:
		return vm.MakeInt(new(big.Int).Set(x)), nil
	case float64:
		return vm.Float(x), nil
	case float32:
		return vm.Float(x), nil
	case string:
		return vm.Str(x), nil
	case []byte:
		return vm.Bytes(x), nil
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return vm.Int(i), nil
		}
		if b, ok := new(big.Int).SetString(string(x), 10); ok {
			return vm.MakeInt(b), nil
		}
		f, err := x.Float64()
		if err != nil {
			return nil, fmt.Errorf("an invalid number %q", string(x))
		}
		return vm.Float(f), nil
	case []any:
		items := make([]vm.Value, len(x))
		for i, e := range x {
			p, err := toPython(t, e, depth+1)
			if err != nil {
				return nil, err
			}
			items[i] = p
		}
		return t.NewList(items), nil
	case jsonlike.Object:
		d := t.NewDictSize(len(x))
		for _, m := range x {
			p, err := toPython(t, m.Value, depth+1)
			if err != nil {
				return nil, err
			}
			d.SetStr(m.Key, p)
		}
		return d, nil
	case map[string]any:
		d := t.NewDictSize(len(x))
		// A small map's keys are sorted on the stack.
		var buf [8]string
		keys := buf[:0]
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			p, err := toPython(t, x[k], depth+1)
			if err != nil {
				return nil, err
			}
			d.SetStr(k, p)
		}
		return d, nil
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		items := make([]vm.Value, rv.Len())
		for i := range items {
			p, err := toPython(t, rv.Index(i).Interface(), depth+1)
			if err != nil {
				return nil, err
			}
			items[i] = p
		}
		return t.NewList(items), nil
	case reflect.Map:
		if rv.Type().Key().Kind() == reflect.String {
			m := make(map[string]any, rv.Len())
			for _, k := range rv.MapKeys() {
				m[k.String()] = rv.MapIndex(k).Interface()
			}
			return toPython(t, m, depth)
		}
	case reflect.Int, reflect.Int8, reflect.Int16:
		return vm.Int(rv.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32:
		return vm.Int(rv.Uint()), nil
	case reflect.String:
		return vm.Str(rv.String()), nil
	}
	return nil, fmt.Errorf("a value of Go type %T that has no Python form", v)
}
