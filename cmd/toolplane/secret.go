package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane/secrets"
)

// openStore opens the secret store of a namespace (secrets.NamespaceSecrets
// for keyring:// values, secrets.NamespaceOAuth for logins).
func openStore(ctx context.Context, a *app, namespace string) (*secrets.Opened, error) {
	return secrets.Open(ctx, secrets.Options{Namespace: namespace, Warn: a.warn})
}

// storeNote says where a store keeps values, and why files when the keyring
// was passed over.
func storeNote(o *secrets.Opened) string {
	if o.Fallback != "" {
		return fmt.Sprintf("%s (no OS keyring available: %s)", o.Where(), o.Fallback)
	}
	return o.Where()
}

func newSecretCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "secret",
		Short: "Store the secrets that keyring://NAME references name",
		Long: `Keep secrets out of toolplane.toml: a value written as keyring://NAME is read
from toolplane's secret store when a server starts. The store is the OS keyring
when one answers, else encrypted files (XChaCha20-Poly1305, mode 0600) under
~/.toolplane/credentials/; every verb says which. OAuth logins of 'toolplane
mcp login' are kept the same way.

The key of the encrypted files is $TOOLPLANE_STORAGE_KEY: 32 random bytes in
base64, as 'toolplane secret keygen' prints (keep a copy; without it the
stored values are lost). With TOOLPLANE_SECRET_STORE=file and no
$TOOLPLANE_STORAGE_KEY, the key is kept in the OS keyring. With neither a
keyring nor a key, nothing is stored, unless you opt in to unencrypted files
with TOOLPLANE_SECRET_STORE=plaintext. Values found unencrypted are encrypted
in place as soon as a key is available, and each one is reported.

TOOLPLANE_SECRET_STORE chooses: "keyring", "file" (encrypted files),
"plaintext", or unset (the keyring, else encrypted files).`,
		Example: `  printf %s "$LINEAR_TOKEN" | toolplane secret set linear-token
  toolplane mcp add linear --url https://mcp.linear.app/mcp --header Authorization=keyring://linear-token
  toolplane secret list
  toolplane secret rm linear-token`,
		Args: cobra.ArbitraryArgs,
		RunE: groupRun,
	}
	cmd.AddCommand(newSecretSetCmd(a), newSecretGetCmd(a), newSecretRmCmd(a), newSecretListCmd(a), newSecretKeygenCmd(a))
	return cmd
}

func newSecretSetCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "set NAME",
		Short: "Store a secret typed at a hidden prompt or piped on standard input",
		Long: `Store a value under NAME, replacing any old one. On a terminal the value is
typed at a prompt that does not show it; otherwise it is read from standard
input (one trailing newline is removed). It never comes from the command
line, where shell history and process listings (ps) would keep it.`,
		Example: `  toolplane secret set linear-token          # prompts; the value is not shown
  printf %s "$TOKEN" | toolplane secret set linear-token
  toolplane secret set gh-token < token.txt`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageErrorf("secret set takes the value from a hidden prompt or standard input, never from the command line (process listings and shell history would show it): run `toolplane secret set %s` and type it, or pipe it in", args[0])
			}
			return usageArgs(cobra.ExactArgs(1))(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			name := args[0]
			if err := secrets.ValidName(name); err != nil {
				return usageErrorf("%v", err)
			}
			value, err := readSecretValue(a, name)
			if err != nil {
				return err
			}
			st, err := openStore(cmd.Context(), a, secrets.NamespaceSecrets)
			if err != nil {
				return err
			}
			if err := st.Set(cmd.Context(), name, value); err != nil {
				return err
			}
			fmt.Fprintf(a.IO.Out, "stored %s in %s; refer to it as keyring://%s\n", name, storeNote(st), name)
			return nil
		},
	}
}

// maxSecretBytes bounds a stored value: a secret store is not a file store.
const maxSecretBytes = 1 << 20

