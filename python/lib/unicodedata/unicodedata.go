// Package unicodedata is the embedded interpreter's `unicodedata` module: name,
// lookup, category, normalize and is_normalized over Go's Unicode tables and
// golang.org/x/text (which may be a newer Unicode version than CPython 3.11's
// 14.0.0: characters added since have names and categories here).
package unicodedata

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/toolplane/toolplane/python/internal/uniname"
	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

// Register adds the module "unicodedata" to a module table.
func Register(m vm.Modules) { pymodule.Register(m, "unicodedata", Module) }

// Module builds the unicodedata module for one run.
func Module(t *vm.Thread) (*vm.Module, error) {
	d := vm.NewDict()
	d.SetStr("__name__", vm.Str("unicodedata"))
	d.SetStr("unidata_version", vm.Str("14.0.0"))
	for name, fn := range map[string]vm.BuiltinFunc{
		"name": name, "lookup": lookup, "category": category,
		"normalize": normalize, "is_normalized": isNormalized,
	} {
		d.SetStr(name, &vm.Builtin{Name: name, Fn: fn})
	}
	return &vm.Module{Name: "unicodedata", Dict: d}, nil
}

// char reads the one-character str argument of fname (what names it as in
// CPython's message: "argument" or "argument 1").
func char(fname, what string, v vm.Value) (rune, error) {
	s, ok := vm.AsStr(v)
	if !ok || utf8.RuneCountInString(string(s)) != 1 {
		return 0, vm.Errorf(vm.TypeErrorClass, "%s() %s must be a unicode character, not %s", fname, what, vm.TypeName(v))
	}
	r, _ := utf8.DecodeRuneInString(string(s))
	return r, nil
}

func nargs(fname string, args vm.Tuple, kw []vm.Kwarg, lo, hi int) error {
	if len(kw) > 0 {
		return vm.Errorf(vm.TypeErrorClass, "%s() takes no keyword arguments", fname)
	}
	if len(args) < lo || len(args) > hi {
		if lo == hi {
			return vm.Errorf(vm.TypeErrorClass, "%s expected %d arguments, got %d", fname, lo, len(args))
		}
		if len(args) < lo {
			return vm.Errorf(vm.TypeErrorClass, "%s expected at least %d argument, got %d", fname, lo, len(args))
		}
		return vm.Errorf(vm.TypeErrorClass, "%s expected at most %d arguments, got %d", fname, hi, len(args))
	}
	return nil
}

func name(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if err := nargs("name", args, kw, 1, 2); err != nil {
		return nil, err
	}
	r, err := char("name", "argument 1", args[0])
	if err != nil {
		return nil, err
	}
	if n := uniname.Name(r); n != "" {
		return vm.Str(n), nil
	}
	if len(args) > 1 {
		return args[1], nil
	}
	return nil, vm.Errorf(vm.ValueErrorClass, "no such name")
}

func lookup(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if err := nargs("lookup", args, kw, 1, 1); err != nil {
		return nil, err
	}
	s, ok := vm.AsStr(args[0])
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "lookup() argument must be str, not %s", vm.TypeName(args[0]))
	}
	if r, ok := uniname.Lookup(string(s)); ok {
		return vm.Str(string(r)), nil
	}
	return nil, vm.Errorf(vm.KeyErrorClass, "undefined character name '%s'", string(s))
}

// categoryOrder lists the general categories in the order they are tried.
var categoryOrder = []string{"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd",
	"Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co"}

func category(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 1 || len(kw) > 0 {
		return nil, vm.Errorf(vm.TypeErrorClass, "unicodedata.category() takes exactly one argument (%d given)", len(args))
	}
	r, err := char("category", "argument", args[0])
	if err != nil {
		return nil, err
	}
	for _, c := range categoryOrder {
		if unicode.Is(unicode.Categories[c], r) {
			return vm.Str(c), nil
		}
	}
	return vm.Str("Cn"), nil
}

func form(v vm.Value) (norm.Form, error) {
	s, ok := vm.AsStr(v)
	if !ok {
		return 0, vm.Errorf(vm.TypeErrorClass, "normalize() argument 1 must be str, not %s", vm.TypeName(v))
	}
	switch s {
	case "NFC":
		return norm.NFC, nil
	case "NFD":
		return norm.NFD, nil
	case "NFKC":
		return norm.NFKC, nil
	case "NFKD":
		return norm.NFKD, nil
	}
	return 0, vm.Errorf(vm.ValueErrorClass, "invalid normalization form")
}

func normArgs(fname string, t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (norm.Form, string, error) {
	if err := nargs(fname, args, kw, 2, 2); err != nil {
		return 0, "", err
	}
	f, err := form(args[0])
	if err != nil {
		return 0, "", err
	}
	s, ok := vm.AsStr(args[1])
	if !ok {
		return 0, "", vm.Errorf(vm.TypeErrorClass, "%s() argument 2 must be str, not %s", fname, vm.TypeName(args[1]))
	}
	// The scan is charged (is_normalized's buffers) and counted as
	// steps; normalize charges its result as it grows.
	if err := t.Charge(int64(len(s))); err != nil {
		return 0, "", err
	}
	if err := t.Tick(int64(len(s)) / 64); err != nil {
		return 0, "", err
	}
	return f, string(s), nil
}

func normalize(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	f, s, err := normArgs("normalize", t, args, kw)
	if err != nil {
		return nil, err
	}
	if f.IsNormalString(s) {
		return args[1], nil
	}
	// Built a segment at a time, the result held as it grows: a
	// decomposition can be 18 times its input ('\ufdfa' * 10**6 made 33 MB
	// at once past a 16 MiB limit), and a long string polls the deadline.
	var it norm.Iter
	it.InitString(f, s)
	g := t.Growth()
	defer g.Done()
	out := make([]byte, 0, len(s))
	for next := normChunk; !it.Done(); {
		seg := it.Next()
		if err := g.To(int64(len(out) + len(seg))); err != nil {
			return nil, err
		}
		out = append(out, seg...)
		if len(out) >= next {
			if err := t.TickChars(normChunk); err != nil {
				return nil, err
			}
			next += normChunk
		}
	}
	return vm.Str(out), nil
}

// normChunk is the bytes of output normalize builds between two counts of
// its work as steps.
const normChunk = 64 << 10

func isNormalized(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	f, s, err := normArgs("is_normalized", t, args, kw)
	if err != nil {
		return nil, err
	}
	return vm.Bool(f.IsNormalString(s)), nil
}
