//go:build linux

package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAttackConfigWritableByOthers: the config the user named decides
// which commands toolplane starts as that user and where secrets go. One
// that another local user can change (world-writable, group-writable for
// a group not the user's, owned by someone else, or in a directory they
// can put another file in) was loaded as it was: the other user added a
// stdio server whose command is theirs. Now it is refused, naming the
// file, what is wrong and the chmod that fixes it.
func TestAttackConfigWritableByOthers(t *testing.T) {
	t.Parallel()
	const body = "[mcp.servers.x]\ncommand = \"/tmp/theirs\"\n"
	write := func(t *testing.T, dirMode, fileMode os.FileMode) string {
		dir := filepath.Join(t.TempDir(), "conf")
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "toolplane.toml")
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, fileMode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(dir, dirMode); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, c := range []struct {
		name              string
		dirMode, fileMode os.FileMode
		want              string // "" loads
	}{
		{"private", 0o700, 0o600, ""},
		{"readable", 0o755, 0o644, ""},
		{"own group writes", 0o775, 0o664, ""},
		{"sticky directory", 0o777 | os.ModeSticky, 0o644, ""},
		{"world-writable file", 0o700, 0o666, "is writable by every user (-rw-rw-rw-): whoever can change it decides which commands toolplane runs as you and where your secrets go; run `chmod go-w "},
		{"world-writable directory", 0o777, 0o644, "/conf is writable by every user (drwxrwxrwx), so anyone can put another file in its place"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := write(t, c.dirMode, c.fileMode)
			_, err := Load(path)
			if c.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), path) {
				t.Fatalf("got %v; want an error naming %s and saying %q", err, path, c.want)
			}
		})
	}
	if os.Geteuid() != 0 {
		return // changing a file's owner or group to another's needs root
	}
	for _, c := range []struct {
		name     string
		uid, gid int
		mode     os.FileMode
		want     string
	}{
		{"another user's file", 65534, -1, 0o644, "is owned by another user (uid 65534)"},
		{"another group writes", -1, 65534, 0o664, "is writable by group 65534, which is not yours"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := write(t, 0o700, c.mode)
			if err := os.Chown(path, c.uid, c.gid); err != nil {
				t.Fatal(err)
			}
			if _, err := Load(path); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v; want %q", err, c.want)
			}
		})
	}
}
