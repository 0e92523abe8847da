// Package secrets keeps toolplane's secrets: the values behind keyring://NAME
// references (`toolplane secret set`) and the OAuth credentials of `toolplane
// mcp login`. They live in the OS keyring when one answers, else in private
// files under ~/.toolplane/credentials/, so a headless machine (a CI runner,
// a container without a session bus) still works; Open says which it chose.
//
// A Store is a value the caller opens and passes; there is no package-level
// state.
package secrets

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unicode"
)

// ErrNotFound is wrapped by Get and Delete when no entry has the name.
var ErrNotFound = errors.New("no such secret")

// StoreEnv names the environment variable that chooses the store: "keyring"
// (the OS keyring or an error), "file" (the file store), or empty (the
// keyring when it answers, else the file store).
const StoreEnv = "TOOLPLANE_SECRET_STORE"

// Namespaces of the entries toolplane keeps.
const (
	// NamespaceSecrets holds the values of keyring://NAME references. Its
	// keyring service is "toolplane", the one config.Secret.Resolve reads.
	NamespaceSecrets = "toolplane"
	// NamespaceOAuth holds `toolplane mcp login` credentials, keyed by
	// server name.
	NamespaceOAuth = "toolplane-oauth"
)

// Store is a named set of secret values in one namespace.
type Store interface {
	// Get returns the value of name, or an error wrapping ErrNotFound.
	Get(ctx context.Context, name string) (string, error)
	// Set creates or replaces name.
	Set(ctx context.Context, name, value string) error
	// Delete removes name, or returns an error wrapping ErrNotFound.
	Delete(ctx context.Context, name string) error
	// List returns the names stored, sorted.
	List(ctx context.Context) ([]string, error)
	// Where says where the values are kept, for messages: "the OS keyring
	// (service toolplane)" or "files in /home/u/.toolplane/credentials/toolplane".
	Where() string
}

// Options tell Open where to look.
type Options struct {
	// Namespace is the keyring service and the file store's subdirectory:
	// NamespaceSecrets or NamespaceOAuth.
	Namespace string
	// Dir is the file store's root; default ~/.toolplane/credentials.
	Dir string
	// Mode is "keyring", "file" or "" (auto); default $TOOLPLANE_SECRET_STORE.
	Mode string
	// Timeout bounds each keyring call: a locked keyring may prompt or hang.
	// Default 5s.
	Timeout time.Duration
}

// Opened is the store Open chose and why.
type Opened struct {
	Store
	// Keyring is true for the OS keyring.
	Keyring bool
	// Fallback says why the file store was chosen in auto mode (the keyring's
	// error); empty otherwise.
	Fallback string
}

// DefaultDir is ~/.toolplane/credentials.
func DefaultDir() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("finding the credentials directory: %w", err)
	}
	return filepath.Join(home, ".toolplane", "credentials"), nil
}

// Open chooses the store. In auto mode it asks the OS keyring for an entry
// that does not exist: "not found" means the keyring works; any other answer
// (no session bus, no keyring daemon, a timeout) selects the file store.
func Open(ctx context.Context, opts Options) (*Opened, error) {
	if opts.Namespace == "" {
		return nil, errors.New("secrets: Options.Namespace is required")
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 5 * time.Second
	}
	if opts.Mode == "" {
		opts.Mode = os.Getenv(StoreEnv)
	}
	file := func() (*FileStore, error) {
		dir := opts.Dir
		if dir == "" {
			var err error
			if dir, err = DefaultDir(); err != nil {
				return nil, err
			}
		}
		return &FileStore{Dir: filepath.Join(dir, opts.Namespace)}, nil
	}
	kr := &KeyringStore{Service: opts.Namespace, Timeout: opts.Timeout}
	switch opts.Mode {
	case "file":
		fs, err := file()
		if err != nil {
			return nil, err
		}
		return &Opened{Store: fs}, nil
	case "keyring":
		if err := kr.Probe(ctx); err != nil {
			return nil, fmt.Errorf("%s=keyring, but the OS keyring does not answer: %w (unset %s to fall back to files)", StoreEnv, err, StoreEnv)
		}
		return &Opened{Store: kr, Keyring: true}, nil
	case "":
		if err := kr.Probe(ctx); err == nil {
			return &Opened{Store: kr, Keyring: true}, nil
		} else {
			fs, ferr := file()
			if ferr != nil {
				return nil, errors.Join(err, ferr)
			}
			return &Opened{Store: fs, Fallback: err.Error()}, nil
		}
	}
	return nil, fmt.Errorf("%s=%q: want keyring, file or nothing", StoreEnv, opts.Mode)
}

// ValidName rejects names that could not be a keyring:// reference: empty,
// or with characters other than letters, digits, '_', '-', '.' and '/'.
func ValidName(name string) error {
	if name == "" {
		return errors.New("a secret needs a name")
	}
	for _, r := range name {
		if !(r == '_' || r == '-' || r == '.' || r == '/' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return fmt.Errorf("secret name %q: %q is not allowed (use letters, digits, '_', '-', '.', '/')", name, r)
		}
	}
	if strings.Trim(name, "./") == "" {
		return fmt.Errorf("secret name %q names nothing", name)
	}
	return nil
}

// Lazy is a Store that opens itself on first use, so a process that never
// reads a secret never probes the keyring (which can take seconds when a
// keyring daemon is slow to answer).
func Lazy(opts Options) *LazyStore { return &LazyStore{opts: opts} }

// LazyStore is the Store Lazy returns.
type LazyStore struct {
	opts   Options
	once   sync.Once
	opened *Opened
	err    error
}

// Open opens the store once and returns it.
func (l *LazyStore) Open(ctx context.Context) (*Opened, error) {
	l.once.Do(func() { l.opened, l.err = Open(ctx, l.opts) })
	return l.opened, l.err
}

// Get implements Store.
func (l *LazyStore) Get(ctx context.Context, name string) (string, error) {
	o, err := l.Open(ctx)
	if err != nil {
		return "", err
	}
	return o.Get(ctx, name)
}

// Set implements Store.
func (l *LazyStore) Set(ctx context.Context, name, value string) error {
	o, err := l.Open(ctx)
	if err != nil {
		return err
	}
	return o.Set(ctx, name, value)
}

// Delete implements Store.
func (l *LazyStore) Delete(ctx context.Context, name string) error {
	o, err := l.Open(ctx)
	if err != nil {
		return err
	}
	return o.Delete(ctx, name)
}

// List implements Store.
func (l *LazyStore) List(ctx context.Context) ([]string, error) {
	o, err := l.Open(ctx)
	if err != nil {
		return nil, err
	}
	return o.List(ctx)
}

// Where implements Store; it opens the store if that has not happened yet.
func (l *LazyStore) Where() string {
	o, err := l.Open(context.Background())
	if err != nil {
		return "the " + l.opts.Namespace + " secret store (" + err.Error() + ")"
	}
	return o.Where()
}
