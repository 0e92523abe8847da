// Package testdns is a DNS server for tests: it answers A, AAAA and SRV
// questions over UDP on 127.0.0.1 from records the test sets and changes,
// so service discovery is tested against a real resolver without a
// cluster.
package testdns

import (
	"net"
	"net/netip"
	"strings"
	"sync"

	"golang.org/x/net/dns/dnsmessage"
)

// SRV is one SRV record's target and port.
type SRV struct {
	Target string
	Port   uint16
}

// Server is a running test DNS server.
type Server struct {
	conn net.PacketConn
	mu   sync.Mutex
	ips  map[string][]netip.Addr
	srvs map[string][]SRV
}

// Start serves on 127.0.0.1:0 until Close.
func Start() (*Server, error) {
	conn, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{conn: conn, ips: map[string][]netip.Addr{}, srvs: map[string][]SRV{}}
	go s.serve()
	return s, nil
}

// Addr is the server's address, HOST:PORT.
func (s *Server) Addr() string { return s.conn.LocalAddr().String() }

// Close stops the server.
func (s *Server) Close() error { return s.conn.Close() }

// SetIPs makes name resolve to ips (none: NXDOMAIN).
func (s *Server) SetIPs(name string, ips ...netip.Addr) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ips[fqdn(name)] = ips
}

// SetSRV makes the SRV name (_service._tcp.domain) answer records.
func (s *Server) SetSRV(name string, records ...SRV) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.srvs[fqdn(name)] = records
}

func fqdn(name string) string {
	name = strings.ToLower(name)
	if !strings.HasSuffix(name, ".") {
		name += "."
	}
	return name
}

func (s *Server) serve() {
	buf := make([]byte, 1500)
	for {
		n, addr, err := s.conn.ReadFrom(buf)
		if err != nil {
			return
		}
		if out := s.answer(buf[:n]); out != nil {
			_, _ = s.conn.WriteTo(out, addr)
		}
	}
}

func (s *Server) answer(query []byte) []byte {
	var p dnsmessage.Parser
	h, err := p.Start(query)
	if err != nil {
		return nil
	}
	q, err := p.Question()
	if err != nil {
		return nil
	}
	name := strings.ToLower(q.Name.String())
	b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true})
	b.EnableCompression()
	_ = b.StartQuestions()
	_ = b.Question(q)
	_ = b.StartAnswers()
	s.mu.Lock()
	ips, srvs := s.ips[name], s.srvs[name]
	_, knownIP := s.ips[name]
	_, knownSRV := s.srvs[name]
	s.mu.Unlock()
	rh := func(t dnsmessage.Type) dnsmessage.ResourceHeader {
		return dnsmessage.ResourceHeader{Name: q.Name, Type: t, Class: dnsmessage.ClassINET, TTL: 1}
	}
	switch q.Type {
	case dnsmessage.TypeA:
		for _, ip := range ips {
			if ip.Is4() {
				_ = b.AResource(rh(dnsmessage.TypeA), dnsmessage.AResource{A: ip.As4()})
			}
		}
	case dnsmessage.TypeAAAA:
		for _, ip := range ips {
			if ip.Is6() {
				_ = b.AAAAResource(rh(dnsmessage.TypeAAAA), dnsmessage.AAAAResource{AAAA: ip.As16()})
			}
		}
	case dnsmessage.TypeSRV:
		for _, r := range srvs {
			_ = b.SRVResource(rh(dnsmessage.TypeSRV), dnsmessage.SRVResource{Priority: 0, Weight: 1, Port: r.Port, Target: dnsmessage.MustNewName(fqdn(r.Target))})
		}
	}
	out, err := b.Finish()
	if err != nil {
		return nil
	}
	if !knownIP && !knownSRV {
		// NXDOMAIN: rebuild the header with the error code.
		out[3] = (out[3] &^ 0x0f) | byte(dnsmessage.RCodeNameError)
	}
	return out
}
