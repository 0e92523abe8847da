// Command server serves the notes package's generated tools to agents, in
// code mode (execute_code) and as plain MCP tools, over stdio:
//
//	go generate ./example/...          # regenerate example/tools after editing notes
//	go run ./example/server            # an MCP server on stdio
//	claude mcp add notes -- go run github.com/toolplane/toolplane/example/server
//
// It is the whole embedding: a Runtime, the generated RegisterAll with the
// host's bindings, and the MCP facade.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/example/notes"
	"github.com/toolplane/toolplane/example/tools"
	"github.com/toolplane/toolplane/server"
	"github.com/toolplane/toolplane/server/rtengine"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "notes server:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rt, err := toolplane.New()
	if err != nil {
		return err
	}
	defer rt.Stop()
	// The store is the host's: bound into the tools, never passed by callers.
	if err := tools.RegisterAll(rt, tools.Bindings{Store: notes.NewStore(time.Now)}); err != nil {
		return err
	}
	srv, err := server.New(server.Options{
		Engine:          rtengine.New(rt),
		Name:            "notes",
		DirectTools:     true, // code mode and plain tool calling from one server
		SessionsEnabled: true,
		ResultsEnabled:  true,
	})
	if err != nil {
		return err
	}
	return srv.ServeStdio(ctx)
}
