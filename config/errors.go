package config

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Error is one problem in a configuration file, at a position. Line and Col
// are 1-based; both are 0 when the problem has no single place (a missing
// file, a value that is wrong only in combination with a default).
type Error struct {
	File string
	Line int
	Col  int
	// Key is the dotted key involved, when known ("cli.allow").
	Key string
	Msg string
}

// Error renders "file:line:col: message", the form editors jump to.
func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Errors is every problem found in one file, in file order: unknown keys,
// wrong values and failed checks together. A syntax error ends what is
// read of the file (nothing past it is reported).
type Errors []*Error

// Error renders one problem per line.
func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap exposes the individual errors to errors.As.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// AsErrors returns the positioned problems inside err, if any.
func AsErrors(err error) Errors {
	var es Errors
	if errors.As(err, &es) {
		return es
	}
	var e *Error
	if errors.As(err, &e) {
		return Errors{e}
	}
	return nil
}

// truncateKey cuts a dotted key for an error message to at most n bytes
// (on a rune boundary), marking the cut: a hostile file's key may be
// megabytes long, and an error must stay readable.
func truncateKey(key string, n int) string {
	if len(key) <= n {
		return key
	}
	i := n
	for i > 0 && !utf8.RuneStart(key[i]) {
		i--
	}
	return key[:i] + "…"
}
