package server

import "testing"

// TestHoldShares: a token takes a place of the connections only while it
// holds fewer than are left free, of max_connections and of its
// address's max_connections_per_ip; streams leave a place for the
// token's next request, and a release gives the place back.
func TestHoldShares(t *testing.T) {
	take := func(h *holdShares, subject, ip string, stream bool) int {
		n := 0
		for n < 2000 {
			if _, _, _, ok := h.acquire(subject, ip, stream); !ok {
				return n
			}
			n++
		}
		return n
	}
	h := newHoldShares(HTTPLimits{MaxConnections: 12, MaxConnectionsPerIP: 100})
	if n := take(h, "a", "ip1", true); n != 5 {
		t.Errorf("one token's streams of 12: %d, want 5", n)
	}
	if _, _, _, ok := h.acquire("a", "ip1", false); !ok {
		t.Errorf("a token at its streams' share found no place for a request")
	}
	if n := take(h, "b", "ip2", true); n != 2 {
		t.Errorf("a second token's streams with 6 of 12 held: %d, want 2", n)
	}
	if n := take(h, "c", "ip3", false); n != 2 {
		t.Errorf("a third token's requests with 8 of 12 held: %d, want 2", n)
	}
	key, limit, held, ok := h.acquire("a", "ip1", false)
	if ok || key != "max_connections" || limit != 12 || held != 6 {
		t.Errorf("over the share: %q %d %d %v; want max_connections 12 6 false", key, limit, held, ok)
	}
	h.release("a", "ip1")
	if _, _, _, ok := h.acquire("d", "ip4", false); !ok {
		t.Errorf("a new token found no place after a release")
	}
	// Per address: another address has places of its own.
	p := newHoldShares(HTTPLimits{MaxConnections: -1, MaxConnectionsPerIP: 8})
	if n := take(p, "a", "ip1", false); n != 4 {
		t.Errorf("one token's requests of 8 per address: %d, want 4", n)
	}
	if n := take(p, "a", "ip2", false); n != 4 {
		t.Errorf("the same token at another address: %d, want 4", n)
	}
	if key, _, _, _ := p.acquire("a", "ip1", false); key != "max_connections_per_ip" {
		t.Errorf("refused by %q, want max_connections_per_ip", key)
	}
	// No caps: no rule.
	if n := take(newHoldShares(HTTPLimits{MaxConnections: -1, MaxConnectionsPerIP: -1}), "a", "ip", true); n < 1000 {
		t.Errorf("without caps a token was refused after %d", n)
	}
}
