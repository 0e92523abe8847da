package cli

import (
	"fmt"
	"strings"
)

// Bound says how far a binary's argument policy bounds what a call can
// make it do; `config check` and `toolplane doctor` report it per binary.
type Bound string

// The bounds of DescribeArgPolicy.
const (
	// BoundBuiltin: a built-in policy refuses the binary's known ways to
	// run a command, load code, or write outside the working directory.
	BoundBuiltin Bound = "built-in"
	// BoundRunsFiles: an interpreter or build tool; inline code is refused,
	// but the files it runs do what they say.
	BoundRunsFiles Bound = "runs-files"
	// BoundRunner: the binary runs the command it is given; a command
	// argument is refused.
	BoundRunner Bound = "runner"
	// BoundRefused: no argument policy can bound the binary; every call is
	// refused.
	BoundRefused Bound = "refused"
	// BoundNone: toolplane has no policy for the binary; only its
	// [cli.binaries.NAME] lists bound its arguments.
	BoundNone Bound = "none"
	// BoundOff: builtin_policy = false turned the built-in policy off.
	BoundOff Bound = "off"
)

// AllowlistBounds says in two sentences what an allowlist with argument
// policies bounds and what it does not.
const AllowlistBounds = "An allowlist bounds which binaries run, and their argument policies refuse the known ways " +
	"a call makes them run another command, load code, or write outside the working directory. " +
	"It does not bound what they read, or write inside the working directory, with your permissions; " +
	"their network access; the scripts, makefiles and package scripts they run; or what your own config files " +
	"for them (~/.gitconfig, ~/.ssh/config, ~/.curlrc) tell them to run."

// DescribeArgPolicy says how the argument policy of binary bounds it and
// what it refuses or cannot bound, in one line. path is the binary's
// resolved path when known ("" otherwise): a link to a known binary
// (awk -> mawk) gets that binary's policy.
func DescribeArgPolicy(binary, path string, a ArgPolicy) (Bound, string) {
	var extra []string
	if len(a.DenyArgs) > 0 {
		extra = append(extra, "deny_args "+strings.Join(a.DenyArgs, " "))
	}
	if len(a.AllowSubcommands) > 0 {
		extra = append(extra, "allow_subcommands "+strings.Join(a.AllowSubcommands, " "))
	}
	if len(a.DenySubcommands) > 0 {
		extra = append(extra, "deny_subcommands "+strings.Join(a.DenySubcommands, " "))
	}
	configured := ""
	if len(extra) > 0 {
		configured = "; configured: " + strings.Join(extra, "; ")
	}
	spec := specFor(binary, path)
	switch {
	case a.NoBuiltin && spec != nil:
		return BoundOff, fmt.Sprintf("built-in argument policy off (builtin_policy = false); without it nothing stops a call from making %s run other commands%s", binary, configured)
	case spec == nil && configured == "":
		return BoundNone, fmt.Sprintf("no argument policy: toolplane does not know %s's options, and nothing bounds what a call asks of it; add [cli.binaries.%s] deny_args or allow_subcommands", binary, binary)
	case spec == nil:
		return BoundNone, fmt.Sprintf("no built-in argument policy: toolplane does not know %s's options%s", binary, configured)
	}
	switch spec.kind {
	case kindRunsFiles:
		return BoundRunsFiles, spec.summary + configured
	case kindRunner:
		return BoundRunner, spec.summary + configured
	case kindUnbounded:
		return BoundRefused, fmt.Sprintf("every call is refused: %s; set [cli.binaries.%s] builtin_policy = false to allow it anyway", spec.summary, binary)
	}
	return BoundBuiltin, "built-in argument policy: " + spec.summary + configured
}
