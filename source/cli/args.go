package cli

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// This file is the argument policy: what an allowed binary may be asked to
// do. A binary is allowed by name; its arguments are then checked on what
// the binary will make of them, not on raw strings: the rendered argv is
// parsed with the binary's grammar (long options with "=" or a separate
// value, abbreviations, clusters of short options, "--", single-dash long
// options, old-style tar letters, response files), and every option is
// matched on its canonical name against the built-in rules of the binary
// (argspec_*.go) and the configured [cli.binaries.NAME] deny_args.
//
// The parse errs on the side of refusing: a word that starts with "-" is
// checked as an option wherever it appears (also as the value of another
// option, also for binaries that would take it as a positional), long
// options match by prefix as abbreviations, and a binary without a built-in
// grammar honours neither "--" nor value-taking options.

// ArgPolicy is the configured part of one binary's argument policy, the
// [cli.binaries.NAME] table. It only adds refusals to the built-in policy:
// nothing configured here can allow what the built-in policy refuses.
type ArgPolicy struct {
	// DenyArgs are options refused wherever they appear: "--force" (and its
	// abbreviations and "--force=x"), "-f" (also inside "-xf" clusters),
	// "-exec" (a single-dash long option, matched as a whole word), or "@"
	// (any argument starting with "@", a response file).
	DenyArgs []string
	// AllowSubcommands, when set, lists the only subcommands (first
	// argument) a call may name.
	AllowSubcommands []string
	// DenySubcommands lists subcommands a call may not name.
	DenySubcommands []string
	// NoBuiltin turns the built-in policy of this binary off
	// (builtin_policy = false): only the lists above bound it.
	NoBuiltin bool
}

// CheckDenyArg validates one deny_args entry: "-x", "--long", "-long" or
// "@". The config file and Policy.Check share it.
func CheckDenyArg(a string) error {
	switch {
	case a == "@":
		return nil
	case a == "" || a[0] != '-' || a == "-" || a == "--":
		return fmt.Errorf("%q is not an option: write it with its dashes, like \"--force\" or \"-f\" (or \"@\" for response files)", a)
	case strings.ContainsAny(a, "= \t\n\x00"):
		return fmt.Errorf("%q: write the option name only, without a value or spaces (%q refuses every value)", a, strings.SplitN(a, "=", 2)[0])
	case !utf8.ValidString(a):
		return fmt.Errorf("%q is not valid UTF-8", a)
	}
	return nil
}

// CheckSubcommandName validates one allow_subcommands/deny_subcommands entry.
func CheckSubcommandName(s string) error {
	if s == "" || s[0] == '-' || strings.ContainsAny(s, " \t\n\x00") || !utf8.ValidString(s) {
		return fmt.Errorf("%q is not a subcommand name (a word without spaces that does not start with \"-\")", s)
	}
	return nil
}

// action is what a rule does with a matched option.
type action int

const (
	actDeny    action = iota // refuse the option
	actAllow                 // accept it (global options are an allowlist)
	actConfine               // its value is a path that must stay inside the working directory
	actCheck                 // its value is passed to rule.check
)

// arity says whether an option takes a value.
type arity int

const (
	noValue   arity = iota // a flag
	needValue              // "--opt=v", "--opt v", "-ov", "-o v"
	attached               // an optional value, only attached: "--opt=v", "-ov"
)

// rule is one option's treatment. names hold every spelling with dashes:
// "-u", "--upload-pack"; for single-dash-long grammars "-exec".
type rule struct {
	names []string
	act   action
	value arity
	why   string // why it is refused: "runs a command"
	check func(v string, c *argCall) error
	// user marks rules from deny_args, so refusals name the fix.
	user bool
	// endsOptions: in a programArgs grammar, what follows this option's
	// value belongs to the program (python -m MOD ARGS).
	endsOptions bool
}

func denyArg(why string, names ...string) rule { return rule{names: names, act: actDeny, why: why} }

// denyV is deny for an option that takes a value, so the value word is
// consumed (and still checked when it looks like an option).
func denyArgV(why string, names ...string) rule {
	return rule{names: names, act: actDeny, value: needValue, why: why}
}

