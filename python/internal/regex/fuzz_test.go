package regex

import (
	"errors"
	"testing"
)

// FuzzRegex compiles arbitrary patterns and runs every operation on arbitrary subjects
// under a small budget: nothing may panic, hang or report spans outside the subject.
func FuzzRegex(f *testing.F) {
	for _, p := range matchPatterns {
		for _, s := range p.subjects {
			f.Add(p.pattern, s, uint16(p.flags), "<\\g<0>>")
		}
	}
	for _, p := range errorPatterns {
		f.Add(p.pattern, "abc", uint16(0), `\1`)
	}
	f.Fuzz(func(t *testing.T, pattern, subject string, flags uint16, repl string) {
		fl := Flags(flags) &^ (Locale | Debug)
		re, err := Compile(pattern, fl)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Compile(%q) error %T %v is not an *Error", pattern, err, err)
			}
			_ = e.Error()
			return
		}
		s := []rune(subject)
		lim := func() *Limits { return &Limits{Budget: &stepBudget{max: 200_000}, MaxStack: 1 << 14} }
		check := func(m *Match) {
			if m == nil {
				return
			}
			for g := 0; g <= re.Groups(); g++ {
				a, b := m.Span(g)
				if (a < 0) != (b < 0) || a > b || b > len(s) {
					t.Fatalf("%q on %q: group %d span (%d, %d)", pattern, subject, g, a, b)
				}
			}
		}
		for _, op := range []func(*Limits, []rune, int, int) (*Match, error){re.Search, re.Match, re.FullMatch} {
			m, _ := op(lim(), s, 0, len(s))
			check(m)
			m, _ = op(lim(), s, 1, len(s)-1)
			check(m)
		}
		_, _ = re.FindAll(lim(), s, 0, len(s))
		_, _ = re.Split(lim(), s, 0)
		if t, err := re.ParseTemplate(repl); err == nil {
			_, _, _ = re.Sub(lim(), s, func(m *Match) (string, error) { return t.Expand(m), nil }, 0)
		}
	})
}
