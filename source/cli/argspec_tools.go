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

// The built-in policies of common binaries besides git. Each refuses the
// binary's documented ways to run a command, load code, read its options
// from a file toolplane cannot see, or write to a path outside the
// working directory; see each summary for what it cannot bound. Reading
// files and reaching the network are what many of these binaries are for:
// no policy here bounds them.

// builtinSpec returns the built-in policy for a binary name, or nil. A
// name differing only in case (GIT on a case-insensitive file system runs
// git) gets the same policy.
func builtinSpec(name string) *argSpec {
	if s, ok := builtinSpecs()[name]; ok {
		return s
	}
	for n, s := range builtinSpecs() {
		if strings.EqualFold(n, name) {
			return s
		}
	}
	name = strings.ToLower(name)
	if pythonName().MatchString(name) {
		return builtinSpecs()["python3"]
	}
	if pipName().MatchString(name) {
		return builtinSpecs()["pip"]
	}
	return nil
}

var (
	// Compiled on first use: package initialisation runs in every toolplane process.
	pythonName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(python|pypy)[0-9.]*$`) })
	pipName    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^pip[0-9.]*$`) })
)

// builtinSpecs is the table of built-in policies by binary name. It is
// built once, on first use (not at package initialisation, which every
// toolplane process pays, CLI capabilities or not), and never changed.
var builtinSpecs = sync.OnceValue(func() map[string]*argSpec {
	m := map[string]*argSpec{}
	add := func(s *argSpec, aliases ...string) {
		for _, n := range append([]string{s.name}, aliases...) {
			m[n] = s
		}
	}
	add(gitSpec())
	add(findSpec())
	add(tarSpec(), "gtar")
	add(rgSpec())
	add(fdSpec(), "fdfind")
	add(grepSpec(), "egrep", "fgrep", "ggrep")
	add(sedSpec(), "gsed")
	add(awkSpec(), "gawk", "mawk", "nawk", "original-awk")
	add(sortSpec())
	add(jqSpec())
	add(curlSpec())
	add(wgetSpec())
	add(sshSpec())
	add(scpSpec())
	add(sftpSpec())
	add(rsyncSpec())
	add(makeSpec(), "gmake")
	add(npmSpec())
	add(npxSpec())
	add(pipSpec())
	add(dockerSpec(), "podman")
	add(kubectlSpec())
	add(ghSpec())
	add(lessSpec(), "more")
	add(manSpec())
	add(zipSpec())
	add(unzipSpec())
	add(sevenZipSpec(), "7za", "7zr", "7zz")
	add(opensslSpec())
	add(gpgSpec(), "gpg2")
	add(goSpec())
	add(cargoSpec())
	for _, s := range interpreterSpecs() {
		add(s)
	}
	for _, s := range runnerSpecs() {
		add(s)
	}
	for _, s := range unboundedSpecs() {
		add(s)
	}
	for _, s := range fileToolSpecs() {
		add(s)
	}
	return m
})

const (
	whyRunsCommand = "it runs a command"
	whyLoadsCode   = "it loads code (a shared library, module or plugin)"
	whyOptsFile    = "it reads options from a file toolplane cannot check"
	whyUploads     = "it sends a local file over the network"
)

// confinePositionals confines every positional (the files a writing tool
// writes), optionally skipping the first skip of them.
func confinePositionals(c *argCall, skip int) error {
	for i, p := range c.positionals {
		if i < skip {
			continue
		}
		if err := c.confine(p); err != nil {
			return c.argDenied(p, "it is written or removed, and "+err.Error(), false)
		}
	}
	return nil
}

func findSpec() *argSpec {
	return &argSpec{
		name:    "find",
		kind:    kindBounded,
		summary: "refuses -exec, -execdir, -ok, -okdir and -delete, and confines the files -fprint/-fls write; it reads any directory it is given",
		grammar: grammar{singleDashLong: true, noAbbrev: true},
		rules: []rule{
			denyArg(whyRunsCommand, "-exec", "-execdir", "-ok", "-okdir"),
			denyArg("it deletes files", "-delete"),
			confine(whyWrites, "-fprint", "-fprint0", "-fls"),
			rule{names: []string{"-fprintf"}, act: actConfine, value: needValue, why: whyWrites},
			denyArgV("it reads start points from a file and prints them back", "-files0-from"),
		},
	}
}

func tarSpec() *argSpec {
	return &argSpec{
		name: "tar",
		kind: kindBounded,
		summary: "refuses options that run commands (--to-command, -I/--use-compress-program, -F/--info-script, " +
			"--checkpoint-action=exec, --rsh-command, remote archives host:file), absolute member names (-P), " +
			"and confines -C, the archive tar creates, and the files it writes; it reads any archive or file it is given",
		grammar: grammar{dashDash: true, oldStyle: true},
		rules: []rule{
			denyArgV(whyRunsCommand, "--to-command", "--use-compress-program", "-I", "--info-script", "--new-volume-script", "-F",
				"--rsh-command", "--rmt-command"),
			checkV(func(v string, _ *argCall) error {
				if strings.Contains(strings.ToLower(v), "exec") {
					return fmt.Errorf("the exec checkpoint action runs a command")
				}
				return nil
			}, "--checkpoint-action"),
			denyArg("it stores and extracts absolute paths", "-P", "--absolute-names"),
			denyArg("it extracts through symlinks to directories, which can point outside", "--keep-directory-symlink"),
			confine(whyWrites, "-C", "--directory", "-g", "--listed-incremental", "--index-file", "--volno-file"),
			rule{names: []string{"--one-top-level"}, act: actConfine, value: attached, why: whyWrites},
			checkV(tarArchive, "-f", "--file"),
		},
		valueShort: map[string]string{"": "bHKLNTVX"},
		env:        envRules{deny: []string{"TAR_OPTIONS"}, why: "it adds options, such as --to-command, to every run"},
		check:      checkTar,
	}
}

