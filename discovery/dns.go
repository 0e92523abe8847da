// Package discovery finds the replicas of a deployment for owner routing
// (server.PeerProvider): DNSPeers resolves a Kubernetes headless
// Service's records, so scaling the Deployment needs no configuration
// edit.
//
// A replica is named after its address (ReplicaName): every replica
// computes the same name for the same peer, and a session id's prefix
// names the replica that owns it. Only an address the DNS answer lists is
// ever forwarded to; a name in a client's session id that is not a
// current peer is not a destination.
package discovery

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// MaxPeers bounds the peers one answer may list: a DNS answer is data,
// and a proxy is kept per peer.
const MaxPeers = 256

// DNSOptions configure DNSPeers.
type DNSOptions struct {
	// Name is the headless Service's DNS name
	// ("toolplane-peers.toolplane.svc.cluster.local").
	Name string
	// Service, when set, looks up SRV records _SERVICE._tcp.NAME (a
	// headless Service publishes one per named port and ready pod, with
	// the port); else A/AAAA records of Name with Port.
	Service string
	// Port is the peers' port for A/AAAA lookups.
	Port int
	// Scheme of the peers' base URLs: "http" (default) or "https".
	Scheme string
	// Interval between lookups (default 5s).
	Interval time.Duration
	// Server, when set ("10.96.0.10:53"), is the DNS server asked instead
	// of the system's.
	Server string
	// Timeout bounds one lookup (default 5s).
	Timeout time.Duration
}

// DNSPeers is a server.PeerProvider that follows DNS. Its lookups run in
// the background; Peers answers from the last good one.
type DNSPeers struct {
	opts     DNSOptions
	resolver *net.Resolver
	peers    atomic.Pointer[map[string]string]
	lastErr  atomic.Pointer[error]
}

// NewDNS looks the peers up once (an error is kept, not returned: the
// Service may not list this replica before it is ready) and then every
// Interval until ctx ends.
func NewDNS(ctx context.Context, opts DNSOptions) (*DNSPeers, error) {
	if opts.Name == "" {
		return nil, errors.New("discovery: no DNS name to resolve")
	}
	if opts.Service == "" && (opts.Port <= 0 || opts.Port > 65535) {
		return nil, fmt.Errorf("discovery: %s: A/AAAA lookups need the peers' port", opts.Name)
	}
	switch opts.Scheme {
	case "":
		opts.Scheme = "http"
	case "http", "https":
	default:
		return nil, fmt.Errorf("discovery: scheme %q: want http or https", opts.Scheme)
	}
	if opts.Interval <= 0 {
		opts.Interval = 5 * time.Second
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 5 * time.Second
	}
	d := &DNSPeers{opts: opts, resolver: net.DefaultResolver}
	if opts.Server != "" {
		if _, _, err := net.SplitHostPort(opts.Server); err != nil {
			return nil, fmt.Errorf("discovery: DNS server %q: want HOST:PORT", opts.Server)
		}
		server := opts.Server
		d.resolver = &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
			var dialer net.Dialer
			return dialer.DialContext(ctx, network, server)
		}}
	}
	empty := map[string]string{}
	d.peers.Store(&empty)
	d.refresh(ctx)
	go func() {
		t := time.NewTicker(opts.Interval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				d.refresh(ctx)
			}
		}
	}()
	return d, nil
}

// Peers returns the base URL of each peer by replica name, from the last
// lookup that succeeded. The map is shared: do not modify it.
func (d *DNSPeers) Peers() map[string]string { return *d.peers.Load() }

// Err is the error of the last lookup, nil when it succeeded.
func (d *DNSPeers) Err() error {
	if e := d.lastErr.Load(); e != nil {
		return *e
	}
	return nil
}

func (d *DNSPeers) refresh(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, d.opts.Timeout)
	defer cancel()
	addrs, err := d.lookup(ctx)
	if err != nil {
		d.lastErr.Store(&err)
		return // keep the last good answer through a failed lookup
	}
	d.lastErr.Store(nil)
	peers := make(map[string]string, len(addrs))
	for _, a := range addrs {
		peers[ReplicaName(a)] = d.opts.Scheme + "://" + a.String()
	}
	d.peers.Store(&peers)
}

