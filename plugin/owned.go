package plugin

import (
	"context"
	"crypto/rand"
	"net/http"
	"strings"
)

// NewOwnedID returns a fresh, unguessable id (130 random bits) for a
// resource that lives on this replica: "<replica>.<prefix><random>", or
// "<prefix><random>" when no replica is named (a single process, where
// nothing is routed). The HTTP server reads the owner back with OwnerOf
// and forwards a follow-up that lands on another replica to the owner
// (OwnerRouted, OwnerRoutedPath).
func NewOwnedID(replica, prefix string) string {
	if replica == "" {
		return prefix + rand.Text()
	}
	return replica + "." + prefix + rand.Text()
}

// OwnerOf returns the replica an id from NewOwnedID names, or "" for an
// id that names none. It only parses: whether the owner is a peer this
// replica may forward to is the server's allow-list's decision.
func OwnerOf(id string) string {
	owner, _, ok := strings.Cut(id, ".")
	if !ok || !ValidReplicaName(owner) {
		return ""
	}
	return owner
}

// ValidReplicaName reports whether name can name a replica: 1-63
// letters, digits, '-' and '_' (no dot: it ends the owner part of ids).
func ValidReplicaName(name string) bool {
	if name == "" || len(name) > 63 {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// OwnerRoutedPath says where an HTTP route carries an owned id: requests
// whose path starts with Prefix are forwarded to the owner of
// Extract(request).
type OwnerRoutedPath struct {
	Prefix  string
	Extract func(r *http.Request) string
}

// NewOwnedID returns an id owned by this replica (see the function
// NewOwnedID). Valid at any time, also after Install.
func (r *Registry) NewOwnedID(prefix string) string {
	replica := ""
	if r.host != nil {
		replica = r.host.replica
	}
	return NewOwnedID(replica, prefix)
}

// OwnerRouted declares that the MCP tool named tool carries an owned id
// in its argument param: a tools/call landing on another replica than the
// id's owner is forwarded there (re-authenticated by the owner, one hop).
func (r *Registry) OwnerRouted(tool, param string) {
	if r.refuse("OwnerRouted") {
		return
	}
	r.ownerTools[tool] = param
}

// OwnerRoutedPath declares that requests to the plugin's routes under
// prefix carry an owned id that extract reads; they are forwarded to its
// owner as OwnerRouted calls are.
func (r *Registry) OwnerRoutedPath(prefix string, extract func(*http.Request) string) {
	if r.refuse("OwnerRoutedPath") {
		return
	}
	r.ownerPaths = append(r.ownerPaths, OwnerRoutedPath{Prefix: prefix, Extract: extract})
}

// Caller is who an HTTP request to a plugin route comes from, as the
// server authenticated it: the token's subject and the identity the token
// declares ("" when none). Routes registered with Route always have one;
// RoutePublic routes have none.
type Caller struct {
	Subject  string
	Identity string
	LogID    string
}

type callerKey struct{}

// WithCaller returns ctx carrying c; the HTTP server calls it after
// authentication, before a plugin route runs.
func WithCaller(ctx context.Context, c Caller) context.Context {
	return context.WithValue(ctx, callerKey{}, c)
}

// CallerFrom returns the caller of an authenticated request to a plugin
// route; ok is false on a public route or outside the server.
func CallerFrom(ctx context.Context) (Caller, bool) {
	c, ok := ctx.Value(callerKey{}).(Caller)
	return c, ok
}
