// Package admission authenticates HTTP clients by bearer token and admits
// their capability calls by label selectors, deny by default. It owns the
// [http] section of toolplane.toml:
//
//	[http]
//	allow_anonymous = false          # true only on a loopback listener
//
//	[http.tokens.ci]
//	token   = "env://TOOLPLANE_CI_TOKEN"   # or keyring://name; a literal is warned about
//	subject = "ci"                          # default: the table name
//	allow   = "source=go,team=core"          # a k8s-style label selector
//	deny    = "dangerous"
//
//	[http.anonymous]                 # the policy of requests without a token
//	allow = "name=greet"
//
//	[http]                           # limits of one client (defaults shown)
//	header_timeout = "10s"           # slow headers
//	body_timeout = "30s"             # slow bodies
//	write_timeout = "60s"            # each response write (slow readers)
//	idle_timeout = "2m"              # idle keep-alive connections
//	max_body_bytes = "4MiB"
//	max_connections = 1024           # -1: no cap
//	max_connections_per_ip = 256
//	max_requests_per_token = 128     # requests in progress at once
//	shutdown_grace = "10s"           # runs in progress may finish after SIGTERM
//
//	[http.peers]                     # owner routing's replicas from DNS
//	dns = "toolplane-peers.NS.svc.cluster.local"   # a headless Service
//	service = "http"                 # SRV _http._tcp.DNS (else A/AAAA + port)
//	interval = "5s"
//
//	[http]                           # metrics (off by default)
//	metrics_addr = "9090"            # its own listener; a port alone is 127.0.0.1
//	[http.metrics]
//	subjects = ["prometheus"]        # token subjects that may read /metrics
//
//	[http]                           # owner routing (optional)
//	replica = "a"                    # this process; session ids start with "a."
//	replicas = { a = "http://10.0.0.1:8080", b = "http://10.0.0.2:8080" }
//
// A token without allow reaches nothing; allow = "source" reaches
// everything (every capability has a source label). An empty selector, one
// that can never match, two tokens with one secret are boot errors. The
// same Guard filters what a
// client sees (search, schemas, tools/list) and, as a dispatch middleware,
// refuses every call it does not admit, whether it comes from tools/call or
// from a snippet, so a token never reaches through a snippet what it could
// not call directly.
package admission

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/selector"
)

// Section is the configuration section this package claims.
const Section = "http"

// AnonymousSubject is the subject of requests without a token when
// allow_anonymous is on.
const AnonymousSubject = "anonymous"

// Config is the [http] section.
type Config struct {
	// AllowAnonymous serves requests that carry no token, with the
	// [http.anonymous] policy. Only allowed on a loopback listener.
	AllowAnonymous bool `toml:"allow_anonymous"`
	// Anonymous is the policy of requests without a token.
	Anonymous PolicyConfig `toml:"anonymous"`
	// Tokens are the accepted bearer tokens, by name.
	Tokens map[string]TokenConfig `toml:"tokens"`
	// Replica and Replicas configure owner routing across replicas behind
	// one endpoint (server.Options.Replica and Replicas): this process's
	// name and every replica's base URL, by name.
	Replica  string            `toml:"replica"`
	Replicas map[string]string `toml:"replicas"`
	// EscalationApprover is the subject of the token whose connected
	// client is asked to approve escalations ([cli] escalate) requested
	// over HTTP. Unset, such escalations are refused: the requesting
	// client is never asked, since it would approve itself.
	EscalationApprover string `toml:"escalation_approver"`

	// Limits of one HTTP client (server.HTTPLimits); unset keys take the
	// server's defaults, a negative count disables that cap.
	HeaderTimeout       config.Duration `toml:"header_timeout" config:"zero-is-default"`
	BodyTimeout         config.Duration `toml:"body_timeout" config:"zero-is-default"`
	WriteTimeout        config.Duration `toml:"write_timeout" config:"zero-is-default"`
	IdleTimeout         config.Duration `toml:"idle_timeout" config:"zero-is-default"`
	MaxBodyBytes        config.ByteSize `toml:"max_body_bytes" config:"zero-is-default"`
	MaxConnections      int             `toml:"max_connections" config:"zero-is-default"`
	MaxConnectionsPerIP int             `toml:"max_connections_per_ip" config:"zero-is-default"`
	MaxRequestsPerToken int             `toml:"max_requests_per_token" config:"zero-is-default"`

	// Peers discovers the replicas of owner routing from DNS instead of
	// a fixed Replicas list.
	Peers PeersConfig `toml:"peers"`

	// MetricsAddr, when set, serves /metrics, /healthz and /readyz on a
	// listener of its own. A port alone ("9090", ":9090") listens on
	// 127.0.0.1: another address is an explicit choice. See MetricsAddress.
	MetricsAddr string `toml:"metrics_addr"`
	// Metrics says who may read the metrics.
	Metrics MetricsConfig `toml:"metrics"`

	// ShutdownGrace is how long runs in progress may go on after SIGTERM
	// before they are cancelled (server.Options.ShutdownGrace).
	ShutdownGrace config.Duration `toml:"shutdown_grace"`

	// Resolve resolves the token references; the server passes
	// toolplane.SecretResolver, so a keyring:// token is read from
	// toolplane's secret store (its encrypted files included) as every
	// other keyring:// value is. Nil resolves as config.Secret does.
	Resolve func(ctx context.Context, ref string) (string, error) `toml:"-"`
}

