package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at release time with -ldflags "-X main.version=v1.2.3";
// otherwise it is derived from the build information.
var version = ""

func newVersionCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the version of toolplane",
		Example: `  toolplane version`,
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Fprintf(a.IO.Out, "toolplane %s\n", versionLine())
			return nil
		},
	}
}

// versionLine is what `toolplane version` and `toolplane --version` print
// after the program name: the build version, the Go release and the
// platform.
func versionLine() string {
	return fmt.Sprintf("%s (%s %s/%s)", buildVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// buildVersion is the release version, else the module version, else the
// VCS revision the binary was built from, else "devel".
func buildVersion() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-dirty"
	}
	return "devel+" + rev
}
