package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/importer"
)

// mcpImportOptions are the flags of `mcp import`.
type mcpImportOptions struct {
	From   string
	DryRun bool
	Yes    bool
}

func newMCPImportCmd(a *app) *cobra.Command {
	opts := &mcpImportOptions{}
	cmd := &cobra.Command{
		Use:   "import [--from claude|claude-desktop|codex|cursor|PATH] [--dry-run]",
		Short: "Import MCP servers from other agents' configs",
		Long: `Read the MCP servers other agents define and add them to toolplane.toml,
keeping its comments (atomic write):

  claude          ~/.claude.json (user scope, and this directory's project
                  scope) and ./.mcp.json
  claude-desktop  claude_desktop_config.json
  codex           ~/.codex/config.toml ($CODEX_HOME) and ./.codex/config.toml
  cursor          ~/.cursor/mcp.json and ./.cursor/mcp.json
  PATH            one such file

Without --from, all of them are read. Servers whose name is already
configured are skipped, as are servers switched off in the agent.

An imported file is data, not instructions: a .mcp.json in a cloned
repository is written by whoever controls that repository. So:

  - literal secrets are never copied: a credential in env or headers becomes
    an env://VAR reference, and the variables to set are listed at the end;
  - references are never followed: a server whose env or headers hold an
    env:// or keyring:// reference is skipped (add it yourself with
    'toolplane mcp add'), and the agents' own \${VAR} references become
    references to fresh variables that nothing holds yet, which you set on
    purpose (toolplane expands no \${VAR} anywhere);
  - a url with credentials in it (user:password@) is skipped;
  - before anything is written, every server is shown plainly: the program
    it runs (with your rights, whenever toolplane starts it) or the URL it
    connects to, and each env value and header it would be sent. On a
    terminal you confirm; otherwise pass --yes after reviewing.

--dry-run prints the tables that would be added and changes nothing.`,
		Example: `  toolplane mcp import --dry-run
  toolplane mcp import --from claude
  toolplane mcp import --from ~/.cursor/mcp.json --yes`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMCPImport(a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.From, "from", "", "claude, claude-desktop, codex, cursor, or a config file (default: all agents)")
	cmd.Flags().BoolVar(&opts.DryRun, "dry-run", false, "print what would be added; write nothing")
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "write without asking (after reviewing a --dry-run)")
	return cmd
}