// PeersConfig is [http.peers]: the replicas of owner routing are the
// addresses a headless Service's DNS name resolves to, looked up again
// every interval, so scaling needs no configuration edit. Each replica
// is named after its address; this one's is advertise, else the listen
// address, else its one non-loopback interface address.
type PeersConfig struct {
	// DNS is the headless Service's name.
	DNS string `toml:"dns"`
	// Service looks up SRV records _SERVICE._tcp.DNS (ports included);
	// unset, A/AAAA records of DNS with Port.
	Service string `toml:"service"`
	// Port is the peers' port for A/AAAA lookups (default: this server's
	// listen port).
	Port int `toml:"port"`
	// Interval between lookups (default 5s).
	Interval config.Duration `toml:"interval" config:"zero-is-default"`
	// Resolver is a DNS server (HOST:PORT) to ask instead of the
	// system's.
	Resolver string `toml:"resolver"`
	// Advertise is this replica's address as peers reach it (IP:PORT).
	Advertise string `toml:"advertise"`
}

// MetricsConfig is [http.metrics]: the token subjects that may read
// /metrics. None by default: /metrics on the MCP listener is not served,
// and the metrics listener answers only local requests without a token
// when it is on a loopback address.
type MetricsConfig struct {
	Subjects []string `toml:"subjects"`
}

// MetricsAddress is [http] metrics_addr as a listen address: a port
// alone listens on loopback. Empty when unset.
func (c *Config) MetricsAddress() string {
	a := strings.TrimSpace(c.MetricsAddr)
	switch {
	case a == "":
		return ""
	case strings.HasPrefix(a, ":"):
		return "127.0.0.1" + a
	case !strings.Contains(a, ":"):
		return "127.0.0.1:" + a
	}
	return a
}

// PolicyConfig is a pair of selectors: a call is admitted when allow
// matches its labels and deny does not. An unset allow admits nothing.
type PolicyConfig struct {
	Allow AllowList `toml:"allow"`
	Deny  Selectors `toml:"deny"`
}

// TokenConfig is one [http.tokens.<name>] table.
type TokenConfig struct {
	// Token is a secret reference (env://VAR, keyring://name); a literal
	// works but is warned about at startup.
	Token   config.Secret `toml:"token"`
	Subject string        `toml:"subject"`
	Allow   AllowList     `toml:"allow"`
	Deny    Selectors     `toml:"deny"`
	// Identity pins the identity (dispatch.Call.Identity) of every
	// request of this token: a service account ("ops-robot").
	Identity string `toml:"identity"`
	// IdentityHeaders are request headers, in order, whose first present
	// value is the identity of a request of this token: a gateway that
	// authenticates people and overwrites these headers. Only this
	// token's requests are read so; every other token's are ignored.
	IdentityHeaders []string `toml:"identity_headers"`
}

// Selector is a label selector in the configuration. It is parsed while
// the file is decoded, so a syntax error is reported with the file, line
// and key.
type Selector struct {
	sel selector.Selector
	set bool
}

// MaxSelectorBytes bounds a selector in the configuration: every call and
// every search evaluates it against every capability.
const MaxSelectorBytes = 4 << 10

