// Package cli exposes CLI binaries as capabilities (`cli:git`, `cli:rg`)
// under a policy the host enforces on every call: which binaries may run,
// how snippet arguments become an argv (never through a shell), and the
// limits a run is held to (timeout with a process-group kill, output caps,
// closed stdin, a minimal environment).
package cli

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/toolplane/toolplane/internal/childenv"
)

// Mode says which binaries a policy exposes.
type Mode string

// The policy modes of `[cli] mode`.
const (
	// ModeDisabled exposes no binary; every `cli:` call is refused.
	ModeDisabled Mode = "disabled"
	// ModeAllowlist exposes exactly the binaries in Policy.Allow.
	ModeAllowlist Mode = "allowlist"
	// ModeAmbient resolves any binary on PATH when first called. It is for
	// development only; the server refuses to serve it without --unsafe.
	ModeAmbient Mode = "ambient"
)

// Defaults applied when a Policy leaves a limit at zero.
const (
	DefaultTimeout        = 30 * time.Second
	DefaultMaxOutputBytes = 1 << 20
)

// Policy is the `[cli]` section of toolplane.toml as this package needs it;
// the runtime maps the decoded config onto it.
type Policy struct {
	// Mode is disabled (the zero value means disabled too), allowlist or ambient.
	Mode Mode
	// Allow lists binary names (not paths) exposed in allowlist mode.
	Allow []string
	// Escalate, in allowlist mode, asks the human (through Hooks.Escalator)
	// before running a binary that is not allowlisted, once per call.
	Escalate bool
	// Timeout bounds one call; the whole process group is killed when it
	// expires. Zero means DefaultTimeout.
	Timeout time.Duration
	// MaxOutputBytes caps stdout and stderr each; the excess is drained and
	// dropped and the result says truncated. Zero means DefaultMaxOutputBytes.
	MaxOutputBytes int
	// Cwd is the working directory of every run; empty means the working
	// directory of the toolplane process.
	Cwd string
	// Env sets variables for every run, on top of the minimal environment
	// childenv.Build gives every child (PATH, HOME, USER, LANG, LC_*, ...
	// copied from the host). Nothing else of the host's environment is
	// passed, so secrets stay out unless configured here.
	Env map[string]string
	// PassEnv names host variables copied into every run when set on the host.
	PassEnv []string
	// Labels holds per-binary labels, keyed by binary name.
	Labels map[string]map[string]string
	// Args holds the configured argument policies ([cli.binaries.NAME]),
	// keyed by binary name. Every binary also has its built-in policy when
	// toolplane knows it (git, rg, find, tar, ssh, ...); see
	// DescribeArgPolicy.
	Args map[string]ArgPolicy
	// Protected are toolplane's own files (see Protected): no argument of
	// any call may name one, and no write may name a directory holding
	// one.
	Protected []Protected
}

func (p Policy) mode() Mode {
	if p.Mode == "" {
		return ModeDisabled
	}
	return p.Mode
}

// Unsafe reports whether the policy is for development only (ambient
// mode): serving it needs an explicit --unsafe.
func (p Policy) Unsafe() bool { return p.mode() == ModeAmbient }

func (p Policy) timeout() time.Duration {
	if p.Timeout <= 0 {
		return DefaultTimeout
	}
	return p.Timeout
}

func (p Policy) maxOutput() int {
	if p.MaxOutputBytes <= 0 {
		return DefaultMaxOutputBytes
	}
	return p.MaxOutputBytes
}

func (p Policy) allows(name string) bool {
	switch p.mode() {
	case ModeAmbient:
		return true
	case ModeAllowlist:
		return slices.Contains(p.Allow, name)
	}
	return false
}

