package server

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/python/jsonlike"
)

// Meta-tool names.
const (
	ToolSearch  = "search_capabilities"
	ToolSchemas = "get_capability_schemas"
	ToolExecute = "execute_code"
)

// SearchInput are the arguments of search_capabilities.
type SearchInput struct {
	Query  string   `json:"query" jsonschema:"what you want to do, in a few words (e.g. 'list open issues'); empty lists everything"`
	Tags   []string `json:"tags,omitempty" jsonschema:"label filters as key=value (e.g. source=mcp); bare words are added to the query"`
	Detail string   `json:"detail,omitempty" jsonschema:"brief (default): one line each; detailed: parameters; full: JSON schemas"`
	Limit  int      `json:"limit,omitempty" jsonschema:"maximum number of matches (default 10)"`
}

// SchemasInput are the arguments of get_capability_schemas.
type SchemasInput struct {
	Names  []string `json:"names" jsonschema:"capability aliases or ids, e.g. [\"greeter.greet\", \"mcp:linear/list_issues\"]"`
	Detail string   `json:"detail,omitempty" jsonschema:"detailed (default) or full (JSON schemas) or brief"`
}

func (s *Server) addMetaTools() error {
	// The descriptions registered here are those of a caller admitted to
	// nothing; every tools/list answer carries its caller's own (see
	// describeMiddleware).
	facts := s.describeFacts(caller{})
	facts.Capabilities = nil
	d := buildDescriptions(facts)
	// execute_code's structured content is written by its handler
	// (executeTool), so its schema is stated rather than inferred.
	executeOutputSchema, err := jsonschema.For[ExecuteOutput](nil)
	if err != nil {
		return fmt.Errorf("the schema of execute_code's output: %w", err)
	}
	mcp.AddTool(s.mcp, &mcp.Tool{
		Name:        ToolSearch,
		Title:       "Search capabilities",
		Description: d.Search,
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
	}, s.search)
	mcp.AddTool(s.mcp, &mcp.Tool{
		Name:        ToolSchemas,
		Title:       "Get capability schemas",
		Description: d.Schemas,
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
	}, s.schemas)
	mcp.AddTool(s.mcp, &mcp.Tool{
		Name:         ToolExecute,
		Title:        "Execute Python snippet",
		Description:  d.Execute,
		Annotations:  &mcp.ToolAnnotations{OpenWorldHint: ptr(true)},
		OutputSchema: executeOutputSchema,
	}, withRoundTrips(s, s.executeTool))
	return nil
}

// parseDetail is capability.ParseDetail quoting at most a prefix of a
// bad value.
func parseDetail(s string) (capability.Detail, error) {
	if len(s) > maxQuoted {
		return "", fmt.Errorf("detail %s: want brief, detailed or full", quoteShort(s))
	}
	return capability.ParseDetail(s)
}

func ptr[T any](v T) *T { return &v }

func textResult(text string, isError bool) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}, IsError: isError}
}

