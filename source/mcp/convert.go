package mcp

import (
	"encoding/base64"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/capability"
)

// convertResult maps an MCP tool result onto capability.Result: structured
// content as JSON-like Go values (integral numbers as int64, as
// capability.Normalize does everywhere), every content block as a Content.
func convertResult(res *mcp.CallToolResult) *capability.Result {
	out := &capability.Result{IsError: res.IsError, Structured: capability.Normalize(res.StructuredContent)}
	for _, c := range res.Content {
		out.Content = append(out.Content, convertContent(c))
	}
	return out
}

func convertContent(c mcp.Content) capability.Content {
	switch c := c.(type) {
	case *mcp.TextContent:
		return capability.Content{Type: "text", Text: c.Text}
	case *mcp.ImageContent:
		return capability.Content{Type: "image", Data: base64.StdEncoding.EncodeToString(c.Data), MIMEType: c.MIMEType}
	case *mcp.AudioContent:
		return capability.Content{Type: "audio", Data: base64.StdEncoding.EncodeToString(c.Data), MIMEType: c.MIMEType}
	case *mcp.ResourceLink:
		return capability.Content{Type: "resource_link", URI: c.URI, MIMEType: c.MIMEType, Text: c.Name}
	case *mcp.EmbeddedResource:
		out := capability.Content{Type: "resource"}
		if r := c.Resource; r != nil {
			out.URI, out.MIMEType, out.Text = r.URI, r.MIMEType, r.Text
			if len(r.Blob) > 0 {
				out.Data = base64.StdEncoding.EncodeToString(r.Blob)
			}
		}
		return out
	default:
		// A content type newer than this code: keep its JSON so nothing is
		// silently lost.
		raw, err := json.Marshal(c)
		if err != nil {
			return capability.Content{Type: "unknown"}
		}
		var probe struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal(raw, &probe)
		return capability.Content{Type: probe.Type, Text: string(raw)}
	}
}
