package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/toolplane/toolplane/capability"
)

// ManagerOptions tune a Manager. The zero value is usable.
type ManagerOptions struct {
	// Resolve turns a secret reference (env://VAR, keyring://name) in a header
	// or env value into the secret. It is called for every such value and must
	// return values that are not references unchanged. Nil uses values as
	// written.
	Resolve func(ctx context.Context, value string) (string, error)
	// Token returns the OAuth access token of a server with auth = "oauth".
	// It returns an error wrapping ErrNeedsLogin when there is none. Nil
	// means no server is logged in.
	Token func(ctx context.Context, server string) (string, error)
	// Refresh returns a new access token of server after the server
	// refused the token rejected (HTTP 401): the request is then sent
	// again, once, with the new token. Nil: a refused token fails the
	// request (the next connection asks Token again).
	Refresh func(ctx context.Context, server, rejected string) (string, error)
	// OnChange is called (from its own goroutine) after a server's tool list
	// changed upstream and the catalog was refreshed.
	OnChange func()

	// WithholdStderr keeps a stdio server's stderr out of the errors its
	// calls return (a crash, a failed start): on a server with several
	// clients (HTTP tokens), what the upstream logged may be another
	// client's arguments or data, and one client would read it in its own
	// error. The tail goes to Log instead.
	WithholdStderr bool
	// Log receives the stderr tails WithholdStderr keeps from callers (the
	// server's operator reads them). Nil drops them.
	Log func(msg string)

	// CacheDir, when set, holds each server's last tools/list so lazy
	// servers are listed without being started (see OfflineCapabilities).
	// Empty disables the cache.
	CacheDir string

	// StartTimeout bounds connecting to a server, including starting its
	// process and the initialize handshake, unless its spec says otherwise
	// (ServerSpec.StartTimeout, and a longer default for package runners).
	// Default 30s.
	StartTimeout time.Duration
	// OnStarting, when set, hears every ProgressInterval that a server is
	// still starting: how long it has been, its time limit, and the last
	// line it wrote to stderr (cleaned, secrets hidden; "" if none). It is
	// called from the start's own goroutine.
	OnStarting func(server string, waited, limit time.Duration, lastLine string)
	// ProgressInterval is how often OnStarting is called. Default 5s.
	ProgressInterval time.Duration
	// ShutdownGrace is how long a stdio server may take to exit after its
	// stdin closes before it is signalled. Default 2s.
	ShutdownGrace time.Duration
	// StderrLimit is the size of each stdio server's stderr ring buffer.
	// Default 64 KiB.
	StderrLimit int
	// HTTPTransport is the base round tripper for HTTP servers. Default
	// http.DefaultTransport with response headers limited to 1 MiB.
	HTTPTransport http.RoundTripper
	// ClientName and ClientVersion identify toolplane in the initialize
	// handshake. Defaults "toolplane" and "dev".
	ClientName, ClientVersion string
	// Limits bound what each server can send or make toolplane wait for;
	// zero fields take their defaults.
	Limits Limits
}

func (o *ManagerOptions) setDefaults() {
	if o.StartTimeout <= 0 {
		o.StartTimeout = 30 * time.Second
	}
	if o.ProgressInterval <= 0 {
		o.ProgressInterval = 5 * time.Second
	}
	if o.ShutdownGrace <= 0 {
		o.ShutdownGrace = 2 * time.Second
	}
	if o.StderrLimit <= 0 {
		o.StderrLimit = 64 << 10
	}
	if o.HTTPTransport == nil {
		o.HTTPTransport = DefaultHTTPTransport()
	}
	o.Limits.setDefaults()
	if o.ClientName == "" {
		o.ClientName = "toolplane"
	}
	if o.ClientVersion == "" {
		o.ClientVersion = "dev"
	}
}

// ErrNeedsLogin marks a server with auth = "oauth" that has no usable token.
var ErrNeedsLogin = errors.New("needs login")

// ErrClosed is returned by calls made after Manager.Close.
var ErrClosed = errors.New("mcp manager closed")

// Manager connects to the configured upstream servers and exposes their tools
// as capabilities. It is safe for concurrent use. Close stops every server it
// started.
type Manager struct {
	opts    ManagerOptions
	servers map[string]*server
	names   []string // sorted
}

// NewManager validates specs and returns a Manager that has not connected to
// anything yet.
func NewManager(specs []ServerSpec, opts ManagerOptions) (*Manager, error) {
	opts.setDefaults()
	m := &Manager{opts: opts, servers: make(map[string]*server, len(specs))}
	for i := range specs {
		spec := specs[i]
		if err := spec.Validate(); err != nil {
			return nil, err
		}
		if _, dup := m.servers[spec.Name]; dup {
			return nil, fmt.Errorf("[mcp.servers.%s] is configured twice", spec.Name)
		}
		m.servers[spec.Name] = newServer(m, spec)
		m.names = append(m.names, spec.Name)
	}
	sort.Strings(m.names)
	return m, nil
}

// Names lists the configured servers, sorted.
func (m *Manager) Names() []string { return slices.Clone(m.names) }

// Start connects every server with startup = "eager", concurrently. It
// returns the joined errors of those that failed; the others stay connected.
func (m *Manager) Start(ctx context.Context) error {
	var eager []string
	for _, name := range m.names {
		if m.servers[name].spec.Startup == StartupEager {
			eager = append(eager, name)
		}
	}
	return m.each(ctx, eager, func(ctx context.Context, s *server) error {
		_, err := s.connection(ctx)
		return err
	})
}

// Capabilities returns the tools of every server as capabilities, sorted by
// id. A server is connected unless its tools are already known: listed by a
// live connection, or, for a lazy server, listed before or found in the
// catalog cache (its first call then starts it). Servers that fail are
// reported in the returned error (joined, one per server) while the tools of
// the others are still returned.
func (m *Manager) Capabilities(ctx context.Context) ([]capability.Capability, error) {
	var (
		mu   sync.Mutex
		caps []capability.Capability
	)
	err := m.each(ctx, m.names, func(ctx context.Context, s *server) error {
		c, err := s.capabilities(ctx)
		mu.Lock()
		caps = append(caps, c...)
		mu.Unlock()
		return err
	})
	sort.Slice(caps, func(i, j int) bool { return caps[i].ID < caps[j].ID })
	return caps, err
}

// ServerCapabilities is Capabilities for one server.
func (m *Manager) ServerCapabilities(ctx context.Context, name string) ([]capability.Capability, error) {
	s, err := m.server(name)
	if err != nil {
		return nil, err
	}
	caps, err := s.capabilities(ctx)
	return caps, s.hideError(err)
}

// Close stops every server (stdio processes and their process groups are
// gone when it returns) and makes later calls fail with ErrClosed.
func (m *Manager) Close() error {
	var wg sync.WaitGroup
	for _, s := range m.servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.close()
		}()
	}
	wg.Wait()
	return nil
}

func (m *Manager) server(name string) (*server, error) {
	s, ok := m.servers[name]
	if !ok {
		return nil, fmt.Errorf("no mcp server %q is configured (have %v)", name, m.names)
	}
	return s, nil
}

// each runs f for the named servers concurrently and joins their errors in
// name order.
func (m *Manager) each(ctx context.Context, names []string, f func(context.Context, *server) error) error {
	errs := make([]error, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := m.servers[name]
			errs[i] = s.hideError(f(ctx, s))
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}
