// Command testmcp runs toolplane's MCP test server (package testmcp) as a
// standalone binary, for tests that build it instead of re-executing
// themselves.
package main

import (
	"os"

	"github.com/toolplane/toolplane/internal/testmcp"
)

func main() {
	os.Exit(testmcp.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
