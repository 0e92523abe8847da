package mcp

import (
	"encoding/base64"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python/jsonlike"
)

// redactor hides the secret values a server was started with. It keeps
// two sets:
//
//   - every recorded value (secrets and long literals of env, pass_env,
//     headers, the command line), hidden in what toolplane shows of the
//     server's own output: the stderr tail in errors and status, a
//     garbage stdout line. A server that prints its environment when it
//     crashes must not put a token on the user's terminal or in a status
//     JSON that gets pasted into a bug report.
//   - its secrets (see secretValue), hidden in everything the server
//     answers: tool results (text, structured content, resource text and
//     URIs), the errors it sends and the errors that quote it. A server
//     that echoes its API key in an error ("invalid key sk-live-...")
//     must not hand it to a snippet, an agent, the audit log or a log
//     line. Server.call applies it once, where an answer enters the
//     dispatch chain.
//
// A secret is replaced by "[redacted:env.NAME]", "[redacted:header.NAME]"
// or "[redacted:auth]", in answers and in the catalog (vetTool: titles,
// descriptions, schemas; a tool whose name holds one is left out). What
// is out of reach: a secret shorter than minSecret bytes (it would blank
// out ordinary words); a secret split across content blocks or strings,
// or encoded otherwise than encodedForms knows (JSON escapes inside a
// string, hex, a reversal: a server that means to leak it).
type redactor struct {
	mu sync.Mutex
	// all maps every recorded value to what replaces it; secret the
	// secrets among them.
	all, secret map[string]string
	// allH and secretH are built from them when they change.
	allH, secretH *hider
	// added are the values addSecret recorded, oldest first.
	added []string
}

// Minimum lengths of the values hidden. In the server's own output a
// value that came from a reference (env://, keyring://) is hidden from
// minRedactedRef bytes and a literal when it is long enough to be a
// credential; in its answers, which are data, only secrets of minSecret
// bytes or more are.
const (
	minRedactedRef     = 4
	minRedactedLiteral = 8
	minSecret          = 6
)

// secretValue reports whether a configured value is a secret of the
// server, hidden in its answers: it came from a secret reference
// (resolved differs from raw: env://, keyring://), or its name says it is
// one (secretName: API_KEY, GITHUB_TOKEN, Authorization, X-Api-Key,
// Cookie), and it is at least minSecret bytes long.
func secretValue(name, raw, resolved string) bool {
	return len(resolved) >= minSecret && (raw != resolved || secretName(name))
}

// setEnv records the values of a server's env: raw is the configured
// value, resolved what the server got; passed are the values of its
// pass_env names, host variables handed on because the server needs them
// (a GITHUB_TOKEN, typically), hidden in its output when long enough to
// be a credential and in its answers when their name says secret.
func (r *redactor) setEnv(raw, resolved, passed map[string]string) {
	all, secret := map[string]string{}, map[string]string{}
	for k, v := range passed {
		mark := "[redacted:env." + k + "]"
		if len(v) >= minRedactedLiteral {
			all[v] = mark
		}
		if secretValue(k, v, v) {
			all[v], secret[v] = mark, mark
		}
	}
	for k, v := range resolved {
		mark := "[redacted:env." + k + "]"
		fromRef := raw[k] != v
		if (fromRef && len(v) >= minRedactedRef) || len(v) >= minRedactedLiteral {
			all[v] = mark
		}
		if secretValue(k, raw[k], v) {
			all[v], secret[v] = mark, mark
		} else if v != "" && (fromRef || secretName(k)) && len(v) < minSecret {
			// Too short to hide by value (it would blank out ordinary
			// words), it is hidden where it is named: a server printing
			// its environment ("NAME=v", "NAME": "v").
			for _, form := range [][2]string{{k + "=" + v, k + "=" + mark}, {`"` + k + `":"` + v + `"`, `"` + k + `":"` + mark + `"`}, {`"` + k + `": "` + v + `"`, `"` + k + `": "` + mark + `"`}} {
				all[form[0]], secret[form[0]] = form[1], form[1]
			}
		}
	}
	r.mu.Lock()
	r.all, r.secret = all, secret
	r.build()
	r.mu.Unlock()
}

