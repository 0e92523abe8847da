package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
)

var cliTable = []string{"cli"}

func newCLICmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "cli",
		Short: "Choose which command-line binaries snippets may run",
		Long: `Edit the [cli] policy of toolplane.toml, keeping its comments:
  disabled   no binaries (the default)
  allowlist  exactly the binaries in cli.allow
  ambient    any binary on PATH (development only; serving needs --unsafe)`,
		Example: `  toolplane cli allow git rg
  toolplane cli disallow rg
  toolplane cli mode disabled`,
		Args: cobra.ArbitraryArgs,
		RunE: groupRun,
	}
	cmd.AddCommand(newCLIAllowCmd(a), newCLIDisallowCmd(a), newCLIModeCmd(a))
	return cmd
}

// checkBinaries rejects anything but bare names before touching the file.
func checkBinaries(bins []string) error {
	for _, b := range bins {
		if !config.ValidBinaryName(b) {
			return usageErrorf("%q is not a bare binary name (no paths, spaces or shell characters); give the name and let PATH resolve it", b)
		}
	}
	return nil
}

func newCLIAllowCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "allow BIN...",
		Short: "Allow binaries (switches cli.mode to allowlist)",
		Example: `  toolplane cli allow git
  toolplane cli allow git rg jq`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkBinaries(args); err != nil {
				return err
			}
			cfg, err := a.update(func(cur *config.Config, e *config.Edit) error {
				allow := slices.Clone(cur.CLI.Allow)
				for _, b := range args {
					if slices.Contains(allow, b) {
						fmt.Fprintf(a.IO.Err, "%s was already allowed\n", b)
						continue
					}
					allow = append(allow, b)
				}
				if err := e.Set(cliTable, "mode", string(config.CLIAllowlist)); err != nil {
					return err
				}
				return e.Set(cliTable, "allow", allow)
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(a.IO.Out, "cli: %s\n", cliPolicy(&cfg.CLI))
			reg := capability.NewRegistry(capability.WithModules(toolplane.SnippetModules()...))
			for _, b := range args {
				if note := binaryRenameNote(reg, b); note != "" {
					fmt.Fprintf(a.IO.Out, "%s: %s\n", b, note)
				}
			}
			return nil
		},
	}
}

func newCLIDisallowCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "disallow BIN...",
		Short: "Remove binaries from the allowlist",
		Long: `Remove binaries from cli.allow. Removing the last one switches cli.mode to
disabled, since an empty allowlist is an error.`,
		Example: `  toolplane cli disallow rg
  toolplane cli disallow git rg`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkBinaries(args); err != nil {
				return err
			}
			cfg, err := a.update(func(cur *config.Config, e *config.Edit) error {
				allow := slices.DeleteFunc(slices.Clone(cur.CLI.Allow), func(b string) bool { return slices.Contains(args, b) })
				for _, b := range args {
					if !slices.Contains(cur.CLI.Allow, b) {
						fmt.Fprintf(a.IO.Err, "%s was not allowed\n", b)
					}
				}
				if len(allow) == len(cur.CLI.Allow) {
					return nil
				}
				if len(allow) > 0 {
					return e.Set(cliTable, "allow", allow)
				}
				if _, err := e.Delete(cliTable, "allow"); err != nil {
					return err
				}
				fmt.Fprintln(a.IO.Err, `nothing left to allow: cli.mode is now "disabled"`)
				return e.Set(cliTable, "mode", string(config.CLIDisabled))
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(a.IO.Out, "cli: %s\n", cliPolicy(&cfg.CLI))
			return nil
		},
	}
}

func newCLIModeCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "mode disabled|allowlist|ambient",
		Short: "Set the CLI policy",
		Long: `Set cli.mode. Leaving allowlist mode removes cli.allow (it would be
ignored, which strict checking rejects) and prints what was removed.
Entering allowlist mode needs binaries: use 'toolplane cli allow BIN...'.`,
		Example: `  toolplane cli mode disabled
  toolplane cli mode ambient     # development only; serve mcp then needs --unsafe`,
		Args:      usageArgs(cobra.ExactArgs(1)),
		ValidArgs: []string{string(config.CLIDisabled), string(config.CLIAllowlist), string(config.CLIAmbient)},
		RunE: func(cmd *cobra.Command, args []string) error {
			mode, err := config.ParseCLIMode(args[0])
			if err != nil {
				return usageErrorf("cli mode: %v", err)
			}
			cfg, err := a.update(func(cur *config.Config, e *config.Edit) error {
				if mode != config.CLIAllowlist && len(cur.CLI.Allow) > 0 {
					if _, err := e.Delete(cliTable, "allow"); err != nil {
						return err
					}
					fmt.Fprintf(a.IO.Err, "removed cli.allow = [%s] (only used in allowlist mode)\n", strings.Join(cur.CLI.Allow, ", "))
				}
				return e.Set(cliTable, "mode", string(mode))
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(a.IO.Out, "cli: %s\n", cliPolicy(&cfg.CLI))
			if mode == config.CLIAmbient {
				fmt.Fprintln(a.IO.Err, "warning: ambient mode lets snippets run any binary on PATH; `serve mcp` will require --unsafe")
			}
			return nil
		},
	}
}
