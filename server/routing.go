package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"

	"github.com/toolplane/toolplane/plugin"
)

// HeaderForwardedBy marks a request one replica proxied to the owner of
// what it names; the owner never forwards it again (one hop, no loops
// between replicas that disagree about who owns what).
const HeaderForwardedBy = "X-Toolplane-Forwarded-By"

// PeerProvider lists the replicas this one may forward requests to: the
// allow-list of owner routing. Forwarding goes only to a base URL it
// returns, by name; nothing in a request can name another destination
// (an id names an owner, and an owner that is not a current peer is
// served locally, where it simply misses). An empty answer denies all
// forwarding. Peers is called for every forwarded request, so a provider
// that follows service discovery (Kubernetes DNS) stays current; it must
// be fast and safe for concurrent use.
type PeerProvider interface {
	// Peers returns the base URL ("http://10.0.0.2:8080") of each replica
	// by name (plugin.ValidReplicaName). This replica may be listed.
	Peers() map[string]string
}

// StaticPeers is a fixed allow-list of peers ([http] replicas).
type StaticPeers map[string]string

// Peers implements PeerProvider.
func (p StaticPeers) Peers() map[string]string { return p }

// OwnerRoutedPath is an HTTP route prefix whose requests carry an owned
// id (plugin.OwnerRoutedPath).
type OwnerRoutedPath = plugin.OwnerRoutedPath

// initRouting checks the routing options and builds the allow-list.
func (s *Server) initRouting() error {
	o := &s.opts
	if o.Replica != "" && !plugin.ValidReplicaName(o.Replica) {
		return fmt.Errorf("server: replica name %q: want 1-63 letters, digits, '-' and '_' (it prefixes session and resource ids)", o.Replica)
	}
	if len(o.Replicas) > 0 {
		if o.PeerProvider != nil {
			return fmt.Errorf("server: both Replicas and a PeerProvider are set; the allow-list comes from one of them")
		}
		if o.Replica == "" {
			return fmt.Errorf("server: Replicas are configured but Replica (this process's name among them) is not")
		}
		if _, ok := o.Replicas[o.Replica]; !ok {
			return fmt.Errorf("server: Replica %q is not one of the Replicas", o.Replica)
		}
		for name, raw := range o.Replicas {
			if !plugin.ValidReplicaName(name) {
				return fmt.Errorf("server: replica name %q: want 1-63 letters, digits, '-' and '_' (it prefixes session ids)", name)
			}
			if _, err := peerURL(raw); err != nil {
				return fmt.Errorf("server: replica %s: %w", name, err)
			}
		}
		s.peers = StaticPeers(o.Replicas)
	} else if o.PeerProvider != nil {
		if o.Replica == "" {
			return fmt.Errorf("server: a PeerProvider is set but Replica (this process's name among the peers) is not")
		}
		s.peers = o.PeerProvider
	}
	s.ownerTools = map[string]string{}
	for tool, param := range o.OwnerRouted {
		s.ownerTools[tool] = param
	}
	s.ownerPaths = append(s.ownerPaths, o.OwnerRoutedPaths...)
	return nil
}

// peerURL checks a peer's base URL: http(s), a host, no credentials, no
// query.
func peerURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("URL %q: want http(s)://HOST:PORT", raw)
	}
	return u, nil
}

// RegisterOwnerRouted declares that the MCP tool named tool carries an id
// from NewOwnedID in its argument param: a tools/call that lands on
// another replica than the id's owner is forwarded there. Call it before
// Handler.
func (s *Server) RegisterOwnerRouted(tool, param string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.handler != nil {
		return fmt.Errorf("server: RegisterOwnerRouted(%q) after Handler was built: register routing before serving", tool)
	}
	s.ownerTools[tool] = param
	return nil
}

