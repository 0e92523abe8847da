package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane/admission"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/plugin"
)

// IOStreams are the streams a command reads and writes. Data (summaries,
// lists, results) goes to Out; errors, warnings and notices go to Err.
// Tests pass buffers.
type IOStreams struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
}

// app is what every command shares: the streams, the global flags, and the
// config sections other components claim. It is built per invocation, so
// nothing is global.
type app struct {
	IO IOStreams
	// ConfigFlag is the value of --config; configPath resolves the default.
	ConfigFlag string
	// claimers let a command file register config sections its component
	// owns (e.g. serve.go claiming [http]); every command that loads the
	// config, `config check` included, then accepts them.
	claimers []func(*config.Loader) error
	// http is the [http] section as the last load decoded it (serve.go
	// claims it), for `config check`.
	http *admission.Config
	// plugins is the plugin host as the last load claimed it.
	plugins *plugin.Host
}

// claim registers a section for every config load of this invocation.
func (a *app) claim(f func(*config.Loader) error) { a.claimers = append(a.claimers, f) }

// loader returns a Loader with every registered section claimed.
func (a *app) loader() (*config.Loader, error) {
	l := &config.Loader{}
	for _, f := range a.claimers {
		if err := f(l); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// located is the config file of this invocation and how it was found;
// see config.Locate.
func (a *app) located() (config.Located, error) { return config.Locate(a.ConfigFlag) }

// configPath is the config file this invocation uses.
func (a *app) configPath() (string, error) {
	loc, err := a.located()
	return loc.Path, err
}

// configOrigin says why the config file of this invocation is used, for
// doctor and config check.
func (a *app) configOrigin() string {
	loc, err := a.located()
	if err != nil {
		return err.Error()
	}
	if loc.Origin == config.OriginLocal {
		return loc.Origin.Why() + " and trusted with `toolplane trust`"
	}
	return loc.Origin.Why()
}

// pathAndLoader is the config file of this invocation and the Loader that
// reads it. A ./toolplane.toml found in the current directory is read
// only if `toolplane trust` recorded its content.
func (a *app) pathAndLoader() (string, *config.Loader, error) {
	loc, err := a.located()
	if err != nil {
		return "", nil, err
	}
	l, err := a.loader()
	if err != nil {
		return "", nil, err
	}
	if loc.Origin == config.OriginLocal {
		ts, err := config.DefaultTrustStore()
		if err != nil {
			return "", nil, err
		}
		l.Gate = ts
	}
	return loc.Path, l, nil
}

// loadConfig finds and loads the config with every claimed section.
func (a *app) loadConfig() (*config.Config, error) {
	path, l, err := a.pathAndLoader()
	if err != nil {
		return nil, err
	}
	return l.Load(path)
}

// update applies an edit to the config file, validating before an atomic
// write; see config.Loader.Update.
func (a *app) update(edit func(cfg *config.Config, e *config.Edit) error) (*config.Config, error) {
	path, l, err := a.pathAndLoader()
	if err != nil {
		return nil, err
	}
	return l.Update(path, edit)
}

// Main runs the toolplane command line with args (without the program name)
// and returns the exit code. It is main without os.Exit, so tests call it.
func Main(args []string, streams IOStreams) int {
	a := &app{IO: streams}
	root := newRootCmd(a)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err == nil {
		return exitOK
	}
	if msg := err.Error(); msg != "" {
		// An exit with nothing to say (a snippet's sys.exit(1)) prints nothing.
		fmt.Fprintln(streams.Err, msg)
	}
	code := exitCode(err)
	if code == exitUsage && cmd != nil {
		fmt.Fprintf(streams.Err, "Run '%s --help' for usage.\n", cmd.CommandPath())
	}
	return code
}

func newRootCmd(a *app) *cobra.Command {
	root := &cobra.Command{
		Use:   "toolplane",
		Short: "One governed, programmable surface over an agent's tools",
		Long: `toolplane gives AI agents one MCP server with three meta-tools
(search_capabilities, get_capability_schemas, execute_code). The agent writes a
short Python snippet that calls capabilities (upstream MCP tools, allowed CLI
binaries, Go functions) as async functions; every call goes through one
governed dispatch chain.

The configuration file is found as: --config PATH, else $TOOLPLANE_CONFIG,
else ./toolplane.toml if present, else ~/.toolplane/toolplane.toml. A
./toolplane.toml found in the current directory is used only after
'toolplane trust' recorded it, and only while its content is unchanged: a
config starts programs with your rights, and one that came with a cloned
repository is not yours.`,
		Example: `  toolplane init
  toolplane config check
  toolplane cli allow git rg
  toolplane mcp add fs --command npx --arg -y --arg @modelcontextprotocol/server-filesystem --arg /tmp
  toolplane run examples/hello.py
  toolplane serve mcp`,
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          cobra.ArbitraryArgs,
		RunE:          groupRun,
	}
	root.SetIn(a.IO.In)
	root.SetOut(a.IO.Out)
	root.SetErr(a.IO.Err)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return usageErrorf("%v", err)
	})
	root.PersistentFlags().StringVar(&a.ConfigFlag, "config", "", "config file (default: $TOOLPLANE_CONFIG, ./toolplane.toml, ~/.toolplane/toolplane.toml)")
	// --version prints what `toolplane version` prints.
	root.Version = versionLine()
	root.SetVersionTemplate("toolplane {{.Version}}\n")
	root.Flags().Bool("version", false, "print the version of toolplane")

	root.AddCommand(
		newInitCmd(a),
		newConfigCmd(a),
		newCLICmd(a),
		newMCPCmd(a),
		newRunCmd(a),
		newServeCmd(a),
		newDoctorCmd(a),
		newSecretCmd(a),
		newTrustCmd(a),
		newRunsCmd(a),
		newVersionCmd(a),
	)
	return root
}

// groupRun is the RunE of a command that only groups subcommands: with no
// arguments it shows help, with an unknown one it is a usage error (cobra
// would otherwise print help and exit 0).
func groupRun(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return cmd.Help()
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2
	}
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += fmt.Sprintf("; did you mean %q?", strings.Join(s, `" or "`))
	}
	return usageErrorf("%s", msg)
}

// usageArgs turns cobra's argument-count errors into usage errors (exit 2).
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := check(cmd, args); err != nil {
			return usageErrorf("%v", err)
		}
		return nil
	}
}
