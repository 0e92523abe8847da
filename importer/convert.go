package importer

import (
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/toolplane/toolplane/config"
)

// Table is one TOML table to append: its path and key/value lines, the
// values already rendered as TOML.
type Table struct {
	Path []string
	KVs  [][2]string
}

// EnvToSet is an environment variable an imported server now reads through
// an env:// reference and the user has to set for toolplane.
type EnvToSet struct {
	Name string
	// For says what it replaces: "[mcp.servers.gh] env.GITHUB_TOKEN".
	For string
	// Hint says what to put in it, when it is not simply the old value.
	Hint string
}

// Plan is one server converted for toolplane's config.
type Plan struct {
	// Name is toolplane's name for it (the agent's, made valid).
	Name   string
	Source Server
	// Tables are the server's table and its tool overrides.
	Tables []Table
	// Env are the variables to set.
	Env []EnvToSet
	// Sends are the env values (stdio) or headers and auth (url) the
	// server will get, as written to the config, in order: what the user
	// confirms.
	Sends []Send
	// Store are the literal credentials to keep in the secret store, each
	// under a fresh name the config refers to as keyring://NAME. The
	// caller stores them once the import is confirmed, before it writes
	// the config.
	Store []StoredSecret
	// Plaintext lists the literal credentials written to the config as
	// they are (ConvertOptions.Plaintext), for a loud warning.
	Plaintext []string
	// Rewrites say, one line each, what the conversion changed: a wrapper
	// made a url, a credential made a reference, a key renamed.
	Rewrites []string
	// Notes are what could not be carried over.
	Notes []string
}

// StoredSecret is a literal credential of an imported file, to be kept in
// the secret store under Name.
type StoredSecret struct {
	Name  string
	Value string
	// For says where the config refers to it: "[mcp.servers.gh] env.TOKEN".
	For string
}

// Send is one env value, header or auth of an imported server.
type Send struct {
	// Kind is "env", "header" or "auth".
	Kind string
	Key  string
	// Value is what the config will hold: a literal, env://NAME or
	// keyring://NAME.
	Value string
}

// ConvertOptions say how a Converter treats what it converts.
type ConvertOptions struct {
	// Taken reports the variable names an env:// reference must not
	// choose: those set in the environment now, and those the config
	// already reads (nil: none).
	Taken func(name string) bool
	// KeyringTaken, when set, sends literal credentials to the secret
	// store, under fresh names (keyring://NAME); it reports the names in
	// use there. Nil: there is no usable store, and literal credentials
	// become env:// references to fresh variables the user sets.
	KeyringTaken func(name string) bool
	// Plaintext writes literal credentials to the config as they are
	// (--plaintext). References in the file are refused or replaced all
	// the same.
	Plaintext bool
	// Verbatim keeps commands and URLs as written (--verbatim): an
	// mcp-remote or fastmcp-remote wrapper stays a command instead of
	// becoming url = ... with auth = "oauth".
	Verbatim bool
}

// Converter converts servers one by one, choosing env:// names that do not
// collide across the servers of one import, nor with a variable that is
// set now or read by the config already.
//
// An imported file is data, not instructions: a checked-in .mcp.json is
// written by whoever controls the repository, and must not choose which
// of the user's secrets reaches which server. So the converter never
// follows a reference found in a file. Values that are toolplane
// references (env://, keyring://) refuse the server; the agents' own
// references (${VAR}, ${env:VAR}, Codex's env_http_headers,
// bearer_token_env_var and env_vars) and literal credentials become
// env:// references to fresh variables, which the user sets on purpose.
//
// A literal credential goes to the secret store under a fresh name: never
// a name in use, never one a stored value is found under (the file's
// author knowing a value must not link the user's secret, and its later
// rotations, to the file's server).
type Converter struct {
	opts ConvertOptions
	// used maps an env:// name chosen for a literal to what it stands for.
	used map[string]string
	// usedKeyring are the keyring names chosen in this import.
	usedKeyring map[string]bool
}

// NewConverter returns a Converter.
func NewConverter(opts ConvertOptions) *Converter {
	if opts.Taken == nil {
		opts.Taken = func(string) bool { return false }
	}
	return &Converter{opts: opts, used: map[string]string{}, usedKeyring: map[string]bool{}}
}

// HeaderEnvPrefix starts the variables chosen for the headers of imported
// url servers: a namespace of their own, so no name a file can make up
// (AWS_SECRET_ACCESS_KEY, TOOLPLANE_STORAGE_KEY) is one a remote server is
// sent.
const HeaderEnvPrefix = "TOOLPLANE_MCP_"

