package config

import (
	"cmp"
	"fmt"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/net/http/httpguts"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/selector"
	clisrc "github.com/toolplane/toolplane/source/cli"
)

var (
	// binaryName is a bare executable name: no path separators, no spaces,
	// nothing a shell would interpret.
	// It is compiled on first use: package initialisation runs in every toolplane process.
	binaryName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9._+-]*$`) })
	// serverName must survive as an id part ("mcp:NAME/tool") and as the
	// prefix of aliases.
	serverName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`) })
	identifier = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`) })
	// envName is a portable environment variable name, the only kind
	// pass_env takes.
	envName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`) })
)

// ValidBinaryName reports whether name may appear in cli.allow.
func ValidBinaryName(name string) bool {
	return binaryName().MatchString(name) && name != "." && name != ".."
}

// ValidServerName reports whether name may name an MCP server.
func ValidServerName(name string) bool { return serverName().MatchString(name) }

// checker collects positioned problems found after decoding.
type checker struct {
	file string
	doc  *document
	errs Errors
	// cross holds the key path of each problem found by across.
	cross map[*Error][]string
}

// at reports a problem of the value at path alone.
func (c *checker) at(path []string, format string, args ...any) {
	p := c.doc.keyPos(path)
	c.errs = append(c.errs, &Error{File: c.file, Line: p.line, Col: p.col, Key: dotted(path), Msg: fmt.Sprintf(format, args...)})
}

// across reports a problem of the value at path with other values of its
// table (or, for [cli], of [cli] and its binaries): one validate does not
// report when decoding left a value of that table at its default.
func (c *checker) across(path []string, format string, args ...any) {
	c.at(path, format, args...)
	if c.cross == nil {
		c.cross = map[*Error][]string{}
	}
	c.cross[c.errs[len(c.errs)-1]] = slices.Clone(path)
}

// checkable is a value type with its own rule (enums, secret references).
// The decoder stores string-kinded types without calling UnmarshalText, so
// validate walks the decoded value and asks each one.
type checkable interface{ check() error }

var checkableType = reflect.TypeFor[checkable]()

// Checker is a type of a claimed section with a rule of its own that
// decoding one value at a time cannot apply (how many elements a list may
// have, say). Loading asks every value of such a type, and an error is
// reported at the value's key with file and line.
type Checker interface{ CheckConfig() error }

var checkerType = reflect.TypeFor[Checker]()

// validate checks what strict decoding cannot: enum values, values that are
// wrong in combination, and names that must be safe to use as ids. root is
// the whole decoded value, claimed sections included.
//
// blanked lists the tables in which decoding found a wrong value (left at
// its default): problems found in them are not reported, since a check
// there may have judged the default instead of what the file says.
func validate(file string, doc *document, root reflect.Value, cfg *Config, blanked [][]string) Errors {
	c := &checker{file: file, doc: doc}
	c.walk(root, nil)
	c.cli(&cfg.CLI)
	for _, name := range cfg.ServerNames() {
		c.server(name, cfg.MCP.Servers[name])
	}
	c.limits(cfg)
	if len(blanked) > 0 {
		c.errs = slices.DeleteFunc(c.errs, func(e *Error) bool {
			path, ok := c.cross[e]
			return ok && inBlankedTable(path, blanked)
		})
	}
	return c.errs
}

// inFileOrder sorts errs by position, as a compiler reports, and cuts
// them to maxReportedErrors and a count of the rest. Errors without a
// position (counts of the rest) stay last.
func inFileOrder(errs Errors) Errors {
	sort.SliceStable(errs, func(i, j int) bool {
		a, b := errs[i], errs[j]
		if (a.Line == 0) != (b.Line == 0) {
			return b.Line == 0
		}
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	if n := len(errs); n > maxReportedErrors {
		file := errs[0].File
		errs = append(errs[:maxReportedErrors:maxReportedErrors], &Error{File: file, Msg: fmt.Sprintf("and %d more problems", n-maxReportedErrors)})
	}
	return errs
}

// walk calls check on every checkable value under v, reporting at the
// value's position.
func (c *checker) walk(v reflect.Value, path []string) {
	if v.Type().Implements(checkableType) && !v.IsZero() {
		if err := v.Interface().(checkable).check(); err != nil {
			p := c.doc.valuePos(path)
			c.errs = append(c.errs, &Error{File: c.file, Line: p.line, Col: p.col, Key: dotted(path), Msg: dotted(path) + ": " + err.Error()})
		}
		return
	}
	if v.Type().Implements(checkerType) && !v.IsZero() {
		if err := v.Interface().(Checker).CheckConfig(); err != nil {
			p := c.doc.valuePos(path)
			c.errs = append(c.errs, &Error{File: c.file, Line: p.line, Col: p.col, Key: dotted(path), Msg: dotted(path) + ": " + err.Error()})
		}
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			c.walk(v.Elem(), path)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.IsExported() && tagName(f) != "-" {
				p := append(path[:len(path):len(path)], tagName(f))
				c.zeroIsDefault(f, v.Field(i), p)
				c.walk(v.Field(i), p)
			}
		}
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			return
		}
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		for _, k := range keys {
			c.walk(v.MapIndex(k), append(path[:len(path):len(path)], k.String()))
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			c.walk(v.Index(i), path)
		}
	}
}

