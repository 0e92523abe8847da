package main

import "github.com/spf13/cobra"

// newSecretCmd is a placeholder: storing keyring:// secrets comes with the
// secrets store.
func newSecretCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "secret",
		Short: "Store secrets in the OS keyring for keyring:// references (not available yet)",
		Example: `  toolplane secret set linear-token
  toolplane secret delete linear-token`,
		Args:               cobra.ArbitraryArgs,
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
		RunE: func(cmd *cobra.Command, args []string) error {
			return notAvailable("toolplane secret")
		},
	}
}
