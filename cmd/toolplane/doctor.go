package main

import "github.com/spf13/cobra"

// newDoctorCmd is a placeholder: the checks of local prerequisites come with
// the MCP and CLI sources.
func newDoctorCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:                "doctor",
		Short:              "Check local prerequisites of the config (not available yet)",
		Example:            `  toolplane doctor`,
		Args:               cobra.ArbitraryArgs,
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
		RunE: func(cmd *cobra.Command, args []string) error {
			return notAvailable("toolplane doctor")
		},
	}
}
