package server

import (
	"fmt"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
)

// HeaderForwardedBy marks a request one replica proxied to the session's
// owner; the owner never forwards it again (no loops between replicas that
// disagree about who owns what).
const HeaderForwardedBy = "X-Toolplane-Forwarded-By"

// initRouting checks Options.Replica and Replicas and builds a proxy per
// other replica.
func (s *Server) initRouting() error {
	if len(s.opts.Replicas) == 0 {
		return nil
	}
	if s.opts.Replica == "" {
		return fmt.Errorf("server: Replicas are configured but Replica (this process's name among them) is not")
	}
	if _, ok := s.opts.Replicas[s.opts.Replica]; !ok {
		return fmt.Errorf("server: Replica %q is not one of the Replicas", s.opts.Replica)
	}
	s.owners = map[string]http.Handler{}
	for name, raw := range s.opts.Replicas {
		if name == "" || strings.Contains(name, ".") {
			return fmt.Errorf("server: replica name %q: want a non-empty name without dots (it prefixes session ids)", name)
		}
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("server: replica %s: URL %q: want http(s)://HOST:PORT", name, raw)
		}
		if name == s.opts.Replica {
			continue
		}
		proxy := httputil.NewSingleHostReverseProxy(u)
		proxy.FlushInterval = -1 // stream SSE responses as they come
		s.owners[name] = proxy
	}
	return nil
}

// routeToOwner proxies a request for a session another replica owns to
// that replica and reports whether it did (or refused a loop).
func (s *Server) routeToOwner(w http.ResponseWriter, r *http.Request) bool {
	if s.owners == nil {
		return false
	}
	id := r.Header.Get("Mcp-Session-Id")
	owner, _, ok := strings.Cut(id, ".")
	if !ok || owner == s.opts.Replica {
		return false
	}
	proxy, known := s.owners[owner]
	if !known {
		return false // not a replica's id: let the MCP handler say "session not found"
	}
	if by := r.Header.Get(HeaderForwardedBy); by != "" {
		http.Error(w, fmt.Sprintf("session %s belongs to replica %s, but %s forwarded it here (replica %s); check the replicas' configuration", id, owner, by, s.opts.Replica), http.StatusMisdirectedRequest)
		return true
	}
	r.Header.Set(HeaderForwardedBy, s.opts.Replica)
	proxy.ServeHTTP(w, r)
	return true
}
