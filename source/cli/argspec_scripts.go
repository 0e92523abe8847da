package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// sed and awk take a program as an argument, and both programs can run
// commands (sed's e command, awk's system() and pipes) and write files. The
// policy parses the program, and refuses one it cannot parse: what it
// cannot read it cannot check.

// checkSed finds the scripts of a sed call and checks each. GNU sed reads
// `-i SCRIPT FILE`, BSD sed `-i SUFFIX SCRIPT FILE`: unless the binary is
// known to be GNU sed (or BusyBox's, which reads it the same way), both
// words are checked as scripts.
func checkSed(c *argCall) error {
	scripts := c.valuesOf("-e", "--expression")
	fromE := len(scripts) > 0
	if !fromE {
		if len(c.positionals) == 0 {
			return nil
		}
		scripts = c.positionals[:1]
		if c.flavor != "gnu" && len(c.positionals) > 1 {
			for _, o := range c.opts {
				if (o.name == "-i" || o.name == "-I") && !o.hasValue {
					scripts = c.positionals[:2]
				}
			}
		}
	}
	if fromE {
		// sed joins -e fragments with newlines into one script.
		scripts = []string{strings.Join(scripts, "\n")}
	}
	for _, script := range scripts {
		if err := checkSedScript(script, c); err != nil {
			return err
		}
	}
	if c.has("-i", "-I", "--in-place") {
		skip := 1
		if fromE {
			skip = 0
		}
		return confinePositionals(c, skip)
	}
	return nil
}

// sedFlavor runs `sed --version`: GNU sed and BusyBox answer, BSD sed
// does not.
func sedFlavor(path string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "--version")
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LANG=C"}
	out, _ := cmd.CombinedOutput()
	if bytes.Contains(out, []byte("GNU sed")) || bytes.Contains(out, []byte("BusyBox")) {
		return "gnu"
	}
	return "bsd"
}

func checkSedScript(script string, c *argCall) error {
	files, err := sedScan(script)
	if err != nil {
		return c.argDenied(script, err.Error(), false)
	}
	for _, f := range files {
		if f == "/dev/stdout" || f == "/dev/stderr" {
			continue
		}
		if err := c.confine(f); err != nil {
			return c.argDenied(script, "its w command writes a file, and "+err.Error(), false)
		}
	}
	return nil
}

var errSedExec = errors.New("the sed script runs a command (the e command or the s///e flag)")

// sedScan parses a GNU sed script and returns the files its w and W
// commands and s///w flags write. It fails on the e command, the e flag,
// and anything it cannot parse.
func sedScan(s string) ([]string, error) {
	var files []string
	i := 0
	bad := func(format string, args ...any) error {
		return fmt.Errorf("toolplane could not parse the sed script at byte %d (%s), and refuses what it cannot check", i, fmt.Sprintf(format, args...))
	}
	skipSpace := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
	}
	restOfLine := func() string {
		start := i
		for i < len(s) && s[i] != '\n' {
			i++
		}
		return s[start:i]
	}
	// delimited reads up to an unescaped delim; i is just after it.
	delimited := func(delim byte) (string, error) {
		start := i
		for i < len(s) {
			switch {
			case s[i] == '\\' && i+1 < len(s):
				i += 2
			case s[i] == delim:
				i++
				return s[start : i-1], nil
			case s[i] == '\n' && delim != '\n':
				return "", bad("newline inside a delimited part")
			default:
				i++
			}
		}
		return "", bad("unterminated %q", delim)
	}
	address := func() error {
		switch {
		case i < len(s) && s[i] >= '0' && s[i] <= '9':
			for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '~') {
				i++
			}
		case i < len(s) && s[i] == '$':
			i++
		case i < len(s) && (s[i] == '/' || s[i] == '\\'):
			delim := byte('/')
			if s[i] == '\\' {
				if i+1 >= len(s) {
					return bad("address ends after a backslash")
				}
				delim = s[i+1]
				i++
			}
			i++
			if _, err := delimited(delim); err != nil {
				return err
			}
			for i < len(s) && (s[i] == 'I' || s[i] == 'M') {
				i++
			}
		}
		return nil
	}
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == ';') {
			i++
		}
		if i >= len(s) {
			return files, nil
		}
		if s[i] == '#' {
			restOfLine()
			continue
		}
		if err := address(); err != nil {
			return nil, err
		}
		skipSpace()
		if i < len(s) && s[i] == ',' {
			i++
			skipSpace()
			if i < len(s) && (s[i] == '+' || s[i] == '~') {
				i++
			}
			if err := address(); err != nil {
				return nil, err
			}
			skipSpace()
		}
		for i < len(s) && (s[i] == '!' || s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			return nil, bad("an address without a command")
		}
		cmd := s[i]
		i++
		switch cmd {
		case '{', '}', '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
		case 'l', 'q', 'Q', 'L':
			skipSpace()
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
		case 'a', 'i', 'c':
			// Text to the end of the line; a line ending in a backslash
			// continues it.
			for i < len(s) {
				if s[i] == '\\' && i+1 < len(s) {
					i += 2
					continue
				}
				if s[i] == '\n' {
					break
				}
				i++
			}
		case 'b', 't', 'T', ':', 'v':
			for i < len(s) && s[i] != '\n' && s[i] != ';' {
				i++
			}
		case 'r', 'R':
			restOfLine()
		case 'w', 'W':
			skipSpace()
			files = append(files, restOfLine())
		case 'e':
			return nil, errSedExec
		case 's', 'y':
			if i >= len(s) || s[i] == '\n' || s[i] == '\\' {
				return nil, bad("%c needs a delimiter", cmd)
			}
			delim := s[i]
			i++
			if _, err := delimited(delim); err != nil {
				return nil, err
			}
			if _, err := delimited(delim); err != nil {
				return nil, err
			}
			if cmd == 'y' {
				break
			}
			for i < len(s) {
				f := s[i]
				switch {
				case f == 'g' || f == 'p' || f == 'i' || f == 'I' || f == 'm' || f == 'M' || f >= '0' && f <= '9':
					i++
					continue
				case f == 'e':
					return nil, errSedExec
				case f == 'w':
					i++
					skipSpace()
					files = append(files, restOfLine())
				}
				break
			}
		default:
			return nil, bad("unknown command %q", cmd)
		}
		skipSpace()
		if cmd == '{' || i < len(s) && s[i] == '}' {
			continue
		}
		if i < len(s) && s[i] != ';' && s[i] != '\n' && s[i] != '#' {
			return nil, bad("unexpected %q after a command", s[i])
		}
	}
}

