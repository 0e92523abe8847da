// Package json is the embedded interpreter's `json` module: dumps and loads with
// CPython 3.11's output, key coercion rules and error messages (JSONDecodeError with
// line, column and character positions). dump and load are absent: there are no files.
//
// Containers nest at most MaxDepth deep in both directions; deeper input raises
// RecursionError like CPython's recursion limit does. Instances of the library's
// container classes that CPython implements as dict, list, tuple or int subclasses
// (collections.Counter, OrderedDict, defaultdict, namedtuple instances, IntEnum members)
// are encoded through their __toolplane_json__ method, as CPython encodes the subclass.
package json

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/toolplane/toolplane/python/lib/internal/pyargs"
	"github.com/toolplane/toolplane/python/syntax"
	"github.com/toolplane/toolplane/python/vm"
)

// MaxDepth bounds container nesting in dumps and loads.
const MaxDepth = 900

// JSONHook is the method name through which library classes that CPython derives from
// dict, list, tuple or int present their builtin value to the encoder.
const JSONHook = "__toolplane_json__"

// Module builds the json module for one run.
func Module(t *vm.Thread) (*vm.Module, error) {
	ns := vm.NewDict()
	errCls, err := t.NewClass("JSONDecodeError", "JSONDecodeError", []*vm.Class{vm.ValueErrorClass}, ns)
	if err != nil {
		return nil, fmt.Errorf("building module json: %w", err)
	}
	errCls.Module = "json.decoder"
	ns.SetStr("__module__", vm.Str("json.decoder"))
	ns.SetStr("__init__", &vm.Builtin{Name: "__init__", Fn: func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		a, err := pyargs.Parse("JSONDecodeError", args[1:], kw, 3, "msg", "doc", "pos")
		if err != nil {
			return nil, err
		}
		self, ok := args[0].(*vm.Instance)
		if !ok {
			return nil, vm.Errorf(vm.TypeErrorClass, "JSONDecodeError.__init__ needs an instance")
		}
		msg, _ := a[0].(vm.Str)
		doc, _ := a[1].(vm.Str)
		pos, err := pyargs.Int64(t, a[2])
		if err != nil {
			return nil, err
		}
		fillDecodeError(self, string(msg), string(doc), int(pos))
		return vm.None, nil
	}})
	m := &module{errCls: errCls}
	d := vm.NewDict()
	d.SetStr("__name__", vm.Str("json"))
	d.SetStr("JSONDecodeError", errCls)
	d.SetStr("dumps", &vm.Builtin{Name: "dumps", Fn: m.dumps})
	d.SetStr("loads", &vm.Builtin{Name: "loads", Fn: m.loads})
	return &vm.Module{Name: "json", Dict: d}, nil
}

type module struct {
	errCls *vm.Class
}

func fillDecodeError(e *vm.Instance, msg, doc string, pos int) {
	runes := []rune(doc)
	if pos > len(runes) {
		pos = len(runes)
	}
	if pos < 0 {
		pos = 0
	}
	lineno := 1
	last := -1
	for i, r := range runes[:pos] {
		if r == '\n' {
			lineno++
			last = i
		}
	}
	colno := pos - last
	text := fmt.Sprintf("%s: line %d column %d (char %d)", msg, lineno, colno, pos)
	if e.Exc != nil {
		e.Exc.Args = vm.Tuple{vm.Str(text)}
	}
	if e.Dict == nil {
		e.Dict = vm.NewDict()
	}
	e.Dict.SetStr("msg", vm.Str(msg))
	e.Dict.SetStr("doc", vm.Str(doc))
	e.Dict.SetStr("pos", vm.Int(pos))
	e.Dict.SetStr("lineno", vm.Int(lineno))
	e.Dict.SetStr("colno", vm.Int(colno))
}

// ---- encoding ----

type encoder struct {
	t           *vm.Thread
	sb          strings.Builder
	indent      string
	hasIndent   bool
	itemSep     string
	keySep      string
	sortKeys    bool
	skipKeys    bool
	ensureASCII bool
	allowNaN    bool
	checkCirc   bool
	def         vm.Value
	stack       []vm.Value
}

