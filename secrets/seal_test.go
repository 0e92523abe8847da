package secrets

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// TestAttackSecretFilesAtRest: without an OS keyring, secrets and OAuth
// logins are files. Whoever reads them (a backup, a disk image) must learn
// nothing, and whoever writes them must not get a swapped, edited or
// foreign value used: each is refused with the file and the fix named.
func TestAttackSecretFilesAtRest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root := t.TempDir()
	const value = "at-rest-secret-6c1d9a"
	sec := openFiles(t, NamespaceSecrets, root, testKey)
	if err := sec.Set(ctx, "gh", value); err != nil {
		t.Fatal(err)
	}
	if err := sec.Set(ctx, "other", "other-value-2f7e"); err != nil {
		t.Fatal(err)
	}
	oauth := openFiles(t, NamespaceOAuth, root, testKey)
	login := &Login{URL: "https://mcp.test/mcp", Credentials: &mcpsrc.Credentials{ClientID: "c", Token: &oauth2.Token{AccessToken: "oauth-access-8e2b", RefreshToken: "oauth-refresh-1a9f"}}}
	if err := SaveLogin(ctx, oauth, "gh", login); err != nil {
		t.Fatal(err)
	}
	// Nothing readable on disk.
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, _ := os.ReadFile(p)
		for _, v := range []string{value, "other-value-2f7e", "oauth-access-8e2b", "oauth-refresh-1a9f", "mcp.test"} {
			if strings.Contains(string(data), v) {
				t.Errorf("%s holds %q in the clear", p, v)
			}
		}
		return nil
	})
	file := func(ns, name string) string { return filepath.Join(root, ns, name+fileSuffix) }
	original, _ := os.ReadFile(file(NamespaceSecrets, "gh"))
	restore := func() { os.WriteFile(file(NamespaceSecrets, "gh"), original, 0o600) }
	wantRefused := func(what, want string) {
		t.Helper()
		_, err := sec.Get(ctx, "gh")
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "toolplane secret set gh") || strings.Contains(err.Error(), value) {
			t.Errorf("%s: %v", what, err)
		}
		restore()
	}

	// One flipped bit.
	flipped := append([]byte(nil), original...)
	flipped[len(flipped)-1] ^= 1
	os.WriteFile(file(NamespaceSecrets, "gh"), flipped, 0o600)
	wantRefused("a flipped bit", "was modified")
	// Truncated.
	os.WriteFile(file(NamespaceSecrets, "gh"), original[:len(sealMagic)+3], 0o600)
	wantRefused("a truncated file", "was modified")
	// Another name's file moved over this one.
	other, _ := os.ReadFile(file(NamespaceSecrets, "other"))
	os.WriteFile(file(NamespaceSecrets, "gh"), other, 0o600)
	wantRefused("another name's file", "copied from another secret's file")
	// The OAuth login of the same name, moved into the secrets namespace.
	foreign, _ := os.ReadFile(file(NamespaceOAuth, "gh"))
	os.WriteFile(file(NamespaceSecrets, "gh"), foreign, 0o600)
	wantRefused("the OAuth namespace's file", "copied from another secret's file")
	// Sealed under another key.
	stranger := openFiles(t, NamespaceSecrets, t.TempDir(), GenerateStorageKey())
	stranger.Set(ctx, "gh", "planted")
	planted, _ := os.ReadFile(filepath.Join(stranger.Dir, "gh"+fileSuffix))
	os.WriteFile(file(NamespaceSecrets, "gh"), planted, 0o600)
	wantRefused("a file sealed under another key", "another storage key")
	if got, err := sec.Get(ctx, "gh"); err != nil || got != value {
		t.Fatalf("after restore: %q %v", got, err)
	}
	// A damaged login asks for a new login, not a new secret.
	os.WriteFile(file(NamespaceOAuth, "gh"), flipped, 0o600)
	if _, err := LoadLogin(ctx, oauth, "gh"); err == nil || !strings.Contains(err.Error(), "toolplane mcp login gh") {
		t.Errorf("damaged login: %v", err)
	}

	// The wrong key opens the store but reads nothing.
	wrong := openFiles(t, NamespaceSecrets, root, GenerateStorageKey())
	if _, err := wrong.Get(ctx, "gh"); err == nil || !strings.Contains(err.Error(), "another storage key") {
		t.Errorf("wrong key: %v", err)
	}
}

