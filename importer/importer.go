// Package importer reads the MCP server definitions of other agents (Claude
// Code, Claude Desktop, Codex, Cursor) and converts them to toolplane's
// [mcp.servers.NAME] tables, for `toolplane mcp import`.
//
// An imported file is data, not instructions: a .mcp.json checked into a
// cloned repository is written by whoever controls that repository. So
// secrets never travel as literals (a value in env or headers that looks
// like a credential becomes an env://NAME reference, and the conversion
// lists the variables the user has to set), and references are never
// followed: toolplane references (env://, keyring://) refuse the server,
// and the agents' own (${VAR}, ${env:VAR}, Codex's env_http_headers,
// bearer_token_env_var, env_vars) become references to fresh variables
// that nothing holds yet (see Converter). `toolplane mcp import` shows
// what each server runs or connects to and what it would be sent, and
// writes only once confirmed.
package importer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/toolplane/toolplane/config"
)

// Agents whose configs are known.
const (
	AgentClaude        = "claude"         // Claude Code: ~/.claude.json and ./.mcp.json
	AgentClaudeDesktop = "claude-desktop" // claude_desktop_config.json
	AgentCodex         = "codex"          // ~/.codex/config.toml and ./.codex/config.toml
	AgentCursor        = "cursor"         // ~/.cursor/mcp.json and ./.cursor/mcp.json
)

// Agents lists the known agents, in the order `mcp import` reads them.
var agentOrder = []string{AgentClaude, AgentClaudeDesktop, AgentCodex, AgentCursor}

// Agents returns the names of the known agents.
func Agents() []string { return append([]string(nil), agentOrder...) }

// Server is one MCP server as another agent defines it, in neutral form.
type Server struct {
	// Name is the agent's name for the server.
	Name string
	// Origin says where it was found: a file, and for ~/.claude.json the
	// scope ("project /path").
	Origin string

	Command string
	Args    []string
	Env     map[string]string
	Cwd     string

	URL string
	// Type is "stdio", "http" or "sse"; empty means stdio for a command and
	// http for a URL.
	Type    string
	Headers map[string]string
	// EnvHeaders are headers whose value is the named environment variable
	// (Codex's env_http_headers).
	EnvHeaders map[string]string
	// BearerEnv names a variable holding a bearer token (Codex's
	// bearer_token_env_var).
	BearerEnv string
	// PassEnv names variables passed through from the agent's environment
	// (Codex's env_vars).
	PassEnv []string

	// TimeoutSeconds is the per-call timeout, 0 if none.
	TimeoutSeconds float64
	// DisabledTools are tools the agent hides.
	DisabledTools []string
	// Disabled is true when the agent has the server switched off.
	Disabled bool
	// Notes are what could not be carried over.
	Notes []string
}

// Locations are the files an agent's servers are read from, most general
// first. home and cwd are the user's home and the project directory.
func Locations(agent, home, cwd string) ([]string, error) {
	switch agent {
	case AgentClaude:
		return []string{filepath.Join(home, ".claude.json"), filepath.Join(cwd, ".mcp.json")}, nil
	case AgentClaudeDesktop:
		return []string{
			filepath.Join(home, ".config", "Claude", "claude_desktop_config.json"),
			filepath.Join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json"),
		}, nil
	case AgentCodex:
		codexHome := os.Getenv("CODEX_HOME")
		if codexHome == "" {
			codexHome = filepath.Join(home, ".codex")
		}
		return []string{filepath.Join(codexHome, "config.toml"), filepath.Join(cwd, ".codex", "config.toml")}, nil
	case AgentCursor:
		return []string{filepath.Join(home, ".cursor", "mcp.json"), filepath.Join(cwd, ".cursor", "mcp.json")}, nil
	}
	return nil, fmt.Errorf("unknown agent %q: want one of %s, or a file path", agent, strings.Join(agentOrder, ", "))
}

// ReadAgent reads every existing file of an agent; missing files are
// skipped. It returns the files read.
func ReadAgent(agent, home, cwd string) ([]Server, []string, error) {
	paths, err := Locations(agent, home, cwd)
	if err != nil {
		return nil, nil, err
	}
	var out []Server
	var read []string
	for _, p := range paths {
		// Nobody named these files, and those under cwd came with the
		// project: regular files only (config.ReadUntrusted).
		servers, err := readFile(p, cwd, config.ReadUntrusted)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return out, read, err
		}
		read = append(read, p)
		out = append(out, servers...)
	}
	return out, read, nil
}

