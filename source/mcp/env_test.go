//go:build unix

package mcp

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/internal/childenv"
	"github.com/toolplane/toolplane/internal/testmcp"
)

// TestAttackUpstreamInheritsEnvironment: a stdio upstream server is a third
// party. It must not see toolplane's environment (token secrets, cloud
// keys, the keyring's bus, the SSH agent), only the minimal environment,
// its declared env (references resolved) and the names in pass_env. The
// real test server reports the environment it was started with. Not
// parallel: it sets host variables.
func TestAttackUpstreamInheritsEnvironment(t *testing.T) {
	host := map[string]string{
		"AWS_SECRET_ACCESS_KEY":    "aws-secret-7f3a",
		"TOOLPLANE_HTTP_TOKEN":     "bearer-secret-91c2",
		"OTHER_SERVER_TOKEN":       "other-secret-4410",
		"SSH_AUTH_SOCK":            "/tmp/agent.sock",
		"DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1/bus",
		"PASSED_ON":                "passed-value",
	}
	for k, v := range host {
		t.Setenv(k, v)
	}
	spec := testSpec("envsrv")
	spec.Env["DECLARED"] = "env://OTHER_SERVER_TOKEN" // a declared reference reaches it
	spec.Env["LITERAL"] = "plain"
	spec.PassEnv = []string{"PASSED_ON", "NOT_SET_ANYWHERE"}
	m := newManager(t, ManagerOptions{Resolve: func(_ context.Context, v string) (string, error) {
		if name, ok := strings.CutPrefix(v, "env://"); ok {
			return os.Getenv(name), nil
		}
		return v, nil
	}}, spec)
	res, err := call(t, m, "mcp:envsrv/environ", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := res.Structured.(map[string]any)["env"].(map[string]any)
	var names []string
	for k := range got {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		// os/exec sets PWD to the working directory it starts the child in.
		allowed := slices.Contains(childenv.Base(), k) || strings.HasPrefix(k, "LC_") || k == "PWD" ||
			k == testmcp.EnvServe || k == childenv.MarkerName || k == "DECLARED" || k == "LITERAL" || k == "PASSED_ON"
		if !allowed {
			t.Errorf("upstream got %s from toolplane's environment", k)
		}
	}
	for k, v := range got {
		for hk, hv := range host {
			if v == hv && k != "PASSED_ON" && hk != "OTHER_SERVER_TOKEN" {
				t.Errorf("upstream got the value of %s as %s", hk, k)
			}
		}
	}
	// DECLARED came from a reference: a secret of the server, which its
	// echo shows as the marker of exactly that value.
	want := map[string]string{"DECLARED": "[redacted:env.DECLARED]", "LITERAL": "plain", "PASSED_ON": "passed-value", "PATH": os.Getenv("PATH")}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %q (names: %q)", k, got[k], v, names)
		}
	}
	if _, ok := got["NOT_SET_ANYWHERE"]; ok {
		t.Error("an unset pass_env name was set")
	}
}

// TestAttackRelativePathFindsRepositoryProgram: a PATH with a relative or
// empty entry (which shells read as the current directory) must not make
// a bare command name find a program that a cloned repository ships in
// the directory toolplane runs from.
func TestAttackRelativePathFindsRepositoryProgram(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	os.WriteFile(repo+"/tp-planted-server", []byte("#!/bin/sh\ntouch "+repo+"/PWNED\n"), 0o755)
	for _, path := range []string{"/nonexistent-dir:", ":/nonexistent-dir", ".", "./", "sub/.."} {
		_, err := lookCommand("tp-planted-server", repo, []string{"PATH=" + path})
		if err == nil {
			t.Errorf("PATH=%q found the planted program", path)
		}
	}
	spec := ServerSpec{Name: "planted", Command: "tp-planted-server", Cwd: repo, Env: map[string]string{"PATH": ":/usr/bin"}}
	if probs := Check(spec); len(probs) == 0 || !strings.Contains(probs[0].Message, "relative directories are skipped") {
		t.Errorf("check: %+v", probs)
	}
	if _, err := os.Stat(repo + "/PWNED"); err == nil {
		t.Fatal("the planted program ran")
	}
}
