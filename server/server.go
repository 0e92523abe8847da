// Package server is toolplane's MCP facade: `toolplane serve mcp` over stdio
// or Streamable HTTP. It exposes the meta-tools search_capabilities,
// get_capability_schemas and execute_code (and optionally every capability as
// a direct tool), keeps per-client sessions and result stores, serves saved
// results as MCP resources, and writes run events to the audit log.
//
// The facade reaches the runtime only through the small Engine interface, so
// it does not care how capabilities are sourced or which backend runs code.
package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/internal/lineconn"
	"github.com/toolplane/toolplane/plugin"
	"github.com/toolplane/toolplane/python/vm"
	"github.com/toolplane/toolplane/session"
	"github.com/toolplane/toolplane/telemetry"
)

// Options configure a Server. Zero fields take defaults.
type Options struct {
	// Engine runs capabilities and code. Required.
	Engine Engine
	// Name and Version identify the server to clients.
	Name, Version string
	// SessionsEnabled keeps Python globals across execute_code runs of one
	// client session (embedded backend only). Off, every run starts fresh;
	// the result store is still scoped per client session.
	SessionsEnabled bool
	// Sessions configures idle expiry, the memory cap and result limits.
	Sessions session.Options
	// ResultsEnabled binds save_result and load_result and serves saved
	// results as resources.
	ResultsEnabled bool
	// Audit receives run_start and run_end events; nil disables them. (The
	// engine's dispatch chain logs the dispatch events.)
	Audit *audit.Logger
	// DirectTools also exposes every capability as an MCP tool.
	DirectTools bool
	// DefaultTimeout is the wall-clock limit of a run that names none
	// (default 60s); MaxTimeout is the most a run may ask for (default 10m).
	DefaultTimeout, MaxTimeout time.Duration
	// MaxCodeBytes bounds the source of one execute_code run (default
	// DefaultMaxCodeBytes).
	MaxCodeBytes int
	// MaxHostCalls is the capability calls a run may make as the engine
	// bounds them ([session] max_host_calls; default
	// vm.DefaultMaxHostCalls): execute_code's description tells the agent.
	MaxHostCalls int
	// ProgressInterval is how often a long run reports progress to a client
	// that asked for it (default 2s).
	ProgressInterval time.Duration
	// Stderr receives the HTTP address when there is no Logger (default
	// os.Stderr).
	Stderr io.Writer
	// Logger receives the server's records (runs, requests at debug
	// level); nil discards them. Records carry ids, subjects, durations
	// and outcomes, never arguments or results. The MCP SDK's own
	// logging stays off (its lines may quote what a client sent) unless
	// MCP.Logger sets it.
	Logger *slog.Logger

	// DirectToolName names the MCP tool of a capability when DirectTools is
	// on; nil uses its first alias (what a snippet calls it), else its id
	// with separators replaced.
	DirectToolName func(c *capability.Capability, aliases []string) string
	// MCP holds further options of the underlying MCP server (completion,
	// subscriptions, keepalive, ...). Instructions, Logger and Capabilities
	// are filled in when left empty.
	MCP *mcp.ServerOptions
	// EventStore, if set, lets HTTP clients resume broken SSE streams.
	EventStore mcp.EventStore

	// Guard, if set, authenticates every HTTP request (401 otherwise) and
	// limits what each subject sees to the capabilities it is admitted to
	// (admission.Guard). Install the guard's dispatch middleware on the
	// engine too: the guard here filters what is shown, the middleware
	// refuses the calls.
	Guard Guard
	// HTTP bounds what one HTTP client can hold (timeouts, body size,
	// connections, requests per token); zero fields take the defaults.
	HTTP HTTPLimits
	// EscalationApprover is the subject whose connected client answers
	// Confirm's questions for requests that came over HTTP ([http]
	// escalation_approver). Empty, such questions are refused: the
	// requesting client is never asked, since no client approves its own
	// escalation.
	EscalationApprover string
	// EscalationCooldown is how long, after the human declined or
	// dismissed a question, further questions of the same requester are
	// refused without asking ([cli] escalation_cooldown). The requester
	// is the client session over stdio and the token's subject over HTTP
	// (all its sessions). Zero turns it off.
	EscalationCooldown time.Duration
	// LogIDHeader is the request header a log id is read from and echoed
	// in ([log] logid_header; default X-Log-Id). X-Request-Id is read
	// when it is absent and always echoed.
	LogIDHeader string
	// Routes are extra HTTP handlers (plugins' Route) served behind the
	// same log id, header snapshot and authentication as the MCP endpoint;
	// PublicRoutes skip authentication (health checks, metadata). Keys are
	// http.ServeMux patterns.
	Routes, PublicRoutes map[string]http.Handler

	// Replica names this process among replicas serving one endpoint
	// behind a load balancer. Its MCP session ids start with "<Replica>.",
	// so every replica can tell which one owns a session; a request for a
	// session another replica owns is proxied to that replica's URL in
	// Replicas (after authentication here; the owner authenticates again).
	Replica string
	// Replicas maps replica names to base URLs ("http://10.0.0.2:8080"):
	// the static allow-list of peers (StaticPeers). PeerProvider replaces
	// it with a dynamic one (service discovery); with neither, nothing is
	// ever forwarded.
	Replicas     map[string]string
	PeerProvider PeerProvider
	// OwnerRouted maps MCP tool names to the argument that carries an
	// owned id (RegisterOwnerRouted); OwnerRoutedPaths are route
	// prefixes whose requests carry one (RegisterOwnerRoutedPath).
	OwnerRouted      map[string]string
	OwnerRoutedPaths []OwnerRoutedPath

	// Plugins, if set, supplies what the plugins in use add to the HTTP
	// server: their Routes and PublicRoutes, OwnerRouted and
	// OwnerRoutedPaths, and the ListFilter (merged with the fields
	// above). Their tools are capabilities: register them on the runtime
	// (plugin.Host.Capabilities).
	Plugins *plugin.Host

	// ListFilter, if set, sees each tools/list answer after admission
	// filtered it and may narrow or annotate it (plugin.Host's
	// FilterToolList): tools/list passes the plugin chain. It cannot add
	// a tool or rename one.
	ListFilter func(ctx context.Context, l *plugin.ToolList) error

	// Ready, if set, says why the server cannot take runs now (a worker
	// pool that cannot start workers, an eager upstream not connected):
	// ReadyPath answers 503 while it returns an error. The error is never
	// shown to clients.
	Ready func() error
	// Metrics, if set, counts runs (and, through ServeMetrics and
	// MetricsPath, serves every metric); MetricsSubjects are the token
	// subjects that may read them. None by default: MetricsPath on the
	// MCP listener is then not served at all.
	Metrics         *telemetry.Metrics
	MetricsSubjects []string

	// Tracing, if set, makes a span of every MCP request (joining the
	// trace of a valid traceparent header) and of every run.
	Tracing *telemetry.Tracing

	// ShutdownGrace is how long runs in progress may go on once the
	// serving context ends (default DefaultShutdownGrace); then they are
	// cancelled with an error saying the server is shutting down.
	ShutdownGrace time.Duration
}

