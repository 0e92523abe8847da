package main

import (
	"errors"
	"fmt"
	"io/fs"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane/config"
)

// trustOptions are the flags of `toolplane trust`.
type trustOptions struct {
	List   bool
	Revoke bool
}

func newTrustCmd(a *app) *cobra.Command {
	opts := &trustOptions{}
	cmd := &cobra.Command{
		Use:   "trust [PATH]",
		Short: "Trust a project's toolplane.toml, so commands run in its directory use it",
		Long: `A toolplane.toml in the current directory is not used until you trust it: a
config file starts programs (MCP servers, CLI binaries) with your rights, and
one that came with a cloned repository is not yours. Review the file, then

  toolplane trust [PATH]      record PATH (default ./toolplane.toml) as trusted

The record is the file's absolute path and the SHA-256 of its content, kept in
~/.toolplane/` + config.TrustFileName + `. A file that changes is untrusted again
until you trust it anew; toolplane's own edits (mcp add, cli allow, ...) keep
a trusted file trusted. Trust covers the file's bytes, not the programs it
names: a command inside the repository can still change.

--config PATH and $TOOLPLANE_CONFIG name a file explicitly and need no trust;
neither does ~/.toolplane/toolplane.toml.`,
		Example: `  toolplane trust
  toolplane trust ../other-project/toolplane.toml
  toolplane trust --list
  toolplane trust --revoke`,
		Args: usageArgs(cobra.MaximumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := config.FileName
			if len(args) == 1 {
				path = args[0]
			}
			return runTrust(a, opts, path, len(args) == 1)
		},
	}
	cmd.Flags().BoolVar(&opts.List, "list", false, "list the trusted files, and which changed since")
	cmd.Flags().BoolVar(&opts.Revoke, "revoke", false, "forget PATH (default ./toolplane.toml)")
	return cmd
}

func runTrust(a *app, opts *trustOptions, path string, named bool) error {
	a.withTerminalSafeOutput()
	ts, err := config.DefaultTrustStore()
	if err != nil {
		return err
	}
	switch {
	case opts.List && opts.Revoke:
		return usageErrorf("--list and --revoke do not go together")
	case opts.List:
		if named {
			return usageErrorf("--list takes no PATH")
		}
		return listTrusted(a, ts)
	case opts.Revoke:
		ok, err := ts.Revoke(path)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%s was not trusted; `toolplane trust --list` shows what is", path)
		}
		fmt.Fprintf(a.IO.Out, "%s is no longer trusted\n", path)
		return nil
	}
	// Parse and record the very bytes read once: what was checked is what
	// is trusted. The file is a project's, not yet trusted: a regular file
	// only (a FIFO or /dev/zero there is refused, not read).
	data, err := config.ReadUntrusted(path, config.MaxFileBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: no such file", path)
	}
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	l, err := a.loader()
	if err != nil {
		return err
	}
	cfg, err := l.Parse(path, data)
	if err != nil {
		return fmt.Errorf("%w\n(a file that does not validate is not trusted; fix it first)", err)
	}
	cfg.Path = path
	e, err := ts.Trust(path, data)
	if err != nil {
		return err
	}
	writeSummary(a.IO.Out, cfg)
	fmt.Fprintf(a.IO.Err, "trusted %s (sha256 %s): commands run in its directory use it while it is unchanged; `toolplane trust --revoke %s` forgets it\n", e.Path, e.SHA256[:12], path)
	return nil
}

// listTrusted prints each trusted file and whether it is still as trusted.
func listTrusted(a *app, ts *config.TrustStore) error {
	entries, err := ts.List()
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		fmt.Fprintln(a.IO.Err, "no trusted config files")
		return nil
	}
	tw := tabwriter.NewWriter(a.IO.Out, 0, 0, 2, ' ', 0)
	for _, e := range entries {
		state := "unchanged"
		data, err := config.ReadUntrusted(e.Path, config.MaxFileBytes)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			state = "missing"
		case err != nil:
			state = "unreadable: " + err.Error()
		case config.Hash(data) != e.SHA256:
			state = "changed since (untrusted until trusted again)"
		}
		fmt.Fprintf(tw, "%s\t%s\ttrusted %s\t%s\n", e.Path, e.SHA256[:12], e.Trusted.Local().Format("2006-01-02 15:04"), state)
	}
	return tw.Flush()
}
