package cli

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"
)

// git is the binary agents are most often allowed, and the one with the
// most ways to run a command: config (-c alias.x=!cmd, core.sshCommand,
// core.fsmonitor), transports (ext::, --upload-pack), hooks, helpers
// (--exec-path, merge strategies), subcommands that run what they are
// given (filter-branch, bisect run, submodule foreach, rebase --exec), and
// the repository's own .git/config. Its policy:
//
//   - global options are an allowlist (-C inside the working directory,
//     --no-pager and the pathspec switches); -c, --config-env, --exec-path,
//     --git-dir, --work-tree and --paginate are refused;
//   - subcommands are an allowlist of git's builtins, so an alias or a
//     git-foo program on PATH is never reached; those that run programs are
//     refused, config only reads;
//   - options that run programs, read files into the output, or write
//     outside the working directory are refused or confined;
//   - positionals (paths, revisions, URLs) must not point outside the
//     working directory, and ext::/fd:: transports are refused;
//   - every run has hooks and fsmonitor off (command-scope config that
//     outranks the repository's), a no-op editor, no pager, no prompt, and
//     only the file, git, http, https and ssh transports (GIT_ALLOW_PROTOCOL);
//   - before every run, git's own view of the repository's config is read,
//     and a repository whose local config names a command (filters,
//     textconv, credential helpers, diff.external, core.sshCommand, ...) is
//     refused.

// gitStrategies are git's built-in merge strategies; any other name runs
// git-merge-NAME found on the exec path or PATH.
var gitStrategies = []string{"ort", "recursive", "resolve", "octopus", "ours", "subtree"}

func gitStrategy(v string, _ *argCall) error {
	if !slices.Contains(gitStrategies, v) {
		return fmt.Errorf("strategy %q is not one of git's built-in strategies (%s); another name runs a program git-merge-%s", v, strings.Join(gitStrategies, ", "), v)
	}
	return nil
}

// gitChdir confines git -C and moves the call's directory there, so later
// paths resolve as git resolves them.
func gitChdir(v string, c *argCall) error {
	if err := c.confine(v); err != nil {
		return err
	}
	if v != "" {
		c.dir = realPath(c.dir, v)
	}
	return nil
}

const (
	whyRemoteProgram = "it names the program run on the other end, which for a local or ext:: remote runs on this machine"
	whyConfig        = "it sets git configuration, which can name commands (alias.x=!cmd, core.sshCommand, core.fsmonitor)"
	whyReadsFile     = "it reads a file of your choosing into git's output"
	whyWrites        = "it writes to a path"
)

