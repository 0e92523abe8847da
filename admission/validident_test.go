package admission

import (
	"regexp"
	"strings"
	"testing"
)

// TestIdentityShapeKeepsItsBound checks isValidIdentity, which checks the
// length apart from its regexp so that process start does not compile a
// counted repetition, against the counted form it replaced.
func TestIdentityShapeKeepsItsBound(t *testing.T) {
	counted := regexp.MustCompile(`^[A-Za-z0-9._@:+/=~-]{1,256}$`)
	for _, n := range []int{0, 1, 255, 256, 257, 1000} {
		for _, c := range []string{"a", "@", " ", "é", "\n"} {
			for _, s := range []string{strings.Repeat(c, n), "u" + strings.Repeat(c, n), strings.Repeat(c, n) + "\n"} {
				if got, want := isValidIdentity(s), counted.MatchString(s); got != want {
					t.Errorf("isValidIdentity(%q) = %v, want %v", s, got, want)
				}
			}
		}
	}
}
