package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// chmodMode is a symbolic or octal mode, the first word of chmod.
// It is compiled on first use: package initialisation runs in every toolplane process.
var chmodMode = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([ugoa]*([-+=]([rwxXst]*|[ugo]))+,?)+$|^[0-7]{1,4}$`)
})

// Interpreters, command runners, binaries no argument policy can bound,
// and the file tools whose purpose is writing.

const whyInline = "it runs code given on the command line"

// interpreterNote is what every interpreter's summary ends with.
const interpreterNote = "; a script is only as trusted as the files it can reach: with any binary or tool that can write " +
	"files in the working directory (git can), a snippet can write a script and run it, so treat allowing it as allowing every command"

// interp builds the policy of an interpreter: inline code and code-loading
// options are refused, the script must be inside the working directory.
func interp(name, what string, rules []rule, valueShort string, env ...string) *argSpec {
	return &argSpec{
		name:    name,
		kind:    kindRunsFiles,
		summary: "runs the " + what + " scripts it is given; refuses inline code and options that load code" + interpreterNote,
		// Options end at the script: what follows is the script's.
		grammar:    grammar{dashDash: true, programArgs: true},
		rules:      rules,
		valueShort: map[string]string{"": valueShort},
		env:        envRules{deny: env, why: "it loads code or adds options to every run"},
		check: func(c *argCall) error {
			return confineFirst(c, "it runs this script")
		},
	}
}

func interpreterSpecs() []*argSpec {
	shell := func(name string) *argSpec {
		return interp(name, "shell", []rule{
			denyArg(whyInline, "-c"),
			denyArg("an interactive shell reads startup files", "-i"),
			denyArgV("it runs a startup file of your choosing", "--rcfile", "--init-file"),
		}, "oO")
	}
	pythonModule := checkV(func(v string, _ *argCall) error {
		if !slices.Contains(pythonModules, v) {
			return fmt.Errorf("python -m %s is not among the modules toolplane allows (%s): others run code given on the command line (timeit, cProfile), serve the network (http.server) or install packages (pip)", v, strings.Join(pythonModules, ", "))
		}
		return nil
	}, "-m")
	pythonModule.endsOptions = true
	python := interp("python3", "Python", []rule{
		denyArg(whyInline, "-c"),
		pythonModule,
	}, "WX", "PYTHONSTARTUP", "PYTHONINSPECT")
	python.summary = "runs the Python scripts it is given and the test and lint modules of python -m (" + strings.Join(pythonModules, ", ") +
		"); refuses inline code, other modules and options that load code" + interpreterNote
	node := interp("node", "JavaScript", []rule{
		denyArgV(whyInline, "-e", "--eval", "-p", "--print"),
		denyArgV(whyLoadsCode, "-r", "--require", "--import", "--loader", "--experimental-loader", "--openssl-config", "--env-file"),
		denyArg("it opens a debugger port, through which anything can run", "--inspect", "--inspect-brk", "--inspect-wait", "--inspect-port", "--debug", "--debug-brk"),
	}, "C", "NODE_OPTIONS")
	perl := interp("perl", "Perl", []rule{
		denyArgV(whyInline, "-e", "-E"),
		denyArgV(whyLoadsCode, "-M", "-m", "-d"),
		denyArg("it runs a script found on PATH", "-S"),
	}, "Il0x", "PERL5OPT", "PERL5DB")
	ruby := interp("ruby", "Ruby", []rule{
		denyArgV(whyInline, "-e"),
		denyArgV(whyLoadsCode, "-r", "--require"),
		denyArg("it runs a script found on PATH", "-S"),
	}, "ICEFTx", "RUBYOPT")
	php := interp("php", "PHP", []rule{
		denyArgV(whyInline, "-r", "-B", "-R", "-F", "-E"),
		denyArgV("ini settings can prepend code (auto_prepend_file)", "-d", "-c"),
		denyArgV("it starts a web server", "-S"),
	}, "tz", "PHP_INI_SCAN_DIR", "PHPRC")
	lua := interp("lua", "Lua", []rule{denyArgV(whyInline, "-e"), denyArgV(whyLoadsCode, "-l")}, "")
	rscript := interp("Rscript", "R", []rule{denyArgV(whyInline, "-e", "--expr")}, "", "R_PROFILE_USER", "R_PROFILE")
	java := &argSpec{
		name: "java",
		kind: kindRunsFiles,
		summary: "runs the Java classes and jars it is given; refuses -XX:OnError/OnOutOfMemoryError (they run commands), " +
			"agents, @argfiles and source-file mode" + interpreterNote,
		grammar: grammar{singleDashLong: true, responseFiles: true},
		env:     envRules{deny: []string{"JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"}, why: "it adds options, such as agents, to every run"},
		check: func(c *argCall) error {
			for _, o := range c.opts {
				n := strings.ToLower(o.name)
				for _, p := range []string{"-xx:onerror", "-xx:onoutofmemoryerror", "-agentpath", "-agentlib", "-javaagent", "--source", "-xx:+startattachlistener"} {
					if strings.HasPrefix(n, p) {
						return c.argDenied(o.name, "it runs a command or loads code", false)
					}
				}
			}
			return nil
		},
	}
	deno := &argSpec{
		name: "deno",
		kind: kindRunsFiles,
		summary: "runs scripts inside Deno's own permission sandbox; refuses eval, repl, install, upgrade and serve, remote scripts, " +
			"and the permissions that escape it (-A, --allow-run, --allow-ffi, --allow-write without paths)",
		grammar:     grammar{dashDash: true},
		subcommands: true,
		global:      []rule{allow("--version", "-V", "--help", "-h")},
		denySubs: map[string]string{
			"eval": whyInline, "repl": "it reads code interactively", "install": "it puts programs on PATH",
			"upgrade": "it replaces the deno binary", "serve": "it serves on the network", "jupyter": "it installs a kernel",
		},
		rules: []rule{
			denyArg("it grants every permission, including running programs", "-A", "--allow-all"),
			rule{names: []string{"--allow-run", "--allow-ffi"}, act: actDeny, value: attached, why: "it lets the script run programs or load libraries"},
			rule{names: []string{"--allow-write", "-W"}, act: actCheck, value: attached, check: func(v string, c *argCall) error {
				for _, p := range strings.Split(v, ",") {
					if err := c.confine(p); err != nil {
						return err
					}
				}
				return nil
			}},
			denyArg("it opens a debugger port", "--inspect", "--inspect-brk", "--inspect-wait"),
		},
		check: func(c *argCall) error {
			if c.has("--allow-write", "-W") {
				for _, o := range c.opts {
					if (o.name == "--allow-write" || o.name == "-W") && !o.hasValue {
						return c.refuse("--allow-write without paths lets the script write anywhere; list paths inside the working directory")
					}
				}
			}
			for _, p := range c.positionals {
				if strings.Contains(p, "://") {
					return c.argDenied(p, "it runs code fetched over the network", false)
				}
			}
			return nil
		},
	}
	out := []*argSpec{python, node, perl, ruby, php, lua, rscript, java, deno}
	for _, n := range []string{"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "csh", "tcsh"} {
		out = append(out, shell(n))
	}
	fish := interp("fish", "fish", []rule{
		denyArgV(whyInline, "-c", "--command", "-C", "--init-command"),
		denyArg("an interactive shell reads startup files", "-i", "--interactive"),
	}, "")
	// Where "--" is not known to end the options, words after it are
	// still checked as options.
	for _, s := range append(out, fish) {
		switch s.name {
		case "csh", "tcsh", "Rscript", "fish":
			s.grammar.dashDash = false
		}
	}
	nodejs := *node
	nodejs.name = "nodejs"
	return append(out, fish, &nodejs)
}

// pythonModules are the modules python -m may run: test runners, linters
// and formatters that run or read the project's own files.
var pythonModules = []string{"pytest", "unittest", "doctest", "py_compile", "compileall", "json.tool", "venv",
	"mypy", "black", "ruff", "isort", "flake8", "pylint", "pyflakes", "pycodestyle", "coverage", "tabnanny"}

// npxSpec runs a package binary the project has installed
// (node_modules/.bin); a package npx would download and run is refused.
func npxSpec() *argSpec {
	return &argSpec{
		name: "npx",
		kind: kindRunsFiles,
		summary: "runs the package binaries installed in the working directory's node_modules/.bin (tsc, jest, eslint, ...); refuses a " +
			"package that is not installed there (npx would download and run it), --package, --call and auto-install (--yes)" + interpreterNote,
		grammar: grammar{eitherDash: true},
		rules: []rule{
			denyArgV("it installs and runs a package named in the call", "-p", "--package"),
			denyArgV(whyRunsCommand, "-c", "--call"),
			denyArg("it installs a missing package without asking", "-y", "--yes"),
			denyArgV("it names the shell, node options or config npm uses", "--shell", "--script-shell", "--node-options", "--userconfig", "--globalconfig"),
		},
		env: envRules{deny: []string{"NODE_OPTIONS", "npm_config_*", "NPM_CONFIG_*"}, why: "it sets node or npm options, which can run commands"},
		check: func(c *argCall) error {
			if len(c.positionals) == 0 {
				return nil
			}
			cmd := c.positionals[0]
			if strings.ContainsAny(cmd, "/@:\\") || cmd == "." || cmd == ".." {
				return c.argDenied(cmd, "npx downloads and runs a package named in the call; install it in the project and call it by its binary's name", false)
			}
			bin := filepath.Join(c.dir, "node_modules", ".bin", cmd)
			if _, err := os.Stat(bin); err != nil {
				return c.argDenied(cmd, "it is not installed in node_modules/.bin here, so npx would download and run it; install it in the project first", false)
			}
			if err := c.confine(bin); err != nil {
				return c.argDenied(cmd, err.Error(), false)
			}
			return nil
		},
	}
}

// runner builds the policy of a binary that runs the command it is given:
// the command word is refused. env also takes NAME=VALUE words.
func runnerSpec(name string, rules ...rule) *argSpec {
	return &argSpec{
		name: name,
		kind: kindRunner,
		summary: "runs the command it is given, so a command argument is refused (call that command itself; toolplane " +
			"already bounds time and runs every call in its own process group)",
		grammar: grammar{},
		rules:   rules,
		check: func(c *argCall) error {
			for _, p := range c.positionals {
				if name == "env" && strings.Contains(p, "=") && !strings.HasPrefix(p, "=") {
					continue
				}
				return c.argDenied(p, fmt.Sprintf("%s runs the command it is given", name), false)
			}
			return nil
		},
	}
}

func runnerSpecs() []*argSpec {
	withValues := func(s *argSpec, valueShort string) *argSpec {
		s.valueShort = map[string]string{"": valueShort}
		return s
	}
	out := []*argSpec{
		withValues(runnerSpec("env", denyArgV("it splits a string into a command", "-S", "--split-string")), "uC"),
		withValues(runnerSpec("xargs", denyArgV("it reads arguments from a file", "-a", "--arg-file")), "EeIiLlnPsd"),
		withValues(runnerSpec("sudo", denyArg("it starts a shell or an editor", "-s", "--shell", "-i", "--login", "-e", "--edit")), "uUghpCDrt"),
		runnerSpec("doas", denyArg("it starts a shell", "-s")),
		runnerSpec("su", denyArgV(whyRunsCommand, "-c", "--command", "-s", "--shell")),
	}
	for _, n := range []string{"timeout", "nice", "nohup", "stdbuf", "time", "watch", "setsid", "flock", "ionice",
		"taskset", "chrt", "numactl", "chroot", "unshare", "nsenter", "runuser", "pkexec", "strace", "ltrace",
		"valgrind", "perf", "script", "systemd-run", "ssh-agent", "dbus-launch", "firejail", "bwrap", "busybox",
		"toybox", "uvx", "bunx", "pipx", "parallel", "entr", "catchsegv", "unbuffer", "faketime", "proot"} {
		out = append(out, runnerSpec(n))
	}
	return out
}

// unbounded builds the policy of a binary whose ordinary arguments run
// commands in ways no list of options can enumerate: every call is refused.
func unbounded(name, why string) *argSpec {
	return &argSpec{name: name, kind: kindUnbounded, summary: name + " " + why + ", so no argument policy can bound it"}
}

func unboundedSpecs() []*argSpec {
	var out []*argSpec
	for _, n := range []string{"vi", "vim", "nvim", "view", "ex", "emacs", "emacsclient", "gdb", "lldb"} {
		out = append(out, unbounded(n, "runs commands from its command line and startup files"))
	}
	for _, n := range []string{"pwsh", "powershell", "osascript", "expect", "tclsh", "wish", "R", "irb", "bun", "julia"} {
		out = append(out, unbounded(n, "runs code from its arguments"))
	}
	for _, n := range []string{"socat", "nc", "ncat", "netcat", "tmux", "screen", "at", "batch", "crontab", "xdg-open", "open"} {
		out = append(out, unbounded(n, "runs commands, schedules them or hands them to other programs"))
	}
	return out
}

// fileTools are the coreutils that write, move or remove the files they
// are given: every path they write stays inside the working directory.
func fileToolSpecs() []*argSpec {
	writes := func(name, summary string, valueShort string, skip int, rules ...rule) *argSpec {
		return &argSpec{
			name:       name,
			kind:       kindBounded,
			summary:    summary,
			grammar:    grammar{dashDash: true},
			rules:      rules,
			valueShort: map[string]string{"": valueShort},
			check:      func(c *argCall) error { return confinePositionals(c, skip) },
		}
	}
	return []*argSpec{
		writes("rm", "removes only paths inside the working directory (outside any .git directory)", "", 0),
		writes("rmdir", "removes only directories inside the working directory", "", 0),
		writes("mkdir", "creates directories only inside the working directory", "m", 0),
		writes("touch", "touches files only inside the working directory", "dtr", 0),
		writes("tee", "writes files only inside the working directory", "", 0),
		writes("truncate", "truncates files only inside the working directory", "sr", 0),
		writes("shred", "overwrites files only inside the working directory", "nsu", 0),
		writes("mv", "moves files only from and to paths inside the working directory", "S", 0, confine(whyWrites, "-t", "--target-directory")),
		writes("chmod", "changes modes only of files inside the working directory", "", 0).withCheck(func(c *argCall) error {
			for _, p := range c.positionals {
				if chmodMode().MatchString(p) {
					continue
				}
				if err := c.confine(p); err != nil {
					return c.argDenied(p, "its mode is changed, and "+err.Error(), false)
				}
			}
			return nil
		}),
		writes("cp", "copies into the working directory only; it reads any file it is given", "S", 0, confine(whyWrites, "-t", "--target-directory")).withCheck(lastConfined),
		writes("install", "installs into the working directory only; it reads any file it is given", "gmoSt", 0,
			confine(whyWrites, "-t", "--target-directory"), denyArgV("it runs a strip program", "--strip-program")).withCheck(lastConfined),
		writes("ln", "creates links only inside the working directory; a hard link to a file outside is refused", "S", 0, confine(whyWrites, "-t", "--target-directory")),
		writes("uniq", "writes its output file only inside the working directory", "fsw", 1).withCheck(func(c *argCall) error {
			if len(c.positionals) >= 2 {
				return confinePositionals(&argCall{binary: c.binary, positionals: c.positionals[1:2], dir: c.dir, root: c.root, protected: c.protected}, 0)
			}
			return nil
		}),
		{name: "tree", kind: kindBounded, summary: "confines -o; it lists any directory it is given", grammar: grammar{dashDash: true},
			rules: []rule{confine(whyWrites, "-o")}, valueShort: map[string]string{"": "LPIH"}},
		{name: "dd", kind: kindBounded, summary: "confines of= and refuses iflag/oflag tricks; it reads any file it is given", grammar: grammar{},
			check: func(c *argCall) error {
				for _, p := range c.positionals {
					if v, ok := strings.CutPrefix(p, "of="); ok {
						if err := c.confine(v); err != nil {
							return c.argDenied(p, whyWrites+": "+err.Error(), false)
						}
					}
				}
				return nil
			}},
	}
}

// withCheck replaces the spec's check (builders above use it for the tools
// whose written path is not every positional).
func (s *argSpec) withCheck(f func(*argCall) error) *argSpec {
	s.check = f
	return s
}

// lastConfined confines the last positional, the destination of cp and
// install, unless -t named the directory.
func lastConfined(c *argCall) error {
	if c.has("-t", "--target-directory") || len(c.positionals) < 2 {
		return nil
	}
	dst := c.positionals[len(c.positionals)-1]
	if err := c.confine(dst); err != nil {
		return c.argDenied(dst, "it is written, and "+err.Error(), false)
	}
	return nil
}
