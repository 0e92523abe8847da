package mcp

import (
	"net/url"
	"strings"
)

// Hosted MCP servers often take their key in the url's query
// (https://host/mcp?api_key=...), and Go's HTTP client names the whole
// url in its errors ("Post \"https://host/mcp?api_key=...\": EOF"): a
// call failing at the transport showed the key to every client admitted
// to the server, and to serve's log and `mcp status`. Every error of a
// server, and the url shown for it, has the url's query and fragment
// replaced by "…" (also each value of 8 or more characters, in case an
// error re-encodes the url).

// redacted is what stands for a hidden part of a url.
const redacted = "…"

// urlSecrets are the parts of the spec's url its errors must not show.
// Each is hidden wherever it appears, so only parts of minURLSecret
// bytes or more are: a query or fragment of one character ("?x", "#a")
// hidden by value replaced that character in every word of every error
// ("e…ample te…t"). A shorter query or fragment is hidden where the url
// is quoted whole (urlForms), which is where errors show it.
func (s *ServerSpec) urlSecrets() []string {
	if s.URL == "" {
		return nil
	}
	u, err := url.Parse(s.URL)
	if err != nil {
		return nil
	}
	var out []string
	if len(u.RawQuery) >= minURLSecret {
		out = append(out, u.RawQuery)
	}
	if u.RawQuery != "" {
		for _, vs := range u.Query() {
			for _, v := range vs {
				if len(v) >= minURLSecret {
					out = append(out, v, url.QueryEscape(v))
				}
			}
		}
	}
	if u.Fragment != "" {
		if len(u.EscapedFragment()) >= minURLSecret {
			out = append(out, u.EscapedFragment())
		}
		if len(u.Fragment) >= minURLSecret {
			out = append(out, u.Fragment)
		}
	}
	return out
}

// minURLSecret is the shortest part of a url hidden by value.
const minURLSecret = 8

// urlForms are the spellings of the spec's url that errors quote (as
// configured, and as Go's HTTP client prints it), each with what shows
// in its place: the url with its query and fragment replaced (ShownURL's
// form). They hide a query or fragment too short to hide by value.
func (s *ServerSpec) urlForms() map[string]string {
	u, err := url.Parse(s.URL)
	if s.URL == "" || err != nil || (u.RawQuery == "" && u.Fragment == "" && !u.ForceQuery) {
		return nil
	}
	shown := *u
	shown.RawQuery, shown.Fragment, shown.RawFragment, shown.ForceQuery = "", "", "", false
	mark := shown.String()
	if u.RawQuery != "" || u.ForceQuery {
		mark += "?" + redacted
	}
	if u.Fragment != "" {
		mark += "#" + redacted
	}
	return map[string]string{s.URL: mark, u.String(): mark, u.Redacted(): mark}
}

// A stdio server's command line carries its key as often (`--api-key
// sk-...`, `--token=...`, a bare token as an argument), and a server that
// fails to start was named by its whole command line in the error every
// admitted client saw. argSecrets names the arguments that look like
// keys: the value of a flag whose name says key, token, secret,
// password, credential or auth (`--api-key V`, `--api-key=V`,
// `API_KEY=V`), and any argument shaped like a key (20 or more
// characters of letters, digits and -_.+=~, with both letters and digits,
// and no '/' or '@' as paths and package names have). Config keeps them
// in `env` or a secret reference instead; this only keeps a literal one
// out of what clients and logs see.
func (s *ServerSpec) argSecrets() []string {
	var out []string
	for _, a := range s.shownArgs() {
		if a.secret != "" && len(a.secret) >= 6 {
			// Shorter values are hidden where the arguments are shown
			// (target); replacing them in free text would mangle it.
			out = append(out, a.secret)
		}
	}
	return out
}

// shownArg is an argument as errors show it, and the secret it hides.
type shownArg struct {
	text, secret string
}

// shownArgs are the spec's arguments with what looks like a key replaced
// by redacted.
func (s *ServerSpec) shownArgs() []shownArg {
	out := make([]shownArg, 0, len(s.Args))
	hideNext := false
	for _, a := range s.Args {
		if hideNext {
			hideNext = false
			if a != "" && !strings.HasPrefix(a, "-") {
				out = append(out, shownArg{redacted, a})
				continue
			}
		}
		name, value, hasValue := strings.Cut(a, "=")
		switch {
		case secretName(strings.TrimLeft(name, "-")):
			if !hasValue {
				out = append(out, shownArg{text: a})
				hideNext = strings.HasPrefix(a, "-")
			} else if value == "" {
				out = append(out, shownArg{text: a})
			} else {
				out = append(out, shownArg{name + "=" + redacted, value})
			}
		case hasValue && keyShaped(value):
			out = append(out, shownArg{name + "=" + redacted, value})
		case keyShaped(a):
			out = append(out, shownArg{redacted, a})
		default:
			out = append(out, shownArg{text: a})
		}
	}
	return out
}

// ShownURL is a server's url as summaries show it (config check, mcp
// list, doctor): its query and fragment, where hosted servers take their
// key, replaced by "…", as the server's errors show it.
func ShownURL(raw string) string {
	s := ServerSpec{URL: raw}
	return s.redactText(raw)
}

// ShownArgs are a stdio server's arguments as summaries show them: the
// value of a flag named like a key, and an argument shaped like one,
// replaced by "…", as the server's errors show them.
func ShownArgs(args []string) []string {
	s := ServerSpec{Args: args}
	out := make([]string, 0, len(args))
	for _, a := range s.shownArgs() {
		out = append(out, a.text)
	}
	return out
}

// secretName reports whether a flag or variable name names a secret.
func secretName(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"key", "token", "secret", "passw", "pwd", "credential", "auth", "bearer", "cookie", "session"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// keyShaped reports whether an argument looks like an API key or token.
func keyShaped(a string) bool {
	if len(a) < 20 {
		return false
	}
	letters, digits := false, false
	for _, c := range []byte(a) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			letters = true
		case c >= '0' && c <= '9':
			digits = true
		case strings.IndexByte("-_.+=~", c) >= 0:
		default:
			return false
		}
	}
	return letters && digits
}

// secrets are the parts of the spec its errors must not show.
func (s *ServerSpec) secrets() []string {
	return append(s.urlSecrets(), s.argSecrets()...)
}

// redactText replaces what secrets names in text, and the url where it
// is quoted whole (urlForms); overlapping parts are hidden whole (hider).
func (s *ServerSpec) redactText(text string) string {
	values := s.urlForms()
	if values == nil {
		values = map[string]string{}
	}
	for _, sec := range s.secrets() {
		if _, ok := values[sec]; !ok {
			values[sec] = redacted
		}
	}
	return newHider(values).Replace(text)
}

// redactError is err with its text redacted (see redactText); errors.Is
// and errors.As still see err.
func (s *ServerSpec) redactError(err error) error {
	if err == nil {
		return nil
	}
	text := err.Error()
	if hidden := s.redactText(text); hidden != text {
		return &redactedError{err: err, text: hidden}
	}
	return err
}

type redactedError struct {
	err  error
	text string
}

func (e *redactedError) Error() string { return e.text }
func (e *redactedError) Unwrap() error { return e.err }