// tarArchive refuses remote archives (host:file is reached through rsh).
func tarArchive(v string, c *argCall) error {
	if host, _, ok := strings.Cut(v, ":"); ok && !strings.Contains(host, "/") && !c.has("--force-local") {
		return fmt.Errorf("%q names a remote archive, which tar opens through a remote shell; pass force_local=True for a local file with a colon", v)
	}
	return nil
}

// checkTar confines the archive when tar writes it.
func checkTar(c *argCall) error {
	if !c.has("-c", "--create", "-r", "--append", "-u", "--update", "-A", "--catenate", "--concatenate", "--delete") {
		return nil
	}
	for _, f := range c.valuesOf("-f", "--file") {
		if err := c.confine(f); err != nil {
			return c.argDenied(f, "tar writes this archive, and "+err.Error(), false)
		}
	}
	return nil
}

func rgSpec() *argSpec {
	return &argSpec{
		name:    "rg",
		kind:    kindBounded,
		summary: "refuses --pre and --hostname-bin (they run commands); it reads any file it is given",
		grammar: grammar{dashDash: true},
		rules: []rule{
			denyArgV(whyRunsCommand, "--pre", "--hostname-bin"),
		},
		valueShort: map[string]string{"": "ABCEefgjMmrtTd"},
		env:        envRules{deny: []string{"RIPGREP_CONFIG_PATH"}, why: "it names a file of options, such as --pre"},
	}
}

func fdSpec() *argSpec {
	return &argSpec{
		name:       "fd",
		kind:       kindBounded,
		summary:    "refuses -x/--exec and -X/--exec-batch (they run commands); it lists any directory it is given",
		grammar:    grammar{dashDash: true},
		rules:      []rule{denyArgV(whyRunsCommand, "-x", "--exec", "-X", "--exec-batch")},
		valueShort: map[string]string{"": "edtEcjS"},
	}
}

func grepSpec() *argSpec {
	return &argSpec{
		name:       "grep",
		kind:       kindBounded,
		summary:    "has no options that run commands or write files; it reads any file it is given",
		grammar:    grammar{dashDash: true},
		valueShort: map[string]string{"": "efmABCdD"},
		env:        envRules{deny: []string{"GREP_OPTIONS"}, why: "it adds options to every run"},
	}
}

func jqSpec() *argSpec {
	return &argSpec{
		name:    "jq",
		kind:    kindBounded,
		summary: "has no options that run commands or write files; it reads any file it is given",
		// jq 1.6 reads options after "--".
		grammar:    grammar{},
		valueShort: map[string]string{"": "fL"},
	}
}

func sortSpec() *argSpec {
	return &argSpec{
		name:    "sort",
		kind:    kindBounded,
		summary: "refuses --compress-program (it runs a command) and confines -o and -T; it reads any file it is given",
		grammar: grammar{dashDash: true},
		rules: []rule{
			denyArgV(whyRunsCommand, "--compress-program"),
			confine(whyWrites, "-o", "--output", "-T", "--temporary-directory"),
		},
		valueShort: map[string]string{"": "kSt"},
	}
}

func sedSpec() *argSpec {
	return &argSpec{
		name: "sed",
		kind: kindBounded,
		summary: "parses the script and refuses the e command and s///e (they run commands), confines w files and the files -i edits, " +
			"and refuses -f (a script toolplane cannot check); unless the binary is GNU sed, the word after a bare -i is checked as a script too " +
			"(BSD sed reads it so); it reads any file it is given",
		grammar: grammar{dashDash: true},
		rules: []rule{
			denyArgV("it reads the script from a file toolplane cannot check; pass it with -e", "-f", "--file"),
			rule{names: []string{"-i", "-I", "--in-place"}, act: actAllow, value: attached},
			sedScriptRule,
		},
		valueShort: map[string]string{"": "l"},
		check:      checkSed,
		flavor:     sedFlavor,
	}
}

func awkSpec() *argSpec {
	return &argSpec{
		name: "awk",
		kind: kindBounded,
		summary: "scans the program and refuses system(), pipes (| and |&), output redirection, getline < file and @ " +
			"(gawk's indirect calls and @load), and refuses -f and extensions (code toolplane cannot check); it reads any file it is given",
		grammar: grammar{dashDash: true},
		rules: []rule{
			denyArgV("it reads the program from a file toolplane cannot check", "-f", "--file", "-E", "--exec", "-i", "--include"),
			denyArgV(whyLoadsCode, "-l", "--load"),
			denyArg("it reads debugger commands", "-D", "--debug"),
			rule{names: []string{"-o", "--pretty-print", "-p", "--profile", "-d", "--dump-variables"}, act: actConfine, value: attached, why: whyWrites},
			checkV(checkMawkW, "-W"),
			awkProgramRule,
		},
		valueShort: map[string]string{"": "Fv"},
		check:      checkAwk,
	}
}

// checkMawkW allows mawk's harmless -W options only (-W exec reads a
// program file).
func checkMawkW(v string, _ *argCall) error {
	for _, part := range strings.Split(v, ",") {
		name, _, _ := strings.Cut(strings.TrimSpace(part), "=")
		if !slices.Contains([]string{"version", "dump", "interactive", "usage", "help", "posix_space", "sprintf", "random", "sandbox"}, name) {
			return fmt.Errorf("-W %s is not one of the -W options toolplane allows (version, dump, interactive, usage, help, posix_space, sprintf=, random=)", part)
		}
	}
	return nil
}

