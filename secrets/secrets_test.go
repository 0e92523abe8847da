package secrets

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/oauth2"

	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// testKey is a storage key for tests (32 bytes, base64).
const testKey = "c2VjcmV0cy10ZXN0LXN0b3JhZ2Uta2V5LTMyLWJ5dGU="

// openFiles opens the encrypted file store of namespace under root.
func openFiles(t *testing.T, namespace, root, key string) *FileStore {
	t.Helper()
	o, err := Open(context.Background(), Options{Namespace: namespace, Dir: root, Mode: "file", StorageKey: key, Warn: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	return o.Files
}

func TestFileStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root := t.TempDir()
	o, err := Open(ctx, Options{Namespace: NamespaceSecrets, Dir: root, Mode: "file", StorageKey: testKey})
	if err != nil {
		t.Fatal(err)
	}
	if o.Keyring || o.Where() != "encrypted files in "+filepath.Join(root, "toolplane") {
		t.Fatalf("opened %+v at %s", o, o.Where())
	}
	s := o.Store
	if _, err := s.Get(ctx, "linear/token"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("get before set: %v", err)
	}
	if names, err := s.List(ctx); err != nil || names != nil {
		t.Fatalf("list of a missing directory: %v %v", names, err)
	}
	for name, v := range map[string]string{"linear/token": "s3cret\n", "a..b": "dots", "b": ""} {
		if err := s.Set(ctx, name, v); err != nil {
			t.Fatalf("set %s: %v", name, err)
		}
	}
	if err := s.Set(ctx, "b", "second"); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"linear/token": "s3cret\n", "a..b": "dots", "b": "second"} {
		if got, err := s.Get(ctx, name); err != nil || got != want {
			t.Errorf("get %s = %q, %v; want %q", name, got, err, want)
		}
	}
	names, err := s.List(ctx)
	if err != nil || !slices.Equal(names, []string{"a..b", "b", "linear/token"}) {
		t.Fatalf("list = %q, %v", names, err)
	}
	// Every entry is a private file directly in the namespace directory.
	dir := filepath.Join(root, "toolplane")
	fi, err := os.Stat(dir)
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("dir mode: %v %v", fi.Mode(), err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Fatalf("entries: %v (temporary files left behind?)", entries)
	}
	for _, e := range entries {
		info, _ := e.Info()
		if info.Mode().Perm() != 0o600 || e.IsDir() {
			t.Errorf("%s: mode %v", e.Name(), info.Mode())
		}
	}
	if err := s.Delete(ctx, "b"); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, "b"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("second delete: %v", err)
	}
	for _, bad := range []string{"", "a b", "x:y", "./", "..", "a\x00"} {
		if err := s.Set(ctx, bad, "v"); err == nil {
			t.Errorf("set %q accepted", bad)
		}
	}
}

func TestOpenModes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	if _, err := Open(ctx, Options{Namespace: NamespaceSecrets, Mode: "vault"}); err == nil {
		t.Fatal("unknown mode accepted")
	}
	if _, err := Open(ctx, Options{}); err == nil {
		t.Fatal("missing namespace accepted")
	}
	// Auto mode picks whichever works here; either way the store answers.
	o, err := Open(ctx, Options{Namespace: "toolplane-test-probe", Dir: t.TempDir(), Timeout: 2 * time.Second, StorageKey: testKey})
	if err != nil {
		t.Fatal(err)
	}
	if !o.Keyring && o.Fallback == "" {
		t.Errorf("file store chosen without a reason: %+v", o)
	}
	if _, err := o.Get(ctx, "absent-entry"); !errors.Is(err, ErrNotFound) {
		t.Errorf("get absent: %v", err)
	}
}

// TestOAuthTokensRefreshAndPersist: an expired access token is refreshed at
// the token endpoint, used, and written back; a refused refresh asks for a
// login again.
func TestOAuthTokensRefreshAndPersist(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var issued atomic.Int32
	var refuse atomic.Bool
	as := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		if r.Form.Get("grant_type") != "refresh_token" || refuse.Load() {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"error":"invalid_grant"}`)
			return
		}
		n := issued.Add(1)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"access_token": fmt.Sprintf("at-%d", n), "token_type": "Bearer", "expires_in": 3600, "refresh_token": fmt.Sprintf("rt-%d", n)})
	}))
	t.Cleanup(as.Close)

	store := openFiles(t, NamespaceOAuth, t.TempDir(), testKey)
	login := &Login{URL: "https://mcp.test/mcp", Credentials: &mcpsrc.Credentials{
		ClientID: "c", AuthURL: as.URL + "/authorize", TokenURL: as.URL + "/token",
		Token: &oauth2.Token{AccessToken: "old", RefreshToken: "rt-0", Expiry: time.Now().Add(-time.Minute)},
	}}
	if err := SaveLogin(ctx, store, "linear", login); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	tokens := NewOAuthTokens(ctx, store, map[string]string{"linear": "https://mcp.test/mcp", "moved": "https://new.test/mcp"}, func(s string) { warnings = append(warnings, s) })

	if _, err := tokens.Token(ctx, "other"); !errors.Is(err, mcpsrc.ErrNeedsLogin) {
		t.Fatalf("no login: %v", err)
	}
	for range 2 {
		tok, err := tokens.Token(ctx, "linear")
		if err != nil || tok != "at-1" {
			t.Fatalf("token = %q, %v; want the refreshed at-1 (once)", tok, err)
		}
	}
	stored, err := LoadLogin(ctx, store, "linear")
	if err != nil || stored.Credentials.Token.AccessToken != "at-1" || stored.Credentials.Token.RefreshToken != "rt-1" {
		t.Fatalf("stored after refresh: %+v %v", stored, err)
	}

	// A login kept for another URL is not sent to the moved server.
	if err := SaveLogin(ctx, store, "moved", login); err != nil {
		t.Fatal(err)
	}
	if _, err := tokens.Token(ctx, "moved"); !errors.Is(err, mcpsrc.ErrNeedsLogin) {
		t.Fatalf("moved server: %v", err)
	}

	// A refused refresh needs a new login.
	login.Credentials.Token = &oauth2.Token{AccessToken: "x", RefreshToken: "rt-bad", Expiry: time.Now().Add(-time.Minute)}
	SaveLogin(ctx, store, "expired", login)
	refuse.Store(true)
	if _, err := NewOAuthTokens(ctx, store, nil, nil).Token(ctx, "expired"); !errors.Is(err, mcpsrc.ErrNeedsLogin) {
		t.Fatalf("refused refresh: %v", err)
	}
	if len(warnings) != 0 {
		t.Errorf("warnings: %q", warnings)
	}
}