// RegisterOwnerRoutedPath declares that requests to HTTP routes under
// prefix carry an owned id that extract reads from the request; they are
// forwarded to its owner. Call it before Handler.
func (s *Server) RegisterOwnerRoutedPath(prefix string, extract func(*http.Request) string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.handler != nil {
		return fmt.Errorf("server: RegisterOwnerRoutedPath(%q) after Handler was built: register routing before serving", prefix)
	}
	s.ownerPaths = append(s.ownerPaths, OwnerRoutedPath{Prefix: prefix, Extract: extract})
	return nil
}

// NewOwnedID returns an unguessable id owned by this replica
// (plugin.NewOwnedID with Options.Replica).
func (s *Server) NewOwnedID(prefix string) string { return plugin.NewOwnedID(s.opts.Replica, prefix) }

// proxyTo returns the reverse proxy to the base URL of peer owner, or nil
// when owner is this replica or not a current peer.
func (s *Server) proxyTo(owner string) http.Handler {
	if s.peers == nil || owner == "" || owner == s.opts.Replica {
		return nil
	}
	raw, ok := s.peers.Peers()[owner]
	if !ok {
		return nil
	}
	if p, ok := s.proxies.Load(raw); ok {
		return p.(http.Handler)
	}
	u, err := peerURL(raw)
	if err != nil {
		return nil // a provider's bad entry is no peer
	}
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(u)
			pr.Out.Host = u.Host
			// The original path and query are kept (SetURL joins them
			// onto the peer's base path): replicas mount alike.
		},
		FlushInterval: -1, // stream SSE responses as they come
		ErrorLog:      s.errorLog(),
		// A peer that does not answer (it died, or is shutting down)
		// fails what it owns, saying so; the default answer is an empty
		// 502, and a line on the process's stderr in no log format.
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			what, _ := r.Context().Value(forwardedWhatKey{}).(string)
			s.log.Debug("forwarding failed", "owner", owner, "error", err.Error())
			http.Error(w, fmt.Sprintf("%s belongs to replica %s, which did not answer; its sessions and results are lost if it is gone: start a new session (initialize again)", what, owner), http.StatusBadGateway)
		},
	}
	actual, loaded := s.proxies.LoadOrStore(raw, http.Handler(proxy))
	if !loaded {
		s.pruneProxies()
	}
	return actual.(http.Handler)
}

// pruneProxies drops the proxies of URLs no longer among the peers, so
// that replicas coming and going (every pod restart is a new address)
// do not grow the cache without bound. It runs when a proxy is added.
func (s *Server) pruneProxies() {
	current := map[string]bool{}
	for _, raw := range s.peers.Peers() {
		current[raw] = true
	}
	s.proxies.Range(func(k, _ any) bool {
		if !current[k.(string)] {
			s.proxies.Delete(k)
		}
		return true
	})
}

// forward proxies r to owner if owner is another current peer, and
// reports whether it answered the request (forwarded, or refused a
// second hop). The forwarded request carries the caller's own
// Authorization, so the owner authenticates and admits it again: routing
// grants nothing the caller did not have.
func (s *Server) forward(w http.ResponseWriter, r *http.Request, owner, what string) bool {
	proxy := s.proxyTo(owner)
	if proxy == nil {
		return false
	}
	if by := r.Header.Get(HeaderForwardedBy); by != "" {
		http.Error(w, fmt.Sprintf("%s belongs to replica %s, but %s forwarded it here (replica %s); check the replicas' configuration", what, owner, quoteShort(by), s.opts.Replica), http.StatusMisdirectedRequest)
		return true
	}
	out := r.Clone(r.Context())
	if p, ok := r.Context().Value(mountPathKey{}).([2]string); ok {
		out.URL.Path, out.URL.RawPath = p[0], p[1] // as it arrived, before Mount's prefix was stripped
	}
	if auth, _ := r.Context().Value(forwardAuthKey{}).(string); auth != "" {
		out.Header.Set("Authorization", auth)
	}
	out.Header.Set(HeaderForwardedBy, s.opts.Replica)
	proxy.ServeHTTP(w, out.WithContext(context.WithValue(out.Context(), forwardedWhatKey{}, what)))
	return true
}

