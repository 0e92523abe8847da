package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/backend/pyodide"
)

// TestServeLocalUnsafeBackend: default_backend = "local_unsafe" is refused
// without --unsafe, and with it execute_code runs in CPython (os is not in
// the embedded interpreter).
func TestServeLocalUnsafeBackend(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "toolplane.toml")
	os.WriteFile(cfg, []byte("[toolplane]\ndefault_backend = \"local_unsafe\"\n"), 0o600)
	trustHere(t, dir)
	if r := runTP(t, dir, nil, "", "serve", "mcp"); r.code != 1 || !strings.Contains(r.stderr, `toolplane.default_backend = "local_unsafe"`) || !strings.Contains(r.stderr, "--unsafe") {
		t.Fatalf("serve without --unsafe: %+v", r)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.Command(binary, "serve", "mcp", "--unsafe", "--config", cfg)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + filepath.Join(dir, "home"), "PATH=" + os.Getenv("PATH"), "TOOLPLANE_SECRET_STORE=file"}
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": "import os, sys\nreturn [sys.implementation.name, os.getpid() > 0]"}})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(res.StructuredContent)
	var out struct {
		Value   any    `json:"value"`
		Backend string `json:"backend"`
		Error   any    `json:"error"`
	}
	json.Unmarshal(data, &out)
	if out.Backend != "local_unsafe" || out.Error != nil {
		t.Fatalf("execute_code: %s", data)
	}
	if v, _ := json.Marshal(out.Value); string(v) != `["cpython",true]` {
		t.Fatalf("value = %s", v)
	}
}

// TestServePyodideBackend: default_backend = "pyodide-deno" works under
// serve mcp, which always passes the session memory cap: a run within
// [session] max_memory_mb returns its value, an allocation past it is a
// MemoryError inside Python and the next run works; a CLI binary bound by
// name returns the CLI result object; doctor states what is bounded and
// what is not; a client session keeps its globals between runs.
func TestServePyodideBackend(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	py := pyodide.New()
	if err := py.Available(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("pyodide-deno is not installed although scripts/test.sh installs it: %v", err)
		}
		t.Skipf("pyodide-deno is not installed; run scripts/install-pyodide.sh: %v", err)
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "toolplane.toml")
	os.WriteFile(cfg, []byte("[toolplane]\ndefault_backend = \"pyodide-deno\"\n\n[session]\nmax_memory_mb = 200\n\n[cli]\nmode = \"allowlist\"\nallow = [\"printf\"]\n"), 0o600)
	trustHere(t, dir)
	env := []string{pyodide.InstallDirEnv + "=" + py.InstallDir()}
	r := runTP(t, dir, env, "", "doctor")
	for _, want := range []string{
		"backend pyodide-deno: under serve mcp each run is bounded to 200 MiB ([session] max_memory_mb) of WebAssembly memory",
		"backend pyodide-deno: not bounded: Deno's own memory outside V8",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("doctor lacks %q:\n%s", want, r.stdout)
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.Command(binary, "serve", "mcp", "--config", cfg)
	cmd.Dir = dir
	cmd.Env = append([]string{"HOME=" + filepath.Join(dir, "home"), "PATH=" + os.Getenv("PATH"), "TOOLPLANE_SECRET_STORE=file"}, env...)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	execute := func(code string) string {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": code}})
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(res.StructuredContent)
		return string(data)
	}
	if out := execute("import sys\nreturn [sys.platform, 6 * 7]"); !strings.Contains(out, `"value":["emscripten",42]`) || !strings.Contains(out, `"backend":"pyodide-deno"`) {
		t.Fatalf("execute_code on pyodide-deno: %s", out)
	}
	if out := execute("try:\n    b = bytearray(400 * 1024 * 1024)\n    return 'allocated'\nexcept MemoryError:\n    return 'MemoryError'"); !strings.Contains(out, `"value":"MemoryError"`) {
		t.Errorf("allocating past max_memory_mb: %s", out)
	}
	if out := execute(`r = await printf("%s", "x")` + "\nreturn [type(r).__name__, r.text()]"); !strings.Contains(out, `"value":["CLIResult","x"]`) {
		t.Errorf("a CLI alias on pyodide-deno: %s", out)
	}
	// A session: globals persist between runs, as on the embedded backend.
	if out := execute("kept = 21\ndef twice(n):\n    return 2 * n"); strings.Contains(out, `"error":{`) {
		t.Fatalf("session run 1: %s", out)
	}
	if out := execute("return twice(kept)"); !strings.Contains(out, `"value":42`) {
		t.Errorf("session run 2 does not see run 1's globals: %s", out)
	}
	if out := execute("await reset_session()"); strings.Contains(out, `"error":{`) {
		t.Fatalf("reset_session: %s", out)
	}
	if out := execute("return 'kept' in globals()"); !strings.Contains(out, `"value":false`) {
		t.Errorf("after reset_session: %s", out)
	}
}
