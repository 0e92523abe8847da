package config

import (
	"fmt"
	"os"
	"strings"
)

// LooksSecret reports whether a key names a credential (an API key, a
// token, a password), so that a literal value for it earns a warning.
func LooksSecret(key string) bool {
	k := strings.ToLower(key)
	for _, w := range []string{"auth", "token", "secret", "password", "passwd", "key", "cookie", "credential"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

// ExposedSecrets lists the literal values under credential-like keys (the
// env and headers of MCP servers, [cli.env], [audit.http] headers) of a
// config whose file other users may read: each is an *Error at the key,
// saying how to keep it from them. None when the file is readable by its
// owner alone, or is not a regular file (a pipe) or cannot be found.
func (c *Config) ExposedSecrets() []*Error {
	if c.Path == "" {
		return nil
	}
	fi, err := os.Stat(c.Path)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o044 == 0 {
		return nil
	}
	var out []*Error
	check := func(m map[string]Secret, path ...string) {
		for _, k := range sortedKeys(m) {
			if v := m[k]; v != "" && !v.IsRef() && LooksSecret(k) {
				msg := fmt.Sprintf("%s.%s is a literal secret in a file other users can read (%s); run `chmod 600 %s`, or keep the secret elsewhere and write env://VAR or keyring://NAME", dotted(path), k, fi.Mode().Perm(), c.Path)
				out = append(out, At(c.Path, msg, append(path, k)...))
			}
		}
	}
	for _, name := range c.ServerNames() {
		s := c.MCP.Servers[name]
		check(s.Env, "mcp", "servers", name, "env")
		check(s.Headers, "mcp", "servers", name, "headers")
	}
	check(c.CLI.Env, "cli", "env")
	check(c.Audit.HTTP.Headers, "audit", "http", "headers")
	return out
}