// IsReference reports whether v is, or dresses up as, a toolplane secret
// reference (env://, keyring://, in any case, with spaces around).
func IsReference(v string) bool {
	t := strings.ToLower(strings.TrimSpace(v))
	return strings.HasPrefix(t, config.SchemeEnv+"://") || strings.HasPrefix(t, config.SchemeKeyring+"://")
}

// refusals lists what makes s unsafe to import as it is: secret
// references in env or headers, credentials in the URL, a URL that is not
// http(s).
func refusals(s Server) []string {
	var out []string
	if n := len(s.Env) + len(s.Headers) + len(s.EnvHeaders) + len(s.PassEnv); n > MaxValues {
		// Each literal would become an entry of the secret store and a
		// line to review: a file must not flood either.
		out = append(out, fmt.Sprintf("it sets %d env values and headers (at most %d are imported)", n, MaxValues))
	}
	for _, k := range sortedKeys(s.Env) {
		if IsReference(s.Env[k]) {
			out = append(out, fmt.Sprintf("env.%s is a secret reference (%s)", k, s.Env[k]))
		}
	}
	for _, k := range sortedKeys(s.Headers) {
		if IsReference(s.Headers[k]) {
			out = append(out, fmt.Sprintf("headers.%s is a secret reference (%s)", k, s.Headers[k]))
		}
	}
	for _, k := range sortedKeys(s.EnvHeaders) {
		if IsReference(s.EnvHeaders[k]) {
			out = append(out, fmt.Sprintf("env_http_headers.%s is a secret reference", k))
		}
	}
	if s.URL != "" {
		u, err := url.Parse(s.URL)
		switch {
		case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
			out = append(out, "its url is not an absolute http:// or https:// URL")
		case u.User != nil:
			out = append(out, fmt.Sprintf("its url carries credentials (%s)", u.Redacted()))
		}
	}
	return out
}

// MaxValues bounds the env values and headers of one imported server.
const MaxValues = 64

// maxSecretName bounds the length of a secret store name chosen for a
// literal (a file's key can be of any length).
const maxSecretName = 96

// refPattern matches a whole value that is a variable reference in the
// agents' syntax: ${VAR}, ${VAR:-default} (Claude Code), ${env:VAR} (Cursor).
// It is compiled on first use: package initialisation runs in every toolplane process.
var refPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}$`)
})

// embeddedRef matches a reference inside a longer value.
var embeddedRef = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{(?:env:)?[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}`) })

