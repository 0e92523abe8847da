package mcp

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/capability"
)

// convertResult maps an MCP tool result of server onto capability.Result:
// structured content as JSON-like Go values (integral numbers as int64, as
// capability.Normalize does everywhere), every content block as a Content.
// Its size, depth and number of blocks were bounded before it was decoded
// (see inspector). hide hides the server's secrets in the text of a tool
// error before it is cut (Server.call hides them in the rest).
func convertResult(server string, res *mcp.CallToolResult, hide func(string) string) (*capability.Result, error) {
	// Checked again on the decoded value: the inspector exempts answers
	// that look like listings from the result depth bound.
	if tooDeep(res.StructuredContent, maxResultDepth) {
		return nil, fmt.Errorf("mcp server %q returned structured content nested more than %d levels deep; the limit is %d", server, maxResultDepth, maxResultDepth)
	}
	out := &capability.Result{IsError: res.IsError, Structured: capability.Normalize(res.StructuredContent)}
	budget := maxToolErrorBytes
	for _, c := range res.Content {
		cc := ownURIsDropped(server, convertContent(c))
		if res.IsError && cc.Type == "text" {
			// The text of a tool error becomes an exception message and a
			// traceback line, shown to agents and terminals: cleaned and
			// cut, unlike a result's text, which is data.
			cc.Text = truncate(SanitizeText(hide(cc.Text)), max(budget, 0))
			budget -= len(cc.Text)
		}
		out.Content = append(out.Content, cc)
	}
	return out, nil
}

// tooDeep reports whether a decoded JSON value nests deeper than limit; it
// recurses no deeper than limit.
func tooDeep(v any, limit int) bool {
	switch x := v.(type) {
	case map[string]any:
		if limit == 0 {
			return true
		}
		for _, e := range x {
			if tooDeep(e, limit-1) {
				return true
			}
		}
	case []any:
		if limit == 0 {
			return true
		}
		for _, e := range x {
			if tooDeep(e, limit-1) {
				return true
			}
		}
	}
	return false
}

// ownURIsDropped replaces a resource link or embedded resource whose URI
// names one of toolplane's own resources (toolplane://results/...) with a
// note: a server must not hand an agent what looks like a result toolplane
// saved. toolplane fetches no URI a server returns (file://, http://): links
// reach the client as links, for it to judge.
func ownURIsDropped(server string, c capability.Content) capability.Content {
	if u, err := url.Parse(c.URI); err == nil && strings.EqualFold(u.Scheme, "toolplane") {
		return capability.Content{Type: "text", Text: fmt.Sprintf("[mcp server %q returned a %s to %s; dropped: toolplane:// names toolplane's own resources]", server, c.Type, quoteName(c.URI))}
	}
	return c
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
