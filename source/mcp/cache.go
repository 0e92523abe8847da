package mcp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/capability"
)

// The catalog cache keeps each server's last tools/list on disk
// (ManagerOptions.CacheDir), so a lazy server's tools are known without
// starting it: serving does not spawn every npx server just to learn its
// tools, and `toolplane mcp list` works offline. The first call starts the
// server; if its tools differ from the cached ones, OnChange fires.

// cacheFile is the on-disk form of one server's catalog.
type cacheFile struct {
	// Key identifies the spec the listing came from (see cacheKey); a
	// changed command, args, env, cwd, url or tool override makes the
	// entry stale.
	Key      string      `json:"key"`
	ListedAt time.Time   `json:"listed_at"`
	Tools    []*mcp.Tool `json:"tools"`
}

// cacheKey hashes the parts of a spec that decide what the server lists.
// Env and header values are hashed as written (secret references, not
// secrets).
func (s *ServerSpec) cacheKey() string {
	keyed := struct {
		Command, Cwd, URL string
		Args              []string
		Env, Headers      map[string]string
		Transport         Transport
		// The overrides decide which tools the cache holds (a disabled
		// one is left out) and are checked against a fresh listing.
		Tools map[string]ToolOverride
	}{s.Command, s.Cwd, s.URL, s.Args, s.Env, s.Headers, s.transport(), s.Tools}
	data, _ := json.Marshal(keyed) // maps marshal sorted; nothing here can fail
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func (s *server) cachePath() string {
	if s.m.opts.CacheDir == "" {
		return ""
	}
	return filepath.Join(s.m.opts.CacheDir, s.spec.Name+".json")
}

// readCache returns the cached tools when there is a fresh entry, vetted
// as a listing is (the cache holds what the server said), with the tools
// vetting left out as problems.
func (s *server) readCache() ([]*mcp.Tool, []error, time.Time, bool) {
	path := s.cachePath()
	if path == "" {
		return nil, nil, time.Time{}, false
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, time.Time{}, false
	}
	defer f.Close()
	// Bounded: a catalog is at most maxCatalogBytes of vetted tools, plus
	// the JSON around them.
	data, err := io.ReadAll(io.LimitReader(f, 2*maxCatalogBytes+1))
	if err != nil || len(data) > 2*maxCatalogBytes {
		return nil, nil, time.Time{}, false
	}
	largeCatalogRead(len(data))
	var cf cacheFile
	if err := json.Unmarshal(data, &cf); err != nil || cf.Key != s.spec.cacheKey() {
		return nil, nil, time.Time{}, false
	}
	if len(cf.Tools) > s.m.opts.Limits.MaxTools {
		return nil, nil, time.Time{}, false
	}
	var (
		tools    []*mcp.Tool
		problems []error
	)
	for _, t := range cf.Tools {
		if t == nil {
			continue
		}
		v, _, err := s.vetTool(t)
		if err != nil {
			if !errors.Is(err, errDisabled) {
				problems = append(problems, err)
			}
			continue
		}
		tools = append(tools, v)
	}
	return tools, problems, cf.ListedAt, true
}

// writeCache stores tools, atomically so a concurrent reader never sees half
// a file. Failing to write only costs a slower next start, so it is recorded
// for status rather than returned.
func (s *server) writeCache(tools []*mcp.Tool) {
	path := s.cachePath()
	if path == "" {
		return
	}
	data, err := json.MarshalIndent(cacheFile{Key: s.spec.cacheKey(), ListedAt: time.Now().UTC(), Tools: tools}, "", "  ")
	if err == nil {
		err = writeFileAtomic(path, s.spec.Name, data)
	}
	if err != nil {
		s.record(fmt.Errorf("writing the catalog cache %s: %w", path, err))
	}
}

// writeFileAtomic writes data to path through a temporary file named after
// server, so a concurrent reader never sees half a file.
func writeFileAtomic(path, server string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+server+".*.tmp")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		_ = tmp.Close()
		_ = os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		_ = os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// sameTools reports whether two listings describe the same tools.
func sameTools(a, b []*mcp.Tool) bool {
	enc := func(ts []*mcp.Tool) string {
		sorted := append([]*mcp.Tool(nil), ts...)
		sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
		data, _ := json.Marshal(sorted)
		return string(data)
	}
	return enc(a) == enc(b)
}

// CachedServer is one server's entry in OfflineCapabilities.
type CachedServer struct {
	Name string
	// Cached is false when there is no fresh cache entry; the server must be
	// connected once (a call, `toolplane mcp status`) to learn its tools.
	Cached   bool
	ListedAt time.Time
}

// OfflineCapabilities returns the tools of every server as last listed in
// the catalog cache, without connecting to anything, for `toolplane mcp
// list`. Their handlers work (they start the server). Servers without a fresh
// cache entry are reported with Cached false.
func (m *Manager) OfflineCapabilities() ([]capability.Capability, []CachedServer) {
	var (
		caps    []capability.Capability
		servers []CachedServer
	)
	for _, name := range m.names {
		s := m.servers[name]
		tools, problems, at, ok := s.readCache()
		servers = append(servers, CachedServer{Name: name, Cached: ok, ListedAt: at})
		if ok {
			c, _ := s.toCapabilities(tools, problems)
			caps = append(caps, c...)
		}
	}
	sort.Slice(caps, func(i, j int) bool { return caps[i].ID < caps[j].ID })
	return caps, servers
}

// catalog returns the tools to expose: the live listing, else (for a lazy
// server) the cached one, else it connects; and the tools left out.
func (s *server) catalog(ctx context.Context) ([]*mcp.Tool, []error, error) {
	s.mu.Lock()
	live := s.cur != nil && !s.cur.isDead()
	tools, problems, closed := s.tools, s.problems, s.closed
	s.mu.Unlock()
	if closed {
		return nil, nil, fmt.Errorf("mcp server %q: %w", s.spec.Name, ErrClosed)
	}
	if live || tools != nil && s.spec.Startup != StartupEager {
		// Live, or listed before (possibly from the cache) and not worth a
		// restart just to list again: calls restart the server when needed.
		return tools, problems, nil
	}
	if s.spec.Startup != StartupEager {
		if cached, cachedProblems, _, ok := s.readCache(); ok {
			s.mu.Lock()
			if s.tools == nil {
				s.tools, s.problems, s.fromCache = cached, cachedProblems, true
			}
			tools, problems = s.tools, s.problems
			s.mu.Unlock()
			return tools, problems, nil
		}
	}
	if _, err := s.connection(ctx); err != nil {
		return nil, nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tools, s.problems, nil
}
