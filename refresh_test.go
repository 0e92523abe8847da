package toolplane

import (
	"bytes"
	"context"
	"testing"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
)

// TestRefreshAfterStopIsQuiet: a catalog refresh announced while the
// runtime stops (a lazy server's first listing differs from its cached
// one; the change arrives on its own goroutine, often just after a short
// `toolplane run` ended and closed the manager) prints no warning: a
// successful run once ended with "some MCP servers are unavailable ...
// mcp manager closed".
func TestRefreshAfterStopIsQuiet(t *testing.T) {
	t.Parallel()
	cfg := config.Default()
	cfg.MCP.Servers = map[string]config.MCPServer{"up": {Command: "true"}}
	var warn bytes.Buffer
	o := OpenOptions{Warnings: &warn, CacheDir: t.TempDir()}.withDefaults()
	mgr, err := newMCPManager(context.Background(), cfg, o, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := mgr.Close(); err != nil {
		t.Fatal(err)
	}
	u := &upstreams{rt: &Runtime{reg: capability.NewRegistry()}, warn: &warn, registered: map[string]capability.Capability{}, mgr: mgr}
	u.refresh(context.Background())
	if warn.Len() > 0 {
		t.Errorf("a refresh after the manager closed warns:\n%s", warn.String())
	}
}
