package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/results"
)

// resultsTemplate matches the URIs of saved results.
const resultsTemplate = results.URIPrefix + "{handle}"

// addResources serves saved results: resources/read through a template, and
// resources/list through a middleware, because the list differs per client
// session while the SDK's resource list is one per server.
func (s *Server) addResources() {
	if !s.opts.ResultsEnabled {
		return
	}
	s.mcp.AddResourceTemplate(&mcp.ResourceTemplate{
		Name:        "saved result",
		Title:       "Saved result",
		Description: "A value a snippet saved with save_result(value, label); its handle is the last path segment.",
		URITemplate: resultsTemplate,
		MIMEType:    "application/json",
	}, s.readResult)
	s.mcp.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "resources/list" {
				return next(ctx, method, req)
			}
			lr, ok := req.(*mcp.ListResourcesRequest)
			if !ok {
				return next(ctx, method, req)
			}
			base, err := next(ctx, method, req)
			if err != nil {
				return nil, err
			}
			return s.listResults(ctx, lr, base)
		}
	})
}

// privateCacheScope wraps set (the embedder's SetCacheable, may be nil)
// so that what differs per client is marked "private" with no TTL: the
// resource list and every resource read (saved results belong to one
// client session), and, when a guard filters it per subject, the tool
// list. A shared cache (a proxy in front of HTTP) must never hand one
// client's results, or one token's tool list, to another.
func privateCacheScope(set func(context.Context, mcp.Request, *mcp.Cacheable), guarded bool) func(context.Context, mcp.Request, *mcp.Cacheable) {
	return func(ctx context.Context, req mcp.Request, c *mcp.Cacheable) {
		if set != nil {
			set(ctx, req, c)
		}
		private := false
		switch req.(type) {
		case *mcp.ListResourcesRequest, *mcp.ReadResourceRequest:
			private = true
		case *mcp.ListToolsRequest:
			private = guarded
		}
		if private {
			c.CacheScope, c.TTLMs = "private", 0
		}
	}
}

// listResults appends the client session's saved results to the first
// page of the server's own resources (the results are at most max_entries,
// so they never need a page of their own).
func (s *Server) listResults(ctx context.Context, req *mcp.ListResourcesRequest, base mcp.Result) (mcp.Result, error) {
	res, ok := base.(*mcp.ListResourcesResult)
	if !ok {
		return base, nil
	}
	if res.Resources == nil {
		res.Resources = []*mcp.Resource{}
	}
	if req.Params != nil && req.Params.Cursor != "" {
		return res, nil
	}
	sess, ok := s.openClientSession(req)
	if !ok {
		return res, nil // no session: no saved results to list
	}
	for _, e := range sess.Results().List() {
		name := e.Handle
		desc := fmt.Sprintf("saved %s, expires %s", e.Created.UTC().Format("2006-01-02T15:04:05Z"), e.Expires.UTC().Format("2006-01-02T15:04:05Z"))
		if e.Label != "" {
			// Quoted: the label is the snippet's text, not toolplane's.
			desc = fmt.Sprintf("labelled %q by the snippet (%s)", e.Label, desc)
		}
		res.Resources = append(res.Resources, &mcp.Resource{
			URI:         e.URI(),
			Name:        name,
			Title:       e.Label,
			Description: desc,
			MIMEType:    "application/json",
			Size:        e.Size,
		})
	}
	return res, nil
}

func (s *Server) readResult(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	handle := strings.TrimPrefix(uri, results.URIPrefix)
	// A client without a session has saved nothing: an empty store
	// answers as its own would.
	store := results.NewStore(results.Limits{})
	if sess, ok := s.openClientSession(req); ok {
		store = sess.Results()
	}
	data, _, err := store.Raw(handle)
	if err != nil {
		var le *results.LoadError
		if errors.As(err, &le) {
			// Say why, not just "not found": the client may act on it.
			// Marshalled, not formatted: Go's quoting writes a control
			// character of the client's URI as \x1b, which is not JSON, and
			// the answer that failed to encode broke the connection (the
			// client's HTTP session, or the stdio server).
			data, _ := json.Marshal(struct {
				URI    string `json:"uri"`
				Reason string `json:"reason"`
			}{uri, string(le.Reason)})
			return nil, &jsonrpc.Error{Code: mcp.CodeResourceNotFound, Message: le.Error(), Data: data}
		}
		return nil, err
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "application/json", Text: string(data)}}}, nil
}
