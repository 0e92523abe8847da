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
