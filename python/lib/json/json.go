// Package json is the embedded interpreter's `json` module: dumps and loads with
// CPython 3.11's output, key coercion rules and error messages (JSONDecodeError with
// line, column and character positions). dump and load are absent: there are no files.
//
// Containers nest at most MaxDepth deep in both directions; deeper input raises
// RecursionError like CPython's recursion limit does. Instances of the library's
// container classes that CPython implements as dict, list, tuple or int subclasses
// (collections.Counter, OrderedDict, defaultdict, namedtuple instances) are encoded
// through their __toolplane_json__ method, as CPython encodes the subclass.
package json

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/toolplane/toolplane/python/jsonlike"
	"github.com/toolplane/toolplane/python/lib/internal/pyargs"
	"github.com/toolplane/toolplane/python/syntax"
	"github.com/toolplane/toolplane/python/vm"
)

// MaxDepth bounds container nesting in dumps and loads.
const MaxDepth = 900

// JSONHook is the method name through which library classes that CPython derives from
// dict, list, tuple or int present their builtin value to the encoder (vm.JSONBase).
const JSONHook = vm.JSONHook

// Module builds the json module for one run.
func Module(t *vm.Thread) (*vm.Module, error) {
	ns := vm.NewDict()
	errCls, err := t.NewClass("JSONDecodeError", "JSONDecodeError", []*vm.Class{vm.ValueErrorClass}, ns)
	if err != nil {
		return nil, fmt.Errorf("building module json: %w", err)
	}
	errCls.Module = "json.decoder"
	ns.SetStr("__module__", vm.Str("json.decoder"))
	ns.SetStr("__init__", vm.NewMethod("__init__", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
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
	}))
	m := &module{errCls: errCls}
	encCls, err := t.NewClass("JSONEncoder", "JSONEncoder", nil, m.encoderClassDict())
	if err != nil {
		return nil, fmt.Errorf("building module json: %w", err)
	}
	decCls, err := t.NewClass("JSONDecoder", "JSONDecoder", nil, m.decoderClassDict())
	if err != nil {
		return nil, fmt.Errorf("building module json: %w", err)
	}
	encCls.Module, decCls.Module = "json.encoder", "json.decoder"
	d := vm.NewDict()
	d.SetStr("__name__", vm.Str("json"))
	d.SetStr("JSONDecodeError", errCls)
	d.SetStr("JSONEncoder", encCls)
	d.SetStr("JSONDecoder", decCls)
	d.SetStr("dumps", &vm.Builtin{Name: "dumps", Fn: m.dumps})
	d.SetStr("loads", &vm.Builtin{Name: "loads", Fn: m.loads})
	d.SetStr("dump", &vm.Builtin{Name: "dump", Fn: m.dump})
	d.SetStr("load", &vm.Builtin{Name: "load", Fn: m.load})
	return &vm.Module{Name: "json", Dict: d}, nil
}

type module struct {
	errCls *vm.Class
}

func method(d *vm.Dict, name string, f vm.BuiltinFunc) {
	d.SetStr(name, vm.NewMethod(name, f))
}

// setAttrs stores keyword options as instance attributes (JSONEncoder/JSONDecoder keep
// their configuration in plain attributes, as CPython's do).
func setAttrs(t *vm.Thread, self vm.Value, names []string, vals []vm.Value, defaults map[string]vm.Value) error {
	for i, n := range names {
		v := vals[i]
		if v == nil {
			v = defaults[n]
		}
		if err := t.SetAttr(self, n, v); err != nil {
			return err
		}
	}
	return nil
}