func (s *Server) search(ctx context.Context, req *mcp.CallToolRequest, in SearchInput) (*mcp.CallToolResult, any, error) {
	detail, err := parseDetail(in.Detail)
	if err == nil {
		err = checkSearch(in)
	}
	if err != nil {
		return textResult(ToolSearch+": "+err.Error(), true), nil, nil
	}
	opts := capability.SearchOptions{Query: in.Query, Limit: in.Limit}
	for _, tag := range in.Tags {
		k, v, ok := strings.Cut(tag, "=")
		if !ok {
			opts.Query = strings.TrimSpace(opts.Query + " " + tag)
			continue
		}
		if opts.Labels == nil {
			opts.Labels = map[string]string{}
		}
		opts.Labels[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	c := s.callerOf(req)
	if s.opts.Guard == nil {
		res := s.engine.Registry().Search(opts)
		return textResult(capability.RenderSearch(res, detail), false), nil, nil
	}
	return textResult(capability.RenderSearch(s.admittedSearch(c, opts), detail), false), nil, nil
}

func (s *Server) schemas(ctx context.Context, req *mcp.CallToolRequest, in SchemasInput) (*mcp.CallToolResult, any, error) {
	if in.Detail == "" {
		in.Detail = string(capability.DetailDetailed)
	}
	detail, err := parseDetail(in.Detail)
	if err == nil {
		err = checkNames(in.Names)
	}
	if err != nil {
		return textResult(ToolSchemas+": "+err.Error(), true), nil, nil
	}
	if len(in.Names) == 0 {
		return textResult(ToolSchemas+": names is empty: pass the names search_capabilities returned, e.g. [\"greeter.greet\"]", true), nil, nil
	}
	reg := s.engine.Registry()
	if s.opts.Guard != nil {
		return s.admittedSchemas(s.callerOf(req), in.Names, detail), nil, nil
	}
	missing := 0
	for _, n := range in.Names {
		if _, ok := reg.Lookup(n); !ok {
			missing++
		}
	}
	return textResult(reg.Describe(in.Names, detail), missing == len(in.Names)), nil, nil
}

// validToolName is what MCP clients accept as a tool name, at most 128
// bytes (checked apart: a counted repetition would be compiled as 128
// copies of the class at every process start).
// It is compiled on first use: package initialisation runs in every toolplane process.
var validToolName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_.-]+$`) })

// directToolName is the MCP tool name of a capability: its first alias
// (what a snippet calls it), else its id with separators replaced.
func directToolName(c *capability.Capability, aliases []string) string {
	for _, a := range aliases {
		if len(a) <= 128 && validToolName().MatchString(a) {
			return a
		}
	}
	name := strings.NewReplacer(":", "_", "/", "_").Replace(c.ID)
	return regexp.MustCompile(`[^A-Za-z0-9_.-]`).ReplaceAllString(name, "_")
}

// HintsOf returns the MCP annotations the hint labels of the config give
// (capability.LabelReadOnly, ...), nil when there are none: MCP's
// defaults then say the tool may write and destroy. An upstream's own
// annotations never reach a direct tool.
func HintsOf(labels map[string]string) *mcp.ToolAnnotations {
	var a mcp.ToolAnnotations
	set := false
	flag := func(k string) (bool, bool) {
		v, ok := labels[k]
		if ok {
			set = true
		}
		return v == "true", ok
	}
	a.ReadOnlyHint, _ = flag(capability.LabelReadOnly)
	if v, ok := flag(capability.LabelDestructive); ok {
		a.DestructiveHint = &v
	}
	a.IdempotentHint, _ = flag(capability.LabelIdempotent)
	if v, ok := flag(capability.LabelOpenWorld); ok {
		a.OpenWorldHint = &v
	}
	if !set {
		return nil
	}
	return &a
}

// SyncDirectTools makes the direct tools match the registry: tools of new
// capabilities are added, those of removed ones removed, and changed ones
// replaced, each change telling clients the tool list changed. Call it after
// changing the registry (an upstream server's tool list changed). It is a
// no-op unless Options.DirectTools is set.
func (s *Server) SyncDirectTools() error {
	reg := s.engine.Registry()
	want := map[string]*capability.Capability{}
	claims := map[string][]*capability.Capability{}
	var names []string
	var errs []error
	for _, c := range reg.List() {
		// A plugin's tools (plugin.Registry.Tool) are MCP tools of the
		// facade in any case, under their own name; the other
		// capabilities only with DirectTools.
		if c.Source != capability.SourcePlugin && !s.opts.DirectTools {
			continue
		}
		name := directToolName(c, reg.Aliases(c.ID))
		if c.Source == capability.SourcePlugin {
			name = c.Name
		} else if s.opts.DirectToolName != nil {
			name = s.opts.DirectToolName(c, reg.Aliases(c.ID))
		}
		if claims[name] == nil {
			names = append(names, name)
		}
		claims[name] = append(claims[name], c)
	}
	// A name claimed twice is given to neither, whatever the order: an
	// upstream naming its tools to match another's name (or a meta-tool's)
	// must not take over the calls clients make by that name.
	for _, name := range names {
		cs := claims[name]
		switch {
		case name == ToolSearch || name == ToolSchemas || name == ToolExecute:
			errs = append(errs, fmt.Errorf("[facade] tools = true: capability %s would be exposed as tool %q, which is a meta-tool; it is not exposed; give it another alias in the config", cs[0].ID, name))
		case len(cs) > 1:
			ids := make([]string, len(cs))
			for i, c := range cs {
				ids[i] = c.ID
			}
			errs = append(errs, fmt.Errorf("[facade] tools = true: capabilities %s would all be exposed as tool %q: none is; give them other aliases in the config", strings.Join(ids, " and "), name))
		default:
			want[name] = cs[0]
		}
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	var gone []string
	for name := range s.direct {
		if _, ok := want[name]; !ok {
			gone = append(gone, name)
			delete(s.direct, name)
		}
	}
	if len(gone) > 0 {
		s.mcp.RemoveTools(gone...)
	}
	for name, c := range want {
		if s.direct[name] == c {
			continue // the registry holds the same capability: nothing changed
		}
		s.direct[name] = c
		schema := json.RawMessage(c.InputSchema)
		if len(bytes.TrimSpace(schema)) == 0 {
			schema = json.RawMessage(`{"type":"object"}`)
		}
		tool := &mcp.Tool{Name: name, Description: c.Description, InputSchema: schema, Annotations: HintsOf(c.Labels)}
		if tool.Description == "" {
			tool.Description = c.ID
		}
		if err := addTool(s.mcp, tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			o := s.roundTrip(ctx, req, func(ctx context.Context) callOutcome {
				res, err := s.callDirect(ctx, req, c)
				return callOutcome{res: res, err: err}
			})
			return o.res, o.err
		}); err != nil {
			delete(s.direct, name)
			errs = append(errs, fmt.Errorf("[facade] tools = true: capability %s is not exposed as a direct tool: %w", c.ID, err))
		}
	}
	return errors.Join(errs...)
}

// addTool is srv.AddTool with its panics (a schema the SDK refuses: not of
// type object, bad x-mcp-header annotations) returned as errors: schemas
// come from upstream servers, which must not be able to crash toolplane.
func addTool(srv *mcp.Server, tool *mcp.Tool, h mcp.ToolHandler) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	srv.AddTool(tool, h)
	return nil
}

func (s *Server) callDirect(ctx context.Context, req *mcp.CallToolRequest, c *capability.Capability) (*mcp.CallToolResult, error) {
	if !s.admits(s.callerOf(req), c) {
		// Not there for this caller: the SDK's own answer for a tool that
		// does not exist, word for word.
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("unknown tool %q", req.Params.Name)}
	}
	args := map[string]any{}
	if raw := req.Params.Arguments; len(raw) > 0 && string(raw) != "null" {
		v, err := capability.DecodeJSON(raw)
		if err != nil {
			return textResult(fmt.Sprintf("tool %s: arguments are not valid JSON: %v", req.Params.Name, err), true), nil
		}
		m, ok := v.(map[string]any)
		if !ok {
			return textResult(fmt.Sprintf("tool %s: arguments must be a JSON object", req.Params.Name), true), nil
		}
		args = m
	}
	ctx, gone := s.whenClientGone(ctx, req)
	defer gone()
	ctx = s.withRequest(ctx, req)
	// The session serves only a handler's saved results (SessionResults):
	// with results off the call opens none, so it neither evicts another
	// client's idle session at a cap nor waits for one.
	if s.opts.ResultsEnabled {
		sess, err := s.clientSession(ctx, req)
		if err != nil {
			return textResult(fmt.Sprintf("tool %s: %v", req.Params.Name, err), true), nil
		}
		ctx = withSession(ctx, sess, true)
	}
	who := s.callerOf(req)
	call := dispatch.NewCall(dispatch.OriginToolCall, c, args)
	call.Subject, call.Identity, call.LogID, call.Headers = who.subject, who.identity, who.logID, who.headers
	res, err := s.engine.Call(ctx, call)
	if err != nil {
		return textResult(err.Error(), true), nil
	}
	return toMCPResult(res), nil
}

type toolRequestKey struct{}

// ToolRequest returns the MCP request a capability call serves: the direct
// tool call, or the execute_code call whose snippet made it. Handlers and
// middlewares use it to talk back to their client (progress, logging,
// sampling, elicitation) through req.Session. It is nil for calls from the
// Go API or `toolplane run`.
func ToolRequest(ctx context.Context) *mcp.CallToolRequest {
	req, _ := ctx.Value(toolRequestKey{}).(*mcp.CallToolRequest)
	return req
}

// toMCPResult converts a capability result to MCP's shape.
func toMCPResult(res *capability.Result) *mcp.CallToolResult {
	out := &mcp.CallToolResult{IsError: res.IsError, Content: []mcp.Content{}}
	for _, c := range res.Content {
		switch c.Type {
		case "text":
			out.Content = append(out.Content, &mcp.TextContent{Text: c.Text})
		case "image", "audio":
			data, err := base64.StdEncoding.DecodeString(c.Data)
			if err != nil {
				out.Content = append(out.Content, &mcp.TextContent{Text: fmt.Sprintf("[%s content with invalid base64 data]", c.Type)})
				continue
			}
			if c.Type == "image" {
				out.Content = append(out.Content, &mcp.ImageContent{Data: data, MIMEType: c.MIMEType})
			} else {
				out.Content = append(out.Content, &mcp.AudioContent{Data: data, MIMEType: c.MIMEType})
			}
		case "resource_link":
			out.Content = append(out.Content, &mcp.ResourceLink{URI: c.URI, Name: c.URI, MIMEType: c.MIMEType})
		case "resource":
			out.Content = append(out.Content, &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: c.URI, MIMEType: c.MIMEType, Text: c.Text}})
		default:
			out.Content = append(out.Content, &mcp.TextContent{Text: c.Text})
		}
	}
	if res.Structured != nil {
		// Written by jsonlike's rules, as a run's result is: NaN and the
		// infinities become strings, which JSON can carry.
		b, err := jsonlike.Marshal(res.Structured)
		if err != nil {
			b, _ = jsonlike.Marshal(fmt.Sprintf("[structured content with no JSON form: %v]", err))
		}
		out.StructuredContent = json.RawMessage(b)
		if len(out.Content) == 0 {
			out.Content = append(out.Content, &mcp.TextContent{Text: string(b)})
		}
	}
	return out
}