// zeroIsDefault refuses a written zero for a field tagged
// config:"zero-is-default" (a Duration, a ByteSize or an integer): its
// zero is not a setting of its own, the default stands for it.
// Unrefused, cli.timeout = "0s" ran binaries for the default 30s,
// idle_timeout = "0s" kept sessions 30m and results.ttl_seconds = 0 kept
// results an hour, while config check showed 0. A claimed section's
// fields may carry the tag too:
//
//	Timeout config.Duration `toml:"timeout" config:"zero-is-default"`
func (c *checker) zeroIsDefault(f reflect.StructField, v reflect.Value, path []string) {
	if f.Tag.Get("config") != "zero-is-default" || !v.IsZero() || !c.doc.has(path) {
		return
	}
	switch {
	case v.Type() == reflect.TypeFor[Duration]():
		c.at(path, "%s = \"0s\" is not a setting: it must be positive; remove the key for its default", dotted(path))
	case v.CanInt():
		c.at(path, "%s = 0 is not a setting: the default stands for it; remove the key for its default, or write the value you mean", dotted(path))
	}
}

func (c *checker) cli(cli *CLIConfig) {
	switch {
	case len(cli.Allow) > 0 && cli.Mode != CLIAllowlist:
		c.across([]string{"cli", "allow"}, `cli.allow is only used when cli.mode = "allowlist", but cli.mode is %q; set mode = "allowlist" (toolplane cli mode allowlist) or remove allow`, cli.Mode)
	case len(cli.Allow) == 0 && cli.Mode == CLIAllowlist:
		c.across([]string{"cli", "mode"}, `cli.mode = "allowlist" with an empty cli.allow allows nothing; add binaries (toolplane cli allow BIN) or set mode = "disabled"`)
	}
	seen := map[string]bool{}
	for _, b := range cli.Allow {
		switch {
		case !ValidBinaryName(b):
			c.at([]string{"cli", "allow"}, "cli.allow: %q is not a bare binary name (no paths, spaces or shell characters); list the name and let PATH resolve it", b)
		case seen[b]:
			c.at([]string{"cli", "allow"}, "cli.allow: %q is listed twice", b)
		}
		seen[b] = true
	}
	c.cliEnv(cli)
	for _, b := range sortedKeys(cli.Binaries) {
		if !ValidBinaryName(b) {
			c.at([]string{"cli", "binaries", b}, "cli.binaries: %q is not a bare binary name", b)
		} else if near := closest(b, cli.Allow); cli.Mode == CLIAllowlist && !cli.Escalate && !slices.Contains(cli.Allow, b) && near != "" {
			// Only an allowed binary can run, so a misspelt name
			// ([cli.binaries.gti] deny_args) left the binary it meant
			// without its settings, silently. (The settings of a binary
			// taken out of cli.allow are kept for its return.)
			c.across([]string{"cli", "binaries", b}, "[cli.binaries.%s]: %s is not in cli.allow, so its settings apply to nothing; did you mean %q?", b, b, near)
		}
		bin := cli.Binaries[b]
		c.labels([]string{"cli", "binaries", b, "labels"}, bin.Labels)
		c.cliList(b, "deny_args", bin.DenyArgs, clisrc.CheckDenyArg)
		c.cliList(b, "allow_subcommands", bin.AllowSubcommands, clisrc.CheckSubcommandName)
		c.cliList(b, "deny_subcommands", bin.DenySubcommands, clisrc.CheckSubcommandName)
		for _, s := range bin.AllowSubcommands {
			if slices.Contains(bin.DenySubcommands, s) {
				c.across([]string{"cli", "binaries", b, "deny_subcommands"}, "cli.binaries.%s: %q is in both allow_subcommands and deny_subcommands; keep one", b, s)
			}
		}
	}
}

