package secrets

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// FileStore keeps each value in its own file, mode 0600, in a directory of
// mode 0700: the fallback when no OS keyring answers. Writes are atomic
// (temporary file, sync, rename), so a crash leaves the old value or the
// new one, and writers of different names never touch each other's files.
type FileStore struct {
	// Dir holds the files; it is created on the first Set.
	Dir string
}

// fileSuffix marks value files; anything else in Dir is ignored.
const fileSuffix = ".secret"

// path maps a name to its file. Names may contain '/', which is escaped,
// so every entry is a file directly in Dir.
func (f *FileStore) path(name string) (string, error) {
	if err := ValidName(name); err != nil {
		return "", err
	}
	return filepath.Join(f.Dir, url.PathEscape(name)+fileSuffix), nil
}

// Where implements Store.
func (f *FileStore) Where() string { return "files in " + f.Dir }

// Get implements Store.
func (f *FileStore) Get(_ context.Context, name string) (string, error) {
	p, err := f.path(name)
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%s in %s: %w", name, f.Where(), ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("reading secret %s: %w", name, err)
	}
	return string(data), nil
}

// Set implements Store.
func (f *FileStore) Set(_ context.Context, name, value string) error {
	p, err := f.path(name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(f.Dir, 0o700); err != nil {
		return fmt.Errorf("storing secret %s: %w", name, err)
	}
	// MkdirAll keeps an existing directory's mode; a credentials directory
	// others can list would leak the names.
	if err := os.Chmod(f.Dir, 0o700); err != nil {
		return fmt.Errorf("storing secret %s: %w", name, err)
	}
	tmp, err := os.CreateTemp(f.Dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("storing secret %s: %w", name, err)
	}
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("storing secret %s in %s: %w", name, f.Dir, err)
	}
	// CreateTemp makes the file 0600 already; Chmod guards against an
	// unusual umask handling on other systems.
	if err := tmp.Chmod(0o600); err != nil {
		return fail(err)
	}
	if _, err := tmp.WriteString(value); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("storing secret %s in %s: %w", name, f.Dir, err)
	}
	return nil
}

// Delete implements Store.
func (f *FileStore) Delete(_ context.Context, name string) error {
	p, err := f.path(name)
	if err != nil {
		return err
	}
	err = os.Remove(p)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s in %s: %w", name, f.Where(), ErrNotFound)
	}
	return err
}

// List implements Store.
func (f *FileStore) List(_ context.Context) ([]string, error) {
	entries, err := os.ReadDir(f.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", f.Dir, err)
	}
	var names []string
	for _, e := range entries {
		base, ok := strings.CutSuffix(e.Name(), fileSuffix)
		if !ok || e.IsDir() || strings.HasPrefix(e.Name(), ".tmp-") {
			continue
		}
		if name, err := url.PathUnescape(base); err == nil {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names, nil
}
