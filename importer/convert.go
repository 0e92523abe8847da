package importer

import (
	"fmt"
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
	// Notes are what changed or could not be carried over.
	Notes []string
}

// Converter converts servers one by one, choosing env:// names that do not
// collide across the servers of one import.
type Converter struct {
	// used maps an env:// name chosen for a literal to what it stands for.
	used map[string]string
}

// NewConverter returns a Converter.
func NewConverter() *Converter { return &Converter{used: map[string]string{}} }

// refPattern matches a whole value that is a variable reference in the
// agents' syntax: ${VAR}, ${VAR:-default} (Claude Code), ${env:VAR} (Cursor).
var refPattern = regexp.MustCompile(`^\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}$`)

// embeddedRef matches a reference inside a longer value.
var embeddedRef = regexp.MustCompile(`\$\{(?:env:)?[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}`)

// Convert turns s into toolplane's tables. It fails for a server that has
// neither a command nor a URL.
func (c *Converter) Convert(s Server) (*Plan, error) {
	p := &Plan{Name: ServerName(s.Name), Source: s, Notes: append([]string(nil), s.Notes...)}
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
				env[k] = "env://" + k
			}
		}
		if len(env) > 0 {
			add("env", env)
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
			headers[k] = "env://" + s.EnvHeaders[k]
		}
		if s.BearerEnv != "" {
			name := c.choose(p.Name, "Authorization", true, "bearer:"+s.BearerEnv)
			headers["Authorization"] = "env://" + name
			p.Env = append(p.Env, EnvToSet{Name: name, For: where + " headers.Authorization", Hint: fmt.Sprintf(`set it to "Bearer $%s" (toolplane sends the whole header value)`, s.BearerEnv)})
		}
		if len(headers) > 0 {
			add("headers", headers)
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

// secretValue returns what to write for a value of env or headers: a
// reference in the agent's syntax becomes env://VAR; a literal that looks
// like a credential becomes env://NAME, recorded in p.Env; any other
// literal stays.
func (c *Converter) secretValue(p *Plan, what, server, key, v string, header bool) string {
	if m := refPattern.FindStringSubmatch(v); m != nil {
		return "env://" + m[1]
	}
	if config.Secret(v).IsRef() {
		return v
	}
	if embeddedRef.MatchString(v) {
		name := c.choose(server, key, header, "value:"+v)
		p.Env = append(p.Env, EnvToSet{Name: name, For: what, Hint: fmt.Sprintf("set it to %q with the variables expanded (toolplane reads a whole value from one variable)", embeddedRef.ReplaceAllStringFunc(v, func(r string) string { return "$" + strings.Trim(r, "${}") }))})
		return "env://" + name
	}
	if !LooksSecret(key, v) {
		return v
	}
	name := c.choose(server, key, header, "value:"+v)
	p.Env = append(p.Env, EnvToSet{Name: name, For: what, Hint: "set it to the value in " + p.Source.Origin})
	return "env://" + name
}

// choose picks the environment variable for a literal: the env key itself
// when it is a valid variable name, else SERVER_KEY; SERVER_KEY too when
// another server of this import uses the name for a different value.
func (c *Converter) choose(server, key string, header bool, stands string) string {
	name := envName(key)
	if header || name != key {
		name = envName(server + "_" + key)
	}
	if prev, ok := c.used[name]; ok && prev != stands {
		name = envName(server + "_" + key)
		for i := 2; ; i++ {
			if prev, ok := c.used[name]; !ok || prev == stands {
				break
			}
			name = envName(fmt.Sprintf("%s_%s_%d", server, key, i))
		}
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
