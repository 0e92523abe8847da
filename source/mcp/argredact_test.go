package mcp

import (
	"strings"
	"testing"
)

func TestShownArgsHideKeysOnly(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		// What a server's command line usually holds stays readable.
		{[]string{"-y", "@modelcontextprotocol/server-filesystem", "/home/me/projects2024"}, "-y @modelcontextprotocol/server-filesystem /home/me/projects2024"},
		{[]string{"--port", "8080", "--log-level=debug", "mcp-server-fetch"}, "--port 8080 --log-level=debug mcp-server-fetch"},
		{[]string{"run", "--rm", "-i", "ghcr.io/github/github-mcp-server:v0.2.1"}, "run --rm -i ghcr.io/github/github-mcp-server:v0.2.1"},
		// Keys: a flag's value, a flag=value, NAME=value, a bare token.
		{[]string{"--api-key", "abc"}, "--api-key …"},
		{[]string{"--token=s3cr3t", "--auth", "--verbose"}, "--token=… --auth --verbose"},
		{[]string{"-e", "GITHUB_PERSONAL_ACCESS_TOKEN=ghp_abcdefghij0123456789"}, "-e GITHUB_PERSONAL_ACCESS_TOKEN=…"},
		{[]string{"--header", "x=sk-live-0123456789abcdefghij"}, "--header x=…"},
		{[]string{"xoxb-1234567890-0987654321-AbCdEfGhIjKl"}, "…"},
		{[]string{"--password", "--x"}, "--password --x"},
	} {
		s := &ServerSpec{Command: "cmd", Args: c.args}
		if got := strings.TrimPrefix(s.target(), "cmd "); got != c.want {
			t.Errorf("target of %q = %q, want %q", c.args, got, c.want)
		}
	}
}