// TestAttackSecretStoreWithoutKey: with no OS keyring and no storage key,
// nothing is written in the clear unless the user opted in, and the
// refusal says what to set. A malformed key is refused without being
// quoted.
func TestAttackSecretStoreWithoutKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root := t.TempDir()
	// Auto mode behind a keyring that cannot answer.
	_, err := Open(ctx, Options{Namespace: NamespaceSecrets, Dir: root, Mode: "file", StorageKey: "", Timeout: 1})
	if err == nil || !strings.Contains(err.Error(), "Set "+StorageKeyEnv) || !strings.Contains(err.Error(), StoreEnv+"=plaintext") {
		t.Fatalf("no key, no keyring: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, NamespaceSecrets)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the refusal created files: %v", err)
	}
	const bad = "not-a-key-but-secret-ish"
	if _, err := Open(ctx, Options{Namespace: NamespaceSecrets, Dir: root, Mode: "file", StorageKey: bad}); err == nil || strings.Contains(err.Error(), bad) {
		t.Errorf("malformed key: %v", err)
	}
	if (&FileStore{Dir: root}).Set(ctx, "x", "v") == nil {
		t.Error("a FileStore without key or opt-in stored a value")
	}

	// The opt-in stores plaintext, loudly.
	var warnings []string
	o, err := Open(ctx, Options{Namespace: NamespaceSecrets, Dir: root, Mode: "plaintext", Warn: func(s string) { warnings = append(warnings, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Set(ctx, "legacy", "legacy-value-33c0"); err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "UNENCRYPTED") || !strings.Contains(o.Where(), "UNENCRYPTED") {
		t.Errorf("plaintext opt-in: %q, %s", warnings, o.Where())
	}

	// A key set later encrypts the plaintext values in place and says so.
	warnings = nil
	o, err = Open(ctx, Options{Namespace: NamespaceSecrets, Dir: root, Mode: "file", StorageKey: testKey, Warn: func(s string) { warnings = append(warnings, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "encrypted 1 secret(s)") || !strings.Contains(warnings[0], "legacy") {
		t.Errorf("migration warnings: %q", warnings)
	}
	data, _ := os.ReadFile(filepath.Join(root, NamespaceSecrets, "legacy"+fileSuffix))
	if !isSealed(data) || strings.Contains(string(data), "legacy-value-33c0") {
		t.Errorf("not encrypted in place: %q", data)
	}
	if v, err := o.Get(ctx, "legacy"); err != nil || v != "legacy-value-33c0" {
		t.Errorf("after migration: %q %v", v, err)
	}
	// A plaintext file planted later is encrypted on read and reported.
	warnings = nil
	os.WriteFile(filepath.Join(root, NamespaceSecrets, "planted"+fileSuffix), []byte("planted-value"), 0o600)
	if v, err := o.Get(ctx, "planted"); err != nil || v != "planted-value" || len(warnings) != 1 || !strings.Contains(warnings[0], "toolplane secret rm planted") {
		t.Errorf("planted plaintext: %q %v %q", v, err, warnings)
	}
	// Back in plaintext mode, the encrypted values cannot be read without the key.
	if _, err := (&FileStore{Dir: filepath.Join(root, NamespaceSecrets), Plaintext: true}).Get(ctx, "legacy"); err == nil || !strings.Contains(err.Error(), StorageKeyEnv) {
		t.Errorf("encrypted value without a key: %v", err)
	}
}
