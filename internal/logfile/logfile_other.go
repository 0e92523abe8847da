//go:build !unix

package logfile

import (
	"fmt"
	"os"
)

func openAppend(path, key string) (*os.File, error) {
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, errorf(key, path, "is %s, not a regular file; point %s at a file (it is created if missing)", Kind(fi.Mode()), key)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening %s %s: %w", key, path, err)
	}
	return f, nil
}