// encoderClassDict is JSONEncoder: __init__ keeps the options, default() raises the
// not-serializable TypeError (subclasses override it), encode() runs the Go encoder.
func (m *module) encoderClassDict() *vm.Dict {
	d := vm.NewDict()
	d.SetStr("__module__", vm.Str("json.encoder"))
	d.SetStr("item_separator", vm.Str(", "))
	d.SetStr("key_separator", vm.Str(": "))
	method(d, "__init__", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		a, err := pyargs.Parse("JSONEncoder.__init__", args[1:], kw, 0, append([]string{"*"}, encoderParams...)...)
		if err != nil {
			return nil, err
		}
		self := args[0]
		defaults := map[string]vm.Value{"skipkeys": vm.Bool(false), "ensure_ascii": vm.Bool(true),
			"check_circular": vm.Bool(true), "allow_nan": vm.Bool(true), "sort_keys": vm.Bool(false), "indent": vm.None}
		if err := setAttrs(t, self, encoderParams[:6], a[:6], defaults); err != nil {
			return nil, err
		}
		if sep := a[6]; sep != nil && sep != vm.None {
			items, err := iterate(t, sep)
			if err != nil {
				return nil, err
			}
			if len(items) != 2 {
				return nil, vm.Errorf(vm.ValueErrorClass, "too many values to unpack (expected 2)")
			}
			if err := t.SetAttr(self, "item_separator", items[0]); err != nil {
				return nil, err
			}
			if err := t.SetAttr(self, "key_separator", items[1]); err != nil {
				return nil, err
			}
		} else if a[5] != nil && a[5] != vm.None {
			if err := t.SetAttr(self, "item_separator", vm.Str(",")); err != nil {
				return nil, err
			}
		}
		if def := a[7]; def != nil && def != vm.None {
			if err := t.SetAttr(self, "default", def); err != nil {
				return nil, err
			}
		}
		return vm.None, nil
	})
	method(d, "default", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(args) != 2 {
			return nil, vm.Errorf(vm.TypeErrorClass, "JSONEncoder.default() takes 2 positional arguments but %d were given", len(args))
		}
		return nil, vm.Errorf(vm.TypeErrorClass, "Object of type %s is not JSON serializable", vm.TypeOf(args[1]).Name)
	})
	method(d, "encode", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(args) != 2 || len(kw) > 0 {
			return nil, vm.Errorf(vm.TypeErrorClass, "JSONEncoder.encode() takes 2 positional arguments but %d were given", len(args))
		}
		self := args[0]
		opts := map[string]vm.Value{}
		for _, n := range []string{"skipkeys", "ensure_ascii", "check_circular", "allow_nan", "sort_keys", "indent",
			"item_separator", "key_separator", "default"} {
			v, err := t.GetAttr(self, n)
			if err != nil {
				return nil, err
			}
			opts[n] = v
		}
		e, err := newEncoder(t, opts)
		if err != nil {
			return nil, err
		}
		return e.run(args[1])
	})
	return d
}

// decoderParams are JSONDecoder's keyword parameters.
var decoderParams = []string{"object_hook", "parse_float", "parse_int", "parse_constant", "strict", "object_pairs_hook"}

// decoderClassDict is JSONDecoder: __init__ keeps the options, decode() runs the Go
// decoder with them.
func (m *module) decoderClassDict() *vm.Dict {
	d := vm.NewDict()
	d.SetStr("__module__", vm.Str("json.decoder"))
	method(d, "__init__", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		a, err := pyargs.Parse("JSONDecoder.__init__", args[1:], kw, 0, append([]string{"*"}, decoderParams...)...)
		if err != nil {
			return nil, err
		}
		defaults := map[string]vm.Value{"object_hook": vm.None, "parse_float": vm.None, "parse_int": vm.None,
			"parse_constant": vm.None, "strict": vm.Bool(true), "object_pairs_hook": vm.None}
		return vm.None, setAttrs(t, args[0], decoderParams, a, defaults)
	})
	method(d, "decode", func(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
		if len(args) != 2 || len(kw) > 0 {
			return nil, vm.Errorf(vm.TypeErrorClass, "JSONDecoder.decode() takes 2 positional arguments but %d were given", len(args))
		}
		opts := make([]vm.Value, len(decoderParams))
		for i, n := range decoderParams {
			v, err := t.GetAttr(args[0], n)
			if err != nil {
				return nil, err
			}
			opts[i] = v
		}
		return m.decode(t, args[1], opts)
	})
	return d
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
	t  *vm.Thread
	sb strings.Builder
	// g accounts sb as it grows.
	g           vm.Growth
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

// encoderParams are JSONEncoder's keyword parameters, in CPython's order.
var encoderParams = []string{"skipkeys", "ensure_ascii", "check_circular", "allow_nan", "sort_keys", "indent", "separators", "default"}

// dump writes dumps(obj, **kw) with fp.write: fp is any object with a write
// method (io.StringIO, a user class), never a file of the host.
func (m *module) dump(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	a, err := pyargs.ParseFunc("dump", args, kw, 2, "obj", "fp", "*", "skipkeys", "ensure_ascii", "check_circular",
		"allow_nan", "cls", "indent", "separators", "default", "sort_keys")
	if err != nil {
		return nil, err
	}
	s, err := m.dumps(t, vm.Tuple{a[0]}, dropKwargs(kw, "obj", "fp"))
	if err != nil {
		return nil, err
	}
	if _, err := t.CallMethodName(a[1], "write", vm.Tuple{s}, nil); err != nil {
		return nil, err
	}
	return vm.None, nil
}

