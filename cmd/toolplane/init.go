package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane/config"
)

type initOptions struct {
	IO    IOStreams
	Path  string
	Force bool
}

func newInitCmd(a *app) *cobra.Command {
	opts := &initOptions{}
	cmd := &cobra.Command{
		Use:   "init",
		Short: "Write a starter toolplane.toml with safe defaults",
		Long: `Write a starter toolplane.toml: the embedded backend, no CLI binaries,
sessions and the result store on, audit off, and a comment on every setting.
Nothing in it needs 'serve mcp --unsafe'. An existing file is kept unless
--force is given.`,
		Example: `  toolplane init                       # ./toolplane.toml or ~/.toolplane/toolplane.toml
  toolplane init --config ./toolplane.toml
  toolplane init --force               # overwrite an existing file`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			path, err := a.configPath()
			if err != nil {
				return err
			}
			opts.IO, opts.Path = a.IO, path
			return runInit(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Force, "force", false, "overwrite an existing config file")
	return cmd
}

func runInit(opts *initOptions) error {
	if _, err := os.Stat(opts.Path); err == nil && !opts.Force {
		return fmt.Errorf("%s already exists; keep it, or overwrite it with `toolplane init --force`", opts.Path)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("checking %s: %w", opts.Path, err)
	}
	// The directory may hold tokens and the audit log: private by default.
	if err := os.MkdirAll(filepath.Dir(opts.Path), 0o700); err != nil {
		return fmt.Errorf("creating the directory of %s: %w", opts.Path, err)
	}
	if err := config.WriteFileAtomic(opts.Path, []byte(config.Starter)); err != nil {
		return err
	}
	// The user made this file with toolplane, so it is trusted where it
	// lies (which matters when it is a project's ./toolplane.toml).
	ts, err := config.DefaultTrustStore()
	if err == nil {
		_, err = ts.Trust(opts.Path, []byte(config.Starter))
	}
	if err != nil {
		return fmt.Errorf("wrote %s, but: %w", opts.Path, err)
	}
	fmt.Fprintf(opts.IO.Out, "wrote %s\n", opts.Path)
	fmt.Fprintf(opts.IO.Err, "next: toolplane config check --config %s\n", opts.Path)
	return nil
}