func allow(names ...string) rule { return rule{names: names, act: actAllow} }

func allowV(names ...string) rule { return rule{names: names, act: actAllow, value: needValue} }

func confine(why string, names ...string) rule {
	return rule{names: names, act: actConfine, value: needValue, why: why}
}

func checkV(check func(string, *argCall) error, names ...string) rule {
	return rule{names: names, act: actCheck, value: needValue, check: check}
}

// grammar is how a binary reads its argv.
type grammar struct {
	// singleDashLong: "-name" is one option (find, openssl), never a cluster.
	singleDashLong bool
	// dashDash: "--" ends the options; what follows is positional.
	dashDash bool
	// noAbbrev: long options must be spelt in full (the default accepts
	// unique prefixes, as getopt_long and git do; matching prefixes only
	// ever refuses more).
	noAbbrev bool
	// responseFiles: "@file" is replaced by the file's arguments.
	responseFiles bool
	// oldStyle: a first word without "-" is a cluster of option letters
	// whose values are the following words (tar cvf x.tar).
	oldStyle bool
	// plus: a word starting with "+" is an option or a command (less +cmd).
	plus bool
	// programArgs: options end at the first positional (the script an
	// interpreter runs) or at a rule marked endsOptions (python -m MOD):
	// what follows is the program's, not the binary's.
	programArgs bool
	// eitherDash: a single-dash word may be read as a long option too
	// (-node-options as --node-options, as npm's parser and getopt_long_only
	// do); it is checked both ways.
	eitherDash bool
}

// kind classifies what a built-in policy can promise.
type kind int

const (
	// kindBounded: the policy refuses the binary's known ways to run a
	// command, load code, or write outside the working directory.
	kindBounded kind = iota
	// kindRunsFiles: an interpreter or build tool; inline code is refused,
	// but the files it runs do what they say.
	kindRunsFiles
	// kindRunner: runs the command it is given; a command word is refused.
	kindRunner
	// kindUnbounded: no argument policy can bound it; every call is refused
	// unless builtin_policy = false.
	kindUnbounded
)

// argSpec is the built-in policy of one binary.
type argSpec struct {
	name    string
	kind    kind
	summary string // what the policy refuses and what it cannot bound
	grammar grammar
	// subcommands: the first argument is a subcommand and options before
	// it are global options, allowed only when listed in global.
	subcommands bool
	global      []rule
	// knownSubs, when set, lists the only subcommands allowed.
	knownSubs []string
	denySubs  map[string]string // subcommand -> why
	rules     []rule            // after the subcommand, or everywhere
	subRules  map[string][]rule
	// valueShort lists, per subcommand ("" for all), short options that
	// take a value, so that value is not read as more option letters.
	valueShort map[string]string
	check      func(c *argCall) error
	env        envRules
	// helpArgs is the argv tail that prints help for a summary.
	helpArgs []string
	// gate runs before every run with the run's environment (git reads the
	// repository's config).
	gate gateFunc
	// flavor, when set, tells flavors of the binary apart by its path
	// (GNU or BSD sed); the result is cached per path and in argCall.flavor.
	flavor func(path string) string
}

// argCall is one call being checked: the binary's view of its argv.
type argCall struct {
	binary  string
	spec    *argSpec // nil without a built-in policy
	sub     string   // the subcommand, "" when none
	globals []string // rendered global words (git -C dir)
	// opts are the options found, with their values.
	opts []foundOpt
	// positionals are the words that are neither options nor their values.
	positionals []string
	// values are the values of options, in order.
	values []string
	// dir is where relative paths resolve (the run's cwd, after git -C).
	dir string
	// root is the working directory paths must stay inside.
	root string
	// protected are toolplane's own files, which no path may reach.
	protected []protectedPath
	// flavor is what spec.flavor said of the binary ("" when unknown).
	flavor string
}

// foundOpt is one option as the binary reads it.
type foundOpt struct {
	name     string // canonical spelling: "--upload-pack", "-u"
	value    string
	hasValue bool
}

// has reports whether the call carries an option named by one of names.
func (c *argCall) has(names ...string) bool {
	for _, o := range c.opts {
		if slices.Contains(names, o.name) {
			return true
		}
	}
	return false
}

