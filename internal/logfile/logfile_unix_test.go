//go:build unix

package logfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAttackLogPathPlacement: whoever can put a file where toolplane's log
// goes must not choose what toolplane writes. A symbolic link at the path
// (to a file of the user's: toolplane appended to it; dangling: toolplane
// created its target), a directory other users may write to (they swap
// the log for a link between two opens, as at rotation) are refused with
// an error naming the key and the path, and nothing is written through.
func TestAttackLogPathPlacement(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	if err := os.WriteFile(victim, []byte("keep\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "to-victim.log")
	dangling := filepath.Join(dir, "dangling.log")
	created := filepath.Join(dir, "created-by-toolplane")
	for l, target := range map[string]string{link: victim, dangling: created} {
		if err := os.Symlink(target, l); err != nil {
			t.Fatal(err)
		}
	}
	shared := filepath.Join(dir, "shared")
	sticky := filepath.Join(dir, "sticky")
	for d, mode := range map[string]os.FileMode{shared: 0o777, sticky: 0o777 | os.ModeSticky} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(d, mode); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ path, want string }{
		{link, "symbolic link"},
		{dangling, "symbolic link"},
		{filepath.Join(shared, "audit.jsonl"), "other users may write to"},
	} {
		f, err := OpenAppend(c.path, "[audit] path")
		if err == nil {
			f.Close()
			t.Errorf("OpenAppend(%s) opened it", c.path)
			continue
		}
		for _, w := range []string{"[audit] path", c.path, c.want} {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("OpenAppend(%s) = %v; want it to say %q", c.path, err, w)
			}
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep\n" {
		t.Errorf("the link's target was written: %q", b)
	}
	if _, err := os.Lstat(created); err == nil {
		t.Error("the dangling link's target was created")
	}
	// A sticky shared directory (/tmp) and the user's own are fine.
	for _, p := range []string{filepath.Join(sticky, "audit.jsonl"), filepath.Join(dir, "audit.jsonl")} {
		f, err := OpenAppend(p, "[audit] path")
		if err != nil {
			t.Errorf("OpenAppend(%s): %v", p, err)
			continue
		}
		f.Close()
	}
}
