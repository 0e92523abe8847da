package server

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// encodableErrors makes the data of every JSON-RPC error answer valid
// JSON. The SDK builds the data of its own resource-not-found answer with
// Go's quoting of the client's URI ({"uri":%q}), and Go quotes a control
// character as \x1b, which JSON has not: the answer then failed to
// encode, and a failed write is a broken connection to the SDK. A client
// that read toolplane://results/res_<NUL> lost its HTTP session (every
// later request answered with an empty 200) or, over stdio, the server.
// Data that is not JSON is replaced: for resources/read by the URI the
// client asked for, else dropped (the message says what went wrong).
func (s *Server) encodableErrors() {
	s.mcp.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			var werr *jsonrpc.Error
			if err == nil || !errors.As(err, &werr) || len(werr.Data) == 0 || json.Valid(werr.Data) {
				return res, err
			}
			fixed := *werr
			fixed.Data = nil
			if r, ok := req.(*mcp.ReadResourceRequest); ok && r.Params != nil {
				fixed.Data, _ = json.Marshal(struct {
					URI string `json:"uri"`
				}{r.Params.URI})
			}
			return res, &fixed
		}
	})
}
