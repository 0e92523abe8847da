package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// argChecker holds what checking arguments needs besides the call: the
// configured per-binary policies and the working directory paths must stay
// inside.
type argChecker struct {
	args map[string]ArgPolicy
	// root is the run's working directory with symlinks resolved.
	root string
	// protected are toolplane's own files, resolved.
	protected []protectedPath
	// flavors caches, per resolved path, which flavor of a binary it is
	// (GNU or BSD sed), for specs whose grammar differs between them.
	flavors sync.Map
}

func newArgChecker(p Policy) (*argChecker, error) {
	root := p.Cwd
	if root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("cli: working directory: %w", err)
		}
		root = wd
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("cli: working directory %q: %w", root, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("cli: working directory %q: %w", root, err)
	}
	return &argChecker{args: p.Args, root: real, protected: resolveProtected(p.Protected)}, nil
}

// specFor returns the built-in policy of a binary: by its name, else by
// the name of the file its path resolves to (awk -> mawk, python3 ->
// python3.11), so a link does not shed the policy. It is nil when the
// binary has none or builtin_policy = false.
func (a *argChecker) specFor(name, path string) *argSpec {
	if a.args[name].NoBuiltin {
		return nil
	}
	return specFor(name, path)
}

func specFor(name, path string) *argSpec {
	if s := builtinSpec(name); s != nil {
		return s
	}
	if path == "" {
		return nil
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return builtinSpec(filepath.Base(real))
	}
	return nil
}

