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
// mode 0700: the store when no OS keyring answers. Values are encrypted
// (see sealer) unless the store was opened for plaintext explicitly.
// Writes are atomic (temporary file, sync, rename), so a crash leaves the
// old value or the new one, and writers of different names never touch
// each other's files.
//
// What encryption buys: a copy of the directory (a backup, a disk image,
// another account that can read it) reveals nothing without the key, and
// a sealed file moved over another name's, edited, or sealed under
// another key is refused, not used. What it does not: someone who can
// write the directory can still delete values, put back an older sealed
// value of the same name, or plant a plaintext file, which the next open
// encrypts and reports by name.
type FileStore struct {
	// Dir holds the files; it is created on the first Set.
	Dir string
	// Namespace is bound into every sealed file; Open sets it.
	Namespace string
	// Plaintext stores values unencrypted: the explicit opt-in
	// (TOOLPLANE_SECRET_STORE=plaintext). Without it and without a key, Set
	// refuses.
	Plaintext bool

	// sealer encrypts values; nil without a key.
	sealer *sealer
	// warn hears of plaintext values found and encrypted.
	warn func(string)
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
func (f *FileStore) Where() string {
	switch {
	case f.sealer != nil:
		return "encrypted files in " + f.Dir
	case f.Plaintext:
		return "UNENCRYPTED files in " + f.Dir
	}
	return "files in " + f.Dir
}

// Encryption says how values are protected at rest, for doctor.
func (f *FileStore) Encryption() string {
	switch {
	case f.sealer != nil:
		return fmt.Sprintf("encrypted (XChaCha20-Poly1305, key from %s, key id %s)", f.sealer.source, f.sealer.ID())
	case f.Plaintext:
		return "NOT encrypted (" + StoreEnv + "=plaintext)"
	}
	return "no storage key"
}

// fix says how to replace a value that cannot be used.
func (f *FileStore) fix(name string) string {
	if f.Namespace == NamespaceOAuth {
		return fmt.Sprintf("log in again with `toolplane mcp login %s`", name)
	}
	return fmt.Sprintf("store it again with `toolplane secret set %s`", name)
}

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
	switch {
	case isSealed(data) && f.sealer == nil:
		return "", fmt.Errorf("secret %s in %s is encrypted, and no storage key is set: set %s to the key it was stored with", name, p, StorageKeyEnv)
	case isSealed(data):
		plain, err := f.sealer.open(f.Namespace, name, data)
		if err != nil {
			return "", fmt.Errorf("secret %s in %s cannot be decrypted: %w; %s", name, p, err, f.fix(name))
		}
		return string(plain), nil
	case f.sealer != nil:
		// A plaintext value in an encrypted store: written before
		// encryption, by a plaintext-mode process, or planted. Encrypt it
		// and say so.
		if err := f.write(name, p, data); err != nil {
			return "", err
		}
		f.warnf("secret %s in %s was stored unencrypted; it is encrypted now (if you did not store it, delete it: `toolplane secret rm %s`)", name, f.Dir, name)
	}
	return string(data), nil
}

func (f *FileStore) warnf(format string, args ...any) {
	if f.warn != nil {
		f.warn(fmt.Sprintf(format, args...))
	}
}

// Set implements Store.
func (f *FileStore) Set(_ context.Context, name, value string) error {
	p, err := f.path(name)
	if err != nil {
		return err
	}
	if f.sealer == nil && !f.Plaintext {
		return fmt.Errorf("storing secret %s: %s", name, noKeyAdvice(""))
	}
	return f.write(name, p, []byte(value))
}

// write stores value under name at p, sealed when the store has a key.
func (f *FileStore) write(name, p string, value []byte) error {
	if f.sealer != nil {
		value = f.sealer.seal(f.Namespace, name, value)
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
	if _, err := tmp.Write(value); err != nil {
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

// encryptPlaintext seals every plaintext value in the store (those kept
// before encryption existed, or under the plaintext opt-in) and returns
// their names.
func (f *FileStore) encryptPlaintext() ([]string, error) {
	if f.sealer == nil {
		return nil, nil
	}
	names, err := f.List(context.Background())
	if err != nil {
		return nil, err
	}
	var done []string
	for _, name := range names {
		p, err := f.path(name)
		if err != nil {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil || isSealed(data) {
			continue
		}
		if err := f.write(name, p, data); err != nil {
			return done, err
		}
		done = append(done, name)
	}
	return done, nil
}

// plaintextNames lists the values stored unencrypted.
func (f *FileStore) plaintextNames() []string {
	names, _ := f.List(context.Background())
	var out []string
	for _, name := range names {
		p, err := f.path(name)
		if err != nil {
			continue
		}
		if data, err := os.ReadFile(p); err == nil && !isSealed(data) {
			out = append(out, name)
		}
	}
	return out
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
