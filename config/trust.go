package config

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Gate decides whether the bytes of a config file may be used. Load and
// Update call Allow with exactly the bytes they are about to parse, so a
// file changed between a check and its use cannot slip through; Update
// calls Wrote with the bytes it wrote.
type Gate interface {
	Allow(path string, data []byte) error
	Wrote(path string, data []byte) error
}

// TrustFileName is the file, in ~/.toolplane, that records the trusted
// project configs.
const TrustFileName = "trusted-configs.json"

// TrustStore records the config files the user trusted with `toolplane
// trust`, each by absolute path and the SHA-256 of its content, the way
// direnv records allowed .envrc files: a file that changed is untrusted
// again until it is reviewed and trusted anew. It is the Gate of a
// ./toolplane.toml found in the current directory.
type TrustStore struct {
	// Path is the record file; default ~/.toolplane/trusted-configs.json.
	Path string
	// now is the clock of new entries; nil means time.Now.
	now func() time.Time
}

// TrustEntry is one trusted file.
type TrustEntry struct {
	// Path is the file's absolute path, as it was named (not resolved
	// through symlinks: the content hash is what pins it).
	Path string `json:"path"`
	// SHA256 is the hex SHA-256 of the trusted content.
	SHA256 string `json:"sha256"`
	// Trusted is when it was recorded.
	Trusted time.Time `json:"trusted"`
}

// DefaultTrustStore is the store in ~/.toolplane.
func DefaultTrustStore() (*TrustStore, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return nil, fmt.Errorf("finding the trusted-configs record: %w", err)
	}
	return &TrustStore{Path: filepath.Join(home, ".toolplane", TrustFileName)}, nil
}

// Hash is the hex SHA-256 a TrustEntry records for data.
func Hash(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// UntrustedError is returned for a config file that is not trusted, or
// changed since it was. Its message says what to run.
type UntrustedError struct {
	// Path is the file as named; Abs its absolute path.
	Path, Abs string
	// Previous is the entry of the file when its content changed since it
	// was trusted; nil when it was never trusted.
	Previous *TrustEntry
}

func (e *UntrustedError) Error() string {
	var b strings.Builder
	if e.Previous != nil {
		fmt.Fprintf(&b, "%s changed since you trusted it on %s, so it is not used: a config file can start programs with your rights.\n",
			e.Abs, e.Previous.Trusted.Local().Format("2006-01-02 15:04"))
		b.WriteString("Review the changes, then trust it again:\n")
	} else {
		fmt.Fprintf(&b, "%s is in the current directory but is not trusted, so it is not used: a config file can start programs with your rights, and one that came with a cloned repository is not yours.\n", e.Abs)
		b.WriteString("Review it, then either trust it (until it changes):\n")
	}
	if e.Path == FileName {
		b.WriteString("  toolplane trust\n")
	} else {
		fmt.Fprintf(&b, "  toolplane trust %s\n", e.Path)
	}
	b.WriteString("or use it for one command only:\n")
	fmt.Fprintf(&b, "  toolplane --config %s ...\n", e.Path)
	b.WriteString("or use your own config instead: toolplane --config ~/.toolplane/toolplane.toml ...")
	return b.String()
}

// read returns the recorded entries; none when the record does not exist.
func (s *TrustStore) read() ([]TrustEntry, error) {
	data, err := ReadBounded(s.Path, MaxFileBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the trusted configs: %w", err)
	}
	var entries []TrustEntry
	if err := json.Unmarshal(data, &entries); err != nil {
		return nil, fmt.Errorf("%s is damaged (%v); delete it and trust your project configs again", s.Path, err)
	}
	return entries, nil
}

func (s *TrustStore) write(entries []TrustEntry) error {
	slices.SortFunc(entries, func(a, b TrustEntry) int { return strings.Compare(a.Path, b.Path) })
	data, err := json.MarshalIndent(entries, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o700); err != nil {
		return fmt.Errorf("recording trust: %w", err)
	}
	return WriteFileAtomic(s.Path, append(data, '\n'))
}

func absPath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("the absolute path of %s: %w", path, err)
	}
	return abs, nil
}

// List returns the trusted files, sorted by path.
func (s *TrustStore) List() ([]TrustEntry, error) { return s.read() }

// Lookup returns the entry of path, if any.
func (s *TrustStore) Lookup(path string) (*TrustEntry, error) {
	abs, err := absPath(path)
	if err != nil {
		return nil, err
	}
	entries, err := s.read()
	if err != nil {
		return nil, err
	}
	for i := range entries {
		if entries[i].Path == abs {
			return &entries[i], nil
		}
	}
	return nil, nil
}

// Trust records data as the trusted content of path, replacing an older
// entry of the same path. The caller passes the bytes the user reviewed
// (or that were just validated), not a second read of the file.
func (s *TrustStore) Trust(path string, data []byte) (TrustEntry, error) {
	abs, err := absPath(path)
	if err != nil {
		return TrustEntry{}, err
	}
	entries, err := s.read()
	if err != nil {
		return TrustEntry{}, err
	}
	now := time.Now
	if s.now != nil {
		now = s.now
	}
	e := TrustEntry{Path: abs, SHA256: Hash(data), Trusted: now().UTC().Truncate(time.Second)}
	entries = slices.DeleteFunc(entries, func(x TrustEntry) bool { return x.Path == abs })
	return e, s.write(append(entries, e))
}

// Revoke forgets path; it reports whether there was an entry.
func (s *TrustStore) Revoke(path string) (bool, error) {
	abs, err := absPath(path)
	if err != nil {
		return false, err
	}
	entries, err := s.read()
	if err != nil {
		return false, err
	}
	n := len(entries)
	entries = slices.DeleteFunc(entries, func(x TrustEntry) bool { return x.Path == abs })
	if len(entries) == n {
		return false, nil
	}
	return true, s.write(entries)
}

// Allow implements Gate: data must be the trusted content of path, else
// the error is an *UntrustedError saying what to run.
func (s *TrustStore) Allow(path string, data []byte) error {
	e, err := s.Lookup(path)
	if err != nil {
		return err
	}
	abs, _ := absPath(path)
	switch {
	case e == nil:
		return &UntrustedError{Path: path, Abs: abs}
	case e.SHA256 != Hash(data):
		return &UntrustedError{Path: path, Abs: abs, Previous: e}
	}
	return nil
}

// Wrote implements Gate: a trusted file that toolplane itself just edited
// (`toolplane mcp add`, `cli allow`) stays trusted with its new content.
func (s *TrustStore) Wrote(path string, data []byte) error {
	_, err := s.Trust(path, data)
	return err
}
