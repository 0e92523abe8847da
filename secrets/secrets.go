// Package secrets keeps toolplane's secrets: the values behind keyring://NAME
// references (`toolplane secret set`) and the OAuth credentials of `toolplane
// mcp login`. They live in the OS keyring when one answers, else in
// encrypted files under ~/.toolplane/credentials/ (XChaCha20-Poly1305; the
// key in the OS keyring or $TOOLPLANE_STORAGE_KEY), so a headless machine (a
// CI runner, a container without a session bus) still works. With neither
// a keyring nor a key, nothing is stored unless the user opts in to
// unencrypted files (TOOLPLANE_SECRET_STORE=plaintext). Open says which
// store it chose.
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

// StoreEnv names the environment variable that chooses the store:
// "keyring" (the OS keyring or an error), "file" (encrypted files, the key
// from $TOOLPLANE_STORAGE_KEY or the OS keyring), "plaintext" (unencrypted
// files: the explicit opt-in), or empty (the keyring when it answers, else
// encrypted files with the key from $TOOLPLANE_STORAGE_KEY).
const StoreEnv = "TOOLPLANE_SECRET_STORE"

// keyService and keyAccount name the OS keyring entry that holds the key of
// the encrypted file store when TOOLPLANE_SECRET_STORE=file and no
// $TOOLPLANE_STORAGE_KEY is set.
const (
	keyService = "toolplane-storage"
	keyAccount = "file-key"
)

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
	// Mode is "keyring", "file", "plaintext" or "" (auto); default
	// $TOOLPLANE_SECRET_STORE.
	Mode string
	// StorageKey is the key of the encrypted file store, base64; default
	// $TOOLPLANE_STORAGE_KEY.
	StorageKey string
	// Warn hears what the user must know but that does not stop the
	// store: values stored unencrypted, plaintext values just encrypted.
	// Nil means standard error.
	Warn func(string)
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
	// Files is the file store when one was chosen.
	Files *FileStore
}

// Encryption says how the values are protected at rest, for doctor.
func (o *Opened) Encryption() string {
	if o.Files != nil {
		return o.Files.Encryption()
	}
	return "kept by the OS keyring"
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
// (no session bus, no keyring daemon, a timeout) selects the encrypted file
// store, which needs $TOOLPLANE_STORAGE_KEY. Opening an encrypted file store
// encrypts the values it finds stored unencrypted, and says so on Warn.
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
	if opts.StorageKey == "" {
		opts.StorageKey = os.Getenv(StorageKeyEnv)
	}
	if opts.Warn == nil {
		opts.Warn = func(msg string) { fmt.Fprintln(os.Stderr, "toolplane: warning: "+msg) }
	}
	file := func() (*FileStore, error) {
		dir := opts.Dir
		if dir == "" {
			var err error
			if dir, err = DefaultDir(); err != nil {
				return nil, err
			}
		}
		return &FileStore{Dir: filepath.Join(dir, opts.Namespace), Namespace: opts.Namespace, warn: opts.Warn}, nil
	}
	// encrypted opens the file store with a key from the environment, else
	// (keyringKey) from the OS keyring.
	encrypted := func(keyringKey bool, why string) (*Opened, error) {
		fs, err := file()
		if err != nil {
			return nil, err
		}
		var key []byte
		switch {
		case opts.StorageKey != "":
			if key, err = ParseStorageKey(opts.StorageKey); err != nil {
				return nil, fmt.Errorf("$%s: %w", StorageKeyEnv, err)
			}
			fs.sealer, err = newSealer(key, "$"+StorageKeyEnv)
		case keyringKey:
			if key, err = keyFromKeyring(ctx, opts.Timeout); err != nil {
				return nil, fmt.Errorf("%s=file: %s%s", StoreEnv, noKeyAdvice(err.Error()), plaintextNote(fs))
			}
			fs.sealer, err = newSealer(key, fmt.Sprintf("the OS keyring (service %s)", keyService))
		default:
			return nil, errors.New(noKeyAdvice(why) + plaintextNote(fs))
		}
		if err != nil {
			return nil, err
		}
		done, err := fs.encryptPlaintext()
		if len(done) > 0 {
			opts.Warn(fmt.Sprintf("encrypted %d secret(s) that were stored unencrypted in %s: %s", len(done), fs.Dir, strings.Join(done, ", ")))
		}
		if err != nil {
			return nil, fmt.Errorf("encrypting the unencrypted secrets in %s: %w", fs.Dir, err)
		}
		return &Opened{Store: fs, Files: fs, Fallback: why}, nil
	}
	kr := &KeyringStore{Service: opts.Namespace, Timeout: opts.Timeout}
	switch opts.Mode {
	case "file":
		return encrypted(true, "")
	case "plaintext":
		fs, err := file()
		if err != nil {
			return nil, err
		}
		fs.Plaintext = true
		opts.Warn(fmt.Sprintf("%s=plaintext: secrets are stored UNENCRYPTED in %s; anyone who can read those files (a backup, a disk image) has them. Set %s (see `toolplane secret keygen`) and unset %s to encrypt them.", StoreEnv, fs.Dir, StorageKeyEnv, StoreEnv))
		return &Opened{Store: fs, Files: fs}, nil
	case "keyring":
		if err := kr.Probe(ctx); err != nil {
			return nil, fmt.Errorf("%s=keyring, but the OS keyring does not answer: %w (unset %s to fall back to encrypted files)", StoreEnv, err, StoreEnv)
		}
		return &Opened{Store: kr, Keyring: true}, nil
	case "":
		if err := kr.Probe(ctx); err == nil {
			return &Opened{Store: kr, Keyring: true}, nil
		} else {
			return encrypted(false, err.Error())
		}
	}
	return nil, fmt.Errorf("%s=%q: want keyring, file, plaintext or nothing", StoreEnv, opts.Mode)
}

// noKeyAdvice is the refusal to store without a key: what to set, and the
// explicit opt-in to plaintext. why is the keyring's error, if known.
func noKeyAdvice(why string) string {
	var b strings.Builder
	b.WriteString("no OS keyring answers")
	if why != "" {
		b.WriteString(" (" + why + ")")
	}
	fmt.Fprintf(&b, " and $%s is not set, so toolplane cannot keep secrets encrypted, and it does not store them in the clear unasked. "+
		"Set %s to a key from `toolplane secret keygen` (keep a copy: without it the stored secrets are lost), "+
		"or set %s=plaintext to keep them in unencrypted files (mode 0600)", StorageKeyEnv, StorageKeyEnv, StoreEnv)
	return b.String()
}

// plaintextNote tells of values already stored unencrypted, which a key
// would encrypt in place.
func plaintextNote(fs *FileStore) string {
	if names := fs.plaintextNames(); len(names) > 0 {
		return fmt.Sprintf("; %d secret(s) are stored unencrypted in %s and are encrypted in place once a key is set", len(names), fs.Dir)
	}
	return ""
}

// keyFromKeyring reads the file store's key from the OS keyring, making
// one on first use.
func keyFromKeyring(ctx context.Context, timeout time.Duration) ([]byte, error) {
	kr := &KeyringStore{Service: keyService, Timeout: timeout}
	v, err := kr.Get(ctx, keyAccount)
	if errors.Is(err, ErrNotFound) {
		v = GenerateStorageKey()
		if err := kr.Set(ctx, keyAccount, v); err != nil {
			return nil, fmt.Errorf("keeping a new storage key in the OS keyring: %w", err)
		}
	} else if err != nil {
		return nil, fmt.Errorf("reading the storage key: %w", err)
	}
	return ParseStorageKey(v)
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
