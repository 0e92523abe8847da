package server

import (
	"fmt"
	"sync"
	"testing"
)

// churningPeers is a peer list that changes, as DNS does when pods come
// and go.
type churningPeers struct {
	mu    sync.Mutex
	peers map[string]string
}

func (c *churningPeers) Peers() map[string]string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.peers
}

func (c *churningPeers) set(m map[string]string) {
	c.mu.Lock()
	c.peers = m
	c.mu.Unlock()
}

// TestProxiesFollowPeers: a proxy is kept per peer URL; with replicas
// coming and going (a new address at every pod restart) the cache keeps
// only current peers' proxies instead of growing for ever.
func TestProxiesFollowPeers(t *testing.T) {
	t.Parallel()
	peers := &churningPeers{}
	f := newFixture(t, func(o *Options) { o.Replica = "me"; o.PeerProvider = peers })
	for i := range 200 {
		name := fmt.Sprintf("p%d", i)
		peers.set(map[string]string{"me": "http://127.0.0.1:1", name: fmt.Sprintf("http://127.0.0.%d:8080", i%250+2)})
		if f.srv.proxyTo(name) == nil {
			t.Fatalf("no proxy to current peer %s", name)
		}
	}
	n := 0
	f.srv.proxies.Range(func(_, _ any) bool { n++; return true })
	if n > 2 {
		t.Errorf("%d proxies cached for 1 current peer", n)
	}
}
