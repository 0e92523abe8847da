//go:build linux

package config

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"golang.org/x/sys/unix"
)

// checkWriters refuses a config file that someone other than its reader
// (or root) can change: whoever writes it decides which commands toolplane
// starts as this user (a stdio server's command, the allowlisted binaries)
// and where its secrets are sent, as ssh refuses a config with loose
// permissions. f is the opened file, so what is checked is what is read.
// Refused: a file writable by others, or by a group other than this
// process's own, or owned by another user; and a directory holding it (as
// named, and after symlinks) that another user may write without the
// sticky bit, or that another user owns, where anyone could put another
// file in its place. A file on a read-only mount (a Kubernetes ConfigMap,
// a :ro bind mount) nobody can change, and a pipe (--config <(...)) is
// read once; neither is checked.
func checkWriters(f *os.File, path string) error {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	var sfs unix.Statfs_t
	if unix.Fstatfs(int(f.Fd()), &sfs) == nil && sfs.Flags&unix.ST_RDONLY != 0 {
		return nil
	}
	if why := writableByOthers(fi, false); why != "" {
		return fmt.Errorf("%s %s (%s): whoever can change it decides which commands toolplane runs as you and where your secrets go; run `chmod go-w %s` and make it yours (chown), or move it", path, why, fi.Mode(), path)
	}
	dirs := []string{filepath.Dir(path)}
	if real, err := filepath.EvalSymlinks(path); err == nil && filepath.Dir(real) != dirs[0] {
		dirs = append(dirs, filepath.Dir(real))
	}
	for _, dir := range dirs {
		di, err := os.Stat(dir)
		if err != nil {
			continue
		}
		if why := writableByOthers(di, true); why != "" {
			return fmt.Errorf("%s: its directory %s %s (%s), so anyone can put another file in its place, which decides which commands toolplane runs as you; move the file to a directory only you can write, or run `chmod go-w %s`", path, dir, why, di.Mode(), dir)
		}
	}
	return nil
}

// writableByOthers says who besides this process's user and root may
// change fi ("" when nobody): a directory with the sticky bit lets nobody
// replace another's file in it.
func writableByOthers(fi fs.FileInfo, dir bool) string {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	if uid := int(st.Uid); uid != 0 && uid != os.Geteuid() {
		return fmt.Sprintf("is owned by another user (uid %d)", uid)
	}
	if dir && fi.Mode()&fs.ModeSticky != 0 {
		return ""
	}
	switch perm := fi.Mode().Perm(); {
	case perm&0o002 != 0:
		return "is writable by every user"
	case perm&0o020 != 0 && int(st.Gid) != os.Getegid():
		return fmt.Sprintf("is writable by group %d, which is not yours", st.Gid)
	}
	return ""
}
