package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// testStorageKey is a TOOLPLANE_STORAGE_KEY for tests (32 bytes, base64).
const testStorageKey = "dG9vbHBsYW5lLXRlc3Qtc3RvcmFnZS1rZXktMzJieXQ="

// TestSecretVerbs: set reads stdin only, get hides the value unless
// --reveal, list shows names, rm deletes; the file store is private.
func TestSecretVerbs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	store := filepath.Join(dir, "home", ".toolplane", "credentials", "toolplane")
	r := runTP(t, dir, nil, "tok-1\n", "secret", "set", "linear/token")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "stored linear/token in encrypted files in "+store+" (no OS keyring available: ") && !strings.HasPrefix(r.stdout, "stored linear/token in encrypted files in "+store+"; refer") {
		t.Fatalf("set: %+v", r)
	}
	if !strings.HasSuffix(r.stdout, "; refer to it as keyring://linear/token\n") {
		t.Errorf("set: %q", r.stdout)
	}
	runTP(t, dir, nil, "v", "secret", "set", "a-key")
	r = runTP(t, dir, nil, "", "secret", "get", "linear/token")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "linear/token is set (5 bytes) in encrypted files in "+store) || strings.Contains(r.stdout, "tok-1") {
		t.Fatalf("get: %+v", r)
	}
	if r = runTP(t, dir, nil, "", "secret", "get", "linear/token", "--reveal"); r.code != 0 || r.stdout != "tok-1\n" {
		t.Fatalf("get --reveal: %+v", r)
	}
	if r = runTP(t, dir, nil, "", "secret", "list"); r.code != 0 || r.stdout != "a-key\nlinear/token\n" {
		t.Fatalf("list: %+v", r)
	}
	entries, _ := os.ReadDir(store)
	for _, e := range entries {
		if info, _ := e.Info(); info.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v", e.Name(), info.Mode())
		}
	}
	if r = runTP(t, dir, nil, "", "secret", "rm", "linear/token"); r.code != 0 || !strings.HasPrefix(r.stdout, "deleted linear/token from encrypted files in ") {
		t.Fatalf("rm: %+v", r)
	}
	if r = runTP(t, dir, nil, "", "secret", "rm", "linear/token"); r.code != 1 || !strings.Contains(r.stderr, "no secret linear/token in encrypted files in ") {
		t.Fatalf("second rm: %+v", r)
	}
	if r = runTP(t, dir, nil, "", "secret", "list"); r.code != 0 || r.stdout != "a-key\n" {
		t.Fatalf("list after rm: %+v", r)
	}
	// A value is never taken from the command line.
	if r = runTP(t, dir, nil, "", "secret", "set", "x", "value"); r.code != 2 {
		t.Fatalf("set with a value argument: %+v", r)
	}
}

// TestSecretStoreForcedKeyring: with TOOLPLANE_SECRET_STORE=keyring and no
// session bus to reach, the verbs fail and say how to fall back, rather
// than quietly writing files.
func TestSecretStoreForcedKeyring(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("the Secret Service is the Linux keyring")
	}
	dir := t.TempDir()
	env := []string{"TOOLPLANE_SECRET_STORE=keyring", "DBUS_SESSION_BUS_ADDRESS=unix:path=" + filepath.Join(dir, "no-bus")}
	r := runTP(t, dir, env, "v", "secret", "set", "x")
	if r.code != 1 || !strings.Contains(r.stderr, "TOOLPLANE_SECRET_STORE=keyring, but the OS keyring does not answer") || !strings.Contains(r.stderr, "unset TOOLPLANE_SECRET_STORE to fall back to encrypted files") {
		t.Fatalf("forced keyring: %+v", r)
	}
	if _, err := os.Stat(filepath.Join(dir, "home", ".toolplane", "credentials")); !os.IsNotExist(err) {
		t.Errorf("files were written: %v", err)
	}
	// Auto mode falls back to files and says why.
	r = runTP(t, dir, []string{"TOOLPLANE_SECRET_STORE=", env[1]}, "v", "secret", "set", "x")
	if r.code != 0 || !strings.Contains(r.stdout, "(no OS keyring available: ") {
		t.Fatalf("auto mode: %+v", r)
	}
}

// TestAttackSecretSetEcho: typed on a terminal, a secret must not be shown
// (shoulder surfing, screen sharing, terminal scrollback): the prompt turns
// echo off. The binary runs on a real pseudo-terminal; everything it and
// the terminal print is checked for the value. Given on the command line
// (visible in ps), it is refused.
func TestAttackSecretSetEcho(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const value = "typed-secret-8d41f"
	cmd := exec.Command(binary, "secret", "set", "typed")
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + filepath.Join(dir, "home"), "PATH=" + os.Getenv("PATH"), "TOOLPLANE_SECRET_STORE=file", "TOOLPLANE_STORAGE_KEY=" + testStorageKey}
	tty, err := pty.Start(cmd)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer tty.Close()
	var screen strings.Builder
	buf := make([]byte, 4096)
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(screen.String(), "(not shown): ") {
		if time.Now().After(deadline) {
			t.Fatalf("no prompt; the terminal shows %q", screen.String())
		}
		n, err := tty.Read(buf)
		screen.Write(buf[:n])
		if err != nil {
			t.Fatalf("reading the terminal: %v (shown: %q)", err, screen.String())
		}
	}
	if _, err := tty.Write([]byte(value + "\r")); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(tty) // ends with EIO when the binary exits
	screen.Write(rest)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("secret set on a terminal: %v\n%s", err, screen.String())
	}
	if strings.Contains(screen.String(), value) {
		t.Fatalf("the terminal showed the secret:\n%q", screen.String())
	}
	if !strings.Contains(screen.String(), "stored typed in ") {
		t.Errorf("no confirmation: %q", screen.String())
	}
	r := runTP(t, dir, []string{"TOOLPLANE_STORAGE_KEY=" + testStorageKey}, "", "secret", "get", "typed", "--reveal")
	if r.code != 0 || r.stdout != value+"\n" {
		t.Fatalf("stored value: %+v", r)
	}

	// On the command line it is refused before anything is stored.
	r = runTP(t, dir, []string{"TOOLPLANE_STORAGE_KEY=" + testStorageKey}, "", "secret", "set", "argv", "argv-secret-value")
	if r.code != 2 || !strings.Contains(r.stderr, "never from the command line") || strings.Contains(r.stderr+r.stdout, "argv-secret-value") {
		t.Fatalf("set with a value argument: %+v", r)
	}
}