// cliEnv refuses [cli] env and pass_env variables that the argument
// policy of an allowed binary (or of every binary) refuses: GIT_SSH_COMMAND
// for git, LD_PRELOAD for all.
func (c *checker) cliEnv(cli *CLIConfig) {
	binaries := []string{""}
	if cli.Mode == CLIAllowlist {
		for _, b := range cli.Allow {
			if bp := cli.Binaries[b].BuiltinPolicy; bp == nil || *bp {
				binaries = append(binaries, b)
			}
		}
	}
	check := func(path []string, name string) {
		for _, b := range binaries {
			if refused, why := clisrc.RefusedEnv(b, name); refused {
				fix := "remove it"
				if b != "" {
					fix += fmt.Sprintf(", or set [cli.binaries.%s] builtin_policy = false", b)
				}
				c.across(path, "%s: %s is refused: %s; %s", dotted(path), name, why, fix)
				return
			}
		}
	}
	for _, k := range sortedKeys(cli.Env) {
		if k == "" || strings.ContainsAny(k, "=\x00") {
			// "LD_PRELOAD=/x" = "y" would set LD_PRELOAD past the check
			// below; serve refused it, without a line.
			c.at([]string{"cli", "env", k}, "cli.env: %q is not an environment variable name (no '=', not empty)", k)
			continue
		}
		check([]string{"cli", "env", k}, k)
	}
	for _, k := range cli.PassEnv {
		if !envName().MatchString(k) {
			c.at([]string{"cli", "pass_env"}, "cli.pass_env: %q is not an environment variable name (letters, digits and '_', not starting with a digit)", k)
			continue
		}
		check([]string{"cli", "pass_env"}, k)
	}
}

// cliList checks each entry of a [cli.binaries.NAME] list with check, and
// reports duplicates.
func (c *checker) cliList(binary, key string, list []string, check func(string) error) {
	path := []string{"cli", "binaries", binary, key}
	seen := map[string]bool{}
	for _, s := range list {
		if err := check(s); err != nil {
			c.at(path, "cli.binaries.%s.%s: %v", binary, key, err)
		} else if seen[s] {
			c.at(path, "cli.binaries.%s.%s: %q is listed twice", binary, key, s)
		}
		seen[s] = true
	}
}