// load is loads(fp.read(), **kw).
func (m *module) load(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	a, err := pyargs.ParseFunc("load", args, kw, 1, "fp", "*", "cls", "object_hook", "parse_float", "parse_int",
		"parse_constant", "object_pairs_hook", "strict")
	if err != nil {
		return nil, err
	}
	s, err := t.CallMethodName(a[0], "read", nil, nil)
	if err != nil {
		return nil, err
	}
	return m.loads(t, vm.Tuple{s}, dropKwargs(kw, "fp"))
}

func dropKwargs(kw []vm.Kwarg, names ...string) []vm.Kwarg {
	var out []vm.Kwarg
next:
	for _, k := range kw {
		for _, n := range names {
			if k.Name == n {
				continue next
			}
		}
		out = append(out, k)
	}
	return out
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
	if cls := a[5]; cls != nil && cls != vm.None {
		// CPython: cls(skipkeys=..., ...).encode(obj), passing only the given keywords.
		var ckw []vm.Kwarg
		for _, k := range kw {
			if k.Name != "obj" && k.Name != "cls" {
				ckw = append(ckw, k)
			}
		}
		enc, err := t.Call(cls, nil, ckw)
		if err != nil {
			return nil, err
		}
		return t.CallMethodName(enc, "encode", vm.Tuple{a[0]}, nil)
	}
	opts := map[string]vm.Value{"skipkeys": a[1], "ensure_ascii": a[2], "check_circular": a[3], "allow_nan": a[4],
		"indent": a[6], "separators": a[7], "default": a[8], "sort_keys": a[9]}
	e, err := newEncoder(t, opts)
	if err != nil {
		return nil, err
	}
	return e.run(a[0])
}

