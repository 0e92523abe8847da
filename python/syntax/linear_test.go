package syntax

import (
	"context"
	"strings"
	"testing"
)

// parseWork parses src under a context that never ends and returns how
// many steps the scanner and the parser took (tokens scanned plus tokens
// consumed, re-reads after speculative parses included).
func parseWork(t *testing.T, src string) int {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	poll := newPoll(ctx)
	p, err := newParser(poll, "w.py", []byte(src))
	if err != nil {
		return poll.steps
	}
	p.run(func() { p.file() })
	return poll.steps
}

// TestAttackParseIsLinear: the parser reads ahead speculatively for
// CPython's error messages (a forgotten comma, an assignment in an
// expression, with-statement parentheses, keyword arguments); a hostile
// source must not make that backtracking repeat work at every level of
// nesting. For shapes that nest n levels (errors included), the parser's
// steps at 4n are at most 5 times those at n: linear, where a re-parse at
// each level would be quadratic (16 times) or exponential.
func TestAttackParseIsLinear(t *testing.T) {
	t.Parallel()
	rep := strings.Repeat
	shapes := map[string]func(n int) string{
		"call_err":      func(n int) string { return rep("f(", n) + "1 1" + rep(")", n) },
		"callkw_err":    func(n int) string { return rep("f(a=1, ", n) + "1 1" + rep(")", n) },
		"kw_positional": func(n int) string { return rep("f(a=1, b", n) + rep(")", n) },
		"dict_err":      func(n int) string { return rep("{a ", n) + rep("}", n) },
		"dict_err2":     func(n int) string { return rep("{a: {a ", n) + rep("}", n) },
		"forgot_comma":  func(n int) string { return rep("[a {a ", n) + rep("}]", n) },
		"with_paren":    func(n int) string { return "with " + rep("(", n) + "a" + rep(")", n) + " as b: pass" },
		"with_items":    func(n int) string { return "with " + rep("(a, ", n) + "a" + rep(")", n) + ": pass" },
		"walrus_err":    func(n int) string { return rep("(a.b := ", n) + "1" + rep(")", n) },
		"assign_in_arg": func(n int) string { return rep("f(a + b = ", n) + "1" + rep(")", n) },
		"star_in_dict":  func(n int) string { return rep("{*a: ", n) + "1" + rep("}", n) },
		"double_star":   func(n int) string { return rep("(**", n) + "1" + rep(")", n) },
		"match_err":     func(n int) string { return "match " + rep("(a b ", n) + rep(")", n) + ":\n case 1: pass" },
		"lambda_err":    func(n int) string { return rep("(lambda: ", n) + "a b" + rep(")", n) },
		"genexp_err":    func(n int) string { return rep("f(x for x in ", n) + "a b" + rep(")", n) },
		"subscript_err": func(n int) string { return rep("a[", n) + "1 1" + rep("]", n) },
		"target_err":    func(n int) string { return rep("[", n) + "a" + rep("]", n) + " = = 1" },
		"fstring_err":   func(n int) string { return "f'{" + rep("(", n) + "a b" + rep(")", n) + "}'" },
		"kw_after_err":  func(n int) string { return rep("f(a=1, b c ", n) + rep(")", n) },
		"ifexp_nest":    func(n int) string { return rep("(a if b else ", n) + "c" + rep(")", n) },
		"ifexp_err":     func(n int) string { return rep("(a if b ", n) + "c" + rep(")", n) },
		"compare_eq":    func(n int) string { return rep("(a == ", n) + "b = c" + rep(")", n) },
		"slices":        func(n int) string { return rep("a[1:", n) + "2" + rep("]", n) },
		"dict_values":   func(n int) string { return rep("{1: ", n) + "*a" + rep("}", n) },
		"args_mix":      func(n int) string { return rep("f(*a, **b, ", n) + "c" + rep(")", n) },
		"pattern_err":   func(n int) string { return "match x:\n case " + rep("[a, ", n) + "1 1" + rep("]", n) + ": pass" },
		"class_pattern": func(n int) string { return "match x:\n case " + rep("C(a=", n) + "1" + rep(")", n) + ": pass" },
		"chain_err":     func(n int) string { return "x = " + rep("a.b(c)[d] + ", 10*n) + "= 1" },
	}
	const n = 40
	for name, shape := range shapes {
		small, big := parseWork(t, shape(n)), parseWork(t, shape(4*n))
		if small == 0 || big > 5*small {
			t.Errorf("%s: %d steps at %d levels, %d at %d: not linear", name, small, n, big, 4*n)
		}
	}
}