func curlSpec() *argSpec {
	return &argSpec{
		name: "curl",
		kind: kindBounded,
		summary: "refuses -K/--config, --engine, --unix-socket, uploads of local files outside the working directory (-T, -d @file, -F name=@file), " +
			"and file: URLs, and confines every file it writes (-o, --output-dir, -D, -c, --trace, ...). " +
			"Not bounded: what it sends to and fetches from the network, and your own ~/.curlrc",
		grammar: grammar{dashDash: true},
		rules: []rule{
			denyArgV(whyOptsFile, "-K", "--config"),
			denyArgV(whyLoadsCode, "--engine"),
			denyArgV("it talks to a local socket, such as the Docker daemon's", "--unix-socket", "--abstract-unix-socket"),
			confine("it uploads a local file", "-T", "--upload-file"),
			confine(whyWrites, "-o", "--output", "--output-dir", "-D", "--dump-header", "-c", "--cookie-jar", "--trace",
				"--trace-ascii", "--stderr", "--libcurl", "--etag-save", "--hsts", "--alt-svc"),
			checkV(curlAtFile, "-d", "--data", "--data-binary", "--data-ascii", "--json", "-H", "--header", "-w", "--write-out"),
			checkV(curlNamedFile, "--data-urlencode", "--url-query", "--variable"),
			checkV(curlFormFile, "-F", "--form"),
			checkV(func(v string, _ *argCall) error {
				if strings.EqualFold(strings.TrimSpace(v), "file") {
					return fmt.Errorf("the file protocol reads local files")
				}
				return nil
			}, "--proto-default"),
		},
		valueShort: map[string]string{"": "AbCEeHmPQrtUuXxYyz"},
		check: func(c *argCall) error {
			for _, w := range slices.Concat(c.positionals, c.valuesOf("--url")) {
				if strings.Contains(strings.ToLower(w), "file:") {
					return c.argDenied(w, "file: URLs read local files", false)
				}
			}
			return nil
		},
	}
}

// curlAtFile confines "@file" values, which curl replaces by the file
// ("@-" is standard input, which is empty).
func curlAtFile(v string, c *argCall) error {
	if f, ok := strings.CutPrefix(v, "@"); ok {
		return confineSent(f, c)
	}
	return nil
}

// curlNamedFile confines "@file" and "name@file" (--data-urlencode,
// --url-query, --variable).
func curlNamedFile(v string, c *argCall) error {
	name, _, hasEq := strings.Cut(v, "=")
	if at := strings.IndexByte(v, '@'); at >= 0 && (!hasEq || at < len(name)) {
		return confineSent(v[at+1:], c)
	}
	return nil
}

// curlFormFile confines form parts read from files: "name=@file" and
// "name=<file", with ";type=..." and the like after the file name.
func curlFormFile(v string, c *argCall) error {
	if _, val, ok := strings.Cut(v, "="); ok && (strings.HasPrefix(val, "@") || strings.HasPrefix(val, "<")) {
		f, _, _ := strings.Cut(val[1:], ";")
		return confineSent(strings.Trim(f, `"`), c)
	}
	return curlAtFile(v, c)
}

// confineSent confines a local file a binary reads to send: one inside the
// working directory may go, one outside (~/.ssh/id_rsa) may not.
func confineSent(f string, c *argCall) error {
	if err := c.confine(f); err != nil {
		return fmt.Errorf("%s: %w", whyUploads, err)
	}
	return nil
}

func wgetSpec() *argSpec {
	return &argSpec{
		name: "wget",
		kind: kindBounded,
		summary: "refuses -e/--execute and --config (they set any option), --use-askpass (runs a command) and -i (reads URLs from a file), " +
			"and confines the files it uploads (--post-file, --body-file) and every file it writes. Not bounded: the network",
		grammar: grammar{dashDash: true},
		rules: []rule{
			denyArgV("it runs a .wgetrc command, which can set any option", "-e", "--execute"),
			denyArgV(whyOptsFile, "--config"),
			denyArgV(whyRunsCommand, "--use-askpass"),
			confine("it uploads a local file", "--post-file", "--body-file"),
			denyArgV("it reads URLs from a file, sending its lines over the network", "-i", "--input-file"),
			confine(whyWrites, "-O", "--output-document", "-o", "--output-file", "-a", "--append-output", "-P", "--directory-prefix",
				"--save-cookies", "--warc-file", "--rejected-log", "--hsts-file"),
		},
		valueShort: map[string]string{"": "BtTwQUlARDIX"},
		env:        envRules{deny: []string{"WGETRC"}, why: "it names a file of options"},
	}
}

// sshSafeOptions are the ssh -o keywords allowed; every other keyword
// (ProxyCommand, LocalCommand, KnownHostsCommand, PKCS11Provider, Include,
// forwards, ...) is refused.
var sshSafeOptions = strings.Fields(`batchmode connecttimeout connectionattempts serveraliveinterval
	serveralivecountmax loglevel port user compression addressfamily stricthostkeychecking requesttty
	tcpkeepalive preferredauthentications passwordauthentication kbdinteractiveauthentication
	numberofpasswordprompts identitiesonly checkhostip visualhostkey updatehostkeys escapechar
	exitonforwardfailure clearallforwardings ciphers macs kexalgorithms hostkeyalgorithms
	pubkeyacceptedalgorithms pubkeyacceptedkeytypes hostkeyalias hashknownhosts identityfile
	fingerprinthash ipqos rekeylimit sessiontype stdinnull`)

func sshOption(v string, _ *argCall) error {
	kw := strings.ToLower(strings.TrimSpace(v))
	if i := strings.IndexAny(kw, "= \t"); i >= 0 {
		kw = kw[:i]
	}
	kw = strings.Trim(kw, `"'`)
	if !slices.Contains(sshSafeOptions, kw) {
		return fmt.Errorf("ssh option %q is not one toolplane allows: options such as ProxyCommand, LocalCommand, KnownHostsCommand and PKCS11Provider run commands or load code", kw)
	}
	return nil
}

// sshJump refuses jump hosts that ssh would read as options.
func sshJump(v string, _ *argCall) error {
	for _, h := range strings.Split(v, ",") {
		h = strings.TrimPrefix(strings.TrimSpace(h), "ssh://")
		if strings.HasPrefix(h[strings.LastIndexByte(h, '@')+1:], "-") || strings.HasPrefix(h, "-") {
			return fmt.Errorf("jump host %q would be read as an ssh option", h)
		}
	}
	return nil
}

