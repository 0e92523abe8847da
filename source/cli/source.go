package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
)

// Hooks are what the facades supply: how to ask the human, and who hears
// the answer. Both may be nil.
type Hooks struct {
	// Escalator asks whether a binary outside the allowlist may run once
	// with this argv (argv[0] is the binary name). With Policy.Escalate set
	// and no Escalator, every escalation is decided DecisionError.
	Escalator Escalator
	// OnEscalation hears every escalation decision (the audit log's
	// `escalation` event). It must not block for long.
	OnEscalation func(binary string, decision Decision)
}

// Source is the set of CLI capabilities one policy allows. It is safe for
// concurrent use; build it once with New.
type Source struct {
	policy Policy
	hooks  Hooks
	run    *runner
	args   *argChecker

	mu    sync.Mutex
	paths map[string]string                 // name -> resolved path, pinned at first resolution
	caps  map[string]*capability.Capability // name -> capability, built once
	help  map[string]*helpEntry             // name -> lazy --help summary
}

// New checks the policy (see Policy.Check), resolves the allowlist on PATH
// and returns the source.
func New(p Policy, h Hooks) (*Source, error) {
	if err := p.Check(); err != nil {
		return nil, fmt.Errorf("cli policy: %w", err)
	}
	p.Allow = slices.Clone(p.Allow)
	args, err := newArgChecker(p)
	if err != nil {
		return nil, fmt.Errorf("cli policy: %w", err)
	}
	s := &Source{
		policy: p,
		hooks:  h,
		run:    newRunner(p),
		args:   args,
		paths:  map[string]string{},
		caps:   map[string]*capability.Capability{},
		help:   map[string]*helpEntry{},
	}
	if p.mode() == ModeAllowlist {
		for _, name := range p.Allow {
			path, err := lookPath(name)
			if err != nil { // Check passed a moment ago; PATH changed under us.
				return nil, fmt.Errorf("cli policy: [cli] allow: %w", err)
			}
			s.paths[name] = path
		}
	}
	return s, nil
}

// Capabilities returns the capabilities to register up front, sorted by id:
// one per allowlisted binary in allowlist mode, none otherwise (ambient mode
// resolves binaries lazily through Lookup).
func (s *Source) Capabilities() []capability.Capability {
	if s.policy.mode() != ModeAllowlist {
		return nil
	}
	names := slices.Clone(s.policy.Allow)
	slices.Sort(names)
	out := make([]capability.Capability, 0, len(names))
	for _, name := range names {
		c, err := s.capability(name)
		if err != nil {
			continue // unreachable: allowlisted paths were resolved by New
		}
		out = append(out, *c)
	}
	return out
}

// Lookup returns the capability for a `cli:` id that is not registered up
// front: any binary on PATH in ambient mode, and in allowlist mode with
// escalation a binary outside the allowlist (its handler then runs only
// with a grant made by Admission for that exact call). Anything else is a
// *PermissionError; a binary missing from PATH wraps ErrNotFound.
func (s *Source) Lookup(id string) (*capability.Capability, error) {
	name, isCLI, err := parseID(id)
	if !isCLI {
		return nil, fmt.Errorf("cli: %q is not a cli: capability id", id)
	}
	if err != nil {
		return nil, err
	}
	if !s.policy.allows(name) && !s.canEscalate() {
		return nil, s.denied(name)
	}
	return s.capability(name)
}

// Admission enforces the policy on every call whose capability id starts
// with "cli:" (any case, any surrounding space), whatever facade it came
// from: the id must be canonical, name a valid binary, the binary must be
// allowed, or, with escalation, granted by the human for this call, and
// its arguments must pass the binary's argument policy, all before
// anything runs. A refused argument is refused, never escalated. Other
// calls pass through untouched.
func (s *Source) Admission() dispatch.Middleware {
	return func(next dispatch.Handler) dispatch.Handler {
		return func(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
			name, isCLI, err := parseID(call.CapabilityID)
			if !isCLI {
				return next(ctx, call)
			}
			if err != nil {
				return nil, deny(call, err)
			}
			if s.policy.allows(name) {
				if err := s.admitArgs(name, call.Args); err != nil {
					return nil, deny(call, err)
				}
				return next(ctx, call)
			}
			if !s.canEscalate() {
				return nil, deny(call, s.denied(name))
			}
			ctx, err = s.escalate(ctx, name, call.Args)
			if err != nil {
				return nil, deny(call, err)
			}
			return next(ctx, call)
		}
	}
}

// admitArgs checks a call's arguments against the binary's argument
// policy. A binary that does not resolve is left to the registry (which
// reports it missing), and input that does not decode to the chain's
// schema validation (which names the bad path); the handler checks both
// again before anything runs.
func (s *Source) admitArgs(name string, args map[string]any) error {
	path, err := s.resolve(name)
	if err != nil {
		return nil
	}
	inv, err := ParseInvocation(args)
	if err != nil {
		return nil
	}
	_, err = s.args.check(name, path, inv)
	var ae *ArgumentError
	if errors.As(err, &ae) {
		return nil
	}
	return err
}

