package toolplane

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestUpstreamWarningsSaidOnce: a refresh writes the problems the last one
// did not find, at most maxNewWarnings of them and then how many more; a
// problem that went away is said again when it comes back.
func TestUpstreamWarningsSaidOnce(t *testing.T) {
	var out strings.Builder
	u := &upstreams{warn: &out}
	problems := func(names ...string) []error {
		var errs []error
		for _, n := range names {
			errs = append(errs, fmt.Errorf("tool %q left out", n))
		}
		return []error{errors.Join(errs...), nil}
	}
	said := func() string { s := out.String(); out.Reset(); return s }
	u.warnNew("header\n", problems("a", "b"))
	if got := said(); got != "header\ntool \"a\" left out\ntool \"b\" left out\n" {
		t.Errorf("first refresh wrote %q", got)
	}
	u.warnNew("header\n", problems("b", "a"))
	if got := said(); got != "" {
		t.Errorf("the same problems again wrote %q", got)
	}
	u.warnNew("header\n", problems("a"))
	u.warnNew("header\n", problems("a", "b"))
	if got := said(); got != "header\ntool \"b\" left out\n" {
		t.Errorf("a problem that came back wrote %q", got)
	}
	var many []string
	for i := range 100 {
		many = append(many, fmt.Sprint("t", i))
	}
	u.warnNew("header\n", problems(many...))
	got := said()
	if n := strings.Count(got, "left out"); n != maxNewWarnings || !strings.Contains(got, "(and 68 more problems") {
		t.Errorf("100 new problems wrote %d of them: %q", n, got)
	}
}