// lookup resolves the peers' addresses, sorted, at most MaxPeers.
func (d *DNSPeers) lookup(ctx context.Context) ([]netip.AddrPort, error) {
	seen := map[netip.AddrPort]bool{}
	var out []netip.AddrPort
	add := func(ip netip.Addr, port int) {
		ip = ip.Unmap()
		if !peerAddr(ip) || port <= 0 || port > 65535 || len(seen) >= MaxPeers {
			return
		}
		ap := netip.AddrPortFrom(ip, uint16(port))
		if !seen[ap] {
			seen[ap] = true
			out = append(out, ap)
		}
	}
	if d.opts.Service == "" {
		ips, err := d.resolver.LookupNetIP(ctx, "ip", d.opts.Name)
		if err != nil {
			return nil, fmt.Errorf("discovery: resolving %s: %w", d.opts.Name, err)
		}
		for _, ip := range ips {
			add(ip, d.opts.Port)
		}
	} else {
		_, srvs, err := d.resolver.LookupSRV(ctx, d.opts.Service, "tcp", d.opts.Name)
		if err != nil {
			return nil, fmt.Errorf("discovery: resolving _%s._tcp.%s: %w", d.opts.Service, d.opts.Name, err)
		}
		if len(srvs) > MaxPeers {
			srvs = srvs[:MaxPeers]
		}
		for _, srv := range srvs {
			ips, err := d.resolver.LookupNetIP(ctx, "ip", srv.Target)
			if err != nil {
				continue // a pod going away between the two answers
			}
			for _, ip := range ips {
				add(ip, int(srv.Port))
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Compare(out[j]) < 0 })
	return out, nil
}

// peerAddr reports whether ip may be a peer. Replicas get the callers'
// bearer tokens forwarded to them, so a DNS answer (data: a record an
// ExternalName Service or a spoofed reply can make say anything) must not
// turn them toward what is no replica: unspecified and multicast
// addresses, link-local ones (169.254.169.254 and fe80::/10 are where
// cloud metadata services answer, with the node's credentials), and the
// IPv4 broadcast address are never peers. Loopback, private and global
// unicast addresses are (pods get any of them).
func peerAddr(ip netip.Addr) bool {
	return ip.IsValid() && !ip.IsUnspecified() && !ip.IsMulticast() && !ip.IsLinkLocalUnicast() &&
		!ip.IsLinkLocalMulticast() && !ip.IsInterfaceLocalMulticast() && ip != netip.AddrFrom4([4]byte{255, 255, 255, 255})
}

// ReplicaName is the name of the replica at addr: its IP and port with
// every '.' and ':' written '-' ("10-0-0-5-8080", "fd00--1-8080"), a
// valid replica name (letters, digits, '-') that every replica computes
// alike.
func ReplicaName(addr netip.AddrPort) string {
	ip := addr.Addr().Unmap().WithZone("")
	return strings.NewReplacer(".", "-", ":", "-").Replace(ip.String()) + "-" + strconv.Itoa(int(addr.Port()))
}

// SelfAddress is the address peers reach this replica at: advertise when
// set, else the listen address when it names an IP, else the one
// non-loopback address of this host's interfaces with the listen port.
func SelfAddress(advertise string, listen net.Addr) (netip.AddrPort, error) {
	if advertise != "" {
		ap, err := netip.ParseAddrPort(advertise)
		if err != nil {
			return netip.AddrPort{}, fmt.Errorf("advertise %q: want IP:PORT", advertise)
		}
		return ap, nil
	}
	ap, err := netip.ParseAddrPort(listen.String())
	if err != nil {
		return netip.AddrPort{}, fmt.Errorf("listen address %s: %w", listen, err)
	}
	if !ap.Addr().IsUnspecified() {
		return ap, nil
	}
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return netip.AddrPort{}, fmt.Errorf("listing this host's addresses: %w", err)
	}
	var found []netip.Addr
	for _, a := range addrs {
		prefix, err := netip.ParsePrefix(a.String())
		if err != nil {
			continue
		}
		ip := prefix.Addr()
		if ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsMulticast() {
			continue
		}
		if ap.Addr().Is4() && !ip.Is4() {
			continue
		}
		found = append(found, ip)
	}
	if len(found) != 1 {
		return netip.AddrPort{}, fmt.Errorf("listening on %s, this replica's own address is not clear (%d candidates: %v); set [http.peers] advertise = \"IP:PORT\"", listen, len(found), found)
	}
	return netip.AddrPortFrom(found[0], ap.Port()), nil
}