var sshCommonRules = []rule{
	denyArgV("it reads an ssh config file, which can name commands (ProxyCommand, Match exec)", "-F"),
	checkV(sshOption, "-o"),
	checkV(sshJump, "-J"),
	denyArgV(whyLoadsCode, "-I"),
}

func sshSpec() *argSpec {
	return &argSpec{
		name: "ssh",
		kind: kindBounded,
		summary: "refuses -F, -o options other than a safe list (ProxyCommand, LocalCommand, KnownHostsCommand, PKCS11Provider, ...), " +
			"-I, agent and X11 forwarding, port forwards, tunnels, control sockets and backgrounding. " +
			"Not bounded: the command it runs on the remote host, and your own ~/.ssh/config",
		grammar: grammar{dashDash: true},
		rules: slices.Concat(sshCommonRules, []rule{
			denyArg("it forwards your ssh agent to the remote host", "-A"),
			denyArg("X11 forwarding runs xauth and exposes your display", "-X", "-Y"),
			denyArgV("it opens a listening port or a tunnel", "-L", "-R", "-D", "-w"),
			denyArg("it lets other hosts use forwarded ports", "-g"),
			denyArg("it keeps running in the background after the call", "-f", "-M"),
			denyArgV("it creates a control socket", "-S", "-O"),
			denyArgV(whyWrites, "-E"),
			denyArg("it delegates your Kerberos credentials", "-K"),
		}),
		valueShort: map[string]string{"": "BbcemlPpQW"},
		env:        envRules{deny: []string{"SSH_ASKPASS", "SSH_ASKPASS_REQUIRE"}, why: "it names a program ssh runs"},
	}
}

func scpSpec() *argSpec {
	return &argSpec{
		name:    "scp",
		kind:    kindBounded,
		summary: "refuses -S and -D (they name programs to run), -F, unsafe -o options and -I, and confines a local destination; it reads any local file it is given",
		grammar: grammar{dashDash: true},
		rules: slices.Concat(sshCommonRules, []rule{
			denyArgV(whyRunsCommand, "-S", "-D"),
		}),
		valueShort: map[string]string{"": "cilPX"},
		check: func(c *argCall) error {
			if n := len(c.positionals); n >= 2 {
				dst := c.positionals[n-1]
				if host, _, ok := strings.Cut(dst, ":"); !ok || strings.Contains(host, "/") {
					if err := c.confine(dst); err != nil {
						return c.argDenied(dst, "scp writes to this local destination, and "+err.Error(), false)
					}
				}
			}
			return nil
		},
	}
}

func sftpSpec() *argSpec {
	return &argSpec{
		name:    "sftp",
		kind:    kindBounded,
		summary: "refuses -S and -D (they name programs to run), -b (a batch file can run local commands), -F, unsafe -o options and -I",
		grammar: grammar{dashDash: true},
		rules: slices.Concat(sshCommonRules, []rule{
			denyArgV(whyRunsCommand, "-S", "-D"),
			denyArgV("a batch file can run local commands (!command)", "-b"),
		}),
		valueShort: map[string]string{"": "BcilPRs"},
	}
}

func rsyncSpec() *argSpec {
	return &argSpec{
		name: "rsync",
		kind: kindBounded,
		summary: "refuses -e/--rsh and --rsync-path (they run commands), --daemon, --config, batch files, --early-input and -M, " +
			"and confines a local destination and the files it writes; it reads any file it is given. Not bounded: the network",
		grammar: grammar{dashDash: true, eitherDash: true},
		rules: []rule{
			denyArgV(whyRunsCommand, "-e", "--rsh", "--rsync-path"),
			denyArg("it starts a server", "--daemon"),
			denyArgV(whyOptsFile, "--config"),
			denyArgV("batch files replay or record a transfer to a path", "--write-batch", "--only-write-batch", "--read-batch"),
			denyArgV(whyUploads, "--early-input"),
			denyArgV("it passes options to the remote rsync", "-M", "--remote-option"),
			denyArg("it writes to devices", "--write-devices"),
			confine(whyWrites, "--log-file", "--backup-dir", "-T", "--temp-dir", "--partial-dir", "--compare-dest", "--copy-dest", "--link-dest"),
		},
		valueShort: map[string]string{"": "Bf"},
		env:        envRules{deny: []string{"RSYNC_RSH", "RSYNC_CONNECT_PROG"}, why: "it names a command rsync runs"},
		check: func(c *argCall) error {
			if n := len(c.positionals); n >= 2 {
				dst := c.positionals[n-1]
				host, _, remote := strings.Cut(dst, ":")
				if !remote || strings.Contains(host, "/") {
					if err := c.confine(dst); err != nil {
						return c.argDenied(dst, "rsync writes to this local destination, and "+err.Error(), false)
					}
				}
			}
			return nil
		},
	}
}

