// Package dispatch is the one choke point every capability call passes
// through, whether it comes from an MCP client's tools/call or from inside a
// snippet: a Call, a chain of Middleware built once, and a terminus that runs
// the capability's handler at most once per call.
package dispatch

import (
	"context"
	"net/http"
	"strings"

	"github.com/toolplane/toolplane/capability"
)

// Origin says which facade a call came from.
type Origin string

// Origins of a call.
const (
	OriginSnippet  Origin = "snippet"  // a capability call made by code in a backend
	OriginToolCall Origin = "toolcall" // a direct MCP tools/call or Go API call
)

// Call is one capability invocation on its way through the chain.
type Call struct {
	Origin       Origin
	CapabilityID string
	Args         map[string]any
	Labels       map[string]string // the capability's labels
	Subject      string            // who is calling (token subject), if known
	// Identity is the person or service behind the token, when the token
	// declares one: a fixed identity, or the value of an identity header
	// the token is trusted to send ([http.tokens.NAME] identity,
	// identity_headers). Empty means unknown: a plugin that judges per
	// person must refuse rather than treat "" as one person.
	Identity string
	LogID    string      // request log id
	RunID    string      // the snippet run this call belongs to, if any
	Headers  http.Header // request headers with credentials stripped
	// Meta is free for middleware and plugins to pass data along the chain.
	Meta map[string]any
}

// Result is what the chain returns for a call.
type Result = capability.Result

// Handler processes a call.
type Handler func(ctx context.Context, call *Call) (*Result, error)

// Middleware wraps a Handler; the chain is built once from a list of them.
type Middleware func(Handler) Handler

// IsCredentialHeader reports whether a header carries credentials and must
// never be copied into a call, an audit line or a forwarded request's
// record: Authorization, Proxy-Authorization, Cookie, X-Api-Key, and any
// name mentioning a token, secret, password, api key, auth or cookie.
func IsCredentialHeader(name string) bool {
	n := strings.ToLower(name)
	for _, part := range []string{"auth", "cookie", "token", "secret", "password", "passwd", "api-key", "apikey", "api_key", "credential"} {
		if strings.Contains(n, part) {
			return true
		}
	}
	return false
}