func gitSpec() *argSpec {
	return &argSpec{
		name: "git",
		kind: kindBounded,
		summary: "refuses -c and other global options that change what git runs, subcommands that run programs " +
			"(filter-branch, difftool, bisect run, submodule foreach, help, daemon, ...), config writes, " +
			"--upload-pack/--receive-pack/--exec, rebase -x, ext:: and fd:: transports, and paths outside the working directory; " +
			"every run has hooks and fsmonitor off, no editor, pager or prompt, and only the file, git, http, https and ssh transports; " +
			"a repository whose own .git/config names a command (filters, textconv, credential helpers, core.sshCommand, ...) is refused. " +
			"Not bounded: what git fetches from and pushes to over the network, and commands that your own ~/.gitconfig names",
		grammar:     grammar{dashDash: true},
		subcommands: true,
		helpArgs:    []string{"-h"},
		global: []rule{
			checkV(gitChdir, "-C"),
			allow("--no-pager", "-P", "--no-replace-objects", "--literal-pathspecs", "--glob-pathspecs",
				"--noglob-pathspecs", "--icase-pathspecs", "--no-optional-locks", "--no-advice", "--bare",
				"--version", "-v", "-h", "--html-path", "--man-path", "--info-path"),
			allowV("--namespace", "--attr-source"),
			denyArgV(whyConfig, "-c", "--config-env"),
			denyArg("it runs git's helper programs from a directory of your choosing", "--exec-path"),
			denyArgV("it points git at another repository, whose config can run commands", "--git-dir", "--work-tree"),
			denyArg("it runs a pager program", "-p", "--paginate"),
			denyArg("it runs man or a browser; use -h on a subcommand", "--help"),
			denyArgV("it is git's own plumbing", "--super-prefix"),
		},
		knownSubs: strings.Fields(`add am annotate apply archive bisect blame branch bugreport bundle
		cat-file check-attr check-ignore check-mailmap check-ref-format checkout checkout-index cherry
		cherry-pick clean clone column commit commit-graph commit-tree config count-objects describe
		diagnose diff diff-files diff-index diff-tree fetch fetch-pack fmt-merge-msg for-each-ref
		format-patch fsck fsck-objects gc get-tar-commit-id grep hash-object index-pack init init-db
		interpret-trailers log ls-files ls-remote ls-tree mailinfo mailsplit merge merge-base merge-file
		merge-tree mktag mktree multi-pack-index mv name-rev notes pack-objects pack-redundant pack-refs
		patch-id prune prune-packed pull push range-diff read-tree rebase reflog remote repack replace
		rerere reset restore rev-list rev-parse revert rm send-pack shortlog show show-branch show-index
		show-ref sparse-checkout stage stash status stripspace submodule switch symbolic-ref tag
		unpack-file unpack-objects update-index update-ref update-server-info var verify-commit
		verify-pack verify-tag version whatchanged worktree write-tree`),
		denySubs: map[string]string{
			"filter-branch":  "it runs the shell commands given as filters",
			"difftool":       "it runs external diff programs",
			"mergetool":      "it runs external merge programs",
			"help":           "it runs man or a browser; use -h on a subcommand",
			"instaweb":       "it starts a web server and a browser",
			"web--browse":    "it starts a browser",
			"daemon":         "it serves repositories on the network",
			"http-backend":   "it serves repositories",
			"upload-pack":    "it serves a repository",
			"receive-pack":   "it serves a repository and runs its hooks",
			"upload-archive": "it serves a repository",
			"shell":          "it is a login shell for git",
			"remote-ext":     "it runs a command as a transport",
			"remote-fd":      "it is a transport helper",
			"credential":     "it reads and stores credentials through configured helper programs",
			"send-email":     "it sends mail through configured programs",
			"imap-send":      "it runs a configured tunnel command",
			"hook":           "it runs hook scripts",
			"maintenance":    "it registers scheduled jobs with cron, launchd or systemd",
			"for-each-repo":  "it runs git commands in repositories that config names",
			"merge-index":    "it runs the program it is given for each file",
			"fast-import":    "it writes marks files that its input stream names",
		},
		rules: []rule{
			denyArgV(whyRemoteProgram, "--upload-pack", "--receive-pack", "--exec"),
			denyArgV("it copies hook scripts from a directory into the new repository", "--template"),
			denyArgV(whyConfig, "--config"),
			denyArg("it compares files outside the repository", "--no-index"),
			denyArgV("it reads the paths from a file of your choosing", "--pathspec-from-file"),
			denyArgV(whyReadsFile, "--contents", "--ignore-revs-file", "--signature-file", "--add-file"),
			denyArgV("it runs a pager program on the matching files", "--open-files-in-pager"),
			denyArg("it lets patches write outside the working tree", "--unsafe-paths"),
			denyArgV("it runs an external command", "--extcmd"),
			confine(whyWrites, "--output", "--output-directory", "--separate-git-dir", "--index-output", "--object-dir"),
			confine("it reads another repository's objects", "--reference", "--reference-if-able"),
			checkV(gitStrategy, "--strategy"),
		},
		subRules: map[string][]rule{
			"clone":          {denyArgV(whyRemoteProgram, "-u"), denyArgV(whyConfig, "-c")},
			"archive":        {confine(whyWrites, "-o"), denyArgV("it runs git-upload-archive of another repository, with --exec a command", "--remote")},
			"format-patch":   {confine(whyWrites, "-o")},
			"commit":         {denyArgV(whyReadsFile, "-F", "--file", "-t")},
			"commit-tree":    {denyArgV(whyReadsFile, "-F")},
			"tag":            {denyArgV(whyReadsFile, "-F", "--file")},
			"notes":          {denyArgV(whyReadsFile, "-F", "--file")},
			"merge":          {denyArgV(whyReadsFile, "-F", "--file"), checkV(gitStrategy, "-s")},
			"rebase":         {denyArgV("it runs a shell command after each commit", "-x"), checkV(gitStrategy, "-s")},
			"pull":           {checkV(gitStrategy, "-s")},
			"blame":          {denyArgV(whyReadsFile, "-S")},
			"annotate":       {denyArgV(whyReadsFile, "-S")},
			"grep":           {denyArg("it runs a pager program on the matching files", "-O"), confine("it reads patterns from a file", "-f")},
			"index-pack":     {confine(whyWrites, "-o")},
			"mailsplit":      {confine(whyWrites, "-o")},
			"diagnose":       {confine(whyWrites, "-o")},
			"bugreport":      {confine(whyWrites, "-o")},
			"checkout-index": {confine(whyWrites, "--prefix")},
			"config":         {confine("it reads a config file of your choosing", "-f", "--file")},
		},
		valueShort: map[string]string{
			"commit": "mcC", "tag": "mu", "notes": "mcC", "merge": "mX", "cherry-pick": "mX", "revert": "mX",
			"rebase": "X", "log": "nSGL", "show": "nSGL", "diff": "SG", "whatchanged": "nSGL", "grep": "eABCm",
		},
		check: checkGit,
		env: envRules{
			set: map[string]string{
				// Command-scope config outranks the repository's: hooks and
				// the fsmonitor command never run.
				"GIT_CONFIG_COUNT":   "2",
				"GIT_CONFIG_KEY_0":   "core.fsmonitor",
				"GIT_CONFIG_VALUE_0": "false",
				"GIT_CONFIG_KEY_1":   "core.hooksPath",
				"GIT_CONFIG_VALUE_1": "/dev/null",
				// Outrank core.editor, sequence.editor and core.pager; ":" is
				// git's no-op editor.
				"GIT_EDITOR":          ":",
				"GIT_SEQUENCE_EDITOR": ":",
				"GIT_PAGER":           "cat",
				"GIT_TERMINAL_PROMPT": "0",
			},
			defaults: map[string]string{
				// Outranks protocol.*.allow in any config: no ext::, fd:: or
				// other remote helper.
				"GIT_ALLOW_PROTOCOL": "file:git:http:https:ssh",
			},
			deny: []string{"GIT_CONFIG", "GIT_CONFIG_COUNT", "GIT_CONFIG_KEY_*", "GIT_CONFIG_VALUE_*", "GIT_CONFIG_PARAMETERS",
				"GIT_SSH", "GIT_SSH_COMMAND", "GIT_EXEC_PATH",
				"GIT_ASKPASS", "SSH_ASKPASS", "GIT_EXTERNAL_DIFF", "GIT_PROXY_COMMAND", "GIT_TEMPLATE_DIR",
				"GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
				"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_SHALLOW_FILE", "GIT_TRACE*"},
			why: "it makes git run a command, read other configuration or repositories, or write trace files",
		},
		gate: gitGate,
	}
}