func (m *module) dumps(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if err := checkKwargs("JSONEncoder", kw, encoderKwargs); err != nil {
		return nil, err
	}
	a, err := pyargs.ParseFunc("dumps", args, kw, 1, "obj", "*", "skipkeys", "ensure_ascii", "check_circular",
		"allow_nan", "cls", "indent", "separators", "default", "sort_keys")
	if err != nil {
		return nil, err
	}
	e := &encoder{t: t, itemSep: ", ", keySep: ": "}
	if e.skipKeys, err = pyargs.Truth(t, a[1], false); err != nil {
		return nil, err
	}
	if e.ensureASCII, err = pyargs.Truth(t, a[2], true); err != nil {
		return nil, err
	}
	if e.checkCirc, err = pyargs.Truth(t, a[3], true); err != nil {
		return nil, err
	}
	if e.allowNaN, err = pyargs.Truth(t, a[4], true); err != nil {
		return nil, err
	}
	if a[5] != nil && a[5] != vm.None {
		return nil, vm.Errorf(vm.NotImplementedErrorClass, "json.dumps(cls=...) is not supported by the embedded interpreter; use default=")
	}
	if ind := a[6]; ind != nil && ind != vm.None {
		e.hasIndent = true
		e.itemSep = ","
		switch x := ind.(type) {
		case vm.Str:
			e.indent = string(x)
		default:
			n, err := pyargs.Int64(t, ind)
			if err != nil {
				return nil, err
			}
			if n > 0 {
				if err := t.CheckAlloc(n); err != nil {
					return nil, err
				}
				e.indent = strings.Repeat(" ", int(n))
			}
		}
	}
	if sep := a[7]; sep != nil && sep != vm.None {
		items, err := iterate(t, sep)
		if err != nil {
			return nil, err
		}
		if len(items) != 2 {
			return nil, vm.Errorf(vm.ValueErrorClass, "too many values to unpack (expected 2)")
		}
		is, ok1 := items[0].(vm.Str)
		ks, ok2 := items[1].(vm.Str)
		if !ok1 || !ok2 {
			return nil, vm.Errorf(vm.TypeErrorClass, "make_encoder() argument 6 must be str, not %s", vm.TypeName(items[0]))
		}
		e.itemSep, e.keySep = string(is), string(ks)
	}
	if a[8] != nil && a[8] != vm.None {
		e.def = a[8]
	}
	if e.sortKeys, err = pyargs.Truth(t, a[9], false); err != nil {
		return nil, err
	}
	if err := e.encode(a[0], 0); err != nil {
		return nil, err
	}
	if err := t.Charge(int64(e.sb.Len())); err != nil {
		return nil, err
	}
	return vm.Str(e.sb.String()), nil
}

var (
	encoderKwargs = []string{"obj", "skipkeys", "ensure_ascii", "check_circular", "allow_nan", "cls", "indent", "separators", "default", "sort_keys"}
	decoderKwargs = []string{"s", "cls", "object_hook", "parse_float", "parse_int", "parse_constant", "object_pairs_hook", "strict"}
)

// checkKwargs reports an unknown keyword as CPython does, where dumps and loads pass
// extra keywords on to the JSONEncoder or JSONDecoder constructor.
func checkKwargs(cls string, kw []vm.Kwarg, known []string) error {
	for _, k := range kw {
		if !slices.Contains(known, k.Name) {
			return vm.Errorf(vm.TypeErrorClass, "%s.__init__() got an unexpected keyword argument '%s'", cls, k.Name)
		}
	}
	return nil
}

func iterate(t *vm.Thread, v vm.Value) ([]vm.Value, error) {
	it, err := t.Iter(v)
	if err != nil {
		return nil, err
	}
	var out []vm.Value
	for {
		x, ok, err := t.Next(it)
		if err != nil {
			return nil, err
		}
		if !ok {
			return out, nil
		}
		out = append(out, x)
	}
}