// newEncoder builds an encoder from JSONEncoder options (nil or None means the
// default). "item_separator" and "key_separator", when present, override separators.
func newEncoder(t *vm.Thread, opts map[string]vm.Value) (*encoder, error) {
	var err error
	e := &encoder{t: t, g: t.Growth(), itemSep: ", ", keySep: ": "}
	if e.skipKeys, err = pyargs.Truth(t, opts["skipkeys"], false); err != nil {
		return nil, err
	}
	if e.ensureASCII, err = pyargs.Truth(t, opts["ensure_ascii"], true); err != nil {
		return nil, err
	}
	if e.checkCirc, err = pyargs.Truth(t, opts["check_circular"], true); err != nil {
		return nil, err
	}
	if e.allowNaN, err = pyargs.Truth(t, opts["allow_nan"], true); err != nil {
		return nil, err
	}
	if ind := opts["indent"]; ind != nil && ind != vm.None {
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
				if err := t.Charge(n); err != nil {
					return nil, err
				}
				e.indent = strings.Repeat(" ", int(n))
			}
		}
	}
	if sep := opts["separators"]; sep != nil && sep != vm.None {
		items, err := t.UnpackExact(sep, 2)
		if err != nil {
			return nil, err
		}
		// The encoder takes the key separator (argument 5) before the item
		// separator (argument 6).
		ks, ok := items[1].(vm.Str)
		if !ok {
			return nil, vm.Errorf(vm.TypeErrorClass, "make_encoder() argument 5 must be str, not %s", vm.TypeName(items[1]))
		}
		is, ok := items[0].(vm.Str)
		if !ok {
			return nil, vm.Errorf(vm.TypeErrorClass, "make_encoder() argument 6 must be str, not %s", vm.TypeName(items[0]))
		}
		e.itemSep, e.keySep = string(is), string(ks)
	}
	if is, ok := opts["item_separator"].(vm.Str); ok {
		e.itemSep = string(is)
	}
	if ks, ok := opts["key_separator"].(vm.Str); ok {
		e.keySep = string(ks)
	}
	if d := opts["default"]; d != nil && d != vm.None {
		e.def = d
	}
	if e.sortKeys, err = pyargs.Truth(t, opts["sort_keys"], false); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *encoder) run(obj vm.Value) (vm.Value, error) {
	defer e.g.Done()
	if err := e.encode(obj, 0); err != nil {
		return nil, err
	}
	return vm.Str(vm.BuiltString(&e.sb)), nil
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

// grow accounts the output at its length plus extra bytes about to be
// written.
func (e *encoder) grow(extra int64) error {
	return e.g.To(int64(e.sb.Len()) + extra)
}

func (e *encoder) newline(depth int) error {
	if !e.hasIndent {
		return nil
	}
	if err := e.grow(1 + vm.SizeMul(int64(depth), int64(len(e.indent)))); err != nil {
		return err
	}
	e.sb.WriteByte('\n')
	for i := 0; i < depth; i++ {
		e.sb.WriteString(e.indent)
	}
	return nil
}

// strBound bounds the length of a string's JSON form: an escape takes at
// most six bytes for an ASCII byte and three per byte of a non-ASCII rune.
func strBound(s string) int64 {
	n := int64(2)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x20 && c < 0x7f && c != '"' && c != '\\':
			n++
		case c >= 0x80:
			n += 3
		default:
			n += 6
		}
	}
	return n
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
	// A value is valueSteps steps: dumps of a list holding one list a
	// hundred thousand times (a few bytes of snippet) encodes a hundred
	// million values, and once ran forty seconds past a two-second limit.
	if err := e.t.Tick(valueSteps); err != nil {
		return err
	}
	if err := e.grow(64 + int64(len(e.itemSep)+len(e.keySep))); err != nil {
		return err
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
		// The decimal conversion is quadratic in the int's words.
		if err := e.t.TickWords(int64(len(x.Bits())) * int64(len(x.Bits()))); err != nil {
			return err
		}
		digits, err := jsonlike.IntString(x)
		if err != nil {
			return vm.Errorf(vm.ValueErrorClass, "%s", err.Error())
		}
		e.sb.WriteString(digits)
	case vm.Float:
		s, err := e.float(float64(x))
		if err != nil {
			return err
		}
		e.sb.WriteString(s)
	case vm.Str:
		if len(x) > 64 {
			// Bounding and escaping visit each byte.
			if err := e.t.TickChars(2 * len(x)); err != nil {
				return err
			}
			if err := e.grow(strBound(string(x))); err != nil {
				return err
			}
		}
		e.str(string(x))
	case *vm.List:
		return e.array(v, x.Items, depth)
	case vm.Tuple:
		return e.array(v, x, depth)
	case *vm.Dict:
		return e.object(v, x, depth)
	default:
		// Library classes CPython derives from a builtin type, and
		// subclasses of str, int, float, list and dict (a str or int Enum
		// among them), encode as their value, as CPython's isinstance
		// checks do.
		base, ok, err := e.t.JSONBase(v)
		if err != nil {
			return err
		}
		if ok {
			return e.encodeBase(v, base, depth)
		}
		if e.def == nil {
			return vm.Errorf(vm.TypeErrorClass, "Object of type %s is not JSON serializable", vm.TypeOf(v).Name)
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

// encodeBase encodes v, of a class derived from a builtin type, as its
// value base: a function of its own, as encode would otherwise pay the
// deferred leave's return path (runtime.deferreturn) for every value.
func (e *encoder) encodeBase(v, base vm.Value, depth int) error {
	if err := e.enter(v, depth); err != nil {
		return err
	}
	defer e.leave()
	return e.encode(base, depth)
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
		if err := e.newline(depth + 1); err != nil {
			return err
		}
		if err := e.encode(it, depth+1); err != nil {
			return err
		}
	}
	if err := e.newline(depth); err != nil {
		return err
	}
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
		// The decimal conversion is quadratic in the int's words.
		if err := e.t.TickWords(int64(len(x.Bits())) * int64(len(x.Bits()))); err != nil {
			return "", false, err
		}
		digits, err := jsonlike.IntString(x)
		if err != nil {
			return "", false, vm.Errorf(vm.ValueErrorClass, "%s", err.Error())
		}
		return digits, true, nil
	case *vm.Instance:
		// A str, int or float subclass (IntEnum, StrEnum members too),
		// and a value that stands for one, keys by its value.
		base, ok, err := e.t.JSONBase(x)
		if err != nil {
			return "", false, err
		}
		if ok {
			switch base.(type) {
			case vm.Str, vm.Int, *big.Int, vm.Float, vm.Bool, vm.NoneType:
				return e.key(base)
			}
		}
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
			// A comparison and a merge move.
			if serr = e.t.Tick(1); serr != nil {
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
		if err := e.newline(depth + 1); err != nil {
			return err
		}
		if err := e.t.TickChars(2 * len(ks)); err != nil {
			return err
		}
		if err := e.grow(strBound(ks) + int64(len(e.keySep))); err != nil {
			return err
		}
		e.str(ks)
		e.sb.WriteString(e.keySep)
		if err := e.encode(it[1], depth+1); err != nil {
			return err
		}
	}
	if err := e.newline(depth); err != nil {
		return err
	}
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