// checkGit checks what git's options cannot say: every word for transports,
// positionals for paths outside the working directory, and the subcommands
// whose own first argument decides what they do.
func checkGit(c *argCall) error {
	if c.sub == "" {
		return nil
	}
	words := slices.Concat(c.globals, c.positionals, c.values)
	for _, o := range c.opts {
		words = append(words, o.name)
	}
	for _, w := range words {
		if err := gitTransport(w); err != nil {
			return c.argDenied(w, err.Error(), false)
		}
	}
	for _, p := range c.positionals {
		if err := c.confinePathLike(p); err != nil {
			return c.argDenied(p, "a path outside the working directory: "+err.Error(), false)
		}
	}
	first := ""
	if len(c.positionals) > 0 {
		first = c.positionals[0]
	}
	switch c.sub {
	case "submodule":
		if first == "foreach" {
			return c.refuse("git submodule foreach is refused: it runs a shell command in every submodule")
		}
	case "bisect":
		if first == "run" {
			return c.refuse("git bisect run is refused: it runs the command it is given")
		}
	case "config":
		return gitConfigReadOnly(c)
	}
	return nil
}

// gitTransport refuses the transports that run commands (ext::, fd::, and
// helper names with a path in them) and ssh URLs whose host reads as an
// ssh option.
func gitTransport(w string) error {
	if helper, _, ok := strings.Cut(w, "::"); ok && helper != "" && !strings.ContainsAny(helper, ":@ ") {
		h := strings.ToLower(helper)
		if h == "ext" || h == "fd" || strings.ContainsAny(h, `/\`) || strings.HasPrefix(h, ".") {
			return fmt.Errorf("the %s:: transport runs a command", helper)
		}
	}
	lw := strings.ToLower(w)
	for _, scheme := range []string{"ssh://", "git+ssh://", "ssh+git://"} {
		if rest, ok := strings.CutPrefix(lw, scheme); ok {
			host := rest
			if u, err := url.Parse(w); err == nil && u.Host != "" {
				host = u.Host
			}
			host = strings.TrimPrefix(host[strings.LastIndexByte(host, '@')+1:], "[")
			if strings.HasPrefix(host, "-") {
				return fmt.Errorf("its host %q would be read by ssh as an option", host)
			}
		}
	}
	return nil
}

// gitConfigReadOnly lets `git config` read and refuses every write: a
// config write can make the next git command run anything.
func gitConfigReadOnly(c *argCall) error {
	writes := []string{"--add", "--unset", "--unset-all", "--replace-all", "--rename-section", "--remove-section", "--edit", "-e", "--comment"}
	reads := []string{"--get", "--get-all", "--get-regexp", "--get-urlmatch", "--get-color", "--get-colorbool", "--list", "-l"}
	for _, o := range c.opts {
		for _, w := range writes {
			// Abbreviations count: --unset-a is --unset-all.
			if o.name == w || strings.HasPrefix(o.name, "--") && len(o.name) > 2 && strings.HasPrefix(w, o.name) {
				return c.refuse("git config %s is refused: config writes can make git run commands", o.name)
			}
		}
	}
	for _, o := range c.opts {
		if slices.Contains(reads, o.name) {
			return nil
		}
	}
	switch {
	case len(c.positionals) == 0:
		return nil
	case slices.Contains([]string{"get", "list"}, c.positionals[0]):
		return nil
	case len(c.positionals) == 1 && !slices.Contains([]string{"set", "unset", "rename-section", "remove-section", "edit"}, c.positionals[0]):
		return nil // git config NAME reads NAME
	}
	return c.refuse("git config with %d arguments writes configuration, which is refused: config writes can make git run commands; read with --get NAME or --list", len(c.positionals))
}

// Limits of the gate's own git run.
const (
	gateTimeout   = 10 * time.Second
	gateMaxOutput = 1 << 20
)

// gitConfigCommands are config keys that name a command git runs during
// ordinary commands. Keys are matched as git prints them: section and
// variable lower-cased, "*" standing for any subsection. They are refused
// in the repository's own config (local and worktree scopes); the same
// keys in your global or system config are yours and run.
var gitConfigCommands = []string{
	"core.sshcommand", "core.gitproxy", "core.askpass", "core.alternaterefscommand",
	"diff.external", "diff.*.textconv", "diff.*.command",
	"filter.*.clean", "filter.*.smudge", "filter.*.process",
	"merge.*.driver", "credential.helper", "credential.*.helper",
	"gpg.program", "gpg.*.program", "gpg.ssh.defaultkeycommand",
	"remote.*.uploadpack", "remote.*.receivepack", "remote.*.vcs",
	"trailer.*.command", "trailer.*.cmd", "interactive.difffilter",
	"man.viewer", "man.*.cmd", "man.*.path", "web.browser", "browser.*.cmd", "browser.*.path",
	"uploadpack.packobjectshook", "tar.*.command",
}

func gitKeyMatches(pattern, key string) bool {
	ps := strings.Split(pattern, ".")
	// A key is section[.subsection].variable; the subsection may hold dots.
	first := strings.IndexByte(key, '.')
	last := strings.LastIndexByte(key, '.')
	if first < 0 {
		return false
	}
	section, variable := strings.ToLower(key[:first]), strings.ToLower(key[last+1:])
	hasSub := first != last
	switch len(ps) {
	case 2:
		return !hasSub && section == ps[0] && variable == ps[1]
	case 3:
		if !hasSub || section != ps[0] || variable != ps[2] {
			return false
		}
		return ps[1] == "*" || strings.EqualFold(key[first+1:last], ps[1])
	}
	return false
}

// gitGate reads the configuration git will use for this call, with the
// call's own -C and environment, and refuses a repository whose local
// config names a command. It also proves the hardening took: the
// command-scope keys of the environment must be in git's view.
func gitGate(ctx context.Context, g gateRun) error {
	c := g.call
	if c.sub == "" {
		return nil // git --version, git -h: no repository is read
	}
	argv := slices.Concat([]string{c.binary}, c.globals, []string{"config", "--list", "--show-scope", "-z"})
	out, err := g.run(ctx, argv)
	if err != nil {
		return err
	}
	switch {
	case out.TimedOut:
		return c.refuse("reading the repository's git config timed out")
	case out.Truncated:
		return c.refuse("the repository's git config is too large to check")
	case out.ExitCode != 0:
		return c.refuse("toolplane could not read the repository's git config (git config --list exited with status %d: %s)", out.ExitCode, tail(out.Stderr, 3, 500))
	}
	tokens := strings.Split(strings.TrimSuffix(out.Stdout, "\x00"), "\x00")
	hardened := 0
	for i := 0; i+1 < len(tokens); i += 2 {
		scope, entry := tokens[i], tokens[i+1]
		key, value, _ := strings.Cut(entry, "\n")
		switch scope {
		case "command":
			if (key == "core.fsmonitor" && value == "false") || (key == "core.hookspath" && value == "/dev/null") {
				hardened++
			}
		case "local", "worktree":
			for _, p := range gitConfigCommands {
				if gitKeyMatches(p, key) {
					return c.refuse("the repository's git config (%s scope) sets %s, which makes git run a command, so toolplane does not run git here; remove it from the repository's config, or move it to your global config (~/.gitconfig) if you trust it", scope, key)
				}
			}
			if sub, ok := strings.CutPrefix(key, "submodule."); ok && strings.HasSuffix(sub, ".update") && strings.HasPrefix(strings.TrimSpace(value), "!") {
				return c.refuse("the repository's git config (%s scope) sets %s to a command, so toolplane does not run git here; remove it", scope, key)
			}
		}
	}
	if hardened < 2 {
		return c.refuse("this git ignores configuration from the environment (GIT_CONFIG_COUNT needs git 2.31 or newer), so toolplane cannot turn off hooks and fsmonitor; upgrade git")
	}
	return nil
}
