// Package importer reads the MCP server definitions of other agents (Claude
// Code, Claude Desktop, Codex, Cursor) and converts them to toolplane's
// [mcp.servers.NAME] tables, for `toolplane mcp import`.
//
// An imported file is data, not instructions: a .mcp.json checked into a
// cloned repository is written by whoever controls that repository. So
// secrets never travel as literals (every header value, and an env value
// that looks like a credential, is kept in the secret store under a fresh
// name and written as keyring://NAME, or with no store as an env://NAME
// reference to a fresh variable the user sets), and references are never
// followed: toolplane references (env://, keyring://) refuse the server,
// and the agents' own (${VAR}, ${env:VAR}, Codex's env_http_headers,
// bearer_token_env_var, env_vars) become references to fresh variables
// that nothing holds yet (see Converter). Which entries are imported
// follows the agents' own rules (ReadAgent, Select): the most
// project-specific entry of a name wins, and servers the agent has
// switched off or never approved are left out. `toolplane mcp import`
// shows what each server runs or connects to and what it would be sent,
// and writes only once confirmed.
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
	// Auth is "oauth" for a server that logs in (a rewritten mcp-remote
	// wrapper), else "".
	Auth string
	// EnvHeaders are headers whose value is the named environment variable
	// (Codex's env_http_headers).
	EnvHeaders map[string]string
	// BearerEnv names a variable holding a bearer token (Codex's
	// bearer_token_env_var).
	BearerEnv string
	// PassEnv names variables passed through from the agent's environment
	// (Codex's env_vars).
	PassEnv []string

	// BearerToken is a literal bearer token (Codex's bearer_token).
	BearerToken string

	// TimeoutSeconds is the per-call timeout, 0 if none.
	TimeoutSeconds float64
	// StartupSeconds is the start timeout, 0 if none (Codex's
	// startup_timeout_sec, or startup_timeout_ms / 1000).
	StartupSeconds float64
	// DisabledTools are tools the agent hides.
	DisabledTools []string
	// Disabled is true when the agent has the server switched off;
	// DisabledBy says where, when it is not the entry itself.
	Disabled   bool
	DisabledBy string
	// Unapproved is true for a project's .mcp.json server that Claude Code
	// was never told to run (see ReadAgent).
	Unapproved bool
	// Rank orders the entries of one name within an agent: the highest,
	// the most project-specific, wins (see Select).
	Rank int
	// local marks an entry of ~/.claude.json's project scope.
	local bool
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
// skipped. It returns the files read. Each server's Rank says how
// project-specific its entry is (Select keeps the most specific one of a
// name): a file under cwd outranks one under home, and for Claude Code,
// ~/.claude.json's entry for this project (its "local" scope) outranks
// ./.mcp.json, which outranks the user scope, as in Claude Code.
//
// Claude Code runs a project's .mcp.json servers only once the user
// approved them: ReadAgent marks those switched off (disabledMcpjsonServers)
// Disabled and those never approved (neither in enabledMcpjsonServers nor
// under enableAllProjectMcpServers) Unapproved. Approvals count only from
// the user's own files (~/.claude.json's entry for this project and
// ~/.claude/settings.json): a project's .claude/settings*.json came with
// the project and may switch servers off, never on.
func ReadAgent(agent, home, cwd string) ([]Server, []string, error) {
	paths, err := Locations(agent, home, cwd)
	if err != nil {
		return nil, nil, err
	}
	var out []Server
	var read []string
	for i, p := range paths {
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
		for j := range servers {
			servers[j].Rank = i
			if servers[j].local {
				servers[j].Rank = len(paths)
			}
		}
		out = append(out, servers...)
	}
	if agent == AgentClaude {
		mcpJSON := filepath.Join(cwd, ".mcp.json")
		ap, err := readClaudeApprovals(home, cwd)
		if err != nil {
			return out, read, err
		}
		for i := range out {
			if out[i].Origin == mcpJSON {
				ap.apply(&out[i])
			}
		}
	}
	return out, read, nil
}

// claudeApprovals are Claude Code's switches for a project's .mcp.json
// servers.
type claudeApprovals struct {
	enableAll string            // the file that set enableAllProjectMcpServers, "" if none
	enabled   map[string]string // server -> the file that approved it
	disabled  map[string]string // server -> the file that switched it off
}

// claudeSwitches are the keys Claude Code keeps them under, in
// ~/.claude.json's project entries and in its settings files.
type claudeSwitches struct {
	EnableAll bool     `json:"enableAllProjectMcpServers"`
	Enabled   []string `json:"enabledMcpjsonServers"`
	Disabled  []string `json:"disabledMcpjsonServers"`
}

