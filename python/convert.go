package python

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"

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
		Bind: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (func(ctx context.Context) (any, error), int64, error) {
			fn, err := currentHostFunc(t, run, name)
			if err != nil {
				return nil, 0, err
			}
			gargs := make([]any, len(args))
			for i, a := range args {
				v, err := fromPython(t, a, 0)
				if err != nil {
					return nil, 0, vm.Errorf(vm.TypeErrorClass, "%s() argument %d: %s", name, i+1, err.Error())
				}
				gargs[i] = v
			}
			var gkw map[string]any
			if len(kw) > 0 {
				gkw = make(map[string]any, len(kw))
				for _, k := range kw {
					v, err := fromPython(t, k.Value, 0)
					if err != nil {
						return nil, 0, vm.Errorf(vm.TypeErrorClass, "%s() argument '%s': %s", name, k.Name, err.Error())
					}
					gkw[k.Name] = v
				}
			}
			held := goSize(gargs, 0) + goSize(gkw, 0)
			return func(ctx context.Context) (any, error) {
				// The work lets go of the arguments once it has them,
				// so a finished call's future holds no copy.
				a, k := gargs, gkw
				gargs, gkw = nil, nil
				return fn(ctx, a, k)
			}, held, nil
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
			pv, cerr := toPython(v, 0)
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

// fromPython converts a value to its JSON-like Go form.
func fromPython(t *vm.Thread, v vm.Value, depth int) (any, error) {
	if depth > maxConvertDepth {
		return nil, errors.New("value is nested too deeply")
	}
	if inst, ok := v.(*vm.Instance); ok && inst.Base != nil {
		v = inst.Base
	}
	switch x := v.(type) {
	case vm.NoneType:
		return nil, nil
	case vm.Bool:
		return bool(x), nil
	case vm.Int:
		return int64(x), nil
	case *big.Int:
		return new(big.Int).Set(x), nil
	case vm.Float:
		return float64(x), nil
	case vm.Str:
		return string(x), nil
	case *vm.List:
		out := make([]any, len(x.Items))
		for i, e := range x.Items {
			g, err := fromPython(t, e, depth+1)
			if err != nil {
				return nil, err
			}
			out[i] = g
		}
		return out, nil
	case vm.Tuple:
		out := make([]any, len(x))
		for i, e := range x {
			g, err := fromPython(t, e, depth+1)
			if err != nil {
				return nil, err
			}
			out[i] = g
		}
		return out, nil
	case *vm.Dict:
		out := make(map[string]any, x.Len())
		for _, it := range x.Items() {
			k, ok := it[0].(vm.Str)
			if !ok {
				return nil, fmt.Errorf("dict key of type '%s' cannot be converted (keys must be str)", vm.TypeName(it[0]))
			}
			g, err := fromPython(t, it[1], depth+1)
			if err != nil {
				return nil, err
			}
			out[string(k)] = g
		}
		return out, nil
	}
	return nil, fmt.Errorf("object of type '%s' cannot be converted to a JSON-like value", vm.TypeName(v))
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
	}
	return 0
}

// toPython converts a JSON-like Go value to a Python value.
func toPython(v any, depth int) (vm.Value, error) {
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
			p, err := toPython(e, depth+1)
			if err != nil {
				return nil, err
			}
			items[i] = p
		}
		return vm.NewList(items), nil
	case map[string]any:
		d := vm.NewDictSize(len(x))
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sortStrings(keys)
		for _, k := range keys {
			p, err := toPython(x[k], depth+1)
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
			p, err := toPython(rv.Index(i).Interface(), depth+1)
			if err != nil {
				return nil, err
			}
			items[i] = p
		}
		return vm.NewList(items), nil
	case reflect.Map:
		if rv.Type().Key().Kind() == reflect.String {
			m := make(map[string]any, rv.Len())
			for _, k := range rv.MapKeys() {
				m[k.String()] = rv.MapIndex(k).Interface()
			}
			return toPython(m, depth)
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
