package capability

import (
	"encoding/json"
	"fmt"
	"strings"
)

// What an agent reads about calling capabilities from a snippet: how
// keyword arguments become a CLI binary's flags, what a call returns and
// which exception a failure raises. The renderings (detailed schemas) and
// the execute_code description are built from these, and
// TestSnippetDocHolds (package toolplane) runs every claim against the
// real bindings, policies and backend, so the text cannot drift from what
// happens.

// FlagExample is one rule of how a keyword argument of a CLI call becomes
// argv words: Kwarg as a snippet writes it, Words what the binary gets.
type FlagExample struct {
	Kwarg string
	Words []string
}

// CLIFlagExamples are the keyword rules, in the order they are told.
func CLIFlagExamples() []FlagExample {
	return []FlagExample{
		{`max_count=5`, []string{"--max-count=5"}},
		{`n=5`, []string{"-n", "5"}},
		{`stat=True`, []string{"--stat"}},
		{`stat=False`, nil},
		{`author=["ann", "bob"]`, []string{"--author=ann", "--author=bob"}},
		{`class_="x"`, []string{"--class=x"}},
	}
}

// CLIOrderExample is a whole call of a binary and the argv it runs,
// showing where positional arguments, flags, _=[...] and _global={...}
// go: callee is how a snippet calls it (git, or cli("7z")).
func CLIOrderExample(callee, binary string) (call string, argv []string) {
	first := "ARG" // a word every binary takes: git's is a subcommand
	if binary == "git" {
		first = "log"
	}
	return fmt.Sprintf(`%s(%q, n=5, _=["src"], _global={"C": "sub"})`, callee, first),
		[]string{binary, "-C", "sub", first, "-n", "5", "src"}
}

// CLICallee is how a snippet calls the binary of c: its alias, else
// cli("NAME").
func CLICallee(c *Capability, aliases []string) string {
	if len(aliases) > 0 {
		return aliases[0]
	}
	return fmt.Sprintf("cli(%q)", c.Name)
}

// CLIFlagRules renders the keyword rules in one paragraph for the binary
// a snippet calls as callee.
func CLIFlagRules(callee, binary string) string {
	var rules []string
	for _, e := range CLIFlagExamples() {
		words := "left out"
		if len(e.Words) > 0 {
			words = strings.Join(e.Words, " ")
		}
		rules = append(rules, e.Kwarg+" → "+words)
	}
	call, argv := CLIOrderExample(callee, binary)
	return "Keyword arguments become flags: " + strings.Join(rules, "; ") +
		" (a list repeats the flag; one trailing _ is dropped, for Python keywords). " +
		"Positional arguments come first, then the flags, then _=[...]; _global={...} goes before them all: " +
		call + " runs `" + strings.Join(argv, " ") + "`, never through a shell."
}

// CLIExample is a first call of a binary an agent can copy, and the argv
// it runs: git's log, or a generic word for another binary.
func CLIExample(callee, binary string) (call string, argv []string) {
	if binary == "git" {
		return callee + `("log", max_count=5, oneline=True)`, []string{"git", "log", "--max-count=5", "--oneline"}
	}
	return callee + `("ARG", max_count=5)`, []string{binary, "ARG", "--max-count=5"}
}

// AwaitText says that calls are awaited.
const AwaitText = "Await every call: without await a call never runs (the run warns, naming the call and line, and a result holding one is an error); asyncio.gather(f(a), f(b)) runs calls concurrently; asyncio.run(main()) runs main on the snippet's own loop"

// ReturnShapesText is what a capability call returns in a snippet.
const ReturnShapesText = "a dict when the capability has an output schema (get_capability_schemas shows its shape); " +
	"else its text as one str (several text blocks joined by newlines); images and other content as a list of dicts"

// FailureText is what a failed call raises, CLIError included when the
// caller may call CLI binaries.
func FailureText(cli bool) string {
	text := "ToolError (the tool reported an error: str(e) is its message, e.capability its id)"
	if cli {
		text += ", CLIError (a ToolError: the binary exited non-zero, unless check=False; e.exit_code, e.stderr, e.result)"
	}
	return text + ", ValueError (arguments its schema rejects), PermissionError (refused), LookupError (no such capability) " +
		"or TimeoutError (the call ran out of time); except ToolError catches every tool failure"
}

