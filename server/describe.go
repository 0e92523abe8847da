package server

import (
	"context"
	"crypto/sha256"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python/vm"
)

// instructions is sent to clients at initialization: the whole workflow in a
// few lines.
const instructions = `toolplane runs Python snippets that call your tools as async functions.
1. search_capabilities("what you need") finds capabilities; get_capability_schemas(["name"]) shows their parameters.
2. execute_code(code) runs a snippet: loop, filter and join inside it and return only what you need.`

// The meta-tools' descriptions are what an agent reads before writing its
// first snippet, and agents copy their examples: so the examples are calls
// of this deployment's own capabilities, chosen among those the caller may
// call (a capability it may not call does not exist for it, here too),
// and the facts (limits, sessions, what calls return and raise) are this
// server's. They are built per caller when it lists the tools.

// describedCapability is a capability a description may show, with the
// aliases a snippet calls it by.
type describedCapability struct {
	cap     *capability.Capability
	aliases []string
}

// describeFacts are the facts of this server the descriptions state.
type describeFacts struct {
	// Capabilities are those the caller may call, in id order.
	Capabilities []describedCapability
	// Modules are the modules a snippet can import.
	Modules []string
	// Timeout is a run's default wall-clock limit, MaxTimeout the most it
	// may ask for.
	Timeout, MaxTimeout time.Duration
	// MemoryBytes bounds what a session's runs hold; OutputBytes print's
	// output; Calls the capability calls of a run.
	MemoryBytes, OutputBytes int64
	Calls                    int
	// Sessions says globals persist between runs; Results that
	// save_result and load_result are bound.
	Sessions, Results bool
}

// metaDescriptions are the descriptions of the three meta-tools.
type metaDescriptions struct {
	Search, Schemas, Execute string
}

// describeFacts gathers the facts for caller c.
func (s *Server) describeFacts(c caller) describeFacts {
	reg := s.engine.Registry()
	f := describeFacts{
		Modules:     reg.Modules(),
		Timeout:     s.opts.DefaultTimeout,
		MaxTimeout:  s.opts.MaxTimeout,
		MemoryBytes: s.sessions.Options().MaxMemoryBytes,
		OutputBytes: vm.DefaultMaxOutputBytes,
		Calls:       s.opts.MaxHostCalls,
		Sessions:    s.opts.SessionsEnabled && s.engine.DefaultBackend() == sessionBackend(s.engine),
		Results:     s.opts.ResultsEnabled,
	}
	for _, cap := range reg.List() {
		if s.admits(c, cap) {
			f.Capabilities = append(f.Capabilities, describedCapability{cap, reg.Aliases(cap.ID)})
		}
	}
	return f
}

// describeMetaTools rewrites the meta-tools' descriptions in a tools/list
// answer for the caller of req; the SDK's own tools are not changed.
func (s *Server) describeMetaTools(req mcp.Request, tools []*mcp.Tool) {
	var d *metaDescriptions
	for i, t := range tools {
		if t.Name != ToolSearch && t.Name != ToolSchemas && t.Name != ToolExecute {
			continue
		}
		if d == nil {
			built := s.descriptions.get(s.describeFacts(s.callerOf(req)))
			d = &built
		}
		var text *string
		switch t.Name {
		case ToolSearch:
			text = &d.Search
		case ToolSchemas:
			text = &d.Schemas
		default:
			text = &d.Execute
		}
		copied := *t
		copied.Description = *text
		tools[i] = &copied
	}
}

// describeMiddleware serves every tools/list with the caller's
// descriptions of the meta-tools.
func (s *Server) describeMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil || method != "tools/list" {
			return res, err
		}
		if lr, ok := res.(*mcp.ListToolsResult); ok {
			lr.Tools = append([]*mcp.Tool(nil), lr.Tools...)
			s.describeMetaTools(req, lr.Tools)
		}
		return res, err
	}
}

// readVerbs start the names of capabilities that read rather than change
// things: an example an agent copies had better be one of those.
var readVerbs = []string{"list", "get", "search", "read", "find", "query", "show", "fetch", "describe", "lookup", "count"}

