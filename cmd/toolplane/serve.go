package main

import "github.com/spf13/cobra"

// newServeCmd is a placeholder until the MCP facade lands; that work
// replaces this file (root.go only calls newServeCmd).
func newServeCmd(a *app) *cobra.Command {
	serve := &cobra.Command{
		Use:     "serve",
		Short:   "Serve toolplane to agents",
		Example: `  toolplane serve mcp`,
		Args:    cobra.ArbitraryArgs,
		RunE:    groupRun,
	}
	serve.AddCommand(&cobra.Command{
		Use:   "mcp",
		Short: "Serve the MCP facade over stdio or HTTP (not available yet)",
		Example: `  toolplane serve mcp
  toolplane serve mcp --transport http --addr 127.0.0.1:8080`,
		Args:               cobra.ArbitraryArgs,
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
		RunE: func(cmd *cobra.Command, args []string) error {
			return notAvailable("toolplane serve mcp")
		},
	})
	return serve
}