// readSecretValue reads the value of name: from a hidden prompt when
// standard input is a terminal, else all of standard input.
func readSecretValue(a *app, name string) (string, error) {
	if a.IO.In == nil {
		return "", usageErrorf("secret set reads the value from standard input; pipe it in")
	}
	var value string
	if fd, ok := terminalFd(a.IO.In); ok {
		v, err := readHidden(a, fd, fmt.Sprintf("Value of %s (not shown): ", name))
		if err != nil {
			return "", err
		}
		value = v
	} else {
		data, err := io.ReadAll(io.LimitReader(a.IO.In, maxSecretBytes+1))
		if err != nil {
			return "", fmt.Errorf("reading the value of %s from standard input: %w", name, err)
		}
		value = strings.TrimSuffix(strings.TrimSuffix(string(data), "\n"), "\r")
	}
	if len(value) > maxSecretBytes {
		return "", fmt.Errorf("the value of %s is over 1 MiB; a secret store is not a file store", name)
	}
	if value == "" {
		return "", usageErrorf("no value for %s: type it at the prompt, or pipe it in, e.g. printf %%s \"$TOKEN\" | toolplane secret set %s", name, name)
	}
	return value, nil
}

func newSecretGetCmd(a *app) *cobra.Command {
	var reveal bool
	cmd := &cobra.Command{
		Use:   "get NAME",
		Short: "Say whether a secret is stored; print it only with --reveal",
		Example: `  toolplane secret get linear-token
  toolplane secret get linear-token --reveal`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := args[0]
			st, err := openStore(cmd.Context(), a, secrets.NamespaceSecrets)
			if err != nil {
				return err
			}
			v, err := st.Get(cmd.Context(), name)
			if errors.Is(err, secrets.ErrNotFound) {
				return fmt.Errorf("no secret %s in %s; store it with `toolplane secret set %s`", name, storeNote(st), name)
			}
			if err != nil {
				return err
			}
			if reveal {
				fmt.Fprintln(a.IO.Out, v)
				return nil
			}
			fmt.Fprintf(a.IO.Out, "%s is set (%d bytes) in %s; pass --reveal to print it\n", name, len(v), storeNote(st))
			return nil
		},
	}
	cmd.Flags().BoolVar(&reveal, "reveal", false, "print the value")
	return cmd
}

func newSecretRmCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:     "rm NAME",
		Aliases: []string{"delete", "remove"},
		Short:   "Delete a stored secret",
		Example: `  toolplane secret rm linear-token`,
		Args:    usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := args[0]
			st, err := openStore(cmd.Context(), a, secrets.NamespaceSecrets)
			if err != nil {
				return err
			}
			err = st.Delete(cmd.Context(), name)
			if errors.Is(err, secrets.ErrNotFound) {
				return fmt.Errorf("no secret %s in %s", name, storeNote(st))
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(a.IO.Out, "deleted %s from %s\n", name, storeNote(st))
			return nil
		},
	}
}

func newSecretListCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the names of the stored secrets (never their values)",
		Example: `  toolplane secret list
  toolplane secret list --json`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			st, err := openStore(cmd.Context(), a, secrets.NamespaceSecrets)
			if err != nil {
				return err
			}
			names, err := st.List(cmd.Context())
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.IO.Out, struct {
					Store string   `json:"store"`
					Names []string `json:"names"`
				}{storeNote(st), append([]string{}, names...)})
			}
			if len(names) == 0 {
				fmt.Fprintf(a.IO.Err, "no secrets in %s\n", storeNote(st))
				return nil
			}
			for _, n := range names {
				fmt.Fprintln(a.IO.Out, n)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"store": ..., "names": [...]} as JSON`)
	return cmd
}

func newSecretKeygenCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "keygen",
		Short: "Print a new storage key for $TOOLPLANE_STORAGE_KEY",
		Long: `Print 32 random bytes in base64: a key for $TOOLPLANE_STORAGE_KEY, which
encrypts the secret files on hosts without an OS keyring. Keep it where you
keep other credentials (a CI secret, a password manager): without it the
stored secrets cannot be read, and with it anyone who has the files can.`,
		Example: `  export TOOLPLANE_STORAGE_KEY="$(toolplane secret keygen)"`,
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Fprintln(a.IO.Out, secrets.GenerateStorageKey())
			return nil
		},
	}
}