// deny wraps a refusal as the chain's denial error, keeping the cause
// reachable with errors.As (*PermissionError, *ArgumentError, ErrNotFound).
func deny(call *dispatch.Call, err error) error {
	msg := err.Error()
	var pe *PermissionError
	if errors.As(err, &pe) {
		msg = fmt.Sprintf("CLI binary %q: %s", pe.Binary, pe.Reason)
	}
	return &dispatch.Error{Kind: dispatch.KindDenied, CapabilityID: call.CapabilityID, Message: msg, Err: err}
}

// parseID splits a `cli:` id. isCLI reports whether the id is meant as one
// (prefix in any case, surrounding space), so that odd spellings are
// refused instead of slipping past admission.
func parseID(id string) (name string, isCLI bool, err error) {
	trimmed := strings.TrimSpace(id)
	if len(trimmed) < 4 || !strings.EqualFold(trimmed[:4], "cli:") {
		return "", false, nil
	}
	name = trimmed[4:]
	if trimmed != id || trimmed[:4] != "cli:" {
		return name, true, &PermissionError{Binary: name, Reason: fmt.Sprintf("capability id %q is not canonical; write %q", id, "cli:"+strings.TrimSpace(name))}
	}
	if err := ValidateName(name); err != nil {
		return name, true, err
	}
	return name, true, nil
}

func (s *Source) canEscalate() bool {
	return s.policy.mode() == ModeAllowlist && s.policy.Escalate
}

func (s *Source) denied(name string) error {
	switch s.policy.mode() {
	case ModeAllowlist:
		return &PermissionError{Binary: name, Reason: "not in the [cli] allow list; add it to allow in toolplane.toml"}
	default:
		return &PermissionError{Binary: name, Reason: `CLI binaries are disabled; set [cli] mode = "allowlist" and list it in allow`}
	}
}

// resolve returns the pinned path of name, resolving it on first use.
func (s *Source) resolve(name string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p, ok := s.paths[name]; ok {
		return p, nil
	}
	p, err := lookPath(name)
	if err != nil {
		return "", fmt.Errorf("cli:%s: %w", name, err)
	}
	s.paths[name] = p
	return p, nil
}

// capability builds (once) the capability of a binary the caller has
// already decided may be exposed.
func (s *Source) capability(name string) (*capability.Capability, error) {
	path, err := s.resolve(name)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.caps[name]; ok {
		return c, nil
	}
	labels := map[string]string{}
	for k, v := range s.policy.Labels[name] {
		labels[k] = v
	}
	c := &capability.Capability{
		ID:           capability.MakeID(capability.SourceCLI, "", name),
		Source:       capability.SourceCLI,
		Name:         name,
		Description:  description(name, path),
		InputSchema:  json.RawMessage(inputSchema),
		OutputSchema: json.RawMessage(outputSchema),
		Labels:       labels,
		Handler:      s.handler(name, path),
	}
	s.caps[name] = c
	return c, nil
}

// handler runs one call. It re-checks the policy itself, so a route to the
// handler that skipped Admission still cannot run a binary that is neither
// allowed nor granted for exactly this argv, nor arguments the binary's
// argument policy refuses. The run gets the binary's own environment
// (envFor), and its gate (git's repository config check) runs first.
func (s *Source) handler(name, path string) capability.Handler {
	return func(ctx context.Context, args map[string]any) (*capability.Result, error) {
		inv, argv, err := parseArgs(name, args)
		if err != nil {
			return nil, err
		}
		if !s.policy.allows(name) && !s.takeGrant(ctx, name, argv) {
			return nil, s.denied(name)
		}
		c, err := s.args.check(name, path, inv)
		if err != nil {
			return nil, err
		}
		env := envFor(s.run.env, c.spec)
		if c.spec != nil && c.spec.gate != nil {
			err := c.spec.gate(ctx, gateRun{call: c, run: func(ctx context.Context, argv []string) (*Output, error) {
				return s.run.run(ctx, path, argv, env, gateTimeout, gateMaxOutput)
			}})
			if err != nil {
				return nil, err
			}
		}
		out, err := s.run.run(ctx, path, argv, env, s.run.timeout, s.run.maxOutput)
		if err != nil {
			return nil, err
		}
		return toResult(out, inv.Check, s.run.timeout), nil
	}
}

// parseArgs decodes and renders a call's input to the full argv.
func parseArgs(name string, args map[string]any) (Invocation, []string, error) {
	inv, err := ParseInvocation(args)
	if err != nil {
		return inv, nil, &ArgumentError{Binary: name, Err: err}
	}
	rest, err := inv.Argv()
	if err != nil {
		return inv, nil, &ArgumentError{Binary: name, Err: err}
	}
	return inv, append([]string{name}, rest...), nil
}

