package main

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/secrets"
	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// mcpLoginOptions are the flags of `mcp login`.
type mcpLoginOptions struct {
	Open         bool
	Timeout      time.Duration
	RedirectAddr string
}

func newMCPLoginCmd(a *app) *cobra.Command {
	opts := &mcpLoginOptions{}
	cmd := &cobra.Command{
		Use:   "login NAME",
		Short: "Log in to a server with auth = \"oauth\" and store its token",
		Long: `Log in to the URL server NAME (auth = "oauth"): toolplane registers itself
with the server's authorization server, prints the authorization URL on
stderr (and opens a browser with --open), waits for the browser to come back
to a loopback address, and stores the credentials in the OS keyring, or in
~/.toolplane/credentials/ (mode 0600) when no keyring answers; it says which.
'serve mcp' and 'run' then use the token, refreshing it as it expires.`,
		Example: `  toolplane mcp login linear
  toolplane mcp login linear --open`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Timeout <= 0 {
				return usageErrorf("--timeout must be positive")
			}
			return runMCPLogin(cmd.Context(), a, args[0], opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Open, "open", false, "open the authorization URL in a browser (it is always printed)")
	cmd.Flags().DurationVar(&opts.Timeout, "timeout", 5*time.Minute, "how long to wait for the browser to come back")
	cmd.Flags().StringVar(&opts.RedirectAddr, "redirect-addr", "127.0.0.1:0", "loopback HOST:PORT the browser is sent back to (port 0 picks a free one)")
	return cmd
}

func runMCPLogin(ctx context.Context, a *app, name string, opts *mcpLoginOptions) error {
	cfg, err := a.loadConfig()
	if err != nil {
		return err
	}
	s, ok := cfg.MCP.Servers[name]
	if !ok {
		return fmt.Errorf("no MCP server %q in %s (%s)", name, cfg.Path, knownServers(cfg))
	}
	if s.URL == "" {
		return fmt.Errorf("[mcp.servers.%s] in %s is a stdio server (command %q); login applies to url servers with auth = \"oauth\"", name, cfg.Path, s.Command)
	}
	if s.Auth != config.AuthOAuth {
		return fmt.Errorf("[mcp.servers.%s] in %s has no auth = \"oauth\", so a login would not be used; add it (toolplane mcp add %s --url %s --auth oauth --force) and log in again", name, cfg.Path, name, mcpsrc.ShownURL(s.URL))
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	stores := newServeStores(a)
	// The store first: a browser consent whose tokens cannot be kept is
	// wasted.
	st, err := stores.oauth.Open(ctx)
	if err != nil {
		return fmt.Errorf("no store can keep the credentials of %s: %w", name, err)
	}
	creds, err := mcpsrc.Login(ctx, toolplane.MCPServerSpec(name, s), mcpsrc.LoginOptions{
		RedirectAddr: opts.RedirectAddr,
		Resolve:      toolplane.SecretResolver(stores.secrets),
		OpenURL: func(ctx context.Context, url string) error {
			fmt.Fprintf(a.IO.Err, "To log in to %s, open this URL in a browser:\n\n  %s\n\nWaiting for the browser (up to %s)...\n", name, url, opts.Timeout)
			if opts.Open {
				if err := openBrowser(url); err != nil {
					fmt.Fprintf(a.IO.Err, "could not open a browser (%v); open the URL by hand\n", err)
				}
			}
			return nil
		},
	})
	if err != nil {
		return err
	}
	if err := secrets.SaveLogin(ctx, st, name, &secrets.Login{URL: s.URL, Credentials: creds}); err != nil {
		return fmt.Errorf("logged in to %s, but storing the credentials failed: %w", name, err)
	}
	fmt.Fprintf(a.IO.Out, "logged in to %s; credentials stored in %s\n", name, storeNote(st))
	return nil
}

// openBrowser asks the desktop to open url; it does not wait for the
// browser.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}

func newMCPLogoutCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "logout NAME",
		Short: "Forget the OAuth credentials of a server",
		Long: `Delete the credentials 'toolplane mcp login NAME' stored. The server may
already be removed from the config. Logging out of a server that is not
logged in is not an error.`,
		Example: `  toolplane mcp logout linear`,
		Args:    usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := args[0]
			st, err := newServeStores(a).oauth.Open(cmd.Context())
			if err != nil {
				return err
			}
			err = st.Delete(cmd.Context(), name)
			if errors.Is(err, secrets.ErrNotFound) {
				fmt.Fprintf(a.IO.Out, "%s was not logged in (nothing in %s)\n", name, storeNote(st))
				return nil
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(a.IO.Out, "logged out of %s; deleted its credentials from %s\n", name, storeNote(st))
			return nil
		},
	}
}