// valuesOf returns the values of the options named by names.
func (c *argCall) valuesOf(names ...string) []string {
	var out []string
	for _, o := range c.opts {
		if slices.Contains(names, o.name) && o.hasValue {
			out = append(out, o.value)
		}
	}
	return out
}

// argDenied is the refusal of one argument.
func (c *argCall) argDenied(word, why string, user bool) error {
	src := fmt.Sprintf("the built-in argument policy of %s", c.binary)
	if user {
		src = fmt.Sprintf("[cli.binaries.%s] deny_args", c.binary)
	}
	return &PermissionError{Binary: c.binary, Reason: fmt.Sprintf("argument %q is refused: %s (%s)", word, why, src)}
}

func (c *argCall) refuse(format string, args ...any) error {
	return &PermissionError{Binary: c.binary, Reason: fmt.Sprintf(format, args...) + fmt.Sprintf(" (the built-in argument policy of %s)", c.binary)}
}

// ruleSet indexes rules for matching.
type ruleSet struct {
	long   []rule // names starting with "--", or single-dash long names
	short  map[byte][]rule
	plus   []rule
	at     *rule
	single map[string][]rule // single-dash multi-letter names matched as whole words
}

func newRuleSet(g grammar, rs ...[]rule) *ruleSet {
	s := &ruleSet{short: map[byte][]rule{}, single: map[string][]rule{}}
	for _, list := range rs {
		for _, r := range list {
			for _, n := range r.names {
				one := r
				one.names = []string{n}
				switch {
				case n == "@":
					s.at = &one
				case n == "+":
					s.plus = append(s.plus, one)
				case strings.HasPrefix(n, "--"):
					s.long = append(s.long, one)
				case len(n) == 2:
					s.short[n[1]] = append(s.short[n[1]], one)
				case g.singleDashLong:
					s.long = append(s.long, one)
				default:
					s.single[n] = append(s.single[n], one)
				}
			}
		}
	}
	return s
}

// lookalikeDashes are characters that look like "-" but are not: a word
// starting with one is refused so that what a reader (or a human approving
// an escalation) takes for an option is what the binary sees.
var lookalikeDashes = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d\u00ad\u2043"

func startsWithLookalike(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return r != utf8.RuneError && strings.ContainsRune(lookalikeDashes, r)
}

// scanner walks words with one rule set.
type scanner struct {
	c     *argCall
	g     grammar
	rules *ruleSet
	// valueShort: short options known to take a value.
	valueShort string
	// onlyListed: options not matched by a rule are refused (global options).
	onlyListed bool
	// listedNote says why an unlisted option is refused; built only then.
	listedNote func() string
	// stopAtPositional ends the scan at the first positional (global
	// options end at the subcommand); scan then returns its index.
	stopAtPositional bool
}

// scan classifies words into options (checked) and positionals.
func (s *scanner) scan(words []string) error {
	_, err := s.scanTo(words)
	return err
}

// scanTo is scan that, with stopAtPositional, stops at the first
// positional and returns its index (len(words) when there is none).
func (s *scanner) scanTo(words []string) (int, error) {
	if s.g.oldStyle && len(words) > 0 && words[0] != "" && !s.isOption(words[0]) {
		words = s.expandOldStyle(words)
	}
	end := false
	for i := 0; i < len(words); i++ {
		w := words[i]
		if err := s.wordCheck(w); err != nil {
			return i, err
		}
		if !end && w == "--" && s.g.dashDash && !s.stopAtPositional {
			end = true
			continue
		}
		if end || !s.isOption(w) {
			if s.stopAtPositional {
				return i, nil
			}
			s.c.positionals = append(s.c.positionals, w)
			end = end || s.g.programArgs
			continue
		}
		next := ""
		hasNext := i+1 < len(words)
		if hasNext {
			next = words[i+1]
		}
		before := len(s.c.opts)
		used, err := s.option(w, next, hasNext)
		if err != nil {
			return i, err
		}
		i += used
		if s.g.programArgs && s.endedOptions(before) {
			end = true
		}
	}
	return len(words), nil
}

