package main

import "github.com/spf13/cobra"

// newRunCmd is a placeholder until the registry/run work lands; that work
// replaces this file (root.go only calls newRunCmd).
func newRunCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "run FILE|-",
		Short: "Run a Python snippet against the configured capabilities (not available yet)",
		Example: `  toolplane run examples/hello.py
  echo 'return 1 + 1' | toolplane run -`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return notAvailable("toolplane run")
		},
	}
}
