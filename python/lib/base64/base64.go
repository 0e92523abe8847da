// Package base64 is the embedded interpreter's `base64` and `binascii` modules: the RFC 4648
// encodings (base64 and its URL-safe alphabet, base32, base16) with CPython's
// lenient decoding rules and binascii.Error messages. The API surface is Python
// source (base64.py); the base64 decoder loop is Go.
package base64

import (
	_ "embed"
	"hash/crc32"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed base64.py
var source []byte

//go:embed binascii.py
var binasciiSource []byte

// Register adds the modules "base64" and "binascii" (whose Error base64 raises) to a
// module table.
func Register(m vm.Modules) {
	m.Register("base64", pymodule.ModuleFuncWith("base64", "base64.py", source, map[string]vm.Value{
		"_a2b_base64": &vm.Builtin{Name: "_a2b_base64", Fn: a2bBase64},
		"_b2a_base64": &vm.Builtin{Name: "_b2a_base64", Fn: b2aBase64},
	}))
	m.Register("binascii", pymodule.ModuleFuncWith("binascii", "binascii.py", binasciiSource, map[string]vm.Value{
		"_a2b_base64": &vm.Builtin{Name: "_a2b_base64", Fn: a2bBase64},
		"_b2a_base64": &vm.Builtin{Name: "_b2a_base64", Fn: b2aBase64},
		"_crc32":      &vm.Builtin{Name: "_crc32", Fn: crc32Update},
	}))
}

// crc32Update is binascii.crc32 over checked arguments: (bytes, start value).
func crc32Update(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	b, ok := bytesArg(args)
	if !ok || len(args) != 2 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_crc32(data, crc)")
	}
	start, ok := args[1].(vm.Int)
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "_crc32(data, crc)")
	}
	if err := t.TickBytes(len(b)); err != nil {
		return nil, err
	}
	return vm.Int(crc32.Update(uint32(start), crc32.IEEETable, []byte(b))), nil
}

const b64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

func b2aBase64(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	b, ok := bytesArg(args)
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "_b2a_base64() takes a bytes argument")
	}
	s := string(b)
	if err := t.TickChars(len(s)); err != nil {
		return nil, err
	}
	if err := t.Charge(int64(len(s)+2) / 3 * 4); err != nil {
		return nil, err
	}
	out := make([]byte, 0, (len(s)+2)/3*4)
	for i := 0; i < len(s); i += 3 {
		var n uint32
		rem := len(s) - i
		n = uint32(s[i]) << 16
		if rem > 1 {
			n |= uint32(s[i+1]) << 8
		}
		if rem > 2 {
			n |= uint32(s[i+2])
		}
		out = append(out, b64Alphabet[n>>18&63], b64Alphabet[n>>12&63])
		switch {
		case rem == 1:
			out = append(out, '=', '=')
		case rem == 2:
			out = append(out, b64Alphabet[n>>6&63], '=')
		default:
			out = append(out, b64Alphabet[n>>6&63], b64Alphabet[n&63])
		}
	}
	return vm.OwnBytes(out), nil
}

// a2bBase64 decodes as CPython's binascii.a2b_base64 (non-strict): characters outside
// the alphabet are skipped and a complete pad sequence ends the data. It returns
// (bytes, "") or (None, error message). With a true second argument it is strict, as
// b64decode(validate=True).
func a2bBase64(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	b, ok := bytesArg(args)
	if !ok {
		return nil, vm.Errorf(vm.TypeErrorClass, "_a2b_base64() takes a bytes argument")
	}
	s := string(b)
	if err := t.TickChars(len(s)); err != nil {
		return nil, err
	}
	strict := len(args) > 1 && args[1] == vm.Bool(true)
	fail := func(msg string) (vm.Value, error) { return vm.Tuple{vm.None, vm.Str(msg)}, nil }
	if strict && len(s) > 0 && s[0] == '=' {
		return fail("Leading padding not allowed")
	}
	padStarted := false
	var table [256]int
	for i := range table {
		table[i] = -1
	}
	for i := 0; i < len(b64Alphabet); i++ {
		table[b64Alphabet[i]] = i
	}
	if err := t.Charge(int64(len(s)) * 3 / 4); err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(s)*3/4)
	quad, pads, data := 0, 0, 0
	var left int
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '=' {
			padStarted = true
			if quad >= 2 {
				pads++
				if quad+pads >= 4 {
					if strict && i+1 < len(s) {
						return fail("Excess data after padding")
					}
					return vm.Tuple{vm.OwnBytes(out), vm.Str("")}, nil
				}
			}
			continue
		}
		v := table[c]
		if v < 0 {
			if strict {
				return fail("Only base64 data is allowed")
			}
			continue
		}
		if strict && padStarted {
			return fail("Discontinuous padding not allowed")
		}
		data++
		pads = 0
		switch quad {
		case 0:
			quad, left = 1, v
		case 1:
			quad = 2
			out = append(out, byte(left<<2|v>>4))
			left = v & 0x0f
		case 2:
			quad = 3
			out = append(out, byte(left<<4|v>>2))
			left = v & 0x03
		case 3:
			quad = 0
			out = append(out, byte(left<<6|v))
			left = 0
		}
	}
	switch quad {
	case 0:
		return vm.Tuple{vm.OwnBytes(out), vm.Str("")}, nil
	case 1:
		return vm.Tuple{vm.None, vm.Str(fmtCount(data))}, nil
	}
	return vm.Tuple{vm.None, vm.Str("Incorrect padding")}, nil
}

// bytesArg returns the first argument when it is bytes.
func bytesArg(args vm.Tuple) (vm.Bytes, bool) {
	if len(args) == 0 {
		return "", false
	}
	b, ok := args[0].(vm.Bytes)
	return b, ok
}

func fmtCount(n int) string {
	return "Invalid base64-encoded string: number of data characters (" + itoa(n) + ") cannot be 1 more than a multiple of 4"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}
