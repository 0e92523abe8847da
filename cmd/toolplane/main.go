// Command toolplane gives AI agents one governed, programmable surface over
// their tools: it edits and checks toolplane.toml, runs snippets, and serves
// the MCP facade. Run `toolplane help` for the verbs.
package main

import (
	"os"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/plugins/spill"
	"github.com/toolplane/toolplane/python"
	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

func main() {
	// Other processes of the user, upstream servers among them, cannot
	// read this one's environment or memory (see makeUndumpable), a
	// worker's (a session's globals) included.
	makeUndumpable()
	// A sandbox worker (toolplane __sandbox-worker) and a spill_explore
	// worker (toolplane __spill-explore) serve their host and exit here,
	// before anything else is set up.
	toolplane.SandboxWorkerMain()
	spill.ExploreWorkerMain()
	// The embedded interpreter's garbage is short-lived; see python.TuneGC
	// (GOGC in the environment overrides it).
	python.TuneGC()
	// With it, a soft memory limit, so that garbage cannot take the
	// process to its cap (GOMEMLIMIT overrides it): see setMemoryLimit.
	setMemoryLimit()
	// An idle serve gives back what reading a large upstream catalog
	// allocated instead of holding it until the runtime's forced
	// collection minutes later.
	mcpsrc.ReturnMemoryAfterLargeCatalogs()
	os.Exit(Main(os.Args[1:], IOStreams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr}))
}