// endedOptions reports whether an option found since index before is
// one after which the program's own arguments follow (python -m MOD).
func (s *scanner) endedOptions(before int) bool {
	for _, o := range s.c.opts[before:] {
		for _, r := range s.rules.long {
			if r.endsOptions && strings.EqualFold(r.names[0], o.name) {
				return true
			}
		}
		if len(o.name) == 2 {
			for _, r := range s.rules.short[o.name[1]] {
				if r.endsOptions {
					return true
				}
			}
		}
	}
	return false
}

// expandOldStyle rewrites a traditional first word ("cvfC" in tar cvfC
// x.tar dir) into options, each value-taking letter taking the next word
// in order, as tar reads it.
func (s *scanner) expandOldStyle(words []string) []string {
	bundle, rest := words[0], words[1:]
	var out []string
	for i := 0; i < len(bundle); i++ {
		ch := bundle[i]
		out = append(out, "-"+string(ch))
		takes := strings.IndexByte(s.valueShort, ch) >= 0
		for _, r := range s.rules.short[ch] {
			takes = takes || r.value == needValue
		}
		if takes && len(rest) > 0 {
			out = append(out, rest[0])
			rest = rest[1:]
		}
	}
	return append(out, rest...)
}

// wordCheck applies the checks every word gets, wherever it is.
func (s *scanner) wordCheck(w string) error {
	if startsWithLookalike(w) {
		return s.c.argDenied(w, "it starts with a character that looks like \"-\" but is not; write options with ASCII \"-\"", false)
	}
	if strings.HasPrefix(w, "@") && len(w) > 1 {
		if s.rules.at != nil {
			return s.c.argDenied(w, s.rules.at.why, s.rules.at.user)
		}
		if s.g.responseFiles {
			return s.c.argDenied(w, "it names a response file, whose arguments toolplane cannot see", false)
		}
	}
	return nil
}

func (s *scanner) isOption(w string) bool {
	if len(w) > 1 && w[0] == '-' {
		return true
	}
	return s.g.plus && len(w) > 1 && w[0] == '+'
}

// option checks one option word; it returns how many following words it
// consumed as its value.
func (s *scanner) option(w, next string, hasNext bool) (int, error) {
	switch {
	case w[0] == '+':
		if len(s.rules.plus) > 0 {
			return 0, s.c.argDenied(w, s.rules.plus[0].why, s.rules.plus[0].user)
		}
		if s.onlyListed {
			return 0, s.c.argDenied(w, s.listedNote(), false)
		}
		s.c.opts = append(s.c.opts, foundOpt{name: w})
		return 0, nil
	case strings.HasPrefix(w, "--") || s.g.singleDashLong:
		return s.long(w, next, hasNext)
	}
	// A single-dash word: first as a whole-word rule (deny_args "-exec"),
	// then, where the binary may read it so, as a long option, then as a
	// cluster of short options.
	name, _, _ := strings.Cut(w, "=")
	if rs, ok := s.rules.single[name]; ok {
		return s.apply(w, rs, name, w[len(name):], strings.Contains(w, "="), next, hasNext)
	}
	if s.g.eitherDash && len(name) > 2 {
		saved := s.c.opts
		if _, err := s.long("-"+w, "", false); err != nil {
			return 0, err
		}
		s.c.opts = saved
	}
	return s.cluster(w, next, hasNext)
}

// long matches "--name[=value]" (or "-name[=value]" in a single-dash
// grammar) against the long rules: exactly, ignoring case, else as an
// abbreviation (a prefix of a rule's name).
func (s *scanner) long(w, next string, hasNext bool) (int, error) {
	name, value, hasValue := strings.Cut(w, "=")
	if s.g.singleDashLong && strings.HasPrefix(name, "--") {
		name = name[1:] // go and openssl read --flag as -flag
	}
	lname := strings.ToLower(name)
	var exact, prefix []rule
	for _, r := range s.rules.long {
		rn := strings.ToLower(r.names[0])
		switch {
		case rn == lname:
			exact = append(exact, r)
		case !s.g.noAbbrev && strings.HasPrefix(rn, lname) && len(strings.TrimLeft(lname, "-")) > 0:
			prefix = append(prefix, r)
		}
	}
	matched := exact
	if len(matched) == 0 {
		matched = prefix
	}
	if len(matched) == 0 {
		if s.onlyListed {
			return 0, s.c.argDenied(w, s.listedNote(), false)
		}
		s.c.opts = append(s.c.opts, foundOpt{name: name, value: value, hasValue: hasValue})
		return 0, nil
	}
	return s.apply(w, matched, matched[0].names[0], value, hasValue, next, hasNext)
}