func runMCPImport(a *app, opts *mcpImportOptions) error {
	home, err := os.UserHomeDir()
	if err != nil {
		return fmt.Errorf("mcp import: finding the home directory: %w", err)
	}
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("mcp import: %w", err)
	}
	var servers []importer.Server
	var read []string
	switch {
	case opts.From == "":
		for _, agent := range importer.Agents() {
			s, r, err := importer.ReadAgent(agent, home, cwd)
			if err != nil {
				return err
			}
			servers, read = append(servers, s...), append(read, r...)
		}
	case slices.Contains(importer.Agents(), opts.From):
		servers, read, err = importer.ReadAgent(opts.From, home, cwd)
		if err != nil {
			return err
		}
	default:
		if !strings.ContainsAny(opts.From, `/\`) && filepath.Ext(opts.From) == "" {
			return usageErrorf("--from %q: want one of %s, or a config file", opts.From, strings.Join(importer.Agents(), ", "))
		}
		servers, err = importer.ReadFile(opts.From, cwd)
		if err != nil {
			return fmt.Errorf("mcp import: %w", err)
		}
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

	conv := importer.NewConverter(takenNames(path))
	var plans []*importer.Plan
	taken := map[string]string{} // name -> origin, within this import
	for _, s := range servers {
		if s.Disabled {
			fmt.Fprintf(a.IO.Err, "skipped %s (%s): switched off there\n", s.Name, s.Origin)
			continue
		}
		p, err := conv.Convert(s)
		if err != nil {
			fmt.Fprintf(a.IO.Err, "skipped %s: %v\n", s.Name, err)
			continue
		}
		if _, exists := cur.MCP.Servers[p.Name]; exists {
			fmt.Fprintf(a.IO.Err, "skipped %s (%s): already configured in %s\n", p.Name, s.Origin, path)
			continue
		}
		if origin, dup := taken[p.Name]; dup {
			fmt.Fprintf(a.IO.Err, "skipped %s (%s): already imported from %s\n", p.Name, s.Origin, origin)
			continue
		}
		taken[p.Name] = s.Origin
		plans = append(plans, p)
	}
	if len(plans) == 0 {
		fmt.Fprintf(a.IO.Err, "nothing to import from %s\n", strings.Join(read, ", "))
		return nil
	}

	writeImportReview(a.IO.Err, plans)
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
		_, err = l.Update(path, func(cur *config.Config, e *config.Edit) error {
			for _, p := range plans {
				if _, exists := cur.MCP.Servers[p.Name]; exists {
					return fmt.Errorf("MCP server %q appeared in %s while importing; run the import again", p.Name, path)
				}
				for _, t := range p.Tables {
					e.AppendTable(t.Path, t.KVs)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	verb := "imported"
	if opts.DryRun {
		verb = "would import"
	}
	for _, p := range plans {
		fmt.Fprintf(a.IO.Err, "%s %s from %s\n", verb, p.Name, p.Source.Origin)
		for _, n := range p.Notes {
			fmt.Fprintf(a.IO.Err, "  note: %s\n", n)
		}
	}
	var env []importer.EnvToSet
	for _, p := range plans {
		env = append(env, p.Env...)
	}
	if len(env) > 0 {
		fmt.Fprintf(a.IO.Err, "\nSecrets were not copied. Set these environment variables where toolplane runs\n(or store them with `toolplane secret set` and change env://NAME to keyring://NAME):\n")
		for _, e := range env {
			fmt.Fprintf(a.IO.Err, "  %s  for %s: %s\n", e.Name, e.For, e.Hint)
		}
	}
	if !opts.DryRun {
		fmt.Fprintf(a.IO.Out, "imported %d MCP server(s) into %s\n", len(plans), path)
	}
	return nil
}

// envRef matches the env:// references of a config file.
var envRef = regexp.MustCompile(`env://([A-Za-z_][A-Za-z0-9_]*)`)

// takenNames reports the variable names an import must not choose: those
// set in the environment now, and those the config at path reads already
// (any section, claimed ones included).
func takenNames(path string) func(string) bool {
	read := map[string]bool{}
	if data, err := config.ReadBounded(path, config.MaxFileBytes); err == nil {
		for _, m := range envRef.FindAllStringSubmatch(string(data), -1) {
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
func writeImportReview(w io.Writer, plans []*importer.Plan) {
	fmt.Fprintln(w, "Review what each server would run or be sent:")
	for _, p := range plans {
		s := p.Source
		fmt.Fprintf(w, "\n  %s  (from %s)\n", p.Name, s.Origin)
		if s.Command != "" {
			fmt.Fprintf(w, "    runs      %s\n", showArgv(append([]string{s.Command}, s.Args...)))
			fmt.Fprintln(w, "              a program on this machine, started with your rights whenever toolplane uses this server")
			if s.Cwd != "" {
				fmt.Fprintf(w, "    cwd       %s\n", showWord(s.Cwd))
			}
		} else {
			fmt.Fprintf(w, "    connects  %s\n", showWord(s.URL))
		}
		for _, send := range p.Sends {
			value := showQuoted(send.Value)
			if name, ok := strings.CutPrefix(send.Value, "env://"); ok {
				state := "not set now"
				if _, set := os.LookupEnv(name); set {
					state = "set now: its value would be sent"
				}
				value = fmt.Sprintf("%s (%s)", send.Value, state)
			}
			fmt.Fprintf(w, "    %-9s %s = %s\n", send.Kind, showWord(send.Key), value)
		}
	}
	fmt.Fprintln(w)
}