// exampleCapability picks the capability the examples call: one with an
// alias, whose required parameters are plain identifiers; preferring a
// name that reads (list_, get_, ...), then the host's own Go functions
// over upstream tools, then fewer required parameters, then the id.
// ok is false when there is none (only CLI binaries, or nothing).
func exampleCapability(caps []describedCapability) (describedCapability, bool) {
	type ranked struct {
		dc       describedCapability
		reads    bool
		goSource bool
		required int
	}
	var cands []ranked
	for _, dc := range caps {
		c := dc.cap
		if c.Source == capability.SourceCLI || len(dc.aliases) == 0 {
			continue
		}
		required, plain := 0, true
		for _, name := range capability.RequiredParams(c.InputSchema) {
			required++
			if id, ok := capability.Identifier(name); !ok || id != name || len(name) > 32 {
				plain = false
			}
		}
		if !plain || required > 3 {
			continue
		}
		lname := strings.ToLower(c.Name)
		reads := false
		for _, v := range readVerbs {
			reads = reads || strings.HasPrefix(lname, v)
		}
		cands = append(cands, ranked{dc, reads, c.Source == capability.SourceGo, required})
	}
	if len(cands) == 0 {
		return describedCapability{}, false
	}
	sort.SliceStable(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		switch {
		case a.reads != b.reads:
			return a.reads
		case a.goSource != b.goSource:
			return a.goSource
		case a.required != b.required:
			return a.required < b.required
		}
		return a.dc.cap.ID < b.dc.cap.ID
	})
	return cands[0].dc, true
}

// preferredAlias is the alias an example calls: the scoped one
// (notes.list) when there is one, else the first.
func preferredAlias(aliases []string) string {
	for _, a := range aliases {
		if strings.Contains(a, ".") {
			return a
		}
	}
	return aliases[0]
}

// otherAlias is an alias of aliases other than alias, "" if none.
func otherAlias(aliases []string, alias string) string {
	for _, a := range aliases {
		if a != alias {
			return a
		}
	}
	return ""
}

// exampleCLI picks the CLI binary the examples call: git when allowed
// (agents know it), else the first bound by a plain alias.
func exampleCLI(caps []describedCapability) (describedCapability, bool) {
	var first *describedCapability
	for i, dc := range caps {
		if dc.cap.Source != capability.SourceCLI || len(dc.aliases) == 0 {
			continue
		}
		if dc.cap.Name == "git" && dc.aliases[0] == "git" {
			return dc, true
		}
		if first == nil {
			first = &caps[i]
		}
	}
	if first == nil {
		return describedCapability{}, false
	}
	return *first, true
}