// check parses and checks one call. It returns the parsed call, which the
// run uses (environment, the git gate), or a *PermissionError naming the
// refused argument and why.
func (a *argChecker) check(name, path string, inv Invocation) (*argCall, error) {
	spec := a.specFor(name, path)
	user := a.args[name]
	gw, err := appendFlags(nil, "global", inv.Global)
	if err != nil {
		return nil, &ArgumentError{Binary: name, Err: err}
	}
	aw, err := appendWords(nil, "args", inv.Args)
	if err != nil {
		return nil, &ArgumentError{Binary: name, Err: err}
	}
	ow, err := appendFlags(nil, "options", inv.Options)
	if err != nil {
		return nil, &ArgumentError{Binary: name, Err: err}
	}
	pw, err := appendWords(nil, "positional", inv.Positional)
	if err != nil {
		return nil, &ArgumentError{Binary: name, Err: err}
	}
	c := &argCall{binary: name, spec: spec, globals: gw, dir: a.root, root: a.root, protected: a.protected}
	// Before any grammar: whatever a word is to the binary (an option's
	// value, a file to read, the target of a write), it may not name
	// toolplane's own files.
	all := slices.Concat(gw, aw, ow, pw)
	for _, w := range all {
		if pp := protectedHit(a.protected, a.root, w); pp != nil {
			return nil, &PermissionError{Binary: name, Reason: fmt.Sprintf("argument %q names toolplane's own files (%s): no CLI call may read or write them", w, pp.what)}
		}
		// A directory that holds them is read whole by a recursive reader
		// (rg x ., tar c ., grep -r x .., du ~, find /): whatever the
		// binary, it may not be named.
		if pp := protectedUnder(a.protected, a.root, w); pp != nil {
			return nil, &PermissionError{Binary: name, Reason: fmt.Sprintf("argument %q is a directory that holds toolplane's own files (%s), which a recursive reader would read; name a subdirectory that does not hold them", w, pp.what)}
		}
	}
	// With no directory named, these read the working directory whole.
	if pp := protectedInside(a.protected, a.root); pp != nil {
		if why := walksWorkingDir(name, path, all); why != "" {
			return nil, &PermissionError{Binary: name, Reason: fmt.Sprintf("the working directory %s holds toolplane's own files (%s) and %s; set [cli] cwd to a project directory that does not hold them", a.root, pp.what, why)}
		}
	}
	if spec != nil && spec.flavor != nil && path != "" {
		if f, ok := a.flavors.Load(path); ok {
			c.flavor = f.(string)
		} else {
			c.flavor = spec.flavor(path)
			a.flavors.Store(path, c.flavor)
		}
	}
	if spec != nil && spec.kind == kindUnbounded {
		return nil, &PermissionError{Binary: name, Reason: spec.summary + fmt.Sprintf("; toolplane refuses every call of it unless [cli.binaries.%s] builtin_policy = false", name)}
	}

	var userRules []rule
	for _, d := range user.DenyArgs {
		if CheckDenyArg(d) != nil {
			continue // Policy.Check reports it; never let a bad entry allow
		}
		r := rule{names: []string{d}, act: actDeny, user: true, why: "it is listed"}
		if d == "@" {
			r.why = "arguments starting with \"@\" are listed"
		}
		userRules = append(userRules, r)
	}
	// No built-in grammar: abbreviations on, "--" not honoured, a
	// single-dash word read both as a long option and as a cluster.
	g := grammar{eitherDash: true}
	var rules []rule
	valueShort := ""
	if spec != nil {
		g = spec.grammar
		rules = spec.rules
		valueShort = spec.valueShort[""]
	}

	subMode := spec != nil && spec.subcommands || len(user.AllowSubcommands) > 0 || len(user.DenySubcommands) > 0
	if !subMode {
		words := slices.Concat(gw, aw, ow, pw)
		s := &scanner{c: c, g: g, rules: newRuleSet(g, rules, userRules), valueShort: valueShort}
		if err := s.scan(words); err != nil {
			return nil, err
		}
		return c, a.finish(c, spec)
	}

	if spec != nil && spec.subcommands {
		// The binary's own parse: global options (an allowlist whose
		// values toolplane knows), then the first positional is the
		// subcommand. Options may lead args (git("-C", "sub", "status")),
		// but only the allowed global ones.
		stream := slices.Concat(gw, aw)
		gs := &scanner{c: c, g: g, rules: newRuleSet(g, spec.global, userRules), onlyListed: true, stopAtPositional: true,
			listedNote: func() string {
				return fmt.Sprintf("it is not among the global options toolplane allows before a %s subcommand (%s)", name, listNames(spec.global))
			}}
		n, err := gs.scanTo(stream)
		if err != nil {
			return nil, err
		}
		c.globals = stream[:n]
		rest := slices.Concat(ow, pw)
		if n < len(stream) {
			c.sub = stream[n]
			rest = slices.Concat(stream[n+1:], rest)
		} else if len(rest) > 0 {
			// No subcommand yet: what follows is read as global options
			// too, and a positional there would be the subcommand.
			gs.stopAtPositional = false
			if err := gs.scan(rest); err != nil {
				return nil, err
			}
			if len(c.positionals) > 0 {
				return nil, &PermissionError{Binary: name, Reason: fmt.Sprintf("argument %q would be read as the subcommand; name the subcommand as the call's first argument", c.positionals[0])}
			}
			rest = nil
		}
		if err := a.checkSub(c, spec, user); err != nil {
			return nil, err
		}
		return a.scanRest(c, spec, g, userRules, rest)
	}

	// Configured subcommand rules on a binary without a built-in grammar:
	// toolplane does not know which of its options take values, so the
	// subcommand is the call's first argument, and _global words must all
	// be options (a separate value could be read as the subcommand).
	rest := slices.Concat(ow, pw)
	if len(aw) > 0 {
		c.sub = aw[0]
		rest = slices.Concat(aw[1:], rest)
	} else if slices.ContainsFunc(rest, func(w string) bool { return !strings.HasPrefix(w, "-") }) {
		return nil, &PermissionError{Binary: name, Reason: fmt.Sprintf("name the subcommand of %s as the call's first argument ([cli.binaries.%s] lists subcommands)", name, name)}
	}
	for _, w := range gw {
		if !strings.HasPrefix(w, "-") {
			return nil, &PermissionError{Binary: name, Reason: fmt.Sprintf("global option value %q could be read as the subcommand; write _global options of %s as --name=value", w, name)}
		}
	}
	if err := a.checkSub(c, spec, user); err != nil {
		return nil, err
	}
	gs := &scanner{c: c, g: g, rules: newRuleSet(g, rules, userRules), valueShort: valueShort}
	if err := gs.scan(gw); err != nil {
		return nil, err
	}
	return a.scanRest(c, spec, g, userRules, rest)
}

// scanRest checks the words after the subcommand with the subcommand's
// rules and finishes the call.
func (a *argChecker) scanRest(c *argCall, spec *argSpec, g grammar, userRules []rule, rest []string) (*argCall, error) {
	var rules []rule
	valueShort := ""
	if spec != nil {
		rules = slices.Concat(spec.rules, spec.subRules[c.sub])
		valueShort = spec.valueShort[""] + spec.valueShort[c.sub]
	}
	s := &scanner{c: c, g: g, rules: newRuleSet(g, rules, userRules), valueShort: valueShort}
	if err := s.scan(rest); err != nil {
		return nil, err
	}
	return c, a.finish(c, spec)
}