// Defaults of Options.
const (
	DefaultTimeout          = 60 * time.Second
	DefaultMaxTimeout       = 10 * time.Minute
	DefaultProgressInterval = 2 * time.Second
)

// Server is the MCP facade. Construct it with New, then ServeStdio or
// ServeHTTP (or mount Handler).
type Server struct {
	opts     Options
	engine   Engine
	mcp      *mcp.Server
	sessions *session.Manager

	mu     sync.Mutex
	conns  map[*mcp.ServerSession]string // MCP session -> toolplane session key
	seq    int
	direct map[string]*capability.Capability // direct tool name -> capability

	peers      PeerProvider
	proxies    proxyCache // peer base URL -> its reverse proxy
	ownerTools map[string]string
	ownerPaths []OwnerRoutedPath

	endpointOnce sync.Once
	endpoint     http.Handler // the MCP endpoint: one session table
	handler      http.Handler // Handler's answer, built once
	httpOnce     sync.Once
	httpHandler  http.Handler

	httpLimits HTTPLimits
	inFlight   *subjectLimiter
	holds      *holdShares
	connPlaces sync.Map // net.Conn of ServeHTTP -> *connPlace
	bodies     *bodyBudget
	// descriptions caches the meta-tools' descriptions per catalog seen.
	descriptions descriptionCache

	subjects map[*mcp.ServerSession]string    // HTTP MCP session -> its subject
	seen     map[*mcp.ServerSession]time.Time // when it last sent a request
	askTurns map[string]chan struct{}         // requesting subject -> its turn to ask the approver
	declined map[requester]time.Time          // when the human last declined a requester's question

	parkedQuestions map[string]*parkedQuestion // request state -> the question a parked call waits on

	log  *slog.Logger
	life *lifecycle

	logIDHeader  string
	badLogIDs    throttle
	authFailures atomic.Int64
	authReported atomic.Int64 // unix nanos of the last auth_failed line
}