func (e *encoder) newline(depth int) {
	if !e.hasIndent {
		return
	}
	e.sb.WriteByte('\n')
	for i := 0; i < depth; i++ {
		e.sb.WriteString(e.indent)
	}
}

func (e *encoder) float(f float64) (string, error) {
	switch {
	case math.IsNaN(f):
		if !e.allowNaN {
			return "", vm.Errorf(vm.ValueErrorClass, "Out of range float values are not JSON compliant")
		}
		return "NaN", nil
	case math.IsInf(f, 1):
		if !e.allowNaN {
			return "", vm.Errorf(vm.ValueErrorClass, "Out of range float values are not JSON compliant")
		}
		return "Infinity", nil
	case math.IsInf(f, -1):
		if !e.allowNaN {
			return "", vm.Errorf(vm.ValueErrorClass, "Out of range float values are not JSON compliant")
		}
		return "-Infinity", nil
	}
	return vm.FloatRepr(f), nil
}

func (e *encoder) enter(v vm.Value, depth int) error {
	if depth >= MaxDepth {
		return vm.Errorf(vm.RecursionErrorClass, "maximum recursion depth exceeded while encoding a JSON object")
	}
	if e.checkCirc {
		for _, s := range e.stack {
			if vm.Is(s, v) {
				return vm.Errorf(vm.ValueErrorClass, "Circular reference detected")
			}
		}
	}
	e.stack = append(e.stack, v)
	return nil
}

func (e *encoder) leave() { e.stack = e.stack[:len(e.stack)-1] }

func (e *encoder) encode(v vm.Value, depth int) error {
	if e.sb.Len() > 1<<16 {
		if err := e.t.CheckAlloc(int64(e.sb.Len())); err != nil {
			return err
		}
	}
	switch x := v.(type) {
	case vm.NoneType:
		e.sb.WriteString("null")
	case vm.Bool:
		if x {
			e.sb.WriteString("true")
		} else {
			e.sb.WriteString("false")
		}
	case vm.Int:
		e.sb.WriteString(strconv.FormatInt(int64(x), 10))
	case *big.Int:
		e.sb.WriteString(x.String())
	case vm.Float:
		s, err := e.float(float64(x))
		if err != nil {
			return err
		}
		e.sb.WriteString(s)
	case vm.Str:
		e.str(string(x))
	case *vm.List:
		return e.array(v, x.Items, depth)
	case vm.Tuple:
		return e.array(v, x, depth)
	case *vm.Dict:
		return e.object(v, x, depth)
	default:
		if inst, ok := v.(*vm.Instance); ok && inst.Class.Lookup(JSONHook) != nil {
			r, err := e.t.CallMethodName(v, JSONHook, nil, nil)
			if err != nil {
				return err
			}
			if err := e.enter(v, depth); err != nil {
				return err
			}
			defer e.leave()
			return e.encode(r, depth)
		}
		if e.def == nil {
			return vm.Errorf(vm.TypeErrorClass, "Object of type %s is not JSON serializable", vm.TypeName(v))
		}
		if err := e.enter(v, depth); err != nil {
			return err
		}
		r, err := e.t.Call(e.def, vm.Tuple{v}, nil)
		if err != nil {
			return err
		}
		err = e.encode(r, depth+1)
		e.leave()
		return err
	}
	return nil
}

func (e *encoder) array(v vm.Value, items []vm.Value, depth int) error {
	if len(items) == 0 {
		e.sb.WriteString("[]")
		return nil
	}
	if err := e.enter(v, depth); err != nil {
		return err
	}
	e.sb.WriteByte('[')
	for i, it := range items {
		if i > 0 {
			e.sb.WriteString(e.itemSep)
		}
		e.newline(depth + 1)
		if err := e.encode(it, depth+1); err != nil {
			return err
		}
	}
	e.newline(depth)
	e.sb.WriteByte(']')
	e.leave()
	return nil
}