// checkSub checks the subcommand against the built-in and configured lists.
func (a *argChecker) checkSub(c *argCall, spec *argSpec, user ArgPolicy) error {
	name, sub := c.binary, c.sub
	if sub == "" {
		// Without a subcommand a binary with a built-in grammar only reads
		// its allowed global options; one without is refused.
		if len(user.AllowSubcommands) > 0 && (spec == nil || !spec.subcommands) {
			return &PermissionError{Binary: name, Reason: fmt.Sprintf("a call must name one of the subcommands [cli.binaries.%s] allow_subcommands lists (%s) as its first argument", name, strings.Join(user.AllowSubcommands, ", "))}
		}
		return nil
	}
	if strings.HasPrefix(sub, "-") || strings.HasPrefix(sub, "+") || startsWithLookalike(sub) || strings.HasPrefix(sub, "@") {
		return &PermissionError{Binary: name, Reason: fmt.Sprintf("the first argument of %s is its subcommand, not %q; pass options as keyword arguments and global options in _global", name, sub)}
	}
	if len(user.AllowSubcommands) > 0 && !slices.Contains(user.AllowSubcommands, sub) {
		return &PermissionError{Binary: name, Reason: fmt.Sprintf("subcommand %q is not in [cli.binaries.%s] allow_subcommands (%s)", sub, name, strings.Join(user.AllowSubcommands, ", "))}
	}
	if slices.Contains(user.DenySubcommands, sub) {
		return &PermissionError{Binary: name, Reason: fmt.Sprintf("subcommand %q is in [cli.binaries.%s] deny_subcommands", sub, name)}
	}
	if spec == nil || !spec.subcommands {
		return nil
	}
	if why, ok := spec.denySubs[sub]; ok {
		return c.refuse("subcommand %q is refused: %s", sub, why)
	}
	if spec.knownSubs != nil && !slices.Contains(spec.knownSubs, sub) {
		return c.refuse("%q is not a %s subcommand toolplane knows (an unknown subcommand can be an alias or a program on PATH)", sub, name)
	}
	return nil
}

// finish runs the binary's own checks of positionals and combinations.
func (a *argChecker) finish(c *argCall, spec *argSpec) error {
	if spec == nil || spec.check == nil {
		return nil
	}
	return spec.check(c)
}

func listNames(rs []rule) string {
	var out []string
	for _, r := range rs {
		if r.act != actDeny {
			out = append(out, r.names...)
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

// errOutside is wrapped by confinement refusals.
var errOutside = errors.New("outside the working directory")

// confine checks that path, resolved against the call's directory with
// symlinks followed as far as they exist, stays inside the working
// directory and outside any .git directory. "-" (standard input or
// output) is fine.
func (c *argCall) confine(path string) error {
	if path == "-" || path == "" {
		return nil
	}
	if strings.HasPrefix(path, "~") {
		return fmt.Errorf("%q starts with ~ (a home directory): %w %s", path, errOutside, c.root)
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(c.dir, abs)
	}
	for _, p := range []string{filepath.Clean(abs), realPath(c.dir, path)} {
		rel, err := filepath.Rel(c.root, p)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			return fmt.Errorf("%q is %w %s", path, errOutside, c.root)
		}
		for _, part := range strings.Split(rel, string(filepath.Separator)) {
			if strings.EqualFold(part, ".git") {
				return fmt.Errorf("%q is inside a .git directory, whose files tell git what to run", path)
			}
		}
		for i := range c.protected {
			if c.protected[i].hit(p) {
				return fmt.Errorf("%q is toolplane's own files (%s)", path, c.protected[i].what)
			}
		}
		if pp := protectedInside(c.protected, p); pp != nil {
			return fmt.Errorf("%q holds toolplane's own files (%s), which a write there could change or remove", path, pp.what)
		}
	}
	return nil
}

// confinePathLike confines a word that may or may not be a path (a git
// revision, a URL, a file): one that is absolute, starts with ~, climbs
// with "..", or names something that exists (a symlink may point out).
func (c *argCall) confinePathLike(w string) error {
	if w == "" || w == "-" {
		return nil
	}
	climbs := slices.Contains(strings.Split(filepath.ToSlash(w), "/"), "..")
	if filepath.IsAbs(w) || strings.HasPrefix(w, "~") || climbs {
		return c.confine(w)
	}
	if _, err := os.Lstat(filepath.Join(c.dir, w)); err == nil {
		return c.confine(w)
	}
	return nil
}

// realPath resolves p (relative to the resolved directory base) the way
// the kernel will: component by component, following symlinks, dangling
// ones included, and applying ".." to the resolved parent. From the first
// component that does not exist on, the rest is applied lexically.
func realPath(base, p string) string {
	cur := base
	if filepath.IsAbs(p) {
		cur = string(filepath.Separator)
	}
	parts := strings.Split(filepath.ToSlash(p), "/")
	hops := 0
	for i := 0; i < len(parts); i++ {
		switch parts[i] {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, parts[i])
		fi, err := os.Lstat(next)
		if err != nil {
			return filepath.Join(append([]string{next}, parts[i+1:]...)...)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		hops++
		target, err := os.Readlink(next)
		if err != nil || hops > 40 {
			return next // the binary fails on it too
		}
		if filepath.IsAbs(target) {
			cur = string(filepath.Separator)
		}
		parts = append(strings.Split(filepath.ToSlash(target), "/"), parts[i+1:]...)
		i = -1
	}
	return cur
}
