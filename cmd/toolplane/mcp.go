package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/config"
)

func newMCPCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Configure upstream MCP servers",
		Long: `Edit the [mcp.servers.NAME] tables of toolplane.toml, keeping its comments.
add, remove, list and import never connect anywhere; status connects, and
login runs an OAuth login in the browser.`,
		Example: `  toolplane mcp add fs --command npx --arg -y --arg @modelcontextprotocol/server-filesystem --arg /tmp
  toolplane mcp add linear --url https://mcp.linear.app/mcp --auth oauth
  toolplane mcp list
  toolplane mcp status
  toolplane mcp login linear
  toolplane mcp import --from claude
  toolplane mcp remove fs`,
		Args: cobra.ArbitraryArgs,
		RunE: groupRun,
	}
	cmd.AddCommand(newMCPAddCmd(a), newMCPRemoveCmd(a), newMCPListCmd(a),
		newMCPStatusCmd(a), newMCPLoginCmd(a), newMCPLogoutCmd(a), newMCPImportCmd(a))
	return cmd
}

type mcpAddOptions struct {
	Command   string
	Args      []string
	Env       []string
	Cwd       string
	URL       string
	Transport string
	Auth      string
	Headers   []string
	Labels    []string
	Timeout   string
	Startup   string
	// StartupTimeout bounds the server's start (startup_timeout).
	StartupTimeout string
	Force          bool
}