func (c *checker) server(name string, s MCPServer) {
	path := []string{"mcp", "servers", name}
	key := func(k ...string) []string { return append(append([]string(nil), path...), k...) }
	if !ValidServerName(name) {
		c.at(path, "MCP server name %q must start with a letter and contain only letters, digits, '_' and '-' (it becomes part of capability ids)", name)
	}
	switch {
	case s.Command != "" && s.URL != "":
		c.across(path, "MCP server %q has both command and url; keep command for a local (stdio) server or url for a remote one", name)
	case s.Command == "" && s.URL == "":
		c.across(path, "MCP server %q needs either command (a local stdio server) or url (a remote server)", name)
	case s.Command != "":
		if s.Transport != "" && s.Transport != TransportStdio {
			c.across(key("transport"), "MCP server %q runs a command, so its transport is stdio, not %q; use url for %s", name, s.Transport, s.Transport)
		}
		for _, k := range []string{"headers", "auth"} {
			if c.doc.has(key(k)) {
				c.across(key(k), "MCP server %q: %s applies only to url servers; pass credentials to a command through env", name, k)
			}
		}
		for _, k := range s.PassEnv {
			if !envName().MatchString(k) {
				c.at(key("pass_env"), "MCP server %q: pass_env: %q is not an environment variable name (letters, digits and '_', not starting with a digit)", name, k)
			}
		}
		for _, k := range sortedKeys(s.Env) {
			if k == "" || strings.ContainsAny(k, "=\x00") {
				c.at(key("env"), "MCP server %q: env: %q is not an environment variable name", name, k)
			}
		}
		if s.Isolation != "" && s.Isolation != ServerIsolationLandlock && s.Isolation != ServerIsolationNone {
			c.at(key("isolation"), "MCP server %q: isolation %q: want %q (the default: a Landlock domain of its own) or %q", name, s.Isolation, ServerIsolationLandlock, ServerIsolationNone)
		}
	default:
		if s.Transport == TransportStdio {
			c.across(key("transport"), "MCP server %q has a url, so its transport is http or sse, not stdio; use command for a stdio server", name)
		}
		if u, err := url.Parse(s.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			c.at(key("url"), "MCP server %q: url %q must be an absolute http:// or https:// URL", name, shownURL(s.URL))
		} else if u.User != nil {
			// Credentials in the URL would be a literal secret that every
			// summary, status line and error prints.
			c.at(key("url"), "MCP server %q: url carries credentials (user:password@); remove them and send them as a header, e.g. headers = { Authorization = \"keyring://NAME\" }", name)
		}
		c.headers(key("headers"), s.Headers)
		if s.Auth != "" && s.Auth != AuthNone {
			for _, h := range sortedKeys(s.Headers) {
				if strings.EqualFold(h, "Authorization") {
					c.across(key("headers", h), "MCP server %q has both auth = %q and headers.%s: both set the Authorization header; keep one", name, s.Auth, h)
				}
			}
		}
		for _, k := range []string{"args", "env", "pass_env", "cwd", "startup", "isolation"} {
			if c.doc.has(key(k)) {
				c.across(key(k), "MCP server %q: %s applies only to command (stdio) servers", name, k)
			}
		}
	}
	if s.StartupTimeout.Duration < 0 {
		c.at(key("startup_timeout"), "MCP server %q: startup_timeout must not be negative, got %s", name, s.StartupTimeout.Duration)
	}
	c.labels(key("labels"), s.Labels)
	// Two enabled tools under one name: serve refused the server, which
	// config check passed.
	named := map[string]string{}
	for _, tool := range sortedKeys(s.Tools) {
		o := s.Tools[tool]
		as := cmp.Or(o.Alias, tool)
		if other, dup := named[as]; dup && !o.Disabled {
			c.at(key("tools", tool), "MCP server %q: tools %q and %q are both named %q; change an alias or disable one", name, other, tool, as)
		}
		if !o.Disabled {
			named[as] = tool
		}
	}
	for _, tool := range sortedKeys(s.Tools) {
		if a := s.Tools[tool].Alias; a != "" && !identifier().MatchString(a) {
			c.at(key("tools", tool, "alias"), "alias %q of tool %q is not a Python identifier (letters, digits, '_', not starting with a digit)", a, tool)
		} else if _, ok := capability.Identifier(a); a != "" && !ok {
			// The binding is withdrawn: the tool was left with its id
			// alone, and nothing said so at start.
			c.at(key("tools", tool, "alias"), "alias %q of tool %q is a Python keyword (or only underscores), which no snippet can name; choose another", a, tool)
		}
		c.labels(key("tools", tool, "labels"), s.Tools[tool].Labels)
	}
}

// headers checks the names of a table of request headers, and the values
// written as literals (a reference's value is checked when it is read):
// a bad one failed every request at connect time, not at load.
func (c *checker) headers(path []string, headers map[string]Secret) {
	for _, h := range sortedKeys(headers) {
		p := append(path[:len(path):len(path)], h)
		switch v := headers[h]; {
		case !httpguts.ValidHeaderFieldName(h):
			c.at(p, "%s: %q is not a header name (letters, digits and !#$%%&'*+-.^_`|~)", dotted(path), truncateKey(h, 64))
		case !v.IsRef() && !httpguts.ValidHeaderFieldValue(string(v)):
			// The value is not shown: it may be a credential.
			c.at(p, "%s.%s: the value holds a control character (a newline, say), which no header may carry (the value is not shown)", dotted(path), h)
		}
	}
}

// labels checks label keys and values with the selector rules, so a label
// that no selector could ever match fails here instead of silently.
func (c *checker) labels(path []string, labels map[string]string) {
	for _, k := range sortedKeys(labels) {
		if err := selector.ValidateLabels(map[string]string{k: labels[k]}); err != nil {
			c.at(append(path[:len(path):len(path)], k), "%s: %v", dotted(path), err)
			continue
		}
		if !strings.HasPrefix(k, capability.LabelPrefix) {
			continue
		}
		switch {
		case !slices.Contains(capability.HintLabels(), k):
			c.at(append(path[:len(path):len(path)], k), "%s: label %q: the %s prefix is toolplane's; its labels are %s", dotted(path), k, capability.LabelPrefix, strings.Join(capability.HintLabels(), ", "))
		case labels[k] != "true" && labels[k] != "false":
			c.at(append(path[:len(path):len(path)], k), "%s: label %q must be \"true\" or \"false\", got %q", dotted(path), k, labels[k])
		}
	}
}