// UnmarshalText parses a selector. Degenerate selectors are refused, each
// with the fix: an empty (or blank) one would match every capability, so
// allow = "" once admitted everything, unlabeled tools included; one whose
// requirements contradict each other matches nothing, so a deny that
// meant "either" would deny nothing.
func (s *Selector) UnmarshalText(text []byte) error {
	if len(text) > MaxSelectorBytes {
		return fmt.Errorf("label selector of %d bytes is longer than the maximum of %d; select by a label the capabilities share instead of listing them", len(text), MaxSelectorBytes)
	}
	sel, err := selector.Parse(string(text))
	if err != nil {
		return fmt.Errorf("bad label selector %q: %w (example: \"source=go,team in (core, web),!dangerous\")", text, err)
	}
	if sel.Empty() {
		return fmt.Errorf(`empty label selector %q: it would match every capability; to match all of them write "source" (every capability has a source label), to match none leave the key out`, text)
	}
	if msg := sel.Contradiction(); msg != "" {
		return fmt.Errorf("label selector %q: %s", text, msg)
	}
	*s = Selector{sel: sel, set: true}
	return nil
}

// MarshalText renders the selector.
func (s Selector) MarshalText() ([]byte, error) { return []byte(s.sel.String()), nil }

// IsSet reports whether the selector was written in the file.
func (s Selector) IsSet() bool { return s.set }

// Selector returns the parsed selector.
func (s Selector) Selector() selector.Selector { return s.sel }

// Claim claims the [http] section on l and returns where it will be
// decoded.
func Claim(l *config.Loader) (*Config, error) {
	c := &Config{}
	if err := l.Claim(Section, c); err != nil {
		return nil, err
	}
	return c, nil
}

func (p PolicyConfig) policy() dispatch.Policy {
	return policyOf(p.Allow.selectors(), p.Deny)
}

func policyOf(allow, deny Selectors) dispatch.Policy {
	var pol dispatch.Policy
	for _, s := range allow {
		pol.Allow = append(pol.Allow, s.sel)
	}
	for _, s := range deny {
		if !s.sel.Empty() {
			pol.Deny = append(pol.Deny, s.sel)
		}
	}
	return pol
}

// Selectors is allow or deny in the configuration: one selector
// ("source=go,team in (core)") or a list of them, any of which may match
// (OR of ANDs: ["capability=read", "capability=write,pkg in (greeter)"]).
// Each is checked as Selector is; an empty list is an error (it would be
// read as "nothing", which for a deny is a silent no-op).
type Selectors []Selector

// UnmarshalText decodes the single-string form; the array form decodes
// element by element through Selector.UnmarshalText, so an error in
// either points at the selector's own position in the file.
func (s *Selectors) UnmarshalText(text []byte) error {
	var one Selector
	if err := one.UnmarshalText(text); err != nil {
		return err
	}
	*s = Selectors{one}
	return nil
}

// MaxSelectors bounds a selector list: each is evaluated against every
// capability at every call and search.
const MaxSelectors = 64

// IsSet reports whether the key was written in the file.
func (s Selectors) IsSet() bool { return len(s) > 0 }

// CheckConfig refuses a list of more than MaxSelectors selectors (see
// config.Checker): a 4 MiB file holds 100 000 of them.
func (s Selectors) CheckConfig() error {
	if len(s) > MaxSelectors {
		return fmt.Errorf("%d selectors is more than the maximum of %d; select by a label the capabilities share instead of listing them", len(s), MaxSelectors)
	}
	return nil
}

