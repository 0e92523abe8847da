package mcp

import (
	"encoding/base64"
	"encoding/json"
	"math"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/capability"
)

// convertResult maps an MCP tool result onto capability.Result: structured
// content as JSON-like Go values, every content block as a Content.
func convertResult(res *mcp.CallToolResult) *capability.Result {
	out := &capability.Result{IsError: res.IsError, Structured: jsonLike(res.StructuredContent)}
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

// maxExactInt is the largest integer a float64 holds exactly.
const maxExactInt = 1 << 53

// jsonLike normalises a decoded JSON value: integral numbers become int64 so
// that a snippet sees 3, not 3.0, as Python's json module would for "3".
func jsonLike(v any) any {
	switch v := v.(type) {
	case float64:
		if v == math.Trunc(v) && math.Abs(v) <= maxExactInt {
			return int64(v)
		}
		return v
	case map[string]any:
		for k, e := range v {
			v[k] = jsonLike(e)
		}
		return v
	case []any:
		for i, e := range v {
			v[i] = jsonLike(e)
		}
		return v
	default:
		return v
	}
}