func (e *encoder) key(k vm.Value) (string, bool, error) {
	switch x := k.(type) {
	case vm.Str:
		return string(x), true, nil
	case vm.Float:
		s, err := e.float(float64(x))
		return s, true, err
	case vm.Bool:
		if x {
			return "true", true, nil
		}
		return "false", true, nil
	case vm.NoneType:
		return "null", true, nil
	case vm.Int:
		return strconv.FormatInt(int64(x), 10), true, nil
	case *big.Int:
		return x.String(), true, nil
	}
	if e.skipKeys {
		return "", false, nil
	}
	return "", false, vm.Errorf(vm.TypeErrorClass, "keys must be str, int, float, bool or None, not %s", vm.TypeName(k))
}

func (e *encoder) object(v vm.Value, d *vm.Dict, depth int) error {
	if d.Len() == 0 {
		e.sb.WriteString("{}")
		return nil
	}
	if err := e.enter(v, depth); err != nil {
		return err
	}
	items := d.Items()
	if e.sortKeys {
		var serr error
		sortStable(items, func(a, b [2]vm.Value) bool {
			if serr != nil {
				return false
			}
			r, err := e.t.Compare(syntax.Lt, a[0], b[0])
			if err != nil {
				serr = err
				return false
			}
			ok, err := e.t.Truth(r)
			if err != nil {
				serr = err
			}
			return ok
		})
		if serr != nil {
			return serr
		}
	}
	e.sb.WriteByte('{')
	first := true
	for _, it := range items {
		ks, ok, err := e.key(it[0])
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if !first {
			e.sb.WriteString(e.itemSep)
		}
		first = false
		e.newline(depth + 1)
		e.str(ks)
		e.sb.WriteString(e.keySep)
		if err := e.encode(it[1], depth+1); err != nil {
			return err
		}
	}
	e.newline(depth)
	e.sb.WriteByte('}')
	e.leave()
	return nil
}

// sortStable is an insertion-merge sort that tolerates a comparison that fails part
// way (the caller records the error).
func sortStable(items [][2]vm.Value, less func(a, b [2]vm.Value) bool) {
	if len(items) < 2 {
		return
	}
	mid := len(items) / 2
	left := append([][2]vm.Value(nil), items[:mid]...)
	right := append([][2]vm.Value(nil), items[mid:]...)
	sortStable(left, less)
	sortStable(right, less)
	i, j, k := 0, 0, 0
	for i < len(left) && j < len(right) {
		if less(right[j], left[i]) {
			items[k] = right[j]
			j++
		} else {
			items[k] = left[i]
			i++
		}
		k++
	}
	for ; i < len(left); i++ {
		items[k] = left[i]
		k++
	}
	for ; j < len(right); j++ {
		items[k] = right[j]
		k++
	}
}

const hexDigits = "0123456789abcdef"

func (e *encoder) str(s string) {
	sb := &e.sb
	sb.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			sb.WriteString(`\"`)
		case '\\':
			sb.WriteString(`\\`)
		case '\n':
			sb.WriteString(`\n`)
		case '\r':
			sb.WriteString(`\r`)
		case '\t':
			sb.WriteString(`\t`)
		case '\b':
			sb.WriteString(`\b`)
		case '\f':
			sb.WriteString(`\f`)
		default:
			switch {
			case r < 0x20:
				writeU(sb, r)
			case r < 0x7f || !e.ensureASCII:
				sb.WriteRune(r)
			case r >= 0x10000:
				r -= 0x10000
				writeU(sb, 0xd800|((r>>10)&0x3ff))
				writeU(sb, 0xdc00|(r&0x3ff))
			default:
				writeU(sb, r)
			}
		}
	}
	sb.WriteByte('"')
}

func writeU(sb *strings.Builder, r rune) {
	sb.WriteString(`\u`)
	sb.WriteByte(hexDigits[(r>>12)&0xf])
	sb.WriteByte(hexDigits[(r>>8)&0xf])
	sb.WriteByte(hexDigits[(r>>4)&0xf])
	sb.WriteByte(hexDigits[r&0xf])
}
