// Package clibind holds the snippet side of CLI capabilities: the Python
// source that defines cli (cli.git, cli("docker-compose"), subcommand
// attributes), cli_run(), the per-binary callables and their result
// object, shared by every backend so that they all behave alike. The bindings reach the host only through call_tool("cli:<name>",
// {...}) with the wire shape of source/cli, so the policy is enforced by
// admission whatever the backend.
package clibind

import (
	_ "embed"
	"strings"

	"github.com/toolplane/toolplane/capability"
)

//go:embed prelude.py
var prelude string

// Filename names the bindings' source in tracebacks.
const Filename = "<toolplane-cli>"

// Source returns the Python source of the bindings. It expects the globals
// call_tool, CLIError and __cli_aliases__ (see Inputs) and leaves the names
// the snippet sees in the dict __exports__.
func Source() string { return prelude }

// AliasesInput is the name of the global holding Aliases.
const AliasesInput = "__cli_aliases__"

// Aliases returns, from a run's binding table, the flat aliases of CLI
// capabilities and the binary each names: {"git": "git"}. A scoped alias
// or any other capability is left out; its host function binding stays.
func Aliases(ns capability.Namespace) map[string]any {
	out := map[string]any{}
	for alias, id := range ns {
		if strings.Contains(alias, ".") {
			continue
		}
		src, _, name, err := capability.ParseID(id)
		if err != nil || src != capability.SourceCLI {
			continue
		}
		out[alias] = name
	}
	return out
}
