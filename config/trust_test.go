package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rewritingGate allows through the trust store, then replaces the file on
// disk, as an attacker racing the check would.
type rewritingGate struct {
	*TrustStore
	evil []byte
}

func (g rewritingGate) Allow(path string, data []byte) error {
	if err := g.TrustStore.Allow(path, data); err != nil {
		return err
	}
	return os.WriteFile(path, g.evil, 0o600)
}

// TestAttackTrustCheckThenSwap: the bytes parsed are the bytes the trust
// check hashed, so a file swapped after the check is not what is loaded.
func TestAttackTrustCheckThenSwap(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	good := []byte("[session]\nenabled = false\n")
	os.WriteFile(path, good, 0o600)
	ts := &TrustStore{Path: filepath.Join(dir, "trust.json")}
	l := &Loader{Gate: ts}
	var ue *UntrustedError
	if _, err := l.Load(path); !errors.As(err, &ue) || ue.Previous != nil || !strings.Contains(err.Error(), "is not trusted") {
		t.Fatalf("untrusted load: %v", err)
	}
	if _, err := ts.Trust(path, good); err != nil {
		t.Fatal(err)
	}
	l.Gate = rewritingGate{ts, []byte("[cli]\nmode = \"ambient\"\n")}
	cfg, err := l.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.CLI.Mode == CLIAmbient || cfg.Session.Enabled {
		t.Fatalf("loaded the swapped file: %+v", cfg.CLI)
	}
	// The next load sees the change and refuses it.
	l.Gate = ts
	if _, err := l.Load(path); !errors.As(err, &ue) || ue.Previous == nil {
		t.Fatalf("load of the changed file: %v", err)
	}
	if ok, err := ts.Revoke(path); !ok || err != nil {
		t.Fatalf("revoke: %v %v", ok, err)
	}
	if entries, _ := ts.List(); len(entries) != 0 {
		t.Fatalf("entries after revoke: %v", entries)
	}
}

// TestLocate: the flag, then $TOOLPLANE_CONFIG, then ./toolplane.toml
// (local, needing trust; the user's own when the current directory is
// ~/.toolplane), then ~/.toolplane/toolplane.toml. Not parallel: it
// changes the working directory and environment.
func TestLocate(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv(EnvPath, "")
	own := filepath.Join(home, ".toolplane")
	os.MkdirAll(own, 0o700)
	os.WriteFile(filepath.Join(own, FileName), nil, 0o600)
	project := t.TempDir()
	os.WriteFile(filepath.Join(project, FileName), nil, 0o600)
	for _, tc := range []struct {
		cwd, flag, env string
		want           Located
	}{
		{project, "x.toml", "", Located{"x.toml", OriginFlag}},
		{project, "", "y.toml", Located{"y.toml", OriginEnv}},
		{project, "", "", Located{FileName, OriginLocal}},
		{own, "", "", Located{filepath.Join(own, FileName), OriginHome}},
		{home, "", "", Located{filepath.Join(own, FileName), OriginHome}},
	} {
		t.Chdir(tc.cwd)
		t.Setenv(EnvPath, tc.env)
		got, err := Locate(tc.flag)
		if err != nil || got != tc.want {
			t.Errorf("in %s, flag %q, env %q: %+v %v; want %+v", tc.cwd, tc.flag, tc.env, got, err, tc.want)
		}
	}
}
