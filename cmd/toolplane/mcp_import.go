package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/importer"
	"github.com/toolplane/toolplane/secrets"
	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// mcpImportOptions are the flags of `mcp import`.
type mcpImportOptions struct {
	From      string
	DryRun    bool
	Yes       bool
	Force     bool
	Plaintext bool
	Verbatim  bool
}

func newMCPImportCmd(a *app) *cobra.Command {
	opts := &mcpImportOptions{}
	cmd := &cobra.Command{
		Use:   "import [--from claude|claude-desktop|codex|cursor|PATH] [--dry-run] [--yes] [--force] [--verbatim] [--plaintext]",
		Short: "Import MCP servers from other agents' configs",
		Long: `Read the MCP servers other agents define and add them to toolplane.toml,
keeping its comments (atomic write). The source files are never changed.

  claude          ~/.claude.json (user scope, and this directory's project
                  scope) and ./.mcp.json
  claude-desktop  claude_desktop_config.json
  codex           ~/.codex/config.toml ($CODEX_HOME) and ./.codex/config.toml
  cursor          ~/.cursor/mcp.json and ./.cursor/mcp.json
  PATH            one such file

Without --from, all of them are read. Which entry is taken, and which are
skipped (each skipped one is reported with the reason):

  - of one name within an agent, the most project-specific entry wins: a
    file in this directory over one in your home; for Claude Code, its
    project ("local") scope in ~/.claude.json over ./.mcp.json over its
    user scope. Across agents, the first agent in the list above wins;
  - servers switched off in the agent are skipped: Codex's enabled = false,
    a "disabled" entry, Claude Code's disabledMcpjsonServers;
  - a ./.mcp.json server Claude Code was never told to run (not in
    enabledMcpjsonServers, no enableAllProjectMcpServers, in ~/.claude.json
    or ~/.claude/settings.json) is skipped: it came with the project. A
    project's own .claude/settings*.json can switch servers off, never on.
    --from ./.mcp.json imports the file regardless;
  - a name already in toolplane.toml is skipped; --force replaces it.

An imported file is data, not instructions: a .mcp.json in a cloned
repository is written by whoever controls that repository. So:

  - literal credentials are never written: every header value, Codex's
    bearer_token, and env values that look like credentials are kept in
    toolplane's secret store under a fresh name (mcp-SERVER-KEY, never a
    name in use) and written as keyring://NAME references. With no usable
    store (no OS keyring and no $TOOLPLANE_STORAGE_KEY) they become env://VAR
    references to fresh variables you set, listed at the end. --plaintext
    writes them as literals instead, with a warning for each;
  - references are never followed: a server whose env or headers hold an
    env:// or keyring:// reference is skipped (add it yourself with
    'toolplane mcp add'), and the agents' own \${VAR} references, Codex's
    env_http_headers, bearer_token_env_var and env_vars become references
    to fresh variables that nothing holds yet, which you set on purpose
    (toolplane expands no \${VAR} anywhere);
  - a url with credentials in it (user:password@) is skipped;
  - before anything is written, every server is shown plainly: the program
    it runs (with your rights, whenever toolplane starts it) or the URL it
    connects to, and each env value, header and token it would be sent. On
    a terminal you confirm; otherwise pass --yes after reviewing.

Rewrites, each reported on one line:

  - an mcp-remote or fastmcp-remote wrapper (npx -y mcp-remote@latest URL,
    uvx fastmcp-remote URL, with --header K:V and --transport) becomes
    url = URL with auth = "oauth" (log in with 'toolplane mcp login NAME'),
    or with its Authorization header instead; a wrapper with env or other
    flags stays a command. --verbatim keeps every wrapper as written;
  - Codex: bearer_token and bearer_token_env_var become auth (a static
    bearer token reference, sent as Authorization: Bearer), http_headers
    headers, env_http_headers references, tool_timeout_sec timeout,
    startup_timeout_sec (or startup_timeout_ms) startup_timeout,
    disabled_tools tool overrides;
  - a name toolplane does not accept is renamed (local.db -> local-db).

--dry-run prints the tables that would be added and changes nothing (it
opens no secret store, so the keyring:// names it shows are tentative).`,
		Example: `  toolplane mcp import --dry-run
  toolplane mcp import --from claude
  toolplane mcp import --from codex --force --yes
  toolplane mcp import --from ~/.cursor/mcp.json --verbatim --yes`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMCPImport(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.From, "from", "", "claude, claude-desktop, codex, cursor, or a config file (default: all agents)")
	cmd.Flags().BoolVar(&opts.DryRun, "dry-run", false, "print what would be added; write and store nothing")
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "write without asking (after reviewing a --dry-run)")
	cmd.Flags().BoolVar(&opts.Force, "force", false, "replace servers of the same name already in toolplane.toml")
	cmd.Flags().BoolVar(&opts.Plaintext, "plaintext", false, "write literal credentials into toolplane.toml as they are, not into the secret store (the file then holds secrets: do not commit or share it)")
	cmd.Flags().BoolVar(&opts.Verbatim, "verbatim", false, "keep commands and URLs as written: mcp-remote/fastmcp-remote wrappers stay commands")
	return cmd
}