// ReadFile reads the servers of one file: TOML is read as Codex's
// config.toml, JSON as an mcpServers object (Claude Code, Claude Desktop,
// Cursor, .mcp.json), with ~/.claude.json's per-project servers of cwd.
// The file is named by the user, so any kind of file is read (a pipe too),
// up to MaxFileBytes.
func ReadFile(path, cwd string) ([]Server, error) {
	return readFile(path, cwd, config.ReadBounded)
}

// MaxFileBytes bounds a file import reads: ~/.claude.json keeps project
// history besides its servers and grows to megabytes, but a file that
// reads forever (/dev/zero) must fail.
const MaxFileBytes = 64 << 20

func readFile(path, cwd string, read func(string, int64) ([]byte, error)) ([]Server, error) {
	data, err := read(path, MaxFileBytes)
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(path, ".toml") {
		return parseCodex(path, data)
	}
	return parseJSON(path, data, cwd)
}

// jsonServer is a server in the JSON agents' mcpServers objects.
type jsonServer struct {
	Type      string            `json:"type"`
	Command   string            `json:"command"`
	Args      []string          `json:"args"`
	Env       map[string]string `json:"env"`
	Cwd       string            `json:"cwd"`
	URL       string            `json:"url"`
	ServerURL string            `json:"serverUrl"`
	Headers   map[string]string `json:"headers"`
	Disabled  bool              `json:"disabled"`
}

func parseJSON(path string, data []byte, cwd string) ([]Server, error) {
	var doc struct {
		MCPServers map[string]jsonServer `json:"mcpServers"`
		Projects   map[string]struct {
			MCPServers map[string]jsonServer `json:"mcpServers"`
		} `json:"projects"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := convertJSON(path, doc.MCPServers)
	if p, ok := doc.Projects[cwd]; ok && cwd != "" {
		out = append(out, convertJSON(path+" (project "+cwd+")", p.MCPServers)...)
	}
	return out, nil
}

func convertJSON(origin string, servers map[string]jsonServer) []Server {
	var out []Server
	for _, name := range sortedKeys(servers) {
		j := servers[name]
		s := Server{
			Name: name, Origin: origin, Type: j.Type,
			Command: j.Command, Args: j.Args, Env: j.Env, Cwd: j.Cwd,
			URL: j.URL, Headers: j.Headers, Disabled: j.Disabled,
		}
		if s.URL == "" {
			s.URL = j.ServerURL
		}
		if s.Type == "streamable-http" || s.Type == "streamableHttp" {
			s.Type = "http"
		}
		out = append(out, s)
	}
	return out
}

// codexServer is a [mcp_servers.NAME] table of Codex's config.toml.
type codexServer struct {
	Command           string            `toml:"command"`
	Args              []string          `toml:"args"`
	Env               map[string]string `toml:"env"`
	EnvVars           []string          `toml:"env_vars"`
	Cwd               string            `toml:"cwd"`
	URL               string            `toml:"url"`
	BearerTokenEnvVar string            `toml:"bearer_token_env_var"`
	HTTPHeaders       map[string]string `toml:"http_headers"`
	EnvHTTPHeaders    map[string]string `toml:"env_http_headers"`
	Enabled           *bool             `toml:"enabled"`
	StartupTimeoutSec float64           `toml:"startup_timeout_sec"`
	ToolTimeoutSec    float64           `toml:"tool_timeout_sec"`
	EnabledTools      []string          `toml:"enabled_tools"`
	DisabledTools     []string          `toml:"disabled_tools"`
}

func parseCodex(path string, data []byte) ([]Server, error) {
	var doc struct {
		MCPServers map[string]codexServer `toml:"mcp_servers"`
	}
	if err := toml.Unmarshal(data, &doc); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, fmt.Errorf("%s:%d:%d: %v", path, row, col, de)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []Server
	for _, name := range sortedKeys(doc.MCPServers) {
		c := doc.MCPServers[name]
		s := Server{
			Name: name, Origin: path,
			Command: c.Command, Args: c.Args, Env: c.Env, Cwd: c.Cwd, PassEnv: c.EnvVars,
			URL: c.URL, Headers: c.HTTPHeaders, EnvHeaders: c.EnvHTTPHeaders, BearerEnv: c.BearerTokenEnvVar,
			TimeoutSeconds: c.ToolTimeoutSec, DisabledTools: c.DisabledTools,
			Disabled: c.Enabled != nil && !*c.Enabled,
		}
		if len(c.EnabledTools) > 0 {
			s.Notes = append(s.Notes, fmt.Sprintf("enabled_tools %v not carried over: every tool is imported; disable the others with [mcp.servers.%s.tools.TOOL] disabled = true", c.EnabledTools, name))
		}
		out = append(out, s)
	}
	return out, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