// forwardedWhatKey carries what a forwarded request names (for the
// proxy's error).
type forwardedWhatKey struct{}

// routeToOwner proxies a request for an MCP session another replica owns
// to that replica and reports whether it did (or refused a loop).
func (s *Server) routeToOwner(w http.ResponseWriter, r *http.Request) bool {
	id := r.Header.Get("Mcp-Session-Id")
	owner := plugin.OwnerOf(id)
	if s.forward(w, r, owner, "session "+quoteShort(id)) {
		return true
	}
	// A session of a replica that is no longer a peer (scaled down,
	// crashed) cannot be served anywhere: say so, with the status the
	// MCP transport answers for a session it does not know, so the
	// client initializes again.
	if _, static := s.peers.(StaticPeers); s.peers != nil && !static && owner != "" && owner != s.opts.Replica {
		goneOwner(w, r, fmt.Sprintf("session %s belongs to replica %s, which is no longer serving: its globals and saved results are lost; start a new session (initialize again)", quoteShort(id), owner))
		return true
	}
	return false
}

// goneOwner answers a request whose owner is gone: 404, as for a session
// the server does not know, with the reason as a JSON-RPC error of the
// request's id, which MCP clients show (a plain body they do not).
func goneOwner(w http.ResponseWriter, r *http.Request, msg string) {
	var req struct {
		ID json.RawMessage `json:"id"`
	}
	if r.Method == http.MethodPost && r.Body != nil {
		body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<10))
		_ = json.Unmarshal(body, &req)
	}
	if len(req.ID) == 0 || len(req.ID) > 256 || req.ID[0] == '{' || req.ID[0] == '[' {
		req.ID = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusNotFound)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "error": map[string]any{"code": -32001, "message": msg}})
}

// routeArguments forwards a tools/call whose owner-routed argument names
// another replica's resource (RegisterOwnerRouted). It runs after the
// body was read whole (limitBodies) and after authentication. The
// forwarded call goes without the MCP session id (the owner does not know
// this replica's sessions): the owner serves it statelessly, with the
// same token, which its own admission judges again.
func (s *Server) routeArguments(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(s.ownerTools) == 0 || r.Method != http.MethodPost || s.peers == nil {
			next.ServeHTTP(w, r)
			return
		}
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		var msg struct {
			Method string `json:"method"`
			Params struct {
				Name      string                     `json:"name"`
				Arguments map[string]json.RawMessage `json:"arguments"`
			} `json:"params"`
		}
		if json.Unmarshal(body, &msg) == nil && msg.Method == "tools/call" {
			if param, ok := s.ownerTools[msg.Params.Name]; ok {
				var id string
				if json.Unmarshal(msg.Params.Arguments[param], &id) == nil {
					if owner := plugin.OwnerOf(id); s.proxyTo(owner) != nil {
						out := r.Clone(r.Context())
						out.Header.Del("Mcp-Session-Id")
						out.Body = io.NopCloser(bytes.NewReader(body))
						if s.forward(w, out, owner, msg.Params.Name+" "+param+" "+quoteShort(id)) {
							return
						}
					}
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// routePaths forwards requests to an owner-routed route prefix whose id
// another replica owns (RegisterOwnerRoutedPath).
func (s *Server) routePaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, p := range s.ownerPaths {
			if !strings.HasPrefix(r.URL.Path, p.Prefix) || p.Extract == nil {
				continue
			}
			id := p.Extract(r)
			if s.forward(w, r, plugin.OwnerOf(id), "resource "+quoteShort(id)) {
				return
			}
			break
		}
		next.ServeHTTP(w, r)
	})
}

// proxyCache maps a peer base URL to its reverse proxy.
type proxyCache = sync.Map
