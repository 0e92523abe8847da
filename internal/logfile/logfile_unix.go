//go:build unix

package logfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

func openAppend(path, key string) (*os.File, error) {
	if err := checkDir(filepath.Dir(path), path, key); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) {
			return nil, errorf(key, path, "is a symbolic link; toolplane does not follow a link where it writes its log (whoever placed it would choose the file written); point %s at the file itself", key)
		}
		return nil, fmt.Errorf("opening %s %s: %w", key, path, err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("opening %s %s: %w", key, path, err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, errorf(key, path, "is %s, not a regular file; point %s at a file (it is created if missing)", Kind(fi.Mode()), key)
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		f.Close()
		return nil, errorf(key, path, "is owned by user %d, not by the user toolplane runs as (%d), who would read every record; remove it or point %s at a file of your own", st.Uid, os.Geteuid(), key)
	}
	return f, nil
}

// checkDir refuses a directory in which another user can replace the log:
// writable by group or others without the sticky bit, or owned by a user
// other than toolplane's and root.
func checkDir(dir, path, key string) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil // the open reports it
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	if uid := int(st.Uid); uid != os.Geteuid() && uid != 0 {
		return errorf(key, path, "is in directory %s, owned by user %d, who can replace the log with a link of their choosing; point %s at a directory of your own", dir, st.Uid, key)
	}
	// A group-writable directory is the user's own when the group is
	// (user private groups, umask 002); others', when it is not.
	shared := fi.Mode().Perm()&0o002 != 0 || fi.Mode().Perm()&0o020 != 0 && int(st.Gid) != os.Getegid()
	if shared && fi.Mode()&os.ModeSticky == 0 {
		return errorf(key, path, "is in directory %s (mode %04o), which other users may write to: they can replace the log with a link of their choosing; make the directory writable by you only (chmod go-w) or point %s at a directory of your own", dir, fi.Mode().Perm(), key)
	}
	return nil
}