// importSource is one agent's (or one file's) servers, selected.
type importSource struct {
	servers []importer.Server
	skipped []importer.Skipped
}

func runMCPImport(ctx context.Context, a *app, opts *mcpImportOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return fmt.Errorf("mcp import: finding the home directory: %w", err)
	}
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("mcp import: %w", err)
	}
	var sources []importSource
	var read []string
	readAgent := func(agent string) error {
		s, r, err := importer.ReadAgent(agent, home, cwd)
		if err != nil {
			return err
		}
		chosen, skipped := importer.Select(s)
		sources = append(sources, importSource{chosen, skipped})
		read = append(read, r...)
		return nil
	}
	switch {
	case opts.From == "":
		for _, agent := range importer.Agents() {
			if err := readAgent(agent); err != nil {
				return err
			}
		}
	case slices.Contains(importer.Agents(), opts.From):
		if err := readAgent(opts.From); err != nil {
			return err
		}
	default:
		if !strings.ContainsAny(opts.From, `/\`) && filepath.Ext(opts.From) == "" {
			return usageErrorf("--from %q: want one of %s, or a config file", opts.From, strings.Join(importer.Agents(), ", "))
		}
		servers, err := importer.ReadFile(opts.From, cwd)
		if err != nil {
			return fmt.Errorf("mcp import: %w", err)
		}
		// A named file: its own switch-offs count; of one name, its later
		// entry (a project scope) wins.
		chosen, skipped := importer.Select(servers)
		sources = append(sources, importSource{chosen, skipped})
		read = []string{opts.From}
	}
	if len(read) == 0 {
		return fmt.Errorf("mcp import: no agent config found (looked for Claude Code, Claude Desktop, Codex and Cursor files under %s and %s); pass --from PATH", home, cwd)
	}

	path, l, err := a.pathAndLoader()
	if err != nil {
		return err
	}
	cur, err := l.Load(path)
	if err != nil {
		return err
	}

	// Literal credentials go to the secret store. A dry run opens none (so
	// the names it shows are tentative); a store that cannot be opened
	// leaves them to fresh env:// variables, said loudly.
	convOpts := importer.ConvertOptions{Taken: takenNames(path), Plaintext: opts.Plaintext, Verbatim: opts.Verbatim}
	var store *secrets.Opened
	switch {
	case opts.Plaintext:
	case opts.DryRun:
		convOpts.KeyringTaken = func(string) bool { return false }
	default:
		st, err := newServeStores(a).secrets.Open(ctx)
		if err != nil {
			fmt.Fprintf(a.IO.Err, "toolplane: warning: no secret store can keep imported credentials (%v); they become env:// variables you set instead\n", err)
			break
		}
		store = st
		convOpts.KeyringTaken = func(name string) bool {
			_, err := st.Get(ctx, name)
			return !errors.Is(err, secrets.ErrNotFound) // unreadable: do not risk it
		}
	}

	conv := importer.NewConverter(convOpts)
	var plans []*importer.Plan
	replace := map[string]bool{}
	taken := map[string]string{} // name -> origin, within this import
	for _, src := range sources {
		for _, sk := range src.skipped {
			fmt.Fprintln(a.IO.Err, showLine(fmt.Sprintf("skipped %s (%s): %s", sk.Server.Name, sk.Server.Origin, sk.Reason)))
		}
		for _, s := range src.servers {
			name := importer.ServerName(s.Name)
			if origin, dup := taken[name]; dup {
				fmt.Fprintln(a.IO.Err, showLine(fmt.Sprintf("skipped %s (%s): already imported from %s", name, s.Origin, origin)))
				continue
			}
			if _, exists := cur.MCP.Servers[name]; exists && !opts.Force {
				fmt.Fprintln(a.IO.Err, showLine(fmt.Sprintf("skipped %s (%s): already configured in %s (--force replaces it)", name, s.Origin, path)))
				continue
			}
			p, err := conv.Convert(s)
			if err != nil {
				fmt.Fprintln(a.IO.Err, showLine(fmt.Sprintf("skipped %s: %v", s.Name, err)))
				continue
			}
			if _, exists := cur.MCP.Servers[p.Name]; exists {
				replace[p.Name] = true
			}
			taken[p.Name] = s.Origin
			plans = append(plans, p)
		}
	}
	if len(plans) == 0 {
		fmt.Fprintln(a.IO.Err, showLine("nothing to import from "+strings.Join(read, ", ")))
		return nil
	}

	writeImportReview(terminalSafe(a.IO.Err), plans, replace, store != nil || opts.DryRun)
	if opts.DryRun {
		fmt.Fprint(a.IO.Out, importer.Render(plans))
	} else {
		_, tty := terminalFd(a.IO.In)
		switch {
		case opts.Yes:
		case tty:
			ok, err := confirm(a, fmt.Sprintf("Add these %d server(s) to %s?", len(plans), path))
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("nothing was written")
			}
		default:
			return fmt.Errorf("nothing was written: review the servers above, then run `toolplane mcp import` again with --yes (or --dry-run to see the tables)")
		}
		stored, err := storeImported(ctx, store, plans)
		if err != nil {
			return err
		}
		_, err = l.Update(path, func(cur *config.Config, e *config.Edit) error {
			for _, p := range plans {
				table := []string{"mcp", "servers", p.Name}
				if _, exists := cur.MCP.Servers[p.Name]; exists {
					if !replace[p.Name] {
						return fmt.Errorf("MCP server %q appeared in %s while importing; run the import again", p.Name, path)
					}
					if !e.RemoveTable(table) {
						return fmt.Errorf("MCP server %q in %s is defined in a form this editor does not rewrite (dotted keys or an inline table); remove it by hand, then import again", p.Name, path)
					}
				}
				for _, t := range p.Tables {
					e.AppendTable(t.Path, t.KVs)
				}
			}
			return nil
		})
		if err != nil {
			for _, name := range stored {
				_ = store.Delete(ctx, name)
			}
			return err
		}
	}
	verb, replaced := "imported", "replaced"
	if opts.DryRun {
		verb, replaced = "would import", "would replace"
	}
	for _, p := range plans {
		v := verb
		if replace[p.Name] {
			v = replaced
		}
		fmt.Fprintln(a.IO.Err, showLine(fmt.Sprintf("%s %s from %s", v, p.Name, p.Source.Origin)))
		for _, r := range p.Rewrites {
			fmt.Fprintln(a.IO.Err, showLine("  rewrote: "+r))
		}
		for _, n := range p.Notes {
			fmt.Fprintln(a.IO.Err, showLine("  note: "+n))
		}
		for _, w := range p.Plaintext {
			fmt.Fprintln(a.IO.Err, showLine(fmt.Sprintf("  WARNING: %s is written to %s as a literal credential (--plaintext): anyone who reads the file (a commit, a backup, a shared screen) has it", w, path)))
		}
	}
	var env []importer.EnvToSet
	for _, p := range plans {
		env = append(env, p.Env...)
	}
	if len(env) > 0 {
		fmt.Fprintf(a.IO.Err, "\nSet these environment variables where toolplane runs (or store the value with\n`toolplane secret set NAME` and change env://VAR to keyring://NAME):\n")
		for _, e := range env {
			fmt.Fprintln(a.IO.Err, showLine(fmt.Sprintf("  %s  for %s: %s", e.Name, e.For, e.Hint)))
		}
	}
	if !opts.DryRun {
		fmt.Fprintf(a.IO.Out, "imported %d MCP server(s) into %s\n", len(plans), path)
	}
	return nil
}

// storeImported keeps the literal credentials of the plans in the secret
// store, each under the fresh name its plan chose. A name that appeared
// in the store since is not overwritten: the import stops, and what it
// stored is deleted again. It returns the names stored.
func storeImported(ctx context.Context, store *secrets.Opened, plans []*importer.Plan) ([]string, error) {
	var stored []string
	undo := func() {
		for _, n := range stored {
			_ = store.Delete(ctx, n)
		}
	}
	for _, p := range plans {
		for _, sec := range p.Store {
			if store == nil {
				return nil, fmt.Errorf("mcp import: no secret store to keep %s in", sec.For)
			}
			if _, err := store.Get(ctx, sec.Name); !errors.Is(err, secrets.ErrNotFound) {
				undo()
				return nil, fmt.Errorf("mcp import: the secret %s appeared in %s while importing (or cannot be read: %v); nothing was written, run the import again", sec.Name, store.Where(), err)
			}
			if err := store.Set(ctx, sec.Name, sec.Value); err != nil {
				undo()
				return nil, fmt.Errorf("mcp import: keeping %s in %s: %w; nothing was written", sec.For, store.Where(), err)
			}
			stored = append(stored, sec.Name)
		}
	}
	return stored, nil
}

// envRef matches the env:// references of a config file.
// It is compiled on first use: package initialisation runs in every toolplane process.
var envRef = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`env://([A-Za-z_][A-Za-z0-9_]*)`) })

// takenNames reports the variable names an import must not choose: those
// set in the environment now, and those the config at path reads already
// (any section, claimed ones included).
func takenNames(path string) func(string) bool {
	read := map[string]bool{}
	if data, err := config.ReadBounded(path, config.MaxFileBytes); err == nil {
		for _, m := range envRef().FindAllStringSubmatch(string(data), -1) {
			read[m[1]] = true
		}
	}
	return func(name string) bool {
		_, set := os.LookupEnv(name)
		return set || read[name]
	}
}

// writeImportReview shows, per server, what it runs or connects to and
// what it would be sent, so the user confirms knowing.
func writeImportReview(w io.Writer, plans []*importer.Plan, replace map[string]bool, storing bool) {
	fmt.Fprintln(w, "Review what each server would run or be sent:")
	for _, p := range plans {
		s := p.Source
		extra := ""
		if replace[p.Name] {
			extra = ", replacing the server of that name (--force)"
		}
		fmt.Fprintf(w, "\n  %s  (from %s%s)\n", p.Name, showWord(s.Origin), extra)
		if s.Command != "" {
			fmt.Fprintf(w, "    runs      %s\n", showArgv(append([]string{s.Command}, mcpsrc.ShownArgs(s.Args)...)))
			fmt.Fprintln(w, "              a program on this machine, started with your rights whenever toolplane uses this server")
			if s.Cwd != "" {
				fmt.Fprintf(w, "    cwd       %s\n", showWord(s.Cwd))
			}
		} else {
			fmt.Fprintf(w, "    connects  %s\n", showWord(mcpsrc.ShownURL(s.URL)))
			if s.Auth == "oauth" {
				fmt.Fprintf(w, "    auth      oauth (log in once: toolplane mcp login %s)\n", p.Name)
			}
		}
		kept := map[string]bool{}
		for _, sec := range p.Store {
			kept[sec.Name] = true
		}
		for _, send := range p.Sends {
			value := showQuoted(send.Value)
			if name, ok := strings.CutPrefix(send.Value, "env://"); ok {
				state := "not set now"
				if _, set := os.LookupEnv(name); set {
					state = "set now: its value would be sent"
				}
				value = fmt.Sprintf("%s (%s)", send.Value, state)
			} else if name, ok := strings.CutPrefix(send.Value, "keyring://"); ok && kept[name] {
				state := "the value in the file, kept in the secret store when you confirm"
				if !storing {
					state = "the value in the file"
				}
				value = fmt.Sprintf("%s (%s)", send.Value, state)
			}
			fmt.Fprintf(w, "    %-9s %s = %s\n", send.Kind, showWord(send.Key), value)
		}
		for _, lit := range p.Plaintext {
			fmt.Fprintf(w, "    WARNING   %s would be written as a literal credential (--plaintext)\n", lit)
		}
	}
	fmt.Fprintln(w)
}
