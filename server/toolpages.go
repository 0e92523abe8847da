package server

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/capability"
)

// MaxToolPageBytes bounds the encoded tools of one tools/list answer, as
// capability.MaxAnswerBytes bounds a search or schemas answer: past it
// (at least one tool is always listed) the answer ends with a nextCursor
// to the rest, as MCP's pagination allows. With [facade] tools = true the
// list carries every upstream tool's input schema (up to 256 KiB each):
// 75 tools of 200 KiB schemas made each answer 15 MB, built and encoded
// about three times over for one small request, and 48 of them at once
// from one token took the server to 1.3 GiB.
const MaxToolPageBytes = capability.MaxAnswerBytes

// toolCursorPrefix starts the (base64url) text of this server's
// tools/list cursors: the name of the last tool of the previous page.
const toolCursorPrefix = "toolplane.tools.after:"

// maxSDKPages bounds the SDK pages one tools/list gathers (1000 tools
// each): the registry never holds that many.
const maxSDKPages = 1000

// pageToolList serves tools/list in pages of at most MaxToolPageBytes.
// It gathers the whole list the inner handlers (admission, plugins' list
// filters, the meta-tools' descriptions) give this caller, following the
// SDK's own count-bounded pages; a list that fits is answered as it is.
// Otherwise the tools are sorted by name and each page starts after the
// name its cursor carries, so a list that changed between two pages
// neither repeats nor skips a tool that stayed.
func (s *Server) pageToolList(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		lr, ok := req.(*mcp.ListToolsRequest)
		if method != "tools/list" || !ok {
			return next(ctx, method, req)
		}
		var meta mcp.Meta
		after, paged := "", false
		if lr.Params != nil {
			meta = lr.Params.Meta
			if c := lr.Params.Cursor; c != "" {
				name, err := decodeToolCursor(c)
				if err != nil {
					return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "tools/list: the cursor is not one this server gave; list again without a cursor"}
				}
				after, paged = name, true
			}
		}
		var first *mcp.ListToolsResult
		var tools []*mcp.Tool
		sdkCursor := ""
		for range maxSDKPages {
			page := &mcp.ListToolsRequest{Session: lr.Session, Extra: lr.Extra, Params: &mcp.ListToolsParams{Meta: meta, Cursor: sdkCursor}}
			res, err := next(ctx, method, page)
			if err != nil {
				return nil, err
			}
			r, ok := res.(*mcp.ListToolsResult)
			if !ok {
				return res, nil
			}
			if first == nil {
				first = r
			}
			tools = append(tools, r.Tools...)
			sdkCursor = r.NextCursor
			if sdkCursor == "" {
				break
			}
		}
		sizes := make([]int, len(tools))
		total := 0
		for i, t := range tools {
			sizes[i] = toolSize(t)
			total += sizes[i]
		}
		first.NextCursor = ""
		if !paged && total <= MaxToolPageBytes {
			first.Tools = tools
			return first, nil
		}
		order := make([]int, len(tools))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(tools[a].Name, tools[b].Name) })
		start := 0
		if paged {
			start, _ = slices.BinarySearchFunc(order, after, func(i int, name string) int {
				if tools[i].Name <= name {
					return -1
				}
				return 1
			})
		}
		out := []*mcp.Tool{}
		used := 0
		end := start
		for ; end < len(order); end++ {
			size := sizes[order[end]]
			if len(out) > 0 && used+size > MaxToolPageBytes {
				break
			}
			out = append(out, tools[order[end]])
			used += size
		}
		first.Tools = out
		if end < len(order) {
			first.NextCursor = encodeToolCursor(out[len(out)-1].Name)
		}
		return first, nil
	}
}

func encodeToolCursor(name string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(toolCursorPrefix + name))
}

func decodeToolCursor(c string) (string, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return "", err
	}
	name, ok := strings.CutPrefix(string(b), toolCursorPrefix)
	if !ok {
		return "", errBadCursor
	}
	return name, nil
}

var errBadCursor = errors.New("not a tools/list cursor")

// toolSize is about the bytes t takes in an answer: its schemas given as
// raw JSON (upstream tools' schemas, the large part) are counted by
// length, everything else encoded. Encoding the whole list to measure it
// would cost what the bound saves.
func toolSize(t *mcp.Tool) int {
	shell := *t
	n := 0
	if raw, ok := t.InputSchema.(json.RawMessage); ok {
		n += len(bytes.TrimSpace(raw))
		shell.InputSchema = nil
	}
	if raw, ok := t.OutputSchema.(json.RawMessage); ok {
		n += len(bytes.TrimSpace(raw))
		shell.OutputSchema = nil
	}
	b, err := json.Marshal(&shell)
	if err != nil {
		return n + MaxToolPageBytes // unencodable: on a page of its own
	}
	return n + len(b)
}