// readClaudeApprovals reads the switches of the project in cwd: approvals
// from the user's own files, switch-offs from those and from the project's
// .claude/settings.json and .claude/settings.local.json.
func readClaudeApprovals(home, cwd string) (claudeApprovals, error) {
	ap := claudeApprovals{enabled: map[string]string{}, disabled: map[string]string{}}
	add := func(path string, sw claudeSwitches, mayEnable bool) {
		for _, n := range sw.Disabled {
			ap.disabled[n] = path
		}
		if !mayEnable {
			return
		}
		for _, n := range sw.Enabled {
			ap.enabled[n] = path
		}
		if sw.EnableAll && ap.enableAll == "" {
			ap.enableAll = path
		}
	}
	read := func(path string, v any) (bool, error) {
		data, err := config.ReadUntrusted(path, MaxFileBytes)
		if errors.Is(err, fs.ErrNotExist) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if err := json.Unmarshal(data, v); err != nil {
			return false, fmt.Errorf("%s: %w", path, err)
		}
		return true, nil
	}
	claudeJSON := filepath.Join(home, ".claude.json")
	var doc struct {
		Projects map[string]claudeSwitches `json:"projects"`
	}
	if ok, err := read(claudeJSON, &doc); err != nil {
		return ap, err
	} else if ok {
		add(claudeJSON+" (project "+cwd+")", doc.Projects[cwd], true)
	}
	for _, f := range []struct {
		path      string
		mayEnable bool
	}{
		{filepath.Join(home, ".claude", "settings.json"), true},
		{filepath.Join(cwd, ".claude", "settings.json"), false},
		{filepath.Join(cwd, ".claude", "settings.local.json"), false},
	} {
		var sw claudeSwitches
		if ok, err := read(f.path, &sw); err != nil {
			return ap, err
		} else if ok {
			add(f.path, sw, f.mayEnable)
		}
	}
	return ap, nil
}

// apply marks a .mcp.json server switched off or not approved.
func (ap claudeApprovals) apply(s *Server) {
	if where, off := ap.disabled[s.Name]; off {
		s.Disabled, s.DisabledBy = true, "disabledMcpjsonServers in "+where
		return
	}
	if _, on := ap.enabled[s.Name]; on || ap.enableAll != "" {
		return
	}
	s.Unapproved = true
}

// Skipped is a server Select left out, and why.
type Skipped struct {
	Server Server
	Reason string
}

// Select picks, among the servers of one agent, those to import: of the
// entries of one name, the most project-specific one (highest Rank) that
// is neither switched off nor unapproved. The others are returned with
// the reason, for the report.
func Select(servers []Server) ([]Server, []Skipped) {
	var skipped []Skipped
	best := map[string]int{} // name -> index in servers
	var order []string
	for i, s := range servers {
		switch {
		case s.Disabled:
			why := "switched off there"
			if s.DisabledBy != "" {
				why = "switched off in Claude Code (" + s.DisabledBy + ")"
			}
			skipped = append(skipped, Skipped{s, why})
			continue
		case s.Unapproved:
			skipped = append(skipped, Skipped{s, "not approved in Claude Code for this project: a project's .mcp.json servers run only once approved (enabledMcpjsonServers or enableAllProjectMcpServers in ~/.claude.json or ~/.claude/settings.json); to import it anyway, name the file: --from " + s.Origin})
			continue
		}
		j, seen := best[s.Name]
		if !seen {
			best[s.Name] = i
			order = append(order, s.Name)
			continue
		}
		if s.Rank > servers[j].Rank {
			skipped = append(skipped, Skipped{servers[j], "overridden by the more specific entry in " + s.Origin})
			best[s.Name] = i
		} else {
			skipped = append(skipped, Skipped{s, "overridden by the more specific entry in " + servers[j].Origin})
		}
	}
	chosen := make([]Server, 0, len(order))
	for _, n := range order {
		chosen = append(chosen, servers[best[n]])
	}
	return chosen, skipped
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
		local := convertJSON(path+" (project "+cwd+")", p.MCPServers)
		for i := range local {
			// The project scope outranks the user scope of the same file
			// (ReadAgent ranks it above the other files too).
			local[i].local, local[i].Rank = true, 1
		}
		out = append(out, local...)
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
	BearerToken       string            `toml:"bearer_token"`
	BearerTokenEnvVar string            `toml:"bearer_token_env_var"`
	HTTPHeaders       map[string]string `toml:"http_headers"`
	EnvHTTPHeaders    map[string]string `toml:"env_http_headers"`
	Enabled           *bool             `toml:"enabled"`
	StartupTimeoutSec float64           `toml:"startup_timeout_sec"`
	StartupTimeoutMS  float64           `toml:"startup_timeout_ms"`
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
			BearerToken:    c.BearerToken,
			TimeoutSeconds: c.ToolTimeoutSec, StartupSeconds: c.StartupTimeoutSec, DisabledTools: c.DisabledTools,
			Disabled: c.Enabled != nil && !*c.Enabled,
		}
		if s.StartupSeconds == 0 && c.StartupTimeoutMS > 0 {
			s.StartupSeconds = c.StartupTimeoutMS / 1000
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