func mergeRoutes(a, b map[string]http.Handler) map[string]http.Handler {
	out := make(map[string]http.Handler, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// New builds the facade and registers its tools and resources.
func New(opts Options) (*Server, error) {
	if opts.Engine == nil {
		return nil, errors.New("server: Options.Engine is required")
	}
	if opts.Name == "" {
		opts.Name = "toolplane"
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	if opts.DefaultTimeout <= 0 {
		opts.DefaultTimeout = DefaultTimeout
	}
	if opts.MaxTimeout <= 0 {
		opts.MaxTimeout = DefaultMaxTimeout
	}
	if opts.DefaultTimeout > opts.MaxTimeout {
		opts.DefaultTimeout = opts.MaxTimeout
	}
	if opts.MaxHostCalls <= 0 {
		opts.MaxHostCalls = vm.DefaultMaxHostCalls
	}
	if opts.MaxCodeBytes <= 0 {
		opts.MaxCodeBytes = DefaultMaxCodeBytes
	}
	if opts.ProgressInterval <= 0 {
		opts.ProgressInterval = DefaultProgressInterval
	}
	if opts.ShutdownGrace <= 0 {
		opts.ShutdownGrace = DefaultShutdownGrace
	}
	if opts.Stderr == nil {
		opts.Stderr = os.Stderr
	}
	if v := reflect.ValueOf(opts.Guard); v.Kind() == reflect.Pointer && v.IsNil() {
		opts.Guard = nil // a typed nil (no guard configured) is no guard
	}
	if h := opts.Plugins; h != nil {
		opts.Routes = mergeRoutes(opts.Routes, h.Routes())
		opts.PublicRoutes = mergeRoutes(opts.PublicRoutes, h.PublicRoutes())
		owned := map[string]string{}
		for k, v := range opts.OwnerRouted {
			owned[k] = v
		}
		for k, v := range h.OwnerRouted() {
			owned[k] = v
		}
		opts.OwnerRouted = owned
		opts.OwnerRoutedPaths = append(slices.Clone(opts.OwnerRoutedPaths), h.OwnerRoutedPaths()...)
		if opts.ListFilter == nil && h.HasListFilters() {
			opts.ListFilter = h.FilterToolList
		}
	}
	if opts.Sessions.NewState == nil {
		opts.Sessions.NewState = opts.Engine.NewSession
	}
	s := &Server{
		opts:       opts,
		engine:     opts.Engine,
		sessions:   session.NewManager(opts.Sessions),
		conns:      make(map[*mcp.ServerSession]string),
		direct:     make(map[string]*capability.Capability),
		subjects:   make(map[*mcp.ServerSession]string),
		httpLimits: opts.HTTP.withDefaults(),
		seen:       make(map[*mcp.ServerSession]time.Time),
		log:        opts.Logger,
		life:       newLifecycle(),
	}
	if s.log == nil {
		s.log = discardLog
	}
	s.logIDHeader = http.CanonicalHeaderKey(opts.LogIDHeader)
	if s.logIDHeader == "" {
		s.logIDHeader = HeaderLogID
	}
	var mo mcp.ServerOptions
	if opts.MCP != nil {
		mo = *opts.MCP
	}
	if mo.Instructions == "" {
		mo.Instructions = instructions
	}
	if mo.Capabilities == nil {
		mo.Capabilities = &mcp.ServerCapabilities{
			Logging:   &mcp.LoggingCapabilities{},
			Tools:     &mcp.ToolCapabilities{ListChanged: true},
			Resources: &mcp.ResourceCapabilities{ListChanged: true},
		}
	}
	mo.SetCacheable = privateCacheScope(mo.SetCacheable, opts.Guard != nil)
	if opts.Replica != "" && mo.GetSessionID == nil {
		prefix := opts.Replica + "."
		mo.GetSessionID = func() string { return prefix + rand.Text() }
	}
	s.inFlight = &subjectLimiter{max: s.httpLimits.MaxRequestsPerSubject, inFlight: map[string]int{}}
	s.bodies = newBodyBudget(s.httpLimits.MaxBodyBytes)
	s.holds = newHoldShares(s.httpLimits)
	if err := s.initRouting(); err != nil {
		return nil, err
	}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: opts.Name, Title: "toolplane", Version: opts.Version}, &mo)
	if err := s.addMetaTools(); err != nil {
		return nil, err
	}
	if err := s.SyncDirectTools(); err != nil {
		return nil, err
	}
	s.addResources()
	s.filterToolList()
	s.mcp.AddReceivingMiddleware(s.describeMiddleware)
	s.mcp.AddReceivingMiddleware(s.pageToolList)
	s.boundArgumentErrors()
	s.trackSubjects()
	s.observeMethods()
	s.encodableErrors()
	if err := s.checkRoutes(); err != nil {
		return nil, err
	}
	return s, nil
}

// MCP returns the underlying MCP server, e.g. to connect an in-memory
// transport in tests or to mount it in a larger HTTP server.
func (s *Server) MCP() *mcp.Server { return s.mcp }

// Sessions returns the session manager (for inspection and tests).
func (s *Server) Sessions() *session.Manager { return s.sessions }

// ServeStdio serves one client on stdin/stdout until the client disconnects
// or ctx is done.
func (s *Server) ServeStdio(ctx context.Context) error {
	return s.ServeTransport(ctx, StdioTransport(os.Stdin, nopCloser{os.Stdout}, nil))
}

// MaxStdioMessageBytes is the largest message a client may send over
// stdio (the SDK's cap before; now a larger one is refused and answered
// instead of ending the connection).
const MaxStdioMessageBytes = 16 << 20

// MaxStdioRequests caps the requests a stdio client has in progress at
// once, as [http] max_requests_per_token's default does a token's over
// HTTP; and the bytes of its large requests in progress are capped at
// MaxStdioMessageBytes (one message of the largest size), as an HTTP
// token's large bodies are. A request over either cap is answered at once
// with an error: a client that sent without waiting for answers held as
// much memory as it could write (a thousand 100 kB snippets queued behind
// one run: 890 MB).
const MaxStdioRequests = DefaultMaxRequestsPerSubject

// StdioTransport serves one client over a stream: r is what the client
// writes, w what it reads. A message larger than MaxStdioMessageBytes is
// answered with an error naming the limit (and told to logf, when set) and
// the connection goes on; the memory a message took is let go once it is
// decoded, where the SDK's IOTransport kept the largest message's buffer
// for the connection's life.
func StdioTransport(r io.Reader, w io.Writer, logf func(format string, args ...any)) mcp.Transport {
	t := &lineconn.Transport{
		Reader:           r,
		Writer:           w,
		MaxMessageBytes:  MaxStdioMessageBytes,
		MaxInFlight:      MaxStdioRequests,
		MaxInFlightBytes: MaxStdioMessageBytes,
		Busy: func(requests, bytes int) string {
			return fmt.Sprintf("refused: %d requests (%s) are in progress on this stdio connection, the most it takes at once is %d requests or %s of large ones; wait for their answers before sending more", requests, sizeText(int64(bytes)), MaxStdioRequests, sizeText(MaxStdioMessageBytes))
		},
		TooLarge: func(size, limit int) string {
			return fmt.Sprintf("a message of more than %s is larger than the limit of %s for one stdio message; pass large data through a capability or the result store, or split it", sizeText(int64(size-1)), sizeText(int64(limit)))
		},
	}
	if logf != nil {
		t.OnTooLarge = func(text string) { logf("toolplane: stdio: refused %s", text) }
	}
	return t
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// ServeTransport serves one client on t until it disconnects or ctx is
// done. Ending ctx stops the client's runs at once; a program that wants
// them to finish first (the serve command on SIGTERM) calls Drain before
// it ends ctx.
func (s *Server) ServeTransport(ctx context.Context, t mcp.Transport) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go s.sessions.Run(ctx)
	err := s.mcp.Run(ctx, answerCounting{Transport: t, calls: &s.life.calls})
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		return nil
	}
	return err
}