// checkAwk checks the program of an awk call: the -e/--source values when
// given, else the first positional.
func checkAwk(c *argCall) error {
	programs := c.valuesOf("-e", "--source")
	if len(programs) == 0 {
		if len(c.positionals) == 0 {
			return nil
		}
		programs = c.positionals[:1]
	}
	for _, p := range programs {
		if err := awkScan(p); err != nil {
			return c.argDenied(p, err.Error(), false)
		}
	}
	return nil
}

// awkProgramRule consumes and checks -e/--source program text.
var awkProgramRule = checkV(func(v string, _ *argCall) error { return awkScan(v) }, "-e", "--source")

// sedScriptRule consumes and checks -e/--expression script text.
var sedScriptRule = checkV(func(v string, c *argCall) error {
	if _, err := sedScan(v); err != nil {
		return err
	}
	return nil
}, "-e", "--expression")

// awkScan reads an awk program as tokens and refuses what can run a
// command, write a file or reach the network: system(), pipes (| and |&,
// which also feed getline), output redirection in print and printf,
// getline from a file (gawk's /inet/ files are sockets), and @ (gawk's
// indirect calls, which can call system by name, @load and @include).
func awkScan(p string) error {
	i := 0
	prevOperand := false // whether a "/" here divides rather than opens a regex
	inPrint := false
	printDepth, depth := 0, 0
	sawGetline := false
	endStatement := func() { inPrint, sawGetline = false, false }
	for i < len(p) {
		ch := p[i]
		switch {
		case ch == '#':
			for i < len(p) && p[i] != '\n' {
				i++
			}
			continue
		case ch == '\n' || ch == ';':
			endStatement()
			prevOperand = false
			i++
			continue
		case ch == ' ' || ch == '\t' || ch == '\r':
			i++
			continue
		case ch == '\\' && i+1 < len(p) && p[i+1] == '\n':
			i += 2
			continue
		case ch == '"':
			i++
			for i < len(p) && p[i] != '"' {
				if p[i] == '\\' {
					i++
				}
				i++
			}
			if i >= len(p) {
				return errors.New("an unterminated string in the awk program")
			}
			i++
			prevOperand = true
			continue
		case ch == '/' && !prevOperand:
			i++
			inClass := false
			for i < len(p) && (p[i] != '/' || inClass) {
				switch p[i] {
				case '\\':
					i++
				case '[':
					inClass = true
				case ']':
					inClass = false
				case '\n':
					return errors.New("an unterminated regular expression in the awk program")
				}
				i++
			}
			if i >= len(p) {
				return errors.New("an unterminated regular expression in the awk program")
			}
			i++
			prevOperand = true
			continue
		case ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z':
			start := i
			for i < len(p) && (p[i] == '_' || p[i] >= 'a' && p[i] <= 'z' || p[i] >= 'A' && p[i] <= 'Z' || p[i] >= '0' && p[i] <= '9') {
				i++
			}
			switch word := p[start:i]; word {
			case "system":
				return errors.New("awk's system() runs a command")
			case "print", "printf":
				inPrint, printDepth = true, depth
				prevOperand = false
			case "getline":
				sawGetline = true
				prevOperand = true
			case "return", "in", "if", "while", "for", "do", "else", "case":
				prevOperand = false
			default:
				prevOperand = true
			}
			continue
		case ch >= '0' && ch <= '9' || ch == '.':
			for i < len(p) && (p[i] >= '0' && p[i] <= '9' || p[i] == '.' || p[i] == 'e' || p[i] == 'E' || p[i] == 'x' || p[i] >= 'a' && p[i] <= 'f' || p[i] >= 'A' && p[i] <= 'F') {
				i++
			}
			prevOperand = true
			continue
		case (ch == '+' || ch == '-') && i+1 < len(p) && p[i+1] == ch:
			// ++ and -- keep the side they are on: after an operand
			// (postfix) a "/" still divides.
			i += 2
			continue
		case ch == '|':
			if i+1 < len(p) && p[i+1] == '|' {
				i += 2
				prevOperand = false
				continue
			}
			return errors.New("an awk pipe (| or |&) runs a command")
		case ch == '@':
			return errors.New("gawk's @ (indirect calls, @load, @include) can run commands or load code")
		case ch == '>':
			if inPrint && depth == printDepth {
				return errors.New("output redirection in print or printf writes a file or runs a command")
			}
		case ch == '<':
			if sawGetline {
				return errors.New("getline < file reads a file of the program's choosing, or a network socket in gawk")
			}
		case ch == '(' || ch == '[':
			depth++
		case ch == ')' || ch == ']':
			depth--
			i++
			prevOperand = true
			continue
		case ch == '{' || ch == '}':
			endStatement()
		case ch == '$':
			i++
			prevOperand = false // $ is followed by its operand
			continue
		}
		i++
		prevOperand = false
	}
	return nil
}
