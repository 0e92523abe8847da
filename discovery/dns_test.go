package discovery

import (
	"context"
	"net"
	"net/netip"
	"reflect"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/testdns"
)

// TestDNSPeersFollowTheService: SRV records (a headless Service's named
// port) and A records give the peers; a change in DNS is followed at the
// next lookup; a failed lookup keeps the last good answer; unspecified,
// multicast, broadcast and link-local addresses (cloud metadata services,
// which a forwarded bearer token must never reach) are never peers.
func TestDNSPeersFollowTheService(t *testing.T) {
	dns, err := testdns.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer dns.Close()
	lo := netip.MustParseAddr("127.0.0.1")
	dns.SetIPs("a.peers.test", lo)
	dns.SetIPs("b.peers.test", lo, netip.MustParseAddr("0.0.0.0"), netip.MustParseAddr("224.0.0.1"),
		netip.MustParseAddr("169.254.169.254"), netip.MustParseAddr("fe80::1"), netip.MustParseAddr("255.255.255.255"), netip.MustParseAddr("::ffff:169.254.169.254"))
	dns.SetSRV("_http._tcp.peers.test", testdns.SRV{Target: "a.peers.test", Port: 8081}, testdns.SRV{Target: "b.peers.test", Port: 8082})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d, err := NewDNS(ctx, DNSOptions{Name: "peers.test", Service: "http", Server: dns.Addr(), Interval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"127-0-0-1-8081": "http://127.0.0.1:8081", "127-0-0-1-8082": "http://127.0.0.1:8082"}
	if got := d.Peers(); !reflect.DeepEqual(got, want) || d.Err() != nil {
		t.Fatalf("peers %v (%v), want %v", got, d.Err(), want)
	}
	dns.SetSRV("_http._tcp.peers.test", testdns.SRV{Target: "a.peers.test", Port: 8081})
	waitPeers(t, d, map[string]string{"127-0-0-1-8081": "http://127.0.0.1:8081"})
	dns.Close() // lookups fail from now on: the last answer stays
	time.Sleep(100 * time.Millisecond)
	if got := d.Peers(); len(got) != 1 {
		t.Errorf("a failed lookup changed the peers to %v", got)
	}

	dns2, _ := testdns.Start()
	defer dns2.Close()
	dns2.SetIPs("peers.test", lo, netip.MustParseAddr("::1"))
	a, err := NewDNS(ctx, DNSOptions{Name: "peers.test", Port: 9000, Server: dns2.Addr(), Interval: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Peers(); !reflect.DeepEqual(got, map[string]string{"127-0-0-1-9000": "http://127.0.0.1:9000", "--1-9000": "http://[::1]:9000"}) {
		t.Errorf("A/AAAA peers: %v (%v)", got, a.Err())
	}
}

func waitPeers(t *testing.T, d *DNSPeers, want map[string]string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !reflect.DeepEqual(d.Peers(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("peers %v, want %v", d.Peers(), want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestSelfAddress(t *testing.T) {
	got, err := SelfAddress("", &net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 8080})
	if err != nil || ReplicaName(got) != "127-0-0-1-8080" {
		t.Errorf("listen address: %v %v", got, err)
	}
	got, err = SelfAddress("10.0.0.5:8080", &net.TCPAddr{IP: net.IPv4zero, Port: 8080})
	if err != nil || ReplicaName(got) != "10-0-0-5-8080" {
		t.Errorf("advertise: %v %v", got, err)
	}
	if _, err := SelfAddress("not an address", &net.TCPAddr{Port: 1}); err == nil {
		t.Error("a bad advertise address was taken")
	}
}