// CLIResultText is what a CLI call returns in a snippet.
const CLIResultText = "a CLIResult: .stdout, .stderr, .exit_code, .text() (stdout without its final newline), .lines(), .json()"

// CLIRaisesText is what a failing CLI call raises.
const CLIRaisesText = "CLIError (a ToolError) when the binary exits non-zero, unless check=False, or times out: e.exit_code, e.stderr, e.result; PermissionError when its argument policy refuses an argument"

// ToolRaisesText is what a failing call of any other capability raises.
const ToolRaisesText = "ToolError when the tool reports an error: str(e) is its message, e.capability its id"

// TextReturnsText is what a call of a capability without an output
// schema returns.
const TextReturnsText = "str, the tool's text (no output schema: look at one result before parsing it)"

// OutputSampleText introduces the form of a text-only capability's last
// output (Capability.OutputSample).
const OutputSampleText = "Last time its text looked like this (its form only: letters shown as x, digits as 0, a JSON text as its keys and types):"

// ReturnsText says what a call of c returns in a snippet when it has no
// output schema (with one, the rendering shows its shape).
func ReturnsText(c *Capability) string {
	if c.Source == SourceCLI {
		return CLIResultText
	}
	return TextReturnsText
}

// RaisesText is what a failing call of c raises.
func RaisesText(c *Capability) string {
	if c.Source == SourceCLI {
		return CLIRaisesText
	}
	return ToolRaisesText
}

// Placeholder is the value an example call shows for a parameter, by its
// type: "…" for a string, 10 for a number, True, [], {}. Never the
// schema's own default or enum values: an example may be shown where
// upstream text must not go (the execute_code description).
func Placeholder(schema json.RawMessage, name string) string {
	var doc struct {
		Properties map[string]struct {
			Type json.RawMessage `json:"type"`
		} `json:"properties"`
	}
	if json.Unmarshal(schema, &doc) != nil {
		return `"…"`
	}
	p := doc.Properties[name]
	var t string
	if json.Unmarshal(p.Type, &t) != nil {
		var ts []string
		_ = json.Unmarshal(p.Type, &ts)
		if len(ts) > 0 {
			t = ts[0]
		}
	}
	switch t {
	case "integer", "number":
		return "10"
	case "boolean":
		return "True"
	case "array":
		return "[]"
	case "object":
		return "{}"
	}
	return `"…"`
}

// ExampleCall is how a snippet calls c with its required parameters (the
// others are optional), their values placeholders: `await notes.add(title="…")`; with the
// arguments as one dict when a name is not a Python identifier
// (`await x.y({"from": "…"})`), and through call_tool with the id when c
// has no alias. A CLI binary's call shows its convention.
func ExampleCall(c *Capability, aliases []string) string {
	name := callName(c, aliases)
	if c.Source == SourceCLI {
		return "await " + CLICallee(c, aliases) + `("subcommand", "arg", flag=value, _=["trailing"])`
	}
	type arg struct{ name, value string }
	var args []arg
	keywords := true
	schema := c.InputSchema
	for _, p := range Params(schema) {
		if p.Required && len(args) < 8 {
			args = append(args, arg{clip(p.Name, 40), Placeholder(schema, p.Name)})
			if id, ok := Identifier(p.Name); !ok || id != p.Name {
				keywords = false
			}
		}
	}
	var parts []string
	if name == c.ID || !keywords {
		for _, a := range args {
			parts = append(parts, fmt.Sprintf("%q: %s", a.name, a.value))
		}
		dict := "{" + strings.Join(parts, ", ") + "}"
		if name == c.ID {
			return fmt.Sprintf("await call_tool(%q, %s)", c.ID, dict)
		}
		return "await " + name + "(" + dict + ")"
	}
	for _, a := range args {
		parts = append(parts, a.name+"="+a.value)
	}
	return "await " + name + "(" + strings.Join(parts, ", ") + ")"
}
