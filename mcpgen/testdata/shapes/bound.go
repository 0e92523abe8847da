package shapes

import "context"

// Getter is what Remember needs: an interface bound by the host.
type Getter interface {
	Get(key string) (string, bool)
	Set(key, value string)
}

// Remember stores a value and returns the previous one.
//
// mcp:tool
// mcp:bind=kv:*store.KV
// mcp:import=github.com/toolplane/toolplane/mcpgen/testdata/store
// param: key — the key
// param: value — the new value
func Remember(ctx context.Context, kv Getter, key, value string) (previous string, existed bool) {
	prev, ok := kv.Get(key)
	kv.Set(key, value)
	return prev, ok
}
