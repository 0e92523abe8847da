package importer

import (
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"
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
	// Sends are the env values (stdio) or headers (url) the server will
	// get, as written to the config, in order: what the user confirms.
	Sends []Send
	// Notes are what changed or could not be carried over.
	Notes []string
}

// Send is one env value or header of an imported server.
type Send struct {
	// Kind is "env" or "header".
	Kind string
	Key  string
	// Value is what the config will hold: a literal, or env://NAME.
	Value string
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
type Converter struct {
	// used maps an env:// name chosen for a literal to what it stands for.
	used map[string]string
	// taken reports a name that must not be chosen.
	taken func(name string) bool
}

// NewConverter returns a Converter. taken reports the variable names it
// must not choose: those set in the environment now, and those the
// config already reads through env:// (nil: none).
func NewConverter(taken func(name string) bool) *Converter {
	if taken == nil {
		taken = func(string) bool { return false }
	}
	return &Converter{used: map[string]string{}, taken: taken}
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

// refPattern matches a whole value that is a variable reference in the
// agents' syntax: ${VAR}, ${VAR:-default} (Claude Code), ${env:VAR} (Cursor).
var refPattern = regexp.MustCompile(`^\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}$`)

// embeddedRef matches a reference inside a longer value.
var embeddedRef = regexp.MustCompile(`\$\{(?:env:)?[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}`)

// Convert turns s into toolplane's tables. It fails for a server that has
// neither a command nor a URL.
func (c *Converter) Convert(s Server) (*Plan, error) {
	if r := refusals(s); len(r) > 0 {
		return nil, fmt.Errorf("server %s in %s: %s; an imported file does not choose which of your secrets is sent where, so write this entry into toolplane.toml yourself (toolplane mcp add)", s.Name, s.Origin, strings.Join(r, "; "))
	}
	p := &Plan{Name: ServerName(s.Name), Source: s, Notes: append([]string(nil), s.Notes...)}
	for _, f := range []struct{ what, v string }{{"command", s.Command}, {"url", s.URL}, {"cwd", s.Cwd}, {"args", strings.Join(s.Args, " ")}} {
		if embeddedRef.MatchString(f.v) {
			p.Notes = append(p.Notes, fmt.Sprintf("%s contains ${...}, which toolplane does not expand: the server gets the text as written; edit it", f.what))
		}
	}
	if p.Name != s.Name {
		p.Notes = append(p.Notes, fmt.Sprintf("renamed %q to %q (names are letters, digits, '_' and '-')", s.Name, p.Name))
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
		headers := map[string]string{}
		for _, k := range sortedKeys(s.Headers) {
			headers[k] = c.secretValue(p, where+" headers."+k, p.Name, k, s.Headers[k], true)
		}
		for _, k := range sortedKeys(s.EnvHeaders) {
			name := c.choose(p.Name, k, true, "envheader:"+s.EnvHeaders[k], s.EnvHeaders[k])
			headers[k] = "env://" + name
			p.Env = append(p.Env, EnvToSet{Name: name, For: where + " headers." + k, Hint: fmt.Sprintf("the agent sent its $%s; set this to that value if you want %s to get it", s.EnvHeaders[k], s.URL)})
		}
		if s.BearerEnv != "" {
			name := c.choose(p.Name, "Authorization", true, "bearer:"+s.BearerEnv, s.BearerEnv)
			headers["Authorization"] = "env://" + name
			p.Env = append(p.Env, EnvToSet{Name: name, For: where + " headers.Authorization", Hint: fmt.Sprintf(`set it to "Bearer $%s" (toolplane sends the whole header value)`, s.BearerEnv)})
		}
		if len(headers) > 0 {
			add("headers", headers)
		}
		for _, k := range sortedKeys(headers) {
			p.Sends = append(p.Sends, Send{Kind: "header", Key: k, Value: headers[k]})
		}
	default:
		return nil, fmt.Errorf("server %s in %s has neither a command nor a url", s.Name, s.Origin)
	}
	if s.TimeoutSeconds > 0 {
		add("timeout", time.Duration(s.TimeoutSeconds*float64(time.Second)).String())
	}
	p.Tables = append(p.Tables, Table{Path: []string{"mcp", "servers", p.Name}, KVs: kvs})
	disabled := append([]string(nil), s.DisabledTools...)
	sort.Strings(disabled)
	for _, tool := range disabled {
		p.Tables = append(p.Tables, Table{Path: []string{"mcp", "servers", p.Name, "tools", tool}, KVs: [][2]string{{"disabled", "true"}}})
	}
	return p, nil
}

// secretValue returns what to write for a value of env or headers. A
// reference in the agent's syntax is not followed: like a literal that
// looks like a credential, it becomes env://NAME for a fresh NAME,
// recorded in p.Env with what to set it to. Any other literal stays.
// (Toolplane references were refused before.)
func (c *Converter) secretValue(p *Plan, what, server, key, v string, header bool) string {
	to := "this program"
	if header {
		to = p.Source.URL
	}
	if m := refPattern.FindStringSubmatch(v); m != nil {
		name := c.choose(server, key, header, "ref:"+m[1], m[1])
		p.Env = append(p.Env, EnvToSet{Name: name, For: what, Hint: fmt.Sprintf("the agent used its $%s; set this to that value if you want %s to get it", m[1], to)})
		return "env://" + name
	}
	if embeddedRef.MatchString(v) {
		name := c.choose(server, key, header, "value:"+v, "")
		p.Env = append(p.Env, EnvToSet{Name: name, For: what, Hint: fmt.Sprintf("set it to %q with the variables expanded, if you want %s to get them (toolplane reads a whole value from one variable)", embeddedRef.ReplaceAllStringFunc(v, func(r string) string { return "$" + strings.TrimPrefix(strings.Trim(r, "${}"), "env:") }), to)})
		return "env://" + name
	}
	if !LooksSecret(key, v) {
		return v
	}
	name := c.choose(server, key, header, "value:"+v, "")
	p.Env = append(p.Env, EnvToSet{Name: name, For: what, Hint: "set it to the value in " + p.Source.Origin})
	return "env://" + name
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
		return !c.taken(name)
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