// String renders the list: one selector bare, several as a TOML array.
func (s Selectors) String() string {
	if len(s) == 1 {
		return s[0].sel.String()
	}
	parts := make([]string, len(s))
	for i, one := range s {
		parts[i] = strconv.Quote(one.sel.String())
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// AllowSelector is one selector of an allow key. Besides what Selector
// refuses, it refuses a selector of negative requirements only (!key,
// key!=v, key notin (...)): that matches a capability with no labels at
// all, so it reads like a narrow rule ("!nothing", "env!=prod") but admits
// every capability except the few it names, unlabeled ones and any added
// later included, as allow = "" once did. In a deny the same selector
// means what it says and is accepted.
type AllowSelector struct{ Selector }

// UnmarshalText parses and checks an allow selector.
func (a *AllowSelector) UnmarshalText(text []byte) error {
	if err := a.Selector.UnmarshalText(text); err != nil {
		return err
	}
	if a.sel.Matches(nil) {
		return fmt.Errorf("allow selector %q has only negative requirements, so it matches capabilities with no labels at all: it admits everything but what it names, capabilities added later included; say what the token may reach (\"source=mcp,!dangerous\"), or write \"source,%s\" to admit all the rest on purpose (every capability has a source label)", text, a.sel.String())
	}
	return nil
}

// AllowList is an allow key: one selector or a list of them, any of which
// may match, each checked as AllowSelector is.
type AllowList []AllowSelector

// UnmarshalText decodes the single-string form.
func (l *AllowList) UnmarshalText(text []byte) error {
	var one AllowSelector
	if err := one.UnmarshalText(text); err != nil {
		return err
	}
	*l = AllowList{one}
	return nil
}

// IsSet reports whether the key was written in the file.
func (l AllowList) IsSet() bool { return len(l) > 0 }

// CheckConfig is Selectors.CheckConfig.
func (l AllowList) CheckConfig() error { return l.selectors().CheckConfig() }

// String renders the list as Selectors does.
func (l AllowList) String() string { return l.selectors().String() }

func (l AllowList) selectors() Selectors {
	out := make(Selectors, len(l))
	for i, a := range l {
		out[i] = a.Selector
	}
	return out
}

// Guard authenticates requests and admits calls. Build it with New.
type Guard struct {
	tokens     []token
	policies   map[string]dispatch.Policy // by subject
	identities map[string]identityRule    // by subject
	anonymous  bool
	summary    []TokenSummary
}

// identityRule is how a subject's requests get their identity.
type identityRule struct {
	fixed   string
	headers []string // canonical names
}

// TokenSummary is the effective policy of one subject, for the start-up
// declaration and config check.
type TokenSummary struct {
	Name, Subject   string
	Allow, Deny     string // as TOML; "" when unset
	Identity        string // "fixed:ID", "headers:X-User-Id,X-Email" or ""
	AdmitsAnything  bool   // allow matches every label set (e.g. "source")
	AdmitsNothing   bool   // no allow: deny by default
	IdentityHeaders []string
	// DenyNeeds holds, for each deny selector, the label keys it needs a
	// capability to have (its =, in and exists requirements): a selector
	// needing a key no capability has denies nothing.
	DenyNeeds [][]string
}

// Summary returns the effective policy of every subject, sorted by
// subject (the anonymous one last when allowed).
func (g *Guard) Summary() []TokenSummary { return slices.Clone(g.summary) }

// MaxIdentityBytes bounds an identity (fixed, or from a header).
const MaxIdentityBytes = 256

// validIdentity is what an identity may be: printable, no spaces or
// quotes, so it reads unambiguously in audit lines and logs; 1 to
// MaxIdentityBytes of them (checked by isValidIdentity: a counted
// repetition would be compiled as 256 copies of the class at every
// process start).
// It is compiled on first use: package initialisation runs in every toolplane process.
var validIdentity = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9._@:+/=~-]+$`) })

// isValidIdentity reports whether s is a valid identity.
func isValidIdentity(s string) bool {
	return len(s) <= MaxIdentityBytes && validIdentity().MatchString(s)
}

// ErrBadIdentity is returned by Identity for a request whose identity
// header is malformed or repeated.
var ErrBadIdentity = errors.New("bad identity header")

// Identity returns the identity of a request of subject: the token's
// fixed identity, or the first of its identity headers that is present,
// or "" when the token declares neither (the headers of every other
// token are ignored, so a client cannot claim to be someone). A header
// the token trusts that is repeated (two X-User-Id: an appended, not
// overwritten, value), too long or malformed fails the request:
// ErrBadIdentity, never a guess.
func (g *Guard) Identity(r *http.Request, subject string) (string, error) {
	rule, ok := g.identities[subject]
	if !ok {
		return "", nil
	}
	if rule.fixed != "" {
		return rule.fixed, nil
	}
	for _, h := range rule.headers {
		vals := r.Header.Values(h)
		if len(vals) == 0 {
			continue
		}
		if len(vals) > 1 {
			return "", fmt.Errorf("%w: %s appears %d times; the gateway must overwrite it, not append", ErrBadIdentity, h, len(vals))
		}
		v := strings.TrimSpace(vals[0])
		if v == "" {
			continue
		}
		if len(v) > MaxIdentityBytes {
			return "", fmt.Errorf("%w: %s is %d bytes, more than %d", ErrBadIdentity, h, len(v), MaxIdentityBytes)
		}
		if !isValidIdentity(v) {
			return "", fmt.Errorf("%w: %s holds characters an identity may not have (letters, digits and ._@:+/=~- only)", ErrBadIdentity, h)
		}
		return v, nil
	}
	return "", nil
}

type token struct {
	name    string
	subject string
	digest  [sha256.Size]byte
}

// New resolves the token secrets of cfg and builds the Guard. It refuses
// (fail-closed) a configuration with no tokens unless allow_anonymous is
// on, tokens that resolve to nothing, and two tokens with one subject.
// file names the configuration in errors; warn receives the warning about
// literal tokens (nil discards it).
func New(ctx context.Context, cfg *Config, file string, warn io.Writer) (*Guard, error) {
	if file == "" {
		file = "the configuration"
	}
	if cfg == nil {
		cfg = &Config{}
	}
	g := &Guard{policies: map[string]dispatch.Policy{}, identities: map[string]identityRule{}, anonymous: cfg.AllowAnonymous}
	if len(cfg.Tokens) == 0 && !cfg.AllowAnonymous {
		return nil, fmt.Errorf(`%s: refusing to serve HTTP without authentication: [http] has no tokens; add
  [http.tokens.NAME]
  token = "env://VAR"     # the bearer token clients send, kept in $VAR
  allow = "source=go"     # a label selector of what the token may call
or, on a loopback address only, serve requests without a token:
  [http]
  allow_anonymous = true
  [http.anonymous]
  allow = "source=go"     # what they may call (without allow: nothing)`, file)
	}
	if cfg.AllowAnonymous && !cfg.Anonymous.Allow.IsSet() && warn != nil {
		fmt.Fprintf(warn, "toolplane: warning: %s: [http] allow_anonymous = true, but [http.anonymous] has no allow: requests without a token reach no capability; add [http.anonymous] allow = \"SELECTOR\"\n", file)
	}
	names := make([]string, 0, len(cfg.Tokens))
	for n := range cfg.Tokens {
		names = append(names, n)
	}
	sort.Strings(names)
	owner := map[string]string{}
	secretOf := map[[sha256.Size]byte]string{} // digest -> token name
	for _, name := range names {
		tc := cfg.Tokens[name]
		key := fmt.Sprintf("http.tokens.%s", name)
		if tc.Token == "" {
			return nil, fmt.Errorf(`%s: %s.token is not set: write token = "env://VAR" (or keyring://NAME) naming where the bearer token is kept`, file, key)
		}
		if !tc.Token.IsRef() && warn != nil {
			fmt.Fprintf(warn, "toolplane: warning: %s: %s.token is a literal secret in the file; keep it elsewhere and write token = \"env://VAR\" or \"keyring://NAME\"\n", file, key)
		}
		var secret string
		var err error
		if cfg.Resolve != nil {
			secret, err = cfg.Resolve(ctx, string(tc.Token))
		} else {
			secret, err = tc.Token.Resolve(ctx)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %s.token: %w", file, key, err)
		}
		if secret == "" {
			return nil, fmt.Errorf("%s: %s.token = %q resolves to an empty string; set it to the bearer token clients send", file, key, tc.Token)
		}
		subject := tc.Subject
		if subject == "" {
			subject = name
		}
		if subject == AnonymousSubject && cfg.AllowAnonymous {
			return nil, fmt.Errorf("%s: %s.subject = %q is the subject of anonymous requests; pick another", file, key, subject)
		}
		if other, dup := owner[subject]; dup {
			return nil, fmt.Errorf("%s: %s and http.tokens.%s both have subject %q; subjects name whose policy applies, so each token needs its own", file, key, other, subject)
		}
		owner[subject] = name
		digest := sha256.Sum256([]byte(secret))
		if other, dup := secretOf[digest]; dup {
			return nil, duplicateSecret(file, other, name)
		}
		secretOf[digest] = name
		if err := tooMany(file, tc.Allow.selectors(), tc.Deny, "http", "tokens", name); err != nil {
			return nil, err
		}
		g.tokens = append(g.tokens, token{name: name, subject: subject, digest: digest})
		g.policies[subject] = policyOf(tc.Allow.selectors(), tc.Deny)
		rule, err := identityOf(file, key, tc)
		if err != nil {
			return nil, err
		}
		if rule.fixed != "" || len(rule.headers) > 0 {
			g.identities[subject] = rule
		}
		g.summary = append(g.summary, summarize(name, subject, tc.Allow.selectors(), tc.Deny, rule))
	}
	if cfg.AllowAnonymous {
		if err := tooMany(file, cfg.Anonymous.Allow.selectors(), cfg.Anonymous.Deny, "http", "anonymous"); err != nil {
			return nil, err
		}
		g.policies[AnonymousSubject] = cfg.Anonymous.policy()
		g.summary = append(g.summary, summarize("(no token)", AnonymousSubject, cfg.Anonymous.Allow.selectors(), cfg.Anonymous.Deny, identityRule{}))
	}
	for _, sub := range cfg.Metrics.Subjects {
		if _, ok := owner[sub]; !ok && !(sub == AnonymousSubject && cfg.AllowAnonymous) {
			at := file
			if line, col := config.Position(file, "http", "metrics", "subjects"); line > 0 {
				at = fmt.Sprintf("%s:%d:%d", file, line, col)
			}
			return nil, fmt.Errorf("%s: http.metrics.subjects names %q, which is not the subject of any [http.tokens.*] entry (subjects: %s); name the token a scraper sends", at, sub, strings.Join(sortedKeys(owner), ", "))
		}
	}
	if a := cfg.EscalationApprover; a != "" {
		if _, ok := owner[a]; !ok {
			line, col := config.Position(file, "http", "escalation_approver")
			at := file
			if line > 0 {
				at = fmt.Sprintf("%s:%d:%d", file, line, col)
			}
			return nil, fmt.Errorf("%s: http.escalation_approver = %q is not the subject of any [http.tokens.*] entry (subjects: %s); name the token whose client approves escalations", at, a, strings.Join(sortedKeys(owner), ", "))
		}
	}
	return g, nil
}