// ShutdownGrace is Options.ShutdownGrace with its default.
func (s *Server) ShutdownGrace() time.Duration { return s.opts.ShutdownGrace }

// Handler serves MCP over Streamable HTTP. Each MCP session (Mcp-Session-Id)
// gets its own toolplane session: globals and results are never shared
// between clients. Idle MCP sessions are closed after the session idle
// timeout, which frees their state. A POST without a session id that is
// not an initialize (a client of protocol 2026-07-28, or one that calls
// a direct tool with a single POST) is served statelessly: a session for
// that request only.
//
// With Options.Guard, the handler first authenticates the request; in any
// case it assigns the request a log id (echoed in X-Log-Id) and strips
// credential headers before the MCP handler sees them.
//
// Handler returns the same handler every time: two would be two session
// tables, and a client's session would exist in one only.
func (s *Server) Handler() http.Handler {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.handler == nil {
		s.handler = s.guardHTTP(s.limitBodies(s.routeArguments(s.mcpEndpoint())))
	}
	return s.handler
}

// HTTPHandler is everything ServeHTTP serves: the MCP endpoint at HTTPPath
// and Options.Routes behind the guard (and owner routing, for
// OwnerRoutedPaths), Options.PublicRoutes without it. It is built once.
func (s *Server) HTTPHandler() http.Handler {
	s.httpOnce.Do(func() {
		s.httpHandler = s.logHTTP(s.trackRequests(s.routes(func(mux *http.ServeMux, pattern string, h func() http.Handler, _ string) {
			mux.Handle(pattern, h())
		})))
	})
	return s.httpHandler
}

