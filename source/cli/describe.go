package cli

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// inputSchema is the input of every `cli:` capability. See README.md.
const inputSchema = `{
  "type": "object",
  "properties": {
    "args": {"type": "array", "items": {"$ref": "#/$defs/word"},
      "description": "Leading positional words, usually the subcommand: [\"log\"]."},
    "options": {"$ref": "#/$defs/flags",
      "description": "Flags after args. Keys: one letter -> -k VALUE, longer -> --key-name=VALUE (underscores become dashes, one trailing underscore dropped); true -> bare flag; false/null -> omitted; a list repeats the flag. An object renders in sorted key order; a list of [key, value] pairs keeps its order."},
    "positional": {"type": "array", "items": {"$ref": "#/$defs/word"},
      "description": "Trailing positional arguments, after the options (a snippet's _=[...])."},
    "global": {"$ref": "#/$defs/flags",
      "description": "Flags placed before args, same rules as options (a snippet's _global={...}): {\"C\": \"/repo\"} -> -C /repo."},
    "check": {"type": "boolean", "default": true,
      "description": "When true, a non-zero exit status is an error (CLIError in snippets)."},
    "stdin": {"type": "null", "description": "Reserved: stdin is always closed."}
  },
  "additionalProperties": false,
  "$defs": {
    "word": {"type": ["string", "number"]},
    "value": {"anyOf": [
      {"type": ["string", "number", "boolean", "null"]},
      {"type": "array", "items": {"type": ["string", "number", "boolean", "null"]}}
    ]},
    "flags": {
      "type": ["object", "array"],
      "additionalProperties": {"$ref": "#/$defs/value"},
      "items": {"type": "array", "minItems": 2, "maxItems": 2,
        "prefixItems": [{"type": "string"}, {"$ref": "#/$defs/value"}]}
    }
  }
}`

// outputSchema is the structured result of every `cli:` capability.
const outputSchema = `{
  "type": "object",
  "properties": {
    "stdout": {"type": "string"},
    "stderr": {"type": "string"},
    "exit_code": {"type": "integer", "description": "-1 when the process was killed by a signal"},
    "truncated": {"type": "boolean", "description": "stdout or stderr exceeded the output cap and was cut"},
    "timed_out": {"type": "boolean"},
    "argv": {"type": "array", "items": {"type": "string"}},
    "duration_ms": {"type": "integer"}
  },
  "required": ["stdout", "stderr", "exit_code", "truncated", "timed_out", "argv", "duration_ms"]
}`

// Compiled on first use: package initialisation runs in every toolplane process.
var identifier = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`) })

// pythonKeywords cannot be binding names even when they look like identifiers.
var pythonKeywords = strings.Fields(`False None True and as assert async await break class
	continue def del elif else except finally for from global if import in is lambda
	nonlocal not or pass raise return try while with yield`)

// IsSnippetName reports whether a binary's name can be written in a
// snippet as an attribute (`await cli.git(...)`): an identifier, not a
// keyword. Other names go through `cli("name")`.
func IsSnippetName(name string) bool {
	if !identifier().MatchString(name) {
		return false
	}
	for _, k := range pythonKeywords {
		if k == name {
			return false
		}
	}
	return true
}

// description names the call form that always reaches the binary,
// cli.NAME or cli("NAME"): its flat alias may be renamed (an allowed id is
// id_, as id is a builtin), which the registry decides and search shows.
func description(name, path string) string {
	call := "cli." + name
	if !IsSnippetName(name) {
		call = fmt.Sprintf("cli(%q)", name)
	}
	return fmt.Sprintf("CLI binary %s (%s), run without a shell. "+
		"In a snippet: await %s(\"subcommand\", flag=value, _=[positional], _global={flag: value}, check=True); "+
		"the result has stdout, stderr and exit_code.", name, path, call)
}

// Limits on running `--help` for a summary.
const (
	helpTimeout   = 3 * time.Second
	helpMaxOutput = 16 << 10
	summaryMax    = 600
)

type helpEntry struct {
	once    sync.Once
	summary string
	err     error
}

// Summary returns a one-paragraph summary of `name --help`, computed the
// first time it is asked for (search or describe) and cached, failure
// included. Only binaries the policy exposes are run; the run has the
// policy's environment and working directory, a short timeout and a small
// output cap.
func (s *Source) Summary(ctx context.Context, name string) (string, error) {
	if err := ValidateName(name); err != nil {
		return "", err
	}
	if !s.policy.allows(name) {
		return "", s.denied(name)
	}
	path, err := s.resolve(name)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	e, ok := s.help[name]
	if !ok {
		e = &helpEntry{}
		s.help[name] = e
	}
	s.mu.Unlock()
	e.once.Do(func() {
		// Detached from the caller's cancellation so one cancelled search
		// does not cache a failure for everyone; bounded by helpTimeout.
		spec := s.args.specFor(name, path)
		argv := []string{name, "--help"}
		if spec != nil && spec.kind == kindUnbounded {
			e.err = fmt.Errorf("cli:%s: every call is refused by its argument policy", name)
			return
		}
		if spec != nil && spec.helpArgs != nil {
			argv = append([]string{name}, spec.helpArgs...)
		}
		out, err := s.run.run(context.WithoutCancel(ctx), path, argv, envFor(s.run.env, spec), helpTimeout, helpMaxOutput)
		if err != nil {
			e.err = fmt.Errorf("cli:%s: --help: %w", name, err)
			return
		}
		if out.TimedOut {
			e.err = fmt.Errorf("cli:%s: --help did not finish within %s", name, helpTimeout)
			return
		}
		text := out.Stdout
		if strings.TrimSpace(text) == "" {
			text = out.Stderr
		}
		e.summary = summarize(text)
		if e.summary == "" {
			e.err = fmt.Errorf("cli:%s: --help printed nothing (exit status %d)", name, out.ExitCode)
		}
	})
	return e.summary, e.err
}

// Describe returns the capability's description with the --help summary
// appended when one is available.
func (s *Source) Describe(ctx context.Context, name string) (string, error) {
	if err := ValidateName(name); err != nil {
		return "", err
	}
	if !s.policy.allows(name) {
		return "", s.denied(name)
	}
	c, err := s.capability(name)
	if err != nil {
		return "", err
	}
	// A binary without a usable --help is still callable: its plain
	// description stands.
	sum, err := s.Summary(ctx, name)
	if err != nil || sum == "" {
		return c.Description, nil
	}
	return c.Description + "\n\n" + sum, nil
}

var overstrike = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(".\b") })
var ansi = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("\x1b\\[[0-9;]*[A-Za-z]") })

// summarize keeps the first paragraph of help text, whitespace collapsed,
// cut at summaryMax bytes on a rune boundary.
func summarize(help string) string {
	help = ansi().ReplaceAllString(overstrike().ReplaceAllString(help, ""), "")
	var words []string
	for _, line := range strings.Split(help, "\n") {
		if strings.TrimSpace(line) == "" {
			if len(words) > 0 {
				break
			}
			continue
		}
		words = append(words, strings.Fields(line)...)
	}
	s := strings.ToValidUTF8(strings.Join(words, " "), "")
	if len(s) > summaryMax {
		cut := summaryMax
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}
