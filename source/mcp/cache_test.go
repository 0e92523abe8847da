//go:build unix

package mcp

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestCatalogCacheListsLazyServersWithoutStarting(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	spec := testSpec("cached")
	spec.Tools = map[string]ToolOverride{"echo": {Alias: "say"}}

	// Before anything was listed, the offline catalog is empty and says so.
	first := newManager(t, ManagerOptions{CacheDir: dir}, spec)
	caps, servers := first.OfflineCapabilities()
	if len(caps) != 0 || len(servers) != 1 || servers[0].Cached {
		t.Fatalf("offline before listing: %v %+v", ids(caps), servers)
	}
	live, err := first.Capabilities(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}

	// A new manager (a new toolplane process) lists from the cache without
	// starting the server.
	second := newManager(t, ManagerOptions{CacheDir: dir}, spec)
	offline, servers := second.OfflineCapabilities()
	if diff := cmp.Diff(ids(live), ids(offline)); diff != "" || !servers[0].Cached || time.Since(servers[0].ListedAt) > time.Minute {
		t.Fatalf("offline catalog (-live +offline):\n%s\nservers %+v", diff, servers)
	}
	cached, err := second.Capabilities(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(ids(live), ids(cached)); diff != "" {
		t.Fatalf("cached catalog (-live +cached):\n%s", diff)
	}
	if second.servers["cached"].live() != nil || second.servers["cached"].starts != 0 {
		t.Fatal("listing a lazy server with a cache entry started it")
	}
	if string(cached[0].InputSchema) != string(live[0].InputSchema) {
		t.Errorf("schema from the cache %s, live %s", cached[0].InputSchema, live[0].InputSchema)
	}
	// Its handlers start the server.
	for _, c := range cached {
		if c.ID != "mcp:cached/say" {
			continue
		}
		res, err := c.Handler(context.Background(), map[string]any{"text": "from cache"})
		if err != nil || text(res) != "from cache" {
			t.Fatalf("say: %v %v", res, err)
		}
	}
	if second.servers["cached"].live() == nil {
		t.Error("the call did not start the server")
	}

	// A changed spec makes the entry stale.
	changed := spec
	changed.Args = []string{"-items", "3"}
	third := newManager(t, ManagerOptions{CacheDir: dir}, changed)
	if _, servers := third.OfflineCapabilities(); servers[0].Cached {
		t.Error("cache entry used for a spec with other args")
	}
}

func TestCatalogCacheStaleEntryTriggersOnChange(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	spec := testSpec("s")
	first := newManager(t, ManagerOptions{CacheDir: dir}, spec)
	if _, err := first.Capabilities(context.Background()); err != nil {
		t.Fatal(err)
	}
	_ = first.Close()

	// Pretend the server had fewer tools when the cache was written.
	path := filepath.Join(dir, "s.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f cacheFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	var kept int
	for _, tool := range f.Tools {
		if tool.Name != "image" {
			f.Tools[kept] = tool
			kept++
		}
	}
	f.Tools = f.Tools[:kept]
	if data, err = json.Marshal(f); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}

	changed := make(chan struct{}, 2)
	m := newManager(t, ManagerOptions{CacheDir: dir, OnChange: func() { changed <- struct{}{} }}, spec)
	caps, err := m.Capabilities(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range caps {
		if c.Name == "image" {
			t.Fatal("the stale cache entry was not used")
		}
	}
	if _, err := call(t, m, "mcp:s/echo", map[string]any{"text": "x"}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-changed:
	case <-time.After(15 * time.Second):
		t.Fatal("OnChange not called when the live tools differ from the cache")
	}
	capByID(t, m, "mcp:s/image")
}

func TestCatalogCacheNotUsedForEagerServers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	spec := testSpec("e")
	spec.Startup = StartupEager
	first := newManager(t, ManagerOptions{CacheDir: dir}, spec)
	if _, err := first.Capabilities(context.Background()); err != nil {
		t.Fatal(err)
	}
	_ = first.Close()
	m := newManager(t, ManagerOptions{CacheDir: dir}, spec)
	if _, err := m.Capabilities(context.Background()); err != nil {
		t.Fatal(err)
	}
	if m.servers["e"].live() == nil {
		t.Error("an eager server was listed from the cache instead of being connected")
	}
}
