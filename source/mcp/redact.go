package mcp

import (
	"sort"
	"strings"
	"sync"
)

// redactor hides the secret values a stdio server was started with in
// what toolplane shows of its output (the stderr tail in errors and
// status, a garbage stdout line): a server that prints its environment
// when it crashes must not put a token on the user's terminal or in a
// status JSON that gets pasted into a bug report.
type redactor struct {
	mu sync.Mutex
	// values maps a secret value to what replaces it ("[env.TOKEN]").
	values map[string]string
}

// Minimum lengths of the values hidden: shorter ones would blank out
// ordinary words of the output. A value that came from a reference
// (env://, keyring://) is a secret by declaration; a literal is hidden
// when it is long enough to be a credential.
const (
	minRedactedRef     = 4
	minRedactedLiteral = 8
)

// setEnv records the values of a server's env: raw is the configured
// value, resolved what the server got; passed are the values of its
// pass_env names, host variables handed on because the server needs them
// (a GITHUB_TOKEN, typically), hidden when long enough to be a credential.
func (r *redactor) setEnv(raw, resolved, passed map[string]string) {
	values := map[string]string{}
	for k, v := range passed {
		if len(v) >= minRedactedLiteral {
			values[v] = "[env." + k + "]"
		}
	}
	for k, v := range resolved {
		fromRef := raw[k] != v
		if (fromRef && len(v) >= minRedactedRef) || len(v) >= minRedactedLiteral {
			values[v] = "[env." + k + "]"
		}
	}
	r.mu.Lock()
	r.values = values
	r.mu.Unlock()
}

// addArgs records the values of a server's command line that look like
// keys (ServerSpec.argSecrets), shown as redacted.
func (r *redactor) addArgs(secrets []string) {
	if len(secrets) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.values == nil {
		r.values = map[string]string{}
	}
	for _, v := range secrets {
		if _, ok := r.values[v]; !ok {
			r.values[v] = redacted
		}
	}
}

// apply replaces every recorded value in s, longest first (a value that
// contains another is replaced whole).
func (r *redactor) apply(s string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.values) == 0 {
		return s
	}
	vals := make([]string, 0, len(r.values))
	for v := range r.values {
		vals = append(vals, v)
	}
	sort.Slice(vals, func(i, j int) bool { return len(vals[i]) > len(vals[j]) })
	for _, v := range vals {
		s = strings.ReplaceAll(s, v, r.values[v])
	}
	return s
}
