package testmcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Item is one element that list_items pages through.
type Item struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// ListItemsIn is the input of list_items.
type ListItemsIn struct {
	Cursor   string `json:"cursor,omitempty" jsonschema:"opaque cursor from a previous page's next_cursor; empty for the first page"`
	PageSize int    `json:"page_size,omitempty" jsonschema:"items per page (default 10)"`
}

// ListItemsOut is the structured output of list_items.
type ListItemsOut struct {
	Items      []Item `json:"items"`
	NextCursor string `json:"next_cursor" jsonschema:"cursor of the next page; empty on the last page"`
}

type echoIn struct {
	Text string `json:"text" jsonschema:"text to send back"`
}

type slowIn struct {
	MS   int    `json:"ms" jsonschema:"milliseconds to sleep"`
	Gate string `json:"gate,omitempty" jsonschema:"path of a file: the call appends a line to this path + '.started' when it begins and answers as soon as the file exists (or ms have passed)"`
}

type failIn struct {
	Msg string `json:"msg" jsonschema:"error message to return"`
}

type crashIn struct {
	Code int `json:"code,omitempty" jsonschema:"exit code (default 1)"`
}

type addToolIn struct {
	Name string `json:"name" jsonschema:"name of the tool to add"`
}

type empty struct{}

// newServer builds the MCP server with every test tool. out is the process's
// stdout (for the garbage tool), errw its stderr, and crash receives the exit
// code when the crash tool asks Main to end the process. lastHeader has the
// headers of the latest SSE request, which the SDK does not pass to tools.
func newServer(o *options, out io.Writer, errw io.Writer, crash chan<- int, lastHeader *headerBox) *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "testmcp", Version: "1.0.0"}, nil)

	mcp.AddTool(srv, &mcp.Tool{Name: "echo", Description: "Returns its text unchanged as text content."},
		func(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
		})

	// raw_args shows what a client's arguments look like on the wire:
	// tests of the JSON form of a snippet's values read it.
	srv.AddTool(&mcp.Tool{Name: "raw_args", Description: "Returns the JSON text of its arguments, as received, as text content.",
		InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(req.Params.Arguments)}}}, nil
		})

	mcp.AddTool(srv, &mcp.Tool{Name: "list_items", Description: "Lists items one page at a time; follow next_cursor until it is empty."},
		func(_ context.Context, _ *mcp.CallToolRequest, in ListItemsIn) (*mcp.CallToolResult, ListItemsOut, error) {
			start := 0
			if in.Cursor != "" {
				n, err := strconv.Atoi(in.Cursor)
				if err != nil || n < 0 || n > o.items {
					return nil, ListItemsOut{}, fmt.Errorf("invalid cursor %q", in.Cursor)
				}
				start = n
			}
			size := in.PageSize
			if size <= 0 {
				size = 10
			}
			end := min(start+size, o.items)
			res := ListItemsOut{Items: []Item{}}
			for i := start; i < end; i++ {
				res.Items = append(res.Items, Item{ID: i + 1, Name: fmt.Sprintf("item-%03d", i+1)})
			}
			if end < o.items {
				res.NextCursor = strconv.Itoa(end)
			}
			return nil, res, nil
		})

	mcp.AddTool(srv, &mcp.Tool{Name: "slow", Description: "Sleeps ms milliseconds, then answers; logs to stderr when cancelled."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in slowIn) (*mcp.CallToolResult, any, error) {
			start := time.Now()
			// A gate lets a test hold calls in progress for as long as it
			// needs, see them begin, and end them when it is done: a loaded
			// machine can stretch any fixed duration past what it checks.
			var opened <-chan struct{}
			if in.Gate != "" {
				if err := appendLine(in.Gate+".started", "started"); err != nil {
					return nil, nil, err
				}
				wctx, stop := context.WithCancel(ctx)
				defer stop()
				opened = waitFile(wctx, in.Gate)
			}
			select {
			case <-time.After(time.Duration(in.MS) * time.Millisecond):
			case <-opened:
			case <-ctx.Done():
				// Tests read this line to prove cancellation reached the server.
				fmt.Fprintf(errw, "testmcp: slow cancelled after %dms\n", time.Since(start).Milliseconds())
				return nil, nil, ctx.Err()
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("slept %dms", in.MS)}}}, nil, nil
		})

	mcp.AddTool(srv, &mcp.Tool{Name: "fail", Description: "Always fails with msg as a tool error (isError)."},
		func(_ context.Context, _ *mcp.CallToolRequest, in failIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: in.Msg}}}, nil, nil
		})

	mcp.AddTool(srv, &mcp.Tool{Name: "crash", Description: "Ends the server process in the middle of the call."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in crashIn) (*mcp.CallToolResult, any, error) {
			code := in.Code
			if code == 0 {
				code = 1
			}
			fmt.Fprintf(errw, "testmcp: crashing with code %d as asked\n", code)
			crash <- code
			<-ctx.Done() // never answer: the process is going away
			return nil, nil, ctx.Err()
		})

	mcp.AddTool(srv, &mcp.Tool{Name: "image", Description: "Returns a 2x2 PNG image and a caption."},
		func(context.Context, *mcp.CallToolRequest, empty) (*mcp.CallToolResult, any, error) {
			data, err := tinyPNG()
			if err != nil {
				return nil, nil, err
			}
			return &mcp.CallToolResult{Content: []mcp.Content{
				&mcp.TextContent{Text: "a 2x2 image"},
				&mcp.ImageContent{Data: data, MIMEType: "image/png"},
			}}, nil, nil
		})

	mcp.AddTool(srv, &mcp.Tool{Name: "garbage", Description: "Writes a line that is not JSON-RPC to stdout (stdio mode) and then answers."},
		func(context.Context, *mcp.CallToolRequest, empty) (*mcp.CallToolResult, any, error) {
			_, _ = out.Write([]byte("garbage: not a JSON-RPC message\n"))
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "wrote garbage"}}}, nil, nil
		})

	mcp.AddTool(srv, &mcp.Tool{Name: "spawn", Description: "Starts a long sleep child process (in the server's process group) and returns its pid."},
		func(context.Context, *mcp.CallToolRequest, empty) (*mcp.CallToolResult, any, error) {
			cmd := exec.Command("sleep", "300")
			if err := cmd.Start(); err != nil {
				return nil, nil, fmt.Errorf("starting sleep: %w", err)
			}
			pid := cmd.Process.Pid
			go func() { _ = cmd.Wait() }()
			return &mcp.CallToolResult{StructuredContent: map[string]any{"pid": pid}, Content: []mcp.Content{&mcp.TextContent{Text: strconv.Itoa(pid)}}}, nil, nil
		})

	mcp.AddTool(srv, &mcp.Tool{Name: "headers", Description: "Returns the Authorization and X-Test headers of the HTTP request (HTTP mode)."},
		func(_ context.Context, req *mcp.CallToolRequest, _ empty) (*mcp.CallToolResult, map[string]any, error) {
			h := lastHeader.get()
			if req.Extra != nil && req.Extra.Header != nil {
				h = req.Extra.Header
			}
			res := map[string]any{"authorization": h.Get("Authorization"), "x_test": h.Get("X-Test")}
			return nil, res, nil
		})

	mcp.AddTool(srv, &mcp.Tool{Name: "environ", Description: "Returns the server process's environment variables (name to value)."},
		func(context.Context, *mcp.CallToolRequest, empty) (*mcp.CallToolResult, map[string]any, error) {
			env := map[string]any{}
			for _, kv := range os.Environ() {
				k, v, _ := strings.Cut(kv, "=")
				env[k] = v
			}
			return nil, map[string]any{"env": env}, nil
		})

	mcp.AddTool(srv, &mcp.Tool{Name: "add_tool", Description: "Adds an echo-like tool with the given name, which sends tools/list_changed."},
		func(_ context.Context, _ *mcp.CallToolRequest, in addToolIn) (*mcp.CallToolResult, any, error) {
			name := in.Name
			mcp.AddTool(srv, &mcp.Tool{Name: name, Description: "Added at run time."},
				func(context.Context, *mcp.CallToolRequest, empty) (*mcp.CallToolResult, any, error) {
					return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: name}}}, nil, nil
				})
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "added " + name}}}, nil, nil
		})
	return srv
}

// tinyPNG encodes a 2x2 image so the image tool returns real PNG bytes.
func tinyPNG() ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.RGBA{R: 255, A: 255})
	img.Set(1, 1, color.RGBA{B: 255, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encoding png: %w", err)
	}
	return buf.Bytes(), nil
}

// appendLine appends line and a newline to the file at path, creating it.
func appendLine(path, line string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(f, line)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// waitFile returns a channel closed once a file exists at path (polled
// every 10ms) and never closed if ctx ends first.
func waitFile(ctx context.Context, path string) <-chan struct{} {
	ch := make(chan struct{})
	go func() {
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			if _, err := os.Stat(path); err == nil {
				close(ch)
				return
			}
			select {
			case <-tick.C:
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch
}
