package spill

import (
	"regexp"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/plugin"
)

// TestValidIDKeepsItsShape checks validID, which checks lengths apart from
// its regexp so that process start does not compile counted repetitions,
// against the counted form it replaced, at and around every bound.
func TestValidIDKeepsItsShape(t *testing.T) {
	counted := regexp.MustCompile(`^([A-Za-z0-9_-]{1,63}\.)?sp_[A-Z2-7]{26}$`)
	var ids []string
	for _, prefix := range []string{"", ".", "r.", "a.b.", "r-1_x.", strings.Repeat("a", 62) + ".",
		strings.Repeat("a", 63) + ".", strings.Repeat("a", 64) + ".", "bad space.", "é."} {
		for _, n := range []int{0, 1, 25, 26, 27, 52} {
			for _, body := range []string{strings.Repeat("A", n), strings.Repeat("2", n), strings.Repeat("a", n), strings.Repeat("8", n)} {
				ids = append(ids, prefix+"sp_"+body, prefix+"sp_"+body+"\n", prefix+"xp_"+body)
			}
		}
	}
	ids = append(ids, newID(), plugin.NewOwnedID("", "sp_"))
	for _, id := range ids {
		if got, want := validID(id), counted.MatchString(id); got != want {
			t.Errorf("validID(%q) = %v, want %v", id, got, want)
		}
	}
}
