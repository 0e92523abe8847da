// Package capability defines what toolplane can call on an agent's behalf: a
// Capability with a canonical id, its schemas and labels, and the handler that
// runs it. The Registry (registry.go) holds them and builds snippet namespaces.
package capability

import (
	"context"
	"encoding/json"
)

// Source names where a capability comes from; it is the prefix of its id.
type Source string

// The capability sources.
const (
	SourceGo  Source = "go"  // a Go function of the host (mcpgen or Register)
	SourceMCP Source = "mcp" // a tool of an upstream MCP server
	SourceCLI Source = "cli" // an allowed CLI binary
	// SourcePlugin is a tool a plugin contributes (plugin.Registry.Tool);
	// its namespace is the plugin's name.
	SourcePlugin Source = "plugin"
)

// Handler runs a capability once. args is the decoded JSON object of the call
// (map[string]any with JSON-like values). A returned error is a failure of the
// call itself; a tool-level failure is a Result with IsError set.
type Handler func(ctx context.Context, args map[string]any) (*Result, error)

// Result is what a capability returns, in MCP's shape.
type Result struct {
	// Structured is the JSON-like value (map[string]any, []any, string,
	// float64/int64, bool, nil) when the capability returns structured data.
	Structured any
	// Content holds the content blocks (text, image, ...) as MCP would send them.
	Content []Content
	// IsError marks a tool-level error; Content then carries the message.
	IsError bool
}

// Content is one MCP content block.
type Content struct {
	Type     string `json:"type"` // "text", "image", "audio", "resource", ...
	Text     string `json:"text,omitempty"`
	Data     string `json:"data,omitempty"` // base64 for image/audio
	MIMEType string `json:"mimeType,omitempty"`
	URI      string `json:"uri,omitempty"`
}

// Capability is one callable thing. ID is canonical and never changes:
// "go:greeter/greet", "mcp:linear/list_issues", "cli:git".
type Capability struct {
	ID          string
	Source      Source
	Namespace   string // package, server name; empty for CLI binaries
	Name        string // the tool name within its namespace (binary name for CLI)
	Description string
	// InputSchema and OutputSchema are JSON Schema documents (objects).
	// OutputSchema may be nil.
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage
	// OutputSample is the form of what the capability returned last time,
	// for one that returns only text (no output schema): letters as x,
	// digits as 0, or a JSON text's keys and types; never the text itself,
	// which belongs to the caller that got it. Empty when unknown.
	OutputSample string
	// Labels are opaque k=v pairs used by admission and search.
	Labels  map[string]string
	Handler Handler
}

// MakeID builds a canonical id from its parts: MakeID(SourceMCP, "linear",
// "list_issues") is "mcp:linear/list_issues"; an empty namespace gives
// "cli:git".
func MakeID(src Source, namespace, name string) string {
	if namespace == "" {
		return string(src) + ":" + name
	}
	return string(src) + ":" + namespace + "/" + name
}
