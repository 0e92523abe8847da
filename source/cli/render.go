package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/toolplane/toolplane/python/jsonlike"
)

// Option is one flag in the order it is rendered: a key as the snippet wrote
// it (`max_count`) and its value.
type Option struct {
	Key   string
	Value any
}

// Invocation is one call of a binary, decoded from the capability's input
// object (see the README section "Calling CLI binaries" for the JSON shape).
type Invocation struct {
	// Args are the leading positional words (usually the subcommand).
	Args []any
	// Options are flags rendered after Args.
	Options []Option
	// Positional are trailing positional arguments (the snippet's `_=`),
	// rendered after Options.
	Positional []any
	// Global are flags rendered before Args (the snippet's `_global=`).
	Global []Option
	// Check makes a non-zero exit a tool-level error (CLIError in snippets).
	Check bool
}

// inputKeys are the keys of the capability's input object.
var inputKeys = []string{"args", "options", "positional", "global", "check", "stdin"}

// ParseInvocation decodes the capability's input object. Unknown keys are
// errors so that a misspelt key never silently drops an argument.
func ParseInvocation(input map[string]any) (Invocation, error) {
	inv := Invocation{Check: true}
	for k := range input {
		if !slices.Contains(inputKeys, k) {
			return inv, fmt.Errorf("unknown input key %q (known: %s)", k, strings.Join(inputKeys, ", "))
		}
	}
	var err error
	if inv.Args, err = decodeList("args", input["args"]); err != nil {
		return inv, err
	}
	if inv.Positional, err = decodeList("positional", input["positional"]); err != nil {
		return inv, err
	}
	if inv.Options, err = decodeOptions("options", input["options"]); err != nil {
		return inv, err
	}
	for _, o := range inv.Options {
		if o.Key == "_" || o.Key == "_global" {
			return inv, fmt.Errorf("options: key %q belongs in %q, not in options", o.Key, map[string]string{"_": "positional", "_global": "global"}[o.Key])
		}
	}
	if inv.Global, err = decodeOptions("global", input["global"]); err != nil {
		return inv, err
	}
	switch c := input["check"].(type) {
	case nil:
	case bool:
		inv.Check = c
	default:
		return inv, fmt.Errorf("check: want a boolean, got %s", typeName(c))
	}
	if s, ok := input["stdin"]; ok && s != nil {
		return inv, fmt.Errorf("stdin: must be null; a CLI run's stdin is always closed")
	}
	return inv, nil
}

// Argv renders the invocation to the arguments after the binary name:
// global flags, Args, Options, then Positional.
func (inv Invocation) Argv() ([]string, error) {
	var argv []string
	var err error
	if argv, err = appendFlags(argv, "global", inv.Global); err != nil {
		return nil, err
	}
	if argv, err = appendWords(argv, "args", inv.Args); err != nil {
		return nil, err
	}
	if argv, err = appendFlags(argv, "options", inv.Options); err != nil {
		return nil, err
	}
	if argv, err = appendWords(argv, "positional", inv.Positional); err != nil {
		return nil, err
	}
	return argv, nil
}

// Render renders a call in the snippet's form, `git("log", max_count=5,
// _=["HEAD"], _global={"C": "/repo"})`: args are the positional arguments,
// options the keyword arguments, where `_` holds trailing positional
// arguments and `_global` flags placed before args. A map has no order, so
// Render emits options in sorted key order; ParseInvocation keeps the order
// of an options list.
func Render(args []any, options map[string]any) ([]string, error) {
	inv := Invocation{Args: args}
	keys := make([]string, 0, len(options))
	for k := range options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v := options[k]
		switch k {
		case "_":
			var err error
			if inv.Positional, err = decodeList("_", v); err != nil {
				return nil, err
			}
		case "_global":
			var err error
			if inv.Global, err = decodeOptions("_global", v); err != nil {
				return nil, err
			}
		default:
			inv.Options = append(inv.Options, Option{Key: k, Value: v})
		}
	}
	return inv.Argv()
}

// decodeList accepts a list of words or a single word (`_="HEAD"`).
func decodeList(field string, v any) ([]any, error) {
	switch v := v.(type) {
	case nil:
		return nil, nil
	case []any:
		return v, nil
	case []string:
		out := make([]any, len(v))
		for i, s := range v {
			out[i] = s
		}
		return out, nil
	case string, float64, int, int64, json.Number:
		return []any{v}, nil
	}
	return nil, fmt.Errorf("%s: want a list of strings or numbers, got %s", field, typeName(v))
}

