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
func (s *ServerSpec) urlSecrets() []string {
	if s.URL == "" {
		return nil
	}
	u, err := url.Parse(s.URL)
	if err != nil {
		return nil
	}
	var out []string
	if u.RawQuery != "" {
		out = append(out, u.RawQuery)
		for _, vs := range u.Query() {
			for _, v := range vs {
				if len(v) >= 8 {
					out = append(out, v, url.QueryEscape(v))
				}
			}
		}
	}
	if u.Fragment != "" {
		out = append(out, u.EscapedFragment())
		if len(u.Fragment) >= 8 {
			out = append(out, u.Fragment)
		}
	}
	return out
}

// redactText replaces what urlSecrets names in text.
func (s *ServerSpec) redactText(text string) string {
	for _, sec := range s.urlSecrets() {
		text = strings.ReplaceAll(text, sec, redacted)
	}
	return text
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