// Check validates the policy and resolves every allowlisted binary on PATH.
// It reports all problems at once (errors.Join), each naming the `[cli]` key
// and the fix; `toolplane doctor` prints it, and New refuses to build a
// Source from a policy that fails it.
func (p Policy) Check() error {
	var errs []error
	switch p.mode() {
	case ModeDisabled, ModeAllowlist, ModeAmbient:
	default:
		errs = append(errs, fmt.Errorf("[cli] mode = %q: unknown mode; use \"disabled\", \"allowlist\" or \"ambient\"", p.Mode))
	}
	if p.Escalate && p.mode() != ModeAllowlist {
		errs = append(errs, fmt.Errorf("[cli] escalate = true needs mode = \"allowlist\" (mode is %q)", p.mode()))
	}
	if p.Timeout < 0 {
		errs = append(errs, fmt.Errorf("[cli] timeout = %s: must not be negative", p.Timeout))
	}
	if p.MaxOutputBytes < 0 {
		errs = append(errs, fmt.Errorf("[cli] max_output_bytes = %d: must not be negative", p.MaxOutputBytes))
	}
	if p.Cwd != "" {
		if st, err := os.Stat(p.Cwd); err != nil {
			errs = append(errs, fmt.Errorf("[cli] cwd = %q: %w", p.Cwd, err))
		} else if !st.IsDir() {
			errs = append(errs, fmt.Errorf("[cli] cwd = %q: not a directory", p.Cwd))
		}
	}
	for k := range p.Env {
		if err := childenv.CheckName(k); err != nil {
			errs = append(errs, fmt.Errorf("[cli] env: %w", err))
		}
	}
	for _, k := range p.PassEnv {
		if err := childenv.CheckName(k); err != nil {
			errs = append(errs, fmt.Errorf("[cli] pass_env: %w", err))
		}
	}
	seen := map[string]bool{}
	for _, name := range p.Allow {
		if err := ValidateName(name); err != nil {
			errs = append(errs, fmt.Errorf("[cli] allow: %w; list bare binary names and put their directory on PATH", err))
			continue
		}
		if seen[name] {
			errs = append(errs, fmt.Errorf("[cli] allow: %q is listed twice", name))
			continue
		}
		seen[name] = true
		if p.mode() != ModeAllowlist {
			continue
		}
		errs = append(errs, p.checkBinary(name)...)
	}
	for name := range p.Labels {
		if err := ValidateName(name); err != nil {
			errs = append(errs, fmt.Errorf("[cli] labels: %w", err))
		}
	}
	names := make([]string, 0, len(p.Args))
	for name := range p.Args {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		a := p.Args[name]
		if err := ValidateName(name); err != nil {
			errs = append(errs, fmt.Errorf("[cli.binaries] %w", err))
			continue
		}
		for _, d := range a.DenyArgs {
			if err := CheckDenyArg(d); err != nil {
				errs = append(errs, fmt.Errorf("[cli.binaries.%s] deny_args: %w", name, err))
			}
		}
		for _, sub := range a.AllowSubcommands {
			if err := CheckSubcommandName(sub); err != nil {
				errs = append(errs, fmt.Errorf("[cli.binaries.%s] allow_subcommands: %w", name, err))
			}
		}
		for _, sub := range a.DenySubcommands {
			if err := CheckSubcommandName(sub); err != nil {
				errs = append(errs, fmt.Errorf("[cli.binaries.%s] deny_subcommands: %w", name, err))
			}
		}
	}
	env := p.configuredEnvNames()
	for _, k := range env {
		if globalDenyEnv.denies(k) {
			errs = append(errs, fmt.Errorf("[cli] env/pass_env: %s is refused: %s; remove it", k, globalDenyEnv.why))
		}
	}
	return errors.Join(dedupe(errs)...)
}

// checkBinary reports the problems of one allowlisted binary: not on PATH,
// or configured variables its argument policy refuses.
func (p Policy) checkBinary(name string) []error {
	path, err := lookPath(name)
	if err != nil {
		return []error{fmt.Errorf("[cli] allow: %w; install it, fix PATH, or remove it from allow", err)}
	}
	if p.Args[name].NoBuiltin {
		return nil
	}
	return checkEnv(name, specFor(name, path), p.configuredEnvNames())
}

// CheckBinary reports the problems of one binary under this policy, as
// Check does for each allowlisted binary: an invalid name, not on PATH
// (wrapping ErrNotFound), or [cli] env/pass_env variables its argument
// policy refuses. `toolplane doctor` reports each binary with its fix.
func (p Policy) CheckBinary(name string) error {
	if err := ValidateName(name); err != nil {
		return err
	}
	return errors.Join(p.checkBinary(name)...)
}

// dedupe drops repeated messages (one bad variable is reported once, not
// once per binary).
func dedupe(errs []error) []error {
	seen := map[string]bool{}
	out := errs[:0]
	for _, e := range errs {
		if !seen[e.Error()] {
			seen[e.Error()] = true
			out = append(out, e)
		}
	}
	return out
}

// ErrNotFound is wrapped by errors about a binary that is not on PATH.
var ErrNotFound = errors.New("binary not found on PATH")

// lookPath resolves a validated name on the host PATH. A match found only
// through a relative PATH entry (such as ".") is refused, so the current
// directory can never plant a binary.
func lookPath(name string) (string, error) {
	path, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("%q: %w (%w)", name, ErrNotFound, err)
	}
	return path, nil
}

// ValidateName checks that name is a bare binary name: not empty, no path
// separator, no "..", no leading "-", and only letters, digits and "._+-".
// Spaces and shell metacharacters are rejected although nothing goes through
// a shell, so a name always means one file on PATH and nothing else.
func ValidateName(name string) error {
	bad := func(why string) error {
		return &PermissionError{Binary: name, Reason: "invalid binary name: " + why}
	}
	switch {
	case name == "":
		return bad("empty")
	case len(name) > 128:
		return bad("longer than 128 bytes")
	case strings.ContainsAny(name, `/\`):
		return bad("contains a path separator; give a bare name resolved on PATH")
	case strings.Contains(name, ".."):
		return bad(`contains ".."`)
	case name == ".":
		return bad(`is "."`)
	case name[0] == '-':
		return bad(`starts with "-"`)
	}
	for _, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
			r == '.' || r == '_' || r == '+' || r == '-'
		if !ok {
			return bad(fmt.Sprintf("character %q is not allowed (only letters, digits and ._+-)", r))
		}
	}
	return nil
}

// PermissionError refuses a CLI call before anything runs: the binary is not
// allowed by the policy, its name is invalid, or escalation was not granted.
// Snippets see it as Python's PermissionError.
type PermissionError struct {
	Binary string
	Reason string
}

// Error implements error.
func (e *PermissionError) Error() string {
	return fmt.Sprintf("permission denied for CLI binary %q: %s", e.Binary, e.Reason)
}

// PythonException names the Python exception a snippet sees for this error,
// so a bridge can map it without importing this package.
func (e *PermissionError) PythonException() string { return "PermissionError" }