// decodeOptions accepts an object (a snippet's dict in its order, a map
// from JSON in sorted key order) or a list of [key, value] pairs (rendered
// in the given order).
func decodeOptions(field string, v any) ([]Option, error) {
	switch v := v.(type) {
	case nil:
		return nil, nil
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		out := make([]Option, len(keys))
		for i, k := range keys {
			out[i] = Option{Key: k, Value: v[k]}
		}
		return out, nil
	case jsonlike.Object:
		out := make([]Option, len(v))
		for i, m := range v {
			out[i] = Option{Key: m.Key, Value: m.Value}
		}
		return out, nil
	case []Option:
		return v, nil
	case []any:
		out := make([]Option, 0, len(v))
		for i, p := range v {
			pair, ok := p.([]any)
			if !ok || len(pair) != 2 {
				return nil, fmt.Errorf("%s[%d]: want a [key, value] pair, got %s", field, i, typeName(p))
			}
			k, ok := pair[0].(string)
			if !ok {
				return nil, fmt.Errorf("%s[%d]: key must be a string, got %s", field, i, typeName(pair[0]))
			}
			out = append(out, Option{Key: k, Value: pair[1]})
		}
		return out, nil
	}
	return nil, fmt.Errorf("%s: want an object or a list of [key, value] pairs, got %s", field, typeName(v))
}

func appendWords(argv []string, field string, words []any) ([]string, error) {
	for i, w := range words {
		s, err := scalar(w)
		if err != nil {
			return nil, fmt.Errorf("%s[%d]: %w", field, i, err)
		}
		argv = append(argv, s)
	}
	return argv, nil
}

func appendFlags(argv []string, field string, opts []Option) ([]string, error) {
	for _, o := range opts {
		flag, err := flagName(o.Key)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", field, err)
		}
		values := []any{o.Value}
		if list, ok := o.Value.([]any); ok {
			values = list
		} else if list, ok := o.Value.([]string); ok {
			values = values[:0]
			for _, s := range list {
				values = append(values, s)
			}
		}
		for _, v := range values {
			switch v := v.(type) {
			case nil:
				continue
			case bool:
				if v {
					argv = append(argv, flag)
				}
				continue
			}
			s, err := scalar(v)
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", field, o.Key, err)
			}
			if len(flag) == 2 { // short flag: "-n", "5" as separate words
				argv = append(argv, flag, s)
			} else {
				argv = append(argv, flag+"="+s)
			}
		}
	}
	return argv, nil
}

// flagName turns a keyword into a flag: one trailing "_" is dropped (so
// Python keywords can be spelt `class_`), a single character becomes "-x",
// anything longer "--key" with underscores turned into dashes.
func flagName(key string) (string, error) {
	k := strings.TrimSuffix(key, "_")
	if k == "" || k[0] == '-' || k[0] == '_' {
		return "", fmt.Errorf("invalid option name %q: write it without leading dashes or underscores", key)
	}
	for _, r := range k {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.'
		if !ok {
			return "", fmt.Errorf("invalid option name %q: only letters, digits and _-. are allowed", key)
		}
	}
	if len(k) == 1 {
		return "-" + k, nil
	}
	return "--" + strings.ReplaceAll(k, "_", "-"), nil
}

// scalar renders a word: strings as they are, integers in decimal, a
// whole float within ±2^53 as an integer (a JSON client cannot tell 5 from
// 5.0), any other float as Python's str() spells it (0.5, 1e+20,
// 1500000.5).
func scalar(v any) (string, error) {
	switch v := v.(type) {
	case string:
		if strings.ContainsRune(v, 0) {
			return "", fmt.Errorf("contains a NUL byte")
		}
		return v, nil
	case json.Number:
		return v.String(), nil
	case int:
		return strconv.Itoa(v), nil
	case int64:
		return strconv.FormatInt(v, 10), nil
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return "", fmt.Errorf("number %v cannot be an argument", v)
		}
		if v == math.Trunc(v) && math.Abs(v) < 1<<53 {
			return strconv.FormatInt(int64(v), 10), nil
		}
		return jsonlike.FloatRepr(v), nil
	}
	return "", fmt.Errorf("want a string or number, got %s", typeName(v))
}

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64, int, int64, json.Number:
		return "number"
	case []any:
		return "list"
	case map[string]any, jsonlike.Object:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}