// Convert turns s into toolplane's tables. It fails for a server that has
// neither a command nor a URL, and for one carrying toolplane secret
// references or credentials in its URL (see refusals).
func (c *Converter) Convert(s Server) (*Plan, error) {
	if r := refusals(s); len(r) > 0 {
		return nil, fmt.Errorf("server %s in %s: %s; an imported file does not choose which of your secrets is sent where, so write this entry into toolplane.toml yourself (toolplane mcp add)", s.Name, s.Origin, strings.Join(r, "; "))
	}
	p := &Plan{Name: ServerName(s.Name), Source: s, Notes: append([]string(nil), s.Notes...)}
	if !c.opts.Verbatim {
		w, note := remoteWrapper(s)
		if note != "" {
			p.Notes = append(p.Notes, note)
		}
		if w != nil {
			if r := refusals(w.Server); len(r) > 0 {
				return nil, fmt.Errorf("server %s in %s: %s; an imported file does not choose which of your secrets is sent where, so write this entry into toolplane.toml yourself (toolplane mcp add)", s.Name, s.Origin, strings.Join(r, "; "))
			}
			what := fmt.Sprintf("url = %q", w.URL)
			if w.Type == "sse" {
				what += `, transport = "sse"`
			}
			if w.Auth != "" {
				what += fmt.Sprintf(`, auth = %q (log in once: toolplane mcp login %s)`, w.Auth, p.Name)
			}
			p.Rewrites = append(p.Rewrites, fmt.Sprintf("the %s wrapper `%s` became %s: toolplane speaks to remote servers and does OAuth itself (--verbatim keeps the wrapper)", w.wrapper, shellWords(append([]string{s.Command}, s.Args...)), what))
			s = w.Server
			p.Source = s
		}
	}
	for _, f := range []struct{ what, v string }{{"command", s.Command}, {"url", s.URL}, {"cwd", s.Cwd}, {"args", strings.Join(s.Args, " ")}} {
		if embeddedRef().MatchString(f.v) {
			p.Notes = append(p.Notes, fmt.Sprintf("%s contains ${...}, which toolplane does not expand: the server gets the text as written; edit it", f.what))
		}
	}
	if p.Name != s.Name {
		p.Rewrites = append(p.Rewrites, fmt.Sprintf("renamed %q to %q (names are letters, digits, '_' and '-')", s.Name, p.Name))
	}
	where := fmt.Sprintf("[mcp.servers.%s]", p.Name)
	var kvs [][2]string
	add := func(key string, v any) {
		r, err := config.TOMLValue(v)
		if err != nil {
			panic(err) // only the types TOMLValue takes are passed
		}
		kvs = append(kvs, [2]string{key, r})
	}
	typ := strings.ToLower(s.Type)
	switch {
	case s.Command != "" && s.URL != "":
		return nil, fmt.Errorf("server %s in %s has both a command and a url", s.Name, s.Origin)
	case s.Command != "":
		if typ != "" && typ != "stdio" {
			return nil, fmt.Errorf("server %s in %s: type %q with a command", s.Name, s.Origin, s.Type)
		}
		add("command", s.Command)
		if len(s.Args) > 0 {
			add("args", s.Args)
		}
		env := map[string]string{}
		for _, k := range sortedKeys(s.Env) {
			env[k] = c.secretValue(p, where+" env."+k, p.Name, k, s.Env[k], false)
		}
		for _, k := range s.PassEnv {
			if _, ok := env[k]; !ok {
				name := c.choose(p.Name, k, false, "pass:"+k, k)
				env[k] = "env://" + name
				p.Env = append(p.Env, EnvToSet{Name: name, For: where + " env." + k, Hint: fmt.Sprintf("the agent passed its $%s; set this to that value if you want this program to have it", k)})
				p.Rewrites = append(p.Rewrites, fmt.Sprintf("env_vars %s: became env.%s = env://%s, a fresh variable you set (an imported file does not pick which of your variables a program gets)", k, k, name))
			}
		}
		if len(env) > 0 {
			add("env", env)
		}
		for _, k := range sortedKeys(env) {
			p.Sends = append(p.Sends, Send{Kind: "env", Key: k, Value: env[k]})
		}
		if s.Cwd != "" {
			add("cwd", s.Cwd)
		}
	case s.URL != "":
		add("url", s.URL)
		switch typ {
		case "", "http":
		case "sse":
			add("transport", "sse")
		default:
			return nil, fmt.Errorf("server %s in %s: type %q with a url; toolplane speaks http (Streamable HTTP) and sse", s.Name, s.Origin, s.Type)
		}
		hasAuthHeader := false
		for k := range s.Headers {
			hasAuthHeader = hasAuthHeader || strings.EqualFold(k, "Authorization")
		}
		for k := range s.EnvHeaders {
			hasAuthHeader = hasAuthHeader || strings.EqualFold(k, "Authorization")
		}
		if hasAuthHeader && (s.BearerToken != "" || s.BearerEnv != "") {
			return nil, fmt.Errorf("server %s in %s has both a bearer token and an Authorization header; keep one", s.Name, s.Origin)
		}
		// Every header value is a credential: names do not tell (X-Auth,
		// Cookie, X-Goog-Api-Key, a tenant id that is half of one).
		headers := map[string]string{}
		for _, k := range sortedKeys(s.Headers) {
			headers[k] = c.secretValue(p, where+" headers."+k, p.Name, k, s.Headers[k], true)
		}
		for _, k := range sortedKeys(s.EnvHeaders) {
			name := c.choose(p.Name, k, true, "envheader:"+s.EnvHeaders[k], s.EnvHeaders[k])
			headers[k] = "env://" + name
			p.Env = append(p.Env, EnvToSet{Name: name, For: where + " headers." + k, Hint: fmt.Sprintf("the agent sent its $%s; set this to that value if you want %s to get it", s.EnvHeaders[k], s.URL)})
			p.Rewrites = append(p.Rewrites, fmt.Sprintf("env_http_headers.%s = %s: became headers.%s = env://%s, a fresh variable you set", k, s.EnvHeaders[k], k, name))
		}
		auth := s.Auth
		switch {
		case s.BearerToken != "" && c.opts.Plaintext:
			headers["Authorization"] = "Bearer " + s.BearerToken
			p.Plaintext = append(p.Plaintext, where+" headers.Authorization")
			p.Rewrites = append(p.Rewrites, "bearer_token: became headers.Authorization = \"Bearer ...\", written as a literal (--plaintext)")
		case s.BearerToken != "":
			auth = c.literal(p, where+" auth", p.Name, "token", s.BearerToken, true, "bearer_token")
		case s.BearerEnv != "":
			name := c.choose(p.Name, "token", true, "bearer:"+s.BearerEnv, s.BearerEnv)
			auth = "env://" + name
			p.Env = append(p.Env, EnvToSet{Name: name, For: where + " auth", Hint: fmt.Sprintf("set it to the token in $%s (the token alone: toolplane sends Authorization: Bearer TOKEN)", s.BearerEnv)})
			p.Rewrites = append(p.Rewrites, fmt.Sprintf("bearer_token_env_var = %s: became auth = env://%s, a fresh variable you set to the token", s.BearerEnv, name))
		}
		if auth != "" {
			add("auth", auth)
		}
		if len(headers) > 0 {
			add("headers", headers)
		}
		for _, k := range sortedKeys(headers) {
			p.Sends = append(p.Sends, Send{Kind: "header", Key: k, Value: headers[k]})
		}
		if auth != "" && auth != "oauth" {
			p.Sends = append(p.Sends, Send{Kind: "auth", Key: "token", Value: auth})
		}
	default:
		return nil, fmt.Errorf("server %s in %s has neither a command nor a url", s.Name, s.Origin)
	}
	if s.TimeoutSeconds > 0 {
		d := seconds(s.TimeoutSeconds)
		add("timeout", d)
		p.Rewrites = append(p.Rewrites, fmt.Sprintf("tool_timeout_sec = %g: became timeout = %q", s.TimeoutSeconds, d))
	}
	if s.StartupSeconds > 0 {
		d := seconds(s.StartupSeconds)
		add("startup_timeout", d)
		p.Rewrites = append(p.Rewrites, fmt.Sprintf("startup_timeout_sec = %g: became startup_timeout = %q", s.StartupSeconds, d))
	}
	// The report lists rewrites under the server's name: keys suffice.
	for i, r := range p.Rewrites {
		p.Rewrites[i] = strings.ReplaceAll(r, where+" ", "")
	}
	p.Tables = append(p.Tables, Table{Path: []string{"mcp", "servers", p.Name}, KVs: kvs})
	disabled := append([]string(nil), s.DisabledTools...)
	sort.Strings(disabled)
	for _, tool := range disabled {
		p.Tables = append(p.Tables, Table{Path: []string{"mcp", "servers", p.Name, "tools", tool}, KVs: [][2]string{{"disabled", "true"}}})
	}
	return p, nil
}