// tooMany applies CheckConfig to allow and deny for a configuration not
// loaded from a file, naming the key.
func tooMany(file string, allow, deny Selectors, path ...string) error {
	for _, key := range []string{"allow", "deny"} {
		list := map[string]Selectors{"allow": allow, "deny": deny}[key]
		if err := list.CheckConfig(); err != nil {
			at := file
			if line, col := config.Position(file, append(path, key)...); line > 0 {
				at = fmt.Sprintf("%s:%d:%d", file, line, col)
			}
			return fmt.Errorf("%s: %s.%s: %w", at, strings.Join(path, "."), key, err)
		}
	}
	return nil
}

// identityOf checks a token's identity settings: a fixed identity or
// identity headers (not both: which would win is a guess), valid header
// names that are not credential headers (those are stripped before any
// plugin sees a request, and a token must not double as an identity).
func identityOf(file, key string, tc TokenConfig) (identityRule, error) {
	at := func(field string) string {
		parts := append(strings.Split(key, "."), field)
		if line, col := config.Position(file, parts...); line > 0 {
			return fmt.Sprintf("%s:%d:%d", file, line, col)
		}
		return file
	}
	var rule identityRule
	if tc.Identity != "" && len(tc.IdentityHeaders) > 0 {
		return rule, fmt.Errorf("%s: %s sets both identity and identity_headers; a fixed identity is for a service account, headers for a gateway: keep one", at("identity"), key)
	}
	if tc.Identity != "" {
		if !isValidIdentity(tc.Identity) {
			return rule, fmt.Errorf("%s: %s.identity = %q: want 1-%d letters, digits and ._@:+/=~-", at("identity"), key, tc.Identity, MaxIdentityBytes)
		}
		rule.fixed = tc.Identity
	}
	if len(tc.IdentityHeaders) > 8 {
		return rule, fmt.Errorf("%s: %s.identity_headers lists %d headers; at most 8", at("identity_headers"), key, len(tc.IdentityHeaders))
	}
	for _, h := range tc.IdentityHeaders {
		if !validHeaderName(h) {
			return rule, fmt.Errorf("%s: %s.identity_headers: %q is not a header name", at("identity_headers"), key, h)
		}
		if dispatch.IsCredentialHeader(h) {
			return rule, fmt.Errorf("%s: %s.identity_headers: %q is a credential header (stripped before the chain); name the header your gateway sets with the user, such as X-User-Id", at("identity_headers"), key, h)
		}
		rule.headers = append(rule.headers, http.CanonicalHeaderKey(h))
	}
	return rule, nil
}