// routes registers everything HTTPHandler serves through handle: the
// base's routes first, then the plugins' in a fixed order. Handlers are
// built only when handle asks.
func (s *Server) routes(handle func(mux *http.ServeMux, pattern string, h func() http.Handler, what string)) *http.ServeMux {
	mux := http.NewServeMux()
	handle(mux, HTTPPath, s.Handler, "the MCP endpoint")
	// A plugin's route of the same pattern wins over the built-in health
	// and metrics routes.
	taken := func(p string) bool { return s.opts.Routes[p] != nil || s.opts.PublicRoutes[p] != nil }
	for pattern, h := range s.HealthRoutes() {
		if !taken(pattern) {
			handle(mux, pattern, func() http.Handler { return h }, "a health route")
		}
	}
	if h := s.metricsRoute(); h != nil && !taken(MetricsPath) {
		handle(mux, MetricsPath, func() http.Handler { return h }, "the metrics route")
	}
	for _, pattern := range sortedPatterns(s.opts.Routes) {
		h := s.opts.Routes[pattern]
		handle(mux, pattern, func() http.Handler { return s.guardHTTP(s.limitBodies(s.routePaths(h))) }, "a plugin route")
	}
	for _, pattern := range sortedPatterns(s.opts.PublicRoutes) {
		h := s.opts.PublicRoutes[pattern]
		handle(mux, pattern, func() http.Handler { return s.limitBodies(h) }, "a plugin's public route")
	}
	return mux
}

// checkRoutes refuses routes that collide (a plugin's route at /mcp, or
// patterns http.ServeMux finds in conflict, which would make it panic
// while the server is being wired), naming the pattern. The MCP endpoint
// is never shadowed.
func (s *Server) checkRoutes() error {
	var errs []error
	s.routes(func(mux *http.ServeMux, pattern string, _ func() http.Handler, what string) {
		defer func() {
			if p := recover(); p != nil {
				errs = append(errs, fmt.Errorf("server: %s at %q collides with a route registered before it: %v", what, pattern, p))
			}
		}()
		mux.Handle(pattern, http.NotFoundHandler())
	})
	return errors.Join(errs...)
}

