package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// Text that others wrote (a snippet's argv in an escalation question, a
// cloned repository's .mcp.json or toolplane.toml in a review) is shown
// to a human who decides on it. Shown raw, it would write the question:
// a newline and a fake paragraph, terminal escapes that move the cursor
// and overwrite the line above, a right-to-left override, word boundaries
// hidden by spaces, a megabyte of padding pushing the rest out of view.
// So a word is quoted unless it is plainly one word of safe characters,
// control and invisible characters show as escapes, and long words and
// argvs are cut, saying so.

// Bounds of what is shown of others' text.
const (
	maxShownWord = 256
	maxShownArgv = 2048
)

// showArgv renders argv for a human: words separated by spaces, each
// shown with showWord, at most about maxShownArgv bytes.
func showArgv(argv []string) string {
	var b strings.Builder
	for i, w := range argv {
		if b.Len() >= maxShownArgv {
			fmt.Fprintf(&b, " … (%d more arguments)", len(argv)-i)
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(showWord(w))
	}
	return b.String()
}

// showWord renders one word (an argument, a path, a URL, a key) for a
// human: as it is when it is made only of letters, digits and
// -_./:=,@%+~?&#; in single quotes, as a shell would take it back, when
// it holds only printable characters; else Go-quoted, so control and
// invisible characters and invalid UTF-8 show as escapes. It is cut to
// maxShownWord bytes, saying how much was cut.
func showWord(w string) string {
	w, more := cutWord(w)
	switch {
	case plainWord(w):
	case printable(w):
		w = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	default:
		w = strconv.Quote(w)
	}
	return w + more
}

// showQuoted is showWord always Go-quoted: for values, whose quotes say
// where they begin and end.
func showQuoted(w string) string {
	w, more := cutWord(w)
	return strconv.Quote(w) + more
}

// cutWord cuts w to maxShownWord bytes (on a character boundary) and
// returns the note that says how much was cut, if anything was.
func cutWord(w string) (string, string) {
	if len(w) <= maxShownWord {
		return w, ""
	}
	n := maxShownWord
	for n > 0 && !utf8.RuneStart(w[n]) {
		n--
	}
	return w[:n], fmt.Sprintf("… (%d more bytes)", len(w)-n)
}

func plainWord(w string) bool {
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_./:=,@%+~?&#", c) >= 0) {
			return false
		}
	}
	return true
}

// printable reports whether w is UTF-8 of printable characters only
// (the ASCII space included; no control, format or invisible character).
func printable(w string) bool {
	for _, r := range w {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// maxShownLine bounds a report line that carries others' text.
const maxShownLine = 1024

// showLine renders a report line that carries others' text (an imported
// file's names, values and origins): control and invisible characters
// show as escapes, so the line cannot write over the lines around it, and
// it is cut to maxShownLine bytes, saying so.
func showLine(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	out, more := b.String(), ""
	if len(out) > maxShownLine {
		n := maxShownLine
		for n > 0 && !utf8.RuneStart(out[n]) {
			n--
		}
		out, more = out[:n], fmt.Sprintf("… (%d more bytes)", len(out)-n)
	}
	return out + more
}

// terminalSafe is w for the reports that show what a config or an
// imported file says (config check, trust, doctor, mcp list and status,
// the import review): what a field's own quoting missed, an escape
// sequence or an invisible character from the file, is removed before it
// reaches the terminal (mcpsrc.SanitizeText), so no value can redraw the
// report the user decides on.
func terminalSafe(w io.Writer) io.Writer {
	if _, ok := w.(sanitizingWriter); ok {
		return w
	}
	return sanitizingWriter{w}
}

type sanitizingWriter struct{ w io.Writer }

func (s sanitizingWriter) Write(p []byte) (int, error) {
	clean := mcpsrc.SanitizeText(string(p))
	if len(clean) == len(p) && clean == string(p) {
		return s.w.Write(p)
	}
	if _, err := io.WriteString(s.w, clean); err != nil {
		return 0, err
	}
	return len(p), nil
}

// withTerminalSafeOutput makes a's output streams terminalSafe for the
// rest of the command.
func (a *app) withTerminalSafeOutput() {
	a.IO.Out, a.IO.Err = terminalSafe(a.IO.Out), terminalSafe(a.IO.Err)
}