func newMCPAddCmd(a *app) *cobra.Command {
	opts := &mcpAddOptions{}
	cmd := &cobra.Command{
		Use:   "add NAME (--command CMD [--arg A]... [--env K=V]... | --url URL [--auth oauth] [--header K=V]...)",
		Short: "Add an upstream MCP server",
		Long: `Add [mcp.servers.NAME]: a local server started as a command (stdio), or a
remote one at a URL (Streamable HTTP, or --transport sse). Its tools become
capabilities mcp:NAME/TOOL. Give secrets as references, never literals:
env://VAR reads toolplane's environment, keyring://name the OS keyring.`,
		Example: `  toolplane mcp add fs --command npx --arg -y --arg @modelcontextprotocol/server-filesystem --arg /tmp
  toolplane mcp add gh --command github-mcp --env GITHUB_TOKEN=env://GITHUB_TOKEN
  toolplane mcp add linear --url https://mcp.linear.app/mcp --auth oauth
  toolplane mcp add search --url https://search.example/mcp --header Authorization=env://SEARCH_AUTH --label team=web`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMCPAdd(a, args[0], opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Command, "command", "", "command that starts a local (stdio) server")
	f.StringArrayVar(&opts.Args, "arg", nil, "argument of --command (repeatable, in order; write --arg=--x for one that starts with --)")
	f.StringArrayVar(&opts.Env, "env", nil, "environment variable K=V of --command (repeatable; V may be env://VAR or keyring://name)")
	f.StringVar(&opts.Cwd, "cwd", "", "working directory of --command")
	f.StringVar(&opts.URL, "url", "", "URL of a remote server")
	f.StringVar(&opts.Transport, "transport", "", "transport of --url: http (Streamable HTTP, default) or sse")
	f.StringVar(&opts.Auth, "auth", "", "authentication of --url: oauth (log in with `toolplane mcp login`), or env://VAR / keyring://NAME holding a static bearer token (sent as Authorization: Bearer, to that URL's origin only)")
	f.StringArrayVar(&opts.Headers, "header", nil, "HTTP header K=V of --url (repeatable; V may be env://VAR or keyring://name)")
	f.StringArrayVar(&opts.Labels, "label", nil, "label K=V for the server's capabilities (repeatable)")
	f.StringVar(&opts.Timeout, "timeout", "", `per-call timeout, e.g. "30s"`)
	f.StringVar(&opts.StartupTimeout, "startup-timeout", "", `how long the server may take to start and list its tools, e.g. "2m" (default 30s; 5m for npx, uvx and other package runners)`)
	f.StringVar(&opts.Startup, "startup", "", "when to start --command: lazy (default) or eager")
	f.BoolVar(&opts.Force, "force", false, "replace a server of the same name")
	return cmd
}

// parsePairs reads repeated K=V flags.
func parsePairs(flag string, pairs []string) (map[string]string, error) {
	if len(pairs) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for _, p := range pairs {
		k, v, ok := strings.Cut(p, "=")
		if !ok || k == "" {
			return nil, usageErrorf("--%s %q: want KEY=VALUE", flag, p)
		}
		if _, dup := out[k]; dup {
			return nil, usageErrorf("--%s: %s given twice", flag, k)
		}
		out[k] = v
	}
	return out, nil
}

// serverKVs turns validated flags into the key/value lines of the new
// table, in a fixed readable order.
func (o *mcpAddOptions) serverKVs() ([][2]string, []string, error) {
	var kvs [][2]string
	var warnings []string
	add := func(key string, v any) error {
		s, err := config.TOMLValue(v)
		if err != nil {
			return err
		}
		kvs = append(kvs, [2]string{key, s})
		return nil
	}
	pairs := map[string]map[string]string{}
	for flag, vals := range map[string][]string{"env": o.Env, "header": o.Headers, "label": o.Labels} {
		m, err := parsePairs(flag, vals)
		if err != nil {
			return nil, nil, err
		}
		pairs[flag] = m
		if flag == "label" {
			continue
		}
		for _, k := range slices.Sorted(mapsKeys(m)) {
			if !config.Secret(m[k]).IsRef() && config.LooksSecret(k) {
				warnings = append(warnings, fmt.Sprintf("warning: --%s %s is a literal; prefer a reference such as %s=env://%s so the secret stays out of the file", flag, k, k, strings.ToUpper(strings.ReplaceAll(k, "-", "_"))))
			}
		}
	}
	var err error
	set := func(key string, v any, when bool) {
		if when && err == nil {
			err = add(key, v)
		}
	}
	set("command", o.Command, o.Command != "")
	set("args", o.Args, len(o.Args) > 0)
	set("env", pairs["env"], len(pairs["env"]) > 0)
	set("cwd", o.Cwd, o.Cwd != "")
	set("startup", o.Startup, o.Startup != "")
	set("url", o.URL, o.URL != "")
	set("transport", o.Transport, o.Transport != "")
	set("auth", o.Auth, o.Auth != "")
	set("headers", pairs["header"], len(pairs["header"]) > 0)
	set("labels", pairs["label"], len(pairs["label"]) > 0)
	set("timeout", o.Timeout, o.Timeout != "")
	set("startup_timeout", o.StartupTimeout, o.StartupTimeout != "")
	return kvs, warnings, err
}

func mapsKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// checkFlags catches contradictory flags before the file is read, as usage
// errors; config validation would catch them too, but later and with the
// positions of a file the user did not write.
func (o *mcpAddOptions) checkFlags(name string) error {
	if !config.ValidServerName(name) {
		return usageErrorf("server name %q must start with a letter and contain only letters, digits, '_' and '-'", name)
	}
	switch {
	case o.Command != "" && o.URL != "":
		return usageErrorf("give either --command (a local server) or --url (a remote one), not both")
	case o.Command == "" && o.URL == "":
		return usageErrorf("give --command CMD for a local server or --url URL for a remote one")
	}
	stdioOnly := map[string]bool{"--arg": len(o.Args) > 0, "--env": len(o.Env) > 0, "--cwd": o.Cwd != "", "--startup": o.Startup != ""}
	urlOnly := map[string]bool{"--transport": o.Transport != "", "--auth": o.Auth != "", "--header": len(o.Headers) > 0}
	for _, f := range []string{"--arg", "--env", "--cwd", "--startup"} {
		if o.URL != "" && stdioOnly[f] {
			return usageErrorf("%s applies to --command servers, not --url", f)
		}
	}
	for _, f := range []string{"--transport", "--auth", "--header"} {
		if o.Command != "" && urlOnly[f] {
			return usageErrorf("%s applies to --url servers, not --command", f)
		}
	}
	if o.Transport != "" && o.Transport != "http" && o.Transport != "sse" {
		return usageErrorf("--transport %q: want http or sse", o.Transport)
	}
	if o.Auth != "" && o.Auth != "oauth" && !config.Secret(o.Auth).IsRef() {
		return usageErrorf("--auth: want oauth, or a static bearer token reference env://VAR or keyring://NAME (a literal token does not belong in the config; the value is not shown)")
	}
	if o.Startup != "" && o.Startup != "lazy" && o.Startup != "eager" {
		return usageErrorf("--startup %q: want lazy or eager", o.Startup)
	}
	if o.StartupTimeout != "" {
		if d, err := time.ParseDuration(o.StartupTimeout); err != nil || d <= 0 {
			return usageErrorf("--startup-timeout %q: want a positive duration such as 2m", o.StartupTimeout)
		}
	}
	if o.Timeout != "" {
		if _, err := time.ParseDuration(o.Timeout); err != nil {
			return usageErrorf("--timeout %q: want a duration like 30s or 2m", o.Timeout)
		}
	}
	return nil
}

func runMCPAdd(a *app, name string, o *mcpAddOptions) error {
	if err := o.checkFlags(name); err != nil {
		return err
	}
	kvs, warnings, err := o.serverKVs()
	if err != nil {
		return err
	}
	table := []string{"mcp", "servers", name}
	cfg, err := a.update(func(cur *config.Config, e *config.Edit) error {
		if _, exists := cur.MCP.Servers[name]; exists {
			if !o.Force {
				return fmt.Errorf("MCP server %q is already configured; remove it first (toolplane mcp remove %s) or pass --force to replace it", name, name)
			}
			if !e.RemoveTable(table) {
				return fmt.Errorf("MCP server %q is defined in a form this editor does not rewrite (dotted keys or an inline table); edit it by hand", name)
			}
		}
		e.AppendTable(table, kvs)
		return nil
	})
	if err != nil {
		return err
	}
	for _, w := range warnings {
		fmt.Fprintln(a.IO.Err, w)
	}
	fmt.Fprintf(a.IO.Out, "added MCP server %s to %s\n", name, cfg.Path)
	writeServers(a.IO.Out, onlyServer(cfg, name), "  ")
	return nil
}

// onlyServer is cfg narrowed to one server, for printing it.
func onlyServer(cfg *config.Config, name string) *config.Config {
	c := *cfg
	c.MCP.Servers = map[string]config.MCPServer{name: cfg.MCP.Servers[name]}
	return &c
}

func newMCPRemoveCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:     "remove NAME",
		Short:   "Remove an upstream MCP server",
		Long:    `Remove [mcp.servers.NAME] with its tool overrides and the comments directly above them.`,
		Example: `  toolplane mcp remove fs`,
		Args:    usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := args[0]
			cfg, err := a.update(func(cur *config.Config, e *config.Edit) error {
				if _, ok := cur.MCP.Servers[name]; !ok {
					known := "none are configured"
					if names := cur.ServerNames(); len(names) > 0 {
						known = "configured: " + strings.Join(names, ", ")
					}
					return fmt.Errorf("no MCP server %q in %s (%s)", name, cur.Path, known)
				}
				if !e.RemoveTable([]string{"mcp", "servers", name}) {
					return fmt.Errorf("MCP server %q is defined in a form this editor does not rewrite (dotted keys or an inline table); edit it by hand", name)
				}
				return nil
			})
			if err != nil {
				return err
			}
			if _, still := cfg.MCP.Servers[name]; still {
				return fmt.Errorf("MCP server %q is still defined elsewhere in %s (dotted keys or an inline table); remove it by hand", name, cfg.Path)
			}
			fmt.Fprintf(a.IO.Out, "removed MCP server %s from %s\n", name, cfg.Path)
			return nil
		},
	}
}

