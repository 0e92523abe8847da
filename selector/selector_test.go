package selector

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseAndMatch(t *testing.T) {
	t.Parallel()
	labels := map[string]string{"source": "mcp", "team": "core", "risk": "", "example.com/tier": "gold"}
	cases := []struct {
		sel       string
		canonical string
		match     bool
	}{
		{"", "", true},
		{"   ", "", true},
		{"source=mcp", "source=mcp", true},
		{"source == mcp", "source=mcp", true},
		{"source=cli", "source=cli", false},
		{"source!=cli", "source!=cli", true},
		{"owner!=bob", "owner!=bob", true}, // absent key satisfies !=
		{"team in (web, core)", "team in (core,web)", true},
		{"team in (web)", "team in (web)", false},
		{"team notin (web,web)", "team notin (web)", true},
		{"owner notin (a)", "owner notin (a)", true},
		{"risk", "risk", true},
		{"risk=", "risk=", true},
		{"!risk", "!risk", false},
		{"! owner", "!owner", true},
		{"source=mcp, team in (core), !owner", "source=mcp,team in (core),!owner", true},
		{"source=mcp,team=web", "source=mcp,team=web", false},
		{"example.com/tier=gold", "example.com/tier=gold", true},
	}
	for _, tc := range cases {
		s, err := Parse(tc.sel)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.sel, err)
			continue
		}
		if got := s.String(); got != tc.canonical {
			t.Errorf("Parse(%q).String() = %q, want %q", tc.sel, got, tc.canonical)
		}
		if got := s.Matches(labels); got != tc.match {
			t.Errorf("%q.Matches(%v) = %v, want %v", tc.sel, labels, got, tc.match)
		}
		again, err := Parse(s.String())
		if err != nil || !cmp.Equal(again.Requirements(), s.Requirements()) {
			t.Errorf("round trip of %q: %v, %v", tc.sel, again, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		sel string
		col int
		msg string
	}{
		{"a in (b", 8, `expected ')' to close the in list`},
		{"a in b", 6, `expected '(' after "in"`},
		{"a ~ b", 3, `expected an operator (=, ==, !=, in, notin) after "a", found '~'`},
		{"a has (b)", 3, `unknown operator "has" after "a": want =, ==, !=, in or notin`},
		{"a=b c=d", 5, `expected ',' between requirements, found 'c'`},
		{"a=b,", 5, `expected a label key, found the end`},
		{",a", 1, `expected a label key, found ','`},
		{"-a=b", 1, `label key "-a": the name must be 1-63 characters and start and end with a letter or digit`},
		{"a/b/c=d", 1, `label key "a/b/c" has more than one '/'`},
		{"a=b-", 3, `label value "b-" must be at most 63 characters of letters, digits, '-', '_' and '.', starting and ending with a letter or digit`},
		{"a in (x,-y)", 9, `label value "-y" must be at most 63 characters of letters, digits, '-', '_' and '.', starting and ending with a letter or digit`},
		{"a in (x;y)", 8, `expected ',' or ')' in the in list, found ';'`},
	}
	for _, tc := range cases {
		_, err := Parse(tc.sel)
		want := &Error{Selector: tc.sel, Col: tc.col, Msg: tc.msg}
		if diff := cmp.Diff(error(want), err, cmp.Comparer(func(a, b error) bool {
			return a != nil && b != nil && a.Error() == b.Error()
		})); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tc.sel, diff)
		}
	}
}

func TestValidateLabels(t *testing.T) {
	t.Parallel()
	if err := ValidateLabels(map[string]string{"team": "core", "example.com/x": "", "a.b_c-d": "1.0"}); err != nil {
		t.Errorf("valid labels rejected: %v", err)
	}
	for _, bad := range []map[string]string{{"": "x"}, {"a b": "x"}, {"team": "has space"}, {"team": "-x"}} {
		if err := ValidateLabels(bad); err == nil {
			t.Errorf("ValidateLabels(%q) accepted", bad)
		}
	}
}

func TestContradiction(t *testing.T) {
	t.Parallel()
	for src, contradictory := range map[string]bool{
		"a=x,a=y":                  true,
		"a=x,a=x":                  false,
		"a,!a":                     true,
		"!a,a=x":                   true,
		"a=x,a!=x":                 true,
		"a in (x,y),a notin (x,y)": true,
		"a in (x,y),a notin (x)":   false,
		"a in (x,y),a in (y,z)":    false,
		"a in (x,y),a in (z)":      true,
		"a!=x,a!=y":                false,
		"a,a!=x":                   false,
		"!a,a!=x":                  false,
		"a=x,b=y":                  false,
		"":                         false,
	} {
		got := MustParse(src).Contradiction()
		if (got != "") != contradictory {
			t.Errorf("Contradiction(%q) = %q, want contradictory=%v", src, got, contradictory)
		}
	}
}