// seconds renders a number of seconds as a Go duration ("1m30s").
func seconds(n float64) string { return time.Duration(n * float64(time.Second)).String() }

// secretValue returns what to write for a value of env or headers. A
// reference in the agent's syntax is not followed: it becomes env://NAME
// for a fresh NAME, recorded in p.Env with what to set it to. A header
// value, and an env value that looks like a credential, is a literal
// credential (see literal). Any other env value stays. (Toolplane
// references were refused before.)
func (c *Converter) secretValue(p *Plan, what, server, key, v string, header bool) string {
	to := "this program"
	if header {
		to = p.Source.URL
	}
	if m := refPattern().FindStringSubmatch(v); m != nil {
		name := c.choose(server, key, header, "ref:"+m[1], m[1])
		p.Env = append(p.Env, EnvToSet{Name: name, For: what, Hint: fmt.Sprintf("the agent used its $%s; set this to that value if you want %s to get it", m[1], to)})
		p.Rewrites = append(p.Rewrites, fmt.Sprintf("%s = %s: became env://%s, a fresh variable you set (toolplane expands no ${VAR}, and an imported file does not pick which of your variables is sent)", what, v, name))
		return "env://" + name
	}
	if embeddedRef().MatchString(v) {
		name := c.choose(server, key, header, "value:"+v, "")
		expanded := embeddedRef().ReplaceAllStringFunc(v, func(r string) string { return "$" + strings.TrimPrefix(strings.Trim(r, "${}"), "env:") })
		p.Env = append(p.Env, EnvToSet{Name: name, For: what, Hint: fmt.Sprintf("set it to %q with the variables expanded, if you want %s to get them (toolplane reads a whole value from one variable)", expanded, to)})
		p.Rewrites = append(p.Rewrites, fmt.Sprintf("%s = %q: became env://%s, a fresh variable you set to it expanded", what, expanded, name))
		return "env://" + name
	}
	if !header && !LooksSecret(key, v) {
		return v
	}
	return c.literal(p, what, server, key, v, header, "")
}