func newMCPListCmd(a *app) *cobra.Command {
	var tools, asJSON bool
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the configured MCP servers, without connecting",
		Long: `List each configured server with its transport and command or URL. It reads
only the config file; 'toolplane mcp status' is the one that connects. With
--tools, each server's tools are listed as last seen (by status, serve or
run), still without connecting. With --json the list is one JSON array
(secrets as the references written, literals hidden).`,
		Example: `  toolplane mcp list
  toolplane mcp list --tools
  toolplane mcp list --json`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			a.withTerminalSafeOutput()
			cfg, err := a.loadConfig()
			if err != nil {
				return err
			}
			if asJSON {
				return writeServersJSON(cmd.Context(), a, cfg, tools)
			}
			if len(cfg.MCP.Servers) == 0 {
				fmt.Fprintf(a.IO.Err, "no MCP servers in %s; add one with `toolplane mcp add`\n", cfg.Path)
				return nil
			}
			writeServers(a.IO.Out, cfg, "")
			if tools {
				return writeCachedTools(cmd.Context(), a, cfg)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&tools, "tools", false, "also list each server's tools as last seen, without connecting")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the servers as one JSON array")
	return cmd
}

// writeServersJSON prints the servers (and with tools their cached
// catalogs) as one JSON array.
func writeServersJSON(ctx context.Context, a *app, cfg *config.Config, tools bool) error {
	list := serversJSON(cfg)
	if tools && len(list) > 0 {
		mgr, err := toolplane.NewMCPManager(ctx, cfg, a.openOptions(nil))
		if err != nil {
			return err
		}
		defer mgr.Close()
		caps, servers := mgr.OfflineCapabilities()
		byServer := map[string]*cachedToolsJSON{}
		for _, s := range servers {
			ct := &cachedToolsJSON{Known: s.Cached, Names: []string{}}
			if s.Cached {
				ct.ListedAt = s.ListedAt.UTC().Format(time.RFC3339)
			}
			byServer[s.Name] = ct
		}
		for _, c := range caps {
			server, tool, _ := strings.Cut(strings.TrimPrefix(c.ID, "mcp:"), "/")
			if ct := byServer[server]; ct != nil {
				ct.Names = append(ct.Names, tool)
			}
		}
		for i := range list {
			list[i].Tools = byServer[list[i].Name]
		}
	}
	return writeJSON(a.IO.Out, list)
}

// writeCachedTools prints the tools of each server from the catalog cache.
func writeCachedTools(ctx context.Context, a *app, cfg *config.Config) error {
	mgr, err := toolplane.NewMCPManager(ctx, cfg, a.openOptions(nil))
	if err != nil {
		return err
	}
	defer mgr.Close()
	caps, servers := mgr.OfflineCapabilities()
	byServer := map[string][]string{}
	for _, c := range caps {
		server, tool, _ := strings.Cut(strings.TrimPrefix(c.ID, "mcp:"), "/")
		byServer[server] = append(byServer[server], tool)
	}
	fmt.Fprintln(a.IO.Out)
	for _, s := range servers {
		if !s.Cached {
			fmt.Fprintf(a.IO.Out, "%s: tools not known yet (`toolplane mcp status %s` lists them)\n", s.Name, s.Name)
			continue
		}
		fmt.Fprintf(a.IO.Out, "%s: %d tool(s) as of %s: %s\n", s.Name, len(byServer[s.Name]), s.ListedAt.UTC().Format(time.RFC3339), strings.Join(byServer[s.Name], ", "))
	}
	return nil
}
