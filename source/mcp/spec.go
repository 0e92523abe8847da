// Package mcp turns the tools of upstream MCP servers into capabilities.
//
// A Manager holds one connection per configured server (a subprocess over
// stdio, or a Streamable HTTP or SSE endpoint), lists each server's tools as
// capability.Capability values with ids "mcp:<server>/<tool>", and calls them
// with per-call timeouts and cancellation that reaches the upstream request.
// Stdio servers run in their own process group, are restarted at the next call
// after a crash (with backoff when they keep crashing), and never outlive
// toolplane (see process_unix.go).
//
// An upstream server is a third party: every message it sends passes an
// inspector before it is decoded (inspect.go), its catalog is vetted
// (vet.go), and Limits bound what it can make toolplane hold or wait for,
// so a hostile server costs at most its own calls.
//
// The package knows nothing about toolplane.toml: the caller maps its
// [mcp.servers.<name>] tables onto ServerSpec values.
package mcp

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/toolplane/toolplane/internal/childenv"
)

// Transport is how toolplane talks to an upstream server.
type Transport string

// The supported transports.
const (
	TransportStdio Transport = "stdio" // a subprocess speaking JSON-RPC on stdin/stdout
	TransportHTTP  Transport = "http"  // Streamable HTTP, the default for URLs
	TransportSSE   Transport = "sse"   // the older HTTP+SSE transport
)

// Startup says when a server is connected.
type Startup string

// The startup modes.
const (
	// StartupLazy connects on first use: a call, or a catalog listing when
	// the tools are not in the catalog cache (ManagerOptions.CacheDir). It is
	// the default.
	StartupLazy Startup = "lazy"
	// StartupEager connects in Manager.Start.
	StartupEager Startup = "eager"
)

// AuthOAuth is the ServerSpec.Auth value for servers that need an OAuth login.
const AuthOAuth = "oauth"

// ServerSpec describes one upstream server. It mirrors the
// [mcp.servers.<name>] table of the configuration.
type ServerSpec struct {
	// Name is the server's name: the namespace of its capabilities.
	Name string

	// Command, Args, Env and Cwd start a stdio server. The server gets the
	// minimal environment of every child (see internal/childenv), the host
	// variables named in PassEnv, and Env, whose values may be secret
	// references, resolved by ManagerOptions.Resolve.
	Command string
	Args    []string
	// Unisolated starts a stdio server as any process of the user rather
	// than in a Landlock domain of its own (internal/isolate), for a server
	// that needs a setuid helper, which the domain's no_new_privs disarms.
	Unisolated bool
	Env        map[string]string
	PassEnv    []string
	Cwd        string

	// URL is the endpoint of an HTTP server; Transport picks Streamable HTTP
	// (default) or SSE. Header values may be secret references.
	URL       string
	Transport Transport
	Headers   map[string]string
	// Auth is "" (none beyond Headers), "oauth" (ManagerOptions.Token
	// supplies the token), or a secret reference (env://VAR,
	// keyring://name) to a static bearer token, resolved by
	// ManagerOptions.Resolve and sent as Authorization: Bearer.
	Auth string

	// Labels are attached to every tool of the server; Tools overrides them.
	Labels map[string]string
	// Timeout bounds each call (and each tools/list); zero means no limit
	// beyond the caller's context.
	Timeout time.Duration
	// Startup is lazy (default) or eager.
	Startup Startup
	// StartTimeout bounds connecting (starting the process, initialize and
	// the first tools/list); zero means ManagerOptions.StartTimeout, or
	// PackageRunnerStartTimeout for a command that downloads the server
	// first (see IsPackageRunner).
	StartTimeout time.Duration
	// Tools holds per-tool overrides, keyed by the upstream tool name.
	Tools map[string]ToolOverride
}

// ToolOverride adjusts one upstream tool.
type ToolOverride struct {
	// Labels are merged over the server's labels.
	Labels map[string]string
	// Disabled omits the tool from the catalog.
	Disabled bool
	// Alias renames the tool: the capability is "mcp:<server>/<alias>" and
	// calls still reach the upstream name.
	Alias string
}

// isBearerRef reports whether an auth value names a static bearer token.
func isBearerRef(auth string) bool {
	return strings.HasPrefix(auth, "env://") || strings.HasPrefix(auth, "keyring://")
}

// transport resolves the default: stdio for commands, Streamable HTTP for URLs.
func (s *ServerSpec) transport() Transport {
	if s.Transport != "" {
		return s.Transport
	}
	if s.URL != "" {
		return TransportHTTP
	}
	return TransportStdio
}

