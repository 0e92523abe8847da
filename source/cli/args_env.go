package cli

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// envRules is the environment part of a built-in policy: variables that
// make the binary run a command or read options are kept out, and
// variables that switch such behaviour off are put in.
type envRules struct {
	// set is always set for the binary, whatever the config says.
	set map[string]string
	// defaults are set unless [cli] env or pass_env provides the variable.
	defaults map[string]string
	// deny lists names ("GIT_DIR") and prefixes ("GIT_CONFIG*") that
	// [cli] env and pass_env may not provide for the binary; they are
	// removed from its runs whatever the mode.
	deny []string
	// why says what the denied variables do.
	why string
}

// globalDenyEnv are refused for every binary: they load code into any
// process or run a file in any shell.
var globalDenyEnv = envRules{
	deny: []string{"LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "BASH_ENV"},
	why:  "it loads code into every program or makes every shell run a file",
}

func (e envRules) denies(name string) bool {
	for _, d := range e.deny {
		if p, ok := strings.CutSuffix(d, "*"); ok {
			if strings.HasPrefix(name, p) {
				return true
			}
		} else if name == d {
			return true
		}
	}
	return false
}

// envFor builds the environment of one run of a binary with spec (nil for
// none) from the policy's base environment.
func envFor(base map[string]string, spec *argSpec) []string {
	env := make(map[string]string, len(base)+8)
	for k, v := range base {
		if globalDenyEnv.denies(k) || spec != nil && spec.env.denies(k) {
			continue
		}
		env[k] = v
	}
	if spec != nil {
		for k, v := range spec.env.defaults {
			if _, ok := env[k]; !ok {
				env[k] = v
			}
		}
		for k, v := range spec.env.set {
			env[k] = v
		}
	}
	list := make([]string, 0, len(env))
	for k, v := range env {
		list = append(list, k+"="+v)
	}
	sort.Strings(list)
	return list
}

// checkEnv reports the configured variables ([cli] env and pass_env) that
// the built-in policy of binary refuses.
func checkEnv(binary string, spec *argSpec, names []string) []error {
	var errs []error
	for _, k := range names {
		switch {
		case spec != nil && spec.env.denies(k):
			errs = append(errs, fmt.Errorf("[cli] env/pass_env: %s is refused for %s: %s; remove it, or set [cli.binaries.%s] builtin_policy = false", k, binary, spec.env.why, binary))
		}
	}
	return errs
}

// RefusedEnv reports whether the argument policies refuse the variable
// name when the configuration sets or passes it for binary ("" for the
// rules of every binary), and why. The config file's checks use it to
// point at the line.
func RefusedEnv(binary, name string) (bool, string) {
	if globalDenyEnv.denies(name) {
		return true, globalDenyEnv.why
	}
	if spec := builtinSpec(binary); binary != "" && spec != nil && spec.env.denies(name) {
		return true, fmt.Sprintf("for %s, %s", binary, spec.env.why)
	}
	return false, ""
}

// configuredEnvNames lists the variable names a policy configures.
func (p Policy) configuredEnvNames() []string {
	names := slices.Clone(p.PassEnv)
	for k := range p.Env {
		names = append(names, k)
	}
	sort.Strings(names)
	return slices.Compact(names)
}

// gateFunc runs before a binary does, with the run's own environment, and
// refuses the run when what the binary would read (a repository's config)
// makes it run a command.
type gateFunc func(ctx context.Context, g gateRun) error

// gateRun is what a gate gets: the checked call and a way to run the same
// binary with the same environment and limits.
type gateRun struct {
	call *argCall
	run  func(ctx context.Context, argv []string) (*Output, error)
}