func sortedPatterns(m map[string]http.Handler) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Mount serves everything HTTPHandler serves under prefix on mux ("/tools"
// serves the MCP endpoint at /tools/mcp and a plugin route /spill/ at
// /tools/spill/): authentication, log ids, limits, owner routing and
// plugin routes are wired as in ServeHTTP, and no route is reachable
// around the guard. The caller's http.Server should bound
// header size and time as ServeHTTP does (MaxHeaderBytes,
// ReadHeaderTimeout; see HTTPLimits): headers are read before any token
// is checked. Every replica must mount at the same prefix: a
// request forwarded to its owner keeps its path. The caller runs the
// http.Server; call Run (or ServeHTTP) for the session sweeper.
func (s *Server) Mount(mux *http.ServeMux, prefix string) error {
	prefix = strings.TrimSuffix(prefix, "/")
	if prefix != "" && !strings.HasPrefix(prefix, "/") {
		return fmt.Errorf("server: Mount prefix %q: want a path starting with '/'", prefix)
	}
	h := s.HTTPHandler()
	if prefix == "" {
		mux.Handle("/", h)
		return nil
	}
	strip := http.StripPrefix(prefix, h)
	mux.Handle(prefix+"/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Forwarding to a peer restores the path as it arrived.
		ctx := context.WithValue(r.Context(), mountPathKey{}, [2]string{r.URL.Path, r.URL.RawPath})
		strip.ServeHTTP(w, r.WithContext(ctx))
	}))
	return nil
}

type mountPathKey struct{}

// Run sweeps idle sessions until ctx is done; ServeHTTP and
// ServeTransport run it themselves, a caller of Mount or Handler runs it.
func (s *Server) Run(ctx context.Context) { s.sessions.Run(ctx) }

// Mount builds a Server from opts and mounts it on mux under prefix (see
// Server.Mount).
func Mount(mux *http.ServeMux, prefix string, opts Options) (*Server, error) {
	s, err := New(opts)
	if err != nil {
		return nil, err
	}
	if err := s.Mount(mux, prefix); err != nil {
		return nil, err
	}
	return s, nil
}

// mcpEndpoint is the MCP endpoint: the stateful Streamable HTTP handler,
// and the stateless one for POSTs that carry no session and are not an
// initialize. Built once.
func (s *Server) mcpEndpoint() http.Handler {
	s.endpointOnce.Do(func() {
		newHandler := func(stateless bool) http.Handler {
			return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.mcp }, &mcp.StreamableHTTPOptions{
				Stateless:           stateless,
				SessionTimeout:      s.sessions.Options().IdleTimeout,
				Logger:              s.sdkLogger(),
				EventStore:          s.opts.EventStore,
				MaxRequestBodyBytes: s.httpLimits.MaxBodyBytes,
			})
		}
		stateful, stateless := newHandler(false), newHandler(true)
		s.endpoint = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost && isBatch(r) {
				http.Error(w, "400 bad request: JSON-RPC batches are not accepted; send one message per POST (each request counts against [http] max_requests_per_token)", http.StatusBadRequest)
				return
			}
			if r.Method == http.MethodPost && r.Header.Get("Mcp-Session-Id") == "" && !isInitialize(r) {
				stateless.ServeHTTP(w, r)
				return
			}
			stateful.ServeHTTP(w, r)
		})
	})
	return s.endpoint
}

// isBatch reports whether a POST's body (read whole by limitBodies) is a
// JSON-RPC batch. Protocol versions before 2025-06-18 allowed them, and
// the SDK serves them for a client that negotiated one: a single POST of
// thousands of requests ran them all, past the per-token cap on requests
// in progress, each with goroutines of its own.
func isBatch(r *http.Request) bool {
	body, err := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	return err == nil && len(bytes.TrimLeft(body, " \t\r\n")) > 0 && bytes.TrimLeft(body, " \t\r\n")[0] == '['
}

// isInitialize reports whether a POST's body (read whole by limitBodies)
// opens a session: initialize, or server/discover (a 2026-07-28 client's
// first request, which the stateful handler refuses so that the client
// falls back to initialize and keeps a session: code mode's globals live
// in one), or is not a single JSON-RPC request at all (a batch, garbage):
// those go to the stateful handler, as before.
func isInitialize(r *http.Request) bool {
	body, err := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return true
	}
	var msg struct {
		Method string `json:"method"`
	}
	if json.Unmarshal(body, &msg) != nil || msg.Method == "" {
		return true
	}
	return msg.Method == "initialize" || msg.Method == "server/discover"
}