// makeAssignment is a command-line variable assignment (CC=..., X:=...,
// X!=...), which overrides the makefile's own.
var makeAssignment = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[^=:!?+\s/]+\s*(:{0,3}|[+?!])=`) })

func makeSpec() *argSpec {
	return &argSpec{
		name: "make",
		kind: kindRunsFiles,
		summary: "runs the recipes of the makefile in the working directory, which are commands; refuses --eval, -f, -C, -I " +
			"and variable assignments (CC=..., SHELL=...), which change what those recipes run. " +
			"A makefile is only as trusted as the files in the working directory",
		grammar: grammar{dashDash: true},
		rules: []rule{
			denyArgV("it evaluates makefile text, which can run commands", "--eval", "-E"),
			denyArgV("it reads another makefile", "-f", "--file", "--makefile"),
			denyArgV("it runs another directory's makefile", "-C", "--directory"),
			denyArgV("it adds directories searched for included makefiles", "-I", "--include-dir"),
		},
		valueShort: map[string]string{"": "jloW"},
		env:        envRules{deny: []string{"MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS", "MAKEFILES", "SHELL"}, why: "it adds options, makefiles or a shell to every run"},
		check: func(c *argCall) error {
			for _, p := range c.positionals {
				if makeAssignment().MatchString(p) {
					return c.argDenied(p, "a variable assignment overrides the makefile's and can change the commands its recipes run", false)
				}
			}
			return nil
		},
	}
}

func npmSpec() *argSpec {
	return &argSpec{
		name: "npm",
		kind: kindRunsFiles,
		summary: "runs package.json scripts (run, test, start, and install's lifecycle scripts), which are commands; refuses exec, explore, " +
			"edit, init/create with an initializer, config writes, global installs, installing a package named in the call " +
			"unless --ignore-scripts is given, and options that name a shell, node options or another config. " +
			"A package.json is only as trusted as the files in the working directory",
		// npm's option parser reads -node-options as --node-options.
		grammar:     grammar{dashDash: true, eitherDash: true},
		subcommands: true,
		global:      []rule{allow("--version", "-v", "--help", "-h")},
		denySubs: map[string]string{
			"exec": "it runs a package's command", "x": "it runs a package's command",
			"explore": "it runs a shell command in a package", "edit": "it runs an editor",
			"create": "it runs an initializer package", "innit": "it runs an initializer package",
			"docs": "it opens a browser", "bugs": "it opens a browser", "repo": "it opens a browser", "home": "it opens a browser",
			"help": "it opens man pages or a browser", "login": "it changes your registry credentials", "adduser": "it changes your registry credentials",
			"logout": "it changes your registry credentials", "token": "it prints or changes your registry tokens",
			"publish": "it publishes a package under your account", "unpublish": "it removes a published package",
			"set": "it writes npm configuration", "link": "it links packages into the global prefix", "ln": "it links packages into the global prefix",
		},
		rules: []rule{
			denyArgV("it names the shell that runs scripts", "--script-shell", "--shell"),
			denyArgV("it passes options to node, which can load code", "--node-options"),
			denyArgV(whyOptsFile, "--userconfig", "--globalconfig"),
			denyArgV(whyRunsCommand, "-c", "--call"),
			denyArgV("it names a program npm runs", "--editor", "--browser", "--git"),
			denyArg("a global install puts programs on PATH", "-g", "--global"),
			checkV(func(v string, _ *argCall) error {
				if v == "global" {
					return fmt.Errorf("a global install puts programs on PATH")
				}
				return nil
			}, "--location"),
			confine(whyWrites, "--prefix", "-C", "--cache"),
		},
		env: envRules{deny: []string{"NODE_OPTIONS", "npm_config_*", "NPM_CONFIG_*"}, why: "it sets node or npm options, which can run commands"},
		check: func(c *argCall) error {
			first := ""
			if len(c.positionals) > 0 {
				first = c.positionals[0]
			}
			switch c.sub {
			case "config", "c":
				if first != "get" && first != "list" && first != "ls" && first != "" {
					return c.refuse("npm config %s is refused: config writes can name commands npm runs; use get or list", first)
				}
			case "init":
				if first != "" {
					return c.refuse("npm init %s is refused: it runs the initializer package create-%s", first, first)
				}
			case "install", "i", "add", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall",
				"update", "up", "upgrade", "udpate", "ci", "clean-install", "install-clean", "isntall-clean", "rebuild", "rb",
				"install-test", "it", "install-ci-test", "cit":
				if len(c.positionals) > 0 && !c.has("--ignore-scripts") {
					return c.argDenied(first, "installing a package named in the call runs its install scripts; pass ignore_scripts=True, or install what package.json lists", false)
				}
			}
			return nil
		},
	}
}

func pipSpec() *argSpec {
	return &argSpec{
		name: "pip",
		kind: kindRunsFiles,
		summary: "installs local projects and requirements files, whose build code runs; refuses installing, downloading or building " +
			"a package named in the call (only paths inside the working directory), other package indexes, setup.py options and config writes, " +
			"and confines where it writes",
		grammar:     grammar{dashDash: true},
		subcommands: true,
		global:      []rule{allow("--version", "-V", "--help", "-h", "-q", "--quiet", "-v", "--verbose", "--isolated", "--no-input", "--no-color", "--disable-pip-version-check")},
		rules: []rule{
			denyArgV("it installs from another package index", "-i", "--index-url", "--extra-index-url", "-f", "--find-links", "--trusted-host"),
			denyArgV("it passes options to setup.py", "--global-option", "--install-option", "--build-option"),
			confine(whyWrites, "-t", "--target", "--prefix", "--root", "--src", "--log", "--log-file", "--cache-dir", "--report", "-d", "--dest", "-w", "--wheel-dir"),
			checkV(func(v string, c *argCall) error {
				if strings.Contains(v, "://") || strings.Contains(v, "+") || strings.Contains(v, "@") {
					return fmt.Errorf("an editable install from a URL runs code fetched over the network")
				}
				return c.confine(v)
			}, "-e", "--editable"),
			confine("it reads a requirements file", "-r", "--requirement", "-c", "--constraint"),
		},
		env: envRules{deny: []string{"PIP_CONFIG_FILE", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS"}, why: "it changes where pip installs from"},
		check: func(c *argCall) error {
			switch c.sub {
			case "install", "download", "wheel":
				for _, p := range c.positionals {
					path := p
					if !filepath.IsAbs(path) {
						path = filepath.Join(c.dir, p)
					}
					if _, err := os.Stat(path); err != nil {
						return c.argDenied(p, "installing a package named in the call runs its build code; install a local project (.) or -r requirements.txt", false)
					}
					if err := c.confine(p); err != nil {
						return c.argDenied(p, err.Error(), false)
					}
				}
			case "config":
				if len(c.positionals) > 0 && !slices.Contains([]string{"list", "get", "debug"}, c.positionals[0]) {
					return c.refuse("pip config %s is refused: config writes change where pip installs from", c.positionals[0])
				}
			}
			return nil
		},
	}
}

// dockerReadOnly are the docker subcommands allowed, with the read-only
// subcommands of the management commands.
var dockerReadOnly = map[string][]string{
	"ps": nil, "images": nil, "inspect": nil, "logs": nil, "version": nil, "info": nil, "stats": nil, "top": nil,
	"port": nil, "diff": nil, "events": nil, "history": nil, "search": nil, "pull": nil,
	"container": {"ls", "list", "ps", "inspect", "logs", "top", "port", "diff", "stats"},
	"image":     {"ls", "list", "inspect", "history", "pull"},
	"network":   {"ls", "list", "inspect"},
	"volume":    {"ls", "list", "inspect"},
	"system":    {"df", "info", "events"},
	"context":   {"ls", "list", "show", "inspect"},
	"manifest":  {"inspect"},
	"compose":   {"ps", "ls", "logs", "config", "images", "top", "version"},
	"buildx":    {"ls", "version", "inspect"},
}

func dockerSpec() *argSpec {
	return &argSpec{
		name: "docker",
		kind: kindBounded,
		summary: "allows only reading subcommands (ps, logs, inspect, images, pull, container ls, ...): docker run, exec, build, cp, " +
			"compose up and the rest are refused, because running a container is root on this machine for a member of the docker group",
		grammar:     grammar{dashDash: true},
		subcommands: true,
		global: []rule{
			allowV("--context", "-c", "--log-level", "-l", "-H", "--host"),
			allow("--tls", "--tlsverify", "--debug", "-D", "--version", "-v", "--help", "-h"),
			denyArgV("it names a client config directory, whose credential helpers run", "--config"),
		},
		knownSubs: func() []string {
			var out []string
			for k := range dockerReadOnly {
				out = append(out, k)
			}
			slices.Sort(out)
			return out
		}(),
		rules: []rule{
			denyArgV("it names a client config directory, whose credential helpers run", "--config"),
		},
		env: envRules{deny: []string{"DOCKER_CONFIG"}, why: "it names a client config directory, whose credential helpers run"},
		check: func(c *argCall) error {
			subs := dockerReadOnly[c.sub]
			if subs == nil {
				return nil
			}
			if len(c.positionals) == 0 || !slices.Contains(subs, c.positionals[0]) {
				next := ""
				if len(c.positionals) > 0 {
					next = c.positionals[0]
				}
				return c.refuse("docker %s %s is refused: only %s are allowed (running a container is root on this machine)", c.sub, next, strings.Join(subs, ", "))
			}
			return nil
		},
	}
}

func kubectlSpec() *argSpec {
	return &argSpec{
		name: "kubectl",
		kind: kindBounded,
		summary: "refuses exec, attach, run, debug, cp, port-forward, proxy, edit, plugins, config writes and --kubeconfig " +
			"(a kubeconfig names credential plugins, which run). Not bounded: what it changes in the cluster (apply, delete, scale, ...)",
		grammar:     grammar{dashDash: true},
		subcommands: true,
		global: []rule{
			allowV("--context", "--namespace", "-n", "--cluster", "--user", "--request-timeout", "-v", "--v", "-s", "--server"),
			allow("--version", "--help", "-h", "--insecure-skip-tls-verify", "--warnings-as-errors"),
			denyArgV("a kubeconfig names credential plugins, which run as commands", "--kubeconfig"),
		},
		knownSubs: strings.Fields(`get describe logs top explain api-resources api-versions cluster-info version config apply create
		delete diff patch replace scale autoscale rollout label annotate set expose wait auth certificate cordon uncordon drain taint events`),
		denySubs: map[string]string{
			"exec": "it runs a command in a container", "attach": "it attaches to a running container",
			"run": "it starts a container running a command", "debug": "it starts a debugging container",
			"cp": "it copies files between containers and this machine", "port-forward": "it listens on a local port",
			"proxy": "it listens on a local port", "edit": "it runs an editor", "plugin": "it runs kubectl-* programs",
		},
		rules: []rule{
			denyArgV("a kubeconfig names credential plugins, which run as commands", "--kubeconfig"),
			denyArg("kustomize plugins and helm run programs", "--enable-alpha-plugins", "--enable-helm", "--enable-exec", "--helm-command"),
		},
		env: envRules{deny: []string{"KUBECTL_EXTERNAL_DIFF", "KUBE_EDITOR"}, why: "it names a program kubectl runs"},
		check: func(c *argCall) error {
			if c.sub == "config" && len(c.positionals) > 0 {
				if !slices.Contains([]string{"view", "get-contexts", "current-context", "get-clusters", "get-users"}, c.positionals[0]) {
					return c.refuse("kubectl config %s is refused: a kubeconfig write can add credential plugins, which run as commands", c.positionals[0])
				}
			}
			return nil
		},
	}
}

func ghSpec() *argSpec {
	return &argSpec{
		name: "gh",
		kind: kindBounded,
		summary: "refuses alias, extension, browse, codespace, config writes, auth other than status, --show-token, " +
			"anything after -- (gh passes it to git), and local files outside the working directory sent with --body-file, --input or -F @file; " +
			"path arguments stay inside the working directory. Not bounded: what it changes on GitHub (gh api, pr merge, ...)",
		grammar:     grammar{},
		subcommands: true,
		global:      []rule{allow("--version", "--help", "-h")},
		denySubs: map[string]string{
			"alias": "aliases run shell commands", "extension": "extensions are programs it runs", "ext": "extensions are programs it runs",
			"browse": "it opens a browser", "codespace": "it reaches remote machines and copies files", "cs": "it reaches remote machines and copies files",
		},
		rules: []rule{
			denyArg("gh passes what follows -- to git", "--"),
			confine("it reads a local file and sends it", "--body-file", "--notes-file", "--input", "--env-file"),
			denyArg("it prints your token", "-t", "--show-token"),
			checkV(func(v string, c *argCall) error {
				if c.sub != "api" {
					return confineSent(v, c) // -F is --body-file or --notes-file
				}
				if _, val, _ := strings.Cut(v, "="); strings.HasPrefix(val, "@") {
					return confineSent(val[1:], c)
				}
				return nil
			}, "-F", "--field"),
			confine(whyWrites, "-D", "--dir", "-O", "--output"),
		},
		env: envRules{
			set:  map[string]string{"GH_PROMPT_DISABLED": "1", "GH_PAGER": "cat"},
			deny: []string{"GH_BROWSER", "BROWSER", "GH_EDITOR"}, why: "it names a program gh runs",
		},
		check: func(c *argCall) error {
			first := ""
			if len(c.positionals) > 0 {
				first = c.positionals[0]
			}
			switch c.sub {
			case "auth":
				if first != "status" {
					return c.refuse("gh auth %s is refused: it prints or changes your GitHub credentials", first)
				}
			case "config":
				if first != "get" && first != "list" {
					return c.refuse("gh config %s is refused: config names the programs gh runs (editor, pager, browser)", first)
				}
			case "api", "search":
				return nil
			}
			for _, p := range c.positionals {
				if err := c.confinePathLike(p); err != nil {
					return c.argDenied(p, err.Error(), false)
				}
			}
			return nil
		},
	}
}

func lessSpec() *argSpec {
	return &argSpec{
		name: "less",
		kind: kindBounded,
		summary: "runs in less's secure mode (LESSSECURE=1: no shell commands, editor, log files or input preprocessor) and refuses " +
			"+commands, lesskey files and log files; it reads any file it is given",
		grammar: grammar{dashDash: true, plus: true},
		rules: []rule{
			denyArg("+commands run less commands, which can run shell commands", "+"),
			denyArgV("a lesskey file binds keys to commands", "-k", "--lesskey-file", "--lesskey-src", "--lesskey-content"),
			denyArgV(whyWrites, "-o", "-O", "--log-file", "--LOG-FILE"),
			denyArgV("tags files run commands on lookup", "-T", "--tag-file", "-t", "--tag"),
		},
		valueShort: map[string]string{"": "bhjpPxyz#"},
		env: envRules{
			set:  map[string]string{"LESSSECURE": "1"},
			deny: []string{"LESSOPEN", "LESSCLOSE", "LESS", "LESSKEY*", "LESSEDIT", "LESSSECURE"},
			why:  "it makes less run a preprocessor or editor, or adds options",
		},
	}
}

func manSpec() *argSpec {
	return &argSpec{
		name:    "man",
		kind:    kindBounded,
		summary: "refuses -P/--pager, -H/--html (they run programs) and -C (another config file); it formats any manual page or file it is given",
		grammar: grammar{dashDash: true},
		rules: []rule{
			denyArgV("it runs a pager program", "-P", "--pager"),
			rule{names: []string{"-H", "--html"}, act: actDeny, value: attached, why: "it runs a browser"},
			denyArgV(whyOptsFile, "-C", "--config-file"),
		},
		valueShort: map[string]string{"": "MSmpRELrTe"},
		env: envRules{
			set:  map[string]string{"MANPAGER": "cat"},
			deny: []string{"MANOPT", "BROWSER", "MANROFFOPT", "MANPAGER"},
			why:  "it names a program man runs or adds options",
		},
	}
}

func zipSpec() *argSpec {
	return &argSpec{
		name:    "zip",
		kind:    kindBounded,
		summary: "refuses -T/-TT/--unzip-command (they run a command) and confines the archive it writes and its temporary path; it reads any file it is given",
		// zip does not read "--" as the end of its options.
		grammar: grammar{},
		rules: []rule{
			denyArg(whyRunsCommand, "-T", "--test", "--unzip-command"),
			confine(whyWrites, "-O", "--output-file", "-b", "--temp-path"),
		},
		env:   envRules{deny: []string{"ZIPOPT", "ZIP"}, why: "it adds options, such as -TT, to every run"},
		check: func(c *argCall) error { return confineFirst(c, "zip writes this archive") },
	}
}

// confineFirst confines the first positional, the file a tool writes.
func confineFirst(c *argCall, what string) error {
	if len(c.positionals) == 0 {
		return nil
	}
	if err := c.confine(c.positionals[0]); err != nil {
		return c.argDenied(c.positionals[0], what+", and "+err.Error(), false)
	}
	return nil
}

func unzipSpec() *argSpec {
	return &argSpec{
		name:    "unzip",
		kind:    kindBounded,
		summary: "refuses -: (extract outside the target directory) and confines -d; it reads any archive it is given",
		// unzip reads "--" as a negated option, not the end of its options.
		grammar: grammar{},
		rules: []rule{
			denyArg("it extracts members outside the target directory", "-:"),
			confine(whyWrites, "-d"),
		},
		env: envRules{deny: []string{"UNZIP", "UNZIPOPT"}, why: "it adds options to every run"},
	}
}

func sevenZipSpec() *argSpec {
	return &argSpec{
		name:        "7z",
		kind:        kindBounded,
		summary:     "refuses @listfiles, -spf (absolute paths) and -si/-so to devices, and confines -o and -w; it reads any archive or file it is given",
		grammar:     grammar{singleDashLong: true, noAbbrev: true, responseFiles: true},
		subcommands: true,
		check: func(c *argCall) error {
			for _, o := range c.opts {
				n := o.name
				switch {
				case strings.HasPrefix(n, "-spf"):
					return c.argDenied(n, "it stores and extracts absolute paths", false)
				case strings.HasPrefix(n, "-o"), strings.HasPrefix(n, "-w") && len(n) > 2:
					if err := c.confine(n[2:]); err != nil {
						return c.argDenied(n, whyWrites+": "+err.Error(), false)
					}
				}
			}
			return nil
		},
	}
}

func opensslSpec() *argSpec {
	return &argSpec{
		name: "openssl",
		kind: kindBounded,
		summary: "refuses engines and providers loaded from paths (shared libraries), -config, s_server and ocsp -port (they listen), " +
			"and confines the files it writes (-out, -keyout, ...); it reads any file it is given",
		grammar:     grammar{singleDashLong: true},
		subcommands: true,
		global:      []rule{allow("-help", "-version")},
		denySubs: map[string]string{
			"engine": "it loads engines, which are shared libraries", "s_server": "it listens on the network",
		},
		rules: []rule{
			denyArgV(whyLoadsCode, "-engine", "-keyengine", "-provider-path", "-ssl_client_engine"),
			checkV(func(v string, _ *argCall) error {
				if strings.ContainsAny(v, `/\`) || strings.Contains(v, ".so") || strings.Contains(v, ".dll") || strings.Contains(v, ".dylib") {
					return fmt.Errorf("a provider given as a path is a shared library of your choosing")
				}
				return nil
			}, "-provider"),
			denyArgV("a config file can load modules", "-config"),
			denyArgV("it listens on the network", "-port", "-accept"),
			confine(whyWrites, "-out", "-keyout", "-outdir", "-certout", "-reqout", "-respout", "-sess_out", "-keylogfile", "-writerand", "-CAserial"),
		},
		env: envRules{deny: []string{"OPENSSL_CONF", "OPENSSL_ENGINES", "OPENSSL_MODULES"}, why: "it loads modules or engines"},
	}
}

func gpgSpec() *argSpec {
	return &argSpec{
		name: "gpg",
		kind: kindBounded,
		summary: "refuses --exec-path, --photo-viewer and show-photos (they run programs), helper program paths, extensions, " +
			"--options and --homedir (config that can name programs), and confines the files it writes",
		grammar: grammar{dashDash: true, eitherDash: true},
		rules: []rule{
			denyArgV("it runs helper programs from a directory of your choosing", "--exec-path"),
			denyArgV(whyRunsCommand, "--photo-viewer", "--agent-program", "--dirmngr-program", "--keyboxd-program"),
			denyArgV(whyLoadsCode, "--load-extension"),
			denyArgV("another options file or home directory can name programs", "--options", "--homedir"),
			checkV(func(v string, _ *argCall) error {
				if strings.Contains(strings.ToLower(v), "photo") {
					return fmt.Errorf("showing photos runs the photo viewer program")
				}
				return nil
			}, "--list-options", "--verify-options", "--export-options", "--import-options"),
			confine(whyWrites, "-o", "--output", "--log-file", "--logger-file", "--status-file", "--attribute-file"),
		},
		valueShort: map[string]string{"": "ruRfz"},
	}
}

func goSpec() *argSpec {
	return &argSpec{
		name: "go",
		kind: kindRunsFiles,
		summary: "builds and runs the Go code in the working directory (go run, go test, go generate run it); refuses -toolexec, -exec, " +
			"-vettool (they run programs), go env -w (persistent flags), go run pkg@version, go tool and go install/get of a remote version, " +
			"and confines -o and -C",
		grammar:     grammar{singleDashLong: true},
		subcommands: true,
		global:      []rule{confine(whyWrites, "-C"), allow("-h", "-help", "--help")},
		knownSubs:   strings.Fields(`build clean doc env fix fmt generate get install list mod work run test vet version help bug telemetry`),
		rules: []rule{
			denyArgV(whyRunsCommand, "-toolexec", "-exec", "-vettool"),
			confine(whyWrites, "-o", "-modfile", "-overlay", "-pkgdir", "-coverprofile", "-cpuprofile", "-memprofile", "-blockprofile", "-mutexprofile", "-trace", "-outputdir"),
		},
		env: envRules{deny: []string{"GOFLAGS", "GOTOOLCHAIN", "CC", "CXX", "CGO_LDFLAGS", "CGO_CFLAGS"}, why: "it adds flags or names programs the go command runs"},
		check: func(c *argCall) error {
			switch c.sub {
			case "run", "install", "get":
				for _, p := range c.positionals {
					if strings.Contains(p, "@") {
						return c.argDenied(p, "it downloads and builds (for go run, runs) code named in the call", false)
					}
				}
			case "tool":
				return c.refuse("go tool runs programs that go.mod or the toolchain names")
			case "env":
				if c.has("-w", "-u") {
					return c.refuse("go env -w and -u write default flags for every later go command")
				}
			}
			return nil
		},
	}
}

func cargoSpec() *argSpec {
	return &argSpec{
		name: "cargo",
		kind: kindRunsFiles,
		summary: "builds and runs the Rust code in the working directory (build scripts, tests, cargo run); refuses cargo install, " +
			"--config (which can name a runner or rustc wrapper), -Z and toolchain paths, and confines --manifest-path and --target-dir",
		grammar:     grammar{dashDash: true, plus: true},
		subcommands: true,
		global:      []rule{allow("--version", "-V", "--help", "-h", "--list", "-v", "--verbose", "-q", "--quiet", "--offline", "--frozen", "--locked")},
		knownSubs: strings.Fields(`build b check c clean doc d new init add remove rm run r test t bench update search publish
		fetch fix fmt clippy metadata tree package locate-project pkgid vendor version verify-project generate-lockfile help`),
		rules: []rule{
			denyArgV("it sets configuration, which can name a runner or rustc wrapper", "--config"),
			denyArgV("unstable flags change what cargo runs", "-Z"),
			confine(whyWrites, "--manifest-path", "--target-dir", "--out-dir", "--artifact-dir", "--lockfile-path"),
			denyArg("a toolchain given as a path runs its programs", "+"),
		},
		env: envRules{deny: []string{"RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "RUSTC", "RUSTDOC", "CARGO_BUILD_*", "CARGO_TARGET_*"}, why: "it names a program cargo runs"},
	}
}
