// Command hostilemcp runs toolplane's hostile upstream MCP server (package
// hostilemcp) for the end-to-end attack suite.
package main

import (
	"os"

	"github.com/toolplane/toolplane/internal/hostilemcp"
)

func main() {
	os.Exit(hostilemcp.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