// buildDescriptions writes the meta-tools' descriptions from f.
func buildDescriptions(f describeFacts) metaDescriptions {
	ex, hasEx := exampleCapability(f.Capabilities)
	cli, hasCLI := exampleCLI(f.Capabilities)
	exAlias, exID := "NAME", "ID"
	if hasEx {
		exAlias, exID = preferredAlias(ex.aliases), ex.cap.ID
	} else if hasCLI {
		exAlias, exID = cli.aliases[0], cli.cap.ID
	}

	var d metaDescriptions
	d.Search = `Search the capabilities (tools of connected MCP servers, allowed CLI binaries, host functions) that execute_code snippets can call.
Returns the names a snippet calls them by, with one line each; detail="detailed" adds parameters and result shapes, detail="full" the JSON schemas.
tags filter by label as key=value (e.g. source=mcp, namespace=github).`
	d.Schemas = fmt.Sprintf(`Show how to call capabilities, by name (an alias like %s, or an id like %s): parameters and result shapes in Python's terms, what a failure raises.
detail="detailed" (default) is compact; "full" adds the JSON schemas. Unknown names get suggestions.`, exAlias, exID)

	var b strings.Builder
	b.WriteString("Run a Python 3 snippet. Capabilities are async functions: call them with await, loop, filter and join in the snippet, and return only what you need.\n")
	switch n := len(f.Capabilities); {
	case n == 0:
		b.WriteString("No capabilities are available to this client: snippets compute with the modules below only.\n")
	default:
		plural := "capabilities"
		if n == 1 {
			plural = "capability"
		}
		fmt.Fprintf(&b, "This client may call %d %s; search_capabilities finds them. For example:\n", n, plural)
		if hasEx {
			alias := preferredAlias(ex.aliases)
			call := capability.ExampleCall(ex.cap, []string{alias})
			if other := otherAlias(ex.aliases, alias); other != "" {
				fmt.Fprintf(&b, "  r = %s   # %s(...) also works\n", call, other)
			} else {
				fmt.Fprintf(&b, "  r = %s\n", call)
			}
			fmt.Fprintf(&b, "  r = %s   # any capability by its id\n", capability.ExampleCall(ex.cap, nil))
		}
		if hasCLI {
			call, argv := capability.CLIExample(cli.aliases[0], cli.cap.Name)
			fmt.Fprintf(&b, "  out = await %s   # runs %s\n", call, strings.Join(argv, " "))
		}
	}
	b.WriteString("- " + capability.AwaitText + ".\n")
	b.WriteString("- A call returns " + capability.ReturnShapesText)
	if hasCLI {
		b.WriteString("; a CLI binary " + capability.CLIResultText)
	}
	b.WriteString(".\n")
	b.WriteString("- A failed call raises " + capability.FailureText(hasCLI) + ".\n")
	if hasCLI {
		b.WriteString("- " + capability.CLIFlagRules(cli.aliases[0], cli.cap.Name) + "\n")
	}
	b.WriteString("- Top-level await and return are allowed; the result is the returned value (or the last bare expression), as json.dumps writes it (dict order kept, 5.0 stays a float; NaN/Infinity as the strings \"NaN\"/\"Infinity\"; a value json.dumps refuses, such as a set, as its repr, with not_json saying why). print() output is captured and shown; what goes to sys.stderr (print(..., file=sys.stderr), logging) comes back apart, as stderr.\n")
	fmt.Fprintf(&b, "- Limits per run: %s wall clock, time waiting on capabilities included (timeout= up to %s); %s of memory held by the session; %s of print() output (and as much on stderr); %d capability calls. The error names the limit that ended the run.\n",
		seconds(f.Timeout), seconds(f.MaxTimeout), sizeText(f.MemoryBytes), sizeText(f.OutputBytes), f.Calls)
	if f.Sessions {
		b.WriteString("- Globals persist across execute_code calls of this session (like notebook cells); await reset_session() clears them after the run. A run stopped by its time or step limit is rolled back.\n")
	} else {
		b.WriteString("- Every run starts with fresh globals: keep what a later run needs in its result.\n")
	}
	if f.Results {
		b.WriteString("- h = await save_result(value, label=\"...\") stores a JSON value and returns a res_... handle; await load_result(h) reads it in a later run (also readable as resource toolplane://results/<handle>).\n")
	}
	b.WriteString("- save_result, load_result, reset_session, call_tool, cli, cli_run and the capability names are the runtime's, bound like builtins: a snippet may define its own, which shadows the runtime's for that run only. A namespace named like a runtime name, a module or a builtin gets a trailing underscore: a server named logging is await logging_.NAME(...) (import logging is the module).\n")
	b.WriteString("- Only the subset of Python the sandbox supports runs; no files or network except through capabilities.")
	if len(f.Modules) > 0 {
		b.WriteString(" Modules: " + strings.Join(f.Modules, ", ") + ".")
	}
	b.WriteString("\n")
	d.Execute = b.String()
	return d
}

// seconds renders a limit as "60 s" or "10 min".
func seconds(d time.Duration) string {
	if d >= time.Minute && d%time.Minute == 0 {
		return fmt.Sprintf("%d min", int(d/time.Minute))
	}
	return fmt.Sprintf("%g s", d.Seconds())
}

// sizeText renders a byte count in binary units.
func sizeText(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// descriptionCache keeps the meta-tools' descriptions built for each
// catalog a caller sees: building them reads every admitted capability's
// schema (to pick an example), which for a catalog of large schemas took
// 0.8 s of CPU for every tools/list, so a token repeating that cheap
// request kept the server's cores busy. The key is the capabilities
// themselves (their identity, id and aliases) and the facts that vary;
// a changed catalog is a new key. At most maxDescriptionCache entries are
// kept; a full cache starts over.
type descriptionCache struct {
	mu      sync.Mutex
	entries map[[sha256.Size]byte]metaDescriptions
}

const maxDescriptionCache = 64

func (c *descriptionCache) get(f describeFacts) metaDescriptions {
	h := sha256.New()
	fmt.Fprintf(h, "%t %t %d %v %v %d %d %d\n", f.Sessions, f.Results, len(f.Modules), f.Timeout, f.MaxTimeout, f.MemoryBytes, f.OutputBytes, f.Calls)
	for _, dc := range f.Capabilities {
		fmt.Fprintf(h, "%p %q %q %d %d\n", dc.cap, dc.cap.ID, dc.aliases, len(dc.cap.InputSchema), len(dc.cap.Description))
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	// Built under the lock: requests that arrive together for one catalog
	// wait for one build instead of each doing it.
	c.mu.Lock()
	defer c.mu.Unlock()
	if d, ok := c.entries[key]; ok {
		return d
	}
	d := buildDescriptions(f)
	if c.entries == nil || len(c.entries) >= maxDescriptionCache {
		c.entries = map[[sha256.Size]byte]metaDescriptions{}
	}
	c.entries[key] = d
	return d
}
