package toolplane

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestUpstreamWarningsSaidOnce: a refresh writes the problems the
// refreshes of the last sayAgainAfter did not find, at most
// maxNewWarnings of them and then how many more; a problem gone for
// longer is said again when it comes back; counts and times in a message
// do not make it another problem, numbers in names do.
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
	at := time.Unix(1000, 0)
	tick := func(d time.Duration) time.Time { at = at.Add(d); return at }
	u.warnNew("header\n", problems("a", "b"), tick(time.Second))
	if got := said(); got != "header\ntool \"a\" left out\ntool \"b\" left out\n" {
		t.Errorf("first refresh wrote %q", got)
	}
	u.warnNew("header\n", problems("b", "a"), tick(time.Second))
	u.warnNew("header\n", problems("a"), tick(time.Second))
	u.warnNew("header\n", problems("a", "b"), tick(time.Second))
	if got := said(); got != "" {
		t.Errorf("the same problems again, one gone for a second, wrote %q", got)
	}
	u.warnNew("header\n", problems("a"), tick(time.Second))
	u.warnNew("header\n", problems("a"), tick(sayAgainAfter))
	u.warnNew("header\n", problems("a", "b"), tick(time.Second))
	if got := said(); got != "header\ntool \"b\" left out\n" {
		t.Errorf("a problem back after %s wrote %q", sayAgainAfter, got)
	}
	u.warnNew("header\n", []error{errors.New(`mcp server "dies" failed 4 times in a row: next start in 300ms (exit status 1)`)}, tick(time.Second))
	u.warnNew("header\n", []error{errors.New(`mcp server "dies" failed 5 times in a row: next start in 1.5s (exit status 2)`)}, tick(time.Second))
	if got := said(); strings.Count(got, "dies") != 1 {
		t.Errorf("a server in its back-off at two refreshes wrote %q", got)
	}
	// The back-off quotes the last start's error, itself a problem said
	// when a refresh met it: the back-off stays one problem.
	backoff := func(n int, last string) []error {
		return []error{fmt.Errorf(`mcp server "flaps" failed %d times in a row, so toolplane restarts it at most every so often: next start in 0s (last error: %s)`, n, last)}
	}
	u.warnNew("header\n", backoff(3, "none"), tick(time.Second))
	u.warnNew("header\n", []error{errors.New(`mcp server "flaps" exited at start (exit status 3); stderr tail: (empty)`)}, tick(time.Second))
	u.warnNew("header\n", backoff(5, `mcp server "flaps" exited at start (exit status 3); stderr tail: (empty)`), tick(time.Second))
	if got := said(); strings.Count(got, "failed") != 1 || strings.Count(got, "exited at start") != 1 {
		t.Errorf("a server in its back-off, then failing a start, then in its back-off quoting that failure wrote %q", got)
	}
	var many []string
	for i := range 100 {
		many = append(many, fmt.Sprint("t", i))
	}
	u.warnNew("header\n", problems(many...), tick(time.Second))
	got := said()
	if n := strings.Count(got, "left out"); n != maxNewWarnings || !strings.Contains(got, "(and 68 more problems") {
		t.Errorf("100 new problems wrote %d of them: %q", n, got)
	}
}

// TestAttackUpstreamWarningsRenamedEachRefresh: a server that renames its
// 1000 badly named tools at each refresh, with names 10 KB long, had
// every message of a minute's refreshes kept whole (60 000 of them, 600
// MB), and each warning line as long as the name. What is kept is now
// bounded (maxSaid digests), and so is each line written.
func TestAttackUpstreamWarningsRenamedEachRefresh(t *testing.T) {
	var out strings.Builder
	u := &upstreams{warn: &out}
	long := strings.Repeat("a", 10<<10)
	at := time.Unix(1000, 0)
	// letters is n written in letters: a number in a name would be
	// folded by withoutNumbers.
	letters := func(n int) string {
		b := []byte{}
		for ; n > 0 || len(b) == 0; n /= 26 {
			b = append(b, byte('a'+n%26))
		}
		return string(b)
	}
	for refresh := range 60 {
		var errs []error
		for i := range 1000 {
			errs = append(errs, fmt.Errorf("tool %s_%s left out", long, letters(refresh*1000+i)))
		}
		at = at.Add(time.Second)
		u.warnNew("header\n", []error{errors.Join(errs...)}, at)
		if n := len(u.said); n > maxSaid {
			t.Fatalf("after %d refreshes of 1000 renamed tools, %d problems are kept; want at most %d", refresh+1, n, maxSaid)
		}
		for _, line := range strings.Split(out.String(), "\n") {
			if len(line) > maxWarningBytes+len("…") {
				t.Fatalf("refresh %d wrote a line of %d bytes; want at most %d", refresh+1, len(line), maxWarningBytes)
			}
		}
		out.Reset()
	}
}