func (c *checker) limits(cfg *Config) {
	if cfg.Session.MaxMemoryMB <= 0 {
		c.at([]string{"session", "max_memory_mb"}, "session.max_memory_mb must be positive, got %d", cfg.Session.MaxMemoryMB)
	}
	for _, kv := range []struct {
		key string
		v   int
	}{{"max_sessions", cfg.Session.MaxSessions}, {"max_sessions_per_token", cfg.Session.MaxSessionsPerToken}} {
		if kv.v <= 0 {
			c.at([]string{"session", kv.key}, "session.%s must be positive, got %d", kv.key, kv.v)
		}
	}
	for _, kv := range []struct {
		key string
		v   int
	}{{"max_retained_mb", cfg.Session.MaxRetainedMB}, {"max_retained_mb_per_token", cfg.Session.MaxRetainedMBPerToken}} {
		if kv.v < 0 {
			c.at([]string{"session", kv.key}, "session.%s must be positive (or 0 to derive it from the host's memory), got %d", kv.key, kv.v)
		}
	}
	for _, kv := range []struct {
		key string
		v   int
	}{{"max_concurrent_runs", cfg.Session.MaxConcurrentRuns}, {"max_concurrent_runs_per_token", cfg.Session.MaxConcurrentRunsPerToken}} {
		if kv.v < 0 {
			c.at([]string{"session", kv.key}, "session.%s must be positive (or 0 to derive it from the host's CPUs), got %d", kv.key, kv.v)
		}
	}
	// A token's share may not exceed the server's whole (unset, 0, the
	// whole is derived and the share is cut to it: config.RunLimits,
	// MemoryBudget).
	s := cfg.Session
	for _, p := range []struct {
		key              string
		perToken, server int
	}{
		{"max_sessions", s.MaxSessionsPerToken, s.MaxSessions},
		{"max_retained_mb", s.MaxRetainedMBPerToken, s.MaxRetainedMB},
		{"max_concurrent_runs", s.MaxConcurrentRunsPerToken, s.MaxConcurrentRuns},
	} {
		if p.perToken > p.server && p.server > 0 {
			c.across([]string{"session", p.key + "_per_token"}, "session.%s_per_token (%d) exceeds session.%s (%d)", p.key, p.perToken, p.key, p.server)
		}
	}
	if cfg.Session.BudgetWait.Duration <= 0 {
		c.at([]string{"session", "budget_wait"}, "session.budget_wait must be positive (how long a run that does not fit the memory budget waits for memory), got %s", cfg.Session.BudgetWait.Duration)
	}
	if n := cfg.Session.MaxHostCalls; n <= 0 || n > MaxHostCallsCap {
		c.at([]string{"session", "max_host_calls"}, "session.max_host_calls must be between 1 and %d (the capability calls one run may make; default %d), got %d", MaxHostCallsCap, DefaultMaxHostCalls, n)
	}
	if cfg.Session.RunQueueWait.Duration <= 0 {
		c.at([]string{"session", "run_queue_wait"}, "session.run_queue_wait must be positive (how long a run over a run cap waits for a slot), got %s", cfg.Session.RunQueueWait.Duration)
	}
	r := cfg.Results
	if r.MaxEntries <= 0 {
		c.at([]string{"results", "max_entries"}, "results.max_entries must be positive, got %d", r.MaxEntries)
	}
	if r.MaxEntryBytes <= 0 || r.MaxTotalBytes <= 0 {
		c.at([]string{"results"}, "results.max_entry_bytes and results.max_total_bytes must be positive")
	} else if r.MaxEntryBytes > r.MaxTotalBytes {
		c.across([]string{"results", "max_entry_bytes"}, "results.max_entry_bytes (%s) exceeds results.max_total_bytes (%s)", r.MaxEntryBytes, r.MaxTotalBytes)
	}
	if r.TTLSeconds < 0 {
		c.at([]string{"results", "ttl_seconds"}, "results.ttl_seconds must be positive, got %d", r.TTLSeconds)
	}
	if cfg.CLI.MaxOutputBytes <= 0 {
		c.at([]string{"cli", "max_output_bytes"}, "cli.max_output_bytes must be positive")
	}
	if cfg.MCP.MaxResultBytes <= 0 {
		c.at([]string{"mcp", "max_result_bytes"}, "mcp.max_result_bytes must be positive")
	}
	if cfg.MCP.MaxTools <= 0 {
		c.at([]string{"mcp", "max_tools"}, "mcp.max_tools must be positive, got %d", cfg.MCP.MaxTools)
	}
	if cfg.MCP.CallTimeout.Duration <= 0 {
		c.at([]string{"mcp", "call_timeout"}, "mcp.call_timeout must be positive")
	}
	validateAudit(c, &cfg.Audit)
	if h := cfg.Log.LogIDHeader; h != "" && !validHeaderName(h) {
		c.at([]string{"log", "logid_header"}, "log.logid_header = %q is not a header name (letters, digits, '-' and '_')", h)
	} else if dispatch.IsCredentialHeader(h) {
		c.at([]string{"log", "logid_header"}, "log.logid_header = %q is a credential header; log ids are echoed to clients and written to logs", h)
	}
}