// literal returns what to write for a literal credential: a reference to
// it kept in the secret store under a fresh name, else (no store) a
// reference to a fresh variable the user sets, or with Plaintext the
// literal itself. field names the source key when it differs from what
// ("bearer_token").
func (c *Converter) literal(p *Plan, what, server, key, v string, header bool, field string) string {
	from := what
	if field != "" {
		from = field
	}
	switch {
	case c.opts.Plaintext:
		p.Plaintext = append(p.Plaintext, what)
		return v
	case c.opts.KeyringTaken != nil:
		name := c.chooseKeyring(server, key)
		p.Store = append(p.Store, StoredSecret{Name: name, Value: v, For: what})
		p.Rewrites = append(p.Rewrites, fmt.Sprintf("%s: the literal credential is kept in the secret store, as keyring://%s", from, name))
		return "keyring://" + name
	}
	name := c.choose(server, key, header, "value:"+v, "")
	p.Env = append(p.Env, EnvToSet{Name: name, For: what, Hint: "set it to the value in " + p.Source.Origin})
	p.Rewrites = append(p.Rewrites, fmt.Sprintf("%s: the literal credential became env://%s, a variable you set to it (no secret store could keep it)", from, name))
	return "env://" + name
}

// chooseKeyring picks the secret store name of a literal: mcp-SERVER-KEY
// in lower case, with a numeric suffix when the name is in use there or
// in this import.
func (c *Converter) chooseKeyring(server, key string) string {
	var b strings.Builder
	for _, r := range strings.ToLower("mcp-" + server + "-" + key) {
		if r == '-' || r == '_' || r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	base := b.String()
	if len(base) > maxSecretName {
		base = base[:maxSecretName]
	}
	name := base
	for i := 2; c.usedKeyring[name] || c.opts.KeyringTaken(name); i++ {
		name = fmt.Sprintf("%s-%d", base, i)
	}
	c.usedKeyring[name] = true
	return name
}

// wrapped is a server an mcp-remote or fastmcp-remote wrapper stood for.
type wrapped struct {
	Server
	wrapper string // "mcp-remote" or "fastmcp-remote"
}

// remoteWrapper recognizes a stdio entry that only runs mcp-remote or
// fastmcp-remote (npx -y mcp-remote@latest URL, uvx fastmcp-remote URL,
// with --header K:V and --transport) and returns the url server it stands
// for, with auth = "oauth" unless it sends its own Authorization header.
// A wrapper with env, or with flags the url form cannot carry, is left as
// it is, with a note saying why.
func remoteWrapper(s Server) (*wrapped, string) {
	if s.Command == "" || s.URL != "" {
		return nil, ""
	}
	base := filepath.Base(s.Command)
	args := s.Args
	switch base {
	case "npx", "bunx", "pnpx", "uvx":
	case "pnpm", "yarn":
		if len(args) == 0 || args[0] != "dlx" {
			return nil, ""
		}
		args = args[1:]
	default:
		return nil, ""
	}
	for len(args) > 0 && (args[0] == "-y" || args[0] == "--yes") {
		args = args[1:]
	}
	if len(args) == 0 {
		return nil, ""
	}
	pkg := args[0]
	name := pkg
	if i := strings.IndexAny(pkg[min(1, len(pkg)):], "@="); i >= 0 {
		name = pkg[:i+min(1, len(pkg))]
	}
	if name != "mcp-remote" && name != "fastmcp-remote" {
		return nil, ""
	}
	args = args[1:]
	if len(args) == 0 || !strings.Contains(args[0], "://") {
		return nil, ""
	}
	w := &wrapped{wrapper: name, Server: Server{Name: s.Name, Origin: s.Origin, URL: args[0], Rank: s.Rank,
		TimeoutSeconds: s.TimeoutSeconds, StartupSeconds: s.StartupSeconds, DisabledTools: s.DisabledTools, Notes: s.Notes}}
	keep := func(why string) (*wrapped, string) {
		return nil, fmt.Sprintf("kept the %s wrapper as a command: %s, which url = ... would lose", name, why)
	}
	if len(s.Env) > 0 || len(s.PassEnv) > 0 || s.Cwd != "" {
		return keep("it sets env or cwd")
	}
	for rest := args[1:]; len(rest) > 0; rest = rest[1:] {
		flag, val, inline := strings.Cut(rest[0], "=")
		if !inline {
			if len(rest) < 2 {
				return keep(fmt.Sprintf("it passes %s", rest[0]))
			}
			val = rest[1]
		}
		switch flag {
		case "--header":
			k, v, ok := strings.Cut(val, ":")
			if !ok || strings.TrimSpace(k) == "" {
				return keep(fmt.Sprintf("its --header %q is not K:V", val))
			}
			if w.Headers == nil {
				w.Headers = map[string]string{}
			}
			w.Headers[strings.TrimSpace(k)] = strings.TrimSpace(v)
		case "--transport":
			switch val {
			case "sse-only":
				w.Type = "sse"
			case "http-only", "http-first":
				w.Type = "http"
			default:
				return keep(fmt.Sprintf("it passes --transport %s", val))
			}
		default:
			return keep(fmt.Sprintf("it passes %s", rest[0]))
		}
		if !inline {
			rest = rest[1:]
		}
	}
	w.Auth = "oauth"
	for k := range w.Headers {
		if strings.EqualFold(k, "Authorization") {
			w.Auth = "" // its own credentials, not OAuth
		}
	}
	return w, ""
}

// shellWords renders argv for a report line.
func shellWords(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if a == "" || strings.ContainsAny(a, " \t'\"\\$") {
			a = strconv.Quote(a)
		}
		out[i] = a
	}
	return strings.Join(out, " ")
}