// ArgumentError reports input that cannot be rendered to an argv.
type ArgumentError struct {
	Binary string
	Err    error
}

// Error implements error.
func (e *ArgumentError) Error() string {
	return fmt.Sprintf("cli:%s: bad arguments: %v", e.Binary, e.Err)
}

// Unwrap returns the underlying error.
func (e *ArgumentError) Unwrap() error { return e.Err }

// PythonException names the Python exception a snippet sees for this error.
func (e *ArgumentError) PythonException() string { return "ValueError" }

// toResult shapes a run's output as a capability result. A timeout is
// always an error; a non-zero exit is one when check is set.
func toResult(out *Output, check bool, timeout time.Duration) *capability.Result {
	argv := make([]any, len(out.Argv))
	for i, a := range out.Argv {
		argv[i] = a
	}
	res := &capability.Result{Structured: map[string]any{
		"stdout":      out.Stdout,
		"stderr":      out.Stderr,
		"exit_code":   int64(out.ExitCode),
		"truncated":   out.Truncated,
		"timed_out":   out.TimedOut,
		"argv":        argv,
		"duration_ms": out.DurationMS,
	}}
	name := out.Argv[0]
	switch {
	case out.TimedOut:
		res.IsError = true
		res.Content = []capability.Content{{Type: "text", Text: fmt.Sprintf("%s timed out after %s; its process group was killed", name, timeout)}}
	case check && out.ExitCode != 0:
		res.IsError = true
		msg := fmt.Sprintf("%s exited with status %d", name, out.ExitCode)
		if t := tail(out.Stderr, 20, 2000); t != "" {
			msg += ": " + t
		}
		res.Content = []capability.Content{{Type: "text", Text: msg}}
	default:
		res.Content = []capability.Content{{Type: "text", Text: out.Stdout}}
	}
	return res
}

// grant is a one-call permission made by Admission after the human said yes.
type grant struct {
	src    *Source
	binary string
	argv   []string
	used   atomic.Bool
}

type grantKey struct{}

// takeGrant consumes the grant in ctx if it was made by this source for
// exactly this binary and argv.
func (s *Source) takeGrant(ctx context.Context, name string, argv []string) bool {
	g, ok := ctx.Value(grantKey{}).(*grant)
	return ok && g.src == s && g.binary == name && slices.Equal(g.argv, argv) && g.used.CompareAndSwap(false, true)
}

// escalate asks the human about one call of a binary outside the allowlist
// and returns a context carrying the grant when they said yes.
func (s *Source) escalate(ctx context.Context, name string, args map[string]any) (context.Context, error) {
	inv, argv, err := parseArgs(name, args)
	if err != nil {
		return ctx, err
	}
	path, err := s.resolve(name)
	if err != nil {
		return ctx, err // nothing to ask about
	}
	// A refused argument is refused: the human is not asked to approve
	// what the binary's argument policy exists to stop.
	if _, err := s.args.check(name, path, inv); err != nil {
		return ctx, err
	}
	decision := DecisionError
	var askErr error
	if s.hooks.Escalator == nil {
		askErr = errors.New("no escalation channel is available (it needs an MCP client that supports elicitation)")
	} else {
		decision, askErr = s.hooks.Escalator(ctx, name, slices.Clone(argv))
		if askErr != nil && decision != DecisionCooldown {
			decision = DecisionError
		}
	}
	switch decision {
	case DecisionGranted, DecisionDeclined, DecisionAbandoned, DecisionCooldown, DecisionError:
	default:
		askErr = fmt.Errorf("escalator returned unknown decision %q", decision)
		decision = DecisionError
	}
	if s.hooks.OnEscalation != nil {
		s.hooks.OnEscalation(name, decision)
	}
	if decision == DecisionGranted {
		return context.WithValue(ctx, grantKey{}, &grant{src: s, binary: name, argv: argv}), nil
	}
	reason := fmt.Sprintf("not in the [cli] allow list and escalation was %s", decision)
	if decision == DecisionCooldown {
		reason = "not in the [cli] allow list and escalation was declined without asking"
	}
	if askErr != nil {
		reason += ": " + askErr.Error()
	}
	return ctx, &PermissionError{Binary: name, Reason: reason}
}

// Decision is the outcome of asking the human about one escalated call.
type Decision string

// Escalation decisions, as they appear in the audit log.
const (
	DecisionGranted   Decision = "granted"   // run it, this once
	DecisionDeclined  Decision = "declined"  // the human said no
	DecisionAbandoned Decision = "abandoned" // the human dismissed the question
	// DecisionCooldown: declined without asking, because the human
	// declined or dismissed an earlier question of the same requester
	// less than [cli] escalation_cooldown ago.
	DecisionCooldown Decision = "cooldown"
	DecisionError    Decision = "error" // nobody could be asked
)

// Escalator asks the human whether binary may run once with argv.
type Escalator func(ctx context.Context, binary string, argv []string) (Decision, error)