func validHeaderName(h string) bool {
	if len(h) > 64 {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// validateAudit checks [audit]: known sinks, each once, the http sink
// with a usable url, and no credential header on the allow-list.
func validateAudit(c *checker, a *AuditConfig) {
	sinks := a.Sinks
	if len(sinks) == 0 {
		sinks = []string{AuditSinkFile}
	}
	seen := map[string]bool{}
	for _, s := range sinks {
		switch s {
		case AuditSinkFile, AuditSinkStderr, AuditSinkHTTP:
		default:
			c.at([]string{"audit", "sinks"}, "audit.sinks: unknown sink %q; want \"file\", \"stderr\" or \"http\"", s)
		}
		if seen[s] {
			c.at([]string{"audit", "sinks"}, "audit.sinks lists %q twice", s)
		}
		seen[s] = true
	}
	if a.Enabled && seen[AuditSinkFile] && a.Path == "" {
		c.across([]string{"audit", "path"}, "audit.enabled = true needs audit.path")
	}
	if a.MaxFiles < 0 {
		c.at([]string{"audit", "max_files"}, "audit.max_files must not be negative, got %d", a.MaxFiles)
	}
	if a.MaxFileBytes < 0 {
		c.at([]string{"audit", "max_file_bytes"}, "audit.max_file_bytes must not be negative")
	}
	if a.QueueSize < 0 {
		c.at([]string{"audit", "queue_size"}, "audit.queue_size must not be negative, got %d (0 takes the default; there is no unbounded queue)", a.QueueSize)
	}
	for _, h := range a.Headers {
		if !httpguts.ValidHeaderFieldName(h) {
			// No request carries it: the line would never record it.
			c.at([]string{"audit", "headers"}, "audit.headers lists %q, which is not a header name (letters, digits and !#$%%&'*+-.^_`|~)", truncateKey(h, 64))
			continue
		}
		if dispatch.IsCredentialHeader(h) {
			c.at([]string{"audit", "headers"}, "audit.headers lists %q, a credential header; audit lines never record credentials, so remove it", h)
		}
	}
	c.headers([]string{"audit", "http", "headers"}, a.HTTP.Headers)
	if a.HTTP.URL != "" && !seen[AuditSinkHTTP] {
		c.across([]string{"audit", "http", "url"}, "audit.http.url is set but audit.sinks does not list \"http\"; add it (sinks = [\"file\", \"http\"]) or remove [audit.http]")
	}
	if seen[AuditSinkHTTP] {
		if u, err := url.Parse(a.HTTP.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
			c.across([]string{"audit", "http", "url"}, "audit.http.url = %q: want http(s)://HOST[:PORT]/PATH without credentials (the \"http\" sink needs it)", shownURL(a.HTTP.URL))
		}
		switch a.HTTP.Format {
		case "", "jsonl", "otlp":
		default:
			c.across([]string{"audit", "http", "format"}, "audit.http.format = %q: want \"jsonl\" or \"otlp\"", a.HTTP.Format)
		}
	}
}

// shownURL is raw as an error may show it: what precedes the last '@'
// before its path, query or fragment (user:password, or a token taken
// for a scheme when "://" is missing) is replaced by xxxxx. It does not
// need raw to parse: a URL refused for not parsing is shown too.
func shownURL(raw string) string {
	prefix, rest := "", raw
	if i := strings.Index(raw, "://"); i >= 0 {
		prefix, rest = raw[:i+3], raw[i+3:]
	}
	upTo := rest
	if j := strings.IndexAny(rest, "?#"); j >= 0 {
		upTo = rest[:j]
	}
	if k := strings.LastIndexByte(upTo, '@'); k >= 0 {
		return prefix + "xxxxx" + rest[k:]
	}
	return raw
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
