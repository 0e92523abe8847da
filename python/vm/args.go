package vm

import (
	"math/big"
	"strings"
)

// parseArgs binds positional and keyword arguments of a builtin to names.
// A name ending in "?" is optional (nil when missing); names after "*" are
// keyword-only.
func parseArgs(fname string, args Tuple, kw []Kwarg, names ...string) ([]Value, error) {
	out := make([]Value, 0, len(names))
	npos := 0
	required := 0
	kwOnlyFrom := len(names)
	clean := make([]string, 0, len(names))
	for _, n := range names {
		if n == "*" {
			kwOnlyFrom = len(clean)
			continue
		}
		opt := strings.HasSuffix(n, "?")
		n = strings.TrimSuffix(n, "?")
		if !opt {
			required = len(clean) + 1
		}
		clean = append(clean, n)
		out = append(out, nil)
	}
	npos = kwOnlyFrom
	if len(args) > npos {
		if npos == required {
			return nil, Errorf(TypeErrorClass, "%s() takes %s but %d %s given", fname, plural(npos, "positional argument"), len(args), wasWere(len(args)))
		}
		return nil, Errorf(TypeErrorClass, "%s() takes at most %s (%d given)", fname, plural(npos, "argument"), len(args))
	}
	if total := len(args) + len(kw); len(kw) > 0 && total > len(clean) {
		// CPython counts every argument against the parameters before it
		// binds keywords.
		what := "argument"
		if len(args) == 0 {
			what = "keyword argument"
		}
		return nil, Errorf(TypeErrorClass, "%s() takes at most %s (%d given)", fname, plural(len(clean), what), total)
	}
	copy(out, args)
	for _, k := range kw {
		found := false
		for i, n := range clean {
			if n == k.Name {
				if out[i] != nil {
					return nil, Errorf(TypeErrorClass, "argument for %s() given by name ('%s') and position (%d)", fname, n, i+1)
				}
				out[i] = k.Value
				found = true
			}
		}
		if !found {
			// CPython's wording for builtins (Python functions say "got an
			// unexpected keyword argument").
			return nil, Errorf(TypeErrorClass, "'%s' is an invalid keyword argument for %s()", k.Name, fname)
		}
	}
	for i := 0; i < required; i++ {
		if out[i] == nil {
			if i < len(args) || len(kw) > 0 || required > 1 {
				return nil, Errorf(TypeErrorClass, "%s() missing required argument '%s' (pos %d)", fname, clean[i], i+1)
			}
			if required == 1 && npos == 1 {
				return nil, Errorf(TypeErrorClass, "%s() takes exactly one argument (0 given)", fname)
			}
			return nil, Errorf(TypeErrorClass, "%s() missing required argument '%s' (pos %d)", fname, clean[i], i+1)
		}
	}
	return out, nil
}

func wasWere(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

func noKw(fname string, kw []Kwarg) error {
	if len(kw) > 0 {
		return Errorf(TypeErrorClass, "%s() takes no keyword arguments", fname)
	}
	return nil
}

func exactArgs(fname string, args Tuple, kw []Kwarg, n int) error {
	if err := noKw(fname, kw); err != nil {
		return err
	}
	if len(args) != n {
		if n == 0 {
			return Errorf(TypeErrorClass, "%s() takes no arguments (%d given)", fname, len(args))
		}
		if n == 1 {
			return Errorf(TypeErrorClass, "%s() takes exactly one argument (%d given)", fname, len(args))
		}
		return Errorf(TypeErrorClass, "%s expected %d arguments, got %d", fname, n, len(args))
	}
	return nil
}

func rangeArgs(fname string, args Tuple, kw []Kwarg, lo, hi int) error {
	if err := noKw(fname, kw); err != nil {
		return err
	}
	if len(args) < lo {
		return Errorf(TypeErrorClass, "%s expected at least %d argument%s, got %d", fname, lo, sfx(lo), len(args))
	}
	if len(args) > hi {
		return Errorf(TypeErrorClass, "%s expected at most %d argument%s, got %d", fname, hi, sfx(hi), len(args))
	}
	return nil
}

// toInt converts an index-like argument.
func (t *Thread) toInt(v Value, what string) (int64, error) {
	if _, ok := v.(*big.Int); ok {
		// An argument converted to a C size (a width, a count, an
		// index to pop) that does not fit fails as CPython's does.
		return 0, Errorf(OverflowErrorClass, "Python int too large to convert to C ssize_t")
	}
	i, ok, err := t.index(v)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, Errorf(TypeErrorClass, "'%s' object cannot be interpreted as an integer", TypeName(v))
	}
	return i, nil
}