// setHeaders records the header values of an HTTP server (raw as
// configured, resolved as sent); the secrets among them (secretValue)
// are hidden everywhere, and so is the credential of an Authorization-like
// value ("Bearer TOKEN" hides TOKEN too: a server echoes the token alone).
func (r *redactor) setHeaders(raw, resolved map[string]string) {
	all, secret := map[string]string{}, map[string]string{}
	keys := make([]string, 0, len(resolved))
	for k := range resolved {
		keys = append(keys, k)
	}
	// In name order, the first name of a value shared by two headers
	// marks it, the same one every time.
	sort.Strings(keys)
	set := func(v, mark string) {
		if _, ok := secret[v]; !ok {
			all[v], secret[v] = mark, mark
		}
	}
	for _, k := range keys {
		v := resolved[k]
		if !secretValue(k, raw[k], v) {
			continue
		}
		mark := "[redacted:header." + k + "]"
		set(v, mark)
		if _, cred, ok := strings.Cut(strings.TrimSpace(v), " "); ok && len(strings.TrimSpace(cred)) >= minSecret {
			set(strings.TrimSpace(cred), mark)
		}
	}
	r.mu.Lock()
	r.all, r.secret = all, secret
	r.build()
	r.mu.Unlock()
}

// addSecret records one more secret (a bearer token: auth = "env://..."
// or an OAuth access token), shown as mark. Only the last maxAddedSecrets
// are kept: each refresh of an OAuth token adds one, and an authorization
// server handing out tokens that expire at once (a new one at every call)
// grew the secrets without bound, each call rebuilding and scanning for
// all of them (the older ones have expired; their echoes open nothing).
func (r *redactor) addSecret(v, mark string) {
	if len(v) < minSecret {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.secret[v] == mark {
		return
	}
	if r.all == nil {
		r.all, r.secret = map[string]string{}, map[string]string{}
	}
	r.all[v], r.secret[v] = mark, mark
	r.added = append(r.added, v)
	if len(r.added) > maxAddedSecrets {
		old := r.added[0]
		r.added = slices.Delete(r.added, 0, 1)
		if !slices.Contains(r.added, old) {
			delete(r.all, old)
			delete(r.secret, old)
		}
	}
	r.build()
}

// maxAddedSecrets is how many of the secrets addSecret records are kept.
const maxAddedSecrets = 8

// addArgs records the values of a server's command line that look like
// keys (ServerSpec.argSecrets), shown as redacted.
func (r *redactor) addArgs(secrets []string) {
	if len(secrets) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.all == nil {
		r.all, r.secret = map[string]string{}, map[string]string{}
	}
	for _, v := range secrets {
		if _, ok := r.all[v]; !ok {
			r.all[v] = redacted
		}
		if _, ok := r.secret[v]; !ok && len(v) >= minSecret {
			r.secret[v] = redacted
		}
	}
	r.build()
}

// build makes the hiders of all and secret; r.mu is held. The secrets
// are hidden in their encoded forms too (encodedForms).
func (r *redactor) build() {
	secret := make(map[string]string, len(r.secret))
	for v, mark := range r.secret {
		for _, e := range encodedForms(v) {
			if _, ok := r.secret[e]; !ok {
				secret[e] = mark
			}
		}
	}
	for v, mark := range r.secret {
		secret[v] = mark
	}
	r.allH, r.secretH = newHider(r.all), newHider(secret)
}

// encodedForms are the ways an echo commonly spells a secret other than
// as itself: percent-encoded (a server quoting the URL or form it sent,
// query and path escapes) and base64 in either alphabet, at each of the
// three alignments a secret can have inside a longer base64 text (the
// characters that encode only the secret's bytes: a config or header
// dump, "Basic " credentials holding it). Forms shorter than minEncoded
// are left out: they would match ordinary text. A server that means to
// leak its secret can still spell it another way; these are the echoes
// of servers that do not.
func encodedForms(v string) []string {
	var out []string
	add := func(e string) {
		if len(e) >= minEncoded && e != v && !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	add(url.QueryEscape(v))
	add(url.PathEscape(v))
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
		for k := range 3 {
			b := enc.EncodeToString(append(make([]byte, k), v...))
			// Bits 8k to 8(k+len) are the secret's: the characters whose
			// six bits all lie within them.
			start, end := (8*k+5)/6, 8*(k+len(v))/6
			add(b[start:end])
		}
	}
	return out
}

// minEncoded is the shortest encoded form of a secret that is hidden.
const minEncoded = 8

// apply replaces every recorded value in s (the server's own output).
func (r *redactor) apply(s string) string {
	r.mu.Lock()
	h := r.allH
	r.mu.Unlock()
	return h.Replace(s)
}

// hider replaces values in a string by their marks. Every occurrence of
// every value is found, overlapping ones included, and each run of
// overlapping occurrences is replaced whole by the mark of the one that
// starts first (the longest of those): with a replacer that took the
// leftmost value and went on after it, two secrets that overlap in a
// text ("abcdefgh12" then "gh12345678" as "abcdefgh12345678") left the
// part of the second past the first in clear, and values replaced one
// after the other (ReplaceAll per value) did so for the first.
type hider struct {
	vals, marks []string
	// min is the length of the shortest of vals: a shorter string (most
	// of a structured result's keys and values) holds none of them and
	// is not scanned once per secret and encoded form.
	min int
}

// newHider is the hider of values (value to mark), nil if there are none.
func newHider(values map[string]string) *hider {
	if len(values) == 0 {
		return nil
	}
	h := &hider{}
	for v := range values {
		if v != "" {
			h.vals = append(h.vals, v)
		}
	}
	if len(h.vals) == 0 {
		return nil
	}
	// In a fixed order (longest first), so a run's mark is the same
	// every time.
	sort.Slice(h.vals, func(i, j int) bool {
		if len(h.vals[i]) != len(h.vals[j]) {
			return len(h.vals[i]) > len(h.vals[j])
		}
		return h.vals[i] < h.vals[j]
	})
	for _, v := range h.vals {
		h.marks = append(h.marks, values[v])
	}
	h.min = len(h.vals[len(h.vals)-1])
	return h
}

// hideSpan is a run of occurrences of vals[val] in a text.
type hideSpan struct{ start, end, val int }

// Replace returns s with every occurrence of the values replaced (see
// hider); s itself, unallocated, when it holds none (one fast search per
// value). A nil hider returns s.
func (h *hider) Replace(s string) string {
	if h == nil || len(s) < h.min {
		return s
	}
	var spans []hideSpan
	for i, v := range h.vals {
		// The occurrences of one value, overlapping ones (a value with a
		// period: "abab" in "ababab") joined as they are found, so the
		// spans of one value are at most len(s)/len(v)+1.
		n := len(spans)
		for from := 0; from <= len(s)-len(v); {
			j := strings.Index(s[from:], v)
			if j < 0 {
				break
			}
			start := from + j
			if last := len(spans) - 1; last >= n && spans[last].end > start {
				spans[last].end = start + len(v)
			} else {
				spans = append(spans, hideSpan{start, start + len(v), i})
			}
			from = start + 1
		}
	}
	if len(spans) == 0 {
		return s
	}
	// By start, the longest first (vals are longest first).
	sort.Slice(spans, func(a, b int) bool {
		if spans[a].start != spans[b].start {
			return spans[a].start < spans[b].start
		}
		if spans[a].end != spans[b].end {
			return spans[a].end > spans[b].end
		}
		return spans[a].val < spans[b].val
	})
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for k := 0; k < len(spans); {
		first := spans[k]
		end := first.end
		for k++; k < len(spans) && spans[k].start < end; k++ {
			end = max(end, spans[k].end)
		}
		b.WriteString(s[last:first.start])
		b.WriteString(h.marks[first.val])
		last = end
	}
	b.WriteString(s[last:])
	return b.String()
}

// secrets is the hider of the server's secrets, nil if it has none.
func (r *redactor) secrets() *hider {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.secretH
}

// hide replaces the server's secrets in s (an answer or an error).
func (r *redactor) hide(s string) string {
	return r.secrets().Replace(s)
}

// hideResult replaces the server's secrets in every string of res: the
// text and URI of its content blocks and the strings (values and keys)
// of its structured content, each scanned once. res is changed in place
// (it is the server's answer, converted, and no one else holds it yet).
func (r *redactor) hideResult(res *capability.Result) *capability.Result {
	rep := r.secrets()
	if rep == nil || res == nil {
		return res
	}
	for i := range res.Content {
		c := &res.Content[i]
		c.Text, c.URI, c.MIMEType = rep.Replace(c.Text), rep.Replace(c.URI), rep.Replace(c.MIMEType)
	}
	res.Structured = hideValue(rep, res.Structured)
	return res
}

// hideValue replaces secrets in the strings of a JSON-like value, whose
// depth convertResult bounded.
func hideValue(rep *hider, v any) any {
	switch x := v.(type) {
	case string:
		// v itself when nothing changed: a string made an interface again
		// is an allocation per string of the result.
		if h := rep.Replace(x); h != x {
			return h
		}
	case []any:
		for i, e := range x {
			x[i] = hideValue(rep, e)
		}
	case jsonlike.Object:
		for i := range x {
			x[i].Key, x[i].Value = rep.Replace(x[i].Key), hideValue(rep, x[i].Value)
		}
	case map[string]any:
		var renamed map[string]string
		for k, e := range x {
			x[k] = hideValue(rep, e)
			if h := rep.Replace(k); h != k {
				if renamed == nil {
					renamed = map[string]string{}
				}
				renamed[k] = h
			}
		}
		for k, h := range renamed {
			x[h] = x[k]
			delete(x, k)
		}
	}
	return v
}