// choose picks the environment variable for a value: for an env key, the
// key itself when it is a valid variable name, else SERVER_KEY; for a
// header, TOOLPLANE_MCP_SERVER_KEY. A name set in the environment now,
// read by the config already, or used in this import for something else
// gets a numeric suffix: an imported server never reads a variable that
// holds something already. referenced is the variable the file itself
// named (${VAR}, env_vars); it is never chosen, or the reference would be
// followed after all.
func (c *Converter) choose(server, key string, header bool, stands, referenced string) string {
	base := envName(key)
	switch {
	case header:
		base = HeaderEnvPrefix + envName(server+"_"+key)
	case base != key || base == referenced:
		base = envName(server + "_" + key)
	}
	free := func(name string) bool {
		if prev, ok := c.used[name]; ok {
			return prev == stands
		}
		return !c.opts.Taken(name)
	}
	name := base
	for i := 2; !free(name); i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	c.used[name] = stands
	return name
}

// envName makes s a conventional environment variable name.
func envName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	out := b.String()
	if out == "" || unicode.IsDigit(rune(out[0])) {
		out = "_" + out
	}
	return out
}

// ServerName makes an agent's server name valid for toolplane: characters
// other than letters, digits, '_' and '-' become '-', and a name that does
// not start with a letter gets an "mcp-" prefix.
func ServerName(name string) string {
	if config.ValidServerName(name) {
		return name
	}
	var b strings.Builder
	for _, r := range name {
		if r == '_' || r == '-' || r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	out := b.String()
	if !config.ValidServerName(out) {
		out = "mcp-" + out
	}
	return out
}

// LooksSecret reports whether a literal env or header value should not be
// written to toolplane.toml: its key names a credential (token, key, secret,
// password, auth, cookie, credential), or the value looks like one (a known
// token prefix, a bearer value, or a long unbroken mix of letters and
// digits that is not a path or URL).
func LooksSecret(key, value string) bool {
	if value == "" {
		return false
	}
	k := strings.ToLower(key)
	for _, w := range []string{"token", "secret", "password", "passwd", "auth", "cookie", "credential", "key"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	v := strings.TrimSpace(value)
	lower := strings.ToLower(v)
	for _, prefix := range []string{"bearer ", "basic ", "sk-", "ghp_", "gho_", "github_pat_", "xox", "glpat-", "lin_api_", "akia"} {
		if strings.HasPrefix(lower, prefix) {
			return true
		}
	}
	if len(v) < 20 || strings.ContainsAny(v, " /\\:") {
		return false
	}
	var letters, digits bool
	for _, r := range v {
		letters = letters || unicode.IsLetter(r)
		digits = digits || unicode.IsDigit(r)
	}
	return letters && digits
}

// Render is the TOML the plans append to a config, for a dry run.
func Render(plans []*Plan) string {
	e := config.NewEdit(nil)
	for _, p := range plans {
		for _, t := range p.Tables {
			e.AppendTable(t.Path, t.KVs)
		}
	}
	return string(e.Bytes())
}