// cluster walks "-abc": each letter is an option until one that takes a
// value, which takes the rest of the word or the next word.
func (s *scanner) cluster(w, next string, hasNext bool) (int, error) {
	for j := 1; j < len(w); j++ {
		ch := w[j]
		rest := w[j+1:]
		if rs, ok := s.rules.short[ch]; ok {
			if !slices.ContainsFunc(rs, func(r rule) bool { return r.value != noValue }) {
				// A flag: check it, then read on through the cluster.
				if _, err := s.apply(w, rs, "-"+string(ch), "", false, "", false); err != nil {
					return 0, err
				}
				continue
			}
			return s.apply(w, rs, "-"+string(ch), rest, rest != "", next, hasNext)
		}
		if s.onlyListed {
			return 0, s.c.argDenied(w, s.listedNote(), false)
		}
		takesValue := strings.IndexByte(s.valueShort, ch) >= 0
		if !takesValue {
			s.c.opts = append(s.c.opts, foundOpt{name: "-" + string(ch)})
			continue
		}
		if rest != "" {
			s.c.opts = append(s.c.opts, foundOpt{name: "-" + string(ch), value: rest, hasValue: true})
			s.c.values = append(s.c.values, rest)
			return 0, nil
		}
		if !hasNext {
			s.c.opts = append(s.c.opts, foundOpt{name: "-" + string(ch)})
			return 0, nil
		}
		s.c.opts = append(s.c.opts, foundOpt{name: "-" + string(ch), value: next, hasValue: true})
		s.c.values = append(s.c.values, next)
		return 1, s.valueAsOption(next)
	}
	return 0, nil
}

// apply carries out the matched rules of one option. value/hasValue is an
// attached value; a rule that needs a value and has none takes next.
func (s *scanner) apply(w string, rs []rule, name, value string, hasValue bool, next string, hasNext bool) (int, error) {
	used := 0
	needs, flag := false, true
	for _, r := range rs {
		if r.value == needValue {
			needs = true
		}
		if r.value != noValue {
			flag = false
		}
	}
	if s.onlyListed && flag && hasValue {
		return 0, s.c.argDenied(w, name+" takes no value", false)
	}
	if needs && !hasValue && hasNext {
		value, hasValue, used = next, true, 1
	}
	for _, r := range rs {
		switch r.act {
		case actDeny:
			return 0, s.c.argDenied(w, r.why, r.user)
		case actConfine:
			if hasValue {
				if err := s.c.confine(value); err != nil {
					return 0, s.c.argDenied(w+valueNote(used, value), r.why+": "+err.Error(), false)
				}
			}
		case actCheck:
			if hasValue {
				if err := r.check(value, s.c); err != nil {
					return 0, s.c.argDenied(w+valueNote(used, value), err.Error(), false)
				}
			}
		}
	}
	s.c.opts = append(s.c.opts, foundOpt{name: name, value: value, hasValue: hasValue})
	if hasValue {
		s.c.values = append(s.c.values, value)
	}
	if used == 1 {
		return 1, s.valueAsOption(value)
	}
	return used, nil
}

func valueNote(used int, value string) string {
	if used == 1 {
		return " " + value
	}
	return ""
}

// valueAsOption checks a value word that looks like an option as an
// option too: if the grammar we know is wrong about the option taking a
// value, the binary reads the word as an option.
func (s *scanner) valueAsOption(v string) error {
	if err := s.wordCheck(v); err != nil {
		return err
	}
	if !s.isOption(v) {
		return nil
	}
	saved := s.c.opts
	_, err := s.option(v, "", false)
	s.c.opts = saved
	return err
}