// HTTPPath is where ServeHTTP mounts the MCP endpoint.
const HTTPPath = "/mcp"

// ServeHTTP serves Streamable HTTP on ln at HTTPPath until ctx is done, then
// shuts down gracefully. It prints the endpoint URL on Options.Stderr once
// listening, so a caller that asked for port 0 learns the port.
func (s *Server) ServeHTTP(ctx context.Context, ln net.Listener) error {
	if err := s.checkListener(ln.Addr()); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go s.sessions.Run(ctx)
	// Deadlines are per phase (headers, body, each write, idle), never on
	// the whole connection: ReadTimeout and WriteTimeout would cut
	// long-lived SSE responses. See HTTPLimits.
	srv := &http.Server{ErrorLog: s.errorLog(), Handler: s.HTTPHandler(), ReadHeaderTimeout: s.httpLimits.HeaderTimeout, IdleTimeout: s.httpLimits.IdleTimeout, MaxHeaderBytes: s.httpLimits.MaxHeaderBytes,
		ConnContext: s.connContext, ConnState: s.connState}
	ln = newLimitListener(ln, s.httpLimits)
	if l, ok := ln.(*limitListener); ok {
		l.evict, l.hasIdle = s.evictIdle, s.hasIdle
	}
	s.announce(fmt.Sprintf("serving MCP (Streamable HTTP) at http://%s%s", ln.Addr(), HTTPPath))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serving HTTP on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	// Stop accepting (the listener closes, idle connections with it), let
	// the runs in progress finish within the grace period or stop them,
	// then end the MCP sessions, whose SSE streams would hold the
	// shutdown, and wait for the handlers to write their last answers.
	s.log.Info("shutting down", slog.Duration("grace", s.opts.ShutdownGrace))
	srv.SetKeepAlivesEnabled(false)
	shutdown := make(chan error, 1)
	go func() { shutdown <- srv.Shutdown(context.WithoutCancel(ctx)) }()
	s.Drain(context.Background(), s.opts.ShutdownGrace)
	s.waitRequests(5 * time.Second)
	s.closeSessions()
	select {
	case <-shutdown:
	case <-time.After(5 * time.Second):
		_ = srv.Close()
	}
	return nil
}

// openClientSession returns the toolplane session of the MCP session req
// came on if it has one, without creating it: reading or listing saved
// results opens no session, so it neither evicts another client's idle
// session at a cap nor waits for one.
func (s *Server) openClientSession(req mcp.Request) (*session.Session, bool) {
	ss, _ := req.GetSession().(*mcp.ServerSession)
	subject := s.callerOf(req).subject
	key := "anonymous:" + subject
	if ss != nil {
		s.mu.Lock()
		k, ok := s.conns[ss]
		s.mu.Unlock()
		if !ok {
			return nil, false
		}
		key = k
	}
	return s.sessions.LookupFor(key, subject)
}

// clientSession returns the toolplane session of the MCP session req came
// on, creating it on first use for the request's subject. That may evict
// another, or wait, until ctx ends at the latest, for one of the busy
// sessions under the caps to become idle (session.Manager.GetContext),
// and then be refused (*session.FullError): ctx must end when the
// request's client goes away. Stdio connections and HTTP sessions
// without an id get a key of their own; the state is freed when the MCP
// session closes.
func (s *Server) clientSession(ctx context.Context, req mcp.Request) (*session.Session, error) {
	ss, _ := req.GetSession().(*mcp.ServerSession)
	subject := s.callerOf(req).subject
	if ss == nil {
		return s.sessions.GetContext(ctx, "anonymous:"+subject, subject)
	}
	s.mu.Lock()
	key, ok := s.conns[ss]
	if !ok {
		s.seq++
		key = ss.ID()
		if key == "" {
			key = fmt.Sprintf("conn-%d", s.seq)
		} else {
			key = "http-" + key
		}
		s.conns[ss] = key
		go func() {
			_ = ss.Wait()
			s.mu.Lock()
			delete(s.conns, ss)
			s.mu.Unlock()
			s.sessions.Drop(key)
		}()
	}
	s.mu.Unlock()
	return s.sessions.GetContext(ctx, key, subject)
}
