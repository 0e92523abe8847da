// Package html is the embedded interpreter's `html` module and its html.parser
// submodule: escape and unescape with CPython's rules (HTML5 named references,
// longest-prefix matching of unterminated names, the standard's replacements for
// invalid numeric references) in Go, and HTMLParser in Python source (parser.py).
package html

import (
	_ "embed"
	"strconv"
	"strings"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed parser.py
var parserSource []byte

// Register adds the modules "html" and "html.parser" (HTMLParser, in Python source,
// parser.py) to a module table.
func Register(m vm.Modules) {
	pymodule.Register(m, "html", Module)
	pymodule.Register(m, "html.parser", pymodule.ModuleFunc("html.parser", "html/parser.py", parserSource))
}

// Module builds the html module for one run.
func Module(t *vm.Thread) (*vm.Module, error) {
	d := vm.NewDict()
	d.SetStr("__name__", vm.Str("html"))
	d.SetStr("__all__", vm.NewList([]vm.Value{vm.Str("escape"), vm.Str("unescape")}))
	d.SetStr("escape", &vm.Builtin{Name: "escape", Fn: escape})
	d.SetStr("unescape", &vm.Builtin{Name: "unescape", Fn: unescape})
	return &vm.Module{Name: "html", Dict: d}, nil
}

func strArg(fname string, args vm.Tuple, kw []vm.Kwarg, names ...string) ([]vm.Value, error) {
	out := make([]vm.Value, len(names))
	if len(args) > len(names) {
		return nil, vm.Errorf(vm.TypeErrorClass, "%s() takes from 1 to %d positional arguments but %d were given", fname, len(names), len(args))
	}
	copy(out, args)
	for _, k := range kw {
		found := false
		for i, n := range names {
			if n == k.Name {
				if out[i] != nil {
					return nil, vm.Errorf(vm.TypeErrorClass, "%s() got multiple values for argument '%s'", fname, n)
				}
				out[i], found = k.Value, true
			}
		}
		if !found {
			return nil, vm.Errorf(vm.TypeErrorClass, "%s() got an unexpected keyword argument '%s'", fname, k.Name)
		}
	}
	if out[0] == nil {
		return nil, vm.Errorf(vm.TypeErrorClass, "%s() missing 1 required positional argument: '%s'", fname, names[0])
	}
	return out, nil
}

// escape is html.escape(s, quote=True).
func escape(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	a, err := strArg("escape", args, kw, "s", "quote")
	if err != nil {
		return nil, err
	}
	s, ok := vm.AsStr(a[0])
	if !ok {
		return nil, vm.Errorf(vm.AttributeErrorClass, "'%s' object has no attribute 'replace'", vm.TypeName(a[0]))
	}
	// An escape takes at most six bytes ("&quot;") for one.
	n := int64(len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '&', '<', '>', '"', '\'':
			n += 5
		}
	}
	if err := t.Charge(n); err != nil {
		return nil, err
	}
	quote := true
	if a[1] != nil {
		if quote, err = t.Truth(a[1]); err != nil {
			return nil, err
		}
	}
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	if quote {
		r = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#x27;")
	}
	return vm.Str(r.Replace(string(s))), nil
}

// unescape is html.unescape(s).
func unescape(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	a, err := strArg("unescape", args, kw, "s")
	if err != nil {
		return nil, err
	}
	sv, ok := vm.AsStr(a[0])
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "argument of type '%s' is not iterable", vm.TypeName(a[0]))
	}
	s := string(sv)
	if !strings.Contains(s, "&") {
		return sv, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '&' {
			b.WriteByte(s[i])
			i++
			continue
		}
		ref, n := matchCharref(s[i+1:])
		if n == 0 {
			b.WriteByte('&')
			i++
			continue
		}
		b.WriteString(replaceCharref(ref))
		i += 1 + n
	}
	return vm.Str(vm.BuiltString(&b)), nil
}

// matchCharref matches what follows '&' against
// #[0-9]+;? | #[xX][0-9a-fA-F]+;? | [^\t\n\f <&#;]{1,32};?
// and returns the matched text and its length (0 when nothing matches).
func matchCharref(s string) (string, int) {
	if strings.HasPrefix(s, "#") {
		j := 1
		hex := len(s) > 1 && (s[1] == 'x' || s[1] == 'X')
		if hex {
			j = 2
		}
		start := j
		for j < len(s) && (isDigit(s[j]) || hex && isHex(s[j])) {
			j++
		}
		if j == start {
			return "", 0
		}
		if j < len(s) && s[j] == ';' {
			j++
		}
		return s[:j], j
	}
	j, count := 0, 0
	for j < len(s) && count < 32 {
		c := s[j]
		if c == '\t' || c == '\n' || c == '\f' || c == ' ' || c == '<' || c == '&' || c == '#' || c == ';' {
			break
		}
		if c < 0x80 {
			j++
		} else {
			_, size := decodeRune(s[j:])
			j += size
		}
		count++
	}
	if j == 0 {
		return "", 0
	}
	if j < len(s) && s[j] == ';' {
		j++
	}
	return s[:j], j
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isHex(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func decodeRune(s string) (rune, int) {
	for i, r := range s {
		if i == 0 {
			n := len(string(r))
			return r, n
		}
	}
	return 0, 1
}

func replaceCharref(s string) string {
	if s[0] == '#' {
		digits := strings.TrimRight(s[1:], ";")
		base := 10
		if digits[0] == 'x' || digits[0] == 'X' {
			digits, base = digits[1:], 16
		}
		num := 0x110000
		if v, err := strconv.ParseInt(digits, base, 64); err == nil && v < 0x110000 {
			num = int(v)
		}
		if r, ok := invalidCharrefs[num]; ok {
			return r
		}
		if num >= 0xD800 && num <= 0xDFFF || num > 0x10FFFF {
			return "\uFFFD"
		}
		if invalidCodepoints[num] {
			return ""
		}
		return string(rune(num))
	}
	if r, ok := html5Entities()[s]; ok {
		return r
	}
	rs := []rune(s)
	for x := len(rs) - 1; x > 1; x-- {
		if r, ok := html5Entities()[string(rs[:x])]; ok {
			return r + string(rs[x:])
		}
	}
	return "&" + s
}