// Validate reports the first thing that makes the spec unusable, naming the
// server and the key to fix.
func (s *ServerSpec) Validate() error {
	where := fmt.Sprintf("[mcp.servers.%s]", s.Name)
	if s.Name == "" {
		return fmt.Errorf("mcp server spec has no name")
	}
	if strings.ContainsAny(s.Name, "/: \t") {
		return fmt.Errorf("%s: server name %q must not contain '/', ':' or spaces", where, s.Name)
	}
	switch s.Startup {
	case "", StartupLazy, StartupEager:
	default:
		return fmt.Errorf("%s: startup = %q: want \"lazy\" or \"eager\"", where, s.Startup)
	}
	switch {
	case s.Auth == "", s.Auth == AuthOAuth, isBearerRef(s.Auth):
	default:
		return fmt.Errorf("%s: auth = %q: want \"oauth\", a bearer token reference (env://VAR, keyring://NAME) or no auth key", where, s.Auth)
	}
	if s.Timeout < 0 {
		return fmt.Errorf("%s: timeout %s is negative", where, s.Timeout)
	}
	if s.StartTimeout < 0 {
		return fmt.Errorf("%s: startup_timeout %s is negative", where, s.StartTimeout)
	}
	switch s.transport() {
	case TransportStdio:
		if s.Command == "" {
			return fmt.Errorf("%s: needs command (stdio) or url (http, sse)", where)
		}
		if s.URL != "" {
			return fmt.Errorf("%s: has both command and url; keep one", where)
		}
		if len(s.Headers) > 0 || s.Auth != "" {
			return fmt.Errorf("%s: headers and auth apply to url servers only", where)
		}
		for k := range s.Env {
			if err := childenv.CheckName(k); err != nil {
				return fmt.Errorf("%s: env: %w", where, err)
			}
		}
		for _, k := range s.PassEnv {
			if err := childenv.CheckName(k); err != nil {
				return fmt.Errorf("%s: pass_env: %w", where, err)
			}
		}
	case TransportHTTP, TransportSSE:
		if s.URL == "" {
			return fmt.Errorf("%s: transport = %q needs url", where, s.transport())
		}
		if s.Command != "" {
			return fmt.Errorf("%s: has both command and url; keep one", where)
		}
		if len(s.Env) > 0 || len(s.PassEnv) > 0 {
			return fmt.Errorf("%s: env and pass_env apply to command servers only", where)
		}
		u, err := url.Parse(s.URL)
		if err != nil {
			return fmt.Errorf("%s: url %q: %w", where, s.URL, err)
		}
		if u.Scheme != "http" && u.Scheme != "https" {
			return fmt.Errorf("%s: url %q must start with http:// or https://", where, s.URL)
		}
	default:
		return fmt.Errorf("%s: transport = %q: want \"stdio\", \"http\" or \"sse\"", where, s.Transport)
	}
	seen := map[string]string{}
	for tool, o := range s.Tools {
		name := tool
		if o.Alias != "" {
			name = o.Alias
			if !isValidToolName(o.Alias) {
				return fmt.Errorf("%s: tools.%s.alias %q: an alias is 1 to 128 ASCII letters, digits, '_', '-' or '.'", where, tool, o.Alias)
			}
		}
		if other, dup := seen[name]; dup && !o.Disabled {
			return fmt.Errorf("%s: tools %q and %q both become %q; change one alias", where, other, tool, name)
		}
		if !o.Disabled {
			seen[name] = tool
		}
	}
	return nil
}

// target describes where the server is, for status lines and errors.
func (s *ServerSpec) target() string {
	if s.transport() == TransportStdio {
		parts := []string{s.Command}
		for _, a := range s.shownArgs() {
			parts = append(parts, a.text)
		}
		return strings.Join(parts, " ")
	}
	return s.redactText(s.URL)
}

// PackageRunnerStartTimeout is the default start timeout of a server
// whose command is a package runner (npx, uvx, ...): its first start
// downloads and installs the package before the server can answer, which
// takes minutes on a slow network, and a download killed half-way leaves
// the runner's cache locked or half-installed (npx waits a minute on the
// lock it left behind). So it is given the time.
const PackageRunnerStartTimeout = 5 * time.Minute

// IsPackageRunner reports whether a stdio server's command downloads the
// server package before running it: npx, bunx, uvx, pipx run, pnpm dlx,
// yarn dlx, npm exec.
func IsPackageRunner(command string, args []string) bool {
	base := command
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	base = strings.TrimSuffix(strings.TrimSuffix(base, ".exe"), ".cmd")
	first := ""
	if len(args) > 0 {
		first = args[0]
	}
	switch base {
	case "npx", "bunx", "uvx", "pnpx":
		return true
	case "pipx", "uv":
		return first == "run" || first == "tool"
	case "pnpm", "yarn":
		return first == "dlx"
	case "npm":
		return first == "exec" || first == "x"
	}
	return false
}

// startTimeout is how long a start of s may take.
func (s *ServerSpec) startTimeout(def time.Duration) time.Duration {
	switch {
	case s.StartTimeout > 0:
		return s.StartTimeout
	case s.transport() == TransportStdio && IsPackageRunner(s.Command, s.Args) && def < PackageRunnerStartTimeout:
		return PackageRunnerStartTimeout
	}
	return def
}
