package importer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolplane/toolplane/config"
)

// convertAll reads each fixture file and converts every enabled server.
func convertAll(t *testing.T, files []string, cwd string) ([]*Plan, []string) {
	t.Helper()
	c := NewConverter(ConvertOptions{})
	var plans []*Plan
	var errs []string
	for _, f := range files {
		servers, err := ReadFile(filepath.Join("testdata", f), cwd)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, s := range servers {
			if s.Disabled {
				errs = append(errs, "disabled "+s.Name)
				continue
			}
			p, err := c.Convert(s)
			if err != nil {
				errs = append(errs, err.Error())
				continue
			}
			plans = append(plans, p)
		}
	}
	return plans, errs
}

func TestConvertFixtures(t *testing.T) {
	t.Parallel()
	plans, errs := convertAll(t, []string{
		"home/.claude.json", "project/.mcp.json", "home/.config/Claude/claude_desktop_config.json",
		"home/.codex/config.toml", "home/.cursor/mcp.json",
	}, "/work/project")

	got := Render(plans)
	want := `[mcp.servers.github]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-github"]
env = { GITHUB_PERSONAL_ACCESS_TOKEN = "env://GITHUB_PERSONAL_ACCESS_TOKEN", LOG_LEVEL = "debug" }

[mcp.servers.linear]
url = "https://mcp.linear.app/mcp"
headers = { Authorization = "env://TOOLPLANE_MCP_LINEAR_AUTHORIZATION", X-Client = "env://TOOLPLANE_MCP_LINEAR_X_CLIENT" }

[mcp.servers.local-db]
command = "./bin/db-mcp"
args = ["--ro"]
cwd = "/work/project"

[mcp.servers.github]
command = "gh-mcp"

[mcp.servers.search]
url = "https://search.example/sse"
transport = "sse"
headers = { Authorization = "env://TOOLPLANE_MCP_SEARCH_AUTHORIZATION", X-Api-Key = "env://TOOLPLANE_MCP_SEARCH_X_API_KEY" }

[mcp.servers.filesystem]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"]

[mcp.servers.docs]
command = "docs-server"
args = ["--port", "4000"]
env = { API_KEY = "env://API_KEY", HOME_DIR = "env://DOCS_HOME_DIR", MODE = "fast" }
timeout = "45s"

[mcp.servers.docs.tools.delete_page]
disabled = true

[mcp.servers.talaria]
url = "https://api.talaria.example/mcp"
auth = "env://TOOLPLANE_MCP_TALARIA_TOKEN"
headers = { X-Org = "env://TOOLPLANE_MCP_TALARIA_X_ORG" }

[mcp.servers.notion]
url = "https://mcp.notion.example/mcp"
headers = { Authorization = "env://TOOLPLANE_MCP_NOTION_AUTHORIZATION" }
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rendered tables (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{
		"disabled off",
		"server broken in testdata/home/.cursor/mcp.json has neither a command nor a url",
	}, errs); diff != "" {
		t.Errorf("skipped (-want +got):\n%s", diff)
	}

	// No literal secret of the fixtures reaches the output.
	for _, secret := range []string{"ghp_FAKE", "lin_api_FAKE", "abcDEF123456"} {
		if strings.Contains(got, secret) {
			t.Errorf("output contains the literal %s", secret)
		}
	}

	byName := map[string]*Plan{}
	var env []string
	for _, p := range plans {
		if byName[p.Name] == nil {
			byName[p.Name] = p
		}
		for _, e := range p.Env {
			env = append(env, e.Name+" for "+e.For)
		}
	}
	if diff := cmp.Diff([]string{
		"GITHUB_PERSONAL_ACCESS_TOKEN for [mcp.servers.github] env.GITHUB_PERSONAL_ACCESS_TOKEN",
		"TOOLPLANE_MCP_LINEAR_AUTHORIZATION for [mcp.servers.linear] headers.Authorization",
		"TOOLPLANE_MCP_LINEAR_X_CLIENT for [mcp.servers.linear] headers.X-Client",
		"TOOLPLANE_MCP_SEARCH_AUTHORIZATION for [mcp.servers.search] headers.Authorization",
		"TOOLPLANE_MCP_SEARCH_X_API_KEY for [mcp.servers.search] headers.X-Api-Key",
		"API_KEY for [mcp.servers.docs] env.API_KEY",
		"DOCS_HOME_DIR for [mcp.servers.docs] env.HOME_DIR",
		"TOOLPLANE_MCP_TALARIA_X_ORG for [mcp.servers.talaria] headers.X-Org",
		"TOOLPLANE_MCP_TALARIA_TOKEN for [mcp.servers.talaria] auth",
		"TOOLPLANE_MCP_NOTION_AUTHORIZATION for [mcp.servers.notion] headers.Authorization",
	}, env); diff != "" {
		t.Errorf("variables to set (-want +got):\n%s", diff)
	}
	if e := byName["talaria"].Env; !strings.Contains(e[1].Hint, `the token in $TALARIA_TOKEN`) {
		t.Errorf("talaria hint: %+v", e)
	}
	if e := byName["search"].Env; !strings.Contains(e[0].Hint, `"Bearer $SEARCH_TOKEN"`) {
		t.Errorf("search hint: %+v", e)
	}
	if n := byName["local-db"].Rewrites; len(n) != 1 || !strings.Contains(n[0], `renamed "local.db" to "local-db"`) {
		t.Errorf("local.db rewrites: %q", n)
	}

	// Every plan, appended to a config, decodes strictly.
	var unique []*Plan
	seen := map[string]bool{}
	for _, p := range plans {
		if !seen[p.Name] {
			seen[p.Name] = true
			unique = append(unique, p)
		}
	}
	if _, err := (&config.Loader{}).Parse("imported.toml", []byte(Render(unique))); err != nil {
		t.Fatalf("the imported tables do not validate: %v", err)
	}
}

func TestLooksSecret(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		key, value string
		want       bool
	}{
		{"GITHUB_TOKEN", "x", true},
		{"X-Api-Key", "abc", true},
		{"Authorization", "anything", true},
		{"PATH", "/usr/bin:/bin", false},
		{"LOG_LEVEL", "debug", false},
		{"HOME", "/Users/me", false},
		{"ENDPOINT", "https://api.example/v1/abc123def456ghi789", false},
		{"OPENAI", "sk-abc", true},
		{"SOMETHING", "a1b2c3d4e5f6g7h8i9j0k1", true},
		{"NAME", "a-readable-value-without-digits", false},
		{"EMPTY_TOKEN", "", false},
	} {
		if got := LooksSecret(tc.key, tc.value); got != tc.want {
			t.Errorf("LooksSecret(%q, %q) = %v, want %v", tc.key, tc.value, got, tc.want)
		}
	}
}

func TestReadAgentLocations(t *testing.T) {
	t.Parallel()
	home, err := filepath.Abs("testdata/home")
	if err != nil {
		t.Fatal(err)
	}
	servers, read, err := ReadAgent(AgentCursor, home, t.TempDir())
	if err != nil || len(read) != 1 || len(servers) != 2 || servers[1].Name != "notion" {
		t.Fatalf("cursor: %v %v %v", servers, read, err)
	}
	if _, _, err := ReadAgent("vscode", home, home); err == nil || !strings.Contains(err.Error(), "claude, claude-desktop, codex, cursor") {
		t.Fatalf("unknown agent: %v", err)
	}
	bad := filepath.Join(t.TempDir(), "config.toml")
	os.WriteFile(bad, []byte("[mcp_servers.x]\ncommand = 1\n"), 0o600)
	if _, err := ReadFile(bad, ""); err == nil || !strings.Contains(err.Error(), bad+":2:") {
		t.Fatalf("bad toml: %v", err)
	}
}