func validHeaderName(h string) bool {
	if h == "" || len(h) > 64 {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func summarize(name, subject string, allow, deny Selectors, rule identityRule) TokenSummary {
	ts := TokenSummary{Name: name, Subject: subject, IdentityHeaders: rule.headers}
	if allow.IsSet() {
		ts.Allow = allow.String()
		for _, s := range allow {
			if s.sel.Empty() || s.sel.String() == "source" {
				ts.AdmitsAnything = true
			}
		}
	} else {
		ts.AdmitsNothing = true
	}
	if deny.IsSet() {
		ts.Deny = deny.String()
		for _, d := range deny {
			var keys []string
			for _, r := range d.sel.Requirements() {
				switch r.Op {
				case selector.Equals, selector.In, selector.Exists:
					keys = append(keys, r.Key)
				}
			}
			ts.DenyNeeds = append(ts.DenyNeeds, keys)
		}
	}
	switch {
	case rule.fixed != "":
		ts.Identity = "fixed:" + rule.fixed
	case len(rule.headers) > 0:
		ts.Identity = "headers:" + strings.Join(rule.headers, ",")
	}
	return ts
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// duplicateSecret is the error for two tokens with one secret: a client
// presenting it would get whichever policy matched last (once, the
// broader one), so the boot fails, naming where both are written.
func duplicateSecret(file, first, second string) error {
	where := func(name string) string {
		if line, col := config.Position(file, "http", "tokens", name, "token"); line > 0 {
			return fmt.Sprintf("%s:%d:%d", file, line, col)
		}
		return file
	}
	return fmt.Errorf("%s: http.tokens.%s.token resolves to the same secret as http.tokens.%s.token (%s); a client holding it could not be told apart, so give each token its own secret", where(second), second, first, where(first))
}

// ErrUnauthenticated is returned by Authenticate for a request without a
// valid token.
var ErrUnauthenticated = errors.New("unauthenticated")

// Authenticate returns the subject of the request's bearer token. A request
// without an Authorization header is anonymous when allowed; a malformed
// header or an unknown token is ErrUnauthenticated, never anonymous. Tokens
// are compared in constant time, all of them every time.
func (g *Guard) Authenticate(r *http.Request) (string, error) {
	h := r.Header.Get("Authorization")
	if h == "" {
		if g.anonymous {
			return AnonymousSubject, nil
		}
		return "", fmt.Errorf("%w: no bearer token; send Authorization: Bearer TOKEN", ErrUnauthenticated)
	}
	scheme, presented, ok := strings.Cut(strings.TrimSpace(h), " ")
	presented = strings.TrimSpace(presented)
	if !ok || !strings.EqualFold(scheme, "bearer") || presented == "" {
		return "", fmt.Errorf("%w: the Authorization header is not \"Bearer TOKEN\"", ErrUnauthenticated)
	}
	digest := sha256.Sum256([]byte(presented))
	subject := ""
	for _, t := range g.tokens {
		if subtle.ConstantTimeCompare(digest[:], t.digest[:]) == 1 {
			subject = t.subject
		}
	}
	if subject == "" {
		return "", fmt.Errorf("%w: the bearer token is not valid", ErrUnauthenticated)
	}
	return subject, nil
}

// CheckAddr refuses anonymous access on a listener that is not loopback:
// a token-less server must not be reachable from other machines.
func (g *Guard) CheckAddr(addr net.Addr) error {
	if !g.anonymous {
		return nil
	}
	host := addr.String()
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("refusing to serve: [http] allow_anonymous = true is only allowed on a loopback address, but the listener is %s; listen on 127.0.0.1 or configure tokens", addr)
	}
	return nil
}

// Policy returns the policy of subject; ok is false for an unknown one.
func (g *Guard) Policy(subject string) (dispatch.Policy, bool) {
	p, ok := g.policies[subject]
	return p, ok
}

// Admits reports whether subject may call c.
func (g *Guard) Admits(subject string, c *capability.Capability) bool {
	p, ok := g.policies[subject]
	if !ok {
		return false
	}
	admitted, _ := p.Admits(capability.LabelSet(c))
	return admitted
}

// Middleware is the admission layer of the dispatch chain: a call whose
// subject has no policy (no token, an unknown subject) or whose labels the
// policy does not admit is refused before anything runs. Install it before
// the plugins, and only on a runtime served over authenticated HTTP:
// stdio and Go API calls carry no subject and would all be refused.
func (g *Guard) Middleware() dispatch.Middleware {
	return dispatch.Admission(func(_ context.Context, call *dispatch.Call) (dispatch.Policy, bool) {
		return g.Policy(call.Subject)
	})
}
